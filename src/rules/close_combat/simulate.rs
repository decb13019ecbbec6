//! A close combat fought to the end, round after round, until one side is
//! dead or routs (CC-7, CC-9, CC-13, CC-15, CC-20), simulated with the dice
//! passed in (they seed a PCG of its own, held in registers through the
//! loop), each chance with its 95 % interval: for the fights whose states
//! are too many for the exact chain of `fight_exact.rs`.
//!
//! Each trial uses the same steps as the exact round (`unit_round.rs`):
//! strike order by I, chargers first on equal I in the first round only,
//! equal I at once; blows fall on the first living enemy model, wounds
//! beyond its W lost. One uniform draw decides all of a striker's blows:
//! his wounds on the model he strikes follow a binomial law (his A blows,
//! each with its chance of an unsaved wound, exact from the tables), whose
//! cumulative chances are computed once, so the inner loop allocates
//! nothing, makes one draw a striker and counts the wounds without a
//! branch.
//!
//! Decisions: the winners of a round always follow up (CC-15), so they have
//! +1 to hit in the next (CC-9); after each round a side that lost it, or
//! lost the data's share of its models in it, takes one rout test (CC-20)
//! and routs when it fails; a side without Ld (robots) never tests.

use rand::{Rng, RngCore as _};
use serde::Serialize;

use crate::rules::close_combat::odds::{CcModifier, Fighter};
use crate::rules::core::dice::DiceRng;
use crate::rules::core::dist::chance_at_most;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// One side of a fight to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimSide {
    /// Its models, front first.
    pub models: Vec<Fighter>,
    /// Its leader's Ld for rout tests; `None` never tests (robots).
    pub ld: Option<i32>,
}

/// A chance estimated by simulation, with its 95 % interval (Wilson).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The share of trials.
    pub mean: f64,
    /// The interval's lower bound.
    pub low: f64,
    /// The interval's upper bound.
    pub high: f64,
}

