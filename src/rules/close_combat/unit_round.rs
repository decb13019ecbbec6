//! Exact odds of a full round of close combat between two units (CC-7,
//! CC-13): models strike in descending I, chargers first at equal I, models
//! of equal I (and charge) simultaneously; a model killed before its turn
//! does not strike. Dynamic programming over the wounds each unit has taken,
//! so the answer is exact.
//!
//! Decision (kept in `close_combat.json`'s note): each model's blows fall on
//! the first living model of the enemy list (the player orders the list
//! front first); wounds beyond that model's W are lost, as in the 1 against
//! 1 round. Models with no wounds left take no part.

use serde::Serialize;

use crate::rules::close_combat::odds::{Fighter, close_combat};
use crate::rules::core::dist::binomial;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// The odds of one round between two units.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitRoundOdds {
    /// The first unit causes more wounds than it receives (CC-13).
    pub first_wins: f64,
    /// The second unit causes more wounds than it receives.
    pub second_wins: f64,
    /// Equal wounds (CC-13 Decision).
    pub draw: f64,
    /// `first_wounds[k]`: the chance that the first unit receives `k` wounds.
    pub first_wounds: Vec<f64>,
    /// The same for the second unit.
    pub second_wounds: Vec<f64>,
    /// `first_casualties[k]`: the chance that `k` models of the first unit die.
    pub first_casualties: Vec<f64>,
    /// The same for the second unit.
    pub second_casualties: Vec<f64>,
}

/// One unit, ready for the DP.
struct Side<'a> {
    models: Vec<&'a Fighter>,
    /// Wounds taken when each model is dead (cumulative W).
    end: Vec<usize>,
    /// For `t` wounds taken (`t < total`): the model struck and its wounds left.
    target: Vec<(usize, usize)>,
}

impl<'a> Side<'a> {
    fn new(models: &'a [Fighter]) -> Self {
        let models: Vec<&Fighter> = models.iter().filter(|m| m.w > 0).collect();
        let mut end = Vec::with_capacity(models.len());
        let mut target = Vec::new();
        let mut t = 0usize;
        for (j, m) in models.iter().enumerate() {
            let w = usize::try_from(m.w).unwrap_or(0);
            for taken in 0..w {
                target.push((j, w - taken));
            }
            t += w;
            end.push(t);
        }
        Self {
            models,
            end,
            target,
        }
    }

    fn total(&self) -> usize {
        self.target.len()
    }

    fn alive(&self, model: usize, taken: usize) -> bool {
        taken < self.end[model]
    }

    fn dead(&self, taken: usize) -> usize {
        self.end.iter().filter(|&&e| e <= taken).count()
    }
}

/// `blows[i][j]`: the wounds model `i` of `by` causes model `j` of `on`.
fn blows(rules: &RulesData, by: &Side<'_>, on: &Side<'_>) -> Result<Vec<Vec<Vec<f64>>>, Problem> {
    let mut out = Vec::with_capacity(by.models.len());
    for a in &by.models {
        let mut row = Vec::with_capacity(on.models.len());
        for d in &on.models {
            let u = a.unsaved_on(rules, d, &a.modifiers)?;
            row.push(binomial(a.a, u));
        }
        out.push(row);
    }
    Ok(out)
}

/// The strike order: `(I, charged)` from first to last (CC-7).
fn steps(first: &Side<'_>, second: &Side<'_>) -> Vec<(i32, bool)> {
    let mut keys: Vec<(i32, bool)> = first
        .models
        .iter()
        .chain(second.models.iter())
        .map(|m| (m.i, m.charged()))
        .collect();
    keys.sort_unstable_by(|a, b| b.cmp(a));
    keys.dedup();
    keys
}

/// Applies the blows of `by`'s strikers of `step` (alive when `by` had taken
/// `by_taken`) to `on`, which had taken `on_taken`: the distribution of the
/// wounds `on` has taken after, in `out` (length `on.total() + 1`).
#[allow(clippy::too_many_arguments)] // the inner loop: both sides, their losses, two buffers
fn strike(
    by: &Side<'_>,
    by_taken: usize,
    table: &[Vec<Vec<f64>>],
    step: (i32, bool),
    on: &Side<'_>,
    on_taken: usize,
    out: &mut Vec<f64>,
    scratch: &mut Vec<f64>,
) {
    let n = on.total() + 1;
    out.clear();
    out.resize(n, 0.0);
    out[on_taken] = 1.0;
    for (i, m) in by.models.iter().enumerate() {
        if (m.i, m.charged()) != step || !by.alive(i, by_taken) {
            continue;
        }
        scratch.clear();
        scratch.resize(n, 0.0);
        for t in on_taken..n {
            let p = out[t];
            if p == 0.0 {
                continue;
            }
            let Some(&(j, left)) = on.target.get(t) else {
                scratch[t] += p;
                continue;
            };
            for (k, &q) in table[i][j].iter().enumerate() {
                scratch[t + k.min(left)] += p * q;
            }
        }
        std::mem::swap(out, scratch);
    }
}

