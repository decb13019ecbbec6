//! The user's documents on disk: one JSON file per document, in one folder
//! per kind (`rosters/`, …), saved atomically, with rotating backups. A file
//! that cannot be read is reported and never overwritten or deleted. A file
//! changed by another program is never overwritten in silence. A second
//! instance on the same directory opens it read-only.
//!
//! The store knows no language: its errors are data ([`StoreError::msg`]),
//! translated where they are shown.
//!
//! The app shares one store between its frames (reads, the look for other
//! programs' changes) and its writer thread (saves): what the store
//! remembers of each file is behind locks, and a save notes what it wrote
//! before it returns.

pub mod conflicts;
pub mod document;
pub mod fields;
pub mod journaled;
pub mod kinds;
pub mod lock;
pub mod machine;

use std::collections::{HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use document::{DocError, KeptTexts, SCHEMA_VERSION, parse, to_json};
pub use kinds::{Kind, Kinds};
use lock::Lock;
pub use lock::LockDir;

use crate::rules::data::DataProblem;
use crate::rules::{Doc, DocKey, DocVariant, Msg, Problem, RulesData};

/// How many previous versions of each document are kept.
pub const BACKUPS_KEPT: usize = 10;

/// Environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "MUSTER_DATA_DIR";

/// The folder `$MUSTER_DATA_DIR` names, if it is set.
pub fn data_dir_override() -> Option<PathBuf> {
    std::env::var_os(DATA_DIR_ENV)
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// The data directory: `$MUSTER_DATA_DIR`, or the platform's user data
/// directory (`~/.local/share/muster` on Linux).
pub fn default_data_dir() -> Option<PathBuf> {
    data_dir_for(data_dir_override())
}

/// The data directory, given the override (`$MUSTER_DATA_DIR`).
pub fn data_dir_for(data_dir_override: Option<PathBuf>) -> Option<PathBuf> {
    data_dir_override.or_else(|| {
        directories::ProjectDirs::from("", "", "muster").map(|d| d.data_dir().to_path_buf())
    })
}

/// The documents folder, given the one chosen in the preferences:
/// `$MUSTER_DATA_DIR`, else the one chosen, else the platform's.
pub fn data_dir_chosen(chosen: Option<PathBuf>) -> Option<PathBuf> {
    data_dir_for(data_dir_override().or(chosen))
}

/// Where eframe keeps the interface preferences: never among the documents.
pub fn prefs_dir() -> Option<PathBuf> {
    prefs_dir_for(data_dir_override())
}

/// Where the interface preferences live, given the override: the `prefs`
/// folder of the data directory it names (so the override moves them too),
/// otherwise the platform's configuration folder (`~/.config/muster` on
/// Linux), apart from the documents.
pub fn prefs_dir_for(data_dir_override: Option<PathBuf>) -> Option<PathBuf> {
    match data_dir_override {
        Some(dir) => Some(dir.join("prefs")),
        None => {
            directories::ProjectDirs::from("", "", "muster").map(|d| d.config_dir().to_path_buf())
        }
    }
}

/// What went wrong with the store. Data, not text: [`StoreError::msg`] gives
/// the message key and arguments, the path last.
#[derive(Debug)]
pub enum StoreError {
    /// Another Muster holds the data directory.
    ReadOnly,
    /// A file operation failed.
    Io {
        /// What was being done, as a message key (`io.write`).
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// The OS error.
        source: io::Error,
    },
    /// A document could not be read or written.
    Document {
        /// Why.
        reason: DocError,
        /// The file.
        path: PathBuf,
    },
    /// The file was changed by another program since Muster read or wrote
    /// it: saving would overwrite that change.
    ChangedOnDisk {
        /// The file.
        path: PathBuf,
    },
    /// The file's name is not text (not UTF-8): its id could not name it
    /// again, so it is not read.
    NameNotText {
        /// The file.
        path: PathBuf,
    },
}

impl StoreError {
    /// The reason alone, without the path (for lists that show the file apart).
    pub fn reason(&self) -> ReadError {
        match self {
            Self::Document { reason, .. } => ReadError::Document(reason.clone()),
            Self::Io { action, source, .. } => ReadError::Io {
                action,
                message: source.to_string(),
            },
            Self::ReadOnly => ReadError::ReadOnly,
            Self::ChangedOnDisk { .. } => ReadError::ChangedOnDisk,
            Self::NameNotText { .. } => ReadError::NameNotText,
        }
    }

    /// The file or folder concerned.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::Io { path, .. }
            | Self::Document { path, .. }
            | Self::ChangedOnDisk { path }
            | Self::NameNotText { path } => Some(path),
            Self::ReadOnly => None,
        }
    }

    /// The message: the reason, then the path.
    pub fn msg(&self) -> Msg {
        match self.path() {
            Some(path) => Msg::new("io.with_path")
                .msg("reason", self.reason().msg())
                .text("path", path.display().to_string()),
            None => self.reason().msg(),
        }
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.msg().plain())
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            Self::Document { reason, .. } => Some(reason),
            Self::ReadOnly | Self::ChangedOnDisk { .. } | Self::NameNotText { .. } => None,
        }
    }
}

