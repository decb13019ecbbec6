//! Kill-team actions with rules of their own: throwing grenades (KT-14,
//! with the stick grenade EQ-29 and the Grenadier ribbon RIB-1) and jumping
//! between buildings, with the fall (KT-17).
//!
//! Pure: exact odds, and rolls with the caller's generator that keep every
//! die. Every number comes from `grenades` and `jump` in `killteam.json`.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::Soldier;
pub use super::data::{
    AutomaticWounds, ChargeRules, FallBand, FallFrom, GrenadeRules, JumpRules, Parachute,
    RopeSwing, Unseen, shots_dist,
};
use super::data::{KillTeamData, KtModifier};
use crate::rules::core::dice::{Amount, Check, DiceSpec, Roll, RollFor, amount_dice, roll_dice};
use crate::rules::core::dist::{Dist, add, dice_sum, fixed};
use crate::rules::core::odds::Odds;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::killteam::odds::{KtShot, ShotClass, attack_scored, killteam_attack};

// ------------------------------------------------------------------ KT-14

/// A grenade throw as the rules allow it (KT-14).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrenadeThrow {
    /// How far it reaches, in inches: twice the thrower's S (+4" with a
    /// stick grenade).
    pub range_inches: u32,
    /// Grenades thrown in the action: one, two for a Grenadier (RIB-1).
    pub grenades: u32,
    /// The shots of each grenade (`D3` when thrown unseen).
    pub shots: Amount,
    /// The shots are hits, with no roll to hit: thrown unseen, when the
    /// data's `unseen.rolled_to_hit` is false (KT-14).
    pub automatic_hits: bool,
}

/// What a soldier throwing a grenade brings to it (KT-14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thrower {
    /// His S.
    pub strength: i32,
    /// He carries a stick grenade (EQ-29).
    pub stick: bool,
    /// He has the Grenadier ribbon (RIB-1).
    pub grenadier: bool,
    /// He sees the target.
    pub sees_target: bool,
    /// Grenade actions he has already taken this turn.
    pub grenade_actions_taken: u32,
}

impl Thrower {
    /// Soldier `s`, of S `strength`, throwing: a stick grenade is the item
    /// the data gives rule EQ-29, the Grenadier the ribbon of RIB-1; he
    /// sees the target and has thrown none yet this turn.
    pub fn of(data: &KillTeamData, s: &Soldier, strength: i32) -> Self {
        Self {
            strength,
            stick: carries_rule(data, s, "EQ-29"),
            grenadier: s
                .ribbon
                .as_ref()
                .and_then(|r| data.ribbon(r))
                .is_some_and(|r| r.rule == "RIB-1"),
            sees_target: true,
            grenade_actions_taken: 0,
        }
    }
}

/// Whether soldier `s` carries an item the data gives rule `rule`.
fn carries_rule(data: &KillTeamData, s: &Soldier, rule: &str) -> bool {
    s.items
        .iter()
        .filter_map(|c| data.item(&c.item))
        .any(|i| i.rule == rule)
}

/// A grenade throw (KT-14): refused when the soldier has already taken his
/// grenade action this turn ("only one grenade per turn"); its range is
/// twice his S (+4" with a stick grenade); thrown without seeing the target
/// the weapon's D6 shots become D3, rolled to hit or hits as the data's
/// `unseen.rolled_to_hit` says; a Grenadier throws two in the action.
pub fn grenade_throw(
    rules: &RulesData,
    weapon_shots: &Amount,
    thrower: &Thrower,
) -> Result<GrenadeThrow, Problem> {
    let g = &rules.killteam.grenades;
    if thrower.grenade_actions_taken >= g.grenade_actions_per_turn {
        return Err(Problem::new("KT-14", "kt.grenade_one_per_turn")
            .arg("count", g.grenade_actions_per_turn));
    }
    let s = u32::try_from(thrower.strength.max(0)).unwrap_or(0);
    let range_inches = s
        .saturating_mul(g.range_per_strength)
        .saturating_add(if thrower.stick {
            g.stick_bonus_inches
        } else {
            0
        });
    // Decision (spec KT-14): the D6 replaced is the weapon's D6 shots.
    let replaced = !thrower.sees_target && *weapon_shots == g.unseen.from;
    let shots = if replaced {
        g.unseen.to.clone()
    } else {
        weapon_shots.clone()
    };
    Ok(GrenadeThrow {
        automatic_hits: replaced && !g.unseen.rolled_to_hit,
        range_inches,
        grenades: if thrower.grenadier {
            g.grenadier_grenades
        } else {
            1
        },
        shots,
    })
}

