//! The mission drawn: its type after the last, the mission a die gives,
//! the enemy's faction.

use super::data::{CampaignData, FactionId, MissionData, MissionId};
use super::edit::MissionChoice;
use super::record::{dice, total};
use super::{Campaign, Mission, MissionType, Phase};
use crate::rules::campaign::queries;
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use rand::Rng;

/// The type the chain gives for the next mission (CMP-2): the Grand
/// Final once the VP held reach the threshold, a Survival after a
/// recon's bad fortune (Decision: it comes first, the Final waits), an
/// Inquiry after VP were earned, a Survival after none, an
/// Investigation after a Survival survived, another Survival after one
/// lost (Decision).
pub fn next_type(c: &Campaign) -> MissionType {
    if c.forced_survival {
        return MissionType::Survival;
    }
    if c.vp >= c.settings.vp_threshold && c.phase != Phase::Setup {
        return MissionType::Final;
    }
    let Some(d) = &c.debrief else {
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

/// Draws the next mission of type `chain` (or the forced one).
pub(super) fn draw_mission<R: Rng + ?Sized>(
    c: &mut Campaign,
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
    let m = mission_for(c, t, &recorded, &mut choice, data, rng, outcome)?;
    if let Some(done) = &recorded
        && *done != m.id
    {
        return Err(Problem::new("CMP-3", "campaign.problem.mission_differs")
            .arg("roll", choice.draw.as_ref().map_or(0, |r| r.total))
            .arg("table", &m.id)
            .arg("journal", done));
    }
    let faction = faction_for(
        c,
        m.enemy,
        recorded_faction,
        &mut choice,
        data,
        rng,
        outcome,
    )?;
    let points = match choice.points.filter(|_| recorded.is_some()) {
        // Played again from the journal: the points it gave then.
        Some(p) => p,
        // CMP-16: a standard budget per player multiplies the enemy's;
        // CMP-8: each difficulty level adds to it, once (Decision).
        None => m
            .points
            .saturating_mul(queries::mustering(c).enemy_multiplier())
            .saturating_add(
                c.settings
                    .difficulty
                    .saturating_mul(queries::rates(c, data).difficulty_enemy_points),
            ),
    };
    choice.points = Some(points);
    choice.mission = Some(m.id.clone());
    choice.faction = (m.enemy == super::EnemySide::Secondary).then(|| faction.clone());
    let number = c.missions_played + 1;
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
    c.mission = Some(Mission {
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
    c.forced_survival = false;
    c.phase = Phase::Ready;
    Ok(choice)
}

/// The mission of type `t` (CMP-3): the one picked, the one an event
/// of an older Muster recorded without its die, or one drawn.
fn mission_for<'d, R: Rng + ?Sized>(
    c: &Campaign,
    t: MissionType,
    recorded: &Option<MissionId>,
    choice: &mut MissionChoice,
    data: &'d CampaignData,
    rng: &mut R,
    outcome: &mut Outcome,
) -> Result<&'d MissionData, Problem> {
    Ok(if let Some(pick) = &choice.pick {
        choice.draw = None;
        data.missions_of(t).find(|m| m.id == *pick).ok_or_else(|| {
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
        let ids = queries::mission_ids(c, data, t);
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
    c: &Campaign,
    side: super::EnemySide,
    recorded: Option<FactionId>,
    choice: &mut MissionChoice,
    data: &CampaignData,
    rng: &mut R,
    outcome: &mut Outcome,
) -> Result<FactionId, Problem> {
    Ok(match (side, recorded) {
        (super::EnemySide::Main, _) => {
            choice.faction_draw = None;
            c.settings.nemesis.clone()
        }
        // An event of an older Muster that kept no die: what it gave.
        (super::EnemySide::Secondary, Some(done)) if choice.faction_draw.is_none() => done,
        (super::EnemySide::Secondary, done) => {
            let sides = u32::try_from(c.settings.secondary.len()).unwrap_or(0);
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
            let f = c.settings.secondary[total(&roll) as usize - 1].clone();
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
fn mission_arg(p: Problem, data: &CampaignData, id: &MissionId) -> Problem {
    match data.mission(id) {
        Some(m) => p.named("mission", id.as_str(), &m.names),
        None => p.arg("mission", id),
    }
}
