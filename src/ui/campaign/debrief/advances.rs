//! The advance points earned placed (CHR-13): each character's row, the
//! characteristic to raise, why a point cannot be placed, and "Unworthy".

use egui::RichText;
use egui_material_icons::icons;

use crate::i18n::Lang;
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CampaignCharacter, CampaignEdit, CharId, Debrief, Member};
use crate::rules::{Character, Characteristic};
use crate::ui::campaign::parts::{MissionState, edit};
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{card, icon_button};

use super::parts::step_title;
use crate::rules::campaign::DebriefEdit;
use crate::rules::campaign::debrief;
use crate::ui::widgets;

/// A characteristic as the player reads it: `WS (Weapon Skill)`, `CC
/// (Capacité de combat)`.
fn chr_name(lang: Lang, c: Characteristic) -> String {
    format!(
        "{} ({})",
        lang.t(c.abbr_key()),
        lang.t(&format!("chr.{}", c.key()))
    )
}

impl MissionState {
    /// Placing the advance points earned (CHR-13), after a mission and
    /// before the next one.
    pub fn advances_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        d: Option<&Debrief>,
        step: u32,
    ) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            // CHR-13: a point that fits nowhere, every characteristic at its
            // maximum, is kept and leaves the step done.
            let (open, kept) = debrief::advances_owed(c, &cx.rules);
            let owed: Vec<_> = open
                .iter()
                .filter_map(|&w| queries::character(c, w))
                .collect();
            step_title(
                ui,
                cx,
                step,
                cx.t("campaign.ui.step.advances"),
                owed.is_empty(),
            );
            ui.label(RichText::new(cx.t("campaign.ui.advance_rule")).color(palette().ink.subdued));
            if owed.is_empty() && kept.is_empty() {
                ui.label(cx.t("campaign.ui.no_point_left"));
            }
            for x in kept.iter().filter_map(|&w| queries::character(c, w)) {
                let Member::Character(ch) = &x.member else {
                    continue;
                };
                ui.label(cx.f(
                    "campaign.ui.points_kept",
                    &[
                        ("character", x.name()),
                        ("count", &ch.points_left().to_string()),
                    ],
                ));
            }
            // After a mission, a character who earned nothing in it places
            // points he kept from before: said, so that his row is no
            // surprise (he may not even have played).
            for x in owed
                .iter()
                .filter(|x| d.is_some_and(|d| !d.earned.contains(&x.id)))
            {
                let Member::Character(ch) = &x.member else {
                    continue;
                };
                ui.label(
                    RichText::new(cx.f(
                        "campaign.ui.points_from_before",
                        &[
                            ("character", x.name()),
                            ("count", &ch.points_left().to_string()),
                        ],
                    ))
                    .color(palette().ink.subdued),
                );
            }
            // A long escort: only the rows in view are drawn.
            widgets::virtual_rows(ui, 24.0, owed.len(), |ui, row| {
                let x = owed[row];
                let Member::Character(ch) = &x.member else {
                    return;
                };
                self.advance_row_ui(ui, cx, c, d, x, ch);
            });
        });
    }

    /// One character's row of the advances: his points, the characteristic
    /// to raise, "Place" and, after a mission, "Unworthy".
    fn advance_row_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        d: Option<&Debrief>,
        x: &CampaignCharacter,
        ch: &Character,
    ) {
        let id = c.id.as_str();
        ui.horizontal(|ui| {
            // Columns, so that the choices line up row under row.
            let column = |ui: &mut egui::Ui, width: f32, text: RichText| {
                ui.allocate_ui_with_layout(
                    egui::vec2(width, ui.spacing().interact_size.y),
                    egui::Layout::left_to_right(egui::Align::Center),
                    |ui| {
                        ui.set_min_width(width);
                        ui.label(text);
                    },
                );
            };
            column(ui, 150.0, RichText::new(x.name()).strong());
            column(
                ui,
                190.0,
                RichText::new(cx.f(
                    "campaign.ui.points_to_place",
                    &[("count", &ch.points_left().to_string())],
                )),
            );
            // The first characteristic he can still raise is
            // offered first; those at their maximum say so.
            let open = |k: Characteristic| ch.can_spend(k, &cx.rules).is_ok();
            let chosen = self.advance.entry(x.id).or_insert_with(|| {
                Characteristic::ALL
                    .into_iter()
                    .find(|&k| k != Characteristic::M && open(k))
                    .unwrap_or(Characteristic::WS)
            });
            characteristic_pick_ui(ui, cx, x.id, chosen, &open);
            let place = cx.t("campaign.ui.place");
            let name = cx.f("campaign.ui.place_for", &[("character", x.name())]);
            let refusal = ch.can_spend(*chosen, &cx.rules).err();
            let r = icon_button(ui, icons::ICON_ADD, place, &name, refusal.is_none());
            if let Some(p) = &refusal {
                let why = cx.lang.problem_line(p);
                r.clone().on_disabled_hover_text(&why);
                // Said on the row too, in words, not on hover only.
                let stuck = !Characteristic::ALL
                    .into_iter()
                    .any(|k| k != Characteristic::M && open(k));
                let words = refusal_words(cx.lang, stuck, ch.points_left(), *chosen, &p.rule);
                ui.label(
                    RichText::new(format!("{} {words}", icons::ICON_BLOCK.codepoint))
                        .color(palette().ink.subdued),
                )
                .on_hover_text(&why)
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &why));
            }
            if r.clicked() {
                cx.send(edit(
                    id,
                    CampaignEdit::Debrief(DebriefEdit::Advance {
                        character: x.id,
                        characteristic: *chosen,
                    }),
                ));
                // Offered again from the first he can still raise.
                self.advance.remove(&x.id);
            }
            if d.is_some_and(|d| d.earned.contains(&x.id)) {
                unworthy_ui(ui, cx, c, x);
            }
        });
    }
}

