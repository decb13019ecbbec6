//! The guide on the mission card (CMP-14).

use crate::common::char_id;
use crate::common::rules;
use crate::rules::campaign::guide::guided_team;

#[test]
fn cmp_14_the_mission_card_ticks_who_the_guide_leads() {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    use muster::app::{Command, Screen};
    let r = rules();
    let c = guided_team(r);
    let nim = char_id(&c, "Trooper Nim");
    let dir = tempfile::tempdir().expect("tempdir");
    muster::store::Store::open(dir.path())
        .expect("store")
        .save(&muster::rules::Doc::new(c.clone()))
        .expect("save");
    let mut h = crate::common::window_on(dir.path())
        .size(1400.0, 4000.0)
        .open();
    h.run();
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    assert!(
        h.query_by_label_contains("The guide leads (CMP-14)")
            .is_some()
    );
    h.get_by_label("Led by the guide: Trooper Nim").click();
    h.run();
    assert_eq!(crate::common::the_campaign(&h).guided, vec![nim]);
    assert!(h.query_by_label("1 of 3 led").is_some());
    // Two more fill the guide's three: a fourth is greyed out and a click
    // on it leads nobody more.
    h.get_by_label("Led by the guide: Sergeant Hark").click();
    h.run();
    h.get_by_label("Led by the guide: Trooper Dace").click();
    h.run();
    let hark = char_id(&c, "Sergeant Hark");
    let dace = char_id(&c, "Trooper Dace");
    assert_eq!(
        crate::common::the_campaign(&h).guided,
        vec![nim, hark, dace]
    );
    assert!(h.query_by_label("3 of 3 led").is_some());
    let rusk = h.get_by_label("Led by the guide: Trooper Rusk");
    assert!(rusk.accesskit_node().is_disabled());
    rusk.click();
    h.run();
    assert_eq!(crate::common::the_campaign(&h).guided.len(), 3);
    // Unticking one frees a place again.
    h.get_by_label("Led by the guide: Trooper Dace").click();
    h.run();
    assert_eq!(crate::common::the_campaign(&h).guided, vec![nim, hark]);
    assert!(
        !h.get_by_label("Led by the guide: Trooper Rusk")
            .accesskit_node()
            .is_disabled()
    );
    // Stealth is the player's call, and the card says so.
    assert!(
        h.query_by_label_contains("the stealth is yours to judge")
            .is_some()
    );
    // At the table his line says so, by word as well as colour.
    assert!(
        h.query_all_by_label_contains("Led by the guide (deploys out of sight)")
            .count()
            >= 1
    );
    // Osk's armour keeps him out, and the card says why.
    assert!(
        h.get_by_label("Led by the guide: Trooper Osk")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.query_by_label_contains("carries Armour: too heavy for the guide")
            .is_some()
    );
    h.get_by_label("Led by the guide: Trooper Osk").click();
    h.run();
    let osk = char_id(&c, "Trooper Osk");
    assert!(!crate::common::the_campaign(&h).guided.contains(&osk));
    // Undone with the rest, one tick at a time.
    for _ in 0..4 {
        h.state_mut().app.apply(Command::Undo);
        h.run();
    }
    assert!(crate::common::the_campaign(&h).guided.is_empty());
}