/// Why a file could not be read or written, without its path: what the
/// library lists beside the file name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The text is not a document Muster can read.
    Document(DocError),
    /// The system refused: what was being done (a message key) and the OS's words.
    Io {
        /// What was being done, as a message key (`io.read`).
        action: &'static str,
        /// The system's message.
        message: String,
    },
    /// Another Muster holds the library.
    ReadOnly,
    /// Another program changed the file.
    ChangedOnDisk,
    /// The file's name is not text.
    NameNotText,
}

impl ReadError {
    /// The message key and arguments.
    pub fn msg(&self) -> Msg {
        match self {
            Self::Document(e) => e.msg(),
            Self::Io { action, message } => Msg::new("io.failed")
                .key("action", *action)
                .text("reason", message),
            Self::ReadOnly => Msg::new("io.read_only"),
            Self::ChangedOnDisk => Msg::new("io.changed_on_disk"),
            Self::NameNotText => Msg::new("io.name_not_utf8"),
        }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.msg().plain())
    }
}

fn io_err(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> StoreError + use<> {
    let path = path.to_path_buf();
    move |source| StoreError::Io {
        action,
        path,
        source,
    }
}

/// A file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The file.
    pub path: PathBuf,
    /// Why (with line and column for JSON errors).
    pub reason: ReadError,
}

/// A sync tool's conflict copy of a document: another version of it, to
/// merge.
#[derive(Clone, Debug, PartialEq)]
pub struct Version {
    /// The document it is a version of.
    pub key: DocKey,
    /// The copy's file.
    pub path: PathBuf,
    /// The tool that named it.
    pub tool: conflicts::SyncTool,
    /// What it holds, or why it cannot be read.
    pub doc: Result<Doc, ReadError>,
}

/// Everything in the library folders.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Library {
    /// The documents read, of every kind, sorted by name.
    pub docs: Vec<Doc>,
    /// Files that could not be read, left as they are.
    pub unreadable: Vec<Unreadable>,
    /// Conflict copies: versions of a document to merge into it.
    pub versions: Vec<Version>,
}

impl Library {
    /// The documents of kind `K`.
    pub fn of<K: DocVariant>(&self) -> impl Iterator<Item = &K> {
        self.docs.iter().filter_map(Doc::get::<K>)
    }
}

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

/// How long after a backup the next save makes none: autosave writes after
/// every edit, and a backup per click would push the older versions out.
pub const BACKUP_INTERVAL: Duration = Duration::from_secs(5 * 60);

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
    /// This machine's id: the journal it writes in each campaign.
    machine: OnceLock<machine::MachineId>,
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

/// A change another program made to the library's files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiskChange {
    /// The document, by the file's kind folder and name.
    pub key: DocKey,
    /// The file (a journaled campaign's folder).
    pub path: PathBuf,
    /// Other machines' journals of a journaled campaign grew: their events
    /// are taken in at once, with no question (see
    /// [`Store::with_arrivals`]).
    pub live: bool,
}

