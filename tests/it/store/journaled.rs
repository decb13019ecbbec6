//! A campaign kept as one journal per machine: each machine appends only
//! to its own file, so a sync tool never has two writers of one file; the
//! campaign is every machine's events replayed in one order. A single file
//! converts on its first save (kept in the backups); an undo is a
//! taking-back line; a line cut off by a crash is never read, and is cut
//! away before the next append.

use std::fs;
use std::path::{Path, PathBuf};

use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, DocKey};
use muster::store::journaled::{JOURNAL_EXT, START_FILE};
use muster::store::machine::MachineId;
use muster::store::{LockDir, Store};

use crate::common::rules;
use crate::common::{new_turn, play, wound};
use crate::rules::campaign::merge::table;
use muster::rules::campaign::TableEdit;

pub(crate) const A: &str = "aaaaaaaaaaaaaaaa";
pub(crate) const B: &str = "bbbbbbbbbbbbbbbb";

/// The data folder `dir` opened as machine `id`, its lock apart (two
/// machines on one folder: a sync tool that delivers at once).
pub(crate) fn machine(dir: &Path, locks: &Path, id: &str) -> Store {
    Store::open_with_options(dir, LockDir::At(locks.join(id)))
        .expect("open")
        .with_machine(MachineId::parse(id).expect("id"))
}

pub(crate) fn key(c: &Campaign) -> DocKey {
    DocKey::new(muster::rules::DocKind::Campaign, c.id.clone())
}

pub(crate) fn campaign_of(store: &Store, c: &Campaign) -> Campaign {
    store
        .reload(&key(c))
        .expect("reads")
        .expect("there")
        .get::<Campaign>()
        .cloned()
        .expect("a campaign")
}

pub(crate) fn lines(path: &Path) -> Vec<serde_json::Value> {
    fs::read_to_string(path)
        .expect("journal")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a whole line"))
        .collect()
}

pub(crate) fn folder(dir: &Path, c: &Campaign) -> PathBuf {
    dir.join("campaigns").join(&c.id)
}

#[test]
fn a_single_file_campaign_becomes_journals_on_its_first_save_the_file_kept_in_the_backups() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let single = dir
        .path()
        .join("campaigns")
        .join(format!("{}.json", base.id));
    {
        let a = machine(dir.path(), locks.path(), A);
        a.export(&Doc::new(base.clone()), &single)
            .expect("an older Muster's file");
        let library = a.load_library();
        assert_eq!(
            library.of::<Campaign>().next(),
            Some(&base),
            "opens as before"
        );
        let after = wound(&base, r, 1, ("Camille", 10));
        a.save(&Doc::new(after.clone())).expect("saved");
        assert!(!single.exists(), "the single file is gone from the library");
        assert_eq!(
            a.backups().of(&key(&base)).len(),
            1,
            "and kept among the backups"
        );
        let f = folder(dir.path(), &base);
        assert!(f.join(START_FILE).is_file());
        let journal = f.join(format!("{A}.{JOURNAL_EXT}"));
        let written = lines(&journal);
        assert_eq!(
            written.len(),
            2,
            "the start is the file as it was; the event made since is this machine's"
        );
        assert_eq!(written[0]["journal"]["machine"], A);
        assert_eq!(written[1]["entry"]["stamp"]["by"], "Camille");
        assert_eq!(campaign_of(&a, &base), after);
        // So an undo of that first event is a taking-back like any other.
        a.save(&Doc::new(base.clone())).expect("undone");
        assert!(lines(&journal)[2].get("take_back").is_some());
        assert_eq!(campaign_of(&a, &base), base);
        a.save(&Doc::new(after.clone())).expect("redone");
    }
    let again = machine(dir.path(), locks.path(), A);
    let library = again.load_library();
    assert!(library.unreadable.is_empty(), "{:?}", library.unreadable);
    assert_eq!(library.docs.len(), 1);
    assert_eq!(
        library.of::<Campaign>().next().map(|c| c.journal.len()),
        Some(base.journal.len() + 1)
    );
}

