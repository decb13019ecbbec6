//! A robot's damage and malfunctions (ROB-8, ROB-9): destroyed when every
//! D is lost, the special damage table and its roll checked against every
//! die, the burning smell at the turn's end, malfunctions 1 in N; the table
//! and the Decisions read from the rules data, an older copy as before.

use super::robots::{close, robots};
use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::core::dice::seeded;
use muster::rules::data::BUILT_IN_FILES;
use muster::rules::robots::{
    Effect, RobotRules, burning_smell_chance, damage_bonus, damage_left, damage_odds, destroyed,
    initiative_after, malfunction_odds, move_after, pick, roll_burning_smell, roll_malfunction,
    roll_special_damage,
};
use muster::rules::{Roll, RulesData};

/// The built-in robots and flyers file with one change made to it.
fn override_with(change: impl FnOnce(&mut serde_json::Value)) -> Vec<(String, String)> {
    let text = BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == "robots_flyers.json")
        .expect("the file")
        .1;
    let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
    change(&mut v);
    vec![("robots_flyers.json".to_owned(), v.to_string())]
}

/// The effect of a table total, by brute reading of the built-in table.
fn effect_of(r: &RobotRules, total: i32) -> Effect {
    r.special_damage.effect(total).expect("an effect").clone()
}

#[test]
fn rob_8_destroyed_when_every_d_is_lost() {
    assert_eq!(damage_left(5, 4), 1);
    assert!(!destroyed(5, 4));
    assert!(destroyed(5, 5));
    assert!(destroyed(5, 9));
    assert_eq!(damage_left(5, 9), 0);
}

#[test]
fn rob_8_the_special_damage_table() {
    let r = robots();
    let kinds: Vec<&str> = (1..=12).map(|t| effect_of(&r, t).key()).collect();
    assert_eq!(
        kinds,
        vec![
            "robot.effect.arm_lost",
            "robot.effect.coordination",
            "robot.effect.power",
            "robot.effect.seized",
            "robot.effect.weapon_lost",
            "robot.effect.system_error",
            "robot.effect.berserk",
            "robot.effect.burning_smell",
            "robot.effect.bang",
            "robot.effect.bang",
            "robot.effect.bang",
            "robot.effect.bang",
        ]
    );
    // The numbers of the effects.
    let coordination = effect_of(&r, 2);
    assert_eq!(coordination.to_hit(), -1);
    let power = effect_of(&r, 3);
    assert_eq!(power.to_hit(), -1);
    let robot = r.robot("imperial_combat_robot").expect("robot");
    assert_eq!(move_after(&robot.profile, &power), 3.0, "M 6 halved");
    assert_eq!(move_after(&robot.profile, &coordination), 6.0);
    assert!(matches!(
        power,
        Effect::Power { initiative_loss, .. } if (initiative_loss.count, initiative_loss.sides) == (1, 4)
    ));
    assert!(matches!(
        coordination,
        Effect::Coordination { random_move, .. } if (random_move.count, random_move.sides) == (1, 6)
    ));
    assert_eq!(initiative_after(5, &Roll::from_faces(4, vec![3], 0)), 2);
    assert_eq!(initiative_after(2, &Roll::from_faces(4, vec![4], 0)), 0);
    let bang = effect_of(&r, 9);
    assert!(bang.destroys());
    assert_eq!(
        bang,
        Effect::Bang {
            strength: 3,
            radius_inches: 1
        }
    );
    // Burning smell: a 6 on a D6 at the end of each turn blows it up.
    let smell = effect_of(&r, 8);
    assert!(close(burning_smell_chance(&smell), 1.0 / 6.0));
    assert_eq!(burning_smell_chance(&bang), 0.0);
    for seed in 0..30 {
        let a = roll_burning_smell(&smell, &mut seeded(seed)).expect("smell");
        assert_eq!(
            Some(&a),
            roll_burning_smell(&smell, &mut seeded(seed)).as_ref()
        );
        assert_eq!(a.passed, a.roll.total == 6);
    }
    assert!(roll_burning_smell(&bang, &mut seeded(1)).is_none());
    // An arm at random: a D2.
    let arm = pick(2, &mut seeded(3)).expect("an arm");
    assert_eq!((arm.sides, arm.faces.len()), (2, 1));
    assert!(pick(0, &mut seeded(3)).is_none());
}

