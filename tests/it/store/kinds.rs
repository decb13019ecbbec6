//! The general document model: a kind defined here in a few lines, and
//! registered once, gets the whole store path (its own folder, saving,
//! loading, backups, unreadable files left alone) and the app's undo.

use std::path::{Path, PathBuf};

use muster::app::{App, Command, MessageKind, Prefs, SaveState, ScriptedDesktop};
use muster::i18n::Lang;
use muster::rules::doc::{Applied, Outcome};
use muster::rules::{Doc, DocKey, DocKind, DocVariant, Edit, Msg, Problem, Roster, RulesData};
use muster::store::{DocError, Kinds, ReadError, Store, StoreError};
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::common::Shown as _;

/// A throwaway kind: a note with a text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Note {
    id: String,
    name: String,
    #[serde(default)]
    text: String,
}

/// The one edit of a note (and of a [`Fragile`]).
#[derive(Clone, Debug, PartialEq)]
enum NoteEdit {
    SetText(String),
}

impl DocKind for Note {
    const KIND: &'static str = "note";
    const FOLDER: &'static str = "notes";
    const LABEL: &'static str = "kind.note";
    const DEFAULT_NAME: &'static str = "note.default_name";
    type Edit = NoteEdit;

    fn create(id: String, name: String, _rules: &RulesData) -> Self {
        Self {
            id,
            name,
            text: String::new(),
        }
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn set_name(&mut self, name: String) {
        self.name = name;
    }
    fn summary(&self) -> Msg {
        Msg::new("summary.note").int("count", self.text.len())
    }
    fn validate(&self, _rules: &RulesData) -> Vec<Problem> {
        Vec::new()
    }
    fn edit_label(_edit: &NoteEdit) -> &'static str {
        "history.note_text"
    }
    fn apply<R: Rng + ?Sized>(&self, edit: NoteEdit, _: &RulesData, _: &mut R) -> Applied<Self> {
        let NoteEdit::SetText(text) = edit;
        Ok((
            Self {
                text,
                ..self.clone()
            },
            Outcome::default(),
        ))
    }
}

/// A kind whose text cannot always be written: serializing it fails while
/// its text holds `unwritable` (as a real kind's custom `Serialize` might).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fragile {
    id: String,
    name: String,
    #[serde(default)]
    text: String,
}

impl Serialize for Fragile {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Plain<'a> {
            id: &'a str,
            name: &'a str,
            text: &'a str,
        }
        if self.text.contains("unwritable") {
            return Err(serde::ser::Error::custom("this text cannot be written"));
        }
        Plain {
            id: &self.id,
            name: &self.name,
            text: &self.text,
        }
        .serialize(serializer)
    }
}

impl DocKind for Fragile {
    const KIND: &'static str = "fragile";
    const FOLDER: &'static str = "fragiles";
    const LABEL: &'static str = "kind.fragile";
    const DEFAULT_NAME: &'static str = "fragile.default_name";
    type Edit = NoteEdit;

    fn create(id: String, name: String, _rules: &RulesData) -> Self {
        Self {
            id,
            name,
            text: String::new(),
        }
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn set_name(&mut self, name: String) {
        self.name = name;
    }
    fn summary(&self) -> Msg {
        Msg::new("summary.fragile")
    }
    fn validate(&self, _rules: &RulesData) -> Vec<Problem> {
        Vec::new()
    }
    fn edit_label(_edit: &NoteEdit) -> &'static str {
        "history.fragile_text"
    }
    fn apply<R: Rng + ?Sized>(&self, edit: NoteEdit, _: &RulesData, _: &mut R) -> Applied<Self> {
        let NoteEdit::SetText(text) = edit;
        Ok((
            Self {
                text,
                ..self.clone()
            },
            Outcome::default(),
        ))
    }
}

