//! A psychic attack as the battle screen sets it up (PSY-1 … PSY-5,
//! PSY-10 … PSY-12): its exact odds and its roll, every die kept.
//!
//! The cards are not in the sources, so a power is described by its
//! parameters: how it travels, whom it targets, its Strength and damage,
//! the saves it allows and the test that resists it.

use serde::{Deserialize, Serialize};

use crate::rules::close_combat::Damage;
use crate::rules::core::dice::{DiceSpec, MAX_DICE, Roll};
use crate::rules::core::dist::{Dist, add, binomial, d6_at_least, fixed};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::psychic::play::{
    AttackKind, Power, Scope, VehicleHits, affects_vehicle, line_locations, squad_casualties,
    vehicle_hits,
};
use crate::rules::psychic::{Under, bonus_die, penetration_chance, test_chance};

mod roll;

pub use roll::PsychicRoll;

/// The test a power allows to resist it (PSY-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerTest {
    /// The characteristic tested.
    pub characteristic: i32,
    /// D6 rolled.
    pub dice: u32,
    /// Under, or equal or under.
    pub or_equal: bool,
}

impl PowerTest {
    fn under(self) -> Under {
        if self.or_equal {
            Under::OrEqual
        } else {
            Under::Strictly
        }
    }

    /// The chance to resist (PSY-5).
    pub fn pass_chance(self) -> f64 {
        test_chance(self.characteristic, self.dice, self.under())
    }

    /// Whether a roll passes (PSY-5): on one D6 a 6 always fails; on more
    /// dice the total alone decides.
    pub fn passes(self, roll: &Roll) -> bool {
        let total = roll.total;
        let under = match self.under() {
            Under::Strictly => total < self.characteristic,
            Under::OrEqual => total <= self.characteristic,
        };
        under && roll.faces.as_slice() != [6]
    }
}

/// The model or unit the power is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PsyTarget {
    /// Toughness.
    pub t: i32,
    /// Wounds left of each model.
    pub w: u32,
    /// Armour save (4: 4+), worsened by the power's Strength.
    pub save: Option<i32>,
    /// A force field's save, never worsened (PSY-3).
    pub force_field: Option<i32>,
    /// Models in the unit (1 for an individual target).
    pub models: u32,
}

/// A vehicle as the target (PSY-10 … PSY-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VehicleTarget {
    /// Armour of the location hit.
    pub armour: i32,
    /// Locations a line crosses (PSY-1).
    pub crossed: u32,
    /// The card says how it affects vehicles (PSY-10).
    pub card_covers: bool,
}

/// A psychic attack, by its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PsychicAttack {
    /// How it travels (PSY-1).
    pub kind: AttackKind,
    /// One model or a unit (PSY-2).
    pub scope: Scope,
    /// Hits it makes: the card's hits, or the models under the template.
    pub hits: u32,
    /// Its Strength, if it hits with one.
    pub strength: Option<i32>,
    /// Wounds of each unsaved hit.
    pub damage: Damage,
    /// Each failed save counts two wounds (PSY-4).
    pub double: bool,
    /// The test that resists it (PSY-5), if any.
    pub test: Option<PowerTest>,
    /// The target.
    pub target: PsyTarget,
    /// The target is a vehicle.
    pub vehicle: Option<VehicleTarget>,
    /// The card and its psyker, for the powers in play (PSY-8).
    pub power: Power,
}

impl Default for PsychicAttack {
    fn default() -> Self {
        Self {
            kind: AttackKind::FirstInPath,
            scope: Scope::Individual,
            hits: 1,
            strength: Some(4),
            damage: Damage::Fixed(1),
            double: false,
            test: None,
            target: PsyTarget {
                t: 3,
                w: 1,
                save: None,
                force_field: None,
                models: 1,
            },
            vehicle: None,
            power: Power::default(),
        }
    }
}

/// What the odds say about a vehicle (PSY-10 … PSY-12).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VehicleOdds {
    /// The power affects it at all (PSY-10).
    pub affected: bool,
    /// How the hits fall (PSY-11).
    pub hits: VehicleHits,
    /// The bonus die of penetration (PSY-12), by its faces.
    pub bonus_die: Option<u32>,
    /// The chance that one hit penetrates; `None` without a Strength.
    pub penetration: Option<f64>,
    /// `penetrations[k]`: the chance of exactly `k` penetrating hits.
    pub penetrations: Dist,
}

