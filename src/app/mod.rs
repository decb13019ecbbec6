//! Application state: the documents of every kind, the history of edits, and
//! `apply`, the one place where documents change, get recorded for undo and
//! saved. The rules are computed in `crate::rules`; the app records, saves
//! and shows. It knows no view type.

pub mod actions;
mod apply;
mod arrivals;
pub mod command;
pub mod dialogs;
mod examples;
mod folder;
pub mod merging;
pub mod preview;
mod printing;
pub mod simulation;
pub mod stamp;
mod watcher;
mod writer;

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
use crate::store::{Kinds, Store, Unreadable};

/// Preferences kept in eframe's storage (not in the documents).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// The interface language.
    pub lang: Lang,
    /// The zoom of the interface (1: as designed).
    pub zoom: f32,
    /// Dark, light, or the system's (preferences saved before it existed
    /// read as dark, the look they had).
    pub theme: ThemeChoice,
    /// How sheets are printed.
    pub print: PrintPrefs,
    /// The log panel: open or collapsed, and its height.
    pub log: LogPrefs,
    /// This machine's name, as the campaign's journal says where each
    /// event was made (empty: the host's name).
    pub machine: String,
    /// The documents folder chosen (a group's synced folder); `None`: the
    /// platform's. `$MUSTER_DATA_DIR` overrides it.
    pub data_dir: Option<PathBuf>,
    /// Where the player was at quit: Muster opens there (the library when
    /// its document is gone).
    pub place: Option<Place>,
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            lang: Lang::default(),
            zoom: 1.0,
            theme: ThemeChoice::default(),
            print: PrintPrefs::default(),
            log: LogPrefs::default(),
            machine: String::new(),
            data_dir: None,
            place: None,
        }
    }
}

/// The theme the player chose: one of the two, or the system's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// The dark theme (Muster's first look).
    #[default]
    Dark,
    /// The light theme.
    Light,
    /// The system's, light or dark, following it when it changes.
    System,
}

impl ThemeChoice {
    /// Every choice, in the order the menu lists them.
    pub const ALL: [Self; 3] = [Self::Dark, Self::Light, Self::System];

    /// The message key of its name.
    pub fn label(self) -> &'static str {
        match self {
            Self::Dark => "theme.dark",
            Self::Light => "theme.light",
            Self::System => "theme.system",
        }
    }

    /// egui's preference for it (eframe tells egui the system's theme).
    pub fn preference(self) -> egui::ThemePreference {
        match self {
            Self::Dark => egui::ThemePreference::Dark,
            Self::Light => egui::ThemePreference::Light,
            Self::System => egui::ThemePreference::System,
        }
    }
}

/// Where the documents folder in use comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataDirOrigin {
    /// `$MUSTER_DATA_DIR` names it (and overrides any folder chosen).
    Env,
    /// Chosen in File › Documents folder….
    Chosen,
    /// The platform's folder.
    Default,
}

/// The log panel at the window's foot: open, or collapsed to one line, and
/// its height when open (the player drags its edge).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LogPrefs {
    /// Shown whole; collapsed, it is one line with its last message.
    pub open: bool,
    /// Its height when open, in points.
    pub height: f32,
}

impl Default for LogPrefs {
    fn default() -> Self {
        Self {
            open: true,
            height: 120.0,
        }
    }
}

/// The heights the log panel may take, in points.
pub const LOG_HEIGHTS: std::ops::RangeInclusive<f32> = 48.0..=600.0;

/// How sheets are printed: the paper, the sheet's language (its own, apart
/// from the interface's) and whether the rules appendix is added.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PrintPrefs {
    /// A4 or US Letter.
    pub paper: crate::print::Paper,
    /// The sheet's language; `None` until the user picks one: the
    /// interface's.
    pub lang: Option<Lang>,
    /// Add the text of every rule the sheet names.
    pub appendix: bool,
}

impl PrintPrefs {
    /// The language sheets are written in, with the interface in `interface`.
    pub fn sheet_lang(&self, interface: Lang) -> Lang {
        self.lang.unwrap_or(interface)
    }

    /// The options of the sheet model.
    pub fn sheet_options(&self, interface: Lang) -> crate::print::SheetOptions {
        crate::print::SheetOptions {
            lang: self.sheet_lang(interface),
            appendix: self.appendix,
        }
    }
}

/// The smallest and largest zoom.
pub const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.5..=3.0;

/// The key of the preferences in eframe's storage.
pub const PREFS_KEY: &str = "muster_prefs";

/// One undoable change: each document touched, before and after (`None`:
/// absent).
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// Message key naming the edit (for the Edit menu).
    pub label: &'static str,
    /// Each document touched: key, state before, state after.
    pub docs: Vec<(DocKey, Option<Doc>, Option<Doc>)>,
    /// Who the edit was about, when it was about someone (a character, a
    /// soldier, an enemy at the table), as the document named him.
    pub subject: Option<crate::rules::core::names::Names>,
}

