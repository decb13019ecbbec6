//! Rolling a fight: the same steps as the odds (`close_combat::odds`,
//! `killteam::odds`), with dice. Every die is kept with what it was for, so
//! the log shows it and the same seed gives the same log.
//!
//! Above the chapters, what the battle screen and `muster odds` share:
//! `scenario` (one attack, as the command line reads it), `table_roll`
//! (what the battle screen rolls on a chapter's table), `text` (a roll told
//! in words), `summary` (the battle summary and where a roll's wounds go)
//! and `from_table` (a fight picked on a campaign's table, as the battle
//! screen fills it in).

pub mod from_table;
pub mod scenario;
pub mod summary;
pub mod table_roll;
pub mod text;

use rand::Rng;
use serde::Serialize;

use self::scenario::Scenario;
use crate::rules::core::dice::RollFor;
use crate::rules::core::dice::{DiceSpec, Roll};
use crate::rules::core::msg::Msg;
use crate::rules::core::odds::Odds;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

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

/// A fight as rolled: every die, each attack, and the total.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolution {
    /// The odds it was rolled against (the scores needed).
    pub odds: Odds,
    /// Every die, in order, with what it was for.
    pub rolls: Vec<RollFor>,
    /// Each attack.
    pub attacks: Vec<AttackRoll>,
    /// Wounds caused in all.
    pub wounds: u32,
    /// What the shooter may do now, in words (RIB-10: a free move).
    pub reminders: Vec<Msg>,
}

impl Resolution {
    /// The log line: attacks, hits, wounds, saves, and the wounds caused.
    pub fn msg(&self) -> Msg {
        let hits = self.attacks.iter().filter(|a| a.hit).count();
        let wounded = self.attacks.iter().filter(|a| a.wounded).count();
        let saved = self.attacks.iter().filter(|a| a.saved).count();
        let dice: Vec<Msg> = crate::rules::core::dice::dice_msgs(&self.rolls);
        let rolled = Msg::new("battle.rolled")
            .int("attacks", self.attacks.len())
            .int("hits", hits)
            .int("wounded", wounded)
            .int("saved", saved)
            .int("count", self.wounds)
            .list("dice", dice);
        if self.reminders.is_empty() {
            rolled
        } else {
            Msg::new("battle.rolled_then")
                .msg("rolled", rolled)
                .list("reminders", self.reminders.clone())
        }
    }
}

/// One D6, kept.
fn d6<R: Rng + ?Sized>(rng: &mut R, purpose: &'static str, rolls: &mut Vec<RollFor>) -> i32 {
    let roll = Roll::new(rng, 1, 6, 0);
    let face = roll.total;
    rolls.push(RollFor { purpose, roll });
    face
}

/// A number that may be dice: rolled and kept when it is.
fn amount<R: Rng + ?Sized>(
    rng: &mut R,
    amount: Result<u32, DiceSpec>,
    purpose: &'static str,
    rolls: &mut Vec<RollFor>,
) -> u32 {
    match amount {
        Ok(n) => n,
        Err(d) => {
            let r = crate::rules::core::dice::roll_dice(rng, d);
            let n = u32::try_from(r.total.max(0)).unwrap_or(0);
            rolls.push(RollFor { purpose, roll: r });
            n
        }
    }
}

/// Rolls a scenario: the odds' scores, with dice.
pub fn roll<R: Rng + ?Sized>(
    rules: &RulesData,
    scenario: &Scenario,
    rng: &mut R,
) -> Result<Resolution, Problem> {
    let odds = scenario.odds(rules)?;
    let mut rolls = Vec::new();
    // Kill team: the shots and the damage may be dice (rolled, kept), the
    // save may take more than one die (KT-19), the damage stops at the
    // target's wounds left.
    let (shots, damage, cap) = match scenario {
        Scenario::KillteamShooting(s) => {
            let shots = amount(rng, s.weapon.shots.dice(), "battle.for.shots", &mut rolls);
            let cap = s.target.wounds.and_then(|w| u32::try_from(w).ok());
            (shots, s.weapon.damage.dice(), cap)
        }
        Scenario::KillteamCloseCombat(c) => {
            let attacks = amount(rng, c.attacks.dice(), "battle.for.attacks", &mut rolls);
            let cap = c.target.wounds.and_then(|w| u32::try_from(w).ok());
            (attacks, c.damage.dice(), cap)
        }
        Scenario::CloseCombat(_) => (odds.attacks, Ok(1), None),
    };
    let attacks = (0..shots)
        .map(|_| roll_attack(&odds, damage, rng, &mut rolls))
        .collect::<Vec<_>>();
    let wounds: u32 = attacks.iter().map(|a| a.wounds).sum();
    // Damage beyond the target's wounds left is lost.
    let wounds = cap.map_or(wounds, |c| wounds.min(c));
    // RIB-10: the shooter's free move after the shot, from the data.
    let reminders = match scenario {
        Scenario::KillteamShooting(s) => crate::rules::killteam::ribbons::move_after_shot(
            &rules.killteam,
            s.shooter_ribbon.as_deref(),
        )
        .into_iter()
        .collect(),
        Scenario::CloseCombat(_) | Scenario::KillteamCloseCombat(_) => Vec::new(),
    };
    Ok(Resolution {
        odds,
        rolls,
        attacks,
        wounds,
        reminders,
    })
}

