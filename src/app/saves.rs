//! What the app knows of its saves: the documents changed and not yet
//! handed to the writer, those being written, and those whose save failed;
//! how the app hands them to the writer and takes its answers.

use super::*;

/// The documents to save, being saved, and whose last save failed.
#[derive(Default)]
pub(super) struct Saves {
    /// Documents changed and not yet handed to the writer (or handed, and
    /// failed: they are handed again after the next command).
    pub(super) dirty: BTreeSet<DocKey>,
    /// Documents handed to the writer and not yet reported written: the
    /// version of each last handed over (older reports are stale).
    pub(super) saving: HashMap<DocKey, u64>,
    /// Documents whose last save failed, and why: the save state says so
    /// until a save of each works.
    pub(super) failed: BTreeMap<DocKey, Msg>,
    /// Why the last save failed, until one succeeds (said once in the log).
    pub(super) last_failure: Option<crate::store::ReadError>,
}

impl App {
    /// True when some change is not on disk yet: not saved (no library, a
    /// failed save, a file another program changed), or still being written.
    pub fn has_unsaved(&self) -> bool {
        !self.saves.dirty.is_empty() || !self.saves.saving.is_empty()
    }

    /// True while the writer has edits of this app to write, none of them
    /// known to fail: closing waits for them rather than asking.
    pub fn only_saving(&self) -> bool {
        !self.saves.saving.is_empty() && self.saves.dirty.is_empty() && self.saves.failed.is_empty()
    }

    /// Waits until the writer has written everything handed to it, and
    /// takes in what it reports: for tests that read the disk after an
    /// edit, and for the few commands that read the library's files
    /// (reload, taking another program's version). Never called by a frame
    /// of a tick at the table.
    pub fn flush_saves(&mut self) {
        if let Some(writer) = &self.writer
            && writer.wait_idle().is_err()
        {
            self.writer_gone();
        }
        self.poll_saves();
    }

    /// Waits at most `limit` for the writer to write what it was handed
    /// (closing gives it a moment before saying anything), and takes in
    /// what it reports; whether it is done.
    pub fn settle_saves_within(&mut self, limit: std::time::Duration) -> bool {
        if let Some(writer) = &self.writer {
            match writer.wait_idle_within(Some(limit)) {
                Ok(done) => {
                    self.poll_saves();
                    return done;
                }
                Err(writer::WriterGone) => self.writer_gone(),
            }
        }
        self.poll_saves();
        true
    }

    /// Takes in what the writer reported since the last look (without
    /// waiting); true while it still has edits of this app to write.
    pub fn poll_saves(&mut self) -> bool {
        if let Some(writer) = &self.writer {
            match writer.outcomes() {
                Ok(outcomes) => {
                    for outcome in outcomes {
                        self.take_outcome(outcome);
                    }
                }
                Err(writer::WriterGone) => self.writer_gone(),
            }
        }
        // A save that found another installation writing as this machine.
        self.take_identity_changes();
        self.update_save_state();
        !self.saves.saving.is_empty()
    }

    /// The writer thread is gone (or its lock poisoned): what it had not
    /// reported is not known to be on disk, and nothing more can be saved.
    pub(super) fn writer_gone(&mut self) {
        self.writer = None;
        for (key, _) in std::mem::take(&mut self.saves.saving) {
            self.saves.dirty.insert(key);
        }
        let reason = Msg::new("store.writer_gone");
        let keys: Vec<DocKey> = self.saves.dirty.iter().cloned().collect();
        for key in keys {
            self.saves.failed.insert(key, reason.clone());
        }
        self.say_failure(
            &reason,
            crate::store::ReadError::Disk {
                action: "io.write",
                reason: crate::store::DiskError::WriterGone,
            },
        );
        self.update_save_state();
    }

    /// Says a save failure in the log, unless it is the one said last:
    /// saving is tried again after every command (a disk freed works at
    /// once), but the same failure (its reason, whatever temporary file it
    /// names) is not said again.
    pub(super) fn say_failure(&mut self, reason: &Msg, why: crate::store::ReadError) {
        if self.saves.last_failure.as_ref() != Some(&why) {
            self.message(
                MessageKind::Error,
                Msg::new("store.save_failed").msg("reason", reason.clone()),
            );
            self.saves.last_failure = Some(why);
        }
    }

