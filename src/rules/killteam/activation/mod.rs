//! A kill-team soldier's actions in a turn, as the table records them: what
//! he may do next and, when he may not, why (KT-9, KT-11, KT-14, KT-18,
//! KT-19, EQ-31, RIB-10, RIB-11).
//!
//! The turn is a list of activations, each a list of actions. An action
//! goes into the open activation while it has room; otherwise it opens the
//! next one, while the turn has room (a Space Marine's 5 a turn, 3 at a
//! time; a Terminator's 4, one at a time). Every number comes from the
//! kill-team data: the kinds' `actions`, `turn.prone_must_stand`,
//! `turn.rows_span_activations`, `turn.insignia`,
//! `grenades.grenade_actions_per_turn` and the ribbons' grants.
//!
//! At a table, each activation keeps its place among those opened there
//! this turn (`Activation::seq`): two of his own in a row, with no other
//! model's between, make one row of consecutive actions (KT-19).

use super::Soldier;
use super::data::{Grant, KillTeamData, SameWithin};
use super::ribbons::soldier_actions;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;

mod checks;
mod turn;

pub use turn::{Act, Activation, Boost, SoldierTurn};

/// What a soldier may do in a turn: his kind's actions, his ribbon's and
/// whether he is in action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allowance {
    /// The rule his kind's actions come from (KT-9, KT-18, KT-19, KT-20).
    pub rule: String,
    /// Actions per activation (at most so many in a row).
    pub per_activation: u32,
    /// The most his kind ever takes in a row, whatever raised an
    /// activation (KT-19: a Space Marine's three, a Terminator's one).
    pub max_in_a_row: Option<u32>,
    /// Actions in the turn, free end-of-turn ones included (RIB-11).
    pub per_turn: u32,
    /// Never the same action three times (KT-18, KT-19), counted within
    /// `three_same_within`.
    pub never_three_same: bool,
    /// Where "never three times the same" counts: an activation, a row, the
    /// turn.
    pub three_same_within: SameWithin,
    /// His own activations with none between make one row (KT-19).
    pub rows_span_activations: bool,
    /// The place the next activation opened at his table gets (the table's
    /// count this turn plus one); 0 away from a table, where each
    /// activation is a row of its own.
    pub next_seq: u32,
    /// He has a free move after each shot (RIB-10), with its ribbon's rule.
    pub agility: Option<String>,
    /// He carries the command insignia (EQ-31).
    pub insignia: bool,
    /// He is in action: out of action, he has no action (KT-9).
    pub in_action: bool,
    /// His kind is activated once a turn (KT-9): once he ends his
    /// activation, the actions he did not take are lost.
    pub single_activation: bool,
}

/// What `s`, with `wounds_left` wounds, may do in a turn (KT-9, KT-18 …
/// KT-20, RIB-10, RIB-11, EQ-31). Refused for a soldier of an unknown kind.
pub fn allowance(data: &KillTeamData, s: &Soldier, wounds_left: u32) -> Result<Allowance, Problem> {
    let actions = soldier_actions(data, s, wounds_left)?;
    let kind = data.kind(&s.kind).ok_or_else(|| super::unknown_kind(s))?;
    let per_activation = kind
        .actions
        .max_in_a_row
        .map_or(actions.per_activation, |n| n.min(actions.per_activation));
    let agility = s
        .ribbon
        .as_ref()
        .and_then(|r| data.ribbon(r))
        .filter(|r| {
            r.grants
                .iter()
                .any(|g| matches!(g, Grant::MoveAfterShot { .. }))
        })
        .map(|r| r.rule.clone());
    Ok(Allowance {
        rule: kind
            .actions
            .rule
            .clone()
            .unwrap_or_else(|| "KT-9".to_owned()),
        per_activation,
        max_in_a_row: if kind.actions.one_at_a_time {
            Some(1)
        } else {
            kind.actions.max_in_a_row
        },
        per_turn: actions.total(),
        never_three_same: kind.actions.never_three_same,
        three_same_within: kind.actions.three_same_within,
        rows_span_activations: data.turn.rows_span_activations,
        next_seq: 0,
        agility,
        insignia: s.items.iter().any(|c| c.item == data.turn.insignia.item),
        in_action: wounds_left > 0,
        single_activation: kind.actions.per_turn.is_none(),
    })
}

