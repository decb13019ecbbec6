//! The house rules a campaign is played under, on its sheet: what the
//! group changed of the built-in rules, each value with its rule, what it
//! is now and what it is built in.

use serde_json::Value;

use crate::i18n::Lang;
use crate::print::model::{Block, Section};
use crate::rules::Campaign;
use crate::rules::house_rules::{self, HouseRules};

/// The section listing the house rules `c` is played under; for a
/// campaign that recorded none, that it plays under each machine's rules.
pub fn house_rules_section(c: &Campaign, lang: Lang) -> Section {
    let mut blocks = Vec::new();
    match &c.house_rules {
        None => blocks.push(Block::Text {
            text: lang.t("sheet.house_rules.not_recorded").to_owned(),
        }),
        Some(h) if h.is_empty() => blocks.push(Block::Text {
            text: lang.t("sheet.house_rules.none").to_owned(),
        }),
        Some(h) => {
            blocks.push(Block::Text {
                text: lang.f(
                    "sheet.house_rules.count",
                    &[("count", &h.len().to_string())],
                ),
            });
            blocks.extend(lines(h, lang).into_iter().map(|text| Block::Text { text }));
        }
    }
    Section {
        id: "house_rules".to_owned(),
        title: lang.t("sheet.house_rules.title").to_owned(),
        blocks,
    }
}

/// One line a change: its rule and name, the group's value and the
/// built-in one (a reading by its name), then what Muster does.
fn lines(h: &HouseRules, lang: Lang) -> Vec<String> {
    let catalogue = house_rules::catalogue();
    h.iter()
        .map(|change| {
            let entry = catalogue.and_then(|c| c.entries.iter().find(|e| e.place == change.place));
            let built = house_rules::built_in_value(&change.place).unwrap_or(Value::Null);
            let shown = |v: &Value| {
                entry
                    .and_then(|e| e.readings.iter().find(|r| &r.value == v))
                    .map_or_else(
                        || v.to_string(),
                        |r| {
                            if lang == Lang::Fr {
                                r.name.fr.clone()
                            } else {
                                r.name.en.clone()
                            }
                        },
                    )
            };
            let what = entry.map_or_else(
                || change.place.clone(),
                |e| {
                    if e.rule.is_empty() {
                        e.id.clone()
                    } else {
                        format!("{} · {}", e.rule, e.id)
                    }
                },
            );
            let reading = entry.map_or("", |e| {
                if lang == Lang::Fr {
                    &e.reading.fr
                } else {
                    &e.reading.en
                }
            });
            lang.f(
                "sheet.house_rules.line",
                &[
                    ("what", &what),
                    ("value", &shown(&change.value)),
                    ("built_in", &shown(&built)),
                    ("reading", reading),
                ],
            )
        })
        .collect()
}
