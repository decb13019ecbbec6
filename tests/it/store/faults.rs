//! The store when things go wrong: a disk that fills part-way, a folder that
//! cannot be written, what a crash left behind, files of earlier Musters.

use std::path::{Path, PathBuf};
use std::time::Duration;

use muster::app::{App, Command, MessageKind, Prefs, SaveState, ScriptedDesktop};
use muster::rules::Characteristic as C;
use muster::rules::{Character, DocKey, NewCharacter, PointsScheme, Roster, RosterEdit};
use muster::store::Store;
use muster::store::testing::FillingDisk;

use crate::common::{
    AllRosters as _, RosterStore as _, Shown as _, files_in, read_roster, roster_json,
};

fn app(dir: &Path, disk: Option<&FillingDisk>) -> App {
    let desktop = ScriptedDesktop {
        medium: disk.map(FillingDisk::medium),
        ..ScriptedDesktop::default()
    };
    App::new(Some(dir), &Prefs::default(), Box::new(desktop), 7).expect("app")
}

/// An app with one saved roster, `raiders`, holding Kal.
pub(crate) fn app_with_raiders(dir: &Path) -> (App, DocKey) {
    raiders_on(dir, None)
}

/// An app with one saved roster, `raiders`, holding Kal, its documents
/// written on `disk` (none: the machine's file system).
fn raiders_on(dir: &Path, disk: Option<&FillingDisk>) -> (App, DocKey) {
    let mut app = app(dir, disk);
    app.apply(Command::create_roster("Raiders"));
    app.flush_saves();
    app.apply(Command::roster(
        "raiders",
        RosterEdit::AddCharacter {
            name: "Kal".to_owned(),
            how: NewCharacter::Standard {
                race: "human".to_owned(),
                type_id: None,
            },
        },
    ));
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert_eq!(app.model.all_rosters()[0].id, "raiders");
    (app, DocKey::of::<Roster>("raiders"))
}

pub(crate) fn notes(text: &str) -> Command {
    Command::roster("raiders", RosterEdit::SetNotes(text.to_owned()))
}

pub(crate) fn notes_in(app: &App) -> String {
    app.model.roster("raiders").expect("raiders").notes.clone()
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("read")
}

pub(crate) fn last_error(app: &App) -> String {
    let line = app
        .model
        .feedback
        .messages
        .iter()
        .rev()
        .find(|m| m.kind == MessageKind::Error)
        .expect("an error in the log");
    line.shown()
}

#[test]
fn a_save_that_fails_part_way_keeps_the_edits_and_the_previous_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let disk = FillingDisk::default();
    let (mut app, _) = raiders_on(dir.path(), Some(&disk));
    let rosters = dir.path().join("rosters");
    let path = rosters.join("raiders.json");
    let before = read(&path);

    disk.fill_after(Some(10));
    app.apply(notes("Twenty bolter rounds"));
    app.flush_saves();
    app.apply(Command::character(
        "raiders",
        1,
        muster::rules::CharacterEdit::Rename("Kal the Bold".to_owned()),
    ));
    app.flush_saves();
    let SaveState::Failed(reason) = &app.model.feedback.save_state else {
        panic!(
            "expected a failed save, got {:?}",
            app.model.feedback.save_state
        );
    };
    let reason = muster::i18n::Lang::En.msg(reason);
    assert!(reason.contains("no space left on device"), "{reason}");
    let logged = last_error(&app);
    assert!(logged.starts_with("Could not save"), "{logged}");
    assert!(logged.contains("no space left on device"), "{logged}");
    // The edits are kept, unsaved; the file and the folder are as they were.
    assert!(app.has_unsaved());
    assert_eq!(notes_in(&app), "Twenty bolter rounds");
    assert_eq!(
        app.model.roster("raiders").expect("raiders").characters[0].name,
        "Kal the Bold"
    );
    assert_eq!(read(&path), before);
    assert_eq!(
        files_in(&rosters),
        vec!["raiders.json".to_owned()],
        "no temp file"
    );
    // Trying again on a full disk changes nothing either.
    app.apply(Command::Save);
    app.flush_saves();
    assert!(matches!(
        app.model.feedback.save_state,
        SaveState::Failed(_)
    ));
    assert_eq!(read(&path), before);
    assert_eq!(files_in(&rosters), vec!["raiders.json".to_owned()]);

    // Space is freed: saving again writes both edits.
    disk.fill_after(None);
    app.apply(Command::Save);
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert!(!app.has_unsaved());
    let saved = read_roster(&path).expect("reads");
    assert_eq!(&saved, app.model.roster("raiders").expect("raiders"));
    assert_eq!(saved.notes, "Twenty bolter rounds");
    assert_eq!(saved.characters[0].name, "Kal the Bold");
    assert_eq!(files_in(&rosters), vec!["raiders.json".to_owned()]);
}

