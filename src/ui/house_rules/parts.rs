//! A value of many parts (a race's profile, a table of rows, a list of
//! factions) edited part by part: each number, text or yes-or-no its own
//! field, named by where it stands ("WS", "rows › 2 › roll"); the rows
//! of a long list folded under their names. The whole value is what is
//! applied.

use serde_json::Value;

use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;

/// How many parts a list or a record may have and still open unfolded.
const OPEN_UP_TO: usize = 8;

/// The value's parts, each its own field; whether any changed. `id` names
/// the value for screen readers ("WS of characters.races.eldar_profile").
pub(super) fn parts_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    id: &str,
    value: &mut Value,
    editable: bool,
) -> bool {
    let mut changed = false;
    ui.add_enabled_ui(editable, |ui| {
        changed = node_ui(ui, cx, (id, ""), value, 0);
    });
    changed
}

/// One part: a field for a leaf, its parts for a record or a list.
fn node_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (id, path): (&str, &str),
    value: &mut Value,
    depth: usize,
) -> bool {
    let flat = match &*value {
        Value::Object(m) => m.values().all(is_leaf),
        Value::Array(a) => a.iter().all(is_leaf),
        _ => true,
    };
    if is_leaf(value) {
        return leaf_ui(ui, cx, (id, path), value);
    }
    let mut changed = false;
    if flat {
        // A profile or a list of numbers: its parts side by side.
        ui.horizontal_wrapped(|ui| {
            for_each_part(value, |key, v| {
                ui.label(egui::RichText::new(&key).color(palette().ink.subdued));
                changed |= leaf_ui(ui, cx, (id, &joined(path, &key)), v);
            });
        });
        return changed;
    }
    let count = match &*value {
        Value::Object(m) => m.len(),
        Value::Array(a) => a.len(),
        _ => 0,
    };
    for_each_part(value, |key, v| {
        let title = title_of(&key, v);
        let here = joined(path, &key);
        if is_leaf(v) {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&title).color(palette().ink.subdued));
                changed |= leaf_ui(ui, cx, (id, &here), v);
            });
            return;
        }
        egui::CollapsingHeader::new(title)
            .id_salt((id, &here))
            .default_open(depth == 0 && count <= OPEN_UP_TO)
            .show(ui, |ui| {
                changed |= node_ui(ui, cx, (id, &here), v, depth + 1);
            });
    });
    changed
}

/// A number, a text or a yes-or-no: its field, named by its place.
fn leaf_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, (id, path): (&str, &str), v: &mut Value) -> bool {
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
    r.changed()
}

/// Whether a value is one field: not a record nor a list.
fn is_leaf(v: &Value) -> bool {
    !matches!(v, Value::Object(_) | Value::Array(_))
}

/// Runs `f` on each part of a record (by key) or a list (by number, from 1).
fn for_each_part(value: &mut Value, mut f: impl FnMut(String, &mut Value)) {
    match value {
        Value::Object(m) => {
            for (k, v) in m.iter_mut() {
                f(k.clone(), v);
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

/// A part's heading: its key, with the name or id it holds when it has
/// one (a faction's, a weapon's).
fn title_of(key: &str, v: &Value) -> String {
    let inner = v
        .get("id")
        .and_then(Value::as_str)
        .or_else(|| v.get("name").and_then(Value::as_str))
        .or_else(|| {
            v.get("names")
                .or_else(|| v.get("name"))
                .and_then(|n| n.get("en"))
                .and_then(Value::as_str)
        });
    match inner {
        Some(name) if name != key => format!("{key} · {name}"),
        _ => key.to_owned(),
    }
}
