//! The pieces of the sheet drawn on a page: the title, headings, blocks,
//! rows of cards, the sections side by side and the appendix's rules.

use egui::text::LayoutJob;
use egui::{Align, Layout};

use super::card::{card_ui, track_ui};
use super::parts::{append, heading, measure, px, size, text};
use super::table::table_ui;
use crate::print::layout::Piece;
use crate::print::model::{Block, Fact, Section, Sheet, Table};
use crate::ui::theme::PAPER;

/// One piece of the sheet, `width` wide.
pub(super) fn piece_ui(ui: &mut egui::Ui, sheet: &Sheet, piece: &Piece, width: f32) {
    ui.set_width(width);
    match piece {
        Piece::Title => title_ui(ui, sheet),
        Piece::Heading(s) => heading(ui, &sheet.sections[*s].title, width),
        Piece::AppendixHeading => heading(ui, &sheet.labels.appendix, width),
        Piece::Block(s, b) => block_ui(ui, &sheet.sections[*s].blocks[*b], width),
        Piece::Side(sections) => side_ui(ui, sheet, sections, width),
        Piece::Cards(s, b, c, beside) => {
            if let Block::Cards { cards } = &sheet.sections[*s].blocks[*b] {
                cards_row_ui(ui, sheet, &cards[*c..], *beside, width);
            }
        }
        Piece::Rule(i) => {
            let r = &sheet.appendix[*i];
            let mut job = LayoutJob::default();
            append(
                &mut job,
                &format!("{} — {}. ", r.id, r.title),
                size::BODY,
                true,
                PAPER.ink,
            );
            append(&mut job, &r.text, size::BODY, false, PAPER.ink);
            job.wrap.max_width = width;
            ui.add(egui::Label::new(job).wrap());
        }
    }
}

/// The sheet's title, its subtitle on the right.
fn title_ui(ui: &mut egui::Ui, sheet: &Sheet) {
    ui.horizontal(|ui| {
        ui.label(text(&sheet.title, size::TITLE, true, PAPER.ink));
        ui.with_layout(Layout::right_to_left(Align::BOTTOM), |ui| {
            ui.add(
                egui::Label::new(text(&sheet.subtitle, size::SUBTITLE, false, PAPER.subdued))
                    .wrap(),
            );
        });
    });
}

/// Columns of whole sections side by side, each with its share of the
/// width.
fn side_ui(ui: &mut egui::Ui, sheet: &Sheet, sections: &[(Vec<usize>, f32)], width: f32) {
    let gap = px(10.0);
    let shares: f32 = sections.iter().map(|(_, w)| w).sum();
    let room = width - gap * (sections.len().saturating_sub(1)) as f32;
    ui.horizontal_top(|ui| {
        ui.spacing_mut().item_spacing.x = gap;
        for (column, share) in sections {
            let w = room * share / shares;
            ui.allocate_ui_with_layout(egui::vec2(w, 0.0), Layout::top_down(Align::Min), |ui| {
                ui.set_width(w);
                for s in column {
                    whole_section_ui(ui, &sheet.sections[*s], w);
                }
            });
        }
    });
}

/// The first two of `cards` side by side; a last card alone may have the
/// section `beside` next to it.
fn cards_row_ui(
    ui: &mut egui::Ui,
    sheet: &Sheet,
    cards: &[crate::print::model::Card],
    beside: Option<usize>,
    width: f32,
) {
    let gap = px(size::GAP);
    let half = (width - gap) / 2.0;
    ui.horizontal_top(|ui| {
        ui.spacing_mut().item_spacing.x = gap;
        for card in cards.iter().take(2) {
            ui.allocate_ui_with_layout(egui::vec2(half, 0.0), Layout::top_down(Align::Min), |ui| {
                card_ui(ui, card, half)
            });
        }
        if let Some(n) = beside {
            ui.allocate_ui_with_layout(egui::vec2(half, 0.0), Layout::top_down(Align::Min), |ui| {
                ui.set_width(half);
                whole_section_ui(ui, &sheet.sections[n], half);
            });
        }
    });
}

/// A section whole, heading and blocks, in a column `width` wide.
fn whole_section_ui(ui: &mut egui::Ui, section: &Section, width: f32) {
    heading(ui, &section.title, width);
    for b in &section.blocks {
        match b {
            // The VP table in two halves side by side.
            Block::Table(t) if section.id == "vp" && t.rows.len() > 4 => halves_ui(ui, t, width),
            _ => block_ui(ui, b, width),
        }
    }
}

/// A long table in two halves side by side, each with its header.
fn halves_ui(ui: &mut egui::Ui, t: &Table, width: f32) {
    let half = t.rows.len().div_ceil(2);
    let gap = px(4.0);
    let w = (width - gap) / 2.0;
    ui.horizontal_top(|ui| {
        ui.spacing_mut().item_spacing.x = gap;
        for rows in [&t.rows[..half], &t.rows[half..]] {
            let part = Table {
                rows: rows.to_vec(),
                marked: Vec::new(),
                ..t.clone()
            };
            ui.allocate_ui_with_layout(egui::vec2(w, 0.0), Layout::top_down(Align::Min), |ui| {
                table_ui(ui, &part, w);
            });
        }
    });
}

/// A block of a section, `width` wide.
fn block_ui(ui: &mut egui::Ui, block: &Block, width: f32) {
    match block {
        Block::Facts { facts } => facts_ui(ui, facts, width),
        Block::Table(t) => table_ui(ui, t, width),
        Block::Text { text: t } => {
            ui.add(egui::Label::new(text(t, size::BODY, false, PAPER.ink)).wrap());
        }
        Block::Track(t) => track_ui(ui, t),
        // Cards come as pieces of their own (two side by side).
        Block::Cards { cards } => {
            for c in cards {
                card_ui(ui, c, width);
            }
        }
    }
}

/// Facts: the labels in a column as wide as the longest (at most 45 %),
/// each value beside its label.
fn facts_ui(ui: &mut egui::Ui, facts: &[Fact], width: f32) {
    let label_width = facts
        .iter()
        .map(|f| measure(ui, &f.label, size::BODY, true))
        .fold(0.0, f32::max)
        .min(width * 0.45);
    let gap = px(6.0);
    for f in facts {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            ui.allocate_ui_with_layout(
                egui::vec2(label_width, 0.0),
                Layout::top_down(Align::Min),
                |ui| {
                    ui.set_width(label_width);
                    ui.add(egui::Label::new(text(&f.label, size::BODY, true, PAPER.ink)).wrap());
                },
            );
            ui.add(egui::Label::new(text(&f.value, size::BODY, false, PAPER.ink)).wrap());
        });
    }
}
