//! House rules: what a group changes of the built-in rules data, each change
//! a value at a place (`killteam.json/turn/initiative_die`: the file, then
//! a JSON pointer into it), and the rule set those changes give.
//!
//! A campaign keeps its house rules in its journal (`CampaignEdit::RecordRules`
//! and `SetHouseRule`), so every machine plays it under the same rules,
//! whatever its own data folder holds. The rule sets are built from the
//! built-in texts, which never change while Muster runs, so one set is
//! built once and shared (`rule_set`).

pub mod catalogue;

use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

pub use super::core::house::{HouseRules, RuleChange};
use super::core::problem::Problem;
use super::data::{BUILT_IN_FILES, DataProblem, RulesData};
use crate::rules::core::problem::ProblemKind;

/// The rule of every house-rules problem.
pub const HOUSE: &str = "HOUSE";

/// The key of a change about a value this Muster cannot honour: a place it
/// does not know, or a value its data refuses. A campaign whose recorded
/// rules say so was made by a newer Muster, or by hand.
pub const CANNOT_HONOUR: &str = "house_rules.cannot_honour";

/// `house` with `place` set to `value`, or back to the built-in value with
/// `None` (and with a value equal to the built-in one).
#[must_use]
pub fn set(house: &HouseRules, place: &str, value: Option<Value>) -> HouseRules {
    let value = value.filter(|v| built_in_value(place).as_ref() != Some(v));
    house.with(place, value)
}

/// The text of each data file these house rules change: the built-in
/// text with the changes made, as an override file would hold it. A
/// change naming a file or a place the built-in data lacks is refused.
pub fn texts(house: &HouseRules) -> Result<Vec<(String, String)>, DataProblem> {
    let mut files: Vec<(String, Value)> = Vec::new();
    for change in house.iter() {
        let Some((file, pointer)) = split_place(&change.place) else {
            return Err(cannot_honour(&change.place, "house_rules.no_file"));
        };
        let at = match files.iter().position(|(n, _)| n == file) {
            Some(at) => at,
            None => {
                let Some(value) = built_in_json(file) else {
                    return Err(cannot_honour(&change.place, "house_rules.no_file"));
                };
                files.push((file.to_owned(), value));
                files.len() - 1
            }
        };
        let slot = files[at]
            .1
            .pointer_mut(pointer)
            .filter(|_| !pointer.is_empty())
            .ok_or_else(|| cannot_honour(&change.place, "house_rules.no_place"))?;
        *slot = change.value.clone();
    }
    Ok(files
        .into_iter()
        .map(|(name, value)| (name, value.to_string()))
        .collect())
}

/// A place's file name and its pointer: `killteam.json/turn/x` gives
/// `("killteam.json", "/turn/x")`.
pub fn split_place(place: &str) -> Option<(&str, &str)> {
    let at = place.find(".json")? + ".json".len();
    let (file, pointer) = place.split_at(at);
    (pointer.is_empty() || pointer.starts_with('/')).then_some((file, pointer))
}

/// The built-in value at `place`, if the data has one there.
pub fn built_in_value(place: &str) -> Option<Value> {
    built_in_at(place).cloned()
}

/// The built-in value at `place`, borrowed from the data parsed once.
pub fn built_in_at(place: &str) -> Option<&'static Value> {
    let (file, pointer) = split_place(place)?;
    built_in_files()
        .iter()
        .find(|(n, _)| *n == file)?
        .1
        .pointer(pointer)
}

/// Whether a text of `value` (a name in any language, an id, a word)
/// holds `words`, already in lower case: a weapon's name finds the
/// armoury that lists it.
pub fn mentions(value: &Value, words: &str) -> bool {
    match value {
        Value::String(s) => s.to_lowercase().contains(words),
        Value::Array(a) => a.iter().any(|v| mentions(v, words)),
        Value::Object(m) => m.values().any(|v| mentions(v, words)),
        _ => false,
    }
}

