//! A campaign kept as one journal per machine, so that no two machines
//! ever write one file and a sync tool never makes a conflict copy:
//!
//! ```text
//! campaigns/<id>/start.json        the campaign when it became journaled,
//!                                  as a single file holds it; written once
//! campaigns/<id>/<machine>.jsonl   one machine's journal, appended by that
//!                                  machine alone: a header line, then one
//!                                  line per event, taking-back or new name
//! ```
//!
//! The campaign is the start continued by every machine's events in one
//! order all machines compute alike ([`replay_journals`]). A save appends
//! only the lines that are new: this machine's new events, a taking-back
//! for each of its events undone, the campaign's new name. A line cut off
//! by a crash (the last, without its newline) is not read, and is cut away
//! before this machine's next append.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

mod file;
mod known;
mod replay;
mod snapshot;

pub use file::{
    Choose, FileHash, Header, JournalFile, Line, Rename, TakeBack, entry_key, parse_journal,
    parse_journal_bytes, parse_journal_partly,
};
pub(super) use known::Known;
pub(super) use snapshot::snapshots_folder;

use file::{journal_files, line_text, read_tail};
use known::{JournalText, known_from_texts, load_known, read_journals};
use replay::{
    continues, new_lines, new_lines_since, newest_name, overruled, own_events, played_on_top,
    replay, standing_keys,
};

use super::document::SCHEMA_VERSION;
use super::{Identity, ReplayRules, Seen, Store, StoreError, io_err};
use crate::rules::campaign::journals::SetAside;
use crate::rules::campaign::{Entry, MachineId};
use crate::rules::{Campaign, Doc, DocKey, Document, RulesData};

/// The file of what the campaign started with, in its folder.
pub const START_FILE: &str = "start.json";
/// The extension of a machine's journal.
pub const JOURNAL_EXT: &str = "jsonl";
/// The journal format this Muster writes (the header's `format`).
pub const JOURNAL_FORMAT: u32 = 1;

/// A change to one journaled campaign's files, seen on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrived {
    /// The machines whose journals grew or changed.
    pub machines: Vec<MachineId>,
}

/// The journaled campaigns as read: what is known of each one's files,
/// this machine's identity in them, the rules they are replayed by, and
/// where this machine keeps their snapshots.
#[derive(Debug)]
pub(super) struct Journals {
    /// What is known of each journaled campaign's files, by its folder.
    known: Mutex<HashMap<PathBuf, Known>>,
    /// This machine: the journal it writes in each campaign.
    pub(super) identity: Identity,
    /// The rules the campaigns' events are replayed by.
    pub(super) rules: ReplayRules,
    /// This machine's folder of the campaigns' snapshots, never among the
    /// documents (none: no snapshots are kept).
    snapshots: Option<PathBuf>,
}

impl Journals {
    pub(super) fn new(snapshots: Option<PathBuf>) -> Self {
        Self {
            known: Mutex::new(HashMap::new()),
            identity: Identity::default(),
            rules: ReplayRules::default(),
            snapshots,
        }
    }

    /// What is known of the campaigns' files. A thread that panicked
    /// while holding it may have left one campaign half taken in: every
    /// campaign is then read again from its files.
    fn known(&self) -> MutexGuard<'_, HashMap<PathBuf, Known>> {
        self.known.lock().unwrap_or_else(|poisoned| {
            self.known.clear_poison();
            let mut map = poisoned.into_inner();
            map.clear();
            map
        })
    }

    /// Forgets every campaign read: each is read again whole.
    pub(super) fn forget_all(&self) {
        self.known().clear();
    }
}

impl Store {
    /// The folder of a journaled campaign.
    pub fn journal_dir(&self, key: &DocKey) -> PathBuf {
        let path = self.path(key);
        path.with_extension("")
    }

    /// Whether the campaign of `key` is kept as journals (its folder has
    /// a start).
    pub fn is_journaled(&self, key: &DocKey) -> bool {
        key.kind == <Campaign as Document>::KIND && self.journal_dir(key).join(START_FILE).is_file()
    }

