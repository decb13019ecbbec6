//! Everything a view can ask for. Views only record commands; `App::apply`
//! runs them at the end of the frame.

use std::path::PathBuf;

use super::actions::Action;
use crate::i18n::Lang;
use crate::rules::{
    CharacterEdit, CharacterId, Doc, DocKey, DocKind, Document, Edit, Roster, RosterEdit,
};

/// Which screen is shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Every document.
    #[default]
    Library,
    /// One roster and its characters.
    Roster(String),
    /// One character of a roster.
    Character(String, CharacterId),
    /// One kill team.
    KillTeam(String),
    /// The rules reference, open at a rule.
    Reference(Option<String>),
    /// The battle resolver: odds, dice and the log.
    Battle,
    /// One campaign.
    Campaign(String),
    /// The print preview of a document's sheet.
    Print(DocKey),
    /// The library's house rules: this folder's rules data, which
    /// rosters and kill teams are checked by and new campaigns record.
    HouseRules,
}

impl Screen {
    /// The screen that shows a document.
    pub fn of(doc: &Doc) -> Self {
        let id = doc.id().to_owned();
        match doc {
            Doc::Roster(_) => Self::Roster(id),
            Doc::KillTeam(_) => Self::KillTeam(id),
            Doc::Campaign(_) => Self::Campaign(id),
        }
    }

    /// The document the screen shows, if any.
    pub fn doc(&self) -> Option<DocKey> {
        match self {
            Self::Library | Self::Reference(_) | Self::Battle | Self::HouseRules => None,
            Self::Roster(id) | Self::Character(id, _) => Some(DocKey::of::<Roster>(id.clone())),
            Self::KillTeam(id) => Some(DocKey::of::<crate::rules::KillTeam>(id.clone())),
            Self::Campaign(id) => Some(DocKey::of::<crate::rules::Campaign>(id.clone())),
            Self::Print(key) => Some(key.clone()),
        }
    }
}

/// Where the player was, kept in the preferences so that Muster opens
/// there next time: a screen, and the document it shows by its id (a print
/// preview reopens on its document).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// The library.
    Library,
    /// A roster.
    Roster(String),
    /// A character of a roster.
    Character(String, CharacterId),
    /// A kill team.
    KillTeam(String),
    /// A campaign.
    Campaign(String),
    /// The battle resolver.
    Battle,
    /// The rules reference, at a rule.
    Reference(Option<String>),
    /// The library's house rules.
    HouseRules,
}

impl Place {
    /// The place of the screen shown.
    pub fn of(screen: &Screen) -> Self {
        match screen {
            Screen::Library => Self::Library,
            Screen::Roster(id) => Self::Roster(id.clone()),
            Screen::Character(id, c) => Self::Character(id.clone(), *c),
            Screen::KillTeam(id) => Self::KillTeam(id.clone()),
            Screen::Campaign(id) => Self::Campaign(id.clone()),
            Screen::Battle => Self::Battle,
            Screen::Reference(rule) => Self::Reference(rule.clone()),
            Screen::HouseRules => Self::HouseRules,
            Screen::Print(key) => match key.kind {
                DocKind::Roster => Self::Roster(key.id.clone()),
                DocKind::KillTeam => Self::KillTeam(key.id.clone()),
                DocKind::Campaign => Self::Campaign(key.id.clone()),
            },
        }
    }

    /// The screen it opens.
    pub fn screen(&self) -> Screen {
        match self {
            Self::Library => Screen::Library,
            Self::Roster(id) => Screen::Roster(id.clone()),
            Self::Character(id, c) => Screen::Character(id.clone(), *c),
            Self::KillTeam(id) => Screen::KillTeam(id.clone()),
            Self::Campaign(id) => Screen::Campaign(id.clone()),
            Self::Battle => Screen::Battle,
            Self::Reference(rule) => Screen::Reference(rule.clone()),
            Self::HouseRules => Screen::HouseRules,
        }
    }
}

