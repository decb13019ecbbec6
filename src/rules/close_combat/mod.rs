//! The close-combat chapter (CC-1 … CC-21). Its data (`data`), who fights
//! with what (`engagement`, CC-3, CC-4), the odds of the blows and of a
//! round between two models (`odds`, CC-7 … CC-13), of a round between two
//! units (`unit_round`, CC-7, CC-13), a combat fought to the end
//! (`simulate`) and its exact odds where they can be followed
//! (`fight_exact`), the battle screen's rolls after the blows (`roll`).
//!
//! Here: the charge (CC-1, CC-2) and close combat after the blows (CC-13 …
//! CC-21): the round's result, push back, follow up and its Ld test, tangled
//! combats and characteristic tests; rout tests and breaking off with its
//! free blows (`rout`), creatures with several attack types and dice damage
//! (`creatures`). Exact chances and seeded rolls; every value that is
//! Assumed or a Decision comes from `close_combat.json`.

use rand::Rng;
use serde::{Deserialize, Serialize};

mod creatures;
pub mod data;
pub mod engagement;
pub mod fight_exact;
pub mod odds;
pub mod roll;
mod rout;
pub mod simulate;
pub mod unit_round;

use crate::rules::close_combat::odds::CcModifier;
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::dice::{Check, roll_at_most};
use crate::rules::core::dist::chance_at_most;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
pub use creatures::{
    TypeRoll, creature_wounds, devil_attacks, devil_fighter, large_devil_wounds, roll_creature,
};
pub use data::{
    Arc, AttackKind, AttackType, CcLimits, CloseCombatRules, Damage, DevilRules, DevilSize, Size,
};
pub use rout::{
    BreakOff, Rout, RoutReason, RoutTest, break_off, free_blow, heavy_casualties, rout_pass_chance,
    rout_test,
};

fn cc(rules: &RulesData) -> &CloseCombatRules {
    &rules.close_combat
}

// ---------------------------------------------------------------- CC-1 … CC-5

/// A charger's maximum move (CC-1): M doubled, before terrain and
/// encumbrance (the caller's). Any move into contact is a charge.
pub fn charge_reach(rules: &RulesData, m: u32) -> u32 {
    m.saturating_mul(cc(rules).charge_move_multiplier)
}

/// What a charged model does (CC-2): never both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeReaction {
    /// Turns to face: no effect on its later moves or shooting.
    Face,
    /// Stands and shoots, before the chargers move.
    StandAndShoot,
    /// Flees directly away.
    Flee,
}

/// What a reaction gives (CC-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Reaction {
    /// The to-hit modifier of its shots.
    pub to_hit: i32,
    /// Inches it flees.
    pub flee_inches: u32,
}

/// A charged model's reaction (CC-2): stand and shoot is refused with a slow
/// (`S`-type) weapon; a flee that does not escape is an automatic rout (the
/// caller measures it).
pub fn charge_reaction(
    rules: &RulesData,
    reaction: ChargeReaction,
    m: u32,
    slow_weapon: bool,
) -> Result<Reaction, Problem> {
    let c = cc(rules);
    match reaction {
        ChargeReaction::Face => Ok(Reaction {
            to_hit: 0,
            flee_inches: 0,
        }),
        ChargeReaction::StandAndShoot if slow_weapon => {
            Err(Problem::new("CC-2", "problem.slow_weapon_stand_and_shoot"))
        }
        ChargeReaction::StandAndShoot => Ok(Reaction {
            to_hit: c.stand_and_shoot_to_hit,
            flee_inches: 0,
        }),
        ChargeReaction::Flee => Ok(Reaction {
            to_hit: 0,
            flee_inches: m.saturating_mul(c.flee_move_multiplier),
        }),
    }
}

/// A model with a weapon in each hand (CC-5): its A with each weapon, all at
/// -1 (CC-9), the off hand's at -1 more. Returns `(blows, modifiers)` for the
/// main hand and for the off hand, after the model's own `modifiers`.
pub fn two_weapons(a: u32, modifiers: &[CcModifier]) -> [(u32, Vec<CcModifier>); 2] {
    let mut main = modifiers.to_vec();
    main.push(CcModifier::TwoWeapons);
    let mut off = main.clone();
    off.push(CcModifier::WrongHand);
    [(a, main), (a, off)]
}

// ---------------------------------------------------------------- CC-13 … CC-16

/// A unit's result in a round (CC-13, CC-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundResult {
    /// Caused more wounds than it received: it pushes back.
    Won,
    /// Received more than it caused: it is pushed back.
    Lost,
    /// Equal wounds, or a tangled combat: nobody moves.
    Draw,
}

/// The result of one unit against one enemy unit (CC-13).
pub fn result(caused: u32, received: u32) -> RoundResult {
    match caused.cmp(&received) {
        std::cmp::Ordering::Greater => RoundResult::Won,
        std::cmp::Ordering::Less => RoundResult::Lost,
        std::cmp::Ordering::Equal => RoundResult::Draw,
    }
}

/// A unit's result against every enemy unit it fights (CC-16): one that
/// pushes back one unit and is pushed back by another draws, its models
/// stay in place. Otherwise, lost against any → lost; won against any → won.
// Decision: a win against one unit and a draw against another is a win
// (it pushes the beaten unit back); a loss and a draw is a loss.
pub fn unit_result(against_each: &[RoundResult]) -> RoundResult {
    let won = against_each.contains(&RoundResult::Won);
    let lost = against_each.contains(&RoundResult::Lost);
    match (won, lost) {
        (true, true) | (false, false) => RoundResult::Draw,
        (true, false) => RoundResult::Won,
        (false, true) => RoundResult::Lost,
    }
}

