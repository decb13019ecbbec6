//! The kill-team shooting mode's fighters from a campaign's escorts: the
//! soldiers of the kill teams a campaign took in, as the campaign holds
//! them now — their derived profile and weapons (equipment and ribbon
//! counted), their wounds left at the table of the mission being played.
//! The dead, the missing and those out of action cannot be picked; a target
//! picked here is where "Apply to campaign" sends the damage.

use egui::RichText;
use egui_material_icons::icons;

use crate::i18n::Lang;
use crate::rules::battle::from_table::{CampaignSoldier, soldiers_in, target_profile};
use crate::rules::battle::scenario::KtWeapon;
use crate::rules::campaign::{Campaign, CharId};
use crate::rules::core::names::name_in;
use crate::rules::killteam::{KillTeamData, Soldier, WeaponId, WeaponLine, shot_gear};
use crate::rules::{CharRef, Doc};
use crate::ui::battle::parts::percent;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{Tone, badge, icon_and_text};

/// A shooter picked from a kill team or a campaign's escort.
pub struct PickedShooter {
    /// His name.
    pub(crate) name: String,
    /// His weapon as it fires.
    pub(crate) weapon: KtWeapon,
    /// The soldier, for his ribbon and his actions (RIB-10, RIB-11).
    pub(crate) soldier: Soldier,
    /// His wounds left.
    pub(crate) wounds_left: u32,
    /// His S, with what he carries counted: the reach of his grenades.
    pub(crate) strength: i32,
    /// His weapon is a heavy weapon that fires once a turn (KT-15).
    pub(crate) once_a_turn: bool,
    /// The campaign character he is, when picked from a campaign's escort:
    /// (campaign, character).
    pub(crate) from: Option<CharRef>,
    /// The other barrel of his combi-weapon (EQ-4): its id and how it
    /// fires, when the weapon picked is part of one.
    pub(crate) combi: Option<(WeaponId, KtWeapon)>,
}

/// The other barrel of `s`'s combi-weapon when `w` is part of it (EQ-4).
pub fn combi_of(data: &KillTeamData, s: &Soldier, w: &WeaponLine) -> Option<(WeaponId, KtWeapon)> {
    shot_gear::combi_partner(data, s, &w.id).map(|o| (o.id.clone(), KtWeapon::of(&o)))
}

/// The campaign soldier picked as the target: where the damage goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignTarget {
    /// The campaign's id.
    pub(crate) campaign: String,
    /// His id in the campaign.
    pub(crate) id: CharId,
    /// His name.
    pub(crate) name: String,
    /// His wounds left when picked.
    pub(crate) wounds_left: u32,
    /// The soldier: his equipment and ribbon count in the shot (EQ-16).
    pub(crate) soldier: Soldier,
}

/// Every kill-team soldier of every campaign's escorts: the campaign's own
/// copies, with the wounds taken at the table of the mission being played.
pub fn campaign_soldiers(cx: &ViewCtx<'_>) -> Vec<CampaignSoldier> {
    cx.model
        .library
        .docs
        .iter()
        .filter_map(Doc::get::<Campaign>)
        .flat_map(|c| soldiers_in(c, &cx.rules, None))
        .collect()
}

/// A soldier's weapon as it fires in the shooting odds (KT-12, KT-15).
pub fn shot_weapon(w: &WeaponLine) -> KtWeapon {
    KtWeapon::of(w)
}

/// The words of a soldier in a picker: why he cannot fight, or his wounds
/// left.
fn state_words(lang: Lang, s: &CampaignSoldier) -> String {
    match s.unable {
        Some(why) => lang.t(why).to_owned(),
        None => lang.f(
            "battle.wounds_left",
            &[("count", &s.wounds_left.to_string())],
        ),
    }
}

/// The soldier taken from a campaign, as his combo shows him, or
/// "Choose…".
fn soldier_shown(cx: &ViewCtx<'_>, current: Option<&CharRef>) -> String {
    current
        .and_then(|r| {
            campaign_soldiers(cx)
                .into_iter()
                .find(|s| s.campaign == r.doc && s.id == CharId(r.id))
                .map(|s| s.label)
        })
        .unwrap_or_else(|| cx.lang.t("kt.choose").to_owned())
}

