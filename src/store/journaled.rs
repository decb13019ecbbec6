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
use std::fs::{self, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use serde::{Deserialize, Serialize};

mod snapshot;
pub(super) use snapshot::snapshots_folder;

use super::document::{DocError, SCHEMA_VERSION};
use super::{Seen, Store, StoreError, io_err};
use crate::rules::campaign::Entry;
use crate::rules::campaign::journals::{MachineJournal, Replayed, SetAside, replay_journals};
use crate::rules::{Campaign, Doc, DocKey, DocKind, RulesData};

/// The file of what the campaign started with, in its folder.
pub const START_FILE: &str = "start.json";
/// The extension of a machine's journal.
pub const JOURNAL_EXT: &str = "jsonl";
/// The journal format this Muster writes (the header's `format`).
pub const JOURNAL_FORMAT: u32 = 1;

/// The first line of a machine's journal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The journal format.
    pub format: u32,
    /// The schema version of the events (as a document's).
    pub schema: u32,
    /// The machine's id (the file's name).
    pub machine: String,
    /// The machine's name when the journal was begun.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

/// A machine taking back one of its own events (an undo).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakeBack {
    /// The event's stamp id.
    pub id: String,
}

/// The campaign renamed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rename {
    /// The new name.
    pub name: String,
    /// When, in UTC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
}

/// The players' choice between two events that clash: `keep` stands,
/// `over` is set aside, whichever machine made them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choose {
    /// The stamp id of the event kept.
    pub keep: String,
    /// The stamp id of the event set aside.
    pub over: String,
    /// When, in UTC (of two choices about one pair, the later stands).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
}

/// One line of a machine's journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Line {
    /// Whose journal (the first line).
    Journal(Header),
    /// An event, as a campaign's journal holds it.
    Entry(Box<Entry>),
    /// One of this machine's events taken back.
    TakeBack(TakeBack),
    /// The campaign's new name.
    Rename(Rename),
    /// The players' choice between two events that clash.
    Choose(Choose),
}

/// What tells an event apart: its stamp's id, or for an event without a
/// stamp (made by hand), its text.
pub fn entry_key(e: &Entry) -> String {
    match &e.stamp {
        Some(s) => s.id.clone(),
        None => serde_json::to_string(e).unwrap_or_default(),
    }
}

/// One machine's journal as read.
#[derive(Clone, Debug, Default)]
pub struct JournalFile {
    /// The header's machine name.
    pub name: String,
    /// Every event the file holds, in the order first written, each with
    /// whether it stands (not taken back).
    pub events: Vec<(Arc<Entry>, bool)>,
    /// Where each event is in `events`, by its key.
    pub index: HashMap<String, usize>,
    /// The renames, in the file's order.
    pub renames: Vec<Rename>,
    /// The choices between events that clash, in the file's order.
    pub choices: Vec<Choose>,
    /// Bytes up to the end of the last whole line.
    pub good_len: u64,
    /// A hash of those bytes: a snapshot of the campaign holds it, to
    /// know the file is still the one replayed.
    pub hash: FileHash,
    /// Whether a cut-off line follows.
    pub torn: bool,
    /// Whether a line could not be read: the file holds what came before
    /// it, and is read again whole when it changes.
    pub broken: bool,
}

impl JournalFile {
    /// The events that stand, in order.
    pub fn standing(&self) -> impl Iterator<Item = &Arc<Entry>> {
        self.events.iter().filter(|(_, s)| *s).map(|(e, _)| e)
    }

    /// Whether the file holds the event of this key (standing or not).
    pub fn holds(&self, key: &str) -> bool {
        self.index.contains_key(key)
    }

    /// Whether the file holds the event of this key, not taken back.
    pub fn stands(&self, key: &str) -> bool {
        self.index.get(key).is_some_and(|&i| self.events[i].1)
    }

    /// Counts `whole` (whole lines just read) as read.
    fn read_up_to(&mut self, whole: &[u8]) {
        self.good_len += whole.len() as u64;
        self.hash.more(whole);
    }

    /// Takes one more line into account.
    fn take(&mut self, line: Line) {
        match line {
            Line::Journal(h) => self.name = h.name,
            Line::Entry(e) => {
                let key = entry_key(&e);
                match self.index.get(&key) {
                    Some(&i) => self.events[i].1 = true,
                    None => {
                        self.index.insert(key, self.events.len());
                        self.events.push((Arc::new(*e), true));
                    }
                }
            }
            Line::TakeBack(t) => {
                if let Some(&i) = self.index.get(&t.id) {
                    self.events[i].1 = false;
                }
            }
            Line::Rename(r) => self.renames.push(r),
            Line::Choose(c) => self.choices.push(c),
        }
    }

