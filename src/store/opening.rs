//! The store opened on a data directory: its folders made, its lock
//! taken (read-only when another Muster on this machine holds it), what an
//! interrupted save left behind cleared; and the store opened again.

use std::fs;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::atomic::is_our_temp;
use super::backups::Backups;
use super::disk::Disk;
use super::error::io_err;
use super::journaled;
use super::kinds::Kinds;
use super::library::Listing;
use super::lock::{self, Lock, LockDir, Unlockable};
use super::machine;
use super::medium::{FileSystem, Medium};
use super::{Store, StoreError};

impl Store {
    /// Opens (and creates) the data directory. If another instance on this
    /// machine holds it, the store opens read-only. Holding it, the store
    /// clears what an interrupted save left behind.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        Self::open_with_options(dir, LockDir::Machine)
    }

    /// Opens (and creates) the data directory, its lock in `lock_dir`
    /// (tests point it at a folder of their own).
    pub fn open_with_options(dir: &Path, lock_dir: LockDir) -> Result<Self, StoreError> {
        Self::open_on(dir, lock_dir, Arc::new(FileSystem))
    }

    /// Opens (and creates) the data directory, its lock in `lock_dir`,
    /// its documents written on `medium` (tests give one that fills up).
    pub fn open_on(
        dir: &Path,
        lock_dir: LockDir,
        medium: Arc<dyn Medium>,
    ) -> Result<Self, StoreError> {
        let kinds = Kinds::default();
        let mut folders = vec![dir.to_path_buf(), dir.join("backups")];
        folders.extend(kinds.iter().map(|k| dir.join(k.folder)));
        for sub in folders {
            fs::create_dir_all(&sub).map_err(io_err("io.create_folder", &sub))?;
        }
        let lock = lock::acquire(dir, &lock_dir)
            .map_err(|(path, source)| io_err("io.open_lock", &path)(source))?;
        let snapshots = journaled::snapshots_folder(dir, &lock_dir);
        let store = Self {
            dir: dir.to_path_buf(),
            lock,
            lock_dir,
            backups: Backups::new(dir.join("backups")),
            listing: Listing::new(dir.to_path_buf(), kinds),
            disk: Disk::on(medium),
            journals: journaled::Journals::new(dir.to_path_buf(), snapshots),
        };
        if matches!(store.lock, Lock::Held(_)) {
            store.clear_leftovers();
            store.backups.move_legacy(store.listing.kinds());
        }
        Ok(store)
    }

    /// Removes the temporary files of saves that a crash interrupted: only
    /// ours (`.NAME.json.STAMP.tmp`, never a sync tool's download under
    /// way), and only while holding the lock, so that no save of another
    /// Muster is under way.
    fn clear_leftovers(&self) {
        // The kinds' folders, each journaled campaign's folder (its start
        // is written atomically), and each document's backups folder.
        let mut folders = self.listing.journaled_folders();
        for kind in self.listing.kinds().iter() {
            folders.push(self.dir.join(kind.folder));
            if let Ok(entries) = fs::read_dir(self.backups.root().join(kind.folder)) {
                folders.extend(
                    entries
                        .filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.is_dir()),
                );
            }
        }
        for folder in folders {
            let Ok(entries) = fs::read_dir(&folder) else {
                continue;
            };
            for path in entries.filter_map(Result::ok).map(|e| e.path()) {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if is_our_temp(&name)
                    && let Err(e) = fs::remove_file(&path)
                {
                    log::warn!(
                        "could not remove a leftover temporary file: {e}: {}",
                        path.display()
                    );
                }
            }
        }
    }

    /// Sets how long after a backup the next save makes none (zero: a backup
    /// at every save).
    #[must_use]
    pub fn with_backup_interval(mut self, interval: Duration) -> Self {
        self.backups.set_interval(interval);
        self
    }

    /// This store as the machine of id `machine` (tests play several
    /// machines in one process); otherwise the installation's id is used.
    #[must_use]
    pub fn with_machine(self, machine: machine::MachineId) -> Self {
        self.journals.identity.set_id(machine);
        self
    }

    /// The same data directory opened again, its lock looked for where
    /// this store's was (a read-only library becomes writable once the
    /// other Muster is gone).
    pub fn reopen(&self) -> Result<Self, StoreError> {
        Self::open_on(&self.dir, self.lock_dir.clone(), self.disk.medium())
            .map(|s| s.with_machine(self.journals.identity().id()))
    }

    /// Why the library could not be locked, when the file system refused:
    /// it is writable, but a second Muster on it would not be noticed.
    pub fn lock_warning(&self) -> Option<&Unlockable> {
        match &self.lock {
            Lock::Unsupported(reason) => Some(reason),
            Lock::Held(_) | Lock::HeldElsewhere => None,
        }
    }

    /// The lock file this store holds (none when another Muster holds the
    /// folder, or the file system cannot lock).
    pub fn lock_path(&self) -> Option<&Path> {
        match &self.lock {
            Lock::Held(held) => Some(&held.path),
            Lock::HeldElsewhere | Lock::Unsupported(_) => None,
        }
    }

    /// True when another instance holds the directory: nothing can be saved.
    pub fn read_only(&self) -> bool {
        matches!(self.lock, Lock::HeldElsewhere)
    }
}
