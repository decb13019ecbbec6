//! The mission at the table: its layout (the turn, each player's side, the
//! enemies, the named models, the VP), who acts first and the way to the
//! battle screen; each player's cards are `player_card`'s, the kill-team
//! turn `turn`'s. Every click is one campaign event: saved at once,
//! undoable.

use crate::rules::campaign;
use crate::rules::campaign::acts;
use crate::rules::campaign::queries;
use crate::rules::campaign::{
    Campaign, CampaignEdit, CharId, EscortId, EscortKind, Initiative, InitiativeRoll,
    MissionResult, MissionType, Phase, Table,
};
use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, Screen};
use crate::rules::campaign::mission_end;
use crate::rules::campaign::{DebriefEdit, TableEdit};
use crate::rules::killteam::activation::Act;
use crate::ui::campaign::cards::enemies_ui;
use crate::ui::campaign::dice::typed_die;
use crate::ui::campaign::fight::{FightRefusals, fight_banner_ui};
use crate::ui::campaign::mission_card::mission_ui;
use crate::ui::campaign::parts::{MissionState, TableMarks, edit, player_name};
use crate::ui::campaign::player_card::{at_home_ui, command_points_ui, player_card_ui};
use crate::ui::campaign::turn::turn_ui;
use crate::ui::campaign::{actions, compact, named, victory};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets;
use crate::ui::widgets::{Tone, alert, badge, card, card_rows, card_title, icon_button};

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
            mission_ui(ui, cx, c, &mut self.dice, true);
        }
        ui.add_space(space::S);
        let at = (c.id.clone(), queries::mission_number(c));
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
        let at = (c.id.clone(), queries::mission_number(c));
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
            // In the list, an escort's heading only for those left at home:
            // the kill team's command points are in the turn's card.
            let at_home =
                queries::members(c, e.id).any(|x| x.can_play() && !table.players.contains(&x.id));
            if as_list && !at_home {
                continue;
            }
            ui.horizontal(|ui| {
                card_title(ui, icons::ICON_GROUPS, &player_name(cx, e));
                if e.kind == EscortKind::KillTeam && !as_list {
                    command_points_ui(ui, cx, c, e);
                }
            });
            if !as_list {
                let playing = queries::members(c, e.id).filter(|x| table.players.contains(&x.id));
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
            if t == MissionType::Survival && mission_end::mission_outcome(c, unmet).success {
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
            let outcome = mission_end::mission_outcome(c, said);
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
        let from_battle = campaign::victory::mission_vp_from_battle(c, &cx.rules, self.success);
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
            .then(|| campaign::victory::mission_vp_from_battle(c, &cx.rules, true))
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
        let sides_of = queries::rates(c, &cx.rules.campaign).initiative.die;
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
        let a = acts::activations(c);
        let began = a.players + a.enemy > 0 && table.initiative.is_none();
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            // Its title alone, as a screen reader names it.
            let title = cx.t("campaign.ui.initiative_title");
            egui::CollapsingHeader::new(RichText::new(title).heading())
                .id_salt(("cmp-initiative", c.id.as_str(), queries::mission_number(c)))
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
            // The order of this turn only: a new turn is tested again.
            let Some(init) = (table.initiative.as_ref()).filter(|i| i.turn == table.turn()) else {
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
        let who = s.escort.and_then(|e| queries::escort(c, e)).map_or_else(
            || cx.t("campaign.ui.the_enemy").to_owned(),
            |e| player_name(cx, e),
        );
        let faces = s
            .faces()
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(cx.t("campaign.ui.initiative_then"));
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
