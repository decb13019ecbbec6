//! The characters chapter's data (`races.json`, `character_types.json`,
//! the random advance table): races and their base profiles (CHR-1, CHR-5,
//! CHR-16), standard character types (CHR-6, CHR-10), random advances
//! (CHR-11). Imports nothing of `rules` but `core`.

use serde::{Deserialize, Serialize};

use crate::rules::core::characteristic::{Characteristic, Modifiers, Profile};
use crate::rules::core::dice::DiceSpec;
use crate::rules::core::names::Names;

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
