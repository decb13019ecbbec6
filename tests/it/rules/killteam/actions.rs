//! A kill-team soldier's grenade and jump (KT-14, KT-17): their odds
//! and their rolls, and the shooting odds of each class of shot.

use muster::rules::core::dice::Amount;
use muster::rules::core::dice::seeded;
use muster::rules::killteam::actions::{
    GrenadeAttack, Jump, JumpKind, Thrower, grenade_odds, grenade_throw, jump_odds, roll_grenade,
    roll_jump,
};
use muster::rules::killteam::odds::{ShotClass, killteam_shooting};

fn thrower() -> Thrower {
    Thrower {
        strength: 3,
        stick: false,
        grenadier: false,
        sees_target: true,
        grenade_actions_taken: 0,
    }
}

fn frag(range: u32, thrower: Thrower) -> GrenadeAttack {
    GrenadeAttack {
        shots: Amount::Dice("D6".to_owned()),
        s: 3,
        ap: 0,
        damage: Amount::Fixed(1),
        range,
        t: 3,
        save: Some(5),
        save_dice: 1,
        cover: false,
        modifiers: Vec::new(),
        wounds_left: None,
        thrower,
    }
}

#[test]
fn kt_14_one_grenade_a_turn_range_twice_s_and_d3_unseen() {
    let rules = super::rules();
    let d6 = Amount::Dice("D6".to_owned());
    let t = grenade_throw(rules, &d6, &thrower()).expect("thrown");
    assert_eq!(t.range_inches, 6, "twice S 3");
    assert_eq!(t.shots, d6);
    assert_eq!(t.grenades, 1);
    // A stick grenade adds 4" (EQ-29).
    let stick = Thrower {
        stick: true,
        ..thrower()
    };
    assert_eq!(
        grenade_throw(rules, &d6, &stick)
            .expect("thrown")
            .range_inches,
        10
    );
    // Unseen: D3 instead of D6; a single shot stays one.
    let blind = Thrower {
        sees_target: false,
        ..thrower()
    };
    assert_eq!(
        grenade_throw(rules, &d6, &blind).expect("thrown").shots,
        Amount::Dice("D3".to_owned())
    );
    assert_eq!(
        grenade_throw(rules, &Amount::Fixed(1), &blind)
            .expect("thrown")
            .shots,
        Amount::Fixed(1)
    );
    // A second grenade action in the turn is refused, naming the rule.
    let again = Thrower {
        grenade_actions_taken: 1,
        ..thrower()
    };
    let p = grenade_throw(rules, &d6, &again).expect_err("one a turn");
    assert_eq!(p.rule, "KT-14");
    assert_eq!(
        grenade_odds(rules, &frag(4, again))
            .expect_err("refused")
            .rule,
        "KT-14"
    );
    // Beyond its reach, refused too.
    assert_eq!(
        grenade_odds(rules, &frag(7, thrower()))
            .expect_err("far")
            .rule,
        "KT-14"
    );
    // A Grenadier throws two in his one action (RIB-1).
    let grenadier = Thrower {
        grenadier: true,
        ..thrower()
    };
    assert_eq!(
        grenade_throw(rules, &d6, &grenadier)
            .expect("thrown")
            .grenades,
        2
    );
}

