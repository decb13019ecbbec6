//! A fight described as JSON (`muster odds FILE`): the scenario kinds the
//! command line accepts, read strictly, with every value checked against
//! the rules' ranges and a message naming the field that is wrong.

use serde::Deserialize;

use crate::rules::characters::data::SAVE_MODIFIERS;
use crate::rules::close_combat::odds::{CcModifier, CcWeaponProfile, close_combat};
use crate::rules::core::odds::Odds;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::killteam::odds::{KtModifier, KtShot, ShotClass, killteam_attack};

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

/// A number of shots or of damage: a number, or dice to roll (`"D6"`,
/// `"2D3"`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(untagged)]
pub enum Count {
    /// A fixed number.
    Fixed(i64),
    /// Dice, as written.
    Dice(String),
}

impl Count {
    /// Its distribution (`d[k]`: the chance of exactly `k`), or the field
    /// whose value is not a count or not dice; `least`: the smallest fixed
    /// number allowed.
    pub fn dist(&self, field: &str, least: i64) -> Result<crate::rules::core::dist::Dist, Problem> {
        match self {
            Self::Fixed(n) if *n < least => {
                Err(out_of_range(field, *n, &format!("{least} or more")))
            }
            Self::Fixed(n) => count(field, *n).map(crate::rules::core::dist::fixed),
            // A number written as text ("2") is that number.
            Self::Dice(text) if text.trim().parse::<i64>().is_ok() => {
                Self::Fixed(text.trim().parse().unwrap_or(0)).dist(field, least)
            }
            Self::Dice(text) => crate::rules::core::dice::dice_of(text)
                .map(|d| crate::rules::core::dist::dice_sum(d.count, d.sides))
                .ok_or_else(|| {
                    Problem::new("FILE", "odds.bad_dice")
                        .arg("field", field)
                        .arg("dice", text)
                }),
        }
    }

    /// The dice to roll (`Err`), or the fixed number (`Ok`), once checked.
    pub fn dice(&self) -> Result<u32, crate::rules::core::dice::DiceSpec> {
        match self {
            Self::Fixed(n) => Ok(u32::try_from((*n).max(0)).unwrap_or(0)),
            Self::Dice(text) => match crate::rules::core::dice::dice_of(text) {
                Some(d) => Err(d),
                None => Ok(text.trim().parse::<u32>().unwrap_or(0)),
            },
        }
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Fixed(n) => write!(f, "{n}"),
            Self::Dice(d) => f.write_str(d),
        }
    }
}

impl From<&crate::rules::core::dice::Amount> for Count {
    fn from(a: &crate::rules::core::dice::Amount) -> Self {
        match a {
            crate::rules::core::dice::Amount::Fixed(n) => Self::Fixed(i64::from(*n)),
            crate::rules::core::dice::Amount::Dice(d) => Self::Dice(d.clone()),
        }
    }
}

/// A kill-team weapon as the shooting scenario gives it.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct KtWeapon {
    /// Normal, sniper or indirect (KT-12).
    pub class: ShotClass,
    /// Shots: a number or dice (`"D6"`).
    pub shots: Count,
    /// Strength.
    pub s: i64,
    /// Armour penetration (0, -1 …).
    #[serde(default)]
    pub ap: i64,
    /// Damage per unsaved wound: a number or dice (`"D3"`).
    #[serde(default = "one")]
    pub damage: Count,
    /// A flame weapon: it ignores cover (KT-15).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flame: bool,
    /// The weapon's own range in inches: beyond it, it cannot hit,
    /// whatever the bands say (none: the bands alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_range: Option<i64>,
}

/// Both barrels of a combi-weapon fired (EQ-4): the shot as set up, and
/// the same shot with the other weapon as snap fire (KT-13).
pub fn combi_shots(shot: &ShootingScenario, other: KtWeapon) -> [ShootingScenario; 2] {
    let mut second = shot.clone();
    second.weapon = other;
    if !second.modifiers.contains(&KtModifier::SnapFire) {
        second.modifiers.push(KtModifier::SnapFire);
    }
    [shot.clone(), second]
}

impl KtWeapon {
    /// A soldier's weapon as it fires (KT-12, KT-15): its bands by class,
    /// its shots and damage as numbers or dice, a flame weapon ignoring
    /// cover.
    pub fn of(w: &crate::rules::killteam::WeaponLine) -> Self {
        let class = if w.sniper {
            ShotClass::Sniper
        } else if w.indirect {
            ShotClass::Indirect
        } else {
            ShotClass::Normal
        };
        Self {
            class,
            shots: Count::from(&w.shots),
            s: i64::from(w.strength),
            ap: i64::from(w.ap),
            damage: Count::from(&w.damage),
            flame: w.flame,
            max_range: (w.range_inches > 0).then_some(i64::from(w.range_inches)),
        }
    }

