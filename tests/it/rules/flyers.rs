//! Flyers' numbers and decisions (FLY-1 … FLY-12): exact distributions
//! checked against a count of every die, seeded rolls that repeat, refusals
//! with their rule, and the rules data they come from.

use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::RulesData;
use muster::rules::data::BUILT_IN_FILES;
use muster::rules::flyers::{
    AirGroundResult, Flight, Flyer, FlyerRules, Level, air_break_off, air_combat,
    air_ground_combat, air_ground_result, change_level, change_speed, floor_level, in_range, land,
    max_climb, max_dive, range_air_to_air, range_from_ground, range_to_ground, speed_limits,
    take_off, turn_radius,
};

pub(crate) fn flyers() -> FlyerRules {
    rules().flyers.clone()
}

/// A flyer of max 24", min 8", acc/dec 4", ratio 1.
fn jet() -> Flyer {
    Flyer {
        max_speed: 24,
        min_speed: 8,
        acc_dec: 4,
        turn_ratio: 1.0,
    }
}

/// A flyer able to hover.
fn hoverer() -> Flyer {
    Flyer {
        max_speed: 12,
        min_speed: 0,
        acc_dec: 6,
        turn_ratio: 1.0,
    }
}

#[test]
fn fly_1_speed_up_by_acc_dec_slow_down_by_twice_and_crash_below_minimum() {
    let r = flyers();
    let f = jet();
    assert_eq!(speed_limits(&r, &f, 16), (8, 20));
    assert_eq!(
        speed_limits(&r, &f, 22),
        (14, 24),
        "never above the maximum"
    );
    assert_eq!(change_speed(&r, &f, 16, 20), Ok(Flight::Flies));
    assert_eq!(change_speed(&r, &f, 16, 8), Ok(Flight::Flies));
    let p = change_speed(&r, &f, 16, 21).expect_err("speeds up 5");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("FLY-1", ProblemKind::SpeedsUpTooMuch)
    );
    let p = change_speed(&r, &f, 16, 7).expect_err("slows down 9");
    assert_eq!(p.kind, ProblemKind::SlowsDownTooMuch);
    assert_eq!(p.get("dec"), Some("8"));
    let p = change_speed(&r, &f, 22, 25).expect_err("over the maximum");
    assert_eq!(p.kind, ProblemKind::OverMaxSpeed);
    // Slower than the minimum: it crashes.
    assert_eq!(change_speed(&r, &f, 10, 6), Ok(Flight::Crashes));
    assert_eq!(change_speed(&r, &hoverer(), 6, 0), Ok(Flight::Flies));
    // The turn radius is the speed times the ratio.
    assert_eq!(turn_radius(&f, 8), 8.0);
    let wide = Flyer {
        turn_ratio: 1.5,
        ..jet()
    };
    assert_eq!(turn_radius(&wide, 10), 15.0);
    // A minimum above the maximum is no flyer.
    let bad = Flyer {
        min_speed: 30,
        ..jet()
    };
    assert_eq!(
        bad.check().expect_err("min > max").kind,
        ProblemKind::MinOverMax
    );
    assert!(jet().check().is_ok());
}

#[test]
fn fly_2_climb_a_level_per_full_20_dive_a_level_per_full_10() {
    let r = flyers();
    let f = jet();
    assert_eq!(max_climb(&r, &f, 19), 0);
    assert_eq!(max_climb(&r, &f, 20), 1);
    assert_eq!(max_climb(&r, &f, 39), 1);
    assert_eq!(max_climb(&r, &f, 40), 2);
    assert_eq!(max_dive(&r, &f, 9), 0);
    assert_eq!(max_dive(&r, &f, 25), 2);
    // Climbing from attack level to +20 takes 40".
    assert_eq!(
        change_level(&r, &f, Level(0), Level(2), 40),
        Ok(Flight::Flies)
    );
    let p = change_level(&r, &f, Level(0), Level(2), 39).expect_err("too steep");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("FLY-2", ProblemKind::ClimbTooSteep)
    );
    assert_eq!(p.get("allowed"), Some("1"));
    // Diving 2 levels in 20" is fine; 3 crashes.
    assert_eq!(
        change_level(&r, &f, Level(3), Level(1), 20),
        Ok(Flight::Flies)
    );
    assert_eq!(
        change_level(&r, &f, Level(3), Level(0), 20),
        Ok(Flight::Crashes)
    );
    assert_eq!(
        change_level(&r, &f, Level(2), Level(2), 0),
        Ok(Flight::Flies)
    );
    // Hovering: one level a turn without moving.
    let h = hoverer();
    assert_eq!(
        change_level(&r, &h, Level(1), Level(2), 0),
        Ok(Flight::Flies)
    );
    assert_eq!(
        change_level(&r, &h, Level(1), Level(0), 0),
        Ok(Flight::Flies)
    );
    assert_eq!(
        change_level(&r, &h, Level(2), Level(0), 0),
        Ok(Flight::Crashes)
    );
    assert!(change_level(&r, &h, Level(0), Level(2), 0).is_err());
    // Decision: a flyer able to hover may still climb one level after a
    // short move.
    assert_eq!(
        change_level(&r, &h, Level(0), Level(1), 7),
        Ok(Flight::Flies)
    );
    // Further levels are allowed, up to the data's highest.
    assert_eq!(
        change_level(&r, &f, Level(4), Level(5), 20),
        Ok(Flight::Flies)
    );
    let p = change_level(&r, &f, Level(10), Level(11), 20).expect_err("above the top");
    assert_eq!(p.kind, ProblemKind::AboveTopLevel);
    assert_eq!(p.get("max"), Some("100"));
}

