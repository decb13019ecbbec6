//! The lock that keeps a second Muster on this machine read-only.
//!
//! It lives in the machine's own cache folder, never among the documents: a
//! documents folder synced between the group's machines would carry it to
//! the others, and a Muster on another machine must never be blocked by
//! this one's. The lock is the operating system's: it dies with its
//! process, so a lock left by a Muster that crashed is simply taken.
//!
//! Its file is named after the documents folder it locks (a hash of the
//! folder's canonical path), and says which folder that is, for people who
//! look. A Muster that ends removes its file (while still holding it, and
//! only if the file at the path is still the one it holds; the next one
//! checks that the file it locked is still the one at the path).
//!
//! An older Muster kept its lock, `muster.lock`, in the documents folder.
//! Where that file exists, this Muster locks it too for as long as it runs
//! (never making it, never removing it), so that an older Muster started
//! on this machine meanwhile opens the folder read-only; held by an older
//! Muster, this one opens read-only.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::error::SystemReason;
use crate::rules::Msg;

/// Environment variable naming the folder of the locks (tests, or a machine
/// whose cache folder cannot be written).
pub const LOCK_DIR_ENV: &str = "MUSTER_LOCK_DIR";

/// The lock file older Muster versions kept in the documents folder.
pub const LEGACY_LOCK: &str = "muster.lock";

/// Where the locks go.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LockDir {
    /// The machine's: `$MUSTER_LOCK_DIR`, else the cache folder's `locks`
    /// (`~/.cache/muster/locks` on Linux); in the documents folder, with a
    /// warning in the log, if it cannot be made.
    #[default]
    Machine,
    /// This folder (tests point it at a temporary one).
    At(PathBuf),
}

impl LockDir {
    /// The folder, if one is named.
    pub(super) fn folder(&self) -> Option<PathBuf> {
        match self {
            Self::At(dir) => Some(dir.clone()),
            Self::Machine => std::env::var_os(LOCK_DIR_ENV)
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
                .or_else(|| {
                    directories::ProjectDirs::from("", "", "muster")
                        .map(|d| d.cache_dir().join("locks"))
                }),
        }
    }
}

/// FNV-1a, 64 bits: a hash that stays the same from one Muster version
/// and one machine to the next (the standard library's may not).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The name of the lock file of a documents folder, from its canonical
/// path: the same folder always gets the same name, another folder another.
pub fn lock_file_name(canonical_dir: &Path) -> String {
    format!(
        "{:016x}.lock",
        fnv1a64(canonical_dir.as_os_str().as_encoded_bytes())
    )
}

/// Whether this instance holds the data directory.
#[derive(Debug)]
pub(super) enum Lock {
    /// Held while this instance owns the directory.
    Held(Held),
    /// Another instance holds it: read-only.
    HeldElsewhere,
    /// The file system cannot lock (some network shares): the library is
    /// writable, with a warning that a second Muster would not be noticed.
    Unsupported(Unlockable),
}

/// Why the library's lock could not be taken, the library writable all
/// the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unlockable {
    /// The system refused to lock the file.
    Refused(SystemReason),
    /// The lock file was removed each time it was opened.
    KeepsBeingRemoved,
}

impl Unlockable {
    /// The message key and arguments.
    pub fn msg(&self) -> Msg {
        match self {
            Self::Refused(reason) => reason.msg(),
            Self::KeepsBeingRemoved => Msg::new("store.lock_removed"),
        }
    }
}

/// A lock file held: released when dropped.
#[derive(Debug)]
pub(super) struct Held {
    /// The open file the OS lock is on.
    file: Option<File>,
    /// Its path.
    pub(super) path: PathBuf,
    /// Removed when released (the machine's locks folder; not the old
    /// in-folder lock, kept as older versions kept it).
    remove: bool,
    /// An older Muster's `muster.lock` in the documents folder, found free
    /// and held as well, so that an older Muster sees the folder taken;
    /// released with the rest, never removed.
    legacy: Option<File>,
}

impl Drop for Held {
    fn drop(&mut self) {
        // Removed while still held: whoever opened the file meanwhile finds,
        // once it has the lock, that the path no longer names it. Only if
        // the path still names the file held: if it was removed meanwhile (a
        // cache cleaner), the file there now is another Muster's lock.
        if self.remove
            && cfg!(unix)
            && let Some(file) = &self.file
            && still_at(file, &self.path)
        {
            let _ = fs::remove_file(&self.path);
        }
        drop(self.file.take());
        drop(self.legacy.take());
    }
}

