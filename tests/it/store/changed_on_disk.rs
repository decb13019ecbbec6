//! A document another program changes while Muster runs: never written
//! over, theirs taken on asking or mine kept with theirs backed up, a
//! reload a new history, never deleted unseen; one cut short is said
//! unreadable, and why, in words.

use std::path::Path;
use std::time::Duration;

use muster::app::{Command, SaveState};
use muster::rules::{Character, Roster};

use super::faults::{app_with_raiders, last_error, notes, notes_in};
use crate::common::{Shown as _, read_roster, roster_json};

/// Writes a roster to `raiders.json` as another program would: a different
/// name, notes and length, a moment later.
fn other_program_writes(dir: &Path) -> (Roster, String) {
    std::thread::sleep(Duration::from_millis(20));
    let mut theirs = Roster::new("raiders", "Raiders, as the other program left them");
    theirs.notes = "Changed in a text editor".to_owned();
    theirs.characters.push(Character::new(1, "Kal", "human"));
    theirs.characters.push(Character::new(2, "Mora", "human"));
    let text = roster_json(&theirs);
    std::fs::write(dir.join("rosters/raiders.json"), &text).expect("write");
    (theirs, text)
}

#[test]
fn another_programs_change_is_never_overwritten_and_can_be_taken() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, key) = app_with_raiders(dir.path());
    let path = dir.path().join("rosters/raiders.json");
    let (theirs, their_text) = other_program_writes(dir.path());

    app.apply(Command::CheckDisk);
    app.flush_saves();
    assert_eq!(app.model.library.disk_changes, vec![key.clone()]);
    let logged = last_error(&app);
    assert!(logged.contains("changed on disk"), "{logged}");

    // Editing it does not save over their file.
    app.apply(notes("Ours"));
    app.flush_saves();
    app.apply(Command::Save);
    app.flush_saves();
    assert_eq!(std::fs::read_to_string(&path).expect("read"), their_text);
    assert!(app.has_unsaved());
    assert_ne!(app.model.feedback.save_state, SaveState::Saved);
    assert_eq!(notes_in(&app), "Ours");
    assert_eq!(
        app.model.library.disk_changes,
        vec![key.clone()],
        "listed once"
    );
    let ours = app.model.roster("raiders").cloned().expect("ours");

    // Taking theirs: in memory, nothing left to save, nothing written.
    app.apply(Command::TakeDiskVersion(key.clone()));
    app.flush_saves();
    assert_eq!(app.model.roster("raiders"), Some(&theirs));
    assert!(app.model.library.disk_changes.is_empty());
    assert!(!app.has_unsaved());
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert_eq!(std::fs::read_to_string(&path).expect("read"), their_text);
    assert_eq!(
        app.model.history.undo.last().map(|c| c.label),
        Some("history.reload_from_disk")
    );

    // Undo brings ours back (and saves it); their version stays among the
    // backups.
    app.apply(Command::Undo);
    app.flush_saves();
    assert_eq!(app.model.roster("raiders"), Some(&ours));
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert_eq!(read_roster(&path).expect("reads"), ours);
    let store = app.store().expect("store");
    let backed_up: Vec<String> = store
        .backups()
        .of(&key)
        .iter()
        .map(|b| std::fs::read_to_string(b).expect("read"))
        .collect();
    assert!(backed_up.contains(&their_text), "their version is kept");
    // And redo takes theirs again.
    app.apply(Command::Redo);
    app.flush_saves();
    assert_eq!(app.model.roster("raiders"), Some(&theirs));
    assert_eq!(read_roster(&path).expect("reads"), theirs);
}

#[test]
fn keeping_mine_saves_it_and_backs_up_theirs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, key) = app_with_raiders(dir.path());
    let path = dir.path().join("rosters/raiders.json");
    let (_, their_text) = other_program_writes(dir.path());

    // No check first: the save itself notices, and writes nothing.
    app.apply(notes("Ours"));
    app.flush_saves();
    assert_eq!(app.model.library.disk_changes, vec![key.clone()]);
    assert_eq!(std::fs::read_to_string(&path).expect("read"), their_text);
    assert!(app.has_unsaved());
    assert!(last_error(&app).contains("changed on disk"));

    app.apply(Command::KeepMine(key.clone()));
    app.flush_saves();
    assert!(app.model.library.disk_changes.is_empty());
    assert!(!app.has_unsaved());
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    let ours = app.model.roster("raiders").cloned().expect("ours");
    assert_eq!(ours.notes, "Ours");
    assert_eq!(read_roster(&path).expect("reads"), ours);
    let backed_up: Vec<String> = app
        .store()
        .expect("store")
        .backups()
        .of(&key)
        .iter()
        .map(|b| std::fs::read_to_string(b).expect("read"))
        .collect();
    assert!(backed_up.contains(&their_text), "{backed_up:?}");
    let last = app.model.feedback.messages.last().expect("a line");
    assert!(
        last.shown().contains("Your version is saved"),
        "{}",
        last.shown()
    );
    // From now on, edits save as usual.
    app.apply(notes("Ours, again"));
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert_eq!(read_roster(&path).expect("reads").notes, "Ours, again");
    app.apply(Command::CheckDisk);
    app.flush_saves();
    assert!(app.model.library.disk_changes.is_empty());
}

