//! Flyers, the numbers and decisions of them: speed changes and the turn
//! radius (FLY-1), climbing and diving (FLY-2), taking off and landing
//! (FLY-3), ranges to, from and between flyers (FLY-4 … FLY-6), close
//! combat in the air (FLY-7 … FLY-9), dropped objects (FLY-10), crashes
//! (FLY-11) and building floors (FLY-12).
//!
//! Pure and deterministic: exact distributions, and rolls made with the
//! caller's generator that keep every die as a [`Roll`]. Every table and
//! every assumed value comes from `assets/rules/robots_flyers.json`.

mod combat;
pub mod data;
mod falls;
pub mod table;

pub use combat::{
    AirGroundCombat, AirGroundResult, BreakOff, air_break_off, air_combat, air_fighters,
    air_ground_combat, air_ground_result, air_strikers, in_range, range_air_to_air,
    range_from_ground, range_to_ground,
};
pub use data::{CrashRules, DieRoll, DropRules, FloorRules, FlyerRules, GatherRules, RangeRules};
pub use falls::{
    Crash, Drop, Impact, crash_damage, crash_dice, direction_degrees, drop_distances,
    drop_hit_chance, drop_roll, floor_level, gather_back_chance, gather_rolls, gather_wait,
    impact_damage, impact_dice, roll_crash, roll_drop, roll_gather, roll_impact, stone_strength,
};

use serde::{Deserialize, Serialize};

use crate::rules::core::problem::Problem;

// ------------------------------------------------------------ the types

/// An altitude level (FLY-2): 0 is attack level, `n` is `+10n` (+10, +20 …).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Level(pub u32);

impl Level {
    /// Attack level, a few metres up: a ground target (FLY-4).
    pub const ATTACK: Self = Self(0);

    /// The level's altitude as players write it: 10 for `+10` (level 1),
    /// 0 for attack level.
    pub fn altitude(self) -> u64 {
        u64::from(self.0) * 10
    }
}

/// A flyer's flight characteristics (FLY-1).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flyer {
    /// The highest speed, in inches.
    pub max_speed: u32,
    /// The lowest speed; slower crashes. 0: it can hover.
    pub min_speed: u32,
    /// Inches it may speed up by in a turn (it slows down by twice that).
    pub acc_dec: u32,
    /// The turn radius is the speed times this (usually 1).
    pub turn_ratio: f64,
}

impl Flyer {
    /// Whether it can hover (minimum speed 0).
    pub fn can_hover(&self) -> bool {
        self.min_speed == 0
    }

    /// Checks the flyer's characteristics hold together (FLY-1).
    pub fn check(&self) -> Result<(), Problem> {
        if self.min_speed > self.max_speed {
            return Err(Problem::new("FLY-1", "flyer.min_over_max")
                .arg("min", self.min_speed)
                .arg("max", self.max_speed));
        }
        if !self.turn_ratio.is_finite() || self.turn_ratio < 0.0 {
            return Err(Problem::new("FLY-1", "flyer.bad_turn_ratio").arg("ratio", self.turn_ratio));
        }
        Ok(())
    }
}

/// Whether a flyer flies on or comes down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flight {
    /// It flies on.
    Flies,
    /// It crashes (FLY-11).
    Crashes,
}

fn above_top(rules: &FlyerRules, level: Level) -> Result<(), Problem> {
    if level.0 > rules.max_level {
        return Err(Problem::new("FLY-2", "flyer.above_top_level")
            .arg("level", level.altitude())
            .arg("max", Level(rules.max_level).altitude()));
    }
    Ok(())
}

// ------------------------------------------------------------------ FLY-1

/// The slowest and fastest speeds a flyer going at `current` may fly at next
/// (FLY-1): it speeds up by acc/dec at most, up to its maximum, and slows
/// down by 2 × acc/dec at most. The slowest may be below its minimum speed,
/// which crashes.
pub fn speed_limits(rules: &FlyerRules, flyer: &Flyer, current: u32) -> (u32, u32) {
    let slow = flyer.acc_dec.saturating_mul(rules.deceleration_factor);
    let lowest = current.saturating_sub(slow);
    let highest = current.saturating_add(flyer.acc_dec).min(flyer.max_speed);
    (lowest, highest.max(lowest))
}

/// A change of speed from `current` to `new` (FLY-1): refused above the
/// maximum speed or beyond acc/dec (2 × acc/dec to slow down); flying
/// slower than the minimum speed crashes.
pub fn change_speed(
    rules: &FlyerRules,
    flyer: &Flyer,
    current: u32,
    new: u32,
) -> Result<Flight, Problem> {
    if new > flyer.max_speed {
        return Err(Problem::new("FLY-1", "flyer.over_max_speed")
            .arg("speed", new)
            .arg("max", flyer.max_speed));
    }
    if new > current.saturating_add(flyer.acc_dec) {
        return Err(Problem::new("FLY-1", "flyer.speeds_up_too_much")
            .arg("from", current)
            .arg("to", new)
            .arg("acc", flyer.acc_dec));
    }
    let slow = flyer.acc_dec.saturating_mul(rules.deceleration_factor);
    if current.saturating_sub(new) > slow {
        return Err(Problem::new("FLY-1", "flyer.slows_down_too_much")
            .arg("from", current)
            .arg("to", new)
            .arg("dec", slow));
    }
    // Decision: slower than the minimum is not refused: the flyer crashes.
    Ok(if new < flyer.min_speed {
        Flight::Crashes
    } else {
        Flight::Flies
    })
}

