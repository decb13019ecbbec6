//! What the table asks of the campaign: whether a roll's wounds are in, and why a model may not take wounds now.

use super::super::*;
use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;

/// What the table asks of the campaign: whether a roll's wounds are in, and why a model may not take wounds now.
#[derive(Clone, Copy, Debug)]
pub struct Wounding<'a> {
    c: &'a Campaign,
}

/// What the table asks of the campaign.
pub fn wounding(c: &Campaign) -> Wounding<'_> {
    Wounding { c }
}

impl<'a> Wounding<'a> {
    /// Whether the wounds of the battle log's roll of this seed are in the
    /// journal already (each roll's wounds are applied once).
    pub fn roll_applied(&self, seed: u64) -> bool {
        self.c.journal.iter().any(|e| match &e.event {
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
            Fighter::Enemy(i) => return enemy::refusal(self.c, i),
            // Whether the mission names him is the data's to say: the
            // wounds' event refuses one it does not.
            Fighter::Named(_) if self.c.phase != Phase::Playing => {
                return Some(Problem::new("CMP-2", "campaign.problem.not_playing"));
            }
            Fighter::Named(i) => {
                return named::out(self.c, i)
                    .then(|| Problem::new("CMP-13", "campaign.problem.named_out"));
            }
            Fighter::Character(_) => {}
        }
        let Some(x) = queries::character(self.c, id) else {
            return Some(Problem::new("CMP-13", "campaign.problem.no_character").arg("id", id));
        };
        let named = |key: &'static str| Some(Problem::new("CMP-13", key).character(x.name()));
        if self.c.phase != Phase::Playing {
            return Some(Problem::new("CMP-2", "campaign.problem.not_playing"));
        }
        if !x.state.alive() {
            return named("campaign.problem.dead");
        }
        let Some(table) = &self.c.table else {
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

    /// Whether the model of this id is out of action at the mission's
    /// table (CMP-13): a character playing, a drawn enemy, or a model the
    /// mission names. None is before the mission is at the table.
    pub fn out_of_action(&self, id: CharId) -> bool {
        let Some(table) = &self.c.table else {
            return false;
        };
        match Fighter::of(id) {
            Fighter::Enemy(i) => table.enemy_out.contains(&i),
            Fighter::Named(i) => named::out(self.c, i),
            Fighter::Character(_) => table.out_of_action.contains(&id),
        }
    }

    /// The wounds the model of this id has taken at the mission's table:
    /// a character playing, a drawn enemy, or a model the mission names
    /// (none before the mission is at the table).
    pub fn taken(&self, id: CharId) -> u32 {
        let Some(table) = &self.c.table else {
            return 0;
        };
        let taken = match Fighter::of(id) {
            Fighter::Enemy(i) => table.enemy_wounds.get(&i),
            Fighter::Named(i) => table.named_wounds.get(&i),
            Fighter::Character(_) => table.wounds.get(&id),
        };
        taken.copied().unwrap_or(0)
    }
}
