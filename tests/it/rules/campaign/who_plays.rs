//! Who plays a mission and what he earns by it (CMP-13, CHR-13): the
//! seriously wounded miss the next one, one left at home plays and earns
//! nothing, nobody able still moves the campaign on, the unwounded earn an
//! advance point unless judged unworthy, and each history is his own.

use super::*;
use muster::rules::campaign::queries;

#[test]
fn cmp_13_a_seriously_wounded_character_misses_the_next_mission_then_is_fit() {
    let r = rules();
    let c = started(&["Ada", "Bob"], r);
    let c = cran(&play(&c, &["Ada"], lost(), r), "Ada", 4, r);
    assert_eq!(state(&c, "Ada"), State::SeriouslyWounded);
    let c = next(&c, r);
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let ada = id(&c, "Ada");
    assert!(!c.table.as_ref().unwrap().players.contains(&ada));
    // He cannot be ticked at the table.
    let p = refused(
        &c,
        E::Table(TableEdit::SetWounds {
            character: ada,
            wounds: 1,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-13");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: lost(),
            played: vec![],
        }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::Fit);
    assert!(queries::character(&c, ada).unwrap().can_play());
    assert_eq!(queries::character(&c, ada).unwrap().missions, 1);
    assert_eq!(queries::character(&c, id(&c, "Bob")).unwrap().missions, 2);
    // His history: the mission he was taken out in and his test.
    let history = history_labels(&c, ada, r);
    assert!(history.contains(&"campaign.event.out_of_action"));
    assert!(history.contains(&"campaign.event.cran_test"));
    // A lightly wounded character plays the next mission, then is fit.
    let c = next(&c, r);
    let c = cran(&play(&c, &["Bob"], lost(), r), "Bob", 9, r);
    assert_eq!(state(&c, "Bob"), State::LightlyWounded);
    let c = play(&next(&c, r), &[], lost(), r);
    assert_eq!(state(&c, "Bob"), State::Fit);
}

#[test]
fn chr_13_unwounded_characters_earn_an_advance_point_in_a_campaign() {
    let r = rules();
    let c = started(&["Ada", "Bob", "Cid"], r);
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
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(1),
            played: vec![],
        }),
        r,
    );
    let points = |c: &Campaign, n: &str| match &queries::character(c, id(c, n)).unwrap().member {
        Member::Character(ch) => ch.advance_points,
        Member::Soldier(_) => unreachable!(),
    };
    assert_eq!(points(&c, "Ada"), 1);
    assert_eq!(points(&c, "Bob"), 0);
    // Placed freely, never beyond the major-hero maximum.
    let ada = id(&c, "Ada");
    let c2 = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::WS,
        }),
        r,
    );
    let Member::Character(ch) = &queries::character(&c2, ada).unwrap().member else {
        unreachable!()
    };
    assert_eq!(ch.profile(r).unwrap().get(Characteristic::WS), 4);
    let p = refused(
        &c2,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::WS,
        }),
        r,
    );
    assert_eq!(p.rule, "CHR-7");
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::M,
        }),
        r,
    );
    assert_eq!(p.rule, "CHR-3");
}

#[test]
fn chr_13_a_character_judged_unworthy_gains_nothing() {
    let r = rules();
    let c = play(&started(&["Ada"], r), &[], won(1), r);
    let ada = id(&c, "Ada");
    let c = ok(&c, E::Debrief(DebriefEdit::Unworthy { character: ada }), r);
    let Member::Character(ch) = &queries::character(&c, ada).unwrap().member else {
        unreachable!()
    };
    assert_eq!(ch.advance_points, 0);
    let p = refused(&c, E::Debrief(DebriefEdit::Unworthy { character: ada }), r);
    assert_eq!(p.rule, "CHR-13");
}

