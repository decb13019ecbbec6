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

pub mod data;
pub mod table;

pub use data::{
    ArcBy, Arm, ByInt, DamageLine, Effect, IntStep, MalfunctionRules, RandomRobots, RobotKind,
    RobotRules, RobotSize, RobotWeapon, SpecialDamageRules,
};

use std::collections::BTreeMap;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::core::characteristic::{Characteristic, Profile};
use crate::rules::core::dice::{Check, Roll, roll_dice};
use crate::rules::core::dist::{at_least, dice_sum};
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

// ------------------------------------------------------------------ ROB-5

/// A clock bearing, 1 to 12 o'clock (ROB-5).
///
/// Decision: bearings are read on the table, 12 o'clock pointing at the
/// opponent's table edge, so an order written three turns ahead means the
/// same direction when it is carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Clock(u8);

// Decision: bearings are read on the table (12 o'clock at the opponent's
// edge), not from the robot's facing, which changes before the order is due.
impl Clock {
    /// A bearing of `hour` o'clock (1 … 12).
    pub fn new(hour: u8) -> Result<Self, Problem> {
        if (1..=12).contains(&hour) {
            Ok(Self(hour))
        } else {
            Err(Problem::new("ROB-5", "robot.bad_bearing").arg("hour", hour))
        }
    }

    /// The hour, 1 … 12.
    pub fn hour(self) -> u8 {
        self.0
    }

    /// The bearing in degrees, clockwise from 12 o'clock (0 … 330).
    pub fn degrees(self) -> f64 {
        f64::from(self.0 % 12) * 30.0
    }
}

impl Default for Clock {
    /// 12 o'clock: towards the opponent's table edge.
    fn default() -> Self {
        Self(12)
    }
}

impl TryFrom<u8> for Clock {
    type Error = String;
    fn try_from(hour: u8) -> Result<Self, String> {
        Self::new(hour).map_err(|_| format!("{hour} is not a clock bearing (1 … 12)"))
    }
}

impl From<Clock> for u8 {
    fn from(c: Clock) -> Self {
        c.0
    }
}

/// A robot's written order for one turn (ROB-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "snake_case", deny_unknown_fields)]
pub enum Order {
    /// Move towards a bearing; a turret fires towards `turret`, or along
    /// the move when none is written.
    Move {
        /// The direction of movement.
        towards: Clock,
        /// The turret's written firing direction.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turret: Option<Clock>,
    },
    /// Stay put.
    StayPut {
        /// The turret's written firing direction.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turret: Option<Clock>,
    },
}

/// What the robot does with its order when the turn comes (ROB-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Carries the move out.
    Move,
    /// Stays where it is (always allowed).
    StayPut,
    /// Stays and turns to face a bearing.
    Turn(Clock),
}

/// An order carried out (ROB-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carried {
    /// The bearing it moved along, if it moved.
    pub moved: Option<Clock>,
    /// The way it faces at the end of the move (the centre of its arc).
    pub facing: Clock,
    /// The centre of a turret's arc this turn (ROB-6): the written turret
    /// direction, else the direction of movement, else the facing.
    pub turret: Clock,
}

/// How many turns ahead a robot of `int` has its orders written (ROB-5):
/// one normally, two at Int 7 or less, three at Int 5 or less.
pub fn turns_ahead(rules: &RobotRules, int: i32) -> u32 {
    rules.orders_ahead.at(int)
}

/// One robot's written orders, by turn (ROB-5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderQueue {
    /// The order written for each coming turn.
    pub orders: BTreeMap<u32, Order>,
}

impl OrderQueue {
    /// The queue with `order` written, at the end of turn `now`, for `turn`
    /// (ROB-5). Refused for a turn already played, a turn further ahead than
    /// the robot's Int allows, or a turn whose order is written: orders are
    /// never changed.
    pub fn write(
        &self,
        rules: &RobotRules,
        int: i32,
        now: u32,
        turn: u32,
        order: Order,
    ) -> Result<Self, Problem> {
        let ahead = turns_ahead(rules, int);
        if turn <= now {
            return Err(Problem::new("ROB-5", "robot.order_too_late")
                .arg("turn", turn)
                .arg("now", now));
        }
        if u64::from(turn) > u64::from(now) + u64::from(ahead) {
            return Err(Problem::new("ROB-5", "robot.order_too_far")
                .arg("turn", turn)
                .arg("int", int)
                .arg("ahead", ahead));
        }
        if self.orders.contains_key(&turn) {
            return Err(Problem::new("ROB-5", "robot.order_fixed").arg("turn", turn));
        }
        let mut next = self.clone();
        next.orders.insert(turn, order);
        Ok(next)
    }

