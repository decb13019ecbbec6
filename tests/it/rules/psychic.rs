//! Psychic attacks (PSY-3 … PSY-9, PSY-12): the numbers checked against a
//! count of every die, a whole attack's odds and roll, the casualty tests,
//! a split unit and the powers in play.

use crate::common::rules;
use muster::rules::RulesData;
use muster::rules::close_combat::Damage;
use muster::rules::core::dice::seeded;
use muster::rules::core::dist::die;
use muster::rules::psychic::attack::{PowerTest, PsyTarget, PsychicAttack};
use muster::rules::psychic::play::{MoraleDue, MoraleTurn, Part, Power, Powers, Source, SplitUnit};
use muster::rules::psychic::{
    Under, bonus_die, casualty_test, penetration_chance, save_chance, test_chance, wounds_taken,
};

#[test]
fn psy_3_armour_saves_are_worsened_by_strength_force_fields_are_not() {
    let r = rules();
    // A 4+ save against S3: 4+ (1/2); against S5 (-2): 6+ (1/6); S8 (-5): lost.
    assert!((save_chance(r, Some(4), 3, false) - 0.5).abs() < 1e-12);
    assert!((save_chance(r, Some(4), 5, false) - 1.0 / 6.0).abs() < 1e-12);
    assert_eq!(save_chance(r, Some(4), 8, false), 0.0);
    // A 4+ force field is 4+ whatever the Strength.
    assert!((save_chance(r, Some(4), 9, true) - 0.5).abs() < 1e-12);
    assert_eq!(save_chance(r, None, 3, false), 0.0);
}

/// PSY-3 with CC-12's Decision from the data: a save worsened to the
/// data's limit is lost, in the chance and in a whole attack's odds.
#[test]
fn psy_3_the_save_lost_from_comes_from_the_data() {
    use muster::rules::psychic::attack::{PsyTarget, save_score};
    let text = muster::rules::data::BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == "close_combat.json")
        .map(|(_, t)| *t)
        .expect("file");
    let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
    v["limits"]["save_lost_from"] = 6.into();
    let (changed, problems) =
        RulesData::with_overrides(&[("close_combat.json".to_owned(), v.to_string())])
            .expect("rules");
    assert!(problems.is_empty(), "{problems:?}");
    // A 4+ save against S5 (-2): 6+ as built in; lost with the limit at 6.
    assert!((save_chance(rules(), Some(4), 5, false) - 1.0 / 6.0).abs() < 1e-12);
    assert_eq!(save_chance(&changed, Some(4), 5, false), 0.0);
    let target = PsyTarget {
        t: 3,
        w: 1,
        save: Some(4),
        force_field: None,
        models: 1,
    };
    assert_eq!(save_score(rules(), &target, Some(5)), Some(6));
    assert_eq!(save_score(&changed, &target, Some(5)), None);
}

#[test]
fn psy_4_each_failed_save_counts_two_wounds() {
    // Two hits, a 50 % save: 0, 2 or 4 wounds with 1/4, 1/2, 1/4.
    let d = wounds_taken(2, 0.5, 2);
    assert_eq!(d.len(), 5);
    for (k, want) in [(0, 0.25), (1, 0.0), (2, 0.5), (3, 0.0), (4, 0.25)] {
        assert!((d[k] - want).abs() < 1e-12, "{k}");
    }
}

#[test]
fn psy_5_characteristic_tests_and_the_six_that_always_fails() {
    // Under I 4 on 1D6: 1, 2, 3.
    assert!((test_chance(4, 1, Under::Strictly) - 3.0 / 6.0).abs() < 1e-12);
    // Equal or under 4: 1 … 4.
    assert!((test_chance(4, 1, Under::OrEqual) - 4.0 / 6.0).abs() < 1e-12);
    // T 7 on 1D6, equal or under: a 6 still fails.
    assert!((test_chance(7, 1, Under::OrEqual) - 5.0 / 6.0).abs() < 1e-12);
    // 2D6 equal or under 7: the total decides, a 6 on one die included
    // (6 + 1 passes): 21 of 36.
    let mut pass = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if a + b <= 7 {
                pass += 1;
            }
        }
    }
    assert_eq!(pass, 21);
    assert!((test_chance(7, 2, Under::OrEqual) - f64::from(pass) / 36.0).abs() < 1e-12);
}

