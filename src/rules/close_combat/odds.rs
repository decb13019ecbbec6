//! Exact odds of close combat before rolling: one blow's chances to hit, to
//! wound and to get through the save, and the distribution of the wounds of
//! the whole attack (CC-8 … CC-12), and a round between two models (CC-7,
//! CC-13). Every number comes from the rules data.

use serde::{Deserialize, Serialize};

use crate::rules::core::dist::{binomial, d6_at_least};
pub use crate::rules::core::odds::Odds;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// A close-combat blow's situation (CC-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CcModifier {
    /// +2.
    Frenzied,
    /// Charged into combat this turn: +1.
    Charging,
    /// Higher position: +1.
    HigherPosition,
    /// Pushed the opponent back last round: +1.
    FollowedUp,
    /// The enemy is behind a defended obstacle: -1.
    DefendedObstacle,
    /// Using more than one weapon at once: -1 on every attack (CC-5).
    TwoWeapons,
    /// A weapon in the wrong hand: -1.
    WrongHand,
    /// An improvised weapon: -2.
    Improvised,
}

impl CcModifier {
    /// What it adds to the die (CC-9).
    pub fn value(self) -> i32 {
        match self {
            Self::Frenzied => 2,
            Self::Charging | Self::HigherPosition | Self::FollowedUp => 1,
            Self::DefendedObstacle | Self::TwoWeapons | Self::WrongHand => -1,
            Self::Improvised => -2,
        }
    }
}

/// The chance to hit with a score needed of `score` (CC-10): never below 2;
/// 7, 8 and 9 need a 6 and then 4+, 5+ or 6+ on a second die; 10 or more
/// cannot hit.
pub fn cc_hit_chance(score: i32) -> f64 {
    match score {
        i32::MIN..=6 => d6_at_least(score.max(2)),
        7..=9 => (1.0 / 6.0) * d6_at_least(score - 3),
        _ => 0.0,
    }
}

/// The score a blow needs to hit (CC-8 … CC-10): the WS table's, less the
/// situation's modifiers, never under 2; 7 or more takes the second die.
pub fn cc_hit_score(
    rules: &RulesData,
    attacker_ws: i32,
    defender_ws: i32,
    modifiers: &[CcModifier],
    helpless: bool,
) -> Result<i32, Problem> {
    let defender_ws = if helpless { 1 } else { defender_ws };
    let table = rules
        .to_hit(attacker_ws, defender_ws)
        .ok_or_else(|| Problem::new("CC-8", "odds.no_score"))?;
    let table = i32::try_from(table).unwrap_or(i32::MAX);
    // A situation counts once, however often it is listed.
    let bonus: i32 = modifiers
        .iter()
        .enumerate()
        .filter(|(i, m)| !modifiers[..*i].contains(m))
        .map(|(_, m)| m.value())
        .sum();
    // CC-10: no modifier takes the score under 2.
    Ok((table - bonus).max(2))
}

/// CC-10's battle setting: a blow that needs 7 or more to hit needs the
/// game master's consent. With `refuse_troops` on (its default is in
/// `close_combat.json`), an ordinary fighter is refused it; a character
/// may still try. The reason, when refused.
pub fn consent_refusal(
    rules: &RulesData,
    attacker_ws: i32,
    defender_ws: i32,
    modifiers: &[CcModifier],
    helpless: bool,
    character: bool,
    refuse_troops: bool,
) -> Option<Problem> {
    let score = cc_hit_score(rules, attacker_ws, defender_ws, modifiers, helpless).ok()?;
    let needs = (7..rules.close_combat.limits.cannot_hit_from).contains(&score);
    (needs && refuse_troops && !character)
        .then(|| Problem::new("CC-10", "battle.problem.no_consent").arg("score", score))
}

/// A close-combat weapon's own values, both optional: its S, used when
/// higher than the wielder's (CC-11), and its own save modifier, used
/// instead of the S table's (CC-12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CcWeaponProfile {
    /// The weapon's S (CC-11).
    pub s: Option<i32>,
    /// The weapon's own save modifier (`-2`), when its data gives one.
    pub save_modifier: Option<i32>,
}

impl CcWeaponProfile {
    /// A weapon known by its S only: its blows modify saves by the table.
    pub fn of_s(s: Option<i32>) -> Self {
        Self {
            s,
            save_modifier: None,
        }
    }
}

/// What modifies a blow's save (CC-12): the weapon's own modifier, or the
/// S table's at the blow's S.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SaveModifierBy {
    /// The weapon's own modifier.
    Weapon,
    /// The table, at this S (PSY-3's table).
    Strength(i32),
}

