//! Rules data, the whole book (`RulesData`): every chapter's data (each in
//! its chapter's `data` module, or its `mod.rs` for robots and flyers) and
//! the tables several chapters share (to hit, to wound, save modifiers).
//! Parsed from the JSON files of `assets/rules/` (compiled in) and from the
//! user's override files.
//!
//! This module never touches files: callers pass the override texts in.

use serde::{Deserialize, Serialize};

use super::core::problem::Problem;

pub use super::characters::data::{
    Armoury, ArmouryEntry, ArmouryKind, CharacterType, Race, RandomAdvanceEntry, RandomAdvanceTable,
};

mod checks;
mod load;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RacesFile {
    races: Vec<Race>,
    #[serde(default)]
    note: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TypesFile {
    maximum_type: String,
    types: Vec<CharacterType>,
    #[serde(default)]
    note: String,
}

/// A 10 × 10 table indexed by two values from 1 to 10.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table10 {
    /// `rows[row - 1][column - 1]`; `None` where the table has `-`.
    pub rows: Vec<Vec<Option<u32>>>,
    #[serde(default)]
    note: String,
}

impl Table10 {
    /// The cell for `row` and `column`, both clamped to 1 … 10.
    pub fn get(&self, row: i32, column: i32) -> Option<u32> {
        let r = usize::try_from(row.clamp(1, 10) - 1).unwrap_or(0);
        let c = usize::try_from(column.clamp(1, 10) - 1).unwrap_or(0);
        self.rows
            .get(r)
            .and_then(|cells| cells.get(c))
            .copied()
            .flatten()
    }
}

/// One line of the save modifier table (PSY-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveModifierEntry {
    /// Applies from this strength upwards (until the next entry).
    pub from_strength: i32,
    /// The modifier to the save roll.
    pub modifier: i32,
}

/// The save modifier table (PSY-3, CC-12).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveModifierTable {
    /// Lines, in increasing strength.
    pub entries: Vec<SaveModifierEntry>,
    #[serde(default)]
    note: String,
}

impl SaveModifierTable {
    /// The save modifier for an attack of `strength`.
    pub fn modifier(&self, strength: i32) -> i32 {
        self.entries
            .iter()
            .rfind(|e| strength >= e.from_strength)
            .map_or(0, |e| e.modifier)
    }
}

/// The robots and flyers file (ROB-*, FLY-*).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RobotsFlyersFile {
    robots: super::robots::data::RobotRules,
    flyers: super::flyers::data::FlyerRules,
    #[serde(default)]
    note: String,
}

/// Every rules table Muster computes with.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesData {
    /// Races, in the order of their file.
    pub races: Vec<Race>,
    /// Standard character types (CHR-6).
    pub types: Vec<CharacterType>,
    /// Id of the type whose profile defines the maxima (CHR-3).
    pub maximum_type: String,
    /// The d20 table (CHR-11).
    pub random_advance: RandomAdvanceTable,
    /// To-hit table (CC-8).
    pub ws_table: Table10,
    /// To-wound chart (CC-11).
    pub wound_chart: Table10,
    /// Save modifiers (PSY-3).
    pub save_modifiers: SaveModifierTable,
    /// The kill-team house rules' soldiers, weapons, equipment and ribbons.
    pub killteam: super::killteam::data::KillTeamData,
    /// Every rule's title and text, for the in-app reference.
    pub reference: super::reference::Reference,
    /// Robots: orders, arcs, target checks, special damage (ROB-*).
    pub robots: super::robots::data::RobotRules,
    /// Flyers: altitude, ranges, drops, crashes, floors (FLY-*).
    pub flyers: super::flyers::data::FlyerRules,
    /// The campaign's settings, missions and enemy factions.
    pub campaign: super::campaign::data::CampaignData,
    /// Close combat after the blows: push back, follow up, breaking off,
    /// routs, tests, the Catachan Devil (CC-14 … CC-21).
    pub close_combat: super::close_combat::data::CloseCombatRules,
    /// Common weapons and armour a character's gear may be picked from.
    pub armoury: Armoury,
    /// Rogue Trader shooting: scores to hit, the situation, sustained fire.
    pub shooting: super::shooting::data::ShootingRules,
    /// What this rule set changes of the built-in data: none for the
    /// built-in rules; a data folder's override files, or a campaign's
    /// house rules, as changes.
    pub house: super::core::house::HouseRules,
}

