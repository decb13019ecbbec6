pub mod actions;
mod apply;
mod arrivals;
mod choices;
pub mod chronicle;
pub mod command;
pub mod dialogs;
mod examples;
mod folder;
mod latest;
pub mod merging;
pub mod preview;
mod printing;
pub mod simulation;
pub mod stamp;
mod watcher;
mod writer;

mod battle;
mod documents;
mod feedback;
mod hand_fights;
mod history;
mod jobs;
mod keeper;
mod kept_battle;
mod model;
mod prefs;
mod saves;

pub use battle::{BattleEntry, BattleSession, RerollPayer, TableFight};
pub use choices::{Foresight, Outlook};
pub use documents::{ARRIVAL_SHOWN, Arrival, Documents};
pub use feedback::{Feedback, Message, MessageKind, Refusal, SaveState};
pub use folder::Folder;
pub use hand_fights::{
    BattleMode, HandBack, HandCloseCombat, HandFights, HandFlyer, HandGroup, HandPsychic,
    HandRobot, HandRtShot, HandShot, HandSides, HandUnit, HandUnits,
};
pub use history::{BACK_LIMIT, Change, HISTORY_LIMIT, History};
pub use jobs::Jobs;
pub use model::Model;
pub use prefs::{
    DataDirOrigin, LOG_HEIGHTS, LogPrefs, PREFS_KEY, Prefs, PrintPrefs, ThemeChoice, ZOOM_RANGE,
};

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use crate::rules::battle::Fight;
pub use actions::{ACTIONS, Action, ActionSpec, Menu};
pub use command::{Command, FightMode, FightSetup, Place, PowerAct, Screen};
pub use dialogs::{Desktop, NativeDesktop, ScriptedDesktop};
pub use examples::Example;
pub use preview::{Preview, PreviewRequest};
pub use printing::{free_path, pdf_file_name};
pub use simulation::{SimRequest, Simulation};

use crate::i18n::Lang;
use crate::rules::core::dice::{self, DiceRng};
use crate::rules::data::DataProblem;
use crate::rules::{Doc, DocKey, DocVariant, Msg, Problem, Roster, RulesData};
use crate::store::{Kinds, LockDir, Store, Unreadable};

/// The application.
pub struct App {
    /// What views read.
    pub model: Model,
    store: Option<Arc<Store>>,
    /// The thread that writes the documents (a writable library only).
    writer: Option<writer::Writer>,
    /// The thread that notices other machines' journals growing.
    watcher: Option<watcher::Watcher>,
    rng: DiceRng,
    /// Draws the ids of the campaign events recorded (apart from the dice,
    /// whose rolls it never changes).
    ids: DiceRng,
    desktop: Box<dyn Desktop>,
    /// The documents to save, being saved, and whose save failed.
    saves: saves::Saves,
    /// The background jobs: the PDF, the simulation, the preview.
    workers: jobs::Workers,
    commands: Vec<Command>,
    /// Text to put on the clipboard (the shell hands it to the window).
    clipboard: Option<String>,
    /// A fight picked on a campaign's table, for the battle screen to fill
    /// its fighters in from (the shell hands it over once).
    new_fight: Option<FightSetup>,
    /// The widget whose click sent the command being applied.
    origin: Option<egui::Id>,
    /// The undo history kept beside the preferences.
    keeper: Option<keeper::Keeper>,
    /// The battle screen's session kept beside the preferences.
    battle_keeper: Option<kept_battle::BattleKeeper>,
}

