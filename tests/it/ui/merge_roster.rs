//! A roster changed on two machines: merged from their common version,
//! each difference offered when they have none, and a merge that does not
//! read as a roster never applied.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::rules::{Doc, DocKey};
use muster::store::Store;
use muster::ui::Gui;

/// A roster changed on two machines: Dropbox's conflict copy
/// beside it, their common version among its backups. The merge takes
/// what each side changed alone, offers the field both changed, takes
/// theirs when asked, in one undoable step; it fits a 1024×700 window.
#[test]
fn a_roster_changed_on_two_machines_merges_from_their_common_version() {
    use muster::rules::Roster;
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path())
        .expect("store")
        .with_backup_interval(std::time::Duration::ZERO);
    let base = crate::common::example_band();
    let oriel = |r: &mut Roster, points| {
        r.characters
            .iter_mut()
            .find(|c| c.name == "Sister Oriel")
            .expect("Oriel")
            .advance_points = points;
    };
    let mut ours = base.clone();
    ours.name = "Vael's retinue".to_owned();
    oriel(&mut ours, 1);
    let mut theirs = base.clone();
    theirs.notes = "Bruno's notes".to_owned();
    oriel(&mut theirs, 2);
    // The common version saved first: the next save puts it in the backups.
    store.save(&Doc::new(base.clone())).expect("base");
    store.save(&Doc::new(ours.clone())).expect("ours");
    drop(store);
    let (mut h, copy) = roster_merge_window(
        dir.path(),
        &format!("{} (Bruno's conflicted copy 2026-11-25).json", base.id),
        "Vael's retinue",
        &theirs,
    );
    assert!(
        h.query_by_label_contains("Merged with the common version of 20")
            .is_some(),
        "the common version found, by its time"
    );
    assert!(
        h.query_by_label_contains(": 1 change from this machine, 1 from the other")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("1 place was changed on both machines")
            .is_some()
    );
    assert!(
        h.query_by_label("characters › Sister Oriel › advance_points")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("This version: 1 (kept)")
            .is_some()
    );
    let merge_at = h.get_by_role_and_label(Role::Button, "Merge").rect();
    h.get_by_role_and_label(
        Role::RadioButton,
        "Take theirs: characters › Sister Oriel › advance_points",
    )
    .click();
    h.run();
    assert!(
        h.query_by_label_contains("The other version: 2 (kept)")
            .is_some()
    );
    assert_eq!(
        h.get_by_role_and_label(Role::Button, "Merge").rect(),
        merge_at,
        "the window did not move under the mouse"
    );
    // What one side changed alone is taken, and listed, each with its side.
    assert!(
        h.query_by_label_contains("2 places were changed on one side only")
            .is_some()
    );
    assert!(h.query_by_label("Changed on this machine only").is_some());
    assert!(
        h.query_by_label("Changed on the other machine only")
            .is_some()
    );
    // Keeping our (empty) notes instead of theirs, then taking theirs again.
    // (Below the conflict: scrolled to, as a player scrolls the window.)
    h.get_by_role_and_label(Role::RadioButton, "Keep ours: notes")
        .scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::RadioButton, "Keep ours: notes")
        .click();
    h.run();
    let switched = |h: &Harness<'_, Gui>| {
        h.state()
            .app
            .model
            .library
            .merge
            .as_ref()
            .map(|m| m.switched.clone())
            .unwrap_or_default()
    };
    assert!(switched(&h).contains("roster.notes"));
    h.get_by_role_and_label(Role::RadioButton, "Take theirs: notes")
        .click();
    h.run();
    assert!(!switched(&h).contains("roster.notes"));
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    let key = DocKey::new(muster::rules::DocKind::Roster, base.id.clone());
    let roster = |h: &Harness<'_, Gui>| {
        h.state()
            .app
            .model
            .doc(&key)
            .and_then(Doc::get::<Roster>)
            .cloned()
            .expect("the roster")
    };
    let mut expected = ours.clone();
    expected.notes = theirs.notes.clone();
    oriel(&mut expected, 2);
    assert_eq!(
        roster(&h),
        expected,
        "both sides' changes, theirs where chosen"
    );
    assert!(!copy.exists(), "the copy left once the merge was saved");
    let saved =
        crate::common::read_roster(&dir.path().join("rosters").join(format!("{}.json", base.id)))
            .expect("saved");
    assert_eq!(saved, expected);
    // One undo brings ours back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(roster(&h), ours);
}

