//! The House rules screen: every value the sources leave open (Decision or
//! Assumed), by chapter, with its rule id, the French sentence it reads and
//! Muster's reading in the player's language, the built-in value and the
//! group's; edited with its range checked, a reading picked, put back one
//! by one or all at once; shared as a house-rules file.
//!
//! The same view serves a campaign's rules (its tab: each change an event
//! of its journal) and the library's (the screen of the View menu: this
//! folder's rules files, which rosters and kill teams are checked by and
//! new campaigns record).

mod entry;
mod parts;

use std::collections::HashMap;
use std::path::PathBuf;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::campaign::{CampaignEdit, RulesEdit, Stamp};
use crate::rules::house_rules::catalogue::{Catalogue, Chapter, Entry};
use crate::rules::house_rules::{self, HouseRules};
use crate::rules::{Campaign, DocKey, Edit};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button, labelled_text};

/// Each value the campaign's players changed, by place, with the stamp of
/// the last event that changed it (who, where, when).
fn last_changed(c: &Campaign) -> HashMap<&str, &Stamp> {
    let mut changed = HashMap::new();
    for entry in &c.journal {
        let CampaignEdit::HouseRules(edit) = &entry.event else {
            continue;
        };
        let Some(stamp) = &entry.stamp else {
            continue;
        };
        match edit {
            RulesEdit::Set { place, .. } => {
                changed.insert(place.as_str(), stamp);
            }
            RulesEdit::Adopt { changes } => {
                changed.clear();
                changed.extend(changes.iter().map(|c| (c.place.as_str(), stamp)));
            }
            RulesEdit::Record { .. } => {}
        }
    }
    changed
}

/// Whose rules the screen shows.
#[derive(Clone, Copy)]
pub enum Whose<'a> {
    /// A campaign's: recorded in its journal (none recorded yet for a
    /// campaign begun before Muster kept them).
    Campaign(&'a Campaign),
    /// The library's: this folder's rules files.
    Library,
}

impl Whose<'_> {
    /// The house rules in force, and whether they can be changed here.
    fn house(&self, cx: &ViewCtx<'_>) -> (HouseRules, bool) {
        match self {
            Self::Campaign(c) => match &c.house_rules {
                Some(h) => ((**h).clone(), true),
                None => (cx.model.rules.house.clone(), false),
            },
            Self::Library => (cx.model.rules.house.clone(), true),
        }
    }

    /// The command that sets `place` to `value` (`None`: the built-in).
    fn set(&self, place: &str, value: Option<serde_json::Value>) -> Command {
        match self {
            Self::Campaign(c) => Command::Edit(
                DocKey::of::<Campaign>(c.id.as_str()),
                Edit::new(CampaignEdit::HouseRules(RulesEdit::Set {
                    place: place.to_owned(),
                    value,
                })),
            ),
            Self::Library => Command::SetLibraryRule(place.to_owned(), value),
        }
    }

    /// The campaign's key, or none for the library.
    fn key(&self) -> Option<DocKey> {
        match self {
            Self::Campaign(c) => Some(DocKey::of::<Campaign>(c.id.as_str())),
            Self::Library => None,
        }
    }
}

/// State of the House rules screen.
#[derive(Default)]
pub struct HouseRulesView {
    /// Words the entries shown contain (id, rule, reading, French).
    filter: String,
    /// Only the values the group changed.
    only_changed: bool,
    /// What is typed in each value's field, by place, until applied.
    typed: HashMap<String, String>,
    /// Why the value typed at a place was refused, in words.
    refused: HashMap<String, String>,
    /// The house-rules file to write or read.
    file: String,
    /// Each entry's height when last drawn, by id: an entry out of sight
    /// takes its room without being drawn, so that a frame costs what is
    /// on screen.
    heights: HashMap<String, f32>,
}

