//! The window as a player drives it, for the tests: the app opened on a
//! data folder and its window built (and built again after a restart),
//! clicks, picks and typing by accessible name, a turn begun at the table,
//! the campaign it holds.

use std::path::Path;

use muster::i18n::Lang;
use muster::rules::Doc;
use muster::store::Store;

/// The app on the data folder `dir`, in `lang`, with scripted dialogs and
/// its dice seeded by `seed`.
pub fn app_in(dir: &Path, lang: Lang, seed: u64) -> muster::app::App {
    muster::app::App::new(
        Some(dir),
        &muster::app::Prefs {
            lang,
            ..muster::app::Prefs::default()
        },
        Box::new(muster::app::ScriptedDesktop::default()),
        seed,
    )
    .expect("app")
}

/// The whole window around `app`, `width` × `height` points, for kittest.
pub fn window(
    app: muster::app::App,
    width: f32,
    height: f32,
) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    // The app's threads (the fight to the end, the preview's typesetting)
    // wake the window when done: a few more frames than a still screen.
    egui_kittest::Harness::builder()
        .with_size(egui::vec2(width, height))
        .with_max_steps(16)
        .build_ui_state(
            |ui, gui: &mut muster::ui::Gui| gui.frame_ui(ui),
            muster::ui::Gui::new(app),
        )
}

/// A window to test, built step by step: the data folder, then what
/// differs from the usual (the default preferences in English, scripted
/// dialogs, dice seeded 5, 1280 × 4000 points, no document saved first,
/// the library shown).
pub struct WindowOn<'a> {
    dir: &'a Path,
    prefs: muster::app::Prefs,
    desktop: muster::app::ScriptedDesktop,
    seed: u64,
    size: (f32, f32),
    saved: Vec<Doc>,
    screen: Option<muster::app::Screen>,
}

/// A window on the data folder `dir` ([`WindowOn::open`] opens it).
pub fn window_on(dir: &Path) -> WindowOn<'_> {
    WindowOn {
        dir,
        prefs: muster::app::Prefs {
            lang: Lang::En,
            ..muster::app::Prefs::default()
        },
        desktop: muster::app::ScriptedDesktop::default(),
        seed: 5,
        size: (1280.0, 4000.0),
        saved: Vec::new(),
        screen: None,
    }
}

impl WindowOn<'_> {
    /// In the language `lang`.
    #[must_use]
    pub fn lang(mut self, lang: Lang) -> Self {
        self.prefs.lang = lang;
        self
    }

    /// With the preferences `prefs` (their language too).
    #[must_use]
    pub fn prefs(mut self, prefs: muster::app::Prefs) -> Self {
        self.prefs = prefs;
        self
    }

    /// With the dialogs and the machine `desktop` scripts.
    #[must_use]
    pub fn desktop(mut self, desktop: muster::app::ScriptedDesktop) -> Self {
        self.desktop = desktop;
        self
    }

    /// Its dice seeded by `seed`.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// `width` × `height` points.
    #[must_use]
    pub fn size(mut self, width: f32, height: f32) -> Self {
        self.size = (width, height);
        self
    }

    /// `doc` saved in the folder before the app opens it.
    #[must_use]
    pub fn saved(mut self, doc: Doc) -> Self {
        self.saved.push(doc);
        self
    }

    /// Showing `screen` once open.
    #[must_use]
    pub fn showing(mut self, screen: muster::app::Screen) -> Self {
        self.screen = Some(screen);
        self
    }

    /// `c` saved in the folder before the app opens it, its campaign screen
    /// shown once open.
    #[must_use]
    pub fn on_campaign(self, c: &muster::rules::campaign::Campaign) -> Self {
        self.saved(Doc::new(c.clone()))
            .showing(muster::app::Screen::Campaign(c.id.clone()))
    }

    /// Keeping what it keeps beside the preferences (the undo history,
    /// the battle screen's fights) in `dir`.
    #[must_use]
    pub fn kept_in(mut self, dir: &Path) -> Self {
        self.desktop.history = Some(dir.to_path_buf());
        self
    }

    /// The window, its first frames run.
    pub fn open(self) -> egui_kittest::Harness<'static, muster::ui::Gui> {
        if !self.saved.is_empty() {
            let store = Store::open(self.dir).expect("store");
            for doc in &self.saved {
                store.save(doc).expect("save");
            }
        }
        let app = muster::app::App::new(
            Some(self.dir),
            &self.prefs,
            Box::new(self.desktop),
            self.seed,
        )
        .expect("app");
        let mut h = window(app, self.size.0, self.size.1);
        h.run();
        if let Some(screen) = self.screen {
            h.state_mut().app.apply(muster::app::Command::Show(screen));
            h.run();
        }
        h
    }
}

/// A window of 1400 × 4000 points on a data folder of its own holding
/// `c`, its campaign screen shown; the folder, kept as long as the window
/// needs it.
pub fn campaign_shown(
    c: &muster::rules::campaign::Campaign,
) -> (
    tempfile::TempDir,
    egui_kittest::Harness<'static, muster::ui::Gui>,
) {
    let dir = tempfile::tempdir().expect("tempdir");
    let h = window_on(dir.path())
        .size(1400.0, 4000.0)
        .on_campaign(c)
        .open();
    (dir, h)
}

