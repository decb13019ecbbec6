//! A soldier's single-use items on his table card (EQ-6, EQ-10, EQ-11,
//! EQ-15, EQ-23, KT-11): struck once used (a checkbox for a correction by
//! hand), "Use" with a small target picker and a die typed or rolled, a
//! laid mine that goes off on a model picked, "Recharge" for a used one,
//! and what the last use did. Every click is one campaign event.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::ItemEdit;
use crate::rules::campaign::item_use;
use crate::rules::campaign::loot;
use crate::rules::campaign::{
    Campaign, CampaignCharacter, CampaignEdit, CharId, Fighter, RECHARGE, Table,
};
use crate::rules::core::dice::{Roll, amount_dice};
use crate::rules::core::names::name_in;
use crate::rules::core::problem::ProblemKind;
use crate::rules::killteam::ItemId;
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::data::{Item, ItemUse};
use crate::rules::killteam::item_use::effect_msg;
use crate::rules::{campaign, killteam};
use crate::ui::campaign::actions;
use crate::ui::campaign::dice::typed_die;
use crate::ui::campaign::parts::edit;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{HintBeside, Tone, alert, hover_text_beside, icon_and_text, icon_button};

/// The item whose target picker is open, kept in egui's memory: one at a
/// time, on the table.
#[derive(Clone, Default)]
struct Picking {
    /// The bearer and the item.
    open: Option<(CharId, ItemId)>,
    /// The die typed in, empty for Muster's.
    die: String,
}

fn picking_id() -> egui::Id {
    egui::Id::unique("cmp-item-picking")
}

/// "Dazzled: cannot move, -1 to hit, this turn" on a model's card, by icon
/// and word, while the flash grenade's turn lasts (EQ-10).
pub(super) fn dazzled_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, table: &Table, id: CharId) {
    if table.dazzled_now(id) {
        let job = icon_and_text(
            ui,
            icons::ICON_FLARE,
            cx.t("campaign.ui.dazzled"),
            palette().state.warning,
            true,
        );
        ui.add(egui::Label::new(job).wrap());
    }
}

/// A character's single-use items: struck once used, each with what it
/// can do now.
pub(super) fn items_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    table: &Table,
    x: &CampaignCharacter,
) {
    for item in x.member.items(&cx.rules) {
        let struck = table.struck.contains(&(x.id, item.clone()));
        let data = cx.rules.killteam.item(&item);
        let item_name = data.map_or(item.as_str(), |i| {
            name_in(&i.names, cx.lang.code(), i.id.as_str())
        });
        let mut why_not = None;
        ui.horizontal_wrapped(|ui| {
            let mut used = struck;
            let text = cx.f("campaign.ui.item_used", &[("item", item_name)]);
            let shown = if struck {
                RichText::new(&text).strikethrough()
            } else {
                RichText::new(&text)
            };
            if ui.checkbox(&mut used, shown).changed() {
                cx.send(edit(
                    c.id.as_str(),
                    CampaignEdit::Items(ItemEdit::StrikeItem {
                        character: x.id,
                        item: item.clone(),
                        struck: used,
                    }),
                ));
            }
            if let Some((it, u)) = data.and_then(|i| i.usage.as_ref().map(|u| (i, u))) {
                why_not = use_buttons_ui(ui, cx, c, table, x, (it, u, item_name));
            }
            // RIB-6: an item carried twice, after the buttons (which never
            // move under the mouse).
            let count = loot::soldier_at_table(c, x.id).map_or(1, |s| {
                killteam::carried_count(&cx.rules.killteam, &s, &item)
            });
            let uses = table.uses_of(x.id, &item);
            if count > 1 && !struck {
                let left = cx.f(
                    "campaign.ui.item_left",
                    &[
                        ("left", &(count - uses).to_string()),
                        ("count", &count.to_string()),
                    ],
                );
                ui.label(RichText::new(left).color(palette().ink.subdued));
            }
        });
        // Why it cannot be used now: a sentence of its own under the
        // buttons, never wrapped beside them.
        if let Some(why) = why_not {
            ui.add(egui::Label::new(RichText::new(why).color(palette().ink.subdued)).wrap());
        }
        let Some((it, u)) = data.and_then(|i| i.usage.as_ref().map(|u| (i, u))) else {
            continue;
        };
        picker_ui(ui, cx, c, x, (it, u, item_name));
        result_ui(ui, cx, (c, table), x, it);
    }
}

