//! The battle resolver: set up a fight (from a roster's character, a kill
//! team's soldier, or typed in), see the exact odds change as you change
//! anything, roll it with dice kept for the log, and export the log.

mod cc_after;
mod cc_charge;
mod cc_test;
mod cc_weapon;
mod coherency;
mod command;
mod creature;
mod flyers;
mod kt_actions;
mod kt_campaign;
mod kt_gear;
mod kt_turn;
mod parts;
mod psychic;
mod robots;
mod units;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::KillTeam;
use crate::rules::core::names::name_in;
use crate::rules::killteam::derive;
use crate::rules::odds::{CcModifier, Odds, ShotClass};
use crate::rules::scenario::{
    CcAttacker, CcDefender, CloseCombatScenario, Count, KtTarget, KtWeapon, Scenario,
    ShootingScenario,
};
use crate::ui::battle::parts::percent;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{PALETTE, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// Which kind of fight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// A round of close combat (Rogue Trader).
    #[default]
    CloseCombat,
    /// A kill-team shooting attack.
    Shooting,
    /// A psychic attack (`battle/psychic.rs`).
    Psychic,
    /// A round between two units (`battle/units.rs`).
    Units,
    /// Robots: orders, arcs, target checks, damage (ROB-5 … ROB-10).
    Robot,
    /// Flyers: speeds, altitude, ranges, drops, crashes (FLY-1 … FLY-11).
    Flyer,
}

/// State of the battle screen: the fight being set up.
pub struct BattleView {
    /// Which kind of fight: close combat, shooting, psychic, units, robot or flyer.
    pub mode: Mode,
    /// The close-combat mode's fighters.
    pub cc_sides: Sides,
    /// The kill-team shooting mode's fighters: the shooter and his target.
    pub shot_sides: Sides,
    /// The close-combat round.
    pub cc: CloseCombatScenario,
    /// The shooting attack.
    pub shot: ShootingScenario,
    /// The defender strikes back: the whole round (CC-7, CC-13).
    pub strike_back: bool,
    /// What a whole round needs besides the attack.
    pub back: Back,
    /// The psychic mode.
    pub psychic: psychic::PsychicView,
    /// The unit mode.
    pub units: units::RoundView,
    /// Robot mode.
    pub robot: robots::RobotView,
    /// Flyer mode.
    pub flyer: flyers::FlyerView,
    /// Kill-team grenades and jumps.
    pub kt_actions: kt_actions::KtActionsView,
    /// Kill-team shooting mode's turn: activations, initiative, targeting.
    pub kt_turn: kt_turn::KtTurnView,
    /// The attacker's weapon in hand (CC-4).
    pub cc_weapon: crate::rules::engagement::CcWeapon,
    /// The kill-team target taken from a campaign's escort, if he was.
    pub kt_target: Option<kt_campaign::CampaignTarget>,
    /// The weapon in hand the attacker picked brought from his roster.
    pub cc_weapon_from: Option<crate::rules::equipment::InHand>,
    /// The shooter's weapon is a heavy weapon that fires once a turn
    /// (KT-15).
    pub once_a_turn: bool,
    /// It has fired this turn (rolled here): a second shot waits for the
    /// next turn.
    pub fired_this_turn: bool,
    /// CC-10's battle setting, switched for the session: ordinary troops may
    /// not try a blow of 7 or more to hit (none: the data's default).
    pub refuse_seven_plus: Option<bool>,
    /// The shooter taken from a team or a campaign: his equipment and
    /// ribbon give their modifiers on their own (none: typed in).
    pub shooter_soldier: Option<crate::rules::killteam::Soldier>,
    /// The target taken from a team or a campaign, likewise.
    pub target_soldier: Option<crate::rules::killteam::Soldier>,
    /// Close combat after the blows: push back, follow up, breaking off,
    /// the charge, a creature attacker, a characteristic test (CC-1 …
    /// CC-21, `battle/cc_after.rs`).
    pub cc_after: cc_after::CcAfterView,
    /// Our side is the attacker (the first unit); else the defender. The
    /// battle summary counts each side's characters killed (CHR-15).
    pub we_attack: bool,
}

/// One mode's two fighters, as the log names them and the battle summary
/// follows them. Each mode keeps its own: a fighter picked in one never
/// fights, nor is counted, in a roll of another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    /// The attacker's (shooter's) name, for the log.
    pub attacker: String,
    /// The defender's (target's) name, for the log.
    pub defender: String,
    /// The attacker (shooter) is a character (CHR-15).
    pub attacker_character: bool,
    /// The defender (target) is a character (CHR-15).
    pub defender_character: bool,
    /// The campaign character the attacker is, when picked from a
    /// campaign's escort: (campaign, character).
    pub attacker_from: Option<(String, u64)>,
    /// The campaign character the defender is: where his wounds go.
    pub defender_from: Option<(String, u64)>,
}

impl Sides {
    /// The attacker's name, or `word` when none was given.
    fn attacker_or<'a>(&'a self, word: &'a str) -> &'a str {
        if self.attacker.trim().is_empty() {
            word
        } else {
            self.attacker.trim()
        }
    }

    /// The defender's name, or `word` when none was given.
    fn defender_or<'a>(&'a self, word: &'a str) -> &'a str {
        if self.defender.trim().is_empty() {
            word
        } else {
            self.defender.trim()
        }
    }
}

/// The values a whole round needs besides one side's attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Back {
    /// The attacker's T.
    pub attacker_t: i64,
    /// The attacker's wounds left.
    pub attacker_w: i64,
    /// The attacker's I.
    pub attacker_i: i64,
    /// The attacker's armour save.
    pub attacker_save: Option<i64>,
    /// The defender's S.
    pub defender_s: i64,
    /// The defender's A.
    pub defender_a: i64,
    /// The defender's wounds left.
    pub defender_w: i64,
    /// The defender's I.
    pub defender_i: i64,
}

impl Default for Back {
    fn default() -> Self {
        Self {
            attacker_t: 3,
            attacker_w: 1,
            attacker_i: 3,
            attacker_save: None,
            defender_s: 3,
            defender_a: 1,
            defender_w: 1,
            defender_i: 3,
        }
    }
}

