//! A campaign changed on two machines, its sync tool's conflict copy in the
//! library: one campaign with a "versions to merge" badge; the
//! merge window; the merge applied as one undoable step, both versions in
//! the backups, the copy gone once saved; a rival kept instead.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::i18n::Lang;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::core::dice::Roll;
use muster::rules::{Doc, DocKey};
use muster::store::Store;
use muster::ui::Gui;

use crate::common::rules;
use crate::common::the_campaign;
use crate::rules::campaign::merge::{debrief, play, table};
use muster::rules::campaign::{DebriefEdit, SetupEdit, TableEdit};

const COPY: &str = ".sync-conflict-20261125-173636-D4LGQYW.json";

/// The library of `dir` holding `ours`, with `theirs` as Syncthing's copy.
fn library(dir: &std::path::Path, ours: &Campaign, theirs: &Campaign) -> Harness<'static, Gui> {
    Store::open(dir)
        .expect("store")
        .save(&Doc::new(ours.clone()))
        .expect("save");
    let copy = dir.join("campaigns").join(format!("{}{COPY}", ours.id));
    std::fs::write(&copy, muster::store::to_json(theirs).expect("json")).expect("copy");
    let mut h = crate::common::window_on(dir).size(1200.0, 1400.0).open();
    h.run();
    h
}

#[test]
fn a_conflict_copy_that_merges_cleanly_is_merged_at_once_in_one_undoable_step() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let ours = play(
        &base,
        &[E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })],
        r,
        ("camille", 0),
    );
    let theirs = play(
        &base,
        &[E::Table(TableEdit::NewTurn { gain: None })],
        r,
        ("bruno", 5),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &ours, &theirs);
    // One campaign, merged as the library opened: no badge, no click.
    let docs = h.state().app.model.library.docs.len();
    assert_eq!(docs, 1);
    assert!(h.query_by_label("2 versions to merge").is_none());
    assert!(
        h.state()
            .app
            .model
            .feedback
            .messages
            .iter()
            .any(|m| crate::common::Shown::shown(m).contains("Merged")),
        "a line in the log says so"
    );
    let merged = the_campaign(&h);
    assert_eq!(merged.journal.len(), base.journal.len() + 2);
    let t = merged.table.as_ref().expect("table");
    assert_eq!((t.wounds.get(&dace), t.turn), (Some(&1), 2));
    // Saved, the copy gone from the folder and kept in the backups with ours.
    let copy = dir
        .path()
        .join("campaigns")
        .join(format!("{}{COPY}", ours.id));
    assert!(!copy.exists(), "the copy left once the merge was saved");
    assert!(h.query_by_label("2 versions to merge").is_none());
    let key = DocKey::new(muster::rules::DocKind::Campaign, ours.id.clone());
    let backups: Vec<String> = Store::open(dir.path())
        .expect("store")
        .backups(&key)
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_default())
        .collect();
    assert!(
        backups.iter().any(|b| b.contains("\"bruno\"")),
        "their version in the backups: {key:?}"
    );
    assert!(
        backups
            .iter()
            .any(|b| b.contains("\"camille\"") && !b.contains("\"bruno\"")),
        "ours too"
    );
    // One undo brings ours back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(the_campaign(&h).journal, ours.journal);
}

#[test]
fn the_same_cran_test_on_both_machines_keeps_the_one_the_players_choose() {
    let r = rules();
    let (base, dace) = debrief(r);
    let test = |face| {
        E::Debrief(DebriefEdit::CranTest {
            character: dace,
            roll: Some(Roll::from_faces(base.settings.cran_die, vec![face], 0)),
        })
    };
    let ours = play(&base, &[test(2)], r, ("camille", 0));
    let theirs = play(&base, &[test(9)], r, ("bruno", 5));
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &ours, &theirs);
    h.get_by_role_and_label(Role::Button, "Merge the other version of The Raid")
        .click();
    h.run();
    let merge_at = h.get_by_role_and_label(Role::Button, "Merge").rect();
    assert!(
        h.query_by_label_contains("1 event no longer applies")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Set aside: Trooper Dace: Cran test (D10: 9) (the other version, made on bruno, 2026-11-25 17:00 UTC)")
            .is_some()
    );
    assert!(
        h.query_by_label_contains(
            "Kept: Trooper Dace: Cran test (D10: 2) (this version, made on camille"
        )
        .is_some()
    );
    // The players keep Bruno's roll.
    h.get_by_role_and_label(Role::Button, "Keep set-aside event 1 instead")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains(
            "Left out, its rival kept: Trooper Dace: Cran test (D10: 2) (this version"
        )
        .is_some()
    );
    assert!(
        h.query_by_label_contains("Every other event of both versions applies")
            .is_some()
    );
    // The window did not move under the mouse.
    assert_eq!(
        h.get_by_role_and_label(Role::Button, "Merge").rect(),
        merge_at
    );
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    let merged = the_campaign(&h);
    assert_eq!(merged.journal.last().expect("last").event, test(9));
    assert!(merged.validate(r).is_empty(), "{:?}", merged.validate(r));
}