impl Store {
    /// Opens (and creates) the data directory with the kinds Muster ships.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        Self::open_with(dir, Kinds::default())
    }

    /// Opens (and creates) the data directory for `kinds`. If another
    /// instance on this machine holds it, the store opens read-only.
    /// Holding it, the store clears what an interrupted save left behind.
    pub fn open_with(dir: &Path, kinds: Kinds) -> Result<Self, StoreError> {
        Self::open_with_options(dir, kinds, LockDir::Machine)
    }

    /// Opens (and creates) the data directory for `kinds`, its lock in
    /// `lock_dir` (tests point it at a folder of their own).
    pub fn open_with_options(
        dir: &Path,
        kinds: Kinds,
        lock_dir: LockDir,
    ) -> Result<Self, StoreError> {
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
            machine: OnceLock::new(),
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

    /// Muster 0.1 kept roster backups in `backups/<id>/`; they now live in
    /// `backups/<kind folder>/<id>/`. Moves them, never over anything.
    fn move_legacy_backups(&self) {
        let Some(rosters) = self.kinds.get("roster").map(|k| k.folder) else {
            return;
        };
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
        let _ = self.machine.set(machine);
        self
    }

    /// This machine's id.
    pub fn machine(&self) -> &machine::MachineId {
        self.machine
            .get_or_init(machine::MachineId::this_installation)
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
        Self::open_with_options(&self.dir, self.kinds.clone(), self.lock_dir.clone())
            .map(|s| s.with_machine(self.machine().clone()))
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
        let folder = self.kinds.get(key.kind).map_or(key.kind, |k| k.folder);
        self.dir
            .join(folder)
            .join(format!("{}.json", file_stem_for(&key.id)))
    }

    /// The folder of a document's backups.
    fn backups_dir(&self, key: &DocKey) -> PathBuf {
        let folder = self.kinds.get(key.kind).map_or(key.kind, |k| k.folder);
        self.dir
            .join("backups")
            .join(folder)
            .join(file_stem_for(&key.id))
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

    /// Reads every document of every kind. Unreadable files are listed with
    /// the reason.
    pub fn load_library(&self) -> Library {
        let mut library = Library::default();
        let previous = self
            .seen
            .lock()
            .map(|mut seen| std::mem::take(&mut *seen))
            .unwrap_or_default();
        for kind in self.kinds.iter() {
            let dir = self.dir.join(kind.folder);
            let entries = match fs::read_dir(&dir) {
                Ok(entries) => entries,
                Err(e) => {
                    library.unreadable.push(Unreadable {
                        reason: ReadError::Io {
                            action: "io.read",
                            message: e.to_string(),
                        },
                        path: dir,
                    });
                    continue;
                }
            };
            let mut paths: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| is_document_file(p) && !is_conflict_copy(p) && !beside_journals(p))
                .collect();
            paths.sort();
            for path in paths {
                if previous
                    .get(&path)
                    .is_some_and(|seen| Some(*seen) != Seen::of(&path))
                {
                    self.mark_foreign(&path, true);
                }
                match self.read_in_folder(kind, &path) {
                    Ok(doc) => library.docs.push(doc),
                    Err(e) => {
                        // Known as it is: only a later change is news.
                        self.remember(&path);
                        library.unreadable.push(Unreadable {
                            reason: e.reason(),
                            path,
                        });
                    }
                }
            }
        }
        if let Ok(mut map) = self.journaled.lock() {
            map.clear();
        }
        for dir in self.journaled_folders() {
            let key = DocKey::new(
                <crate::rules::Campaign as crate::rules::DocKind>::KIND,
                stem_of(&dir),
            );
            match self.read_journaled(&key) {
                Ok(doc) => {
                    library.docs.push(doc);
                    // Another machine's journal read in part: the campaign
                    // opens with what can be read, and says what cannot.
                    library.unreadable.extend(self.unreadable_journals(&key));
                }
                Err(e) => library.unreadable.push(Unreadable {
                    reason: e.reason(),
                    path: e.path().map_or(dir, Path::to_path_buf),
                }),
            }
        }
        library
            .docs
            .sort_by_key(|d| (d.name().to_lowercase(), d.kind()));
        library.versions = self.versions_among(&[]);
        library
    }

    /// The conflict copies in the library's folders, each read, but for
    /// those at `known` (read already).
    pub fn versions_among(&self, known: &[PathBuf]) -> Vec<Version> {
        let mut out = Vec::new();
        for kind in self.kinds.iter() {
            let Ok(entries) = fs::read_dir(self.dir.join(kind.folder)) else {
                continue;
            };
            let mut paths: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| is_document_file(p) && !known.contains(p))
                .collect();
            paths.sort();
            for path in paths {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                let copy = if beside_journals(&path) {
                    Some((stem_of(&path), conflicts::SyncTool::SingleFile))
                } else {
                    name.as_deref().and_then(conflicts::conflict_copy_of)
                };
                let Some((stem, tool)) = copy else {
                    continue;
                };
                let doc = self.read_file(&path).map_err(|e| e.reason());
                out.push(Version {
                    key: DocKey::new(kind.kind, stem),
                    path,
                    tool,
                    doc,
                });
            }
        }
        for (key, path, tool) in self.start_copies() {
            if !known.contains(&path) {
                let doc = self.read_file(&path).map_err(|e| e.reason());
                out.push(Version {
                    key,
                    path,
                    tool,
                    doc,
                });
            }
        }
        out
    }

    /// Sync tools' conflict copies of journaled campaigns' starts (two
    /// machines made one campaign's folder at once, from different
    /// files): versions of the campaign, to merge like any other.
    fn start_copies(&self) -> Vec<(DocKey, PathBuf, conflicts::SyncTool)> {
        let mut out = Vec::new();
        for dir in self.journaled_folders() {
            let Ok(entries) = fs::read_dir(&dir) else {
                continue;
            };
            let mut paths: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| is_conflict_copy(p))
                .collect();
            paths.sort();
            for path in paths {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                let copy = name.as_deref().and_then(conflicts::conflict_copy_of);
                if let Some((stem, tool)) = copy
                    && stem == journaled::START_FILE.trim_end_matches(".json")
                {
                    let key = DocKey::new(
                        <crate::rules::Campaign as crate::rules::DocKind>::KIND,
                        stem_of(&dir),
                    );
                    out.push((key, path, tool));
                }
            }
        }
        out
    }

    /// The paths of the conflict copies in the library's folders now.
    pub fn version_paths(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for kind in self.kinds.iter() {
            if let Ok(entries) = fs::read_dir(self.dir.join(kind.folder)) {
                out.extend(
                    entries
                        .filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| is_conflict_copy(p) || beside_journals(p)),
                );
            }
        }
        out.extend(self.start_copies().into_iter().map(|(_, p, _)| p));
        out.sort();
        out
    }

    /// Reads one file of a kind's folder: it must be of that kind, and the
    /// file's name is its id (two files never share one, and a save goes
    /// back to the file it came from, whatever id a copied backup or a
    /// renamed file holds).
    fn read_in_folder(&self, kind: &Kind, path: &Path) -> Result<Doc, StoreError> {
        // What the file is, noted before reading it: a change that lands
        // while it is read shows as a change, never as what was read.
        let before = Seen::of(path);
        let doc = self.read_file(path)?;
        if doc.kind() != kind.kind {
            return Err(StoreError::Document {
                reason: DocError::WrongKind {
                    found: doc.kind().to_owned(),
                    expected: kind.kind,
                },
                path: path.to_path_buf(),
            });
        }
        if let (Some(seen), Ok(mut map)) = (before, self.seen.lock()) {
            map.insert(path.to_path_buf(), seen);
        }
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()).map(str::to_owned) else {
            return Err(StoreError::NameNotText {
                path: path.to_path_buf(),
            });
        };
        Ok(if doc.id() == stem {
            doc
        } else {
            doc.renamed(Some(stem), None)
        })
    }

    /// Reads one document of the library again (after another program
    /// changed it): `Ok(None)` if its file is gone.
    pub fn reload(&self, key: &DocKey) -> Result<Option<Doc>, StoreError> {
        if self.is_journaled(key) {
            return self.read_journaled(key).map(Some);
        }
        let path = self.path(key);
        if !path.exists() {
            self.remember(&path);
            return Ok(None);
        }
        let kind = self
            .kinds
            .get(key.kind)
            .ok_or_else(|| StoreError::Document {
                reason: DocError::UnknownKind(key.kind.to_owned()),
                path: path.clone(),
            })?;
        if Seen::of(&path) != self.last_seen(&path) {
            self.mark_foreign(&path, true);
        }
        self.read_in_folder(kind, &path).map(Some)
    }

    /// The documents whose files another program changed, created or
    /// removed since Muster last read or wrote them.
    pub fn changes_on_disk(&self) -> Vec<DiskChange> {
        let known: HashMap<PathBuf, Seen> = self.seen.lock().map(|m| m.clone()).unwrap_or_default();
        let mut changes = Vec::new();
        for kind in self.kinds.iter() {
            let Ok(entries) = fs::read_dir(self.dir.join(kind.folder)) else {
                continue;
            };
            for path in entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| is_document_file(p) && !is_conflict_copy(p) && !beside_journals(p))
            {
                if known.get(&path) != Seen::of(&path).as_ref() {
                    let id = stem_of(&path);
                    changes.push(DiskChange {
                        key: DocKey::new(kind.kind, id),
                        path,
                        live: false,
                    });
                }
            }
        }
        for path in known.keys().filter(|p| !p.exists()) {
            let kind = self
                .kinds
                .iter()
                .find(|k| path.parent() == Some(&self.dir.join(k.folder)));
            if let Some(kind) = kind {
                let id = stem_of(path);
                changes.push(DiskChange {
                    key: DocKey::new(kind.kind, id),
                    path: path.clone(),
                    live: false,
                });
            }
        }
        for (key, path, arrived) in self.journal_changes() {
            changes.push(DiskChange {
                key,
                path,
                live: !arrived.machines.is_empty(),
            });
        }
        changes.sort_by(|a, b| a.path.cmp(&b.path));
        changes
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
        if let Some(c) = doc.get::<crate::rules::Campaign>() {
            return self.save_journaled(c, check);
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
    fn backed_up_lately(&self, key: &DocKey) -> bool {
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

    fn backup(&self, key: &DocKey, path: &Path) -> Result<(), StoreError> {
        if !path.exists() {
            return Ok(());
        }
        let dir = self.backups_dir(key);
        fs::create_dir_all(&dir).map_err(io_err("io.create_folder", &dir))?;
        let target = dir.join(format!("{}.json", unique_stamp()));
        // Atomically too: a crash while backing up leaves no half backup
        // that would count as the newest.
        let bytes = fs::read(path).map_err(io_err("io.back_up", path))?;
        self.write_atomic(&target, &bytes)?;
        for old in self.backups(key).into_iter().skip(BACKUPS_KEPT) {
            if let Err(e) = fs::remove_file(&old) {
                log::warn!("could not remove old backup: {e}: {}", old.display());
            }
        }
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

/// A document file of a kind's folder: `*.json`, not hidden (hidden files
/// are editors' and sync tools' leftovers, and our own temporary files).
fn is_document_file(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "json")
        && path
            .file_name()
            .is_some_and(|n| !n.to_string_lossy().starts_with('.'))
}

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

/// A sync tool's conflict copy of a document (`conflicts`).
/// Whether `path` is a campaign's single file beside that campaign's
/// journals (`NAME.json` beside `NAME/start.json`).
fn beside_journals(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "json")
        && path
            .with_extension("")
            .join(journaled::START_FILE)
            .is_file()
}

fn is_conflict_copy(path: &Path) -> bool {
    is_document_file(path)
        && path
            .file_name()
            .is_some_and(|n| conflicts::conflict_copy_of(&n.to_string_lossy()).is_some())
}

/// A file's name without `.json`, as text (lossy: for names that are not).
fn stem_of(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
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
    let (rules, problems) = RulesData::with_overrides(&texts)?;
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
                reason: ReadError::Io {
                    action: "io.read",
                    message: e.to_string(),
                },
            }),
        }
    }
    (texts, problems)
}