impl Default for BattleView {
    fn default() -> Self {
        Self {
            mode: Mode::CloseCombat,
            cc_sides: Sides::default(),
            shot_sides: Sides::default(),
            cc: CloseCombatScenario {
                kind: "close_combat".to_owned(),
                attacker: CcAttacker {
                    ws: 3,
                    s: 3,
                    a: 1,
                    weapon_s: None,
                },
                defender: CcDefender {
                    ws: 3,
                    t: 3,
                    save: None,
                },
                modifiers: Vec::new(),
                helpless: false,
            },
            shot: ShootingScenario {
                kind: "killteam_shooting".to_owned(),
                range: 18,
                weapon: KtWeapon {
                    class: ShotClass::Normal,
                    shots: Count::Fixed(1),
                    s: 3,
                    ap: 0,
                    damage: Count::Fixed(1),
                    flame: false,
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
            strike_back: false,
            back: Back::default(),
            psychic: Default::default(),
            units: Default::default(),
            robot: Default::default(),
            flyer: Default::default(),
            kt_actions: Default::default(),
            kt_turn: Default::default(),
            cc_weapon: Default::default(),
            kt_target: None,
            cc_weapon_from: None,
            once_a_turn: false,
            fired_this_turn: false,
            refuse_seven_plus: None,
            shooter_soldier: None,
            target_soldier: None,
            cc_after: Default::default(),
            we_attack: true,
        }
    }
}

/// A number field with a visible label that names it.
fn number(ui: &mut egui::Ui, label: &str, value: &mut i64, range: std::ops::RangeInclusive<i64>) {
    let l = ui.label(label);
    ui.add(egui::DragValue::new(value).range(range))
        .labelled_by(l.id);
}

/// A number or dice (shots, damage): a choice of a number or the usual
/// dice, and the number when it is one.
fn count_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    label: &str,
    value: &mut Count,
    range: std::ops::RangeInclusive<i64>,
) {
    let l = ui.label(label);
    let shown = match value {
        Count::Fixed(_) => lang.t("battle.count.number").to_owned(),
        Count::Dice(d) => d.clone(),
    };
    let mut choice = value.clone();
    egui::ComboBox::from_id_salt(("battle-count", label))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            let number = matches!(value, Count::Fixed(_));
            if ui
                .selectable_label(number, lang.t("battle.count.number"))
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
                format!("{label}: {}", lang.t("battle.value")),
            )
        });
    }
}

/// A number that may be absent (a save, a weapon's S).
fn optional(
    ui: &mut egui::Ui,
    lang: Lang,
    label: &str,
    value: &mut Option<i64>,
    range: std::ops::RangeInclusive<i64>,
    default: i64,
) {
    let mut on = value.is_some();
    if ui.checkbox(&mut on, label).changed() {
        *value = on.then_some(value.unwrap_or(default));
    }
    if let Some(v) = value {
        let r = ui.add(egui::DragValue::new(v).range(range));
        r.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::SpinButton,
                true,
                format!("{label}: {}", lang.t("battle.value")),
            )
        });
    }
}

/// The situation: a checkbox for each modifier, kept in `list` (close
/// combat; the shot's is `battle_kt_gear`).
fn situation_ui<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    lang: Lang,
    list: &mut Vec<T>,
    items: &[(T, &str)],
) {
    ui.label(RichText::new(lang.t("battle.situation")).strong());
    ui.horizontal_wrapped(|ui| {
        for &(item, key) in items {
            let mut on = list.contains(&item);
            if ui.checkbox(&mut on, lang.t(key)).changed() {
                if on {
                    list.push(item);
                } else {
                    list.retain(|m| *m != item);
                }
            }
        }
    });
}

impl BattleView {
    /// The shot as set up now: the player's ticks with what the
    /// soldiers' equipment and ribbons bring (KT-13, EQ-*, RIB-12).
    pub fn shot(&self, data: &crate::rules::killteam::KillTeamData) -> ShootingScenario {
        let mut shot = self.shot.clone();
        shot.modifiers = crate::rules::killteam::shot_gear::shot_modifiers(
            data,
            self.shooter_soldier.as_ref(),
            self.target_soldier.as_ref(),
            &self.shot.modifiers,
        );
        shot
    }

    /// The fight as set up now (the psychic and unit modes roll their own).
    pub fn scenario(&self, data: &crate::rules::killteam::KillTeamData) -> Scenario {
        match self.mode {
            Mode::Shooting => Scenario::KillteamShooting(self.shot(data)),
            _ => Scenario::CloseCombat(self.cc.clone()),
        }
    }

    /// What Roll rolls: the attack as set up, or the whole round, both
    /// sides' blows in strike order, when the defender strikes back (CC-7,
    /// CC-13).
    pub fn fight(
        &self,
        data: &crate::rules::killteam::KillTeamData,
    ) -> crate::rules::battle::Fight {
        if self.mode == Mode::CloseCombat && self.strike_back {
            let r = self.round();
            crate::rules::battle::Fight::Units(vec![r.first], vec![r.second])
        } else {
            crate::rules::battle::Fight::Attack(self.scenario(data))
        }
    }

    /// The fighters of the mode shown: the close-combat mode's, or the
    /// shooting mode's.
    pub fn sides(&self) -> &Sides {
        match self.mode {
            Mode::Shooting => &self.shot_sides,
            _ => &self.cc_sides,
        }
    }

    /// The two fighters of the close-combat and shooting modes, for the
    /// battle summary (CHR-15): each with his side and his wounds.
    pub fn combatants(&self, lang: Lang) -> Vec<crate::rules::summary::Combatant> {
        use crate::rules::summary::{BattleSide, Combatant};
        let (a, d) = BattleSide::of_attacker(self.we_attack);
        let sides = self.sides();
        let w = |v: i64| u32::try_from(v.max(1)).unwrap_or(1);
        // A shooter takes no wounds from his shot: as many as he has.
        let (aw, dw) = match self.mode {
            Mode::Shooting => (u32::MAX, w(self.shot.target.wounds.unwrap_or(1))),
            _ => (w(self.back.attacker_w), w(self.back.defender_w)),
        };
        vec![
            Combatant {
                name: sides.attacker_or(lang.t("battle.attacker")).to_owned(),
                side: a,
                character: sides.attacker_character,
                first: true,
                model: 0,
                wounds: aw,
                campaign: sides.attacker_from.clone(),
            },
            Combatant {
                name: sides.defender_or(lang.t("battle.defender")).to_owned(),
                side: d,
                character: sides.defender_character,
                first: false,
                model: 0,
                wounds: dw,
                campaign: sides.defender_from.clone(),
            },
        ]
    }

