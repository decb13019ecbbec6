//! The close-combat chapter (CC-1 … CC-21). Its data (`data`), who fights
//! with what (`engagement`, CC-3, CC-4), the odds of the blows and of a
//! round between two models (`odds`, CC-7 … CC-13), of a round between two
//! units (`unit_round`, CC-7, CC-13), a combat fought to the end
//! (`simulate`) and its exact odds where they can be followed
//! (`fight_exact`), the battle screen's rolls after the blows (`roll`).
//!
//! Here: the charge (CC-1, CC-2) and close combat after the blows (CC-13 …
//! CC-21): the round's result, push back, follow up and its Ld test, tangled
//! combats, breaking off with its free blows, creatures with several attack
//! types and dice damage, rout tests and characteristic tests. Exact chances
//! and seeded rolls; every value that is Assumed or a Decision comes from
//! `close_combat.json`.

use rand::Rng;
use serde::{Deserialize, Serialize};

pub mod data;
pub mod engagement;
pub mod fight_exact;
pub mod odds;
pub mod roll;
pub mod simulate;
pub mod unit_round;

use crate::rules::close_combat::odds::{Blows, CcModifier, Fighter, close_combat};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::dice::{Check, Roll, RollFor, roll_at_most};
use crate::rules::core::dist::{Dist, add, chance_at_most, fixed};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
pub use data::{
    Arc, AttackKind, AttackType, CcLimits, CloseCombatRules, Damage, DevilRules, DevilSize, Size,
};

fn cc(rules: &RulesData) -> &CloseCombatRules {
    &rules.close_combat
}

// ---------------------------------------------------------------- CC-1 … CC-5

/// A charger's maximum move (CC-1): M doubled, before terrain and
/// encumbrance (the caller's). Any move into contact is a charge.
pub fn charge_reach(rules: &RulesData, m: u32) -> u32 {
    m.saturating_mul(cc(rules).charge_move_multiplier)
}

/// What a charged model does (CC-2): never both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeReaction {
    /// Turns to face: no effect on its later moves or shooting.
    Face,
    /// Stands and shoots, before the chargers move.
    StandAndShoot,
    /// Flees directly away.
    Flee,
}

/// What a reaction gives (CC-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Reaction {
    /// The to-hit modifier of its shots.
    pub to_hit: i32,
    /// Inches it flees.
    pub flee_inches: u32,
}

/// A charged model's reaction (CC-2): stand and shoot is refused with a slow
/// (`S`-type) weapon; a flee that does not escape is an automatic rout (the
/// caller measures it).
pub fn charge_reaction(
    rules: &RulesData,
    reaction: ChargeReaction,
    m: u32,
    slow_weapon: bool,
) -> Result<Reaction, Problem> {
    let c = cc(rules);
    match reaction {
        ChargeReaction::Face => Ok(Reaction {
            to_hit: 0,
            flee_inches: 0,
        }),
        ChargeReaction::StandAndShoot if slow_weapon => {
            Err(Problem::new("CC-2", "problem.slow_weapon_stand_and_shoot"))
        }
        ChargeReaction::StandAndShoot => Ok(Reaction {
            to_hit: c.stand_and_shoot_to_hit,
            flee_inches: 0,
        }),
        ChargeReaction::Flee => Ok(Reaction {
            to_hit: 0,
            flee_inches: m.saturating_mul(c.flee_move_multiplier),
        }),
    }
}

/// A model with a weapon in each hand (CC-5): its A with each weapon, all at
/// -1 (CC-9), the off hand's at -1 more. Returns `(blows, modifiers)` for the
/// main hand and for the off hand, after the model's own `modifiers`.
pub fn two_weapons(a: u32, modifiers: &[CcModifier]) -> [(u32, Vec<CcModifier>); 2] {
    let mut main = modifiers.to_vec();
    main.push(CcModifier::TwoWeapons);
    let mut off = main.clone();
    off.push(CcModifier::WrongHand);
    [(a, main), (a, off)]
}

// ---------------------------------------------------------------- CC-13 … CC-16

/// A unit's result in a round (CC-13, CC-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundResult {
    /// Caused more wounds than it received: it pushes back.
    Won,
    /// Received more than it caused: it is pushed back.
    Lost,
    /// Equal wounds, or a tangled combat: nobody moves.
    Draw,
}

