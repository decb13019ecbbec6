//! The rules reference: every rule id with its text in the current
//! language, searchable; a message's rule id opens it here.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, Screen};
use crate::rules::core::names::name_in;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, labelled_text};

/// State of the reference screen.
#[derive(Default)]
pub struct ReferenceView {
    /// The words searched.
    search: String,
    /// Put the cursor in the search field at the next frame.
    pub(crate) focus_search: bool,
    /// The rule last scrolled to.
    scrolled_to: Option<String>,
}

impl ReferenceView {
    /// Shows the reference, open at `rule` if given.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, rule: Option<&str>) {
        let reference = &cx.rules.reference;
        if let Some(r) = rule.and_then(|id| reference.rule(id)) {
            let shown = card(ui, |ui| {
                ui.set_min_width(ui.available_width());
                card_title(
                    ui,
                    icons::ICON_GAVEL,
                    &format!("{} — {}", r.id, name_in(&r.title, cx.lang.code(), &r.id)),
                );
                ui.add(
                    egui::Label::new(
                        RichText::new(name_in(&r.text, cx.lang.code(), "")).size(15.0),
                    )
                    .wrap(),
                );
                ui.add_space(space::XS);
                let (tone, key) = match r.values.as_str() {
                    "assumed" => (Tone::Warning, "reference.assumed"),
                    "decision" => (Tone::Warning, "reference.decision"),
                    "mixed" => (Tone::Info, "reference.mixed"),
                    _ => (Tone::Good, "reference.from_rules"),
                };
                badge(ui, tone, cx.t(key));
            });
            // A rule opened (from a problem, a link): its text in view.
            if self.scrolled_to.as_deref() != rule {
                shown.response.scroll_to_me(Some(egui::Align::TOP));
                self.scrolled_to = rule.map(str::to_owned);
            }
            ui.add_space(space::M);
        } else if let Some(id) = rule {
            alert(ui, Tone::Info, &cx.f("reference.unknown", &[("id", id)]));
        }
        ui.horizontal(|ui| {
            ui.label(icons::ICON_SEARCH.rich_text().color(palette().ink.subdued));
            let r = labelled_text(ui, cx.t("reference.search"), &mut self.search);
            if std::mem::take(&mut self.focus_search) {
                r.request_focus();
            }
        });
        ui.add_space(space::S);
        let found = reference.search(cx.lang.code(), &self.search);
        if found.is_empty() {
            alert(ui, Tone::Info, cx.t("reference.nothing"));
        }
        let mut area = None;
        for r in found {
            if area != Some(&r.area) {
                area = Some(&r.area);
                let name = reference.area(&r.area).map_or(r.area.as_str(), |a| {
                    name_in(&a.names, cx.lang.code(), &a.id)
                });
                ui.add_space(space::S);
                ui.label(RichText::new(name).heading().color(palette().ink.accent));
            }
            let open = rule.is_some_and(|id| id.eq_ignore_ascii_case(&r.id));
            let title = format!("{}  {}", r.id, name_in(&r.title, cx.lang.code(), &r.id));
            let response = ui.selectable_label(open, RichText::new(&title).strong());
            if response.clicked() {
                cx.send(Command::Show(Screen::Reference(Some(r.id.clone()))));
            }
        }
    }
}
