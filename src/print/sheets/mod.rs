//! The sheets Muster prints, built from a document and the rules data in
//! one language: the kill-team sheet, the Rogue Trader band sheet and the
//! campaign status sheet.
//!
//! In this file: the options and the pieces every sheet shares; each kind
//! of sheet in its own file.

mod band;
mod book;
pub mod book_charts;
mod campaign;
mod house_rules;
mod killteam;
mod left_out;
mod table_cards;
mod weapons;

pub use band::band_sheet;
pub use book::campaign_book;
pub use campaign::campaign_sheet;
pub use killteam::{equivalents_vp, killteam_sheet};
pub use left_out::{held_line, with_left_out};
pub use table_cards::table_cards;

use crate::i18n::Lang;
use crate::rules::{Doc, RulesData};

use super::model::{Block, Labels, RuleEntry, Section, Sheet, SheetKind, Track};
use super::paper::CardSize;
use crate::rules::campaign::house;

/// What to print besides the sheet itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetOptions {
    /// The language.
    pub lang: Lang,
    /// Add the text of every rule the sheet names.
    pub appendix: bool,
    /// What to print: the sheet, cards for the table, a campaign's book.
    pub what: Printout,
}

/// What is printed of a document.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Printout {
    /// Its sheet: a kill team's, a band's, a campaign's status.
    #[default]
    Sheet,
    /// Cards for the table of this size, one per model.
    Cards(CardSize),
    /// A campaign's book (the sheet of any other document).
    Book,
}

/// The sheet of a document: a kill team, a band or a campaign; or the
/// cards of its models for the table.
pub fn sheet_of(doc: &Doc, rules: &RulesData, options: SheetOptions) -> Sheet {
    if let (Printout::Book, Doc::Campaign(c)) = (options.what, doc) {
        return match house::rules_in_force(c, rules) {
            Ok(in_force) => campaign_book(c, &in_force, options),
            Err(_) => campaign_book(c, rules, options),
        };
    }
    if let Printout::Cards(size) = options.what {
        return match doc {
            Doc::Campaign(c) => match house::rules_in_force(c, rules) {
                Ok(in_force) => table_cards(doc, &in_force, options.lang, size),
                Err(_) => table_cards(doc, rules, options.lang, size),
            },
            _ => table_cards(doc, rules, options.lang, size),
        };
    }
    match doc {
        Doc::KillTeam(team) => killteam_sheet(team, rules, options),
        Doc::Roster(roster) => band_sheet(roster, rules, options),
        // Printed by the rules it is played under.
        Doc::Campaign(c) => match house::rules_in_force(c, rules) {
            Ok(in_force) => campaign_sheet(c, &in_force, options),
            Err(_) => campaign_sheet(c, rules, options),
        },
    }
}

/// A mission's name in the reader's language, its id when the data has
/// none for it.
fn mission_name<'a>(
    rules: &'a RulesData,
    lang: Lang,
    m: &'a crate::rules::campaign::Mission,
) -> &'a str {
    rules
        .campaign
        .mission(&m.mission)
        .map_or(m.mission.as_str(), |d| lang.pick(&d.names))
}

fn labels(lang: Lang) -> Labels {
    Labels {
        page: lang.t("sheet.page").to_owned(),
        of: lang.t("sheet.of").to_owned(),
        footer: lang.t("sheet.footer").to_owned(),
        appendix: lang.t("sheet.appendix").to_owned(),
    }
}

fn finish(mut sheet: Sheet, rules: &RulesData, options: SheetOptions) -> Sheet {
    if options.appendix {
        let code = options.lang.code();
        // The rules the sheet names, and those their texts name in turn.
        let mut ids = sheet.rule_ids();
        let mut i = 0;
        while i < ids.len() {
            if let Some(r) = rules.reference.rule(&ids[i]) {
                let text = crate::rules::core::names::name_in(&r.text, code, "");
                for id in super::model::find_rule_ids(text) {
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                sheet.appendix.push(RuleEntry {
                    id: r.id.clone(),
                    title: crate::rules::core::names::name_in(&r.title, code, &r.id).to_owned(),
                    text: text.to_owned(),
                });
            }
            i += 1;
        }
    }
    sheet
}

fn new_sheet(kind: SheetKind, title: &str, subtitle: String, lang: Lang) -> Sheet {
    Sheet {
        kind,
        lang: lang.code().to_owned(),
        title: title.to_owned(),
        subtitle,
        labels: labels(lang),
        sections: Vec::new(),
        appendix: Vec::new(),
        card_size: None,
    }
}

fn wounds_track(lang: Lang, wounds: i32, taken: u32) -> Track {
    Track {
        label: lang.t("sheet.wounds").to_owned(),
        boxes: u32::try_from(wounds.max(1)).unwrap_or(1),
        ticked: taken,
        numbered_from: None,
    }
}

fn problems_section(
    lang: Lang,
    problems: &[crate::rules::core::problem::Problem],
) -> Option<Section> {
    if problems.is_empty() {
        return None;
    }
    Some(Section {
        id: "problems".to_owned(),
        title: lang.t("sheet.problems").to_owned(),
        blocks: problems
            .iter()
            .map(|p| Block::Text {
                text: format!("⚠ {}", lang.problem_line(p)),
            })
            .collect(),
    })
}

fn notes_section(lang: Lang, notes: &str) -> Section {
    Section {
        id: "notes".to_owned(),
        title: lang.t("sheet.notes").to_owned(),
        blocks: vec![Block::Text {
            text: notes.to_owned(),
        }],
    }
}
