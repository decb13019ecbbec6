//! The exact fight to the end (CC-7, CC-9, CC-13, CC-15, CC-20): closed
//! forms worked by hand, chances that sum to one, agreement with the
//! simulation on random small fights, and the simulation beyond the states
//! it can follow.

use crate::common::rules;
use muster::rules::RulesData;
use muster::rules::close_combat::fight_exact::{
    FightOdds, FightResult, MAX_STATES, fight_exact, fight_odds, state_count,
};
use muster::rules::close_combat::odds::{Blows, CcModifier, Fighter, close_combat};
use muster::rules::close_combat::simulate::{SimSide, fight_to_the_end};
use muster::rules::core::dice::seeded;
use muster::rules::core::dist::chance_at_most;
use proptest::prelude::*;
use rand::Rng;

fn fighter(ws: i32, s: i32, t: i32, w: u32, i: i32, a: u32, save: Option<i32>) -> Fighter {
    Fighter {
        ws,
        s,
        weapon_s: None,
        weapon_save_modifier: None,
        a,
        t,
        w,
        i,
        save,
        modifiers: Vec::new(),
    }
}

fn side(models: Vec<Fighter>, ld: Option<i32>) -> SimSide {
    SimSide { models, ld }
}

fn exact(r: &RulesData, a: &SimSide, b: &SimSide, rounds: u32) -> FightOdds {
    fight_exact(r, a, b, rounds)
        .expect("odds")
        .expect("few enough states")
}

