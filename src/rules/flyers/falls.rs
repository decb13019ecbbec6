//! What falls from a flyer and what a flyer hits: objects dropped and
//! gathered again (FLY-10), crashes and impacts (FLY-11), and the level of
//! a building's floor (FLY-12).

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::data::{DieRoll, FlyerRules};
use super::{Level, above_top};
use crate::rules::core::dice::{Check, Roll, roll_dice};
use crate::rules::core::dist::{Dist, at_least, dice_sum};
use crate::rules::core::problem::Problem;

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
