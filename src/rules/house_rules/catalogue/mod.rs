//! The house-rules catalogue (`assets/rules/house_rules.json`): every value
//! of the rules data the sources leave open, so that a group can see it and
//! change it. A Decision is a value the French sources give ambiguously or
//! inconsistently, and Muster picked one reading; an Assumed value is one
//! the sources do not give. Each entry says the rule it belongs to, where
//! the value sits in the built-in data (`killteam.json/turn/initiative_die`:
//! the file, then a JSON pointer), the type of value it takes, the French
//! sentence it reads, what Muster does, and, where the sources read more
//! than one way, each reading with its value, the most plausible first.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::core::dice::dice_of;
use crate::rules::core::problem::Problem;

/// The built-in catalogue.
pub const BUILT_IN: &str = include_str!("../../../../assets/rules/house_rules.json");

/// The rule of a refused value: the house rules' own (the parent module's
/// `HOUSE`, spelled here so that the catalogue imports nothing above it).
const RULE: &str = "HOUSE";

/// The house-rules catalogue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    /// What the file is, for whoever opens it.
    pub note: String,
    /// Each value the sources leave open.
    pub entries: Vec<Entry>,
}

/// One value the sources leave open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Stable, lowercase, dotted: `<chapter>.<area>.<what>`.
    pub id: String,
    /// The spec's rule id the value belongs to (`KT-10`), or empty when the
    /// rules it belongs to have none (Rogue Trader shooting).
    pub rule: String,
    /// Decision or Assumed.
    pub kind: Kind,
    /// The chapter of the rules it belongs to.
    pub chapter: Chapter,
    /// The file, then a JSON pointer to the value in it
    /// (`campaign.json/battle_vp/offered_as_mission_vp`).
    pub place: String,
    /// The type of value it takes.
    #[serde(rename = "type")]
    pub r#type: ValueType,
    /// Where the French sentence is (`seed 004, line 91`), or why there is
    /// none.
    pub source: String,
    /// The French sentence the value reads, quoted exactly; empty when the
    /// sources say nothing of it.
    pub source_fr: String,
    /// What Muster does, for a player.
    pub reading: Texts,
    /// The ways the source can be read, each with the value it sets, the
    /// one the French most plausibly means first; none when it reads one
    /// way only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<Reading>,
    /// The catalogue's revision that brought the entry (1: the first).
    #[serde(default = "first_revision", skip_serializing_if = "is_first")]
    pub since: u32,
    /// What Muster played before the entry came, when it was not the
    /// built-in value now: a campaign whose rules were recorded at an
    /// earlier revision keeps playing it, so its state never changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<serde_json::Value>,
}

/// The revision of a catalogue, a journal or a file that names none.
pub fn first_revision() -> u32 {
    1
}

fn is_first(n: &u32) -> bool {
    *n == 1
}

impl Catalogue {
    /// Its revision: that of its newest entry.
    pub fn revision(&self) -> u32 {
        self.entries
            .iter()
            .map(|e| e.since)
            .max()
            .unwrap_or_else(first_revision)
    }

    /// The values Muster played before the entries newer than `revision`
    /// came, where they differ from the built-in ones: (place, value).
    pub fn before(&self, revision: u32) -> impl Iterator<Item = (&str, &serde_json::Value)> {
        self.entries
            .iter()
            .filter(move |e| e.since > revision)
            .filter_map(|e| e.before.as_ref().map(|v| (e.place.as_str(), v)))
    }
}

/// Why a value is Muster's to pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The sources are ambiguous or disagree: Muster picked a reading.
    Decision,
    /// The sources are silent: Muster took a value.
    Assumed,
}

/// The chapter of the rules a value belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chapter {
    /// Profiles, character types, races, the armoury.
    Characters,
    /// Rogue Trader close combat, routs and tests.
    CloseCombat,
    /// Rogue Trader shooting.
    Shooting,
    /// The Imperial Guard kill-team house rules.
    Killteam,
    /// The narrative campaign "Au Nom de l'Empereur".
    Campaign,
    /// Robots.
    Robots,
    /// Flyers.
    Flyers,
}

