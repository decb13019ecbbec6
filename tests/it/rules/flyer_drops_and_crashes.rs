//! What falls from a flyer (FLY-10, FLY-11): a drop and a crash checked by
//! level against every die, rolls that keep their faces and repeat by
//! seed, stones gathered and a unit's return for them, what a flyer lands
//! on, and the higher drop and the impact as the rules data reads them.

use super::flyers::flyers;
use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::core::dice::seeded;
use muster::rules::flyers::{
    FlyerRules, Level, crash_damage, crash_dice, direction_degrees, drop_distances,
    drop_hit_chance, drop_roll, gather_back_chance, gather_rolls, impact_damage, roll_crash,
    roll_drop, roll_gather, roll_impact, stone_strength,
};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The distribution of the sum of `n` dice of `sides` faces plus `shift`,
/// clamped at 0, counted over every combination of faces.
fn brute(n: u32, sides: u32, shift: i64) -> Vec<f64> {
    let mut counts: Vec<u64> = vec![0];
    let combos = u64::from(sides).pow(n);
    for mut c in 0..combos {
        let mut total = shift;
        for _ in 0..n {
            total += i64::try_from(c % u64::from(sides)).expect("small") + 1;
            c /= u64::from(sides);
        }
        let k = usize::try_from(total.max(0)).expect("small");
        if counts.len() <= k {
            counts.resize(k + 1, 0);
        }
        counts[k] += 1;
    }
    counts.iter().map(|&c| c as f64 / combos as f64).collect()
}

fn same_dist(a: &[f64], b: &[f64]) -> bool {
    let n = a.len().max(b.len());
    (0..n).all(|i| {
        close(
            a.get(i).copied().unwrap_or(0.0),
            b.get(i).copied().unwrap_or(0.0),
        )
    })
}

#[test]
fn fly_10_drop_rolls_by_level_against_every_face() {
    let r = flyers();
    let by_level = [(0, 6, -3), (1, 6, -2), (2, 6, -1), (3, 20, -1), (7, 20, -1)];
    for (level, sides, modifier) in by_level {
        let roll = drop_roll(&r, Level(level));
        assert_eq!(
            (roll.sides, roll.modifier),
            (sides, modifier),
            "level {level}"
        );
        let want = brute(1, sides, i64::from(modifier));
        assert!(
            same_dist(&drop_distances(&r, Level(level)), &want),
            "level {level}"
        );
        let hits = (1..=sides as i32).filter(|f| f + modifier <= 0).count();
        assert!(close(
            drop_hit_chance(&r, Level(level)),
            hits as f64 / f64::from(sides)
        ));
    }
    assert!(close(drop_hit_chance(&r, Level::ATTACK), 0.5));
    assert!(close(drop_hit_chance(&r, Level(2)), 1.0 / 6.0));
    assert!(close(drop_hit_chance(&r, Level(3)), 1.0 / 20.0));
}

#[test]
fn fly_10_a_drop_rolled_keeps_its_faces_and_repeats() {
    let r = flyers();
    let p = roll_drop(&r, Level(1), true, &mut seeded(1)).expect_err("in combat");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("FLY-10", ProblemKind::DropInCombat)
    );
    let (mut hits, mut misses) = (0, 0);
    for seed in 0..100 {
        let a = roll_drop(&r, Level(1), false, &mut seeded(seed)).expect("drops");
        assert_eq!(
            a,
            roll_drop(&r, Level(1), false, &mut seeded(seed)).expect("again")
        );
        assert_eq!((a.roll.sides, a.roll.modifier), (6, -2));
        assert_eq!(i64::from(a.distance), i64::from(a.roll.total.max(0)));
        if a.hit() {
            hits += 1;
            assert!(a.direction.is_none());
        } else {
            misses += 1;
            let d = a.direction.expect("a miss lands somewhere");
            assert_eq!(d.sides, 12);
            let deg = direction_degrees(&r, &d);
            assert!((0.0..360.0).contains(&deg));
        }
    }
    assert!(hits > 0 && misses > 0);
}

#[test]
fn fly_10_stones_hit_harder_from_higher() {
    let r = flyers();
    assert_eq!(stone_strength(&r, 3, Level::ATTACK), 3);
    assert_eq!(stone_strength(&r, 3, Level(1)), 4);
    assert_eq!(stone_strength(&r, 3, Level(2)), 5);
}

