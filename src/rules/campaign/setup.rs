//! Events of the setup: the settings, the escorts, their leaders and Cran,
//! the start.

use rand::Rng;

use super::drawing;
use super::edit::{CampaignEdit, MissionChoice, NewEscort};
use super::record;
use super::{Campaign, CharId, Escort, EscortId, MissionType, Phase, PoolMode, Settings};
use crate::rules::campaign::SetupEdit;
use crate::rules::campaign::queries;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

/// [`SetupEdit::SetNotes`]: new notes.
pub(super) fn set_notes(c: &mut Campaign, notes: String) -> Result<CampaignEdit, Problem> {
    c.notes.clone_from(&notes);
    Ok(CampaignEdit::Setup(SetupEdit::SetNotes { notes }))
}

/// [`SetupEdit::AddEscort`]: an escort joins (in setup).
pub(super) fn join_escort(
    c: &mut Campaign,
    escort: NewEscort,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Setup])?;
    let id = add_escort(c, &escort, rules)?;
    out.created = Some(u64::from(id.0));
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.escort")
            .text("player", escort.player.trim())
            .text("source", &escort.source)
            .int("count", escort.members.len()),
    ));
    Ok(CampaignEdit::Setup(SetupEdit::AddEscort { escort }))
}

/// [`SetupEdit::RemoveEscort`]: an escort leaves (in setup).
pub(super) fn remove_escort(c: &mut Campaign, escort: EscortId) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Setup])?;
    let i = record::escort_index(c, escort)?;
    c.escorts.remove(i);
    std::sync::Arc::make_mut(&mut c.characters).retain(|ch| ch.escort != escort);
    Ok(CampaignEdit::Setup(SetupEdit::RemoveEscort { escort }))
}

/// [`SetupEdit::SetLeader`]: an escort's leader (CMP-17).
pub(super) fn set_leader(
    c: &mut Campaign,
    escort: EscortId,
    character: CharId,
) -> Result<CampaignEdit, Problem> {
    if queries::debriefing(c).leader_locked() {
        // CMP-17: the end depends on the leader of the Final.
        return Err(Problem::new("CMP-17", "campaign.problem.leader_locked"));
    }
    let e = record::escort_index(c, escort)?;
    let ch = &c.characters[record::index(c, character)?];
    if ch.escort != escort || !ch.state.alive() {
        return Err(Problem::new("CMP-17", "campaign.problem.leader").character(ch.name()));
    }
    c.escorts[e].leader = Some(character);
    Ok(CampaignEdit::Setup(SetupEdit::SetLeader {
        escort,
        character,
    }))
}

/// [`SetupEdit::SetCran`]: a character's Cran set by hand (CMP-11).
pub(super) fn set_cran(
    c: &mut Campaign,
    character: CharId,
    cran: u32,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let i = record::index(c, character)?;
    if queries::debriefing(c).cran_locked() {
        return Err(Problem::new("CMP-11", "campaign.problem.cran_locked")
            .character(c.characters[i].name()));
    }
    if cran == 0 || cran > c.settings.cran_die {
        return Err(Problem::new("CMP-11", "campaign.problem.cran_range")
            .character(c.characters[i].name())
            .arg("cran", cran)
            .arg("die", c.settings.cran_die));
    }
    let ch = record::char_mut(c, i);
    ch.cran = cran;
    ch.cran_by_hand = true;
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.cran")
            .text("character", c.characters[i].name())
            .int("cran", cran)
            .int("die", c.settings.cran_die),
    ));
    Ok(CampaignEdit::Setup(SetupEdit::SetCran { character, cran }))
}

