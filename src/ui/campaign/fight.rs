//! Fighting from the table: a fighter's "Attack…" button picks him (one of
//! the players' or of the enemy's), a banner says whom he attacks with,
//! and every other card in action offers the fights he can make against
//! it: close combat, a shot with each of his ranged weapons, a psychic
//! attack. A click opens the battle screen filled in (`Command::Fight`);
//! Back returns here.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, FightMode, FightSetup};
use crate::rules::CharRef;
use crate::rules::battle::from_table::TableSide;
use crate::rules::campaign::{Campaign, CharId};
use crate::rules::killteam::activation::Act;
use crate::ui::battle::from_table::table_side;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets;
use crate::ui::widgets::{HintBeside, HintPlace, icon_button, icon_button_hinted};

/// While an attacker is picked: who attacks, what to do next, and Cancel,
/// in a strip docked at the bottom of the window, under the screen's
/// scrolled view: no card moves, and none is covered (the view ends above
/// the strip, every card scrolls into it).
pub(super) fn fight_banner_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    attacker: &mut Option<CharRef>,
    refused: &FightRefusals,
) {
    let Some(a) = attacker.as_ref() else {
        return;
    };
    let Some(side) = table_side(cx, a) else {
        *attacker = None;
        return;
    };
    egui::Panel::bottom("fight-banner")
        .resizable(false)
        .show(ui, |ui| {
            ui.add_space(space::XS);
            banner_ui(ui, cx, side.name(), attacker, refused);
            ui.add_space(space::XS);
        });
}

/// The banner's words and its Cancel button.
fn banner_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    name: &str,
    attacker: &mut Option<CharRef>,
    refused: &FightRefusals,
) {
    {
        ui.set_min_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            ui.label(
                icons::ICON_SWORDS
                    .rich_text()
                    .size(22.0)
                    .color(palette().ink.accent),
            );
            ui.label(
                RichText::new(cx.f("campaign.ui.fight.picked", &[("name", name)]))
                    .size(18.0)
                    .strong(),
            );
            let word = cx.t("campaign.ui.fight.cancel");
            if icon_button(ui, icons::ICON_CLOSE, word, word, true).clicked() {
                *attacker = None;
            }
        });
        ui.add(
            egui::Label::new(
                RichText::new(cx.t("campaign.ui.fight.pick_target")).color(palette().ink.subdued),
            )
            .wrap(),
        );
        refusals_ui(ui, cx, refused);
    }
}

/// KT-9: what the picked attacker may not do now, and why.
pub(super) fn refusals_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, refused: &FightRefusals) {
    for (key, why) in [
        ("campaign.ui.fight.no_close", &refused.close),
        ("campaign.ui.fight.no_shot", &refused.shoot),
    ] {
        if let Some(why) = why {
            ui.label(widgets::icon_and_text(
                ui,
                icons::ICON_BLOCK,
                &cx.f(key, &[("why", why)]),
                palette().state.warning,
                false,
            ));
        }
    }
}

/// Why the picked attacker, a kill-team soldier, may not charge or shoot
/// now (KT-9): the fights he cannot make are greyed with the reason.
#[derive(Default)]
pub(super) struct FightRefusals {
    /// Why no close combat.
    pub(super) close: Option<String>,
    /// Why no shot.
    pub(super) shoot: Option<String>,
}

/// A card's or a list line's fight buttons (`place`): "Attack…" while
/// nobody is picked (greyed with `why_not`, beside it where it covers no
/// other card's or line's controls); "Cancel" on the attacker's own card;
/// on another card that may be a `target`, each fight the attacker can
/// make against it.
pub(super) fn fight_buttons_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (attacker, place): (&mut Option<CharRef>, HintPlace),
    me: &CharRef,
    name: &str,
    (why_not, target, refused): (Option<&str>, bool, &FightRefusals),
) {
    let in_action = why_not.is_none();
    match attacker.clone() {
        None => {
            let word = cx.t("campaign.ui.fight.attack");
            let named = cx.f("campaign.ui.fight.attack_named", &[("name", name)]);
            let hint = why_not.unwrap_or(cx.t("campaign.ui.fight.attack_hint"));
            // One tooltip: the hint beside it, which says why when greyed.
            if icon_button_hinted(ui, icons::ICON_SWORDS, word, &named, in_action)
                .hint_beside_at(hint, place)
                .clicked()
            {
                *attacker = Some(me.clone());
            }
        }
        Some(a) if a == *me => {
            let word = cx.t("campaign.ui.fight.cancel");
            if icon_button(ui, icons::ICON_CLOSE, word, word, true).clicked() {
                *attacker = None;
            }
        }
        Some(a) => {
            // A target need not be able to act (the enemy's turn is when a
            // soldier is attacked): only in action, fought, and of the
            // other side.
            if !target {
                return;
            }
            if let (Some(by), Some(target)) = (table_side(cx, &a), table_side(cx, me))
                && by.opposes(&target)
                && let Some(setup) = target_buttons_ui(ui, cx, (&by, &target, refused), (&a, me))
            {
                *attacker = None;
                cx.send(Command::Fight(setup));
            }
        }
    }
}

