//! UI tests: the app driven through its widgets, found by role and label.

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{App, Prefs, Screen, ScriptedDesktop};
use muster::i18n::Lang;
use muster::rules::Characteristic as C;
use muster::ui::Gui;

use crate::common::{AllRosters as _, Shown as _, read_roster};

fn app(dir: &Path, lang: Lang) -> App {
    App::new(
        Some(dir),
        &Prefs {
            lang,
            ..Prefs::default()
        },
        Box::new(ScriptedDesktop::default()),
        42,
    )
    .expect("app")
}

fn harness(app: App) -> Harness<'static, Gui> {
    Harness::builder()
        .with_size(egui::vec2(1200.0, 1000.0))
        .build_ui_state(|ui, gui: &mut Gui| gui.frame_ui(ui), Gui::new(app))
}

fn kal_s(h: &Harness<'_, Gui>) -> i32 {
    let model = &h.state().app.model;
    let roster = &model.all_rosters()[0];
    roster.characters[0]
        .profile(&model.rules)
        .expect("profile")
        .get(C::S)
}

#[test]
fn build_a_character_hit_a_maximum_undo_redo_and_find_it_after_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();

    // Create a roster.
    h.get_by_label("Name of the new roster or team").click();
    h.run();
    h.get_by_label("Name of the new roster or team")
        .type_text("Night Raiders");
    h.run();
    h.get_by_role_and_label(Role::Button, "Create roster")
        .click();
    h.run();
    assert_eq!(h.state().app.model.all_rosters().len(), 1);
    assert_eq!(h.state().app.model.all_rosters()[0].name, "Night Raiders");
    assert!(matches!(h.state().app.model.screen, Screen::Roster(_)));

    // Add a character.
    h.get_by_label("Character name").click();
    h.run();
    h.get_by_label("Character name").type_text("Brother Kal");
    h.run();
    h.get_by_role_and_label(Role::Button, "Add character")
        .click();
    h.run();
    assert!(matches!(
        h.state().app.model.screen,
        Screen::Character(_, _)
    ));
    assert_eq!(
        h.state().app.model.all_rosters()[0].characters[0].name,
        "Brother Kal"
    );

    // No points yet: + is disabled and says so (CHR-7).
    assert!(
        h.query_by_label_contains("CHR-7").is_some()
            || h.query_by_label_contains("0 left").is_some()
    );

    // Give him 5 advance points.
    h.get_by_label("Advance points").set_value_accesskit(5.0);
    h.run();
    assert_eq!(
        h.state().app.model.all_rosters()[0].characters[0].advance_points,
        5
    );
    assert!(h.query_by_label_contains("5 left").is_some());

    // Spend on S up to the human maximum of 4, then the + refuses (CHR-3).
    h.get_by_role_and_label(Role::Button, "Raise S").click();
    h.run();
    assert_eq!(kal_s(&h), 4);
    assert!(h.query_by_label_contains("4 left").is_some());
    h.get_by_role_and_label(Role::Button, "Raise S").click();
    h.run();
    assert_eq!(kal_s(&h), 4, "the disabled + does nothing");
    // The row names the rule; hovering the + gives the whole reason.
    assert!(
        h.query_by_label_contains("CHR-3: at the major-hero maximum, 4")
            .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Raise S").hover();
    h.run();
    assert!(
        h.query_by_label_contains("CHR-3: Brother Kal: S cannot go above 4")
            .is_some()
    );

    // Undo and redo, with the keyboard and the menu.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(kal_s(&h), 3);
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run();
    assert_eq!(kal_s(&h), 4);
    h.get_by_role_and_label(Role::Button, "Edit").click();
    h.run();
    h.get_by_label_contains("Undo spend advance point").click();
    h.run();
    assert_eq!(kal_s(&h), 3);
    h.get_by_role_and_label(Role::Button, "Edit").click();
    h.run();
    h.get_by_label_contains("Redo spend advance point").click();
    h.run();
    assert_eq!(kal_s(&h), 4);
    // Once the writer is done, the status says so.
    h.state_mut().app.flush_saves();
    h.run();
    assert!(h.query_by_label("All changes saved").is_some());

    // Close and rebuild the app on the same data directory.
    drop(h);
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    assert!(
        h.query_by_label("Night Raiders").is_some(),
        "the roster is listed"
    );
    assert_eq!(kal_s(&h), 4);
    h.get_by_label("Night Raiders").click();
    h.run();
    assert!(h.query_by_label("Brother Kal").is_some());
}

