//! A campaign's book: its story on paper, told from the journal as the
//! chronicle tells it on screen. A cover, the charts of the victory points,
//! the escorts' strength, the Cran tests and the wounds taken and dealt by
//! character, a page a mission (its enemy, how it ended,
//! who fell and how, who came back wounded, who joined, the tests and the
//! recon), the roll of honour, the fallen, and the house rules in force.

use crate::i18n::Lang;
use crate::rules::RulesData;
use crate::rules::campaign::chronicle::{Fate, MissionStory, chronicle, service_record};
use crate::rules::campaign::queries;
use crate::rules::campaign::{
    Campaign, CampaignEdit, DebriefEdit, Mission, ReinforcementEdit, State,
};
use crate::rules::doc::{LineKind, Outcome};

use crate::print::model::{Block, Fact, Section, Sheet, SheetKind, Table};

use super::book_charts as charts;
use super::{SheetOptions, finish, new_sheet};

/// The book of campaign `c`, played under `rules`.
pub fn campaign_book(c: &Campaign, rules: &RulesData, options: SheetOptions) -> Sheet {
    let lang = options.lang;
    let subtitle = lang.f(
        "sheet.book.subtitle",
        &[("missions", &c.missions_played.to_string())],
    );
    let mut sheet = new_sheet(SheetKind::Book, &c.name, subtitle, lang);
    let stories = match chronicle(c, rules) {
        Ok(stories) => stories,
        Err((entry, why)) => {
            // What cannot be told is said, not invented.
            sheet.sections.push(Section {
                id: "cover".to_owned(),
                title: lang.t("sheet.book.cover").to_owned(),
                blocks: vec![Block::Text {
                    text: lang.f(
                        "campaign.chronicle.unplayable",
                        &[
                            ("entry", &(entry + 1).to_string()),
                            ("why", &lang.problem_line(&why)),
                        ],
                    ),
                }],
            });
            return finish(sheet, rules, options);
        }
    };
    sheet.sections.push(cover(c, &stories, rules, lang));
    sheet.sections.push(Section {
        id: "charts".to_owned(),
        title: lang.t("sheet.book.charts").to_owned(),
        blocks: vec![
            Block::Chart(charts::vp_chart(c, &stories, lang)),
            Block::Chart(charts::strength_chart(&stories, lang)),
            Block::Chart(charts::cran_chart(&stories, lang)),
            Block::Chart(charts::wounds_chart(c, &stories, lang)),
        ],
    });
    // What each event did, as the journal tab says it.
    let outcomes = c.replay(rules).map(|(_, o)| o).unwrap_or_default();
    for s in stories.iter().filter(|s| s.number > 0 || told(s)) {
        let mut section = mission_section(s, rules, lang);
        section.blocks.push(events(c, s, &outcomes, lang));
        sheet.sections.push(section);
    }
    sheet.sections.push(honour_roll(c, &stories, lang));
    if let Some(fallen) = fallen_section(&stories, lang) {
        sheet.sections.push(fallen);
    }
    sheet
        .sections
        .push(super::house_rules::house_rules_section(c, lang));
    finish(sheet, rules, options)
}

/// Whether the part before the first mission has anything to tell.
fn told(s: &MissionStory) -> bool {
    !(s.fallen.is_empty() && s.wounded.is_empty() && s.recruits.is_empty())
}

/// The cover: where the campaign stands, and who plays it.
fn cover(c: &Campaign, stories: &[MissionStory], rules: &RulesData, lang: Lang) -> Section {
    let fallen: usize = stories.iter().map(|s| s.fallen.len()).sum();
    let mut facts = vec![
        Fact::new(
            lang.t("sheet.book.vp"),
            lang.f(
                "sheet.book.vp_of",
                &[
                    ("vp", &c.vp.to_string()),
                    ("threshold", &c.settings.vp_threshold.to_string()),
                ],
            ),
        ),
        Fact::new(
            lang.t("sheet.missions_played"),
            c.missions_played.to_string(),
        ),
        Fact::new(lang.t("sheet.book.fallen_count"), fallen.to_string()),
    ];
    for e in &c.escorts {
        let living = queries::members(c, e.id)
            .filter(|x| x.state.alive())
            .count();
        facts.push(Fact::new(
            lang.f(
                "sheet.escort",
                &[("player", &e.player), ("source", &e.source)],
            ),
            lang.f("sheet.book.living", &[("count", &living.to_string())]),
        ));
    }
    if let Some(m) = &c.mission {
        facts.push(Fact::new(
            lang.t("sheet.book.now"),
            mission_title(m, rules, lang),
        ));
    }
    Section {
        id: "cover".to_owned(),
        title: lang.t("sheet.book.cover").to_owned(),
        blocks: vec![
            Block::Facts { facts },
            Block::Text {
                text: lang.t("sheet.book.from_the_journal").to_owned(),
            },
        ],
    }
}

