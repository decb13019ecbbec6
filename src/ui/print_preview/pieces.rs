//! The pieces of the sheet drawn on a page: the title, headings, blocks,
//! rows of cards, the sections side by side and the appendix's rules.

use egui::text::LayoutJob;
use egui::{Align, Layout};

use super::card::{card_ui, track_ui};
use super::parts::{append, heading, measure, px, size, text};
use super::table::table_ui;
use crate::print::columns::{SheetPlan, TablePlan, card_plan, in_halves, table_plan};
use crate::print::layout::Piece;
use crate::print::model::{Block, Fact, Section, Sheet, Table};
use crate::ui::theme::PAPER;

/// The sheet and the plan of its tables, the PDF's.
#[derive(Clone, Copy)]
pub(super) struct Drawn<'a> {
    pub(super) sheet: &'a Sheet,
    pub(super) plan: &'a SheetPlan,
}

/// Screen points to printed points.
fn pt(screen: f32) -> f32 {
    screen / px(1.0)
}

/// One piece of the sheet, `width` wide.
pub(super) fn piece_ui(ui: &mut egui::Ui, d: Drawn<'_>, piece: &Piece, width: f32) {
    let sheet = d.sheet;
    ui.set_width(width);
    match piece {
        Piece::Title => title_ui(ui, sheet),
        Piece::Heading(s) => heading(ui, &sheet.sections[*s].title, width),
        Piece::AppendixHeading => heading(ui, &sheet.labels.appendix, width),
        Piece::Block(s, b) => block_ui(ui, d, (*s, *b), width),
        Piece::Side(sections) => side_ui(ui, d, sections, width),
        Piece::Cards(s, b, c, beside) => cards_row_ui(ui, d, (*s, *b, *c), *beside, width),
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
fn side_ui(ui: &mut egui::Ui, d: Drawn<'_>, sections: &[(Vec<usize>, f32)], width: f32) {
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
                    whole_section_ui(ui, d, *s, w);
                }
            });
        }
    });
}

/// Cards `c` and `c + 1` of block `b` of section `s` side by side; a last
/// card alone may have the section `beside` next to it.
fn cards_row_ui(
    ui: &mut egui::Ui,
    d: Drawn<'_>,
    (s, b, c): (usize, usize, usize),
    beside: Option<usize>,
    width: f32,
) {
    let Block::Cards { cards } = &d.sheet.sections[s].blocks[b] else {
        return;
    };
    let gap = px(size::GAP);
    let half = (width - gap) / 2.0;
    ui.horizontal_top(|ui| {
        ui.spacing_mut().item_spacing.x = gap;
        for (i, card) in cards.iter().enumerate().skip(c).take(2) {
            let plan = d.plan.card(s, b, i).cloned();
            let plan = plan.unwrap_or_else(|| card_plan(card, pt(half)));
            ui.allocate_ui_with_layout(egui::vec2(half, 0.0), Layout::top_down(Align::Min), |ui| {
                card_ui(ui, card, &plan, half)
            });
        }
        if let Some(n) = beside {
            ui.allocate_ui_with_layout(egui::vec2(half, 0.0), Layout::top_down(Align::Min), |ui| {
                ui.set_width(half);
                whole_section_ui(ui, d, n, half);
            });
        }
    });
}

/// Section `s` whole, heading and blocks, in a column `width` wide.
fn whole_section_ui(ui: &mut egui::Ui, d: Drawn<'_>, s: usize, width: f32) {
    let section: &Section = &d.sheet.sections[s];
    heading(ui, &section.title, width);
    for (b, block) in section.blocks.iter().enumerate() {
        match block {
            // The VP table in two halves side by side.
            Block::Table(t) if in_halves(d.sheet, s, t) => {
                let plan = d.plan.table(s, b).cloned();
                let w = (width - px(4.0)) / 2.0;
                halves_ui(ui, t, &plan.unwrap_or_else(|| table_plan(t, pt(w))), width);
            }
            _ => block_ui(ui, d, (s, b), width),
        }
    }
}

/// A long table in two halves side by side, each with its header, both
/// set by the table's plan.
fn halves_ui(ui: &mut egui::Ui, t: &Table, plan: &TablePlan, width: f32) {
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
                table_ui(ui, &part, plan);
            });
        }
    });
}

/// Block `b` of section `s`, `width` wide.
fn block_ui(ui: &mut egui::Ui, d: Drawn<'_>, (s, b): (usize, usize), width: f32) {
    let block = &d.sheet.sections[s].blocks[b];
    match block {
        Block::Facts { facts } => facts_ui(ui, facts, width),
        Block::Table(t) => {
            let plan = d.plan.table(s, b).cloned();
            table_ui(ui, t, &plan.unwrap_or_else(|| table_plan(t, pt(width))));
        }
        Block::Text { text: t } => {
            ui.add(egui::Label::new(text(t, size::BODY, false, PAPER.ink)).wrap());
        }
        Block::Track(t) => track_ui(ui, t),
        Block::Chart(c) => super::chart::chart_ui(ui, c, width),
        // Cards come as pieces of their own (two side by side).
        Block::Cards { cards } => {
            for c in cards {
                card_ui(ui, c, &card_plan(c, pt(width)), width);
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
