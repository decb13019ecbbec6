//! The kill-team shooting mode's fighters from a campaign's escorts: the
//! soldiers of the kill teams a campaign took in, as the campaign holds
//! them now — their derived profile and weapons (equipment and ribbon
//! counted), their wounds left at the table of the mission being played.
//! The dead, the missing and those out of action cannot be picked; a target
//! picked here is where "Apply to campaign" sends the damage.

use egui::RichText;
use egui_material_icons::icons;

use crate::i18n::Lang;
use crate::rules::campaign::{Campaign, CharId, Member};
use crate::rules::core::names::name_in;
use crate::rules::killteam::{Derived, Soldier, WeaponLine, derive};
use crate::rules::scenario::KtWeapon;
use crate::ui::battle::parts::percent;
use crate::ui::context::ViewCtx;
use crate::ui::theme::PALETTE;
use crate::ui::widgets::{Tone, badge, icon_and_text};

/// A kill-team soldier of a campaign's escort.
pub struct CampaignSoldier {
    /// The campaign's id.
    pub campaign: String,
    /// His id in the campaign.
    pub id: CharId,
    /// "campaign › soldier".
    pub label: String,
    /// His name.
    pub name: String,
    /// The soldier as the campaign holds him.
    pub soldier: Soldier,
    /// His profile and weapons with everything he carries counted.
    pub derived: Derived,
    /// His wounds left at the table.
    pub wounds_left: u32,
    /// Why he cannot fight (dead, missing, out of action), as a locale key.
    pub unable: Option<&'static str>,
    /// The single-use items struck off at the table (used up).
    pub struck: Vec<String>,
}

impl CampaignSoldier {
    /// Whether a weapon came with an item struck off at the table: used
    /// up, it cannot be fired again.
    pub fn used(&self, w: &WeaponLine) -> bool {
        w.item.as_ref().is_some_and(|i| self.struck.contains(i))
    }
}

/// A shooter picked from a kill team or a campaign's escort.
pub struct PickedShooter {
    /// His name.
    pub name: String,
    /// His weapon as it fires.
    pub weapon: KtWeapon,
    /// The soldier, for his ribbon and his actions (RIB-10, RIB-11).
    pub soldier: Soldier,
    /// His wounds left.
    pub wounds_left: u32,
    /// His weapon is a heavy weapon that fires once a turn (KT-15).
    pub once_a_turn: bool,
    /// The campaign character he is, when picked from a campaign's escort:
    /// (campaign, character).
    pub from: Option<crate::rules::CharRef>,
    /// The other barrel of his combi-weapon (EQ-4): its id and how it
    /// fires, when the weapon picked is part of one.
    pub combi: Option<(String, KtWeapon)>,
}

/// The other barrel of `s`'s combi-weapon when `w` is part of it (EQ-4).
pub fn combi_of(
    data: &crate::rules::killteam::KillTeamData,
    s: &Soldier,
    w: &crate::rules::killteam::WeaponLine,
) -> Option<(String, KtWeapon)> {
    crate::rules::killteam::shot_gear::combi_partner(data, s, &w.id)
        .map(|o| (o.id.clone(), KtWeapon::of(&o)))
}

/// The campaign soldier picked as the target: where the damage goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignTarget {
    /// The campaign's id.
    pub campaign: String,
    /// His id in the campaign.
    pub id: CharId,
    /// His name.
    pub name: String,
    /// His wounds left when picked.
    pub wounds_left: u32,
    /// The soldier: his equipment and ribbon count in the shot (EQ-16).
    pub soldier: Soldier,
}

/// Every kill-team soldier of every campaign's escorts: the campaign's own
/// copies, with the wounds taken at the table of the mission being played.
pub fn campaign_soldiers(cx: &ViewCtx<'_>) -> Vec<CampaignSoldier> {
    cx.model
        .docs
        .iter()
        .filter_map(crate::rules::Doc::get::<Campaign>)
        .flat_map(|c| soldiers_in(cx, c, None))
        .collect()
}

