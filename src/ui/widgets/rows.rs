//! Long lists drawn by what is on screen: rows of one height, cards in
//! rows, and a grid of cards, the others' space allocated so the scroll
//! bar is right.

use crate::ui::theme;

/// Rows of one height, of which only those on screen are drawn: the space
/// of the others is allocated, so the scroll bar is right. A frame then
/// costs what is visible, not what is in the list.
pub fn virtual_rows(
    ui: &mut egui::Ui,
    row_height: f32,
    count: usize,
    mut row: impl FnMut(&mut egui::Ui, usize),
) {
    if count == 0 {
        return;
    }
    let gap = ui.spacing().item_spacing.y;
    let stride = row_height + gap;
    let top = ui.cursor().top();
    let clip = ui.clip_rect();
    let index = |y: f32| {
        let i = ((y - top) / stride).floor();
        if i.is_finite() && i > 0.0 {
            (i as usize).min(count)
        } else {
            0
        }
    };
    let first = index(clip.top());
    // A list that starts below what is in view draws no row at all.
    let last = if clip.bottom() < top {
        first
    } else {
        (index(clip.bottom()) + 1).min(count).max(first)
    };
    let width = ui.available_width();
    if first > 0 {
        ui.allocate_space(egui::vec2(width, first as f32 * stride - gap));
    }
    for i in first..last {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(width, row_height), egui::Sense::hover());
        let mut child = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .id_salt(("row", i))
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        child.set_clip_rect(rect.intersect(ui.clip_rect()));
        row(&mut child, i);
    }
    if last < count {
        ui.allocate_space(egui::vec2(width, (count - last) as f32 * stride - gap));
    }
}

/// Cards of one inner width and any height, in as many rows as the space
/// needs: egui's wrapping layout cannot know a card's width before it is
/// drawn, so a row of many cards would run off the edge; here the cards a
/// row holds are counted first.
///
/// A row scrolled out of view, once drawn, keeps only its place: its
/// height from the last frame it was drawn in is taken, and its cards are
/// not laid out again (a table of twenty cards costs the few in view).
/// `id_salt` names the list among the others of the window.
pub fn card_rows<T>(
    ui: &mut egui::Ui,
    (id_salt, inner_width): (impl std::hash::Hash + std::fmt::Debug, f32),
    items: impl IntoIterator<Item = T>,
    mut cell: impl FnMut(&mut egui::Ui, T),
) {
    let gap = ui.spacing().item_spacing.x;
    let outer = inner_width + theme::card_frame().total_margin().sum().x;
    let columns = (((ui.available_width() + gap) / (outer + gap)).floor() as usize).max(1);
    // Named by the caller: another list before it never lends its heights.
    let rows_id = egui::Id::unique(("card_rows", id_salt, columns));
    let mut items = items.into_iter().peekable();
    let mut row = 0usize;
    while items.peek().is_some() {
        let id = rows_id.with(row);
        let known: Option<f32> = ui.data(|d| d.get_temp(id));
        let top = ui.cursor().top();
        let clip = ui.clip_rect();
        let out_of_view = known.is_some_and(|h| {
            top > clip.bottom() + CULL_MARGIN || top + h < clip.top() - CULL_MARGIN
        });
        if let (true, Some(height)) = (out_of_view, known) {
            items.by_ref().take(columns).for_each(drop);
            ui.allocate_space(egui::vec2(ui.available_width(), height));
        } else {
            let r = ui.horizontal_top(|ui| {
                for item in items.by_ref().take(columns) {
                    cell(ui, item);
                }
            });
            let height = r.response.rect.height();
            ui.data_mut(|d| d.insert_temp(id, height));
        }
        row += 1;
    }
}

/// How far beyond the visible part a row of cards is still drawn, so that
/// a card coming into view as one scrolls is already laid out.
const CULL_MARGIN: f32 = 200.0;

/// Cards of one size in rows that fill the width, only the rows in view
/// drawn (a long escort costs what is on screen).
pub fn card_grid(
    ui: &mut egui::Ui,
    count: usize,
    card: egui::Vec2,
    mut cell: impl FnMut(&mut egui::Ui, usize),
) {
    let gap = ui.spacing().item_spacing.x;
    let columns = (((ui.available_width() + gap) / (card.x + gap)).floor() as usize).max(1);
    let rows = count.div_ceil(columns);
    virtual_rows(ui, card.y, rows, |ui, row| {
        ui.with_layout(egui::Layout::left_to_right(egui::Align::TOP), |ui| {
            for i in row * columns..((row + 1) * columns).min(count) {
                ui.allocate_ui_with_layout(card, egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.set_min_size(card);
                    cell(ui, i);
                });
            }
        });
    });
}
