//! Close combat after the blows (CC-13 … CC-21), the exact round between two
//! units (CC-7, CC-13), and characters in units (CHR-14, CHR-15): exact
//! chances against brute-force enumerations of the dice, seeded rolls that
//! repeat, and the unit round against the 1 against 1 round and a Monte Carlo.

mod engagement;
mod fight_exact;
mod save_modifier;
mod simulate;
mod unit_round;

use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::RulesData;
use muster::rules::characters::units::{TakeCommand, Victory, take_command, victory};
use muster::rules::close_combat::odds::{
    Blows, CcModifier, CcWeaponProfile, Fighter, close_combat,
};
use muster::rules::close_combat::{
    Arc, AttackKind, AttackType, ChargeReaction, Damage, FollowUp, Reaction, RoundResult,
    RoutReason, Size, Straggler, break_off, characteristic_test, characteristic_test_chance,
    charge_reach, charge_reaction, creature_wounds, devil_attacks, devil_fighter, follow_up,
    free_blow, heavy_casualties, large_devil_wounds, push_back, result, roll_creature,
    roll_stay_test, rout_pass_chance, rout_test, stay_chance, straggler, two_weapons, unit_centre,
    unit_result,
};
use muster::rules::core::characteristic::Characteristic;
use muster::rules::core::dice::{DiceSpec, seeded};
use muster::rules::core::dist::chance_at_most;

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

const D2D6: DiceSpec = DiceSpec { count: 2, sides: 6 };

/// Brute force: the share of the 36 faces of 2D6 whose sum is at most `v`.
fn two_d6_at_most(v: i32) -> f64 {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if a + b <= v {
                n += 1;
            }
        }
    }
    f64::from(n) / 36.0
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn cc_13_the_round_is_won_by_more_wounds_caused_and_equal_is_a_draw() {
    assert_eq!(result(2, 1), RoundResult::Won);
    assert_eq!(result(0, 1), RoundResult::Lost);
    assert_eq!(result(1, 1), RoundResult::Draw);
    assert_eq!(result(0, 0), RoundResult::Draw);
}

#[test]
fn cc_16_a_unit_pushing_back_one_unit_and_pushed_back_by_another_draws() {
    assert_eq!(
        unit_result(&[RoundResult::Won, RoundResult::Lost]),
        RoundResult::Draw
    );
    assert_eq!(
        unit_result(&[RoundResult::Won, RoundResult::Draw]),
        RoundResult::Won
    );
    assert_eq!(
        unit_result(&[RoundResult::Draw, RoundResult::Lost]),
        RoundResult::Lost
    );
    assert_eq!(unit_result(&[RoundResult::Draw]), RoundResult::Draw);
}

#[test]
fn cc_14_losers_are_pushed_back_two_inches_or_to_the_wall() {
    let r = rules();
    let free = push_back(r, None);
    assert!(close(free.inches, 2.0) && !free.against_wall);
    let roomy = push_back(r, Some(5.0));
    assert!(close(roomy.inches, 2.0) && !roomy.against_wall);
    let wall = push_back(r, Some(0.5));
    assert!(close(wall.inches, 0.5), "stops with its back to the wall");
    assert!(wall.against_wall, "still pushed back");
}

#[test]
fn cc_15_the_stay_test_is_2d6_equal_or_under_ld_exactly() {
    let r = rules();
    for ld in 1..=13 {
        assert!(close(stay_chance(r, ld), two_d6_at_most(ld)), "Ld {ld}");
    }
    assert!(close(stay_chance(r, 7), 21.0 / 36.0));
    // Same seed, same roll; passed exactly when the total is at most Ld.
    for seed in 0..50 {
        let a = roll_stay_test(r, 7, &mut seeded(seed));
        let b = roll_stay_test(r, 7, &mut seeded(seed));
        assert_eq!(a, b);
        assert_eq!(a.roll.faces.len(), 2);
        assert_eq!(a.passed, a.roll.total <= 7);
    }
}

