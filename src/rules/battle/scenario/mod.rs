//! A fight described as JSON (`muster odds FILE`): the scenario kinds the
//! command line accepts, read strictly, with every value checked against
//! the rules' ranges and a message naming the field that is wrong.
//!
//! In this file: a scenario of any kind, read, and a single attack's odds;
//! each kind's fields in its own file, the values' checks in `values.rs`.

mod close_combat;
mod killteam;
mod kind;
mod rt_shooting;
mod values;

pub use close_combat::{
    CcAttacker, CcDefender, CloseCombatScenario, FightScenario, FightSide, RoundScenario,
};
pub use killteam::{
    KtCloseCombatScenario, KtTarget, KtWeapon, ShootingScenario, close_combat_modifiers,
    combi_shots,
};
pub use kind::ScenarioKind;
pub use rt_shooting::{RtShooter, RtShootingScenario, RtTarget, RtWeapon};
pub use values::Count;

use crate::rules::close_combat::odds::{Blows, CcWeaponProfile, close_combat};
use crate::rules::core::odds::Odds;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::killteam::odds::{KtShot, killteam_attack};

use killteam::{kt_close_combat_odds, kt_target, out_of_reach};
use values::{count, in_range, once, out_of_range, save, save_modifier};

/// A scenario of any kind the command line knows.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyScenario {
    /// A single attack.
    Attack(Scenario),
    /// A round of two models.
    Round(RoundScenario),
    /// A fight to the end between two units.
    Fight(FightScenario),
}

/// The kinds of a single attack.
fn attack_kinds() -> impl Iterator<Item = ScenarioKind> + Clone {
    ScenarioKind::ALL.into_iter().filter(|k| k.is_attack())
}

/// A file whose `"kind"` is `name`, not one of `known`.
fn unknown_kind(name: &str, known: impl IntoIterator<Item = ScenarioKind>) -> Problem {
    Problem::new("FILE", "odds.unknown_kind")
        .arg("kind", name)
        .arg("kinds", ScenarioKind::names_of(known))
}

/// The kind a file names, or why it names none of `known`.
fn kind_of(
    value: &serde_json::Value,
    known: impl IntoIterator<Item = ScenarioKind> + Clone,
) -> Result<ScenarioKind, Problem> {
    let name = value.get("kind").and_then(serde_json::Value::as_str);
    name.and_then(ScenarioKind::named)
        .filter(|k| known.clone().into_iter().any(|x| x == *k))
        .ok_or_else(|| unknown_kind(name.unwrap_or(""), known))
}

/// Reads a scenario file of any kind the command line knows: a single
/// attack, a round of two models, or a fight to the end.
pub fn parse_any(text: &str) -> Result<AnyScenario, Problem> {
    let value: serde_json::Value = parse_kind(text)?;
    match kind_of(&value, ScenarioKind::ALL)? {
        ScenarioKind::CloseCombatRound => parse_kind(text).map(AnyScenario::Round),
        ScenarioKind::CloseCombatFight => parse_kind(text).map(AnyScenario::Fight),
        attack => Scenario::of_kind(attack, text).map(AnyScenario::Attack),
    }
}

/// A fight to compute the odds of. (Kept whole in the battle screen's log
/// beside the preferences: each scenario writes its own `kind`.)
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum Scenario {
    /// A round of close combat.
    CloseCombat(CloseCombatScenario),
    /// A kill-team shooting attack.
    KillteamShooting(ShootingScenario),
    /// One fighter's blows in a kill-team close combat.
    KillteamCloseCombat(KtCloseCombatScenario),
    /// A Rogue Trader shot.
    RtShooting(RtShootingScenario),
}

impl<'de> serde::Deserialize<'de> for Scenario {
    /// Read by its `kind`, as the command line reads one.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let v = serde_json::Value::deserialize(d)?;
        let kind = v
            .get("kind")
            .cloned()
            .ok_or_else(|| D::Error::missing_field("kind"))?;
        let kind: ScenarioKind = serde_json::from_value(kind).map_err(D::Error::custom)?;
        let read = match kind {
            ScenarioKind::CloseCombat => serde_json::from_value(v).map(Self::CloseCombat),
            ScenarioKind::KillteamShooting => serde_json::from_value(v).map(Self::KillteamShooting),
            ScenarioKind::KillteamCloseCombat => {
                serde_json::from_value(v).map(Self::KillteamCloseCombat)
            }
            ScenarioKind::RtShooting => serde_json::from_value(v).map(Self::RtShooting),
            ScenarioKind::CloseCombatRound | ScenarioKind::CloseCombatFight => {
                return Err(D::Error::custom(format!("not one attack: {}", kind.name())));
            }
        };
        read.map_err(D::Error::custom)
    }
}