/// The built-in data files as JSON, parsed once (the House rules screen
/// reads a value of them for each entry, each frame).
fn built_in_files() -> &'static [(&'static str, Value)] {
    static FILES: OnceLock<Vec<(&'static str, Value)>> = OnceLock::new();
    FILES.get_or_init(|| {
        BUILT_IN_FILES
            .iter()
            .filter_map(|(n, t)| Some((*n, serde_json::from_str(t).ok()?)))
            .collect()
    })
}

/// A built-in data file as JSON.
fn built_in_json(file: &str) -> Option<Value> {
    built_in_files()
        .iter()
        .find(|(n, _)| *n == file)
        .map(|(_, v)| v.clone())
}

fn cannot_honour(place: &str, why: &'static str) -> DataProblem {
    let file = split_place(place).map_or(place, |(f, _)| f);
    DataProblem::new(
        file,
        Problem::new(HOUSE, CANNOT_HONOUR)
            .arg("place", place)
            .because(Problem::new(HOUSE, why)),
    )
}

/// The changes that make the built-in `file` (as JSON) into the user's
/// copy of it. A section the user's copy lacks is the built-in one, as
/// Muster reads an override file; below the sections, an object lacking a
/// field of the built-in one, or a list of another length, is one change
/// as a whole. Notes are not rules: their changes are left out.
pub fn changes_between(file: &str, built_in: &Value, user: &Value) -> Vec<RuleChange> {
    let mut out = Vec::new();
    if let (Value::Object(b), Value::Object(u)) = (built_in, user) {
        for (key, value) in u {
            if key == "note" {
                continue;
            }
            match b.get(key) {
                Some(base) => diff(&format!("{file}/{}", escape(key)), base, value, &mut out),
                None => out.push(RuleChange {
                    place: format!("{file}/{}", escape(key)),
                    value: value.clone(),
                }),
            }
        }
    }
    out
}

fn diff(place: &str, base: &Value, user: &Value, out: &mut Vec<RuleChange>) {
    if base == user {
        return;
    }
    let whole = RuleChange {
        place: place.to_owned(),
        value: user.clone(),
    };
    match (base, user) {
        (Value::Object(b), Value::Object(u)) => {
            if b.keys().any(|k| k != "note" && !u.contains_key(k)) {
                out.push(whole);
                return;
            }
            for (key, value) in u {
                if key == "note" {
                    continue;
                }
                let at = format!("{place}/{}", escape(key));
                match b.get(key) {
                    Some(old) => diff(&at, old, value, out),
                    None => out.push(RuleChange {
                        place: at,
                        value: value.clone(),
                    }),
                }
            }
        }
        (Value::Array(b), Value::Array(u)) if b.len() == u.len() => {
            for (i, (old, value)) in b.iter().zip(u).enumerate() {
                diff(&format!("{place}/{i}"), old, value, out);
            }
        }
        _ => out.push(whole),
    }
}

/// A key as a JSON pointer writes it.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The house rules of a data folder's override files (`(file name,
/// text)`): each section Muster could use, as changes to the built-in
/// data. A section Muster refuses (broken, or breaking the file's rules)
/// is left out, as Muster leaves it out when it reads the folder.
pub fn of_overrides(overrides: &[(String, String)]) -> HouseRules {
    let mut kept = HouseRules::default();
    for (name, text) in overrides {
        let (Some(base), Ok(user)) = (built_in_json(name), serde_json::from_str::<Value>(text))
        else {
            continue;
        };
        let Value::Object(sections) = &user else {
            continue;
        };
        for (key, section) in sections {
            let one = serde_json::json!({ key: section });
            let changes = changes_between(name, &base, &one);
            if changes.is_empty() {
                continue;
            }
            let candidate = HouseRules::of(kept.iter().cloned().chain(changes));
            if build(&candidate).is_ok() {
                kept = candidate;
            }
        }
    }
    kept
}

/// The rules data of these house rules, built afresh: the built-in data
/// with the changes made, refused whole when any change cannot be used.
fn build(house: &HouseRules) -> Result<RulesData, DataProblem> {
    let texts = texts(house)?;
    let (mut data, problems) = RulesData::with_overrides(&texts)?;
    if let Some(p) = problems.into_iter().find(|p| !p.notice) {
        return Err(p);
    }
    data.house = house.clone();
    Ok(data)
}

/// The rule sets built so far, the built-in one first: a campaign's rules
/// are looked up once an event, so each set is built once. Few sets are
/// ever in use at once; the oldest are forgotten past a handful.
fn sets() -> &'static Sets {
    static SETS: OnceLock<Sets> = OnceLock::new();
    SETS.get_or_init(|| Mutex::new(Vec::new()))
}

/// Each rule set built, by its house rules.
type Sets = Mutex<Vec<(HouseRules, Arc<RulesData>)>>;

/// How many rule sets are kept built besides the built-in one.
const KEPT_SETS: usize = 8;

/// The built-in rules data, built once.
pub fn built_in() -> Arc<RulesData> {
    static BUILT_IN: OnceLock<Arc<RulesData>> = OnceLock::new();
    Arc::clone(BUILT_IN.get_or_init(|| {
        Arc::new(RulesData::built_in().unwrap_or_else(|p| {
            // A test keeps the built-in data whole; this is never reached.
            unreachable!("the built-in rules data is broken: {p:?}")
        }))
    }))
}

