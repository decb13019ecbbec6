//! Rules data, the whole book (`RulesData`): every chapter's data (each in
//! its chapter's `data` module, or its `mod.rs` for robots and flyers) and
//! the tables several chapters share (to hit, to wound, save modifiers).
//! Parsed from the JSON files of `assets/rules/` (compiled in) and from the
//! user's override files.
//!
//! This module never touches files: callers pass the override texts in.

use serde::{Deserialize, Serialize};

use super::core::characteristic::Characteristic;
use super::core::dice::MAX_DICE;
use super::core::problem::Problem;
use super::core::range::DATA;

pub use super::characters::data::{
    Armoury, ArmouryEntry, ArmouryKind, CharacterType, Race, RandomAdvanceEntry, RandomAdvanceTable,
};

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

fn check_robots_flyers(file: &RobotsFlyersFile) -> Result<(), Problem> {
    file.robots.check()?;
    file.flyers.check()
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
    ("races.json", include_str!("../../assets/rules/races.json")),
    (
        "character_types.json",
        include_str!("../../assets/rules/character_types.json"),
    ),
    (
        "random_advance.json",
        include_str!("../../assets/rules/random_advance.json"),
    ),
    (
        "ws_table.json",
        include_str!("../../assets/rules/ws_table.json"),
    ),
    (
        "wound_chart.json",
        include_str!("../../assets/rules/wound_chart.json"),
    ),
    (
        "save_modifiers.json",
        include_str!("../../assets/rules/save_modifiers.json"),
    ),
    (
        "killteam.json",
        include_str!("../../assets/rules/killteam.json"),
    ),
    (
        "reference.json",
        include_str!("../../assets/rules/reference.json"),
    ),
    (
        "robots_flyers.json",
        include_str!("../../assets/rules/robots_flyers.json"),
    ),
    (
        "campaign.json",
        include_str!("../../assets/rules/campaign.json"),
    ),
    (
        "close_combat.json",
        include_str!("../../assets/rules/close_combat.json"),
    ),
    (
        "armoury.json",
        include_str!("../../assets/rules/armoury.json"),
    ),
    (
        "shooting.json",
        include_str!("../../assets/rules/shooting.json"),
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

fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, Problem> {
    serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        // serde_json appends " at line L column C"; the arguments say it.
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m)
            .to_owned();
        Problem::new(DATA, "doc.syntax")
            .arg("message", message)
            .arg("line", e.line())
            .arg("column", e.column())
    })
}

fn check_races(file: &RacesFile) -> Result<(), Problem> {
    if file.races.is_empty() {
        return Err(Problem::new(DATA, "data.no_race"));
    }
    let mut seen = std::collections::BTreeSet::new();
    for race in &file.races {
        if !seen.insert(race.id.as_str()) {
            return Err(Problem::new(DATA, "data.race_twice").arg("race", &race.id));
        }
        for (c, v) in race.base.iter() {
            if v < 0 || (c.capped_at_ten() && v > 10) {
                return Err(Problem::new(DATA, "data.base_out_of_range")
                    .arg("race", &race.id)
                    .characteristic(c)
                    .arg("value", v));
            }
        }
        if race.psychic_chance_percent > 100 {
            return Err(Problem::new(DATA, "data.psychic_over_100")
                .arg("race", &race.id)
                .arg("chance", race.psychic_chance_percent));
        }
    }
    Ok(())
}

fn check_types(file: &TypesFile) -> Result<(), Problem> {
    if !file.types.iter().any(|t| t.id == file.maximum_type) {
        return Err(Problem::new(DATA, "data.maximum_type_unknown").arg("type", &file.maximum_type));
    }
    for t in &file.types {
        if t.modifiers.0.get(Characteristic::M) != 0 {
            return Err(Problem::new(DATA, "data.type_modifies_m").arg("type", &t.id));
        }
        if t.random_points.sides == 0 {
            return Err(Problem::new(DATA, "data.zero_faces").arg("what", &t.id));
        }
        if t.random_points.count > MAX_DICE {
            return Err(Problem::new(DATA, "data.too_many_dice")
                .arg("what", &t.id)
                .arg("max", MAX_DICE));
        }
    }
    Ok(())
}

