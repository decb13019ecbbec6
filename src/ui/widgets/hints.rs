//! Hints shown beside their widget where they cover no other control: a
//! card button's hint, on the side of the widget that has room.

use super::OPTION_TEXT_WIDTH;

/// The widest a card button's hint is: a card's width (`card_rows`).
const CARD_TIP_WIDTH: f32 = 240.0;

/// Where a widget stands, for its hint to cover none of its neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintPlace {
    /// On a card: the hint above it or beside it, over its own card,
    /// never over the controls below it.
    Card,
    /// On a list's line: the hint beside it on its own line, never over
    /// another line's controls, above or below.
    Line,
}

/// A widget's hint shown where it covers no other control (egui puts a
/// tooltip below its widget, where on a card it covers the next row's
/// buttons).
pub trait HintBeside: Sized {
    /// Shows `text` beside the widget when hovered, enabled or not, on a
    /// side where it covers no other control, the widget on a card.
    fn hint_beside(self, text: &str) -> Self {
        self.hint_beside_at(text, HintPlace::Card)
    }

    /// [`HintBeside::hint_beside`], the widget standing at `place`.
    fn hint_beside_at(self, text: &str, place: HintPlace) -> Self;
}

impl HintBeside for egui::Response {
    fn hint_beside_at(self, text: &str, place: HintPlace) -> Self {
        // Worked out only for the widget pointed at (a greyed one is
        // never "hovered").
        if !self.contains_pointer() {
            return self;
        }
        let tip = if self.enabled() {
            egui::Tooltip::for_enabled(&self)
        } else {
            egui::Tooltip::for_disabled(&self)
        };
        let widest = self.ctx.global_style().spacing.tooltip_width;
        let (width, side) = match place {
            // As narrow as a card, so as to stay over its own.
            HintPlace::Card => {
                let width = CARD_TIP_WIDTH.min(widest);
                (width, clear_side(&self, text, width))
            }
            // As wide as the room beside it, so as to stay on one line.
            HintPlace::Line => {
                let window = self.ctx.content_rect();
                let room =
                    (window.right() - self.rect.right()).max(self.rect.left() - window.left());
                let width = (room - AROUND).max(CARD_TIP_WIDTH);
                (width, clear_side_on_line(&self, text, width))
            }
        };
        let mut tip = tip.width(width);
        // Exactly there: egui's alternatives know nothing of the controls.
        tip.popup = tip.popup.align(side).align_alternatives(&[]);
        tip.show(|ui| {
            ui.label(text);
        });
        self
    }
}

/// The tooltip's gap to its widget.
const GAP: f32 = 4.0;
/// A tooltip's frame and its gap to the widget.
const AROUND: f32 = 24.0;

/// The side of `r` where a hint of `text`, `width` wide at most, stays in
/// the window, covers none of the next controls (below it, in its column:
/// the rest of a card or a list) and the fewest others of the last frame:
/// above it or beside it.
fn clear_side(r: &egui::Response, text: &str, width: f32) -> egui::RectAlign {
    use egui::RectAlign as A;
    const SIDES: [A; 7] = [
        A::TOP,
        A::TOP_END,
        A::TOP_START,
        A::RIGHT_START,
        A::LEFT_START,
        A::RIGHT_END,
        A::LEFT_END,
    ];
    let size = tip_size(r, text, width);
    let window = r.ctx.content_rect();
    let others = controls_around(r);
    // The next controls: below it, in its column.
    let next: Vec<&egui::Rect> = others
        .iter()
        .filter(|o| o.min.y >= r.rect.max.y && o.x_range().intersects(r.rect.x_range()))
        .collect();
    SIDES
        .into_iter()
        .filter(|side| {
            let at = side.align_rect(&r.rect, size, GAP);
            window.contains_rect(at) && !next.iter().any(|o| o.intersects(at))
        })
        .min_by_key(|side| {
            let at = side.align_rect(&r.rect, size, GAP);
            others.iter().filter(|o| o.intersects(at)).count()
        })
        .unwrap_or(A::TOP)
}

