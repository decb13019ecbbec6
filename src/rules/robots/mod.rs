//! Robots, the numbers and decisions of them: the save of at least 6+ and
//! old saves written as winning rolls (ROB-1), one weapon per arm (ROB-2),
//! units that never rout and never mix with creatures (ROB-3, ROB-4), the
//! advanced orders written turns ahead by Int (ROB-5), fire arcs by Int
//! (ROB-6), the 2D6 target check (ROB-7), special damage (ROB-8) and the
//! optional malfunctions (ROB-9).
//!
//! Pure and deterministic: exact chances, and rolls made with the caller's
//! generator that keep every die as a [`Roll`]. Every table and every
//! assumed value comes from `assets/rules/robots_flyers.json`.

mod damage;
pub mod data;
mod orders;
pub mod table;

pub use damage::{
    DamageOdds, Malfunction, SpecialDamage, burning_smell_chance, check_one_in, damage_bonus,
    damage_left, damage_odds, destroyed, initiative_after, malfunction_odds, move_after, pick,
    roll_burning_smell, roll_malfunction, roll_special_damage,
};
pub use data::{
    ArcBy, Arm, ByInt, DamageLine, Effect, IntStep, MalfunctionRules, RandomRobots, RobotKind,
    RobotKindId, RobotRules, RobotSize, RobotWeapon, SpecialDamageRules,
};
pub use orders::{Action, Carried, Clock, Order, OrderQueue, turns_ahead};

use std::collections::BTreeMap;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::core::dice::{Check, Roll, roll_dice};
use crate::rules::core::dist::dice_sum;
use crate::rules::core::problem::Problem;
use data::DATA;

// ------------------------------------------------------------------ ROB-1

/// A robot's save (ROB-1): every robot saves on `minimum_save` (6+) at
/// worst, so a worse printed save, or none, becomes 6+.
pub fn save(rules: &RobotRules, printed: Option<i32>) -> i32 {
    printed.map_or(rules.minimum_save, |s| s.min(rules.minimum_save))
}

/// A save printed the old way, as the winning rolls ("2, 3, 4, 5 or 6"),
/// read as a score (2 for 2+) (ROB-1). The rolls must run up to 6 without
/// a gap.
pub fn save_from_rolls(rolls: &[u32]) -> Result<i32, Problem> {
    let refuse = || {
        let list: Vec<String> = rolls.iter().map(u32::to_string).collect();
        Problem::new("ROB-1", "robot.save_rolls").arg("rolls", list.join(", "))
    };
    // Decision: the winning rolls must run from 2 or more up to 6 without a
    // gap; anything else is not a save a player could have meant.
    let mut sorted = rolls.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let lowest = *sorted.first().ok_or_else(refuse)?;
    let run: Vec<u32> = (lowest..=6).collect();
    if lowest < 2 || sorted != run {
        return Err(refuse());
    }
    i32::try_from(lowest).map_err(|_| refuse())
}

// ------------------------------------------------------------------ ROB-2

/// Checks the weapons a robot fires together (ROB-2): `(arm, weapon id)`
/// pairs, at most one weapon per arm at a time; every arm may fire.
pub fn check_fire(robot: &RobotKind, shots: &[(usize, &str)]) -> Result<(), Problem> {
    let mut firing: BTreeMap<usize, &RobotWeapon> = BTreeMap::new();
    for &(arm, weapon) in shots {
        let Some((limb, w)) = robot
            .arms
            .get(arm)
            .and_then(|a| a.weapons.iter().find(|w| w.id == weapon).map(|w| (a, w)))
        else {
            return Err(Problem::new("ROB-2", "robot.no_such_weapon")
                .arg("arm", arm + 1)
                .arg("weapon", weapon));
        };
        if let Some(first) = firing.insert(arm, w) {
            return Err(Problem::new("ROB-2", "robot.one_weapon_per_arm")
                .arg("arm", arm + 1)
                .named("arm_name", &(arm + 1).to_string(), &limb.names)
                .named("first", &first.id, &first.names)
                .named("second", &w.id, &w.names));
        }
    }
    Ok(())
}

/// The most weapons a robot fires at once (ROB-2): one per armed arm.
pub fn weapons_at_once(robot: &RobotKind) -> usize {
    robot.arms.iter().filter(|a| !a.weapons.is_empty()).count()
}

// ------------------------------------------------------------ ROB-3, ROB-4

/// What a unit is made of (ROB-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    /// Robots only (a creature may command them from outside the unit).
    Robots,
    /// Thinking creatures.
    Creatures,
}

impl UnitKind {
    /// Whether the unit takes rout tests (ROB-3): robots never do.
    pub fn takes_rout_tests(self) -> bool {
        self == Self::Creatures
    }

    /// Whether blinding weapons affect it (ROB-3): robots' auto-senses make
    /// them immune.
    pub fn blinded_by_blinding_weapons(self) -> bool {
        self == Self::Creatures
    }

    /// Whether the 2" unit coherency rule applies (ROB-4): not to robots.
    pub fn keeps_coherency(self) -> bool {
        self == Self::Creatures
    }
}

/// The kind of a unit of `robots` robots and `creatures` thinking creatures
/// (ROB-4): robots and creatures never share a unit. A creature commanding
/// robots is not one of their unit.
pub fn unit_kind(robots: u32, creatures: u32) -> Result<UnitKind, Problem> {
    match (robots, creatures) {
        (0, _) => Ok(UnitKind::Creatures),
        (_, 0) => Ok(UnitKind::Robots),
        // Decision: a commanding creature stands outside the robots' unit.
        _ => Err(Problem::new("ROB-4", "robot.mixed_unit")
            .arg("robots", robots)
            .arg("creatures", creatures)),
    }
}

