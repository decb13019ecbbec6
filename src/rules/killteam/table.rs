//! A kill-team soldier's rolls on the battle screen: a jump (KT-17), a
//! grenade (KT-14), a charge (KT-9, EQ-13) and the initiative (KT-10). Each
//! keeps every die with what it was for and says what happened as a message
//! (`table_roll` gathers the rolls of every chapter).

use rand::Rng;

use super::actions::{self, Charge, GrenadeAttack, Jump};
use super::data::TurnRules;
use super::turn::roll_initiative;
use crate::rules::core::dice::RollFor;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// A jump between buildings (KT-17): what happened and the wounds.
pub fn jump<R: Rng + ?Sized>(
    rules: &RulesData,
    jump: &Jump,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, u32), Problem> {
    let j = actions::roll_jump(rules, jump, rng)?;
    RollFor::keep(rolls, "battle.for.dangerous_terrain", &j.test.roll);
    for r in [&j.wounds_roll, &j.automatic_roll].into_iter().flatten() {
        RollFor::keep(rolls, "battle.for.mortal_wounds", r);
    }
    let outcome = if j.dead {
        Msg::new("kt.jump.dead")
    } else if j.fell {
        Msg::new("kt.jump.fell").int("count", j.wounds)
    } else {
        Msg::new("kt.jump.landed").int("count", j.wounds)
    };
    Ok((outcome, j.wounds))
}

/// A grenade thrown (KT-14): what happened and the wounds.
pub fn grenade<R: Rng + ?Sized>(
    rules: &RulesData,
    attack: &GrenadeAttack,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, u32), Problem> {
    let g = actions::roll_grenade(rules, attack, rng)?;
    rolls.extend(g.rolls);
    Ok((
        Msg::new("kt.grenade.rolled")
            .int("shots", g.shots)
            .int("hits", g.hits)
            .int("count", g.wounds),
        g.wounds,
    ))
}

/// A charge, with a bayonet or not (KT-9, EQ-13): what happened and the
/// wounds.
pub fn charge<R: Rng + ?Sized>(
    rules: &RulesData,
    charge: &Charge,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> (Msg, u32) {
    let c = actions::roll_charge(rules, charge, rng);
    RollFor::keep(rolls, "battle.for.charge", &c.reach.roll);
    let outcome = if !c.reach.passed {
        Msg::new("kt.charge.short").int("inches", c.inches)
    } else if c.wounds > 0 {
        Msg::new("kt.charge.bayonet")
            .int("inches", c.inches)
            .int("count", c.wounds)
    } else {
        Msg::new("kt.charge.reached").int("inches", c.inches)
    };
    (outcome, c.wounds)
}

/// The initiative at the start of a turn between `players` (KT-10).
pub fn initiative<R: Rng + ?Sized>(
    rules: &TurnRules,
    players: usize,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<Msg, Problem> {
    let i = roll_initiative(rules, players, rng)?;
    for round in &i.rounds {
        for r in round.iter().flatten() {
            RollFor::keep(rolls, "battle.for.initiative", r);
        }
    }
    Ok(Msg::new("kt.initiative.won")
        .int("player", i.winner + 1)
        .int("count", i.rounds.len()))
}
