//! Kill-team close combat (KT-6, KT-9, EQ-7, EQ-8, EQ-10, EQ-19): a
//! soldier strikes on his close-combat score (4+, a Brute 3+), never on
//! his BS or the range; each blow then wounds and is saved as a shot is
//! (KT-16). A charge forces the target's free response: it strikes back at
//! once, which is not an activation and costs him no action. Cover plays
//! no part; a smoke grenade's bearer is harder to hit (EQ-7) and a
//! flash grenade's target strikes worse (EQ-10), unless a gas mask keeps
//! them out (EQ-19).

use super::data::{KillTeamData, KtModifier, Strength, WeaponId, WeaponType};
use super::odds::{KtShot, attack_scored, hit_change};
use super::profile::Derived;
use crate::rules::core::dice::Amount;
use crate::rules::core::odds::Odds;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// The situations that bear on a blow: the target's smoke, the striker
/// dazzled, the striker's gas mask against both. Cover, range and sights
/// play no part in close combat.
pub const MELEE_MODIFIERS: [KtModifier; 3] =
    [KtModifier::Smoke, KtModifier::Dazzled, KtModifier::GasMask];

/// One way a fighter strikes in close combat, resolved for him: his
/// weapon's attacks, S (his own counted), AP and damage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blow {
    /// The weapon's id; `None`: bare-handed.
    pub weapon: Option<WeaponId>,
    /// Attacks.
    pub attacks: Amount,
    /// Strength.
    pub strength: i32,
    /// Armour penetration.
    pub ap: i32,
    /// Damage.
    pub damage: Amount,
}

/// The ways a soldier strikes: each close-combat weapon he carries (EQ-8),
/// as his items leave it, then bare-handed.
pub fn blows(data: &KillTeamData, d: &Derived) -> Vec<Blow> {
    let mut out: Vec<Blow> = d
        .weapons
        .iter()
        .filter(|w| w.weapon_type == WeaponType::Melee)
        .map(|w| Blow {
            weapon: Some(w.id.clone()),
            attacks: w.shots.clone(),
            strength: w.strength,
            ap: w.ap,
            damage: w.damage.clone(),
        })
        .collect();
    out.push(unarmed(data, d.profile.strength));
    out
}

/// Whether his own gear keeps smoke and flash out of his blows (EQ-19):
/// an item or ribbon that brings the gas mask without a tick.
pub fn masked(d: &Derived) -> bool {
    d.own_gear.contains(&KtModifier::GasMask)
}

/// Bare-handed blows for a fighter of strength `s`.
pub fn unarmed(data: &KillTeamData, s: i32) -> Blow {
    let u = &data.close_combat.unarmed;
    Blow {
        weapon: None,
        attacks: u.attacks.clone(),
        strength: match u.strength {
            Strength::Fixed(v) => v,
            Strength::User { user } => s.saturating_add(user),
        },
        ap: u.ap,
        damage: u.damage.clone(),
    }
}

/// The odds of one fighter's blows (KT-6, KT-16): `score` to hit (his
/// close-combat score) with the situations that bear on a blow, then to
/// wound, the save and the damage as a shot's; no cover, no range.
pub fn close_combat_odds(rules: &RulesData, blows: &KtShot, score: i32) -> Result<Odds, Problem> {
    let shot = KtShot {
        cover: false,
        flame: false,
        range_inches: 0,
        modifiers: blows
            .modifiers
            .iter()
            .copied()
            .filter(|m| MELEE_MODIFIERS.contains(m))
            .collect(),
        ..blows.clone()
    };
    let score = score + hit_change(rules, &shot);
    attack_scored(rules, &shot, Some(score))
}

/// Whether the soldier charged fell to the charge, and so gives no free
/// answer (KT-9): he is out of action at his table, or the charge's blows
/// (`charge_took`, when the newest roll is this charge) took the wounds he
/// had left (at least one).
pub fn fell_to_charge(out_at_table: bool, charge_took: Option<u32>, wounds_left: i64) -> bool {
    out_at_table || charge_took.is_some_and(|t| i64::from(t) >= wounds_left.max(1))
}
