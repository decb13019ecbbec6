//! The close-combat mode (Rogue Trader, CC-1 … CC-21): the attacker and
//! the defender (picked from a roster or a campaign, or typed in), the
//! attack's exact odds and its roll, the whole round when the defender
//! strikes back (CC-7, CC-13), CC-10's consent to a blow of 7 or more,
//! and what comes after the blows (`after.rs`, with the charge, the
//! creature attacker, the characteristic test and the weapon in hand in
//! their own files).

mod after;
mod charge;
mod creature;
mod sides;
mod test;
mod weapon;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, HandBack, HandCloseCombat};
use crate::rules::Problem;
use crate::rules::battle::Fight;
use crate::rules::battle::scenario::ScenarioKind;
use crate::rules::battle::scenario::{
    CcAttacker, CcDefender, CloseCombatScenario, RoundScenario, Scenario,
};
use crate::rules::characters::equipment::InHand;
use crate::rules::close_combat::engagement::CcWeapon;
use crate::rules::close_combat::odds::{CcWeaponProfile, Fighter, RoundOdds};
use crate::ui::battle::parts::{self, Sides, odds_ui, percent, wounds_of};
use crate::ui::context::ViewCtx;
use crate::ui::theme;
use crate::ui::theme::space;
use crate::ui::widgets::{Tone, alert, badge, card, card_title, icon_button};

/// State of the close-combat mode: the fight being set up.
pub struct CloseCombatView {
    /// The close-combat mode's fighters.
    pub cc_sides: Sides,
    /// The close-combat round.
    pub cc: CloseCombatScenario,
    /// The defender strikes back: the whole round (CC-7, CC-13).
    strike_back: bool,
    /// What a whole round needs besides the attack.
    pub(super) back: Back,
    /// The attacker's weapon in hand (CC-4).
    pub(super) cc_weapon: CcWeapon,
    /// The weapon in hand the attacker picked brought from his roster.
    pub(super) cc_weapon_from: Option<InHand>,
    /// CC-10's battle setting, switched for the session: ordinary troops may
    /// not try a blow of 7 or more to hit (none: the data's default).
    refuse_seven_plus: Option<bool>,
    /// Close combat after the blows: push back, follow up, breaking off,
    /// the charge, a creature attacker, a characteristic test (CC-1 …
    /// CC-21, `after.rs`).
    pub cc_after: after::CcAfterView,
}

/// The values a whole round needs besides one side's attack: kept as
/// they are set.
pub type Back = HandBack;

impl Default for CloseCombatView {
    fn default() -> Self {
        Self {
            cc_sides: Sides::default(),
            cc: CloseCombatScenario {
                kind: ScenarioKind::CloseCombat,
                attacker: CcAttacker {
                    ws: 3,
                    s: 3,
                    a: 1,
                    weapon_s: None,
                    weapon_save_modifier: None,
                },
                defender: CcDefender {
                    ws: 3,
                    t: 3,
                    save: None,
                },
                modifiers: Vec::new(),
                helpless: false,
            },
            strike_back: false,
            back: Back::default(),
            cc_weapon: Default::default(),
            cc_weapon_from: None,
            refuse_seven_plus: None,
            cc_after: Default::default(),
        }
    }
}

/// The situation: a checkbox for each modifier, kept in `list` (close
/// combat; the shot's is `shooting/gear.rs`).
fn situation_ui<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    list: &mut Vec<T>,
    items: &[(T, &str)],
) {
    ui.label(RichText::new(cx.t("battle.situation")).strong());
    ui.horizontal_wrapped(|ui| {
        for &(item, key) in items {
            let mut on = list.contains(&item);
            if ui.checkbox(&mut on, cx.t(key)).changed() {
                if on {
                    list.push(item);
                } else {
                    list.retain(|m| *m != item);
                }
            }
        }
    });
}

impl CloseCombatView {
    /// The attacker's weapon in hand (CC-4).
    pub fn weapon(&self) -> CcWeapon {
        self.cc_weapon
    }

    /// CC-10's battle setting, switched for the session (none: the data's
    /// default).
    pub fn refuse_seven_plus(&self) -> Option<bool> {
        self.refuse_seven_plus
    }

    /// The attacker's armour save against the blows struck back.
    pub fn attacker_save(&self) -> Option<i64> {
        self.back.attacker_save
    }

    /// Sets the attacker's T and wounds left, against the blows struck back.
    pub fn set_attacker_toughness_and_wounds(&mut self, t: i64, wounds: i64) {
        (self.back.attacker_t, self.back.attacker_w) = (t, wounds);
    }

    /// Sets the defender's S and A, for the blows he strikes back.
    pub fn set_defender_strength_and_attacks(&mut self, s: i64, a: i64) {
        (self.back.defender_s, self.back.defender_a) = (s, a);
    }

    /// Sets the defender's wounds left.
    pub fn set_defender_wounds(&mut self, wounds: i64) {
        self.back.defender_w = wounds;
    }

