//! The character editor: race, type, psychic powers, advance points and the
//! profile grid with its maxima (CHR-2 … CHR-7, CHR-11, CHR-13, CHR-16), his
//! equipment and power cards (`character_gear.rs`).

use crate::app::{Command, Model};
use crate::rules::{Character, CharacterEdit, CharacterId, Characteristic};
use crate::ui::roster::parts::{level_combo, race_combo, type_combo};
use egui::RichText;
use egui_material_icons::icons;

use crate::ui::theme::{PALETTE, space};
use crate::ui::widgets::{
    Tone, alert, card, card_title, labelled_text, problems_badge, problems_ui, text_committed,
};

/// State of the character screen.
#[derive(Default)]
pub struct CharacterView {
    /// Character whose texts are in the buffers.
    editing: Option<(String, CharacterId)>,
    name: String,
    notes: String,
    /// After a game: wounded.
    pub wounded: bool,
    /// After a game: unworthy.
    pub unworthy: bool,
    /// Level whose random points are rolled.
    pub level: Option<String>,
    /// Put the cursor in the name field at the next frame (F2).
    pub focus_name: bool,
    /// The equipment and power cards being added.
    pub gear: crate::ui::roster::character_gear::GearView,
}

impl CharacterView {
    /// Shows character `cid` of roster `id`.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        model: &Model,
        id: &str,
        cid: CharacterId,
        out: &mut Vec<Command>,
    ) {
        let lang = model.lang;
        let rules = &model.rules;
        let Some(c) = model.roster(id).and_then(|r| r.character(cid)) else {
            alert(ui, Tone::Info, lang.t("character.missing"));
            return;
        };
        let edit = |e: CharacterEdit| Command::character(id, cid, e);
        let key = (id.to_owned(), cid);
        if self.editing.as_ref() != Some(&key) {
            self.editing = Some(key);
            self.name = c.name.clone();
            self.notes = c.notes.clone();
            self.wounded = false;
            self.unworthy = false;
            self.gear = Default::default();
        }

        // Who: name, race, type, psychic powers.
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            ui.horizontal(|ui| {
                let icon = if c.psychic {
                    icons::ICON_PSYCHOLOGY
                } else {
                    icons::ICON_PERSON
                };
                ui.label(icon.rich_text().size(24.0).color(PALETTE.accent));
                let r = labelled_text(ui, lang.t("character.name"), &mut self.name);
                if std::mem::take(&mut self.focus_name) {
                    r.request_focus();
                }
                if text_committed(ui, &r)
                    && self.name.trim() != c.name
                    && !self.name.trim().is_empty()
                {
                    out.push(edit(CharacterEdit::Rename(self.name.clone())));
                } else if !r.has_focus() && self.name != c.name {
                    self.name = c.name.clone();
                }
                let problems = c.validate(rules).len();
                problems_badge(ui, lang, problems);
            });
            ui.horizontal_wrapped(|ui| {
                let mut race = c.race.clone();
                if race_combo(ui, rules, lang, lang.t("character.race"), &mut race) {
                    out.push(edit(CharacterEdit::SetRace(race)));
                }
                let mut t = c.type_id.clone();
                if type_combo(ui, rules, lang, lang.t("character.type"), &mut t, true) {
                    out.push(edit(CharacterEdit::SetType(t)));
                }
            });

            ui.horizontal_wrapped(|ui| {
                let mut psychic = c.psychic;
                if ui
                    .checkbox(&mut psychic, lang.t("character.psychic"))
                    .changed()
                {
                    out.push(edit(CharacterEdit::SetPsychic(psychic)));
                }
                let chance = c.race(rules).map(|r| r.psychic_chance_percent).unwrap_or(0);
                if ui
                    .add_enabled(
                        !c.psychic,
                        egui::Button::new(
                            lang.f("character.roll_psychic", &[("chance", &chance.to_string())]),
                        ),
                    )
                    .on_hover_text(lang.t("character.roll_psychic_hint"))
                    .clicked()
                {
                    out.push(edit(CharacterEdit::RollPsychic));
                }
            });
        });
        ui.add_space(space::M);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(
                ui,
                icons::ICON_MILITARY_TECH,
                lang.t("character.profile_title"),
            );
            self.points_ui(ui, model, c, &edit, out);
            ui.add_space(space::S);
            profile_grid_ui(ui, model, c, &edit, out);
        });
        ui.add_space(space::M);
        let gear = |g: crate::rules::GearEdit| edit(CharacterEdit::Gear(g));
        self.gear.gear_ui(ui, lang, c, &gear, out);
        ui.add_space(space::M);
        self.gear.powers_ui(ui, lang, c, &gear, out);
        ui.add_space(space::M);
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                card_title(ui, icons::ICON_SWORDS, lang.t("character.after_game_title"));
                ui.horizontal_wrapped(|ui| {
                    ui.checkbox(&mut self.wounded, lang.t("character.wounded"));
                    ui.checkbox(&mut self.unworthy, lang.t("character.unworthy"));
                    if ui
                        .button(lang.t("character.after_game"))
                        .on_hover_text(lang.t("character.after_game_hint"))
                        .clicked()
                    {
                        out.push(edit(CharacterEdit::AfterGame {
                            wounded: self.wounded,
                            unworthy: self.unworthy,
                        }));
                        self.wounded = false;
                        self.unworthy = false;
                    }
                });
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                card_title(ui, icons::ICON_EDIT_NOTE, lang.t("character.notes"));
                let l = ui.label(lang.t("character.notes"));
                let r = ui
                    .add(egui::TextEdit::multiline(&mut self.notes).desired_rows(3))
                    .labelled_by(l.id);
                if text_committed(ui, &r) && self.notes != c.notes {
                    out.push(edit(CharacterEdit::SetNotes(self.notes.clone())));
                } else if !r.has_focus() && self.notes != c.notes {
                    self.notes = c.notes.clone();
                }
            });
        });
        ui.add_space(space::M);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_GPP_BAD, lang.t("roster.problems"));
            problems_ui(ui, lang, &c.validate(rules), out);
        });
    }

    fn points_ui(
        &mut self,
        ui: &mut egui::Ui,
        model: &Model,
        c: &Character,
        edit: &dyn Fn(CharacterEdit) -> Command,
        out: &mut Vec<Command>,
    ) {
        let lang = model.lang;
        let rules = &model.rules;
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(lang.t("character.advance_points"));
            let mut points = c.advance_points;
            let r = ui
                .add(
                    egui::DragValue::new(&mut points)
                        .range(0..=u32::MAX)
                        .clamp_existing_to_range(false),
                )
                .labelled_by(l.id);
            if r.changed() && points != c.advance_points {
                out.push(edit(CharacterEdit::SetAdvancePoints(points)));
            }
            let left = c.points_left();
            let text = lang.f(
                "character.points_left",
                &[
                    ("left", &left.to_string()),
                    ("spent", &c.points_spent().to_string()),
                ],
            );
            if left < 0 {
                ui.colored_label(ui.visuals().error_fg_color, text);
            } else {
                ui.strong(text);
            }
        });
        ui.horizontal_wrapped(|ui| {
            let (level, dice) = level_combo(
                ui,
                rules,
                lang,
                lang.t("character.points_level"),
                &self.level,
            );
            if ui
                .button(lang.f("character.roll_points", &[("dice", &dice)]))
                .on_hover_text(lang.t("character.roll_points_hint"))
                .clicked()
                && let Some(level) = level.clone()
            {
                out.push(edit(CharacterEdit::RollPoints(level)));
            }
            if ui
                .add_enabled(
                    c.points_left() > 0,
                    egui::Button::new(lang.t("character.place_random")),
                )
                .on_hover_text(lang.t("character.place_random_hint"))
                .clicked()
            {
                out.push(edit(CharacterEdit::PlaceRandom));
            }
            self.level = level;
        });
    }
}

