//! The documents folder, a preference: a group points it at the
//! folder it syncs. `$MUSTER_DATA_DIR` overrides it; without either, the
//! platform's folder. Switching saves what is open, then reads the library
//! from the new folder as the app does when it opens. A folder chosen that
//! is missing at start (a share or a drive not mounted) is not made empty:
//! the platform's folder opens instead, and the user is told.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{App, DataDirOrigin, Desktop, History, MessageKind, Prefs, Screen, writer_for};
use crate::rules::Msg;
use crate::store::{LockDir, Store};

/// The documents folder and this machine, as the app opened them.
pub struct Folder {
    /// The data directory, when there is a library.
    pub data_dir: Option<PathBuf>,
    /// Where the data directory comes from.
    pub origin: DataDirOrigin,
    /// The desktop has file dialogs; without, Import asks for a path.
    pub file_dialogs: bool,
    /// Why the documents folder was not changed as asked, until read.
    pub problem: Option<Msg>,
    /// True when another instance holds the library.
    pub read_only: bool,
    /// Why there is no library, if there is none.
    pub store_problem: Option<Msg>,
    /// The host's name, read once when the app opens (never per edit or
    /// per frame).
    pub host: String,
    /// This installation's id: the journal it writes in each shared
    /// campaign (none without a library).
    pub machine_id: Option<crate::rules::campaign::MachineId>,
}

impl DataDirOrigin {
    /// Where the folder comes from, given `$MUSTER_DATA_DIR` and the
    /// folder chosen in the preferences.
    pub fn of(env: Option<&PathBuf>, chosen: Option<&PathBuf>) -> Self {
        match (env, chosen) {
            (Some(_), _) => Self::Env,
            (None, Some(_)) => Self::Chosen,
            (None, None) => Self::Default,
        }
    }
}

/// The folder to open at start: `data_dir`, unless it is the folder chosen
/// in the preferences (not `$MUSTER_DATA_DIR`) and it is missing, a network
/// share or a drive not mounted: an empty library made in its place would
/// hide the group's documents. Then the platform's folder, and what to tell
/// the user. The preference is left as it is: the next start tries again.
pub(super) fn start_dir(
    data_dir: Option<&Path>,
    prefs: &Prefs,
    desktop: &dyn Desktop,
) -> (Option<PathBuf>, Option<Msg>) {
    let asked = data_dir.map(Path::to_path_buf);
    let Some(chosen) = prefs.data_dir.as_deref() else {
        return (asked, None);
    };
    let missing = matches!(chosen.try_exists(), Ok(false));
    if !missing || data_dir != Some(chosen) || desktop.data_dir_override().is_some() {
        return (asked, None);
    }
    let chosen_text = chosen.display().to_string();
    match desktop.default_data_dir() {
        Some(default) if default != chosen => {
            let text = Msg::new("folder.missing_at_start")
                .text("chosen", chosen_text)
                .text("path", default.display().to_string());
            (Some(default), Some(text))
        }
        _ => {
            let text = Msg::new("folder.missing_no_default").text("chosen", chosen_text);
            (None, Some(text))
        }
    }
}

impl App {
    /// Asks the desktop for a folder, and keeps the documents there.
    pub(super) fn choose_data_dir(&mut self) {
        if self.overridden() {
            return;
        }
        let title = self.model.prefs.lang.t("folder.pick_title").to_owned();
        match self.desktop.pick_folder(&title) {
            Some(path) => self.switch_data_dir(Some(path)),
            None => self.message(MessageKind::Info, Msg::new("folder.none_chosen")),
        }
    }

    /// True (and said) when `$MUSTER_DATA_DIR` names the folder: a folder
    /// chosen would not be used.
    fn overridden(&mut self) -> bool {
        match self.desktop.data_dir_override() {
            Some(env) => {
                let text = Msg::new("folder.overridden").text("path", env.display().to_string());
                self.folder_problem(text);
                true
            }
            None => false,
        }
    }

    /// Says why the folder was not changed: in the log, and in a window
    /// (the user just asked for it).
    fn folder_problem(&mut self, text: Msg) {
        self.message(MessageKind::Error, text.clone());
        self.model.folder.problem = Some(text);
    }

