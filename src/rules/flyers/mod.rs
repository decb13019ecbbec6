//! Flyers, the numbers and decisions of them: speed changes and the turn
//! radius (FLY-1), climbing and diving (FLY-2), taking off and landing
//! (FLY-3), ranges to, from and between flyers (FLY-4 … FLY-6), close
//! combat in the air (FLY-7 … FLY-9), dropped objects (FLY-10), crashes
//! (FLY-11) and building floors (FLY-12).
//!
//! Pure and deterministic: exact distributions, and rolls made with the
//! caller's generator that keep every die as a [`Roll`]. Every table and
//! every assumed value comes from `assets/rules/robots_flyers.json`.

pub mod data;
pub mod table;

pub use data::{CrashRules, DieRoll, DropRules, FloorRules, FlyerRules, GatherRules, RangeRules};

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::close_combat::odds::{CcModifier, Fighter};
use crate::rules::core::dice::{Check, Roll, roll_dice};
use crate::rules::core::dist::{Dist, at_least, dice_sum};
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

// ----------------------------------------------------------------- FLY-10

/// The roll for an object dropped from `level` (FLY-10): D6-3 at attack
/// level, D6-2 at +10, D6-1 at +20, and D20-1 from higher. Decision (the
/// data's `higher_step_per_level`, 0): the D20-1 is the whole roll at every
/// level above the table; a step adds that much per level above the first
/// of them.
pub fn drop_roll(rules: &FlyerRules, level: Level) -> DieRoll {
    let d = &rules.drop;
    let index = usize::try_from(level.0).unwrap_or(usize::MAX);
    if let Some(&roll) = d.by_level.get(index) {
        return roll;
    }
    // The step stops at the highest level (at most 100 levels of 10).
    let top = usize::try_from(rules.max_level).unwrap_or(usize::MAX);
    let beyond = index.min(top).saturating_sub(d.by_level.len());
    let step = i64::try_from(beyond)
        .unwrap_or(i64::MAX)
        .saturating_mul(i64::from(d.higher_step_per_level));
    let modifier = i64::from(d.higher.modifier).saturating_add(step);
    let modifier = modifier.clamp(i64::from(i32::MIN), i64::from(i32::MAX));
    DieRoll {
        modifier: i32::try_from(modifier).unwrap_or_default(),
        ..d.higher
    }
}

/// The exact distribution of where a dropped object lands (FLY-10):
/// `d[k]` is the chance it lands `k` inches from the target point; `d[0]`
/// is a hit (a result of 0 or less).
pub fn drop_distances(rules: &FlyerRules, level: Level) -> Dist {
    let roll = drop_roll(rules, level);
    let mut out: Dist = vec![0.0];
    let each = 1.0 / f64::from(roll.sides.max(1));
    for face in 1..=roll.sides {
        let total = (i64::from(face) + i64::from(roll.modifier)).max(0);
        let k = usize::try_from(total).unwrap_or(0);
        if out.len() <= k {
            out.resize(k + 1, 0.0);
        }
        out[k] += each;
    }
    out
}

/// The exact chance that an object dropped from `level` hits the target
/// point (FLY-10).
pub fn drop_hit_chance(rules: &FlyerRules, level: Level) -> f64 {
    drop_distances(rules, level)[0]
}

/// A dropped object (FLY-10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drop {
    /// The roll, with the level's modifier.
    pub roll: Roll,
    /// Inches from the target point (0: a hit).
    pub distance: u32,
    /// The random direction of a miss (a clock bearing on the D12).
    pub direction: Option<Roll>,
}

impl Drop {
    /// Whether it hit the target point.
    pub fn hit(&self) -> bool {
        self.distance == 0
    }
}

/// Drops an object from `level` (FLY-10), in the shooting phase instead of
/// shooting; refused while the flyer is in close combat.
pub fn roll_drop<R: Rng + ?Sized>(
    rules: &FlyerRules,
    level: Level,
    in_combat: bool,
    rng: &mut R,
) -> Result<Drop, Problem> {
    if in_combat {
        return Err(Problem::new("FLY-10", "flyer.drop_in_combat"));
    }
    let spec = drop_roll(rules, level);
    let roll = Roll::new(rng, 1, spec.sides, spec.modifier);
    let distance = u32::try_from(roll.total.max(0)).unwrap_or(0);
    // Decision: a random direction is a D12 clock bearing, read on the
    // table like a robot's orders.
    let direction = (distance > 0).then(|| Roll::new(rng, 1, rules.random_direction_sides, 0));
    Ok(Drop {
        roll,
        distance,
        direction,
    })
}

