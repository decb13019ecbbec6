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
use muster::rules::Doc;
use muster::rules::battle::Fight;
use muster::rules::characters::units::UnitTestKind;
use muster::store::Store;
use muster::ui::Gui;

fn battle(dir: &Path) -> Harness<'static, Gui> {
    let band = crate::common::example_band();
    Store::open(dir)
        .expect("store")
        .save(&Doc::new(band))
        .expect("save");
    crate::common::window_on(dir)
        .seed(3)
        .size(1400.0, 4000.0)
        .showing(Screen::Battle)
        .open()
}

fn last_test(h: &Harness<'_, Gui>) -> (UnitTestKind, i32) {
    match &h.state().app.model.battle.log.last().expect("rolled").fight {
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
            .groups()
            .last()
            .expect("Brask");
        assert!(g.character(), "a character from a roster");
        (g.ld(), g.cl())
    };
    assert!(ld > 1, "his Ld from the band");
    assert_eq!(
        h.query_all_by_label("Led by its own leader (Ld 7, Cl 7)")
            .count(),
        2,
        "each unit's"
    );

    // The unit's own leader has a higher Ld: Brask may not take over.
    h.state_mut().views.battle.units.second.set_ld(ld + 1);
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
    h.state_mut().views.battle.units.second.set_ld(ld);
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
    let k = h.state().views.battle.units.second.groups().len() - 1;
    h.state_mut().views.battle.units.second.groups_mut()[k].set_count(2);
    h.run();
    assert!(h.query_by_label(&led).is_none());
    h.state_mut().views.battle.units.second.groups_mut()[k].set_count(1);
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
            .attacker_character()
    );
    assert!(
        h.state()
            .views
            .battle
            .close_combat
            .cc_sides
            .defender_character()
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
            .defender_character()
    );
    h.state_mut()
        .views
        .battle
        .close_combat
        .cc_sides
        .set_defender("Grot");
    h.state_mut()
        .views
        .battle
        .close_combat
        .set_defender_wounds(1);
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
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .seed(3)
            .size(1024.0, 700.0)
            .open();
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

/// The exact fight to the end of the unit mode's two units, as the core
/// computes it.
fn exact_of(h: &Harness<'_, Gui>) -> muster::rules::close_combat::fight_exact::FightOdds {
    use muster::rules::close_combat::simulate::SimSide;
    let units = &h.state().views.battle.units;
    let side = |models, ld: i32| SimSide {
        models,
        ld: (ld > 0).then_some(ld),
    };
    muster::rules::close_combat::fight_exact::fight_exact(
        &h.state().app.model.rules,
        &side(units.first.models(), units.first.test_ld()),
        &side(units.second.models(), units.second.test_ld()),
        units.max_rounds(),
    )
    .expect("odds")
    .expect("few enough states")
}

// The fight to the end of two small units is exact: its
// chances shown without an interval, as the core computes them, and they
// change with the rounds allowed; units too large to count are simulated.
#[test]
fn the_fight_to_the_end_of_small_units_is_shown_exact() {
    use muster::rules::close_combat::fight_exact::{MAX_STATES, state_count};
    use muster::rules::close_combat::simulate::SimSide;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    click(&mut h, "Unit against unit");
    h.run();
    assert!(
        h.query_by_label("Exact: every state of the fight is counted.")
            .is_some()
    );
    let pct = |p: f64| format!("{:.1} %", p * 100.0);
    let o = exact_of(&h);
    for label in [
        format!("First unit wins {}", pct(o.first_wins)),
        format!("Second unit wins {}", pct(o.second_wins)),
        format!("Neither {}", pct(o.neither)),
        format!("Second unit routs {}", pct(o.second_routs)),
        format!("{:.2} rounds on average.", o.mean_rounds),
    ] {
        assert!(h.query_by_label(&label).is_some(), "{label}");
    }
    assert_eq!(h.query_all_by_label_contains("(95 %: ").count(), 0);
    assert!(h.query_by_label("Fights played").is_none(), "no trials");
    assert!(
        h.query_by_label("Simulating…").is_none(),
        "nothing to wait for"
    );
    // One round allowed: more fights end with neither side out.
    h.state_mut().views.battle.units.set_max_rounds(1);
    h.run();
    let one = exact_of(&h);
    assert!(one.neither > o.neither);
    assert!(
        h.query_by_label(&format!("Neither {}", pct(one.neither)))
            .is_some()
    );
    assert!(h.query_by_label("1.00 rounds on average.").is_some());
    // Enough troopers in both units (fifty at most a group) to pass the
    // states counted: the fight is simulated, each chance with its interval.
    let n = u32::try_from(MAX_STATES).expect("small") / (3 * 50) + 1;
    h.state_mut().views.battle.units.first.groups_mut()[0].set_count(50);
    h.state_mut().views.battle.units.second.groups_mut()[0].set_count(n);
    h.run();
    let units = &h.state().views.battle.units;
    let side = |models| SimSide { models, ld: None };
    let states = state_count(&side(units.first.models()), &side(units.second.models()));
    assert!(states > MAX_STATES, "{states}");
    for _ in 0..600 {
        h.run();
        if h.query_by_label("Simulating…").is_none() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(
        h.query_by_label_contains("Simulated, 95 % interval")
            .is_some()
    );
    assert_eq!(h.query_all_by_label_contains("(95 %: ").count(), 5);
    assert!(h.query_by_label("Fights played").is_some());
}

/// The last roll's badge of a round between two units says each unit's
/// wounds, as its text does: never "0 wounds" beside "the first unit took
/// 2 wounds".
#[test]
fn a_unit_round_s_badges_say_each_unit_s_wounds_as_its_text_does() {
    use muster::rules::close_combat::odds::Fighter;
    let trooper = Fighter {
        ws: 5,
        s: 5,
        weapon_s: None,
        weapon_save_modifier: None,
        a: 3,
        t: 3,
        w: 1,
        i: 3,
        save: None,
        modifiers: Vec::new(),
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    // Rolls until the first unit takes a wound: the trap was there.
    for _ in 0..40 {
        h.state_mut().app.apply(Command::RollFight(
            muster::rules::Msg::verbatim("A against B"),
            Fight::Units(vec![trooper.clone(); 3], vec![trooper.clone(); 3]),
            Vec::new(),
        ));
        h.run();
        if h.state()
            .app
            .model
            .battle
            .log
            .last()
            .expect("rolled")
            .first_wounds
            > 0
        {
            break;
        }
    }
    let e = h
        .state()
        .app
        .model
        .battle
        .log
        .last()
        .expect("rolled")
        .clone();
    assert!(e.first_wounds > 0, "some round wounds the first unit");
    let first = format!(
        "first unit: {} wound{}",
        e.first_wounds,
        if e.first_wounds == 1 { "" } else { "s" }
    );
    let second = format!(
        "second unit: {} wound{}",
        e.wounds,
        if e.wounds == 1 { "" } else { "s" }
    );
    for badge in [&first, &second] {
        assert!(
            h.query_all_by_label_contains(badge).next().is_some(),
            "the badge {badge:?}"
        );
    }
    let text = Lang::En.msg(&e.result);
    assert!(
        text.contains(&format!("{} wound", e.first_wounds)),
        "the text agrees: {text}"
    );
}