#[test]
fn rob_8_one_roll_with_plus_one_per_extra_point_against_every_die() {
    let r = robots();
    assert_eq!(damage_bonus(&r, 0), None, "no point lost, no roll");
    assert_eq!(damage_bonus(&r, 1), Some(0));
    assert_eq!(damage_bonus(&r, 4), Some(3));
    for lost in 1..=6u32 {
        let bonus = lost as i32 - 1;
        let mut malfunction = 0;
        let mut by_effect: Vec<(Effect, u32)> = Vec::new();
        for d6 in 1..=6 {
            if d6 + bonus < 6 {
                continue;
            }
            malfunction += 10;
            for d10 in 1..=10 {
                let e = effect_of(&r, d10 + bonus);
                match by_effect.iter_mut().find(|(x, _)| *x == e) {
                    Some((_, n)) => *n += 1,
                    None => by_effect.push((e, 1)),
                }
            }
        }
        let odds = damage_odds(&r, lost);
        assert!(
            close(odds.malfunction, f64::from(malfunction) / 60.0),
            "lost {lost}"
        );
        assert_eq!(odds.effects.len(), by_effect.len(), "lost {lost}");
        for (e, n) in by_effect {
            let p = odds
                .effects
                .iter()
                .find(|(x, _)| *x == e)
                .map_or(0.0, |(_, p)| *p);
            assert!(close(p, f64::from(n) / 60.0), "lost {lost}: {e:?}");
        }
    }
    // One point: 1 in 6, then BANG! on 9 or 10.
    let odds = damage_odds(&r, 1);
    assert!(close(odds.malfunction, 1.0 / 6.0));
    let bang = odds.effects.last().expect("bang");
    assert!(bang.0.destroys());
    assert!(close(bang.1, 2.0 / 60.0));
    assert!(damage_odds(&r, 0).effects.is_empty());
}

#[test]
fn rob_8_special_damage_rolls_keep_their_faces_and_repeat() {
    let r = robots();
    assert!(roll_special_damage(&r, 0, &mut seeded(1)).is_none());
    let mut malfunctions = 0;
    for seed in 0..200 {
        let a = roll_special_damage(&r, 3, &mut seeded(seed)).expect("rolled");
        assert_eq!(
            Some(&a),
            roll_special_damage(&r, 3, &mut seeded(seed)).as_ref()
        );
        assert_eq!((a.trigger.sides, a.trigger.modifier), (6, 2));
        assert_eq!(a.table.is_some(), a.trigger.total >= 6);
        if let Some(table) = &a.table {
            malfunctions += 1;
            assert_eq!((table.sides, table.modifier), (10, 2));
            assert_eq!(a.effect, Some(effect_of(&r, table.total)));
        } else {
            assert!(a.effect.is_none());
        }
    }
    assert!(malfunctions > 0);
    // Six points lost: +5, the trigger always makes it.
    for seed in 0..20 {
        let a = roll_special_damage(&r, 6, &mut seeded(seed)).expect("rolled");
        assert!(a.table.expect("always").total >= 6);
    }
}

#[test]
fn rob_9_optional_malfunctions_1_in_n_for_one_turn() {
    let r = robots();
    assert_eq!(r.malfunctions.default_one_in, 6);
    assert_eq!(r.malfunctions.lasts_turns, 1);
    for one_in in [1, 4, 6, 20] {
        let odds = malfunction_odds(&r, one_in).expect("odds");
        assert!(close(odds.malfunction, 1.0 / f64::from(one_in)));
        // No bonus: each D10 face once, counted.
        for (e, p) in &odds.effects {
            let faces = (1..=10).filter(|&f| effect_of(&r, f) == *e).count();
            assert!(close(*p, faces as f64 / 10.0 / f64::from(one_in)), "{e:?}");
        }
        let total: f64 = odds.effects.iter().map(|(_, p)| p).sum();
        assert!(close(total, odds.malfunction));
    }
    let p = malfunction_odds(&r, 0).expect_err("1 in 0");
    assert_eq!((p.rule.as_ref(), p.kind), ("ROB-9", ProblemKind::OneInZero));
    assert!(roll_malfunction(&r, 0, &mut seeded(1)).is_err());
    for seed in 0..100 {
        let a = roll_malfunction(&r, 4, &mut seeded(seed)).expect("rolled");
        assert_eq!(
            a,
            roll_malfunction(&r, 4, &mut seeded(seed)).expect("again")
        );
        assert_eq!(a.check.sides, 4);
        assert_eq!(a.table.is_some(), a.check.total == 4);
        assert_eq!(a.lasts_turns, 1);
        if let Some(t) = &a.table {
            assert_eq!(t.modifier, 0);
            assert_eq!(a.effect, Some(effect_of(&r, t.total)));
        }
    }
    // 1 in 1: every turn.
    assert!(
        roll_malfunction(&r, 1, &mut seeded(9))
            .expect("rolled")
            .effect
            .is_some()
    );
}

