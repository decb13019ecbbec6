//! The theme: View › Theme picks dark, light or the system's; the frame
//! draws with the palette of the theme shown, and the choice is kept in
//! the preferences.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use eframe::Storage as _;
use egui::Theme;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{App, Command, PREFS_KEY, Prefs, ScriptedDesktop, ThemeChoice};
use muster::i18n::Lang;
use muster::shell::PrefsKeeper;
use muster::ui::Gui;
use muster::ui::theme::{self, DARK, LIGHT, Palette};

/// The window on a library holding the example band (its card drawn).
fn library(dir: &std::path::Path, prefs: &Prefs) -> Harness<'static, Gui> {
    std::fs::create_dir_all(dir.join("rosters")).expect("folder");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/rt-band.json"),
        dir.join("rosters/rt-band.json"),
    )
    .expect("copy");
    let app = App::new(Some(dir), prefs, Box::new(ScriptedDesktop::default()), 42).expect("app");
    let mut h = super::harness(app);
    h.run();
    h
}

/// The fills of the rectangles painted in the last frame.
fn fills(h: &Harness<'_, Gui>) -> Vec<egui::Color32> {
    fn add(shape: &egui::Shape, out: &mut Vec<egui::Color32>) {
        match shape {
            egui::Shape::Rect(r) => out.push(r.fill),
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| add(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        add(&clipped.shape, &mut out);
    }
    out
}

/// What the window shows is `palette`'s: egui's theme, the views' palette,
/// the panels' fill, and a card painted in its card colour (and none in the
/// other palette's).
fn shows(h: &Harness<'_, Gui>, palette: Palette, theme: Theme) {
    assert_eq!(h.ctx.theme(), theme);
    assert_eq!(theme::palette(), palette);
    assert_eq!(
        h.ctx.global_style().visuals.panel_fill,
        palette.panel_fill()
    );
    let other = if palette == LIGHT { DARK } else { LIGHT };
    let fills = fills(h);
    assert!(fills.contains(&palette.card_fill()), "{theme:?}: {fills:?}");
    assert!(!fills.contains(&other.card_fill()), "{theme:?}: {fills:?}");
}

/// View › Theme › `item`.
fn pick_theme(h: &mut Harness<'_, Gui>, item: &str) {
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Theme").click();
    h.run();
    h.get_by_role_and_label(Role::RadioButton, item).click();
    h.run();
}

#[test]
fn the_view_menu_switches_to_the_light_theme_and_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &Prefs::default());
    // Today's look, unless the player chooses another.
    assert_eq!(h.state().app.model.prefs.theme, ThemeChoice::Dark);
    shows(&h, DARK, Theme::Dark);

    pick_theme(&mut h, "Light");
    assert_eq!(h.state().app.model.prefs.theme, ThemeChoice::Light);
    assert_eq!(h.state().app.prefs().theme, ThemeChoice::Light);
    shows(&h, LIGHT, Theme::Light);
    // The menu checks the one chosen.
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Theme").click();
    h.run();
    let checked = |h: &Harness<'_, Gui>, item: &str| {
        h.get_by_role_and_label(Role::RadioButton, item)
            .accesskit_node()
            .toggled()
    };
    assert_eq!(checked(&h, "Light"), Some(egui::accesskit::Toggled::True));
    assert_eq!(checked(&h, "Dark"), Some(egui::accesskit::Toggled::False));
    h.get_by_role_and_label(Role::RadioButton, "Dark").click();
    h.run();
    assert_eq!(h.state().app.prefs().theme, ThemeChoice::Dark);
    shows(&h, DARK, Theme::Dark);
}

#[test]
fn the_theme_menu_speaks_french() {
    let dir = tempfile::tempdir().expect("tempdir");
    let prefs = Prefs {
        lang: Lang::Fr,
        ..Prefs::default()
    };
    let mut h = library(dir.path(), &prefs);
    h.get_by_role_and_label(Role::Button, "Affichage").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Thème").click();
    h.run();
    for item in ["Sombre", "Clair", "Suivre le système"] {
        h.get_by_role_and_label(Role::RadioButton, item);
    }
    h.get_by_role_and_label(Role::RadioButton, "Clair").click();
    h.run();
    shows(&h, LIGHT, Theme::Light);
}

