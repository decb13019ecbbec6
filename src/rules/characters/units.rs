//! Characters in units (CHR-14) and what their deaths do to a victory (CHR-15).

use crate::rules::core::problem::Problem;

/// How a character may take command of a friendly unit (CHR-14).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakeCommand {
    /// The unit has no living leader: the character takes over at once.
    AtOnce,
    /// After one turn in base contact with the current leader.
    AfterOneTurnInContact,
}

/// Whether a character of leadership `character_ld` may take command of a
/// unit whose current living leader has `leader_ld` (`None`: no living leader).
pub fn take_command(character_ld: i32, leader_ld: Option<i32>) -> Result<TakeCommand, Problem> {
    match leader_ld {
        None => Ok(TakeCommand::AtOnce),
        Some(ld) if character_ld >= ld => Ok(TakeCommand::AfterOneTurnInContact),
        Some(ld) => Err(Problem::new("CHR-14", "problem.ld_too_low")
            .arg("ld", character_ld)
            .arg("leader_ld", ld)),
    }
}

/// Whether a leader may give up command at the start of a turn (CHR-14): a
/// unit's own leader never may; one adversely affected by psychology may not.
pub fn may_give_up_command(born_leader: bool, adversely_affected: bool) -> Result<(), Problem> {
    if born_leader {
        return Err(Problem::new("CHR-14", "problem.born_leader"));
    }
    if adversely_affected {
        return Err(Problem::new("CHR-14", "problem.affected_leader"));
    }
    Ok(())
}

/// The Cl used for a unit's psychology tests: its leader's (CHR-14).
pub fn psychology_cl(leader_cl: Option<i32>, trooper_cl: i32) -> i32 {
    leader_cl.unwrap_or(trooper_cl)
}

/// The outcome of a battle for one side (CHR-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Victory {
    /// Won, with no character of the side killed.
    Major,
    /// Won, but characters of the side were killed.
    Minor,
    /// Not won.
    None,
}

/// A won battle is only a minor victory if the side's characters were killed.
pub fn victory(won: bool, characters_killed: u32) -> Victory {
    match (won, characters_killed) {
        (false, _) => Victory::None,
        (true, 0) => Victory::Major,
        (true, _) => Victory::Minor,
    }
}

/// The Ld a unit's Ld tests use (CC-15 stay test, CC-20 rout test): its
/// leader's, once he is in command (CHR-14); else the unit's own.
pub fn test_ld(leader_ld: Option<i32>, unit_ld: i32) -> i32 {
    leader_ld.unwrap_or(unit_ld)
}

/// Which test a unit takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum UnitTestKind {
    /// A rout test against Ld (CC-20).
    Rout,
    /// The winners' stay test against Ld, when they would not follow up
    /// (CC-15).
    Stay,
    /// A psychology test against Cl (CHR-14, CC-21).
    Psychology,
}

impl UnitTestKind {
    /// The message key naming the test.
    pub fn key(self) -> &'static str {
        match self {
            Self::Rout => "units.test.rout",
            Self::Stay => "units.test.stay",
            Self::Psychology => "units.test.psychology",
        }
    }
}

/// A test a unit takes, against the value its leader gives it (CHR-14).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct UnitTest {
    /// Which test.
    pub kind: UnitTestKind,
    /// The Ld (rout, stay) or Cl (psychology) tested.
    pub value: i32,
}

/// A unit's test as rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitTestRoll {
    /// The dice.
    pub roll: crate::rules::core::dice::Roll,
    /// Passed (equal to or under the value).
    pub passed: bool,
    /// What it means, in words.
    pub msg: crate::rules::core::msg::Msg,
}

impl UnitTest {
    /// Rolls the test (CC-15, CC-20, CC-21): the dice of the rules data,
    /// passed on a roll equal to or under the value.
    pub fn roll<R: rand::Rng + ?Sized>(
        &self,
        rules: &crate::rules::data::RulesData,
        rng: &mut R,
    ) -> Result<UnitTestRoll, Problem> {
        use crate::rules::close_combat;
        let (check, outcome) = match self.kind {
            UnitTestKind::Rout => {
                let t = close_combat::rout_test(
                    rules,
                    close_combat::RoutReason::LostRound,
                    self.value,
                    false,
                    rng,
                )?;
                let outcome = match t.routs {
                    None => crate::rules::core::msg::Msg::new("units.test.holds"),
                    Some(r) => crate::rules::core::msg::Msg::new("units.test.routs")
                        .int("inches", r.move_now_inches)
                        .int("rate", r.rate_multiplier),
                };
                (t.check, outcome)
            }
            UnitTestKind::Stay => {
                let c = close_combat::roll_stay_test(rules, self.value, rng);
                let key = if c.passed {
                    "units.test.stays"
                } else {
                    "units.test.follows"
                };
                (c, crate::rules::core::msg::Msg::new(key))
            }
            UnitTestKind::Psychology => {
                let c = close_combat::roll_characteristic_test(rules, self.value, rng);
                let key = if c.passed {
                    "units.test.unaffected"
                } else {
                    "units.test.affected"
                };
                (c, crate::rules::core::msg::Msg::new(key))
            }
        };
        let msg = crate::rules::core::msg::Msg::new("units.test.rolled")
            .key("test", self.kind.key())
            .int("value", self.value)
            .text("dice", check.roll.to_string())
            .key(
                "result",
                if check.passed {
                    "units.test.passed"
                } else {
                    "units.test.failed"
                },
            )
            .msg("outcome", outcome);
        Ok(UnitTestRoll {
            roll: check.roll,
            passed: check.passed,
            msg,
        })
    }
}
