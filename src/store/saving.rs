//! A document saved or deleted: atomically, its last version to the
//! backups, refused over a change another program made unless asked; a
//! campaign through its journals.

use std::path::{Path, PathBuf};

use super::document::DocError;
use super::{Seen, Store, StoreError};
use crate::rules::{Doc, DocKey};

impl Store {
    /// Saves a document atomically. The previous version goes to the
    /// backups, unless the newest backup is younger than the backup interval.
    /// Refused if another program changed the file since Muster read or
    /// wrote it ([`StoreError::ChangedOnDisk`]): see [`Store::save_over`].
    pub fn save(&self, doc: &Doc) -> Result<PathBuf, StoreError> {
        self.save_checked(doc, true)
    }

    /// Saves a document over a file another program changed; that version
    /// goes to the backups first.
    pub fn save_over(&self, doc: &Doc) -> Result<PathBuf, StoreError> {
        self.save_checked(doc, false)
    }

    fn save_checked(&self, doc: &Doc, check: bool) -> Result<PathBuf, StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        if doc.get::<crate::rules::Campaign>().is_some() {
            return self.save_journaled(doc, check);
        }
        let key = doc.key();
        let path = self.listing.path(&key);
        let text = self
            .to_json_kept(doc, &path)
            .map_err(|reason| StoreError::Document {
                reason,
                path: path.clone(),
            })?;
        let on_disk = Seen::of(&path);
        let changed_elsewhere = on_disk.is_some() && on_disk != self.disk.last_seen(&path);
        if changed_elsewhere && check {
            return Err(StoreError::ChangedOnDisk { path });
        }
        if changed_elsewhere || self.disk.is_foreign(&path) || !self.backups.made_lately(&key) {
            self.backups.copy(&self.disk, &key, &path)?;
        }
        self.disk.write_atomic(&path, text.as_bytes())?;
        self.disk.remember(&path);
        self.disk.mark_foreign(&path, false);
        Ok(path)
    }

    /// Removes a document from the library; its file is kept among the
    /// backups. Refused if another program changed the file since Muster
    /// read or wrote it ([`StoreError::ChangedOnDisk`]): see
    /// [`Store::delete_over`].
    pub fn delete(&self, key: &DocKey) -> Result<(), StoreError> {
        self.delete_checked(key, true)
    }

    /// Removes a document whose file another program changed (it goes to
    /// the backups first, like any deleted document).
    pub fn delete_over(&self, key: &DocKey) -> Result<(), StoreError> {
        self.delete_checked(key, false)
    }

    /// The text of a document's file, made with the item texts kept from
    /// its last save at `path`.
    fn to_json_kept(&self, doc: &Doc, path: &Path) -> Result<String, DocError> {
        self.disk
            .with_kept(path, |texts| self.listing.kinds().to_json_kept(doc, texts))
    }

    fn delete_checked(&self, key: &DocKey, check: bool) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        if self.journals.is_journaled(key) {
            return self.delete_journaled(key);
        }
        let path = self.listing.path(key);
        if !path.exists() {
            self.disk.remember(&path);
            return Ok(());
        }
        if check && Seen::of(&path) != self.disk.last_seen(&path) {
            return Err(StoreError::ChangedOnDisk { path });
        }
        self.backups.retire(&self.disk, key, &path)?;
        self.disk.forget_kept(&path);
        self.disk.remember(&path);
        self.disk.mark_foreign(&path, false);
        Ok(())
    }

    /// Writes a document to any path (export), atomically.
    pub fn export(&self, doc: &Doc, path: &Path) -> Result<(), StoreError> {
        let text = self
            .listing()
            .kinds()
            .to_json(doc)
            .map_err(|reason| StoreError::Document {
                reason,
                path: path.to_path_buf(),
            })?;
        Ok(self.disk.write_atomic(path, text.as_bytes())?)
    }

    /// Puts the document's file as it is now among its backups, whenever
    /// the last backup was made (before a merge replaces it).
    pub fn back_up(&self, key: &DocKey) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        if self.journals.is_journaled(key) {
            return self.back_up_journaled(key);
        }
        self.backups.copy(&self.disk, key, &self.listing.path(key))
    }

    /// Moves a conflict copy of `key` to the document's backups: merged, or
    /// set aside.
    pub fn retire_version(&self, key: &DocKey, path: &Path) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        self.backups.retire(&self.disk, key, path)
    }
}