/// A lock file that could not be opened: its path (or the folder's), and
/// the system's error.
pub(super) type OpenError = (PathBuf, io::Error);

/// Takes the lock of the documents folder `dir` (which exists): in the
/// machine's locks folder, or in `dir` itself (as older versions did) if
/// that folder cannot be made.
pub(super) fn acquire(dir: &Path, lock_dir: &LockDir) -> Result<Lock, OpenError> {
    let canonical = fs::canonicalize(dir).map_err(|e| (dir.to_path_buf(), e))?;
    let machine = lock_dir.folder().and_then(|folder| match fs::create_dir_all(&folder) {
        Ok(()) => Some(folder),
        Err(e) => {
            log::warn!(
                "could not make the folder of the locks, the lock stays in the documents folder: {e}: {}",
                folder.display()
            );
            None
        }
    });
    let Some(folder) = machine else {
        return lock_file(&dir.join(LEGACY_LOCK), None, false);
    };
    let path = folder.join(lock_file_name(&canonical));
    let mut lock = lock_file(&path, Some(&canonical), true)?;
    if let Lock::Held(held) = &mut lock {
        match legacy_lock(dir) {
            // An older Muster on this machine holds the folder.
            Legacy::HeldElsewhere => return Ok(Lock::HeldElsewhere),
            Legacy::Held(file) => held.legacy = Some(file),
            Legacy::None => {}
        }
    }
    Ok(lock)
}

/// Locks the file at `path` (made if missing), writing which folder it
/// locks into it once held (`for_dir`); `remove`: removed when released.
fn lock_file(path: &Path, for_dir: Option<&Path>, remove: bool) -> Result<Lock, OpenError> {
    // A file removed between its opening and its locking is opened again.
    for _ in 0..8 {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .map_err(|e| (path.to_path_buf(), e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => return Ok(Lock::HeldElsewhere),
            Err(fs::TryLockError::Error(e)) => {
                return Ok(Lock::Unsupported(Unlockable::Refused(SystemReason::of(&e))));
            }
        }
        if !still_at(&file, path) {
            continue;
        }
        let mut held = Held {
            file: Some(file),
            path: path.to_path_buf(),
            remove,
            legacy: None,
        };
        if let (Some(dir), Some(file)) = (for_dir, held.file.as_mut())
            && let Err(e) = say_which(file, dir)
        {
            log::warn!("could not write into the lock: {e}: {}", path.display());
        }
        return Ok(Lock::Held(held));
    }
    Ok(Lock::Unsupported(Unlockable::KeepsBeingRemoved))
}

/// Whether the file opened is still the one at `path` (a Muster that ended
/// may have removed it after it was opened here).
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Lock files are never removed where a file cannot be removed while open.
#[cfg(not(unix))]
fn still_at(_file: &File, _path: &Path) -> bool {
    true
}

/// Writes into the lock which folder it locks.
fn say_which(file: &mut File, dir: &Path) -> io::Result<()> {
    file.set_len(0)?;
    writeln!(file, "Muster's lock of the documents folder:")?;
    writeln!(file, "{}", dir.display())?;
    file.flush()
}

/// The lock an older Muster kept in the documents folder, as found.
enum Legacy {
    /// None there (or it cannot be locked: the log says why).
    None,
    /// Free: now held here, until this Muster ends.
    Held(File),
    /// Held by an older Muster running on this machine.
    HeldElsewhere,
}

/// The lock an older Muster kept in the documents folder: held by an older
/// Muster running on this machine, it is respected (read-only); free, it is
/// held here too, so that an older Muster started later finds the folder
/// taken. It is never made and never removed: an older Muster on another
/// machine of the group may be using the copy of it that is synced there.
fn legacy_lock(dir: &Path) -> Legacy {
    let path = dir.join(LEGACY_LOCK);
    let file = match OpenOptions::new().write(true).open(&path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Legacy::None,
        Err(e) => {
            log::warn!("could not open the old lock: {e}: {}", path.display());
            return Legacy::None;
        }
    };
    match file.try_lock() {
        Ok(()) => Legacy::Held(file),
        Err(fs::TryLockError::WouldBlock) => Legacy::HeldElsewhere,
        Err(fs::TryLockError::Error(e)) => {
            log::warn!("could not lock the old lock: {e}: {}", path.display());
            Legacy::None
        }
    }
}
