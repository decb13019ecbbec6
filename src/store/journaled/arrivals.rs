//! What another program changed in the journaled campaigns' files: the
//! other machines' new lines taken in, the campaigns whose files changed,
//! and a fingerprint of every journaled file.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use super::START_FILE;
use super::file::{FileHash, Line, journal_files, parse_journal_bytes, read_tail};
use super::known::Known;
use super::read::Journals;
use super::replay::{newest_name, own_events, played_on_top};
use crate::rules::campaign::MachineId;
use crate::rules::{Campaign, Doc, DocKey, Document};
use crate::store::{DiskError, Seen, Store, StoreError, io_err};

/// A change to one journaled campaign's files, seen on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrived {
    /// The machines whose journals grew or changed.
    pub machines: Vec<MachineId>,
}

impl Store {
    /// The campaign with what arrived in other machines' journals since
    /// they were last read, this machine's events being those of `ours`
    /// that no other file holds. `None`: not journaled, or not read yet.
    pub fn with_arrivals(&self, ours: &Campaign) -> Result<Option<Doc>, StoreError> {
        let key = DocKey::new(<Campaign as Document>::KIND, ours.id.clone());
        let dir = self.journals.dir(&key);
        let mut map = self.journals.known();
        let Some(known) = map.get_mut(&dir) else {
            return Ok(None);
        };
        let mut own = self.journals.identity().id();
        for (machine, path) in journal_files(&dir) {
            if machine == own {
                if !written_by_another(known, &own, &path) {
                    continue;
                }
                // Read from now on as another machine's journal.
                own = self.journals.identity().take_new(path.clone());
            }
            let seen = Seen::of(&path);
            if seen.is_none() {
                // Gone since listed: a sync tool replacing it. Its lines
                // are taken in at the next look, once it is back.
                self.journals.look_again.store(true, Ordering::Release);
                continue;
            }
            let (was, file) = known.files.entry(machine.clone()).or_default();
            if *was == seen {
                continue;
            }
            let whole = if file.broken {
                true
            } else {
                match read_tail(&path, file) {
                    Ok(()) => false,
                    // A line that cannot be read: the file is read again
                    // whole, as far as it can be.
                    Err(StoreError::Document { .. }) => true,
                    // Nothing read yet: the file as known stays.
                    Err(e) if gone(&e) => {
                        self.journals.look_again.store(true, Ordering::Release);
                        continue;
                    }
                    Err(e) => return Err(e),
                }
            };
            if whole {
                let bytes = match fs::read(&path) {
                    Ok(bytes) => bytes,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        self.journals.look_again.store(true, Ordering::Release);
                        continue;
                    }
                    Err(e) => return Err(io_err("io.read", &path)(e)),
                };
                known.take_partly(machine, &path, seen, parse_journal_bytes(&bytes));
            } else {
                *was = seen;
                known.unreadable.retain(|u| u.path != path);
            }
        }
        let on_top = self
            .journals()
            .replay_rules()
            .get()
            .and_then(|rules| played_on_top(ours, known, &own, &rules));
        let doc = match on_top {
            Some(c) => Doc::new(c),
            None => {
                let mine = own_events(ours, known, &own);
                self.journals
                    .replay_known(self.listing.kinds(), &key, known, Some(&mine))?
            }
        };
        // Another machine's new name comes in; otherwise the name stays as
        // it is here (perhaps renamed and not saved yet).
        let on_disk = newest_name(&known.files).unwrap_or_else(|| known.start_name.clone());
        let name = if on_disk == known.name {
            ours.name.clone()
        } else {
            known.name.clone_from(&on_disk);
            on_disk
        };
        Ok(Some(doc.renamed(None, Some(name))))
    }

    /// A number that changes whenever a file of a journaled campaign
    /// changes (its name, size or time): cheap enough to look at many
    /// times a second.
    pub fn journals_fingerprint(&self) -> u64 {
        use std::hash::{Hash as _, Hasher as _};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for dir in self.listing.journaled_folders() {
            let mut files: Vec<(std::ffi::OsString, u64, Option<std::time::SystemTime>)> =
                fs::read_dir(&dir)
                    .map(|rd| {
                        rd.filter_map(Result::ok)
                            .map(|e| {
                                let meta = e.metadata().ok();
                                (
                                    e.file_name(),
                                    meta.as_ref().map_or(0, fs::Metadata::len),
                                    meta.and_then(|m| m.modified().ok()),
                                )
                            })
                            .collect()
                    })
                    .unwrap_or_default();
            files.sort();
            dir.hash(&mut h);
            files.hash(&mut h);
        }
        h.finish()
    }
}

