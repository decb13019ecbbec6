pub mod conflicts;
pub mod document;
pub mod fields;
pub mod house_rules;
pub mod journaled;
pub mod kept_history;
pub mod kinds;
pub mod lock;
pub mod machine;

mod atomic;
mod backups;
mod error;
mod library;
mod paths;

use atomic::unique_stamp;
pub use atomic::{is_our_temp, write_atomic};
pub use backups::{Ancestor, BACKUP_INTERVAL, BACKUPS_KEPT};
use error::io_err;
pub use error::{ReadError, StoreError};
pub use library::{DiskChange, Library, Unreadable, Version};
pub use paths::{
    CONFIG_DIR_ENV, DATA_DIR_ENV, data_dir_chosen, data_dir_for, data_dir_override,
    default_data_dir, prefs_dir, prefs_dir_for, sanitize, shared_prefs_dir, slug,
};
use paths::{file_stem_for, is_document_file, stem_of};

use std::collections::{HashMap, HashSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use document::{DocError, KeptTexts, SCHEMA_VERSION, parse, to_json};
pub use kinds::{Kind, Kinds};
use lock::Lock;
pub use lock::LockDir;

use crate::rules::data::DataProblem;
use crate::rules::{Doc, DocKey, DocVariant, Problem, RulesData};

/// What the store last saw of a file: if it differs now, another program
/// changed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Seen {
    len: u64,
    modified: Option<SystemTime>,
}

impl Seen {
    fn of(path: &Path) -> Option<Self> {
        let meta = fs::metadata(path).ok()?;
        Some(Self {
            len: meta.len(),
            modified: meta.modified().ok(),
        })
    }
}

/// The documents folders of one data directory.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    lock: Lock,
    /// Where its lock was looked for (a store opened again looks there).
    lock_dir: LockDir,
    kinds: Kinds,
    backup_interval: Duration,
    /// What was last read or written of each file.
    seen: Mutex<HashMap<PathBuf, Seen>>,
    /// Files whose version, written by another program, Muster has read
    /// since: the next save over one backs it up first, whenever the last
    /// backup was made (undoing the reload would otherwise drop it).
    foreign: Mutex<HashSet<PathBuf>>,
    /// The texts of the shared items (a campaign's journal entries and
    /// characters) each file was last saved with: the next save makes the
    /// new and changed ones only.
    kept: Mutex<HashMap<PathBuf, KeptTexts>>,
    /// Tests: how many more bytes writes may write before failing (`u64::MAX`:
    /// no limit), to simulate a disk that fills up part-way.
    write_budget: AtomicU64,
    /// What is known of each journaled campaign's files, by its folder.
    journaled: Mutex<HashMap<PathBuf, journaled::Known>>,
    /// This machine's id: the journal it writes in each campaign (drawn
    /// anew when another installation is found writing as this one).
    machine: RwLock<Option<machine::MachineId>>,
    /// The ids this machine gave up, each for a new one, since the app
    /// last asked ([`Store::take_identity_changes`]).
    identity_changes: Mutex<Vec<IdentityChange>>,
    /// This machine's name, written in the journals it begins.
    machine_name: RwLock<String>,
    /// The rules a journaled campaign's events are replayed by (the
    /// built-in ones until the app gives the user's).
    /// With a hash of them, kept together: a snapshot of a campaign
    /// replayed by other rules is not used.
    rules: RwLock<Option<(Arc<RulesData>, u64)>>,
    /// This machine's folder of the campaigns' snapshots, never among the
    /// documents (none: no snapshots are kept).
    snapshots: Option<PathBuf>,
}

