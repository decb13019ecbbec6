//! The character editor: race, type, psychic powers, advance points and the
//! profile grid with its maxima (CHR-2 … CHR-7, CHR-11, CHR-13, CHR-16), his
//! equipment and power cards (`character_gear.rs`).

use crate::app::Command;
use crate::rules::core::problem::ProblemKind;
use crate::rules::{Character, CharacterEdit, CharacterId, Characteristic, GearEdit, Problem};
use crate::ui::context::ViewCtx;
use crate::ui::roster::parts::{
    level_combo, level_hint, race_combo, race_name, type_combo, type_hint, type_name,
};
use egui::RichText;
use egui_material_icons::icons;

use crate::ui::roster::character_gear::GearView;
use crate::ui::theme::{palette, space};
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
    wounded: bool,
    /// After a game: unworthy.
    unworthy: bool,
    /// Level whose random points are rolled.
    level: Option<String>,
    /// Put the cursor in the name field at the next frame (F2).
    pub(crate) focus_name: bool,
    /// The equipment and power cards being added.
    gear: GearView,
}

impl CharacterView {
    /// Shows character `cid` of roster `id`.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, id: &str, cid: CharacterId) {
        let Some(c) = cx.model.roster(id).and_then(|r| r.character(cid)) else {
            alert(ui, Tone::Info, cx.t("character.missing"));
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
            // His points are rolled at his own type's level at first: a
            // major hero's, not the last character's.
            self.level = None;
        }

        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            self.who_ui(ui, cx, c, &edit);
        });
        ui.add_space(space::M);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(
                ui,
                icons::ICON_MILITARY_TECH,
                cx.t("character.profile_title"),
            );
            self.points_ui(ui, cx, c, &edit);
            ui.add_space(space::S);
            profile_grid_ui(ui, cx, c, &edit);
            // Under the grid: its coming and going moves no button under
            // the mouse ("Roll" above all).
            if let Some(text) = nothing_to_raise(cx, c) {
                ui.add_space(space::S);
                alert(ui, Tone::Info, &text);
            }
        });
        ui.add_space(space::M);
        let gear = |g: GearEdit| edit(CharacterEdit::Gear(g));
        self.gear.gear_ui(ui, cx, c, &gear);
        ui.add_space(space::M);
        self.gear.powers_ui(ui, cx, c, &gear);
        ui.add_space(space::M);
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.after_game_ui(ui, cx, &edit);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.notes_ui(ui, cx, c, &edit);
            });
        });
        ui.add_space(space::M);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_GPP_BAD, cx.t("roster.problems"));
            problems_ui(ui, cx, &c.validate(&cx.rules));
        });
    }

    /// Who he is: name, race, type, psychic powers.
    fn who_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Character,
        edit: &dyn Fn(CharacterEdit) -> Command,
    ) {
        let rules = &cx.rules;
        ui.horizontal(|ui| {
            let icon = if c.psychic {
                icons::ICON_PSYCHOLOGY
            } else {
                icons::ICON_PERSON
            };
            ui.label(icon.rich_text().size(24.0).color(palette().ink.accent));
            let r = labelled_text(ui, cx.t("character.name"), &mut self.name);
            if std::mem::take(&mut self.focus_name) {
                r.request_focus();
            }
            if text_committed(ui, &r) && self.name.trim() != c.name && !self.name.trim().is_empty()
            {
                cx.send(edit(CharacterEdit::Rename(self.name.clone())));
            } else if !r.has_focus() && self.name != c.name {
                self.name = c.name.clone();
            }
            let problems = c.validate(rules).len();
            problems_badge(ui, cx, problems);
        });
        let hint = type_hint(rules, cx.lang, c.type_id.as_deref());
        ui.horizontal_wrapped(|ui| {
            let mut race = c.race.clone();
            if race_combo(ui, rules, cx, cx.t("character.race"), &mut race) {
                cx.send(edit(CharacterEdit::SetRace(race)));
            }
            let mut t = c.type_id.clone();
            let combo =
                ui.scope(|ui| type_combo(ui, rules, cx, cx.t("character.type"), &mut t, true));
            combo.response.on_hover_text(&hint);
            if combo.inner {
                cx.send(edit(CharacterEdit::SetType(t)));
            }
        });
        hint_line(ui, &hint);
        psychic_ui(ui, cx, c, edit);
    }

    /// After a game: wounded, unworthy, and the button that records it.
    fn after_game_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        edit: &dyn Fn(CharacterEdit) -> Command,
    ) {
        card_title(ui, icons::ICON_SWORDS, cx.t("character.after_game_title"));
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.wounded, cx.t("character.wounded"));
            ui.checkbox(&mut self.unworthy, cx.t("character.unworthy"));
            if ui
                .button(cx.t("character.after_game"))
                .on_hover_text(cx.t("character.after_game_hint"))
                .clicked()
            {
                cx.send(edit(CharacterEdit::AfterGame {
                    wounded: self.wounded,
                    unworthy: self.unworthy,
                }));
                self.wounded = false;
                self.unworthy = false;
            }
        });
    }

    /// The player's notes on him.
    fn notes_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Character,
        edit: &dyn Fn(CharacterEdit) -> Command,
    ) {
        card_title(ui, icons::ICON_EDIT_NOTE, cx.t("character.notes"));
        let l = ui.label(cx.t("character.notes"));
        let r = ui
            .add(egui::TextEdit::multiline(&mut self.notes).desired_rows(3))
            .labelled_by(l.id);
        if text_committed(ui, &r) && self.notes != c.notes {
            cx.send(edit(CharacterEdit::SetNotes(self.notes.clone())));
        } else if !r.has_focus() && self.notes != c.notes {
            self.notes = c.notes.clone();
        }
    }

    /// His advance points, left and spent, rolled or placed at random.
    fn points_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Character,
        edit: &dyn Fn(CharacterEdit) -> Command,
    ) {
        let rules = &cx.rules;
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(cx.t("character.advance_points"));
            let mut points = c.advance_points;
            // Never fewer than those spent (CHR-7): the field stops there
            // and says why beside it, not only in the log.
            let spent = c.points_spent();
            let r = ui
                .add(
                    egui::DragValue::new(&mut points)
                        .range(spent..=u32::MAX)
                        .clamp_existing_to_range(false),
                )
                .labelled_by(l.id);
            if r.changed() && points != c.advance_points {
                cx.send(edit(CharacterEdit::SetAdvancePoints(points)));
            }
            if spent > 0 && c.advance_points <= spent {
                ui.label(
                    RichText::new(cx.f("character.points_floor", &[("count", &spent.to_string())]))
                        .color(palette().ink.subdued),
                );
            }
            let left = c.points_left();
            let text = cx.f(
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
            let combo = ui.scope(|ui| {
                let own = self.level.clone().or_else(|| c.type_id.clone());
                level_combo(ui, rules, cx, cx.t("character.points_level"), &own)
            });
            let (level, dice, _) = combo.inner;
            combo
                .response
                .on_hover_text(level_hint(rules, cx.lang, level.as_deref()));
            if ui
                .button(cx.f("character.roll_points", &[("dice", &dice)]))
                .on_hover_text(cx.t("character.roll_points_hint"))
                .clicked()
                && let Some(level) = level.clone()
            {
                cx.send(edit(CharacterEdit::RollPoints(level)));
            }
            // CHR-11: with every characteristic at its maximum, nothing
            // would be placed; said on the greyed button.
            let full = c.points_left() > 0 && !c.has_room_at_random(rules);
            if ui
                .add_enabled(
                    c.points_left() > 0 && !full,
                    egui::Button::new(cx.t("character.place_random")),
                )
                .on_hover_text(cx.t("character.place_random_hint"))
                .on_disabled_hover_text(cx.t(if full {
                    "character.place_random_full"
                } else {
                    "character.place_random_hint"
                }))
                .clicked()
            {
                cx.send(edit(CharacterEdit::PlaceRandom));
            }
            // None: his own type's level, whichever it becomes.
            self.level = if level == c.type_id { None } else { level };
        });
        let own = self.level.clone().or_else(|| c.type_id.clone());
        hint_line(ui, &level_hint(rules, cx.lang, own.as_deref()));
    }
}