/// Without a common version in the backups, each field that differs is
/// offered side by side; keeping the whole of one version still works.
#[test]
fn a_roster_with_no_common_version_offers_each_difference() {
    use muster::rules::Roster;
    let dir = tempfile::tempdir().expect("tempdir");
    let base = crate::common::example_band();
    let mut theirs = base.clone();
    theirs.notes = "Bruno's notes".to_owned();
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(base.clone()))
        .expect("save");
    let (mut h, copy) = roster_merge_window(
        dir.path(),
        &format!("{}.conflict.json", base.id),
        &base.name,
        &theirs,
    );
    assert!(
        h.query_by_label_contains("No common version is in the backups")
            .is_some()
    );
    assert!(h.query_by_label_contains("differ in 1 place").is_some());
    h.get_by_role_and_label(Role::Button, "Take the other version")
        .click();
    h.run();
    let key = DocKey::new(muster::rules::DocKind::Roster, base.id.clone());
    let now = h
        .state()
        .app
        .model
        .doc(&key)
        .and_then(Doc::get::<Roster>)
        .cloned();
    assert_eq!(now, Some(theirs));
    assert!(!copy.exists());
}

/// A mix of the two versions that breaks the document (their pool's
/// points in our fixed allotments) is refused with the reason: the merge
/// cannot be applied until the choice is undone.
#[test]
fn a_merge_that_does_not_read_as_a_roster_is_not_applied() {
    use muster::rules::PointsScheme;
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path())
        .expect("store")
        .with_backup_interval(std::time::Duration::ZERO);
    let base = crate::common::example_band();
    let mut ours = base.clone();
    ours.points = PointsScheme::Fixed {
        allotments: vec![3, 2],
    };
    let mut theirs = base.clone();
    theirs.points = PointsScheme::Pool {
        points: 50,
        force_models: 30,
    };
    store.save(&Doc::new(base.clone())).expect("base");
    store.save(&Doc::new(ours.clone())).expect("ours");
    drop(store);
    let (mut h, copy) = roster_merge_window(
        dir.path(),
        &format!("{}.conflict.json", base.id),
        &base.name,
        &theirs,
    );
    h.get_by_role_and_label(Role::RadioButton, "Take theirs: points › points")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("The merge with these choices is not a valid document")
            .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    assert!(copy.exists(), "nothing applied");
    let key = DocKey::new(muster::rules::DocKind::Roster, base.id.clone());
    let now = h
        .state()
        .app
        .model
        .doc(&key)
        .and_then(Doc::get::<muster::rules::Roster>)
        .map(|r| r.points.clone());
    assert_eq!(now, Some(ours.points.clone()));
    // Back to ours: it merges.
    h.get_by_role_and_label(Role::RadioButton, "Keep ours: points › points")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    assert!(!copy.exists());
}

/// `theirs` written beside its roster as the sync tool's copy `copy_name`,
/// and the Merge window of `ours_name` open, in a 1024×700 window.
fn roster_merge_window(
    dir: &std::path::Path,
    copy_name: &str,
    ours_name: &str,
    theirs: &muster::rules::Roster,
) -> (Harness<'static, Gui>, std::path::PathBuf) {
    let copy = dir.join("rosters").join(copy_name);
    std::fs::write(&copy, muster::store::to_json(theirs).expect("json")).expect("copy");
    let mut h = crate::common::window_on(dir).size(1024.0, 700.0).open();
    h.run();
    h.get_by_role_and_label(
        Role::Button,
        &format!("Merge the other version of {ours_name}"),
    )
    .click();
    h.run();
    (h, copy)
}
