//! A sync tool's conflict copy merged into its document (issue 24): the
//! merge is worked out (`rules::campaign::merge` for a campaign; for a
//! roster or a kill team, the fields that differ), shown, and applied as
//! one undoable change. Both versions go to the backups first; the copy
//! leaves the folder only once the merge is saved.

use std::collections::BTreeSet;
use std::path::PathBuf;

use super::{App, MessageKind};
use crate::rules::campaign::merge::{Merged, merge};
use crate::rules::{Campaign, Doc, DocKey, Msg};

/// What merging a version gives, shown before it is applied.
#[derive(Clone, Debug, PartialEq)]
pub enum MergePreview {
    /// Two campaigns merged by their journals.
    Campaign(Box<Merged>),
    /// A roster or a kill team: the same as the document (nothing to do
    /// but remove the copy), or the places where they differ, with each
    /// side's value, to keep one or the other.
    Fields(Vec<(String, String, String)>),
}

/// A merge being looked at.
#[derive(Clone, Debug, PartialEq)]
pub struct MergeView {
    /// The document.
    pub key: DocKey,
    /// The conflict copy.
    pub path: PathBuf,
    /// The events set aside on purpose: each of them lost to its rival.
    pub dropped: BTreeSet<String>,
    /// The merge, or why it cannot be made.
    pub result: Result<MergePreview, Msg>,
}

/// What the player decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeAct {
    /// Look at the merge of this copy, leaving out these events.
    Preview(DocKey, PathBuf, BTreeSet<String>),
    /// Apply the merge looked at.
    Apply,
    /// Take the copy's version whole (a roster or a kill team).
    TakeTheirs,
    /// Keep the document as it is; the copy goes to the backups.
    KeepOurs,
    /// Close the merge without doing anything.
    Cancel,
}

impl App {
    /// Runs a merge command.
    pub(super) fn merging(&mut self, act: MergeAct) {
        match act {
            MergeAct::Preview(key, path, dropped) => self.preview_merge(key, path, dropped),
            MergeAct::Apply => {
                let merged = match self.model.merge.as_ref().map(|m| &m.result) {
                    // The events still set aside are left out: the players
                    // kept their rivals (both versions stay in the backups).
                    Some(Ok(MergePreview::Campaign(m))) => Some(Doc::new(m.campaign.clone())),
                    Some(Ok(MergePreview::Fields(f))) if f.is_empty() => None,
                    _ => return,
                };
                self.settle_merge(merged);
            }
            MergeAct::TakeTheirs => {
                let theirs = self.model.merge.as_ref().and_then(|m| {
                    self.model
                        .versions
                        .iter()
                        .find(|v| v.path == m.path)
                        .and_then(|v| v.doc.clone().ok())
                });
                if let Some(doc) = theirs {
                    self.settle_merge(Some(doc));
                }
            }
            MergeAct::KeepOurs => self.settle_merge(None),
            MergeAct::Cancel => self.model.merge = None,
        }
    }

    /// Works the merge out and shows it.
    fn preview_merge(&mut self, key: DocKey, path: PathBuf, dropped: BTreeSet<String>) {
        let ours = self.model.doc(&key).cloned();
        let theirs = self
            .model
            .versions
            .iter()
            .find(|v| v.path == path)
            .map(|v| v.doc.clone());
        let result = match (ours, theirs) {
            (Some(ours), Some(Ok(theirs))) => self.merge_of(&ours, &theirs, &dropped),
            (_, Some(Err(reason))) => Err(Msg::new("merge.unreadable").msg("reason", reason.msg())),
            _ => Err(Msg::new("merge.gone")),
        };
        self.model.merge = Some(MergeView {
            key,
            path,
            dropped,
            result,
        });
    }

    fn merge_of(
        &self,
        ours: &Doc,
        theirs: &Doc,
        dropped: &BTreeSet<String>,
    ) -> Result<MergePreview, Msg> {
        if let (Some(a), Some(b)) = (ours.get::<Campaign>(), theirs.get::<Campaign>()) {
            return merge(a, b, &self.model.rules, dropped)
                .map(|m| MergePreview::Campaign(Box::new(m)))
                .map_err(Msg::from);
        }
        let json = |d: &Doc| {
            crate::store::Kinds::default()
                .to_json(d)
                .ok()
                .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                .unwrap_or_default()
        };
        Ok(MergePreview::Fields(crate::store::conflicts::differences(
            &json(ours),
            &json(theirs),
        )))
    }

    /// Ends the merge: `merged` (if any) replaces the document as one
    /// undoable change, saved at once; both versions are in the backups
    /// first; then the copy leaves the folder.
    fn settle_merge(&mut self, merged: Option<Doc>) {
        let Some(view) = self.model.merge.take() else {
            return;
        };
        let Some(store) = self.store.clone() else {
            return;
        };
        if let Some(after) = merged {
            if let Err(e) = store.back_up(&view.key) {
                self.message(
                    MessageKind::Error,
                    Msg::new("merge.failed").msg("reason", e.reason().msg()),
                );
                return;
            }
            let before = self.model.doc(&view.key).cloned();
            if before.as_ref() != Some(&after) {
                self.record(
                    "history.merge",
                    vec![(view.key.clone(), before, Some(after))],
                );
            }
            self.save_dirty();
            self.flush_saves();
            if self.has_unsaved() {
                // Not saved: the copy stays, to merge again.
                self.message(MessageKind::Error, Msg::new("merge.not_saved"));
                return;
            }
        }
        match store.retire_version(&view.key, &view.path) {
            Ok(()) => {
                self.model.versions.retain(|v| v.path != view.path);
                let name = view
                    .path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                self.message(MessageKind::Info, Msg::new("merge.done").text("file", name));
            }
            Err(e) => {
                self.message(
                    MessageKind::Error,
                    Msg::new("merge.failed").msg("reason", e.reason().msg()),
                );
            }
        }
    }
}
