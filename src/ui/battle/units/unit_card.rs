//! A unit's card in the unit mode: its name, its command and its
//! coherency, and its groups in a grid, a group of models of one profile
//! a row.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::characters::equipment::SAVE_MODIFIERS;
use crate::ui::battle::coherency::Coherency;
use crate::ui::battle::parts::{Group, Unit, num, pick_campaign_fighter};
use crate::ui::battle::{command, parts};
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{card, card_title, icon_button, labelled_text};

fn unit_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, unit: &mut Unit, first: bool) {
    let (which, icon) = if first {
        ("battle.units.first", icons::ICON_GROUPS)
    } else {
        ("battle.units.second", icons::ICON_GROUP)
    };
    let side = cx.t(which);
    card_title(ui, icon, side);
    labelled_text(
        ui,
        &cx.f("battle.units.name", &[("side", side)]),
        &mut unit.name,
    );
    let from_roster = cx.f("battle.units.take_roster", &[("side", side)]);
    if let Some(picked) = parts::pick_character(ui, cx, &from_roster) {
        unit.groups.push(Group::of(picked));
    }
    let from_campaign = cx.f("battle.units.take_campaign", &[("side", side)]);
    if let Some(picked) = pick_campaign_fighter(ui, cx, &from_campaign, None) {
        unit.groups.push(Group::of(picked));
    }
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(
            &mut unit.charged,
            cx.f("battle.units.charged", &[("side", side)]),
        );
        num(
            ui,
            cx.t("battle.units.ld"),
            &cx.f("battle.units.ld_of", &[("side", side)]),
            &mut unit.ld,
            0..=10,
        );
        num(
            ui,
            cx.t("battle.command.cl"),
            &cx.f("battle.units.cl_of", &[("side", side)]),
            &mut unit.cl,
            1..=10,
        );
    });
    ui.add_space(space::XS);
    let remove = groups_grid_ui(ui, cx, unit, first, side);
    if let Some(k) = remove {
        unit.groups.remove(k);
        unit.command.removed(k);
    }
    let add = cx.f("battle.units.add", &[("side", side)]);
    if icon_button(
        ui,
        icons::ICON_ADD,
        cx.t("battle.units.add_word"),
        &add,
        true,
    )
    .clicked()
    {
        unit.groups.push(Group::trooper(""));
    }
}

/// One unit's card: the unit, its command and its coherency.
pub(super) fn unit_card_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    unit: &mut Unit,
    coherency: &mut Coherency,
    first: bool,
) {
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        unit_ui(ui, cx, unit, first);
        ui.add_space(space::S);
        let side = if first {
            "battle.units.first"
        } else {
            "battle.units.second"
        };
        // The log names the unit by its name, or by its side's word in the
        // language shown.
        let title = parts::named(&unit.name, side);
        command::command_ui(ui, cx, unit, cx.t(side), title);
        ui.add_space(space::S);
        coherency.ui(ui, cx, cx.t(side), &unit.model_names(cx.lang));
    });
}

/// The unit's groups as a grid, a row each; the group whose remove
/// button was clicked.
fn groups_grid_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    unit: &mut Unit,
    first: bool,
    side: &str,
) -> Option<usize> {
    let mut remove = None;
    egui::Grid::new(("battle-unit", first))
        .striped(true)
        .spacing([space::XS, space::XS])
        .show(ui, |ui| {
            // Short headers: the grid must fit half the window (each cell
            // is named in full for screen readers).
            for h in [
                "battle.units.col.name",
                "battle.units.col.count",
                "battle.ws",
                "battle.s",
                "battle.units.col.weapon_s",
                "battle.units.col.own_save",
                "battle.a",
                "battle.t",
                "battle.psy.w",
                "battle.units.col.i",
                "battle.units.col.save",
            ] {
                ui.label(RichText::new(cx.t(h)).strong());
            }
            ui.end_row();
            for (k, g) in unit.groups.iter_mut().enumerate() {
                if group_row_ui(ui, cx, g, k + 1, side) {
                    remove = Some(k);
                }
                ui.end_row();
            }
        });
    remove
}

/// One group's row: its name and numbers; true when it is to be removed.
fn group_row_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, g: &mut Group, n: usize, side: &str) -> bool {
    let mut remove = false;
    let name = |col: &str| {
        cx.f(
            "battle.units.cell",
            &[("col", cx.t(col)), ("n", &n.to_string()), ("side", side)],
        )
    };
    let r = ui.add(egui::TextEdit::singleline(&mut g.name).desired_width(90.0));
    let nm = name("battle.units.col.name");
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::TextInput, true, &nm));
    cell(
        ui,
        &name("battle.units.col.count"),
        &mut g.count,
        0..=50,
        None,
    );
    cell(ui, &name("battle.ws"), &mut g.ws, 1..=10, None);
    cell(ui, &name("battle.s"), &mut g.s, 1..=10, None);
    cell(
        ui,
        &name("battle.weapon_s"),
        &mut g.weapon_s,
        0..=10,
        Some("–"),
    );
    own_save_cell(
        ui,
        &name("battle.weapon_save_modifier"),
        &mut g.weapon_save_modifier,
    );
    cell(ui, &name("battle.a"), &mut g.a, 0..=10, None);
    cell(ui, &name("battle.t"), &mut g.t, 1..=10, None);
    cell(ui, &name("battle.psy.w"), &mut g.w, 1..=10, None);
    cell(ui, &name("battle.units.col.i"), &mut g.i, 1..=10, None);
    cell(ui, &name("battle.save"), &mut g.save, 0..=6, Some("–"));
    let rm = cx.f(
        "battle.units.remove",
        &[("n", &n.to_string()), ("side", side)],
    );
    if icon_button(ui, icons::ICON_DELETE, "", &rm, true).clicked() {
        remove = true;
    }
    remove
}

/// A number in the grid, named for screen readers; `none` is shown for 0.
fn cell<N: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    name: &str,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
    none: Option<&'static str>,
) {
    let mut d = egui::DragValue::new(value).range(range);
    if let Some(none) = none {
        d = d.custom_formatter(move |v, _| {
            if v == 0.0 {
                none.to_owned()
            } else {
                format!("{v}")
            }
        });
    }
    let r = ui.add(d);
    let name = name.to_owned();
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &name));
}

/// A weapon's own save modifier in the grid (CC-12): "–" for none (the
/// blow's S gives it), or one of the modifiers a weapon may give.
fn own_save_cell(ui: &mut egui::Ui, name: &str, value: &mut Option<i32>) {
    let text = |v: Option<i32>| v.map_or_else(|| "–".to_owned(), |m| m.to_string());
    let r = egui::ComboBox::from_id_salt(("own-save", name))
        .width(36.0)
        .selected_text(text(*value))
        .show_ui(ui, |ui| {
            let all = std::iter::once(None).chain(SAVE_MODIFIERS.rev().map(Some));
            for v in all {
                ui.selectable_value(value, v, text(v));
            }
        })
        .response;
    let name = name.to_owned();
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &name));
}
