//! Damage to a robot: special damage (ROB-8) and malfunctions (ROB-9),
//! each effect with its chance, and the burning smell's end-of-turn roll.

use egui::RichText;
use egui_material_icons::icons;

use super::RobotView;
use crate::app::Command;
use crate::rules::Msg;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::robots::{self, DamageOdds};
use crate::ui::battle::parts::{bar, field, percent, roll_button};
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{Tone, alert, badge, card_title, icon_button};

/// The effects of a special damage or malfunction roll, with their chances.
fn effects_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, odds: &DamageOdds) {
    let max = odds.effects.iter().map(|(_, p)| *p).fold(0.0, f64::max);
    for (effect, p) in &odds.effects {
        bar(
            ui,
            &cx.lang
                .typeset(format!("{}: {}", cx.t(effect.key()), percent(*p))),
            *p,
            max,
        );
    }
}

impl RobotView {
    /// Special damage (ROB-8) and malfunctions (ROB-9).
    pub(super) fn damage_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, name: &str) {
        let model = cx.model;
        let rules = &cx.rules.robots;
        card_title(ui, icons::ICON_BUILD, cx.t("robot.special_damage"));
        field(
            ui,
            cx.t("robot.lost_this_turn"),
            &mut self.damage.lost,
            0..=20,
        );
        let lost = u32::try_from(self.damage.lost).unwrap_or(0);
        if let Some(bonus) = robots::damage_bonus(rules, lost) {
            let odds = robots::damage_odds(rules, lost);
            ui.label(
                RichText::new(cx.f(
                    "robot.damage_odds",
                    &[
                        ("bonus", &bonus.to_string()),
                        ("p", &percent(odds.malfunction)),
                    ],
                ))
                .strong(),
            );
            effects_ui(ui, cx, &odds);
            let word = cx.t("robot.roll_damage");
            if icon_button(ui, icons::ICON_CASINO, word, word, true).clicked() {
                self.damage.roll = Some(model.battle.log.len());
                cx.send(Command::RollTable(
                    Msg::new("robot.log.damage").text("robot", name),
                    TableRoll::RobotDamage { lost },
                ));
            }
        } else {
            ui.label(RichText::new(cx.t("robot.no_damage_lost")).color(palette().ink.subdued));
        }
        ui.separator();
        self.burning_ui(ui, cx, name);
        ui.separator();
        ui.checkbox(&mut self.damage.malfunctions, cx.t("robot.malfunctions"));
        if self.damage.malfunctions {
            field(ui, cx.t("robot.one_in"), &mut self.damage.one_in, 1..=100);
            let one_in = u32::try_from(self.damage.one_in).unwrap_or(0);
            match robots::malfunction_odds(rules, one_in) {
                Ok(odds) => {
                    ui.label(
                        RichText::new(cx.f(
                            "robot.malfunction_odds",
                            &[
                                ("p", &percent(odds.malfunction)),
                                ("count", &rules.malfunctions.lasts_turns.to_string()),
                            ],
                        ))
                        .strong(),
                    );
                    effects_ui(ui, cx, &odds);
                    roll_button(
                        ui,
                        cx.t("robot.roll_malfunction"),
                        Msg::new("robot.log.malfunction").text("robot", name),
                        TableRoll::RobotMalfunction { one_in },
                        cx,
                    );
                }
                Err(p) => {
                    alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                }
            }
        }
    }

    /// The burning smell's end-of-turn roll (ROB-8): set by a special
    /// damage roll that read it, or by the player.
    fn burning_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, name: &str) {
        let rules = &cx.rules.robots;
        self.take_rolls(cx);
        ui.checkbox(&mut self.damage.burning, cx.t("robot.burning"));
        if !self.damage.burning {
            return;
        }
        let smell = rules
            .special_damage
            .table
            .iter()
            .map(|l| &l.effect)
            .find(|e| matches!(e, robots::Effect::BurningSmell { .. }));
        if let Some(e) = smell {
            ui.label(
                RichText::new(cx.f(
                    "robot.burning_odds",
                    &[("p", &percent(robots::burning_smell_chance(e)))],
                ))
                .strong(),
            );
        }
        if self.damage.exploded {
            badge(ui, Tone::Dead, cx.t("robot.burning.destroyed"));
            return;
        }
        let word = cx.t("robot.roll_burning");
        if icon_button(ui, icons::ICON_LOCAL_FIRE_DEPARTMENT, word, word, true).clicked() {
            self.damage.burning_roll = Some(cx.model.battle.log.len());
            cx.send(Command::RollTable(
                Msg::new("robot.log.burning").text("robot", name),
                TableRoll::RobotBurningSmell,
            ));
        }
    }
}
