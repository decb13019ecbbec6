//! Whether a soldier may take an action now, and why not: the room in his
//! turn and his activation, his stance (KT-18), a row of consecutive
//! actions (KT-19), three actions alike (RIB-10, RIB-11).

use super::Allowance;
use super::turn::{Act, Boost, SoldierTurn};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::killteam::data::{KillTeamData, SameWithin};

impl Allowance {
    /// Whether he may take `act` now: `Ok` with a note when it comes with
    /// a condition (snap fire only after a retreat), or the reason why not.
    pub fn check(
        &self,
        data: &KillTeamData,
        turn: &SoldierTurn,
        act: Act,
    ) -> Result<Option<Msg>, Problem> {
        if !self.in_action {
            return Err(Problem::new("KT-9", "kt.act.no.out_of_action"));
        }
        self.check_stance(data, turn, act)?;
        if act == Act::AgilityMove {
            let rule = self
                .agility
                .clone()
                .ok_or_else(|| Problem::new("RIB-10", "kt.act.no.agility_ribbon"))?;
            let after_shot = matches!(
                turn.acts().filter(|a| *a != Act::GoProne).last(),
                Some(Act::Shoot | Act::Grenade)
            );
            if !after_shot {
                return Err(Problem::new(rule, "kt.act.no.agility_after_shot"));
            }
        }
        if act.cost() > 0 && self.ended_for_the_turn(turn) {
            return Err(Problem::new(
                self.rule.clone(),
                "kt.act.no.activation_ended",
            ));
        }
        let total = self.total(data, turn);
        if act.cost() > 0 && turn.spent().saturating_add(act.cost()) > total {
            return Err(Problem::new(self.rule.clone(), "kt.act.no.none_left").arg("count", total));
        }
        if act == Act::CloseCombat && turn.retreated() {
            return Err(Problem::new("KT-9", "kt.act.no.charge_after_retreat"));
        }
        let per_turn = data.grenades.grenade_actions_per_turn;
        if act == Act::Grenade
            && turn.acts().filter(|a| *a == Act::Grenade).count() >= per_turn as usize
        {
            return Err(Problem::new("KT-14", "kt.grenade_one_per_turn").arg("count", per_turn));
        }
        self.check_row(turn, act)?;
        self.check_three_same(turn, act)?;
        let snap = matches!(act, Act::Shoot | Act::Grenade) && turn.retreated();
        Ok(snap.then(|| Msg::new("kt.act.snap_fire_only").text("rule", "KT-9")))
    }

    /// Prone or standing (KT-9): going prone once, standing up only when
    /// prone, and no move or charge before standing up (Decision).
    fn check_stance(
        &self,
        data: &KillTeamData,
        turn: &SoldierTurn,
        act: Act,
    ) -> Result<(), Problem> {
        let prone = turn.prone();
        match act {
            Act::GoProne if prone => Err(Problem::new("KT-9", "kt.act.no.already_prone")),
            Act::StandUp if !prone => Err(Problem::new("KT-9", "kt.act.no.not_prone")),
            a if prone && data.turn.prone_must_stand && a.needs_standing() => {
                Err(Problem::new("KT-9", "kt.act.no.stand_up_first"))
            }
            _ => Ok(()),
        }
    }

    /// Never more actions in a row than his kind takes (KT-19): an action
    /// that would open his next activation straight after his own, his row
    /// full, waits for another model's activation.
    fn check_row(&self, turn: &SoldierTurn, act: Act) -> Result<(), Problem> {
        let Some(most) = self.max_in_a_row else {
            return Ok(());
        };
        let index = self.target_index(turn, act.cost());
        if act.cost() > 0 && index == turn.activations.len() && self.room(turn, index) < act.cost()
        {
            return Err(Problem::new(self.rule.clone(), "kt.act.no.row_full").arg("row", most));
        }
        Ok(())
    }

    /// Never three times the same action: for a kind that says so (KT-18,
    /// KT-19), within its activation, row or turn; and in an activation
    /// raised by the third-action stratagem (KT-11).
    fn check_three_same(&self, turn: &SoldierTurn, act: Act) -> Result<(), Problem> {
        if act.cost() == 0 {
            return Ok(());
        }
        let index = self.target_index(turn, act.cost());
        // The same actions taken in his activations from `from` to the one
        // the action goes into.
        let same = |from: usize| {
            let to = (index + 1).min(turn.activations.len());
            turn.activations.get(from..to).map_or(0, |acts| {
                acts.iter()
                    .flat_map(|a| &a.acts)
                    .filter(|a| a.cost() > 0 && a.sort() == act.sort())
                    .count()
            })
        };
        let refused = |rule: String, key: &'static str| {
            Err(Problem::new(rule, key).keyed("act", "", act.sort().key()))
        };
        if self.never_three_same {
            let (from, key) = match self.three_same_within {
                SameWithin::Activation => (index, "kt.act.no.three_same"),
                SameWithin::Row => (self.row_start(turn, index), "kt.act.no.three_same_row"),
                SameWithin::Turn => (0, "kt.act.no.three_same_turn"),
            };
            if same(from) >= 2 {
                return refused(self.rule.clone(), key);
            }
        }
        let stratagem = turn
            .activations
            .get(index)
            .is_some_and(|a| a.boosts.contains(&Boost::ThirdAction));
        if stratagem && same(index) >= 2 {
            return refused("KT-11".to_owned(), "kt.act.no.three_same");
        }
        Ok(())
    }
}