/// The kill-team soldiers of one campaign's escorts (only the one of id
/// `only`, when given), as the campaign holds them now.
pub fn soldiers_in(cx: &ViewCtx<'_>, c: &Campaign, only: Option<CharId>) -> Vec<CampaignSoldier> {
    let model = cx.model;
    let mut out = Vec::new();
    for x in c
        .characters
        .iter()
        .filter(|x| only.is_none_or(|id| x.id == id))
    {
        let Member::Soldier(s) = &x.member else {
            continue;
        };
        // As he plays at the table: what he looted in place of his own
        // (RIB-13).
        let s = &c.soldier_at_table(x.id).unwrap_or_else(|| s.clone());
        let Ok(derived) = derive(&model.rules.killteam, s) else {
            continue;
        };
        let table = c.table.as_ref();
        let taken = table
            .and_then(|t| t.wounds.get(&x.id).copied())
            .unwrap_or(0);
        let out_of_action = table.is_some_and(|t| t.out_of_action.contains(&x.id));
        let struck = table
            .map(|t| {
                t.struck
                    .iter()
                    .filter(|(who, _)| *who == x.id)
                    .map(|(_, item)| item.clone())
                    .collect()
            })
            .unwrap_or_default();
        let wounds_left = u32::try_from(derived.profile.wounds.max(0))
            .unwrap_or(0)
            .saturating_sub(taken);
        let unable = if !x.state.alive() {
            Some(x.state.key())
        } else if out_of_action || wounds_left == 0 {
            Some("battle.out_of_action")
        } else {
            None
        };
        out.push(CampaignSoldier {
            campaign: c.id.clone(),
            id: x.id,
            label: format!("{} › {}", c.name, x.name()),
            name: x.name().to_owned(),
            soldier: s.clone(),
            derived,
            wounds_left,
            unable,
            struck,
        });
    }
    out
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
fn soldier_shown(cx: &ViewCtx<'_>, current: Option<&crate::rules::CharRef>) -> String {
    current
        .and_then(|r| {
            campaign_soldiers(cx)
                .into_iter()
                .find(|s| s.campaign == r.doc && s.id == r.id)
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
    current: Option<&crate::rules::CharRef>,
) -> Option<PickedShooter> {
    let model = cx.model;
    let lang = cx.lang;
    let data = &model.rules.killteam;
    let mut chosen = None;
    let label = lang.t("battle.take_shooter_campaign");
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(soldier_shown(cx, current))
        .show_ui(ui, |ui| {
            let all = campaign_soldiers(cx);
            if all.is_empty() {
                ui.label(
                    RichText::new(lang.t("battle.no_campaign_soldiers"))
                        .color(PALETTE.text_subdued),
                );
            }
            for s in all {
                for w in s.derived.weapons.iter().filter(|w| w.range_inches > 0) {
                    let weapon = data
                        .weapon(&w.id)
                        .map_or(w.id.as_str(), |x| name_in(&x.names, lang.code(), &x.id));
                    let used = s.used(w);
                    let button = if used {
                        let item = w
                            .item
                            .as_deref()
                            .and_then(|i| data.item(i))
                            .map_or(weapon, |i| name_in(&i.names, lang.code(), &i.id));
                        let words = lang.f("battle.weapon_used", &[("item", item)]);
                        let text = format!("{} ({weapon}) — {words}", s.label);
                        egui::Button::selectable(
                            false,
                            icon_and_text(
                                ui,
                                icons::ICON_BLOCK,
                                &text,
                                PALETTE.text_subdued,
                                false,
                            ),
                        )
                    } else {
                        let text = format!("{} ({weapon}) — {}", s.label, state_words(lang, &s));
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
                            once_a_turn: data.weapon(&w.id).is_some_and(|x| x.fires_once_a_turn()),
                            from: Some(crate::rules::CharRef::new(s.campaign.clone(), s.id)),
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

/// A kill-team profile as a target (KT-16, KT-19).
pub fn target_profile(p: &crate::rules::killteam::data::KtProfile) -> TargetProfile {
    let dice = p.save_dice.clamp(1, 3);
    let save = (p.save <= 6 * i32::try_from(dice).unwrap_or(1)).then_some(i64::from(p.save));
    (i64::from(p.toughness), save, i64::from(dice))
}

/// A combo of the campaigns' soldiers as targets: picking one gives his T,
/// his armour save and its dice, and where the damage goes. One who cannot
/// fight is greyed out with the reason.
pub fn pick_campaign_target(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    current: Option<&crate::rules::CharRef>,
) -> Option<(TargetProfile, CampaignTarget)> {
    let lang = cx.lang;
    let mut chosen = None;
    let label = lang.t("battle.take_target_campaign");
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(soldier_shown(cx, current))
        .show_ui(ui, |ui| {
            let all = campaign_soldiers(cx);
            if all.is_empty() {
                ui.label(
                    RichText::new(lang.t("battle.no_campaign_soldiers"))
                        .color(PALETTE.text_subdued),
                );
            }
            for s in all {
                let text = format!("{} — {}", s.label, state_words(lang, &s));
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
pub fn target_state_ui(ui: &mut egui::Ui, lang: Lang, target: &CampaignTarget, damage: &[f64]) {
    let left = target.wounds_left as usize;
    let all: f64 = damage.iter().skip(left.max(1)).sum();
    ui.horizontal_wrapped(|ui| {
        badge(
            ui,
            Tone::Info,
            &lang.f(
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
            &lang.f(
                "battle.kt.target_down",
                &[("name", &target.name), ("p", &percent(all))],
            ),
        );
    });
}
