//! Fighters taken from a roster or a campaign's escorts: the character
//! picked and his gear, the combos that pick him, his "is a character"
//! tick, and a fighter card's title.

use egui::RichText;

use crate::i18n::Lang;
use crate::rules::battle::from_table::{CampaignFighter, fighters_in};
use crate::rules::campaign::Campaign;
use crate::rules::{CharRef, Characteristic, Doc, Gear, Profile};
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets;
use crate::ui::widgets::Tone;

/// A Rogue Trader character picked as a fighter: his name, his profile,
/// and the equipment he brings (his weapon in hand, CC-4, and his armour).
pub struct Picked {
    /// His name.
    pub(crate) name: String,
    /// His profile (W: wounds left, for a campaign's character).
    pub(crate) profile: Profile,
    /// His equipment, as his roster lists it.
    pub(crate) equipment: Vec<Gear>,
    /// Where his wounds go, when he comes from a campaign: (campaign,
    /// character).
    pub(crate) from: Option<CharRef>,
}

/// Every Rogue Trader character of every campaign's escorts (kill-team
/// soldiers have no Rogue Trader profile): the campaign's own copies, with
/// the wounds taken at the table of the mission being played.
pub fn campaign_fighters(cx: &ViewCtx<'_>) -> Vec<CampaignFighter> {
    cx.model
        .library
        .docs
        .iter()
        .filter_map(Doc::get::<Campaign>)
        .flat_map(|c| fighters_in(c, &cx.rules, None))
        .collect()
}

/// A combo of the campaigns' characters: one who cannot fight is shown
/// greyed out with the reason; picking one gives his name and profile.
pub fn pick_campaign_fighter(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    current: Option<&CharRef>,
) -> Option<Picked> {
    let mut chosen = None;
    {
        let l = ui.label(label);
        // The fighter taken shows in the combo, not "Choose…".
        let shown = current.and_then(|r| {
            campaign_fighters(cx)
                .into_iter()
                .find(|f| &f.from == r)
                .map(|f| f.label)
        });
        egui::ComboBox::from_id_salt(label)
            .selected_text(shown.unwrap_or_else(|| cx.t("kt.choose").to_owned()))
            .show_ui(ui, |ui| {
                let all = campaign_fighters(cx);
                if all.is_empty() {
                    ui.label(
                        RichText::new(cx.t("battle.no_campaign_fighters"))
                            .color(palette().ink.subdued),
                    );
                }
                for f in all {
                    let text = match f.unable {
                        Some(why) => format!("{} — {}", f.label, cx.t(why)),
                        None => format!(
                            "{} — {}",
                            f.label,
                            cx.f(
                                "battle.wounds_left",
                                &[("count", &f.profile.get(Characteristic::W).to_string())]
                            )
                        ),
                    };
                    if ui
                        .add_enabled(f.unable.is_none(), egui::Button::selectable(false, text))
                        .clicked()
                    {
                        chosen = Some(Picked {
                            name: f.name,
                            profile: f.profile,
                            equipment: f.equipment,
                            from: Some(f.from),
                        });
                    }
                }
            })
            .response
            .labelled_by(l.id);
    }
    chosen
}

/// The "is a character" tick of a fighter (CHR-15). The summary follows a
/// fighter from roll to roll by his side and name: a character left
/// unnamed is asked for a name, lest two unnamed ones count as one.
pub fn character_tick_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    ticked: &mut bool,
    label: &str,
    name: &str,
) {
    ui.checkbox(ticked, label);
    if *ticked && name.trim().is_empty() {
        widgets::alert(ui, Tone::Info, cx.t("battle.side.name_him"));
    }
}

/// A combo of every character of every roster; picking one gives his name
/// and current profile.
pub fn pick_character(ui: &mut egui::Ui, cx: &ViewCtx<'_>, label: &str) -> Option<Picked> {
    let model = cx.model;
    let mut chosen = None;
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(label)
        .selected_text(cx.t("kt.choose"))
        .show_ui(ui, |ui| {
            for roster in model.rosters() {
                for c in roster.characters.iter() {
                    if ui
                        .selectable_label(false, format!("{} — {}", c.name, roster.name))
                        .clicked()
                        && let Ok(profile) = c.profile(&cx.rules)
                    {
                        chosen = Some(Picked {
                            name: c.name.clone(),
                            profile,
                            equipment: c.equipment.clone(),
                            from: None,
                        });
                    }
                }
            }
        })
        .response
        .labelled_by(l.id);
    chosen
}

/// A fighter card's title: its side ("Attacker"), and his name once he
/// has one ("Attacker: Inquisitor Vael").
pub fn side_title(lang: Lang, side_key: &str, name: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        lang.t(side_key).to_owned()
    } else {
        lang.f(
            "battle.side_named",
            &[("side", lang.t(side_key)), ("name", name)],
        )
    }
}
