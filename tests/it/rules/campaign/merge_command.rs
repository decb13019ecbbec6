//! `muster merge` on the command line: its exit codes and the merged
//! campaign, two rosters merged from their common ancestor, the files typed
//! named in its errors, and a stamp with an empty id or a time that is not
//! a time refused where it stands by `check` and `merge`.

use super::merge::{cran, debrief, table};
use crate::common::rules;
use crate::common::{TwoVersions, new_turn, play, wounded_here_new_turn_there};
use muster::rules::campaign::Campaign;
use muster::rules::campaign::replay;

/// `muster merge`: 0 and the merged campaign, 1 and the conflicts one a
/// line, 2 for a file that cannot be read; a version with itself is itself.
#[test]
fn muster_merge_on_the_command_line() {
    let r = rules();
    let dir = tempfile::tempdir().expect("tempdir");
    let write = |name: &str, c: &Campaign| {
        let path = dir.path().join(name);
        std::fs::write(&path, muster::store::to_json(c).expect("json")).expect("write");
        path.display().to_string()
    };
    let TwoVersions { base, ours, theirs } = wounded_here_new_turn_there(r, 3);
    let (a, b) = (write("a.json", &ours), write("b.json", &theirs));
    let out = dir.path().join("merged.json");
    let run = crate::cli::muster(
        dir.path(),
        &["merge", &a, &b, "-o", &out.display().to_string()],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let merged: Campaign =
        muster::store::parse(&std::fs::read_to_string(&out).expect("out"), "raid").expect("parses");
    assert_eq!(merged.journal.len(), base.journal.len() + 2);
    assert!(replay::validate(&merged, r).is_empty());
    // With itself: itself, on standard output.
    let run = crate::cli::muster(dir.path(), &["merge", &a, &a]);
    assert_eq!(run.code, 0);
    let same: Campaign = muster::store::parse(&run.stdout, "raid").expect("parses");
    assert_eq!(same, ours);
    // The same Cran test on both sides: one conflict line, nothing written.
    let (d, dace) = debrief(r);
    let test = |face| cran(&d, dace, face);
    let x = write("x.json", &play(&d, &[test(2)], r, ("camille", 0)));
    let y = write("y.json", &play(&d, &[test(9)], r, ("bruno", 1)));
    let run = crate::cli::muster(dir.path(), &["merge", &x, &y]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{}", run.stdout);
    assert!(lines[0].starts_with("journal event bruno-"), "{}", lines[0]);
    assert!(
        lines[0].contains("(theirs)")
            && lines[0].contains("| ours “Trooper Dace: Cran test (D10: 2)” {\"cran_test\""),
        "{}",
        lines[0]
    );
    // A file that cannot be read.
    let run = crate::cli::muster(dir.path(), &["merge", &a, "/nowhere.json"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
}

/// `muster merge --base`: two versions of a roster merged three-way from
/// their common ancestor (0 and the merge when nothing conflicts; 1 and
/// each conflict, one a line: place, ours, theirs); without `--base`, each
/// field that differs is a conflict; a base that is another document, 2.
#[test]
fn muster_merge_of_rosters_from_their_common_ancestor() {
    use muster::rules::Roster;
    let dir = tempfile::tempdir().expect("tempdir");
    let write = |name: &str, r: &Roster| {
        let path = dir.path().join(name);
        std::fs::write(&path, muster::store::to_json(r).expect("json")).expect("write");
        path.display().to_string()
    };
    let base = crate::common::example_band();
    let mut ours = base.clone();
    ours.name = "Vael's retinue".to_owned();
    let mut theirs = base.clone();
    theirs.notes = "Bruno's notes".to_owned();
    let (o, t, b) = (
        write("ours.json", &ours),
        write("theirs.json", &theirs),
        write("base.json", &base),
    );
    let out = dir.path().join("merged.json");
    let run = crate::cli::muster(
        dir.path(),
        &[
            "merge",
            &o,
            &t,
            "--base",
            &b,
            "-o",
            &out.display().to_string(),
        ],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let merged = crate::common::read_roster(&out).expect("merged");
    let mut expected = ours.clone();
    expected.notes = theirs.notes.clone();
    assert_eq!(merged, expected);
    // Without the ancestor: both fields are conflicts, nothing written.
    let run = crate::cli::muster(dir.path(), &["merge", &o, &t]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "roster.name: ours \"Vael's retinue\" | theirs \"Inquisitor Vael's retinue\"",
            &format!(
                "roster.notes: ours {} | theirs \"Bruno's notes\"",
                serde_json::Value::from(base.notes.clone())
            ),
        ]
    );
    // Both changed one field: one conflict line, at its place.
    let mut other = base.clone();
    other.name = "Bruno's band".to_owned();
    let x = write("other.json", &other);
    let run = crate::cli::muster(dir.path(), &["merge", &o, &x, "--base", &b]);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout.trim_end(),
        "roster.name: ours \"Vael's retinue\" | theirs \"Bruno's band\""
    );
    // A base that is not a version of the same document; one unreadable.
    let c = dir.path().join("campaign.json");
    std::fs::write(&c, muster::store::to_json(&table(rules())).expect("json")).expect("write");
    let c = c.display().to_string();
    let run = crate::cli::muster(dir.path(), &["merge", &o, &t, "--base", &c]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("not versions of one document"),
        "{}",
        run.stderr
    );
    let run = crate::cli::muster(dir.path(), &["merge", &o, &t, "--base", "/nowhere.json"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
}

/// A stamp with an empty id, or a time that is not a time, is refused where
/// it stands by `muster check` and `muster merge`, as any malformed field.
#[test]
fn a_stamp_with_an_empty_id_or_a_time_that_is_not_a_time_is_refused_where_it_stands() {
    let r = rules();
    let base = table(r);
    let c = new_turn(&base, r, ("bruno", 0));
    let text = muster::store::to_json(&c).expect("json");
    let stamp = c
        .journal
        .last()
        .and_then(|e| e.stamp.clone())
        .expect("stamped");
    let at = stamp.at.expect("a time");
    let dir = tempfile::tempdir().expect("tempdir");
    for (bad, said) in [
        (
            text.replace(
                &format!("\"at\": \"{at}\""),
                "\"at\": \"yesterday at noon\"",
            ),
            "expected a time in UTC",
        ),
        (
            text.replace(&format!("\"id\": \"{}\"", stamp.id), "\"id\": \"\""),
            "expected an id that is not empty",
        ),
    ] {
        assert_ne!(bad, text, "the stamp was changed");
        let path = dir.path().join("bad.json");
        std::fs::write(&path, &bad).expect("write");
        let path = path.display().to_string();
        for args in [
            vec!["check", path.as_str()],
            vec!["merge", path.as_str(), path.as_str()],
        ] {
            let run = crate::cli::muster(dir.path(), &args);
            assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
            assert!(run.stderr.contains(said), "{}", run.stderr);
            assert!(run.stderr.contains("journal["), "the place: {}", run.stderr);
        }
    }
    assert!(muster::rules::campaign::is_utc_time("2026-11-25T17:36:36Z"));
    assert!(muster::rules::campaign::is_utc_time(
        "2026-11-25T17:36:36.250+01:00"
    ));
    for bad in [
        "2026-13-25T17:36:36Z",
        "2026-11-25 17:36",
        "yesterday at noon",
        "",
    ] {
        assert!(!muster::rules::campaign::is_utc_time(bad), "{bad}");
    }
}

/// `muster merge` names the files the user typed: two documents that are
/// not versions of one, and an output in a folder that does not exist
/// (never the temporary file written first).
#[test]
fn muster_merge_names_the_files_typed() {
    let r = rules();
    let dir = tempfile::tempdir().expect("tempdir");
    let c = table(r);
    let a = dir.path().join("campaign.json");
    std::fs::write(&a, muster::store::to_json(&c).expect("json")).expect("write");
    let band = dir.path().join("band.json");
    std::fs::write(
        &band,
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/examples/rt-band.json"
        ))
        .expect("example"),
    )
    .expect("write");
    let (a, band) = (a.display().to_string(), band.display().to_string());
    let run = crate::cli::muster(dir.path(), &["merge", &a, &band]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(&a) && run.stderr.contains(&band),
        "{}",
        run.stderr
    );
    let out = dir.path().join("missing").join("out.json");
    let run = crate::cli::muster(
        dir.path(),
        &["merge", &a, &a, "-o", &out.display().to_string()],
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(&out.display().to_string()),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains(".out.json."),
        "not the temporary file: {}",
        run.stderr
    );
}