/// Writes a file atomically: a temporary file in the same folder, written by
/// `write`, flushed and synced, then renamed over `path`. If anything fails,
/// the previous file is untouched and the temporary file removed.
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), StoreError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", unique_stamp()));
    // A failure names the file the caller asked for, never the temporary
    // file beside it, which nobody typed and which is gone afterwards.
    let result = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(io_err("io.create", path))?;
        write(&mut file).map_err(io_err("io.write", path))?;
        file.flush().map_err(io_err("io.write", path))?;
        file.sync_all().map_err(io_err("io.sync", path))?;
        drop(file);
        fs::rename(&tmp, path).map_err(io_err("io.replace", path))?;
        // Make the rename itself durable.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Whether `name` is the temporary file of a save of Muster's
/// (`.NAME.json.STAMP.tmp`, see [`write_atomic`] and [`unique_stamp`]):
/// never a sync tool's download under way (Syncthing's
/// `.syncthing.NAME.json.tmp` or `~syncthing~NAME.json.tmp`).
pub fn is_our_temp(name: &str) -> bool {
    if name.starts_with(".syncthing.") || name.starts_with("~syncthing~") {
        return false;
    }
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    let Some((file, stamp)) = inner.rsplit_once('.') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut parts = stamp.split('-');
    let stamped = matches!(
        (parts.next(), parts.next(), parts.next(), parts.next()),
        (Some(millis), Some(n), Some(pid), None) if digits(millis) && digits(n) && digits(pid)
    );
    stamped && file.len() > ".json".len() && file.ends_with(".json")
}