/// The type of value an entry takes, and its bounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ValueType {
    /// A whole number from `min` to `max`.
    Integer {
        /// The lowest value allowed.
        min: i64,
        /// The highest value allowed.
        max: i64,
    },
    /// A number from `min` to `max`.
    Number {
        /// The lowest value allowed.
        min: f64,
        /// The highest value allowed.
        max: f64,
    },
    /// Yes or no.
    Boolean {},
    /// Dice as a player writes them (`D6`, `2D6`, `D3`).
    Dice {},
    /// A text (an id the data knows, such as `per_turn`).
    Text {},
    /// Any JSON, edited as a whole (a table, a list, a profile).
    Table {},
}

/// A text in English and in French.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Texts {
    /// In English.
    pub en: String,
    /// In French.
    pub fr: String,
}

impl Texts {
    /// The texts as names by language, for a message.
    pub fn names(&self) -> crate::rules::core::names::Names {
        [("en", &self.en), ("fr", &self.fr)]
            .into_iter()
            .map(|(l, t)| (l.to_owned(), t.clone()))
            .collect()
    }
}

/// One way of reading the source, and the value it sets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// Stable within its entry (`french`, `per_pair`).
    pub id: String,
    /// The value this reading sets at the entry's place.
    pub value: Value,
    /// Its short name.
    pub name: Texts,
    /// What it means at the table.
    pub text: Texts,
}

impl Catalogue {
    /// The built-in catalogue.
    pub fn built_in() -> Result<Self, String> {
        serde_json::from_str(BUILT_IN).map_err(|e| format!("house_rules.json: {e}"))
    }

    /// The entry `id`.
    pub fn entry(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// Every problem of the catalogue against the data files `files`
    /// (`(file name, text)`, the built-in ones): an id used twice or not
    /// lowercase and dotted, a place that names no value, a built-in value
    /// or a reading's value its type refuses, a reading id used twice in an
    /// entry, an empty text, a French text without its space before `:`,
    /// `;`, `?` or `!`. One line each, naming the entry.
    pub fn check(&self, files: &[(&str, &str)]) -> Vec<String> {
        let mut out = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for e in &self.entries {
            if !seen.insert(e.id.as_str()) {
                out.push(format!("{}: the id is used twice", e.id));
            }
            if !is_dotted_id(&e.id) {
                out.push(format!(
                    "{}: an id is lowercase and dotted, three parts at least",
                    e.id
                ));
            }
            out.extend(e.check_value(files));
            out.extend(e.check_readings());
            out.extend(e.check_texts());
        }
        out
    }
}

impl Entry {
    /// The file its value is in (`killteam.json`).
    pub fn file(&self) -> &str {
        self.place
            .split_once('/')
            .map_or(self.place.as_str(), |(f, _)| f)
    }

    /// The JSON pointer to its value in the file (`/turn/initiative_die`);
    /// empty for the whole file.
    pub fn pointer(&self) -> &str {
        self.place.find('/').map_or("", |at| &self.place[at..])
    }

    /// Its built-in value, read from the data files `files`.
    pub fn value_in(&self, files: &[(&str, &str)]) -> Result<Value, String> {
        let (_, text) = files
            .iter()
            .find(|(name, _)| *name == self.file())
            .ok_or_else(|| format!("{}: no data file {}", self.id, self.file()))?;
        let json: Value = serde_json::from_str(text)
            .map_err(|err| format!("{}: {} does not parse: {err}", self.id, self.file()))?;
        if self.pointer().is_empty() {
            return Err(format!(
                "{}: the place {} names a whole file",
                self.id, self.place
            ));
        }
        json.pointer(self.pointer())
            .cloned()
            .ok_or_else(|| format!("{}: the place {} names no value", self.id, self.place))
    }

