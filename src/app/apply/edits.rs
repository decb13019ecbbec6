//! An edit applied with its kind's pure `apply`, its campaign events
//! stamped, recorded in the undo history; a change put in place, undone
//! and done again.

use crate::app::{App, Change, HISTORY_LIMIT, MessageKind, Screen};
use crate::rules::campaign::entries;
use crate::rules::campaign::{Maker, StampId};
use crate::rules::{Doc, DocKey, Edit, LineKind, Msg};

impl App {
    /// Applies an edit with its kind's pure update; keeps the result
    /// (recorded for undo) only if it changed something, logs what happened,
    /// or the rule that refused it.
    pub(in crate::app) fn edit(&mut self, key: &DocKey, edit: &Edit) {
        let Some(before) = self.model.doc(key).cloned() else {
            return;
        };
        match before.apply(edit, &self.model.rules, &mut self.rng) {
            Ok(applied) => {
                let crate::rules::docs::Applied {
                    doc: after,
                    outcome,
                    label,
                    merges,
                    subject,
                } = applied;
                let after = self.stamped(&before, after);
                let last = self.model.history.undo.last();
                let merge = merges
                    && self.model.history.redo.is_empty()
                    && last.is_some_and(|c| {
                        c.label == label && c.docs.len() == 1 && c.docs[0].0 == *key
                    });
                if after == before {
                    // Nothing changed: nothing to record.
                } else if merge {
                    // One more step of the same edit: the history keeps one.
                    let change = Change {
                        label,
                        docs: vec![(key.clone(), Some(before), Some(after.clone()))],
                        subject: None,
                    };
                    self.set_states_saving_first(&change);
                    if let Some(last) = self.model.history.undo.last_mut() {
                        last.docs[0].2 = Some(after);
                    }
                } else {
                    let docs = vec![(key.clone(), Some(before), Some(after))];
                    self.record_change(label, docs, true);
                    if let Some(last) = self.model.history.undo.last_mut() {
                        last.subject = subject;
                    }
                }
                for (kind, msg) in outcome.lines {
                    let kind = match kind {
                        LineKind::Info => MessageKind::Info,
                        LineKind::Dice => MessageKind::Dice,
                    };
                    self.message(kind, msg);
                }
                if let (Some(created), Screen::Roster(id)) = (outcome.created, &self.model.screen)
                    && *id == key.id
                {
                    let character = Screen::Character(id.clone(), created);
                    self.show(character);
                }
            }
            Err(problem) => self.message(MessageKind::Refused, Msg::from(problem)),
        }
    }

    /// A campaign's events recorded by this edit, stamped with their id,
    /// the time and this machine's name.
    fn stamped(&mut self, before: &Doc, after: Doc) -> Doc {
        let (Some(b), Some(a)) = (
            before.get::<crate::rules::Campaign>(),
            after.get::<crate::rules::Campaign>(),
        ) else {
            return after;
        };
        if a.journal.len() <= b.journal.len() {
            return after;
        }
        // The campaign the edit just made is this edit's alone: stamped
        // in place, not copied.
        let Doc::Campaign(a) = after else {
            return after;
        };
        let mut c = std::sync::Arc::unwrap_or_clone(a);
        let ids = &mut self.ids;
        let by = self.model.machine_by();
        let at = crate::app::stamp::utc_now();
        entries::stamp_since(
            &mut c,
            b.journal.len(),
            || StampId::from(format!("{:016x}", rand::Rng::random::<u64>(ids))),
            Maker {
                at: Some(&at),
                by: Some(&by),
                player: self.model.player_by(),
            },
        );
        Doc::new(c)
    }

    /// Records a change (already decided) and applies its after-states.
    pub(in crate::app) fn record(
        &mut self,
        label: &'static str,
        docs: Vec<(DocKey, Option<Doc>, Option<Doc>)>,
    ) {
        self.record_change(label, docs, false);
    }