/// A name unique within this process and sortable by time (its shape is
/// what [`is_our_temp`] recognises).
fn unique_stamp() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{millis:015}-{n:06}-{}", std::process::id())
}

/// The file name (without `.json`) of a roster id. A library file's own stem
/// maps to itself, so a roster is saved where it was read; only what could
/// leave the folder (separators, a leading dot) or an empty name is changed.
/// Ids that do not come from a file name are made by `slug` or `sanitize`.
fn file_stem_for(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| if std::path::is_separator(c) { '_' } else { c })
        .collect();
    if s.is_empty() || s.starts_with('.') {
        format!("_{s}")
    } else {
        s
    }
}

/// A portable id made of letters, digits, `-` and `_` (for ids that come
/// from a file's content, such as an imported roster's).
pub fn sanitize(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() { "_".to_owned() } else { s }
}

/// A file-name friendly id from a roster's name.
pub fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.trim().to_lowercase().chars() {
        if c.is_alphanumeric() {
            s.push(c);
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-').to_owned();
    if s.is_empty() { "roster".to_owned() } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_live_apart_from_the_documents() {
        // With the override, they move with it, into a folder of their own
        // that no kind of document uses.
        let dir = PathBuf::from("/somewhere/muster-data");
        let prefs = prefs_dir_for(Some(dir.clone())).expect("a folder");
        assert_eq!(prefs, dir.join("prefs"));
        assert!(Kinds::default().iter().all(|k| dir.join(k.folder) != prefs));
        assert_ne!(prefs, dir);
        // Without it, they are in the configuration folder, not the data one
        // (eframe's default folder on Linux was the data folder itself).
        if let (Some(prefs), Some(data)) = (prefs_dir_for(None), data_dir_for(None)) {
            if cfg!(target_os = "linux") {
                assert_ne!(prefs, data);
            }
            assert!(!prefs.starts_with(data.join("rosters")));
        }
    }
}
