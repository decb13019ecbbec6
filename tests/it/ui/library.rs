//! The library driven through its widgets: delete and undo, search,
//! rename and duplicate, unreadable files and why (in English and French),
//! a read-only library, a roster file dropped on the window.

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::i18n::Lang;

use crate::common::AllRosters as _;

use crate::common::{create_named, type_into};
use crate::ui::{app, harness};

#[test]
fn delete_asks_for_confirmation_and_undo_brings_it_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_role_and_label(Role::Button, "Create roster")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Library").click();
    h.run();
    h.get_by_label("Delete: New roster").click();
    h.run();
    assert_eq!(
        h.state().app.model.all_rosters().len(),
        1,
        "not before confirmation"
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().app.model.all_rosters().len(), 1);
    h.get_by_label("Delete: New roster").click();
    h.run();
    h.get_all_by_label("Delete")
        .last()
        .expect("confirm button")
        .click();
    h.run();
    assert!(h.state().app.model.all_rosters().is_empty());
    h.state_mut().app.flush_saves();
    assert!(!dir.path().join("rosters/new-roster.json").exists());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().app.model.all_rosters().len(), 1);
    h.state_mut().app.flush_saves();
    assert!(dir.path().join("rosters/new-roster.json").exists());
}

#[test]
fn search_rename_and_duplicate_in_the_library() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    for name in ["Alpha", "Bravo"] {
        create_named(&mut h, "Create roster", name);
        h.get_by_role_and_label(Role::Button, "Library").click();
        h.run();
    }
    type_into(&mut h, "Search", "brav");
    assert!(h.query_by_label("Alpha").is_none());
    assert!(h.query_by_label("Bravo").is_some());
    h.get_by_label("Duplicate: Bravo").click();
    h.run();
    assert!(h.query_by_label("Bravo (copy)").is_some());
    h.get_by_label("Rename: Bravo").click();
    h.run();
    h.get_by_label("New name").type_text(" Company");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let names: Vec<_> = h
        .state()
        .app
        .model
        .rosters()
        .map(|r| r.name.clone())
        .collect();
    assert!(names.contains(&"Bravo Company".to_owned()), "{names:?}");
}

#[test]
fn unreadable_files_are_listed_with_the_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("rosters")).expect("mkdir");
    std::fs::write(dir.path().join("rosters/broken.json"), "{\n  \"muster\": ").expect("write");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    assert!(h.query_by_label("broken.json").is_some());
    assert!(h.query_by_label_contains("line 2").is_some());
    h.get_by_label("Open folder").click();
    h.run();
    assert_eq!(
        std::fs::read_to_string(dir.path().join("rosters/broken.json")).expect("kept"),
        "{\n  \"muster\": "
    );
}

#[test]
fn unreadable_files_are_explained_in_french() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("rosters")).expect("mkdir");
    std::fs::write(dir.path().join("rosters/broken.json"), "{\n  \"muster\": ").expect("write");
    // A friend's roster from a newer Muster.
    std::fs::write(
        dir.path().join("rosters/newer.json"),
        r#"{"muster": "roster", "schema_version": 99, "roster": {}}"#,
    )
    .expect("write");
    let mut h = harness(app(dir.path(), Lang::Fr));
    h.run();
    assert!(h.query_by_label("broken.json").is_some());
    assert!(
        h.query_by_label_contains("le fichier s'arrête au milieu, ligne 2")
            .is_some()
    );
    assert!(h.query_by_label("newer.json").is_some());
    assert!(
        h.query_by_label_contains("écrit par un Muster plus récent (version de schéma 99")
            .is_some()
    );
    assert_eq!(h.query_all_by_label("Ouvrir le dossier").count(), 2);
}

