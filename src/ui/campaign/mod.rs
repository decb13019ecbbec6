//! The campaign screen: its header (VP, reinforcements, fate points, the
//! mission), then by phase the setup, the overview of the escort, the table
//! of the mission being played, the post-mission wizard and the journal.
//! Every button records a campaign event; nothing here computes a rule.

mod debrief;
mod dice;
mod journal;
mod overview;
mod parts;
mod table;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, Model};
use crate::i18n::Lang;
use crate::rules::campaign::{
    Budget, Campaign, CampaignEdit, Injuries, Member, NewEscort, Phase, PoolMode,
};
use crate::rules::core::names::name_in;
use crate::rules::{Doc, DocKey};
use crate::ui::campaign::dice::MissionDraw;
use crate::ui::campaign::journal::JournalView;
use crate::ui::campaign::overview::overview_ui;
use crate::ui::campaign::parts::PlayView;
use crate::ui::campaign::parts::{edit, faction_name};
use crate::ui::theme::{PALETTE, space};
use crate::ui::widgets::{
    Tone, alert, badge, card, card_title, icon_button, keep_whole, labelled_text, text_width,
};

/// The parts of the campaign screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tab {
    /// The escort and the next mission (or the setup).
    #[default]
    Overview,
    /// The mission being played.
    Table,
    /// After the mission.
    Debrief,
    /// Every event.
    Journal,
}

/// State of the campaign screen.
#[derive(Default)]
pub struct CampaignView {
    /// The campaign shown last, and its phase (the tab follows the phase
    /// when it changes).
    seen: Option<(String, Phase)>,
    /// The part shown.
    pub tab: Tab,
    /// Setup: the next escort's player.
    player: String,
    /// Setup: the roster or kill team the next escort comes from.
    source: Option<DocKey>,
    /// The table and the wizard.
    pub play: PlayView,
    /// The journal.
    pub journal: JournalView,
    /// The campaign's name being typed.
    name: String,
    /// The campaign's notes being typed.
    notes: String,
    /// Put the cursor in the name field at the next frame (F2).
    pub focus_name: bool,
    /// Setup: the first mission, picked or its dice typed in.
    first: MissionDraw,
}

impl CampaignView {
    /// Shows campaign `id`.
    pub fn ui(&mut self, ui: &mut egui::Ui, model: &Model, id: &str, out: &mut Vec<Command>) {
        let lang = model.lang;
        let Some(c) = model.get::<Campaign>(id) else {
            alert(ui, Tone::Info, lang.t("campaign.ui.missing"));
            return;
        };
        let seen = Some((id.to_owned(), c.phase));
        if self.seen != seen {
            let same_doc = self.seen.as_ref().is_some_and(|(s, _)| s == id);
            self.tab = match c.phase {
                Phase::Playing => Tab::Table,
                Phase::Debrief => Tab::Debrief,
                _ if same_doc && self.tab == Tab::Journal => Tab::Journal,
                _ => Tab::Overview,
            };
            self.seen = seen;
        }
        self.header_ui(ui, model, c, out);
        ui.add_space(space::S);
        self.tabs_ui(ui, lang, c);
        ui.add_space(space::S);
        match self.tab {
            Tab::Overview if c.phase == Phase::Setup => self.setup_ui(ui, model, c, out),
            Tab::Overview => {
                let owed = c.characters.iter().any(|x| {
                    x.state.alive()
                        && matches!(&x.member, Member::Character(ch) if ch.points_left() > 0)
                });
                if c.phase == Phase::Ready && owed {
                    self.play.advances_ui(ui, model, c, None, 1, out);
                    ui.add_space(space::M);
                }
                if let Some(who) =
                    overview_ui(ui, model, c, &mut self.play.dice, &mut self.notes, out)
                {
                    self.journal.character = Some(who);
                    self.tab = Tab::Journal;
                }
            }
            Tab::Table => self.play.table_ui(ui, model, c, out),
            Tab::Debrief => self.play.debrief_ui(ui, model, c, out),
            Tab::Journal => self.journal.ui(ui, model, c, out),
        }
    }

