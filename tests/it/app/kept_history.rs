//! The undo history survives a restart and a crash: kept beside the
//! preferences (never in the documents folder), read back when the folder
//! opens, bounded as the history in memory is; a roster changed outside
//! Muster since is never undone over.

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{App, Command, Prefs, ScriptedDesktop};
use muster::i18n::Lang;
use muster::rules::campaign::{Campaign, CampaignEdit};
use muster::rules::{CharacterEdit, Doc, DocKey, DocKind, Edit};
use muster::store::kept_history::{KeptDoc, KeptHistory, diff, kept_history_path, patched};

use crate::common::AllRosters as _;
use crate::common::rules;
use muster::rules::campaign::TableEdit;

/// Muster on `dir`, its undo history kept in `history`.
fn open(dir: &Path, history: &Path) -> App {
    let desktop = ScriptedDesktop {
        history: Some(history.to_path_buf()),
        ..ScriptedDesktop::default()
    };
    let mut app = App::new(Some(dir), &Prefs::default(), Box::new(desktop), 3).expect("app");
    app.settle_kept_history();
    app
}

/// A roster "Raiders" with Kal, renamed Kal the Bold: three changes.
fn raiders(app: &mut App) -> String {
    let (id, cid) = crate::common::raiders_with_kal(app);
    app.apply(Command::character(
        id.clone(),
        cid,
        CharacterEdit::Rename("Kal the Bold".to_owned()),
    ));
    app.flush_saves();
    id
}

fn names(app: &App) -> Vec<String> {
    app.model
        .all_rosters()
        .iter()
        .flat_map(|r| r.characters.iter().map(|c| c.name.clone()))
        .collect()
}

#[test]
fn undo_after_a_restart_takes_back_the_changes_made_before_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let kept = tempfile::tempdir().expect("tempdir");
    {
        let mut app = open(dir.path(), kept.path());
        raiders(&mut app);
        assert_eq!(names(&app), ["Kal the Bold"]);
    } // Quit.
    assert!(
        std::fs::read_dir(dir.path())
            .expect("folder")
            .flatten()
            .all(|e| !e.file_name().to_string_lossy().contains("history")),
        "nothing of the history in the documents folder"
    );
    let app = open(dir.path(), kept.path());
    assert_eq!(app.model.history.undo.len(), 3, "the three changes");
    // In the window, Edit › Undo is offered, naming the change.
    let mut h = crate::common::window(app, 1024.0, 700.0);
    h.run();
    h.get_by_role_and_label(Role::Button, "Edit").click();
    h.run();
    let undo = h.get_by_label_contains("Undo rename character, Kal");
    assert!(
        !undo.accesskit_node().is_disabled(),
        "Undo offered after the restart"
    );
    undo.click();
    h.run();
    let mut app = h.into_state().app;
    assert_eq!(names(&app), ["Kal"], "the rename undone after the restart");
    app.apply(Command::Redo);
    app.apply(Command::Undo);
    assert_eq!(names(&app), ["Kal"], "the rename undone after the restart");
    let said = app.model.feedback.messages.last().expect("said");
    assert!(
        Lang::En
            .msg(&said.text)
            .starts_with("Undone: rename character"),
        "{:?}",
        said.text
    );
    app.apply(Command::Undo);
    app.apply(Command::Undo);
    assert!(
        app.model.all_rosters().is_empty(),
        "back to the empty library"
    );
    app.apply(Command::Redo);
    assert_eq!(app.model.all_rosters().len(), 1, "and done again");
    app.flush_saves();
    drop(app);
    // The redo kept as well.
    let app = open(dir.path(), kept.path());
    assert_eq!(app.model.history.undo.len(), 1);
    assert_eq!(app.model.history.redo.len(), 2);
}

/// Killed (no quit, nothing flushed at the end) once the edits paused:
/// the history written while it ran is read back.
#[test]
fn undo_after_a_crash_takes_back_what_was_kept_while_it_ran() {
    let dir = tempfile::tempdir().expect("tempdir");
    let kept = tempfile::tempdir().expect("tempdir");
    let mut app = open(dir.path(), kept.path());
    raiders(&mut app);
    app.apply_pending();
    // The edits pause; the keeper writes (it waits under a second).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let path = kept_history_path(kept.path(), dir.path());
    let written =
        || muster::store::kept_history::read_kept_history(&path).is_some_and(|h| h.undo.len() == 3);
    while !written() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // As kill -9: no drop, nothing written at the end. (The process
    // lives on and holds the folder's lock: what the crash leaves, the
    // documents and the kept history, is copied to a folder of its own.)
    let _crashed = std::mem::ManuallyDrop::new(app);
    let after = tempfile::tempdir().expect("tempdir");
    copy_tree(dir.path(), after.path());
    std::fs::copy(&path, kept_history_path(kept.path(), after.path())).expect("kept");
    let mut app = open(after.path(), kept.path());
    assert_eq!(app.model.history.undo.len(), 3);
    app.apply(Command::Undo);
    assert_eq!(names(&app), ["Kal"]);
}

