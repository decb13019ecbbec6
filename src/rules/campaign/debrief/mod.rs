//! Events between two missions: the Cran tests, fate, advances, points
//! spent, the recon, the guide, the next mission and the end.
//!
//! In this file: the next mission, the end and what the debrief's events
//! share; each other group of events in its own file.

mod advances;
mod out_of_action;
pub(super) mod recon;
mod reinforcements;

use rand::Rng;

use super::edit::{CampaignEdit, MissionChoice};
use super::record;
use super::{Campaign, CampaignCharacter, End, MissionType, Phase};
use crate::rules::campaign::DebriefEdit;
use crate::rules::campaign::queries;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

impl Campaign {
    /// [`DebriefEdit::NextMission`]: the next mission, by the chain or forced
    /// (CMP-2, CMP-3).
    pub(super) fn next_mission<R: Rng + ?Sized>(
        &mut self,
        choice: MissionChoice,
        rules: &RulesData,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        record::expect(self, &[Phase::Debrief])?;
        self.tests_done()?;
        if self.debrief.as_ref().and_then(|d| d.mission_type) == Some(MissionType::Final) {
            return Err(Problem::new("CMP-17", "campaign.problem.after_final"));
        }
        let chain = self.next_type();
        let choice = self.draw_mission(chain, choice, rules, rng, out)?;
        self.debrief = None;
        Ok(CampaignEdit::Debrief(DebriefEdit::NextMission { choice }))
    }

    /// [`DebriefEdit::EndCampaign`]: the campaign ends after its Grand Final
    /// (CMP-17).
    pub(super) fn end_campaign(
        &mut self,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let rates = queries::shared_rates(self, &rules.campaign);
        let nobody = !self.characters.iter().any(|x| x.state.alive());
        if nobody && self.phase != Phase::Playing {
            // Every character dead or missing: the campaign is lost,
            // nothing carries over (Decision).
            self.tests_done()?;
            out.lines
                .push((LineKind::Info, Msg::new("campaign.log.lost")));
            self.end = Some(End {
                won: false,
                resources: 0,
                carries_over: false,
            });
            self.debrief = None;
            self.phase = Phase::Over;
            return Ok(CampaignEdit::Debrief(DebriefEdit::EndCampaign));
        }
        record::expect(self, &[Phase::Debrief])?;
        self.tests_done()?;
        let d = self
            .debrief
            .as_ref()
            .ok_or_else(|| Problem::new("CMP-17", "campaign.problem.not_between"))?;
        if d.mission_type != Some(MissionType::Final) {
            return Err(Problem::new("CMP-17", "campaign.problem.no_final_yet"));
        }
        let won = d.success;
        let leader_alive = self.escorts.iter().any(|e| {
            e.leader
                .and_then(|l| queries::character(self, l))
                .is_some_and(|c| c.state.alive())
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
        self.end = Some(end);
        self.debrief = None;
        self.phase = Phase::Over;
        Ok(CampaignEdit::Debrief(DebriefEdit::EndCampaign))
    }

    pub(super) fn tests_done(&self) -> Result<(), Problem> {
        if let Some(d) = &self.debrief
            && let Some(&first) = d.pending.first()
        {
            let name = queries::character(self, first).map_or("?", CampaignCharacter::name);
            return Err(Problem::new("CMP-9", "campaign.problem.tests_pending")
                .character(name)
                .arg("count", d.pending.len()));
        }
        Ok(())
    }

    pub(super) fn state_line(&self, i: usize, rule: &'static str) -> (LineKind, Msg) {
        let c = &self.characters[i];
        (
            LineKind::Info,
            Msg::new("campaign.log.state")
                .text("character", c.name())
                .key("state", c.state.key())
                .text("rule", rule),
        )
    }
}
