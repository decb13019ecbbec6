//! The interface: one struct per view. Views read the `Model` and record
//! `Command`s; they never change documents. Menus and shortcuts come from the
//! command table (`app::ACTIONS`), screens from `screens::SCREENS`.

mod battle;
mod campaign;
pub mod context;
mod folder;
mod house_rules;
pub(crate) mod killteam;
mod library;
mod menus;
mod print_preview;
mod reference;
mod roster;
pub mod screens;
mod status;
pub mod theme;
pub mod widgets;

use crate::app::{App, Command, LogPrefs, SaveState, Screen};
use crate::rules::{DocKey, DocKind, Msg};
use context::ViewCtx;

pub use library::LibraryView;
pub use menus::shortcut_words;
pub use roster::RosterView;
pub use roster::character::CharacterView;

/// The state of every view that is not a document (text being typed …).
#[derive(Default)]
pub struct ViewState {
    /// The library screen.
    pub library: LibraryView,
    /// The roster screen.
    roster: RosterView,
    /// The character screen.
    character: CharacterView,
    /// The kill-team screen.
    killteam: killteam::KillTeamView,
    /// The rules reference.
    reference: reference::ReferenceView,
    /// The battle resolver.
    pub battle: battle::BattleView,
    /// The campaign screen.
    pub campaign: campaign::CampaignView,
    /// The print preview.
    print: print_preview::PrintPreviewView,
    /// The library's house rules.
    house_rules: house_rules::HouseRulesView,
    /// The document whose deletion awaits confirmation.
    confirm_delete: Option<DocKey>,
    /// Who plays on this machine being typed, while its window shows.
    who_plays: Option<WhoPlays>,
    /// The Documents folder window shows.
    data_folder: bool,
    /// The banners of files another program changed are folded into one
    /// line, until unfolded or another file changes.
    disk_banners_folded: usize,
    /// The folder's path typed in that window (for a desktop with no
    /// folder dialog).
    data_folder_typed: String,
    /// The window was asked to close with changes not saved: the question
    /// is shown.
    asking_close: bool,
    /// The user chose to close without saving.
    close_confirmed: bool,
    /// The window was asked to close while edits were being written, and
    /// they took longer than a moment: it closes once they are on disk.
    closing: bool,
}

/// How long closing waits for the writer in silence before saying so: a
/// save of a large campaign takes a few milliseconds.
const CLOSE_QUIET_WAIT: std::time::Duration = std::time::Duration::from_millis(300);

impl ViewState {
    /// The document whose deletion awaits confirmation.
    pub fn confirm_delete(&self) -> Option<&DocKey> {
        self.confirm_delete.as_ref()
    }

    /// Asks to confirm the deletion of `doc`; `None` asks nothing.
    pub fn set_confirm_delete(&mut self, doc: Option<DocKey>) {
        self.confirm_delete = doc;
    }

    /// Shows "Who plays here" with these names typed; `None` hides it.
    pub fn set_who_plays(&mut self, typed: Option<WhoPlays>) {
        self.who_plays = typed;
    }

    /// Shows or hides the Documents folder window.
    pub fn set_data_folder(&mut self, shown: bool) {
        self.data_folder = shown;
    }

    /// The router: the one place that matches a screen to its view.
    fn screen_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let model = cx.model;
        match model.screen.clone() {
            Screen::Library => {
                self.library.ui(ui, cx);
                if let Some(key) = self.library.ask_delete.take() {
                    self.confirm_delete = Some(key);
                }
            }
            Screen::Roster(id) => self.roster.ui(ui, cx, &id),
            Screen::Character(id, cid) => self.character.ui(ui, cx, &id, cid),
            Screen::KillTeam(id) => self.killteam.ui(ui, cx, &id),
            Screen::Campaign(id) => self.campaign.ui(ui, cx, &id),
            Screen::Reference(rule) => self.reference.ui(ui, cx, rule.as_deref()),
            Screen::Battle => self.battle.ui(ui, cx),
            Screen::Print(key) => self.print.ui(ui, cx, &key),
            Screen::HouseRules => self.house_rules.ui(ui, cx, house_rules::Whose::Library),
        }
    }
}