#[test]
fn rob_8_the_table_lives_in_the_rules_data_and_is_checked() {
    // A user may move BANG! to 10 only.
    let o = override_with(|v| {
        v["robots"]["special_damage"]["table"][8]["from"] = 10.into();
        v["robots"]["special_damage"]["table"][7]["to"] = 9.into();
    });
    let (d, problems) = RulesData::with_overrides(&o).expect("loads");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(effect_of(&d.robots, 9).key(), "robot.effect.burning_smell");
    // A gap in the table is refused, naming the face; the built-in is used.
    let o = override_with(|v| {
        v["robots"]["special_damage"]["table"][8]["from"] = 10.into();
    });
    let (d, problems) = RulesData::with_overrides(&o).expect("falls back");
    assert_eq!(problems[0].problem.kind, ProblemKind::FaceLines);
    assert_eq!(problems[0].problem.get("face"), Some("9"));
    assert_eq!(effect_of(&d.robots, 9).key(), "robot.effect.bang");
    // A value out of range names its field.
    let o = override_with(|v| v["robots"]["minimum_save"] = 7.into());
    let (_, problems) = RulesData::with_overrides(&o).expect("falls back");
    assert_eq!(problems[0].problem.kind, ProblemKind::FieldOutOfRange);
    assert_eq!(
        problems[0].problem.get("field"),
        Some("robots.minimum_save")
    );
    // Unknown fields are refused, in an effect too.
    for line in [0, 1] {
        let o = override_with(|v| {
            v["robots"]["special_damage"]["table"][line]["effect"]["oops"] = 1.into();
        });
        let (_, problems) = RulesData::with_overrides(&o).expect("falls back");
        assert_eq!(
            problems[0].problem.kind,
            ProblemKind::SectionSyntax,
            "line {line}"
        );
        assert_eq!(problems[0].section(), Some("robots"));
    }
    let o = override_with(|v| v["robots"]["extra"] = 1.into());
    let (_, problems) = RulesData::with_overrides(&o).expect("falls back");
    assert_eq!(problems[0].problem.kind, ProblemKind::SectionSyntax);
    assert!(problems[0].built_in_used);
}

#[test]
fn rob_8_the_burning_smells_end_of_turn_roll() {
    use muster::rules::battle::table_roll::{TableResult, TableRoll, roll};
    use muster::rules::robots::table::Burning;
    let rules = rules();
    let mut bangs = 0;
    for seed in 0..80 {
        let r = roll(rules, &TableRoll::RobotBurningSmell, &mut seeded(seed)).expect("rolled");
        assert_eq!(
            r,
            roll(rules, &TableRoll::RobotBurningSmell, &mut seeded(seed)).expect("again")
        );
        assert_eq!(r.rolls.len(), 1);
        assert_eq!(r.rolls[0].roll.sides, 6);
        // Explodes on a 6, as BANG!: S 3 on every model within 1".
        if r.rolls[0].roll.total == 6 {
            bangs += 1;
            assert_eq!(r.result, TableResult::RobotBurning(Burning::Explodes));
            assert_eq!(r.outcome.key, "robot.burning.bang");
            assert_eq!(
                r.outcome.get("s"),
                Some(&muster::rules::core::msg::Arg::Int(3))
            );
        } else {
            assert_eq!(r.result, TableResult::RobotBurning(Burning::Smoulders));
        }
    }
    assert!(bangs > 0 && bangs < 80);
    // Without a burning smell in the table, the roll is refused by rule;
    // without a BANG!, it still explodes.
    let mut no_bang = rules.clone();
    no_bang
        .robots
        .special_damage
        .table
        .retain(|l| !l.effect.destroys());
    for seed in 0..40 {
        let r = roll(&no_bang, &TableRoll::RobotBurningSmell, &mut seeded(seed)).expect("rolled");
        if r.rolls[0].roll.total == 6 {
            assert_eq!(r.result, TableResult::RobotBurning(Burning::Explodes));
            assert_eq!(r.outcome.get("s"), None, "no BANG! to tell");
        }
    }
    let mut none = rules.clone();
    none.robots
        .special_damage
        .table
        .retain(|l| !matches!(l.effect, Effect::BurningSmell { .. }));
    let p = roll(&none, &TableRoll::RobotBurningSmell, &mut seeded(1)).expect_err("none");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("ROB-8", ProblemKind::NoBurningSmell)
    );
}