/// A kind of the tests travels as `Doc::Other`.
impl DocVariant for Note {
    fn wrap(self) -> Doc {
        Doc::other(self)
    }
    fn peek(doc: &Doc) -> Option<&Self> {
        doc.other_as()
    }
}

impl DocVariant for Fragile {
    fn wrap(self) -> Doc {
        Doc::other(self)
    }
    fn peek(doc: &Doc) -> Option<&Self> {
        doc.other_as()
    }
}

fn kinds() -> Kinds {
    Kinds::default().with::<Note>().with::<Fragile>()
}

fn app(dir: &Path) -> App {
    App::with_kinds(
        Some(dir),
        &Prefs::default(),
        Box::new(ScriptedDesktop::default()),
        7,
        kinds(),
    )
    .expect("app")
}

fn set_text(kind: &'static str, id: &str, text: &str) -> Command {
    Command::Edit(
        DocKey::new(kind, id),
        Edit::other(NoteEdit::SetText(text.to_owned())),
    )
}

/// Creates a document of `kind` named `name`; its id.
fn create(app: &mut App, kind: &'static str, name: &str) -> String {
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
    created[0].id().to_owned()
}

fn note_in(app: &App, id: &str) -> Note {
    app.model.get::<Note>(id).cloned().expect("the note")
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

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("read")
}

#[test]
fn a_new_kind_is_saved_in_its_own_folder_and_loads_after_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let id = {
        let mut app = app(dir.path());
        let id = create(&mut app, Note::KIND, "Shopping list");
        app.apply(set_text(Note::KIND, &id, "bolt pistol, frag grenades"));
        app.flush_saves();
        assert_eq!(app.model.feedback.save_state, SaveState::Saved);
        assert!(!app.has_unsaved());
        id
    };
    assert_eq!(id, "shopping-list");
    let path = dir.path().join("notes/shopping-list.json");
    let text = std::fs::read_to_string(&path).expect("the note's own file");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        value,
        serde_json::json!({
            "muster": "note",
            "schema_version": muster::store::SCHEMA_VERSION,
            "note": {"id": "shopping-list", "name": "Shopping list",
                     "text": "bolt pistol, frag grenades"}
        })
    );
    assert!(files_in(&dir.path().join("rosters")).is_empty());

    // A restart reads it back, as a note.
    let app = app(dir.path());
    assert_eq!(
        note_in(&app, &id),
        Note {
            id: id.clone(),
            name: "Shopping list".to_owned(),
            text: "bolt pistol, frag grenades".to_owned(),
        }
    );
    assert!(
        app.model.library.unreadable.is_empty(),
        "{:?}",
        app.model.library.unreadable
    );
}

#[test]
fn the_library_lists_documents_of_both_kinds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    let roster = create(&mut app, Roster::KIND, "Raiders");
    let note = create(&mut app, Note::KIND, "Armoury");
    drop(app);

    let store = Store::open_with(dir.path(), kinds()).expect("open");
    let library = store.load_library();
    assert!(library.unreadable.is_empty(), "{:?}", library.unreadable);
    let listed: Vec<(&str, &str, &str)> = library
        .docs
        .iter()
        .map(|d| (d.kind(), d.id(), d.name()))
        .collect();
    // Sorted by name, whatever the kind.
    assert_eq!(
        listed,
        vec![
            ("note", note.as_str(), "Armoury"),
            ("roster", roster.as_str(), "Raiders")
        ]
    );
    assert_eq!(library.of::<Note>().count(), 1);
    assert_eq!(library.of::<Roster>().count(), 1);

    // A store that knows only rosters does not see the note, and does not
    // list its folder as unreadable.
    let rosters_only = Store::open(dir.path()).expect("open");
    drop(store);
    let library = rosters_only.load_library();
    assert_eq!(library.docs.len(), 1);
    assert_eq!(library.docs[0].kind(), "roster");
    assert!(library.unreadable.is_empty());
}

