//! A campaign's events in their rooms, written as before the rooms: each
//! by its own name (`{"act": {…}}`, `"begin_mission"`), so that every
//! journal reads and writes unchanged; an unknown name refused in words.

use muster::rules::campaign::{
    Campaign, CampaignEdit as E, CharId, DebriefEdit, PreparationEdit, TurnEdit,
};
use muster::rules::core::dice::Roll;
use muster::rules::killteam::activation::Act;

use crate::common::rules;

#[path = "../../../fixtures/long_campaign.rs"]
mod long_campaign;

#[test]
fn an_event_is_written_by_its_own_name_whatever_its_room() {
    let act = E::Turn(TurnEdit::Act {
        character: CharId(3),
        act: Act::Move,
    });
    let text = serde_json::to_string(&act).expect("writes");
    assert_eq!(text, r#"{"act":{"character":3,"act":"move"}}"#);
    assert_eq!(serde_json::from_str::<E>(&text).expect("reads"), act);
    let begin = E::Preparation(PreparationEdit::BeginMission);
    assert_eq!(serde_json::to_string(&begin).unwrap(), r#""begin_mission""#);
    assert_eq!(
        serde_json::from_str::<E>(r#""begin_mission""#).unwrap(),
        begin
    );
    // An unknown event, or an unknown field of a known one, is refused
    // with what and where.
    let e = serde_json::from_str::<E>(r#"{"dance":{}}"#).expect_err("unknown");
    assert!(e.to_string().contains("unknown variant `dance`"), "{e}");
    let e = serde_json::from_str::<E>(r#"{"act":{"character":3,"act":"move","x":1}}"#)
        .expect_err("unknown field");
    assert!(e.to_string().contains("unknown field `x`"), "{e}");
}

#[test]
fn every_event_name_belongs_to_one_room() {
    let names = E::names();
    let unique: std::collections::BTreeSet<_> = names.iter().collect();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    assert!(names.len() >= 52, "{}", names.len());
    assert!(names.contains(&"house_rules") && names.contains(&"cran_test"));
}

#[test]
fn two_cran_tests_are_one_kind_a_cran_test_and_a_fate_reroll_two() {
    let roll = Some(Roll::from_faces(10, vec![4], 0));
    let cran = |c| {
        E::Debrief(DebriefEdit::CranTest {
            character: CharId(c),
            roll: roll.clone(),
        })
    };
    let fate = E::Debrief(DebriefEdit::FateReroll {
        character: CharId(1),
        roll: roll.clone(),
    });
    assert!(cran(1).same_kind(&cran(2)));
    assert!(!cran(1).same_kind(&fate));
    assert!(cran(1).same_roll_as(&cran(1)));
    assert!(!cran(1).same_roll_as(&fate), "one room, two kinds");
}

/// A 200-mission campaign, written, read back and written again: the same
/// bytes, and the same campaign replayed from its journal.
#[test]
fn a_long_campaign_reads_back_to_the_same_bytes() {
    let r = rules();
    let c = long_campaign::long_campaign(r);
    let text = muster::store::to_json(&c).expect("writes");
    let read = muster::store::document::parse::<Campaign>(&text, "campaign").expect("reads");
    assert_eq!(muster::store::to_json(&read).expect("writes again"), text);
    assert_eq!(read, c);
}
