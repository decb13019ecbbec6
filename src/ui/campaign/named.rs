//! The table's cards of the models the mission names (the traitor contact,
//! the enemy leader, the Nemesis …): what the mission says of each and,
//! when the data says how he fights, his profile, save and weapons (or
//! the faction's table line he fights as), his wound boxes, out of action
//! and the fights the picked attacker can make against him, as a drawn
//! enemy's card offers them.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::CharRef;
use crate::rules::campaign::named;
use crate::rules::campaign::{Campaign, Fighter};
use crate::rules::core::names::name_in;
use crate::ui::campaign::cards::{enemy_fighter_ui, fighter_title_ui, out_button_ui, wounds_ui};
use crate::ui::campaign::fight::{FightRefusals, fight_buttons_ui};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{HintPlace, card, card_rows, card_title};

/// A card for each model the mission names, under their title; nothing
/// when it names none.
pub(super) fn named_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    (attacker, refused): (&mut Option<CharRef>, &FightRefusals),
) {
    let count = named::models(c, &cx.rules).len();
    if count == 0 {
        return;
    }
    ui.add_space(space::M);
    ui.horizontal(|ui| {
        card_title(ui, icons::ICON_PERSON_PIN, cx.t("campaign.ui.named_title"));
    });
    card_rows(ui, (("named", c.id.as_str()), 280.0), 0..count, |ui, i| {
        named_card_ui(ui, cx, c, i, (attacker, refused));
    });
}

/// One named model's card.
fn named_card_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    i: usize,
    (attacker, refused): (&mut Option<CharRef>, &FightRefusals),
) {
    let rules = &cx.rules;
    let Some(n) = named::model(c, i, rules) else {
        return;
    };
    let name = name_in(&n.names, cx.lang.code(), &n.id).to_owned();
    let out = named::out(c, i);
    let fighter = named::fighter(c, i, rules);
    card(ui, |ui| {
        ui.set_width(280.0);
        ui.vertical(|ui| {
            fighter_title_ui(ui, cx, &name, out, fighter.is_some());
            ui.add(egui::Label::new(cx.lang.pick(&n.text)).wrap());
            let Some(f) = fighter else {
                let text = cx.t("campaign.ui.named_not_fought");
                ui.add(egui::Label::new(RichText::new(text).color(palette().ink.subdued)).wrap());
                return;
            };
            if let Some(line) = named::line(c, i, rules) {
                let line = name_in(&line.names, cx.lang.code(), line.entry_type.as_str());
                let text = cx.f("campaign.ui.named_profile_of", &[("line", line)]);
                ui.add(egui::Label::new(RichText::new(text).color(palette().ink.subdued)).wrap());
            }
            enemy_fighter_ui(ui, cx, f);
            let id = Fighter::Named(i).id();
            let max = named::wounds(c, i, rules).unwrap_or(1);
            wounds_ui(ui, cx, c, (id, &name), max, named::taken(c, i));
            let me = CharRef::new(c.id.clone(), id);
            ui.horizontal_wrapped(|ui| {
                let why_not = out.then(|| cx.t("campaign.ui.fight.attack_out"));
                let at = (attacker, HintPlace::Card);
                fight_buttons_ui(ui, cx, at, &me, &name, (why_not, !out, refused));
                out_button_ui(ui, cx, c, id, &name, out);
            });
        });
    });
}