/// What a grenade hits with, and what it is thrown at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GrenadeAttack {
    /// The grenade's shots as its profile gives them (`D6`, `1`).
    pub shots: Amount,
    /// Its S.
    pub s: i32,
    /// Its AP.
    pub ap: i32,
    /// Damage per unsaved wound: a number or dice (`D3`).
    pub damage: Amount,
    /// The distance to the target, in inches.
    pub range: u32,
    /// The target's T.
    pub t: i32,
    /// The target's save, if any.
    pub save: Option<i32>,
    /// The dice the save is rolled on, added (2 for a Terminator, KT-19).
    #[serde(default = "one_die")]
    pub save_dice: u32,
    /// The target is in cover.
    pub cover: bool,
    /// The situation (KT-13).
    pub modifiers: Vec<KtModifier>,
    /// The target's wounds left: damage beyond them is lost.
    #[serde(default)]
    pub wounds_left: Option<u32>,
    /// Who throws it.
    pub thrower: Thrower,
}

fn one_die() -> u32 {
    1
}

/// The total shots of a throw: each grenade's, added.
fn throw_shots(throw: &GrenadeThrow) -> Result<Dist, Problem> {
    let one = shots_dist(&throw.shots)?;
    let mut all = fixed(0);
    for _ in 0..throw.grenades {
        all = add(&all, &one);
    }
    Ok(all)
}

/// The exact odds of a grenade attack (KT-14 with KT-12, KT-13, KT-16):
/// the shots rolled, then each shot as any other. Refused beyond the
/// grenade's range, or as a second grenade action in the turn.
pub fn grenade_odds(rules: &RulesData, attack: &GrenadeAttack) -> Result<Odds, Problem> {
    let throw = grenade_throw(rules, &attack.shots, &attack.thrower)?;
    if attack.range > throw.range_inches {
        return Err(Problem::new("KT-14", "kt.grenade_out_of_range")
            .arg("range", attack.range)
            .arg("reach", throw.range_inches));
    }
    let shot = KtShot {
        class: ShotClass::Normal,
        range_inches: attack.range,
        shots: throw_shots(&throw)?,
        s: attack.s,
        ap: attack.ap,
        damage: shots_dist(&attack.damage)?,
        toughness: attack.t,
        save: attack.save,
        save_dice: attack.save_dice,
        cover: attack.cover,
        flame: false,
        modifiers: attack.modifiers.clone(),
        wounds_left: attack.wounds_left,
    };
    if throw.automatic_hits {
        // A score of 1: every shot hits, with no die.
        attack_scored(rules, &shot, Some(1))
    } else {
        killteam_attack(rules, &shot)
    }
}

/// A grenade attack rolled: the shots, then every shot.
#[derive(Clone, Debug, PartialEq)]
pub struct GrenadeRoll {
    /// The dice of the number of shots, one roll per grenade (none for a
    /// fixed number).
    pub shot_rolls: Vec<Roll>,
    /// The shots made.
    pub shots: u32,
    /// Every die of the shots, with what it was for.
    pub rolls: Vec<RollFor>,
    /// Shots that hit.
    pub hits: u32,
    /// Damage caused.
    pub wounds: u32,
}

