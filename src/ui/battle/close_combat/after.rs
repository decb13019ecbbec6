//! The close-combat mode after the round (CC-13 … CC-18): who won, from the
//! odds or the last roll; the loser pushed back with the room behind him
//! (CC-14); the winner following up, or staying on a 2D6 test against his
//! Ld rolled into the log (CC-15); and a fighter breaking off, his rout
//! test and the free blow struck at him at WS 1, with their exact odds and
//! rolls (CC-18). The creature attacker (CC-19), the characteristic test
//! (CC-21) and the charge (CC-1, CC-2) have their own files; this view keeps
//! the values they share (each side's M and Ld).

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::battle::Fight;
use crate::rules::battle::scenario::Scenario;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::close_combat::odds::Fighter;
use crate::rules::close_combat::roll::MeleeRoll;
use crate::rules::close_combat::{self, FollowUp, RoundResult, unit_round};
use crate::rules::{Characteristic, Msg, Profile};
use crate::ui::battle::close_combat::charge::ChargeView;
use crate::ui::battle::close_combat::creature::CreatureView;
use crate::ui::battle::close_combat::test::TestView;
use crate::ui::battle::parts::{Situation, bars, dice_text, num, pass_fail_ui, percent};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// One of the two fighters of the close-combat mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// The attacker (left card).
    #[default]
    Attacker,
    /// The defender (right card).
    Defender,
}

/// The close-combat mode's state after the blows.
pub struct CcAfterView {
    /// The attacker's M.
    attacker_m: i64,
    /// The attacker's Ld.
    attacker_ld: i64,
    /// The defender's M.
    defender_m: i64,
    /// The defender's Ld.
    defender_ld: i64,
    /// The round's result for the attacker (CC-13), as chosen or as the
    /// last roll gave it.
    result: RoundResult,
    /// The length of the battle log when the result was last taken from it.
    seen_log: usize,
    /// The title of the roll the result was taken from.
    from_roll: Option<Msg>,
    /// What stops the loser, and whether the winner follows up (CC-14,
    /// CC-15).
    push: PushBack,
    /// Who breaks off (CC-18).
    breaker: Side,
    /// He is a robot: no rout test (ROB-3).
    robot: bool,
    /// The charge (CC-1, CC-2).
    charge: ChargeView,
    /// The creature attacker (CC-19).
    creature: CreatureView,
    /// The characteristic test (CC-21).
    test: TestView,
    /// Which of what comes after the blows is shown.
    section: Section,
}

/// What comes after the blows, one shown at a time under its tab: the
/// fight's own result first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Section {
    /// Push back and follow up (CC-13 … CC-15).
    #[default]
    After,
    /// Breaking off (CC-18).
    BreakOff,
    /// A creature attacker (CC-19).
    Creature,
    /// A characteristic test (CC-21).
    Test,
}

impl Default for CcAfterView {
    fn default() -> Self {
        Self {
            attacker_m: 4,
            attacker_ld: 7,
            defender_m: 4,
            defender_ld: 7,
            result: RoundResult::Won,
            seen_log: 0,
            from_roll: None,
            push: PushBack::default(),
            breaker: Side::Attacker,
            robot: false,
            charge: Default::default(),
            creature: Default::default(),
            test: Default::default(),
            section: Section::After,
        }
    }
}

/// The loser pushed back (CC-14) and the winner's follow-up (CC-15), as
/// the player set them.
#[derive(Clone, Debug, PartialEq)]
pub struct PushBack {
    /// Something stops the loser behind him (CC-14).
    blocked: bool,
    /// How far he can go before it, in inches.
    room: f64,
    /// The winner is behind a defended position or obstacle (CC-15).
    defended: bool,
    /// The winner's opponent was killed (CC-15).
    opponent_killed: bool,
    /// The winner wants to stay (CC-15).
    wants_stay: bool,
}

impl Default for PushBack {
    fn default() -> Self {
        Self {
            blocked: false,
            room: 1.0,
            defended: false,
            opponent_killed: false,
            wants_stay: false,
        }
    }
}

fn i32_of(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(0)
}

fn u32_of(v: i64) -> u32 {
    u32::try_from(v.max(0)).unwrap_or(0)
}

/// The round's result for the attacker that the last roll of the battle
/// log gave, if it was a close-combat roll of this mode: one attack (the
/// defender caused nothing), or a round of one against one, replayed from
/// its seed (CC-13).
pub fn last_result(cx: &ViewCtx<'_>) -> Option<(RoundResult, Msg)> {
    let model = cx.model;
    let e = model.battle.log.last()?;
    let result = match &e.fight {
        Fight::Attack(Scenario::CloseCombat(_)) => close_combat::result(e.wounds, 0),
        Fight::Units(a, b) if a.len() == 1 && b.len() == 1 => {
            let mut dice = e.dice();
            unit_round::roll_unit_round(&cx.rules, a, b, &mut dice)
                .ok()?
                .result()
        }
        _ => return None,
    };
    Some((result, e.title.clone()))
}

