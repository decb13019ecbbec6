//! The campaign's overview: the mission, the escorts (each living character
//! may be made his escort's leader) and the campaign's notes.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::rules::Doc;
use crate::rules::campaign::SetupEdit;
use crate::rules::campaign::queries;
use crate::rules::campaign::{
    Campaign, CampaignCharacter, CampaignEdit, CharId, Escort, ExportedEscort, Phase,
};
use crate::ui::campaign::dice::DiceTexts;
use crate::ui::campaign::mission_card::mission_ui;
use crate::ui::campaign::parts::{CARD, character_card_ui, edit, is_leader};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{card, card_grid, card_title, icon_button, text_committed};

/// The mission, the escorts (each living character may be made his
/// escort's leader, CMP-17) and the campaign's notes; returns the character
/// whose history the player asked for.
pub fn overview_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    dice: &mut DiceTexts,
    notes: &mut String,
) -> Option<CharId> {
    let mut asked = None;
    mission_ui(ui, cx, c, dice, false);
    ui.add_space(space::M);
    for e in &c.escorts {
        if let Some(who) = escort_ui(ui, cx, c, e) {
            asked = Some(who);
        }
    }
    notes_ui(ui, cx, c, notes);
    asked
}

/// One escort: its title, "Export", how many can play and its characters'
/// cards; returns the character whose history the player asked for.
fn escort_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort) -> Option<CharId> {
    let mut asked = None;
    card_title(
        ui,
        icons::ICON_GROUPS,
        &cx.f(
            "campaign.ui.escort_of",
            &[("player", &e.player), ("source", &e.source)],
        ),
    );
    export_ui(ui, cx, c, e);
    let playing = queries::members(c, e.id).filter(|x| x.can_play()).count();
    ui.label(
        cx.f(
            "campaign.ui.can_play_count",
            &[
                ("count", &playing.to_string()),
                (
                    "all",
                    &queries::members(c, e.id)
                        .filter(|x| x.state.alive())
                        .count()
                        .to_string(),
                ),
            ],
        ),
    );
    let members: Vec<&CampaignCharacter> = queries::members(c, e.id).collect();
    ui.push_id(("escort", e.id), |ui| {
        card_grid(ui, members.len(), CARD, |ui, i| {
            let x = members[i];
            character_card_ui(ui, cx, c, x, |ui| {
                ui.add_space(space::XS);
                ui.horizontal_wrapped(|ui| {
                    let name = cx.f("campaign.ui.history_of", &[("character", x.name())]);
                    if icon_button(
                        ui,
                        icons::ICON_HISTORY,
                        cx.t("campaign.ui.history"),
                        &name,
                        true,
                    )
                    .on_hover_text(cx.t("campaign.ui.history_hint"))
                    .clicked()
                    {
                        asked = Some(x.id);
                    }
                    if x.state.alive() && !is_leader(c, x) && c.phase != Phase::Over {
                        leader_button_ui(ui, cx, c, e, x);
                    }
                });
            });
        });
    });
    ui.add_space(space::M);
    asked
}

/// "Export" (CMP-17): the escort as it is now, copied into a new roster or
/// kill team.
fn export_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort) {
    let word = cx.t("campaign.ui.export");
    let name = cx.f("campaign.ui.export_named", &[("player", &e.player)]);
    // The copy is made on the click, not at every frame.
    if icon_button(
        ui,
        icons::ICON_UPLOAD,
        word,
        &name,
        !cx.model.folder.read_only,
    )
    .on_hover_text(cx.t("campaign.ui.export_hint"))
    .clicked()
    {
        let title = cx.f(
            "campaign.ui.export_name",
            &[
                ("source", &e.source),
                ("number", &c.missions_played.to_string()),
            ],
        );
        match queries::sequel(c).export_escort(e.id, &title) {
            Some(ExportedEscort::Roster(r)) => {
                cx.send(Command::CreateFrom(Doc::new(r)));
            }
            Some(ExportedEscort::KillTeam(t)) => {
                cx.send(Command::CreateFrom(Doc::new(t)));
            }
            None => {}
        }
    }
}

/// The "Make leader" button of a living character who does not lead his
/// escort (CMP-17), greyed out with the reason while the leader is fixed.
fn leader_button_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    e: &Escort,
    x: &CampaignCharacter,
) {
    let locked = queries::debriefing(c).leader_locked();
    let name = cx.f(
        "campaign.ui.make_leader_named",
        &[("character", x.name()), ("player", &e.player)],
    );
    let r = icon_button(
        ui,
        icons::ICON_STAR,
        cx.t("campaign.ui.make_leader"),
        &name,
        !locked && !cx.model.folder.read_only,
    );
    let hint = if locked {
        cx.t("campaign.problem.leader_locked")
    } else {
        cx.t("campaign.ui.make_leader_hint")
    };
    if r.on_hover_text(hint).on_disabled_hover_text(hint).clicked() {
        cx.send(edit(
            &c.id,
            CampaignEdit::Setup(SetupEdit::SetLeader {
                escort: e.id,
                character: x.id,
            }),
        ));
    }
}

/// The campaign's notes, recorded when the field loses the focus.
fn notes_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, notes: &mut String) {
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        let l = ui
            .horizontal(|ui| {
                ui.label(
                    icons::ICON_EDIT_NOTE
                        .rich_text()
                        .size(20.0)
                        .color(palette().ink.accent),
                );
                ui.label(
                    RichText::new(cx.t("campaign.ui.notes"))
                        .heading()
                        .color(palette().ink.text),
                )
            })
            .inner;
        ui.add_space(space::XS);
        let r = ui
            .add_enabled(
                !cx.model.folder.read_only,
                egui::TextEdit::multiline(notes)
                    .desired_rows(4)
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(l.id);
        ui.label(RichText::new(cx.t("campaign.ui.notes_hint")).color(palette().ink.subdued));
        if text_committed(ui, &r) && *notes != c.notes {
            cx.send(edit(
                &c.id,
                CampaignEdit::Setup(SetupEdit::SetNotes {
                    notes: notes.clone(),
                }),
            ));
        } else if !r.has_focus() && *notes != c.notes {
            notes.clone_from(&c.notes);
        }
    });
}
