//! The disk as the store uses it: whole files written atomically, a
//! journal's lines appended, and what was last read or written of each
//! file (another program's change shows as a difference). One lock. The
//! writes go through the [`Medium`] chosen when the store opens.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::SystemTime;

use super::document::KeptTexts;
use super::error::DiskFailure;
use super::medium::Medium;

/// What the store last saw of a file: if it differs now, another program
/// changed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Seen {
    len: u64,
    modified: Option<SystemTime>,
}

impl Seen {
    /// The file as it is now (`None`: there is none).
    pub(crate) fn of(path: &Path) -> Option<Self> {
        let meta = fs::metadata(path).ok()?;
        Some(Self {
            len: meta.len(),
            modified: meta.modified().ok(),
        })
    }
}

/// What the store remembers of the files it read and wrote.
#[derive(Debug, Default)]
struct Memory {
    /// What was last read or written of each file.
    seen: HashMap<PathBuf, Seen>,
    /// Files whose version, written by another program, Muster has read
    /// since: the next save over one backs it up first, whenever the last
    /// backup was made (undoing the reload would otherwise drop it).
    foreign: HashSet<PathBuf>,
    /// The texts of the shared items (a campaign's journal entries and
    /// characters) each file was last saved with: the next save makes the
    /// new and changed ones only.
    kept: HashMap<PathBuf, KeptTexts>,
}

/// The store's disk.
#[derive(Debug)]
pub struct Disk {
    /// What the files are written on.
    medium: Arc<dyn Medium>,
    memory: Mutex<Memory>,
}

impl Disk {
    /// The disk writing on `medium`, remembering nothing yet.
    pub(crate) fn on(medium: Arc<dyn Medium>) -> Self {
        Self {
            medium,
            memory: Mutex::new(Memory::default()),
        }
    }

    /// What the files are written on.
    pub(crate) fn medium(&self) -> Arc<dyn Medium> {
        Arc::clone(&self.medium)
    }

    /// Writes a whole file atomically: a crash leaves the old file or the
    /// new, never half of one.
    pub(crate) fn write_atomic(&self, path: &Path, bytes: &[u8]) -> Result<(), DiskFailure> {
        self.medium.write_atomic(path, bytes)
    }

    /// Writes `text` at `good_len` of the file at `path`, first cutting
    /// away what lies past it (a line a crash cut off). The file is
    /// returned to be synced.
    pub(crate) fn append_at(
        &self,
        path: &Path,
        good_len: u64,
        text: &str,
    ) -> Result<fs::File, DiskFailure> {
        self.medium.write_at(path, good_len, text.as_bytes())
    }

    /// What is remembered. A thread that panicked while holding it left
    /// at worst a file remembered wrongly, which is then read again.
    fn memory(&self) -> MutexGuard<'_, Memory> {
        self.memory.lock().unwrap_or_else(|poisoned| {
            self.memory.clear_poison();
            poisoned.into_inner()
        })
    }

    /// Remembers the file as it is now (gone: forgotten).
    pub(crate) fn remember(&self, path: &Path) {
        let seen = Seen::of(path);
        let mut memory = self.memory();
        match seen {
            Some(seen) => {
                memory.seen.insert(path.to_path_buf(), seen);
            }
            None => {
                memory.seen.remove(path);
            }
        }
    }

    /// Remembers the file as it was when it was read.
    pub(crate) fn remember_as(&self, path: &Path, seen: Seen) {
        self.memory().seen.insert(path.to_path_buf(), seen);
    }

    /// What was last read or written of the file.
    pub(crate) fn last_seen(&self, path: &Path) -> Option<Seen> {
        self.memory().seen.get(path).copied()
    }

    /// Every file remembered, as last read or written.
    pub(crate) fn all_seen(&self) -> HashMap<PathBuf, Seen> {
        self.memory().seen.clone()
    }

    /// Forgets every file, giving what was remembered (the library read
    /// anew remembers what it reads).
    pub(crate) fn forget_all_seen(&self) -> HashMap<PathBuf, Seen> {
        std::mem::take(&mut self.memory().seen)
    }

    /// Notes that the file holds another program's version, about to be
    /// read (`foreign`), or that Muster wrote or removed it (`!foreign`).
    pub(crate) fn mark_foreign(&self, path: &Path, foreign: bool) {
        let mut memory = self.memory();
        if foreign {
            memory.foreign.insert(path.to_path_buf());
        } else {
            memory.foreign.remove(path);
        }
    }

    /// Whether the file holds another program's version, read since.
    pub(crate) fn is_foreign(&self, path: &Path) -> bool {
        self.memory().foreign.contains(path)
    }

    /// Runs `f` on the item texts the file at `path` was last saved with.
    pub(crate) fn with_kept<R>(&self, path: &Path, f: impl FnOnce(&mut KeptTexts) -> R) -> R {
        let mut memory = self.memory();
        let texts = memory.kept.entry(path.to_path_buf()).or_default();
        let out = f(texts);
        if texts.is_empty() {
            memory.kept.remove(path);
        }
        out
    }

    /// Forgets the item texts of a file removed.
    pub(crate) fn forget_kept(&self, path: &Path) {
        self.memory().kept.remove(path);
    }
}
