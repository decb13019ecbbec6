//! What every piece of the preview draws with: the template's sizes in
//! printed points, scaled to the screen, its fonts, and text measured.

use egui::text::LayoutJob;
use egui::{Color32, FontFamily, FontId, RichText, Stroke};

use crate::ui::theme::{PAPER, SHEET_FONT, SHEET_FONT_BOLD};
use crate::ui::widgets;

/// Screen points per printed point: the page is drawn 1.5 times its printed
/// size, every size of the template in proportion, so that it reads on a
/// screen and breaks into pages much as the PDF does.
const SCALE: f32 = 1.5;
/// Printed points in a millimetre.
pub(super) const PT_PER_MM: f32 = 72.0 / 25.4;

/// The template's sizes, in printed points (`assets/sheets/sheet.typ`).
pub(super) mod size {
    pub const BODY: f32 = 7.6;
    pub const TITLE: f32 = 16.0;
    pub const SUBTITLE: f32 = 9.0;
    pub const HEADING: f32 = 10.0;
    pub const CARD_TITLE: f32 = 10.0;
    pub const TAG: f32 = 6.8;
    pub const FOOTER: f32 = 7.0;
    pub const BOX_NUMBER: f32 = 6.0;
    /// Page margins: sides and top, bottom (with the footer).
    pub const MARGIN: f32 = 31.2;
    pub const MARGIN_BOTTOM: f32 = 36.9;
    /// Gaps.
    pub const GAP: f32 = 5.0;
    pub const CELL_X: f32 = 3.0;
    pub const CELL_Y: f32 = 2.0;
}

/// Screen points from printed points.
pub(super) fn px(pt: f32) -> f32 {
    pt * SCALE
}

/// The sheet's font at `pt` printed points.
pub(super) fn font(pt: f32, bold: bool) -> FontId {
    let name = if bold { SHEET_FONT_BOLD } else { SHEET_FONT };
    FontId::new(px(pt), FontFamily::Name(name.into()))
}

/// A text in the sheet's font, size and colour.
pub(super) fn text(t: &str, pt: f32, bold: bool, color: Color32) -> RichText {
    RichText::new(t).font(font(pt, bold)).color(color)
}

/// Appends a text in the sheet's font to a layout job.
pub(super) fn append(job: &mut LayoutJob, t: &str, pt: f32, bold: bool, color: Color32) {
    job.append(
        t,
        0.0,
        egui::TextFormat {
            font_id: font(pt, bold),
            color,
            ..Default::default()
        },
    );
}

/// A section's heading, ruled under, `width` wide.
pub(super) fn heading(ui: &mut egui::Ui, title: &str, width: f32) {
    ui.add_space(px(6.0));
    ui.label(text(title, size::HEADING, true, PAPER.accent));
    let y = ui.cursor().top();
    let x = ui.cursor().left();
    ui.painter().line_segment(
        [egui::pos2(x, y), egui::pos2(x + width, y)],
        Stroke::new(px(1.0), PAPER.accent),
    );
    ui.add_space(px(3.0));
}

/// The width of a text on one line.
pub(super) fn measure(ui: &egui::Ui, t: &str, pt: f32, bold: bool) -> f32 {
    widgets::text_width(ui, text(t, pt, bold, PAPER.ink))
}