#[test]
fn fly_3_take_off_at_acc_dec_land_within_twice_from_attack_level() {
    let r = flyers();
    let f = jet();
    assert!(take_off(&f, 4).is_ok());
    let p = take_off(&f, 5).expect_err("too fast");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("FLY-3", ProblemKind::TakeOffTooFast)
    );
    // A creature lands at 8" (2 × 4) and may make a reserve move.
    let l = land(&r, &f, Level::ATTACK, 8, false).expect("lands");
    assert!(l.reserve_move);
    assert_eq!(l.ground_speed, None);
    // A vehicle keeps its air speed on the ground next turn.
    let l = land(&r, &f, Level::ATTACK, 6, true).expect("lands");
    assert!(!l.reserve_move);
    assert_eq!(l.ground_speed, Some(6));
    assert_eq!(
        land(&r, &f, Level::ATTACK, 9, false)
            .expect_err("too fast")
            .kind,
        ProblemKind::LandTooFast
    );
    assert_eq!(
        land(&r, &f, Level(1), 4, false).expect_err("too high").kind,
        ProblemKind::LandFromHeight
    );
}

#[test]
fn fly_4_a_flyer_shot_from_the_ground_is_further_by_its_level() {
    let r = flyers();
    assert_eq!(range_from_ground(&r, Level::ATTACK, 12.0), 12.0);
    assert_eq!(range_from_ground(&r, Level(1), 12.0), 22.0);
    assert_eq!(range_from_ground(&r, Level(2), 12.0), 32.0, "+20\" at +20");
    assert_eq!(range_from_ground(&r, Level(4), 5.5), 45.5);
}

#[test]
fn fly_5_a_flyer_shooting_the_ground_adds_10_per_level_above_20() {
    let r = flyers();
    for level in 0..=2 {
        assert_eq!(
            range_to_ground(&r, Level(level), 15.0),
            15.0,
            "level {level}"
        );
    }
    assert_eq!(range_to_ground(&r, Level(3), 15.0), 25.0, "+30 adds 10\"");
    // Decision: cumulative, +40 adds 20".
    assert_eq!(range_to_ground(&r, Level(4), 15.0), 35.0);
    // Beyond the weapon's range, no chance to hit.
    assert!(in_range(range_to_ground(&r, Level(4), 15.0), 36.0));
    assert!(!in_range(range_to_ground(&r, Level(4), 17.0), 36.0));
    assert!(in_range(36.0, 36.0));
}

#[test]
fn fly_6_air_to_air_ranges() {
    let r = flyers();
    // A higher target: 10" per level (+10 shooting at +30: +20").
    assert_eq!(range_air_to_air(&r, Level(1), Level(3), 10.0), 30.0);
    assert_eq!(range_air_to_air(&r, Level(0), Level(2), 10.0), 30.0);
    // Up to two levels lower: the ground distance.
    assert_eq!(range_air_to_air(&r, Level(2), Level(0), 10.0), 10.0);
    assert_eq!(range_air_to_air(&r, Level(3), Level(2), 10.0), 10.0);
    assert_eq!(range_air_to_air(&r, Level(2), Level(2), 10.0), 10.0);
    // More than two lower: 10" per level beyond the second (+40 at +10).
    assert_eq!(range_air_to_air(&r, Level(4), Level(1), 10.0), 20.0);
    assert_eq!(range_air_to_air(&r, Level(4), Level(0), 10.0), 30.0);
}

