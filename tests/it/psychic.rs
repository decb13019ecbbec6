//! Psychic attacks' numbers (PSY-3 … PSY-6, PSY-12), each checked against
//! a count of every die.

use muster::rules::RulesData;
use muster::rules::psychic::{
    Under, bonus_die, casualty_test, die, penetration_chance, save_chance, test_chance,
    wounds_taken,
};

fn rules() -> RulesData {
    RulesData::built_in().expect("built-in rules")
}

#[test]
fn psy_3_armour_saves_are_worsened_by_strength_force_fields_are_not() {
    let r = rules();
    // A 4+ save against S3: 4+ (1/2); against S5 (-2): 6+ (1/6); S8 (-5): lost.
    assert!((save_chance(&r, Some(4), 3, false) - 0.5).abs() < 1e-12);
    assert!((save_chance(&r, Some(4), 5, false) - 1.0 / 6.0).abs() < 1e-12);
    assert_eq!(save_chance(&r, Some(4), 8, false), 0.0);
    // A 4+ force field is 4+ whatever the Strength.
    assert!((save_chance(&r, Some(4), 9, true) - 0.5).abs() < 1e-12);
    assert_eq!(save_chance(&r, None, 3, false), 0.0);
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
    // 2D6 equal or under 7: 21 of 36, counted die by die.
    let mut pass = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if a + b <= 7 {
                pass += 1;
            }
        }
    }
    assert!((test_chance(7, 2, Under::OrEqual) - f64::from(pass) / 36.0).abs() < 1e-12);
}

#[test]
fn psy_6_a_quarter_of_the_unit_lost_in_a_turn_forces_a_test() {
    assert!(!casualty_test(10, 2));
    assert!(casualty_test(10, 3), "3 of 10 is 30 %");
    assert!(casualty_test(8, 2), "exactly 25 %");
    assert!(!casualty_test(0, 0));
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
        penetration_chance(3, &muster::rules::psychic::fixed(1), 11),
        0.0
    );
    assert!(
        (penetration_chance(3, &muster::rules::psychic::fixed(1), 10) - 1.0 / 6.0).abs() < 1e-12
    );
}

#[test]
fn psy_3_psy_4_a_psychic_attack_wounds_on_the_chart_then_saves() {
    use muster::rules::psychic::attack;
    let r = rules();
    // Two S4 hits on T3 (wounds on 3+), a 5+ armour save worsened to 6+,
    // each failed save counting two wounds.
    let o = attack(&r, 2, 4, 3, Some(5), false, true);
    assert!((o.wound - 4.0 / 6.0).abs() < 1e-12);
    assert!((o.save - 1.0 / 6.0).abs() < 1e-12);
    let per_hit = 4.0 / 6.0 * 5.0 / 6.0;
    assert_eq!(o.wounds.len(), 5);
    assert!((o.wounds[4] - per_hit * per_hit).abs() < 1e-12);
    assert!((o.wounds[2] - 2.0 * per_hit * (1.0 - per_hit)).abs() < 1e-12);
    // A 5+ force field is not worsened.
    let o = attack(&r, 1, 9, 3, Some(5), true, false);
    assert!((o.save - 2.0 / 6.0).abs() < 1e-12);
    // S1 against T5 cannot wound.
    let o = attack(&r, 3, 1, 5, None, false, false);
    assert!((o.wounds[0] - 1.0).abs() < 1e-12);
}
