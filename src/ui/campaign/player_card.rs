//! A player's side at the table: his kill team's command points, each of
//! his characters' cards (wounds, fight buttons, a soldier's turn, reminders,
//! a Deminer's mines, loot and items) and those who stayed at home.

use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CampaignCharacter, CampaignEdit, Escort, Member, Table};
use egui::RichText;
use egui_material_icons::icons;

use crate::rules::CharRef;
use crate::rules::campaign::{DebriefEdit, ItemEdit, TableEdit};
use crate::rules::killteam::{Soldier, ribbons};
use crate::ui::campaign::cards::{member_profile_ui, wounds_ui};
use crate::ui::campaign::fight::{FightRefusals, fight_buttons_ui};
use crate::ui::campaign::parts::{TableMarks, edit, player_name};
use crate::ui::campaign::{actions, items, loot};
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets;
use crate::ui::widgets::{HintBeside, HintPlace, Tone, badge, card, icon_button};

/// A kill team's command points, one less or one more (KT-11).
pub(super) fn command_points_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort) {
    let id = c.id.as_str();
    ui.separator();
    let l = ui.label(cx.t("campaign.ui.command_points"));
    let player = player_name(cx, e);
    let minus = cx.f("campaign.ui.cp_minus", &[("player", &player)]);
    if icon_button(ui, icons::ICON_REMOVE, "", &minus, e.command_points > 0).clicked() {
        cx.send(edit(
            id,
            CampaignEdit::Table(TableEdit::SetCommandPoints {
                escort: e.id,
                points: e.command_points - 1,
            }),
        ));
    }
    let named = cx.f(
        "campaign.ui.cp_value",
        &[
            ("player", &player),
            ("points", &e.command_points.to_string()),
        ],
    );
    ui.label(
        RichText::new(e.command_points.to_string())
            .size(22.0)
            .strong(),
    )
    .labelled_by(l.id)
    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &named));
    let plus = cx.f("campaign.ui.cp_plus", &[("player", &player)]);
    if icon_button(ui, icons::ICON_ADD, "", &plus, true).clicked() {
        cx.send(edit(
            id,
            CampaignEdit::Table(TableEdit::SetCommandPoints {
                escort: e.id,
                points: e.command_points + 1,
            }),
        ));
    }
}

/// The card of a character at the table: in or out of action, his wound
/// boxes, his reminders, the buttons and his single-use items.
pub(super) fn player_card_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, table): (&Campaign, &Table),
    x: &CampaignCharacter,
    (marks, refused): (&mut TableMarks, &FightRefusals),
) {
    card(ui, |ui| {
        ui.set_width(280.0);
        ui.vertical(|ui| {
            let out_now = table.out_of_action.contains(&x.id);
            super::cards::fighter_title_ui(ui, cx, x.name(), out_now, true);
            super::held::arrival_ui(ui, cx, c, x.id);
            // CMP-14: he deploys anywhere out of the enemy's sight.
            if c.guided.contains(&x.id) {
                badge(ui, Tone::Info, cx.t("campaign.ui.guided"));
            }
            member_profile_ui(ui, cx, &x.member);
            let max = x.member.wounds(&cx.rules);
            let taken = table.wounds.get(&x.id).copied().unwrap_or(0);
            wounds_ui(ui, cx, c, (x.id, x.name()), max, taken);
            items::dazzled_ui(ui, cx, table, x.id);
            let me = CharRef::new(c.id.clone(), x.id);
            ui.horizontal_wrapped(|ui| {
                let why_not = if out_now {
                    Some(cx.t("campaign.ui.fight.attack_out").to_owned())
                } else {
                    super::fight::no_fight(cx, c, x.id)
                };
                let why_not = why_not.as_deref();
                fight_buttons_ui(
                    ui,
                    cx,
                    (&mut marks.attacker, HintPlace::Card),
                    &me,
                    x.name(),
                    (why_not, !out_now, refused),
                );
                playing_buttons_ui(ui, cx, c, x, out_now);
            });
            if let Member::Soldier(s) = &x.member {
                actions::soldier_turn_ui(ui, cx, c, x);
                let wounds_left = if out_now {
                    0
                } else {
                    x.member.wounds(&cx.rules).saturating_sub(taken)
                };
                soldier_reminders_ui(ui, cx, s, wounds_left);
            }
            table_gear_ui(ui, cx, (c, table), x);
        });
    });
}

/// Whether a character has anything at the table beyond his fights and
/// actions: a single-use item, a mine a Deminer may remove, a Thief's
/// loot.
pub(super) fn has_table_gear(cx: &ViewCtx<'_>, table: &Table, x: &CampaignCharacter) -> bool {
    if x.member.has_items(&cx.rules) {
        return true;
    }
    match &x.member {
        Member::Soldier(s) => removes_mines(cx, table, x, s) || loot::thief(&cx.rules.killteam, s),
        Member::Character(_) => false,
    }
}

