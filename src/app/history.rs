//! The undo history: each change is a document before and after, undone
//! and redone as one step.

use super::*;

/// One undoable change: each document touched, before and after (`None`:
/// absent).
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// Message key naming the edit (for the Edit menu).
    pub label: &'static str,
    /// Each document touched: key, state before, state after.
    pub docs: Vec<(DocKey, Option<Doc>, Option<Doc>)>,
    /// Who the edit was about, when it was about someone (a character, a
    /// soldier, an enemy at the table), as the document named him.
    pub subject: Option<crate::rules::core::names::Names>,
}

impl Change {
    /// The change in words, for "Undone: …" and "Redone: …": what it was,
    /// who it was about and in which document.
    pub fn words(&self) -> Msg {
        let doc = self
            .docs
            .first()
            .and_then(|(_, before, after)| after.as_ref().or(before.as_ref()))
            .map(|d| d.name().to_owned());
        match (&self.subject, doc) {
            (Some(who), Some(doc)) => Msg::new("history.words_of")
                .key("what", self.label)
                .names("who", who)
                .text("doc", doc),
            (None, Some(doc)) => Msg::new("history.words_in")
                .key("what", self.label)
                .text("doc", doc),
            (_, None) => Msg::new("history.words").key("what", self.label),
        }
    }
}

/// Undo and redo stacks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    /// Changes that can be undone, oldest first.
    pub undo: Vec<Change>,
    /// Changes that can be redone, most recently undone last.
    pub redo: Vec<Change>,
}

/// How many edits can be undone.
pub const HISTORY_LIMIT: usize = 500;

/// How many screens Back remembers.
pub const BACK_LIMIT: usize = 50;
