//! Another machine's events arriving in the open campaign: taken in at
//! once, said in the log by the machine's name, nothing typed here lost;
//! undo then takes back only this machine's own events, as a line the
//! other machines read.

use std::path::Path;

use muster::app::{Command, Prefs, ScriptedDesktop};
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, DocKey, Edit};
use muster::store::machine::MachineId;
use muster::store::{LockDir, Store};

use crate::common::Shown as _;
use crate::common::{new_turn, play, rules, wound};
use crate::rules::campaign::merge::{cran, debrief};
use muster::rules::campaign::TableEdit;

pub(crate) const BRUNO: &str = "b0b0b0b0b0b0b0b0";

/// Bruno's machine on the same folder (a sync tool that delivers at once).
pub(crate) fn brunos(dir: &Path, locks: &Path) -> Store {
    Store::open_with_options(dir, LockDir::At(locks.to_path_buf()))
        .expect("open")
        .with_machine(MachineId::parse(BRUNO).expect("id"))
}

/// A data folder Bruno's machine shares (its lock in a folder of its
/// own), `base` begun there by Bruno, his machine named `name` first when
/// given: the folder, the lock's folder and Bruno's store.
pub(crate) fn bruno_begins(
    base: &Campaign,
    name: Option<&str>,
) -> (tempfile::TempDir, tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let bruno = brunos(dir.path(), locks.path());
    if let Some(name) = name {
        bruno.journals().identity().set_name(name);
    }
    bruno.save(&Doc::new(base.clone())).expect("Bruno begins");
    (dir, locks, bruno)
}

/// Muster opened on `dir` as the window opens it, with `prefs`.
pub(crate) fn app_on(dir: &Path, prefs: &Prefs) -> muster::app::App {
    muster::app::App::new(Some(dir), prefs, Box::new(ScriptedDesktop::default()), 5).expect("app")
}

/// The window of `app`, showing the campaign `id`.
pub(crate) fn campaign_window(
    app: muster::app::App,
    id: &str,
    (width, height): (f32, f32),
) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    let mut h = crate::common::window(app, width, height);
    h.state_mut()
        .app
        .apply(Command::Show(muster::app::Screen::Campaign(id.to_owned())));
    h.run();
    h
}

/// Muster on `dir` as Camille's machine (its id `c0c0…`).
pub(crate) fn camilles_app(dir: &Path) -> muster::app::App {
    let desktop = ScriptedDesktop {
        machine: MachineId::parse("c0c0c0c0c0c0c0c0"),
        ..ScriptedDesktop::default()
    };
    muster::app::App::new(Some(dir), &Prefs::default(), Box::new(desktop), 5).expect("app")
}

pub(crate) fn the_campaign(app: &muster::app::App) -> Campaign {
    app.model
        .library
        .docs
        .iter()
        .find_map(Doc::get::<Campaign>)
        .cloned()
        .expect("the campaign")
}

#[test]
fn another_machine_s_events_come_in_at_once_and_undo_takes_back_only_ours() {
    let r = rules();
    let base = crate::common::example_team_at_the_table(r);
    let (dir, _locks, bruno) = bruno_begins(&base, Some("Bruno's desktop"));
    let prefs = Prefs {
        machine: "Camille's laptop".to_owned(),
        ..Prefs::default()
    };
    let mut app = app_on(dir.path(), &prefs);
    let key = DocKey::new(muster::rules::DocKind::Campaign, &base.id);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    // Camille wounds Dace here (saved)…
    app.apply(Command::Edit(
        key.clone(),
        Edit::Campaign(E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })),
    ));
    app.flush_saves();
    // … while Bruno, on his machine, starts the next turn.
    let seen_by_bruno = bruno
        .load_library()
        .of::<Campaign>()
        .next()
        .cloned()
        .expect("read");
    let on_bruno = new_turn(&seen_by_bruno, r, ("Bruno's desktop", 30));
    bruno
        .save(&Doc::new(on_bruno.clone()))
        .expect("Bruno saves");
    app.apply(Command::CheckDisk);
    let now = the_campaign(&app);
    let table = now.table.as_ref().expect("table");
    assert_eq!(table.wounds.get(&dace), Some(&1), "Camille's wound kept");
    assert_eq!(
        table.turn,
        on_bruno.table.as_ref().expect("table").turn,
        "Bruno's turn came in"
    );
    assert!(
        app.model
            .feedback
            .messages
            .iter()
            .any(|m| m.shown() == "Bruno's desktop: 1 new event"),
        "{:?}",
        app.model
            .feedback
            .messages
            .iter()
            .map(|m| m.shown())
            .collect::<Vec<_>>()
    );
    assert!(
        app.model.library.disk_changes.is_empty(),
        "no question asked"
    );
    // Undo takes back Camille's wound, never Bruno's turn.
    app.apply(Command::Undo);
    app.flush_saves();
    let undone = the_campaign(&app);
    let table = undone.table.as_ref().expect("table");
    assert_eq!(
        table.wounds.get(&dace).copied().unwrap_or(0),
        0,
        "the wound taken back"
    );
    assert_eq!(
        table.turn,
        on_bruno.table.as_ref().expect("table").turn,
        "the turn stays"
    );
    // Bruno's machine reads the taking-back.
    let seen = bruno
        .with_arrivals(&on_bruno)
        .expect("reads")
        .expect("journaled");
    assert_eq!(seen.get::<Campaign>(), Some(&undone));
    // Redo does it again, everywhere.
    app.apply(Command::Redo);
    app.flush_saves();
    let redone = the_campaign(&app);
    assert_eq!(
        redone.table.as_ref().and_then(|t| t.wounds.get(&dace)),
        Some(&1)
    );
    let seen = bruno
        .with_arrivals(&on_bruno)
        .expect("reads")
        .expect("journaled");
    assert_eq!(seen.get::<Campaign>(), Some(&redone));
}