/// "Mission 3 (Sabotage): Betrayed".
fn mission_title(m: &Mission, rules: &RulesData, lang: Lang) -> String {
    let name = super::mission_name(rules, lang, m);
    lang.f(
        "campaign.ui.mission_title",
        &[
            ("number", &m.number.to_string()),
            ("type", lang.t(m.mission_type.key())),
            ("name", name),
        ],
    )
}

/// "Trooper Vell (dead, Cran test)", one a fate.
fn fates(fates: &[Fate], lang: Lang) -> String {
    (fates.iter())
        .map(|f| {
            lang.f(
                "campaign.chronicle.fate_of",
                &[
                    ("name", &f.name),
                    ("state", lang.t(f.state.key())),
                    ("by", lang.t(f.by)),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A mission's page: what it was, how it ended, and what became of whom.
fn mission_section(s: &MissionStory, rules: &RulesData, lang: Lang) -> Section {
    let title = match &s.mission {
        Some(m) => mission_title(m, rules, lang),
        None if s.number == 0 => lang.t("sheet.book.before_first").to_owned(),
        None => lang.f(
            "campaign.chronicle.mission",
            &[("number", &s.number.to_string())],
        ),
    };
    let mut facts = Vec::new();
    if let Some(m) = &s.mission {
        facts.push(Fact::new(
            lang.t("sheet.enemy"),
            lang.f(
                "campaign.chronicle.enemy",
                &[
                    ("faction", &lang.faction(&rules.campaign, &m.faction)),
                    ("points", &m.points.to_string()),
                ],
            ),
        ));
        let drawn = drawn(m, lang);
        if !drawn.is_empty() {
            facts.push(Fact::new(lang.t("sheet.book.drawn"), drawn));
        }
    }
    if s.number > 0 {
        let result = match s.result_words() {
            Some((true, words)) => format!("✔ {}", lang.msg(&words)),
            Some((false, words)) => format!("✘ {}", lang.msg(&words)),
            None => format!("▶ {}", lang.t("campaign.chronicle.in_play")),
        };
        facts.push(Fact::new(lang.t("sheet.book.result"), result));
    }
    what_became_of_them(&mut facts, s, lang);
    facts.push(Fact::new(
        lang.t("sheet.book.journal"),
        lang.f(
            "campaign.chronicle.entries",
            &[("count", &s.entries.len().to_string())],
        ),
    ));
    Section {
        id: format!("mission-{}", s.number),
        title,
        blocks: vec![Block::Facts { facts }],
    }
}

/// What became of whom in a mission, and what else it told: the fallen
/// and the wounded, the recruits, the recon and what it found, the models
/// taken out, who made its events, the tests and fate points.
fn what_became_of_them(facts: &mut Vec<Fact>, s: &MissionStory, lang: Lang) {
    let mut told = |key: &str, text: String| {
        if !text.is_empty() {
            facts.push(Fact::new(lang.t(key), text));
        }
    };
    told("sheet.book.fell", fates(&s.fallen, lang));
    told("sheet.book.wounded", fates(&s.wounded, lang));
    told("sheet.book.joined", s.recruits.join(", "));
    told("sheet.book.recon", s.recon.join(", "));
    if s.vp_found > 0 {
        let found = lang.f(
            "campaign.chronicle.found",
            &[("vp", &s.vp_found.to_string())],
        );
        told("sheet.book.found", found);
    }
    told("sheet.book.kills", charts::kills_words(lang, s));
    told(
        "sheet.book.makers",
        charts::makers_words(lang, s).unwrap_or_default(),
    );
    let mut tests = Vec::new();
    if s.cran_tests > 0 {
        tests.push(lang.f(
            "campaign.chronicle.cran_tests",
            &[("count", &s.cran_tests.to_string())],
        ));
    }
    if s.fate_points > 0 {
        tests.push(lang.f(
            "campaign.chronicle.fate",
            &[("count", &s.fate_points.to_string())],
        ));
    }
    told("sheet.book.tests", tests.join(" · "));
}

/// The most events a mission's page tells, the rest left to the journal:
/// a page a mission, whatever the size of the escorts.
const EVENTS_TOLD: usize = 12;

/// Whether the mission's facts already tell an event (a test, a recruit,
/// a recon), or it belongs to the table (wounds, actions, items, counted
/// apart); the others are told one by one.
fn told_apart(event: &CampaignEdit) -> bool {
    matches!(
        event,
        CampaignEdit::Table(_)
            | CampaignEdit::Turn(_)
            | CampaignEdit::Items(_)
            | CampaignEdit::Debrief(
                DebriefEdit::CranTest { .. }
                    | DebriefEdit::FateReroll { .. }
                    | DebriefEdit::Recon { .. }
                    | DebriefEdit::ConfirmOutOfAction { .. }
                    | DebriefEdit::AcceptDeath { .. }
            )
            | CampaignEdit::Reinforcements(ReinforcementEdit::Recruit { .. })
    )
}

/// A mission's events in order, each by its number and kind with the
/// first thing it did, up to [`EVENTS_TOLD`]; how many were played at the
/// table; and how many more the journal holds.
fn events(c: &Campaign, s: &MissionStory, outcomes: &[Outcome], lang: Lang) -> Block {
    let entries = || {
        s.entries
            .iter()
            .filter_map(|&i| Some((i, c.journal.get(i)?)))
    };
    let at_table = entries()
        .filter(|(_, e)| {
            matches!(
                e.event,
                CampaignEdit::Table(_) | CampaignEdit::Turn(_) | CampaignEdit::Items(_)
            )
        })
        .count();
    let told: Vec<(usize, &std::sync::Arc<crate::rules::campaign::Entry>)> =
        entries().filter(|(_, e)| !told_apart(&e.event)).collect();
    let mut facts: Vec<Fact> = (told.iter().take(EVENTS_TOLD))
        .map(|&(i, e)| {
            let kind = lang.t(e.event.label());
            let mut chars = kind.chars();
            let kind: String = chars
                .next()
                .map_or_else(String::new, |f| f.to_uppercase().chain(chars).collect());
            // What it did first, else its first die.
            let lines = || outcomes.get(i).into_iter().flat_map(|o| o.lines.iter());
            let did = (lines().find(|(k, _)| *k == LineKind::Info))
                .or_else(|| lines().next())
                .map_or_else(String::new, |(_, m)| lang.msg(m));
            Fact::new(format!("#{} {kind}", i + 1), did)
        })
        .collect();
    if at_table > 0 {
        facts.push(Fact::new(
            lang.t("sheet.book.at_table"),
            lang.f(
                "sheet.book.at_table_count",
                &[("count", &at_table.to_string())],
            ),
        ));
    }
    let more = told.len().saturating_sub(EVENTS_TOLD);
    if more > 0 {
        facts.push(Fact::new(
            lang.t("sheet.book.more"),
            lang.f("sheet.book.more_count", &[("count", &more.to_string())]),
        ));
    }
    Block::Facts { facts }
}

/// The enemies a mission drew, by kind: "Cultist ×5, Cult champion ×3".
fn drawn(m: &Mission, lang: Lang) -> String {
    let mut kinds: Vec<(String, u32)> = Vec::new();
    for e in &m.enemy {
        let name = lang.pick(&e.names).to_owned();
        match kinds.iter_mut().find(|(n, _)| *n == name) {
            Some(k) => k.1 += 1,
            None => kinds.push((name, 1)),
        }
    }
    (kinds.into_iter())
        .map(|(n, count)| {
            if count > 1 {
                format!("{n} ×{count}")
            } else {
                n
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every character and soldier who served: his escort, the missions he
/// played, how often he came back wounded, and what he is now.
fn honour_roll(c: &Campaign, stories: &[MissionStory], lang: Lang) -> Section {
    let mut t = Table::new(
        [
            "sheet.book.name",
            "sheet.book.escort",
            "sheet.missions_played",
            "sheet.book.times_wounded",
            "sheet.book.state",
        ]
        .iter()
        .map(|k| lang.t(k).to_owned())
        .collect(),
    );
    t.wide = vec![0, 1];
    for x in c.characters.iter() {
        let record = service_record(stories, x.id);
        let escort = (c.escorts.iter())
            .find(|e| e.id == x.escort)
            .map_or_else(String::new, |e| e.player.clone());
        let state = match (x.state, &record.fell) {
            (State::Dead | State::Missing, Some((n, _))) => lang.f(
                "sheet.book.fell_in",
                &[
                    ("state", &state_word(x.state, lang)),
                    ("number", &n.to_string()),
                ],
            ),
            _ => state_word(x.state, lang),
        };
        t.rows.push(vec![
            x.name().to_owned(),
            escort,
            x.missions.to_string(),
            record.wounded.len().to_string(),
            state,
        ]);
    }
    Section {
        id: "honour".to_owned(),
        title: lang.t("sheet.book.honour").to_owned(),
        blocks: vec![Block::Table(t)],
    }
}

/// A state by its sign and word, as the cards say it.
fn state_word(state: State, lang: Lang) -> String {
    let icon = match state {
        State::Fit => "✔",
        State::LightlyWounded => "✚",
        State::SeriouslyWounded => "✚✚",
        State::Dead => "✝",
        State::Missing => "?",
    };
    format!("{icon} {}", lang.t(state.key()))
}

/// The fallen, in the order they fell: where and how.
fn fallen_section(stories: &[MissionStory], lang: Lang) -> Option<Section> {
    let mut t = Table::new(
        ["sheet.book.name", "sheet.mission", "sheet.book.how"]
            .iter()
            .map(|k| lang.t(k).to_owned())
            .collect(),
    );
    t.wide = vec![0, 2];
    for s in stories {
        for f in &s.fallen {
            t.rows.push(vec![
                f.name.clone(),
                s.number.to_string(),
                format!("{} · {}", state_word(f.state, lang), lang.t(f.by)),
            ]);
        }
    }
    (!t.rows.is_empty()).then(|| Section {
        id: "fallen".to_owned(),
        title: lang.t("sheet.book.fallen").to_owned(),
        blocks: vec![Block::Table(t)],
    })
}
