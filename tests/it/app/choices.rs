//! The players settle the events of a shared campaign held aside in clicks
//! they can follow: each card shows what the campaign would hold after
//! the choice, the log what it holds after; an event that no swap can put
//! back is made again now; every choice can be taken back.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Command;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, DocKey};
use muster::store::machine::MachineId;
use muster::store::{LockDir, Store};

use super::live::{bruno_begins, camilles_app, campaign_window, the_campaign};
use crate::common::Shown as _;
use crate::common::rules;

/// Whether the campaign holds an event like `e` made on `by`.
fn holds(c: &Campaign, e: &E, by: &str) -> bool {
    c.journal
        .iter()
        .any(|x| x.event == *e && x.stamp.as_ref().and_then(|s| s.by.as_deref()) == Some(by))
}

/// The same Cran test rolled on two machines, Camille's 2 first; then
/// Camille exchanged a VP and bought a vox caster, before Bruno's 9. The
/// group wants Bruno's 9 and the vox caster: the card of the 9 says that
/// keeping it holds the purchase aside (a Cran test pending where it
/// stands), the purchase's card says no swap puts it back and offers to
/// make it again now, with what it changes; then both stand, and undo
/// takes the purchase back.
#[test]
fn cmp_9_cran_9_and_the_vox_caster_are_reached_in_clicks_each_showing_what_it_changes() {
    let r = rules();
    let (base, dace, on_camille, on_bruno) = crate::rules::campaign::merge::cran_then_vox(r);
    let test = |face| crate::rules::campaign::merge::cran(&base, dace, face);
    let vox = crate::rules::campaign::merge::vox_caster(&base);
    let (dir, locks, bruno) = bruno_begins(&base, None);
    let camille = Store::open_with_options(dir.path(), LockDir::At(locks.path().join("camille")))
        .expect("open")
        .with_machine(MachineId::parse("c0c0c0c0c0c0c0c0").expect("id"));
    camille.load_library();
    camille
        .save(&Doc::new(on_camille.clone()))
        .expect("Camille");
    bruno.save(&Doc::new(on_bruno)).expect("Bruno");
    drop(camille);
    let app = camilles_app(dir.path());
    let mut h = campaign_window(app, &base.id, (1200.0, 1600.0));
    assert_eq!(the_campaign(&h.state().app), on_camille);

    // The printed status says what it leaves out.
    let key = DocKey::of::<Campaign>(&base.id);
    h.state_mut().app.apply(Command::CopySheetText(key.clone()));
    let sheet = h
        .state_mut()
        .app
        .take_clipboard()
        .expect("the sheet as text");
    let section = sheet
        .split("Not on this sheet")
        .nth(1)
        .unwrap_or_else(|| panic!("{sheet}"));
    assert!(
        section.contains("Held aside: Trooper Dace: Cran test (D10: 9), made on Bruno's desktop"),
        "{section}"
    );

    // Before choosing: keeping the 9 would hold the purchase aside, and why.
    assert!(h.query_by_label("If you keep it instead:").is_some());
    assert!(
        h.query_by_label("• Trooper Dace: lightly wounded (was dead)")
            .is_some()
    );
    let then = h
        .query_by_label_contains("Then held aside as well")
        .and_then(|n| n.accesskit_node().value().map(|l| l.to_string()))
        .expect("what keeping it holds aside");
    assert!(
        then.contains("vox caster") && then.contains("Cran"),
        "the purchase named, with the pending Cran test as the reason: {then}"
    );
    // Or settle it, keeping the one in its place: offered beside.
    assert!(
        h.query_by_label("Keep the event in its place and settle the one held aside (1)")
            .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Keep the event held aside instead (1)")
        .click();
    h.run();
    let c = the_campaign(&h.state().app);
    assert!(holds(&c, &test(9), "Bruno's desktop"));
    assert!(!holds(&c, &vox, "Camille's laptop"), "held aside now");
    // After: the log says what the campaign holds now.
    let log = &h.state().app.model.feedback.messages;
    assert!(
        log.iter()
            .any(|m| m.shown().starts_with("The campaign now holds:")),
        "{:?}",
        log.iter().map(|m| m.shown()).collect::<Vec<_>>()
    );

    // The purchase: no single event stands in its way; made again now.
    assert!(
        h.query_by_label_contains("No single event of another machine stands in its way")
            .is_some()
    );
    assert!(h.query_by_label("If you make it now:").is_some());
    assert!(
        h.query_all_by_label_contains("reinforcement points: 34 (was 35)")
            .next()
            .is_some(),
        "the point it costs"
    );
    h.get_by_role_and_label(Role::Button, "Make the event held aside again now (1)")
        .click();
    h.run();
    let c = the_campaign(&h.state().app);
    assert!(holds(&c, &test(9), "Bruno's desktop"), "Cran 9 …");
    assert_eq!(
        c.journal.iter().filter(|e| e.event == vox).count(),
        1,
        "… and the vox caster, once"
    );
    let unsettled = |h: &egui_kittest::Harness<'static, muster::ui::Gui>| {
        (h.state().app.model.library.held.get(&key))
            .map_or(0, |held| held.iter().filter(|a| !a.chosen).count())
    };
    assert_eq!(unsettled(&h), 0, "every event settled");
    // Settled: no second purchase offered, nothing said to wait.
    assert!(
        h.query_all_by_label_contains("Make the event held aside again now")
            .next()
            .is_none()
    );
    assert!(
        h.query_by_label_contains("waiting for the players’ choice")
            .is_none()
    );
    assert!(
        h.query_by_label_contains("2 events set aside by the players’ choice")
            .is_some()
    );

    // Undo takes the purchase back: it waits again, unsettled.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    let c = the_campaign(&h.state().app);
    assert!(!c.journal.iter().any(|e| e.event == vox));
    assert_eq!(unsettled(&h), 1, "the purchase waits again");
    h.state_mut().app.apply(Command::Redo);
    h.run();
    assert_eq!(
        the_campaign(&h.state().app)
            .journal
            .iter()
            .filter(|e| e.event == vox)
            .count(),
        1
    );
    assert_eq!(unsettled(&h), 0);

    // The group changes its mind: Camille's 2 again, from its card.
    let n = (h.state().app.model.library.held.get(&key))
        .and_then(|held| held.iter().position(|a| a.entry.event == test(2)))
        .expect("Camille's 2 set aside by the choice")
        + 1;
    assert!(
        h.query_by_label("If you choose again and keep it:")
            .is_some()
    );
    h.get_by_role_and_label(
        Role::Button,
        &format!("Keep the event held aside instead ({n})"),
    )
    .click();
    h.run();
    let c = the_campaign(&h.state().app);
    assert!(holds(&c, &test(2), "Camille's laptop"));
    assert!(!holds(&c, &test(9), "Bruno's desktop"));
    assert_eq!(c.journal.iter().filter(|e| e.event == vox).count(), 1);
}
