//! Flyers in a fight: the ranges to, from and between flyers (FLY-4 …
//! FLY-6), and close combat between the air and the ground and in the air
//! (FLY-7 … FLY-9).

use serde::{Deserialize, Serialize};

use super::data::FlyerRules;
use super::{Flyer, Level};
use crate::rules::close_combat::odds::{CcModifier, Fighter};
use crate::rules::core::problem::Problem;

// ------------------------------------------------------- FLY-4 … FLY-6

/// The range when a flyer at `target` is shot from the ground, `ground`
/// inches away (FLY-4): at attack level the ground distance; else the level
/// is added (+20" at +20).
pub fn range_from_ground(rules: &FlyerRules, target: Level, ground: f64) -> f64 {
    ground + f64::from(target.0) * f64::from(rules.range.from_ground_per_level)
}

/// The range when a flyer at `shooter` shoots at the ground (FLY-5): the
/// ground distance up to +20, then 10" per level above +20. Decision (the
/// data's `to_ground_cumulative`): cumulative, so +40 adds 20", as in
/// FLY-6; else 10" at +30 and 10" per level beyond +30, so +40 adds 10".
pub fn range_to_ground(rules: &FlyerRules, shooter: Level, ground: f64) -> f64 {
    let r = &rules.range;
    let mut above = shooter.0.saturating_sub(r.to_ground_free_levels);
    if !r.to_ground_cumulative && above > 1 {
        above -= 1;
    }
    ground + f64::from(above) * f64::from(r.to_ground_per_level)
}

/// The range between flyers at `shooter` and `target` (FLY-6): a target
/// up to two levels lower, the ground distance; a higher one, 10" per level
/// of difference; one more than two levels lower, 10" per level beyond the
/// second. Attack level counts as the ground.
pub fn range_air_to_air(rules: &FlyerRules, shooter: Level, target: Level, ground: f64) -> f64 {
    let r = &rules.range;
    let levels = if target > shooter {
        target.0 - shooter.0
    } else {
        (shooter.0 - target.0).saturating_sub(r.air_free_levels_lower)
    };
    ground + f64::from(levels) * f64::from(r.air_per_level)
}

/// Whether a shot at `range` may hit with a weapon of `weapon_range`
/// (FLY-5): beyond the weapon's range there is no chance to hit.
pub fn in_range(range: f64, weapon_range: f64) -> bool {
    range <= weapon_range
}

// ------------------------------------------------------- FLY-7 … FLY-9

/// How a flyer fights ground troops (FLY-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AirGroundCombat {
    /// The air troops strike first.
    pub air_strikes_first: bool,
    /// No charge bonus for the air troops.
    pub charge_bonus: bool,
    /// The flyer may stay in the combat next turn (only if it can hover).
    pub may_stay: bool,
}

/// Whether a flyer at `level` may fight ground troops in its `turn`-th turn
/// of the combat (1 for the first) (FLY-7): only from attack level, and
/// past the first turn only if it can hover.
pub fn air_ground_combat(
    flyer: &Flyer,
    level: Level,
    turn: u32,
) -> Result<AirGroundCombat, Problem> {
    if level != Level::ATTACK {
        return Err(
            Problem::new("FLY-7", "flyer.combat_from_height").arg("level", level.altitude())
        );
    }
    if turn > 1 && !flyer.can_hover() {
        return Err(Problem::new("FLY-7", "flyer.cannot_stay_in_combat").arg("turn", turn));
    }
    Ok(AirGroundCombat {
        air_strikes_first: true,
        charge_bonus: false,
        may_stay: flyer.can_hover(),
    })
}

/// The end of a round between air and ground troops (FLY-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AirGroundResult {
    /// The air unit lost: it is pushed up to `to`, the combat ends and the
    /// ground troops cannot pursue.
    AirPushedUp {
        /// Its new level.
        to: Level,
    },
    /// The ground unit lost: it tests for rout as usual and is not pushed
    /// back; if it routs, the flyers pursue if they physically can.
    GroundTestsRout,
}

/// What follows a round lost by the air unit (`air_lost`) or the ground
/// unit, the air unit being at `level` (FLY-7).
pub fn air_ground_result(level: Level, air_lost: bool) -> AirGroundResult {
    if air_lost {
        AirGroundResult::AirPushedUp {
            to: Level(level.0.saturating_add(1)),
        }
    } else {
        AirGroundResult::GroundTestsRout
    }
}

/// The air troops' models ready for a round against ground troops
/// (FLY-7): they strike first and get no charge or pursuit bonus (the
/// charge and follow-up modifiers are taken off). Decision: striking first
/// is the strike order of CC-7 with each air model's I raised, for the
/// order only, above the best I of the living ground models.
pub fn air_strikers(air: &[Fighter], ground: &[Fighter]) -> Vec<Fighter> {
    // Decision: the order of CC-7, each air model's I above every ground one.
    let best = ground
        .iter()
        .filter(|m| m.w > 0)
        .map(|m| m.i)
        .max()
        .unwrap_or(i32::MIN);
    air.iter()
        .map(|m| {
            let mut m = without_charge_or_pursuit(m);
            m.i = m.i.max(best.saturating_add(1));
            m
        })
        .collect()
}

/// Models fighting in the air (FLY-8), or ground models fighting back
/// against flyers, with no charge or pursuit modifiers: the charge and
/// follow-up bonuses are taken off; the I order is kept.
pub fn air_fighters(models: &[Fighter]) -> Vec<Fighter> {
    models.iter().map(without_charge_or_pursuit).collect()
}

fn without_charge_or_pursuit(m: &Fighter) -> Fighter {
    let mut m = m.clone();
    m.modifiers
        .retain(|c| !matches!(c, CcModifier::Charging | CcModifier::FollowedUp));
    m
}

/// Whether two flyers may fight in the air (FLY-8): at the same level and
/// in base contact; they then fight as ground troops, with no charge or
/// pursuit modifiers.
pub fn air_combat(a: Level, b: Level, in_contact: bool) -> Result<(), Problem> {
    if a != b {
        return Err(Problem::new("FLY-8", "flyer.air_combat_levels")
            .arg("a", a.0)
            .arg("b", b.0));
    }
    if !in_contact {
        return Err(Problem::new("FLY-8", "flyer.air_combat_contact"));
    }
    Ok(())
}

/// Breaking off a combat (FLY-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BreakOff {
    /// A rout test is taken to leave.
    pub rout_test: bool,
    /// The opponents get free blows.
    pub free_blows: bool,
}

/// Air troops leaving a combat in their move phase (FLY-9): no rout test,
/// no free blows.
pub fn air_break_off() -> BreakOff {
    BreakOff {
        rout_test: false,
        free_blows: false,
    }
}
