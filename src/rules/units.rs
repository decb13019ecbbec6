//! Characters in units (CHR-14) and what their deaths do to a victory (CHR-15).

use super::problem::Problem;

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
