//! The document store on disk: round trips, atomic saves, unreadable files,
//! rotating backups, the read-only second instance, older schema versions.

use std::io::Write as _;
use std::time::Duration;

use muster::rules::{Character, Characteristic as C, Roster};
use muster::store::{BACKUPS_KEPT, Store, StoreError, write_atomic};

use crate::common::{AllRosters as _, RosterStore as _, files_in, read_roster};

fn band(id: &str) -> Roster {
    let mut r = Roster::new(id, format!("Band {id}"));
    let mut kal = Character::new(1, "Kal", "human");
    kal.type_id = Some("champion".to_owned());
    kal.advance_points = 2;
    kal.advances.0.set(C::WS, 1);
    r.characters.push(kal);
    r.characters.push(Character::new(2, "Mora", "eldar"));
    r
}

#[test]
fn round_trip() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let roster = band("alpha");
    let path = store.save_roster(&roster).expect("save");
    assert_eq!(path, dir.path().join("rosters/alpha.json"));
    let library = store.load_library();
    assert_eq!(library.all_rosters(), vec![roster]);
    assert!(library.unreadable.is_empty());
    // The file names the kind and schema version, and uses the profile keys.
    let text = std::fs::read_to_string(path).expect("read");
    assert!(text.contains("\"muster\": \"roster\""));
    assert!(text.contains(&format!(
        "\"schema_version\": {}",
        muster::store::SCHEMA_VERSION
    )));
    assert!(text.contains("\"WS\": 1"));
}

#[test]
fn a_save_that_fails_half_way_leaves_the_previous_file_intact() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("doc.json");
    std::fs::write(&path, "previous").expect("write");
    let result = write_atomic(&path, |f| {
        f.write_all(b"half a docu")?;
        Err(std::io::Error::other("disk full"))
    });
    let err = result.expect_err("the write fails");
    assert!(err.to_string().contains("disk full"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "previous");
    assert_eq!(
        files_in(dir.path()),
        vec!["doc.json".to_owned()],
        "no temporary file is left"
    );
    // And a save that succeeds replaces it whole.
    write_atomic(&path, |f| f.write_all(b"next")).expect("write");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "next");
    assert_eq!(files_in(dir.path()), vec!["doc.json".to_owned()]);
}

#[test]
fn an_unreadable_file_is_reported_and_left_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let broken = dir.path().join("rosters/broken.json");
    let bytes = b"{\n  \"muster\": \"roster\",\n  \"schema_version\": 2,\n  \"roster\": {\"id\": \"x\",, }\n}";
    std::fs::write(&broken, bytes).expect("write");
    store.save_roster(&band("good")).expect("save");
    let library = store.load_library();
    assert_eq!(library.all_rosters().len(), 1);
    assert_eq!(library.unreadable.len(), 1);
    assert_eq!(library.unreadable[0].path, broken);
    assert!(
        muster::i18n::Lang::En
            .read_error(&library.unreadable[0].reason)
            .contains("line 4"),
        "{}",
        library.unreadable[0].reason
    );
    // Saving, deleting and reloading other rosters never touches it.
    store.save_roster(&band("other")).expect("save");
    store.delete_roster("good").expect("delete");
    let _ = store.load_library();
    assert_eq!(std::fs::read(&broken).expect("still there"), bytes);
    // A roster whose id is the broken file's name gets another file.
    assert_eq!(store.fresh_id("Broken"), "broken-2");
}

#[test]
fn backups_rotate() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path())
        .expect("open")
        .with_backup_interval(Duration::ZERO);
    let mut roster = band("rot");
    for n in 0..(BACKUPS_KEPT + 5) {
        roster.notes = format!("version {n}");
        store.save_roster(&roster).expect("save");
    }
    let backups = store.roster_backups("rot");
    assert_eq!(backups.len(), BACKUPS_KEPT);
    // Newest first: the newest backup is the version before the current one.
    let newest = read_roster(&backups[0]).expect("backup reads");
    assert_eq!(newest.notes, format!("version {}", BACKUPS_KEPT + 3));
    let oldest = read_roster(backups.last().expect("oldest")).expect("backup reads");
    assert_eq!(oldest.notes, "version 4");
}

#[test]
fn rapid_saves_make_one_backup_per_interval() {
    // Autosave writes after every click: a backup per save would push the
    // older versions out within ten clicks.
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let mut roster = band("quick");
    for n in 0..30 {
        roster.notes = format!("version {n}");
        store.save_roster(&roster).expect("save");
    }
    let backups = store.roster_backups("quick");
    assert_eq!(backups.len(), 1, "one backup in the interval");
    // It holds the version before this burst of edits began.
    assert_eq!(read_roster(&backups[0]).expect("reads").notes, "version 0");
    // A deletion is always backed up, whatever the interval.
    store.delete_roster("quick").expect("delete");
    let backups = store.roster_backups("quick");
    assert_eq!(backups.len(), 2);
    assert_eq!(read_roster(&backups[0]).expect("reads").notes, "version 29");
}

#[test]
fn a_new_roster_never_takes_a_deleted_ones_backups() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path())
        .expect("open")
        .with_backup_interval(Duration::ZERO);
    let old = band("band-x");
    store.save_roster(&old).expect("save");
    store.delete_roster("band-x").expect("delete");
    // A new roster of the same name gets another id, so saving it many
    // times never rotates the deleted roster's last copy away.
    let id = store.fresh_id("Band X");
    assert_eq!(id, "band-x-2");
    let mut new = band(&id);
    for n in 0..(BACKUPS_KEPT + 3) {
        new.notes = format!("{n}");
        store.save_roster(&new).expect("save");
    }
    let kept = store.roster_backups("band-x");
    assert_eq!(kept.len(), 1);
    assert_eq!(read_roster(&kept[0]).expect("reads"), old);
}

