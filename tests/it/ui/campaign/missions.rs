//! The campaign driven through its widgets: set up from a roster, three
//! missions played at the table and settled in the debrief, a death and an
//! undo; then the app rebuilt on the same data finds it all.

use std::path::Path;

use crate::common::rules;
use crate::common::the_campaign;
use crate::common::type_into;
use crate::common::{button, click};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::rules::Doc;
use muster::rules::campaign::replay;
use muster::rules::campaign::{Phase, State};
use muster::store::Store;
use muster::ui::Gui;

fn harness(dir: &Path) -> Harness<'static, Gui> {
    crate::common::window_on(dir)
        .seed(11)
        .size(1280.0, 6000.0)
        .open()
}

/// A Cran test with a die typed in from real dice.
fn typed_test(h: &mut Harness<'_, Gui>, who: &str, face: u32) {
    type_into(h, &format!("or my D10 — {who}"), &face.to_string());
    button(h, &format!("Use my die for {who}"));
}

fn state_of(h: &Harness<'_, Gui>, name: &str) -> State {
    let c = the_campaign(h);
    c.characters
        .iter()
        .find(|x| x.name() == name)
        .map(|x| x.state)
        .expect("character")
}

#[test]
fn three_missions_through_the_table_and_the_debrief_with_a_death_and_an_undo() {
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let band = crate::common::example_band();
        Store::open(dir.path())
            .expect("store")
            .save(&Doc::new(band))
            .expect("save");
    }
    let mut h = harness(dir.path());

    // A new campaign from the library.
    type_into(
        &mut h,
        "Name of the new roster or team",
        "The Tertius Heresy",
    );
    button(&mut h, "Create campaign");
    assert!(matches!(h.state().app.model.screen, Screen::Campaign(_)));

    // Setup: the Nemesis, two secondary factions, one escort.
    click(&mut h, "Nemesis");
    h.query_all_by_label("Renegade Space Marines")
        .find(|n| n.accesskit_node().role() != Role::CheckBox)
        .expect("the option")
        .click();
    h.run();
    assert_eq!(the_campaign(&h).settings.nemesis, "renegade_marines");
    for f in ["Chaos cultists", "Mutants"] {
        h.get_by_role_and_label(Role::CheckBox, f).click();
        h.run();
    }
    type_into(&mut h, "Player", "Camille");
    click(&mut h, "Roster or kill team");
    h.get_by_label("Inquisitor Vael's retinue (Roster)").click();
    h.run();
    button(&mut h, "Add the escort");
    let c = the_campaign(&h);
    assert_eq!(c.characters.len(), 3);
    assert_eq!(c.settings.secondary, vec!["cultists", "mutants"]);
    button(&mut h, "Draw the first mission");
    assert_eq!(the_campaign(&h).phase, Phase::Ready);
    assert!(
        h.query_all_by_label_contains("Mission 1: Investigation")
            .next()
            .is_some()
    );

    // Mission 1: the enemy drawn, Brask taken out, the objective met.
    button(&mut h, "Draw the whole enemy escort");
    assert!(the_campaign(&h).mission.expect("mission").enemy_complete());
    button(&mut h, "Begin the mission");
    assert_eq!(the_campaign(&h).phase, Phase::Playing);
    button(&mut h, "Take Sergeant Brask out of action");
    h.get_by_role_and_label(Role::CheckBox, "Objective achieved")
        .click();
    h.run();
    let vp = h.get_by_label("VP earned");
    vp.click();
    h.run();
    h.get_by_label("VP earned").type_text("2");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    // The first click says what will be recorded; the second records it.
    button(&mut h, "End the mission");
    assert_eq!(the_campaign(&h).phase, Phase::Playing, "not yet ended");
    button(&mut h, "End of the mission");
    let said: Vec<String> = h
        .query_all_by_label_contains("End the mission:")
        .filter_map(|n| {
            let n = n.accesskit_node();
            n.label().or(n.value()).map(|l| l.to_string())
        })
        .collect();
    assert!(
        said.iter()
            .any(|l| l.contains("End the mission: its objective achieved, 2 VP, 1 out of action?")),
        "{said:?}"
    );
    button(&mut h, "End the mission");
    let c = the_campaign(&h);
    assert_eq!(c.phase, Phase::Debrief);
    assert_eq!(c.vp, 2);
    // The debrief opens by itself; Brask's test, typed: 9, lightly wounded.
    assert!(h.query_all_by_label_contains("Cran tests").next().is_some());
    // Before his test, his state is not known: not "fit", and the fate
    // points wait for the tests.
    assert!(
        h.query_by_label("Out of action: Cran test to come")
            .is_some()
    );
    assert!(
        h.query_by_label("Nobody fell: no fate point needed.")
            .is_none()
    );
    assert!(
        h.query_all_by_label_contains("Waiting for the Cran tests")
            .next()
            .is_some()
    );
    typed_test(&mut h, "Sergeant Brask", 9);
    assert!(
        h.query_by_label("Out of action: Cran test to come")
            .is_none()
    );
    assert!(
        h.query_by_label("Nobody fell: no fate point needed.")
            .is_some()
    );
    assert_eq!(state_of(&h, "Sergeant Brask"), State::LightlyWounded);
    // An advance point for the unwounded, placed.
    button(&mut h, "Place an advance point for Sister Oriel");
    button(&mut h, "Draw the next mission");
    let c = the_campaign(&h);
    assert_eq!(c.phase, Phase::Ready);
    assert_eq!(c.mission.as_ref().expect("mission").number, 2);

    // Mission 2: Oriel falls and dies; the player undoes the tick and
    // plays it again with Vael instead.
    button(&mut h, "Begin the mission");
    button(&mut h, "Take Sister Oriel out of action");
    h.state_mut().app.apply(Command::Undo);
    h.run();
    assert!(
        the_campaign(&h)
            .table
            .expect("table")
            .out_of_action
            .is_empty()
    );
    button(&mut h, "Take Inquisitor Vael out of action");
    button(&mut h, "End the mission");
    button(&mut h, "End the mission");
    typed_test(&mut h, "Inquisitor Vael", 1);
    assert_eq!(state_of(&h, "Inquisitor Vael"), State::Dead);
    // No fate point saves him: two rerolls fail.
    type_into(&mut h, "or my D10 — Inquisitor Vael", "1");
    button(&mut h, "Use my die for Inquisitor Vael");
    assert_eq!(state_of(&h, "Inquisitor Vael"), State::Dead);
    assert_eq!(the_campaign(&h).escorts[0].fate_points, 4);
    button(&mut h, "Draw the next mission");

    // Mission 3: nobody hurt.
    button(&mut h, "Begin the mission");
    // Not yet: the table stays as it was.
    button(&mut h, "End the mission");
    button(&mut h, "Not yet");
    assert_eq!(the_campaign(&h).phase, Phase::Playing);
    button(&mut h, "End the mission");
    button(&mut h, "End the mission");
    button(&mut h, "Draw the next mission");
    let before = the_campaign(&h);
    assert_eq!(before.missions_played, 3);
    assert_eq!(before.mission.as_ref().expect("mission").number, 4);
    assert!(replay::validate(&before, &h.state().app.model.rules).is_empty());

    // The journal shows the death and its die.
    h.get_by_role_and_label(Role::Tab, "Journal").click();
    h.run();
    // Its second mission opened (the newest is open).
    h.get_by_label("Mission 2").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Inquisitor Vael: dead")
            .next()
            .is_some()
    );
    // Each event's heading is capitalised (the Edit menu's words are not).
    assert!(h.query_all_by_label("Draw next mission").next().is_some());
    assert!(h.query_all_by_label("draw next mission").next().is_none());

    // Rebuilt on the same data, it is all there.
    drop(h);
    let mut h = harness(dir.path());
    let after = the_campaign(&h);
    assert_eq!(after, before);
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(after.id.clone())));
    h.run();
    assert!(h.query_by_label("Missions played: 3").is_some());
    assert!(h.query_all_by_label("dead").next().is_some());
}