/// How often the library folder is looked at for files another program
/// changed (seconds).
const DISK_CHECK_SECONDS: f64 = 2.0;

/// The whole interface: the app and the state of its views.
pub struct Gui {
    /// The application.
    pub app: App,
    /// The views' own state.
    pub views: ViewState,
    /// When the library folder was last looked at.
    last_disk_check: Option<f64>,
    /// The theme and fonts are installed.
    themed: bool,
}

impl Gui {
    /// The interface of `app`.
    pub fn new(app: App) -> Self {
        Self {
            app,
            views: ViewState::default(),
            last_disk_check: None,
            themed: false,
        }
    }

    /// Installs the themes at the first frame, shows the one the player
    /// chose (egui follows the system's when he chose it), and sets the
    /// palette the views draw with to the theme shown.
    fn theme_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let preference = self.app.model.prefs.theme.preference();
        let changed = ctx.options(|o| o.theme_preference) != preference;
        if changed {
            ctx.set_theme(preference);
        }
        if !self.themed {
            theme::apply(&ctx);
        }
        if !self.themed || changed {
            self.themed = true;
            // The window's root was made with the style of the frame
            // before: this frame draws in the new one.
            ui.set_style(ctx.global_style());
        }
        theme::set_palette(theme::Palette::of(ctx.theme()));
    }

    /// Shows one frame of the whole interface, then applies the commands the
    /// views recorded.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.themed {
            // A simulation done on its thread wakes the window.
            self.app.set_repaint(ctx.clone());
        }
        self.theme_ui(ui);
        if (ctx.zoom_factor() - self.app.model.prefs.zoom).abs() > f32::EPSILON {
            ctx.set_zoom_factor(self.app.model.prefs.zoom);
        }
        let now = ui.input(|i| i.time);
        if self
            .last_disk_check
            .is_none_or(|t| now - t >= DISK_CHECK_SECONDS)
        {
            self.last_disk_check = Some(now);
            self.app.push(Command::CheckDisk);
        }
        // Wake up to look at the folder even when nothing moves.
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(DISK_CHECK_SECONDS));

        // Another machine's events, as soon as the watcher saw them.
        self.app.poll_arrivals();
        // A PDF being written: look again soon, so that its end shows at
        // once (the window never waits for it).
        if self.app.poll_jobs() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }

        // Before the battle screen draws: it never hands the app the fights
        // it had before the kept ones.
        self.fill_kept_hand();
        let views = &mut self.views;
        let (model, out) = self.app.parts();
        let cx = ViewCtx::new(model);
        menus::shortcuts(ui, &cx, views);
        // A file dropped on the window is imported.
        let dropped: Vec<_> = ui.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        cx.send_all(dropped.into_iter().map(Command::Import));

        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| menus::menu_bar_ui(ui, &cx, views));
            ui.horizontal(|ui| {
                screens::nav_ui(ui, &cx);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    status::save_state_ui(ui, &cx);
                });
            });
            ui.add_space(theme::space::XS);
        });
        log_panel_ui(ui, &cx);
        egui::CentralPanel::default().show(ui, |ui| {
            // The merge window, over whichever screen opened it (the
            // library, or a document's banner).
            library::versions::merge_window_ui(ui, &cx);
            status::disk_changes_ui(ui, &cx, &mut views.disk_banners_folded);
            status::read_only_ui(ui, &cx);
            if cx.model.screen == Screen::Battle {
                battle::last_roll_bar(ui, &cx);
            }
            // Events held aside stay in view wherever the campaign is
            // scrolled (the table, the debrief).
            if let Screen::Campaign(id) = &cx.model.screen {
                campaign::held_strip_ui(ui, &cx, id);
                views.campaign.docked_ui(ui, &cx, id);
            }
            // One scroll position per screen, and per tab of a campaign:
            // going back finds it where it was left, and the journal
            // opened from the chronicle starts at its own top.
            let tab = matches!(cx.model.screen, Screen::Campaign(_)).then_some(views.campaign.tab);
            egui::ScrollArea::vertical()
                .id_salt(("screen", &cx.model.screen, tab))
                .auto_shrink(false)
                .show(ui, |ui| views.screen_ui(ui, &cx));
        });
        confirm_delete_ui(ui, &cx, views);
        who_plays_ui(ui, &cx, views);
        import_path_ui(ui, &cx, views);
        folder::data_folder_ui(ui, &cx, views);
        folder::folder_problem_ui(ui, &cx);
        status::refusal_ui(ui.ctx(), &cx);
        let clicked = ui.ctx().viewport(|v| v.interact_widgets.clicked);
        let refused = model.feedback.refusal.is_some();
        out.extend(from_click(clicked, refused, cx.into_commands()));
        let close_requested = ui.input(|i| i.viewport().close_requested());
        self.app.apply_pending();
        self.fill_new_fight();
        if let Some(text) = self.app.take_clipboard() {
            ctx.copy_text(text);
        }
        self.close_guard_ui(ui, close_requested);
    }

    /// The fights set up by hand kept from before a restart (or of the
    /// folder just opened) filled into the battle screen, with the fight
    /// picked on a table kept with them on top.
    fn fill_kept_hand(&mut self) {
        if let Some(kept) = self.app.take_kept_hand() {
            self.views.battle.take_hand_fights(&kept);
            self.fill_new_fight();
        }
    }

    /// A fight picked at a table (or kept from before a restart) filled
    /// into the battle screen, at the range the players had set for it.
    fn fill_new_fight(&mut self) {
        if let Some(setup) = self.app.take_new_fight() {
            let cx = ViewCtx::new(&self.app.model);
            self.views.battle.take_table_fight(&cx, &setup);
            let kept = self.app.model.battle.table_fight.as_ref();
            if let Some(range) = kept.and_then(|f| f.range) {
                self.views.battle.set_range(range);
            }
        }
    }

    /// Keeps the window open when changes are not saved, and asks: try
    /// saving again, close without saving, or keep Muster open.
    fn close_guard_ui(&mut self, ui: &mut egui::Ui, close_requested: bool) {
        if close_requested && !self.views.close_confirmed && self.app.only_saving() {
            // Edits on their way to the disk: they are given a moment at
            // once (a save takes milliseconds), and the window closes if
            // they land in it. This last frame waits on the disk, no other.
            self.app.settle_saves_within(CLOSE_QUIET_WAIT);
        }
        if close_requested && !self.views.close_confirmed && self.app.has_unsaved() {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::CancelClose);
            if self.app.only_saving() {
                // Still writing: closing waits for it, saying so.
                self.views.closing = true;
            } else {
                self.views.asking_close = true;
            }
        }
        if self.views.closing && self.closing_ui(ui) {
            return;
        }
        if self.views.asking_close {
            self.ask_close_ui(ui);
        }
    }

    /// While closing waits for the writer: a window saying so. Once saved,
    /// the window closes; a save that failed asks. Returns whether this
    /// frame's closing is done (still waiting, or closed).
    fn closing_ui(&mut self, ui: &mut egui::Ui) -> bool {
        if self.app.only_saving() {
            // The writer wakes the window when done; looked at anyway.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
            let lang = self.app.model.prefs.lang;
            egui::Modal::new(egui::Id::unique("close_saving")).show(ui.ctx(), |ui| {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(lang.t("close.saving"));
                });
            });
            return true;
        }
        self.views.closing = false;
        if self.app.has_unsaved() {
            // A save failed meanwhile: ask, as for any unsaved change.
            self.views.asking_close = true;
            false
        } else {
            self.views.close_confirmed = true;
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            true
        }
    }

    /// The window asking what to do with changes not saved: try saving
    /// again, close without saving, or keep Muster open.
    fn ask_close_ui(&mut self, ui: &mut egui::Ui) {
        if !self.app.has_unsaved() {
            // Saved after all (a retry worked): close as asked.
            self.views.asking_close = false;
            self.views.close_confirmed = true;
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        let lang = self.app.model.prefs.lang;
        let detail = match &self.app.model.feedback.save_state {
            SaveState::Failed(reason) => {
                lang.msg(&Msg::new("close.failed").msg("reason", reason.clone()))
            }
            _ if self.app.model.folder.data_dir.is_none() => lang.t("close.no_library").to_owned(),
            _ => String::new(),
        };
        let mut command = None;
        egui::Modal::new(egui::Id::unique("close_guard")).show(ui.ctx(), |ui| {
            widgets::card_title(
                ui,
                egui_material_icons::icons::ICON_SAVE,
                lang.t("close.title"),
            );
            ui.label(lang.t("close.unsaved"));
            if !detail.is_empty() {
                widgets::alert(ui, widgets::Tone::Error, &detail);
            }
            ui.add_space(theme::space::S);
            ui.horizontal(|ui| {
                if self.app.model.folder.data_dir.is_some()
                    && ui.button(lang.t("close.retry")).clicked()
                {
                    command = Some(Command::Save);
                }
                if ui.button(lang.t("close.discard")).clicked() {
                    self.views.asking_close = false;
                    self.views.close_confirmed = true;
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
                if ui.button(lang.t("close.keep_open")).clicked() {
                    self.views.asking_close = false;
                }
            });
        });
        if let Some(command) = command {
            self.app.apply(command);
        }
    }
}

/// Asks before deleting a document (Undo would bring it back, but a click
/// too many should not need it).
/// The log at the window's foot: resizable, or collapsed to one line;
/// its state and height are preferences, kept from one session to the next.
fn log_panel_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let log = cx.model.prefs.log;
    // An empty log takes no room: its header alone says it is there.
    if !log.open || cx.model.feedback.messages.is_empty() {
        egui::Panel::bottom("log-bar")
            .resizable(false)
            .show(ui, |ui| status::log_bar_ui(ui, cx));
        return;
    }
    let shown = egui::Panel::bottom("log")
        .resizable(true)
        .default_size(log.height)
        .size_range(crate::app::LOG_HEIGHTS)
        .show(ui, |ui| status::log_ui(ui, cx));
    // The player dragged its edge: the height is remembered.
    let height = shown.response.rect.height();
    if (height - log.height).abs() > 1.0 && !ui.input(|i| i.pointer.any_down()) {
        cx.send(Command::SetLog(LogPrefs { height, ..log }));
    }
}

