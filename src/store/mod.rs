//! The user's documents on disk: one JSON file per roster in the data
//! directory, saved atomically, with rotating backups. A file that cannot be
//! read is reported and never overwritten or deleted. A second instance on
//! the same directory opens it read-only.

pub mod document;

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use document::{DocError, SCHEMA_VERSION, parse_roster, roster_to_json};

use crate::rules::data::DataProblem;
use crate::rules::{Problem, Roster, RulesData};

/// How many previous versions of each document are kept.
pub const BACKUPS_KEPT: usize = 10;

/// Environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "MUSTER_DATA_DIR";

/// The data directory: `$MUSTER_DATA_DIR`, or the platform's user data
/// directory (`~/.local/share/muster` on Linux).
pub fn default_data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "muster").map(|d| d.data_dir().to_path_buf())
}

/// What went wrong with the store. Shown through the translation layer
/// (`Lang::store_error`), the path last; `Display` gives the English text.
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
    /// A document could not be read.
    Document {
        /// Why.
        reason: DocError,
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
        }
    }

    /// The file or folder concerned.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::Io { path, .. } | Self::Document { path, .. } => Some(path),
            Self::ReadOnly => None,
        }
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::i18n::Lang::En.store_error(self))
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            Self::Document { reason, .. } => Some(reason),
            Self::ReadOnly => None,
        }
    }
}

/// Why a file could not be read or written, without its path: what the
/// library lists beside the file name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The text is not a roster Muster can read.
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
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::i18n::Lang::En.read_error(self))
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

/// Everything in the library folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Library {
    /// The rosters read, sorted by name.
    pub rosters: Vec<Roster>,
    /// Files that could not be read, left as they are.
    pub unreadable: Vec<Unreadable>,
}

/// Whether this instance holds the data directory.
#[derive(Debug)]
enum Lock {
    /// Held while this instance owns the directory.
    Held(#[allow(dead_code)] File),
    /// Another instance holds it: read-only.
    HeldElsewhere,
    /// The file system cannot lock (some network shares): the library is
    /// writable, with a warning that a second Muster would not be noticed.
    Unsupported(String),
}

/// How long after a backup the next save makes none: autosave writes after
/// every edit, and a backup per click would push the older versions out.
pub const BACKUP_INTERVAL: Duration = Duration::from_secs(5 * 60);

/// The documents folder of one data directory.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    lock: Lock,
    backup_interval: Duration,
}

