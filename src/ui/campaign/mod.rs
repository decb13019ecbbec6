//! The campaign screen: its header (VP, reinforcements, fate points, the
//! mission), then by phase the setup, the overview of the escort, the table
//! of the mission being played, the debrief and the journal.
//! Every button records a campaign event; nothing here computes a rule.

mod actions;
mod cards;
mod chronicle;
mod chronicle_charts;
mod compact;
mod debrief;
mod dice;
mod fight;
mod free_gear;
mod held;
pub use held::held_strip_ui;
mod items;
mod journal;
mod loot;
mod mission_card;
mod named;
mod overview;
mod parts;
mod player_card;
mod recruit;
mod service;
mod setup;
mod table;
mod turn;
mod victory;

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{Command, Screen};
use crate::rules::DocKey;
use crate::rules::campaign as rules_campaign;
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, End, Escort, Phase, PoolMode};
use crate::ui::campaign::journal::JournalView;
use crate::ui::campaign::overview::overview_ui;
use crate::ui::campaign::parts::MissionState;
use crate::ui::campaign::setup::SetupView;
use crate::ui::context::ViewCtx;
use crate::ui::library::versions;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{
    Tone, alert, badge, card, icon_button, keep_whole, labelled_text, problems_badge, text_width,
};
use crate::ui::{theme, widgets};

/// The parts of the campaign screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
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
    /// The story, mission by mission.
    Chronicle,
    /// The rules it is played under.
    HouseRules,
}

/// State of the campaign screen.
#[derive(Default)]
pub struct CampaignView {
    /// The campaign shown last, and its phase (the tab follows the phase
    /// when it changes).
    seen: Option<(String, Phase)>,
    /// The part shown.
    pub(crate) tab: Tab,
    /// The setup page: the next escort and the first mission.
    setup: SetupView,
    /// What the table and the debrief keep typed.
    mission: MissionState,
    /// The journal.
    pub journal: JournalView,
    /// The story, mission by mission.
    chronicle: chronicle::ChronicleView,
    /// The rules it is played under.
    house_rules: crate::ui::house_rules::HouseRulesView,
    /// The campaign's name being typed.
    name: String,
    /// The campaign's notes being typed.
    notes: String,
    /// Put the cursor in the name field at the next frame (F2).
    pub(crate) focus_name: bool,
}