/// Rolls a grenade attack (KT-14): the shots of each grenade, then each
/// shot's hit, wound and save.
pub fn roll_grenade<R: Rng + ?Sized>(
    rules: &RulesData,
    attack: &GrenadeAttack,
    rng: &mut R,
) -> Result<GrenadeRoll, Problem> {
    let odds = grenade_odds(rules, attack)?;
    let throw = grenade_throw(rules, &attack.shots, &attack.thrower)?;
    let mut shot_rolls = Vec::new();
    let mut rolls = Vec::new();
    let mut shots = 0u32;
    for _ in 0..throw.grenades {
        match amount_dice(&throw.shots)? {
            Ok(n) => shots = shots.saturating_add(n),
            Err(d) => {
                let r = roll_dice(rng, d);
                shots = shots.saturating_add(u32::try_from(r.total.max(0)).unwrap_or(0));
                rolls.push(RollFor {
                    purpose: "battle.for.shots",
                    roll: r.clone(),
                });
                shot_rolls.push(r);
            }
        }
    }
    let damage = amount_dice(&attack.damage)?;
    let attacks = odds.roll_attacks(shots, damage, rng, &mut rolls);
    let hits = u32::try_from(attacks.iter().filter(|a| a.hit).count()).unwrap_or(u32::MAX);
    let wounds: u32 = attacks.iter().map(|a| a.wounds).sum();
    // Damage beyond the target's wounds left is lost.
    let wounds = attack.wounds_left.map_or(wounds, |w| wounds.min(w));
    Ok(GrenadeRoll {
        shot_rolls,
        shots,
        rolls,
        hits,
        wounds,
    })
}

// ------------------------------------------------------------------ KT-17

/// How a soldier crosses: a jump (KT-17), a swing on a rope and grapnel
/// (EQ-22), or a parachute landing (EQ-25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JumpKind {
    /// A jump between buildings (KT-17).
    #[default]
    Jump,
    /// A swing on a rope and grapnel (EQ-22).
    RopeSwing,
    /// A parachute landing (EQ-25).
    Parachute,
}

impl JumpKind {
    /// How soldier `s` goes from one building to another: with the item
    /// of rule EQ-22 he swings on a rope, with that of EQ-25 he lands by
    /// parachute; otherwise he jumps.
    pub fn of(data: &KillTeamData, s: &Soldier) -> Self {
        if carries_rule(data, s, "EQ-22") {
            Self::RopeSwing
        } else if carries_rule(data, s, "EQ-25") {
            Self::Parachute
        } else {
            Self::Jump
        }
    }
}

/// A jump from one building to another (KT-17), in inches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jump {
    /// Jump, swing or parachute.
    #[serde(default)]
    pub kind: JumpKind,
    /// The gap across.
    pub across: u32,
    /// The height he jumps from, above the ground.
    pub from_height: u32,
    /// The height he lands at, above the ground.
    pub to_height: u32,
}

impl Jump {
    /// How far he goes down (0 for a jump level or up).
    pub fn down(&self) -> u32 {
        self.from_height.saturating_sub(self.to_height)
    }

    /// The difference of height, up or down.
    pub fn height(&self) -> u32 {
        self.from_height.abs_diff(self.to_height)
    }
}

/// Checks a jump is allowed (KT-17): at most 6" across and 6" of height.
/// Decision: the height limit holds up and down, or up only as the data's
/// `max_height_both_ways` says. A rope swing (EQ-22) goes
/// at most 12" across, to any level; a parachute (EQ-25) has no limit here
/// (he lands 9" or more from any enemy: the players measure).
pub fn check_jump(rules: &RulesData, jump: &Jump) -> Result<(), Problem> {
    let j = &rules.killteam.jump;
    match jump.kind {
        JumpKind::Jump => {
            if jump.across > j.max_across_inches {
                return Err(Problem::new("KT-17", "kt.jump_too_wide")
                    .arg("across", jump.across)
                    .arg("max", j.max_across_inches));
            }
            let (height, key) = if j.max_height_both_ways {
                (jump.height(), "kt.jump_too_high")
            } else {
                let up = jump.to_height.saturating_sub(jump.from_height);
                (up, "kt.jump_too_high_up")
            };
            if height > j.max_height_inches {
                return Err(Problem::new("KT-17", key)
                    .arg("height", height)
                    .arg("max", j.max_height_inches));
            }
        }
        JumpKind::RopeSwing => {
            if jump.across > j.rope_swing.max_across_inches {
                return Err(Problem::new("EQ-22", "kt.jump_too_wide")
                    .arg("across", jump.across)
                    .arg("max", j.rope_swing.max_across_inches));
            }
        }
        JumpKind::Parachute => {}
    }
    Ok(())
}