fn confirm_delete_ui(ui: &egui::Ui, cx: &ViewCtx<'_>, views: &mut ViewState) {
    let model = cx.model;
    let Some(key) = views.confirm_delete.clone() else {
        return;
    };
    let Some(doc) = model.doc(&key) else {
        views.confirm_delete = None;
        return;
    };
    let modal = egui::Modal::new(egui::Id::unique("confirm_delete")).show(ui.ctx(), |ui| {
        widgets::card_title(
            ui,
            egui_material_icons::icons::ICON_DELETE,
            cx.t(match key.kind {
                DocKind::Roster => "library.delete_title.roster",
                DocKind::KillTeam => "library.delete_title.killteam",
                DocKind::Campaign => "library.delete_title.campaign",
            }),
        );
        ui.label(cx.f("library.delete_question", &[("name", doc.name())]));
        ui.add_space(theme::space::S);
        ui.horizontal(|ui| {
            if ui.button(cx.t("library.delete_confirm")).clicked() {
                cx.send(Command::Delete(key.clone()));
                views.confirm_delete = None;
            }
            if ui.button(cx.t("library.cancel")).clicked() {
                views.confirm_delete = None;
            }
        });
    });
    if modal.should_close() {
        views.confirm_delete = None;
    }
}

/// The player's and the machine's names being typed in "Who plays here".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WhoPlays {
    /// The player's name.
    player: String,
    /// The machine's name (empty: the host's).
    machine: String,
}

