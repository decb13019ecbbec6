//! The kill-team turn: how many activations each player gets (KT-8), who
//! wins the initiative (KT-10), and what targeting an Invisible soldier
//! costs (RIB-3, EQ-30).

use rand::Rng;

pub use super::data::TurnRules;
use crate::rules::core::dice::Roll;
use crate::rules::core::problem::Problem;

/// Activations each player has this turn (KT-8): both the same number, as
/// many as the side with fewer soldiers left can make.
pub fn activations(soldiers_left: &[u32]) -> u32 {
    soldiers_left.iter().copied().min().unwrap_or(0)
}

/// The initiative rolls of one turn (KT-10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Initiative {
    /// Every round of dice: one die per player still in contention (`None`
    /// for a player out of it), in player order.
    pub rounds: Vec<Vec<Option<Roll>>>,
    /// The winner's index: he chooses who goes first.
    pub winner: usize,
}

/// Rolls the initiative between `players` players (at least two): each
/// rolls the die; the highest wins; on a tie for the highest, the tied
/// players roll again, or every player when the group's rules say so
/// (`initiative_tied_only`, Decision).
pub fn roll_initiative<R: Rng + ?Sized>(
    rules: &TurnRules,
    players: usize,
    rng: &mut R,
) -> Result<Initiative, Problem> {
    rules.check()?;
    if players < 2 {
        return Err(Problem::new("KT-10", "kt.problem.initiative_players"));
    }
    let mut contending: Vec<bool> = vec![true; players];
    let mut rounds = Vec::new();
    loop {
        let round: Vec<Option<Roll>> = contending
            .iter()
            .map(|&c| c.then(|| Roll::new(rng, 1, rules.initiative_die, 0)))
            .collect();
        let best = round.iter().flatten().map(|r| r.total).max().unwrap_or(0);
        let tied: Vec<usize> = (0..players)
            .filter(|&i| round[i].as_ref().is_some_and(|r| r.total == best))
            .collect();
        rounds.push(round);
        if let [winner] = tied[..] {
            return Ok(Initiative { rounds, winner });
        }
        if rules.initiative_tied_only {
            for (i, c) in contending.iter_mut().enumerate() {
                *c = tied.contains(&i);
            }
        }
    }
}

/// The chance each of `players` players wins the initiative: the same for
/// all, ties being rolled again (KT-10).
pub fn initiative_chance(players: usize) -> f64 {
    if players == 0 {
        0.0
    } else {
        1.0 / players as f64
    }
}

/// Actions a shooter spends to target a soldier (RIB-3): an Invisible one
/// costs more, unless the shooter carries a detector (EQ-30).
pub fn actions_to_target(rules: &TurnRules, target_invisible: bool, shooter_detector: bool) -> u32 {
    if target_invisible && !shooter_detector {
        rules.invisible_target_actions
    } else {
        1
    }
}
