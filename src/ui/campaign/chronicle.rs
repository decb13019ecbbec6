//! The Chronicle tab: the campaign's story, mission by mission, as its
//! journal tells it (`rules::campaign::chronicle`): how each ended and
//! the VP it brought, drawn against the Final's threshold, who fell and
//! who came back wounded, who joined, the tests and the recon. A name
//! opens that character's history. Told on the chronicle's thread when
//! the journal changes (`app::chronicle`), the story before shown
//! meanwhile.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::Command;
use crate::app::chronicle::{Told, Untold};
use crate::print::sheets::book_charts::{WOUNDS_SHOWN, cran_words, outcome_word, wounds_words};
use crate::rules::campaign::chronicle::{CRAN_OUTCOMES, Fate, MissionStory};
use crate::rules::campaign::{Campaign, CharId, State};
use crate::ui::campaign::parts::mission_name;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, still_plot};

/// The story's view: it is told on the chronicle's thread (`app::chronicle`).
#[derive(Default)]
pub struct ChronicleView {
    /// The campaign and journal length of the story drawn last.
    drawn: Option<(String, usize)>,
    /// Each mission card's height when last drawn, by number: a card out
    /// of sight takes its room without being drawn, so that a frame costs
    /// what is on screen.
    heights: std::collections::HashMap<u32, f32>,
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

/// The marks of the missions' axis: whole numbers from 1.
pub(super) fn mission_marks(m: egui_plot::GridMark, _: &std::ops::RangeInclusive<f64>) -> String {
    if m.value >= 1.0 && m.value.fract() == 0.0 {
        format!("{}", m.value)
    } else {
        String::new()
    }
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
        vp_chart_ui(ui, cx, c, story);
        ui.add_space(space::S);
        cran_chart_ui(ui, cx, c, story);
        ui.add_space(space::S);
        wounds_chart_ui(ui, cx, c, story);
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

/// The VP held after each mission, drawn against the Final's threshold,
/// and said in words (for screen readers, and at a glance).
fn vp_chart_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, story: &[MissionStory]) {
    let points: Vec<[f64; 2]> = story
        .iter()
        .filter(|s| s.result.is_some())
        .map(|s| [f64::from(s.number), f64::from(s.vp_after)])
        .collect();
    let values: Vec<String> = points.iter().map(|p| p[1].to_string()).collect();
    let words = if values.is_empty() {
        cx.t("campaign.chronicle.vp_none").to_owned()
    } else {
        cx.f(
            "campaign.chronicle.vp_words",
            &[
                ("values", &values.join(", ")),
                ("threshold", &c.settings.vp_threshold.to_string()),
            ],
        )
    };
    ui.label(RichText::new(&words).color(palette().ink.subdued));
    if points.is_empty() {
        return;
    }
    let threshold = f64::from(c.settings.vp_threshold);
    let last = points.last().map_or(1.0, |p| p[0]);
    let width = (ui.available_width() - space::S).clamp(200.0, 640.0);
    let x_axis = cx.t("campaign.chronicle.mission_axis").to_owned();
    let y_axis = cx.t("campaign.chronicle.vp_axis").to_owned();
    let point_words = cx.t("campaign.chronicle.point").to_owned();
    let r = still_plot(("chronicle-vp", &c.id), (width, 160.0), (x_axis, y_axis))
        .legend(egui_plot::Legend::default())
        // A mark at every VP (up to twenty), so that 3 and 4 read off it.
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
            let span = input.bounds.1 - input.bounds.0;
            if span <= 20.0 {
                [1.0, 5.0, 10.0]
            } else {
                [5.0, 10.0, 50.0]
            }
        }))
        // The point hovered, in words: its mission and the VP held.
        .label_formatter(move |at| match at {
            egui_plot::HoverPosition::NearDataPoint { position, .. } => Some(crate::i18n::fill(
                &point_words,
                &[
                    ("number", &position.x.round().to_string()),
                    ("vp", &position.y.round().to_string()),
                ],
            )),
            egui_plot::HoverPosition::Elsewhere { .. } => None,
        })
        .include_x(0.5)
        .include_x(last + 0.5)
        .include_y(0.0)
        .include_y(threshold + 1.0)
        .x_axis_formatter(mission_marks)
        .show(ui, |plot| {
            let name = cx.t("campaign.chronicle.vp_line").to_owned();
            plot.line(
                egui_plot::Line::new(name.clone(), points.clone())
                    .color(palette().ink.accent)
                    .width(2.0),
            );
            plot.points(
                egui_plot::Points::new(name, points.clone())
                    .radius(4.0)
                    .color(palette().ink.accent),
            );
            plot.hline(
                egui_plot::HLine::new(cx.t("campaign.chronicle.final_line").to_owned(), threshold)
                    .color(palette().state.warning),
            );
        })
        .response;
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Image, true, &words));
}

/// The outcomes' names and colours, in the order of `CRAN_OUTCOMES`.
fn outcome_words(cx: &ViewCtx<'_>) -> [(&'static str, egui::Color32); 4] {
    let state = palette().state;
    let colours = [
        state.fit,
        state.wounded,
        state.seriously_wounded,
        state.dead,
    ];
    let mut words = [("", egui::Color32::TRANSPARENT); 4];
    for (k, (outcome, colour)) in CRAN_OUTCOMES.iter().zip(colours).enumerate() {
        words[k] = (outcome_word(cx.lang, *outcome), colour);
    }
    words
}