    /// Whether a target `range` inches away is beyond the weapon's own
    /// range.
    pub fn beyond(&self, range: i64) -> bool {
        self.max_range.is_some_and(|max| range > max)
    }
}

fn one() -> Count {
    Count::Fixed(1)
}

fn one_die() -> i64 {
    1
}

fn is_one(v: &i64) -> bool {
    *v == 1
}

/// A kill-team target.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct KtTarget {
    /// Toughness.
    pub t: i64,
    /// Save (5: 5+), or none.
    #[serde(default)]
    pub save: Option<i64>,
    /// In cover.
    #[serde(default)]
    pub cover: bool,
    /// The dice the save is rolled on, added (2 for a Terminator, KT-19).
    #[serde(default = "one_die", skip_serializing_if = "is_one")]
    pub save_dice: i64,
    /// Wounds left: damage beyond them is lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wounds: Option<i64>,
}

/// One round of one attacker's blows (CC-8 … CC-12).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CloseCombatScenario {
    /// `close_combat`.
    pub kind: String,
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

/// One kill-team shooting attack (KT-12 … KT-16).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingScenario {
    /// `killteam_shooting`.
    pub kind: String,
    /// Range in inches.
    pub range: i64,
    /// The weapon.
    pub weapon: KtWeapon,
    /// The target.
    pub target: KtTarget,
    /// The situation (KT-13).
    #[serde(default)]
    pub modifiers: Vec<KtModifier>,
    /// The shooter's ribbon id, for what it lets him do after the shot
    /// (RIB-10: a free move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shooter_ribbon: Option<String>,
}

/// One fighter's blows in a kill-team close combat (KT-6, KT-9): his
/// close-combat score, his weapon's attacks, S, AP and damage, and the
/// model he strikes.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct KtCloseCombatScenario {
    /// `killteam_close_combat`.
    pub kind: String,
    /// The score he needs to hit (4: 4+; a Brute 3+).
    pub close_combat: i64,
    /// Attacks: a number or dice.
    pub attacks: Count,
    /// Strength of the blows, his own counted.
    pub s: i64,
    /// Armour penetration (0, -1 …).
    #[serde(default)]
    pub ap: i64,
    /// Damage per unsaved wound: a number or dice.
    #[serde(default = "one")]
    pub damage: Count,
    /// The model struck (cover plays no part).
    pub target: KtTarget,
    /// The situation: `smoke` (the target's, EQ-7), `flash` (the striker
    /// is dazzled, EQ-10), `gas_mask` (the striker's, EQ-19).
    #[serde(default)]
    pub modifiers: Vec<KtModifier>,
}

/// One round between two models, both striking (CC-7, CC-13).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RoundScenario {
    /// `close_combat_round`.
    pub kind: String,
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
    pub kind: String,
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

/// A Rogue Trader weapon as a shot fires it (Assumed: `shooting.json`).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RtWeapon {
    /// Its own S; none: the shooter's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub s: Option<i64>,
    /// Its short and long range, in inches.
    pub range: [i64; 2],
    /// Its to-hit modifier at short and at long range.
    #[serde(default)]
    pub to_hit: [i64; 2],
    /// Its save modifier (`-1`); none: by its S.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_modifier: Option<i64>,
    /// Shots: a number or dice (an enemy's weapon of the faction tables).
    #[serde(default = "one")]
    pub shots: Count,
    /// Wounds per unsaved wound: a number or dice (`"D4"`).
    #[serde(default = "one")]
    pub damage: Count,
    /// Sustained-fire dice: they give the number of shots.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sustained: i64,
    /// A template weapon: it hits every target within its range, no roll.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub template: bool,
}

fn is_zero(v: &i64) -> bool {
    *v == 0
}

/// A Rogue Trader shooter.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RtShooter {
    /// Ballistic skill.
    pub bs: i64,
    /// His own S, for a weapon that has none (a thrown knife).
    #[serde(default = "three")]
    pub s: i64,
}

fn three() -> i64 {
    3
}

/// A Rogue Trader target.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RtTarget {
    /// Toughness.
    pub t: i64,
    /// Armour save (5: 5+), or none.
    #[serde(default)]
    pub save: Option<i64>,
    /// Wounds left: damage beyond them is lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wounds: Option<i64>,
}

/// One Rogue Trader shot (Assumed: `shooting.json`).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RtShootingScenario {
    /// `rt_shooting`.
    pub kind: String,
    /// The shooter.
    pub shooter: RtShooter,
    /// The weapon.
    pub weapon: RtWeapon,
    /// How far the target is, in inches.
    pub range: i64,
    /// The target.
    pub target: RtTarget,
    /// The situation: cover, a fast, small or large target.
    #[serde(default)]
    pub modifiers: Vec<crate::rules::shooting::Situation>,
}