fn check_random(table: &RandomAdvanceTable) -> Result<(), Problem> {
    if table.die == 0 {
        return Err(Problem::new(DATA, "data.zero_faces").arg("what", "random_advance"));
    }
    for face in 1..=table.die {
        let n = table
            .entries
            .iter()
            .filter(|e| (e.from..=e.to).contains(&face))
            .count();
        if n != 1 {
            return Err(Problem::new(DATA, "data.face_lines")
                .arg("face", face)
                .arg("die", table.die)
                .arg("count", n));
        }
    }
    if table.entries.iter().any(|e| e.raises == Characteristic::M) {
        return Err(Problem::new(DATA, "data.table_raises_m"));
    }
    Ok(())
}

fn check_table10(table: &Table10) -> Result<(), Problem> {
    if table.rows.len() != 10 || table.rows.iter().any(|r| r.len() != 10) {
        return Err(Problem::new(DATA, "data.table_10"));
    }
    Ok(())
}

fn check_saves(table: &SaveModifierTable) -> Result<(), Problem> {
    if table.entries.is_empty() {
        return Err(Problem::new(DATA, "data.no_entry"));
    }
    if table
        .entries
        .windows(2)
        .any(|w| w[0].from_strength >= w[1].from_strength)
    {
        return Err(Problem::new(DATA, "data.strength_order"));
    }
    Ok(())
}

/// The documentation field every file may have; never filled in, never
/// reported missing.
const NOTE: &str = "note";

type Object = serde_json::Map<String, serde_json::Value>;

/// A value of a file built from its sections.
fn from_sections<T: serde::de::DeserializeOwned>(sections: &Object) -> Result<T, Problem> {
    serde_json::from_value(serde_json::Value::Object(sections.clone()))
        .map_err(|e| Problem::new(DATA, "data.section_syntax").arg("message", e.to_string()))
}

/// The user's file `name` merged with the built-in one, section by section
/// (the top-level fields): the user's sections are used, those he lacks (a
/// file written by an older Muster) are taken from the built-in file and
/// reported in a notice; a section that is malformed, or breaks the file's
/// rules on its own, is reported naming it and the built-in section is
/// used. None when the file cannot be used at all (reported).
fn merged<T: serde::de::DeserializeOwned>(
    name: &str,
    text: &str,
    built_in: &str,
    check: fn(&T) -> Result<(), Problem>,
    problems: &mut Vec<DataProblem>,
) -> Option<T> {
    let whole = |problem| DataProblem {
        built_in_used: true,
        ..DataProblem::new(name, problem)
    };
    let user = match user_sections::<T>(text) {
        Ok(user) => user,
        Err(problem) => {
            problems.push(whole(problem));
            return None;
        }
    };
    let Ok(serde_json::Value::Object(base)) = serde_json::from_str::<serde_json::Value>(built_in)
    else {
        // The built-in file is broken: the caller reports it.
        return None;
    };
    let (mut sections, taken, mut bad) = well_formed::<T>(name, &base, &user);
    let mut value = match from_sections::<T>(&sections) {
        Ok(v) => v,
        Err(problem) => {
            problems.push(whole(problem));
            return None;
        }
    };
    if let Err(problem) = check(&value) {
        let lawful = Merge {
            name,
            base: &base,
            user: &user,
            check,
        }
        .lawful(&taken, &mut sections, &mut bad);
        match lawful {
            Some(v) => value = v,
            // The sections break the rules together: the whole file is
            // refused, as it says.
            None => {
                problems.push(whole(problem));
                return None;
            }
        }
    }
    problems.extend(bad);
    problems.extend(filled_notice(name, &base, &user));
    Some(value)
}

/// The user's file as sections, or what is wrong with it.
fn user_sections<T: serde::de::DeserializeOwned>(text: &str) -> Result<Object, Problem> {
    match parse::<serde_json::Value>(text)? {
        serde_json::Value::Object(user) => Ok(user),
        // Not an object: the file's own parse says what is wrong.
        _ => Err(parse::<T>(text).err().unwrap_or_else(|| {
            Problem::new(DATA, "data.section_syntax").arg("message", "not an object")
        })),
    }
}