#[test]
fn a_read_only_library_says_so_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut first = app(dir.path(), Lang::En);
    first.apply(muster::app::Command::create_roster("Ours".to_owned()));
    first.flush_saves();
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    assert!(
        h.query_by_label_contains("Read-only: another Muster")
            .is_some()
    );
    // Buttons that would change it are disabled, and a change that comes
    // anyway is refused, saying why.
    assert!(
        h.get_by_label("Delete: Ours")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.get_by_label("Rename: Ours")
            .accesskit_node()
            .is_disabled()
    );
    let key = muster::rules::DocKey::of::<muster::rules::Roster>("ours");
    h.state_mut().app.apply(muster::app::Command::Delete(key));
    h.run();
    assert_eq!(h.state().app.model.all_rosters().len(), 1);
    assert!(h.query_by_label_contains("is not made").is_some());
    assert!(dir.path().join("rosters/ours.json").exists());
    drop(first);
}

/// A file dropped on the window, as the platform hands it over.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn dropping_a_roster_file_imports_it_and_a_bad_one_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "not json").expect("write");
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(bad)));
    h.run();
    assert!(h.state().app.model.all_rosters().is_empty());
    assert!(h.query_by_label_contains("Import refused").is_some());
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples/rt-band.json");
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(example)));
    h.run();
    assert_eq!(h.state().app.model.all_rosters().len(), 1);
    assert!(
        h.query_by_label("Inquisitor Vael").is_some(),
        "the roster opens"
    );
}

/// The empty library welcomes a new player with the three examples, each
/// in a sentence; one opened is a copy in the library, shown, one undoable
/// step.
#[test]
fn the_empty_library_offers_the_three_examples_and_opens_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = crate::common::window_on(dir.path())
        .seed(1)
        .size(1024.0, 700.0)
        .open();
    h.run();
    assert!(h.query_by_label("Welcome to Muster").is_some());
    for open in [
        "Open the example band",
        "Open the example kill team",
        "Open the example campaign",
    ] {
        let b = h.get_by_label(open).accesskit_node().raw_bounds();
        // At 1024 wide, nothing runs off the right edge.
        assert!(b.is_some_and(|b| b.x1 <= 1024.0), "{open}: {b:?}");
    }
    h.get_by_label("Open the example campaign").click();
    h.run();
    let model = &h.state().app.model;
    assert_eq!(model.library.docs.len(), 1, "{:?}", model.feedback.messages);
    let doc = &model.library.docs[0];
    assert_eq!(doc.name(), "The Tertius Heresy");
    assert_eq!(
        model.screen,
        muster::app::Screen::Campaign(doc.id().to_owned())
    );
    // Undo takes it away; the welcome is back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().app.model.library.docs.is_empty());
    assert!(h.query_by_label("Welcome to Muster").is_some());
}

/// The example campaign opened from the welcome is at its fourth mission's
/// table with both escorts: a band character's card, who counts no
/// actions, beside the kill team's soldiers', each with his actions this
/// turn.
#[test]
fn the_example_campaign_opens_at_the_table_of_a_band_and_a_kill_team_whose_soldiers_have_acted() {
    use egui::accesskit::Toggled;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = crate::common::window_on(dir.path())
        .seed(1)
        .size(1400.0, 4000.0)
        .open();
    h.run();
    h.get_by_label("Open the example campaign").click();
    h.run();
    let c = crate::common::the_campaign(&h);
    assert_eq!(c.phase, muster::rules::campaign::Phase::Playing);
    assert_eq!(
        h.state().app.model.screen,
        muster::app::Screen::Campaign(c.id.clone())
    );
    // The band's inquisitor: his card and its fights, no actions to count.
    assert!(h.query_by_label("Inquisitor Vael attacks…").is_some());
    assert!(
        h.query_by_label("Take Inquisitor Vael out of action")
            .is_some()
    );
    assert!(h.query_by_label("Act: Inquisitor Vael").is_none());
    // The team's Trooper Vell moved and shot: both his actions spent, and
    // his card says what he did.
    assert!(h.query_by_label("Act: Trooper Vell").is_some());
    for n in 1..=2 {
        let label = format!("Action {n} of 2 spent: Trooper Vell");
        let pip = h.get_by_label(&label);
        assert_eq!(pip.accesskit_node().toggled(), Some(Toggled::True), "{n}");
    }
    assert_eq!(
        h.query_all_by_label("This turn: Move · Shoot").count(),
        2,
        "Vell's card and Rusk's"
    );
    let label = "Action 2 of 2 spent: Trooper Rusk";
    assert_eq!(
        h.get_by_label(label).accesskit_node().toggled(),
        Some(Toggled::True)
    );
    // The table counts both sides' activations: the enemy has answered once.
    assert!(
        h.query_by_label_contains("Activations this turn: your soldiers 2, the enemy 1")
            .is_some()
    );
    assert!(
        !h.get_by_label("Take back Trooper Vell's last action")
            .accesskit_node()
            .is_disabled()
    );
    // Sergeant Hark has not acted yet.
    let pip = h.get_by_label("Action 1 of 2 spent: Sergeant Hark");
    assert_eq!(pip.accesskit_node().toggled(), Some(Toggled::False));
    assert!(
        h.query_all_by_label("This turn: no action yet")
            .next()
            .is_some()
    );
}

