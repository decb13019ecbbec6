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

use self::scenario::Scenario;
use crate::rules::core::dice::RollFor;

use crate::rules::core::msg::Msg;
use crate::rules::core::odds::{Odds, amount};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

pub use crate::rules::core::odds::AttackRoll;

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

/// Rolls a scenario: the odds' scores, with dice.
pub fn roll<R: Rng + ?Sized>(
    rules: &RulesData,
    scenario: &Scenario,
    rng: &mut R,
) -> Result<Resolution, Problem> {
    let odds = scenario.odds(rules)?;
    let mut rolls = Vec::new();
    let mut jammed = 0;
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
        Scenario::RtShooting(r) => {
            let shots = rt_shots(rules, r, rng, &mut rolls, &mut jammed);
            let cap = r.target.wounds.and_then(|w| u32::try_from(w).ok());
            (shots, r.weapon.damage.dice(), cap)
        }
    };
    let attacks = odds.roll_attacks(shots, damage, rng, &mut rolls);
    let wounds: u32 = attacks.iter().map(|a| a.wounds).sum();
    // Damage beyond the target's wounds left is lost.
    let wounds = cap.map_or(wounds, |c| wounds.min(c));
    // RIB-10: the shooter's free move after the shot, from the data.
    let reminders = match scenario {
        Scenario::KillteamShooting(s) => crate::rules::killteam::ribbons::move_after_shot(
            &rules.killteam,
            s.shooter_ribbon.as_ref(),
        )
        .into_iter()
        .collect(),
        // A sustained-fire die that jammed says so.
        Scenario::RtShooting(_) if jammed > 0 => {
            vec![Msg::new("battle.rt.jammed").int("count", jammed)]
        }
        Scenario::CloseCombat(_) | Scenario::KillteamCloseCombat(_) | Scenario::RtShooting(_) => {
            Vec::new()
        }
    };
    Ok(Resolution {
        odds,
        rolls,
        attacks,
        wounds,
        reminders,
    })
}

/// The shots of a Rogue Trader weapon: its sustained-fire dice, each face
/// the shots of its line (a jammed die counted in `jammed`), or its shots.
fn rt_shots<R: Rng + ?Sized>(
    rules: &RulesData,
    r: &scenario::RtShootingScenario,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
    jammed: &mut u32,
) -> u32 {
    let sf = &rules.shooting.sustained_fire;
    if r.weapon.sustained <= 0 {
        return amount(rng, r.weapon.shots.dice(), "battle.for.shots", rolls);
    }
    let mut shots = 0;
    for _ in 0..r.weapon.sustained {
        let roll = crate::rules::core::dice::Roll::new(rng, 1, sf.sides, 0);
        let n = sf.shots_of(roll.total);
        *jammed += u32::from(n == 0);
        shots += n;
        rolls.push(RollFor {
            purpose: "battle.for.sustained",
            roll,
        });
    }
    shots
}

/// Any fight the battle screen rolls: one attack (close combat or kill-team
/// shooting), a psychic attack, a round between two units, or a roll on a
/// table (robots, flyers, jumps, grenades).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
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
    /// Every die, in the order drawn, with what it was for.
    pub rolls: Vec<RollFor>,
    /// Wounds caused to the defender (the second unit of a round).
    pub wounds: u32,
    /// Wounds caused to the attacker (the first unit of a round).
    pub first_wounds: u32,
    /// What a roll on a table decided, as a value (none for any other
    /// fight).
    pub table: Option<table_roll::TableResult>,
}

impl Fight {
    /// A fight of the kill-team rules, whose rolls the "reroll" stratagem
    /// may take again (KT-11): a kill-team shot or blow, a jump, a
    /// grenade, a charge or the initiative.
    pub fn kill_team(&self) -> bool {
        use table_roll::TableRoll;
        match self {
            Self::Attack(s) => !matches!(s, Scenario::CloseCombat(_) | Scenario::RtShooting(_)),
            Self::Table(t) => matches!(
                t,
                TableRoll::Jump(_)
                    | TableRoll::Grenade(_)
                    | TableRoll::Charge(_)
                    | TableRoll::Initiative { .. }
            ),
            Self::Psychic(_) | Self::Units(..) | Self::Test(_) => false,
        }
    }

    /// Rolls the fight with the dice of `rng`.
    pub fn roll<R: Rng + ?Sized>(&self, rules: &RulesData, rng: &mut R) -> Result<Rolled, Problem> {
        match self {
            Self::Attack(s) => roll(rules, s, rng).map(|r| Rolled {
                result: r.msg(),
                rolls: r.rolls,
                wounds: r.wounds,
                first_wounds: 0,
                table: None,
            }),
            Self::Psychic(a) => a.roll(rules, rng).map(|r| Rolled {
                result: r.msg(a),
                rolls: r.rolls,
                wounds: r.wounds,
                first_wounds: 0,
                table: None,
            }),
            Self::Units(first, second) => {
                crate::rules::close_combat::unit_round::roll_unit_round(rules, first, second, rng)
                    .map(|r| Rolled {
                        result: r.msg(),
                        rolls: r.rolls,
                        wounds: r.second_wounds,
                        first_wounds: r.first_wounds,
                        table: None,
                    })
            }
            Self::Table(t) => table_roll::roll(rules, t, rng).map(|r| Rolled {
                result: r.msg(),
                rolls: r.rolls,
                wounds: r.wounds,
                first_wounds: 0,
                table: Some(r.result),
            }),
            Self::Test(t) => t.roll(rules, rng).map(|r| Rolled {
                result: r.msg,
                rolls: vec![RollFor {
                    purpose: "battle.for.test",
                    roll: r.roll,
                }],
                wounds: 0,
                first_wounds: 0,
                table: None,
            }),
        }
    }
}
