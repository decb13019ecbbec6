//! A journaled campaign read and saved: read from its files (or its
//! snapshot), its folder begun with the campaign as its start, this
//! machine's new lines appended to its own journal, the players' choice
//! between two events recorded (or previewed), the campaign backed up or
//! removed, and the snapshots brought up to date.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::arrivals::written_by_another;
use super::file::{Choose, FileHash, Header, JournalFile, Line, entry_key, line_text, read_tail};
use super::known::{Known, known_from_texts, read_journals};
use super::replay::{continues, new_lines, new_lines_since, own_events};
use super::snapshot::put_snapshot;
use super::{JOURNAL_FORMAT, START_FILE};
use crate::rules::campaign::journals::SetAside;
use crate::rules::{Campaign, Doc, DocKey, Document};
use crate::store::document::SCHEMA_VERSION;
use crate::store::{JournalError, Seen, Store, StoreError, io_err};

impl Store {
    /// Reads a journaled campaign: its start, then every machine's
    /// journal, replayed. Each file is remembered as read.
    pub(in crate::store) fn read_journaled(&self, key: &DocKey) -> Result<Doc, StoreError> {
        let dir = self.journals.dir(key);
        // Read under the lock: a save appending meanwhile would otherwise
        // be forgotten by what is kept of the files.
        let mut map = self.journals.known();
        let texts = read_journals(&dir)?;
        if let Some((known, campaign)) = self.journals.read_snapshot(key, &dir, &texts) {
            map.insert(dir, known);
            return Ok(Doc::new(campaign));
        }
        let own = self.journals.identity().id();
        let mut known = known_from_texts(self.listing.kinds(), &dir, texts, Some(&own))?;
        let print = self.journals.replay_rules().fingerprint();
        let doc = self
            .journals
            .replay_known(self.listing.kinds(), key, &mut known, None)?;
        let snapshot = doc
            .get::<Campaign>()
            .filter(|_| !self.read_only())
            .and_then(|c| self.journals.snapshot_bytes(key, &mut known, c, print));
        map.insert(dir, known);
        // Written once the lock is let go: a save waits for no disk.
        drop(map);
        if let Some((path, bytes)) = snapshot {
            put_snapshot(&path, &bytes);
        }
        Ok(doc)
    }

    /// Saves a campaign as journals: the first time, its folder is made
    /// with the campaign as its start (a single file it was read from goes
    /// to the backups); afterwards only this machine's new lines are
    /// appended to its own journal.
    pub(in crate::store) fn save_journaled(
        &self,
        doc: &Doc,
        check: bool,
    ) -> Result<PathBuf, StoreError> {
        let Some(c) = doc.get::<Campaign>() else {
            return Err(StoreError::Journal {
                reason: JournalError::NotACampaign,
                path: self.listing.path(&doc.key()),
            });
        };
        let key = DocKey::new(<Campaign as Document>::KIND, c.id.clone());
        let dir = self.journals.dir(&key);
        if !dir.join(START_FILE).is_file() {
            self.begin_journals(&key, c, check)?;
        } else if !self.journals.known().contains_key(&dir) {
            self.read_journaled(&key)?;
        }
        let mut map = self.journals.known();
        let Some(known) = map.get_mut(&dir) else {
            // Read just above, or begun: only a failed read leaves none.
            return Err(StoreError::Journal {
                reason: JournalError::NotRead,
                path: dir,
            });
        };
        let mut own_path = self.journals.own_journal(&key);
        if written_by_another(known, &self.journals.identity().id(), &own_path) {
            // Its lines are read at the next look at the other machines'.
            self.journals.identity().take_new(own_path);
            own_path = self.journals.own_journal(&key);
        }
        let own = self.journals.identity().id();
        // Nothing of the files changed since this machine's last save but
        // its own lines: only the events after those both journals share
        // are looked at (a tick at the table looks at one, not thousands).
        let last = known
            .last_save
            .take()
            .filter(|l| l.files == known.files_seen());
        let (text, since) = {
            let empty = JournalFile::default();
            let mine = known.files.get(&own).map_or(&empty, |(_, f)| f);
            match &last {
                Some(last) => {
                    let (text, shared, tail) = new_lines_since(c, known, (mine, &own), last);
                    (text, Some((shared, tail)))
                }
                None => (new_lines(c, known, mine, &own), None),
            }
        };
        known.name.clone_from(&c.name);
        let keys = match (since, last) {
            (Some((shared, tail)), Some(last)) => {
                let mut keys = last.keys;
                for k in keys.get(shared..).unwrap_or_default() {
                    known.saved_keys.remove(k);
                }
                known.saved_keys.extend(tail.iter().cloned());
                keys.truncate(shared);
                keys.extend(tail);
                keys
            }
            _ => {
                let keys: Vec<String> = c.journal.iter().map(|e| entry_key(e)).collect();
                known.saved_keys = keys.iter().cloned().collect();
                keys
            }
        };
        let saved = |known: &Known| super::known::LastSave {
            doc: doc.clone(),
            keys,
            files: known.files_seen(),
        };
        if text.is_empty() && own_path.exists() {
            known.last_save = Some(saved(known));
            return Ok(own_path);
        }
        let written = self.append_lines(known, &own_path, &text)?;
        known.last_save = Some(saved(known));
        // Synced once the others may read and save again: a frame that
        // takes arrivals in meanwhile does not wait for the disk.
        drop(map);
        written.sync_data().map_err(io_err("io.sync", &own_path))?;
        Ok(own_path)
    }