impl WhoPlays {
    /// The names `player` and `machine` typed.
    pub fn new(player: impl Into<String>, machine: impl Into<String>) -> Self {
        Self {
            player: player.into(),
            machine: machine.into(),
        }
    }
}

/// "Who plays here": the player's name and the machine's, which each
/// campaign event made here carries, so that the journal and a merge say
/// who made it and where; the machine's empty, the host's name.
fn who_plays_ui(ui: &egui::Ui, cx: &ViewCtx<'_>, views: &mut ViewState) {
    let Some(typed) = views.who_plays.as_mut() else {
        return;
    };
    let mut done = false;
    let modal = egui::Modal::new(egui::Id::unique("who_plays")).show(ui.ctx(), |ui| {
        ui.set_width(420.0);
        widgets::card_title(
            ui,
            egui_material_icons::icons::ICON_COMPUTER,
            cx.t("machine.title"),
        );
        ui.add(egui::Label::new(cx.t("machine.hint")).wrap());
        ui.add_space(theme::space::S);
        let l = ui.label(cx.t("machine.player"));
        ui.add(
            egui::TextEdit::singleline(&mut typed.player).hint_text(cx.t("machine.player_hint")),
        )
        .labelled_by(l.id);
        let host = &cx.model.folder.host;
        let l = ui.label(cx.t("machine.field"));
        ui.add(egui::TextEdit::singleline(&mut typed.machine).hint_text(host.as_str()))
            .labelled_by(l.id);
        if let Some(id) = &cx.model.folder.machine_id {
            let text = cx.msg(&Msg::new("machine.id").text("id", id.to_string()));
            ui.add(egui::Label::new(text).wrap());
        }
        ui.add_space(theme::space::S);
        ui.horizontal(|ui| {
            if ui.button(cx.t("machine.save")).clicked() {
                cx.send(Command::SetWhoPlays {
                    player: typed.player.trim().to_owned(),
                    machine: typed.machine.trim().to_owned(),
                });
                done = true;
            }
            if ui.button(cx.t("library.cancel")).clicked() {
                done = true;
            }
        });
    });
    if done || modal.should_close() {
        views.who_plays = None;
    }
}