/// Reads one kind of scenario, typed, keeping the place and line of an error.
fn parse_kind<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, Problem> {
    let mut de = serde_json::Deserializer::from_str(text);
    let mut track = serde_path_to_error::Track::new();
    let parsed = T::deserialize(serde_path_to_error::Deserializer::new(&mut de, &mut track))
        .and_then(|s| de.end().map(|()| s));
    parsed.map_err(|e| {
        let at = track.path().to_string();
        let text = e.to_string();
        let message = text
            .rsplit_once(" at line ")
            .map_or(text.as_str(), |(m, _)| m)
            .to_owned();
        let at = if at == "." || at == "?" {
            String::new()
        } else {
            at
        };
        Problem::new(
            "FILE",
            if at.is_empty() {
                "odds.malformed"
            } else {
                "odds.malformed_at"
            },
        )
        .arg("at", at)
        .arg("message", message)
        .arg("line", e.line())
    })
}

impl Scenario {
    /// Reads a single attack from JSON; a shape error names its place.
    pub fn parse(text: &str) -> Result<Self, Problem> {
        let value: serde_json::Value = parse_kind(text)?;
        Self::of_kind(kind_of(&value, attack_kinds())?, text)
    }

    /// Reads `text` as an attack of `kind`.
    fn of_kind(kind: ScenarioKind, text: &str) -> Result<Self, Problem> {
        match kind {
            ScenarioKind::CloseCombat => parse_kind(text).map(Self::CloseCombat),
            ScenarioKind::KillteamShooting => parse_kind(text).map(Self::KillteamShooting),
            ScenarioKind::KillteamCloseCombat => parse_kind(text).map(Self::KillteamCloseCombat),
            ScenarioKind::RtShooting => parse_kind(text).map(Self::RtShooting),
            ScenarioKind::CloseCombatRound | ScenarioKind::CloseCombatFight => {
                Err(unknown_kind(kind.name(), attack_kinds()))
            }
        }
    }

    /// The odds, or the field whose value is outside the rules.
    pub fn odds(&self, rules: &RulesData) -> Result<Odds, Problem> {
        match self {
            Self::CloseCombat(CloseCombatScenario {
                attacker,
                defender,
                modifiers,
                helpless,
                ..
            }) => {
                once("modifiers", modifiers)?;
                close_combat(
                    rules,
                    &Blows {
                        attacker_ws: in_range("attacker.ws", attacker.ws, 1, 10)?,
                        strength: in_range("attacker.s", attacker.s, 1, 10)?,
                        weapon: CcWeaponProfile {
                            s: attacker
                                .weapon_s
                                .map(|w| in_range("attacker.weapon_s", w, 1, 10))
                                .transpose()?,
                            save_modifier: save_modifier(
                                "attacker.weapon_save_modifier",
                                attacker.weapon_save_modifier,
                            )?,
                        },
                        blows: count("attacker.a", attacker.a)?,
                        defender_ws: in_range("defender.ws", defender.ws, 1, 10)?,
                        toughness: in_range("defender.t", defender.t, 1, 10)?,
                        save: save("defender.save", defender.save)?,
                        modifiers,
                        helpless: *helpless,
                    },
                )
            }
            Self::KillteamShooting(ShootingScenario {
                range,
                weapon,
                target,
                modifiers,
                ..
            }) => {
                once("modifiers", modifiers)?;
                let range = if *range < 0 {
                    return Err(out_of_range("range", *range, "0 or more"));
                } else {
                    u32::try_from(*range).unwrap_or(u32::MAX)
                };
                let (toughness, save, save_dice, wounds_left) = kt_target(target)?;
                let odds = killteam_attack(
                    rules,
                    &KtShot {
                        class: weapon.class,
                        range_inches: range,
                        shots: weapon.shots.dist("weapon.shots", 0)?,
                        s: in_range("weapon.s", weapon.s, 1, 10)?,
                        ap: in_range("weapon.ap", weapon.ap, -6, 0)?,
                        damage: weapon.damage.dist("weapon.damage", 1)?,
                        toughness,
                        save,
                        save_dice,
                        cover: target.cover,
                        flame: weapon.flame,
                        modifiers: modifiers.clone(),
                        wounds_left,
                    },
                )?;
                // Beyond the weapon's own range it cannot hit, whatever the
                // band (a shotgun at 18").
                Ok(if weapon.beyond(i64::from(range)) {
                    out_of_reach(odds)
                } else {
                    odds
                })
            }
            Self::KillteamCloseCombat(c) => kt_close_combat_odds(rules, c),
            Self::RtShooting(r) => Ok(crate::rules::shooting::rt_shooting(rules, &r.shot(rules)?)),
        }
    }
}