impl Change {
    /// The change in words, for "Undone: …" and "Redone: …": what it was,
    /// who it was about and in which document.
    pub fn words(&self) -> Msg {
        let doc = self
            .docs
            .first()
            .and_then(|(_, before, after)| after.as_ref().or(before.as_ref()))
            .map(|d| d.name().to_owned());
        match (&self.subject, doc) {
            (Some(who), Some(doc)) => Msg::new("history.words_of")
                .key("what", self.label)
                .names("who", who)
                .text("doc", doc),
            (None, Some(doc)) => Msg::new("history.words_in")
                .key("what", self.label)
                .text("doc", doc),
            (_, None) => Msg::new("history.words").key("what", self.label),
        }
    }
}

/// Undo and redo stacks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    /// Changes that can be undone, oldest first.
    pub undo: Vec<Change>,
    /// Changes that can be redone, most recently undone last.
    pub redo: Vec<Change>,
}

/// How many edits can be undone.
pub const HISTORY_LIMIT: usize = 500;

/// How many screens Back remembers.
pub const BACK_LIMIT: usize = 50;

/// Whether the documents on screen are on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveState {
    /// Everything is saved: on disk and synced.
    Saved,
    /// Edits are being written on the writer thread; "saved" comes once
    /// they are durable.
    Saving,
    /// Some edits are not on disk yet (read-only library, or no library).
    Unsaved,
    /// The last save failed; the message says why.
    Failed(Msg),
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
    /// Done, with something the user should know.
    Warning,
    /// Something failed.
    Error,
}

/// A line of the message log: a message key and its arguments, translated
/// when shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Kind of line.
    pub kind: MessageKind,
    /// The message.
    pub text: Msg,
    /// A file the line is about, offered to open (a PDF just written).
    pub open: Option<PathBuf>,
}

/// A fight rolled this session: replayable from its seed.
#[derive(Clone, Debug, PartialEq)]
pub struct BattleEntry {
    /// Who fought whom, as the player named it.
    pub title: crate::rules::Msg,
    /// The fight.
    pub fight: Fight,
    /// The seed of its dice: the same seed gives the same dice.
    pub seed: u64,
    /// Its rolls made again (KT-11), each from a seed of its own: every
    /// other die is its seed's.
    pub redrawn: Vec<crate::rules::core::dice::Redrawn>,
    /// Every die, in the order drawn, with what it was for.
    pub rolls: Vec<crate::rules::core::dice::RollFor>,
    /// The entry it rolled again, and which of its rolls (KT-11).
    pub reroll_of: Option<(usize, usize)>,
    /// What happened, every die included.
    pub result: Msg,
    /// Wounds caused (to the second unit of a round).
    pub wounds: u32,
    /// Wounds the first unit of a round took (none in any other fight).
    pub first_wounds: u32,
    /// The fighters the battle summary follows, and the wounds each took
    /// (CHR-15).
    pub combatants: Vec<crate::rules::battle::summary::Combatant>,
    /// The wounds each of `combatants` took.
    pub taken: Vec<u32>,
    /// A replay of the entry of this index: the same fight with the same
    /// seed (not counted again in the summary).
    pub replay_of: Option<usize>,
    /// Rolled again with the "reroll" stratagem (KT-11): its wounds are no
    /// longer offered to a campaign.
    pub rerolled: bool,
    /// The campaigns of its fighters whose mission was being played when
    /// it was rolled, with the mission's number: its wounds go to that
    /// mission's table only (CMP-13).
    pub played_in: std::collections::BTreeMap<String, u32>,
}

impl BattleEntry {
    /// What names this roll's dice in a campaign's events: its seed, or the
    /// seed of its last roll made again.
    pub fn id(&self) -> u64 {
        self.redrawn.last().map_or(self.seed, |r| r.seed)
    }

    /// Its dice: the same faces each time.
    pub fn dice(&self) -> crate::rules::core::dice::Dice {
        crate::rules::core::dice::Dice::new(self.seed, &self.redrawn)
    }
}

impl Model {
    /// The battle summary of this session's rolls (CHR-15); replays are
    /// not counted twice.
    pub fn battle_summary(&self) -> crate::rules::battle::summary::Summary {
        crate::rules::battle::summary::summarize(
            self.battle_log
                .iter()
                // A replay, or a roll made again, is not counted twice.
                .filter(|e| e.replay_of.is_none() && !e.rerolled)
                .map(|e| (e.combatants.as_slice(), e.taken.as_slice())),
            self.battle_outcome,
        )
    }