impl Allowance {
    /// His actions this turn: his kind's, each boost's one more, and one
    /// only once he gave his insignia's action away (EQ-31).
    pub fn total(&self, data: &KillTeamData, turn: &SoldierTurn) -> u32 {
        if !self.in_action {
            return 0;
        }
        let boosts = turn
            .activations
            .iter()
            .map(|a| a.boosts.len())
            .sum::<usize>();
        let total = self
            .per_turn
            .saturating_add(u32::try_from(boosts).unwrap_or(u32::MAX));
        if turn.gave_insignia {
            total.min(data.turn.insignia.sergeant_actions)
        } else {
            total
        }
    }

    /// His actions left this turn: none once a kind activated once a turn
    /// ended his activation (KT-9).
    pub fn left(&self, data: &KillTeamData, turn: &SoldierTurn) -> u32 {
        if self.ended_for_the_turn(turn) {
            return 0;
        }
        self.total(data, turn).saturating_sub(turn.spent())
    }

    /// He is of a kind activated once a turn and ended his activation.
    fn ended_for_the_turn(&self, turn: &SoldierTurn) -> bool {
        self.single_activation && turn.activations.iter().any(|a| a.ended)
    }

    /// The actions his activation at `index` in `turn` allows (at
    /// `turn.activations.len()`, the next one to open): his kind's, one
    /// more a boost, but never more in a row than his kind ever takes,
    /// those of his row before it counted (KT-19: the insignia gives a
    /// Space Marine no fourth in a row, a Terminator no second).
    fn room(&self, turn: &SoldierTurn, index: usize) -> u32 {
        let boosts = turn.activations.get(index).map_or(0, |a| a.boosts.len());
        let room = self
            .per_activation
            .saturating_add(u32::try_from(boosts).unwrap_or(u32::MAX));
        self.max_in_a_row.map_or(room, |most| {
            room.min(most.saturating_sub(self.row_before(turn, index)))
        })
    }

    /// Whether his activation at `index` (or the next to open) follows his
    /// activation before it with no other model's between, so that both
    /// are one row (KT-19). Never away from a table.
    fn follows_own(&self, turn: &SoldierTurn, index: usize) -> bool {
        let Some(before) = index.checked_sub(1).and_then(|i| turn.activations.get(i)) else {
            return false;
        };
        let seq = turn.activations.get(index).map_or(self.next_seq, |a| a.seq);
        self.rows_span_activations && before.seq != 0 && seq == before.seq.saturating_add(1)
    }

    /// The first activation of the row his activation at `index` is in.
    fn row_start(&self, turn: &SoldierTurn, index: usize) -> usize {
        let mut start = index;
        while self.follows_own(turn, start) {
            start -= 1;
        }
        start
    }

    /// The actions his row took before his activation at `index`.
    fn row_before(&self, turn: &SoldierTurn, index: usize) -> u32 {
        let start = self.row_start(turn, index);
        turn.activations
            .get(start..index)
            .map_or(0, |row| row.iter().map(Activation::spent).sum())
    }

