//! The models a mission names at the table (the traitor contact, the enemy
//! leader, the Nemesis …; CMP-3, **Assumed** data in `campaign.json`):
//! what the mission says of each, how he fights when he may be attacked
//! (a profile of his own, or the enemy faction's table line of a type),
//! his wound boxes and out of action.
//!
//! A named model sits at the table under a character id of his own,
//! [`NAMED_IDS`](super::NAMED_IDS) plus his place in the mission's list, so that the table's
//! edits (`SetWounds`, `SetOutOfAction`, `AddWounds`, `AddBattleWounds`)
//! and the battle screen's "Apply to campaign" reach him as they reach a
//! drawn enemy. He is read from the mission's data, never recorded in the
//! campaign; his wounds are kept apart from everyone's, and he scores no
//! kill (KT-21): what he is worth is the mission's objective.

use super::data::{EnemyEntry, NamedModel};
use super::house;
use super::{Campaign, EnemyFighter, Phase, enemy};
use crate::rules::campaign::queries;
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::Outcome;
use crate::rules::house_rules;

/// The models the mission at hand names, as its data says (none
/// between missions).
pub fn models<'a>(c: &Campaign, rules: &'a RulesData) -> &'a [NamedModel] {
    c.mission
        .as_ref()
        .and_then(|m| rules.campaign.mission(&m.mission))
        .map_or(&[], |d| d.named.as_slice())
}

/// The model at this place in the mission's list.
pub fn model<'a>(c: &Campaign, index: usize, rules: &'a RulesData) -> Option<&'a NamedModel> {
    models(c, rules).get(index)
}

/// The enemy faction's table line the model at this place fights as
/// (his `fighter_of`): the first line of that type with a profile, in
/// the tables the campaign recorded when it started, or the data's.
pub fn line<'a>(c: &'a Campaign, index: usize, rules: &'a RulesData) -> Option<&'a EnemyEntry> {
    let kind = model(c, index, rules)?.fighter_of?;
    let m = c.mission.as_ref()?;
    let line = |table: Option<&'a super::data::Faction>| {
        table?
            .table
            .iter()
            .find(|l| l.entry_type == kind && l.fighter.is_some())
    };
    line(queries::enemy_table(c, &rules.campaign, &m.faction))
        .or_else(|| line(rules.campaign.faction(&m.faction)))
}

/// How the model at this place fights; none when he may not be
/// attacked.
pub fn fighter<'a>(
    c: &'a Campaign,
    index: usize,
    rules: &'a RulesData,
) -> Option<&'a EnemyFighter> {
    let n = model(c, index, rules)?;
    n.fighter
        .as_ref()
        .or_else(|| line(c, index, rules).and_then(|l| l.fighter.as_ref()))
}

/// His wounds (his profile's W, 1 at least); none when he may not be
/// attacked.
pub fn wounds(c: &Campaign, index: usize, rules: &RulesData) -> Option<u32> {
    fighter(c, index, rules).map(|f| {
        u32::try_from(f.profile.get(Characteristic::W))
            .unwrap_or(0)
            .max(1)
    })
}

/// His names, in every language the data gives.
pub fn names(c: &Campaign, index: usize, rules: &RulesData) -> Names {
    model(c, index, rules).map_or_else(Names::new, |n| n.names.clone())
}

/// His names for the words of an event, told without the rules at
/// hand: the mission's data in the rules the campaign is played under
/// (the built-in ones with its house rules); empty when it names none.
pub fn names_told(c: &Campaign, index: usize) -> Names {
    let here = house_rules::built_in();
    house::rules_in_force(c, &here).map_or_else(|_| Names::new(), |r| names(c, index, &r))
}

/// Why the model at this place cannot take wounds now, or none when he
/// can: a mission must be played, and he must be named by it, fight,
/// and not be out of action yet.
pub fn refusal(c: &Campaign, index: usize, rules: &RulesData) -> Option<Problem> {
    if c.phase != Phase::Playing {
        return Some(Problem::new("CMP-2", "campaign.problem.not_playing"));
    }
    if let Err(p) = max(c, index, rules) {
        return Some(p);
    }
    out(c, index).then(|| {
        Problem::new("CMP-13", "campaign.problem.already_out").named(
            "character",
            &format!("named {}", index + 1),
            &names(c, index, rules),
        )
    })
}

/// Whether the model at this place is out of action.
pub fn out(c: &Campaign, index: usize) -> bool {
    c.table
        .as_ref()
        .is_some_and(|t| t.named_out.contains(&index))
}

/// The wounds the model at this place has taken.
pub fn taken(c: &Campaign, index: usize) -> u32 {
    c.table
        .as_ref()
        .and_then(|t| t.named_wounds.get(&index).copied())
        .unwrap_or(0)
}

/// The model's wounds, or why he takes none: the mission must name
/// him, and say how he fights.
pub(super) fn max(c: &Campaign, index: usize, rules: &RulesData) -> Result<u32, Problem> {
    let Some(n) = model(c, index, rules) else {
        return Err(Problem::new("CMP-3", "campaign.problem.no_named").arg("index", index + 1));
    };
    wounds(c, index, rules).ok_or_else(|| {
        Problem::new("CMP-3", "campaign.problem.named_not_fought").named(
            "character",
            &n.id,
            &n.names,
        )
    })
}

/// The wounds a named model has taken, ticked at the table; at his
/// last he is out of action.
pub(super) fn set_named_wounds(
    c: &mut Campaign,
    index: usize,
    wounds: u32,
    rules: &RulesData,
) -> Result<(), Problem> {
    let max = max(c, index, rules)?;
    let table = c.table.get_or_insert_default();
    enemy::set_wounds(
        (&mut table.named_wounds, &mut table.named_out),
        index,
        wounds,
        max,
    );
    Ok(())
}

/// A named model taken out of action, or back in: one the mission
/// names and who is fought (the prisoner is not).
pub(super) fn set_named_out(
    c: &mut Campaign,
    index: usize,
    out: bool,
    rules: &RulesData,
) -> Result<(), Problem> {
    max(c, index, rules)?;
    let table = c.table.get_or_insert_default();
    enemy::set_out(&mut table.named_out, index, out);
    Ok(())
}

/// Wounds a fight on the battle screen caused to a named model, never
/// past his last; at his last he is out of action.
pub(super) fn add_named_wounds(
    c: &mut Campaign,
    index: usize,
    wounds: u32,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<(), Problem> {
    let max = max(c, index, rules)?;
    let names = names(c, index, rules);
    let table = c.table.get_or_insert_default();
    enemy::add_wounds(
        (&mut table.named_wounds, &mut table.named_out),
        index,
        (wounds, max),
        &names,
        out,
    );
    Ok(())
}