impl CampaignView {
    /// What stays in view under the screen's scrolled view: at the table,
    /// who attacks while an attacker is picked.
    pub fn docked_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, id: &str) {
        if self.tab != Tab::Table {
            return;
        }
        if let Some(c) = cx.model.get::<Campaign>(id) {
            self.mission.fight_strip_ui(ui, cx, c);
        }
    }

    /// Shows campaign `id`.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, id: &str) {
        let Some(c) = cx.model.get::<Campaign>(id) else {
            alert(ui, Tone::Info, cx.t("campaign.ui.missing"));
            return;
        };
        let seen = Some((id.to_owned(), c.phase));
        if self.seen != seen {
            let same_doc = self.seen.as_ref().is_some_and(|(s, _)| s == id);
            self.tab = match c.phase {
                Phase::Playing => Tab::Table,
                Phase::Debrief => Tab::Debrief,
                _ if same_doc
                    && matches!(self.tab, Tab::Journal | Tab::Chronicle | Tab::HouseRules) =>
                {
                    self.tab
                }
                _ => Tab::Overview,
            };
            self.seen = seen;
        }
        versions::pending_banner_ui(ui, cx, &DocKey::of::<Campaign>(id));
        held::held_ui(ui, cx, c);
        self.header_ui(ui, cx, c);
        ui.add_space(space::S);
        self.tabs_ui(ui, cx, c);
        ui.add_space(space::S);
        match self.tab {
            Tab::Overview if c.phase == Phase::Setup => self.setup.ui(ui, cx, c),
            Tab::Overview => {
                // CHR-13: the points earned after a mission, so never before
                // the first; a point that fits nowhere is kept, not owed.
                let owed = c.missions_played > 0
                    && c.phase == Phase::Ready
                    && !rules_campaign::debrief::advances_owed(c, &cx.rules)
                        .0
                        .is_empty();
                if owed {
                    self.mission.advances_ui(ui, cx, c, None, 1);
                    ui.add_space(space::M);
                }
                if let Some(who) = overview_ui(ui, cx, c, &mut self.mission.dice, &mut self.notes) {
                    self.journal.character = Some(who);
                    self.tab = Tab::Journal;
                }
            }
            Tab::Table => self.mission.table_ui(ui, cx, c),
            Tab::Debrief => self.mission.debrief_ui(ui, cx, c),
            Tab::Journal => self.journal.ui(ui, cx, c),
            Tab::Chronicle => match self.chronicle.ui(ui, cx, c) {
                Some(chronicle::Go::Character(who)) => {
                    self.journal.character = Some(who);
                    self.journal.mission = None;
                    self.tab = Tab::Journal;
                }
                Some(chronicle::Go::Mission(m)) => {
                    self.journal.character = None;
                    self.journal.mission = Some(m);
                    self.tab = Tab::Journal;
                }
                None => {}
            },
            Tab::HouseRules => {
                let whose = crate::ui::house_rules::Whose::Campaign(c);
                self.house_rules.ui(ui, cx, whose);
            }
        }
    }

    fn tabs_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
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
                (
                    Tab::Chronicle,
                    icons::ICON_AUTO_STORIES,
                    "campaign.ui.tab.chronicle",
                    true,
                ),
                (
                    Tab::HouseRules,
                    icons::ICON_GAVEL,
                    "campaign.ui.tab.house_rules",
                    true,
                ),
            ];
            for (tab, icon, key, enabled) in tabs {
                let name = cx.t(key);
                let r = ui.add_enabled(
                    enabled,
                    egui::Button::selectable(self.tab == tab, format!("{} {name}", icon.codepoint)),
                );
                r.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::Tab, enabled, self.tab == tab, name)
                });
                // Why a tab is greyed out, and how to reach it.
                let why = match tab {
                    Tab::Table => Some("campaign.ui.tab.table_hint"),
                    Tab::Debrief => Some("campaign.ui.tab.debrief_hint"),
                    _ => None,
                };
                let r = match why {
                    Some(key) if !enabled => r.on_disabled_hover_text(cx.t(key)),
                    _ => r,
                };
                if r.clicked() {
                    self.tab = tab;
                }
            }
        });
    }
}

