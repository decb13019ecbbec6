//! A close combat fought to the end, exactly (CC-7, CC-9, CC-13, CC-15,
//! CC-20): an absorbing Markov chain over the wounds each side has taken
//! and who won the last round, followed round after round up to the last
//! round allowed. Where the states are too many to follow (see
//! [`MAX_STATES`]), the fight is simulated instead (`simulate.rs`).
//!
//! Every round takes the same steps as the simulation and the exact round
//! (`unit_round.rs`): strike order by I, chargers first on equal I in the
//! first round only, equal I at once; blows fall on the first living enemy
//! model, wounds beyond its W lost; a model killed before its step does not
//! strike. The same decisions as the simulation: the winners of a round
//! always follow up, so they have +1 to hit in the next; after a round with
//! a wound, a side that lost it, or lost the data's share of its models in
//! it, takes one rout test and routs when it fails; a side without Ld never
//! tests; a side dead ends the fight before any test.

use serde::Serialize;

use crate::rules::close_combat::odds::Fighter;
use crate::rules::close_combat::simulate::{FightEstimate, SimSide, fight_to_the_end, variant};
use crate::rules::core::dist::{binomial, chance_at_most};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// The most living states (wounds taken by each side, below its total,
/// times who won the last round: three) followed exactly; beyond, the fight
/// is simulated. Ten models of one wound against ten: 300 states.
pub const MAX_STATES: usize = 1_200;

/// The exact odds of a fight to the end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FightOdds {
    /// The first side wins: the second is dead or routs.
    pub first_wins: f64,
    /// The second side wins.
    pub second_wins: f64,
    /// Neither: both dead or both routed in the same round, or still
    /// fighting after the last round allowed.
    pub neither: f64,
    /// The first side routs.
    pub first_routs: f64,
    /// The second side routs.
    pub second_routs: f64,
    /// The first round alone: the first side wins it.
    pub round_one_first_wins: f64,
    /// The first round alone: a draw.
    pub round_one_draw: f64,
    /// The first round alone: every model of the second side dies.
    pub round_one_second_wiped: f64,
    /// Rounds fought, on average.
    pub mean_rounds: f64,
    /// Living states followed.
    pub states: usize,
}

/// A fight to the end: exact where its states can be followed, else
/// simulated with its 95 % intervals.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum FightResult {
    /// Exact chances.
    Exact(FightOdds),
    /// Estimated by simulation.
    Simulated(FightEstimate),
}

/// The living states of a fight between these sides (see [`MAX_STATES`]).
pub fn state_count(first: &SimSide, second: &SimSide) -> usize {
    let total = |s: &SimSide| -> usize {
        s.models
            .iter()
            .map(|m| usize::try_from(m.w).unwrap_or(usize::MAX))
            .fold(0usize, usize::saturating_add)
    };
    total(first).saturating_mul(total(second)).saturating_mul(3)
}

/// The fight exactly when it has at most [`MAX_STATES`] states, else
/// simulated with `trials` fights and the dice of `rng`.
pub fn fight_odds<R: rand::Rng + ?Sized>(
    rules: &RulesData,
    first: &SimSide,
    second: &SimSide,
    max_rounds: u32,
    trials: u64,
    rng: &mut R,
) -> Result<FightResult, Problem> {
    match fight_exact(rules, first, second, max_rounds)? {
        Some(odds) => Ok(FightResult::Exact(odds)),
        None => fight_to_the_end(rules, first, second, max_rounds, trials, rng)
            .map(FightResult::Simulated),
    }
}

/// One side, ready for the chain.
struct Side<'a> {
    models: Vec<&'a Fighter>,
    /// Wounds taken when each model is dead (cumulative W).
    end: Vec<usize>,
    /// For `t` wounds taken (`t < total`): the model struck and its wounds left.
    target: Vec<(usize, usize)>,
    /// Models dead after `t` wounds taken.
    dead_at: Vec<usize>,
    /// `blows[v][i][j]`: the wounds model `i` causes enemy model `j` in the
    /// variant `v` (0: first round, 1: later, 2: later and followed up).
    blows: [Vec<Vec<Vec<f64>>>; 3],
    /// The chance to fail a rout test; `None`: never tests.
    fail: Option<f64>,
}

