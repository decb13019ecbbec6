//! A weapon's shooting profile in the equipment grid: one button a row,
//! its profile in a few words ("12\"/24\" · +1/0 · D4"), opening the fields
//! that make the weapon shoot by Rogue Trader's rules: short and long
//! range, the to-hit modifier at each, damage, sustained-fire dice and a
//! template. Each field commits when left (one undo step), and a value the
//! rules refuse says why under its field, the item keeping its value.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::{Gear, GearKind};
use crate::ui::theme::PALETTE;

use super::cells::text_cell;

/// The width of the profile's fields.
const FIELD_WIDTH: f32 = 90.0;

/// The profile in a few words: ranges, to-hit modifiers, damage, sustained
/// fire, template; "—" when the weapon has no range.
fn summary(lang: Lang, g: &Gear) -> String {
    let Some([short, long]) = g.range_inches else {
        return lang.t("gear.shot.none").to_owned();
    };
    let mut parts = vec![format!("{short}\"/{long}\"")];
    if let Some(m) = g.to_hit {
        parts.push(pair(m));
    }
    if let Some(d) = &g.damage {
        parts.push(d.clone());
    }
    if let Some(n) = g.sustained.filter(|n| *n > 0) {
        parts.push(lang.f("gear.shot.sustained_short", &[("n", &n.to_string())]));
    }
    if g.template {
        parts.push(lang.t("gear.shot.template_short").to_owned());
    }
    parts.join(" · ")
}

/// Two modifiers as typed: `+1/0`.
fn pair([a, b]: [i32; 2]) -> String {
    let one = |v: i32| {
        if v > 0 {
            format!("+{v}")
        } else {
            v.to_string()
        }
    };
    format!("{}/{}", one(a), one(b))
}

/// Two numbers typed as `a/b` (spaces and a Unicode minus allowed).
fn parse_pair<T: std::str::FromStr>(text: &str) -> Option<[T; 2]> {
    let clean = text.replace('−', "-").replace('"', "");
    let (a, b) = clean.split_once('/')?;
    Some([
        a.trim().trim_start_matches('+').parse().ok()?,
        b.trim().trim_start_matches('+').parse().ok()?,
    ])
}

/// A pistol's or ranged weapon's shooting profile: a button with its
/// summary, opening its fields; a dash for anything else.
pub(super) fn shot_cell_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    (g, id): (&Gear, egui::Id),
    named: &dyn Fn(&str) -> String,
    set: &dyn Fn(Gear) -> Command,
    send: &dyn Fn(Command),
) {
    if !matches!(g.kind, GearKind::Pistol | GearKind::Ranged) {
        ui.label(RichText::new("—").color(PALETTE.text_subdued));
        return;
    }
    let text = format!("{} {}", icons::ICON_TARGET.codepoint, summary(lang, g));
    let config = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    let (r, _) = egui::containers::menu::MenuButton::new(text)
        .config(config)
        .ui(ui, |ui| fields_ui(ui, lang, (g, id), named, set, send));
    let name = named("gear.shot.of");
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
}

/// The profile's fields, each committed on its own.
fn fields_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    (g, id): (&Gear, egui::Id),
    named: &dyn Fn(&str) -> String,
    set: &dyn Fn(Gear) -> Command,
    send: &dyn Fn(Command),
) {
    ui.label(RichText::new(lang.t("gear.shot.title")).strong());
    ui.label(RichText::new(lang.t("gear.shot.hint")).color(PALETTE.text_subdued));
    let bad = id.with("shot_bad");
    let refuse = |ui: &mut egui::Ui, text: String| {
        ui.data_mut(|d| d.insert_temp(bad, text));
    };
    egui::Grid::new(id.with("shot_grid")).show(ui, |ui| {
        ui.label(lang.t("gear.shot.range"));
        let range = g
            .range_inches
            .map(|[s, l]| format!("{s}/{l}"))
            .unwrap_or_default();
        if let Some(t) = text_cell(
            ui,
            id.with("shot_range"),
            &named("gear.shot.range_of"),
            &range,
            FIELD_WIDTH,
            "12/24",
        ) {
            match (t.trim().is_empty(), parse_pair::<u32>(&t)) {
                (true, _) => send(set(Gear {
                    range_inches: None,
                    ..g.clone()
                })),
                (false, Some([s, l])) if s <= l => send(set(Gear {
                    range_inches: Some([s, l]),
                    ..g.clone()
                })),
                _ => refuse(ui, lang.f("gear.shot.range_bad", &[("text", &t)])),
            }
        }
        ui.end_row();
        ui.label(lang.t("gear.shot.to_hit"));
        let to_hit = g.to_hit.map(pair).unwrap_or_default();
        if let Some(t) = text_cell(
            ui,
            id.with("shot_to_hit"),
            &named("gear.shot.to_hit_of"),
            &to_hit,
            FIELD_WIDTH,
            "+1/0",
        ) {
            match (t.trim().is_empty(), parse_pair::<i32>(&t)) {
                (true, _) => send(set(Gear {
                    to_hit: None,
                    ..g.clone()
                })),
                (false, Some(m)) if m.iter().all(|v| (-6..=6).contains(v)) => {
                    send(set(Gear {
                        to_hit: Some(m),
                        ..g.clone()
                    }));
                }
                _ => refuse(ui, lang.f("gear.shot.to_hit_bad", &[("text", &t)])),
            }
        }
        ui.end_row();
        ui.label(lang.t("gear.shot.damage"));
        let damage = g.damage.clone().unwrap_or_default();
        if let Some(t) = text_cell(
            ui,
            id.with("shot_damage"),
            &named("gear.shot.damage_of"),
            &damage,
            FIELD_WIDTH,
            "1",
        ) {
            let t = t.trim().to_owned();
            if t.is_empty() {
                send(set(Gear {
                    damage: None,
                    ..g.clone()
                }));
            } else if crate::rules::characters::data::damage_ok(&t) {
                send(set(Gear {
                    damage: Some(t.to_uppercase()),
                    ..g.clone()
                }));
            } else {
                refuse(ui, lang.f("gear.shot.damage_bad", &[("text", &t)]));
            }
        }
        ui.end_row();
        ui.label(lang.t("gear.shot.sustained"));
        let sf = g.sustained.map(|n| n.to_string()).unwrap_or_default();
        if let Some(t) = text_cell(
            ui,
            id.with("shot_sf"),
            &named("gear.shot.sustained_of"),
            &sf,
            FIELD_WIDTH,
            "0",
        ) {
            match (t.trim().is_empty(), t.trim().parse::<u32>()) {
                (true, _) => send(set(Gear {
                    sustained: None,
                    ..g.clone()
                })),
                (false, Ok(n)) if n <= 10 => {
                    send(set(Gear {
                        sustained: (n > 0).then_some(n),
                        ..g.clone()
                    }));
                }
                _ => refuse(ui, lang.f("gear.shot.sustained_bad", &[("text", &t)])),
            }
        }
        ui.end_row();
    });
    let mut template = g.template;
    if ui
        .checkbox(&mut template, lang.t("gear.shot.template"))
        .changed()
    {
        send(set(Gear {
            template,
            ..g.clone()
        }));
    }
    if let Some(text) = ui.data(|d| d.get_temp::<String>(bad)) {
        ui.label(RichText::new(text).color(PALETTE.warning));
        if ui.small_button(lang.t("gear.shot.dismiss")).clicked() {
            ui.data_mut(|d| d.remove::<String>(bad));
        }
    }
}
