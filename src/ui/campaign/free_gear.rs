//! A kill-team soldier's free special item and ribbon (KT-5): picked for a
//! recruit bought by kind, and given later to a soldier who has none (one
//! recruited or carried over without them). Every item and ribbon of the
//! data is listed; those the rules refuse him are greyed out with why.

use egui_material_icons::icons;

use crate::rules::campaign::ReinforcementEdit;
use crate::rules::campaign::queries;
use crate::rules::campaign::recruit;
use crate::rules::campaign::{
    Campaign, CampaignCharacter, CampaignEdit, Escort, Member, with_free_gear,
};
use crate::rules::killteam::{Carried, ItemId, RibbonId, Soldier, item_refusal, ribbon_refusal};
use crate::ui::campaign::parts::{Buy, edit};
use crate::ui::context::ViewCtx;
use crate::ui::killteam::parts::{Choice, choice_names, picker_ui};
use crate::ui::widgets::icon_button;

/// "None for now", first of each list.
fn none(cx: &ViewCtx<'_>) -> Choice {
    Choice {
        id: String::new(),
        name: cx.t("campaign.ui.recruit_no_gear").to_owned(),
        detail: String::new(),
        refusal: None,
    }
}

/// Every special item of the data for `s`, each with why he may not take
/// it.
fn item_choices(cx: &ViewCtx<'_>, s: &Soldier) -> Vec<Choice> {
    let data = &cx.rules.killteam;
    std::iter::once(none(cx))
        .chain(data.equipment.iter().map(|i| Choice {
            id: i.id.to_string(),
            name: format!("{} ({})", cx.lang.pick(&i.names), i.rule),
            detail: cx.lang.pick(&i.text).to_owned(),
            refusal: item_refusal(data, s, &i.id),
        }))
        .collect()
}

/// Every ribbon of the data for `s`, each with why he may not take it.
fn ribbon_choices(cx: &ViewCtx<'_>, s: &Soldier) -> Vec<Choice> {
    let data = &cx.rules.killteam;
    std::iter::once(none(cx))
        .chain(data.ribbons.iter().map(|r| Choice {
            id: r.id.to_string(),
            name: format!("{} ({})", cx.lang.pick(&r.names), r.rule),
            detail: cx.lang.pick(&r.text).to_owned(),
            refusal: ribbon_refusal(data, s, &r.id),
        }))
        .collect()
}

/// One picker of `choices` (`(label, accessible name)`), `picked` shown;
/// the id picked (none: "None for now").
fn pick_ui<Id: From<String>>(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    names: (&str, &str),
    picked: Option<&str>,
    choices: &[Choice],
) -> Option<Option<Id>> {
    let shown = choices
        .iter()
        .find(|x| Some(x.id.as_str()) == picked)
        .map_or_else(|| none(cx).name, |x| x.name.clone());
    let texts = choice_names(choices);
    picker_ui(ui, cx, names, (&shown, &texts), None, choices)
        .map(|id| (!id.is_empty()).then(|| Id::from(id)))
}

/// A soldier recruit's free special item and ribbon (KT-5), for the kind
/// picked; none until picked.
pub(super) fn recruit_gear_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    e: &Escort,
    buy: &mut Buy,
) {
    let Some(kind) = buy.recruit_kind(e.kind) else {
        return;
    };
    let Ok(Member::Soldier(bare)) = recruit::new_recruit(c, e.id, &kind, "?", &cx.rules) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        let label = cx.t("campaign.ui.recruit_item");
        let items = item_choices(cx, &bare);
        let picked = buy.recruit_item.as_ref().map(ItemId::as_str);
        if let Some(id) = pick_ui(ui, cx, (label, label), picked, &items) {
            buy.recruit_item = id;
        }
        let label = cx.t("campaign.ui.recruit_ribbon");
        // Judged with the item picked (RIB-6: a mine and Explosives expert).
        let with_item = match with_free_gear(
            Member::Soldier(bare.clone()),
            buy.recruit_item.as_ref(),
            None,
            &cx.rules.killteam,
        ) {
            Member::Soldier(s) => s,
            Member::Character(_) => bare.clone(),
        };
        let ribbons = ribbon_choices(cx, &with_item);
        if let Some(id) = pick_ui(
            ui,
            cx,
            (label, label),
            buy.recruit_ribbon.as_ref().map(RibbonId::as_str),
            &ribbons,
        ) {
            buy.recruit_ribbon = id;
        }
    });
}

