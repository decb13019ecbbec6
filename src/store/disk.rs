//! The disk as the store uses it: whole files written atomically, a
//! journal's lines appended, and what was last read or written of each
//! file (another program's change shows as a difference). One lock.
//! Tests make it fill up part-way ([`Disk::fill_after`]).

use std::collections::{HashMap, HashSet};
use std::fs::{self, OpenOptions};
use std::io::{self, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::SystemTime;

use super::atomic::write_atomic;
use super::document::KeptTexts;
use super::error::{StoreError, io_err};

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
    /// How many more bytes may be written before the disk is full
    /// (`u64::MAX`: no limit; only tests set one).
    room: AtomicU64,
    memory: Mutex<Memory>,
}

impl Default for Disk {
    fn default() -> Self {
        Self {
            room: AtomicU64::new(u64::MAX),
            memory: Mutex::new(Memory::default()),
        }
    }
}

impl Disk {
    /// Makes writes fail once `bytes` more bytes have been written (`None`:
    /// never): a disk that fills up part-way, for tests.
    pub fn fill_after(&self, bytes: Option<u64>) {
        self.room.store(bytes.unwrap_or(u64::MAX), Ordering::SeqCst);
    }

    /// Takes room for `len` bytes: how many of them fit when not all do.
    fn take_room(&self, len: usize) -> Option<usize> {
        let room = self.room.load(Ordering::SeqCst);
        if room == u64::MAX {
            return None;
        }
        let wanted = u64::try_from(len).unwrap_or(u64::MAX);
        self.room
            .store(room.saturating_sub(wanted), Ordering::SeqCst);
        (wanted > room).then(|| usize::try_from(room).unwrap_or(0).min(len))
    }

    /// Writes a whole file atomically: a crash leaves the old file or the
    /// new, never half of one.
    pub(crate) fn write_atomic(&self, path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        let fits = self.take_room(bytes.len());
        write_atomic(path, |w| match fits {
            // Part of the text, then a full disk.
            Some(part) => {
                w.write_all(&bytes[..part])?;
                Err(disk_full())
            }
            None => w.write_all(bytes),
        })
    }

    /// Writes `text` at `good_len` of the file at `path`, first cutting
    /// away what lies past it (a line a crash cut off). The file is
    /// returned to be synced.
    pub(crate) fn append_at(
        &self,
        path: &Path,
        good_len: u64,
        text: &str,
    ) -> Result<fs::File, StoreError> {
        let fits = self.take_room(text.len());
        // Opened for writing, not appending, so that a line cut off by a
        // crash can be cut away on every system.
        let mut f = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(io_err("io.create", path))?;
        let len = f.metadata().map_err(io_err("io.read", path))?.len();
        if len > good_len {
            f.set_len(good_len).map_err(io_err("io.write", path))?;
        }
        f.seek(SeekFrom::Start(good_len))
            .map_err(io_err("io.write", path))?;
        if let Some(part) = fits {
            let _ = f.write_all(&text.as_bytes()[..part]);
            return Err(io_err("io.write", path)(disk_full()));
        }
        f.write_all(text.as_bytes())
            .map_err(io_err("io.write", path))?;
        Ok(f)
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

/// The error of a disk that filled up (tests): the system's own, which
/// the store names `DiskError::Full`.
fn disk_full() -> io::Error {
    io::Error::new(
        io::ErrorKind::StorageFull,
        "no space left on device (simulated)",
    )
}
