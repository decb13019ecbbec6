//! The psychic power cards' card (CHR-16): a psyker's cards in a grid, a
//! card a row with its target and note, the row that adds one, and why
//! anyone else holds none.

use egui::{RichText, WidgetInfo};
use egui_material_icons::icons;

use super::{
    EditFn, GearView, KIND_WIDTH, NOTE_WIDTH, add_row, combo, headed_grid, name_cell, row_actions,
};
use crate::rules::{Character, GearEdit, PowerCard, PowerTarget};
use crate::ui::context::ViewCtx;
use crate::ui::roster::cells::text_cell;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, card, card_title};

impl GearView {
    /// The power cards of `c` (CHR-16): for a psyker, his cards and a field
    /// to add one; for anyone else, why he holds none, and the cards a file
    /// gave him anyway, to remove.
    pub fn powers_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Character,
        edit: EditFn<'_>,
    ) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_PSYCHOLOGY, cx.t("power.title"));
            if !c.psychic {
                let tone = if c.powers.is_empty() {
                    Tone::Info
                } else {
                    Tone::Warning
                };
                alert(ui, tone, &cx.f("power.not_psychic", &[("name", &c.name)]));
            }
            if c.powers.is_empty() {
                if c.psychic {
                    ui.label(RichText::new(cx.t("power.none")).color(palette().ink.subdued));
                }
            } else {
                ui.add_space(space::XS);
                powers_grid(ui, cx, c, edit);
            }
            if c.psychic && ui.is_enabled() {
                ui.add_space(space::S);
                if let Some(name) = add_row(
                    ui,
                    cx.t("power.new"),
                    cx.t("power.add"),
                    &mut self.new_power,
                    |_| {},
                ) {
                    cx.send(edit(GearEdit::AddPower {
                        power: PowerCard::new(name),
                    }));
                }
            }
        });
    }
}

/// The grid of a psyker's power cards, a card a row.
fn powers_grid(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Character, edit: EditFn<'_>) {
    let targets: Vec<(Option<PowerTarget>, String)> = vec![
        (None, "—".to_owned()),
        (
            Some(PowerTarget::Individual),
            cx.t(PowerTarget::Individual.key()).to_owned(),
        ),
        (
            Some(PowerTarget::Squad),
            cx.t(PowerTarget::Squad.key()).to_owned(),
        ),
    ];
    let headers = [
        "power.col.name",
        "power.col.target",
        "power.col.lasting",
        "power.col.note",
    ];
    headed_grid(ui, cx, ("powers", c.id), &headers, |ui| {
        for at in 0..c.powers.len() {
            power_row_ui(ui, cx, c, at, &targets, edit);
            ui.end_row();
        }
    });
}

/// One power card's row: name, target, lasting, note and its actions.
fn power_row_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Character,
    at: usize,
    targets: &[(Option<PowerTarget>, String)],
    edit: EditFn<'_>,
) {
    let p = &c.powers[at];
    let id = egui::Id::unique(("power", c.id, at));
    let item = p.name.as_str();
    let named = |key: &str| cx.f(key, &[("item", item)]);
    let set = |power: PowerCard| edit(GearEdit::SetPower { at, power });
    if let Some(name) = name_cell(ui, id, &named("power.name_of"), &p.name) {
        cx.send(set(PowerCard { name, ..p.clone() }));
    }
    if let Some(target) = combo(
        ui,
        id.with("target"),
        &named("power.target_of"),
        p.target,
        targets,
        KIND_WIDTH,
    ) {
        cx.send(set(PowerCard {
            target,
            ..p.clone()
        }));
    }
    let mut lasting = p.lasting;
    let word = if lasting {
        cx.t("sheet.yes")
    } else {
        cx.t("sheet.no")
    };
    let r = ui.checkbox(&mut lasting, word);
    let name = named("power.lasting_of");
    r.widget_info(|| WidgetInfo::selected(egui::Role::CheckBox, true, lasting, &name));
    if r.changed() {
        cx.send(set(PowerCard {
            lasting,
            ..p.clone()
        }));
    }
    if let Some(note) = text_cell(
        ui,
        id.with("note"),
        &named("power.note_of"),
        &p.note,
        NOTE_WIDTH,
        "",
    ) {
        cx.send(set(PowerCard { note, ..p.clone() }));
    }
    if let (Some(e), _) = row_actions(
        ui,
        cx,
        item,
        at,
        c.powers.len(),
        |from, to| GearEdit::MovePower { from, to },
        |at| GearEdit::RemovePower { at },
    ) {
        cx.send(edit(e));
    }
}
