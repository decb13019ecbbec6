//! Pieces the battle screen's modes share: named number fields, chances as
//! words and bars, and fighters taken from a campaign's escorts.

use egui::RichText;

use crate::app::Model;
use crate::i18n::Lang;
use crate::rules::campaign::{Campaign, Member};
use crate::rules::{Characteristic, Gear, Profile};
use crate::ui::theme::{PALETTE, space};

/// A number field named `name` for screen readers, with a visible label.
pub fn num<N: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    label: &str,
    name: &str,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
) -> egui::Response {
    if !label.is_empty() {
        ui.label(label);
    }
    let r = ui.add(egui::DragValue::new(value).range(range));
    let name = name.to_owned();
    r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &name));
    r
}

/// A number that may be absent (a save, a Strength): a checkbox, then the
/// field when ticked.
pub fn maybe_num(
    ui: &mut egui::Ui,
    lang: Lang,
    label: &str,
    value: &mut Option<i32>,
    range: std::ops::RangeInclusive<i32>,
    default: i32,
) {
    let mut on = value.is_some();
    if ui.checkbox(&mut on, label).changed() {
        *value = on.then_some(value.unwrap_or(default));
    }
    if let Some(v) = value {
        let name = format!("{label}: {}", lang.t("battle.value"));
        let r = ui.add(egui::DragValue::new(v).range(range));
        r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &name));
    }
}

/// A chance as a percentage.
pub fn percent(p: f64) -> String {
    format!("{:.1} %", p * 100.0)
}