#[test]
fn fly_10_gathering_stones_waits_a_turn_then_a_6() {
    let r = flyers();
    assert_eq!(gather_rolls(&r, 1), 0);
    assert_eq!(gather_rolls(&r, 2), 1);
    assert_eq!(gather_back_chance(&r, 1), 0.0);
    assert!(close(gather_back_chance(&r, 2), 1.0 / 6.0));
    // Back by the second roll: every pair of dice with a 6 on the first or
    // the second.
    let mut back = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if a == 6 || b == 6 {
                back += 1;
            }
        }
    }
    assert!(close(gather_back_chance(&r, 3), f64::from(back) / 36.0));
    let p = roll_gather(&r, 1, &mut seeded(1)).expect_err("still waiting");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("FLY-10", ProblemKind::GatherWait)
    );
    for seed in 0..30 {
        let a = roll_gather(&r, 2, &mut seeded(seed)).expect("rolls");
        assert_eq!(a, roll_gather(&r, 2, &mut seeded(seed)).expect("again"));
        assert_eq!(a.passed, a.roll.total == 6);
    }
}

#[test]
fn fly_11_crash_damage_by_level_against_every_die() {
    let r = flyers();
    for (level, dice) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)] {
        assert_eq!(crash_dice(&r, Level(level)), Ok(dice), "level {level}");
    }
    for level in 0..=3 {
        let want = brute(level + 1, 4, 0);
        let got = crash_damage(&r, Level(level)).expect("damage");
        assert!(same_dist(&got, &want), "level {level}");
    }
    let p = crash_dice(&r, Level(11)).expect_err("too high");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("FLY-2", ProblemKind::AboveTopLevel)
    );
}

#[test]
fn fly_11_what_a_flyer_lands_on_takes_d4_per_level_plus_the_toughness_difference() {
    let r = flyers();
    // T6 falling from +10 on T3: 2D4 + 3.
    let got = impact_damage(&r, Level(1), 6, 3).expect("impact");
    assert!(same_dist(&got, &brute(2, 4, 3)));
    // T3 falling from +20 on T8: 3D4 - 5, never below 0.
    let got = impact_damage(&r, Level(2), 3, 8).expect("impact");
    assert!(same_dist(&got, &brute(3, 4, -5)));
    assert!(close(got[0], brute(3, 4, -5)[0]));
    assert!(got[0] > 0.0);
}

#[test]
fn fly_11_a_crash_rolled_keeps_its_faces_and_repeats() {
    let r = flyers();
    for seed in 0..30 {
        let a = roll_crash(&r, Level(2), &mut seeded(seed)).expect("crash");
        assert_eq!(
            a,
            roll_crash(&r, Level(2), &mut seeded(seed)).expect("again")
        );
        assert_eq!((a.damage.sides, a.damage.faces.len()), (4, 3));
        assert_eq!((a.scatter.sides, a.scatter.faces.len()), (12, 1));
        assert_eq!(a.direction.sides, 12);
        let i = roll_impact(&r, Level(2), 3, 8, &mut seeded(seed)).expect("impact");
        assert_eq!(
            i,
            roll_impact(&r, Level(2), 3, 8, &mut seeded(seed)).expect("again")
        );
        assert_eq!((i.roll.faces.len(), i.roll.modifier), (3, -5));
        assert_eq!(i64::from(i.damage), i64::from(i.roll.total.max(0)));
    }
    assert!(roll_crash(&r, Level(20), &mut seeded(1)).is_err());
}

#[test]
fn fly_10_fly_11_table_rolls_keep_their_dice_and_repeat_by_seed() {
    use muster::rules::battle::table_roll::{TableResult, TableRoll, roll};
    use muster::rules::flyers::Level;
    let rules = rules();
    for seed in 0..60 {
        let what = TableRoll::FlyerDrop { level: Level(2) };
        let r = roll(rules, &what, &mut muster::rules::core::dice::seeded(seed)).expect("rolled");
        assert_eq!(
            r,
            roll(rules, &what, &mut muster::rules::core::dice::seeded(seed)).expect("again")
        );
        // FLY-10: D6-1 at +20; 0 or less is a hit, else a direction die.
        assert_eq!(r.rolls[0].roll.modifier, -1);
        if r.rolls[0].roll.total <= 0 {
            assert_eq!(r.result, TableResult::FlyerDrop { hit: true });
            assert_eq!(r.rolls.len(), 1);
        } else {
            assert_eq!(r.result, TableResult::FlyerDrop { hit: false });
            assert_eq!(r.rolls[1].roll.sides, 12);
        }
        // FLY-11: 3D4 at +20, the damage caused is the crash's.
        let crash = TableRoll::FlyerCrash {
            level: Level(2),
            falling_t: 6,
            target_t: Some(3),
        };
        let c = roll(rules, &crash, &mut muster::rules::core::dice::seeded(seed)).expect("rolled");
        assert_eq!(c.rolls[0].roll.faces.len(), 3);
        assert_eq!(c.rolls[0].roll.sides, 4);
        assert_eq!(c.wounds, c.rolls[0].roll.total as u32);
        // The impact: 3D4 + 6 - 3.
        assert_eq!(c.rolls[3].roll.modifier, 3);
        assert_eq!(c.outcome.key, "flyer.crash.with_impact");
    }
}

