//! A Rogue Trader character's equipment and psychic power cards, as the
//! player writes them: the sources give no equipment list for Rogue Trader
//! and no list of power cards (psychic.md), so each item is a name with the
//! few values a sheet and the battle screen need.
//!
//! The close-combat weapon a character brings to the battle screen follows
//! CC-4: only a C-type weapon (melee weapon or pistol) is used, with its own
//! S (CC-11); a character listing only other weapons fights improvised.

use serde::{Deserialize, Serialize};

use crate::rules::characters::data::{ArmouryEntry, ArmouryKind};
use crate::rules::close_combat::engagement::CcWeapon;
use crate::rules::core::names::name_in;
use crate::rules::core::problem::Problem;

/// What kind of thing an item is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GearKind {
    /// A melee weapon (power sword, chainsword …): C-type (CC-4).
    Melee,
    /// A pistol: C-type (CC-4), and a ranged weapon.
    Pistol,
    /// A ranged weapon that is not a pistol (basic, special, heavy): not
    /// C-type.
    Ranged,
    /// Armour, giving a save.
    Armour,
    /// Anything else (grenades, a medi-pack, a force field …).
    #[default]
    Other,
}

impl GearKind {
    /// Every kind, in the order the editor lists them.
    pub const ALL: [Self; 5] = [
        Self::Melee,
        Self::Pistol,
        Self::Ranged,
        Self::Armour,
        Self::Other,
    ];

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Melee => "gear.kind.melee",
            Self::Pistol => "gear.kind.pistol",
            Self::Ranged => "gear.kind.ranged",
            Self::Armour => "gear.kind.armour",
            Self::Other => "gear.kind.other",
        }
    }

    /// A weapon, which may have a Strength of its own.
    pub fn is_weapon(self) -> bool {
        matches!(self, Self::Melee | Self::Pistol | Self::Ranged)
    }

    /// What it is in close combat (CC-4): C-type or not; `None` for what is
    /// not a weapon.
    pub fn cc_weapon(self) -> Option<CcWeapon> {
        match self {
            Self::Melee => Some(CcWeapon::Melee),
            Self::Pistol => Some(CcWeapon::Pistol),
            Self::Ranged => Some(CcWeapon::Other),
            Self::Armour | Self::Other => None,
        }
    }
}

impl From<ArmouryKind> for GearKind {
    fn from(k: ArmouryKind) -> Self {
        match k {
            ArmouryKind::Melee => Self::Melee,
            ArmouryKind::Pistol => Self::Pistol,
            ArmouryKind::Ranged => Self::Ranged,
            ArmouryKind::Armour => Self::Armour,
            ArmouryKind::Other => Self::Other,
        }
    }
}

/// One item of a character's equipment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gear {
    /// Its name (`Power sword`).
    pub name: String,
    /// What kind of item it is.
    #[serde(default)]
    pub kind: GearKind,
    /// A weapon's own Strength (CC-11), if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<i32>,
    /// A weapon's own save modifier (`-2`), if it has one; none: its blows
    /// modify saves by their S (CC-12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_modifier: Option<i32>,
    /// The save it gives (4: 4+), for armour or a field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<i32>,
    /// A ranged weapon's short and long range, in inches: with it, the
    /// weapon shoots (Rogue Trader shooting).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range_inches: Option<[u32; 2]>,
    /// A ranged weapon's to-hit modifier at short and at long range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_hit: Option<[i32; 2]>,
    /// The wounds a hit does (`1`, `D4`, `2D6`); none: 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<String>,
    /// The sustained-fire dice a ranged weapon rolls for its shots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sustained: Option<u32>,
    /// A template weapon (a flamer): it hits with no roll, within range.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub template: bool,
    /// Free text (`two-handed`, `refractor field: not modified by S`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

impl Gear {
    /// An item of `kind` named `name`, with no values.
    pub fn new(name: impl Into<String>, kind: GearKind) -> Self {
        Self {
            name: name.into(),
            kind,
            ..Self::default()
        }
    }

    /// The item an armoury entry gives: its name in `lang` (English when
    /// it has none in that language), its kind, Strength, save modifier and
    /// save, and `note` (what the item keeps of the rest of its profile).
    pub fn from_armoury(e: &ArmouryEntry, lang: &str, note: String) -> Self {
        Self {
            name: name_in(&e.names, lang, &e.id).to_owned(),
            kind: e.kind.into(),
            strength: e.strength,
            save_modifier: e.save_modifier,
            save: e.save,
            range_inches: e.range_inches,
            to_hit: e.to_hit,
            damage: e.damage.clone(),
            sustained: e.sustained,
            template: e.template,
            note,
        }
    }

