//! Import and export of a roster file: a good file lands in the library
//! (again, recognised; changed, a new id), a foreign id made safe, a
//! malformed or newer file refused with nothing changed, a cancelled dialog
//! saying how else to import, and an export that imports back.

use muster::app::{App, Command, Prefs, Screen, ScriptedDesktop};
use muster::rules::{DocKey, Roster, RosterEdit};

use super::commands::{app, example};
use crate::common::{AllRosters as _, Shown as _, read_roster, roster_json};

#[test]
fn import_a_good_file_lands_in_the_library() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    app.apply(Command::Import(example().to_path_buf()));
    app.flush_saves();
    assert_eq!(app.model.all_rosters().len(), 1);
    let id = app.model.all_rosters()[0].id.clone();
    assert!(
        dir.path()
            .join("rosters")
            .join(format!("{id}.json"))
            .exists()
    );
    assert_eq!(app.model.screen, Screen::Roster(id.clone()));
    // Importing it again is recognised; importing a changed copy gets a new
    // id and leaves the first one as it was.
    app.apply(Command::Import(example().to_path_buf()));
    assert_eq!(app.model.all_rosters().len(), 1);
    let mut changed = read_roster(example()).expect("example");
    changed.notes = "my friend's version".to_owned();
    let friend = dir.path().join("friend.json");
    std::fs::write(&friend, roster_json(&changed)).expect("write");
    app.apply(Command::Import(friend));
    assert_eq!(app.model.all_rosters().len(), 2);
    let all = app.model.all_rosters();
    let ids: Vec<&str> = all.iter().map(|r| r.id.as_str()).collect();
    assert!(
        ids.contains(&id.as_str()) && ids.iter().any(|i| *i != id),
        "{ids:?}"
    );
    let original = read_roster(&dir.path().join("rosters").join(format!("{id}.json")))
        .expect("the first import is still there");
    assert!(
        original.notes.starts_with("An example band"),
        "{}",
        original.notes
    );
    // Import goes through the dialog too, and can be undone.
    let mut app2 = App::new(
        Some(tempfile::tempdir().expect("tempdir").path()),
        &Prefs::default(),
        Box::new(ScriptedDesktop {
            imports: vec![example().to_path_buf()],
            ..Default::default()
        }),
        1,
    )
    .expect("app");
    app2.apply(Command::ImportDialog);
    assert_eq!(app2.model.all_rosters().len(), 1);
    app2.apply(Command::Undo);
    assert!(app2.model.all_rosters().is_empty());
}

#[test]
fn import_makes_a_foreign_id_safe_and_characters_distinct() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    // A hand-edited file: an id that would leave the folder, and two
    // characters sharing an id.
    let text = r#"{"muster": "roster", "schema_version": 2, "roster": {
        "id": "../../evil", "name": "Twins",
        "characters": [
            {"id": 3, "name": "Castor", "race": "human"},
            {"id": 3, "name": "Pollux", "race": "human"}]}}"#;
    let file = dir.path().join("twins.json");
    std::fs::write(&file, text).expect("write");
    app.apply(Command::Import(file));
    app.flush_saves();
    let roster = &app.model.all_rosters()[0];
    assert!(
        roster
            .id
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_'),
        "{}",
        roster.id
    );
    let saved: Vec<_> = std::fs::read_dir(dir.path().join("rosters"))
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(saved.len(), 1);
    assert!(!dir.path().join("evil.json").exists());
    // Each twin can be removed alone.
    let ids: Vec<u64> = roster.characters.iter().map(|c| c.id).collect();
    assert_ne!(ids[0], ids[1]);
    let (rid, pollux) = (roster.id.clone(), ids[1]);
    app.apply(Command::roster(rid, RosterEdit::RemoveCharacter(pollux)));
    let all = app.model.all_rosters();
    let names: Vec<&str> = all[0].characters.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, vec!["Castor"]);
}

#[test]
fn a_cancelled_import_dialog_says_how_else_to_import() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    app.apply(Command::ImportDialog);
    assert!(app.model.all_rosters().is_empty());
    let last = &app.model.feedback.messages.last().expect("message").shown();
    assert!(last.contains("drop a roster file"), "{last}");
}

#[test]
fn import_a_malformed_file_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    app.apply(Command::create_roster("Mine".to_owned()));
    app.flush_saves();
    let before: Vec<_> = std::fs::read_dir(dir.path().join("rosters"))
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .collect();
    let bad = dir.path().join("friend.json");
    std::fs::write(
        &bad,
        "{ \"muster\": \"roster\", \"schema_version\": 2, \"roster\": { \"id\": 3 }",
    )
    .expect("write");
    app.apply(Command::Import(bad.clone()));
    assert_eq!(app.model.all_rosters().len(), 1);
    assert_eq!(app.model.all_rosters()[0].name, "Mine");
    let after: Vec<_> = std::fs::read_dir(dir.path().join("rosters"))
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(before, after);
    let last = &app.model.feedback.messages.last().expect("message").shown();
    assert!(
        last.contains("Import refused") && last.contains("line 1"),
        "{last}"
    );
    assert!(last.contains("friend.json"), "{last}");
    assert_eq!(
        app.model.history.undo.len(),
        1,
        "the refused import is not an edit"
    );
    // A file from a newer Muster is refused with that reason.
    let newer = dir.path().join("newer.json");
    std::fs::write(
        &newer,
        r#"{"muster": "roster", "schema_version": 99, "roster": {}}"#,
    )
    .expect("write");
    app.apply(Command::Import(newer));
    assert!(
        app.model
            .feedback
            .messages
            .last()
            .expect("message")
            .shown()
            .contains("newer Muster")
    );
    assert_eq!(app.model.all_rosters().len(), 1);
}

#[test]
fn export_writes_a_file_that_imports_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = tempfile::tempdir().expect("tempdir");
    let target = out.path().join("band.json");
    let mut app = App::new(
        Some(dir.path()),
        &Prefs::default(),
        Box::new(ScriptedDesktop {
            exports: vec![target.clone()],
            ..Default::default()
        }),
        3,
    )
    .expect("app");
    app.apply(Command::Import(example().to_path_buf()));
    let id = app.model.all_rosters()[0].id.clone();
    app.apply(Command::ExportDialog(DocKey::of::<Roster>(id)));
    let back = read_roster(&target).expect("exported file reads");
    assert_eq!(back, app.model.all_rosters()[0]);
}
