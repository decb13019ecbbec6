//! The flyer mode played at the table: taking off and landing (FLY-3), a
//! close combat with air troops fought by the unit mode's units (FLY-7,
//! FLY-8), breaking off (FLY-9) and a unit gone for stones (FLY-10).

use std::path::Path;

use crate::common::button;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Fight, Screen};
use muster::i18n::Lang;
use muster::rules::battle::table_roll::TableRoll;
use muster::rules::characters::units::{UnitTest, UnitTestKind};
use muster::rules::close_combat::odds::CcModifier;
use muster::rules::flyers::Landing;
use muster::ui::Gui;

fn flyer_mode(dir: &Path) -> Harness<'static, Gui> {
    let mut h = crate::common::window_on(dir)
        .size(1280.0, 3000.0)
        .showing(Screen::Battle)
        .open();
    h.get_by_label("Flyers").click();
    h.run();
    h
}

fn shown(h: &Harness<'_, Gui>, text: &str) -> bool {
    h.query_by_label(text).is_some()
}

#[test]
fn fly_3_take_off_and_landing_from_the_flyers_panel() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = flyer_mode(dir.path());
    // At +20, 12", acc/dec 6": it cannot land from up there.
    assert!(shown(&h, "In the air at +20"));
    button(&mut h, "Land");
    assert!(shown(
        &h,
        "FLY-3: a flyer lands from attack level only, not from +20"
    ));
    assert!(shown(&h, "In the air at +20"), "still flying");
    // At attack level, 13" is beyond twice its acc/dec.
    h.state_mut().views.battle.flyer.set_level(0);
    h.state_mut().views.battle.flyer.set_speed(13);
    h.run();
    button(&mut h, "Land");
    assert!(shown(
        &h,
        "FLY-3: landing at 13\" is too fast: 12\" at most"
    ));
    // At 12" it lands: a creature may still make a reserve move.
    h.state_mut().views.battle.flyer.set_speed(12);
    h.run();
    button(&mut h, "Land");
    assert!(shown(&h, "On the ground"));
    assert!(shown(
        &h,
        "Landed: a creature, it may still make a reserve move this turn"
    ));
    assert!(h.query_by_label_contains("FLY-3: ").is_none());
    assert_eq!(
        h.state().views.battle.flyer.landed(),
        Some(Landing {
            reserve_move: true,
            ground_speed: None
        })
    );
    // Taking off at more than acc/dec is refused; at 6" it flies at
    // attack level.
    h.state_mut().views.battle.flyer.set_take_off_speed(7);
    h.run();
    button(&mut h, "Take off");
    assert!(shown(
        &h,
        "FLY-3: a flyer takes off at 6\" at most (its acc/dec), not 7\""
    ));
    assert!(shown(&h, "On the ground"));
    h.state_mut().views.battle.flyer.set_take_off_speed(6);
    h.run();
    button(&mut h, "Take off");
    assert!(shown(&h, "In the air at attack level"));
    let f = &h.state().views.battle.flyer;
    assert_eq!((f.level(), f.speed()), (0, 6));
    // A vehicle keeps its air speed as its ground speed.
    h.get_by_label("It is a vehicle").click();
    h.run();
    button(&mut h, "Land");
    assert!(
        h.query_by_label_contains("Landed: a vehicle, its ground speed next turn is 6\"")
            .is_some()
    );
}

