//! A flyer's rolls on the battle screen (FLY-10, FLY-11): a dropped object,
//! a crash and its impact. Each keeps every die with what it was for and
//! says what happened as a message (`table_roll` gathers the rolls of every
//! chapter).

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{FlyerRules, Level};
use crate::rules::core::dice::RollFor;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;

/// An object dropped from `level` (FLY-10): what happened, and whether it
/// hit what it was dropped on.
pub fn drop<R: Rng + ?Sized>(
    rules: &FlyerRules,
    level: Level,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, bool), Problem> {
    let d = super::roll_drop(rules, level, false, rng)?;
    RollFor::keep(rolls, "battle.for.drop", &d.roll);
    Ok(match &d.direction {
        None => (Msg::new("flyer.drop.hit"), true),
        Some(dir) => {
            RollFor::keep(rolls, "battle.for.direction", dir);
            let msg = Msg::new("flyer.drop.miss")
                .int("inches", d.distance)
                .int("hour", dir.total);
            (msg, false)
        }
    })
}

/// A crash from `level` of a flyer of T `falling_t`, and the damage to what
/// it lands on, of T `target_t`, if it lands on something (FLY-11): what
/// happened and the flyer's damage.
pub fn crash<R: Rng + ?Sized>(
    rules: &FlyerRules,
    level: Level,
    falling_t: i32,
    target_t: Option<i32>,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, u32), Problem> {
    let c = super::roll_crash(rules, level, rng)?;
    RollFor::keep(rolls, "battle.for.crash_damage", &c.damage);
    RollFor::keep(rolls, "battle.for.scatter", &c.scatter);
    RollFor::keep(rolls, "battle.for.direction", &c.direction);
    let damage = u32::try_from(c.damage.total.max(0)).unwrap_or(0);
    let mut outcome = Msg::new("flyer.crash.result")
        .int("count", damage)
        .int("inches", c.scatter.total)
        .int("hour", c.direction.total);
    if let Some(t) = target_t {
        let i = super::roll_impact(rules, level, falling_t, t, rng)?;
        RollFor::keep(rolls, "battle.for.impact", &i.roll);
        outcome = Msg::new("flyer.crash.with_impact")
            .msg("crash", outcome)
            .int("count", i.damage);
    }
    Ok((outcome, damage))
}

/// The return roll of a unit gone for stones, at the start of its turn
/// `turns` turns after the one it left in (FLY-10): back loaded at its own
/// table edge, or still away; refused while it waits its full turn.
pub fn gather<R: Rng + ?Sized>(
    rules: &FlyerRules,
    turns: u32,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, Gather), Problem> {
    let check = super::roll_gather(rules, turns, rng)?;
    RollFor::keep(rolls, "battle.for.gather", &check.roll);
    Ok(if check.passed {
        (Msg::new("flyer.gather.back"), Gather::Back)
    } else {
        let msg = Msg::new("flyer.gather.away").int("at", rules.drop.gather.returns_at);
        (msg, Gather::Away)
    })
}

/// What the return roll of a unit gone for stones gave (FLY-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gather {
    /// Back, loaded, at its own table edge.
    Back,
    /// Still away, to roll again at the start of its next turn.
    Away,
}
