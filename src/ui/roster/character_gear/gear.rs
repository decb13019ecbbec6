//! The equipment card: a character's items in a grid (name, kind, strength,
//! save modifier, save, note), the weapon in his hand, and the row that adds
//! one.

use egui::RichText;
use egui_material_icons::icons;

use super::armoury::armoury_picker_ui;
use super::{
    EditFn, GearView, KIND_WIDTH, NOTE_MIN_WIDTH, NOTE_WIDTH, VALUE_WIDTH, add_row, combo,
    headed_grid, kind_options, name_cell, row_actions,
};
use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::characters::equipment::{
    InHand, SAVE_MODIFIERS, SAVES, WEAPON_STRENGTHS, in_hand,
};
use crate::rules::{Character, Gear, GearEdit, GearKind};
use crate::ui::context::ViewCtx;
use crate::ui::roster::cells::text_cell;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{card, card_title};

impl GearView {
    /// The equipment card of `c`: his items, then a row to add one and the
    /// armoury's picker where he may be changed.
    pub fn gear_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Character,
        edit: EditFn<'_>,
    ) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_BACKPACK, cx.t("gear.title"));
            if c.equipment.is_empty() {
                ui.label(RichText::new(cx.t("gear.none")).color(palette().ink.subdued));
            } else {
                gear_grid(ui, cx, c, edit);
                ui.add_space(space::XS);
                in_hand_line(ui, cx, in_hand(&c.equipment));
            }
            // Nothing to add where nothing may be changed (a dead
            // character's, a campaign over, a folder read only).
            if !ui.is_enabled() {
                return;
            }
            ui.add_space(space::S);
            let kinds = kind_options(cx.lang);
            let mut kind = self.new_kind;
            let added = add_row(
                ui,
                cx.t("gear.new"),
                cx.t("gear.add"),
                &mut self.new_gear,
                |ui| {
                    if let Some(k) = combo(
                        ui,
                        egui::Id::unique("new-gear-kind"),
                        cx.t("gear.new_kind"),
                        kind,
                        &kinds,
                        KIND_WIDTH,
                    ) {
                        kind = k;
                    }
                },
            );
            self.new_kind = kind;
            if let Some(name) = added {
                cx.send(edit(GearEdit::AddGear {
                    gear: Gear::new(name, kind),
                }));
            }
            if let Some(gear) = armoury_picker_ui(ui, cx, c) {
                cx.send(edit(GearEdit::AddGear { gear }));
            }
        });
    }
}

/// Which weapon the battle screen puts in his hand (CC-4).
fn in_hand_line(ui: &mut egui::Ui, cx: &ViewCtx<'_>, hand: Option<InHand>) {
    let text = match hand {
        None => cx.t("gear.no_weapon").to_owned(),
        Some(h) if h.weapon.c_type() => cx.f("gear.in_hand", &[("item", &h.name)]),
        Some(h) => cx.f("gear.improvised", &[("item", &h.name)]),
    };
    ui.label(
        RichText::new(format!("{} {text}", icons::ICON_SWORDS.codepoint))
            .color(palette().ink.subdued),
    );
}

/// The choices of the equipment grid's drop-downs.
struct GearChoices {
    /// The kinds of item, named.
    kinds: Vec<(GearKind, String)>,
    /// A weapon's strengths, or none.
    strengths: Vec<(Option<i32>, String)>,
    /// An armour's saves, or none.
    saves: Vec<(Option<i32>, String)>,
    /// The width of the note field: what the window leaves it.
    note_width: f32,
    /// Measured as the rows are laid out, for the next frame's note width:
    /// where the note field starts and how wide the row's buttons are.
    note_x: std::cell::Cell<f32>,
    actions_width: std::cell::Cell<f32>,
}

impl GearChoices {
    /// The choices, named in `lang`.
    fn new(lang: Lang, note_width: f32) -> Self {
        let none = "—".to_owned();
        Self {
            kinds: kind_options(lang),
            strengths: std::iter::once((None, none.clone()))
                .chain(WEAPON_STRENGTHS.map(|s| (Some(s), s.to_string())))
                .collect(),
            saves: std::iter::once((None, none))
                .chain(SAVES.map(|s| (Some(s), format!("{s}+"))))
                .collect(),
            note_width,
            note_x: std::cell::Cell::new(0.0),
            actions_width: std::cell::Cell::new(0.0),
        }
    }
}

/// The grid of a character's equipment, an item a row. It has the most
/// columns of the screen: in a narrow window (1024 wide) its note field
/// gives up the width the grid lacks (measured the frame before), so the
/// row's actions stay on screen.
fn gear_grid(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Character, edit: EditFn<'_>) {
    let width_key = egui::Id::unique(("gear-grid-rest", c.id));
    // The width of all but the note field, last frame: the columns before
    // it, the spacing on both its sides and the buttons after it.
    let rest: Option<f32> = ui.data(|d| d.get_temp(width_key));
    let note_width = rest.map_or(NOTE_WIDTH, |rest| {
        (ui.available_width() - rest).clamp(NOTE_MIN_WIDTH, NOTE_WIDTH)
    });
    let left = ui.cursor().min.x;
    let choices = GearChoices::new(cx.lang, note_width);
    let headers = [
        "gear.col.name",
        "gear.col.kind",
        "gear.col.s",
        "gear.col.save_modifier",
        "gear.col.save",
        "gear.col.shooting",
        "gear.col.note",
    ];
    headed_grid(ui, cx, ("gear", c.id), &headers, |ui| {
        for at in 0..c.equipment.len() {
            gear_row_ui(ui, cx, c, at, &choices, edit);
            ui.end_row();
        }
    });
    let rest = choices.note_x.get() - left + 2.0 * space::M + choices.actions_width.get();
    if c.equipment.is_empty() || !rest.is_finite() {
        return;
    }
    ui.data_mut(|d| d.insert_temp(width_key, rest));
}