    /// This machine's journal file in the campaign's folder.
    pub fn own_journal(&self, key: &DocKey) -> PathBuf {
        self.journal_dir(key)
            .join(format!("{}.{JOURNAL_EXT}", self.identity().id().as_str()))
    }

    /// Reads a journaled campaign: its start, then every machine's
    /// journal, replayed. Each file is remembered as read.
    pub(super) fn read_journaled(&self, key: &DocKey) -> Result<Doc, StoreError> {
        let dir = self.journal_dir(key);
        // Read under the lock: a save appending meanwhile would otherwise
        // be forgotten by what is kept of the files.
        let mut map = self.journals.known();
        let texts = read_journals(&dir)?;
        if let Some((known, campaign)) = self.read_snapshot(key, &dir, &texts) {
            map.insert(dir, known);
            return Ok(Doc::new(campaign));
        }
        let own = self.identity().id();
        let mut known = known_from_texts(self.kinds(), &dir, texts, Some(&own))?;
        let print = self.replay_rules().fingerprint();
        let doc = self.replay_known(key, &mut known, None)?;
        let snapshot = doc
            .get::<Campaign>()
            .and_then(|c| self.snapshot_bytes(key, &mut known, c, print));
        map.insert(dir, known);
        // Written once the lock is let go: a save waits for no disk.
        drop(map);
        if let Some((path, bytes)) = snapshot {
            snapshot::put_snapshot(&path, &bytes);
        }
        Ok(doc)
    }

    /// The campaign the known files give, this machine's own events taken
    /// from `mine` when given (what the app holds, perhaps not saved yet)
    /// rather than from its file.
    fn replay_known(
        &self,
        key: &DocKey,
        known: &mut Known,
        mine: Option<&[Arc<Entry>]>,
    ) -> Result<Doc, StoreError> {
        let own = self.identity().id();
        let own = &own;
        replay(
            self.kinds(),
            known,
            &key.id,
            self.replay_rules().get().as_deref(),
            mine.map(|m| (own, m)),
        )
    }

    /// The other machines' journals of a campaign that cannot be read
    /// whole, each with why (the campaign holds what comes before).
    pub fn unreadable_journals(&self, key: &DocKey) -> Vec<super::Unreadable> {
        self.journals
            .known()
            .get(&self.journal_dir(key))
            .map(|k| k.unreadable.clone())
            .unwrap_or_default()
    }