#[test]
fn cmp_13_a_character_left_at_home_plays_nothing_and_earns_nothing() {
    let r = rules();
    let c = ok(
        &started(&["Ada", "Bob"], r),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    );
    let bob = id(&c, "Bob");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::SetPlaying {
            character: bob,
            plays: false,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(1),
            played: vec![],
        }),
        r,
    );
    let b = queries::character(&c, bob).unwrap();
    assert_eq!(b.missions, 0);
    assert!(matches!(&b.member, Member::Character(ch) if ch.advance_points == 0));
    // His history names the missions he played, not this one.
    assert!(history_labels(&c, id(&c, "Ada"), r).contains(&"campaign.event.end_mission"));
    assert!(!history_labels(&c, bob, r).contains(&"campaign.event.end_mission"));
}

#[test]
fn cmp_13_nobody_able_to_play_still_moves_the_campaign_on() {
    let r = rules();
    let c = cran(
        &play(&started(&["Ada"], r), &["Ada"], lost(), r),
        "Ada",
        4,
        r,
    );
    assert_eq!(state(&c, "Ada"), State::SeriouslyWounded);
    // The next mission is played without him, lost, and he recovers.
    let c = ok(
        &next(&c, r),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    );
    assert!(c.table.as_ref().unwrap().players.is_empty());
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: lost(),
            played: vec![],
        }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::Fit);
    // Everyone dead: the campaign can be closed, lost.
    let c = next(&c, r);
    let c = cran(&play(&c, &["Ada"], lost(), r), "Ada", 1, r);
    let mut c = c;
    for _ in 0..5 {
        c = ok(
            &c,
            E::Debrief(DebriefEdit::FateReroll {
                character: id(&c, "Ada"),
                roll: die(10, 1),
            }),
            r,
        );
    }
    let c = ok(&c, E::Debrief(DebriefEdit::EndCampaign), r);
    assert_eq!(c.end.as_ref().map(|e| e.carries_over), Some(false));
}

#[test]
fn cmp_13_a_characters_history_holds_his_own_entries_only() {
    let r = rules();
    // Ada and Bob come through the mission unwounded: one advance point
    // each, in the same entry; then a recruit joins.
    let c = play(&started(&["Ada", "Bob"], r), &[], won(0), r);
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("Cid"),
            cost: r.campaign.recruit.character_base,
            from: None,
        }),
        r,
    );
    let (_, outcomes) = c.replay(r).expect("replays");
    let outcomes = &outcomes;
    let lines_of = |who: &str| -> Vec<String> {
        queries::history(&c, id(&c, who), outcomes)
            .iter()
            .flat_map(|(&i, lines)| {
                lines
                    .iter()
                    .map(move |&l| Lang::En.msg(&outcomes[i].lines[l].1))
            })
            .collect()
    };
    let ada = lines_of("Ada");
    assert!(ada.contains(&"Ada comes through unwounded and gains 1 advance point.".to_owned()));
    assert!(!ada.iter().any(|l| l.contains("Bob")), "{ada:?}");
    assert!(!ada.iter().any(|l| l.contains("Cid")), "{ada:?}");
    // The mission's own line stays: she played it.
    assert!(ada.iter().any(|l| l.starts_with("Mission 1")), "{ada:?}");
    let bob = lines_of("Bob");
    assert!(bob.contains(&"Bob comes through unwounded and gains 1 advance point.".to_owned()));
    assert!(!bob.iter().any(|l| l.contains("Ada")), "{bob:?}");
    // Cid's history starts with his recruitment, and holds nothing of the
    // mission before it; Ada and Bob came with the escort.
    assert_eq!(
        history_labels(&c, id(&c, "Cid"), r),
        ["campaign.event.recruit"]
    );
    assert_eq!(
        lines_of("Cid"),
        [format!(
            "Cid is recruited for {} reinforcement points.",
            r.campaign.recruit.character_base
        )]
    );
    let ada_events = history_labels(&c, id(&c, "Ada"), r);
    assert_eq!(ada_events.first(), Some(&"campaign.event.add_escort"));
    assert!(!ada_events.contains(&"campaign.event.recruit"));
}
