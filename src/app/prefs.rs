//! The preferences kept between runs (eframe's storage): language, zoom,
//! theme, the log, printing, this machine's name, the documents folder.

use super::*;

/// Preferences kept in eframe's storage (not in the documents).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// The interface language.
    pub lang: Lang,
    /// The zoom of the interface (1: as designed).
    pub zoom: f32,
    /// Dark, light, or the system's (preferences saved before it existed
    /// read as dark, the look they had).
    pub theme: ThemeChoice,
    /// How sheets are printed.
    pub print: PrintPrefs,
    /// The log panel: open or collapsed, and its height.
    pub log: LogPrefs,
    /// This machine's name, as the campaign's journal says where each
    /// event was made (empty: the host's name).
    pub machine: String,
    /// The player's name on this machine, as each campaign event made here
    /// names him (empty: events name the machine only).
    pub player: String,
    /// The documents folder chosen (a group's synced folder); `None`: the
    /// platform's. `$MUSTER_DATA_DIR` overrides it.
    pub data_dir: Option<PathBuf>,
    /// Where the player was at quit: Muster opens there (the library when
    /// its document is gone).
    pub place: Option<Place>,
    /// The way back from there, the last one last: Back and the trail of
    /// screens above it lead where they led before the quit.
    pub trail: Vec<Place>,
    /// The table shown as a compact list rather than cards.
    pub compact_table: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            lang: Lang::default(),
            zoom: 1.0,
            theme: ThemeChoice::default(),
            print: PrintPrefs::default(),
            log: LogPrefs::default(),
            machine: String::new(),
            player: String::new(),
            data_dir: None,
            place: None,
            trail: Vec::new(),
            compact_table: false,
        }
    }
}

/// The theme the player chose: one of the two, or the system's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// The dark theme (Muster's first look).
    #[default]
    Dark,
    /// The light theme.
    Light,
    /// The system's, light or dark, following it when it changes.
    System,
}

impl ThemeChoice {
    /// Every choice, in the order the menu lists them.
    pub const ALL: [Self; 3] = [Self::Dark, Self::Light, Self::System];

    /// The message key of its name.
    pub fn label(self) -> &'static str {
        match self {
            Self::Dark => "theme.dark",
            Self::Light => "theme.light",
            Self::System => "theme.system",
        }
    }

    /// egui's preference for it (eframe tells egui the system's theme).
    pub fn preference(self) -> egui::ThemePreference {
        match self {
            Self::Dark => egui::ThemePreference::Dark,
            Self::Light => egui::ThemePreference::Light,
            Self::System => egui::ThemePreference::System,
        }
    }
}

/// Where the documents folder in use comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataDirOrigin {
    /// `$MUSTER_DATA_DIR` names it (and overrides any folder chosen).
    Env,
    /// Chosen in File › Documents folder….
    Chosen,
    /// The platform's folder.
    Default,
}

/// The log panel at the window's foot: open, or collapsed to one line, and
/// its height when open (the player drags its edge).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LogPrefs {
    /// Shown whole; collapsed, it is one line with its last message.
    pub open: bool,
    /// Its height when open, in points.
    pub height: f32,
}

impl Default for LogPrefs {
    /// Collapsed: its last message on one line, the table's cards in view
    /// (a 700-px window keeps its room for them); opened by a click or
    /// Ctrl+L.
    fn default() -> Self {
        Self {
            open: false,
            height: 120.0,
        }
    }
}

/// The heights the log panel may take, in points.
pub const LOG_HEIGHTS: std::ops::RangeInclusive<f32> = 48.0..=600.0;

/// How sheets are printed: the paper, the sheet's language (its own, apart
/// from the interface's) and whether the rules appendix is added.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PrintPrefs {
    /// A4 or US Letter.
    pub paper: crate::print::Paper,
    /// The sheet's language; `None` until the user picks one: the
    /// interface's.
    pub lang: Option<Lang>,
    /// Add the text of every rule the sheet names.
    pub appendix: bool,
    /// What to print: the sheet, or cards for the table.
    pub what: crate::print::Printout,
}

impl PrintPrefs {
    /// The language sheets are written in, with the interface in `interface`.
    pub fn sheet_lang(&self, interface: Lang) -> Lang {
        self.lang.unwrap_or(interface)
    }

    /// The options of the sheet model.
    pub fn sheet_options(&self, interface: Lang) -> crate::print::SheetOptions {
        crate::print::SheetOptions {
            lang: self.sheet_lang(interface),
            appendix: self.appendix,
            what: self.what,
        }
    }
}

/// The smallest and largest zoom.
pub const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.5..=3.0;

/// The key of the preferences in eframe's storage.
pub const PREFS_KEY: &str = "muster_prefs";