/// The Strength of a stone or brick dropped from `level` by a thrower of
/// `strength` (FLY-10): +1 per level above attack level.
pub fn stone_strength(rules: &FlyerRules, strength: i32, level: Level) -> i32 {
    let per = i64::from(rules.drop.stone_strength_per_level);
    let s = i64::from(strength) + per * i64::from(level.0);
    i32::try_from(s).unwrap_or(i32::MAX)
}

/// How many return rolls a unit gone for stones has made by the start of
/// its turn `turns` turns after the one it left in (FLY-10): none while it
/// waits its one full turn, then one at the start of each later turn.
/// Decision: it leaves in turn L, waits through turn L+1, rolls first at
/// the start of turn L+2.
pub fn gather_rolls(rules: &FlyerRules, turns: u32) -> u32 {
    // Decision: left in turn L, it waits out turn L+1 and rolls from L+2.
    turns.saturating_sub(rules.drop.gather.wait_turns)
}

/// Why a unit gone for stones makes no return roll yet `turns` turns after
/// it left (FLY-10): it waits its full turn first. None once it rolls.
pub fn gather_wait(rules: &FlyerRules, turns: u32) -> Option<Problem> {
    (gather_rolls(rules, turns) == 0).then(|| {
        Problem::new("FLY-10", "flyer.gather_wait").arg("wait", rules.drop.gather.wait_turns)
    })
}

/// The exact chance that a unit gone for stones is back, loaded, at the
/// start of its turn `turns` turns after it left (FLY-10).
pub fn gather_back_chance(rules: &FlyerRules, turns: u32) -> f64 {
    let g = rules.drop.gather;
    let each = at_least(g.die, 0, g.returns_at);
    let rolls = i32::try_from(gather_rolls(rules, turns)).unwrap_or(i32::MAX);
    1.0 - (1.0 - each).powi(rolls)
}

/// Rolls for a unit gone for stones at the start of its turn `turns` turns
/// after it left (FLY-10): passed, it comes back loaded at its own table
/// edge. Refused while it still waits its full turn.
pub fn roll_gather<R: Rng + ?Sized>(
    rules: &FlyerRules,
    turns: u32,
    rng: &mut R,
) -> Result<Check, Problem> {
    let g = rules.drop.gather;
    if gather_rolls(rules, turns) == 0 {
        return Err(Problem::new("FLY-10", "flyer.gather_wait").arg("wait", g.wait_turns));
    }
    let roll = Roll::new(rng, 1, g.die, 0);
    let passed = u32::try_from(roll.total).unwrap_or(0) >= g.returns_at;
    Ok(Check { roll, passed })
}

// ----------------------------------------------------------------- FLY-11

/// How many damage dice a crash from `level` deals (FLY-11): D4 at attack
/// level, 2D4 at +10 … 5D4 at +40. Assumed: one more per level above the
/// table. Refused above the highest level.
pub fn crash_dice(rules: &FlyerRules, level: Level) -> Result<u32, Problem> {
    above_top(rules, level)?;
    let c = &rules.crash;
    let index = usize::try_from(level.0).unwrap_or(usize::MAX);
    if let Some(&n) = c.dice_by_level.get(index) {
        return Ok(n);
    }
    let last = c.dice_by_level.last().copied().unwrap_or(1);
    let top = u32::try_from(c.dice_by_level.len().saturating_sub(1)).unwrap_or(u32::MAX);
    Ok(last.saturating_add(c.extra_dice_per_level.saturating_mul(level.0 - top)))
}

/// The exact distribution of the damage a crashing flyer (or air debris)
/// from `level` takes and deals (FLY-11).
pub fn crash_damage(rules: &FlyerRules, level: Level) -> Result<Dist, Problem> {
    Ok(dice_sum(
        crash_dice(rules, level)?,
        rules.crash.damage_sides,
    ))
}

/// How many dice what a flyer falling from `level` lands on takes
/// (FLY-11): 1D4 per level. Decision (the data's `impact_dice_as_crash`):
/// as many as the crash table (1 at attack level); else one per level above
/// attack level (the table's dice less those of attack level).
pub fn impact_dice(rules: &FlyerRules, level: Level) -> Result<u32, Problem> {
    let dice = crash_dice(rules, level)?;
    if rules.crash.impact_dice_as_crash {
        return Ok(dice);
    }
    Ok(dice.saturating_sub(crash_dice(rules, Level::ATTACK)?))
}