/// A section of the user's file reported, the built-in one used for it.
fn section_problem(name: &str, key: &str, problem: Problem) -> DataProblem {
    DataProblem {
        built_in_used: true,
        ..DataProblem::new(name, problem.arg("section", key))
    }
}

/// The sections to use, the user's taken, and the problems of his
/// malformed ones: each tried alone among the built-in ones when the whole
/// does not read.
fn well_formed<'u, T: serde::de::DeserializeOwned>(
    name: &str,
    base: &Object,
    user: &'u Object,
) -> (Object, Vec<&'u str>, Vec<DataProblem>) {
    let mut sections = base.clone();
    sections.extend(user.iter().map(|(k, v)| (k.clone(), v.clone())));
    let mut taken: Vec<&str> = user.keys().map(String::as_str).collect();
    let mut bad = Vec::new();
    if from_sections::<T>(&sections).is_err() {
        // Which sections are malformed: each tried alone among the
        // built-in ones.
        sections = base.clone();
        taken.clear();
        for (key, value) in user {
            let mut alone = base.clone();
            alone.insert(key.clone(), value.clone());
            match from_sections::<T>(&alone) {
                Ok(_) => {
                    sections.insert(key.clone(), value.clone());
                    taken.push(key.as_str());
                }
                Err(problem) => bad.push(section_problem(name, key, problem)),
            }
        }
    }
    (sections, taken, bad)
}

/// A user's file and the built-in one, merged under the file's rules.
struct Merge<'a, T> {
    /// The file's name.
    name: &'a str,
    /// The built-in sections.
    base: &'a Object,
    /// The user's sections.
    user: &'a Object,
    /// The file's rules.
    check: fn(&T) -> Result<(), Problem>,
}

impl<T: serde::de::DeserializeOwned> Merge<'_, T> {
    /// When the merged file breaks its rules: each of the user's sections
    /// that breaks them on its own is reported and the built-in one used
    /// for it; the value then, if some section was blamed and the rest
    /// keeps the rules.
    fn lawful(
        &self,
        taken: &[&str],
        sections: &mut Object,
        bad: &mut Vec<DataProblem>,
    ) -> Option<T> {
        let check = self.check;
        let mut blamed = false;
        for &key in taken {
            if self.base.get(key) == self.user.get(key) {
                continue;
            }
            let mut alone = self.base.clone();
            if let Some(v) = self.user.get(key) {
                alone.insert(key.to_owned(), v.clone());
            }
            if let Err(p) = from_sections::<T>(&alone).and_then(|v| check(&v)) {
                if let Some(v) = self.base.get(key) {
                    sections.insert(key.to_owned(), v.clone());
                }
                bad.push(section_problem(self.name, key, p));
                blamed = true;
            }
        }
        match from_sections::<T>(sections).and_then(|v| check(&v).map(|()| v)) {
            Ok(v) if blamed => Some(v),
            _ => None,
        }
    }
}

/// The notice of the built-in sections the user's file lacks, if it lacks
/// some.
fn filled_notice(name: &str, base: &Object, user: &Object) -> Option<DataProblem> {
    let missing: Vec<&str> = base
        .keys()
        .map(String::as_str)
        .filter(|k| *k != NOTE && !user.contains_key(*k))
        .collect();
    (!missing.is_empty()).then(|| DataProblem {
        notice: true,
        ..DataProblem::new(
            name,
            Problem::new(DATA, "data.sections_filled")
                .arg("count", missing.len())
                .arg("sections", missing.join(", ")),
        )
    })
}

/// Parses one file and checks it, merging the user's file with the built-in
/// one section by section (see [`merged`]); when the user's cannot be used
/// at all, falls back to the built-in text.
fn one<T: serde::de::DeserializeOwned>(
    name: &str,
    overrides: &[(String, String)],
    check: fn(&T) -> Result<(), Problem>,
    problems: &mut Vec<DataProblem>,
) -> Result<T, DataProblem> {
    let built_in = BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, text)| *text);
    if let Some((_, text)) = overrides.iter().find(|(n, _)| n == name)
        && let Some(v) = merged(name, text, built_in, check, problems)
    {
        return Ok(v);
    }
    parse::<T>(built_in)
        .and_then(|v| check(&v).map(|()| v))
        .map_err(|problem| DataProblem::new(format!("built-in {name}"), problem))
}

