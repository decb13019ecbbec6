//! The battle screen's unit mode: a round of close combat between two
//! units (CC-7, CC-13) with its strike order, the exact odds of each result
//! and of the casualties on each side, a seeded roll; and the fight to the
//! end, exact where its states can be counted, else simulated with 95 %
//! intervals. A unit's card is in `unit_card.rs`, the odds and the fight
//! to the end in `odds.rs`.

mod odds;
mod unit_card;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, HandUnits, SimRequest};
use crate::i18n::Lang;
use crate::rules::Msg;
use crate::rules::battle::Fight;
use crate::rules::battle::summary::Combatant;
use crate::rules::close_combat::fight_exact::{FightOdds, fight_exact};
use crate::rules::close_combat::odds::Fighter;
use crate::rules::close_combat::simulate::SimSide;
use crate::rules::close_combat::unit_round::{strike_order, unit_round};
use crate::rules::core::problem::Problem;
use crate::ui::battle::coherency::Coherency;
use crate::ui::battle::parts::{Group, Unit, num};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, card, card_title, icon_button};
use odds::{exact_ui, order_ui, round_odds_ui, simulated_ui, two_up};
use unit_card::unit_card_ui;

/// The unit mode's state.
pub struct RoundView {
    /// The first unit (the attacker).
    pub first: Unit,
    /// The second unit.
    pub second: Unit,
    /// The fight to the end: rounds at most.
    max_rounds: u32,
    /// The fight to the end: trials.
    trials: u32,
    /// Each unit's coherency check (CC-3), first then second.
    coherency: [Coherency; 2],
    /// The first unit is ours (for the battle summary, CHR-15); set by the
    /// battle screen.
    pub(super) ours_first: bool,
    /// The exact fight to the end last computed, and the fight it is for
    /// (its trials unused): computed again only when the fight changes.
    exact: Option<(SimRequest, ExactFight)>,
}

/// The exact fight to the end, `None` when it has too many states to count.
type ExactFight = Result<Option<FightOdds>, Problem>;

impl Default for RoundView {
    fn default() -> Self {
        Self {
            first: Unit {
                name: String::new(),
                groups: vec![Group::trooper("")],
                charged: true,
                ld: 7,
                cl: 7,
                command: Default::default(),
            },
            second: Unit {
                name: String::new(),
                groups: vec![Group::trooper("")],
                charged: false,
                ld: 7,
                cl: 7,
                command: Default::default(),
            },
            max_rounds: 10,
            trials: 20_000,
            coherency: Default::default(),
            ours_first: true,
            exact: None,
        }
    }
}

impl RoundView {
    /// The fight to the end: rounds at most.
    pub fn max_rounds(&self) -> u32 {
        self.max_rounds
    }

    /// Sets the rounds at most of the fight to the end.
    pub fn set_max_rounds(&mut self, rounds: u32) {
        self.max_rounds = rounds;
    }

    /// The characters of both units, for the battle summary (CHR-15): each
    /// by his place among his unit's models.
    pub fn combatants(&self, lang: Lang) -> Vec<Combatant> {
        use crate::rules::battle::summary::{BattleSide, Combatant};
        let mut out = Vec::new();
        for (unit, first) in [(&self.first, true), (&self.second, false)] {
            let side = BattleSide::of_attacker(self.ours_first).0;
            let side = if first { side } else { side.other() };
            let names = unit.model_names(lang);
            let mut k = 0usize;
            for g in &unit.groups {
                for _ in 0..g.count {
                    if (g.character && g.count == 1) || g.from.is_some() {
                        out.push(Combatant {
                            name: names[k].clone().into(),
                            side,
                            character: g.character && g.count == 1,
                            first,
                            model: k,
                            wounds: g.w,
                            campaign: g.from.clone(),
                            spends: None,
                        });
                    }
                    k += 1;
                }
            }
        }
        out
    }

