//! The recon (CMP-14): its table, who goes, his dice typed in or rolled,
//! and the guide hired.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CampaignEdit, CharId, TestKind};
use crate::ui::campaign::dice::{DiceAsk, Typed, dice_field};
use crate::ui::campaign::parts::{MissionState, edit};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, icon_button};

use super::parts::{Step, rolled_ui, step_title};
use crate::rules::campaign::DebriefEdit;
use crate::rules::campaign::data::ReconData;

impl MissionState {
    /// CMP-14: the recon's dice, each typed in or left to Muster: the D12,
    /// the Cran test some results ask for and good fortune's dice; then
    /// the character goes.
    fn recon_dice_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, who: CharId) {
        let name = queries::character(c, who)
            .map_or("", |x| x.name())
            .to_owned();
        let recon = &queries::rates(c, &cx.rules.campaign).recon;
        let cran_die = c.settings.cran_die;
        ui.label(RichText::new(cx.t("campaign.ui.dice_hint")).color(palette().ink.subdued));
        let fields = [
            ("recon", "campaign.ui.dice.recon", 1, recon.die),
            ("recon-cran", "campaign.ui.dice.recon_cran", 1, cran_die),
            (
                "recon-fortune",
                "campaign.ui.dice.fortune",
                recon.good_fortune_dice,
                6,
            ),
        ];
        let typed: Vec<_> = fields
            .iter()
            .map(|&(key, label, count, sides)| {
                let ask = DiceAsk::new(count, sides, "CMP-14");
                let label = cx.f(label, &[("dice", &ask.name()), ("character", &name)]);
                dice_field(ui, cx, &label, self.dice.text(key), ask)
            })
            .collect();
        let ok = typed.iter().all(Typed::ok);
        let word = cx.t("campaign.ui.recon_go");
        let named = cx.f("campaign.ui.recon_go_named", &[("character", &name)]);
        if icon_button(
            ui,
            icons::ICON_EXPLORE,
            word,
            &named,
            ok && !cx.model.folder.read_only,
        )
        .clicked()
        {
            cx.send(edit(
                c.id.as_str(),
                CampaignEdit::Debrief(DebriefEdit::Recon {
                    character: who,
                    roll: typed[0].first(),
                    cran: typed[1].first(),
                    fortune: typed[2].first(),
                    effect: None,
                }),
            ));
            for (key, ..) in fields {
                self.dice.clear(key);
            }
        }
    }

    /// The recon (CMP-14): its table, who goes and his dice, the guide.
    pub(super) fn recon_ui(&mut self, ui: &mut egui::Ui, s: &Step<'_>) {
        let (cx, c, d, step, id, tests_done) = (s.cx, s.c, s.d, s.step, s.id, s.tests_done);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            let all_done = c.escorts.iter().all(|e| d.recon.contains(&e.id));
            step_title(ui, cx, step, cx.t("campaign.ui.step.recon"), all_done);
            recon_table_ui(ui, cx, &queries::rates(c, &cx.rules.campaign).recon);
            // Each escort's recon stays shown once the next one's turn comes.
            rolled_ui(ui, cx, c, d, TestKind::Recon);
            let can: Vec<_> = c
                .characters
                .iter()
                .filter(|x| x.can_play() && !d.recon.contains(&x.escort))
                .collect();
            if !tests_done {
                alert(ui, Tone::Info, cx.t("campaign.ui.tests_first"));
            } else if can.is_empty() {
                ui.label(cx.t("campaign.ui.recon_none"));
            } else {
                if self.recon.is_none_or(|r| !can.iter().any(|x| x.id == r)) {
                    self.recon = can.first().map(|x| x.id);
                }
                ui.horizontal_wrapped(|ui| {
                    let l = ui.label(cx.t("campaign.ui.recon_who"));
                    let shown = self
                        .recon
                        .and_then(|r| queries::character(c, r))
                        .map_or("", |x| x.name())
                        .to_owned();
                    egui::ComboBox::from_id_salt("cmp-recon")
                        .selected_text(shown)
                        .show_ui(ui, |ui| {
                            for x in &can {
                                ui.selectable_value(&mut self.recon, Some(x.id), x.name());
                            }
                        })
                        .response
                        .labelled_by(l.id);
                });
                if let Some(who) = self.recon {
                    self.recon_dice_ui(ui, cx, c, who);
                }
            }
            if d.guide_offered && !c.guide {
                let cost = queries::rates(c, &cx.rules.campaign).recon.guide_cost;
                for e in &c.escorts {
                    let name = cx.f(
                        "campaign.ui.hire_guide",
                        &[("points", &cost.to_string()), ("player", &e.player)],
                    );
                    let refusal = queries::debriefing(c).hire_guide_refusal(e.id, &cx.rules);
                    let r = icon_button(ui, icons::ICON_EXPLORE, &name, &name, refusal.is_none());
                    let r = match &refusal {
                        Some(p) => r.on_disabled_hover_text(cx.lang.problem_line(p)),
                        None => r,
                    };
                    if r.clicked() {
                        cx.send(edit(
                            id,
                            CampaignEdit::Debrief(DebriefEdit::HireGuide { escort: e.id }),
                        ));
                    }
                }
            }
            if c.allies {
                badge(ui, Tone::Good, cx.t("campaign.ui.allies"));
            }
            if c.forced_survival {
                badge(ui, Tone::Warning, cx.t("campaign.ui.forced_survival"));
            }
        });
    }
}

/// The recon rule and its table, from the campaign's data (CMP-14): a user
/// who edits the table sees his own ranges.
fn recon_table_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, recon: &ReconData) {
    ui.label(
        RichText::new(cx.f("campaign.ui.recon_rule", &[("die", &recon.die.to_string())]))
            .color(palette().ink.subdued),
    );
    egui::CollapsingHeader::new(cx.f(
        "campaign.ui.recon_table",
        &[("die", &recon.die.to_string())],
    ))
    .id_salt("cmp-recon-table")
    .show(ui, |ui| {
        egui::Grid::new("cmp-recon-table-grid")
            .striped(true)
            .spacing([space::M, space::XS])
            .show(ui, |ui| {
                for r in &recon.results {
                    let faces = if r.from == r.to {
                        r.from.to_string()
                    } else {
                        format!("{}–{}", r.from, r.to)
                    };
                    ui.label(RichText::new(faces).strong());
                    ui.add(egui::Label::new(cx.t(r.effect.key())).wrap());
                    ui.end_row();
                }
            });
    });
}
