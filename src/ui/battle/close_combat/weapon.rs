//! Close-combat mode's weapon in hand (CC-4): only close-combat (C-type)
//! weapons, pistols and melee weapons, are used; any other weapon is set
//! aside with the rule that says so, and the blow becomes improvised.

use crate::rules::battle::scenario::CloseCombatScenario;
use crate::rules::characters::equipment::InHand;
use crate::rules::close_combat::engagement::{CcWeapon, armed};
use crate::rules::close_combat::odds::{CcModifier, CcWeaponProfile};
use crate::ui::context::ViewCtx;
use crate::ui::theme;
use crate::ui::widgets::{Tone, alert};

/// Puts a fighter's own weapon in his hand (CC-4), as his roster lists it:
/// a C-type weapon with its S and its own save modifier (CC-12); any other
/// weapon set aside, the blow improvised (-2). The scenario follows it.
pub fn take_weapon(weapon: &mut CcWeapon, cc: &mut CloseCombatScenario, hand: &InHand) {
    *weapon = hand.weapon;
    let own = CcWeaponProfile {
        s: hand.weapon_s,
        save_modifier: hand.save_modifier,
    };
    let a = armed(hand.weapon, own);
    cc.attacker.weapon_s = a.weapon.s.map(i64::from);
    cc.attacker.weapon_save_modifier = a.weapon.save_modifier.map(i64::from);
    cc.modifiers.retain(|m| *m != CcModifier::Improvised);
    if a.improvised {
        cc.modifiers.push(CcModifier::Improvised);
    }
}

/// The attacker's weapon in hand; the scenario follows it: no weapon S, no
/// save modifier of its own and the improvised -2 when the weapon is not
/// C-type or there is none.
/// `from_roster` names the weapon the fighter picked brought; choosing
/// another here forgets it.
pub fn weapon_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    weapon: &mut CcWeapon,
    cc: &mut CloseCombatScenario,
    from_roster: &mut Option<InHand>,
) {
    let before = *weapon;
    ui.label(egui::RichText::new(cx.t("battle.cc.weapon")).strong());
    ui.horizontal_wrapped(|ui| {
        for (w, key) in [
            (CcWeapon::Melee, "battle.cc.weapon.melee"),
            (CcWeapon::Pistol, "battle.cc.weapon.pistol"),
            (CcWeapon::Other, "battle.cc.weapon.other"),
            (CcWeapon::Nothing, "battle.cc.weapon.nothing"),
        ] {
            ui.radio_value(weapon, w, cx.t(key));
        }
    });
    let a = armed(*weapon, CcWeaponProfile::default());
    if let Some(h) = from_roster.as_ref() {
        let text = match h.weapon_s {
            Some(s) => cx.f(
                "battle.cc.weapon_from_roster_s",
                &[("item", &h.name), ("s", &s.to_string())],
            ),
            None => cx.f("battle.cc.weapon_from_roster", &[("item", &h.name)]),
        };
        let text = match h.save_modifier.filter(|_| h.weapon.c_type()) {
            Some(m) => format!(
                "{text} {}",
                cx.f(
                    "battle.cc.weapon_from_roster_save",
                    &[("m", &m.to_string())]
                )
            ),
            None => text,
        };
        ui.label(
            egui::RichText::new(format!(
                "{} {text}",
                egui_material_icons::icons::ICON_BACKPACK.codepoint
            ))
            .color(theme::palette().ink.subdued),
        );
    }
    if *weapon != before {
        *from_roster = None;
        cc.modifiers.retain(|m| *m != CcModifier::Improvised);
        if a.improvised {
            cc.modifiers.push(CcModifier::Improvised);
            cc.attacker.weapon_s = None;
            cc.attacker.weapon_save_modifier = None;
        }
    }
    if let Some(p) = &a.refused {
        alert(ui, Tone::Warning, &cx.lang.problem_line(p));
    }
}
