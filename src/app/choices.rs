//! The players' choices about the events of a shared campaign held aside:
//! keep one instead of its rival, or make it again now. Before they
//! choose, each card shows what the campaign would hold after it (worked
//! out by replaying the choice on a copy of what is known); after, the
//! log says what it holds.

use std::collections::HashSet;
use std::sync::Arc;

use crate::app::{App, MessageKind};
use crate::rules::campaign::compare::differences;
use crate::rules::campaign::journals::SetAside;
use crate::rules::campaign::{CampaignEdit, Entry};
use crate::rules::{Campaign, Doc, DocKey, Document as _, Edit, Msg, RulesData};
use crate::store::Store;
use crate::store::journaled::entry_key;

/// How many events held aside have their choices worked out: each costs
/// a replay of the campaign, and a group settles a few at a time.
const FORESEEN: usize = 8;

/// What each choice about one event held aside would change.
#[derive(Clone, Debug, PartialEq)]
pub struct Outlook {
    /// The held event's key.
    pub held: String,
    /// Keeping it instead of its rival (none: no rival, or keeping it
    /// would not put it in the campaign, which is then not offered).
    pub keep: Option<Foresight>,
    /// Making it again now, after every event (none: it cannot be made
    /// now, the rules refuse it where the campaign stands).
    pub again: Option<Foresight>,
}

/// What a choice would change.
#[derive(Clone, Debug, PartialEq)]
pub struct Foresight {
    /// On the players' sheets, one line a change.
    pub changes: Vec<Msg>,
    /// Other events that would be held aside then, each with why.
    pub then_aside: Vec<SetAside>,
    /// Events held aside now that would be back in the campaign.
    pub back_in: Vec<Arc<Entry>>,
}

/// What each choice about the events `held` of the campaign `now` would
/// change.
pub(super) fn foresee(
    store: &Store,
    now: &Campaign,
    held: &[SetAside],
    rules: &RulesData,
) -> Vec<Outlook> {
    held.iter()
        .take(FORESEEN)
        .map(|aside| Outlook {
            held: entry_key(&aside.entry),
            keep: keep_instead(store, now, held, aside, rules),
            // Settled by an event kept in its place (perhaps made again
            // from it): making it anew would do it twice.
            again: if aside.chosen && aside.rival.is_some() {
                None
            } else {
                made_again(now, &aside.entry.event, rules)
            },
        })
        .collect()
}

/// The campaign after keeping `aside` instead of its rival.
fn keep_instead(
    store: &Store,
    now: &Campaign,
    held: &[SetAside],
    aside: &SetAside,
    rules: &RulesData,
) -> Option<Foresight> {
    let rival = entry_key(aside.rival.as_ref()?);
    let keep = entry_key(&aside.entry);
    let (after, aside_after) = store.preview_choice(now, &keep, &rival).ok()??;
    let held_now: HashSet<String> = held.iter().map(|h| entry_key(&h.entry)).collect();
    let in_after: HashSet<String> = after.journal.iter().map(|e| entry_key(e)).collect();
    // A swap that would leave both out (the rival made again from it) is
    // not offered.
    if !in_after.contains(&keep) {
        return None;
    }
    Some(Foresight {
        changes: differences(now, &after, rules),
        then_aside: aside_after
            .into_iter()
            .filter(|h| {
                let k = entry_key(&h.entry);
                k != rival && !held_now.contains(&k)
            })
            .collect(),
        back_in: held
            .iter()
            .filter(|h| h.entry != aside.entry && in_after.contains(&entry_key(&h.entry)))
            .map(|h| Arc::clone(&h.entry))
            .collect(),
    })
}

/// The campaign after `event` made again now, if the rules allow it.
fn made_again(now: &Campaign, event: &CampaignEdit, rules: &RulesData) -> Option<Foresight> {
    let mut rng = crate::rules::core::dice::seeded(0);
    let (after, _) = now.apply(event.clone(), rules, &mut rng).ok()?;
    Some(Foresight {
        changes: differences(now, &after, rules),
        then_aside: Vec::new(),
        back_in: Vec::new(),
    })
}