    fn tabs_ui(&mut self, ui: &mut egui::Ui, lang: Lang, c: &Campaign) {
        ui.horizontal(|ui| {
            let tabs = [
                (
                    Tab::Overview,
                    icons::ICON_DASHBOARD,
                    "campaign.ui.tab.overview",
                    true,
                ),
                (
                    Tab::Table,
                    icons::ICON_CROSSWORD,
                    "campaign.ui.tab.table",
                    c.phase == Phase::Playing,
                ),
                (
                    Tab::Debrief,
                    icons::ICON_HEALING,
                    "campaign.ui.tab.debrief",
                    c.phase == Phase::Debrief,
                ),
                (
                    Tab::Journal,
                    icons::ICON_HISTORY,
                    "campaign.ui.tab.journal",
                    true,
                ),
            ];
            for (tab, icon, key, enabled) in tabs {
                let name = lang.t(key);
                let r = ui.add_enabled(
                    enabled,
                    egui::Button::selectable(self.tab == tab, format!("{} {name}", icon.codepoint)),
                );
                r.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::Tab, enabled, self.tab == tab, name)
                });
                if r.clicked() {
                    self.tab = tab;
                }
            }
        });
    }

    fn setup_ui(&mut self, ui: &mut egui::Ui, model: &Model, c: &Campaign, out: &mut Vec<Command>) {
        let lang = model.lang;
        let data = &model.rules.campaign;
        let id = c.id.as_str();
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_SETTINGS, lang.t("campaign.ui.settings"));
            let mut s = c.settings.clone();
            egui::Grid::new("cmp-settings")
                .num_columns(2)
                .spacing([space::M, space::S])
                .show(ui, |ui| {
                    let l = ui.label(lang.t("campaign.ui.threshold"));
                    ui.add(
                        egui::DragValue::new(&mut s.vp_threshold)
                            .range(1..=data.limits.vp_threshold_max),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label(lang.t("campaign.ui.cran_die"));
                    egui::ComboBox::from_id_salt("cmp-cran_die")
                        .selected_text(format!("D{}", s.cran_die))
                        .show_ui(ui, |ui| {
                            for f in &data.cran {
                                ui.selectable_value(&mut s.cran_die, f.die, format!("D{}", f.die));
                            }
                        })
                        .response
                        .labelled_by(l.id);
                    ui.end_row();
                    ui.label(lang.t("campaign.ui.injuries"));
                    ui.horizontal(|ui| {
                        ui.radio_value(
                            &mut s.injuries,
                            Injuries::Standard,
                            lang.t("campaign.ui.injuries.standard"),
                        );
                        ui.radio_value(
                            &mut s.injuries,
                            Injuries::GangWar,
                            lang.t("campaign.ui.injuries.gang_war"),
                        );
                    });
                    ui.end_row();
                    ui.label(lang.t("campaign.ui.fate_points"));
                    ui.checkbox(
                        &mut s.fate_points,
                        lang.f(
                            "campaign.ui.fate_points_each",
                            &[("count", &data.fate_points_per_player.to_string())],
                        ),
                    );
                    ui.end_row();
                    let l = ui.label(lang.t("campaign.ui.difficulty"));
                    ui.add(
                        egui::DragValue::new(&mut s.difficulty)
                            .range(0..=data.limits.difficulty_max),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                    ui.label(lang.t("campaign.ui.pool"));
                    ui.horizontal(|ui| {
                        ui.radio_value(
                            &mut s.pool,
                            PoolMode::Split,
                            lang.t("campaign.ui.pool.split"),
                        );
                        ui.radio_value(
                            &mut s.pool,
                            PoolMode::Pooled,
                            lang.t("campaign.ui.pool.pooled"),
                        );
                    });
                    ui.end_row();
                    // CMP-16: the recruitment budget, split or per player.
                    ui.label(lang.t("campaign.ui.budget"));
                    ui.vertical(|ui| {
                        for b in [Budget::Split, Budget::PerPlayer] {
                            ui.radio_value(&mut s.budget, b, lang.t(b.key()));
                        }
                    });
                    ui.end_row();
                    ui.label(lang.t("campaign.ui.recruitment_budget"));
                    ui.horizontal(|ui| {
                        let mut set = s.recruitment_budget.is_some();
                        if ui
                            .checkbox(&mut set, lang.t("campaign.ui.budget_set"))
                            .changed()
                        {
                            s.recruitment_budget = set.then_some(
                                s.recruitment_budget
                                    .unwrap_or(data.limits.recruitment_budget),
                            );
                        }
                        if let Some(points) = &mut s.recruitment_budget {
                            let l = ui.label(lang.t("campaign.ui.budget_points"));
                            ui.add(
                                egui::DragValue::new(points)
                                    .range(1..=data.limits.recruitment_budget_max),
                            )
                            .labelled_by(l.id);
                        }
                    });
                    ui.end_row();
                    let l = ui.label(lang.t("campaign.ui.nemesis"));
                    let nemesis = if s.nemesis.is_empty() {
                        lang.t("campaign.ui.choose").to_owned()
                    } else {
                        faction_name(model, &s.nemesis)
                    };
                    egui::ComboBox::from_id_salt("cmp-nemesis")
                        .selected_text(nemesis)
                        .show_ui(ui, |ui| {
                            for f in &data.factions {
                                ui.selectable_value(
                                    &mut s.nemesis,
                                    f.id.clone(),
                                    name_in(&f.names, lang.code(), &f.id),
                                );
                            }
                        })
                        .response
                        .labelled_by(l.id);
                    ui.end_row();
                    ui.label(lang.t("campaign.ui.secondary"));
                    ui.horizontal_wrapped(|ui| {
                        for f in &data.factions {
                            if f.id == s.nemesis {
                                continue;
                            }
                            let mut on = s.secondary.contains(&f.id);
                            if ui
                                .checkbox(&mut on, name_in(&f.names, lang.code(), &f.id))
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
                });
            s.secondary.retain(|x| *x != s.nemesis);
            if s.budget == Budget::PerPlayer {
                alert(ui, Tone::Warning, lang.t("campaign.ui.per_player_warning"));
            }
            if s != c.settings {
                out.push(edit(id, CampaignEdit::SetSettings { settings: s }));
            }
        });
        ui.add_space(space::M);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_GROUPS, lang.t("campaign.ui.escorts"));
            for e in &c.escorts {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&e.player).strong());
                    ui.label(
                        RichText::new(lang.f(
                            "campaign.ui.escort_from",
                            &[
                                ("source", &e.source),
                                ("count", &c.members(e.id).count().to_string()),
                            ],
                        ))
                        .color(PALETTE.text_subdued),
                    );
                    budget_badge(ui, model, c, e.id);
                    let name = lang.f("campaign.ui.remove_escort", &[("player", &e.player)]);
                    if icon_button(
                        ui,
                        icons::ICON_DELETE,
                        lang.t("campaign.ui.remove"),
                        &name,
                        true,
                    )
                    .clicked()
                    {
                        out.push(edit(id, CampaignEdit::RemoveEscort { escort: e.id }));
                    }
                });
            }
            if c.escorts.is_empty() {
                alert(ui, Tone::Info, lang.t("campaign.ui.no_escort"));
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                labelled_text(ui, lang.t("campaign.ui.player"), &mut self.player);
                let l = ui.label(lang.t("campaign.ui.source"));
                let label_of = |k: &DocKey| {
                    model.doc(k).map_or_else(
                        || k.id.clone(),
                        |d| format!("{} ({})", d.name(), lang.t(d.kind_label())),
                    )
                };
                let shown = self
                    .source
                    .as_ref()
                    .map_or_else(|| lang.t("campaign.ui.choose").to_owned(), label_of);
                egui::ComboBox::from_id_salt("cmp-source")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        for d in &model.docs {
                            if matches!(d, Doc::Roster(_) | Doc::KillTeam(_)) {
                                let k = d.key();
                                let text = label_of(&k);
                                ui.selectable_value(&mut self.source, Some(k), text);
                            }
                        }
                    })
                    .response
                    .labelled_by(l.id);
                let escort = self
                    .source
                    .as_ref()
                    .and_then(|k| new_escort(model, k, &self.player));
                let add = lang.t("campaign.ui.add_escort");
                if icon_button(ui, icons::ICON_PERSON_ADD, add, add, escort.is_some()).clicked()
                    && let Some(escort) = escort
                {
                    out.push(edit(id, CampaignEdit::AddEscort { escort }));
                    self.player.clear();
                    self.source = None;
                }
            });
        });
        ui.add_space(space::M);
        let problems = c.settings.problems(data);
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(
                ui,
                icons::ICON_PLAY_ARROW,
                lang.t("campaign.ui.start_title"),
            );
            for p in &problems {
                alert(ui, Tone::Warning, &lang.problem_line(p));
            }
            // CMP-2, CMP-3: a random Investigation, drawn or picked; its
            // dice typed in or rolled.
            let choice = self.first.ui(
                ui,
                model,
                c,
                crate::rules::campaign::MissionType::Investigation,
                false,
            );
            let ready = problems.is_empty() && !c.characters.is_empty() && choice.is_some();
            let start = lang.t("campaign.ui.start");
            if icon_button(
                ui,
                icons::ICON_PLAY_ARROW,
                start,
                start,
                ready && !model.read_only,
            )
            .clicked()
                && let Some(choice) = choice
            {
                out.push(edit(
                    id,
                    CampaignEdit::Start {
                        rates: None,
                        choice,
                    },
                ));
                self.first.reset();
            }
        });
    }
}

