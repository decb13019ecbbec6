//! A kill-team soldier's turn at the campaign's table (KT-9, KT-11, KT-14,
//! KT-18, KT-19, EQ-31, RIB-10, RIB-11).
//!
//! Each action a soldier takes is one campaign event, played here through
//! the rules of `killteam::activation`: refused, naming the rule, when he may
//! not take it, whatever sends the event (the table's "Act…" menu, a roll of
//! the battle screen, an item used, or a journal written by hand). The table
//! keeps the turn being played (`Table::acts`), so the turn is saved, undone,
//! merged and replayed like the wounds beside it.
//!
//! In this file: the turn's types and the table's record of it; what a
//! soldier may do in `queries.rs`, the events that change the turn in
//! `events.rs`.

mod events;
mod queries;
pub(in crate::rules::campaign) use events::pay_stratagem;
pub(in crate::rules::campaign) use events::take_act;
pub(in crate::rules::campaign) use events::turn_event;

pub use queries::{
    acting_soldier, activations, counts_actions, may_act, may_buy_third_action, may_give_insignia,
    may_join_activation, may_use_gear, reroll_payment,
};
pub(in crate::rules::campaign) use queries::{
    alternation_refusal, dazzle_refusal, escort_of, gear_turn, insignia_turns,
};

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{CharId, Table};
use crate::rules::data::RulesData;
use crate::rules::killteam::activation::{Allowance, SoldierTurn};

/// The "second soldier" stratagem's id in `killteam.json` (KT-11).
pub const SECOND_SOLDIER: &str = "second_soldier";

/// The "second soldier" stratagem's cost in command points (KT-11).
pub fn second_soldier_cost(rules: &RulesData) -> u32 {
    stratagem_cost(rules, SECOND_SOLDIER)
}

/// The "reroll" stratagem's id in `killteam.json` (KT-11).
pub const REROLL: &str = "reroll";

/// The "reroll" stratagem's cost in command points (KT-11).
pub fn reroll_cost(rules: &RulesData) -> u32 {
    stratagem_cost(rules, REROLL)
}

/// A stratagem's cost in command points, from the data (KT-11).
fn stratagem_cost(rules: &RulesData, id: &str) -> u32 {
    rules
        .killteam
        .command
        .stratagems
        .iter()
        .find(|s| s.id == id)
        .map_or(0, |s| s.cost)
}

/// What each kill-team soldier did in one turn at the table: his
/// activations, their actions and boosts. A soldier not listed did nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnActs {
    /// The turn they were taken in: once the table's turn moves on, they
    /// are an earlier turn's, and only a soldier's stance carries over.
    pub turn: u32,
    /// Each soldier's turn, by his id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub soldiers: BTreeMap<CharId, SoldierTurn>,
    /// The drawn enemies' activations this turn, by their place, in order
    /// (KT-8).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemies: Vec<usize>,
    /// The soldiers activated straight after a team-mate with the "second
    /// soldier" stratagem (KT-11), with the place of that activation in
    /// their turn: it counts as one with the one before (KT-8).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub joined: BTreeMap<CharId, usize>,
    /// The activations opened this turn, soldiers' and enemies': the last
    /// one's place (KT-19: a soldier's next activation straight after his
    /// own continues his row).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub opened: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl TurnActs {
    /// Nothing recorded.
    pub fn is_empty(&self) -> bool {
        self.soldiers.is_empty() && self.enemies.is_empty() && self.joined.is_empty()
    }
}

/// Each side's activations in the turn being played (KT-8), and whose it
/// is to activate next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activations {
    /// The players' soldiers' activations (two joined by the stratagem
    /// count as one).
    pub players: u32,
    /// The drawn enemies'.
    pub enemy: u32,
    /// At most so many each: the side with fewer models still standing
    /// (with those already activated this turn) sets it.
    pub most: u32,
    /// The players' soldiers still standing, with those already activated
    /// this turn.
    pub standing: u32,
    /// The drawn enemies still standing, likewise.
    pub enemy_standing: u32,
    /// Whose turn it is to activate: `Some(true)` the players, `Some(false)`
    /// the enemy, none when both have had their share.
    pub next: Option<bool>,
    /// The mission has a drawn enemy to count: without one (the game
    /// master plays the enemy off the table), only the players' side is
    /// counted.
    pub enemy_drawn: bool,
    /// Nobody has activated this turn and its initiative is not tested
    /// (CMP-16): the side given as next is the players' by default, until
    /// the test says who acts first.
    pub untested: bool,
}

