//! Other machines' events arriving in an open campaign: a sync tool
//! delivered their journals, and their events come in at once, with no
//! question and nothing typed here lost (this machine's own events, saved
//! or not, are replayed with them).

use std::collections::{BTreeMap, HashSet};

use super::{App, MessageKind};
use crate::rules::campaign::CharId;
use crate::rules::{Campaign, Doc, DocKey, Msg};
use crate::store::journaled::entry_key;

impl App {
    /// Takes in the events of other machines whose journals the watcher
    /// saw grow (called each frame; at once when the watcher wakes the
    /// window). True when it looked.
    pub fn poll_arrivals(&mut self) -> bool {
        if !self
            .watcher
            .as_ref()
            .is_some_and(super::watcher::Watcher::take_arrived)
        {
            return false;
        }
        let Some(store) = self.store.clone() else {
            return false;
        };
        for (key, _, arrived) in store.journals().changes() {
            if !arrived.machines.is_empty() {
                self.take_arrivals(&key);
            }
        }
        true
    }

    /// Says each time this machine gave up its id for a new one (another
    /// installation was found writing as it), and keeps the new one as
    /// this installation's. Undo starts afresh: this machine's events
    /// written as the old id are another machine's now, which no undo
    /// here takes back.
    pub(super) fn take_identity_changes(&mut self) {
        let Some(store) = self.store.clone() else {
            return;
        };
        for change in store.journals().identity().take_changes() {
            if let Err(e) = self.desktop.keep_machine_id(&change.new) {
                let text = Msg::new("store.save_failed").msg("reason", e.msg());
                self.message(MessageKind::Error, text);
            }
            self.model.folder.machine_id = Some(change.new.clone());
            self.model.history = super::History::default();
            let campaign = change
                .found_in
                .parent()
                .and_then(|dir| {
                    let id = dir.file_name()?.to_string_lossy().into_owned();
                    self.model
                        .library
                        .docs
                        .iter()
                        .find(|d| d.kind() == crate::rules::DocKind::Campaign && d.id() == id)
                        .map(|d| d.name().to_owned())
                })
                .unwrap_or_default();
            let text = Msg::new("sync.identity_renewed")
                .text("campaign", campaign)
                .text("old", change.old.to_string())
                .text("new", change.new.to_string())
                .text("file", change.found_in.display().to_string());
            self.message(MessageKind::Error, text);
        }
    }

    /// Takes in what other machines' journals of `key` brought. `false`:
    /// the campaign is not open here as journals (the change is then
    /// offered like any other).
    pub(super) fn take_arrivals(&mut self, key: &DocKey) -> bool {
        let Some(current) = self.model.doc(key).cloned() else {
            return false;
        };
        let Some(now) = self.with_arrivals(&current) else {
            return false;
        };
        if now == current {
            return true;
        }
        let words = arrival_words(&current, &now);
        self.mark_arrivals(key, &current, &now);
        self.put_in_place(key, now, &current);
        for text in words {
            self.message(MessageKind::Info, text);
        }
        true
    }

    /// The campaign `doc` (this machine's events as it holds them) with
    /// every other machine's events as their journals hold them now.
    /// `None`: not a journaled campaign of the library.
    pub(super) fn with_arrivals(&mut self, doc: &Doc) -> Option<Doc> {
        let store = self.store.clone()?;
        let campaign = doc.get::<Campaign>()?;
        match store.with_arrivals(campaign) {
            Ok(found) => {
                self.shared_state_from(&store, &doc.key(), found.as_ref().or(Some(doc)));
                self.take_identity_changes();
                found
            }
            Err(e) => {
                let text = Msg::new("store.reload_failed").msg("reason", e.msg());
                self.message(MessageKind::Error, text);
                None
            }
        }
    }
}

impl App {
    /// What the store last found of a shared campaign's files, as they are
    /// now: the events held aside, and the other machines' journals that
    /// cannot be read whole (after every reading of the campaign: its
    /// arrivals, a choice, the version on disk taken).
    pub(super) fn shared_state_from(
        &mut self,
        store: &crate::store::Store,
        key: &DocKey,
        now: Option<&Doc>,
    ) {
        let now = now.or_else(|| self.model.doc(key)).cloned();
        let held = held_in(store, key, now.as_ref(), &self.model.rules);
        let dir = store.journals().dir(key);
        self.model
            .library
            .unreadable
            .retain(|u| !u.path.starts_with(&dir));
        self.model
            .library
            .unreadable
            .extend(store.journals().unreadable(key));
        let outlooks = now
            .as_ref()
            .and_then(|d| d.get::<Campaign>())
            .map(|c| super::choices::foresee(store, c, &held, &self.model.rules))
            .unwrap_or_default();
        if held.is_empty() {
            self.model.library.held.remove(key);
            self.model.library.outlooks.remove(key);
        } else {
            self.model.library.held.insert(key.clone(), held);
            self.model.library.outlooks.insert(key.clone(), outlooks);
        }
    }
}

