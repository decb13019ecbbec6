//! The setup page of a campaign: its settings, its escorts and its start
//! (CMP-1, CMP-2, CMP-16). Every change is one campaign event.

use crate::rules::campaign::queries;
use crate::rules::campaign::{
    Budget, Campaign, CampaignEdit, EscortId, EscortKind, Injuries, Member, MissionType, NewEscort,
    PoolMode, Settings,
};
use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::SetupEdit;
use crate::rules::campaign::data::CampaignData;
use crate::rules::core::names::name_in;
use crate::rules::{Doc, DocKey};
use crate::ui::campaign::dice::MissionDraw;
use crate::ui::campaign::parts::edit;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{
    Tone, alert, badge, card, card_title, icon_button, labelled_text, text_width,
};

/// What the setup page keeps typed: the next escort and the first mission.
#[derive(Default)]
pub struct SetupView {
    /// The next escort's player.
    player: String,
    /// The roster or kill team the next escort comes from.
    source: Option<DocKey>,
    /// The first mission, picked or its dice typed in.
    first: MissionDraw,
}

impl SetupView {
    /// The setup page: the settings, the escorts and the start.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        settings_ui(ui, cx, c);
        ui.add_space(space::M);
        self.escorts_ui(ui, cx, c);
        ui.add_space(space::M);
        self.start_ui(ui, cx, c);
    }

    /// The escorts, each with its cost and "Remove", and the row that adds
    /// one.
    fn escorts_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        let id = c.id.as_str();
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_GROUPS, cx.t("campaign.ui.escorts"));
            for e in &c.escorts {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&e.player).strong());
                    ui.label(
                        RichText::new(cx.f(
                            "campaign.ui.escort_from",
                            &[
                                ("source", &e.source),
                                ("count", &queries::members(c, e.id).count().to_string()),
                            ],
                        ))
                        .color(palette().ink.subdued),
                    );
                    budget_badge(ui, cx, c, e.id);
                    let name = cx.f("campaign.ui.remove_escort", &[("player", &e.player)]);
                    if icon_button(
                        ui,
                        icons::ICON_DELETE,
                        cx.t("campaign.ui.remove"),
                        &name,
                        true,
                    )
                    .clicked()
                    {
                        cx.send(edit(
                            id,
                            CampaignEdit::Setup(SetupEdit::RemoveEscort { escort: e.id }),
                        ));
                    }
                });
            }
            if c.escorts.is_empty() {
                alert(ui, Tone::Info, cx.t("campaign.ui.no_escort"));
            }
            ui.separator();
            self.add_escort_ui(ui, cx, c);
        });
    }

    /// The row that adds an escort: its player and the roster or kill team
    /// it comes from.
    fn add_escort_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        let id = c.id.as_str();
        ui.horizontal_wrapped(|ui| {
            labelled_text(ui, cx.t("campaign.ui.player"), &mut self.player);
            let l = ui.label(cx.t("campaign.ui.source"));
            let label_of = |k: &DocKey| {
                cx.model.doc(k).map_or_else(
                    || k.id.clone(),
                    |d| format!("{} ({})", d.name(), cx.t(d.kind_label())),
                )
            };
            let shown = self
                .source
                .as_ref()
                .map_or_else(|| cx.t("campaign.ui.choose").to_owned(), label_of);
            let sources: Vec<(DocKey, String)> = cx
                .model
                .library
                .docs
                .iter()
                .filter(|d| matches!(d, Doc::Roster(_) | Doc::KillTeam(_)))
                .map(|d| {
                    let k = d.key();
                    let text = label_of(&k);
                    (k, text)
                })
                .collect();
            // As wide as its longest choice, whatever is picked: "Add the
            // escort" beside it never moves under the mouse.
            let widest = sources
                .iter()
                .map(|(_, t)| t.as_str())
                .chain([cx.t("campaign.ui.choose")])
                .map(|t| text_width(ui, RichText::new(t).text_style(egui::TextStyle::Button)))
                .fold(0.0, f32::max);
            let width = widest
                + ui.spacing().icon_width
                + ui.spacing().item_spacing.x
                + 2.0 * ui.spacing().button_padding.x;
            egui::ComboBox::from_id_salt("cmp-source")
                .selected_text(shown)
                .width(width.max(ui.spacing().combo_width))
                .show_ui(ui, |ui| {
                    for (k, text) in sources {
                        ui.selectable_value(&mut self.source, Some(k), text);
                    }
                })
                .response
                .labelled_by(l.id);
            let escort = self
                .source
                .as_ref()
                .and_then(|k| new_escort(cx, k, &self.player));
            let add = cx.t("campaign.ui.add_escort");
            if icon_button(ui, icons::ICON_PERSON_ADD, add, add, escort.is_some()).clicked()
                && let Some(escort) = escort
            {
                cx.send(edit(
                    id,
                    CampaignEdit::Setup(SetupEdit::AddEscort { escort }),
                ));
                self.player.clear();
                self.source = None;
            }
        });
    }

    /// The start: the settings' problems, the first mission (CMP-2, CMP-3)
    /// and "Start the campaign".
    fn start_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        let data = &cx.rules.campaign;
        let id = c.id.as_str();
        let problems = c.settings.problems(data);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_PLAY_ARROW, cx.t("campaign.ui.start_title"));
            for p in &problems {
                alert(ui, Tone::Warning, &cx.lang.problem_line(p));
            }
            // CMP-2, CMP-3: a random Investigation, drawn or picked; its
            // dice typed in or rolled.
            let choice = self.first.ui(ui, cx, c, MissionType::Investigation, false);
            let ready = problems.is_empty() && !c.characters.is_empty() && choice.is_some();
            let start = cx.t("campaign.ui.start");
            if icon_button(
                ui,
                icons::ICON_PLAY_ARROW,
                start,
                start,
                ready && !cx.model.folder.read_only,
            )
            .clicked()
                && let Some(choice) = choice
            {
                cx.send(edit(
                    id,
                    CampaignEdit::Setup(SetupEdit::Start {
                        rates: None,
                        choice,
                    }),
                ));
                self.first.reset();
            }
        });
    }
}