#[test]
fn psychic_gating_in_the_editor() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_role_and_label(Role::Button, "Create roster")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Add character")
        .click();
    h.run();
    h.get_by_label("Advance points").set_value_accesskit(6.0);
    h.run();
    for _ in 0..2 {
        h.get_by_role_and_label(Role::Button, "Raise WP").click();
        h.run();
    }
    // WP 9: without psychic powers, CHR-4 stops the +.
    assert!(h.query_by_label_contains("CHR-4").is_some());
    h.get_by_role_and_label(Role::CheckBox, "Psychic powers")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Raise WP").click();
    h.run();
    let wp = {
        let m = &h.state().app.model;
        m.all_rosters()[0].characters[0]
            .profile(&m.rules)
            .expect("profile")
            .get(C::WP)
    };
    assert_eq!(wp, 10);
    // Taking the powers away now is refused, and the log says why (CHR-16).
    h.get_by_role_and_label(Role::CheckBox, "Psychic powers")
        .click();
    h.run();
    assert!(h.state().app.model.all_rosters()[0].characters[0].psychic);
    // (The power-card title names CHR-16 too: look for the refusal's line.)
    assert!(h.query_by_label_contains("CHR-16: ").is_some());
}

#[test]
fn random_hero_shows_its_dice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_role_and_label(Role::Button, "Create roster")
        .click();
    h.run();
    h.get_by_label_contains("Random hero (1D6)").click();
    h.run();
    let m = &h.state().app.model;
    let c = &m.all_rosters()[0].characters[0];
    assert!(c.validate(&m.rules).is_empty());
    let log = &m.messages.last().expect("a log line").shown();
    assert!(log.contains("1D6 ["), "{log}");
    assert!(log.contains("D20"), "{log}");
    assert!(
        h.query_by_label_contains("1D6 [").is_some(),
        "the dice are shown"
    );
}

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
        h.get_by_label("Name of the new roster or team").click();
        h.run();
        h.get_by_label("Name of the new roster or team")
            .type_text(name);
        h.run();
        h.get_by_role_and_label(Role::Button, "Create roster")
            .click();
        h.run();
        h.get_by_role_and_label(Role::Button, "Library").click();
        h.run();
    }
    h.get_by_label("Search").click();
    h.run();
    h.get_by_label("Search").type_text("brav");
    h.run();
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
fn language_switches_to_french_and_is_remembered() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_role_and_label(Role::Button, "Language").click();
    h.run();
    h.get_by_label("Français").click();
    h.run();
    assert_eq!(h.state().app.model.lang, Lang::Fr);
    assert!(h.query_by_label("Créer la liste").is_some());
    assert_eq!(
        h.query_all_by_label("Bibliothèque").count(),
        2,
        "navigation and heading"
    );
    assert_eq!(h.state().app.prefs().lang, Lang::Fr);
    // The preferences are what eframe stores; a new app built with them speaks French.
    let prefs = h.state().app.prefs();
    drop(h);
    let mut h = harness(
        App::new(
            Some(dir.path()),
            &prefs,
            Box::new(ScriptedDesktop::default()),
            1,
        )
        .expect("app"),
    );
    h.run();
    assert!(h.query_all_by_label("Bibliothèque").count() >= 1);
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
        r#"{"muster": "roster", "schema_version": 9, "roster": {}}"#,
    )
    .expect("write");
    let mut h = harness(app(dir.path(), Lang::Fr));
    h.run();
    assert!(h.query_by_label("broken.json").is_some());
    assert!(h.query_by_label_contains("(ligne 2, colonne").is_some());
    assert!(h.query_by_label("newer.json").is_some());
    assert!(
        h.query_by_label_contains("écrit par un Muster plus récent (version de schéma 9")
            .is_some()
    );
    assert_eq!(h.query_all_by_label("Ouvrir le dossier").count(), 2);
}

/// Asks the window to close, as the window manager's close button does, and
/// returns the viewport commands of that frame.
fn request_close(h: &mut Harness<'_, Gui>) -> Vec<egui::ViewportCommand> {
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.step();
    h.output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map(|o| o.commands.clone())
        .unwrap_or_default()
}

#[test]
fn closing_with_unsaved_changes_asks_first() {
    // No library: nothing can be saved, so closing would lose the roster.
    let app = App::new(
        None,
        &Prefs {
            lang: Lang::En,
            ..Prefs::default()
        },
        Box::new(ScriptedDesktop::default()),
        1,
    )
    .expect("app");
    let mut h = harness(app);
    h.run();
    h.get_by_label("Create roster").click();
    h.run();
    assert!(h.state().app.has_unsaved());
    let commands = request_close(&mut h);
    assert!(commands.contains(&egui::ViewportCommand::CancelClose));
    h.run();
    assert!(h.query_by_label("Close Muster?").is_some());
    assert!(h.query_by_label_contains("changes are lost").is_some());
    h.get_by_label("Keep Muster open").click();
    h.run();
    assert!(h.query_by_label("Close Muster?").is_none());
    assert_eq!(
        h.state().app.model.all_rosters().len(),
        1,
        "nothing was lost"
    );
    // Asked again, the user chooses to close anyway.
    request_close(&mut h);
    h.run();
    h.get_by_label("Close without saving").click();
    h.step();
    let closing = h
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .is_some_and(|o| o.commands.contains(&egui::ViewportCommand::Close));
    assert!(closing);
    // Once chosen, the next close request is not stopped.
    let commands = request_close(&mut h);
    assert!(!commands.contains(&egui::ViewportCommand::CancelClose));
}