impl<'a> Side<'a> {
    fn new(rules: &RulesData, side: &'a SimSide) -> Self {
        let models: Vec<&Fighter> = side.models.iter().filter(|m| m.w > 0).collect();
        let mut end = Vec::with_capacity(models.len());
        let mut target = Vec::new();
        for (j, m) in models.iter().enumerate() {
            let w = usize::try_from(m.w).unwrap_or(0);
            target.extend((0..w).map(|taken| (j, w - taken)));
            end.push(target.len());
        }
        let dead_at = (0..=target.len())
            .map(|t| end.iter().filter(|&&e| e <= t).count())
            .collect();
        let fail = side
            .ld
            .map(|ld| 1.0 - chance_at_most(rules.close_combat.rout_test, ld));
        Self {
            models,
            end,
            target,
            dead_at,
            blows: [Vec::new(), Vec::new(), Vec::new()],
            fail,
        }
    }

    fn total(&self) -> usize {
        self.target.len()
    }

    fn with_blows(mut self, rules: &RulesData, on: &Side<'_>) -> Result<Self, Problem> {
        for v in 0..3 {
            let mut table = Vec::with_capacity(self.models.len());
            for a in &self.models {
                let mods = variant(a, v);
                let mut row = Vec::with_capacity(on.models.len());
                for d in &on.models {
                    let u = a.unsaved_on(rules, d, &mods)?;
                    row.push(binomial(a.a, u));
                }
                table.push(row);
            }
            self.blows[v] = table;
        }
        Ok(self)
    }

    /// The chance that this side routs after a round that took it from
    /// `before` wounds to `now` (it tests when it lost the round or the
    /// data's share of its living models in it).
    fn routs(&self, lost_round: bool, before: usize, now: usize, share: usize) -> f64 {
        let Some(fail) = self.fail else {
            return 0.0;
        };
        let dead_before = self.dead_at[before];
        let lost = self.dead_at[now] - dead_before;
        let alive = self.models.len() - dead_before;
        if lost_round || (lost > 0 && lost * 100 >= alive * share) {
            fail
        } else {
            0.0
        }
    }
}

/// One step of the strike order: the models of each side striking in it
/// (only models with blows).
struct Step {
    first: Vec<usize>,
    second: Vec<usize>,
}

/// The strike order: by I, chargers first on equal I when `with_charge`.
fn steps(a: &Side<'_>, b: &Side<'_>, with_charge: bool) -> Vec<Step> {
    let key = |m: &Fighter| (m.i, with_charge && m.charged());
    let mut keys: Vec<(i32, bool)> = a.models.iter().chain(&b.models).map(|m| key(m)).collect();
    keys.sort_unstable_by(|x, y| y.cmp(x));
    keys.dedup();
    let pick = |s: &Side<'_>, k: (i32, bool)| -> Vec<usize> {
        (0..s.models.len())
            .filter(|&i| key(s.models[i]) == k && s.models[i].a > 0)
            .collect()
    };
    keys.into_iter()
        .map(|k| Step {
            first: pick(a, k),
            second: pick(b, k),
        })
        .filter(|s| !s.first.is_empty() || !s.second.is_empty())
        .collect()
}

/// The blows of `strikers` of `by` (alive when `by` had taken `by_taken`)
/// on `on`, which had taken `on_taken`: in `out`, the distribution of the
/// wounds `on` takes in the step (`out[k]`: `on_taken + k` taken after).
#[allow(clippy::too_many_arguments)] // the inner loop: both sides, their losses, two buffers
fn strike(
    by: &Side<'_>,
    by_taken: usize,
    strikers: &[usize],
    table: &[Vec<Vec<f64>>],
    on: &Side<'_>,
    on_taken: usize,
    out: &mut Vec<f64>,
    scratch: &mut Vec<f64>,
) {
    // No more wounds than the blows of the living strikers, nor than `on`
    // has left.
    let reach: usize = strikers
        .iter()
        .filter(|&&i| by_taken < by.end[i])
        .map(|&i| usize::try_from(by.models[i].a).unwrap_or(usize::MAX))
        .fold(0usize, usize::saturating_add);
    let n = reach.min(on.total() - on_taken.min(on.total())) + 1;
    out.clear();
    out.resize(n, 0.0);
    out[0] = 1.0;
    for &i in strikers {
        if by_taken >= by.end[i] {
            continue;
        }
        scratch.clear();
        scratch.resize(n, 0.0);
        for (k, &p) in out.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let Some(&(j, left)) = on.target.get(on_taken + k) else {
                scratch[k] += p;
                continue;
            };
            for (c, &q) in table[i][j].iter().enumerate() {
                scratch[k + c.min(left)] += p * q;
            }
        }
        std::mem::swap(out, scratch);
    }
}

