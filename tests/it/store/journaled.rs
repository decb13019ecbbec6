//! A campaign kept as one journal per machine: each machine appends only
//! to its own file, so a sync tool never has two writers of one file; the
//! campaign is every machine's events replayed in one order. A single file
//! converts on its first save (kept in the backups); an undo is a
//! taking-back line; a line cut off by a crash is never read, and is cut
//! away before the next append.

use std::fs;
use std::path::{Path, PathBuf};

use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, DocKey, RulesData};
use muster::store::journaled::{JOURNAL_EXT, START_FILE};
use muster::store::machine::MachineId;
use muster::store::{LockDir, Store};

use crate::common::rules;
use crate::rules::campaign::merge::{play, table};
use muster::rules::campaign::TableEdit;

const A: &str = "aaaaaaaaaaaaaaaa";
const B: &str = "bbbbbbbbbbbbbbbb";

/// The data folder `dir` opened as machine `id`, its lock apart (two
/// machines on one folder: a sync tool that delivers at once).
fn machine(dir: &Path, locks: &Path, id: &str) -> Store {
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

fn lines(path: &Path) -> Vec<serde_json::Value> {
    fs::read_to_string(path)
        .expect("journal")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a whole line"))
        .collect()
}

fn folder(dir: &Path, c: &Campaign) -> PathBuf {
    dir.join("campaigns").join(&c.id)
}

pub(crate) fn wound(c: &Campaign, r: &RulesData, wounds: u32, (by, at): (&str, u32)) -> Campaign {
    let dace = crate::common::char_id(c, "Trooper Dace");
    play(
        c,
        &[E::Table(TableEdit::SetWounds {
            character: dace,
            wounds,
        })],
        r,
        (by, at),
    )
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
            a.backups(&key(&base)).len(),
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
    let on_b = play(
        &base,
        &[E::Table(TableEdit::NewTurn { gain: None })],
        r,
        ("Bruno", 20),
    );
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
fn another_machine_s_journal_with_a_broken_line_is_read_up_to_it_and_this_machine_plays_on() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    // B's journal: a wound, then a line nobody can read, then a rename.
    let on_b = wound(&base, r, 1, ("Bruno", 10));
    let event = serde_json::to_string(&muster::store::journaled::Line::Entry(Box::new(
        muster::rules::campaign::Entry::clone(on_b.journal.last().expect("event")),
    )))
    .expect("line");
    let header = format!("{{\"journal\":{{\"format\":1,\"schema\":6,\"machine\":\"{B}\"}}}}");
    let theirs = folder(dir.path(), &base).join(format!("{B}.{JOURNAL_EXT}"));
    fs::write(
        &theirs,
        format!("{header}\n{event}\nnot json\n{{\"rename\":{{\"name\":\"x\"}}}}\n"),
    )
    .expect("written by hand");
    let library = a.load_library();
    let opened = library.of::<Campaign>().next().expect("the campaign opens");
    assert_eq!(
        opened.journal, on_b.journal,
        "with B's events before the line"
    );
    assert_ne!(opened.name, "x", "and none after it");
    let u = library.unreadable.first().expect("the journal is listed");
    assert_eq!(u.path, theirs);
    let said = muster::i18n::Lang::En.read_error(&u.reason);
    assert!(said.contains("line 3"), "{said}");
    assert_eq!(a.unreadable_journals(&key(&base)).len(), 1);
    // This machine plays on: its own journal is saved, B's left as it is.
    let before = fs::read(&theirs).expect("theirs");
    let then = wound(opened, r, 2, ("Camille", 20));
    a.save(&Doc::new(then.clone())).expect("A still saves");
    assert_eq!(fs::read(&theirs).expect("theirs"), before);
    // B's journal mended (a newer version synced): read whole at once.
    fs::write(
        &theirs,
        format!("{header}\n{event}\n{{\"rename\":{{\"name\":\"x\"}}}}\n"),
    )
    .expect("mended");
    let now = a
        .with_arrivals(&then)
        .expect("reads")
        .expect("journaled")
        .get::<Campaign>()
        .cloned()
        .expect("campaign");
    assert_eq!(now.name, "x");
    assert_eq!(now.journal, then.journal);
    assert!(a.unreadable_journals(&key(&base)).is_empty());
    // A journal from a newer Muster is read as far as its header: none of
    // it, said as such.
    fs::write(
        &theirs,
        format!("{{\"journal\":{{\"format\":1,\"schema\":99,\"machine\":\"{B}\"}}}}\n"),
    )
    .expect("newer");
    let library = a.load_library();
    assert_eq!(library.docs.len(), 1, "the campaign still opens");
    let said = muster::i18n::Lang::En.read_error(&library.unreadable[0].reason);
    assert!(said.contains("newer Muster"), "{said}");
    // This machine's own journal broken is refused: it is appended to.
    let mine = folder(dir.path(), &base).join(format!("{A}.{JOURNAL_EXT}"));
    let mut text = fs::read_to_string(&mine).expect("mine");
    text.push_str("not json\n");
    fs::write(&mine, text).expect("broken");
    let library = a.load_library();
    assert!(library.docs.is_empty());
    assert!(library.unreadable.iter().any(|u| u.path == mine));
}

/// What the library says it cannot read, in English, each with its file.
fn unreadable_said(store: &Store) -> Vec<(PathBuf, String)> {
    store
        .load_library()
        .unreadable
        .iter()
        .map(|u| (u.path.clone(), muster::i18n::Lang::En.read_error(&u.reason)))
        .collect()
}

/// A byte that is not text (UTF-8) in a journal, another machine's or this
/// one's, or in the campaign's start, is placed by its line and its column
/// counted in characters ("é" is one, two bytes).
#[test]
fn a_byte_that_is_not_text_in_a_journal_is_placed_by_its_line_and_column() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let header = format!("{{\"journal\":{{\"format\":1,\"schema\":6,\"machine\":\"{B}\"}}}}");
    let theirs = folder(dir.path(), &base).join(format!("{B}.{JOURNAL_EXT}"));
    // Line 3: 28 characters (30 bytes), then a byte that is not text.
    let mut bytes = format!("{header}\n{{\"rename\":{{\"name\":\"x\"}}}}\n").into_bytes();
    bytes.extend_from_slice("{\"rename\":{\"name\":\"Château é".as_bytes());
    bytes.push(0xff);
    bytes.extend_from_slice(b"\"}}\n");
    fs::write(&theirs, &bytes).expect("written by hand");
    let said = unreadable_said(&a);
    let (_, reason) = said
        .iter()
        .find(|(p, _)| *p == theirs)
        .expect("B's journal is listed");
    assert!(
        reason.contains("line 3, column 29") && reason.contains("not text (UTF-8)"),
        "{reason}"
    );
    fs::remove_file(&theirs).expect("B's journal gone");
    // This machine's own journal: refused, at the byte's place.
    let mine = folder(dir.path(), &base).join(format!("{A}.{JOURNAL_EXT}"));
    let mut own = fs::read(&mine).expect("mine");
    let line = own.iter().filter(|b| **b == b'\n').count() + 1;
    own.extend_from_slice("{\"rename\":{\"name\":\"Bé".as_bytes());
    own.push(0xc3);
    own.extend_from_slice(b"\"}}\n");
    fs::write(&mine, &own).expect("broken");
    let said = unreadable_said(&a);
    assert!(
        said.iter()
            .any(|(p, s)| *p == mine && s.contains(&format!("line {line}, column 22"))),
        "{said:?}"
    );
    own.truncate(own.len() - "{\"rename\":{\"name\":\"Bé\u{c3}\"}}\n".len());
    fs::write(&mine, &own).expect("mended");
    assert!(unreadable_said(&a).is_empty(), "mended");
    // The start: `"muster"` on its second line, after two spaces.
    let start = folder(dir.path(), &base).join(START_FILE);
    let text = fs::read(&start).expect("start");
    assert!(text.starts_with(b"{\n  \"muster\""), "as written");
    let mut broken = b"{\n  \"m".to_vec();
    broken.push(0xfe);
    broken.extend_from_slice(&text[b"{\n  \"m".len()..]);
    fs::write(&start, broken).expect("broken");
    let said = unreadable_said(&a);
    assert!(
        said.iter().any(|(_, s)| s.contains("line 2, column 5")),
        "{said:?}"
    );
}