/// The modifier a blow of a wielder of S `strength` with `weapon` gives the
/// save, and what gives it (CC-12). The blow is at the higher of the
/// weapon's S and the wielder's (CC-11). A blow at the weapon's S takes the
/// weapon's own modifier when it has one, else the S table's. A blow at a
/// stronger wielder's S (« utilisez la force de la créature ») takes the S
/// table's at his S, or the weapon's own when that is better for him: an S7
/// creature with a chainsword's -1 strikes at the table's -4.
pub fn cc_save_modifier(
    rules: &RulesData,
    strength: i32,
    weapon: CcWeaponProfile,
) -> (i32, SaveModifierBy) {
    let by_s = |s: i32| (rules.save_modifier(s), SaveModifierBy::Strength(s));
    let wielder_stronger = weapon.s.is_none_or(|w| strength > w);
    match weapon.save_modifier {
        Some(m) if wielder_stronger && rules.save_modifier(strength) < m => by_s(strength),
        Some(m) => (m, SaveModifierBy::Weapon),
        None => by_s(weapon.s.map_or(strength, |w| w.max(strength))),
    }
}

/// One attacker's blows against one defender in a round of close combat:
/// who strikes, with what, at whom.
#[derive(Clone, Copy, Debug)]
pub struct Blows<'a> {
    /// The attacker's WS.
    pub attacker_ws: i32,
    /// The attacker's S.
    pub strength: i32,
    /// His weapon.
    pub weapon: CcWeaponProfile,
    /// How many blows he strikes.
    pub blows: u32,
    /// The defender's WS.
    pub defender_ws: i32,
    /// The defender's T.
    pub toughness: i32,
    /// The defender's armour save, if any.
    pub save: Option<i32>,
    /// The modifiers to hit.
    pub modifiers: &'a [CcModifier],
    /// The defender is helpless (asleep, routing): he counts as WS 1 (CC-9).
    pub helpless: bool,
}

/// One round of one attacker's blows against one defender (CC-8 … CC-12):
/// `blows` blows of one weapon, each unsaved wound 1.
pub fn close_combat(rules: &RulesData, b: &Blows<'_>) -> Result<Odds, Problem> {
    let &Blows {
        attacker_ws,
        strength,
        weapon,
        blows,
        defender_ws,
        toughness,
        save,
        modifiers,
        helpless,
    } = b;
    let score = cc_hit_score(rules, attacker_ws, defender_ws, modifiers, helpless)?;
    // CC-10 Decision (data): from this score no blow hits.
    let limits = &rules.close_combat.limits;
    let hit = if score >= limits.cannot_hit_from {
        0.0
    } else {
        cc_hit_chance(score)
    };
    // CC-11: the higher of the weapon's and the creature's S.
    let s = weapon.s.map_or(strength, |w| w.max(strength));
    let to_wound = rules
        .to_wound(s, toughness)
        .map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    let wound = to_wound.map_or(0.0, d6_at_least);
    // CC-12: the save, worsened by the weapon's own modifier or else by the
    // blow's S; from the data's score (Decision: 7+) it is lost.
    let (modifier, _) = cc_save_modifier(rules, strength, weapon);
    let to_save = save
        .map(|sv| sv - modifier)
        .filter(|&t| t < limits.save_lost_from);
    let saved = to_save.map_or(0.0, |t| d6_at_least(t.max(2)));
    let unsaved = hit * wound * (1.0 - saved);
    Ok(Odds {
        hit,
        wound,
        unsaved,
        attacks: blows,
        wounds: binomial(blows, unsaved),
        score_to_hit: (score < limits.cannot_hit_from).then_some(score),
        score_to_wound: to_wound,
        score_to_save: to_save.map(|t| t.max(2)),
        save_dice: 1,
        needs_consent: (7..limits.cannot_hit_from).contains(&score),
    })
}

/// A model in a round of close combat (CC-7 … CC-13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fighter {
    /// Weapon skill.
    pub ws: i32,
    /// Strength.
    pub s: i32,
    /// The weapon's strength, if it has one.
    #[serde(default)]
    pub weapon_s: Option<i32>,
    /// The weapon's own save modifier (`-2`), if its data gives one; none:
    /// by the blow's S (CC-12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon_save_modifier: Option<i32>,
    /// Attacks.
    pub a: u32,
    /// Toughness.
    pub t: i32,
    /// Wounds left.
    pub w: u32,
    /// Initiative.
    pub i: i32,
    /// Armour save (4: 4+), or none.
    #[serde(default)]
    pub save: Option<i32>,
    /// Its situation (CC-9).
    #[serde(default)]
    pub modifiers: Vec<CcModifier>,
}

impl Fighter {
    /// His `blows` blows at `on`, with his own modifiers to hit.
    pub fn blows_at<'a>(&'a self, on: &Fighter, blows: u32) -> Blows<'a> {
        Blows {
            attacker_ws: self.ws,
            strength: self.s,
            weapon: self.weapon(),
            blows,
            defender_ws: on.ws,
            toughness: on.t,
            save: on.save,
            modifiers: &self.modifiers,
            helpless: false,
        }
    }

    /// Its weapon's S and own save modifier (CC-11, CC-12).
    pub fn weapon(&self) -> CcWeaponProfile {
        CcWeaponProfile {
            s: self.weapon_s,
            save_modifier: self.weapon_save_modifier,
        }
    }

    /// The chance one of its blows, in the situation `mods`, causes `on`
    /// an unsaved wound (CC-8 … CC-12): what a round, the exact fight and
    /// the simulation all build on.
    pub fn unsaved_on(
        &self,
        rules: &RulesData,
        on: &Self,
        mods: &[CcModifier],
    ) -> Result<f64, Problem> {
        let odds = close_combat(
            rules,
            &Blows {
                modifiers: mods,
                ..self.blows_at(on, 0)
            },
        )?;
        Ok(odds.unsaved)
    }

    /// Charged into combat this turn.
    pub fn charged(&self) -> bool {
        self.modifiers.contains(&CcModifier::Charging)
    }
}

