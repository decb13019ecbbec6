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
use crate::ui::theme::palette;

use super::cells::text_cell;
use crate::rules::characters::data;
use crate::ui::context::ViewCtx;

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
    cx: &ViewCtx<'_>,
    (g, id): (&Gear, egui::Id),
    named: &dyn Fn(&str) -> String,
    set: &dyn Fn(Gear) -> Command,
    send: &dyn Fn(Command),
) {
    if !matches!(g.kind, GearKind::Pistol | GearKind::Ranged) {
        ui.label(RichText::new("—").color(palette().ink.subdued));
        return;
    }
    let text = format!("{} {}", icons::ICON_TARGET.codepoint, summary(cx.lang, g));
    let config = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    let (r, _) = egui::containers::menu::MenuButton::new(text)
        .config(config)
        .ui(ui, |ui| fields_ui(ui, cx, (g, id), named, set, send));
    let name = named("gear.shot.of");
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    // What the few words are, before the player clicks.
    r.on_hover_text(format!(
        "{}\n{}",
        cx.t("gear.shot.title"),
        cx.t("gear.shot.hint")
    ));
}

/// A field of the profile typed as text.
#[derive(Clone, Copy)]
enum Field {
    /// Short and long range, `12/24`.
    Range,
    /// The to-hit modifiers there, `+1/0`.
    ToHit,
    /// The damage, `1` or `D4`.
    Damage,
    /// The sustained-fire dice.
    Sustained,
}

impl Field {
    const ALL: [Self; 4] = [Self::Range, Self::ToHit, Self::Damage, Self::Sustained];

    /// Its label, its name for screen readers (of an item) and its hint.
    fn keys(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Self::Range => ("gear.shot.range", "gear.shot.range_of", "12/24"),
            Self::ToHit => ("gear.shot.to_hit", "gear.shot.to_hit_of", "+1/0"),
            Self::Damage => ("gear.shot.damage", "gear.shot.damage_of", "1"),
            Self::Sustained => ("gear.shot.sustained", "gear.shot.sustained_of", "0"),
        }
    }

    /// The item's value as typed.
    fn text(self, g: &Gear) -> String {
        match self {
            Self::Range => g.range_inches.map(|[s, l]| format!("{s}/{l}")),
            Self::ToHit => g.to_hit.map(pair),
            Self::Damage => g.damage.clone(),
            Self::Sustained => g.sustained.map(|n| n.to_string()),
        }
        .unwrap_or_default()
    }

    /// The item with the value `t` typed (empty: none), or the locale key
    /// of why the text is refused.
    fn parse(self, g: &Gear, t: &str) -> Result<Gear, &'static str> {
        let mut g = g.clone();
        let empty = t.is_empty();
        match self {
            Self::Range => match parse_pair::<u32>(t) {
                _ if empty => g.range_inches = None,
                Some([s, l]) if s <= l => g.range_inches = Some([s, l]),
                _ => return Err("gear.shot.range_bad"),
            },
            Self::ToHit => match parse_pair::<i32>(t) {
                _ if empty => g.to_hit = None,
                Some(m) if m.iter().all(|v| (-6..=6).contains(v)) => g.to_hit = Some(m),
                _ => return Err("gear.shot.to_hit_bad"),
            },
            Self::Damage if empty => g.damage = None,
            Self::Damage if data::damage_ok(t) => {
                g.damage = Some(t.to_uppercase());
            }
            Self::Damage => return Err("gear.shot.damage_bad"),
            Self::Sustained => match t.parse::<u32>() {
                _ if empty => g.sustained = None,
                Ok(n) if n <= 10 => g.sustained = (n > 0).then_some(n),
                _ => return Err("gear.shot.sustained_bad"),
            },
        }
        Ok(g)
    }
}

/// The profile's fields, each committed on its own; a refused text says
/// why under them.
fn fields_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (g, id): (&Gear, egui::Id),
    named: &dyn Fn(&str) -> String,
    set: &dyn Fn(Gear) -> Command,
    send: &dyn Fn(Command),
) {
    ui.label(RichText::new(cx.t("gear.shot.title")).strong());
    ui.label(RichText::new(cx.t("gear.shot.hint")).color(palette().ink.subdued));
    let bad = id.with("shot_bad");
    egui::Grid::new(id.with("shot_grid")).show(ui, |ui| {
        for f in Field::ALL {
            let (label, of, hint) = f.keys();
            ui.label(cx.t(label));
            let text = f.text(g);
            if let Some(t) = text_cell(ui, id.with(of), &named(of), &text, FIELD_WIDTH, hint) {
                match f.parse(g, t.trim()) {
                    Ok(g) => {
                        ui.data_mut(|d| d.remove::<String>(bad));
                        send(set(g));
                    }
                    Err(key) => {
                        let why = cx.f(key, &[("text", &t)]);
                        ui.data_mut(|d| d.insert_temp(bad, why));
                    }
                }
            }
            ui.end_row();
        }
    });
    let mut template = g.template;
    if ui
        .checkbox(&mut template, cx.t("gear.shot.template"))
        .changed()
    {
        send(set(Gear {
            template,
            ..g.clone()
        }));
    }
    if let Some(text) = ui.data(|d| d.get_temp::<String>(bad)) {
        ui.label(RichText::new(text).color(palette().state.warning));
        if ui.small_button(cx.t("gear.shot.dismiss")).clicked() {
            ui.data_mut(|d| d.remove::<String>(bad));
        }
    }
}