    /// Reads the lines of `text` (the file from byte `good_len` on) into
    /// this journal: each whole line, the cut-off last one left for later.
    /// A line that cannot be read is refused with its number (`first_line`
    /// is the number of the first line of `text`).
    pub fn read_more(&mut self, text: &str, first_line: usize) -> Result<(), DocError> {
        let mut at = 0usize;
        let mut number = first_line;
        self.torn = false;
        while at < text.len() {
            let Some(end) = text[at..].find('\n').map(|n| at + n) else {
                self.torn = true;
                break;
            };
            let line = text[at..end].trim();
            if !line.is_empty() {
                let parsed: Line = serde_json::from_str(line)
                    .map_err(|e| DocError::from_json(&e, String::new()).on_line(number))?;
                if number == 1 {
                    check_header(&parsed)?;
                } else if matches!(parsed, Line::Journal(_)) {
                    return Err(DocError::JournalHeader { line: number });
                }
                self.take(parsed);
            } else if number == 1 {
                return Err(DocError::JournalHeader { line: 1 });
            }
            at = end + 1;
            number += 1;
        }
        Ok(())
    }
}

/// The first line must say whose journal it is, of a format and schema
/// this Muster reads.
fn check_header(line: &Line) -> Result<(), DocError> {
    match line {
        Line::Journal(h) if h.format > JOURNAL_FORMAT || h.schema > SCHEMA_VERSION => {
            Err(DocError::TooNew {
                found: u64::from(h.schema.max(h.format)),
            })
        }
        Line::Journal(_) => Ok(()),
        _ => Err(DocError::JournalHeader { line: 1 }),
    }
}

/// Reads another machine's journal: what can be read of it (the lines
/// before the first that cannot be), with why the rest cannot.
pub fn parse_journal_partly(text: &str) -> (JournalFile, Option<DocError>) {
    let mut j = JournalFile::default();
    match j.read_more(text, 1) {
        Ok(()) => {
            j.read_up_to(&text.as_bytes()[..whole_lines_len(text) as usize]);
            (j, None)
        }
        Err(e) => {
            j.broken = true;
            j.good_len = text.len() as u64;
            (j, Some(e))
        }
    }
}

/// Reads another machine's journal from its bytes, as far as it can be:
/// a file that is not all UTF-8 is read lossily, and read again whole at
/// each change.
pub fn parse_journal_bytes(bytes: &[u8]) -> (JournalFile, Option<DocError>) {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_journal_partly(text),
        Err(e) => {
            let (mut j, problem) = parse_journal_partly(&String::from_utf8_lossy(bytes));
            j.broken = true;
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count()
                + 1;
            let not_text = DocError::Syntax {
                message: "a byte that is not UTF-8 text".to_owned(),
                at: String::new(),
                line,
                column: 1,
            };
            (j, Some(problem.unwrap_or(not_text)))
        }
    }
}

/// Reads a journal's whole text.
pub fn parse_journal(text: &str) -> Result<JournalFile, DocError> {
    let mut j = JournalFile::default();
    j.read_more(text, 1)?;
    j.read_up_to(&text.as_bytes()[..whole_lines_len(text) as usize]);
    Ok(j)
}

/// A hash of a file's bytes, found incrementally as the file grows: the
/// same bytes give the same hash however they were read (eight bytes at a
/// time, FNV's multiplier then a rotation; the bytes of a word not yet
/// whole wait in `pending`), the same from one Muster and one machine to
/// the next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileHash {
    /// The hash of the whole words so far.
    pub words: u64,
    /// The bytes of the word under way, lowest first.
    pub pending: u64,
    /// How many there are (0 to 7).
    pub pending_len: u8,
}

impl FileHash {
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// The hash of `bytes`.
    pub fn of(bytes: &[u8]) -> Self {
        let mut h = Self::default();
        h.more(bytes);
        h
    }

    /// Takes `bytes` in, following those taken so far.
    pub fn more(&mut self, mut bytes: &[u8]) {
        while self.pending_len != 0 && !bytes.is_empty() {
            self.pending |= u64::from(bytes[0]) << (8 * u32::from(self.pending_len));
            self.pending_len += 1;
            bytes = &bytes[1..];
            if self.pending_len == 8 {
                self.word(self.pending);
                (self.pending, self.pending_len) = (0, 0);
            }
        }
        if self.pending_len != 0 {
            // Every byte went to the word under way.
            return;
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.word(u64::from_le_bytes(
                <[u8; 8]>::try_from(w).unwrap_or_default(),
            ));
        }
        for (i, b) in words.remainder().iter().enumerate() {
            self.pending |= u64::from(*b) << (8 * i);
        }
        self.pending_len = u8::try_from(words.remainder().len()).unwrap_or(0);
    }

    fn word(&mut self, w: u64) {
        self.words = (self.words ^ w).wrapping_mul(Self::PRIME).rotate_left(29);
    }
}

/// The length of `text` up to the end of its last whole line.
fn whole_lines_len(text: &str) -> u64 {
    text.rfind('\n').map_or(0, |n| n as u64 + 1)
}

