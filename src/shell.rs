//! The eframe shell: window, persisted preferences, and the frame loop.

use crate::app::{App, NativeDesktop, PREFS_KEY, Prefs};
use crate::ui::Gui;

/// The application id, reverse-DNS from the project's home
/// (`https://github.com/musterapp/muster`). The Wayland app id and the X11
/// window class are set to it, so it must stay the name of the desktop entry
/// (`packaging/<APP_ID>.desktop`), of the AppStream metainfo and of the
/// icon: that is how a desktop finds the window's menu entry and icon.
pub const APP_ID: &str = "io.github.musterapp.Muster";

/// Muster's icon, 256 pixels square (`packaging/icons/muster.svg` rendered).
pub const ICON_PNG: &[u8] = include_bytes!("../packaging/icons/muster-256.png");

/// The window icon, decoded from [`ICON_PNG`].
///
/// # Errors
/// If the embedded file is not a PNG the `image` crate can read (a test
/// makes sure it is).
pub fn window_icon() -> Result<egui::IconData, String> {
    eframe::icon_data::from_png_bytes(ICON_PNG).map_err(|e| format!("the window icon: {e}"))
}

/// The eframe application: the interface plus what only a real window has.
pub struct Shell {
    /// The interface and its app.
    pub gui: Gui,
    /// The preferences written as soon as they change.
    keeper: PrefsKeeper,
}

/// Writes the preferences to eframe's storage soon after they change (the
/// theme picked, the screen opened and its way back): a crash or a
/// `kill -9` a moment later reopens with them, where eframe's own saves
/// come every few seconds. Changes in a row (the log's height dragged) are
/// written together, at most one write per [`PrefsKeeper::EVERY`].
#[derive(Debug, Default)]
pub struct PrefsKeeper {
    /// The preferences last written.
    written: Option<Prefs>,
    /// When they were written.
    at: Option<std::time::Instant>,
}

impl PrefsKeeper {
    /// The shortest time between two writes.
    pub const EVERY: std::time::Duration = std::time::Duration::from_millis(250);

    /// Writes `prefs` to `storage` and flushes it when they differ from
    /// those written last and the last write is at least [`Self::EVERY`]
    /// old; how long to wait before looking again when a change is left
    /// to write (the window should be woken then), `None` when nothing is.
    pub fn keep(
        &mut self,
        prefs: Prefs,
        now: std::time::Instant,
        storage: &mut dyn eframe::Storage,
    ) -> Option<std::time::Duration> {
        if self.written.as_ref() == Some(&prefs) {
            return None;
        }
        if let Some(wait) = self
            .at
            .and_then(|at| Self::EVERY.checked_sub(now.saturating_duration_since(at)))
            .filter(|wait| !wait.is_zero())
        {
            return Some(wait);
        }
        eframe::set_value(storage, PREFS_KEY, &prefs);
        storage.flush();
        self.written = Some(prefs);
        self.at = Some(now);
        None
    }
}

impl Shell {
    /// Builds the app from eframe's creation context.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Result<Self, String> {
        let prefs: Prefs = cc
            .storage
            .and_then(|s| eframe::get_value(s, PREFS_KEY))
            .unwrap_or_default();
        // `$MUSTER_DATA_DIR`, else the folder chosen, else the platform's.
        let data_dir = crate::store::data_dir_chosen(prefs.data_dir.clone());
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let app = App::new(data_dir.as_deref(), &prefs, Box::new(NativeDesktop), seed)?;
        Ok(Self {
            gui: Gui::new(app),
            keeper: PrefsKeeper::default(),
        })
    }
}

impl eframe::App for Shell {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.gui.frame_ui(ui);
        if let Some(storage) = frame.storage_mut()
            && let Some(wait) =
                self.keeper
                    .keep(self.gui.app.prefs(), std::time::Instant::now(), storage)
        {
            ui.ctx().request_repaint_after(wait);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFS_KEY, &self.gui.app.prefs());
    }

    /// The screen shown and the way back are kept every few seconds (not
    /// eframe's 30): a crash reopens where the player was.
    fn auto_save_interval(&self) -> std::time::Duration {
        std::time::Duration::from_secs(3)
    }
}

/// Older Musters kept the preferences among the documents: Muster 0.1 in
/// the documents folder itself (moved, as only this installation used
/// it), later ones in its `prefs/` when `$MUSTER_DATA_DIR` was set (copied:
/// every installation sharing the folder read it, and each takes its own
/// copy). Never over preferences this installation already has. The
/// machine id kept there is not taken: it was every sharing installation's.
fn move_old_prefs(prefs_file: &std::path::Path) {
    if prefs_file.exists() {
        return;
    }
    let make_folder = || prefs_file.parent().map_or(Ok(()), std::fs::create_dir_all);
    let shared = crate::store::shared_prefs_dir().map(|d| d.join("app.ron"));
    if let Some(shared) = shared.filter(|f| f.exists()) {
        if let Err(e) = make_folder().and_then(|()| std::fs::copy(&shared, prefs_file)) {
            log::warn!(
                "could not copy the old preferences: {e}: {}",
                shared.display()
            );
        }
        return;
    }
    let Some(old) = crate::store::default_data_dir().map(|d| d.join("app.ron")) else {
        return;
    };
    if old.exists()
        && let Err(e) = make_folder().and_then(|()| std::fs::rename(&old, prefs_file))
    {
        log::warn!("could not move the old preferences: {e}: {}", old.display());
    }
}

/// Opens the window.
pub fn run() -> eframe::Result {
    let prefs_file = crate::store::prefs_dir().map(|d| d.join("app.ron"));
    if let Some(file) = &prefs_file {
        move_old_prefs(file);
    }
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Muster")
        .with_app_id(APP_ID)
        .with_inner_size([1100.0, 780.0])
        .with_min_inner_size([640.0, 480.0])
        .with_drag_and_drop(true);
    // Without it the window shows egui's logo; never a reason not to open.
    match window_icon() {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => log::warn!("{e}"),
    }
    let options = eframe::NativeOptions {
        viewport,
        // Interface preferences live apart from the documents, at a path of
        // their own: eframe's default would follow the app id
        // (`~/.local/share/io.github.musterapp.muster` on Linux) and move
        // them whenever the id changed.
        persistence_path: prefs_file,
        ..Default::default()
    };
    eframe::run_native(
        "Muster",
        options,
        Box::new(|cc| Ok(Box::new(Shell::new(cc)?))),
    )
}
