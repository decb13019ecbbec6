//! The compact list's columns: each one's width (the widest state badge,
//! name and kind in the reader's language, the most wound boxes), the
//! cells that keep them in line, and the headings above them.

use egui::RichText;
use egui_material_icons::icons;

use super::line::Line;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets;
use crate::ui::widgets::Tone;

/// The widths of a line's cells, so that the lines line up.
const STATE_WIDTH: f32 = 100.0;

/// The least a name or a kind is given.
const NAME_LEAST: f32 = 120.0;

const KIND_LEAST: f32 = 110.0;

/// The fights' width until the lines have been measured: a target's three
/// fights in French.
pub(super) const FIGHTS_WIDTH: f32 = 372.0;

/// The most the fights are given: a reason why none may be fought wraps.
pub(super) const FIGHTS_MOST: f32 = 420.0;

const WOUNDS_WIDTH: f32 = 110.0;

/// The turn's column: three action pips and "Act…", or an enemy's
/// "Activated".
pub(super) const TURN_WIDTH: f32 = 170.0;

/// A wound box and the space after it.
const WOUND_BOX_WIDTH: f32 = 34.0;

/// Room beside a name for the mark of one held in reserve.
const MARK_WIDTH: f32 = 22.0;

/// The name's and the kind's widths for `lines` in `budget`, what the
/// other columns leave: whole when they fit, else the name first, each
/// never under its least.
pub(super) fn name_and_kind_widths<'a>(
    ui: &egui::Ui,
    lines: impl Iterator<Item = &'a Line> + Clone,
    budget: f32,
) -> (f32, f32) {
    let (name, kind) = widest_texts(ui, lines);
    let budget = budget.max(NAME_LEAST + KIND_LEAST);
    let name = name.max(NAME_LEAST);
    let kind = kind.max(KIND_LEAST);
    if name + kind <= budget {
        return (name, kind);
    }
    let kind = kind.min(budget - name).max(KIND_LEAST);
    (name.min(budget - kind).max(NAME_LEAST), kind)
}

/// The states' column's width: room for the widest of its badges in the
/// reader's language ("hors de combat"), so a line out of action keeps
/// its name in the names' column.
pub(super) fn state_width(ui: &egui::Ui, cx: &ViewCtx<'_>) -> f32 {
    let dazzled = format!(
        "{} {}",
        icons::ICON_FLARE.codepoint,
        cx.t("campaign.ui.compact.dazzled")
    );
    [
        (Tone::Dead, cx.t("campaign.ui.out_of_action")),
        (Tone::Warning, dazzled.as_str()),
        (Tone::Info, cx.t("campaign.ui.compact.target")),
        (Tone::Good, cx.t("campaign.ui.in_action")),
    ]
    .into_iter()
    .map(|(tone, word)| widgets::badge_width(ui, tone, word))
    .fold(STATE_WIDTH, f32::max)
}

/// The widest name (with its side's icon and a reserve's mark) and kind of
/// `lines`: laid out again only when the lines' texts change, not every
/// frame.
fn widest_texts<'a>(ui: &egui::Ui, lines: impl Iterator<Item = &'a Line> + Clone) -> (f32, f32) {
    use std::hash::{Hash as _, Hasher as _};
    let font = egui::TextStyle::Body.resolve(ui.style());
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (font.size.to_bits(), &font.family).hash(&mut hasher);
    for l in lines.clone() {
        (&l.name, &l.kind).hash(&mut hasher);
    }
    let texts = hasher.finish();
    // One entry, replaced when the texts change.
    let id = egui::Id::unique("compact-text-widths");
    if let Some((_, known)) = ui
        .data(|d| d.get_temp::<(u64, (f32, f32))>(id))
        .filter(|(of, _)| *of == texts)
    {
        return known;
    }
    let text_width = |text: String| {
        ui.fonts_mut(|f| {
            f.layout_no_wrap(text, font.clone(), egui::Color32::WHITE)
                .size()
                .x
        })
    };
    let (mut name, mut kind) = (0.0_f32, 0.0_f32);
    for l in lines {
        // The side's icon and a space before the name.
        let shown = format!("{} {}", icons::ICON_SKULL.codepoint, l.name);
        name = name.max(text_width(shown) + MARK_WIDTH);
        kind = kind.max(text_width(l.kind.clone()));
    }
    ui.data_mut(|d| d.insert_temp(id, (texts, (name, kind))));
    (name, kind)
}

/// The wounds column's width: room for the most boxes a line shows, so
/// that a Space Marine's nine never push his buttons out of line.
pub(super) fn wounds_width<'a>(lines: impl Iterator<Item = &'a Line>) -> f32 {
    let most = lines.map(|l| l.wounds.0).max().unwrap_or(0);
    WOUNDS_WIDTH.max(most as f32 * WOUND_BOX_WIDTH)
}

/// A cell of `width`, its content left to right and centred on the line.
pub(super) fn cell(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    ui.allocate_ui_with_layout(
        egui::vec2(width, ui.spacing().interact_size.y),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_width(width);
            add(ui);
        },
    );
}

/// A cell exactly `width` wide whatever it holds: the cells after it stand
/// in one column on every line.
pub(super) fn fixed_cell(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let mut inside = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
    );
    add(&mut inside);
}

/// The widths of the columns that follow the lines' content.
pub(super) struct Widths {
    /// The states' column: its widest badge in the reader's language.
    pub(super) state: f32,
    pub(super) name: f32,
    pub(super) kind: f32,
    pub(super) wounds: f32,
    /// The turn's column, where a kill team is at the table.
    pub(super) turn: Option<f32>,
}

/// The columns' names, small, above the lines.
pub(super) fn headings_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, w: &Widths) {
    let heading = |ui: &mut egui::Ui, width: f32, key: &str| {
        cell(ui, width, |ui| {
            ui.label(
                RichText::new(cx.t(key))
                    .small()
                    .color(palette().ink.subdued),
            );
        });
    };
    ui.horizontal(|ui| {
        ui.spacing_mut().interact_size.y = 14.0;
        heading(ui, w.state, "campaign.ui.compact.col_state");
        heading(ui, w.name, "campaign.ui.compact.col_name");
        heading(ui, w.kind, "campaign.ui.compact.col_kind");
        heading(ui, w.wounds, "campaign.ui.wounds");
        if let Some(turn) = w.turn {
            heading(ui, turn, "campaign.ui.compact.col_turn");
        }
    });
}
