//! The Chronicle tab: the campaign's story, mission by mission, as its
//! journal tells it (`rules::campaign::chronicle`): how each ended and
//! the VP it brought, drawn against the Final's threshold, who fell and
//! who came back wounded, who joined, the tests and the recon. A name
//! opens that character's history. Told on the chronicle's thread when
//! the journal changes (`app::chronicle`), the story before shown
//! meanwhile.

use egui::RichText;
use egui_material_icons::icons;

use super::chronicle_charts::{ChartKind, charts_ui};
use crate::app::Command;
use crate::app::chronicle::{Told, Untold};
use crate::rules::campaign::chronicle::{Fate, MissionStory};
use crate::rules::campaign::{Campaign, CharId, State};
use crate::ui::campaign::parts::mission_name;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title};

/// The story's view: it is told on the chronicle's thread (`app::chronicle`).
#[derive(Default)]
pub struct ChronicleView {
    /// The campaign and journal length of the story drawn last.
    drawn: Option<(String, usize)>,
    /// Each mission card's height when last drawn, by number: a card out
    /// of sight takes its room without being drawn, so that a frame costs
    /// what is on screen.
    heights: std::collections::HashMap<u32, f32>,
    /// The chart shown above the missions.
    chart: ChartKind,
}

/// The story told last of campaign `c`, shown while a newer one is told;
/// asked of the chronicle's thread when the journal has grown since.
pub(super) fn story_of<'a>(cx: &'a ViewCtx<'_>, c: &Campaign) -> Option<&'a Told> {
    let job = &cx.model.jobs.chronicle;
    let told = job.told.as_ref().filter(|t| t.id == c.id);
    let asked = (job.asked.as_ref()).is_some_and(|(id, n)| *id == c.id && *n == c.journal.len());
    if !told.is_some_and(|t| t.tells(c)) && !asked {
        cx.send(Command::TellChronicle(c.id.clone()));
    }
    told
}

/// That the story is being told: a still mark, not a spinner (the
/// thread wakes the window when it is done; nothing repaints meanwhile).
pub(super) fn telling_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    ui.horizontal(|ui| {
        ui.label(
            icons::ICON_HOURGLASS
                .rich_text()
                .color(palette().ink.subdued),
        );
        ui.label(cx.t("campaign.chronicle.telling"));
    });
}

/// Where a click in the story leads, in the journal.
pub enum Go {
    /// A character's history.
    Character(CharId),
    /// One mission's events.
    Mission(u32),
}

impl ChronicleView {
    /// Shows the story of `c`; where a click leads (a character's history,
    /// a mission's events).
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) -> Option<Go> {
        let Some(told) = story_of(cx, c) else {
            telling_ui(ui, cx);
            return None;
        };
        let drawn = (told.id.clone(), told.entries);
        if self.drawn.as_ref() != Some(&drawn) {
            self.heights.clear();
            self.drawn = Some(drawn);
        }
        let story = match &told.story {
            Ok(story) => story,
            Err(Untold::Unplayable(i, p)) => {
                let why = cx.f(
                    "campaign.chronicle.unplayable",
                    &[
                        ("entry", &(i + 1).to_string()),
                        ("why", &cx.lang.problem(p)),
                    ],
                );
                alert(ui, Tone::Error, &why);
                return None;
            }
            Err(Untold::Crashed) => {
                alert(ui, Tone::Error, cx.t("campaign.chronicle.crashed"));
                return None;
            }
        };
        summary_ui(ui, cx, c, story);
        ui.add_space(space::S);
        charts_ui(ui, cx, (c, story), &mut self.chart);
        ui.add_space(space::M);
        let mut go = None;
        for s in story.iter().rev().filter(|s| s.number > 0) {
            let top = ui.cursor().min.y;
            let clip = ui.clip_rect();
            if let Some(&h) = self.heights.get(&s.number)
                && (top > clip.max.y || top + h < clip.min.y)
            {
                ui.allocate_space(egui::vec2(ui.available_width(), h));
            } else {
                let (to, height) = mission_ui(ui, cx, s);
                if to.is_some() {
                    go = to;
                }
                self.heights.insert(s.number, height);
            }
            ui.add_space(space::S);
        }
        go
    }
}

/// The story in one line: missions played, VP against the Final's, the
/// fallen.
fn summary_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, story: &[MissionStory]) {
    let played = story.iter().filter(|s| s.result.is_some()).count();
    let fallen: usize = story.iter().map(|s| s.fallen.len()).sum();
    ui.label(cx.f(
        "campaign.chronicle.summary",
        &[
            ("count", &played.to_string()),
            ("vp", &c.vp.to_string()),
            ("threshold", &c.settings.vp_threshold.to_string()),
            ("fallen", &fallen.to_string()),
        ],
    ));
}