#[test]
fn fly_7_air_troops_strike_first_and_the_loser_goes_up_a_level() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = flyer_mode(dir.path());
    {
        let units = &mut h.state_mut().views.battle.units;
        units.first.groups_mut()[0].set_i(2);
        units.second.groups_mut()[0].set_i(5);
        units.first.set_charged(true);
    }
    h.run();
    // From +20 the flyer cannot fight ground troops.
    assert!(shown(
        &h,
        "FLY-7: a flyer fights ground troops from attack level only, not from +20"
    ));
    assert!(h.query_by_label("Roll the round").is_none());
    h.state_mut().views.battle.flyer.set_level(0);
    h.run();
    assert!(shown(
        &h,
        "The air troops strike first, with no charge or pursuit bonus"
    ));
    // The first unit flies: I 2 strikes before the ground troops' I 5.
    assert!(shown(&h, "Strikes first: First unit"));
    assert!(h.query_by_label_contains("First unit wins ").is_some());
    button(&mut h, "Roll the round");
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 1);
    assert_eq!(
        muster::i18n::Lang::En.msg(&log[0].title),
        "First unit against Second unit"
    );
    let Fight::Units(air, ground) = &log[0].fight else {
        panic!("a round of units: {:?}", log[0].fight);
    };
    assert!(air[0].i > 5, "the air troops strike first");
    assert!(
        !air[0].modifiers.contains(&CcModifier::Charging),
        "no charge bonus"
    );
    assert_eq!(ground[0].i, 5);
    // Only a flyer that can hover stays a second turn (min speed 6" here).
    assert!(shown(&h, "It cannot hover: it fights this turn only"));
    button(&mut h, "Next turn of the combat");
    assert!(
        h.query_by_label_contains("FLY-7: only a flyer that can hover stays in close combat")
            .is_some()
    );
    h.state_mut().views.battle.flyer.set_combat_turn(1);
    h.run();
    // The air unit lost: pushed up one level, the combat ends.
    button(&mut h, "The air unit lost");
    assert_eq!(h.state().views.battle.flyer.level(), 1);
    assert!(
        h.query_by_label_contains("The air unit is pushed up to +10")
            .is_some()
    );
    assert!(
        h.query_by_label("Roll the round").is_none(),
        "the combat ended"
    );
    // A new combat back at attack level: the ground unit lost, and tests
    // for rout as usual against its Ld.
    button(&mut h, "A new combat");
    h.state_mut().views.battle.flyer.set_level(0);
    h.run();
    button(&mut h, "The ground unit lost");
    assert!(
        h.query_by_label_contains("The ground unit is not pushed back")
            .is_some()
    );
    assert_eq!(h.state().views.battle.flyer.level(), 0);
    button(&mut h, "Rout test of the ground unit (Ld 7)");
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 2);
    assert_eq!(
        log[1].fight,
        Fight::Test(UnitTest {
            kind: UnitTestKind::Rout,
            value: 7
        })
    );
}

#[test]
fn fly_8_flyers_fight_in_the_air_at_one_level_in_contact() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = flyer_mode(dir.path());
    {
        let units = &mut h.state_mut().views.battle.units;
        units.first.groups_mut()[0].set_i(2);
        units.second.groups_mut()[0].set_i(5);
        units.first.set_charged(true);
    }
    h.run();
    h.get_by_label("Against flyers in the air (FLY-8)").click();
    h.run();
    // The flyer at +20, the other at attack level: no combat.
    assert!(
        h.query_by_label_contains("FLY-8: flyers fight in the air only at the same level")
            .is_some()
    );
    h.state_mut().views.battle.flyer.set_foe_level(2);
    h.run();
    assert!(
        h.query_by_label_contains("They fight as ground troops: initiative order")
            .is_some()
    );
    // Initiative order: the I 5 unit strikes first, charge or not.
    assert!(shown(&h, "Strikes first: Second unit"));
    button(&mut h, "Roll the round");
    let log = &h.state().app.model.battle.log;
    let Fight::Units(a, b) = &log[0].fight else {
        panic!("a round of units");
    };
    assert_eq!((a[0].i, b[0].i), (2, 5));
    assert!(a[0].modifiers.is_empty(), "no charge modifier in the air");
    // Out of base contact: refused by rule.
    h.get_by_label("In base contact").click();
    h.run();
    assert!(shown(
        &h,
        "FLY-8: flyers fight in the air only in base contact"
    ));
    assert!(h.query_by_label("Roll the round").is_none());
}

#[test]
fn fly_9_air_troops_break_off_without_rout_test_or_free_blows() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = flyer_mode(dir.path());
    h.state_mut().views.battle.flyer.set_level(0);
    h.run();
    assert!(h.query_by_label("Roll the round").is_some());
    button(&mut h, "Break off in the move phase");
    assert!(shown(
        &h,
        "The air troops left the combat: no rout test and no free blows against them"
    ));
    // Nothing is rolled: no rout test, no free blows.
    assert!(h.state().app.model.battle.log.is_empty());
    assert!(h.query_by_label("Roll the round").is_none());
    assert!(h.query_by_label_contains("Rout test").is_none());
    assert_eq!(
        h.state().views.battle.flyer.level(),
        0,
        "it stays where it is"
    );
}

