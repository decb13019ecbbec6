//! Application state: the documents, the history of edits, and `apply`,
//! the one place where documents change, get recorded for undo and saved.

mod apply;
pub mod command;
pub mod dialogs;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use command::{CharacterEdit, Command, NewCharacter, Screen};
pub use dialogs::{Desktop, NativeDesktop, ScriptedDesktop};

use crate::i18n::Lang;
use crate::rules::data::DataProblem;
use crate::rules::dice::{self, DiceRng};
use crate::rules::{Roster, RulesData};
use crate::store::{Store, Unreadable};

/// Preferences kept in eframe's storage (not in the documents).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// The interface language.
    pub lang: Lang,
}

/// The key of the preferences in eframe's storage.
pub const PREFS_KEY: &str = "muster_prefs";

/// One undoable change: the rosters before and after (`None`: absent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Message key naming the edit (for the Edit menu).
    pub label: &'static str,
    /// Each roster touched: id, state before, state after.
    pub rosters: Vec<(String, Option<Roster>, Option<Roster>)>,
}

/// Undo and redo stacks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// Changes that can be undone, oldest first.
    pub undo: Vec<Change>,
    /// Changes that can be redone, most recently undone last.
    pub redo: Vec<Change>,
}

/// How many edits can be undone.
pub const HISTORY_LIMIT: usize = 500;

/// Whether the documents on screen are on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveState {
    /// Everything is saved.
    Saved,
    /// Some edits are not on disk yet (read-only library, or no library).
    Unsaved,
    /// The last save failed; the message says why.
    Failed(String),
}

/// What kind of line the message log shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// Something done.
    Info,
    /// Dice rolled.
    Dice,
    /// An edit refused by a rule.
    Refused,
    /// Something failed.
    Error,
}

/// A line of the message log, already translated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Kind of line.
    pub kind: MessageKind,
    /// The text.
    pub text: String,
}

/// Everything views read. Views never change it: they record commands.
pub struct Model {
    /// Interface language.
    pub lang: Lang,
    /// The rules data in force (built-in plus the user's overrides).
    pub rules: RulesData,
    /// Problems with the user's rules override files.
    pub rules_problems: Vec<DataProblem>,
    /// The rosters of the library, sorted by name.
    pub rosters: Vec<Roster>,
    /// Library files that could not be read.
    pub unreadable: Vec<Unreadable>,
    /// The screen shown.
    pub screen: Screen,
    /// Undo and redo.
    pub history: History,
    /// Saved, unsaved or failed.
    pub save_state: SaveState,
    /// The log, newest last.
    pub messages: Vec<Message>,
    /// The data directory, when there is a library.
    pub data_dir: Option<PathBuf>,
    /// True when another instance holds the library.
    pub read_only: bool,
    /// Why there is no library, if there is none.
    pub store_problem: Option<String>,
}

impl Model {
    /// A roster by id.
    pub fn roster(&self, id: &str) -> Option<&Roster> {
        self.rosters.iter().find(|r| r.id == id)
    }
}

/// The application.
pub struct App {
    /// What views read.
    pub model: Model,
    /// Per-view state of the interface (text being typed, filters …).
    pub views: crate::ui::ViewState,
    store: Option<Store>,
    rng: DiceRng,
    desktop: Box<dyn Desktop>,
    dirty: BTreeSet<String>,
    commands: Vec<Command>,
}

