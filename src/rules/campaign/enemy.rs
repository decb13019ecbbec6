//! The drawn enemies at the table (CMP-5, CMP-13, CMP-15): how each fights
//! (its profile, save and weapons from its faction's table, **Assumed**
//! data in `campaign.json`), its wound boxes and out of action, and what
//! its last behaviour test said.
//!
//! An enemy sits at the table under a character id of its own,
//! [`ENEMY_IDS`] plus its place in the escort, so that the table's edits
//! (`SetWounds`, `SetOutOfAction`, `AddWounds`, `AddBattleWounds`) and the
//! battle screen's "Apply to campaign" reach it as they reach the players'
//! characters. Its wounds are kept apart from theirs: the debrief's Cran
//! tests never see an enemy.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{Campaign, CharId, EnemyDraw, EnemyFighter, Phase};
use crate::rules::campaign::queries;
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

/// The first character id of the enemies at the table: enemy `i` of the
/// escort is `ENEMY_IDS + i`. A campaign's own characters are numbered
/// from 1 and never reach it (a file that does is refused).
pub const ENEMY_IDS: CharId = CharId(1_000_000);

/// The first character id of the models a mission names at the table:
/// the `i`-th of the mission's list is `NAMED_IDS + i`.
pub const NAMED_IDS: CharId = CharId(2_000_000);

/// What an enemy's last behaviour test said (CMP-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Behaviour {
    /// The turn it was tested in.
    pub turn: u32,
    /// The die's total.
    pub roll: u32,
    /// The Cran it was tested against.
    pub cran: u32,
    /// Passed: the die was the Cran or more.
    pub passed: bool,
}

impl Behaviour {
    /// The locale key of what it does, in the mission's mode.
    pub fn key(&self, mode: super::Mode) -> &'static str {
        match (mode, self.passed) {
            (super::Mode::Attack, true) => "campaign.behaviour.attack_passed",
            (super::Mode::Attack, false) => "campaign.behaviour.attack_failed",
            (super::Mode::Defence, true) => "campaign.behaviour.defence_passed",
            (super::Mode::Defence, false) => "campaign.behaviour.defence_failed",
        }
    }
}

/// Who fights at a campaign's table: one of the campaign's characters, the
/// n-th enemy drawn for the mission, or the n-th model the mission names.
/// The table's events name them all by a character id (an enemy's is
/// `ENEMY_IDS` plus its place, a named model's `NAMED_IDS` plus his), so
/// that files keep one kind of id; `Fighter::of` reads which it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fighter {
    /// A character of the campaign, by id.
    Character(CharId),
    /// The enemy at this place in the mission's escort.
    Enemy(usize),
    /// The model at this place in the mission's list of those it names.
    Named(usize),
}

impl Fighter {
    /// The fighter a table's id names.
    pub fn of(id: CharId) -> Self {
        let from = |first: CharId| {
            id.0.checked_sub(first.0)
                .and_then(|i| usize::try_from(i).ok())
        };
        if let Some(i) = from(NAMED_IDS) {
            Self::Named(i)
        } else if let Some(i) = from(ENEMY_IDS) {
            Self::Enemy(i)
        } else {
            Self::Character(id)
        }
    }

    /// The id the table's events name it by.
    pub fn id(self) -> CharId {
        let after = |first: CharId, i: usize| {
            CharId(first.0.saturating_add(u64::try_from(i).unwrap_or(u64::MAX)))
        };
        match self {
            Self::Character(id) => id,
            Self::Enemy(i) => after(ENEMY_IDS, i),
            Self::Named(i) => after(NAMED_IDS, i),
        }
    }

    /// Whether it is one of the enemies drawn.
    pub fn is_enemy(self) -> bool {
        matches!(self, Self::Enemy(_))
    }

    /// Whether it is one of the campaign's characters (not a drawn enemy
    /// nor a model the mission names).
    pub fn is_character(self) -> bool {
        matches!(self, Self::Character(_))
    }
}

/// The enemy drawn at this place in the mission's escort.
pub fn at(c: &Campaign, index: usize) -> Option<&EnemyDraw> {
    c.mission.as_ref().and_then(|m| m.enemy.get(index))
}

/// How the enemy at this place fights: as its line of the tables the
/// campaign recorded when it started says (an edit of the data changes
/// new campaigns only), or, for a campaign started before Muster
/// recorded how enemies fight, as the data's line says.
pub fn fighter<'a>(
    c: &'a Campaign,
    index: usize,
    rules: &'a RulesData,
) -> Option<&'a EnemyFighter> {
    let e = at(c, index)?;
    let m = c.mission.as_ref()?;
    let line = |table: Option<&'a super::data::Faction>| {
        table?
            .table
            .iter()
            .find(|l| l.names == e.names && l.entry_type == e.entry_type)?
            .fighter
            .as_ref()
    };
    line(queries::enemy_table(c, &rules.campaign, &m.faction))
        .or_else(|| line(rules.campaign.faction(&m.faction)))
}