    /// Shows the unit mode: the two units, the round's odds and roll, and
    /// the simulated fight to the end.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        self.units_ui(ui, cx);
        ui.add_space(space::M);
        let (a, b) = (self.first.models(), self.second.models());
        self.round_card_ui(ui, cx, &a, &b);
        ui.add_space(space::M);
        self.sim_card_ui(ui, cx, &a, &b);
    }

    /// The two units side by side, each with its command and coherency;
    /// one above the other when the window is too narrow for both.
    fn units_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let [c1, c2] = &mut self.coherency;
        let mut sides = [(&mut self.first, c1, true), (&mut self.second, c2, false)];
        two_up(ui, UNIT_MIN_WIDTH, |ui, k| {
            let (unit, coherency, first) = &mut sides[k];
            unit_card_ui(ui, cx, unit, coherency, *first);
        });
    }

    /// The round's strike order, exact odds and roll.
    fn round_card_ui(&self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &[Fighter], b: &[Fighter]) {
        let lang = cx.lang;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_SWORDS, cx.t("battle.units.round"));
            order_ui(ui, cx, &self.first, &self.second, &strike_order(a, b));
            ui.add_space(space::S);
            match unit_round(&cx.rules, a, b) {
                Ok(o) => {
                    round_odds_ui(ui, cx, &o);
                    ui.add_space(space::S);
                    if icon_button(
                        ui,
                        icons::ICON_CASINO,
                        cx.t("battle.roll"),
                        cx.t("battle.units.roll"),
                        true,
                    )
                    .clicked()
                    {
                        use crate::ui::battle::parts::named;
                        let title = Msg::new("battle.against")
                            .msg("attacker", named(&self.first.name, "battle.units.first"))
                            .msg("defender", named(&self.second.name, "battle.units.second"));
                        cx.send(Command::RollFight(
                            title,
                            Fight::Units(a.to_vec(), b.to_vec()),
                            self.combatants(lang),
                        ));
                    }
                }
                Err(p) => {
                    alert(ui, Tone::Error, &lang.problem_line(&p));
                }
            }
        });
    }

    /// The fight to the end: exact when its states can be counted, else
    /// simulated on a thread of the app.
    fn sim_card_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &[Fighter], b: &[Fighter]) {
        let side = |models: Vec<Fighter>, ld: i32| SimSide {
            models,
            ld: (ld > 0).then_some(ld),
        };
        let request = SimRequest {
            first: side(a.to_vec(), self.first.test_ld()),
            second: side(b.to_vec(), self.second.test_ld()),
            max_rounds: self.max_rounds,
            trials: self.trials,
        };
        let exact = self.exact_fight(cx, &request);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_MONITORING, cx.t("battle.sim.title"));
            ui.label(RichText::new(cx.t("battle.sim.hint")).color(palette().ink.subdued));
            let simulated = matches!(exact, Ok(None));
            ui.horizontal_wrapped(|ui| {
                num(
                    ui,
                    cx.t("battle.sim.rounds"),
                    cx.t("battle.sim.rounds"),
                    &mut self.max_rounds,
                    1..=50,
                );
                if simulated {
                    let l = ui.label(cx.t("battle.sim.trials"));
                    egui::ComboBox::from_id_salt("battle-sim-trials")
                        .selected_text(self.trials.to_string())
                        .show_ui(ui, |ui| {
                            for n in [2_000, 20_000, 200_000, 1_000_000] {
                                ui.selectable_value(&mut self.trials, n, n.to_string());
                            }
                        })
                        .response
                        .labelled_by(l.id);
                }
            });
            match exact {
                Ok(Some(o)) => exact_ui(ui, cx, &o),
                Ok(None) => simulated_ui(ui, cx, request),
                Err(p) => {
                    alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                }
            }
        });
    }

    /// The exact fight to the end of `request`, computed again only when
    /// the fight changes.
    fn exact_fight(&mut self, cx: &ViewCtx<'_>, request: &SimRequest) -> ExactFight {
        let same = |r: &SimRequest| {
            r.first == request.first
                && r.second == request.second
                && r.max_rounds == request.max_rounds
        };
        match &self.exact {
            Some((r, result)) if same(r) => result.clone(),
            _ => {
                let result = fight_exact(
                    &cx.rules,
                    &request.first,
                    &request.second,
                    request.max_rounds,
                );
                self.exact = Some((request.clone(), result.clone()));
                result
            }
        }
    }
}

/// The narrowest a unit's card may be: its grid of ten columns whole.
const UNIT_MIN_WIDTH: f32 = 600.0;

impl RoundView {
    /// The round as set up, to keep.
    pub(super) fn kept(&self) -> HandUnits {
        HandUnits {
            first: self.first.kept(),
            second: self.second.kept(),
            max_rounds: self.max_rounds,
            trials: self.trials,
        }
    }

    /// The round as kept (a unit with no models keeps the trooper a new
    /// unit starts with).
    pub(super) fn of_kept(kept: &HandUnits) -> Self {
        let new = Self::default();
        let unit = |kept: &crate::app::HandUnit, new: Unit| {
            let unit = Unit::of_kept(kept);
            if unit.groups.is_empty() { new } else { unit }
        };
        Self {
            first: unit(&kept.first, new.first.clone()),
            second: unit(&kept.second, new.second.clone()),
            max_rounds: kept.max_rounds.max(1),
            trials: kept.trials.max(1),
            ..new
        }
    }
}
