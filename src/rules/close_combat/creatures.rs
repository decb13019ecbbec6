//! Creatures with several attack types and dice damage (CC-19): a
//! creature's wounds, the devils' attacks and their fighter, a large
//! devil's claws, and each attack type's roll.

use rand::Rng;
use serde::Serialize;

use super::cc;
use super::data::{AttackKind, AttackType, Size};
use crate::rules::close_combat::odds::{Fighter, close_combat};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::dice::{Roll, RollFor};
use crate::rules::core::dist::{Dist, add, fixed};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

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