/// A journal whose header says a newer journal format than this Muster
/// reads is refused naming the journal's format; a newer schema, the
/// schema's version.
#[test]
fn a_journal_of_a_newer_format_says_its_format_and_one_of_a_newer_schema_its_schema() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let theirs = folder(dir.path(), &base).join(format!("{B}.{JOURNAL_EXT}"));
    let header = |format: u32, schema: u32| {
        format!("{{\"journal\":{{\"format\":{format},\"schema\":{schema},\"machine\":\"{B}\"}}}}\n")
    };
    fs::write(&theirs, header(2, 6)).expect("a newer format");
    let said = unreadable_said(&a);
    let (_, reason) = said.first().expect("B's journal is listed");
    assert!(
        reason.contains("journal of format 2")
            && reason.contains("reads journal format 1")
            && reason.contains("newer Muster"),
        "{reason}"
    );
    assert!(!reason.contains("schema"), "{reason}");
    fs::write(&theirs, header(1, 99)).expect("a newer schema");
    let said = unreadable_said(&a);
    let (_, reason) = said.first().expect("B's journal is listed");
    assert!(
        reason.contains("schema version 99") && reason.contains("newer Muster"),
        "{reason}"
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
    let both = play(
        &on_a,
        &[E::Table(TableEdit::NewTurn { gain: None })],
        r,
        ("Bruno", 20),
    );
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

/// This machine's snapshot of a campaign (the only file under its
/// snapshots folder, beside its locks), if there is one.
fn snapshot_file(locks: &Path, id: &str) -> Option<PathBuf> {
    let root = locks.join(id).join("snapshots");
    let mut found = Vec::new();
    for folder in fs::read_dir(root).ok()?.filter_map(Result::ok) {
        for f in fs::read_dir(folder.path()).ok()?.filter_map(Result::ok) {
            found.push(f.path());
        }
    }
    assert!(found.len() <= 1, "one campaign, one snapshot: {found:?}");
    found.pop()
}

/// Renames the campaign inside its snapshot alone: a campaign opened with
/// that name came from the snapshot, not from a replay of its files.
fn mark_snapshot(path: &Path, name: &str) {
    let mut v: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(path).expect("snapshot")).expect("json");
    v["campaign"]["name"] = name.into();
    fs::write(path, serde_json::to_string(&v).expect("json")).expect("written");
}