impl App {
    /// The players keep the event held aside (`keep`) instead of the one
    /// kept in its place (`over`): a line of this machine's journal that
    /// every machine reads, then the campaign replayed with it; the log
    /// says what it now holds.
    pub(super) fn keep_instead(&mut self, key: &DocKey, keep: &str, over: &str) {
        let Some(store) = self.store.clone() else {
            return;
        };
        if let Err(e) = store.choose(key, keep, over) {
            let text = Msg::new("store.save_failed").msg("reason", e.msg());
            self.message(MessageKind::Error, text);
            return;
        }
        let Some(current) = self.model.doc(key).cloned() else {
            return;
        };
        let Some(now) = self.with_arrivals(&current) else {
            return;
        };
        let words = now
            .get::<Campaign>()
            .and_then(|c| {
                c.journal
                    .iter()
                    .find(|e| entry_key(e) == keep)
                    .map(|e| (c, e))
            })
            .map(|(c, e)| e.event.words(c));
        let holds = self.now_holds(&current, &now);
        self.put_in_place(key, now, &current);
        if let Some(words) = words {
            self.message(
                MessageKind::Info,
                Msg::new("held.chosen").msg("event", words),
            );
        }
        if let Some(holds) = holds {
            self.message(MessageKind::Info, holds);
        }
    }

    /// The players make the event held aside (`held`) again now, after
    /// every event: a new event of this machine (undo takes it back),
    /// and a choice that settles the held one while the new one stands.
    pub(super) fn make_again(&mut self, key: &DocKey, held: &str) {
        let Some(aside) = (self.model.library.held.get(key))
            .and_then(|h| h.iter().find(|a| entry_key(&a.entry) == held))
            .cloned()
        else {
            return;
        };
        let Some(before) = self.model.doc(key).cloned() else {
            return;
        };
        self.edit(key, &Edit::Campaign(aside.entry.event.clone()));
        let Some(after) = self.model.doc(key).cloned() else {
            return;
        };
        let made = after.get::<Campaign>().and_then(|a| {
            let b = before.get::<Campaign>()?;
            (a.journal.len() > b.journal.len()).then(|| a.journal.last().cloned())?
        });
        // Refused: the log already says why.
        let Some(made) = made else {
            return;
        };
        if let Some(store) = self.store.clone()
            && let Err(e) = store.choose(key, &entry_key(&made), held)
        {
            let text = Msg::new("store.save_failed").msg("reason", e.msg());
            self.message(MessageKind::Error, text);
        }
        if let Some(now) = self.with_arrivals(&after)
            && now != after
        {
            self.put_in_place(key, now, &after);
        }
        let words = after
            .get::<Campaign>()
            .map(|c| made.event.words(c))
            .unwrap_or_else(|| Msg::verbatim(""));
        self.message(
            MessageKind::Info,
            Msg::new("held.made_again").msg("event", words),
        );
    }

    /// After an undo or a redo of a shared campaign with events held
    /// aside: an event made again and taken back, or done again, unsettles
    /// or settles the one it was made from; read again.
    pub(super) fn settle_held(&mut self, change: &crate::app::Change) {
        for (key, _, _) in &change.docs {
            if !self.model.library.held.contains_key(key) {
                continue;
            }
            let Some(doc) = self.model.doc(key).cloned() else {
                continue;
            };
            if let Some(now) = self.with_arrivals(&doc)
                && now != doc
            {
                self.put_in_place(key, now, &doc);
            }
        }
    }

    /// "The campaign now holds: …" from `before` to `after`, when
    /// anything the players see changed.
    fn now_holds(&self, before: &Doc, after: &Doc) -> Option<Msg> {
        let (b, a) = (before.get::<Campaign>()?, after.get::<Campaign>()?);
        let changes = differences(b, a, &self.model.rules);
        (!changes.is_empty()).then(|| Msg::new("held.now_holds").list("changes", changes))
    }
}