/// [`SetupEdit::Start`]: the campaign starts: the first mission, a
/// random Investigation (CMP-2).
pub(super) fn start<R: Rng + ?Sized>(
    c: &mut Campaign,
    choice: MissionChoice,
    rates: Option<Box<super::Rates>>,
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let data = &rules.campaign;
    record::expect(c, &[Phase::Setup])?;
    if let Some(p) = c.settings.problems(data).into_iter().next() {
        return Err(p);
    }
    if c.characters.is_empty() {
        return Err(Problem::new("CMP-16", "campaign.problem.no_escort_yet"));
    }
    // The numbers it plays by from now on: the data's, or those
    // recorded when it was first played.
    let rates = rates.map_or_else(|| data.rates(), |r| *r);
    c.rates = Some(std::sync::Arc::new(rates.clone()));
    check_budget(c, rules)?;
    let fate = if c.settings.fate_points {
        rates.fate_points_per_player
    } else {
        0
    };
    for e in &mut c.escorts {
        e.fate_points = fate;
    }
    out.lines
        .push((LineKind::Info, Msg::new("campaign.log.start")));
    credit_carried(c, &rates, out);
    let choice = drawing::draw_mission(c, MissionType::Investigation, choice, rules, rng, out)?;
    Ok(CampaignEdit::Setup(SetupEdit::Start {
        choice,
        rates: Some(Box::new(rates)),
    }))
}

pub(super) fn set_settings(
    c: &mut Campaign,
    settings: Settings,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let data = &rules.campaign;
    if settings.vp_threshold == 0 {
        return Err(Problem::new("CMP-2", "campaign.problem.threshold"));
    }
    if let Some(p) = settings.out_of_limits(data) {
        return Err(p);
    }
    if data.cran(settings.cran_die).is_none() {
        return Err(
            Problem::new("CMP-11", "campaign.problem.cran_die").arg("die", settings.cran_die)
        );
    }
    if c.phase != Phase::Setup {
        let mut same = settings.clone();
        same.vp_threshold = c.settings.vp_threshold;
        same.difficulty = c.settings.difficulty;
        // KT-21: how double kills count may change at the table.
        same.double_kill = c.settings.double_kill;
        if same != c.settings {
            return Err(Problem::new("CMP-2", "campaign.problem.settings_locked"));
        }
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.settings_changed")
                .int("threshold", settings.vp_threshold)
                .int("difficulty", settings.difficulty),
        ));
    }
    let die_changed = settings.cran_die != c.settings.cran_die;
    c.settings = settings.clone();
    if die_changed {
        for i in 0..c.characters.len() {
            let die = settings.cran_die;
            let cran = c.characters[i].member.default_cran_by(
                queries::rates(c, data).cran(die),
                die,
                rules,
            );
            let ch = record::char_mut(c, i);
            ch.cran = cran;
            ch.cran_by_hand = false;
        }
    }
    Ok(CampaignEdit::Setup(SetupEdit::SetSettings { settings }))
}

/// CMP-17: an ended campaign's escort joins, once, in setup: each
/// character a copy as he ended it, his leader leading again.
pub(super) fn carry_in(
    c: &mut Campaign,
    from: Box<super::CarryOver>,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Setup])?;
    if c.carried.is_some() {
        return Err(Problem::new("CMP-17", "campaign.problem.carried_twice"));
    }
    if from.escorts.iter().all(|e| e.characters.is_empty()) {
        return Err(Problem::new("CMP-17", "campaign.problem.nothing_carries"));
    }
    let count: usize = from.escorts.iter().map(|e| e.characters.len()).sum();
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.carried")
            .text("campaign", &from.campaign)
            .int("count", count)
            .int("points", from.resources),
    ));
    for e in &from.escorts {
        let new = NewEscort {
            player: e.player.clone(),
            source: e.source.clone(),
            kind: e.kind,
            members: e.characters.iter().map(|x| x.member.clone()).collect(),
            doc: None,
        };
        let id = add_escort(c, &new, rules)?;
        let ids: Vec<CharId> = queries::members(c, id).map(|x| x.id).collect();
        for (&cid, carried) in ids.iter().zip(&e.characters) {
            let i = record::index(c, cid)?;
            if !carried.state.alive() {
                return Err(Problem::new("CMP-17", "campaign.problem.carried_dead")
                    .character(carried.member.name()));
            }
            let die = c.settings.cran_die;
            let ch = record::char_mut(c, i);
            ch.state = carried.state;
            ch.misses_next = carried.misses_next;
            if let Some(cran) = carried.cran.filter(|n| (1..=die).contains(n)) {
                ch.cran = cran;
                ch.cran_by_hand = true;
            }
            out.lines.push((
                LineKind::Info,
                Msg::new("campaign.log.carried_character")
                    .text("character", carried.member.name())
                    .text("campaign", &from.campaign)
                    .key("state", carried.state.key()),
            ));
        }
        let e_i = record::escort_index(c, id)?;
        c.escorts[e_i].carried = true;
        if let Some(at) = e.characters.iter().position(|x| x.leader) {
            c.escorts[e_i].leader = ids.get(at).copied();
        }
    }
    c.carried = Some(super::Carried {
        campaign: from.campaign.clone(),
        resources: from.resources,
    });
    Ok(CampaignEdit::Setup(SetupEdit::CarryOver { from }))
}