impl Store {
    /// Opens (and creates) the data directory. If another instance holds it,
    /// the store opens read-only.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        for sub in [dir.to_path_buf(), dir.join("rosters"), dir.join("backups")] {
            fs::create_dir_all(&sub).map_err(io_err("io.create_folder", &sub))?;
        }
        let lock_path = dir.join("muster.lock");
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(io_err("io.open_lock", &lock_path))?;
        let lock = match file.try_lock() {
            Ok(()) => Lock::Held(file),
            Err(fs::TryLockError::WouldBlock) => Lock::HeldElsewhere,
            Err(fs::TryLockError::Error(e)) => Lock::Unsupported(e.to_string()),
        };
        Ok(Self {
            dir: dir.to_path_buf(),
            lock,
            backup_interval: BACKUP_INTERVAL,
        })
    }

    /// Sets how long after a backup the next save makes none (zero: a backup
    /// at every save).
    #[must_use]
    pub fn with_backup_interval(mut self, interval: Duration) -> Self {
        self.backup_interval = interval;
        self
    }

    /// Why the library could not be locked, when the file system refused:
    /// it is writable, but a second Muster on it would not be noticed.
    pub fn lock_warning(&self) -> Option<&str> {
        match &self.lock {
            Lock::Unsupported(reason) => Some(reason),
            Lock::Held(_) | Lock::HeldElsewhere => None,
        }
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The folder of roster files.
    pub fn rosters_dir(&self) -> PathBuf {
        self.dir.join("rosters")
    }

    /// The folder of the user's rules overrides.
    pub fn rules_dir(&self) -> PathBuf {
        self.dir.join("rules")
    }

    /// True when another instance holds the directory: nothing can be saved.
    pub fn read_only(&self) -> bool {
        matches!(self.lock, Lock::HeldElsewhere)
    }

    /// The file of a roster: `rosters/<id>.json`. A roster read from the
    /// library has its file's name as id, so it is saved where it was read.
    pub fn roster_path(&self, id: &str) -> PathBuf {
        self.rosters_dir()
            .join(format!("{}.json", file_stem_for(id)))
    }

    /// The folder of a roster's backups.
    fn backups_dir(&self, id: &str) -> PathBuf {
        self.dir.join("backups").join(file_stem_for(id))
    }

    /// Reads every roster file. Unreadable ones are listed with the reason.
    pub fn load_library(&self) -> Library {
        let mut library = Library::default();
        let dir = self.rosters_dir();
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
                return library;
            }
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            // Hidden files are not the user's rosters (editors' and sync
            // tools' leftovers).
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| !n.to_string_lossy().starts_with('.'))
            })
            .collect();
        paths.sort();
        for path in paths {
            match read_roster_file(&path) {
                Ok(mut roster) => {
                    // The file's name is the roster's id: two files never
                    // share one, and a save goes back to the file it came
                    // from (the id inside may be stale: a copied backup,
                    // a renamed file).
                    if let Some(stem) = path.file_stem() {
                        roster.id = stem.to_string_lossy().into_owned();
                    }
                    library.rosters.push(roster);
                }
                Err(e) => library.unreadable.push(Unreadable {
                    reason: e.reason(),
                    path,
                }),
            }
        }
        library.rosters.sort_by_key(|r| r.name.to_lowercase());
        library
    }

    /// Saves a roster atomically. The previous version goes to the backups,
    /// unless the newest backup is younger than the backup interval.
    pub fn save_roster(&self, roster: &Roster) -> Result<PathBuf, StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        let path = self.roster_path(&roster.id);
        let text = roster_to_json(roster);
        if !self.backed_up_lately(&roster.id) {
            self.backup(&roster.id, &path)?;
        }
        write_atomic(&path, |w| w.write_all(text.as_bytes()))?;
        Ok(path)
    }

    /// Removes a roster from the library; its file is kept among the backups.
    pub fn delete_roster(&self, id: &str) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        let path = self.roster_path(id);
        if !path.exists() {
            return Ok(());
        }
        self.backup(id, &path)?;
        fs::remove_file(&path).map_err(io_err("io.remove", &path))
    }

    /// The backups of one roster, newest first.
    pub fn backups(&self, id: &str) -> Vec<PathBuf> {
        let dir = self.backups_dir(id);
        let mut files: Vec<PathBuf> = fs::read_dir(&dir)
            .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        files.reverse();
        files
    }

    /// True when the newest backup of `id` is younger than the interval
    /// (its name starts with the time it was made, in milliseconds).
    fn backed_up_lately(&self, id: &str) -> bool {
        if self.backup_interval.is_zero() {
            return false;
        }
        let Some(newest) = self.backups(id).into_iter().next() else {
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

    fn backup(&self, id: &str, path: &Path) -> Result<(), StoreError> {
        if !path.exists() {
            return Ok(());
        }
        let dir = self.backups_dir(id);
        fs::create_dir_all(&dir).map_err(io_err("io.create_folder", &dir))?;
        let target = dir.join(format!("{}.json", unique_stamp()));
        fs::copy(path, &target).map_err(io_err("io.back_up", path))?;
        for old in self.backups(id).into_iter().skip(BACKUPS_KEPT) {
            if let Err(e) = fs::remove_file(&old) {
                log::warn!("could not remove old backup: {e}: {}", old.display());
            }
        }
        Ok(())
    }

    /// Whether a file of the library (readable or not) or the backups of a
    /// roster (perhaps deleted) use `id`.
    pub fn id_in_use(&self, id: &str) -> bool {
        self.roster_path(id).exists() || self.backups_dir(id).exists()
    }

    /// A roster id used by no file of the library, nor by the backups of a
    /// deleted roster (whose rotation would otherwise push them out).
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
            file: u.path.file_name().map_or_else(
                || u.path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
            problem: Problem::new("DATA", "data.unreadable").arg("reason", u.reason),
            built_in_used: true,
        })
        .collect();
    all.extend(problems);
    Ok((rules, all))
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

/// Reads and parses one roster file.
pub fn read_roster_file(path: &Path) -> Result<Roster, StoreError> {
    let text = fs::read_to_string(path).map_err(io_err("io.read", path))?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    parse_roster(&text, &stem).map_err(|reason| StoreError::Document {
        reason,
        path: path.to_path_buf(),
    })
}

/// Writes a roster to any path (export), atomically.
pub fn export_roster(roster: &Roster, path: &Path) -> Result<(), StoreError> {
    let text = roster_to_json(roster);
    write_atomic(path, |w| w.write_all(text.as_bytes()))
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
    let result = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(io_err("io.create", &tmp))?;
        write(&mut file).map_err(io_err("io.write", &tmp))?;
        file.flush().map_err(io_err("io.write", &tmp))?;
        file.sync_all().map_err(io_err("io.sync", &tmp))?;
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

/// A name unique within this process and sortable by time.
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
