//! The kill-team shooting mode (KT-12 … KT-19, EQ-*, RIB-*): the shooter
//! with his weapon and the target (picked from a kill team or a campaign's
//! escort, or typed in), the range bands, the situation, the shot's exact
//! odds and its roll (a heavy weapon once a turn, KT-15); then the other
//! actions (`actions.rs`) and the turn (`turn.rs`). The shooter's and the
//! target's cards are in `fighters.rs`, the campaign's soldiers in
//! `campaign.rs`, the equipment's and ribbons' ticks in `gear.rs`.

mod actions;
pub(in crate::ui::battle) mod campaign;
mod fighters;
mod gear;
pub(in crate::ui::battle) mod melee;
mod turn;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, HandShot};
use crate::rules::battle::scenario::ScenarioKind;
use crate::rules::battle::scenario::{Count, KtTarget, KtWeapon, Scenario, ShootingScenario};
use crate::rules::battle::{Fight, scenario};
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::odds::ShotClass;
use crate::rules::killteam::{KillTeamData, Soldier, WeaponId, shot_gear};
use crate::ui::battle::parts;
use crate::ui::battle::parts::{Sides, odds_ui, wounds_of};
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button, together};

/// What the kill-team mode resolves: a shot, or a close combat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KtAttack {
    /// A shot (KT-12 … KT-16).
    #[default]
    Shot,
    /// A charge and its close combat (KT-6, KT-9).
    CloseCombat,
}

/// State of the kill-team mode: the shot or the close combat being set up.
pub struct ShootingView {
    /// A shot or a close combat.
    pub(super) attack: KtAttack,
    /// The close combat: the charger and the soldier charged.
    pub melee: melee::MeleeView,
    /// The fighters: the shooter and his target.
    pub shot_sides: Sides,
    /// The shooting attack.
    pub shot: ShootingScenario,
    /// Kill-team grenades and jumps.
    pub kt_actions: actions::KtActionsView,
    /// The turn: activations, initiative, targeting.
    pub kt_turn: turn::KtTurnView,
    /// The kill-team target taken from a campaign's escort, if he was.
    pub(super) kt_target: Option<campaign::CampaignTarget>,
    /// The wounds the table last had the shot's target at (the wounds
    /// field follows them when a roll's wounds are applied).
    pub(super) target_at_table: Option<u32>,
    /// The shooter's weapon is a heavy weapon that fires once a turn
    /// (KT-15).
    pub(super) once_a_turn: bool,
    /// It has fired this turn (rolled here): a second shot waits for the
    /// next turn.
    pub(super) fired_this_turn: bool,
    /// The shooter taken from a team or a campaign: his equipment and
    /// ribbon give their modifiers on their own (none: typed in).
    pub(super) shooter_soldier: Option<Soldier>,
    /// The target taken from a team or a campaign, likewise.
    pub(super) target_soldier: Option<Soldier>,
    /// The other barrel of the shooter's combi-weapon (EQ-4): its id and
    /// how it fires.
    combi: Option<(WeaponId, KtWeapon)>,
    /// Both barrels fire: the other as snap fire.
    fire_both: bool,
}

impl Default for ShootingView {
    fn default() -> Self {
        Self {
            attack: KtAttack::Shot,
            melee: melee::MeleeView::default(),
            shot_sides: Sides::default(),
            shot: ShootingScenario {
                kind: ScenarioKind::KillteamShooting,
                range: 18,
                weapon: KtWeapon {
                    class: ShotClass::Normal,
                    shots: Count::Fixed(1),
                    s: 3,
                    ap: 0,
                    damage: Count::Fixed(1),
                    flame: false,
                    max_range: None,
                },
                target: KtTarget {
                    t: 3,
                    save: Some(5),
                    cover: false,
                    save_dice: 1,
                    wounds: None,
                },
                modifiers: Vec::new(),
                shooter_ribbon: None,
            },
            kt_actions: Default::default(),
            kt_turn: Default::default(),
            kt_target: None,
            target_at_table: None,
            once_a_turn: false,
            fired_this_turn: false,
            shooter_soldier: None,
            combi: None,
            fire_both: false,
            target_soldier: None,
        }
    }
}

