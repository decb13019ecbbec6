//! A drawn enemy's name follows the language it is shown in: a fight
//! picked at the table and rolled in one language names him in the other
//! once the language is switched, in the battle screen's fields, the
//! newest roll's bar and the log.

use super::fight::{dace_shoots, enemy_name, kill_team_table};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::Command;
use muster::i18n::Lang;
use muster::rules::campaign::enemy;
use muster::ui::Gui;

/// Switches the language as the menu does.
fn switch_to(h: &mut Harness<'_, Gui>, lang: Lang) {
    h.state_mut().app.push(Command::SetLang(lang));
    h.run();
    h.run();
}

/// The newest roll's title and the wounds it says, as shown in `lang`.
fn newest_roll_in(h: &Harness<'_, Gui>, lang: Lang) -> String {
    let log = &h.state().app.model.battle.log;
    let last = log.last().expect("a roll");
    lang.msg(&last.title)
}

#[test]
fn an_enemy_shot_at_in_english_is_named_in_french_once_the_language_is_french() {
    let (c, _dir, mut h) = kill_team_table();
    let english = enemy_name(&c, 0);
    let french = enemy::names(&c, 0)["fr"].clone();
    assert_ne!(english, french, "the example enemy has a French name");
    dace_shoots(&mut h, &english);
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    assert!(newest_roll_in(&h, Lang::En).contains(&english));
    assert!(
        !h.query_all_by_label_contains(&english)
            .collect::<Vec<_>>()
            .is_empty()
    );

    switch_to(&mut h, Lang::Fr);
    let title = newest_roll_in(&h, Lang::Fr);
    assert!(title.contains(&french), "{title}");
    assert!(!title.contains(&english), "{title}");
    // The target's field, the newest roll's bar and the log say it in
    // French, and nothing on the screen in English.
    let battle = &h.state().views.battle.shooting;
    assert_eq!(battle.shot_sides.defender(), french);
    assert!(h.query_all_by_label_contains(&english).next().is_none());
    assert!(h.query_all_by_label_contains(&french).count() >= 2);
    // The summary and the wounds follow him by his names too.
    let last = h.state().app.model.battle.log.last().expect("a roll");
    let target = &last.combatants[1];
    assert_eq!(target.name.in_lang("fr"), french);
    assert_eq!(target.name.in_lang("en"), english);

    switch_to(&mut h, Lang::En);
    assert!(newest_roll_in(&h, Lang::En).contains(&english));
    assert_eq!(
        h.state().views.battle.shooting.shot_sides.defender(),
        english
    );
    assert!(h.query_all_by_label_contains(&french).next().is_none());
}

#[test]
fn an_enemy_shot_at_in_french_is_named_in_english_once_the_language_is_english() {
    let c = crate::common::example_team_at_the_table(crate::common::rules());
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = crate::common::window_on(dir.path())
        .lang(Lang::Fr)
        .size(1400.0, 4000.0)
        .on_campaign(&c)
        .open();
    let english = enemy_name(&c, 0);
    let french = enemy::names(&c, 0)["fr"].clone();
    h.get_by_label("Trooper Dace attaque…").click_accesskit();
    h.run();
    h.get_by_label(&format!("Trooper Dace tire sur {french} avec Fusil laser"))
        .click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::Button, "Lancer").click();
    h.run();
    assert!(newest_roll_in(&h, Lang::Fr).contains(&french));

    switch_to(&mut h, Lang::En);
    let title = newest_roll_in(&h, Lang::En);
    assert!(title.contains(&english), "{title}");
    assert_eq!(
        h.state().views.battle.shooting.shot_sides.defender(),
        english
    );
    assert!(h.query_all_by_label_contains(&french).next().is_none());
    assert!(h.query_all_by_label_contains(&english).count() >= 2);
}

#[test]
fn an_enemy_s_charge_and_blows_rolled_in_english_name_him_in_french_once_the_language_is_french() {
    let (c, _dir, mut h) = kill_team_table();
    let english = enemy_name(&c, 0);
    let french = enemy::names(&c, 0)["fr"].clone();
    super::fight::attack_from_table(
        &mut h,
        &english,
        &format!("Close combat: {english} against Trooper Dace"),
    );
    h.get_by_role_and_label(Role::Button, "Roll the charge")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, &format!("Roll — {english} strikes"))
        .click();
    h.run();
    let log = h.state().app.model.battle.log.clone();
    assert_eq!(log.len(), 2, "the charge and the blows");
    for e in &log {
        assert!(Lang::En.msg(&e.title).contains(&english));
    }

    switch_to(&mut h, Lang::Fr);
    for e in &h.state().app.model.battle.log {
        let title = Lang::Fr.msg(&e.title);
        assert!(title.contains(&french), "{title}");
    }
    assert_eq!(
        h.state().views.battle.shooting.melee.charger().name(),
        french
    );
    assert!(h.query_all_by_label_contains(&english).next().is_none());
}

#[test]
fn a_rogue_trader_close_combat_with_an_enemy_names_him_in_the_language_shown() {
    let c = crate::common::band_at_the_table(crate::common::rules());
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let english = enemy_name(&c, 0);
    let french = enemy::names(&c, 0)["fr"].clone();
    super::fight::attack_from_table(
        &mut h,
        "Sergeant Brask",
        &format!("Close combat: Sergeant Brask against {english}"),
    );
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    assert!(newest_roll_in(&h, Lang::En).contains(&english));

    switch_to(&mut h, Lang::Fr);
    let title = newest_roll_in(&h, Lang::Fr);
    assert!(title.contains(&french), "{title}");
    let sides = &h.state().views.battle.close_combat.cc_sides;
    assert_eq!(sides.defender(), french);
    assert!(h.query_all_by_label_contains(&english).next().is_none());
}

#[test]
fn an_enemy_shooting_in_english_is_named_in_french_once_the_language_is_french() {
    let (c, _dir, mut h) = kill_team_table();
    let english = enemy_name(&c, 0);
    let french = enemy::names(&c, 0)["fr"].clone();
    let gun = enemy::fighter(&c, 0, crate::common::rules())
        .and_then(|f| f.weapons.iter().find(|w| w.range > 0).cloned())
        .expect("a gun");
    super::fight::attack_from_table(
        &mut h,
        &english,
        &format!("{english} shoots Trooper Dace with {}", gun.names["en"]),
    );
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    assert!(newest_roll_in(&h, Lang::En).contains(&english));

    switch_to(&mut h, Lang::Fr);
    assert!(newest_roll_in(&h, Lang::Fr).contains(&french));
    assert_eq!(
        h.state().views.battle.shooting.shot_sides.attacker(),
        french
    );
    assert!(h.query_all_by_label_contains(&english).next().is_none());
    assert!(h.query_all_by_label_contains(&french).count() >= 3);
}