/// Import without a file dialog: the file's path typed, then imported.
fn import_path_ui(ui: &egui::Ui, cx: &ViewCtx<'_>, views: &mut ViewState) {
    let Some(typed) = views.library.import_path.as_mut() else {
        return;
    };
    let mut done = false;
    let modal = egui::Modal::new(egui::Id::unique("import_path")).show(ui.ctx(), |ui| {
        ui.set_width(480.0);
        widgets::card_title(
            ui,
            egui_material_icons::icons::ICON_DOWNLOAD,
            cx.t("import.path_title"),
        );
        ui.add(egui::Label::new(cx.t("import.path_hint")).wrap());
        let l = ui.label(cx.t("import.path_field"));
        let r = ui
            .add(egui::TextEdit::singleline(typed).desired_width(440.0))
            .labelled_by(l.id);
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.add_space(theme::space::S);
        ui.horizontal(|ui| {
            let path = typed.trim();
            let go = ui.add_enabled(!path.is_empty(), egui::Button::new(cx.t("menu.import")));
            if (go.clicked() || enter) && !path.is_empty() {
                cx.send(Command::Import(std::path::PathBuf::from(path)));
                done = true;
            }
            if ui.button(cx.t("library.cancel")).clicked() {
                done = true;
            }
        });
    });
    if done || modal.should_close() {
        views.library.import_path = None;
    }
}

/// The commands of a frame, each said to come from the widget clicked, if
/// one was: a refusal shows beside it. Any click takes a refusal away,
/// even one that sends nothing.
fn from_click(clicked: Option<egui::Id>, refused: bool, mut sent: Vec<Command>) -> Vec<Command> {
    // The fights set up by hand handed over by the battle screen are no
    // answer to a refusal: the click still dismisses it.
    let answered = sent
        .iter()
        .any(|c| !matches!(c, Command::KeepHandFights(_)));
    if refused && clicked.is_some() && !answered {
        sent.push(Command::DismissRefusal);
    }
    sent.into_iter()
        .map(|c| match (clicked, &c) {
            (_, Command::DismissRefusal) | (None, _) => c,
            (Some(id), _) => Command::At(id, Box::new(c)),
        })
        .collect()
}