impl Journals {
    /// The journaled campaigns' files another program changed since Muster
    /// read or wrote them: the campaigns, each with the machines whose
    /// journals changed (none: its start changed or it is new).
    pub fn changes(&self) -> Vec<(DocKey, PathBuf, Arrived)> {
        let folder = self.dir.join(<Campaign as Document>::KIND.folder());
        let Ok(entries) = fs::read_dir(&folder) else {
            return Vec::new();
        };
        let own = self.identity.id();
        let mut map = self.known();
        let mut out = Vec::new();
        for dir in entries.filter_map(Result::ok).map(|e| e.path()) {
            if !dir.join(START_FILE).is_file() {
                continue;
            }
            let Some(id) = dir.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            let key = DocKey::new(<Campaign as Document>::KIND, id);
            // A campaign not read yet, or whose start changed: read whole.
            let mut known = map.get_mut(&dir);
            if known
                .as_mut()
                .is_some_and(|k| !start_as_known(k, &dir.join(START_FILE)))
            {
                known = None;
            }
            let Some(known) = known.map(|k| &*k) else {
                let machines = Vec::new();
                out.push((key, dir, Arrived { machines }));
                continue;
            };
            let machines: Vec<MachineId> = journal_files(&dir)
                .into_iter()
                .filter(|(m, p)| {
                    if *m == own {
                        return written_by_another(known, &own, p);
                    }
                    // Gone since listed (a sync tool replacing it): news
                    // once it is back.
                    let seen = Seen::of(p);
                    seen.is_some() && known.files.get(m).map(|(s, _)| *s) != Some(seen)
                })
                .map(|(m, _)| m)
                .collect();
            if !machines.is_empty() {
                out.push((key, dir, Arrived { machines }));
            }
        }
        out
    }
}

/// Whether a journal's reading failed because the file was gone (a sync
/// tool replacing it between the look and the read).
fn gone(e: &StoreError) -> bool {
    matches!(
        e,
        StoreError::Disk {
            reason: DiskError::Gone,
            ..
        }
    )
}

/// Whether the campaign's start is still the one known: its size and time
/// as known, or, when a sync tool wrote it again or touched it, the same
/// bytes (then known as it is now). Only a start whose bytes changed is
/// news; a touch that is none must not stop this machine's saves.
fn start_as_known(known: &mut Known, start: &Path) -> bool {
    let seen = Seen::of(start);
    if known.start_seen == seen {
        return true;
    }
    let same = fs::read(start).is_ok_and(|b| FileHash::of(&b) == known.start_hash);
    if same {
        known.start_seen = seen;
    }
    same
}

/// Whether another installation wrote this machine's journal `path` (of
/// machine `own`) since this Muster last read or wrote it: bytes past
/// what is known that are not what this machine's last failed append
/// left, nor a line a crash cut off before it was read (the file is then
/// as it was read), holding at least one whole journal line. Two
/// installations writing as one machine: a copy of one's folder, or an id
/// file both read. Lines that are no journal's (the file damaged, or
/// edited by hand) are not another Muster's: the journal stays this
/// machine's, and reading it says which line is wrong.
pub(super) fn written_by_another(known: &Known, own: &MachineId, path: &Path) -> bool {
    let Some((seen, file)) = known.files.get(own) else {
        // Begun by another installation since the campaign was read here.
        return fs::metadata(path).is_ok_and(|m| m.len() > 0);
    };
    if Seen::of(path) == *seen {
        return false;
    }
    let Ok(bytes) = fs::read(path) else {
        return false;
    };
    let from = usize::try_from(file.good_len).unwrap_or(usize::MAX);
    // Shorter: replaced (by hand, or a sync tool's older copy), read again
    // whole at the next append, not another writer.
    let Some(extra) = bytes.get(from..) else {
        return false;
    };
    !extra.is_empty() && !known.attempt.as_bytes().starts_with(extra) && holds_a_journal_line(extra)
}

/// Whether `bytes` hold a whole line that reads as a journal's.
fn holds_a_journal_line(bytes: &[u8]) -> bool {
    let whole = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |n| n + 1);
    String::from_utf8_lossy(&bytes[..whole])
        .lines()
        .any(|line| serde_json::from_str::<Line>(line).is_ok())
}
