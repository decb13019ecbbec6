//! A Rogue Trader close combat as a scenario gives it: one attacker's
//! blows (CC-8 … CC-12), a round between two models (CC-7, CC-13), and a
//! fight to the end between two units (CC-15, CC-20).

use serde::Deserialize;

use crate::rules::close_combat::odds::CcModifier;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

use super::values::{count, in_range, once, out_of_range, save, save_modifier};

/// A close-combat attacker.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CcAttacker {
    /// Weapon skill.
    pub ws: i64,
    /// Strength.
    pub s: i64,
    /// Attacks.
    pub a: i64,
    /// The weapon's strength, if it has one (CC-11).
    #[serde(default)]
    pub weapon_s: Option<i64>,
    /// The weapon's own save modifier (`-2`), if its data gives one; none:
    /// the save is modified by the blow's S (CC-12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon_save_modifier: Option<i64>,
}

/// A close-combat defender.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CcDefender {
    /// Weapon skill.
    pub ws: i64,
    /// Toughness.
    pub t: i64,
    /// Armour save (4: 4+), or none.
    #[serde(default)]
    pub save: Option<i64>,
}

/// One round of one attacker's blows (CC-8 … CC-12).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CloseCombatScenario {
    /// `close_combat`.
    pub kind: super::kind::ScenarioKind,
    /// The attacker.
    pub attacker: CcAttacker,
    /// The defender.
    pub defender: CcDefender,
    /// The situation (CC-9).
    #[serde(default)]
    pub modifiers: Vec<CcModifier>,
    /// The defender is helpless: WS 1 (CC-8).
    #[serde(default)]
    pub helpless: bool,
}

/// One round between two models, both striking (CC-7, CC-13).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RoundScenario {
    /// `close_combat_round`.
    pub kind: super::kind::ScenarioKind,
    /// The first model.
    pub first: crate::rules::close_combat::odds::Fighter,
    /// The second model.
    pub second: crate::rules::close_combat::odds::Fighter,
}

impl RoundScenario {
    /// The odds of the round, or the field whose value is outside the rules.
    pub fn odds(
        &self,
        rules: &RulesData,
    ) -> Result<crate::rules::close_combat::odds::RoundOdds, Problem> {
        for (name, f) in [("first", &self.first), ("second", &self.second)] {
            check_fighter(name, f)?;
        }
        crate::rules::close_combat::odds::round(rules, &self.first, &self.second)
    }
}

/// A model's values within the rules, or the field (under `name`) that is
/// not.
fn check_fighter(name: &str, f: &crate::rules::close_combat::odds::Fighter) -> Result<(), Problem> {
    let at = |field: &str| format!("{name}.{field}");
    in_range(&at("ws"), i64::from(f.ws), 1, 10)?;
    in_range(&at("s"), i64::from(f.s), 1, 10)?;
    in_range(&at("t"), i64::from(f.t), 1, 10)?;
    in_range(&at("i"), i64::from(f.i), 1, 10)?;
    if let Some(w) = f.weapon_s {
        in_range(&at("weapon_s"), i64::from(w), 1, 10)?;
    }
    save_modifier(
        &at("weapon_save_modifier"),
        f.weapon_save_modifier.map(i64::from),
    )?;
    save(&at("save"), f.save.map(i64::from))?;
    once(&at("modifiers"), &f.modifiers)?;
    count(&at("a"), i64::from(f.a))?;
    if f.w == 0 {
        return Err(out_of_range(&at("w"), 0, "1 or more"));
    }
    count(&at("w"), i64::from(f.w))?;
    Ok(())
}

/// One side of a fight to the end.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct FightSide {
    /// Its models, front first: blows fall on the first living one.
    pub models: Vec<crate::rules::close_combat::odds::Fighter>,
    /// Its leader's Ld for rout tests; none never tests (robots).
    #[serde(default)]
    pub ld: Option<i64>,
}

/// The rounds a fight to the end lasts at most, unless the file says.
const FIGHT_ROUNDS: u32 = 20;
/// Fights simulated when the fight has too many states to be exact.
const FIGHT_TRIALS: u64 = 200_000;
/// The seed of that simulation: the same file gives the same estimate.
const FIGHT_SEED: u64 = 0x5eed;

fn fight_rounds() -> i64 {
    i64::from(FIGHT_ROUNDS)
}

/// A close combat fought to the end between two units (CC-7, CC-13,
/// CC-15, CC-20).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct FightScenario {
    /// `close_combat_fight`.
    pub kind: super::kind::ScenarioKind,
    /// The first side.
    pub first: FightSide,
    /// The second side.
    pub second: FightSide,
    /// Rounds at most: still fighting after them is neither side's win.
    #[serde(default = "fight_rounds")]
    pub max_rounds: i64,
}

impl FightScenario {
    /// The odds of the fight to the end, exact where its states can be
    /// followed, or the field whose value is outside the rules.
    pub fn odds(
        &self,
        rules: &RulesData,
    ) -> Result<crate::rules::close_combat::fight_exact::FightResult, Problem> {
        use crate::rules::close_combat::simulate::SimSide;
        let mut sides = Vec::with_capacity(2);
        for (name, side) in [("first", &self.first), ("second", &self.second)] {
            if side.models.is_empty() {
                return Err(out_of_range(
                    &format!("{name}.models"),
                    0,
                    "1 model or more",
                ));
            }
            for (k, m) in side.models.iter().enumerate() {
                check_fighter(&format!("{name}.models[{k}]"), m)?;
            }
            let ld = side
                .ld
                .map(|ld| in_range(&format!("{name}.ld"), ld, 1, 10))
                .transpose()?;
            sides.push(SimSide {
                models: side.models.clone(),
                ld,
            });
        }
        let rounds = in_range("max_rounds", self.max_rounds, 1, 100)?;
        crate::rules::close_combat::fight_exact::fight_odds(
            rules,
            &sides[0],
            &sides[1],
            u32::try_from(rounds).unwrap_or(FIGHT_ROUNDS),
            FIGHT_TRIALS,
            &mut crate::rules::core::dice::seeded(FIGHT_SEED),
        )
    }
}