    /// Where the wounds of the battle log's entry go in the campaigns
    /// (CMP-13): each wounded fighter's to the campaign character he was
    /// taken as, when that one can take them now.
    ///
    /// Computed once for each state of the campaigns it names, not each
    /// frame: the answer is kept with the length and last entry of each
    /// one's journal, which every change of a campaign moves.
    pub fn roll_wounds(&self, entry: &BattleEntry) -> crate::rules::battle::summary::RollWounds {
        use crate::rules::campaign::Campaign;
        let stamp: Vec<(usize, usize)> = entry
            .combatants
            .iter()
            .filter_map(|c| c.campaign.as_ref())
            .map(|r| {
                self.get::<Campaign>(&r.doc).map_or((usize::MAX, 0), |k| {
                    let last = k.journal.last().map_or(0, |e| Arc::as_ptr(e) as usize);
                    (k.journal.len(), last)
                })
            })
            .collect();
        let key = (entry.id(), entry.replay_of.is_some());
        if let Some((at, wounds)) = self.wounds_seen.borrow().get(&key)
            && *at == stamp
        {
            return wounds.clone();
        }
        let wounds = crate::rules::battle::summary::roll_wounds(
            &entry.combatants,
            &entry.taken,
            entry.id(),
            &entry.played_in,
            |id| self.get::<Campaign>(id),
        );
        let mut seen = self.wounds_seen.borrow_mut();
        if seen.len() > WOUNDS_SEEN_MAX {
            seen.clear();
        }
        seen.insert(key, (stamp, wounds.clone()));
        wounds
    }
}

/// Who pays the "reroll" stratagem on a roll (KT-11): a campaign soldier's
/// kill team, and the event that takes its points.
#[derive(Clone, Debug, PartialEq)]
pub struct RerollPayer {
    /// The campaign.
    pub key: crate::rules::DocKey,
    /// The event that pays.
    pub edit: crate::rules::campaign::CampaignEdit,
    /// What it costs.
    pub cost: u32,
}

impl Model {
    /// Whether the entry was rolled at a campaign's table whose mission is
    /// over: history now, no longer an offer (no reroll, no wounds).
    pub fn roll_is_history(&self, entry: &BattleEntry) -> bool {
        use crate::rules::campaign::{Campaign, Phase};
        entry.played_in.iter().any(|(doc, &mission)| {
            self.get::<Campaign>(doc)
                .is_none_or(|k| k.phase != Phase::Playing || k.mission_number() != mission)
        })
    }

    /// Who pays the "reroll" stratagem on the entry's rolls (KT-11): the
    /// first of its fighters, attackers first, who is a kill-team soldier
    /// of a campaign playing its mission; `None` for a fight with none, a
    /// roll made again for nothing. `Err`: the roll's mission is over, or
    /// such a soldier's team may not pay (short of points), and why.
    pub fn reroll_payer(
        &self,
        entry: &BattleEntry,
    ) -> Result<Option<RerollPayer>, crate::rules::Problem> {
        self.reroll_payer_of(entry, None)
    }

    /// Who pays for making the entry's roll `k` again: as `reroll_payer`,
    /// but a save's side first (the target's own save is his team's to
    /// make again).
    pub fn reroll_payer_of(
        &self,
        entry: &BattleEntry,
        k: Option<usize>,
    ) -> Result<Option<RerollPayer>, crate::rules::Problem> {
        let targets_first = k
            .and_then(|k| entry.rolls.get(k))
            .is_some_and(|r| r.purpose == "battle.for.save");
        use crate::rules::campaign::Campaign;
        if self.roll_is_history(entry) {
            return Err(crate::rules::Problem::new("KT-11", "battle.reroll.history"));
        }
        let soldier = entry
            .combatants
            .iter()
            .filter(|c| c.first != targets_first)
            .chain(entry.combatants.iter().filter(|c| c.first == targets_first))
            .filter_map(|c| c.campaign.as_ref())
            .find_map(|r| {
                let k = self.get::<Campaign>(&r.doc)?;
                k.counts_actions(r.id).then_some((r, k))
            });
        let Some((r, k)) = soldier else {
            return Ok(None);
        };
        let edit = k.reroll_payment(r.id, &self.rules)?;
        Ok(Some(RerollPayer {
            key: crate::rules::DocKey::of::<Campaign>(r.doc.clone()),
            edit,
            cost: crate::rules::campaign::reroll_cost(&self.rules),
        }))
    }
}

/// How many rolls' wounds `Model::roll_wounds` keeps before it starts
/// afresh: more than a screen shows.
const WOUNDS_SEEN_MAX: usize = 256;

/// Where each roll's wounds went, as last computed: by (seed, replay), the
/// state of the campaigns it was computed at, and the answer.
type WoundsSeen = std::cell::RefCell<
    HashMap<
        (u64, bool),
        (
            Vec<(usize, usize)>,
            crate::rules::battle::summary::RollWounds,
        ),
    >,
>;