/// PSY-5 « La plupart des jets doivent être effectués avec 1D6. Un
/// résultat de 6 échoue toujours »: the sentence speaks of the one D6; a
/// test on 2D6 or 3D6 is passed by its total alone.
#[test]
fn psy_5_a_six_always_fails_on_the_one_d6_and_more_dice_go_by_their_total() {
    use muster::rules::core::dice::Roll;
    use muster::rules::psychic::attack::PowerTest;
    // 2D6 under 20: always passed.
    assert!((test_chance(20, 2, Under::Strictly) - 1.0).abs() < 1e-12);
    // 3D6 equal or under 18: always passed.
    assert!((test_chance(18, 3, Under::OrEqual) - 1.0).abs() < 1e-12);
    let test = PowerTest {
        characteristic: 10,
        dice: 2,
        or_equal: true,
    };
    assert!(test.passes(&Roll::from_faces(6, vec![6, 1], 0)), "7 passes");
    assert!(test.passes(&Roll::from_faces(6, vec![5, 4], 0)));
    assert!(
        !test.passes(&Roll::from_faces(6, vec![5, 6], 0)),
        "11 fails"
    );
    let one = PowerTest { dice: 1, ..test };
    assert!(!one.passes(&Roll::from_faces(6, vec![6], 0)), "a 6 on 1D6");
    assert!(one.passes(&Roll::from_faces(6, vec![5], 0)));
}

#[test]
fn psy_6_a_quarter_of_the_unit_lost_in_a_turn_forces_a_test() {
    let r = rules();
    assert!(!casualty_test(r, 10, 2));
    assert!(casualty_test(r, 10, 3), "3 of 10 is 30 %");
    assert!(casualty_test(r, 8, 2), "exactly 25 %");
    assert!(!casualty_test(r, 0, 0));
}

#[test]
fn the_casualty_share_is_read_from_the_rules_data() {
    let mut r = rules().clone();
    assert_eq!(r.close_combat.heavy_casualties_percent, 25);
    r.close_combat.heavy_casualties_percent = 50;
    assert!(!casualty_test(&r, 10, 3), "30 % is under a half");
    assert!(casualty_test(&r, 10, 5));
}

#[test]
fn psy_12_armour_penetration_with_the_bonus_die() {
    assert_eq!(
        [
            bonus_die(3),
            bonus_die(4),
            bonus_die(7),
            bonus_die(8),
            bonus_die(10)
        ],
        [None, Some(6), Some(12), Some(20), Some(20)]
    );
    // The example: S6, D3 damage: 6 + D3 + D6 + D12 against armour 18,
    // counted over every die.
    let mut hits = 0u32;
    for d3 in 1..=3 {
        for d6 in 1..=6 {
            for d12 in 1..=12 {
                if 6 + d3 + d6 + d12 >= 18 {
                    hits += 1;
                }
            }
        }
    }
    let p = penetration_chance(6, &die(3), 18);
    assert!(
        (p - f64::from(hits) / f64::from(3 * 6 * 12)).abs() < 1e-12,
        "{p}"
    );
    // S3 with 1 damage: 3 + 1 + D6, no bonus die: armour 10 cannot be reached.
    assert_eq!(
        penetration_chance(3, &muster::rules::core::dist::fixed(1), 11),
        0.0
    );
    assert!(
        (penetration_chance(3, &muster::rules::core::dist::fixed(1), 10) - 1.0 / 6.0).abs() < 1e-12
    );
}

#[test]
fn psy_3_psy_4_a_psychic_attack_wounds_on_the_chart_then_saves() {
    use muster::rules::psychic::attack;
    let r = rules();
    // Two S4 hits on T3 (wounds on 3+), a 5+ armour save worsened to 6+,
    // each failed save counting two wounds.
    let o = attack(r, 2, 4, 3, Some(5), false, true);
    assert!((o.wound - 4.0 / 6.0).abs() < 1e-12);
    assert!((o.save - 1.0 / 6.0).abs() < 1e-12);
    let per_hit = 4.0 / 6.0 * 5.0 / 6.0;
    assert_eq!(o.wounds.len(), 5);
    assert!((o.wounds[4] - per_hit * per_hit).abs() < 1e-12);
    assert!((o.wounds[2] - 2.0 * per_hit * (1.0 - per_hit)).abs() < 1e-12);
    // A 5+ force field is not worsened.
    let o = attack(r, 1, 9, 3, Some(5), true, false);
    assert!((o.save - 2.0 / 6.0).abs() < 1e-12);
    // S1 against T5 cannot wound.
    let o = attack(r, 3, 1, 5, None, false, false);
    assert!((o.wounds[0] - 1.0).abs() < 1e-12);
}

pub(crate) fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

// ---------------------------------------------------------------- PSY-5 in an attack