/// A command recorded by a view.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Show a screen; the one shown goes on the way back.
    Show(Screen),
    /// Go back to the screen shown before (the one it was opened from).
    Back,
    /// A copy of one of the examples Muster ships, in the library.
    OpenExample(super::Example),
    /// A new, empty document of a kind, with its name.
    Create(crate::rules::DocKind, String),
    /// A new document made from another (an escort exported from a
    /// campaign): it gets a fresh id from its name.
    CreateFrom(crate::rules::Doc),
    /// Start the next campaign from the ended campaign of this id, with
    /// what carries over (CMP-17): a new document.
    NextCampaign(String),
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
    /// Set a value of the library's house rules (this folder's rules
    /// files), or put it back to the built-in one (`None`).
    SetLibraryRule(String, Option<serde_json::Value>),
    /// Write the house rules of a campaign (or the library's: `None`) to
    /// a house-rules file.
    ExportHouseRules(Option<DocKey>, PathBuf),
    /// Adopt the house rules of a house-rules file in a campaign (one
    /// event of its journal) or in the library (`None`).
    ImportHouseRules(Option<DocKey>, PathBuf),
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
    /// Two machines' events clash in a shared campaign: keep the one held
    /// aside (the first id) instead of the one kept in its place (the
    /// second), a choice every machine reads.
    KeepInstead(DocKey, String, String),
    /// Make the event held aside (by its key) again now, after every
    /// event: a new event, and the held one settled by it.
    MakeAgain(DocKey, String),
    /// Look at, apply or set aside the merge of a sync tool's conflict
    /// copy into its document.
    Merge(super::merging::MergeAct),
    /// Switch language.
    SetLang(Lang),
    /// Who plays on this machine, as the campaign journal names each event
    /// made here: the player's name (empty: none) and the machine's
    /// (empty: the host's).
    SetWhoPlays {
        /// The player's name.
        player: String,
        /// The machine's name.
        machine: String,
    },
    /// Ask for a folder and keep the documents there from now on (the
    /// group's synced folder).
    ChooseDataDir,
    /// Keep the documents in this folder from now on (`None`: the
    /// platform's default folder): what is open is saved, then the
    /// library is read from there.
    SetDataDir(Option<PathBuf>),
    /// The documents folder's problem was read.
    ForgetFolderProblem,
    /// Set the zoom of the interface.
    SetZoom(f32),
    /// Choose the theme: dark, light or the system's.
    SetTheme(super::ThemeChoice),
    /// Show the table as a compact list (or as cards).
    SetCompactTable(bool),
    /// Open or collapse the log panel, or set its height.
    SetLog(super::LogPrefs),
    /// Forget a message of the log.
    DismissMessage(usize),
    /// Try again to save what is not saved.
    Save,
    /// Roll a fight, with a title for the log (`Kal against the ork`).
    Roll(crate::rules::Msg, crate::rules::battle::scenario::Scenario),
    /// Ask for a file and write the battle log to it as text.
    ExportBattleLog,
    /// Roll any fight of the battle screen (a psychic attack plays its
    /// power, PSY-8), with a title for the log.
    RollFight(
        crate::rules::Msg,
        crate::rules::battle::Fight,
        Vec<crate::rules::battle::summary::Combatant>,
    ),
    /// Roll again the fight of the battle log's entry of this index, with
    /// its seed: the same dice, logged as its replay.
    ReplayFight(usize),
    /// The "reroll" stratagem (KT-11) on one roll of the battle log's entry
    /// (the entry's index, then the roll's among its dice): the kill team
    /// of a campaign soldier in the fight pays its command points, the
    /// entry's wounds are no longer offered, and the fight is logged again
    /// with that roll's dice new and every other die as it fell.
    RerollDie(usize, usize),
    /// Who won the battle (CHR-15); `None`: not said.
    SetBattleOutcome(Option<crate::rules::battle::summary::Winner>),
    /// Simulate a fight to the end on a thread (the unit mode).
    Simulate(super::simulation::SimRequest),
    /// Roll on a table of the battle screen (a robot's target check, a
    /// crash, a jump …), with a title for the log.
    RollTable(
        crate::rules::Msg,
        crate::rules::battle::table_roll::TableRoll,
    ),
    /// Something happens to the psychic powers in play (PSY-8).
    Powers(PowerAct),
    /// Choose the paper, the language and the appendix of printed sheets.
    SetPrint(super::PrintPrefs),
    /// Ask where to save a document's sheet as PDF, then write it in the
    /// background.
    ExportPdfDialog(DocKey),
    /// Write a document's sheet as PDF to a file, in the background.
    ExportPdf(DocKey, PathBuf),
    /// Write a document's sheet as PDF into the documents folder, without
    /// a dialog, under the document's name.
    ExportPdfToDocuments(DocKey),
    /// Typeset a sheet as for its PDF on the preview's thread (where its
    /// pages break, the characters its fonts lack).
    TypesetPreview(super::preview::PreviewRequest),
    /// Tell campaign `id`'s story from its journal as it stands, on the
    /// chronicle's thread.
    TellChronicle(String),
    /// Put a document's sheet on the clipboard as text (Markdown).
    CopySheetText(DocKey),
    /// Open a file with the system's viewer.
    OpenFile(PathBuf),
    /// A fight picked on a campaign's table: the battle screen opens on
    /// its mode with both fighters filled in, and Back returns to the
    /// table.
    Fight(FightSetup),
    /// A command sent by a click on a widget (egui's id of it): a refusal
    /// is shown beside that widget as well as in the log.
    At(egui::Id, Box<Command>),
    /// The refusal shown beside a widget is read: it goes.
    DismissRefusal,
    /// The range the players set for the shot picked on a campaign's table,
    /// kept with it (a restart fills the shot in at that range).
    KeepFightRange(i64),
    /// The fights set up by hand on the battle screen, as it has them now:
    /// kept with the session (a restart fills them in again).
    KeepHandFights(Box<super::HandFights>),
}

