//! Robots' numbers and decisions (ROB-1 … ROB-9): exact chances checked
//! against a count of every die, seeded rolls that repeat, refusals with
//! their rule, and the rules data they come from.

use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::core::characteristic::Characteristic;
use muster::rules::core::dice::seeded;
use muster::rules::robots::{
    Action, Aim, Clock, Order, OrderQueue, RobotRules, UnitKind, aim, aim_chance, arc_degrees,
    can_fire_at, check_fire, in_arc, roll_aim, save, save_from_rolls, split, turns_ahead,
    turret_can_fire_at, unit_kind, weapons_at_once,
};

pub(crate) fn robots() -> RobotRules {
    rules().robots.clone()
}

pub(crate) fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn clock(h: u8) -> Clock {
    Clock::new(h).expect("a bearing")
}

#[test]
fn rob_1_the_combat_robot_and_a_save_of_at_least_6() {
    let r = robots();
    let robot = r.robot("imperial_combat_robot").expect("the combat robot");
    let p = robot.profile;
    let got: Vec<i32> = Characteristic::ALL.iter().map(|&c| p.get(c)).collect();
    // M WS BS S T D I A Ld Int Cl WP, D in the W column.
    assert_eq!(got, vec![6, 5, 5, 5, 5, 5, 5, 3, 10, 8, 10, 10]);
    assert_eq!(robot.save, 2);
    assert_eq!(robot.tech_level, 8);
    // Every robot saves on 6+ at worst.
    assert_eq!(save(&r, None), 6);
    assert_eq!(save(&r, Some(7)), 6);
    assert_eq!(save(&r, Some(2)), 2);
    // "2, 3, 4, 5 or 6" is a 2+ save.
    assert_eq!(save_from_rolls(&[2, 3, 4, 5, 6]), Ok(2));
    assert_eq!(save_from_rolls(&[6]), Ok(6));
    assert_eq!(save_from_rolls(&[6, 5, 4]), Ok(4));
    for bad in [&[3, 5, 6][..], &[1, 2, 3, 4, 5, 6], &[], &[4, 5]] {
        let p = save_from_rolls(bad).expect_err("not a save");
        assert_eq!((p.rule.as_ref(), p.kind), ("ROB-1", ProblemKind::SaveRolls));
    }
}

#[test]
fn rob_2_one_weapon_per_arm_at_a_time() {
    let r = robots();
    let robot = r.robot("imperial_combat_robot").expect("robot");
    assert_eq!(weapons_at_once(robot), 2);
    // Two bolters, or a bolter and the missile launcher.
    assert!(check_fire(robot, &[(0, "bolter"), (1, "bolter")]).is_ok());
    assert!(check_fire(robot, &[(0, "missile_launcher"), (1, "bolter")]).is_ok());
    assert!(check_fire(robot, &[(1, "ball_and_chain")]).is_ok());
    // Not the bolter and the missile launcher of the same arm.
    let p = check_fire(robot, &[(0, "bolter"), (0, "missile_launcher")]).expect_err("one arm");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("ROB-2", ProblemKind::OneWeaponPerArm)
    );
    assert_eq!(p.get("arm"), Some("1"));
    // Shown by their names, not their ids.
    let en = muster::i18n::Lang::En.problem_line(&p);
    assert!(
        en.contains("Left arm: “Bolter” and “Missile launcher”"),
        "{en}"
    );
    let p = check_fire(robot, &[(0, "ball_and_chain")]).expect_err("right arm's");
    assert_eq!(p.kind, ProblemKind::NoSuchWeapon);
    assert!(check_fire(robot, &[(2, "bolter")]).is_err(), "no third arm");
}

#[test]
fn rob_3_robots_never_rout_and_are_never_blinded() {
    assert!(!UnitKind::Robots.takes_rout_tests());
    assert!(!UnitKind::Robots.blinded_by_blinding_weapons());
    assert!(UnitKind::Creatures.takes_rout_tests());
    assert!(UnitKind::Creatures.blinded_by_blinding_weapons());
}

#[test]
fn rob_4_robots_and_creatures_never_share_a_unit() {
    assert_eq!(unit_kind(4, 0), Ok(UnitKind::Robots));
    assert_eq!(unit_kind(0, 10), Ok(UnitKind::Creatures));
    let p = unit_kind(3, 1).expect_err("mixed");
    assert_eq!((p.rule.as_ref(), p.kind), ("ROB-4", ProblemKind::MixedUnit));
    // No 2" coherency for robots; split them as you wish.
    assert!(!UnitKind::Robots.keeps_coherency());
    assert!(UnitKind::Creatures.keeps_coherency());
    assert!(split(5, &[1, 1, 3]).is_ok());
    assert!(split(5, &[5]).is_ok());
    assert_eq!(split(5, &[2, 2]).expect_err("4 of 5").rule, "ROB-4");
    assert!(split(5, &[5, 0]).is_err(), "an empty group");
}