/// The escort a roster or kill team gives: a copy of its characters.
fn new_escort(model: &Model, key: &DocKey, player: &str) -> Option<NewEscort> {
    let player = player.trim();
    if player.is_empty() {
        return None;
    }
    let doc = model.doc(key)?;
    let members: Vec<Member> = match doc {
        Doc::Roster(r) => r
            .characters
            .iter()
            .cloned()
            .map(Member::Character)
            .collect(),
        Doc::KillTeam(t) => t.soldiers.iter().cloned().map(Member::Soldier).collect(),
        Doc::Campaign(_) | Doc::Other(_) => return None,
    };
    if members.is_empty() {
        return None;
    }
    Some(NewEscort {
        player: player.to_owned(),
        source: doc.name().to_owned(),
        kind: doc.kind().to_owned(),
        members,
        doc: Some(key.id.clone()),
    })
}

/// An escort's cost as recruits against its player's share of the
/// recruitment budget (CMP-16): by icon and word, not colour alone.
fn budget_badge(ui: &mut egui::Ui, model: &Model, c: &Campaign, escort: u32) {
    let lang = model.lang;
    let cost = match c.escort_cost(escort, &model.rules) {
        Ok(cost) => cost,
        Err(p) => {
            badge(ui, Tone::Error, &lang.problem_line(&p));
            return;
        }
    };
    let cost_text = cost.to_string();
    match c.budget_share() {
        None => {
            ui.label(
                RichText::new(lang.f("campaign.ui.escort_cost", &[("cost", &cost_text)]))
                    .color(PALETTE.text_subdued),
            );
        }
        Some(share) => {
            let args = [("cost", cost_text.as_str()), ("share", &share.to_string())];
            if cost > share {
                badge(ui, Tone::Error, &lang.f("campaign.ui.over_share", &args));
            } else {
                badge(ui, Tone::Good, &lang.f("campaign.ui.within_share", &args));
            }
        }
    }
}