#[test]
fn a_new_kind_gets_backups_in_its_own_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    let id = create(&mut app, Note::KIND, "Orders");
    // Written before the next edit (which would otherwise replace it while
    // it waits for the writer).
    app.flush_saves();
    app.apply(set_text(Note::KIND, &id, "first"));
    app.flush_saves();
    app.apply(set_text(Note::KIND, &id, "second"));
    app.flush_saves();
    let key = DocKey::of::<Note>(id.clone());
    let store = app.store().expect("store");
    let backups = store.backups(&key);
    assert!(!backups.is_empty(), "the previous version is kept");
    assert!(
        backups
            .iter()
            .all(|b| b.starts_with(dir.path().join("backups/notes").join(&id))),
        "{backups:?}"
    );
    // The backup is the version before the save that made it: a note that
    // reads back as a note.
    let oldest = store
        .read_file(backups.last().expect("one"))
        .expect("reads");
    let oldest = oldest.get::<Note>().expect("a note");
    assert_eq!(oldest.text, "", "the version saved at creation");
    // No roster backups were made for it.
    assert!(!dir.path().join("backups/rosters").join(&id).exists());
}

#[test]
fn a_broken_file_of_a_new_kind_is_listed_left_alone_and_never_overwritten() {
    let dir = tempfile::tempdir().expect("tempdir");
    let notes = dir.path().join("notes");
    std::fs::create_dir_all(&notes).expect("mkdir");
    let broken = notes.join("orders.json");
    let broken_bytes =
        b"{\"muster\": \"note\", \"schema_version\": 2, \"note\": {\"id\": \"orders\",, }";
    std::fs::write(&broken, broken_bytes).expect("write");
    // A roster put in the notes' folder is not a note.
    let stray = notes.join("stray.json");
    let stray_bytes = crate::common::roster_json(&Roster::new("stray", "Stray band"));
    std::fs::write(&stray, &stray_bytes).expect("write");
    // A misspelled field is named.
    let typo = notes.join("typo.json");
    let typo_bytes =
        br#"{"muster": "note", "schema_version": 2, "note": {"id": "typo", "name": "T", "txet": "x"}}"#;
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
        matches!(reasons[1], ReadError::Document(DocError::WrongKind { found, expected: "note" }) if found == "roster"),
        "{:?}",
        reasons[1]
    );
    assert!(
        matches!(reasons[2], ReadError::Document(DocError::UnknownField { field, suggestion: Some(s), .. }) if field == "txet" && s == "text"),
        "{:?}",
        reasons[2]
    );
    assert!(app.model.library.docs.is_empty());

    // A new note of the same name takes another file; editing, undoing and
    // saving never touch the broken ones.
    let id = create(&mut app, Note::KIND, "Orders");
    assert_ne!(id, "orders");
    app.apply(set_text(Note::KIND, &id, "hold the line"));
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
    assert_eq!(read(&stray), stray_bytes.as_bytes());
    assert_eq!(read(&typo), typo_bytes);
    // Known as they are: they are not news on disk.
    assert!(app.model.library.disk_changes.is_empty());
    assert_eq!(
        files_in(&notes),
        vec![
            format!("{id}.json"),
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
    assert_eq!(note_in(&app, &id).text, "hold the line");
}

#[test]
fn edits_of_a_new_kind_undo_and_redo_on_disk() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    let id = create(&mut app, Note::KIND, "Plan");
    let path = dir.path().join("notes").join(format!("{id}.json"));
    let on_disk = |path: &Path| -> Note {
        let doc = muster::store::read_file(&kinds(), path).expect("reads");
        doc.get::<Note>().cloned().expect("a note")
    };
    app.apply(set_text(Note::KIND, &id, "advance"));
    app.flush_saves();
    app.apply(set_text(Note::KIND, &id, "retreat"));
    app.flush_saves();
    assert_eq!(on_disk(&path).text, "retreat");
    let labels: Vec<&str> = app.model.history.undo.iter().map(|c| c.label).collect();
    assert_eq!(
        labels,
        vec![
            muster::app::Action::New.label(),
            "history.note_text",
            "history.note_text"
        ]
    );

    app.apply(Command::Undo);
    app.flush_saves();
    assert_eq!(note_in(&app, &id).text, "advance");
    assert_eq!(on_disk(&path).text, "advance");
    app.apply(Command::Undo);
    app.flush_saves();
    assert_eq!(on_disk(&path).text, "");
    app.apply(Command::Redo);
    app.flush_saves();
    assert_eq!(note_in(&app, &id).text, "advance");
    assert_eq!(on_disk(&path).text, "advance");
    assert!(!app.has_unsaved());
    // Undoing the creation removes the file (kept among the backups).
    app.apply(Command::Undo);
    app.flush_saves();
    app.apply(Command::Undo);
    app.flush_saves();
    assert!(app.model.get::<Note>(&id).is_none());
    assert!(!path.exists());
    let store = app.store().expect("store");
    assert!(!store.backups(&DocKey::of::<Note>(id.clone())).is_empty());
    app.apply(Command::Redo);
    app.flush_saves();
    assert_eq!(on_disk(&path).text, "");
    // An edit of the same text changes nothing and records nothing.
    let undo_depth = app.model.history.undo.len();
    app.apply(set_text(Note::KIND, &id, ""));
    app.flush_saves();
    assert_eq!(app.model.history.undo.len(), undo_depth);
}

