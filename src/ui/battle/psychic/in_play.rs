//! The powers in play (PSY-8), shown with the battle log until they end: each
//! with how long it lasts, End and Cancel, the psyker's death, and the next
//! phase.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, PowerAct};
use crate::rules::psychic::play::InPlay;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{Tone, badge, icon_button};

/// The powers in play (PSY-8), shown with the battle log until they end:
/// each with End and Cancel, the psyker's death, and the next phase.
pub fn powers_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    let powers = &model.battle.powers;
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(cx.f(
                "battle.psy.in_play",
                &[("phase", &powers.phase.to_string())],
            ))
            .strong(),
        );
        let next = cx.t("battle.psy.next_phase_button");
        if icon_button(ui, icons::ICON_SKIP_NEXT, next, next, true).clicked() {
            cx.send(Command::Powers(PowerAct::NextPhase));
        }
    });
    if powers.in_play.is_empty() {
        ui.label(RichText::new(cx.t("battle.psy.none_in_play")).color(palette().ink.subdued));
    }
    for p in &powers.in_play {
        ui.horizontal_wrapped(|ui| power_row_ui(ui, cx, p));
    }
}

/// One power in play (PSY-8): how long it lasts, its line, and its end,
/// cancel and psyker-died buttons.
fn power_row_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, p: &InPlay) {
    let powers = &cx.model.battle.powers;
    let (tone, word) = if p.lasting {
        (Tone::Info, cx.t("battle.psy.lasting_badge"))
    } else {
        (Tone::Good, cx.t("battle.psy.until_next_badge"))
    };
    badge(ui, tone, word);
    ui.label(
        RichText::new(cx.f(
            "battle.psy.power_line",
            &[
                ("power", &p.power),
                ("psyker", &p.psyker),
                ("phase", &p.phase.to_string()),
            ],
        ))
        .strong(),
    );
    if p.lasting {
        let end = cx.f("battle.psy.end", &[("power", &p.power)]);
        let why = powers.can_end(&p.power, &p.psyker).err();
        let r = icon_button(
            ui,
            icons::ICON_STOP_CIRCLE,
            cx.t("battle.psy.end_word"),
            &end,
            why.is_none(),
        );
        let r = match &why {
            Some(w) => r.on_disabled_hover_text(cx.lang.problem_line(w)),
            None => r,
        };
        if r.clicked() {
            cx.send(Command::Powers(PowerAct::End(
                p.power.clone(),
                p.psyker.clone(),
            )));
        }
    }
    let cancel = cx.f("battle.psy.cancel", &[("power", &p.power)]);
    if icon_button(
        ui,
        icons::ICON_CANCEL,
        cx.t("battle.psy.cancel_word"),
        &cancel,
        true,
    )
    .clicked()
    {
        cx.send(Command::Powers(PowerAct::Cancel(p.power.clone())));
    }
    let died = cx.f("battle.psy.died", &[("psyker", &p.psyker)]);
    if icon_button(
        ui,
        icons::ICON_SKULL,
        cx.t("battle.psy.died_word"),
        &died,
        true,
    )
    .clicked()
    {
        cx.send(Command::Powers(PowerAct::PsykerDied(p.psyker.clone())));
    }
}