/// The escort's living soldiers who have no special item or no ribbon,
/// each with what he may take (KT-5) and "Give"; nothing when every one
/// has his.
pub(in crate::ui::campaign) fn free_gear_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    e: &Escort,
    buy: &mut Buy,
) {
    let lacking: Vec<(&CampaignCharacter, &Soldier)> = queries::members(c, e.id)
        .filter(|x| x.state.alive())
        .filter_map(|x| match &x.member {
            Member::Soldier(s) if s.items.is_empty() || s.ribbon.is_none() => Some((x, s)),
            _ => None,
        })
        .collect();
    if lacking.is_empty() {
        return;
    }
    ui.label(cx.t("campaign.ui.free_gear_title"));
    for (x, s) in lacking {
        ui.horizontal_wrapped(|ui| {
            ui.label(x.name());
            if s.items.is_empty() {
                let label = cx.t("campaign.ui.recruit_item");
                let name = cx.f("campaign.ui.free_item_for", &[("name", x.name())]);
                let items = item_choices(cx, s);
                let picked = buy.free_item.get(&x.id).map(ItemId::as_str);
                if let Some(id) = pick_ui(ui, cx, (label, &name), picked, &items) {
                    set(&mut buy.free_item, x.id, id);
                }
            }
            // Judged with the item picked beside it (RIB-6).
            let mut with_item = s.clone();
            if let Some(id) = buy.free_item.get(&x.id) {
                with_item.items.push(Carried {
                    item: id.clone(),
                    weapon: None,
                });
            }
            let ribbons = ribbon_choices(cx, &with_item);
            let takes_ribbon = ribbons.iter().skip(1).any(|r| r.refusal.is_none());
            if s.ribbon.is_none() && takes_ribbon {
                let label = cx.t("campaign.ui.recruit_ribbon");
                let name = cx.f("campaign.ui.free_ribbon_for", &[("name", x.name())]);
                let picked = buy.free_ribbon.get(&x.id).map(RibbonId::as_str);
                if let Some(id) = pick_ui(ui, cx, (label, &name), picked, &ribbons) {
                    set(&mut buy.free_ribbon, x.id, id);
                }
            }
            let (item, ribbon) = (buy.free_item.get(&x.id), buy.free_ribbon.get(&x.id));
            let go = cx.t("campaign.ui.free_gear_give");
            let named = cx.f("campaign.ui.free_gear_give_to", &[("name", x.name())]);
            let some = item.is_some() || ribbon.is_some();
            let writable = !cx.model.folder.read_only;
            if icon_button(ui, icons::ICON_REDEEM, go, &named, some && writable).clicked() {
                cx.send(edit(
                    &c.id,
                    CampaignEdit::Reinforcements(ReinforcementEdit::FreeGear {
                        character: x.id,
                        item: item.cloned(),
                        ribbon: ribbon.cloned(),
                    }),
                ));
                buy.free_item.remove(&x.id);
                buy.free_ribbon.remove(&x.id);
            }
        });
    }
}

/// `id` picked for `who`, or forgotten when "None for now" is.
fn set<Id>(
    map: &mut std::collections::BTreeMap<crate::rules::campaign::CharId, Id>,
    who: crate::rules::campaign::CharId,
    id: Option<Id>,
) {
    match id {
        Some(id) => map.insert(who, id),
        None => map.remove(&who),
    };
}
