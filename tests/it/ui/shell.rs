//! The shell driven through its widgets: the language switched and
//! remembered, closing with unsaved changes or while typing, Escape, the
//! keyboard shortcuts and the View menu, badges wrapping and long lists.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{App, Prefs, Screen, ScriptedDesktop};
use muster::i18n::Lang;
use muster::rules::Characteristic as C;
use muster::ui::Gui;

use crate::common::{AllRosters as _, read_roster};

use crate::ui::{app, harness};

#[test]
fn language_switches_to_french_and_is_remembered() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_role_and_label(Role::Button, "Language").click();
    h.run();
    // The menu's, under the menu bar (the welcome offers one too, lower).
    h.get_all_by_label("Français")
        .min_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y))
        .expect("the menu's Français")
        .click();
    h.run();
    assert_eq!(h.state().app.model.prefs.lang, Lang::Fr);
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
fn switching_the_language_re_renders_the_log() {
    use muster::app::Command;
    use muster::rules::{CharacterEdit, PointsScheme, RosterEdit};
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
    let cid = crate::common::add_kal(&mut app, &id);
    // No advance point: refused (CHR-7), and said in the log.
    app.apply(Command::character(id, cid, CharacterEdit::Spend(C::WS)));
    app.apply(Command::Undo);
    let mut h = harness(app);
    h.run();
    // The whole log, opened (Ctrl+L).
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::L);
    h.run();
    assert!(h.query_by_label_contains("Pool rolled (2D6: ").is_some());
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
    assert!(h.query_by_label_contains("Réserve tirée (2D6 : ").is_some());
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
    assert!((h.state().app.model.prefs.zoom - 1.1).abs() < 1e-4);
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

/// Undo names the document and who the edit was about, so that an undo
/// from another screen says what it took back: "Undone: rename character,
/// Kal (Raiders)".
#[test]
fn undo_names_the_document_and_the_character() {
    use crate::common::Shown as _;
    use muster::app::Command;
    use muster::rules::CharacterEdit;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path(), Lang::En);
    let (id, cid) = crate::common::raiders_with_kal(&mut app);
    app.apply(Command::character(
        id,
        cid,
        CharacterEdit::Rename("Kal the Bold".to_owned()),
    ));
    app.apply(Command::Show(Screen::Library));
    // The Edit menu names him as the log will.
    let mut h = harness(app);
    h.run();
    h.get_by_role_and_label(Role::Button, "Edit").click();
    h.run();
    assert!(
        h.query_by_label_contains("Undo rename character, Kal")
            .is_some_and(|n| n
                .accesskit_node()
                .label()
                .is_some_and(|l| l.contains("(Raiders)"))),
        "the Edit menu's Undo names the character and the document"
    );
    let mut app = h.into_state().app;
    app.apply(Command::Undo);
    let said = app.model.feedback.messages.last().expect("said").shown();
    assert!(
        said.starts_with("Undone: ") && said.contains("Kal (Raiders)"),
        "{said}"
    );
    app.apply(Command::Redo);
    let said = app.model.feedback.messages.last().expect("said").shown();
    assert!(said.contains("Kal (Raiders)"), "{said}");
    let mut h = harness(app);
    h.run();
    h.get_by_role_and_label(Role::Button, "Language").click();
    h.run();
    h.get_by_label("Français").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Kal (Raiders)").any(|n| {
            let node = n.accesskit_node();
            let text = node.label().or(node.value()).unwrap_or_default();
            text.contains("Rétabli")
        }),
        "the same words in French"
    );
}

/// Muster opens where the player left it: the screen and the document shown
/// at quit are kept in the preferences; a document gone since opens the
/// library instead.
#[test]
fn muster_opens_where_the_player_left_it() {
    use muster::app::{Command, Place};
    let dir = tempfile::tempdir().expect("tempdir");
    let open = |prefs: &Prefs| {
        App::new(
            Some(dir.path()),
            prefs,
            Box::new(ScriptedDesktop::default()),
            1,
        )
        .expect("app")
    };
    let mut first = open(&Prefs::default());
    first.apply(Command::create_roster("Raiders"));
    first.flush_saves();
    let id = first.model.all_rosters()[0].id.clone();
    first.apply(Command::Show(Screen::Roster(id.clone())));
    let prefs = first.prefs();
    assert_eq!(prefs.place, Some(Place::Roster(id.clone())));
    // Kept as eframe keeps preferences: serialised, read back.
    let kept: Prefs =
        serde_json::from_str(&serde_json::to_string(&prefs).expect("written")).expect("read back");
    drop(first);
    let again = open(&kept);
    assert_eq!(again.model.screen, Screen::Roster(id.clone()));
    drop(again);
    std::fs::remove_file(dir.path().join(format!("rosters/{id}.json"))).expect("gone");
    let gone = open(&kept);
    assert_eq!(gone.model.screen, Screen::Library);
}

/// The menus' shortcuts are named as the interface's language names the
/// keys: "Ctrl+Maj+Z", "Suppr" and "Échap" in French, never the English
/// "Shift", "Delete" and "Escape".
#[test]
fn shortcuts_are_named_in_the_interface_s_language() {
    use egui::{Key, KeyboardShortcut, Modifiers};
    use muster::ui::shortcut_words;
    let ctx = egui::Context::default();
    let redo = KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
    let delete = KeyboardShortcut::new(Modifiers::NONE, Key::Delete);
    let back = KeyboardShortcut::new(Modifiers::NONE, Key::Escape);
    let smaller = KeyboardShortcut::new(Modifiers::COMMAND, Key::Minus);
    let fr: Vec<String> = [redo, delete, back, smaller]
        .iter()
        .map(|k| shortcut_words(&ctx, Lang::Fr, k))
        .collect();
    assert_eq!(fr, ["Ctrl+Maj+Z", "Suppr", "Échap", "Ctrl+−"]);
    assert_eq!(shortcut_words(&ctx, Lang::En, &redo), "Ctrl+Shift+Z");
    assert_eq!(shortcut_words(&ctx, Lang::En, &back), "Esc");
}
