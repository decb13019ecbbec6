//! A character's service record, as the campaign's story tells it: when
//! he joined, the missions he played and came back wounded from, his Cran
//! tests, fate points, advances and recon, the wounds he took and dealt at
//! the table with a chart of them, the models he took out, and where and
//! how he fell.

use egui_material_icons::{MaterialIcon, icons};

use crate::rules::campaign::chronicle::ServiceRecord;
use crate::rules::campaign::{Campaign, CampaignCharacter};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{self, palette};
use crate::ui::widgets::still_plot;

/// His service as the campaign's story tells it: when he joined, the
/// missions he came back wounded from, the one he fell in.
pub(super) fn service_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, x: &CampaignCharacter) {
    use crate::rules::campaign::chronicle::service_record;
    // The story the chronicle's thread told, the last one meanwhile.
    let told = super::chronicle::story_of(cx, c);
    let Some(Ok(story)) = told.map(|t| &t.story) else {
        super::chronicle::telling_ui(ui, cx);
        return;
    };
    let record = service_record(story, x.id);
    let mut lines = Vec::new();
    let joined = match record.joined_after {
        Some(m) if m > 0 => cx.f(
            "campaign.record.joined_after",
            &[("number", &m.to_string())],
        ),
        _ => cx.t("campaign.record.joined_start").to_owned(),
    };
    lines.push((icons::ICON_PERSON_ADD, joined));
    for (m, f) in &record.wounded {
        lines.push((
            icons::ICON_HEALING,
            cx.f(
                "campaign.record.wounded",
                &[
                    ("number", &m.to_string()),
                    ("state", cx.t(f.state.key())),
                    ("by", cx.t(f.by)),
                ],
            ),
        ));
    }
    lines.extend(deeds_lines(cx, &record));
    lines.extend(blows_lines(cx, &record));
    if !record.gear.is_empty() {
        let changes: Vec<String> = (record.gear.iter())
            .map(|(m, won, what)| {
                cx.f(
                    if *won {
                        "campaign.record.won"
                    } else {
                        "campaign.record.lost"
                    },
                    &[("what", &cx.msg(what)), ("number", &m.to_string())],
                )
            })
            .collect();
        let text = cx.f("campaign.record.gear", &[("changes", &changes.join(", "))]);
        lines.push((icons::ICON_BACKPACK, text));
    }
    if let Some((m, f)) = &record.fell {
        lines.push((
            icons::ICON_SKULL,
            cx.f(
                "campaign.record.fell",
                &[
                    ("number", &m.to_string()),
                    ("state", cx.t(f.state.key())),
                    ("by", cx.t(f.by)),
                ],
            ),
        ));
    }
    for (icon, text) in lines {
        ui.horizontal_wrapped(|ui| {
            ui.label(icon.rich_text().color(palette().ink.accent));
            ui.label(text);
        });
    }
    wounds_chart_ui(ui, cx, x, &record);
}

/// The wounds he took and dealt at the table, in all and mission by
/// mission, and the models he took out of action.
fn blows_lines(cx: &ViewCtx<'_>, record: &ServiceRecord) -> Vec<(MaterialIcon, String)> {
    let mut lines = Vec::new();
    if !record.wounds.is_empty() {
        let all = record.wounds_in_all();
        let each: Vec<String> = (record.wounds.iter())
            .map(|(m, w)| {
                cx.f(
                    "campaign.record.wounds_in",
                    &[
                        ("number", &m.to_string()),
                        ("taken", &w.taken.to_string()),
                        ("dealt", &w.dealt.to_string()),
                    ],
                )
            })
            .collect();
        let text = cx.f(
            "campaign.record.wounds",
            &[
                ("taken", &all.taken.to_string()),
                ("dealt", &all.dealt.to_string()),
            ],
        );
        lines.push((icons::ICON_SWORDS, format!("{text} ({})", each.join(" · "))));
    }
    if !record.kills.is_empty() {
        let victims: Vec<String> = (record.kills.iter())
            .map(|(m, victim)| {
                cx.f(
                    "campaign.record.kill",
                    &[("victim", &cx.msg(victim)), ("number", &m.to_string())],
                )
            })
            .collect();
        let text = cx.f("campaign.record.kills", &[("victims", &victims.join(", "))]);
        lines.push((icons::ICON_MILITARY_TECH, text));
    }
    lines
}