impl CcAfterView {
    /// The round's result for the attacker (CC-13), as chosen or as the
    /// last roll gave it.
    pub fn result(&self) -> RoundResult {
        self.result
    }

    /// Sets the value the characteristic test (CC-21) is taken against.
    pub fn set_test_value(&mut self, value: Option<i64>) {
        self.test.value = value;
    }

    /// A fighter picked for the attacker brings his M and Ld.
    pub fn take_attacker(&mut self, p: &Profile) {
        self.attacker_m = i64::from(p.get(Characteristic::M));
        self.attacker_ld = i64::from(p.get(Characteristic::Ld));
    }

    /// A fighter picked for the defender brings his M and Ld.
    pub fn take_defender(&mut self, p: &Profile) {
        self.defender_m = i64::from(p.get(Characteristic::M));
        self.defender_ld = i64::from(p.get(Characteristic::Ld));
    }

    /// The charge, in the attacker's situation (CC-1, CC-2).
    pub fn charge_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        self.charge
            .ui(ui, cx, &mut self.attacker_m, &mut self.defender_m);
    }

    /// The cards after the round: its result, push back, follow up and
    /// breaking off; then the creature attacker and the characteristic
    /// test.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &Situation<'_>) {
        let model = cx.model;
        // A new roll of this mode gives the result; the player may change it.
        if model.battle.log.len() != self.seen_log {
            self.seen_log = model.battle.log.len();
            if let Some((r, title)) = last_result(cx) {
                self.result = r;
                self.from_roll = Some(title);
            }
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(cx.t("battle.cc.next")).strong());
            // The tab in words; its rules, by id, in its hover.
            for (section, tab, title) in [
                (
                    Section::After,
                    "battle.cc.after.tab",
                    "battle.cc.after.title",
                ),
                (
                    Section::BreakOff,
                    "battle.cc.break.tab",
                    "battle.cc.break.title",
                ),
                (
                    Section::Creature,
                    "battle.cc.creature.tab",
                    "battle.cc.creature.title",
                ),
                (Section::Test, "battle.cc.test.tab", "battle.cc.test.title"),
            ] {
                ui.selectable_value(&mut self.section, section, cx.t(tab))
                    .on_hover_text(cx.t(title));
            }
        });
        ui.add_space(space::S);
        match self.section {
            Section::After => self.after_card_ui(ui, cx, s),
            Section::BreakOff => {
                card(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    card_title(
                        ui,
                        icons::ICON_DIRECTIONS_RUN,
                        cx.t("battle.cc.break.title"),
                    );
                    self.break_ui(ui, cx, s);
                });
            }
            Section::Creature => self.creature.ui(ui, cx, s),
            Section::Test => self.test.ui(ui, cx, (self.attacker_ld, &s.labels.0)),
        }
    }

    /// The round's result, then the loser pushed back and the winner's
    /// follow up (CC-13 … CC-15).
    fn after_card_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &Situation<'_>) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_MOVE_DOWN, cx.t("battle.cc.after.title"));
            self.result_ui(ui, cx, s);
            ui.add_space(space::S);
            let (winner, loser) = match self.result {
                RoundResult::Won => (&s.labels.0, s.names.1),
                RoundResult::Lost => (&s.labels.1, s.names.0),
                RoundResult::Draw => {
                    alert(ui, Tone::Info, cx.t("battle.cc.after.draw_note"));
                    return;
                }
            };
            self.push_ui(ui, cx, loser);
            ui.separator();
            self.follow_ui(ui, cx, winner);
        });
    }

    /// The round's chances, the last roll's result, and the result chosen.
    fn result_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &Situation<'_>) {
        let (a, d) = s.names;
        // The chances of the round: both sides' blows when the defender
        // strikes back, else the attack alone (the defender causes nothing).
        let odds = if s.strike_back {
            s.round
                .odds(&cx.rules)
                .map(|r| (r.first_wins, r.draw, r.second_wins))
        } else {
            s.scenario.odds(&cx.rules).map(|o| {
                let none = o.wounds.first().copied().unwrap_or(1.0);
                (1.0 - none, none, 0.0)
            })
        };
        match odds {
            Ok((won, draw, lost)) => {
                ui.horizontal_wrapped(|ui| {
                    badge(
                        ui,
                        Tone::Good,
                        &cx.f("battle.cc.after.wins", &[("name", a), ("p", &percent(won))]),
                    );
                    badge(
                        ui,
                        Tone::Info,
                        &cx.f("battle.cc.after.draws", &[("p", &percent(draw))]),
                    );
                    badge(
                        ui,
                        Tone::Warning,
                        &cx.f(
                            "battle.cc.after.wins",
                            &[("name", d), ("p", &percent(lost))],
                        ),
                    );
                });
            }
            Err(p) => {
                alert(ui, Tone::Error, &cx.lang.problem_line(&p));
            }
        }
        if let Some(title) = &self.from_roll {
            ui.label(
                RichText::new(cx.f("battle.cc.after.from_roll", &[("title", &cx.msg(title))]))
                    .color(palette().ink.subdued),
            );
        }
        ui.label(RichText::new(cx.t("battle.cc.after.result")).strong());
        ui.horizontal_wrapped(|ui| {
            let won = cx.f("battle.cc.after.won", &[("name", a)]);
            let lost = cx.f("battle.cc.after.won", &[("name", d)]);
            ui.radio_value(&mut self.result, RoundResult::Won, won);
            ui.radio_value(
                &mut self.result,
                RoundResult::Draw,
                cx.t("battle.cc.after.draw"),
            );
            ui.radio_value(&mut self.result, RoundResult::Lost, lost);
        });
    }

    /// The loser pushed back, the room behind him as an input (CC-14).
    fn push_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, loser: &str) {
        ui.label(RichText::new(cx.f("battle.cc.push.title", &[("name", loser)])).strong());
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.push.blocked, cx.t("battle.cc.push.blocked"));
            if self.push.blocked {
                num(
                    ui,
                    cx.t("battle.cc.push.room"),
                    cx.t("battle.cc.push.room"),
                    &mut self.push.room,
                    0.0..=24.0,
                );
            }
        });
        let p = close_combat::push_back(&cx.rules, self.push.blocked.then_some(self.push.room));
        let inches = format!("{:.1}", p.inches);
        if p.against_wall {
            badge(
                ui,
                Tone::Warning,
                &cx.f("battle.cc.push.wall", &[("inches", &inches)]),
            );
        } else {
            badge(
                ui,
                Tone::Info,
                &cx.f("battle.cc.push.free", &[("inches", &inches)]),
            );
        }
    }

    /// The winner follows up, or stays (CC-15): the exact chance of his
    /// stay test, and its roll.
    fn follow_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, winner: &Msg) {
        let shown = cx.msg(winner);
        ui.label(RichText::new(cx.f("battle.cc.follow.title", &[("name", &shown)])).strong());
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.push.defended, cx.t("battle.cc.follow.defended"));
            ui.checkbox(
                &mut self.push.opponent_killed,
                cx.t("battle.cc.follow.killed"),
            );
            ui.checkbox(
                &mut self.push.wants_stay,
                cx.t("battle.cc.follow.wants_stay"),
            );
        });
        let decided = close_combat::follow_up(self.push.defended, self.push.opponent_killed, None);
        match decided {
            FollowUp::StayDefended => {
                badge(ui, Tone::Info, cx.t("battle.cc.follow.stay_defended"));
            }
            FollowUp::StayOpponentsKilled => {
                badge(ui, Tone::Info, cx.t("battle.cc.follow.stay_killed"));
            }
            _ if self.push.wants_stay => {
                let ld = if self.result == RoundResult::Won {
                    &mut self.attacker_ld
                } else {
                    &mut self.defender_ld
                };
                ui.horizontal_wrapped(|ui| {
                    num(
                        ui,
                        cx.t("battle.cc.follow.ld"),
                        cx.t("battle.cc.follow.ld"),
                        ld,
                        0..=12,
                    );
                });
                let ld = i32_of(*ld);
                let p = close_combat::stay_chance(&cx.rules, ld);
                let dice = dice_text(cx.rules.close_combat.follow_up_test);
                ui.horizontal_wrapped(|ui| {
                    badge(
                        ui,
                        Tone::Good,
                        &cx.f(
                            "battle.cc.follow.chance",
                            &[
                                ("dice", &dice),
                                ("ld", &ld.to_string()),
                                ("p", &percent(p)),
                                ("q", &percent(1.0 - p)),
                            ],
                        ),
                    );
                });
                let word = cx.t("battle.cc.follow.roll");
                if icon_button(ui, icons::ICON_CASINO, word, word, true).clicked() {
                    cx.send(Command::RollTable(
                        Msg::new("battle.cc.follow.log_title").msg("name", winner.clone()),
                        TableRoll::Melee(MeleeRoll::StayTest { ld }),
                    ));
                }
            }
            _ => {
                badge(ui, Tone::Warning, cx.t("battle.cc.follow.follow"));
            }
        }
    }

    /// A fighter breaks off (CC-18): his rout test's exact chance and roll,
    /// and the free blow his opponent strikes at him at WS 1, its exact
    /// wounds and roll.
    fn break_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &Situation<'_>) {
        ui.label(RichText::new(cx.t("battle.cc.break.note")).color(palette().ink.subdued));
        ui.horizontal_wrapped(|ui| {
            ui.label(cx.t("battle.cc.break.who"));
            ui.radio_value(&mut self.breaker, Side::Attacker, s.names.0);
            ui.radio_value(&mut self.breaker, Side::Defender, s.names.1);
        });
        let (name, other, ld, m, by, on) = match self.breaker {
            Side::Attacker => (
                &s.labels.0,
                &s.labels.1,
                &mut self.attacker_ld,
                &mut self.attacker_m,
                &s.round.second,
                &s.round.first,
            ),
            Side::Defender => (
                &s.labels.1,
                &s.labels.0,
                &mut self.defender_ld,
                &mut self.defender_m,
                &s.round.first,
                &s.round.second,
            ),
        };
        ui.horizontal_wrapped(|ui| {
            num(
                ui,
                cx.t("battle.cc.break.ld"),
                cx.t("battle.cc.break.ld"),
                ld,
                0..=12,
            );
            num(
                ui,
                cx.t("battle.cc.break.m"),
                cx.t("battle.cc.break.m"),
                m,
                0..=20,
            );
            ui.checkbox(&mut self.robot, cx.t("battle.cc.break.robot"));
        });
        let (ld, m) = (i32_of(*ld), u32_of(*m));
        self.rout_ui(ui, cx, name, (ld, m));
        free_blow_ui(ui, cx, (name, other), by, on);
    }

    /// The breaker's rout test (CC-18): its exact chance (a robot does not
    /// test) and its roll; `lm` is his Ld and M.
    fn rout_ui(&self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, name: &Msg, lm: (i32, u32)) {
        let lang = cx.lang;
        let c = &cx.rules.close_combat;
        let (ld, m) = lm;
        let inches = m.saturating_mul(c.break_off_move_multiplier).to_string();
        if self.robot {
            badge(
                ui,
                Tone::Info,
                &cx.f("battle.cc.break.robot_note", &[("inches", &inches)]),
            );
        } else {
            match close_combat::rout_pass_chance(&cx.rules, ld, false) {
                Ok(p) => {
                    pass_fail_ui(
                        ui,
                        &cx.f(
                            "battle.cc.break.passes",
                            &[
                                ("dice", &dice_text(c.rout_test)),
                                ("ld", &ld.to_string()),
                                ("p", &percent(p)),
                                ("inches", &inches),
                            ],
                        ),
                        &cx.f(
                            "battle.cc.break.routs",
                            &[
                                ("p", &percent(1.0 - p)),
                                ("inches", &c.rout_move_inches.to_string()),
                                ("times", &c.rout_rate_multiplier.to_string()),
                            ],
                        ),
                    );
                }
                Err(p) => {
                    alert(ui, Tone::Error, &lang.problem_line(&p));
                }
            }
        }
        let word = cx.t("battle.cc.break.roll");
        if icon_button(ui, icons::ICON_CASINO, word, word, true).clicked() {
            cx.send(Command::RollTable(
                Msg::new("battle.cc.break.log_title").msg("name", name.clone()),
                TableRoll::Melee(MeleeRoll::BreakOff {
                    ld,
                    m,
                    robot: self.robot,
                }),
            ));
        }
    }
}

