//! Close combat after the blows (CC-13 … CC-21), the exact round between two
//! units (CC-7, CC-13), and characters in units (CHR-14, CHR-15): exact
//! chances against brute-force enumerations of the dice, seeded rolls that
//! repeat, and the unit round against the 1 against 1 round and a Monte Carlo.

mod fight_exact;
mod save_modifier;
mod simulate;

use crate::common::rules;
use muster::rules::RulesData;
use muster::rules::characters::units::{TakeCommand, Victory, take_command, victory};
use muster::rules::close_combat::odds::{
    Blows, CcModifier, CcWeaponProfile, Fighter, close_combat, round,
};
use muster::rules::close_combat::unit_round::unit_round;
use muster::rules::close_combat::{
    Arc, AttackKind, AttackType, ChargeReaction, Damage, FollowUp, Reaction, RoundResult,
    RoutReason, Size, Straggler, break_off, characteristic_test, characteristic_test_chance,
    charge_reach, charge_reaction, creature_wounds, devil_attacks, devil_fighter, follow_up,
    free_blow, heavy_casualties, large_devil_wounds, push_back, result, roll_creature,
    roll_stay_test, rout_pass_chance, rout_test, stay_chance, straggler, two_weapons, unit_centre,
    unit_result,
};
use muster::rules::core::characteristic::Characteristic;
use muster::rules::core::dice::{DiceSpec, die, seeded};
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
    assert_eq!(refused.key, "problem.ld_too_low");
}

#[test]
fn chr_15_a_win_with_characters_killed_is_minor() {
    assert_eq!(victory(true, 0), Victory::Major);
    assert_eq!(victory(true, 2), Victory::Minor);
    assert_eq!(victory(false, 0), Victory::None);
    assert_eq!(victory(false, 1), Victory::None);
}

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

mod engagement {
    use muster::rules::close_combat::engagement::{
        CcWeapon, Enemy, Position, armed, check_cc_weapon, check_coherency, out_of_coherency,
        out_of_coherency_by_gap, switch_targets,
    };
    use muster::rules::close_combat::odds::CcWeaponProfile;
    use muster::rules::robots::UnitKind;

    fn at(x: f64, y: f64) -> Position {
        Position { x, y }
    }

    #[test]
    fn cc_3_every_member_stays_within_2_inches_of_another() {
        // A line 2" apart is coherent, exactly 2" included.
        let line = [at(0.0, 0.0), at(2.0, 0.0), at(4.0, 0.0)];
        assert_eq!(
            out_of_coherency(&line, UnitKind::Creatures).expect("ok"),
            Vec::<usize>::new()
        );
        assert!(check_coherency(&line, UnitKind::Creatures).is_ok());
        // One straggler 2.5" from the nearest.
        let straggler = [at(0.0, 0.0), at(1.5, 0.0), at(1.5, 2.5)];
        assert_eq!(
            out_of_coherency(&straggler, UnitKind::Creatures).expect("ok"),
            vec![2]
        );
        let p = check_coherency(&straggler, UnitKind::Creatures).expect_err("out");
        assert_eq!(p.rule, "CC-3");
        // Two pairs far apart: each member has a fellow within 2" (the
        // rule asks no more of each member).
        let pairs = [at(0.0, 0.0), at(1.0, 0.0), at(10.0, 0.0), at(11.0, 0.0)];
        assert!(
            out_of_coherency(&pairs, UnitKind::Creatures)
                .expect("ok")
                .is_empty()
        );
        // A unit of one is coherent; robots ignore the rule (ROB-4).
        assert!(
            out_of_coherency(&[at(0.0, 0.0)], UnitKind::Creatures)
                .expect("ok")
                .is_empty()
        );
        assert!(
            out_of_coherency(&straggler, UnitKind::Robots)
                .expect("ok")
                .is_empty()
        );
        // A position that is no number is refused, not a panic.
        let bad = [at(0.0, 0.0), at(f64::NAN, 1.0)];
        assert_eq!(
            out_of_coherency(&bad, UnitKind::Creatures)
                .expect_err("bad")
                .rule,
            "CC-3"
        );
    }

