//! Ticks at the table as the window makes them, each saved by the writer
//! thread: the frame's share and the time to "saved".

use std::io::Write as _;
use std::time::{Duration, Instant};

use muster::app::{App, Command, Prefs, SaveState, ScriptedDesktop};
use muster::rules::campaign::{Campaign, CampaignEdit as E, CharId, TableEdit};
use muster::rules::{Doc, DocKey, Edit};

use crate::stats;

/// A tick at the table: wounds or out of action, the `i`th.
fn tick(key: &DocKey, players: &[CharId], i: usize) -> Command {
    let character = players[i % players.len()];
    let e = if i.is_multiple_of(3) {
        E::Table(TableEdit::SetOutOfAction {
            character,
            out: (i / 3).is_multiple_of(2),
        })
    } else {
        E::Table(TableEdit::SetWounds {
            character,
            wounds: (i % 4) as u32,
        })
    };
    Command::Edit(key.clone(), Edit::new(e))
}

/// 1,000 ticks at the table in a row, as the window makes them: the
/// command pushed, applied at the end of the frame (its save handed to the
/// writer), the frame over. Then the window idles until the writer wakes
/// it with its report, as eframe's window sleeps between frames until a
/// repaint is asked for (the writer asks for one when a write ends): the
/// time to "saved" is the writer's, not a looking interval's. The next tick
/// comes no sooner than 25 ms after the last (faster than any player
/// clicks). Printed: the frame's share of each tick (target: p99 at most
/// 2 ms, at most 4 ms), the time from a tick to "saved" against one journal
/// line appended with its fsync halfway between two ticks, the disk as busy
/// as for the ticks (target: at most 1.5 times), and, for
/// comparison, a window that looks at the writer every 50 µs instead of
/// idling (its looks take the core the writer would run on), and the same
/// ticks with no library.
pub fn ticks_at_the_table(app: &mut App, key: &DocKey, players: &[CharId]) {
    const TICKS: usize = 1000;
    const EVERY: Duration = Duration::from_millis(25);
    const LOOK: Duration = Duration::from_micros(50);
    app.flush_saves();
    let size = app
        .store()
        .map(|s| s.listing().path(key))
        .and_then(|p| std::fs::metadata(p).ok())
        .map_or(0, |m| m.len());
    let characters = app
        .model
        .get::<Campaign>(&key.id)
        .map_or(0, |c| c.characters.len());
    println!(
        "ticks at the table: the campaign has {characters} characters, {:.2} MB on disk",
        size as f64 / 1e6
    );
    // What the disk alone asks, measured between the ticks so that both
    // see the disk as it is then: one line appended to a journal beside
    // the campaign's and made durable, as a tick's save does, halfway
    // between two ticks.
    let scratch = app
        .store()
        .map(|s| s.dir().join("bench-append.jsonl"))
        .expect("a library");
    let line = format!("{{\"event\":{}}}\n", "x".repeat(300));
    let mut frames = Vec::with_capacity(TICKS);
    let mut to_saved = Vec::with_capacity(TICKS);
    let mut appends = Vec::with_capacity(TICKS);
    for i in 0..TICKS {
        let start = Instant::now();
        app.push(tick(key, players, i));
        app.apply_pending();
        app.poll_jobs();
        frames.push(start.elapsed());
        // The window idles until the writer's report wakes it.
        assert!(app.settle_saves_within(Duration::from_secs(5)), "written");
        assert_eq!(app.model.feedback.save_state, SaveState::Saved);
        to_saved.push(start.elapsed());
        if let Some(rest) = (EVERY / 2).checked_sub(start.elapsed()) {
            std::thread::sleep(rest);
        }
        appends.push(append_with_fsync(&scratch, &line));
        if let Some(rest) = EVERY.checked_sub(start.elapsed()) {
            std::thread::sleep(rest);
        }
    }
    let _ = std::fs::remove_file(&scratch);
    stats::summary(
        "ticks at the table, the frame's share (target p99 <= 2 ms, max <= 4 ms)",
        frames,
    );
    let saved_median = stats::median_ms(&to_saved);
    stats::summary("ticks at the table, from a tick to 'saved'", to_saved);
    // For comparison: a window that looks at the writer every 50 µs until
    // it reported the tick on disk, rather than idling until woken.
    let mut looked = Vec::with_capacity(200);
    let mut never_saved_early = true;
    for i in 0..200 {
        let start = Instant::now();
        app.push(tick(key, players, i));
        app.apply_pending();
        app.poll_jobs();
        loop {
            std::thread::sleep(LOOK);
            if !app.poll_jobs() {
                looked.push(start.elapsed());
                never_saved_early &= app.model.feedback.save_state == SaveState::Saved;
                break;
            }
            never_saved_early &= app.model.feedback.save_state == SaveState::Saving;
        }
        if let Some(rest) = EVERY.checked_sub(start.elapsed()) {
            std::thread::sleep(rest);
        }
    }
    app.flush_saves();
    assert!(never_saved_early, "'saved' only once nothing is in flight");
    stats::summary(
        "for comparison, a window looking at the writer every 50 us, from a tick to 'saved'",
        looked,
    );
    let append_median = stats::median_ms(&appends);
    stats::summary(
        "one journal line appended with its fsync, between the ticks",
        appends,
    );
    println!(
        "a tick to 'saved' takes {:.2}x one append with its fsync (target <= 1.5x)",
        saved_median / append_median
    );

    // As before the writer thread: the frame waits for the disk.
    let mut waited = Vec::with_capacity(100);
    for i in 0..100 {
        let start = Instant::now();
        app.push(tick(key, players, i));
        app.apply_pending();
        app.flush_saves();
        waited.push(start.elapsed());
    }
    stats::summary(
        "for comparison, 100 ticks whose frame waits for the disk (as before)",
        waited,
    );

    // The same ticks with no library at all: nothing saved, the rest of
    // the frame's work (the edit, the history, the document checked again)
    // alone. The difference with the first figures is the save's share.
    let Some(doc) = app.model.doc(key).cloned() else {
        return;
    };
    let mut alone = App::new(
        None,
        &Prefs::default(),
        Box::new(ScriptedDesktop::default()),
        1,
    )
    .expect("app");
    alone.apply(Command::CreateFrom(doc));
    let Some(copy) = alone.model.library.docs.first().map(Doc::key) else {
        return;
    };
    let mut unsaved = Vec::with_capacity(TICKS);
    for i in 0..TICKS {
        let start = Instant::now();
        alone.push(tick(&copy, players, i));
        alone.apply_pending();
        alone.poll_jobs();
        unsaved.push(start.elapsed());
    }
    stats::summary(
        "for comparison, the same ticks with no library (nothing saved)",
        unsaved,
    );
}

/// One line appended to `path` and made durable, as a tick's save does:
/// how long it took.
fn append_with_fsync(path: &std::path::Path, line: &str) -> Duration {
    let start = Instant::now();
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .expect("scratch journal");
    f.write_all(line.as_bytes()).expect("append");
    f.sync_data().expect("fsync");
    start.elapsed()
}
