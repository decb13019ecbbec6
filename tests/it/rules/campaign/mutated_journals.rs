//! A campaign's journal changed at random (CMP-13, KT-9): a die's face, a
//! character id, a mission number, entries swapped or dropped, a field the
//! schema does not know, a table action played twice; `check` never panics
//! on it, and "ok" only ever means the journal replays to its saved state.

use muster::rules::campaign::Campaign;
use serde_json::{Value, json};

use super::validate::{EXAMPLE, team_with_actions};
use crate::common::rules;
use muster::rules::campaign::replay;

/// One random change to the example's journal: a die's face, a character
/// id, a mission number, two entries swapped, an entry dropped, or a field
/// the schema does not know. Returns whether the change alone must make
/// the file refused (a face outside its die, an unknown field).
fn mutate(doc: &mut Value, (kind, at, value): (u8, usize, u32)) -> bool {
    let journal = doc["campaign"]["journal"].as_array_mut().expect("journal");
    let at = at % journal.len();
    match kind % 6 {
        0 => {
            let mut rolls = Vec::new();
            collect_rolls(&mut journal[at], &mut rolls);
            let Some(roll) = rolls.into_iter().next() else {
                return false;
            };
            let sides = roll["sides"].as_u64().unwrap_or(6);
            let face = u64::from(value % 14);
            roll["faces"][0] = json!(face);
            face == 0 || face > sides
        }
        1 => {
            if let Some(event) = journal[at]["event"].as_object_mut()
                && let Some(inner) = event.values_mut().next()
                && inner.get("character").is_some()
            {
                inner["character"] = json!(value % 12);
            }
            false
        }
        2 => {
            journal[at]["mission"] = json!(value % 6);
            false
        }
        3 => {
            let next = (at + 1) % journal.len();
            journal.swap(at, next);
            false
        }
        4 => {
            journal.remove(at);
            false
        }
        _ => {
            match journal[at]["event"].as_object_mut() {
                Some(event) => match event.values_mut().next() {
                    Some(Value::Object(inner)) => inner.insert("bonus".into(), json!(value)),
                    _ => journal[at]
                        .as_object_mut()
                        .and_then(|e| e.insert("bonus".into(), json!(value))),
                },
                None => journal[at]
                    .as_object_mut()
                    .and_then(|e| e.insert("bonus".into(), json!(value))),
            };
            true
        }
    }
}

/// Every roll object inside `v`.
fn collect_rolls<'a>(v: &'a mut Value, out: &mut Vec<&'a mut Value>) {
    match v {
        Value::Object(map) if map.contains_key("faces") && map.contains_key("sides") => out.push(v),
        Value::Object(map) => map.values_mut().for_each(|x| collect_rolls(x, out)),
        Value::Array(list) => list.iter_mut().for_each(|x| collect_rolls(x, out)),
        _ => {}
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

    /// CMP-13: whatever is changed in a journal, reading and checking it
    /// never panics, and "ok" only ever means the journal replays to the
    /// state saved beside it.
    #[test]
    fn cmp_13_a_mutated_journal_never_panics_check_and_ok_means_it_replays(
        changes in proptest::collection::vec((0u8..6, 0usize..64, 0u32..1000), 1..4)
    ) {
        let r = rules();
        let mut doc: Value = serde_json::from_str(EXAMPLE).expect("example");
        let mut must_refuse = false;
        for change in changes {
            // An entry dropped may be the forged one.
            if change.0 % 6 == 4 {
                must_refuse = false;
            }
            must_refuse |= mutate(&mut doc, change);
        }
        let text = doc.to_string();
        match muster::store::parse::<Campaign>(&text, "example") {
            Err(_) => {}
            Ok(c) => {
                let problems = replay::validate(&c, r);
                if problems.is_empty() {
                    proptest::prop_assert!(!must_refuse, "accepted a forged journal");
                    let (again, _) = c.replay(r).expect("an ok journal replays");
                    proptest::prop_assert!(replay::same_state(&again, &c));
                    proptest::prop_assert_eq!(again.journal.len(), c.journal.len());
                }
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// KT-9, CMP-13: a journal holding table actions, changed anywhere or
    /// with one of its actions played twice, never panics check, and "ok"
    /// only ever means it replays to the table saved beside it.
    #[test]
    fn kt_9_a_mutated_journal_of_table_actions_never_passes_check_unless_it_replays(
        changes in proptest::collection::vec((0u8..7, 0usize..64, 0u32..1000), 1..4)
    ) {
        let r = rules();
        let mut doc = team_with_actions();
        let mut must_refuse = false;
        for change in changes {
            if change.0 % 7 == 4 {
                must_refuse = false;
            }
            if change.0 % 7 == 6 {
                // One of the actions played again: the table saved beside
                // it no longer agrees, or the rules refuse it.
                let journal = doc["campaign"]["journal"].as_array_mut().expect("journal");
                let acts: Vec<usize> = journal
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| e["event"].get("act").is_some())
                    .map(|(i, _)| i)
                    .collect();
                if let Some(&i) = acts.get(change.1 % acts.len().max(1)) {
                    let copy = journal[i].clone();
                    journal.push(copy);
                    must_refuse = true;
                }
                continue;
            }
            must_refuse |= mutate(&mut doc, (change.0 % 6, change.1, change.2));
        }
        let text = doc.to_string();
        if let Ok(c) = muster::store::parse::<Campaign>(&text, "the-raid") {
            let problems = replay::validate(&c, r);
            if problems.is_empty() {
                proptest::prop_assert!(!must_refuse, "accepted a forged journal");
                let (again, _) = c.replay(r).expect("an ok journal replays");
                proptest::prop_assert!(replay::same_state(&again, &c));
            }
        }
    }
}
