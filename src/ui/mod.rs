//! The interface: one struct per view. Views read the `Model` and record
//! `Command`s; they never change documents.

mod character;
mod library;
mod roster;
pub mod widgets;

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::app::{App, Command, MessageKind, SaveState, Screen};
use crate::i18n::Lang;

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

impl App {
    /// Shows one frame of the whole interface, then applies the commands the
    /// views recorded.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let (model, views, out) = self.parts();
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
        self.apply_pending();
        self.close_guard_ui(ui, close_requested);
    }

    /// Keeps the window open when changes are not saved, and asks: try
    /// saving again, close without saving, or keep Muster open.
    fn close_guard_ui(&mut self, ui: &mut egui::Ui, close_requested: bool) {
        if close_requested && !self.views.close_confirmed && self.has_unsaved() {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.views.asking_close = true;
        }
        if !self.views.asking_close {
            return;
        }
        if !self.has_unsaved() {
            // Saved after all (a retry worked): close as asked.
            self.views.asking_close = false;
            self.views.close_confirmed = true;
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        let lang = self.model.lang;
        let detail = match &self.model.save_state {
            SaveState::Failed(reason) => lang.f("close.failed", &[("reason", reason)]),
            _ if self.model.data_dir.is_none() => lang.t("close.no_library").to_owned(),
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
                if self.model.data_dir.is_some() && ui.button(lang.t("close.retry")).clicked() {
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
            self.apply(command);
        }
    }
}

fn menu_ui(ui: &mut egui::Ui, model: &crate::app::Model, out: &mut Vec<Command>) {
    let lang = model.lang;
    ui.menu_button(lang.t("menu.file"), |ui| {
        if ui.button(lang.t("menu.new_roster")).clicked() {
            out.push(Command::CreateRoster(String::new()));
        }
        if ui.button(lang.t("menu.import")).clicked() {
            out.push(Command::ImportDialog);
        }
        let current = match &model.screen {
            Screen::Roster(id) | Screen::Character(id, _) => Some(id.clone()),
            Screen::Library => None,
        };
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

fn nav_ui(ui: &mut egui::Ui, model: &crate::app::Model, out: &mut Vec<Command>) {
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

fn save_state_ui(ui: &mut egui::Ui, model: &crate::app::Model) {
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
            lang.f("status.failed", &[("reason", reason)]),
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

fn log_ui(ui: &mut egui::Ui, model: &crate::app::Model, out: &mut Vec<Command>) {
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
                    ui.add(egui::Label::new(egui::RichText::new(&m.text).color(color)).wrap());
                });
            }
        });
}
