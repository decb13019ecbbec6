//! Casualties and their aftermath (CMP-9 … CMP-13): Cran tests, gang-war
//! injuries, fate points, wounds at the table.

use super::*;
use muster::rules::ProblemKind;
use muster::rules::campaign::debrief;
use muster::rules::campaign::queries;

#[test]
fn cmp_9_cran_tests_after_the_mission() {
    let r = rules();
    let c = started(&["High", "Equal", "Low", "Standing"], r);
    // A human's Cl 7 gives Cran 4 on the D10 (CMP-11).
    assert_eq!(queries::character(&c, id(&c, "High")).unwrap().cran, 4);
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
    assert_eq!(p.kind, ProblemKind::TestsPending);
    let c = cran(&c, "High", 5, r);
    let c = cran(&c, "Equal", 4, r);
    let c = cran(&c, "Low", 3, r);
    assert_eq!(state(&c, "High"), State::LightlyWounded);
    assert_eq!(state(&c, "Equal"), State::SeriouslyWounded);
    assert_eq!(state(&c, "Low"), State::Dead);
    assert!(queries::character(&c, id(&c, "High")).unwrap().can_play());
    assert!(!queries::character(&c, id(&c, "Equal")).unwrap().can_play());
    assert!(!queries::character(&c, id(&c, "Low")).unwrap().can_play());
    // Each test is tested once.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::CranTest {
            character: id(&c, "High"),
            roll: die(10, 9),
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::NoTestOwed);
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
    assert_eq!(p.kind, ProblemKind::DiceDoNotFit);
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
    assert_eq!(p.kind, ProblemKind::NotFallen);
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
        (p.rule.as_ref(), p.kind),
        ("CMP-12", ProblemKind::NoFateLeft)
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
    assert_eq!(p.kind, ProblemKind::NoFateRule);
}

#[test]
fn cmp_12_a_player_may_accept_the_death_instead_of_spending_a_point() {
    let r = rules();
    let c = play(&started(&["Ada", "Bob"], r), &["Ada", "Bob"], lost(), r);
    let c = cran(&c, "Ada", 1, r);
    let ada = id(&c, "Ada");
    // Fallen, with points left: the choice is still open.
    assert_eq!(debrief::fate_open(&c), vec![ada]);
    assert!(
        queries::debriefing(&c).cran_locked(),
        "Bob's test is still owed"
    );
    let c = cran(&c, "Bob", 9, r);
    assert!(
        queries::debriefing(&c).cran_locked(),
        "Ada may still be saved"
    );
    // Only one the test killed may be given up, and only once.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::AcceptDeath {
            character: id(&c, "Bob"),
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::NotFallen);
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::AcceptDeath { character: ada }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::Dead);
    assert_eq!(c.escorts[0].fate_points, 5, "no point spent");
    assert!(debrief::fate_open(&c).is_empty());
    assert!(!queries::debriefing(&c).cran_locked());
    for e in [
        E::Debrief(DebriefEdit::AcceptDeath { character: ada }),
        E::Debrief(DebriefEdit::FateReroll {
            character: ada,
            roll: die(10, 9),
        }),
    ] {
        let p = refused(&c, e, r);
        assert_eq!(
            (p.rule.as_ref(), p.kind),
            ("CMP-12", ProblemKind::DeathAccepted)
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
        assert_eq!(debrief::fate_open(&c2), vec![cid]);
        c2 = ok(
            &c2,
            E::Debrief(DebriefEdit::FateReroll {
                character: cid,
                roll: die(10, 1),
            }),
            r,
        );
    }
    assert!(debrief::fate_open(&c2).is_empty());
    assert!(!queries::debriefing(&c2).cran_locked());
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
    assert_eq!(p.kind, ProblemKind::TooManyWounds);
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
    assert_eq!(queries::character(&c, ada).unwrap().cran, 3);
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
    assert_eq!(queries::character(&c, bob).unwrap().cran, 6);
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
    assert_eq!(p.kind, ProblemKind::CranLocked);
}