/// What the store knows of one journaled campaign's files.
#[derive(Debug)]
pub(super) struct Known {
    /// `start.json` as last read or written.
    start_seen: Option<Seen>,
    /// A hash of its bytes.
    start_hash: FileHash,
    /// Its path.
    start_path: PathBuf,
    /// The campaign it holds, once read (a campaign opened from its
    /// snapshot reads it only when it must be replayed).
    start: Option<Arc<Campaign>>,
    /// How many events it holds: the campaign's first.
    start_len: usize,
    /// Its name.
    start_name: String,
    /// The keys of its journal's events.
    start_keys: HashSet<String>,
    /// Each machine's journal (by machine id): the file as last read or
    /// written, and what it holds.
    files: HashMap<String, (Option<Seen>, JournalFile)>,
    /// What the last replay set aside.
    set_aside: Vec<SetAside>,
    /// The events the players' choices set aside at the last replay.
    overruled: HashSet<String>,
    /// The campaign's name as its files gave it when last read or written.
    name: String,
    /// The events of the campaign last read or saved here: only an event
    /// that it held and the next save does not is taken back (an undo),
    /// never one merely held aside meanwhile.
    saved_keys: HashSet<String>,
    /// Each journal's length when this machine's snapshot of the campaign
    /// was last read or written (none: it has none).
    snapshot_of: Option<Vec<(String, u64)>>,
    /// Other machines' journals with a line that cannot be read, each
    /// with why: the campaign holds what comes before that line.
    unreadable: Vec<super::Unreadable>,
}

impl Known {
    /// What the campaign started with, read now if it was not yet.
    fn start(&mut self, kinds: &super::Kinds) -> Result<Arc<Campaign>, StoreError> {
        if let Some(s) = &self.start {
            return Ok(Arc::clone(s));
        }
        let seen = Seen::of(&self.start_path);
        let (s, hash) = read_start(kinds, &self.start_path)?;
        if hash != self.start_hash {
            // Replaced since the snapshot was read (a sync tool's): what is
            // known of it is the start read now.
            self.start_seen = seen;
            self.start_hash = hash;
            self.start_keys = s.journal.iter().map(|e| entry_key(e)).collect();
            self.start_len = s.journal.len();
            s.name.clone_into(&mut self.start_name);
        }
        self.start = Some(Arc::clone(&s));
        Ok(s)
    }

    /// Each journal's length as known.
    fn lengths(&self) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .files
            .iter()
            .map(|(m, (_, f))| (m.clone(), f.good_len))
            .collect();
        out.sort();
        out
    }

    /// Whether an event of this key is in the start or another machine's
    /// journal than `mine`.
    fn elsewhere(&self, key: &str, mine: &str) -> bool {
        self.start_keys.contains(key)
            || self
                .files
                .iter()
                .any(|(m, (_, f))| m != mine && f.holds(key))
    }
}

