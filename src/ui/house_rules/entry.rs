//! One value of the House rules screen: its rule, why it is Muster's to
//! pick, what Muster does, the French it reads, the built-in value and the
//! group's, and the way to change it.

use egui::RichText;
use egui_material_icons::icons;
use serde_json::Value;

use super::{HouseRulesView, Whose};
use crate::i18n::Lang;
use crate::rules::campaign::Stamp;
use crate::rules::house_rules::catalogue::{Entry, Kind, Texts, ValueType};
use crate::rules::house_rules::{self, HouseRules};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, described_option, icon_button, stamp_words};

/// A text in the player's language.
pub(super) fn text(lang: Lang, t: &Texts) -> &str {
    if lang == Lang::Fr { &t.fr } else { &t.en }
}

/// A value as the screen shows it: its reading's name when it is one.
fn shown(e: &Entry, v: &Value, lang: Lang) -> String {
    e.readings
        .iter()
        .find(|r| &r.value == v)
        .map_or_else(|| e.r#type.typed(v), |r| text(lang, &r.name).to_owned())
}

/// One entry's card.
pub(super) fn entry_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    view: &mut HouseRulesView,
    whose: Whose<'_>,
    e: &Entry,
    (house, changed): (&HouseRules, Option<&Stamp>),
    editable: bool,
) -> egui::Rect {
    let built = house_rules::built_in_value(&e.place).unwrap_or(Value::Null);
    let group = house.get(&e.place);
    let now = group.cloned().unwrap_or_else(|| built.clone());
    card(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            if !e.rule.is_empty() {
                badge(ui, Tone::Info, &e.rule);
            }
            let (icon, word) = match e.kind {
                Kind::Decision => (icons::ICON_BALANCE, "house_rules.ui.decision"),
                Kind::Assumed => (icons::ICON_HELP, "house_rules.ui.assumed"),
            };
            badge(
                ui,
                Tone::Info,
                &format!("{} {}", icon.codepoint, cx.t(word)),
            )
            .on_hover_text(cx.t(&format!("{word}_hint")));
            if group.is_some() {
                super::differs_badge(ui, cx);
            }
        });
        // Who changed it last, and when: the players see whose house rule
        // it is.
        if let Some(words) = changed.and_then(|s| stamp_words(cx.lang, s)) {
            ui.label(
                RichText::new(cx.f("house_rules.ui.changed", &[("made", &words)]))
                    .small()
                    .color(palette().ink.subdued),
            );
        }
        // Its name in `muster rules`, for one who reads both.
        ui.label(text(cx.lang, &e.reading))
            .on_hover_text(cx.f("house_rules.ui.id_hint", &[("id", &e.id)]));
        if !e.source_fr.is_empty() {
            ui.label(
                RichText::new(cx.f("house_rules.ui.french", &[("text", &e.source_fr)]))
                    .italics()
                    .color(palette().ink.subdued),
            );
        }
        ui.add_space(space::XS);
        if !e.readings.is_empty() {
            readings_ui(ui, cx, whose, e, &now, editable);
        } else {
            value_ui(ui, cx, view, whose, e, house, &now, editable);
        }
        ui.horizontal_wrapped(|ui| {
            if matches!(e.r#type, ValueType::Table {}) {
                // Its parts say where they differ; the whole, folded.
                egui::CollapsingHeader::new(cx.t("house_rules.ui.built_in_text"))
                    .id_salt(("built-in", &e.place))
                    .show(ui, |ui| {
                        ui.label(
                            RichText::new(shown(e, &built, cx.lang))
                                .monospace()
                                .color(palette().ink.subdued),
                        );
                    });
            } else {
                let built_words = cx.f(
                    "house_rules.ui.built_in",
                    &[("value", &shown(e, &built, cx.lang))],
                );
                ui.label(RichText::new(built_words).color(palette().ink.subdued));
            }
            if group.is_some() {
                let word = cx.t("house_rules.ui.reset");
                let name = cx.f("house_rules.ui.reset_named", &[("id", &e.id)]);
                if icon_button(ui, icons::ICON_RESTART_ALT, word, &name, editable).clicked() {
                    view.typed.remove(&e.place);
                    view.refused.remove(&e.place);
                    cx.send(whose.set(&e.place, None));
                }
            }
        });
        if let Some(why) = view.refused.get(&e.place) {
            alert(ui, Tone::Error, why);
        }
    })
    .response
    .rect
}

/// The readings the source allows, one to pick, each with what it means.
fn readings_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    whose: Whose<'_>,
    e: &Entry,
    now: &Value,
    editable: bool,
) {
    ui.label(RichText::new(cx.t("house_rules.ui.readings")).strong());
    for r in &e.readings {
        let selected = &r.value == now;
        let name = text(cx.lang, &r.name);
        let name = if selected {
            format!("{} {name}", icons::ICON_RADIO_BUTTON_CHECKED.codepoint)
        } else {
            format!("{} {name}", icons::ICON_RADIO_BUTTON_UNCHECKED.codepoint)
        };
        let clicked =
            described_option(ui, &name, text(cx.lang, &r.text), selected, editable).clicked();
        if clicked && !selected {
            cx.send(whose.set(&e.place, Some(r.value.clone())));
        }
    }
    if !e.readings.iter().any(|r| &r.value == now) {
        let v = e.r#type.typed(now);
        ui.label(cx.f("house_rules.ui.other_value", &[("value", &v)]));
    }
}

