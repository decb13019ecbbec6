//! The close-combat rolls of the battle screen after the blows (CC-15,
//! CC-18, CC-19, CC-21): the winners' test to stay, a fighter breaking off
//! and the free blows struck at him, a creature's several attack types, and
//! a test of Ld, Int, Cl or WP. Each keeps every die with what it was for
//! and says what happened as a message, so the battle log shows it and the
//! same seed gives the same line. The rules are the chapter's (`close_combat`).

use rand::Rng;

use crate::rules::close_combat::odds::Fighter;
use crate::rules::close_combat::{self, AttackKind, AttackType, Size};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::dice::{Roll, RollFor};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// Whether a large adult male Catachan Devil has extra claws (CC-19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Claws {
    /// No extra claws (the only choice for a small or medium Devil).
    #[default]
    None,
    /// Two ordinary extra claws.
    Claws,
    /// A "fiddler": one big claw and one ordinary claw.
    Fiddler,
    /// Not known: the chances of the data are rolled first.
    Unknown,
}

impl Claws {
    /// What `devil_attacks` takes; `Unknown` has no answer before its roll.
    pub fn known(self) -> Option<Option<bool>> {
        match self {
            Self::None => Some(None),
            Self::Claws => Some(Some(false)),
            Self::Fiddler => Some(Some(true)),
            Self::Unknown => None,
        }
    }
}

/// A Catachan Devil attacking (CC-19).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DevilAttack {
    /// Its size.
    pub size: Size,
    /// Its extra claws.
    pub claws: Claws,
    /// Its WS, S and situation (the blows' A come from its attack types).
    pub by: Fighter,
    /// The model it attacks.
    pub on: Fighter,
    /// The target is living (the tail's 1D6).
    pub living: bool,
}

impl DevilAttack {
    /// The exact distribution of the wounds it causes: for unknown claws,
    /// the mixture by the data's chances (CC-19).
    pub fn wounds(&self, rules: &RulesData) -> Result<Vec<f64>, Problem> {
        match self.claws.known() {
            Some(claws) => close_combat::creature_wounds(
                rules,
                &self.by,
                &close_combat::devil_attacks(rules, self.size, claws)?,
                &self.on,
                self.living,
            ),
            None if self.size == Size::Large => {
                close_combat::large_devil_wounds(rules, &self.by, &self.on, self.living)
            }
            None => Err(Problem::new("CC-19", "problem.claws_large_only")),
        }
    }
}

/// What to roll.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum MeleeRoll {
    /// The winners want to stay: 2D6 against their Ld (CC-15).
    StayTest {
        /// The winners' Ld.
        ld: i32,
    },
    /// A fighter in combat at the start of its turn breaks off (CC-18):
    /// its rout test, then its move.
    BreakOff {
        /// Its leader's Ld.
        ld: i32,
        /// Its M.
        m: u32,
        /// A robot takes no rout test (ROB-3).
        robot: bool,
    },
    /// One opponent's free blows on a fighter breaking off (CC-18).
    FreeBlow {
        /// The opponent striking.
        by: Fighter,
        /// The fighter breaking off.
        on: Fighter,
    },
    /// A Catachan Devil's attacks (CC-19).
    Devil(DevilAttack),
    /// A test of Ld, Int, Cl or WP (CC-21).
    Test {
        /// Which characteristic.
        characteristic: Characteristic,
        /// Its value.
        value: i32,
    },
}

/// The locale key naming an attack kind.
pub fn kind_key(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Stomp => "battle.cc.kind.stomp",
        AttackKind::Bite => "battle.cc.kind.bite",
        AttackKind::Gore => "battle.cc.kind.gore",
        AttackKind::Claw => "battle.cc.kind.claw",
        AttackKind::Tail => "battle.cc.kind.tail",
        AttackKind::Tentacle => "battle.cc.kind.tentacle",
        AttackKind::Weapon => "battle.cc.kind.weapon",
    }
}