/// Muster closed and opened again: its data folder and what it keeps
/// beside the preferences (the undo history, the battle screen's fights),
/// each a folder of the test's own, and the size of its window.
pub struct Restarts {
    dir: tempfile::TempDir,
    kept: tempfile::TempDir,
    size: (f32, f32),
}

impl Restarts {
    /// Empty folders, a window of `width` × `height` points.
    pub fn sized(width: f32, height: f32) -> Self {
        Self {
            dir: tempfile::tempdir().expect("tempdir"),
            kept: tempfile::tempdir().expect("tempdir"),
            size: (width, height),
        }
    }

    /// The data folder.
    pub fn dir(&self) -> &std::path::Path {
        self.dir.path()
    }

    /// Where the battle screen's session is kept for the data folder.
    pub fn kept_battle(&self) -> std::path::PathBuf {
        let data = std::fs::canonicalize(self.dir.path()).expect("dir");
        muster::store::kept_history::kept_history_path(self.kept.path(), &data)
            .with_extension("battle.json")
    }

    /// A window on the data folder, keeping what it keeps in its own.
    pub fn window(&self) -> WindowOn<'_> {
        window_on(self.dir.path())
            .kept_in(self.kept.path())
            .size(self.size.0, self.size.1)
    }

    /// Muster closed (the window `h` dropped) and opened again on the same
    /// folders, showing `screen`.
    pub fn reopen(
        &self,
        h: egui_kittest::Harness<'static, muster::ui::Gui>,
        screen: muster::app::Screen,
    ) -> egui_kittest::Harness<'static, muster::ui::Gui> {
        drop(h);
        self.window().showing(screen).open()
    }
}

/// The campaign the window's app holds (the first, if several).
pub fn the_campaign(
    h: &egui_kittest::Harness<'_, muster::ui::Gui>,
) -> muster::rules::campaign::Campaign {
    h.state()
        .app
        .model
        .library
        .docs
        .iter()
        .find_map(Doc::get::<muster::rules::campaign::Campaign>)
        .cloned()
        .expect("a campaign")
}

/// Clicks the widget of this accessible name, then runs the frames.
pub fn click(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, label: &str) {
    use egui_kittest::kittest::Queryable as _;
    h.get_by_label(label).click();
    h.run();
}

/// Frames until the chronicle's thread has told the story of the campaign
/// shown as its journal stands (for at most a minute), then runs the
/// frames it wakes.
pub fn until_the_story_is_told(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>) {
    let start = std::time::Instant::now();
    // A spinner turns meanwhile: frames one by one.
    h.step();
    loop {
        let model = &h.state().app.model;
        let shown = match &model.screen {
            muster::app::Screen::Campaign(id) => model.get::<muster::rules::Campaign>(id),
            _ => None,
        };
        let told = &model.jobs.chronicle.told;
        if shown.is_some_and(|c| told.as_ref().is_some_and(|t| t.tells(c))) {
            break;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "the story was never told"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    h.run();
}

/// Whether the table offers to bring `name` back into action: he is out
/// of it.
pub fn offers_to_bring_back(h: &egui_kittest::Harness<'_, muster::ui::Gui>, name: &str) -> bool {
    use egui_kittest::kittest::Queryable as _;
    h.query_by_label(&format!("Bring {name} back into action"))
        .is_some()
}

/// Clicks the button of this accessible name, then runs the frames.
pub fn button(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, label: &str) {
    use egui_kittest::kittest::Queryable as _;
    h.get_by_role_and_label(egui::accesskit::Role::Button, label)
        .click();
    h.run();
}

/// Opens the combo of this name and picks the item whose name contains
/// `item`.
pub fn pick(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, combo: &str, item: &str) {
    use egui_kittest::kittest::Queryable as _;
    click(h, combo);
    h.get_by_label_contains(item).click_accesskit();
    h.run();
}

/// Clicks the field labelled `label` and types `text` into it.
pub fn type_into(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, label: &str, text: &str) {
    use egui_kittest::kittest::Queryable as _;
    h.get_by_label(label).click();
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

/// Begins turn `turn` at the table: "Begin turn N", and its answer when
/// the screen asks first (models still to activate, KT-8).
pub fn begin_turn(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, turn: u32) {
    use egui_kittest::kittest::Queryable as _;
    let label = format!("Begin turn {turn}");
    h.get_by_role_and_label(egui::accesskit::Role::Button, &label)
        .click();
    h.run();
    let asked = h
        .query_all_by_role_and_label(egui::accesskit::Role::Button, &label)
        .count()
        > 1;
    if asked {
        h.get_all_by_role_and_label(egui::accesskit::Role::Button, &label)
            .last()
            .expect("the answer")
            .click();
        h.run();
    }
}

/// The table's "Act…" menu entry for the action `act` as shown: a shot, a
/// close combat or a grenade taken there is one rolled with the players'
/// own dice (the battle screen's roll takes its action itself).
pub fn act_entry(act: &str) -> String {
    if ["Shoot", "Close combat", "Grenade"].contains(&act) {
        format!("{act} with the table's own dice (Attack… rolls it in Muster)")
    } else {
        act.to_owned()
    }
}

/// In the library, types `name` as the new roster's, team's or campaign's
/// name and clicks `create` ("Create roster", "Create kill team",
/// "Create campaign").
pub fn create_named(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, create: &str, name: &str) {
    type_into(h, "Name of the new roster or team", name);
    button(h, create);
}
