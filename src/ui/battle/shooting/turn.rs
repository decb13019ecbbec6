//! Kill-team shooting mode's charge and turn cards: a charge's reach and a
//! bayonet's wound (KT-9, EQ-13); the activations each player has (KT-8),
//! the initiative roll (KT-10), what targeting an Invisible soldier
//! costs (RIB-3, EQ-30), and the actions of the soldier picked this turn,
//! the Unkillable's free one on his last wound included (KT-9, RIB-11).

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::Msg;
use crate::rules::battle::summary::Combatant;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::core::names::Name;
use crate::rules::killteam::actions::{self, Charge};
use crate::rules::killteam::{Soldier, ribbons, turn};
use crate::ui::battle::parts::{field, percent, roll_button_by};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets;
use crate::ui::widgets::{Tone, badge, card, card_title};

/// The turn being set up.
pub struct KtTurnView {
    /// Soldiers left on each side.
    pub(crate) left: [i64; 2],
    /// The target has the Invisible ribbon (RIB-3).
    invisible: bool,
    /// The shooter carries a detector (EQ-30).
    detector: bool,
    /// The distance to the enemy charged, in inches.
    charge_distance: i64,
    /// The charger carries a bayonet (EQ-13).
    bayonet: bool,
    /// The soldier picked as the shooter, by name: whose actions the card
    /// counts (RIB-11).
    soldier: Option<(String, Soldier)>,
    /// The shooter picked when he is no kill-team soldier (an enemy, a
    /// Rogue Trader character): nobody's actions to count.
    other_shooter: Option<Name>,
    /// The models left on each side are the campaign table's, counted
    /// there (not typed here).
    pub(crate) from_table: bool,
    /// His wounds left: from the campaign's table, or set here.
    wounds_left: i64,
}

impl Default for KtTurnView {
    fn default() -> Self {
        Self {
            left: [7, 7],
            invisible: false,
            detector: false,
            charge_distance: 8,
            bayonet: false,
            soldier: None,
            other_shooter: None,
            from_table: false,
            wounds_left: 3,
        }
    }
}

impl KtTurnView {
    /// Soldiers left on each side.
    pub fn left(&self) -> [i64; 2] {
        self.left
    }

    /// Sets the soldiers left on each side.
    pub fn set_left(&mut self, left: [i64; 2]) {
        self.left = left;
    }

    /// The soldier whose actions the card counts, with his wounds left.
    pub fn set_soldier(&mut self, name: String, soldier: Soldier, wounds_left: u32) {
        self.soldier = Some((name, soldier));
        self.other_shooter = None;
        self.wounds_left = i64::from(wounds_left);
    }

    /// No soldier: `shooter`, who is not one of a kill team's.
    pub fn clear_soldier(&mut self, shooter: Option<Name>) {
        self.soldier = None;
        self.other_shooter = shooter;
    }

