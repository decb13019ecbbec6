//! Crash safety: Muster killed at any moment of its saves loses nothing that
//! was saved, and never leaves a file that cannot be read.
//!
//! The parent test runs this very test binary again as a child that edits a
//! library forever (`child_save_loop`, ignored unless asked for), and kills
//! it (SIGKILL on Unix) at random moments, many times over the same data
//! folder. The library holds rosters and a campaign at the table, whose
//! saves keep each journal entry's text from the last save (the
//! incremental save). The child edits as the window does: each command hands
//! the document to the app's writer thread and goes on; a few commands in a
//! row, then it waits for the writer to report every write durable. Before
//! each command it writes to a journal the document it is about to save,
//! and once the writer reported them all, that they are saved: so the
//! parent knows, after each kill, the states a file may hold (the last
//! saved one, or one of those in flight) and checks the disk against them.
//!
//! `MUSTER_CRASH_KILLS=1000` runs a long run; `MUSTER_CRASH_SEED` picks
//! another sequence of moments.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write as _;
use std::path::Path;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

use crate::common::rules;
use muster::app::{App, Command, Prefs, SaveState, ScriptedDesktop};
use muster::rules::campaign::{Campaign, CampaignEdit};
use muster::rules::campaign::{TableEdit, TurnEdit};
use muster::rules::core::dice::{DiceRng, seeded};
use muster::rules::killteam::activation::Act;
use muster::rules::{
    Character, CharacterEdit, Characteristic, Doc, DocKey, Document, Edit, NewCharacter, Roster,
    RosterEdit,
};
use muster::store::Store;
use rand::Rng;
use serde::{Deserialize, Serialize};

const CHILD_DIR: &str = "MUSTER_CRASH_CHILD_DIR";
const CHILD_JOURNAL: &str = "MUSTER_CRASH_CHILD_JOURNAL";
const CHILD_SEED: &str = "MUSTER_CRASH_CHILD_SEED";
const CHILD_TEST: &str = "app::crash::child_save_loop";

/// Appends one line to the journal and makes it durable before going on.
pub(super) fn journal_line(journal: &mut File, line: &str) {
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

/// A random event at the table of `campaign`: wounds ticked, a character
/// out of action or back, a soldier's action or one taken back. Each one adds a journal entry: the saves keep the
/// text of the others.
pub(super) fn random_campaign_command(campaign: &Campaign, rng: &mut DiceRng) -> Option<Command> {
    let players = &campaign.table.as_ref()?.players;
    let character = *players.get(rng.random_range(0..players.len().max(1)))?;
    let acts = [Act::Move, Act::Shoot, Act::GoProne, Act::StandUp];
    let edit = match rng.random_range(0..10) {
        0..5 => CampaignEdit::Table(TableEdit::SetWounds {
            character,
            wounds: rng.random_range(0..=2),
        }),
        5..7 => CampaignEdit::Table(TableEdit::SetOutOfAction {
            character,
            out: rng.random_bool(0.5),
        }),
        // A soldier's action at the table, or one taken back (KT-9).
        7..9 => CampaignEdit::Turn(TurnEdit::Act {
            character,
            act: acts[rng.random_range(0..acts.len())],
        }),
        _ => CampaignEdit::Turn(TurnEdit::TakeBackAct { character }),
    };
    Some(Command::Edit(
        DocKey::of::<Campaign>(campaign.id.clone()),
        Edit::new(edit),
    ))
}

/// What the campaign becomes (`None`: refused or no change).
fn predict_campaign(app: &App, campaign: &Campaign, command: &Command) -> Option<Campaign> {
    let Command::Edit(_, Edit::Campaign(edit)) = command else {
        return None;
    };
    let edit = edit.clone();
    // None of the events chosen rolls dice.
    let (after, _) = campaign
        .apply(edit, &app.model.rules, &mut seeded(0))
        .ok()?;
    (after != *campaign).then_some(after)
}

/// A document of the library, as journaled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum State {
    Roster(Roster),
    Campaign(Box<Campaign>),
}

impl State {
    fn of(doc: &Doc) -> Option<Self> {
        if let Some(r) = doc.get::<Roster>() {
            Some(Self::Roster(r.clone()))
        } else {
            doc.get::<Campaign>()
                .map(|c| Self::Campaign(Box::new(c.clone())).bare())
        }
    }

