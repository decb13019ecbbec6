//! What the debrief asks: who the guide may lead, and whether the leader and the Cran tests may still change.

use super::super::*;
use super::recruiting;
use crate::rules::campaign::debrief;
use crate::rules::campaign::queries;
use crate::rules::campaign::record;

/// What the debrief asks: who the guide may lead, and whether the leader and the Cran tests may still change.
#[derive(Clone, Copy, Debug)]
pub struct Debriefing<'a> {
    c: &'a Campaign,
}

/// What the debrief asks.
pub fn debriefing(c: &Campaign) -> Debriefing<'_> {
    Debriefing { c }
}

impl<'a> Debriefing<'a> {
    /// Why the guide may not lead this character (CMP-14), or none when he
    /// may: he must be able to play the next mission, wear no armour better
    /// than the data's save (a kill-team soldier: carry none of its armour
    /// items) and be worth no more than its points.
    pub fn guide_refusal(&self, id: CharId, rules: &RulesData) -> Option<Problem> {
        let rates = queries::rates(self.c, &rules.campaign);
        let r = &rates.recon;
        let Some(x) = self.c.characters.iter().find(|x| x.id == id) else {
            return Some(Problem::new("CMP-14", "campaign.problem.no_character").arg("id", id));
        };
        let named = |key: &'static str| Problem::new("CMP-14", key).character(x.name());
        let benched = self
            .c
            .table
            .as_ref()
            .is_some_and(|t| !t.players.contains(&id));
        if !x.state.alive() || x.misses_next || benched {
            return Some(named("campaign.problem.guide_cannot_play"));
        }
        match &x.member {
            Member::Character(ch) => {
                if let Some(save) = crate::rules::characters::equipment::armour_save(&ch.equipment)
                    && save < r.guide_armour_no_better_than
                {
                    return Some(
                        named("campaign.problem.guide_armour")
                            .arg("save", save)
                            .arg("limit", r.guide_armour_no_better_than),
                    );
                }
            }
            Member::Soldier(_) => {
                if let Some(item) = (r.guide_forbidden_items.iter())
                    .map(|i| ItemId::from(i.as_str()))
                    .find(|i| x.member.carries(i))
                {
                    return Some(crate::rules::killteam::with_item(
                        named("campaign.problem.guide_item"),
                        &rules.killteam,
                        "item",
                        &item,
                    ));
                }
            }
        }
        match recruiting::recruiting(self.c).cost(&x.member, rules) {
            Ok(worth) if worth > r.guide_max_worth => Some(
                named("campaign.problem.guide_worth")
                    .arg("worth", worth)
                    .arg("max", r.guide_max_worth),
            ),
            Ok(_) => None,
            Err(p) => Some(p),
        }
    }

    /// Whether an escort's leader is fixed now: during the Grand Final,
    /// played or being settled, the campaign's end depends on him (CMP-17).
    pub fn leader_locked(&self) -> bool {
        self.c.mission.as_ref().map(|m| m.mission_type) == Some(MissionType::Final)
            && matches!(self.c.phase, Phase::Playing | Phase::Debrief)
    }

    /// Whether a Cran cannot be set by hand now: while the mission is
    /// played, or while its Cran tests are not all settled (CMP-11).
    pub fn cran_locked(&self) -> bool {
        self.c.phase == Phase::Playing
            || self
                .c
                .debrief
                .as_ref()
                .is_some_and(|d| !d.pending.is_empty() || !debrief::fate_open(self.c).is_empty())
    }

    /// A character's Cran by the campaign's own formula (CMP-11): what it
    /// is unless set by hand.
    pub fn default_cran(&self, x: &CampaignCharacter, rules: &RulesData) -> u32 {
        let die = self.c.settings.cran_die;
        x.member.default_cran_by(
            queries::rates(self.c, &rules.campaign).cran(die),
            die,
            rules,
        )
    }

    /// Why the escort `escort` may not hire the guide now (CMP-14), or
    /// none: the debrief must offer him, he must not be hired yet, the
    /// players who lost characters pay first from a pooled reserve
    /// (CMP-16), and the escort must hold his price.
    pub fn hire_guide_refusal(&self, escort: EscortId, rules: &RulesData) -> Option<Problem> {
        let c = self.c;
        if let Err(p) = record::expect(c, &[Phase::Debrief]) {
            return Some(p);
        }
        if !c.debrief.as_ref().is_some_and(|d| d.guide_offered) {
            return Some(Problem::new("CMP-14", "campaign.problem.no_guide"));
        }
        if c.guide {
            return Some(Problem::new("CMP-14", "campaign.problem.guide_hired"));
        }
        let cost = queries::rates(c, &rules.campaign).recon.guide_cost;
        debrief::check_priority(c, escort)
            .err()
            .or_else(|| record::points_refusal(c, escort, cost, "CMP-14"))
    }
}
