//! A unit's rout and breaking off (CC-18, CC-20): heavy casualties, the
//! rout test and its chance, breaking off a combat and the free blows it
//! gives.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::cc;
use crate::rules::close_combat::odds::{Blows, Fighter, close_combat};
use crate::rules::core::dice::{Check, roll_at_most};
use crate::rules::core::dist::{Dist, chance_at_most};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

// ---------------------------------------------------------------- CC-18, CC-20

/// Why a unit takes a rout test (CC-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoutReason {
    /// It lost a round of close combat.
    LostRound,
    /// Heavy casualties in one turn.
    HeavyCasualties,
    /// It breaks off (CC-18).
    BreakingOff,
    /// A rule or the game master says so.
    Ordered,
}

/// Whether a turn's casualties are heavy (CC-20): the percent of the data of
/// the unit as it was at the start of the turn.
pub fn heavy_casualties(rules: &RulesData, at_start: u32, casualties: u32) -> bool {
    at_start > 0
        && u64::from(casualties) * 100
            >= u64::from(at_start) * u64::from(cc(rules).heavy_casualties_percent)
}

/// A rout test's outcome (CC-20).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoutTest {
    /// Why it was taken.
    pub reason: RoutReason,
    /// The dice against the leader's Ld.
    pub check: Check,
    /// Failed: the unit moves this far away at once, then at
    /// `rate_multiplier` × its rate, and counts as WS 1 in combat.
    pub routs: Option<Rout>,
}

/// A routing unit's moves (CC-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rout {
    /// Inches moved away at once.
    pub move_now_inches: u32,
    /// Its rate is multiplied by this afterwards.
    pub rate_multiplier: u32,
    /// Its WS when caught in combat (CC-8).
    pub ws_in_combat: i32,
}

fn no_robots(robot: bool) -> Result<(), Problem> {
    if robot {
        return Err(Problem::new("CC-20", "problem.robot_no_rout_test"));
    }
    Ok(())
}

/// The chance that a unit led with `ld` passes a rout test (CC-20).
pub fn rout_pass_chance(rules: &RulesData, ld: i32, robot: bool) -> Result<f64, Problem> {
    no_robots(robot)?;
    Ok(chance_at_most(cc(rules).rout_test, ld))
}

/// Rolls a rout test against the leader's Ld (CC-20); robots never take it.
pub fn rout_test<R: Rng + ?Sized>(
    rules: &RulesData,
    reason: RoutReason,
    leader_ld: i32,
    robot: bool,
    rng: &mut R,
) -> Result<RoutTest, Problem> {
    no_robots(robot)?;
    let c = cc(rules);
    let check = roll_at_most(rng, c.rout_test, leader_ld);
    let routs = (!check.passed).then_some(Rout {
        move_now_inches: c.rout_move_inches,
        rate_multiplier: c.rout_rate_multiplier,
        ws_in_combat: 1,
    });
    Ok(RoutTest {
        reason,
        check,
        routs,
    })
}

/// A unit breaking off (CC-18).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BreakOff {
    /// Its rout test; `None` for robots, which never take one (ROB-3).
    pub test: Option<RoutTest>,
    /// Passed: it moves up to this many inches away and does nothing else
    /// this turn; its opponents stay put and strike their free blows.
    pub move_up_to: Option<u32>,
}

/// A unit in combat at the start of its turn tries to break off (CC-18).
pub fn break_off<R: Rng + ?Sized>(
    rules: &RulesData,
    in_combat_at_start: bool,
    leader_ld: i32,
    m: u32,
    robot: bool,
    rng: &mut R,
) -> Result<BreakOff, Problem> {
    if !in_combat_at_start {
        return Err(Problem::new("CC-18", "problem.not_in_combat_at_start"));
    }
    // Decision: robots never take a rout test (ROB-3), so a robot unit
    // breaks off without one, as if it had passed.
    let test = if robot {
        None
    } else {
        Some(rout_test(
            rules,
            RoutReason::BreakingOff,
            leader_ld,
            false,
            rng,
        )?)
    };
    let move_up_to = test
        .as_ref()
        .is_none_or(|t| t.routs.is_none())
        .then(|| m.saturating_mul(cc(rules).break_off_move_multiplier));
    Ok(BreakOff { test, move_up_to })
}

/// The wounds of one opponent's free blows on a model breaking off (CC-18):
/// one blow whatever its A, a normal blow against WS 1.
pub fn free_blow(rules: &RulesData, by: &Fighter, on: &Fighter) -> Result<Dist, Problem> {
    let c = cc(rules);
    let o = close_combat(
        rules,
        &Blows {
            attacker_ws: by.ws,
            strength: by.s,
            weapon: by.weapon(),
            blows: c.free_blows_per_model,
            defender_ws: c.free_blow_defender_ws,
            toughness: on.t,
            save: on.save,
            modifiers: &[],
            helpless: false,
        },
    )?;
    Ok(o.wounds)
}