#[test]
fn fly_10_the_return_roll_of_a_unit_gone_for_stones() {
    use muster::rules::battle::table_roll::{TableResult, TableRoll, roll};
    use muster::rules::flyers::table::Gather;
    let rules = rules();
    // Refused while it waits its full turn.
    let p = roll(rules, &TableRoll::FlyerGather { turns: 1 }, &mut seeded(1)).expect_err("waits");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("FLY-10", ProblemKind::GatherWait)
    );
    let mut backs = 0;
    for seed in 0..60 {
        let what = TableRoll::FlyerGather { turns: 2 };
        let r = roll(rules, &what, &mut seeded(seed)).expect("rolled");
        assert_eq!(r, roll(rules, &what, &mut seeded(seed)).expect("again"));
        assert_eq!(r.rolls.len(), 1);
        assert_eq!(r.rolls[0].roll.sides, 6);
        // Back, loaded, on a 6 only.
        if r.rolls[0].roll.total == 6 {
            backs += 1;
            assert_eq!(r.result, TableResult::FlyerGather(Gather::Back));
        } else {
            assert_eq!(r.result, TableResult::FlyerGather(Gather::Away));
        }
    }
    assert!(backs > 0 && backs < 60);
}

#[test]
fn fly_10_the_higher_drop_roll_takes_a_step_per_level_as_the_data_reads() {
    let mut d = rules().clone();
    assert_eq!(d.flyers.drop.higher_step_per_level, 0, "the whole roll");
    let d20_1 = |r: &FlyerRules, l| {
        (
            drop_roll(r, Level(l)).sides,
            drop_roll(r, Level(l)).modifier,
        )
    };
    assert_eq!(d20_1(&d.flyers, 6), (20, -1));
    d.flyers.drop.higher_step_per_level = 1;
    let r = &d.flyers;
    // +20 keeps the table's D6-1; D20-1 at +30, D20 at +40, D20+2 at +60.
    assert_eq!(d20_1(r, 2), (6, -1));
    assert_eq!(d20_1(r, 3), (20, -1));
    assert_eq!(d20_1(r, 4), (20, 0));
    assert_eq!(d20_1(r, 6), (20, 2));
    // At +30 a 1 hits; at +40 nothing does.
    assert!(close(drop_hit_chance(r, Level(3)), 1.0 / 20.0));
    assert_eq!(drop_hit_chance(r, Level(4)), 0.0);
    // The step stops at the highest level (+100: 7 levels above +30).
    assert_eq!(d20_1(r, 1000), (20, 6));
    let roll = roll_drop(r, Level(4), false, &mut seeded(3)).expect("dropped");
    assert_eq!(roll.roll.modifier, 0);
    assert_eq!(i64::from(roll.distance), i64::from(roll.roll.faces[0]));
}

#[test]
fn fly_11_the_impact_takes_the_crash_table_s_dice_or_one_per_level_above_attack() {
    let mut d = rules().clone();
    assert!(
        d.flyers.crash.impact_dice_as_crash,
        "as the table, built in"
    );
    d.flyers.crash.impact_dice_as_crash = false;
    let r = &d.flyers;
    // T6 falling from +10 on T3: 1D4 + 3, 4 to 7 each a quarter.
    let got = impact_damage(r, Level(1), 6, 3).expect("impact");
    assert!(same_dist(
        &got,
        &[0.0, 0.0, 0.0, 0.0, 0.25, 0.25, 0.25, 0.25]
    ));
    // From attack level no die: the difference of T only, 3.
    let got = impact_damage(r, Level::ATTACK, 6, 3).expect("impact");
    assert!(same_dist(&got, &[0.0, 0.0, 0.0, 1.0]));
    // The crash itself keeps its table: 2D4 at +10.
    assert_eq!(crash_dice(r, Level(1)), Ok(2));
    let i = roll_impact(r, Level(4), 3, 3, &mut seeded(5)).expect("impact");
    assert_eq!((i.roll.faces.len(), i.roll.sides), (4, 4), "4D4 at +40");
}