/// A control's one-line explanation, subdued, under it.
fn hint_line(ui: &mut egui::Ui, text: &str) {
    if !text.is_empty() {
        ui.label(RichText::new(text).small().color(palette().ink.subdued));
    }
}

/// Said up front when nothing can be raised (CHR-7): every characteristic
/// at its maximum for his race, or no advance point left to spend.
fn nothing_to_raise(cx: &ViewCtx<'_>, c: &Character) -> Option<String> {
    let rules = &cx.rules;
    let (Ok(current), Ok(max)) = (c.profile(rules), c.maxima(rules)) else {
        return None;
    };
    let raisable = Characteristic::ALL
        .into_iter()
        .any(|ch| ch != Characteristic::M && current.get(ch) < max.get(ch));
    let race = race_name(rules, cx.lang, &c.race);
    let kind = type_name(rules, cx.lang, c.type_id.as_deref());
    if !raisable {
        let key = if c.psychic {
            "character.nothing_left_max"
        } else {
            "character.nothing_left_max_not_psychic"
        };
        return Some(cx.f(key, &[("race", race), ("type", kind)]));
    }
    (c.points_left() <= 0).then(|| {
        cx.f(
            "character.nothing_left_points",
            &[("count", &c.points_spent().to_string())],
        )
    })
}

