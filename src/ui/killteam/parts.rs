//! The pieces the kill-team screen's files share: the edit command, the
//! picker that says why an option is refused, a value of the profile.

use egui::RichText;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::core::dice::Amount;
use crate::rules::core::names::name_in;
use crate::rules::killteam::KillTeam;
use crate::rules::killteam::data::WeaponType;
use crate::rules::{DocKey, KillTeamEdit, Problem};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{PALETTE, space};

/// The command that applies edit `e` to kill team `id`.
pub fn edit(id: &str, e: KillTeamEdit) -> Command {
    Command::Edit(DocKey::of::<KillTeam>(id), crate::rules::Edit::new(e))
}

/// A value of the derived profile: marked when a ribbon or an item changed
/// it (a star and the accent colour), with the rules on hover.
pub fn stat_ui(ui: &mut egui::Ui, lang: Lang, label_key: &str, value: String, changed_by: &[&str]) {
    ui.scope(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        ui.label(
            RichText::new(lang.t(label_key))
                .small()
                .color(PALETTE.text_subdued),
        );
        if changed_by.is_empty() {
            ui.label(RichText::new(value).strong());
        } else {
            ui.label(
                RichText::new(format!("{value}*"))
                    .strong()
                    .color(PALETTE.accent),
            )
            .on_hover_text(lang.f("kt.changed_by", &[("rules", &changed_by.join(", "))]));
        }
    });
}

/// An amount (shots, damage) as written.
pub fn amount(a: &Amount) -> String {
    a.to_string()
}

/// A weapon's type with its shots, in `lang`.
pub fn weapon_type_text(lang: Lang, t: WeaponType, shots: &Amount) -> String {
    lang.f(t.key(), &[("shots", &shots.to_string())])
}

/// A refusal in a few words, for a list (`sergeant only`); the whole
/// message where no short one is written.
fn short_reason(lang: Lang, p: &Problem) -> String {
    let short = p.key.replace("kt.problem.", "kt.short.");
    if lang.t(&short) == short {
        lang.problem(p)
    } else {
        lang.problem_as(&short, p)
    }
}

/// A picker that lists every option; the illegal ones are disabled and say
/// why (the rule and its message). `name` is its accessible name (`Weapon:
/// Trooper Vell`). Returns the option chosen.
pub fn picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (label, name): (&str, &str),
    selected: &str,
    hint: Option<&str>,
    options: &[(String, String, Option<Problem>)],
) -> Option<String> {
    let lang = cx.lang;
    let mut chosen = None;
    ui.label(label);
    let r = egui::ComboBox::from_id_salt(name)
        .selected_text(selected)
        .height(400.0)
        .show_ui(ui, |ui| {
            if let Some(hint) = hint {
                ui.label(RichText::new(hint).color(PALETTE.warning));
                ui.separator();
            }
            for (id, option, refusal) in options {
                // The reason in the list itself, short; whole on hover.
                let text = match refusal {
                    None => option.clone(),
                    Some(p) => format!("{option} — {}: {}", p.rule, short_reason(lang, p)),
                };
                let r = ui.add_enabled(refusal.is_none(), egui::Button::selectable(false, text));
                let r = match refusal {
                    // The refusal, then the rule itself from the reference.
                    Some(p) => r.on_disabled_hover_ui(|ui| {
                        ui.label(RichText::new(lang.problem_line(p)).strong());
                        if let Some(rule) = cx.model.rules.reference.rule(&p.rule) {
                            ui.add_space(space::XS);
                            ui.label(
                                RichText::new(format!(
                                    "{} — {}",
                                    rule.id,
                                    name_in(&rule.title, lang.code(), &rule.id)
                                ))
                                .color(PALETTE.accent),
                            );
                            ui.label(name_in(&rule.text, lang.code(), ""));
                        }
                    }),
                    None => r,
                };
                if r.clicked() {
                    chosen = Some(id.clone());
                    // Chosen: the list closes (however it was clicked).
                    ui.close();
                }
            }
        })
        .response;
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, name));
    chosen
}