#[test]
fn fly_10_a_unit_leaves_to_gather_stones_and_comes_back_on_a_6() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = flyer_mode(dir.path());
    button(&mut h, "Leave the table to gather stones");
    assert!(shown(
        &h,
        "Off the table gathering stones: 0 turns since it left"
    ));
    assert!(shown(
        &h,
        "The flyer is not in the air: no combat with air troops."
    ));
    // It waits one full turn: no roll yet.
    button(&mut h, "Start of its next turn");
    assert!(shown(
        &h,
        "FLY-10: the unit gathering stones waits 1 full turn before it may come back"
    ));
    button(&mut h, "Roll to come back");
    assert!(
        h.state().app.model.battle.log.is_empty(),
        "no roll while it waits"
    );
    button(&mut h, "Start of its next turn");
    assert!(shown(&h, "Back, loaded, at the start of this turn: 16.7 %"));
    // Rolled until it is back: it comes back on a 6 only.
    let mut back = false;
    for n in 1..=60 {
        button(&mut h, "Roll to come back");
        let log = &h.state().app.model.battle.log;
        assert_eq!(log.len(), n);
        assert_eq!(
            muster::i18n::Lang::En.msg(&log[n - 1].title),
            "Return from gathering stones"
        );
        assert_eq!(
            log[n - 1].fight,
            Fight::Table(TableRoll::FlyerGather { turns: 2 })
        );
        let line = Lang::En.msg(&log[n - 1].result);
        let six = line.contains("return (D6: 6)");
        back = shown(&h, "In the air at +20");
        assert_eq!(back, six, "back on a 6 only: {line}");
        if back {
            break;
        }
    }
    assert!(back, "a 6 came in 60 rolls");
    assert!(
        h.query_all_by_label_contains("return (D6: ").count() >= 1,
        "the dice are shown"
    );
    // Giving up brings it back to its edge without a roll.
    button(&mut h, "Leave the table to gather stones");
    button(&mut h, "Give up: back at its table edge");
    assert!(shown(&h, "In the air at +20"));
}

#[test]
fn a_battle_log_kept_without_its_table_results_still_reads_and_knows_them() {
    use muster::app::Command;
    use muster::rules::Msg;
    use muster::rules::battle::table_roll::TableResult;
    let dir = tempfile::tempdir().expect("tempdir");
    let kept = tempfile::tempdir().expect("tempdir");
    let window = || {
        crate::common::window_on(dir.path())
            .kept_in(kept.path())
            .showing(Screen::Battle)
    };
    let mut h = window().open();
    for _ in 0..8 {
        h.state_mut().app.push(Command::RollTable(
            Msg::new("flyer.log.gather"),
            TableRoll::FlyerGather { turns: 2 },
        ));
        h.run();
    }
    let before = h.state().app.model.battle.log.clone();
    assert_eq!(before.len(), 8);
    assert!(
        before
            .iter()
            .all(|e| matches!(e.table, Some(TableResult::FlyerGather(_))))
    );
    drop(h);
    // The file as a Muster that kept no table results wrote it.
    let data = std::fs::canonicalize(dir.path()).expect("dir");
    let path = muster::store::kept_history::kept_history_path(kept.path(), &data)
        .with_extension("battle.json");
    let text = std::fs::read_to_string(&path).expect("kept");
    let mut file: serde_json::Value = serde_json::from_str(&text).expect("json");
    for entry in file["log"].as_array_mut().expect("log") {
        assert!(
            entry
                .as_object_mut()
                .expect("entry")
                .remove("table")
                .is_some()
        );
    }
    std::fs::write(&path, file.to_string()).expect("write");
    let h = window().open();
    assert_eq!(
        h.state().app.model.battle.log,
        before,
        "every roll, with what it decided"
    );
}