/// This machine's id given up for a new one: another installation (a
/// copy of this one's folder, or one sharing its id file) was found
/// writing this machine's journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdentityChange {
    /// The id given up.
    pub old: machine::MachineId,
    /// The id this machine writes as now.
    pub new: machine::MachineId,
    /// The journal another installation wrote as the old id.
    pub found_in: PathBuf,
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
        let kinds = Kinds::default();
        let mut folders = vec![dir.to_path_buf(), dir.join("backups")];
        folders.extend(kinds.iter().map(|k| dir.join(k.folder)));
        for sub in folders {
            fs::create_dir_all(&sub).map_err(io_err("io.create_folder", &sub))?;
        }
        let lock = lock::acquire(dir, &lock_dir).map_err(|(path, source)| StoreError::Io {
            action: "io.open_lock",
            path,
            source,
        })?;
        let snapshots = journaled::snapshots_folder(dir, &lock_dir);
        let store = Self {
            dir: dir.to_path_buf(),
            lock,
            lock_dir,
            kinds,
            backup_interval: BACKUP_INTERVAL,
            seen: Mutex::new(HashMap::new()),
            foreign: Mutex::new(HashSet::new()),
            kept: Mutex::new(HashMap::new()),
            write_budget: AtomicU64::new(u64::MAX),
            journaled: Mutex::new(HashMap::new()),
            machine: RwLock::new(None),
            identity_changes: Mutex::new(Vec::new()),
            machine_name: RwLock::new(String::new()),
            rules: RwLock::new(None),
            snapshots,
        };
        if matches!(store.lock, Lock::Held(_)) {
            store.clear_leftovers();
            store.move_legacy_backups();
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
        let mut folders = self.journaled_folders();
        for kind in self.kinds.iter() {
            folders.push(self.dir.join(kind.folder));
            if let Ok(entries) = fs::read_dir(self.dir.join("backups").join(kind.folder)) {
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
        self.backup_interval = interval;
        self
    }

    /// This store as the machine of id `machine` (tests play several
    /// machines in one process); otherwise the installation's id is used.
    #[must_use]
    pub fn with_machine(self, machine: machine::MachineId) -> Self {
        if let Ok(mut m) = self.machine.write() {
            *m = Some(machine);
        }
        self
    }

    /// This machine's id.
    pub fn machine(&self) -> machine::MachineId {
        if let Some(id) = self.machine.read().ok().and_then(|m| m.clone()) {
            return id;
        }
        let Ok(mut m) = self.machine.write() else {
            return machine::MachineId::this_installation();
        };
        m.get_or_insert_with(machine::MachineId::this_installation)
            .clone()
    }

    /// Gives up this machine's id for a new one: another installation was
    /// found writing this machine's journal in the campaign `found_in`.
    /// The events of the old journal stay in every campaign (read as
    /// another machine's); what this machine saves next goes to the new.
    pub(crate) fn take_new_identity(&self, found_in: PathBuf) -> machine::MachineId {
        let old = self.machine();
        let new = machine::MachineId::random();
        if let Ok(mut m) = self.machine.write() {
            *m = Some(new.clone());
        }
        log::warn!(
            "another installation writes as machine {old} ({}): this one now writes as {new}",
            found_in.display()
        );
        if let Ok(mut changes) = self.identity_changes.lock() {
            changes.push(IdentityChange {
                old,
                new: new.clone(),
                found_in,
            });
        }
        new
    }

    /// The ids this machine gave up since the last call, each with the new
    /// one and the journal where another installation was found writing
    /// as it.
    pub fn take_identity_changes(&self) -> Vec<IdentityChange> {
        self.identity_changes
            .lock()
            .map(|mut c| std::mem::take(&mut *c))
            .unwrap_or_default()
    }

    /// Sets this machine's name, written in the journals it begins.
    pub fn use_machine_name(&self, name: &str) {
        if let Ok(mut n) = self.machine_name.write() {
            name.clone_into(&mut n);
        }
    }

    /// This machine's name, as last set.
    pub fn machine_name(&self) -> String {
        self.machine_name
            .read()
            .map(|n| n.clone())
            .unwrap_or_default()
    }

    /// Sets the rules journaled campaigns are replayed by (the user's,
    /// overrides included).
    pub fn use_rules(&self, rules: &RulesData) {
        let print = rules_print(rules);
        if let Ok(mut r) = self.rules.write() {
            *r = Some((Arc::new(rules.clone()), print));
        }
    }

    /// A hash of the rules journaled campaigns are replayed by, the same
    /// from one run to the next for the same rules (0: none read).
    pub(crate) fn rules_fingerprint(&self) -> u64 {
        self.rules_and_print().map_or(0, |(_, p)| p)
    }

    /// The rules journaled campaigns are replayed by.
    /// `None` only when the built-in rules themselves do not read (which
    /// a test forbids).
    pub fn rules(&self) -> Option<Arc<RulesData>> {
        self.rules_and_print().map(|(r, _)| r)
    }

    /// The rules in force with their hash, read together.
    fn rules_and_print(&self) -> Option<(Arc<RulesData>, u64)> {
        if let Some(r) = self.rules.read().ok().and_then(|r| r.clone()) {
            return Some(r);
        }
        let built_in = RulesData::built_in().ok()?;
        let both = (Arc::new(built_in), 0);
        let both = (Arc::clone(&both.0), rules_print(&both.0));
        if let Ok(mut r) = self.rules.write() {
            // Another thread may have set the user's rules meanwhile.
            return Some(r.get_or_insert(both).clone());
        }
        Some(both)
    }

    /// Makes writes fail once `bytes` more bytes have been written (`None`:
    /// never): a disk that fills up part-way, for tests.
    pub fn fail_writes_after(&self, bytes: Option<u64>) {
        self.write_budget
            .store(bytes.unwrap_or(u64::MAX), Ordering::SeqCst);
    }

    /// The kinds of document this store reads and writes.
    pub fn kinds(&self) -> &Kinds {
        &self.kinds
    }

    /// Why the library could not be locked, when the file system refused:
    /// it is writable, but a second Muster on it would not be noticed.
    pub fn lock_warning(&self) -> Option<&str> {
        match &self.lock {
            Lock::Unsupported(reason) => Some(reason),
            Lock::Held(_) | Lock::HeldElsewhere => None,
        }
    }

    /// The same data directory opened again, its lock looked for where
    /// this store's was (a read-only library becomes writable once the
    /// other Muster is gone).
    pub fn reopen(&self) -> Result<Self, StoreError> {
        Self::open_with_options(&self.dir, self.lock_dir.clone())
            .map(|s| s.with_machine(self.machine()))
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

    fn remember(&self, path: &Path) {
        let seen = Seen::of(path);
        if let Ok(mut map) = self.seen.lock() {
            match seen {
                Some(seen) => {
                    map.insert(path.to_path_buf(), seen);
                }
                None => {
                    map.remove(path);
                }
            }
        }
    }

    /// Takes the file as it is now as known (a file that another program
    /// changed and that cannot be read: it is listed, not announced again).
    pub fn acknowledge(&self, path: &Path) {
        self.remember(path);
    }

    fn last_seen(&self, path: &Path) -> Option<Seen> {
        self.seen.lock().ok().and_then(|m| m.get(path).copied())
    }

    /// Notes that the file holds another program's version, about to be
    /// read (`foreign`), or that Muster wrote or removed it (`!foreign`).
    fn mark_foreign(&self, path: &Path, foreign: bool) {
        if let Ok(mut set) = self.foreign.lock() {
            if foreign {
                set.insert(path.to_path_buf());
            } else {
                set.remove(path);
            }
        }
    }

    fn is_foreign(&self, path: &Path) -> bool {
        self.foreign.lock().is_ok_and(|set| set.contains(path))
    }

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
        let path = self.path(&key);
        let text = self
            .to_json_kept(doc, &path)
            .map_err(|reason| StoreError::Document {
                reason,
                path: path.clone(),
            })?;
        let on_disk = Seen::of(&path);
        let changed_elsewhere = on_disk.is_some() && on_disk != self.last_seen(&path);
        if changed_elsewhere && check {
            return Err(StoreError::ChangedOnDisk { path });
        }
        if changed_elsewhere || self.is_foreign(&path) || !self.backed_up_lately(&key) {
            self.backup(&key, &path)?;
        }
        self.write_atomic(&path, text.as_bytes())?;
        self.remember(&path);
        self.mark_foreign(&path, false);
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
        let Ok(mut kept) = self.kept.lock() else {
            return self.kinds.to_json(doc);
        };
        let texts = kept.entry(path.to_path_buf()).or_default();
        let text = self.kinds.to_json_kept(doc, texts);
        if texts.is_empty() {
            kept.remove(path);
        }
        text
    }

    fn delete_checked(&self, key: &DocKey, check: bool) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        if self.is_journaled(key) {
            return self.delete_journaled(key);
        }
        let path = self.path(key);
        if !path.exists() {
            self.remember(&path);
            return Ok(());
        }
        if check && Seen::of(&path) != self.last_seen(&path) {
            return Err(StoreError::ChangedOnDisk { path });
        }
        self.backup(key, &path)?;
        fs::remove_file(&path).map_err(io_err("io.remove", &path))?;
        if let Ok(mut kept) = self.kept.lock() {
            kept.remove(&path);
        }
        self.remember(&path);
        self.mark_foreign(&path, false);
        Ok(())
    }

    /// Whether a file of the library of any kind (readable or not) or the
    /// backups of a document (perhaps deleted) use `id`.
    pub fn id_in_use(&self, id: &str) -> bool {
        self.kinds.iter().any(|k| {
            let key = DocKey::new(k.kind, id);
            self.path(&key).exists()
                || self.journal_dir(&key).exists()
                || self.backups_dir(&key).exists()
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
        read_file(&self.kinds, path)
    }

    /// Writes a document to any path (export), atomically.
    pub fn export(&self, doc: &Doc, path: &Path) -> Result<(), StoreError> {
        let text = self
            .kinds
            .to_json(doc)
            .map_err(|reason| StoreError::Document {
                reason,
                path: path.to_path_buf(),
            })?;
        self.write_atomic(path, text.as_bytes())
    }
}

/// A hash of rules data, the same from one run to the next (its debug
/// text holds every table; none of them is a hash map).
fn rules_print(rules: &RulesData) -> u64 {
    lock::fnv1a64(format!("{rules:?}").as_bytes()).max(1)
}

/// Reads and parses one file of any registered kind.
pub fn read_file(kinds: &Kinds, path: &Path) -> Result<Doc, StoreError> {
    let text = fs::read_to_string(path).map_err(io_err("io.read", path))?;
    let stem = stem_of(path);
    kinds
        .parse(&text, &stem)
        .map_err(|reason| StoreError::Document {
            reason,
            path: path.to_path_buf(),
        })
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
                path,
                machine: String::new(),
                reason: ReadError::Io {
                    action: "io.read",
                    message: e.to_string(),
                },
            }),
        }
    }
    (texts, problems)
}

impl Store {
    fn write_atomic(&self, path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        let budget = self.write_budget.load(Ordering::SeqCst);
        let len = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        if budget != u64::MAX {
            self.write_budget
                .store(budget.saturating_sub(len), Ordering::SeqCst);
        }
        write_atomic(path, |w| {
            if len > budget {
                // Part of the text, then a full disk.
                let part = usize::try_from(budget).unwrap_or(0);
                w.write_all(&bytes[..part.min(bytes.len())])?;
                return Err(io::Error::new(
                    io::ErrorKind::StorageFull,
                    "no space left on device (simulated)",
                ));
            }
            w.write_all(bytes)
        })
    }
}
