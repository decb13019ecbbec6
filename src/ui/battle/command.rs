//! The unit mode's command card (CHR-14): who leads each unit, a character
//! of the unit taking command (at once when it has no living leader, after
//! a turn in base contact otherwise, never with a lower Ld), giving it up,
//! and the unit's rout and psychology tests rolled against its leader's Ld
//! and Cl, the character counting as part of the unit.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::Msg;
use crate::rules::battle::Fight;
use crate::rules::characters::units::{
    TakeCommand, UnitTest, UnitTestKind, may_give_up_command, psychology_cl, take_command, test_ld,
};
use crate::ui::battle::parts;
use crate::ui::battle::parts::{Group, Unit};
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{Tone, badge, icon_button};

impl Unit {
    /// The character in command, if one is (and is still in the unit).
    fn commander(&self) -> Option<&Group> {
        self.command
            .commander
            .and_then(|k| self.groups.get(k))
            .filter(|g| g.character && g.count == 1)
    }

    /// The living leader's Ld: the character in command, else the unit's
    /// own leader unless he is dead.
    pub fn leader_ld(&self) -> Option<i32> {
        match self.commander() {
            Some(g) => Some(g.ld),
            None => (!self.command.leader_dead).then_some(self.ld),
        }
    }

    /// The Ld its rout and stay tests use (CHR-14, CC-20): its leader's.
    pub fn test_ld(&self) -> i32 {
        test_ld(self.commander().map(|g| g.ld), self.ld)
    }

    /// The Cl its psychology tests use (CHR-14): its leader's.
    pub fn test_cl(&self) -> i32 {
        psychology_cl(self.commander().map(|g| g.cl), self.cl)
    }
}

fn group_name(lang: Lang, g: &Group) -> String {
    if g.name.trim().is_empty() {
        lang.t("battle.units.model").to_owned()
    } else {
        g.name.trim().to_owned()
    }
}

/// The command card of one unit; `side` names it ("First unit").
pub fn command_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, unit: &mut Unit, side: &str, title: Msg) {
    ui.label(RichText::new(cx.f("battle.command.title", &[("side", side)])).strong());
    leader_ui(ui, cx, unit, side);
    characters_ui(ui, cx, unit);
    take_command_ui(ui, cx, unit);
    give_up_ui(ui, cx, unit);
    ui.add_space(space::XS);
    tests_ui(ui, cx, unit, side, title);
}

/// Who leads the unit now, and its leader's death.
fn leader_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, unit: &mut Unit, side: &str) {
    // Who leads it now.
    let leader = match unit.commander() {
        Some(g) => cx.f(
            "battle.command.led_by",
            &[
                ("name", &group_name(cx.lang, g)),
                ("ld", &g.ld.to_string()),
                ("cl", &g.cl.to_string()),
            ],
        ),
        None if unit.command.leader_dead => cx.f(
            "battle.command.no_leader",
            &[("ld", &unit.ld.to_string()), ("cl", &unit.cl.to_string())],
        ),
        None => cx.f(
            "battle.command.own_leader",
            &[("ld", &unit.ld.to_string()), ("cl", &unit.cl.to_string())],
        ),
    };
    let tone = if unit.leader_ld().is_some() {
        Tone::Info
    } else {
        Tone::Warning
    };
    ui.horizontal_wrapped(|ui| {
        badge(ui, tone, &leader);
    });
    ui.checkbox(
        &mut unit.command.leader_dead,
        cx.f("battle.command.leader_dead", &[("side", side)]),
    );
}

/// The unit's single models marked as characters, with their Ld and Cl.
fn characters_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, unit: &mut Unit) {
    // Single models of the unit marked as characters, with their Ld and Cl.
    for g in unit.groups.iter_mut().filter(|g| g.count == 1) {
        let name = group_name(cx.lang, g);
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(
                &mut g.character,
                cx.f("battle.command.is_character", &[("name", &name)]),
            );
            if g.character {
                parts::num(
                    ui,
                    cx.t("battle.units.ld"),
                    &cx.f("battle.command.ld_of", &[("name", &name)]),
                    &mut g.ld,
                    1..=10,
                );
                parts::num(
                    ui,
                    cx.t("battle.command.cl"),
                    &cx.f("battle.command.cl_of", &[("name", &name)]),
                    &mut g.cl,
                    1..=10,
                );
            }
        });
    }
}