#[test]
fn psy_5_a_passed_test_resists_the_whole_power() {
    let r = rules();
    let plain = PsychicAttack {
        hits: 2,
        strength: Some(5),
        target: PsyTarget {
            t: 4,
            w: 3,
            save: None,
            force_field: None,
            models: 1,
        },
        ..PsychicAttack::default()
    };
    let tested = PsychicAttack {
        test: Some(PowerTest {
            characteristic: 4,
            dice: 1,
            or_equal: true,
        }),
        ..plain.clone()
    };
    let (a, b) = (plain.odds(r).expect("a"), tested.odds(r).expect("b"));
    // Equal or under 4 on 1D6: resisted 4 times in 6.
    assert!(close(b.affected, 2.0 / 6.0));
    for k in 1..a.wounds.len() {
        assert!(close(b.wounds[k], a.wounds[k] * 2.0 / 6.0), "{k}");
    }
    assert!(close(b.wounds[0], 4.0 / 6.0 + a.wounds[0] * 2.0 / 6.0));
    // Rolled: a passed test ends it, with its die kept.
    for seed in 0..40 {
        let roll = tested.roll(r, &mut seeded(seed)).expect("roll");
        assert_eq!(roll.rolls[0].purpose, "battle.for.test");
        let face = roll.rolls[0].roll.total;
        assert_eq!(roll.resisted, face <= 4, "seed {seed}");
        if roll.resisted {
            assert_eq!((roll.rolls.len(), roll.wounds), (1, 0));
        }
    }
}

#[test]
fn psy_3_psy_4_damage_dice_and_double_wounds_on_an_individual_target() {
    let r = rules();
    // One S6 hit causing D3 wounds, doubled, on T3 W4 with no save: wounds
    // on 2+; 2, 4 or 6 wounds, capped at 4.
    let a = PsychicAttack {
        strength: Some(6),
        damage: Damage::Dice(muster::rules::core::dice::DiceSpec { count: 1, sides: 3 }),
        double: true,
        target: PsyTarget {
            t: 3,
            w: 4,
            save: None,
            force_field: None,
            models: 1,
        },
        ..PsychicAttack::default()
    };
    let o = a.odds(r).expect("odds");
    let w = 5.0 / 6.0;
    assert!(close(o.wounds[0], 1.0 - w));
    assert!(close(o.wounds[2], w / 3.0));
    assert!(close(o.wounds[4], w * 2.0 / 3.0), "4 and 6 both kill");
    let dead = o.casualties.expect("individual")[1];
    assert!(close(dead, w * 2.0 / 3.0));
    // A force field beside a worse armour save: the better is rolled.
    let t = PsyTarget {
        t: 3,
        w: 1,
        save: Some(4),
        force_field: Some(5),
        models: 1,
    };
    // S6: the 4+ armour becomes 7+ (lost); the 5+ field stays.
    assert_eq!(
        muster::rules::psychic::attack::save_score(r, &t, Some(6)),
        Some(5)
    );
    assert_eq!(
        muster::rules::psychic::attack::save_score(r, &t, Some(3)),
        Some(4)
    );
}

#[test]
fn psy_3_rolled_psychic_attacks_follow_their_odds() {
    let r = rules();
    let a = PsychicAttack {
        hits: 3,
        strength: Some(4),
        target: PsyTarget {
            t: 3,
            w: 5,
            save: Some(4),
            force_field: None,
            models: 1,
        },
        ..PsychicAttack::default()
    };
    let o = a.odds(r).expect("odds");
    let expected: f64 = o.wounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    let n = 20_000u64;
    let mut rng = seeded(9);
    let mut sum = 0u64;
    for _ in 0..n {
        let roll = a.roll(r, &mut rng).expect("roll");
        assert!(roll.rolls.iter().all(|x| (1..=6).contains(&x.roll.total)));
        sum += u64::from(roll.wounds);
    }
    let mean = sum as f64 / n as f64;
    assert!((mean - expected).abs() < 0.03, "{mean} against {expected}");
    // The same seed gives the same dice.
    let x = a.roll(r, &mut seeded(77)).expect("x");
    let y = a.roll(r, &mut seeded(77)).expect("y");
    assert_eq!(x, y);
}

#[test]
fn psy_3_values_outside_the_rules_are_refused_naming_the_field() {
    let r = rules();
    let mut a = PsychicAttack::default();
    a.target.t = 11;
    let e = a.odds(r).expect_err("T 11");
    assert_eq!(e.get("field"), Some("t"));
    let mut a = PsychicAttack::default();
    a.target.save = Some(1);
    assert_eq!(a.odds(r).expect_err("save 1").get("field"), Some("save"));
}

// ---------------------------------------------------------------- PSY-6, PSY-9

#[test]
fn psy_9_psychic_casualties_in_close_combat_count_toward_the_quarter() {
    let r = rules();
    let mut turn = MoraleTurn::new(12);
    turn.record(Source::CloseCombat, 1);
    turn.record(Source::Shooting, 1);
    assert!(!turn.casualty_test_due(r), "2 of 12");
    turn.record(
        Source::Psychic {
            in_close_combat: true,
        },
        1,
    );
    assert!(turn.casualty_test_due(r), "3 of 12 is a quarter");
    assert_eq!(turn.take(r, false), MoraleDue::Casualties);
}

