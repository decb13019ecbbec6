//! The campaign status sheet: its victory points and points, its settings,
//! the next mission, each character's card with his state, and the missions
//! played.

use crate::i18n::Lang;
use crate::rules::RulesData;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;
use crate::rules::campaign::{
    Campaign, CampaignCharacter, CampaignEdit, EscortKind, Member, Phase, State,
};
use crate::rules::campaign::{FactionId, MissionId};
use crate::rules::killteam::ItemId;

use crate::print::model::{Block, Card, Fact, Section, Sheet, SheetKind, Table, Tag};

use super::band::character_card;
use super::killteam::soldier_card;
use super::{SheetOptions, finish, new_sheet, notes_section};
use crate::rules::campaign::drawing;
use crate::rules::campaign::{DebriefEdit, MissionResult, SetupEdit};

fn state_tag(lang: Lang, state: State) -> Tag {
    let (icon, tone) = match state {
        State::Fit => ("✔", "good"),
        State::LightlyWounded => ("✚", "warn"),
        State::SeriouslyWounded => ("✚✚", "bad"),
        State::Dead => ("✝", "bad"),
        State::Missing => ("?", "bad"),
    };
    Tag {
        text: format!("{icon} {}", lang.t(state.key())),
        tone,
    }
}

fn campaign_card(lang: Lang, rules: &RulesData, c: &Campaign, cc: &CampaignCharacter) -> Card {
    let mut card = match &cc.member {
        Member::Character(ch) => character_card(lang, rules, ch),
        Member::Soldier(s) => {
            // Single-use items struck off at the table print ticked.
            let used: Vec<&ItemId> = c
                .table
                .as_ref()
                .map(|t| {
                    t.struck
                        .iter()
                        .filter(|(who, _)| *who == cc.id)
                        .map(|(_, item)| item)
                        .collect()
                })
                .unwrap_or_default();
            soldier_card(lang, rules, s, 0, &used, None)
        }
    };
    card.tags.insert(0, state_tag(lang, cc.state));
    if cc.state.alive() {
        let (text, tone) = if cc.can_play() {
            (format!("▶ {}", lang.t("sheet.plays_next")), "good")
        } else {
            (format!("⊘ {}", lang.t("sheet.misses_next")), "warn")
        };
        card.tags.push(Tag { text, tone });
    }
    if c.escorts.iter().any(|e| e.leader == Some(cc.id)) {
        card.tags.push(Tag {
            text: format!("★ {}", lang.t("sheet.leader")),
            tone: "info",
        });
    }
    let taken = c
        .table
        .as_ref()
        .and_then(|t| t.wounds.get(&cc.id).copied())
        .unwrap_or(0);
    if let Some(t) = card.track.as_mut() {
        t.ticked = taken.min(t.boxes);
    }
    card.lines.insert(
        0,
        Fact::new(
            lang.t("sheet.missions_played_label"),
            lang.f(
                "sheet.missions_cran",
                &[
                    ("missions", &cc.missions.to_string()),
                    ("cran", &cc.cran.to_string()),
                    ("die", &c.settings.cran_die.to_string()),
                ],
            ),
        ),
    );
    card
}

fn mission_label(rules: &RulesData, lang: Lang, id: &MissionId) -> (String, String) {
    match rules.campaign.mission(id) {
        Some(m) => (
            lang.t(m.mission_type.key()).to_owned(),
            lang.pick(&m.names).to_owned(),
        ),
        None => (String::new(), id.to_string()),
    }
}

