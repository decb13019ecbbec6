//! The close-combat mode's charge, in the attacker's situation (CC-1,
//! CC-2): how far the attacker may charge from his M, and what the
//! defender's reaction gives him (turn to face, stand and shoot, flee).

use egui::RichText;

use crate::rules::close_combat::{self, ChargeReaction};
use crate::ui::battle::parts::num;
use crate::ui::context::ViewCtx;
use crate::ui::widgets::{Tone, alert, badge};

/// The charge as set up.
pub struct ChargeView {
    /// The defender's reaction (CC-2).
    reaction: ChargeReaction,
    /// He stands and shoots with a slow (`S`-type) weapon.
    slow_weapon: bool,
}

impl Default for ChargeView {
    fn default() -> Self {
        Self {
            reaction: ChargeReaction::Face,
            slow_weapon: false,
        }
    }
}

impl ChargeView {
    /// The charge: the attacker's M and reach, the defender's M and
    /// reaction, and what it gives.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        attacker_m: &mut i64,
        defender_m: &mut i64,
    ) {
        let rules = &cx.rules;
        ui.label(RichText::new(cx.t("battle.cc.charge.title")).strong());
        ui.horizontal_wrapped(|ui| {
            num(
                ui,
                cx.t("battle.cc.charge.attacker_m"),
                cx.t("battle.cc.charge.attacker_m"),
                attacker_m,
                0..=20,
            );
            let m = u32::try_from((*attacker_m).max(0)).unwrap_or(0);
            badge(
                ui,
                Tone::Info,
                &cx.f(
                    "battle.cc.charge.reach",
                    &[
                        ("inches", &close_combat::charge_reach(rules, m).to_string()),
                        ("m", &m.to_string()),
                        (
                            "times",
                            &rules.close_combat.charge_move_multiplier.to_string(),
                        ),
                    ],
                ),
            );
        });
        ui.horizontal_wrapped(|ui| {
            num(
                ui,
                cx.t("battle.cc.charge.defender_m"),
                cx.t("battle.cc.charge.defender_m"),
                defender_m,
                0..=20,
            );
            ui.label(cx.t("battle.cc.charge.reaction"));
            for (r, key) in [
                (ChargeReaction::Face, "battle.cc.charge.face"),
                (ChargeReaction::StandAndShoot, "battle.cc.charge.stand"),
                (ChargeReaction::Flee, "battle.cc.charge.flee"),
            ] {
                ui.radio_value(&mut self.reaction, r, cx.t(key));
            }
        });
        if self.reaction == ChargeReaction::StandAndShoot {
            ui.checkbox(&mut self.slow_weapon, cx.t("battle.cc.charge.slow"));
        }
        let m = u32::try_from((*defender_m).max(0)).unwrap_or(0);
        match close_combat::charge_reaction(rules, self.reaction, m, self.slow_weapon) {
            Ok(r) => {
                let text = match self.reaction {
                    ChargeReaction::Face => cx.t("battle.cc.charge.face_note").to_owned(),
                    ChargeReaction::StandAndShoot => cx.f(
                        "battle.cc.charge.stand_note",
                        &[("modifier", &format!("{:+}", r.to_hit))],
                    ),
                    ChargeReaction::Flee => cx.f(
                        "battle.cc.charge.flee_note",
                        &[("inches", &r.flee_inches.to_string())],
                    ),
                };
                badge(ui, Tone::Info, &text);
            }
            Err(p) => {
                alert(ui, Tone::Error, &cx.lang.problem_line(&p));
            }
        }
    }
}
