//! Rolls on the battle screen that are not an attack's hit, wound and save,
//! gathered from the chapters that roll them: a robot's target check,
//! special damage and malfunctions (`robots::table`, ROB-7 … ROB-9), a
//! flyer's dropped object, crash and impact (`flyers::table`, FLY-10,
//! FLY-11), a kill-team soldier's jump, grenade, charge and initiative
//! (`killteam::table`, KT-17, KT-14, KT-9, KT-10), close combat after the
//! blows (`close_combat::roll`). Each keeps every die with what it was for
//! and says what happened as a message, so the battle log shows it and the
//! same seed gives the same line; what a roll decided that the battle
//! screen follows is a value beside it ([`TableResult`]).

use rand::Rng;

use crate::rules::core::dice::RollFor;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::flyers::Level;
use crate::rules::flyers::table::Gather;
use crate::rules::killteam::actions::{self, GrenadeAttack, Jump};
use crate::rules::robots::Effect;
use crate::rules::robots::table::Burning;
use crate::rules::{close_combat, flyers, killteam, robots};

/// What to roll.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum TableRoll {
    /// The 2D6 target check of a robot of this Int (ROB-7).
    RobotAim {
        /// The robot's Int.
        int: i32,
    },
    /// Special damage after losing this many points in a turn (ROB-8).
    RobotDamage {
        /// Damage points lost this turn.
        lost: u32,
    },
    /// The optional malfunction check, 1 in `one_in` (ROB-9).
    RobotMalfunction {
        /// The chance is 1 in this.
        one_in: u32,
    },
    /// The end-of-turn roll of a robot with a burning smell (ROB-8).
    RobotBurningSmell,
    /// The return roll of a unit gone for stones, so many turns after the
    /// one it left in (FLY-10).
    FlyerGather {
        /// Turns since the turn it left in.
        turns: u32,
    },
    /// An object dropped from a level (FLY-10).
    FlyerDrop {
        /// The flyer's level.
        level: Level,
    },
    /// A crash from a level, and the damage to what it lands on (FLY-11).
    FlyerCrash {
        /// The level it falls from.
        level: Level,
        /// Its T.
        falling_t: i32,
        /// The T of what it lands on, if it lands on something.
        target_t: Option<i32>,
    },
    /// A jump between buildings (KT-17).
    Jump(Jump),
    /// A grenade thrown (KT-14).
    Grenade(GrenadeAttack),
    /// A charge, with a bayonet or not (KT-9, EQ-13).
    Charge(actions::Charge),
    /// The initiative at the start of a turn, between so many players
    /// (KT-10).
    Initiative {
        /// How many players roll.
        players: usize,
    },
    /// Close combat after the blows: the stay test, breaking off and its
    /// free blows, a creature's attacks, a characteristic test (CC-15,
    /// CC-18, CC-19, CC-21).
    Melee(close_combat::roll::MeleeRoll),
}

/// What a roll on a table decided, as a value: the message says it to
/// the players, this is what the battle screen and the tests follow.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableResult {
    /// A robot's target check (ROB-7): whether it aims at its target
    /// rather than at a friend.
    RobotAim {
        /// It aims at its target.
        right: bool,
    },
    /// A robot's special damage (ROB-8): the effect drawn, none when the
    /// trigger roll failed.
    RobotDamage(Option<Effect>),
    /// A robot's malfunction check (ROB-9): the effect drawn, none when it
    /// runs on.
    RobotMalfunction(Option<Effect>),
    /// The end-of-turn roll of a robot with a burning smell (ROB-8).
    RobotBurning(Burning),
    /// The return roll of a unit gone for stones (FLY-10).
    FlyerGather(Gather),
    /// An object dropped (FLY-10): whether it hit what it was dropped on.
    FlyerDrop {
        /// It hit.
        hit: bool,
    },
    /// A roll whose message and wounds say all there is: a crash, a jump,
    /// a grenade, a charge, the initiative, close combat after the blows.
    Told,
}

