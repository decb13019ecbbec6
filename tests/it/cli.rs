//! The command line: `muster check` exit codes and messages.

use std::path::Path;
use std::process::Command;

use muster::rules::{Character, Characteristic as C, Roster};

use crate::common::roster_json;
use crate::common::rules;

/// What a run of `muster` gave.
pub(crate) struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `muster` with `args` on the data folder `data`; it never panics.
pub(crate) fn muster(data: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .env("MUSTER_DATA_DIR", data)
        .output()
        .expect("runs");
    let run = Run {
        code: out.status.code().expect("exit code"),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run
}

fn write(dir: &Path, name: &str, roster: &Roster) -> String {
    let path = dir.join(name);
    std::fs::write(&path, roster_json(roster)).expect("write");
    path.display().to_string()
}

fn legal() -> Roster {
    let mut r = Roster::new("legal", "Legal band");
    let mut champ = Character::new(1, "Brask", "human");
    champ.type_id = Some("champion".to_owned());
    let mut hero = Character::new(2, "Oriel", "human");
    hero.advance_points = 3;
    hero.advances.0.set(C::WS, 1);
    r.characters = vec![champ, hero];
    r
}

fn illegal() -> Roster {
    let mut r = Roster::new("illegal", "Illegal band");
    let mut kal = Character::new(1, "Brother Kal", "human");
    kal.type_id = Some("major_hero".to_owned());
    kal.advance_points = 1;
    kal.advances.0.set(C::WS, 1);
    r.characters = vec![kal];
    r
}

#[test]
fn exit_0_on_a_legal_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "legal.json", &legal());
    let run = muster(dir.path(), &["check", &file]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("ok: Legal band"), "{}", run.stdout);
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/rt-band.json");
    assert_eq!(muster(dir.path(), &["check", example]).code, 0);
}

#[test]
fn exit_1_on_a_file_that_breaks_a_rule() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "illegal.json", &illegal());
    let run = muster(dir.path(), &["check", &file]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let line = run.stdout.lines().next().expect("a line");
    assert!(line.starts_with("CHR-3: "), "{line}");
    assert!(
        line.contains("Brother Kal") && line.contains("WS") && line.contains('6'),
        "{line}"
    );
    assert!(line.ends_with("illegal.json)"), "{line}");
}

#[test]
fn exit_2_on_a_malformed_or_missing_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\n \"muster\": \"roster\",\n oops").expect("write");
    let run = muster(dir.path(), &["check", &bad.display().to_string()]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("line 3") && run.stderr.contains("bad.json"),
        "{}",
        run.stderr
    );
    let run = muster(dir.path(), &["check", "/nonexistent/roster.json"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("roster.json"), "{}", run.stderr);
    let run = muster(dir.path(), &["check"]);
    assert_eq!(run.code, 2, "no file named");
    // Not JSON at all, and an empty file.
    std::fs::write(dir.path().join("bin.json"), [0xff, 0xfe, 0x00]).expect("write");
    assert_eq!(
        muster(
            dir.path(),
            &["check", &dir.path().join("bin.json").display().to_string()]
        )
        .code,
        2
    );
    std::fs::write(dir.path().join("empty.json"), "").expect("write");
    assert_eq!(
        muster(
            dir.path(),
            &[
                "check",
                &dir.path().join("empty.json").display().to_string()
            ]
        )
        .code,
        2
    );
}

#[test]
fn the_worst_file_sets_the_exit_code() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = write(dir.path(), "legal.json", &legal());
    let rule = write(dir.path(), "illegal.json", &illegal());
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "[").expect("write");
    let bad = bad.display().to_string();
    assert_eq!(muster(dir.path(), &["check", &good, &rule]).code, 1);
    assert_eq!(muster(dir.path(), &["check", &bad, &good, &rule]).code, 2);
    assert_eq!(muster(dir.path(), &["check", &rule, &bad]).code, 2);
}

