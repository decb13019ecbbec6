//! Events between two missions: the Cran tests, fate, advances, points
//! spent, the recon, the guide, the next mission and the end.
//!
//! In this file: the next mission, the end and what the debrief's events
//! share; each other group of events in its own file.

mod advances;
mod out_of_action;
pub(super) mod recon;
mod reinforcements;
pub(in crate::rules::campaign) use advances::advance;
pub use advances::advances_owed;
pub(in crate::rules::campaign) use advances::unworthy;
pub(in crate::rules::campaign) use out_of_action::accept_death;
pub(in crate::rules::campaign) use out_of_action::confirm_out;
pub(in crate::rules::campaign) use out_of_action::cran_test;
pub use out_of_action::fate_open;
pub(in crate::rules::campaign) use out_of_action::fate_reroll;
pub(in crate::rules::campaign) use recon::guide;
pub(in crate::rules::campaign) use recon::hire_guide;
pub(in crate::rules::campaign) use recon::recon;
pub(in crate::rules::campaign) use reinforcements::check_priority;
pub(in crate::rules::campaign) use reinforcements::exchange_vp;
pub(in crate::rules::campaign) use reinforcements::gear_event;

use rand::Rng;

use super::drawing;
use super::edit::{CampaignEdit, MissionChoice};
use super::record;
use super::{Campaign, CampaignCharacter, End, MissionType, Phase};
use crate::rules::campaign::DebriefEdit;
use crate::rules::campaign::queries;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

/// [`DebriefEdit::NextMission`]: the next mission, by the chain or forced
/// (CMP-2, CMP-3).
pub(super) fn next_mission<R: Rng + ?Sized>(
    c: &mut Campaign,
    choice: MissionChoice,
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Debrief])?;
    tests_done(c)?;
    if c.debrief.as_ref().and_then(|d| d.mission_type) == Some(MissionType::Final) {
        return Err(Problem::new("CMP-17", "campaign.problem.after_final"));
    }
    let chain = drawing::next_type(c);
    let choice = drawing::draw_mission(c, chain, choice, rules, rng, out)?;
    c.debrief = None;
    Ok(CampaignEdit::Debrief(DebriefEdit::NextMission { choice }))
}

/// [`DebriefEdit::EndCampaign`]: the campaign ends after its Grand Final
/// (CMP-17).
pub(super) fn end_campaign(
    c: &mut Campaign,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let rates = queries::shared_rates(c, &rules.campaign);
    let nobody = !c.characters.iter().any(|x| x.state.alive());
    if nobody && c.phase != Phase::Playing {
        // Every character dead or missing: the campaign is lost,
        // nothing carries over tests_done((Decision).c)?;
        out.lines
            .push((LineKind::Info, Msg::new("campaign.log.lost")));
        c.end = Some(End {
            won: false,
            resources: 0,
            carries_over: false,
        });
        c.debrief = None;
        c.phase = Phase::Over;
        return Ok(CampaignEdit::Debrief(DebriefEdit::EndCampaign));
    }
    record::expect(c, &[Phase::Debrief])?;
    tests_done(c)?;
    let d = c
        .debrief
        .as_ref()
        .ok_or_else(|| Problem::new("CMP-17", "campaign.problem.not_between"))?;
    if d.mission_type != Some(MissionType::Final) {
        return Err(Problem::new("CMP-17", "campaign.problem.no_final_yet"));
    }
    let won = d.success;
    let leader_alive = c.escorts.iter().any(|e| {
        e.leader
            .and_then(|l| queries::character(c, l))
            .is_some_and(|ch| ch.state.alive())
    });
    let end = if won {
        End {
            won,
            resources: rates.end.won_resources,
            carries_over: true,
        }
    } else if leader_alive {
        End {
            won,
            resources: rates.end.lost_leader_alive_resources,
            carries_over: true,
        }
    } else {
        End {
            won,
            resources: 0,
            carries_over: false,
        }
    };
    out.lines.push((
        LineKind::Info,
        Msg::new(if won {
            "campaign.log.won"
        } else if end.carries_over {
            "campaign.log.lost_leader_alive"
        } else {
            "campaign.log.lost"
        })
        .int("points", end.resources),
    ));
    c.end = Some(end);
    c.debrief = None;
    c.phase = Phase::Over;
    Ok(CampaignEdit::Debrief(DebriefEdit::EndCampaign))
}

pub(super) fn tests_done(c: &Campaign) -> Result<(), Problem> {
    if let Some(d) = &c.debrief
        && let Some(&first) = d.pending.first()
    {
        let name = queries::character(c, first).map_or("?", CampaignCharacter::name);
        return Err(Problem::new("CMP-9", "campaign.problem.tests_pending")
            .character(name)
            .arg("count", d.pending.len()));
    }
    Ok(())
}

pub(super) fn state_line(c: &Campaign, i: usize, rule: &'static str) -> (LineKind, Msg) {
    let ch = &c.characters[i];
    (
        LineKind::Info,
        Msg::new("campaign.log.state")
            .text("character", ch.name())
            .key("state", ch.state.key())
            .text("rule", rule),
    )
}