#[test]
fn two_machines_write_only_their_own_journals_and_read_the_same_campaign() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun on A");
    let b = machine(dir.path(), locks.path(), B);
    let seen_by_b = b.load_library();
    assert_eq!(seen_by_b.of::<Campaign>().next(), Some(&base));
    // Each plays on his own machine.
    let on_a = wound(&base, r, 1, ("Camille", 10));
    a.save(&Doc::new(on_a.clone())).expect("A saves");
    let on_b = new_turn(&base, r, ("Bruno", 20));
    b.save(&Doc::new(on_b.clone())).expect("B saves");
    let f = folder(dir.path(), &base);
    let a_lines = lines(&f.join(format!("{A}.{JOURNAL_EXT}")));
    let b_lines = lines(&f.join(format!("{B}.{JOURNAL_EXT}")));
    assert_eq!(
        (a_lines.len(), b_lines.len()),
        (2, 2),
        "a header and one event each"
    );
    assert_eq!(a_lines[1]["entry"]["stamp"]["by"], "Camille");
    assert_eq!(b_lines[1]["entry"]["stamp"]["by"], "Bruno");
    // B sees A's journal grow, and takes it in with his own.
    let changes = b.changes_on_disk();
    assert!(
        changes.iter().any(|c| c.key == key(&base) && c.live),
        "{changes:?}"
    );
    let merged = b
        .with_arrivals(&on_b)
        .expect("reads")
        .expect("journaled")
        .get::<Campaign>()
        .cloned()
        .expect("campaign");
    assert_eq!(merged.journal.len(), base.journal.len() + 2);
    let t = merged.table.as_ref().expect("table");
    let dace = crate::common::char_id(&base, "Trooper Dace");
    assert_eq!(t.wounds.get(&dace), Some(&1), "A's wound");
    assert_eq!(t.turn, on_b.table.as_ref().expect("table").turn, "B's turn");
    // A third machine reading the folder computes the same campaign.
    let c = machine(dir.path(), locks.path(), "cccccccccccccccc");
    assert_eq!(campaign_of(&c, &base), merged);
    // B saving the merged campaign writes nothing of A's.
    b.save(&Doc::new(merged)).expect("B saves again");
    assert_eq!(lines(&f.join(format!("{B}.{JOURNAL_EXT}"))).len(), 2);
    let names: Vec<String> = fs::read_dir(&f)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names.len(),
        3,
        "the start and two journals, no copy: {names:?}"
    );
}

#[test]
fn an_undo_is_a_taking_back_line_and_a_redo_writes_the_event_again() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let done = wound(&base, r, 2, ("Camille", 10));
    a.save(&Doc::new(done.clone())).expect("done");
    a.save(&Doc::new(base.clone())).expect("undone");
    let journal = folder(dir.path(), &base).join(format!("{A}.{JOURNAL_EXT}"));
    let written = lines(&journal);
    let id = done
        .journal
        .last()
        .and_then(|e| e.stamp.clone())
        .expect("stamp")
        .id;
    assert_eq!(written.len(), 3);
    assert_eq!(written[2]["take_back"]["id"], id.as_str());
    let other = machine(dir.path(), locks.path(), B);
    assert_eq!(
        campaign_of(&other, &base),
        base,
        "the other machines see it taken back"
    );
    a.save(&Doc::new(done.clone())).expect("redone");
    assert_eq!(lines(&journal).len(), 4);
    assert_eq!(campaign_of(&other, &base), done);
}

#[test]
fn a_line_cut_off_by_a_crash_is_not_read_and_is_cut_away_before_the_next_append() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let journal = folder(dir.path(), &base).join(format!("{A}.{JOURNAL_EXT}"));
    let once = wound(&base, r, 1, ("Camille", 10));
    {
        let a = machine(dir.path(), locks.path(), A);
        a.save(&Doc::new(base.clone())).expect("begun");
        a.save(&Doc::new(once.clone())).expect("saved");
    }
    // Killed half-way through the next append.
    let mut text = fs::read_to_string(&journal).expect("journal");
    text.push_str("{\"entry\":{\"mission\":1,\"ev");
    fs::write(&journal, &text).expect("torn");
    let a = machine(dir.path(), locks.path(), A);
    let library = a.load_library();
    assert!(library.unreadable.is_empty(), "{:?}", library.unreadable);
    assert_eq!(
        library.of::<Campaign>().next(),
        Some(&once),
        "every saved event kept"
    );
    let twice = wound(&once, r, 2, ("Camille", 20));
    a.save(&Doc::new(twice.clone()))
        .expect("saved after the crash");
    let written = lines(&journal);
    assert_eq!(
        written.len(),
        3,
        "the cut-off line is gone, every line whole"
    );
    assert_eq!(
        campaign_of(&machine(dir.path(), locks.path(), B), &base),
        twice
    );
}

#[test]
fn a_rename_is_a_line_every_machine_reads() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let mut renamed = base.clone();
    renamed.name = "Hive Tertius, second front".to_owned();
    a.save(&Doc::new(renamed.clone())).expect("renamed");
    let b = machine(dir.path(), locks.path(), B);
    assert_eq!(campaign_of(&b, &base).name, renamed.name);
    // A machine that read the campaign before the rename takes it in, and
    // its next save never writes the old name back.
    let c = machine(dir.path(), locks.path(), "cccccccccccccccc");
    let mut again = renamed.clone();
    again.name = "Hive Tertius, third front".to_owned();
    let on_c = campaign_of(&c, &base);
    a.save(&Doc::new(again.clone())).expect("renamed again");
    let taken = c
        .with_arrivals(&on_c)
        .expect("reads")
        .expect("journaled")
        .get::<Campaign>()
        .cloned()
        .expect("campaign");
    assert_eq!(taken.name, again.name);
    let played = wound(&taken, r, 1, ("Camille", 30));
    c.save(&Doc::new(played)).expect("C saves");
    assert_eq!(campaign_of(&b, &base).name, again.name);
}

