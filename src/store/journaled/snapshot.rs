//! A journaled campaign as this machine last replayed it, kept in the
//! machine's cache folder (never among the documents, which are synced),
//! so that opening the campaign reads one file rather than playing every
//! event again.
//!
//! A snapshot is used only while it is still the replay of what is on
//! disk: the same start and the same journals (each one's length and a
//! hash of its bytes), the same rules and the same Muster.
//! Anything else and the campaign is replayed, then a new snapshot
//! written. A snapshot is written only of a replay that set nothing aside,
//! so that what it must keep is the campaign and the journals' shapes.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::known::JournalText;
use super::replay::{overruled, standing_keys};
use super::{Choose, FileHash, JournalFile, Journals, Known, Rename, START_FILE, entry_key};
use crate::rules::campaign::{Entry, MachineId};
use crate::rules::{Campaign, DocKey};
use crate::store::{LockDir, Seen};

/// The snapshot format this Muster writes and reads.
const SNAPSHOT_FORMAT: u32 = 2;

/// One campaign's snapshot file.
#[derive(Serialize, Deserialize)]
struct Snapshot {
    /// [`SNAPSHOT_FORMAT`].
    format: u32,
    /// The Muster that replayed it.
    muster: String,
    /// The rules it was replayed by ([`Store::rules_fingerprint`]).
    rules: u64,
    /// A hash of the start's bytes.
    start_hash: FileHash,
    /// How many of the campaign's first events the start holds.
    start_len: usize,
    /// The start's name.
    start_name: String,
    /// Each machine's journal, by machine id.
    files: BTreeMap<MachineId, FileShape>,
    /// The journals' events the campaign does not hold (taken back, or
    /// chosen against).
    others: Vec<Arc<Entry>>,
    /// The campaign.
    campaign: Campaign,
}

/// What a snapshot keeps of one machine's journal: its length and hash,
/// and what it holds, its events by their keys.
#[derive(Serialize, Deserialize)]
struct FileShape {
    len: u64,
    hash: FileHash,
    name: String,
    events: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    taken_back: Vec<usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    renames: Vec<Rename>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    choices: Vec<Choose>,
}

/// The folder of the snapshots of the documents folder `dir`: beside the
/// machine's locks, one folder per documents folder.
pub(in crate::store) fn snapshots_folder(dir: &Path, lock_dir: &LockDir) -> Option<PathBuf> {
    let canonical = std::fs::canonicalize(dir).ok()?;
    let name = format!(
        "{:016x}",
        crate::store::lock::fnv1a64(canonical.as_os_str().as_encoded_bytes())
    );
    Some(lock_dir.folder()?.join("snapshots").join(name))
}

impl Journals {
    /// The snapshot file of a campaign, in this machine's cache folder
    /// (none: this store keeps no snapshots).
    pub fn snapshot_path(&self, key: &DocKey) -> Option<PathBuf> {
        Some(self.snapshots.as_ref()?.join(format!("{}.json", key.id)))
    }

    /// The campaign of `key` from its snapshot, with what is known of its
    /// files, if the snapshot is still the replay of `texts` (every
    /// journal of the folder `dir`) and of its start.
    pub(super) fn read_snapshot(
        &self,
        key: &DocKey,
        dir: &Path,
        texts: &[JournalText],
    ) -> Option<(Known, Campaign)> {
        let path = self.snapshot_path(key)?;
        let text = std::fs::read_to_string(&path).ok()?;
        let snap: Snapshot = match serde_json::from_str(&text) {
            Ok(s) => s,
            Err(e) => {
                log::warn!("a campaign's snapshot is not used: {e}: {}", path.display());
                return None;
            }
        };
        let start_path = dir.join(START_FILE);
        let start_seen = Seen::of(&start_path);
        let current = snap.format == SNAPSHOT_FORMAT
            && snap.muster == env!("CARGO_PKG_VERSION")
            && snap.rules == self.rules.fingerprint()
            && snap.campaign.id == key.id
            && snap.files.len() == texts.len()
            && snap.start_len <= snap.campaign.journal.len()
            && std::fs::read(&start_path).is_ok_and(|b| FileHash::of(&b) == snap.start_hash);
        if !current {
            return None;
        }
        let known = known_of(snap.files, texts, &snap.campaign, snap.others, |k| {
            k.start_seen = start_seen;
            k.start_hash = snap.start_hash;
            k.start_path = start_path;
            k.start_len = snap.start_len;
            k.start_name = snap.start_name;
        })?;
        Some((known, snap.campaign))
    }

    /// The snapshot of `campaign`, just replayed from the files `known`
    /// holds by the rules of hash `print`, and its file, to be written
    /// once the store's lock is let go ([`put_snapshot`]). None of a
    /// replay that set events aside or read a journal in part, of rules
    /// changed since (nor, the store sees to it, by a Muster that does not
    /// hold the documents folder).
    pub(super) fn snapshot_bytes(
        &self,
        key: &DocKey,
        known: &mut Known,
        campaign: &Campaign,
        print: u64,
    ) -> Option<(PathBuf, Vec<u8>)> {
        let path = self.snapshot_path(key)?;
        if !known.set_aside.is_empty()
            || !known.unreadable.is_empty()
            || print != self.rules.fingerprint()
        {
            return None;
        }
        let snap = snapshot_of(known, campaign, print)?;
        let bytes = serde_json::to_vec(&snap)
            .map_err(|e| log::warn!("a campaign's snapshot was not made: {e}"))
            .ok()?;
        known.snapshot_of = Some(known.lengths());
        Some((path, bytes))
    }
}

