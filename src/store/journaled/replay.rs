//! The campaign a journaled campaign's files give: the whole replay, the
//! other machines' new events played on top, and the lines a save appends.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::file::{Choose, JournalFile, Line, Rename, TakeBack, entry_key, line_text};
use super::known::Known;
use crate::rules::campaign::journals::{MachineJournal, Replayed, SetAside, replay_journals};
use crate::rules::campaign::{Entry, MachineId, StampTime};
use crate::rules::{Campaign, Doc, RulesData};
use crate::store::{Kinds, Seen, StoreError};

/// The campaign `id` the known files give: the start, then every
/// machine's standing events, one machine's taken from `mine` when given
/// (`(machine, events)`) rather than from its file. What does not apply
/// is kept in `known.set_aside`. Without rules (the built-in ones do not
/// read, which a test forbids) the start alone.
pub(super) fn replay(
    kinds: &Kinds,
    known: &mut Known,
    id: &str,
    rules: Option<&RulesData>,
    mine: Option<(&MachineId, &[Arc<Entry>])>,
) -> Result<Doc, StoreError> {
    let mut journals: Vec<MachineJournal> = known
        .files
        .iter()
        .filter(|(m, _)| mine.is_none_or(|(own, _)| *m != own))
        .map(|(m, (_, f))| MachineJournal {
            machine: m.clone(),
            events: f.standing().cloned().collect(),
        })
        .collect();
    if let Some((own, events)) = mine {
        journals.push(MachineJournal {
            machine: own.clone(),
            events: events.to_vec(),
        });
    }
    // A choice stands while the event it kept does (taken back, the one it
    // set aside comes back); the start's events always stand.
    let standing: HashSet<String> = journals
        .iter()
        .flat_map(|j| j.events.iter().map(|e| entry_key(e)))
        .chain(known.start_keys.iter().cloned())
        .collect();
    let overruled = overruled(&known.files, &standing);
    for j in &mut journals {
        j.events.retain(|e| !overruled.contains(&entry_key(e)));
    }
    // The order between machines is the stamps'; the machines' ids only
    // settle exact ties, the same everywhere. Within a journal, an event
    // this machine took in from elsewhere (a merged file) goes where its
    // own time puts it, as the merge put it; its own keep their order.
    journals.sort_by(|a, b| a.machine.cmp(&b.machine));
    for j in &mut journals {
        j.events.sort_by(|a, b| stamp_time(a).cmp(&stamp_time(b)));
    }
    let start = known.start(kinds)?;
    let Some(rules) = rules else {
        log::error!("the built-in rules do not read: the journals are not replayed");
        return Ok(Doc::new(Campaign::clone(&start)));
    };
    let Replayed {
        mut campaign,
        mut set_aside,
        ..
    } = replay_journals(&start, &journals, rules);
    set_aside.extend(chosen_aside(&known.files, &overruled, &campaign));
    set_aside.extend(start_held(
        &start,
        &known.files,
        &overruled,
        &campaign,
        rules,
    ));
    known.set_aside = set_aside;
    known.overruled = overruled;
    id.clone_into(&mut campaign.id);
    if let Some(name) = newest_name(&known.files) {
        campaign.name = name;
    }
    if mine.is_none() {
        // Read from the files alone: what they hold now.
        known.name.clone_from(&campaign.name);
        known.saved_keys = campaign.journal.iter().map(|e| entry_key(e)).collect();
        known.last_save = None;
    }
    Ok(Doc::new(campaign))
}

/// Whether `c` continues the campaign `s`: its journal begins with every
/// event of `s`'s.
pub(super) fn continues(c: &Campaign, s: &Campaign) -> bool {
    s.journal.len() <= c.journal.len()
        && s.journal
            .iter()
            .zip(&c.journal)
            .all(|(a, b)| entry_key(a) == entry_key(b))
}

