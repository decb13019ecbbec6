//! A rules file read and the checks its values must pass: races, types, the
//! random-advance table, the 10 × 10 tables, the save modifiers, robots and
//! flyers.

use super::super::characters::data::RandomAdvanceTable;
use super::super::core::characteristic::Characteristic;
use super::super::core::dice::MAX_DICE;
use super::super::core::problem::Problem;
use super::super::core::range::DATA;
use super::{RacesFile, RobotsFlyersFile, SaveModifierTable, Table10, TypesFile};

pub(super) fn check_robots_flyers(file: &RobotsFlyersFile) -> Result<(), Problem> {
    file.robots.check()?;
    file.flyers.check()
}

pub(super) fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, Problem> {
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

pub(super) fn check_races(file: &RacesFile) -> Result<(), Problem> {
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

pub(super) fn check_types(file: &TypesFile) -> Result<(), Problem> {
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

pub(super) fn check_random(table: &RandomAdvanceTable) -> Result<(), Problem> {
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

pub(super) fn check_table10(table: &Table10) -> Result<(), Problem> {
    if table.rows.len() != 10 || table.rows.iter().any(|r| r.len() != 10) {
        return Err(Problem::new(DATA, "data.table_10"));
    }
    Ok(())
}

pub(super) fn check_saves(table: &SaveModifierTable) -> Result<(), Problem> {
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