/// Who plays here — the player's name and the machine's — is a preference
/// set from the File menu; the events made here carry both, and the
/// journal says who made each one and where.
#[test]
fn who_plays_here_is_set_from_the_file_menu_and_names_the_player_of_each_event() {
    let r = rules();
    let c = table(r);
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(c.clone()))
        .expect("save");
    let mut h = crate::common::window_on(dir.path())
        .size(1200.0, 1400.0)
        .open();
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label_contains("Who plays here…").click();
    h.run();
    h.get_by_label("Your name at the table").click();
    h.run();
    h.get_by_label("Your name at the table")
        .type_text("Camille");
    h.run();
    h.get_by_label("This machine's name").click();
    h.run();
    h.get_by_label("This machine's name")
        .type_text("Camille's laptop");
    h.run();
    h.get_by_role_and_label(Role::Button, "Save").click();
    h.run();
    assert_eq!(h.state().app.model.prefs.machine, "Camille's laptop");
    assert_eq!(h.state().app.model.prefs.player, "Camille");
    assert_eq!(
        h.state().app.prefs().machine,
        "Camille's laptop",
        "kept with the preferences"
    );
    let dace = crate::common::char_id(&c, "Trooper Dace");
    h.state_mut().app.apply(muster::app::Command::Edit(
        DocKey::new(muster::rules::DocKind::Campaign, c.id.clone()),
        muster::rules::Edit::Campaign(E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })),
    ));
    let stamp = the_campaign(&h)
        .journal
        .last()
        .and_then(|e| e.stamp.clone())
        .expect("stamped");
    assert_eq!(stamp.by.as_deref(), Some("Camille's laptop"));
    assert_eq!(stamp.player.as_deref(), Some("Camille"));
    h.state_mut()
        .app
        .apply(muster::app::Command::Show(muster::app::Screen::Campaign(
            c.id.clone(),
        )));
    h.run();
    h.get_by_role_and_label(Role::Tab, "Journal").click();
    h.run();
    // A wound ticked is one of the table's ticks.
    h.get_by_label_contains("Show the table's ticks too")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("made by Camille on Camille's laptop, ")
            .is_some(),
        "the journal names the player and his machine"
    );
}

