//! What a campaign over hands to the next: an escort exported, what carries over, the next campaign begun.

use super::super::*;
use crate::rules::campaign::queries;

/// What a campaign over hands to the next: an escort exported, what carries over, the next campaign begun.
#[derive(Clone, Copy, Debug)]
pub struct Sequel<'a> {
    c: &'a Campaign,
}

/// What a campaign over hands to the next.
pub fn sequel(c: &Campaign) -> Sequel<'_> {
    Sequel { c }
}

impl<'a> Sequel<'a> {
    /// "Export escort": an escort's living characters as they are now, as
    /// a Rogue Trader roster or a kill team for the next game, named `name`
    /// (the app gives it a fresh id).
    pub fn export_escort(&self, escort: EscortId, name: &str) -> Option<ExportedEscort> {
        let e = queries::escort(self.c, escort)?;
        let alive = queries::members(self.c, escort).filter(|x| x.state.alive());
        if e.kind == EscortKind::KillTeam {
            let mut team = KillTeam::new("escort", name);
            for (n, x) in alive.enumerate() {
                if let Member::Soldier(s) = &x.member {
                    let mut s = s.clone();
                    s.id = n as u64 + 1;
                    team.soldiers.push(s);
                }
            }
            Some(ExportedEscort::KillTeam(team))
        } else {
            let mut roster = Roster::new("escort", name);
            for (n, x) in alive.enumerate() {
                if let Member::Character(c) = &x.member {
                    let mut c = c.clone();
                    c.id = n as u64 + 1;
                    roster.characters.push(c);
                }
            }
            Some(ExportedEscort::Roster(roster))
        }
    }

    /// What this ended campaign carries into the next one (CMP-17): every
    /// escort's living characters as they are now, with its leader, and the
    /// resource points; refused while it is not over, or when it was lost
    /// with its leader dead (nothing carries over).
    pub fn carry_over(&self) -> Result<CarryOver, Problem> {
        let (Some(end), Phase::Over) = (&self.c.end, self.c.phase) else {
            return Err(Problem::new("CMP-17", "campaign.problem.not_over"));
        };
        if !end.carries_over {
            return Err(Problem::new("CMP-17", "campaign.problem.nothing_carries"));
        }
        let escorts: Vec<CarriedEscort> = self
            .c
            .escorts
            .iter()
            .map(|e| CarriedEscort {
                player: e.player.clone(),
                source: e.source.clone(),
                kind: e.kind,
                characters: queries::members(self.c, e.id)
                    .filter(|x| x.state.alive())
                    .map(|x| CarriedCharacter {
                        member: x.member.clone(),
                        state: x.state,
                        misses_next: x.misses_next,
                        cran: x.cran_by_hand.then_some(x.cran),
                        leader: e.leader == Some(x.id),
                    })
                    .collect(),
            })
            .filter(|e| !e.characters.is_empty())
            .collect();
        if escorts.is_empty() {
            return Err(Problem::new("CMP-17", "campaign.problem.nothing_carries"));
        }
        Ok(CarryOver {
            campaign: self.c.name.clone(),
            won: end.won,
            resources: end.resources,
            escorts,
        })
    }

    /// "Start the next campaign" (CMP-17): a new campaign in setup, named
    /// `name`, with this one's settings (the data's defaults where they no
    /// longer fit) and its carry-over as the journal's events, so that it
    /// replays like any other. This campaign is left as it is.
    pub fn next_campaign(
        &self,
        id: impl Into<String>,
        name: impl Into<String>,
        rules: &RulesData,
    ) -> Result<Campaign, Problem> {
        let carried = sequel(self.c).carry_over()?;
        let mut rng = crate::rules::core::dice::seeded(0);
        let mut c = Campaign::new(id, name, &rules.campaign);
        // The group plays on under its house rules.
        let changes = self
            .c
            .house_rules
            .as_deref()
            .map_or_else(|| rules.house.clone(), Clone::clone);
        let record = CampaignEdit::HouseRules(super::RulesEdit::record(changes));
        if let Ok((next, _)) = Document::apply(&c, record, rules, &mut rng) {
            c = next;
        }
        let settings = CampaignEdit::Setup(SetupEdit::SetSettings {
            settings: self.c.settings.clone(),
        });
        if let Ok((next, _)) = Document::apply(&c, settings, rules, &mut rng) {
            c = next;
        }
        let edit = CampaignEdit::Setup(SetupEdit::CarryOver {
            from: Box::new(carried),
        });
        Ok(Document::apply(&c, edit, rules, &mut rng)?.0)
    }
}
