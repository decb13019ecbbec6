//! The campaign book's charts, and the words that say them (on paper and
//! on the Chronicle tab alike): the victory points against the Final, the
//! escorts' strength, the Cran tests' outcomes and the wounds each
//! character took and dealt at the table.

use crate::i18n::Lang;
use crate::rules::campaign::chronicle::{CRAN_OUTCOMES, MissionStory, Wounds, wounds_by_character};
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CharId, State};

use crate::print::model::{Chart, Series, Shade, Threshold};

/// The missions that ended, one place each.
fn ended(stories: &[MissionStory]) -> impl Iterator<Item = &MissionStory> {
    stories.iter().filter(|s| s.result.is_some())
}

/// The most characters a chart of wounds shows, by name.
pub const WOUNDS_SHOWN: usize = 12;

/// The VP each mission earned (bars) and held after it (a line), against
/// the Final's threshold.
pub fn vp_chart(c: &Campaign, stories: &[MissionStory], lang: Lang) -> Chart {
    let earned: Vec<f64> = ended(stories)
        .map(|s| f64::from(s.result.map_or(0, |r| r.1)))
        .collect();
    let held: Vec<f64> = ended(stories).map(|s| f64::from(s.vp_after)).collect();
    let summary = vp_words(lang, c, stories);
    Chart {
        title: lang.t("sheet.book.vp_chart").to_owned(),
        x_label: lang.t("campaign.chronicle.mission_axis").to_owned(),
        y_label: lang.t("sheet.book.vp_axis").to_owned(),
        ticks: ended(stories).map(|s| s.number.to_string()).collect(),
        bars: vec![Series {
            name: lang.t("sheet.book.vp_earned").to_owned(),
            values: earned,
            shade: Shade::Plain,
        }],
        stacked: false,
        line: Some(Series {
            name: lang.t("campaign.chronicle.vp_line").to_owned(),
            values: held,
            shade: Shade::Accent,
        }),
        threshold: Some(Threshold {
            name: lang.t("campaign.chronicle.final_line").to_owned(),
            value: f64::from(c.settings.vp_threshold),
        }),
        summary,
    }
}

/// The escorts' strength after each mission: the models alive (a line)
/// and the reinforcement pool (bars).
pub fn strength_chart(stories: &[MissionStory], lang: Lang) -> Chart {
    let summary = strength_words(lang, stories);
    Chart {
        title: lang.t("sheet.book.strength_chart").to_owned(),
        x_label: lang.t("campaign.chronicle.mission_axis").to_owned(),
        y_label: lang.t("sheet.book.strength_axis").to_owned(),
        ticks: ended(stories).map(|s| s.number.to_string()).collect(),
        bars: vec![Series {
            name: lang.t("sheet.book.pool").to_owned(),
            values: ended(stories).map(|s| f64::from(s.pool_after)).collect(),
            shade: Shade::Plain,
        }],
        stacked: false,
        line: Some(Series {
            name: lang.t("sheet.book.living_line").to_owned(),
            values: ended(stories).map(|s| f64::from(s.living_after)).collect(),
            shade: Shade::Accent,
        }),
        threshold: None,
        summary,
    }
}

/// The VP held after each mission against the Final's, said; with the VP
/// found besides the missions' results (a recon's clue), and when.
pub fn vp_words(lang: Lang, c: &Campaign, stories: &[MissionStory]) -> String {
    let values: Vec<String> = ended(stories).map(|s| s.vp_after.to_string()).collect();
    if values.is_empty() {
        return lang.t("campaign.chronicle.vp_none").to_owned();
    }
    let held = lang.f(
        "campaign.chronicle.vp_words",
        &[
            ("values", &values.join(", ")),
            ("threshold", &c.settings.vp_threshold.to_string()),
        ],
    );
    let found: Vec<String> = (stories.iter())
        .filter(|s| s.vp_found > 0)
        .map(|s| {
            lang.f(
                "campaign.chronicle.vp_found",
                &[
                    ("vp", &s.vp_found.to_string()),
                    ("number", &s.number.to_string()),
                ],
            )
        })
        .collect();
    if found.is_empty() {
        held
    } else {
        let besides = lang.f(
            "campaign.chronicle.vp_found_words",
            &[("found", &found.join(", "))],
        );
        format!("{held} {besides}")
    }
}

/// The escorts' strength after each mission, said: the models alive and
/// the reinforcement points.
pub fn strength_words(lang: Lang, stories: &[MissionStory]) -> String {
    let living: Vec<String> = ended(stories).map(|s| s.living_after.to_string()).collect();
    let pool: Vec<String> = ended(stories).map(|s| s.pool_after.to_string()).collect();
    if living.is_empty() {
        lang.t("sheet.book.strength_none").to_owned()
    } else {
        lang.f(
            "sheet.book.strength_words",
            &[("living", &living.join(", ")), ("pool", &pool.join(", "))],
        )
    }
}

