//! The Thief on the table (RIB-13): what he took, by icon and word, and a
//! "Loot…" menu of what each fallen model leaves; a pick is one event.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::ItemEdit;
use crate::rules::campaign::enemy;
use crate::rules::campaign::loot;
use crate::rules::campaign::loot::LootPick;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CampaignCharacter, CampaignEdit, CharId, Fighter, Table};
use crate::rules::core::names::name_in;
use crate::rules::killteam::Soldier;
use crate::rules::killteam::data::Grant;
use crate::ui::campaign::parts::edit;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{Tone, badge, icon_button};

/// A loot's name in the reader's language.
fn pick_name(cx: &ViewCtx<'_>, pick: &LootPick) -> String {
    let data = &cx.rules.killteam;
    let lang = cx.lang.code();
    match pick {
        LootPick::Weapon(w) => data.weapon(w).map_or_else(
            || w.to_string(),
            |x| name_in(&x.names, lang, w.as_str()).to_owned(),
        ),
        LootPick::Item(i) => data.item(i).map_or_else(
            || i.to_string(),
            |x| name_in(&x.names, lang, i.as_str()).to_owned(),
        ),
    }
}

/// Whether the soldier's ribbon makes him a Thief (RIB-13).
pub(super) fn thief(data: &crate::rules::killteam::data::KillTeamData, s: &Soldier) -> bool {
    s.ribbon
        .as_ref()
        .and_then(|r| data.ribbon(r))
        .is_some_and(|r| r.grants.iter().any(|g| matches!(g, Grant::Loot { .. })))
}

/// A fallen model's name: a character's, or a drawn enemy's.
fn fallen_name(cx: &ViewCtx<'_>, c: &Campaign, id: CharId) -> String {
    match Fighter::of(id) {
        Fighter::Enemy(i) => name_in(&enemy::names(c, i), cx.lang.code(), "?").to_owned(),
        Fighter::Named(i) => {
            name_in(&named::names(c, i, &cx.rules), cx.lang.code(), "?").to_owned()
        }
        Fighter::Character(_) => {
            queries::character(c, id).map_or_else(String::new, |x| x.name().to_owned())
        }
    }
}

/// A Thief's loot: his badge, and "Loot…" while a fallen model leaves
/// something.
pub(super) fn loot_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, table): (&Campaign, &Table),
    x: &CampaignCharacter,
    s: &Soldier,
) {
    let data = &cx.rules.killteam;
    if !thief(data, s) {
        return;
    }
    if let Some(l) = table.loot.get(&x.id) {
        let took: Vec<String> = [
            l.weapon.clone().map(LootPick::Weapon),
            l.item.clone().map(LootPick::Item),
        ]
        .into_iter()
        .flatten()
        .map(|p| pick_name(cx, &p))
        .collect();
        badge(
            ui,
            Tone::Info,
            &cx.f("kt.loot.badge", &[("what", &took.join(", "))]),
        );
    }
    let offers: Vec<(CharId, Vec<LootPick>)> = table
        .fell
        .keys()
        .filter(|id| **id != x.id)
        .map(|id| (*id, loot::loot_of(c, *id, &cx.rules)))
        .filter(|(_, picks)| !picks.is_empty())
        .collect();
    if offers.is_empty() || table.out_of_action.contains(&x.id) {
        return;
    }
    let word = cx.t("kt.loot.open");
    let named = cx.f("kt.loot.open_named", &[("name", x.name())]);
    let r = icon_button(
        ui,
        icons::ICON_BACKPACK,
        word,
        &named,
        !cx.model.folder.read_only,
    )
    .on_hover_text(cx.t("kt.loot.hint"));
    egui::Popup::menu(&r).show(|ui| {
        for (from, picks) in offers {
            let who = fallen_name(cx, c, from);
            ui.label(RichText::new(&who).strong().color(palette().ink.text));
            for pick in picks {
                let what = pick_name(cx, &pick);
                let named = cx.f(
                    "kt.loot.take_named",
                    &[("name", x.name()), ("what", &what), ("from", &who)],
                );
                let b = ui
                    .add(egui::Button::new(cx.f("kt.loot.take", &[("what", &what)])).frame(false));
                b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &named));
                if b.clicked() {
                    cx.send(edit(
                        c.id.as_str(),
                        CampaignEdit::Items(ItemEdit::Loot {
                            character: x.id,
                            from,
                            pick: pick.clone(),
                        }),
                    ));
                    ui.close();
                }
            }
        }
    });
}
