//! The battle's victory points on the table (KT-21): what each side scored
//! as fighters fell, turn by turn, with the double-kill bonus, and the
//! campaign's reading of that bonus, which a click changes (one event).

use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;
use crate::rules::campaign::victory;
use crate::rules::campaign::{Campaign, CampaignEdit, EscortKind, Fighter};
use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::SetupEdit;
use crate::rules::campaign::data::DoubleKill;
use crate::rules::campaign::victory::{BattleVp, Fallen};
use crate::rules::core::names::name_in;
use crate::rules::killteam::victory::{DoubleKillBonus, Tally};
use crate::ui::campaign::parts::edit;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{card, card_title};

/// The victory-points card, when a kill team plays (KT-21 is theirs).
pub(super) fn victory_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    if !c.escorts.iter().any(|e| e.kind == EscortKind::KillTeam) {
        return;
    }
    let Some(vp) = victory::battle_vp(c, &cx.rules) else {
        return;
    };
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        card_title(ui, icons::ICON_MILITARY_TECH, cx.t("campaign.ui.vp.title"));
        // CMP-1: the battle's VP are not the campaign's in a mission that
        // earns none.
        let kept = (c.mission.as_ref()).map(|m| m.mission_type);
        if let Some(t) = kept.filter(|t| !t.earns_vp()) {
            let text = cx.f(
                "campaign.ui.vp.not_for_campaign",
                &[("type", cx.t(t.key()))],
            );
            ui.add(egui::Label::new(RichText::new(text).color(palette().ink.subdued)).wrap());
        }
        ui.add_space(space::S);
        ui.horizontal_wrapped(|ui| {
            side_ui(
                ui,
                cx,
                c,
                (
                    cx.t("campaign.ui.vp.players"),
                    &vp.players,
                    &vp.enemies_fallen,
                ),
            );
            ui.add_space(space::XL);
            side_ui(
                ui,
                cx,
                c,
                (cx.t("campaign.ui.vp.enemy"), &vp.enemy, &vp.players_fallen),
            );
        });
        ui.add_space(space::S);
        reading_ui(ui, cx, c, &vp);
    });
}

/// One side: its VP in large, then each turn's kills and bonus.
fn side_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    (who, t, fallen): (&str, &Tally, &[Fallen]),
) {
    ui.vertical(|ui| {
        ui.set_width(300.0);
        let head = cx.f(
            "campaign.ui.vp.side",
            &[("side", who), ("vp", &t.total().to_string())],
        );
        ui.label(RichText::new(&head).size(18.0).strong())
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &head));
        if t.turns.is_empty() {
            ui.label(RichText::new(cx.t("campaign.ui.vp.none")).color(palette().ink.subdued));
        }
        for turn in &t.turns {
            let names: Vec<String> = fallen
                .iter()
                .filter(|f| f.turn == turn.turn)
                .map(|f| name_of(cx, c, f))
                .collect();
            let mut line = cx.f(
                "campaign.ui.vp.turn",
                &[
                    ("turn", &turn.turn.to_string()),
                    ("names", &names.join(", ")),
                    ("vp", &turn.vp.to_string()),
                ],
            );
            if turn.bonus > 0 {
                line.push_str(&cx.f(
                    "campaign.ui.vp.bonus",
                    &[("bonus", &turn.bonus.to_string())],
                ));
            }
            ui.add(egui::Label::new(RichText::new(&line).color(palette().ink.text)).wrap())
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &line));
        }
    });
}

/// A fallen fighter's name with his worth.
fn name_of(cx: &ViewCtx<'_>, c: &Campaign, f: &Fallen) -> String {
    let name = match Fighter::of(f.id) {
        Fighter::Enemy(i) => {
            let names = enemy::names(c, i);
            name_in(&names, cx.lang.code(), "?").to_owned()
        }
        Fighter::Named(i) => {
            name_in(&named::names(c, i, &cx.rules), cx.lang.code(), "?").to_owned()
        }
        Fighter::Character(_) => {
            queries::character(c, f.id).map_or_else(String::new, |x| x.name().to_owned())
        }
    };
    cx.f(
        "campaign.ui.vp.fallen",
        &[("name", &name), ("vp", &f.vp.to_string())],
    )
}

/// The two readings of "two kills in the same turn score 3" (KT-21).
fn reading_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, vp: &BattleVp) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(cx.t("campaign.ui.vp.reading")).color(palette().ink.subdued));
        for (reading, setting, key) in [
            (
                DoubleKillBonus::PerTurn,
                DoubleKill::PerTurn,
                "campaign.ui.vp.per_turn",
            ),
            (
                DoubleKillBonus::PerPair,
                DoubleKill::PerPair,
                "campaign.ui.vp.per_pair",
            ),
        ] {
            let on = vp.bonus == reading;
            let r = ui.add_enabled(
                !cx.model.folder.read_only,
                egui::RadioButton::new(on, cx.t(key)),
            );
            if r.clicked() && !on {
                let mut s = c.settings.clone();
                s.double_kill = Some(setting);
                cx.send(edit(
                    c.id.as_str(),
                    CampaignEdit::Setup(SetupEdit::SetSettings { settings: s }),
                ));
            }
        }
    });
}
