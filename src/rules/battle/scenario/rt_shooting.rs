//! A Rogue Trader shot as a scenario gives it (Assumed: `shooting.json`):
//! the shooter, his weapon, the range and the target, checked into the
//! shot the odds are computed for.

use serde::Deserialize;

use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

use super::values::{Count, count, in_range, once, one, out_of_range, save, save_modifier};

/// A Rogue Trader weapon as a shot fires it (Assumed: `shooting.json`).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RtWeapon {
    /// Its own S; none: the shooter's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub s: Option<i64>,
    /// Its short and long range, in inches.
    pub range: [i64; 2],
    /// Its to-hit modifier at short and at long range.
    #[serde(default)]
    pub to_hit: [i64; 2],
    /// Its save modifier (`-1`); none: by its S.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_modifier: Option<i64>,
    /// Shots: a number or dice (an enemy's weapon of the faction tables).
    #[serde(default = "one")]
    pub shots: Count,
    /// Wounds per unsaved wound: a number or dice (`"D4"`).
    #[serde(default = "one")]
    pub damage: Count,
    /// Sustained-fire dice: they give the number of shots.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sustained: i64,
    /// A template weapon: it hits every target within its range, no roll.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub template: bool,
    /// A slow (S-type) weapon: it cannot stand and shoot at chargers
    /// (CC-2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub slow: bool,
}

fn is_zero(v: &i64) -> bool {
    *v == 0
}

/// A Rogue Trader shooter.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RtShooter {
    /// Ballistic skill.
    pub bs: i64,
    /// His own S, for a weapon that has none (a thrown knife).
    #[serde(default = "three")]
    pub s: i64,
}

fn three() -> i64 {
    3
}

/// A Rogue Trader target.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RtTarget {
    /// Toughness.
    pub t: i64,
    /// Armour save (5: 5+), or none.
    #[serde(default)]
    pub save: Option<i64>,
    /// Wounds left: damage beyond them is lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wounds: Option<i64>,
}

/// One Rogue Trader shot (Assumed: `shooting.json`).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RtShootingScenario {
    /// `rt_shooting`.
    pub kind: super::kind::ScenarioKind,
    /// The shooter.
    pub shooter: RtShooter,
    /// The weapon.
    pub weapon: RtWeapon,
    /// How far the target is, in inches.
    pub range: i64,
    /// The target.
    pub target: RtTarget,
    /// The situation: cover, a fast, small or large target, standing to
    /// shoot at chargers.
    #[serde(default)]
    pub modifiers: Vec<crate::rules::shooting::Situation>,
}

impl RtShootingScenario {
    /// The shot with its values checked, or the field that is not within
    /// the rules.
    pub fn shot(&self, rules: &RulesData) -> Result<crate::rules::shooting::RtShot, Problem> {
        let w = &self.weapon;
        once("modifiers", &self.modifiers)?;
        if w.slow
            && self
                .modifiers
                .contains(&crate::rules::shooting::Situation::StandAndShoot)
        {
            return Err(Problem::new("CC-2", "problem.slow_weapon_stand_and_shoot"));
        }
        let inches = |field: &str, v: i64| in_range(field, v, 0, 1000).map(|v| v.unsigned_abs());
        let ranges = [
            inches("weapon.range[0]", w.range[0])?,
            inches("weapon.range[1]", w.range[1])?,
        ];
        if ranges[0] > ranges[1] {
            return Err(out_of_range(
                "weapon.range[0]",
                w.range[0],
                &format!("0–{}", w.range[1]),
            ));
        }
        let sustained = in_range("weapon.sustained", w.sustained, 0, 10)?.unsigned_abs();
        if sustained > 0 && w.shots != Count::Fixed(1) {
            return Err(Problem::new("FILE", "odds.shots_and_sustained"));
        }
        let shots = if sustained > 0 {
            rules.shooting.sustained_fire.dist(sustained)
        } else {
            w.shots.dist("weapon.shots", 0)?
        };
        let s = match w.s {
            Some(s) => in_range("weapon.s", s, 1, 10)?,
            None => in_range("shooter.s", self.shooter.s, 1, 10)?,
        };
        Ok(crate::rules::shooting::RtShot {
            bs: in_range("shooter.bs", self.shooter.bs, 1, 10)?,
            s,
            range_inches: inches("range", self.range)?,
            ranges,
            to_hit: [
                in_range("weapon.to_hit[0]", w.to_hit[0], -6, 6)?,
                in_range("weapon.to_hit[1]", w.to_hit[1], -6, 6)?,
            ],
            save_modifier: save_modifier("weapon.save_modifier", w.save_modifier)?,
            shots,
            damage: w.damage.dist("weapon.damage", 1)?,
            template: w.template,
            toughness: in_range("target.t", self.target.t, 1, 10)?,
            save: save("target.save", self.target.save)?,
            wounds_left: self
                .target
                .wounds
                .map(|v| {
                    if v < 1 {
                        Err(out_of_range("target.wounds", v, "1 or more"))
                    } else {
                        count("target.wounds", v)
                    }
                })
                .transpose()?,
            situation: self.modifiers.clone(),
        })
    }
}
