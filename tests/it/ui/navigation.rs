//! Navigation keeps your place: Back (Esc, Alt+←, the mouse's back button)
//! returns to the screen a screen was opened from, the trail shows it, and
//! a problem clicked opens its rule with the rule's text in view.

use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::rules::{Doc, KillTeam};
use muster::store::Store;

/// The window on `dir` holding `docs`, 1024 × 700, in English.
fn window(
    dir: &std::path::Path,
    docs: Vec<Doc>,
) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    {
        let store = Store::open(dir).expect("store");
        for d in &docs {
            store.save(d).expect("save");
        }
    }
    let mut h = crate::common::window_on(dir).size(1024.0, 700.0).open();
    h.run();
    h
}

fn screen(h: &egui_kittest::Harness<'_, muster::ui::Gui>) -> Screen {
    h.state().app.model.screen.clone()
}

/// The mouse's back button, pressed and released.
fn mouse_back(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>) {
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: egui::pos2(500.0, 400.0),
            button: egui::PointerButton::Extra1,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.run();
}

#[test]
fn back_returns_from_the_battle_screen_to_the_campaign_table_it_was_opened_from() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window(dir.path(), vec![Doc::new(c.clone())]);
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    let table = Screen::Campaign(c.id.clone());

    // From the table to the fight: the trail says where it came from.
    h.get_by_label("Resolve a fight…").click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    assert!(
        h.query_by_role_and_label(Role::Button, &c.name).is_some(),
        "the trail shows the campaign above the battle screen"
    );
    // Esc goes back to the table, not to the library.
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), table);
    assert!(
        h.query_by_label("Resolve a fight…").is_some(),
        "the table tab still shown"
    );

    // The mouse's back button does the same.
    h.get_by_label("Resolve a fight…").click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    mouse_back(&mut h);
    assert_eq!(screen(&h), table);

    // And from the table, Back goes to where the campaign was opened from.
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), Screen::Library);
}

#[test]
fn a_problem_clicked_opens_its_rule_with_the_text_in_view_and_back_returns_to_it() {
    let mut team = crate::common::example_team();
    let mut extra = team.soldiers[1].clone();
    extra.id = team.soldiers.iter().map(|s| s.id).max().unwrap_or(0) + 1;
    extra.name = "Trooper Extra".to_owned();
    team.soldiers.push(extra);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window(dir.path(), vec![Doc::new(team.clone())]);
    let shown = Screen::KillTeam(team.id.clone());
    h.state_mut().app.apply(Command::Show(shown.clone()));
    h.run();
    let line = h
        .query_all_by_role(Role::Link)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("KT-1: "))
        .expect("the team's KT-1 problem");
    h.get_by_role_and_label(Role::Link, &line).click();
    h.run();
    h.run();
    assert_eq!(screen(&h), Screen::Reference(Some("KT-1".to_owned())));
    // The rule's title and text are on screen, not scrolled off.
    let title = h.get_by_label_contains("KT-1 — ");
    let bounds = title.accesskit_node().raw_bounds().expect("laid out");
    assert!(
        bounds.y0 >= 0.0 && bounds.y1 <= 700.0,
        "the rule is in view: {bounds:?}"
    );
    // Back returns to the kill team.
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), shown);
    assert!(h.state().app.model.get::<KillTeam>(&team.id).is_some());
}

#[test]
fn back_skips_a_screen_whose_document_is_gone_and_keeps_no_loop() {
    let dir = tempfile::tempdir().expect("tempdir");
    let team = crate::common::example_team();
    let mut h = window(dir.path(), vec![Doc::new(team.clone())]);
    let app = &mut h.state_mut().app;
    let shown = Screen::KillTeam(team.id.clone());
    app.apply(Command::Show(shown.clone()));
    app.apply(Command::Show(Screen::Battle));
    app.apply(Command::Show(Screen::Reference(Some("KT-1".to_owned()))));
    // Coming back to the battle screen by another way forgets the loop.
    app.apply(Command::Show(Screen::Battle));
    app.apply(Command::Back);
    assert_eq!(app.model.screen, shown);
    // A document deleted is skipped on the way back.
    app.apply(Command::Show(Screen::Battle));
    app.apply(Command::Delete(muster::rules::DocKey::of::<KillTeam>(
        team.id.clone(),
    )));
    app.apply(Command::Back);
    assert_eq!(app.model.screen, Screen::Library);
}

/// Muster reopened on the battle screen keeps the way back it had: the
/// trail shows the campaign above the battle screen, Esc returns to its
/// table; and a fight opened later from the table returns there on Esc,
/// not to the library.
#[test]
fn the_way_back_survives_a_restart_and_a_fight_from_the_table_returns_to_it() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let table = Screen::Campaign(c.id.clone());
    let prefs = {
        let mut h = window(dir.path(), vec![Doc::new(c.clone())]);
        h.state_mut().app.apply(Command::Show(table.clone()));
        h.run();
        h.get_by_label("Resolve a fight…").click_accesskit();
        h.run();
        assert_eq!(screen(&h), Screen::Battle);
        h.state().app.prefs()
    };
    // Kept as eframe keeps preferences: serialised, read back.
    let kept: muster::app::Prefs =
        serde_json::from_str(&serde_json::to_string(&prefs).expect("written")).expect("read");
    let mut h = reopened(dir.path(), &kept);
    assert_eq!(screen(&h), Screen::Battle);
    assert!(
        h.query_by_role_and_label(Role::Button, &c.name).is_some(),
        "after the restart the trail still shows the campaign above the battle screen"
    );
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), table, "Esc returns to the table");

    // Reopened on the battle screen with no way back kept (an older
    // Muster's preferences): a fight opened from the table still returns
    // to the table.
    let bare = muster::app::Prefs {
        trail: Vec::new(),
        ..kept
    };
    let mut h = reopened(dir.path(), &bare);
    assert_eq!(screen(&h), Screen::Battle);
    h.state_mut().app.apply(Command::Show(table.clone()));
    h.run();
    h.get_by_label("Resolve a fight…").click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), table, "Esc from the fight returns to its table");
}

/// Muster opened again on `dir` with the preferences `prefs`, in a window
/// of 1024 × 700.
fn reopened(
    dir: &std::path::Path,
    prefs: &muster::app::Prefs,
) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    crate::common::window_on(dir)
        .prefs(prefs.clone())
        .size(1024.0, 700.0)
        .open()
}