#[test]
fn rob_5_orders_are_written_one_two_or_three_turns_ahead_by_int() {
    let r = robots();
    for (int, ahead) in [(10, 1), (8, 1), (7, 2), (6, 2), (5, 3), (3, 3), (0, 3)] {
        assert_eq!(turns_ahead(&r, int), ahead, "Int {int}");
    }
    // An Int 6 robot, at the end of turn 1: turns 2 and 3 to write.
    let q = OrderQueue::default();
    assert_eq!(q.missing(&r, 6, 1), vec![2, 3]);
    let go = Order::Move {
        towards: clock(2),
        turret: None,
    };
    let q = q.write(&r, 6, 1, 2, go).expect("turn 2");
    let q = q
        .write(&r, 6, 1, 3, Order::StayPut { turret: None })
        .expect("turn 3");
    assert!(q.missing(&r, 6, 1).is_empty());
    assert_eq!(q.order(2), Some(&go));
    // Turn 4 is three turns ahead: too far for Int 6 (not for Int 5).
    let p = q.write(&r, 6, 1, 4, go).expect_err("too far");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("ROB-5", ProblemKind::OrderTooFar)
    );
    assert!(q.write(&r, 5, 1, 4, go).is_ok());
    // A written order never changes; a past turn cannot be ordered.
    let p = q
        .write(&r, 6, 1, 2, Order::StayPut { turret: None })
        .expect_err("written");
    assert_eq!(p.kind, ProblemKind::OrderFixed);
    assert_eq!(
        q.write(&r, 6, 1, 1, go).expect_err("late").kind,
        ProblemKind::OrderTooLate
    );
    // The queue is kept in documents.
    let json = serde_json::to_string(&q).expect("serializes");
    assert_eq!(serde_json::from_str::<OrderQueue>(&json).expect("reads"), q);
}

#[test]
fn rob_5_a_robot_faces_its_move_or_the_written_direction() {
    let facing = clock(12);
    let q = OrderQueue::default()
        .write(
            &robots(),
            8,
            0,
            1,
            Order::Move {
                towards: clock(2),
                turret: Some(clock(4)),
            },
        )
        .expect("written");
    // It moves and ends facing 2 o'clock; its turret fires at 4 o'clock.
    let (done, rest) = q.carry_out(1, Action::Move, facing).expect("moves");
    assert_eq!(done.moved, Some(clock(2)));
    assert_eq!(done.facing, clock(2));
    assert_eq!(done.turret, clock(4));
    assert!(rest.order(1).is_none(), "the order is used up");
    // It may stay put instead: turned to face the written direction.
    let (done, _) = q.carry_out(1, Action::StayPut, facing).expect("stays");
    assert_eq!((done.moved, done.facing), (None, clock(2)));
    // It may not turn elsewhere.
    let p = q
        .carry_out(1, Action::Turn(clock(6)), facing)
        .expect_err("turns");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("ROB-5", ProblemKind::CannotTurn)
    );
}

#[test]
fn rob_5_a_robot_ordered_to_stay_put_may_turn_any_way() {
    // Decision on the garbled sentence.
    let facing = clock(12);
    let q = OrderQueue::default()
        .write(&robots(), 8, 0, 1, Order::StayPut { turret: None })
        .expect("written");
    let (done, _) = q
        .carry_out(1, Action::Turn(clock(7)), facing)
        .expect("turns");
    assert_eq!(
        (done.moved, done.facing, done.turret),
        (None, clock(7), clock(7))
    );
    let (done, _) = q.carry_out(1, Action::StayPut, facing).expect("stays");
    assert_eq!(done.facing, facing);
    let p = q
        .carry_out(1, Action::Move, facing)
        .expect_err("ordered to stay");
    assert_eq!(p.kind, ProblemKind::OrderedToStay);
    // No order written: it stays put and keeps its facing.
    let none = OrderQueue::default();
    let (done, _) = none.carry_out(1, Action::StayPut, clock(3)).expect("stays");
    assert_eq!((done.moved, done.facing), (None, clock(3)));
    assert_eq!(
        none.carry_out(1, Action::Move, clock(3))
            .expect_err("no order")
            .kind,
        ProblemKind::NoOrder
    );
}

