//! The robots chapter's data (`robots` in `assets/rules/robots_flyers.json`):
//! robot kinds, their weapons and arms, the values by Int (ROB-5, ROB-6),
//! the special damage and malfunction tables (ROB-8, ROB-9). Imports nothing
//! of `rules` but `core`.

use std::borrow::Borrow;

use serde::{Deserialize, Serialize};

use crate::rules::core::characteristic::Profile;
use crate::rules::core::dice::{DiceSpec, MAX_DICE};
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::core::range::check_range;
use crate::rules::core::text_id::text_id;

text_id! {
    /// The id of a robot kind of the rules data (`imperial_combat_robot`).
    RobotKindId
}

/// A value that depends on Int (ROB-5, ROB-6): `normal` above every step,
/// else the value of the lowest `max_int` at or above the robot's Int.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByInt<T> {
    /// The value above every step.
    pub normal: T,
    /// The steps, in any order.
    pub by_int: Vec<IntStep<T>>,
}

/// One step of a [`ByInt`] table: the value at `max_int` or less.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntStep<T> {
    /// The highest Int the step applies to.
    pub max_int: i32,
    /// The value at that Int or less.
    pub value: T,
}

impl<T: Copy> ByInt<T> {
    /// The value for a robot of `int`.
    pub fn at(&self, int: i32) -> T {
        self.by_int
            .iter()
            .filter(|s| int <= s.max_int)
            .min_by_key(|s| s.max_int)
            .map_or(self.normal, |s| s.value)
    }
}

/// An effect of the special damage table (ROB-8), with its numbers.
///
/// The effects without numbers are written `ArmLost {}`, not as unit
/// variants: serde refuses unknown fields in a file only for struct variants.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// One arm, chosen at random, loses all power, with its built-in weapons.
    ArmLost {},
    /// Loss of coordination: a to-hit modifier and a random move.
    Coordination {
        /// Added to every to-hit roll.
        to_hit: i32,
        /// The random move, in inches.
        random_move: DiceSpec,
    },
    /// Loss of power: move divided, a to-hit modifier, I reduced by dice.
    Power {
        /// The move is divided by this.
        move_divisor: u32,
        /// Added to every to-hit roll.
        to_hit: i32,
        /// Taken off I.
        initiative_loss: DiceSpec,
    },
    /// Seized mechanics: it repeats what it did last turn.
    Seized {},
    /// One built-in weapon system (random) destroyed; the robot is confused.
    WeaponLost {},
    /// System error: everything stops at once.
    SystemError {},
    /// Loss of control: berserk, moved and fired by the game master.
    Berserk {},
    /// Burning smell: at the end of each of its turns, a roll that may
    /// blow it up as [`Effect::Bang`].
    BurningSmell {
        /// Faces of the die rolled each turn.
        die: u32,
        /// It explodes on this face or more.
        explodes_at: u32,
    },
    /// BANG!: destroyed, an automatic hit on every model around.
    Bang {
        /// The Strength of the hit.
        strength: i32,
        /// Models within this many inches are hit.
        radius_inches: u32,
    },
}

impl Effect {
    /// The to-hit modifier the effect gives (0 for most).
    pub fn to_hit(&self) -> i32 {
        match self {
            Self::Coordination { to_hit, .. } | Self::Power { to_hit, .. } => *to_hit,
            _ => 0,
        }
    }

    /// Whether the effect ends the robot (BANG!).
    pub fn destroys(&self) -> bool {
        matches!(self, Self::Bang { .. })
    }

    /// The robot's move, in inches, once the effect applies to a move of
    /// `m`: halved by a loss of power, unchanged otherwise (a random move or
    /// a halt are dice and decisions, not a new M).
    pub fn move_inches(&self, m: i32) -> f64 {
        match self {
            Self::Power { move_divisor, .. } => f64::from(m) / f64::from((*move_divisor).max(1)),
            _ => f64::from(m),
        }
    }

    /// The message key that names the effect.
    pub fn key(&self) -> &'static str {
        match self {
            Self::ArmLost {} => "robot.effect.arm_lost",
            Self::Coordination { .. } => "robot.effect.coordination",
            Self::Power { .. } => "robot.effect.power",
            Self::Seized {} => "robot.effect.seized",
            Self::WeaponLost {} => "robot.effect.weapon_lost",
            Self::SystemError {} => "robot.effect.system_error",
            Self::Berserk {} => "robot.effect.berserk",
            Self::BurningSmell { .. } => "robot.effect.burning_smell",
            Self::Bang { .. } => "robot.effect.bang",
        }
    }
}

