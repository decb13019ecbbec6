//! The log panel at the window's foot: collapsed to one line and opened
//! again (its button, Ctrl+L), its height kept, both remembered from one
//! session to the next through the preferences.

use egui_kittest::kittest::Queryable as _;
use muster::app::{LogPrefs, Prefs};
use muster::i18n::Lang;

/// A window on `dir`, `width` × `height` points, its log panel as `log`
/// says.
fn window(
    dir: &std::path::Path,
    log: LogPrefs,
    width: f32,
    height: f32,
) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    crate::common::window_on(dir)
        .prefs(Prefs {
            log,
            ..Prefs::default()
        })
        .seed(3)
        .size(width, height)
        .open()
}

#[test]
fn the_log_starts_on_its_last_line_opens_collapses_again_and_is_remembered() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window(dir.path(), LogPrefs::default(), 1024.0, 700.0);
    h.run();
    // A message to show: a refusal, as a player meets one. A new
    // player's log shows it on one line, the window's room kept.
    h.state_mut().app.apply(muster::app::Command::Undo);
    h.run();
    assert!(!h.state().app.model.prefs.log.open);
    assert!(h.query_by_label("Open the log").is_some());
    h.get_by_label("Open the log").click();
    h.run();
    assert!(h.state().app.model.prefs.log.open);
    assert!(h.query_by_label("Collapse the log").is_some());

    h.get_by_label("Collapse the log").click();
    h.run();
    assert!(!h.state().app.model.prefs.log.open, "collapsed");
    assert!(h.query_by_label("Open the log").is_some());
    // Ctrl+L opens it again, and once more collapses it.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::L);
    h.run();
    assert!(h.state().app.model.prefs.log.open);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::L);
    h.run();
    let prefs = h.state().app.prefs();
    assert!(!prefs.log.open, "the preference follows");

    // The next session starts as the last one left it.
    drop(h);
    let mut h = window(dir.path(), prefs.log, 1024.0, 700.0);
    h.run();
    assert!(h.query_by_label("Open the log").is_some());
}

#[test]
fn the_logs_height_is_kept_and_stays_put_when_nothing_moves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = LogPrefs {
        open: true,
        height: 220.0,
    };
    let mut h = window(dir.path(), log, 1024.0, 700.0);
    for _ in 0..4 {
        h.run();
    }
    let kept = h.state().app.model.prefs.log.height;
    assert!((kept - 220.0).abs() <= 2.0, "the height asked: {kept}");
    for _ in 0..4 {
        h.run();
    }
    assert_eq!(
        h.state().app.model.prefs.log.height,
        kept,
        "no drift from frame to frame"
    );
    // A height out of bounds in a preferences file is brought within them.
    h.state_mut()
        .app
        .apply(muster::app::Command::SetLog(LogPrefs {
            open: true,
            height: 5000.0,
        }));
    assert_eq!(
        h.state().app.model.prefs.log.height,
        *muster::app::LOG_HEIGHTS.end()
    );
}

/// A roll logged in English reads in French once the player switches:
/// the log keeps its title and its result as messages, told in the
/// language shown.
#[test]
fn a_roll_logged_before_a_language_switch_reads_in_the_new_language() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window(dir.path(), LogPrefs::default(), 1280.0, 900.0);
    h.run();
    h.state_mut()
        .app
        .apply(muster::app::Command::Show(muster::app::Screen::Battle));
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Roll")
        .click_accesskit();
    h.run();
    let shown = |h: &egui_kittest::Harness<'_, muster::ui::Gui>, text: &str| {
        h.query_all_by_label_contains(text).next().is_some()
            || h.query_all_by_value(text).next().is_some()
    };
    assert_eq!(h.state().app.model.battle.log.len(), 1, "rolled");
    assert!(shown(&h, "Attacker against Defender"), "in English first");
    h.state_mut()
        .app
        .apply(muster::app::Command::SetLang(Lang::Fr));
    h.run();
    let e = &h.state().app.model.battle.log[0];
    let title = Lang::Fr.msg(&e.title);
    let result = Lang::Fr.msg(&e.result);
    assert_eq!(title, "Attaquant contre Défenseur");
    assert!(result.contains("Dés"), "{result}");
    assert!(
        h.query_all_by_label_contains("Attaquant contre Défenseur")
            .next()
            .is_some(),
        "the log shows the roll in French"
    );
    let left: Vec<String> = h
        .query_all_by_label_contains("Attacker against")
        .filter_map(|n| {
            use egui_kittest::kittest::NodeT as _;
            n.accesskit_node().label().map(|l| l.to_string())
        })
        .collect();
    assert!(left.is_empty(), "nothing left in English: {left:?}");
}
