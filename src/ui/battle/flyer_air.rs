//! The flyer mode's cards of where the flyer is and of its close combat
//! (their state is `flyers::AirState`): where the flyer is (on the ground, at a level, gone to gather stones), taking off
//! and landing (FLY-3), the return roll of a unit gone for stones (FLY-10),
//! a round with air troops fought with the unit mode's two units, the air
//! troops striking first with no charge or pursuit bonus (FLY-7) or at the
//! same level in the air (FLY-8), the losing air unit pushed up a level,
//! the losing ground unit's rout test, and breaking off (FLY-9).

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::Msg;
use crate::rules::battle::Fight;
use crate::rules::battle::table_roll::{TableResult, TableRoll};
use crate::rules::characters::units::{UnitTest, UnitTestKind};
use crate::rules::close_combat::odds::Fighter;
use crate::rules::close_combat::unit_round::{strike_order, unit_round};
use crate::rules::flyers::table::Gather;
use crate::rules::flyers::{self, AirGroundResult};
use crate::ui::battle::flyers::{CombatEnd, FlyerView, Foe, Whereabouts, level_of, level_words};
use crate::ui::battle::parts::{Unit, field, percent};
use crate::ui::battle::units::RoundView;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card_title, icon_button};

fn unit_name(cx: &ViewCtx<'_>, unit: &Unit, key: &str) -> String {
    if unit.name.trim().is_empty() {
        cx.lang.t(key).to_owned()
    } else {
        unit.name.trim().to_owned()
    }
}

