//! A campaign kept as several machines' journals: what it started with (a
//! campaign and its journal, as one file holds it), then each machine's
//! own events, each machine appending only to its own journal. The
//! campaign is the replay of every event in one order that every machine
//! computes alike: each machine's events keep their own order, and between
//! machines the earlier stamp goes first (its time, then the machine, then
//! the event's id). An event that no longer applies there (the same Cran
//! test rolled on two machines, one pool spent twice) is set aside with
//! its reason, never dropped unseen; an event two journals both hold (a
//! machine's journal copied into another's folder) is played once.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::{Campaign, Entry, MachineId, StampTime};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// One machine's journal: its id and its events, in the order it made
/// them.
#[derive(Clone, Debug, PartialEq)]
pub struct MachineJournal {
    /// The machine's stable id.
    pub machine: MachineId,
    /// Its events.
    pub events: Vec<Arc<Entry>>,
}

/// An event that did not apply where the order put it.
#[derive(Clone, Debug, PartialEq)]
pub struct SetAside {
    /// The event.
    pub entry: Arc<Entry>,
    /// The machine whose journal holds it.
    pub machine: MachineId,
    /// Why it did not apply.
    pub why: Problem,
    /// The event of another machine kept in the campaign that it clashes
    /// with (the players may keep either), if there is one.
    pub rival: Option<Arc<Entry>>,
    /// Set aside by the players' choice (they kept its rival), not by a
    /// rule: settled, though they may choose again.
    pub chosen: bool,
}

/// The campaign the journals give.
#[derive(Clone, Debug, PartialEq)]
pub struct Replayed {
    /// The campaign: what it started with, then every event that applied.
    pub campaign: Campaign,
    /// The events that did not apply, in the order met.
    pub set_aside: Vec<SetAside>,
    /// For each event played after the start, the machine it came from.
    pub from: Vec<MachineId>,
}

/// The order of an event between machines: its stamp's time, then the
/// machine, then the event's id (an event without a stamp or a time sorts
/// first).
fn order_key<'a>(
    e: &'a Entry,
    machine: &'a MachineId,
) -> (Option<&'a StampTime>, &'a str, &'a str) {
    let stamp = e.stamp.as_ref();
    (
        stamp.and_then(|s| s.at.as_ref()),
        machine.as_str(),
        stamp.map_or("", |s| s.id.as_str()),
    )
}

/// Every machine's events in the one order: a k-way merge of the journals
/// by their heads' keys, each journal's own order kept.
pub fn ordered(journals: &[MachineJournal]) -> Vec<(usize, &Arc<Entry>)> {
    let mut heads = vec![0usize; journals.len()];
    let total = journals.iter().map(|j| j.events.len()).sum();
    let mut out = Vec::with_capacity(total);
    while out.len() < total {
        let next = journals
            .iter()
            .enumerate()
            .filter_map(|(k, j)| j.events.get(heads[k]).map(|e| (k, e)))
            .min_by(|(a, x), (b, y)| {
                order_key(x, &journals[*a].machine).cmp(&order_key(y, &journals[*b].machine))
            });
        let Some((k, e)) = next else { break };
        heads[k] += 1;
        out.push((k, e));
    }
    out
}

/// The campaign `start` continued by every machine's journal, in the one
/// order. The start is taken as it is, as a campaign file is: its state,
/// and its journal's ids, never played twice.
pub fn replay_journals(
    start: &Campaign,
    journals: &[MachineJournal],
    rules: &RulesData,
) -> Replayed {
    let mut c = start.clone();
    let mut seen: BTreeSet<&str> = start
        .journal
        .iter()
        .filter_map(|e| e.stamp.as_ref().map(|s| s.id.as_str()))
        .collect();
    let mut set_aside = Vec::new();
    let mut from = Vec::new();
    // Where each event set aside was tried: after how many kept events.
    let mut tried_at = Vec::new();
    for (k, entry) in ordered(journals) {
        let machine = &journals[k].machine;
        if let Some(s) = &entry.stamp
            && !seen.insert(s.id.as_str())
        {
            continue;
        }
        match super::rival::play_entry(&mut c, entry, rules) {
            Ok(()) => from.push(machine.clone()),
            Err(why) => {
                tried_at.push(from.len());
                set_aside.push(SetAside {
                    entry: Arc::clone(entry),
                    machine: machine.clone(),
                    why,
                    rival: None,
                    chosen: false,
                });
            }
        }
    }
    // Each event set aside beside the event of another machine without
    // which it applies, among those kept before it.
    let first = c.journal.len() - from.len();
    for (aside, &at) in set_aside.iter_mut().zip(&tried_at) {
        let others: Vec<usize> = from[..at]
            .iter()
            .enumerate()
            .filter(|(_, m)| **m != aside.machine)
            .map(|(k, _)| k)
            .collect();
        let kept: Vec<Arc<Entry>> = c.journal.range(first..first + at).cloned().collect();
        aside.rival = super::rival::rival_in_the_way(start, &kept, &others, &aside.entry, rules)
            .and_then(|i| kept.get(i).cloned());
    }
    Replayed {
        campaign: c,
        set_aside,
        from,
    }
}

/// The events a campaign written as one file holds aside, as a replay of
/// its machines' journals held them: each one waiting tried again where
/// its time puts it among the journal's events, from an empty campaign
/// (why it does not apply, and its rival); each one set aside by the
/// players' choice beside the event they kept.
pub fn held_of(c: &Campaign, rules: &RulesData) -> Vec<SetAside> {
    if c.held.is_empty() {
        return Vec::new();
    }
    let mut journals = vec![MachineJournal {
        machine: MachineId::default(),
        events: c.journal.to_vec(),
    }];
    for h in c.held.iter().filter(|h| h.kept.is_none()) {
        match journals.iter_mut().find(|j| j.machine == h.machine) {
            Some(j) => j.events.push(Arc::clone(&h.entry)),
            None => journals.push(MachineJournal {
                machine: h.machine.clone(),
                events: vec![Arc::clone(&h.entry)],
            }),
        }
    }
    let tried = (journals.len() > 1).then(|| {
        let empty = Campaign::new(c.id.clone(), c.name.clone(), &rules.campaign);
        replay_journals(&empty, &journals, rules).set_aside
    });
    c.held
        .iter()
        .map(|h| {
            let Some(kept) = &h.kept else {
                let found = (tried.iter().flatten()).find(|a| a.entry == h.entry);
                return SetAside {
                    entry: Arc::clone(&h.entry),
                    machine: h.machine.clone(),
                    // Applies where its time puts it now (the journal was
                    // changed by hand): still the players' to settle.
                    why: found.map_or_else(|| Problem::new("", "held.in_file"), |a| a.why.clone()),
                    rival: found.and_then(|a| a.rival.clone()),
                    chosen: false,
                };
            };
            SetAside {
                entry: Arc::clone(&h.entry),
                machine: h.machine.clone(),
                why: Problem::new("", "held.by_choice"),
                rival: c.journal.iter().find(|e| e.key() == *kept).cloned(),
                chosen: true,
            }
        })
        .collect()
}

/// The events held aside kept with the campaign, as it is written as one
/// file: each one waiting, or set aside by the players' choice beside the
/// key of the event they kept.
pub fn keep_held(c: &mut Campaign, held: &[SetAside]) {
    c.held = held
        .iter()
        .map(|a| super::HeldEvent {
            entry: Arc::clone(&a.entry),
            machine: a.machine.clone(),
            kept: if a.chosen {
                a.rival.as_ref().map(|r| r.key())
            } else {
                None
            },
        })
        .collect();
}