/// File › Open an example stays there once the library has documents of
/// its own: with the band open, the kill team example is one more.
#[test]
fn file_open_an_example_stays_once_the_library_has_documents() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = crate::common::window_on(dir.path())
        .seed(1)
        .size(1024.0, 700.0)
        .open();
    h.run();
    h.get_by_label("Open the example band").click();
    h.run();
    assert_eq!(h.state().app.model.library.docs.len(), 1);
    assert!(h.query_by_label("Open the example kill team").is_none());
    h.get_by_label("File").click();
    h.run();
    h.get_by_label_contains("Open an example").click();
    h.run();
    h.get_by_label("Open the example kill team").click();
    h.run();
    let model = &h.state().app.model;
    assert_eq!(model.library.docs.len(), 2, "{:?}", model.feedback.messages);
    assert!(
        model
            .library
            .docs
            .iter()
            .any(|d| d.get::<muster::rules::KillTeam>().is_some())
    );
}

/// The keyboard in the library: the arrows select a document, shown by
/// word as well as by its border; F2 renames it, Ctrl+D duplicates it,
/// Delete asks to delete it, Enter opens it.
#[test]
fn the_arrows_select_a_document_and_f2_ctrl_d_and_delete_act_on_it() {
    use muster::app::Command;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path(), Lang::En);
    app.apply(Command::create_roster("Alpha"));
    app.apply(Command::create_roster("Beta"));
    app.apply(Command::Show(muster::app::Screen::Library));
    let mut h = harness(app);
    h.run();
    let selected = |h: &egui_kittest::Harness<'_, muster::ui::Gui>| {
        h.state().views.library.selected().map(|k| k.id.clone())
    };
    // The selection shows by word, once.
    let shown = |h: &egui_kittest::Harness<'_, muster::ui::Gui>| {
        h.query_all_by_label_contains("Selected").count()
    };
    assert_eq!(selected(&h), None, "nothing selected yet");
    assert_eq!(shown(&h), 0);
    h.key_press(egui::Key::ArrowDown);
    h.run();
    let first = selected(&h).expect("the first");
    assert_eq!(shown(&h), 1);
    h.key_press(egui::Key::ArrowDown);
    h.run();
    let second = selected(&h).expect("the second");
    assert_ne!(first, second, "the next one");
    assert_eq!(shown(&h), 1);
    let name = if second == "alpha" { "Alpha" } else { "Beta" };
    // Ctrl+D: a copy of the one selected.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::D);
    h.run();
    let names: Vec<String> = h
        .state()
        .app
        .model
        .all_rosters()
        .iter()
        .map(|r| r.name.clone())
        .collect();
    assert!(
        names.iter().any(|n| n.contains(name) && n != name),
        "a copy of {name}: {names:?}"
    );
    // F2: its name field.
    h.key_press(egui::Key::F2);
    h.run();
    assert!(h.state().views.library.renaming(), "its name field open");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!h.state().views.library.renaming(), "Escape leaves it");
    // Delete: asked first.
    h.key_press(egui::Key::Delete);
    h.run();
    assert!(
        h.state().views.confirm_delete().is_some(),
        "asked before deleting"
    );
}

