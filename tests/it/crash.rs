//! Crash safety: Muster killed at any moment of its saves loses nothing that
//! was saved, and never leaves a file that cannot be read.
//!
//! The parent test runs this very test binary again as a child that edits a
//! library forever (`child_save_loop`, ignored unless asked for), and kills
//! it (SIGKILL on Unix) at random moments, many times over the same data
//! folder. Before each edit the child writes to a journal the document it is
//! about to save, and after the save returned, that it did: so the parent
//! knows, after each kill, the two states a file may hold (the last saved one,
//! or the one in flight) and checks the disk against them.
//!
//! `MUSTER_CRASH_KILLS=1000` runs a long run; `MUSTER_CRASH_SEED` picks
//! another sequence of moments.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write as _;
use std::path::Path;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

use muster::app::{App, Command, Prefs, SaveState, ScriptedDesktop};
use muster::rules::core::dice::{DiceRng, seeded};
use muster::rules::{
    Character, CharacterEdit, Characteristic, DocKey, DocKind, NewCharacter, Roster, RosterEdit,
};
use muster::store::Store;
use rand::Rng;

use crate::common::{AllRosters as _, RosterStore as _};

const CHILD_DIR: &str = "MUSTER_CRASH_CHILD_DIR";
const CHILD_JOURNAL: &str = "MUSTER_CRASH_CHILD_JOURNAL";
const CHILD_SEED: &str = "MUSTER_CRASH_CHILD_SEED";
const CHILD_TEST: &str = "crash::child_save_loop";

/// Appends one line to the journal and makes it durable before going on.
fn journal_line(journal: &mut File, line: &str) {
    let mut bytes = line.as_bytes().to_vec();
    bytes.push(b'\n');
    journal.write_all(&bytes).expect("journal");
    journal.sync_data().expect("journal sync");
}

/// A random edit of `roster`, as the app gets it.
fn random_command(roster: &Roster, rng: &mut DiceRng) -> Command {
    let id = roster.id.clone();
    let character = |rng: &mut DiceRng| {
        let c = &roster.characters[rng.random_range(0..roster.characters.len())];
        c.id
    };
    let characteristic =
        |rng: &mut DiceRng| Characteristic::ALL[rng.random_range(0..Characteristic::ALL.len())];
    match rng.random_range(0..100) {
        0..30 if !roster.characters.is_empty() => {
            let (cid, ch) = (character(rng), characteristic(rng));
            Command::character(id, cid, CharacterEdit::Spend(ch))
        }
        30..50 if !roster.characters.is_empty() => {
            let (cid, ch) = (character(rng), characteristic(rng));
            Command::character(id, cid, CharacterEdit::Refund(ch))
        }
        50..60 if !roster.characters.is_empty() => {
            let (cid, points) = (character(rng), rng.random_range(0..=12));
            Command::character(id, cid, CharacterEdit::SetAdvancePoints(points))
        }
        60..72 if !roster.characters.is_empty() => {
            let (cid, n) = (character(rng), rng.random_range(0..100_000));
            Command::character(id, cid, CharacterEdit::Rename(format!("Trooper {n}")))
        }
        72..80 => {
            let n = rng.random_range(0..100_000);
            Command::Rename(DocKey::of::<Roster>(id), format!("Band {n}"))
        }
        80..90 if roster.characters.len() < 8 => Command::roster(
            id,
            RosterEdit::AddCharacter {
                name: format!("Recruit {}", rng.random_range(0..1000)),
                how: NewCharacter::Standard {
                    race: "human".to_owned(),
                    type_id: rng.random_bool(0.5).then(|| "champion".to_owned()),
                },
            },
        ),
        90..95 if roster.characters.len() > 1 => {
            let cid = character(rng);
            Command::roster(id, RosterEdit::RemoveCharacter(cid))
        }
        _ => {
            // Notes of any length: saves of very different sizes.
            let len = rng.random_range(0..4000);
            let notes: String = (0..len)
                .map(|i| if i % 61 == 60 { '\n' } else { 'x' })
                .collect();
            Command::roster(id, RosterEdit::SetNotes(notes))
        }
    }
}

