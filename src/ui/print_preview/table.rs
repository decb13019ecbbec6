//! The sheet's tables, drawn as the template does (header shaded, rows
//! striped) with the PDF's column plan.

use egui::{Align, Layout, Margin, Stroke};

use super::parts::{px, size, text};
use crate::print::columns::TablePlan;
use crate::print::model::Table;
use crate::ui::theme::PAPER;

/// A table set by its plan (the PDF's: `print::columns`), each cell
/// wrapping within its column.
pub(super) fn table_ui(ui: &mut egui::Ui, t: &Table, plan: &TablePlan) {
    if t.columns.is_empty() {
        return;
    }
    let widths: Vec<f32> = plan.widths.iter().map(|w| px(*w)).collect();
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
                            ui.add(egui::Label::new(text(value, plan.size, bold, color)).wrap());
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