#[test]
fn help_and_version() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = muster(dir.path(), &["--help"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("check"), "{}", run.stdout);
    assert!(run.stdout.contains("Exit codes"), "{}", run.stdout);
    // `check --help` is the subcommand's help, not a file named --help.
    let run = muster(dir.path(), &["check", "--help"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("FILE"), "{}", run.stdout);
    assert!(!run.stderr.contains("cannot read"), "{}", run.stderr);
    // `check` alone says what it needs.
    let run = muster(dir.path(), &["check"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("FILE"), "{}", run.stderr);
    let run = muster(dir.path(), &["--version"]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout.trim(),
        format!("muster {}", env!("CARGO_PKG_VERSION"))
    );
    let run = muster(dir.path(), &["frobnicate"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("frobnicate"), "{}", run.stderr);
}

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_read_not_a_panic() {
    use std::os::unix::ffi::OsStrExt as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.json");
    let path = dir.path().join(name);
    std::fs::write(&path, roster_json(&legal())).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .arg("check")
        .arg(&path)
        .env("MUSTER_DATA_DIR", dir.path())
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("ok: Legal band"));
}

#[test]
fn user_rules_overrides_apply_and_broken_ones_are_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "legal.json", &legal());
    std::fs::create_dir_all(dir.path().join("rules")).expect("mkdir");
    std::fs::write(dir.path().join("rules/races.json"), "{ broken").expect("write");
    let run = muster(dir.path(), &["check", &file]);
    assert_eq!(run.code, 0, "the built-in rules are used");
    assert!(
        run.stderr.contains("races.json") && run.stderr.contains("line 1"),
        "{}",
        run.stderr
    );
}

