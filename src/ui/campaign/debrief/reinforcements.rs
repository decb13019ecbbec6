//! The reinforcements (CMP-6, CMP-7): each escort's points, victory
//! points exchanged for them, recruits, and points spent on an item for a
//! character.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::Problem;
use crate::rules::campaign::queries;
use crate::rules::campaign::{
    Bought, Campaign, CampaignEdit, CharId, Escort, EscortId, Member, Purchase,
};
use crate::rules::{Gear, GearKind, PowerCard};
use crate::ui::campaign::free_gear::free_gear_ui;
use crate::ui::campaign::parts::{Buy, BuyKind, MissionState, edit};
use crate::ui::campaign::recruit::recruit_ui;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{Tone, badge, card, hover_text_beside, icon_button};

use super::parts::step_title;
use crate::rules::campaign::{DebriefEdit, ReinforcementEdit};
use crate::ui::widgets;

impl MissionState {
    pub(super) fn reinforcements_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        step: u32,
    ) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            step_title(ui, cx, step, cx.t("campaign.ui.step.reinforcements"), false);
            for e in &c.escorts {
                let buy = self.buy.entry(e.id).or_default();
                ui.push_id(e.id, |ui| {
                    ui.label(
                        RichText::new(cx.f(
                            "campaign.ui.points_held",
                            &[
                                ("player", &e.player),
                                ("points", &queries::recruiting(c).pool(e.id).to_string()),
                            ],
                        ))
                        .strong(),
                    );
                    exchange_ui(ui, cx, c, e, buy);
                    let factions = queries::mustering(c).factions(e.id);
                    if !factions.is_empty() {
                        let names = factions
                            .iter()
                            .map(|f| cx.lang.pick(&f.names))
                            .collect::<Vec<_>>()
                            .join(", ");
                        ui.label(
                            RichText::new(
                                cx.f("campaign.ui.recruit_factions", &[("factions", &names)]),
                            )
                            .color(palette().ink.subdued),
                        );
                    }
                    if c.allies {
                        badge(ui, Tone::Good, cx.t("campaign.ui.recruit_allies"));
                    }
                    recruit_ui(ui, cx, c, e, buy);
                    free_gear_ui(ui, cx, c, e, buy);
                    spend_ui(ui, cx, c, e, buy);
                });
            }
        });
    }
}

/// Victory points exchanged for reinforcement points, at the campaign's
/// rate, for one escort's player.
fn exchange_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort, buy: &mut Buy) {
    let id = c.id.as_str();
    let rate = queries::rates(c, &cx.rules.campaign).vp_exchange_rate;
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(cx.f("campaign.ui.exchange", &[("rate", &rate.to_string())]));
        ui.add(egui::DragValue::new(&mut buy.exchange).range(0..=c.vp))
            .labelled_by(l.id);
        let go = cx.t("campaign.ui.exchange_go");
        let name = cx.f("campaign.ui.exchange_for", &[("player", &e.player)]);
        if icon_button(
            ui,
            icons::ICON_EMOJI_EVENTS,
            go,
            &name,
            buy.exchange > 0 && buy.exchange <= c.vp,
        )
        .clicked()
        {
            cx.send(edit(
                id,
                CampaignEdit::Debrief(DebriefEdit::ExchangeVp {
                    escort: e.id,
                    vp: buy.exchange,
                }),
            ));
            buy.exchange = 0;
        }
    });
}