/// A roll made: every die, what happened, and the wounds it caused.
#[derive(Clone, Debug, PartialEq)]
pub struct Rolled {
    /// Every die, in order, with what it was for.
    pub rolls: Vec<RollFor>,
    /// What happened, as the players read it.
    pub outcome: Msg,
    /// What happened, as a value.
    pub result: TableResult,
    /// Wounds (damage points) caused, for "Apply to campaign".
    pub wounds: u32,
}

impl Rolled {
    /// The log line: what happened, then every die.
    pub fn msg(&self) -> Msg {
        let dice: Vec<Msg> = crate::rules::core::dice::dice_msgs(&self.rolls);
        Msg::new("battle.table_rolled")
            .msg("outcome", self.outcome.clone())
            .list("dice", dice)
    }
}

/// Rolls `what` with the caller's dice.
pub fn roll<R: Rng + ?Sized>(
    rules: &RulesData,
    what: &TableRoll,
    rng: &mut R,
) -> Result<Rolled, Problem> {
    let mut rolls = Vec::new();
    let (outcome, result, wounds) = match what {
        TableRoll::RobotAim { int } => {
            let (msg, right) = robots::table::aim(&rules.robots, *int, rng, &mut rolls);
            (msg, TableResult::RobotAim { right }, 0)
        }
        TableRoll::RobotDamage { lost } => {
            let (msg, effect) = robots::table::damage(&rules.robots, *lost, rng, &mut rolls)?;
            (msg, TableResult::RobotDamage(effect), 0)
        }
        TableRoll::RobotMalfunction { one_in } => {
            let (msg, effect) =
                robots::table::malfunction(&rules.robots, *one_in, rng, &mut rolls)?;
            (msg, TableResult::RobotMalfunction(effect), 0)
        }
        TableRoll::RobotBurningSmell => {
            let (msg, burning) = robots::table::burning_smell(&rules.robots, rng, &mut rolls)?;
            (msg, TableResult::RobotBurning(burning), 0)
        }
        TableRoll::FlyerGather { turns } => {
            let (msg, gather) = flyers::table::gather(&rules.flyers, *turns, rng, &mut rolls)?;
            (msg, TableResult::FlyerGather(gather), 0)
        }
        TableRoll::FlyerDrop { level } => {
            let (msg, hit) = flyers::table::drop(&rules.flyers, *level, rng, &mut rolls)?;
            (msg, TableResult::FlyerDrop { hit }, 0)
        }
        TableRoll::FlyerCrash {
            level,
            falling_t,
            target_t,
        } => {
            let (msg, wounds) = flyers::table::crash(
                &rules.flyers,
                *level,
                *falling_t,
                *target_t,
                rng,
                &mut rolls,
            )?;
            (msg, TableResult::Told, wounds)
        }
        TableRoll::Jump(jump) => told(killteam::table::jump(rules, jump, rng, &mut rolls)?),
        TableRoll::Grenade(attack) => {
            told(killteam::table::grenade(rules, attack, rng, &mut rolls)?)
        }
        TableRoll::Charge(charge) => told(killteam::table::charge(rules, charge, rng, &mut rolls)),
        TableRoll::Initiative { players } => {
            let msg = killteam::table::initiative(&rules.killteam.turn, *players, rng, &mut rolls)?;
            (msg, TableResult::Told, 0)
        }
        TableRoll::Melee(m) => {
            let (dice, outcome, wounds) = close_combat::roll::roll(rules, m, rng)?;
            rolls.extend(dice);
            (outcome, TableResult::Told, wounds)
        }
    };
    Ok(Rolled {
        rolls,
        outcome,
        result,
        wounds,
    })
}

/// A roll whose message and wounds say all there is.
fn told((outcome, wounds): (Msg, u32)) -> (Msg, TableResult, u32) {
    (outcome, TableResult::Told, wounds)
}