/// The value's field (a box for yes or no; a field for each part of a
/// value of many parts, with its JSON text folded), and Apply.
#[allow(clippy::too_many_arguments)]
fn value_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    view: &mut HouseRulesView,
    whose: Whose<'_>,
    e: &Entry,
    house: &HouseRules,
    now: &Value,
    editable: bool,
) {
    let name = cx.f("house_rules.ui.value_of", &[("id", &e.id)]);
    if let (ValueType::Boolean {}, Some(mut on)) = (&e.r#type, now.as_bool()) {
        let r = ui.add_enabled(
            editable,
            egui::Checkbox::new(&mut on, cx.t("house_rules.ui.yes")),
        );
        r.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, editable, on, &name));
        if r.changed() {
            cx.send(whose.set(&e.place, Some(Value::Bool(on))));
        }
        return;
    }
    let was = e.r#type.typed(now);
    // What is typed is kept only while it differs from the value in force,
    // so that a value changed elsewhere shows at once.
    let mut typed = view
        .typed
        .get(&e.place)
        .cloned()
        .unwrap_or_else(|| was.clone());
    let table = matches!(e.r#type, ValueType::Table {});
    let mut enter = false;
    if table {
        table_parts_ui(ui, cx, e, &mut typed, (editable, &name));
    }
    let apply = ui
        .horizontal_wrapped(|ui| {
            if !table {
                ui.label(cx.t("house_rules.ui.value"));
                let edit = egui::TextEdit::singleline(&mut typed).desired_width(120.0);
                let r = ui.add_enabled(editable, edit);
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, editable, &name));
                enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            }
            let word = cx.t("house_rules.ui.apply");
            let apply_name = cx.f("house_rules.ui.apply_named", &[("id", &e.id)]);
            let changed = typed.trim() != was.trim();
            let clicked = icon_button(
                ui,
                icons::ICON_CHECK,
                word,
                &apply_name,
                editable && changed,
            )
            .clicked();
            (clicked || enter) && changed
        })
        .inner;
    if typed.trim() == was.trim() {
        view.typed.remove(&e.place);
    } else {
        view.typed.insert(e.place.clone(), typed.clone());
    }
    if !apply {
        return;
    }
    match e.r#type.parse(&typed) {
        None => {
            let why = cx.f(
                "house_rules.ui.unreadable",
                &[("value", typed.trim()), ("kind", cx.t(type_key(&e.r#type)))],
            );
            view.refused.insert(e.place.clone(), why);
        }
        Some(v) => match house_rules::refused_value(house, &e.place, &v) {
            Some(p) => {
                view.refused.insert(e.place.clone(), cx.lang.problem(&p));
            }
            None => {
                view.refused.remove(&e.place);
                view.typed.remove(&e.place);
                cx.send(whose.set(&e.place, Some(v)));
            }
        },
    }
}

/// A value of many parts: each part its own field, and the whole as JSON
/// text, folded, for one who adds a row; both edit `typed`.
fn table_parts_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    e: &Entry,
    typed: &mut String,
    (editable, name): (bool, &str),
) {
    // Each part its own field; the whole as JSON text, folded, for
    // one who adds a row.
    match e.r#type.parse(typed) {
        Some(mut working) => {
            let built = house_rules::built_in_value(&e.place).unwrap_or(Value::Null);
            if super::parts::parts_ui(ui, cx, (&e.id, &built), &mut working, editable) {
                *typed = e.r#type.typed(&working);
            }
        }
        None => {
            ui.label(
                RichText::new(cx.t("house_rules.ui.text_unreadable")).color(palette().state.error),
            );
        }
    }
    egui::CollapsingHeader::new(cx.t("house_rules.ui.as_text"))
        .id_salt(("as-text", &e.place))
        .show(ui, |ui| {
            let edit = egui::TextEdit::multiline(typed)
                .code_editor()
                .desired_rows(3)
                .desired_width(ui.available_width().min(520.0));
            let r = ui.add_enabled(editable, edit);
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, editable, name));
        });
}

/// The message key naming a kind of value.
fn type_key(t: &ValueType) -> &'static str {
    match t {
        ValueType::Integer { .. } => "house_rules.ui.kind.integer",
        ValueType::Number { .. } => "house_rules.ui.kind.number",
        ValueType::Boolean {} => "house_rules.ui.kind.boolean",
        ValueType::Dice {} => "house_rules.ui.kind.dice",
        ValueType::Text {} => "house_rules.ui.kind.text",
        ValueType::Table {} => "house_rules.ui.kind.table",
    }
}
