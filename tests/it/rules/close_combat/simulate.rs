//! The fight to the end, simulated with seeded dice (CC-7, CC-13, CC-15,
//! CC-20), checked against exact results within its 95 % intervals; and a
//! round between two units rolled with every die (CC-7).

use crate::common::rules;
use muster::rules::close_combat::odds::{
    Blows, CcModifier, CcWeaponProfile, Fighter, close_combat,
};
use muster::rules::close_combat::simulate::{Estimate, SimSide, fight_to_the_end};
use muster::rules::close_combat::unit_round::{roll_unit_round, strike_order, unit_round};
use muster::rules::core::dice::seeded;

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

#[test]
fn the_95_percent_interval_is_wilson_s() {
    let e = Estimate::of(50, 100);
    assert!((e.mean - 0.5).abs() < 1e-12);
    // Wilson's interval for 50 of 100: 0.4038 … 0.5962.
    assert!((e.low - 0.4038).abs() < 1e-3 && (e.high - 0.5962).abs() < 1e-3);
    let none = Estimate::of(0, 1000);
    assert_eq!(none.low, 0.0);
    assert!(none.high > 0.0 && none.high < 0.01);
}

#[test]
fn cc_7_cc_13_the_simulated_first_round_agrees_with_the_exact_round() {
    let r = rules();
    // Three against two, mixed I, the first unit charging: several steps.
    let mut a = vec![
        fighter(4, 4, 4, 1, 4, 1, Some(4)),
        fighter(4, 4, 4, 1, 3, 1, Some(4)),
        fighter(5, 4, 4, 2, 5, 2, Some(3)),
    ];
    for m in &mut a {
        m.modifiers.push(CcModifier::Charging);
    }
    let b = vec![
        fighter(4, 4, 4, 2, 4, 2, Some(5)),
        fighter(3, 3, 3, 1, 2, 2, None),
    ];
    let exact = unit_round(r, &a, &b).expect("exact");
    let sim = fight_to_the_end(
        r,
        &side(a, None),
        &side(b, None),
        1,
        200_000,
        &mut seeded(3),
    )
    .expect("sim");
    let wiped = *exact.second_casualties.last().expect("casualties");
    for (name, e, p) in [
        ("first wins", sim.round_one_first_wins, exact.first_wins),
        ("draw", sim.round_one_draw, exact.draw),
        ("second wiped", sim.round_one_second_wiped, wiped),
    ] {
        assert!(e.contains(p), "{name}: {e:?} against the exact {p}");
        assert!(e.high - e.low < 0.01, "{name}: a narrow interval");
    }
}

#[test]
fn cc_7_a_duel_to_the_death_agrees_with_its_exact_geometric_sum() {
    // One wound each, equal I, no charge: both strike at once every round
    // until a wound lands; nobody wins a round before that (no follow-up),
    // and nobody tests (no Ld). With p and q the chances that each kills
    // in a round, the first wins with p(1-q) / (1 - (1-p)(1-q)) (over 60
    // rounds the rest is negligible).
    let r = rules();
    let a = fighter(4, 4, 3, 1, 3, 2, Some(5));
    let b = fighter(3, 3, 4, 1, 3, 1, Some(4));
    let kill = |x: &Fighter, y: &Fighter| {
        let o = close_combat(
            r,
            &Blows {
                attacker_ws: x.ws,
                strength: x.s,
                weapon: CcWeaponProfile::default(),
                blows: x.a,
                defender_ws: y.ws,
                toughness: y.t,
                save: y.save,
                modifiers: &[],
                helpless: false,
            },
        )
        .expect("odds");
        1.0 - o.wounds[0]
    };
    let (p, q) = (kill(&a, &b), kill(&b, &a));
    let end = 1.0 - (1.0 - p) * (1.0 - q);
    let first = p * (1.0 - q) / end;
    let both = p * q / end;
    let sim = fight_to_the_end(
        r,
        &side(vec![a], None),
        &side(vec![b], None),
        60,
        200_000,
        &mut seeded(8),
    )
    .expect("sim");
    assert!(
        sim.first_wins.contains(first),
        "{:?} against {first}",
        sim.first_wins
    );
    assert!(
        sim.neither.contains(both),
        "{:?} against {both}",
        sim.neither
    );
    assert!(
        (sim.mean_rounds - 1.0 / end).abs() < 0.05,
        "{}",
        sim.mean_rounds
    );
    assert_eq!(sim.first_routs.mean, 0.0, "no Ld: no rout test");
}