#[test]
fn a_folder_that_cannot_be_written_keeps_the_edits_until_it_can() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, _) = app_with_raiders(dir.path());
    let rosters = dir.path().join("rosters");
    let away = dir.path().join("rosters.away");
    // Running as root, permissions would not stop a write: the folder is
    // replaced by a file instead, which no file can be created in.
    std::fs::rename(&rosters, &away).expect("move the folder away");
    std::fs::write(&rosters, "not a folder").expect("write");

    app.apply(notes("Written in the dark"));
    app.flush_saves();
    assert!(
        matches!(app.model.feedback.save_state, SaveState::Failed(_)),
        "{:?}",
        app.model.feedback.save_state
    );
    let logged = last_error(&app);
    assert!(logged.starts_with("Could not save"), "{logged}");
    assert!(logged.contains("rosters"), "names the place: {logged}");
    assert!(app.has_unsaved());
    assert_eq!(notes_in(&app), "Written in the dark");
    app.apply(Command::Save);
    app.flush_saves();
    assert!(matches!(
        app.model.feedback.save_state,
        SaveState::Failed(_)
    ));
    assert_eq!(
        std::fs::read_to_string(&rosters).expect("read"),
        "not a folder"
    );

    // The folder is back: saving works, over the file Muster last wrote.
    std::fs::remove_file(&rosters).expect("remove");
    std::fs::rename(&away, &rosters).expect("move the folder back");
    app.apply(Command::Save);
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert!(!app.has_unsaved());
    let saved = read_roster(&rosters.join("raiders.json")).expect("reads");
    assert_eq!(saved.notes, "Written in the dark");
    assert_eq!(files_in(&rosters), vec!["raiders.json".to_owned()]);
}

#[test]
fn leftover_temp_files_are_cleared_by_the_instance_holding_the_lock_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rosters = dir.path().join("rosters");
    let first = Store::open(dir.path()).expect("open");
    first.save_roster(&Roster::new("x", "X")).expect("save");
    // What a crash during a save leaves, and files that are not ours.
    let leftover = rosters.join(".x.json.000001764000000-000003-4242.tmp");
    std::fs::write(&leftover, "{\"muster\": \"ros").expect("write");
    let not_ours = [
        ".x.tmp",
        "x.json.123.tmp",
        ".notes.txt",
        ".x.json.notastamp.tmp",
    ];
    for name in not_ours {
        std::fs::write(rosters.join(name), "someone else's").expect("write");
    }

    // A second instance, read-only while the first holds the lock, leaves
    // it: it could be the first one's save under way.
    let second = Store::open(dir.path()).expect("open");
    assert!(second.read_only());
    assert!(leftover.exists());
    assert_eq!(
        second.load_library().all_rosters().len(),
        1,
        "and ignores it"
    );
    drop(second);
    drop(first);

    // The next instance to hold the lock clears it, and only it.
    let third = Store::open(dir.path()).expect("open");
    assert!(!third.read_only());
    assert!(!leftover.exists());
    let mut expected: Vec<String> = not_ours.iter().map(|n| (*n).to_owned()).collect();
    expected.push("x.json".to_owned());
    expected.sort();
    assert_eq!(files_in(&rosters), expected);
    let library = third.load_library();
    assert_eq!(library.all_rosters().len(), 1);
    assert!(library.unreadable.is_empty(), "{:?}", library.unreadable);
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

#[test]
fn a_roster_written_by_the_foundation_loads_with_every_value() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rosters = dir.path().join("rosters");
    std::fs::create_dir_all(&rosters).expect("mkdir");
    let path = rosters.join("vael-retinue.json");
    let bytes = read(&fixture("foundation-roster-v2.json"));
    std::fs::write(&path, &bytes).expect("copy");

    let store = Store::open(dir.path()).expect("open");
    let library = store.load_library();
    assert!(library.unreadable.is_empty(), "{:?}", library.unreadable);

    let mut vael = Character::new(1, "Inquisitor Vael", "human");
    vael.type_id = Some("major_hero".to_owned());
    vael.psychic = true;
    vael.advance_points = 3;
    vael.advances.0.set(C::WP, 1);
    vael.advances.0.set(C::Int, 1);
    let mut oriel = Character::new(2, "Sister Oriel", "human");
    oriel.type_id = Some("minor_hero".to_owned());
    oriel.advance_points = 2;
    oriel.advances.0.set(C::WS, 1);
    oriel.advances.0.set(C::Ld, 1);
    let dax = Character::new(5, "Trooper Dax", "human");
    let mut expected = Roster::new("vael-retinue", "Inquisitor Vael's retinue");
    expected.notes =
        "Saved by the foundation.\nSecond line: «quotes», accents (é) and a tab\there.".to_owned();
    expected.points = PointsScheme::Pool {
        points: 14,
        force_models: 40,
    };
    expected.characters = vec![vael, oriel, dax];
    assert_eq!(library.all_rosters(), vec![expected.clone()]);
    // Reading changed nothing on disk, and the current writer writes the
    // same document (it reads back equal).
    assert_eq!(read(&path), bytes);
    assert!(store.changes_on_disk().is_empty());
    let rewritten = roster_json(&expected);
    let again = muster::store::parse::<Roster>(&rewritten, "x").expect("parses");
    assert_eq!(again, expected);
    // The foundation's file is what this Muster writes, byte for byte, but
    // for the schema version, which rose since (a roster kept its shape).
    let foundation = String::from_utf8(bytes).expect("UTF-8").replacen(
        "\"schema_version\": 2,",
        &format!("\"schema_version\": {},", muster::store::SCHEMA_VERSION),
        1,
    );
    assert_eq!(rewritten, foundation);
}