    /// Whether it shoots: a pistol or another ranged weapon with a range.
    pub fn shoots(&self) -> bool {
        matches!(self.kind, GearKind::Pistol | GearKind::Ranged) && self.range_inches.is_some()
    }
}

/// The weapons of a character's equipment that shoot, in the order listed.
pub fn shooting_weapons(gear: &[Gear]) -> Vec<&Gear> {
    gear.iter().filter(|g| g.shoots()).collect()
}

/// Whom a power targets (PSY-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PowerTarget {
    /// Any one model in range, inside a unit or not.
    Individual,
    /// A unit; it cannot single out the leader.
    Squad,
}

impl PowerTarget {
    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Individual => "power.target.individual",
            Self::Squad => "power.target.squad",
        }
    }
}

/// A psychic power card the character holds (CHR-16): the cards are not in
/// the sources, so the player writes its name and what the sheet should
/// remind him of.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerCard {
    /// The card's name (`Doom`).
    pub name: String,
    /// Whom it targets (PSY-2), if the player noted it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<PowerTarget>,
    /// A lasting power, which stays in play until ended (PSY-8).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lasting: bool,
    /// Free text (range, strength, what it does).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

impl PowerCard {
    /// A card named `name`, with nothing noted.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            ..Self::default()
        }
    }
}

/// A change of a character's equipment or power cards: the same edits in
/// the roster editor and, journaled, in a campaign. Places count from 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum GearEdit {
    /// Add an item at the end of the equipment; refused without a name.
    AddGear {
        /// The item.
        gear: Gear,
    },
    /// Replace the item at this place (rename it, change its values);
    /// refused without a name.
    SetGear {
        /// Its place.
        at: usize,
        /// The item as it now is.
        gear: Gear,
    },
    /// Remove the item at this place.
    RemoveGear {
        /// Its place.
        at: usize,
    },
    /// Move an item.
    MoveGear {
        /// Its place.
        from: usize,
        /// Its new place.
        to: usize,
    },
    /// Add a power card; refused without a name, or for a character
    /// without psychic powers (CHR-16).
    AddPower {
        /// The card.
        power: PowerCard,
    },
    /// Replace the card at this place; refused without a name.
    SetPower {
        /// Its place.
        at: usize,
        /// The card as it now is.
        power: PowerCard,
    },
    /// Remove the card at this place.
    RemovePower {
        /// Its place.
        at: usize,
    },
    /// Move a card.
    MovePower {
        /// Its place.
        from: usize,
        /// Its new place.
        to: usize,
    },
}

impl GearEdit {
    /// The locale key naming the edit (undo history, journal).
    pub fn label(&self) -> &'static str {
        match self {
            Self::AddGear { .. } => "history.add_gear",
            Self::SetGear { .. } => "history.set_gear",
            Self::RemoveGear { .. } => "history.remove_gear",
            Self::MoveGear { .. } => "history.move_gear",
            Self::AddPower { .. } => "history.add_power",
            Self::SetPower { .. } => "history.set_power",
            Self::RemovePower { .. } => "history.remove_power",
            Self::MovePower { .. } => "history.move_power",
        }
    }

    /// Applies the edit to the equipment and cards of `who` (`psychic`: he
    /// has psychic powers). An item or card without a name, a Strength or
    /// save out of range (CC-11, CC-12), a card for a character without
    /// psychic powers (CHR-16) or a place not in the list is refused, the
    /// lists left as they were. Names are trimmed.
    pub fn apply(
        self,
        who: &str,
        psychic: bool,
        gear: &mut Vec<Gear>,
        powers: &mut Vec<PowerCard>,
    ) -> Result<(), Problem> {
        match self {
            Self::AddGear { gear: g } => {
                let g = checked_gear(who, g)?;
                gear.push(g);
            }
            Self::SetGear { at, gear: g } => {
                let g = checked_gear(who, g)?;
                *gear.get_mut(at).ok_or_else(|| no_such_gear(at))? = g;
            }
            Self::RemoveGear { at } => {
                if at >= gear.len() {
                    return Err(no_such_gear(at));
                }
                gear.remove(at);
            }
            Self::MoveGear { from, to } => {
                if !move_in(gear, from, to) {
                    return Err(no_such_gear(from.max(to)));
                }
            }
            Self::AddPower { power } => {
                let p = named_power(power)?;
                if !psychic {
                    return Err(Problem::new("CHR-16", "problem.power_not_psychic").character(who));
                }
                powers.push(p);
            }
            Self::SetPower { at, power } => {
                let p = named_power(power)?;
                *powers.get_mut(at).ok_or_else(|| no_such_power(at))? = p;
            }
            Self::RemovePower { at } => {
                if at >= powers.len() {
                    return Err(no_such_power(at));
                }
                powers.remove(at);
            }
            Self::MovePower { from, to } => {
                if !move_in(powers, from, to) {
                    return Err(no_such_power(from.max(to)));
                }
            }
        }
        Ok(())
    }
}