/// The wounds of a fall from `height` inches (KT-17): 1 from 3", 1D3 from
/// 3" to 6", `None` (dead) from higher.
pub fn fall_wounds(rules: &RulesData, height: u32) -> Option<DiceSpec> {
    let j = &rules.killteam.jump;
    j.falls
        .iter()
        .find(|b| b.up_to_inches.is_none_or(|up| height <= up))
        .and_then(|b| b.wounds)
}

/// The wounds a jump costs whatever the test (KT-17): 1D3 for a jump from
/// a height of more than 3", up to 6", as the source says ("s'il saute entre
/// 3 et 6ps de hauteur"), whether he lands lower, level or higher.
pub fn automatic_wounds(rules: &RulesData, jump: &Jump) -> Option<DiceSpec> {
    if jump.kind != JumpKind::Jump {
        // EQ-22: no automatic wounds on a rope; EQ-25: none by parachute.
        return None;
    }
    let a = rules.killteam.jump.automatic;
    let from = jump.from_height;
    (from > a.over_inches && from <= a.up_to_inches).then_some(a.wounds)
}

/// The exact odds of a jump (KT-17).
#[derive(Clone, Debug, PartialEq)]
pub struct JumpOdds {
    /// The chance he falls (the dangerous terrain test failed).
    pub fall: f64,
    /// The chance he dies of the fall.
    pub dead: f64,
    /// `wounds[k]`: the chance he lives with exactly `k` mortal wounds
    /// (all of them add up to `1 - dead`).
    pub wounds: Dist,
    /// The wounds of a fall; `None`: a fall kills him.
    pub fall_wounds: Option<DiceSpec>,
    /// The wounds the jump costs if he does not fall (and on top of a
    /// fall's when the data adds them).
    pub automatic: Option<DiceSpec>,
}

impl JumpOdds {
    /// The chance a soldier of `wounds_left` wounds is taken out: dead of
    /// the fall, or as many mortal wounds as he has left.
    pub fn out_of_action(&self, wounds_left: u32) -> f64 {
        let k = usize::try_from(wounds_left).unwrap_or(usize::MAX);
        self.dead + self.wounds.iter().skip(k).sum::<f64>()
    }
}

fn spec_dist(d: DiceSpec) -> Dist {
    dice_sum(d.count, d.sides)
}

/// The height a fall of `jump` is measured from (KT-17, Decision): the
/// take-off or the landing height, as the data's `fall_from` says.
pub fn fall_height(rules: &RulesData, jump: &Jump) -> u32 {
    match rules.killteam.jump.fall_from {
        FallFrom::TakeOff => jump.from_height,
        FallFrom::Landing => jump.to_height,
    }
}

/// The exact odds of a jump (KT-17): on a failed dangerous terrain test he
/// falls from the height the data's `fall_from` names (Decision: the
/// take-off) and takes the fall's wounds, the automatic ones too when the
/// data's `automatic_added_to_fall` says so (Decision: not); otherwise he
/// lands, paying the automatic wounds.
pub fn jump_odds(rules: &RulesData, jump: &Jump) -> Result<JumpOdds, Problem> {
    check_jump(rules, jump)?;
    let j = &rules.killteam.jump;
    let fall = f64::from(j.falls_on.min(j.test_die)) / f64::from(j.test_die.max(1));
    // Decision (spec KT-17): he falls from the height the data names; a
    // failed parachute landing costs its own wounds (EQ-25).
    let fall_wounds = match jump.kind {
        JumpKind::Parachute => Some(j.parachute.wounds),
        JumpKind::Jump | JumpKind::RopeSwing => fall_wounds(rules, fall_height(rules, jump)),
    };
    let automatic = automatic_wounds(rules, jump);
    let landed = automatic.map_or_else(|| fixed(0), spec_dist);
    let mut wounds: Dist = landed.iter().map(|p| p * (1.0 - fall)).collect();
    let dead = match fall_wounds {
        None => fall,
        Some(d) => {
            let f = if j.automatic_added_to_fall {
                add(&spec_dist(d), &landed)
            } else {
                spec_dist(d)
            };
            if wounds.len() < f.len() {
                wounds.resize(f.len(), 0.0);
            }
            for (k, p) in f.iter().enumerate() {
                wounds[k] += fall * p;
            }
            0.0
        }
    };
    Ok(JumpOdds {
        fall,
        dead,
        wounds,
        fall_wounds,
        automatic,
    })
}