    /// The turns whose orders must still be written at the end of turn
    /// `now` (ROB-5): every turn up to the robot's lead.
    pub fn missing(&self, rules: &RobotRules, int: i32, now: u32) -> Vec<u32> {
        let ahead = turns_ahead(rules, int);
        (1..=ahead)
            .filter_map(|k| now.checked_add(k))
            .filter(|t| !self.orders.contains_key(t))
            .collect()
    }

    /// The order for `turn`, if written.
    pub fn order(&self, turn: u32) -> Option<&Order> {
        self.orders.get(&turn)
    }

    /// Carries out the order of `turn` for a robot facing `facing` (ROB-5),
    /// and the queue without that turn's order (nor older ones).
    ///
    /// A robot that moves ends facing its direction of movement; one that
    /// stays put instead is turned to face the written direction; a robot
    /// ordered to stay put may turn to face any direction (Decision on the
    /// garbled sentence). Decision: a robot with no order written for the
    /// turn stays put and keeps its facing.
    pub fn carry_out(
        &self,
        turn: u32,
        action: Action,
        facing: Clock,
    ) -> Result<(Carried, Self), Problem> {
        let carried = match (self.orders.get(&turn).copied(), action) {
            (Some(Order::Move { towards, turret }), Action::Move) => Carried {
                moved: Some(towards),
                facing: towards,
                turret: turret.unwrap_or(towards),
            },
            (Some(Order::Move { towards, turret }), Action::StayPut) => Carried {
                moved: None,
                facing: towards,
                turret: turret.unwrap_or(towards),
            },
            (Some(Order::Move { towards, turret }), Action::Turn(to)) => {
                if to != towards {
                    return Err(Problem::new("ROB-5", "robot.cannot_turn")
                        .arg("towards", towards.hour())
                        .arg("to", to.hour()));
                }
                Carried {
                    moved: None,
                    facing: towards,
                    turret: turret.unwrap_or(towards),
                }
            }
            (Some(Order::StayPut { .. }), Action::Move) => {
                return Err(Problem::new("ROB-5", "robot.ordered_to_stay").arg("turn", turn));
            }
            (Some(Order::StayPut { turret }), Action::StayPut) => Carried {
                moved: None,
                facing,
                turret: turret.unwrap_or(facing),
            },
            // Decision (spec ROB-5): ordered to stay put, it may turn any way.
            (Some(Order::StayPut { turret }), Action::Turn(to)) => Carried {
                moved: None,
                facing: to,
                turret: turret.unwrap_or(to),
            },
            // Decision: with no order written it stays put, facing as it was.
            (None, Action::StayPut) => Carried {
                moved: None,
                facing,
                turret: facing,
            },
            (None, Action::Move | Action::Turn(_)) => {
                return Err(Problem::new("ROB-5", "robot.no_order").arg("turn", turn));
            }
        };
        let mut rest = self.clone();
        rest.orders.retain(|&t, _| t > turn);
        Ok((carried, rest))
    }
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

// ------------------------------------------------------------------ ROB-8

/// The damage points a robot of `d` has left after losing `lost` (ROB-8).
pub fn damage_left(d: i32, lost: u32) -> i32 {
    d.saturating_sub(i32::try_from(lost).unwrap_or(i32::MAX))
        .max(0)
}

/// Whether a robot of `d` is destroyed after losing `lost` (ROB-8): when it
/// has lost all its D.
pub fn destroyed(d: i32, lost: u32) -> bool {
    damage_left(d, lost) == 0
}

/// The bonus to both special damage dice for `lost` points lost in one
/// turn (ROB-8): +1 per point beyond the first; `None` when none was lost
/// (no roll).
pub fn damage_bonus(rules: &RobotRules, lost: u32) -> Option<i32> {
    let extra = lost.checked_sub(1)?;
    let bonus = u64::from(extra) * u64::from(rules.special_damage.bonus_per_extra_point);
    Some(i32::try_from(bonus).unwrap_or(i32::MAX))
}

/// The exact chances of a table's effects when the table die gets `bonus`:
/// each effect once, in table order, with its chance.
fn table_odds(rules: &RobotRules, bonus: i32, scale: f64) -> Vec<(Effect, f64)> {
    let sd = &rules.special_damage;
    let mut out: Vec<(Effect, f64)> = Vec::new();
    let each = scale / f64::from(sd.table_die.max(1));
    for face in 1..=sd.table_die {
        let total = i32::try_from(face)
            .unwrap_or(i32::MAX)
            .saturating_add(bonus);
        if let Some(effect) = sd.effect(total) {
            match out.iter_mut().find(|(e, _)| e == effect) {
                Some((_, p)) => *p += each,
                None => out.push((effect.clone(), each)),
            }
        }
    }
    out.sort_by_key(|(e, _)| {
        sd.table
            .iter()
            .position(|l| &l.effect == e)
            .unwrap_or(usize::MAX)
    });
    out
}

/// The exact odds of special damage after losing `lost` points in a turn
/// (ROB-8).
#[derive(Clone, Debug, PartialEq)]
pub struct DamageOdds {
    /// The chance of a malfunction (the trigger roll).
    pub malfunction: f64,
    /// Each effect and its chance (they add up to `malfunction`).
    pub effects: Vec<(Effect, f64)>,
}

/// The exact odds of special damage for `lost` points lost in one turn
/// (ROB-8): the D6 (with the bonus) must make 6 (or more, as the data's
/// `trigger_or_more` reads), then the D10 (with the same bonus) reads the
/// table.
pub fn damage_odds(rules: &RobotRules, lost: u32) -> DamageOdds {
    let Some(bonus) = damage_bonus(rules, lost) else {
        return DamageOdds {
            malfunction: 0.0,
            effects: Vec::new(),
        };
    };
    let sd = &rules.special_damage;
    let faces = (1..=sd.trigger_die)
        .filter(|&f| sd.triggers(i64::from(f) + i64::from(bonus)))
        .count();
    let malfunction =
        f64::from(u32::try_from(faces).unwrap_or(u32::MAX)) / f64::from(sd.trigger_die.max(1));
    DamageOdds {
        malfunction,
        effects: table_odds(rules, bonus, malfunction),
    }
}

/// Special damage rolled (ROB-8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpecialDamage {
    /// The trigger die, with its bonus as the modifier.
    pub trigger: Roll,
    /// The table die, with its bonus, if the trigger made it.
    pub table: Option<Roll>,
    /// The effect read on the table.
    pub effect: Option<Effect>,
}