#[test]
fn wounds_rolled_on_the_battle_screen_are_applied_to_the_campaign_table() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rules = rules();
    {
        let c = crate::common::example_campaign_at_the_table(rules);
        let store = Store::open(dir.path()).expect("store");
        store.save(&Doc::new(c)).expect("save");
        let band = crate::common::example_band();
        store.save(&Doc::new(band)).expect("save");
    }
    let mut h = harness(dir.path());
    h.state_mut().app.apply(Command::Show(Screen::Battle));
    h.run();
    h.get_by_label("Take the attacker from a roster").click();
    h.run();
    h.get_by_label_contains("Inquisitor Vael —")
        .click_accesskit();
    h.run();
    // Sister Oriel, at the table, defends: the wounds go to her.
    h.get_by_label("Take the defender from a campaign escort")
        .click();
    h.run();
    h.get_by_label_contains("The Tertius Heresy › Sister Oriel —")
        .click_accesskit();
    h.run();
    // Roll until a roll wounds (the app's dice are seeded: this is quick).
    for _ in 0..20 {
        button(&mut h, "Roll");
        if h.state()
            .app
            .model
            .battle
            .log
            .last()
            .expect("rolled")
            .wounds
            > 0
        {
            break;
        }
    }
    let wounds = h
        .state()
        .app
        .model
        .battle
        .log
        .last()
        .expect("rolled")
        .wounds;
    assert!(wounds > 0);
    // Sister Oriel at the table takes them: one event, undoable.
    let n = h.state().app.model.battle.log.len();
    let word = format!(
        "Apply roll #{n} to campaign: Sister Oriel ({wounds} {})",
        if wounds == 1 { "wound" } else { "wounds" }
    );
    button(&mut h, &word);
    let oriel = |h: &Harness<'_, Gui>| {
        let c = the_campaign(h);
        let id = c
            .characters
            .iter()
            .find(|x| x.name() == "Sister Oriel")
            .expect("Oriel")
            .id;
        c.table
            .expect("table")
            .wounds
            .get(&id)
            .copied()
            .unwrap_or(0)
    };
    assert!(oriel(&h) > 0);
    h.state_mut().app.apply(Command::Undo);
    h.run();
    assert_eq!(oriel(&h), 0);
}

/// At 1024×700, "End the mission" clicked twice at the same place (a
/// double click) only asks: the second click lands on "Not yet", never on
/// the confirming button.
#[test]
fn a_double_click_on_end_the_mission_ends_nothing() {
    let c = crate::common::example_campaign_at_the_table(rules());
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_sized(dir.path(), &c, (1024.0, 700.0));
    h.get_by_role_and_label(Role::Button, "End the mission")
        .scroll_to_me();
    h.run();
    let at = h
        .get_by_role_and_label(Role::Button, "End the mission")
        .rect()
        .center();
    for _ in 0..2 {
        h.event(egui::Event::PointerMoved(at));
        for pressed in [true, false] {
            h.event(egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        h.run();
    }
    assert_eq!(the_campaign(&h).phase, Phase::Playing, "still played");
    assert!(
        h.query_by_label_contains("End the mission:").is_none(),
        "the second click said not yet"
    );
}