/// The free blow the opponent strikes at the breaker at WS 1 (CC-18): its
/// exact wounds and roll; `names` are the breaker's and the striker's.
fn free_blow_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    names: (&Msg, &Msg),
    by: &Fighter,
    on: &Fighter,
) {
    let lang = cx.lang;
    let c = &cx.rules.close_combat;
    let (name, other) = names;
    ui.separator();
    ui.label(
        RichText::new(cx.f(
            "battle.cc.break.free_title",
            &[
                ("name", &cx.msg(other)),
                ("blows", &c.free_blows_per_model.to_string()),
                ("ws", &c.free_blow_defender_ws.to_string()),
            ],
        ))
        .strong(),
    );
    match close_combat::free_blow(&cx.rules, by, on) {
        Ok(dist) => {
            bars(
                ui,
                cx,
                cx.t("battle.cc.break.free_chart"),
                "battle.wounds_bar",
                &dist,
            );
            let word = cx.t("battle.cc.break.roll_free");
            if icon_button(ui, icons::ICON_CASINO, word, word, true).clicked() {
                cx.send(Command::RollTable(
                    Msg::new("battle.cc.break.free_log_title")
                        .msg("name", other.clone())
                        .msg("target", name.clone()),
                    TableRoll::Melee(MeleeRoll::FreeBlow {
                        by: by.clone(),
                        on: on.clone(),
                    }),
                ));
            }
        }
        Err(p) => {
            alert(ui, Tone::Error, &lang.problem_line(&p));
        }
    }
}