/// Rolls special damage for `lost` points lost in one turn (ROB-8); `None`
/// when no point was lost. Decision (the data's `trigger_or_more`): a
/// trigger total of 6 or more (the D6 plus its bonus) is a malfunction.
pub fn roll_special_damage<R: Rng + ?Sized>(
    rules: &RobotRules,
    lost: u32,
    rng: &mut R,
) -> Option<SpecialDamage> {
    let bonus = damage_bonus(rules, lost)?;
    let sd = &rules.special_damage;
    let trigger = Roll::new(rng, 1, sd.trigger_die, bonus);
    // Decision (data): with the bonus, a total of 6 or more fails.
    if !sd.triggers(i64::from(trigger.total)) {
        return Some(SpecialDamage {
            trigger,
            table: None,
            effect: None,
        });
    }
    let table = Roll::new(rng, 1, sd.table_die, bonus);
    let effect = sd.effect(table.total).cloned();
    Some(SpecialDamage {
        trigger,
        table: Some(table),
        effect,
    })
}

/// Picks one of `count` things at random (the arm of "Left/right arm", the
/// weapon system of "Weapon loss", ROB-8): a die of `count` faces, its face
/// the thing's number from 1. `None` when there is nothing to pick.
pub fn pick<R: Rng + ?Sized>(count: u32, rng: &mut R) -> Option<Roll> {
    (count > 0).then(|| Roll::new(rng, 1, count, 0))
}

