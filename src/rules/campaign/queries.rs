//! What a campaign answers without changing: its numbers, its refusals
//! and costs (why a wound, a guide, a recruit is refused; what a recruit
//! or an escort costs), its characters and escorts, what it exports.

use super::EscortKind;
use super::*;
use crate::rules::campaign::{ReinforcementEdit, SetupEdit, TableEdit};

impl Campaign {
    /// The numbers the campaign plays by: those recorded at its start, or
    /// the data's before it.
    pub fn rates<'a>(&'a self, data: &CampaignData) -> Cow<'a, Rates> {
        match &self.rates {
            Some(r) => Cow::Borrowed(&**r),
            None => Cow::Owned(data.rates()),
        }
    }

    /// The same numbers, held apart from the campaign (to read them while
    /// the campaign changes): shared, not copied, once recorded.
    pub fn shared_rates(&self, data: &CampaignData) -> Arc<Rates> {
        match &self.rates {
            Some(r) => Arc::clone(r),
            None => Arc::new(data.rates()),
        }
    }

    /// The missions a die draws for type `t` (CMP-3), by id, in order: the
    /// lists recorded when the campaign started, or the data's in a
    /// campaign that did not record them.
    pub fn mission_ids<'a>(&'a self, data: &'a CampaignData, t: MissionType) -> Vec<&'a str> {
        match self.rates.as_ref().and_then(|r| r.tables.as_ref()) {
            Some(tables) => tables
                .missions
                .iter()
                .filter(|l| l.mission_type == t)
                .flat_map(|l| l.missions.iter().map(String::as_str))
                .collect(),
            None => data.missions_of(t).map(|m| m.id.as_str()).collect(),
        }
    }

    /// A faction's escort table (CMP-5): the one recorded when the
    /// campaign started, or the data's in a campaign that did not record it.
    pub fn enemy_table<'a>(
        &'a self,
        data: &'a CampaignData,
        faction: &str,
    ) -> Option<&'a data::Faction> {
        match self.rates.as_ref().and_then(|r| r.tables.as_ref()) {
            Some(tables) => tables.factions.iter().find(|f| f.id == faction),
            None => data.faction(faction),
        }
    }

    /// Whether the wounds of the battle log's roll of this seed are in the
    /// journal already (each roll's wounds are applied once).
    pub fn roll_applied(&self, seed: u64) -> bool {
        self.journal.iter().any(|e| match &e.event {
            CampaignEdit::Table(
                TableEdit::AddWounds { roll, .. } | TableEdit::AddBattleWounds { roll, .. },
            ) => *roll == Some(seed),
            _ => false,
        })
    }

    /// Why the character of this id cannot take wounds rolled on the battle
    /// screen now (CMP-13), or none when he can: a mission must be played,
    /// and he must be at its table, alive and not out of action yet.
    pub fn wound_refusal(&self, id: CharId) -> Option<Problem> {
        match Fighter::of(id) {
            Fighter::Enemy(i) => return self.enemy_refusal(i),
            // Whether the mission names him is the data's to say: the
            // wounds' event refuses one it does not.
            Fighter::Named(_) if self.phase != Phase::Playing => {
                return Some(Problem::new("CMP-2", "campaign.problem.not_playing"));
            }
            Fighter::Named(i) => {
                return self
                    .named_out(i)
                    .then(|| Problem::new("CMP-13", "campaign.problem.named_out"));
            }
            Fighter::Character(_) => {}
        }
        let Some(x) = self.character(id) else {
            return Some(Problem::new("CMP-13", "campaign.problem.no_character").arg("id", id));
        };
        let named = |key: &'static str| Some(Problem::new("CMP-13", key).character(x.name()));
        if self.phase != Phase::Playing {
            return Some(Problem::new("CMP-2", "campaign.problem.not_playing"));
        }
        if !x.state.alive() {
            return named("campaign.problem.dead");
        }
        let Some(table) = &self.table else {
            return named("campaign.problem.not_playing_character");
        };
        if !table.players.contains(&id) {
            return named("campaign.problem.not_playing_character");
        }
        if table.out_of_action.contains(&id) {
            return named("campaign.problem.already_out");
        }
        None
    }

    /// Why the guide may not lead this character (CMP-14), or none when he
    /// may: he must be able to play the next mission, wear no armour better
    /// than the data's save (a kill-team soldier: carry none of its armour
    /// items) and be worth no more than its points.
    pub fn guide_refusal(&self, id: CharId, rules: &RulesData) -> Option<Problem> {
        let rates = self.rates(&rules.campaign);
        let r = &rates.recon;
        let Some(x) = self.characters.iter().find(|x| x.id == id) else {
            return Some(Problem::new("CMP-14", "campaign.problem.no_character").arg("id", id));
        };
        let named = |key: &'static str| Problem::new("CMP-14", key).character(x.name());
        let benched = self
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
                if let Some(item) = r.guide_forbidden_items.iter().find(|i| x.member.carries(i)) {
                    return Some(crate::rules::killteam::with_item(
                        named("campaign.problem.guide_item"),
                        &rules.killteam,
                        "item",
                        item,
                    ));
                }
            }
        }
        match self.recruit_cost(&x.member, rules) {
            Ok(worth) if worth > r.guide_max_worth => Some(
                named("campaign.problem.guide_worth")
                    .arg("worth", worth)
                    .arg("max", r.guide_max_worth),
            ),
            Ok(_) => None,
            Err(p) => Some(p),
        }
    }

    /// What a recruit costs in reinforcement points (CMP-7): a Rogue Trader
    /// character's figure and the advance points he is worth (CHR-10), a
    /// kill-team soldier's equivalents (KT-4), at the recorded rates.
    pub fn recruit_cost(&self, member: &Member, rules: &RulesData) -> Result<u32, Problem> {
        let rates = self.rates(&rules.campaign);
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
    pub fn recruit_refusal(&self, escort: EscortId, member: &Member) -> Option<Problem> {
        let factions = self.rates.as_ref()?.recruit_factions.as_ref()?;
        let e = self.escort(escort)?;
        let held: Vec<&Member> = self.members(escort).map(|x| &x.member).collect();
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
        if imperium && self.allies {
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

    /// The campaign's character copied from `origin` (CMP-7), dead or alive:
    /// one of that origin, or, for one copied before Muster recorded
    /// origins, one of the same name.
    pub fn held(&self, origin: &CharRef, name: &str) -> Option<&CampaignCharacter> {
        let same_name = |x: &CampaignCharacter| {
            x.origin.is_none() && x.name().trim().eq_ignore_ascii_case(name.trim())
        };
        self.characters
            .iter()
            .map(Arc::as_ref)
            .find(|x| x.origin.as_ref() == Some(origin) || same_name(x))
    }

    /// Why the picker may not offer this recruit for this escort, or none:
    /// he is in the campaign already (CMP-7), he is of a faction the escort
    /// may not recruit from (CMP-14), or the escort would break a rule of
    /// its kind with him (KT, EQ, RIB for a kill team; CHR for a band).
    pub fn recruit_choice_refusal(
        &self,
        escort: EscortId,
        member: &Member,
        origin: &CharRef,
        rules: &RulesData,
    ) -> Option<Problem> {
        if let Some(x) = self.held(origin, member.name()) {
            let player = self.escort(x.escort).map_or("", |e| e.player.as_str());
            return Some(
                Problem::new("CMP-7", "campaign.problem.recruit_held")
                    .character(member.name())
                    .arg("player", player),
            );
        }
        self.recruit_member_refusal(escort, member, rules)
    }

    /// Every rule an escort breaks as it stands (CMP-7): its living
    /// characters, and `with` when given, judged by their own kind's rules
    /// (KT, EQ and RIB for a kill team; CHR for a Rogue Trader band), each
    /// problem under the escort's player. A campaign's escort shrinks with
    /// its dead and grows with its recruits: its size (KT-1) is not judged,
    /// nor a team whose sergeant fell (KT-2 asks for one at most).
    pub fn escort_problems(
        &self,
        escort: EscortId,
        rules: &RulesData,
        with: Option<&Member>,
    ) -> Vec<Problem> {
        let Some(e) = self.escort(escort) else {
            return Vec::new();
        };
        // A recruit weighed gets the id he would get (his roster's may be
        // any of the campaign's).
        let with = with.map(|m| {
            let mut m = m.clone();
            m.set_id(self.next_id.max(CharId(1)));
            m
        });
        let members = self
            .members(escort)
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
    pub fn escort_factions(&self, escort: EscortId) -> Vec<&data::RecruitFaction> {
        let Some(factions) = self
            .rates
            .as_ref()
            .and_then(|r| r.recruit_factions.as_ref())
        else {
            return Vec::new();
        };
        factions
            .iter()
            .filter(|f| self.members(escort).any(|x| f.holds(&x.member)))
            .collect()
    }

    /// What an escort's characters cost, as recruits (CMP-16).
    pub fn escort_cost(&self, escort: EscortId, rules: &RulesData) -> Result<u32, Problem> {
        self.members(escort)
            .filter(|x| x.state.alive())
            .try_fold(0_u32, |sum, x| {
                Ok(sum.saturating_add(self.recruit_cost(&x.member, rules)?))
            })
    }

    /// Each player's share of the recruitment budget (CMP-16): the budget
    /// split evenly (rounded down), or the whole of it per player; none
    /// when no budget is set.
    pub fn budget_share(&self) -> Option<u32> {
        let budget = self.settings.recruitment_budget?;
        Some(match self.settings.budget {
            Budget::Split => budget / u32::try_from(self.escorts.len().max(1)).unwrap_or(1),
            Budget::PerPlayer => budget,
        })
    }

    /// What the enemy's points are multiplied by (CMP-16): the number of
    /// players when each has a standard budget, else 1.
    pub fn enemy_multiplier(&self) -> u32 {
        match self.settings.budget {
            Budget::Split => 1,
            Budget::PerPlayer => u32::try_from(self.escorts.len().max(1)).unwrap_or(1),
        }
    }

    /// A character by id.
    pub fn character(&self, id: CharId) -> Option<&CampaignCharacter> {
        self.characters.iter().find(|c| c.id == id).map(|c| &**c)
    }

    /// An escort by id.
    pub fn escort(&self, id: EscortId) -> Option<&Escort> {
        self.escorts.iter().find(|e| e.id == id)
    }

    /// One character's history in the journal (CMP-13): for each entry
    /// that concerns him, the lines of its outcome about him, by index.
    /// `outcomes` are the journal's, one an entry (as `replay` gives them).
    /// An entry concerns him when its event does (his tests, wounds, ticks,
    /// a mission he played), when it created him (his recruitment, or the
    /// escort he came with) or when one of its lines names him (a mission
    /// he missed and recovered from). Of its lines, those naming another
    /// character (another's advance point) are left out.
    pub fn history(
        &self,
        id: CharId,
        outcomes: &[crate::rules::Outcome],
    ) -> BTreeMap<usize, Vec<usize>> {
        let mut out = BTreeMap::new();
        let Some(x) = self.character(id) else {
            return out;
        };
        let name = x.name();
        let created = |e: &CampaignEdit, o: &crate::rules::Outcome| match e {
            CampaignEdit::Reinforcements(ReinforcementEdit::Recruit { .. }) => {
                o.created == Some(id.0)
            }
            _ => false,
        };
        let recruited = self
            .journal
            .iter()
            .zip(outcomes)
            .any(|(e, o)| created(&e.event, o));
        // The escort he came with, if he was not recruited: its last
        // joining (an escort removed in setup may leave its id to another).
        let came_with = if recruited {
            None
        } else {
            self.journal.iter().zip(outcomes).rposition(|(e, o)| {
                matches!(e.event, CampaignEdit::Setup(SetupEdit::AddEscort { .. }))
                    && o.created == Some(u64::from(x.escort.0))
            })
        };
        for (i, (e, o)) in self.journal.iter().zip(outcomes).enumerate() {
            let names_him = o.lines.iter().any(|(_, m)| named(m) == Some(name));
            if !(e.event.concerns(id) || created(&e.event, o) || came_with == Some(i) || names_him)
            {
                continue;
            }
            let lines = o
                .lines
                .iter()
                .enumerate()
                .filter(|(_, (_, m))| named(m).is_none_or(|n| n == name))
                .map(|(l, _)| l)
                .collect();
            out.insert(i, lines);
        }
        out
    }

    /// Whether an escort's leader is fixed now: during the Grand Final,
    /// played or being settled, the campaign's end depends on him (CMP-17).
    pub fn leader_locked(&self) -> bool {
        self.mission.as_ref().map(|m| m.mission_type) == Some(MissionType::Final)
            && matches!(self.phase, Phase::Playing | Phase::Debrief)
    }

    /// A character's Cran by the campaign's own formula (CMP-11): what it
    /// is unless set by hand.
    pub fn default_cran(&self, x: &CampaignCharacter, rules: &RulesData) -> u32 {
        let die = self.settings.cran_die;
        x.member
            .default_cran_by(self.rates(&rules.campaign).cran(die), die, rules)
    }

    /// Whether a Cran cannot be set by hand now: while the mission is
    /// played, or while its Cran tests are not all settled (CMP-11).
    pub fn cran_locked(&self) -> bool {
        self.phase == Phase::Playing
            || self
                .debrief
                .as_ref()
                .is_some_and(|d| !d.pending.is_empty() || !self.fate_open().is_empty())
    }

    /// The characters of one escort.
    pub fn members(&self, escort: EscortId) -> impl Iterator<Item = &CampaignCharacter> {
        self.characters
            .iter()
            .map(|c| &**c)
            .filter(move |c| c.escort == escort)
    }

    /// The reinforcement points an escort may spend (its own, or the pool).
    pub fn reinforcement_of(&self, escort: EscortId) -> u32 {
        match self.settings.pool {
            PoolMode::Pooled => self.pool,
            PoolMode::Split => self.escort(escort).map_or(0, |e| e.reinforcement),
        }
    }

    /// "Export escort": an escort's living characters as they are now, as
    /// a Rogue Trader roster or a kill team for the next game, named `name`
    /// (the app gives it a fresh id).
    pub fn export_escort(&self, escort: EscortId, name: &str) -> Option<ExportedEscort> {
        let e = self.escort(escort)?;
        let alive = self.members(escort).filter(|x| x.state.alive());
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
        let (Some(end), Phase::Over) = (&self.end, self.phase) else {
            return Err(Problem::new("CMP-17", "campaign.problem.not_over"));
        };
        if !end.carries_over {
            return Err(Problem::new("CMP-17", "campaign.problem.nothing_carries"));
        }
        let escorts: Vec<CarriedEscort> = self
            .escorts
            .iter()
            .map(|e| CarriedEscort {
                player: e.player.clone(),
                source: e.source.clone(),
                kind: e.kind,
                characters: self
                    .members(e.id)
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
            campaign: self.name.clone(),
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
    ) -> Result<Self, Problem> {
        let carried = self.carry_over()?;
        let mut rng = crate::rules::core::dice::seeded(0);
        let mut c = Self::new(id, name, &rules.campaign);
        // The group plays on under its house rules.
        let changes = self
            .house_rules
            .as_deref()
            .map_or_else(|| rules.house.clone(), Clone::clone);
        let record = CampaignEdit::HouseRules(super::RulesEdit::record(changes));
        if let Ok((next, _)) = Document::apply(&c, record, rules, &mut rng) {
            c = next;
        }
        let settings = CampaignEdit::Setup(SetupEdit::SetSettings {
            settings: self.settings.clone(),
        });
        if let Ok((next, _)) = Document::apply(&c, settings, rules, &mut rng) {
            c = next;
        }
        let edit = CampaignEdit::Setup(SetupEdit::CarryOver {
            from: Box::new(carried),
        });
        Ok(Document::apply(&c, edit, rules, &mut rng)?.0)
    }

    /// One line saying what is in it.
    pub fn summary(&self) -> Msg {
        let alive = self.characters.iter().filter(|c| c.state.alive()).count();
        Msg::new("campaign.summary")
            .int("count", alive)
            .int("missions", self.missions_played)
            .int("vp", self.vp)
    }

    /// The number of the current or next mission (0 before the first): the
    /// one a journal entry made now belongs to.
    pub fn mission_number(&self) -> u32 {
        self.mission.as_ref().map_or(0, |m| m.number)
    }
}