/// The odds of a psychic attack.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AttackOdds {
    /// The chance that the target fails its test and suffers the power (1
    /// without a test).
    pub affected: f64,
    /// The score on the wound chart, `None` when it cannot wound.
    pub score_to_wound: Option<u32>,
    /// The chance that a hit wounds.
    pub wound: f64,
    /// The save rolled: the better of the armour save worsened by S and the
    /// force field (PSY-3); `None`: no save.
    pub score_to_save: Option<i32>,
    /// The chance that a wound is saved.
    pub save: f64,
    /// The chance that one hit ends as an unsaved hit, test included.
    pub unsaved: f64,
    /// `wounds[k]`: the chance of exactly `k` wounds in all (capped at the
    /// target's wounds for an individual target).
    pub wounds: Dist,
    /// `casualties[k]`: the chance that `k` models die (one-wound models of
    /// a squad, or the individual target); `None` when not known exactly.
    pub casualties: Option<Dist>,
    /// A vehicle target's odds.
    pub vehicle: Option<VehicleOdds>,
}

fn bad(field: &str, value: i64, range: &str) -> Problem {
    Problem::new("PSY-3", "problem.psy_value")
        .arg("field", field)
        .arg("value", value)
        .arg("range", range)
}

fn within(field: &str, value: i64, lo: i64, hi: i64) -> Result<(), Problem> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(bad(field, value, &format!("{lo}–{hi}")))
    }
}

/// The score a save needs against a power (PSY-3), the better of the armour
/// save worsened by S and the force field; `None` when there is none.
// Decision: a model with both an armour save and a force field rolls once,
// with whichever needs the lower score.
pub fn save_score(rules: &RulesData, target: &PsyTarget, strength: Option<i32>) -> Option<i32> {
    // CC-12 Decision (data): a save modified to this or more is lost.
    let lost = rules.close_combat.limits.save_lost_from;
    let armour = target
        .save
        .map(|s| s - strength.map_or(0, |st| rules.save_modifier(st)))
        .filter(|&s| s < lost);
    let field = target.force_field.filter(|&s| s < lost);
    match (armour, field) {
        (Some(a), Some(f)) => Some(a.min(f).max(2)),
        (Some(x), None) | (None, Some(x)) => Some(x.max(2)),
        (None, None) => None,
    }
}

impl PsychicAttack {
    /// Checks the values against the rules' ranges, naming the field.
    pub fn check(&self) -> Result<(), Problem> {
        let max = i64::from(MAX_DICE);
        within("hits", i64::from(self.hits), 0, max)?;
        if let Some(s) = self.strength {
            within("strength", i64::from(s), 1, 10)?;
        }
        within("t", i64::from(self.target.t), 1, 10)?;
        within("w", i64::from(self.target.w), 1, 100)?;
        within("models", i64::from(self.target.models), 1, max)?;
        if let Some(s) = self.target.save {
            within("save", i64::from(s), 2, 6)?;
        }
        if let Some(s) = self.target.force_field {
            within("force_field", i64::from(s), 2, 6)?;
        }
        if let Some(t) = self.test {
            within("test.characteristic", i64::from(t.characteristic), 0, 20)?;
            within("test.dice", i64::from(t.dice), 1, 10)?;
        }
        if let Some(v) = self.vehicle {
            within("armour", i64::from(v.armour), 1, 40)?;
            within("crossed", i64::from(v.crossed), 1, 20)?;
        }
        match self.damage {
            Damage::Fixed(n) => within("damage", i64::from(n), 0, 100)?,
            Damage::Dice(d) | Damage::VsLiving { living: d, .. } => {
                within("damage.count", i64::from(d.count), 1, 10)?;
                within("damage.sides", i64::from(d.sides), 1, 100)?;
            }
        }
        Ok(())
    }

    fn squad(&self) -> bool {
        self.scope == Scope::Squad && self.target.models > 1
    }

    /// The wounds of one unsaved hit, doubled for PSY-4.
    fn per_unsaved(&self) -> Dist {
        let d = self.damage.dist(true);
        if !self.double {
            return d;
        }
        let mut out = vec![0.0; d.len().saturating_sub(1) * 2 + 1];
        for (k, p) in d.into_iter().enumerate() {
            out[k * 2] += p;
        }
        out
    }

