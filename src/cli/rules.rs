//! `muster rules show|diff FILE`: the rules a campaign is played under
//! (the built-in data and the group's house rules), or what they change of
//! the built-in data and who changed it when.

use std::io::Write;
use std::path::Path;

use serde_json::Value;

use super::{EXIT_OK, EXIT_UNREADABLE, read_doc};
use crate::i18n::Lang;
use crate::rules::campaign::{CampaignEdit, RulesEdit, StampTime};
use crate::rules::house_rules::catalogue::{Catalogue, Entry};
use crate::rules::house_rules::{self, HouseRules};
use crate::rules::{Campaign, Doc, RulesData};
use crate::store::Kinds;

/// What `muster rules` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Show {
    /// Every value a group may change, with the one in force.
    All,
    /// What differs from the built-in data, and who changed it when.
    Diff,
}

/// The rule set of `file` (a campaign, or any document: the library's
/// rules, this machine's data folder's), printed on `out`.
pub(super) fn run(
    file: &Path,
    show: Show,
    lang: Lang,
    rules: &RulesData,
    (out, err): (&mut dyn Write, &mut dyn Write),
) -> u8 {
    let catalogue = match Catalogue::built_in() {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(err, "muster: {e}");
            return EXIT_UNREADABLE;
        }
    };
    let doc = match read_doc(&Kinds::default(), file, rules) {
        Ok((doc, _)) => doc,
        Err(e) => {
            let reason = lang.read_error(&e.reason());
            let _ = writeln!(err, "muster: cannot read: {reason}: {}", file.display());
            return EXIT_UNREADABLE;
        }
    };
    let (house, heading) = in_force(&doc, rules, lang);
    let _ = writeln!(out, "{heading}");
    let lines = match show {
        Show::All => all_lines(&catalogue, &house, lang),
        Show::Diff => diff_lines(&catalogue, &house, lang),
    };
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    if show == Show::Diff
        && let Some(c) = doc.get::<Campaign>()
    {
        for line in history(c, lang) {
            let _ = writeln!(out, "{line}");
        }
    }
    EXIT_OK
}

/// The house rules `doc` is read by, and the line that says whose they are.
fn in_force(doc: &Doc, rules: &RulesData, lang: Lang) -> (HouseRules, String) {
    let name = doc.name().to_owned();
    match doc.get::<Campaign>() {
        Some(c) => match &c.house_rules {
            Some(h) => (
                (**h).clone(),
                lang.f(
                    "house_rules.cli.campaign",
                    &[("name", &name), ("count", &h.len().to_string())],
                ),
            ),
            None => (
                rules.house.clone(),
                lang.f(
                    "house_rules.cli.not_recorded",
                    &[("name", &name), ("count", &rules.house.len().to_string())],
                ),
            ),
        },
        None => (
            rules.house.clone(),
            lang.f(
                "house_rules.cli.library",
                &[("name", &name), ("count", &rules.house.len().to_string())],
            ),
        ),
    }
}

fn text(lang: Lang, t: &crate::rules::house_rules::catalogue::Texts) -> &str {
    if lang == Lang::Fr { &t.fr } else { &t.en }
}

/// A value as the player reads it: a reading's name when it is one.
fn shown(entry: Option<&Entry>, v: &Value, lang: Lang) -> String {
    entry
        .and_then(|e| e.readings.iter().find(|r| &r.value == v))
        .map_or_else(
            || v.to_string(),
            |r| format!("{} ({})", text(lang, &r.name), v),
        )
}

fn rule_of(e: &Entry, lang: Lang) -> String {
    match (e.rule.is_empty(), lang) {
        (true, _) => String::new(),
        (false, Lang::Fr) => format!("{} : ", e.rule),
        (false, _) => format!("{}: ", e.rule),
    }
}