    /// [`Self::record`]; `save_first`: as an edit does, its documents are
    /// handed to the writer before they are checked (an import or a merge
    /// saves once, after all it does).
    fn record_change(
        &mut self,
        label: &'static str,
        docs: Vec<(DocKey, Option<Doc>, Option<Doc>)>,
        save_first: bool,
    ) {
        let change = Change {
            label,
            docs,
            subject: None,
        };
        if save_first {
            self.set_states_saving_first(&change);
        } else {
            self.set_states(&change, false, true);
        }
        self.model.history.undo.push(change);
        if self.model.history.undo.len() > HISTORY_LIMIT {
            self.model.history.undo.remove(0);
        }
        self.model.history.redo.clear();
    }

    /// Puts each document of `change` in its before (`undo`) or after state
    /// and checks them; `unsaved`: they differ from the disk.
    pub(super) fn set_states(&mut self, change: &Change, undo: bool, unsaved: bool) {
        self.put_states(change, undo, unsaved);
        self.check_states(change, undo);
    }

    /// An edit's after-states put in place, handed to the writer, then
    /// checked: the writer starts on a tick at the table while the frame
    /// checks it.
    fn set_states_saving_first(&mut self, change: &Change) {
        self.put_states(change, false, true);
        self.save_dirty();
        self.check_states(change, false);
    }

    /// Puts each document of `change` in its before (`undo`) or after
    /// state; `unsaved`: they differ from the disk.
    fn put_states(&mut self, change: &Change, undo: bool, unsaved: bool) {
        let mut moved = false;
        for (key, before, after) in &change.docs {
            let (state, expected) = if undo {
                (before, after)
            } else {
                (after, before)
            };
            // Other machines' events came in since: they stay, and only
            // this machine's own events are taken back or done again.
            let rebased = match (state, self.model.doc(key)) {
                (Some(state), Some(now)) if Some(now) != expected.as_ref() => {
                    self.with_arrivals(state)
                }
                _ => None,
            };
            let state = if rebased.is_some() { &rebased } else { state };
            let docs = &mut self.model.library.docs;
            let at = docs
                .iter()
                .position(|d| d.kind() == key.kind && d.id() == key.id);
            match (at, state) {
                // A tick at the table: the document keeps its place.
                (Some(i), Some(doc)) if docs[i].name() == doc.name() => docs[i] = doc.clone(),
                _ => {
                    docs.retain(|d| !(d.kind() == key.kind && d.id() == key.id));
                    if let Some(doc) = state {
                        docs.push(doc.clone());
                    }
                    moved = true;
                }
            }
            if unsaved {
                self.saves.dirty.insert(key.clone());
            }
        }
        if moved {
            self.model
                .library
                .docs
                .sort_by_cached_key(|d| (d.name().to_lowercase(), d.kind()));
        }
    }

    /// Checks each document of `change` as now put in place, and leaves a
    /// screen whose document is gone.
    fn check_states(&mut self, change: &Change, undo: bool) {
        for (key, before, _) in &change.docs {
            // Done: the version before is the one edited; undone: the
            // version restored was seen when it was made.
            let from = if undo { None } else { before.as_ref() };
            self.model.revalidate_from(key, from);
        }
        // Leave a screen whose roster or character no longer exists.
        if !self.model.shows(&self.model.screen) {
            self.model.screen = match &self.model.screen {
                Screen::Character(id, _) if self.model.roster(id).is_some() => {
                    Screen::Roster(id.clone())
                }
                _ => Screen::Library,
            };
        }
    }

    pub(super) fn undo(&mut self) {
        if let Some(change) = self.model.history.undo.pop() {
            self.set_states(&change, true, true);
            self.settle_held(&change);
            let text = Msg::new("history.undone").msg("what", change.words());
            self.message(MessageKind::Info, text);
            self.model.history.redo.push(change);
        }
    }

    pub(super) fn redo(&mut self) {
        if let Some(change) = self.model.history.redo.pop() {
            self.set_states(&change, false, true);
            self.settle_held(&change);
            let text = Msg::new("history.redone").msg("what", change.words());
            self.message(MessageKind::Info, text);
            self.model.history.undo.push(change);
        }
    }
}