/// The exact distribution of the damage to what a flyer falling from
/// `level` lands on (FLY-11): 1D4 per level ([`impact_dice`]) plus the
/// falling object's T minus the target's T, never below 0.
pub fn impact_damage(
    rules: &FlyerRules,
    level: Level,
    falling_t: i32,
    target_t: i32,
) -> Result<Dist, Problem> {
    // Decision: never below 0 in all.
    let sum = dice_sum(impact_dice(rules, level)?, rules.crash.impact_sides);
    let shift = i64::from(falling_t) - i64::from(target_t);
    let mut out: Dist = vec![0.0];
    for (k, &p) in sum.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        let total = (i64::try_from(k).unwrap_or(i64::MAX) + shift).max(0);
        let i = usize::try_from(total).unwrap_or(0);
        if out.len() <= i {
            out.resize(i + 1, 0.0);
        }
        out[i] += p;
    }
    Ok(out)
}

/// A crash rolled (FLY-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crash {
    /// The damage the flyer takes (and deals as debris).
    pub damage: Roll,
    /// How far it lands, in inches.
    pub scatter: Roll,
    /// Which way: a clock bearing on the D12.
    pub direction: Roll,
}

/// Rolls a crash from `level` (FLY-11).
pub fn roll_crash<R: Rng + ?Sized>(
    rules: &FlyerRules,
    level: Level,
    rng: &mut R,
) -> Result<Crash, Problem> {
    let dice = crash_dice(rules, level)?;
    let damage = Roll::new(rng, dice, rules.crash.damage_sides, 0);
    let scatter = roll_dice(rng, rules.crash.scatter);
    let direction = Roll::new(rng, 1, rules.random_direction_sides, 0);
    Ok(Crash {
        damage,
        scatter,
        direction,
    })
}

/// The damage dealt to what a falling flyer lands on (FLY-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Impact {
    /// The dice, with the falling object's T minus the target's as the
    /// modifier.
    pub roll: Roll,
    /// The damage (the roll's total, never below 0).
    pub damage: u32,
}

/// Rolls the damage to what a flyer falling from `level` lands on (FLY-11).
pub fn roll_impact<R: Rng + ?Sized>(
    rules: &FlyerRules,
    level: Level,
    falling_t: i32,
    target_t: i32,
    rng: &mut R,
) -> Result<Impact, Problem> {
    let dice = impact_dice(rules, level)?;
    let modifier = falling_t.saturating_sub(target_t);
    let roll = Roll::new(rng, dice, rules.crash.impact_sides, modifier);
    let damage = u32::try_from(roll.total.max(0)).unwrap_or(0);
    Ok(Impact { roll, damage })
}

/// A random direction's bearing in degrees, clockwise from 12 o'clock, for
/// a direction die of the rules data (FLY-10, FLY-11).
pub fn direction_degrees(rules: &FlyerRules, roll: &Roll) -> f64 {
    let sides = rules.random_direction_sides.max(1);
    let face = u32::try_from(roll.total.max(0)).unwrap_or(0) % sides;
    f64::from(face) * 360.0 / f64::from(sides)
}

// ----------------------------------------------------------------- FLY-12

/// The level of a building's `floor` (FLY-12; 0 is the ground floor, 1 the
/// first floor, the one above it): attack level up to the first floor's
/// roof, +10 up to the 5th, +20 to the 10th, +30 to the 15th, +40 to the
/// 20th. Assumed: each 5 floors above make one more level. A flyer taking
/// off from a high platform starts at that level.
pub fn floor_level(rules: &FlyerRules, floor: u32) -> Level {
    let f = &rules.floors;
    if let Some(i) = f.top_floor_by_level.iter().position(|&top| floor <= top) {
        return Level(u32::try_from(i).unwrap_or(u32::MAX));
    }
    let last = f.top_floor_by_level.last().copied().unwrap_or(0);
    let top = u32::try_from(f.top_floor_by_level.len().saturating_sub(1)).unwrap_or(u32::MAX);
    // Assumed (data): each 5 floors above the table make one more level.
    let beyond = (floor - last).div_ceil(f.floors_per_level_beyond.max(1));
    Level(top.saturating_add(beyond))
}
