//! Helpers shared by the tests: rosters through the general document model.

use std::path::{Path, PathBuf};

use muster::app::{Message, Model};
use muster::i18n::Lang;
use muster::rules::{Doc, DocKey, DocKind, Roster};
use muster::store::{self, Kinds, Library, Store, StoreError};

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
        self.backups(&DocKey::new(Roster::KIND, id))
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