/// Two Musters on two data folders (two stores, two locks, two machine
/// ids) play the same campaign "offline": one ticks the table, the other
/// begins a new turn. Each writes only its own journal; the sync tool
/// brings each journal to the other folder, with no conflict copy; both
/// end with the same campaign, every event of both in it, checked by the
/// rules, and nobody merges anything.
#[test]
fn two_machines_exchange_their_journals_and_agree_with_no_copy_and_no_merge() {
    use muster::app::{App, Command, Prefs, ScriptedDesktop};
    use muster::store::machine::MachineId;
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let (camille, bruno) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let ids = |dir: &std::path::Path| {
        MachineId::parse(if dir == camille.path() {
            "c0c0c0c0c0c0c0c0"
        } else {
            "b0b0b0b0b0b0b0b0"
        })
        .expect("id")
    };
    let open = |dir: &std::path::Path, machine: &str, seed| {
        let prefs = Prefs {
            machine: machine.to_owned(),
            ..Prefs::default()
        };
        let desktop = ScriptedDesktop {
            machine: Some(ids(dir)),
            ..ScriptedDesktop::default()
        };
        App::new(Some(dir), &prefs, Box::new(desktop), seed).expect("app")
    };
    let folder = |dir: &std::path::Path| dir.join("campaigns").join(&base.id);
    // Camille begins the campaign; the sync tool brings it to Bruno.
    Store::open(camille.path())
        .expect("store")
        .with_machine(ids(camille.path()))
        .save(&Doc::new(base.clone()))
        .expect("save");
    std::fs::create_dir_all(folder(bruno.path())).expect("folder");
    for entry in std::fs::read_dir(folder(camille.path())).expect("files") {
        let path = entry.expect("file").path();
        let name = path.file_name().expect("name").to_owned();
        std::fs::copy(&path, folder(bruno.path()).join(name)).expect("to Bruno");
    }
    let key = DocKey::new(muster::rules::DocKind::Campaign, base.id.clone());
    let edit = |app: &mut App, e: E| {
        app.apply(Command::Edit(key.clone(), muster::rules::Edit::Campaign(e)));
        app.flush_saves();
    };
    // Offline, each on his own machine.
    let mut a = open(camille.path(), "Camille's laptop", 1);
    edit(
        &mut a,
        E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 2,
        }),
    );
    edit(
        &mut a,
        E::Table(TableEdit::SetOutOfAction {
            character: muster::rules::campaign::Fighter::Enemy(1).id(),
            out: true,
        }),
    );
    let mut b = open(bruno.path(), "Bruno's desktop", 2);
    edit(&mut b, E::Table(TableEdit::NewTurn { gain: None }));
    drop((a, b));
    // The sync tool brings each machine's journal to the other folder: two
    // files, each with one writer, so never a conflict copy.
    let journal = |dir: &std::path::Path| folder(dir).join(format!("{}.jsonl", ids(dir).as_str()));
    let to = |from: &std::path::Path, dir: &std::path::Path| {
        folder(dir).join(format!("{}.jsonl", ids(from).as_str()))
    };
    std::fs::copy(journal(camille.path()), to(camille.path(), bruno.path())).expect("to Bruno");
    std::fs::copy(journal(bruno.path()), to(bruno.path(), camille.path())).expect("to Camille");
    let opened = |dir: &std::path::Path, machine: &str| {
        let app = open(dir, machine, 3);
        assert!(
            app.model.library.versions.is_empty(),
            "{machine}: nothing to merge"
        );
        app.model
            .library
            .docs
            .iter()
            .find_map(Doc::get::<Campaign>)
            .cloned()
            .expect("the campaign")
    };
    let at_camille = opened(camille.path(), "Camille's laptop");
    let at_bruno = opened(bruno.path(), "Bruno's desktop");
    assert_eq!(at_camille, at_bruno, "both agree");
    assert_eq!(
        at_camille.journal.len(),
        base.journal.len() + 3,
        "nothing lost"
    );
    let t = at_camille.table.as_ref().expect("table");
    assert_eq!((t.wounds.get(&dace), t.turn), (Some(&2), 2));
    assert!(
        at_camille.validate(r).is_empty(),
        "{:?}",
        at_camille.validate(r)
    );
}

/// The journal says where and when each event of a shared campaign was
/// made ("drawn on Camille's laptop"), in English and French,
/// from today's stamped file.
#[test]
fn the_journal_says_on_which_machine_and_when_each_event_was_made() {
    use muster::app::{Command, Screen};
    let dir = tempfile::tempdir().expect("tempdir");
    let c = crate::common::stamped_campaign_in(dir.path());
    let drawn = c
        .journal
        .iter()
        .find(|e| matches!(e.event, E::Debrief(DebriefEdit::NextMission { .. })))
        .and_then(|e| e.stamp.clone())
        .expect("the mission drawn is stamped");
    let at = drawn.at.expect("when");
    // `2026-11-26T08:02:04Z` reads `2026-11-26 08:02 UTC`.
    let when = format!("{} {} UTC", &at[..10], &at[11..16]);
    for (lang, words) in [
        (Lang::En, format!("made on Camille's laptop, {when}")),
        (Lang::Fr, format!("fait sur Camille's laptop, le {when}")),
    ] {
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .size(1280.0, 3000.0)
            .open();
        h.run();
        h.state_mut()
            .app
            .apply(Command::Show(Screen::Campaign(c.id.clone())));
        h.run();
        // "Journal" in both languages.
        h.get_by_role_and_label(Role::Tab, "Journal").click();
        h.run();
        assert!(
            h.query_all_by_label_contains(&words).next().is_some(),
            "{lang:?}: {words}"
        );
        // Bruno's two events say his machine.
        let bruno = if lang == Lang::En {
            "made on Bruno's desktop"
        } else {
            "fait sur Bruno's desktop"
        };
        assert_eq!(h.query_all_by_label_contains(bruno).count(), 2, "{lang:?}");
    }
}

