//! One roster: its name, how points are given out, its characters, and
//! what breaks the rules.

use crate::app::{Command, Model, Screen};
use crate::i18n::Lang;
use crate::rules::data::name_in;
use crate::rules::{DocKey, NewCharacter, PointsScheme, Roster, RosterEdit, RulesData};
use crate::ui::widgets::{labelled_text, problems_ui, text_committed};

/// State of the roster screen.
#[derive(Default)]
pub struct RosterView {
    /// Roster whose name is in `name`.
    editing: Option<String>,
    /// The name being typed.
    name: String,
    /// Name for the next character.
    pub new_character: String,
    /// Race for the next character.
    pub race: Option<String>,
    /// Type for the next character (`None`: trooper).
    pub type_id: Option<String>,
    /// Level of the next random hero.
    pub level: Option<String>,
    /// The fixed allotments being typed (`10, 10, 15`).
    allotments: Option<(String, String)>,
    /// Dice per 20 models for a rolled pool.
    pub dice_per_20: u32,
}

/// The display name of a race.
pub fn race_name<'a>(rules: &'a RulesData, lang: Lang, id: &'a str) -> &'a str {
    rules
        .race(id)
        .map_or(id, |r| name_in(&r.names, lang.code(), id))
}

/// The display name of a type, or "Trooper / hero" for none.
pub fn type_name<'a>(rules: &'a RulesData, lang: Lang, id: Option<&'a str>) -> &'a str {
    match id {
        None => lang.t("character.no_type"),
        Some(id) => rules
            .character_type(id)
            .map_or(id, |t| name_in(&t.names, lang.code(), id)),
    }
}

/// A combo box of races, named for screen readers.
pub fn race_combo(
    ui: &mut egui::Ui,
    rules: &RulesData,
    lang: Lang,
    label: &str,
    value: &mut String,
) -> bool {
    let mut changed = false;
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(race_name(rules, lang, value).to_owned())
        .show_ui(ui, |ui| {
            for r in &rules.races {
                changed |= ui
                    .selectable_value(value, r.id.clone(), name_in(&r.names, lang.code(), &r.id))
                    .changed();
            }
        })
        .response
        .labelled_by(l.id);
    changed
}

/// A combo box of standard types (with "none" when `allow_none`).
pub fn type_combo(
    ui: &mut egui::Ui,
    rules: &RulesData,
    lang: Lang,
    label: &str,
    value: &mut Option<String>,
    allow_none: bool,
) -> bool {
    let mut changed = false;
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(type_name(rules, lang, value.as_deref()).to_owned())
        .show_ui(ui, |ui| {
            if allow_none {
                changed |= ui
                    .selectable_value(value, None, lang.t("character.no_type"))
                    .changed();
            }
            for t in &rules.types {
                changed |= ui
                    .selectable_value(
                        value,
                        Some(t.id.clone()),
                        name_in(&t.names, lang.code(), &t.id),
                    )
                    .changed();
            }
        })
        .response
        .labelled_by(l.id);
    changed
}

/// A combo box of the standard types as levels, for rolling their random
/// points (CHR-10): the level chosen (the first if none yet) and its dice.
pub fn level_combo(
    ui: &mut egui::Ui,
    rules: &RulesData,
    lang: Lang,
    label: &str,
    current: &Option<String>,
) -> (Option<String>, String) {
    let mut level = current
        .clone()
        .filter(|l| rules.character_type(l).is_some())
        .or_else(|| rules.types.first().map(|t| t.id.clone()));
    type_combo(ui, rules, lang, label, &mut level, false);
    let dice = level
        .as_deref()
        .and_then(|l| rules.character_type(l))
        .map(|t| format!("{}D{}", t.random_points.count, t.random_points.sides))
        .unwrap_or_default();
    (level, dice)
}

impl RosterView {
    /// Shows roster `id`.
    pub fn ui(&mut self, ui: &mut egui::Ui, model: &Model, id: &str, out: &mut Vec<Command>) {
        let lang = model.lang;
        let Some(roster) = model.roster(id) else {
            ui.label(lang.t("roster.missing"));
            return;
        };
        if self.editing.as_deref() != Some(id) {
            self.editing = Some(id.to_owned());
            self.name = roster.name.clone();
            self.allotments = None;
        }
        let r = labelled_text(ui, lang.t("roster.name"), &mut self.name);
        if text_committed(ui, &r) && self.name.trim() != roster.name {
            out.push(Command::Rename(DocKey::of::<Roster>(id), self.name.clone()));
        } else if !r.has_focus() && self.name != roster.name {
            self.name = roster.name.clone();
        }
        ui.horizontal(|ui| {
            if ui.button(lang.t("menu.export")).clicked() {
                out.push(Command::ExportDialog(DocKey::of::<Roster>(id)));
            }
        });
        ui.separator();
        self.points_ui(ui, model, roster, out);
        ui.separator();
        self.add_ui(ui, model, roster, out);
        ui.separator();
        characters_ui(ui, model, roster, out);
        ui.separator();
        ui.strong(lang.t("roster.problems"));
        problems_ui(ui, lang, &roster.validate(&model.rules));
    }

