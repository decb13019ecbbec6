//! Rolls on the battle screen that are not an attack's hit, wound and save:
//! a robot's target check, special damage and malfunctions (ROB-7 …
//! ROB-9), a flyer's dropped object, crash and impact (FLY-10, FLY-11), a
//! kill-team soldier's jump (KT-17) and grenade (KT-14). Each keeps every
//! die with what it was for and says what happened as a message, so the
//! battle log shows it and the same seed gives the same line.

use rand::Rng;

use super::core::dice::Roll;
use super::core::msg::Msg;
use super::core::problem::Problem;
use super::data::RulesData;
use super::doc::RollFor;
use super::flyers::{self, Level};
use super::killteam::actions::{self, GrenadeAttack, Jump};
use super::robots::{self, Effect};

/// What to roll.
#[derive(Clone, Debug, PartialEq)]
pub enum TableRoll {
    /// The 2D6 target check of a robot of this Int (ROB-7).
    RobotAim {
        /// The robot's Int.
        int: i32,
    },
    /// Special damage after losing this many points in a turn (ROB-8).
    RobotDamage {
        /// Damage points lost this turn.
        lost: u32,
    },
    /// The optional malfunction check, 1 in `one_in` (ROB-9).
    RobotMalfunction {
        /// The chance is 1 in this.
        one_in: u32,
    },
    /// An object dropped from a level (FLY-10).
    FlyerDrop {
        /// The flyer's level.
        level: Level,
    },
    /// A crash from a level, and the damage to what it lands on (FLY-11).
    FlyerCrash {
        /// The level it falls from.
        level: Level,
        /// Its T.
        falling_t: i32,
        /// The T of what it lands on, if it lands on something.
        target_t: Option<i32>,
    },
    /// A jump between buildings (KT-17).
    Jump(Jump),
    /// A grenade thrown (KT-14).
    Grenade(GrenadeAttack),
    /// A charge, with a bayonet or not (KT-9, EQ-13).
    Charge(actions::Charge),
    /// The initiative at the start of a turn, between so many players
    /// (KT-10).
    Initiative {
        /// How many players roll.
        players: usize,
    },
    /// Close combat after the blows: the stay test, breaking off and its
    /// free blows, a creature's attacks, a characteristic test (CC-15,
    /// CC-18, CC-19, CC-21).
    Melee(super::close_combat::roll::MeleeRoll),
}

/// A roll made: every die, what happened, and the wounds it caused.
#[derive(Clone, Debug, PartialEq)]
pub struct Rolled {
    /// Every die, in order, with what it was for.
    pub rolls: Vec<RollFor>,
    /// What happened.
    pub outcome: Msg,
    /// Wounds (damage points) caused, for "Apply to campaign".
    pub wounds: u32,
}

impl Rolled {
    /// The log line: what happened, then every die.
    pub fn msg(&self) -> Msg {
        let dice: Vec<Msg> = super::doc::dice_msgs(&self.rolls);
        Msg::new("battle.table_rolled")
            .msg("outcome", self.outcome.clone())
            .list("dice", dice)
    }
}

fn kept(rolls: &mut Vec<RollFor>, purpose: &'static str, roll: &Roll) {
    rolls.push(RollFor {
        purpose,
        roll: roll.clone(),
    });
}

fn total(roll: &Roll) -> u32 {
    u32::try_from(roll.total.max(0)).unwrap_or(0)
}

/// The message of a special damage effect with its own dice rolled (a
/// random move, the I lost).
fn effect_msg<R: Rng + ?Sized>(effect: &Effect, rng: &mut R, rolls: &mut Vec<RollFor>) -> Msg {
    let msg = Msg::new(effect.key());
    match effect {
        Effect::Coordination { random_move, .. } => {
            let r = super::core::dice::roll_dice(rng, *random_move);
            kept(rolls, "battle.for.random_move", &r);
            Msg::new("robot.effect.with_move")
                .msg("effect", msg)
                .int("inches", r.total)
        }
        Effect::Power {
            initiative_loss, ..
        } => {
            let r = super::core::dice::roll_dice(rng, *initiative_loss);
            kept(rolls, "battle.for.initiative_loss", &r);
            Msg::new("robot.effect.with_i_loss")
                .msg("effect", msg)
                .int("count", r.total)
        }
        _ => msg,
    }
}