#[test]
fn kt_14_grenade_odds_mix_the_shots_exactly() {
    let rules = super::rules();
    let odds = grenade_odds(rules, &frag(5, thrower())).expect("odds");
    // By hand: each D6 face n of shots, the fixed-shot odds of n shots.
    let mut by_hand = vec![0.0; 7];
    for n in 1..=6u32 {
        let o = killteam_shooting(
            rules,
            ShotClass::Normal,
            5,
            n,
            3,
            0,
            1,
            3,
            Some(5),
            false,
            &[],
        )
        .expect("odds");
        for (k, p) in o.wounds.iter().enumerate() {
            by_hand[k] += p / 6.0;
        }
    }
    assert_eq!(odds.wounds.len(), by_hand.len());
    for (a, b) in odds.wounds.iter().zip(&by_hand) {
        assert!((a - b).abs() < 1e-12);
    }
    assert!((odds.wounds.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // Unseen: never more than 3 shots.
    let blind = grenade_odds(
        rules,
        &frag(
            5,
            Thrower {
                sees_target: false,
                ..thrower()
            },
        ),
    )
    .expect("odds");
    assert!(blind.wounds.iter().skip(4).all(|&p| p == 0.0));
    // Rolled: the shots die first, then the same seed gives the same roll.
    for seed in 0..40 {
        let r = roll_grenade(rules, &frag(5, thrower()), &mut seeded(seed)).expect("rolled");
        assert_eq!(r.shot_rolls.len(), 1);
        assert_eq!(r.shots, r.shot_rolls[0].total as u32);
        assert_eq!(r.rolls[0].purpose, "battle.for.shots");
        assert!(r.wounds <= r.hits && r.hits <= r.shots);
        assert_eq!(
            r,
            roll_grenade(rules, &frag(5, thrower()), &mut seeded(seed)).expect("again")
        );
    }
}

#[test]
fn kt_17_jumps_at_most_6_across_and_6_high() {
    let rules = super::rules();
    let ok = Jump {
        kind: JumpKind::Jump,
        across: 6,
        from_height: 6,
        to_height: 6,
    };
    assert!(jump_odds(rules, &ok).is_ok());
    let wide = Jump { across: 7, ..ok };
    assert_eq!(jump_odds(rules, &wide).expect_err("wide").rule, "KT-17");
    let high = Jump {
        kind: JumpKind::Jump,
        across: 2,
        from_height: 0,
        to_height: 7,
    };
    assert_eq!(jump_odds(rules, &high).expect_err("high").rule, "KT-17");
}

#[test]
fn kt_17_falls_cost_1_d3_or_life_and_jumping_from_3_to_6_inches_high_d3() {
    let rules = super::rules();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    // Level jump from 3": a fall (1 in 6) costs one mortal wound.
    let low = jump_odds(
        rules,
        &Jump {
            kind: JumpKind::Jump,
            across: 4,
            from_height: 3,
            to_height: 3,
        },
    )
    .expect("odds");
    assert!(close(low.fall, 1.0 / 6.0));
    assert!(close(low.dead, 0.0));
    assert!(close(low.wounds[0], 5.0 / 6.0));
    assert!(close(low.wounds[1], 1.0 / 6.0));
    assert!(close(low.out_of_action(1), 1.0 / 6.0));
    // From 5", level: a jump from a height of 3" to 6" costs 1D3 whatever
    // the test, as the source says, not only a jump down; a fall costs
    // its own 1D3 instead.
    let mid = jump_odds(
        rules,
        &Jump {
            kind: JumpKind::Jump,
            across: 4,
            from_height: 5,
            to_height: 5,
        },
    )
    .expect("odds");
    assert!(mid.automatic.is_some());
    assert!(close(mid.wounds[0], 0.0));
    for k in 1..=3 {
        assert!(close(mid.wounds[k], 5.0 / 18.0 + 1.0 / 18.0));
    }
    // From 4" up to 6": the same automatic 1D3.
    let up = Jump {
        kind: JumpKind::Jump,
        across: 2,
        from_height: 4,
        to_height: 6,
    };
    assert!(jump_odds(rules, &up).expect("odds").automatic.is_some());
    // From 3" down to the ground: no automatic wounds (3" is not more).
    let low_down = Jump {
        kind: JumpKind::Jump,
        across: 2,
        from_height: 3,
        to_height: 0,
    };
    assert!(
        jump_odds(rules, &low_down)
            .expect("odds")
            .automatic
            .is_none()
    );
    // From higher than 6": a fall kills.
    let tall = jump_odds(
        rules,
        &Jump {
            kind: JumpKind::Jump,
            across: 4,
            from_height: 10,
            to_height: 9,
        },
    )
    .expect("odds");
    assert!(close(tall.dead, 1.0 / 6.0));
    assert!(close(tall.out_of_action(5), 1.0 / 6.0));
    // Jumping from 6" down to 2" costs 1D3 whatever the test; a fall its own.
    let down = jump_odds(
        rules,
        &Jump {
            kind: JumpKind::Jump,
            across: 3,
            from_height: 6,
            to_height: 2,
        },
    )
    .expect("odds");
    assert!(close(down.wounds[0], 0.0));
    for k in 1..=3 {
        assert!(close(down.wounds[k], 5.0 / 18.0 + 1.0 / 18.0));
    }
    // Rolled: the dangerous terrain die, then the wounds.
    for seed in 0..60 {
        let j = Jump {
            kind: JumpKind::Jump,
            across: 3,
            from_height: 6,
            to_height: 2,
        };
        let r = roll_jump(rules, &j, &mut seeded(seed)).expect("rolled");
        assert_eq!(r.fell, r.test.roll.total == 1);
        let w = r.wounds_roll.as_ref().expect("a D3 either way");
        assert_eq!(w.sides, 3);
        assert_eq!(r.wounds, w.total as u32);
        assert_eq!(r, roll_jump(rules, &j, &mut seeded(seed)).expect("again"));
    }
}

#[test]
fn eq_22_a_rope_swings_12_inches_to_any_level_with_the_jump_s_falls() {
    let rules = super::rules();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    let swing = |across, from_height, to_height| Jump {
        kind: JumpKind::RopeSwing,
        across,
        from_height,
        to_height,
    };
    // 12" across and 9" down: too far and too high for a jump, not a rope.
    let far = swing(12, 10, 1);
    assert!(
        jump_odds(
            rules,
            &Jump {
                kind: JumpKind::Jump,
                ..far
            }
        )
        .is_err()
    );
    let odds = jump_odds(rules, &far).expect("a rope goes 12\"");
    // No wounds for going down; a fall from 10" kills.
    assert!(odds.automatic.is_none());
    assert!(close(odds.dead, 1.0 / 6.0));
    assert!(close(odds.wounds[0], 5.0 / 6.0));
    // From 5": a fall costs 1D3, as a jump's; nothing else.
    let mid = jump_odds(rules, &swing(8, 5, 0)).expect("odds");
    assert!(mid.automatic.is_none());
    for k in 1..=3 {
        assert!(close(mid.wounds[k], 1.0 / 18.0));
    }
    let e = jump_odds(rules, &swing(13, 3, 3)).expect_err("too far");
    assert_eq!(e.rule, "EQ-22");
    assert_eq!(rules.killteam.jump.rope_swing.actions, 2);
    // Rolled: only a fall rolls wounds.
    for seed in 0..40 {
        let r = roll_jump(rules, &swing(8, 5, 0), &mut seeded(seed)).expect("rolled");
        assert_eq!(r.wounds_roll.is_some(), r.fell);
    }
}

#[test]
fn eq_25_a_parachute_landing_fails_on_a_1_for_1_mortal_wound() {
    let rules = super::rules();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    let drop = Jump {
        kind: JumpKind::Parachute,
        across: 0,
        from_height: 40,
        to_height: 0,
    };
    let odds = jump_odds(rules, &drop).expect("no limit");
    assert!(close(odds.fall, 1.0 / 6.0));
    assert!(close(odds.dead, 0.0), "a parachute does not kill");
    assert!(close(odds.wounds[0], 5.0 / 6.0));
    assert!(close(odds.wounds[1], 1.0 / 6.0));
    assert!(close(odds.out_of_action(1), 1.0 / 6.0));
    assert!(odds.automatic.is_none());
    for seed in 0..40 {
        let r = roll_jump(rules, &drop, &mut seeded(seed)).expect("rolled");
        assert_eq!(r.wounds, u32::from(r.fell));
        assert!(!r.dead);
    }
}
