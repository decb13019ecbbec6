//! The battle screen's robot and flyer modes, and the kill-team jump and
//! grenade, driven through their widgets as a player would.

use std::path::Path;

use crate::common::button;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Fight, Screen};
use muster::rules::battle::table_roll::TableRoll;
use muster::ui::Gui;

fn harness(dir: &Path) -> Harness<'static, Gui> {
    crate::common::window_on(dir)
        .size(1280.0, 3000.0)
        .showing(Screen::Battle)
        .open()
}

// ROB-7: the odds of the target check, then a roll with its dice in the log.
#[test]
fn robot_mode_shows_the_target_check_odds_and_rolls_into_the_log() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    h.get_by_label("Robots").click();
    h.run();
    // The combat robot, Int 8: 2D6 of 8 or less is 26 in 36.
    assert!(
        h.query_by_label("D 5, save 2+, fires 2 weapons at once (ROB-1, ROB-2)")
            .is_some()
    );
    assert!(
        h.query_by_label("2D6 at or under Int 8: right target 72.2 %, friend shot 27.8 %")
            .is_some()
    );
    // ROB-5: Int 8 writes one turn ahead; ROB-6: the 90° arc.
    assert!(
        h.query_by_label("Int 8: orders written 1 turn ahead")
            .is_some()
    );
    assert!(h.query_by_label("Arc of 90° (Int 8)").is_some());
    button(&mut h, "Roll the target check");
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 1);
    assert_eq!(
        muster::i18n::Lang::En.msg(&log[0].title),
        "Imperial combat robot: target check"
    );
    assert_eq!(log[0].fight, Fight::Table(TableRoll::RobotAim { int: 8 }));
    assert!(
        h.query_all_by_label_contains("target check (2D6: ").count() >= 1,
        "the dice are shown"
    );
    // ROB-5: an order written, then one too far ahead is refused by rule.
    button(&mut h, "Write the order");
    assert!(h.query_by_label("Turn 2").is_some());
    assert!(h.query_by_label("Every order due is written").is_some());
    button(&mut h, "Write the order");
    assert!(h.query_by_label_contains("ROB-5: ").is_some());
    // ROB-8: the special damage odds with the bonus, and its roll.
    assert!(
        h.query_by_label("D6 and D10 at +0: special damage 16.7 %")
            .is_some()
    );
    button(&mut h, "Roll special damage");
    assert_eq!(h.state().app.model.battle.log.len(), 2);
    // ROB-10: random robots are offered greyed out with the rule.
    h.get_by_label("Robot kind").click();
    h.run();
    assert!(h.query_by_label("Random small robot (ROB-10)").is_some());
}

// FLY-4: a flyer at +20 shot from 18" on the ground is at 38".
#[test]
fn flyer_mode_shows_the_range_and_rolls_a_crash() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    h.get_by_label("Flyers").click();
    h.run();
    assert!(h.query_by_label("Range 38\" (the flyer at +20)").is_some());
    // FLY-5: beyond a 36" weapon's range, no chance to hit.
    assert!(
        h.query_by_label("Beyond the weapon's range: no chance to hit (FLY-5)")
            .is_some()
    );
    // FLY-6: air to air, the target at attack level is two levels lower.
    h.get_by_label("Flyer at flyer (FLY-6)").click();
    h.run();
    assert!(h.query_by_label("Range 18\" (the flyer at +20)").is_some());
    assert!(h.query_by_label("Within the weapon's range").is_some());
    // FLY-10: D6-1 at +20 hits on a 1: 16.7 %.
    assert!(h.query_by_label("Hits the target point: 16.7 %").is_some());
    button(&mut h, "Roll the crash");
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 1);
    assert_eq!(muster::i18n::Lang::En.msg(&log[0].title), "Crash from +20");
    assert!(log[0].wounds >= 3, "3D4 at +20");
}