    fn points_ui(
        &mut self,
        ui: &mut egui::Ui,
        model: &Model,
        roster: &Roster,
        out: &mut Vec<Command>,
    ) {
        let lang = model.lang;
        let id = roster.id.clone();
        ui.strong(lang.t("points.title"));
        ui.horizontal(|ui| {
            let is = |s: &PointsScheme| {
                std::mem::discriminant(s) == std::mem::discriminant(&roster.points)
            };
            let free = PointsScheme::Free;
            let fixed = PointsScheme::Fixed {
                allotments: vec![10, 10, 15],
            };
            let pool = PointsScheme::Pool {
                points: 14,
                force_models: 0,
            };
            for (scheme, key) in [
                (free, "points.free"),
                (fixed, "points.fixed"),
                (pool, "points.pool"),
            ] {
                if ui.radio(is(&scheme), lang.t(key)).clicked() && !is(&scheme) {
                    out.push(Command::roster(id.clone(), RosterEdit::SetPoints(scheme)));
                }
            }
        });
        let used: u64 = roster
            .characters
            .iter()
            .map(|c| u64::from(c.worth(&model.rules)))
            .sum();
        match &roster.points {
            PointsScheme::Free => {
                ui.label(lang.f("points.free_hint", &[("used", &used.to_string())]));
            }
            PointsScheme::Fixed { allotments } => {
                let current = allotments
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                if self
                    .allotments
                    .as_ref()
                    .is_none_or(|(for_id, _)| *for_id != current)
                {
                    self.allotments = Some((current.clone(), current.clone()));
                }
                if let Some((_, text)) = &mut self.allotments {
                    let r = labelled_text(ui, lang.t("points.allotments"), text);
                    if text_committed(ui, &r) {
                        let parsed: Result<Vec<u32>, _> = text
                            .split([',', ' ', ';'])
                            .filter(|s| !s.is_empty())
                            .map(str::parse::<u32>)
                            .collect();
                        match parsed {
                            Ok(list) if list != *allotments => {
                                out.push(Command::roster(
                                    id.clone(),
                                    RosterEdit::SetPoints(PointsScheme::Fixed { allotments: list }),
                                ));
                            }
                            Ok(_) => {}
                            Err(_) => *text = current,
                        }
                    }
                }
                ui.label(lang.t("points.fixed_hint"));
            }
            PointsScheme::Pool {
                points,
                force_models,
            } => {
                let (mut p, mut f) = (*points, *force_models);
                ui.horizontal(|ui| {
                    let l = ui.label(lang.t("points.pool_points"));
                    let a = ui
                        .add(
                            egui::DragValue::new(&mut p)
                                .range(0..=u32::MAX)
                                .clamp_existing_to_range(false),
                        )
                        .labelled_by(l.id);
                    let l = ui.label(lang.t("points.force_models"));
                    let b = ui
                        .add(
                            egui::DragValue::new(&mut f)
                                .range(0..=u32::MAX)
                                .clamp_existing_to_range(false),
                        )
                        .labelled_by(l.id);
                    if (a.changed() || b.changed()) && (p, f) != (*points, *force_models) {
                        out.push(Command::roster(
                            id.clone(),
                            RosterEdit::SetPoints(PointsScheme::Pool {
                                points: p,
                                force_models: f,
                            }),
                        ));
                    }
                });
                ui.label(lang.f(
                    "points.pool_status",
                    &[
                        ("used", &used.to_string()),
                        ("points", &points.to_string()),
                        (
                            "max",
                            &crate::rules::roster::max_characters(*force_models).to_string(),
                        ),
                    ],
                ));
                ui.horizontal(|ui| {
                    if self.dice_per_20 == 0 {
                        self.dice_per_20 = 1;
                    }
                    let l = ui.label(lang.t("points.dice_per_20"));
                    ui.add(egui::DragValue::new(&mut self.dice_per_20).range(1..=6))
                        .labelled_by(l.id);
                    let dice = (force_models / 20).saturating_mul(self.dice_per_20);
                    if ui
                        .add_enabled(
                            *force_models >= 20,
                            egui::Button::new(
                                lang.f("points.roll_pool", &[("dice", &dice.to_string())]),
                            ),
                        )
                        .on_disabled_hover_text(lang.t("points.roll_pool_needs_force"))
                        .clicked()
                    {
                        out.push(Command::roster(
                            id.clone(),
                            RosterEdit::RollPool {
                                force_models: *force_models,
                                dice_per_20: self.dice_per_20,
                            },
                        ));
                    }
                });
            }
        }
    }

    /// The command adding a character made `how`, named as typed or, with no
    /// name typed, "Character N" in the user's language.
    fn add(&mut self, lang: Lang, roster: &Roster, how: NewCharacter) -> Command {
        let typed = std::mem::take(&mut self.new_character);
        let name = if typed.trim().is_empty() {
            let n = roster.next_character_id().to_string();
            lang.f("character.default_name", &[("n", &n)])
        } else {
            typed
        };
        Command::roster(roster.id.clone(), RosterEdit::AddCharacter { name, how })
    }