impl FlyerView {
    /// Where the flyer is: take-off, landing, gathering stones (FLY-3,
    /// FLY-10).
    pub(super) fn whereabouts_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card_title(ui, icons::ICON_FLIGHT_TAKEOFF, cx.t("flyer.where"));
        self.take_gather_result(cx);
        let level = level_of(self.level);
        let now = match self.air.whereabouts {
            Whereabouts::Ground => cx.t("flyer.where.ground").to_owned(),
            Whereabouts::Air => cx.f(
                "flyer.where.air",
                &[("level", &level_words(cx.lang, level))],
            ),
            Whereabouts::Gathering { turns } => {
                cx.f("flyer.where.gathering", &[("count", &turns.to_string())])
            }
        };
        ui.label(RichText::new(now).strong());
        match self.air.whereabouts {
            Whereabouts::Ground => self.ground_ui(ui, cx),
            Whereabouts::Air => self.in_air_ui(ui, cx),
            Whereabouts::Gathering { turns } => self.gathering_ui(ui, cx, turns),
        }
        if let Some(p) = &self.air.problem {
            alert(ui, Tone::Error, &cx.lang.problem_line(p));
        }
    }

    /// A unit gone for stones comes back when its return roll passed.
    fn take_gather_result(&mut self, cx: &ViewCtx<'_>) {
        let Some(index) = self.air.gather_roll else {
            return;
        };
        if let Some(e) = cx.model.battle.log.get(index) {
            if e.table == Some(TableResult::FlyerGather(Gather::Back))
                && matches!(self.air.whereabouts, Whereabouts::Gathering { .. })
            {
                self.air.whereabouts = Whereabouts::Air;
            }
            self.air.gather_roll = None;
        }
    }

    /// On the ground: the take-off (FLY-3).
    fn ground_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        if let Some(l) = self.air.landed {
            let text = match l.ground_speed {
                Some(speed) => cx.f("flyer.landed.vehicle", &[("speed", &speed.to_string())]),
                None => cx.t("flyer.landed.creature").to_owned(),
            };
            badge(ui, Tone::Info, &text);
        }
        ui.horizontal_wrapped(|ui| {
            field(
                ui,
                cx.t("flyer.take_off_speed"),
                &mut self.air.take_off_speed,
                0..=200,
            );
            let word = cx.t("flyer.take_off");
            if icon_button(ui, icons::ICON_FLIGHT_TAKEOFF, word, word, true).clicked() {
                let speed = u32::try_from(self.air.take_off_speed.max(0)).unwrap_or(0);
                match flyers::take_off(&self.flyer(), speed) {
                    Ok(()) => {
                        self.air.whereabouts = Whereabouts::Air;
                        self.level = 0;
                        self.speed = i64::from(speed);
                        self.air.landed = None;
                        self.air.problem = None;
                    }
                    Err(p) => self.air.problem = Some(p),
                }
            }
        });
        ui.label(
            RichText::new(cx.f(
                "flyer.take_off_rule",
                &[("acc", &self.acc_dec.max(0).to_string())],
            ))
            .color(palette().ink.subdued),
        );
    }

    /// In the air: landing (FLY-3) and leaving to gather stones (FLY-10).
    fn in_air_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let rules = &cx.rules.flyers;
        ui.checkbox(&mut self.air.vehicle, cx.t("flyer.vehicle"));
        ui.horizontal_wrapped(|ui| {
            let word = cx.t("flyer.land");
            if icon_button(ui, icons::ICON_FLIGHT_LAND, word, word, true).clicked() {
                let speed = u32::try_from(self.speed.max(0)).unwrap_or(0);
                let level = level_of(self.level);
                match flyers::land(rules, &self.flyer(), level, speed, self.air.vehicle) {
                    Ok(l) => {
                        self.air.whereabouts = Whereabouts::Ground;
                        self.air.landed = Some(l);
                        self.air.problem = None;
                        self.air.end = None;
                    }
                    Err(p) => self.air.problem = Some(p),
                }
            }
            let word = cx.t("flyer.gather");
            if icon_button(ui, icons::ICON_EXIT_TO_APP, word, word, true).clicked() {
                self.air.whereabouts = Whereabouts::Gathering { turns: 0 };
                self.air.problem = None;
                self.air.end = None;
            }
        });
    }

    /// Gone for stones: the turns waited and the return roll (FLY-10).
    fn gathering_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, turns: u32) {
        let rules = &cx.rules.flyers;
        if let Some(p) = flyers::gather_wait(rules, turns) {
            badge(ui, Tone::Warning, &cx.lang.problem_line(&p));
        } else {
            let p = flyers::gather_back_chance(rules, turns);
            ui.label(cx.f("flyer.gather_odds", &[("p", &percent(p))]));
        }
        ui.horizontal_wrapped(|ui| {
            let word = cx.t("flyer.gather_next_turn");
            if icon_button(ui, icons::ICON_SKIP_NEXT, word, word, true).clicked() {
                self.air.whereabouts = Whereabouts::Gathering {
                    turns: turns.saturating_add(1),
                };
            }
            let word = cx.t("flyer.gather_roll");
            let may = flyers::gather_rolls(rules, turns) > 0 && self.air.gather_roll.is_none();
            if icon_button(ui, icons::ICON_CASINO, word, word, may).clicked() {
                self.air.gather_roll = Some(cx.model.battle.log.len());
                cx.send(Command::RollTable(
                    Msg::new("flyer.log.gather"),
                    TableRoll::FlyerGather { turns },
                ));
            }
            let word = cx.t("flyer.gather_give_up");
            if icon_button(ui, icons::ICON_KEYBOARD_RETURN, word, word, true).clicked() {
                self.air.whereabouts = Whereabouts::Air;
            }
        });
    }

    /// Close combat with air troops (FLY-7 … FLY-9), fought by the unit
    /// mode's two units.
    pub(super) fn air_combat_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, units: &RoundView) {
        card_title(ui, icons::ICON_SPORTS_MARTIAL_ARTS, cx.t("flyer.combat"));
        if self.air.whereabouts != Whereabouts::Air {
            ui.label(RichText::new(cx.t("flyer.combat.not_in_air")).color(palette().ink.subdued));
            return;
        }
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut self.air.foe, Foe::Ground, cx.t("flyer.combat.ground"));
            ui.radio_value(&mut self.air.foe, Foe::Air, cx.t("flyer.combat.air"));
        });
        let first = unit_name(cx, &units.first, "battle.units.first");
        let second = unit_name(cx, &units.second, "battle.units.second");
        ui.label(
            RichText::new(cx.f(
                "flyer.combat.units",
                &[("first", &first), ("second", &second)],
            ))
            .color(palette().ink.subdued),
        );
        if let Some(end) = self.air.end {
            self.ended_ui(ui, cx, units, end);
            return;
        }
        let fighters = match self.air.foe {
            Foe::Ground => self.ground_foe_ui(ui, cx, units, &first, &second),
            Foe::Air => self.air_foe_ui(ui, cx, units),
        };
        let Some((a, b)) = fighters else {
            return;
        };
        ui.add_space(space::S);
        round_ui(ui, cx, units, &a, &b, (&first, &second));
        ui.add_space(space::S);
        self.end_ui(ui, cx, units);
    }

    /// Air troops against ground troops (FLY-7): who flies, the turn of the
    /// combat, and the models with the air troops striking first.
    fn ground_foe_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        units: &RoundView,
        first: &str,
        second: &str,
    ) -> Option<(Vec<Fighter>, Vec<Fighter>)> {
        ui.horizontal_wrapped(|ui| {
            let l = cx.f("flyer.combat.flies", &[("unit", first)]);
            ui.radio_value(&mut self.air.first_flies, true, l);
            let l = cx.f("flyer.combat.flies", &[("unit", second)]);
            ui.radio_value(&mut self.air.first_flies, false, l);
        });
        ui.horizontal_wrapped(|ui| {
            field(ui, cx.t("flyer.combat.turn"), &mut self.air.turn, 1..=99);
            let word = cx.t("flyer.combat.next_turn");
            if icon_button(
                ui,
                icons::ICON_SKIP_NEXT,
                word,
                word,
                self.air.end.is_none(),
            )
            .clicked()
            {
                self.air.turn = self.air.turn.saturating_add(1);
            }
        });
        let turn = u32::try_from(self.air.turn.max(1)).unwrap_or(1);
        match flyers::air_ground_combat(&self.flyer(), level_of(self.level), turn) {
            Ok(c) => {
                ui.horizontal_wrapped(|ui| {
                    if c.air_strikes_first && !c.charge_bonus {
                        badge(ui, Tone::Info, cx.t("flyer.combat.strikes_first"));
                    }
                    let stay = if c.may_stay {
                        "flyer.combat.may_stay"
                    } else {
                        "flyer.combat.one_turn"
                    };
                    badge(ui, Tone::Info, cx.t(stay));
                });
            }
            Err(p) => {
                alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                return None;
            }
        }
        let (air, ground) = if self.air.first_flies {
            (&units.first, &units.second)
        } else {
            (&units.second, &units.first)
        };
        let ground = ground.models();
        let air = flyers::air_strikers(&air.models(), &ground);
        Some(if self.air.first_flies {
            (air, ground)
        } else {
            (ground, air)
        })
    }

    /// Flyers against flyers (FLY-8): the same level, in base contact, no
    /// charge or pursuit modifiers.
    fn air_foe_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        units: &RoundView,
    ) -> Option<(Vec<Fighter>, Vec<Fighter>)> {
        let top = i64::from(cx.rules.flyers.max_level);
        ui.horizontal_wrapped(|ui| {
            field(
                ui,
                cx.t("flyer.combat.foe_level"),
                &mut self.air.foe_level,
                0..=top,
            );
            ui.checkbox(&mut self.air.in_contact, cx.t("flyer.combat.contact"));
        });
        let level = level_of(self.level);
        if let Err(p) = flyers::air_combat(level, level_of(self.air.foe_level), self.air.in_contact)
        {
            alert(ui, Tone::Error, &cx.lang.problem_line(&p));
            return None;
        }
        badge(ui, Tone::Info, cx.t("flyer.combat.as_ground"));
        Some((
            flyers::air_fighters(&units.first.models()),
            flyers::air_fighters(&units.second.models()),
        ))
    }

    /// Who lost the round, breaking off, and what follows (FLY-7, FLY-9).
    fn end_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, units: &RoundView) {
        let level = level_of(self.level);
        match self.air.end {
            None => {
                ui.horizontal_wrapped(|ui| {
                    if self.air.foe == Foe::Ground {
                        let word = cx.t("flyer.combat.air_lost");
                        if icon_button(ui, icons::ICON_ARROW_UPWARD, word, word, true).clicked()
                            && let AirGroundResult::AirPushedUp { to } =
                                flyers::air_ground_result(level, true)
                        {
                            self.level = i64::from(to.0);
                            self.air.end = Some(CombatEnd::AirPushedUp(to));
                        }
                        let word = cx.t("flyer.combat.ground_lost");
                        if icon_button(ui, icons::ICON_DIRECTIONS_RUN, word, word, true).clicked()
                            && flyers::air_ground_result(level, false)
                                == AirGroundResult::GroundTestsRout
                        {
                            self.air.end = Some(CombatEnd::GroundLost);
                        }
                    }
                    let word = cx.t("flyer.combat.break_off");
                    if icon_button(ui, icons::ICON_LOGOUT, word, word, true).clicked() {
                        let b = flyers::air_break_off();
                        if !b.rout_test && !b.free_blows {
                            self.air.end = Some(CombatEnd::BrokeOff);
                        }
                    }
                });
            }
            Some(end) => self.ended_ui(ui, cx, units, end),
        }
    }

    /// What follows the end of the combat.
    fn ended_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, units: &RoundView, end: CombatEnd) {
        match end {
            CombatEnd::AirPushedUp(to) => {
                badge(
                    ui,
                    Tone::Warning,
                    &cx.f(
                        "flyer.combat.pushed_up",
                        &[("level", &level_words(cx.lang, to))],
                    ),
                );
            }
            CombatEnd::GroundLost => {
                badge(ui, Tone::Warning, cx.t("flyer.combat.ground_routs"));
                let ground = if self.air.first_flies {
                    &units.second
                } else {
                    &units.first
                };
                let ld = ground.test_ld();
                let word = cx.f("flyer.combat.rout_test", &[("value", &ld.to_string())]);
                if icon_button(ui, icons::ICON_CASINO, &word, &word, ld > 0).clicked() {
                    cx.send(Command::RollFight(
                        Msg::new("flyer.combat.rout_test").int("value", ld),
                        Fight::Test(UnitTest {
                            kind: UnitTestKind::Rout,
                            value: ld,
                        }),
                        Vec::new(),
                    ));
                }
            }
            CombatEnd::BrokeOff => {
                badge(ui, Tone::Good, cx.t("flyer.combat.broke_off"));
            }
        }
        let word = cx.t("flyer.combat.new");
        if icon_button(ui, icons::ICON_REPLAY, word, word, true).clicked() {
            self.air.end = None;
            self.air.turn = 1;
        }
    }
}

