//! A soldier's derived profile (KT-6): his kind's base profile with every
//! ribbon and item that changes it, and his weapons as they fire with his
//! items (EQ-2, EQ-5, EQ-20, EQ-21).

use super::data::{
    Effect, Item, ItemId, KillTeamData, KtModifier, KtProfile, Ribbon, ShotSide, Strength, Weapon,
    WeaponId, WeaponType,
};
use super::{Soldier, unknown_kind};
use crate::rules::core::dice::Amount;
use crate::rules::core::problem::Problem;

/// One weapon as the soldier fires it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeaponLine {
    /// The weapon's id.
    pub id: WeaponId,
    /// How it fires.
    pub weapon_type: WeaponType,
    /// Shots.
    pub shots: Amount,
    /// Range in inches (a grenade's: twice the bearer's S, KT-14).
    pub range_inches: u32,
    /// Strength.
    pub strength: i32,
    /// Armour penetration.
    pub ap: i32,
    /// Damage.
    pub damage: Amount,
    /// Fires with the sniper bands.
    pub sniper: bool,
    /// Ignores cover.
    pub flame: bool,
    /// Fires with the indirect bands.
    pub indirect: bool,
    /// What changed it: the rule ids of the items (`EQ-5`).
    pub changed_by: Vec<String>,
    /// The item that brings it, if it is not the soldier's own weapon (a
    /// pistol, EQ-9): struck off at the table, the weapon goes with it.
    pub item: Option<ItemId>,
}

/// A soldier's profile and weapons with everything he carries counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derived {
    /// The kind's profile.
    pub base: KtProfile,
    /// With ribbon and items.
    pub profile: KtProfile,
    /// Added to the cover save (EQ-16).
    pub cover_bonus: i32,
    /// Added to hit rolls when shooting (EQ-3, RIB-12).
    pub hit_bonus: i32,
    /// The weapons, his own first.
    pub weapons: Vec<WeaponLine>,
    /// How many of each single-use item he carries (RIB-6 doubles one).
    pub item_counts: Vec<(ItemId, u32)>,
    /// The modifiers his items and ribbon bring on his own side without a
    /// tick, as shooter or striker (a gas mask, EQ-19), each once.
    pub own_gear: Vec<KtModifier>,
    /// The rule ids of what changed each value: `(field, rule)`.
    pub changes: Vec<(&'static str, String)>,
}

impl Derived {
    /// Whether a value (`wounds`, `save` …) differs from the kind's.
    pub fn changed(&self, field: &str) -> bool {
        self.changes.iter().any(|(f, _)| *f == field)
    }

    /// The rules that changed a value.
    pub fn changed_by(&self, field: &str) -> Vec<&str> {
        self.changes
            .iter()
            .filter(|(f, _)| *f == field)
            .map(|(_, r)| r.as_str())
            .collect()
    }
}

fn line(weapon: &Weapon, strength: i32) -> WeaponLine {
    let s = match weapon.strength {
        Strength::Fixed(s) => s,
        Strength::User { user } => strength.saturating_add(user),
    };
    let range_inches = if weapon.weapon_type == WeaponType::Grenade {
        // KT-14: twice the thrower's strength.
        u32::try_from(strength.max(0))
            .unwrap_or(0)
            .saturating_mul(2)
    } else {
        weapon.range_inches
    };
    WeaponLine {
        id: weapon.id.clone(),
        weapon_type: weapon.weapon_type,
        shots: weapon.shots.clone(),
        range_inches,
        strength: s,
        ap: weapon.ap,
        damage: weapon.damage.clone(),
        sniper: weapon.sniper,
        flame: weapon.flame,
        indirect: weapon.indirect,
        changed_by: Vec::new(),
        item: None,
    }
}

/// The derived profile of a soldier (KT-6), or why it cannot be had (an
/// unknown kind).
pub fn derive(data: &KillTeamData, s: &Soldier) -> Result<Derived, Problem> {
    let kind = data.kind(&s.kind).ok_or_else(|| unknown_kind(s))?;
    let mut d = Derived {
        base: kind.profile,
        profile: kind.profile,
        cover_bonus: 0,
        hit_bonus: 0,
        weapons: Vec::new(),
        item_counts: Vec::new(),
        own_gear: Vec::new(),
        changes: Vec::new(),
    };
    // Ribbon effects, then items', the "at" effects first: a shield's 3+
    // is the bearer's save, which armour then betters by 1 (EQ-24, EQ-26),
    // so the order the items are listed in does not change the result
    // (additions commute, and "at" effects keep the better score).
    let ribbon = s.ribbon.as_ref().and_then(|r| data.ribbon(r));
    let items: Vec<_> = s.items.iter().filter_map(|c| data.item(&c.item)).collect();
    let mut sources: Vec<(String, Effect)> = ribbon
        .map(|r| (r.rule.clone(), r.effects.clone()))
        .into_iter()
        .chain(items.iter().map(|i| (i.rule.clone(), i.effects.clone())))
        .flat_map(|(rule, effects)| effects.into_iter().map(move |e| (rule.clone(), e)))
        .collect();
    sources
        .sort_by_key(|(_, e)| !matches!(e, Effect::SaveAt { .. } | Effect::CloseCombatAt { .. }));
    let mut weapon_effects: Vec<(String, Effect)> = Vec::new();
    for (rule, effect) in sources {
        if matches!(
            effect,
            Effect::WeaponBecomes { .. } | Effect::WeaponAp { .. } | Effect::WeaponSniper { .. }
        ) {
            weapon_effects.push((rule, effect));
        } else if let Some(field) = d.apply(&effect) {
            d.changes.push((field, rule));
        }
    }
    // A save never better than 2+ on one die; move never below 0.
    d.profile.save = d.profile.save.max(2);
    d.profile.move_inches = d.profile.move_inches.max(0);

    if let Some(w) = data.weapon(&s.weapon) {
        d.weapons
            .push(own_weapon(w, d.profile.strength, &weapon_effects));
    }
    for carried in &s.items {
        if let Some(w) = carried.weapon.as_ref().and_then(|w| data.weapon(w)) {
            let mut l = line(w, d.profile.strength);
            l.item = Some(carried.item.clone());
            d.weapons.push(l);
        }
    }
    d.item_counts = item_counts(ribbon, &items);
    d.own_gear = own_gear(ribbon, &items);
    Ok(d)
}