/// The chance that `x` causes at least one unsaved wound on `y` with the
/// modifiers `m`, from the 1 against 1 odds.
fn kills(r: &RulesData, x: &Fighter, y: &Fighter, m: &[CcModifier]) -> f64 {
    let o = close_combat(
        r,
        &Blows {
            attacker_ws: x.ws,
            strength: x.s,
            weapon: x.weapon(),
            blows: x.a,
            defender_ws: y.ws,
            toughness: y.t,
            save: y.save,
            modifiers: m,
            helpless: false,
        },
    )
    .expect("odds");
    1.0 - o.wounds[0]
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn cc_7_a_duel_of_one_wound_each_at_equal_i_is_a_capped_geometric_sum() {
    // One wound and one attack each, equal I, no charge, no Ld: both strike
    // at once every round until a wound lands. With p and q each one's
    // chance to kill in a round and s = (1 - p)(1 - q), over R rounds the
    // first wins with p(1 - q)(1 + s + … + s^(R-1)), both die with
    // pq(1 + … + s^(R-1)), s^R are still fighting, and the rounds fought
    // are 1 + s + … + s^(R-1).
    let r = rules();
    let a = fighter(4, 4, 3, 1, 3, 1, Some(5));
    let b = fighter(3, 3, 4, 1, 3, 1, Some(4));
    let (p, q) = (kills(r, &a, &b, &[]), kills(r, &b, &a, &[]));
    let s = (1.0 - p) * (1.0 - q);
    for rounds in [1u32, 2, 7, 30] {
        let sum: f64 = (0..rounds).map(|k| s.powi(k as i32)).sum();
        let o = exact(
            r,
            &side(vec![a.clone()], None),
            &side(vec![b.clone()], None),
            rounds,
        );
        assert!(close(o.first_wins, p * (1.0 - q) * sum), "{rounds}: {o:?}");
        assert!(close(o.second_wins, q * (1.0 - p) * sum));
        assert!(close(o.neither, p * q * sum + s.powi(rounds as i32)));
        assert!(close(o.mean_rounds, sum));
        assert!(close(o.round_one_first_wins, p * (1.0 - q)));
        assert!(close(o.round_one_draw, p * q + s));
        assert!(close(o.round_one_second_wiped, p));
        assert_eq!((o.first_routs, o.second_routs), (0.0, 0.0), "no Ld");
    }
}

#[test]
fn cc_7_the_quicker_model_kills_before_the_other_strikes() {
    // I 5 against I 2: the first strikes first; killed, the second never
    // strikes. The first wins with p(1 + s + …), the second with (1 - p)q(…).
    let r = rules();
    let a = fighter(4, 3, 3, 1, 5, 2, Some(4));
    let b = fighter(4, 4, 3, 1, 2, 1, None);
    let (p, q) = (kills(r, &a, &b, &[]), kills(r, &b, &a, &[]));
    let s = (1.0 - p) * (1.0 - q);
    let sum: f64 = (0..20).map(|k| s.powi(k)).sum();
    let o = exact(r, &side(vec![a], None), &side(vec![b], None), 20);
    assert!(close(o.first_wins, p * sum));
    assert!(close(o.second_wins, (1.0 - p) * q * sum));
    assert!(close(o.neither, s.powi(20)));
}

#[test]
fn cc_9_cc_15_cc_20_a_loser_tests_and_the_winner_follows_up_with_plus_1_to_hit() {
    // A quick model of one wound against a harmless one of two wounds with
    // Ld 6, over two rounds. Round one: the first wounds with p; the second
    // lost the round, tests, and routs with f. If it stays, the first
    // followed up and wounds with p2 (+1 to hit), which kills. If round one
    // had no wound, round two is plain: a wound (p) makes it test again.
    let r = rules();
    let a = fighter(3, 4, 3, 1, 5, 1, None);
    let b = fighter(4, 3, 4, 2, 1, 0, None);
    let p = kills(r, &a, &b, &[]);
    let p2 = kills(r, &a, &b, &[CcModifier::FollowedUp]);
    assert!(p2 > p, "+1 to hit after following up");
    let f = 1.0 - chance_at_most(r.close_combat.rout_test, 6);
    let o = exact(r, &side(vec![a], None), &side(vec![b], Some(6)), 2);
    let routs = p * f + (1.0 - p) * p * f;
    assert!(close(o.second_routs, routs), "{o:?}");
    assert!(close(o.first_wins, routs + p * (1.0 - f) * p2));
    assert!(close(o.neither, 1.0 - o.first_wins));
    assert!(close(o.mean_rounds, 1.0 + (1.0 - p * f)));
    assert_eq!((o.second_wins, o.first_routs), (0.0, 0.0));
}

#[test]
fn beyond_the_states_it_can_follow_the_fight_is_simulated() {
    let r = rules();
    let many = |n: usize| side(vec![fighter(3, 3, 3, 2, 3, 1, None); n], Some(7));
    let (a, b) = (many(20), many(20));
    assert!(state_count(&a, &b) > MAX_STATES);
    assert_eq!(fight_exact(r, &a, &b, 10).expect("no problem"), None);
    let got = fight_odds(r, &a, &b, 10, 2_000, &mut seeded(1)).expect("odds");
    assert!(matches!(got, FightResult::Simulated(ref e) if e.trials == 2_000));
    let (c, d) = (many(3), many(2));
    let small = fight_odds(r, &c, &d, 10, 2_000, &mut seeded(1)).expect("odds");
    assert_eq!(small, FightResult::Exact(exact(r, &c, &d, 10)));
    let empty = fight_exact(r, &side(vec![], None), &d, 10).expect_err("empty");
    assert_eq!(empty.rule, "CC-7");
}

/// A random small side: one to three models, one to three wounds each.
fn random_side(rng: &mut impl Rng, charging: bool) -> SimSide {
    let n = rng.random_range(1..=3usize);
    let models = (0..n)
        .map(|_| {
            let mut m = fighter(
                rng.random_range(2..=6),
                rng.random_range(2..=5),
                rng.random_range(2..=5),
                rng.random_range(1..=3),
                rng.random_range(2..=5),
                rng.random_range(0..=3),
                [None, Some(4), Some(5), Some(6)][rng.random_range(0..4usize)],
            );
            if charging {
                m.modifiers.push(CcModifier::Charging);
            }
            m
        })
        .collect();
    let ld = [None, Some(5), Some(7), Some(9)][rng.random_range(0..4usize)];
    side(models, ld)
}

/// Wilson's interval for `hits` of `n` at `z` standard deviations.
fn wilson(hits: f64, n: f64, z: f64) -> (f64, f64) {
    let p = hits / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

#[test]
fn the_exact_fight_lies_within_the_simulation_s_interval_on_random_fights() {
    // Forty random small fights, 100 000 trials each, eight chances each.
    // The simulation's 95 % interval misses the truth one time in twenty,
    // so: every chance within a 99.99 % interval (z = 3.89; about one
    // miss in 10 000 by chance), and at most a tenth of them outside the
    // 95 % interval.
    let r = rules();
    let mut rng = seeded(2026);
    let trials = 100_000u64;
    let (mut checked, mut outside_95) = (0, 0);
    for fight in 0..40 {
        let charging = rng.random_bool(0.5);
        let a = random_side(&mut rng, charging);
        let b = random_side(&mut rng, false);
        let rounds = rng.random_range(1..=12u32);
        let o = exact(r, &a, &b, rounds);
        let sim = fight_to_the_end(r, &a, &b, rounds, trials, &mut seeded(fight)).expect("sim");
        let pairs = [
            ("first wins", o.first_wins, sim.first_wins),
            ("second wins", o.second_wins, sim.second_wins),
            ("neither", o.neither, sim.neither),
            ("first routs", o.first_routs, sim.first_routs),
            ("second routs", o.second_routs, sim.second_routs),
            (
                "round one won",
                o.round_one_first_wins,
                sim.round_one_first_wins,
            ),
            ("round one drawn", o.round_one_draw, sim.round_one_draw),
            (
                "round one wiped",
                o.round_one_second_wiped,
                sim.round_one_second_wiped,
            ),
        ];
        for (name, p, e) in pairs {
            let (low, high) = wilson(e.mean * trials as f64, trials as f64, 3.89);
            assert!(
                (low - 1e-9..=high + 1e-9).contains(&p),
                "fight {fight}, {name}: exact {p} against {e:?}\n{a:?}\n{b:?}"
            );
            checked += 1;
            outside_95 += usize::from(!e.contains(p));
        }
        assert!(
            (o.mean_rounds - sim.mean_rounds).abs() < 0.05,
            "fight {fight}: {} rounds against {}",
            o.mean_rounds,
            sim.mean_rounds
        );
    }
    assert!(outside_95 * 10 <= checked, "{outside_95} of {checked}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn the_chances_of_a_fight_to_the_end_sum_to_one(seed in any::<u64>(), rounds in 0u32..25) {
        let r = rules();
        let mut rng = seeded(seed);
        let (first_charges, second_charges) = (rng.random_bool(0.5), rng.random_bool(0.3));
        let a = random_side(&mut rng, first_charges);
        let b = random_side(&mut rng, second_charges);
        let o = exact(r, &a, &b, rounds);
        prop_assert!((o.first_wins + o.second_wins + o.neither - 1.0).abs() < 1e-9, "{:?}", o);
        prop_assert!(o.round_one_first_wins + o.round_one_draw <= 1.0 + 1e-9);
        prop_assert!(o.first_routs <= o.second_wins + o.neither + 1e-9);
        prop_assert!(o.second_routs <= o.first_wins + o.neither + 1e-9);
        prop_assert!(o.mean_rounds >= rounds.min(1) as f64 - 1e-9);
        prop_assert!(o.mean_rounds <= rounds as f64 + 1e-9);
        for p in [o.first_wins, o.second_wins, o.neither, o.first_routs, o.second_routs] {
            prop_assert!((-1e-12..=1.0 + 1e-9).contains(&p));
        }
    }
}
