//! Whom a psychic attack hits (PSY-1, PSY-2, PSY-10 … PSY-12): the first
//! model in its path, a line's locations and a template's, a squad's hits
//! falling at random, a vehicle affected only with a Strength or by its
//! card, its hit location and a line's penetrations.

use super::psychic::close;
use crate::common::rules;
use muster::rules::close_combat::Damage;
use muster::rules::core::dice::seeded;
use muster::rules::psychic::attack::{PsyTarget, PsychicAttack, VehicleTarget};
use muster::rules::psychic::play::{
    AttackKind, Obstacle, Scope, Target, VehicleHits, affects_vehicle, allocate_hits,
    first_in_path, in_range, lawful_target, line_locations, line_of_sight, rolls_hit_location,
    squad_casualties, template_placed, vehicle_hits,
};

// ---------------------------------------------------------------- PSY-1, PSY-2

#[test]
fn psy_1_first_model_in_its_path_needs_sight_and_hits_whoever_is_in_the_way() {
    // Buildings, hills and woods block; rocks, hedges and walls only when
    // taller than the target.
    assert!(line_of_sight(&[]));
    assert!(!line_of_sight(&[Obstacle::Building]));
    assert!(line_of_sight(&[Obstacle::LowCover {
        taller_than_target: false
    }]));
    assert!(!line_of_sight(&[Obstacle::LowCover {
        taller_than_target: true
    }]));
    // A character behind troops: the trooper is hit instead.
    assert_eq!(
        first_in_path("captain", &["trooper", "sergeant"], &[]),
        Ok("trooper")
    );
    assert_eq!(first_in_path("captain", &[], &[]), Ok("captain"));
    let refused = first_in_path("captain", &[], &[Obstacle::Building]).expect_err("no sight");
    assert_eq!(refused.rule, "PSY-1");
    assert!(AttackKind::FirstInPath.rules().models_in_path_intercept);
}

#[test]
fn psy_1_lines_and_templates_are_not_blocked_and_hit_automatically() {
    for k in [AttackKind::Line, AttackKind::Template] {
        let r = k.rules();
        assert!(
            !r.needs_line_of_sight && !r.blocked && r.automatic_hits,
            "{k:?}"
        );
    }
    // A template's centre anywhere within range.
    assert!(template_placed(12.0, 12.0));
    assert!(!template_placed(12.0, 12.5));
}

#[test]
fn psy_1_a_line_hits_the_first_location_crossed_then_each_further_on_4_plus() {
    // Three locations crossed: 1 + the 4+ rolls of two D6, counted.
    let mut count = [0u32; 4];
    for a in 1..=6 {
        for b in 1..=6 {
            count[1 + usize::from(a >= 4) + usize::from(b >= 4)] += 1;
        }
    }
    let d = line_locations(3);
    for k in 0..4 {
        assert!(close(d[k], f64::from(count[k]) / 36.0), "{k}");
    }
    assert_eq!(line_locations(1), vec![0.0, 1.0]);
}

#[test]
fn psy_2_squad_powers_cannot_single_out_a_leader_individual_ones_can() {
    assert!(lawful_target(Scope::Individual, Target::LeaderInUnit).is_ok());
    let e = lawful_target(Scope::Squad, Target::LeaderInUnit).expect_err("leader");
    assert_eq!(e.rule, "PSY-2");
    assert!(lawful_target(Scope::Squad, Target::Lone { near_unit: false }).is_ok());
    assert!(lawful_target(Scope::Squad, Target::Lone { near_unit: true }).is_err());
    for t in [
        Target::Unit,
        Target::Group,
        Target::SupportWeapon,
        Target::Vehicle,
    ] {
        assert!(lawful_target(Scope::Squad, t).is_ok(), "{t:?}");
    }
    // One model of the unit in range suffices.
    assert!(in_range(12.0, &[14.0, 11.5, 20.0]));
    assert!(!in_range(12.0, &[14.0, 12.5]));
}

#[test]
fn psy_2_squad_hits_fall_at_random_on_numbered_models() {
    let mut rng = seeded(5);
    let dice = allocate_hits(&mut rng, 40, 4).expect("allocated");
    assert_eq!(dice.len(), 40);
    assert!(
        dice.iter()
            .all(|r| r.sides == 4 && (1..=4).contains(&r.total))
    );
    assert!(allocate_hits(&mut rng, 1, 0).is_err());
    // Two wounds on three one-wound models, every allocation counted:
    // 3 of the 9 put both on one model (1 dead), 6 kill two.
    let c = squad_casualties(3, &[0.0, 0.0, 1.0]);
    assert!(close(c[1], 3.0 / 9.0) && close(c[2], 6.0 / 9.0));
}

fn squad(hits: u32, models: u32) -> PsychicAttack {
    PsychicAttack {
        scope: Scope::Squad,
        kind: AttackKind::Template,
        hits,
        strength: Some(3),
        target: PsyTarget {
            t: 3,
            w: 1,
            save: Some(5),
            force_field: None,
            models,
        },
        ..PsychicAttack::default()
    }
}