fn profile_grid_ui(
    ui: &mut egui::Ui,
    model: &Model,
    c: &Character,
    edit: &dyn Fn(CharacterEdit) -> Command,
    out: &mut Vec<Command>,
) {
    let lang = model.lang;
    let rules = &model.rules;
    let (start, current, max) = match (c.start_profile(rules), c.profile(rules), c.maxima(rules)) {
        (Ok(s), Ok(p), Ok(m)) => (s, p, m),
        (Err(problem), _, _) | (_, Err(problem), _) | (_, _, Err(problem)) => {
            ui.colored_label(ui.visuals().error_fg_color, lang.problem_line(&problem));
            return;
        }
    };
    egui::Grid::new("profile")
        .striped(true)
        .num_columns(7)
        .show(ui, |ui| {
            for h in [
                "profile.characteristic",
                "profile.base",
                "profile.current",
                "profile.maximum",
                "",
                "",
                "profile.limit",
            ] {
                ui.strong(if h.is_empty() { "" } else { lang.t(h) });
            }
            ui.end_row();
            for ch in Characteristic::ALL {
                let full = lang.t(&format!("chr.{}", ch.key())).to_owned();
                let abbr = lang.t(ch.abbr_key());
                ui.label(egui::RichText::new(abbr).strong())
                    .on_hover_text(&full);
                ui.label(start.get(ch).to_string());
                // Above its maximum: marked, not by colour alone.
                let value = current.get(ch);
                ui.label(if value > max.get(ch) {
                    RichText::new(format!("{value}!"))
                        .strong()
                        .color(PALETTE.error)
                } else {
                    RichText::new(value.to_string()).strong()
                });
                ui.label(max.get(ch).to_string());

                let minus_label = lang.f("profile.lower", &[("characteristic", abbr)]);
                let can_refund = c.advances.0.get(ch) > 0;
                let minus = ui.add_enabled(
                    can_refund,
                    egui::Button::new("−").min_size(egui::vec2(24.0, 0.0)),
                );
                minus.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::Button, can_refund, &minus_label)
                });
                if minus.clicked() {
                    out.push(edit(CharacterEdit::Refund(ch)));
                }

                let plus_label = lang.f("profile.raise", &[("characteristic", abbr)]);
                let refusal = c.can_spend(ch, rules).err();
                let plus = ui.add_enabled(
                    refusal.is_none(),
                    egui::Button::new("+").min_size(egui::vec2(24.0, 0.0)),
                );
                plus.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::Button, refusal.is_none(), &plus_label)
                });
                let plus = match &refusal {
                    Some(p) => plus.on_disabled_hover_text(lang.problem_line(p)),
                    None => plus
                        .on_hover_text(lang.f("profile.raise_hint", &[("characteristic", &full)])),
                };
                if plus.clicked() {
                    out.push(edit(CharacterEdit::Spend(ch)));
                }
                // Say which rule stops the +, when a maximum does (not merely
                // running out of points, which the points line already says).
                match &refusal {
                    Some(p) if p.rule != "CHR-7" => {
                        // A short reason in the row; the whole message on hover.
                        let short_key = p.key.replace("problem.", "limit.");
                        let args: Vec<(&str, &str)> =
                            p.args.iter().map(|(n, v)| (*n, v.as_str())).collect();
                        let short = if lang.t(&short_key) == short_key {
                            lang.problem(p)
                        } else {
                            lang.f(&short_key, &args)
                        };
                        ui.label(
                            RichText::new(format!(
                                "{} {}: {short}",
                                icons::ICON_BLOCK.codepoint,
                                p.rule
                            ))
                            .color(PALETTE.warning),
                        )
                        .on_hover_text(lang.problem_line(p));
                    }
                    _ => {
                        ui.label("");
                    }
                }
                ui.end_row();
            }
        });
}
