//! The mission at the table: wound boxes, out of action, single-use items,
//! command points, who acts first and each soldier's reminders. Every click
//! is one campaign event: saved at once, undoable.

use crate::rules::campaign::{
    Campaign, CampaignCharacter, CampaignEdit, CharId, Escort, EscortId, EscortKind, Initiative,
    InitiativeRoll, Member, MissionResult, MissionType, Phase, Table,
};
use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, Screen};
use crate::rules::CharRef;
use crate::rules::campaign::{DebriefEdit, ItemEdit, TableEdit};
use crate::rules::killteam::activation::Act;
use crate::rules::killteam::{Soldier, ribbons};
use crate::ui::campaign::cards::{enemies_ui, member_profile_ui, wounds_ui};
use crate::ui::campaign::dice::typed_die;
use crate::ui::campaign::fight::{FightRefusals, fight_banner_ui, fight_buttons_ui};
use crate::ui::campaign::parts::{MissionState, TableMarks, edit, mission_ui, player_name};
use crate::ui::campaign::{actions, compact, items, loot, named, victory};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets;
use crate::ui::widgets::{
    HintBeside, Tone, alert, badge, card, card_rows, card_title, icon_button,
};

/// The turn being played and "New turn" (KT-11): each kill team gains its
/// command points for the turn; one event, undoable.
fn turn_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, table: &Table) {
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
                let a = c.activations();
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
    let a = c.activations();
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
fn activations_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    let a = c.activations();
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

/// "Resolve a fight": the battle screen, from which Back (Esc, the
/// mouse's back button) returns here.
fn fight_button_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let word = cx.t("campaign.ui.open_battle");
    if widgets::icon_button(ui, icons::ICON_SWORDS, word, word, true)
        .on_hover_text(cx.t("campaign.ui.open_battle_hint"))
        .clicked()
    {
        cx.send(Command::Show(Screen::Battle));
    }
}

impl MissionState {
    /// Why the fighter picked to attack, when a kill-team soldier, may not
    /// charge or shoot now (KT-9).
    fn picked_refusals(&self, cx: &ViewCtx<'_>, c: &Campaign) -> FightRefusals {
        let Some(a) = self.marks.attacker.as_ref().filter(|a| a.doc == c.id) else {
            return FightRefusals::default();
        };
        let why = |act| actions::refusal(cx, c, (CharId(a.id), act));
        FightRefusals {
            close: why(Act::CloseCombat),
            shoot: why(Act::Shoot),
        }
    }
}

/// "Cards" or "Compact list": how the table shows its models.
fn view_toggle_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, as_list: bool) {
    ui.add_space(space::M);
    for (value, icon, key) in [
        (false, icons::ICON_GRID_VIEW, "campaign.ui.compact.cards"),
        (true, icons::ICON_VIEW_LIST, "campaign.ui.compact.list"),
    ] {
        let word = cx.t(key);
        let on = as_list == value;
        let r = ui.selectable_label(on, format!("{} {word}", icon.codepoint));
        r.widget_info(|| egui::WidgetInfo::selected(egui::Role::Tab, true, on, word));
        if r.clicked() && !on {
            cx.send(Command::SetCompactTable(value));
        }
    }
}

