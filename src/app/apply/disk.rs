//! The documents as the disk holds them: the library read again, the
//! changes another program made and the sync tools' conflict copies
//! looked for, the disk's version taken or Muster's kept.

use crate::app::{App, Change, MessageKind};
use crate::rules::{DocKey, Msg};

impl App {
    /// Reads the library again, unless a change is not saved yet.
    pub(super) fn reload_if_saved(&mut self) {
        // What is being written is let land first: the library is
        // read as Muster left it (a rare click; it reads every file
        // anyway).
        self.flush_saves();
        if !self.has_unsaved() {
            self.reload();
        } else {
            self.message(MessageKind::Error, Msg::new("store.reload_unsaved"));
        }
    }

    /// Looks for documents another program changed on disk.
    pub(super) fn check_disk(&mut self) {
        let Some(store) = self.store.clone() else {
            return;
        };
        // A file the writer is writing may have changed before the writer
        // noted what it wrote: not another program's doing. (No write
        // starts meanwhile: only this thread hands documents over.) Another
        // program's change to it is found by the save itself, or by the
        // next look.
        self.poll_saves();
        let changes = store.changes_on_disk();
        for change in changes {
            // Other machines' journals: their events come in at once, even
            // while this machine's own journal is being written.
            if change.live && self.take_arrivals(&change.key) {
                continue;
            }
            if !self.saves.saving.contains_key(&change.key) {
                self.note_disk_change(change.key);
            }
        }
        // A sync tool's conflict copy that came or went.
        let now = store.listing().version_paths();
        if now != self.model.library.version_paths() {
            self.model
                .library
                .versions
                .retain(|v| now.contains(&v.path));
            let kept = self.model.library.version_paths();
            self.model
                .library
                .versions
                .extend(store.listing().versions_among(&kept));
            self.merge_clean_versions();
        }
    }

    /// Takes the version on disk of a document another program changed (an
    /// undoable change: undo brings Muster's version back).
    pub(in crate::app) fn take_disk_version(&mut self, key: &DocKey) {
        if self.saves.saving.contains_key(key) {
            // "Keep mine" is being written: its end settles what is read
            // (a rare click, waiting for one write).
            self.flush_saves();
        }
        let Some(store) = self.store.clone() else {
            return;
        };
        let path = store.listing().path(key);
        let result = store.reload(key);
        match result {
            Ok(from_disk) => {
                self.model.library.disk_changes.retain(|k| k != key);
                self.model.library.broken_on_disk.remove(key);
                self.saves.dirty.remove(key);
                self.saves.failed.remove(key);
                let before = self.model.doc(key).cloned();
                if before != from_disk {
                    let change = Change {
                        label: "history.reload_from_disk",
                        docs: vec![(key.clone(), before, from_disk)],
                        subject: None,
                    };
                    self.set_states(&change, false, false);
                    self.model.history.undo.push(change);
                    self.model.history.redo.clear();
                }
                // A file that could not be read and now can.
                self.model.library.unreadable.retain(|u| u.path != path);
                if store.journals().is_journaled(key) {
                    self.shared_state_from(&store, key, None);
                }
            }
            Err(e) => {
                // A file that cannot be read is listed as such, and known as
                // it is now: its banner goes, unless Muster holds a version
                // of it (then keeping it stays possible).
                if let Some(store) = &self.store {
                    store.disk().remember(&path);
                }
                if !self.model.library.unreadable.iter().any(|u| u.path == path) {
                    self.model
                        .library
                        .unreadable
                        .push(crate::store::Unreadable {
                            path: path.clone(),
                            reason: e.reason(),
                            machine: String::new(),
                        });
                }
                if self.model.doc(key).is_none() {
                    self.model.library.disk_changes.retain(|k| k != key);
                    self.model.library.broken_on_disk.remove(key);
                }
                self.message(
                    MessageKind::Error,
                    Msg::new("store.reload_failed").msg("reason", e.msg()),
                );
            }
        }
    }

    /// Keeps Muster's version of a document another program changed: it is
    /// saved, and the other version goes to the backups.
    pub(in crate::app) fn keep_mine(&mut self, key: &DocKey) {
        if self.store.is_none() {
            return;
        }
        // Written by the writer like any save, in order with the others of
        // this document; its report takes the banner away and says so.
        self.saves.dirty.remove(key);
        let doc = self.model.doc(key).cloned();
        self.submit(key.clone(), doc, true);
    }
}