/// The enemy's wounds: its profile's W, 1 when it has none.
pub fn wounds(c: &Campaign, index: usize, rules: &RulesData) -> u32 {
    fighter(c, index, rules)
        .map_or(1, |f| {
            u32::try_from(f.profile.get(Characteristic::W)).unwrap_or(0)
        })
        .max(1)
}

/// The enemy's names with its place in the escort ("Ork boy 3"), for
/// the log and the battle screen.
pub fn names(c: &Campaign, index: usize) -> Names {
    at(c, index).map_or_else(Names::new, |e| {
        e.names
            .iter()
            .map(|(lang, name)| (lang.clone(), format!("{name} {}", index + 1)))
            .collect()
    })
}

/// Why the enemy at this place cannot take wounds now (CMP-13), or
/// none when it can: a mission must be played, the enemy drawn for it
/// and not out of action yet.
pub fn refusal(c: &Campaign, index: usize) -> Option<Problem> {
    if c.phase != Phase::Playing {
        return Some(Problem::new("CMP-2", "campaign.problem.not_playing"));
    }
    if at(c, index).is_none() {
        return Some(Problem::new("CMP-15", "campaign.problem.no_enemy").arg("index", index + 1));
    }
    let out = c
        .table
        .as_ref()
        .is_some_and(|t| t.enemy_out.contains(&index));
    out.then(|| {
        Problem::new("CMP-13", "campaign.problem.already_out").named(
            "character",
            &format!("enemy {}", index + 1),
            &names(c, index),
        )
    })
}

/// The wounds an enemy has taken, ticked at the table; at its last it
/// is out of action.
pub(super) fn set_enemy_wounds(
    c: &mut Campaign,
    index: usize,
    taken: u32,
    rules: &RulesData,
) -> Result<(), Problem> {
    drawn(c, index)?;
    // Never past its last: an enemy drawn before Muster kept its
    // profile takes its wounds from the data, which may have been
    // edited since the journal recorded the ticks.
    let max = wounds(c, index, rules);
    let table = c.table.get_or_insert_default();
    set_wounds(
        (&mut table.enemy_wounds, &mut table.enemy_out),
        index,
        taken,
        max,
    );
    Ok(())
}

/// An enemy taken out of action, or back in.
pub(super) fn set_enemy_out(c: &mut Campaign, index: usize, out: bool) -> Result<(), Problem> {
    drawn(c, index)?;
    let table = c.table.get_or_insert_default();
    set_out(&mut table.enemy_out, index, out);
    Ok(())
}

/// Wounds a fight on the battle screen caused to an enemy, never past
/// its last; at its last it is out of action.
pub(super) fn add_enemy_wounds(
    c: &mut Campaign,
    index: usize,
    caused: u32,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<(), Problem> {
    drawn(c, index)?;
    let max = wounds(c, index, rules);
    let names = names(c, index);
    let table = c.table.get_or_insert_default();
    add_wounds(
        (&mut table.enemy_wounds, &mut table.enemy_out),
        index,
        (caused, max),
        &names,
        out,
    );
    Ok(())
}

/// The enemy at this place, or why there is none (CMP-15).
fn drawn(c: &Campaign, index: usize) -> Result<&EnemyDraw, Problem> {
    at(c, index)
        .ok_or_else(|| Problem::new("CMP-15", "campaign.problem.no_enemy").arg("index", index + 1))
}

/// The wounds taken and the out of action of the fighters kept by their
/// place at the table rather than by character id: the drawn enemies'
/// (`enemy_wounds`, `enemy_out`) or the named models'.
pub(super) type ByPlace<'a> = (&'a mut BTreeMap<usize, u32>, &'a mut BTreeSet<usize>);

/// Sets the wounds the fighter at `index` has taken, never past his
/// `max`; at his last he is out of action.
pub(super) fn set_wounds((taken, outs): ByPlace<'_>, index: usize, wounds: u32, max: u32) {
    let wounds = wounds.min(max);
    taken.insert(index, wounds);
    if wounds == max {
        outs.insert(index);
    }
}

/// Takes the fighter at `index` out of action, or brings him back in.
pub(super) fn set_out(outs: &mut BTreeSet<usize>, index: usize, out: bool) {
    if out {
        outs.insert(index);
    } else {
        outs.remove(&index);
    }
}

/// Adds the `wounds` a fight on the battle screen caused to the fighter at
/// `index` (his `names`), never past his `max`; at his last he is out of
/// action. The log says how many he has now.
pub(super) fn add_wounds(
    (taken, outs): ByPlace<'_>,
    index: usize,
    (wounds, max): (u32, u32),
    names: &Names,
    out: &mut Outcome,
) {
    let now = taken
        .get(&index)
        .copied()
        .unwrap_or(0)
        .saturating_add(wounds)
        .min(max);
    set_wounds((taken, outs), index, now, max);
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.battle_wounds")
            .names("character", names)
            .int("wounds", wounds)
            .int("now", now)
            .int("max", max),
    ));
}