    /// Keeps the documents in `chosen` (`None`: the default folder) from
    /// now on. What is open is saved first; if something cannot be saved,
    /// or the new folder cannot be opened, the folder in use stays, and
    /// the user is told why.
    pub(super) fn switch_data_dir(&mut self, chosen: Option<PathBuf>) {
        self.model.folder.problem = None;
        if self.overridden() {
            return;
        }
        // A path typed in: `~` is the home folder; a path from nowhere
        // (relative to wherever Muster was started) or a file is refused.
        let chosen = chosen.map(home_expanded);
        if let Some(path) = &chosen {
            let shown = path.display().to_string();
            if !path.is_absolute() {
                self.folder_problem(Msg::new("folder.not_absolute").text("path", shown));
                return;
            }
            if path.is_file() {
                self.folder_problem(Msg::new("folder.is_a_file").text("path", shown));
                return;
            }
        }
        let Some(target) = chosen.clone().or_else(|| self.desktop.default_data_dir()) else {
            self.folder_problem(Msg::new("store.no_data_dir"));
            return;
        };
        // Everything open goes to the disk of the folder it came from.
        self.save_dirty();
        self.flush_saves();
        if self.has_unsaved() {
            self.folder_problem(Msg::new("folder.unsaved"));
            return;
        }
        let same = self.store.as_ref().is_some_and(|s| {
            match (
                std::fs::canonicalize(s.dir()),
                std::fs::canonicalize(&target),
            ) {
                (Ok(a), Ok(b)) => a == b,
                _ => false,
            }
        });
        if !same && let Err(text) = self.open_data_dir(&target) {
            self.folder_problem(text);
            return;
        }
        self.model.folder.origin = DataDirOrigin::of(None, chosen.as_ref());
        self.model.prefs.data_dir = chosen;
        let path = target.display().to_string();
        self.message(
            MessageKind::Info,
            Msg::new("folder.switched").text("path", path),
        );
    }

    /// Opens the library in `dir` in place of the one open (already
    /// saved), with its own rules overrides; the documents, their history
    /// and the screens of the old folder are left behind.
    fn open_data_dir(&mut self, dir: &std::path::Path) -> Result<(), Msg> {
        let cannot = |reason: Msg| {
            Msg::new("folder.cannot_open")
                .msg("reason", reason)
                .text("path", dir.display().to_string())
        };
        let store = Store::open_on(dir, LockDir::Machine, self.desktop.medium())
            .map_err(|e| cannot(e.msg()))?
            .with_machine(self.desktop.machine_id());
        let lang = self.model.prefs.lang;
        let (rules, rules_problems) = crate::store::load_rules(Some(&store.rules_dir()))
            .map_err(|p| cannot(Msg::new("folder.rules").text("reason", lang.data_problem(&p))))?;
        // The old writer has written everything (flushed): it ends here,
        // and the old folder's lock with the last handle on its store.
        self.writer = None;
        let store = Arc::new(store);
        self.writer = writer_for(&store);
        self.watcher = super::watcher::Watcher::start(Arc::clone(&store));
        if let (Some(writer), Some(ctx)) = (&self.writer, &self.workers.repaint) {
            writer.set_repaint(ctx.clone());
        }
        if let (Some(watcher), Some(ctx)) = (&self.watcher, &self.workers.repaint) {
            watcher.set_repaint(ctx.clone());
        }
        let model = &mut self.model;
        model.rules = rules;
        model.rules_problems = rules_problems;
        model.folder.data_dir = Some(store.dir().to_path_buf());
        model.folder.read_only = store.read_only();
        model.folder.store_problem = None;
        // Nothing of the old folder's documents applies to the new one's:
        // not their undo history, not their screens.
        model.history = History::default();
        model.screen = Screen::Library;
        model.back.clear();
        model.library.merge = None;
        model.jobs.preview = None;
        self.new_fight = None;
        model.feedback.refusal = None;
        model.library.validated.clear();
        self.saves.dirty.clear();
        self.saves.saving.clear();
        self.saves.failed.clear();
        self.saves.last_failure = None;
        self.store = Some(store);
        self.reload();
        self.say_how_the_store_opened();
        self.start_keeping_history();
        self.start_keeping_battle();
        self.update_save_state();
        Ok(())
    }
}

/// `path` with a leading `~` read as the home folder (`~/Sync/muster`).
fn home_expanded(path: PathBuf) -> PathBuf {
    let Ok(rest) = path.strip_prefix("~") else {
        return path;
    };
    match directories::BaseDirs::new() {
        Some(dirs) => dirs.home_dir().join(rest),
        None => path,
    }
}
