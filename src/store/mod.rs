pub mod conflicts;
pub mod document;
pub mod fields;
pub mod house_rules;
pub mod journaled;
pub mod kept_history;
pub mod kinds;
pub mod lock;
pub mod machine;
pub mod testing;

mod atomic;
mod backups;
mod disk;
mod error;
mod identity;
mod library;
mod medium;
mod paths;
mod replay_rules;
mod saving;

pub use atomic::{is_our_temp, write_atomic};
pub use backups::{Ancestor, BACKUP_INTERVAL, BACKUPS_KEPT, Backups};
pub use disk::Disk;
pub(crate) use disk::Seen;
use error::io_err;
pub use error::{
    BackupError, DiskError, DiskFailure, JournalError, ListingError, ReadError, StoreError,
    SystemReason,
};
pub use identity::{Identity, IdentityChange};
pub use library::{DiskChange, Library, Listing, Unreadable, Version};
pub use medium::{FileSystem, Medium};
use paths::file_stem_for;
pub use paths::{
    CONFIG_DIR_ENV, DATA_DIR_ENV, data_dir_chosen, data_dir_for, data_dir_override,
    default_data_dir, prefs_dir, prefs_dir_for, sanitize, shared_prefs_dir, slug,
};
pub use replay_rules::ReplayRules;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub use document::{DocError, KeptTexts, SCHEMA_VERSION, parse, to_json};
pub use kinds::{Kind, Kinds};
use lock::Lock;
pub use lock::{LockDir, Unlockable};

use crate::rules::data::DataProblem;
use crate::rules::{Doc, DocKey, Problem, RulesData};

