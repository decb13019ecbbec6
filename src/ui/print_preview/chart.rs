//! A chart of the sheet drawn as the template draws it: bars and a line
//! over the missions, a threshold across, the axes named, and its words
//! under it (what a screen reader reads of it too).

use egui::{Stroke, pos2, vec2};

use super::parts::{font, px, size, text};
use crate::print::model::{Chart, Shade};
use crate::ui::theme::PAPER;

/// The chart's height on paper, in points, as in the template.
const HEIGHT: f32 = 105.0;

/// A step between the value marks that gives about five of them.
pub(super) fn step(top: f64) -> f64 {
    let raw = (top / 5.0).max(1.0);
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(raw)
}

/// Where a chart's values land on the screen.
struct Plot {
    rect: egui::Rect,
    /// The value at the top.
    top: f64,
    /// The width of one place.
    slot: f32,
}

impl Plot {
    fn x(&self, i: usize) -> f32 {
        self.rect.left() + self.slot * (i as f32 + 0.5)
    }

    fn y(&self, v: f64) -> f32 {
        self.rect.bottom() - (v / self.top) as f32 * self.rect.height()
    }
}

/// The chart, `width` wide.
pub(super) fn chart_ui(ui: &mut egui::Ui, c: &Chart, width: f32) {
    ui.label(text(&c.title, size::BODY, true, PAPER.ink));
    // The legend: what each mark is, in words.
    ui.horizontal_wrapped(|ui| {
        for b in &c.bars {
            ui.label(text("▮", size::FOOTER, false, ink(b.shade)));
            ui.label(text(&b.name, size::FOOTER, false, PAPER.subdued));
        }
        if let Some(l) = &c.line {
            ui.label(text("●", size::FOOTER, false, ink(l.shade)));
            ui.label(text(&l.name, size::FOOTER, false, PAPER.subdued));
        }
        if let Some(t) = &c.threshold {
            ui.label(text(
                &format!("- - {}", t.name),
                size::FOOTER,
                false,
                PAPER.bad,
            ));
        }
    });
    let (rect, response) = ui.allocate_exact_size(vec2(width, px(HEIGHT)), egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &c.summary));
    let rect = egui::Rect::from_min_max(
        rect.min + vec2(px(24.0), px(6.0)),
        rect.max - vec2(px(6.0), px(16.0)),
    );
    let top = c.top().max(1.0);
    let step = step(top);
    let plot = Plot {
        rect,
        top: (top / step).ceil() * step,
        slot: rect.width() / c.ticks.len().max(1) as f32,
    };
    axes_ui(ui, c, &plot, step);
    series_ui(ui, c, &plot);
    ui.label(text(&c.summary, size::FOOTER, false, PAPER.subdued));
}

/// The value marks with their grid, the places' labels (one every so
/// many, so that they never run together), and the axes with their names.
fn axes_ui(ui: &egui::Ui, c: &Chart, plot: &Plot, step: f64) {
    let p = ui.painter();
    let small = font(size::FOOTER, false);
    let rect = plot.rect;
    let mut v = 0.0;
    while v <= plot.top + f64::EPSILON {
        let y = plot.y(v);
        p.hline(rect.x_range(), y, Stroke::new(px(0.3), PAPER.rule));
        let at = pos2(rect.left() - px(3.0), y);
        p.text(
            at,
            egui::Align2::RIGHT_CENTER,
            v.to_string(),
            small.clone(),
            PAPER.subdued,
        );
        v += step;
    }
    let n = c.ticks.len();
    let every = n.div_ceil(25).max(1);
    for (i, t) in c.ticks.iter().enumerate() {
        if i % every == 0 || i + 1 == n {
            let at = pos2(plot.x(i), rect.bottom() + px(2.0));
            p.text(
                at,
                egui::Align2::CENTER_TOP,
                t,
                small.clone(),
                PAPER.subdued,
            );
        }
    }
    let at = pos2(rect.left() + px(2.0), rect.top());
    p.text(
        at,
        egui::Align2::LEFT_TOP,
        &c.y_label,
        small.clone(),
        PAPER.subdued,
    );
    let at = pos2(rect.left() - px(3.0), rect.bottom() + px(2.0));
    p.text(
        at,
        egui::Align2::RIGHT_TOP,
        &c.x_label,
        small,
        PAPER.subdued,
    );
    let axis = Stroke::new(px(0.6), PAPER.ink);
    p.line_segment([rect.left_bottom(), rect.right_bottom()], axis);
    p.line_segment([rect.left_top(), rect.left_bottom()], axis);
}

/// The bars, the threshold across, and the line with its points.
fn series_ui(ui: &egui::Ui, c: &Chart, plot: &Plot) {
    let p = ui.painter();
    // Stacked, each series on those before it; else side by side, the
    // place's width shared.
    let n = c.bars.len().max(1) as f32;
    let width = if c.stacked {
        plot.slot * 0.6
    } else {
        plot.slot * 0.6 / n
    };
    for i in 0..c.ticks.len() {
        let mut under = 0.0;
        for (k, bars) in c.bars.iter().enumerate() {
            let v = bars.values.get(i).copied().unwrap_or(0.0);
            let left = if c.stacked {
                plot.x(i) - width / 2.0
            } else {
                plot.x(i) - plot.slot * 0.3 + width * k as f32
            };
            let r = egui::Rect::from_min_max(
                pos2(left, plot.y(under + v)),
                pos2(left + width, plot.y(under)),
            );
            if v > 0.0 {
                p.rect_filled(r, 0.0, ink(bars.shade));
            }
            if c.stacked {
                under += v;
            }
        }
    }
    if let Some(t) = &c.threshold {
        let y = plot.y(t.value);
        // Dashed, so that it is told from the line without its colour.
        let across = [pos2(plot.rect.left(), y), pos2(plot.rect.right(), y)];
        let stroke = Stroke::new(px(0.8), PAPER.bad);
        p.extend(egui::Shape::dashed_line(&across, stroke, px(3.0), px(2.0)));
        let at = pos2(plot.rect.right(), y - px(1.0));
        let small = font(size::FOOTER, false);
        p.text(at, egui::Align2::RIGHT_BOTTOM, &t.name, small, PAPER.bad);
    }
    if let Some(line) = &c.line {
        let points: Vec<egui::Pos2> = (line.values.iter().enumerate())
            .map(|(i, v)| pos2(plot.x(i), plot.y(*v)))
            .collect();
        p.line(points.clone(), Stroke::new(px(1.2), ink(line.shade)));
        for at in points {
            p.circle_filled(at, px(1.8), ink(line.shade));
        }
    }
}

/// A series' ink on the paper, as the template gives it.
fn ink(shade: Shade) -> egui::Color32 {
    match shade {
        Shade::Plain => PAPER.rule,
        Shade::Accent => PAPER.accent,
        Shade::Good => PAPER.good,
        Shade::Warn => PAPER.warn,
        Shade::Bad => PAPER.bad,
        Shade::Info => PAPER.info,
    }
}