/// The result of one unit against one enemy unit (CC-13).
pub fn result(caused: u32, received: u32) -> RoundResult {
    match caused.cmp(&received) {
        std::cmp::Ordering::Greater => RoundResult::Won,
        std::cmp::Ordering::Less => RoundResult::Lost,
        std::cmp::Ordering::Equal => RoundResult::Draw,
    }
}

/// A unit's result against every enemy unit it fights (CC-16): one that
/// pushes back one unit and is pushed back by another draws, its models
/// stay in place. Otherwise, lost against any → lost; won against any → won.
// Decision: a win against one unit and a draw against another is a win
// (it pushes the beaten unit back); a loss and a draw is a loss.
pub fn unit_result(against_each: &[RoundResult]) -> RoundResult {
    let won = against_each.contains(&RoundResult::Won);
    let lost = against_each.contains(&RoundResult::Lost);
    match (won, lost) {
        (true, true) | (false, false) => RoundResult::Draw,
        (true, false) => RoundResult::Won,
        (false, true) => RoundResult::Lost,
    }
}

/// A pushed-back model's move (CC-14).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PushBack {
    /// Inches moved away, still facing the opponents.
    pub inches: f64,
    /// Stopped by a wall, door, window or building: still pushed back.
    pub against_wall: bool,
}

/// Pushes back one model of the losing unit still in contact (CC-14):
/// `room` is how far it can go before a wall, door, window or building, or
/// `None` when nothing stops it (terrain slowing it is the caller's).
// Decision: a model with less room than the push back moves what room it
// has and stops with its back to the wall, still counted as pushed back.
pub fn push_back(rules: &RulesData, room: Option<f64>) -> PushBack {
    let full = f64::from(cc(rules).push_back_inches);
    match room {
        Some(r) if r < full => PushBack {
            inches: r.max(0.0),
            against_wall: true,
        },
        _ => PushBack {
            inches: full,
            against_wall: false,
        },
    }
}

/// What the winners do after pushing back (CC-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FollowUp {
    /// They follow their opponents (and get +1 to hit next round, CC-9).
    Follow,
    /// Behind a defended position or obstacle: they stay.
    StayDefended,
    /// Their opponents were killed: they stay put for the turn.
    StayOpponentsKilled,
    /// They wanted to stay and passed the 2D6 test against Ld.
    StayPassedTest,
}

/// The chance that winners wanting to stay pass their test (CC-15).
pub fn stay_chance(rules: &RulesData, ld: i32) -> f64 {
    chance_at_most(cc(rules).follow_up_test, ld)
}

/// Rolls the winners' stay test (CC-15).
pub fn roll_stay_test<R: Rng + ?Sized>(rules: &RulesData, ld: i32, rng: &mut R) -> Check {
    roll_at_most(rng, cc(rules).follow_up_test, ld)
}

/// Rolls a test of Ld, Int, Cl or WP against `value` (CC-21): passed when
/// equal or under.
pub fn roll_characteristic_test<R: Rng + ?Sized>(
    rules: &RulesData,
    value: i32,
    rng: &mut R,
) -> Check {
    roll_at_most(rng, cc(rules).characteristic_test, value)
}

/// Whether the winners follow up (CC-15). `stay_test` is the test rolled
/// when they want to stay; it is refused when they must test and have not.
pub fn follow_up(
    behind_defended: bool,
    opponents_killed: bool,
    stay_test: Option<&Check>,
) -> FollowUp {
    if behind_defended {
        FollowUp::StayDefended
    } else if opponents_killed {
        FollowUp::StayOpponentsKilled
    } else if stay_test.is_some_and(|c| c.passed) {
        FollowUp::StayPassedTest
    } else {
        FollowUp::Follow
    }
}

// ---------------------------------------------------------------- CC-17

/// A model out of coherency after a combat (CC-17), as the game master rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Straggler {
    /// Still in combat: ignore coherency for now.
    IgnoreInCombat,
    /// It rejoins its unit next turn.
    RejoinNextTurn,
    /// Split off as a separate unit (with no orders if unintended).
    SplitOff {
        /// The split was not intended: the new unit has no orders.
        without_orders: bool,
    },
}

/// The game-master rulings on a straggler, in the source's order (CC-17).
pub fn straggler(in_combat: bool, can_rejoin_next_turn: bool, intended: bool) -> Straggler {
    if in_combat {
        Straggler::IgnoreInCombat
    } else if can_rejoin_next_turn {
        Straggler::RejoinNextTurn
    } else {
        Straggler::SplitOff {
            without_orders: !intended,
        }
    }
}

