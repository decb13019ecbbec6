//! The Chronicle tab's charts, each said in words under it and to a
//! screen reader: the VP held against the Final, the escorts' strength,
//! the Cran tests' outcomes, and the wounds taken and dealt by character.

use egui::RichText;

use crate::print::sheets::book_charts::{
    WOUNDS_SHOWN, cran_words, outcome_word, strength_words, vp_words, wounds_words,
};
use crate::rules::campaign::chronicle::{CRAN_OUTCOMES, MissionStory};
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CharId};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::still_plot;

/// A chart's words, made once for the campaign as its journal stands and
/// the reader's language, then kept (a long campaign's words are
/// hundreds of numbers: not written again every frame).
fn said(
    ui: &egui::Ui,
    cx: &ViewCtx<'_>,
    (c, chart): (&Campaign, ChartKind),
    words: impl FnOnce() -> String,
) -> String {
    let id = egui::Id::unique(("chronicle-said", &c.id, c.journal.len(), cx.lang, chart));
    if let Some(text) = ui.data(|d| d.get_temp::<std::sync::Arc<str>>(id)) {
        return text.to_string();
    }
    let text = words();
    ui.data_mut(|d| d.insert_temp(id, std::sync::Arc::<str>::from(text.as_str())));
    text
}

/// A chart's legend as a row above it: a square of each series' colour
/// and its name (the name is what a screen reader reads; the colour is
/// never the only mark).
fn legend_ui(ui: &mut egui::Ui, series: &[(String, egui::Color32)]) {
    ui.horizontal_wrapped(|ui| {
        for (word, colour) in series {
            let (square, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
            ui.painter().rect_filled(square, 2.0, *colour);
            ui.label(RichText::new(word).color(palette().ink.subdued));
            ui.add_space(space::S);
        }
    });
}

/// What a chart will show once the journal holds it, in its place.
fn none_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, key: &str) {
    ui.add(egui::Label::new(RichText::new(cx.t(key)).color(palette().ink.subdued)).wrap());
}

/// The charts of the story, one shown at a time (the missions follow it,
/// and a frame draws one chart only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChartKind {
    /// The VP held against the Final's threshold.
    #[default]
    VictoryPoints,
    /// The escorts' strength: models alive, reinforcement points.
    Strength,
    /// The Cran tests' outcomes.
    CranTests,
    /// The wounds taken and dealt, by character.
    Wounds,
}

impl ChartKind {
    /// Every chart, in the order the picker lists them.
    pub const ALL: [Self; 4] = [
        Self::VictoryPoints,
        Self::Strength,
        Self::CranTests,
        Self::Wounds,
    ];

    /// The message key of its name.
    fn key(self) -> &'static str {
        match self {
            Self::VictoryPoints => "campaign.chronicle.chart_vp",
            Self::Strength => "campaign.chronicle.chart_strength",
            Self::CranTests => "campaign.chronicle.chart_cran",
            Self::Wounds => "campaign.chronicle.chart_wounds",
        }
    }
}

/// The chart picked, under a row of the charts to pick from (one radio
/// button each).
pub(super) fn charts_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, story): (&Campaign, &[MissionStory]),
    shown: &mut ChartKind,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(cx.t("campaign.chronicle.charts")).strong());
        for kind in ChartKind::ALL {
            let word = cx.t(kind.key());
            let named = cx.f("campaign.chronicle.chart_named", &[("chart", word)]);
            let chosen = *shown == kind;
            let r = ui.selectable_label(chosen, word);
            r.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::RadioButton, true, chosen, &named)
            });
            if r.clicked() {
                *shown = kind;
            }
        }
    });
    ui.add_space(space::XS);
    match shown {
        ChartKind::VictoryPoints => vp_chart_ui(ui, cx, c, story),
        ChartKind::Strength => strength_chart_ui(ui, cx, c, story),
        ChartKind::CranTests => cran_chart_ui(ui, cx, c, story),
        ChartKind::Wounds => wounds_chart_ui(ui, cx, c, story),
    }
}

/// The marks of the missions' axis: whole numbers from 1.
pub(super) fn mission_marks(m: egui_plot::GridMark, _: &std::ops::RangeInclusive<f64>) -> String {
    if m.value >= 1.0 && m.value.fract() == 0.0 {
        format!("{}", m.value)
    } else {
        String::new()
    }
}

