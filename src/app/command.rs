//! Everything a view can ask for. Views only record commands; `App::apply`
//! runs them at the end of the frame.

use std::path::PathBuf;

use crate::i18n::Lang;
use crate::rules::{CharacterEdit, CharacterId, DocKey, DocKind, Edit, Roster, RosterEdit};

/// Which screen is shown.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Screen {
    /// Every document.
    #[default]
    Library,
    /// One roster and its characters.
    Roster(String),
    /// One character of a roster.
    Character(String, CharacterId),
}

impl Screen {
    /// The document the screen shows, if any.
    pub fn doc(&self) -> Option<DocKey> {
        match self {
            Self::Library => None,
            Self::Roster(id) | Self::Character(id, _) => Some(DocKey::of::<Roster>(id.clone())),
        }
    }
}

/// A command recorded by a view.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Show a screen.
    Show(Screen),
    /// A new, empty document of a kind, with its name.
    Create(&'static str, String),
    /// Rename a document.
    Rename(DocKey, String),
    /// Copy a document under a new name.
    Duplicate(DocKey, String),
    /// Delete a document (the view has asked for confirmation).
    Delete(DocKey),
    /// Edit a document with its kind's pure update.
    Edit(DocKey, Edit),
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Ask for a file and import it.
    ImportDialog,
    /// Import a document file into the library.
    Import(PathBuf),
    /// Ask for a file and export a document to it.
    ExportDialog(DocKey),
    /// Export a document to a file.
    Export(DocKey, PathBuf),
    /// Open a folder in the system's file manager.
    OpenFolder(PathBuf),
    /// Read the library again from disk.
    Reload,
    /// Look for files another program changed.
    CheckDisk,
    /// Take the version on disk of a document another program changed.
    TakeDiskVersion(DocKey),
    /// Keep Muster's version of a document another program changed, and
    /// save it (the other version goes to the backups).
    KeepMine(DocKey),
    /// Switch language.
    SetLang(Lang),
    /// Forget a message of the log.
    DismissMessage(usize),
    /// Try again to save what is not saved.
    Save,
}

impl Command {
    /// An edit of roster `id`.
    pub fn roster(id: impl Into<String>, edit: RosterEdit) -> Self {
        Self::Edit(DocKey::of::<Roster>(id), Edit::new(edit))
    }

    /// An edit of character `cid` of roster `id`.
    pub fn character(id: impl Into<String>, cid: CharacterId, edit: CharacterEdit) -> Self {
        Self::roster(id, RosterEdit::Character(cid, edit))
    }

    /// A new roster.
    pub fn create_roster(name: impl Into<String>) -> Self {
        Self::Create(Roster::KIND, name.into())
    }

    /// True for the commands that change documents (refused in a read-only
    /// library, where they could never be saved).
    pub fn changes_documents(&self) -> bool {
        match self {
            Self::Create(..)
            | Self::Rename(..)
            | Self::Duplicate(..)
            | Self::Delete(_)
            | Self::Edit(..)
            | Self::Undo
            | Self::Redo
            | Self::ImportDialog
            | Self::Import(_)
            | Self::KeepMine(_) => true,
            Self::Show(_)
            | Self::ExportDialog(_)
            | Self::Export(..)
            | Self::OpenFolder(_)
            | Self::Reload
            | Self::CheckDisk
            | Self::TakeDiskVersion(_)
            | Self::SetLang(_)
            | Self::DismissMessage(_)
            | Self::Save => false,
        }
    }
}