/// A roster changed outside Muster while it was closed: its changes are
/// not offered to undo (they would undo over what is on disk now); the
/// others' are.
#[test]
fn a_roster_changed_on_disk_since_is_never_undone_over() {
    let dir = tempfile::tempdir().expect("tempdir");
    let kept = tempfile::tempdir().expect("tempdir");
    {
        let mut app = open(dir.path(), kept.path());
        let id = raiders(&mut app);
        app.apply(Command::create_roster("Wolves"));
        app.flush_saves();
        // Another program renames the Raiders.
        let path = dir.path().join(format!("rosters/{id}.json"));
        drop(app);
        let text = std::fs::read_to_string(&path).expect("read");
        std::fs::write(&path, text.replace("\"Raiders\"", "\"Red Raiders\"")).expect("write");
    }
    let mut app = open(dir.path(), kept.path());
    assert_eq!(app.model.history.undo.len(), 1, "only the Wolves' creation");
    app.apply(Command::Undo);
    assert_eq!(app.model.all_rosters().len(), 1);
    assert_eq!(app.model.all_rosters()[0].name, "Red Raiders");
}

/// A campaign's change at the table undone after a restart: the wounds
/// come back.
#[test]
fn a_campaigns_wounds_are_undone_after_a_restart() {
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let kept = tempfile::tempdir().expect("tempdir");
    {
        let store = muster::store::Store::open(dir.path()).expect("store");
        store.save(&Doc::new(c.clone())).expect("save");
    }
    let vael = crate::common::char_id(&c, "Inquisitor Vael");
    let wounds = |app: &App| app.model.get::<Campaign>(&c.id).map(|c| wounds_of(c, vael));
    {
        let mut app = open(dir.path(), kept.path());
        app.apply(Command::Edit(
            DocKey::of::<Campaign>(c.id.clone()),
            Edit::new(CampaignEdit::Table(TableEdit::SetWounds {
                character: vael,
                wounds: 1,
            })),
        ));
        app.flush_saves();
        assert_eq!(wounds(&app), Some(1));
    }
    let mut app = open(dir.path(), kept.path());
    app.apply(Command::Undo);
    assert_eq!(
        wounds(&app),
        Some(wounds_of(&c, vael)),
        "the wounds as before"
    );
}

fn wounds_of(c: &Campaign, id: muster::rules::campaign::CharId) -> u32 {
    c.table
        .as_ref()
        .and_then(|t| t.wounds.get(&id).copied())
        .unwrap_or(0)
}

/// What differs between two states, applied to the first, gives the
/// second: objects, arrays growing and shrinking, values of another type.
#[test]
fn a_state_is_kept_as_what_differs_and_made_whole_again() {
    let cases = [
        (
            serde_json::json!({"a": 1, "b": [1, 2, 3]}),
            serde_json::json!({"a": 2, "b": [1, 2]}),
        ),
        (
            serde_json::json!({"a": [1]}),
            serde_json::json!({"a": [1, {"x": 2}], "c": null}),
        ),
        (
            serde_json::json!([1, "x"]),
            serde_json::json!({"now": "an object"}),
        ),
        (
            serde_json::json!({"gone": true, "kept": 1}),
            serde_json::json!({"kept": 1}),
        ),
    ];
    for (a, b) in cases {
        let p = diff(&a, &b).expect("they differ");
        assert_eq!(patched(&a, &p), Some(b.clone()), "{a} → {b}");
        assert_eq!(diff(&b, &b), None);
    }
    // A wound on the example campaign is a few values, not the campaign.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/campaign.json"
    ))
    .expect("example");
    let a: serde_json::Value = serde_json::from_str(&text).expect("json");
    let mut b = a.clone();
    b["campaign"]["vp"] = serde_json::json!(9);
    let p = diff(&a, &b).expect("differs");
    assert_eq!(patched(&a, &p), Some(b));
    assert!(
        serde_json::to_string(&p).expect("text").len() < 200,
        "a few bytes"
    );
}

/// `from`'s files, copied into `to` (its locks and temporary files left).
/// A history kept before, its documents' kinds by their names in files,
/// reads as it was and is written back to the same text.
#[test]
fn a_kept_history_reads_its_documents_kinds_and_writes_them_as_before() {
    let text = r#"{"muster":"undo_history","version":1,"states":[{"whole":{"a":1}}],"undo":[{"label":"edit.rename","subject":null,"docs":[{"kind":"roster","id":"r","before":null,"after":0},{"kind":"killteam","id":"k","before":0,"after":null},{"kind":"campaign","id":"c","before":0,"after":0}]}],"redo":[]}"#;
    let kept: KeptHistory = serde_json::from_str(text).expect("read");
    let keys: Vec<DocKey> = kept.undo[0].docs.iter().map(KeptDoc::key).collect();
    assert_eq!(
        keys,
        [
            DocKey::new(DocKind::Roster, "r"),
            DocKey::new(DocKind::KillTeam, "k"),
            DocKey::new(DocKind::Campaign, "c"),
        ]
    );
    assert_eq!(serde_json::to_string(&kept).expect("written"), text);
}

fn copy_tree(from: &Path, to: &Path) {
    for e in std::fs::read_dir(from).expect("folder").flatten() {
        let name = e.file_name();
        let target = to.join(&name);
        if e.path().is_dir() {
            std::fs::create_dir_all(&target).expect("folder");
            copy_tree(&e.path(), &target);
        } else if !name.to_string_lossy().ends_with(".lock") {
            std::fs::copy(e.path(), target).expect("copy");
        }
    }
}
