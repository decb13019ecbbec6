//! Cards for the table drawn as the PDF sets them: pages of cards of their
//! printed size side by side, the grid centred, the cut marks in the
//! margins, each card's footer at its foot.

use egui::{Color32, Stroke};

use super::card::{card_content_ui, track_ui};
use super::page_style;
use super::parts::{PT_PER_MM, px, size, text};
use crate::print::columns::card_plan;
use crate::print::model::{Block, Card, Sheet};
use crate::print::{CardSize, Paper};
use crate::ui::theme::{PAPER, space};

/// Screen points from millimetres on paper.
fn mm(v: f32) -> f32 {
    px(v * PT_PER_MM)
}

/// The template's inset inside a card, in millimetres.
const INSET_MM: f32 = 2.2;

/// The cards of `sheet`, `size` each, on pages of `paper`.
pub(super) fn card_pages_ui(ui: &mut egui::Ui, sheet: &Sheet, size: CardSize, paper: Paper) {
    let layout = size.layout(paper);
    let (w_mm, h_mm) = paper.size_mm();
    let page = egui::vec2(mm(w_mm), mm(h_mm));
    let cards: Vec<&Card> = (sheet.sections.iter())
        .flat_map(|s| s.blocks.iter())
        .flat_map(|b| match b {
            Block::Cards { cards } => cards.iter().collect(),
            _ => Vec::new(),
        })
        .collect();
    let per = usize::try_from(layout.per_page()).unwrap_or(1).max(1);
    let columns = usize::try_from(layout.columns).unwrap_or(1).max(1);
    let card = egui::vec2(mm(layout.width), mm(layout.height));
    ui.vertical_centered(|ui| {
        for on_page in cards.chunks(per) {
            let (rect, _) = ui.allocate_exact_size(page, egui::Sense::hover());
            let painter = ui.painter();
            painter.add(
                egui::Shadow {
                    offset: [0, 3],
                    blur: 12,
                    spread: 0,
                    color: Color32::from_black_alpha(120),
                }
                .as_shape(rect, 0.0),
            );
            painter.rect_filled(rect, 0.0, PAPER.paper);
            let grid = rect.min + egui::vec2(mm(layout.margin_x), mm(layout.margin_y));
            cut_marks(
                ui,
                egui::Rect::from_min_size(
                    grid,
                    egui::vec2(card.x * layout.columns as f32, card.y * layout.rows as f32),
                ),
                card,
                (layout.margin_x.min(layout.margin_y) - 1.5).clamp(1.0, 5.0),
            );
            for (i, c) in on_page.iter().enumerate() {
                let at =
                    grid + egui::vec2(card.x * (i % columns) as f32, card.y * (i / columns) as f32);
                card_face_ui(ui, c, egui::Rect::from_min_size(at, card), &sheet.subtitle);
            }
            ui.add_space(space::XL);
        }
    });
}

/// One card in its place: its border, its content clipped to it, its
/// footer at its foot.
fn card_face_ui(ui: &mut egui::Ui, c: &Card, rect: egui::Rect, footer: &str) {
    ui.painter().rect_stroke(
        rect,
        0.0,
        Stroke::new(px(0.3), PAPER.rule),
        egui::StrokeKind::Inside,
    );
    let inner = rect.shrink(mm(INSET_MM));
    // Set from the left, as the PDF sets it (the pages are centred).
    let layout = egui::Layout::top_down(egui::Align::Min);
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(inner).layout(layout));
    child.set_clip_rect(inner.intersect(ui.clip_rect()));
    page_style(&mut child);
    // The card's content, with no frame of its own (the card is the
    // frame), its wound boxes at its foot as the PDF sets them.
    let width = inner.width();
    let plan = card_plan(c, width / px(1.0));
    let bare = Card {
        track: None,
        ..c.clone()
    };
    card_content_ui(&mut child, &bare, &plan, width);
    if let Some(t) = &c.track {
        child.add_space(px(3.0));
        track_ui(&mut child, t);
    }
    let foot = egui::Rect::from_min_max(
        egui::pos2(inner.left(), inner.bottom() - mm(2.6)),
        inner.max,
    );
    ui.put(
        foot,
        egui::Label::new(text(footer, size::FOOTER * 0.7, false, PAPER.subdued)).truncate(),
    );
}

/// A short mark in the margin at each edge between cards, `len` mm long.
fn cut_marks(ui: &egui::Ui, grid: egui::Rect, card: egui::Vec2, len: f32) {
    let p = ui.painter();
    let stroke = Stroke::new(px(0.3), PAPER.ink);
    let (gap, len) = (mm(1.0), mm(len));
    let mut x = grid.left();
    while x <= grid.right() + 0.5 {
        p.vline(x, (grid.top() - gap - len)..=(grid.top() - gap), stroke);
        p.vline(
            x,
            (grid.bottom() + gap)..=(grid.bottom() + gap + len),
            stroke,
        );
        x += card.x;
    }
    let mut y = grid.top();
    while y <= grid.bottom() + 0.5 {
        p.hline((grid.left() - gap - len)..=(grid.left() - gap), y, stroke);
        p.hline((grid.right() + gap)..=(grid.right() + gap + len), y, stroke);
        y += card.y;
    }
}
