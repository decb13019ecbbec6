//! The print preview: the document's sheet model (the one the PDF and the
//! Markdown are made from) drawn as paper pages, in the PDF's typeface and
//! proportions, with the paper, the sheet's language and the rules appendix
//! to choose, "Export PDF…" and "Copy as text".

mod card;
mod card_pages;
mod chart;
mod controls;
mod parts;
mod pieces;
mod table;

use egui::{Align, Color32, Layout, Margin};

use crate::app::{Command, PreviewRequest};
use crate::print::columns::{SheetPlan, sheet_plan};
use crate::print::layout::{Piece, pages_from_map, paginate, pieces};
use crate::print::model::Sheet;
use crate::print::pdf::PageMap;
use crate::print::{Paper, SheetOptions};
use crate::rules::{Doc, DocKey};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{PAPER, space};
use crate::ui::widgets::{Tone, alert};
use controls::{controls_ui, typeset_ui};
use parts::{PT_PER_MM, font, px, size, text};
use pieces::{Drawn, piece_ui};

/// What the preview was drawn from, to build the sheet again only when it
/// changes.
struct Built {
    doc: Doc,
    options: SheetOptions,
    sheet: Sheet,
    pieces: Vec<Piece>,
    /// The plan of its tables on the paper it was made for, the PDF's.
    plan: (Paper, SheetPlan),
}

/// State of the print preview.
#[derive(Default)]
pub struct PrintPreviewView {
    built: Option<Built>,
    /// The measured height of each piece, on the paper below.
    heights: Vec<f32>,
    measured_on: Option<Paper>,
}

impl PrintPreviewView {
    /// Shows the preview of document `key`.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &DocKey) {
        let model = cx.model;
        let Some(doc) = model.doc(key) else {
            alert(ui, Tone::Info, cx.t("print.missing"));
            return;
        };
        let options = model.prefs.print.sheet_options(cx.lang);
        let paper = model.prefs.print.paper;
        let fresh = self
            .built
            .as_ref()
            .is_none_or(|b| b.options != options || b.doc != *doc);
        if fresh {
            self.heights.clear();
            let sheet = model.sheet_of(doc, options);
            self.built = Some(Built {
                doc: doc.clone(),
                options,
                pieces: pieces(&sheet),
                plan: (paper, sheet_plan(&sheet, paper)),
                sheet,
            });
        }
        if let Some(b) = self.built.as_mut().filter(|b| b.plan.0 != paper) {
            b.plan = (paper, sheet_plan(&b.sheet, paper));
        }
        controls_ui(ui, cx, key, doc.name());
        ui.add_space(space::L);
        let Some(built) = &self.built else {
            alert(
                ui,
                Tone::Info,
                &cx.f("print.no_sheet_here", &[("name", doc.name())]),
            );
            return;
        };
        if self.measured_on != Some(paper) {
            self.measured_on = Some(paper);
            self.heights.clear();
        }
        self.heights.resize(built.pieces.len(), 0.0);
        // The PDF's pages for the sheet shown, typeset on the app's thread.
        let preview = model
            .jobs
            .preview
            .as_ref()
            .filter(|p| p.request.paper == paper && p.request.sheet == built.sheet);
        if preview.is_none() {
            cx.send(Command::TypesetPreview(PreviewRequest {
                sheet: built.sheet.clone(),
                paper,
            }));
        }
        let done = preview.and_then(|p| p.result.as_ref());
        typeset_ui(ui, cx, done);
        let map = done.and_then(|d| d.as_ref().ok());
        if let Some(size) = built.sheet.card_size {
            card_pages::card_pages_ui(ui, &built.sheet, size, paper);
            return;
        }
        let before = self.heights.clone();
        pages_ui(ui, built, paper, &mut self.heights, map);
        if before != self.heights {
            // The first frame measures; the next lays the pages out.
            ui.ctx().request_repaint();
        }
    }
}

/// The pages, one under the other, centred: broken where the PDF's are
/// when typst has said where, else by the heights measured here.
fn pages_ui(
    ui: &mut egui::Ui,
    built: &Built,
    paper: Paper,
    heights: &mut [f32],
    map: Option<&PageMap>,
) {
    let (w_mm, h_mm) = paper.size_mm();
    let page = egui::vec2(px(w_mm * PT_PER_MM), px(h_mm * PT_PER_MM));
    let margin = px(size::MARGIN);
    let bottom = px(size::MARGIN_BOTTOM);
    let inner = egui::vec2(page.x - 2.0 * margin, page.y - margin - bottom);
    let pages = map
        .and_then(|m| pages_from_map(&built.pieces, m))
        .unwrap_or_else(|| paginate(&built.pieces, heights, inner.y));
    let count = pages.len();
    let sheet = &built.sheet;
    let drawn = Drawn {
        sheet,
        plan: &built.plan.1,
    };
    ui.vertical_centered(|ui| {
        for (n, on_page) in pages.iter().enumerate() {
            let frame = egui::Frame::new()
                .fill(PAPER.paper)
                .inner_margin(Margin {
                    left: margin as i8,
                    right: margin as i8,
                    top: margin as i8,
                    bottom: (bottom * 0.35) as i8,
                })
                .shadow(egui::Shadow {
                    offset: [0, 3],
                    blur: 12,
                    spread: 0,
                    color: Color32::from_black_alpha(120),
                });
            frame.show(ui, |ui| {
                ui.set_width(inner.x);
                page_style(ui);
                ui.with_layout(Layout::top_down(Align::Min), |ui| {
                    let top = ui.cursor().top();
                    for &i in on_page {
                        let drawn = ui.scope(|ui| piece_ui(ui, drawn, &built.pieces[i], inner.x));
                        heights[i] = drawn.response.rect.height() + ui.spacing().item_spacing.y;
                    }
                    // The footer at the foot of the page.
                    let used = ui.cursor().top() - top;
                    ui.add_space((inner.y - used).max(0.0) + bottom * 0.3);
                    footer_ui(ui, sheet, n + 1, count);
                });
            });
            ui.add_space(space::XL);
        }
    });
}

/// Ink on paper, the template's spacing.
fn page_style(ui: &mut egui::Ui) {
    let style = ui.style_mut();
    style.visuals.override_text_color = Some(PAPER.ink);
    style.spacing.item_spacing = egui::vec2(px(2.0), px(1.0));
    style
        .text_styles
        .insert(egui::TextStyle::Body, font(size::BODY, false));
}

/// The foot of page `n` of `count`: the sheet's title and the page.
fn footer_ui(ui: &mut egui::Ui, sheet: &Sheet, n: usize, count: usize) {
    let left = format!("{} — {}", sheet.title, sheet.labels.footer);
    let right = format!("{} {n} {} {count}", sheet.labels.page, sheet.labels.of);
    ui.horizontal(|ui| {
        ui.label(text(&left, size::FOOTER, false, PAPER.subdued));
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            ui.label(text(&right, size::FOOTER, false, PAPER.subdued));
        });
    });
}