/// The VP held after each mission, drawn against the Final's threshold,
/// and said in words (for screen readers, and at a glance).
fn vp_chart_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, story: &[MissionStory]) {
    let points: Vec<[f64; 2]> = story
        .iter()
        .filter(|s| s.result.is_some())
        .map(|s| [f64::from(s.number), f64::from(s.vp_after)])
        .collect();
    let words = said(ui, cx, (c, ChartKind::VictoryPoints), || {
        vp_words(cx.lang, c, story)
    });
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
        none_ui(ui, cx, "sheet.book.cran_none");
        return;
    }
    let words = outcome_words(cx);
    let summary = said(ui, cx, (c, ChartKind::CranTests), || {
        cran_words(cx.lang, story)
    });
    ui.label(RichText::new(&summary).color(palette().ink.subdued));
    let width = (ui.available_width() - space::S).clamp(200.0, 640.0);
    let x_axis = cx.t("campaign.chronicle.mission_axis").to_owned();
    let y_axis = cx.t("campaign.chronicle.tests_axis").to_owned();
    let last = ended.last().map_or(1, |e| e.0);
    // The legend above the chart, not over its bars.
    legend_ui(ui, &words.map(|(w, c)| (w.to_owned(), c)));
    let r = still_plot(("chronicle-cran", &c.id), (width, 120.0), (x_axis, y_axis))
        .include_x(0.5)
        .include_x(f64::from(last) + 0.5)
        .include_y(0.0)
        .include_y(1.0)
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
        .x_axis_formatter(mission_marks)
        .show(ui, |plot| {
            // Each outcome stacked on those before it.
            for (k, (word, colour)) in words.iter().enumerate() {
                // A mission with none of this outcome draws no bar.
                let bars = (ended.iter())
                    .filter(|(_, counts)| counts[k] > 0)
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
        none_ui(ui, cx, "sheet.book.wounds_none");
        return;
    }
    let shown = &all[..all.len().min(WOUNDS_SHOWN)];
    let name = |id: CharId| {
        queries::character(c, id)
            .map_or("?", |x| x.name())
            .to_owned()
    };
    let summary = said(ui, cx, (c, ChartKind::Wounds), || {
        wounds_words(cx.lang, c, shown, all.len())
    });
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

/// The escorts' strength after each mission: the models alive (a line)
/// and the reinforcement points (bars), said in words.
fn strength_chart_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, story: &[MissionStory]) {
    let ended: Vec<&MissionStory> = story.iter().filter(|s| s.result.is_some()).collect();
    if ended.is_empty() {
        none_ui(ui, cx, "sheet.book.strength_none");
        return;
    }
    let words = said(ui, cx, (c, ChartKind::Strength), || {
        strength_words(cx.lang, story)
    });
    ui.label(RichText::new(&words).color(palette().ink.subdued));
    let living: Vec<[f64; 2]> = (ended.iter())
        .map(|s| [f64::from(s.number), f64::from(s.living_after)])
        .collect();
    let last = living.last().map_or(1.0, |p| p[0]);
    let width = (ui.available_width() - space::S).clamp(200.0, 640.0);
    let x_axis = cx.t("campaign.chronicle.mission_axis").to_owned();
    let y_axis = cx.t("sheet.book.strength_axis").to_owned();
    legend_ui(
        ui,
        &[
            (
                cx.t("sheet.book.living_line").to_owned(),
                palette().ink.accent,
            ),
            (cx.t("sheet.book.pool").to_owned(), palette().ink.subdued),
        ],
    );
    let r = still_plot(
        ("chronicle-strength", &c.id),
        (width, 140.0),
        (x_axis, y_axis),
    )
    .include_x(0.5)
    .include_x(last + 0.5)
    .include_y(0.0)
    .x_axis_formatter(mission_marks)
    .show(ui, |plot| {
        let bars = (ended.iter())
            .map(|s| egui_plot::Bar::new(f64::from(s.number), f64::from(s.pool_after)).width(0.5))
            .collect();
        plot.bar_chart(
            egui_plot::BarChart::new(cx.t("sheet.book.pool"), bars).color(palette().ink.subdued),
        );
        let name = cx.t("sheet.book.living_line").to_owned();
        plot.line(
            egui_plot::Line::new(name.clone(), living.clone())
                .color(palette().ink.accent)
                .width(2.0),
        );
        plot.points(
            egui_plot::Points::new(name, living.clone())
                .radius(4.0)
                .color(palette().ink.accent),
        );
    })
    .response;
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Image, true, &words));
}
