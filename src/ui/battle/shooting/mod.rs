//! The kill-team shooting mode (KT-12 … KT-19, EQ-*, RIB-*): the shooter
//! with his weapon and the target (picked from a kill team or a campaign's
//! escort, or typed in), the range bands, the situation, the shot's exact
//! odds and its roll (a heavy weapon once a turn, KT-15); then the other
//! actions (`actions.rs`) and the turn (`turn.rs`). The campaign's soldiers
//! are in `campaign.rs`, the equipment's and ribbons' ticks in `gear.rs`.

mod actions;
pub(in crate::ui::battle) mod campaign;
mod gear;
pub(in crate::ui::battle) mod melee;
mod turn;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::battle::scenario::ScenarioKind;
use crate::rules::battle::scenario::{Count, KtTarget, KtWeapon, Scenario, ShootingScenario};
use crate::rules::battle::{Fight, from_table, scenario};
use crate::rules::core::names::name_in;
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::odds::ShotClass;
use crate::rules::killteam::{KillTeamData, Soldier, WeaponId, derive, ribbons, shot_gear};
use crate::rules::{CharRef, KillTeam};
use crate::ui::battle::parts::{self, Sides, number, odds_ui, optional, wounds_of};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
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
    pub attack: KtAttack,
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
    pub kt_target: Option<campaign::CampaignTarget>,
    /// The shooter's weapon is a heavy weapon that fires once a turn
    /// (KT-15).
    pub once_a_turn: bool,
    /// It has fired this turn (rolled here): a second shot waits for the
    /// next turn.
    pub fired_this_turn: bool,
    /// The shooter taken from a team or a campaign: his equipment and
    /// ribbon give their modifiers on their own (none: typed in).
    pub shooter_soldier: Option<Soldier>,
    /// The target taken from a team or a campaign, likewise.
    pub target_soldier: Option<Soldier>,
    /// The other barrel of the shooter's combi-weapon (EQ-4): its id and
    /// how it fires.
    pub combi: Option<(WeaponId, KtWeapon)>,
    /// Both barrels fire: the other as snap fire.
    pub fire_both: bool,
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
            sides.attacker_or(cx.t("battle.shooter")),
            sides.defender_or(cx.t("battle.target")),
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
        if icon_button(ui, icons::ICON_CASINO, roll, roll, !waits).clicked() {
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
    }

    /// The combi-weapon's tick (EQ-4): both barrels, the other as snap fire.
    fn combi_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let Some((id, _)) = &self.combi else {
            return;
        };
        if self.shooter_soldier.is_none() {
            return;
        }
        let data = &cx.rules.killteam;
        let name = data.weapon(id).map_or(id.as_str(), |w| {
            name_in(&w.names, cx.lang.code(), w.id.as_str())
        });
        let text = cx.f("battle.kt.combi.both", &[("weapon", name)]);
        ui.checkbox(&mut self.fire_both, text);
    }

    fn shooter_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card_title(
            ui,
            icons::ICON_TARGET,
            &parts::side_title(cx.lang, "battle.shooter", &self.shot_sides.attacker),
        );
        parts::character_tick_ui(
            ui,
            cx,
            &mut self.shot_sides.attacker_character,
            cx.t("battle.side.shooter_character"),
            &self.shot_sides.attacker,
        );
        if let Some(picked) = pick_soldier_weapon(ui, cx).or_else(|| {
            campaign::pick_campaign_shooter(ui, cx, self.shot_sides.attacker_from.as_ref())
        }) {
            self.take_shooter(&cx.rules.killteam, picked);
        }
        Self::soldier_line(ui, cx, &self.shot_sides.attacker, &mut self.shooter_soldier);
        if let Some(m) =
            ribbons::move_after_shot(&cx.rules.killteam, self.shot.shooter_ribbon.as_ref())
        {
            ui.horizontal_wrapped(|ui| {
                badge(ui, Tone::Info, &cx.msg(&m));
            });
        }
        self.range_ui(ui, cx);
        self.weapon_ui(ui, cx);
        self.combi_ui(ui, cx);
        ui.add_space(space::S);
        let name = |n: &str, key| {
            if n.is_empty() {
                cx.t(key).to_owned()
            } else {
                n.to_owned()
            }
        };
        let (shooter, target) = (
            name(&self.shot_sides.attacker, "battle.shooter"),
            name(&self.shot_sides.defender, "battle.target"),
        );
        gear::situation_ui(
            ui,
            cx,
            &cx.rules.killteam,
            &gear::SideOf {
                soldier: self.shooter_soldier.as_ref(),
                name: &shooter,
            },
            &gear::SideOf {
                soldier: self.target_soldier.as_ref(),
                name: &target,
            },
            &mut self.shot.modifiers,
        );
    }

    /// Fires `weapon`, the shot opening at a range it reaches: a pistol's
    /// 12" or a flamer's 8", not the 18" left from another shot.
    pub(in crate::ui::battle) fn take_weapon(&mut self, weapon: KtWeapon) {
        self.shot.weapon = weapon;
        if let Some(most) = self.shot.weapon.max_range
            && self.shot.range > most
        {
            self.shot.range = most;
        }
    }

    /// Takes the shooter picked from a team or a campaign: his name, his
    /// weapon, his equipment and ribbon.
    pub(in crate::ui::battle) fn take_shooter(
        &mut self,
        data: &crate::rules::killteam::data::KillTeamData,
        picked: campaign::PickedShooter,
    ) {
        self.shot_sides.attacker.clone_from(&picked.name);
        self.shot_sides.attacker_character = true;
        self.shot_sides.attacker_from.clone_from(&picked.from);
        self.take_weapon(picked.weapon);
        // EQ-4: a combi-weapon's other barrel, not fired until ticked.
        self.combi = picked.combi;
        self.fire_both = false;
        // KT-15: a new shooter has not fired yet.
        self.once_a_turn = picked.once_a_turn;
        self.fired_this_turn = false;
        // His equipment and ribbon give their modifiers on their own.
        self.shooter_soldier = Some(picked.soldier.clone());
        // RIB-10: the roll reminds of his free move after the shot.
        self.shot.shooter_ribbon.clone_from(&picked.soldier.ribbon);
        // KT-14, KT-17: his grenade and his jump as he is.
        self.kt_actions
            .take_soldier(data, &picked.soldier, (picked.strength, picked.wounds_left));
        // RIB-11: the turn card counts his actions with his wounds.
        self.kt_turn
            .set_soldier(picked.name, picked.soldier, picked.wounds_left);
    }

    /// Takes a campaign's soldier as the target: his T, save and its dice,
    /// his wounds left, and where "Apply to campaign" sends the damage.
    pub(in crate::ui::battle) fn take_campaign_target(
        &mut self,
        (t, save, dice): campaign::TargetProfile,
        target: campaign::CampaignTarget,
    ) {
        self.shot_sides.defender.clone_from(&target.name);
        self.shot_sides.defender_character = true;
        self.target_soldier = Some(target.soldier.clone());
        self.shot.target.t = t;
        self.shot.target.save = save;
        self.shot.target.save_dice = dice;
        self.shot.target.wounds = Some(i64::from(target.wounds_left.max(1)));
        // "Apply to campaign" sends the damage to him.
        self.shot_sides.defender_from = Some(CharRef::new(target.campaign.clone(), target.id.0));
        self.kt_target = Some(target);
    }

    /// The range, on a slider that shows the band (KT-12).
    fn range_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        // The range, on a slider that shows the band.
        let mut range = self.shot.range;
        let l = ui.label(cx.t("battle.range"));
        ui.spacing_mut().slider_width = (ui.available_width() - 80.0).max(120.0);
        ui.add(egui::Slider::new(&mut range, 0..=72).suffix("\""))
            .labelled_by(l.id);
        self.shot.range = range;
        bands_ui(ui, cx, self.shot.weapon.class, range);
        if self.shot.weapon.beyond(range) {
            let max = self.shot.weapon.max_range.unwrap_or(0).to_string();
            badge(
                ui,
                Tone::Error,
                &cx.f("battle.kt.beyond_weapon", &[("range", &max)]),
            );
        }
    }

    /// The weapon: its class, shots, S, AP, damage, flame, and a heavy
    /// weapon's once a turn (KT-15).
    fn weapon_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let w = &mut self.shot.weapon;
        ui.horizontal_wrapped(|ui| {
            for (class, key) in [
                (ShotClass::Normal, "battle.class.normal"),
                (ShotClass::Sniper, "battle.class.sniper"),
                (ShotClass::Indirect, "battle.class.indirect"),
            ] {
                ui.radio_value(&mut w.class, class, cx.t(key));
            }
        });
        ui.horizontal_wrapped(|ui| {
            count_ui(ui, cx, cx.t("battle.shots"), &mut w.shots, 0..=20);
            number(ui, cx.t("battle.s"), &mut w.s, 1..=10);
            number(ui, cx.t("battle.ap"), &mut w.ap, -6..=0);
            count_ui(ui, cx, cx.t("battle.damage"), &mut w.damage, 1..=6);
        });
        ui.horizontal_wrapped(|ui| {
            optional(
                ui,
                cx,
                cx.t("battle.kt.weapon_range"),
                &mut w.max_range,
                1..=120,
                24,
            );
        });
        ui.checkbox(&mut w.flame, cx.t("battle.kt.flame"));
        // KT-15: a heavy weapon fires once a turn.
        if ui
            .checkbox(&mut self.once_a_turn, cx.t("battle.kt.once_a_turn"))
            .changed()
        {
            self.fired_this_turn = false;
        }
        if self.once_a_turn {
            ui.horizontal_wrapped(|ui| {
                if self.fired_this_turn {
                    badge(ui, Tone::Error, cx.t("battle.kt.fired_this_turn"));
                    if icon_button(
                        ui,
                        icons::ICON_SKIP_NEXT,
                        cx.t("battle.kt.next_turn"),
                        cx.t("battle.kt.next_turn"),
                        true,
                    )
                    .clicked()
                    {
                        self.fired_this_turn = false;
                    }
                } else {
                    badge(ui, Tone::Warning, cx.t("battle.kt.heavy_once"));
                }
            });
        }
    }

    /// Whose equipment counts on a side, with a button back to typing the
    /// side by hand (every tick free).
    fn soldier_line(
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        name: &str,
        soldier: &mut Option<Soldier>,
    ) {
        if soldier.is_none() {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            badge(
                ui,
                Tone::Info,
                &cx.f("battle.kt.gear_of", &[("name", name)]),
            );
            if ui.button(cx.t("battle.kt.by_hand")).clicked() {
                *soldier = None;
            }
        });
    }

    fn target_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        card_title(
            ui,
            icons::ICON_SHIELD,
            &parts::side_title(cx.lang, "battle.target", &self.shot_sides.defender),
        );
        parts::character_tick_ui(
            ui,
            cx,
            &mut self.shot_sides.defender_character,
            cx.t("battle.side.target_character"),
            &self.shot_sides.defender,
        );
        if let Some((name, (t, save, dice), wounds, soldier)) = pick_soldier_target(ui, cx) {
            self.shot_sides.defender = name;
            self.shot_sides.defender_character = true;
            self.shot_sides.defender_from = None;
            self.target_soldier = Some(soldier);
            self.shot.target.t = t;
            self.shot.target.save = save;
            self.shot.target.save_dice = dice;
            self.shot.target.wounds = Some(wounds);
            self.kt_target = None;
        }
        if let Some((profile, target)) =
            campaign::pick_campaign_target(ui, cx, self.shot_sides.defender_from.as_ref())
        {
            self.take_campaign_target(profile, target);
        }
        Self::soldier_line(ui, cx, &self.shot_sides.defender, &mut self.target_soldier);
        let t = &mut self.shot.target;
        ui.horizontal_wrapped(|ui| {
            number(ui, cx.t("battle.t"), &mut t.t, 1..=10);
            let dice = t.save_dice.clamp(1, 3);
            optional(ui, cx, cx.t("battle.save"), &mut t.save, 2..=6 * dice, 5);
            number(ui, cx.t("battle.save_dice"), &mut t.save_dice, 1..=2);
            ui.checkbox(&mut t.cover, cx.t("battle.cover"));
        });
        if t.save_dice > 1 {
            // KT-19: a Terminator's save on 2D6.
            badge(
                ui,
                Tone::Info,
                &cx.f(
                    "battle.kt.save_on_dice",
                    &[("dice", &format!("{}D6", t.save_dice))],
                ),
            );
        }
        ui.horizontal_wrapped(|ui| {
            optional(
                ui,
                cx,
                cx.t("battle.target_wounds"),
                &mut t.wounds,
                1..=20,
                1,
            );
        });
        if self.shot.weapon.flame && t.cover {
            // KT-15: the flame ignores cover.
            badge(ui, Tone::Warning, cx.t("battle.kt.flame_ignores_cover"));
        }
    }
}