/// Rolls `what` with the caller's dice.
pub fn roll<R: Rng + ?Sized>(
    rules: &RulesData,
    what: &TableRoll,
    rng: &mut R,
) -> Result<Rolled, Problem> {
    let mut rolls = Vec::new();
    let (outcome, wounds) = match what {
        TableRoll::RobotAim { int } => {
            let check = robots::roll_aim(&rules.robots, *int, rng);
            kept(&mut rolls, "battle.for.target_check", &check.roll);
            let key = if check.passed {
                "robot.aim.right"
            } else {
                "robot.aim.friend"
            };
            (Msg::new(key).int("int", *int), 0)
        }
        TableRoll::RobotDamage { lost } => {
            if *lost == 0 {
                return Err(Problem::new("ROB-8", "robot.no_damage"));
            }
            let sd = robots::roll_special_damage(&rules.robots, *lost, rng)
                .ok_or_else(|| Problem::new("ROB-8", "robot.no_damage"))?;
            kept(&mut rolls, "battle.for.trigger", &sd.trigger);
            if let Some(t) = &sd.table {
                kept(&mut rolls, "battle.for.damage_table", t);
            }
            let outcome = match &sd.effect {
                None => Msg::new("robot.damage.none"),
                Some(e) => {
                    Msg::new("robot.damage.effect").msg("effect", effect_msg(e, rng, &mut rolls))
                }
            };
            (outcome, 0)
        }
        TableRoll::RobotMalfunction { one_in } => {
            let m = robots::roll_malfunction(&rules.robots, *one_in, rng)?;
            kept(&mut rolls, "battle.for.malfunction", &m.check);
            if let Some(t) = &m.table {
                kept(&mut rolls, "battle.for.damage_table", t);
            }
            let outcome = match &m.effect {
                None => Msg::new("robot.malfunction.none"),
                Some(e) => Msg::new("robot.malfunction.effect")
                    .msg("effect", effect_msg(e, rng, &mut rolls))
                    .int("count", m.lasts_turns),
            };
            (outcome, 0)
        }
        TableRoll::FlyerDrop { level } => {
            let d = flyers::roll_drop(&rules.flyers, *level, false, rng)?;
            kept(&mut rolls, "battle.for.drop", &d.roll);
            let outcome = match &d.direction {
                None => Msg::new("flyer.drop.hit"),
                Some(dir) => {
                    kept(&mut rolls, "battle.for.direction", dir);
                    Msg::new("flyer.drop.miss")
                        .int("inches", d.distance)
                        .int("hour", dir.total)
                }
            };
            (outcome, 0)
        }
        TableRoll::FlyerCrash {
            level,
            falling_t,
            target_t,
        } => {
            let c = flyers::roll_crash(&rules.flyers, *level, rng)?;
            kept(&mut rolls, "battle.for.crash_damage", &c.damage);
            kept(&mut rolls, "battle.for.scatter", &c.scatter);
            kept(&mut rolls, "battle.for.direction", &c.direction);
            let damage = total(&c.damage);
            let mut outcome = Msg::new("flyer.crash.result")
                .int("count", damage)
                .int("inches", c.scatter.total)
                .int("hour", c.direction.total);
            if let Some(t) = target_t {
                let i = flyers::roll_impact(&rules.flyers, *level, *falling_t, *t, rng)?;
                kept(&mut rolls, "battle.for.impact", &i.roll);
                outcome = Msg::new("flyer.crash.with_impact")
                    .msg("crash", outcome)
                    .int("count", i.damage);
            }
            (outcome, damage)
        }
        TableRoll::Jump(jump) => {
            let j = actions::roll_jump(rules, jump, rng)?;
            kept(&mut rolls, "battle.for.dangerous_terrain", &j.test.roll);
            if let Some(r) = &j.wounds_roll {
                kept(&mut rolls, "battle.for.mortal_wounds", r);
            }
            let outcome = if j.dead {
                Msg::new("kt.jump.dead")
            } else if j.fell {
                Msg::new("kt.jump.fell").int("count", j.wounds)
            } else {
                Msg::new("kt.jump.landed").int("count", j.wounds)
            };
            (outcome, j.wounds)
        }
        TableRoll::Grenade(attack) => {
            let g = actions::roll_grenade(rules, attack, rng)?;
            rolls.extend(g.rolls);
            (
                Msg::new("kt.grenade.rolled")
                    .int("shots", g.shots)
                    .int("hits", g.hits)
                    .int("count", g.wounds),
                g.wounds,
            )
        }
        TableRoll::Charge(charge) => {
            let c = actions::roll_charge(rules, charge, rng);
            kept(&mut rolls, "battle.for.charge", &c.reach.roll);
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
        TableRoll::Initiative { players } => {
            let i = super::killteam::turn::roll_initiative(&rules.killteam.turn, *players, rng)?;
            for round in &i.rounds {
                for r in round.iter().flatten() {
                    kept(&mut rolls, "battle.for.initiative", r);
                }
            }
            (
                Msg::new("kt.initiative.won")
                    .int("player", i.winner + 1)
                    .int("count", i.rounds.len()),
                0,
            )
        }
        TableRoll::Melee(m) => {
            let (dice, outcome, wounds) = super::close_combat::roll::roll(rules, m, rng)?;
            rolls.extend(dice);
            (outcome, wounds)
        }
    };
    Ok(Rolled {
        rolls,
        outcome,
        wounds,
    })
}
