//! The close-combat mode's two panels: the attacker's and the
//! defender's profiles, weapons and armour, each picked or typed in.

use egui::RichText;

use crate::rules::Characteristic;
use crate::rules::characters::equipment;
use crate::rules::characters::equipment::SAVE_MODIFIERS;
use crate::rules::close_combat::odds::CcModifier;
use crate::ui::battle::parts::{self, number, optional};
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;

use super::{CloseCombatView, after, situation_ui, weapon};

impl CloseCombatView {
    pub(super) fn attacker_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        self.side_head_ui(ui, cx, after::Side::Attacker);
        let a = &mut self.cc.attacker;
        ui.horizontal_wrapped(|ui| {
            number(ui, cx.t("battle.ws"), &mut a.ws, 1..=10);
            number(ui, cx.t("battle.s"), &mut a.s, 1..=10);
            number(ui, cx.t("battle.a"), &mut a.a, 0..=20);
            optional(ui, cx, cx.t("battle.weapon_s"), &mut a.weapon_s, 1..=10, 4);
            let (lo, hi) = (SAVE_MODIFIERS.start(), SAVE_MODIFIERS.end());
            optional(
                ui,
                cx,
                cx.t("battle.weapon_save_modifier"),
                &mut a.weapon_save_modifier,
                i64::from(*lo)..=i64::from(*hi),
                -1,
            );
        });
        weapon::weapon_ui(
            ui,
            cx,
            &mut self.cc_weapon,
            &mut self.cc,
            &mut self.cc_weapon_from,
        );
        situation_ui(
            ui,
            cx,
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

    pub(super) fn defender_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        self.side_head_ui(ui, cx, after::Side::Defender);
        let d = &mut self.cc.defender;
        ui.horizontal_wrapped(|ui| {
            number(ui, cx.t("battle.defender_ws"), &mut d.ws, 1..=10);
            number(ui, cx.t("battle.t"), &mut d.t, 1..=10);
            optional(ui, cx, cx.t("battle.save"), &mut d.save, 2..=6, 5);
        });
        // A character's wounds are followed by the battle summary (CHR-15):
        // his W is asked for even when he does not strike back.
        if self.cc_sides.defender_character && !self.strike_back {
            number(
                ui,
                cx.t("battle.defender_w"),
                &mut self.back.defender_w,
                1..=20,
            );
        }
        ui.checkbox(&mut self.cc.helpless, cx.t("battle.helpless"));
        ui.checkbox(&mut self.strike_back, cx.t("battle.strike_back"));
        if self.strike_back {
            let b = &mut self.back;
            ui.label(RichText::new(cx.t("battle.defender_back")).strong());
            ui.horizontal_wrapped(|ui| {
                number(ui, cx.t("battle.defender_s"), &mut b.defender_s, 1..=10);
                number(ui, cx.t("battle.defender_a"), &mut b.defender_a, 0..=20);
                number(ui, cx.t("battle.defender_w"), &mut b.defender_w, 1..=20);
                number(ui, cx.t("battle.defender_i"), &mut b.defender_i, 1..=10);
            });
            ui.label(RichText::new(cx.t("battle.attacker_back")).strong());
            ui.horizontal_wrapped(|ui| {
                number(ui, cx.t("battle.attacker_t"), &mut b.attacker_t, 1..=10);
                number(ui, cx.t("battle.attacker_w"), &mut b.attacker_w, 1..=20);
                number(ui, cx.t("battle.attacker_i"), &mut b.attacker_i, 1..=10);
                optional(
                    ui,
                    cx,
                    cx.t("battle.attacker_save"),
                    &mut b.attacker_save,
                    2..=6,
                    5,
                );
            });
        }
    }

    /// Takes the attacker picked from a roster or a campaign: his name,
    /// his profile, his weapon in hand and his armour.
    pub(in crate::ui::battle) fn take_attacker(&mut self, picked: parts::Picked) {
        let parts::Picked {
            name,
            profile: p,
            equipment,
            from,
        } = picked;
        // His own weapon in hand (CC-4) and armour, when his roster
        // lists them; what it does not list stays as set here.
        self.cc_weapon_from = equipment::in_hand(&equipment);
        if let Some(h) = &self.cc_weapon_from {
            weapon::take_weapon(&mut self.cc_weapon, &mut self.cc, h);
        }
        if let Some(save) = equipment::armour_save(&equipment) {
            self.back.attacker_save = Some(i64::from(save));
        }
        self.cc_after.take_attacker(&p);
        self.cc_sides.attacker = name;
        self.cc_sides.attacker_names = None;
        self.cc_sides.attacker_character = true;
        // The campaign character he is (none: from a roster).
        self.cc_sides.attacker_from = from;
        self.cc.attacker.ws = i64::from(p.get(Characteristic::WS));
        self.cc.attacker.s = i64::from(p.get(Characteristic::S));
        self.cc.attacker.a = i64::from(p.get(Characteristic::A));
        self.back.attacker_t = i64::from(p.get(Characteristic::T));
        self.back.attacker_w = i64::from(p.get(Characteristic::W));
        self.back.attacker_i = i64::from(p.get(Characteristic::I));
    }

    /// Takes the defender picked from a roster or a campaign: his name,
    /// his profile and his armour.
    pub(in crate::ui::battle) fn take_defender(&mut self, picked: parts::Picked) {
        let parts::Picked {
            name,
            profile: p,
            equipment,
            from,
        } = picked;
        if let Some(save) = equipment::armour_save(&equipment) {
            self.cc.defender.save = Some(i64::from(save));
        }
        self.cc_after.take_defender(&p);
        self.cc_sides.set_defender(name);
        self.cc_sides.defender_character = true;
        // Where his wounds go (none: from a roster, they go nowhere).
        self.cc_sides.defender_from = from;
        self.cc.defender.ws = i64::from(p.get(Characteristic::WS));
        self.cc.defender.t = i64::from(p.get(Characteristic::T));
        self.back.defender_s = i64::from(p.get(Characteristic::S));
        self.back.defender_a = i64::from(p.get(Characteristic::A));
        self.back.defender_w = i64::from(p.get(Characteristic::W));
        self.back.defender_i = i64::from(p.get(Characteristic::I));
    }
}