    /// The charge: its reach and a bayonet's wound; the charger is `who`.
    /// `by`: the charger and the charged, as the roll's combatants.
    pub fn charge_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        who: &Msg,
        by: Vec<Combatant>,
    ) {
        let c = &cx.rules.killteam.charge;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_FAST_FORWARD, cx.t("kt.charge.title"));
            ui.horizontal_wrapped(|ui| {
                field(
                    ui,
                    cx.t("kt.charge.distance"),
                    &mut self.charge_distance,
                    0..=30,
                );
                ui.checkbox(&mut self.bayonet, cx.t("kt.charge.with_bayonet"));
            });
            let charge = Charge {
                distance: u32::try_from(self.charge_distance.max(0)).unwrap_or(0),
                bayonet: self.bayonet,
            };
            let p = actions::charge_chance(&cx.rules, &charge);
            ui.label(
                RichText::new(cx.f(
                    "kt.charge.odds",
                    &[
                        ("base", &c.base_inches.to_string()),
                        ("dice", &format!("{}D{}", c.die.count, c.die.sides)),
                        ("p", &percent(p)),
                    ],
                ))
                .strong(),
            );
            if self.bayonet {
                ui.label(cx.f(
                    "kt.charge.bayonet_rule",
                    &[("count", &c.bayonet_mortal_wounds.to_string())],
                ));
            }
            roll_button_by(
                ui,
                cx.t("kt.charge.roll"),
                Msg::new("kt.charge.log").msg("soldier", who.clone()),
                TableRoll::Charge(charge),
                by,
                cx,
            );
        });
        ui.add_space(space::M);
    }

    /// The turn: activations, initiative, targeting, the soldier's actions;
    /// `by`: whose team the initiative roll is (his pays for a reroll).
    pub fn turn_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, by: Vec<Combatant>) {
        let rules = &cx.rules.killteam.turn;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_SWAP_HORIZ, cx.t("kt.turn.title"));
            ui.columns(3, |cols| {
                // KT-8: the same number of activations for both.
                let ui = &mut cols[0];
                ui.add_enabled_ui(!self.from_table, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        field(ui, cx.t("kt.turn.left_mine"), &mut self.left[0], 0..=30);
                        field(ui, cx.t("kt.turn.left_theirs"), &mut self.left[1], 0..=30);
                    });
                });
                if self.from_table {
                    ui.label(
                        RichText::new(cx.t("kt.turn.left_from_table"))
                            .small()
                            .color(palette().ink.subdued),
                    );
                }
                let left = self.left.map(|v| u32::try_from(v.max(0)).unwrap_or(0));
                let n = turn::activations(&left);
                ui.label(
                    RichText::new(cx.f("kt.turn.activations", &[("count", &n.to_string())]))
                        .strong(),
                );
                if left[0] != left[1] {
                    ui.label(
                        RichText::new(cx.t("kt.turn.activations_why"))
                            .small()
                            .color(palette().ink.subdued),
                    );
                }
                // KT-10: the initiative.
                let ui = &mut cols[1];
                ui.label(cx.f(
                    "kt.turn.initiative_odds",
                    &[
                        ("sides", &rules.initiative_die.to_string()),
                        ("chance", &percent(turn::initiative_chance(2))),
                    ],
                ));
                ui.add_space(space::S);
                roll_button_by(
                    ui,
                    cx.t("kt.turn.roll_initiative"),
                    Msg::new("kt.turn.initiative_title"),
                    TableRoll::Initiative { players: 2 },
                    by,
                    cx,
                );
                // RIB-3, EQ-30: targeting an Invisible soldier.
                let ui = &mut cols[2];
                ui.checkbox(&mut self.invisible, cx.t("kt.turn.invisible"));
                ui.checkbox(&mut self.detector, cx.t("kt.turn.detector"));
                let cost = turn::actions_to_target(rules, self.invisible, self.detector);
                let tone = if cost > 1 { Tone::Warning } else { Tone::Good };
                badge(
                    ui,
                    tone,
                    &cx.f("kt.turn.target_cost", &[("count", &cost.to_string())]),
                );
            });
            ui.add_space(space::S);
            ui.separator();
            self.actions_ui(ui, cx);
        });
        ui.add_space(space::M);
    }

    /// The picked soldier's actions this turn (KT-9, RIB-11): his kind's,
    /// and the Unkillable's free action when he is on his last wound.
    fn actions_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let Some((name, soldier)) = &self.soldier else {
            let text = match &self.other_shooter {
                Some(name) => cx.f(
                    "kt.turn.actions_not_soldier",
                    &[("name", name.in_lang(cx.lang.code()))],
                ),
                None => cx.t("kt.turn.actions_pick").to_owned(),
            };
            ui.label(RichText::new(text).color(palette().ink.subdued));
            return;
        };
        ui.label(RichText::new(cx.f("kt.turn.actions_of", &[("soldier", name)])).strong());
        ui.horizontal_wrapped(|ui| {
            field(
                ui,
                &cx.f("kt.turn.wounds_left_of", &[("soldier", name)]),
                &mut self.wounds_left,
                0..=20,
            );
        });
        let left = u32::try_from(self.wounds_left.max(0)).unwrap_or(0);
        match ribbons::soldier_actions(&cx.rules.killteam, soldier, left) {
            Ok(a) => {
                ui.horizontal_wrapped(|ui| {
                    badge(
                        ui,
                        Tone::Info,
                        &cx.f(
                            "kt.turn.actions_total",
                            &[("count", &a.total().to_string())],
                        ),
                    );
                    let msgs = a.msgs();
                    if let Some(per) = msgs.first() {
                        ui.label(cx.msg(per));
                    }
                    // RIB-11: on his last wound, the free action, by icon
                    // and word.
                    for extra in msgs.iter().skip(1) {
                        badge(ui, Tone::Good, &cx.msg(extra));
                    }
                });
                if a.end_of_turn == 0
                    && let Some(m) = ribbons::last_wound_waiting(&cx.rules.killteam, soldier, left)
                {
                    ui.label(RichText::new(cx.msg(&m)).color(palette().ink.subdued));
                }
            }
            Err(p) => {
                widgets::alert(ui, Tone::Error, &cx.lang.problem_line(&p));
            }
        }
    }
}
