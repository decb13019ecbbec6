//! The rules reference: every rule id with its title and text in every
//! language, written for players (`assets/rules/reference.json`). Messages
//! name a rule id; the reference says what the rule is.

use serde::{Deserialize, Serialize};

use super::core::names::{Names, name_in};
use super::core::problem::Problem;

/// An area of the rules (characters, close combat, kill teams …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// Stable id (`killteam`).
    pub id: String,
    /// Display names.
    pub names: Names,
}

/// One rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleText {
    /// Its id (`KT-3`).
    pub id: String,
    /// The area it belongs to.
    pub area: String,
    /// A short title.
    pub title: Names,
    /// What it says.
    pub text: Names,
    /// Whether its values come from the rules, or are assumed or decided.
    pub values: String,
}

/// Every rule, by area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    /// What the file is.
    #[serde(default)]
    pub note: String,
    /// The areas, in order.
    pub areas: Vec<Area>,
    /// The rules, in order.
    pub rules: Vec<RuleText>,
}

impl Reference {
    /// A rule by id.
    pub fn rule(&self, id: &str) -> Option<&RuleText> {
        self.rules.iter().find(|r| r.id.eq_ignore_ascii_case(id))
    }

    /// An area by id.
    pub fn area(&self, id: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.id == id)
    }

    /// The rules whose id, title or text holds every word of `search` (any
    /// case), in the language `lang` (and English).
    pub fn search<'a>(&'a self, lang: &str, search: &str) -> Vec<&'a RuleText> {
        let words: Vec<String> = search.split_whitespace().map(str::to_lowercase).collect();
        self.rules
            .iter()
            .filter(|r| {
                let hay = format!(
                    "{} {} {} {} {}",
                    r.id,
                    name_in(&r.title, lang, ""),
                    name_in(&r.text, lang, ""),
                    name_in(&r.title, "en", ""),
                    name_in(&r.text, "en", "")
                )
                .to_lowercase();
                words.iter().all(|w| hay.contains(w))
            })
            .collect()
    }

    /// Checks the file holds together: ids unique, areas defined.
    pub fn check(&self) -> Result<(), Problem> {
        let mut seen = std::collections::BTreeSet::new();
        for r in &self.rules {
            if !seen.insert(r.id.as_str()) {
                return Err(Problem::new("DATA", "data.defined_twice")
                    .arg("what", "rule")
                    .arg("id", &r.id));
            }
            if self.area(&r.area).is_none() {
                return Err(Problem::new("DATA", "data.unknown_area").arg("area", &r.area));
            }
        }
        Ok(())
    }
}
