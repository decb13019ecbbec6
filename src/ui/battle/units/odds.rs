//! The unit mode's odds: the strike order (CC-7), the round's results and
//! casualties on each side, the fight to the end, exact or simulated with
//! 95 % intervals; and two pieces side by side where the window has room.

use egui::RichText;

use crate::app::{Command, SimRequest};
use crate::i18n::Lang;
use crate::rules::close_combat::fight_exact::FightOdds;
use crate::rules::close_combat::simulate::{Estimate, FightEstimate};
use crate::rules::close_combat::unit_round::{StrikeStep, UnitRoundOdds};
use crate::ui::battle::parts::{Unit, bars, percent};
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{Tone, alert, badge};

/// The simulated fight to the end: asked of the app's thread, shown once
/// done; a result for another situation than this one is stale and never
/// shown.
pub(super) fn simulated_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, request: SimRequest) {
    let (model, lang) = (cx.model, cx.lang);
    let current = model
        .jobs
        .simulation
        .as_ref()
        .filter(|s| s.request == request);
    if current.is_none() {
        cx.send(Command::Simulate(request));
    }
    match current.and_then(|s| s.result.as_ref()) {
        Some(Ok(e)) => sim_ui(ui, cx, e),
        Some(Err(p)) => {
            alert(ui, Tone::Error, &lang.problem_line(p));
        }
        None => {
            // No spinner: it would repaint every frame; the thread wakes
            // the window when it is done.
            badge(ui, Tone::Info, cx.t("battle.sim.running"));
        }
    }
}

/// The narrowest a chart of losses may be: its numbers and its bars.
const CHART_MIN_WIDTH: f32 = 380.0;

/// Two pieces side by side, in two columns, when each may be `min_width`
/// wide; otherwise one above the other, so neither runs off the window.
pub(super) fn two_up(ui: &mut egui::Ui, min_width: f32, mut add: impl FnMut(&mut egui::Ui, usize)) {
    let spacing = ui.spacing().item_spacing.x;
    if ui.available_width() >= 2.0 * min_width + spacing {
        ui.columns(2, |cols| {
            for (k, col) in cols.iter_mut().enumerate() {
                add(col, k);
            }
        });
    } else {
        for k in 0..2 {
            if k > 0 {
                ui.add_space(space::S);
            }
            add(ui, k);
        }
    }
}

/// The strike order, step by step (CC-7).
pub(super) fn order_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    first: &Unit,
    second: &Unit,
    steps: &[StrikeStep],
) {
    ui.label(RichText::new(cx.t("battle.units.order")).strong());
    let who = |u: &Unit, idx: &[usize]| -> String {
        let mut parts: Vec<(String, usize)> = Vec::new();
        for &k in idx {
            let name = u
                .group_of(k)
                .map(|g| {
                    if g.name.trim().is_empty() {
                        cx.t("battle.units.model").to_owned()
                    } else {
                        g.name.trim().to_owned()
                    }
                })
                .unwrap_or_default();
            match parts.last_mut() {
                Some((n, c)) if *n == name => *c += 1,
                _ => parts.push((name, 1)),
            }
        }
        parts
            .into_iter()
            .map(|(n, c)| format!("{n} ×{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (k, s) in steps.iter().enumerate() {
        let mut strikers = Vec::new();
        if !s.first.is_empty() {
            strikers.push(cx.lang.typeset(format!(
                "{}: {}",
                cx.t("battle.units.first"),
                who(first, &s.first)
            )));
        }
        if !s.second.is_empty() {
            strikers.push(cx.lang.typeset(format!(
                "{}: {}",
                cx.t("battle.units.second"),
                who(second, &s.second)
            )));
        }
        let key = if s.charged {
            "battle.units.step_charged"
        } else {
            "battle.units.step"
        };
        ui.label(cx.f(
            key,
            &[
                ("n", &(k + 1).to_string()),
                ("i", &s.i.to_string()),
                ("who", &strikers.join("; ")),
            ],
        ));
    }
}

/// The odds of the round: results and casualties on each side.
pub(super) fn round_odds_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, o: &UnitRoundOdds) {
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Good,
            &cx.f("battle.units.first_wins", &[("p", &percent(o.first_wins))]),
        );
        badge(
            ui,
            Tone::Info,
            &cx.f("battle.round.draw", &[("p", &percent(o.draw))]),
        );
        badge(
            ui,
            Tone::Warning,
            &cx.f(
                "battle.units.second_wins",
                &[("p", &percent(o.second_wins))],
            ),
        );
    });
    two_up(ui, CHART_MIN_WIDTH, |ui, k| {
        let (title, key, dist) = if k == 0 {
            (
                cx.t("battle.units.first_losses"),
                "battle.units.dead_first_bar",
                &o.first_casualties,
            )
        } else {
            (
                cx.t("battle.units.second_losses"),
                "battle.units.dead_second_bar",
                &o.second_casualties,
            )
        };
        ui.vertical(|ui| {
            ui.label(RichText::new(title).strong());
            bars(ui, cx, title, key, dist);
        });
    });
}

fn interval(lang: Lang, key: &str, e: &Estimate) -> String {
    lang.f(
        key,
        &[
            ("p", &percent(e.mean)),
            ("low", &percent(e.low)),
            ("high", &percent(e.high)),
        ],
    )
}

/// The exact fight to the end: every state counted, so no interval.
pub(super) fn exact_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, o: &FightOdds) {
    badge(ui, Tone::Good, cx.t("battle.sim.exact"));
    let chance = |key: &str, p: f64| cx.f(key, &[("p", &percent(p))]);
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Good,
            &chance("battle.sim.exact_first_wins", o.first_wins),
        );
        badge(
            ui,
            Tone::Warning,
            &chance("battle.sim.exact_second_wins", o.second_wins),
        );
        badge(
            ui,
            Tone::Info,
            &chance("battle.sim.exact_neither", o.neither),
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(chance("battle.sim.exact_first_routs", o.first_routs));
        ui.label(chance("battle.sim.exact_second_routs", o.second_routs));
        ui.label(cx.f(
            "battle.sim.exact_mean_rounds",
            &[("rounds", &format!("{:.2}", o.mean_rounds))],
        ));
    });
}

/// The simulated fight to the end, each chance with its 95 % interval.
fn sim_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, e: &FightEstimate) {
    badge(ui, Tone::Info, cx.t("battle.sim.simulated"));
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Good,
            &interval(cx.lang, "battle.sim.first_wins", &e.first_wins),
        );
        badge(
            ui,
            Tone::Warning,
            &interval(cx.lang, "battle.sim.second_wins", &e.second_wins),
        );
        badge(
            ui,
            Tone::Info,
            &interval(cx.lang, "battle.sim.neither", &e.neither),
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(interval(cx.lang, "battle.sim.first_routs", &e.first_routs));
        ui.label(interval(
            cx.lang,
            "battle.sim.second_routs",
            &e.second_routs,
        ));
        ui.label(cx.f(
            "battle.sim.mean_rounds",
            &[
                ("rounds", &format!("{:.2}", e.mean_rounds)),
                ("trials", &e.trials.to_string()),
            ],
        ));
    });
}