/// What `command` makes of `roster` (`None`: refused or no change), worked
/// out apart from the app, so that it can be journaled before the app saves.
fn predict(app: &App, roster: &Roster, command: &Command) -> Option<Roster> {
    let after = match command {
        Command::Rename(_, name) => {
            let mut r = roster.clone();
            r.set_name(name.clone());
            r
        }
        Command::Edit(_, edit) => {
            let edit = edit.get::<RosterEdit>()?.clone();
            // None of the edits chosen rolls dice.
            let (r, _) = roster.apply(edit, &app.model.rules, &mut seeded(0)).ok()?;
            r
        }
        _ => return None,
    };
    (after != *roster).then_some(after)
}

/// The child: edits the library of `$MUSTER_CRASH_CHILD_DIR` until killed.
/// Does nothing when run without it.
#[test]
#[ignore = "the child of crash::killed_at_random_moments_muster_loses_nothing"]
fn child_save_loop() {
    let (Some(dir), Some(journal)) = (std::env::var_os(CHILD_DIR), std::env::var_os(CHILD_JOURNAL))
    else {
        return;
    };
    let seed = std::env::var(CHILD_SEED)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut journal = OpenOptions::new()
        .create(true)
        .append(true)
        .open(journal)
        .expect("journal");
    let mut app = App::new(
        Some(Path::new(&dir)),
        &Prefs::default(),
        Box::new(ScriptedDesktop::default()),
        seed,
    )
    .expect("app");
    assert!(!app.model.read_only, "the parent let go of the library");
    assert!(
        app.model.unreadable.is_empty(),
        "{:?}",
        app.model.unreadable
    );
    let mut rng = seeded(seed);
    journal_line(&mut journal, "R");
    loop {
        let rosters = app.model.all_rosters();
        let roster = &rosters[rng.random_range(0..rosters.len())];
        let command = random_command(roster, &mut rng);
        let Some(expected) = predict(&app, roster, &command) else {
            continue;
        };
        let json = serde_json::to_string(&expected).expect("serializes");
        journal_line(&mut journal, &format!("P {json}"));
        app.apply(command);
        assert_eq!(app.model.roster(&expected.id), Some(&expected));
        assert_eq!(app.model.save_state, SaveState::Saved);
        assert!(!app.has_unsaved());
        journal_line(&mut journal, &format!("S {}", expected.id));
    }
}

/// One line of the journal.
enum Entry {
    /// The child is ready: the app is open.
    Ready,
    /// About to save this state.
    Pending(Roster),
    /// The save of the pending state returned.
    Saved(String),
}

/// The complete lines of the journal (a kill may cut the last one: that
/// edit had not started).
fn read_journal(path: &Path) -> Vec<Entry> {
    let text = fs::read_to_string(path).unwrap_or_default();
    let complete = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    complete
        .lines()
        .map(|line| match line.split_once(' ') {
            None if line == "R" => Entry::Ready,
            Some(("P", json)) => Entry::Pending(serde_json::from_str(json).expect("journal state")),
            Some(("S", id)) => Entry::Saved(id.to_owned()),
            _ => panic!("bad journal line: {line}"),
        })
        .collect()
}

fn temp_files(folder: &Path) -> Vec<String> {
    fs::read_dir(folder)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".tmp"))
                .collect()
        })
        .unwrap_or_default()
}

fn child_output(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_default()
}