    /// The keys of the events this machine made in a journaled campaign
    /// and took back since (undone here).
    pub fn taken_back_here(&self, key: &DocKey) -> HashSet<String> {
        let own = self.identity().id();
        let own = &own;
        let map = self.journals.known();
        map.get(&self.journal_dir(key))
            .and_then(|k| {
                let (_, file) = k.files.get(own)?;
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
        self.journals
            .known()
            .get(&self.journal_dir(key))
            .map(|k| k.set_aside.clone())
            .unwrap_or_default()
    }

    /// The campaign with what arrived in other machines' journals since
    /// they were last read, this machine's events being those of `ours`
    /// that no other file holds. `None`: not journaled, or not read yet.
    pub fn with_arrivals(&self, ours: &Campaign) -> Result<Option<Doc>, StoreError> {
        let key = DocKey::new(<Campaign as Document>::KIND, ours.id.clone());
        let dir = self.journal_dir(&key);
        let mut map = self.journals.known();
        let Some(known) = map.get_mut(&dir) else {
            return Ok(None);
        };
        let mut own = self.identity().id();
        for (machine, path) in journal_files(&dir) {
            if machine == own {
                if !written_by_another(known, &own, &path) {
                    continue;
                }
                // Read from now on as another machine's journal.
                own = self.identity().take_new(path.clone());
            }
            let seen = Seen::of(&path);
            let (was, file) = known.files.entry(machine.clone()).or_default();
            if *was == seen {
                continue;
            }
            let whole = if file.broken {
                true
            } else {
                match read_tail(&path, file) {
                    Ok(()) => false,
                    // A line that cannot be read: the file is read again
                    // whole, as far as it can be.
                    Err(StoreError::Document { .. }) => true,
                    Err(e) => return Err(e),
                }
            };
            if whole {
                let bytes = fs::read(&path).map_err(io_err("io.read", &path))?;
                known.take_partly(machine, &path, seen, parse_journal_bytes(&bytes));
            } else {
                *was = seen;
                known.unreadable.retain(|u| u.path != path);
            }
        }
        let on_top = self
            .replay_rules()
            .get()
            .and_then(|rules| played_on_top(ours, known, &own, &rules));
        let doc = match on_top {
            Some(c) => Doc::new(c),
            None => {
                let mine = own_events(ours, known, &own);
                self.replay_known(&key, known, Some(&mine))?
            }
        };
        // Another machine's new name comes in; otherwise the name stays as
        // it is here (perhaps renamed and not saved yet).
        let on_disk = newest_name(&known.files).unwrap_or_else(|| known.start_name.clone());
        let name = if on_disk == known.name {
            ours.name.clone()
        } else {
            known.name.clone_from(&on_disk);
            on_disk
        };
        Ok(Some(doc.renamed(None, Some(name))))
    }

    /// Saves a campaign as journals: the first time, its folder is made
    /// with the campaign as its start (a single file it was read from goes
    /// to the backups); afterwards only this machine's new lines are
    /// appended to its own journal.
    pub(super) fn save_journaled(&self, doc: &Doc, check: bool) -> Result<PathBuf, StoreError> {
        let Some(c) = doc.get::<Campaign>() else {
            return Err(StoreError::NotACampaign {
                path: self.path(&doc.key()),
            });
        };
        let key = DocKey::new(<Campaign as Document>::KIND, c.id.clone());
        let dir = self.journal_dir(&key);
        if !dir.join(START_FILE).is_file() {
            self.begin_journals(&key, c, check)?;
        } else if !self.journals.known().contains_key(&dir) {
            self.read_journaled(&key)?;
        }
        let mut map = self.journals.known();
        let Some(known) = map.get_mut(&dir) else {
            // Read just above, or begun: only a failed read leaves none.
            return Err(StoreError::JournalsNotRead { path: dir });
        };
        let mut own_path = self.own_journal(&key);
        if written_by_another(known, &self.identity().id(), &own_path) {
            // Its lines are read at the next look at the other machines'.
            self.identity().take_new(own_path);
            own_path = self.own_journal(&key);
        }
        let own = self.identity().id();
        // Nothing of the files changed since this machine's last save but
        // its own lines: only the events after those both journals share
        // are looked at (a tick at the table looks at one, not thousands).
        let last = known
            .last_save
            .take()
            .filter(|l| l.files == known.files_seen());
        let (text, since) = {
            let empty = JournalFile::default();
            let mine = known.files.get(&own).map_or(&empty, |(_, f)| f);
            match &last {
                Some(last) => {
                    let (text, shared, tail) = new_lines_since(c, known, (mine, &own), last);
                    (text, Some((shared, tail)))
                }
                None => (new_lines(c, known, mine, &own), None),
            }
        };
        known.name.clone_from(&c.name);
        let keys = match (since, last) {
            (Some((shared, tail)), Some(last)) => {
                let mut keys = last.keys;
                for k in keys.get(shared..).unwrap_or_default() {
                    known.saved_keys.remove(k);
                }
                known.saved_keys.extend(tail.iter().cloned());
                keys.truncate(shared);
                keys.extend(tail);
                keys
            }
            _ => {
                let keys: Vec<String> = c.journal.iter().map(|e| entry_key(e)).collect();
                known.saved_keys = keys.iter().cloned().collect();
                keys
            }
        };
        let saved = |known: &Known| known::LastSave {
            doc: doc.clone(),
            keys,
            files: known.files_seen(),
        };
        if text.is_empty() && own_path.exists() {
            known.last_save = Some(saved(known));
            return Ok(own_path);
        }
        let written = self.append_lines(known, &own_path, &text)?;
        known.last_save = Some(saved(known));
        // Synced once the others may read and save again: a frame that
        // takes arrivals in meanwhile does not wait for the disk.
        drop(map);
        written.sync_data().map_err(io_err("io.sync", &own_path))?;
        Ok(own_path)
    }

    /// Records the players' choice between two events that clash: `keep`
    /// stands and `over` is set aside, on every machine (a line of this
    /// machine's journal). The campaign is read again afterwards
    /// ([`Store::with_arrivals`]).
    pub fn choose(&self, key: &DocKey, keep: &str, over: &str) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        let dir = self.journal_dir(key);
        let own_path = self.own_journal(key);
        let mut map = self.journals.known();
        let Some(known) = map.get_mut(&dir) else {
            return Err(StoreError::JournalsNotRead { path: dir });
        };
        let choice = Line::Choose(Choose {
            keep: keep.to_owned(),
            over: over.to_owned(),
            at: Some(super::machine::utc_now()),
        });
        let written = self.append_lines(known, &own_path, &line_text(&choice))?;
        drop(map);
        written.sync_data().map_err(io_err("io.sync", &own_path))
    }

    /// The campaign `ours` would be, with what it would hold aside, if the
    /// players kept `keep` instead of `over`: the choice replayed on a copy
    /// of what is known, nothing written. `None`: not journaled, or not
    /// read yet.
    pub fn preview_choice(
        &self,
        ours: &Campaign,
        keep: &str,
        over: &str,
    ) -> Result<Option<(Campaign, Vec<SetAside>)>, StoreError> {
        let key = DocKey::new(<Campaign as Document>::KIND, ours.id.clone());
        let dir = self.journal_dir(&key);
        let Some(mut known) = self.journals.known().get(&dir).cloned() else {
            return Ok(None);
        };
        let own = self.identity().id();
        let (_, file) = known.files.entry(own.clone()).or_default();
        file.choices.push(Choose {
            keep: keep.to_owned(),
            over: over.to_owned(),
            at: Some(super::machine::utc_now()),
        });
        let mine = own_events(ours, &known, &own);
        let doc = self.replay_known(&key, &mut known, Some(&mine))?;
        Ok(doc
            .get::<Campaign>()
            .map(|c| (c.clone(), std::mem::take(&mut known.set_aside))))
    }

    /// Appends `text` (whole lines) to this machine's journal, its header
    /// first when the journal is new, and takes them into what is known
    /// of it. The file is returned to be synced.
    fn append_lines(
        &self,
        known: &mut Known,
        own_path: &Path,
        text: &str,
    ) -> Result<fs::File, StoreError> {
        let own = self.identity().id();
        let (_, file) = known.files.entry(own.clone()).or_default();
        // Whole lines past what is known (a write that failed after some
        // of them landed) are read, never cut: other machines may have read
        // them. A journal shorter than known (replaced by hand or by a sync
        // tool) is read again whole. Only a cut-off last line is cut away.
        if fs::metadata(own_path).is_ok_and(|m| m.len() != file.good_len) {
            read_tail(own_path, file)?;
        }
        let header = if own_path.exists() && file.good_len > 0 {
            String::new()
        } else {
            line_text(&Line::Journal(Header {
                format: JOURNAL_FORMAT,
                schema: SCHEMA_VERSION,
                machine: own.clone(),
                name: self.identity().name(),
            }))
        };
        let all = format!("{header}{text}");
        let written = match self.disk.append_at(own_path, file.good_len, &all) {
            Ok(written) => written,
            Err(e) => {
                // What landed of it is this machine's, not another's.
                known.attempt = all;
                return Err(e);
            }
        };
        known.attempt.clear();
        // What was appended is what the file now holds past `good_len`.
        let first = if header.is_empty() { 2 } else { 1 };
        let mut grown = std::mem::take(file);
        grown
            .read_more(&all, first)
            .map_err(|reason| StoreError::Document {
                reason,
                path: own_path.to_path_buf(),
            })?;
        grown.read_up_to(all.as_bytes());
        *file = grown;
        let seen = Seen::of(own_path);
        if let Some((was, _)) = known.files.get_mut(&own) {
            *was = seen;
        }
        Ok(written)
    }

    /// Makes the campaign's folder, its start the campaign as it is.
    fn begin_journals(&self, key: &DocKey, c: &Campaign, check: bool) -> Result<(), StoreError> {
        let single = self.path(key);
        let on_disk = Seen::of(&single);
        if check && on_disk.is_some() && on_disk != self.disk.last_seen(&single) {
            return Err(StoreError::ChangedOnDisk { path: single });
        }
        let dir = self.journal_dir(key);
        fs::create_dir_all(&dir).map_err(io_err("io.create_folder", &dir))?;
        let start_path = dir.join(START_FILE);
        // The start is the single file as it is on disk, when this
        // campaign continues it: the events made since go to this
        // machine's journal, where an undo can take them back.
        let start = match self.read_file(&single) {
            Ok(Doc::Campaign(s)) if continues(c, &s) => {
                let mut s = Campaign::clone(&s);
                s.id.clone_from(&c.id);
                s
            }
            _ => c.clone(),
        };
        let doc = Doc::new(start.clone());
        let text = self
            .kinds()
            .to_json(&doc)
            .map_err(|reason| StoreError::Document {
                reason,
                path: start_path.clone(),
            })?;
        self.disk.write_atomic(&start_path, text.as_bytes())?;
        let hash = FileHash::of(text.as_bytes());
        let mut known = Known::of_start((Arc::new(start), hash), Seen::of(&start_path), start_path);
        known.saved_keys.clone_from(&known.start_keys);
        self.journals.known().insert(dir, known);
        // The single file it was: among the backups, then gone.
        if single.exists() {
            self.backup(key, &single)?;
            fs::remove_file(&single).map_err(io_err("io.remove", &single))?;
            self.disk.remember(&single);
            self.disk.mark_foreign(&single, false);
        }
        Ok(())
    }

    /// The journaled campaigns' files another program changed since Muster
    /// read or wrote them: the campaigns, each with the machines whose
    /// journals changed (none: its start changed or it is new).
    pub fn journal_changes(&self) -> Vec<(DocKey, PathBuf, Arrived)> {
        let folder = self.dir().join(<Campaign as Document>::KIND.folder());
        let Ok(entries) = fs::read_dir(&folder) else {
            return Vec::new();
        };
        let own = self.identity().id();
        let mut map = self.journals.known();
        let mut out = Vec::new();
        for dir in entries.filter_map(Result::ok).map(|e| e.path()) {
            if !dir.join(START_FILE).is_file() {
                continue;
            }
            let Some(id) = dir.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            let key = DocKey::new(<Campaign as Document>::KIND, id);
            // A campaign not read yet, or whose start changed: read whole.
            let mut known = map.get_mut(&dir);
            if known
                .as_mut()
                .is_some_and(|k| !start_as_known(k, &dir.join(START_FILE)))
            {
                known = None;
            }
            let Some(known) = known.map(|k| &*k) else {
                let machines = Vec::new();
                out.push((key, dir, Arrived { machines }));
                continue;
            };
            let machines: Vec<MachineId> = journal_files(&dir)
                .into_iter()
                .filter(|(m, p)| {
                    if *m == own {
                        return written_by_another(known, &own, p);
                    }
                    known.files.get(m).map(|(s, _)| *s) != Some(Seen::of(p))
                })
                .map(|(m, _)| m)
                .collect();
            if !machines.is_empty() {
                out.push((key, dir, Arrived { machines }));
            }
        }
        out
    }

    /// Puts the campaign as its journals give it now among its backups, as
    /// one file.
    pub(super) fn back_up_journaled(&self, key: &DocKey) -> Result<(), StoreError> {
        let doc = self.read_journaled(key)?;
        let backups = self.backups_dir(key);
        fs::create_dir_all(&backups).map_err(io_err("io.create_folder", &backups))?;
        self.export(
            &doc,
            &backups.join(format!("{}.json", super::unique_stamp())),
        )?;
        for old in self.backups(key).into_iter().skip(super::BACKUPS_KEPT) {
            if let Err(e) = fs::remove_file(&old) {
                log::warn!("could not remove old backup: {e}: {}", old.display());
            }
        }
        Ok(())
    }

    /// Removes a journaled campaign: one file of it as it stands goes to
    /// the backups, then its folder.
    pub(super) fn delete_journaled(&self, key: &DocKey) -> Result<(), StoreError> {
        let dir = self.journal_dir(key);
        self.back_up_journaled(key)?;
        fs::remove_dir_all(&dir).map_err(io_err("io.remove", &dir))?;
        self.journals.known().remove(&dir);
        Ok(())
    }

    /// A number that changes whenever a file of a journaled campaign
    /// changes (its name, size or time): cheap enough to look at many
    /// times a second.
    pub fn journals_fingerprint(&self) -> u64 {
        use std::hash::{Hash as _, Hasher as _};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for dir in self.journaled_folders() {
            let mut files: Vec<(std::ffi::OsString, u64, Option<std::time::SystemTime>)> =
                fs::read_dir(&dir)
                    .map(|rd| {
                        rd.filter_map(Result::ok)
                            .map(|e| {
                                let meta = e.metadata().ok();
                                (
                                    e.file_name(),
                                    meta.as_ref().map_or(0, fs::Metadata::len),
                                    meta.and_then(|m| m.modified().ok()),
                                )
                            })
                            .collect()
                    })
                    .unwrap_or_default();
            files.sort();
            dir.hash(&mut h);
            files.hash(&mut h);
        }
        h.finish()
    }

    /// The journaled campaigns of the library: their folders.
    pub(super) fn journaled_folders(&self) -> Vec<PathBuf> {
        let folder = self.dir().join(<Campaign as Document>::KIND.folder());
        let mut dirs: Vec<PathBuf> = fs::read_dir(&folder)
            .map(|rd| {
                rd.filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.join(START_FILE).is_file())
                    .collect()
            })
            .unwrap_or_default();
        dirs.sort();
        dirs
    }
}

