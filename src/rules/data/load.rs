//! The book put together: the built-in files, and a user's override files
//! merged with them section by section, what is filled in or refused
//! reported.

use super::super::characters::data::Armoury;
use super::super::core::problem::Problem;
use super::super::core::range::DATA;
use super::checks::{
    check_races, check_random, check_robots_flyers, check_saves, check_table10, check_types, parse,
};
use super::{BUILT_IN_FILES, DataProblem, RacesFile, RobotsFlyersFile, RulesData, TypesFile};

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
            super::super::killteam::data::KillTeamData::check,
            &mut problems,
        )?;
        let reference = one(
            "reference.json",
            overrides,
            super::super::reference::Reference::check,
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
            super::super::campaign::data::CampaignData::check,
            &mut problems,
        )?;
        let close_combat = one(
            "close_combat.json",
            overrides,
            super::super::close_combat::data::CloseCombatRules::check,
            &mut problems,
        )?;
        let armoury = one("armoury.json", overrides, Armoury::check, &mut problems)?;
        let shooting = one(
            "shooting.json",
            overrides,
            super::super::shooting::data::ShootingRules::check,
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
                house: super::super::core::house::HouseRules::default(),
            },
            problems,
        ))
    }
}