/// What a round from one state leads to.
#[derive(Default)]
struct Transition {
    /// The fight ends: the first wins, the second wins, neither, with the
    /// routs of each side counted apart.
    first_wins: f64,
    second_wins: f64,
    neither: f64,
    first_routs: f64,
    second_routs: f64,
    /// The first round alone: won by the first, a draw, the second wiped.
    round_one: [f64; 3],
    /// The fight goes on: (living state, chance).
    next: Vec<(usize, f64)>,
}

/// The two sides and the steps of their blows.
struct Chain<'a> {
    a: Side<'a>,
    b: Side<'a>,
    first_steps: Vec<Step>,
    later_steps: Vec<Step>,
    share: usize,
}

impl Chain<'_> {
    /// The index of a living state: wounds taken by each side (below its
    /// total) and who won the last round (0: no one, 1: first, 2: second).
    fn index(&self, ta: usize, tb: usize, last: usize) -> usize {
        (ta * self.b.total() + tb) * 3 + last
    }

    /// The distribution of the wounds taken by both sides after the blows
    /// of a round from `(ta, tb)`: `grid[x * (b.total() + 1) + y]`.
    fn blows(&self, ta: usize, tb: usize, round_one: bool, last: usize) -> Vec<f64> {
        let (va, vb, plan) = if round_one {
            (0, 0, &self.first_steps)
        } else {
            (
                1 + usize::from(last == 1),
                1 + usize::from(last == 2),
                &self.later_steps,
            )
        };
        let (na, nb) = (self.a.total() + 1, self.b.total() + 1);
        let mut grid = vec![0.0; na * nb];
        grid[ta * nb + tb] = 1.0;
        let mut next = vec![0.0; na * nb];
        let (mut da, mut db, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        for step in plan {
            next.iter_mut().for_each(|x| *x = 0.0);
            for x in ta..na {
                for y in tb..nb {
                    let p = grid[x * nb + y];
                    if p == 0.0 {
                        continue;
                    }
                    let (a, b) = (&self.a, &self.b);
                    strike(a, x, &step.first, &a.blows[va], b, y, &mut db, &mut scratch);
                    strike(
                        b,
                        y,
                        &step.second,
                        &b.blows[vb],
                        a,
                        x,
                        &mut da,
                        &mut scratch,
                    );
                    for (dx, &qa) in da.iter().enumerate() {
                        if qa == 0.0 {
                            continue;
                        }
                        let row = &mut next[(x + dx) * nb + y..(x + dx + 1) * nb];
                        for (cell, &qb) in row.iter_mut().zip(&db) {
                            *cell += p * qa * qb;
                        }
                    }
                }
            }
            std::mem::swap(&mut grid, &mut next);
        }
        grid
    }

    /// A round from `(ta, tb)`, the last round won by `last`: its blows,
    /// then the deaths and rout tests that end the fight or go on.
    fn transition(&self, ta: usize, tb: usize, round_one: bool, last: usize) -> Transition {
        let (a, b) = (&self.a, &self.b);
        let nb = b.total() + 1;
        let grid = self.blows(ta, tb, round_one, last);
        let mut t = Transition::default();
        for (cell, &p) in grid.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let (x, y) = (cell / nb, cell % nb);
            let (caused_a, caused_b) = (y - tb, x - ta);
            let (a_won, b_won) = (caused_a > caused_b, caused_b > caused_a);
            if round_one {
                t.round_one[0] += if a_won { p } else { 0.0 };
                t.round_one[1] += if a_won || b_won { 0.0 } else { p };
                t.round_one[2] += if y >= b.total() { p } else { 0.0 };
            }
            let (a_dead, b_dead) = (x >= a.total(), y >= b.total());
            if a_dead || b_dead {
                *self.decided(&mut t, a_dead, b_dead) += p;
                continue;
            }
            if caused_a == 0 && caused_b == 0 {
                // A round without a wound: no one lost it, no one tests.
                t.next.push((self.index(x, y, 0), p));
                continue;
            }
            let pa = a.routs(b_won, ta, x, self.share);
            let pb = b.routs(a_won, tb, y, self.share);
            t.first_routs += p * pa;
            t.second_routs += p * pb;
            t.neither += p * pa * pb;
            t.second_wins += p * pa * (1.0 - pb);
            t.first_wins += p * (1.0 - pa) * pb;
            let won = if a_won {
                1
            } else if b_won {
                2
            } else {
                0
            };
            let stay = p * (1.0 - pa) * (1.0 - pb);
            if stay > 0.0 {
                t.next.push((self.index(x, y, won), stay));
            }
        }
        t
    }

    /// Where a fight ended by deaths is counted.
    fn decided<'t>(&self, t: &'t mut Transition, a_out: bool, b_out: bool) -> &'t mut f64 {
        match (a_out, b_out) {
            (false, true) => &mut t.first_wins,
            (true, false) => &mut t.second_wins,
            _ => &mut t.neither,
        }
    }
}

