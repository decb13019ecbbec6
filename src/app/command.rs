//! Everything a view can ask for. Views only record commands; `App::apply`
//! runs them at the end of the frame.

use std::path::PathBuf;

use crate::i18n::Lang;
use crate::rules::{CharacterId, Characteristic, PointsScheme};

/// Which screen is shown.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Screen {
    /// The list of rosters.
    #[default]
    Library,
    /// One roster and its characters.
    Roster(String),
    /// One character of a roster.
    Character(String, CharacterId),
}

/// An edit of one character of one roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CharacterEdit {
    /// New name.
    Rename(String),
    /// New race id.
    SetRace(String),
    /// New standard type (`None`: no type).
    SetType(Option<String>),
    /// New allotment of advance points.
    SetAdvancePoints(u32),
    /// Spend one point (CHR-7).
    Spend(Characteristic),
    /// Take one point back.
    Refund(Characteristic),
    /// Give or take psychic powers (CHR-16).
    SetPsychic(bool),
    /// Roll for psychic powers with the race's chance (CHR-16).
    RollPsychic,
    /// Place the remaining points at random (CHR-11).
    PlaceRandom,
    /// Roll the points of a standard type's level (CHR-10) as the allotment.
    RollPoints(String),
    /// After a game (CHR-13).
    AfterGame {
        /// Wounded during the game.
        wounded: bool,
        /// Judged unworthy by the game master.
        unworthy: bool,
    },
    /// New notes.
    SetNotes(String),
}

/// How a new character is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewCharacter {
    /// The race's trooper, or a standard type (CHR-6).
    Standard {
        /// Race id.
        race: String,
        /// Standard type, if any.
        type_id: Option<String>,
    },
    /// A random hero of a type's level (CHR-10, CHR-11).
    RandomHero {
        /// Race id.
        race: String,
        /// The type whose random points are rolled.
        level: String,
    },
    /// A campaign character (CHR-12).
    Campaign {
        /// Race id.
        race: String,
    },
}

/// A command recorded by a view.
#[must_use]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Show a screen.
    Show(Screen),
    /// A new, empty roster.
    CreateRoster(String),
    /// Rename a roster.
    RenameRoster(String, String),
    /// Copy a roster.
    DuplicateRoster(String),
    /// Delete a roster (the view has asked for confirmation).
    DeleteRoster(String),
    /// Change how the roster's points are given out.
    SetPoints(String, PointsScheme),
    /// Roll the roster's pool (CHR-9): force size and dice per 20 models.
    RollPool(String, u32, u32),
    /// Add a character to a roster.
    AddCharacter(String, String, NewCharacter),
    /// Remove a character.
    RemoveCharacter(String, CharacterId),
    /// Copy a character within its roster.
    DuplicateCharacter(String, CharacterId),
    /// Edit a character.
    EditCharacter(String, CharacterId, CharacterEdit),
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Ask for a file and import it.
    ImportDialog,
    /// Import a roster file into the library.
    Import(PathBuf),
    /// Ask for a file and export a roster to it.
    ExportDialog(String),
    /// Export a roster to a file.
    Export(String, PathBuf),
    /// Open a folder in the system's file manager.
    OpenFolder(PathBuf),
    /// Read the library again from disk.
    Reload,
    /// Switch language.
    SetLang(Lang),
    /// Forget a message of the log.
    DismissMessage(usize),
    /// Try again to save what is not saved.
    Save,
}

impl Command {
    /// True for the commands that change documents (refused in a read-only
    /// library, where they could never be saved).
    pub fn changes_documents(&self) -> bool {
        match self {
            Self::CreateRoster(_)
            | Self::RenameRoster(..)
            | Self::DuplicateRoster(_)
            | Self::DeleteRoster(_)
            | Self::SetPoints(..)
            | Self::RollPool(..)
            | Self::AddCharacter(..)
            | Self::RemoveCharacter(..)
            | Self::DuplicateCharacter(..)
            | Self::EditCharacter(..)
            | Self::Undo
            | Self::Redo
            | Self::ImportDialog
            | Self::Import(_) => true,
            Self::Show(_)
            | Self::ExportDialog(_)
            | Self::Export(..)
            | Self::OpenFolder(_)
            | Self::Reload
            | Self::SetLang(_)
            | Self::DismissMessage(_)
            | Self::Save => false,
        }
    }
}