    /// What Roll rolls: the attack as set up, or the whole round, both
    /// sides' blows in strike order, when the defender strikes back (CC-7,
    /// CC-13).
    fn fight(&self) -> Fight {
        if self.strike_back {
            let r = self.round();
            Fight::Units(vec![r.first], vec![r.second])
        } else {
            Fight::Attack(Scenario::CloseCombat(self.cc.clone()))
        }
    }

    /// Shows the close-combat mode: the two fighters, the odds and the
    /// roll, the round, and what comes after the blows.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, we_attack: bool) {
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.attacker_ui(ui, cx);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.defender_ui(ui, cx);
            });
        });
        ui.add_space(space::M);
        self.odds_card_ui(ui, cx, we_attack);
        if self.strike_back {
            ui.add_space(space::M);
            card(ui, |ui| {
                ui.set_min_width(ui.available_width());
                card_title(ui, icons::ICON_SWORDS, cx.t("battle.round"));
                match self.round().odds(&cx.rules) {
                    Ok(r) => round_ui(ui, cx, &r),
                    Err(p) => {
                        alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                    }
                }
            });
        }
        ui.add_space(space::M);
        let sides = &self.cc_sides;
        let names = (
            sides.attacker_or(cx.t("battle.attacker")),
            sides.defender_or(cx.t("battle.defender")),
        );
        let labels = (
            parts::name_msg(&sides.attacker_name(), "battle.attacker"),
            parts::name_msg(&sides.defender_name(), "battle.defender"),
        );
        let situation = parts::Situation {
            names,
            labels,
            round: self.round(),
            scenario: Scenario::CloseCombat(self.cc.clone()),
            strike_back: self.strike_back,
        };
        self.cc_after.ui(ui, cx, &situation);
    }

    /// The odds card: the attack's odds, CC-10's setting when a blow needs
    /// 7 or more, and the roll.
    fn odds_card_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, we_attack: bool) {
        let scenario = Scenario::CloseCombat(self.cc.clone());
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_CASINO, cx.t("battle.odds"));
            match scenario.odds(&cx.rules) {
                Ok(odds) => {
                    odds_ui(ui, cx, &odds);
                    self.save_by_ui(ui, cx);
                    ui.add_space(space::S);
                    // CC-10: a 7+ blow the battle refuses.
                    let refused = self.consent_ui(ui, cx);
                    if let Some(p) = &refused {
                        alert(ui, Tone::Error, &cx.lang.problem_line(p));
                        ui.add_space(space::S);
                    }
                    let roll = cx.t("battle.roll");
                    if icon_button(ui, icons::ICON_CASINO, roll, roll, refused.is_none()).clicked()
                    {
                        let wounds = (
                            wounds_of(self.back.attacker_w),
                            wounds_of(self.back.defender_w),
                        );
                        cx.send(Command::RollFight(
                            self.cc_sides.title(),
                            self.fight(),
                            self.cc_sides.combatants(cx.lang, we_attack, wounds),
                        ));
                    }
                }
                Err(p) => {
                    alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                }
            }
        });
    }

    /// What modifies the defender's save (CC-12): the weapon's own
    /// modifier, named by the weapon the fighter brought, or the S table's.
    fn save_by_ui(&self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        use crate::rules::close_combat::odds::{SaveModifierBy, cc_save_modifier};
        let a = &self.cc.attacker;
        if self.cc.defender.save.is_none() {
            return;
        }
        let i32_of = |v: i64| i32::try_from(v).unwrap_or(0);
        let weapon = CcWeaponProfile {
            s: a.weapon_s.map(i32_of),
            save_modifier: a.weapon_save_modifier.map(i32_of),
        };
        let (m, by) = cc_save_modifier(&cx.rules, i32_of(a.s), weapon);
        let m = m.to_string();
        let named = self
            .cc_weapon_from
            .as_ref()
            .filter(|h| h.save_modifier.is_some() && h.save_modifier == weapon.save_modifier);
        let text = match (by, named) {
            (SaveModifierBy::Weapon, Some(h)) => cx.f(
                "battle.cc.save_by_weapon_named",
                &[("m", &m), ("weapon", &h.name)],
            ),
            (SaveModifierBy::Weapon, None) => cx.f("battle.cc.save_by_weapon", &[("m", &m)]),
            (SaveModifierBy::Strength(s), _) => cx.f(
                "battle.cc.save_by_strength",
                &[("m", &m), ("s", &s.to_string())],
            ),
        };
        ui.label(RichText::new(text).color(theme::palette().ink.subdued));
    }

    /// The head of a side's card: its title, whether it is a character
    /// (CHR-15), and the pickers that fill it in from the library or from a
    /// campaign's table.
    fn side_head_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, side: after::Side) {
        let (icon, title, tick, take, take_campaign) = match side {
            after::Side::Attacker => (
                icons::ICON_SPORTS_MARTIAL_ARTS,
                "battle.attacker",
                "battle.side.attacker_character",
                "battle.take_attacker",
                "battle.take_attacker_campaign",
            ),
            after::Side::Defender => (
                icons::ICON_SHIELD,
                "battle.defender",
                "battle.side.defender_character",
                "battle.take_defender",
                "battle.take_defender_campaign",
            ),
        };
        let Sides {
            attacker,
            defender,
            attacker_character,
            defender_character,
            attacker_from,
            defender_from,
            ..
        } = &mut self.cc_sides;
        let (name, character, from) = match side {
            after::Side::Attacker => (&*attacker, attacker_character, &*attacker_from),
            after::Side::Defender => (&*defender, defender_character, &*defender_from),
        };
        card_title(ui, icon, &parts::side_title(cx.lang, title, name));
        parts::character_tick_ui(ui, cx, character, cx.t(tick), name);
        let picked = parts::pick_character(ui, cx, cx.t(take))
            .or_else(|| parts::pick_campaign_fighter(ui, cx, cx.t(take_campaign), from.as_ref()));
        match (picked, side) {
            (Some(picked), after::Side::Attacker) => self.take_attacker(picked),
            (Some(picked), after::Side::Defender) => self.take_defender(picked),
            (None, _) => {}
        }
    }

    /// CC-10's battle setting, shown when a blow of the fight needs 7 or
    /// more to hit: the attacker's, and the defender's when he strikes back.
    /// Why the roll is refused, when it is.
    fn consent_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) -> Option<Problem> {
        use crate::rules::close_combat::odds::consent_refusal;
        let rules = &cx.rules;
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
        let mut refuse = self
            .refuse_seven_plus
            .unwrap_or(rules.close_combat.limits.refuse_seven_plus_for_troops);
        if ui
            .checkbox(&mut refuse, cx.t("battle.refuse_seven_plus"))
            .changed()
        {
            self.refuse_seven_plus = Some(refuse);
        }
        blows
            .iter()
            .find_map(|(w, v, m, h, c)| consent_refusal(rules, *w, *v, m, *h, *c, refuse))
    }

    /// The whole round, when the defender strikes back.
    fn round(&self) -> RoundScenario {
        let i32_of = |v: i64| i32::try_from(v).unwrap_or(0);
        let u32_of = |v: i64| u32::try_from(v.max(0)).unwrap_or(0);
        let (a, d, b) = (&self.cc.attacker, &self.cc.defender, &self.back);
        RoundScenario {
            kind: ScenarioKind::CloseCombatRound,
            first: Fighter {
                ws: i32_of(a.ws),
                s: i32_of(a.s),
                weapon_s: a.weapon_s.map(i32_of),
                weapon_save_modifier: a.weapon_save_modifier.map(i32_of),
                a: u32_of(a.a),
                t: i32_of(b.attacker_t),
                w: u32_of(b.attacker_w),
                i: i32_of(b.attacker_i),
                save: b.attacker_save.map(i32_of),
                modifiers: self.cc.modifiers.clone(),
            },
            second: Fighter {
                ws: i32_of(d.ws),
                s: i32_of(b.defender_s),
                weapon_s: None,
                weapon_save_modifier: None,
                a: u32_of(b.defender_a),
                t: i32_of(d.t),
                w: u32_of(b.defender_w),
                i: i32_of(b.defender_i),
                save: d.save.map(i32_of),
                modifiers: Vec::new(),
            },
        }
    }
}