/// A character's single-use items, a Deminer's mines and a Thief's loot,
/// as his card shows them and a compact line opens them.
pub(super) fn table_gear_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, table): (&Campaign, &Table),
    x: &CampaignCharacter,
) {
    if let Member::Soldier(s) = &x.member {
        deminer_ui(ui, cx, (c, table), x, s);
        loot::loot_ui(ui, cx, (c, table), x, s);
    }
    items::items_ui(ui, cx, c, table, x);
}

/// Whether a Deminer in action has mines laid at the table to remove
/// (RIB-5, EQ-11).
fn removes_mines(cx: &ViewCtx<'_>, table: &Table, x: &CampaignCharacter, s: &Soldier) -> bool {
    !table.laid.is_empty()
        && !table.out_of_action.contains(&x.id)
        && ribbons::mine_removal(&cx.rules.killteam, s).is_some()
}

/// A Deminer's "Remove X's mine", one for each mine laid at the table
/// (RIB-5, EQ-11): one event each, no action.
fn deminer_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, table): (&Campaign, &Table),
    x: &CampaignCharacter,
    s: &Soldier,
) {
    if !removes_mines(cx, table, x, s) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for (bearer, item) in &table.laid {
            let laid_by = queries::character(c, *bearer).map_or("?", |b| b.name());
            let word = cx.f("kt.remove_mine.button", &[("bearer", laid_by)]);
            let named = cx.f(
                "kt.remove_mine.button_named",
                &[("character", x.name()), ("bearer", laid_by)],
            );
            if icon_button(
                ui,
                icons::ICON_CRISIS_ALERT,
                &word,
                &named,
                !cx.model.folder.read_only,
            )
            .clicked()
            {
                cx.send(edit(
                    c.id.as_str(),
                    CampaignEdit::Items(ItemEdit::RemoveMine {
                        character: x.id,
                        bearer: *bearer,
                        item: item.clone(),
                    }),
                ));
            }
        }
    });
}

/// "Leave at home" and "Take out of action" (or "Back in action").
fn playing_buttons_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    out_now: bool,
) {
    let id = c.id.as_str();
    let (word, icon) = if out_now {
        ("campaign.ui.back_in_action", icons::ICON_HEALING)
    } else {
        ("campaign.ui.take_out", icons::ICON_SKULL)
    };
    let name = cx.f(
        if out_now {
            "campaign.ui.back_in_action_named"
        } else {
            "campaign.ui.take_out_named"
        },
        &[("character", x.name())],
    );
    let home = cx.f("campaign.ui.leave_home_named", &[("character", x.name())]);
    if icon_button(
        ui,
        icons::ICON_CLOSE,
        cx.t("campaign.ui.leave_home"),
        &home,
        true,
    )
    .hint_beside(cx.t("campaign.ui.leave_home_hint"))
    .clicked()
    {
        cx.send(edit(
            id,
            CampaignEdit::Debrief(DebriefEdit::SetPlaying {
                character: x.id,
                plays: false,
            }),
        ));
    }
    if icon_button(ui, icon, cx.t(word), &name, true).clicked() {
        cx.send(edit(
            id,
            CampaignEdit::Table(TableEdit::SetOutOfAction {
                character: x.id,
                out: !out_now,
            }),
        ));
    }
}

/// The characters of an escort left at home, each brought back by a click.
pub(super) fn at_home_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    table: &Table,
    e: &Escort,
) {
    let id = c.id.as_str();
    let home: Vec<_> = queries::members(c, e.id)
        .filter(|x| x.can_play() && !table.players.contains(&x.id))
        .collect();
    if !home.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(cx.t("campaign.ui.at_home")).color(palette().ink.subdued));
            for x in home {
                let name = cx.f("campaign.ui.bring_named", &[("character", x.name())]);
                if icon_button(ui, icons::ICON_ADD, x.name(), &name, true).clicked() {
                    cx.send(edit(
                        id,
                        CampaignEdit::Debrief(DebriefEdit::SetPlaying {
                            character: x.id,
                            plays: true,
                        }),
                    ));
                }
            }
        });
    }
}

/// What a kill-team soldier's ribbon reminds the table of (RIB-5, RIB-10,
/// RIB-11), each by icon and word: the Unkillable's free action shows once
/// he is on his last wound.
fn soldier_reminders_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &Soldier, wounds_left: u32) {
    use crate::rules::killteam::ribbons::{self, ReminderKind};
    let data = &cx.rules.killteam;
    if wounds_left == 0 {
        return;
    }
    for r in ribbons::reminders(data, s, wounds_left) {
        let (tone, icon) = match r.kind {
            ReminderKind::LastWoundDue => (Some(Tone::Good), icons::ICON_BOLT),
            ReminderKind::LastWoundWaiting => (None, icons::ICON_BOLT),
            ReminderKind::RemoveMine => (None, icons::ICON_CRISIS_ALERT),
            ReminderKind::MoveAfterShot => (None, icons::ICON_DIRECTIONS_RUN),
        };
        let text = cx.msg(&r.msg);
        match tone {
            Some(tone) => {
                badge(ui, tone, &text);
            }
            None => {
                ui.label(widgets::icon_and_text(
                    ui,
                    icon,
                    &text,
                    palette().ink.subdued,
                    false,
                ));
            }
        }
    }
}