// Decision: blows fall on the first living enemy model of the list and
// wounds beyond its W are lost (as in the 1 against 1 round of `odds`);
// equal I without a charger is simultaneous (the optional roll-off of CC-7
// is not modelled).
/// One round between two units, exactly (CC-7, CC-13).
pub fn unit_round(
    rules: &RulesData,
    first: &[Fighter],
    second: &[Fighter],
) -> Result<UnitRoundOdds, Problem> {
    let a = Side::new(first);
    let b = Side::new(second);
    if a.models.is_empty() || b.models.is_empty() {
        return Err(Problem::new("CC-7", "problem.empty_unit"));
    }
    let ab = blows(rules, &a, &b)?;
    let ba = blows(rules, &b, &a)?;
    let (na, nb) = (a.total() + 1, b.total() + 1);
    // state[ta * nb + tb]: the chance that the units have taken ta and tb.
    let mut state = vec![0.0; na * nb];
    state[0] = 1.0;
    let mut next = vec![0.0; na * nb];
    let (mut da, mut db, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    for step in steps(&a, &b) {
        next.iter_mut().for_each(|x| *x = 0.0);
        for ta in 0..na {
            for tb in 0..nb {
                let p = state[ta * nb + tb];
                if p == 0.0 {
                    continue;
                }
                strike(&a, ta, &ab, step, &b, tb, &mut db, &mut scratch);
                strike(&b, tb, &ba, step, &a, ta, &mut da, &mut scratch);
                for (ta2, &qa) in da.iter().enumerate().skip(ta) {
                    if qa == 0.0 {
                        continue;
                    }
                    let row = &mut next[ta2 * nb..(ta2 + 1) * nb];
                    for (tb2, &qb) in db.iter().enumerate().skip(tb) {
                        row[tb2] += p * qa * qb;
                    }
                }
            }
        }
        std::mem::swap(&mut state, &mut next);
    }
    let mut out = UnitRoundOdds {
        first_wins: 0.0,
        second_wins: 0.0,
        draw: 0.0,
        first_wounds: vec![0.0; na],
        second_wounds: vec![0.0; nb],
        first_casualties: vec![0.0; a.models.len() + 1],
        second_casualties: vec![0.0; b.models.len() + 1],
    };
    for ta in 0..na {
        for tb in 0..nb {
            let p = state[ta * nb + tb];
            if p == 0.0 {
                continue;
            }
            out.first_wounds[ta] += p;
            out.second_wounds[tb] += p;
            out.first_casualties[a.dead(ta)] += p;
            out.second_casualties[b.dead(tb)] += p;
            match tb.cmp(&ta) {
                std::cmp::Ordering::Greater => out.first_wins += p,
                std::cmp::Ordering::Less => out.second_wins += p,
                std::cmp::Ordering::Equal => out.draw += p,
            }
        }
    }
    Ok(out)
}

/// A round between two units as rolled: every die with what it was for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitRoundRoll {
    /// Every die, in order.
    pub rolls: Vec<crate::rules::core::dice::RollFor>,
    /// Wounds the first unit received.
    pub first_wounds: u32,
    /// Wounds the second unit received.
    pub second_wounds: u32,
    /// Models of the first unit killed.
    pub first_dead: u32,
    /// Models of the second unit killed.
    pub second_dead: u32,
}

impl UnitRoundRoll {
    /// The round's result for the first unit (CC-13).
    pub fn result(&self) -> crate::rules::close_combat::RoundResult {
        crate::rules::close_combat::result(self.second_wounds, self.first_wounds)
    }

    /// The log line, every die included.
    pub fn msg(&self) -> crate::rules::core::msg::Msg {
        use crate::rules::close_combat::RoundResult;
        use crate::rules::core::msg::Msg;
        let dice: Vec<Msg> = crate::rules::core::dice::dice_msgs(&self.rolls);
        let result = match self.result() {
            RoundResult::Won => "battle.units.first_won",
            RoundResult::Lost => "battle.units.second_won",
            RoundResult::Draw => "battle.units.drawn",
        };
        Msg::new("battle.units.rolled")
            .key("result", result)
            .int("first_wounds", self.first_wounds)
            .int("second_wounds", self.second_wounds)
            .int("first_dead", self.first_dead)
            .int("second_dead", self.second_dead)
            .list("dice", dice)
    }
}

/// The scores of every blow of `by` on `on`: `[i][j]`.
fn scores(
    rules: &RulesData,
    by: &Side<'_>,
    on: &Side<'_>,
) -> Result<Vec<Vec<crate::rules::core::odds::Odds>>, Problem> {
    by.models
        .iter()
        .map(|a| {
            on.models
                .iter()
                .map(|d| close_combat(rules, &a.blows_at(d, 0)))
                .collect()
        })
        .collect()
}

