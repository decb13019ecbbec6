//! The characters chapter's data (`races.json`, `character_types.json`,
//! the random advance table): races and their base profiles (CHR-1, CHR-5,
//! CHR-16), standard character types (CHR-6, CHR-10), random advances
//! (CHR-11), the armoury a character's gear may be picked from
//! (`armoury.json`). Imports nothing of `rules` but `core`.

use serde::{Deserialize, Serialize};

use crate::rules::core::characteristic::{Characteristic, Modifiers, Profile};
use crate::rules::core::dice::DiceSpec;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::core::range::DATA;

/// A race and its base profile (CHR-1, CHR-5), with its psychic chance (CHR-16).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Race {
    /// Stable id used in documents (`human`).
    pub id: String,
    /// Display names.
    pub names: Names,
    /// The standard trooper's profile.
    pub base: Profile,
    /// Chance in percent that a character of this race has psychic powers.
    pub psychic_chance_percent: u32,
}

/// A standard character type (CHR-6, CHR-10).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterType {
    /// Stable id used in documents (`minor_hero`).
    pub id: String,
    /// Display names.
    pub names: Names,
    /// Fixed modifiers added to the race's base profile.
    pub modifiers: Modifiers,
    /// What the type is worth in advance points.
    pub advance_points: u32,
    /// The dice rolled for its points instead.
    pub random_points: DiceSpec,
}

/// One line of the random advance table (CHR-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomAdvanceEntry {
    /// First face (inclusive).
    pub from: u32,
    /// Last face (inclusive).
    pub to: u32,
    /// The characteristic raised.
    pub raises: Characteristic,
}

/// The random advance table (CHR-11).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomAdvanceTable {
    /// Faces of the die rolled.
    pub die: u32,
    /// Lines of the table.
    pub entries: Vec<RandomAdvanceEntry>,
    #[serde(default)]
    note: String,
}

impl RandomAdvanceTable {
    /// The characteristic a face names.
    pub fn lookup(&self, face: u32) -> Option<Characteristic> {
        self.entries
            .iter()
            .find(|e| (e.from..=e.to).contains(&face))
            .map(|e| e.raises)
    }
}

/// The Strengths a weapon may have (CC-11's table: 1 to 10).
pub const WEAPON_STRENGTHS: std::ops::RangeInclusive<i32> = 1..=10;

/// The save modifiers a weapon may give of its own (CC-12): none to -6,
/// as far as the S table goes.
pub const SAVE_MODIFIERS: std::ops::RangeInclusive<i32> = -6..=0;

/// The saves an item may give (2+ to 6+).
pub const SAVES: std::ops::RangeInclusive<i32> = 2..=6;

/// What an armoury entry is, as a character's equipment knows it: a melee
/// weapon or a pistol (C-type, CC-4), another ranged weapon, armour, or
/// anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmouryKind {
    /// A close-combat weapon.
    Melee,
    /// A pistol.
    Pistol,
    /// A ranged weapon that is not a pistol.
    Ranged,
    /// Armour, giving a save.
    Armour,
    /// Anything else.
    Other,
}

impl ArmouryKind {
    /// A weapon, which may have a Strength of its own.
    pub fn is_weapon(self) -> bool {
        matches!(self, Self::Melee | Self::Pistol | Self::Ranged)
    }
}

/// One weapon or armour of the armoury (`armoury.json`): its names and the
/// profile a character's equipment takes from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmouryEntry {
    /// Stable id (`boltgun`).
    pub id: String,
    /// Display names, English and French.
    pub names: Names,
    /// What it is.
    pub kind: ArmouryKind,
    /// A weapon's own Strength; none when the wielder's own counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<i32>,
    /// A ranged weapon's short and long range, in inches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range_inches: Option<[u32; 2]>,
    /// The modifier a weapon's hit gives to the target's save (`-1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_modifier: Option<i32>,
    /// The wounds a hit does (`1`, `D6`, `2D6`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<String>,
    /// A ranged weapon's to-hit modifier at short and at long range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_hit: Option<[i32; 2]>,
    /// The sustained-fire dice a ranged weapon rolls for its shots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sustained: Option<u32>,
    /// A template weapon: it hits with no roll, within its range.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub template: bool,
    /// The save armour gives (4: 4+).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<i32>,
    /// A short remark (`template`, `two-handed`), English and French.
    #[serde(default, skip_serializing_if = "Names::is_empty")]
    pub note: Names,
}

/// A damage as the armoury writes it: a number from 1, or dice (`D4`).
pub fn damage_ok(text: &str) -> bool {
    text.trim().parse::<u32>().is_ok_and(|n| n >= 1)
        || crate::rules::core::dice::dice_of(text).is_some()
}

/// The armoury (`armoury.json`): common Rogue Trader weapons and armour a
/// character's gear may be picked from (Assumed, editable).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armoury {
    /// The entries, in the order the picker lists them.
    pub entries: Vec<ArmouryEntry>,
    #[serde(default)]
    note: String,
}

impl Armoury {
    /// An entry by id.
    pub fn entry(&self, id: &str) -> Option<&ArmouryEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The file's rules: ids unique and not empty, a name in English and
    /// in French, a Strength only on a weapon and within 1 … 10, a save
    /// only on what is not a weapon and within 2+ … 6+.
    pub fn check(&self) -> Result<(), Problem> {
        let mut seen = std::collections::BTreeSet::new();
        for e in &self.entries {
            let bad = |key: &'static str| Problem::new(DATA, key).arg("entry", &e.id);
            if e.id.trim().is_empty() || !seen.insert(e.id.as_str()) {
                return Err(bad("data.armoury_id"));
            }
            if ["en", "fr"]
                .iter()
                .any(|l| e.names.get(*l).is_none_or(|n| n.trim().is_empty()))
            {
                return Err(bad("data.armoury_names"));
            }
            if e.strength
                .is_some_and(|s| !e.kind.is_weapon() || !WEAPON_STRENGTHS.contains(&s))
            {
                return Err(bad("data.armoury_strength"));
            }
            if e.save
                .is_some_and(|s| e.kind.is_weapon() || !SAVES.contains(&s))
            {
                return Err(bad("data.armoury_save"));
            }
            let shoots = matches!(e.kind, ArmouryKind::Pistol | ArmouryKind::Ranged);
            let profile = e.range_inches.is_some_and(|[s, l]| s > l)
                || e.to_hit
                    .is_some_and(|m| m.iter().any(|v| !(-6..=6).contains(v)))
                || e.sustained.is_some_and(|n| n > 10)
                || e.damage.as_deref().is_some_and(|d| !damage_ok(d));
            let shot_only = e.to_hit.is_some() || e.sustained.is_some() || e.template;
            if profile || (shot_only && !shoots) {
                return Err(bad("data.armoury_shot"));
            }
        }
        Ok(())
    }
}