/// One attack with the odds' scores: to hit, to wound, the save, and the
/// damage of an unsaved wound.
fn roll_attack<R: Rng + ?Sized>(
    odds: &Odds,
    damage: Result<u32, DiceSpec>,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> AttackRoll {
    let hit = match odds.score_to_hit {
        None => false,
        // Automatic (kill team): no die.
        Some(score) if score <= 1 => true,
        Some(score) if score <= 6 => d6(rng, "battle.for.hit", rolls) >= score,
        // CC-10: a 6, then the second die.
        Some(score) => {
            d6(rng, "battle.for.hit", rolls) == 6
                && d6(rng, "battle.for.second_die", rolls) >= score - 3
        }
    };
    let wounded = hit
        && odds
            .score_to_wound
            .is_some_and(|score| d6(rng, "battle.for.wound", rolls) >= score);
    let save_dice = odds.save_dice.max(1);
    let saved = wounded
        && odds.score_to_save.is_some_and(|score| {
            let roll = Roll::new(rng, save_dice, 6, 0);
            let total = roll.total;
            rolls.push(RollFor {
                purpose: "battle.for.save",
                roll,
            });
            total >= score
        });
    let wounds = if wounded && !saved {
        amount(rng, damage, "battle.for.damage", rolls)
    } else {
        0
    };
    AttackRoll {
        hit,
        wounded,
        saved,
        wounds,
    }
}

/// Any fight the battle screen rolls: one attack (close combat or kill-team
/// shooting), a psychic attack, a round between two units, or a roll on a
/// table (robots, flyers, jumps, grenades).
#[derive(Clone, Debug, PartialEq)]
pub enum Fight {
    /// One attack of a scenario the command line knows too.
    Attack(Scenario),
    /// A psychic attack (PSY-1 … PSY-12).
    Psychic(Box<crate::rules::psychic::attack::PsychicAttack>),
    /// A round of close combat between two units (CC-7, CC-13).
    Units(
        Vec<crate::rules::close_combat::odds::Fighter>,
        Vec<crate::rules::close_combat::odds::Fighter>,
    ),
    /// A roll on a table: a robot's target check, special damage or
    /// malfunction (ROB-7 … ROB-9), a flyer's drop or crash (FLY-10,
    /// FLY-11), a kill-team jump (KT-17) or grenade (KT-14).
    Table(table_roll::TableRoll),
    /// A unit's test against its leader's Ld or Cl (CHR-14, CC-15, CC-20).
    Test(crate::rules::characters::units::UnitTest),
}

/// A fight as rolled, for the log.
#[derive(Clone, Debug, PartialEq)]
pub struct Rolled {
    /// What happened, every die included.
    pub result: Msg,
    /// Wounds caused to the defender (the second unit of a round).
    pub wounds: u32,
    /// Wounds caused to the attacker (the first unit of a round).
    pub first_wounds: u32,
}

impl Fight {
    /// Rolls the fight with the dice of `rng`.
    pub fn roll<R: Rng + ?Sized>(&self, rules: &RulesData, rng: &mut R) -> Result<Rolled, Problem> {
        match self {
            Self::Attack(s) => roll(rules, s, rng).map(|r| Rolled {
                result: r.msg(),
                wounds: r.wounds,
                first_wounds: 0,
            }),
            Self::Psychic(a) => a.roll(rules, rng).map(|r| Rolled {
                result: r.msg(a),
                wounds: r.wounds,
                first_wounds: 0,
            }),
            Self::Units(first, second) => {
                crate::rules::close_combat::unit_round::roll_unit_round(rules, first, second, rng)
                    .map(|r| Rolled {
                        result: r.msg(),
                        wounds: r.second_wounds,
                        first_wounds: r.first_wounds,
                    })
            }
            Self::Table(t) => table_roll::roll(rules, t, rng).map(|r| Rolled {
                result: r.msg(),
                wounds: r.wounds,
                first_wounds: 0,
            }),
            Self::Test(t) => t.roll(rules, rng).map(|r| Rolled {
                result: r.msg,
                wounds: 0,
                first_wounds: 0,
            }),
        }
    }
}