/// One mission's card; where a click on it leads, and its height.
fn mission_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &MissionStory) -> (Option<Go>, f32) {
    let mut follow = None;
    let r = card(ui, |ui| {
        ui.set_width(ui.available_width());
        let title = match &s.mission {
            Some(m) => cx.f(
                "campaign.ui.mission_title",
                &[
                    ("number", &m.number.to_string()),
                    ("type", cx.t(m.mission_type.key())),
                    ("name", &mission_name(cx, m)),
                ],
            ),
            None => cx.f(
                "campaign.chronicle.mission",
                &[("number", &s.number.to_string())],
            ),
        };
        card_title(ui, icons::ICON_FLAG, &title);
        if let Some(m) = &s.mission {
            ui.label(
                RichText::new(cx.f(
                    "campaign.chronicle.enemy",
                    &[
                        ("faction", &cx.lang.faction(&cx.rules.campaign, &m.faction)),
                        ("points", &m.points.to_string()),
                    ],
                ))
                .color(palette().ink.subdued),
            );
        }
        result_ui(ui, cx, s);
        if let Some(who) = fates_ui(ui, cx, "campaign.chronicle.fallen", &s.fallen) {
            follow = Some(Go::Character(who));
        }
        if let Some(who) = fates_ui(ui, cx, "campaign.chronicle.wounded", &s.wounded) {
            follow = Some(Go::Character(who));
        }
        facts_ui(ui, cx, s);
        let word = cx.t("campaign.chronicle.events");
        let name = cx.f(
            "campaign.chronicle.events_of",
            &[("number", &s.number.to_string())],
        );
        if crate::ui::widgets::icon_button(ui, icons::ICON_HISTORY, word, &name, true).clicked() {
            follow = Some(Go::Mission(s.number));
        }
    });
    (follow, r.response.rect.height())
}

/// How the mission ended, by icon and word: succeeded, failed, or being
/// played.
fn result_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &MissionStory) {
    ui.horizontal_wrapped(|ui| match s.result_words() {
        Some((success, words)) => {
            let tone = if success { Tone::Good } else { Tone::Warning };
            badge(ui, tone, &cx.msg(&words));
        }
        None => {
            badge(ui, Tone::Info, cx.t("campaign.chronicle.in_play"));
        }
    });
}

/// Who joined, the tests rolled, the fate points spent, the recon, and
/// how many events the journal holds of the mission.
fn facts_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &MissionStory) {
    let mut facts = Vec::new();
    if !s.recruits.is_empty() {
        facts.push(cx.f(
            "campaign.chronicle.recruits",
            &[("names", &s.recruits.join(", "))],
        ));
    }
    if s.cran_tests > 0 {
        facts.push(cx.f(
            "campaign.chronicle.cran_tests",
            &[("count", &s.cran_tests.to_string())],
        ));
    }
    if s.fate_points > 0 {
        facts.push(cx.f(
            "campaign.chronicle.fate",
            &[("count", &s.fate_points.to_string())],
        ));
    }
    if !s.recon.is_empty() {
        facts.push(cx.f(
            "campaign.chronicle.recon",
            &[("names", &s.recon.join(", "))],
        ));
    }
    if s.vp_found > 0 {
        facts.push(cx.f(
            "campaign.chronicle.found",
            &[("vp", &s.vp_found.to_string())],
        ));
    }
    if !s.kills.is_empty() {
        let kills = crate::print::sheets::book_charts::kills_words(cx.lang, s);
        facts.push(cx.f("campaign.chronicle.kills", &[("kills", &kills)]));
    }
    if let Some(makers) = crate::print::sheets::book_charts::makers_words(cx.lang, s) {
        facts.push(cx.f("campaign.chronicle.makers", &[("makers", &makers)]));
    }
    for fact in facts {
        ui.label(fact);
    }
    ui.label(
        RichText::new(cx.f(
            "campaign.chronicle.entries",
            &[("count", &s.entries.len().to_string())],
        ))
        .color(palette().ink.subdued),
    );
}

/// The fallen or the wounded of a mission, each name a link to his history.
fn fates_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &str, fates: &[Fate]) -> Option<CharId> {
    if fates.is_empty() {
        return None;
    }
    let mut follow = None;
    ui.horizontal_wrapped(|ui| {
        let icon = if key.ends_with("fallen") {
            icons::ICON_SKULL
        } else {
            icons::ICON_HEALING
        };
        ui.label(icon.rich_text().color(palette().ink.accent));
        ui.label(RichText::new(cx.t(key)).strong());
        for f in fates {
            let how = cx.f(
                "campaign.chronicle.fate_of",
                &[
                    ("name", &f.name),
                    ("state", cx.t(state_key(f.state))),
                    ("by", cx.t(f.by)),
                ],
            );
            let r = ui.link(&how);
            let named = cx.f("campaign.chronicle.follow", &[("name", &f.name)]);
            let r = r.on_hover_text(&named);
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Link, true, &named));
            if r.clicked() {
                follow = Some(f.id);
            }
        }
    });
    follow
}

/// The locale key of a state, in a story's words.
fn state_key(state: State) -> &'static str {
    state.key()
}