/// A round's odds: who strikes first, who wins, and who dies.
fn round_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, r: &RoundOdds) {
    use crate::rules::close_combat::odds::Order;
    let order = match r.order {
        Order::FirstStrikesFirst => "battle.order.attacker",
        Order::SecondStrikesFirst => "battle.order.defender",
        Order::Simultaneous => "battle.order.together",
    };
    ui.label(cx.t(order));
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Good,
            &cx.f(
                "battle.round.attacker_wins",
                &[("p", &percent(r.first_wins))],
            ),
        );
        badge(
            ui,
            Tone::Info,
            &cx.f("battle.round.draw", &[("p", &percent(r.draw))]),
        );
        badge(
            ui,
            Tone::Warning,
            &cx.f(
                "battle.round.defender_wins",
                &[("p", &percent(r.second_wins))],
            ),
        );
    });
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Dead,
            &cx.f(
                "battle.round.attacker_dies",
                &[("p", &percent(r.first_dies))],
            ),
        );
        badge(
            ui,
            Tone::Dead,
            &cx.f(
                "battle.round.defender_dies",
                &[("p", &percent(r.second_dies))],
            ),
        );
    });
}

impl CloseCombatView {
    /// The round as set up, to keep.
    pub(super) fn kept(&self) -> HandCloseCombat {
        HandCloseCombat {
            sides: self.cc_sides.kept(),
            round: self.cc.clone(),
            strike_back: self.strike_back,
            back: self.back,
            weapon: self.cc_weapon,
            refuse_seven_plus: self.refuse_seven_plus,
        }
    }

    /// The round as kept: its fighters' values as they were set, whether
    /// or not their roster still holds them.
    pub(super) fn of_kept(kept: &HandCloseCombat) -> Self {
        Self {
            cc_sides: Sides::of_kept(&kept.sides),
            cc: kept.round.clone(),
            strike_back: kept.strike_back,
            back: kept.back,
            cc_weapon: kept.weapon,
            refuse_seven_plus: kept.refuse_seven_plus,
            ..Self::default()
        }
    }
}