#[test]
fn cc_15_winners_follow_unless_defended_opponents_dead_or_test_passed() {
    let mut rng = seeded(3);
    let r = rules();
    let pass = roll_stay_test(r, 12, &mut rng);
    assert!(pass.passed, "2D6 is always 12 or under");
    let fail = roll_stay_test(r, 1, &mut rng);
    assert!(!fail.passed, "2D6 is never 1 or under");
    assert_eq!(follow_up(false, false, None), FollowUp::Follow);
    assert_eq!(follow_up(true, false, None), FollowUp::StayDefended);
    assert_eq!(follow_up(false, true, None), FollowUp::StayOpponentsKilled);
    assert_eq!(
        follow_up(false, false, Some(&pass)),
        FollowUp::StayPassedTest
    );
    assert_eq!(follow_up(false, false, Some(&fail)), FollowUp::Follow);
}

#[test]
fn cc_17_stragglers_by_the_four_rulings_and_the_unit_centre() {
    assert_eq!(straggler(true, false, false), Straggler::IgnoreInCombat);
    assert_eq!(straggler(false, true, false), Straggler::RejoinNextTurn);
    assert_eq!(
        straggler(false, false, false),
        Straggler::SplitOff {
            without_orders: true
        }
    );
    assert_eq!(
        straggler(false, false, true),
        Straggler::SplitOff {
            without_orders: false
        }
    );
    assert_eq!(
        unit_centre(&[2, 5, 3], Some(2)),
        Some(2),
        "the leader's group"
    );
    assert_eq!(unit_centre(&[2, 5, 3], None), Some(1), "else the largest");
    assert_eq!(unit_centre(&[4, 4], None), Some(0), "the first of equals");
    assert_eq!(unit_centre(&[], None), None);
}

#[test]
fn cc_18_breaking_off_takes_a_rout_test_and_moves_up_to_twice_m() {
    let r = rules();
    let refused = break_off(r, false, 7, 4, false, &mut seeded(1)).expect_err("not in combat");
    assert_eq!(refused.rule, "CC-18");
    let passed = break_off(r, true, 12, 4, false, &mut seeded(1)).expect("test");
    assert_eq!(passed.move_up_to, Some(8));
    let test = passed.test.expect("a rout test");
    assert!(test.routs.is_none());
    assert_eq!(test.reason, RoutReason::BreakingOff);
    let failed = break_off(r, true, 1, 4, false, &mut seeded(1)).expect("test");
    assert_eq!(failed.move_up_to, None);
    assert!(
        failed.test.and_then(|t| t.routs).is_some(),
        "failed: it routs"
    );
    // Robots never take the test (ROB-3): they break off.
    let robots = break_off(r, true, 1, 4, true, &mut seeded(1)).expect("robots");
    assert_eq!((robots.test, robots.move_up_to), (None, Some(8)));
    assert_eq!(
        break_off(r, true, 7, 4, false, &mut seeded(9)),
        break_off(r, true, 7, 4, false, &mut seeded(9))
    );
}

#[test]
fn cc_18_a_free_blow_is_one_blow_against_ws_1_whatever_a() {
    let r = rules();
    // WS 3, S 3, A 3 against T 3, save 5+, WS 6.
    let by = fighter(3, 3, 3, 1, 3, 3, None);
    let on = fighter(6, 3, 3, 1, 3, 1, Some(5));
    let d = free_blow(r, &by, &on).expect("odds");
    assert_eq!(d.len(), 2, "one blow only");
    // Brute force over the three dice, with the tables' scores: WS 3 against
    // WS 1 hits on 4+, S 3 against T 3 wounds on 4+, the save of 5+ is
    // worsened by S 3's modifier.
    let hit = r.to_hit(3, 1).expect("score");
    let wound = r.to_wound(3, 3).expect("score");
    let save = 5 - r.save_modifier(3);
    let mut n = 0;
    for h in 1..=6u32 {
        for w in 1..=6u32 {
            for s in 1..=6i32 {
                if h >= hit && w >= wound && s < save {
                    n += 1;
                }
            }
        }
    }
    assert!(close(d[1], f64::from(n) / 216.0));
    // Worse than against the defender's own WS.
    let normal = close_combat(
        r,
        &Blows {
            attacker_ws: 3,
            strength: 3,
            weapon: CcWeaponProfile::default(),
            blows: 1,
            defender_ws: 6,
            toughness: 3,
            save: Some(5),
            modifiers: &[],
            helpless: false,
        },
    )
    .expect("odds");
    assert!(d[1] > normal.wounds[1]);
}