/// The rules data files, by file name, with their built-in text.
pub const BUILT_IN_FILES: [(&str, &str); 13] = [
    (
        "races.json",
        include_str!("../../../assets/rules/races.json"),
    ),
    (
        "character_types.json",
        include_str!("../../../assets/rules/character_types.json"),
    ),
    (
        "random_advance.json",
        include_str!("../../../assets/rules/random_advance.json"),
    ),
    (
        "ws_table.json",
        include_str!("../../../assets/rules/ws_table.json"),
    ),
    (
        "wound_chart.json",
        include_str!("../../../assets/rules/wound_chart.json"),
    ),
    (
        "save_modifiers.json",
        include_str!("../../../assets/rules/save_modifiers.json"),
    ),
    (
        "killteam.json",
        include_str!("../../../assets/rules/killteam.json"),
    ),
    (
        "reference.json",
        include_str!("../../../assets/rules/reference.json"),
    ),
    (
        "robots_flyers.json",
        include_str!("../../../assets/rules/robots_flyers.json"),
    ),
    (
        "campaign.json",
        include_str!("../../../assets/rules/campaign.json"),
    ),
    (
        "close_combat.json",
        include_str!("../../../assets/rules/close_combat.json"),
    ),
    (
        "armoury.json",
        include_str!("../../../assets/rules/armoury.json"),
    ),
    (
        "shooting.json",
        include_str!("../../../assets/rules/shooting.json"),
    ),
];

/// A rules data file that could not be used, or a part of it, or a notice
/// about it (sections an older Muster did not write, filled from the
/// built-in file). The problem's rule is `DATA`; its message key and
/// arguments go through the translation layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataProblem {
    /// The file's name (`races.json`).
    pub file: Box<str>,
    /// What is wrong, with line and column for JSON errors; with a
    /// `section` argument when only that top-level section is at fault
    /// (boxed: a `Result` of it stays small).
    pub problem: Box<Problem>,
    /// The built-in file (or, with a section, the built-in section) is used
    /// in its place.
    pub built_in_used: bool,
    /// Not an error: the file is used, and this says what was filled in.
    pub notice: bool,
}

impl DataProblem {
    /// A problem with the whole of `file`; the built-in file is not said
    /// to be used.
    pub fn new(file: impl Into<Box<str>>, problem: Problem) -> Self {
        Self {
            file: file.into(),
            problem: Box::new(problem),
            built_in_used: false,
            notice: false,
        }
    }

    /// The top-level section at fault (`recon`), when the rest of the file
    /// is used; none when the whole file is.
    pub fn section(&self) -> Option<&str> {
        self.problem.get("section")
    }
}

impl RulesData {
    /// A race by id.
    pub fn race(&self, id: &str) -> Option<&Race> {
        self.races.iter().find(|r| r.id == id)
    }

    /// A standard type by id.
    pub fn character_type(&self, id: &str) -> Option<&CharacterType> {
        self.types.iter().find(|t| t.id == id)
    }

    /// The type whose profile is the maximum of each race (the major hero).
    pub fn maximum_type(&self) -> Option<&CharacterType> {
        self.character_type(&self.maximum_type)
    }

    /// Score needed to hit in close combat (CC-8), as the table prints it
    /// (7+ and more use the second-die rule).
    pub fn to_hit(&self, attacker_ws: i32, defender_ws: i32) -> Option<u32> {
        self.ws_table.get(attacker_ws, defender_ws)
    }

    /// Score needed to wound (CC-11); `None` when it cannot wound.
    pub fn to_wound(&self, strength: i32, toughness: i32) -> Option<u32> {
        self.wound_chart.get(strength, toughness)
    }

    /// Armour save modifier for an attack's strength (PSY-3).
    pub fn save_modifier(&self, strength: i32) -> i32 {
        self.save_modifiers.modifier(strength)
    }
}

#[cfg(test)]
mod tests;