#[test]
fn a_campaign_opens_from_this_machine_s_snapshot_while_its_files_are_those_it_was_replayed_from() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let on_a = wound(&base, r, 1, ("Camille", 10));
    let both = play(
        &on_a,
        &[E::Table(TableEdit::NewTurn { gain: None })],
        r,
        ("Bruno", 20),
    );
    {
        let a = machine(dir.path(), locks.path(), A);
        a.save(&Doc::new(base.clone())).expect("begun");
        a.save(&Doc::new(on_a.clone())).expect("A plays");
        let b = machine(dir.path(), locks.path(), B);
        b.save(&Doc::new(both.clone())).expect("B plays");
    }
    // A fresh read replays, and keeps what it found in the machine's cache
    // folder, never among the documents.
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base), both);
    let snap = snapshot_file(locks.path(), A).expect("a snapshot beside the locks");
    let in_documents = walk(dir.path());
    assert!(
        !in_documents
            .iter()
            .any(|p| p.to_string_lossy().contains("snapshot")),
        "{in_documents:?}"
    );
    drop(a);
    mark_snapshot(&snap, "From the snapshot");
    let a = machine(dir.path(), locks.path(), A);
    let opened = campaign_of(&a, &base);
    assert_eq!(opened.name, "From the snapshot", "read, not replayed");
    assert_eq!(opened.journal, both.journal);
    // Opened so, the store knows the files as a replay would: an undo of
    // A's own event is a taking-back, and every machine reads it.
    let mut without_a = base.clone();
    without_a
        .journal
        .extend(both.journal.range(base.journal.len() + 1..).cloned());
    let without_a = without_a.replay(r).expect("replays").0;
    a.save(&Doc::new(Campaign {
        name: opened.name.clone(),
        ..without_a.clone()
    }))
    .expect("A undoes his wound");
    let journal = folder(dir.path(), &base).join(format!("{A}.{JOURNAL_EXT}"));
    assert!(
        lines(&journal)
            .last()
            .expect("line")
            .get("take_back")
            .is_some()
    );
    let c = machine(dir.path(), locks.path(), "cccccccccccccccc");
    assert_eq!(campaign_of(&c, &base).journal, without_a.journal);
    // A's own journal grew since the snapshot: the next read replays.
    drop(a);
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base).journal, without_a.journal);
    assert_ne!(campaign_of(&a, &base).name, "From the snapshot");
}