/// A journal whose last line is cut short (a sync tool's copy under way,
/// or a machine that crashed mid-write): what follows it is not read yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutJournal {
    /// The machine's id (the file's name).
    pub machine: MachineId,
    /// The machine's name, as its journal's header gives it (may be empty).
    pub name: String,
    /// The file.
    pub path: PathBuf,
    /// The number of the line cut short.
    pub line: usize,
}

/// A journaled campaign's folder as read by the command line: the
/// campaign, and every event of the folder accounted for.
#[derive(Clone, Debug)]
pub struct FolderReading {
    /// The campaign the folder's events give.
    pub doc: Doc,
    /// The events held aside: refused where the order put them, or set
    /// aside by the players' choice; each with its reason and its rival.
    pub held: Vec<SetAside>,
    /// The journals whose last line is cut short.
    pub cut: Vec<CutJournal>,
    /// Each machine's name by its id, as its journal's header gives it.
    pub names: HashMap<MachineId, String>,
    /// How many events the folder holds (the start's and every journal's,
    /// each once).
    pub events: usize,
    /// How many of them the machine that made them took back (an undo).
    pub taken_back: usize,
}

impl FolderReading {
    /// How many of the folder's events are in the campaign.
    pub fn applied(&self) -> usize {
        self.doc.get::<Campaign>().map_or(0, |c| c.journal.len())
    }