/// A fight picked on a campaign's table: its mode, who attacks, whom, and
/// with which of his weapons.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FightSetup {
    /// Close combat, a kill-team shot or a psychic attack.
    pub mode: FightMode,
    /// The attacker: (campaign, character or enemy).
    pub attacker: crate::rules::CharRef,
    /// The target: (campaign, character or enemy).
    pub target: crate::rules::CharRef,
    /// The attacker's weapon it is fought with, by its place in his list
    /// of weapons of that mode (ranged for a shot).
    pub weapon: Option<usize>,
}

/// The battle screen's modes a fight on the table can open.
pub use crate::rules::battle::from_table::FightMode;

/// What happens to the psychic powers in play (PSY-8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PowerAct {
    /// Its psyker ends a lasting power: (power, psyker).
    End(String, String),
    /// Another card cancels a power.
    Cancel(String),
    /// A psyker dies: his powers that end with him end.
    PsykerDied(String),
    /// The next psychic phase begins.
    NextPhase,
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

    /// The action of the command table this command carries out, if any.
    pub fn action(&self) -> Option<Action> {
        Some(match self {
            Self::At(_, c) => return c.action(),
            Self::Create(..)
            | Self::CreateFrom(_)
            | Self::OpenExample(_)
            | Self::NextCampaign(_) => Action::New,
            Self::Import(_) | Self::ImportDialog => Action::Import,
            Self::Export(..) | Self::ExportDialog(_) => Action::Export,
            Self::Rename(..) => Action::Rename,
            Self::Duplicate(..) => Action::Duplicate,
            Self::Delete(_) => Action::Delete,
            Self::Undo => Action::Undo,
            Self::Redo => Action::Redo,
            Self::Reload => Action::Reload,
            Self::OpenFolder(_) => Action::OpenDataFolder,
            Self::ChooseDataDir | Self::SetDataDir(_) => Action::DataFolder,
            Self::ExportPdfDialog(_) | Self::ExportPdf(..) | Self::ExportPdfToDocuments(_) => {
                Action::PrintPreview
            }
            _ => return None,
        })
    }

    /// True for the commands that change documents (refused in a read-only
    /// library, where they could never be saved): the command table says so
    /// for the actions; a document's own edits and keeping one's version
    /// over another program's always do.
    pub fn changes_documents(&self) -> bool {
        match self {
            Self::Edit(..)
            | Self::KeepMine(_)
            | Self::KeepInstead(..)
            | Self::MakeAgain(..)
            | Self::RerollDie(..) => true,
            Self::Merge(act) => !matches!(
                act,
                super::merging::MergeAct::Preview(..) | super::merging::MergeAct::Cancel
            ),
            Self::At(_, c) => c.changes_documents(),
            other => other.action().is_some_and(Action::edits),
        }
    }
}