/// The models a mission's fighters took out of action, said: "Cultist 2 by
/// Sergeant Brask, …" (empty when none).
pub fn kills_words(lang: Lang, s: &MissionStory) -> String {
    (s.kills.iter())
        .map(|k| {
            lang.f(
                "campaign.chronicle.kill",
                &[("victim", &lang.msg(&k.victim)), ("by", &k.by_name)],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who made a mission's events, as their stamps say: "Camille on the
/// laptop (12 events), Bruno (3 events)"; none when no stamp names anyone.
pub fn makers_words(lang: Lang, s: &MissionStory) -> Option<String> {
    let makers: Vec<String> = (s.makers.iter())
        .filter_map(|m| {
            let who = lang.msg(&m.who()?);
            Some(lang.f(
                "campaign.chronicle.maker",
                &[("who", &who), ("count", &m.events.to_string())],
            ))
        })
        .collect();
    (!makers.is_empty()).then(|| makers.join(", "))
}

/// An outcome of a Cran test, by its place in [`CRAN_OUTCOMES`], in words.
pub fn outcome_word(lang: Lang, state: State) -> &'static str {
    match state {
        State::Dead | State::Missing => lang.t("campaign.chronicle.fell_outcome"),
        _ => lang.t(state.key()),
    }
}

/// So many tests of an outcome: "2 lightly wounded", « 2 légèrement
/// blessés ».
fn outcome_count(lang: Lang, state: State, count: u32) -> String {
    let key = match state {
        State::Fit => "campaign.chronicle.count_fit",
        State::LightlyWounded => "campaign.chronicle.count_lightly",
        State::SeriouslyWounded => "campaign.chronicle.count_seriously",
        State::Dead | State::Missing => "campaign.chronicle.count_fell",
    };
    lang.f(key, &[("count", &count.to_string())])
}

/// The Cran tests after each mission that ended, said: "after mission 2,
/// 2 lightly wounded; …".
pub fn cran_words(lang: Lang, stories: &[MissionStory]) -> String {
    let told: Vec<String> = ended(stories)
        .map(|s| {
            let parts: Vec<String> = (s.cran_outcomes().iter().zip(CRAN_OUTCOMES))
                .filter(|(k, _)| **k > 0)
                .map(|(k, state)| outcome_count(lang, state, *k))
                .collect();
            let parts = if parts.is_empty() {
                lang.t("campaign.chronicle.no_test").to_owned()
            } else {
                parts.join(", ")
            };
            lang.f(
                "campaign.chronicle.cran_after",
                &[("number", &s.number.to_string()), ("outcomes", &parts)],
            )
        })
        .collect();
    lang.f(
        "campaign.chronicle.cran_words",
        &[("missions", &told.join(lang.t("list.semicolon")))],
    )
}

/// The Cran tests after each mission, their outcomes stacked (CMP-9).
pub fn cran_chart(stories: &[MissionStory], lang: Lang) -> Chart {
    let shades = [Shade::Good, Shade::Warn, Shade::Info, Shade::Bad];
    let counts: Vec<[u32; 4]> = ended(stories).map(MissionStory::cran_outcomes).collect();
    Chart {
        title: lang.t("sheet.book.cran_chart").to_owned(),
        x_label: lang.t("campaign.chronicle.mission_axis").to_owned(),
        y_label: lang.t("campaign.chronicle.tests_axis").to_owned(),
        ticks: ended(stories).map(|s| s.number.to_string()).collect(),
        bars: (CRAN_OUTCOMES.iter().zip(shades).enumerate())
            .map(|(k, (state, shade))| Series {
                name: outcome_word(lang, *state).to_owned(),
                values: counts.iter().map(|c| f64::from(c[k])).collect(),
                shade,
            })
            .collect(),
        stacked: true,
        line: None,
        threshold: None,
        summary: if counts.is_empty() {
            lang.t("sheet.book.cran_none").to_owned()
        } else {
            cran_words(lang, stories)
        },
    }
}

/// The wounds taken and dealt by the characters of `shown` (of `all` who
/// took or dealt some), said: "Trooper Dace 3 taken, 2 dealt; …".
pub fn wounds_words(lang: Lang, c: &Campaign, shown: &[(CharId, Wounds)], all: usize) -> String {
    let mut each: Vec<String> = (shown.iter())
        .map(|(id, w)| {
            lang.f(
                "campaign.chronicle.wounds_of",
                &[
                    ("name", queries::character(c, *id).map_or("?", |x| x.name())),
                    ("taken", &w.taken.to_string()),
                    ("dealt", &w.dealt.to_string()),
                ],
            )
        })
        .collect();
    if all > shown.len() {
        let more = (all - shown.len()).to_string();
        each.push(lang.f("campaign.chronicle.wounds_more", &[("count", &more)]));
    }
    lang.f(
        "campaign.chronicle.wounds_words",
        &[("characters", &each.join(lang.t("list.semicolon")))],
    )
}

/// The wounds each character took and dealt at the table over the whole
/// campaign, those with most first, side by side.
pub fn wounds_chart(c: &Campaign, stories: &[MissionStory], lang: Lang) -> Chart {
    let all = wounds_by_character(stories);
    let shown = &all[..all.len().min(WOUNDS_SHOWN)];
    let summary = if all.is_empty() {
        lang.t("sheet.book.wounds_none").to_owned()
    } else {
        wounds_words(lang, c, shown, all.len())
    };
    let series = |key: &str, shade, value: fn(&Wounds) -> u32| Series {
        name: lang.t(key).to_owned(),
        values: shown.iter().map(|(_, w)| f64::from(value(w))).collect(),
        shade,
    };
    Chart {
        title: lang.t("campaign.chronicle.wounds_title").to_owned(),
        x_label: String::new(),
        y_label: lang.t("campaign.record.wounds_axis").to_owned(),
        ticks: (shown.iter())
            .map(|(id, _)| {
                queries::character(c, *id)
                    .map_or("?", |x| x.name())
                    .to_owned()
            })
            .collect(),
        bars: vec![
            series("campaign.record.taken", Shade::Warn, |w| w.taken),
            series("campaign.record.dealt", Shade::Accent, |w| w.dealt),
        ],
        stacked: false,
        line: None,
        threshold: None,
        summary,
    }
}
