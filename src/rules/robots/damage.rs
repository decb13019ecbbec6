//! Damage to a robot and his malfunctions: damage left and destroyed, the
//! special-damage table and its effects (ROB-8), the malfunction roll
//! (ROB-9).

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::data::{Effect, RobotRules};
use crate::rules::core::characteristic::{Characteristic, Profile};
use crate::rules::core::dice::{Check, Roll};
use crate::rules::core::dist::at_least;
use crate::rules::core::problem::Problem;

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