#[test]
fn legacy_backups_move_into_the_kind_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let backups = dir.path().join("backups");
    let old = backups.join("old-band");
    std::fs::create_dir_all(&old).expect("mkdir");
    let name = "000001700000000-000000-1.json";
    let text = roster_json(&Roster::new("old-band", "Old band"));
    std::fs::write(old.join(name), &text).expect("write");
    // A legacy folder whose new place is taken is left where it is.
    let clash = backups.join("clash");
    std::fs::create_dir_all(&clash).expect("mkdir");
    std::fs::write(clash.join(name), "old").expect("write");
    std::fs::create_dir_all(backups.join("rosters/clash")).expect("mkdir");
    std::fs::write(backups.join("rosters/clash").join(name), "new").expect("write");

    let store = Store::open(dir.path()).expect("open");
    assert!(!old.exists(), "moved away");
    let moved = backups.join("rosters/old-band").join(name);
    assert_eq!(std::fs::read_to_string(&moved).expect("moved"), text);
    assert_eq!(store.roster_backups("old-band"), vec![moved.clone()]);
    assert_eq!(read_roster(&moved).expect("reads").name, "Old band");
    // Nothing overwritten.
    assert_eq!(
        std::fs::read_to_string(clash.join(name)).expect("kept"),
        "old"
    );
    assert_eq!(
        std::fs::read_to_string(backups.join("rosters/clash").join(name)).expect("kept"),
        "new"
    );
    // A second open has nothing more to move.
    drop(store);
    let store = Store::open(dir.path()).expect("open");
    assert_eq!(store.roster_backups("old-band"), vec![moved]);
    assert_eq!(
        files_in(&backups),
        vec!["clash".to_owned(), "rosters".to_owned()]
    );
}

#[test]
fn a_half_written_backup_is_neither_listed_nor_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let roster = Roster::new("band", "Band");
    {
        let store = Store::open(dir.path())
            .expect("open")
            .with_backup_interval(Duration::ZERO);
        store.save_roster(&roster).expect("save");
        store.save_roster(&roster).expect("save again, backing up");
        assert_eq!(store.roster_backups("band").len(), 1);
    }
    // A crash while backing up leaves only our temporary file behind (the
    // backup is written atomically): it is not a backup, and it goes at the
    // next start.
    let backups = dir.path().join("backups/rosters/band");
    let leftover = backups.join(".000000000000001-000000-1.json.000000000000002-000001-1.tmp");
    std::fs::write(&leftover, "{ half").expect("write");
    let store = Store::open(dir.path()).expect("open");
    assert!(!leftover.exists(), "cleared at the start");
    let listed = store.roster_backups("band");
    assert_eq!(listed.len(), 1);
    assert!(read_roster(&listed[0]).is_ok());
}

#[test]
fn a_failing_save_is_said_once_and_retried_quietly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let disk = FillingDisk::default();
    let (mut app, _) = raiders_on(dir.path(), Some(&disk));
    disk.fill_after(Some(0));
    app.apply(notes("one"));
    app.flush_saves();
    let errors = |app: &App| {
        app.model
            .feedback
            .messages
            .iter()
            .filter(|m| m.kind == MessageKind::Error)
            .count()
    };
    assert_eq!(errors(&app), 1);
    // The interface looks at the disk every two seconds, and each command
    // tries to save again: the same failure is not said again.
    for _ in 0..20 {
        app.apply(Command::CheckDisk);
        app.flush_saves();
    }
    assert_eq!(errors(&app), 1);
    assert!(matches!(
        app.model.feedback.save_state,
        SaveState::Failed(_)
    ));
    disk.fill_after(None);
    app.apply(Command::CheckDisk);
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert_eq!(
        read_roster(&dir.path().join("rosters/raiders.json"))
            .expect("reads")
            .notes,
        "one"
    );
}