/// Writes a snapshot's file; one that cannot be written is only a slower
/// next opening.
pub(super) fn put_snapshot(path: &Path, bytes: &[u8]) {
    let folder = path.parent().unwrap_or(Path::new("."));
    let written = std::fs::create_dir_all(folder)
        .map_err(|e| e.to_string())
        .and_then(|()| {
            crate::store::write_atomic(path, |w| std::io::Write::write_all(w, bytes))
                .map_err(|e| format!("{e:?}"))
        });
    if let Err(e) = written {
        log::warn!(
            "a campaign's snapshot was not kept: {e}: {}",
            path.display()
        );
    }
}

/// The snapshot of `campaign`, the replay of `known`'s files; none when
/// the campaign does not begin with the start's events.
fn snapshot_of(known: &Known, campaign: &Campaign, rules: u64) -> Option<Snapshot> {
    let starts = campaign.journal.len() >= known.start_len
        && campaign
            .journal
            .range(..known.start_len)
            .all(|e| known.start_keys.contains(&entry_key(e)));
    if !starts {
        return None;
    }
    let held: HashSet<String> = campaign.journal.iter().map(|e| entry_key(e)).collect();
    let mut others = Vec::new();
    let mut files = BTreeMap::new();
    for (m, (_, f)) in &known.files {
        let mut events = Vec::with_capacity(f.events.len());
        let mut taken_back = Vec::new();
        for (i, (e, standing)) in f.events.iter().enumerate() {
            let key = entry_key(e);
            if !held.contains(&key) {
                others.push(Arc::clone(e));
            }
            if !standing {
                taken_back.push(i);
            }
            events.push(key);
        }
        files.insert(
            m.clone(),
            FileShape {
                len: f.good_len,
                hash: f.hash,
                name: f.name.clone(),
                events,
                taken_back,
                renames: f.renames.clone(),
                choices: f.choices.clone(),
            },
        );
    }
    Some(Snapshot {
        format: SNAPSHOT_FORMAT,
        muster: env!("CARGO_PKG_VERSION").to_owned(),
        rules,
        start_hash: known.start_hash,
        start_len: known.start_len,
        start_name: known.start_name.clone(),
        files,
        others,
        campaign: campaign.clone(),
    })
}

/// What is known of the files, from a snapshot's shapes of them, if every
/// journal of `texts` is still the one the snapshot was made of. `start`
/// fills in what the snapshot says of the start.
fn known_of(
    mut shapes: BTreeMap<MachineId, FileShape>,
    texts: &[JournalText],
    campaign: &Campaign,
    others: Vec<Arc<Entry>>,
    start: impl FnOnce(&mut Known),
) -> Option<Known> {
    // By key, borrowed from the events themselves (a stamp's id).
    let keys: Vec<(std::borrow::Cow<'_, str>, &Arc<Entry>)> = campaign
        .journal
        .iter()
        .chain(&others)
        .map(|e| (key_of(e), e))
        .collect();
    let mut events: HashMap<&str, &Arc<Entry>> = HashMap::with_capacity(keys.len());
    for (k, e) in &keys {
        events.entry(k.as_ref()).or_insert(e);
    }
    let mut files = HashMap::with_capacity(texts.len());
    for t in texts {
        let shape = shapes.remove(&t.machine)?;
        let len = usize::try_from(shape.len).ok()?;
        let whole = t
            .bytes
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |n| n + 1);
        if whole != len || FileHash::of(&t.bytes[..len]) != shape.hash {
            return None;
        }
        let mut file = JournalFile {
            name: shape.name,
            events: Vec::with_capacity(shape.events.len()),
            index: HashMap::with_capacity(shape.events.len()),
            renames: shape.renames,
            choices: shape.choices,
            good_len: shape.len,
            hash: shape.hash,
            torn: t.bytes.len() > len,
            broken: false,
        };
        for (i, key) in shape.events.into_iter().enumerate() {
            file.events
                .push((Arc::clone(events.get(key.as_str())?), true));
            file.index.insert(key, i);
        }
        for &i in &shape.taken_back {
            file.events.get_mut(i)?.1 = false;
        }
        files.insert(t.machine.clone(), (t.seen, file));
    }
    let start_len = campaign.journal.len();
    let mut known = Known {
        start_seen: None,
        start_hash: FileHash::default(),
        start_path: PathBuf::new(),
        start: None,
        start_len,
        start_name: String::new(),
        start_keys: HashSet::new(),
        overruled: overruled(&files, &standing_keys(&files, Some(campaign))),
        files,
        set_aside: Vec::new(),
        name: campaign.name.clone(),
        saved_keys: events_keys(campaign),
        snapshot_of: None,
        unreadable: Vec::new(),
        attempt: String::new(),
        last_save: None,
    };
    start(&mut known);
    known.start_len = known.start_len.min(campaign.journal.len());
    known.start_keys = campaign
        .journal
        .range(..known.start_len)
        .map(|e| entry_key(e))
        .collect();
    known.snapshot_of = Some(known.lengths());
    Some(known)
}

/// An event's key ([`entry_key`]), borrowed where it is its stamp's id.
fn key_of(e: &Entry) -> std::borrow::Cow<'_, str> {
    match &e.stamp {
        Some(s) => std::borrow::Cow::Borrowed(s.id.as_str()),
        None => std::borrow::Cow::Owned(entry_key(e)),
    }
}

/// The keys of a campaign's events.
fn events_keys(c: &Campaign) -> HashSet<String> {
    c.journal.iter().map(|e| entry_key(e)).collect()
}