#[test]
fn fly_7_flyers_fight_ground_troops_from_attack_level() {
    let jet = jet();
    let c = air_ground_combat(&jet, Level::ATTACK, 1).expect("fights");
    assert!(c.air_strikes_first);
    assert!(!c.charge_bonus);
    assert!(!c.may_stay);
    let p = air_ground_combat(&jet, Level(1), 1).expect_err("too high");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("FLY-7", ProblemKind::CombatFromHeight)
    );
    // Only a flyer that can hover stays past the first turn.
    assert_eq!(
        air_ground_combat(&jet, Level::ATTACK, 2)
            .expect_err("cannot stay")
            .kind,
        ProblemKind::CannotStayInCombat
    );
    assert!(
        air_ground_combat(&hoverer(), Level::ATTACK, 3)
            .expect("stays")
            .may_stay
    );
    // A losing air unit is pushed up one level; a losing ground unit tests.
    assert_eq!(
        air_ground_result(Level::ATTACK, true),
        AirGroundResult::AirPushedUp { to: Level(1) }
    );
    assert_eq!(
        air_ground_result(Level::ATTACK, false),
        AirGroundResult::GroundTestsRout
    );
}

#[test]
fn fly_8_flyers_fight_each_other_at_one_level_in_base_contact() {
    assert!(air_combat(Level(2), Level(2), true).is_ok());
    let p = air_combat(Level(2), Level(3), true).expect_err("levels");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("FLY-8", ProblemKind::AirCombatLevels)
    );
    assert_eq!(
        air_combat(Level(1), Level(1), false)
            .expect_err("no contact")
            .kind,
        ProblemKind::AirCombatContact
    );
}

#[test]
fn fly_9_air_troops_break_off_freely() {
    let b = air_break_off();
    assert!(!b.rout_test);
    assert!(!b.free_blows);
}

#[test]
fn fly_12_building_floors_and_levels() {
    let r = flyers();
    let expected = [
        (0, 0),
        (1, 0),
        (2, 1),
        (5, 1),
        (6, 2),
        (10, 2),
        (11, 3),
        (15, 3),
        (16, 4),
        (20, 4),
        (21, 5),
        (25, 5),
        (26, 6),
    ];
    for (floor, level) in expected {
        assert_eq!(floor_level(&r, floor), Level(level), "floor {floor}");
    }
    // Taking off from a 7th-floor platform starts at +20.
    assert_eq!(floor_level(&r, 7).altitude(), 20);
}

#[test]
fn fly_2_fly_10_the_flyer_numbers_live_in_the_rules_data_and_are_checked() {
    let text = BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == "robots_flyers.json")
        .expect("file")
        .1;
    let change = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
        f(&mut v);
        vec![("robots_flyers.json".to_owned(), v.to_string())]
    };
    // A house rule: climbing a level per 10".
    let o = change(&|v| v["flyers"]["climb_inches_per_level"] = 10.into());
    let (d, problems) = RulesData::with_overrides(&o).expect("loads");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(max_climb(&d.flyers, &jet(), 20), 2);
    // Out of range: the field is named and the built-in file used.
    let o = change(&|v| v["flyers"]["climb_inches_per_level"] = 0.into());
    let (d, problems) = RulesData::with_overrides(&o).expect("falls back");
    assert_eq!(problems[0].problem.kind, ProblemKind::FieldOutOfRange);
    assert_eq!(
        problems[0].problem.get("field"),
        Some("flyers.climb_inches_per_level")
    );
    assert_eq!(d.flyers.climb_inches_per_level, 20);
    let o = change(&|v| v["flyers"]["drop"]["gather"]["returns_at"] = 7.into());
    let (_, problems) = RulesData::with_overrides(&o).expect("falls back");
    assert_eq!(
        problems[0].problem.get("field"),
        Some("flyers.drop.gather.returns_at")
    );
    let o = change(&|v| v["flyers"]["floors"]["top_floor_by_level"][2] = 4.into());
    let (_, problems) = RulesData::with_overrides(&o).expect("falls back");
    assert_eq!(problems[0].problem.kind, ProblemKind::NotIncreasing);
    // A malformed section is refused naming it; the built-in one is used.
    let o = change(&|v| v["flyers"]["wings"] = 2.into());
    let (_, problems) = RulesData::with_overrides(&o).expect("falls back");
    assert_eq!(problems[0].problem.kind, ProblemKind::SectionSyntax);
    assert_eq!(problems[0].section(), Some("flyers"));
}

/// A model for a round of close combat.
fn model(i: i32, charging: bool) -> muster::rules::close_combat::odds::Fighter {
    use muster::rules::close_combat::odds::{CcModifier, Fighter};
    Fighter {
        ws: 4,
        s: 4,
        weapon_s: None,
        weapon_save_modifier: None,
        a: 1,
        t: 4,
        w: 1,
        i,
        save: None,
        modifiers: if charging {
            vec![CcModifier::Charging, CcModifier::FollowedUp]
        } else {
            Vec::new()
        },
    }
}