/// The campaign's settings: one event when one of them changes.
fn settings_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    let data = &cx.rules.campaign;
    let id = c.id.as_str();
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        card_title(ui, icons::ICON_SETTINGS, cx.t("campaign.ui.settings"));
        let mut s = c.settings.clone();
        egui::Grid::new("cmp-settings")
            .num_columns(2)
            .spacing([space::M, space::S])
            .show(ui, |ui| {
                dice_rows_ui(ui, cx, data, &mut s);
                budget_rows_ui(ui, cx, data, &mut s);
                faction_rows_ui(ui, cx, &mut s);
            });
        s.secondary.retain(|x| *x != s.nemesis);
        if s.budget == Budget::PerPlayer {
            alert(ui, Tone::Warning, cx.t("campaign.ui.per_player_warning"));
        }
        if s != c.settings {
            cx.send(edit(
                id,
                CampaignEdit::Setup(SetupEdit::SetSettings { settings: s }),
            ));
        }
    });
}

/// The settings' rows of dice and rules: the VP to win, the Cran die, the
/// injuries, fate points, the difficulty and the reinforcement pool.
fn dice_rows_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, data: &CampaignData, s: &mut Settings) {
    let l = ui.label(cx.t("campaign.ui.threshold"));
    ui.add(egui::DragValue::new(&mut s.vp_threshold).range(1..=data.limits.vp_threshold_max))
        .labelled_by(l.id);
    ui.end_row();
    // Where a player first meets Cran: what it is, said once (CMP-9,
    // CMP-11).
    let explained = cx.t("campaign.ui.cran_explained");
    let l = ui
        .label(cx.t("campaign.ui.cran_die"))
        .on_hover_text(explained);
    egui::ComboBox::from_id_salt("cmp-cran_die")
        .selected_text(format!("D{}", s.cran_die))
        .show_ui(ui, |ui| {
            for f in &data.cran {
                ui.selectable_value(&mut s.cran_die, f.die, format!("D{}", f.die));
            }
        })
        .response
        .labelled_by(l.id)
        .on_hover_text(explained);
    ui.end_row();
    ui.label("");
    ui.add(
        egui::Label::new(
            RichText::new(explained)
                .small()
                .color(palette().ink.subdued),
        )
        .wrap(),
    );
    ui.end_row();
    ui.label(cx.t("campaign.ui.injuries"));
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut s.injuries,
            Injuries::Standard,
            cx.t("campaign.ui.injuries.standard"),
        );
        ui.radio_value(
            &mut s.injuries,
            Injuries::GangWar,
            cx.t("campaign.ui.injuries.gang_war"),
        );
    });
    ui.end_row();
    ui.label(cx.t("campaign.ui.fate_points"));
    ui.checkbox(
        &mut s.fate_points,
        cx.f(
            "campaign.ui.fate_points_each",
            &[("count", &data.fate_points_per_player.to_string())],
        ),
    );
    ui.end_row();
    let l = ui.label(cx.t("campaign.ui.difficulty"));
    ui.add(egui::DragValue::new(&mut s.difficulty).range(0..=data.limits.difficulty_max))
        .labelled_by(l.id);
    ui.end_row();
    ui.label(cx.t("campaign.ui.pool"));
    ui.horizontal(|ui| {
        ui.radio_value(&mut s.pool, PoolMode::Split, cx.t("campaign.ui.pool.split"));
        ui.radio_value(
            &mut s.pool,
            PoolMode::Pooled,
            cx.t("campaign.ui.pool.pooled"),
        );
    });
    ui.end_row();
}

