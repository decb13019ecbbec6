//! Pieces the roster screen and the character screen share: the names of
//! races and types, and their combo boxes. Both import these from here,
//! never from the roster's `mod.rs`.

use crate::i18n::Lang;
use crate::rules::core::names::name_in;
use crate::rules::{Characteristic, RulesData};
use crate::ui::context::ViewCtx;

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
    cx: &ViewCtx<'_>,
    label: &str,
    value: &mut String,
) -> bool {
    let mut changed = false;
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(race_name(rules, cx.lang, value).to_owned())
        .show_ui(ui, |ui| {
            for r in &rules.races {
                changed |= ui
                    .selectable_value(
                        value,
                        r.id.clone(),
                        name_in(&r.names, cx.lang.code(), &r.id),
                    )
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
    cx: &ViewCtx<'_>,
    label: &str,
    value: &mut Option<String>,
    allow_none: bool,
) -> bool {
    let mut changed = false;
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(type_name(rules, cx.lang, value.as_deref()).to_owned())
        .show_ui(ui, |ui| {
            if allow_none {
                changed |= ui
                    .selectable_value(value, None, cx.t("character.no_type"))
                    .changed();
            }
            for t in &rules.types {
                changed |= ui
                    .selectable_value(
                        value,
                        Some(t.id.clone()),
                        name_in(&t.names, cx.lang.code(), &t.id),
                    )
                    .changed();
            }
        })
        .response
        .labelled_by(l.id);
    changed
}

/// A combo box of the standard types as levels, for rolling their random
/// points (CHR-10): the level chosen (the first if none yet), its dice, and
/// whether the player picked it in this frame.
pub fn level_combo(
    ui: &mut egui::Ui,
    rules: &RulesData,
    cx: &ViewCtx<'_>,
    label: &str,
    current: &Option<String>,
) -> (Option<String>, String, bool) {
    let mut level = current
        .clone()
        .filter(|l| rules.character_type(l).is_some())
        .or_else(|| rules.types.first().map(|t| t.id.clone()));
    let picked = type_combo(ui, rules, cx, label, &mut level, false);
    let dice = level
        .as_deref()
        .and_then(|l| rules.character_type(l))
        .map(|t| format!("{}D{}", t.random_points.count, t.random_points.sides))
        .unwrap_or_default();
    (level, dice, picked)
}

/// What a type does, in one line (CHR-6, CHR-10): what it adds to the
/// race's profile and the advance points it counts for; or what having no
/// type means.
pub fn type_hint(rules: &RulesData, lang: Lang, id: Option<&str>) -> String {
    let Some(t) = id.and_then(|id| rules.character_type(id)) else {
        return lang.t("character.type_hint_none").to_owned();
    };
    let adds: Vec<String> = Characteristic::ALL
        .into_iter()
        .filter(|&c| t.modifiers.0.get(c) != 0)
        .map(|c| format!("{:+} {}", t.modifiers.0.get(c), lang.t(c.abbr_key())))
        .collect();
    lang.f(
        "character.type_hint",
        &[
            ("type", name_in(&t.names, lang.code(), &t.id)),
            ("adds", &adds.join(", ")),
            ("count", &t.advance_points.to_string()),
        ],
    )
}

/// What rolling a level's points does, in one line (CHR-10).
pub fn level_hint(rules: &RulesData, lang: Lang, level: Option<&str>) -> String {
    let Some(t) = level.and_then(|id| rules.character_type(id)) else {
        return String::new();
    };
    lang.f(
        "character.level_hint",
        &[
            ("level", name_in(&t.names, lang.code(), &t.id)),
            (
                "dice",
                &format!("{}D{}", t.random_points.count, t.random_points.sides),
            ),
        ],
    )
}
