//! The odds of one attack, as every chapter gives them: the chances of one
//! attack to hit, to wound and to get through the save, and the
//! distribution of the wounds of the whole attack.

use rand::Rng;
use serde::Serialize;

use super::dice::{DiceSpec, Roll, RollFor};
use super::dist::{Dist, add, fixed};

/// The odds of one attack and of the whole attack.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Odds {
    /// The chance that one attack hits.
    pub hit: f64,
    /// The chance that a hit wounds.
    pub wound: f64,
    /// The chance that one attack ends as an unsaved wound.
    pub unsaved: f64,
    /// Attacks made.
    pub attacks: u32,
    /// `wounds[k]`: the chance that the whole attack causes exactly `k`
    /// wounds (damage points in kill team).
    pub wounds: Vec<f64>,
    /// The score needed to hit, after modifiers (1: automatic); `None`: the
    /// attack cannot be made.
    pub score_to_hit: Option<i32>,
    /// The score needed to wound; `None`: it cannot wound.
    pub score_to_wound: Option<i32>,
    /// The score needed to save; `None`: no save.
    pub score_to_save: Option<i32>,
    /// The dice the save is rolled on, added (2 for a Terminator, KT-19).
    pub save_dice: u32,
    /// A hit needs a 7 or more: the game master must consent (CC-10).
    pub needs_consent: bool,
}

/// One attack as rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttackRoll {
    /// It hit.
    pub hit: bool,
    /// It wounded.
    pub wounded: bool,
    /// It was saved.
    pub saved: bool,
    /// Wounds (damage points) it caused.
    pub wounds: u32,
}

/// One D6, kept.
fn d6<R: Rng + ?Sized>(rng: &mut R, purpose: &'static str, rolls: &mut Vec<RollFor>) -> i32 {
    let roll = Roll::new(rng, 1, 6, 0);
    let face = roll.total;
    rolls.push(RollFor { purpose, roll });
    face
}

/// A number that may be dice: rolled and kept when it is.
pub fn amount<R: Rng + ?Sized>(
    rng: &mut R,
    amount: Result<u32, DiceSpec>,
    purpose: &'static str,
    rolls: &mut Vec<RollFor>,
) -> u32 {
    match amount {
        Ok(n) => n,
        Err(d) => {
            let r = super::dice::roll_dice(rng, d);
            let n = u32::try_from(r.total.max(0)).unwrap_or(0);
            rolls.push(RollFor { purpose, roll: r });
            n
        }
    }
}

impl Odds {
    /// The attacks with the odds' scores, step by step as at the table: every
    /// hit die, then a wound die for each hit, a save for each wound, and the
    /// damage of each unsaved wound. A die made again (KT-11) then changes only
    /// its own step and those after it.
    pub fn roll_attacks<R: Rng + ?Sized>(
        &self,
        count: u32,
        damage: Result<u32, DiceSpec>,
        rng: &mut R,
        rolls: &mut Vec<RollFor>,
    ) -> Vec<AttackRoll> {
        let mut attacks: Vec<AttackRoll> = (0..count)
            .map(|_| AttackRoll {
                hit: match self.score_to_hit {
                    None => false,
                    // Automatic (kill team): no die.
                    Some(score) if score <= 1 => true,
                    Some(score) if score <= 6 => d6(rng, "battle.for.hit", rolls) >= score,
                    // CC-10: a 6, then the second die.
                    Some(score) => {
                        d6(rng, "battle.for.hit", rolls) == 6
                            && d6(rng, "battle.for.second_die", rolls) >= score - 3
                    }
                },
                wounded: false,
                saved: false,
                wounds: 0,
            })
            .collect();
        for a in attacks.iter_mut().filter(|a| a.hit) {
            a.wounded = self
                .score_to_wound
                .is_some_and(|score| d6(rng, "battle.for.wound", rolls) >= score);
        }
        let save_dice = self.save_dice.max(1);
        for a in attacks.iter_mut().filter(|a| a.wounded) {
            a.saved = self.score_to_save.is_some_and(|score| {
                let roll = Roll::new(rng, save_dice, 6, 0);
                let total = roll.total;
                rolls.push(RollFor {
                    purpose: "battle.for.save",
                    roll,
                });
                total >= score
            });
        }
        for a in attacks.iter_mut().filter(|a| a.wounded && !a.saved) {
            a.wounds = amount(rng, damage, "battle.for.damage", rolls);
        }
        attacks
    }
}

/// The wounds of the whole attack: each number of shots (`shots[n]`: the
/// chance of `n`) by its chance, each shot unsaved at `unsaved` with its
/// damage (`damage[d]`); damage beyond the target's wounds left is lost.
pub fn attack_wounds(shots: &Dist, damage: &Dist, unsaved: f64, wounds_left: Option<u32>) -> Dist {
    // One shot's damage: none, or one roll of the damage.
    let mut one = vec![1.0 - unsaved];
    one.resize(damage.len().max(1), 0.0);
    for (d, &p) in damage.iter().enumerate() {
        one[d] += unsaved * p;
    }
    // The whole attack: each number of shots by its chance.
    let mut wounds = vec![0.0];
    let mut n_shots = fixed(0);
    for (n, &p) in shots.iter().enumerate() {
        if n > 0 {
            n_shots = add(&n_shots, &one);
        }
        if p == 0.0 {
            continue;
        }
        if wounds.len() < n_shots.len() {
            wounds.resize(n_shots.len(), 0.0);
        }
        for (k, &q) in n_shots.iter().enumerate() {
            wounds[k] += p * q;
        }
    }
    // Damage beyond the target's wounds left is lost.
    if let Some(cap) = wounds_left.and_then(|w| usize::try_from(w).ok())
        && wounds.len() > cap + 1
    {
        let over: f64 = wounds.drain(cap + 1..).sum();
        wounds[cap] += over;
    }
    wounds
}
