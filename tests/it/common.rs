//! Helpers shared by the tests: rosters through the general document
//! model, and the built-in rules; the window driven as a player drives it
//! (`window`), the campaigns made for them (`campaigns`) and one campaign
//! played on two machines (`versions`), re-exported.

mod campaigns;
mod versions;
mod window;

use std::path::{Path, PathBuf};

use muster::app::{Message, Model};
use muster::i18n::Lang;
use muster::rules::{Doc, DocKey, Document, Roster};
use muster::store::{self, Kinds, Library, Store, StoreError};

pub use campaigns::{
    GUARD_ACTIONS, band_at_the_table, band_escort, char_id, escort_at_the_mission,
    escort_at_the_table, escort_at_the_table_from, example_band, example_campaign_at_the_table,
    example_campaign_between_missions, example_team, example_team_at_the_table, folder_rules,
    next_mission_begun, ok, refused, soldier_named, stamped_campaign_in, struck_off,
    team_at_the_table, team_escort, turns_shown,
};
pub use versions::{TwoVersions, new_turn, play, wound, wounded_here_new_turn_there};
pub use window::{
    Restarts, WindowOn, act_entry, app_in, begin_turn, button, campaign_shown, click, create_named,
    offers_to_bring_back, pick, the_campaign, type_into, until_the_story_is_told, window,
    window_on,
};

/// A roster file read through the store's reader.
pub fn read_roster(path: &Path) -> Result<Roster, StoreError> {
    let doc = store::read_file(&Kinds::default(), path)?;
    Ok(doc.get::<Roster>().cloned().expect("a roster"))
}

/// The text of a roster's file.
pub fn roster_json(roster: &Roster) -> String {
    store::to_json(roster).expect("serializes")
}

/// Rosters through a store.
pub trait RosterStore {
    /// Saves a roster.
    fn save_roster(&self, roster: &Roster) -> Result<PathBuf, StoreError>;
    /// Deletes a roster.
    fn delete_roster(&self, id: &str) -> Result<(), StoreError>;
    /// A roster's backups, newest first.
    fn roster_backups(&self, id: &str) -> Vec<PathBuf>;
}

impl RosterStore for Store {
    fn save_roster(&self, roster: &Roster) -> Result<PathBuf, StoreError> {
        self.save(&Doc::new(roster.clone()))
    }
    fn delete_roster(&self, id: &str) -> Result<(), StoreError> {
        self.delete(&DocKey::new(Roster::KIND, id))
    }
    fn roster_backups(&self, id: &str) -> Vec<PathBuf> {
        self.backups().of(&DocKey::new(Roster::KIND, id))
    }
}

/// Every roster, as a list.
pub trait AllRosters {
    /// The rosters, by name.
    fn all_rosters(&self) -> Vec<Roster>;
}

impl AllRosters for Model {
    fn all_rosters(&self) -> Vec<Roster> {
        self.rosters().cloned().collect()
    }
}

impl AllRosters for Library {
    fn all_rosters(&self) -> Vec<Roster> {
        self.of::<Roster>().cloned().collect()
    }
}

/// A log line as an English speaker reads it.
pub trait Shown {
    /// The text in English.
    fn shown(&self) -> String;
}

impl Shown for Message {
    fn shown(&self) -> String {
        Lang::En.msg(&self.text)
    }
}

/// The app's last log line.
pub fn last_line(app: &muster::app::App) -> &Message {
    app.model.feedback.messages.last().expect("a log line")
}

/// The names of the files in a folder, sorted.
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A roster "Raiders" with one human, Kal, made in `app` as the window
/// makes them: the roster's id and Kal's.
pub fn raiders_with_kal(app: &mut muster::app::App) -> (String, u64) {
    use muster::app::Command;
    app.apply(Command::create_roster("Raiders"));
    let id = app.model.all_rosters()[0].id.clone();
    let cid = add_kal(app, &id);
    (id, cid)
}

/// Adds Kal, a human, to the roster `id`, which has no character yet, as
/// the window adds him: his id.
pub fn add_kal(app: &mut muster::app::App, id: &str) -> u64 {
    use muster::app::Command;
    use muster::rules::{NewCharacter, RosterEdit};
    app.apply(Command::roster(
        id.to_owned(),
        RosterEdit::AddCharacter {
            name: "Kal".to_owned(),
            how: NewCharacter::Standard {
                race: "human".to_owned(),
                type_id: None,
            },
        },
    ));
    app.model.all_rosters()[0].characters[0].id
}

/// The built-in rules, loaded once for every test of the run.
pub fn rules() -> &'static muster::rules::RulesData {
    static RULES: std::sync::LazyLock<muster::rules::RulesData> =
        std::sync::LazyLock::new(|| muster::rules::RulesData::built_in().expect("built-in rules"));
    &RULES
}