    /// The problems of its built-in value: missing, or refused by its type.
    fn check_value(&self, files: &[(&str, &str)]) -> Vec<String> {
        match self.value_in(files) {
            Ok(value) => match self.r#type.check(&value) {
                Ok(()) => Vec::new(),
                Err(p) => vec![format!(
                    "{}: the built-in value {value} is refused: {}",
                    self.id,
                    described(&p)
                )],
            },
            Err(line) => vec![line],
        }
    }

    /// The problems of its readings: a value its type refuses, an id used
    /// twice.
    fn check_readings(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for r in &self.readings {
            if !seen.insert(r.id.as_str()) {
                out.push(format!("{}: the reading {} is named twice", self.id, r.id));
            }
            if r.id.is_empty() {
                out.push(format!("{}: a reading has no id", self.id));
            }
            if let Err(p) = self.r#type.check(&r.value) {
                out.push(format!(
                    "{}: the reading {} sets {}, refused: {}",
                    self.id,
                    r.id,
                    r.value,
                    described(&p)
                ));
            }
        }
        out
    }

    /// The problems of its texts: one empty, a French one without its
    /// space before `:`, `;`, `?` or `!`.
    fn check_texts(&self) -> Vec<String> {
        let mut texts = vec![("reading", &self.reading)];
        for r in &self.readings {
            texts.push(("a reading's name", &r.name));
            texts.push(("a reading's text", &r.text));
        }
        let mut out = Vec::new();
        for (what, t) in texts {
            for (lang, text) in [("en", &t.en), ("fr", &t.fr)] {
                if text.trim().is_empty() {
                    out.push(format!("{}: {what} is empty in {lang}", self.id));
                }
            }
            if let Some(sign) = french_sign_without_space(&t.fr) {
                out.push(format!(
                    "{}: {what} in French needs a space before “{sign}”: {}",
                    self.id, t.fr
                ));
            }
        }
        if self.place.trim().is_empty() {
            out.push(format!("{}: the place is empty", self.id));
        }
        out
    }
}

impl Chapter {
    /// The message key of the chapter's name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Characters => "house_rules.chapter.characters",
            Self::CloseCombat => "house_rules.chapter.close_combat",
            Self::Shooting => "house_rules.chapter.shooting",
            Self::Killteam => "house_rules.chapter.killteam",
            Self::Campaign => "house_rules.chapter.campaign",
            Self::Robots => "house_rules.chapter.robots",
            Self::Flyers => "house_rules.chapter.flyers",
        }
    }
}

impl ValueType {
    /// The value a player typed, read as this type asks: a number for a
    /// number, the text itself for dice and text, JSON for a table (and
    /// `true`/`false`, or yes/no, for a yes or no). None: it does not read.
    pub fn parse(&self, typed: &str) -> Option<Value> {
        let t = typed.trim();
        match self {
            Self::Integer { .. } => t.parse::<i64>().ok().map(Value::from),
            Self::Number { .. } => t.replace(',', ".").parse::<f64>().ok().map(Value::from),
            Self::Boolean {} => match t.to_lowercase().as_str() {
                "true" | "yes" | "oui" => Some(Value::Bool(true)),
                "false" | "no" | "non" => Some(Value::Bool(false)),
                _ => None,
            },
            Self::Dice {} | Self::Text {} => Some(Value::String(t.to_owned())),
            Self::Table {} => serde_json::from_str(t).ok(),
        }
    }

    /// A value as a player types it: a text without its quotes, a table
    /// as indented JSON.
    pub fn typed(&self, v: &Value) -> String {
        match (self, v) {
            (_, Value::String(s)) => s.clone(),
            (Self::Table {}, v) => {
                let mut out = String::new();
                pretty(v, 0, &mut out);
                out
            }
            (_, v) => v.to_string(),
        }
    }