/// The turn radius at `speed` (FLY-1): the speed times the turn-radius ratio.
pub fn turn_radius(flyer: &Flyer, speed: u32) -> f64 {
    f64::from(speed) * flyer.turn_ratio
}

// ------------------------------------------------------------------ FLY-2

/// The levels a flyer may climb or dive by hovering in a turn it moved
/// `moved` inches (FLY-2): one for a flyer able to hover, none for one that
/// cannot. Decision (the data's `hover_while_moving`): it has its level
/// having moved or not (it could have stopped to do so); else only in a
/// turn it does not move.
fn hover_levels(rules: &FlyerRules, flyer: &Flyer, moved: u32) -> u32 {
    if flyer.can_hover() && (rules.hover_while_moving || moved == 0) {
        rules.hover_levels_per_turn
    } else {
        0
    }
}

/// The most levels a flyer may climb after moving `moved` inches (FLY-2):
/// one per full 20", or its hovering level if more.
pub fn max_climb(rules: &FlyerRules, flyer: &Flyer, moved: u32) -> u32 {
    let by_move = moved / rules.climb_inches_per_level.max(1);
    by_move.max(hover_levels(rules, flyer, moved))
}

/// The most levels a flyer may dive after moving `moved` inches without
/// crashing (FLY-2): one per full 10", or its hovering level if more (as
/// [`max_climb`]).
pub fn max_dive(rules: &FlyerRules, flyer: &Flyer, moved: u32) -> u32 {
    let by_move = moved / rules.dive_inches_per_level.max(1);
    by_move.max(hover_levels(rules, flyer, moved))
}

/// A change of altitude from `from` to `to` in a turn of `moved` inches
/// (FLY-2): a climb steeper than allowed, or above the highest level, is
/// refused; a dive steeper than allowed crashes.
pub fn change_level(
    rules: &FlyerRules,
    flyer: &Flyer,
    from: Level,
    to: Level,
    moved: u32,
) -> Result<Flight, Problem> {
    above_top(rules, to)?;
    if to > from {
        let up = to.0 - from.0;
        let allowed = max_climb(rules, flyer, moved);
        if up > allowed {
            return Err(Problem::new("FLY-2", "flyer.climb_too_steep")
                .arg("levels", up)
                .arg("moved", moved)
                .arg("allowed", allowed)
                .arg("per", rules.climb_inches_per_level));
        }
        return Ok(Flight::Flies);
    }
    // Decision: a dive steeper than allowed is not refused: it crashes.
    let down = from.0 - to.0;
    Ok(if down > max_dive(rules, flyer, moved) {
        Flight::Crashes
    } else {
        Flight::Flies
    })
}

// ------------------------------------------------------------------ FLY-3

/// Checks a take-off at `speed` (FLY-3): at most acc/dec that turn.
/// Decision: the minimum speed does not apply in the turn of take-off (it
/// would forbid every flyer whose minimum is above its acc/dec to fly).
pub fn take_off(flyer: &Flyer, speed: u32) -> Result<(), Problem> {
    // Decision: no minimum speed in the turn of take-off.
    if speed > flyer.acc_dec {
        return Err(Problem::new("FLY-3", "flyer.take_off_too_fast")
            .arg("speed", speed)
            .arg("acc", flyer.acc_dec));
    }
    Ok(())
}

/// What follows a landing (FLY-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landing {
    /// A creature may make a reserve move that turn.
    pub reserve_move: bool,
    /// A vehicle's ground speed next turn (its last air speed), to be
    /// changed by its ground acc/dec as usual.
    pub ground_speed: Option<u32>,
}

/// A landing from `level` at `speed` (FLY-3): only from attack level and
/// at a speed within its normal deceleration (2 × acc/dec).
pub fn land(
    rules: &FlyerRules,
    flyer: &Flyer,
    level: Level,
    speed: u32,
    vehicle: bool,
) -> Result<Landing, Problem> {
    if level != Level::ATTACK {
        return Err(Problem::new("FLY-3", "flyer.land_from_height").arg("level", level.altitude()));
    }
    let slow = flyer.acc_dec.saturating_mul(rules.deceleration_factor);
    if speed > slow {
        return Err(Problem::new("FLY-3", "flyer.land_too_fast")
            .arg("speed", speed)
            .arg("dec", slow));
    }
    Ok(Landing {
        reserve_move: !vehicle,
        ground_speed: vehicle.then_some(speed),
    })
}