    /// Records the players' choice between two events that clash: `keep`
    /// stands and `over` is set aside, on every machine (a line of this
    /// machine's journal). The campaign is read again afterwards
    /// ([`Store::with_arrivals`]).
    pub fn choose(&self, key: &DocKey, keep: &str, over: &str) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        let dir = self.journals.dir(key);
        let own_path = self.journals.own_journal(key);
        let mut map = self.journals.known();
        let Some(known) = map.get_mut(&dir) else {
            return Err(StoreError::Journal {
                reason: JournalError::NotRead,
                path: dir,
            });
        };
        let choice = Line::Choose(Choose {
            keep: keep.to_owned(),
            over: over.to_owned(),
            at: Some(crate::store::machine::utc_now()),
        });
        let written = self.append_lines(known, &own_path, &line_text(&choice))?;
        drop(map);
        written.sync_data().map_err(io_err("io.sync", &own_path))
    }

    /// The campaign `ours` would be, with what it would hold aside, if the
    /// players kept `keep` instead of `over`: the choice replayed on a copy
    /// of what is known, nothing written. `None`: not journaled, or not
    /// read yet.
    pub fn preview_choice(
        &self,
        ours: &Campaign,
        keep: &str,
        over: &str,
    ) -> Result<Option<(Campaign, Vec<SetAside>)>, StoreError> {
        let key = DocKey::new(<Campaign as Document>::KIND, ours.id.clone());
        let dir = self.journals.dir(&key);
        let Some(mut known) = self.journals.known().get(&dir).cloned() else {
            return Ok(None);
        };
        let own = self.journals.identity().id();
        let (_, file) = known.files.entry(own.clone()).or_default();
        file.choices.push(Choose {
            keep: keep.to_owned(),
            over: over.to_owned(),
            at: Some(crate::store::machine::utc_now()),
        });
        let mine = own_events(ours, &known, &own);
        let doc =
            self.journals
                .replay_known(self.listing.kinds(), &key, &mut known, Some(&mine))?;
        Ok(doc
            .get::<Campaign>()
            .map(|c| (c.clone(), std::mem::take(&mut known.set_aside))))
    }

    /// Appends `text` (whole lines) to this machine's journal, its header
    /// first when the journal is new, and takes them into what is known
    /// of it. The file is returned to be synced.
    fn append_lines(
        &self,
        known: &mut Known,
        own_path: &Path,
        text: &str,
    ) -> Result<fs::File, StoreError> {
        let own = self.journals.identity().id();
        let (_, file) = known.files.entry(own.clone()).or_default();
        // Whole lines past what is known (a write that failed after some
        // of them landed) are read, never cut: other machines may have read
        // them. A journal shorter than known (replaced by hand or by a sync
        // tool) is read again whole. Only a cut-off last line is cut away.
        if fs::metadata(own_path).is_ok_and(|m| m.len() != file.good_len) {
            read_tail(own_path, file)?;
        }
        let header = if own_path.exists() && file.good_len > 0 {
            String::new()
        } else {
            line_text(&Line::Journal(Header {
                format: JOURNAL_FORMAT,
                schema: SCHEMA_VERSION,
                machine: own.clone(),
                name: self.journals.identity().name(),
            }))
        };
        let all = format!("{header}{text}");
        let written = match self.disk.append_at(own_path, file.good_len, &all) {
            Ok(written) => written,
            Err(e) => {
                // What landed of it is this machine's, not another's.
                known.attempt = all;
                return Err(e.into());
            }
        };
        known.attempt.clear();
        // What was appended is what the file now holds past `good_len`.
        let first = if header.is_empty() { 2 } else { 1 };
        let mut grown = std::mem::take(file);
        grown
            .read_more(&all, first)
            .map_err(|reason| StoreError::Document {
                reason,
                path: own_path.to_path_buf(),
            })?;
        grown.read_up_to(all.as_bytes());
        *file = grown;
        let seen = Seen::of(own_path);
        if let Some((was, _)) = known.files.get_mut(&own) {
            *was = seen;
        }
        Ok(written)
    }

    /// Makes the campaign's folder, its start the campaign as it is.
    fn begin_journals(&self, key: &DocKey, c: &Campaign, check: bool) -> Result<(), StoreError> {
        let single = self.listing.path(key);
        let on_disk = Seen::of(&single);
        if check && on_disk.is_some() && on_disk != self.disk.last_seen(&single) {
            return Err(StoreError::ChangedOnDisk { path: single });
        }
        let dir = self.journals.dir(key);
        fs::create_dir_all(&dir).map_err(io_err("io.create_folder", &dir))?;
        let start_path = dir.join(START_FILE);
        // The start is the single file as it is on disk, when this
        // campaign continues it: the events made since go to this
        // machine's journal, where an undo can take them back.
        let start = match self.listing.read_file(&single) {
            Ok(Doc::Campaign(s)) if continues(c, &s) => {
                let mut s = Campaign::clone(&s);
                s.id.clone_from(&c.id);
                s
            }
            _ => c.clone(),
        };
        let doc = Doc::new(start.clone());
        let text = self
            .listing()
            .kinds()
            .to_json(&doc)
            .map_err(|reason| StoreError::Document {
                reason,
                path: start_path.clone(),
            })?;
        self.disk.write_atomic(&start_path, text.as_bytes())?;
        let hash = FileHash::of(text.as_bytes());
        let mut known = Known::of_start((Arc::new(start), hash), Seen::of(&start_path), start_path);
        known.saved_keys.clone_from(&known.start_keys);
        self.journals.known().insert(dir, known);
        // The single file it was: among the backups, then gone.
        if single.exists() {
            self.backups.retire(&self.disk, key, &single)?;
            self.disk.remember(&single);
            self.disk.mark_foreign(&single, false);
        }
        Ok(())
    }

    /// Puts the campaign as its journals give it now among its backups, as
    /// one file.
    pub(in crate::store) fn back_up_journaled(&self, key: &DocKey) -> Result<(), StoreError> {
        let doc = self.read_journaled(key)?;
        let text = self
            .listing()
            .kinds()
            .to_json(&doc)
            .map_err(|reason| StoreError::Document {
                reason,
                path: self.journals.dir(key),
            })?;
        self.backups.keep(&self.disk, key, text.as_bytes())
    }

    /// Removes a journaled campaign: one file of it as it stands goes to
    /// the backups, then its folder.
    pub(in crate::store) fn delete_journaled(&self, key: &DocKey) -> Result<(), StoreError> {
        let dir = self.journals.dir(key);
        self.back_up_journaled(key)?;
        fs::remove_dir_all(&dir).map_err(io_err("io.remove", &dir))?;
        self.journals.known().remove(&dir);
        Ok(())
    }

    /// Brings the snapshot of every journaled campaign read here up to
    /// its files as known, so that the next opening reads the snapshot
    /// rather than replaying. Each campaign is replayed on a copy of what
    /// is known of it, the store's lock let go meanwhile: a save or an
    /// arrival never waits for it. (The writer thread calls it once saves
    /// pause; closing Muster never waits for it.)
    pub fn keep_snapshots(&self) {
        if self.journals.snapshots.is_none() || self.read_only() {
            return;
        }
        let stale: Vec<(PathBuf, Known)> = self
            .journals
            .known()
            .iter()
            .filter(|(_, k)| k.snapshot_of.as_ref() != Some(&k.lengths()))
            .map(|(dir, k)| (dir.clone(), k.clone()))
            .collect();
        let print = self.journals.replay_rules().fingerprint();
        for (dir, mut known) in stale {
            let Some(id) = dir.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let key = DocKey::new(<Campaign as crate::rules::Document>::KIND, id);
            let Ok(doc) = self
                .journals
                .replay_known(self.listing.kinds(), &key, &mut known, None)
            else {
                continue;
            };
            let Some(c) = doc.get::<Campaign>() else {
                continue;
            };
            let Some((path, bytes)) = self.journals.snapshot_bytes(&key, &mut known, c, print)
            else {
                continue;
            };
            put_snapshot(&path, &bytes);
            // Known as kept, unless the files moved on meanwhile.
            if let Some(now) = self.journals.known().get_mut(&dir)
                && now.lengths() == known.lengths()
            {
                now.snapshot_of = known.snapshot_of;
            }
        }
    }
}