/// Every entry of the catalogue, by chapter, with its value in force.
fn all_lines(catalogue: &Catalogue, house: &HouseRules, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    let mut chapter = None;
    for e in &catalogue.entries {
        if chapter != Some(e.chapter) {
            chapter = Some(e.chapter);
            out.push(String::new());
            out.push(format!("## {}", lang.t(e.chapter.key())));
        }
        let built = house_rules::built_in_value(&e.place).unwrap_or(Value::Null);
        let now = house.get(&e.place).cloned();
        let value = match &now {
            Some(v) => lang.f(
                "house_rules.cli.changed",
                &[
                    ("value", &shown(Some(e), v, lang)),
                    ("built_in", &shown(Some(e), &built, lang)),
                ],
            ),
            None => shown(Some(e), &built, lang),
        };
        out.push(format!("{}{} = {value}", rule_of(e, lang), e.id));
        out.push(format!("    {}", text(lang, &e.reading)));
    }
    let others = others(catalogue, house);
    if !others.is_empty() {
        out.push(String::new());
        out.push(format!("## {}", lang.t("house_rules.cli.others")));
        out.extend(others);
    }
    out
}

/// What the house rules change, one line each.
fn diff_lines(catalogue: &Catalogue, house: &HouseRules, lang: Lang) -> Vec<String> {
    if house.is_empty() {
        return vec![lang.t("house_rules.cli.none").to_owned()];
    }
    house
        .iter()
        .map(|c| {
            let entry = catalogue.entries.iter().find(|e| e.place == c.place);
            let built = house_rules::built_in_value(&c.place).unwrap_or(Value::Null);
            let what = entry.map_or_else(
                || c.place.clone(),
                |e| format!("{}{}", rule_of(e, lang), e.id),
            );
            format!(
                "{what} = {}",
                lang.f(
                    "house_rules.cli.changed",
                    &[
                        ("value", &shown(entry, &c.value, lang)),
                        ("built_in", &shown(entry, &built, lang)),
                    ],
                )
            )
        })
        .collect()
}

/// The changes at places the catalogue does not name (a data folder's
/// own edits), one line each.
fn others(catalogue: &Catalogue, house: &HouseRules) -> Vec<String> {
    house
        .iter()
        .filter(|c| !catalogue.entries.iter().any(|e| e.place == c.place))
        .map(|c| format!("{} = {}", c.place, c.value))
        .collect()
}

/// Each event of the journal about the campaign's rules: when, by whom.
fn history(c: &Campaign, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for entry in &c.journal {
        let CampaignEdit::HouseRules(edit) = &entry.event else {
            continue;
        };
        let what = match edit {
            RulesEdit::Record { changes, .. } => lang.f(
                "house_rules.cli.recorded",
                &[("count", &changes.len().to_string())],
            ),
            RulesEdit::Adopt { changes } => lang.f(
                "house_rules.cli.adopted",
                &[("count", &changes.len().to_string())],
            ),
            RulesEdit::Set { place, value } => lang.f(
                "house_rules.cli.set",
                &[
                    ("place", place),
                    (
                        "value",
                        &value.as_ref().map_or_else(
                            || lang.t("house_rules.cli.back_to_built_in").to_owned(),
                            Value::to_string,
                        ),
                    ),
                ],
            ),
        };
        let stamp = entry.stamp.as_ref();
        let by = stamp.and_then(|s| s.by.clone());
        let at = stamp.and_then(|s| s.at.as_ref()).map(StampTime::to_string);
        let mission = entry.mission.to_string();
        out.push(match (by, at) {
            (Some(by), Some(at)) => lang.f(
                "house_rules.cli.event",
                &[
                    ("mission", &mission),
                    ("what", &what),
                    ("by", &by),
                    ("at", &at),
                ],
            ),
            _ => lang.f(
                "house_rules.cli.event_here",
                &[("mission", &mission), ("what", &what)],
            ),
        });
    }
    if !out.is_empty() {
        out.insert(0, String::new());
        out.insert(1, format!("## {}", lang.t("house_rules.cli.history")));
    }
    out
}
