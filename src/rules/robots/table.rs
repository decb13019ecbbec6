//! A robot's rolls on the battle screen (ROB-7 … ROB-9): the target check,
//! special damage and malfunctions. Each keeps every die with what it was
//! for and says what happened as a message (`table_roll` gathers the rolls
//! of every chapter).

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{Effect, RobotRules};
use crate::rules::core::dice::{RollFor, roll_dice};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;

/// The message of a special damage effect with its own dice rolled (a
/// random move, the I lost).
fn effect_msg<R: Rng + ?Sized>(effect: &Effect, rng: &mut R, rolls: &mut Vec<RollFor>) -> Msg {
    let msg = Msg::new(effect.key());
    match effect {
        Effect::Coordination { random_move, .. } => {
            let r = roll_dice(rng, *random_move);
            RollFor::keep(rolls, "battle.for.random_move", &r);
            Msg::new("robot.effect.with_move")
                .msg("effect", msg)
                .int("inches", r.total)
        }
        Effect::Power {
            initiative_loss, ..
        } => {
            let r = roll_dice(rng, *initiative_loss);
            RollFor::keep(rolls, "battle.for.initiative_loss", &r);
            Msg::new("robot.effect.with_i_loss")
                .msg("effect", msg)
                .int("count", r.total)
        }
        _ => msg,
    }
}

/// The 2D6 target check of a robot of this Int (ROB-7): what happened,
/// and whether it aims at its target (rather than at a friend).
pub fn aim<R: Rng + ?Sized>(
    rules: &RobotRules,
    int: i32,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> (Msg, bool) {
    let check = super::roll_aim(rules, int, rng);
    RollFor::keep(rolls, "battle.for.target_check", &check.roll);
    let key = if check.passed {
        "robot.aim.right"
    } else {
        "robot.aim.friend"
    };
    (Msg::new(key).int("int", int), check.passed)
}

/// Special damage after losing `lost` points in a turn (ROB-8): what
/// happened, and the effect drawn (none when the trigger roll failed).
pub fn damage<R: Rng + ?Sized>(
    rules: &RobotRules,
    lost: u32,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, Option<Effect>), Problem> {
    if lost == 0 {
        return Err(Problem::new("ROB-8", "robot.no_damage"));
    }
    let sd = super::roll_special_damage(rules, lost, rng)
        .ok_or_else(|| Problem::new("ROB-8", "robot.no_damage"))?;
    RollFor::keep(rolls, "battle.for.trigger", &sd.trigger);
    if let Some(t) = &sd.table {
        RollFor::keep(rolls, "battle.for.damage_table", t);
    }
    let msg = match &sd.effect {
        None => Msg::new("robot.damage.none"),
        Some(e) => Msg::new("robot.damage.effect").msg("effect", effect_msg(e, rng, rolls)),
    };
    Ok((msg, sd.effect))
}

/// The optional malfunction check, 1 in `one_in` (ROB-9): what happened,
/// and the effect drawn (none when the robot runs on).
pub fn malfunction<R: Rng + ?Sized>(
    rules: &RobotRules,
    one_in: u32,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, Option<Effect>), Problem> {
    let m = super::roll_malfunction(rules, one_in, rng)?;
    RollFor::keep(rolls, "battle.for.malfunction", &m.check);
    if let Some(t) = &m.table {
        RollFor::keep(rolls, "battle.for.damage_table", t);
    }
    let msg = match &m.effect {
        None => Msg::new("robot.malfunction.none"),
        Some(e) => Msg::new("robot.malfunction.effect")
            .msg("effect", effect_msg(e, rng, rolls))
            .int("count", m.lasts_turns),
    };
    Ok((msg, m.effect))
}

/// The end-of-turn roll of a robot with a burning smell (ROB-8), the
/// effect's die and explosion face read from the special damage table: it
/// explodes as BANG!, or smoulders on.
pub fn burning_smell<R: Rng + ?Sized>(
    rules: &RobotRules,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, Burning), Problem> {
    let table = &rules.special_damage.table;
    let smell = table
        .iter()
        .map(|l| &l.effect)
        .find(|e| matches!(e, Effect::BurningSmell { .. }))
        .ok_or_else(|| Problem::new("ROB-8", "robot.no_burning_smell"))?;
    let check = super::roll_burning_smell(smell, rng)
        .ok_or_else(|| Problem::new("ROB-8", "robot.no_burning_smell"))?;
    RollFor::keep(rolls, "battle.for.burning_smell", &check.roll);
    if !check.passed {
        return Ok((Msg::new("robot.burning.smoulders"), Burning::Smoulders));
    }
    let bang = table.iter().map(|l| &l.effect).find(|e| e.destroys());
    let msg = match bang {
        Some(Effect::Bang {
            strength,
            radius_inches,
        }) => Msg::new("robot.burning.bang")
            .int("s", *strength)
            .int("inches", *radius_inches),
        _ => Msg::new("robot.burning.explodes"),
    };
    Ok((msg, Burning::Explodes))
}

/// What the end-of-turn roll of a robot with a burning smell gave
/// (ROB-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Burning {
    /// It burns on, to roll again at the end of its next turn.
    Smoulders,
    /// It blew up: destroyed, with the table's BANG! when the data has one.
    Explodes,
}