// The Decisions of ROB-8 and ROB-9 are values of the rules data a group
// may change (the house rules): the rolls follow them.

#[test]
fn rob_8_a_trigger_total_of_6_or_more_or_of_exactly_6_as_the_data_reads() {
    let mut d = rules().clone();
    assert!(
        d.robots.special_damage.trigger_or_more,
        "6 or more, built in"
    );
    // 6 or more: at +1 (two points) a 5 or a 6 fails, at +5 every face.
    assert!(close(damage_odds(&d.robots, 2).malfunction, 2.0 / 6.0));
    assert!(close(damage_odds(&d.robots, 6).malfunction, 1.0));
    let or_more: Vec<_> = (0..100)
        .map(|seed| roll_special_damage(&d.robots, 3, &mut seeded(seed)).expect("rolled"))
        .collect();
    d.robots.special_damage.trigger_or_more = false;
    let r = &d.robots;
    // Exactly 6: a 6 at +0, a 5 only at +1, a 1 only at +5, nothing at +6.
    assert!(close(damage_odds(r, 1).malfunction, 1.0 / 6.0));
    assert!(close(damage_odds(r, 2).malfunction, 1.0 / 6.0));
    assert!(close(damage_odds(r, 6).malfunction, 1.0 / 6.0));
    assert_eq!(damage_odds(r, 7).malfunction, 0.0);
    let effects: f64 = damage_odds(r, 7).effects.iter().map(|(_, p)| p).sum();
    assert_eq!(effects, 0.0);
    // Three points, +2: the same dice, a malfunction on a 4 only (a 4, 5
    // or 6 when 6 or more).
    let mut changed = 0;
    for (seed, before) in (0..100).zip(&or_more) {
        let a = roll_special_damage(r, 3, &mut seeded(seed)).expect("rolled");
        assert_eq!(a.trigger.faces, before.trigger.faces, "seed {seed}");
        assert_eq!(a.table.is_some(), a.trigger.faces == [4], "seed {seed}");
        assert_eq!(before.table.is_some(), a.trigger.faces[0] >= 4);
        changed += usize::from(a.table.is_some() != before.table.is_some());
    }
    assert!(changed > 0, "a 5 or a 6 at +2 no longer fails");
}

#[test]
fn rob_9_the_top_face_or_the_face_1_of_the_1_in_n_die_fails_as_the_data_reads() {
    let mut d = rules().clone();
    assert!(
        d.robots.malfunctions.top_face_fails,
        "the top face, built in"
    );
    d.robots.malfunctions.top_face_fails = false;
    let r = &d.robots;
    // The same odds: 1 in 4.
    let odds = malfunction_odds(r, 4).expect("odds");
    assert!(close(odds.malfunction, 0.25));
    let (mut ones, mut fours) = (0, 0);
    for seed in 0..100 {
        let a = roll_malfunction(r, 4, &mut seeded(seed)).expect("rolled");
        assert_eq!(a.table.is_some(), a.check.faces == [1], "seed {seed}");
        ones += usize::from(a.check.faces == [1]);
        fours += usize::from(a.check.faces == [4]);
    }
    assert!(ones > 0 && fours > 0, "both faces seen: {ones}, {fours}");
    // 1 in 1: face 1 is the top face, a malfunction every turn.
    let a = roll_malfunction(r, 1, &mut seeded(9)).expect("rolled");
    assert!(a.effect.is_some());
}

#[test]
fn rob_8_rob_9_a_copy_written_before_their_values_plays_as_before() {
    let o = override_with(|v| {
        for (section, field) in [
            ("special_damage", "trigger_or_more"),
            ("malfunctions", "top_face_fails"),
        ] {
            let map = v["robots"][section].as_object_mut().expect("an object");
            assert!(map.remove(field).is_some(), "{field}");
        }
    });
    let (d, problems) = RulesData::with_overrides(&o).expect("loads");
    assert!(problems.is_empty(), "{problems:?}");
    assert!(d.robots.special_damage.trigger_or_more);
    assert!(d.robots.malfunctions.top_face_fails);
    assert_eq!(d.robots, robots());
}