impl HouseRulesView {
    /// Shows the rules of `whose`.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, whose: Whose<'_>) {
        let Some(catalogue) = house_rules::catalogue() else {
            alert(ui, Tone::Error, cx.t("house_rules.ui.no_catalogue"));
            return;
        };
        let (house, editable) = whose.house(cx);
        self.header_ui(ui, cx, whose, &house, editable);
        ui.add_space(space::S);
        self.file_ui(ui, cx, whose, editable);
        ui.add_space(space::S);
        self.filter_ui(ui, cx);
        ui.add_space(space::S);
        let shown: Vec<&Entry> = catalogue
            .entries
            .iter()
            .filter(|e| self.shows(e, &house, cx))
            .collect();
        if shown.is_empty() {
            ui.label(RichText::new(cx.t("house_rules.ui.none_shown")).color(palette().ink.subdued));
        }
        let changed = match whose {
            Whose::Campaign(c) => last_changed(c),
            Whose::Library => HashMap::new(),
        };
        let mut chapter: Option<Chapter> = None;
        for e in shown {
            if chapter != Some(e.chapter) {
                chapter = Some(e.chapter);
                ui.add_space(space::S);
                ui.heading(cx.t(e.chapter.key()));
            }
            let top = ui.cursor().min.y;
            let clip = ui.clip_rect();
            if let Some(&h) = self.heights.get(&e.id)
                && (top > clip.max.y || top + h < clip.min.y)
            {
                ui.allocate_space(egui::vec2(ui.available_width(), h));
                continue;
            }
            let when = changed.get(e.place.as_str()).copied();
            let rect = entry::entry_ui(ui, cx, self, whose, e, (&house, when), editable);
            self.heights.insert(e.id.clone(), rect.height());
        }
        others_ui(ui, cx, catalogue, &house, whose, editable);
    }

    /// Whose rules, how many changes, and for a campaign that recorded
    /// none, the offer to record them.
    fn header_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        whose: Whose<'_>,
        house: &HouseRules,
        editable: bool,
    ) {
        let count = house.len().to_string();
        let (title, said) = match whose {
            Whose::Campaign(c) if editable => (
                cx.f("house_rules.ui.title_campaign", &[("name", &c.name)]),
                if house.is_empty() {
                    cx.t("house_rules.ui.campaign_says_none").to_owned()
                } else {
                    cx.f("house_rules.ui.campaign_says", &[("count", &count)])
                },
            ),
            Whose::Campaign(c) => (
                cx.f("house_rules.ui.title_campaign", &[("name", &c.name)]),
                cx.f("house_rules.ui.not_recorded", &[("count", &count)]),
            ),
            Whose::Library => (
                cx.t("house_rules.ui.title_library").to_owned(),
                if house.is_empty() {
                    cx.t("house_rules.ui.library_says_none").to_owned()
                } else {
                    cx.f("house_rules.ui.library_says", &[("count", &count)])
                },
            ),
        };
        card(ui, |ui| {
            card_title(ui, icons::ICON_GAVEL, &title);
            ui.label(said);
            ui.horizontal_wrapped(|ui| {
                if let Whose::Campaign(c) = whose
                    && !editable
                {
                    let word = cx.t("house_rules.ui.record");
                    if icon_button(ui, icons::ICON_SAVE, word, word, true).clicked() {
                        cx.send(Command::Edit(
                            DocKey::of::<Campaign>(c.id.as_str()),
                            Edit::new(CampaignEdit::HouseRules(RulesEdit::record(
                                cx.model.rules.house.clone(),
                            ))),
                        ));
                    }
                }
                let word = cx.t("house_rules.ui.reset_all");
                let can = editable && !house.is_empty();
                if icon_button(ui, icons::ICON_RESTART_ALT, word, word, can).clicked() {
                    self.typed.clear();
                    self.refused.clear();
                    match whose {
                        Whose::Campaign(c) => cx.send(Command::Edit(
                            DocKey::of::<Campaign>(c.id.as_str()),
                            Edit::new(CampaignEdit::HouseRules(RulesEdit::Adopt {
                                changes: HouseRules::default(),
                            })),
                        )),
                        Whose::Library => {
                            for change in house.iter() {
                                cx.send(Command::SetLibraryRule(change.place.clone(), None));
                            }
                        }
                    }
                }
                if let Whose::Campaign(_) = whose {
                    let word = cx.t("house_rules.ui.library_rules");
                    if icon_button(ui, icons::ICON_TUNE, word, word, true).clicked() {
                        cx.send(Command::Show(crate::app::Screen::HouseRules));
                    }
                }
            });
        });
    }

    /// Export to and import from a house-rules file, by its path.
    fn file_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, whose: Whose<'_>, editable: bool) {
        ui.horizontal_wrapped(|ui| {
            labelled_text(ui, cx.t("house_rules.ui.file"), &mut self.file);
            let path = self.file.trim();
            let given = !path.is_empty();
            let word = cx.t("house_rules.ui.export");
            if icon_button(ui, icons::ICON_UPLOAD_FILE, word, word, given).clicked() {
                cx.send(Command::ExportHouseRules(whose.key(), PathBuf::from(path)));
            }
            let word = cx.t("house_rules.ui.import");
            let can = given && editable;
            if icon_button(ui, icons::ICON_FILE_OPEN, word, word, can).clicked() {
                cx.send(Command::ImportHouseRules(whose.key(), PathBuf::from(path)));
            }
        });
    }

    /// The search field and "only the changed ones".
    fn filter_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        ui.horizontal_wrapped(|ui| {
            labelled_text(ui, cx.t("house_rules.ui.filter"), &mut self.filter);
            ui.checkbox(&mut self.only_changed, cx.t("house_rules.ui.only_changed"));
        });
    }

    /// Whether the filters show `e`.
    fn shows(&self, e: &Entry, house: &HouseRules, cx: &ViewCtx<'_>) -> bool {
        if self.only_changed && house.get(&e.place).is_none() {
            return false;
        }
        let words = self.filter.trim().to_lowercase();
        if words.is_empty() {
            return true;
        }
        let reading = entry::text(cx.lang, &e.reading);
        let named = [
            e.id.as_str(),
            e.rule.as_str(),
            reading,
            e.source_fr.as_str(),
        ]
        .iter()
        .any(|t| t.to_lowercase().contains(&words));
        // Else what it holds: the group's value, or the built-in one.
        named
            || (house.get(&e.place))
                .or_else(|| house_rules::built_in_at(&e.place))
                .is_some_and(|v| house_rules::mentions(v, &words))
    }
}

