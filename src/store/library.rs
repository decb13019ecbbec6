//! The library: every document of the folder read, the files that could
//! not be, the sync tools' conflict copies, and the changes other programs
//! made since. [`Listing`] lists and reads the folders; the store reads the
//! library with it, its disk and its journals.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use super::conflicts;
use super::disk::{Disk, Seen};
use super::document::DocError;
use super::error::{ListingError, ReadError, StoreError, SystemReason};
use super::journaled;
use super::kinds::{Kind, Kinds};
use super::paths::{file_stem_for, is_document_file, stem_of};
use crate::rules::{Campaign, Doc, DocKey, DocVariant, Document};

/// A file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The file.
    pub path: PathBuf,
    /// Why (with line and column for JSON errors).
    pub reason: ReadError,
    /// Whose it is, for a machine's journal: the machine's name as its
    /// header gives it (empty: not a journal, or a header that cannot be
    /// read).
    pub machine: String,
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

/// Whether `path` is a campaign's single file beside that campaign's
/// journals (`NAME.json` beside `NAME/start.json`).
pub(super) fn beside_journals(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "json")
        && path
            .with_extension("")
            .join(journaled::START_FILE)
            .is_file()
}

/// A sync tool's conflict copy of a document (`conflicts`).
pub(super) fn is_conflict_copy(path: &Path) -> bool {
    is_document_file(path)
        && path
            .file_name()
            .is_some_and(|n| conflicts::conflict_copy_of(&n.to_string_lossy()).is_some())
}

/// The library's folders: the documents of each kind's folder, the
/// journaled campaigns' folders, and the conflict copies beside them. No
/// lock: the folders are the state.
#[derive(Debug)]
pub struct Listing {
    /// The data directory.
    dir: PathBuf,
    /// The kinds of document, each with its folder.
    kinds: Kinds,
}

impl Listing {
    /// The folders of the data directory `dir`, one per kind of `kinds`.
    pub(super) fn new(dir: PathBuf, kinds: Kinds) -> Self {
        Self { dir, kinds }
    }

    /// The kinds of document listed.
    pub fn kinds(&self) -> &Kinds {
        &self.kinds
    }

    /// The folder of a kind.
    pub fn folder(&self, kind: &Kind) -> PathBuf {
        self.dir.join(kind.folder)
    }

    /// The file of a document: `<kind folder>/<id>.json`. A document read
    /// from the library has its file's name as id, so it is saved where it
    /// was read.
    pub fn path(&self, key: &DocKey) -> PathBuf {
        self.dir
            .join(key.kind.folder())
            .join(format!("{}.json", file_stem_for(&key.id)))
    }

    /// Reads a document of any kind from any file (import, `muster check`).
    pub fn read_file(&self, path: &Path) -> Result<Doc, StoreError> {
        self.kinds.read_file(path)
    }

    /// The documents' files of a kind's folder, sorted: neither conflict
    /// copies nor a campaign's single file beside its journals.
    pub(super) fn documents(&self, kind: &Kind) -> Result<Vec<PathBuf>, StoreError> {
        let dir = self.folder(kind);
        let entries = fs::read_dir(&dir).map_err(|e| StoreError::Listing {
            reason: ListingError::FolderUnreadable {
                reason: SystemReason::of(&e),
            },
            path: dir,
        })?;
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| is_document_file(p) && !is_conflict_copy(p) && !beside_journals(p))
            .collect();
        paths.sort();
        Ok(paths)
    }

    /// The journaled campaigns' folders, sorted (those with a start).
    pub(super) fn journaled_folders(&self) -> Vec<PathBuf> {
        let folder = self.dir.join(<Campaign as Document>::KIND.folder());
        let mut dirs: Vec<PathBuf> = fs::read_dir(&folder)
            .map(|rd| {
                rd.filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.join(journaled::START_FILE).is_file())
                    .collect()
            })
            .unwrap_or_default();
        dirs.sort();
        dirs
    }

    /// The conflict copies in the library's folders, each read, but for
    /// those at `known` (read already).
    pub fn versions_among(&self, known: &[PathBuf]) -> Vec<Version> {
        let mut out = Vec::new();
        for kind in self.kinds.iter() {
            let Ok(entries) = fs::read_dir(self.folder(kind)) else {
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
                let doc = self.kinds.read_file(&path).map_err(|e| e.reason());
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
                let doc = self.kinds.read_file(&path).map_err(|e| e.reason());
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
                    let key = DocKey::new(<Campaign as Document>::KIND, stem_of(&dir));
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
            if let Ok(entries) = fs::read_dir(self.folder(kind)) {
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
    /// renamed file holds). The file as it was read is remembered on `disk`.
    pub(super) fn read_in_folder(
        &self,
        disk: &Disk,
        kind: &Kind,
        path: &Path,
    ) -> Result<Doc, StoreError> {
        // What the file is, noted before reading it: a change that lands
        // while it is read shows as a change, never as what was read.
        let before = Seen::of(path);
        let doc = self.kinds.read_file(path)?;
        if doc.kind() != kind.kind {
            return Err(StoreError::Document {
                reason: DocError::WrongKind {
                    found: doc.kind().to_string(),
                    expected: kind.kind.as_str(),
                },
                path: path.to_path_buf(),
            });
        }
        if let Some(seen) = before {
            disk.remember_as(path, seen);
        }
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()).map(str::to_owned) else {
            return Err(StoreError::Listing {
                reason: ListingError::NameNotText,
                path: path.to_path_buf(),
            });
        };
        Ok(if doc.id() == stem {
            doc
        } else {
            doc.renamed(Some(stem), None)
        })
    }

    /// The documents' files that differ from what was last read or written
    /// of them (`known`): changed, created, or removed.
    pub(super) fn changed_files(&self, known: &HashMap<PathBuf, Seen>) -> Vec<DiskChange> {
        let mut changes = Vec::new();
        for kind in self.kinds.iter() {
            for path in self.documents(kind).unwrap_or_default() {
                if known.get(&path) != Seen::of(&path).as_ref() {
                    changes.push(DiskChange {
                        key: DocKey::new(kind.kind, stem_of(&path)),
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
                .find(|k| path.parent() == Some(&self.folder(k)));
            if let Some(kind) = kind {
                changes.push(DiskChange {
                    key: DocKey::new(kind.kind, stem_of(path)),
                    path: path.clone(),
                    live: false,
                });
            }
        }
        changes
    }
}