/// The round's strike order, exact odds and roll.
fn round_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    units: &RoundView,
    a: &[Fighter],
    b: &[Fighter],
    (first, second): (&str, &str),
) {
    if let Some(step) = strike_order(a, b).first() {
        let who = match (step.first.is_empty(), step.second.is_empty()) {
            (false, true) => first.to_owned(),
            (true, false) => second.to_owned(),
            _ => cx.t("flyer.combat.both").to_owned(),
        };
        ui.label(cx.f("flyer.combat.first_strike", &[("unit", &who)]));
    }
    match unit_round(&cx.rules, a, b) {
        Ok(o) => {
            ui.label(
                RichText::new(cx.f(
                    "flyer.combat.odds",
                    &[
                        ("first", first),
                        ("p", &percent(o.first_wins)),
                        ("second", second),
                        ("q", &percent(o.second_wins)),
                        ("draw", &percent(o.draw)),
                    ],
                ))
                .strong(),
            );
            let word = cx.t("flyer.combat.roll");
            if icon_button(ui, icons::ICON_CASINO, word, word, true).clicked() {
                let title = Msg::new("battle.against")
                    .text("attacker", first)
                    .text("defender", second);
                cx.send(Command::RollFight(
                    title,
                    Fight::Units(a.to_vec(), b.to_vec()),
                    units.combatants(cx.lang),
                ));
            }
        }
        Err(p) => {
            alert(ui, Tone::Error, &cx.lang.problem_line(&p));
        }
    }
}