#[test]
fn the_second_instance_becomes_writable_once_the_first_is_gone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let first = app(dir.path(), None);
    let mut second = app(dir.path(), None);
    assert!(second.model.folder.read_only);
    drop(first);
    second.apply(Command::Reload);
    second.flush_saves();
    assert!(!second.model.folder.read_only);
    second.apply(Command::create_roster("Now mine"));
    second.flush_saves();
    assert!(dir.path().join("rosters/now-mine.json").exists());
}

#[cfg(unix)]
#[test]
fn a_file_whose_name_is_not_text_is_listed_not_saved_elsewhere() {
    use std::os::unix::ffi::OsStrExt as _;
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("rosters")).expect("mkdir");
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.json");
    let path = dir.path().join("rosters").join(name);
    std::fs::write(&path, roster_json(&Roster::new("x", "Café"))).expect("write");
    let app = app(dir.path(), None);
    assert!(app.model.library.docs.is_empty());
    assert_eq!(app.model.library.unreadable.len(), 1);
    assert!(
        muster::i18n::Lang::En
            .read_error(&app.model.library.unreadable[0].reason)
            .contains("rename it")
    );
    assert_eq!(files_in(&dir.path().join("rosters")).len(), 1);
}

#[test]
fn dragging_a_number_is_one_step_of_the_history() {
    use muster::rules::CharacterEdit;
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, _) = app_with_raiders(dir.path());
    let cid = app.model.roster("raiders").expect("raiders").characters[0].id;
    let before = app.model.history.undo.len();
    for points in 1..=6 {
        app.apply(Command::character(
            "raiders",
            cid,
            CharacterEdit::SetAdvancePoints(points),
        ));
        app.flush_saves();
    }
    assert_eq!(app.model.history.undo.len(), before + 1);
    app.apply(Command::Undo);
    app.flush_saves();
    assert_eq!(
        app.model.roster("raiders").expect("raiders").characters[0].advance_points,
        0
    );
    // Another edit in between makes a new step.
    app.apply(Command::Redo);
    app.flush_saves();
    app.apply(notes("between"));
    app.flush_saves();
    app.apply(Command::character(
        "raiders",
        cid,
        CharacterEdit::SetAdvancePoints(2),
    ));
    app.flush_saves();
    assert_eq!(app.model.history.undo.len(), before + 3);
}

#[test]
fn a_schema_version_no_muster_wrote_is_explained() {
    let text = r#"{"muster": "roster", "schema_version": 0, "roster": {"id": "a", "name": "A"}}"#;
    let err = muster::store::parse::<Roster>(text, "a").expect_err("refused");
    let en = muster::i18n::Lang::En.doc_error(&err);
    let fr = muster::i18n::Lang::Fr.doc_error(&err);
    assert!(
        en.contains("no Muster version ever wrote schema version 0"),
        "{en}"
    );
    assert!(fr.contains("aucune version de Muster"), "{fr}");
    assert!(!en.contains("doc."), "no raw key: {en}");
}

#[test]
fn a_sync_tools_download_under_way_survives_opening_the_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rosters = dir.path().join("rosters");
    drop(Store::open(dir.path()).expect("open"));
    // Syncthing writes what it downloads under names of its own, then
    // renames them: removing them would break the download.
    let syncthing = [
        ".syncthing.raid.json.tmp",
        "~syncthing~raid.json.tmp",
        // Even shaped like ours after its prefix.
        ".syncthing.raid.json.000001764000000-000001-77.tmp",
    ];
    for name in syncthing {
        std::fs::write(rosters.join(name), "half a download").expect("write");
    }
    // A save of Muster's that a crash interrupted.
    let ours = rosters.join(".raid.json.000001764000000-000002-77.tmp");
    std::fs::write(&ours, "{ half").expect("write");
    let store = Store::open(dir.path()).expect("open");
    assert!(!store.read_only());
    for name in syncthing {
        assert!(rosters.join(name).exists(), "{name} left to Syncthing");
    }
    assert!(!ours.exists(), "Muster's own leftover is cleared");
}

#[test]
fn only_musters_own_temporary_files_are_recognised() {
    use muster::store::is_our_temp;
    assert!(is_our_temp(".raid.json.000001764000000-000002-77.tmp"));
    assert!(is_our_temp(
        ".000000000000001-000000-1.json.000000000000002-000001-1.tmp"
    ));
    for name in [
        ".syncthing.raid.json.tmp",
        "~syncthing~raid.json.tmp",
        ".raid.json.tmp",
        ".json.000001764000000-000002-77.tmp",
        ".raid.json.1-2.tmp",
        ".raid.json.1-2-3-4.tmp",
        ".raid.json.a-2-3.tmp",
        "raid.json.000001764000000-000002-77.tmp",
        ".raid.txt.000001764000000-000002-77.tmp",
    ] {
        assert!(!is_our_temp(name), "{name}");
    }
}
