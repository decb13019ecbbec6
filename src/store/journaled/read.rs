//! The journaled campaigns as the store knows them (`Journals`): each
//! campaign's folder, this machine's journal in it, its replay from the
//! files as known, and what the last replay found.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::file::entry_key;
use super::known::Known;
use super::replay::replay;
use super::{JOURNAL_EXT, START_FILE};
use crate::rules::campaign::Entry;
use crate::rules::campaign::journals::SetAside;
use crate::rules::{Campaign, Doc, DocKey, Document};
use crate::store::kinds::Kinds;
use crate::store::paths::file_stem_for;
use crate::store::{Identity, ReplayRules, StoreError, Unreadable};

/// The journaled campaigns as read: what is known of each one's files,
/// this machine's identity in them, the rules they are replayed by, and
/// where this machine keeps their snapshots. One lock, on what is known.
#[derive(Debug)]
pub struct Journals {
    /// The data directory.
    pub(super) dir: PathBuf,
    /// What is known of each journaled campaign's files, by its folder.
    pub(super) known: Mutex<HashMap<PathBuf, Known>>,
    /// This machine: the journal it writes in each campaign.
    pub(in crate::store) identity: Identity,
    /// The rules the campaigns' events are replayed by.
    pub(in crate::store) rules: ReplayRules,
    /// This machine's folder of the campaigns' snapshots, never among the
    /// documents (none: no snapshots are kept).
    pub(super) snapshots: Option<PathBuf>,
    /// A journal was gone when its campaign's arrivals were read (a sync
    /// tool replacing it): the watcher looks again, whatever it saw last.
    pub(super) look_again: AtomicBool,
}

impl Journals {
    pub(in crate::store) fn new(dir: PathBuf, snapshots: Option<PathBuf>) -> Self {
        Self {
            dir,
            known: Mutex::new(HashMap::new()),
            identity: Identity::default(),
            rules: ReplayRules::default(),
            snapshots,
            look_again: AtomicBool::new(false),
        }
    }

    /// What is known of the campaigns' files. A thread that panicked
    /// while holding it may have left one campaign half taken in: every
    /// campaign is then read again from its files.
    pub(super) fn known(&self) -> MutexGuard<'_, HashMap<PathBuf, Known>> {
        self.known.lock().unwrap_or_else(|poisoned| {
            self.known.clear_poison();
            let mut map = poisoned.into_inner();
            map.clear();
            map
        })
    }

    /// This machine as the journals know it: its id and name.
    pub fn identity(&self) -> &Identity {
        &self.identity
    }

    /// The rules journaled campaigns are replayed by.
    pub fn replay_rules(&self) -> &ReplayRules {
        &self.rules
    }

    /// Forgets every campaign read: each is read again whole.
    pub(in crate::store) fn forget_all(&self) {
        self.known().clear();
    }

    /// Whether a journal was gone when the arrivals were last read (a sync
    /// tool replacing it), since this was last asked: its lines not taken
    /// in yet, the journals must be looked at again even if they look as
    /// they did.
    pub fn take_look_again(&self) -> bool {
        self.look_again.swap(false, Ordering::AcqRel)
    }

    /// The folder of a journaled campaign (of a document of any kind: where
    /// its journals would be).
    pub fn dir(&self, key: &DocKey) -> PathBuf {
        self.dir
            .join(key.kind.folder())
            .join(file_stem_for(&key.id))
    }

    /// Whether the campaign of `key` is kept as journals (its folder has
    /// a start).
    pub fn is_journaled(&self, key: &DocKey) -> bool {
        key.kind == <Campaign as Document>::KIND && self.dir(key).join(START_FILE).is_file()
    }

    /// This machine's journal file in the campaign's folder.
    pub fn own_journal(&self, key: &DocKey) -> PathBuf {
        self.dir(key)
            .join(format!("{}.{JOURNAL_EXT}", self.identity.id().as_str()))
    }

    /// The campaign the known files give, this machine's own events taken
    /// from `mine` when given (what the app holds, perhaps not saved yet)
    /// rather than from its file.
    pub(super) fn replay_known(
        &self,
        kinds: &Kinds,
        key: &DocKey,
        known: &mut Known,
        mine: Option<&[Arc<Entry>]>,
    ) -> Result<Doc, StoreError> {
        let own = self.identity.id();
        replay(
            kinds,
            known,
            &key.id,
            self.rules.get().as_deref(),
            mine.map(|m| (&own, m)),
        )
    }

    /// The other machines' journals of a campaign that cannot be read
    /// whole, each with why (the campaign holds what comes before).
    pub fn unreadable(&self, key: &DocKey) -> Vec<Unreadable> {
        self.known()
            .get(&self.dir(key))
            .map(|k| k.unreadable.clone())
            .unwrap_or_default()
    }

    /// The keys of the events this machine made in a journaled campaign
    /// and took back since (undone here).
    pub fn taken_back_here(&self, key: &DocKey) -> HashSet<String> {
        let own = self.identity.id();
        let map = self.known();
        map.get(&self.dir(key))
            .and_then(|k| {
                let (_, file) = k.files.get(&own)?;
                Some(
                    file.events
                        .iter()
                        .filter(|(_, standing)| !standing)
                        .map(|(e, _)| entry_key(e))
                        .collect(),
                )
            })
            .unwrap_or_default()
    }

    /// The events the last replay of a journaled campaign set aside.
    pub fn set_aside(&self, key: &DocKey) -> Vec<SetAside> {
        self.known()
            .get(&self.dir(key))
            .map(|k| k.set_aside.clone())
            .unwrap_or_default()
    }
}
