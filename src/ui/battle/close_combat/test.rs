//! The close-combat mode's characteristic test (CC-21): a test of Ld, Int,
//! Cl or WP on the dice of the rules data, passed equal or under the
//! value; its exact chance and its roll into the battle log.

use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::close_combat::roll::{MeleeRoll, characteristic_key};
use crate::rules::{Characteristic, Msg, close_combat};
use crate::ui::battle::parts::{dice_text, num, pass_fail_ui, percent};
use crate::ui::context::ViewCtx;
use crate::ui::widgets::{Tone, alert, card, card_title, icon_button};

/// The test as set up.
pub struct TestView {
    /// Which characteristic.
    characteristic: Characteristic,
    /// Its value; taken from the attacker's Ld until changed here.
    pub(super) value: Option<i64>,
}

impl Default for TestView {
    fn default() -> Self {
        Self {
            characteristic: Characteristic::Ld,
            value: None,
        }
    }
}

impl TestView {
    /// The test card: `who` is the attacker's Ld and name, the value until
    /// one is typed.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, who: (i64, &Msg)) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_PSYCHOLOGY, cx.t("battle.cc.test.title"));
            ui.horizontal_wrapped(|ui| {
                ui.label(cx.t("battle.cc.test.which"));
                for c in [
                    Characteristic::Ld,
                    Characteristic::Int,
                    Characteristic::Cl,
                    Characteristic::WP,
                ] {
                    let word = format!("{} ({})", c.key(), cx.t(&characteristic_key(c)));
                    ui.radio_value(&mut self.characteristic, c, word);
                }
            });
            let mut value = self.value.unwrap_or(who.0);
            ui.horizontal_wrapped(|ui| {
                if num(
                    ui,
                    cx.t("battle.cc.test.value"),
                    cx.t("battle.cc.test.value"),
                    &mut value,
                    0..=12,
                )
                .changed()
                {
                    self.value = Some(value);
                }
            });
            let value = i32::try_from(value).unwrap_or(0);
            let c = self.characteristic;
            let dice = dice_text(cx.rules.close_combat.characteristic_test);
            match close_combat::characteristic_test_chance(&cx.rules, c, value) {
                Ok(p) => {
                    pass_fail_ui(
                        ui,
                        &cx.f(
                            "battle.cc.test.passes",
                            &[
                                ("dice", &dice),
                                ("characteristic", cx.t(c.abbr_key())),
                                ("value", &value.to_string()),
                                ("p", &percent(p)),
                            ],
                        ),
                        &cx.f("battle.cc.test.fails", &[("p", &percent(1.0 - p))]),
                    );
                    let word = cx.t("battle.cc.test.roll");
                    if icon_button(ui, icons::ICON_CASINO, word, word, true).clicked() {
                        cx.send(Command::RollTable(
                            Msg::new("battle.cc.test.log_title")
                                .msg("name", who.1.clone())
                                .key("characteristic", c.abbr_key()),
                            TableRoll::Melee(MeleeRoll::Test {
                                characteristic: c,
                                value,
                            }),
                        ));
                    }
                }
                Err(p) => {
                    alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                }
            }
        });
    }
}