impl App {
    /// Opens the library in `data_dir` (or runs without one if `None` or if
    /// it cannot be opened, saying why), with the kinds Muster ships.
    pub fn new(
        data_dir: Option<&Path>,
        prefs: &Prefs,
        desktop: Box<dyn Desktop>,
        seed: u64,
    ) -> Result<Self, String> {
        let (data_dir, missing) = folder::start_dir(data_dir, prefs, desktop.as_ref());
        let (store, store_problem) = match data_dir.as_deref() {
            None => (None, Some(Msg::new("store.no_data_dir"))),
            Some(dir) => match Store::open_on(dir, LockDir::Machine, desktop.medium()) {
                Ok(store) => (
                    Some(Arc::new(store.with_machine(desktop.machine_id()))),
                    None,
                ),
                Err(e) => (None, Some(e.msg())),
            },
        };
        let lang = prefs.lang;
        let rules_dir = store.as_ref().map(|s| s.rules_dir());
        // Fails only if the built-in data itself is broken, which a test forbids.
        let (rules, rules_problems) =
            crate::store::load_rules(rules_dir.as_deref()).map_err(|p| lang.data_problem(&p))?;
        let model = Model::opened(
            prefs,
            (rules, rules_problems),
            store.as_deref(),
            store_problem,
        );
        let writer = store.as_ref().and_then(writer_for);
        let watcher = store
            .as_ref()
            .and_then(|s| watcher::Watcher::start(Arc::clone(s)));
        let mut app = Self {
            model,
            store,
            writer,
            watcher,
            rng: dice::seeded(seed),
            // Event ids never repeat across processes, whatever the dice's
            // seed: two Musters on one journal would take one for another.
            ids: dice::seeded(seed ^ crate::store::machine::fresh_u64()),
            desktop,
            saves: saves::Saves::default(),
            workers: jobs::Workers::default(),
            commands: Vec::new(),
            clipboard: None,
            new_fight: None,
            origin: None,
            keeper: None,
            battle_keeper: None,
        };
        app.model.folder.file_dialogs = app.desktop.has_file_dialogs();
        app.model.folder.origin = DataDirOrigin::of(
            app.desktop.data_dir_override().as_ref(),
            prefs.data_dir.as_ref(),
        );
        app.reload();
        if let Some(text) = missing {
            // The folder open is not the one chosen (kept for next time).
            app.model.folder.origin = DataDirOrigin::Default;
            app.message(MessageKind::Warning, text);
        }
        app.say_how_the_store_opened();
        app.start_keeping_history();
        app.start_keeping_battle();
        // Where the player left it, if it is still there, and the way
        // back from it through the screens still there.
        if let Some(screen) = prefs.place.as_ref().map(Place::screen)
            && app.model.shows(&screen)
        {
            app.model.back = trail(&app.model, &prefs.trail, &screen);
            app.model.screen = screen;
        }
        Ok(app)
    }

    /// What the user must know of the library just opened: a file system
    /// that cannot lock, or another Muster holding it (read-only).
    fn say_how_the_store_opened(&mut self) {
        if let Some(reason) = self.store.as_ref().and_then(|s| s.lock_warning()) {
            let text = Msg::new("store.lock_unsupported").msg("reason", reason.msg());
            self.message(MessageKind::Error, text);
        }
        if self.model.folder.read_only {
            self.message(MessageKind::Error, Msg::new("store.read_only"));
        }
    }

    /// The store, for tests that look at the disk through it.
    pub fn store(&self) -> Option<&Store> {
        self.store.as_deref()
    }

    /// The preferences to persist.
    pub fn prefs(&self) -> Prefs {
        Prefs {
            place: Some(Place::of(&self.model.screen)),
            trail: self.model.back.iter().map(Place::of).collect(),
            ..self.model.prefs.clone()
        }
    }

    /// Records a command, to be applied at the end of the frame.
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// What a frame of the interface needs: the model to read and the queue
    /// of commands.
    pub fn parts(&mut self) -> (&Model, &mut Vec<Command>) {
        (&self.model, &mut self.commands)
    }

    /// Applies every recorded command, then saves what changed.
    pub fn apply_pending(&mut self) {
        let commands = std::mem::take(&mut self.commands);
        let any = !commands.is_empty();
        for command in commands {
            self.apply(command);
        }
        self.keep_history();
        if any {
            self.keep_battle();
        }
    }

    /// The fight picked on a campaign's table since the last call, if any:
    /// the battle screen fills its fighters in from it once.
    pub fn take_new_fight(&mut self) -> Option<FightSetup> {
        self.new_fight.take()
    }

    /// The fights set up by hand kept from before a restart (or of the
    /// folder just opened), once: the battle screen fills them in.
    pub fn take_kept_hand(&mut self) -> Option<HandFights> {
        self.model.battle.take_hand_to_fill()
    }