/// "Use" (or "Lay"), "… goes off on…" for a laid mine, "Recharge" for a
/// used item; why "Use" is greyed, for the line under them.
fn use_buttons_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    table: &Table,
    x: &CampaignCharacter,
    (it, u, item_name): (&Item, &ItemUse, &str),
) -> Option<String> {
    let struck = table.struck.contains(&(x.id, it.id.clone()));
    let who = [("item", item_name), ("character", x.name())];
    let live = !cx.model.folder.read_only;
    let out = table.out_of_action.contains(&x.id);
    // "Use" stays where it is, greyed once used: what a use adds comes
    // after it, never under the mouse that clicked it.
    let (word, named) = if u.laid {
        ("campaign.ui.lay_item", "campaign.ui.lay_item_named")
    } else {
        ("campaign.ui.use_item", "campaign.ui.use_item_named")
    };
    let hint = if it.action {
        "campaign.ui.costs_action"
    } else {
        "campaign.ui.item_no_action"
    };
    let hint = format!("{} {}", cx.t(hint), cx.t("campaign.ui.use_item_hint"));
    let named = cx.f(named, &who);
    // KT-9: an item that costs an action waits for one (EQ-6, EQ-10 …).
    let act = if it.grenade {
        Act::Grenade
    } else {
        Act::UseItem
    };
    let no_action = it
        .action
        .then(|| actions::refusal(cx, c, (x.id, act)))
        .flatten()
        // EQ-11: a mine is laid in its bearer's activation.
        .or_else(|| {
            u.laid
                .then(|| item_use::laying_in_activation(c, x.id, (it, x.name()), &cx.rules).err())
                .flatten()
                .map(|p| cx.lang.problem_line(&p))
        });
    let r = icon_button(
        ui,
        icons::ICON_BOLT,
        cx.t(word),
        &named,
        live && !out && !struck && no_action.is_none(),
    )
    .hint_beside(&hint);
    if r.clicked() {
        if u.laid {
            cx.send(edit(
                c.id.as_str(),
                CampaignEdit::Items(ItemEdit::UseItem {
                    character: x.id,
                    item: it.id.clone(),
                    target: None,
                    roll: None,
                }),
            ));
        } else {
            open_picker(ui, x.id, &it.id);
        }
    }
    if table.laid.contains(&(x.id, it.id.clone())) {
        goes_off_ui(ui, cx, c, x, (it, &who));
    }
    if item_use::rechargeable(c, x.id, &it.id, &cx.rules) {
        recharge_button_ui(ui, cx, c, x, (it, &who));
    }
    no_action.filter(|_| !struck && !out)
}

/// "Mine goes off on…" for an item laid (EQ-11), greyed with why until the
/// activation that laid it is over.
fn goes_off_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    (it, who): (&Item, &[(&str, &str); 2]),
) {
    let live = !cx.model.folder.read_only;
    let word = cx.f("campaign.ui.goes_off", &who[..1]);
    let named = cx.f("campaign.ui.goes_off_named", who);
    // EQ-11: from the end of the activation that laid it.
    let waits = item_use::mine_armed(c, x.id, &it.id, &cx.rules).err();
    let r = icon_button(
        ui,
        icons::ICON_CRISIS_ALERT,
        &word,
        &named,
        live && waits.is_none(),
    );
    // EQ-11: why it waits, read at the table's size, on a line of its
    // own under the button.
    if let Some(p) = &waits {
        ui.end_row();
        ui.add(
            egui::Label::new(
                RichText::new(format!(
                    "{} {}",
                    icons::ICON_HOURGLASS_TOP.codepoint,
                    cx.lang.problem_line(p)
                ))
                .color(palette().ink.subdued),
            )
            .wrap(),
        );
    }
    if r.clicked() {
        open_picker(ui, x.id, &it.id);
    }
}

