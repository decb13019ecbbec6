//! The event that truly stands in the way of one set aside: among the
//! other machine's (or version's) events kept before it, the one without
//! which it applies where the order puts it. Each one tried is proved by
//! replay, never guessed from its kind: keeping the event set aside in its
//! place then gives a campaign that holds it. When no single event stands
//! in its way (it needs events played in another order), none is named,
//! and the players are told so rather than offered a swap that leaves both
//! out.

use std::sync::Arc;

use super::{Campaign, Entry};
use crate::rules::campaign::queries;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// How many events are tried, the likeliest first: enough for every clash
/// a table makes (an event has few neighbours about the same one), while
/// a held event in a long campaign costs a few replays, not hundreds.
const TRIED: usize = 16;

/// Plays `entry` on `c`: on success `c` holds its result and the entry in
/// its journal (under the mission it was played in); refused, `c` is as it
/// was. Every die of a journal event is in it: no roll is made.
pub(super) fn play_entry(
    c: &mut Campaign,
    entry: &Arc<Entry>,
    rules: &RulesData,
) -> Result<(), Problem> {
    let before = queries::mission_number(c);
    // The event plays on a copy (it may be refused half-way); the journal,
    // which it only reads, is lent to the copy, not copied.
    let journal = std::mem::take(&mut c.journal);
    let mut next = c.clone();
    next.journal = journal;
    let mut rng = crate::rules::core::dice::seeded(0);
    match next.play(entry.event.clone(), rules, &mut rng) {
        Ok(_) => {
            let mission = queries::mission_number(&next).max(before);
            next.journal.push(if mission == entry.mission {
                Arc::clone(entry)
            } else {
                Arc::new(Entry {
                    mission,
                    ..Entry::clone(entry)
                })
            });
            *c = next;
            Ok(())
        }
        Err(why) => {
            c.journal = std::mem::take(&mut next.journal);
            Err(why)
        }
    }
}

/// The event of `kept` (played in order on `base` before `entry` was
/// refused) at one of the places `others` without which `entry` applies:
/// `base` continued by every other event of `kept` (one that then no
/// longer applies is passed over, as a replay does), then `entry`. Tried
/// the likeliest first: the same kind about the same one, then any event
/// about the same one, then the same kind, then the latest.
pub fn rival_in_the_way(
    base: &Campaign,
    kept: &[Arc<Entry>],
    others: &[usize],
    entry: &Arc<Entry>,
    rules: &RulesData,
) -> Option<usize> {
    let tried = likeliest(kept, others, entry);
    // The state before each place tried, from one pass.
    let mut before: Vec<(usize, Campaign)> = Vec::with_capacity(tried.len());
    let mut c = base.clone();
    let mut places: Vec<usize> = tried.clone();
    places.sort_unstable();
    let mut next = places.iter().peekable();
    for (k, e) in kept.iter().enumerate() {
        while next.next_if(|&&p| p == k).is_some() {
            before.push((k, c.clone()));
        }
        if next.peek().is_none() {
            break;
        }
        // Refused here as in the replay: passed over.
        let _ = play_entry(&mut c, e, rules);
    }
    tried.into_iter().find(|&place| {
        let Some((_, state)) = before.iter().find(|(p, _)| *p == place) else {
            return false;
        };
        let mut c = state.clone();
        for e in &kept[place + 1..] {
            let _ = play_entry(&mut c, e, rules);
        }
        play_entry(&mut c, entry, rules).is_ok()
    })
}

/// The places of `others` in the order they are tried, at most [`TRIED`].
fn likeliest(kept: &[Arc<Entry>], others: &[usize], entry: &Entry) -> Vec<usize> {
    let about = entry.event.character();
    let same_about = |e: &Entry| about.is_some() && e.event.character() == about;
    let same_kind = |e: &Entry| e.event.same_kind(&entry.event);
    let tests: [&dyn Fn(&Entry) -> bool; 4] = [
        &|e| same_kind(e) && same_about(e),
        &|e| same_about(e),
        &|e| same_kind(e),
        &|_| true,
    ];
    let mut out: Vec<usize> = Vec::new();
    for test in tests {
        for &i in others.iter().rev() {
            if out.len() == TRIED {
                return out;
            }
            if kept.get(i).is_some_and(|e| test(e)) && !out.contains(&i) {
                out.push(i);
            }
        }
    }
    out
}