impl RulesData {
    /// The built-in rules data.
    pub fn built_in() -> Result<Self, DataProblem> {
        let (data, _) = Self::with_overrides(&[])?;
        Ok(data)
    }

    /// The rules data with the user's override files (`(file name, text)`)
    /// in place of the built-in ones. A broken override is reported and the
    /// built-in file is used. Unknown file names are reported too.
    pub fn with_overrides(
        overrides: &[(String, String)],
    ) -> Result<(Self, Vec<DataProblem>), DataProblem> {
        let mut problems = Vec::new();
        for (name, _) in overrides {
            if !BUILT_IN_FILES.iter().any(|(n, _)| n == name) {
                problems.push(DataProblem::new(
                    name.as_str(),
                    Problem::new(DATA, "data.unknown_file"),
                ));
            }
        }
        let races: RacesFile = one("races.json", overrides, check_races, &mut problems)?;
        let types: TypesFile = one(
            "character_types.json",
            overrides,
            check_types,
            &mut problems,
        )?;
        let random_advance = one(
            "random_advance.json",
            overrides,
            check_random,
            &mut problems,
        )?;
        let ws_table = one("ws_table.json", overrides, check_table10, &mut problems)?;
        let wound_chart = one("wound_chart.json", overrides, check_table10, &mut problems)?;
        let save_modifiers = one("save_modifiers.json", overrides, check_saves, &mut problems)?;
        let killteam = one(
            "killteam.json",
            overrides,
            super::killteam::data::KillTeamData::check,
            &mut problems,
        )?;
        let reference = one(
            "reference.json",
            overrides,
            super::reference::Reference::check,
            &mut problems,
        )?;
        let robots_flyers: RobotsFlyersFile = one(
            "robots_flyers.json",
            overrides,
            check_robots_flyers,
            &mut problems,
        )?;
        let campaign = one(
            "campaign.json",
            overrides,
            super::campaign::data::CampaignData::check,
            &mut problems,
        )?;
        let close_combat = one(
            "close_combat.json",
            overrides,
            super::close_combat::data::CloseCombatRules::check,
            &mut problems,
        )?;
        let armoury = one("armoury.json", overrides, Armoury::check, &mut problems)?;
        let shooting = one(
            "shooting.json",
            overrides,
            super::shooting::data::ShootingRules::check,
            &mut problems,
        )?;
        let _ = (&races.note, &types.note, &robots_flyers.note);
        Ok((
            Self {
                races: races.races,
                types: types.types,
                maximum_type: types.maximum_type,
                random_advance,
                ws_table,
                wound_chart,
                save_modifiers,
                killteam,
                reference,
                robots: robots_flyers.robots,
                flyers: robots_flyers.flyers,
                campaign,
                close_combat,
                armoury,
                shooting,
                house: super::core::house::HouseRules::default(),
            },
            problems,
        ))
    }

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
mod tests {
    use super::*;

    fn data() -> RulesData {
        RulesData::built_in().expect("built-in data")
    }

    #[test]
    fn built_in_data_parses() {
        let d = data();
        assert_eq!(d.races.len(), 6);
        assert_eq!(d.types.len(), 3);
        assert_eq!(d.maximum_type().map(|t| t.id.as_str()), Some("major_hero"));
    }

    // CC-8: the WS table, cell by cell, as the source prints it.
    #[test]
    fn cc_8_ws_table_cells() {
        let expected: [[u32; 10]; 10] = [
            [5, 5, 6, 6, 7, 7, 8, 8, 9, 9],
            [4, 5, 5, 6, 6, 7, 7, 8, 8, 9],
            [4, 4, 5, 5, 6, 6, 7, 7, 8, 8],
            [3, 4, 4, 5, 5, 6, 6, 7, 7, 8],
            [3, 3, 4, 4, 5, 5, 6, 6, 7, 7],
            [2, 3, 3, 4, 4, 5, 5, 6, 6, 7],
            [2, 2, 3, 3, 4, 4, 5, 5, 6, 6],
            [2, 2, 2, 3, 3, 4, 4, 5, 5, 6],
            [2, 2, 2, 2, 3, 3, 4, 4, 5, 5],
            [2, 2, 2, 2, 2, 3, 3, 4, 4, 5],
        ];
        let d = data();
        for (a, row) in expected.iter().enumerate() {
            for (b, &cell) in row.iter().enumerate() {
                let (att, def) = (a as i32 + 1, b as i32 + 1);
                assert_eq!(d.to_hit(att, def), Some(cell), "WS {att} vs {def}");
            }
        }
    }