#[test]
fn rob_5_clock_bearings_are_1_to_12() {
    assert_eq!(Clock::new(0).expect_err("0").kind, ProblemKind::BadBearing);
    assert!(Clock::new(13).is_err());
    assert_eq!(clock(12).degrees(), 0.0);
    assert_eq!(clock(3).degrees(), 90.0);
    assert_eq!(clock(9).degrees(), 270.0);
    assert!(serde_json::from_str::<Clock>("13").is_err());
    assert_eq!(serde_json::from_str::<Clock>("5").expect("5"), clock(5));
}

#[test]
fn rob_6_fire_arcs_shrink_with_int() {
    let r = robots();
    assert_eq!(arc_degrees(&r, 10), 90.0);
    assert_eq!(arc_degrees(&r, 8), 90.0);
    assert_eq!(arc_degrees(&r, 7), 45.0);
    assert_eq!(arc_degrees(&r, 6), 45.0);
    assert_eq!(arc_degrees(&r, 5), 22.5);
    assert_eq!(arc_degrees(&r, 1), 22.5);
    let north = clock(12);
    // Int 8: 45° each side.
    assert!(can_fire_at(&r, 8, north, 45.0), "the edge is inside");
    assert!(!can_fire_at(&r, 8, north, 46.0));
    assert!(can_fire_at(&r, 8, north, 316.0), "across 12 o'clock");
    // Int 7: 22.5° each side; Int 5: 11.25°.
    assert!(can_fire_at(&r, 7, north, 22.5));
    assert!(!can_fire_at(&r, 7, north, 23.0));
    assert!(can_fire_at(&r, 5, north, 348.75));
    assert!(!can_fire_at(&r, 5, north, 12.0));
    // Facing 3 o'clock.
    assert!(can_fire_at(&r, 8, clock(3), 130.0));
    assert!(!can_fire_at(&r, 8, clock(3), 0.0));
    // A turret: 90° whatever the Int, around its written direction.
    assert!(turret_can_fire_at(&r, clock(6), 220.0));
    assert!(!turret_can_fire_at(&r, clock(6), 226.0));
    assert!(in_arc(360.0, 0.0, 180.0));
}

#[test]
fn rob_7_the_nearest_enemy_unless_a_friend_is_nearer() {
    assert_eq!(aim(None, Some(3.0)), Aim::NoTarget);
    assert_eq!(aim(Some(10.0), None), Aim::Enemy);
    assert_eq!(aim(Some(10.0), Some(12.0)), Aim::Enemy);
    assert_eq!(aim(Some(10.0), Some(10.0)), Aim::Enemy, "not nearer");
    assert_eq!(aim(Some(10.0), Some(4.0)), Aim::Check);
}

#[test]
fn rob_7_the_2d6_target_check_against_every_pair_of_dice() {
    let r = robots();
    for int in -1..=13 {
        let mut right = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                if a + b <= int {
                    right += 1;
                }
            }
        }
        let want = f64::from(right) / 36.0;
        assert!(close(aim_chance(&r, int), want), "Int {int}");
    }
    assert!(close(aim_chance(&r, 8), 26.0 / 36.0));
}

#[test]
fn rob_7_the_same_seed_rolls_the_same_check() {
    let r = robots();
    for seed in 0..50 {
        let a = roll_aim(&r, 7, &mut seeded(seed));
        let b = roll_aim(&r, 7, &mut seeded(seed));
        assert_eq!(a, b);
        assert_eq!((a.roll.sides, a.roll.faces.len()), (6, 2));
        assert_eq!(a.roll.total, a.roll.faces.iter().sum::<u32>() as i32);
        assert_eq!(a.passed, a.roll.total <= 7);
    }
}