#[test]
fn check_refuses_a_campaign_whose_journal_names_a_missing_character() {
    let dir = tempfile::tempdir().expect("dir");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples/campaign.json");
    let good = muster(dir.path(), &["check", &example.display().to_string()]);
    assert_eq!(good.code, 0, "{}{}", good.stdout, good.stderr);
    // The first Cran test of the journal now names character 99.
    let text = std::fs::read_to_string(&example).expect("example");
    let at = text.find("\"cran_test\": {").expect("a test");
    let name = text[at..].find("\"character\": ").expect("its character") + at;
    let end = name + text[name..].find(',').expect("comma");
    let edited = format!("{}\"character\": 99{}", &text[..name], &text[end..]);
    let path = dir.path().join("edited.json");
    std::fs::write(&path, edited).expect("write");
    let run = muster(dir.path(), &["check", &path.display().to_string()]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let all = format!("{}{}", run.stdout, run.stderr);
    assert!(all.contains("99"), "{all}");
    assert!(all.to_lowercase().contains("journal"), "{all}");
}

#[test]
fn kt_3_check_gives_a_flamer_on_a_sergeant_the_special_weapon_reason() {
    let dir = tempfile::tempdir().expect("dir");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples/killteam.json");
    let text = std::fs::read_to_string(&example).expect("example");
    let at = text
        .find("\"laspistol\"")
        .expect("the sergeant's laspistol");
    let edited = format!(
        "{}\"flamer\"{}",
        &text[..at],
        &text[at + "\"laspistol\"".len()..]
    );
    let path = dir.path().join("flamer.json");
    std::fs::write(&path, edited).expect("write");
    let run = muster(dir.path(), &["check", &path.display().to_string()]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let all = format!("{}{}", run.stdout, run.stderr);
    // A flamer is a special weapon: the reason is KT-3's special weapons,
    // not the heavy weapons' weapons team or Strongman.
    assert!(all.contains("KT-3"), "{all}");
    assert!(all.contains("special weapon"), "{all}");
    assert!(
        !all.contains("Strongman") && !all.contains("RIB-9"),
        "{all}"
    );
}

/// `muster merge` on two rosters, no common ancestor given: the same twice
/// is itself (0); two that differ list each field that differs with each
/// side's value (1).
#[test]
fn merge_lists_the_fields_two_rosters_differ_in() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = write(dir.path(), "a.json", &legal());
    let mut other = legal();
    other.characters[1].name = "Oriel the Bold".to_owned();
    let b = write(dir.path(), "b.json", &other);
    let run = muster(dir.path(), &["merge", &a, &a]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("\"muster\": \"roster\""));
    let run = muster(dir.path(), &["merge", &a, &b]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stdout.trim(),
        "roster.characters[id=2].name: ours \"Oriel\" | theirs \"Oriel the Bold\"",
        "a character by its id"
    );
    // Two documents, not two versions of one.
    let mut stranger = legal();
    stranger.id = "someone-else".to_owned();
    let c = write(dir.path(), "c.json", &stranger);
    let run = muster(dir.path(), &["merge", &a, &c]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("not versions of one document"),
        "{}",
        run.stderr
    );
}

/// Every kind of scenario `muster odds` reads, as files name them.
const SCENARIO_KINDS: [&str; 6] = [
    "close_combat",
    "killteam_shooting",
    "killteam_close_combat",
    "rt_shooting",
    "close_combat_round",
    "close_combat_fight",
];

/// The scenarios written out in a help text: each JSON object that starts
/// with its `"kind"`.
fn examples(help: &str) -> Vec<&str> {
    help.match_indices("{\"kind\"")
        .map(|(start, _)| {
            let mut depth = 0;
            let end = help[start..]
                .char_indices()
                .find_map(|(i, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    (depth == 0).then_some(start + i + 1)
                })
                .expect("a whole example");
            &help[start..end]
        })
        .collect()
}

/// `muster odds --help` names every kind of scenario, each with an example
/// that reads and gives odds; a file of a kind Muster does not know, or of
/// none, is refused (exit 2) naming every kind it reads.
#[test]
fn odds_help_and_an_unknown_kind_name_every_kind_of_scenario() {
    use muster::rules::battle::scenario::ScenarioKind;
    let known: Vec<&str> = ScenarioKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(known, SCENARIO_KINDS, "the kinds the reader knows");
    let dir = tempfile::tempdir().expect("tempdir");
    let run = muster(dir.path(), &["odds", "--help"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(&SCENARIO_KINDS.join(", ")),
        "the list of kinds: {}",
        run.stdout
    );
    let shown = examples(&run.stdout);
    for kind in SCENARIO_KINDS {
        let example = shown
            .iter()
            .find(|e| e.starts_with(&format!("{{\"kind\": \"{kind}\"")))
            .unwrap_or_else(|| panic!("an example of {kind}: {}", run.stdout));
        let file = dir.path().join(format!("{kind}.json"));
        std::fs::write(&file, example).expect("write");
        let odds = muster(dir.path(), &["odds", &file.display().to_string()]);
        assert_eq!(odds.code, 0, "{kind}: {}", odds.stderr);
    }
    for (file, text) in [
        ("misspelt.json", r#"{"kind": "rt_shootin"}"#),
        ("none.json", r#"{"range": 10}"#),
    ] {
        let path = dir.path().join(file);
        std::fs::write(&path, text).expect("write");
        let run = muster(dir.path(), &["odds", &path.display().to_string()]);
        assert_eq!(run.code, 2, "{}", run.stdout);
        for kind in SCENARIO_KINDS {
            assert!(
                run.stderr.contains(kind),
                "{file}: names {kind}: {}",
                run.stderr
            );
        }
    }
}

/// `muster merge` of two campaigns where one stamp id names two different
/// events (one file forged or damaged): refused as a file that cannot be
/// read (exit 2), whichever comes first, naming the id and both files;
/// nothing merged. Real conflicts stay exit 1
/// (`muster_merge_on_the_command_line`).
#[test]
fn merge_refuses_one_stamp_id_on_two_events_with_exit_2_naming_both_files() {
    let r = rules();
    let (ours, theirs, id) = crate::rules::campaign::merge::one_id_on_two_events(r);
    let dir = tempfile::tempdir().expect("tempdir");
    let write = |name: &str, c: &muster::rules::Campaign| {
        let path = dir.path().join(name);
        std::fs::write(&path, muster::store::to_json(c).expect("json")).expect("write");
        path.display().to_string()
    };
    let (a, b) = (write("ours.json", &ours), write("theirs.json", &theirs));
    for (x, y) in [(&a, &b), (&b, &a)] {
        let run = muster(dir.path(), &["merge", x, y]);
        assert_eq!(run.code, 2, "refused: {}{}", run.stdout, run.stderr);
        assert!(run.stdout.is_empty(), "nothing merged: {}", run.stdout);
        assert!(run.stderr.contains(&id), "{}", run.stderr);
        assert!(
            run.stderr.contains(x.as_str()) && run.stderr.contains(y.as_str()),
            "both files: {}",
            run.stderr
        );
    }
}

/// `muster export` writes the campaign sheet's model as text: each Rogue
/// Trader character's ranged weapon with its range and shooting profile,
/// in the language asked for.
#[test]
fn export_gives_the_campaign_s_ranged_weapons_their_range_and_profile() {
    let dir = tempfile::tempdir().expect("tempdir");
    let campaign = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/campaign.json");
    let run = muster(
        dir.path(),
        &["export", campaign, "--format", "markdown", "--lang", "fr"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for line in [
        "| Arme | Type | Portée | Touche | F | PA | D |",
        "| Lasgun | arme de tir | 12\"/24\" | +1/0 | 3 | -1 | 1 |",
        "| Bolt pistol | pistolet | 8\"/16\" | +2/0 | 4 | -1 | 1 |",
    ] {
        assert!(run.stdout.contains(line), "{line}: {}", run.stdout);
    }
}
