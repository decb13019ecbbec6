//! A robot's fire: his fire arc (ROB-6) with the distances to each side's
//! nearest model, the 2D6 target check (ROB-7), and the weapons fired this
//! turn, one per arm at a time (ROB-2).

use egui::RichText;
use egui_material_icons::icons;

use super::{RobotView, clock, hour_field};
use crate::rules::Msg;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::robots::{self, Aim};
use crate::ui::battle::parts::{number, percent, roll_button};
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{Tone, alert, badge, card_title};

/// A distance that may be absent (no model of that side in the arc).
fn optional_distance(ui: &mut egui::Ui, label: &str, value: &mut Option<i64>) {
    let mut on = value.is_some();
    if ui.checkbox(&mut on, label).changed() {
        *value = on.then_some(value.unwrap_or(12));
    }
    if let Some(v) = value {
        ui.add(egui::DragValue::new(v).range(0..=200).suffix("\""))
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, label));
    }
}

impl RobotView {
    /// The fire arc (ROB-6).
    pub(super) fn arc_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, int: i32) {
        let rules = &cx.rules.robots;
        card_title(ui, icons::ICON_RADAR, cx.t("robot.arc"));
        ui.horizontal_wrapped(|ui| {
            hour_field(ui, cx, cx.t("robot.facing"), &mut self.facing);
            hour_field(
                ui,
                cx,
                cx.t("robot.target_bearing"),
                &mut self.arc.target_hour,
            );
        });
        ui.checkbox(&mut self.arc.turret, cx.t("robot.turret"));
        // The group reads the source's "I" as printed: the robot's I sets
        // the arc, asked for here.
        let by_i = rules.fire_arc_by == robots::ArcBy::Initiative;
        if by_i {
            number(
                ui,
                cx.t("robot.initiative"),
                &mut self.arc.initiative,
                0..=10,
            );
        }
        let initiative = i32::try_from(self.arc.initiative).unwrap_or(0);
        let value = robots::arc_value(rules, int, initiative);
        let arc = if self.arc.turret {
            rules.turret_arc_degrees
        } else {
            robots::arc_degrees(rules, value)
        };
        let key = if by_i {
            "robot.arc_degrees_i"
        } else {
            "robot.arc_degrees"
        };
        ui.label(cx.f(
            key,
            &[("degrees", &format!("{arc}")), ("int", &value.to_string())],
        ));
        let bearing = clock(self.arc.target_hour).degrees();
        let inside = if self.arc.turret {
            robots::turret_can_fire_at(rules, clock(self.facing), bearing)
        } else {
            robots::can_fire_at(rules, value, clock(self.facing), bearing)
        };
        let hour = self.arc.target_hour.to_string();
        if inside {
            badge(ui, Tone::Good, &cx.f("robot.in_arc", &[("hour", &hour)]));
        } else {
            badge(
                ui,
                Tone::Warning,
                &cx.f("robot.out_of_arc", &[("hour", &hour)]),
            );
        }
    }

    /// The target check (ROB-7).
    pub(super) fn target_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, int: i32, name: &str) {
        let rules = &cx.rules.robots;
        card_title(ui, icons::ICON_MY_LOCATION, cx.t("robot.target_check"));
        ui.horizontal_wrapped(|ui| {
            optional_distance(ui, cx.t("robot.nearest_enemy"), &mut self.arc.enemy);
            optional_distance(ui, cx.t("robot.nearest_friend"), &mut self.arc.friend);
        });
        let aim = robots::aim(
            self.arc.enemy.map(|d| d as f64),
            self.arc.friend.map(|d| d as f64),
        );
        match aim {
            Aim::NoTarget => {
                badge(ui, Tone::Info, cx.t("robot.aim_none"));
            }
            Aim::Enemy => {
                badge(ui, Tone::Good, cx.t("robot.aim_enemy"));
            }
            Aim::Check => {
                badge(ui, Tone::Warning, cx.t("robot.aim_check"));
            }
        }
        let p = robots::aim_chance(rules, int);
        ui.label(
            RichText::new(cx.f(
                "robot.aim_odds",
                &[
                    ("int", &int.to_string()),
                    ("p", &percent(p)),
                    ("q", &percent(1.0 - p)),
                ],
            ))
            .strong(),
        );
        roll_button(
            ui,
            cx.t("robot.roll_target_check"),
            Msg::new("robot.log.aim").text("robot", name),
            TableRoll::RobotAim { int },
            cx,
        );
    }

    /// The weapons fired this turn, one per arm at a time (ROB-2).
    pub(super) fn weapons_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let Some(kind) = self.robot(&cx.rules.robots) else {
            return;
        };
        ui.add_space(space::S);
        ui.label(RichText::new(cx.t("robot.fire")).strong());
        let mut toggled = None;
        for (a, arm) in kind.arms.iter().enumerate() {
            ui.horizontal_wrapped(|ui| {
                let arm_name = cx.lang.pick(&arm.names);
                ui.label(arm_name);
                for w in &arm.weapons {
                    let mut on = self.firing.iter().any(|(k, id)| *k == a && *id == w.id);
                    let weapon = cx.lang.pick(&w.names);
                    let name = cx.f(
                        "robot.fire_weapon",
                        &[("arm", arm_name), ("weapon", weapon)],
                    );
                    let r = ui.checkbox(&mut on, weapon);
                    r.widget_info(|| {
                        egui::WidgetInfo::selected(egui::Role::CheckBox, true, on, &name)
                    });
                    if r.changed() {
                        toggled = Some((a, w.id.clone(), on));
                    }
                }
            });
        }
        if let Some((a, id, on)) = toggled {
            self.toggle_weapon(kind, a, id, on);
        }
        let names: Vec<String> = self
            .firing
            .iter()
            .filter_map(|(a, id)| {
                let arm = kind.arms.get(*a)?;
                let w = arm.weapons.iter().find(|w| w.id == *id)?;
                Some(cx.lang.pick(&w.names).to_owned())
            })
            .collect();
        let text = if names.is_empty() {
            cx.t("robot.fires_nothing").to_owned()
        } else {
            cx.f("robot.fires", &[("weapons", &names.join(", "))])
        };
        ui.label(text);
        if let Some(p) = &self.fire_problem {
            alert(ui, Tone::Error, &cx.lang.problem_line(p));
        }
    }

    /// Fires a weapon too, if the arm fires no other (ROB-2), or stops
    /// firing it.
    fn toggle_weapon(&mut self, kind: &robots::RobotKind, arm: usize, id: String, on: bool) {
        if !on {
            self.firing.retain(|(a, w)| !(*a == arm && *w == id));
            self.fire_problem = None;
            return;
        }
        let mut wanted = self.firing.clone();
        wanted.push((arm, id));
        let shots: Vec<(usize, &str)> = wanted.iter().map(|(a, w)| (*a, w.as_str())).collect();
        match robots::check_fire(kind, &shots) {
            Ok(()) => {
                self.firing = wanted;
                self.fire_problem = None;
            }
            Err(p) => self.fire_problem = Some(p),
        }
    }
}