/// Whether he has psychic powers, and the roll that may give them.
fn psychic_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Character,
    edit: &dyn Fn(CharacterEdit) -> Command,
) {
    ui.horizontal_wrapped(|ui| {
        let mut psychic = c.psychic;
        if ui
            .checkbox(&mut psychic, cx.t("character.psychic"))
            .changed()
        {
            cx.send(edit(CharacterEdit::SetPsychic(psychic)));
        }
        let chance = c
            .race(&cx.rules)
            .map(|r| r.psychic_chance_percent)
            .unwrap_or(0);
        if ui
            .add_enabled(
                !c.psychic,
                egui::Button::new(
                    cx.f("character.roll_psychic", &[("chance", &chance.to_string())]),
                ),
            )
            .on_hover_text(cx.t("character.roll_psychic_hint"))
            .clicked()
        {
            cx.send(edit(CharacterEdit::RollPsychic));
        }
    });
}

/// The profile: each characteristic's base, current value and maximum,
/// with a − and a + and, when a rule stops the +, which.
fn profile_grid_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Character,
    edit: &dyn Fn(CharacterEdit) -> Command,
) {
    let rules = &cx.rules;
    let (start, current, max) = match (c.start_profile(rules), c.profile(rules), c.maxima(rules)) {
        (Ok(s), Ok(p), Ok(m)) => (s, p, m),
        (Err(problem), _, _) | (_, Err(problem), _) | (_, _, Err(problem)) => {
            ui.colored_label(ui.visuals().error_fg_color, cx.lang.problem_line(&problem));
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
                ui.strong(if h.is_empty() { "" } else { cx.t(h) });
            }
            ui.end_row();
            for ch in Characteristic::ALL {
                let full = cx.t(&format!("chr.{}", ch.key())).to_owned();
                let abbr = cx.t(ch.abbr_key());
                ui.label(egui::RichText::new(abbr).strong())
                    .on_hover_text(&full);
                ui.label(start.get(ch).to_string());
                // Above its maximum: marked, not by colour alone; raised
                // by his advances: how much, beside the value.
                let value = current.get(ch);
                let raised = c.advances.0.get(ch);
                let cell = if value > max.get(ch) {
                    RichText::new(format!("{value}!"))
                        .strong()
                        .color(palette().state.error)
                } else if raised > 0 {
                    RichText::new(format!("{value} (+{raised})"))
                        .strong()
                        .color(palette().ink.accent)
                } else {
                    RichText::new(value.to_string()).strong()
                };
                let r = ui.label(cell);
                if raised > 0 {
                    let said = cx.f(
                        "profile.raised_by",
                        &[("characteristic", &full), ("count", &raised.to_string())],
                    );
                    r.on_hover_text(said);
                }
                ui.label(max.get(ch).to_string());
                let refusal = c.can_spend(ch, rules).err();
                spend_buttons_ui(ui, cx, c, ch, refusal.as_ref(), edit);
                limit_cell_ui(ui, cx, refusal.as_ref());
                ui.end_row();
            }
        });
}

/// A characteristic's − (refund) and + (spend), the + saying why it is
/// refused when it is.
fn spend_buttons_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Character,
    ch: Characteristic,
    refusal: Option<&Problem>,
    edit: &dyn Fn(CharacterEdit) -> Command,
) {
    let full = cx.t(&format!("chr.{}", ch.key())).to_owned();
    let abbr = cx.t(ch.abbr_key());
    let minus_label = cx.f("profile.lower", &[("characteristic", abbr)]);
    let can_refund = c.advances.0.get(ch) > 0;
    let minus = ui.add_enabled(
        can_refund,
        egui::Button::new("−").min_size(egui::vec2(24.0, 0.0)),
    );
    minus.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, can_refund, &minus_label));
    if minus.clicked() {
        cx.send(edit(CharacterEdit::Refund(ch)));
    }

    let plus_label = cx.f("profile.raise", &[("characteristic", abbr)]);
    let plus = ui.add_enabled(
        refusal.is_none(),
        egui::Button::new("+").min_size(egui::vec2(24.0, 0.0)),
    );
    plus.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, refusal.is_none(), &plus_label)
    });
    let plus = match refusal {
        Some(p) => plus.on_disabled_hover_text(cx.lang.problem_line(p)),
        None => plus.on_hover_text(cx.f("profile.raise_hint", &[("characteristic", &full)])),
    };
    if plus.clicked() {
        cx.send(edit(CharacterEdit::Spend(ch)));
    }
}

/// Which rule stops the +, when a maximum does (not merely running out of
/// points, which the points line already says): a short reason in the row,
/// the whole message on hover.
fn limit_cell_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, refusal: Option<&Problem>) {
    match refusal {
        Some(p) if p.kind != ProblemKind::NoPointsLeft => {
            let short_key = p.key.replace("problem.", "limit.");
            let args: Vec<(&str, &str)> = p.args.iter().map(|(n, v)| (*n, v.as_str())).collect();
            let short = if cx.t(&short_key) == short_key {
                cx.lang.problem(p)
            } else {
                cx.f(&short_key, &args)
            };
            ui.label(
                RichText::new(cx.lang.typeset(format!(
                    "{} {}: {short}",
                    icons::ICON_BLOCK.codepoint,
                    p.rule
                )))
                .color(palette().state.warning),
            )
            .on_hover_text(cx.lang.problem_line(p));
        }
        _ => {
            ui.label("");
        }
    }
}
