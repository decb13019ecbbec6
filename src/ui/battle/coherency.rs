//! The unit mode's coherency check (CC-3), as a player does it at the
//! table: with the tape, each model's distance to the nearest other model
//! of his unit. Those more than 2" from every fellow are shown by icon and
//! word on their line, and named with the rule below. Optional: off until
//! ticked.

use egui::RichText;

use crate::rules::close_combat::engagement::{coherency_problem, out_of_coherency_by_gap};
use crate::rules::robots::UnitKind;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge};

/// One unit's coherency check.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Coherency {
    /// The check is shown.
    on: bool,
    /// Each model's distance to his nearest fellow, in inches, front first.
    gaps: Vec<f64>,
}

/// A new model stands this close to a fellow until measured.
const DEFAULT_GAP: f64 = 1.0;

impl Coherency {
    /// Shows the check of the unit `side` whose models are `names`, front
    /// first.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, side: &str, names: &[String]) {
        ui.checkbox(
            &mut self.on,
            cx.f("battle.coherency.check", &[("side", side)]),
        );
        if !self.on {
            return;
        }
        self.gaps.resize(names.len(), DEFAULT_GAP);
        ui.label(RichText::new(cx.t("battle.coherency.hint")).color(palette().ink.subdued));
        let result = out_of_coherency_by_gap(&self.gaps, UnitKind::Creatures);
        let out: &[usize] = result.as_deref().unwrap_or(&[]);
        egui::Grid::new(("battle-coherency", side))
            .striped(true)
            .spacing([space::S, space::XS])
            .show(ui, |ui| {
                for (k, (name, gap)) in names.iter().zip(self.gaps.iter_mut()).enumerate() {
                    let who = format!("{}. {name}", k + 1);
                    ui.label(&who);
                    let field = cx.f("battle.coherency.gap", &[("side", side), ("who", &who)]);
                    let r = ui.add(
                        egui::DragValue::new(gap)
                            .range(0.0..=72.0)
                            .speed(0.1)
                            .fixed_decimals(1)
                            .suffix("\""),
                    );
                    r.widget_info(move || {
                        egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &field)
                    });
                    if out.contains(&k) {
                        badge(ui, Tone::Warning, cx.t("battle.coherency.out"));
                    } else {
                        badge(ui, Tone::Good, cx.t("battle.coherency.in"));
                    }
                    ui.end_row();
                }
            });
        match &result {
            Ok(out) if out.is_empty() => {
                badge(
                    ui,
                    Tone::Good,
                    &cx.f("battle.coherency.all_in", &[("side", side)]),
                );
            }
            Ok(out) => {
                for &k in out {
                    alert(
                        ui,
                        Tone::Warning,
                        &cx.lang.problem_line(&coherency_problem(k)),
                    );
                }
            }
            Err(p) => {
                alert(ui, Tone::Error, &cx.lang.problem_line(p));
            }
        }
    }
}