#[test]
fn fly_7_air_troops_strike_first_with_no_charge_or_pursuit_bonus() {
    use muster::rules::close_combat::odds::CcModifier;
    use muster::rules::close_combat::unit_round::strike_order;
    use muster::rules::flyers::air_strikers;
    // Slow air troops (I 2) that charged, against quick ground troops (I 6).
    let air = vec![model(2, true), model(3, false)];
    let ground = vec![model(6, false), model(5, true)];
    let a = air_strikers(&air, &ground);
    assert!(
        a.iter().all(|m| m.modifiers.is_empty()),
        "no charge, no pursuit"
    );
    assert!(a.iter().all(|m| m.i > 6));
    // The whole air unit strikes before any ground model.
    let order = strike_order(&a, &ground);
    assert_eq!(order[0].first, vec![0, 1]);
    assert!(order[0].second.is_empty());
    // The ground models fight back as in a normal combat: untouched.
    assert_eq!(
        ground[1].modifiers,
        vec![CcModifier::Charging, CcModifier::FollowedUp]
    );
    // A dead ground model does not set the order.
    let mut dead = model(9, false);
    dead.w = 0;
    let a = air_strikers(&air, &[dead, model(1, false)]);
    assert_eq!(a[0].i, 2, "already above the living ground model");
}

#[test]
fn fly_8_flyers_in_the_air_fight_in_initiative_order_without_charge() {
    use muster::rules::close_combat::unit_round::strike_order;
    use muster::rules::flyers::air_fighters;
    let a = air_fighters(&[model(3, true)]);
    let b = air_fighters(&[model(3, false), model(5, false)]);
    assert!(a[0].modifiers.is_empty());
    // I kept: the I 5 model strikes first, then both I 3 at once (no
    // charger to go first on equal I).
    let order = strike_order(&a, &b);
    assert_eq!((order[0].i, order[0].second.clone()), (5, vec![1]));
    assert_eq!(
        (order[1].first.clone(), order[1].second.clone()),
        (vec![0], vec![0])
    );
}

// The Decisions of FLY-2, FLY-5, FLY-10 and FLY-11 are values of the rules
// data a group may change (the house rules): the rules follow them.

#[test]
fn fly_2_a_flyer_able_to_hover_has_its_level_in_any_turn_or_only_standing_still() {
    let mut d = rules().clone();
    let h = hoverer();
    assert!(d.flyers.hover_while_moving, "in any turn, built in");
    // Having moved 5": one level up or down all the same.
    assert_eq!(max_climb(&d.flyers, &h, 5), 1);
    assert_eq!(max_dive(&d.flyers, &h, 5), 1);
    d.flyers.hover_while_moving = false;
    let r = &d.flyers;
    // Standing still, its one level; having moved, only what its move gives.
    assert_eq!((max_climb(r, &h, 0), max_dive(r, &h, 0)), (1, 1));
    assert_eq!((max_climb(r, &h, 5), max_dive(r, &h, 5)), (0, 0));
    assert_eq!((max_climb(r, &h, 12), max_dive(r, &h, 12)), (0, 1));
    let p = change_level(r, &h, Level(0), Level(1), 5).expect_err("moved");
    assert_eq!(p.kind, ProblemKind::ClimbTooSteep);
    assert_eq!(
        change_level(r, &h, Level(0), Level(1), 0),
        Ok(Flight::Flies)
    );
    assert_eq!(
        change_level(r, &h, Level(2), Level(1), 5),
        Ok(Flight::Crashes)
    );
    // A flyer that cannot hover is the same either way.
    assert_eq!(max_climb(r, &jet(), 0), 0);
}

#[test]
fn fly_5_shooting_the_ground_adds_cumulative_or_from_30_as_the_data_reads() {
    let mut d = rules().clone();
    assert!(d.flyers.range.to_ground_cumulative, "cumulative, built in");
    assert_eq!(range_to_ground(&d.flyers, Level(5), 15.0), 45.0);
    d.flyers.range.to_ground_cumulative = false;
    let r = &d.flyers;
    // +20 nothing, +30 10", +40 10" (one level beyond +30), +50 20".
    let got: Vec<f64> = (2..=5)
        .map(|l| range_to_ground(r, Level(l), 15.0))
        .collect();
    assert_eq!(got, [15.0, 25.0, 25.0, 35.0]);
}

#[test]
fn fly_2_to_fly_11_a_copy_written_before_their_values_plays_as_before() {
    let text = BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == "robots_flyers.json")
        .expect("the file")
        .1;
    let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
    for (section, field) in [
        ("", "hover_while_moving"),
        ("range", "to_ground_cumulative"),
        ("drop", "higher_step_per_level"),
        ("crash", "impact_dice_as_crash"),
    ] {
        let at = &mut v["flyers"];
        let at = if section.is_empty() {
            at
        } else {
            &mut at[section]
        };
        let map = at.as_object_mut().expect("an object");
        assert!(map.remove(field).is_some(), "{field}");
    }
    let o = vec![("robots_flyers.json".to_owned(), v.to_string())];
    let (d, problems) = RulesData::with_overrides(&o).expect("loads");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(d.flyers, flyers());
}