/// The settings' rows of the recruitment budget (CMP-16): split or per
/// player, and its points.
fn budget_rows_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, data: &CampaignData, s: &mut Settings) {
    // CMP-16: the recruitment budget, split or per player.
    ui.label(cx.t("campaign.ui.budget"));
    ui.vertical(|ui| {
        for b in [Budget::Split, Budget::PerPlayer] {
            ui.radio_value(&mut s.budget, b, cx.t(b.key()));
        }
    });
    ui.end_row();
    ui.label(cx.t("campaign.ui.recruitment_budget"));
    ui.horizontal(|ui| {
        let mut set = s.recruitment_budget.is_some();
        if ui
            .checkbox(&mut set, cx.t("campaign.ui.budget_set"))
            .changed()
        {
            s.recruitment_budget = set.then_some(
                s.recruitment_budget
                    .unwrap_or(data.limits.recruitment_budget),
            );
        }
        if let Some(points) = &mut s.recruitment_budget {
            let l = ui.label(cx.t("campaign.ui.budget_points"));
            ui.add(egui::DragValue::new(points).range(1..=data.limits.recruitment_budget_max))
                .labelled_by(l.id);
        }
    });
    ui.end_row();
}

/// The settings' rows of the enemy: the nemesis and the secondary factions.
fn faction_rows_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &mut Settings) {
    let data = &cx.rules.campaign;
    let l = ui.label(cx.t("campaign.ui.nemesis"));
    let nemesis = if s.nemesis.is_empty() {
        cx.t("campaign.ui.choose").to_owned()
    } else {
        cx.lang.faction(&cx.rules.campaign, &s.nemesis)
    };
    egui::ComboBox::from_id_salt("cmp-nemesis")
        .selected_text(nemesis)
        .show_ui(ui, |ui| {
            for f in &data.factions {
                ui.selectable_value(
                    &mut s.nemesis,
                    f.id.clone(),
                    name_in(&f.names, cx.lang.code(), f.id.as_str()),
                );
            }
        })
        .response
        .labelled_by(l.id);
    ui.end_row();
    ui.label(cx.t("campaign.ui.secondary"));
    ui.horizontal_wrapped(|ui| {
        for f in &data.factions {
            if f.id == s.nemesis {
                continue;
            }
            let mut on = s.secondary.contains(&f.id);
            if ui
                .checkbox(&mut on, name_in(&f.names, cx.lang.code(), f.id.as_str()))
                .changed()
            {
                if on {
                    s.secondary.push(f.id.clone());
                } else {
                    s.secondary.retain(|x| x != &f.id);
                }
            }
        }
    });
    ui.end_row();
}

/// The escort a roster or kill team gives: a copy of its characters.
fn new_escort(cx: &ViewCtx<'_>, key: &DocKey, player: &str) -> Option<NewEscort> {
    let player = player.trim();
    if player.is_empty() {
        return None;
    }
    let doc = cx.model.doc(key)?;
    let (kind, members): (EscortKind, Vec<Member>) = match doc {
        Doc::Roster(r) => (
            EscortKind::Band,
            r.characters
                .iter()
                .cloned()
                .map(Member::Character)
                .collect(),
        ),
        Doc::KillTeam(t) => (
            EscortKind::KillTeam,
            t.soldiers.iter().cloned().map(Member::Soldier).collect(),
        ),
        Doc::Campaign(_) => return None,
    };
    if members.is_empty() {
        return None;
    }
    Some(NewEscort {
        player: player.to_owned(),
        source: doc.name().to_owned(),
        kind,
        members,
        doc: Some(key.id.clone()),
    })
}

/// An escort's cost as recruits against its player's share of the
/// recruitment budget (CMP-16): by icon and word, not colour alone.
fn budget_badge(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, escort: EscortId) {
    let cost = match queries::mustering(c).cost(escort, &cx.rules) {
        Ok(cost) => cost,
        Err(p) => {
            badge(ui, Tone::Error, &cx.lang.problem_line(&p));
            return;
        }
    };
    let cost_text = cost.to_string();
    match queries::mustering(c).budget_share() {
        None => {
            ui.label(
                RichText::new(cx.f("campaign.ui.escort_cost", &[("cost", &cost_text)]))
                    .color(palette().ink.subdued),
            );
        }
        Some(share) => {
            let args = [("cost", cost_text.as_str()), ("share", &share.to_string())];
            if cost > share {
                badge(ui, Tone::Error, &cx.f("campaign.ui.over_share", &args));
            } else {
                badge(ui, Tone::Good, &cx.f("campaign.ui.within_share", &args));
            }
        }
    }
}
