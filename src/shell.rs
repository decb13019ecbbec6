//! The eframe shell: window, persisted preferences, and the frame loop.

use crate::app::{App, NativeDesktop, PREFS_KEY, Prefs};

/// The eframe application: `App` plus what only a real window has.
pub struct Shell {
    /// The application.
    pub app: App,
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
        Ok(Self { app })
    }
}

impl eframe::App for Shell {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.frame_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFS_KEY, &self.app.prefs());
    }
}

/// Opens the window.
pub fn run() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Muster")
            .with_app_id("muster")
            .with_inner_size([1100.0, 780.0])
            .with_min_inner_size([640.0, 480.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "Muster",
        options,
        Box::new(|cc| Ok(Box::new(Shell::new(cc)?))),
    )
}