/// One line of the special damage table (ROB-8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageLine {
    /// First face (inclusive).
    pub from: u32,
    /// Last face (inclusive).
    pub to: u32,
    /// What happens.
    pub effect: Effect,
}

/// Special damage (ROB-8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialDamageRules {
    /// Faces of the die rolled when a point is lost.
    pub trigger_die: u32,
    /// A total of this or more is a malfunction.
    pub trigger_at: u32,
    /// Faces of the die rolled on the table.
    pub table_die: u32,
    /// Added to both dice for each point lost beyond the first.
    pub bonus_per_extra_point: u32,
    /// A trigger total of `trigger_at` or more is a malfunction (Decision:
    /// « un score de 6 » read with the +1 per extra point); false, only a
    /// total of exactly `trigger_at`. Missing from a copy written before
    /// it: or more.
    #[serde(default = "yes")]
    pub trigger_or_more: bool,
    /// The table; every face of `table_die` on exactly one line.
    pub table: Vec<DamageLine>,
}

impl SpecialDamageRules {
    /// The effect of a table total. Assumed (ROB-8): a total raised above the
    /// die reads the line of its top face; one below 1 reads face 1.
    pub fn effect(&self, total: i32) -> Option<&Effect> {
        let top = i32::try_from(self.table_die).unwrap_or(i32::MAX);
        let face = u32::try_from(total.clamp(1, top.max(1))).unwrap_or(1);
        self.table
            .iter()
            .find(|l| (l.from..=l.to).contains(&face))
            .map(|l| &l.effect)
    }

    /// Whether a trigger total (the die plus its bonus) is a malfunction:
    /// `trigger_at` or more, or exactly `trigger_at` (`trigger_or_more`).
    pub fn triggers(&self, total: i64) -> bool {
        let at = i64::from(self.trigger_at);
        if self.trigger_or_more {
            total >= at
        } else {
            total == at
        }
    }
}

fn yes() -> bool {
    true
}

/// The optional malfunctions (ROB-9).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MalfunctionRules {
    /// The suggested chance per robot per turn: 1 in this.
    pub default_one_in: u32,
    /// How many turns a malfunction's effect lasts.
    pub lasts_turns: u32,
    /// A chance of 1 in N is a die of N faces whose top face fails
    /// (Decision: the source gives the chance, not the face); false, its
    /// face 1 fails. The odds are the same. Missing from a copy written
    /// before it: the top face.
    #[serde(default = "yes")]
    pub top_face_fails: bool,
}

impl MalfunctionRules {
    /// Whether `face` of the die of `one_in` faces is a malfunction.
    pub fn fails(&self, face: i32, one_in: u32) -> bool {
        let failing = if self.top_face_fails { one_in } else { 1 };
        i64::from(face) == i64::from(failing)
    }
}

/// A built-in weapon of a robot (ROB-2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotWeapon {
    /// Stable id (`bolter`).
    pub id: String,
    /// Display names.
    pub names: Names,
}

/// An arm or limb and the weapons built into it (ROB-2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arm {
    /// Display names (`Left arm`).
    pub names: Names,
    /// Its weapons; one fires at a time.
    pub weapons: Vec<RobotWeapon>,
}

/// A kind of robot (ROB-1): its profile, where W holds D, its damage points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotKind {
    /// Stable id (`imperial_combat_robot`).
    pub id: RobotKindId,
    /// Display names.
    pub names: Names,
    /// The profile; W is D, the damage points.
    pub profile: Profile,
    /// The save, as a score (2 for 2+).
    pub save: i32,
    /// The tech level.
    pub tech_level: u32,
    /// Arms and limbs with their weapons.
    pub arms: Vec<Arm>,
}

