//! A document of the library read: every document of every kind, one
//! read again after another program changed it, the files changed on disk
//! since last seen; and the ids the library's files and backups use.

use std::path::Path;

use super::disk::Seen;
use super::library::{DiskChange, Library, Unreadable};
use super::paths::{slug, stem_of};
use super::{Store, StoreError};
use crate::rules::{Campaign, Doc, DocKey, Document};

impl Store {
    /// Reads every document of every kind. Unreadable files are listed with
    /// the reason.
    pub fn load_library(&self) -> Library {
        let mut library = Library::default();
        let previous = self.disk.forget_all_seen();
        for kind in self.listing.kinds().iter() {
            let paths = match self.listing.documents(kind) {
                Ok(paths) => paths,
                Err(e) => {
                    library.unreadable.push(Unreadable {
                        reason: e.reason(),
                        machine: String::new(),
                        path: self.listing.folder(kind),
                    });
                    continue;
                }
            };
            for path in paths {
                if previous
                    .get(&path)
                    .is_some_and(|seen| Some(*seen) != Seen::of(&path))
                {
                    self.disk.mark_foreign(&path, true);
                }
                match self.listing.read_in_folder(&self.disk, kind, &path) {
                    Ok(doc) => library.docs.push(doc),
                    Err(e) => {
                        // Known as it is: only a later change is news.
                        self.disk.remember(&path);
                        library.unreadable.push(Unreadable {
                            reason: e.reason(),
                            path,
                            machine: String::new(),
                        });
                    }
                }
            }
        }
        self.journals.forget_all();
        for dir in self.listing.journaled_folders() {
            let key = DocKey::new(<Campaign as Document>::KIND, stem_of(&dir));
            match self.read_journaled(&key) {
                Ok(doc) => {
                    library.docs.push(doc);
                    // Another machine's journal read in part: the campaign
                    // opens with what can be read, and says what cannot.
                    library.unreadable.extend(self.journals.unreadable(&key));
                }
                Err(e) => library.unreadable.push(Unreadable {
                    reason: e.reason(),
                    path: e.path().map_or(dir, Path::to_path_buf),
                    machine: String::new(),
                }),
            }
        }
        library
            .docs
            .sort_by_cached_key(|d| (d.name().to_lowercase(), d.kind()));
        library.versions = self.listing.versions_among(&[]);
        library
    }

    /// Reads one document of the library again (after another program
    /// changed it): `Ok(None)` if its file is gone.
    pub fn reload(&self, key: &DocKey) -> Result<Option<Doc>, StoreError> {
        if self.journals.is_journaled(key) {
            return self.read_journaled(key).map(Some);
        }
        let path = self.listing.path(key);
        if !path.exists() {
            self.disk.remember(&path);
            return Ok(None);
        }
        let kind = self.listing.kinds().get(key.kind);
        if Seen::of(&path) != self.disk.last_seen(&path) {
            self.disk.mark_foreign(&path, true);
        }
        self.listing
            .read_in_folder(&self.disk, kind, &path)
            .map(Some)
    }

    /// The documents whose files another program changed, created or
    /// removed since Muster last read or wrote them.
    pub fn changes_on_disk(&self) -> Vec<DiskChange> {
        let mut changes = self.listing.changed_files(&self.disk.all_seen());
        for (key, path, arrived) in self.journals.changes() {
            changes.push(DiskChange {
                key,
                path,
                live: !arrived.machines.is_empty(),
            });
        }
        changes.sort_by(|a, b| a.path.cmp(&b.path));
        changes
    }

    /// Whether a file of the library of any kind (readable or not) or the
    /// backups of a document (perhaps deleted) use `id`.
    pub fn id_in_use(&self, id: &str) -> bool {
        self.listing.kinds().iter().any(|k| {
            let key = DocKey::new(k.kind, id);
            self.listing.path(&key).exists()
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
}