/// The rules data of `house`: the built-in data with the group's changes.
/// Refused when a change names a value this Muster does not have, or one
/// its data refuses.
pub fn rule_set(house: &HouseRules) -> Result<Arc<RulesData>, DataProblem> {
    if house.is_empty() {
        return Ok(built_in());
    }
    if let Ok(sets) = sets().lock()
        && let Some((_, set)) = sets.iter().find(|(h, _)| h == house)
    {
        return Ok(Arc::clone(set));
    }
    let set = Arc::new(build(house)?);
    if let Ok(mut sets) = sets().lock() {
        if sets.len() >= KEPT_SETS {
            sets.remove(0);
        }
        sets.push((house.clone(), Arc::clone(&set)));
    }
    Ok(set)
}

/// This Muster's catalogue revision (1 when the catalogue does not read).
pub fn revision() -> u32 {
    catalogue().map_or_else(catalogue::first_revision, catalogue::Catalogue::revision)
}

/// The built-in catalogue of the values a group may change, read once;
/// none if it does not read (a test keeps it whole).
pub fn catalogue() -> Option<&'static catalogue::Catalogue> {
    static CATALOGUE: OnceLock<Option<catalogue::Catalogue>> = OnceLock::new();
    CATALOGUE
        .get_or_init(|| catalogue::Catalogue::built_in().ok())
        .as_ref()
}

/// Why `value` cannot be the group's at `place`: out of the catalogue
/// entry's range or of the wrong kind, or refused by the data once made.
/// None: the rules with it can be played.
pub fn refused_value(house: &HouseRules, place: &str, value: &Value) -> Option<Problem> {
    let refused = |why: Problem| {
        Problem::new(HOUSE, "house_rules.refused")
            .arg("place", place)
            .arg("value", value)
            .because(why)
    };
    let entry = catalogue().and_then(|c| c.entries.iter().find(|e| e.place == place));
    if let Some(Err(why)) = entry.map(|e| e.r#type.check(value)) {
        return Some(refused(why));
    }
    match rule_set(&set(house, place, Some(value.clone()))) {
        Ok(_) => None,
        Err(p) if p.problem.kind == ProblemKind::CannotHonour => Some((*p.problem).clone()),
        Err(p) => Some(refused((*p.problem).clone())),
    }
}

/// Why a rule set cannot be used, as one problem naming the place.
pub fn refusal(p: &DataProblem) -> Problem {
    if p.problem.kind == ProblemKind::CannotHonour {
        return (*p.problem).clone();
    }
    Problem::new(HOUSE, CANNOT_HONOUR)
        .arg("place", &p.file)
        .because((*p.problem).clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_split_at_the_file() {
        assert_eq!(
            split_place("killteam.json/turn/initiative_die"),
            Some(("killteam.json", "/turn/initiative_die"))
        );
        assert_eq!(split_place("nothing/here"), None);
    }

    #[test]
    fn a_value_equal_to_the_built_in_is_no_change() {
        let place = "campaign.json/battle_vp/offered_as_mission_vp";
        let built = built_in_value(place).expect("a built-in value");
        let h = set(&HouseRules::default(), place, Some(built));
        assert!(h.is_empty());
        let h = set(&HouseRules::default(), place, Some(Value::Bool(false)));
        assert_eq!(h.len(), 1);
        assert!(set(&h, place, None).is_empty());
    }

    #[test]
    fn an_unknown_place_cannot_be_honoured() {
        let h = HouseRules::default().with("killteam.json/no_such_section/x", Some(1.into()));
        let err = rule_set(&h).expect_err("refused");
        assert_eq!(err.problem.kind, ProblemKind::CannotHonour);
    }

    #[test]
    fn changes_between_name_each_value() {
        let base = serde_json::json!({"a": {"b": 1, "c": [1, 2]}, "d": 3, "note": "x"});
        let user = serde_json::json!({"a": {"b": 2, "c": [1, 3]}, "note": "y"});
        let changes = changes_between("f.json", &base, &user);
        let places: Vec<&str> = changes.iter().map(|c| c.place.as_str()).collect();
        assert_eq!(places, ["f.json/a/b", "f.json/a/c/1"]);
        let shorter = serde_json::json!({"a": {"b": 1, "c": [1]}});
        let changes = changes_between("f.json", &base, &shorter);
        assert_eq!(changes[0].place, "f.json/a/c");
    }
}