// KT-17: the jump's odds, its roll, and a jump too wide refused by rule.
#[test]
fn kt_17_the_jump_test_in_kill_team_mode() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    h.get_by_label("Kill team").click();
    h.run();
    // From 6" to 3": a jump from a height of 3" to 6" costs 1D3 whatever
    // the test, so on his last wound he is out whatever the die; a fall (1
    // in 6) costs its own 1D3 instead.
    assert!(
        h.query_by_label("Falls: 16.7 %; out of action: 100.0 %")
            .is_some()
    );
    assert!(
        h.query_by_label(
            "Jumping from a height of more than 3\" up to 6\" costs 1D3 mortal wounds whatever the test"
        )
        .is_some()
    );
    assert!(h.query_by_label("A fall costs 1D3 mortal wounds").is_some());
    // From 3": a fall costs one mortal wound, said in the singular.
    h.get_by_role_and_label(Role::SpinButton, "Height jumped from")
        .set_value_accesskit(3.0);
    h.run();
    assert!(
        h.query_by_label("A fall costs 1 mortal wound").is_some(),
        "never '1 mortal wounds'"
    );
    h.get_by_role_and_label(Role::SpinButton, "Height jumped from")
        .set_value_accesskit(6.0);
    h.run();
    button(&mut h, "Roll the jump");
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 1);
    assert_eq!(
        muster::i18n::Lang::En.msg(&log[0].title),
        "Shooter jumps between buildings"
    );
    assert!(
        h.query_all_by_label_contains("dangerous terrain (D6: ")
            .count()
            >= 1
    );
    // 7" across is too wide.
    h.state_mut().views.battle.shooting.kt_actions.set_across(7);
    h.run();
    assert!(
        h.query_by_label_contains("KT-17: a jump of 7\" across")
            .is_some()
    );
    // KT-14: a frag grenade at 5" from S 3 reaches; a second one is refused.
    h.state_mut().views.battle.shooting.shot.range = 5;
    h.run();
    assert!(
        h.query_by_label_contains("Reach 6\" (target at 5\")")
            .is_some()
    );
    button(&mut h, "Throw the grenade");
    assert_eq!(h.state().app.model.battle.log.len(), 2);
    h.get_by_label("Already threw a grenade this turn").click();
    h.run();
    assert!(
        h.query_by_label_contains("KT-14: only one grenade a turn")
            .is_some()
    );
}

// CC-4: a weapon that is not C-type is set aside, naming the rule, and the
// blow becomes improvised.
#[test]
fn cc_4_a_rifle_in_close_combat_is_set_aside_and_the_blow_improvised() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    assert!(h.query_by_label("To hit 5+ (33.3 %)").is_some());
    h.get_by_label("Other weapon (basic, special, heavy)")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("CC-4: only close-combat")
            .is_some()
    );
    // WS 3 against WS 3 needs 5; improvised -2 makes it 7: a 6, then 4+.
    assert!(h.query_by_label("To hit 7+ (8.3 %)").is_some());
    h.get_by_label("Melee weapon").click();
    h.run();
    assert!(h.query_by_label("To hit 5+ (33.3 %)").is_some());
}

// CC-2 in the Rogue Trader shooting mode: standing to shoot at chargers is
// a situation at −1 to hit; with a slow (S-type) weapon it is refused,
// naming the rule, and no roll is offered.
#[test]
fn cc_2_stand_and_shoot_in_the_rogue_trader_shooting_mode() {
    use egui::accesskit::Role;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    h.get_by_label("Shooting (Rogue Trader)").click();
    h.run();
    // Shooting is Muster's reading of the rulebook, and says so.
    assert!(
        h.query_by_label_contains("Assumed: the French sources give no shooting chapter")
            .is_some()
    );
    let before = h.state().views.battle.rt_shot.shot.shooter.bs;
    h.get_by_role_and_label(Role::CheckBox, "Stands and shoots at chargers (CC-2) (-1)")
        .click();
    h.run();
    let shot = &h.state().views.battle.rt_shot.shot;
    assert!(
        shot.modifiers
            .contains(&muster::rules::shooting::Situation::StandAndShoot)
    );
    assert_eq!(shot.shooter.bs, before);
    assert!(h.query_by_label_contains("CC-2").is_some());
    h.get_by_role_and_label(
        Role::CheckBox,
        "Slow weapon (S-type: cannot stand and shoot)",
    )
    .click();
    h.run();
    assert!(
        h.query_by_label_contains("CC-2: a weapon of type S (slow) cannot stand and shoot")
            .is_some()
    );
    assert!(h.query_by_label("Roll").is_none(), "nothing to roll");
}

/// Every label of the window that contains `part`, for a failing test's
/// message.
fn labels(h: &Harness<'static, Gui>, part: &str) -> Vec<String> {
    use egui_kittest::kittest::NodeT as _;
    h.query_all_by_label_contains(part)
        .filter_map(|n| n.accesskit_node().label())
        .collect()
}

