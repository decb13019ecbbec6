//! The equipment grid's text cell: a field committed when left, shared by
//! the item's row and its shooting profile.

use egui::WidgetInfo;

use crate::ui::widgets::text_committed;

/// A one-line text field named `name` for screen readers, holding what is
/// typed while it has the focus; returns the new text once the edit is done
/// (Enter, Tab, a click elsewhere) if it changed. `hint` shows when empty.
pub(super) fn text_cell(
    ui: &mut egui::Ui,
    id: egui::Id,
    name: &str,
    current: &str,
    width: f32,
    hint: &str,
) -> Option<String> {
    let key = id.with("typed");
    let mut text = ui
        .data(|d| d.get_temp::<String>(key))
        .unwrap_or_else(|| current.to_owned());
    // A grid cell is as narrow as its column was: ask for the width.
    let r = ui.add(
        egui::TextEdit::singleline(&mut text)
            .id(id)
            .desired_width(width)
            .hint_text(hint)
            .min_size(egui::vec2(width, 0.0)),
    );
    let shown = text.clone();
    r.widget_info(|| {
        let mut info = WidgetInfo::text_edit(true, &shown, &shown, "");
        info.label = Some(name.to_owned());
        info
    });
    let done = text_committed(ui, &r);
    if r.has_focus() && !done {
        ui.data_mut(|d| d.insert_temp(key, text.clone()));
    } else {
        ui.data_mut(|d| d.remove::<String>(key));
    }
    (done && text != current).then_some(text)
}