impl App {
    /// `now` in place of the campaign `before` of `key`, as other machines'
    /// events made it: not a step of this machine's undo history.
    pub(super) fn put_in_place(&mut self, key: &DocKey, now: Doc, before: &Doc) {
        self.model
            .library
            .docs
            .retain(|d| !(d.kind() == key.kind && d.id() == key.id));
        self.model.library.docs.push(now);
        self.model
            .library
            .docs
            .sort_by_cached_key(|d| (d.name().to_lowercase(), d.kind()));
        self.model.revalidate_from(key, Some(before));
    }
}

impl App {
    /// Marks each model another machine's new events changed, with who
    /// and what, for its card or line to show for a moment.
    fn mark_arrivals(&mut self, key: &DocKey, before: &Doc, after: &Doc) {
        let (Some(b), Some(a)) = (before.get::<Campaign>(), after.get::<Campaign>()) else {
            return;
        };
        let had: HashSet<String> = b.journal.iter().map(|e| entry_key(e)).collect();
        let enemies = a.mission.as_ref().map_or(0, |m| m.enemy.len());
        let everyone: Vec<CharId> = a
            .characters
            .iter()
            .map(|x| x.id)
            .chain((0..enemies).map(|i| crate::rules::campaign::Fighter::Enemy(i).id()))
            .collect();
        let now = std::time::Instant::now();
        let list = self.model.library.arrived.entry(key.clone()).or_default();
        list.retain(|x| x.at.elapsed() < super::documents::ARRIVAL_SHOWN);
        for e in a.journal.iter().filter(|e| !had.contains(&entry_key(e))) {
            let what = e.event.words(a);
            for &who in everyone.iter().filter(|&&who| e.event.concerns(who)) {
                list.push(super::documents::Arrival {
                    who,
                    stamp: e.stamp.clone(),
                    what: what.clone(),
                    at: now,
                });
            }
        }
    }
}

/// "Bruno's desktop: 3 new events", for each machine whose events came
/// in (by the name its events carry).
fn arrival_words(before: &Doc, after: &Doc) -> Vec<Msg> {
    let (Some(b), Some(a)) = (before.get::<Campaign>(), after.get::<Campaign>()) else {
        return Vec::new();
    };
    let had: HashSet<String> = b.journal.iter().map(|e| entry_key(e)).collect();
    // By who made them: the player and the machine.
    let mut by: BTreeMap<(Option<&str>, Option<&str>), usize> = BTreeMap::new();
    for e in a.journal.iter().filter(|e| !had.contains(&entry_key(e))) {
        let s = e.stamp.as_ref();
        let who = (
            s.and_then(|s| s.player.as_deref()),
            s.and_then(|s| s.by.as_deref()),
        );
        *by.entry(who).or_default() += 1;
    }
    let mut out: Vec<Msg> = by
        .into_iter()
        .map(|((player, machine), n)| {
            match crate::rules::campaign::who_made(player, machine) {
                Some(who) => Msg::new("sync.arrived").msg("machine", who),
                None => Msg::new("sync.arrived_unnamed"),
            }
            .int("count", n)
        })
        .collect();
    if out.is_empty() {
        out.push(Msg::new("sync.arrived_changed").text("name", a.name.clone()));
    }
    out
}

/// The events of the campaign `key` held aside: as the replay of its
/// machines' journals leaves them, or for a campaign of one file (not
/// saved as journals yet), those the file keeps.
pub(super) fn held_in(
    store: &crate::store::Store,
    key: &DocKey,
    doc: Option<&Doc>,
    rules: &crate::rules::RulesData,
) -> Vec<crate::rules::campaign::journals::SetAside> {
    if store.journals().is_journaled(key) {
        return store.journals().set_aside(key);
    }
    doc.and_then(|d| d.get::<Campaign>())
        .map(|c| crate::rules::campaign::journals::held_of(c, rules))
        .unwrap_or_default()
}