/// One item's row: name, kind, strength, save modifier, save, note and its
/// actions.
fn gear_row_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Character,
    at: usize,
    choices: &GearChoices,
    edit: EditFn<'_>,
) {
    let g = &c.equipment[at];
    let id = egui::Id::unique(("gear", c.id, at));
    let item = g.name.as_str();
    let named = |key: &str| cx.f(key, &[("item", item)]);
    let set = |gear: Gear| edit(GearEdit::SetGear { at, gear });
    if let Some(name) = name_cell(ui, id, &named("gear.name_of"), &g.name) {
        cx.send(set(Gear { name, ..g.clone() }));
    }
    gear_values_ui(ui, cx, g, id, &named, choices, &set);
    crate::ui::roster::gear_shot::shot_cell_ui(ui, cx, (g, id), &named, &set, &|c| cx.send(c));
    choices.note_x.set(ui.cursor().min.x);
    if let Some(note) = text_cell(
        ui,
        id.with("note"),
        &named("gear.note_of"),
        &g.note,
        choices.note_width,
        "",
    ) {
        cx.send(set(Gear { note, ..g.clone() }));
    }
    let (asked, width) = row_actions(
        ui,
        cx,
        item,
        at,
        c.equipment.len(),
        |from, to| GearEdit::MoveGear { from, to },
        |at| GearEdit::RemoveGear { at },
    );
    choices.actions_width.set(width);
    if let Some(e) = asked {
        cx.send(edit(e));
    }
}

/// An item's kind, and its strength if a weapon or its save if not.
fn gear_values_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    g: &Gear,
    id: egui::Id,
    named: &dyn Fn(&str) -> String,
    choices: &GearChoices,
    set: &dyn Fn(Gear) -> Command,
) {
    if let Some(kind) = combo(
        ui,
        id.with("kind"),
        &named("gear.kind_of"),
        g.kind,
        &choices.kinds,
        KIND_WIDTH,
    ) {
        // Values that do not fit the new kind go: a weapon's S and save
        // modifier, the save of what is not a weapon.
        cx.send(set(Gear {
            kind,
            strength: g.strength.filter(|_| kind.is_weapon()),
            save_modifier: g.save_modifier.filter(|_| kind.is_weapon()),
            save: g.save.filter(|_| !kind.is_weapon()),
            ..g.clone()
        }));
    }
    if g.kind.is_weapon() {
        if let Some(strength) = combo(
            ui,
            id.with("s"),
            &named("gear.s_of"),
            g.strength,
            &choices.strengths,
            VALUE_WIDTH,
        ) {
            cx.send(set(Gear {
                strength,
                ..g.clone()
            }));
        }
        save_modifier_cell(ui, cx, g, id, named, set);
    } else {
        ui.label(RichText::new("—").color(palette().ink.subdued));
        ui.label(RichText::new("—").color(palette().ink.subdued));
    }
    if g.kind.is_weapon() {
        ui.label(RichText::new("—").color(palette().ink.subdued));
    } else if let Some(save) = combo(
        ui,
        id.with("save"),
        &named("gear.save_of"),
        g.save,
        &choices.saves,
        VALUE_WIDTH,
    ) {
        cx.send(set(Gear { save, ..g.clone() }));
    }
}

/// A weapon's own save modifier, typed (CC-12): empty, its blows modify
/// saves by their S; a number from the modifiers a weapon may give, its
/// own. Anything else is refused, saying why, and the item keeps its value.
fn save_modifier_cell(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    g: &Gear,
    id: egui::Id,
    named: &dyn Fn(&str) -> String,
    set: &dyn Fn(Gear) -> Command,
) {
    let bad_key = id.with("save_mod_bad");
    ui.vertical(|ui| {
        let current = g.save_modifier.map(|m| m.to_string()).unwrap_or_default();
        if let Some(text) = text_cell(
            ui,
            id.with("save_mod"),
            &named("gear.save_modifier_of"),
            &current,
            VALUE_WIDTH,
            cx.t("gear.save_modifier_by_s"),
        ) {
            let typed = text.trim().replace('−', "-");
            let value = if typed.is_empty() {
                Some(None)
            } else {
                typed
                    .parse::<i32>()
                    .ok()
                    .filter(|m| SAVE_MODIFIERS.contains(m))
                    .map(Some)
            };
            match value {
                Some(save_modifier) => {
                    ui.data_mut(|d| d.remove::<String>(bad_key));
                    cx.send(set(Gear {
                        save_modifier,
                        ..g.clone()
                    }));
                }
                None => {
                    ui.data_mut(|d| d.insert_temp(bad_key, text));
                }
            }
        }
        if let Some(text) = ui.data(|d| d.get_temp::<String>(bad_key)) {
            ui.label(
                RichText::new(cx.f("gear.save_modifier_bad", &[("text", &text)]))
                    .color(palette().state.warning),
            );
        }
    });
}
