//! The battle screen's robot mode: a robot's advanced orders by Int
//! (ROB-5), its fire arc (ROB-6), the 2D6 target check (ROB-7), special
//! damage (ROB-8) and the optional malfunctions (ROB-9), each with its
//! exact odds and a seeded roll into the battle log. Random robots (ROB-10)
//! are offered only when the rules data gives their table. The orders are
//! in `orders.rs`, the fire arc, the target check and the weapons in
//! `fire.rs`, special damage and malfunctions in `damage.rs`.

mod damage;
mod fire;
mod orders;

use egui_material_icons::icons;

use crate::app::HandRobot;
use crate::rules::battle::table_roll::TableResult;
use crate::rules::core::dice;
use crate::rules::robots::table::Burning;
use crate::rules::robots::{
    self, Clock, Effect, OrderQueue, RobotKind, RobotKindId, RobotRules, RobotSize,
};
use crate::rules::{Characteristic, Problem};
use crate::ui::battle::parts::field;
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{card, card_title};

/// The robot being played, and what the player set up.
pub struct RobotView {
    /// The robot kind's id, once one is picked.
    kind: Option<RobotKindId>,
    /// Its Int (the kind's, or typed in).
    int: i64,
    /// The turn that just ended: orders are written at its end.
    now: u32,
    /// Its written orders.
    queue: OrderQueue,
    /// The way it faces now.
    facing: u8,
    /// The order being written.
    draft: OrderDraft,
    /// The arc the robot looks along, and what is in it.
    arc: ArcView,
    /// The weapons fired this turn: (arm, weapon id) (ROB-2).
    firing: Vec<(usize, String)>,
    /// Why the last weapon picked cannot fire with the others.
    fire_problem: Option<Problem>,
    /// Its damage, malfunctions and burning smell.
    damage: DamageView,
}

impl Default for RobotView {
    fn default() -> Self {
        Self {
            kind: None,
            int: 8,
            now: 1,
            queue: OrderQueue::default(),
            facing: 12,
            draft: OrderDraft::default(),
            arc: ArcView::default(),
            firing: Vec::new(),
            fire_problem: None,
            damage: DamageView::default(),
        }
    }
}

/// The order being written: the turn, move or stay put, and the bearing.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderDraft {
    /// The turn it is for.
    turn: u32,
    /// Move (`true`) or stay put.
    moves: bool,
    /// The bearing, in clock hours.
    hour: u8,
    /// Why the last order was refused.
    problem: Option<Problem>,
}

impl Default for OrderDraft {
    fn default() -> Self {
        Self {
            turn: 2,
            moves: true,
            hour: 12,
            problem: None,
        }
    }
}

/// Its fire arc (ROB-6): the target's bearing, whose arc, and the
/// nearest enemy and friend in it.
#[derive(Clone, Debug, PartialEq)]
pub struct ArcView {
    /// The target's bearing, in clock hours.
    target_hour: u8,
    /// The arc is a turret's.
    turret: bool,
    /// The robot's I, when the group's rules set the arc by it (ROB-6).
    initiative: i64,
    /// Distance to the nearest enemy in the arc, if any.
    enemy: Option<i64>,
    /// Distance to the nearest friend in the arc, if any.
    friend: Option<i64>,
}

impl Default for ArcView {
    fn default() -> Self {
        Self {
            target_hour: 12,
            turret: false,
            initiative: 3,
            enemy: Some(12),
            friend: None,
        }
    }
}

/// The robot's damage this turn, its malfunctions and its burning smell.
#[derive(Clone, Debug, PartialEq)]
pub struct DamageView {
    /// Damage points lost this turn.
    lost: i64,
    /// Malfunctions are in play (ROB-9).
    malfunctions: bool,
    /// Their chance: 1 in this.
    one_in: i64,
    /// The log entry of the last special damage roll.
    roll: Option<usize>,
    /// It has a burning smell (ROB-8).
    burning: bool,
    /// The log entry of the last burning smell roll.
    burning_roll: Option<usize>,
    /// The burning smell blew it up.
    exploded: bool,
}

impl Default for DamageView {
    fn default() -> Self {
        Self {
            lost: 1,
            malfunctions: false,
            one_in: 6,
            roll: None,
            burning: false,
            burning_roll: None,
            exploded: false,
        }
    }
}

/// A clock bearing, 1 to 12 o'clock, with a visible label.
pub(super) fn hour_field(ui: &mut egui::Ui, cx: &ViewCtx<'_>, label: &str, hour: &mut u8) {
    let l = ui.label(label);
    ui.add(
        egui::DragValue::new(hour)
            .range(1..=12)
            .suffix(cx.t("robot.o_clock")),
    )
    .labelled_by(l.id);
}

fn clock(hour: u8) -> Clock {
    Clock::new(hour).unwrap_or_default()
}

impl RobotView {
    /// The weapons fired this turn: (arm, weapon id) (ROB-2).
    pub fn firing(&self) -> &[(usize, String)] {
        &self.firing
    }

    /// It has a burning smell (ROB-8).
    pub fn burning(&self) -> bool {
        self.damage.burning
    }

    /// Sets the damage points it lost this turn.
    pub fn set_points_lost(&mut self, lost: i64) {
        self.damage.lost = lost;
    }

