//! The journal engine: one event applied to a campaign, in place, with its
//! dice rolled or checked. `Campaign::play` is the only place where a
//! campaign's state changes; `apply` and `replay` both go through it.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::sync::Arc;

use rand::Rng;

use super::data::ReconEffect;
use super::edit::{CampaignEdit, MissionChoice, NewEscort};
use super::{
    Campaign, CampaignCharacter, CharId, Debrief, EnemyDraw, Escort, EscortId, Injuries, Member,
    Mission, MissionType, Phase, PoolMode, Settings, State,
};
use crate::rules::characters::equipment::GearEdit;
use crate::rules::core::dice::Roll;
use crate::rules::core::dice::RollFor;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

/// Whether dice typed in from real dice fit a roll of `count` dice of
/// `sides`: the engine's refusal otherwise, under `rule`. The views ask it
/// before sending, so that they show the engine's own message.
pub fn check_dice(roll: &Roll, count: u32, sides: u32, rule: &'static str) -> Result<(), Problem> {
    let ok = roll.sides == sides
        && roll.faces.len() == count as usize
        && roll.faces.iter().all(|&f| (1..=sides).contains(&f));
    if ok {
        Ok(())
    } else {
        Err(Problem::new(rule, "campaign.problem.bad_dice")
            .arg("count", count)
            .arg("sides", sides))
    }
}

/// A die rolled by Muster, or typed in and checked: `count` dice of `sides`.
pub(super) fn dice<R: Rng + ?Sized>(
    given: Option<Roll>,
    count: u32,
    sides: u32,
    rule: &'static str,
    purpose: &'static str,
    rng: &mut R,
    outcome: &mut Outcome,
) -> Result<Roll, Problem> {
    let roll = match given {
        None => Roll::new(rng, count, sides, 0),
        Some(r) => {
            check_dice(&r, count, sides, rule)?;
            Roll::from_faces(sides, r.faces, 0)
        }
    };
    outcome.rolls.push(RollFor {
        purpose,
        roll: roll.clone(),
    });
    Ok(roll)
}

pub(super) fn total(roll: &Roll) -> u32 {
    u32::try_from(roll.total.max(0)).unwrap_or(0)
}

pub(super) fn no_character(id: CharId) -> Problem {
    Problem::new("FILE", "campaign.problem.no_character").arg("id", id)
}

pub(super) fn no_escort(id: EscortId) -> Problem {
    Problem::new("FILE", "campaign.problem.no_escort_id").arg("escort", id)
}

/// A recorded enemy that the table no longer gives for its dice (CMP-5).
pub(super) fn enemy_differs(now: &EnemyDraw, then: &EnemyDraw) -> Problem {
    let shown = |d: &EnemyDraw| {
        let name = d.names.get("en").or_else(|| d.names.values().next());
        format!(
            "{} ({}, {})",
            name.map_or("?", String::as_str),
            d.entry_type,
            d.cost
        )
    };
    Problem::new("CMP-5", "campaign.problem.enemy_differs")
        .arg("roll", now.roll.total)
        .arg("table", shown(now))
        .arg("journal", shown(then))
}

/// What a Cran test gives (CMP-9, CMP-10).
pub(super) fn cran_result(injuries: Injuries, roll: &Roll, cran: u32) -> State {
    let t = total(roll);
    match injuries {
        Injuries::Standard => match t.cmp(&cran) {
            std::cmp::Ordering::Greater => State::LightlyWounded,
            std::cmp::Ordering::Equal => State::SeriouslyWounded,
            std::cmp::Ordering::Less => State::Dead,
        },
        Injuries::GangWar => {
            if roll.faces.first() == Some(&1) {
                State::Dead
            } else if t >= cran {
                State::LightlyWounded
            } else {
                State::SeriouslyWounded
            }
        }
    }
}