impl RtShootingScenario {
    /// The shot with its values checked, or the field that is not within
    /// the rules.
    pub fn shot(&self, rules: &RulesData) -> Result<crate::rules::shooting::RtShot, Problem> {
        let w = &self.weapon;
        once("modifiers", &self.modifiers)?;
        let inches = |field: &str, v: i64| in_range(field, v, 0, 1000).map(|v| v.unsigned_abs());
        let ranges = [
            inches("weapon.range[0]", w.range[0])?,
            inches("weapon.range[1]", w.range[1])?,
        ];
        if ranges[0] > ranges[1] {
            return Err(out_of_range(
                "weapon.range[0]",
                w.range[0],
                &format!("0–{}", w.range[1]),
            ));
        }
        let sustained = in_range("weapon.sustained", w.sustained, 0, 10)?.unsigned_abs();
        if sustained > 0 && w.shots != Count::Fixed(1) {
            return Err(Problem::new("FILE", "odds.shots_and_sustained"));
        }
        let shots = if sustained > 0 {
            rules.shooting.sustained_fire.dist(sustained)
        } else {
            w.shots.dist("weapon.shots", 0)?
        };
        let s = match w.s {
            Some(s) => in_range("weapon.s", s, 1, 10)?,
            None => in_range("shooter.s", self.shooter.s, 1, 10)?,
        };
        Ok(crate::rules::shooting::RtShot {
            bs: in_range("shooter.bs", self.shooter.bs, 1, 10)?,
            s,
            range_inches: inches("range", self.range)?,
            ranges,
            to_hit: [
                in_range("weapon.to_hit[0]", w.to_hit[0], -6, 6)?,
                in_range("weapon.to_hit[1]", w.to_hit[1], -6, 6)?,
            ],
            save_modifier: save_modifier("weapon.save_modifier", w.save_modifier)?,
            shots,
            damage: w.damage.dist("weapon.damage", 1)?,
            template: w.template,
            toughness: in_range("target.t", self.target.t, 1, 10)?,
            save: save("target.save", self.target.save)?,
            wounds_left: self
                .target
                .wounds
                .map(|v| {
                    if v < 1 {
                        Err(out_of_range("target.wounds", v, "1 or more"))
                    } else {
                        count("target.wounds", v)
                    }
                })
                .transpose()?,
            situation: self.modifiers.clone(),
        })
    }
}

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

/// Reads a scenario file of any kind the command line knows: a single
/// attack, a round of two models, or a fight to the end.
pub fn parse_any(text: &str) -> Result<AnyScenario, Problem> {
    let value: serde_json::Value = parse_kind(text)?;
    match value.get("kind").and_then(serde_json::Value::as_str) {
        Some("close_combat_round") => parse_kind(text).map(AnyScenario::Round),
        Some("close_combat_fight") => parse_kind(text).map(AnyScenario::Fight),
        _ => Scenario::parse(text).map(AnyScenario::Attack),
    }
}

/// A fight to compute the odds of.
#[derive(Clone, Debug, PartialEq)]
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

/// A value outside the rules' range, naming the field.
fn out_of_range(field: &str, value: i64, range: &str) -> Problem {
    Problem::new("FILE", "odds.out_of_range")
        .arg("field", field)
        .arg("value", value)
        .arg("range", range)
}

fn in_range(field: &str, value: i64, lo: i64, hi: i64) -> Result<i32, Problem> {
    if (lo..=hi).contains(&value) {
        Ok(i32::try_from(value).unwrap_or(0))
    } else {
        Err(out_of_range(field, value, &format!("{lo}–{hi}")))
    }
}

fn count(field: &str, value: i64) -> Result<u32, Problem> {
    // A thousand dice is more than any fight on a table.
    let max = i64::from(crate::rules::core::dice::MAX_DICE);
    if (0..=max).contains(&value) {
        Ok(u32::try_from(value).unwrap_or(0))
    } else {
        Err(out_of_range(field, value, &format!("0–{max}")))
    }
}

/// A modifier listed twice is refused, naming the second place: a
/// situation is true or not, and counting it once while the file says it
/// twice would hide a mistake (a player who thought two charges add up).
fn once<T: PartialEq + serde::Serialize>(field: &str, list: &[T]) -> Result<(), Problem> {
    for (i, m) in list.iter().enumerate() {
        if list[..i].contains(m) {
            let name = serde_json::to_value(m)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            return Err(Problem::new("FILE", "odds.repeated")
                .arg("field", format!("{field}[{i}]"))
                .arg("modifier", name));
        }
    }
    Ok(())
}