    /// The exact odds (PSY-1 … PSY-5, PSY-10 … PSY-12).
    pub fn odds(&self, rules: &RulesData) -> Result<AttackOdds, Problem> {
        self.check()?;
        let affected = self.test.map_or(1.0, |t| 1.0 - t.pass_chance());
        if let Some(v) = self.vehicle {
            return Ok(self.vehicle_odds(affected, v));
        }
        let score_to_wound = self.strength.and_then(|s| rules.to_wound(s, self.target.t));
        let wound = score_to_wound.map_or(0.0, |n| d6_at_least(i32::try_from(n).unwrap_or(7)));
        let score_to_save = self
            .strength
            .is_some()
            .then(|| save_score(rules, &self.target, self.strength))
            .flatten();
        let save = score_to_save.map_or(0.0, d6_at_least);
        let per_hit = wound * (1.0 - save);
        // One hit: nothing, or the damage of an unsaved hit.
        let dmg = self.per_unsaved();
        let mut one: Dist = dmg.iter().map(|p| p * per_hit).collect();
        if let Some(z) = one.first_mut() {
            *z += 1.0 - per_hit;
        }
        let mut total = fixed(0);
        for _ in 0..self.hits {
            total = add(&total, &one);
        }
        // The test resists the whole power: nothing at all when passed.
        let mix = |d: Dist| -> Dist {
            let mut d: Dist = d.into_iter().map(|p| p * affected).collect();
            if let Some(z) = d.first_mut() {
                *z += 1.0 - affected;
            }
            d
        };
        let (wounds, casualties) = if self.squad() {
            let casualties = (self.target.w == 1).then(|| {
                // One-wound models: each unsaved hit kills the model it falls on.
                let hits = binomial(self.hits, per_hit);
                mix(squad_casualties(self.target.models, &hits))
            });
            (mix(total), casualties)
        } else {
            let cap = usize::try_from(self.target.w).unwrap_or(1);
            let mut capped = vec![0.0; cap + 1];
            for (k, p) in total.into_iter().enumerate() {
                capped[k.min(cap)] += p;
            }
            let capped = mix(capped);
            let dead = capped.last().copied().unwrap_or(0.0);
            (capped, Some(vec![1.0 - dead, dead]))
        };
        Ok(AttackOdds {
            affected,
            score_to_wound,
            wound,
            score_to_save,
            save,
            unsaved: per_hit * affected,
            wounds,
            casualties,
            vehicle: None,
        })
    }

    fn vehicle_odds(&self, affected: f64, v: VehicleTarget) -> AttackOdds {
        let works = affects_vehicle(self.strength.is_some(), v.card_covers);
        let how = vehicle_hits(self.kind, v.crossed);
        let penetration = self
            .strength
            .filter(|_| works)
            .map(|s| penetration_chance(s, &self.damage.dist(false), v.armour));
        // The number of hits on the vehicle's locations.
        let hits: Dist = match how {
            VehicleHits::AlongLine { crossed } => line_locations(crossed),
            VehicleHits::RollLocation | VehicleHits::UnderTemplate => {
                fixed(if works { self.hits } else { 0 })
            }
        };
        let p = penetration.unwrap_or(0.0) * affected;
        let mut penetrations = vec![0.0; hits.len()];
        for (n, &q) in hits.iter().enumerate() {
            let b = binomial(u32::try_from(n).unwrap_or(0), p);
            for (k, r) in b.into_iter().enumerate() {
                penetrations[k] += q * r;
            }
        }
        AttackOdds {
            affected: if works { affected } else { 0.0 },
            score_to_wound: None,
            wound: 0.0,
            score_to_save: None,
            save: 0.0,
            unsaved: 0.0,
            wounds: vec![1.0],
            casualties: None,
            vehicle: Some(VehicleOdds {
                affected: works,
                hits: how,
                bonus_die: self.strength.and_then(bonus_die),
                penetration,
                penetrations,
            }),
        }
    }
}

/// The dice of a damage spec, for the view: `D3` is `{1, 3}`.
pub fn damage_dice(count: u32, sides: u32) -> Damage {
    Damage::Dice(DiceSpec { count, sides })
}