impl Derived {
    /// Applies one effect on the profile, the cover or the hits; the field
    /// it changed, `None` when it changed nothing (an "at" effect no better
    /// than the value, or a weapon's effect).
    fn apply(&mut self, effect: &Effect) -> Option<&'static str> {
        let p = &mut self.profile;
        Some(match effect {
            Effect::Wounds { add } => {
                p.wounds += add;
                "wounds"
            }
            Effect::Strength { add } => {
                p.strength += add;
                "strength"
            }
            Effect::Toughness { add } => {
                p.toughness += add;
                "toughness"
            }
            Effect::Move { add_inches } => {
                p.move_inches += add_inches;
                "move"
            }
            Effect::SaveBetter { by } => {
                p.save -= by;
                "save"
            }
            // "At" effects count only when they are better.
            Effect::SaveAt { score } => {
                if *score >= p.save {
                    return None;
                }
                p.save = *score;
                "save"
            }
            Effect::CloseCombatAt { score } => {
                if *score >= p.close_combat {
                    return None;
                }
                p.close_combat = *score;
                "close_combat"
            }
            Effect::CoverSave { add } => {
                self.cover_bonus += add;
                "cover"
            }
            Effect::HitBonus { add } => {
                self.hit_bonus += add;
                "hit"
            }
            Effect::WeaponBecomes { .. }
            | Effect::WeaponAp { .. }
            | Effect::WeaponSniper { .. } => {
                return None;
            }
        })
    }
}

/// The soldier's own weapon, with what his ribbon and items change in it
/// (EQ-2, EQ-5, EQ-20, EQ-21).
fn own_weapon(w: &Weapon, strength: i32, weapon_effects: &[(String, Effect)]) -> WeaponLine {
    let mut own = line(w, strength);
    for (rule, effect) in weapon_effects {
        match effect {
            Effect::WeaponBecomes {
                weapon_type,
                shots,
                range_halves,
            } => {
                own.weapon_type = *weapon_type;
                own.shots = shots.clone();
                own.range_inches = own.range_inches.saturating_mul(*range_halves) / 2;
            }
            Effect::WeaponAp { ap } => own.ap = own.ap.min(*ap),
            Effect::WeaponSniper { range_inches } => {
                own.sniper = true;
                own.range_inches = *range_inches;
            }
            _ => {}
        }
        own.changed_by.push(rule.clone());
    }
    own
}

/// How many of the single-use item `item` the soldier `s` carries: two
/// when his Explosives expert ribbon doubles it (RIB-6), else one.
pub fn carried_count(data: &KillTeamData, s: &Soldier, item: &ItemId) -> u32 {
    let ribbon = s.ribbon.as_ref().and_then(|r| data.ribbon(r));
    let doubled = ribbon.is_some_and(|r| {
        r.grants
            .iter()
            .any(|g| matches!(g, super::data::Grant::Double { items } if items.contains(item)))
    });
    if doubled { 2 } else { 1 }
}

/// The modifiers his ribbon and items bring on the shooter's side without
/// a tick, each once.
fn own_gear(ribbon: Option<&Ribbon>, items: &[&Item]) -> Vec<KtModifier> {
    let mut out = Vec::new();
    let uses = ribbon
        .and_then(|r| r.shot)
        .into_iter()
        .chain(items.iter().filter_map(|i| i.shot));
    for u in uses.filter(|u| u.side == ShotSide::Shooter && !u.ticked) {
        if !out.contains(&u.modifier) {
            out.push(u.modifier);
        }
    }
    out
}

/// How many of each single-use item he carries: the Explosives expert
/// doubles one (RIB-6).
fn item_counts(ribbon: Option<&Ribbon>, items: &[&Item]) -> Vec<(ItemId, u32)> {
    let doubled: Vec<&ItemId> = ribbon
        .map(|r| {
            r.grants
                .iter()
                .filter_map(|g| match g {
                    super::data::Grant::Double { items } => Some(items),
                    _ => None,
                })
                .flatten()
                .collect()
        })
        .unwrap_or_default();
    items
        .iter()
        .filter(|i| i.single_use)
        .map(|i| {
            let n = if doubled.contains(&&i.id) { 2 } else { 1 };
            (i.id.clone(), n)
        })
        .collect()
}
