//! The rules a campaign is played under: the built-in data changed by the
//! group's house rules, kept in the journal (recorded once, then changed
//! one value at a time), so that every machine replays the campaign alike
//! whatever its own data folder holds.
//!
//! A campaign begun before Muster kept its rules holds none: it plays, as
//! it did, under the rules data of the machine that opens it, until the
//! players record them.

use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Campaign, CampaignEdit, Settings};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::house_rules::{self, HOUSE, HouseRules};

/// An event about the campaign's rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RulesEdit {
    /// The rules the campaign is played under from now on, recorded once:
    /// when it begins, the house rules of the machine that begins it; in a
    /// campaign begun before Muster kept them, those of the machine that
    /// records them.
    Record {
        /// The changes to the built-in data.
        changes: HouseRules,
        /// The house-rules catalogue's revision when they were recorded:
        /// a value the catalogue gained since plays as Muster played it
        /// then. Missing from a journal written before revisions: 1.
        #[serde(default = "house_rules::catalogue::first_revision")]
        revision: u32,
    },
    /// The group's house rules replaced whole: a house-rules file adopted,
    /// or every value put back to the built-in one (no change).
    Adopt {
        /// The changes to the built-in data, in place of the group's.
        changes: HouseRules,
    },
    /// One value changed, or put back to the built-in one (no value).
    Set {
        /// The data file, then a JSON pointer into it.
        place: String,
        /// The group's value; none: the built-in one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<Value>,
    },
}

impl RulesEdit {
    /// `changes` recorded as the campaign's rules, at this Muster's
    /// catalogue revision.
    pub fn record(changes: HouseRules) -> Self {
        Self::Record {
            changes,
            revision: house_rules::revision(),
        }
    }
}

/// The rules data a campaign is played under: the house rules it recorded,
/// or, for a campaign that recorded none, the machine's.
pub enum InForce<'a> {
    /// The rules data of the machine playing it.
    Here(&'a RulesData),
    /// The built-in data with the campaign's house rules.
    Recorded(Arc<RulesData>),
}

impl Deref for InForce<'_> {
    type Target = RulesData;
    fn deref(&self) -> &RulesData {
        match self {
            Self::Here(r) => r,
            Self::Recorded(r) => r,
        }
    }
}

/// The log's line for the value at `place` changed from `before` to `after`
/// (none: the built-in one): the catalogue entry's rule and id when it has
/// one, and each value by the name of its reading when it is one.
fn set_line(place: &str, before: Option<&Value>, after: Option<&Value>) -> Msg {
    let entry = house_rules::catalogue().and_then(|c| c.entries.iter().find(|e| e.place == place));
    let what = entry.map_or_else(
        || place.to_owned(),
        |e| format!("{} {}", e.rule, e.id).trim().to_owned(),
    );
    let value = |msg: Msg, key: &'static str, v: Option<&Value>| {
        let v = v.cloned().or_else(|| house_rules::built_in_value(place));
        let reading = entry.and_then(|e| e.readings.iter().find(|r| Some(&r.value) == v.as_ref()));
        match (reading, v) {
            (Some(r), _) => msg.names(key, &r.name.names()),
            (None, v) => msg.text(key, v.map_or_else(String::new, |v| v.to_string())),
        }
    };
    // A value of many parts (a profile, a table): only the parts changed.
    let whole = |v: Option<&Value>| v.cloned().or_else(|| house_rules::built_in_value(place));
    if let (Some(was), Some(now)) = (whole(before), whole(after))
        && (was.is_object() || was.is_array())
    {
        let mut parts = Vec::new();
        changed_parts("", &was, &now, &mut parts);
        if !parts.is_empty() {
            return Msg::new("house_rules.log.set_parts")
                .text("place", what)
                .list("parts", parts);
        }
    }
    let msg = Msg::new("house_rules.log.set").text("place", what);
    let msg = value(msg, "from", before);
    value(msg, "to", after)
}

