//! The battle screen's turn card and charge card: activations, the initiative roll, the charge's reach.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::Screen;
use muster::ui::Gui;

/// A window 1280 points wide and `height` high on the data folder `dir`,
/// the battle screen shown in its kill-team mode.
fn kill_team_battle(dir: &std::path::Path, height: f32) -> Harness<'static, Gui> {
    let mut h = crate::common::window_on(dir)
        .size(1280.0, height)
        .showing(Screen::Battle)
        .open();
    crate::common::click(&mut h, "Kill team");
    h
}

// KT-8, KT-10, RIB-3 and EQ-30 on the battle screen.
#[test]
fn the_turn_card_counts_activations_and_rolls_the_initiative() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = kill_team_battle(dir.path(), 3000.0);
    assert!(h.query_by_label("7 activations each this turn").is_some());
    h.state_mut().views.battle.shooting.kt_turn.set_left([3, 4]);
    h.run();
    assert!(h.query_by_label("3 activations each this turn").is_some());
    assert!(h.query_by_label("Targeting costs 1 action").is_some());
    h.get_by_label("Target is Invisible (RIB-3)").click();
    h.run();
    assert!(h.query_by_label("Targeting costs 2 actions").is_some());
    h.get_by_label("Shooter has a detector (EQ-30)").click();
    h.run();
    assert!(h.query_by_label("Targeting costs 1 action").is_some());
    h.get_by_role_and_label(Role::Button, "Roll the initiative")
        .click();
    h.run();
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 1);
    assert_eq!(muster::i18n::Lang::En.msg(&log[0].title), "Initiative");
    assert!(
        h.query_all_by_label_contains("chooses who goes first")
            .count()
            >= 1
    );
    assert!(h.query_all_by_label_contains("initiative (D6: ").count() >= 1);
}

// KT-9 and EQ-13 on the battle screen: the odds, then the roll in the log.
#[test]
fn the_charge_card_shows_the_reach_and_rolls_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = kill_team_battle(dir.path(), 3200.0);
    // KT-9: the charge leads to a close combat: it is on that side.
    h.get_by_label("Close combat").click();
    h.run();
    assert!(
        h.query_by_label("Reach 6\" + 1D6: 83.3 % to get there")
            .is_some()
    );
    h.get_by_label("Bayonet (EQ-13)").click();
    h.run();
    assert!(
        h.query_by_label(
            "If the charge reaches, the target takes 1 mortal wound before the fight."
        )
        .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Roll the charge")
        .click();
    h.run();
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 1);
    assert_eq!(muster::i18n::Lang::En.msg(&log[0].title), "Charger charges");
    assert!(h.query_all_by_label_contains("charge reach (D6: ").count() >= 1);
}