#[test]
fn a_document_that_cannot_be_written_is_never_saved_as_an_empty_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    let id = create(&mut app, Fragile::KIND, "Diary");
    app.apply(set_text(Fragile::KIND, &id, "day one"));
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    let folder = dir.path().join("fragiles");
    let path = folder.join(format!("{id}.json"));
    let before = read(&path);
    let backups_before = app
        .store()
        .expect("store")
        .backups(&DocKey::of::<Fragile>(id.clone()));

    app.apply(set_text(Fragile::KIND, &id, "unwritable secrets"));
    app.flush_saves();
    // The failure is reported, with the serializer's reason, in English.
    let SaveState::Failed(reason) = &app.model.feedback.save_state else {
        panic!(
            "expected a failed save, got {:?}",
            app.model.feedback.save_state
        );
    };
    let reason = Lang::En.msg(reason);
    assert!(reason.contains("this text cannot be written"), "{reason}");
    assert!(reason.contains("nothing was saved"), "{reason}");
    let last = app.model.feedback.messages.last().expect("a log line");
    assert_eq!(last.kind, MessageKind::Error);
    assert!(
        last.shown().starts_with("Could not save"),
        "{}",
        last.shown()
    );
    // The edit stays in memory, unsaved; the file is as it was.
    assert!(app.has_unsaved());
    assert_eq!(
        app.model.get::<Fragile>(&id).map(|f| f.text.as_str()),
        Some("unwritable secrets")
    );
    assert_eq!(read(&path), before);
    assert_eq!(
        files_in(&folder),
        vec![format!("{id}.json")],
        "no temp file"
    );
    assert_eq!(
        app.store()
            .expect("store")
            .backups(&DocKey::of::<Fragile>(id.clone())),
        backups_before,
        "nothing written among the backups either"
    );

    // The store says the same, with the kind and the path.
    let store = app.store().expect("store");
    let doc = app
        .model
        .doc(&DocKey::of::<Fragile>(id.clone()))
        .expect("doc");
    let err = store.save(doc).expect_err("cannot be written");
    assert!(
        matches!(&err, StoreError::Document { reason: DocError::Serialize(m), path: p } if m.contains("cannot be written") && *p == path),
        "{err:?}"
    );
    assert_eq!(read(&path), before);

    // Once the text can be written again, the next edit saves everything.
    app.apply(set_text(Fragile::KIND, &id, "day two"));
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert!(!app.has_unsaved());
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains("\"text\": \"day two\""), "{text}");
}
