//! The interface: one struct per view. Views read the `Model` and record
//! `Command`s; they never change documents.

mod character;
mod library;
mod roster;
pub mod widgets;

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::app::{App, Command, MessageKind, Model, SaveState, Screen};
use crate::i18n::Lang;
use crate::rules::Msg;

pub use character::CharacterView;
pub use library::LibraryView;
pub use roster::RosterView;

/// The state of every view that is not a document (text being typed …).
#[derive(Default)]
pub struct ViewState {
    /// The library screen.
    pub library: LibraryView,
    /// The roster screen.
    pub roster: RosterView,
    /// The character screen.
    pub character: CharacterView,
    /// The window was asked to close with changes not saved: the question
    /// is shown.
    pub asking_close: bool,
    /// The user chose to close without saving.
    pub close_confirmed: bool,
}

const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);

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
}

impl Gui {
    /// The interface of `app`.
    pub fn new(app: App) -> Self {
        Self {
            app,
            views: ViewState::default(),
            last_disk_check: None,
        }
    }

    /// Shows one frame of the whole interface, then applies the commands the
    /// views recorded.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let now = ui.input(|i| i.time);
        let check_disk = self
            .last_disk_check
            .is_none_or(|t| now - t >= DISK_CHECK_SECONDS);
        if check_disk {
            self.last_disk_check = Some(now);
            self.app.push(Command::CheckDisk);
        }
        // Wake up to look at the folder even when nothing moves.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(DISK_CHECK_SECONDS));
        let views = &mut self.views;
        let (model, out) = self.app.parts();
        // Shortcuts, unless a text field is being edited (it has its own undo).
        if !ui.ctx().text_edit_focused() {
            ui.input_mut(|i| {
                // Redo first: Ctrl+Shift+Z also matches Ctrl+Z's logical keys.
                if i.consume_shortcut(&REDO) || i.consume_shortcut(&REDO_Y) {
                    out.push(Command::Redo);
                } else if i.consume_shortcut(&UNDO) {
                    out.push(Command::Undo);
                }
            });
        }
        // A file dropped on the window is imported.
        let dropped: Vec<_> = ui.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        out.extend(dropped.into_iter().map(Command::Import));

        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| menu_ui(ui, model, out));
            ui.horizontal(|ui| {
                nav_ui(ui, model, out);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    save_state_ui(ui, model);
                });
            });
        });
        egui::Panel::bottom("log")
            .resizable(true)
            .default_size(110.0)
            .show(ui, |ui| log_ui(ui, model, out));
        egui::CentralPanel::default().show(ui, |ui| {
            disk_changes_ui(ui, model, out);
            if model.read_only {
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        model.lang.t("status.read_only_banner"),
                    );
                    if ui.button(model.lang.t("menu.reload")).clicked() {
                        out.push(Command::Reload);
                    }
                });
                ui.separator();
            }
            egui::ScrollArea::both()
                .auto_shrink(false)
                .show(ui, |ui| match model.screen.clone() {
                    Screen::Library => views.library.ui(ui, model, out),
                    Screen::Roster(id) => views.roster.ui(ui, model, &id, out),
                    Screen::Character(id, cid) => views.character.ui(ui, model, &id, cid, out),
                });
        });
        let close_requested = ui.input(|i| i.viewport().close_requested());
        self.app.apply_pending();
        self.close_guard_ui(ui, close_requested);
    }

    /// Keeps the window open when changes are not saved, and asks: try
    /// saving again, close without saving, or keep Muster open.
    fn close_guard_ui(&mut self, ui: &mut egui::Ui, close_requested: bool) {
        if close_requested && !self.views.close_confirmed && self.app.has_unsaved() {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.views.asking_close = true;
        }
        if !self.views.asking_close {
            return;
        }
        if !self.app.has_unsaved() {
            // Saved after all (a retry worked): close as asked.
            self.views.asking_close = false;
            self.views.close_confirmed = true;
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        let lang = self.app.model.lang;
        let detail = match &self.app.model.save_state {
            SaveState::Failed(reason) => {
                lang.msg(&Msg::new("close.failed").msg("reason", reason.clone()))
            }
            _ if self.app.model.data_dir.is_none() => lang.t("close.no_library").to_owned(),
            _ => String::new(),
        };
        let mut command = None;
        egui::Modal::new(egui::Id::unique("close_guard")).show(ui.ctx(), |ui| {
            ui.heading(lang.t("close.title"));
            ui.label(lang.t("close.unsaved"));
            if !detail.is_empty() {
                ui.label(&detail);
            }
            ui.horizontal(|ui| {
                if self.app.model.data_dir.is_some() && ui.button(lang.t("close.retry")).clicked() {
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

fn menu_ui(ui: &mut egui::Ui, model: &Model, out: &mut Vec<Command>) {
    let lang = model.lang;
    ui.menu_button(lang.t("menu.file"), |ui| {
        if ui.button(lang.t("menu.new_roster")).clicked() {
            out.push(Command::create_roster(String::new()));
        }
        if ui.button(lang.t("menu.import")).clicked() {
            out.push(Command::ImportDialog);
        }
        let current = model.screen.doc();
        if ui
            .add_enabled(current.is_some(), egui::Button::new(lang.t("menu.export")))
            .clicked()
            && let Some(id) = current
        {
            out.push(Command::ExportDialog(id));
        }
        ui.separator();
        if let Some(dir) = &model.data_dir {
            if ui.button(lang.t("menu.open_data_folder")).clicked() {
                out.push(Command::OpenFolder(dir.clone()));
            }
            if ui.button(lang.t("menu.reload")).clicked() {
                out.push(Command::Reload);
            }
        }
    });
    ui.menu_button(lang.t("menu.edit"), |ui| {
        let undo = model.history.undo.last().map(|c| lang.t(c.label));
        let redo = model.history.redo.last().map(|c| lang.t(c.label));
        let undo_text = undo.map_or_else(
            || lang.t("menu.undo").to_owned(),
            |w| lang.f("menu.undo_what", &[("what", w)]),
        );
        let redo_text = redo.map_or_else(
            || lang.t("menu.redo").to_owned(),
            |w| lang.f("menu.redo_what", &[("what", w)]),
        );
        let ctx = ui.ctx().clone();
        if ui
            .add_enabled(
                undo.is_some(),
                egui::Button::new(undo_text).shortcut_text(ctx.format_shortcut(&UNDO)),
            )
            .clicked()
        {
            out.push(Command::Undo);
        }
        if ui
            .add_enabled(
                redo.is_some(),
                egui::Button::new(redo_text).shortcut_text(ctx.format_shortcut(&REDO)),
            )
            .clicked()
        {
            out.push(Command::Redo);
        }
    });
    ui.menu_button(lang.t("menu.language"), |ui| {
        for l in Lang::ALL {
            if ui.radio(model.lang == l, l.native_name()).clicked() {
                out.push(Command::SetLang(l));
            }
        }
    });
}

fn nav_ui(ui: &mut egui::Ui, model: &Model, out: &mut Vec<Command>) {
    let lang = model.lang;
    if ui
        .selectable_label(model.screen == Screen::Library, lang.t("nav.library"))
        .clicked()
    {
        out.push(Command::Show(Screen::Library));
    }
    let (roster_id, character_id) = match &model.screen {
        Screen::Library => (None, None),
        Screen::Roster(id) => (Some(id), None),
        Screen::Character(id, cid) => (Some(id), Some(*cid)),
    };
    if let Some(roster) = roster_id.and_then(|id| model.roster(id)) {
        ui.label("›");
        if ui
            .selectable_label(character_id.is_none(), &roster.name)
            .clicked()
        {
            out.push(Command::Show(Screen::Roster(roster.id.clone())));
        }
        if let Some(c) = character_id.and_then(|cid| roster.character(cid)) {
            ui.label("›");
            let _ = ui.selectable_label(true, &c.name);
        }
    }
}

fn save_state_ui(ui: &mut egui::Ui, model: &Model) {
    let lang = model.lang;
    let (text, color) = match &model.save_state {
        SaveState::Saved => (
            lang.t("status.saved").to_owned(),
            ui.visuals().weak_text_color(),
        ),
        SaveState::Unsaved => {
            let why = if model.read_only {
                lang.t("status.unsaved_read_only")
            } else {
                lang.t("status.unsaved")
            };
            (why.to_owned(), ui.visuals().warn_fg_color)
        }
        SaveState::Failed(reason) => (
            lang.msg(&Msg::new("status.failed").msg("reason", reason.clone())),
            ui.visuals().error_fg_color,
        ),
    };
    // A read-only library has nothing saved to speak of: "Read-only" says it.
    if !(model.read_only && model.save_state == SaveState::Saved) {
        ui.colored_label(color, text);
    }
    if model.read_only {
        ui.colored_label(ui.visuals().warn_fg_color, lang.t("status.read_only"));
    }
}

/// Documents another program changed: take its version, or keep ours.
fn disk_changes_ui(ui: &mut egui::Ui, model: &Model, out: &mut Vec<Command>) {
    let lang = model.lang;
    for key in &model.disk_changes {
        let name = model
            .doc(key)
            .map_or_else(|| key.id.clone(), |d| d.name().to_owned());
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                lang.msg(&Msg::new("disk.changed").text("name", &name)),
            );
            let take = ui.button(lang.t("disk.take_theirs"));
            let take_label = format!("{}: {name}", lang.t("disk.take_theirs"));
            take.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &take_label));
            if take.clicked() {
                out.push(Command::TakeDiskVersion(key.clone()));
            }
            if model.doc(key).is_some() {
                let keep = ui.button(lang.t("disk.keep_mine"));
                let keep_label = format!("{}: {name}", lang.t("disk.keep_mine"));
                keep.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::Button, true, &keep_label)
                });
                if keep.clicked() {
                    out.push(Command::KeepMine(key.clone()));
                }
            }
        });
    }
    if !model.disk_changes.is_empty() {
        ui.separator();
    }
}

fn log_ui(ui: &mut egui::Ui, model: &Model, out: &mut Vec<Command>) {
    let lang = model.lang;
    ui.horizontal(|ui| {
        ui.strong(lang.t("log.title"));
    });
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink(false)
        .show(ui, |ui| {
            for (i, m) in model.messages.iter().enumerate() {
                ui.horizontal(|ui| {
                    let (icon, color) = match m.kind {
                        MessageKind::Info => ("ℹ", ui.visuals().text_color()),
                        MessageKind::Dice => ("🎲", ui.visuals().text_color()),
                        MessageKind::Refused => ("⛔", ui.visuals().warn_fg_color),
                        MessageKind::Error => ("⚠", ui.visuals().error_fg_color),
                    };
                    // The dismiss button first: a long line wraps and would
                    // push it out of sight.
                    let dismiss = ui.small_button("✖").on_hover_text(lang.t("log.dismiss"));
                    dismiss.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, true, lang.t("log.dismiss"))
                    });
                    if dismiss.clicked() {
                        out.push(Command::DismissMessage(i));
                    }
                    ui.colored_label(color, icon);
                    let text = lang.msg(&m.text);
                    ui.add(egui::Label::new(egui::RichText::new(text).color(color)).wrap());
                });
            }
        });
}
