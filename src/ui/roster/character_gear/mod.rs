//! A character's equipment and psychic power cards on the character screen:
//! a card for each, listing what the player wrote, with a field to add one
//! more (Enter adds) or, for the equipment, a pick from the armoury
//! (`armoury.json`), and each item renamed, changed, moved or removed in
//! place. Power cards are for psykers only (CHR-16); the card says so when
//! the character is not one. The equipment card is in `gear.rs`, the
//! armoury's picker in `armoury.rs`, the power cards in `powers.rs`; the
//! cells and rows both cards share are here.

mod armoury;
mod gear;
mod powers;

use egui::WidgetInfo;
use egui_material_icons::icons;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::{GearEdit, GearKind};
use crate::ui::context::ViewCtx;
use crate::ui::roster::cells::text_cell;
use crate::ui::theme::space;
use crate::ui::widgets::icon_button;

/// The fields to add an item or a power card.
#[derive(Default)]
pub struct GearView {
    /// The name of the next item.
    new_gear: String,
    /// Its kind.
    new_kind: GearKind,
    /// The name of the next power card.
    new_power: String,
}

/// The widths of the text columns, so the rows line up and nothing is
/// cramped.
const NAME_WIDTH: f32 = 200.0;
const NOTE_WIDTH: f32 = 240.0;
/// The narrowest the equipment grid's note gets in a narrow window.
const NOTE_MIN_WIDTH: f32 = 90.0;
const KIND_WIDTH: f32 = 150.0;
const VALUE_WIDTH: f32 = 56.0;

/// What turns an edit of the equipment into a command: a roster edit of
/// the character on the character screen, a campaign event in a campaign.
pub type EditFn<'a> = &'a dyn Fn(GearEdit) -> Command;

/// A combo box named `name` for screen readers; returns the value picked.
fn combo<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    id: egui::Id,
    name: &str,
    current: T,
    options: &[(T, String)],
    width: f32,
) -> Option<T> {
    let mut picked = None;
    let shown = options
        .iter()
        .find(|(v, _)| *v == current)
        .map_or_else(String::new, |(_, t)| t.clone());
    let r = egui::ComboBox::from_id_salt(id)
        .width(width)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (v, text) in options {
                if ui.selectable_label(*v == current, text).clicked() && *v != current {
                    picked = Some(*v);
                }
            }
        })
        .response;
    r.widget_info(|| WidgetInfo::labeled(egui::Role::ComboBox, true, name));
    picked
}

fn kind_options(lang: Lang) -> Vec<(GearKind, String)> {
    GearKind::ALL
        .iter()
        .map(|k| (*k, lang.t(k.key()).to_owned()))
        .collect()
}

/// The up, down and remove buttons of row `at` of `len`, each named with
/// the item; returns the edit asked for and the buttons' width.
fn row_actions(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    item: &str,
    at: usize,
    len: usize,
    moves: fn(usize, usize) -> GearEdit,
    removes: fn(usize) -> GearEdit,
) -> (Option<GearEdit>, f32) {
    let mut out = None;
    let r = ui.horizontal(|ui| {
        let named = |key: &str| cx.f(key, &[("item", item)]);
        if icon_button(
            ui,
            icons::ICON_ARROW_UPWARD,
            "",
            &named("list.move_up"),
            at > 0,
        )
        .clicked()
        {
            out = Some(moves(at, at - 1));
        }
        let down = at + 1 < len;
        if icon_button(
            ui,
            icons::ICON_ARROW_DOWNWARD,
            "",
            &named("list.move_down"),
            down,
        )
        .clicked()
        {
            out = Some(moves(at, at + 1));
        }
        if icon_button(
            ui,
            icons::ICON_DELETE,
            cx.t("list.remove"),
            &named("list.remove_named"),
            true,
        )
        .clicked()
        {
            out = Some(removes(at));
        }
    });
    (out, r.response.rect.width())
}

/// A field and a button to add one more: Enter in the field adds too, and
/// the cursor stays there for the next. Returns the name typed.
fn add_row(
    ui: &mut egui::Ui,
    label: &str,
    button: &str,
    text: &mut String,
    extra: impl FnOnce(&mut egui::Ui),
) -> Option<String> {
    let mut added = None;
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(label);
        let r = ui
            .add(egui::TextEdit::singleline(text).desired_width(NAME_WIDTH))
            .labelled_by(l.id);
        extra(ui);
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let ready = !text.trim().is_empty();
        let clicked = icon_button(ui, icons::ICON_ADD, button, button, ready).clicked();
        if ready && (enter || clicked) {
            added = Some(std::mem::take(text));
            if enter {
                r.request_focus();
            }
        }
    });
    added
}

/// A striped grid of rows under a header of column names (the last column,
/// the row's actions, has none).
fn headed_grid(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    id: impl std::hash::Hash + std::fmt::Debug,
    headers: &[&str],
    rows: impl FnOnce(&mut egui::Ui),
) {
    // Wider than a small window (a long note, a shooting profile): the
    // table scrolls sideways in its card, never widening the whole page
    // past the window's right edge.
    egui::ScrollArea::horizontal()
        .id_salt(("table-scroll", &id))
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new(id)
                .striped(true)
                .spacing(egui::vec2(space::M, space::S))
                .show(ui, |ui| {
                    for h in headers {
                        ui.strong(cx.t(h));
                    }
                    ui.strong("");
                    ui.end_row();
                    rows(ui);
                });
        });
}

/// A row's name: the new one typed, unless it is blank.
fn name_cell(ui: &mut egui::Ui, id: egui::Id, label: &str, name: &str) -> Option<String> {
    text_cell(ui, id.with("name"), label, name, NAME_WIDTH, "").filter(|n| !n.trim().is_empty())
}