/// A combo of the campaigns' soldiers with their ranged weapons: picking
/// one gives his name, his weapon as it fires, his hit bonus (EQ-3,
/// RIB-12) and the soldier. One who cannot fight is greyed out with the
/// reason; a weapon whose item was struck off at the table (a grenade
/// used up) is greyed out as used.
pub fn pick_campaign_shooter(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    current: Option<&CharRef>,
) -> Option<PickedShooter> {
    let data = &cx.rules.killteam;
    let mut chosen = None;
    let label = cx.t("battle.take_shooter_campaign");
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(soldier_shown(cx, current))
        .show_ui(ui, |ui| {
            let all = campaign_soldiers(cx);
            if all.is_empty() {
                ui.label(
                    RichText::new(cx.t("battle.no_campaign_soldiers")).color(palette().ink.subdued),
                );
            }
            for s in all {
                for w in s.derived.weapons.iter().filter(|w| w.range_inches > 0) {
                    let weapon = data.weapon(&w.id).map_or(w.id.as_str(), |x| {
                        name_in(&x.names, cx.lang.code(), x.id.as_str())
                    });
                    let used = s.used(w);
                    let button = if used {
                        let item = w
                            .item
                            .as_ref()
                            .and_then(|i| data.item(i))
                            .map_or(weapon, |i| name_in(&i.names, cx.lang.code(), i.id.as_str()));
                        let words = cx.f("battle.weapon_used", &[("item", item)]);
                        let text = format!("{} ({weapon}) — {words}", s.label);
                        egui::Button::selectable(
                            false,
                            icon_and_text(
                                ui,
                                icons::ICON_BLOCK,
                                &text,
                                palette().ink.subdued,
                                false,
                            ),
                        )
                    } else {
                        let text = format!("{} ({weapon}) — {}", s.label, state_words(cx.lang, &s));
                        egui::Button::selectable(false, text)
                    };
                    if ui
                        .add_enabled(s.unable.is_none() && !used, button)
                        .clicked()
                    {
                        chosen = Some(PickedShooter {
                            name: s.name.clone(),
                            weapon: shot_weapon(w),
                            soldier: s.soldier.clone(),
                            wounds_left: s.wounds_left,
                            strength: s.derived.profile.strength,
                            once_a_turn: data.weapon(&w.id).is_some_and(|x| x.fires_once_a_turn()),
                            from: Some(CharRef::new(s.campaign.clone(), s.id)),
                            combi: combi_of(data, &s.soldier, w),
                        });
                    }
                }
            }
        })
        .response
        .labelled_by(l.id);
    chosen
}

/// A target's T, armour save (none when no roll can make it) and the dice
/// the save is rolled on (2D6 for a Terminator, KT-19).
pub type TargetProfile = (i64, Option<i64>, i64);

/// A combo of the campaigns' soldiers as targets: picking one gives his T,
/// his armour save and its dice, and where the damage goes. One who cannot
/// fight is greyed out with the reason.
pub fn pick_campaign_target(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    current: Option<&CharRef>,
) -> Option<(TargetProfile, CampaignTarget)> {
    let mut chosen = None;
    let label = cx.t("battle.take_target_campaign");
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(soldier_shown(cx, current))
        .show_ui(ui, |ui| {
            let all = campaign_soldiers(cx);
            if all.is_empty() {
                ui.label(
                    RichText::new(cx.t("battle.no_campaign_soldiers")).color(palette().ink.subdued),
                );
            }
            for s in all {
                let text = format!("{} — {}", s.label, state_words(cx.lang, &s));
                if ui
                    .add_enabled(s.unable.is_none(), egui::Button::selectable(false, text))
                    .clicked()
                {
                    chosen = Some((
                        target_profile(&s.derived.profile),
                        CampaignTarget {
                            campaign: s.campaign.clone(),
                            id: s.id,
                            name: s.name.clone(),
                            wounds_left: s.wounds_left,
                            soldier: s.soldier.clone(),
                        },
                    ));
                }
            }
        })
        .response
        .labelled_by(l.id);
    chosen
}

/// The campaign target's wounds left and the chance that the attack takes
/// them all (he is out of action), from the distribution of damage.
pub fn target_state_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    target: &CampaignTarget,
    damage: &[f64],
) {
    let left = target.wounds_left as usize;
    let all: f64 = damage.iter().skip(left.max(1)).sum();
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Info,
            &cx.f(
                "battle.kt.target_left",
                &[
                    ("name", &target.name),
                    ("count", &target.wounds_left.to_string()),
                ],
            ),
        );
        badge(
            ui,
            Tone::Dead,
            &cx.f(
                "battle.kt.target_down",
                &[("name", &target.name), ("p", &percent(all))],
            ),
        );
    });
}
