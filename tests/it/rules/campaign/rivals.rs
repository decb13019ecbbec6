//! The rival of an event held aside is the event without which it
//! applies, proved by replay: keeping the held one instead then gives a
//! campaign that holds it. When no single event stands in its way, none is
//! named, rather than a swap that would leave both out.

use std::collections::BTreeSet;
use std::sync::Arc;

use muster::rules::campaign::journals::{MachineJournal, replay_journals};
use muster::rules::campaign::merge::merge;
use muster::rules::campaign::{Campaign, CampaignEdit as E, Entry};

use super::merge::{cran, cran_then_vox, end_mission, table, vox_caster};
use crate::common::play;
use crate::common::rules;
use muster::rules::campaign::TableEdit;

/// The events `c` added after `base`, as `machine`'s journal.
fn journal_of(machine: &str, base: &Campaign, c: &Campaign) -> MachineJournal {
    MachineJournal {
        machine: machine.into(),
        events: c.journal.range(base.journal.len()..).cloned().collect(),
    }
}

fn key(e: &Entry) -> String {
    e.stamp.as_ref().expect("stamped").id.to_string()
}

/// Camille wounds Dace, then ends the mission; Bruno, later, wounds Dace
/// again: his wound cannot apply after the mission's end. Its rival is the
/// end of the mission, not Camille's earlier wound of the same kind about
/// the same trooper, which keeping instead would change nothing.
#[test]
fn a_wound_after_the_end_of_the_mission_has_the_end_as_its_rival() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let wound = |wounds| {
        E::Table(TableEdit::SetWounds {
            character: dace,
            wounds,
        })
    };
    let camille = play(&base, &[wound(1), end_mission()], r, ("camille", 0));
    let bruno = play(&base, &[wound(2)], r, ("bruno", 5));
    let ended = Arc::clone(camille.journal.last().expect("the end"));

    let m = merge(&camille, &bruno, r, &BTreeSet::new()).expect("merged");
    assert_eq!(m.conflicts.len(), 1, "{:?}", m.conflicts);
    let c = &m.conflicts[0];
    let rival = c.rival.expect("a rival");
    assert_eq!(m.campaign.journal[rival].event, ended.event);
    assert_eq!(c.rival_key.as_deref(), Some(key(&ended).as_str()));
    // Keeping the wound instead: it is in, the mission still under way.
    let kept = merge(&camille, &bruno, r, &[key(&ended)].into()).expect("merged");
    assert!(kept.conflicts.is_empty(), "{:?}", kept.conflicts);
    let t = kept.campaign.table.as_ref().expect("under way");
    assert_eq!(t.wounds.get(&dace), Some(&2));

    // The journals of a shared folder say the same.
    let journals = [
        journal_of("camille", &base, &camille),
        journal_of("bruno", &base, &bruno),
    ];
    let replayed = replay_journals(&base, &journals, r);
    assert_eq!(replayed.set_aside.len(), 1);
    let aside = &replayed.set_aside[0];
    assert_eq!(aside.rival.as_deref(), Some(&*ended));
}

/// The same Cran test rolled on two machines, Camille's first; Camille
/// then exchanged a VP and bought a vox caster, after her test and before Bruno's. With Bruno's
/// test kept instead of Camille's, the purchase is refused (a Cran test is
/// pending where it stands, CMP-9) and no single event of Bruno's stands in
/// its way: it has no rival, rather than Bruno's test, which keeping it
/// instead of would leave neither standing.
#[test]
fn cmp_9_a_purchase_refused_for_a_pending_test_has_no_rival_to_swap_with() {
    let r = rules();
    let (base, dace, camille, bruno) = cran_then_vox(r);
    let test = |face| cran(&base, dace, face);
    let vox = vox_caster(&base);
    let camille_test = Arc::clone(&camille.journal[base.journal.len()]);

    let journals = [
        journal_of("camille", &base, &camille),
        journal_of("bruno", &base, &bruno),
    ];
    let replayed = replay_journals(&base, &journals, r);
    assert_eq!(replayed.set_aside.len(), 1);
    assert_eq!(replayed.set_aside[0].entry.event, test(9));
    assert_eq!(
        replayed.set_aside[0].rival.as_deref(),
        Some(&*camille_test),
        "the same test rolled first"
    );

    // The players keep Bruno's test: Camille's is left out.
    let without: Vec<MachineJournal> = journals
        .iter()
        .map(|j| MachineJournal {
            machine: j.machine.clone(),
            events: (j.events.iter())
                .filter(|e| key(e) != key(&camille_test))
                .cloned()
                .collect(),
        })
        .collect();
    let replayed = replay_journals(&base, &without, r);
    assert_eq!(replayed.set_aside.len(), 1, "{:?}", replayed.set_aside);
    let aside = &replayed.set_aside[0];
    assert_eq!(aside.entry.event, vox);
    assert_eq!(aside.why.rule, "CMP-9");
    assert_eq!(aside.rival, None, "nothing to swap it with");
    assert!(
        replayed.campaign.journal.iter().any(|e| e.event == test(9)),
        "Bruno's test stands"
    );
}
