//! The debrief after a mission, one pass: the outcome, the Cran
//! tests, fate points, advances, reinforcements, recon and the next
//! mission. Every click is one campaign event: saved at once, undoable.
//!
//! In this file: the page and its first and last steps; each other step in
//! its own file, their shared pieces in `parts.rs`.

mod advances;
mod out_of_action;
mod parts;
mod recon;
mod reinforcements;

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CampaignEdit, Debrief, MissionChoice, MissionType, Phase};
use crate::ui::campaign::parts::{MissionState, character_card_ui, edit};
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{Tone, alert, card, card_title, icon_button};

use crate::rules::campaign::DebriefEdit;
use crate::rules::campaign::drawing;
use crate::ui::widgets;
use out_of_action::confirm_out_ui;
use parts::{Step, step_title};

impl MissionState {
    /// The debrief, every step on one page.
    pub fn debrief_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        let Some(d) = (c.phase == Phase::Debrief)
            .then_some(c.debrief.as_ref())
            .flatten()
        else {
            alert(ui, Tone::Info, cx.t("campaign.ui.no_debrief"));
            return;
        };
        let mut n = 0;
        let mut next = || {
            n += 1;
            n
        };
        outcome_ui(ui, cx, d, next());
        ui.add_space(space::S);
        // CMP-9: who was taken out of action, corrected before the tests.
        confirm_out_ui(ui, &Step::new(cx, c, d, next()));
        ui.add_space(space::S);
        self.cran_tests_ui(ui, &Step::new(cx, c, d, next()));
        ui.add_space(space::S);
        if c.settings.fate_points {
            self.fate_ui(ui, &Step::new(cx, c, d, next()));
            ui.add_space(space::S);
        }
        self.advances_ui(ui, cx, c, Some(d), next());
        ui.add_space(space::S);
        self.reinforcements_ui(ui, cx, c, next());
        ui.add_space(space::S);
        self.recon_ui(ui, &Step::new(cx, c, d, next()));
        ui.add_space(space::S);
        self.next_mission_ui(ui, &Step::new(cx, c, d, next()));
        ui.add_space(space::M);
        // Each player's escort under his name, as at the table.
        for e in &c.escorts {
            let player = crate::ui::campaign::parts::player_name(cx, e);
            card_title(
                ui,
                icons::ICON_GROUPS,
                &cx.f("campaign.ui.escort_now_of", &[("player", &player)]),
            );
            let members: Vec<&crate::rules::campaign::CampaignCharacter> =
                queries::members(c, e.id).collect();
            ui.push_id(("escort now", e.id), |ui| {
                widgets::card_grid(
                    ui,
                    members.len(),
                    crate::ui::campaign::parts::CARD,
                    |ui, i| {
                        character_card_ui(ui, cx, c, members[i], |_| {});
                    },
                );
            });
            ui.add_space(space::S);
        }
    }

    /// The next mission (CMP-3, CMP-4), or the campaign's end after the final.
    fn next_mission_ui(&mut self, ui: &mut egui::Ui, s: &Step<'_>) {
        let (cx, c, d, step, id, tests_done) = (s.cx, s.c, s.d, s.step, s.id, s.tests_done);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            step_title(ui, cx, step, cx.t("campaign.ui.step.next"), false);
            if d.mission_type == Some(MissionType::Final) {
                ui.label(cx.t("campaign.ui.after_final"));
                let end = cx.t("campaign.ui.end_campaign");
                if icon_button(ui, icons::ICON_EMOJI_EVENTS, end, end, tests_done).clicked() {
                    cx.send(edit(id, CampaignEdit::Debrief(DebriefEdit::EndCampaign)));
                }
                return;
            }
            let chain = drawing::next_type(c);
            ui.label(
                RichText::new(cx.f("campaign.ui.next_is", &[("type", cx.t(chain.key()))])).strong(),
            );
            ui.horizontal_wrapped(|ui| {
                let l = ui.label(cx.t("campaign.ui.force_type"));
                let shown = self
                    .force
                    .map_or(cx.t("campaign.ui.by_the_chain"), |t| cx.t(t.key()));
                egui::ComboBox::from_id_salt("cmp-force")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(
                            &mut self.force,
                            None,
                            cx.t("campaign.ui.by_the_chain"),
                        );
                        for t in MissionType::ALL {
                            ui.selectable_value(&mut self.force, Some(t), cx.t(t.key()));
                        }
                    })
                    .response
                    .labelled_by(l.id);
            });
            // CMP-3, CMP-4: the mission drawn or picked, its dice typed in
            // or rolled.
            let force = self.force.filter(|t| *t != chain);
            let choice = self
                .next
                .ui(ui, cx, c, force.unwrap_or(chain), force.is_some());
            if !tests_done {
                alert(ui, Tone::Info, cx.t("campaign.ui.tests_first"));
            }
            let go = cx.t("campaign.ui.draw_next");
            if icon_button(ui, icons::ICON_MAP, go, go, tests_done && choice.is_some()).clicked()
                && let Some(choice) = choice
            {
                cx.send(edit(
                    id,
                    CampaignEdit::Debrief(DebriefEdit::NextMission {
                        choice: MissionChoice {
                            force_type: force,
                            ..choice
                        },
                    }),
                ));
                self.force = None;
                self.next.reset();
            }
        });
    }
}

/// The debrief's first step: the mission's outcome.
fn outcome_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, d: &Debrief, step: u32) {
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        step_title(ui, cx, step, cx.t("campaign.ui.step.outcome"), true);
        let t = d.mission_type.map_or("", |t| cx.t(t.key()));
        let key = if d.success {
            "campaign.ui.outcome_won"
        } else {
            "campaign.ui.outcome_lost"
        };
        ui.label(cx.f(key, &[("type", t), ("vp", &d.vp.to_string())]));
    });
}