#[test]
fn the_command_line_checks_and_exports_a_campaign_kept_as_journals() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let on_a = wound(&base, r, 1, ("Camille", 10));
    a.save(&Doc::new(on_a.clone())).expect("A");
    let b = machine(dir.path(), locks.path(), B);
    b.load_library();
    let both = new_turn(&on_a, r, ("Bruno", 20));
    b.save(&Doc::new(both.clone())).expect("B");
    let f = folder(dir.path(), &base);
    let shown = f.display().to_string();
    let data = tempfile::tempdir().expect("data");
    let run = crate::cli::muster(data.path(), &["check", &shown]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("ok: "), "{}", run.stdout);
    // Exported as one file, it is the campaign every machine reads.
    let out = data.path().join("one-file.json");
    let run = crate::cli::muster(
        data.path(),
        &[
            "export",
            &shown,
            "--format",
            "json",
            "-o",
            &out.display().to_string(),
        ],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let text = fs::read_to_string(&out).expect("written");
    let one: Campaign = muster::store::parse(&text, "x").expect("one campaign file");
    assert_eq!(one, both);
    // A broken line is named with its file and line.
    let theirs = f.join(format!("{B}.{JOURNAL_EXT}"));
    let mut lines = fs::read_to_string(&theirs).expect("B's journal");
    lines.push_str("{\"entry\": 3}\n");
    fs::write(&theirs, lines).expect("broken");
    let run = crate::cli::muster(data.path(), &["check", &shown]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("line 3"), "{}", run.stderr);
    assert!(
        run.stderr.contains(&theirs.display().to_string()),
        "{}",
        run.stderr
    );
}

#[test]
fn events_taken_in_as_they_come_are_the_campaign_a_fresh_read_gives() {
    // Two machines at one table, each taking the other's events in as
    // they arrive (played on top, or replayed when one comes out of
    // order): after every step, each holds what a machine reading the
    // folder afresh computes.
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let b = machine(dir.path(), locks.path(), B);
    b.load_library();
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let (mut on_a, mut on_b) = (base.clone(), base.clone());
    // The seconds each event is stamped with: one arrives late (7 after 9).
    let steps: [(bool, u32); 6] = [
        (true, 1),
        (false, 3),
        (true, 5),
        (false, 9),
        (true, 7),
        (false, 11),
    ];
    for (k, (by_a, at)) in steps.into_iter().enumerate() {
        let e = if k % 2 == 0 {
            E::Table(TableEdit::SetWounds {
                character: dace,
                wounds: (k % 3) as u32,
            })
        } else {
            E::Table(TableEdit::NewTurn { gain: None })
        };
        let (store, view, name) = if by_a {
            (&a, &mut on_a, "Camille")
        } else {
            (&b, &mut on_b, "Bruno")
        };
        *view = play(view, &[e], r, (name, at));
        store.save(&Doc::new(view.clone())).expect("saved");
        for (store, view) in [(&a, &mut on_a), (&b, &mut on_b)] {
            *view = store
                .with_arrivals(view)
                .expect("reads")
                .expect("journaled")
                .get::<Campaign>()
                .cloned()
                .expect("campaign");
        }
        let fresh = campaign_of(
            &machine(dir.path(), locks.path(), "cccccccccccccccc"),
            &base,
        );
        assert_eq!(on_a, fresh, "step {k}: A");
        assert_eq!(on_b, fresh, "step {k}: B");
    }
}

#[test]
fn a_journal_gone_while_a_sync_tool_replaces_it_is_read_once_it_is_back() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun on A");
    let b = machine(dir.path(), locks.path(), B);
    b.load_library();
    let on_a = wound(&base, r, 1, ("Camille", 10));
    a.save(&Doc::new(on_a)).expect("A saves");
    // The sync tool has A's journal listed in the folder but not there yet
    // when B reads it: its name points at a file still on its way.
    let journal = folder(dir.path(), &base).join(format!("{A}.{JOURNAL_EXT}"));
    let aside = dir.path().join("on-its-way");
    fs::rename(&journal, &aside).expect("moved aside");
    std::os::unix::fs::symlink(dir.path().join("not-there"), &journal).expect("a name alone");
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let wounds = |c: &Campaign| c.table.as_ref().and_then(|t| t.wounds.get(&dace).copied());
    let meanwhile = b
        .with_arrivals(&base)
        .expect("no error: the file is on its way")
        .expect("journaled");
    assert_eq!(wounds(meanwhile.get::<Campaign>().expect("campaign")), None);
    assert!(
        b.journals().take_look_again(),
        "the watcher is asked to look again"
    );
    assert!(!b.journals().take_look_again(), "once");
    // Once it is there, its lines come in.
    fs::remove_file(&journal).expect("the name alone gone");
    fs::rename(&aside, &journal).expect("delivered");
    let after = b.with_arrivals(&base).expect("reads").expect("journaled");
    assert_eq!(wounds(after.get::<Campaign>().expect("campaign")), Some(1));
}
