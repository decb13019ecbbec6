//! A campaign kept as several machines' journals: every machine computes
//! the same campaign from the same events, whatever order the journals
//! reach it in, an event held twice is played once, and every event is
//! either in the campaign or set aside with its reason, never lost.

use std::collections::BTreeSet;

use muster::rules::campaign::journals::{MachineJournal, ordered, replay_journals};
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Document as _, RulesData};
use proptest::prelude::*;

use super::merge::table;
use crate::common::rules;
use crate::common::{play, wound};
use muster::rules::campaign::TableEdit;

/// One machine's journal: its events after `base`, made on its own view of
/// the campaign (each applied there first), stamped by it from `at` on.
fn journal(
    base: &Campaign,
    picks: &[(u8, u8, u8)],
    r: &RulesData,
    machine: &str,
    at: u32,
) -> MachineJournal {
    let mut c = base.clone();
    for (k, p) in picks.iter().enumerate() {
        let e = super::merge::event(&c, *p);
        if c.apply(e.clone(), r, &mut muster::rules::core::dice::seeded(1))
            .is_ok()
        {
            c = play(&c, &[e], r, (machine, at + 3 * k as u32));
        }
    }
    MachineJournal {
        machine: machine.into(),
        events: c.journal.range(base.journal.len()..).cloned().collect(),
    }
}

fn ids(c: &Campaign) -> Vec<String> {
    c.journal
        .iter()
        .filter_map(|e| e.stamp.as_ref().map(|s| s.id.to_string()))
        .collect()
}

#[test]
fn each_machine_keeps_its_order_and_the_earlier_stamp_goes_first() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let a = MachineJournal {
        machine: "a".into(),
        events: play(
            &base,
            &[
                E::Table(TableEdit::NewTurn { gain: None }),
                E::Table(TableEdit::NewTurn { gain: None }),
            ],
            r,
            ("a", 10),
        )
        .journal
        .range(base.journal.len()..)
        .cloned()
        .collect(),
    };
    let b = MachineJournal {
        machine: "b".into(),
        events: wound(&base, r, 1, ("b", 5))
            .journal
            .range(base.journal.len()..)
            .cloned()
            .collect(),
    };
    let order: Vec<&str> = ordered(&[a.clone(), b.clone()])
        .iter()
        .map(|(k, _)| if *k == 0 { "a" } else { "b" })
        .collect();
    assert_eq!(
        order,
        ["b", "a", "a"],
        "b's wound at :05 first, then a's turns"
    );
    let m = replay_journals(&base, &[a, b], r);
    let t = m.campaign.table.as_ref().expect("table");
    assert_eq!((t.wounds.get(&dace), t.turn), (Some(&1), 3));
    assert!(m.set_aside.is_empty());
    assert_eq!(m.from, ["b", "a", "a"]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random events split over two to four machines' journals, delivered
    /// in any order, one of them twice: the same campaign on every
    /// machine; no event lost or doubled.
    #[test]
    fn every_machine_replays_the_same_campaign_whatever_the_order(
        picks in proptest::collection::vec(proptest::collection::vec(any::<(u8, u8, u8)>(), 0..6), 2..5),
        rotate in 0usize..4,
        twice in 0usize..4,
    ) {
        let r = rules();
        let base = table(r);
        let journals: Vec<MachineJournal> = picks
            .iter()
            .enumerate()
            .map(|(k, p)| journal(&base, p, r, &format!("machine-{k}"), k as u32))
            .collect();
        let first = replay_journals(&base, &journals, r);
        let mut other = journals.clone();
        let n = other.len();
        other.rotate_left(rotate % n);
        other.reverse();
        let copy = other[twice % other.len()].clone();
        other.push(copy);
        let second = replay_journals(&base, &other, r);
        prop_assert_eq!(&first.campaign, &second.campaign);
        let kept = ids(&first.campaign);
        let unique: BTreeSet<&String> = kept.iter().collect();
        prop_assert_eq!(unique.len(), kept.len(), "no event doubled");
        let aside: BTreeSet<String> = first
            .set_aside
            .iter()
            .filter_map(|s| s.entry.stamp.as_ref().map(|x| x.id.to_string()))
            .collect();
        for j in &journals {
            for e in &j.events {
                let id = e.stamp.as_ref().map(|s| s.id.to_string()).unwrap_or_default();
                prop_assert!(unique.contains(&id) || aside.contains(&id), "{} lost", id);
            }
        }
        prop_assert!(first.campaign.replay(r).is_ok(), "the campaign plays again");
    }
}
