//! The battle screen's unit mode: a round of close combat between two
//! units (CC-7, CC-13) with its strike order, the exact odds of each result
//! and of the casualties on each side, a seeded roll; and the fight to the
//! end, exact where its states can be counted, else simulated with 95 %
//! intervals.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, SimRequest};
use crate::i18n::Lang;
use crate::rules::Msg;
use crate::rules::battle::Fight;
use crate::rules::battle::summary::Combatant;
use crate::rules::characters::equipment::SAVE_MODIFIERS;
use crate::rules::close_combat::fight_exact::{FightOdds, fight_exact};
use crate::rules::close_combat::odds::Fighter;
use crate::rules::close_combat::simulate::{Estimate, FightEstimate, SimSide};
use crate::rules::close_combat::unit_round::{StrikeStep, UnitRoundOdds, strike_order, unit_round};
use crate::rules::core::problem::Problem;
use crate::ui::battle::coherency::Coherency;
use crate::ui::battle::parts::{Group, Unit, bars, num, percent, pick_campaign_fighter};
use crate::ui::battle::{command, parts};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button, labelled_text};

/// The unit mode's state.
pub struct RoundView {
    /// The first unit (the attacker).
    pub first: Unit,
    /// The second unit.
    pub second: Unit,
    /// The fight to the end: rounds at most.
    pub max_rounds: u32,
    /// The fight to the end: trials.
    pub trials: u32,
    /// Each unit's coherency check (CC-3), first then second.
    pub coherency: [Coherency; 2],
    /// The first unit is ours (for the battle summary, CHR-15); set by the
    /// battle screen.
    pub ours_first: bool,
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
                            name: names[k].clone(),
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

/// The simulated fight to the end: asked of the app's thread, shown once
/// done; a result for another situation than this one is stale and never
/// shown.
fn simulated_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, request: SimRequest) {
    let (model, lang) = (cx.model, cx.lang);
    let current = model
        .jobs
        .simulation
        .as_ref()
        .filter(|s| s.request == request);
    if current.is_none() {
        cx.send(Command::Simulate(request));
    }
    match current.and_then(|s| s.result.as_ref()) {
        Some(Ok(e)) => sim_ui(ui, cx, e),
        Some(Err(p)) => {
            alert(ui, Tone::Error, &lang.problem_line(p));
        }
        None => {
            // No spinner: it would repaint every frame; the thread wakes
            // the window when it is done.
            badge(ui, Tone::Info, cx.t("battle.sim.running"));
        }
    }
}

fn unit_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, unit: &mut Unit, first: bool) {
    let (which, icon) = if first {
        ("battle.units.first", icons::ICON_GROUPS)
    } else {
        ("battle.units.second", icons::ICON_GROUP)
    };
    let side = cx.t(which);
    card_title(ui, icon, side);
    labelled_text(
        ui,
        &cx.f("battle.units.name", &[("side", side)]),
        &mut unit.name,
    );
    let from_roster = cx.f("battle.units.take_roster", &[("side", side)]);
    if let Some(picked) = parts::pick_character(ui, cx, &from_roster) {
        unit.groups.push(Group::of(picked));
    }
    let from_campaign = cx.f("battle.units.take_campaign", &[("side", side)]);
    if let Some(picked) = pick_campaign_fighter(ui, cx, &from_campaign, None) {
        unit.groups.push(Group::of(picked));
    }
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(
            &mut unit.charged,
            cx.f("battle.units.charged", &[("side", side)]),
        );
        num(
            ui,
            cx.t("battle.units.ld"),
            &cx.f("battle.units.ld_of", &[("side", side)]),
            &mut unit.ld,
            0..=10,
        );
        num(
            ui,
            cx.t("battle.command.cl"),
            &cx.f("battle.units.cl_of", &[("side", side)]),
            &mut unit.cl,
            1..=10,
        );
    });
    ui.add_space(space::XS);
    let remove = groups_grid_ui(ui, cx, unit, first, side);
    if let Some(k) = remove {
        unit.groups.remove(k);
        unit.command.removed(k);
    }
    let add = cx.f("battle.units.add", &[("side", side)]);
    if icon_button(
        ui,
        icons::ICON_ADD,
        cx.t("battle.units.add_word"),
        &add,
        true,
    )
    .clicked()
    {
        unit.groups.push(Group::trooper(""));
    }
}

/// The narrowest a unit's card may be: its grid of ten columns whole.
const UNIT_MIN_WIDTH: f32 = 600.0;

/// The narrowest a chart of losses may be: its numbers and its bars.
const CHART_MIN_WIDTH: f32 = 380.0;

/// Two pieces side by side, in two columns, when each may be `min_width`
/// wide; otherwise one above the other, so neither runs off the window.
fn two_up(ui: &mut egui::Ui, min_width: f32, mut add: impl FnMut(&mut egui::Ui, usize)) {
    let spacing = ui.spacing().item_spacing.x;
    if ui.available_width() >= 2.0 * min_width + spacing {
        ui.columns(2, |cols| {
            for (k, col) in cols.iter_mut().enumerate() {
                add(col, k);
            }
        });
    } else {
        for k in 0..2 {
            if k > 0 {
                ui.add_space(space::S);
            }
            add(ui, k);
        }
    }
}