impl Estimate {
    /// The estimate of `hits` in `trials`, with the Wilson 95 % interval.
    pub fn of(hits: u64, trials: u64) -> Self {
        if trials == 0 {
            return Self {
                mean: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = trials as f64;
        let p = hits as f64 / n;
        let z = 1.959_963_984_540_054_f64;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Self {
            mean: p,
            low: if hits == 0 {
                0.0
            } else {
                (centre - half).max(0.0)
            },
            high: if hits >= trials {
                1.0
            } else {
                (centre + half).min(1.0)
            },
        }
    }

    /// Whether `p` lies in the interval.
    pub fn contains(&self, p: f64) -> bool {
        self.low <= p && p <= self.high
    }
}

/// The result of a simulated fight to the end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FightEstimate {
    /// Trials run.
    pub trials: u64,
    /// The first side wins: the second is dead or routs.
    pub first_wins: Estimate,
    /// The second side wins.
    pub second_wins: Estimate,
    /// Neither: both dead or both routed in the same round, or still
    /// fighting after the last round allowed.
    pub neither: Estimate,
    /// The first side routs.
    pub first_routs: Estimate,
    /// The second side routs.
    pub second_routs: Estimate,
    /// The first round alone: the first side wins it (CC-13).
    pub round_one_first_wins: Estimate,
    /// The first round alone: a draw.
    pub round_one_draw: Estimate,
    /// The first round alone: every model of the second side dies.
    pub round_one_second_wiped: Estimate,
    /// Rounds fought, on average.
    pub mean_rounds: f64,
}

/// One side, compiled for the inner loop.
struct Compiled {
    /// Cumulative wounds: model `i` is dead once `end[i]` wounds are taken.
    end: Vec<u32>,
    /// For `t` wounds taken: (model struck, its wounds left).
    target: Vec<(u32, u32)>,
    /// Models dead after `t` wounds taken.
    dead_at: Vec<u32>,
    /// Where model `i`'s rows start in `cum`: with `a` blows, his row
    /// against enemy `j` is `cum[v][row[i] + j * a..][..a]`.
    row: Vec<usize>,
    /// Per variant (0: first round, 1: later, 2: later and followed up),
    /// the rows of cumulative chances: entry `k` is the chance of at most
    /// `k` unsaved wounds from all the striker's blows, × 2³², so that a
    /// draw counts one wound for each entry it is not under.
    cum: [Vec<u64>; 3],
    /// A draw under it passes the rout test; `None`: never tests.
    rout_pass: Option<u64>,
    total: u32,
}

/// A model striking in a step, compiled: all a striker needs in one place.
#[derive(Clone, Copy)]
struct Striker {
    /// His side is past him once it has taken this many wounds (he is dead).
    end: u32,
    /// His blows (A), at least 1.
    blows: u32,
    /// Where his rows start in his side's `cum`.
    row: u32,
}

/// The strikers of one step, by side (only models with blows).
struct Step {
    first: Vec<Striker>,
    second: Vec<Striker>,
}

fn threshold(p: f64) -> u64 {
    // p × 2³², so that a u32 draw under it has chance p.
    (p.clamp(0.0, 1.0) * 4_294_967_296.0).round() as u64
}

/// The chances of at most `k` successes in `n` trials of chance `p`, for
/// `k` in `0..n`, as thresholds.
fn binomial_thresholds(n: u32, p: f64, out: &mut Vec<u64>) {
    let q = 1.0 - p;
    // P(K = 0) = q^n, then P(K = k + 1) = P(K = k) × (n - k) / (k + 1) × p / q.
    let mut term = q.powi(i32::try_from(n).unwrap_or(i32::MAX));
    let mut sum = 0.0;
    for k in 0..n {
        sum += term;
        out.push(threshold(sum));
        if q > 0.0 {
            term *= f64::from(n - k) / f64::from(k + 1) * p / q;
        }
    }
}

/// A fighter's situation in a round: 0 the first round (as given), 1 a later
/// round (no charge, no follow-up), 2 a later round after following up.
pub(super) fn variant(f: &Fighter, v: usize) -> Vec<CcModifier> {
    let mut m = f.modifiers.clone();
    if v > 0 {
        m.retain(|x| *x != CcModifier::Charging && *x != CcModifier::FollowedUp);
    }
    if v == 2 {
        m.push(CcModifier::FollowedUp);
    }
    m
}

fn compile(
    rules: &RulesData,
    by: &[&Fighter],
    on: &[&Fighter],
    ld: Option<i32>,
) -> Result<Compiled, Problem> {
    let mut cum: [Vec<u64>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for (v, c) in cum.iter_mut().enumerate() {
        for a in by {
            let mods = variant(a, v);
            for d in on {
                let u = a.unsaved_on(rules, d, &mods)?;
                binomial_thresholds(a.a, u, c);
            }
        }
    }
    let mut row = Vec::with_capacity(by.len());
    let mut at = 0usize;
    for a in by {
        row.push(at);
        at += a.a as usize * on.len();
    }
    let mut end = Vec::with_capacity(by.len());
    let mut target = Vec::new();
    let mut total = 0u32;
    for (j, m) in by.iter().enumerate() {
        for taken in 0..m.w {
            target.push((u32::try_from(j).unwrap_or(0), m.w - taken));
        }
        total += m.w;
        end.push(total);
    }
    let dead_at = (0..=total)
        .map(|t| u32::try_from(end.iter().filter(|&&e| e <= t).count()).unwrap_or(0))
        .collect();
    let rout_pass = ld.map(|ld| threshold(chance_at_most(rules.close_combat.rout_test, ld)));
    Ok(Compiled {
        end,
        target,
        dead_at,
        row,
        cum,
        rout_pass,
        total,
    })
}

fn steps(
    first: (&[&Fighter], &Compiled),
    second: (&[&Fighter], &Compiled),
    with_charge: bool,
) -> Vec<Step> {
    let key = |m: &Fighter| (m.i, with_charge && m.charged());
    let mut keys: Vec<(i32, bool)> = first
        .0
        .iter()
        .chain(second.0.iter())
        .map(|m| key(m))
        .collect();
    keys.sort_unstable_by(|a, b| b.cmp(a));
    keys.dedup();
    keys.into_iter()
        .map(|k| {
            // A model without blows strikes nothing: not drawn for.
            let pick = |(side, c): (&[&Fighter], &Compiled)| {
                side.iter()
                    .enumerate()
                    .filter(|(_, m)| key(m) == k && m.a > 0)
                    .map(|(i, m)| Striker {
                        end: c.end[i],
                        blows: m.a,
                        row: u32::try_from(c.row[i]).unwrap_or(u32::MAX),
                    })
                    .collect()
            };
            Step {
                first: pick(first),
                second: pick(second),
            }
        })
        .filter(|s: &Step| !s.first.is_empty() || !s.second.is_empty())
        .collect()
}

/// The strikers of one side in one step, alive when their side had taken
/// `by_taken`, strike the other side, which has taken `on_taken`: the
/// wounds it has taken after. One draw a striker: his wounds are the
/// entries of his cumulative row, cut at the wounds his target has left,
/// that the draw is not under.
#[inline]
fn strike<R: Rng + ?Sized>(
    rng: &mut R,
    strikers: &[Striker],
    by_taken: u32,
    cum: &[u64],
    on: &Compiled,
    mut on_taken: u32,
) -> u32 {
    for s in strikers {
        if by_taken >= s.end {
            continue;
        }
        let Some(&(j, left)) = on.target.get(on_taken as usize) else {
            break;
        };
        let start = s.row as usize + j as usize * s.blows as usize;
        let Some(row) = cum.get(start..start + s.blows as usize) else {
            continue;
        };
        let u = u64::from(rng.next_u32());
        // The rows are increasing: the count of entries the draw is not
        // under, cut at the wounds left, is the count within the first
        // `left` entries. Most models have one or two blows.
        let k = match row {
            [a] => u32::from(u >= *a),
            [a, b] => u32::from(u >= *a) + u32::from(u >= *b),
            _ => row.iter().map(|&c| u32::from(u >= c)).sum::<u32>(),
        };
        on_taken += k.min(left);
    }
    on_taken
}

/// Simulates `trials` fights to the end, at most `max_rounds` rounds each,
/// with the dice of `rng` (CC-7, CC-9, CC-13, CC-15, CC-20).
pub fn fight_to_the_end<R: Rng + ?Sized>(
    rules: &RulesData,
    first: &SimSide,
    second: &SimSide,
    max_rounds: u32,
    trials: u64,
    rng: &mut R,
) -> Result<FightEstimate, Problem> {
    let fa: Vec<&Fighter> = first.models.iter().filter(|m| m.w > 0).collect();
    let fb: Vec<&Fighter> = second.models.iter().filter(|m| m.w > 0).collect();
    if fa.is_empty() || fb.is_empty() {
        return Err(Problem::new("CC-7", "problem.empty_unit"));
    }
    let a = compile(rules, &fa, &fb, first.ld)?;
    let b = compile(rules, &fb, &fa, second.ld)?;
    let fight = Fight {
        na: fa.len(),
        nb: fb.len(),
        first_steps: steps((&fa, &a), (&fb, &b), true),
        later_steps: steps((&fa, &a), (&fb, &b), false),
        share: u64::from(rules.close_combat.heavy_casualties_percent),
        a,
        b,
    };
    let rng = &mut crate::rules::core::dice::seeded(rng.next_u64());
    let mut counts = [0u64; 8];
    let mut rounds_sum = 0u64;
    for _ in 0..trials {
        let (outcome, round) = fight.trial(max_rounds, &mut counts, rng);
        counts[outcome] += 1;
        rounds_sum += u64::from(round);
    }
    let e = |k: usize| Estimate::of(counts[k], trials);
    Ok(FightEstimate {
        trials,
        first_wins: e(0),
        second_wins: e(1),
        neither: e(2),
        first_routs: e(3),
        second_routs: e(4),
        round_one_first_wins: e(5),
        round_one_draw: e(6),
        round_one_second_wiped: e(7),
        mean_rounds: if trials == 0 {
            0.0
        } else {
            rounds_sum as f64 / trials as f64
        },
    })
}

/// The two sides of a simulated fight, compiled, and the steps of their
/// blows.
struct Fight {
    /// The first side.
    a: Compiled,
    /// The second side.
    b: Compiled,
    /// Models of the first side.
    na: usize,
    /// Models of the second side.
    nb: usize,
    /// The steps of the first round (charges count).
    first_steps: Vec<Step>,
    /// The steps of the later rounds.
    later_steps: Vec<Step>,
    /// The share of a side's models lost that makes it test (percent).
    share: u64,
}

/// Which side a fight's end favours: 0 when only the second side is out,
/// 1 when only the first is, 2 otherwise.
fn decided(first_out: bool, second_out: bool) -> usize {
    match (first_out, second_out) {
        (false, true) => 0,
        (true, false) => 1,
        _ => 2,
    }
}

impl Fight {
    /// One fight to the end: its outcome (0: the first side wins, 1: the
    /// second, 2: neither) and the rounds fought; counts the routs (3, 4)
    /// and the first round's results (5 … 7).
    fn trial(&self, max_rounds: u32, counts: &mut [u64; 8], rng: &mut DiceRng) -> (usize, u32) {
        let (a, b) = (&self.a, &self.b);
        let (mut ta, mut tb) = (0u32, 0u32);
        // 0: no one won the last round, 1: the first side, 2: the second.
        let mut last_winner = 0u8;
        let mut round = 0u32;
        while round < max_rounds {
            let (sa, sb) = (ta, tb);
            (ta, tb) = self.blows(round, last_winner, ta, tb, rng);
            round += 1;
            let (caused_a, caused_b) = (tb - sb, ta - sa);
            let a_won = caused_a > caused_b;
            let b_won = caused_b > caused_a;
            if round == 1 {
                counts[5] += u64::from(a_won);
                counts[6] += u64::from(!a_won && !b_won);
                counts[7] += u64::from(tb >= b.total);
            }
            last_winner = if a_won {
                1
            } else if b_won {
                2
            } else {
                0
            };
            let (a_dead, b_dead) = (ta >= a.total, tb >= b.total);
            if a_dead || b_dead {
                return (decided(a_dead, b_dead), round);
            }
            if caused_a == 0 && caused_b == 0 {
                // A round without a wound: no one lost it nor any model in
                // it, so no one tests (CC-20).
                continue;
            }
            let a_routs = self.routs(a, b_won, sa, ta, self.na, rng);
            let b_routs = self.routs(b, a_won, sb, tb, self.nb, rng);
            counts[3] += u64::from(a_routs);
            counts[4] += u64::from(b_routs);
            if a_routs || b_routs {
                return (decided(a_routs, b_routs), round);
            }
        }
        (2, round)
    }

    /// The blows of one round, step by step, from the wounds each side has
    /// taken: the wounds each has taken after.
    #[inline]
    fn blows(
        &self,
        round: u32,
        last_winner: u8,
        mut ta: u32,
        mut tb: u32,
        rng: &mut DiceRng,
    ) -> (u32, u32) {
        let (a, b) = (&self.a, &self.b);
        let (va, vb, plan) = if round == 0 {
            (0, 0, &self.first_steps)
        } else {
            (
                1 + usize::from(last_winner == 1),
                1 + usize::from(last_winner == 2),
                &self.later_steps,
            )
        };
        let (cum_a, cum_b) = (&a.cum[va], &b.cum[vb]);
        for step in plan {
            let (ta0, tb0) = (ta, tb);
            tb = strike(rng, &step.first, ta0, cum_a, b, tb0);
            ta = strike(rng, &step.second, tb0, cum_b, a, ta0);
            if ta >= a.total || tb >= b.total {
                // A side is wiped out: no one is left to strike it, and
                // its own later strikers are dead.
                break;
            }
        }
        (ta, tb)
    }

    /// Whether a side routs after a round (CC-15, CC-20): it tests when it
    /// lost the round or heavy casualties in it, from `before` wounds taken
    /// to `now`.
    #[inline]
    fn routs(
        &self,
        c: &Compiled,
        lost_round: bool,
        before: u32,
        now: u32,
        models: usize,
        rng: &mut DiceRng,
    ) -> bool {
        let Some(pass) = c.rout_pass else {
            return false;
        };
        let dead_before = c.dead_at[before as usize];
        let lost = c.dead_at[now as usize] - dead_before;
        let heavy = || {
            let alive = models as u64 - u64::from(dead_before);
            lost > 0 && u64::from(lost) * 100 >= alive * self.share
        };
        if lost_round || heavy() {
            u64::from(rng.next_u32()) >= pass
        } else {
            false
        }
    }
}