#[test]
fn cc_1_a_charge_doubles_m() {
    let r = rules();
    assert_eq!(charge_reach(r, 4), 8);
    assert_eq!(charge_reach(r, 5), 10);
}

#[test]
fn cc_2_reactions_to_a_charge() {
    let r = rules();
    let shoot = charge_reaction(r, ChargeReaction::StandAndShoot, 4, false).expect("shoot");
    assert_eq!(shoot.to_hit, -1);
    let flee = charge_reaction(r, ChargeReaction::Flee, 4, false).expect("flee");
    assert_eq!(flee.flee_inches, 8);
    assert_eq!(
        charge_reaction(r, ChargeReaction::Face, 4, false).expect("face"),
        Reaction {
            to_hit: 0,
            flee_inches: 0
        }
    );
    let refused =
        charge_reaction(r, ChargeReaction::StandAndShoot, 4, true).expect_err("slow weapon");
    assert_eq!(refused.rule, "CC-2");
}

#[test]
fn cc_5_two_weapons_double_a_at_minus_1_and_minus_2_off_hand() {
    let r = rules();
    let [(main_a, main), (off_a, off)] = two_weapons(1, &[CcModifier::Charging]);
    assert_eq!((main_a, off_a), (1, 1), "A 1 gives 2 attacks");
    let total = |m: &[CcModifier]| -> i32 { m.iter().map(|x| x.value()).sum() };
    assert_eq!(total(&main), 1 - 1);
    assert_eq!(total(&off), 1 - 2);
    // WS 4 against WS 4 needs 5: the main hand 5 (+1 charge, -1), the off hand 6.
    let o = close_combat(
        r,
        &Blows {
            attacker_ws: 4,
            strength: 3,
            weapon: CcWeaponProfile::default(),
            blows: 1,
            defender_ws: 4,
            toughness: 3,
            save: None,
            modifiers: &off,
            helpless: false,
        },
    )
    .expect("odds");
    assert_eq!(o.score_to_hit, Some(6));
}

#[test]
fn cc_6_attack_arcs() {
    assert!(AttackKind::Stomp.reaches(Arc::Rear));
    assert!(AttackKind::Tentacle.reaches(Arc::Rear));
    assert!(AttackKind::Gore.reaches(Arc::Front) && !AttackKind::Gore.reaches(Arc::Side));
    assert!(!AttackKind::Tail.reaches(Arc::Front) && AttackKind::Tail.reaches(Arc::Rear));
    assert!(AttackKind::Claw.reaches(Arc::Side) && !AttackKind::Claw.reaches(Arc::Rear));
}

#[test]
fn cc_19_dice_damage_wound_distribution_against_brute_force() {
    let r = rules();
    let by = fighter(4, 4, 4, 1, 4, 1, None);
    let on = fighter(3, 3, 3, 10, 3, 1, None);
    let attacks = [
        AttackType {
            kind: AttackKind::Tentacle,
            count: 1,
            damage: Damage::Dice(DiceSpec { count: 1, sides: 4 }),
        },
        AttackType {
            kind: AttackKind::Bite,
            count: 1,
            damage: Damage::Fixed(1),
        },
    ];
    let d = creature_wounds(r, &by, &attacks, &on, true).expect("odds");
    // Brute force: tentacle hit, wound and damage dice, bite hit and wound dice.
    let hit = r.to_hit(4, 3).expect("score");
    let wound = r.to_wound(4, 3).expect("score");
    let mut count = [0u32; 6];
    for h1 in 1..=6 {
        for w1 in 1..=6 {
            for dmg in 1..=4 {
                for h2 in 1..=6 {
                    for w2 in 1..=6 {
                        let mut k = 0;
                        if h1 >= hit && w1 >= wound {
                            k += dmg;
                        }
                        if h2 >= hit && w2 >= wound {
                            k += 1;
                        }
                        count[k] += 1;
                    }
                }
            }
        }
    }
    let total = f64::from(6 * 6 * 4 * 6 * 6);
    for (k, &c) in count.iter().enumerate() {
        assert!(
            close(d.get(k).copied().unwrap_or(0.0), f64::from(c) / total),
            "{k} wounds"
        );
    }
}

