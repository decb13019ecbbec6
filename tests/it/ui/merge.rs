//! A campaign changed on two machines, its sync tool's conflict copy in the
//! library: one campaign with a "versions to merge" badge; the
//! merge window; the merge applied as one undoable step, both versions in
//! the backups, the copy gone once saved; a rival kept instead.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, DocKey};
use muster::store::Store;
use muster::ui::Gui;

use crate::common::rules;
use crate::common::the_campaign;
use crate::common::{TwoVersions, play, wound, wounded_here_new_turn_there};
use crate::rules::campaign::merge::{cran, debrief, table};
use muster::rules::campaign::replay;
use muster::rules::campaign::{SetupEdit, TableEdit};

const COPY: &str = ".sync-conflict-20261125-173636-D4LGQYW.json";

/// The library of `dir` holding `ours`, with `theirs` as Syncthing's copy.
pub(crate) fn library(
    dir: &std::path::Path,
    ours: &Campaign,
    theirs: &Campaign,
) -> Harness<'static, Gui> {
    Store::open(dir)
        .expect("store")
        .save(&Doc::new(ours.clone()))
        .expect("save");
    let copy = dir.join("campaigns").join(format!("{}{COPY}", ours.id));
    std::fs::write(&copy, muster::store::to_json(theirs).expect("json")).expect("copy");
    let mut h = crate::common::window_on(dir).size(1200.0, 1400.0).open();
    h.run();
    h
}

#[test]
fn a_conflict_copy_that_merges_cleanly_is_merged_at_once_in_one_undoable_step() {
    let r = rules();
    let TwoVersions { base, ours, theirs } = wounded_here_new_turn_there(r, 5);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &ours, &theirs);
    // One campaign, merged as the library opened: no badge, no click.
    let docs = h.state().app.model.library.docs.len();
    assert_eq!(docs, 1);
    assert!(h.query_by_label("2 versions to merge").is_none());
    assert!(
        h.state()
            .app
            .model
            .feedback
            .messages
            .iter()
            .any(|m| crate::common::Shown::shown(m).contains("Merged")),
        "a line in the log says so"
    );
    let merged = the_campaign(&h);
    assert_eq!(merged.journal.len(), base.journal.len() + 2);
    let t = merged.table.as_ref().expect("table");
    assert_eq!((t.wounds.get(&dace), t.turn), (Some(&1), 2));
    // Saved, the copy gone from the folder and kept in the backups with ours.
    let copy = dir
        .path()
        .join("campaigns")
        .join(format!("{}{COPY}", ours.id));
    assert!(!copy.exists(), "the copy left once the merge was saved");
    assert!(h.query_by_label("2 versions to merge").is_none());
    let key = DocKey::new(muster::rules::DocKind::Campaign, ours.id.clone());
    let backups: Vec<String> = Store::open(dir.path())
        .expect("store")
        .backups()
        .of(&key)
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_default())
        .collect();
    assert!(
        backups.iter().any(|b| b.contains("\"bruno\"")),
        "their version in the backups: {key:?}"
    );
    assert!(
        backups
            .iter()
            .any(|b| b.contains("\"camille\"") && !b.contains("\"bruno\"")),
        "ours too"
    );
    // One undo brings ours back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(the_campaign(&h).journal, ours.journal);
}

#[test]
fn the_same_cran_test_on_both_machines_keeps_the_one_the_players_choose() {
    let r = rules();
    let (base, dace) = debrief(r);
    let test = |face| cran(&base, dace, face);
    let ours = play(&base, &[test(2)], r, ("camille", 0));
    let theirs = play(&base, &[test(9)], r, ("bruno", 5));
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &ours, &theirs);
    h.get_by_role_and_label(Role::Button, "Merge the other version of The Raid")
        .click();
    h.run();
    let merge_at = h.get_by_role_and_label(Role::Button, "Merge").rect();
    assert!(
        h.query_by_label_contains("1 event no longer applies")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Set aside: Trooper Dace: Cran test (D10: 9) (the other version, made on bruno, 2026-11-25 17:00 UTC)")
            .is_some()
    );
    assert!(
        h.query_by_label_contains(
            "Kept: Trooper Dace: Cran test (D10: 2) (this version, made on camille"
        )
        .is_some()
    );
    // The players keep Bruno's roll.
    h.get_by_role_and_label(Role::Button, "Keep set-aside event 1 instead")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains(
            "Left out, its rival kept: Trooper Dace: Cran test (D10: 2) (this version"
        )
        .is_some()
    );
    assert!(
        h.query_by_label_contains("Every other event of both versions applies")
            .is_some()
    );
    // The window did not move under the mouse.
    assert_eq!(
        h.get_by_role_and_label(Role::Button, "Merge").rect(),
        merge_at
    );
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    let merged = the_campaign(&h);
    assert_eq!(merged.journal.last().expect("last").event, test(9));
    assert!(
        replay::validate(&merged, r).is_empty(),
        "{:?}",
        replay::validate(&merged, r)
    );
}

