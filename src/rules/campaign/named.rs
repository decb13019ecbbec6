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
use super::{Campaign, EnemyFighter, Phase, enemy};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::Outcome;
use crate::rules::house_rules;

impl Campaign {
    /// The models the mission at hand names, as its data says (none
    /// between missions).
    pub fn named_models<'a>(&self, rules: &'a RulesData) -> &'a [NamedModel] {
        self.mission
            .as_ref()
            .and_then(|m| rules.campaign.mission(&m.mission))
            .map_or(&[], |d| d.named.as_slice())
    }

    /// The model at this place in the mission's list.
    pub fn named_model<'a>(&self, index: usize, rules: &'a RulesData) -> Option<&'a NamedModel> {
        self.named_models(rules).get(index)
    }

    /// The enemy faction's table line the model at this place fights as
    /// (his `fighter_of`): the first line of that type with a profile, in
    /// the tables the campaign recorded when it started, or the data's.
    pub fn named_line<'a>(&'a self, index: usize, rules: &'a RulesData) -> Option<&'a EnemyEntry> {
        let kind = self.named_model(index, rules)?.fighter_of?;
        let m = self.mission.as_ref()?;
        let line = |table: Option<&'a super::data::Faction>| {
            table?
                .table
                .iter()
                .find(|l| l.entry_type == kind && l.fighter.is_some())
        };
        line(self.enemy_table(&rules.campaign, &m.faction))
            .or_else(|| line(rules.campaign.faction(&m.faction)))
    }

    /// How the model at this place fights; none when he may not be
    /// attacked.
    pub fn named_fighter<'a>(
        &'a self,
        index: usize,
        rules: &'a RulesData,
    ) -> Option<&'a EnemyFighter> {
        let n = self.named_model(index, rules)?;
        n.fighter.as_ref().or_else(|| {
            self.named_line(index, rules)
                .and_then(|l| l.fighter.as_ref())
        })
    }

    /// His wounds (his profile's W, 1 at least); none when he may not be
    /// attacked.
    pub fn named_wounds(&self, index: usize, rules: &RulesData) -> Option<u32> {
        self.named_fighter(index, rules).map(|f| {
            u32::try_from(f.profile.get(Characteristic::W))
                .unwrap_or(0)
                .max(1)
        })
    }

    /// His names, in every language the data gives.
    pub fn named_names(&self, index: usize, rules: &RulesData) -> Names {
        self.named_model(index, rules)
            .map_or_else(Names::new, |n| n.names.clone())
    }

    /// His names for the words of an event, told without the rules at
    /// hand: the mission's data in the rules the campaign is played under
    /// (the built-in ones with its house rules); empty when it names none.
    pub fn named_names_told(&self, index: usize) -> Names {
        let here = house_rules::built_in();
        self.rules_in_force(&here)
            .map_or_else(|_| Names::new(), |r| self.named_names(index, &r))
    }

    /// Why the model at this place cannot take wounds now, or none when he
    /// can: a mission must be played, and he must be named by it, fight,
    /// and not be out of action yet.
    pub fn named_refusal(&self, index: usize, rules: &RulesData) -> Option<Problem> {
        if self.phase != Phase::Playing {
            return Some(Problem::new("CMP-2", "campaign.problem.not_playing"));
        }
        if let Err(p) = self.named_max(index, rules) {
            return Some(p);
        }
        self.named_out(index).then(|| {
            Problem::new("CMP-13", "campaign.problem.already_out").named(
                "character",
                &format!("named {}", index + 1),
                &self.named_names(index, rules),
            )
        })
    }

    /// Whether the model at this place is out of action.
    pub fn named_out(&self, index: usize) -> bool {
        self.table
            .as_ref()
            .is_some_and(|t| t.named_out.contains(&index))
    }

    /// The wounds the model at this place has taken.
    pub fn named_taken(&self, index: usize) -> u32 {
        self.table
            .as_ref()
            .and_then(|t| t.named_wounds.get(&index).copied())
            .unwrap_or(0)
    }

    /// The model's wounds, or why he takes none: the mission must name
    /// him, and say how he fights.
    pub(super) fn named_max(&self, index: usize, rules: &RulesData) -> Result<u32, Problem> {
        let Some(n) = self.named_model(index, rules) else {
            return Err(Problem::new("CMP-3", "campaign.problem.no_named").arg("index", index + 1));
        };
        self.named_wounds(index, rules).ok_or_else(|| {
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
        &mut self,
        index: usize,
        wounds: u32,
        rules: &RulesData,
    ) -> Result<(), Problem> {
        let max = self.named_max(index, rules)?;
        let table = self.table.get_or_insert_default();
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
        &mut self,
        index: usize,
        out: bool,
        rules: &RulesData,
    ) -> Result<(), Problem> {
        self.named_max(index, rules)?;
        let table = self.table.get_or_insert_default();
        enemy::set_out(&mut table.named_out, index, out);
        Ok(())
    }

    /// Wounds a fight on the battle screen caused to a named model, never
    /// past his last; at his last he is out of action.
    pub(super) fn add_named_wounds(
        &mut self,
        index: usize,
        wounds: u32,
        rules: &RulesData,
        out: &mut Outcome,
    ) -> Result<(), Problem> {
        let max = self.named_max(index, rules)?;
        let names = self.named_names(index, rules);
        let table = self.table.get_or_insert_default();
        enemy::add_wounds(
            (&mut table.named_wounds, &mut table.named_out),
            index,
            (wounds, max),
            &names,
            out,
        );
        Ok(())
    }
}