    /// The state without its journal's stamps (an id drawn and the time,
    /// which no prediction foresees): states compare without them.
    fn bare(self) -> Self {
        match self {
            Self::Campaign(mut c) => {
                for i in 0..c.journal.len() {
                    let e = &mut c.journal[i];
                    if e.stamp.is_some() {
                        let mut bare = muster::rules::campaign::Entry::clone(e);
                        bare.stamp = None;
                        *e = std::sync::Arc::new(bare);
                    }
                }
                Self::Campaign(c)
            }
            roster => roster,
        }
    }

    fn key(&self) -> DocKey {
        match self {
            Self::Roster(r) => DocKey::of::<Roster>(r.id.clone()),
            Self::Campaign(c) => DocKey::of::<Campaign>(c.id.clone()),
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
        Command::Edit(_, Edit::Roster(edit)) => {
            let edit = edit.clone();
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
#[ignore = "the child of app::crash::killed_at_random_moments_muster_loses_nothing"]
fn child_save_loop() {
    let Some((dir, mut journal, seed)) = child_env(CHILD_DIR, CHILD_JOURNAL, CHILD_SEED) else {
        return;
    };
    let mut app = App::new(
        Some(Path::new(&dir)),
        &Prefs::default(),
        Box::new(ScriptedDesktop::default()),
        seed,
    )
    .expect("app");
    assert!(
        !app.model.folder.read_only,
        "the parent let go of the library"
    );
    assert!(
        app.model.library.unreadable.is_empty(),
        "{:?}",
        app.model.library.unreadable
    );
    let mut rng = seeded(seed);
    journal_line(&mut journal, "R");
    loop {
        // A few commands in a row, each handed to the writer at once (a
        // newer version of a document may replace one still waiting).
        let mut handed = 0;
        for _ in 0..rng.random_range(1..=4) {
            let (command, expected) = if rng.random_bool(0.35) {
                let campaign = app
                    .model
                    .get::<Campaign>(CAMPAIGN)
                    .cloned()
                    .expect("the campaign");
                let Some(command) = random_campaign_command(&campaign, &mut rng) else {
                    continue;
                };
                let Some(after) = predict_campaign(&app, &campaign, &command) else {
                    continue;
                };
                (command, State::Campaign(Box::new(after)))
            } else {
                let rosters: Vec<Roster> = app.model.rosters().cloned().collect();
                let roster = &rosters[rng.random_range(0..rosters.len())];
                let command = random_command(roster, &mut rng);
                let Some(after) = predict(&app, roster, &command) else {
                    continue;
                };
                (command, State::Roster(after))
            };
            let json = serde_json::to_string(&expected).expect("serializes");
            journal_line(&mut journal, &format!("P {json}"));
            app.apply(command);
            handed += 1;
            let key = expected.key();
            assert_eq!(
                app.model.doc(&key).and_then(State::of),
                Some(expected.bare())
            );
        }
        // As the window does: look at what the writer reported until it
        // reported everything; only then is it saved.
        while app.poll_saves() {
            std::thread::sleep(Duration::from_micros(200));
        }
        assert_eq!(app.model.feedback.save_state, SaveState::Saved);
        assert!(!app.has_unsaved());
        if handed > 0 {
            journal_line(&mut journal, "S");
        }
    }
}

/// A child's folder, its journal (opened to append) and its seed, from
/// the variables named; `None` when run without them (not as a child).
pub(super) fn child_env(
    dir: &str,
    journal: &str,
    seed: &str,
) -> Option<(std::ffi::OsString, File, u64)> {
    let (dir, journal) = (std::env::var_os(dir)?, std::env::var_os(journal)?);
    let seed = std::env::var(seed)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let journal = OpenOptions::new()
        .create(true)
        .append(true)
        .open(journal)
        .expect("journal");
    Some((dir, journal, seed))
}

/// One line of the journal.
enum Entry {
    /// The child is ready: the app is open.
    Ready,
    /// About to save this state.
    Pending(State),
    /// The writer reported every pending state durable.
    Saved,
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
            None if line == "S" => Entry::Saved,
            Some(("P", json)) => Entry::Pending(
                serde_json::from_str::<State>(json)
                    .expect("journal state")
                    .bare(),
            ),
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

pub(super) fn child_output(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_default()
}

/// Kills the child, which must still be running.
pub(super) fn kill_child(child: &mut Child, stderr: &Path) {
    if let Some(status) = child.try_wait().expect("try_wait") {
        panic!(
            "the child ended on its own ({status}):\n{}",
            child_output(stderr)
        );
    }
    child.kill().expect("kill");
    child.wait().expect("wait");
}

/// Waits for the child to open the app (its first journal line).
pub(super) fn wait_ready(child: &mut Child, journal: &Path, stderr: &Path) {
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

pub(super) fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The id of the campaign of the library.
const CAMPAIGN: &str = "hive-tertius";

/// The library the child starts from: two bands with points to spend, and
/// the example campaign with its next mission begun.
fn first_library() -> Vec<State> {
    let mut docs: Vec<State> = ["alpha", "beta"]
        .iter()
        .map(|id| {
            let mut r = Roster::new(*id, format!("Band {id}"));
            for cid in 1..=3 {
                let mut c = Character::new(cid, format!("Trooper {cid}"), "human");
                c.advance_points = 6;
                r.characters.push(c);
            }
            State::Roster(r)
        })
        .collect();
    let rules = rules();
    let campaign = crate::common::example_campaign_at_the_table(rules);
    assert_eq!(campaign.id, CAMPAIGN);
    docs.push(State::Campaign(Box::new(campaign)));
    docs
}

fn doc_of(state: &State) -> Doc {
    match state {
        State::Roster(r) => Doc::new(r.clone()),
        State::Campaign(c) => Doc::new(Campaign::clone(c)),
    }
}

#[test]
fn killed_at_random_moments_muster_loses_nothing() {
    let kills = env_number("MUSTER_CRASH_KILLS", 25);
    let seed = env_number("MUSTER_CRASH_SEED", 0x5eed_c0de);
    let root = tempfile::tempdir().expect("tempdir");
    let data = root.path().join("data");
    let journal = root.path().join("journal");
    let stderr = root.path().join("child-stderr");
    let folders = [data.join("rosters"), data.join("campaigns")];

    // What the parent knows is on disk: the last state saved of each one.
    let mut saved: BTreeMap<DocKey, State> = BTreeMap::new();
    {
        let store = Store::open(&data).expect("open");
        for state in first_library() {
            store.save(&doc_of(&state)).expect("save");
            saved.insert(state.key(), state);
        }
    }

    let exe = std::env::current_exe().expect("the test binary");
    let mut rng = seeded(seed);
    let start = Instant::now();
    let (mut lost, mut unreadable, mut saves, mut in_flight, mut leftovers) = (0, 0, 0, 0, 0);
    let mut failures: Vec<String> = Vec::new();
    let mut done = 0;
    let mut campaign_saves = 0;
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
        kill_child(&mut child, &stderr);

        // What the journal says may be on disk: the states in flight, in
        // the order they were handed over.
        let mut pending: Vec<State> = Vec::new();
        for entry in read_journal(&journal) {
            match entry {
                Entry::Ready => {}
                Entry::Pending(state) => pending.push(state),
                Entry::Saved => {
                    assert!(!pending.is_empty(), "a saved state was pending");
                    for state in pending.drain(..) {
                        campaign_saves += usize::from(matches!(state, State::Campaign(_)));
                        saved.insert(state.key(), state);
                        saves += 1;
                    }
                }
            }
        }

        // The next instance to open the library clears what the kill left.
        leftovers += folders.iter().map(|f| temp_files(f).len()).sum::<usize>();
        let store = Store::open(&data).expect("open");
        assert!(!store.read_only(), "the killed child let go of the lock");
        let left: Vec<String> = folders.iter().flat_map(|f| temp_files(f)).collect();
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
        let on_disk: BTreeMap<DocKey, State> = library
            .docs
            .iter()
            .filter_map(State::of)
            .map(|s| (s.key(), s))
            .collect();
        for (key, last) in &saved {
            let id = &key.id;
            let Some(disk) = on_disk.get(key) else {
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
            if pending.iter().any(|p| p == disk) {
                in_flight += 1;
                continue;
            }
            lost += 1;
            let in_flight: Vec<&State> = pending.iter().filter(|p| p.key() == *key).collect();
            failures.push(format!(
                "kill {kill}: {id} on disk is neither the last saved state nor one in flight:\n\
                 disk:    {disk:?}\nsaved:   {last:?}\npending: {in_flight:?}"
            ));
        }
        for key in on_disk.keys().filter(|key| !saved.contains_key(*key)) {
            failures.push(format!("kill {kill}: {} appeared from nowhere", key.id));
        }
        // Every backup made along the way reads too.
        for key in saved.keys() {
            for backup in store.backups().of(key) {
                if let Err(e) = store.listing().read_file(&backup) {
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
         ({saves} saves completed, {campaign_saves} of them the campaign's, {in_flight} kills left the save in flight on disk, \
         {leftovers} temporary files cleared; seed {seed:#x}; {:.1} s)",
        start.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!((lost, unreadable), (0, 0));
    assert!(saves > 0, "the child saved something between kills");
    assert!(campaign_saves > 0, "the campaign was saved too");
}