    /// Shows the battle screen.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let model = cx.model;
        let lang = cx.lang;
        self.units.ours_first = self.we_attack;
        self.psychic.we_attack = self.we_attack;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_SWORDS, lang.t("battle.title"));
            ui.horizontal(|ui| {
                ui.selectable_value(
                    &mut self.mode,
                    Mode::CloseCombat,
                    lang.t("battle.close_combat"),
                );
                ui.selectable_value(&mut self.mode, Mode::Shooting, lang.t("battle.shooting"));
                ui.selectable_value(&mut self.mode, Mode::Psychic, lang.t("battle.psychic"));
                ui.selectable_value(&mut self.mode, Mode::Units, lang.t("battle.units"));
                ui.selectable_value(&mut self.mode, Mode::Robot, lang.t("battle.robot"));
                ui.selectable_value(&mut self.mode, Mode::Flyer, lang.t("battle.flyer"));
            });
        });
        ui.add_space(space::M);
        if !matches!(self.mode, Mode::CloseCombat | Mode::Shooting) {
            match self.mode {
                Mode::Psychic => self.psychic.ui(ui, cx),
                Mode::Units => self.units.ui(ui, cx),
                Mode::Robot => self.robot.ui(ui, cx),
                Mode::Flyer => self.flyer.ui(ui, cx),
                Mode::CloseCombat | Mode::Shooting => {}
            }
            ui.add_space(space::M);
            let psychic = self.mode == Mode::Psychic;
            log_ui(ui, cx, psychic);
            ui.add_space(space::M);
            summary_ui(ui, cx, self.mode, &mut self.we_attack);
            return;
        }
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                match self.mode {
                    Mode::Shooting => self.shooter_ui(ui, cx),
                    _ => self.cc_attacker_ui(ui, cx),
                }
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                match self.mode {
                    Mode::Shooting => self.target_ui(ui, cx),
                    _ => self.cc_defender_ui(ui, cx),
                }
            });
        });
        ui.add_space(space::M);
        let scenario = self.scenario(&model.rules.killteam);
        let sides = self.sides().clone();
        let title = lang.f(
            "battle.against",
            &[
                ("attacker", sides.attacker_or(lang.t("battle.attacker"))),
                ("defender", sides.defender_or(lang.t("battle.defender"))),
            ],
        );
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_CASINO, lang.t("battle.odds"));
            match scenario.odds(&model.rules) {
                Ok(odds) => {
                    odds_ui(ui, lang, &odds);
                    if self.mode == Mode::Shooting
                        && let Some(t) = &self.kt_target
                    {
                        kt_campaign::target_state_ui(ui, lang, t, &odds.wounds);
                    }
                    ui.add_space(space::S);
                    // KT-15: a heavy weapon that fired this turn waits.
                    let shooting = self.mode == Mode::Shooting;
                    let waits = shooting && self.once_a_turn && self.fired_this_turn;
                    // CC-10: a 7+ blow the battle refuses.
                    let refused = if shooting {
                        None
                    } else {
                        self.consent_ui(ui, cx)
                    };
                    if let Some(p) = &refused {
                        alert(ui, Tone::Error, &lang.problem_line(p));
                        ui.add_space(space::S);
                    }
                    if icon_button(
                        ui,
                        icons::ICON_CASINO,
                        lang.t("battle.roll"),
                        lang.t("battle.roll"),
                        !waits && refused.is_none(),
                    )
                    .clicked()
                    {
                        cx.send(Command::RollFight(
                            title.clone(),
                            self.fight(&model.rules.killteam),
                            self.combatants(lang),
                        ));
                        if shooting && self.once_a_turn {
                            self.fired_this_turn = true;
                        }
                    }
                    if waits {
                        badge(ui, Tone::Error, lang.t("battle.kt.fired_this_turn"));
                    }
                }
                Err(p) => {
                    alert(ui, Tone::Error, &lang.problem_line(&p));
                }
            }
        });
        if self.mode == Mode::Shooting {
            ui.add_space(space::M);
            let names = (
                sides.attacker_or(lang.t("battle.shooter")),
                sides.defender_or(lang.t("battle.target")),
            );
            let shot = self.shot(&model.rules.killteam);
            self.kt_actions.ui(ui, cx, &shot, names);
            self.kt_turn.ui(ui, cx, names.0);
        }
        if self.mode == Mode::CloseCombat && self.strike_back {
            ui.add_space(space::M);
            card(ui, |ui| {
                ui.set_min_width(ui.available_width());
                card_title(ui, icons::ICON_SWORDS, lang.t("battle.round"));
                match self.round().odds(&model.rules) {
                    Ok(r) => round_ui(ui, lang, &r),
                    Err(p) => {
                        alert(ui, Tone::Error, &lang.problem_line(&p));
                    }
                }
            });
        }
        if self.mode == Mode::CloseCombat {
            ui.add_space(space::M);
            let names = (
                sides.attacker_or(lang.t("battle.attacker")),
                sides.defender_or(lang.t("battle.defender")),
            );
            let situation = parts::Situation {
                names,
                round: self.round(),
                scenario,
                strike_back: self.strike_back,
            };
            self.cc_after.ui(ui, cx, &situation);
        }
        ui.add_space(space::M);
        log_ui(ui, cx, false);
        ui.add_space(space::M);
        summary_ui(ui, cx, self.mode, &mut self.we_attack);
    }

    fn cc_attacker_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let lang = cx.lang;
        card_title(
            ui,
            icons::ICON_SPORTS_MARTIAL_ARTS,
            lang.t("battle.attacker"),
        );
        parts::character_tick_ui(
            ui,
            lang,
            &mut self.cc_sides.attacker_character,
            lang.t("battle.side.attacker_character"),
            &self.cc_sides.attacker,
        );
        if let Some(picked) =
            parts::pick_character(ui, cx, lang.t("battle.take_attacker")).or_else(|| {
                parts::pick_campaign_fighter(ui, cx, lang.t("battle.take_attacker_campaign"))
            })
        {
            let parts::Picked {
                name,
                profile: p,
                equipment,
                from,
            } = picked;
            // His own weapon in hand (CC-4) and armour, when his roster
            // lists them; what it does not list stays as set here.
            self.cc_weapon_from = crate::rules::equipment::in_hand(&equipment);
            if let Some(h) = &self.cc_weapon_from {
                cc_weapon::take_weapon(&mut self.cc_weapon, &mut self.cc, h);
            }
            if let Some(save) = crate::rules::equipment::armour_save(&equipment) {
                self.back.attacker_save = Some(i64::from(save));
            }
            self.cc_after.take_attacker(&p);
            self.cc_sides.attacker = name;
            self.cc_sides.attacker_character = true;
            // The campaign character he is (none: from a roster).
            self.cc_sides.attacker_from = from;
            self.cc.attacker.ws = i64::from(p.get(crate::rules::Characteristic::WS));
            self.cc.attacker.s = i64::from(p.get(crate::rules::Characteristic::S));
            self.cc.attacker.a = i64::from(p.get(crate::rules::Characteristic::A));
            self.back.attacker_t = i64::from(p.get(crate::rules::Characteristic::T));
            self.back.attacker_w = i64::from(p.get(crate::rules::Characteristic::W));
            self.back.attacker_i = i64::from(p.get(crate::rules::Characteristic::I));
        }
        let a = &mut self.cc.attacker;
        ui.horizontal_wrapped(|ui| {
            number(ui, lang.t("battle.ws"), &mut a.ws, 1..=10);
            number(ui, lang.t("battle.s"), &mut a.s, 1..=10);
            number(ui, lang.t("battle.a"), &mut a.a, 0..=20);
            optional(
                ui,
                lang,
                lang.t("battle.weapon_s"),
                &mut a.weapon_s,
                1..=10,
                4,
            );
        });
        cc_weapon::weapon_ui(
            ui,
            lang,
            &mut self.cc_weapon,
            &mut self.cc,
            &mut self.cc_weapon_from,
        );
        situation_ui(
            ui,
            lang,
            &mut self.cc.modifiers,
            &[
                (CcModifier::Charging, "battle.cc.charging"),
                (CcModifier::Frenzied, "battle.cc.frenzied"),
                (CcModifier::HigherPosition, "battle.cc.higher_position"),
                (CcModifier::FollowedUp, "battle.cc.followed_up"),
                (CcModifier::DefendedObstacle, "battle.cc.defended_obstacle"),
                (CcModifier::TwoWeapons, "battle.cc.two_weapons"),
                (CcModifier::WrongHand, "battle.cc.wrong_hand"),
                (CcModifier::Improvised, "battle.cc.improvised"),
            ],
        );
        ui.add_space(space::S);
        self.cc_after.charge_ui(ui, cx);
    }

    fn cc_defender_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let lang = cx.lang;
        card_title(ui, icons::ICON_SHIELD, lang.t("battle.defender"));
        parts::character_tick_ui(
            ui,
            lang,
            &mut self.cc_sides.defender_character,
            lang.t("battle.side.defender_character"),
            &self.cc_sides.defender,
        );
        if let Some(picked) =
            parts::pick_character(ui, cx, lang.t("battle.take_defender")).or_else(|| {
                parts::pick_campaign_fighter(ui, cx, lang.t("battle.take_defender_campaign"))
            })
        {
            let parts::Picked {
                name,
                profile: p,
                equipment,
                from,
            } = picked;
            if let Some(save) = crate::rules::equipment::armour_save(&equipment) {
                self.cc.defender.save = Some(i64::from(save));
            }
            self.cc_after.take_defender(&p);
            self.cc_sides.defender = name;
            self.cc_sides.defender_character = true;
            // Where his wounds go (none: from a roster, they go nowhere).
            self.cc_sides.defender_from = from;
            self.cc.defender.ws = i64::from(p.get(crate::rules::Characteristic::WS));
            self.cc.defender.t = i64::from(p.get(crate::rules::Characteristic::T));
            self.back.defender_s = i64::from(p.get(crate::rules::Characteristic::S));
            self.back.defender_a = i64::from(p.get(crate::rules::Characteristic::A));
            self.back.defender_w = i64::from(p.get(crate::rules::Characteristic::W));
            self.back.defender_i = i64::from(p.get(crate::rules::Characteristic::I));
        }
        let d = &mut self.cc.defender;
        ui.horizontal_wrapped(|ui| {
            number(ui, lang.t("battle.defender_ws"), &mut d.ws, 1..=10);
            number(ui, lang.t("battle.t"), &mut d.t, 1..=10);
            optional(ui, lang, lang.t("battle.save"), &mut d.save, 2..=6, 5);
        });
        // A character's wounds are followed by the battle summary (CHR-15):
        // his W is asked for even when he does not strike back.
        if self.cc_sides.defender_character && !self.strike_back {
            number(
                ui,
                lang.t("battle.defender_w"),
                &mut self.back.defender_w,
                1..=20,
            );
        }
        ui.checkbox(&mut self.cc.helpless, lang.t("battle.helpless"));
        ui.checkbox(&mut self.strike_back, lang.t("battle.strike_back"));
        if self.strike_back {
            let b = &mut self.back;
            ui.label(RichText::new(lang.t("battle.defender_back")).strong());
            ui.horizontal_wrapped(|ui| {
                number(ui, lang.t("battle.defender_s"), &mut b.defender_s, 1..=10);
                number(ui, lang.t("battle.defender_a"), &mut b.defender_a, 0..=20);
                number(ui, lang.t("battle.defender_w"), &mut b.defender_w, 1..=20);
                number(ui, lang.t("battle.defender_i"), &mut b.defender_i, 1..=10);
            });
            ui.label(RichText::new(lang.t("battle.attacker_back")).strong());
            ui.horizontal_wrapped(|ui| {
                number(ui, lang.t("battle.attacker_t"), &mut b.attacker_t, 1..=10);
                number(ui, lang.t("battle.attacker_w"), &mut b.attacker_w, 1..=20);
                number(ui, lang.t("battle.attacker_i"), &mut b.attacker_i, 1..=10);
                optional(
                    ui,
                    lang,
                    lang.t("battle.attacker_save"),
                    &mut b.attacker_save,
                    2..=6,
                    5,
                );
            });
        }
    }

    /// The whole round, when the defender strikes back.
    /// CC-10's battle setting, shown when a blow of the fight needs 7 or
    /// more to hit: the attacker's, and the defender's when he strikes back.
    /// Why the roll is refused, when it is.
    fn consent_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) -> Option<crate::rules::Problem> {
        let model = cx.model;
        use crate::rules::odds::consent_refusal;
        let rules = &model.rules;
        let ws = |v: i64| i32::try_from(v).unwrap_or(0);
        let (a, d) = (ws(self.cc.attacker.ws), ws(self.cc.defender.ws));
        // (WS, against WS, the situation, helpless, a character)
        let mut blows = vec![(
            a,
            d,
            self.cc.modifiers.clone(),
            self.cc.helpless,
            self.cc_sides.attacker_character,
        )];
        if self.strike_back {
            blows.push((d, a, Vec::new(), false, self.cc_sides.defender_character));
        }
        let needs = blows
            .iter()
            .any(|(w, v, m, h, _)| consent_refusal(rules, *w, *v, m, *h, false, true).is_some());
        if !needs {
            return None;
        }
        let lang = cx.lang;
        let mut refuse = self
            .refuse_seven_plus
            .unwrap_or(rules.close_combat.limits.refuse_seven_plus_for_troops);
        if ui
            .checkbox(&mut refuse, lang.t("battle.refuse_seven_plus"))
            .changed()
        {
            self.refuse_seven_plus = Some(refuse);
        }
        blows
            .iter()
            .find_map(|(w, v, m, h, c)| consent_refusal(rules, *w, *v, m, *h, *c, refuse))
    }

    fn round(&self) -> crate::rules::scenario::RoundScenario {
        let i32_of = |v: i64| i32::try_from(v).unwrap_or(0);
        let u32_of = |v: i64| u32::try_from(v.max(0)).unwrap_or(0);
        let (a, d, b) = (&self.cc.attacker, &self.cc.defender, &self.back);
        crate::rules::scenario::RoundScenario {
            kind: "close_combat_round".to_owned(),
            first: crate::rules::odds::Fighter {
                ws: i32_of(a.ws),
                s: i32_of(a.s),
                weapon_s: a.weapon_s.map(i32_of),
                a: u32_of(a.a),
                t: i32_of(b.attacker_t),
                w: u32_of(b.attacker_w),
                i: i32_of(b.attacker_i),
                save: b.attacker_save.map(i32_of),
                modifiers: self.cc.modifiers.clone(),
            },
            second: crate::rules::odds::Fighter {
                ws: i32_of(d.ws),
                s: i32_of(b.defender_s),
                weapon_s: None,
                a: u32_of(b.defender_a),
                t: i32_of(d.t),
                w: u32_of(b.defender_w),
                i: i32_of(b.defender_i),
                save: d.save.map(i32_of),
                modifiers: Vec::new(),
            },
        }
    }

    fn shooter_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let model = cx.model;
        let lang = cx.lang;
        card_title(ui, icons::ICON_TARGET, lang.t("battle.shooter"));
        parts::character_tick_ui(
            ui,
            lang,
            &mut self.shot_sides.attacker_character,
            lang.t("battle.side.shooter_character"),
            &self.shot_sides.attacker,
        );
        if let Some(picked) =
            pick_soldier_weapon(ui, cx).or_else(|| kt_campaign::pick_campaign_shooter(ui, cx))
        {
            self.shot_sides.attacker.clone_from(&picked.name);
            self.shot_sides.attacker_character = true;
            self.shot_sides.attacker_from.clone_from(&picked.from);
            self.shot.weapon = picked.weapon;
            // KT-15: a new shooter has not fired yet.
            self.once_a_turn = picked.once_a_turn;
            self.fired_this_turn = false;
            // His equipment and ribbon give their modifiers on their own.
            self.shooter_soldier = Some(picked.soldier.clone());
            // RIB-10: the roll reminds of his free move after the shot.
            self.shot.shooter_ribbon.clone_from(&picked.soldier.ribbon);
            // RIB-11: the turn card counts his actions with his wounds.
            self.kt_turn
                .set_soldier(picked.name, picked.soldier, picked.wounds_left);
        }
        Self::soldier_line(
            ui,
            lang,
            &self.shot_sides.attacker,
            &mut self.shooter_soldier,
        );
        if let Some(m) = crate::rules::killteam::ribbons::move_after_shot(
            &model.rules.killteam,
            self.shot.shooter_ribbon.as_deref(),
        ) {
            ui.horizontal_wrapped(|ui| {
                badge(ui, Tone::Info, &lang.msg(&m));
            });
        }
        // The range, on a slider that shows the band.
        let mut range = self.shot.range;
        let l = ui.label(lang.t("battle.range"));
        ui.spacing_mut().slider_width = (ui.available_width() - 80.0).max(120.0);
        ui.add(egui::Slider::new(&mut range, 0..=72).suffix("\""))
            .labelled_by(l.id);
        self.shot.range = range;
        bands_ui(ui, cx, self.shot.weapon.class, range);
        let w = &mut self.shot.weapon;
        ui.horizontal_wrapped(|ui| {
            for (class, key) in [
                (ShotClass::Normal, "battle.class.normal"),
                (ShotClass::Sniper, "battle.class.sniper"),
                (ShotClass::Indirect, "battle.class.indirect"),
            ] {
                ui.radio_value(&mut w.class, class, lang.t(key));
            }
        });
        ui.horizontal_wrapped(|ui| {
            count_ui(ui, lang, lang.t("battle.shots"), &mut w.shots, 0..=20);
            number(ui, lang.t("battle.s"), &mut w.s, 1..=10);
            number(ui, lang.t("battle.ap"), &mut w.ap, -6..=0);
            count_ui(ui, lang, lang.t("battle.damage"), &mut w.damage, 1..=6);
        });
        ui.checkbox(&mut w.flame, lang.t("battle.kt.flame"));
        // KT-15: a heavy weapon fires once a turn.
        if ui
            .checkbox(&mut self.once_a_turn, lang.t("battle.kt.once_a_turn"))
            .changed()
        {
            self.fired_this_turn = false;
        }
        if self.once_a_turn {
            ui.horizontal_wrapped(|ui| {
                if self.fired_this_turn {
                    badge(ui, Tone::Error, lang.t("battle.kt.fired_this_turn"));
                    if icon_button(
                        ui,
                        icons::ICON_SKIP_NEXT,
                        lang.t("battle.kt.next_turn"),
                        lang.t("battle.kt.next_turn"),
                        true,
                    )
                    .clicked()
                    {
                        self.fired_this_turn = false;
                    }
                } else {
                    badge(ui, Tone::Warning, lang.t("battle.kt.heavy_once"));
                }
            });
        }
        ui.add_space(space::S);
        let name = |n: &str, key| {
            if n.is_empty() {
                lang.t(key).to_owned()
            } else {
                n.to_owned()
            }
        };
        let (shooter, target) = (
            name(&self.shot_sides.attacker, "battle.shooter"),
            name(&self.shot_sides.defender, "battle.target"),
        );
        kt_gear::situation_ui(
            ui,
            lang,
            &model.rules.killteam,
            &kt_gear::SideOf {
                soldier: self.shooter_soldier.as_ref(),
                name: &shooter,
            },
            &kt_gear::SideOf {
                soldier: self.target_soldier.as_ref(),
                name: &target,
            },
            &mut self.shot.modifiers,
        );
    }

    /// Whose equipment counts on a side, with a button back to typing the
    /// side by hand (every tick free).
    fn soldier_line(
        ui: &mut egui::Ui,
        lang: Lang,
        name: &str,
        soldier: &mut Option<crate::rules::killteam::Soldier>,
    ) {
        if soldier.is_none() {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            badge(
                ui,
                Tone::Info,
                &lang.f("battle.kt.gear_of", &[("name", name)]),
            );
            if ui.button(lang.t("battle.kt.by_hand")).clicked() {
                *soldier = None;
            }
        });
    }

    fn target_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let lang = cx.lang;
        card_title(ui, icons::ICON_SHIELD, lang.t("battle.target"));
        parts::character_tick_ui(
            ui,
            lang,
            &mut self.shot_sides.defender_character,
            lang.t("battle.side.target_character"),
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
        if let Some(((t, save, dice), target)) = kt_campaign::pick_campaign_target(ui, cx) {
            self.shot_sides.defender.clone_from(&target.name);
            self.shot_sides.defender_character = true;
            self.target_soldier = Some(target.soldier.clone());
            self.shot.target.t = t;
            self.shot.target.save = save;
            self.shot.target.save_dice = dice;
            self.shot.target.wounds = Some(i64::from(target.wounds_left.max(1)));
            // "Apply to campaign" sends the damage to him.
            self.shot_sides.defender_from = Some((target.campaign.clone(), target.id));
            self.kt_target = Some(target);
        }
        Self::soldier_line(
            ui,
            lang,
            &self.shot_sides.defender,
            &mut self.target_soldier,
        );
        let t = &mut self.shot.target;
        ui.horizontal_wrapped(|ui| {
            number(ui, lang.t("battle.t"), &mut t.t, 1..=10);
            let dice = t.save_dice.clamp(1, 3);
            optional(
                ui,
                lang,
                lang.t("battle.save"),
                &mut t.save,
                2..=6 * dice,
                5,
            );
            number(ui, lang.t("battle.save_dice"), &mut t.save_dice, 1..=2);
            ui.checkbox(&mut t.cover, lang.t("battle.cover"));
        });
        if t.save_dice > 1 {
            // KT-19: a Terminator's save on 2D6.
            badge(
                ui,
                Tone::Info,
                &lang.f(
                    "battle.kt.save_on_dice",
                    &[("dice", &format!("{}D6", t.save_dice))],
                ),
            );
        }
        ui.horizontal_wrapped(|ui| {
            optional(
                ui,
                lang,
                lang.t("battle.target_wounds"),
                &mut t.wounds,
                1..=20,
                1,
            );
        });
        if self.shot.weapon.flame && t.cover {
            // KT-15: the flame ignores cover.
            badge(ui, Tone::Warning, lang.t("battle.kt.flame_ignores_cover"));
        }
    }
}