/// One number per escort: alone, the number; in co-op, each player's name
/// before his, so that a glance tells whose is whose.
fn per_player<N: std::fmt::Display>(
    c: &Campaign,
    of: impl Fn(&crate::rules::campaign::Escort) -> N,
) -> String {
    if let [one] = c.escorts.as_slice() {
        return of(one).to_string();
    }
    c.escorts
        .iter()
        .map(|e| format!("{} {}", e.player, of(e)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// One figure of the header: an icon, a number and what it counts.
fn stat_ui(ui: &mut egui::Ui, icon: egui_material_icons::MaterialIcon, value: &str, what: &str) {
    let icon = icon.rich_text().size(28.0).color(PALETTE.accent);
    let value_text = RichText::new(value).size(22.0).strong().color(PALETTE.text);
    let what_text = RichText::new(what).color(PALETTE.text_subdued);
    // The card goes whole to the next line when it does not fit.
    let width_of = |t: &RichText| text_width(ui, t.clone());
    let frame = crate::ui::theme::card_frame();
    let width = width_of(&icon)
        + ui.spacing().item_spacing.x
        + width_of(&value_text).max(width_of(&what_text)).max(120.0)
        + frame.total_margin().sum().x;
    keep_whole(ui, width);
    card(ui, |ui| {
        ui.set_min_width(120.0);
        ui.horizontal(|ui| {
            ui.label(icon);
            ui.vertical(|ui| {
                ui.label(value_text);
                ui.label(what_text);
            });
        });
    })
    .response
    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, format!("{what}: {value}")));
}

impl CampaignView {
    fn header_ui(
        &mut self,
        ui: &mut egui::Ui,
        model: &Model,
        c: &Campaign,
        out: &mut Vec<Command>,
    ) {
        let lang = model.lang;
        ui.horizontal(|ui| {
            ui.label(
                icons::ICON_FLAG
                    .rich_text()
                    .size(26.0)
                    .color(PALETTE.accent),
            );
            let r = labelled_text(ui, lang.t("campaign.ui.name"), &mut self.name);
            if std::mem::take(&mut self.focus_name) {
                r.request_focus();
            }
            if crate::ui::widgets::text_committed(ui, &r) && self.name.trim() != c.name {
                out.push(Command::Rename(
                    DocKey::of::<Campaign>(c.id.as_str()),
                    self.name.clone(),
                ));
            } else if !r.has_focus() && self.name != c.name {
                self.name = c.name.clone();
            }
            badge(ui, Tone::Info, lang.t(c.phase.key()));
            let problems = model.problems_of(&DocKey::of::<Campaign>(c.id.as_str()));
            if !problems.is_empty() {
                badge(
                    ui,
                    Tone::Error,
                    &lang.f("problems.count", &[("count", &problems.len().to_string())]),
                );
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let print = lang.t("action.print_preview");
                if icon_button(ui, icons::ICON_PRINT, print, print, true).clicked() {
                    out.push(Command::Show(crate::app::Screen::Print(DocKey::of::<
                        Campaign,
                    >(
                        c.id.as_str()
                    ))));
                }
            });
        });
        for p in model.problems_of(&DocKey::of::<Campaign>(c.id.as_str())) {
            alert(ui, Tone::Error, &lang.problem_line(p));
        }
        // Where its escort came from (CMP-17), from its setup on.
        if let Some(from) = &c.carried {
            badge(
                ui,
                Tone::Info,
                &lang.f("campaign.ui.carried_from", &[("campaign", &from.campaign)]),
            );
        }
        if c.phase == Phase::Setup {
            return;
        }
        let row = egui::Layout::left_to_right(egui::Align::TOP).with_main_wrap(true);
        // A row as tall as its cards: a wrapping row as tall as the space
        // left would put its second line at the bottom of that space.
        let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(size, row, |ui| {
            stat_ui(
                ui,
                icons::ICON_EMOJI_EVENTS,
                &format!("{} / {}", c.vp, c.settings.vp_threshold),
                lang.t("campaign.ui.vp"),
            );
            let rp = match c.settings.pool {
                PoolMode::Pooled => c.pool.to_string(),
                PoolMode::Split => per_player(c, |e| e.reinforcement),
            };
            stat_ui(
                ui,
                icons::ICON_GROUP,
                &rp,
                lang.t("campaign.ui.reinforcement"),
            );
            if c.settings.fate_points {
                let fate = per_player(c, |e| e.fate_points);
                stat_ui(ui, icons::ICON_STAR, &fate, lang.t("campaign.ui.fate"));
            }
            stat_ui(
                ui,
                icons::ICON_MAP,
                &c.missions_played.to_string(),
                lang.t("campaign.ui.missions_played"),
            );
        });
        if let Some(end) = &c.end {
            let key = if end.won {
                "campaign.ui.won"
            } else if end.carries_over {
                "campaign.ui.lost_carry"
            } else {
                "campaign.ui.lost"
            };
            alert(
                ui,
                if end.won { Tone::Good } else { Tone::Warning },
                &lang.f(key, &[("points", &end.resources.to_string())]),
            );
            if end.carries_over {
                next_campaign_ui(ui, model, c, out);
            }
        }
    }
}

/// "Start the next campaign" (CMP-17): a new campaign document seeded with
/// this one's survivors, made on the click; one undoable step.
fn next_campaign_ui(ui: &mut egui::Ui, model: &Model, c: &Campaign, out: &mut Vec<Command>) {
    let lang = model.lang;
    // Only an ended campaign is shown this, so the check is not every frame
    // of play.
    if let Err(p) = c.carry_over() {
        alert(ui, Tone::Info, &lang.problem_line(&p));
        return;
    }
    let word = lang.t("campaign.ui.next_campaign");
    if icon_button(ui, icons::ICON_FORWARD, word, word, !model.read_only)
        .on_hover_text(lang.t("campaign.ui.next_campaign_hint"))
        .clicked()
    {
        out.push(Command::NextCampaign(c.id.clone()));
    }
}