/// The locale key naming a characteristic in full.
pub fn characteristic_key(c: Characteristic) -> String {
    format!("chr.{}", c.key())
}

fn kept(rolls: &mut Vec<RollFor>, purpose: &'static str, roll: &Roll) {
    rolls.push(RollFor {
        purpose,
        roll: roll.clone(),
    });
}

/// Rolls a creature's attack types, keeping every die; the outcome names
/// the wounds of each type.
fn creature<R: Rng + ?Sized>(
    rules: &RulesData,
    by: &Fighter,
    attacks: &[AttackType],
    on: &Fighter,
    living: bool,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Vec<Msg>, u32), Problem> {
    let typed = close_combat::roll_creature(rules, by, attacks, on, living, rng)?;
    let mut parts = Vec::new();
    let mut wounds = 0;
    for (t, a) in typed.into_iter().zip(attacks) {
        parts.push(
            Msg::new("battle.cc.creature.type")
                .key("kind", kind_key(t.kind))
                .int("blows", a.count)
                .int("count", t.wounds),
        );
        wounds += t.wounds;
        rolls.extend(t.dice);
    }
    Ok((parts, wounds))
}

/// Rolls `what` with the caller's dice: every die, what happened, and the
/// wounds caused.
pub fn roll<R: Rng + ?Sized>(
    rules: &RulesData,
    what: &MeleeRoll,
    rng: &mut R,
) -> Result<(Vec<RollFor>, Msg, u32), Problem> {
    let mut rolls = Vec::new();
    let (outcome, wounds) = match what {
        MeleeRoll::StayTest { ld } => (stay_test(rules, *ld, rng, &mut rolls), 0),
        MeleeRoll::BreakOff { ld, m, robot } => {
            (break_off(rules, *ld, *m, *robot, rng, &mut rolls)?, 0)
        }
        MeleeRoll::FreeBlow { by, on } => free_blow(rules, by, on, rng, &mut rolls)?,
        MeleeRoll::Devil(d) => devil(rules, d, rng, &mut rolls)?,
        MeleeRoll::Test {
            characteristic,
            value,
        } => (test(rules, *characteristic, *value, rng, &mut rolls)?, 0),
    };
    Ok((rolls, outcome, wounds))
}

