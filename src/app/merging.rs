//! A sync tool's conflict copy merged into its document: the
//! merge is worked out (`rules::campaign::merge` for a campaign; for a
//! roster or a kill team, `store::fields::merge3` field by field from
//! their common ancestor among the backups, or side by side when there is
//! none), shown, and applied as one undoable change. Both versions go to
//! the backups first; the copy leaves the folder only once the merge is
//! saved.

use std::collections::BTreeSet;
use std::path::PathBuf;

use super::{App, MessageKind};
use crate::rules::campaign::StampTime;
use crate::rules::campaign::merge::{Merged, merge};
use crate::rules::{Campaign, Doc, DocKey, Msg};
use crate::store::fields::{FieldMerge, merge3, resolve};
use crate::store::{Kinds, ReadError};

/// What merging a version gives, shown before it is applied.
#[derive(Clone, Debug, PartialEq)]
pub enum MergePreview {
    /// Two campaigns merged by their journals.
    Campaign(Box<Merged>),
    /// A roster or a kill team merged field by field.
    Fields(Box<FieldsPreview>),
}

/// What tells which backup a field merge started from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BaseMade {
    /// When it was made, in UTC.
    At(StampTime),
    /// Its file's name, when the backup says no time.
    File(String),
}

/// A roster's or a kill team's merge, field by field.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldsPreview {
    /// The merge: the fields each side changed alone, taken; the conflicts.
    pub merge: FieldMerge,
    /// When the common ancestor (a backup) was made, or its file's name if
    /// that says no time; `None`: no ancestor was found, every field that
    /// differs is a conflict.
    pub base: Option<BaseMade>,
    /// The document the merge gives with the choices made, or why it does
    /// not read as one (then it cannot be applied).
    pub doc: Result<Doc, Msg>,
}

impl FieldsPreview {
    /// Whether the two versions are the same (nothing to merge).
    pub fn same(&self) -> bool {
        self.merge.conflicts.is_empty() && self.merge.from_ours == 0 && self.merge.from_theirs == 0
    }
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
    /// A roster's or a kill team's fields, by place, where the player took
    /// the other side than the merge's: a conflict taking theirs, a field
    /// one side changed alone keeping the other side's value.
    pub switched: BTreeSet<String>,
    /// The merge, or why it cannot be made.
    pub result: Result<MergePreview, Msg>,
    /// The other version is the document's own file, changed on disk by
    /// another program (a sync tool): nothing is retired, the merge is
    /// written over it.
    pub disk: bool,
}