/// The lines this machine must append for the campaign `c` to stand as
/// it is: its events no file holds yet (or that it took back and does
/// again), a taking-back for each of its events `c` no longer holds, and
/// the new name.
pub(super) fn new_lines(
    c: &Campaign,
    known: &Known,
    mine: &JournalFile,
    own: &MachineId,
) -> String {
    let mut out = String::new();
    let mut present = HashSet::with_capacity(c.journal.len());
    for e in &c.journal {
        let key = entry_key(e);
        let write = match mine.index.get(&key) {
            Some(&i) => !mine.events[i].1,
            None => !known.elsewhere(&key, own),
        };
        if write {
            out.push_str(&line_text(&Line::Entry(Box::new(Entry::clone(e)))));
        }
        present.insert(key);
    }
    // An event set aside (another machine's came first) is held, not
    // taken back.
    let aside: HashSet<String> = known
        .set_aside
        .iter()
        .map(|s| entry_key(&s.entry))
        .collect();
    for (e, standing) in &mine.events {
        let key = entry_key(e);
        let undone = known.saved_keys.contains(&key) && !present.contains(&key);
        if *standing && undone && !aside.contains(&key) {
            out.push_str(&line_text(&Line::TakeBack(TakeBack { id: key })));
        }
    }
    if c.name != known.name {
        out.push_str(&line_text(&Line::Rename(Rename {
            name: c.name.clone(),
            at: Some(crate::store::machine::utc_now()),
        })));
    }
    out
}

/// `ours` with the other machines' new events played on top, when that is
/// what the whole replay gives: none of the events `ours` holds was taken
/// back or chosen against since, and every new event comes after its last
/// in the order (the usual case at the table: what another machine just
/// did). `None`: the whole campaign must be replayed.
pub(super) fn played_on_top(
    ours: &Campaign,
    known: &mut Known,
    own: &MachineId,
    rules: &RulesData,
) -> Option<Campaign> {
    // Anything held aside or chosen against may apply again, or its card
    // change: the whole replay settles it.
    if !known.set_aside.is_empty()
        || overruled(&known.files, &standing_keys(&known.files, Some(ours))) != known.overruled
        || !in_order(ours, known, own)
    {
        return None;
    }
    let held: HashSet<String> = ours.journal.iter().map(|e| entry_key(e)).collect();
    let mut fresh: Vec<MachineJournal> = Vec::new();
    for (m, (_, f)) in known.files.iter().filter(|(m, _)| *m != own) {
        let mut events = Vec::new();
        for (e, standing) in &f.events {
            let k = entry_key(e);
            match (standing, held.contains(&k)) {
                // Taken back there, but standing here.
                (false, true) => return None,
                // Nothing is held aside here (checked above): a standing
                // event `ours` lacks is new.
                (true, false) => events.push(Arc::clone(e)),
                _ => {}
            }
        }
        if !events.is_empty() {
            events.sort_by(|a, b| stamp_time(a).cmp(&stamp_time(b)));
            fresh.push(MachineJournal {
                machine: m.clone(),
                events,
            });
        }
    }
    if fresh.is_empty() {
        return Some(ours.clone());
    }
    fresh.sort_by(|a, b| a.machine.cmp(&b.machine));
    // Every new event after the last one held, in the order.
    if let Some(last) = ours.journal.last() {
        let last_key = entry_key(last);
        let machine = known
            .files
            .iter()
            .find(|(_, (_, f))| f.holds(&last_key))
            .map_or(own, |(m, _)| m);
        // By time, then machine; a machine's events of one second keep
        // its journal's order, so an equal place (its own next event) is
        // after.
        let order = |e: &Entry, m: &MachineId| (stamp_time(e).cloned(), m.clone());
        let after = order(last, machine);
        let first_new = fresh
            .iter()
            .flat_map(|j| j.events.first().map(|e| order(e, &j.machine)))
            .min()?;
        if first_new < after {
            return None;
        }
    }
    let Replayed {
        campaign,
        set_aside,
        ..
    } = replay_journals(ours, &fresh, rules);
    // An event that does not apply: the whole replay finds its rival.
    set_aside.is_empty().then_some(campaign)
}

/// Whether the events `ours` holds after the start are in the one order
/// (a machine whose clock lagged may have made an event that goes before
/// one it had already seen: then only the whole replay puts it in place).
pub(super) fn in_order(ours: &Campaign, known: &Known, own: &MachineId) -> bool {
    let whose: HashMap<String, &MachineId> = known
        .files
        .iter()
        .flat_map(|(m, (_, f))| f.index.keys().map(move |k| (k.clone(), m)))
        .collect();
    // The one order merges the machines' journals by time, then machine;
    // one machine's events of one second keep their journal's order.
    let start = known.start_len;
    let mut last: Option<(Option<&StampTime>, &MachineId)> = None;
    for e in ours.journal.iter().skip(start) {
        let Some(stamp) = e.stamp.as_ref() else {
            return false;
        };
        let machine = whose.get(stamp.id.as_str()).copied().unwrap_or(own);
        let key = (stamp.at.as_ref(), machine);
        if last.is_some_and(|l| l > key) {
            return false;
        }
        last = Some(key);
    }
    true
}