#[test]
fn cc_19_the_devils_profile_is_picked_by_its_size() {
    let r = rules();
    let card = fighter(5, 2, 2, 1, 1, 1, Some(4));
    // M WS BS S T W I A Ld Int Cl WP, as the source prints each size.
    for (size, want) in [
        (Size::Small, [4, 3, 0, 5, 5, 4, 8, 5, 10, 2, 10, 7]),
        (Size::Medium, [5, 3, 0, 6, 6, 6, 8, 7, 10, 2, 10, 7]),
        (Size::Large, [6, 3, 0, 7, 7, 8, 8, 9, 10, 2, 10, 7]),
    ] {
        let z = r
            .close_combat
            .catachan_devil
            .sizes
            .iter()
            .find(|z| z.size == size)
            .expect("size");
        assert_eq!(z.profile.0, want, "{size:?}");
        // As the attacker: its own WS, S, A, T, W and I, not the card's.
        let d = devil_fighter(r, size, &card).expect("devil");
        assert_eq!(
            (d.ws, d.s, d.t, d.w, d.i, d.a),
            (
                want[1],
                want[3],
                want[4],
                u32::try_from(want[5]).unwrap_or(0),
                want[6],
                u32::try_from(want[7]).unwrap_or(0)
            ),
            "{size:?}"
        );
        assert_eq!((d.weapon_s, d.save), (None, None));
    }
    // A size the data leaves out is refused by the rule; one it cannot
    // name is refused where the data is read.
    let p = devil_fighter(&without_medium(r), Size::Medium, &card).expect_err("no such size");
    assert_eq!(p.rule, "CC-19");
    assert!(serde_json::from_str::<Size>("\"huge\"").is_err());
}

#[test]
fn cc_19_the_catachan_devil_by_size() {
    let r = rules();
    let n = |size: Size, claws| -> u32 {
        devil_attacks(r, size, claws)
            .expect("size")
            .iter()
            .map(|a| a.count)
            .sum()
    };
    assert_eq!(n(Size::Small, None), 5);
    assert_eq!(n(Size::Medium, None), 7);
    assert_eq!(n(Size::Large, None), 9, "Decision: nine, as listed");
    assert_eq!(n(Size::Large, Some(false)), 11);
    assert_eq!(n(Size::Large, Some(true)), 11);
    assert_eq!(
        devil_attacks(r, Size::Medium, Some(false))
            .expect_err("claws on a medium one")
            .rule,
        "CC-19"
    );
    assert!(devil_attacks(&without_medium(r), Size::Medium, None).is_err());
    // The tail deals 1D6 to the living, 1 to the rest.
    let devil = fighter(3, 7, 7, 8, 8, 9, None);
    let man = fighter(3, 3, 3, 30, 3, 1, None);
    let living = large_devil_wounds(r, &devil, &man, true).expect("odds");
    let robot = large_devil_wounds(r, &devil, &man, false).expect("odds");
    assert!(close(living.iter().sum(), 1.0));
    assert!(close(robot.iter().sum(), 1.0));
    let mean = |d: &[f64]| -> f64 { d.iter().enumerate().map(|(k, p)| k as f64 * p).sum() };
    assert!(mean(&living) > mean(&robot));
    // The mixture: no claws 50 %, claws 45 %, fiddler 5 %.
    let part = |claws| {
        creature_wounds(
            r,
            &devil,
            &devil_attacks(r, Size::Large, claws).expect("a"),
            &man,
            true,
        )
        .expect("odds")
    };
    let (a, b, c) = (part(None), part(Some(false)), part(Some(true)));
    for (k, &p) in living.iter().enumerate() {
        let g = |d: &Vec<f64>| d.get(k).copied().unwrap_or(0.0);
        assert!(close(p, 0.5 * g(&a) + 0.45 * g(&b) + 0.05 * g(&c)), "{k}");
    }
    // Seeded rolls repeat and keep every die.
    let attacks = devil_attacks(r, Size::Small, None).expect("small");
    let x = roll_creature(r, &devil, &attacks, &man, true, &mut seeded(5)).expect("roll");
    let y = roll_creature(r, &devil, &attacks, &man, true, &mut seeded(5)).expect("roll");
    assert_eq!(x, y);
    assert_eq!(x.len(), 4);
    assert!(x.iter().all(|t| !t.dice.is_empty()));
}

