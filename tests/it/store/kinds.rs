//! The document model, over every kind Muster keeps (`DocKind::ALL`): each
//! kind gets the whole store path (its own folder, saving, loading,
//! backups, unreadable files left alone) and the app's undo.

use std::path::{Path, PathBuf};

use muster::app::{App, Command, Prefs, SaveState, ScriptedDesktop};
use muster::rules::{Doc, DocKey, DocKind, Roster};
use muster::store::{DocError, ReadError, Store};

fn app(dir: &Path) -> App {
    App::new(
        Some(dir),
        &Prefs::default(),
        Box::new(ScriptedDesktop::default()),
        7,
    )
    .expect("app")
}

/// Creates a document of `kind` named `name`; its key.
fn create(app: &mut App, kind: DocKind, name: &str) -> DocKey {
    let before: Vec<String> = app
        .model
        .library
        .docs
        .iter()
        .map(|d| d.id().to_owned())
        .collect();
    app.apply(Command::Create(kind, name.to_owned()));
    let created: Vec<&Doc> = app
        .model
        .library
        .docs
        .iter()
        .filter(|d| d.kind() == kind && !before.iter().any(|b| b == d.id()))
        .collect();
    assert_eq!(created.len(), 1, "one {kind} created");
    created[0].key()
}

fn name_in(app: &App, key: &DocKey) -> Option<String> {
    app.model.doc(key).map(|d| d.name().to_owned())
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Where a document is on disk: its file, or a shared campaign's folder
/// (its start and each machine's journal).
fn on_disk(app: &App, key: &DocKey) -> Option<PathBuf> {
    let path = app.store().expect("store").listing().path(key);
    let folder = path.with_extension("");
    [path, folder.join("start.json")]
        .into_iter()
        .find(|p| p.exists())
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("read")
}

#[test]
fn every_kind_is_saved_in_its_own_folder_and_loads_after_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut keys = Vec::new();
    {
        let mut app = app(dir.path());
        for kind in DocKind::ALL {
            let key = create(&mut app, kind, "Shopping list");
            app.apply(Command::Rename(key.clone(), "Armoury".to_owned()));
            app.flush_saves();
            assert_eq!(app.model.feedback.save_state, SaveState::Saved);
            assert!(!app.has_unsaved());
            let path = on_disk(&app, &key).expect("saved");
            assert!(
                path.starts_with(dir.path().join(kind.folder())),
                "{kind}: {path:?}"
            );
            keys.push(key);
        }
    }
    // The roster's file, in the one envelope.
    let text = std::fs::read_to_string(dir.path().join("rosters/shopping-list.json"))
        .expect("the roster's own file");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(value["muster"], "roster");
    assert_eq!(value["schema_version"], muster::store::SCHEMA_VERSION);
    assert_eq!(value["roster"]["name"], "Armoury");

    // A restart reads each back, as its kind.
    let app = app(dir.path());
    for key in &keys {
        let doc = app.model.doc(key).expect("read back");
        assert_eq!(doc.kind(), key.kind);
        assert_eq!(doc.name(), "Armoury");
    }
    assert!(
        app.model.library.unreadable.is_empty(),
        "{:?}",
        app.model.library.unreadable
    );
}

#[test]
fn the_library_lists_documents_of_every_kind_by_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    let roster = create(&mut app, DocKind::Roster, "Raiders");
    let team = create(&mut app, DocKind::KillTeam, "Armoury");
    let campaign = create(&mut app, DocKind::Campaign, "Crusade");
    app.flush_saves();
    drop(app);

    let store = Store::open(dir.path()).expect("open");
    let library = store.load_library();
    assert!(library.unreadable.is_empty(), "{:?}", library.unreadable);
    let listed: Vec<(DocKind, &str, &str)> = library
        .docs
        .iter()
        .map(|d| (d.kind(), d.id(), d.name()))
        .collect();
    // Sorted by name, whatever the kind.
    assert_eq!(
        listed,
        vec![
            (DocKind::KillTeam, team.id.as_str(), "Armoury"),
            (DocKind::Campaign, campaign.id.as_str(), "Crusade"),
            (DocKind::Roster, roster.id.as_str(), "Raiders"),
        ]
    );
    assert_eq!(library.of::<Roster>().count(), 1);
    assert_eq!(library.of::<muster::rules::KillTeam>().count(), 1);
    assert_eq!(library.of::<muster::rules::Campaign>().count(), 1);
}

#[test]
fn every_kind_gets_backups_in_its_own_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    // A campaign keeps its journal instead: see `store/journaled.rs`.
    for kind in [DocKind::Roster, DocKind::KillTeam] {
        let key = create(&mut app, kind, "Orders");
        // Written before the next edit (which would otherwise replace it
        // while it waits for the writer).
        app.flush_saves();
        app.apply(Command::Rename(key.clone(), "First".to_owned()));
        app.flush_saves();
        app.apply(Command::Rename(key.clone(), "Second".to_owned()));
        app.flush_saves();
        let store = app.store().expect("store");
        let backups = store.backups().of(&key);
        assert!(!backups.is_empty(), "{kind}: the previous version is kept");
        let own = dir.path().join("backups").join(kind.folder()).join(&key.id);
        assert!(
            backups.iter().all(|b| b.starts_with(&own)),
            "{kind}: {backups:?}"
        );
        // The oldest backup is a version before the last save: of its kind.
        let oldest = store
            .listing()
            .read_file(backups.last().expect("one"))
            .expect("reads");
        assert_eq!(oldest.kind(), kind);
        assert_ne!(oldest.name(), "Second", "{kind}");
    }
    // No backups were made in another kind's folder.
    assert!(!dir.path().join("backups/rosters/orders-1").exists());
}

