//! What choosing the escorts at the campaign's start asks: their problems, factions and cost, the budget and the enemy's multiplier.

use super::super::*;
use super::recruiting;
use crate::rules::campaign::queries;

/// What choosing the escorts at the campaign's start asks: their problems, factions and cost, the budget and the enemy's multiplier.
#[derive(Clone, Copy, Debug)]
pub struct Mustering<'a> {
    c: &'a Campaign,
}

/// What choosing the escorts at the campaign's start asks.
pub fn mustering(c: &Campaign) -> Mustering<'_> {
    Mustering { c }
}

impl<'a> Mustering<'a> {
    /// Every rule an escort breaks as it stands (CMP-7): its living
    /// characters, and `with` when given, judged by their own kind's rules
    /// (KT, EQ and RIB for a kill team; CHR for a Rogue Trader band), each
    /// problem under the escort's player. A campaign's escort shrinks with
    /// its dead and grows with its recruits: its size (KT-1) is not judged,
    /// nor a team whose sergeant fell (KT-2 asks for one at most).
    pub fn problems(
        &self,
        escort: EscortId,
        rules: &RulesData,
        with: Option<&Member>,
    ) -> Vec<Problem> {
        let Some(e) = queries::escort(self.c, escort) else {
            return Vec::new();
        };
        // A recruit weighed gets the id he would get (his roster's may be
        // any of the campaign's).
        let with = with.map(|m| {
            let mut m = m.clone();
            m.set_id(self.c.next_id.max(CharId(1)));
            m
        });
        let members = queries::members(self.c, escort)
            .filter(|x| x.state.alive())
            .map(|x| &x.member)
            .chain(with.as_ref());
        let problems = if e.kind == EscortKind::KillTeam {
            let mut team = KillTeam::new(String::new(), e.source.clone());
            team.soldiers = members
                .filter_map(|m| match m {
                    Member::Soldier(s) => Some(s.clone()),
                    Member::Character(_) => None,
                })
                .collect();
            let sergeants = team.composition(&rules.killteam).sergeants;
            team.validate(rules)
                .into_iter()
                .filter(|p| p.rule != "KT-1" && !(p.rule == "KT-2" && sergeants == 0))
                .collect::<Vec<_>>()
        } else {
            members
                .filter_map(|m| match m {
                    Member::Character(c) => Some(c.validate(rules)),
                    Member::Soldier(_) => None,
                })
                .flatten()
                .collect()
        };
        problems
            .into_iter()
            .map(|p| {
                let mut wrapped = Problem::new(p.rule.clone(), "campaign.problem.in_escort")
                    .arg("player", &e.player);
                if let Some(name) = &p.character {
                    wrapped = wrapped.character(name);
                }
                wrapped.because(p)
            })
            .collect()
    }

    /// The factions of the characters an escort has held (CMP-14), in the
    /// data's order; none in a campaign that did not record them.
    pub fn factions(&self, escort: EscortId) -> Vec<&'a data::RecruitFaction> {
        let Some(factions) = self
            .c
            .rates
            .as_ref()
            .and_then(|r| r.recruit_factions.as_ref())
        else {
            return Vec::new();
        };
        factions
            .iter()
            .filter(|f| queries::members(self.c, escort).any(|x| f.holds(&x.member)))
            .collect()
    }

    /// What an escort's characters cost, as recruits (CMP-16).
    pub fn cost(&self, escort: EscortId, rules: &RulesData) -> Result<u32, Problem> {
        queries::members(self.c, escort)
            .filter(|x| x.state.alive())
            .try_fold(0_u32, |sum, x| {
                Ok(sum.saturating_add(recruiting::recruiting(self.c).cost(&x.member, rules)?))
            })
    }

    /// Each player's share of the recruitment budget (CMP-16): the budget
    /// split evenly (rounded down), or the whole of it per player; none
    /// when no budget is set.
    pub fn budget_share(&self) -> Option<u32> {
        let budget = self.c.settings.recruitment_budget?;
        Some(match self.c.settings.budget {
            Budget::Split => budget / u32::try_from(self.c.escorts.len().max(1)).unwrap_or(1),
            Budget::PerPlayer => budget,
        })
    }

    /// What the enemy's points are multiplied by (CMP-16): the number of
    /// players when each has a standard budget, else 1.
    pub fn enemy_multiplier(&self) -> u32 {
        match self.c.settings.budget {
            Budget::Split => 1,
            Budget::PerPlayer => u32::try_from(self.c.escorts.len().max(1)).unwrap_or(1),
        }
    }
}
