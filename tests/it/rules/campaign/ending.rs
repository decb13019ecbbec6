//! The campaign's end (CMP-17): the Final, its leader, and the escort
//! exported as it is.

use super::*;
use muster::rules::ProblemKind;
use muster::rules::campaign::queries;

fn to_final(names: &[&str], r: &RulesData) -> Campaign {
    let c = play(&started(names, r), &[], won(10), r);
    let c = next(&c, r);
    assert_eq!(mission_type(&c), MissionType::Final);
    c
}

#[test]
fn cmp_17_the_end_of_the_campaign() {
    let r = rules();
    // Won: 120 resource points, everything carried over.
    let c = play(&to_final(&["Ada"], r), &[], won(0), r);
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-17");
    let c = ok(&c, E::Debrief(DebriefEdit::EndCampaign), r);
    let end = c.end.clone().unwrap();
    assert!(end.won && end.carries_over);
    assert_eq!(end.resources, 120);
    assert_eq!(c.phase, Phase::Over);
    // Nothing more happens in it but notes.
    let p = refused(&c, E::Preparation(PreparationEdit::BeginMission), r);
    assert_eq!(p.kind, ProblemKind::CampaignOver);
    ok(
        &c,
        E::Setup(SetupEdit::SetNotes {
            notes: "Glory".into(),
        }),
        r,
    );
    // Lost with the leader alive: 30 points, the escort goes on.
    let c = ok(
        &play(&to_final(&["Ada"], r), &[], lost(), r),
        E::Debrief(DebriefEdit::EndCampaign),
        r,
    );
    let end = c.end.clone().unwrap();
    assert!(!end.won && end.carries_over);
    assert_eq!(end.resources, 30);
    // Lost with the leader dead: nothing carries over (Decision).
    let c = play(&to_final(&["Ada", "Bob"], r), &["Ada"], lost(), r);
    let c = cran(&c, "Ada", 1, r);
    let c = ok(&c, E::Debrief(DebriefEdit::EndCampaign), r);
    let end = c.end.clone().unwrap();
    assert!(!end.carries_over);
    assert_eq!(end.resources, 0);
}

#[test]
fn cmp_17_the_leader_cannot_change_during_the_final() {
    let r = rules();
    let c = ok(
        &to_final(&["Ada", "Bob"], r),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    );
    let bob = id(&c, "Bob");
    let p = refused(
        &c,
        E::Setup(SetupEdit::SetLeader {
            escort: EscortId(1),
            character: bob,
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::LeaderLocked);
}

#[test]
fn export_escort_gives_the_living_characters_as_they_are_now() {
    let r = rules();
    let c = cran(
        &play(&started(&["Ada", "Bob"], r), &["Bob"], won(1), r),
        "Bob",
        1,
        r,
    );
    let ada = id(&c, "Ada");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::WS,
        }),
        r,
    );
    let Some(muster::rules::campaign::ExportedEscort::Roster(roster)) =
        queries::sequel(&c).export_escort(EscortId(1), "After mission 1")
    else {
        panic!("a roster");
    };
    assert_eq!(roster.name, "After mission 1");
    assert_eq!(roster.characters.len(), 1);
    assert_eq!(roster.characters[0].name, "Ada");
    assert_eq!(
        roster.characters[0]
            .profile(r)
            .unwrap()
            .get(Characteristic::WS),
        4
    );
}
