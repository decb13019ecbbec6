//! The exact round between two units (CC-7, CC-13): one model each as the
//! one against one round, two against two against a Monte Carlo, ten
//! against ten summing to one with the quick strike first.

use super::{close, fighter};
use crate::common::rules;
use muster::rules::RulesData;
use muster::rules::close_combat::odds::{CcModifier, Fighter, close_combat, round};
use muster::rules::close_combat::unit_round::unit_round;
use muster::rules::core::dice::{die, seeded};

// ---------------------------------------------------------------- unit round

fn sums_to_one(d: &[f64]) -> bool {
    (d.iter().sum::<f64>() - 1.0).abs() < 1e-9
}

#[test]
fn cc_7_one_model_each_matches_the_one_against_one_round() {
    let r = rules();
    let mut charger = fighter(4, 4, 3, 2, 3, 2, Some(5));
    charger.modifiers.push(CcModifier::Charging);
    let cases = [
        (
            fighter(4, 3, 3, 1, 5, 2, Some(4)),
            fighter(3, 4, 4, 2, 2, 1, None),
        ),
        (
            fighter(4, 3, 3, 1, 2, 2, Some(4)),
            fighter(3, 4, 4, 2, 5, 3, None),
        ),
        (
            fighter(4, 3, 3, 2, 3, 2, Some(4)),
            fighter(5, 4, 3, 2, 3, 2, Some(6)),
        ),
        (fighter(4, 3, 3, 2, 3, 2, Some(4)), charger.clone()),
        (charger, fighter(6, 4, 3, 2, 3, 3, Some(6))),
    ];
    for (a, b) in cases {
        let one = round(r, &a, &b).expect("1v1");
        let unit = unit_round(r, &[a], &[b]).expect("units");
        assert!(close(one.first_wins, unit.first_wins));
        assert!(close(one.second_wins, unit.second_wins));
        assert!(close(one.draw, unit.draw));
        for (x, y) in one.first_wounds.iter().zip(&unit.first_wounds) {
            assert!(close(*x, *y));
        }
        for (x, y) in one.second_wounds.iter().zip(&unit.second_wounds) {
            assert!(close(*x, *y));
        }
        assert!(close(one.second_dies, unit.second_casualties[1]));
    }
}

/// Plays one unit round with dice: the same rules, written out plainly.
fn play(
    r: &RulesData,
    a: &[Fighter],
    b: &[Fighter],
    rng: &mut muster::rules::core::dice::DiceRng,
) -> (u32, u32) {
    let mut left = [
        a.iter().map(|m| m.w).collect::<Vec<_>>(),
        b.iter().map(|m| m.w).collect::<Vec<_>>(),
    ];
    let sides = [a, b];
    let mut keys: Vec<(i32, bool)> = a.iter().chain(b).map(|m| (m.i, m.charged())).collect();
    keys.sort_unstable_by(|x, y| y.cmp(x));
    keys.dedup();
    let mut taken = [0u32, 0u32];
    for key in keys {
        // Strikers are those alive at the start of the step.
        let strikers: [Vec<usize>; 2] = [0, 1].map(|s| {
            (0..sides[s].len())
                .filter(|&i| left[s][i] > 0 && (sides[s][i].i, sides[s][i].charged()) == key)
                .collect()
        });
        for s in 0..2 {
            let o = 1 - s;
            for &i in &strikers[s] {
                let Some(j) = left[o].iter().position(|&w| w > 0) else {
                    continue;
                };
                let (by, on) = (&sides[s][i], &sides[o][j]);
                let odds = close_combat(r, &by.blows_at(on, 0)).expect("odds");
                let mut wounds = 0;
                for _ in 0..by.a {
                    let hit = match odds.score_to_hit {
                        None => false,
                        Some(sc) if sc <= 6 => die(rng, 6) >= sc as u32,
                        Some(sc) => die(rng, 6) == 6 && die(rng, 6) >= (sc - 3) as u32,
                    };
                    let wounded = hit
                        && odds
                            .score_to_wound
                            .is_some_and(|sc| die(rng, 6) >= sc as u32);
                    let saved = wounded
                        && odds
                            .score_to_save
                            .is_some_and(|sc| die(rng, 6) >= sc as u32);
                    if wounded && !saved {
                        wounds += 1;
                    }
                }
                let dealt = wounds.min(left[o][j]);
                left[o][j] -= dealt;
                taken[o] += dealt;
            }
        }
    }
    (taken[0], taken[1])
}

