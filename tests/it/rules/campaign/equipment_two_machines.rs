//! A campaign's equipment changed on two machines at once (CMP-7, CMP-13):
//! the escort's points spent on both hold the later spending aside, and a
//! change to a character who died on the other machine is held aside,
//! each beside the event kept in its place.

use muster::rules::campaign::queries;
use muster::rules::campaign::{Campaign, CampaignEdit as E, EscortId, MissionResult, State};
use muster::rules::core::dice::Roll;
use muster::rules::{GearEdit, RulesData};

use super::equipment::{after_mission, human, id, started, sword};
use crate::common::ok;
use crate::rules::campaign::rules;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, ReinforcementEdit, TableEdit};

/// Two machines' journals after `base`: each machine's events made on its
/// own copy of the campaign, stamped a few seconds apart (`a` first).
fn two_machines(
    base: &Campaign,
    a: &[E],
    b: &[E],
    r: &RulesData,
) -> muster::rules::campaign::journals::Replayed {
    use muster::rules::campaign::journals::{MachineJournal, replay_journals};
    let made = |events: &[E], machine: &str, at: u32| MachineJournal {
        machine: machine.into(),
        events: crate::common::play(base, events, r, (machine, at))
            .journal
            .range(base.journal.len()..)
            .cloned()
            .collect(),
    };
    replay_journals(base, &[made(a, "camille", 10), made(b, "bruno", 20)], r)
}

#[test]
fn cmp_7_the_escort_s_points_spent_on_two_machines_hold_the_second_spending_aside() {
    let r = rules();
    let c = started(vec![human("Ada", false), human("Vael", true)], r);
    let base = after_mission(&c, &[], 1, r);
    let held = base.escorts[0].reinforcement;
    let spend = |what: &str| {
        E::Reinforcements(ReinforcementEdit::Spend {
            escort: EscortId(1),
            points: held,
            what: what.into(),
            bought: None,
        })
    };
    // Both players spend every point the escort holds, each on his machine.
    let replayed = two_machines(&base, &[spend("a medikit")], &[spend("a grenade")], r);
    assert_eq!(replayed.campaign.escorts[0].reinforcement, 0);
    assert_eq!(replayed.campaign.journal.len(), base.journal.len() + 1);
    let [aside] = replayed.set_aside.as_slice() else {
        panic!("one spending held aside: {:?}", replayed.set_aside);
    };
    assert_eq!(aside.machine, "bruno", "the later one");
    assert_eq!(aside.why.rule, "CMP-7");
    assert!(
        aside.rival.is_some(),
        "beside the spending kept in its place"
    );
}

#[test]
fn cmp_13_a_change_to_a_character_who_died_on_the_other_machine_is_held_aside() {
    let r = rules();
    let c = started(vec![human("Ada", false), human("Bob", false)], r);
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let bob = id(&c, "Bob");
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: bob,
            out: true,
        }),
        r,
    );
    let base = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        }),
        r,
    );
    // On Camille's machine Bob fails his Cran test and dies; a moment
    // later on Bruno's, who has not heard, Bob is given a sword.
    let dies = E::Debrief(DebriefEdit::CranTest {
        character: bob,
        roll: Some(Roll::from_faces(base.settings.cran_die, vec![1], 0)),
    });
    let sword_for_bob = E::Reinforcements(ReinforcementEdit::Gear {
        character: bob,
        edit: GearEdit::AddGear { gear: sword() },
    });
    let replayed = two_machines(&base, &[dies], &[sword_for_bob], r);
    let dead = queries::character(&replayed.campaign, bob).expect("Bob");
    assert_eq!(dead.state, State::Dead, "Bob died on Camille's machine");
    let [aside] = replayed.set_aside.as_slice() else {
        panic!("the sword held aside: {:?}", replayed.set_aside);
    };
    assert_eq!(aside.machine, "bruno");
    assert_eq!(aside.why.rule, "CMP-13");
}