/// CMP-17: the resource points carried over, credited at the start as
/// reinforcement points at the recorded rate: to the pool, or split
/// evenly among the escorts carried over (the first takes what is left).
pub(super) fn credit_carried(c: &mut Campaign, rates: &super::Rates, out: &mut Outcome) {
    let Some(carried) = c.carried.as_mut() else {
        return;
    };
    let points = std::mem::take(&mut carried.resources)
        .saturating_mul(rates.end.reinforcement_per_resource_point);
    if points == 0 {
        return;
    }
    match c.settings.pool {
        PoolMode::Pooled => c.pool = c.pool.saturating_add(points),
        PoolMode::Split => {
            let mut to: Vec<usize> = (0..c.escorts.len())
                .filter(|&i| c.escorts[i].carried)
                .collect();
            if to.is_empty() {
                to = (0..c.escorts.len()).collect();
            }
            let n = u32::try_from(to.len().max(1)).unwrap_or(1);
            for (k, &i) in to.iter().enumerate() {
                let share = points / n + if k == 0 { points % n } else { 0 };
                let e = &mut c.escorts[i];
                e.reinforcement = e.reinforcement.saturating_add(share);
            }
        }
    }
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.resources_credited").int("points", points),
    ));
}

/// CMP-16: with a recruitment budget set, no escort may cost more than
/// its player's share of it.
pub(super) fn check_budget(c: &Campaign, rules: &RulesData) -> Result<(), Problem> {
    let Some(share) = queries::mustering(c).budget_share() else {
        return Ok(());
    };
    // CMP-17: an escort carried over goes on whole.
    for e in c.escorts.iter().filter(|e| !e.carried) {
        let cost = queries::mustering(c).cost(e.id, rules)?;
        if cost > share {
            return Err(Problem::new("CMP-16", "campaign.problem.over_budget")
                .arg("player", &e.player)
                .arg("cost", cost)
                .arg("share", share));
        }
    }
    Ok(())
}

pub(super) fn add_escort(
    c: &mut Campaign,
    e: &NewEscort,
    rules: &RulesData,
) -> Result<EscortId, Problem> {
    let player = e.player.trim();
    if player.is_empty() {
        return Err(Problem::new("CMP-16", "campaign.problem.no_player"));
    }
    if e.members.is_empty() {
        return Err(
            Problem::new("CMP-16", "campaign.problem.empty_escort").arg("source", &e.source)
        );
    }
    let id = EscortId(c.escorts.iter().map(|e| e.id.0).max().unwrap_or(0) + 1);
    c.escorts.push(Escort {
        id,
        player: player.to_owned(),
        source: e.source.clone(),
        kind: e.kind,
        leader: None,
        fate_points: 0,
        reinforcement: 0,
        command_points: 0,
        carried: false,
    });
    let mut first = None;
    for m in &e.members {
        let cid = record::add_member(c, id, m.clone(), e.doc.as_deref(), rules);
        first.get_or_insert(cid);
    }
    if let Some(last) = c.escorts.last_mut() {
        last.leader = first;
    }
    Ok(id)
}