    /// Whether something waits: an event held aside by a rule (for the
    /// players to choose), a journal cut short, or an event the reading
    /// could not place. Events the players chose to set aside are settled.
    pub fn waiting(&self) -> bool {
        self.held.iter().any(|h| !h.chosen) || !self.cut.is_empty() || self.unaccounted() > 0
    }

    /// The events neither in the campaign, nor held aside, nor taken back
    /// (none, unless the reading itself went wrong).
    pub fn unaccounted(&self) -> usize {
        self.events
            .saturating_sub(self.applied() + self.held.len() + self.taken_back)
    }

    /// The name of the machine of id `machine` (its id when its journal
    /// gives none).
    pub fn machine_name<'a>(&'a self, machine: &'a MachineId) -> &'a str {
        self.names
            .get(machine)
            .map(String::as_str)
            .filter(|n| !n.is_empty())
            .unwrap_or(machine.as_str())
    }
}

/// Reads a journaled campaign's folder (`muster check`, `print`,
/// `export`), replayed by `rules`: the campaign, what its replay held
/// aside, and the journals cut short.
pub fn read_folder(
    kinds: &super::Kinds,
    dir: &Path,
    rules: &RulesData,
) -> Result<FolderReading, StoreError> {
    let mut known = load_known(kinds, dir)?;
    let id = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let doc = replay(kinds, &mut known, &id, Some(rules), None)?;
    let mut all: HashSet<String> = known.start_keys.clone();
    // The events the start holds aside (written back as one file, then
    // opened again) are the folder's too.
    if let Ok(start) = known.start(kinds) {
        all.extend(start.held.iter().map(|h| h.entry.key()));
    }
    let mut standing: HashSet<String> = all.clone();
    let mut names = HashMap::new();
    let mut cut = Vec::new();
    let mut machines: Vec<&MachineId> = known.files.keys().collect();
    machines.sort();
    for machine in machines {
        let (_, file) = &known.files[machine];
        names.insert(machine.clone(), file.name.clone());
        for (e, stands) in &file.events {
            let key = entry_key(e);
            if *stands {
                standing.insert(key.clone());
            }
            all.insert(key);
        }
        if file.torn {
            let path = dir.join(format!("{machine}.{JOURNAL_EXT}"));
            let whole = usize::try_from(file.good_len).unwrap_or(usize::MAX);
            let line = fs::read(&path)
                .map(|b| b.iter().take(whole).filter(|c| **c == b'\n').count() + 1)
                .unwrap_or(0);
            cut.push(CutJournal {
                machine: machine.clone(),
                name: file.name.clone(),
                path,
                line,
            });
        }
    }
    Ok(FolderReading {
        doc,
        held: known.set_aside,
        cut,
        names,
        events: all.len(),
        taken_back: all.len() - standing.len(),
    })
}