/// Why no point can be placed, in words: no characteristic can take one
/// (`stuck`), or the one chosen cannot; the rule's id last.
fn refusal_words(lang: Lang, stuck: bool, left: i64, chosen: Characteristic, rule: &str) -> String {
    if stuck {
        lang.f(
            "campaign.ui.advance_no_room",
            &[("count", &left.to_string()), ("rule", rule)],
        )
    } else {
        lang.f(
            "campaign.ui.advance_refused",
            &[
                ("characteristic", lang.t(chosen.abbr_key())),
                ("rule", rule),
            ],
        )
    }
}

/// The characteristic to raise: those at their maximum say so.
fn characteristic_pick_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    who: CharId,
    chosen: &mut Characteristic,
    open: &dyn Fn(Characteristic) -> bool,
) {
    let l = ui.label(cx.t("campaign.ui.characteristic"));
    egui::ComboBox::from_id_salt(("cmp-advance", who))
        .selected_text(chr_name(cx.lang, *chosen))
        .width(190.0)
        .show_ui(ui, |ui| {
            for k in Characteristic::ALL {
                if k == Characteristic::M {
                    continue;
                }
                let name = chr_name(cx.lang, k);
                let text = if open(k) {
                    name
                } else {
                    cx.f("campaign.ui.at_max", &[("characteristic", &name)])
                };
                ui.selectable_value(chosen, k, text);
            }
        })
        .response
        .labelled_by(l.id);
}

/// "Unworthy" (CHR-13): the advance points a character earned this mission
/// given up.
fn unworthy_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, x: &CampaignCharacter) {
    let id = c.id.as_str();
    let name = cx.f("campaign.ui.unworthy_named", &[("character", x.name())]);
    if icon_button(
        ui,
        icons::ICON_GPP_BAD,
        cx.t("campaign.ui.unworthy"),
        &name,
        true,
    )
    .on_hover_text(cx.t("campaign.ui.unworthy_hint"))
    .clicked()
    {
        cx.send(edit(
            id,
            CampaignEdit::Debrief(DebriefEdit::Unworthy { character: x.id }),
        ));
    }
}
