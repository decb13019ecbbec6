//! Characters in units and the battle summary on the battle screen, driven
//! through their widgets: a character taking command of his unit and its
//! tests rolled against his Ld and Cl (CHR-14), and the characters each
//! side lost making a win a minor victory (CHR-15).

use std::path::Path;

use crate::common::{button, click, pick};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::i18n::Lang;
use muster::rules::battle::Fight;
use muster::rules::characters::units::UnitTestKind;
use muster::rules::{Doc, Roster};
use muster::store::Store;
use muster::ui::Gui;

fn battle(dir: &Path) -> Harness<'static, Gui> {
    let band = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/rt-band.json"
    ))
    .expect("band");
    let band = muster::store::document::parse::<Roster>(&band, "rt-band").expect("roster");
    Store::open(dir)
        .expect("store")
        .save(&Doc::new(band))
        .expect("save");
    let mut h = crate::common::window(crate::common::app_in(dir, Lang::En, 3), 1400.0, 4000.0);
    h.run();
    h.state_mut().app.apply(Command::Show(Screen::Battle));
    h.run();
    h
}

fn last_test(h: &Harness<'_, Gui>) -> (UnitTestKind, i32) {
    match &h.state().app.model.battle_log.last().expect("rolled").fight {
        Fight::Test(t) => (t.kind, t.value),
        other => panic!("{other:?}"),
    }
}

#[test]
fn chr_14_a_character_takes_command_of_his_unit_and_its_tests_use_his_ld_and_cl() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    click(&mut h, "Unit against unit");
    pick(
        &mut h,
        "Second unit: add a character from a roster",
        "Sergeant Brask —",
    );
    let (ld, cl) = {
        let g = h
            .state()
            .views
            .battle
            .units
            .second
            .groups
            .last()
            .expect("Brask");
        assert!(g.character, "a character from a roster");
        (g.ld, g.cl)
    };
    assert!(ld > 1, "his Ld from the band");
    assert_eq!(
        h.query_all_by_label("Led by its own leader (Ld 7, Cl 7)")
            .count(),
        2,
        "each unit's"
    );

    // The unit's own leader has a higher Ld: Brask may not take over.
    h.state_mut().views.battle.units.second.ld = ld + 1;
    h.run();
    assert!(
        h.query_by_label_contains("Sergeant Brask cannot take command:")
            .is_some()
    );
    assert!(
        h.query_by_label("Sergeant Brask moves into base contact with the leader")
            .is_none()
    );

    // Not higher: after a turn in base contact with the leader.
    h.state_mut().views.battle.units.second.ld = ld;
    h.run();
    button(
        &mut h,
        "Sergeant Brask moves into base contact with the leader",
    );
    assert!(
        h.query_by_label("Sergeant Brask is in base contact with the leader")
            .is_some()
    );
    // Until then the unit's tests still use its own leader's values.
    button(&mut h, &format!("Second unit: Rout test, Ld {ld}"));
    assert_eq!(last_test(&h), (UnitTestKind::Rout, ld));
    button(&mut h, "A turn has passed: Sergeant Brask takes command");
    let led = format!("Led by Sergeant Brask (Ld {ld}, Cl {cl})");
    assert!(h.query_by_label(&led).is_some(), "{led}");
    // A character is one model: made a group of two, he leads no more.
    let k = h.state().views.battle.units.second.groups.len() - 1;
    h.state_mut().views.battle.units.second.groups[k].count = 2;
    h.run();
    assert!(h.query_by_label(&led).is_none());
    h.state_mut().views.battle.units.second.groups[k].count = 1;
    h.run();
    assert!(h.query_by_label(&led).is_some(), "one model again");

    // His Cl for the unit's psychology test, his Ld for its rout test.
    button(&mut h, &format!("Second unit: Psychology test, Cl {cl}"));
    assert_eq!(last_test(&h), (UnitTestKind::Psychology, cl));
    assert!(
        h.query_all_by_label_contains("Psychology test (CHR-14) against")
            .count()
            >= 1
    );

    // Adversely affected by a psychology test: he cannot give up command.
    click(
        &mut h,
        "Sergeant Brask was adversely affected by a psychology test",
    );
    let give_up = h.get_by_role_and_label(Role::Button, "Sergeant Brask gives up command");
    assert!(give_up.accesskit_node().is_disabled());
    click(
        &mut h,
        "Sergeant Brask was adversely affected by a psychology test",
    );
    button(&mut h, "Sergeant Brask gives up command");
    assert!(h.query_by_label(&led).is_none());

    // The unit's own leader dies: a character takes over at once.
    click(&mut h, "Second unit: its own leader is dead");
    assert!(
        h.query_by_label_contains("No living leader: its tests use Ld")
            .is_some()
    );
    button(&mut h, "Sergeant Brask takes command now");
    assert!(h.query_by_label(&led).is_some());
}