impl Table {
    /// `id`'s turn now: what he did this turn, or a turn not begun, prone
    /// when he ended his last one prone (KT-9).
    pub fn soldier_turn(&self, id: CharId) -> SoldierTurn {
        match self.acts.soldiers.get(&id) {
            Some(t) if self.acts.turn == self.turn() => t.clone(),
            Some(t) => SoldierTurn::new(t.prone()),
            None => SoldierTurn::new(false),
        }
    }

    /// Sets `id`'s turn now. The turns of an earlier turn give way first,
    /// each soldier keeping only his stance; a turn as it began standing is
    /// not kept, so that taking everything back leaves the table as it was.
    fn set_soldier_turn(&mut self, id: CharId, turn: SoldierTurn) {
        self.roll_over();
        // An activation opened counts; the last one opened, taken back,
        // no longer does.
        let last =
            |t: Option<&SoldierTurn>| t.and_then(|t| t.activations.last()).map_or(0, |a| a.seq);
        let (before, after) = (last(self.acts.soldiers.get(&id)), last(Some(&turn)));
        if after > self.acts.opened {
            self.acts.opened = after;
        } else if before == self.acts.opened && after < before {
            self.acts.opened = before - 1;
        }
        if turn.is_untouched() && !turn.prone_at_start {
            self.acts.soldiers.remove(&id);
        } else {
            self.acts.soldiers.insert(id, turn);
        }
    }
}

impl Table {
    /// The turns of an earlier turn give way to this one's, each soldier
    /// keeping only his stance.
    fn roll_over(&mut self) {
        let now = self.turn();
        if self.acts.turn != now {
            let prone = std::mem::take(&mut self.acts.soldiers)
                .into_iter()
                .filter(|(_, t)| t.prone())
                .map(|(id, _)| (id, SoldierTurn::new(true)))
                .collect();
            self.acts = TurnActs {
                turn: now,
                soldiers: prone,
                ..TurnActs::default()
            };
        }
    }

    /// The activations opened at the table this turn (KT-19).
    pub fn opened_now(&self) -> u32 {
        if self.acts.turn == self.turn() {
            self.acts.opened
        } else {
            0
        }
    }

    /// The soldier whose activation opened last this turn, while it is
    /// still open with an action taken (it may be over all the same: his
    /// actions spent).
    pub fn activating_now(&self) -> Option<CharId> {
        let now = self.opened_now();
        if now == 0 {
            return None;
        }
        self.acts.soldiers.iter().find_map(|(id, t)| {
            t.open()
                .is_some_and(|a| a.seq == now && !a.acts.is_empty())
                .then_some(*id)
        })
    }

    /// The enemies activated this turn, by place.
    pub fn enemies_activated(&self) -> &[usize] {
        if self.acts.turn == self.turn() {
            &self.acts.enemies
        } else {
            &[]
        }
    }

    /// The soldiers' activations joined to the one before this turn (KT-11).
    fn joined_now(&self) -> Option<&BTreeMap<CharId, usize>> {
        (self.acts.turn == self.turn()).then_some(&self.acts.joined)
    }
}

/// A kill-team soldier at the table: what he may do this turn, and what he
/// did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtTable {
    /// His kind's actions, his ribbon's, whether he is in action.
    pub allowance: Allowance,
    /// His turn so far.
    pub turn: SoldierTurn,
}

impl AtTable {
    /// His actions this turn, boosts included.
    pub fn total(&self, rules: &RulesData) -> u32 {
        self.allowance.total(&rules.killteam, &self.turn)
    }

    /// His actions left this turn.
    pub fn left(&self, rules: &RulesData) -> u32 {
        self.allowance.left(&rules.killteam, &self.turn)
    }
}
