//! A document's backups: made before a save overwrites it (at most one
//! every few minutes), the newest kept, and the common ancestor of two
//! versions found among them. The store holds one [`Backups`].

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::atomic::unique_stamp;
use super::disk::Disk;
use super::error::{BackupError, StoreError, SystemReason};
use super::fields;
use super::kinds::Kinds;
use super::paths::{file_stem_for, is_document_file};
use crate::rules::{DocKey, DocKind};

/// How many previous versions of each document are kept.
pub const BACKUPS_KEPT: usize = 10;

/// How long after a backup the next save makes none: autosave writes after
/// every edit, and a backup per click would push the older versions out.
pub const BACKUP_INTERVAL: Duration = Duration::from_secs(5 * 60);

/// A backup found to be two versions' common ancestor.
#[derive(Clone, Debug, PartialEq)]
pub struct Ancestor {
    /// The backup's file.
    pub path: PathBuf,
    /// When it was made (milliseconds since 1970, UTC), from its name.
    pub made_ms: Option<u64>,
    /// The document it holds, as JSON.
    pub value: serde_json::Value,
}

/// The error of a backup, with the file or folder concerned.
fn backup_err(
    reason: fn(SystemReason) -> BackupError,
    path: &Path,
) -> impl FnOnce(io::Error) -> StoreError + use<> {
    let path = path.to_path_buf();
    move |e| StoreError::Backup {
        reason: reason(SystemReason::of(&e)),
        path,
    }
}

/// The backups of every document: `backups/<kind folder>/<id>/`, one file
/// a version, named by the time it was made.
#[derive(Debug)]
pub struct Backups {
    /// The `backups` folder of the data directory.
    root: PathBuf,
    /// How long after a backup the next save makes none.
    interval: Duration,
    /// How many versions of each document are kept.
    kept: usize,
}

impl Backups {
    /// The backups kept in `root`, at the usual interval and count.
    pub(super) fn new(root: PathBuf) -> Self {
        Self {
            root,
            interval: BACKUP_INTERVAL,
            kept: BACKUPS_KEPT,
        }
    }

    /// Sets how long after a backup the next save makes none.
    pub(super) fn set_interval(&mut self, interval: Duration) {
        self.interval = interval;
    }

    /// The `backups` folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Muster 0.1 kept roster backups in `backups/<id>/`; they now live in
    /// `backups/<kind folder>/<id>/`. Moves them, never over anything.
    pub(super) fn move_legacy(&self, kinds: &Kinds) {
        let rosters = DocKind::Roster.folder();
        let Ok(entries) = fs::read_dir(&self.root) else {
            return;
        };
        let folders: Vec<&str> = kinds.iter().map(|k| k.folder).collect();
        let target_root = self.root.join(rosters);
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if folders.contains(&name.as_str()) || !path.is_dir() {
                continue;
            }
            let target = target_root.join(&name);
            if target.exists() {
                continue;
            }
            let moved = fs::create_dir_all(&target_root).and_then(|()| fs::rename(&path, &target));
            if let Err(e) = moved {
                log::warn!("could not move old backups: {e}: {}", path.display());
            }
        }
    }

    /// The folder of a document's backups.
    pub fn dir(&self, key: &DocKey) -> PathBuf {
        self.root
            .join(key.kind.folder())
            .join(file_stem_for(&key.id))
    }

    /// The backups of one document, newest first.
    pub fn of(&self, key: &DocKey) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = fs::read_dir(self.dir(key))
            .map(|rd| {
                rd.filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| is_document_file(p))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files.reverse();
        files
    }

    /// The common ancestor of two versions of `key` among its backups (a
    /// three-way merge's base): the backup that best explains
    /// both (`fields::best_ancestor`: the fewest fields that differ from
    /// each, the newest of equals, none identical to either). Each backup
    /// is read as the document it holds, written back as this Muster
    /// writes it (`kinds`), to compare with `ours` and `theirs` written so;
    /// backups that cannot be read are passed over. `None`: no backup fits.
    pub fn common_ancestor(
        &self,
        kinds: &Kinds,
        key: &DocKey,
        ours: &serde_json::Value,
        theirs: &serde_json::Value,
    ) -> Option<Ancestor> {
        let read: Vec<(PathBuf, serde_json::Value)> = self
            .of(key)
            .into_iter()
            .filter_map(|path| {
                let doc = kinds.read_file(&path).ok()?;
                let value = kinds.to_value(&doc)?;
                Some((path, value))
            })
            .collect();
        let values: Vec<serde_json::Value> = read.iter().map(|(_, v)| v.clone()).collect();
        let i = fields::best_ancestor(&values, ours, theirs)?;
        let (path, value) = read.into_iter().nth(i)?;
        let made_ms = made_ms(&path).and_then(|ms| u64::try_from(ms).ok());
        Some(Ancestor {
            path,
            made_ms,
            value,
        })
    }

    /// True when the newest backup of `key` is younger than the interval.
    pub(super) fn made_lately(&self, key: &DocKey) -> bool {
        if self.interval.is_zero() {
            return false;
        }
        let Some(newest) = self.of(key).into_iter().next() else {
            return false;
        };
        let made_ms = made_ms(&newest).unwrap_or(0);
        let now_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        now_ms.saturating_sub(made_ms) < self.interval.as_millis()
    }

    /// Puts the file at `path` as it is now among the backups of `key`
    /// (nothing when there is no file).
    pub(super) fn copy(&self, disk: &Disk, key: &DocKey, path: &Path) -> Result<(), StoreError> {
        if !path.exists() {
            return Ok(());
        }
        let bytes =
            fs::read(path).map_err(backup_err(|reason| BackupError::NotCopied { reason }, path))?;
        self.keep(disk, key, &bytes)
    }

    /// Puts `bytes` among the backups of `key` as its newest version, and
    /// drops the versions past the count kept.
    pub(super) fn keep(&self, disk: &Disk, key: &DocKey, bytes: &[u8]) -> Result<(), StoreError> {
        let dir = self.dir(key);
        fs::create_dir_all(&dir)
            .map_err(backup_err(|reason| BackupError::NoFolder { reason }, &dir))?;
        // Atomically: a crash while backing up leaves no half backup that
        // would count as the newest.
        disk.write_atomic(&dir.join(format!("{}.json", unique_stamp())), bytes)?;
        for old in self.of(key).into_iter().skip(self.kept) {
            if let Err(e) = fs::remove_file(&old) {
                log::warn!("could not remove old backup: {e}: {}", old.display());
            }
        }
        Ok(())
    }

    /// Moves the file at `path` (a conflict copy, a single file become
    /// journals) to the backups of `key`.
    pub(super) fn retire(&self, disk: &Disk, key: &DocKey, path: &Path) -> Result<(), StoreError> {
        self.copy(disk, key, path)?;
        fs::remove_file(path).map_err(backup_err(
            |reason| BackupError::NotRemoved { reason },
            path,
        ))
    }
}

/// When a backup was made (milliseconds since 1970), from its name.
fn made_ms(path: &Path) -> Option<u128> {
    path.file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split('-').next())
        .and_then(|ms| ms.parse::<u128>().ok())
}
