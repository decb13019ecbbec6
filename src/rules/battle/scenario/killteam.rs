//! A kill-team attack as a scenario gives it: a shot (KT-12 … KT-16), with
//! its weapon and target, both barrels of a combi-weapon (EQ-4), and one
//! fighter's blows in close combat (KT-6, KT-9).

use serde::Deserialize;

use crate::rules::core::odds::Odds;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::killteam::RibbonId;
use crate::rules::killteam::odds::{KtModifier, KtShot, ShotClass};

use super::values::{Count, count, in_range, once, one, out_of_range};

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

/// One kill-team shooting attack (KT-12 … KT-16).
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingScenario {
    /// `killteam_shooting`.
    pub kind: super::kind::ScenarioKind,
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
    pub shooter_ribbon: Option<RibbonId>,
}

/// One fighter's blows in a kill-team close combat (KT-6, KT-9): his
/// close-combat score, his weapon's attacks, S, AP and damage, and the
/// model he strikes.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct KtCloseCombatScenario {
    /// `killteam_close_combat`.
    pub kind: super::kind::ScenarioKind,
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
    /// The situation: `smoke` (the target's, EQ-7), `flash` (`Dazzled`: the striker
    /// is dazzled, EQ-10), `gas_mask` (the striker's, EQ-19).
    #[serde(default)]
    pub modifiers: Vec<KtModifier>,
}

/// What bears on a kill-team close combat's blows (KT-6): the target's
/// smoke (EQ-7), the striker dazzled by a flash (EQ-10), the striker's gas
/// mask (EQ-19), in the order the odds read them.
pub fn close_combat_modifiers(
    target_smoke: bool,
    dazzled: bool,
    gas_mask: bool,
) -> Vec<KtModifier> {
    [
        (target_smoke, KtModifier::Smoke),
        (dazzled, KtModifier::Dazzled),
        (gas_mask, KtModifier::GasMask),
    ]
    .into_iter()
    .filter_map(|(on, m)| on.then_some(m))
    .collect()
}

/// The odds of a shot that cannot reach: no hit, no wound.
pub(super) fn out_of_reach(odds: Odds) -> Odds {
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
pub(super) fn kt_target(
    target: &KtTarget,
) -> Result<(i32, Option<i32>, u32, Option<u32>), Problem> {
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
pub(super) fn kt_close_combat_odds(
    rules: &RulesData,
    c: &KtCloseCombatScenario,
) -> Result<Odds, Problem> {
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