/// The winners' test to stay (CC-15): 2D6 against their Ld.
fn stay_test<R: Rng + ?Sized>(
    rules: &RulesData,
    ld: i32,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Msg {
    let check = close_combat::roll_stay_test(rules, ld, rng);
    kept(rolls, "battle.for.stay_test", &check.roll);
    let key = if check.passed {
        "battle.cc.stay.passed"
    } else {
        "battle.cc.stay.failed"
    };
    Msg::new(key).int("ld", ld).int("total", check.roll.total)
}

/// A fighter breaking off (CC-18): its rout test, then how far it moves or
/// routs.
fn break_off<R: Rng + ?Sized>(
    rules: &RulesData,
    ld: i32,
    m: u32,
    robot: bool,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<Msg, Problem> {
    let b = close_combat::break_off(rules, true, ld, m, robot, rng)?;
    Ok(match (&b.test, b.move_up_to) {
        (None, Some(inches)) => Msg::new("battle.cc.break_off.robot").int("inches", inches),
        (Some(t), Some(inches)) => {
            kept(rolls, "battle.for.rout_test", &t.check.roll);
            Msg::new("battle.cc.break_off.passed")
                .int("ld", ld)
                .int("total", t.check.roll.total)
                .int("inches", inches)
        }
        (Some(t), None) => {
            kept(rolls, "battle.for.rout_test", &t.check.roll);
            let rout = t.routs.unwrap_or(close_combat::Rout {
                move_now_inches: rules.close_combat.rout_move_inches,
                rate_multiplier: rules.close_combat.rout_rate_multiplier,
                ws_in_combat: 1,
            });
            Msg::new("battle.cc.break_off.routs")
                .int("ld", ld)
                .int("total", t.check.roll.total)
                .int("inches", rout.move_now_inches)
                .int("times", rout.rate_multiplier)
        }
        (None, None) => {
            return Err(Problem::new("CC-18", "problem.not_in_combat_at_start"));
        }
    })
}

/// One opponent's free blows on a fighter breaking off (CC-18); the wounds.
fn free_blow<R: Rng + ?Sized>(
    rules: &RulesData,
    by: &Fighter,
    on: &Fighter,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, u32), Problem> {
    // CC-18: a normal blow, the count of the data whatever A,
    // against the data's WS, with no situation.
    let c = &rules.close_combat;
    let by = Fighter {
        modifiers: Vec::new(),
        ..by.clone()
    };
    let on = Fighter {
        ws: c.free_blow_defender_ws,
        ..on.clone()
    };
    let blow = AttackType {
        kind: AttackKind::Weapon,
        count: c.free_blows_per_model,
        damage: close_combat::Damage::Fixed(1),
    };
    let (_, wounds) = creature(rules, &by, &[blow], &on, true, rng, rolls)?;
    Ok((
        Msg::new("battle.cc.free_blow.rolled")
            .int("blows", c.free_blows_per_model)
            .int("ws", c.free_blow_defender_ws)
            .int("count", wounds),
        wounds,
    ))
}

/// A Catachan Devil's attacks (CC-19), its unknown claws rolled first; the
/// wounds.
fn devil<R: Rng + ?Sized>(
    rules: &RulesData,
    d: &DevilAttack,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<(Msg, u32), Problem> {
    let claws = match d.claws.known() {
        Some(c) => c,
        None => roll_claws(rules, d.size, rng, rolls)?,
    };
    let attacks = close_combat::devil_attacks(rules, d.size, claws)?;
    let (parts, wounds) = creature(rules, &d.by, &attacks, &d.on, d.living, rng, rolls)?;
    let claws_key = match claws {
        None => "battle.cc.devil.no_claws",
        Some(false) => "battle.cc.devil.claws",
        Some(true) => "battle.cc.devil.fiddler",
    };
    Ok((
        Msg::new("battle.cc.creature.rolled")
            .key("size", d.size.key())
            .key("claws", claws_key)
            .int("count", wounds)
            .list("types", parts),
        wounds,
    ))
}

/// A large Devil's extra claws, by the data's chances (CC-19): none, two
/// claws (`false`) or a fiddler (`true`).
fn roll_claws<R: Rng + ?Sized>(
    rules: &RulesData,
    size: Size,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<Option<bool>, Problem> {
    if size != Size::Large {
        return Err(Problem::new("CC-19", "problem.claws_large_only"));
    }
    let dv = &rules.close_combat.catachan_devil;
    let clawed = Roll::new(rng, 1, 100, 0);
    kept(rolls, "battle.for.extra_claws", &clawed);
    if clawed.total <= i32::try_from(dv.extra_claws_percent).unwrap_or(0) {
        let fiddler = Roll::new(rng, 1, 100, 0);
        kept(rolls, "battle.for.fiddler", &fiddler);
        Ok(Some(
            fiddler.total <= i32::try_from(dv.fiddler_percent_of_clawed).unwrap_or(0),
        ))
    } else {
        Ok(None)
    }
}

/// A test of Ld, Int, Cl or WP (CC-21).
fn test<R: Rng + ?Sized>(
    rules: &RulesData,
    characteristic: Characteristic,
    value: i32,
    rng: &mut R,
    rolls: &mut Vec<RollFor>,
) -> Result<Msg, Problem> {
    let check = close_combat::characteristic_test(rules, characteristic, value, rng)?;
    kept(rolls, "battle.for.test", &check.roll);
    let key = if check.passed {
        "battle.cc.test.passed"
    } else {
        "battle.cc.test.failed"
    };
    Ok(Msg::new(key)
        .key("characteristic", characteristic_key(characteristic))
        .int("value", value)
        .int("total", check.roll.total))
}
