//! The journal engine: one event applied to a campaign, in place, with its
//! dice rolled or checked. `Campaign::play` is the only place where a
//! campaign's state changes; `apply` and `replay` both go through it.
//! Each event is played by its own function, in the file of the phase that
//! allows it (`setup.rs`, `ready.rs`, `playing.rs`, `debrief.rs`); this file
//! keeps the dispatcher and the helpers they share (dice, points, members,
//! the mission drawn).

use std::sync::Arc;

use rand::Rng;

use super::data::{CampaignData, MissionData};
use super::edit::{CampaignEdit, MissionChoice};
use super::{
    Campaign, CampaignCharacter, CharId, Debrief, EnemyDraw, EscortId, Injuries, Member, Mission,
    MissionType, Phase, PoolMode, State,
};
use crate::rules::campaign::SetupEdit;
use crate::rules::characters::equipment::GearEdit;
use crate::rules::core::dice::{Roll, RollFor};
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
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

fn no_character(id: CharId) -> Problem {
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
        if let Some(p) = self.points_refusal(escort, points, rule) {
            return Err(p);
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
        let origin = doc.map(|doc| crate::rules::doc::CharRef {
            doc: doc.to_owned(),
            id: member.id().0,
        });
        let id = self.next_id.max(CharId(1));
        self.next_id = id.next();
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
        let m = self.mission_for(t, &recorded, &mut choice, data, rng, outcome)?;
        if let Some(done) = &recorded
            && *done != m.id
        {
            return Err(Problem::new("CMP-3", "campaign.problem.mission_differs")
                .arg("roll", choice.draw.as_ref().map_or(0, |r| r.total))
                .arg("table", &m.id)
                .arg("journal", done));
        }
        let faction =
            self.faction_for(m.enemy, recorded_faction, &mut choice, data, rng, outcome)?;
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
        log_override(&choice, picked, chain, t, &m.names, outcome);
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

    /// The mission of type `t` (CMP-3): the one picked, the one an event
    /// of an older Muster recorded without its die, or one drawn.
    fn mission_for<'d, R: Rng + ?Sized>(
        &self,
        t: MissionType,
        recorded: &Option<String>,
        choice: &mut MissionChoice,
        data: &'d CampaignData,
        rng: &mut R,
        outcome: &mut Outcome,
    ) -> Result<&'d MissionData, Problem> {
        Ok(if let Some(pick) = &choice.pick {
            choice.draw = None;
            data.missions_of(t).find(|m| &m.id == pick).ok_or_else(|| {
                mission_arg(
                    Problem::new("CMP-3", "campaign.problem.mission_not_of_type"),
                    data,
                    pick,
                )
                .keyed("type", t.as_str(), t.key())
            })?
        } else if let (Some(done), None) = (recorded, &choice.draw) {
            // An event of an older Muster that kept no die: what it gave.
            data.mission(done)
                .filter(|m| m.mission_type == t)
                .ok_or_else(|| {
                    mission_arg(
                        Problem::new("CMP-3", "campaign.problem.mission_not_of_type"),
                        data,
                        done,
                    )
                    .keyed("type", t.as_str(), t.key())
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
        })
    }

    /// The enemy's faction for a mission on `side` (CMP-4): the nemesis,
    /// or a secondary faction drawn.
    fn faction_for<R: Rng + ?Sized>(
        &self,
        side: super::EnemySide,
        recorded: Option<String>,
        choice: &mut MissionChoice,
        data: &CampaignData,
        rng: &mut R,
        outcome: &mut Outcome,
    ) -> Result<String, Problem> {
        Ok(match (side, recorded) {
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
        })
    }

    /// Refuses every event but notes once the campaign is over (CMP-17).
    fn refuse_when_over(&self, edit: &CampaignEdit) -> Result<(), Problem> {
        if self.phase == Phase::Over
            && !matches!(edit, CampaignEdit::Setup(SetupEdit::SetNotes { .. }))
        {
            return Err(Problem::new("CMP-17", "campaign.problem.over"));
        }
        Ok(())
    }

    /// Applies one event in place: the event as stored (every die filled
    /// in) and what happened; or why it is refused (the campaign may then
    /// be half changed: callers play on a copy).
    ///
    /// A dispatcher: one arm per event, each event a function in the file
    /// of the phase that allows it (`setup`, `ready`, `playing`,
    /// `debrief`). It is long only as a table is: one line per event.
    pub fn play<R: Rng + ?Sized>(
        &mut self,
        edit: CampaignEdit,
        rules: &RulesData,
        rng: &mut R,
    ) -> Result<(CampaignEdit, Outcome), Problem> {
        self.refuse_when_over(&edit)?;
        let mut out = Outcome::default();
        let rules = self.rules_in_force(rules)?;
        let event = self.dispatch(edit, &rules, rng, &mut out)?;
        // KT-21: the turn each fighter fell, whatever event took him out.
        if let Some(t) = self.table.as_mut() {
            t.note_fallen();
        }
        Ok((event, out))
    }
}

/// The log lines of a mission picked instead of drawn, or of another type
/// than the chain's (CMP-3), with the reason given.
fn log_override(
    choice: &MissionChoice,
    picked: bool,
    chain: MissionType,
    t: MissionType,
    names: &Names,
    outcome: &mut Outcome,
) {
    if picked {
        outcome.lines.push((
            LineKind::Info,
            Msg::new(if choice.reason.trim().is_empty() {
                "campaign.log.picked_no_reason"
            } else {
                "campaign.log.picked"
            })
            .names("mission", names)
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
}

/// `p` with the mission `id` as its `{mission}`: its name in the reader's
/// language, or the id when the data does not know it.
fn mission_arg(p: Problem, data: &CampaignData, id: &str) -> Problem {
    match data.mission(id) {
        Some(m) => p.named("mission", id, &m.names),
        None => p.arg("mission", id),
    }
}