/// One D6 kept for the log.
fn d6<R: rand::Rng + ?Sized>(
    rng: &mut R,
    purpose: &'static str,
    rolls: &mut Vec<crate::rules::core::dice::RollFor>,
) -> i32 {
    let roll = crate::rules::core::dice::Roll::new(rng, 1, 6, 0);
    let face = roll.total;
    rolls.push(crate::rules::core::dice::RollFor { purpose, roll });
    face
}

/// Rolls the blows of `by`'s strikers of `step` on `on`: the wounds `on`
/// has taken after.
#[allow(clippy::too_many_arguments)] // the inner loop, rolled: both sides, their losses, the rolls kept
fn roll_strike<R: rand::Rng + ?Sized>(
    rng: &mut R,
    by: &Side<'_>,
    by_taken: usize,
    table: &[Vec<crate::rules::core::odds::Odds>],
    step: (i32, bool),
    on: &Side<'_>,
    mut on_taken: usize,
    rolls: &mut Vec<crate::rules::core::dice::RollFor>,
) -> usize {
    for (i, m) in by.models.iter().enumerate() {
        if (m.i, m.charged()) != step || !by.alive(i, by_taken) {
            continue;
        }
        let Some(&(j, left)) = on.target.get(on_taken) else {
            break;
        };
        let o = &table[i][j];
        let mut caused = 0usize;
        for _ in 0..m.a {
            let hit = match o.score_to_hit {
                None => false,
                Some(s) if s <= 6 => d6(rng, "battle.for.hit", rolls) >= s,
                // CC-10: a 6, then the second die.
                Some(s) => {
                    d6(rng, "battle.for.hit", rolls) == 6
                        && d6(rng, "battle.for.second_die", rolls) >= s - 3
                }
            };
            let wounded = hit
                && o.score_to_wound
                    .is_some_and(|s| d6(rng, "battle.for.wound", rolls) >= s);
            let saved = wounded
                && o.score_to_save
                    .is_some_and(|s| d6(rng, "battle.for.save", rolls) >= s);
            if wounded && !saved {
                caused += 1;
            }
        }
        on_taken += caused.min(left);
    }
    on_taken
}

/// Rolls one round between two units (CC-7, CC-13): the same steps as the
/// exact odds, with dice.
pub fn roll_unit_round<R: rand::Rng + ?Sized>(
    rules: &RulesData,
    first: &[Fighter],
    second: &[Fighter],
    rng: &mut R,
) -> Result<UnitRoundRoll, Problem> {
    let a = Side::new(first);
    let b = Side::new(second);
    if a.models.is_empty() || b.models.is_empty() {
        return Err(Problem::new("CC-7", "problem.empty_unit"));
    }
    let ab = scores(rules, &a, &b)?;
    let ba = scores(rules, &b, &a)?;
    let mut rolls = Vec::new();
    let (mut ta, mut tb) = (0usize, 0usize);
    for step in steps(&a, &b) {
        let (ta0, tb0) = (ta, tb);
        tb = roll_strike(rng, &a, ta0, &ab, step, &b, tb0, &mut rolls);
        ta = roll_strike(rng, &b, tb0, &ba, step, &a, ta0, &mut rolls);
    }
    let n = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
    Ok(UnitRoundRoll {
        rolls,
        first_wounds: n(ta),
        second_wounds: n(tb),
        first_dead: n(a.dead(ta)),
        second_dead: n(b.dead(tb)),
    })
}

/// One step of the strike order (CC-7): the models of each unit that strike
/// in it, by their place in the unit's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StrikeStep {
    /// Their I.
    pub i: i32,
    /// They charged this turn (first on equal I).
    pub charged: bool,
    /// Models of the first unit striking now.
    pub first: Vec<usize>,
    /// Models of the second unit striking now.
    pub second: Vec<usize>,
}

/// The strike order of a round between two units (CC-7): descending I,
/// chargers first on equal I, the models of one step striking at once.
/// Models with no wounds left take no part.
pub fn strike_order(first: &[Fighter], second: &[Fighter]) -> Vec<StrikeStep> {
    let a = Side::new(first);
    let b = Side::new(second);
    let index = |all: &[Fighter], step: (i32, bool)| -> Vec<usize> {
        all.iter()
            .enumerate()
            .filter(|(_, m)| m.w > 0 && (m.i, m.charged()) == step)
            .map(|(k, _)| k)
            .collect()
    };
    steps(&a, &b)
        .into_iter()
        .map(|step| StrikeStep {
            i: step.0,
            charged: step.1,
            first: index(first, step),
            second: index(second, step),
        })
        .collect()
}