/// The range bands of the class (KT-12), the one the range falls in
/// marked, each with its score.
fn bands_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, class: ShotClass, range: i64) {
    let shooting = &cx.rules.killteam.shooting;
    let bands = match class {
        ShotClass::Normal => &shooting.bands.normal,
        ShotClass::Sniper => &shooting.bands.sniper,
        ShotClass::Indirect => &shooting.bands.indirect,
    };
    let range = u32::try_from(range.max(0)).unwrap_or(0);
    // The band the odds use, a range on a bound where the group's rules
    // put it (KT-12).
    let current = crate::rules::killteam::odds::band_index(shooting, bands, range);
    ui.horizontal_wrapped(|ui| {
        let mut from = 0;
        for (i, b) in bands.iter().enumerate() {
            let span = match b.up_to {
                Some(up) => format!("{from}–{up}\""),
                None => format!("> {from}\""),
            };
            let score = match b.score {
                None => cx.t("battle.impossible").to_owned(),
                Some(s) if s <= 1 => cx.t("battle.automatic").to_owned(),
                Some(s) => format!("{s}+"),
            };
            let text = cx.lang.typeset(format!("{span}: {score}"));
            if Some(i) == current {
                badge(ui, Tone::Info, &text);
            } else {
                ui.label(RichText::new(text).color(palette().ink.subdued));
            }
            from = b.up_to.unwrap_or(from);
        }
        if current.is_none() {
            badge(ui, Tone::Error, cx.t("battle.out_of_range"));
        }
    });
}