/// `add` in `ui` when it is a wrapping row already, else in a new one.
fn in_a_wrapping_row(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    if ui.layout().main_wrap && ui.layout().is_horizontal() {
        add(ui);
    } else {
        ui.horizontal_wrapped(add);
    }
}

/// The fights `by` can make against `target`, a button each; the one
/// clicked. When he can make none, the reason.
fn target_buttons_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (by, target, refused): (&TableSide, &TableSide, &FightRefusals),
    (a, t): (&CharRef, &CharRef),
) -> Option<FightSetup> {
    let setup = |mode, weapon| FightSetup {
        mode,
        attacker: a.clone(),
        target: t.clone(),
        weapon,
    };
    let names = [("attacker", by.name()), ("target", target.name())];
    let mut chosen = None;
    let mut any = false;
    // In the card's wrapping row of buttons, the fights are more of its
    // buttons (a row of their own there would leave an empty line).
    in_a_wrapping_row(ui, |ui| {
        if (by.fights_close() && target.fights_close()) || by.kt_close(target) {
            any = true;
            let word = cx.t("campaign.ui.fight.close");
            let named = cx.f("campaign.ui.fight.close_named", &names);
            let r = icon_button(
                ui,
                icons::ICON_SWORDS,
                word,
                &named,
                refused.close.is_none(),
            );
            if let Some(why) = &refused.close {
                r.on_disabled_hover_text(why);
            } else if r.clicked() {
                chosen = Some(setup(FightMode::CloseCombat, None));
            }
        }
        for (k, ranged) in by.ranged(&cx.rules, cx.lang.code()).into_iter().enumerate() {
            let (weapon, used) = (ranged.name, ranged.used);
            any = true;
            let word = cx.f("campaign.ui.fight.shoot", &[("weapon", &weapon)]);
            let named = cx.f(
                "campaign.ui.fight.shoot_named",
                &[
                    ("attacker", by.name()),
                    ("target", target.name()),
                    ("weapon", &weapon),
                ],
            );
            let why = refused
                .shoot
                .clone()
                .or_else(|| used.then(|| cx.t("campaign.ui.fight.used").to_owned()));
            let r = icon_button(ui, icons::ICON_TARGET, &word, &named, why.is_none());
            if let Some(why) = why {
                r.on_disabled_hover_text(why);
            } else if r.clicked() {
                chosen = Some(setup(FightMode::Shot, Some(k)));
            }
        }
        if by.psyker() {
            any = true;
            let word = cx.t("campaign.ui.fight.psychic");
            let named = cx.f("campaign.ui.fight.psychic_named", &names);
            if icon_button(ui, icons::ICON_PSYCHOLOGY, word, &named, true).clicked() {
                chosen = Some(setup(FightMode::Psychic, None));
            }
        }
    });
    if !any {
        let why = if by.fights_close() != target.fights_close() && !by.kt_close(target) {
            "campaign.ui.fight.rt_against_kt"
        } else {
            "campaign.ui.fight.none"
        };
        ui.add(
            egui::Label::new(RichText::new(cx.f(why, &names)).color(palette().ink.subdued)).wrap(),
        );
    }
    chosen
}

/// KT-9: why a soldier with neither a shot nor a charge left attacks
/// nobody (a Rogue Trader character always may).
pub(super) fn no_fight(cx: &ViewCtx<'_>, c: &Campaign, id: CharId) -> Option<String> {
    let mut why = [Act::Shoot, Act::CloseCombat].map(|a| super::actions::refusal(cx, c, (id, a)));
    if why.iter().any(Option::is_none) {
        return None;
    }
    why[0].take()
}