#[test]
fn a_file_is_saved_where_it_was_read_whatever_the_id_inside() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let original = band("band");
    store.save_roster(&original).expect("save");
    // The user restores a backup by copying it beside the original under
    // another name: the id inside is still `band`.
    let copy = dir.path().join("rosters/band restored.json");
    std::fs::copy(dir.path().join("rosters/band.json"), &copy).expect("copy");
    let library = store.load_library();
    let all = library.all_rosters();
    let mut ids: Vec<&str> = all.iter().map(|r| r.id.as_str()).collect();
    ids.sort_unstable();
    assert_eq!(ids, vec!["band", "band restored"]);
    // Saving the copy writes its own file, never the original.
    let mut restored = all
        .iter()
        .find(|r| r.id == "band restored")
        .expect("the copy")
        .clone();
    restored.notes = "restored".to_owned();
    assert_eq!(store.save_roster(&restored).expect("save"), copy);
    assert_eq!(
        read_roster(&dir.path().join("rosters/band.json")).expect("reads"),
        original
    );
}

#[test]
fn deleting_keeps_the_file_among_the_backups() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let roster = band("gone");
    store.save_roster(&roster).expect("save");
    store.delete_roster("gone").expect("delete");
    assert!(!dir.path().join("rosters/gone.json").exists());
    let backups = store.roster_backups("gone");
    assert_eq!(backups.len(), 1);
    assert_eq!(read_roster(&backups[0]).expect("reads"), roster);
}

#[test]
fn the_second_instance_is_read_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let first = Store::open(dir.path()).expect("open");
    assert!(!first.read_only());
    first.save_roster(&band("one")).expect("save");
    let second = Store::open(dir.path()).expect("open");
    assert!(second.read_only());
    assert_eq!(
        second.load_library().all_rosters().len(),
        1,
        "it still reads"
    );
    assert!(matches!(
        second.save_roster(&band("two")),
        Err(StoreError::ReadOnly)
    ));
    assert!(matches!(
        second.delete_roster("one"),
        Err(StoreError::ReadOnly)
    ));
    assert_eq!(
        files_in(&dir.path().join("rosters")),
        vec!["one.json".to_owned()]
    );
    drop(second);
    drop(first);
    let third = Store::open(dir.path()).expect("open");
    assert!(!third.read_only(), "the lock goes with the first instance");
}

#[test]
fn a_document_of_an_older_schema_version_loads() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let v1 = r#"{"name": "Old band", "characters": [
        {"id": 1, "name": "Kal", "race": "human", "kind": "champion", "advance_points": 1, "advances": {"BS": 1}}
    ]}"#;
    std::fs::write(dir.path().join("rosters/old-band.json"), v1).expect("write");
    let library = store.load_library();
    assert!(library.unreadable.is_empty(), "{:?}", library.unreadable);
    let old = &library.all_rosters()[0];
    assert_eq!(old.id, "old-band");
    assert_eq!(old.name, "Old band");
    assert_eq!(old.characters[0].type_id.as_deref(), Some("champion"));
    assert_eq!(old.characters[0].advances.0.get(C::BS), 1);
    // Saved again, it is written in the current version.
    store.save_roster(old).expect("save");
    let text = std::fs::read_to_string(dir.path().join("rosters/old-band.json")).expect("read");
    assert!(text.contains(&format!(
        "\"schema_version\": {}",
        muster::store::SCHEMA_VERSION
    )));
}

#[test]
fn a_file_from_a_newer_muster_is_listed_not_loaded() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let path = dir.path().join("rosters/future.json");
    std::fs::write(
        &path,
        r#"{"muster": "roster", "schema_version": 99, "roster": {}}"#,
    )
    .expect("write");
    let library = store.load_library();
    assert!(library.all_rosters().is_empty());
    assert!(
        muster::i18n::Lang::En
            .read_error(&library.unreadable[0].reason)
            .contains("newer"),
        "{}",
        library.unreadable[0].reason
    );
    assert!(path.exists());
}

#[test]
fn fresh_ids_avoid_existing_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    assert_eq!(store.fresh_id("Night Raiders!"), "night-raiders");
    store.save_roster(&band("night-raiders")).expect("save");
    assert_eq!(store.fresh_id("Night Raiders"), "night-raiders-2");
    assert_eq!(store.fresh_id("   "), "roster");
}

#[test]
fn what_the_store_refuses_it_names_by_kind_in_either_language() {
    use muster::i18n::Lang;
    use muster::rules::{DocKey, DocKind};
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    // A house rule at a place the rules data does not have.
    let err = store
        .set_library_rule("nowhere.json/x", Some(&serde_json::json!(1)))
        .expect_err("no such place");
    assert!(
        matches!(&err, StoreError::NoBuiltInValue { place, .. } if place == "nowhere.json/x"),
        "{err:?}"
    );
    // A choice between two events of a campaign whose journals were never read.
    let key = DocKey::new(DocKind::Campaign, "unread");
    let err = store.choose(&key, "a", "b").expect_err("not read");
    assert!(
        matches!(
            err,
            StoreError::Journal {
                reason: muster::store::JournalError::NotRead,
                ..
            }
        ),
        "{err:?}"
    );
    for (lang, words) in [
        (Lang::En, "could not be read"),
        (Lang::Fr, "n'ont pas pu être lus"),
    ] {
        let text = lang.msg(&err.msg());
        assert!(text.contains(words), "{text}");
        assert!(text.contains("unread"), "the folder is named: {text}");
    }
}
