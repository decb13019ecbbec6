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
    /// A file operation failed for a reason Muster does not name
    /// ([`DiskError::of_kind`] gives none): the system's words are shown.
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
    /// The disk refused for a reason Muster names (a full disk, a folder
    /// gone: [`DiskError::of_kind`]), or the thread that writes to it is
    /// gone.
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
    /// The system refused for a reason Muster does not name: what was
    /// being done (a message key) and the system's words.
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

/// Why the disk refused, in Muster's words rather than the system's: each
/// system error Muster knows ([`DiskError::of_kind`]) says what the player
/// can do. A system error it does not know keeps the system's own words
/// ([`StoreError::Io`], shown as `io.failed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskError {
    /// No space is left on the device, or the user's quota is spent.
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
    /// The file or folder is not there: a synced folder moved, a disk or
    /// share disconnected.
    Gone,
    /// A file of that name is already there.
    AlreadyThere,
    /// A file stands where a folder should be.
    NotAFolder,
    /// A folder stands where a file should be.
    NotAFile,
    /// The system refuses the name: too long, or a character it does not
    /// allow.
    BadName,
    /// The disk or network share did not answer in time.
    NoAnswer,
    /// The file read is not text.
    NotText,
    /// The file read ends before it is whole.
    CutShort,
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
            Self::Gone => "disk.gone",
            Self::AlreadyThere => "disk.already_there",
            Self::NotAFolder => "disk.not_a_folder",
            Self::NotAFile => "disk.not_a_file",
            Self::BadName => "disk.bad_name",
            Self::NoAnswer => "disk.no_answer",
            Self::NotText => "disk.not_text",
            Self::CutShort => "disk.cut_short",
        })
    }

    /// The system's error said in Muster's words; `None` for a kind Muster
    /// does not know, whose system's words are shown.
    pub fn of_kind(kind: io::ErrorKind) -> Option<Self> {
        use io::ErrorKind as K;
        Some(match kind {
            K::StorageFull | K::QuotaExceeded => Self::Full,
            K::PermissionDenied => Self::NotAllowed,
            K::ReadOnlyFilesystem => Self::ReadOnlyDisk,
            K::NotFound | K::StaleNetworkFileHandle => Self::Gone,
            K::AlreadyExists => Self::AlreadyThere,
            K::NotADirectory => Self::NotAFolder,
            K::IsADirectory => Self::NotAFile,
            K::InvalidFilename => Self::BadName,
            K::Interrupted | K::TimedOut | K::WouldBlock => Self::NoAnswer,
            K::InvalidData => Self::NotText,
            K::UnexpectedEof => Self::CutShort,
            _ => return None,
        })
    }
}

/// Why the system refused a file operation, without what was being done:
/// in Muster's words when [`DiskError::of_kind`] knows the error, in the
/// system's otherwise. What a service's refusal carries of the system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SystemReason {
    /// An error Muster names.
    Named(DiskError),
    /// An error Muster does not know: the system's own words.
    Unnamed(String),
}

impl SystemReason {
    /// The system's error, named when Muster knows its kind.
    pub fn of(error: &io::Error) -> Self {
        DiskError::of_kind(error.kind())
            .map_or_else(|| Self::Unnamed(error.to_string()), Self::Named)
    }

    /// The message: Muster's words, or the system's as they are.
    pub fn msg(&self) -> Msg {
        match self {
            Self::Named(reason) => reason.msg(),
            Self::Unnamed(text) => Msg::verbatim(text),
        }
    }
}

impl From<DiskError> for SystemReason {
    fn from(reason: DiskError) -> Self {
        Self::Named(reason)
    }
}

/// A disk operation the system refused: what was being done, the file,
/// and the system's error. The store says it in Muster's words when
/// [`DiskError::of_kind`] knows it, in the system's otherwise.
#[derive(Debug)]
pub struct DiskFailure {
    /// What was being done, as a message key (`io.write`).
    pub action: &'static str,
    /// The file or folder.
    pub path: PathBuf,
    /// The system's error.
    pub source: io::Error,
}

impl DiskFailure {
    /// Why, in Muster's words (`None`: a system error Muster does not know).
    pub fn reason(&self) -> Option<DiskError> {
        DiskError::of_kind(self.source.kind())
    }
}

impl From<DiskFailure> for StoreError {
    fn from(failure: DiskFailure) -> Self {
        let DiskFailure {
            action,
            path,
            source,
        } = failure;
        match DiskError::of_kind(source.kind()) {
            Some(reason) => Self::Disk {
                action,
                reason,
                path,
            },
            None => Self::Io {
                action,
                path,
                source,
            },
        }
    }
}

/// Why the library's folders could not be listed, or a file in them read,
/// without its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListingError {
    /// A kind's folder could not be listed.
    FolderUnreadable {
        /// Why the system refused.
        reason: SystemReason,
    },
    /// The file's name is not text (not UTF-8): its id could not name it
    /// again, so it is not read.
    NameNotText,
}

impl ListingError {
    /// The message key and arguments.
    pub fn msg(&self) -> Msg {
        match self {
            Self::FolderUnreadable { reason } => {
                Msg::new("listing.folder_unreadable").msg("reason", reason.msg())
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
        /// Why the system refused.
        reason: SystemReason,
    },
    /// The file to back up could not be read.
    NotCopied {
        /// Why the system refused.
        reason: SystemReason,
    },
    /// A version was backed up but could not be removed from the library.
    NotRemoved {
        /// Why the system refused.
        reason: SystemReason,
    },
}

impl BackupError {
    /// The message key and arguments.
    pub fn msg(&self) -> Msg {
        let (key, reason) = match self {
            Self::NoFolder { reason } => ("backup.no_folder", reason),
            Self::NotCopied { reason } => ("backup.not_copied", reason),
            Self::NotRemoved { reason } => ("backup.not_removed", reason),
        };
        Msg::new(key).msg("reason", reason.msg())
    }
}

/// The system's error in doing `action` on `path`, as a [`DiskFailure`]:
/// in Muster's words when it knows the error, in the system's otherwise.
pub(super) fn disk_err(
    action: &'static str,
    path: &Path,
) -> impl FnOnce(io::Error) -> DiskFailure + use<> {
    let path = path.to_path_buf();
    move |source| DiskFailure {
        action,
        path,
        source,
    }
}

/// The system's error in doing `action` on `path`, as the store refuses:
/// through [`DiskFailure`], so in Muster's words when it knows the error.
pub(super) fn io_err(
    action: &'static str,
    path: &Path,
) -> impl FnOnce(io::Error) -> StoreError + use<> {
    let path = path.to_path_buf();
    move |source| {
        DiskFailure {
            action,
            path,
            source,
        }
        .into()
    }
}