/// Import… on a desktop with no file dialog asks for the file's path, as
/// Export PDF has its own way without one; the file typed is imported.
#[test]
fn import_without_a_file_dialog_asks_for_the_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = crate::common::window_on(dir.path())
        .desktop(muster::app::ScriptedDesktop {
            no_dialogs: true,
            ..Default::default()
        })
        .seed(1)
        .size(1024.0, 700.0)
        .open();
    h.get_all_by_label("Import…")
        .next()
        .expect("the Import button")
        .click();
    h.run();
    let band = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/rt-band.json");
    type_into(&mut h, "The file's path", band);
    h.get_all_by_label("Import…")
        .last()
        .expect("the dialog's Import")
        .click();
    h.run();
    let model = &h.state().app.model;
    assert_eq!(model.library.docs.len(), 1, "{:?}", model.feedback.messages);
    assert!(h.state().views.library.import_path().is_none(), "closed");
}

/// A file Muster never had, arriving broken in the folder: its banner says
/// it cannot be read, offers no "Keep mine" (Muster has nothing of its own
/// to keep) but "Leave it", which lists it with the unreadable files and
/// takes the banner away.
#[test]
fn a_broken_file_muster_never_had_can_be_left_and_its_banner_goes() {
    use muster::app::Command;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    std::fs::create_dir_all(dir.path().join("rosters")).expect("folder");
    std::fs::write(dir.path().join("rosters/stranger.json"), "{\"kind\": \"ros").expect("written");
    h.state_mut().app.apply(Command::CheckDisk);
    h.state_mut().app.flush_saves();
    h.run();
    assert!(
        h.query_all_by_label_contains("could not be read")
            .next()
            .is_some()
            || h.query_all_by_label_contains("cannot be read")
                .next()
                .is_some(),
        "the banner says it cannot be read"
    );
    assert!(
        h.query_all_by_label_contains("Keep mine").next().is_none(),
        "nothing of Muster's to keep"
    );
    h.get_by_role_and_label(
        Role::Button,
        "Leave stranger as it is: listed with the files that could not be read",
    )
    .click();
    h.run();
    assert!(
        h.state().app.model.library.disk_changes.is_empty(),
        "the banner goes"
    );
    assert!(
        h.state()
            .app
            .model
            .library
            .unreadable
            .iter()
            .any(|u| u.path.ends_with("stranger.json")),
        "listed with the files that could not be read"
    );
}

/// The question before a deletion names what is deleted: a campaign, a
/// kill team, a roster.
#[test]
fn deleting_a_campaign_asks_to_delete_a_campaign() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_label("Open the example campaign").click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label("Delete: The Tertius Heresy").click();
    h.run();
    assert!(
        h.query_by_label("Delete campaign").is_some(),
        "the question"
    );
    assert!(h.query_by_label("Delete roster").is_none());
}

/// A new player chooses the language and the theme on the welcome itself,
/// without finding the menus: French at once, then the light theme.
#[test]
fn the_welcome_offers_the_language_and_the_theme() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = crate::common::window_on(dir.path())
        .size(1024.0, 700.0)
        .open();
    h.run();
    h.get_by_role_and_label(Role::RadioButton, "Français")
        .click();
    h.run();
    assert_eq!(h.state().app.model.prefs.lang, Lang::Fr);
    assert!(h.query_by_label("Bienvenue dans Muster").is_some());
    h.get_by_role_and_label(Role::RadioButton, "Clair").click();
    h.run();
    assert_eq!(
        h.state().app.model.prefs.theme,
        muster::app::ThemeChoice::Light
    );
}