/// One unit's card: the unit, its command and its coherency.
fn unit_card_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    unit: &mut Unit,
    coherency: &mut Coherency,
    first: bool,
) {
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        unit_ui(ui, cx, unit, first);
        ui.add_space(space::S);
        let side = if first {
            "battle.units.first"
        } else {
            "battle.units.second"
        };
        // The log names the unit by its name, or by its side's word in the
        // language shown.
        let title = parts::named(&unit.name, side);
        command::command_ui(ui, cx, unit, cx.t(side), title);
        ui.add_space(space::S);
        coherency.ui(ui, cx, cx.t(side), &unit.model_names(cx.lang));
    });
}

/// The unit's groups as a grid, a row each; the group whose remove
/// button was clicked.
fn groups_grid_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    unit: &mut Unit,
    first: bool,
    side: &str,
) -> Option<usize> {
    let mut remove = None;
    egui::Grid::new(("battle-unit", first))
        .striped(true)
        .spacing([space::XS, space::XS])
        .show(ui, |ui| {
            // Short headers: the grid must fit half the window (each cell
            // is named in full for screen readers).
            for h in [
                "battle.units.col.name",
                "battle.units.col.count",
                "battle.ws",
                "battle.s",
                "battle.units.col.weapon_s",
                "battle.units.col.own_save",
                "battle.a",
                "battle.t",
                "battle.psy.w",
                "battle.units.col.i",
                "battle.units.col.save",
            ] {
                ui.label(RichText::new(cx.t(h)).strong());
            }
            ui.end_row();
            for (k, g) in unit.groups.iter_mut().enumerate() {
                if group_row_ui(ui, cx, g, k + 1, side) {
                    remove = Some(k);
                }
                ui.end_row();
            }
        });
    remove
}

/// One group's row: its name and numbers; true when it is to be removed.
fn group_row_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, g: &mut Group, n: usize, side: &str) -> bool {
    let mut remove = false;
    let name = |col: &str| {
        cx.f(
            "battle.units.cell",
            &[("col", cx.t(col)), ("n", &n.to_string()), ("side", side)],
        )
    };
    let r = ui.add(egui::TextEdit::singleline(&mut g.name).desired_width(90.0));
    let nm = name("battle.units.col.name");
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::TextInput, true, &nm));
    cell(
        ui,
        &name("battle.units.col.count"),
        &mut g.count,
        0..=50,
        None,
    );
    cell(ui, &name("battle.ws"), &mut g.ws, 1..=10, None);
    cell(ui, &name("battle.s"), &mut g.s, 1..=10, None);
    cell(
        ui,
        &name("battle.weapon_s"),
        &mut g.weapon_s,
        0..=10,
        Some("–"),
    );
    own_save_cell(
        ui,
        &name("battle.weapon_save_modifier"),
        &mut g.weapon_save_modifier,
    );
    cell(ui, &name("battle.a"), &mut g.a, 0..=10, None);
    cell(ui, &name("battle.t"), &mut g.t, 1..=10, None);
    cell(ui, &name("battle.psy.w"), &mut g.w, 1..=10, None);
    cell(ui, &name("battle.units.col.i"), &mut g.i, 1..=10, None);
    cell(ui, &name("battle.save"), &mut g.save, 0..=6, Some("–"));
    let rm = cx.f(
        "battle.units.remove",
        &[("n", &n.to_string()), ("side", side)],
    );
    if icon_button(ui, icons::ICON_DELETE, "", &rm, true).clicked() {
        remove = true;
    }
    remove
}

/// A number in the grid, named for screen readers; `none` is shown for 0.
fn cell<N: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    name: &str,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
    none: Option<&'static str>,
) {
    let mut d = egui::DragValue::new(value).range(range);
    if let Some(none) = none {
        d = d.custom_formatter(move |v, _| {
            if v == 0.0 {
                none.to_owned()
            } else {
                format!("{v}")
            }
        });
    }
    let r = ui.add(d);
    let name = name.to_owned();
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &name));
}

/// A weapon's own save modifier in the grid (CC-12): "–" for none (the
/// blow's S gives it), or one of the modifiers a weapon may give.
fn own_save_cell(ui: &mut egui::Ui, name: &str, value: &mut Option<i32>) {
    let text = |v: Option<i32>| v.map_or_else(|| "–".to_owned(), |m| m.to_string());
    let r = egui::ComboBox::from_id_salt(("own-save", name))
        .width(36.0)
        .selected_text(text(*value))
        .show_ui(ui, |ui| {
            let all = std::iter::once(None).chain(SAVE_MODIFIERS.rev().map(Some));
            for v in all {
                ui.selectable_value(value, v, text(v));
            }
        })
        .response;
    let name = name.to_owned();
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &name));
}