/// The range bands of the class (KT-12), the one the range falls in
/// marked, each with its score.
fn bands_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, class: ShotClass, range: i64) {
    let model = cx.model;
    let lang = cx.lang;
    let shooting = &model.rules.killteam.shooting;
    let bands = match class {
        ShotClass::Normal => &shooting.bands.normal,
        ShotClass::Sniper => &shooting.bands.sniper,
        ShotClass::Indirect => &shooting.bands.indirect,
    };
    let range = u32::try_from(range.max(0)).unwrap_or(0);
    let current = bands
        .iter()
        .position(|b| b.up_to.is_none_or(|up| range <= up));
    ui.horizontal_wrapped(|ui| {
        let mut from = 0;
        for (i, b) in bands.iter().enumerate() {
            let span = match b.up_to {
                Some(up) => format!("{from}–{up}\""),
                None => format!("> {from}\""),
            };
            let score = match b.score {
                None => lang.t("battle.impossible").to_owned(),
                Some(s) if s <= 1 => lang.t("battle.automatic").to_owned(),
                Some(s) => format!("{s}+"),
            };
            let text = format!("{span}: {score}");
            if Some(i) == current {
                badge(ui, Tone::Info, &text);
            } else {
                ui.label(RichText::new(text).color(PALETTE.text_subdued));
            }
            from = b.up_to.unwrap_or(from);
        }
        if current.is_none() {
            badge(ui, Tone::Error, lang.t("battle.out_of_range"));
        }
    });
}