/// Everything views read. Views never change it: they record commands.
pub struct Model {
    /// Interface language.
    pub lang: Lang,
    /// The zoom of the interface.
    pub zoom: f32,
    /// The theme chosen.
    pub theme: ThemeChoice,
    /// The rules data in force (built-in plus the user's overrides).
    pub rules: RulesData,
    /// Problems with the user's rules override files.
    pub rules_problems: Vec<DataProblem>,
    /// The documents of the library, of every kind, sorted by name.
    pub docs: Vec<Doc>,
    /// What each document breaks, computed when it changes (never per
    /// frame).
    pub problems: HashMap<DocKey, Vec<Problem>>,
    /// The problems of the versions validated lately (undo and redo find
    /// theirs here), newest last.
    validated: std::collections::VecDeque<(Doc, Vec<Problem>)>,
    /// Library files that could not be read.
    pub unreadable: Vec<Unreadable>,
    /// Sync tools' conflict copies: versions of a document to merge.
    pub versions: Vec<crate::store::Version>,
    /// The events of a shared campaign held aside: another machine's
    /// event that clashes came first (each with the one kept in its place).
    pub held: std::collections::BTreeMap<DocKey, Vec<crate::rules::campaign::journals::SetAside>>,
    /// The merge of a version being looked at.
    pub merge: Option<merging::MergeView>,
    /// Documents another program changed on disk, offered for reload.
    pub disk_changes: Vec<DocKey>,
    /// Those of them whose file on disk cannot be read now, and why: no
    /// version to take, Muster's own to keep.
    pub broken_on_disk: std::collections::BTreeMap<DocKey, Msg>,
    /// The screen shown.
    pub screen: Screen,
    /// The screens shown before, the last one last: where Back goes.
    pub back: Vec<Screen>,
    /// Undo and redo.
    pub history: History,
    /// Saved, unsaved or failed.
    pub save_state: SaveState,
    /// The log, newest last.
    pub messages: Vec<Message>,
    /// The fights rolled this session, oldest first.
    pub battle_log: Vec<BattleEntry>,
    /// Who won the battle, as the player said (CHR-15).
    pub battle_outcome: Option<crate::rules::battle::summary::Winner>,
    /// The psychic powers in play at the table (PSY-8), shown with the
    /// battle log until they end.
    pub powers: crate::rules::psychic::play::Powers,
    /// The data directory, when there is a library.
    pub data_dir: Option<PathBuf>,
    /// Where the data directory comes from.
    pub data_dir_origin: DataDirOrigin,
    /// The desktop has file dialogs; without, Import asks for a path.
    pub file_dialogs: bool,
    /// The documents folder chosen in the preferences (`None`: the
    /// default).
    pub data_dir_pref: Option<PathBuf>,
    /// Why the documents folder was not changed as asked, until read.
    pub folder_problem: Option<Msg>,
    /// True when another instance holds the library.
    pub read_only: bool,
    /// Why there is no library, if there is none.
    pub store_problem: Option<Msg>,
    /// The kinds of document.
    pub kinds: Kinds,
    /// How sheets are printed.
    pub print: PrintPrefs,
    /// The log panel.
    pub log: LogPrefs,
    /// This machine's name for the journal (empty: the host's), from the
    /// preferences.
    pub machine: String,
    /// The host's name, read once when the app opens (never per edit or
    /// per frame).
    pub host: String,
    /// This installation's id: the journal it writes in each shared
    /// campaign (empty without a library).
    pub machine_id: String,
    /// The PDF being written in the background, if one is.
    pub printing: Option<PathBuf>,
    /// The last PDF written this session.
    pub last_pdf: Option<PathBuf>,
    /// The unit mode's fight to the end asked for last, and its result
    /// once its thread is done.
    pub simulation: Option<Simulation>,
    /// The print preview's typesetting asked for last, and its answer
    /// once its thread is done.
    pub preview: Option<Preview>,
    /// The last refusal of a command sent by a click, shown beside the
    /// widget clicked until the next click or screen.
    pub refusal: Option<Refusal>,
    /// Where the battle log's rolls' wounds go, as last computed (a cache
    /// of `roll_wounds`).
    wounds_seen: WoundsSeen,
}

/// A command refused, and the widget whose click sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// egui's id of the widget.
    pub origin: egui::Id,
    /// Why it was refused.
    pub text: Msg,
}

impl Model {
    /// A document by key.
    pub fn doc(&self, key: &DocKey) -> Option<&Doc> {
        self.docs
            .iter()
            .find(|d| d.kind() == key.kind && d.id() == key.id)
    }

