//! The debrief's shared pieces: what every step reads, a step's title, and
//! the tests rolled since the mission.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, Debrief, TestKind};
use crate::ui::campaign::parts::state_tone;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::badge;

/// What a step of the debrief reads: the view's context, the campaign and
/// its debrief, the step's number, and what every step asks first.
#[derive(Clone, Copy)]
pub(super) struct Step<'a> {
    /// The view's context.
    pub(super) cx: &'a ViewCtx<'a>,
    /// The campaign.
    pub(super) c: &'a Campaign,
    /// Its id.
    pub(super) id: &'a str,
    /// Its debrief.
    pub(super) d: &'a Debrief,
    /// The step's number on the page.
    pub(super) step: u32,
    /// Every test owed is rolled (CMP-9).
    pub(super) tests_done: bool,
}

impl<'a> Step<'a> {
    /// Step `step` of the debrief `d` of `c`.
    pub(super) fn new(cx: &'a ViewCtx<'a>, c: &'a Campaign, d: &'a Debrief, step: u32) -> Self {
        Self {
            cx,
            c,
            id: c.id.as_str(),
            d,
            step,
            tests_done: d.pending.is_empty(),
        }
    }
}

/// A step's number and title, a tick once it is done (said to a screen
/// reader too).
pub(super) fn step_title(ui: &mut egui::Ui, cx: &ViewCtx<'_>, n: u32, title: &str, done: bool) {
    let said = cx.f(
        if done {
            "campaign.ui.step_done"
        } else {
            "campaign.ui.step_todo"
        },
        &[("step", &format!("{n}. {title}"))],
    );
    ui.horizontal(|ui| {
        let icon = if done {
            icons::ICON_CHECK_CIRCLE
        } else {
            icons::ICON_ARROW_FORWARD
        };
        let color = if done {
            palette().state.fit
        } else {
            palette().ink.accent
        };
        ui.label(icon.rich_text().size(20.0).color(color));
        ui.label(RichText::new(format!("{n}. {title}")).heading());
    })
    .response
    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
}

/// The tests of one kind rolled since the mission, each on its line: who,
/// the dice against his Cran, passed or failed (icon and word) and his
/// state now; a recon's die and result too (CMP-9, CMP-12, CMP-14).
pub(super) fn rolled_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    d: &Debrief,
    kind: TestKind,
) {
    for r in d.rolled.iter().filter(|r| r.kind == kind) {
        let name = queries::character(c, r.character).map_or("?", |x| x.name());
        let mut parts = Vec::new();
        if let Some((roll, effect)) = &r.recon {
            parts.push(cx.f(
                "campaign.ui.rolled_recon",
                &[("character", name), ("roll", &roll.to_string())],
            ));
            parts.push(cx.t(effect.key()).to_owned());
        }
        if let Some(roll) = &r.roll {
            let key = match kind {
                TestKind::Cran => "campaign.ui.rolled_cran",
                TestKind::Fate => "campaign.ui.rolled_fate",
                TestKind::Recon => "campaign.ui.rolled_recon_cran",
            };
            parts.push(cx.f(
                key,
                &[
                    ("character", name),
                    ("roll", &roll.to_string()),
                    ("cran", &r.cran.to_string()),
                ],
            ));
        }
        if let Some(points) = r.points {
            parts.push(cx.f(
                "campaign.ui.rolled_points",
                &[("points", &points.to_string())],
            ));
        }
        let tested = r.roll.is_some();
        let (icon, word, color) = if !tested {
            (icons::ICON_INFO, "", palette().ink.subdued)
        } else if r.passed {
            (
                icons::ICON_CHECK_CIRCLE,
                cx.t("campaign.ui.test_passed"),
                palette().state.fit,
            )
        } else {
            (
                icons::ICON_CANCEL,
                cx.t("campaign.ui.test_failed"),
                palette().state.error,
            )
        };
        let state = cx.t(r.state.key());
        let line = parts.join(" · ");
        let spoken = if tested {
            cx.f(
                "campaign.ui.rolled_said",
                &[("line", &line), ("result", word), ("state", state)],
            )
        } else {
            cx.f(
                "campaign.ui.rolled_said_untested",
                &[("line", &line), ("state", state)],
            )
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(icon.rich_text().color(color));
            ui.label(&line);
            if tested {
                ui.label(RichText::new(word).strong().color(color));
            }
            badge(ui, state_tone(r.state), state);
        })
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
    }
}