#[test]
fn chr_15_a_win_with_our_character_killed_is_a_minor_victory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    // Vael attacks Brask; we play Brask's side.
    pick(
        &mut h,
        "Take the attacker from a roster",
        "Inquisitor Vael —",
    );
    pick(
        &mut h,
        "Take the defender from a roster",
        "Sergeant Brask —",
    );
    assert!(
        h.state()
            .views
            .battle
            .close_combat
            .cc_sides
            .attacker_character
    );
    assert!(
        h.state()
            .views
            .battle
            .close_combat
            .cc_sides
            .defender_character
    );
    click(&mut h, "the defender");
    let mut rolls = 0;
    while h.state().app.model.battle_summary().ours_killed.is_empty() {
        button(&mut h, "Roll");
        rolls += 1;
        assert!(rolls < 60, "Brask never fell");
    }
    assert!(
        h.query_by_label("Our characters killed: Sergeant Brask")
            .is_some()
    );
    assert!(h.query_by_label("Their characters killed: none").is_some());
    assert!(
        h.query_by_label_contains("Say who won to see the result")
            .is_some()
    );
    click(&mut h, "Our side");
    assert!(
        h.query_by_label_contains("Minor victory: 1 character killed")
            .is_some()
    );
    click(&mut h, "Their side");
    assert!(h.query_by_label_contains("Defeat").is_some());

    // A typed-in fighter is no character unless ticked: his death is not
    // counted.
    let before = h.state().app.model.battle_summary();
    click(&mut h, "The defender is a character (CHR-15)");
    assert!(
        !h.state()
            .views
            .battle
            .close_combat
            .cc_sides
            .defender_character
    );
    h.state_mut().views.battle.close_combat.cc_sides.defender = "Grot".into();
    h.state_mut().views.battle.close_combat.back.defender_w = 1;
    for _ in 0..20 {
        button(&mut h, "Roll");
    }
    assert_eq!(
        h.state().app.model.battle_summary().ours_killed,
        before.ours_killed
    );
}

/// At 1024 × 700, in English and in French, "Unit against unit" runs off
/// no edge: the two units stack, the charts too; every button (the second
/// unit's, "Export the log") is inside the window and none covers another.
#[test]
fn at_1024_by_700_the_units_mode_fits_the_window() {
    for lang in Lang::ALL {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h =
            crate::common::window(crate::common::app_in(dir.path(), lang, 3), 1024.0, 700.0);
        h.run();
        h.state_mut().app.apply(Command::Show(Screen::Battle));
        h.run();
        click(&mut h, lang.t("battle.units"));
        h.run();
        let second = lang.f(
            "battle.units.add",
            &[("side", lang.t("battle.units.second"))],
        );
        assert!(
            h.query_by_label(&second).is_some(),
            "{}: the second unit is shown",
            lang.code()
        );
        assert!(h.query_by_label(lang.t("battle.export")).is_some());
        super::super::buttons_fit(&h, 1024.0, lang.code());
    }
}