    /// One job's end, as the writer reported it. A report of a version
    /// that a newer one superseded is stale: the newer one's report says
    /// what is on disk.
    pub(super) fn take_outcome(&mut self, outcome: writer::Outcome) {
        let writer::Outcome {
            key,
            version,
            over,
            result,
        } = outcome;
        if self.saves.saving.get(&key) != Some(&version) {
            return;
        }
        self.saves.saving.remove(&key);
        match result {
            Ok(()) => {
                self.saves.failed.remove(&key);
                if self.saves.failed.is_empty() {
                    self.saves.last_failure = None;
                }
                if over {
                    self.model.library.disk_changes.retain(|k| *k != key);
                    self.model.library.broken_on_disk.remove(&key);
                    self.message(MessageKind::Info, Msg::new("store.kept_mine"));
                }
            }
            Err(crate::store::StoreError::ChangedOnDisk { .. }) => {
                // Not a failure: the file is left to the user to settle.
                self.saves.dirty.insert(key.clone());
                self.note_disk_change(key);
            }
            Err(e) => {
                self.saves.dirty.insert(key.clone());
                let reason = e.msg();
                self.saves.failed.insert(key, reason.clone());
                if over {
                    // Asked for by a click: said each time.
                    self.saves.last_failure = None;
                }
                self.say_failure(&reason, e.reason());
            }
        }
    }

    /// The save state from what is dirty, being written and failed.
    pub(super) fn update_save_state(&mut self) {
        let store_writable = self.store.as_ref().is_some_and(|s| !s.read_only());
        self.model.feedback.save_state = if !store_writable {
            // Nothing can be saved: "saved" only while nothing changed
            // (a read-only library as read).
            if self.store.is_some() && self.saves.dirty.is_empty() {
                SaveState::Saved
            } else {
                SaveState::Unsaved
            }
        } else if let Some(reason) = self.saves.failed.values().next_back() {
            SaveState::Failed(reason.clone())
        } else if !self.saves.saving.is_empty() {
            SaveState::Saving
        } else if !self.saves.dirty.is_empty() {
            SaveState::Unsaved
        } else {
            SaveState::Saved
        };
    }

    /// Hands every document changed since the last save to the writer
    /// (without waiting for the disk). A document listed as changed by
    /// another program waits for the user to settle it: its file is not
    /// overwritten.
    pub(super) fn save_dirty(&mut self) {
        self.poll_saves();
        if self.saves.dirty.is_empty() || self.store.as_ref().is_none_or(|s| s.read_only()) {
            self.update_save_state();
            return;
        }
        for key in std::mem::take(&mut self.saves.dirty) {
            let waits_for_user = self.model.library.disk_changes.contains(&key)
                && !self.saves.saving.contains_key(&key);
            if waits_for_user {
                self.saves.dirty.insert(key);
                continue;
            }
            let doc = self.model.doc(&key).cloned();
            self.submit(key, doc, false);
        }
        self.update_save_state();
    }

    /// Hands one document's state (`None`: deleted) to the writer; `over`:
    /// over a file another program changed.
    pub(super) fn submit(&mut self, key: DocKey, doc: Option<Doc>, over: bool) {
        let handed = match &mut self.writer {
            Some(writer) => writer.submit(key.clone(), writer::Job { doc, over }),
            None => Err(writer::WriterGone),
        };
        match handed {
            Ok(version) => {
                self.saves.saving.insert(key, version);
            }
            Err(writer::WriterGone) => {
                self.saves.dirty.insert(key);
                self.writer_gone();
            }
        }
    }

    /// Another program changed `key`'s file: said once, and offered for
    /// reload; a file that cannot be read says so and why, in words.
    pub(super) fn note_disk_change(&mut self, key: DocKey) {
        if !self.model.library.disk_changes.contains(&key) {
            let name = self
                .model
                .doc(&key)
                .map_or_else(|| key.id.clone(), |d| d.name().to_owned());
            let readable = self.store.as_ref().map_or(Ok(()), |store| {
                let path = store.listing().path(&key);
                match path.exists() {
                    true => store.listing().read_file(&path).map(drop),
                    false => Ok(()),
                }
            });
            let text = match readable {
                Ok(()) => Msg::new("store.changed_on_disk").text("name", name),
                Err(e) => {
                    self.model
                        .library
                        .broken_on_disk
                        .insert(key.clone(), e.msg());
                    // A file Muster never had: no version of its own to
                    // keep nor to write back.
                    let words = match self.model.doc(&key) {
                        Some(_) => "store.changed_broken",
                        None => "store.new_broken",
                    };
                    Msg::new(words).text("name", name).msg("reason", e.msg())
                }
            };
            self.message(MessageKind::Error, text);
            self.model.library.disk_changes.push(key);
        }
    }
}
