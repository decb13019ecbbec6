//! The kill-team shot's situation: the ticks the player gives, and what
//! the shooter's and the target's equipment and ribbons bring on their own
//! (KT-13, EQ-*, RIB-12), each shown with its item or ribbon. A soldier's
//! conditional item (a vox radio, a sling, a smoke grenade) is a tick he is
//! offered only when he carries it; otherwise the tick is disabled and says
//! why. A side typed in by hand keeps every tick free.

use egui::RichText;

use crate::i18n::Lang;
use crate::rules::core::names::name_in;
use crate::rules::killteam::Soldier;
use crate::rules::killteam::data::{KillTeamData, KtModifier};
use crate::rules::killteam::shot_gear::{
    GearModifier, GearSource, ShotSide, bearer_of, gear_decides, shot_gear,
};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, badge};

/// Every situation of a shot, with its words.
pub const SITUATIONS: [(KtModifier, &str); 16] = [
    (KtModifier::Night, "battle.kt.night"),
    (KtModifier::Sight, "battle.kt.sight"),
    (KtModifier::Marksman, "battle.kt.marksman"),
    (KtModifier::Vox, "battle.kt.vox"),
    (KtModifier::Sling, "battle.kt.sling"),
    (KtModifier::Smoke, "battle.kt.smoke"),
    (KtModifier::Dazzled, "battle.kt.dazzled"),
    (KtModifier::AssaultMoving, "battle.kt.assault_moving"),
    (KtModifier::SnapFire, "battle.kt.snap_fire"),
    (KtModifier::HigherPosition, "battle.kt.higher_position"),
    (KtModifier::Auspex, "battle.kt.auspex"),
    (KtModifier::NightVision, "battle.kt.night_vision"),
    (KtModifier::GasMask, "battle.kt.gas_mask"),
    (KtModifier::Torch, "battle.kt.torch"),
    (KtModifier::Cloak, "battle.kt.cloak"),
    (KtModifier::Prone, "battle.kt.prone"),
];

/// A side of the shot: its soldier, if picked, and his name.
pub struct SideOf<'a> {
    /// The soldier picked (none: typed in).
    pub(super) soldier: Option<&'a Soldier>,
    /// His name, for the words.
    pub(super) name: &'a str,
}

/// What an item or ribbon does, in a sentence of the data.
fn item_text(data: &KillTeamData, lang: Lang, source: &GearSource) -> String {
    match source {
        GearSource::Ribbon(id) => data
            .ribbon(id)
            .map_or("", |r| name_in(&r.text, lang.code(), "")),
        GearSource::Item(id) => data
            .item(id)
            .map_or("", |i| name_in(&i.text, lang.code(), "")),
    }
    .to_owned()
}

fn item_name(data: &KillTeamData, lang: Lang, source: &GearSource) -> String {
    match source {
        GearSource::Ribbon(id) => data.ribbon(id).map_or(id.as_str(), |r| {
            name_in(&r.names, lang.code(), r.id.as_str())
        }),
        GearSource::Item(id) => data.item(id).map_or(id.as_str(), |i| {
            name_in(&i.names, lang.code(), i.id.as_str())
        }),
    }
    .to_owned()
}

/// The situation card's content: the gear's modifiers, then the ticks.
pub fn situation_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    shooter: &SideOf<'_>,
    target: &SideOf<'_>,
    ticks: &mut Vec<KtModifier>,
) {
    let gear = shot_gear(data, shooter.soldier, target.soldier);
    let side_of = |m: KtModifier| {
        if gear_decides(data, ShotSide::Shooter).contains(&m) {
            Some((ShotSide::Shooter, shooter))
        } else if gear_decides(data, ShotSide::Target).contains(&m) {
            Some((ShotSide::Target, target))
        } else {
            None
        }
    };
    automatic_ui(ui, cx, data, &gear, (shooter, target));
    ui.label(RichText::new(cx.t("battle.situation")).strong());
    ui.horizontal_wrapped(|ui| {
        for &(m, key) in &SITUATIONS {
            let decided = side_of(m).and_then(|(side, s)| s.soldier.map(|_| (side, s)));
            let Some((_, side)) = decided else {
                // A free tick: a situation, or a side typed in.
                let mut on = ticks.contains(&m);
                if ui.checkbox(&mut on, cx.t(key)).changed() {
                    set(ticks, m, on);
                }
                continue;
            };
            match gear.iter().find(|g| g.modifier == m) {
                // Shown above.
                Some(g) if !g.ticked => {}
                Some(g) => {
                    let text = cx.f(
                        "battle.kt.his_gear_tick",
                        &[
                            ("item", &item_name(data, cx.lang, &g.source)),
                            ("effect", cx.t(key)),
                        ],
                    );
                    let mut on = ticks.contains(&m);
                    if ui.checkbox(&mut on, text).changed() {
                        set(ticks, m, on);
                    }
                }
                None => {
                    lacks_ui(ui, cx, data, (m, key), side.name);
                }
            }
        }
    });
    ui.label(RichText::new(cx.t("battle.kt.gear_hint")).color(palette().ink.subdued));
}

/// What the soldiers' gear gives on its own, each with its item and rule.
fn automatic_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    gear: &[GearModifier],
    (shooter, target): (&SideOf<'_>, &SideOf<'_>),
) {
    let automatic: Vec<_> = gear.iter().filter(|g| !g.ticked).collect();
    if !automatic.is_empty() {
        ui.label(RichText::new(cx.t("battle.kt.gear_title")).strong());
        ui.horizontal_wrapped(|ui| {
            for g in automatic {
                let who = match g.side {
                    ShotSide::Shooter => shooter.name,
                    ShotSide::Target => target.name,
                };
                badge(
                    ui,
                    Tone::Good,
                    &cx.f(
                        "battle.kt.from_gear",
                        &[
                            ("who", who),
                            ("item", &item_name(data, cx.lang, &g.source)),
                            ("rule", &g.rule),
                            ("effect", &item_text(data, cx.lang, &g.source)),
                        ],
                    ),
                );
            }
        });
        ui.add_space(space::S);
    }
}

/// A tick `who` lacks the item for: a conditional item's tick, disabled,
/// says so; an automatic one simply does not apply.
fn lacks_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    (m, key): (KtModifier, &str),
    who: &str,
) {
    // He lacks it: a conditional item's tick says so;
    // an automatic one simply does not apply.
    let ticked = data
        .equipment
        .iter()
        .filter_map(|i| i.shot)
        .any(|u| u.modifier == m && u.ticked);
    if !ticked {
        return;
    }
    let item = bearer_of(data, m)
        .map(|source| item_name(data, cx.lang, &source))
        .unwrap_or_default();
    let why = cx.f(
        "battle.kt.lacks",
        &[("who", who), ("item", &item), ("effect", cx.t(key))],
    );
    let mut off = false;
    ui.add_enabled(false, egui::Checkbox::new(&mut off, why.as_str()))
        .on_disabled_hover_text(&why);
}

fn set(ticks: &mut Vec<KtModifier>, m: KtModifier, on: bool) {
    if on {
        if !ticks.contains(&m) {
            ticks.push(m);
        }
    } else {
        ticks.retain(|x| *x != m);
    }
}