/// A change to one journaled campaign's files, seen on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrived {
    /// The machines whose journals grew or changed.
    pub machines: Vec<String>,
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
        key.kind == <Campaign as DocKind>::KIND && self.journal_dir(key).join(START_FILE).is_file()
    }

    /// This machine's journal file in the campaign's folder.
    pub fn own_journal(&self, key: &DocKey) -> PathBuf {
        self.journal_dir(key)
            .join(format!("{}.{JOURNAL_EXT}", self.machine().as_str()))
    }

    /// Reads a journaled campaign: its start, then every machine's
    /// journal, replayed. Each file is remembered as read.
    pub(super) fn read_journaled(&self, key: &DocKey) -> Result<Doc, StoreError> {
        let dir = self.journal_dir(key);
        // Read under the lock: a save appending meanwhile would otherwise
        // be forgotten by what is kept of the files.
        let mut map = self.journaled.lock().map_err(|_| StoreError::ReadOnly)?;
        let texts = read_journals(&dir)?;
        if let Some((known, campaign)) = self.read_snapshot(key, &dir, &texts) {
            map.insert(dir, known);
            return Ok(Doc::new(campaign));
        }
        let own = self.machine().as_str().to_owned();
        let mut known = known_from_texts(self.kinds(), &dir, texts, Some(&own))?;
        let print = self.rules_fingerprint();
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
        let own = self.machine().as_str();
        replay(
            self.kinds(),
            known,
            &key.id,
            self.rules().as_deref(),
            mine.map(|m| (own, m)),
        )
    }

    /// The other machines' journals of a campaign that cannot be read
    /// whole, each with why (the campaign holds what comes before).
    pub fn unreadable_journals(&self, key: &DocKey) -> Vec<super::Unreadable> {
        self.journaled
            .lock()
            .ok()
            .and_then(|m| m.get(&self.journal_dir(key)).map(|k| k.unreadable.clone()))
            .unwrap_or_default()
    }

    /// The keys of the events this machine made in a journaled campaign
    /// and took back since (undone here).
    pub fn taken_back_here(&self, key: &DocKey) -> HashSet<String> {
        let own = self.machine().as_str();
        self.journaled
            .lock()
            .ok()
            .and_then(|m| {
                let (_, file) = m.get(&self.journal_dir(key))?.files.get(own)?;
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
        self.journaled
            .lock()
            .ok()
            .and_then(|m| m.get(&self.journal_dir(key)).map(|k| k.set_aside.clone()))
            .unwrap_or_default()
    }

    /// The campaign with what arrived in other machines' journals since
    /// they were last read, this machine's events being those of `ours`
    /// that no other file holds. `None`: not journaled, or not read yet.
    pub fn with_arrivals(&self, ours: &Campaign) -> Result<Option<Doc>, StoreError> {
        let key = DocKey::new(<Campaign as DocKind>::KIND, ours.id.clone());
        let dir = self.journal_dir(&key);
        let Ok(mut map) = self.journaled.lock() else {
            return Ok(None);
        };
        let Some(known) = map.get_mut(&dir) else {
            return Ok(None);
        };
        let own = self.machine().as_str().to_owned();
        for (machine, path) in journal_files(&dir) {
            if machine == own {
                continue;
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
            .rules()
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
    pub(super) fn save_journaled(&self, c: &Campaign, check: bool) -> Result<PathBuf, StoreError> {
        let key = DocKey::new(<Campaign as DocKind>::KIND, c.id.clone());
        let dir = self.journal_dir(&key);
        let own_path = self.own_journal(&key);
        let own = self.machine().as_str().to_owned();
        if !dir.join(START_FILE).is_file() {
            self.begin_journals(&key, c, check)?;
        } else if self
            .journaled
            .lock()
            .map(|m| !m.contains_key(&dir))
            .unwrap_or(true)
        {
            self.read_journaled(&key)?;
        }
        let mut map = self.journaled.lock().map_err(|_| StoreError::ReadOnly)?;
        let Some(known) = map.get_mut(&dir) else {
            // Read just above, or begun: only a failed read leaves none.
            return Err(StoreError::Io {
                action: "io.read",
                source: std::io::Error::other("the campaign's journals were not read"),
                path: dir,
            });
        };
        let text = {
            let empty = JournalFile::default();
            let mine = known.files.get(&own).map_or(&empty, |(_, f)| f);
            new_lines(c, known, mine, &own)
        };
        known.name.clone_from(&c.name);
        known.saved_keys = c.journal.iter().map(|e| entry_key(e)).collect();
        if text.is_empty() && own_path.exists() {
            return Ok(own_path);
        }
        let written = self.append_lines(known, &own_path, &text)?;
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
        let mut map = self.journaled.lock().map_err(|_| StoreError::ReadOnly)?;
        let Some(known) = map.get_mut(&dir) else {
            return Err(StoreError::Io {
                action: "io.read",
                source: std::io::Error::other("the campaign's journals were not read"),
                path: dir,
            });
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

    /// Appends `text` (whole lines) to this machine's journal, its header
    /// first when the journal is new, and takes them into what is known
    /// of it. The file is returned to be synced.
    fn append_lines(
        &self,
        known: &mut Known,
        own_path: &Path,
        text: &str,
    ) -> Result<fs::File, StoreError> {
        let own = self.machine().as_str().to_owned();
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
                name: self.machine_name(),
            }))
        };
        let all = format!("{header}{text}");
        let written = self.append(own_path, file, &all)?;
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
        if check && on_disk.is_some() && on_disk != self.last_seen(&single) {
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
        self.write_atomic(&start_path, text.as_bytes())?;
        let hash = FileHash::of(text.as_bytes());
        let mut known = Known::of_start((Arc::new(start), hash), Seen::of(&start_path), start_path);
        known.saved_keys.clone_from(&known.start_keys);
        if let Ok(mut map) = self.journaled.lock() {
            map.insert(dir, known);
        }
        // The single file it was: among the backups, then gone.
        if single.exists() {
            self.backup(key, &single)?;
            fs::remove_file(&single).map_err(io_err("io.remove", &single))?;
            self.remember(&single);
            self.mark_foreign(&single, false);
        }
        Ok(())
    }

    /// Appends `text` to this machine's journal, first cutting away a line
    /// a crash cut off. The file is returned to be synced.
    fn append(
        &self,
        path: &Path,
        file: &mut JournalFile,
        text: &str,
    ) -> Result<fs::File, StoreError> {
        use std::io::{Seek as _, SeekFrom};
        // Tests: a disk that fills up part-way (see `fail_writes_after`).
        let budget = self.write_budget.load(Ordering::SeqCst);
        let wanted = u64::try_from(text.len()).unwrap_or(u64::MAX);
        if budget != u64::MAX {
            self.write_budget
                .store(budget.saturating_sub(wanted), Ordering::SeqCst);
        }
        // Opened for writing, not appending, so that a line cut off by a
        // crash can be cut away on every system.
        let mut f = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(io_err("io.create", path))?;
        let len = f.metadata().map_err(io_err("io.read", path))?.len();
        if len > file.good_len {
            f.set_len(file.good_len).map_err(io_err("io.write", path))?;
        }
        f.seek(SeekFrom::Start(file.good_len))
            .map_err(io_err("io.write", path))?;
        if wanted > budget {
            let part = usize::try_from(budget).unwrap_or(0).min(text.len());
            let _ = f.write_all(&text.as_bytes()[..part]);
            let full = std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "no space left on device (simulated)",
            );
            return Err(io_err("io.write", path)(full));
        }
        f.write_all(text.as_bytes())
            .map_err(io_err("io.write", path))?;
        Ok(f)
    }

    /// The journaled campaigns' files another program changed since Muster
    /// read or wrote them: the campaigns, each with the machines whose
    /// journals changed (none: its start changed or it is new).
    pub fn journal_changes(&self) -> Vec<(DocKey, PathBuf, Arrived)> {
        let folder = self.dir().join(<Campaign as DocKind>::FOLDER);
        let Ok(entries) = fs::read_dir(&folder) else {
            return Vec::new();
        };
        let own = self.machine().as_str().to_owned();
        let map = self.journaled.lock().ok();
        let mut out = Vec::new();
        for dir in entries.filter_map(Result::ok).map(|e| e.path()) {
            if !dir.join(START_FILE).is_file() {
                continue;
            }
            let Some(id) = dir.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            let key = DocKey::new(<Campaign as DocKind>::KIND, id);
            // A campaign not read yet, or whose start changed: read whole.
            let known = map.as_ref().and_then(|m| m.get(&dir));
            let Some(known) = known.filter(|k| k.start_seen == Seen::of(&dir.join(START_FILE)))
            else {
                let machines = Vec::new();
                out.push((key, dir, Arrived { machines }));
                continue;
            };
            let machines: Vec<String> = journal_files(&dir)
                .into_iter()
                .filter(|(m, p)| {
                    *m != own && known.files.get(m).map(|(s, _)| *s) != Some(Seen::of(p))
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
        if let Ok(mut map) = self.journaled.lock() {
            map.remove(&dir);
        }
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
        let folder = self.dir().join(<Campaign as DocKind>::FOLDER);
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

/// Reads a journaled campaign's folder: its start and every machine's
/// journal.
fn load_known(kinds: &super::Kinds, dir: &Path) -> Result<Known, StoreError> {
    let texts = read_journals(dir)?;
    known_from_texts(kinds, dir, texts, None)
}

/// A machine's journal as it is on disk: its machine id, its path, the
/// file's size and time when read, and its text.
struct JournalText {
    machine: String,
    path: PathBuf,
    seen: Option<Seen>,
    bytes: Vec<u8>,
}

/// Reads every machine's journal in a campaign's folder.
fn read_journals(dir: &Path) -> Result<Vec<JournalText>, StoreError> {
    journal_files(dir)
        .into_iter()
        .map(|(machine, path)| {
            let seen = Seen::of(&path);
            let bytes = fs::read(&path).map_err(io_err("io.read", &path))?;
            Ok(JournalText {
                machine,
                path,
                seen,
                bytes,
            })
        })
        .collect()
}

/// What the campaign's folder holds: its start, read, and every journal
/// of `texts`, parsed; other machines' than `own` as far as they can be.
fn known_from_texts(
    kinds: &super::Kinds,
    dir: &Path,
    texts: Vec<JournalText>,
    own: Option<&str>,
) -> Result<Known, StoreError> {
    let start_path = dir.join(START_FILE);
    let start_seen = Seen::of(&start_path);
    let start = read_start(kinds, &start_path)?;
    let mut known = Known::of_start(start, start_seen, start_path);
    for JournalText {
        machine,
        path,
        seen,
        bytes,
    } in texts
    {
        // This machine's own journal must read whole, as it is appended
        // to; another's is read as far as it can be. Without a machine
        // (`muster check`), every journal must read whole.
        if own.is_none_or(|o| o == machine) {
            let text = String::from_utf8(bytes).map_err(|e| StoreError::Io {
                action: "io.read",
                source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
                path: path.clone(),
            })?;
            let file =
                parse_journal(&text).map_err(|reason| StoreError::Document { reason, path })?;
            known.files.insert(machine, (seen, file));
        } else {
            known.take_partly(machine, &path, seen, parse_journal_bytes(&bytes));
        }
    }
    Ok(known)
}

/// Reads a campaign's start, with the hash of its bytes.
fn read_start(kinds: &super::Kinds, path: &Path) -> Result<(Arc<Campaign>, FileHash), StoreError> {
    let bytes = fs::read(path).map_err(io_err("io.read", path))?;
    let hash = FileHash::of(&bytes);
    let text = String::from_utf8(bytes).map_err(|e| StoreError::Io {
        action: "io.read",
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
        path: path.to_path_buf(),
    })?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let doc = kinds
        .parse(&text, &stem)
        .map_err(|reason| StoreError::Document {
            reason,
            path: path.to_path_buf(),
        })?;
    match doc {
        Doc::Campaign(c) => Ok((c, hash)),
        other => Err(StoreError::Document {
            reason: DocError::WrongKind {
                found: other.kind().to_owned(),
                expected: <Campaign as DocKind>::KIND,
            },
            path: path.to_path_buf(),
        }),
    }
}

impl Known {
    /// A campaign's folder holding only its start, as read.
    fn of_start(
        (start, start_hash): (Arc<Campaign>, FileHash),
        start_seen: Option<Seen>,
        start_path: PathBuf,
    ) -> Self {
        Self {
            start_seen,
            start_hash,
            start_path,
            start_keys: start.journal.iter().map(|e| entry_key(e)).collect(),
            start_len: start.journal.len(),
            start_name: start.name.clone(),
            name: start.name.clone(),
            start: Some(start),
            files: HashMap::new(),
            set_aside: Vec::new(),
            overruled: HashSet::new(),
            saved_keys: HashSet::new(),
            snapshot_of: None,
            unreadable: Vec::new(),
        }
    }

    /// Takes in another machine's journal as read: what can be read of
    /// it, and why the rest cannot.
    fn take_partly(
        &mut self,
        machine: String,
        path: &Path,
        seen: Option<Seen>,
        (file, problem): (JournalFile, Option<DocError>),
    ) {
        self.unreadable.retain(|u| u.path != path);
        if let Some(reason) = problem {
            log::warn!("a journal is read in part: {reason:?}: {}", path.display());
            self.unreadable.push(super::Unreadable {
                path: path.to_path_buf(),
                reason: super::ReadError::Document(reason),
            });
        }
        self.files.insert(machine, (seen, file));
    }
}

/// The campaign `id` the known files give: the start, then every
/// machine's standing events, one machine's taken from `mine` when given
/// (`(machine, events)`) rather than from its file. What does not apply
/// is kept in `known.set_aside`. Without rules (the built-in ones do not
/// read, which a test forbids) the start alone.
fn replay(
    kinds: &super::Kinds,
    known: &mut Known,
    id: &str,
    rules: Option<&RulesData>,
    mine: Option<(&str, &[Arc<Entry>])>,
) -> Result<Doc, StoreError> {
    let overruled = overruled(&known.files);
    let stands = |e: &&Arc<Entry>| !overruled.contains(&entry_key(e));
    let mut journals: Vec<MachineJournal> = known
        .files
        .iter()
        .filter(|(m, _)| mine.is_none_or(|(own, _)| m.as_str() != own))
        .map(|(m, (_, f))| MachineJournal {
            machine: m.clone(),
            events: f.standing().filter(stands).cloned().collect(),
        })
        .collect();
    if let Some((own, events)) = mine {
        journals.push(MachineJournal {
            machine: own.to_owned(),
            events: events.iter().filter(stands).cloned().collect(),
        });
    }
    // The order between machines is the stamps'; the machines' ids only
    // settle exact ties, the same everywhere. Within a journal, an event
    // this machine took in from elsewhere (a merged file) goes where its
    // own time puts it, as the merge put it; its own keep their order.
    journals.sort_by(|a, b| a.machine.cmp(&b.machine));
    for j in &mut journals {
        j.events.sort_by(|a, b| stamp_time(a).cmp(stamp_time(b)));
    }
    let start = known.start(kinds)?;
    let Some(rules) = rules else {
        log::error!("the built-in rules do not read: the journals are not replayed");
        return Ok(Doc::new(Campaign::clone(&start)));
    };
    let Replayed {
        mut campaign,
        mut set_aside,
        ..
    } = replay_journals(&start, &journals, rules);
    set_aside.extend(chosen_aside(&known.files, &overruled, &campaign));
    known.set_aside = set_aside;
    known.overruled = overruled;
    id.clone_into(&mut campaign.id);
    if let Some(name) = newest_name(&known.files) {
        campaign.name = name;
    }
    if mine.is_none() {
        // Read from the files alone: what they hold now.
        known.name.clone_from(&campaign.name);
        known.saved_keys = campaign.journal.iter().map(|e| entry_key(e)).collect();
    }
    Ok(Doc::new(campaign))
}

/// Reads a journaled campaign's folder (`muster check`, `print`,
/// `export`), replayed by `rules`, with what its replay set aside.
pub fn read_folder(
    kinds: &super::Kinds,
    dir: &Path,
    rules: &RulesData,
) -> Result<(Doc, Vec<SetAside>), StoreError> {
    let mut known = load_known(kinds, dir)?;
    let id = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let doc = replay(kinds, &mut known, &id, Some(rules), None)?;
    Ok((doc, known.set_aside))
}

/// Whether `path` is a journaled campaign's folder.
pub fn is_folder(path: &Path) -> bool {
    path.join(START_FILE).is_file()
}

/// Whether `c` continues the campaign `s`: its journal begins with every
/// event of `s`'s.
fn continues(c: &Campaign, s: &Campaign) -> bool {
    s.journal.len() <= c.journal.len()
        && s.journal
            .iter()
            .zip(&c.journal)
            .all(|(a, b)| entry_key(a) == entry_key(b))
}

/// The lines this machine must append for the campaign `c` to stand as
/// it is: its events no file holds yet (or that it took back and does
/// again), a taking-back for each of its events `c` no longer holds, and
/// the new name.
fn new_lines(c: &Campaign, known: &Known, mine: &JournalFile, own: &str) -> String {
    let mut out = String::new();
    let mut present = HashSet::with_capacity(c.journal.len());
    for e in &c.journal {
        let key = entry_key(e);
        let write = match mine.index.get(&key) {
            Some(&i) => !mine.events[i].1,
            None => !known.elsewhere(&key, own),
        };
        if write {
            out.push_str(&line_text(&Line::Entry(Box::new(Entry::clone(e)))));
        }
        present.insert(key);
    }
    // An event set aside (another machine's came first) is held, not
    // taken back.
    let aside: HashSet<String> = known
        .set_aside
        .iter()
        .map(|s| entry_key(&s.entry))
        .collect();
    for (e, standing) in &mine.events {
        let key = entry_key(e);
        let undone = known.saved_keys.contains(&key) && !present.contains(&key);
        if *standing && undone && !aside.contains(&key) {
            out.push_str(&line_text(&Line::TakeBack(TakeBack { id: key })));
        }
    }
    if c.name != known.name {
        out.push_str(&line_text(&Line::Rename(Rename {
            name: c.name.clone(),
            at: Some(super::machine::utc_now()),
        })));
    }
    out
}

/// `ours` with the other machines' new events played on top, when that is
/// what the whole replay gives: none of the events `ours` holds was taken
/// back or chosen against since, and every new event comes after its last
/// in the order (the usual case at the table: what another machine just
/// did). `None`: the whole campaign must be replayed.
fn played_on_top(
    ours: &Campaign,
    known: &mut Known,
    own: &str,
    rules: &RulesData,
) -> Option<Campaign> {
    // Anything held aside or chosen against may apply again, or its card
    // change: the whole replay settles it.
    if !known.set_aside.is_empty()
        || overruled(&known.files) != known.overruled
        || !in_order(ours, known, own)
    {
        return None;
    }
    let held: HashSet<String> = ours.journal.iter().map(|e| entry_key(e)).collect();
    let aside: HashSet<String> = known
        .set_aside
        .iter()
        .map(|s| entry_key(&s.entry))
        .collect();
    let mut fresh: Vec<MachineJournal> = Vec::new();
    for (m, (_, f)) in known.files.iter().filter(|(m, _)| m.as_str() != own) {
        let mut events = Vec::new();
        for (e, standing) in &f.events {
            let k = entry_key(e);
            match (standing, held.contains(&k)) {
                // Taken back there, but standing here.
                (false, true) => return None,
                (true, false) if !aside.contains(&k) => events.push(Arc::clone(e)),
                _ => {}
            }
        }
        if !events.is_empty() {
            events.sort_by(|a, b| stamp_time(a).cmp(stamp_time(b)));
            fresh.push(MachineJournal {
                machine: m.clone(),
                events,
            });
        }
    }
    if fresh.is_empty() {
        return Some(ours.clone());
    }
    fresh.sort_by(|a, b| a.machine.cmp(&b.machine));
    // Every new event after the last one held, in the order.
    if let Some(last) = ours.journal.last() {
        let last_key = entry_key(last);
        let machine = known
            .files
            .iter()
            .find(|(_, (_, f))| f.holds(&last_key))
            .map_or(own, |(m, _)| m.as_str());
        // By time, then machine; a machine's events of one second keep
        // its journal's order, so an equal place (its own next event) is
        // after.
        let order = |e: &Entry, m: &str| (stamp_time(e).to_owned(), m.to_owned());
        let after = order(last, machine);
        let first_new = fresh
            .iter()
            .flat_map(|j| j.events.first().map(|e| order(e, &j.machine)))
            .min()?;
        if first_new < after {
            return None;
        }
    }
    let Replayed {
        campaign,
        set_aside,
        ..
    } = replay_journals(ours, &fresh, rules);
    // An event that does not apply: the whole replay finds its rival.
    set_aside.is_empty().then_some(campaign)
}

/// Whether the events `ours` holds after the start are in the one order
/// (a machine whose clock lagged may have made an event that goes before
/// one it had already seen: then only the whole replay puts it in place).
fn in_order(ours: &Campaign, known: &Known, own: &str) -> bool {
    let whose: HashMap<String, &str> = known
        .files
        .iter()
        .flat_map(|(m, (_, f))| f.index.keys().map(move |k| (k.clone(), m.as_str())))
        .collect();
    // The one order merges the machines' journals by time, then machine;
    // one machine's events of one second keep their journal's order.
    let start = known.start_len;
    let mut last: Option<(&str, &str)> = None;
    for e in ours.journal.iter().skip(start) {
        let Some(stamp) = e.stamp.as_ref() else {
            return false;
        };
        let machine = whose.get(&stamp.id).copied().unwrap_or(own);
        let key = (stamp.at.as_deref().unwrap_or(""), machine);
        if last.is_some_and(|l| l > key) {
            return false;
        }
        last = Some(key);
    }
    true
}

/// This machine's events for `ours` to stand: those of its journal that
/// `ours` holds or that the last replay set aside (in the journal's
/// order), then those of `ours` no file holds yet (not saved).
fn own_events(ours: &Campaign, known: &Known, own: &str) -> Vec<Arc<Entry>> {
    let held: HashSet<String> = ours.journal.iter().map(|e| entry_key(e)).collect();
    let aside: HashSet<String> = known
        .set_aside
        .iter()
        .map(|s| entry_key(&s.entry))
        .collect();
    let empty = JournalFile::default();
    let file = known.files.get(own).map_or(&empty, |(_, f)| f);
    let mut out: Vec<Arc<Entry>> = file
        .standing()
        .filter(|e| {
            let k = entry_key(e);
            held.contains(&k) || aside.contains(&k)
        })
        .cloned()
        .collect();
    out.extend(
        ours.journal
            .iter()
            .filter(|e| {
                let k = entry_key(e);
                !file.stands(&k) && !known.elsewhere(&k, own)
            })
            .cloned(),
    );
    out
}

/// The time an event was made ("" when unknown: such events keep their
/// place).
fn stamp_time(e: &Entry) -> &str {
    e.stamp.as_ref().and_then(|s| s.at.as_deref()).unwrap_or("")
}

/// One line's text, with its newline.
fn line_text(line: &Line) -> String {
    let mut s = serde_json::to_string(line).unwrap_or_default();
    s.push('\n');
    s
}

/// The events the players chose to set aside: of the choices about one
/// pair of events, the latest (by its time, then machine) stands.
fn overruled(files: &HashMap<String, (Option<Seen>, JournalFile)>) -> HashSet<String> {
    let mut latest: HashMap<(&str, &str), (&str, &str, &Choose)> = HashMap::new();
    for (m, (_, f)) in files {
        for c in &f.choices {
            let pair = if c.keep < c.over {
                (c.keep.as_str(), c.over.as_str())
            } else {
                (c.over.as_str(), c.keep.as_str())
            };
            let rank = (c.at.as_deref().unwrap_or(""), m.as_str(), c);
            let newer = latest
                .get(&pair)
                .is_none_or(|(at, mm, _)| (rank.0, rank.1) > (*at, *mm));
            if newer {
                latest.insert(pair, rank);
            }
        }
    }
    latest.values().map(|(_, _, c)| c.over.clone()).collect()
}

/// The events the players chose to set aside, each beside the event kept
/// instead, so that they may choose again.
fn chosen_aside(
    files: &HashMap<String, (Option<Seen>, JournalFile)>,
    overruled: &HashSet<String>,
    campaign: &Campaign,
) -> Vec<SetAside> {
    let mut out = Vec::new();
    for (m, (_, f)) in files {
        for e in f.standing().filter(|e| overruled.contains(&entry_key(e))) {
            let key = entry_key(e);
            let kept = files
                .iter()
                .flat_map(|(mm, (_, g))| {
                    g.choices
                        .iter()
                        .map(move |c| (c.at.as_deref().unwrap_or(""), mm.as_str(), c))
                })
                .filter(|(_, _, c)| c.over == key)
                .max_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)))
                .map(|(_, _, c)| c.keep.clone());
            let rival =
                kept.and_then(|k| campaign.journal.iter().find(|x| entry_key(x) == k).cloned());
            out.push(SetAside {
                entry: Arc::clone(e),
                machine: m.clone(),
                why: crate::rules::Problem::new("CMP-13", "held.by_choice"),
                rival,
            });
        }
    }
    out
}

/// The newest name the journals give (by its time, then machine), if any.
fn newest_name(files: &HashMap<String, (Option<Seen>, JournalFile)>) -> Option<String> {
    files
        .iter()
        .flat_map(|(m, (_, f))| {
            f.renames
                .iter()
                .map(move |r| (r.at.as_deref().unwrap_or(""), m, &r.name))
        })
        .max()
        .map(|(_, _, n)| n.clone())
}

/// The journals in a campaign's folder, by machine id.
fn journal_files(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == JOURNAL_EXT))
                .filter_map(|p| {
                    let stem = p.file_stem()?.to_str()?.to_owned();
                    (!stem.starts_with('.')).then_some((stem, p))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Reads what was appended to a journal since `file` was read (or the
/// whole file again when it shrank: a file replaced, not appended to).
fn read_tail(path: &Path, file: &mut JournalFile) -> Result<(), StoreError> {
    let bytes = fs::read(path).map_err(io_err("io.read", path))?;
    let refused = |reason| StoreError::Document {
        reason,
        path: path.to_path_buf(),
    };
    let from = usize::try_from(file.good_len).unwrap_or(usize::MAX);
    if from > bytes.len() || from == 0 {
        let text = String::from_utf8_lossy(&bytes);
        *file = parse_journal(&text).map_err(refused)?;
        return Ok(());
    }
    let tail = String::from_utf8_lossy(&bytes[from..]);
    let lines_before = bytes[..from].iter().filter(|b| **b == b'\n').count();
    file.read_more(&tail, lines_before + 1).map_err(refused)?;
    // Hashed as the file holds it (the text is lossy where it is not
    // UTF-8, which reading it refuses anyway).
    let whole = bytes[from..]
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |n| n + 1);
    file.read_up_to(&bytes[from..from + whole]);
    Ok(())
}