/// A combo of every kill team's soldiers in the library, labelled `label`:
/// `row` draws a soldier's lines and gives what a click on one chose.
fn soldier_combo<T>(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    mut row: impl FnMut(&mut egui::Ui, &KillTeam, &Soldier) -> Option<T>,
) -> Option<T> {
    let mut chosen = None;
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(cx.lang.t("kt.choose"))
        .show_ui(ui, |ui| {
            let teams = cx
                .model
                .library
                .docs
                .iter()
                .filter_map(|d| d.get::<KillTeam>());
            for team in teams {
                for s in &team.soldiers {
                    if let Some(picked) = row(ui, team, s) {
                        chosen = Some(picked);
                    }
                }
            }
        })
        .response
        .labelled_by(l.id);
    chosen
}

/// Every kill team's soldiers, with their weapons as they fire.
fn pick_soldier_weapon(ui: &mut egui::Ui, cx: &ViewCtx<'_>) -> Option<campaign::PickedShooter> {
    let data = &cx.rules.killteam;
    soldier_combo(ui, cx, cx.t("battle.take_shooter"), |ui, team, s| {
        let d = derive(data, s).ok()?;
        let mut chosen = None;
        for w in d.weapons.iter().filter(|w| w.range_inches > 0) {
            let name = data.weapon(&w.id).map_or(w.id.as_str(), |x| {
                name_in(&x.names, cx.lang.code(), x.id.as_str())
            });
            if ui
                .selectable_label(false, format!("{} ({name}) — {}", s.name, team.name))
                .clicked()
            {
                chosen = Some(campaign::PickedShooter {
                    name: s.name.clone(),
                    weapon: campaign::shot_weapon(w),
                    soldier: s.clone(),
                    wounds_left: u32::try_from(d.profile.wounds.max(0)).unwrap_or(0),
                    strength: d.profile.strength,
                    once_a_turn: data.weapon(&w.id).is_some_and(|x| x.fires_once_a_turn()),
                    from: None,
                    combi: campaign::combi_of(data, s, w),
                });
            }
        }
        chosen
    })
}

/// Every kill team's soldiers as targets: name, T, save and its dice
/// (KT-19), wounds, and the soldier (his equipment counts, EQ-16).
fn pick_soldier_target(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
) -> Option<(String, campaign::TargetProfile, i64, Soldier)> {
    let data = &cx.rules.killteam;
    soldier_combo(ui, cx, cx.lang.t("battle.take_target"), |ui, team, s| {
        let clicked = ui
            .selectable_label(false, format!("{} — {}", s.name, team.name))
            .clicked();
        if !clicked {
            return None;
        }
        let d = derive(data, s).ok()?;
        Some((
            s.name.clone(),
            from_table::target_profile(&d.profile),
            i64::from(d.profile.wounds.max(1)),
            s.clone(),
        ))
    })
}