/// A roster changed on two machines: Dropbox's conflict copy
/// beside it, their common version among its backups. The merge takes
/// what each side changed alone, offers the field both changed, takes
/// theirs when asked, in one undoable step; it fits a 1024×700 window.
#[test]
fn a_roster_changed_on_two_machines_merges_from_their_common_version() {
    use muster::rules::Roster;
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path())
        .expect("store")
        .with_backup_interval(std::time::Duration::ZERO);
    let base = crate::common::example_band();
    let oriel = |r: &mut Roster, points| {
        r.characters
            .iter_mut()
            .find(|c| c.name == "Sister Oriel")
            .expect("Oriel")
            .advance_points = points;
    };
    let mut ours = base.clone();
    ours.name = "Vael's retinue".to_owned();
    oriel(&mut ours, 1);
    let mut theirs = base.clone();
    theirs.notes = "Bruno's notes".to_owned();
    oriel(&mut theirs, 2);
    // The common version saved first: the next save puts it in the backups.
    store.save(&Doc::new(base.clone())).expect("base");
    store.save(&Doc::new(ours.clone())).expect("ours");
    drop(store);
    let (mut h, copy) = roster_merge_window(
        dir.path(),
        &format!("{} (Bruno's conflicted copy 2026-11-25).json", base.id),
        "Vael's retinue",
        &theirs,
    );
    assert!(
        h.query_by_label_contains("Merged with the common version of 20")
            .is_some(),
        "the common version found, by its time"
    );
    assert!(
        h.query_by_label_contains(": 1 change from this machine, 1 from the other")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("1 place was changed on both machines")
            .is_some()
    );
    assert!(
        h.query_by_label("characters › Sister Oriel › advance_points")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("This version: 1 (kept)")
            .is_some()
    );
    let merge_at = h.get_by_role_and_label(Role::Button, "Merge").rect();
    h.get_by_role_and_label(
        Role::RadioButton,
        "Take theirs: characters › Sister Oriel › advance_points",
    )
    .click();
    h.run();
    assert!(
        h.query_by_label_contains("The other version: 2 (kept)")
            .is_some()
    );
    assert_eq!(
        h.get_by_role_and_label(Role::Button, "Merge").rect(),
        merge_at,
        "the window did not move under the mouse"
    );
    // What one side changed alone is taken, and listed, each with its side.
    assert!(
        h.query_by_label_contains("2 places were changed on one side only")
            .is_some()
    );
    assert!(h.query_by_label("Changed on this machine only").is_some());
    assert!(
        h.query_by_label("Changed on the other machine only")
            .is_some()
    );
    // Keeping our (empty) notes instead of theirs, then taking theirs again.
    // (Below the conflict: scrolled to, as a player scrolls the window.)
    h.get_by_role_and_label(Role::RadioButton, "Keep ours: notes")
        .scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::RadioButton, "Keep ours: notes")
        .click();
    h.run();
    let switched = |h: &Harness<'_, Gui>| {
        h.state()
            .app
            .model
            .library
            .merge
            .as_ref()
            .map(|m| m.switched.clone())
            .unwrap_or_default()
    };
    assert!(switched(&h).contains("roster.notes"));
    h.get_by_role_and_label(Role::RadioButton, "Take theirs: notes")
        .click();
    h.run();
    assert!(!switched(&h).contains("roster.notes"));
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    let key = DocKey::new(muster::rules::DocKind::Roster, base.id.clone());
    let roster = |h: &Harness<'_, Gui>| {
        h.state()
            .app
            .model
            .doc(&key)
            .and_then(Doc::get::<Roster>)
            .cloned()
            .expect("the roster")
    };
    let mut expected = ours.clone();
    expected.notes = theirs.notes.clone();
    oriel(&mut expected, 2);
    assert_eq!(
        roster(&h),
        expected,
        "both sides' changes, theirs where chosen"
    );
    assert!(!copy.exists(), "the copy left once the merge was saved");
    let saved =
        crate::common::read_roster(&dir.path().join("rosters").join(format!("{}.json", base.id)))
            .expect("saved");
    assert_eq!(saved, expected);
    // One undo brings ours back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(roster(&h), ours);
}

