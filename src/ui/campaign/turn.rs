//! The kill-team turn at the table (KT-8, KT-11): the turn being played and
//! "New turn", each kill team gaining its command points, and whose turn it
//! is to activate.

use crate::rules::campaign::acts;
use crate::rules::campaign::{Campaign, CampaignEdit, EscortKind, Table};
use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::TableEdit;
use crate::ui::campaign::parts::{edit, player_name};
use crate::ui::campaign::player_card::command_points_ui;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, card, card_title, icon_button};

/// The turn being played and "New turn" (KT-11): each kill team gains its
/// command points for the turn; one event, undoable.
pub(super) fn turn_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, table: &Table) {
    let turn = table.turn();
    let gain = cx.rules.killteam.command.per_turn;
    let teams = c
        .escorts
        .iter()
        .filter(|e| e.kind == EscortKind::KillTeam)
        .count();
    let asking = egui::Id::unique(("new turn asked", c.id.as_str(), turn));
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            card_title(
                ui,
                icons::ICON_HOURGLASS_TOP,
                &cx.f("campaign.ui.turn", &[("turn", &turn.to_string())]),
            );
            ui.add_space(space::M);
            let next = (turn + 1).to_string();
            let word = cx.t("campaign.ui.new_turn");
            let name = cx.f("campaign.ui.new_turn_named", &[("turn", &next)]);
            if icon_button(
                ui,
                icons::ICON_SKIP_NEXT,
                word,
                &name,
                !cx.model.folder.read_only,
            )
            .clicked()
            {
                // KT-8: models still to activate, the player is asked first.
                let a = acts::activations(c);
                if teams > 0 && a.next.is_some() {
                    ui.data_mut(|d| d.insert_temp(asking, true));
                } else {
                    new_turn(cx, c);
                }
            }
        });
        if ui.data(|d| d.get_temp::<bool>(asking)).unwrap_or(false) {
            new_turn_confirm_ui(ui, cx, c, asking);
        }
        if teams > 0 {
            activations_ui(ui, cx, c);
        }
        let hint = if teams > 0 {
            cx.f(
                "campaign.ui.new_turn_hint_cp",
                &[("gain", &gain.to_string())],
            )
        } else {
            cx.t("campaign.ui.new_turn_hint").to_owned()
        };
        ui.add(egui::Label::new(RichText::new(hint).color(palette().ink.subdued)).wrap());
        // In the compact list, each kill team's command points stand here,
        // beside what they are for, not under a heading of their own.
        if cx.model.prefs.compact_table {
            for e in c.escorts.iter().filter(|e| e.kind == EscortKind::KillTeam) {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(player_name(cx, e)).strong());
                    command_points_ui(ui, cx, c, e);
                });
            }
        }
    });
}

/// The event beginning the next turn.
fn new_turn(cx: &ViewCtx<'_>, c: &Campaign) {
    cx.send(edit(
        c.id.as_str(),
        CampaignEdit::Table(TableEdit::NewTurn { gain: None }),
    ));
}

/// "Begin turn 2 with models still to activate?" (KT-8), "Not yet" first
/// (a second click of New turn lands on nothing that begins it).
fn new_turn_confirm_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, asking: egui::Id) {
    let a = acts::activations(c);
    let next = (c.table.as_ref().map_or(1, Table::turn) + 1).to_string();
    let text = cx.f(
        "campaign.ui.new_turn_confirm",
        &[
            ("turn", &next),
            ("players", &a.most.saturating_sub(a.players).to_string()),
            ("enemy", &a.most.saturating_sub(a.enemy).to_string()),
        ],
    );
    alert(ui, Tone::Warning, &text);
    ui.horizontal_wrapped(|ui| {
        if ui.button(cx.t("campaign.ui.end_not_yet")).clicked() {
            ui.data_mut(|d| d.remove::<bool>(asking));
        }
        let word = cx.f("campaign.ui.new_turn_named", &[("turn", &next)]);
        if icon_button(ui, icons::ICON_SKIP_NEXT, &word, &word, true).clicked() {
            ui.data_mut(|d| d.remove::<bool>(asking));
            new_turn(cx, c);
        }
    });
}

/// Each side's activations this turn and whose turn it is (KT-8), by icon
/// and words.
pub(super) fn activations_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    let a = acts::activations(c);
    let key = if a.enemy_drawn {
        "campaign.ui.activations"
    } else {
        "campaign.ui.activations_players"
    };
    let counts = cx.f(
        key,
        &[
            ("players", &a.players.to_string()),
            ("enemy", &a.enemy.to_string()),
            ("most", &a.most.to_string()),
        ],
    );
    let next = match a.next {
        _ if a.untested => cx.t("campaign.ui.next_untested"),
        Some(true) => cx.t("campaign.ui.next_players"),
        Some(false) => cx.t("campaign.ui.next_enemy"),
        None if a.enemy_drawn => cx.t("campaign.ui.next_none"),
        None => cx.t("campaign.ui.next_players_done"),
    };
    let line = format!("{counts} — {next}");
    ui.horizontal_wrapped(|ui| {
        ui.label(
            icons::ICON_SWAP_HORIZ
                .rich_text()
                .color(palette().ink.accent),
        );
        ui.add(egui::Label::new(RichText::new(&line).color(palette().ink.text)).wrap())
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &line));
    });
}