/// "Recharge (2 CP)" for a used item: the stratagem, one event (KT-11).
fn recharge_button_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    (it, who): (&Item, &[(&str, &str); 2]),
) {
    let live = !cx.model.folder.read_only;
    let cost = cx
        .rules
        .killteam
        .command
        .stratagems
        .iter()
        .find(|s| s.id == RECHARGE)
        .map(|s| s.cost);
    if let Some(cost) = cost {
        let word = cx.f("campaign.ui.recharge", &[("cost", &cost.to_string())]);
        let named = cx.f("campaign.ui.recharge_named", who);
        if icon_button(ui, icons::ICON_REPLAY, &word, &named, live)
            .hint_beside(cx.t("campaign.ui.recharge_hint"))
            .clicked()
        {
            cx.send(edit(
                c.id.as_str(),
                CampaignEdit::Items(ItemEdit::Recharge {
                    character: x.id,
                    item: it.id.clone(),
                    cost: None,
                }),
            ));
        }
    }
}

/// "Reroll the dice (1 CP)" under the result of an item just used (KT-11),
/// while nothing else has happened since; greyed, saying why, when the
/// team lacks the points.
fn reroll_item_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    it: &Item,
) {
    let rules = &cx.rules;
    let allowed = item_use::may_reroll_item(c, x.id, &it.id, rules);
    // Only the last event's dice: otherwise there is nothing to offer.
    if let Err(p) = &allowed
        && p.kind != ProblemKind::TeamLacksPoints
    {
        return;
    }
    let cost = campaign::reroll_cost(rules).to_string();
    let item = name_in(&it.names, cx.lang.code(), it.id.as_str());
    let word = cx.f("campaign.ui.reroll_item", &[("cost", &cost)]);
    let named = cx.f(
        "campaign.ui.reroll_item_named",
        &[("item", item), ("character", x.name()), ("cost", &cost)],
    );
    ui.horizontal_wrapped(|ui| {
        let live = !cx.model.folder.read_only && allowed.is_ok();
        if icon_button(ui, icons::ICON_REPLAY, &word, &named, live)
            .hint_beside(cx.t("campaign.ui.reroll_item_hint"))
            .clicked()
        {
            cx.send(edit(
                c.id.as_str(),
                CampaignEdit::Items(ItemEdit::RerollItem {
                    character: x.id,
                    item: it.id.clone(),
                    roll: None,
                    cost: None,
                }),
            ));
        }
        if let Err(p) = &allowed {
            ui.label(
                RichText::new(cx.lang.problem_line(p))
                    .small()
                    .color(palette().ink.subdued),
            );
        }
    });
}

/// Opens the target picker of the bearer's item (one at a time).
fn open_picker(ui: &egui::Ui, bearer: CharId, item: &ItemId) {
    ui.data_mut(|d| {
        d.insert_temp(
            picking_id(),
            Picking {
                open: Some((bearer, item.clone())),
                die: String::new(),
            },
        );
    });
}

/// The small target picker under an item's row: its reach, the die typed
/// (empty: Muster rolls), a button per model it may be used on, Cancel.
fn picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    (it, u, item_name): (&Item, &ItemUse, &str),
) {
    let mut state: Picking = ui.data(|d| d.get_temp(picking_id()).unwrap_or_default());
    if state.open.as_ref() != Some(&(x.id, it.id.clone())) {
        return;
    }
    let who = [("item", item_name), ("character", x.name())];
    let sides = match u.amount.as_ref().map(amount_dice) {
        Some(Ok(Err(d))) if d.count == 1 => Some(d.sides),
        _ => None,
    };
    let mut close = false;
    egui::Frame::new()
        .stroke(egui::Stroke::new(1.0, palette().ink.accent))
        .corner_radius(egui::CornerRadius::same(4))
        .inner_margin(egui::Margin::same(space::S as i8))
        .show(ui, |ui| {
            ui.add(
                egui::Label::new(
                    RichText::new(cx.f(
                        "campaign.ui.pick_target",
                        &[("range", &u.range_inches.to_string())],
                    ))
                    .color(palette().ink.subdued),
                )
                .wrap(),
            );
            let (die, bad) = match sides {
                Some(s) => die_field_ui(ui, cx, (&who, s), &mut state.die),
                None => (None, false),
            };
            close = targets_ui(ui, cx, c, x, (it, u, item_name), (die, bad));
        });
    if close {
        state = Picking::default();
    }
    ui.data_mut(|d| d.insert_temp(picking_id(), state));
}