/// The side of `r`, on a list's line, where a hint of `text`, `width`
/// wide at most, stays in the window, covers no control of another line
/// in its column (the line above's or below's same button), then the
/// fewest of the other lines' controls, then of its own: beside it, level
/// with it, first. When no side is clear of its column, the side a card's
/// widget would take ([`clear_side`]).
fn clear_side_on_line(r: &egui::Response, text: &str, width: f32) -> egui::RectAlign {
    use egui::RectAlign as A;
    const SIDES: [A; 6] = [
        A::LEFT,
        A::RIGHT,
        A::LEFT_START,
        A::RIGHT_START,
        A::LEFT_END,
        A::RIGHT_END,
    ];
    let size = tip_size(r, text, width);
    let window = r.ctx.content_rect();
    let (own, lines): (Vec<egui::Rect>, Vec<egui::Rect>) = controls_around(r)
        .into_iter()
        .partition(|o| o.y_range().intersects(r.rect.y_range()));
    let column: Vec<&egui::Rect> = lines
        .iter()
        .filter(|o| o.x_range().intersects(r.rect.x_range()))
        .collect();
    let covered =
        |rects: &[egui::Rect], at: egui::Rect| rects.iter().filter(|o| o.intersects(at)).count();
    SIDES
        .into_iter()
        .map(|side| (side, side.align_rect(&r.rect, size, GAP)))
        .filter(|(_, at)| window.contains_rect(*at) && !column.iter().any(|o| o.intersects(*at)))
        .min_by_key(|(_, at)| (covered(&lines, *at), covered(&own, *at)))
        .map_or_else(|| clear_side(r, text, width), |(side, _)| side)
}

/// The size of a hint of `text`, `width` wide at most, with its frame.
fn tip_size(r: &egui::Response, text: &str, width: f32) -> egui::Vec2 {
    let style = r.ctx.global_style();
    let around = egui::Frame::popup(&style).total_margin().sum() + egui::Vec2::splat(2.0);
    let font = egui::TextStyle::Body.resolve(&style);
    let galley = r.ctx.fonts_mut(|f| {
        f.layout(
            text.to_owned(),
            font,
            egui::Color32::WHITE,
            width - around.x,
        )
    });
    galley.size() + around
}

/// The controls of the last frame on `r`'s layer, beside `r` (none
/// overlapping it).
fn controls_around(r: &egui::Response) -> Vec<egui::Rect> {
    r.ctx.viewport(|vp| {
        vp.prev_pass
            .widgets
            .get_layer(r.layer_id)
            .filter(|w| w.id != r.id && w.visible)
            // Controls: a label that selects its text clicks, but takes no
            // focus.
            .filter(|w| w.sense.senses_click() && w.sense.is_focusable())
            .map(|w| w.interact_rect)
            .filter(|o| !o.intersects(r.rect))
            .collect()
    })
}

/// Shows `add` as `r`'s tooltip (when hovered, enabled or not) beside it:
/// on the side of the window with more room, as narrow as that room asks,
/// and only when there is none above or below. egui puts a tooltip below
/// its widget, where in a list it covers the next option.
pub fn hover_beside(r: egui::Response, add: impl FnOnce(&mut egui::Ui)) -> egui::Response {
    const ELSE: [egui::RectAlign; 4] = [
        egui::RectAlign::RIGHT_START,
        egui::RectAlign::LEFT_START,
        egui::RectAlign::TOP_START,
        egui::RectAlign::BOTTOM_START,
    ];
    let window = r.ctx.content_rect();
    let (right, left) = (
        window.right() - r.rect.right(),
        r.rect.left() - window.left(),
    );
    let side = if right >= left {
        egui::RectAlign::RIGHT_START
    } else {
        egui::RectAlign::LEFT_START
    };
    let widest = r.ctx.global_style().spacing.tooltip_width;
    let width = (right.max(left) - AROUND).clamp(OPTION_TEXT_WIDTH.min(widest), widest);
    let tip = if r.enabled() {
        egui::Tooltip::for_enabled(&r)
    } else {
        egui::Tooltip::for_disabled(&r)
    };
    let mut tip = tip.width(width);
    tip.popup = tip.popup.align(side).align_alternatives(&ELSE);
    tip.show(add);
    r
}

/// `text` as `r`'s tooltip beside it ([`hover_beside`]).
pub fn hover_text_beside(r: egui::Response, text: &str) -> egui::Response {
    hover_beside(r, |ui| {
        ui.label(text);
    })
}