/// Every kill team's soldiers, with their weapons as they fire.
fn pick_soldier_weapon(ui: &mut egui::Ui, cx: &ViewCtx<'_>) -> Option<kt_campaign::PickedShooter> {
    let model = cx.model;
    let lang = cx.lang;
    let data = &model.rules.killteam;
    let mut chosen = None;
    let label = lang.t("battle.take_shooter");
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(lang.t("kt.choose"))
        .show_ui(ui, |ui| {
            for doc in &model.docs {
                let Some(team) = doc.get::<KillTeam>() else {
                    continue;
                };
                for s in &team.soldiers {
                    let Ok(d) = derive(data, s) else {
                        continue;
                    };
                    for w in d.weapons.iter().filter(|w| w.range_inches > 0) {
                        let name = data
                            .weapon(&w.id)
                            .map_or(w.id.as_str(), |x| name_in(&x.names, lang.code(), &x.id));
                        if ui
                            .selectable_label(false, format!("{} ({name}) — {}", s.name, team.name))
                            .clicked()
                        {
                            chosen = Some(kt_campaign::PickedShooter {
                                name: s.name.clone(),
                                weapon: kt_campaign::shot_weapon(w),
                                soldier: s.clone(),
                                wounds_left: u32::try_from(d.profile.wounds.max(0)).unwrap_or(0),
                                once_a_turn: data
                                    .weapon(&w.id)
                                    .is_some_and(|x| x.fires_once_a_turn()),
                                from: None,
                            });
                        }
                    }
                }
            }
        })
        .response
        .labelled_by(l.id);
    chosen
}

