//! A robot's advanced-order queue (ROB-5): the orders his Int lets him
//! hold, each in words, and the order being written.

use egui::RichText;
use egui_material_icons::icons;

use super::{RobotView, clock, hour_field};
use crate::i18n::Lang;
use crate::rules::robots::{self, Action, Order};
use crate::ui::battle::parts::field;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card_title, icon_button};

fn order_words(lang: Lang, order: &Order) -> String {
    match order {
        Order::Move { towards, .. } => {
            lang.f("robot.order.move", &[("hour", &towards.hour().to_string())])
        }
        Order::StayPut { .. } => lang.t("robot.order.stay").to_owned(),
    }
}

impl RobotView {
    /// The advanced-order queue (ROB-5).
    pub(super) fn orders_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, int: i32) {
        let rules = &cx.rules.robots;
        card_title(ui, icons::ICON_ROUTE, cx.t("robot.orders"));
        let ahead = robots::turns_ahead(rules, int);
        ui.label(cx.f(
            "robot.orders_ahead",
            &[("int", &int.to_string()), ("count", &ahead.to_string())],
        ));
        ui.label(
            RichText::new(cx.f("robot.turn_now", &[("turn", &self.now.to_string())])).strong(),
        );
        if self.queue.orders.is_empty() {
            ui.label(RichText::new(cx.t("robot.no_orders")).color(palette().ink.subdued));
        }
        for (turn, order) in &self.queue.orders {
            ui.horizontal_wrapped(|ui| {
                badge(
                    ui,
                    Tone::Info,
                    &cx.f("robot.turn", &[("turn", &turn.to_string())]),
                );
                ui.label(order_words(cx.lang, order));
            });
        }
        let missing = self.queue.missing(rules, int, self.now);
        if missing.is_empty() {
            badge(ui, Tone::Good, cx.t("robot.orders_complete"));
        } else {
            let turns: Vec<String> = missing.iter().map(u32::to_string).collect();
            badge(
                ui,
                Tone::Warning,
                &cx.f("robot.orders_missing", &[("turns", &turns.join(", "))]),
            );
        }
        ui.add_space(space::S);
        self.write_ui(ui, cx, int);
    }

    /// Writing an order for a turn ahead (ROB-5), and the next turn.
    fn write_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, int: i32) {
        let rules = &cx.rules.robots;
        ui.label(RichText::new(cx.t("robot.write")).strong());
        ui.horizontal_wrapped(|ui| {
            let mut turn = i64::from(self.draft.turn);
            field(ui, cx.t("robot.for_turn"), &mut turn, 1..=99);
            self.draft.turn = u32::try_from(turn).unwrap_or(1);
            ui.radio_value(&mut self.draft.moves, true, cx.t("robot.move_towards"));
            ui.radio_value(&mut self.draft.moves, false, cx.t("robot.stay_put"));
            if self.draft.moves {
                hour_field(ui, cx, cx.t("robot.bearing"), &mut self.draft.hour);
            }
        });
        ui.horizontal_wrapped(|ui| {
            let write = cx.t("robot.write_order");
            if icon_button(ui, icons::ICON_EDIT_NOTE, write, write, true).clicked() {
                let order = if self.draft.moves {
                    Order::Move {
                        towards: clock(self.draft.hour),
                        turret: None,
                    }
                } else {
                    Order::StayPut { turret: None }
                };
                match self
                    .queue
                    .write(rules, int, self.now, self.draft.turn, order)
                {
                    Ok(q) => {
                        self.queue = q;
                        self.draft.problem = None;
                        self.draft.turn = self.draft.turn.saturating_add(1);
                    }
                    Err(p) => self.draft.problem = Some(p),
                }
            }
            let next = cx.t("robot.next_turn");
            if icon_button(ui, icons::ICON_SKIP_NEXT, next, next, true).clicked() {
                let turn = self.now.saturating_add(1);
                let action = match self.queue.order(turn) {
                    Some(Order::Move { .. }) => Action::Move,
                    _ => Action::StayPut,
                };
                if let Ok((carried, rest)) = self.queue.carry_out(turn, action, clock(self.facing))
                {
                    self.facing = carried.facing.hour();
                    self.queue = rest;
                    self.now = turn;
                    self.draft.problem = None;
                }
            }
        });
        if let Some(p) = &self.draft.problem {
            alert(ui, Tone::Error, &cx.lang.problem_line(p));
        }
    }
}
