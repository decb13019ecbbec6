//! A power's parameters as the player sets them: the attack's kind and
//! scope (PSY-2), its damage, the test that resists it (PSY-5), and a vehicle as
//! its target (PSY-3).

use egui::RichText;

use crate::rules::close_combat::Damage;
use crate::rules::core::dice::DiceSpec;
use crate::rules::psychic::attack::{PowerTest, PsychicAttack, VehicleTarget};
use crate::rules::psychic::play::{AttackKind, Scope, rolls_hit_location};
use crate::ui::battle::parts::num;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};

/// The attack's kind (PSY-2) with its hint, and its scope.
pub(super) fn kind_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &mut PsychicAttack) {
    ui.add_space(space::S);
    ui.label(RichText::new(cx.t("battle.psy.kind")).strong());
    ui.horizontal_wrapped(|ui| {
        for k in AttackKind::ALL {
            ui.selectable_value(&mut a.kind, k, cx.t(k.key()));
        }
    });
    let r = a.kind.rules();
    ui.label(
        RichText::new(cx.t(match (r.needs_line_of_sight, a.kind) {
            (true, _) => "battle.psy.kind.first_in_path_hint",
            (false, AttackKind::Line) => "battle.psy.kind.line_hint",
            _ => "battle.psy.kind.template_hint",
        }))
        .color(palette().ink.subdued),
    );
    ui.add_space(space::S);
    ui.label(RichText::new(cx.t("battle.psy.scope")).strong());
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(
            &mut a.scope,
            Scope::Individual,
            cx.t("battle.psy.individual"),
        );
        ui.selectable_value(&mut a.scope, Scope::Squad, cx.t("battle.psy.squad"));
    });
}

/// The damage: a number of wounds, or dice (D3 …).
pub(super) fn damage_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, damage: &mut Damage) {
    // Damage: a number of wounds, or dice (D3 …).
    ui.label(cx.t("battle.psy.damage"));
    ui.horizontal(|ui| {
        let mut dice = matches!(*damage, Damage::Dice(_) | Damage::VsLiving { .. });
        if ui
            .checkbox(&mut dice, cx.t("battle.psy.damage_dice"))
            .changed()
        {
            *damage = if dice {
                Damage::Dice(DiceSpec { count: 1, sides: 3 })
            } else {
                Damage::Fixed(1)
            };
        }
        match damage {
            Damage::Fixed(n) => {
                num(ui, "", cx.t("battle.psy.damage_fixed"), n, 0..=20);
            }
            Damage::Dice(d) | Damage::VsLiving { living: d, .. } => {
                num(
                    ui,
                    "",
                    cx.t("battle.psy.damage_count"),
                    &mut d.count,
                    1..=10,
                );
                ui.label("D");
                num(
                    ui,
                    "",
                    cx.t("battle.psy.damage_sides"),
                    &mut d.sides,
                    2..=20,
                );
            }
        }
    });
}

/// The test that resists the power (PSY-5), and whether it lasts.
pub(super) fn test_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &mut PsychicAttack) {
    // PSY-5: a test resists it.
    let mut tested = a.test.is_some();
    if ui.checkbox(&mut tested, cx.t("battle.psy.test")).changed() {
        a.test = tested.then_some(a.test.unwrap_or(PowerTest {
            characteristic: 3,
            dice: 1,
            or_equal: false,
        }));
    }
    if let Some(t) = &mut a.test {
        ui.horizontal_wrapped(|ui| {
            num(
                ui,
                cx.t("battle.psy.test_value"),
                cx.t("battle.psy.test_value"),
                &mut t.characteristic,
                0..=20,
            );
            num(
                ui,
                cx.t("battle.psy.test_dice"),
                cx.t("battle.psy.test_dice"),
                &mut t.dice,
                1..=6,
            );
            ui.checkbox(&mut t.or_equal, cx.t("battle.psy.or_equal"));
        });
    }
    ui.add_space(space::S);
    ui.checkbox(&mut a.power.lasting, cx.t("battle.psy.lasting"));
    if a.power.lasting {
        ui.checkbox(
            &mut a.power.ends_with_psyker,
            cx.t("battle.psy.ends_with_psyker"),
        );
    }
}

/// A vehicle as the target (PSY-3): its armour, the models a line crosses,
/// the card, and how its hit location is found.
pub(super) fn vehicle_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &mut PsychicAttack) {
    let mut vehicle = a.vehicle.is_some();
    if ui
        .checkbox(&mut vehicle, cx.t("battle.psy.vehicle"))
        .changed()
    {
        a.vehicle = vehicle.then_some(a.vehicle.unwrap_or(VehicleTarget {
            armour: 14,
            crossed: 1,
            card_covers: false,
        }));
    }
    if let Some(v) = &mut a.vehicle {
        ui.horizontal_wrapped(|ui| {
            num(
                ui,
                cx.t("battle.psy.armour"),
                cx.t("battle.psy.armour"),
                &mut v.armour,
                1..=40,
            );
            if a.kind == AttackKind::Line {
                num(
                    ui,
                    cx.t("battle.psy.crossed"),
                    cx.t("battle.psy.crossed"),
                    &mut v.crossed,
                    1..=10,
                );
            }
        });
        ui.checkbox(&mut v.card_covers, cx.t("battle.psy.card_covers"));
        let how = if rolls_hit_location(a.kind) {
            "battle.psy.location.rolled"
        } else if a.kind == AttackKind::Line {
            "battle.psy.location.line"
        } else {
            "battle.psy.location.template"
        };
        ui.label(RichText::new(cx.t(how)).color(palette().ink.subdued));
    }
}