/// Waits for the child to open the app (its first journal line).
fn wait_ready(child: &mut Child, journal: &Path, stderr: &Path) {
    let start = Instant::now();
    loop {
        if fs::read_to_string(journal).is_ok_and(|t| t.starts_with("R\n")) {
            return;
        }
        if let Some(status) = child.try_wait().expect("try_wait") {
            panic!(
                "the child ended on its own ({status}):\n{}",
                child_output(stderr)
            );
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the child never got ready"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The library the child starts from: two bands with points to spend.
fn first_library() -> Vec<Roster> {
    ["alpha", "beta"]
        .iter()
        .map(|id| {
            let mut r = Roster::new(*id, format!("Band {id}"));
            for cid in 1..=3 {
                let mut c = Character::new(cid, format!("Trooper {cid}"), "human");
                c.advance_points = 6;
                r.characters.push(c);
            }
            r
        })
        .collect()
}

#[test]
fn killed_at_random_moments_muster_loses_nothing() {
    let kills = env_number("MUSTER_CRASH_KILLS", 25);
    let seed = env_number("MUSTER_CRASH_SEED", 0x5eed_c0de);
    let root = tempfile::tempdir().expect("tempdir");
    let data = root.path().join("data");
    let journal = root.path().join("journal");
    let stderr = root.path().join("child-stderr");
    let rosters = data.join("rosters");

    // What the parent knows is on disk: the last state saved of each one.
    let mut saved: BTreeMap<String, Roster> = BTreeMap::new();
    {
        let store = Store::open(&data).expect("open");
        for r in first_library() {
            store.save_roster(&r).expect("save");
            saved.insert(r.id.clone(), r);
        }
    }

    let exe = std::env::current_exe().expect("the test binary");
    let mut rng = seeded(seed);
    let start = Instant::now();
    let (mut lost, mut unreadable, mut saves, mut in_flight, mut leftovers) = (0, 0, 0, 0, 0);
    let mut failures: Vec<String> = Vec::new();
    let mut done = 0;
    for kill in 0..kills {
        done += 1;
        let _ = fs::remove_file(&journal);
        let mut child = Process::new(&exe)
            .args([CHILD_TEST, "--exact", "--ignored", "--nocapture"])
            .args(["--test-threads", "1"])
            .env(CHILD_DIR, &data)
            .env(CHILD_JOURNAL, &journal)
            .env(CHILD_SEED, (seed ^ kill).to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(&stderr).expect("stderr file"))
            .spawn()
            .expect("spawn the child");
        wait_ready(&mut child, &journal, &stderr);
        std::thread::sleep(Duration::from_millis(rng.random_range(5..=60)));
        if let Some(status) = child.try_wait().expect("try_wait") {
            panic!(
                "the child ended on its own ({status}):\n{}",
                child_output(&stderr)
            );
        }
        child.kill().expect("kill");
        child.wait().expect("wait");

        // What the journal says may be on disk.
        let mut pending: Option<Roster> = None;
        for entry in read_journal(&journal) {
            match entry {
                Entry::Ready => {}
                Entry::Pending(r) => pending = Some(r),
                Entry::Saved(id) => {
                    let r = pending.take().expect("a saved state was pending");
                    assert_eq!(r.id, id);
                    saved.insert(id, r);
                    saves += 1;
                }
            }
        }

        // The next instance to open the library clears what the kill left.
        leftovers += temp_files(&rosters).len();
        let store = Store::open(&data).expect("open");
        assert!(!store.read_only(), "the killed child let go of the lock");
        let left = temp_files(&rosters);
        assert!(
            left.is_empty(),
            "kill {kill}: leftovers survive an open: {left:?}"
        );
        let library = store.load_library();
        unreadable += library.unreadable.len();
        for u in &library.unreadable {
            failures.push(format!(
                "kill {kill}: unreadable {}: {}",
                u.path.display(),
                muster::i18n::Lang::En.read_error(&u.reason)
            ));
        }
        let on_disk: BTreeMap<String, Roster> = library
            .all_rosters()
            .into_iter()
            .map(|r| (r.id.clone(), r))
            .collect();
        for (id, last) in &saved {
            let Some(disk) = on_disk.get(id) else {
                if !library
                    .unreadable
                    .iter()
                    .any(|u| u.path.ends_with(format!("{id}.json")))
                {
                    lost += 1;
                    failures.push(format!("kill {kill}: {id} is gone"));
                }
                continue;
            };
            if disk == last {
                continue;
            }
            if pending.as_ref() == Some(disk) {
                in_flight += 1;
                continue;
            }
            lost += 1;
            failures.push(format!(
                "kill {kill}: {id} on disk is neither the last saved state nor the one in flight:\n\
                 disk:    {disk:?}\nsaved:   {last:?}\npending: {pending:?}"
            ));
        }
        for id in on_disk.keys().filter(|id| !saved.contains_key(*id)) {
            failures.push(format!("kill {kill}: {id} appeared from nowhere"));
        }
        // Every backup made along the way reads too.
        for id in saved.keys() {
            for backup in store.roster_backups(id) {
                if let Err(e) = store.read_file(&backup) {
                    unreadable += 1;
                    failures.push(format!("kill {kill}: backup unreadable: {e}"));
                }
            }
        }
        // What the next child starts from (after a failure, the next child
        // could not start: stop and report).
        saved = on_disk;
        drop(store);
        if !failures.is_empty() {
            break;
        }
    }
    println!(
        "crash: {done} kills, {lost} lost, {unreadable} unreadable \
         ({saves} saves completed, {in_flight} kills left the save in flight on disk, \
         {leftovers} temporary files cleared; seed {seed:#x}; {:.1} s)",
        start.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!((lost, unreadable), (0, 0));
    assert!(saves > 0, "the child saved something between kills");
}
