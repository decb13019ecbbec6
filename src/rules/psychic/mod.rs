//! Psychic attacks, the numbers of them: saves modified by Strength or not
//! (PSY-3), double wounds (PSY-4), characteristic tests where a 6 always
//! fails on one D6 (PSY-5), the casualty test (PSY-6, its share from the rules data)
//! and armour penetration with the bonus die by Strength (PSY-12). Exact
//! distributions, no dice rolled. The decisions at the table are in
//! `play`, a whole attack in `attack`.

pub mod attack;
pub mod play;

use crate::rules::core::dist::{Dist, add, binomial, die, fixed};
use crate::rules::data::RulesData;

/// The chance that one save succeeds against a psychic attack (PSY-3): an
/// armour save is worsened by the attack's Strength; a force field's is not.
/// A save worsened to 7 or more is lost.
pub fn save_chance(rules: &RulesData, save: Option<i32>, strength: i32, force_field: bool) -> f64 {
    let Some(save) = save else {
        return 0.0;
    };
    let target = if force_field {
        save
    } else {
        save - rules.save_modifier(strength)
    };
    // CC-12 Decision (data): a save modified to this or more is lost.
    if target >= rules.close_combat.limits.save_lost_from {
        return 0.0;
    }
    // A 1 always fails.
    f64::from((7 - target.max(2)).clamp(0, 6)) / 6.0
}

/// The wounds a target takes from `hits` wounding hits when each failed
/// save counts `per_failed` wounds (PSY-4: two for the "Doom" kind).
pub fn wounds_taken(hits: u32, save: f64, per_failed: u32) -> Dist {
    let failed = binomial(hits, 1.0 - save);
    let step = usize::try_from(per_failed).unwrap_or(1);
    let mut out = vec![0.0; failed.len().saturating_sub(1) * step + 1];
    for (k, p) in failed.into_iter().enumerate() {
        out[k * step] += p;
    }
    out
}

/// How a characteristic test is passed (PSY-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Under {
    /// The total must be under the characteristic.
    Strictly,
    /// The total may equal it.
    OrEqual,
}

/// The chance to pass a characteristic test of `dice` D6 against
/// `characteristic` (PSY-5). « La plupart des jets doivent être effectués
/// avec 1D6. Un résultat de 6 échoue toujours »: the automatic failure is
/// the one D6's 6; a test on more dice is passed by its total alone.
pub fn test_chance(characteristic: i32, dice: u32, under: Under) -> f64 {
    let mut one = die(6);
    if dice == 1
        && let Some(six) = one.get_mut(6)
    {
        *six = 0.0;
    }
    let mut total = fixed(0);
    for _ in 0..dice {
        total = add(&total, &one);
    }
    total
        .iter()
        .enumerate()
        .filter(|&(k, _)| {
            let k = i32::try_from(k).unwrap_or(i32::MAX);
            match under {
                Under::Strictly => k < characteristic,
                Under::OrEqual => k <= characteristic,
            }
        })
        .map(|(_, p)| p)
        .sum()
}

/// Whether the casualties of a turn force a morale test (PSY-6): the data's
/// share (`close_combat.json`'s `heavy_casualties_percent`, 25) or more of
/// the unit as it was at the start of the turn.
pub fn casualty_test(rules: &RulesData, unit_at_start: u32, casualties: u32) -> bool {
    crate::rules::close_combat::heavy_casualties(rules, unit_at_start, casualties)
}

/// The bonus die of armour penetration by Strength (PSY-12): none, D6, D12
/// or D20.
pub fn bonus_die(strength: i32) -> Option<u32> {
    match strength {
        i32::MIN..=3 => None,
        4..=5 => Some(6),
        6..=7 => Some(12),
        _ => Some(20),
    }
}

/// The chance that a hit of `strength` and `damage` (a distribution:
/// `fixed(1)`, `die(3)` …) penetrates `armour` (PSY-12): S + damage + D6 +
/// the bonus die, equal or more.
pub fn penetration_chance(strength: i32, damage: &Dist, armour: i32) -> f64 {
    let mut total = add(&fixed(u32::try_from(strength.max(0)).unwrap_or(0)), damage);
    total = add(&total, &die(6));
    if let Some(sides) = bonus_die(strength) {
        total = add(&total, &die(sides));
    }
    total
        .iter()
        .enumerate()
        .filter(|&(k, _)| i64::try_from(k).unwrap_or(i64::MAX) >= i64::from(armour))
        .map(|(_, p)| p)
        .sum()
}

/// The odds of a psychic attack's hits on one target: each hit wounds on
/// the wound chart by S against T, then the save (PSY-3), each failed save
/// counting one or two wounds (PSY-4).
#[derive(Clone, Debug, PartialEq)]
pub struct PsychicOdds {
    /// The chance that a hit wounds.
    pub wound: f64,
    /// The chance that a wound is saved.
    pub save: f64,
    /// `wounds[k]`: the chance of exactly `k` wounds in all.
    pub wounds: Dist,
}

/// The odds of `hits` psychic hits of `strength` on a target of
/// `toughness` and `save` (a force field's or an armour save).
pub fn attack(
    rules: &RulesData,
    hits: u32,
    strength: i32,
    toughness: i32,
    save: Option<i32>,
    force_field: bool,
    double: bool,
) -> PsychicOdds {
    let wound = rules
        .to_wound(strength, toughness)
        .map_or(0.0, |n| f64::from(7_u32.saturating_sub(n).min(5)) / 6.0);
    let saved = save_chance(rules, save, strength, force_field);
    let per_hit = wound * (1.0 - saved);
    let step = if double { 2 } else { 1 };
    PsychicOdds {
        wound,
        save: saved,
        wounds: wounds_taken(hits, 1.0 - per_hit, step),
    }
}
