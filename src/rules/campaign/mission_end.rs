//! A mission's end: its result and VP, the reinforcements it credits,
//! who comes back and who is lost.

use super::edit::CampaignEdit;
use super::record;
use super::{
    Campaign, CharId, Debrief, Member, MissionResult, MissionType, Phase, PoolMode, State, Table,
};
use crate::rules::campaign::DebriefEdit;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

pub(super) fn end_mission(
    c: &mut Campaign,
    result: MissionResult,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    let mission = c
        .mission
        .clone()
        .ok_or_else(|| Problem::new("CMP-2", "campaign.problem.not_playing"))?;
    let t = mission.mission_type;
    if !t.earns_vp() && result.vp > 0 {
        return Err(Problem::new("CMP-1", "campaign.problem.no_vp_here").keyed(
            "type",
            t.as_str(),
            t.key(),
        ));
    }
    let most = rules.campaign.limits.mission_vp_max;
    if result.vp > most {
        return Err(Problem::new("CMP-6", "campaign.problem.vp_max")
            .arg("vp", result.vp)
            .arg("max", most));
    }
    let success = mission_outcome(c, result).success;
    let table = c.table.take().unwrap_or_default();
    // CMP-6: VP earned.
    c.vp = c.vp.saturating_add(result.vp);
    // CMP-7, CMP-8: reinforcements, won or lost.
    let per = credit_reinforcements(c, rules);
    c.missions_played += 1;
    out.lines.push((
        LineKind::Info,
        Msg::new(if success {
            "campaign.log.mission_won"
        } else {
            "campaign.log.mission_lost"
        })
        .int("number", mission.number)
        .key("type", t.key())
        .int("vp", result.vp)
        .int("points", per),
    ));
    let (pending, earned) = after_mission(c, &table, out);
    c.guide = false;
    c.guided.clear();
    let wounded = table
        .players
        .iter()
        .copied()
        .filter(|&p| table.wounds.get(&p).copied().unwrap_or(0) > 0)
        .collect();
    c.debrief = Some(Debrief {
        mission_type: Some(t),
        success,
        vp: result.vp,
        out_of_action: pending.clone(),
        pending,
        earned,
        played: table.players.clone(),
        wounded,
        ..Debrief::default()
    });
    c.phase = Phase::Debrief;
    Ok(CampaignEdit::Debrief(DebriefEdit::EndMission {
        result,
        played: table.players,
    }))
}

/// How the mission being played ends when the players say `result`
/// of it (its objective achieved or not, the VP they give it): whether
/// it succeeded and the VP it earns. A Survival is survived while a
/// character at its table is not out of action, even with its
/// objective failed (Decision, CMP-2: it is lost only when both
/// fail); a mission that earns no VP earns none (CMP-1). The result
/// as given with no mission being played.
pub fn mission_outcome(c: &Campaign, result: MissionResult) -> MissionResult {
    let Some(t) = c.mission.as_ref().map(|m| m.mission_type) else {
        return result;
    };
    let standing = c
        .table
        .as_ref()
        .is_some_and(|table| (table.players.iter()).any(|p| !table.out_of_action.contains(p)));
    MissionResult {
        success: result.success || (t == MissionType::Survival && standing),
        vp: if t.earns_vp() { result.vp } else { 0 },
    }
}

/// The reinforcement points of a mission, won or lost (CMP-7, CMP-8):
/// to the pool for each escort, or to each escort's own; the points
/// per escort.
fn credit_reinforcements(c: &mut Campaign, rules: &RulesData) -> u32 {
    let per = record::reinforcement_per_mission(c, rules);
    match c.settings.pool {
        PoolMode::Pooled => {
            let players = u32::try_from(c.escorts.len()).unwrap_or(1);
            c.pool = c.pool.saturating_add(per.saturating_mul(players));
        }
        PoolMode::Split => {
            for e in &mut c.escorts {
                e.reinforcement = e.reinforcement.saturating_add(per);
            }
        }
    }
    per
}

/// Each living character after a mission (CMP-13, CHR-13): who played
/// it counts it, heals a light wound and, out of action, owes a Cran
/// test (the first list) or, unwounded, earns an advance point (the
/// second); who missed it recovers.
fn after_mission(c: &mut Campaign, table: &Table, out: &mut Outcome) -> (Vec<CharId>, Vec<CharId>) {
    let mut pending = Vec::new();
    let mut earned = Vec::new();
    for i in 0..c.characters.len() {
        let x = &c.characters[i];
        let id = x.id;
        let played = table.players.contains(&id);
        // Only those the mission changes are taken out of the shared list.
        if !x.state.alive() || !(played || x.misses_next) {
            continue;
        }
        let chr = record::char_mut(c, i);
        if played {
            chr.missions += 1;
            // CMP-13: a light wound heals once the next mission is played.
            if chr.state == State::LightlyWounded {
                chr.state = State::Fit;
            }
            if table.out_of_action.contains(&id) {
                pending.push(id);
            } else if !table.wounded(id)
                && let Member::Character(ch) = &mut chr.member
            {
                // CHR-13: one advance point for an unwounded character.
                ch.after_game(false, false);
                earned.push(id);
                out.lines.push((
                    LineKind::Info,
                    Msg::new("campaign.log.advance_point").text("character", &ch.name),
                ));
            }
        } else if chr.misses_next {
            // CMP-13: the mission missed, he is fit again.
            chr.misses_next = false;
            chr.state = State::Fit;
            out.lines.push((
                LineKind::Info,
                Msg::new("campaign.log.recovered").text("character", chr.name()),
            ));
        }
    }
    (pending, earned)
}