/// Every kill team's soldiers as targets: name, T, save and its dice
/// (KT-19), wounds, and the soldier (his equipment counts, EQ-16).
fn pick_soldier_target(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
) -> Option<(
    String,
    kt_campaign::TargetProfile,
    i64,
    crate::rules::killteam::Soldier,
)> {
    let model = cx.model;
    let lang = cx.lang;
    let data = &model.rules.killteam;
    let mut chosen = None;
    let label = lang.t("battle.take_target");
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(lang.t("kt.choose"))
        .show_ui(ui, |ui| {
            for doc in &model.docs {
                let Some(team) = doc.get::<KillTeam>() else {
                    continue;
                };
                for s in &team.soldiers {
                    if ui
                        .selectable_label(false, format!("{} — {}", s.name, team.name))
                        .clicked()
                        && let Ok(d) = derive(data, s)
                    {
                        chosen = Some((
                            s.name.clone(),
                            kt_campaign::target_profile(&d.profile),
                            i64::from(d.profile.wounds.max(1)),
                            s.clone(),
                        ));
                    }
                }
            }
        })
        .response
        .labelled_by(l.id);
    chosen
}

/// The odds: the three chances in words, and the distribution of wounds as
/// a bar chart with its numbers beside it (for screen readers too).
fn odds_ui(ui: &mut egui::Ui, lang: Lang, odds: &Odds) {
    ui.horizontal_wrapped(|ui| {
        let score = |s: Option<i32>| {
            s.map_or_else(
                || lang.t("battle.impossible").to_owned(),
                |s| format!("{s}+"),
            )
        };
        ui.label(lang.f(
            "battle.to_hit",
            &[
                ("score", &score(odds.score_to_hit)),
                ("p", &percent(odds.hit)),
            ],
        ));
        ui.label(lang.f(
            "battle.to_wound",
            &[
                ("score", &score(odds.score_to_wound)),
                ("p", &percent(odds.wound)),
            ],
        ));
        let save = odds.score_to_save.map_or_else(
            || lang.t("battle.no_save").to_owned(),
            |s| {
                if odds.save_dice > 1 {
                    format!("{s}+ ({}D6)", odds.save_dice)
                } else {
                    format!("{s}+")
                }
            },
        );
        ui.label(lang.f("battle.save_score", &[("score", &save)]));
        ui.label(
            RichText::new(lang.f("battle.unsaved", &[("p", &percent(odds.unsaved))])).strong(),
        );
    });
    if odds.needs_consent {
        badge(ui, Tone::Warning, lang.t("battle.needs_consent"));
    }
    ui.add_space(space::XS);
    parts::bars(
        ui,
        lang,
        lang.t("battle.chart.wounds"),
        "battle.wounds_bar",
        &odds.wounds,
    );
}