/// The documents folders of one data directory.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    lock: Lock,
    /// Where its lock was looked for (a store opened again looks there).
    lock_dir: LockDir,
    /// The library's folders, of every kind of document.
    listing: Listing,
    /// Every document's earlier versions.
    backups: Backups,
    /// The files as last read or written, and writes to them.
    disk: Disk,
    /// The journaled campaigns as read, and this machine as they know it.
    journals: journaled::Journals,
}

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
            store.backups.move_legacy(store.kinds());
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
        for kind in self.kinds().iter() {
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

    /// Every document's backups.
    pub fn backups(&self) -> &Backups {
        &self.backups
    }

    /// This store as the machine of id `machine` (tests play several
    /// machines in one process); otherwise the installation's id is used.
    #[must_use]
    pub fn with_machine(self, machine: machine::MachineId) -> Self {
        self.journals.identity.set_id(machine);
        self
    }

    /// This machine as the journals know it: its id and name.
    pub fn identity(&self) -> &Identity {
        &self.journals.identity
    }

    /// The rules journaled campaigns are replayed by.
    pub fn replay_rules(&self) -> &ReplayRules {
        &self.journals.rules
    }

    /// The journaled campaigns: their folders, this machine's journal in
    /// each, what their last replay found.
    pub fn journals(&self) -> &journaled::Journals {
        &self.journals
    }

    /// The disk: what was last read or written of each file.
    pub fn disk(&self) -> &Disk {
        &self.disk
    }

    /// The kinds of document this store reads and writes.
    pub fn kinds(&self) -> &Kinds {
        self.listing.kinds()
    }

    /// The library's folders: their documents and conflict copies.
    pub fn listing(&self) -> &Listing {
        &self.listing
    }

    /// Why the library could not be locked, when the file system refused:
    /// it is writable, but a second Muster on it would not be noticed.
    pub fn lock_warning(&self) -> Option<&Unlockable> {
        match &self.lock {
            Lock::Unsupported(reason) => Some(reason),
            Lock::Held(_) | Lock::HeldElsewhere => None,
        }
    }

    /// The same data directory opened again, its lock looked for where
    /// this store's was (a read-only library becomes writable once the
    /// other Muster is gone).
    pub fn reopen(&self) -> Result<Self, StoreError> {
        Self::open_on(&self.dir, self.lock_dir.clone(), self.disk.medium())
            .map(|s| s.with_machine(self.identity().id()))
    }

    /// The lock file this store holds (none when another Muster holds the
    /// folder, or the file system cannot lock).
    pub fn lock_path(&self) -> Option<&Path> {
        match &self.lock {
            Lock::Held(held) => Some(&held.path),
            Lock::HeldElsewhere | Lock::Unsupported(_) => None,
        }
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The folder of the user's rules overrides.
    pub fn rules_dir(&self) -> PathBuf {
        self.dir.join("rules")
    }

    /// True when another instance holds the directory: nothing can be saved.
    pub fn read_only(&self) -> bool {
        matches!(self.lock, Lock::HeldElsewhere)
    }

    /// The file of a document: `<kind folder>/<id>.json`. A document read
    /// from the library has its file's name as id, so it is saved where it
    /// was read.
    pub fn path(&self, key: &DocKey) -> PathBuf {
        let folder = key.kind.folder();
        self.dir
            .join(folder)
            .join(format!("{}.json", file_stem_for(&key.id)))
    }

    /// Whether a file of the library of any kind (readable or not) or the
    /// backups of a document (perhaps deleted) use `id`.
    pub fn id_in_use(&self, id: &str) -> bool {
        self.kinds().iter().any(|k| {
            let key = DocKey::new(k.kind, id);
            self.path(&key).exists()
                || self.journals.dir(&key).exists()
                || self.backups.dir(&key).exists()
        })
    }

    /// An id used by no file of the library, of any kind, nor by the backups
    /// of a deleted document (whose rotation would otherwise push them out).
    pub fn fresh_id(&self, name: &str) -> String {
        let base = slug(name);
        let mut n = 1;
        loop {
            let candidate = if n == 1 {
                base.clone()
            } else {
                format!("{base}-{n}")
            };
            if !self.id_in_use(&candidate) {
                return candidate;
            }
            n += 1;
        }
    }

    /// Reads a document of any kind from any file (import, `muster check`).
    pub fn read_file(&self, path: &Path) -> Result<Doc, StoreError> {
        read_file(self.kinds(), path)
    }

    /// Writes a document to any path (export), atomically.
    pub fn export(&self, doc: &Doc, path: &Path) -> Result<(), StoreError> {
        let text = self
            .kinds()
            .to_json(doc)
            .map_err(|reason| StoreError::Document {
                reason,
                path: path.to_path_buf(),
            })?;
        Ok(self.disk.write_atomic(path, text.as_bytes())?)
    }
}

/// Reads and parses one file of any registered kind.
pub fn read_file(kinds: &Kinds, path: &Path) -> Result<Doc, StoreError> {
    kinds.read_file(path)
}

/// The rules data in force: the built-in files with the user's overrides
/// from `rules_dir` (none when `None`). Override files that cannot be read
/// or used are reported, and the built-in file is used in their place. Fails
/// only if the built-in data itself is broken (a test forbids it).
pub fn load_rules(rules_dir: Option<&Path>) -> Result<(RulesData, Vec<DataProblem>), DataProblem> {
    let (texts, unreadable) = rules_dir.map(read_rules_overrides).unwrap_or_default();
    let (mut rules, problems) = RulesData::with_overrides(&texts)?;
    // What a campaign begun here records as its house rules.
    if !texts.is_empty() {
        rules.house = crate::rules::house_rules::of_overrides(&texts);
    }
    let mut all: Vec<DataProblem> = unreadable
        .into_iter()
        .map(|u| DataProblem {
            notice: false,
            file: u
                .path
                .file_name()
                .map_or_else(
                    || u.path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                )
                .into(),
            problem: Box::new(Problem::new("DATA", "data.unreadable").arg(
                "reason",
                match &u.reason {
                    ReadError::Io { message, .. } => message.clone(),
                    other => other.msg().plain(),
                },
            )),
            built_in_used: true,
        })
        .collect();
    all.extend(problems);
    Ok((rules, all))
}

/// The file name of the sheet template in the data directory's `sheets`.
pub const SHEET_TEMPLATE_FILE: &str = concat!("sheet", ".typ");

/// The user's copy of the sheet template (`sheets/sheet.typ` in the data
/// directory), if there is one; the built-in template is used otherwise.
pub fn sheet_template(data_dir: Option<&Path>) -> Result<Option<String>, StoreError> {
    let Some(dir) = data_dir else {
        return Ok(None);
    };
    let path = dir.join("sheets").join(SHEET_TEMPLATE_FILE);
    match fs::read_to_string(&path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io_err("io.read", &path)(e)),
    }
}

/// Reads the rules override files (`*.json`) of `dir`, as (file name, text);
/// files that cannot be read are reported. A missing folder has none.
pub fn read_rules_overrides(dir: &Path) -> (Vec<(String, String)>, Vec<Unreadable>) {
    let mut texts = Vec::new();
    let mut problems = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return (texts, problems);
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    for path in paths
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
    {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match fs::read_to_string(&path) {
            Ok(text) => texts.push((name, text)),
            Err(e) => problems.push(Unreadable {
                reason: io_err("io.read", &path)(e).reason(),
                path,
                machine: String::new(),
            }),
        }
    }
    (texts, problems)
}
