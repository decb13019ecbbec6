//! A robot's orders (ROB-5): the clock face he faces by, the orders and
//! the actions they give, and the queue of orders his Intelligence lets
//! him hold, turn by turn.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::data::RobotRules;
use crate::rules::core::problem::Problem;

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