/// A round's odds: who strikes first, who wins, and who dies.
fn round_ui(ui: &mut egui::Ui, lang: Lang, r: &crate::rules::odds::RoundOdds) {
    use crate::rules::odds::Order;
    let order = match r.order {
        Order::FirstStrikesFirst => "battle.order.attacker",
        Order::SecondStrikesFirst => "battle.order.defender",
        Order::Simultaneous => "battle.order.together",
    };
    ui.label(lang.t(order));
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Good,
            &lang.f(
                "battle.round.attacker_wins",
                &[("p", &percent(r.first_wins))],
            ),
        );
        badge(
            ui,
            Tone::Info,
            &lang.f("battle.round.draw", &[("p", &percent(r.draw))]),
        );
        badge(
            ui,
            Tone::Warning,
            &lang.f(
                "battle.round.defender_wins",
                &[("p", &percent(r.second_wins))],
            ),
        );
    });
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Dead,
            &lang.f(
                "battle.round.attacker_dies",
                &[("p", &percent(r.first_dies))],
            ),
        );
        badge(
            ui,
            Tone::Dead,
            &lang.f(
                "battle.round.defender_dies",
                &[("p", &percent(r.second_dies))],
            ),
        );
    });
}

/// The fights rolled this session, newest first, each with its replay and
/// where its wounds go in the campaigns (CMP-13), and the export.
fn log_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, psychic: bool) {
    let model = cx.model;
    let lang = cx.lang;
    // Where wounds go is only said while a campaign's mission is played.
    let playing = !model.battle_log.is_empty()
        && model
            .docs
            .iter()
            .filter_map(crate::rules::Doc::get::<crate::rules::campaign::Campaign>)
            .any(|c| c.phase == crate::rules::campaign::Phase::Playing);
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            card_title(ui, icons::ICON_HISTORY, lang.t("battle.log"));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let export = lang.t("battle.export");
                if icon_button(
                    ui,
                    icons::ICON_UPLOAD,
                    export,
                    export,
                    !model.battle_log.is_empty(),
                )
                .clicked()
                {
                    cx.send(Command::ExportBattleLog);
                }
            });
        });
        // PSY-8: the powers in play stay in view, in every mode, until they
        // end.
        if psychic || !model.powers.in_play.is_empty() {
            psychic::powers_ui(ui, cx);
            ui.separator();
        }
        if model.battle_log.is_empty() {
            ui.label(RichText::new(lang.t("battle.log_empty")).color(PALETTE.text_subdued));
        }
        for (k, e) in model.battle_log.iter().enumerate().rev() {
            ui.horizontal_wrapped(|ui| {
                let n = (k + 1).to_string();
                ui.label(RichText::new(format!("#{n}")).strong());
                if let Some(of) = e.replay_of {
                    badge(
                        ui,
                        Tone::Info,
                        &lang.f("battle.replay_of", &[("n", &(of + 1).to_string())]),
                    );
                }
                let tone = if e.wounds > 0 {
                    Tone::Warning
                } else {
                    Tone::Good
                };
                badge(
                    ui,
                    tone,
                    &lang.f("battle.wounds_badge", &[("count", &e.wounds.to_string())]),
                );
                ui.label(RichText::new(&e.title).strong());
                ui.add(egui::Label::new(lang.msg(&e.result)).wrap());
                ui.label(
                    RichText::new(lang.f("battle.seed", &[("seed", &e.seed.to_string())]))
                        .small()
                        .color(PALETTE.text_subdued),
                );
                let replay = lang.f("battle.replay", &[("n", &n)]);
                if icon_button(
                    ui,
                    icons::ICON_REPLAY,
                    lang.t("battle.replay_word"),
                    &replay,
                    true,
                )
                .clicked()
                {
                    cx.send(Command::ReplayFight(k));
                }
            });
            if playing {
                wounds_ui(ui, cx, k, e);
            }
        }
        if !model.battle_log.is_empty() && !playing {
            ui.separator();
            ui.label(RichText::new(lang.t("battle.no_campaign_table")).color(PALETTE.text_subdued));
        }
    });
}