/// Without a common version in the backups, each field that differs is
/// offered side by side; keeping the whole of one version still works.
#[test]
fn a_roster_with_no_common_version_offers_each_difference() {
    use muster::rules::Roster;
    let dir = tempfile::tempdir().expect("tempdir");
    let base = crate::common::example_band();
    let mut theirs = base.clone();
    theirs.notes = "Bruno's notes".to_owned();
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(base.clone()))
        .expect("save");
    let (mut h, copy) = roster_merge_window(
        dir.path(),
        &format!("{}.conflict.json", base.id),
        &base.name,
        &theirs,
    );
    assert!(
        h.query_by_label_contains("No common version is in the backups")
            .is_some()
    );
    assert!(h.query_by_label_contains("differ in 1 place").is_some());
    h.get_by_role_and_label(Role::Button, "Take the other version")
        .click();
    h.run();
    let key = DocKey::new(muster::rules::DocKind::Roster, base.id.clone());
    let now = h
        .state()
        .app
        .model
        .doc(&key)
        .and_then(Doc::get::<Roster>)
        .cloned();
    assert_eq!(now, Some(theirs));
    assert!(!copy.exists());
}

/// A mix of the two versions that breaks the document (their pool's
/// points in our fixed allotments) is refused with the reason: the merge
/// cannot be applied until the choice is undone.
#[test]
fn a_merge_that_does_not_read_as_a_roster_is_not_applied() {
    use muster::rules::PointsScheme;
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path())
        .expect("store")
        .with_backup_interval(std::time::Duration::ZERO);
    let base = crate::common::example_band();
    let mut ours = base.clone();
    ours.points = PointsScheme::Fixed {
        allotments: vec![3, 2],
    };
    let mut theirs = base.clone();
    theirs.points = PointsScheme::Pool {
        points: 50,
        force_models: 30,
    };
    store.save(&Doc::new(base.clone())).expect("base");
    store.save(&Doc::new(ours.clone())).expect("ours");
    drop(store);
    let (mut h, copy) = roster_merge_window(
        dir.path(),
        &format!("{}.conflict.json", base.id),
        &base.name,
        &theirs,
    );
    h.get_by_role_and_label(Role::RadioButton, "Take theirs: points › points")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("The merge with these choices is not a valid document")
            .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    assert!(copy.exists(), "nothing applied");
    let key = DocKey::new(muster::rules::DocKind::Roster, base.id.clone());
    let now = h
        .state()
        .app
        .model
        .doc(&key)
        .and_then(Doc::get::<muster::rules::Roster>)
        .map(|r| r.points.clone());
    assert_eq!(now, Some(ours.points.clone()));
    // Back to ours: it merges.
    h.get_by_role_and_label(Role::RadioButton, "Keep ours: points › points")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    assert!(!copy.exists());
}

/// `theirs` written beside its roster as the sync tool's copy `copy_name`,
/// and the Merge window of `ours_name` open, in a 1024×700 window.
fn roster_merge_window(
    dir: &std::path::Path,
    copy_name: &str,
    ours_name: &str,
    theirs: &muster::rules::Roster,
) -> (Harness<'static, Gui>, std::path::PathBuf) {
    let copy = dir.join("rosters").join(copy_name);
    std::fs::write(&copy, muster::store::to_json(theirs).expect("json")).expect("copy");
    let mut h = crate::common::window_on(dir).size(1024.0, 700.0).open();
    h.run();
    h.get_by_role_and_label(
        Role::Button,
        &format!("Merge the other version of {ours_name}"),
    )
    .click();
    h.run();
    (h, copy)
}