/// Splits a unit of `robots` robots into groups of the given sizes (ROB-4:
/// the player may split robots as he wishes): every group holds at least
/// one robot and the sizes add up to the unit.
pub fn split(robots: u32, groups: &[u32]) -> Result<(), Problem> {
    let total: u64 = groups.iter().map(|&g| u64::from(g)).sum();
    // Decision: a split leaves no empty group and loses no robot.
    if groups.contains(&0) || total != u64::from(robots) {
        return Err(Problem::new("ROB-4", "robot.bad_split")
            .arg("robots", robots)
            .arg("total", total));
    }
    Ok(())
}

// ------------------------------------------------------------------ ROB-6

/// A robot's fire arc in degrees (ROB-6): 90 above 7, 45 at 7 or less,
/// 22.5 at 5 or less, of the characteristic given (`arc_value`).
pub fn arc_degrees(rules: &RobotRules, value: i32) -> f64 {
    rules.fire_arcs.at(value)
}

/// The value a robot's fire arc goes by (ROB-6): his Int, or his I when
/// the group reads the source's "I" as printed (`fire_arc_by`).
pub fn arc_value(rules: &RobotRules, int: i32, initiative: i32) -> i32 {
    match rules.fire_arc_by {
        data::ArcBy::Int => int,
        data::ArcBy::Initiative => initiative,
    }
}

/// Whether a target at `bearing` degrees is inside an arc of `arc` degrees
/// centred on `centre` degrees (ROB-6); both bearings in one frame,
/// clockwise. Decision: a target exactly on the arc's edge is inside.
pub fn in_arc(arc: f64, centre: f64, bearing: f64) -> bool {
    let diff = (bearing - centre).rem_euclid(360.0);
    let off = diff.min(360.0 - diff);
    // Decision: a target exactly on the edge is inside the arc.
    off <= arc / 2.0 + 1e-9
}

/// Whether a robot of `int` facing `facing` may fire at a target at
/// `bearing` degrees (ROB-6).
pub fn can_fire_at(rules: &RobotRules, int: i32, facing: Clock, bearing: f64) -> bool {
    in_arc(arc_degrees(rules, int), facing.degrees(), bearing)
}

/// Whether a turret whose arc is centred on `centre` may fire at a target
/// at `bearing` degrees (ROB-6): 90° whatever the Int.
pub fn turret_can_fire_at(rules: &RobotRules, centre: Clock, bearing: f64) -> bool {
    in_arc(rules.turret_arc_degrees, centre.degrees(), bearing)
}

// ------------------------------------------------------------------ ROB-7

/// Whom a robot shoots at (ROB-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// No hostile model in its arc: it cannot fire.
    NoTarget,
    /// The nearest hostile model in its arc.
    Enemy,
    /// A friendly model in its arc is nearer: roll the target check.
    Check,
}

/// Whom a robot shoots at, from the distances of the nearest hostile and
/// the nearest friendly model inside its arc (ROB-7). Decision: a friend
/// at the same distance as the enemy is not "nearer".
pub fn aim(nearest_enemy: Option<f64>, nearest_friend: Option<f64>) -> Aim {
    match (nearest_enemy, nearest_friend) {
        (None, _) => Aim::NoTarget,
        // Decision: a friend at the same distance is not nearer.
        (Some(e), Some(f)) if f < e => Aim::Check,
        (Some(_), _) => Aim::Enemy,
    }
}

/// The exact chance that the target check (2D6 equal to or under Int)
/// aims at the right target (ROB-7).
pub fn aim_chance(rules: &RobotRules, int: i32) -> f64 {
    let d = rules.target_check;
    dice_sum(d.count, d.sides)
        .iter()
        .enumerate()
        .filter(|&(k, _)| i64::try_from(k).unwrap_or(i64::MAX) <= i64::from(int))
        .map(|(_, p)| p)
        .sum()
}

/// Rolls the target check (ROB-7): passed, the robot aims at the enemy;
/// failed, its shots are resolved against the friendly model.
pub fn roll_aim<R: Rng + ?Sized>(rules: &RobotRules, int: i32, rng: &mut R) -> Check {
    let roll = roll_dice(rng, rules.target_check);
    let passed = roll.total <= int;
    Check { roll, passed }
}

// ----------------------------------------------------------------- ROB-10

/// Whether the rules data can make a robot of `size` at random (ROB-10).
pub fn can_make_random(rules: &RobotRules, size: RobotSize) -> Result<(), Problem> {
    if rules.random_robots.of(size).is_empty() {
        return Err(Problem::new("ROB-10", "robot.random_not_given"));
    }
    Ok(())
}

/// Makes a robot of `size` at random (ROB-10): one of the robots the data
/// lists for that size, each as likely, on a die of as many faces; the die
/// is kept. Refused, naming the rule, while the data lists none (Assumed:
/// the source refers to its tables without giving them).
pub fn random_robot<'a, R: Rng + ?Sized>(
    rules: &'a RobotRules,
    size: RobotSize,
    rng: &mut R,
) -> Result<(&'a RobotKind, Roll), Problem> {
    can_make_random(rules, size)?;
    let ids = rules.random_robots.of(size);
    let sides = u32::try_from(ids.len()).unwrap_or(u32::MAX);
    let roll = Roll::new(rng, 1, sides, 0);
    let index = usize::try_from(roll.total.max(1) - 1).unwrap_or(0);
    let robot = ids
        .get(index)
        .and_then(|id| rules.robot(id))
        .ok_or_else(|| Problem::new(DATA, "data.unknown_robot").arg("robot", &ids[0]))?;
    Ok((robot, roll))
}