/// The missions played, from the journal: number, type, mission, faction,
/// result (as the rules gave it), VP.
fn played_missions(c: &Campaign, rules: &RulesData, lang: Lang) -> Table {
    let mut t = Table::new(
        [
            "sheet.mission_number",
            "sheet.mission_type",
            "sheet.mission",
            "sheet.faction",
            "sheet.result",
            "sheet.vp",
        ]
        .iter()
        .map(|k| lang.t(k).to_owned())
        .collect(),
    );
    t.wide = vec![2, 3];
    // Each mission's end as the rules gave it (CMP-2: a Survival survived
    // while a character stood, whatever its objective), as its story tells
    // it; a journal that cannot be told keeps what the players said.
    let outcomes: Vec<(u32, MissionResult)> =
        crate::rules::campaign::chronicle::chronicle(c, rules)
            .map(|stories| {
                (stories.iter())
                    .filter_map(|s| {
                        s.result
                            .map(|(success, vp)| (s.number, MissionResult { success, vp }))
                    })
                    .collect()
            })
            .unwrap_or_default();
    let mut chosen: Option<(MissionId, FactionId)> = None;
    for e in &c.journal {
        match &e.event {
            CampaignEdit::Setup(SetupEdit::Start { choice, .. })
            | CampaignEdit::Debrief(DebriefEdit::NextMission { choice, .. }) => {
                // A mission against the Nemesis records no faction of its own.
                chosen = Some((
                    choice.mission.clone().unwrap_or_default(),
                    choice
                        .faction
                        .clone()
                        .unwrap_or_else(|| c.settings.nemesis.clone()),
                ));
            }
            CampaignEdit::Debrief(DebriefEdit::EndMission { result, .. }) => {
                let result = (outcomes.iter())
                    .find(|(number, _)| *number == e.mission)
                    .map_or(result, |(_, outcome)| outcome);
                let (mission, faction) = chosen.take().unwrap_or_default();
                let (kind, name) = mission_label(rules, lang, &mission);
                let outcome = if result.success {
                    format!("✔ {}", lang.t("sheet.success"))
                } else {
                    format!("✘ {}", lang.t("sheet.failure"))
                };
                t.rows.push(vec![
                    e.mission.to_string(),
                    kind,
                    name,
                    lang.faction(&rules.campaign, &faction),
                    outcome,
                    result.vp.to_string(),
                ]);
            }
            _ => {}
        }
    }
    t
}

/// The campaign's state: victory points, missions, points of each escort,
/// its end.
fn campaign_status(c: &Campaign, lang: Lang) -> Section {
    let s = &c.settings;
    let mut status = vec![
        Fact::new(
            lang.t("sheet.vp_title"),
            lang.f(
                "sheet.vp_of",
                &[
                    ("vp", &c.vp.to_string()),
                    ("threshold", &s.vp_threshold.to_string()),
                ],
            ),
        ),
        Fact::new(
            lang.t("sheet.missions_played"),
            c.missions_played.to_string(),
        ),
    ];
    if s.pool == crate::rules::campaign::PoolMode::Pooled {
        status.push(Fact::new(
            lang.t("sheet.reinforcement_pool"),
            c.pool.to_string(),
        ));
    }
    for e in &c.escorts {
        let mut v = lang.f(
            "sheet.escort_points",
            &[
                (
                    "reinforcement",
                    &queries::recruiting(c).pool(e.id).to_string(),
                ),
                ("fate", &e.fate_points.to_string()),
            ],
        );
        if e.kind == EscortKind::KillTeam {
            v.push_str(" · ");
            v.push_str(&lang.f("sheet.cp", &[("n", &e.command_points.to_string())]));
        }
        status.push(Fact::new(e.player.clone(), v));
    }
    if let Some(end) = &c.end {
        let key = if end.won {
            "sheet.end.won"
        } else {
            "sheet.end.lost"
        };
        status.push(Fact::new(
            lang.t("sheet.end"),
            lang.f(key, &[("resources", &end.resources.to_string())]),
        ));
    }
    Section {
        id: "status".to_owned(),
        title: lang.t("sheet.status").to_owned(),
        blocks: vec![Block::Facts { facts: status }],
    }
}

/// The settings the campaign was started with.
fn campaign_settings(c: &Campaign, rules: &RulesData, lang: Lang) -> Section {
    let s = &c.settings;
    let yes_no = |b: bool| lang.t(if b { "sheet.yes" } else { "sheet.no" }).to_owned();
    let injuries = match s.injuries {
        crate::rules::campaign::Injuries::Standard => "sheet.injuries.standard",
        crate::rules::campaign::Injuries::GangWar => "sheet.injuries.gang_war",
    };
    let pool = match s.pool {
        crate::rules::campaign::PoolMode::Split => "sheet.pool.split",
        crate::rules::campaign::PoolMode::Pooled => "sheet.pool.pooled",
    };
    let mut secondary: Vec<String> = s
        .secondary
        .iter()
        .map(|f| lang.faction(&rules.campaign, f))
        .collect();
    if secondary.is_empty() {
        secondary.push("—".to_owned());
    }
    Section {
        id: "settings".to_owned(),
        title: lang.t("sheet.settings").to_owned(),
        blocks: vec![Block::Facts {
            facts: vec![
                Fact::new(lang.t("sheet.vp_threshold"), s.vp_threshold.to_string()),
                Fact::new(lang.t("sheet.cran_die"), format!("D{}", s.cran_die)),
                Fact::new(lang.t("sheet.injuries"), lang.t(injuries)),
                Fact::new(lang.t("sheet.fate_points"), yes_no(s.fate_points)),
                Fact::new(lang.t("sheet.difficulty"), s.difficulty.to_string()),
                Fact::new(lang.t("sheet.reinforcements"), lang.t(pool)),
                Fact::new(
                    lang.t("sheet.nemesis"),
                    lang.faction(&rules.campaign, &s.nemesis),
                ),
                Fact::new(lang.t("sheet.secondary"), secondary.join(", ")),
            ],
        }],
    }
}