/// A button per model the item may be used on, and Cancel; whether the
/// picker closes (a use sent, or cancelled).
fn targets_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    (it, u, item_name): (&Item, &ItemUse, &str),
    (die, bad): (Option<Roll>, bool),
) -> bool {
    let mut close = false;
    ui.horizontal_wrapped(|ui| {
        for (id, names) in campaign::item_targets(c, x, u.targets, &cx.rules) {
            let name = name_in(&names, cx.lang.code(), "");
            let named = cx.f(
                "campaign.ui.use_on_named",
                &[
                    ("item", item_name),
                    ("character", x.name()),
                    ("target", name),
                ],
            );
            let icon = if Fighter::of(id).is_enemy() {
                icons::ICON_SKULL
            } else {
                icons::ICON_PERSON
            };
            if icon_button(ui, icon, name, &named, !bad).clicked() {
                cx.send(edit(
                    c.id.as_str(),
                    CampaignEdit::Items(ItemEdit::UseItem {
                        character: x.id,
                        item: it.id.clone(),
                        target: Some(id),
                        roll: die.clone(),
                    }),
                ));
                close = true;
            }
        }
        let who = [("item", item_name), ("character", x.name())];
        let cancel = cx.f("campaign.ui.use_cancel_named", &who);
        let word = cx.t("campaign.ui.use_cancel");
        if icon_button(ui, icons::ICON_CLOSE, word, &cancel, true).clicked() {
            close = true;
        }
    });
    close
}

/// The die typed for an item (one die of `sides`): the roll, or none for
/// Muster's; and whether the text is not a face.
fn die_field_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (who, sides): (&[(&str, &str); 2], u32),
    text: &mut String,
) -> (Option<Roll>, bool) {
    let dice = format!("D{sides}");
    let label = cx.f(
        "campaign.ui.item_die",
        &[who[0], who[1], ("dice", dice.as_str())],
    );
    let mut out = (None, false);
    ui.horizontal_wrapped(|ui| {
        // Said beside it: a field to type the die in, not the die's name.
        ui.label(cx.f("campaign.ui.item_die_typed", &[("dice", dice.as_str())]));
        let r = ui.add(
            egui::TextEdit::singleline(text)
                .desired_width(36.0)
                .hint_text(dice.as_str()),
        );
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, &label));
        // Beside the field: the targets below stay in view.
        hover_text_beside(r, &label);
        if !text.trim().is_empty() {
            match typed_die(text, sides) {
                Some(roll) => out = (Some(roll), false),
                None => {
                    out = (None, true);
                    ui.label(
                        RichText::new(
                            cx.f("campaign.ui.not_a_face", &[("sides", &sides.to_string())]),
                        )
                        .color(palette().state.error),
                    );
                }
            }
        }
    });
    out
}

/// What the bearer's last use of this item did, and a mine still waiting
/// to go off.
fn result_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, table): (&Campaign, &Table),
    x: &CampaignCharacter,
    it: &Item,
) {
    if let Some(r) = table.used.get(&x.id).filter(|r| r.item == it.id) {
        let msg = effect_msg(
            &cx.rules.killteam,
            (it, x.name()),
            &r.target,
            r.roll.as_ref(),
            &r.effect,
        );
        alert(ui, Tone::Info, &cx.msg(&msg));
        reroll_item_ui(ui, cx, c, x, it);
    }
    let waiting = table
        .laid
        .iter()
        .filter(|l| l.0 == x.id && l.1 == it.id)
        .count();
    for _ in 0..waiting {
        let range = it.usage.as_ref().map_or(0, |u| u.range_inches);
        let text = cx.f(
            "campaign.ui.mine_waiting",
            &[
                ("item", name_in(&it.names, cx.lang.code(), it.id.as_str())),
                ("range", &range.to_string()),
            ],
        );
        let job = icon_and_text(
            ui,
            icons::ICON_CRISIS_ALERT,
            &text,
            palette().ink.subdued,
            false,
        );
        ui.add(egui::Label::new(job).wrap());
    }
}