/// Inside the campaign, a version waiting to be merged shows as a banner
/// with "Merge…" (not only in the library), and the merge window lists
/// what comes in cleanly from the other version, each event in words with
/// where it was made.
#[test]
fn a_pending_merge_shows_inside_the_campaign_and_lists_what_comes_in() {
    // A true conflict (the same Cran test on both machines) keeps the copy
    // waiting for the players; the event that merges cleanly is listed.
    let r = rules();
    let (base, dace) = debrief(r);
    let test = |face| {
        E::Debrief(DebriefEdit::CranTest {
            character: dace,
            roll: Some(Roll::from_faces(base.settings.cran_die, vec![face], 0)),
        })
    };
    let ours = play(&base, &[test(2)], r, ("camille", 0));
    let theirs = play(
        &base,
        &[
            test(9),
            E::Setup(SetupEdit::SetNotes {
                notes: "Dace limps home".into(),
            }),
        ],
        r,
        ("bruno", 5),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &ours, &theirs);
    h.state_mut()
        .app
        .apply(muster::app::Command::Show(muster::app::Screen::Campaign(
            ours.id.clone(),
        )));
    h.run();
    assert!(
        h.query_all_by_label_contains("Another version of this document waits to be merged")
            .next()
            .is_some(),
        "the banner inside the campaign"
    );
    h.get_by_role_and_label(Role::Button, "Merge the other version of The Raid")
        .click_accesskit();
    h.run();
    let labels: Vec<String> = h
        .query_all_by_label_contains("version")
        .filter_map(|n| {
            use egui_kittest::kittest::NodeT as _;
            n.accesskit_node().label().map(|l| l.to_string())
        })
        .collect();
    assert!(
        h.query_all_by_label_contains("Coming in from the other version: 1 event")
            .next()
            .is_some(),
        "{labels:?}"
    );
    assert!(
        h.query_all_by_label_contains("(the other version, made on bruno")
            .next()
            .is_some(),
        "what arrives, from whom"
    );
    h.get_by_role_and_label(Role::Button, "Merge").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Another version of this document waits to be merged")
            .next()
            .is_none(),
        "merged: the banner is gone"
    );
}

/// An older Muster (or a friend's file copied in) writes the campaign as
/// one file beside its journals: a version to merge, never a second
/// campaign and never one side dropped.
#[test]
fn a_single_file_written_beside_the_journals_is_merged_never_one_side_dropped() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(base.clone()))
        .expect("save");
    let mut h = crate::common::window_on(dir.path())
        .size(1200.0, 1400.0)
        .open();
    h.run();
    let key = DocKey::new(muster::rules::DocKind::Campaign, base.id.clone());
    // This machine: a new turn.
    h.state_mut().app.apply(muster::app::Command::Edit(
        key.clone(),
        muster::rules::Edit::Campaign(E::Table(TableEdit::NewTurn { gain: None })),
    ));
    h.state_mut().app.flush_saves();
    h.run();
    // An older Muster's version arrives as one file: Dace wounded.
    let theirs = play(
        &base,
        &[E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })],
        r,
        ("bruno", 5),
    );
    let path = dir
        .path()
        .join("campaigns")
        .join(format!("{}.json", base.id));
    std::fs::write(&path, muster::store::to_json(&theirs).expect("json")).expect("write");
    h.state_mut().app.apply(muster::app::Command::CheckDisk);
    h.run();
    // It merges with no conflict: merged at once, one undo step.
    assert_eq!(
        h.state().app.model.library.docs.len(),
        1,
        "one campaign, not two"
    );
    assert!(
        h.state().app.model.library.versions.is_empty(),
        "nothing left to merge"
    );
    assert!(
        h.state()
            .app
            .model
            .feedback
            .messages
            .iter()
            .any(|m| crate::common::Shown::shown(m).contains(&format!("Merged: {}.json", base.id))),
        "said in the log"
    );
    let merged = the_campaign(&h);
    let t = merged.table.as_ref().expect("table");
    assert_eq!((t.wounds.get(&dace), t.turn), (Some(&1), 2), "both events");
    assert!(!path.exists(), "the single file left once merged");
    let on_disk = Store::open(dir.path()).expect("store").load_library();
    let read = on_disk.of::<Campaign>().next().cloned().expect("read");
    assert_eq!(read, merged, "the journals hold both");
}