#[test]
fn psy_6_one_casualty_test_a_turn_but_a_power_forces_another() {
    let r = rules();
    let mut turn = MoraleTurn::new(4);
    turn.record(Source::Shooting, 1);
    assert_eq!(turn.take(r, false), MoraleDue::Casualties);
    turn.record(
        Source::Psychic {
            in_close_combat: false,
        },
        1,
    );
    assert_eq!(turn.take(r, false), MoraleDue::None, "already tested");
    assert_eq!(turn.take(r, true), MoraleDue::ForcedByPower);
}

// ---------------------------------------------------------------- PSY-7

#[test]
fn psy_7_a_split_unit_acts_as_two_then_the_smaller_part_rejoins() {
    let mut u = SplitUnit::split(10, 3).expect("split");
    assert_eq!((u.main, u.other, u.held), (7, 3, true));
    // Held apart: two units, each free to act.
    for part in [Part::Main, Part::Other] {
        let o = u.orders(part);
        assert!(o.acts_alone && o.may_charge && o.may_pursue && !o.must_rejoin);
    }
    assert_eq!(u.merge(true).expect_err("held").rule, "PSY-7");
    u.free();
    let small = u.orders(Part::Other);
    assert!(small.must_rejoin && !small.may_charge && !small.may_pursue);
    let big = u.orders(Part::Main);
    assert!(!big.must_rejoin && big.may_charge);
    assert!(u.merge(false).is_err(), "not yet within formation distance");
    // Casualties meanwhile; the smaller part can change.
    u.lose(Part::Main, 5);
    assert_eq!(u.smaller(), Part::Main);
    assert_eq!(u.merge(true), Ok(5));
    assert!(SplitUnit::split(5, 0).is_err());
    assert!(SplitUnit::split(5, 5).is_err());
}

// ---------------------------------------------------------------- PSY-8

fn power(name: &str, psyker: &str, lasting: bool, ends_with_psyker: bool) -> Power {
    Power {
        power: name.to_owned(),
        psyker: psyker.to_owned(),
        lasting,
        ends_with_psyker,
    }
}

#[test]
fn psy_8_a_lasting_power_stays_until_its_psyker_ends_it_in_a_later_phase() {
    let mut p = Powers::new();
    let shield = power("Warp shield", "Vael", true, true);
    p.play(&shield).expect("played");
    // A card in play cannot be played again, by anyone.
    assert!(p.play(&power("Warp shield", "Kal", true, true)).is_err());
    // Not ended in the phase it was played.
    assert_eq!(
        p.end("Warp shield", "Vael").expect_err("same phase").rule,
        "PSY-8"
    );
    let effects = p.next_phase();
    assert_eq!(effects.len(), 1, "its per-phase effect applies now");
    assert!(p.can_end("Warp shield", "Kal").is_err(), "only its psyker");
    p.end("Warp shield", "Vael").expect("ended");
    assert!(!p.in_play("Warp shield"));
    // Ended: not played again before the next phase; and ending took the
    // place of Vael's power this phase.
    assert!(p.play(&power("Warp shield", "Kal", true, true)).is_err());
    assert!(p.play(&power("Mind war", "Vael", false, true)).is_err());
    assert!(p.play(&power("Mind war", "Kal", false, true)).is_ok());
    p.next_phase();
    assert!(p.play(&shield).is_ok());
}

#[test]
fn psy_8_powers_until_the_next_phase_are_not_lasting_and_can_be_played_each_turn() {
    let mut p = Powers::new();
    let bolt = power("Psi bolt", "Vael", false, true);
    p.play(&bolt).expect("played");
    assert!(p.in_play("Psi bolt"));
    let lasting = p.next_phase();
    assert!(lasting.is_empty());
    assert!(!p.in_play("Psi bolt"));
    p.play(&bolt).expect("again next turn");
}

#[test]
fn psy_8_most_powers_end_when_their_psyker_dies_some_do_not() {
    let mut p = Powers::new();
    p.play(&power("Warp shield", "Vael", true, true))
        .expect("a");
    p.play(&power("Curse", "Vael", true, false)).expect("b");
    p.play(&power("Ward", "Kal", true, true)).expect("c");
    // A psyker who played this phase cannot also end one.
    p.next_phase();
    p.play(&power("Psi bolt", "Kal", false, true)).expect("d");
    assert!(p.can_end("Ward", "Kal").is_err());
    let ended = p.psyker_died("Vael");
    assert_eq!(ended, vec!["Warp shield".to_owned()]);
    assert!(p.in_play("Curse") && p.in_play("Ward"));
    // Cancelled by another card at any time.
    p.cancel("Curse").expect("cancelled");
    assert!(p.cancel("Curse").is_err());
    assert!(p.play(&power(" ", "Kal", true, true)).is_err(), "unnamed");
}