/// A campaign written as one file that holds events aside: what a reading
/// of its folder said of them, said again. `None`: not a campaign, or it
/// holds none aside.
pub fn file_reading(doc: &Doc, rules: &RulesData) -> Option<FolderReading> {
    let c = doc.get::<Campaign>().filter(|c| !c.held.is_empty())?;
    let held = crate::rules::campaign::journals::held_of(c, rules);
    let names = (held.iter())
        .filter_map(|a| {
            let by = a.entry.stamp.as_ref()?.by.clone()?;
            Some((a.machine.clone(), by))
        })
        .collect();
    Some(FolderReading {
        doc: doc.clone(),
        events: c.journal.len() + held.len(),
        held,
        cut: Vec::new(),
        names,
        taken_back: 0,
    })
}

/// Whether the campaign's start is still the one known: its size and time
/// as known, or, when a sync tool wrote it again or touched it, the same
/// bytes (then known as it is now). Only a start whose bytes changed is
/// news; a touch that is none must not stop this machine's saves.
fn start_as_known(known: &mut Known, start: &Path) -> bool {
    let seen = Seen::of(start);
    if known.start_seen == seen {
        return true;
    }
    let same = fs::read(start).is_ok_and(|b| FileHash::of(&b) == known.start_hash);
    if same {
        known.start_seen = seen;
    }
    same
}

/// Whether another installation wrote this machine's journal `path` (of
/// machine `own`) since this Muster last read or wrote it: bytes past
/// what is known that are not what this machine's last failed append
/// left, nor a line a crash cut off before it was read (the file is then
/// as it was read). Two installations writing as one machine: a copy of
/// one's folder, or an id file both read.
fn written_by_another(known: &Known, own: &MachineId, path: &Path) -> bool {
    let Some((seen, file)) = known.files.get(own) else {
        // Begun by another installation since the campaign was read here.
        return fs::metadata(path).is_ok_and(|m| m.len() > 0);
    };
    if Seen::of(path) == *seen {
        return false;
    }
    let Ok(bytes) = fs::read(path) else {
        return false;
    };
    let from = usize::try_from(file.good_len).unwrap_or(usize::MAX);
    // Shorter: replaced (by hand, or a sync tool's older copy), read again
    // whole at the next append, not another writer.
    let Some(extra) = bytes.get(from..) else {
        return false;
    };
    !extra.is_empty() && !known.attempt.as_bytes().starts_with(extra)
}

/// Whether `path` is a journaled campaign's folder.
pub fn is_folder(path: &Path) -> bool {
    path.join(START_FILE).is_file()
}
