//! Two versions of one campaign merged: the journals share a
//! prefix, and each side added events after it. The merge keeps the
//! prefix, then plays both sides' events in the order they were made; each
//! one that still applies goes in, one that no longer does (the same Cran
//! test rolled on both machines, a recruit paid twice from one pool) is
//! set aside beside its rival, with the reason, for the players to keep
//! one of the two. An event is never doubled: its stamp's id is its
//! identity, and an event without a stamp is known by its content.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::{Campaign, Entry};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// Which version an event comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The version open here (the first given).
    Ours,
    /// The other one.
    Theirs,
}

/// An event of one side that no longer applies after the other's.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    /// The event set aside.
    pub entry: Arc<Entry>,
    /// Its key (`key_of`): what "keep this one" names.
    pub key: String,
    /// The version it came from.
    pub side: Side,
    /// Why it no longer applies.
    pub why: Problem,
    /// The event of the other side it clashes with, kept in the merged
    /// journal (its place there), when one is found.
    pub rival: Option<usize>,
    /// The rival's key: leaving it out keeps this one instead.
    pub rival_key: Option<String>,
}

/// Two versions merged.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The merged campaign.
    pub campaign: Campaign,
    /// The events set aside.
    pub conflicts: Vec<Conflict>,
    /// Events both versions share.
    pub shared: usize,
    /// Events only ours had, and only theirs had (doubles left out).
    pub added: (usize, usize),
    /// Which side each event of the merged journal came from after the
    /// shared ones.
    pub sides: Vec<Side>,
    /// The key of each of those events (`key_of`).
    pub keys: Vec<String>,
    /// The events left out because the players kept their rivals: each
    /// with its key and side.
    pub left_out: Vec<(Arc<Entry>, String, Side)>,
}

/// The key of an event: its stamp's id, or for an event without a stamp
/// its side and place (`ours#12`).
pub fn key_of(entry: &Entry, side: Side, place: usize) -> String {
    entry.stamp.as_ref().map_or_else(
        || {
            let who = match side {
                Side::Ours => "ours",
                Side::Theirs => "theirs",
            };
            format!("{who}#{place}")
        },
        |s| s.id.to_string(),
    )
}

/// Whether two entries are one event: the same stamp's id and the same
/// content (`forged` refuses one id on two contents before this is asked),
/// or without stamps the same content.
fn same_event(a: &Arc<Entry>, b: &Arc<Entry>) -> bool {
    Arc::ptr_eq(a, b) || a == b
}

/// One stamp's id on two different events, one in each version: an id
/// names one event, so one of the files was forged or damaged; the merge
/// is refused, naming the id and both places, rather than keep either.
fn forged(ours: &Campaign, theirs: &Campaign) -> Option<Problem> {
    let mut by_id = std::collections::BTreeMap::new();
    for (i, e) in ours.journal.iter().enumerate() {
        if let Some(s) = &e.stamp {
            by_id.insert(s.id.as_str(), (i, e));
        }
    }
    theirs.journal.iter().enumerate().find_map(|(j, e)| {
        let s = e.stamp.as_ref()?;
        let (i, mine) = by_id.get(s.id.as_str())?;
        (*mine != e).then(|| {
            Problem::new("CMP-13", "merge.problem.one_id_two_events")
                .arg("id", &s.id)
                .arg("ours", i + 1)
                .arg("theirs", j + 1)
        })
    })
}

