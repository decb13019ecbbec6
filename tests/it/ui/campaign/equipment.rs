//! A campaign character's equipment through the screens: added in his history, bought at the reinforcements step, a dead man's shown and kept (CMP-7, CMP-13).

use crate::common::type_into;
use crate::rules::campaign::equipment::{
    after_mission, character, gear, human, id, started, sword,
};
use crate::rules::campaign::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Command, Screen};
use muster::rules::campaign::ReinforcementEdit;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, Gear, GearEdit, GearKind, PowerCard};
use muster::ui::Gui;
use std::path::Path;

fn harness(dir: &Path, c: &Campaign) -> Harness<'static, Gui> {
    crate::common::window_on(dir)
        .seed(11)
        .saved(Doc::new(c.clone()))
        .showing(Screen::Campaign(c.id.clone()))
        .open()
}

#[test]
fn cmp_7_an_item_added_in_a_campaign_characters_history_is_one_event_undone_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let c = started(vec![human("Ada", false), human("Vael", true)], r);
    let mut h = harness(dir.path(), &c);
    h.get_by_role_and_label(Role::Button, "Show Ada's history")
        .click();
    h.run();
    // Not a psyker: no field for cards, and the card says why (CHR-16).
    assert!(
        h.query_by_label_contains("has no psychic powers, so he holds no power cards (CHR-16)")
            .is_some()
    );
    assert!(h.query_by_label("New power card").is_none());
    h.get_by_label("Kind of the new item").click();
    h.run();
    h.get_by_label("melee weapon").click();
    h.run();
    type_into(&mut h, "New item", "Power sword");
    h.get_by_role_and_label(Role::Button, "Add item").click();
    h.run();
    // His service record, told again on its thread, now says the sword:
    // the history settles before a list is opened in it.
    crate::common::until_the_story_is_told(&mut h);
    assert!(
        h.query_by_label("Gear and ribbons: gained Power sword (mission 1)")
            .is_some()
    );
    let now = crate::common::the_campaign(&h);
    assert_eq!(
        character(&now, "Ada").equipment,
        [Gear::new("Power sword", GearKind::Melee)]
    );
    assert_eq!(now.journal.len(), c.journal.len() + 1, "one event");
    assert!(matches!(
        now.journal.last().unwrap().event,
        E::Reinforcements(ReinforcementEdit::Gear { character, .. }) if character == id(&now, "Ada")
    ));
    // Listed in his history, changed in place: its S (CC-11).
    assert!(h.query_by_label("Name of Power sword").is_some());
    h.get_by_label("S of Power sword").click();
    h.run();
    // The list opened last (the header holds a "5" too).
    h.query_all_by_label("5").last().expect("S 5").click();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(character(&now, "Ada").equipment[0].strength, Some(5));
    assert!(
        h.query_all_by_label_contains("Ada: add equipment — Power sword.")
            .next()
            .is_some(),
        "the journal line"
    );
    // Undo takes back one event at a time.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(character(&now, "Ada").equipment[0].strength, None);
    h.state_mut().app.apply(Command::Undo);
    h.run();
    let now = crate::common::the_campaign(&h);
    assert!(character(&now, "Ada").equipment.is_empty());
    assert_eq!(now.journal.len(), c.journal.len());

    // The psyker's history has the field for power cards.
    h.get_by_label("Journal of").click();
    h.run();
    h.get_by_label("Vael").click();
    h.run();
    type_into(&mut h, "New power card", "Smite");
    h.get_by_role_and_label(Role::Button, "Add power card")
        .click();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(character(&now, "Vael").powers, [PowerCard::new("Smite")]);
}

#[test]
fn cmp_13_a_dead_characters_equipment_is_shown_but_cannot_be_changed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let c = started(vec![human("Ada", false), human("Bob", false)], r);
    let c = gear(&c, "Bob", GearEdit::AddGear { gear: sword() }, r);
    let c = after_mission(&c, &["Bob"], 1, r);
    let mut h = harness(dir.path(), &c);
    // After the mission the debrief is shown: his history is in the journal.
    h.get_by_label("Journal").click();
    h.run();
    h.get_by_label("Journal of").click();
    h.run();
    h.query_all_by_label("Bob")
        .last()
        .expect("Bob in the list")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("Bob is no longer in the escort: his equipment")
            .is_some()
    );
    assert!(h.query_by_label("Name of Power sword").is_some(), "shown");
    h.get_by_role_and_label(Role::Button, "Remove: Power sword")
        .click();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(character(&now, "Bob").equipment, [sword()], "disabled");
}

#[test]
fn cmp_7_the_reinforcements_step_buys_an_item_for_a_character() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let c = started(vec![human("Ada", false), human("Vael", true)], r);
    let c = after_mission(&c, &[], 1, r);
    let held = c.escorts[0].reinforcement;
    let mut h = harness(dir.path(), &c);
    type_into(&mut h, "Points to spend", "5");
    h.key_press(egui::Key::Enter);
    h.run();
    type_into(&mut h, "On what", "Bolt pistol");
    h.get_by_label("For").click();
    h.run();
    // The option in the list (the card and the journal name Ada too).
    h.get_by_role_and_label(Role::Button, "Ada").click();
    h.run();
    h.get_by_label("As").click();
    h.run();
    assert!(
        h.query_by_label("Power card").is_none(),
        "no card for Ada (CHR-16)"
    );
    h.get_by_label("pistol").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Spend Anne's reinforcement points")
        .click();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(now.escorts[0].reinforcement, held - 5);
    assert_eq!(
        character(&now, "Ada").equipment,
        [Gear::new("Bolt pistol", GearKind::Pistol)]
    );
    assert_eq!(now.journal.len(), c.journal.len() + 1);
}
