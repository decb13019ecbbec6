//! A value of many parts (a race's profile, a table of rows, a list of
//! factions) edited part by part: each number, text or yes-or-no its own
//! field, named by where it stands ("WS", "rows › 2 › roll"); the rows
//! of a long list folded under their names. The whole value is what is
//! applied.

use serde_json::Value;

use crate::rules::core::characteristic::Characteristic;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;

/// How many parts a list or a record may have and still open unfolded.
const OPEN_UP_TO: usize = 8;

/// The value's parts, each its own field; whether any changed. `id` names
/// the value for screen readers ("WS of characters.races.eldar_profile");
/// a part that differs from the built-in value `built` is marked, its
/// built-in value on hover.
pub(super) fn parts_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (id, built): (&str, &Value),
    value: &mut Value,
    editable: bool,
) -> bool {
    let mut changed = false;
    ui.add_enabled_ui(editable, |ui| {
        changed = node_ui(ui, cx, (id, "", Some(built)), value, 0);
    });
    changed
}

/// One part: a field for a leaf, its parts for a record or a list.
fn node_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (id, path, built): (&str, &str, Option<&Value>),
    value: &mut Value,
    depth: usize,
) -> bool {
    let flat = match &*value {
        Value::Object(m) => m.values().all(is_leaf),
        Value::Array(a) => a.iter().all(is_leaf),
        _ => true,
    };
    if is_leaf(value) {
        return leaf_ui(ui, cx, (id, path, built), value);
    }
    let mut changed = false;
    if flat {
        // A profile or a list of numbers: its parts side by side.
        ui.horizontal_wrapped(|ui| {
            for_each_part(value, |key, v| {
                let shown = shown_key(cx, &key);
                ui.label(egui::RichText::new(&shown).color(palette().ink.subdued));
                let was = built.and_then(|b| part_of(b, &key));
                changed |= leaf_ui(ui, cx, (id, &joined(path, &shown), was), v);
            });
        });
        return changed;
    }
    // Unfolded only when short and made of profiles or single values.
    let open = depth == 0 && part_count(value) <= OPEN_UP_TO && parts_are_flat(value);
    for_each_part(value, |key, v| {
        let title = title_of(cx, &shown_key(cx, &key), v);
        let here = joined(path, &key);
        let was = built.and_then(|b| part_of(b, &key));
        if is_leaf(v) {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&title).color(palette().ink.subdued));
                changed |= leaf_ui(ui, cx, (id, &here, was), v);
            });
            return;
        }
        egui::CollapsingHeader::new(title)
            .id_salt((id, &here))
            .default_open(open)
            .show(ui, |ui| {
                changed |= node_ui(ui, cx, (id, &here, was), v, depth + 1);
            });
    });
    changed
}

/// How many parts a record or a list has.
fn part_count(v: &Value) -> usize {
    match v {
        Value::Object(m) => m.len(),
        Value::Array(a) => a.len(),
        _ => 0,
    }
}

/// Whether every part is a single value or a record of single values.
fn parts_are_flat(v: &Value) -> bool {
    let flat = |p: &Value| match p {
        Value::Object(m) => m.values().all(is_leaf),
        Value::Array(a) => a.iter().all(is_leaf),
        _ => true,
    };
    match v {
        Value::Object(m) => m.values().all(flat),
        Value::Array(a) => a.iter().all(flat),
        _ => true,
    }
}

/// The part of `v` at `key` (a list's by its number from 1).
fn part_of<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    match v {
        Value::Object(m) => m.get(key),
        Value::Array(a) => key
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| a.get(i)),
        _ => None,
    }
}

/// A key as the reader reads it: a characteristic by its abbreviation in
/// his language (`CC` for `WS` in French), a field of the data by its
/// word (`Range (")` for `range_inches`, `Dégâts` for `damage`), any other
/// with spaces for its underscores.
fn shown_key(cx: &ViewCtx<'_>, key: &str) -> String {
    if let Some(c) = Characteristic::from_key(key) {
        return cx.t(c.abbr_key()).to_owned();
    }
    let word = format!("house_rules.part.{key}");
    match cx.t(&word) {
        w if w != word => w.to_owned(),
        _ => key.replace('_', " "),
    }
}

/// A number, a text or a yes-or-no: its field, named by its place; marked
/// when it differs from the built-in value `was`, said on hover.
fn leaf_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (id, path, was): (&str, &str, Option<&Value>),
    v: &mut Value,
) -> bool {
    let name = if path.is_empty() {
        cx.f("house_rules.ui.value_of", &[("id", id)])
    } else {
        cx.f("house_rules.ui.part_of", &[("part", path), ("id", id)])
    };
    let r = match v {
        Value::Bool(on) => {
            let r = ui.checkbox(on, "");
            let on = *on;
            r.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, on, &name));
            r
        }
        Value::Number(n) => {
            let r = if let Some(mut i) = n.as_i64() {
                let r = ui.add(egui::DragValue::new(&mut i));
                if r.changed() {
                    *v = Value::from(i);
                }
                r
            } else {
                let mut f = n.as_f64().unwrap_or(0.0);
                let r = ui.add(egui::DragValue::new(&mut f).speed(0.05));
                if r.changed() {
                    *v = serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number);
                }
                r
            };
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &name));
            r
        }
        Value::String(s) => {
            let r = ui.add(egui::TextEdit::singleline(s).desired_width(140.0));
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, &name));
            r
        }
        _ => ui.label("—"),
    };
    let changed = r.changed();
    if let Some(was) = was.filter(|was| *was != &*v) {
        let built = match was {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let words = cx.f("house_rules.ui.part_built_in", &[("value", &built)]);
        ui.label(
            egui::RichText::new(format!(
                "{} ",
                egui_material_icons::icons::ICON_EDIT.codepoint
            ))
            .color(palette().ink.accent),
        )
        .on_hover_text(&words)
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
    }
    changed
}

/// Whether a value is one field: not a record nor a list.
fn is_leaf(v: &Value) -> bool {
    !matches!(v, Value::Object(_) | Value::Array(_))
}

/// Runs `f` on each part of a record (by key) or a list (by number, from 1).
fn for_each_part(value: &mut Value, mut f: impl FnMut(String, &mut Value)) {
    match value {
        Value::Object(m) => {
            // A profile in its own order (M WS BS …), the other keys after.
            let mut keys: Vec<String> = m.keys().cloned().collect();
            keys.sort_by_key(|k| Characteristic::from_key(k).map_or(usize::MAX, |c| c.index()));
            for k in keys {
                if let Some(v) = m.get_mut(&k) {
                    f(k, v);
                }
            }
        }
        Value::Array(a) => {
            for (i, v) in a.iter_mut().enumerate() {
                f((i + 1).to_string(), v);
            }
        }
        _ => {}
    }
}

/// A part's place under its parent's.
fn joined(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path} › {key}")
    }
}

/// A part's heading: its key, with the name it holds in the reader's
/// language when it has one (a faction's, a weapon's), else its id.
fn title_of(cx: &ViewCtx<'_>, key: &str, v: &Value) -> String {
    let lang = cx.lang.code();
    let named = |n: &Value| {
        n.get(lang)
            .or_else(|| n.get("en"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let inner = v
        .get("names")
        .and_then(named)
        .or_else(|| v.get("name").and_then(named))
        .or_else(|| v.get("name").and_then(Value::as_str).map(str::to_owned))
        .or_else(|| v.get("id").and_then(Value::as_str).map(str::to_owned));
    match inner {
        Some(name) if name != key => format!("{key} · {name}"),
        _ => key.to_owned(),
    }
}
