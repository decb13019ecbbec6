//! The armoury's picker on the equipment card (`armoury.json`): each entry
//! with its profile and remark, added as an item with its values.

use egui::WidgetInfo;

use super::NAME_WIDTH;
use crate::i18n::Lang;
use crate::rules::core::names::name_in;
use crate::rules::data::ArmouryEntry;
use crate::rules::{Character, Gear, GearKind};
use crate::ui::context::ViewCtx;
use crate::ui::widgets::described_option;

/// An armoury entry's remark in `lang`, as an item keeps it in its note
/// (its profile goes into the item's values).
fn armoury_note(lang: Lang, e: &ArmouryEntry) -> String {
    name_in(&e.note, lang.code(), "").to_owned()
}

/// An armoury entry's whole profile in one line, for the picker: its
/// kind, Strength or save, save modifier, ranges, damage and remark.
fn armoury_detail(lang: Lang, e: &ArmouryEntry) -> String {
    let mut parts = vec![lang.t(GearKind::from(e.kind).key()).to_owned()];
    if let Some(s) = e.strength {
        parts.push(lang.f("gear.armoury.s", &[("s", &s.to_string())]));
    }
    if let Some(save) = e.save {
        parts.push(lang.f("gear.armoury.save", &[("save", &save.to_string())]));
    }
    if let Some(m) = e.save_modifier {
        parts.push(lang.f("gear.armoury.save_mod", &[("m", &m.to_string())]));
    }
    if let Some([short, long]) = e.range_inches {
        let (short, long) = (short.to_string(), long.to_string());
        parts.push(lang.f("gear.armoury.range", &[("short", &short), ("long", &long)]));
    }
    if let Some(d) = &e.damage {
        parts.push(lang.f("gear.armoury.damage", &[("d", d)]));
    }
    let note = armoury_note(lang, e);
    if !note.is_empty() {
        parts.push(note);
    }
    parts.join(" · ")
}

/// "Add from the armoury…": a list of the armoury's weapons and armour,
/// each with its profile under its name; returns the item picked, named in
/// the views' language.
pub(super) fn armoury_picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Character,
) -> Option<Gear> {
    let armoury = &cx.rules.armoury;
    if armoury.entries.is_empty() {
        return None;
    }
    let mut picked = None;
    ui.horizontal_wrapped(|ui| {
        let label = cx.t("gear.armoury.add");
        ui.label(label);
        let r = egui::ComboBox::from_id_salt(("armoury", c.id))
            .width(NAME_WIDTH)
            .selected_text(cx.t("gear.armoury.choose"))
            .height(400.0)
            .show_ui(ui, |ui| {
                for e in &armoury.entries {
                    let name = name_in(&e.names, cx.lang.code(), &e.id);
                    let detail = armoury_detail(cx.lang, e);
                    let r = described_option(ui, name, &detail, false, !cx.model.folder.read_only);
                    if r.clicked() {
                        picked = Some(Gear::from_armoury(
                            e,
                            cx.lang.code(),
                            armoury_note(cx.lang, e),
                        ));
                        ui.close();
                    }
                }
            })
            .response;
        r.widget_info(|| WidgetInfo::labeled(egui::Role::ComboBox, true, label));
    });
    picked
}