/// The fight to the end, at most `max_rounds` rounds, exactly (CC-7, CC-9,
/// CC-13, CC-15, CC-20); `None` when it has more than [`MAX_STATES`] living
/// states.
pub fn fight_exact(
    rules: &RulesData,
    first: &SimSide,
    second: &SimSide,
    max_rounds: u32,
) -> Result<Option<FightOdds>, Problem> {
    let (a, b) = (Side::new(rules, first), Side::new(rules, second));
    if a.models.is_empty() || b.models.is_empty() {
        return Err(Problem::new("CC-7", "problem.empty_unit"));
    }
    let states = state_count(first, second);
    if states > MAX_STATES {
        return Ok(None);
    }
    let a = a.with_blows(rules, &b)?;
    let b = b.with_blows(rules, &a)?;
    let chain = Chain {
        first_steps: steps(&a, &b, true),
        later_steps: steps(&a, &b, false),
        share: usize::try_from(rules.close_combat.heavy_casualties_percent).unwrap_or(usize::MAX),
        a,
        b,
    };
    Ok(Some(follow(&chain, max_rounds, states)))
}

/// Follows the chain round after round from the first.
fn follow(chain: &Chain<'_>, max_rounds: u32, states: usize) -> FightOdds {
    let mut odds = FightOdds {
        first_wins: 0.0,
        second_wins: 0.0,
        neither: 0.0,
        first_routs: 0.0,
        second_routs: 0.0,
        round_one_first_wins: 0.0,
        round_one_draw: 0.0,
        round_one_second_wiped: 0.0,
        mean_rounds: 0.0,
        states,
    };
    if max_rounds == 0 {
        odds.neither = 1.0;
        return odds;
    }
    let add = |odds: &mut FightOdds, t: &Transition, p: f64, mass: &mut [f64]| {
        odds.first_wins += p * t.first_wins;
        odds.second_wins += p * t.second_wins;
        odds.neither += p * t.neither;
        odds.first_routs += p * t.first_routs;
        odds.second_routs += p * t.second_routs;
        for &(s, q) in &t.next {
            mass[s] += p * q;
        }
    };
    let mut mass = vec![0.0; states];
    let one = chain.transition(0, 0, true, 0);
    [
        odds.round_one_first_wins,
        odds.round_one_draw,
        odds.round_one_second_wiped,
    ] = one.round_one;
    odds.mean_rounds = 1.0;
    add(&mut odds, &one, 1.0, &mut mass);
    // The transitions of the later rounds, made when a state is first reached.
    let mut known: Vec<Option<Transition>> = (0..states).map(|_| None).collect();
    let mut next = vec![0.0; states];
    let nb = chain.b.total();
    for _ in 1..max_rounds {
        let alive: f64 = mass.iter().sum();
        if alive == 0.0 {
            break;
        }
        odds.mean_rounds += alive;
        next.iter_mut().for_each(|x| *x = 0.0);
        for (s, &p) in mass.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let t = known[s].get_or_insert_with(|| {
                let (cell, last) = (s / 3, s % 3);
                chain.transition(cell / nb, cell % nb, false, last)
            });
            add(&mut odds, t, p, &mut next);
        }
        std::mem::swap(&mut mass, &mut next);
    }
    // Still fighting after the last round allowed.
    odds.neither += mass.iter().sum::<f64>();
    odds
}
