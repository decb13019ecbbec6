//! Casualties and their aftermath (CMP-9 … CMP-13, CHR-13): Cran tests,
//! gang-war injuries, fate points, wounds at the table, who plays and who
//! earns an advance.

use super::*;

#[test]
fn cmp_9_cran_tests_after_the_mission() {
    let r = rules();
    let c = started(&["High", "Equal", "Low", "Standing"], r);
    // A human's Cl 7 gives Cran 4 on the D10 (CMP-11).
    assert_eq!(c.character(id(&c, "High")).unwrap().cran, 4);
    let c = play(&c, &["High", "Equal", "Low"], lost(), r);
    let d = c.debrief.as_ref().unwrap();
    assert_eq!(d.pending.len(), 3);
    // Only those taken out of action owe a test.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::CranTest {
            character: id(&c, "Standing"),
            roll: die(10, 5),
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-9");
    // The next mission waits for the tests.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.tests_pending");
    let c = cran(&c, "High", 5, r);
    let c = cran(&c, "Equal", 4, r);
    let c = cran(&c, "Low", 3, r);
    assert_eq!(state(&c, "High"), State::LightlyWounded);
    assert_eq!(state(&c, "Equal"), State::SeriouslyWounded);
    assert_eq!(state(&c, "Low"), State::Dead);
    assert!(c.character(id(&c, "High")).unwrap().can_play());
    assert!(!c.character(id(&c, "Equal")).unwrap().can_play());
    assert!(!c.character(id(&c, "Low")).unwrap().can_play());
    // Each test is tested once.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::CranTest {
            character: id(&c, "High"),
            roll: die(10, 9),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.no_test_owed");
}

#[test]
fn cmp_10_gang_war_injuries() {
    let r = rules();
    let c = setup(&["Equal", "Low", "One"], r);
    let mut s = c.settings.clone();
    s.injuries = Injuries::GangWar;
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    let c = play(&c, &["Equal", "Low", "One"], lost(), r);
    let c = cran(&c, "Equal", 4, r);
    let c = cran(&c, "Low", 3, r);
    let c = cran(&c, "One", 1, r);
    assert_eq!(state(&c, "Equal"), State::LightlyWounded);
    assert_eq!(state(&c, "Low"), State::SeriouslyWounded);
    assert_eq!(state(&c, "One"), State::Dead);
}