#[test]
fn closing_while_typing_keeps_what_was_typed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_label("Create roster").click();
    h.run();
    let name = h.get_by_label("Roster name");
    name.focus();
    name.type_text(" of Kal");
    h.run();
    // The window closes while the field still has the focus: the name is
    // saved, and nothing stops the close.
    let commands = request_close(&mut h);
    assert!(!commands.contains(&egui::ViewportCommand::CancelClose));
    let id = h.state().app.model.all_rosters()[0].id.clone();
    let saved = read_roster(&dir.path().join(format!("rosters/{id}.json"))).expect("saved");
    assert_eq!(saved.name, "New roster of Kal");
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

#[test]
fn switching_the_language_re_renders_the_log() {
    use muster::app::Command;
    use muster::rules::{CharacterEdit, NewCharacter, PointsScheme, RosterEdit};
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path(), Lang::En);
    app.apply(Command::create_roster("Raiders"));
    let id = app.model.all_rosters()[0].id.clone();
    app.apply(Command::roster(
        id.clone(),
        RosterEdit::SetPoints(PointsScheme::Pool {
            points: 0,
            force_models: 40,
        }),
    ));
    app.apply(Command::roster(
        id.clone(),
        RosterEdit::RollPool {
            force_models: 40,
            dice_per_20: 1,
        },
    ));
    app.apply(Command::roster(
        id.clone(),
        RosterEdit::AddCharacter {
            name: "Kal".to_owned(),
            how: NewCharacter::Standard {
                race: "human".to_owned(),
                type_id: None,
            },
        },
    ));
    let cid = app.model.all_rosters()[0].characters[0].id;
    // No advance point: refused (CHR-7), and said in the log.
    app.apply(Command::character(id, cid, CharacterEdit::Spend(C::WS)));
    app.apply(Command::Undo);
    let mut h = harness(app);
    h.run();
    assert!(h.query_by_label_contains("Pool rolled: 2D6 [").is_some());
    assert!(
        h.query_by_label_contains("Kal has no advance points left")
            .is_some()
    );
    assert!(h.query_by_label_contains("Undone: add character").is_some());

    h.get_by_role_and_label(Role::Button, "Language").click();
    h.run();
    h.get_by_label("Français").click();
    h.run();
    // The same lines, now in French: the log keeps keys, not text.
    assert!(h.query_by_label_contains("Pool rolled").is_none());
    assert!(h.query_by_label_contains("Réserve tirée : 2D6 [").is_some());
    assert!(
        h.query_by_label_contains("Kal n'a plus de points d'avancement")
            .is_some()
    );
    assert!(h.query_by_label_contains("Annulé : ").is_some());
}

#[test]
fn escape_closes_an_open_list_without_leaving_the_screen() {
    use egui::{Key, Modifiers};
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    let id = h.state().app.model.all_rosters()[0].id.clone();
    // The race list of a new character, opened.
    h.get_by_label("Race").click();
    h.run();
    assert!(egui::Popup::is_any_open(&h.ctx), "the list is open");
    // Escape closes the list, and only the list.
    h.key_press(Key::Escape);
    h.run();
    assert!(!egui::Popup::is_any_open(&h.ctx), "the list is closed");
    assert_eq!(h.state().app.model.screen, Screen::Roster(id));
    // A second Escape, with nothing open, goes back.
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().app.model.screen, Screen::Library);
}