/// What the player decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeAct {
    /// Look at the merge of this copy, leaving out these events.
    Preview(DocKey, PathBuf, BTreeSet<String>),
    /// Look at the merge of the document with its own file, changed on
    /// disk by another program.
    PreviewDisk(DocKey),
    /// Apply the merge looked at.
    Apply,
    /// A roster's or a kill team's field at this place (a conflict, or a
    /// change of one side) takes their value (`true`) or keeps ours.
    Choose(String, bool),
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
            MergeAct::PreviewDisk(key) => {
                if let Some(store) = self.store.as_ref() {
                    let path = store.listing().path(&key);
                    self.preview_merge(key, path, BTreeSet::new());
                }
            }
            MergeAct::Apply => {
                let merged = match self.model.library.merge.as_ref().map(|m| &m.result) {
                    // The events still set aside are left out: the players
                    // kept their rivals (both versions stay in the backups).
                    Some(Ok(MergePreview::Campaign(m))) => Some(Doc::new(m.campaign.clone())),
                    Some(Ok(MergePreview::Fields(f))) if f.same() => None,
                    Some(Ok(MergePreview::Fields(f))) => match &f.doc {
                        Ok(doc) => Some(doc.clone()),
                        Err(_) => return,
                    },
                    _ => return,
                };
                self.settle_merge(merged);
            }
            MergeAct::Choose(place, theirs) => self.choose(&place, theirs),
            MergeAct::TakeTheirs if self.model.library.merge.as_ref().is_some_and(|m| m.disk) => {
                if let Some(view) = self.model.library.merge.take() {
                    self.take_disk_version(&view.key);
                }
            }
            MergeAct::KeepOurs if self.model.library.merge.as_ref().is_some_and(|m| m.disk) => {
                if let Some(view) = self.model.library.merge.take() {
                    self.keep_mine(&view.key);
                }
            }
            MergeAct::TakeTheirs => {
                let theirs = self.model.library.merge.as_ref().and_then(|m| {
                    self.model
                        .library
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
            MergeAct::Cancel => self.model.library.merge = None,
        }
    }

    /// Merges at once every version that merges with no conflict (each one
    /// undoable step, said in the log); those with a conflict wait for the
    /// players, with their badge. Nothing is done while a merge is shown.
    pub(super) fn merge_clean_versions(&mut self) {
        if self.model.library.merge.is_some() || self.model.folder.read_only {
            return;
        }
        let candidates: Vec<(DocKey, PathBuf)> = self
            .model
            .library
            .versions
            .iter()
            .filter(|v| v.doc.is_ok() && self.model.doc(&v.key).is_some())
            .map(|v| (v.key.clone(), v.path.clone()))
            .collect();
        for (key, path) in candidates {
            self.preview_merge(key.clone(), path, BTreeSet::new());
            let clean = match self.model.library.merge.as_ref().map(|m| &m.result) {
                // An event of this machine's that only the copy holds was
                // made here, then undone: the players look before it comes
                // back.
                Some(Ok(MergePreview::Campaign(m))) => {
                    let undone = self
                        .store
                        .as_ref()
                        .map(|s| s.journals().taken_back_here(&key))
                        .unwrap_or_default();
                    m.conflicts.is_empty()
                        && !brings_back_ours(m, &self.model.machine_by(), &undone)
                }
                Some(Ok(MergePreview::Fields(f))) => {
                    f.merge.conflicts.is_empty() && (f.same() || f.doc.is_ok())
                }
                _ => false,
            };
            if clean {
                self.merging(MergeAct::Apply);
            }
            self.model.library.merge = None;
        }
    }

    /// Works the merge out and shows it.
    fn preview_merge(&mut self, key: DocKey, path: PathBuf, dropped: BTreeSet<String>) {
        let ours = self.model.doc(&key).cloned();
        let copy = self
            .model
            .library
            .versions
            .iter()
            .find(|v| v.path == path)
            .map(|v| v.doc.clone());
        // Not a sync tool's copy: the document's own file, as it is on disk.
        let disk = copy.is_none()
            && self
                .store
                .as_ref()
                .is_some_and(|s| s.listing().path(&key) == path);
        let theirs = if disk {
            Some(crate::store::read_file(&self.model.library.kinds, &path).map_err(|e| e.reason()))
        } else {
            copy
        };
        let result = match (ours, theirs) {
            (Some(ours), Some(Ok(theirs))) => self.merge_of(&key, &ours, &theirs, &dropped),
            (_, Some(Err(reason))) => Err(Msg::new("merge.unreadable").msg("reason", reason.msg())),
            _ => Err(Msg::new("merge.gone")),
        };
        self.model.library.merge = Some(MergeView {
            key,
            path,
            dropped,
            switched: BTreeSet::new(),
            result,
            disk,
        });
    }

    /// A conflict's side chosen: the merge resolved again.
    fn choose(&mut self, place: &str, theirs: bool) {
        let kinds = self.kinds();
        let Some(view) = self.model.library.merge.as_mut() else {
            return;
        };
        let Ok(MergePreview::Fields(f)) = &mut view.result else {
            return;
        };
        let listed = f.merge.conflicts.iter().chain(&f.merge.changes);
        let Some(c) = listed.into_iter().find(|c| c.place == place) else {
            return;
        };
        if theirs == c.changed.takes_theirs() {
            view.switched.remove(place);
        } else {
            view.switched.insert(place.to_owned());
        }
        f.doc = resolved(&kinds, &view.key, &f.merge, &view.switched);
    }

    fn kinds(&self) -> Kinds {
        self.store
            .as_ref()
            .map_or_else(Kinds::default, |s| s.listing().kinds().clone())
    }

    fn merge_of(
        &self,
        key: &DocKey,
        ours: &Doc,
        theirs: &Doc,
        dropped: &BTreeSet<String>,
    ) -> Result<MergePreview, Msg> {
        if let (Some(a), Some(b)) = (ours.get::<Campaign>(), theirs.get::<Campaign>()) {
            return merge(a, b, &self.model.rules, dropped)
                .map(|m| MergePreview::Campaign(Box::new(m)))
                .map_err(Msg::from);
        }
        let kinds = self.kinds();
        let (Some(a), Some(b)) = (kinds.to_value(ours), kinds.to_value(theirs)) else {
            return Err(Msg::new("merge.gone"));
        };
        // The common ancestor among the document's backups, if any.
        let ancestor = if a == b {
            None
        } else {
            self.store.as_ref().and_then(|s| {
                s.backups()
                    .common_ancestor(s.listing().kinds(), key, &a, &b)
            })
        };
        let merge = merge3(ancestor.as_ref().map(|x| &x.value), &a, &b);
        let base = ancestor.map(|x| match x.made_ms {
            Some(ms) => BaseMade::At(super::stamp::utc(ms / 1000)),
            None => BaseMade::File(
                x.path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            ),
        });
        let doc = resolved(&kinds, key, &merge, &BTreeSet::new());
        Ok(MergePreview::Fields(Box::new(FieldsPreview {
            merge,
            base,
            doc,
        })))
    }

    /// Ends the merge: `merged` (if any) replaces the document as one
    /// undoable change, saved at once; both versions are in the backups
    /// first; then the copy leaves the folder.
    fn settle_merge(&mut self, merged: Option<Doc>) {
        let Some(view) = self.model.library.merge.take() else {
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
            if view.disk {
                // Written over the file the other program changed: its
                // version is in the backups and its events in the merge.
                self.keep_mine(&view.key);
                self.flush_saves();
                self.message(MessageKind::Info, Msg::new("merge.done_disk"));
                return;
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
                self.model.library.versions.retain(|v| v.path != view.path);
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

/// The document a field merge gives with the fields at `switched` taken
/// from the other side, read as its kind; or why it does not read as one.
fn resolved(
    kinds: &Kinds,
    key: &DocKey,
    merge: &FieldMerge,
    switched: &BTreeSet<String>,
) -> Result<Doc, Msg> {
    let value = resolve(merge, switched);
    let not_valid = |reason: Msg| Msg::new("merge.not_valid").msg("reason", reason);
    let doc = kinds
        .parse(&value.to_string(), &key.id)
        .map_err(|e| not_valid(ReadError::Document(e).msg()))?;
    if doc.kind() != key.kind || doc.id() != key.id {
        return Err(not_valid(Msg::new("merge.not_the_document")));
    }
    Ok(doc)
}

/// Whether the merge brings in, from the other version, an event undone
/// here: one this machine took back (`undone`, by key), or one made by
/// this machine's name.
fn brings_back_ours(m: &Merged, machine: &str, undone: &std::collections::HashSet<String>) -> bool {
    let after = m.campaign.journal.len().saturating_sub(m.sides.len());
    m.campaign
        .journal
        .range(after..)
        .zip(&m.sides)
        .any(|(e, side)| {
            *side == crate::rules::campaign::merge::Side::Theirs
                && (undone.contains(&crate::store::journaled::entry_key(e))
                    || e.stamp
                        .as_ref()
                        .and_then(|s| s.by.as_deref())
                        .is_some_and(|by| !machine.is_empty() && by == machine))
        })
}