/// Inside the campaign, a version waiting to be merged shows as a banner
/// with "Merge…" (not only in the library), and the merge window lists
/// what comes in cleanly from the other version, each event in words with
/// where it was made.
#[test]
fn a_pending_merge_shows_inside_the_campaign_and_lists_what_comes_in() {
    // A true conflict (the same Cran test on both machines) keeps the copy
    // waiting for the players; the event that merges cleanly is listed.
    let r = rules();
    let (base, dace) = debrief(r);
    let test = |face| cran(&base, dace, face);
    let ours = play(&base, &[test(2)], r, ("camille", 0));
    let theirs = play(
        &base,
        &[
            test(9),
            E::Setup(SetupEdit::SetNotes {
                notes: "Dace limps home".into(),
            }),
        ],
        r,
        ("bruno", 5),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &ours, &theirs);
    h.state_mut()
        .app
        .apply(muster::app::Command::Show(muster::app::Screen::Campaign(
            ours.id.clone(),
        )));
    h.run();
    assert!(
        h.query_all_by_label_contains("Another version of this document waits to be merged")
            .next()
            .is_some(),
        "the banner inside the campaign"
    );
    h.get_by_role_and_label(Role::Button, "Merge the other version of The Raid")
        .click_accesskit();
    h.run();
    let labels: Vec<String> = h
        .query_all_by_label_contains("version")
        .filter_map(|n| {
            use egui_kittest::kittest::NodeT as _;
            n.accesskit_node().label().map(|l| l.to_string())
        })
        .collect();
    assert!(
        h.query_all_by_label_contains("Coming in from the other version: 1 event")
            .next()
            .is_some(),
        "{labels:?}"
    );
    assert!(
        h.query_all_by_label_contains("(the other version, made on bruno")
            .next()
            .is_some(),
        "what arrives, from whom"
    );
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Another version of this document waits to be merged")
            .next()
            .is_none(),
        "merged: the banner is gone"
    );
}

/// An older Muster (or a friend's file copied in) writes the campaign as
/// one file beside its journals: a version to merge, never a second
/// campaign and never one side dropped.
#[test]
fn a_single_file_written_beside_the_journals_is_merged_never_one_side_dropped() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(base.clone()))
        .expect("save");
    let mut h = crate::common::window_on(dir.path())
        .size(1200.0, 1400.0)
        .open();
    h.run();
    let key = DocKey::new(muster::rules::DocKind::Campaign, base.id.clone());
    // This machine: a new turn.
    h.state_mut().app.apply(muster::app::Command::Edit(
        key.clone(),
        muster::rules::Edit::Campaign(E::Table(TableEdit::NewTurn { gain: None })),
    ));
    h.state_mut().app.flush_saves();
    h.run();
    // An older Muster's version arrives as one file: Dace wounded.
    let theirs = wound(&base, r, 1, ("bruno", 5));
    let path = dir
        .path()
        .join("campaigns")
        .join(format!("{}.json", base.id));
    std::fs::write(&path, muster::store::to_json(&theirs).expect("json")).expect("write");
    h.state_mut().app.apply(muster::app::Command::CheckDisk);
    h.run();
    // It merges with no conflict: merged at once, one undo step.
    assert_eq!(
        h.state().app.model.library.docs.len(),
        1,
        "one campaign, not two"
    );
    assert!(
        h.state().app.model.library.versions.is_empty(),
        "nothing left to merge"
    );
    assert!(
        h.state()
            .app
            .model
            .feedback
            .messages
            .iter()
            .any(|m| crate::common::Shown::shown(m).contains(&format!("Merged: {}.json", base.id))),
        "said in the log"
    );
    let merged = the_campaign(&h);
    let t = merged.table.as_ref().expect("table");
    assert_eq!((t.wounds.get(&dace), t.turn), (Some(&1), 2), "both events");
    assert!(!path.exists(), "the single file left once merged");
    let on_disk = Store::open(dir.path()).expect("store").load_library();
    let read = on_disk.of::<Campaign>().next().cloned().expect("read");
    assert_eq!(read, merged, "the journals hold both");
}