/// The group that stays the unit (CC-17): the leader's, else the largest
/// (the first of equal sizes). `groups` are sizes, `leader` the leader's group.
// Decision: of groups of equal size with no leader, the first listed.
pub fn unit_centre(groups: &[u32], leader: Option<usize>) -> Option<usize> {
    leader.filter(|&g| g < groups.len()).or_else(|| {
        groups
            .iter()
            .enumerate()
            .rev()
            .max_by_key(|&(_, n)| *n)
            .map(|(i, _)| i)
    })
}

// ---------------------------------------------------------------- CC-18, CC-20

/// Why a unit takes a rout test (CC-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoutReason {
    /// It lost a round of close combat.
    LostRound,
    /// Heavy casualties in one turn.
    HeavyCasualties,
    /// It breaks off (CC-18).
    BreakingOff,
    /// A rule or the game master says so.
    Ordered,
}

/// Whether a turn's casualties are heavy (CC-20): the percent of the data of
/// the unit as it was at the start of the turn.
pub fn heavy_casualties(rules: &RulesData, at_start: u32, casualties: u32) -> bool {
    at_start > 0
        && u64::from(casualties) * 100
            >= u64::from(at_start) * u64::from(cc(rules).heavy_casualties_percent)
}

/// A rout test's outcome (CC-20).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoutTest {
    /// Why it was taken.
    pub reason: RoutReason,
    /// The dice against the leader's Ld.
    pub check: Check,
    /// Failed: the unit moves this far away at once, then at
    /// `rate_multiplier` × its rate, and counts as WS 1 in combat.
    pub routs: Option<Rout>,
}

/// A routing unit's moves (CC-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rout {
    /// Inches moved away at once.
    pub move_now_inches: u32,
    /// Its rate is multiplied by this afterwards.
    pub rate_multiplier: u32,
    /// Its WS when caught in combat (CC-8).
    pub ws_in_combat: i32,
}

fn no_robots(robot: bool) -> Result<(), Problem> {
    if robot {
        return Err(Problem::new("CC-20", "problem.robot_no_rout_test"));
    }
    Ok(())
}

/// The chance that a unit led with `ld` passes a rout test (CC-20).
pub fn rout_pass_chance(rules: &RulesData, ld: i32, robot: bool) -> Result<f64, Problem> {
    no_robots(robot)?;
    Ok(chance_at_most(cc(rules).rout_test, ld))
}

/// Rolls a rout test against the leader's Ld (CC-20); robots never take it.
pub fn rout_test<R: Rng + ?Sized>(
    rules: &RulesData,
    reason: RoutReason,
    leader_ld: i32,
    robot: bool,
    rng: &mut R,
) -> Result<RoutTest, Problem> {
    no_robots(robot)?;
    let c = cc(rules);
    let check = roll_at_most(rng, c.rout_test, leader_ld);
    let routs = (!check.passed).then_some(Rout {
        move_now_inches: c.rout_move_inches,
        rate_multiplier: c.rout_rate_multiplier,
        ws_in_combat: 1,
    });
    Ok(RoutTest {
        reason,
        check,
        routs,
    })
}

/// A unit breaking off (CC-18).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BreakOff {
    /// Its rout test; `None` for robots, which never take one (ROB-3).
    pub test: Option<RoutTest>,
    /// Passed: it moves up to this many inches away and does nothing else
    /// this turn; its opponents stay put and strike their free blows.
    pub move_up_to: Option<u32>,
}

/// A unit in combat at the start of its turn tries to break off (CC-18).
pub fn break_off<R: Rng + ?Sized>(
    rules: &RulesData,
    in_combat_at_start: bool,
    leader_ld: i32,
    m: u32,
    robot: bool,
    rng: &mut R,
) -> Result<BreakOff, Problem> {
    if !in_combat_at_start {
        return Err(Problem::new("CC-18", "problem.not_in_combat_at_start"));
    }
    // Decision: robots never take a rout test (ROB-3), so a robot unit
    // breaks off without one, as if it had passed.
    let test = if robot {
        None
    } else {
        Some(rout_test(
            rules,
            RoutReason::BreakingOff,
            leader_ld,
            false,
            rng,
        )?)
    };
    let move_up_to = test
        .as_ref()
        .is_none_or(|t| t.routs.is_none())
        .then(|| m.saturating_mul(cc(rules).break_off_move_multiplier));
    Ok(BreakOff { test, move_up_to })
}

