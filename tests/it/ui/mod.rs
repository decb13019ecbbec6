//! The interface driven through its widgets, by screen: the shell and the
//! library, the roster's character editor, the kill-team builder, the
//! campaign, the battle screen and the print preview.

use std::path::Path;

use egui_kittest::Harness;
use muster::app::{App, Prefs, ScriptedDesktop};
use muster::i18n::Lang;
use muster::ui::Gui;

mod battle;
mod campaign;
mod killteam;
mod library;
mod log;
mod navigation;
mod print_preview;
mod roster;
mod shell;

/// The app on the data folder `dir`, in `lang`, with a scripted desktop.
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

/// The whole window around `app`, 1200 × 1000.
fn harness(app: App) -> Harness<'static, Gui> {
    Harness::builder()
        .with_size(egui::vec2(1200.0, 1000.0))
        .build_ui_state(|ui, gui: &mut Gui| gui.frame_ui(ui), Gui::new(app))
}