    // CC-11: the wound chart, with `-` where it cannot wound.
    #[test]
    fn cc_11_wound_chart_cells() {
        let d = data();
        assert_eq!(d.to_wound(1, 1), Some(4));
        assert_eq!(d.to_wound(1, 4), Some(6));
        assert_eq!(d.to_wound(1, 5), None);
        assert_eq!(d.to_wound(3, 3), Some(4));
        assert_eq!(d.to_wound(4, 3), Some(3));
        assert_eq!(d.to_wound(3, 7), None);
        assert_eq!(d.to_wound(7, 10), Some(6));
        assert_eq!(d.to_wound(10, 10), Some(4));
        assert_eq!(d.to_wound(10, 1), Some(2));
        // Every row: 2+ at most, and once a row cannot wound it never can again.
        for s in 1..=10 {
            let mut blocked = false;
            for t in 1..=10 {
                match d.to_wound(s, t) {
                    None => blocked = true,
                    Some(v) => {
                        assert!(!blocked, "S{s} T{t} wounds after a `-`");
                        assert!((2..=6).contains(&v));
                    }
                }
            }
        }
    }

    // PSY-3: save modifiers by strength.
    #[test]
    fn psy_3_save_modifiers() {
        let d = data();
        let expected = [
            (1, 0),
            (3, 0),
            (4, -1),
            (5, -2),
            (6, -3),
            (7, -4),
            (8, -5),
            (9, -6),
            (12, -6),
        ];
        for (s, m) in expected {
            assert_eq!(d.save_modifier(s), m, "S{s}");
        }
    }

    // CHR-11: the d20 table.
    #[test]
    fn chr_11_random_advance_table() {
        use Characteristic::*;
        let d = data();
        let expected = [
            (1, WS),
            (3, WS),
            (4, BS),
            (6, BS),
            (7, S),
            (8, T),
            (9, W),
            (10, W),
            (11, I),
            (13, I),
            (14, A),
            (15, A),
            (16, Ld),
            (17, Ld),
            (18, Int),
            (19, Cl),
            (20, WP),
        ];
        for (face, c) in expected {
            assert_eq!(d.random_advance.lookup(face), Some(c), "face {face}");
        }
    }

    #[test]
    fn broken_override_is_reported_and_built_in_used() {
        let overrides = vec![("races.json".to_owned(), "{\"races\": [".to_owned())];
        let (d, problems) = RulesData::with_overrides(&overrides).expect("falls back");
        assert_eq!(d.races.len(), 6);
        assert_eq!(problems.len(), 1);
        assert_eq!(&*problems[0].file, "races.json");
        assert_eq!(problems[0].problem.key, "doc.syntax");
        assert_eq!(problems[0].problem.get("line"), Some("1"));
    }

    #[test]
    fn good_override_replaces_built_in() {
        let text = r#"{"races": [{"id": "human", "names": {"en": "Human"},
            "base": {"M":4,"WS":3,"BS":3,"S":3,"T":3,"W":1,"I":3,"A":1,"Ld":7,"Int":7,"Cl":7,"WP":7},
            "psychic_chance_percent": 50}]}"#;
        let overrides = vec![("races.json".to_owned(), text.to_owned())];
        let (d, problems) = RulesData::with_overrides(&overrides).expect("loads");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(d.races.len(), 1);
        assert_eq!(d.races[0].psychic_chance_percent, 50);
    }

    #[test]
    fn override_breaking_a_rule_is_refused() {
        let text = r#"{"maximum_type": "nobody", "types": []}"#;
        let overrides = vec![("character_types.json".to_owned(), text.to_owned())];
        let (d, problems) = RulesData::with_overrides(&overrides).expect("falls back");
        assert_eq!(d.types.len(), 3);
        assert_eq!(problems[0].problem.get("type"), Some("nobody"));
    }
}