/// The wounds of one opponent's free blows on a model breaking off (CC-18):
/// one blow whatever its A, a normal blow against WS 1.
pub fn free_blow(rules: &RulesData, by: &Fighter, on: &Fighter) -> Result<Dist, Problem> {
    let c = cc(rules);
    let o = close_combat(
        rules,
        &Blows {
            attacker_ws: by.ws,
            strength: by.s,
            weapon: by.weapon(),
            blows: c.free_blows_per_model,
            defender_ws: c.free_blow_defender_ws,
            toughness: on.t,
            save: on.save,
            modifiers: &[],
            helpless: false,
        },
    )?;
    Ok(o.wounds)
}

// ---------------------------------------------------------------- CC-19

/// The exact distribution of the wounds a creature's attacks cause (CC-19):
/// each type's blows hit, wound and get through the save as one blow of
/// `by`'s profile; each unsaved hit deals its damage (dice summed).
/// `wounds[k]`: the chance of exactly `k` wounds (not capped).
pub fn creature_wounds(
    rules: &RulesData,
    by: &Fighter,
    attacks: &[AttackType],
    on: &Fighter,
    living: bool,
) -> Result<Dist, Problem> {
    let u = close_combat(rules, &by.blows_at(on, 0))?.unsaved;
    let mut total = fixed(0);
    for t in attacks {
        let dmg = t.damage.dist(living);
        // One blow: nothing with 1-u, the damage with u.
        let mut one: Dist = dmg.iter().map(|p| p * u).collect();
        if let Some(z) = one.first_mut() {
            *z += 1.0 - u;
        }
        for _ in 0..t.count {
            total = add(&total, &one);
        }
    }
    Ok(total)
}

/// The Devil's attacks for a size (CC-19): `claws` is `None` for no extra
/// claws, `Some(false)` for ordinary claws, `Some(true)` for a fiddler.
pub fn devil_attacks(
    rules: &RulesData,
    size: Size,
    claws: Option<bool>,
) -> Result<Vec<AttackType>, Problem> {
    let d = &cc(rules).catachan_devil;
    let mut out = d
        .sizes
        .iter()
        .find(|s| s.size == size)
        .map(|s| s.attacks.clone())
        .ok_or_else(|| {
            Problem::new("CC-19", "problem.unknown_devil_size").arg("size", size.as_str())
        })?;
    match claws {
        None => {}
        Some(_) if size != Size::Large => {
            return Err(Problem::new("CC-19", "problem.claws_large_only"));
        }
        Some(false) => out.push(d.extra_claws),
        Some(true) => out.extend(d.fiddler_claws.iter().copied()),
    }
    Ok(out)
}

/// The Devil of a size as the attacker (CC-19): `by`'s situation, with the
/// WS, S, A, T, W and I of the size's profile in the data, picked by its
/// size, not typed; its attacks are natural (no weapon, no save of its own).
pub fn devil_fighter(rules: &RulesData, size: Size, by: &Fighter) -> Result<Fighter, Problem> {
    let z = cc(rules)
        .catachan_devil
        .sizes
        .iter()
        .find(|z| z.size == size)
        .ok_or_else(|| {
            Problem::new("CC-19", "problem.unknown_devil_size").arg("size", size.as_str())
        })?;
    let p = &z.profile;
    let count = |c| u32::try_from(p.get(c).max(0)).unwrap_or(0);
    Ok(Fighter {
        ws: p.get(Characteristic::WS),
        s: p.get(Characteristic::S),
        weapon_s: None,
        weapon_save_modifier: None,
        a: count(Characteristic::A),
        t: p.get(Characteristic::T),
        w: count(Characteristic::W),
        i: p.get(Characteristic::I),
        save: None,
        modifiers: by.modifiers.clone(),
    })
}