/// The robot rules data (`robots` in `robots_flyers.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotRules {
    /// ROB-1: every robot saves on this or better.
    pub minimum_save: i32,
    /// ROB-5: how many turns ahead orders are written.
    pub orders_ahead: ByInt<u32>,
    /// ROB-6: the fire arc, in degrees.
    pub fire_arcs: ByInt<f64>,
    /// ROB-6: the characteristic the fire arc goes by (Decision: Int, as
    /// the paragraph's « en fonction de leur intelligence »; the source
    /// prints "I"). Missing from a copy written before it: Int.
    #[serde(default)]
    pub fire_arc_by: ArcBy,
    /// ROB-6: a turret's arc, in degrees.
    pub turret_arc_degrees: f64,
    /// ROB-7: the dice rolled against Int.
    pub target_check: DiceSpec,
    /// ROB-8.
    pub special_damage: SpecialDamageRules,
    /// ROB-9.
    pub malfunctions: MalfunctionRules,
    /// ROB-1: robots ready to field.
    pub robots: Vec<RobotKind>,
    /// ROB-10: the robots a random creation picks from, by size (Assumed:
    /// none until a source gives the tables).
    pub random_robots: RandomRobots,
    #[serde(default)]
    note: String,
}

/// The characteristic a robot's fire arc goes by (ROB-6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArcBy {
    /// Its Int.
    #[default]
    Int,
    /// Its I (Initiative), as the source prints it.
    Initiative,
}

/// The robots a random creation picks from, by size (ROB-10): ids of
/// `robots`. Assumed: empty, as the source refers to the tables without
/// giving them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomRobots {
    /// Small robots.
    pub small: Vec<RobotKindId>,
    /// Medium robots.
    pub medium: Vec<RobotKindId>,
    /// Large robots.
    pub large: Vec<RobotKindId>,
}

/// The size of a robot made at random (ROB-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RobotSize {
    /// Small.
    Small,
    /// Medium.
    Medium,
    /// Large.
    Large,
}

impl RobotSize {
    /// Every size, smallest first.
    pub const ALL: [Self; 3] = [Self::Small, Self::Medium, Self::Large];

    /// The message key that names the size.
    pub fn key(self) -> &'static str {
        match self {
            Self::Small => "robot.size.small",
            Self::Medium => "robot.size.medium",
            Self::Large => "robot.size.large",
        }
    }
}

impl RandomRobots {
    /// The ids a random robot of `size` is picked from.
    pub fn of(&self, size: RobotSize) -> &[RobotKindId] {
        match size {
            RobotSize::Small => &self.small,
            RobotSize::Medium => &self.medium,
            RobotSize::Large => &self.large,
        }
    }
}

pub(super) const DATA: &str = "DATA";

impl RobotRules {
    /// A robot kind by id (a `RobotKindId`, or its text).
    pub fn robot<Q: PartialEq + ?Sized>(&self, id: &Q) -> Option<&RobotKind>
    where
        RobotKindId: Borrow<Q>,
    {
        self.robots.iter().find(|r| r.id.borrow() == id)
    }

    /// Checks every value is in its range, naming the field if not.
    pub fn check(&self) -> Result<(), Problem> {
        let _ = &self.note;
        check_range("robots.minimum_save", self.minimum_save, 2..=6)?;
        for size in RobotSize::ALL {
            if let Some(id) = self
                .random_robots
                .of(size)
                .iter()
                .find(|id| self.robot(*id).is_none())
            {
                return Err(Problem::new(DATA, "data.unknown_robot").arg("robot", id));
            }
        }
        self.check_orders_and_arcs()?;
        check_dice("robots.target_check", self.target_check)?;
        self.special_damage.check()?;
        check_range(
            "robots.malfunctions.default_one_in",
            self.malfunctions.default_one_in,
            1..=1000,
        )?;
        check_range(
            "robots.malfunctions.lasts_turns",
            self.malfunctions.lasts_turns,
            1..=100,
        )?;
        self.check_robots()
    }

    /// Checks the orders a robot takes ahead and its fire arcs, by Int.
    fn check_orders_and_arcs(&self) -> Result<(), Problem> {
        check_range(
            "robots.orders_ahead.normal",
            self.orders_ahead.normal,
            1..=10,
        )?;
        for s in &self.orders_ahead.by_int {
            check_range("robots.orders_ahead.by_int.max_int", s.max_int, 0..=10)?;
            check_range("robots.orders_ahead.by_int.value", s.value, 1..=10)?;
        }
        let degrees = |field: &str, v: f64| {
            if v.is_finite() && v > 0.0 && v <= 360.0 {
                Ok(())
            } else {
                Err(Problem::new(DATA, "data.field_out_of_range")
                    .arg("field", field)
                    .arg("value", v)
                    .arg("range", "0 < … ≤ 360"))
            }
        };
        degrees("robots.fire_arcs.normal", self.fire_arcs.normal)?;
        for s in &self.fire_arcs.by_int {
            check_range("robots.fire_arcs.by_int.max_int", s.max_int, 0..=10)?;
            degrees("robots.fire_arcs.by_int.value", s.value)?;
        }
        degrees("robots.turret_arc_degrees", self.turret_arc_degrees)?;
        Ok(())
    }