#[test]
fn cc_20_a_unit_that_loses_a_round_with_low_ld_routs() {
    let r = rules();
    // A strong model against a tough, harmless one with Ld 2 (2D6 <= 2:
    // 1 in 36): it loses the first round unless nobody wounds, and routs.
    let a = vec![fighter(6, 5, 4, 3, 5, 3, Some(3))];
    let b = vec![fighter(2, 1, 4, 10, 1, 1, None)];
    let sim = fight_to_the_end(
        r,
        &side(a, Some(9)),
        &side(b, Some(2)),
        10,
        20_000,
        &mut seeded(4),
    )
    .expect("sim");
    assert!(sim.second_routs.mean > 0.9, "{:?}", sim.second_routs);
    assert!(sim.first_wins.mean > 0.99);
    assert!(
        fight_to_the_end(
            r,
            &side(vec![], None),
            &side(vec![], None),
            1,
            1,
            &mut seeded(1)
        )
        .is_err()
    );
}

#[test]
fn cc_7_the_strike_order_lists_each_step_and_who_strikes() {
    let mut a = vec![
        fighter(4, 4, 4, 1, 3, 1, None),
        fighter(4, 4, 4, 1, 5, 1, None),
    ];
    a[0].modifiers.push(CcModifier::Charging);
    let b = vec![
        fighter(4, 4, 4, 1, 3, 1, None),
        fighter(4, 4, 4, 0, 9, 1, None),
    ];
    let steps = strike_order(&a, &b);
    // I 5; I 3 charged (first unit's model 0); I 3 (second unit's model 0).
    // The model with no wounds left takes no part.
    let got: Vec<(i32, bool, Vec<usize>, Vec<usize>)> = steps
        .into_iter()
        .map(|s| (s.i, s.charged, s.first, s.second))
        .collect();
    assert_eq!(
        got,
        vec![
            (5, false, vec![1], vec![]),
            (3, true, vec![0], vec![]),
            (3, false, vec![], vec![0]),
        ]
    );
}

#[test]
fn cc_7_a_rolled_unit_round_follows_its_exact_odds_and_its_seed() {
    let r = rules();
    let a = vec![
        fighter(4, 4, 4, 1, 4, 2, Some(4)),
        fighter(4, 4, 4, 2, 2, 1, None),
    ];
    let b = vec![
        fighter(3, 3, 3, 1, 3, 2, None),
        fighter(3, 3, 3, 1, 3, 2, None),
    ];
    let exact = unit_round(r, &a, &b).expect("exact");
    let expected: f64 = exact
        .second_wounds
        .iter()
        .enumerate()
        .map(|(k, p)| k as f64 * p)
        .sum();
    let mut rng = seeded(12);
    let n = 20_000;
    let mut sum = 0u64;
    for _ in 0..n {
        let roll = roll_unit_round(r, &a, &b, &mut rng).expect("roll");
        assert!(roll.rolls.iter().all(|x| (1..=6).contains(&x.roll.total)));
        sum += u64::from(roll.second_wounds);
    }
    let mean = sum as f64 / f64::from(n);
    assert!((mean - expected).abs() < 0.03, "{mean} against {expected}");
    let x = roll_unit_round(r, &a, &b, &mut seeded(5)).expect("x");
    let y = roll_unit_round(r, &a, &b, &mut seeded(5)).expect("y");
    assert_eq!(x, y);
}

/// A request of `n` models a side.
fn request(n: usize, trials: u32) -> muster::app::SimRequest {
    let model = Fighter {
        ws: 3,
        s: 3,
        weapon_s: None,
        weapon_save_modifier: None,
        a: 1,
        t: 3,
        w: 1,
        i: 3,
        save: None,
        modifiers: Vec::new(),
    };
    muster::app::SimRequest {
        first: SimSide {
            models: vec![model.clone(); n],
            ld: Some(7),
        },
        second: SimSide {
            models: vec![model; 5],
            ld: Some(7),
        },
        max_rounds: 10,
        trials,
    }
}

// CC-13: the fight to the end runs on a thread of the app; asking for
// another fight before the first is done throws the first result away.
#[test]
fn cc_13_the_fight_to_the_end_runs_off_the_frame_and_a_stale_result_is_dropped() {
    use muster::app::Command;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = crate::common::app_in(dir.path(), muster::i18n::Lang::En, 1);
    let (old, new) = (request(5, 20_000), request(3, 2_000));
    app.apply(Command::Simulate(old));
    let running = app.model.jobs.simulation.as_ref().expect("asked");
    assert!(running.result.is_none(), "not computed in the frame");
    app.apply(Command::Simulate(new.clone()));
    let mut waited = 0;
    while app.poll_simulation() {
        std::thread::sleep(std::time::Duration::from_millis(20));
        waited += 1;
        assert!(waited < 3000, "the simulation never ended");
    }
    let done = app.model.jobs.simulation.as_ref().expect("done");
    assert_eq!(done.request, new);
    let estimate = done.result.as_ref().expect("result").as_ref().expect("ok");
    assert_eq!(estimate.trials, 2_000);
    // The same fight asked again is not simulated again.
    app.apply(Command::Simulate(new));
    assert!(!app.poll_simulation());
    assert!(
        app.model
            .jobs
            .simulation
            .as_ref()
            .is_some_and(|s| s.result.is_some())
    );
}