fn empty_name() -> Problem {
    Problem::new("FILE", "problem.empty_name")
}

/// The item with its name trimmed, or the first of its problems.
fn checked_gear(who: &str, mut g: Gear) -> Result<Gear, Problem> {
    g.name = g.name.trim().to_owned();
    if g.name.is_empty() {
        return Err(empty_name());
    }
    match check(who, false, std::slice::from_ref(&g), &[])
        .into_iter()
        .next()
    {
        Some(p) => Err(p),
        None => Ok(g),
    }
}

fn named_power(mut p: PowerCard) -> Result<PowerCard, Problem> {
    p.name = p.name.trim().to_owned();
    if p.name.is_empty() {
        return Err(empty_name());
    }
    Ok(p)
}

fn no_such_gear(at: usize) -> Problem {
    Problem::new("FILE", "problem.no_such_gear").arg("position", at.saturating_add(1))
}

fn no_such_power(at: usize) -> Problem {
    Problem::new("FILE", "problem.no_such_power").arg("position", at.saturating_add(1))
}

pub use crate::rules::characters::data::{SAVE_MODIFIERS, SAVES, WEAPON_STRENGTHS};

/// The weapon a character takes in hand for close combat, from his
/// equipment (CC-4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InHand {
    /// Whether it is C-type, and which.
    pub weapon: CcWeapon,
    /// Its own S (CC-11); only a C-type weapon's counts.
    pub weapon_s: Option<i32>,
    /// Its own save modifier (CC-12); only a C-type weapon's counts.
    pub save_modifier: Option<i32>,
    /// Its name, for the screen and the log.
    pub name: String,
}

/// The weapon in hand for close combat (CC-4): his best C-type weapon
/// (melee weapon or pistol), with its S: the highest S, then the save
/// modifier that takes most off a save, then a melee weapon before a
/// pistol, then the first listed (a power sword before the laspistol that
/// the armoury lists first); if there is none, the first other weapon,
/// which is not used (improvised attacks); `None` when no weapon is listed
/// at all.
pub fn in_hand(gear: &[Gear]) -> Option<InHand> {
    let best = |g: &&Gear| {
        (
            g.strength.unwrap_or(0),
            -g.save_modifier.unwrap_or(0),
            g.kind == GearKind::Melee,
        )
    };
    let c_type = gear
        .iter()
        .filter(|g| g.kind.cc_weapon().is_some_and(CcWeapon::c_type))
        .rev()
        .max_by_key(best);
    if let Some(g) = c_type {
        return Some(InHand {
            weapon: g.kind.cc_weapon().unwrap_or_default(),
            weapon_s: g.strength,
            save_modifier: g.save_modifier,
            name: g.name.clone(),
        });
    }
    gear.iter()
        .find(|g| g.kind.cc_weapon().is_some())
        .map(|g| InHand {
            weapon: CcWeapon::Other,
            weapon_s: None,
            save_modifier: None,
            name: g.name.clone(),
        })
}

/// The armour save a character's equipment gives: the best save of the
/// armour listed. Decision: armour does not stack; the best one counts.
pub fn armour_save(gear: &[Gear]) -> Option<i32> {
    gear.iter()
        .filter(|g| g.kind == GearKind::Armour)
        .filter_map(|g| g.save)
        .filter(|s| SAVES.contains(s))
        .min()
}

