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
        ui.horizontal(|ui| {
            if ui
                .add_enabled(free, egui::Button::new(cx.t("folder.choose")))
                .clicked()
            {
                cx.send(Command::ChooseDataDir);
                done = true;
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
