pub mod conflicts;
pub mod document;
pub mod fields;
pub mod house_rules;
pub mod journaled;
pub mod kept_history;
pub mod kinds;
pub mod lock;
pub mod machine;
pub mod testing;

mod atomic;
mod backups;
mod disk;
mod error;
mod identity;
mod library;
mod medium;
mod opening;
mod paths;
mod reading;
mod replay_rules;
mod saving;

pub use atomic::{is_our_temp, write_atomic};
pub use backups::{Ancestor, BACKUP_INTERVAL, BACKUPS_KEPT, Backups};
pub use disk::Disk;
pub(crate) use disk::Seen;
use error::io_err;
pub use error::{
    BackupError, DiskError, DiskFailure, JournalError, ListingError, ReadError, StoreError,
    SystemReason,
};
pub use identity::{Identity, IdentityChange};
pub use library::{DiskChange, Library, Listing, Unreadable, Version};
pub use medium::{FileSystem, Medium};
pub use paths::{
    CONFIG_DIR_ENV, DATA_DIR_ENV, data_dir_chosen, data_dir_for, data_dir_override,
    default_data_dir, prefs_dir, prefs_dir_for, sanitize, shared_prefs_dir, slug,
};
pub use replay_rules::ReplayRules;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

pub use document::{DocError, KeptTexts, SCHEMA_VERSION, parse, to_json};
pub use kinds::{Kind, Kinds};
use lock::Lock;
pub use lock::{LockDir, Unlockable};

use crate::rules::data::DataProblem;
use crate::rules::{Doc, Problem, RulesData};

/// The documents folders of one data directory.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    lock: Lock,
    /// Where its lock was looked for (a store opened again looks there).
    lock_dir: LockDir,
    /// The library's folders, of every kind of document.
    listing: Listing,
    /// Every document's earlier versions.
    backups: Backups,
    /// The files as last read or written, and writes to them.
    disk: Disk,
    /// The journaled campaigns as read, and this machine as they know it.
    journals: journaled::Journals,
}

impl Store {
    /// Every document's backups.
    pub fn backups(&self) -> &Backups {
        &self.backups
    }

    /// The journaled campaigns: their folders, this machine's journal in
    /// each, what their last replay found.
    pub fn journals(&self) -> &journaled::Journals {
        &self.journals
    }

    /// The disk: what was last read or written of each file.
    pub fn disk(&self) -> &Disk {
        &self.disk
    }

    /// The library's folders: their documents and conflict copies.
    pub fn listing(&self) -> &Listing {
        &self.listing
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The folder of the user's rules overrides.
    pub fn rules_dir(&self) -> PathBuf {
        self.dir.join("rules")
    }
}

/// Reads and parses one file of any registered kind.
pub fn read_file(kinds: &Kinds, path: &Path) -> Result<Doc, StoreError> {
    kinds.read_file(path)
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
                reason: io_err("io.read", &path)(e).reason(),
                path,
                machine: String::new(),
            }),
        }
    }
    (texts, problems)
}
