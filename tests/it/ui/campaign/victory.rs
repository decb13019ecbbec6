//! The victory points at the table, as the players read them (KT-21).

use crate::common::rules;
use crate::rules::campaign::victory::battle;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::rules::Doc;
use muster::store::Store;

#[test]
fn kt_21_the_table_shows_the_victory_points_and_their_reading() {
    let rules = rules();
    let c = battle(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(c.clone()))
        .expect("save");
    let mut h = crate::common::window_on(dir.path())
        .size(1400.0, 4000.0)
        .open();
    h.run();
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    assert!(h.query_by_label("The players: 4 VP").is_some());
    assert!(h.query_by_label("The enemy: 2 VP").is_some());
    assert!(
        h.query_all_by_label_contains("Turn 2: Sergeant Hark (2 VP) = 2 VP")
            .next()
            .is_some()
    );
    assert!(
        h.query_all_by_label_contains("= 2 VP, +1 for the double kill")
            .next()
            .is_some()
    );
    let pair = h.get_by_role_and_label(Role::RadioButton, "+1 for each pair");
    assert_eq!(
        pair.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::False)
    );
    pair.click();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(
        now.settings.double_kill,
        Some(muster::rules::campaign::data::DoubleKill::PerPair)
    );
}