/// One number per escort: alone, the number; in co-op, each player's name
/// before his, so that a glance tells whose is whose.
fn per_player<N: std::fmt::Display>(c: &Campaign, of: impl Fn(&Escort) -> N) -> String {
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
fn stat_ui(
    ui: &mut egui::Ui,
    lang: crate::i18n::Lang,
    icon: egui_material_icons::MaterialIcon,
    value: &str,
    what: &str,
) {
    let icon = icon.rich_text().size(28.0).color(palette().ink.accent);
    let value_text = RichText::new(value)
        .size(22.0)
        .strong()
        .color(palette().ink.text);
    let what_text = RichText::new(what).color(palette().ink.subdued);
    // The card goes whole to the next line when it does not fit.
    let width_of = |t: &RichText| text_width(ui, t.clone());
    let frame = theme::card_frame();
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
    .widget_info(|| {
        // Set as the language sets a colon ("Points de victoire : 4 / 10").
        let named = lang.typeset(format!("{what}: {value}"));
        egui::WidgetInfo::labeled(egui::Role::Label, true, named)
    });
}

impl CampaignView {
    /// The header: the name, the phase, the problems, where the escort came
    /// from and, once started, the campaign's figures and its end.
    fn header_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        ui.horizontal(|ui| self.title_row_ui(ui, cx, c));
        for p in cx.model.problems_of(&DocKey::of::<Campaign>(c.id.as_str())) {
            alert(ui, Tone::Error, &cx.lang.problem_line(p));
        }
        // Where its escort came from (CMP-17), from its setup on.
        if let Some(from) = &c.carried {
            badge(
                ui,
                Tone::Info,
                &cx.f("campaign.ui.carried_from", &[("campaign", &from.campaign)]),
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
                cx.lang,
                icons::ICON_EMOJI_EVENTS,
                &format!("{} / {}", c.vp, c.settings.vp_threshold),
                cx.t("campaign.ui.vp"),
            );
            let rp = match c.settings.pool {
                PoolMode::Pooled => c.pool.to_string(),
                PoolMode::Split => per_player(c, |e| e.reinforcement),
            };
            stat_ui(
                ui,
                cx.lang,
                icons::ICON_GROUP,
                &rp,
                cx.t("campaign.ui.reinforcement"),
            );
            if c.settings.fate_points {
                let fate = per_player(c, |e| e.fate_points);
                stat_ui(
                    ui,
                    cx.lang,
                    icons::ICON_STAR,
                    &fate,
                    cx.t("campaign.ui.fate"),
                );
            }
            stat_ui(
                ui,
                cx.lang,
                icons::ICON_MAP,
                &c.missions_played.to_string(),
                cx.t("campaign.ui.missions_played"),
            );
        });
        if let Some(end) = &c.end {
            end_ui(ui, cx, c, end);
        }
    }

    /// The header's first row: the name (F2), the phase, the problems'
    /// count and "Print preview".
    fn title_row_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        ui.label(
            icons::ICON_FLAG
                .rich_text()
                .size(26.0)
                .color(palette().ink.accent),
        );
        let r = labelled_text(ui, cx.t("campaign.ui.name"), &mut self.name);
        if std::mem::take(&mut self.focus_name) {
            r.request_focus();
        }
        if widgets::text_committed(ui, &r) && self.name.trim() != c.name {
            cx.send(Command::Rename(
                DocKey::of::<Campaign>(c.id.as_str()),
                self.name.clone(),
            ));
        } else if !r.has_focus() && self.name != c.name {
            self.name = c.name.clone();
        }
        badge(ui, Tone::Info, cx.t(c.phase.key()));
        let problems = cx.model.problems_of(&DocKey::of::<Campaign>(c.id.as_str()));
        if !problems.is_empty() {
            problems_badge(ui, cx, problems.len());
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            // Clear of the scroll bar, which floats over the right edge.
            ui.add_space(crate::ui::theme::space::M);
            let print = cx.t("action.print_preview");
            if icon_button(ui, icons::ICON_PRINT, print, print, true).clicked() {
                cx.send(Command::Show(Screen::Print(DocKey::of::<Campaign>(
                    c.id.as_str(),
                ))));
            }
        });
    }
}

/// How the campaign ended, and "Start the next campaign" when its escort
/// carries over (CMP-17).
fn end_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, end: &End) {
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
        &cx.f(key, &[("points", &end.resources.to_string())]),
    );
    if end.carries_over {
        next_campaign_ui(ui, cx, c);
    }
}

/// "Start the next campaign" (CMP-17): a new campaign document seeded with
/// this one's survivors, made on the click; one undoable step.
fn next_campaign_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    // Only an ended campaign is shown this, so the check is not every frame
    // of play.
    if let Err(p) = queries::sequel(c).carry_over() {
        alert(ui, Tone::Info, &cx.lang.problem_line(&p));
        return;
    }
    let word = cx.t("campaign.ui.next_campaign");
    if icon_button(
        ui,
        icons::ICON_FORWARD,
        word,
        word,
        !cx.model.folder.read_only,
    )
    .on_hover_text(cx.t("campaign.ui.next_campaign_hint"))
    .clicked()
    {
        cx.send(Command::NextCampaign(c.id.clone()));
    }
}