    /// The activation the next action of `cost` goes into: the open one
    /// while it has room, else a new one (`None`).
    fn target<'t>(&self, turn: &'t SoldierTurn, cost: u32) -> Option<&'t Activation> {
        let last = turn.activations.len().saturating_sub(1);
        turn.open()
            .filter(|a| cost == 0 || a.spent().saturating_add(cost) <= self.room(turn, last))
    }

    /// The place in `turn` of the activation the next action of `cost`
    /// goes into.
    fn target_index(&self, turn: &SoldierTurn, cost: u32) -> usize {
        let n = turn.activations.len();
        if self.target(turn, cost).is_some() {
            n - 1
        } else {
            n
        }
    }

    /// Whether his activation of this place in `turn` is over: a later one
    /// opened, or it was ended, is full, or his turn has no action left. One
    /// not opened yet (the next) is not.
    pub fn activation_over(&self, data: &KillTeamData, turn: &SoldierTurn, index: usize) -> bool {
        let n = turn.activations.len();
        if index + 1 < n {
            return true;
        }
        if index >= n {
            return false;
        }
        turn.open().is_none() || self.target(turn, 1).is_none() || self.left(data, turn) == 0
    }

    /// Takes `act`: the turn with it, and its note (snap fire only), or why
    /// not.
    pub fn take(
        &self,
        data: &KillTeamData,
        turn: &SoldierTurn,
        act: Act,
    ) -> Result<(SoldierTurn, Option<Msg>), Problem> {
        let note = self.check(data, turn, act)?;
        let mut next = turn.clone();
        if self.target(turn, act.cost()).is_none() {
            next.activations.push(Activation {
                seq: self.next_seq,
                ..Activation::default()
            });
        }
        if let Some(open) = next.activations.last_mut() {
            open.acts.push(act);
        }
        Ok((next, note))
    }

    /// The "third action" stratagem (KT-11) for the activation open, paid
    /// from `command_points`: refused out of action, with no activation
    /// open, once already bought for it, for a soldier whose activation is
    /// not of two actions, or short of points.
    pub fn third_action(
        &self,
        data: &KillTeamData,
        turn: &SoldierTurn,
        command_points: i32,
    ) -> Result<SoldierTurn, Problem> {
        self.third_action_at(turn, command_points, third_action_cost(data))
    }

    /// [`Allowance::third_action`] at the price of `cost` command points
    /// (a journal's event keeps the price it was bought at).
    pub fn third_action_at(
        &self,
        turn: &SoldierTurn,
        command_points: i32,
        cost: u32,
    ) -> Result<SoldierTurn, Problem> {
        if !self.in_action {
            return Err(Problem::new("KT-9", "kt.act.no.out_of_action"));
        }
        let Some(open) = turn.open().filter(|a| !a.acts.is_empty()) else {
            return Err(Problem::new("KT-11", "kt.act.no.third_not_active"));
        };
        if open.boosts.contains(&Boost::ThirdAction) {
            return Err(Problem::new("KT-11", "kt.act.no.third_twice"));
        }
        let room = self.room(turn, turn.activations.len() - 1);
        if room != 2 {
            return Err(Problem::new("KT-11", "kt.act.no.third_only_two").arg("count", room));
        }
        if command_points < i32::try_from(cost).unwrap_or(i32::MAX) {
            return Err(Problem::new("KT-11", "kt.act.no.points")
                .arg("cost", cost)
                .arg("points", command_points));
        }
        let mut next = turn.clone();
        if let Some(a) = next.activations.last_mut() {
            a.boosts.push(Boost::ThirdAction);
        }
        Ok(next)
    }
}

/// The stratagem's cost in command points (KT-11), from the data.
pub fn third_action_cost(data: &KillTeamData) -> u32 {
    data.command
        .stratagems
        .iter()
        .find(|s| s.id == "third_action")
        .map_or(0, |s| s.cost)
}

/// The command insignia (EQ-31): the sergeant `giver` gives one more action
/// to `taker`'s activation, open or about to open. Refused when the giver
/// has no insignia or is out of action, gave it already this turn, or has
/// already spent more than the one action he keeps; when the taker is out
/// of action or his activation already has it. The two turns after it.
pub fn give_insignia(
    data: &KillTeamData,
    (giver, giver_turn): (&Allowance, &SoldierTurn),
    (taker, taker_turn): (&Allowance, &SoldierTurn),
) -> Result<(SoldierTurn, SoldierTurn), Problem> {
    let keeps = data.turn.insignia.sergeant_actions;
    if !giver.insignia {
        return Err(Problem::new("EQ-31", "kt.act.no.insignia_none"));
    }
    if !giver.in_action || !taker.in_action {
        return Err(Problem::new("KT-9", "kt.act.no.out_of_action"));
    }
    if giver_turn.gave_insignia {
        return Err(Problem::new("EQ-31", "kt.act.no.insignia_twice"));
    }
    if taker.ended_for_the_turn(taker_turn) {
        return Err(Problem::new(
            taker.rule.clone(),
            "kt.act.no.activation_ended",
        ));
    }
    // KT-19's limits hold whatever the boost: a Space Marine's five a turn,
    // three in a row, a Terminator's four, one at a time.
    if let Some(most) = taker.max_in_a_row {
        return Err(Problem::new(taker.rule.clone(), "kt.act.no.insignia_limit")
            .arg("count", taker.per_turn)
            .arg("row", most));
    }
    if giver_turn.spent() > keeps {
        return Err(Problem::new("EQ-31", "kt.act.no.insignia_spent").arg("count", keeps));
    }
    let mut next = taker_turn.clone();
    match next.activations.last_mut().filter(|a| !a.ended) {
        Some(open) if open.boosts.contains(&Boost::Insignia) => {
            return Err(Problem::new("EQ-31", "kt.act.no.insignia_twice"));
        }
        Some(open) => open.boosts.push(Boost::Insignia),
        None => next.activations.push(Activation {
            boosts: vec![Boost::Insignia],
            seq: taker.next_seq,
            ..Activation::default()
        }),
    }
    let mut gave = giver_turn.clone();
    gave.gave_insignia = true;
    Ok((gave, next))
}