/// The characters of the unit who may take command, each with his button.
fn take_command_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, unit: &mut Unit) {
    // Characters of the unit who may take command.
    let current = unit.leader_ld();
    let mut take = None;
    let mut wait = None;
    for (k, g) in unit.groups.iter().enumerate() {
        if !g.character || g.count != 1 || unit.command.commander == Some(k) {
            continue;
        }
        let name = group_name(cx.lang, g);
        ui.horizontal_wrapped(|ui| match take_command(g.ld, current) {
            Ok(TakeCommand::AtOnce) => {
                let label = cx.f("battle.command.take_now", &[("name", &name)]);
                if icon_button(ui, icons::ICON_MILITARY_TECH, &label, &label, true).clicked() {
                    take = Some(k);
                }
            }
            Ok(TakeCommand::AfterOneTurnInContact) if unit.command.pending == Some(k) => {
                badge(
                    ui,
                    Tone::Info,
                    &cx.f("battle.command.in_contact", &[("name", &name)]),
                );
                let label = cx.f("battle.command.turn_passed", &[("name", &name)]);
                if icon_button(ui, icons::ICON_MILITARY_TECH, &label, &label, true).clicked() {
                    take = Some(k);
                }
            }
            Ok(TakeCommand::AfterOneTurnInContact) => {
                let label = cx.f("battle.command.contact", &[("name", &name)]);
                if icon_button(ui, icons::ICON_HANDSHAKE, &label, &label, true).clicked() {
                    wait = Some(k);
                }
            }
            Err(p) => {
                badge(
                    ui,
                    Tone::Warning,
                    &format!(
                        "{} {}",
                        cx.f("battle.command.cannot", &[("name", &name)]),
                        cx.lang.problem_line(&p)
                    ),
                );
            }
        });
    }
    if let Some(k) = take {
        unit.command.commander = Some(k);
        unit.command.pending = None;
        unit.command.affected = false;
    }
    if let Some(k) = wait {
        unit.command.pending = Some(k);
    }
}

/// The character in command may give it up, unless a test affected him.
fn give_up_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, unit: &mut Unit) {
    // The character in command may give it up, unless a test affected him.
    if let Some(g) = unit.commander() {
        let name = group_name(cx.lang, g);
        ui.checkbox(
            &mut unit.command.affected,
            cx.f("battle.command.affected", &[("name", &name)]),
        );
        let label = cx.f("battle.command.give_up", &[("name", &name)]);
        match may_give_up_command(false, unit.command.affected) {
            Ok(()) => {
                if icon_button(ui, icons::ICON_LOGOUT, &label, &label, true).clicked() {
                    unit.command.commander = None;
                }
            }
            Err(p) => {
                icon_button(ui, icons::ICON_LOGOUT, &label, &label, false);
                badge(ui, Tone::Warning, &cx.lang.problem_line(&p));
            }
        }
    }
}

/// The unit's tests (rout, psychology), the character counting as part of it.
fn tests_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, unit: &Unit, side: &str, title: Msg) {
    ui.horizontal_wrapped(|ui| {
        for (kind, value, key) in [
            (UnitTestKind::Rout, unit.test_ld(), "battle.command.rout"),
            (
                UnitTestKind::Psychology,
                unit.test_cl(),
                "battle.command.psychology",
            ),
        ] {
            let label = cx.f(key, &[("value", &value.to_string())]);
            let name = format!("{side}: {label}");
            if icon_button(ui, icons::ICON_CASINO, &label, &name, value > 0).clicked() {
                cx.send(Command::RollFight(
                    Msg::new("battle.title.test")
                        .msg("unit", title.clone())
                        .msg("test", Msg::new(key).int("value", value)),
                    Fight::Test(UnitTest { kind, value }),
                    Vec::new(),
                ));
            }
        }
    });
}
