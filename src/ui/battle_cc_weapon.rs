//! Close-combat mode's weapon in hand (CC-4): only close-combat (C-type)
//! weapons, pistols and melee weapons, are used; any other weapon is set
//! aside with the rule that says so, and the blow becomes improvised.

use crate::i18n::Lang;
use crate::rules::engagement::{CcWeapon, armed};
use crate::rules::odds::CcModifier;
use crate::rules::scenario::CloseCombatScenario;
use crate::ui::widgets::{Tone, alert};

/// The attacker's weapon in hand; the scenario follows it: no weapon S and
/// the improvised -2 when the weapon is not C-type or there is none.
pub fn weapon_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    weapon: &mut CcWeapon,
    cc: &mut CloseCombatScenario,
) {
    let before = *weapon;
    ui.label(egui::RichText::new(lang.t("battle.cc.weapon")).strong());
    ui.horizontal_wrapped(|ui| {
        for (w, key) in [
            (CcWeapon::Melee, "battle.cc.weapon.melee"),
            (CcWeapon::Pistol, "battle.cc.weapon.pistol"),
            (CcWeapon::Other, "battle.cc.weapon.other"),
            (CcWeapon::Nothing, "battle.cc.weapon.nothing"),
        ] {
            ui.radio_value(weapon, w, lang.t(key));
        }
    });
    let a = armed(
        *weapon,
        cc.attacker.weapon_s.and_then(|s| i32::try_from(s).ok()),
    );
    if *weapon != before {
        cc.modifiers.retain(|m| *m != CcModifier::Improvised);
        if a.improvised {
            cc.modifiers.push(CcModifier::Improvised);
            cc.attacker.weapon_s = None;
        }
    }
    if let Some(p) = &a.refused {
        alert(ui, Tone::Warning, &lang.problem_line(p));
    }
}