/// A jump rolled (KT-17).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpRoll {
    /// The dangerous terrain test: passed, he did not fall.
    pub test: Check,
    /// The wounds die of the fall or of the jump from a height, if any.
    pub wounds_roll: Option<Roll>,
    /// The jump's automatic wounds die rolled on top of a fall's, when the
    /// data adds them (`automatic_added_to_fall`).
    pub automatic_roll: Option<Roll>,
    /// He fell.
    pub fell: bool,
    /// He died of the fall.
    pub dead: bool,
    /// Mortal wounds taken (0 when dead: he is out whatever his wounds).
    pub wounds: u32,
}

/// Rolls a jump (KT-17): the dangerous terrain test, then the fall's or the
/// jump's automatic wounds (after a fall, the automatic ones too when the
/// data adds them).
pub fn roll_jump<R: Rng + ?Sized>(
    rules: &RulesData,
    jump: &Jump,
    rng: &mut R,
) -> Result<JumpRoll, Problem> {
    let odds = jump_odds(rules, jump)?;
    let j = &rules.killteam.jump;
    let roll = Roll::new(rng, 1, j.test_die, 0);
    let fell = u32::try_from(roll.total).unwrap_or(0) <= j.falls_on;
    let test = Check {
        roll,
        passed: !fell,
    };
    let dice = if fell {
        odds.fall_wounds
    } else {
        odds.automatic
    };
    let dead = fell && odds.fall_wounds.is_none();
    let wounds_roll = if dead {
        None
    } else {
        dice.map(|d| roll_dice(rng, d))
    };
    let automatic_roll = if fell && !dead && j.automatic_added_to_fall {
        odds.automatic.map(|d| roll_dice(rng, d))
    } else {
        None
    };
    let wounds = [&wounds_roll, &automatic_roll]
        .into_iter()
        .flatten()
        .map(|r| u32::try_from(r.total.max(0)).unwrap_or(0))
        .sum();
    Ok(JumpRoll {
        test,
        wounds_roll,
        automatic_roll,
        fell,
        dead,
        wounds,
    })
}

// ------------------------------------------------------------- KT-9, EQ-13

/// A charge at an enemy `distance` inches away, with a bayonet or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    /// How far the target is, in inches.
    pub distance: u32,
    /// The charger carries a bayonet (EQ-13).
    pub bayonet: bool,
}

/// The chance a charge reaches (KT-9): 6" + D6 at least the distance.
pub fn charge_chance(rules: &RulesData, charge: &Charge) -> f64 {
    let c = &rules.killteam.charge;
    let need = charge.distance.saturating_sub(c.base_inches);
    dice_sum(c.die.count, c.die.sides)
        .iter()
        .enumerate()
        .filter(|&(total, _)| u32::try_from(total).unwrap_or(u32::MAX) >= need)
        .map(|(_, p)| p)
        .sum()
}

/// A charge rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChargeRoll {
    /// The reach die, and whether it reached.
    pub reach: Check,
    /// The reach in inches.
    pub inches: u32,
    /// Mortal wounds the target takes before the fight (EQ-13).
    pub wounds: u32,
}

/// Rolls a charge (KT-9): the reach; a bayonet's wound if it reaches
/// (EQ-13). The target's free response is fought as close combat.
pub fn roll_charge<R: Rng + ?Sized>(rules: &RulesData, charge: &Charge, rng: &mut R) -> ChargeRoll {
    let c = &rules.killteam.charge;
    let roll = roll_dice(rng, c.die);
    let inches = c.base_inches + u32::try_from(roll.total.max(0)).unwrap_or(0);
    let reached = inches >= charge.distance;
    let wounds = if reached && charge.bayonet {
        c.bayonet_mortal_wounds
    } else {
        0
    };
    ChargeRoll {
        reach: Check {
            roll,
            passed: reached,
        },
        inches,
        wounds,
    }
}