#[test]
fn a_snapshot_is_not_used_once_another_machine_s_journal_changed_or_the_rules_did() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let on_b = play(
        &base,
        &[E::Table(TableEdit::NewTurn { gain: None })],
        r,
        ("Bruno", 20),
    );
    {
        let b = machine(dir.path(), locks.path(), B);
        b.save(&Doc::new(base.clone())).expect("begun");
        b.save(&Doc::new(on_b.clone())).expect("B plays");
    }
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base), on_b);
    drop(a);
    let snap = snapshot_file(locks.path(), A).expect("snapshot");
    mark_snapshot(&snap, "From the snapshot");
    // The rules changed (the user's own files): replayed.
    let a = machine(dir.path(), locks.path(), A);
    let mut other = r.clone();
    other.campaign.fate_points_per_player += 1;
    a.replay_rules().set(&other);
    assert_ne!(campaign_of(&a, &base).name, "From the snapshot");
    drop(a);
    // B's journal replaced by one of the same length: replayed too.
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base), on_b);
    drop(a);
    mark_snapshot(
        &snapshot_file(locks.path(), A).expect("snapshot"),
        "From the snapshot",
    );
    let journal = folder(dir.path(), &base).join(format!("{B}.{JOURNAL_EXT}"));
    let text = fs::read_to_string(&journal).expect("journal");
    fs::write(&journal, text.replace("Bruno", "Brunx")).expect("replaced");
    let a = machine(dir.path(), locks.path(), A);
    let read = campaign_of(&a, &base);
    assert_ne!(read.name, "From the snapshot");
    assert_eq!(
        read.journal
            .last()
            .and_then(|e| e.stamp.as_ref())
            .and_then(|s| s.by.clone()),
        Some("Brunx".to_owned())
    );
    drop(a);
    // A snapshot that is not one (cut short, from a cache cleaner, a newer
    // Muster) is only a slower opening.
    fs::write(
        snapshot_file(locks.path(), A).expect("snapshot"),
        "{\"format\": 9",
    )
    .expect("w");
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base).journal, read.journal);
}

#[test]
fn a_closing_muster_brings_its_snapshots_up_to_what_it_saved() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let mut c = base.clone();
    for w in 1..=3 {
        c = wound(&c, r, w, ("Camille", 10 + w));
        a.save(&Doc::new(c.clone())).expect("saved");
    }
    a.keep_snapshots();
    drop(a);
    mark_snapshot(
        &snapshot_file(locks.path(), A).expect("snapshot"),
        "From the snapshot",
    );
    let a = machine(dir.path(), locks.path(), A);
    let opened = campaign_of(&a, &base);
    assert_eq!(opened.name, "From the snapshot", "its own saves are in it");
    assert_eq!(opened.journal, c.journal);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).expect("dir").filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        }
        out.push(p);
    }
    out
}

#[test]
fn a_file_s_hash_is_the_same_however_its_bytes_were_read_and_changes_with_any_byte() {
    use muster::store::journaled::FileHash;
    let text = b"{\"journal\":{}}\n{\"entry\":{\"mission\":1}}\n{\"take_back\":{\"id\":\"x\"}}\n";
    let at_once = FileHash::of(text);
    for cut in [1, 3, 8, 13, 16, 40] {
        let mut in_two = FileHash::of(&text[..cut]);
        in_two.more(&text[cut..]);
        assert_eq!(in_two, at_once, "cut at {cut}");
    }
    let mut byte_by_byte = FileHash::default();
    for b in text {
        byte_by_byte.more(&[*b]);
    }
    assert_eq!(byte_by_byte, at_once);
    for at in [0, 7, 30, text.len() - 1] {
        let mut changed = text.to_vec();
        changed[at] ^= 1;
        assert_ne!(FileHash::of(&changed), at_once, "byte {at}");
    }
    assert_ne!(
        FileHash::of(&text[..text.len() - 1]),
        at_once,
        "one byte less"
    );
}
