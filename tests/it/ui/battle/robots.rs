//! The robot mode played at the table: the weapons fired, one per arm
//! (ROB-2), and the burning smell's end-of-turn roll (ROB-8).

use std::path::Path;

use crate::common::button;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Fight, Screen};
use muster::i18n::Lang;
use muster::rules::battle::table_roll::TableRoll;
use muster::ui::Gui;

fn robot_mode(dir: &Path) -> Harness<'static, Gui> {
    let mut h = crate::common::window_on(dir)
        .size(1280.0, 3000.0)
        .showing(Screen::Battle)
        .open();
    h.get_by_label("Robots").click();
    h.run();
    h
}

fn tick(h: &mut Harness<'_, Gui>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

fn firing(h: &Harness<'_, Gui>) -> Vec<(usize, String)> {
    h.state().views.battle.robot.firing().to_vec()
}

#[test]
fn rob_2_the_robot_fires_one_weapon_per_arm() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = robot_mode(dir.path());
    assert!(
        h.query_by_label_contains("No weapon fires yet: one per arm at a time")
            .is_some()
    );
    tick(&mut h, "Left arm: Bolter");
    assert!(h.query_by_label("Fires: Bolter").is_some());
    // A second weapon on the left arm is refused, saying why.
    tick(&mut h, "Left arm: Missile launcher");
    assert!(
        h.query_by_label(
            "ROB-2: Left arm: “Bolter” and “Missile launcher” cannot fire together, one weapon per arm at a time"
        )
        .is_some()
    );
    assert_eq!(firing(&h), vec![(0, "bolter".to_owned())]);
    // One on each arm: two bolters.
    tick(&mut h, "Right arm: Bolter");
    assert!(h.query_by_label("Fires: Bolter, Bolter").is_some());
    assert!(h.query_by_label_contains("ROB-2: ").is_none());
    // The left arm's bolter stops; its missile launcher may fire.
    tick(&mut h, "Left arm: Bolter");
    tick(&mut h, "Left arm: Missile launcher");
    assert_eq!(
        firing(&h),
        vec![(1, "bolter".to_owned()), (0, "missile_launcher".to_owned())]
    );
    assert!(
        h.query_by_label("Fires: Bolter, Missile launcher")
            .is_some()
    );
}

#[test]
fn rob_8_a_burning_smell_read_on_the_table_then_rolled_each_turn_until_bang() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = robot_mode(dir.path());
    assert!(!h.state().views.battle.robot.burning());
    // Six points lost: +5 on both dice, so every roll is special damage;
    // rolled until the table reads the burning smell (8).
    h.state_mut().views.battle.robot.set_points_lost(6);
    h.run();
    let mut read = false;
    for n in 1..=80 {
        button(&mut h, "Roll special damage");
        let log = &h.state().app.model.battle.log;
        assert_eq!(log.len(), n);
        let line = Lang::En.msg(&log[n - 1].result);
        let smell = line.contains("Burning smell");
        assert_eq!(h.state().views.battle.robot.burning(), smell, "{line}");
        if smell {
            read = true;
            break;
        }
    }
    assert!(read, "the burning smell came up in 80 rolls");
    assert!(
        h.query_by_label("At the end of each of its turns: explodes on a 6, 16.7 % (ROB-8)")
            .is_some()
    );
    // Its end-of-turn roll, until it explodes on a 6.
    let before = h.state().app.model.battle.log.len();
    let mut bang = false;
    for k in 1..=60 {
        button(&mut h, "Roll the end-of-turn burning smell");
        let log = &h.state().app.model.battle.log;
        let e = &log[before + k - 1];
        assert_eq!(
            muster::i18n::Lang::En.msg(&e.title),
            "Imperial combat robot: burning smell at the end of the turn"
        );
        assert_eq!(e.fight, Fight::Table(TableRoll::RobotBurningSmell));
        let line = Lang::En.msg(&e.result);
        let six = line.contains("burning smell (D6: 6)");
        assert_eq!(six, line.contains("BANG! It explodes"), "{line}");
        bang = h.query_by_label("BANG! The robot is destroyed").is_some();
        assert_eq!(bang, six, "{line}");
        if bang {
            break;
        }
        assert!(line.contains("It smoulders on"), "{line}");
    }
    assert!(bang, "a 6 came in 60 rolls");
    assert!(
        h.query_all_by_label_contains("burning smell (D6: ").count() >= 1,
        "the dice are shown"
    );
    // Destroyed: no more roll.
    assert!(
        h.query_by_label("Roll the end-of-turn burning smell")
            .is_none()
    );
}