    /// Whether `screen` can be shown: its document and character exist.
    pub fn shows(&self, screen: &Screen) -> bool {
        match screen {
            Screen::Library | Screen::Reference(_) | Screen::Battle => true,
            Screen::KillTeam(id) => self.get::<crate::rules::KillTeam>(id).is_some(),
            Screen::Campaign(id) => self.get::<crate::rules::Campaign>(id).is_some(),
            Screen::Print(key) => self.doc(key).is_some(),
            Screen::Roster(id) => self.roster(id).is_some(),
            Screen::Character(id, cid) => {
                self.roster(id).is_some_and(|r| r.character(*cid).is_some())
            }
        }
    }

    /// The screen above `screen`: a character's roster, a sheet's document,
    /// the library for the rest.
    pub fn screen_above(&self, screen: &Screen) -> Option<Screen> {
        match screen {
            Screen::Library => None,
            Screen::Roster(_)
            | Screen::KillTeam(_)
            | Screen::Campaign(_)
            | Screen::Reference(_)
            | Screen::Battle => Some(Screen::Library),
            Screen::Character(id, _) => Some(Screen::Roster(id.clone())),
            Screen::Print(key) => Some(
                self.doc(key)
                    .and_then(Screen::of)
                    .unwrap_or(Screen::Library),
            ),
        }
    }

    /// A document of kind `K` by id.
    pub fn get<K: DocVariant>(&self, id: &str) -> Option<&K> {
        self.doc(&DocKey::of::<K>(id)).and_then(Doc::get::<K>)
    }

    /// A roster by id.
    pub fn roster(&self, id: &str) -> Option<&Roster> {
        self.get::<Roster>(id)
    }

    /// Every roster, by name.
    pub fn rosters(&self) -> impl Iterator<Item = &Roster> {
        self.docs.iter().filter_map(Doc::get::<Roster>)
    }

    /// Other machines' journals of the campaign `id` that cannot be read
    /// whole (the campaign holds their events up to the line that cannot).
    pub fn unreadable_journals_of<'a>(
        &'a self,
        id: &'a str,
    ) -> impl Iterator<Item = &'a crate::store::Unreadable> {
        self.unreadable.iter().filter(move |u| {
            u.path
                .extension()
                .is_some_and(|x| x == crate::store::journaled::JOURNAL_EXT)
                && u.path
                    .parent()
                    .and_then(|d| d.file_name())
                    .is_some_and(|d| d.to_string_lossy() == id)
        })
    }

    /// What a document breaks (as of its last change).
    pub fn problems_of(&self, key: &DocKey) -> &[Problem] {
        self.problems.get(key).map_or(&[], Vec::as_slice)
    }

    /// Validates the documents `keys` again (after they changed).
    pub fn revalidate<'a>(&mut self, keys: impl IntoIterator<Item = &'a DocKey>) {
        for key in keys {
            self.revalidate_from(key, None);
        }
    }

    /// Validates the document `key` again, made from `before` by one edit
    /// when given: a version seen lately (undo, redo) keeps its problems,
    /// and one edit of a version whose problems are known lets the kind
    /// check only what the edit can have changed (a long campaign's journal
    /// is not played again at every tick).
    pub fn revalidate_from(&mut self, key: &DocKey, before: Option<&Doc>) {
        let Some(doc) = self.doc(key).cloned() else {
            self.problems.remove(key);
            return;
        };
        let known = |d: &Doc| {
            self.validated
                .iter()
                .find(|(v, _)| v.same_version(d))
                .map(|(_, p)| p.clone())
        };
        let problems = match (known(&doc), before.and_then(|b| Some((b, known(b)?)))) {
            (Some(p), _) => p,
            (None, Some((b, was))) => doc.validate_after(b, &was, &self.rules),
            (None, None) => doc.validate(&self.rules),
        };
        self.validated.push_back((doc, problems.clone()));
        if self.validated.len() > VALIDATED_KEPT {
            self.validated.pop_front();
        }
        self.problems.insert(key.clone(), problems);
    }
}