impl MissionState {
    /// The table: a card per character playing, with his wound boxes.
    pub fn table_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        let Some(table) = (c.phase == Phase::Playing)
            .then_some(c.table.as_ref())
            .flatten()
        else {
            alert(ui, Tone::Info, cx.t("campaign.ui.no_table"));
            return;
        };
        let as_list = cx.model.prefs.compact_table;
        // The compact list's lines, worked out once for the filter and the
        // list.
        let mut lines = as_list.then(|| compact::lines(cx, c, table));
        // The table's tools first: the view's toggle stays where it is in
        // either view.
        ui.horizontal_wrapped(|ui| {
            fight_button_ui(ui, cx);
            // The mission's end is below every card: a way there.
            let word = cx.t("campaign.ui.to_end");
            if icon_button(ui, icons::ICON_ARROW_DOWNWARD, word, word, true)
                .on_hover_text(cx.t("campaign.ui.to_end_hint"))
                .clicked()
            {
                self.to_end = true;
            }
            view_toggle_ui(ui, cx, as_list);
            if let Some(all) = &lines {
                compact::find_ui(ui, cx, all, &mut self.view.find);
            }
        });
        ui.add_space(space::S);
        if as_list {
            compact::mission_line_ui(ui, cx, c);
        } else {
            mission_ui(ui, cx, c, &mut self.dice);
        }
        ui.add_space(space::S);
        let at = (c.id.clone(), c.mission_number());
        if self.marks.of.as_ref() != Some(&at) {
            self.marks = TableMarks {
                of: Some(at),
                ..TableMarks::default()
            };
        }
        let refused = self.picked_refusals(cx, c);
        if let Some(all) = lines.take().filter(|_| as_list) {
            // The models first: a whole escort in view at once.
            let marks = (&self.view, &mut self.marks.attacker, &refused);
            compact::compact_ui(ui, cx, (c, all), marks);
            ui.add_space(space::M);
        }
        turn_ui(ui, cx, c, table);
        ui.add_space(space::M);
        self.initiative_ui(ui, cx, c, table);
        ui.add_space(space::M);
        self.cards_ui(ui, cx, (c, table), &refused);
        ui.add_space(space::M);
        if std::mem::take(&mut self.to_end) {
            ui.scroll_to_cursor(Some(egui::Align::TOP));
        }
        // The battle's victory points by the mission's end, under the
        // models: the models come first in view when the table opens.
        victory::victory_ui(ui, cx, c);
        ui.add_space(space::M);
        self.end_mission_ui(ui, cx, c, table);
    }

    /// Who attacks, docked under the screen's view while an attacker is
    /// picked on the cards (the compact list says it in its first line).
    pub(super) fn fight_strip_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        if cx.model.prefs.compact_table || c.phase != Phase::Playing {
            return;
        }
        let at = (c.id.clone(), c.mission_number());
        if self.marks.of.as_ref() != Some(&at) {
            return;
        }
        let refused = self.picked_refusals(cx, c);
        fight_banner_ui(ui, cx, &mut self.marks.attacker, &refused);
    }

    /// Each escort's command points and characters left at home; in the
    /// cards view, a card for each model at the table, then the enemies'
    /// and those of the models the mission names.
    fn cards_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        (c, table): (&Campaign, &Table),
        refused: &FightRefusals,
    ) {
        let as_list = cx.model.prefs.compact_table;
        let marks = &mut self.marks;
        for e in &c.escorts {
            // In the list, an escort's heading only for what the list does
            // not show: its command points, those left at home.
            let at_home = c
                .members(e.id)
                .any(|x| x.can_play() && !table.players.contains(&x.id));
            if as_list && e.kind != EscortKind::KillTeam && !at_home {
                continue;
            }
            ui.horizontal(|ui| {
                card_title(ui, icons::ICON_GROUPS, &player_name(cx, e));
                if e.kind == EscortKind::KillTeam {
                    command_points_ui(ui, cx, c, e);
                }
            });
            if !as_list {
                let playing = c.members(e.id).filter(|x| table.players.contains(&x.id));
                card_rows(ui, (("players", c.id.as_str()), 280.0), playing, |ui, x| {
                    player_card_ui(ui, cx, (c, table), x, (marks, refused));
                });
            }
            at_home_ui(ui, cx, c, table, e);
            ui.add_space(space::M);
        }
        if !as_list {
            enemies_ui(
                ui,
                cx,
                c,
                table,
                (&mut marks.attacker, &mut self.dice, refused),
            );
            named::named_ui(ui, cx, c, (&mut marks.attacker, refused));
        }
    }

    /// The mission's end: its outcome, the VP earned, "End the mission".
    fn end_mission_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, table: &Table) {
        let id = c.id.as_str();
        let t = c
            .mission
            .as_ref()
            .map_or(MissionType::Investigation, |m| m.mission_type);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_STOP_CIRCLE, cx.t("campaign.ui.end_title"));
            let success_key = match t {
                MissionType::Final => "campaign.ui.final_won",
                _ => "campaign.ui.objective_met",
            };
            ui.checkbox(&mut self.success, cx.t(success_key));
            // CMP-2: a Survival survived whatever its objective.
            let unmet = MissionResult {
                success: false,
                vp: 0,
            };
            if t == MissionType::Survival && c.mission_outcome(unmet).success {
                let text = cx.t("campaign.ui.survival_standing");
                ui.add(
                    egui::Label::new(RichText::new(text).small().color(palette().ink.subdued))
                        .wrap(),
                );
            }
            if t.earns_vp() {
                self.vp_earned_ui(ui, cx, c);
            }
            let n = table.out_of_action.len();
            ui.label(cx.f("campaign.ui.out_count", &[("count", &n.to_string())]));
            let end = cx.t("campaign.ui.end_mission");
            if !self.confirm_end {
                if icon_button(ui, icons::ICON_STOP_CIRCLE, end, end, true).clicked() {
                    self.confirm_end = true;
                    self.show_confirm = true;
                }
                return;
            }
            let said = MissionResult {
                success: self.success,
                vp: self.vp,
            };
            let outcome = c.mission_outcome(said);
            if self.end_confirmed_ui(ui, cx, (t, outcome, n)) {
                cx.send(edit(
                    id,
                    CampaignEdit::Debrief(DebriefEdit::EndMission {
                        played: Vec::new(),
                        result: MissionResult {
                            vp: outcome.vp,
                            ..said
                        },
                    }),
                ));
                self.vp = 0;
                self.vp_typed = false;
                self.success = false;
            }
        });
    }

    /// The VP the mission earns (CMP-6): the battle's (KT-21) until the
    /// player types, and what the battle's would have been had the
    /// objective been met.
    fn vp_earned_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        // KT-21 into CMP-6: the battle's VP, until the player types.
        let from_battle = c.mission_vp_from_battle(&cx.rules, self.success);
        if !self.vp_typed {
            // CMP-6: an objective not met earns none.
            self.vp = from_battle.unwrap_or(0);
        }
        ui.horizontal(|ui| {
            let l = ui.label(cx.t("campaign.ui.vp_earned"));
            let r = ui
                .add(
                    egui::DragValue::new(&mut self.vp)
                        .range(0..=cx.rules.campaign.limits.mission_vp_max),
                )
                .labelled_by(l.id);
            if r.changed() {
                self.vp_typed = true;
            }
        });
        let unmet = (!self.success)
            .then(|| c.mission_vp_from_battle(&cx.rules, true))
            .flatten()
            .filter(|&vp| vp > 0);
        if let Some(vp) = unmet {
            let text = cx.f(
                "campaign.ui.vp_objective_not_met",
                &[("count", &vp.to_string())],
            );
            ui.add(
                egui::Label::new(RichText::new(text).small().color(palette().ink.subdued)).wrap(),
            );
        }
        if let Some(vp) = from_battle {
            let key = if self.vp_typed && self.vp != vp {
                "campaign.ui.vp_from_battle_changed"
            } else {
                "campaign.ui.vp_from_battle"
            };
            let text = cx.f(key, &[("count", &vp.to_string())]);
            ui.add(
                egui::Label::new(RichText::new(text).small().color(palette().ink.subdued)).wrap(),
            );
        }
    }

    /// What ending the mission records, in words, to confirm or not: true
    /// when confirmed.
    fn end_confirmed_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        (t, outcome, out): (MissionType, MissionResult, usize),
    ) -> bool {
        let vp = outcome.vp;
        let result = match (t, outcome.success) {
            (MissionType::Survival, true) => "campaign.ui.end_as.survived",
            (MissionType::Survival, false) => "campaign.ui.end_as.not_survived",
            (MissionType::Final, true) => "campaign.ui.end_as.final_won",
            (MissionType::Final, false) => "campaign.ui.end_as.final_lost",
            (_, true) => "campaign.ui.end_as.met",
            (_, false) => "campaign.ui.end_as.not_met",
        };
        let text = cx.f(
            "campaign.ui.end_confirm",
            &[
                ("result", cx.t(result)),
                ("vp", &vp.to_string()),
                ("out", &out.to_string()),
            ],
        );
        alert(ui, Tone::Warning, &text);
        let mut confirmed = false;
        // "Not yet" where "End the mission" was asked: a second click of a
        // double click ends nothing.
        let buttons = ui.horizontal_wrapped(|ui| {
            if ui.button(cx.t("campaign.ui.end_not_yet")).clicked() {
                self.confirm_end = false;
            }
            let end = cx.t("campaign.ui.end_mission");
            if icon_button(ui, icons::ICON_STOP_CIRCLE, end, end, true).clicked() {
                confirmed = true;
            }
        });
        // Just asked: its answers in view.
        if std::mem::take(&mut self.show_confirm) {
            // With the card's frame under them.
            ui.scroll_to_rect(
                buttons.response.rect.expand(space::L),
                Some(egui::Align::BOTTOM),
            );
        }
        if confirmed {
            self.confirm_end = false;
        }
        confirmed
    }

    /// "Who acts first" (CMP-16): each player tests his initiative, the
    /// enemy's is tested once; a die per side, rolled by Muster or typed
    /// in, and the order they give.
    fn initiative_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, table: &Table) {
        let sides_of = c.rates(&cx.rules.campaign).initiative.die;
        let sides: Vec<(Option<EscortId>, String)> = c
            .escorts
            .iter()
            .map(|e| (Some(e.id), player_name(cx, e)))
            .chain(std::iter::once((
                None,
                cx.t("campaign.ui.the_enemy").to_owned(),
            )))
            .collect();
        // Once the turn's activations began, its test folds to its title:
        // the models come into view sooner (a click unfolds it).
        let a = c.activations();
        let began = a.players + a.enemy > 0 && table.initiative.is_none();
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            // Its title alone, as a screen reader names it.
            let title = cx.t("campaign.ui.initiative_title");
            egui::CollapsingHeader::new(RichText::new(title).heading())
                .id_salt(("cmp-initiative", c.id.as_str(), c.mission_number()))
                .default_open(!began)
                .show(ui, |ui| {
                    self.initiative_body_ui(ui, cx, (c, table), (&sides, sides_of))
                });
        });
    }

    /// The initiative card's body: the rule, a die per side, Roll, and the
    /// order rolled.
    fn initiative_body_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        (c, table): (&Campaign, &Table),
        (sides, sides_of): (&[(Option<EscortId>, String)], u32),
    ) {
        {
            ui.add(
                egui::Label::new(
                    RichText::new(cx.t("campaign.ui.initiative_hint")).color(palette().ink.subdued),
                )
                .wrap(),
            );
            ui.add_space(space::S);
            let (typed, bad) = self.initiative_dice_ui(ui, cx, sides, sides_of);
            let word = cx.t("campaign.ui.initiative_roll");
            if icon_button(
                ui,
                icons::ICON_CASINO,
                word,
                word,
                !bad && !cx.model.folder.read_only,
            )
            .clicked()
            {
                cx.send(edit(
                    c.id.as_str(),
                    CampaignEdit::Table(TableEdit::Initiative { rolls: typed }),
                ));
                self.initiative.clear();
            }
            let Some(init) = &table.initiative else {
                return;
            };
            initiative_order_ui(ui, cx, c, init);
        }
    }

    /// A die field per side, each left empty for Muster's die or typed in;
    /// returns the dice typed and whether one of them is not a face.
    fn initiative_dice_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        sides: &[(Option<EscortId>, String)],
        sides_of: u32,
    ) -> (Vec<InitiativeRoll>, bool) {
        let mut typed = Vec::new();
        let mut bad = false;
        egui::Grid::new("cmp-initiative")
            .num_columns(2)
            .spacing([space::M, space::S])
            .show(ui, |ui| {
                for (side, who) in sides {
                    let text = self.initiative.entry(*side).or_default();
                    ui.label(RichText::new(who).strong());
                    ui.horizontal(|ui| {
                        let label = cx.f(
                            "campaign.ui.initiative_die",
                            &[("sides", &sides_of.to_string()), ("who", who)],
                        );
                        // Too narrow for words: the die it takes (the card
                        // says that empty, Muster rolls).
                        let r = ui.add(
                            egui::TextEdit::singleline(text)
                                .desired_width(36.0)
                                .hint_text(format!("D{sides_of}")),
                        );
                        r.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::TextInput, true, &label)
                        });
                        if !text.trim().is_empty() {
                            match typed_die(text, sides_of) {
                                Some(roll) => typed.push(InitiativeRoll {
                                    escort: *side,
                                    rolls: vec![roll],
                                }),
                                None => {
                                    bad = true;
                                    ui.label(
                                        RichText::new(cx.f(
                                            "campaign.ui.not_a_face",
                                            &[("sides", &sides_of.to_string())],
                                        ))
                                        .color(palette().state.error),
                                    );
                                }
                            }
                        }
                    });
                    ui.end_row();
                }
            });
        (typed, bad)
    }
}