/// A number or dice (shots, damage): a choice of a number or the usual
/// dice, and the number when it is one.
pub(in crate::ui::battle) fn count_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    value: &mut Count,
    range: std::ops::RangeInclusive<i64>,
) {
    // The label and its fields together: a wrapping line never parts them,
    // and starts a row rather than running past the card's edge.
    together(ui, |ui| {
        let l = ui.label(label);
        let shown = match value {
            Count::Fixed(_) => cx.t("battle.count.number").to_owned(),
            Count::Dice(d) => d.clone(),
        };
        let mut choice = value.clone();
        egui::ComboBox::from_id_salt(("battle-count", label))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                let number = matches!(value, Count::Fixed(_));
                if ui
                    .selectable_label(number, cx.t("battle.count.number"))
                    .clicked()
                    && !number
                {
                    choice = Count::Fixed((*range.start()).max(1));
                }
                for dice in ["D3", "D6", "2D6"] {
                    let on = matches!(value, Count::Dice(d) if d == dice);
                    if ui.selectable_label(on, dice).clicked() {
                        choice = Count::Dice(dice.to_owned());
                    }
                }
            })
            .response
            .labelled_by(l.id);
        *value = choice;
        if let Count::Fixed(n) = value {
            let r = ui.add(egui::DragValue::new(n).range(range));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::SpinButton,
                    true,
                    format!("{label}: {}", cx.t("battle.value")),
                )
            });
        }
    });
}

impl ShootingView {
    /// A shot or a close combat.
    pub fn attack(&self) -> KtAttack {
        self.attack
    }

    /// The shot as set up now: the player's ticks with what the
    /// soldiers' equipment and ribbons bring (KT-13, EQ-*, RIB-12).
    pub fn shot(&self, data: &KillTeamData) -> ShootingScenario {
        let mut shot = self.shot.clone();
        shot.modifiers = shot_gear::shot_modifiers(
            data,
            self.shooter_soldier.as_ref(),
            self.target_soldier.as_ref(),
            &self.shot.modifiers,
        );
        shot
    }