impl App {
    /// Opens the library in `data_dir` (or runs without one if `None` or if
    /// it cannot be opened, saying why).
    pub fn new(
        data_dir: Option<&Path>,
        prefs: &Prefs,
        desktop: Box<dyn Desktop>,
        seed: u64,
    ) -> Result<Self, String> {
        let (store, store_problem) = match data_dir {
            None => (None, Some(prefs.lang.t("store.no_data_dir").to_owned())),
            Some(dir) => match Store::open(dir) {
                Ok(store) => (Some(store), None),
                Err(e) => (None, Some(prefs.lang.store_error(&e))),
            },
        };
        let lang = prefs.lang;
        let rules_dir = store.as_ref().map(Store::rules_dir);
        // Fails only if the built-in data itself is broken, which a test forbids.
        let (rules, rules_problems) =
            crate::store::load_rules(rules_dir.as_deref()).map_err(|p| lang.data_problem(&p))?;
        let read_only = store.as_ref().is_some_and(Store::read_only);
        let model = Model {
            lang,
            rules,
            rules_problems,
            rosters: Vec::new(),
            unreadable: Vec::new(),
            screen: Screen::Library,
            history: History::default(),
            save_state: if store.is_some() {
                SaveState::Saved
            } else {
                SaveState::Unsaved
            },
            messages: Vec::new(),
            data_dir: store.as_ref().map(|s| s.dir().to_path_buf()),
            read_only,
            store_problem,
        };
        let mut app = Self {
            model,
            views: crate::ui::ViewState::default(),
            store,
            rng: dice::seeded(seed),
            desktop,
            dirty: BTreeSet::new(),
            commands: Vec::new(),
        };
        app.reload();
        if let Some(reason) = app.store.as_ref().and_then(Store::lock_warning) {
            let text = lang.f("store.lock_unsupported", &[("reason", reason)]);
            app.message(MessageKind::Error, text);
        }
        if app.model.read_only {
            app.message(
                MessageKind::Error,
                app.model.lang.t("store.read_only").to_owned(),
            );
        }
        Ok(app)
    }

    /// The preferences to persist.
    pub fn prefs(&self) -> Prefs {
        Prefs {
            lang: self.model.lang,
        }
    }

    /// Records a command, to be applied at the end of the frame.
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// What a frame of the interface needs: the model to read, the views'
    /// own state, and the queue of commands.
    pub(crate) fn parts(&mut self) -> (&Model, &mut crate::ui::ViewState, &mut Vec<Command>) {
        (&self.model, &mut self.views, &mut self.commands)
    }

    /// Applies every recorded command, then saves what changed.
    pub fn apply_pending(&mut self) {
        let commands = std::mem::take(&mut self.commands);
        for command in commands {
            self.apply(command);
        }
    }

    /// Reads the library again from disk.
    fn reload(&mut self) {
        let Some(store) = &self.store else {
            return;
        };
        let mut library = store.load_library();
        for roster in &mut library.rosters {
            roster.renumber_duplicate_ids();
        }
        self.model.rosters = library.rosters;
        self.model.unreadable = library.unreadable;
    }

    fn message(&mut self, kind: MessageKind, text: String) {
        self.model.messages.push(Message { kind, text });
        if self.model.messages.len() > 200 {
            self.model.messages.remove(0);
        }
    }

    /// True when some change is not on disk (no library, or a failed save).
    pub fn has_unsaved(&self) -> bool {
        !self.dirty.is_empty()
    }

    /// Saves every roster changed since the last save.
    fn save_dirty(&mut self) {
        if self.dirty.is_empty() {
            return;
        }
        let Some(store) = &self.store else {
            self.model.save_state = SaveState::Unsaved;
            return;
        };
        if store.read_only() {
            self.model.save_state = SaveState::Unsaved;
            return;
        }
        let mut failure = None;
        for id in std::mem::take(&mut self.dirty) {
            let result = match self.model.roster(&id) {
                Some(roster) => store.save_roster(roster).map(|_| ()),
                None => store.delete_roster(&id),
            };
            if let Err(e) = result {
                failure = Some(self.model.lang.store_error(&e));
                self.dirty.insert(id);
            }
        }
        self.model.save_state = match failure {
            None => SaveState::Saved,
            Some(reason) => {
                let text = self
                    .model
                    .lang
                    .f("store.save_failed", &[("reason", &reason)]);
                self.message(MessageKind::Error, text.clone());
                SaveState::Failed(reason)
            }
        };
    }
}