#[test]
fn following_the_system_shows_its_theme() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &Prefs::default());
    h.input_mut().system_theme = Some(Theme::Light);
    pick_theme(&mut h, "Follow the system");
    assert_eq!(h.state().app.prefs().theme, ThemeChoice::System);
    shows(&h, LIGHT, Theme::Light);
    // The system turns dark: so does the window, the choice unchanged.
    h.input_mut().system_theme = Some(Theme::Dark);
    h.run();
    h.run();
    shows(&h, DARK, Theme::Dark);
    assert_eq!(h.state().app.model.prefs.theme, ThemeChoice::System);
}

/// eframe's storage, in memory, with the number of times it was flushed
/// (written to its file).
#[derive(Default)]
struct Memory(HashMap<String, String>, usize);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {
        self.1 += 1;
    }
}

#[test]
fn the_theme_picked_is_on_disk_at_once_not_at_eframe_s_next_save() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &Prefs::default());
    let mut storage = Memory::default();
    let mut keeper = PrefsKeeper::default();
    let start = Instant::now();
    assert_eq!(
        keeper.keep(h.state().app.prefs(), start, &mut storage),
        None
    );
    assert_eq!(storage.1, 1, "the preferences as Muster opened");
    // Nothing changed: nothing written again.
    let later = start + PrefsKeeper::EVERY;
    assert_eq!(
        keeper.keep(h.state().app.prefs(), later, &mut storage),
        None
    );
    assert_eq!(storage.1, 1);

    // The player picks the light theme; the process is killed the next
    // moment: the file already says light.
    pick_theme(&mut h, "Light");
    assert_eq!(
        keeper.keep(h.state().app.prefs(), later, &mut storage),
        None
    );
    assert_eq!(storage.1, 2);
    let kept: Prefs = eframe::get_value(&storage, PREFS_KEY).expect("prefs");
    assert_eq!(kept.theme, ThemeChoice::Light);

    // Changes in a row are written together: the next one within the
    // quarter second waits for it, the window woken then.
    pick_theme(&mut h, "Dark");
    let soon = later + Duration::from_millis(100);
    let wait = keeper.keep(h.state().app.prefs(), soon, &mut storage);
    assert_eq!(wait, Some(PrefsKeeper::EVERY - Duration::from_millis(100)));
    assert_eq!(storage.1, 2);
    let then = later + PrefsKeeper::EVERY;
    assert_eq!(keeper.keep(h.state().app.prefs(), then, &mut storage), None);
    let kept: Prefs = eframe::get_value(&storage, PREFS_KEY).expect("prefs");
    assert_eq!((kept.theme, storage.1), (ThemeChoice::Dark, 3));
}

#[test]
fn the_theme_chosen_is_kept_in_the_preferences() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = library(dir.path(), &Prefs::default());
    h.state_mut()
        .app
        .apply(Command::SetTheme(ThemeChoice::Light));
    let mut storage = Memory::default();
    eframe::set_value(&mut storage, PREFS_KEY, &h.state().app.prefs());
    drop(h);

    // Muster opened again, as the shell opens it.
    let prefs: Prefs = eframe::get_value(&storage, PREFS_KEY).expect("prefs");
    assert_eq!(prefs.theme, ThemeChoice::Light);
    let h = library(dir.path(), &prefs);
    shows(&h, LIGHT, Theme::Light);

    // Preferences saved before the theme could be chosen open dark.
    storage.set_string(PREFS_KEY, "(lang: Fr, zoom: 1.2)".to_owned());
    let old: Prefs = eframe::get_value(&storage, PREFS_KEY).expect("old prefs load");
    assert_eq!((old.lang, old.zoom), (Lang::Fr, 1.2));
    assert_eq!(old.theme, ThemeChoice::Dark);
}
