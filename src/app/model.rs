//! The model the views read: the preferences, the rules, the documents
//! and what the app knows of them, the folder, the screen, the history,
//! the battle session, the jobs and what the player is told.

use super::*;
use crate::rules::campaign::InForce;
use crate::rules::campaign::house;

/// Everything views read. Views never change it: they record commands.
pub struct Model {
    /// The preferences in force (the place at quit is the screen's, filled
    /// in when they are saved).
    pub prefs: Prefs,
    /// The rules data in force (built-in plus the user's overrides).
    pub rules: RulesData,
    /// Problems with the user's rules override files.
    pub rules_problems: Vec<DataProblem>,
    /// The library's documents and what the app knows of them.
    pub library: Documents,
    /// The documents folder and this machine.
    pub folder: Folder,
    /// The screen shown.
    pub screen: Screen,
    /// The screens shown before, the last one last: where Back goes.
    pub back: Vec<Screen>,
    /// Undo and redo.
    pub history: History,
    /// The fights of this session at the table.
    pub battle: BattleSession,
    /// What the background jobs gave back.
    pub jobs: Jobs,
    /// What the player is told: saved or not, the log, the last refusal.
    pub feedback: Feedback,
}

impl Model {
    /// The rules a campaign is played under: its recorded house rules, or
    /// this machine's rules data for one that recorded none (or, when it
    /// recorded rules this Muster cannot honour, which opening it says).
    pub fn rules_of(&self, c: &crate::rules::Campaign) -> InForce<'_> {
        house::rules_in_force(c, &self.rules).unwrap_or(InForce::Here(&self.rules))
    }

    /// The rules of campaign `id`, or this machine's when there is none.
    pub fn rules_of_campaign(&self, id: &str) -> InForce<'_> {
        self.get::<crate::rules::Campaign>(id)
            .map_or(InForce::Here(&self.rules), |c| self.rules_of(c))
    }

    /// The rules the views of `screen` read: a campaign's own on its screen,
    /// and on the battle screen opened from its table; this machine's
    /// elsewhere.
    pub fn rules_on(&self, screen: &Screen) -> InForce<'_> {
        let campaign = match screen {
            Screen::Campaign(id) => Some(id.as_str()),
            Screen::Battle => self.battle_campaign(),
            _ => None,
        };
        campaign.map_or(InForce::Here(&self.rules), |id| self.rules_of_campaign(id))
    }

    /// The campaign whose table the battle screen was opened from: the
    /// last on the way back.
    pub fn battle_campaign(&self) -> Option<&str> {
        self.back.iter().rev().find_map(|s| match s {
            Screen::Campaign(id) => Some(id.as_str()),
            _ => None,
        })
    }

    /// A document by key.
    pub fn doc(&self, key: &DocKey) -> Option<&Doc> {
        self.library.doc(key)
    }

    /// Whether `screen` can be shown: its document and character exist.
    pub fn shows(&self, screen: &Screen) -> bool {
        match screen {
            Screen::Library | Screen::Reference(_) | Screen::Battle | Screen::HouseRules => true,
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
            | Screen::HouseRules
            | Screen::Battle => Some(Screen::Library),
            Screen::Character(id, _) => Some(Screen::Roster(id.clone())),
            Screen::Print(key) => Some(self.doc(key).map(Screen::of).unwrap_or(Screen::Library)),
        }
    }

    /// A document of kind `K` by id.
    pub fn get<K: DocVariant>(&self, id: &str) -> Option<&K> {
        self.library.get::<K>(id)
    }

    /// A roster by id.
    pub fn roster(&self, id: &str) -> Option<&Roster> {
        self.get::<Roster>(id)
    }

    /// Every roster, by name.
    pub fn rosters(&self) -> impl Iterator<Item = &Roster> {
        self.library.docs.iter().filter_map(Doc::get::<Roster>)
    }

    /// What a document breaks (as of its last change).
    pub fn problems_of(&self, key: &DocKey) -> &[Problem] {
        self.library.problems_of(key)
    }

    /// Validates the documents `keys` again (after they changed).
    pub fn revalidate<'a>(&mut self, keys: impl IntoIterator<Item = &'a DocKey>) {
        for key in keys {
            self.revalidate_from(key, None);
        }
    }

    /// Validates the document `key` again, made from `before` by one edit
    /// when given (see `Documents::revalidate_from`).
    pub fn revalidate_from(&mut self, key: &DocKey, before: Option<&Doc>) {
        self.library.revalidate_from(key, before, &self.rules);
    }
}

impl Model {
    /// This machine's name as its events carry it: the one chosen, else
    /// the host's.
    pub fn machine_by(&self) -> String {
        match self.prefs.machine.trim() {
            "" => self.folder.host.clone(),
            name => name.to_owned(),
        }
    }

    /// The player's name as this machine's events carry it, if he gave
    /// one.
    pub fn player_by(&self) -> Option<&str> {
        Some(self.prefs.player.trim()).filter(|p| !p.is_empty())
    }

    /// The model of an app just opened: its preferences, the rules data in
    /// force and its problems, and the library (if one could be opened).
    pub(super) fn opened(
        prefs: &Prefs,
        (rules, rules_problems): (RulesData, Vec<DataProblem>),
        store: Option<&Store>,
        store_problem: Option<Msg>,
    ) -> Self {
        Self {
            prefs: Prefs {
                zoom: prefs.zoom.clamp(*ZOOM_RANGE.start(), *ZOOM_RANGE.end()),
                place: None,
                ..prefs.clone()
            },
            rules,
            rules_problems,
            library: Documents::new(Kinds::default()),
            folder: Folder {
                data_dir: store.map(|s| s.dir().to_path_buf()),
                origin: DataDirOrigin::of(None, prefs.data_dir.as_ref()),
                file_dialogs: true,
                problem: None,
                read_only: store.is_some_and(Store::read_only),
                store_problem,
                host: stamp::machine_name(""),
                machine_id: store.map(|s| s.journals().identity().id()),
            },
            screen: Screen::Library,
            back: Vec::new(),
            history: History::default(),
            battle: BattleSession::default(),
            jobs: Jobs::default(),
            feedback: Feedback {
                save_state: if store.is_some() {
                    SaveState::Saved
                } else {
                    SaveState::Unsaved
                },
                messages: Vec::new(),
                refusal: None,
            },
        }
    }
}