/// The group's changes at places the catalogue does not name (a data
/// folder's own edits), each with its value and a way back.
fn others_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    catalogue: &Catalogue,
    house: &HouseRules,
    whose: Whose<'_>,
    editable: bool,
) {
    let others: Vec<_> = house
        .iter()
        .filter(|c| !catalogue.entries.iter().any(|e| e.place == c.place))
        .collect();
    if others.is_empty() {
        return;
    }
    ui.add_space(space::S);
    ui.heading(cx.t("house_rules.ui.others"));
    ui.label(RichText::new(cx.t("house_rules.ui.others_hint")).color(palette().ink.subdued));
    for change in others {
        card(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                differs_badge(ui, cx);
                ui.label(RichText::new(&change.place).monospace());
                ui.label(format!("= {}", change.value));
                let word = cx.t("house_rules.ui.reset");
                let name = cx.f("house_rules.ui.reset_named", &[("id", &change.place)]);
                if icon_button(ui, icons::ICON_RESTART_ALT, word, &name, editable).clicked() {
                    cx.send(whose.set(&change.place, None));
                }
            });
        });
    }
}

/// "Differs from the built-in", by icon and word.
fn differs_badge(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let words = format!(
        "{} {}",
        icons::ICON_EDIT.codepoint,
        cx.t("house_rules.ui.differs")
    );
    badge(ui, Tone::Warning, &words);
}