/// The problems of a character's equipment and powers, named by the
/// character (`who`) and the item's place in its list (from 1).
pub fn check(who: &str, psychic: bool, gear: &[Gear], powers: &[PowerCard]) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, g) in gear.iter().enumerate() {
        if g.name.trim().is_empty() {
            out.push(
                Problem::new("FILE", "problem.gear_no_name")
                    .character(who)
                    .arg("position", i + 1),
            );
        }
        if let Some(s) = g.strength
            && !WEAPON_STRENGTHS.contains(&s)
        {
            out.push(
                Problem::new("CC-11", "problem.gear_strength")
                    .character(who)
                    .arg("item", &g.name)
                    .arg("value", s),
            );
        }
        if let Some(m) = g.save_modifier
            && !SAVE_MODIFIERS.contains(&m)
        {
            out.push(
                Problem::new("CC-12", "problem.gear_save_modifier")
                    .character(who)
                    .arg("item", &g.name)
                    .arg("value", m),
            );
        }
        if let Some(s) = g.save
            && !SAVES.contains(&s)
        {
            out.push(
                Problem::new("CC-12", "problem.gear_save")
                    .character(who)
                    .arg("item", &g.name)
                    .arg("value", s),
            );
        }
        if !shot_profile_ok(g) {
            out.push(
                Problem::new("FILE", "problem.gear_shot")
                    .character(who)
                    .arg("item", &g.name),
            );
        }
    }
    if !psychic && !powers.is_empty() {
        out.push(
            Problem::new("CHR-16", "problem.powers_not_psychic")
                .character(who)
                .arg("count", powers.len()),
        );
    }
    for (i, p) in powers.iter().enumerate() {
        if p.name.trim().is_empty() {
            out.push(
                Problem::new("FILE", "problem.power_no_name")
                    .character(who)
                    .arg("position", i + 1),
            );
        }
    }
    out
}

/// Whether an item's shooting profile holds: a short range within its long
/// range, to-hit modifiers within −6 … +6, at most 10 sustained-fire dice,
/// a damage that is a number or dice.
fn shot_profile_ok(g: &Gear) -> bool {
    !(g.range_inches.is_some_and(|[s, l]| s > l)
        || g.to_hit
            .is_some_and(|m| m.iter().any(|v| !(-6..=6).contains(v)))
        || g.sustained.is_some_and(|n| n > 10)
        || g.damage
            .as_deref()
            .is_some_and(|d| !crate::rules::characters::data::damage_ok(d)))
}

/// Moves the item at `from` to `to` in `list`; refused (the list as it was)
/// when either is not a place in it.
pub fn move_in<T>(list: &mut Vec<T>, from: usize, to: usize) -> bool {
    if from >= list.len() || to >= list.len() {
        return false;
    }
    let item = list.remove(from);
    list.insert(to, item);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cc_4_the_first_c_type_weapon_is_taken_in_hand_before_a_rifle() {
        let gear = vec![
            Gear::new("Flak armour", GearKind::Armour),
            Gear::new("Lasgun", GearKind::Ranged),
            Gear {
                strength: Some(5),
                ..Gear::new("Power sword", GearKind::Melee)
            },
            Gear::new("Laspistol", GearKind::Pistol),
        ];
        let h = in_hand(&gear).expect("a weapon");
        assert_eq!(h.weapon, CcWeapon::Melee);
        assert_eq!(h.weapon_s, Some(5));
        assert_eq!(h.name, "Power sword");
        // Only a rifle: it is not used, the blow is improvised (CC-4).
        let h = in_hand(&gear[..2]).expect("a weapon");
        assert_eq!(h.weapon, CcWeapon::Other);
        assert_eq!(h.weapon_s, None);
        assert_eq!(in_hand(&gear[..1]), None, "no weapon listed");
    }

    #[test]
    fn the_best_armour_save_counts_and_a_bad_one_is_a_problem() {
        let gear = vec![
            Gear {
                save: Some(5),
                ..Gear::new("Flak", GearKind::Armour)
            },
            Gear {
                save: Some(4),
                ..Gear::new("Carapace", GearKind::Armour)
            },
            Gear {
                save: Some(2),
                ..Gear::new("Field", GearKind::Other)
            },
            Gear {
                save: Some(9),
                ..Gear::new("Bad", GearKind::Armour)
            },
        ];
        assert_eq!(armour_save(&gear), Some(4));
        let problems = check("Kal", false, &gear, &[]);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].rule, "CC-12");
        assert_eq!(problems[0].get("item"), Some("Bad"));
    }

    #[test]
    fn moving_an_item_out_of_the_list_is_refused() {
        let mut list = vec![1, 2, 3];
        assert!(move_in(&mut list, 2, 0));
        assert_eq!(list, [3, 1, 2]);
        assert!(!move_in(&mut list, 3, 0));
        assert!(!move_in(&mut list, 0, 3));
        assert_eq!(list, [3, 1, 2]);
    }
}