/// The parts of a value that differ between `was` and `now`, each as
/// "WS from 4 to 5" (a list's parts by their number from 1; a part added
/// or removed as "—").
fn changed_parts(path: &str, was: &Value, now: &Value, out: &mut Vec<Msg>) {
    let at = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path} › {key}")
        }
    };
    let text = |v: Option<&Value>| match v {
        None => "—".to_owned(),
        Some(Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
    };
    match (was, now) {
        (Value::Object(a), Value::Object(b)) => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for k in keys {
                match (a.get(k), b.get(k)) {
                    (Some(x), Some(y)) => changed_parts(&at(k), x, y, out),
                    (x, y) => out.push(part(&at(k), text(x), text(y))),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for i in 0..a.len().max(b.len()) {
                let k = (i + 1).to_string();
                match (a.get(i), b.get(i)) {
                    (Some(x), Some(y)) => changed_parts(&at(&k), x, y, out),
                    (x, y) => out.push(part(&at(&k), text(x), text(y))),
                }
            }
        }
        (x, y) if x != y => out.push(part(path, text(Some(x)), text(Some(y)))),
        _ => {}
    }
}

/// One part changed, in words: a characteristic by its abbreviation in
/// the reader's language (CC for WS in French).
fn part(place: &str, from: String, to: String) -> Msg {
    let msg = Msg::new("house_rules.log.part");
    let msg = match crate::rules::core::characteristic::Characteristic::from_key(place) {
        Some(c) => msg.key("part", c.abbr_key()),
        None => msg.text("part", place),
    };
    msg.text("from", from).text("to", to)
}

/// The rules `c` is played under: its recorded house rules,
/// or `here` (the machine's) when it recorded none. Refused when its
/// house rules name a value this Muster cannot honour.
pub fn rules_in_force<'a>(c: &Campaign, here: &'a RulesData) -> Result<InForce<'a>, Problem> {
    match &c.house_rules {
        None => Ok(InForce::Here(here)),
        Some(h) => house_rules::rule_set(h)
            .map(InForce::Recorded)
            .map_err(|p| house_rules::refusal(&p)),
    }
}

/// [`CampaignEdit::HouseRules`]: the rules recorded, or one value
/// changed.
pub(super) fn house_rules_event(
    c: &mut Campaign,
    edit: RulesEdit,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    match edit {
        RulesEdit::Record { changes, revision } => record_rules(c, changes, revision, out),
        RulesEdit::Adopt { changes } => adopt_rules(c, changes, out),
        RulesEdit::Set { place, value } => set_house_rule(c, place, value, out),
    }
}

fn adopt_rules(
    c: &mut Campaign,
    changes: HouseRules,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let Some(now) = &c.house_rules else {
        return Err(Problem::new(HOUSE, "house_rules.not_recorded"));
    };
    // As `set` keeps them: a value equal to the built-in one is none.
    let changes = HouseRules::of(
        changes
            .iter()
            .filter(|ch| house_rules::built_in_value(&ch.place).as_ref() != Some(&ch.value))
            .cloned(),
    );
    if changes == **now {
        return Err(Problem::new(HOUSE, "house_rules.same_set"));
    }
    house_rules::rule_set(&changes).map_err(|p| house_rules::refusal(&p))?;
    out.lines.push((
        LineKind::Info,
        Msg::new("house_rules.log.adopted")
            .int("count", changes.len())
            .int("before", now.len()),
    ));
    c.house_rules = Some(Arc::new(changes.clone()));
    Ok(CampaignEdit::HouseRules(RulesEdit::Adopt { changes }))
}

fn record_rules(
    c: &mut Campaign,
    changes: HouseRules,
    revision: u32,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    if c.house_rules.is_some() {
        return Err(Problem::new(HOUSE, "house_rules.already_recorded"));
    }
    // Recorded at an earlier revision: the values added since as
    // Muster played them then, unless the group chose one.
    let mut kept = changes.clone();
    for (place, value) in house_rules::catalogue()
        .into_iter()
        .flat_map(|ch| ch.before(revision))
    {
        if kept.get(place).is_none() {
            kept = house_rules::set(&kept, place, Some(value.clone()));
        }
    }
    let set = house_rules::rule_set(&kept).map_err(|p| house_rules::refusal(&p))?;
    // Begun under them: its settings start from their defaults, not
    // from those of the machine that replays it.
    if c.journal.is_empty() {
        c.settings = Settings::defaults(&set.campaign);
    }
    out.lines.push((
        LineKind::Info,
        Msg::new("house_rules.log.recorded").int("count", changes.len()),
    ));
    c.house_rules = Some(Arc::new(kept));
    Ok(CampaignEdit::HouseRules(RulesEdit::Record {
        changes,
        revision,
    }))
}

fn set_house_rule(
    c: &mut Campaign,
    place: String,
    value: Option<Value>,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let Some(now) = &c.house_rules else {
        return Err(Problem::new(HOUSE, "house_rules.not_recorded"));
    };
    let before = now.get(&place).cloned();
    let next = house_rules::set(now, &place, value.clone());
    if next == **now {
        return Err(Problem::new(HOUSE, "house_rules.unchanged").arg("place", &place));
    }
    if let Some(v) = &value
        && let Some(why) = house_rules::refused_value(now, &place, v)
    {
        return Err(why);
    }
    house_rules::rule_set(&next).map_err(|p| house_rules::refusal(&p))?;
    out.lines.push((
        LineKind::Info,
        set_line(&place, before.as_ref(), next.get(&place)),
    ));
    c.house_rules = Some(Arc::new(next));
    Ok(CampaignEdit::HouseRules(RulesEdit::Set { place, value }))
}