impl Campaign {
    pub(super) fn index(&self, id: CharId) -> Result<usize, Problem> {
        self.characters
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| no_character(id))
    }

    pub(super) fn char_mut(&mut self, i: usize) -> &mut CampaignCharacter {
        Arc::make_mut(&mut self.characters[i])
    }

    pub(super) fn escort_index(&self, id: EscortId) -> Result<usize, Problem> {
        self.escorts
            .iter()
            .position(|e| e.id == id)
            .ok_or_else(|| no_escort(id))
    }

    pub(super) fn expect(&self, phases: &[Phase]) -> Result<(), Problem> {
        if phases.contains(&self.phase) {
            return Ok(());
        }
        let key = match phases.first() {
            Some(Phase::Setup) => "campaign.problem.not_in_setup",
            Some(Phase::Ready) => "campaign.problem.not_ready",
            Some(Phase::Playing) => "campaign.problem.not_playing",
            Some(Phase::Debrief) => "campaign.problem.not_between",
            _ => "campaign.problem.over",
        };
        Err(Problem::new("CMP-2", key))
    }

    pub(super) fn debrief_mut(&mut self) -> Result<&mut Debrief, Problem> {
        self.debrief
            .as_mut()
            .ok_or_else(|| Problem::new("CMP-2", "campaign.problem.not_between"))
    }

    /// The type the chain gives for the next mission (CMP-2): the Grand
    /// Final once the VP held reach the threshold, a Survival after a
    /// recon's bad fortune (Decision: it comes first, the Final waits), an
    /// Inquiry after VP were earned, a Survival after none, an
    /// Investigation after a Survival survived, another Survival after one
    /// lost (Decision).
    pub fn next_type(&self) -> MissionType {
        if self.forced_survival {
            return MissionType::Survival;
        }
        if self.vp >= self.settings.vp_threshold && self.phase != Phase::Setup {
            return MissionType::Final;
        }
        let Some(d) = &self.debrief else {
            return MissionType::Investigation;
        };
        match d.mission_type {
            None => MissionType::Investigation,
            Some(MissionType::Investigation | MissionType::Inquiry) => {
                if d.vp > 0 {
                    MissionType::Inquiry
                } else {
                    MissionType::Survival
                }
            }
            Some(MissionType::Survival) => {
                if d.success {
                    MissionType::Investigation
                } else {
                    MissionType::Survival
                }
            }
            Some(MissionType::Final) => MissionType::Final,
        }
    }

    /// Reinforcement points received by every escort after a mission
    /// (CMP-7, CMP-8).
    pub fn reinforcement_per_mission(&self, rules: &RulesData) -> u32 {
        let rates = self.rates(&rules.campaign);
        rates.reinforcement_per_mission.saturating_add(
            self.settings
                .difficulty
                .saturating_mul(rates.difficulty_reinforcement),
        )
    }

    pub(super) fn gain(&mut self, escort: EscortId, points: u32) -> Result<(), Problem> {
        match self.settings.pool {
            PoolMode::Pooled => self.pool = self.pool.saturating_add(points),
            PoolMode::Split => {
                let i = self.escort_index(escort)?;
                self.escorts[i].reinforcement =
                    self.escorts[i].reinforcement.saturating_add(points);
            }
        }
        Ok(())
    }

    pub(super) fn pay(
        &mut self,
        escort: EscortId,
        points: u32,
        rule: &'static str,
    ) -> Result<(), Problem> {
        let i = self.escort_index(escort)?;
        let held = self.reinforcement_of(escort);
        if points > held {
            return Err(Problem::new(rule, "campaign.problem.not_enough_points")
                .arg("points", points)
                .arg("held", held));
        }
        match self.settings.pool {
            PoolMode::Pooled => self.pool -= points,
            PoolMode::Split => self.escorts[i].reinforcement -= points,
        }
        Ok(())
    }

    /// Changes the equipment or power cards of the character at `i`
    /// ([`GearEdit::apply`]); returns the name of the item concerned.
    /// Refused for the dead and the missing (CMP-13) and for a kill-team
    /// soldier, whose items are his kind's.
    pub(super) fn edit_gear(&mut self, i: usize, edit: GearEdit) -> Result<String, Problem> {
        let x = &self.characters[i];
        if !x.state.alive() {
            return Err(Problem::new("CMP-13", "campaign.problem.dead_gear").character(x.name()));
        }
        let Member::Character(ch) = &x.member else {
            return Err(Problem::new("CMP-7", "campaign.problem.gear_soldier").character(x.name()));
        };
        let name_at = |list: Vec<&str>, at: usize| list.get(at).map(|s| (*s).to_owned());
        let gear = || ch.equipment.iter().map(|g| g.name.as_str()).collect();
        let powers = || ch.powers.iter().map(|p| p.name.as_str()).collect();
        let item = match &edit {
            GearEdit::AddGear { gear: g } | GearEdit::SetGear { gear: g, .. } => {
                Some(g.name.trim().to_owned())
            }
            GearEdit::AddPower { power: p } | GearEdit::SetPower { power: p, .. } => {
                Some(p.name.trim().to_owned())
            }
            GearEdit::RemoveGear { at } | GearEdit::MoveGear { from: at, .. } => {
                name_at(gear(), *at)
            }
            GearEdit::RemovePower { at } | GearEdit::MovePower { from: at, .. } => {
                name_at(powers(), *at)
            }
        }
        .unwrap_or_default();
        let Member::Character(ch) = &mut self.char_mut(i).member else {
            unreachable!("checked above")
        };
        ch.edit_gear(edit)?;
        Ok(item)
    }

    /// Adds a copy of `member` to an escort; `doc` is the roster or kill
    /// team he was copied from, when known.
    pub(super) fn add_member(
        &mut self,
        escort: EscortId,
        mut member: Member,
        doc: Option<&str>,
        rules: &RulesData,
    ) -> CharId {
        let origin = doc.map(|doc| super::Origin {
            doc: doc.to_owned(),
            id: member.id(),
        });
        let id = self.next_id.max(1);
        self.next_id = id + 1;
        member.set_id(id);
        let die = self.settings.cran_die;
        let cran = member.default_cran_by(self.rates(&rules.campaign).cran(die), die, rules);
        self.characters.push(Arc::new(CampaignCharacter {
            id,
            escort,
            member,
            cran,
            state: State::Fit,
            misses_next: false,
            cran_by_hand: false,
            missions: 0,
            origin,
        }));
        id
    }

    pub(super) fn add_escort(
        &mut self,
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
        if e.kind != "roster" && e.kind != "killteam" {
            return Err(Problem::new("FILE", "campaign.problem.escort_kind").arg("kind", &e.kind));
        }
        let id = self.escorts.iter().map(|e| e.id).max().unwrap_or(0) + 1;
        self.escorts.push(Escort {
            id,
            player: player.to_owned(),
            source: e.source.clone(),
            kind: e.kind.clone(),
            leader: None,
            fate_points: 0,
            reinforcement: 0,
            command_points: 0,
            carried: false,
        });
        let mut first = None;
        for m in &e.members {
            let cid = self.add_member(id, m.clone(), e.doc.as_deref(), rules);
            first.get_or_insert(cid);
        }
        if let Some(last) = self.escorts.last_mut() {
            last.leader = first;
        }
        Ok(id)
    }

    /// Draws the next mission of type `chain` (or the forced one).
    pub(super) fn draw_mission<R: Rng + ?Sized>(
        &mut self,
        chain: MissionType,
        mut choice: MissionChoice,
        rules: &RulesData,
        rng: &mut R,
        outcome: &mut Outcome,
    ) -> Result<MissionChoice, Problem> {
        let data = &rules.campaign;
        let t = choice.force_type.unwrap_or(chain);
        // CMP-3: a mission picked instead of drawn is an override too.
        let picked = choice.pick.is_some();
        let overridden = t != chain || picked;
        if t == chain {
            choice.force_type = None;
        }
        if !overridden {
            choice.reason.clear();
        }
        // What the journal says the draw gave, when played again: the dice
        // are read again from the table and must give it (CMP-3, CMP-4).
        let recorded = choice.mission.take();
        let recorded_faction = choice.faction.take();
        let m = if let Some(pick) = &choice.pick {
            choice.draw = None;
            data.missions_of(t).find(|m| &m.id == pick).ok_or_else(|| {
                Problem::new("CMP-3", "campaign.problem.mission_not_of_type")
                    .arg("mission", pick)
                    .arg("type", t.as_str())
            })?
        } else if let (Some(done), None) = (&recorded, &choice.draw) {
            // An event of an older Muster that kept no die: what it gave.
            data.mission(done)
                .filter(|m| m.mission_type == t)
                .ok_or_else(|| {
                    Problem::new("CMP-3", "campaign.problem.mission_not_of_type")
                        .arg("mission", done)
                        .arg("type", t.as_str())
                })?
        } else {
            let ids = self.mission_ids(data, t);
            let sides = u32::try_from(ids.len()).unwrap_or(1);
            let roll = dice(
                choice.draw.take(),
                1,
                sides,
                "CMP-3",
                "dice.for.mission",
                rng,
                outcome,
            )?;
            let id = ids
                .get(total(&roll) as usize - 1)
                .copied()
                .ok_or_else(|| Problem::new("CMP-3", "campaign.problem.no_mission"))?;
            let m = data.mission(id).ok_or_else(|| {
                Problem::new("CMP-3", "campaign.problem.unknown_mission").arg("mission", id)
            })?;
            choice.draw = Some(roll);
            m
        };
        if let Some(done) = &recorded
            && *done != m.id
        {
            return Err(Problem::new("CMP-3", "campaign.problem.mission_differs")
                .arg("roll", choice.draw.as_ref().map_or(0, |r| r.total))
                .arg("table", &m.id)
                .arg("journal", done));
        }
        let faction = match (m.enemy, recorded_faction) {
            (super::EnemySide::Main, _) => {
                choice.faction_draw = None;
                self.settings.nemesis.clone()
            }
            // An event of an older Muster that kept no die: what it gave.
            (super::EnemySide::Secondary, Some(done)) if choice.faction_draw.is_none() => done,
            (super::EnemySide::Secondary, done) => {
                let sides = u32::try_from(self.settings.secondary.len()).unwrap_or(0);
                if sides == 0 {
                    return Err(Problem::new("CMP-4", "campaign.problem.few_secondary")
                        .arg("count", data.min_secondary_factions));
                }
                let roll = dice(
                    choice.faction_draw.take(),
                    1,
                    sides,
                    "CMP-4",
                    "dice.for.faction",
                    rng,
                    outcome,
                )?;
                let f = self.settings.secondary[total(&roll) as usize - 1].clone();
                if let Some(done) = done
                    && done != f
                {
                    return Err(Problem::new("CMP-4", "campaign.problem.faction_differs")
                        .arg("roll", roll.total)
                        .arg("table", &f)
                        .arg("journal", done));
                }
                choice.faction_draw = Some(roll);
                f
            }
        };
        let points = match choice.points.filter(|_| recorded.is_some()) {
            // Played again from the journal: the points it gave then.
            Some(p) => p,
            // CMP-16: a standard budget per player multiplies the enemy's;
            // CMP-8: each difficulty level adds to it, once (Decision).
            None => m
                .points
                .saturating_mul(self.enemy_multiplier())
                .saturating_add(
                    self.settings
                        .difficulty
                        .saturating_mul(self.rates(data).difficulty_enemy_points),
                ),
        };
        choice.points = Some(points);
        choice.mission = Some(m.id.clone());
        choice.faction = (m.enemy == super::EnemySide::Secondary).then(|| faction.clone());
        let number = self.missions_played + 1;
        if picked {
            outcome.lines.push((
                LineKind::Info,
                Msg::new(if choice.reason.trim().is_empty() {
                    "campaign.log.picked_no_reason"
                } else {
                    "campaign.log.picked"
                })
                .names("mission", &m.names)
                .text("reason", choice.reason.trim()),
            ));
        }
        if t != chain {
            outcome.lines.push((
                LineKind::Info,
                Msg::new(if choice.reason.trim().is_empty() {
                    "campaign.log.override_no_reason"
                } else {
                    "campaign.log.override"
                })
                .key("chain", chain.key())
                .key("type", t.key())
                .text("reason", choice.reason.trim()),
            ));
        }
        let faction_names = data
            .faction(&faction)
            .map_or_else(Default::default, |f| f.names.clone());
        outcome.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.mission")
                .int("number", number)
                .key("type", t.key())
                .names("mission", &m.names)
                .names("faction", &faction_names)
                .int("points", points),
        ));
        self.mission = Some(Mission {
            number,
            mission_type: t,
            mission: m.id.clone(),
            faction,
            points,
            mode: m.mode,
            overridden,
            enemy: Vec::new(),
        });
        // A recon's bad fortune bends the next draw only.
        self.forced_survival = false;
        self.phase = Phase::Ready;
        Ok(choice)
    }

    pub(super) fn draw_enemy<R: Rng + ?Sized>(
        &self,
        given: Option<Roll>,
        rules: &RulesData,
        rng: &mut R,
        outcome: &mut Outcome,
    ) -> Result<EnemyDraw, Problem> {
        let mission = self
            .mission
            .as_ref()
            .ok_or_else(|| Problem::new("CMP-5", "campaign.problem.not_ready"))?;
        let faction = self
            .enemy_table(&rules.campaign, &mission.faction)
            .ok_or_else(|| {
                Problem::new("CMP-5", "campaign.problem.unknown_faction")
                    .arg("faction", &mission.faction)
            })?;
        let roll = dice(
            given,
            faction.dice.count,
            faction.dice.sides,
            "CMP-5",
            "dice.for.enemy",
            rng,
            outcome,
        )?;
        let entry = faction.entry(total(&roll)).ok_or_else(|| {
            Problem::new("CMP-5", "campaign.problem.no_entry").arg("total", roll.total)
        })?;
        Ok(EnemyDraw {
            roll,
            names: entry.names.clone(),
            entry_type: entry.entry_type.clone(),
            cost: entry.cost,
            cran: entry.cran,
        })
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

    /// Applies one event in place: the event as stored (every die filled
    /// in) and what happened; or why it is refused (the campaign may then
    /// be half changed: callers play on a copy).
    #[allow(clippy::too_many_lines)]
    pub fn play<R: Rng + ?Sized>(
        &mut self,
        edit: CampaignEdit,
        rules: &RulesData,
        rng: &mut R,
    ) -> Result<(CampaignEdit, Outcome), Problem> {
        let mut out = Outcome::default();
        if self.phase == Phase::Over && !matches!(edit, CampaignEdit::SetNotes { .. }) {
            return Err(Problem::new("CMP-17", "campaign.problem.over"));
        }
        let event = match edit {
            CampaignEdit::SetNotes { notes } => self.set_notes(notes)?,
            CampaignEdit::SetSettings { settings } => {
                self.set_settings(&settings, rules, &mut out)?;
                CampaignEdit::SetSettings { settings }
            }
            CampaignEdit::AddEscort { escort } => self.join_escort(escort, rules, &mut out)?,
            CampaignEdit::CarryOver { from } => {
                self.carry_in(&from, rules, &mut out)?;
                CampaignEdit::CarryOver { from }
            }
            CampaignEdit::RemoveEscort { escort } => self.remove_escort(escort)?,
            CampaignEdit::SetLeader { escort, character } => self.set_leader(escort, character)?,
            CampaignEdit::SetCran { character, cran } => {
                self.set_cran(character, cran, &mut out)?
            }
            CampaignEdit::Start { choice, rates } => {
                self.start(choice, rates, rules, rng, &mut out)?
            }
            CampaignEdit::DrawEnemy {
                all,
                rolls,
                drawn: recorded,
            } => self.draw_enemies(all, rolls, recorded, rules, rng, &mut out)?,
            CampaignEdit::RerollEnemy { index, roll, drawn } => {
                self.reroll_enemy(index, roll, drawn, rules, rng, &mut out)?
            }
            CampaignEdit::BeginMission => self.begin_mission(rules, &mut out)?,
            CampaignEdit::EnemyBehaviour { index, roll } => {
                self.enemy_behaviour(index, roll, rules, rng, &mut out)?
            }
            CampaignEdit::Initiative { rolls } => {
                self.initiative_test(rolls, rules, rng, &mut out)?
            }
            CampaignEdit::NewTurn { gain } => self.new_turn(gain, rules, &mut out)?,
            CampaignEdit::SetWounds { character, wounds } => {
                self.set_wounds(character, wounds, rules)?
            }
            CampaignEdit::AddWounds {
                character,
                wounds,
                roll,
            } => self.wound(character, wounds, roll, rules, &mut out)?,
            CampaignEdit::AddBattleWounds { wounds, roll } => {
                self.battle_wounds(wounds, roll, rules, &mut out)?
            }
            CampaignEdit::SetOutOfAction { character, out: o } => {
                self.set_out_of_action(character, o)?
            }
            CampaignEdit::StrikeItem {
                character,
                item,
                struck,
            } => self.strike_item(character, item, struck, rules)?,
            CampaignEdit::SetCommandPoints { escort, points } => {
                self.set_command_points(escort, points)?
            }
            CampaignEdit::EndMission { result, .. } => {
                let played = self.end_mission(result, rules, &mut out)?;
                CampaignEdit::EndMission { result, played }
            }
            CampaignEdit::Unworthy { character } => self.unworthy(character, &mut out)?,
            CampaignEdit::SetPlaying { character, plays } => self.set_playing(character, plays)?,
            CampaignEdit::ConfirmOutOfAction { character, out: o } => {
                self.confirm_out(character, o, &mut out)?;
                CampaignEdit::ConfirmOutOfAction { character, out: o }
            }
            CampaignEdit::CranTest { character, roll } => {
                self.cran_test(character, roll, rng, &mut out)?
            }
            CampaignEdit::FateReroll { character, roll } => {
                self.fate_reroll(character, roll, rng, &mut out)?
            }
            CampaignEdit::Advance {
                character,
                characteristic,
            } => self.advance(character, characteristic, rules, &mut out)?,
            CampaignEdit::ExchangeVp { escort, vp } => {
                self.exchange_vp(escort, vp, rules, &mut out)?
            }
            CampaignEdit::Recruit {
                escort,
                member,
                cost,
                from,
            } => self.recruit(escort, member, cost, from, rules, &mut out)?,
            CampaignEdit::Spend {
                escort,
                points,
                what,
                bought,
            } => self.spend(escort, points, what, bought, &mut out)?,
            CampaignEdit::Gear { character, edit } => self.gear(character, edit, &mut out)?,
            CampaignEdit::Recon {
                character,
                roll,
                cran,
                fortune,
                effect,
            } => {
                let (roll, cran, fortune, effect) =
                    self.recon(character, roll, cran, fortune, effect, rules, rng, &mut out)?;
                CampaignEdit::Recon {
                    character,
                    roll: Some(roll),
                    cran,
                    fortune,
                    effect: Some(effect),
                }
            }
            CampaignEdit::HireGuide { escort } => self.hire_guide(escort, rules, &mut out)?,
            CampaignEdit::Guide { characters } => self.guide(characters, rules, &mut out)?,
            CampaignEdit::NextMission { choice } => {
                self.next_mission(choice, rules, rng, &mut out)?
            }
            CampaignEdit::EndCampaign => self.end_campaign(rules, &mut out)?,
        };
        Ok((event, out))
    }

    /// Refuses the wounds of a battle roll already applied.
    pub(super) fn not_applied(&self, roll: Option<u64>) -> Result<(), Problem> {
        match roll {
            Some(seed) if self.roll_applied(seed) => {
                Err(Problem::new("CMP-13", "campaign.problem.already_applied"))
            }
            _ => Ok(()),
        }
    }

    /// Adds wounds rolled on the battle screen to a character's at the
    /// table, never past his last; at his last he is out of action.
    pub(super) fn add_wounds(
        &mut self,
        character: CharId,
        wounds: u32,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<(), Problem> {
        let i = self.player_index(character)?;
        let max = self.characters[i].member.wounds(rules);
        let name = self.characters[i].name().to_owned();
        let table = self.table.get_or_insert_default();
        let now = table
            .wounds
            .get(&character)
            .copied()
            .unwrap_or(0)
            .saturating_add(wounds)
            .min(max);
        table.wounds.insert(character, now);
        if now == max {
            table.out_of_action.insert(character);
        }
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.battle_wounds")
                .text("character", name)
                .int("wounds", wounds)
                .int("now", now)
                .int("max", max),
        ));
        Ok(())
    }

    /// CMP-17: an ended campaign's escort joins, once, in setup: each
    /// character a copy as he ended it, his leader leading again.
    pub(super) fn carry_in(
        &mut self,
        from: &super::CarryOver,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<(), Problem> {
        self.expect(&[Phase::Setup])?;
        if self.carried.is_some() {
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
                kind: e.kind.clone(),
                members: e.characters.iter().map(|x| x.member.clone()).collect(),
                doc: None,
            };
            let id = self.add_escort(&new, rules)?;
            let ids: Vec<CharId> = self.members(id).map(|x| x.id).collect();
            for (&cid, carried) in ids.iter().zip(&e.characters) {
                let i = self.index(cid)?;
                if !carried.state.alive() {
                    return Err(Problem::new("CMP-17", "campaign.problem.carried_dead")
                        .character(carried.member.name()));
                }
                let die = self.settings.cran_die;
                let c = self.char_mut(i);
                c.state = carried.state;
                c.misses_next = carried.misses_next;
                if let Some(cran) = carried.cran.filter(|n| (1..=die).contains(n)) {
                    c.cran = cran;
                    c.cran_by_hand = true;
                }
                out.lines.push((
                    LineKind::Info,
                    Msg::new("campaign.log.carried_character")
                        .text("character", carried.member.name())
                        .text("campaign", &from.campaign)
                        .key("state", carried.state.key()),
                ));
            }
            let e_i = self.escort_index(id)?;
            self.escorts[e_i].carried = true;
            if let Some(at) = e.characters.iter().position(|x| x.leader) {
                self.escorts[e_i].leader = ids.get(at).copied();
            }
        }
        self.carried = Some(super::Carried {
            campaign: from.campaign.clone(),
            resources: from.resources,
        });
        Ok(())
    }

    /// CMP-17: the resource points carried over, credited at the start as
    /// reinforcement points at the recorded rate: to the pool, or split
    /// evenly among the escorts carried over (the first takes what is left).
    pub(super) fn credit_carried(&mut self, rates: &super::Rates, out: &mut Outcome) {
        let Some(carried) = self.carried.as_mut() else {
            return;
        };
        let points = std::mem::take(&mut carried.resources)
            .saturating_mul(rates.end.reinforcement_per_resource_point);
        if points == 0 {
            return;
        }
        match self.settings.pool {
            PoolMode::Pooled => self.pool = self.pool.saturating_add(points),
            PoolMode::Split => {
                let mut to: Vec<usize> = (0..self.escorts.len())
                    .filter(|&i| self.escorts[i].carried)
                    .collect();
                if to.is_empty() {
                    to = (0..self.escorts.len()).collect();
                }
                let n = u32::try_from(to.len().max(1)).unwrap_or(1);
                for (k, &i) in to.iter().enumerate() {
                    let share = points / n + if k == 0 { points % n } else { 0 };
                    let e = &mut self.escorts[i];
                    e.reinforcement = e.reinforcement.saturating_add(share);
                }
            }
        }
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.resources_credited").int("points", points),
        ));
    }

    /// CMP-9: who was taken out of action, corrected after the mission and
    /// before his Cran test. Out: he owes the test and loses the advance
    /// point of an unwounded character (CHR-13); back in: he owes none and,
    /// unwounded, gains it.
    pub(super) fn confirm_out(
        &mut self,
        who: CharId,
        o: bool,
        out: &mut Outcome,
    ) -> Result<(), Problem> {
        self.expect(&[Phase::Debrief])?;
        let i = self.index(who)?;
        let name = self.characters[i].name().to_owned();
        let d = self.debrief_mut()?;
        if !d.played.contains(&who) {
            return Err(Problem::new("CMP-9", "campaign.problem.did_not_play").character(&name));
        }
        let listed = d.out_of_action.contains(&who);
        if listed == o {
            let key = if o {
                "campaign.problem.already_out"
            } else {
                "campaign.problem.not_out"
            };
            return Err(Problem::new("CMP-9", key).character(&name));
        }
        if o {
            let earned = d.earned.contains(&who);
            if earned {
                let c = self.char_mut(i);
                let spent = !matches!(&c.member, Member::Character(ch) if ch.points_left() > 0);
                if spent {
                    return Err(
                        Problem::new("CHR-13", "campaign.problem.point_spent").character(&name)
                    );
                }
                if let Member::Character(ch) = &mut c.member {
                    ch.advance_points = ch.advance_points.saturating_sub(1);
                }
            }
            let d = self.debrief_mut()?;
            d.earned.retain(|&x| x != who);
            d.out_of_action.push(who);
            d.pending.push(who);
            out.lines.push((
                LineKind::Info,
                Msg::new("campaign.log.out_added").text("character", &name),
            ));
        } else {
            if !d.pending.contains(&who) {
                return Err(Problem::new("CMP-9", "campaign.problem.out_tested").character(&name));
            }
            let unwounded = !d.wounded.contains(&who);
            d.out_of_action.retain(|&x| x != who);
            d.pending.retain(|&x| x != who);
            out.lines.push((
                LineKind::Info,
                Msg::new("campaign.log.out_removed").text("character", &name),
            ));
            let c = self.char_mut(i);
            if unwounded && let Member::Character(ch) = &mut c.member {
                // CHR-13: one advance point for an unwounded character.
                ch.after_game(false, false);
                self.debrief_mut()?.earned.push(who);
                out.lines.push((
                    LineKind::Info,
                    Msg::new("campaign.log.advance_point").text("character", &name),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn player_index(&self, id: CharId) -> Result<usize, Problem> {
        let i = self.index(id)?;
        let plays = self.table.as_ref().is_some_and(|t| t.players.contains(&id));
        if !plays {
            return Err(
                Problem::new("CMP-13", "campaign.problem.not_playing_character")
                    .character(self.characters[i].name()),
            );
        }
        Ok(i)
    }

    pub(super) fn tests_done(&self) -> Result<(), Problem> {
        if let Some(d) = &self.debrief
            && let Some(&first) = d.pending.first()
        {
            let name = self.character(first).map_or("?", CampaignCharacter::name);
            return Err(Problem::new("CMP-9", "campaign.problem.tests_pending")
                .character(name)
                .arg("count", d.pending.len()));
        }
        Ok(())
    }

    /// CMP-16: with a recruitment budget set, no escort may cost more than
    /// its player's share of it.
    pub(super) fn check_budget(&self, rules: &RulesData) -> Result<(), Problem> {
        let Some(share) = self.budget_share() else {
            return Ok(());
        };
        // CMP-17: an escort carried over goes on whole.
        for e in self.escorts.iter().filter(|e| !e.carried) {
            let cost = self.escort_cost(e.id, rules)?;
            if cost > share {
                return Err(Problem::new("CMP-16", "campaign.problem.over_budget")
                    .arg("player", &e.player)
                    .arg("cost", cost)
                    .arg("share", share));
            }
        }
        Ok(())
    }

    /// CMP-7: a recruit is of his escort's kind, and costs what the rules
    /// price him at, not what the event claims; CMP-14: he is of its
    /// factions, or of the Imperium once Allies are found.
    pub(super) fn check_recruit(
        &self,
        escort: EscortId,
        member: &Member,
        cost: u32,
        rules: &RulesData,
    ) -> Result<(), Problem> {
        let e = self.escort(escort).ok_or_else(|| no_escort(escort))?;
        let fits = matches!(
            (e.kind.as_str(), member),
            ("roster", Member::Character(_)) | ("killteam", Member::Soldier(_))
        );
        if !fits {
            return Err(Problem::new("CMP-7", "campaign.problem.recruit_kind")
                .character(member.name())
                .arg("player", &e.player));
        }
        if let Some(refused) = self.recruit_refusal(escort, member) {
            return Err(refused);
        }
        let price = self.recruit_cost(member, rules)?;
        if cost != price {
            return Err(Problem::new("CMP-7", "campaign.problem.recruit_cost")
                .character(member.name())
                .arg("cost", cost)
                .arg("price", price));
        }
        Ok(())
    }

    /// CMP-16: each escort tests its initiative, the enemy once; sides that
    /// tie roll again among themselves until they part (Assumed). Dice given
    /// are used first, one side's in order; the others are rolled. The
    /// sides come back in the order they act.
    pub(super) fn initiative<R: Rng + ?Sized>(
        &self,
        given: Vec<super::InitiativeRoll>,
        rates: &super::Rates,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<Vec<super::InitiativeRoll>, Problem> {
        let mut sides: Vec<super::InitiativeRoll> = self
            .escorts
            .iter()
            .map(|e| Some(e.id))
            .chain(std::iter::once(None))
            .map(|escort| super::InitiativeRoll {
                escort,
                rolls: Vec::new(),
            })
            .collect();
        let mut typed: Vec<std::collections::VecDeque<Roll>> =
            vec![Default::default(); sides.len()];
        for g in given {
            let Some(at) = sides.iter().position(|s| s.escort == g.escort) else {
                return Err(no_escort(g.escort.unwrap_or_default()));
            };
            if !typed[at].is_empty() {
                return Err(Problem::new("CMP-16", "campaign.problem.side_twice"));
            }
            typed[at].extend(g.rolls);
        }
        let die = rates.initiative.die;
        // Every side rolls; then each group that ties rolls again.
        let mut groups: Vec<Vec<usize>> = vec![(0..sides.len()).collect()];
        let mut depth = 0;
        while !groups.is_empty() && depth < 100 {
            let mut next = Vec::new();
            for group in groups {
                for &i in &group {
                    let purpose = if depth == 0 {
                        "dice.for.initiative"
                    } else {
                        "dice.for.initiative_rolloff"
                    };
                    let roll = dice(typed[i].pop_front(), 1, die, "CMP-16", purpose, rng, out)?;
                    sides[i].rolls.push(roll);
                }
                let mut by_face: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
                for &i in &group {
                    by_face
                        .entry(total(&sides[i].rolls[depth]))
                        .or_default()
                        .push(i);
                }
                next.extend(by_face.into_values().filter(|g| g.len() > 1));
            }
            groups = next;
            depth += 1;
        }
        if typed.iter().any(|t| !t.is_empty()) {
            return Err(Problem::new(
                "CMP-16",
                "campaign.problem.initiative_extra_dice",
            ));
        }
        // Highest first, a roll-off deciding between equals; the sort is
        // stable, so sides still equal keep the escorts' order.
        sides.sort_by_key(|s| std::cmp::Reverse(s.faces()));
        Ok(sides)
    }

    /// The pool gives priority to players who lost characters in the last
    /// mission (CMP-16): others wait until each of them has recruited.
    pub(super) fn check_priority(&self, escort: EscortId) -> Result<(), Problem> {
        if self.settings.pool != PoolMode::Pooled {
            return Ok(());
        }
        let Some(d) = &self.debrief else {
            return Ok(());
        };
        let losers: Vec<EscortId> = d
            .fallen
            .iter()
            .filter_map(|&c| self.character(c).map(|c| c.escort))
            .collect();
        if losers.is_empty() || losers.contains(&escort) {
            return Ok(());
        }
        if let Some(waiting) = losers.iter().find(|e| !d.recruited.contains(e)) {
            let player = self.escort(*waiting).map_or("?", |e| e.player.as_str());
            return Err(
                Problem::new("CMP-16", "campaign.problem.pool_priority").arg("player", player)
            );
        }
        Ok(())
    }

    pub(super) fn set_settings(
        &mut self,
        settings: &Settings,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<(), Problem> {
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
        if self.phase != Phase::Setup {
            let mut same = settings.clone();
            same.vp_threshold = self.settings.vp_threshold;
            same.difficulty = self.settings.difficulty;
            if same != self.settings {
                return Err(Problem::new("CMP-2", "campaign.problem.settings_locked"));
            }
            out.lines.push((
                LineKind::Info,
                Msg::new("campaign.log.settings_changed")
                    .int("threshold", settings.vp_threshold)
                    .int("difficulty", settings.difficulty),
            ));
        }
        let die_changed = settings.cran_die != self.settings.cran_die;
        self.settings = settings.clone();
        if die_changed {
            for i in 0..self.characters.len() {
                let die = settings.cran_die;
                let cran = self.characters[i].member.default_cran_by(
                    self.rates(data).cran(die),
                    die,
                    rules,
                );
                let c = self.char_mut(i);
                c.cran = cran;
                c.cran_by_hand = false;
            }
        }
        Ok(())
    }

    pub(super) fn end_mission(
        &mut self,
        result: super::MissionResult,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<Vec<CharId>, Problem> {
        self.expect(&[Phase::Playing])?;
        let mission = self
            .mission
            .clone()
            .ok_or_else(|| Problem::new("CMP-2", "campaign.problem.not_playing"))?;
        let t = mission.mission_type;
        if !t.earns_vp() && result.vp > 0 {
            return Err(
                Problem::new("CMP-1", "campaign.problem.no_vp_here").arg("type", t.as_str())
            );
        }
        let most = rules.campaign.limits.mission_vp_max;
        if result.vp > most {
            return Err(Problem::new("CMP-6", "campaign.problem.vp_max")
                .arg("vp", result.vp)
                .arg("max", most));
        }
        let table = self.table.take().unwrap_or_default();
        // Decision (CMP-2): a Survival is lost only when the objective
        // failed and every character was taken out of action.
        let standing = table
            .players
            .iter()
            .any(|p| !table.out_of_action.contains(p));
        let success = if t == MissionType::Survival {
            result.success || standing
        } else {
            result.success
        };
        // CMP-6: VP earned.
        self.vp = self.vp.saturating_add(result.vp);
        // CMP-7, CMP-8: reinforcements, won or lost.
        let per = self.reinforcement_per_mission(rules);
        match self.settings.pool {
            PoolMode::Pooled => {
                let players = u32::try_from(self.escorts.len()).unwrap_or(1);
                self.pool = self.pool.saturating_add(per.saturating_mul(players));
            }
            PoolMode::Split => {
                for e in &mut self.escorts {
                    e.reinforcement = e.reinforcement.saturating_add(per);
                }
            }
        }
        self.missions_played += 1;
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
        let mut pending = Vec::new();
        let mut earned = Vec::new();
        for i in 0..self.characters.len() {
            let id = self.characters[i].id;
            let played = table.players.contains(&id);
            let c = self.char_mut(i);
            if !c.state.alive() {
                continue;
            }
            if played {
                c.missions += 1;
                // CMP-13: a light wound heals once the next mission is played.
                if c.state == State::LightlyWounded {
                    c.state = State::Fit;
                }
                if table.out_of_action.contains(&id) {
                    pending.push(id);
                } else if !table.wounded(id)
                    && let Member::Character(ch) = &mut c.member
                {
                    // CHR-13: one advance point for an unwounded character.
                    ch.after_game(false, false);
                    earned.push(id);
                    out.lines.push((
                        LineKind::Info,
                        Msg::new("campaign.log.advance_point").text("character", &ch.name),
                    ));
                }
            } else if c.misses_next {
                // CMP-13: the mission missed, he is fit again.
                c.misses_next = false;
                c.state = State::Fit;
                out.lines.push((
                    LineKind::Info,
                    Msg::new("campaign.log.recovered").text("character", c.name()),
                ));
            }
        }
        self.guide = false;
        self.guided.clear();
        let wounded = table
            .players
            .iter()
            .copied()
            .filter(|&p| table.wounds.get(&p).copied().unwrap_or(0) > 0)
            .collect();
        self.debrief = Some(Debrief {
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
        self.phase = Phase::Debrief;
        Ok(table.players)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn recon<R: Rng + ?Sized>(
        &mut self,
        character: CharId,
        roll: Option<Roll>,
        cran_roll: Option<Roll>,
        fortune: Option<Roll>,
        effect: Option<ReconEffect>,
        rules: &RulesData,
        rng: &mut R,
        out: &mut Outcome,
    ) -> Result<(Roll, Option<Roll>, Option<Roll>, ReconEffect), Problem> {
        let rates = self.rates(&rules.campaign).into_owned();
        let data = &rates;
        self.expect(&[Phase::Debrief])?;
        self.tests_done()?;
        let i = self.index(character)?;
        let c = &self.characters[i];
        let name = c.name().to_owned();
        let escort = c.escort;
        if !c.can_play() {
            return Err(Problem::new("CMP-14", "campaign.problem.cannot_recon").character(&name));
        }
        if self.debrief_mut()?.recon.contains(&escort) {
            return Err(Problem::new("CMP-14", "campaign.problem.recon_done"));
        }
        self.debrief_mut()?.recon.push(escort);
        let roll = dice(
            roll,
            1,
            data.recon.die,
            "CMP-14",
            "dice.for.recon",
            rng,
            out,
        )?;
        // Played again from the journal: the roll is read again from the
        // table and must give what it recorded.
        let read = data.recon.effect(total(&roll));
        if let Some(then) = effect
            && then != read
        {
            return Err(Problem::new("CMP-14", "campaign.problem.recon_differs")
                .character(&name)
                .arg("roll", roll.total)
                .arg("table", read.id())
                .arg("journal", then.id()));
        }
        let effect = read;
        out.lines.push((
            LineKind::Dice,
            Msg::new("campaign.log.recon")
                .text("character", &name)
                .text("roll", roll.to_string())
                .key("effect", effect.key()),
        ));
        let needs_test = matches!(
            effect,
            ReconEffect::Ambush
                | ReconEffect::Beaten
                | ReconEffect::GoodFortune
                | ReconEffect::BadFortune
        );
        let mut cran_out = None;
        let mut fortune_out = None;
        let cran = self.characters[i].cran;
        let mut passed = Ordering::Greater;
        if needs_test {
            let test = dice(
                cran_roll,
                1,
                self.settings.cran_die,
                "CMP-14",
                "dice.for.cran",
                rng,
                out,
            )?;
            out.lines.push((
                LineKind::Dice,
                Msg::new("campaign.log.cran_test")
                    .text("character", &name)
                    .text("roll", test.to_string())
                    .int("cran", cran),
            ));
            passed = total(&test).cmp(&cran);
            cran_out = Some(test);
        }
        match effect {
            ReconEffect::Nothing => {}
            ReconEffect::Ambush => {
                let state = match passed {
                    Ordering::Greater => State::LightlyWounded,
                    Ordering::Equal => State::SeriouslyWounded,
                    Ordering::Less => State::Missing,
                };
                let c = self.char_mut(i);
                c.state = state;
                c.misses_next = state == State::SeriouslyWounded;
                out.lines.push(self.state_line(i, "CMP-14"));
            }
            ReconEffect::Beaten => {
                let state = if passed == Ordering::Less {
                    State::SeriouslyWounded
                } else {
                    State::LightlyWounded
                };
                let c = self.char_mut(i);
                c.state = state;
                c.misses_next = state == State::SeriouslyWounded;
                out.lines.push(self.state_line(i, "CMP-14"));
            }
            ReconEffect::Clue => {
                self.vp = self.vp.saturating_add(1);
                out.lines.push((
                    LineKind::Info,
                    Msg::new("campaign.log.clue").int("vp", self.vp),
                ));
            }
            ReconEffect::GoodFortune => {
                if passed != Ordering::Less {
                    let f = dice(
                        fortune,
                        data.recon.good_fortune_dice,
                        6,
                        "CMP-14",
                        "dice.for.fortune",
                        rng,
                        out,
                    )?;
                    self.gain(escort, total(&f))?;
                    out.lines.push((
                        LineKind::Dice,
                        Msg::new("campaign.log.fortune")
                            .text("roll", f.to_string())
                            .int("points", total(&f)),
                    ));
                    fortune_out = Some(f);
                }
            }
            ReconEffect::Guide => {
                self.debrief_mut()?.guide_offered = true;
            }
            ReconEffect::Allies => self.allies = true,
            ReconEffect::BadFortune => {
                if passed == Ordering::Less {
                    self.forced_survival = true;
                    out.lines
                        .push((LineKind::Info, Msg::new("campaign.log.forced_survival")));
                }
            }
        }
        Ok((roll, cran_out, fortune_out, effect))
    }
}