    /// Reads the library again from disk.
    fn reload(&mut self) {
        // A read-only library becomes writable once the other Muster is gone.
        if let Some(store) = &self.store
            && store.read_only()
            && let Ok(again) = store.reopen()
            && !again.read_only()
        {
            let again = Arc::new(again);
            self.writer = writer_for(&again);
            self.watcher = watcher::Watcher::start(Arc::clone(&again));
            if let (Some(writer), Some(ctx)) = (&self.writer, &self.workers.repaint) {
                writer.set_repaint(ctx.clone());
            }
            if let (Some(watcher), Some(ctx)) = (&self.watcher, &self.workers.repaint) {
                watcher.set_repaint(ctx.clone());
            }
            self.store = Some(again);
            self.model.folder.read_only = false;
            self.message(MessageKind::Info, Msg::new("store.now_writable"));
        }
        let Some(store) = &self.store else {
            return;
        };
        // A journaled campaign is replayed by the rules in force, and the
        // journals this machine begins carry its name.
        store.journals().replay_rules().set(&self.model.rules);
        store
            .journals()
            .identity()
            .set_name(&self.model.machine_by());
        self.model.folder.machine_id = Some(store.journals().identity().id());
        let library = store.load_library();
        // What is undone must be what is on disk now: the history of the
        // documents as they were read before is dropped.
        self.model.history = History::default();
        self.model.library.docs = library.docs;
        self.model.library.unreadable = library.unreadable;
        self.model.library.versions = library.versions;
        self.model.library.held = self
            .model
            .library
            .docs
            .iter()
            .map(Doc::key)
            .map(|k| {
                let doc = self.model.library.doc(&k);
                let held = arrivals::held_in(store, &k, doc, &self.model.rules);
                (k, held)
            })
            .filter(|(_, held)| !held.is_empty())
            .collect();
        let library = &self.model.library;
        self.model.library.outlooks = (library.held.iter())
            .filter_map(|(k, held)| {
                let c = library.get::<crate::rules::Campaign>(&k.id)?;
                Some((
                    k.clone(),
                    choices::foresee(store, c, held, &self.model.rules),
                ))
            })
            .collect();
        self.model.library.merge = None;
        self.model.library.problems.clear();
        let keys: Vec<DocKey> = self.model.library.docs.iter().map(Doc::key).collect();
        self.model.revalidate(&keys);
        self.model.library.disk_changes.clear();
        self.model.library.broken_on_disk.clear();
        // A sync tool's copy that merges with no conflict is merged now.
        self.merge_clean_versions();
    }

    fn message(&mut self, kind: MessageKind, text: Msg) {
        self.message_about(kind, text, None);
    }

    /// A line of the log about a file, offered to open.
    fn message_about(&mut self, kind: MessageKind, text: Msg, open: Option<PathBuf>) {
        if kind == MessageKind::Refused
            && let Some(origin) = self.origin
        {
            self.model.feedback.refusal = Some(Refusal {
                origin,
                text: text.clone(),
            });
        }
        self.model
            .feedback
            .messages
            .push(Message { kind, text, open });
        if self.model.feedback.messages.len() > 200 {
            self.model.feedback.messages.remove(0);
        }
    }
}

/// The writer of a writable store (none for a read-only one). A thread
/// that cannot start leaves none: saves then fail, said in the log.
fn writer_for(store: &Arc<Store>) -> Option<writer::Writer> {
    if store.read_only() {
        return None;
    }
    match writer::Writer::spawn(Arc::clone(store)) {
        Ok(writer) => Some(writer),
        Err(e) => {
            log::error!("could not start the writer thread: {e}");
            None
        }
    }
}

/// The way back kept in the preferences, as screens: those still there,
/// none twice in a row nor the screen shown itself, at most `BACK_LIMIT`.
fn trail(model: &Model, places: &[Place], shown: &Screen) -> Vec<Screen> {
    let mut back: Vec<Screen> = Vec::new();
    for screen in places.iter().map(Place::screen) {
        if model.shows(&screen) && screen != *shown && back.last() != Some(&screen) {
            back.push(screen);
        }
    }
    let extra = back.len().saturating_sub(BACK_LIMIT);
    back.drain(..extra);
    back
}

impl Drop for App {
    /// The undo history as it is at quit is kept.
    fn drop(&mut self) {
        self.settle_kept_history();
    }
}