#[test]
fn cc_20_rout_tests_heavy_casualties_and_robots() {
    let r = rules();
    assert!(heavy_casualties(r, 4, 1), "25 % of 4");
    assert!(!heavy_casualties(r, 5, 1));
    assert!(heavy_casualties(r, 10, 3));
    assert!(!heavy_casualties(r, 0, 0));
    for ld in 2..=12 {
        let p = rout_pass_chance(r, ld, false).expect("chance");
        assert!(close(p, two_d6_at_most(ld)), "Ld {ld}");
    }
    assert_eq!(
        rout_pass_chance(r, 7, true).expect_err("robot").rule,
        "CC-20"
    );
    let a = rout_test(r, RoutReason::LostRound, 7, false, &mut seeded(11)).expect("test");
    let b = rout_test(r, RoutReason::LostRound, 7, false, &mut seeded(11)).expect("test");
    assert_eq!(a, b);
    assert_eq!(a.check.passed, a.check.roll.total <= 7);
    let routed = rout_test(r, RoutReason::Ordered, 1, false, &mut seeded(2)).expect("test");
    let rout = routed.routs.expect("2D6 over 1 always routs");
    assert_eq!(
        (
            rout.move_now_inches,
            rout.rate_multiplier,
            rout.ws_in_combat
        ),
        (4, 2, 1)
    );
    // Many seeds: the share of passes near the exact chance.
    let passes = (0..4000u64)
        .filter(|&s| {
            rout_test(r, RoutReason::LostRound, 7, false, &mut seeded(s))
                .expect("test")
                .check
                .passed
        })
        .count();
    assert!((passes as f64 / 4000.0 - 21.0 / 36.0).abs() < 0.03);
}

#[test]
fn cc_21_personal_characteristics_are_tested_on_2d6_equal_or_under() {
    let r = rules();
    for c in [
        Characteristic::Ld,
        Characteristic::Int,
        Characteristic::Cl,
        Characteristic::WP,
    ] {
        for v in 2..=10 {
            let p = characteristic_test_chance(r, c, v).expect("chance");
            assert!(close(p, two_d6_at_most(v)));
        }
        let a = characteristic_test(r, c, 8, &mut seeded(4)).expect("test");
        assert_eq!(
            a,
            characteristic_test(r, c, 8, &mut seeded(4)).expect("test")
        );
        assert_eq!(a.passed, a.roll.total <= 8);
    }
    let refused = characteristic_test_chance(r, Characteristic::WS, 5).expect_err("WS");
    assert_eq!(refused.rule, "CC-21");
    assert!(close(chance_at_most(D2D6, 2), 1.0 / 36.0));
}

#[test]
fn chr_14_taking_command_needs_ld_not_lower_or_no_living_leader() {
    assert_eq!(take_command(7, None), Ok(TakeCommand::AtOnce));
    assert_eq!(take_command(3, None), Ok(TakeCommand::AtOnce));
    assert_eq!(
        take_command(8, Some(8)),
        Ok(TakeCommand::AfterOneTurnInContact)
    );
    assert_eq!(
        take_command(9, Some(8)),
        Ok(TakeCommand::AfterOneTurnInContact)
    );
    let refused = take_command(7, Some(8)).expect_err("lower Ld");
    assert_eq!(refused.rule, "CHR-14");
    assert_eq!(refused.kind, ProblemKind::LdTooLow);
}

#[test]
fn chr_15_a_win_with_characters_killed_is_minor() {
    assert_eq!(victory(true, 0), Victory::Major);
    assert_eq!(victory(true, 2), Victory::Minor);
    assert_eq!(victory(false, 0), Victory::None);
    assert_eq!(victory(false, 1), Victory::None);
}

/// The rules with no medium Catachan Devil.
fn without_medium(r: &RulesData) -> RulesData {
    let mut thin = r.clone();
    (thin.close_combat.catachan_devil.sizes).retain(|z| z.size != Size::Medium);
    thin
}