    #[test]
    fn cc_3_coherency_from_the_gaps_measured_at_the_table() {
        // Each member's distance to his nearest fellow: 2" exactly is in,
        // 2.1" is out; the same straggler as by positions.
        let gaps = [1.5, 2.0, 2.1, 0.5];
        assert_eq!(
            out_of_coherency_by_gap(&gaps, UnitKind::Creatures).expect("ok"),
            vec![2]
        );
        let straggler = [at(0.0, 0.0), at(1.5, 0.0), at(1.5, 2.5)];
        let measured: Vec<f64> = straggler
            .iter()
            .enumerate()
            .map(|(i, p)| {
                straggler
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, q)| p.distance(*q))
                    .fold(f64::INFINITY, f64::min)
            })
            .collect();
        assert_eq!(
            out_of_coherency_by_gap(&measured, UnitKind::Creatures).expect("ok"),
            out_of_coherency(&straggler, UnitKind::Creatures).expect("ok")
        );
        // A unit of one is coherent; robots ignore the rule (ROB-4).
        assert!(
            out_of_coherency_by_gap(&[9.0], UnitKind::Creatures)
                .expect("ok")
                .is_empty()
        );
        assert!(
            out_of_coherency_by_gap(&gaps, UnitKind::Robots)
                .expect("ok")
                .is_empty()
        );
        // A gap that is no number, or negative, is refused with the member.
        for bad in [f64::NAN, f64::INFINITY, -1.0] {
            let p = out_of_coherency_by_gap(&[1.0, bad], UnitKind::Creatures).expect_err("bad");
            assert_eq!((p.rule.as_ref(), p.key), ("CC-3", "cc.bad_gap"));
        }
    }

    #[test]
    fn cc_3_a_charger_whose_target_flees_may_switch_within_reach() {
        let enemies = [
            Enemy {
                distance: 3.0,
                fled: true,
            },
            Enemy {
                distance: 7.0,
                fled: false,
            },
            Enemy {
                distance: 5.0,
                fled: false,
            },
            Enemy {
                distance: 9.0,
                fled: false,
            },
        ];
        // M 4 charges 8": the two that stood, nearest first.
        assert_eq!(switch_targets(8, &enemies), vec![2, 1]);
        assert!(switch_targets(4, &enemies).is_empty());
    }

    #[test]
    fn cc_4_only_c_type_weapons_fight_in_close_combat() {
        // A power sword (S 5) and a pistol are used.
        let sword = armed(CcWeapon::Melee, CcWeaponProfile::of_s(Some(5)));
        assert_eq!(sword.weapon.s, Some(5));
        assert!(!sword.improvised && sword.refused.is_none());
        assert!(!armed(CcWeapon::Pistol, CcWeaponProfile::default()).improvised);
        assert!(check_cc_weapon(CcWeapon::Pistol).is_ok());
        // A lasgun is not: set aside, naming the rule, and the blow is
        // improvised; its S is never used.
        let rifle = armed(CcWeapon::Other, CcWeaponProfile::of_s(Some(7)));
        assert_eq!(rifle.weapon.s, None);
        assert!(rifle.improvised);
        assert_eq!(
            rifle.refused.as_ref().map(|p| p.rule.as_ref()),
            Some("CC-4")
        );
        assert_eq!(
            check_cc_weapon(CcWeapon::Other).expect_err("not C").rule,
            "CC-4"
        );
        // No weapon at all: improvised, nothing refused.
        let bare = armed(CcWeapon::Nothing, CcWeaponProfile::default());
        assert!(bare.improvised && bare.refused.is_none());
    }
}

/// The rules with no medium Catachan Devil.
fn without_medium(r: &RulesData) -> RulesData {
    let mut thin = r.clone();
    (thin.close_combat.catachan_devil.sizes).retain(|z| z.size != Size::Medium);
    thin
}
