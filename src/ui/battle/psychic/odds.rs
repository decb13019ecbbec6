//! A psychic attack's odds in words and bars: who is affected, wounded and
//! saved, or a vehicle's bonus die and penetration, and a squad's
//! casualties with the morale test they force (PSY-6, PSY-9).

use egui::RichText;

use crate::rules::psychic;
use crate::rules::psychic::attack::{AttackOdds, PsychicAttack};
use crate::rules::psychic::play::{Scope, VehicleHits};
use crate::ui::battle::parts::{bars, percent};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, badge};

/// The odds of the attack in words and bars.
pub(super) fn odds_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &PsychicAttack, o: &AttackOdds) {
    ui.horizontal_wrapped(|ui| chances_ui(ui, cx, a, o));
    ui.add_space(space::XS);
    if let Some(v) = &o.vehicle {
        if v.affected && v.penetration.is_some() {
            bars(
                ui,
                cx,
                cx.t("battle.chart.penetrations"),
                "battle.psy.penetrations_bar",
                &v.penetrations,
            );
            ui.label(RichText::new(cx.t("battle.psy.damage_table")).color(palette().ink.subdued));
        }
        return;
    }
    if a.strength.is_some() {
        bars(
            ui,
            cx,
            cx.t("battle.chart.wounds"),
            "battle.wounds_bar",
            &o.wounds,
        );
    }
    if let Some(c) = &o.casualties {
        if a.scope == Scope::Squad && a.target.models > 1 {
            casualties_ui(ui, cx, a, c);
        } else if let Some(&dead) = c.get(1) {
            badge(
                ui,
                Tone::Dead,
                &cx.f("battle.psy.killed", &[("p", &percent(dead))]),
            );
        }
    } else if a.scope == Scope::Squad {
        ui.label(RichText::new(cx.t("battle.psy.casualties_unknown")).color(palette().ink.subdued));
    }
}

/// The attack's chances in words: affected, to wound, save, unsaved; or,
/// on a vehicle, its bonus die and penetration.
fn chances_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &PsychicAttack, o: &AttackOdds) {
    if a.test.is_some() {
        ui.label(cx.f("battle.psy.affected", &[("p", &percent(o.affected))]));
    }
    if let Some(v) = &o.vehicle {
        if !v.affected {
            badge(ui, Tone::Info, cx.t("battle.psy.no_effect_vehicle"));
            return;
        }
        let bonus = v.bonus_die.map_or_else(
            || cx.t("battle.psy.no_bonus_die").to_owned(),
            |s| format!("D{s}"),
        );
        ui.label(cx.f("battle.psy.bonus_die", &[("die", &bonus)]));
        match v.penetration {
            Some(p) => {
                ui.label(
                    RichText::new(cx.f("battle.psy.penetration", &[("p", &percent(p))])).strong(),
                );
            }
            None => {
                ui.label(cx.t("battle.psy.card_effect"));
            }
        }
        if let VehicleHits::AlongLine { crossed } = v.hits {
            ui.label(cx.f("battle.psy.line_hits", &[("count", &crossed.to_string())]));
        }
        return;
    }
    if a.strength.is_none() {
        ui.label(cx.t("battle.psy.no_strength"));
        return;
    }
    let score = o
        .score_to_wound
        .map_or_else(|| cx.t("battle.impossible").to_owned(), |s| format!("{s}+"));
    ui.label(cx.f(
        "battle.psy.to_wound",
        &[("score", &score), ("p", &percent(o.wound))],
    ));
    let save = o
        .score_to_save
        .map_or_else(|| cx.t("battle.no_save").to_owned(), |s| format!("{s}+"));
    ui.label(cx.f("battle.save_score", &[("score", &save)]));
    ui.label(RichText::new(cx.f("battle.psy.unsaved", &[("p", &percent(o.unsaved))])).strong());
}

/// A squad's casualties: their chart and the morale test they force
/// (PSY-6, PSY-9).
fn casualties_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, a: &PsychicAttack, c: &[f64]) {
    ui.label(RichText::new(cx.t("battle.psy.casualties")).strong());
    bars(
        ui,
        cx,
        cx.t("battle.psy.casualties"),
        "battle.psy.casualties_bar",
        c,
    );
    // PSY-6, PSY-9: these casualties alone force the morale test
    // (in close combat too), at the share of the rules data.
    let forced: f64 = c
        .iter()
        .enumerate()
        .filter(|&(k, _)| {
            psychic::casualty_test(
                &cx.rules,
                a.target.models,
                u32::try_from(k).unwrap_or(u32::MAX),
            )
        })
        .map(|(_, p)| p)
        .sum();
    badge(
        ui,
        Tone::Warning,
        &cx.f("battle.psy.morale_forced", &[("p", &percent(forced))]),
    );
}