/// A kill team's command points, one less or one more (KT-11).
fn command_points_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort) {
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
fn player_card_ui(
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
                    compact::no_fight(cx, c, x.id)
                };
                let why_not = why_not.as_deref();
                fight_buttons_ui(
                    ui,
                    cx,
                    &mut marks.attacker,
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
                deminer_ui(ui, cx, (c, table), x, s);
                loot::loot_ui(ui, cx, (c, table), x, s);
            }
            items::items_ui(ui, cx, c, table, x);
        });
    });
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
    let data = &cx.rules.killteam;
    if table.laid.is_empty()
        || table.out_of_action.contains(&x.id)
        || ribbons::mine_removal(data, s).is_none()
    {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for (bearer, item) in &table.laid {
            let laid_by = c.character(*bearer).map_or("?", |b| b.name());
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
fn at_home_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, table: &Table, e: &Escort) {
    let id = c.id.as_str();
    let home: Vec<_> = c
        .members(e.id)
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

/// The order the initiative gave (CMP-16): each side's place and dice.
fn initiative_order_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, init: &Initiative) {
    ui.add_space(space::S);
    ui.label(
        RichText::new(cx.f(
            "campaign.ui.initiative_turn",
            &[("turn", &init.turn.to_string())],
        ))
        .heading(),
    );
    for (place, s) in init.order.iter().enumerate() {
        let who = s.escort.and_then(|e| c.escort(e)).map_or_else(
            || cx.t("campaign.ui.the_enemy").to_owned(),
            |e| player_name(cx, e),
        );
        let faces = s
            .faces()
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" · ");
        let line = cx.f(
            "campaign.ui.initiative_place",
            &[
                ("place", &(place + 1).to_string()),
                ("who", &who),
                ("faces", &faces),
            ],
        );
        ui.horizontal(|ui| {
            let icon = if s.escort.is_some() {
                icons::ICON_GROUPS
            } else {
                icons::ICON_SKULL
            };
            ui.label(icon.rich_text().size(20.0).color(palette().ink.accent));
            ui.label(RichText::new(&line).size(18.0).strong())
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &line));
            if place == 0 {
                badge(ui, Tone::Good, cx.t("campaign.ui.acts_first"));
            }
            if s.rolls.len() > 1 {
                badge(ui, Tone::Info, cx.t("campaign.ui.rolled_off"));
            }
        });
    }
}

/// What a kill-team soldier's ribbon reminds the table of (RIB-5, RIB-10,
/// RIB-11), each by icon and word: the Unkillable's free action shows once
/// he is on his last wound.
fn soldier_reminders_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &Soldier, wounds_left: u32) {
    use crate::rules::killteam::ribbons;
    let data = &cx.rules.killteam;
    if wounds_left == 0 {
        return;
    }
    for m in ribbons::reminders(data, s, wounds_left) {
        let (tone, icon) = match m.key.as_ref() {
            "kt.last_wound.due" => (Some(Tone::Good), icons::ICON_BOLT),
            "kt.last_wound.waiting" => (None, icons::ICON_BOLT),
            "kt.remove_mine" => (None, icons::ICON_CRISIS_ALERT),
            _ => (None, icons::ICON_DIRECTIONS_RUN),
        };
        let text = cx.msg(&m);
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