/// This machine's events for `ours` to stand: those of its journal that
/// `ours` holds or that the last replay set aside (in the journal's
/// order), then those of `ours` no file holds yet (not saved).
pub(super) fn own_events(ours: &Campaign, known: &Known, own: &MachineId) -> Vec<Arc<Entry>> {
    let held: HashSet<String> = ours.journal.iter().map(|e| entry_key(e)).collect();
    let aside: HashSet<String> = known
        .set_aside
        .iter()
        .map(|s| entry_key(&s.entry))
        .collect();
    let empty = JournalFile::default();
    let file = known.files.get(own).map_or(&empty, |(_, f)| f);
    let mut out: Vec<Arc<Entry>> = file
        .standing()
        .filter(|e| {
            let k = entry_key(e);
            held.contains(&k) || aside.contains(&k)
        })
        .cloned()
        .collect();
    out.extend(
        ours.journal
            .iter()
            .filter(|e| {
                let k = entry_key(e);
                !file.stands(&k) && !known.elsewhere(&k, own)
            })
            .cloned(),
    );
    out
}

/// The time an event was made (none when unknown: such events keep their
/// place).
pub(super) fn stamp_time(e: &Entry) -> Option<&StampTime> {
    e.stamp.as_ref().and_then(|s| s.at.as_ref())
}

/// The keys of the events every file holds standing, and those of `ours`
/// (this machine's, perhaps not saved yet).
pub(super) fn standing_keys(
    files: &HashMap<MachineId, (Option<Seen>, JournalFile)>,
    ours: Option<&Campaign>,
) -> HashSet<String> {
    let held = ours.into_iter().flat_map(|c| c.journal.iter());
    (files.values().flat_map(|(_, f)| f.standing()))
        .chain(held)
        .map(|e| entry_key(e))
        .collect()
}

/// The events the players chose to set aside: of the choices about one
/// pair of events whose kept event stands, the latest (by its time, then
/// machine, then its line in the journal: a choice made again within the
/// second) stands.
pub(super) fn overruled(
    files: &HashMap<MachineId, (Option<Seen>, JournalFile)>,
    standing: &HashSet<String>,
) -> HashSet<String> {
    let mut latest: HashMap<(&str, &str), (Option<&StampTime>, &str, &Choose)> = HashMap::new();
    for (m, (_, f)) in files {
        for c in f.choices.iter().filter(|c| standing.contains(&c.keep)) {
            let pair = if c.keep < c.over {
                (c.keep.as_str(), c.over.as_str())
            } else {
                (c.over.as_str(), c.keep.as_str())
            };
            let rank = (c.at.as_ref(), m.as_str(), c);
            let newer = latest
                .get(&pair)
                .is_none_or(|(at, mm, _)| (rank.0, rank.1) >= (*at, *mm));
            if newer {
                latest.insert(pair, rank);
            }
        }
    }
    latest.values().map(|(_, _, c)| c.over.clone()).collect()
}

/// The events the players chose to set aside, each beside the event kept
/// instead, so that they may choose again.
pub(super) fn chosen_aside(
    files: &HashMap<MachineId, (Option<Seen>, JournalFile)>,
    overruled: &HashSet<String>,
    campaign: &Campaign,
) -> Vec<SetAside> {
    let mut out = Vec::new();
    for (m, (_, f)) in files {
        for e in f.standing().filter(|e| overruled.contains(&entry_key(e))) {
            out.push(SetAside {
                entry: Arc::clone(e),
                machine: m.clone(),
                // No rule sets it aside: the players did.
                why: crate::rules::Problem::new("", "held.by_choice"),
                rival: kept_instead(files, &entry_key(e), campaign),
                chosen: true,
            });
        }
    }
    // In the order they were made, the same on every machine.
    out.sort_by(|a, b| (stamp_time(&a.entry), &a.machine).cmp(&(stamp_time(&b.entry), &b.machine)));
    out
}