    /// Shows robot mode.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let rules = &cx.rules.robots;
        if self.kind.is_none()
            && let Some(first) = rules.robots.first()
        {
            self.pick(first);
        }
        let name = self.robot(rules).map_or_else(
            || cx.t("robot.robot").to_owned(),
            |k| cx.lang.pick(&k.names).to_owned(),
        );
        let int = i32::try_from(self.int).unwrap_or(0);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_SMART_TOY, cx.t("robot.robot"));
            self.kind_ui(ui, cx);
            ui.horizontal_wrapped(|ui| {
                field(ui, cx.t("robot.int"), &mut self.int, 0..=10);
                if let Some(k) = self.robot(rules) {
                    let save = robots::save(rules, Some(k.save));
                    ui.label(cx.f(
                        "robot.profile",
                        &[
                            ("d", &k.profile.get(Characteristic::W).to_string()),
                            ("save", &format!("{save}+")),
                            ("weapons", &robots::weapons_at_once(k).to_string()),
                        ],
                    ));
                }
            });
            self.weapons_ui(ui, cx);
        });
        ui.add_space(space::M);
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.orders_ui(ui, cx, int);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.arc_ui(ui, cx, int);
            });
        });
        ui.add_space(space::M);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            self.target_ui(ui, cx, int, &name);
        });
        ui.add_space(space::M);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            self.damage_ui(ui, cx, &name);
        });
    }

    /// The robot kind picked, as the rules data gives it.
    fn robot<'a>(&self, rules: &'a RobotRules) -> Option<&'a RobotKind> {
        rules.robot(self.kind.as_ref()?)
    }

    fn pick(&mut self, kind: &RobotKind) {
        self.firing.clear();
        self.fire_problem = None;
        self.kind = Some(kind.id.clone());
        self.int = i64::from(kind.profile.get(Characteristic::Int));
    }

    /// The robot kinds of the data, and random robots by size, greyed out
    /// with the rule while the data gives no table (ROB-10).
    fn kind_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let model = cx.model;
        let rules = &cx.rules.robots;
        let shown = self
            .robot(rules)
            .map_or("", |k| cx.lang.pick(&k.names))
            .to_owned();
        let mut chosen = None;
        let l = ui.label(cx.t("robot.kind"));
        egui::ComboBox::from_id_salt("robot-kind")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for k in &rules.robots {
                    if ui
                        .selectable_label(self.kind.as_ref() == Some(&k.id), cx.lang.pick(&k.names))
                        .clicked()
                    {
                        chosen = Some(k.clone());
                    }
                }
                for size in RobotSize::ALL {
                    let word = cx.f("robot.random", &[("size", cx.t(size.key()))]);
                    match robots::can_make_random(rules, size) {
                        Ok(()) => {
                            if ui.selectable_label(false, &word).clicked() {
                                let mut dice = dice::seeded(model.battle.log.len() as u64);
                                if let Ok((k, _)) = robots::random_robot(rules, size, &mut dice) {
                                    chosen = Some(k.clone());
                                }
                            }
                        }
                        Err(p) => {
                            ui.add_enabled(
                                false,
                                egui::Button::selectable(false, format!("{word} ({})", p.rule)),
                            )
                            .on_disabled_hover_text(cx.lang.problem_line(&p));
                        }
                    }
                }
            })
            .response
            .labelled_by(l.id);
        if let Some(k) = chosen {
            self.pick(&k);
        }
    }

    /// What the last special damage and burning smell rolls said: a
    /// burning smell read on the table, an explosion.
    fn take_rolls(&mut self, cx: &ViewCtx<'_>) {
        if let Some(i) = self.damage.roll
            && let Some(e) = cx.model.battle.log.get(i)
        {
            if let Some(TableResult::RobotDamage(Some(Effect::BurningSmell { .. }))) = e.table {
                self.damage.burning = true;
                self.damage.exploded = false;
            }
            self.damage.roll = None;
        }
        if let Some(i) = self.damage.burning_roll
            && let Some(e) = cx.model.battle.log.get(i)
        {
            self.damage.exploded = e.table == Some(TableResult::RobotBurning(Burning::Explodes));
            self.damage.burning_roll = None;
        }
    }
}

impl RobotView {
    /// The robot as set up, to keep.
    pub(super) fn kept(&self) -> HandRobot {
        HandRobot {
            kind: self.kind.clone(),
            int: self.int,
            turn: self.now,
            orders: self.queue.clone(),
            facing: self.facing,
            firing: self.firing.clone(),
        }
    }

    /// The robot as kept: its kind, Int, turn, orders and facing.
    pub(super) fn of_kept(kept: &HandRobot) -> Self {
        Self {
            kind: kept.kind.clone(),
            int: kept.int,
            now: kept.turn,
            queue: kept.orders.clone(),
            facing: kept.facing,
            firing: kept.firing.clone(),
            // The order being written is for the turn after the last
            // written, as after writing it.
            draft: OrderDraft {
                turn: (kept.orders.orders.keys().next_back())
                    .map_or(kept.turn, |&t| t.max(kept.turn))
                    .saturating_add(1),
                ..OrderDraft::default()
            },
            ..Self::default()
        }
    }
}