#[test]
fn two_machines_that_made_one_campaign_s_folder_at_once_are_merged_from_the_start_s_copy() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    // Both machines turned the campaign into a folder, each from its own
    // file: Syncthing kept one start and renamed the other.
    let ours = play(
        &base,
        &[E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })],
        r,
        ("camille", 0),
    );
    let theirs = play(
        &base,
        &[E::Table(TableEdit::NewTurn { gain: None })],
        r,
        ("bruno", 5),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(ours.clone()))
        .expect("save");
    let folder = dir.path().join("campaigns").join(&ours.id);
    assert!(folder.join("start.json").is_file(), "kept as journals");
    let copy = start_copy(dir.path(), &theirs);
    let mut h = crate::common::window_on(dir.path())
        .size(1200.0, 1400.0)
        .open();
    h.run();
    // Merged as the library opened: both machines' events, the copy kept
    // among the backups and gone from the folder.
    let merged = the_campaign(&h);
    let t = merged.table.as_ref().expect("table");
    assert_eq!((t.wounds.get(&dace), t.turn), (Some(&1), 2));
    h.state_mut().app.flush_saves();
    assert!(!copy.exists(), "the start's copy is gone once merged");
    let key = DocKey::new(muster::rules::DocKind::Campaign, ours.id.clone());
    let store = Store::open_with_options(
        dir.path(),
        muster::store::LockDir::At(dir.path().join("other-locks")),
    )
    .expect("store");
    assert!(
        store
            .backups(&key)
            .iter()
            .any(|p| std::fs::read_to_string(p)
                .unwrap_or_default()
                .contains("\"bruno\"")),
        "the copy is in the backups"
    );
    // Another machine reading the folder now holds the merge too.
    let read = store
        .load_library()
        .of::<Campaign>()
        .next()
        .cloned()
        .expect("campaign");
    assert_eq!(read.journal, merged.journal);
}

#[test]
fn a_copy_that_would_bring_back_an_event_undone_here_waits_for_the_players() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    // Camille wounded Dace, the file synced, then she undid it: the
    // other machine's copy still holds her wound.
    let theirs = play(
        &base,
        &[E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })],
        r,
        ("Camille's laptop", 0),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(base.clone()))
        .expect("save");
    let copy = start_copy(dir.path(), &theirs);
    let prefs = muster::app::Prefs {
        machine: "Camille's laptop".to_owned(),
        ..muster::app::Prefs::default()
    };
    let app = muster::app::App::new(
        Some(dir.path()),
        &prefs,
        Box::new(muster::app::ScriptedDesktop::default()),
        5,
    )
    .expect("app");
    let mut h = crate::common::window(app, 1200.0, 1400.0);
    h.run();
    assert_eq!(
        the_campaign(&h).journal.len(),
        base.journal.len(),
        "not merged in silence"
    );
    assert!(copy.exists());
    assert_eq!(
        h.state().app.model.library.versions.len(),
        1,
        "it waits with its badge"
    );
}

#[test]
fn a_copy_holding_an_event_this_machine_took_back_waits_whatever_the_machine_is_called_now() {
    use muster::store::machine::MachineId;
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let wounded = play(
        &base,
        &[E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })],
        r,
        ("Camille's old laptop", 0),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let id = "c0c0c0c0c0c0c0c0";
    {
        let here = Store::open_with_options(
            dir.path(),
            muster::store::LockDir::At(dir.path().join("locks")),
        )
        .expect("store")
        .with_machine(MachineId::parse(id).expect("id"));
        here.save(&Doc::new(base.clone())).expect("begun");
        here.save(&Doc::new(wounded.clone())).expect("wounded");
        here.save(&Doc::new(base.clone()))
            .expect("undone: taken back");
    }
    let copy = start_copy(dir.path(), &wounded);
    let prefs = muster::app::Prefs {
        machine: "Camille's new laptop".to_owned(),
        ..muster::app::Prefs::default()
    };
    let desktop = muster::app::ScriptedDesktop {
        machine: MachineId::parse(id),
        ..muster::app::ScriptedDesktop::default()
    };
    let app = muster::app::App::new(Some(dir.path()), &prefs, Box::new(desktop), 5).expect("app");
    let mut h = crate::common::window(app, 1200.0, 1400.0);
    h.run();
    assert_eq!(
        the_campaign(&h).journal.len(),
        base.journal.len(),
        "the wound undone here does not come back in silence"
    );
    assert!(copy.exists());
}

/// Syncthing's copy of the start of `theirs`'s folder in the library
/// `dir`: two machines made that folder at once, each from its own file.
fn start_copy(dir: &std::path::Path, theirs: &Campaign) -> std::path::PathBuf {
    let copy = dir
        .join("campaigns")
        .join(&theirs.id)
        .join("start.sync-conflict-20261125-173636-D4LGQYW.json");
    let text = muster::store::Kinds::default()
        .to_json(&Doc::new(theirs.clone()))
        .expect("json");
    std::fs::write(&copy, text).expect("copy");
    copy
}