// ROB-10: random robots come only from the tables the data gives.
#[test]
fn rob_10_random_robots_are_refused_naming_the_rule_until_the_data_lists_them() {
    use muster::rules::robots::{RobotKindId, RobotSize, can_make_random, random_robot};
    let rules = robots();
    for size in RobotSize::ALL {
        let p = can_make_random(&rules, size).expect_err("no table in the source");
        assert_eq!(p.rule, "ROB-10");
        let p = random_robot(&rules, size, &mut seeded(1)).expect_err("refused");
        assert_eq!(p.rule, "ROB-10");
    }
    // A table written into the data is used: a die of as many faces as
    // robots listed, kept for the log.
    let mut listed = rules.clone();
    let mut other = listed.robots[0].clone();
    other.id = RobotKindId::from("servitor");
    listed.robots.push(other);
    listed.random_robots.medium = vec![
        RobotKindId::from("imperial_combat_robot"),
        RobotKindId::from("servitor"),
    ];
    listed.check().expect("the ids exist");
    assert!(can_make_random(&listed, RobotSize::Small).is_err());
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let (kind, roll) =
            random_robot(&listed, RobotSize::Medium, &mut seeded(seed)).expect("made");
        assert_eq!(roll.sides, 2);
        assert_eq!(
            kind.id,
            listed.random_robots.medium[roll.total as usize - 1]
        );
        let (again, _) = random_robot(&listed, RobotSize::Medium, &mut seeded(seed)).expect("made");
        assert_eq!(again.id, kind.id, "the same seed picks the same robot");
        seen.insert(kind.id.clone());
    }
    assert_eq!(seen.len(), 2, "both robots come up");
    // An id that names no robot is a data error.
    listed.random_robots.large = vec![RobotKindId::from("nobody")];
    assert!(listed.check().is_err());
}

#[test]
fn rob_7_to_9_table_rolls_keep_their_dice_and_repeat_by_seed() {
    use muster::rules::battle::table_roll::{TableResult, TableRoll, roll};
    let rules = rules();
    for what in [
        TableRoll::RobotAim { int: 8 },
        TableRoll::RobotDamage { lost: 3 },
        TableRoll::RobotMalfunction { one_in: 2 },
    ] {
        for seed in 0..30 {
            let a = roll(rules, &what, &mut seeded(seed)).expect("rolled");
            let b = roll(rules, &what, &mut seeded(seed)).expect("rolled");
            assert_eq!(a, b);
            assert!(!a.rolls.is_empty());
        }
    }
    // ROB-7: 2D6 at or under Int aims right.
    for seed in 0..50 {
        let r = roll(rules, &TableRoll::RobotAim { int: 7 }, &mut seeded(seed)).expect("rolled");
        let right = r.rolls[0].roll.total <= 7;
        assert_eq!(r.result, TableResult::RobotAim { right });
    }
    // ROB-8: three points lost: both dice at +2, so the trigger needs a 4.
    for seed in 0..50 {
        let r = roll(
            rules,
            &TableRoll::RobotDamage { lost: 3 },
            &mut seeded(seed),
        )
        .expect("rolled");
        assert_eq!(r.rolls[0].roll.modifier, 2);
        let triggered = r.rolls[0].roll.total >= 6;
        assert_eq!(
            matches!(r.result, TableResult::RobotDamage(Some(_))),
            triggered
        );
        if triggered {
            assert_eq!(r.rolls[1].roll.modifier, 2, "the D10 takes the bonus too");
        }
    }
    // No point lost: no roll, and the rule says why.
    let p = roll(rules, &TableRoll::RobotDamage { lost: 0 }, &mut seeded(1)).expect_err("none");
    assert_eq!(p.rule, "ROB-8");
}

/// ROB-6's « une I de 7 ou moins »: by default the arc goes by the robot's
/// Int, as the paragraph's « intelligence »; with the group's reading of
/// the letter as printed, by his I.
#[test]
fn rob_6_the_fire_arc_goes_by_int_or_by_i_as_the_data_reads() {
    let mut r = rules().robots.clone();
    assert_eq!(r.fire_arc_by, muster::rules::robots::ArcBy::Int);
    // Int 8, I 5: 90° by Int (above 7), 22.5° by I (5 or less).
    let by = |r: &muster::rules::robots::RobotRules| {
        muster::rules::robots::arc_degrees(r, muster::rules::robots::arc_value(r, 8, 5))
    };
    assert!((by(&r) - 90.0).abs() < 1e-9);
    r.fire_arc_by = muster::rules::robots::ArcBy::Initiative;
    assert!((by(&r) - 22.5).abs() < 1e-9);
}

#[test]
fn a_robot_kinds_id_is_its_text_in_the_rules_data() {
    use muster::rules::robots::RobotKindId;
    let rules = robots();
    let kind = rules.robot("imperial_combat_robot").expect("robot");
    assert_eq!(kind.id, RobotKindId::from("imperial_combat_robot"));
    let text = serde_json::to_value(&rules).expect("written");
    assert_eq!(
        text["robots"][0]["id"],
        serde_json::json!("imperial_combat_robot")
    );
    let read: RobotRules = serde_json::from_value(text).expect("read");
    assert_eq!(read, rules, "the same data, read back");
}
