//! What every room of the campaign shares, below them all: a character or
//! an escort found by id, the phase an event expects, reinforcement points
//! gained and paid, a member added or his gear changed, and the dice an
//! event rolls or checks.

use std::sync::Arc;

use rand::Rng;

use super::{
    Campaign, CampaignCharacter, CharId, Debrief, EnemyDraw, EscortId, Injuries, Member, Phase,
    PoolMode, State,
};
use crate::rules::campaign::queries;
use crate::rules::characters::equipment::GearEdit;
use crate::rules::core::dice::{Roll, RollFor};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::Outcome;

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

pub(super) fn index(c: &Campaign, id: CharId) -> Result<usize, Problem> {
    c.characters
        .iter()
        .position(|c| c.id == id)
        .ok_or_else(|| no_character(id))
}

pub(super) fn char_mut(c: &mut Campaign, i: usize) -> &mut CampaignCharacter {
    Arc::make_mut(&mut Arc::make_mut(&mut c.characters)[i])
}

pub(super) fn escort_index(c: &Campaign, id: EscortId) -> Result<usize, Problem> {
    c.escorts
        .iter()
        .position(|e| e.id == id)
        .ok_or_else(|| no_escort(id))
}

pub(super) fn expect(c: &Campaign, phases: &[Phase]) -> Result<(), Problem> {
    if phases.contains(&c.phase) {
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

pub(super) fn debrief_mut(c: &mut Campaign) -> Result<&mut Debrief, Problem> {
    c.debrief
        .as_mut()
        .ok_or_else(|| Problem::new("CMP-2", "campaign.problem.not_between"))
}

/// Reinforcement points received by every escort after a mission
/// (CMP-7, CMP-8).
pub fn reinforcement_per_mission(c: &Campaign, rules: &RulesData) -> u32 {
    let rates = queries::rates(c, &rules.campaign);
    rates.reinforcement_per_mission.saturating_add(
        c.settings
            .difficulty
            .saturating_mul(rates.difficulty_reinforcement),
    )
}

pub(super) fn gain(c: &mut Campaign, escort: EscortId, points: u32) -> Result<(), Problem> {
    match c.settings.pool {
        PoolMode::Pooled => c.pool = c.pool.saturating_add(points),
        PoolMode::Split => {
            let i = escort_index(c, escort)?;
            c.escorts[i].reinforcement = c.escorts[i].reinforcement.saturating_add(points);
        }
    }
    Ok(())
}

pub(super) fn pay(
    c: &mut Campaign,
    escort: EscortId,
    points: u32,
    rule: &'static str,
) -> Result<(), Problem> {
    let i = escort_index(c, escort)?;
    if let Some(p) = points_refusal(c, escort, points, rule) {
        return Err(p);
    }
    match c.settings.pool {
        PoolMode::Pooled => c.pool -= points,
        PoolMode::Split => c.escorts[i].reinforcement -= points,
    }
    Ok(())
}

/// Changes the equipment or power cards of the character at `i`
/// ([`GearEdit::apply`]); returns the name of the item concerned.
/// Refused for the dead and the missing (CMP-13) and for a kill-team
/// soldier, whose items are his kind's.
pub(super) fn edit_gear(c: &mut Campaign, i: usize, edit: GearEdit) -> Result<String, Problem> {
    let x = char_mut(c, i);
    if !x.state.alive() {
        return Err(Problem::new("CMP-13", "campaign.problem.dead_gear").character(x.name()));
    }
    let Member::Character(ch) = &mut x.member else {
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
        GearEdit::RemoveGear { at } | GearEdit::MoveGear { from: at, .. } => name_at(gear(), *at),
        GearEdit::RemovePower { at } | GearEdit::MovePower { from: at, .. } => {
            name_at(powers(), *at)
        }
    }
    .unwrap_or_default();
    ch.edit_gear(edit)?;
    Ok(item)
}

/// Adds a copy of `member` to an escort; `doc` is the roster or kill
/// team he was copied from, when known.
pub(super) fn add_member(
    c: &mut Campaign,
    escort: EscortId,
    mut member: Member,
    doc: Option<&str>,
    rules: &RulesData,
) -> CharId {
    let origin = doc.map(|doc| crate::rules::doc::CharRef {
        doc: doc.to_owned(),
        id: member.id().0,
    });
    let id = c.next_id.max(CharId(1));
    c.next_id = id.next();
    member.set_id(id);
    let die = c.settings.cran_die;
    let cran = member.default_cran_by(queries::rates(c, &rules.campaign).cran(die), die, rules);
    Arc::make_mut(&mut c.characters).push(Arc::new(CampaignCharacter {
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

/// Why an escort may not pay `points` reinforcement points under
/// `rule`, or none when it holds them (its own, or the pool's).
pub fn points_refusal(
    c: &Campaign,
    escort: EscortId,
    points: u32,
    rule: &'static str,
) -> Option<Problem> {
    let held = pool(c, escort);
    (points > held).then(|| {
        Problem::new(rule, "campaign.problem.not_enough_points")
            .arg("points", points)
            .arg("held", held)
    })
}

/// The reinforcement points an escort may spend: the pool's when the
/// campaign pools them, else its own.
pub(super) fn pool(c: &Campaign, escort: EscortId) -> u32 {
    match c.settings.pool {
        PoolMode::Pooled => c.pool,
        PoolMode::Split => queries::escort(c, escort).map_or(0, |e| e.reinforcement),
    }
}