/// The mission at hand, or the next one's type (none once it is over).
fn next_mission(c: &Campaign, rules: &RulesData, lang: Lang) -> Vec<Fact> {
    let mut next = Vec::new();
    match &c.mission {
        Some(m) if matches!(c.phase, Phase::Ready | Phase::Playing) => {
            let (_, name) = mission_label(rules, lang, &m.mission);
            next.push(Fact::new(
                lang.t("sheet.mission_number"),
                m.number.to_string(),
            ));
            next.push(Fact::new(
                lang.t("sheet.mission_type"),
                lang.t(m.mission_type.key()),
            ));
            next.push(Fact::new(lang.t("sheet.mission"), name));
            next.push(Fact::new(
                lang.t("sheet.faction"),
                lang.faction(&rules.campaign, &m.faction),
            ));
            next.push(Fact::new(
                lang.t("sheet.enemy_points"),
                m.points.to_string(),
            ));
            if !m.enemy.is_empty() {
                let enemy: Vec<String> = m
                    .enemy
                    .iter()
                    .map(|e| lang.pick(&e.names).to_owned())
                    .collect();
                next.push(Fact::new(lang.t("sheet.enemy"), enemy.join(", ")));
            }
            // The models the mission names: who they are, what it says of
            // them.
            for n in named::models(c, rules) {
                next.push(Fact::new(lang.pick(&n.names), lang.pick(&n.text)));
            }
        }
        _ if c.phase != Phase::Over => {
            next.push(Fact::new(
                lang.t("sheet.mission_type"),
                lang.t(drawing::next_type(c).key()),
            ));
        }
        _ => {}
    }
    next
}

/// The campaign status sheet: VP, points, settings, the next mission, each
/// character's state and whether he plays it, the missions played.
pub fn campaign_sheet(c: &Campaign, rules: &RulesData, options: SheetOptions) -> Sheet {
    let lang = options.lang;
    let phase_key = match c.phase {
        Phase::Setup => "sheet.phase.setup",
        Phase::Ready => "sheet.phase.ready",
        Phase::Playing => "sheet.phase.playing",
        Phase::Debrief => "sheet.phase.debrief",
        Phase::Over => "sheet.phase.over",
    };
    let subtitle = lang.f(
        "sheet.campaign_subtitle",
        &[
            ("phase", lang.t(phase_key)),
            ("missions", &c.missions_played.to_string()),
        ],
    );
    let mut sheet = new_sheet(SheetKind::Campaign, &c.name, subtitle, lang);
    sheet.sections.push(campaign_status(c, lang));
    sheet.sections.push(campaign_settings(c, rules, lang));
    let next = next_mission(c, rules, lang);
    if !next.is_empty() {
        sheet.sections.push(Section {
            id: "next".to_owned(),
            title: lang.t("sheet.next_mission").to_owned(),
            blocks: vec![Block::Facts { facts: next }],
        });
    }
    for e in &c.escorts {
        let cards: Vec<Card> = queries::members(c, e.id)
            .map(|cc| campaign_card(lang, rules, c, cc))
            .collect();
        sheet.sections.push(Section {
            id: format!("escort-{}", e.id),
            title: lang.f(
                "sheet.escort",
                &[("player", &e.player), ("source", &e.source)],
            ),
            blocks: vec![Block::Cards { cards }],
        });
    }
    let played = played_missions(c, rules, lang);
    if !played.rows.is_empty() {
        sheet.sections.push(Section {
            id: "missions".to_owned(),
            title: lang.t("sheet.missions").to_owned(),
            blocks: vec![Block::Table(played)],
        });
    }
    sheet
        .sections
        .push(super::house_rules::house_rules_section(c, lang));
    if !c.notes.trim().is_empty() {
        sheet.sections.push(notes_section(lang, &c.notes));
    }
    finish(sheet, rules, options)
}