/// Merges `ours` and `theirs`, two versions of one campaign; the events
/// named in `dropped` (by `key_of`) are left out, which is how the players
/// keep the other of two rivals. Refused when the versions are of two
/// campaigns, or when their shared events no longer play.
pub fn merge(
    ours: &Campaign,
    theirs: &Campaign,
    rules: &RulesData,
    dropped: &BTreeSet<String>,
) -> Result<Merged, Problem> {
    if ours.id != theirs.id {
        return Err(Problem::new("FILE", "merge.problem.two_campaigns")
            .arg("ours", &ours.id)
            .arg("theirs", &theirs.id));
    }
    if let Some(p) = forged(ours, theirs) {
        return Err(p);
    }
    let shared = ours
        .journal
        .iter()
        .zip(&theirs.journal)
        .take_while(|(a, b)| same_event(a, b))
        .count();
    let ours_new: Vec<&Arc<Entry>> = ours.journal.range(shared..).collect();
    // An event of theirs that ours also has after the shared ones (merged
    // once already) is not doubled.
    let ours_keys: BTreeSet<&str> = ours_new
        .iter()
        .filter_map(|e| e.stamp.as_ref().map(|s| s.id.as_str()))
        .collect();
    let theirs_new: Vec<(usize, &Arc<Entry>)> = theirs
        .journal
        .range(shared..)
        .enumerate()
        .filter(|(_, e)| {
            e.stamp
                .as_ref()
                .is_none_or(|s| !ours_keys.contains(s.id.as_str()))
                && !ours_new.iter().any(|o| o.stamp.is_none() && *o == *e)
        })
        .map(|(i, e)| (shared + i, e))
        .collect();
    let none_dropped = |keys: Vec<String>| keys.iter().all(|k| !dropped.contains(k));
    // Nothing new on one side: the other is the merge, as it is.
    if theirs_new.is_empty()
        && none_dropped(
            ours_new
                .iter()
                .enumerate()
                .map(|(i, e)| key_of(e, Side::Ours, shared + i))
                .collect(),
        )
    {
        return Ok(whole(ours, shared, ours_new.len(), Side::Ours));
    }
    if ours_new.is_empty()
        && none_dropped(
            theirs_new
                .iter()
                .map(|(i, e)| key_of(e, Side::Theirs, *i))
                .collect(),
        )
    {
        let mut m = whole(theirs, shared, theirs.journal.len() - shared, Side::Theirs);
        m.added = (0, theirs_new.len());
        return Ok(m);
    }
    let ours_new: Vec<(usize, &Arc<Entry>)> = ours_new
        .into_iter()
        .enumerate()
        .map(|(i, e)| (shared + i, e))
        .collect();
    let order = interleave(&ours_new, &theirs_new);
    let mut base = ours.clone();
    base.journal.truncate(shared);
    let (mut c, _) = base.replay(rules).map_err(|(i, p)| {
        Problem::new("CMP-13", "merge.problem.shared_refused")
            .arg("entry", i + 1)
            .because(p)
    })?;
    let mut m = Merged {
        campaign: Campaign::clone(&c),
        conflicts: Vec::new(),
        shared,
        added: (ours_new.len(), theirs_new.len()),
        sides: Vec::new(),
        keys: Vec::new(),
        left_out: Vec::new(),
    };
    for (side, place, entry) in order {
        play_one(&mut c, &mut m, (side, place, entry), rules, dropped);
    }
    c.notes.clone_from(&ours.notes);
    m.campaign = c;
    Ok(m)
}

/// Plays one side's event on the merge so far: in, left out by the
/// players' choice, or set aside beside its rival.
fn play_one(
    c: &mut Campaign,
    m: &mut Merged,
    (side, place, entry): (Side, usize, &Arc<Entry>),
    rules: &RulesData,
    dropped: &BTreeSet<String>,
) {
    let key = key_of(entry, side, place);
    if dropped.contains(&key) {
        m.left_out.push((Arc::clone(entry), key, side));
        return;
    }
    match super::rival::play_entry(c, entry, rules) {
        Ok(()) => {
            m.sides.push(side);
            m.keys.push(key);
        }
        Err(why) => {
            // Among the other side's events kept so far, the one without
            // which this one applies (`m.campaign` is still the shared
            // events' campaign).
            let others: Vec<usize> = (m.sides.iter().enumerate())
                .filter(|(_, s)| **s != side)
                .map(|(k, _)| k)
                .collect();
            let kept = c.journal.range(m.shared..).cloned().collect::<Vec<_>>();
            let found = super::rival::rival_in_the_way(&m.campaign, &kept, &others, entry, rules);
            let rival_key = found.and_then(|i| m.keys.get(i).cloned());
            m.conflicts.push(Conflict {
                entry: Arc::clone(entry),
                key,
                side,
                why,
                rival: found.map(|i| m.shared + i),
                rival_key,
            });
        }
    }
}

/// One version whole, as the merge of it with an earlier state of itself.
fn whole(c: &Campaign, shared: usize, added: usize, side: Side) -> Merged {
    Merged {
        campaign: c.clone(),
        conflicts: Vec::new(),
        shared,
        added: (added, 0),
        sides: vec![side; c.journal.len() - shared],
        keys: c
            .journal
            .range(shared..)
            .enumerate()
            .map(|(i, e)| key_of(e, side, shared + i))
            .collect(),
        left_out: Vec::new(),
    }
}

/// Both sides' new events in the order they were made: each side keeps
/// its own order; between the two, the earlier time goes first (then the
/// machine's name, then the id, so that either side merging gets the same
/// order). Between two events of which one has no time, ours goes first.
fn interleave<'a>(
    ours: &[(usize, &'a Arc<Entry>)],
    theirs: &[(usize, &'a Arc<Entry>)],
) -> Vec<(Side, usize, &'a Arc<Entry>)> {
    let when = |e: &Entry| {
        e.stamp
            .as_ref()
            .and_then(|s| s.at.clone().map(|at| (at, s.by.clone(), s.id.clone())))
    };
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(ours.len() + theirs.len());
    while i < ours.len() || j < theirs.len() {
        let take_ours = match (ours.get(i), theirs.get(j)) {
            (Some(_), None) => true,
            (None, _) => false,
            (Some((_, a)), Some((_, b))) => match (when(a), when(b)) {
                (Some(x), Some(y)) => x <= y,
                _ => true,
            },
        };
        if take_ours {
            out.push((Side::Ours, ours[i].0, ours[i].1));
            i += 1;
        } else {
            out.push((Side::Theirs, theirs[j].0, theirs[j].1));
            j += 1;
        }
    }
    out
}