/// The Cran tests after each mission (CMP-9), their outcomes stacked, and
/// said in words.
fn cran_chart_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, story: &[MissionStory]) {
    let ended: Vec<(u32, [u32; 4])> = (story.iter())
        .filter(|s| s.result.is_some())
        .map(|s| (s.number, s.cran_outcomes()))
        .collect();
    if ended.is_empty() {
        return;
    }
    let words = outcome_words(cx);
    let summary = cran_words(cx.lang, story);
    ui.label(RichText::new(&summary).color(palette().ink.subdued));
    let width = (ui.available_width() - space::S).clamp(200.0, 640.0);
    let x_axis = cx.t("campaign.chronicle.mission_axis").to_owned();
    let y_axis = cx.t("campaign.chronicle.tests_axis").to_owned();
    let last = ended.last().map_or(1, |e| e.0);
    let r = still_plot(("chronicle-cran", &c.id), (width, 120.0), (x_axis, y_axis))
        // On the left, over the first missions, not over the latest bars.
        .legend(egui_plot::Legend::default().position(egui_plot::Corner::LeftTop))
        .include_x(0.5)
        .include_x(f64::from(last) + 0.5)
        .include_y(0.0)
        .include_y(1.0)
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
        .x_axis_formatter(mission_marks)
        .show(ui, |plot| {
            // Each outcome stacked on those before it.
            for (k, (word, colour)) in words.iter().enumerate() {
                let bars = (ended.iter())
                    .map(|(n, counts)| {
                        let under: u32 = counts[..k].iter().sum();
                        egui_plot::Bar::new(f64::from(*n), f64::from(counts[k]))
                            .base_offset(f64::from(under))
                    })
                    .collect();
                plot.bar_chart(egui_plot::BarChart::new(*word, bars).color(*colour));
            }
        })
        .response;
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Image, true, &summary));
}

/// The wounds each character took and dealt at the table over the whole
/// campaign, those with most first, side by side; said in words. None
/// when the journal knows of none.
fn wounds_chart_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, story: &[MissionStory]) {
    let all = crate::rules::campaign::chronicle::wounds_by_character(story);
    if all.is_empty() {
        return;
    }
    let shown = &all[..all.len().min(WOUNDS_SHOWN)];
    let name = |id: CharId| c.character(id).map_or("?", |x| x.name()).to_owned();
    let summary = wounds_words(cx.lang, c, shown, all.len());
    ui.label(RichText::new(cx.t("campaign.chronicle.wounds_title")).strong());
    ui.add(egui::Label::new(RichText::new(&summary).color(palette().ink.subdued)).wrap());
    // The first at the top: row k of n stands at n - k.
    let n = shown.len();
    let names: Vec<String> = shown.iter().map(|(id, _)| name(*id)).collect();
    let row_name = move |m: egui_plot::GridMark, _: &std::ops::RangeInclusive<f64>| {
        let row = n as f64 - m.value;
        if m.value.fract() == 0.0 && row >= 0.0 {
            names.get(row as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    };
    let series = [
        (
            cx.t("campaign.record.taken"),
            palette().state.wounded,
            0.2,
            true,
        ),
        (
            cx.t("campaign.record.dealt"),
            palette().ink.accent,
            -0.2,
            false,
        ),
    ];
    let width = (ui.available_width() - space::S).clamp(200.0, 640.0);
    // Room for the legend beside the longest bar.
    let height = 64.0 + 24.0 * n as f32;
    let most = (shown.iter())
        .map(|(_, w)| w.taken.max(w.dealt))
        .max()
        .unwrap_or(1);
    let x_axis = cx.t("campaign.record.wounds_axis").to_owned();
    let r = still_plot(
        ("chronicle-wounds", &c.id),
        (width, height),
        (x_axis, String::new()),
    )
    .legend(egui_plot::Legend::default().position(egui_plot::Corner::RightTop))
    .include_x(0.0)
    .include_x((f64::from(most) * 1.6).max(2.0))
    .include_y(0.4)
    .include_y(n as f64 + 0.6)
    .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
    .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
    .y_axis_formatter(row_name)
    .show(ui, |plot| {
        for (word, colour, offset, taken) in series {
            let bars = (shown.iter().enumerate())
                .map(|(k, (_, w))| {
                    let value = if taken { w.taken } else { w.dealt };
                    egui_plot::Bar::new((n - k) as f64 + offset, f64::from(value)).width(0.4)
                })
                .collect();
            plot.bar_chart(
                egui_plot::BarChart::new(word, bars)
                    .horizontal()
                    .color(colour),
            );
        }
    })
    .response;
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Image, true, &summary));
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

/// How the mission ended, by icon and word: met, failed, or being played.
fn result_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, s: &MissionStory) {
    ui.horizontal_wrapped(|ui| match s.result {
        Some((true, vp)) => {
            badge(
                ui,
                Tone::Good,
                &cx.f(
                    "campaign.chronicle.met",
                    &[("vp", &vp.to_string()), ("held", &s.vp_after.to_string())],
                ),
            );
        }
        Some((false, vp)) => {
            badge(
                ui,
                Tone::Warning,
                &cx.f(
                    "campaign.chronicle.failed",
                    &[("vp", &vp.to_string()), ("held", &s.vp_after.to_string())],
                ),
            );
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
    if !s.kills.is_empty() {
        let kills: Vec<String> = (s.kills.iter())
            .map(|k| {
                cx.f(
                    "campaign.chronicle.kill",
                    &[("victim", &cx.msg(&k.victim)), ("by", &k.by_name)],
                )
            })
            .collect();
        facts.push(cx.f("campaign.chronicle.kills", &[("kills", &kills.join(", "))]));
    }
    for fact in facts {
        ui.label(fact);
    }
    ui.label(
        RichText::new(cx.f(
            "campaign.chronicle.entries",
            &[("count", &s.entries.len().to_string())],
        ))
        .small()
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