/// Points spent on something else, and the item it buys for a character
/// (CMP-7), for one escort's player.
fn spend_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort, buy: &mut Buy) {
    let id = c.id.as_str();
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(cx.t("campaign.ui.spend_points"));
        ui.add(egui::DragValue::new(&mut buy.spend).range(0..=1000))
            .labelled_by(l.id);
        widgets::labelled_text(ui, cx.t("campaign.ui.spend_what"), &mut buy.spend_what);
        spend_for_ui(ui, cx, c, e.id, buy);
        let go = cx.t("campaign.ui.spend");
        let name = cx.f("campaign.ui.spend_for", &[("player", &e.player)]);
        let refusal = queries::recruiting(c).spend_refusal(e.id, buy.spend);
        let ok = buy.spend > 0 && !buy.spend_what.trim().is_empty() && refusal.is_none();
        let r = icon_button(ui, icons::ICON_BACKPACK, go, &name, ok);
        let r = match &refusal {
            Some(p) => r.on_disabled_hover_text(cx.lang.problem_line(p)),
            None => r,
        };
        if r.clicked() {
            let what = std::mem::take(&mut buy.spend_what);
            // CMP-7: the item bought goes to the character in
            // the same event as the points.
            let bought = buy.spend_for.map(|character| Bought {
                character,
                item: match buy.spend_kind {
                    BuyKind::Gear(kind) => Purchase::Gear(Gear::new(what.trim(), kind)),
                    BuyKind::Power => Purchase::Power(PowerCard::new(what.trim())),
                },
            });
            cx.send(edit(
                id,
                CampaignEdit::Reinforcements(ReinforcementEdit::Spend {
                    escort: e.id,
                    points: buy.spend,
                    what,
                    bought,
                }),
            ));
            buy.spend = 0;
        }
    });
    if let Some(nobody) = queries::recruiting(c).bought_for_refusal(e.id) {
        ui.label(RichText::new(cx.lang.problem_line(&nobody)).color(palette().ink.subdued));
    }
}

/// Whom the points spent buy for (CMP-7): nobody (only noted) or a living
/// Rogue Trader character of the escort, and what the item is; a power card
/// is offered for a psyker only (CHR-16).
fn spend_for_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    escort: EscortId,
    buy: &mut Buy,
) {
    if let Some(nobody) = queries::recruiting(c).bought_for_refusal(escort) {
        buy.spend_for = None;
        for_nobody_ui(ui, cx, &nobody);
        return;
    }
    let takers: Vec<(CharId, &str, bool)> = queries::members(c, escort)
        .filter(|x| x.state.alive())
        .filter_map(|x| match &x.member {
            Member::Character(ch) => Some((x.id, x.name(), ch.psychic)),
            Member::Soldier(_) => None,
        })
        .collect();
    if takers.is_empty() {
        return;
    }
    if buy
        .spend_for
        .is_some_and(|id| !takers.iter().any(|t| t.0 == id))
    {
        buy.spend_for = None;
    }
    let l = ui.label(cx.t("campaign.ui.spend_to"));
    let nobody = cx.t("campaign.ui.spend_nobody");
    let shown = buy
        .spend_for
        .and_then(|id| takers.iter().find(|t| t.0 == id))
        .map_or(nobody, |t| t.1)
        .to_owned();
    egui::ComboBox::from_id_salt("cmp-spend-for")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut buy.spend_for, None, nobody);
            for (id, name, _) in &takers {
                ui.selectable_value(&mut buy.spend_for, Some(*id), *name);
            }
        })
        .response
        .labelled_by(l.id);
    let Some(taker) = buy
        .spend_for
        .and_then(|id| takers.iter().find(|t| t.0 == id))
    else {
        return;
    };
    if buy.spend_kind == BuyKind::Power && !taker.2 {
        buy.spend_kind = BuyKind::default();
    }
    let kind_name = |k: BuyKind| match k {
        BuyKind::Gear(g) => cx.t(g.key()),
        BuyKind::Power => cx.t("campaign.ui.spend_power"),
    };
    let mut kinds: Vec<BuyKind> = GearKind::ALL.iter().map(|k| BuyKind::Gear(*k)).collect();
    if taker.2 {
        kinds.push(BuyKind::Power);
    }
    let l = ui.label(cx.t("campaign.ui.spend_kind"));
    egui::ComboBox::from_id_salt("cmp-spend-kind")
        .selected_text(kind_name(buy.spend_kind))
        .show_ui(ui, |ui| {
            for k in kinds {
                ui.selectable_value(&mut buy.spend_kind, k, kind_name(k));
            }
        })
        .response
        .labelled_by(l.id);
}

/// The "For" list greyed, as nothing is bought for one of the escort's
/// characters (a kill team's, KT-5), with why beside it.
fn for_nobody_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, nobody: &Problem) {
    let l = ui.label(cx.t("campaign.ui.spend_to"));
    let why = cx.lang.problem_line(nobody);
    let r = ui
        .add_enabled_ui(false, |ui| {
            egui::ComboBox::from_id_salt("cmp-spend-for")
                .selected_text(cx.t("campaign.ui.spend_nobody"))
                .show_ui(ui, |_| {})
                .response
        })
        .inner
        .labelled_by(l.id);
    hover_text_beside(r, &why);
}