#[test]
fn the_watcher_brings_another_machine_s_event_without_waiting_for_the_disk_check() {
    let r = rules();
    let base = crate::common::example_team_at_the_table(r);
    let (dir, _locks, bruno) = bruno_begins(&base, None);
    let mut app = crate::common::app_in(dir.path(), muster::i18n::Lang::En, 5);
    assert!(!app.poll_arrivals(), "nothing new yet");
    let on_bruno = new_turn(&base, r, ("Bruno's desktop", 30));
    bruno
        .save(&Doc::new(on_bruno.clone()))
        .expect("Bruno saves");
    // The watcher looks many times a second; the test gives it ten.
    let mut seen = false;
    for _ in 0..1000 {
        if app.poll_arrivals() {
            seen = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(seen, "the watcher saw Bruno's journal grow");
    assert_eq!(the_campaign(&app), on_bruno);
    assert!(
        app.model
            .feedback
            .messages
            .iter()
            .any(|m| m.shown() == "Bruno's desktop: 1 new event")
    );
}

/// The same Cran test rolled on two machines: the roll that comes second is
/// held aside, shown on its card beside the one kept; the players keep it
/// instead, and the other machine reads the choice.
#[test]
fn cmp_11_a_cran_test_rolled_on_two_machines_is_held_aside_and_the_choice_reaches_both() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::Queryable as _;
    let r = rules();
    let (base, dace) = debrief(r);
    let (dir, locks, bruno) = bruno_begins(&base, None);
    let test = |face| cran(&base, dace, face);
    // Camille's machine rolled 2 at 17:00:00, Bruno's rolled 9 at 17:00:05.
    let camille = Store::open_with_options(dir.path(), LockDir::At(locks.path().join("camille")))
        .expect("open")
        .with_machine(MachineId::parse("c0c0c0c0c0c0c0c0").expect("id"));
    camille.load_library();
    let rolled_2 = play(&base, &[test(2)], r, ("Camille's laptop", 0));
    camille.save(&Doc::new(rolled_2.clone())).expect("Camille");
    let rolled_9 = play(&base, &[test(9)], r, ("Bruno's desktop", 5));
    bruno.save(&Doc::new(rolled_9.clone())).expect("Bruno");
    drop(camille);
    // Camille opens the campaign.
    let app = camilles_app(dir.path());
    let mut h = campaign_window(app, &base.id, (1200.0, 1400.0));
    assert_eq!(
        the_campaign(&h.state().app),
        rolled_2,
        "the earlier roll stands"
    );
    assert!(h.query_by_label_contains("1 event held aside").is_some());
    // The library says it too, on the campaign's row.
    h.state_mut()
        .app
        .apply(Command::Show(muster::app::Screen::Library));
    h.run();
    assert!(h.query_by_label("1 event held aside").is_some());
    h.state_mut()
        .app
        .apply(Command::Show(muster::app::Screen::Campaign(
            base.id.clone(),
        )));
    h.run();
    assert!(
        h.query_by_label_contains(
            "Held aside: Trooper Dace: Cran test (D10: 9), made on Bruno's desktop"
        )
        .is_some()
    );
    // To the second: the earlier roll is seen to be the earlier.
    assert!(h.query_by_label_contains(":05 UTC").is_some());
    assert!(h.query_by_label_contains(":00 UTC").is_some());
    assert!(
        h.query_by_label_contains(
            "Kept in its place: Trooper Dace: Cran test (D10: 2), made on Camille's laptop"
        )
        .is_some()
    );
    // Above the screen, wherever it is scrolled: how many wait, and a way
    // to their cards.
    assert!(
        h.query_by_label_contains(
            "1 event of this campaign held aside, waiting for the players’ choice"
        )
        .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Show them").click();
    h.run();
    // The same test rolled on two machines is said as such, not as the
    // rule's refusal of a second test.
    assert!(
        h.query_by_label_contains("Rolled twice: the same roll was made on two machines")
            .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Keep the event held aside instead (1)")
        .click();
    h.run();
    let chosen = the_campaign(&h.state().app);
    let last = chosen.journal.last().expect("an event");
    assert_eq!(
        last.stamp.as_ref().and_then(|s| s.by.as_deref()),
        Some("Bruno's desktop")
    );
    assert!(
        h.query_by_label_contains("Held aside: Trooper Dace: Cran test (D10: 2)")
            .is_some(),
        "now Camille's roll waits"
    );
    // By the players' choice, which no rule of the book names.
    assert!(
        h.query_by_label("the players kept the other event instead")
            .is_some()
    );
    // Bruno's machine reads the choice: the same campaign.
    let at_bruno = bruno
        .with_arrivals(&rolled_9)
        .expect("reads")
        .expect("journaled");
    assert_eq!(at_bruno.get::<Campaign>(), Some(&chosen));
}

/// The events of the campaign a snapshot file holds (none: no file).
fn snapshot_events(path: &Path) -> Option<usize> {
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    v["campaign"]["journal"].as_array().map(Vec::len)
}

#[test]
fn a_campaign_s_snapshot_is_kept_once_the_saves_pause_and_closing_waits_for_no_replay() {
    let r = rules();
    let base = crate::common::example_team_at_the_table(r);
    let (dir, _locks, _) = bruno_begins(&base, None);
    let open = || app_on(dir.path(), &Prefs::default());
    let mut app = open();
    let key = DocKey::new(muster::rules::DocKind::Campaign, &base.id);
    let path = app
        .store()
        .and_then(|s| s.journals().snapshot_path(&key))
        .expect("a snapshot file");
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let wound = |app: &mut muster::app::App, wounds: u32| {
        app.apply(Command::Edit(
            key.clone(),
            Edit::Campaign(E::Table(TableEdit::SetWounds {
                character: dace,
                wounds,
            })),
        ));
        app.flush_saves();
    };
    wound(&mut app, 1);
    let with_one = base.journal.len() + 1;
    // Once the saves pause, the writer brings the snapshot up to date.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while snapshot_events(&path) != Some(with_one) {
        assert!(
            std::time::Instant::now() < until,
            "the snapshot was not kept: {:?}",
            snapshot_events(&path)
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // Closing right after an edit replays nothing: the snapshot stays as
    // it was, and the next opening replays the files, the edit in them.
    wound(&mut app, 2);
    drop(app);
    assert_eq!(snapshot_events(&path), Some(with_one));
    let app = open();
    assert_eq!(the_campaign(&app).journal.len(), with_one + 1);
}

#[test]
fn a_model_another_machine_changed_is_marked_on_its_card_with_who_and_what_and_held_events_stay_in_view()
 {
    use egui_kittest::kittest::Queryable as _;
    let r = rules();
    let base = crate::common::example_team_at_the_table(r);
    let (dir, _locks, bruno) = bruno_begins(&base, Some("Bruno's desktop"));
    let app = app_on(dir.path(), &Prefs::default());
    let mut h = campaign_window(app, &base.id, (1400.0, 3000.0));
    let wounded = wound(&base, r, 1, ("Bruno's desktop", 30));
    bruno.save(&Doc::new(wounded)).expect("Bruno wounds Dace");
    h.state_mut().app.apply(Command::CheckDisk);
    h.run();
    let said = "Changed on Bruno's desktop: Trooper Dace: wounds";
    assert!(h.query_by_label_contains(said).is_some(), "on his card");
    assert_eq!(h.query_all_by_label_contains(said).count(), 1, "his only");
    // In the compact list, on his line.
    h.get_by_label_contains("Compact list").click();
    h.run();
    assert!(h.query_by_label_contains(said).is_some(), "on his line");
    // No strip while nothing is held aside.
    assert!(
        h.query_by_label_contains("waiting for the players’ choice")
            .is_none()
    );
}

#[test]
fn a_start_a_sync_tool_wrote_again_unchanged_stops_no_save() {
    let r = rules();
    let base = crate::common::example_team_at_the_table(r);
    let (dir, locks, _) = bruno_begins(&base, None);
    let mut app = app_on(dir.path(), &Prefs::default());
    // A sync tool writes the start again, the same bytes (a new file put
    // in place, its time changed).
    let start = dir
        .path()
        .join("campaigns")
        .join(&base.id)
        .join("start.json");
    let bytes = std::fs::read(&start).expect("start");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let again = start.with_extension("synced");
    std::fs::write(&again, &bytes).expect("written");
    std::fs::rename(&again, &start).expect("put in place");
    app.apply(Command::CheckDisk);
    assert!(
        app.model.library.disk_changes.is_empty(),
        "no news: the same start"
    );
    // This machine's edits are saved as before.
    let key = DocKey::new(muster::rules::DocKind::Campaign, &base.id);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    app.apply(Command::Edit(
        key.clone(),
        Edit::Campaign(E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })),
    ));
    app.flush_saves();
    assert!(!app.has_unsaved(), "saved");
    let read = brunos(dir.path(), locks.path())
        .reload(&key)
        .expect("reads")
        .expect("there");
    assert_eq!(
        read.get::<Campaign>().map(|c| c.journal.len()),
        Some(base.journal.len() + 1)
    );
    // A start whose bytes changed is news, as before.
    let mut changed = bytes.clone();
    changed.extend_from_slice(b"\n");
    std::fs::write(&start, changed).expect("changed");
    app.apply(Command::CheckDisk);
    assert_eq!(app.model.library.disk_changes, vec![key]);
}