/// The event the players kept instead of the one of key `over`, by the
/// latest choice about it whose kept event the campaign holds.
fn kept_instead(
    files: &HashMap<MachineId, (Option<Seen>, JournalFile)>,
    over: &str,
    campaign: &Campaign,
) -> Option<Arc<Entry>> {
    let kept = files
        .iter()
        .flat_map(|(mm, (_, g))| {
            g.choices
                .iter()
                .map(move |c| (c.at.as_ref(), mm.as_str(), c))
        })
        // A choice whose kept event stands: the one `overruled` applied.
        .filter(|(_, _, c)| {
            c.over == over && campaign.journal.iter().any(|x| entry_key(x) == c.keep)
        })
        .max_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)))
        .map(|(_, _, c)| c.keep.clone())?;
    campaign
        .journal
        .iter()
        .find(|x| entry_key(x) == kept)
        .cloned()
}

/// The events the start holds aside (a campaign written as one file from
/// its machines' journals, then opened here), each settled when the
/// players have since chosen against it (made it again).
pub(super) fn start_held(
    start: &Campaign,
    files: &HashMap<MachineId, (Option<Seen>, JournalFile)>,
    overruled: &HashSet<String>,
    campaign: &Campaign,
    rules: &RulesData,
) -> Vec<SetAside> {
    let mut held = crate::rules::campaign::journals::held_of(start, rules);
    for a in held.iter_mut().filter(|a| !a.chosen) {
        let key = entry_key(&a.entry);
        if overruled.contains(&key) {
            a.why = crate::rules::Problem::new("", "held.by_choice");
            a.rival = kept_instead(files, &key, campaign);
            a.chosen = true;
        }
    }
    held
}

/// The newest name the journals give (by its time, then machine), if any.
pub(super) fn newest_name(
    files: &HashMap<MachineId, (Option<Seen>, JournalFile)>,
) -> Option<String> {
    files
        .iter()
        .flat_map(|(m, (_, f))| f.renames.iter().map(move |r| (r.at.as_ref(), m, &r.name)))
        .max()
        .map(|(_, _, n)| n.clone())
}

/// What a save appends, as [`new_lines`] finds it, when the journal last
/// saved (`last`) still holds against the files: the events both journals
/// share from the start are settled (written, or another machine's), so
/// only the ones after them are looked at. Also how many they share, and
/// the keys of the events after those.
pub(super) fn new_lines_since(
    c: &Campaign,
    known: &Known,
    (mine, own): (&JournalFile, &MachineId),
    last: &super::known::LastSave,
) -> (String, usize, Vec<String>) {
    let shared = last
        .doc
        .get::<Campaign>()
        .map_or(0, |s| c.journal.shared_with(&s.journal));
    let tail: Vec<&Arc<crate::rules::campaign::Entry>> = c.journal.range(shared..).collect();
    let tail_keys: Vec<String> = tail.iter().map(|e| entry_key(e)).collect();
    let mut out = String::new();
    for (e, key) in tail.iter().zip(&tail_keys) {
        let write = match mine.index.get(key) {
            Some(&i) => !mine.events[i].1,
            None => !known.elsewhere(key, own),
        };
        if write {
            out.push_str(&line_text(&Line::Entry(Box::new(Entry::clone(e)))));
        }
    }
    // The events saved last and gone now: taken back, in the journal's
    // order (an event held aside is held, not taken back).
    let present: HashSet<&str> = tail_keys.iter().map(String::as_str).collect();
    let aside: HashSet<String> = known
        .set_aside
        .iter()
        .map(|s| entry_key(&s.entry))
        .collect();
    let mut gone: Vec<(usize, &String)> = last.keys[shared.min(last.keys.len())..]
        .iter()
        .filter(|k| !present.contains(k.as_str()) && !aside.contains(*k))
        .filter_map(|k| mine.index.get(k).map(|&i| (i, k)))
        .filter(|(i, _)| mine.events.get(*i).is_some_and(|(_, standing)| *standing))
        .collect();
    gone.sort();
    gone.dedup();
    for (_, key) in gone {
        out.push_str(&line_text(&Line::TakeBack(TakeBack { id: key.clone() })));
    }
    if c.name != known.name {
        out.push_str(&line_text(&Line::Rename(Rename {
            name: c.name.clone(),
            at: Some(crate::store::machine::utc_now()),
        })));
    }
    (out, shared, tail_keys)
}