#[test]
fn keyboard_shortcuts_do_what_the_menus_say() {
    use egui::{Key, Modifiers};
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    // Ctrl+N: a new roster, shown.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert_eq!(h.state().app.model.all_rosters().len(), 1);
    let id = h.state().app.model.all_rosters()[0].id.clone();
    assert_eq!(h.state().app.model.screen, Screen::Roster(id.clone()));
    // F2 puts the cursor in its name.
    h.key_press(Key::F2);
    h.run();
    assert!(h.get_by_label("Roster name").is_focused());
    h.get_by_label("Roster name").type_text(" Alpha");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(
        h.state().app.model.all_rosters()[0].name,
        "New roster Alpha"
    );
    // Esc goes back to the library.
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().app.model.screen, Screen::Library);
    // Ctrl+F puts the cursor in the search field.
    h.key_press_modifiers(Modifiers::COMMAND, Key::F);
    h.run();
    assert!(h.get_by_label("Search").is_focused());
    h.key_press(Key::Escape);
    h.run();
    // Select the roster's row, then Ctrl+D copies it and Delete asks first.
    h.get_by_label("New roster Alpha").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::D);
    h.run();
    assert_eq!(h.state().app.model.all_rosters().len(), 2);
    h.key_press(Key::Delete);
    h.run();
    assert!(h.query_by_label("Delete roster").is_some(), "the question");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().app.model.all_rosters().len(), 2);
    // Ctrl+Z undoes the copy; the View menu shows the zoom, Ctrl+Plus changes it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().app.model.all_rosters().len(), 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
    h.run();
    assert!((h.state().app.model.zoom - 1.1).abs() < 1e-4);
    assert!((h.state().app.prefs().zoom - 1.1).abs() < 1e-4);
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run();
    assert!(h.query_by_label("Zoom: 110 %").is_some());
    assert!(
        h.query_all_by_label_contains("Ctrl").count() >= 3,
        "shortcuts shown"
    );
}

#[test]
fn the_top_level_screens_have_shortcuts_shown_in_the_view_menu() {
    use egui::{Key, Modifiers};
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num2);
    h.run();
    assert_eq!(h.state().app.model.screen, Screen::Battle);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num3);
    h.run();
    assert!(matches!(h.state().app.model.screen, Screen::Reference(_)));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num1);
    h.run();
    assert_eq!(h.state().app.model.screen, Screen::Library);
    // The View menu says so beside each screen.
    h.get_by_role_and_label(egui::accesskit::Role::Button, "View")
        .click();
    h.run();
    let shortcut = h
        .ctx
        .format_shortcut(&egui::KeyboardShortcut::new(Modifiers::COMMAND, Key::Num2));
    assert!(h.query_by_label_contains(&shortcut).is_some(), "{shortcut}");
}

/// A badge that no longer fits its row starts the next one whole: its
/// words are never squeezed into the little room left (a card's row of
/// "fit", "Led by the guide" and "plays next mission").
#[test]
fn a_badge_that_does_not_fit_its_row_goes_whole_to_the_next() {
    use muster::ui::widgets::{Tone, badge};
    let mut h = Harness::builder()
        .with_size(egui::vec2(260.0, 200.0))
        .build_ui(|ui| {
            muster::ui::theme::apply(ui.ctx());
            ui.set_width(230.0);
            ui.horizontal_wrapped(|ui| {
                badge(ui, Tone::Good, "fit");
                badge(ui, Tone::Info, "Led by the guide");
                badge(ui, Tone::Good, "plays next mission");
            });
        });
    h.run();
    let rect = |label: &str| h.get_by_label(label).rect();
    let (fit, led, plays) = (
        rect("fit"),
        rect("Led by the guide"),
        rect("plays next mission"),
    );
    // One line each: none taller than a line and a quarter of the first.
    let line = fit.height() * 1.25;
    assert!(led.height() < line, "{led:?} {fit:?}");
    assert!(plays.height() < line, "{plays:?} {fit:?}");
    // The third goes under the first two, from the row's start.
    assert!(plays.min.y >= fit.max.y - 1.0, "{plays:?} under {fit:?}");
    assert!(plays.min.x <= fit.min.x + 1.0);
}

/// A long list draws only the rows in view, and none at all when the list
/// starts below what is in view (the escort's cards under a long list).
#[test]
fn a_list_below_the_view_draws_no_row() {
    use std::sync::{Arc, Mutex};
    let drawn: Arc<Mutex<Vec<(u8, usize)>>> = Arc::default();
    let seen = Arc::clone(&drawn);
    let mut h = Harness::builder()
        .with_size(egui::vec2(400.0, 300.0))
        .build_ui(move |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                muster::ui::widgets::virtual_rows(ui, 20.0, 50, |ui, i| {
                    seen.lock().expect("lock").push((1, i));
                    ui.label(format!("first {i}"));
                });
                muster::ui::widgets::virtual_rows(ui, 20.0, 50, |ui, i| {
                    seen.lock().expect("lock").push((2, i));
                    ui.label(format!("second {i}"));
                });
            });
        });
    drawn.lock().expect("lock").clear();
    h.step();
    let rows = drawn.lock().expect("lock").clone();
    assert!(rows.iter().all(|(list, _)| *list == 1), "{rows:?}");
    // The first list's rows in a 300-point view: about a dozen, from 0.
    assert_eq!(rows.first(), Some(&(1, 0)));
    assert!((10..=16).contains(&rows.len()), "{rows:?}");
    assert!(h.query_by_label("first 0").is_some());
    assert!(h.query_by_label("second 0").is_none());
}
