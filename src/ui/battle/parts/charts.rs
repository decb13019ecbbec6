//! Chances as words and bars: a percentage, a distribution as a bar chart
//! with its numbers in words, one bar, a test's two outcomes, and an
//! attack's odds.

use egui::RichText;

use crate::rules::core::odds::Odds;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, badge};

/// A chance as a percentage: never below nought, a rounding's "-0.0 %"
/// included.
pub fn percent(p: f64) -> String {
    // Adding nought turns a negative zero into zero.
    format!("{:.1} %", p.clamp(0.0, 1.0) * 100.0 + 0.0)
}

/// A distribution as a bar chart (`egui_plot`), its numbers listed beside
/// it in words for screen readers (and for reading at a glance): `title`
/// names the chart, `key` is a plural key taking `count` and `p`, and
/// `{key}_axis` names what its bars count (the x axis). Counts whose chance
/// rounds to nothing are left out of the list, not the chart.
pub fn bars(ui: &mut egui::Ui, cx: &ViewCtx<'_>, title: &str, key: &str, dist: &[f64]) {
    let text = |k: usize, p: f64| cx.f(key, &[("count", &k.to_string()), ("p", &percent(p))]);
    let shown: Vec<(usize, f64)> = dist
        .iter()
        .copied()
        .enumerate()
        .filter(|&(k, p)| k == 0 || p >= 5e-7)
        .collect();
    let max = dist.iter().copied().fold(0.0_f64, f64::max).max(1e-9);
    ui.horizontal_top(|ui| {
        // The numbers, in words: each line also named for screen readers.
        ui.vertical(|ui| {
            ui.set_min_width(170.0);
            for &(k, p) in &shown {
                ui.label(RichText::new(text(k, p)).monospace());
            }
        });
        let chart: Vec<egui_plot::Bar> = dist
            .iter()
            .enumerate()
            .map(|(k, &p)| {
                egui_plot::Bar::new(k as f64, p * 100.0)
                    .width(0.7)
                    .name(text(k, p))
            })
            .collect();
        let last = dist.len().saturating_sub(1) as f64;
        let height = (shown.len() as f32 * 20.0).clamp(120.0, 220.0);
        let width = (ui.available_width() - space::S).clamp(160.0, 520.0);
        // The axes named: what is counted, and its chance.
        let x_axis = cx.t(&format!("{key}_axis")).to_owned();
        let name = cx.f("battle.chart", &[("what", title), ("axis", &x_axis)]);
        let axes = (x_axis, cx.t("battle.chart.chance_axis").to_owned());
        let r = crate::ui::widgets::still_plot(("odds-chart", key, title), (width, height), axes)
            .show_x(false)
            .show_y(false)
            .sense(egui::Sense::hover())
            .include_x(-0.5)
            .include_x(last + 0.5)
            .include_y(0.0)
            .include_y(max * 100.0)
            .x_axis_formatter(|m, _| {
                if m.value >= 0.0 && m.value.fract() == 0.0 {
                    format!("{}", m.value)
                } else {
                    String::new()
                }
            })
            .y_axis_formatter(|m, _| format!("{} %", m.value))
            .show(ui, |plot| {
                plot.bar_chart(
                    egui_plot::BarChart::new(title.to_owned(), chart).color(palette().ink.accent),
                );
            })
            .response;
        r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
    });
}

/// A test's two outcomes side by side, by word and colour: passing, then
/// failing.
pub fn pass_fail_ui(ui: &mut egui::Ui, passes: &str, fails: &str) {
    use crate::ui::widgets::{Tone, badge};
    ui.horizontal_wrapped(|ui| {
        badge(ui, Tone::Good, passes);
        badge(ui, Tone::Error, fails);
    });
}

/// One bar of a distribution, its words beside it for screen readers.
pub fn bar(ui: &mut egui::Ui, text: &str, p: f64, max: f64) {
    ui.horizontal(|ui| {
        ui.add_sized(
            [220.0, 18.0],
            egui::Label::new(RichText::new(text).monospace()),
        );
        let width = (ui.available_width() - 40.0).max(80.0);
        let (rect, r) = ui.allocate_exact_size(
            egui::vec2(width * (p / max.max(1e-9)) as f32 + 2.0, 14.0),
            egui::Sense::hover(),
        );
        ui.painter()
            .rect_filled(rect, egui::CornerRadius::same(3), palette().ink.accent);
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, text));
    });
}

/// The odds: the three chances in words, and the distribution of wounds as
/// a bar chart with its numbers beside it (for screen readers too).
pub fn odds_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, odds: &Odds) {
    ui.horizontal_wrapped(|ui| {
        let score = |s: Option<i32>| {
            s.map_or_else(|| cx.t("battle.impossible").to_owned(), |s| format!("{s}+"))
        };
        // Any face hits: said so, not "1+".
        let to_hit = match odds.score_to_hit {
            Some(s) if s <= 1 => cx.t("battle.automatic").to_owned(),
            s => score(s),
        };
        ui.label(cx.f(
            "battle.to_hit",
            &[("score", &to_hit), ("p", &percent(odds.hit))],
        ));
        ui.label(cx.f(
            "battle.to_wound",
            &[
                ("score", &score(odds.score_to_wound)),
                ("p", &percent(odds.wound)),
            ],
        ));
        let save = odds.score_to_save.map_or_else(
            || cx.t("battle.no_save").to_owned(),
            |s| {
                if odds.save_dice > 1 {
                    format!("{s}+ ({}D6)", odds.save_dice)
                } else {
                    format!("{s}+")
                }
            },
        );
        ui.label(cx.f("battle.save_score", &[("score", &save)]));
        ui.label(RichText::new(cx.f("battle.unsaved", &[("p", &percent(odds.unsaved))])).strong());
    });
    if odds.needs_consent {
        badge(ui, Tone::Warning, cx.t("battle.needs_consent"));
    }
    ui.add_space(space::XS);
    bars(
        ui,
        cx,
        cx.t("battle.chart.wounds"),
        "battle.wounds_bar",
        &odds.wounds,
    );
}