/// His wounds taken and dealt, mission by mission, side by side; said in
/// words for a screen reader. None when the journal knows of none.
fn wounds_chart_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    x: &CampaignCharacter,
    record: &ServiceRecord,
) {
    if record.wounds.is_empty() {
        return;
    }
    let all = record.wounds_in_all();
    let summary = cx.f(
        "campaign.record.wounds",
        &[
            ("taken", &all.taken.to_string()),
            ("dealt", &all.dealt.to_string()),
        ],
    );
    let state = palette().state;
    let series = [
        (cx.t("campaign.record.taken"), state.wounded, -0.2, true),
        (
            cx.t("campaign.record.dealt"),
            palette().ink.accent,
            0.2,
            false,
        ),
    ];
    let width = (ui.available_width() - theme::space::S).clamp(200.0, 480.0);
    let x_axis = cx.t("campaign.chronicle.mission_axis").to_owned();
    let y_axis = cx.t("campaign.record.wounds_axis").to_owned();
    let (first, last) = (
        record.wounds.first().map_or(1, |w| w.0),
        record.wounds.last().map_or(1, |w| w.0),
    );
    let r = still_plot(("service-wounds", x.id), (width, 110.0), (x_axis, y_axis))
        .legend(egui_plot::Legend::default().position(egui_plot::Corner::LeftTop))
        .include_x(f64::from(first) - 0.5)
        .include_x(f64::from(last) + 0.5)
        .include_y(0.0)
        .include_y(2.0)
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
        .x_axis_formatter(super::chronicle_charts::mission_marks)
        .show(ui, |plot| {
            for (name, colour, offset, taken) in series {
                let bars = (record.wounds.iter())
                    .map(|(m, w)| {
                        let value = if taken { w.taken } else { w.dealt };
                        egui_plot::Bar::new(f64::from(*m) + offset, f64::from(value)).width(0.4)
                    })
                    .collect();
                plot.bar_chart(egui_plot::BarChart::new(name, bars).color(colour));
            }
        })
        .response;
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Image, true, &summary));
}

/// A service record's deeds in words: the missions played, the Cran
/// tests and what they left him in, the fate points, the advances with the
/// value before and after, the recon.
fn deeds_lines(cx: &ViewCtx<'_>, record: &ServiceRecord) -> Vec<(MaterialIcon, String)> {
    let numbers = |n: &[u32]| n.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    let mut lines = Vec::new();
    if !record.played.is_empty() {
        lines.push((
            icons::ICON_FLAG,
            cx.f(
                "campaign.record.played",
                &[
                    ("count", &record.played.len().to_string()),
                    ("numbers", &numbers(&record.played)),
                ],
            ),
        ));
    }
    if !record.tests.is_empty() {
        let tests: Vec<String> = (record.tests.iter())
            .map(|(m, state)| {
                cx.f(
                    "campaign.record.test",
                    &[("number", &m.to_string()), ("state", cx.t(state.key()))],
                )
            })
            .collect();
        let text = cx.f("campaign.record.tests", &[("tests", &tests.join(" · "))]);
        lines.push((icons::ICON_CASINO, text));
    }
    if !record.fate_points.is_empty() {
        let text = cx.f(
            "campaign.record.fate",
            &[
                ("count", &record.fate_points.len().to_string()),
                ("numbers", &numbers(&record.fate_points)),
            ],
        );
        lines.push((icons::ICON_AUTO_AWESOME, text));
    }
    for a in &record.advances {
        let m = a.mission;
        let what = cx.t(a.characteristic.abbr_key());
        let text = match a.values {
            Some((was, is)) => cx.f(
                "campaign.record.advance_from",
                &[
                    ("number", &m.to_string()),
                    ("what", what),
                    ("was", &was.to_string()),
                    ("is", &is.to_string()),
                ],
            ),
            None => cx.f(
                "campaign.record.advance",
                &[("number", &m.to_string()), ("what", what)],
            ),
        };
        lines.push((icons::ICON_TRENDING_UP, text));
    }
    if !record.recon.is_empty() {
        let text = cx.f(
            "campaign.record.recon",
            &[("numbers", &numbers(&record.recon))],
        );
        lines.push((icons::ICON_EXPLORE, text));
    }
    lines
}
