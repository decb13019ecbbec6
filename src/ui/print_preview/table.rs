//! The sheet's tables: their columns' widths from the texts they hold, and
//! the table drawn as the template does (header shaded, rows striped).

use egui::{Align, Layout, Margin, Stroke};

use super::parts::{longest_word, measure, px, size, text};
use crate::print::model::Table;
use crate::ui::theme::PAPER;

/// The narrowest a table can be without breaking a word.
pub(super) fn table_floor(ui: &egui::Ui, t: &Table) -> f32 {
    let pad = 2.0 * px(size::CELL_X) + 1.0;
    (0..t.columns.len())
        .map(|c| {
            std::iter::once((t.columns[c].as_str(), true))
                .chain(
                    t.rows
                        .iter()
                        .filter_map(|r| r.get(c))
                        .map(|v| (v.as_str(), false)),
                )
                .map(|(v, b)| longest_word(ui, v, size::BODY, b))
                .fold(0.0, f32::max)
                + pad
        })
        .sum()
}

/// The widths of a table's columns in `width`: short columns as wide as
/// their longest value, wrapping columns sharing the rest; when the values
/// do not fit on one line, each column keeps at least its longest word and
/// the rest is shared by what the columns lack.
pub(super) fn column_widths(ui: &egui::Ui, t: &Table, width: f32) -> Vec<f32> {
    let pad = 2.0 * px(size::CELL_X) + 1.0;
    let cells = |c: usize| {
        std::iter::once((t.columns[c].as_str(), true)).chain(
            t.rows
                .iter()
                .filter_map(move |r| r.get(c))
                .map(|v| (v.as_str(), false)),
        )
    };
    let n = t.columns.len();
    let natural: Vec<f32> = (0..n)
        .map(|c| {
            cells(c)
                .map(|(v, b)| measure(ui, v, size::BODY, b))
                .fold(0.0, f32::max)
                + pad
        })
        .collect();
    let least: Vec<f32> = (0..n)
        .map(|c| {
            cells(c)
                .map(|(v, b)| longest_word(ui, v, size::BODY, b))
                .fold(0.0, f32::max)
                + pad
        })
        .collect();
    let wide: Vec<usize> = t.wide.iter().copied().filter(|&c| c < n).collect();
    let fixed: f32 = (0..n)
        .filter(|c| !wide.contains(c))
        .map(|c| natural[c])
        .sum();
    if !wide.is_empty() && fixed < width * 0.8 {
        let share = (width - fixed) / wide.len() as f32;
        return (0..n)
            .map(|c| if wide.contains(&c) { share } else { natural[c] })
            .collect();
    }
    let total: f32 = natural.iter().sum();
    if total <= width {
        return natural;
    }
    let floor: f32 = least.iter().sum();
    if floor >= width {
        return least.iter().map(|w| w * width / floor).collect();
    }
    let lacking = total - floor;
    let room = width - floor;
    (0..n)
        .map(|c| least[c] + (natural[c] - least[c]) * room / lacking)
        .collect()
}

/// A table, `width` wide, each cell wrapping within its column.
pub(super) fn table_ui(ui: &mut egui::Ui, t: &Table, width: f32) {
    if t.columns.is_empty() {
        return;
    }
    let widths = column_widths(ui, t, width);
    let total: f32 = widths.iter().sum();
    let top = ui.cursor().top();
    let left = ui.cursor().left();
    let rule = Stroke::new(px(0.4), PAPER.rule);
    let mut row_lines = Vec::new();
    ui.spacing_mut().item_spacing.y = 0.0;
    let header: Vec<&str> = t.columns.iter().map(String::as_str).collect();
    let rows = std::iter::once((None, header)).chain(
        t.rows
            .iter()
            .enumerate()
            .map(|(r, row)| (Some(r), row.iter().map(String::as_str).collect())),
    );
    for (r, cells) in rows {
        let background = ui.painter().add(egui::Shape::Noop);
        let row = ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            for (c, (w, value)) in widths.iter().zip(&cells).enumerate() {
                let wide = t.wide.contains(&c);
                let marked = r.is_some_and(|r| t.marked.contains(&(r, c)));
                let align = if wide { Align::Min } else { Align::Center };
                ui.allocate_ui_with_layout(egui::vec2(*w, 0.0), Layout::top_down(align), |ui| {
                    ui.set_width(*w);
                    egui::Frame::new()
                        .inner_margin(Margin::symmetric(
                            px(size::CELL_X) as i8,
                            px(size::CELL_Y) as i8,
                        ))
                        .show(ui, |ui| {
                            let bold = r.is_none() || marked;
                            let color = if marked { PAPER.accent } else { PAPER.ink };
                            ui.add(egui::Label::new(text(value, size::BODY, bold, color)).wrap());
                        });
                });
            }
        });
        let rect = egui::Rect::from_min_size(
            egui::pos2(left, row.response.rect.top()),
            egui::vec2(total, row.response.rect.height()),
        );
        let fill = match r {
            None => Some(PAPER.header),
            Some(r) if r % 2 == 0 => Some(PAPER.stripe),
            Some(_) => None,
        };
        if let Some(fill) = fill {
            ui.painter()
                .set(background, egui::Shape::rect_filled(rect, 0.0, fill));
        }
        row_lines.push(rect.bottom());
    }
    let bottom = row_lines.last().copied().unwrap_or(top);
    let p = ui.painter();
    for y in row_lines {
        p.line_segment([egui::pos2(left, y), egui::pos2(left + total, y)], rule);
    }
    let mut x = left;
    p.line_segment([egui::pos2(x, top), egui::pos2(x, bottom)], rule);
    for w in &widths {
        x += w;
        p.line_segment([egui::pos2(x, top), egui::pos2(x, bottom)], rule);
    }
    p.line_segment([egui::pos2(left, top), egui::pos2(left + total, top)], rule);
    ui.add_space(px(3.0));
}
