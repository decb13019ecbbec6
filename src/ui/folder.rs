//! File › Documents folder…: the folder in use and where it
//! comes from; another one chosen, or the default again.

use egui_material_icons::icons;

use super::context::ViewCtx;
use super::{ViewState, theme, widgets};
use crate::app::{Command, DataDirOrigin};

/// The Documents folder window, while it shows.
pub fn data_folder_ui(ui: &egui::Ui, cx: &ViewCtx<'_>, views: &mut ViewState) {
    if !views.data_folder {
        return;
    }
    let model = cx.model;
    let mut done = false;
    let modal = egui::Modal::new(egui::Id::unique("data_folder")).show(ui.ctx(), |ui| {
        ui.set_width(480.0);
        widgets::card_title(ui, icons::ICON_FOLDER_OPEN, cx.t("folder.title"));
        ui.add(egui::Label::new(cx.t("folder.hint")).wrap());
        ui.add_space(theme::space::S);
        let path = model.folder.data_dir.as_ref().map_or_else(
            || cx.t("folder.none").to_owned(),
            |d| d.display().to_string(),
        );
        ui.label(cx.f("folder.in_use", &[("path", &path)]));
        let origin = match model.folder.origin {
            DataDirOrigin::Env => "folder.from_env",
            DataDirOrigin::Chosen => "folder.from_choice",
            DataDirOrigin::Default => "folder.from_default",
        };
        ui.label(cx.t(origin));
        // The folder chosen is not the one in use: it was missing at start.
        if let (DataDirOrigin::Default, Some(chosen)) =
            (model.folder.origin, model.prefs.data_dir.as_ref())
        {
            let chosen = chosen.display().to_string();
            let said = cx.f("folder.chosen_missing", &[("chosen", &chosen)]);
            widgets::alert(ui, widgets::Tone::Warning, &said);
        }
        let free = model.folder.origin != DataDirOrigin::Env;
        if !free {
            widgets::alert(ui, widgets::Tone::Warning, cx.t("folder.env_overrides"));
        }
        ui.add_space(theme::space::S);
        done |= typed_path_ui(ui, cx, &mut views.data_folder_typed, free);
        ui.add_space(theme::space::S);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(free, egui::Button::new(cx.t("folder.choose")))
                .clicked()
            {
                // The window stays: with no folder dialog, the path is
                // typed above.
                cx.send(Command::ChooseDataDir);
            }
            let chosen = model.prefs.data_dir.is_some();
            if ui
                .add_enabled(
                    free && chosen,
                    egui::Button::new(cx.t("folder.use_default")),
                )
                .clicked()
            {
                cx.send(Command::SetDataDir(None));
                done = true;
            }
            if ui.button(cx.t("folder.close")).clicked() {
                done = true;
            }
        });
    });
    if done || modal.should_close() {
        views.data_folder = false;
    }
}

/// A folder's path typed in, and the button that uses it: the way to
/// another folder on a desktop with no folder dialog. Whether it was used.
fn typed_path_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, typed: &mut String, free: bool) -> bool {
    let l = ui.label(cx.t("folder.typed"));
    let mut used = false;
    ui.horizontal(|ui| {
        let field = egui::TextEdit::singleline(typed)
            .desired_width(320.0)
            .hint_text(cx.t("folder.typed_hint"));
        let r = ui.add_enabled(free, field).labelled_by(l.id);
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let path = typed.trim();
        let clicked = ui
            .add_enabled(
                free && !path.is_empty(),
                egui::Button::new(cx.t("folder.use_typed")),
            )
            .clicked();
        if (clicked || enter) && !path.is_empty() {
            cx.send(Command::SetDataDir(Some(std::path::PathBuf::from(path))));
            used = true;
        }
    });
    used
}

/// Why the folder was not changed, in a window of its own until read.
pub fn folder_problem_ui(ui: &egui::Ui, cx: &ViewCtx<'_>) {
    let Some(problem) = &cx.model.folder.problem else {
        return;
    };
    let mut done = false;
    let modal = egui::Modal::new(egui::Id::unique("folder_problem")).show(ui.ctx(), |ui| {
        ui.set_width(480.0);
        widgets::card_title(ui, icons::ICON_FOLDER_OPEN, cx.t("folder.problem_title"));
        widgets::alert(ui, widgets::Tone::Error, &cx.msg(problem));
        ui.add_space(theme::space::S);
        if ui.button(cx.t("folder.ok")).clicked() {
            done = true;
        }
    });
    if done || modal.should_close() {
        cx.send(Command::ForgetFolderProblem);
    }
}
