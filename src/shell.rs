//! The eframe shell: window, persisted preferences, and the frame loop.

use crate::app::{App, NativeDesktop, PREFS_KEY, Prefs};
use crate::ui::Gui;

/// The eframe application: the interface plus what only a real window has.
pub struct Shell {
    /// The interface and its app.
    pub gui: Gui,
}

impl Shell {
    /// Builds the app from eframe's creation context.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Result<Self, String> {
        let prefs: Prefs = cc
            .storage
            .and_then(|s| eframe::get_value(s, PREFS_KEY))
            .unwrap_or_default();
        let data_dir = crate::store::default_data_dir();
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let app = App::new(data_dir.as_deref(), &prefs, Box::new(NativeDesktop), seed)?;
        Ok(Self { gui: Gui::new(app) })
    }
}

impl eframe::App for Shell {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.gui.frame_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFS_KEY, &self.gui.app.prefs());
    }
}

/// Muster 0.1 let eframe write `app.ron` into the documents folder: move it
/// to where preferences now live, never over a newer one.
fn move_old_prefs(prefs_file: &std::path::Path) {
    let Some(old) = crate::store::default_data_dir().map(|d| d.join("app.ron")) else {
        return;
    };
    if old.exists() && !prefs_file.exists() {
        let moved = prefs_file
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::rename(&old, prefs_file));
        if let Err(e) = moved {
            log::warn!("could not move the old preferences: {e}: {}", old.display());
        }
    }
}

/// Opens the window.
pub fn run() -> eframe::Result {
    let prefs_file = crate::store::prefs_dir().map(|d| d.join("app.ron"));
    if let Some(file) = &prefs_file {
        move_old_prefs(file);
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Muster")
            .with_app_id("muster")
            .with_inner_size([1100.0, 780.0])
            .with_min_inner_size([640.0, 480.0])
            .with_drag_and_drop(true),
        // Interface preferences live apart from the documents (eframe's
        // default folder on Linux is the documents folder itself).
        persistence_path: prefs_file,
        ..Default::default()
    };
    eframe::run_native(
        "Muster",
        options,
        Box::new(|cc| Ok(Box::new(Shell::new(cc)?))),
    )
}