/// A pushed-back model's move (CC-14).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PushBack {
    /// Inches moved away, still facing the opponents.
    pub inches: f64,
    /// Stopped by a wall, door, window or building: still pushed back.
    pub against_wall: bool,
}

/// Pushes back one model of the losing unit still in contact (CC-14):
/// `room` is how far it can go before a wall, door, window or building, or
/// `None` when nothing stops it (terrain slowing it is the caller's).
// Decision: a model with less room than the push back moves what room it
// has and stops with its back to the wall, still counted as pushed back.
pub fn push_back(rules: &RulesData, room: Option<f64>) -> PushBack {
    let full = f64::from(cc(rules).push_back_inches);
    match room {
        Some(r) if r < full => PushBack {
            inches: r.max(0.0),
            against_wall: true,
        },
        _ => PushBack {
            inches: full,
            against_wall: false,
        },
    }
}

/// What the winners do after pushing back (CC-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FollowUp {
    /// They follow their opponents (and get +1 to hit next round, CC-9).
    Follow,
    /// Behind a defended position or obstacle: they stay.
    StayDefended,
    /// Their opponents were killed: they stay put for the turn.
    StayOpponentsKilled,
    /// They wanted to stay and passed the 2D6 test against Ld.
    StayPassedTest,
}

/// The chance that winners wanting to stay pass their test (CC-15).
pub fn stay_chance(rules: &RulesData, ld: i32) -> f64 {
    chance_at_most(cc(rules).follow_up_test, ld)
}

/// Rolls the winners' stay test (CC-15).
pub fn roll_stay_test<R: Rng + ?Sized>(rules: &RulesData, ld: i32, rng: &mut R) -> Check {
    roll_at_most(rng, cc(rules).follow_up_test, ld)
}

/// Rolls a test of Ld, Int, Cl or WP against `value` (CC-21): passed when
/// equal or under.
pub fn roll_characteristic_test<R: Rng + ?Sized>(
    rules: &RulesData,
    value: i32,
    rng: &mut R,
) -> Check {
    roll_at_most(rng, cc(rules).characteristic_test, value)
}

/// Whether the winners follow up (CC-15). `stay_test` is the test rolled
/// when they want to stay; it is refused when they must test and have not.
pub fn follow_up(
    behind_defended: bool,
    opponents_killed: bool,
    stay_test: Option<&Check>,
) -> FollowUp {
    if behind_defended {
        FollowUp::StayDefended
    } else if opponents_killed {
        FollowUp::StayOpponentsKilled
    } else if stay_test.is_some_and(|c| c.passed) {
        FollowUp::StayPassedTest
    } else {
        FollowUp::Follow
    }
}

// ---------------------------------------------------------------- CC-17

/// A model out of coherency after a combat (CC-17), as the game master rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Straggler {
    /// Still in combat: ignore coherency for now.
    IgnoreInCombat,
    /// It rejoins its unit next turn.
    RejoinNextTurn,
    /// Split off as a separate unit (with no orders if unintended).
    SplitOff {
        /// The split was not intended: the new unit has no orders.
        without_orders: bool,
    },
}

/// The game-master rulings on a straggler, in the source's order (CC-17).
pub fn straggler(in_combat: bool, can_rejoin_next_turn: bool, intended: bool) -> Straggler {
    if in_combat {
        Straggler::IgnoreInCombat
    } else if can_rejoin_next_turn {
        Straggler::RejoinNextTurn
    } else {
        Straggler::SplitOff {
            without_orders: !intended,
        }
    }
}

/// The group that stays the unit (CC-17): the leader's, else the largest
/// (the first of equal sizes). `groups` are sizes, `leader` the leader's group.
// Decision: of groups of equal size with no leader, the first listed.
pub fn unit_centre(groups: &[u32], leader: Option<usize>) -> Option<usize> {
    leader.filter(|&g| g < groups.len()).or_else(|| {
        groups
            .iter()
            .enumerate()
            .rev()
            .max_by_key(|&(_, n)| *n)
            .map(|(i, _)| i)
    })
}

// ---------------------------------------------------------------- CC-21

/// Whether a characteristic is tested on 2D6 (CC-21): Ld, Int, Cl, WP.
fn personal(c: Characteristic) -> Result<(), Problem> {
    match c {
        Characteristic::Ld | Characteristic::Int | Characteristic::Cl | Characteristic::WP => {
            Ok(())
        }
        _ => Err(Problem::new("CC-21", "problem.not_a_personal_characteristic").characteristic(c)),
    }
}

/// The chance to pass a test of Ld, Int, Cl or WP of `value` (CC-21).
pub fn characteristic_test_chance(
    rules: &RulesData,
    c: Characteristic,
    value: i32,
) -> Result<f64, Problem> {
    personal(c)?;
    Ok(chance_at_most(cc(rules).characteristic_test, value))
}

/// Rolls a test of Ld, Int, Cl or WP (CC-21).
pub fn characteristic_test<R: Rng + ?Sized>(
    rules: &RulesData,
    c: Characteristic,
    value: i32,
    rng: &mut R,
) -> Result<Check, Problem> {
    personal(c)?;
    Ok(roll_at_most(rng, cc(rules).characteristic_test, value))
}