/// The strike order, step by step (CC-7).
fn order_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    first: &Unit,
    second: &Unit,
    steps: &[StrikeStep],
) {
    ui.label(RichText::new(cx.t("battle.units.order")).strong());
    let who = |u: &Unit, idx: &[usize]| -> String {
        let mut parts: Vec<(String, usize)> = Vec::new();
        for &k in idx {
            let name = u
                .group_of(k)
                .map(|g| {
                    if g.name.trim().is_empty() {
                        cx.t("battle.units.model").to_owned()
                    } else {
                        g.name.trim().to_owned()
                    }
                })
                .unwrap_or_default();
            match parts.last_mut() {
                Some((n, c)) if *n == name => *c += 1,
                _ => parts.push((name, 1)),
            }
        }
        parts
            .into_iter()
            .map(|(n, c)| format!("{n} ×{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (k, s) in steps.iter().enumerate() {
        let mut strikers = Vec::new();
        if !s.first.is_empty() {
            strikers.push(cx.lang.typeset(format!(
                "{}: {}",
                cx.t("battle.units.first"),
                who(first, &s.first)
            )));
        }
        if !s.second.is_empty() {
            strikers.push(cx.lang.typeset(format!(
                "{}: {}",
                cx.t("battle.units.second"),
                who(second, &s.second)
            )));
        }
        let key = if s.charged {
            "battle.units.step_charged"
        } else {
            "battle.units.step"
        };
        ui.label(cx.f(
            key,
            &[
                ("n", &(k + 1).to_string()),
                ("i", &s.i.to_string()),
                ("who", &strikers.join("; ")),
            ],
        ));
    }
}

/// The odds of the round: results and casualties on each side.
fn round_odds_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, o: &UnitRoundOdds) {
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Good,
            &cx.f("battle.units.first_wins", &[("p", &percent(o.first_wins))]),
        );
        badge(
            ui,
            Tone::Info,
            &cx.f("battle.round.draw", &[("p", &percent(o.draw))]),
        );
        badge(
            ui,
            Tone::Warning,
            &cx.f(
                "battle.units.second_wins",
                &[("p", &percent(o.second_wins))],
            ),
        );
    });
    two_up(ui, CHART_MIN_WIDTH, |ui, k| {
        let (title, key, dist) = if k == 0 {
            (
                cx.t("battle.units.first_losses"),
                "battle.units.dead_first_bar",
                &o.first_casualties,
            )
        } else {
            (
                cx.t("battle.units.second_losses"),
                "battle.units.dead_second_bar",
                &o.second_casualties,
            )
        };
        ui.vertical(|ui| {
            ui.label(RichText::new(title).strong());
            bars(ui, cx, title, key, dist);
        });
    });
}

fn interval(lang: Lang, key: &str, e: &Estimate) -> String {
    lang.f(
        key,
        &[
            ("p", &percent(e.mean)),
            ("low", &percent(e.low)),
            ("high", &percent(e.high)),
        ],
    )
}

/// The exact fight to the end: every state counted, so no interval.
fn exact_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, o: &FightOdds) {
    badge(ui, Tone::Good, cx.t("battle.sim.exact"));
    let chance = |key: &str, p: f64| cx.f(key, &[("p", &percent(p))]);
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Good,
            &chance("battle.sim.exact_first_wins", o.first_wins),
        );
        badge(
            ui,
            Tone::Warning,
            &chance("battle.sim.exact_second_wins", o.second_wins),
        );
        badge(
            ui,
            Tone::Info,
            &chance("battle.sim.exact_neither", o.neither),
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(chance("battle.sim.exact_first_routs", o.first_routs));
        ui.label(chance("battle.sim.exact_second_routs", o.second_routs));
        ui.label(cx.f(
            "battle.sim.exact_mean_rounds",
            &[("rounds", &format!("{:.2}", o.mean_rounds))],
        ));
    });
}

/// The simulated fight to the end, each chance with its 95 % interval.
fn sim_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, e: &FightEstimate) {
    badge(ui, Tone::Info, cx.t("battle.sim.simulated"));
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Good,
            &interval(cx.lang, "battle.sim.first_wins", &e.first_wins),
        );
        badge(
            ui,
            Tone::Warning,
            &interval(cx.lang, "battle.sim.second_wins", &e.second_wins),
        );
        badge(
            ui,
            Tone::Info,
            &interval(cx.lang, "battle.sim.neither", &e.neither),
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(interval(cx.lang, "battle.sim.first_routs", &e.first_routs));
        ui.label(interval(
            cx.lang,
            "battle.sim.second_routs",
            &e.second_routs,
        ));
        ui.label(cx.f(
            "battle.sim.mean_rounds",
            &[
                ("rounds", &format!("{:.2}", e.mean_rounds)),
                ("trials", &e.trials.to_string()),
            ],
        ));
    });
}
