//! Events of the setup: the settings, the escorts, their leaders and Cran,
//! the start.

use rand::Rng;

use super::edit::{CampaignEdit, MissionChoice, NewEscort};
use super::{Campaign, CharId, EscortId, MissionType, Phase};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

impl Campaign {
    /// [`CampaignEdit::SetNotes`]: new notes.
    pub(super) fn set_notes(&mut self, notes: String) -> Result<CampaignEdit, Problem> {
        self.notes.clone_from(&notes);
        Ok(CampaignEdit::SetNotes { notes })
    }

    /// [`CampaignEdit::AddEscort`]: an escort joins (in setup).
    pub(super) fn join_escort(
        &mut self,
        escort: NewEscort,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Setup])?;
        let id = self.add_escort(&escort, rules)?;
        out.created = Some(u64::from(id));
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.escort")
                .text("player", escort.player.trim())
                .text("source", &escort.source)
                .int("count", escort.members.len()),
        ));
        Ok(CampaignEdit::AddEscort { escort })
    }

    /// [`CampaignEdit::RemoveEscort`]: an escort leaves (in setup).
    pub(super) fn remove_escort(&mut self, escort: EscortId) -> Result<CampaignEdit, Problem> {
        self.expect(&[Phase::Setup])?;
        let i = self.escort_index(escort)?;
        self.escorts.remove(i);
        self.characters.retain(|c| c.escort != escort);
        Ok(CampaignEdit::RemoveEscort { escort })
    }

    /// [`CampaignEdit::SetLeader`]: an escort's leader (CMP-17).
    pub(super) fn set_leader(
        &mut self,
        escort: EscortId,
        character: CharId,
    ) -> Result<CampaignEdit, Problem> {
        if self.leader_locked() {
            // CMP-17: the end depends on the leader of the Final.
            return Err(Problem::new("CMP-17", "campaign.problem.leader_locked"));
        }
        let e = self.escort_index(escort)?;
        let c = &self.characters[self.index(character)?];
        if c.escort != escort || !c.state.alive() {
            return Err(Problem::new("CMP-17", "campaign.problem.leader").character(c.name()));
        }
        self.escorts[e].leader = Some(character);
        Ok(CampaignEdit::SetLeader { escort, character })
    }

    /// [`CampaignEdit::SetCran`]: a character's Cran set by hand (CMP-11).
    pub(super) fn set_cran(
        &mut self,
        character: CharId,
        cran: u32,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let i = self.index(character)?;
        if self.cran_locked() {
            return Err(Problem::new("CMP-11", "campaign.problem.cran_locked")
                .character(self.characters[i].name()));
        }
        if cran == 0 || cran > self.settings.cran_die {
            return Err(Problem::new("CMP-11", "campaign.problem.cran_range")
                .character(self.characters[i].name())
                .arg("cran", cran)
                .arg("die", self.settings.cran_die));
        }
        let c = self.char_mut(i);
        c.cran = cran;
        c.cran_by_hand = true;
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.cran")
                .text("character", self.characters[i].name())
                .int("cran", cran)
                .int("die", self.settings.cran_die),
        ));
        Ok(CampaignEdit::SetCran { character, cran })
    }

    /// [`CampaignEdit::Start`]: the campaign starts: the first mission, a random Investigation (CMP-2).
    pub(super) fn start<R: Rng + ?Sized>(
        &mut self,
        choice: MissionChoice,
        rates: Option<Box<super::Rates>>,
        rules: &RulesData,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<CampaignEdit, Problem> {
        let data = &rules.campaign;
        self.expect(&[Phase::Setup])?;
        if let Some(p) = self.settings.problems(data).into_iter().next() {
            return Err(p);
        }
        if self.characters.is_empty() {
            return Err(Problem::new("CMP-16", "campaign.problem.no_escort_yet"));
        }
        // The numbers it plays by from now on: the data's, or those
        // recorded when it was first played.
        let rates = rates.map_or_else(|| data.rates(), |r| *r);
        self.rates = Some(rates.clone());
        self.check_budget(rules)?;
        let fate = if self.settings.fate_points {
            rates.fate_points_per_player
        } else {
            0
        };
        for e in &mut self.escorts {
            e.fate_points = fate;
        }
        out.lines
            .push((LineKind::Info, Msg::new("campaign.log.start")));
        self.credit_carried(&rates, out);
        let choice = self.draw_mission(MissionType::Investigation, choice, rules, rng, out)?;
        Ok(CampaignEdit::Start {
            choice,
            rates: Some(Box::new(rates)),
        })
    }
}
