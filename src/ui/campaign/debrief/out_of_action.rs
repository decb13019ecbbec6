//! Those taken out of action (CMP-9): who was, as ticked at the table,
//! their Cran tests, and the fate points' rerolls of those who fell, or
//! their death accepted (CMP-12).

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CampaignCharacter, CampaignEdit, Injuries, TestKind};
use crate::ui::campaign::dice::{dice_ui, dice_ui_worded};
use crate::ui::campaign::parts::{MissionState, edit, state_tone};
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{badge, card, icon_button};

use super::parts::{Step, rolled_ui, step_title};
use crate::rules::campaign::DebriefEdit;
use crate::rules::campaign::debrief;

impl MissionState {
    /// Those taken out of action, and their Cran tests (CMP-9).
    pub(super) fn cran_tests_ui(&mut self, ui: &mut egui::Ui, s: &Step<'_>) {
        let (cx, c, d, step, id) = (s.cx, s.c, s.d, s.step, s.id);
        let die = c.settings.cran_die;
        let tests_done = s.tests_done;
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            step_title(ui, cx, step, cx.t("campaign.ui.step.cran"), tests_done);
            ui.label(
                RichText::new(cx.f(
                    match c.settings.injuries {
                        Injuries::Standard => "campaign.ui.cran_rule",
                        Injuries::GangWar => "campaign.ui.cran_rule_gang",
                    },
                    &[("die", &die.to_string())],
                ))
                .color(palette().ink.subdued),
            );
            // CMP-13: each test rolled stays shown with its die and result.
            rolled_ui(ui, cx, c, d, TestKind::Cran);
            let any = d.rolled.iter().any(|r| r.kind == TestKind::Cran);
            if d.pending.is_empty() && !any {
                ui.label(cx.t("campaign.ui.no_test_left"));
            }
            for &who in &d.pending {
                let Some(x) = queries::character(c, who) else {
                    continue;
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(x.name()).strong());
                    ui.label(cx.f(
                        "campaign.ui.cran_of",
                        &[("cran", &x.cran.to_string()), ("die", &die.to_string())],
                    ))
                    .on_hover_text(crate::ui::campaign::parts::cran_explained(cx));
                    let text = self.typed.entry(who).or_default();
                    if let Some(roll) =
                        dice_ui(ui, cx, x.name(), die, text, !cx.model.folder.read_only)
                    {
                        cx.send(edit(
                            id,
                            CampaignEdit::Debrief(DebriefEdit::CranTest {
                                character: who,
                                roll,
                            }),
                        ));
                    }
                });
            }
        });
    }

    /// The fate points' rerolls of those who fell.
    pub(super) fn fate_ui(&mut self, ui: &mut egui::Ui, s: &Step<'_>) {
        let (cx, c, d, step, id) = (s.cx, s.c, s.d, s.step, s.id);
        let die = c.settings.cran_die;
        let tests_done = s.tests_done;
        // CMP-12: done once nobody may still be saved: each who fell saved,
        // his death accepted, or his player out of fate points.
        let open = debrief::fate_open(c);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            step_title(
                ui,
                cx,
                step,
                cx.t("campaign.ui.step.fate"),
                open.is_empty() && tests_done,
            );
            if d.fallen.is_empty() && !tests_done {
                ui.label(cx.t("campaign.ui.fate_waits"));
            } else if d.fallen.is_empty() {
                ui.label(cx.t("campaign.ui.nobody_fell"));
            }
            rolled_ui(ui, cx, c, d, TestKind::Fate);
            for &who in &d.fallen {
                let Some(x) = queries::character(c, who) else {
                    continue;
                };
                let left = queries::escort(c, x.escort).map_or(0, |e| e.fate_points);
                ui.horizontal_wrapped(|ui| {
                    badge(ui, state_tone(x.state), cx.t(x.state.key()));
                    ui.label(RichText::new(x.name()).strong());
                    if !open.contains(&who) {
                        let why = if d.accepted.contains(&who) {
                            "campaign.ui.death_accepted"
                        } else {
                            "campaign.ui.no_fate_left"
                        };
                        ui.label(RichText::new(cx.t(why)).color(palette().ink.subdued));
                        return;
                    }
                    ui.label(cx.f("campaign.ui.fate_left", &[("count", &left.to_string())]));
                    let text = self.typed.entry(who).or_default();
                    let words = ("campaign.ui.fate_roll", "campaign.ui.fate_roll_for");
                    let enabled = !cx.model.folder.read_only;
                    if let Some(roll) = dice_ui_worded(ui, cx, x.name(), die, text, enabled, words)
                    {
                        cx.send(edit(
                            id,
                            CampaignEdit::Debrief(DebriefEdit::FateReroll {
                                character: who,
                                roll,
                            }),
                        ));
                    }
                    ui.separator();
                    accept_death_ui(ui, cx, c, x);
                });
            }
        });
    }
}

/// Who was taken out of action, as ticked at the table (CMP-9).
pub(super) fn confirm_out_ui(ui: &mut egui::Ui, s: &Step<'_>) {
    let (cx, c, d, step, id) = (s.cx, s.c, s.d, s.step, s.id);
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        let settled = d.out_of_action.iter().all(|x| !d.pending.contains(x));
        step_title(ui, cx, step, cx.t("campaign.ui.step.confirm_out"), settled);
        ui.label(RichText::new(cx.t("campaign.ui.confirm_out_rule")).color(palette().ink.subdued));
        for &who in &d.played {
            let Some(x) = queries::character(c, who) else {
                continue;
            };
            let was_out = d.out_of_action.contains(&who);
            let tested = was_out && !d.pending.contains(&who);
            ui.horizontal_wrapped(|ui| {
                let mut ticked = was_out;
                let label = cx.f("campaign.ui.out_of_action_of", &[("character", x.name())]);
                let enabled = !cx.model.folder.read_only && !tested && (was_out || x.state.alive());
                if ui
                    .add_enabled(enabled, egui::Checkbox::new(&mut ticked, label))
                    .changed()
                {
                    cx.send(edit(
                        id,
                        CampaignEdit::Debrief(DebriefEdit::ConfirmOutOfAction {
                            character: who,
                            out: ticked,
                        }),
                    ));
                }
                if tested {
                    badge(ui, state_tone(x.state), cx.t("campaign.ui.tested"));
                    badge(ui, state_tone(x.state), cx.t(x.state.key()));
                }
            });
        }
    });
}

/// "Accept his death" (CMP-12): no more fate point spent on him.
fn accept_death_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, x: &CampaignCharacter) {
    let name = cx.f("campaign.ui.accept_death_for", &[("character", x.name())]);
    if icon_button(
        ui,
        icons::ICON_SENTIMENT_DISSATISFIED,
        cx.t("campaign.ui.accept_death"),
        &name,
        !cx.model.folder.read_only,
    )
    .on_hover_text(cx.t("campaign.ui.accept_death_hint"))
    .clicked()
    {
        cx.send(edit(
            c.id.as_str(),
            CampaignEdit::Debrief(DebriefEdit::AcceptDeath { character: x.id }),
        ));
    }
}
