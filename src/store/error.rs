//! What went wrong with the store, as data: a key and arguments, the path
//! last, translated where it is shown.

use std::io;
use std::path::{Path, PathBuf};

use super::document::DocError;
use crate::rules::Msg;

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
    /// The library's folders could not be listed, or a file in them read.
    Listing {
        /// Why.
        reason: ListingError,
        /// The file or folder.
        path: PathBuf,
    },
    /// A campaign's journals refused.
    Journal {
        /// Why.
        reason: JournalError,
        /// The campaign's folder, or the file a document would have gone to.
        path: PathBuf,
    },
    /// The disk refused for a reason Muster names (a full disk), or the
    /// thread that writes to it is gone.
    Disk {
        /// What was being done, as a message key (`io.write`).
        action: &'static str,
        /// Why.
        reason: DiskError,
        /// The file.
        path: PathBuf,
    },
    /// A backup could not be made, or what it kept could not be removed.
    Backup {
        /// Why.
        reason: BackupError,
        /// The file or folder.
        path: PathBuf,
    },
    /// A house rule names a place the built-in rules data does not have.
    NoBuiltInValue {
        /// The place asked for (`file.json/pointer`).
        place: String,
        /// The rules folder.
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
            Self::Listing { reason, .. } => ReadError::Listing(reason.clone()),
            Self::Journal { reason, .. } => ReadError::Journal(*reason),
            Self::NoBuiltInValue { place, .. } => ReadError::NoBuiltInValue(place.clone()),
            Self::Backup { reason, .. } => ReadError::Backup(reason.clone()),
            Self::Disk { action, reason, .. } => ReadError::Disk {
                action,
                reason: *reason,
            },
        }
    }

    /// The file or folder concerned.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::Io { path, .. }
            | Self::Document { path, .. }
            | Self::ChangedOnDisk { path }
            | Self::Listing { path, .. }
            | Self::Journal { path, .. }
            | Self::NoBuiltInValue { path, .. }
            | Self::Backup { path, .. }
            | Self::Disk { path, .. } => Some(path),
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
            Self::ReadOnly
            | Self::ChangedOnDisk { .. }
            | Self::Listing { .. }
            | Self::Journal { .. }
            | Self::NoBuiltInValue { .. }
            | Self::Backup { .. }
            | Self::Disk { .. } => None,
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
    /// The library's folders could not be listed, or a file in them read.
    Listing(ListingError),
    /// A campaign's journals refused.
    Journal(JournalError),
    /// No such place in the built-in rules data.
    NoBuiltInValue(String),
    /// A backup could not be made.
    Backup(BackupError),
    /// The disk refused for a reason Muster names.
    Disk {
        /// What was being done, as a message key (`io.write`).
        action: &'static str,
        /// Why.
        reason: DiskError,
    },
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
            Self::Listing(reason) => reason.msg(),
            Self::Journal(reason) => reason.msg(),
            Self::NoBuiltInValue(place) => Msg::new("io.no_built_in_value").text("place", place),
            Self::Backup(reason) => reason.msg(),
            Self::Disk { action, reason } => Msg::new("io.failed")
                .key("action", *action)
                .msg("reason", reason.msg()),
        }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.msg().plain())
    }
}

/// Why the disk refused, in Muster's words rather than the system's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskError {
    /// No space is left on the device.
    Full,
    /// The thread that writes the saves stopped.
    WriterGone,
    /// The thread that writes the saves failed unexpectedly (a bug).
    WriterFailed,
    /// The system refused Muster that file or folder: it belongs to
    /// another user, or is marked read-only.
    NotAllowed,
    /// The disk or share is mounted read-only.
    ReadOnlyDisk,
}

impl DiskError {
    /// The message key.
    pub fn msg(self) -> Msg {
        Msg::new(match self {
            Self::Full => "disk.full",
            Self::WriterGone => "disk.writer_gone",
            Self::WriterFailed => "disk.writer_failed",
            Self::NotAllowed => "disk.not_allowed",
            Self::ReadOnlyDisk => "disk.read_only",
        })
    }
}