#[test]
fn psy_2_a_squad_attack_s_casualties_match_a_count_of_every_die() {
    let r = rules();
    // Two S3 hits on three T3 troopers with a 5+ save: wound on 4+, save on
    // 5+. Every die: the allocation D3, the wound D6 and the save D6 a hit.
    let o = squad(2, 3).odds(r).expect("odds");
    let mut dead = [0u64; 4];
    let mut total = 0u64;
    for a1 in 1..=3 {
        for w1 in 1..=6 {
            for s1 in 1..=6 {
                for a2 in 1..=3 {
                    for w2 in 1..=6 {
                        for s2 in 1..=6 {
                            let mut hit = [false; 3];
                            if w1 >= 4 && s1 < 5 {
                                hit[a1 - 1] = true;
                            }
                            if w2 >= 4 && s2 < 5 {
                                hit[a2 - 1] = true;
                            }
                            dead[hit.iter().filter(|&&h| h).count()] += 1;
                            total += 1;
                        }
                    }
                }
            }
        }
    }
    let c = o.casualties.expect("one-wound models");
    for k in 0..4 {
        assert!(
            (c[k] - dead[k] as f64 / total as f64).abs() < 1e-12,
            "{k}: {} against {}",
            c[k],
            dead[k] as f64 / total as f64
        );
    }
}

// ---------------------------------------------------------------- PSY-10 … PSY-12

fn on_vehicle(kind: AttackKind, strength: Option<i32>, card_covers: bool) -> PsychicAttack {
    PsychicAttack {
        kind,
        hits: 1,
        strength,
        damage: Damage::Fixed(1),
        vehicle: Some(VehicleTarget {
            armour: 14,
            crossed: 3,
            card_covers,
        }),
        ..PsychicAttack::default()
    }
}

#[test]
fn psy_10_a_power_affects_a_vehicle_only_with_a_strength_or_when_its_card_says() {
    assert!(affects_vehicle(true, false));
    assert!(affects_vehicle(false, true));
    assert!(!affects_vehicle(false, false), "beneficial powers too");
    let r = rules();
    let none = on_vehicle(AttackKind::Template, None, false);
    let o = none.odds(r).expect("odds");
    assert!(!o.vehicle.expect("vehicle").affected);
    let roll = none.roll(r, &mut seeded(1)).expect("roll");
    assert!(roll.no_effect_on_vehicle && roll.rolls.is_empty());
    let covered = on_vehicle(AttackKind::Template, None, true);
    assert!(covered.odds(r).expect("odds").vehicle.expect("v").affected);
}

#[test]
fn psy_11_hit_location_is_rolled_only_for_first_model_in_its_path() {
    assert!(rolls_hit_location(AttackKind::FirstInPath));
    assert!(!rolls_hit_location(AttackKind::Line));
    assert!(!rolls_hit_location(AttackKind::Template));
    assert_eq!(
        vehicle_hits(AttackKind::FirstInPath, 3),
        VehicleHits::RollLocation
    );
    assert_eq!(
        vehicle_hits(AttackKind::Line, 3),
        VehicleHits::AlongLine { crossed: 3 }
    );
    assert_eq!(
        vehicle_hits(AttackKind::Template, 3),
        VehicleHits::UnderTemplate
    );
    let r = rules();
    let roll = on_vehicle(AttackKind::FirstInPath, Some(5), false)
        .roll(r, &mut seeded(2))
        .expect("roll");
    assert!(roll.location_to_roll);
    let roll = on_vehicle(AttackKind::Line, Some(5), false)
        .roll(r, &mut seeded(2))
        .expect("roll");
    assert!(!roll.location_to_roll);
    // Two further locations: two location dice, then per hit its dice.
    let location_dice = roll
        .rolls
        .iter()
        .filter(|x| x.purpose == "battle.for.location")
        .count();
    assert_eq!(location_dice, 2);
}

#[test]
fn psy_12_a_line_s_penetrations_match_a_count_of_every_die() {
    let r = rules();
    // S5, 1 damage, armour 14, a line crossing 2 locations: the first hit,
    // the second on 4+; each hit 5 + 1 + D6 + D6 (bonus) >= 14.
    let mut a = on_vehicle(AttackKind::Line, Some(5), false);
    a.vehicle = Some(VehicleTarget {
        armour: 14,
        crossed: 2,
        card_covers: false,
    });
    let o = a.odds(r).expect("odds");
    let v = o.vehicle.expect("vehicle");
    assert_eq!(v.bonus_die, Some(6));
    let mut pen_one = 0u32;
    for d6 in 1..=6 {
        for bonus in 1..=6 {
            if 5 + 1 + d6 + bonus >= 14 {
                pen_one += 1;
            }
        }
    }
    let p = f64::from(pen_one) / 36.0;
    assert!(close(v.penetration.expect("p"), p));
    // 1 hit with 1/2, 2 hits with 1/2.
    let want = [
        0.5 * (1.0 - p) + 0.5 * (1.0 - p) * (1.0 - p),
        0.5 * p + 0.5 * 2.0 * p * (1.0 - p),
        0.5 * p * p,
    ];
    for (k, w) in want.into_iter().enumerate() {
        assert!(close(v.penetrations[k], w), "{k}");
    }
}