// EQ-22: the rope and grapnel swings up to 12" across for 2 actions; a
// failed dangerous-terrain test (a 1) is a fall, whose wounds go by the
// height (1 from 3"), with no automatic wounds for the height jumped from.
#[test]
fn eq_22_the_rope_and_grapnel_swing_its_odds_its_limit_and_its_roll() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    h.get_by_label("Kill team").click();
    h.run();
    h.get_by_label("Rope and grapnel (EQ-22)").click();
    h.run();
    assert!(
        h.query_by_label_contains(
            "A swing to another building up to 12\" away, to any level, for 2 actions"
        )
        .is_some()
    );
    let a = &mut h.state_mut().views.battle.shooting.kt_actions;
    a.set_across(10);
    a.set_heights(3, 3);
    a.set_wounds_left(1);
    h.run();
    // A 1 in 6 falls; from 3" a fall costs 1 mortal wound: on his last
    // wound he is out when he falls.
    assert!(
        h.query_by_label("Falls: 16.7 %; out of action: 16.7 %")
            .is_some(),
        "{:?}",
        labels(&h, "Falls")
    );
    assert!(
        h.query_by_label_contains("whatever the test").is_none(),
        "no automatic wounds for a rope"
    );
    button(&mut h, "Roll the jump");
    let log = &h.state().app.model.battle.log;
    assert_eq!(
        muster::i18n::Lang::En.msg(&log[0].title),
        "Shooter swings on a rope and grapnel"
    );
    // 13" across is beyond the rope's reach.
    h.state_mut()
        .views
        .battle
        .shooting
        .kt_actions
        .set_across(13);
    h.run();
    assert!(
        h.query_all_by_label_contains("13\" across")
            .next()
            .is_some(),
        "{:?}",
        labels(&h, "across")
    );
    assert!(h.query_by_label("Roll the jump").is_none());
}

// EQ-25: the parachute lands 9" or more from any enemy; a failed landing
// test (a 1) costs 1 mortal wound.
#[test]
fn eq_25_the_parachute_landing_its_odds_and_its_roll() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    h.get_by_label("Kill team").click();
    h.run();
    h.get_by_label("Parachute (EQ-25)").click();
    h.run();
    assert!(
        h.query_by_label_contains("He lands 9\" or more from any enemy")
            .is_some()
    );
    let a = &mut h.state_mut().views.battle.shooting.kt_actions;
    a.set_across(0);
    a.set_heights(0, 0);
    a.set_wounds_left(2);
    h.run();
    // One wound on a 1: two wounds left, never out.
    assert!(
        h.query_by_label("Falls: 16.7 %; out of action: 0.0 %")
            .is_some(),
        "{:?}",
        labels(&h, "Falls")
    );
    h.state_mut()
        .views
        .battle
        .shooting
        .kt_actions
        .set_wounds_left(1);
    h.run();
    assert!(
        h.query_by_label("Falls: 16.7 %; out of action: 16.7 %")
            .is_some()
    );
    button(&mut h, "Roll the jump");
    let log = &h.state().app.model.battle.log;
    assert_eq!(
        muster::i18n::Lang::En.msg(&log[0].title),
        "Shooter lands by parachute"
    );
}

// PSY-5: a power resisted by a characteristic test: under the value on
// 1D6 (3: a 1 or a 2 resists), or equal or under when the power says so; a
// 6 always fails on one die, whatever the value; more dice go by their
// total.
#[test]
fn psy_5_a_power_resisted_by_a_characteristic_test_in_the_battle_screen() {
    use muster::rules::psychic::attack::PowerTest;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    h.get_by_label("Psychic attack").click();
    h.run();
    h.get_by_label("Resisted by a characteristic test (PSY-5)")
        .click();
    h.run();
    let fails = |h: &Harness<'static, Gui>, p: &str| {
        h.query_all_by_value(&format!("Fails the test and suffers the power: {p}"))
            .next()
            .is_some()
    };
    assert!(fails(&h, "66.7 %"), "under 3 on 1D6: 4 faces in 6 fail");
    h.get_by_label("Equal or under passes").click();
    h.run();
    assert!(fails(&h, "50.0 %"), "3 or under: 3 faces in 6 fail");
    let test = &mut h.state_mut().views.battle.psychic.attack.test;
    *test = Some(PowerTest {
        characteristic: 7,
        dice: 1,
        or_equal: true,
    });
    h.run();
    assert!(fails(&h, "16.7 %"), "a 6 always fails");
    let test = &mut h.state_mut().views.battle.psychic.attack.test;
    *test = Some(PowerTest {
        characteristic: 7,
        dice: 2,
        or_equal: true,
    });
    h.run();
    assert!(fails(&h, "41.7 %"), "2D6 over 7: 15 in 36");
}
