//! What the shooter's and the target's equipment and ribbons bring to a
//! kill-team shot (KT-13, KT-16, EQ-*, RIB-12), on their own: each item or
//! ribbon that plays in a shot says so in the data (`shot`: the modifier,
//! the side, whether the player must tick it). A soldier picked as shooter
//! or target gives his side's modifiers: the automatic ones always, the
//! conditional ones (a vox radio used on this target, a sling when he did
//! not move, a smoke grenade the target threw) only when he carries the
//! item and the player ticks it. A side typed in by hand keeps every tick
//! free. The save, the toughness and the weapon the items change are in the
//! derived profile (`derive`: EQ-2, EQ-5, EQ-20, EQ-21, EQ-24, EQ-26).

use super::Soldier;
use super::data::{ItemId, KillTeamData, KtModifier, RibbonId, WeaponId};
pub use super::data::{ShotSide, ShotUse};

/// What brings a modifier to a shot: an item of the catalogue, or a ribbon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GearSource {
    /// A special equipment item (`cloak`).
    Item(ItemId),
    /// A ribbon (`marksman`).
    Ribbon(RibbonId),
}

/// A modifier a soldier's item or ribbon brings to the shot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GearModifier {
    /// The modifier.
    pub modifier: KtModifier,
    /// Whose it is.
    pub side: ShotSide,
    /// The item or ribbon that brings it.
    pub source: GearSource,
    /// Its rule id (`EQ-16`).
    pub rule: String,
    /// It counts only when ticked.
    pub ticked: bool,
}

/// Every use in a shot of one soldier's items and ribbon, on `side`.
fn uses<'a>(
    data: &'a KillTeamData,
    soldier: &'a Soldier,
    side: ShotSide,
) -> impl Iterator<Item = GearModifier> + 'a {
    let ribbon = soldier
        .ribbon
        .as_ref()
        .and_then(|r| data.ribbon(r))
        .and_then(|r| {
            r.shot
                .map(|u| (u, GearSource::Ribbon(r.id.clone()), r.rule.clone()))
        });
    let items = soldier.items.iter().filter_map(|c| {
        data.item(&c.item).and_then(|i| {
            i.shot
                .map(|u| (u, GearSource::Item(i.id.clone()), i.rule.clone()))
        })
    });
    ribbon
        .into_iter()
        .chain(items)
        .filter(move |(u, ..)| u.side == side)
        .map(move |(u, source, rule)| GearModifier {
            modifier: u.modifier,
            side,
            source,
            rule,
            ticked: u.ticked,
        })
}

/// What the soldiers bring to the shot: for each side given as a soldier,
/// every modifier of his items and ribbon (automatic or to tick).
pub fn shot_gear(
    data: &KillTeamData,
    shooter: Option<&Soldier>,
    target: Option<&Soldier>,
) -> Vec<GearModifier> {
    let mut out: Vec<GearModifier> = Vec::new();
    for (soldier, side) in [(shooter, ShotSide::Shooter), (target, ShotSide::Target)] {
        if let Some(s) = soldier {
            for g in uses(data, s, side) {
                // Two items that bring the same count once.
                if !out.iter().any(|o| o.modifier == g.modifier) {
                    out.push(g);
                }
            }
        }
    }
    out
}

/// Every modifier some item or ribbon of the data brings on `side`: a
/// soldier's gear decides these for his side, never a free tick.
pub fn gear_decides(data: &KillTeamData, side: ShotSide) -> Vec<KtModifier> {
    let mut out = Vec::new();
    let all = data
        .equipment
        .iter()
        .filter_map(|i| i.shot)
        .chain(data.ribbons.iter().filter_map(|r| r.shot));
    for u in all.filter(|u| u.side == side) {
        if !out.contains(&u.modifier) {
            out.push(u.modifier);
        }
    }
    out
}

/// The item (or ribbon) that brings `modifier`, for saying what a
/// soldier lacks.
pub fn bearer_of(data: &KillTeamData, modifier: KtModifier) -> Option<GearSource> {
    data.equipment
        .iter()
        .find(|i| i.shot.is_some_and(|u| u.modifier == modifier))
        .map(|i| GearSource::Item(i.id.clone()))
        .or_else(|| {
            data.ribbons
                .iter()
                .find(|r| r.shot.is_some_and(|u| u.modifier == modifier))
                .map(|r| GearSource::Ribbon(r.id.clone()))
        })
}

/// The shot's modifiers (KT-13, EQ-*, RIB-12): the player's ticks, each
/// once; on a side given as a soldier, the modifiers his gear decides come
/// only from his gear: the automatic ones always, the conditional ones when
/// ticked and he carries the item; a side typed in keeps its ticks as they
/// are.
pub fn shot_modifiers(
    data: &KillTeamData,
    shooter: Option<&Soldier>,
    target: Option<&Soldier>,
    ticks: &[KtModifier],
) -> Vec<KtModifier> {
    let gear = shot_gear(data, shooter, target);
    let mut decided = Vec::new();
    if shooter.is_some() {
        decided.extend(gear_decides(data, ShotSide::Shooter));
    }
    if target.is_some() {
        decided.extend(gear_decides(data, ShotSide::Target));
    }
    let mut out: Vec<KtModifier> = Vec::new();
    let mut add = |m: KtModifier| {
        if !out.contains(&m) {
            out.push(m);
        }
    };
    for &m in ticks {
        if !decided.contains(&m) {
            add(m);
        }
    }
    for g in &gear {
        if !g.ticked || ticks.contains(&g.modifier) {
            add(g.modifier);
        }
    }
    out
}

/// The other barrel of a combi-weapon (EQ-4): with the weapon `weapon_id`
/// picked among `s`'s, the other ranged weapon the combi joins to it,
/// when he carries one. Refused by `None` for anyone else, or a weapon that
/// is no part of it.
pub fn combi_partner(
    data: &KillTeamData,
    s: &Soldier,
    weapon_id: &WeaponId,
) -> Option<super::WeaponLine> {
    let derived = super::derive(data, s).ok()?;
    let is_combi = |w: &super::WeaponLine| {
        w.item
            .as_ref()
            .and_then(|i| data.item(i))
            .and_then(|i| i.weapon_choice.as_ref())
            .is_some_and(|c| c.fires_with_own)
    };
    let ranged: Vec<&super::WeaponLine> = derived
        .weapons
        .iter()
        .filter(|w| w.range_inches > 0)
        .collect();
    let combi = ranged.iter().find(|w| is_combi(w))?;
    let own = ranged
        .iter()
        .find(|w| w.item.is_none() && w.id == s.weapon)?;
    if combi.id == *weapon_id {
        Some((*own).clone())
    } else if own.id == *weapon_id {
        Some((*combi).clone())
    } else {
        None
    }
}