/// Who strikes first (CC-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// The first fighter.
    FirstStrikesFirst,
    /// The second fighter.
    SecondStrikesFirst,
    /// Both at once: a casualty still strikes back.
    Simultaneous,
}

/// The odds of one round between two models (CC-7, CC-13).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundOdds {
    /// Who strikes first.
    pub order: Order,
    /// The chance that the first fighter wins the round (causes more
    /// wounds than it receives).
    pub first_wins: f64,
    /// The chance that the second fighter wins.
    pub second_wins: f64,
    /// The chance of a draw (equal wounds; CC-13 Decision).
    pub draw: f64,
    /// `first_wounds[k]`: the chance that the first fighter receives `k`
    /// wounds (at most his wounds left).
    pub first_wounds: Vec<f64>,
    /// The same for the second fighter.
    pub second_wounds: Vec<f64>,
    /// The chance that the first fighter is killed.
    pub first_dies: f64,
    /// The chance that the second fighter is killed.
    pub second_dies: f64,
}

/// The wounds one fighter's blows cause the other, capped at the other's
/// wounds left.
fn blows(rules: &RulesData, by: &Fighter, on: &Fighter) -> Result<Vec<f64>, Problem> {
    let o = close_combat(rules, &by.blows_at(on, by.a))?;
    let cap = usize::try_from(on.w).unwrap_or(0);
    let mut capped = vec![0.0; cap + 1];
    for (k, p) in o.wounds.into_iter().enumerate() {
        capped[k.min(cap)] += p;
    }
    Ok(capped)
}

/// One round between two models, exactly: strike order by I, a charger
/// first on equal I, otherwise simultaneous; a model killed before its turn
/// does not strike (CC-7); the result by wounds caused (CC-13).
pub fn round(rules: &RulesData, first: &Fighter, second: &Fighter) -> Result<RoundOdds, Problem> {
    let order = match first.i.cmp(&second.i) {
        std::cmp::Ordering::Greater => Order::FirstStrikesFirst,
        std::cmp::Ordering::Less => Order::SecondStrikesFirst,
        std::cmp::Ordering::Equal => match (first.charged(), second.charged()) {
            (true, false) => Order::FirstStrikesFirst,
            (false, true) => Order::SecondStrikesFirst,
            _ => Order::Simultaneous,
        },
    };
    // Wounds each causes, as if both strike.
    let by_first = blows(rules, first, second)?;
    let by_second = blows(rules, second, first)?;
    let (w1, w2) = (
        usize::try_from(first.w).unwrap_or(0),
        usize::try_from(second.w).unwrap_or(0),
    );
    let mut first_wounds = vec![0.0; w1 + 1];
    let mut second_wounds = vec![0.0; w2 + 1];
    let (mut first_wins, mut second_wins, mut draw) = (0.0, 0.0, 0.0);
    for (k, &pk) in by_first.iter().enumerate() {
        for (j, &pj) in by_second.iter().enumerate() {
            // A model killed before its turn does not strike.
            let (k, j, p) = match order {
                Order::FirstStrikesFirst if k >= w2 && w2 > 0 => {
                    (k, 0, if j == 0 { pk } else { 0.0 })
                }
                Order::SecondStrikesFirst if j >= w1 && w1 > 0 => {
                    (0, j, if k == 0 { pj } else { 0.0 })
                }
                _ => (k, j, pk * pj),
            };
            if p == 0.0 {
                continue;
            }
            second_wounds[k] += p;
            first_wounds[j] += p;
            match k.cmp(&j) {
                std::cmp::Ordering::Greater => first_wins += p,
                std::cmp::Ordering::Less => second_wins += p,
                std::cmp::Ordering::Equal => draw += p,
            }
        }
    }
    Ok(RoundOdds {
        order,
        first_wins,
        second_wins,
        draw,
        first_dies: first_wounds.get(w1).copied().unwrap_or(0.0),
        second_dies: second_wounds.get(w2).copied().unwrap_or(0.0),
        first_wounds,
        second_wounds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cc_10_scores_above_six_need_a_second_die() {
        assert!(
            (cc_hit_chance(1) - 5.0 / 6.0).abs() < 1e-12,
            "never below 2"
        );
        assert!((cc_hit_chance(7) - 1.0 / 6.0 * 3.0 / 6.0).abs() < 1e-12);
        assert!((cc_hit_chance(9) - 1.0 / 36.0).abs() < 1e-12);
        assert_eq!(cc_hit_chance(10), 0.0);
    }
}