#[test]
fn a_reload_starts_a_new_history_and_backs_up_their_version_before_an_edit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, key) = app_with_raiders(dir.path());
    let path = dir.path().join("rosters/raiders.json");
    let (theirs, their_text) = other_program_writes(dir.path());

    // Nothing unsaved: reading the library again takes their version, and
    // the history of what was read before goes: Undo cannot write an old
    // version over theirs.
    app.apply(Command::Reload);
    app.flush_saves();
    assert_eq!(app.model.roster("raiders"), Some(&theirs));
    assert!(app.model.history.undo.is_empty());
    app.apply(Command::Undo);
    app.flush_saves();
    assert_eq!(std::fs::read_to_string(&path).expect("read"), their_text);
    // An edit of their version saves over it (a backup was made moments
    // ago, by our last edit): theirs is backed up first.
    app.apply(notes("After the reload"));
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    let backed_up: Vec<String> = app
        .store()
        .expect("store")
        .backups()
        .of(&key)
        .iter()
        .map(|b| std::fs::read_to_string(b).expect("read"))
        .collect();
    assert!(backed_up.contains(&their_text), "{backed_up:?}");
    // Once written over, the file is Muster's again: the next save makes
    // no further backup within the interval.
    let count = backed_up.len();
    app.apply(notes("And again"));
    app.flush_saves();
    assert_eq!(app.store().expect("store").backups().of(&key).len(), count);
}

#[test]
fn deleting_never_removes_a_file_another_program_changed_in_silence() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, key) = app_with_raiders(dir.path());
    let (_, their_text) = other_program_writes(dir.path());
    app.apply(Command::Delete(key.clone()));
    app.flush_saves();
    let path = dir.path().join("rosters/raiders.json");
    assert_eq!(
        std::fs::read_to_string(&path).expect("still there"),
        their_text
    );
    assert!(app.model.library.disk_changes.contains(&key));
    assert!(app.has_unsaved());
    // Keeping ours (the deletion) removes it, theirs going to the backups.
    app.apply(Command::KeepMine(key.clone()));
    app.flush_saves();
    assert!(!path.exists());
    let backups = app.store().expect("store").backups().of(&key);
    assert!(
        backups
            .iter()
            .any(|b| std::fs::read_to_string(b).expect("read") == their_text)
    );
}

/// A file another program cut short (a sync caught mid-copy): the app says
/// it cannot be read and why, in words (never the parser's "EOF while
/// parsing", never "take that version"), offers no version to take, and
/// "Keep mine" writes Muster's back over it.
#[test]
fn a_file_broken_on_disk_says_it_cannot_be_read_and_why_in_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, key) = app_with_raiders(dir.path());
    let path = dir.path().join("rosters/raiders.json");
    std::thread::sleep(Duration::from_millis(20));
    let whole = std::fs::read_to_string(&path).expect("read");
    std::fs::write(&path, &whole[..whole.len() / 2]).expect("cut short");
    app.apply(Command::CheckDisk);
    app.flush_saves();
    assert_eq!(app.model.library.disk_changes, vec![key.clone()]);
    assert!(app.model.library.broken_on_disk.contains_key(&key));
    let logged = last_error(&app);
    assert!(logged.contains("cannot be read"), "{logged}");
    assert!(logged.contains("stops in the middle"), "{logged}");
    assert!(!logged.contains("EOF"), "{logged}");
    assert!(!logged.contains("take that version"), "{logged}");
    assert!(app.model.roster("raiders").is_some(), "ours kept");
    app.apply(Command::KeepMine(key.clone()));
    app.flush_saves();
    assert!(app.model.library.disk_changes.is_empty());
    assert!(app.model.library.broken_on_disk.is_empty());
    let back = std::fs::read_to_string(&path).expect("read");
    assert!(back.contains("Kal"), "Muster's version written back");
}