/// "Apply to campaign" for the log's entry `k` (CMP-13): each wounded
/// fighter's wounds go to the campaign character he was taken as, one
/// event per campaign, once; the wounds that go nowhere say why (not taken
/// from a campaign, dead, out of action, not playing). Any entry may be
/// applied, not only the last.
fn wounds_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, k: usize, e: &crate::app::BattleEntry) {
    let model = cx.model;
    use crate::rules::campaign::Campaign;
    use crate::rules::summary::WoundsGo;
    let lang = cx.lang;
    let wounds = model.roll_wounds(e);
    // No fighter followed took a wound (a squad, a table): nothing to say.
    if wounds.batches.is_empty() && wounds.nowhere.is_empty() {
        return;
    }
    let subdued = |ui: &mut egui::Ui, text: &str| {
        ui.label(RichText::new(text).color(PALETTE.text_subdued));
    };
    let n = (k + 1).to_string();
    ui.horizontal_wrapped(|ui| {
        // A replay repeats an entry's dice: its wounds were the entry's.
        if e.replay_of.is_some() {
            if !wounds.batches.is_empty() {
                subdued(ui, lang.t("battle.apply_replay"));
            }
            return;
        }
        for b in &wounds.batches {
            let who = b
                .wounds
                .iter()
                .map(|(name, _, t)| {
                    lang.f(
                        "battle.apply_one",
                        &[("name", name), ("count", &t.to_string())],
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            let args = [("n", n.as_str()), ("who", who.as_str())];
            if b.applied {
                badge(ui, Tone::Good, &lang.f("battle.applied_entry", &args));
                continue;
            }
            let word = lang.f("battle.apply_entry", &args);
            if icon_button(ui, icons::ICON_FLAG, &word, &word, !model.read_only).clicked() {
                cx.send(Command::Edit(
                    crate::rules::DocKey::of::<Campaign>(b.campaign.clone()),
                    crate::rules::Edit::new(b.edit(e.seed)),
                ));
            }
        }
        for x in &wounds.nowhere {
            let count = x.wounds.to_string();
            let text = match &x.goes {
                WoundsGo::Refused(p) => lang.f(
                    "battle.apply_refused",
                    &[
                        ("name", &x.name),
                        ("count", &count),
                        ("why", &lang.problem_line(p)),
                    ],
                ),
                WoundsGo::NotFromCampaign | WoundsGo::To(..) => lang.f(
                    "battle.apply_nowhere",
                    &[("name", &x.name), ("count", &count)],
                ),
            };
            subdued(ui, &text);
        }
    });
}

/// The battle summary (CHR-15): who won, as the player says, the
/// characters each side lost in this session's rolls, and the result.
fn summary_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, mode: Mode, we_attack: &mut bool) {
    let model = cx.model;
    use crate::rules::summary::{Outcome, Standing};
    let lang = cx.lang;
    let summary = model.battle_summary();
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        card_title(ui, icons::ICON_FLAG, lang.t("summary.title"));
        // Which fighter is ours: the attacker or the defender (in the
        // unit mode, the first or the second unit).
        let (attacker, defender) = if mode == Mode::Units {
            ("summary.we_are_first", "summary.we_are_second")
        } else {
            ("summary.we_attack", "summary.we_defend")
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(lang.t("summary.our_side"));
            ui.radio_value(we_attack, true, lang.t(attacker));
            ui.radio_value(we_attack, false, lang.t(defender));
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(lang.t("summary.who_won"));
            for (o, key) in [
                (None, "summary.not_said"),
                (Some(Outcome::Ours), "summary.ours_won"),
                (Some(Outcome::Theirs), "summary.theirs_won"),
                (Some(Outcome::Draw), "summary.drawn"),
            ] {
                let on = model.battle_outcome == o;
                if ui.radio(on, lang.t(key)).clicked() && !on {
                    cx.send(Command::SetBattleOutcome(o));
                }
            }
        });
        let names = |v: &Vec<String>| {
            if v.is_empty() {
                lang.msg(&crate::rules::Msg::new("summary.none"))
            } else {
                v.join(", ")
            }
        };
        ui.label(lang.f(
            "summary.ours_killed",
            &[("names", &names(&summary.ours_killed))],
        ));
        ui.label(lang.f(
            "summary.theirs_killed",
            &[("names", &names(&summary.theirs_killed))],
        ));
        let tone = match summary.standing() {
            Standing::Undecided | Standing::Draw => Tone::Info,
            Standing::Won(crate::rules::units::Victory::Major) => Tone::Good,
            Standing::Won(_) => Tone::Warning,
            Standing::Lost(_) => Tone::Error,
        };
        badge(ui, tone, &lang.msg(&summary.result()));
    });
}
