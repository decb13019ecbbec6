//! Small helpers shared by the views.

use crate::i18n::Lang;
use crate::rules::Problem;

/// A text field with a visible label that also names it for screen readers
/// (and for the UI tests). Returns the field's response.
pub fn labelled_text(ui: &mut egui::Ui, label: &str, text: &mut String) -> egui::Response {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.text_edit_singleline(text).labelled_by(l.id)
    })
    .inner
}

/// Whether the edit of a text field is finished: it lost focus (Enter, Tab,
/// a click elsewhere), or the window is closing while it has the focus, so
/// that what was typed is not lost.
pub fn text_committed(ui: &egui::Ui, r: &egui::Response) -> bool {
    r.lost_focus() || (r.has_focus() && ui.input(|i| i.viewport().close_requested()))
}

/// Shows a list of problems, each with its rule id.
pub fn problems_ui(ui: &mut egui::Ui, lang: Lang, problems: &[Problem]) {
    if problems.is_empty() {
        ui.colored_label(
            egui::Color32::from_rgb(60, 160, 60),
            lang.t("problems.none"),
        );
        return;
    }
    ui.colored_label(
        ui.visuals().warn_fg_color,
        lang.f("problems.count", &[("count", &problems.len().to_string())]),
    );
    for p in problems {
        ui.horizontal_wrapped(|ui| {
            ui.monospace(p.rule);
            ui.label(lang.problem(p));
        });
    }
}