    /// Shows the shooting mode: the shooter and the target, the odds and
    /// the roll, the other actions and the turn.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, we_attack: bool) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(cx.t("battle.kt.attack.what")).strong());
            for (attack, key) in [
                (KtAttack::Shot, "battle.kt.attack.shot"),
                (KtAttack::CloseCombat, "battle.kt.attack.close_combat"),
            ] {
                ui.selectable_value(&mut self.attack, attack, cx.t(key));
            }
        });
        ui.add_space(space::S);
        if self.attack == KtAttack::CloseCombat {
            let turn = &mut self.kt_turn;
            self.melee.ui(ui, cx, we_attack, |ui, who, by| {
                turn.charge_ui(ui, cx, who, by);
            });
            let by = self
                .melee
                .charger_sides()
                .roller(cx.lang, we_attack, u32::MAX, false);
            turn.turn_ui(ui, cx, by);
            return;
        }
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.shooter_ui(ui, cx);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.target_ui(ui, cx);
            });
        });
        ui.add_space(space::M);
        self.odds_card_ui(ui, cx, we_attack);
        ui.add_space(space::M);
        let sides = &self.shot_sides;
        let names = (
            &parts::name_msg(&sides.attacker_name(), "battle.shooter"),
            &parts::name_msg(&sides.defender_name(), "battle.target"),
        );
        let shot = self.shot(&cx.rules.killteam);
        // At a campaign's table, each roll is the shooter's: the grenade
        // his grenade of the turn (KT-14), the jump's fall his wounds, and
        // his team pays for a reroll (KT-11).
        let wounds = (u32::MAX, wounds_of(self.shot.target.wounds.unwrap_or(1)));
        let mut thrower = sides.combatants(cx.lang, we_attack, wounds);
        thrower[0].spends = Some(Act::Grenade);
        let jumper = wounds_of(self.kt_actions.wounds_left);
        let jumper = sides.roller(cx.lang, we_attack, jumper, true);
        let by = sides.roller(cx.lang, we_attack, u32::MAX, false);
        // A shot picked at a campaign's table: the table keeps the turn,
        // and a grenade or a jump is another fight. Folded under the shot,
        // opened by a click.
        let at_table = sides.attacker_from.is_some() || sides.defender_from.is_some();
        egui::CollapsingHeader::new(RichText::new(cx.t("battle.kt.more_actions")).strong())
            .id_salt("kt-more-actions")
            .default_open(!at_table)
            .show(ui, |ui| {
                self.kt_actions.ui(ui, cx, &shot, names, (thrower, jumper));
                self.kt_turn.turn_ui(ui, cx, by);
            });
    }

    /// The shots to roll: the one set up, and with a combi-weapon's both
    /// barrels ticked, the other as snap fire (EQ-4).
    fn shots(&self, cx: &ViewCtx<'_>) -> Vec<ShootingScenario> {
        let shot = self.shot(&cx.rules.killteam);
        match &self.combi {
            Some((_, other)) if self.fire_both && self.shooter_soldier.is_some() => {
                scenario::combi_shots(&shot, other.clone()).to_vec()
            }
            _ => vec![shot],
        }
    }

    /// The odds card: the shot's odds (each barrel's for a combi-weapon
    /// firing both), the campaign target's state, and the roll (a heavy
    /// weapon that fired this turn waits, KT-15).
    fn odds_card_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, we_attack: bool) {
        let shots = self.shots(cx);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_CASINO, cx.t("battle.odds"));
            let mut scenarios = Vec::new();
            for (k, shot) in shots.iter().enumerate() {
                if shots.len() > 1 {
                    let key = if k == 0 {
                        "battle.kt.combi.first"
                    } else {
                        "battle.kt.combi.second"
                    };
                    ui.label(RichText::new(cx.t(key)).strong());
                }
                let scenario = Scenario::KillteamShooting(shot.clone());
                match scenario.odds(&cx.rules) {
                    Ok(odds) => {
                        odds_ui(ui, cx, &odds);
                        if let Some(t) = &self.kt_target {
                            campaign::target_state_ui(ui, cx, t, &odds.wounds);
                        }
                        scenarios.push(scenario);
                    }
                    Err(p) => {
                        alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                    }
                }
            }
            if scenarios.len() == shots.len() {
                ui.add_space(space::S);
                self.roll_ui(ui, cx, we_attack, &scenarios);
            }
        });
    }

    /// "Roll" (or "Roll both barrels"): one roll in the log for each shot.
    fn roll_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        we_attack: bool,
        scenarios: &[Scenario],
    ) {
        // KT-15: a heavy weapon that fired this turn waits.
        let waits = self.once_a_turn && self.fired_this_turn;
        let roll = if scenarios.len() > 1 {
            cx.t("battle.kt.combi.roll")
        } else {
            cx.t("battle.roll")
        };
        // KT-9: at his campaign's table, the shot is one of his actions.
        let refused = (self.shot_sides.attacker_from())
            .and_then(|from| cx.model.spends_act(from, Act::Shoot).err());
        if icon_button(
            ui,
            icons::ICON_CASINO,
            roll,
            roll,
            !waits && refused.is_none(),
        )
        .clicked()
        {
            // A shooter takes no wounds from his shot: as many as he has.
            let wounds = (u32::MAX, wounds_of(self.shot.target.wounds.unwrap_or(1)));
            for (k, scenario) in scenarios.iter().enumerate() {
                let mut combatants = self.shot_sides.combatants(cx.lang, we_attack, wounds);
                // KT-9: the shot is one of the shooter's actions, both
                // barrels of a combi-weapon together.
                if k == 0 {
                    combatants[0].spends = Some(Act::Shoot);
                }
                cx.send(Command::RollFight(
                    self.shot_sides.title(),
                    Fight::Attack(scenario.clone()),
                    combatants,
                ));
            }
            if self.once_a_turn {
                self.fired_this_turn = true;
            }
        }
        if waits {
            badge(ui, Tone::Error, cx.t("battle.kt.fired_this_turn"));
        }
        if let Some(p) = &refused {
            badge(ui, Tone::Warning, &cx.lang.problem_line(p));
        }
    }
}

impl ShootingView {
    /// The shot as set up, to keep.
    pub(super) fn kept(&self) -> HandShot {
        HandShot {
            sides: self.shot_sides.kept(),
            shot: self.shot.clone(),
            shooter: self.shooter_soldier.clone(),
            target: self.target_soldier.clone(),
        }
    }

    /// The shot as kept: its soldiers as they were taken, whether or not
    /// their kill team still holds them.
    pub(super) fn of_kept(kept: &HandShot) -> Self {
        Self {
            shot_sides: Sides::of_kept(&kept.sides),
            shot: kept.shot.clone(),
            shooter_soldier: kept.shooter.clone(),
            target_soldier: kept.target.clone(),
            ..Self::default()
        }
    }
}