#[test]
fn a_broken_file_in_a_kinds_folder_is_listed_left_alone_and_never_overwritten() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rosters = dir.path().join("rosters");
    std::fs::create_dir_all(&rosters).expect("mkdir");
    let broken = rosters.join("orders.json");
    let broken_bytes =
        b"{\"muster\": \"roster\", \"schema_version\": 2, \"roster\": {\"id\": \"orders\",, }";
    std::fs::write(&broken, broken_bytes).expect("write");
    // A kill team put in the rosters' folder is not a roster.
    let stray = rosters.join("stray.json");
    let stray_bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/killteam.json"
    ))
    .expect("the example kill team");
    std::fs::write(&stray, &stray_bytes).expect("write");
    // A misspelled field is named.
    let typo = rosters.join("typo.json");
    let typo_bytes = br#"{"muster": "roster", "schema_version": 2, "roster": {"id": "typo", "nmae": "T", "characters": []}}"#;
    std::fs::write(&typo, typo_bytes).expect("write");

    let mut app = app(dir.path());
    let listed: Vec<&PathBuf> = app
        .model
        .library
        .unreadable
        .iter()
        .map(|u| &u.path)
        .collect();
    assert_eq!(listed, vec![&broken, &stray, &typo]);
    let reasons: Vec<&ReadError> = app
        .model
        .library
        .unreadable
        .iter()
        .map(|u| &u.reason)
        .collect();
    assert!(
        matches!(
            reasons[0],
            ReadError::Document(DocError::Syntax { line: 1, .. })
        ),
        "{:?}",
        reasons[0]
    );
    assert!(
        matches!(reasons[1], ReadError::Document(DocError::WrongKind { found, expected: "roster" }) if found == "killteam"),
        "{:?}",
        reasons[1]
    );
    assert!(
        matches!(reasons[2], ReadError::Document(DocError::UnknownField { field, suggestion: Some(s), .. }) if field == "nmae" && s == "name"),
        "{:?}",
        reasons[2]
    );
    assert!(app.model.library.docs.is_empty());

    // A new roster of the same name takes another file; editing, undoing
    // and saving never touch the broken ones.
    let key = create(&mut app, DocKind::Roster, "Orders");
    assert_ne!(key.id, "orders");
    app.apply(Command::Rename(key.clone(), "Hold the line".to_owned()));
    app.flush_saves();
    app.apply(Command::Undo);
    app.flush_saves();
    app.apply(Command::Redo);
    app.flush_saves();
    app.apply(Command::CheckDisk);
    app.flush_saves();
    app.apply(Command::Save);
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert_eq!(read(&broken), broken_bytes);
    assert_eq!(read(&stray), stray_bytes);
    assert_eq!(read(&typo), typo_bytes);
    // Known as they are: they are not news on disk.
    assert!(app.model.library.disk_changes.is_empty());
    assert_eq!(
        files_in(&rosters),
        vec![
            format!("{}.json", key.id),
            "orders.json".to_owned(),
            "stray.json".to_owned(),
            "typo.json".to_owned()
        ]
    );
    // And a restart still lists them, untouched.
    drop(app);
    let app = self::app(dir.path());
    assert_eq!(app.model.library.unreadable.len(), 3);
    assert_eq!(read(&broken), broken_bytes);
    assert_eq!(name_in(&app, &key).as_deref(), Some("Hold the line"));
}

#[test]
fn edits_of_every_kind_undo_and_redo_on_disk() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    for kind in DocKind::ALL {
        let key = create(&mut app, kind, "Plan");
        app.flush_saves();
        let path = on_disk(&app, &key).expect("saved");
        let name_on_disk = |path: &Path| -> String {
            let doc = muster::store::read_file(&muster::store::Kinds::default(), path);
            doc.map(|d| d.name().to_owned()).unwrap_or_default()
        };
        app.apply(Command::Rename(key.clone(), "Advance".to_owned()));
        app.flush_saves();
        app.apply(Command::Rename(key.clone(), "Retreat".to_owned()));
        app.flush_saves();
        assert_eq!(name_in(&app, &key).as_deref(), Some("Retreat"), "{kind}");

        app.apply(Command::Undo);
        app.flush_saves();
        assert_eq!(name_in(&app, &key).as_deref(), Some("Advance"), "{kind}");
        app.apply(Command::Redo);
        app.flush_saves();
        assert_eq!(name_in(&app, &key).as_deref(), Some("Retreat"), "{kind}");
        assert!(!app.has_unsaved(), "{kind}");
        if kind != DocKind::Campaign {
            assert_eq!(name_on_disk(&path), "Retreat", "{kind}");
        }
        // Undoing the creation removes the document (its file kept among
        // the backups); redoing it brings it back.
        for _ in 0..3 {
            app.apply(Command::Undo);
            app.flush_saves();
        }
        assert!(app.model.doc(&key).is_none(), "{kind}");
        assert_eq!(on_disk(&app, &key), None, "{kind}");
        if kind != DocKind::Campaign {
            let store = app.store().expect("store");
            assert!(!store.backups().of(&key).is_empty(), "{kind}");
        }
        app.apply(Command::Redo);
        app.flush_saves();
        assert_eq!(name_in(&app, &key).as_deref(), Some("Plan"), "{kind}");
        assert_eq!(on_disk(&app, &key), Some(path), "{kind}");
        // A rename to the same name changes nothing and records nothing.
        let undo_depth = app.model.history.undo.len();
        app.apply(Command::Rename(key.clone(), "Plan".to_owned()));
        app.flush_saves();
        assert_eq!(app.model.history.undo.len(), undo_depth, "{kind}");
    }
}
