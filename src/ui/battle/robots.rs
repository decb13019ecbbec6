//! The battle screen's robot mode: a robot's advanced orders by Int
//! (ROB-5), its fire arc (ROB-6), the 2D6 target check (ROB-7), special
//! damage (ROB-8) and the optional malfunctions (ROB-9), each with its
//! exact odds and a seeded roll into the battle log. Random robots (ROB-10)
//! are offered only when the rules data gives their table.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::core::dice;
use crate::rules::core::msg::Arg;
use crate::rules::robots::{self, Action, Aim, Clock, DamageOdds, Order, OrderQueue, RobotSize};
use crate::rules::{Characteristic, Msg, Problem};
use crate::ui::battle::flyer_air::table_outcome;
use crate::ui::battle::parts::{bar, field, number, percent, roll_button};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// The robot being played, and what the player set up.
pub struct RobotView {
    /// The robot kind's id.
    pub kind: String,
    /// Its Int (the kind's, or typed in).
    pub int: i64,
    /// The turn that just ended: orders are written at its end.
    pub now: u32,
    /// Its written orders.
    pub queue: OrderQueue,
    /// The way it faces now.
    pub facing: u8,
    /// The order being written.
    pub draft: OrderDraft,
    /// The arc the robot looks along, and what is in it.
    pub arc: ArcView,
    /// The weapons fired this turn: (arm, weapon id) (ROB-2).
    pub firing: Vec<(usize, String)>,
    /// Why the last weapon picked cannot fire with the others.
    pub fire_problem: Option<Problem>,
    /// Its damage, malfunctions and burning smell.
    pub damage: DamageView,
}

impl Default for RobotView {
    fn default() -> Self {
        Self {
            kind: String::new(),
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
    pub turn: u32,
    /// Move (`true`) or stay put.
    pub moves: bool,
    /// The bearing, in clock hours.
    pub hour: u8,
    /// Why the last order was refused.
    pub problem: Option<Problem>,
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
    pub target_hour: u8,
    /// The arc is a turret's.
    pub turret: bool,
    /// The robot's I, when the group's rules set the arc by it (ROB-6).
    pub initiative: i64,
    /// Distance to the nearest enemy in the arc, if any.
    pub enemy: Option<i64>,
    /// Distance to the nearest friend in the arc, if any.
    pub friend: Option<i64>,
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
    pub lost: i64,
    /// Malfunctions are in play (ROB-9).
    pub malfunctions: bool,
    /// Their chance: 1 in this.
    pub one_in: i64,
    /// The log entry of the last special damage roll.
    pub roll: Option<usize>,
    /// It has a burning smell (ROB-8).
    pub burning: bool,
    /// The log entry of the last burning smell roll.
    pub burning_roll: Option<usize>,
    /// The burning smell blew it up.
    pub exploded: bool,
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

fn clock(hour: u8) -> Clock {
    Clock::new(hour).unwrap_or_default()
}

fn order_words(lang: Lang, order: &Order) -> String {
    match order {
        Order::Move { towards, .. } => {
            lang.f("robot.order.move", &[("hour", &towards.hour().to_string())])
        }
        Order::StayPut { .. } => lang.t("robot.order.stay").to_owned(),
    }
}

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
    /// Shows robot mode.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let rules = &cx.rules.robots;
        if self.kind.is_empty()
            && let Some(first) = rules.robots.first()
        {
            self.pick(first);
        }
        let name = rules.robot(&self.kind).map_or_else(
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
                if let Some(k) = rules.robot(&self.kind) {
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

    fn pick(&mut self, kind: &robots::RobotKind) {
        self.firing.clear();
        self.fire_problem = None;
        self.kind = kind.id.clone();
        self.int = i64::from(kind.profile.get(Characteristic::Int));
    }

    /// The robot kinds of the data, and random robots by size, greyed out
    /// with the rule while the data gives no table (ROB-10).
    fn kind_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let model = cx.model;
        let rules = &cx.rules.robots;
        let shown = rules
            .robot(&self.kind)
            .map_or("", |k| cx.lang.pick(&k.names))
            .to_owned();
        let mut chosen = None;
        let l = ui.label(cx.t("robot.kind"));
        egui::ComboBox::from_id_salt("robot-kind")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for k in &rules.robots {
                    if ui
                        .selectable_label(k.id == self.kind, cx.lang.pick(&k.names))
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

    /// The advanced-order queue (ROB-5).
    fn orders_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, int: i32) {
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

    /// The fire arc (ROB-6).
    fn arc_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, int: i32) {
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
    fn target_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, int: i32, name: &str) {
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

    /// Special damage (ROB-8) and malfunctions (ROB-9).
    fn damage_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, name: &str) {
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

    /// The weapons fired this turn, one per arm at a time (ROB-2).
    fn weapons_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let Some(kind) = cx.rules.robots.robot(&self.kind) else {
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

    /// What the last special damage and burning smell rolls said: a
    /// burning smell read on the table, an explosion.
    fn take_rolls(&mut self, cx: &ViewCtx<'_>) {
        if let Some(i) = self.damage.roll
            && let Some(e) = cx.model.battle.log.get(i)
        {
            let effect = match e.result.get("outcome") {
                Some(Arg::Msg(m)) => match m.get("effect") {
                    Some(Arg::Msg(effect)) => Some(effect.key.clone()),
                    _ => None,
                },
                _ => None,
            };
            if effect.as_deref() == Some(robots::Effect::BURNING_SMELL_KEY) {
                self.damage.burning = true;
                self.damage.exploded = false;
            }
            self.damage.roll = None;
        }
        if let Some(i) = self.damage.burning_roll
            && let Some(key) = table_outcome(cx, i)
        {
            self.damage.exploded =
                key == robots::table::BURNING_BANG || key == robots::table::BURNING_EXPLODES;
            self.damage.burning_roll = None;
        }
    }
}