/// The end-of-turn roll of a robot with a burning smell (ROB-8): passed
/// means it explodes as BANG!. `None` for any other effect.
pub fn roll_burning_smell<R: Rng + ?Sized>(effect: &Effect, rng: &mut R) -> Option<Check> {
    let Effect::BurningSmell { die, explodes_at } = *effect else {
        return None;
    };
    let roll = Roll::new(rng, 1, die, 0);
    let passed = u32::try_from(roll.total).unwrap_or(0) >= explodes_at;
    Some(Check { roll, passed })
}

/// The exact chance that a burning robot explodes at the end of a turn
/// (ROB-8); 0 for any other effect.
pub fn burning_smell_chance(effect: &Effect) -> f64 {
    match *effect {
        Effect::BurningSmell { die, explodes_at } => at_least(die, 0, explodes_at),
        _ => 0.0,
    }
}

/// A robot's I after a loss of power took `roll` off it (ROB-8). Decision:
/// never below 0.
pub fn initiative_after(i: i32, roll: &Roll) -> i32 {
    // Decision: I never goes below 0.
    i.saturating_sub(roll.total).max(0)
}

/// A robot's move, in inches, under an effect (ROB-8): halved by a loss of
/// power. The dice an effect calls for are rolled apart ([`roll_dice`]).
pub fn move_after(profile: &Profile, effect: &Effect) -> f64 {
    effect.move_inches(profile.get(Characteristic::M))
}

// ------------------------------------------------------------------ ROB-9

/// Checks a malfunction chance of 1 in `one_in` (ROB-9), set by the game
/// master before the battle: 1 in 0 means nothing.
pub fn check_one_in(one_in: u32) -> Result<(), Problem> {
    if one_in == 0 {
        return Err(Problem::new("ROB-9", "robot.one_in_zero"));
    }
    Ok(())
}

/// The exact odds of a malfunction in one turn when the chance is 1 in
/// `one_in` (ROB-9): each effect of the special damage table, read with no
/// bonus, and its chance.
pub fn malfunction_odds(rules: &RobotRules, one_in: u32) -> Result<DamageOdds, Problem> {
    check_one_in(one_in)?;
    let malfunction = 1.0 / f64::from(one_in);
    Ok(DamageOdds {
        malfunction,
        effects: table_odds(rules, 0, malfunction),
    })
}

/// A malfunction check rolled (ROB-9).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Malfunction {
    /// The die of `one_in` faces: its top face (or its face 1, as the
    /// data's `top_face_fails` reads) is a malfunction.
    pub check: Roll,
    /// The table die, if it malfunctioned.
    pub table: Option<Roll>,
    /// The effect read on the table.
    pub effect: Option<Effect>,
    /// How many turns the effect lasts (one). A BANG! still destroys the
    /// robot: an explosion is not undone the next turn.
    pub lasts_turns: u32,
}

/// Rolls one robot's malfunction check for the turn (ROB-9). Decision (the
/// data's `top_face_fails`): a chance of 1 in N is a die of N faces, its
/// top face a malfunction.
pub fn roll_malfunction<R: Rng + ?Sized>(
    rules: &RobotRules,
    one_in: u32,
    rng: &mut R,
) -> Result<Malfunction, Problem> {
    check_one_in(one_in)?;
    // Decision (data): 1 in N is a die of N faces, its top face failing.
    let check = Roll::new(rng, 1, one_in, 0);
    // Decision: the effect lasts one turn, but a BANG! still destroys it.
    let lasts_turns = rules.malfunctions.lasts_turns;
    if !rules.malfunctions.fails(check.total, one_in) {
        return Ok(Malfunction {
            check,
            table: None,
            effect: None,
            lasts_turns,
        });
    }
    let sd = &rules.special_damage;
    let table = Roll::new(rng, 1, sd.table_die, 0);
    let effect = sd.effect(table.total).cloned();
    Ok(Malfunction {
        check,
        table: Some(table),
        effect,
        lasts_turns,
    })
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