    /// Whether `v` is a value of this type, within its bounds; a refusal a
    /// player can read otherwise.
    pub fn check(&self, v: &Value) -> Result<(), Problem> {
        let refused = |key: &'static str| Problem::new(RULE, key).arg("value", shown(v));
        match self {
            Self::Integer { min, max } => {
                let n = v
                    .as_i64()
                    .ok_or_else(|| refused("house_rules.refused.not_integer"))?;
                if n < *min {
                    return Err(refused("house_rules.refused.below_min").arg("min", min));
                }
                if n > *max {
                    return Err(refused("house_rules.refused.above_max").arg("max", max));
                }
                Ok(())
            }
            Self::Number { min, max } => {
                let n = v
                    .as_f64()
                    .ok_or_else(|| refused("house_rules.refused.not_number"))?;
                if n < *min {
                    return Err(refused("house_rules.refused.below_min").arg("min", min));
                }
                if n > *max {
                    return Err(refused("house_rules.refused.above_max").arg("max", max));
                }
                Ok(())
            }
            Self::Boolean {} => v
                .is_boolean()
                .then_some(())
                .ok_or_else(|| refused("house_rules.refused.not_boolean")),
            Self::Dice {} => v
                .as_str()
                .and_then(dice_of)
                .map(|_| ())
                .ok_or_else(|| refused("house_rules.refused.not_dice")),
            Self::Text {} => v
                .is_string()
                .then_some(())
                .ok_or_else(|| refused("house_rules.refused.not_text")),
            Self::Table {} => Ok(()),
        }
    }
}

/// A value as a player reads it: a text without its quotes.
fn shown(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_owned)
}

/// A problem in words for the catalogue's own check (English, with its
/// arguments): the key and `name=value` pairs.
fn described(p: &Problem) -> String {
    let args: Vec<String> = p.args.iter().map(|(n, v)| format!("{n}={v}")).collect();
    format!("{} ({})", p.key, args.join(", "))
}

/// Lowercase words of letters, digits and `_`, joined by dots, three at
/// least (`killteam.turn.initiative_die`).
fn is_dotted_id(id: &str) -> bool {
    let parts: Vec<&str> = id.split('.').collect();
    parts.len() >= 3
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
}

/// The first of `:`, `;`, `?`, `!` written straight after a word in a
/// French text (French puts a space before them).
fn french_sign_without_space(text: &str) -> Option<char> {
    let mut before = ' ';
    for c in text.chars() {
        if matches!(c, ':' | ';' | '?' | '!') && !before.is_whitespace() && !is_sign(before) {
            return Some(c);
        }
        before = c;
    }
    None
}

/// One of the signs French spaces before (so `?!` is one group).
fn is_sign(c: char) -> bool {
    matches!(c, ':' | ';' | '?' | '!')
}

/// `v` as indented JSON text, a profile's characteristics in the
/// profile's order (M, WS, BS … WP) as a card reads them, every other
/// object's keys in their own order.
fn pretty(v: &Value, depth: usize, out: &mut String) {
    use crate::rules::core::characteristic::Characteristic;
    let pad = |d: usize| "  ".repeat(d);
    match v {
        Value::Object(m) if !m.is_empty() => {
            let mut keys: Vec<&String> = m.keys().collect();
            let place = |k: &str| {
                Characteristic::from_key(k)
                    .and_then(|c| Characteristic::ALL.iter().position(|x| *x == c))
            };
            if keys.iter().all(|k| place(k).is_some()) {
                keys.sort_by_key(|k| place(k));
            }
            out.push_str("{\n");
            for (i, k) in keys.iter().enumerate() {
                out.push_str(&pad(depth + 1));
                out.push_str(&Value::String((*k).clone()).to_string());
                out.push_str(": ");
                pretty(&m[k.as_str()], depth + 1, out);
                out.push_str(if i + 1 < keys.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(depth));
            out.push('}');
        }
        Value::Array(a) if !a.is_empty() => {
            out.push_str("[\n");
            for (i, x) in a.iter().enumerate() {
                out.push_str(&pad(depth + 1));
                pretty(x, depth + 1, out);
                out.push_str(if i + 1 < a.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(depth));
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

#[cfg(test)]
mod tests;