fn save(field: &str, value: Option<i64>) -> Result<Option<i32>, Problem> {
    value.map(|v| in_range(field, v, 2, 6)).transpose()
}

/// A weapon's own save modifier (CC-12), within the modifiers a weapon may
/// give.
fn save_modifier(field: &str, value: Option<i64>) -> Result<Option<i32>, Problem> {
    let (lo, hi) = (SAVE_MODIFIERS.start(), SAVE_MODIFIERS.end());
    value
        .map(|v| in_range(field, v, i64::from(*lo), i64::from(*hi)))
        .transpose()
}

impl Scenario {
    /// Reads a scenario from JSON; a shape error names its place.
    pub fn parse(text: &str) -> Result<Self, Problem> {
        let value: serde_json::Value = parse_kind(text)?;
        match value.get("kind").and_then(serde_json::Value::as_str) {
            Some("close_combat") => parse_kind(text).map(Self::CloseCombat),
            Some("killteam_shooting") => parse_kind(text).map(Self::KillteamShooting),
            Some("killteam_close_combat") => parse_kind(text).map(Self::KillteamCloseCombat),
            Some("rt_shooting") => parse_kind(text).map(Self::RtShooting),
            other => {
                Err(Problem::new("FILE", "odds.unknown_kind").arg("kind", other.unwrap_or("")))
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
                    in_range("attacker.ws", attacker.ws, 1, 10)?,
                    in_range("attacker.s", attacker.s, 1, 10)?,
                    CcWeaponProfile {
                        s: attacker
                            .weapon_s
                            .map(|w| in_range("attacker.weapon_s", w, 1, 10))
                            .transpose()?,
                        save_modifier: save_modifier(
                            "attacker.weapon_save_modifier",
                            attacker.weapon_save_modifier,
                        )?,
                    },
                    count("attacker.a", attacker.a)?,
                    in_range("defender.ws", defender.ws, 1, 10)?,
                    in_range("defender.t", defender.t, 1, 10)?,
                    save("defender.save", defender.save)?,
                    modifiers,
                    *helpless,
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

/// The odds of a shot that cannot reach: no hit, no wound.
fn out_of_reach(odds: Odds) -> Odds {
    Odds {
        hit: 0.0,
        unsaved: 0.0,
        wounds: vec![1.0],
        score_to_hit: None,
        ..odds
    }
}

/// The target of a kill-team attack, checked: T, save, its dice (KT-19),
/// wounds left.
fn kt_target(target: &KtTarget) -> Result<(i32, Option<i32>, u32, Option<u32>), Problem> {
    let save_dice = in_range("target.save_dice", target.save_dice, 1, 3)?;
    let save_dice = u32::try_from(save_dice).unwrap_or(1);
    let save = target
        .save
        .map(|v| in_range("target.save", v, 2, 6 * i64::from(save_dice)))
        .transpose()?;
    let wounds_left = target
        .wounds
        .map(|w| {
            if w < 1 {
                Err(out_of_range("target.wounds", w, "1 or more"))
            } else {
                count("target.wounds", w)
            }
        })
        .transpose()?;
    Ok((
        in_range("target.t", target.t, 1, 10)?,
        save,
        save_dice,
        wounds_left,
    ))
}

/// One fighter's blows in a kill-team close combat, checked: a situation
/// that plays no part in close combat, or cover, is refused by name.
fn kt_close_combat_odds(rules: &RulesData, c: &KtCloseCombatScenario) -> Result<Odds, Problem> {
    use crate::rules::killteam::melee::{MELEE_MODIFIERS, close_combat_odds};
    once("modifiers", &c.modifiers)?;
    if let Some(i) = c
        .modifiers
        .iter()
        .position(|m| !MELEE_MODIFIERS.contains(m))
    {
        let name = serde_json::to_value(c.modifiers[i])
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        return Err(Problem::new("FILE", "odds.not_in_close_combat")
            .arg("field", format!("modifiers[{i}]"))
            .arg("modifier", name));
    }
    if c.target.cover {
        return Err(Problem::new("FILE", "odds.cover_in_close_combat"));
    }
    let (toughness, save, save_dice, wounds_left) = kt_target(&c.target)?;
    close_combat_odds(
        rules,
        &KtShot {
            class: ShotClass::Normal,
            range_inches: 0,
            shots: c.attacks.dist("attacks", 0)?,
            s: in_range("s", c.s, 1, 10)?,
            ap: in_range("ap", c.ap, -6, 0)?,
            damage: c.damage.dist("damage", 1)?,
            toughness,
            save,
            save_dice,
            cover: false,
            flame: false,
            modifiers: c.modifiers.clone(),
            wounds_left,
        },
        in_range("close_combat", c.close_combat, 2, 6)?,
    )
}
