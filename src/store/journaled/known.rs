//! What the store knows of one journaled campaign's files: its start,
//! every machine's journal as read, and what the last replay found.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::START_FILE;
use super::file::{
    FileHash, JournalFile, entry_key, journal_files, journal_text, parse_journal,
    parse_journal_bytes,
};
use crate::rules::campaign::MachineId;
use crate::rules::campaign::journals::SetAside;
use crate::rules::{Campaign, Doc, Document};
use crate::store::document::DocError;
use crate::store::{Kinds, Seen, StoreError, io_err};

/// What the store knows of one journaled campaign's files.
#[derive(Clone, Debug)]
pub(in crate::store) struct Known {
    /// `start.json` as last read or written.
    pub(super) start_seen: Option<Seen>,
    /// A hash of its bytes.
    pub(super) start_hash: FileHash,
    /// Its path.
    pub(super) start_path: PathBuf,
    /// The campaign it holds, once read (a campaign opened from its
    /// snapshot reads it only when it must be replayed).
    pub(super) start: Option<Arc<Campaign>>,
    /// How many events it holds: the campaign's first.
    pub(super) start_len: usize,
    /// Its name.
    pub(super) start_name: String,
    /// The keys of its journal's events.
    pub(super) start_keys: HashSet<String>,
    /// Each machine's journal (by machine id): the file as last read or
    /// written, and what it holds.
    pub(super) files: HashMap<MachineId, (Option<Seen>, JournalFile)>,
    /// What the last replay set aside.
    pub(super) set_aside: Vec<SetAside>,
    /// The events the players' choices set aside at the last replay.
    pub(super) overruled: HashSet<String>,
    /// The campaign's name as its files gave it when last read or written.
    pub(super) name: String,
    /// The events of the campaign last read or saved here: only an event
    /// that it held and the next save does not is taken back (an undo),
    /// never one merely held aside meanwhile.
    pub(super) saved_keys: HashSet<String>,
    /// Each journal's length when this machine's snapshot of the campaign
    /// was last read or written (none: it has none).
    pub(super) snapshot_of: Option<Vec<(MachineId, u64)>>,
    /// Other machines' journals with a line that cannot be read, each
    /// with why: the campaign holds what comes before that line.
    pub(super) unreadable: Vec<crate::store::Unreadable>,
    /// The text of this machine's last append that failed (a full disk):
    /// what of it landed in its journal is its own, not another writer's.
    pub(super) attempt: String,
    /// The journal as this machine's last save left it, while nothing else
    /// of the campaign's files changed since: the next save looks only at
    /// the events after the ones it still shares.
    pub(super) last_save: Option<LastSave>,
}

/// The journal a save left, and the files it left it with.
#[derive(Clone, Debug)]
pub(in crate::store) struct LastSave {
    /// The campaign saved (its events, in their order, are the ones the
    /// next save compares with, one by one, as the same allocations).
    pub(super) doc: Doc,
    /// Their keys.
    pub(super) keys: Vec<String>,
    /// What else the save was made against.
    pub(super) files: FilesSeen,
}

/// What the save's decisions depend on besides the journal: the start,
/// every machine's journal, what is set aside or overruled, the name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::store) struct FilesSeen {
    start: FileHash,
    journals: Vec<(MachineId, u64, usize)>,
    set_aside: usize,
    overruled: usize,
    name: String,
}

impl Known {
    /// What the save's decisions depend on now, besides the journal.
    pub(super) fn files_seen(&self) -> FilesSeen {
        let mut journals: Vec<(MachineId, u64, usize)> = self
            .files
            .iter()
            .map(|(m, (_, f))| (m.clone(), f.good_len, f.events.len()))
            .collect();
        journals.sort();
        FilesSeen {
            start: self.start_hash,
            journals,
            set_aside: self.set_aside.len(),
            overruled: self.overruled.len(),
            name: self.name.clone(),
        }
    }
}

impl Known {
    /// What the campaign started with, read now if it was not yet.
    pub(super) fn start(&mut self, kinds: &Kinds) -> Result<Arc<Campaign>, StoreError> {
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
    pub(super) fn lengths(&self) -> Vec<(MachineId, u64)> {
        let mut out: Vec<(MachineId, u64)> = self
            .files
            .iter()
            .map(|(m, (_, f))| (m.clone(), f.good_len))
            .collect();
        out.sort();
        out
    }

    /// Whether an event of this key is in the start or another machine's
    /// journal than `mine`.
    pub(super) fn elsewhere(&self, key: &str, mine: &MachineId) -> bool {
        self.start_keys.contains(key)
            || self
                .files
                .iter()
                .any(|(m, (_, f))| m != mine && f.holds(key))
    }
}

/// Reads a journaled campaign's folder: its start and every machine's
/// journal.
pub(super) fn load_known(kinds: &Kinds, dir: &Path) -> Result<Known, StoreError> {
    let texts = read_journals(dir)?;
    known_from_texts(kinds, dir, texts, None)
}

/// A machine's journal as it is on disk: its machine id, its path, the
/// file's size and time when read, and its text.
pub(super) struct JournalText {
    pub(super) machine: MachineId,
    pub(super) path: PathBuf,
    pub(super) seen: Option<Seen>,
    pub(super) bytes: Vec<u8>,
}

/// Reads every machine's journal in a campaign's folder.
pub(super) fn read_journals(dir: &Path) -> Result<Vec<JournalText>, StoreError> {
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
pub(super) fn known_from_texts(
    kinds: &Kinds,
    dir: &Path,
    texts: Vec<JournalText>,
    own: Option<&MachineId>,
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
        if own.is_none_or(|o| *o == machine) {
            let text = journal_text(&bytes).map_err(|reason| StoreError::Document {
                reason,
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
pub(super) fn read_start(
    kinds: &Kinds,
    path: &Path,
) -> Result<(Arc<Campaign>, FileHash), StoreError> {
    let bytes = fs::read(path).map_err(io_err("io.read", path))?;
    let hash = FileHash::of(&bytes);
    let text = String::from_utf8(bytes).map_err(|e| StoreError::Document {
        reason: DocError::not_text(e.as_bytes(), e.utf8_error().valid_up_to()),
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
                found: other.kind().to_string(),
                expected: <Campaign as Document>::KIND.as_str(),
            },
            path: path.to_path_buf(),
        }),
    }
}

impl Known {
    /// A campaign's folder holding only its start, as read.
    pub(super) fn of_start(
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
            attempt: String::new(),
            last_save: None,
        }
    }

    /// Takes in another machine's journal as read: what can be read of
    /// it, and why the rest cannot.
    pub(super) fn take_partly(
        &mut self,
        machine: MachineId,
        path: &Path,
        seen: Option<Seen>,
        (file, problem): (JournalFile, Option<DocError>),
    ) {
        self.unreadable.retain(|u| u.path != path);
        if let Some(reason) = problem {
            log::warn!("a journal is read in part: {reason:?}: {}", path.display());
            self.unreadable.push(crate::store::Unreadable {
                path: path.to_path_buf(),
                reason: crate::store::ReadError::Document(reason),
                machine: file.name.clone(),
            });
        }
        self.files.insert(machine, (seen, file));
    }
}