/// A distribution as a bar chart (`egui_plot`), its numbers listed beside
/// it in words for screen readers (and for reading at a glance): `title`
/// names the chart, `key` is a plural key taking `count` and `p`. Counts
/// whose chance rounds to nothing are left out of the list, not the chart.
pub fn bars(ui: &mut egui::Ui, lang: Lang, title: &str, key: &str, dist: &[f64]) {
    let text = |k: usize, p: f64| lang.f(key, &[("count", &k.to_string()), ("p", &percent(p))]);
    let shown: Vec<(usize, f64)> = dist
        .iter()
        .copied()
        .enumerate()
        .filter(|&(k, p)| k == 0 || p >= 5e-7)
        .collect();
    let max = dist.iter().copied().fold(0.0_f64, f64::max).max(1e-9);
    ui.horizontal_top(|ui| {
        // The numbers, in words: each line also named for screen readers.
        ui.vertical(|ui| {
            ui.set_min_width(170.0);
            for &(k, p) in &shown {
                ui.label(RichText::new(text(k, p)).monospace());
            }
        });
        let chart: Vec<egui_plot::Bar> = dist
            .iter()
            .enumerate()
            .map(|(k, &p)| {
                egui_plot::Bar::new(k as f64, p * 100.0)
                    .width(0.7)
                    .name(text(k, p))
            })
            .collect();
        let last = dist.len().saturating_sub(1) as f64;
        let height = (shown.len() as f32 * 20.0).clamp(120.0, 220.0);
        let width = (ui.available_width() - space::S).clamp(160.0, 520.0);
        let name = lang.f("battle.chart", &[("what", title)]);
        let r = egui_plot::Plot::new(("odds-chart", key, title))
            .width(width)
            .height(height)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .allow_double_click_reset(false)
            .allow_axis_zoom_drag(false)
            .show_x(false)
            .show_y(false)
            .sense(egui::Sense::hover())
            .include_x(-0.5)
            .include_x(last + 0.5)
            .include_y(0.0)
            .include_y(max * 100.0)
            .x_axis_formatter(|m, _| {
                if m.value >= 0.0 && m.value.fract() == 0.0 {
                    format!("{}", m.value)
                } else {
                    String::new()
                }
            })
            .y_axis_formatter(|m, _| format!("{} %", m.value))
            .show(ui, |plot| {
                plot.bar_chart(
                    egui_plot::BarChart::new(title.to_owned(), chart).color(PALETTE.accent),
                );
            })
            .response;
        r.widget_info(move || egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
    });
}

/// A Rogue Trader character picked as a fighter: his name, his profile,
/// and the equipment he brings (his weapon in hand, CC-4, and his armour).
pub struct Picked {
    /// His name.
    pub name: String,
    /// His profile (W: wounds left, for a campaign's character).
    pub profile: Profile,
    /// His equipment, as his roster lists it.
    pub equipment: Vec<Gear>,
    /// Where his wounds go, when he comes from a campaign: (campaign,
    /// character).
    pub from: Option<(String, u64)>,
}

/// A Rogue Trader character of a campaign's escort, as the campaign holds
/// him now.
pub struct CampaignFighter {
    /// "campaign › character".
    pub label: String,
    /// His name.
    pub name: String,
    /// His profile, W being his wounds left at the table.
    pub profile: Profile,
    /// His equipment.
    pub equipment: Vec<Gear>,
    /// Why he cannot fight (dead, missing, out of action), as a locale key.
    pub unable: Option<&'static str>,
    /// (campaign, character): where his wounds go.
    pub from: (String, u64),
}

/// Every Rogue Trader character of every campaign's escorts (kill-team
/// soldiers have no Rogue Trader profile): the campaign's own copies, with
/// the wounds taken at the table of the mission being played.
pub fn campaign_fighters(model: &Model) -> Vec<CampaignFighter> {
    let mut out = Vec::new();
    for c in model
        .docs
        .iter()
        .filter_map(crate::rules::Doc::get::<Campaign>)
    {
        for x in &c.characters {
            let Member::Character(ch) = &x.member else {
                continue;
            };
            let Ok(mut profile) = ch.profile(&model.rules) else {
                continue;
            };
            let taken = c
                .table
                .as_ref()
                .and_then(|t| t.wounds.get(&x.id).copied())
                .unwrap_or(0);
            let out_of_action = c
                .table
                .as_ref()
                .is_some_and(|t| t.out_of_action.contains(&x.id));
            let left = profile
                .get(Characteristic::W)
                .saturating_sub(i32::try_from(taken).unwrap_or(i32::MAX));
            profile.set(Characteristic::W, left.max(0));
            let unable = if !x.state.alive() {
                Some(x.state.key())
            } else if out_of_action || left <= 0 {
                Some("battle.out_of_action")
            } else {
                None
            };
            out.push(CampaignFighter {
                label: format!("{} › {}", c.name, x.name()),
                name: x.name().to_owned(),
                profile,
                equipment: ch.equipment.clone(),
                unable,
                from: (c.id.clone(), x.id),
            });
        }
    }
    out
}

/// A combo of the campaigns' characters: one who cannot fight is shown
/// greyed out with the reason; picking one gives his name and profile.
pub fn pick_campaign_fighter(ui: &mut egui::Ui, model: &Model, label: &str) -> Option<Picked> {
    let lang = model.lang;
    let mut chosen = None;
    {
        let l = ui.label(label);
        egui::ComboBox::from_id_salt(label)
            .selected_text(lang.t("kt.choose"))
            .show_ui(ui, |ui| {
                let all = campaign_fighters(model);
                if all.is_empty() {
                    ui.label(
                        RichText::new(lang.t("battle.no_campaign_fighters"))
                            .color(PALETTE.text_subdued),
                    );
                }
                for f in all {
                    let text = match f.unable {
                        Some(why) => format!("{} — {}", f.label, lang.t(why)),
                        None => format!(
                            "{} — {}",
                            f.label,
                            lang.f(
                                "battle.wounds_left",
                                &[("count", &f.profile.get(Characteristic::W).to_string())]
                            )
                        ),
                    };
                    if ui
                        .add_enabled(f.unable.is_none(), egui::Button::selectable(false, text))
                        .clicked()
                    {
                        chosen = Some(Picked {
                            name: f.name,
                            profile: f.profile,
                            equipment: f.equipment,
                            from: Some(f.from),
                        });
                    }
                }
            })
            .response
            .labelled_by(l.id);
    }
    chosen
}

/// A test's two outcomes side by side, by word and colour: passing, then
/// failing.
pub fn pass_fail_ui(ui: &mut egui::Ui, passes: &str, fails: &str) {
    use crate::ui::widgets::{Tone, badge};
    ui.horizontal_wrapped(|ui| {
        badge(ui, Tone::Good, passes);
        badge(ui, Tone::Error, fails);
    });
}

/// The "is a character" tick of a fighter (CHR-15). The summary follows a
/// fighter from roll to roll by his side and name: a character left
/// unnamed is asked for a name, lest two unnamed ones count as one.
pub fn character_tick_ui(
    ui: &mut egui::Ui,
    lang: Lang,
    ticked: &mut bool,
    label: &str,
    name: &str,
) {
    ui.checkbox(ticked, label);
    if *ticked && name.trim().is_empty() {
        crate::ui::widgets::alert(
            ui,
            crate::ui::widgets::Tone::Info,
            lang.t("battle.side.name_him"),
        );
    }
}