#[test]
fn cc_7_two_against_two_matches_a_monte_carlo() {
    let r = rules();
    let mut sergeant = fighter(4, 4, 3, 2, 4, 2, Some(5));
    sergeant.modifiers.push(CcModifier::Charging);
    let a = vec![fighter(3, 3, 3, 1, 3, 1, Some(5)), sergeant];
    let b = vec![
        fighter(4, 3, 4, 1, 4, 2, Some(6)),
        fighter(3, 4, 3, 2, 2, 1, None),
    ];
    let odds = unit_round(r, &a, &b).expect("odds");
    assert!(sums_to_one(&odds.first_wounds) && sums_to_one(&odds.second_wounds));
    assert!(sums_to_one(&odds.first_casualties) && sums_to_one(&odds.second_casualties));
    assert!(close(odds.first_wins + odds.second_wins + odds.draw, 1.0));
    let n = 60_000u32;
    let mut rng = seeded(2026);
    let (mut wins, mut losses) = (0u32, 0u32);
    let mut first_taken = vec![0u32; odds.first_wounds.len()];
    for _ in 0..n {
        let (ta, tb) = play(r, &a, &b, &mut rng);
        if tb > ta {
            wins += 1;
        } else if ta > tb {
            losses += 1;
        }
        first_taken[ta as usize] += 1;
    }
    let share = |c: u32| f64::from(c) / f64::from(n);
    assert!(
        (share(wins) - odds.first_wins).abs() < 0.01,
        "{} {}",
        share(wins),
        odds.first_wins
    );
    assert!((share(losses) - odds.second_wins).abs() < 0.01);
    for (k, &c) in first_taken.iter().enumerate() {
        assert!((share(c) - odds.first_wounds[k]).abs() < 0.01, "{k} wounds");
    }
}

#[test]
fn cc_7_ten_against_ten_sums_to_one_and_the_quick_strike_first() {
    let r = rules();
    let marines: Vec<Fighter> = (0..10)
        .map(|_| fighter(4, 4, 4, 1, 4, 1, Some(3)))
        .collect();
    let orks: Vec<Fighter> = (0..10)
        .map(|_| fighter(3, 3, 4, 1, 2, 1, Some(6)))
        .collect();
    let odds = unit_round(r, &marines, &orks).expect("odds");
    assert!(sums_to_one(&odds.first_wounds) && sums_to_one(&odds.second_wounds));
    assert!(sums_to_one(&odds.first_casualties) && sums_to_one(&odds.second_casualties));
    assert!(close(odds.first_wins + odds.second_wins + odds.draw, 1.0));
    assert!(odds.first_wins > odds.second_wins);
    // A model killed before it strikes does not strike: the same orks
    // striking first do more than when struck first.
    let mut quick = orks.clone();
    for o in &mut quick {
        o.i = 5;
    }
    let faster = unit_round(r, &marines, &quick).expect("odds");
    let mean = |d: &[f64]| -> f64 { d.iter().enumerate().map(|(k, p)| k as f64 * p).sum() };
    assert!(mean(&faster.first_wounds) > mean(&odds.first_wounds));
    assert_eq!(unit_round(r, &[], &orks).expect_err("empty").rule, "CC-7");
    // Mixed wounds: every total reachable is counted.
    let big = vec![
        fighter(5, 5, 5, 3, 4, 3, Some(4)),
        fighter(3, 3, 3, 1, 3, 1, None),
    ];
    let mixed = unit_round(r, &big, &orks).expect("odds");
    assert_eq!(mixed.first_wounds.len(), 5);
    assert!(sums_to_one(&mixed.first_wounds) && sums_to_one(&mixed.second_casualties));
}