/// The wounds of a large adult male Devil whose claws are not known: the
/// mixture of no claws, claws and a fiddler's claws by their chances (CC-19).
// Decision: a fiddler has its big claw (1D6) and one ordinary claw (1D4)
// instead of the two ordinary claws (values in close_combat.json).
pub fn large_devil_wounds(
    rules: &RulesData,
    by: &Fighter,
    on: &Fighter,
    living: bool,
) -> Result<Dist, Problem> {
    let d = &cc(rules).catachan_devil;
    let clawed = f64::from(d.extra_claws_percent) / 100.0;
    let fiddler = clawed * f64::from(d.fiddler_percent_of_clawed) / 100.0;
    let parts = [
        (1.0 - clawed, None),
        (clawed - fiddler, Some(false)),
        (fiddler, Some(true)),
    ];
    let mut out: Dist = Vec::new();
    for (p, claws) in parts {
        let w = creature_wounds(
            rules,
            by,
            &devil_attacks(rules, Size::Large, claws)?,
            on,
            living,
        )?;
        if out.len() < w.len() {
            out.resize(w.len(), 0.0);
        }
        for (k, q) in w.into_iter().enumerate() {
            out[k] += p * q;
        }
    }
    Ok(out)
}

/// One attack type's blows as rolled (CC-19).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TypeRoll {
    /// The attack type.
    pub kind: AttackKind,
    /// Every die, in order, with what it was for: to hit (and the second
    /// die of CC-10), to wound, save, damage (dice damage only: a fixed
    /// damage rolls nothing).
    pub dice: Vec<RollFor>,
    /// Wounds caused.
    pub wounds: u32,
}

/// Rolls a creature's attacks (CC-19), keeping every die.
pub fn roll_creature<R: Rng + ?Sized>(
    rules: &RulesData,
    by: &Fighter,
    attacks: &[AttackType],
    on: &Fighter,
    living: bool,
    rng: &mut R,
) -> Result<Vec<TypeRoll>, Problem> {
    let o = close_combat(rules, &by.blows_at(on, 0))?;
    let mut out = Vec::new();
    for t in attacks {
        let mut dice = Vec::new();
        let mut wounds = 0u32;
        for _ in 0..t.count {
            let mut d6 = |dice: &mut Vec<RollFor>, purpose: &'static str| {
                let roll = Roll::new(rng, 1, 6, 0);
                let f = roll.total;
                dice.push(RollFor { purpose, roll });
                f
            };
            let hit = match o.score_to_hit {
                None => false,
                Some(s) if s <= 6 => d6(&mut dice, "battle.for.hit") >= s,
                Some(s) => {
                    d6(&mut dice, "battle.for.hit") == 6
                        && d6(&mut dice, "battle.for.second_die") >= s - 3
                }
            };
            let wounded = hit
                && o.score_to_wound
                    .is_some_and(|s| d6(&mut dice, "battle.for.wound") >= s);
            let saved = wounded
                && o.score_to_save
                    .is_some_and(|s| d6(&mut dice, "battle.for.save") >= s);
            if wounded && !saved {
                let roll = t.damage.roll(rng, living);
                wounds += u32::try_from(roll.total.max(0)).unwrap_or(0);
                if !roll.faces.is_empty() {
                    dice.push(RollFor {
                        purpose: "battle.for.damage",
                        roll,
                    });
                }
            }
        }
        out.push(TypeRoll {
            kind: t.kind,
            dice,
            wounds,
        });
    }
    Ok(out)
}

// ---------------------------------------------------------------- CC-21

/// Whether a characteristic is tested on 2D6 (CC-21): Ld, Int, Cl, WP.
fn personal(c: Characteristic) -> Result<(), Problem> {
    match c {
        Characteristic::Ld | Characteristic::Int | Characteristic::Cl | Characteristic::WP => {
            Ok(())
        }
        _ => Err(Problem::new("CC-21", "problem.not_a_personal_characteristic").characteristic(c)),
    }
}

/// The chance to pass a test of Ld, Int, Cl or WP of `value` (CC-21).
pub fn characteristic_test_chance(
    rules: &RulesData,
    c: Characteristic,
    value: i32,
) -> Result<f64, Problem> {
    personal(c)?;
    Ok(chance_at_most(cc(rules).characteristic_test, value))
}

/// Rolls a test of Ld, Int, Cl or WP (CC-21).
pub fn characteristic_test<R: Rng + ?Sized>(
    rules: &RulesData,
    c: Characteristic,
    value: i32,
    rng: &mut R,
) -> Result<Check, Problem> {
    personal(c)?;
    Ok(roll_at_most(rng, cc(rules).characteristic_test, value))
}