    /// Checks each robot kind: defined once, its save and its profile in
    /// range.
    fn check_robots(&self) -> Result<(), Problem> {
        let mut seen = std::collections::BTreeSet::new();
        for robot in &self.robots {
            if !seen.insert(robot.id.as_str()) {
                return Err(Problem::new(DATA, "data.defined_twice")
                    .arg("what", "robot")
                    .arg("id", &robot.id));
            }
            check_range("robots.robots.save", robot.save, 2..=self.minimum_save)?;
            for (c, v) in robot.profile.iter() {
                let max = if c.capped_at_ten() { 10 } else { 100 };
                if !(0..=max).contains(&v) {
                    return Err(Problem::new(DATA, "data.field_out_of_range")
                        .arg("field", format!("robots.robots.profile.{}", c.key()))
                        .arg("value", v)
                        .arg("range", format!("0 … {max}")));
                }
            }
        }
        Ok(())
    }
}

impl SpecialDamageRules {
    /// Checks the special damage: its dice, and a table line for each
    /// face of its die.
    fn check(&self) -> Result<(), Problem> {
        check_range(
            "robots.special_damage.trigger_die",
            self.trigger_die,
            1..=100,
        )?;
        check_range(
            "robots.special_damage.trigger_at",
            self.trigger_at,
            1..=self.trigger_die,
        )?;
        check_range("robots.special_damage.table_die", self.table_die, 1..=100)?;
        check_range(
            "robots.special_damage.bonus_per_extra_point",
            self.bonus_per_extra_point,
            0..=100,
        )?;
        for face in 1..=self.table_die {
            let n = self
                .table
                .iter()
                .filter(|l| (l.from..=l.to).contains(&face))
                .count();
            if n != 1 {
                return Err(Problem::new(DATA, "data.face_lines")
                    .arg("face", face)
                    .arg("die", self.table_die)
                    .arg("count", n));
            }
        }
        for line in &self.table {
            check_range(
                "robots.special_damage.table.to",
                line.to,
                1..=self.table_die,
            )?;
            check_effect(&line.effect)?;
        }
        Ok(())
    }
}

fn check_dice(field: &str, d: DiceSpec) -> Result<(), Problem> {
    check_range(&format!("{field}.count"), d.count, 1..=MAX_DICE)?;
    check_range(&format!("{field}.sides"), d.sides, 1..=100)
}

fn check_effect(effect: &Effect) -> Result<(), Problem> {
    let field = "robots.special_damage.table.effect";
    match effect {
        Effect::Coordination {
            to_hit,
            random_move,
        } => {
            check_range(&format!("{field}.to_hit"), *to_hit, -10..=10)?;
            check_dice(&format!("{field}.random_move"), *random_move)
        }
        Effect::Power {
            move_divisor,
            to_hit,
            initiative_loss,
        } => {
            check_range(&format!("{field}.move_divisor"), *move_divisor, 1..=100)?;
            check_range(&format!("{field}.to_hit"), *to_hit, -10..=10)?;
            check_dice(&format!("{field}.initiative_loss"), *initiative_loss)
        }
        Effect::BurningSmell { die, explodes_at } => {
            check_range(&format!("{field}.die"), *die, 1..=100)?;
            check_range(&format!("{field}.explodes_at"), *explodes_at, 1..=*die)
        }
        Effect::Bang {
            strength,
            radius_inches,
        } => {
            check_range(&format!("{field}.strength"), *strength, 0..=10)?;
            check_range(&format!("{field}.radius_inches"), *radius_inches, 0..=100)
        }
        Effect::ArmLost {}
        | Effect::Seized {}
        | Effect::WeaponLost {}
        | Effect::SystemError {}
        | Effect::Berserk {} => Ok(()),
    }
}
