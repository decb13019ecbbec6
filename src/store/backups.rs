//! A document's backups: made before a save overwrites it (at most one
//! every few minutes), the newest kept, and the common ancestor of two
//! versions found among them.

use super::*;
use crate::rules::DocKind;

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

impl Store {
    /// Muster 0.1 kept roster backups in `backups/<id>/`; they now live in
    /// `backups/<kind folder>/<id>/`. Moves them, never over anything.
    pub(super) fn move_legacy_backups(&self) {
        let rosters = DocKind::Roster.folder();
        let root = self.dir.join("backups");
        let Ok(entries) = fs::read_dir(&root) else {
            return;
        };
        let folders: Vec<&str> = self.kinds.iter().map(|k| k.folder).collect();
        let target_root = root.join(rosters);
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
    pub(super) fn backups_dir(&self, key: &DocKey) -> PathBuf {
        let folder = key.kind.folder();
        self.dir
            .join("backups")
            .join(folder)
            .join(file_stem_for(&key.id))
    }

    /// Puts the document's file as it is now among its backups, whenever
    /// the last backup was made (before a merge replaces it).
    pub fn back_up(&self, key: &DocKey) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        if self.is_journaled(key) {
            return self.back_up_journaled(key);
        }
        self.backup(key, &self.path(key))
    }

    /// Moves a conflict copy of `key` to the document's backups: merged, or
    /// set aside.
    pub fn retire_version(&self, key: &DocKey, path: &Path) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        self.backup(key, path)?;
        fs::remove_file(path).map_err(io_err("io.remove", path))
    }

    /// The backups of one document, newest first.
    pub fn backups(&self, key: &DocKey) -> Vec<PathBuf> {
        let dir = self.backups_dir(key);
        let mut files: Vec<PathBuf> = fs::read_dir(&dir)
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
    /// writes it, to compare with `ours` and `theirs` written so; backups
    /// that cannot be read are passed over. `None`: no backup fits.
    pub fn common_ancestor(
        &self,
        key: &DocKey,
        ours: &serde_json::Value,
        theirs: &serde_json::Value,
    ) -> Option<Ancestor> {
        let read: Vec<(PathBuf, serde_json::Value)> = self
            .backups(key)
            .into_iter()
            .filter_map(|path| {
                let doc = self.read_file(&path).ok()?;
                let value = self.kinds.to_value(&doc)?;
                Some((path, value))
            })
            .collect();
        let values: Vec<serde_json::Value> = read.iter().map(|(_, v)| v.clone()).collect();
        let i = fields::best_ancestor(&values, ours, theirs)?;
        let (path, value) = read.into_iter().nth(i)?;
        let made_ms = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.split('-').next())
            .and_then(|ms| ms.parse::<u64>().ok());
        Some(Ancestor {
            path,
            made_ms,
            value,
        })
    }

    /// True when the newest backup of `key` is younger than the interval
    /// (its name starts with the time it was made, in milliseconds).
    pub(super) fn backed_up_lately(&self, key: &DocKey) -> bool {
        if self.backup_interval.is_zero() {
            return false;
        }
        let Some(newest) = self.backups(key).into_iter().next() else {
            return false;
        };
        let made_ms = newest
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.split('-').next())
            .and_then(|ms| ms.parse::<u128>().ok())
            .unwrap_or(0);
        let now_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        now_ms.saturating_sub(made_ms) < self.backup_interval.as_millis()
    }

    pub(super) fn backup(&self, key: &DocKey, path: &Path) -> Result<(), StoreError> {
        if !path.exists() {
            return Ok(());
        }
        let dir = self.backups_dir(key);
        fs::create_dir_all(&dir).map_err(io_err("io.create_folder", &dir))?;
        let target = dir.join(format!("{}.json", unique_stamp()));
        // Atomically too: a crash while backing up leaves no half backup
        // that would count as the newest.
        let bytes = fs::read(path).map_err(io_err("io.back_up", path))?;
        self.disk.write_atomic(&target, &bytes)?;
        for old in self.backups(key).into_iter().skip(BACKUPS_KEPT) {
            if let Err(e) = fs::remove_file(&old) {
                log::warn!("could not remove old backup: {e}: {}", old.display());
            }
        }
        Ok(())
    }
}