/// How many validated versions `Model::revalidate_from` keeps.
const VALIDATED_KEPT: usize = 64;

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
    /// Documents changed and not yet handed to the writer (or handed, and
    /// failed: they are handed again after the next command).
    dirty: BTreeSet<DocKey>,
    /// Documents handed to the writer and not yet reported written: the
    /// version of each last handed over (older reports are stale).
    saving: HashMap<DocKey, u64>,
    /// Documents whose last save failed, and why: the save state says so
    /// until a save of each works.
    failed: BTreeMap<DocKey, Msg>,
    commands: Vec<Command>,
    /// Why the last save failed, until one succeeds (said once in the log).
    last_failure: Option<crate::store::ReadError>,
    /// The PDF being written in the background.
    pdf_job: Option<printing::PdfJob>,
    /// Text to put on the clipboard (the shell hands it to the window).
    clipboard: Option<String>,
    /// A fight picked on a campaign's table, for the battle screen to fill
    /// its fighters in from (the shell hands it over once).
    new_fight: Option<FightSetup>,
    /// The fight to the end being simulated.
    sim_job: Option<simulation::SimJob>,
    /// Whom the simulation wakes when it is done.
    repaint: Option<egui::Context>,
    /// The print preview's typesetting thread, started with the first
    /// preview.
    typesetter: Option<preview::Typesetter>,
    /// The widget whose click sent the command being applied.
    origin: Option<egui::Id>,
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
        Self::with_kinds(data_dir, prefs, desktop, seed, Kinds::default())
    }

    /// Opens the library for `kinds` of documents.
    pub fn with_kinds(
        data_dir: Option<&Path>,
        prefs: &Prefs,
        desktop: Box<dyn Desktop>,
        seed: u64,
        kinds: Kinds,
    ) -> Result<Self, String> {
        let (data_dir, missing) = folder::start_dir(data_dir, prefs, desktop.as_ref());
        let (store, store_problem) = match data_dir.as_deref() {
            None => (None, Some(Msg::new("store.no_data_dir"))),
            Some(dir) => match Store::open_with(dir, kinds.clone()) {
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
            kinds,
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
            dirty: BTreeSet::new(),
            saving: HashMap::new(),
            failed: BTreeMap::new(),
            commands: Vec::new(),
            last_failure: None,
            pdf_job: None,
            clipboard: None,
            new_fight: None,
            sim_job: None,
            repaint: None,
            typesetter: None,
            origin: None,
        };
        app.model.file_dialogs = app.desktop.has_file_dialogs();
        app.model.data_dir_origin = DataDirOrigin::of(
            app.desktop.data_dir_override().as_ref(),
            prefs.data_dir.as_ref(),
        );
        app.reload();
        if let Some(text) = missing {
            // The folder open is not the one chosen (kept for next time).
            app.model.data_dir_origin = DataDirOrigin::Default;
            app.message(MessageKind::Warning, text);
        }
        app.say_how_the_store_opened();
        // Where the player left it, if it is still there.
        if let Some(screen) = prefs.place.as_ref().map(Place::screen)
            && app.model.shows(&screen)
        {
            app.model.screen = screen;
        }
        Ok(app)
    }

    /// What the user must know of the library just opened: a file system
    /// that cannot lock, or another Muster holding it (read-only).
    fn say_how_the_store_opened(&mut self) {
        if let Some(reason) = self.store.as_ref().and_then(|s| s.lock_warning()) {
            let text = Msg::new("store.lock_unsupported").text("reason", reason.to_owned());
            self.message(MessageKind::Error, text);
        }
        if self.model.read_only {
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
            lang: self.model.lang,
            zoom: self.model.zoom,
            theme: self.model.theme,
            print: self.model.print,
            log: self.model.log,
            machine: self.model.machine.clone(),
            data_dir: self.model.data_dir_pref.clone(),
            place: Some(Place::of(&self.model.screen)),
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
        for command in commands {
            self.apply(command);
        }
    }

    /// The fight picked on a campaign's table since the last call, if any:
    /// the battle screen fills its fighters in from it once.
    pub fn take_new_fight(&mut self) -> Option<FightSetup> {
        self.new_fight.take()
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
            if let (Some(writer), Some(ctx)) = (&self.writer, &self.repaint) {
                writer.set_repaint(ctx.clone());
            }
            if let (Some(watcher), Some(ctx)) = (&self.watcher, &self.repaint) {
                watcher.set_repaint(ctx.clone());
            }
            self.store = Some(again);
            self.model.read_only = false;
            self.message(MessageKind::Info, Msg::new("store.now_writable"));
        }
        let Some(store) = &self.store else {
            return;
        };
        // A journaled campaign is replayed by the rules in force, and the
        // journals this machine begins carry its name.
        store.use_rules(&self.model.rules);
        store.use_machine_name(&self.model.machine_by());
        self.model.machine_id = store.machine().to_string();
        let library = store.load_library();
        // What is undone must be what is on disk now: the history of the
        // documents as they were read before is dropped.
        self.model.history = History::default();
        self.model.docs = library.docs;
        self.model.unreadable = library.unreadable;
        self.model.versions = library.versions;
        self.model.held = self
            .model
            .docs
            .iter()
            .map(Doc::key)
            .map(|k| (k.clone(), store.set_aside(&k)))
            .filter(|(_, held)| !held.is_empty())
            .collect();
        self.model.merge = None;
        self.model.problems.clear();
        let keys: Vec<DocKey> = self.model.docs.iter().map(Doc::key).collect();
        self.model.revalidate(&keys);
        self.model.disk_changes.clear();
        self.model.broken_on_disk.clear();
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
            self.model.refusal = Some(Refusal {
                origin,
                text: text.clone(),
            });
        }
        self.model.messages.push(Message { kind, text, open });
        if self.model.messages.len() > 200 {
            self.model.messages.remove(0);
        }
    }

    /// True when some change is not on disk yet: not saved (no library, a
    /// failed save, a file another program changed), or still being written.
    pub fn has_unsaved(&self) -> bool {
        !self.dirty.is_empty() || !self.saving.is_empty()
    }

    /// True while the writer has edits of this app to write, none of them
    /// known to fail: closing waits for them rather than asking.
    pub fn only_saving(&self) -> bool {
        !self.saving.is_empty() && self.dirty.is_empty() && self.failed.is_empty()
    }

    /// Waits until the writer has written everything handed to it, and
    /// takes in what it reports: for tests that read the disk after an
    /// edit, and for the few commands that read the library's files
    /// (reload, taking another program's version). Never called by a frame
    /// of a tick at the table.
    pub fn flush_saves(&mut self) {
        if let Some(writer) = &self.writer
            && writer.wait_idle().is_err()
        {
            self.writer_gone();
        }
        self.poll_saves();
    }

    /// Waits at most `limit` for the writer to write what it was handed
    /// (closing gives it a moment before saying anything), and takes in
    /// what it reports; whether it is done.
    pub fn settle_saves_within(&mut self, limit: std::time::Duration) -> bool {
        if let Some(writer) = &self.writer {
            match writer.wait_idle_within(Some(limit)) {
                Ok(done) => {
                    self.poll_saves();
                    return done;
                }
                Err(writer::WriterGone) => self.writer_gone(),
            }
        }
        self.poll_saves();
        true
    }

    /// Takes in what the writer reported since the last look (without
    /// waiting); true while it still has edits of this app to write.
    pub fn poll_saves(&mut self) -> bool {
        if let Some(writer) = &self.writer {
            match writer.outcomes() {
                Ok(outcomes) => {
                    for outcome in outcomes {
                        self.take_outcome(outcome);
                    }
                }
                Err(writer::WriterGone) => self.writer_gone(),
            }
        }
        self.update_save_state();
        !self.saving.is_empty()
    }

    /// The writer thread is gone (or its lock poisoned): what it had not
    /// reported is not known to be on disk, and nothing more can be saved.
    fn writer_gone(&mut self) {
        self.writer = None;
        for (key, _) in std::mem::take(&mut self.saving) {
            self.dirty.insert(key);
        }
        let reason = Msg::new("store.writer_gone");
        let keys: Vec<DocKey> = self.dirty.iter().cloned().collect();
        for key in keys {
            self.failed.insert(key, reason.clone());
        }
        self.say_failure(
            &reason,
            crate::store::ReadError::Io {
                action: "io.write",
                message: "writer gone".to_owned(),
            },
        );
        self.update_save_state();
    }

    /// Says a save failure in the log, unless it is the one said last:
    /// saving is tried again after every command (a disk freed works at
    /// once), but the same failure (its reason, whatever temporary file it
    /// names) is not said again.
    fn say_failure(&mut self, reason: &Msg, why: crate::store::ReadError) {
        if self.last_failure.as_ref() != Some(&why) {
            self.message(
                MessageKind::Error,
                Msg::new("store.save_failed").msg("reason", reason.clone()),
            );
            self.last_failure = Some(why);
        }
    }

    /// One job's end, as the writer reported it. A report of a version
    /// that a newer one superseded is stale: the newer one's report says
    /// what is on disk.
    fn take_outcome(&mut self, outcome: writer::Outcome) {
        let writer::Outcome {
            key,
            version,
            over,
            result,
        } = outcome;
        if self.saving.get(&key) != Some(&version) {
            return;
        }
        self.saving.remove(&key);
        match result {
            Ok(()) => {
                self.failed.remove(&key);
                if self.failed.is_empty() {
                    self.last_failure = None;
                }
                if over {
                    self.model.disk_changes.retain(|k| *k != key);
                    self.model.broken_on_disk.remove(&key);
                    self.message(MessageKind::Info, Msg::new("store.kept_mine"));
                }
            }
            Err(crate::store::StoreError::ChangedOnDisk { .. }) => {
                // Not a failure: the file is left to the user to settle.
                self.dirty.insert(key.clone());
                self.note_disk_change(key);
            }
            Err(e) => {
                self.dirty.insert(key.clone());
                let reason = e.msg();
                self.failed.insert(key, reason.clone());
                if over {
                    // Asked for by a click: said each time.
                    self.last_failure = None;
                }
                self.say_failure(&reason, e.reason());
            }
        }
    }

    /// The save state from what is dirty, being written and failed.
    fn update_save_state(&mut self) {
        let store_writable = self.store.as_ref().is_some_and(|s| !s.read_only());
        self.model.save_state = if !store_writable {
            // Nothing can be saved: "saved" only while nothing changed
            // (a read-only library as read).
            if self.store.is_some() && self.dirty.is_empty() {
                SaveState::Saved
            } else {
                SaveState::Unsaved
            }
        } else if let Some(reason) = self.failed.values().next_back() {
            SaveState::Failed(reason.clone())
        } else if !self.saving.is_empty() {
            SaveState::Saving
        } else if !self.dirty.is_empty() {
            SaveState::Unsaved
        } else {
            SaveState::Saved
        };
    }

    /// Hands every document changed since the last save to the writer
    /// (without waiting for the disk). A document listed as changed by
    /// another program waits for the user to settle it: its file is not
    /// overwritten.
    fn save_dirty(&mut self) {
        self.poll_saves();
        if self.dirty.is_empty() || self.store.as_ref().is_none_or(|s| s.read_only()) {
            self.update_save_state();
            return;
        }
        for key in std::mem::take(&mut self.dirty) {
            let waits_for_user =
                self.model.disk_changes.contains(&key) && !self.saving.contains_key(&key);
            if waits_for_user {
                self.dirty.insert(key);
                continue;
            }
            let doc = self.model.doc(&key).cloned();
            self.submit(key, doc, false);
        }
        self.update_save_state();
    }

    /// Hands one document's state (`None`: deleted) to the writer; `over`:
    /// over a file another program changed.
    fn submit(&mut self, key: DocKey, doc: Option<Doc>, over: bool) {
        let handed = match &mut self.writer {
            Some(writer) => writer.submit(key.clone(), writer::Job { doc, over }),
            None => Err(writer::WriterGone),
        };
        match handed {
            Ok(version) => {
                self.saving.insert(key, version);
            }
            Err(writer::WriterGone) => {
                self.dirty.insert(key);
                self.writer_gone();
            }
        }
    }

    /// Another program changed `key`'s file: said once, and offered for
    /// reload; a file that cannot be read says so and why, in words.
    fn note_disk_change(&mut self, key: DocKey) {
        if !self.model.disk_changes.contains(&key) {
            let name = self
                .model
                .doc(&key)
                .map_or_else(|| key.id.clone(), |d| d.name().to_owned());
            let readable = self.store.as_ref().map_or(Ok(()), |store| {
                let path = store.path(&key);
                match path.exists() {
                    true => store.read_file(&path).map(drop),
                    false => Ok(()),
                }
            });
            let text = match readable {
                Ok(()) => Msg::new("store.changed_on_disk").text("name", name),
                Err(e) => {
                    self.model.broken_on_disk.insert(key.clone(), e.msg());
                    Msg::new("store.changed_broken")
                        .text("name", name)
                        .msg("reason", e.msg())
                }
            };
            self.message(MessageKind::Error, text);
            self.model.disk_changes.push(key);
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

impl Model {
    /// This machine's name as its events carry it: the one chosen, else
    /// the host's.
    pub fn machine_by(&self) -> String {
        match self.machine.trim() {
            "" => self.host.clone(),
            name => name.to_owned(),
        }
    }

    /// The model of an app just opened: its preferences, the rules data in
    /// force and its problems, and the library (if one could be opened).
    fn opened(
        prefs: &Prefs,
        (rules, rules_problems): (RulesData, Vec<DataProblem>),
        store: Option<&Store>,
        store_problem: Option<Msg>,
        kinds: Kinds,
    ) -> Self {
        let read_only = store.is_some_and(Store::read_only);
        Self {
            lang: prefs.lang,
            zoom: prefs.zoom.clamp(*ZOOM_RANGE.start(), *ZOOM_RANGE.end()),
            theme: prefs.theme,
            rules,
            rules_problems,
            docs: Vec::new(),
            problems: HashMap::new(),
            validated: std::collections::VecDeque::new(),
            unreadable: Vec::new(),
            broken_on_disk: std::collections::BTreeMap::new(),
            versions: Vec::new(),
            held: std::collections::BTreeMap::new(),
            merge: None,
            disk_changes: Vec::new(),
            screen: Screen::Library,
            back: Vec::new(),
            history: History::default(),
            save_state: if store.is_some() {
                SaveState::Saved
            } else {
                SaveState::Unsaved
            },
            messages: Vec::new(),
            battle_log: Vec::new(),
            battle_outcome: None,
            powers: crate::rules::psychic::play::Powers::new(),
            data_dir: store.map(|s| s.dir().to_path_buf()),
            data_dir_origin: DataDirOrigin::of(None, prefs.data_dir.as_ref()),
            file_dialogs: true,
            data_dir_pref: prefs.data_dir.clone(),
            folder_problem: None,
            read_only,
            store_problem,
            kinds,
            print: prefs.print,
            log: prefs.log,
            machine: prefs.machine.clone(),
            host: stamp::machine_name(""),
            machine_id: store.map(|s| s.machine().to_string()).unwrap_or_default(),
            printing: None,
            last_pdf: None,
            simulation: None,
            preview: None,
            wounds_seen: WoundsSeen::default(),
            refusal: None,
        }
    }
}