#[test]
fn two_machines_that_made_one_campaign_s_folder_at_once_are_merged_from_the_start_s_copy() {
    let r = rules();
    // Both machines turned the campaign into a folder, each from its own
    // file: Syncthing kept one start and renamed the other.
    let TwoVersions { base, ours, theirs } = wounded_here_new_turn_there(r, 5);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(ours.clone()))
        .expect("save");
    let folder = dir.path().join("campaigns").join(&ours.id);
    assert!(folder.join("start.json").is_file(), "kept as journals");
    let copy = start_copy(dir.path(), &theirs);
    let mut h = crate::common::window_on(dir.path())
        .size(1200.0, 1400.0)
        .open();
    h.run();
    // Merged as the library opened: both machines' events, the copy kept
    // among the backups and gone from the folder.
    let merged = the_campaign(&h);
    let t = merged.table.as_ref().expect("table");
    assert_eq!((t.wounds.get(&dace), t.turn), (Some(&1), 2));
    h.state_mut().app.flush_saves();
    assert!(!copy.exists(), "the start's copy is gone once merged");
    let key = DocKey::new(muster::rules::DocKind::Campaign, ours.id.clone());
    let store = Store::open_with_options(
        dir.path(),
        muster::store::LockDir::At(dir.path().join("other-locks")),
    )
    .expect("store");
    assert!(
        store
            .backups()
            .of(&key)
            .iter()
            .any(|p| std::fs::read_to_string(p)
                .unwrap_or_default()
                .contains("\"bruno\"")),
        "the copy is in the backups"
    );
    // Another machine reading the folder now holds the merge too.
    let read = store
        .load_library()
        .of::<Campaign>()
        .next()
        .cloned()
        .expect("campaign");
    assert_eq!(read.journal, merged.journal);
}

#[test]
fn a_copy_that_would_bring_back_an_event_undone_here_waits_for_the_players() {
    let r = rules();
    let base = table(r);
    // Camille wounded Dace, the file synced, then she undid it: the
    // other machine's copy still holds her wound.
    let theirs = wound(&base, r, 1, ("Camille's laptop", 0));
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(base.clone()))
        .expect("save");
    let copy = start_copy(dir.path(), &theirs);
    let prefs = muster::app::Prefs {
        machine: "Camille's laptop".to_owned(),
        ..muster::app::Prefs::default()
    };
    let h = crate::common::window_on(dir.path())
        .prefs(prefs)
        .size(1200.0, 1400.0)
        .open();
    assert_eq!(
        the_campaign(&h).journal.len(),
        base.journal.len(),
        "not merged in silence"
    );
    assert!(copy.exists());
    assert_eq!(
        h.state().app.model.library.versions.len(),
        1,
        "it waits with its badge"
    );
}

#[test]
fn a_copy_holding_an_event_this_machine_took_back_waits_whatever_the_machine_is_called_now() {
    use muster::store::machine::MachineId;
    let r = rules();
    let base = table(r);
    let wounded = wound(&base, r, 1, ("Camille's old laptop", 0));
    let dir = tempfile::tempdir().expect("tempdir");
    let id = "c0c0c0c0c0c0c0c0";
    {
        let here = Store::open_with_options(
            dir.path(),
            muster::store::LockDir::At(dir.path().join("locks")),
        )
        .expect("store")
        .with_machine(MachineId::parse(id).expect("id"));
        here.save(&Doc::new(base.clone())).expect("begun");
        here.save(&Doc::new(wounded.clone())).expect("wounded");
        here.save(&Doc::new(base.clone()))
            .expect("undone: taken back");
    }
    let copy = start_copy(dir.path(), &wounded);
    let prefs = muster::app::Prefs {
        machine: "Camille's new laptop".to_owned(),
        ..muster::app::Prefs::default()
    };
    let desktop = muster::app::ScriptedDesktop {
        machine: MachineId::parse(id),
        ..muster::app::ScriptedDesktop::default()
    };
    let h = crate::common::window_on(dir.path())
        .prefs(prefs)
        .desktop(desktop)
        .size(1200.0, 1400.0)
        .open();
    assert_eq!(
        the_campaign(&h).journal.len(),
        base.journal.len(),
        "the wound undone here does not come back in silence"
    );
    assert!(copy.exists());
}

/// Syncthing's copy of the start of `theirs`'s folder in the library
/// `dir`: two machines made that folder at once, each from its own file.
pub(crate) fn start_copy(dir: &std::path::Path, theirs: &Campaign) -> std::path::PathBuf {
    let copy = dir
        .join("campaigns")
        .join(&theirs.id)
        .join("start.sync-conflict-20261125-173636-D4LGQYW.json");
    let text = muster::store::Kinds::default()
        .to_json(&Doc::new(theirs.clone()))
        .expect("json");
    std::fs::write(&copy, text).expect("copy");
    copy
}
