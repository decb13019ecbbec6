//! What reinforcing an escort asks (CMP-9, CMP-10): a recruit's cost and refusals, the characters held for a return, each escort's pool.

use super::super::*;
use crate::rules::campaign::debrief;
use crate::rules::campaign::queries;
use crate::rules::campaign::record;
use crate::rules::campaign::recruit;

/// What reinforcing an escort asks (CMP-9, CMP-10): a recruit's cost and refusals, the characters held for a return, each escort's pool.
#[derive(Clone, Copy, Debug)]
pub struct Recruiting<'a> {
    c: &'a Campaign,
}

/// What reinforcing an escort asks (CMP-9, CMP-10).
pub fn recruiting(c: &Campaign) -> Recruiting<'_> {
    Recruiting { c }
}

impl<'a> Recruiting<'a> {
    /// What a recruit costs in reinforcement points (CMP-7): a Rogue Trader
    /// character's figure and the advance points he is worth (CHR-10), a
    /// kill-team soldier's equivalents (KT-4), at the recorded rates.
    pub fn cost(&self, member: &Member, rules: &RulesData) -> Result<u32, Problem> {
        let rates = queries::rates(self.c, &rules.campaign);
        let r = &rates.recruit;
        match member {
            Member::Character(c) => Ok(r
                .character_base
                .saturating_add(r.per_advance_point.saturating_mul(c.worth(rules)))),
            Member::Soldier(s) => {
                let kind = rules.killteam.kind(&s.kind).ok_or_else(|| {
                    Problem::new("KT-4", "campaign.problem.unknown_soldier_kind")
                        .character(&s.name)
                        .arg("kind", &s.kind)
                })?;
                Ok(r.per_soldier_equivalent.saturating_mul(kind.equivalents))
            }
        }
    }

    /// Why a recruit may not join an escort for his faction (CMP-14), or
    /// none when he may. He may when he is of the race or soldier kind of
    /// a character the escort has held, or of one of their factions; or,
    /// once a recon has found Allies, of any faction of the Imperium. A
    /// campaign started before Muster recorded the factions recruits from
    /// anyone, as it did then.
    pub fn refusal(&self, escort: EscortId, member: &Member) -> Option<Problem> {
        let factions = self.c.rates.as_ref()?.recruit_factions.as_ref()?;
        let e = queries::escort(self.c, escort)?;
        let held: Vec<&Member> = queries::members(self.c, escort)
            .map(|x| &x.member)
            .collect();
        let same = |a: &Member, b: &Member| match (a, b) {
            (Member::Character(a), Member::Character(b)) => a.race == b.race,
            (Member::Soldier(a), Member::Soldier(b)) => a.kind == b.kind,
            _ => false,
        };
        if held.iter().any(|h| same(h, member)) {
            return None;
        }
        let of_his = || factions.iter().filter(|f| f.holds(member));
        if of_his().any(|f| held.iter().any(|h| f.holds(h))) {
            return None;
        }
        let imperium = of_his().any(|f| f.imperium);
        if imperium && self.c.allies {
            return None;
        }
        let key = if imperium {
            "campaign.problem.recruit_needs_allies"
        } else {
            "campaign.problem.recruit_foreign"
        };
        Some(
            Problem::new("CMP-14", key)
                .character(member.name())
                .arg("player", &e.player),
        )
    }

    /// Why the picker may not offer this recruit for this escort, or none:
    /// he is in the campaign already (CMP-7), he is of a faction the escort
    /// may not recruit from (CMP-14), or the escort would break a rule of
    /// its kind with him (KT, EQ, RIB for a kill team; CHR for a band).
    pub fn choice_refusal(
        &self,
        escort: EscortId,
        member: &Member,
        origin: &CharRef,
        rules: &RulesData,
    ) -> Option<Problem> {
        if let Some(x) = recruiting(self.c).held(origin, member.name()) {
            let player = queries::escort(self.c, x.escort).map_or("", |e| e.player.as_str());
            return Some(
                Problem::new("CMP-7", "campaign.problem.recruit_held")
                    .character(member.name())
                    .arg("player", player),
            );
        }
        recruit::recruit_member_refusal(self.c, escort, member, rules)
    }

    /// The campaign's character copied from `origin` (CMP-7), dead or alive:
    /// one of that origin, or, for one copied before Muster recorded
    /// origins, one of the same name.
    pub fn held(&self, origin: &CharRef, name: &str) -> Option<&'a CampaignCharacter> {
        let same_name = |x: &CampaignCharacter| {
            x.origin.is_none() && x.name().trim().eq_ignore_ascii_case(name.trim())
        };
        self.c
            .characters
            .iter()
            .map(Arc::as_ref)
            .find(|x| x.origin.as_ref() == Some(origin) || same_name(x))
    }

    /// The reinforcement points an escort may spend (its own, or the pool).
    pub fn pool(&self, escort: EscortId) -> u32 {
        record::pool(self.c, escort)
    }

    /// Why an escort's reinforcement points buy nothing for one of its
    /// characters, or none when they may (CMP-7: at the costs the rules
    /// give). A kill team's soldier has his special item and his ribbon
    /// free (KT-5) and his weapons with his kind, and the kill-team rules
    /// price nothing else: its points recruit soldiers, and anything else
    /// they are spent on is only noted.
    pub fn bought_for_refusal(&self, escort: EscortId) -> Option<Problem> {
        let e = queries::escort(self.c, escort)?;
        (e.kind == EscortKind::KillTeam).then(|| {
            Problem::new("KT-5", "campaign.problem.kill_team_buys_for_nobody")
                .arg("player", &e.player)
        })
    }

    /// Why the escort `escort` may not spend `points` on something else
    /// now (CMP-7), or none: after the mission or before the next, once
    /// the Cran tests are rolled (CMP-9), the players who lost characters
    /// paying first from a pooled reserve (CMP-16), within what it holds.
    pub fn spend_refusal(&self, escort: EscortId, points: u32) -> Option<Problem> {
        let c = self.c;
        record::expect(c, &[Phase::Debrief, Phase::Ready])
            .and_then(|()| debrief::tests_done(c))
            .and_then(|()| debrief::check_priority(c, escort))
            .err()
            .or_else(|| record::points_refusal(c, escort, points, "CMP-7"))
    }
}
