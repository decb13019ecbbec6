//! A soldier's or a character's card: his name, tags, profile and weapons,
//! lines of rules, and the boxes of his wounds.

use egui::text::LayoutJob;
use egui::{Align, CornerRadius, Layout, Margin, Stroke};

use super::parts::{append, font, measure, px, size, text};
use super::table::table_ui;
use crate::print::columns::{CardPlan, geometry};
use crate::print::model::{Card, Tag, Track};
use crate::ui::theme::PAPER;

/// The size of one box of a track.
fn box_size(t: &Track) -> egui::Vec2 {
    if t.numbered_from.is_some() {
        egui::vec2(px(11.0), px(8.0))
    } else {
        egui::vec2(px(8.0), px(8.0))
    }
}

/// The width a track takes on one line.
fn track_width(ui: &egui::Ui, t: &Track) -> f32 {
    let gap = px(2.0);
    measure(ui, &format!("{}:", t.label), size::BODY, true)
        + gap
        + px(1.0)
        + t.boxes as f32 * (box_size(t).x + gap)
}

/// A row of boxes: plain ones to tick (ticked ones filled and crossed, so
/// that they do not rely on the shade), or numbered ones.
pub(super) fn track_ui(ui: &mut egui::Ui, t: &Track) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = px(2.0);
        let label = ui.label(text(&format!("{}:", t.label), size::BODY, true, PAPER.ink));
        let described = match t.numbered_from {
            Some(from) => format!("{} {from}–{}", t.label, from + t.boxes.saturating_sub(1)),
            None => format!("{} {}/{}", t.label, t.ticked, t.boxes),
        };
        label.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &described));
        ui.add_space(px(1.0));
        let size = box_size(t);
        for i in 0..t.boxes {
            let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            let p = ui.painter();
            let ticked = t.numbered_from.is_none() && i < t.ticked;
            if ticked {
                p.rect_filled(rect, 0.0, PAPER.ticked);
                let cross = Stroke::new(px(0.8), PAPER.paper);
                let r = rect.shrink(px(1.5));
                p.line_segment([r.left_top(), r.right_bottom()], cross);
                p.line_segment([r.right_top(), r.left_bottom()], cross);
            }
            p.rect_stroke(
                rect,
                0.0,
                Stroke::new(px(0.6), PAPER.ink),
                egui::StrokeKind::Inside,
            );
            if let Some(from) = t.numbered_from {
                p.text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    (from + i).to_string(),
                    font(size::BOX_NUMBER, false),
                    PAPER.ink,
                );
            }
        }
    });
}

/// A tag: its word in its tone, framed. The sheet model's word carries its
/// own sign (`✓ fit`, `† dead`), so the state never rests on colour alone.
fn tag_ui(ui: &mut egui::Ui, tag: &Tag) {
    let color = match tag.tone {
        "good" => PAPER.good,
        "warn" => PAPER.warn,
        "bad" => PAPER.bad,
        _ => PAPER.info,
    };
    // Whole on one line: a tag that does not fit what is left of the row
    // starts the next one rather than being squeezed letter by letter.
    let margin = Margin::symmetric(px(3.0) as i8, px(1.0) as i8);
    let width = ui
        .painter()
        .layout_no_wrap(tag.text.clone(), font(size::TAG, true), color)
        .size()
        .x
        + margin.sum().x
        + px(1.0);
    if width > ui.available_width() {
        ui.end_row();
    }
    egui::Frame::new()
        .stroke(Stroke::new(px(0.5), color))
        .corner_radius(CornerRadius::same(px(2.0) as u8))
        .inner_margin(margin)
        .show(ui, |ui| {
            ui.add(
                egui::Label::new(text(&tag.text, size::TAG, true, color))
                    .wrap_mode(egui::TextWrapMode::Extend),
            );
        });
}

/// A card, `width` wide, its tables set by its plan.
pub(super) fn card_ui(ui: &mut egui::Ui, c: &Card, plan: &CardPlan, width: f32) {
    let inset = px(geometry::CARD_INSET);
    egui::Frame::new()
        .stroke(Stroke::new(px(0.7), PAPER.rule))
        .corner_radius(CornerRadius::same(px(3.0) as u8))
        .inner_margin(Margin::same(inset as i8))
        .show(ui, |ui| {
            card_content_ui(ui, c, plan, width - 2.0 * inset - 2.0)
        });
}

/// What a card says, `inner` wide: its header, tags, tables and lines.
pub(super) fn card_content_ui(ui: &mut egui::Ui, c: &Card, plan: &CardPlan, inner: f32) {
    ui.set_width(inner);
    card_header_ui(ui, c, inner);
    if !c.tags.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = px(3.0);
            for t in &c.tags {
                tag_ui(ui, t);
            }
        });
    }
    ui.add_space(px(2.0));
    card_tables_ui(ui, c, plan);
    for l in &c.lines {
        let mut job = LayoutJob::default();
        append(
            &mut job,
            &format!("{}: ", l.label),
            size::BODY,
            true,
            PAPER.ink,
        );
        append(&mut job, &l.value, size::BODY, false, PAPER.ink);
        job.wrap.max_width = inner;
        ui.add(egui::Label::new(job).wrap());
    }
}

/// The name and what he is, wrapping; the wound boxes on the right.
fn card_header_ui(ui: &mut egui::Ui, c: &Card, inner: f32) {
    let track = c
        .track
        .as_ref()
        .map_or(0.0, |t| track_width(ui, t) + ui.spacing().item_spacing.x);
    ui.horizontal_top(|ui| {
        let left = (inner - track).max(inner * 0.5);
        ui.allocate_ui_with_layout(egui::vec2(left, 0.0), Layout::top_down(Align::Min), |ui| {
            ui.set_width(left);
            let mut job = LayoutJob::default();
            append(&mut job, &c.title, size::CARD_TITLE, true, PAPER.ink);
            append(&mut job, "  ", size::BODY, false, PAPER.ink);
            append(&mut job, &c.subtitle, size::BODY, false, PAPER.subdued);
            ui.add(egui::Label::new(job).wrap());
        });
        if let Some(t) = &c.track {
            track_ui(ui, t);
        }
    });
}

/// A card's tables: a narrow profile beside the weapons when the plan
/// says both fit, else one under the other.
fn card_tables_ui(ui: &mut egui::Ui, c: &Card, plan: &CardPlan) {
    let tables = c.tables.iter().zip(&plan.tables);
    if plan.side {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = px(geometry::TABLES_GAP);
            for (t, p) in tables {
                ui.allocate_ui_with_layout(
                    egui::vec2(px(p.width()), 0.0),
                    Layout::top_down(Align::Min),
                    |ui| table_ui(ui, t, p),
                );
            }
        });
        return;
    }
    for (t, p) in tables {
        table_ui(ui, t, p);
    }
}