    fn add_ui(
        &mut self,
        ui: &mut egui::Ui,
        model: &Model,
        roster: &Roster,
        out: &mut Vec<Command>,
    ) {
        let lang = model.lang;
        let rules = &model.rules;
        ui.strong(lang.t("roster.add_title"));
        let mut race = self
            .race
            .clone()
            .filter(|r| rules.race(r).is_some())
            .or_else(|| rules.races.first().map(|r| r.id.clone()))
            .unwrap_or_default();
        ui.horizontal_wrapped(|ui| {
            labelled_text(ui, lang.t("roster.character_name"), &mut self.new_character);
            race_combo(ui, rules, lang, lang.t("character.race"), &mut race);
            type_combo(
                ui,
                rules,
                lang,
                lang.t("character.type"),
                &mut self.type_id,
                true,
            );
            if ui.button(lang.t("roster.add_character")).clicked() {
                out.push(self.add(
                    lang,
                    roster,
                    NewCharacter::Standard {
                        race: race.clone(),
                        type_id: self.type_id.clone(),
                    },
                ));
            }
        });
        ui.horizontal_wrapped(|ui| {
            let (level, dice) =
                level_combo(ui, rules, lang, lang.t("roster.hero_level"), &self.level);
            if ui
                .button(lang.f("roster.random_hero", &[("dice", &dice)]))
                .on_hover_text(lang.t("roster.random_hero_hint"))
                .clicked()
                && let Some(level) = level.clone()
            {
                out.push(self.add(
                    lang,
                    roster,
                    NewCharacter::RandomHero {
                        race: race.clone(),
                        level,
                    },
                ));
            }
            if ui
                .button(lang.t("roster.campaign_character"))
                .on_hover_text(lang.t("roster.campaign_character_hint"))
                .clicked()
            {
                out.push(self.add(lang, roster, NewCharacter::Campaign { race: race.clone() }));
            }
            self.level = level;
        });
        self.race = Some(race);
    }
}

fn characters_ui(ui: &mut egui::Ui, model: &Model, roster: &Roster, out: &mut Vec<Command>) {
    let lang = model.lang;
    let rules = &model.rules;
    ui.strong(lang.f(
        "roster.characters",
        &[("count", &roster.characters.len().to_string())],
    ));
    if roster.characters.is_empty() {
        ui.label(lang.t("roster.no_characters"));
        return;
    }
    egui::Grid::new("characters")
        .striped(true)
        .min_col_width(16.0)
        .show(ui, |ui| {
            for h in ["character.name", "character.race", "character.type"] {
                ui.strong(lang.t(h));
            }
            for ch in crate::rules::Characteristic::ALL {
                ui.strong(ch.key())
                    .on_hover_text(lang.t(&format!("chr.{}", ch.key())));
            }
            for h in ["character.points", "character.worth"] {
                ui.strong(lang.t(h));
            }
            ui.end_row();
            for c in &roster.characters {
                let open = ui.link(&c.name);
                if open.clicked() {
                    out.push(Command::Show(Screen::Character(roster.id.clone(), c.id)));
                }
                ui.label(race_name(rules, lang, &c.race));
                let mut t = type_name(rules, lang, c.type_id.as_deref()).to_owned();
                if c.psychic {
                    t.push_str(" · ");
                    t.push_str(lang.t("character.psychic_short"));
                }
                ui.label(t);
                match (c.profile(rules), c.maxima(rules)) {
                    (Ok(p), Ok(max)) => {
                        for (ch, v) in p.iter() {
                            let text = egui::RichText::new(v.to_string());
                            if v > max.get(ch) {
                                ui.label(text.color(ui.visuals().error_fg_color));
                            } else {
                                ui.label(text);
                            }
                        }
                    }
                    (Err(problem), _) | (_, Err(problem)) => {
                        ui.colored_label(ui.visuals().error_fg_color, lang.problem_line(&problem));
                        for _ in 1..12 {
                            ui.label("");
                        }
                    }
                }
                ui.label(format!("{}/{}", c.points_spent(), c.advance_points));
                ui.label(c.worth(rules).to_string());
                ui.horizontal(|ui| {
                    let named = |r: egui::Response, what: &str| {
                        let label = format!("{what}: {}", c.name);
                        r.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                        });
                        r
                    };
                    if named(ui.button(lang.t("roster.edit")), lang.t("roster.edit")).clicked() {
                        out.push(Command::Show(Screen::Character(roster.id.clone(), c.id)));
                    }
                    if named(
                        ui.button(lang.t("library.duplicate")),
                        lang.t("library.duplicate"),
                    )
                    .clicked()
                    {
                        let name = lang.f("roster.copy_of", &[("name", &c.name)]);
                        out.push(Command::roster(
                            roster.id.clone(),
                            RosterEdit::DuplicateCharacter { id: c.id, name },
                        ));
                    }
                    if named(ui.button(lang.t("roster.remove")), lang.t("roster.remove")).clicked()
                    {
                        out.push(Command::roster(
                            roster.id.clone(),
                            RosterEdit::RemoveCharacter(c.id),
                        ));
                    }
                });
                ui.end_row();
            }
        });
}