/// Why the library's folders could not be listed, or a file in them read,
/// without its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListingError {
    /// A kind's folder could not be listed.
    FolderUnreadable {
        /// The system's words.
        message: String,
    },
    /// The file's name is not text (not UTF-8): its id could not name it
    /// again, so it is not read.
    NameNotText,
}

impl ListingError {
    /// The message key and arguments.
    pub fn msg(&self) -> Msg {
        match self {
            Self::FolderUnreadable { message } => {
                Msg::new("listing.folder_unreadable").text("reason", message)
            }
            Self::NameNotText => Msg::new("io.name_not_utf8"),
        }
    }
}

/// Why a campaign's journals refused, without the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JournalError {
    /// A document of another kind was given where a campaign is kept as
    /// journals.
    NotACampaign,
    /// A journaled campaign's files were asked of before they were read
    /// (a read that failed).
    NotRead,
}

impl JournalError {
    /// The message key.
    pub fn msg(self) -> Msg {
        Msg::new(match self {
            Self::NotACampaign => "io.not_a_campaign",
            Self::NotRead => "io.journals_not_read",
        })
    }
}

/// Why a backup could not be made, without its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackupError {
    /// The folder of the document's backups could not be made.
    NoFolder {
        /// The system's words.
        message: String,
    },
    /// The file to back up could not be read.
    NotCopied {
        /// The system's words.
        message: String,
    },
    /// A version was backed up but could not be removed from the library.
    NotRemoved {
        /// The system's words.
        message: String,
    },
}

impl BackupError {
    /// The message key and arguments.
    pub fn msg(&self) -> Msg {
        let (key, message) = match self {
            Self::NoFolder { message } => ("backup.no_folder", message),
            Self::NotCopied { message } => ("backup.not_copied", message),
            Self::NotRemoved { message } => ("backup.not_removed", message),
        };
        Msg::new(key).text("reason", message)
    }
}

pub(super) fn io_err(
    action: &'static str,
    path: &Path,
) -> impl FnOnce(io::Error) -> StoreError + use<> {
    let path = path.to_path_buf();
    move |source| match disk_reason(source.kind()) {
        Some(reason) => StoreError::Disk {
            action,
            reason,
            path,
        },
        None => StoreError::Io {
            action,
            path,
            source,
        },
    }
}

/// What the disk refused, said in Muster's words: a full disk, a file or
/// folder Muster may not write, a disk mounted read-only; `None` for the
/// rest (their system's words are shown).
fn disk_reason(kind: io::ErrorKind) -> Option<DiskError> {
    match kind {
        io::ErrorKind::StorageFull => Some(DiskError::Full),
        io::ErrorKind::PermissionDenied => Some(DiskError::NotAllowed),
        io::ErrorKind::ReadOnlyFilesystem => Some(DiskError::ReadOnlyDisk),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the disk refuses comes out in Muster's words, with the path;
    /// the rest keeps the system's.
    #[test]
    fn a_refused_write_is_said_in_muster_s_words() {
        let path = Path::new("/library/rosters/band.json");
        for (kind, reason) in [
            (io::ErrorKind::StorageFull, Some(DiskError::Full)),
            (io::ErrorKind::PermissionDenied, Some(DiskError::NotAllowed)),
            (
                io::ErrorKind::ReadOnlyFilesystem,
                Some(DiskError::ReadOnlyDisk),
            ),
            (io::ErrorKind::NotFound, None),
        ] {
            let err = io_err("io.write", path)(io::Error::from(kind));
            match (err, reason) {
                (
                    StoreError::Disk {
                        reason: got,
                        path: p,
                        ..
                    },
                    Some(want),
                ) => {
                    assert_eq!((got, p.as_path()), (want, path), "{kind:?}");
                }
                (StoreError::Io { source, .. }, None) => assert_eq!(source.kind(), kind),
                (other, _) => panic!("{kind:?}: {other:?}"),
            }
        }
    }
}
