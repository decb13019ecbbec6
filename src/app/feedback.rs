//! What the player is told: whether the documents are saved, the message
//! log, and the last refusal of a click.

use super::*;

/// Whether the documents on screen are on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveState {
    /// Everything is saved: on disk and synced.
    Saved,
    /// Edits are being written on the writer thread; "saved" comes once
    /// they are durable.
    Saving,
    /// Some edits are not on disk yet (read-only library, or no library).
    Unsaved,
    /// The last save failed; the message says why.
    Failed(Msg),
}

/// What kind of line the message log shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// Something done.
    Info,
    /// Dice rolled.
    Dice,
    /// An edit refused by a rule.
    Refused,
    /// Done, with something the user should know.
    Warning,
    /// Something failed.
    Error,
}

/// A line of the message log: a message key and its arguments, translated
/// when shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Kind of line.
    pub kind: MessageKind,
    /// The message.
    pub text: Msg,
    /// A file the line is about, offered to open (a PDF just written).
    pub open: Option<PathBuf>,
}

/// A command refused, and the widget whose click sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// egui's id of the widget.
    pub origin: egui::Id,
    /// Why it was refused.
    pub text: Msg,
}

/// What the player is told.
pub struct Feedback {
    /// Saved, unsaved or failed.
    pub save_state: SaveState,
    /// The log, newest last.
    pub messages: Vec<Message>,
    /// The last refusal of a command sent by a click, shown beside the
    /// widget clicked until the next click or screen.
    pub refusal: Option<Refusal>,
}
