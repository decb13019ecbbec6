//! The shot's situation through the window: a soldier's equipment and
//! ribbon count on their own (KT-13, EQ-16, RIB-12), each shown with its
//! item; a conditional item is a tick only a bearer is offered (EQ-12).

use crate::common::click;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::rules::Doc;
use muster::ui::Gui;

fn open(dir: &std::path::Path) -> Harness<'static, Gui> {
    crate::common::window_on(dir)
        .saved(Doc::new(crate::common::example_team()))
        .size(1400.0, 3400.0)
        .showing(Screen::Battle)
        .open()
}

fn pick(h: &mut Harness<'_, Gui>, combo: &str, item: &str) {
    click(h, combo);
    h.get_by_label_contains(item).click_accesskit();
    h.run();
    // The list closes.
    h.key_press(egui::Key::Escape);
    h.run();
}

#[test]
fn eq_16_a_target_in_a_cloak_changes_the_odds_without_a_tick() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = open(dir.path());
    click(&mut h, "Kill team");
    click(&mut h, "In cover");
    // Typed in: a 5+ save in cover is 4+.
    assert!(h.query_by_label("save 4+").is_some());
    // Trooper Pell wears a cloak (EQ-16): 3+, no tick touched.
    pick(
        &mut h,
        "Take the target from a kill team",
        "Trooper Pell — Hark's Raiders",
    );
    assert!(h.query_by_label("save 3+").is_some());
    assert!(h.query_by_label("save 4+").is_none());
    // Said where it comes from, by icon and word.
    assert!(
        h.query_by_label_contains("Trooper Pell: Cloak (EQ-16) — ")
            .is_some()
    );
    // The cloak is his: no tick to give for it.
    assert!(h.query_by_label("Target in a cloak (EQ-16)").is_none());
    // Back to typing by hand: the tick is free again, and the cloak gone.
    h.get_by_label("Type by hand").click();
    h.run();
    assert!(h.query_by_label("save 4+").is_some());
    assert!(h.query_by_label("Target in a cloak (EQ-16)").is_some());
}

#[test]
fn kt_13_the_shooters_ribbon_counts_and_a_vox_tick_needs_the_radio() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = open(dir.path());
    click(&mut h, "Kill team");
    // Sergeant Hark, a Marksman (RIB-12), no vox radio.
    pick(
        &mut h,
        "Take the shooter from a kill team",
        "Sergeant Hark (Laspistol)",
    );
    assert!(
        h.query_by_label_contains("Sergeant Hark: Marksman (RIB-12) — +1 to hit")
            .is_some()
    );
    let vox = h
        .get_by_label_contains("Vox: Sergeant Hark has no ")
        .accesskit_node()
        .is_disabled();
    assert!(vox, "a disabled tick that says why");
    // Trooper Dace carries the radio: his tick is offered and counts.
    pick(
        &mut h,
        "Take the shooter from a kill team",
        "Trooper Dace (Lasgun)",
    );
    let before = h
        .state()
        .views
        .battle
        .shooting
        .shot(&h.state().app.model.rules.killteam);
    assert!(
        !before
            .modifiers
            .contains(&muster::rules::killteam::data::KtModifier::Vox)
    );
    click(&mut h, "From his equipment: Vox radio — Vox");
    let after = h
        .state()
        .views
        .battle
        .shooting
        .shot(&h.state().app.model.rules.killteam);
    assert!(
        after
            .modifiers
            .contains(&muster::rules::killteam::data::KtModifier::Vox)
    );
}

/// EQ-4 on the battle screen: a shooter with a combi-weapon is offered both
/// barrels; ticked, the odds card shows the second as snap fire and one
/// roll logs both shots.
#[test]
fn eq_4_a_combi_weapon_fires_both_barrels_from_the_battle_screen() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut team = muster::rules::KillTeam::new("combi", "Combi Squad");
    {
        team.soldiers.push(muster::rules::killteam::Soldier {
            id: 1,
            name: "Trooper Kell".to_owned(),
            kind: "special_weapon_trooper".into(),
            weapon: "meltagun".into(),
            items: vec![muster::rules::killteam::Carried {
                item: "combi_weapon".into(),
                weapon: Some("plasma_gun".into()),
            }],
            ribbon: None,
        });
    }
    let mut h = crate::common::window_on(dir.path())
        .saved(Doc::new(team))
        .size(1400.0, 3400.0)
        .showing(Screen::Battle)
        .open();
    click(&mut h, "Kill team");
    let both = "Fire both barrels of the combi-weapon: the Plasma gun as snap fire (EQ-4)";
    assert!(h.query_by_label(both).is_none(), "typed by hand: no combi");
    pick(
        &mut h,
        "Take the shooter from a kill team",
        "Trooper Kell (Meltagun)",
    );
    h.get_by_label(both).click();
    h.run();
    assert!(h.query_by_label("Second barrel, snap fire").is_some());
    let before = h.state().app.model.battle.log.len();
    click(&mut h, "Roll both barrels");
    assert_eq!(
        h.state().app.model.battle.log.len(),
        before + 2,
        "one roll a barrel"
    );
}