#[test]
fn cmp_11_the_cran_die_is_a_setting_and_cran_can_be_set_by_hand() {
    let r = rules();
    let c = setup(&["Ada"], r);
    assert_eq!(c.settings.cran_die, 10);
    let formula = r.campaign.cran(10).unwrap();
    assert_eq!(formula.base - 7, 4);
    assert_eq!(c.characters[0].cran, 4);
    // On a D6 the data's formula gives the default.
    let mut s = c.settings.clone();
    s.cran_die = 6;
    let c6 = ok(
        &c,
        E::Setup(SetupEdit::SetSettings {
            settings: s.clone(),
        }),
        r,
    );
    let expected = u32::try_from((r.campaign.cran(6).unwrap().base - 7).clamp(1, 6)).unwrap();
    assert_eq!(c6.characters[0].cran, expected);
    // A die the data does not know is refused.
    s.cran_die = 8;
    let p = refused(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    assert_eq!(p.rule, "CMP-11");
    // By hand, within the die; logged.
    let ada = c.characters[0].id;
    let c = ok(
        &c,
        E::Setup(SetupEdit::SetCran {
            character: ada,
            cran: 6,
        }),
        r,
    );
    assert_eq!(c.characters[0].cran, 6);
    assert!(matches!(
        c.journal.last().unwrap().event,
        E::Setup(SetupEdit::SetCran { cran: 6, .. })
    ));
    let p = refused(
        &c,
        E::Setup(SetupEdit::SetCran {
            character: ada,
            cran: 11,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-11");
    // A typed test die must be the campaign's die.
    let c = play(
        &ok(
            &c,
            E::Setup(SetupEdit::Start {
                rates: None,
                choice: MissionChoice::default(),
            }),
            r,
        ),
        &["Ada"],
        lost(),
        r,
    );
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::CranTest {
            character: ada,
            roll: die(6, 6),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.bad_dice");
    // A kill-team soldier takes the data's value.
    let soldier = Member::Soldier(muster::rules::killteam::Soldier {
        id: 0,
        name: "Trooper".into(),
        kind: "guardsman".into(),
        weapon: "lasgun".into(),
        items: vec![],
        ribbon: None,
    });
    assert_eq!(soldier.default_cran(10, r), formula.killteam);
}

#[test]
fn cmp_12_a_fate_point_rerolls_the_test_that_killed() {
    let r = rules();
    let c = started(&["Ada", "Bob"], r);
    assert_eq!(c.escorts[0].fate_points, 5);
    let c = play(&c, &["Ada", "Bob"], lost(), r);
    let c = cran(&c, "Ada", 2, r);
    let c = cran(&c, "Bob", 9, r);
    assert_eq!(state(&c, "Ada"), State::Dead);
    // Only the test that killed may be rerolled.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::FateReroll {
            character: id(&c, "Bob"),
            roll: die(10, 9),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.not_fallen");
    let ada = id(&c, "Ada");
    // Lower: still dead, a point spent; another may be spent.
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::FateReroll {
            character: ada,
            roll: die(10, 3),
        }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::Dead);
    assert_eq!(c.escorts[0].fate_points, 4);
    // Higher or equal: lightly wounded and alive.
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::FateReroll {
            character: ada,
            roll: die(10, 4),
        }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::LightlyWounded);
    assert_eq!(c.escorts[0].fate_points, 3);
    // Once spent, a character who fails is lost for good.
    let mut c2 = play(&started(&["Cid"], r), &["Cid"], lost(), r);
    c2 = cran(&c2, "Cid", 1, r);
    let cid = id(&c2, "Cid");
    for _ in 0..5 {
        c2 = ok(
            &c2,
            E::Debrief(DebriefEdit::FateReroll {
                character: cid,
                roll: die(10, 1),
            }),
            r,
        );
    }
    let p = refused(
        &c2,
        E::Debrief(DebriefEdit::FateReroll {
            character: cid,
            roll: die(10, 9),
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.key),
        ("CMP-12", "campaign.problem.no_fate_left")
    );
    // Without the rule, no reroll at all.
    let c3 = setup(&["Dan"], r);
    let mut s = c3.settings.clone();
    s.fate_points = false;
    let c3 = ok(&c3, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c3 = ok(
        &c3,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(c3.escorts[0].fate_points, 0);
    let c3 = cran(&play(&c3, &["Dan"], lost(), r), "Dan", 1, r);
    let p = refused(
        &c3,
        E::Debrief(DebriefEdit::FateReroll {
            character: id(&c3, "Dan"),
            roll: None,
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.no_fate_rule");
}

#[test]
fn cmp_12_a_player_may_accept_the_death_instead_of_spending_a_point() {
    let r = rules();
    let c = play(&started(&["Ada", "Bob"], r), &["Ada", "Bob"], lost(), r);
    let c = cran(&c, "Ada", 1, r);
    let ada = id(&c, "Ada");
    // Fallen, with points left: the choice is still open.
    assert_eq!(c.fate_open(), vec![ada]);
    assert!(c.debriefing().cran_locked(), "Bob's test is still owed");
    let c = cran(&c, "Bob", 9, r);
    assert!(c.debriefing().cran_locked(), "Ada may still be saved");
    // Only one the test killed may be given up, and only once.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::AcceptDeath {
            character: id(&c, "Bob"),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.not_fallen");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::AcceptDeath { character: ada }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::Dead);
    assert_eq!(c.escorts[0].fate_points, 5, "no point spent");
    assert!(c.fate_open().is_empty());
    assert!(!c.debriefing().cran_locked());
    for e in [
        E::Debrief(DebriefEdit::AcceptDeath { character: ada }),
        E::Debrief(DebriefEdit::FateReroll {
            character: ada,
            roll: die(10, 9),
        }),
    ] {
        let p = refused(&c, e, r);
        assert_eq!(
            (p.rule.as_ref(), p.key),
            ("CMP-12", "campaign.problem.death_accepted")
        );
    }
    // The tests stay in the debrief, each with its die and result.
    let d = c.debrief.as_ref().expect("debrief");
    let seen: Vec<_> = d
        .rolled
        .iter()
        .map(|t| {
            (
                t.character,
                t.roll.as_ref().map(|r| r.total),
                t.passed,
                t.state,
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (ada, Some(1), false, State::Dead),
            (id(&c, "Bob"), Some(9), true, State::LightlyWounded),
        ]
    );
    // A player out of points: nobody left to save, the step is done.
    let mut c2 = cran(
        &play(&started(&["Cid"], r), &["Cid"], lost(), r),
        "Cid",
        1,
        r,
    );
    let cid = id(&c2, "Cid");
    for _ in 0..5 {
        assert_eq!(c2.fate_open(), vec![cid]);
        c2 = ok(
            &c2,
            E::Debrief(DebriefEdit::FateReroll {
                character: cid,
                roll: die(10, 1),
            }),
            r,
        );
    }
    assert!(c2.fate_open().is_empty());
    assert!(!c2.debriefing().cran_locked());
}

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
    assert!(c.character(ada).unwrap().can_play());
    assert_eq!(c.character(ada).unwrap().missions, 1);
    assert_eq!(c.character(id(&c, "Bob")).unwrap().missions, 2);
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
fn cmp_13_wounds_at_the_table_are_bounded_and_the_last_takes_him_out() {
    let r = rules();
    let c = ok(
        &started(&["Ada"], r),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    );
    let ada = id(&c, "Ada");
    let p = refused(
        &c,
        E::Table(TableEdit::SetWounds {
            character: ada,
            wounds: 2,
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.too_many_wounds");
    let c = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: ada,
            wounds: 1,
        }),
        r,
    );
    assert!(c.table.as_ref().unwrap().out_of_action.contains(&ada));
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
    let points = |c: &Campaign, n: &str| match &c.character(id(c, n)).unwrap().member {
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
    let Member::Character(ch) = &c2.character(ada).unwrap().member else {
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
    let Member::Character(ch) = &c.character(ada).unwrap().member else {
        unreachable!()
    };
    assert_eq!(ch.advance_points, 0);
    let p = refused(&c, E::Debrief(DebriefEdit::Unworthy { character: ada }), r);
    assert_eq!(p.rule, "CHR-13");
}

#[test]
fn cmp_11_raising_cl_lowers_cran_unless_it_was_set_by_hand() {
    let r = rules();
    let c = play(&started(&["Ada", "Bob"], r), &[], won(1), r);
    let (ada, bob) = (id(&c, "Ada"), id(&c, "Bob"));
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::Cl,
        }),
        r,
    );
    assert_eq!(c.character(ada).unwrap().cran, 3);
    let c = ok(
        &c,
        E::Setup(SetupEdit::SetCran {
            character: bob,
            cran: 6,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: bob,
            characteristic: Characteristic::Cl,
        }),
        r,
    );
    assert_eq!(c.character(bob).unwrap().cran, 6);
    // Never between a fatal test and its fate reroll.
    let c = next(&c, r);
    let c = cran(&play(&c, &["Ada"], lost(), r), "Ada", 1, r);
    let p = refused(
        &c,
        E::Setup(SetupEdit::SetCran {
            character: ada,
            cran: 1,
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.cran_locked");
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
    let b = c.character(bob).unwrap();
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
        c.history(id(&c, who), outcomes)
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
