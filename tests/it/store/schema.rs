//! The schema version rose to 3: a campaign's journal events may
//! carry a stamp, which a Muster reading version 2 does not know. Today's
//! files (version 2, the stamps included: the first Muster to stamp wrote
//! them under 2) open unchanged, on the fast path, with their errors at
//! their own lines; a save writes version 3 and keeps the version 2 file
//! among the backups; a newer file is refused as made by a newer Muster.

use std::path::{Path, PathBuf};

use muster::i18n::Lang;
use muster::rules::Doc;
use muster::rules::campaign::Campaign;
use muster::rules::killteam::KillTeam;
use muster::store::document::parse_fast;
use muster::store::{DocError, SCHEMA_VERSION, Store, parse};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn text(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).expect("the fixture")
}

/// Today's files, by kind folder: a stamped campaign, a kill team and a
/// Rogue Trader band, all of schema version 2.
const TODAY: [(&str, &str, &str); 3] = [
    ("campaigns", "shared.json", "campaign-v2-stamped.json"),
    ("killteams", "hark-s-raiders.json", "killteam-v2.json"),
    ("rosters", "rt-band.json", "rt-band-v2.json"),
];

#[test]
fn todays_files_of_schema_2_open_unchanged_and_save_as_the_current_schema_with_the_old_one_backed_up()
 {
    assert_eq!(SCHEMA_VERSION, 9);
    let dir = tempfile::tempdir().expect("dir");
    for (folder, file, fixture_name) in TODAY {
        assert!(text(fixture_name).contains("\"schema_version\": 2,"));
        std::fs::create_dir_all(dir.path().join(folder)).expect("folder");
        std::fs::copy(fixture(fixture_name), dir.path().join(folder).join(file)).expect("copy");
    }
    let store = Store::open(dir.path()).expect("store");
    let library = store.load_library();
    assert!(library.unreadable.is_empty(), "{:?}", library.unreadable);
    assert_eq!(library.docs.len(), 3);
    // The stamps of version 2 are read.
    let campaign = library
        .docs
        .iter()
        .find_map(Doc::get::<Campaign>)
        .expect("the campaign");
    let stamped: Vec<_> = campaign
        .journal
        .iter()
        .filter_map(|e| e.stamp.as_ref())
        .collect();
    assert_eq!(stamped.len(), 3, "the three events made in the window");
    assert!(
        stamped
            .iter()
            .any(|s| s.by.as_deref() == Some("Bruno's desktop"))
    );
    // Reading wrote nothing; saving writes the current version and reads
    // back equal.
    for (folder, file, fixture_name) in TODAY {
        let path = dir.path().join(folder).join(file);
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            text(fixture_name)
        );
    }
    for doc in &library.docs {
        store.save(doc).expect("save");
    }
    let again = Store::open(dir.path()).expect("again").load_library();
    assert!(again.unreadable.is_empty(), "{:?}", again.unreadable);
    for (folder, file, fixture_name) in TODAY {
        // A campaign saved becomes its machines' journals: its start is
        // the campaign as it was, in the current schema.
        let path = match folder {
            "campaigns" => dir
                .path()
                .join(folder)
                .join(file.trim_end_matches(".json"))
                .join(muster::store::journaled::START_FILE),
            _ => dir.path().join(folder).join(file),
        };
        let now = std::fs::read_to_string(&path).expect("read");
        assert!(
            now.contains(&format!("\"schema_version\": {SCHEMA_VERSION},")),
            "{}",
            path.display()
        );
        let backups = std::fs::read_dir(dir.path().join("backups").join(folder))
            .expect("backups")
            .flat_map(|d| std::fs::read_dir(d.expect("entry").path()).expect("files"))
            .map(|f| std::fs::read_to_string(f.expect("file").path()).expect("backup"))
            .collect::<Vec<_>>();
        assert!(
            backups.contains(&text(fixture_name)),
            "{file}: the version 2 file is among the backups"
        );
    }
    for (before, after) in library.docs.iter().zip(&again.docs) {
        assert_eq!(before, after);
    }
}

#[test]
fn a_schema_2_file_is_read_on_the_fast_path_as_it_is() {
    let v2 = text("campaign-v2-stamped.json");
    let fast = parse_fast::<Campaign>(&v2).expect("version 2 reads on the fast path");
    assert_eq!(parse::<Campaign>(&v2, "shared"), Ok(fast.clone()));
    // And the same file said to be version 3 reads the same.
    let v3 = v2.replacen("\"schema_version\": 2,", "\"schema_version\": 3,", 1);
    assert_eq!(parse_fast::<Campaign>(&v3), Some(fast));
}

#[test]
fn an_error_in_a_schema_2_file_points_at_its_own_line_and_field() {
    let v2 = text("killteam-v2.json");
    let line = v2
        .lines()
        .position(|l| l.contains("\"weapon\": \"flamer\""))
        .expect("the flamer")
        + 1;
    let broken = v2.replacen("\"weapon\": \"flamer\"", "\"weapon\": 7", 1);
    let err = parse::<KillTeam>(&broken, "hark-s-raiders").expect_err("a number for a weapon");
    match &err {
        DocError::Syntax {
            line: at_line, at, ..
        } => {
            assert_eq!(*at_line, line, "the user's own line");
            assert_eq!(at, "killteam.soldiers[1].weapon");
        }
        other => panic!("expected the place of the error, got {other:?}"),
    }
}

#[test]
fn a_file_of_a_newer_schema_is_refused_as_made_by_a_newer_muster() {
    let newer = SCHEMA_VERSION + 1;
    let v = text("killteam-v2.json").replacen(
        "\"schema_version\": 2,",
        &format!("\"schema_version\": {newer},"),
        1,
    );
    let err = parse::<KillTeam>(&v, "hark-s-raiders").expect_err("too new");
    assert_eq!(
        err,
        DocError::TooNew {
            found: newer.into()
        }
    );
    let said = Lang::En.msg(&err.msg());
    assert!(said.contains("newer Muster"), "{said}");
    assert!(
        said.contains(&SCHEMA_VERSION.to_string()),
        "says which version this Muster reads: {said}"
    );
    let dit = Lang::Fr.msg(&err.msg());
    assert!(!dit.is_empty() && dit != said, "{dit}");
}
