//! The model the views read: the documents and what the app knows of
//! them, the screen, the battle session, the jobs, the messages.

use super::*;

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
pub(super) const WOUNDS_SEEN_MAX: usize = 256;

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
    pub(super) validated: std::collections::VecDeque<(Doc, Vec<Problem>)>,
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
    pub(super) wounds_seen: WoundsSeen,
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
pub(super) const VALIDATED_KEPT: usize = 64;

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
    pub(super) fn opened(
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
