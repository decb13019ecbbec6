//! Exact odds of kill-team shooting before rolling (KT-12, KT-13, KT-16):
//! the range band, the scores to hit, to wound and to save, the cover, and
//! the distribution of the damage of the whole shot. Every number comes
//! from the rules data.

use serde::{Deserialize, Serialize};

pub use super::data::KtModifier;
use super::data::{Band, Shooting, ShotGearValues};
use crate::rules::core::dist::{Dist, d6_at_least, dice_at_least, fixed};
pub use crate::rules::core::odds::Odds;
use crate::rules::core::odds::attack_wounds;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// The class of a kill-team shot (KT-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotClass {
    /// Most weapons.
    Normal,
    /// A sniper (EQ-2).
    Sniper,
    /// An indirect weapon.
    Indirect,
}

/// The place in `bands` of the band a range falls in (KT-12), `None` when
/// out of range: a range on a band's bound is in that band when the data's
/// `bands_include_upper_bound` says so (Decision), in the next one
/// otherwise, when there is one.
pub fn band_index(shooting: &Shooting, bands: &[Band], range_inches: u32) -> Option<usize> {
    let at = bands
        .iter()
        .position(|b| b.up_to.is_none_or(|up| range_inches <= up))?;
    let on_bound = bands[at].up_to == Some(range_inches);
    if on_bound && !shooting.bands_include_upper_bound && at + 1 < bands.len() {
        Some(at + 1)
    } else {
        Some(at)
    }
}

/// The band a range falls in (KT-12): `None` when out of range.
fn band(shooting: &Shooting, bands: &[Band], range_inches: u32) -> Option<Band> {
    band_index(shooting, bands, range_inches).map(|at| bands[at])
}

/// The score needed to wound in kill team (KT-16).
pub fn kt_wound_score(shooting: &Shooting, s: i32, t: i32) -> i32 {
    let w = shooting.wound_scores;
    if s >= 2 * t {
        w.double
    } else if s > t {
        w.greater
    } else if s == t {
        w.equal
    } else if 2 * s <= t {
        w.half
    } else {
        w.less
    }
}

/// What cover and the target's position add to its save (KT-7, KT-9,
/// KT-16, EQ-16, EQ-17): the cover bonus, with the `gear`'s cloak (EQ-16),
/// worsened from above (KT-7) and by an auspex in range (EQ-17) but never
/// below nothing unless the data says otherwise, plus lying prone (in
/// cover or not). Out of cover, the cloak counts only when the data says
/// it counts everywhere.
pub fn cover_bonus(
    shooting: &Shooting,
    gear: &ShotGearValues,
    range_inches: u32,
    cover: bool,
    modifiers: &[KtModifier],
) -> i32 {
    let has = |x: KtModifier| modifiers.contains(&x);
    let c = &shooting.cover;
    let cloak = if has(KtModifier::Cloak) {
        gear.cloak_cover
    } else {
        0
    };
    let mut bonus = 0;
    if cover {
        bonus = shooting.cover_bonus;
        if has(KtModifier::HigherPosition) {
            bonus += c.higher_position;
        }
        if has(KtModifier::Auspex) && range_inches <= c.auspex_range_inches {
            bonus += c.auspex;
        }
        // EQ-16: the cloak adds to the cover, before its floor.
        bonus += cloak;
        if c.never_below_open {
            bonus = bonus.max(0);
        }
    } else if !gear.cloak_in_cover_only {
        bonus = cloak;
    }
    if has(KtModifier::Prone) {
        bonus += if cover {
            c.prone_in_cover
        } else {
            c.prone_in_open
        };
    }
    bonus
}

/// One kill-team shooting attack (KT-12, KT-13, KT-16): `shots` shots of
/// strength `s`, AP `ap` and `damage` each, at `range_inches`; a save on
/// one die, cover counted, no cap on the damage.
#[allow(clippy::too_many_arguments)] // a shortcut for a fixed shot: `killteam_attack` takes a `KtShot`
pub fn killteam_shooting(
    rules: &RulesData,
    class: ShotClass,
    range_inches: u32,
    shots: u32,
    s: i32,
    ap: i32,
    damage: u32,
    toughness: i32,
    save: Option<i32>,
    cover: bool,
    modifiers: &[KtModifier],
) -> Result<Odds, Problem> {
    killteam_attack(
        rules,
        &KtShot {
            class,
            range_inches,
            shots: fixed(shots),
            s,
            ap,
            damage: fixed(damage),
            toughness,
            save,
            save_dice: 1,
            cover,
            flame: false,
            modifiers: modifiers.to_vec(),
            wounds_left: None,
        },
    )
}

/// A kill-team shot with everything the rules look at: dice for the shots
/// and for the damage, a save on more than one die, a flame weapon, the
/// target's wounds left.
#[derive(Clone, Debug, PartialEq)]
pub struct KtShot {
    /// Normal, sniper or indirect (KT-12).
    pub class: ShotClass,
    /// The range in inches.
    pub range_inches: u32,
    /// `shots[n]`: the chance of exactly `n` shots (one entry for a fixed
    /// number: `core::dist::fixed`).
    pub shots: Dist,
    /// Strength.
    pub s: i32,
    /// Armour penetration (0, -1 …).
    pub ap: i32,
    /// `damage[d]`: the chance that an unsaved wound does `d` damage.
    pub damage: Dist,
    /// The target's T.
    pub toughness: i32,
    /// The target's save (4: 4+), or none.
    pub save: Option<i32>,
    /// The dice the save is rolled on, added (2 for a Terminator, KT-19).
    pub save_dice: u32,
    /// The target is in cover.
    pub cover: bool,
    /// A flame weapon: it ignores cover (KT-15).
    pub flame: bool,
    /// The situation (KT-13, KT-7, KT-9, EQ-17 …).
    pub modifiers: Vec<KtModifier>,
    /// The target's wounds left: damage beyond them is lost.
    pub wounds_left: Option<u32>,
}

/// The score needed to save on `dice` dice added, or `None` when it cannot
/// be made (KT-16, KT-19): a score above the highest total is lost; the
/// lowest total (a 1 on one die, a double 1 on 2D6) fails as the data's
/// limits say.
pub fn kt_save_score(rules: &RulesData, score: i32, dice: u32) -> Option<i32> {
    rules.killteam.limits.save_score(score, dice)
}

/// One kill-team shooting attack, exactly (KT-12, KT-13, KT-15, KT-16,
/// KT-19): the number of shots as rolled, each shot's hit, wound and save,
/// each unsaved wound's damage as rolled; a flame weapon ignores cover; the
/// total never more than the target's wounds left.
pub fn killteam_attack(rules: &RulesData, shot: &KtShot) -> Result<Odds, Problem> {
    attack_scored(rules, shot, hit_score(rules, shot))
}

/// An attack that needs `score` to hit (`None`: it cannot), then wounds,
/// is saved and does its damage as a shot (KT-16): a shot's score comes
/// from the range, a blow's from the striker's close combat (KT-6).
pub(super) fn attack_scored(
    rules: &RulesData,
    shot: &KtShot,
    score: Option<i32>,
) -> Result<Odds, Problem> {
    let shooting = &rules.killteam.shooting;
    let cannot = rules.killteam.limits.cannot_hit_from;
    let hit = score.map_or(0.0, |sc| if sc >= cannot { 0.0 } else { d6_at_least(sc) });
    let to_wound = kt_wound_score(shooting, shot.s, shot.toughness);
    let wound = d6_at_least(to_wound);
    let to_save = shot_save_score(rules, shot);
    let saved = to_save.map_or(0.0, |t| dice_at_least(t, shot.save_dice));
    let unsaved = hit * wound * (1.0 - saved);
    Ok(Odds {
        hit,
        wound,
        unsaved,
        attacks: u32::try_from(shot.shots.len().saturating_sub(1)).unwrap_or(u32::MAX),
        wounds: attack_wounds(&shot.shots, &shot.damage, unsaved, shot.wounds_left),
        score_to_hit: score.filter(|&sc| sc < cannot).map(|sc| sc.max(1)),
        score_to_wound: Some(to_wound),
        score_to_save: to_save,
        save_dice: shot.save_dice.max(1),
        needs_consent: false,
    })
}

/// The score a shot needs to hit (KT-12, KT-13), its modifiers counted, or
/// `None` out of range: snap fire needs a 6 before modifiers; 1 or less
/// hits automatically; from the data's limit (Decision: 7) it cannot hit.
fn hit_score(rules: &RulesData, shot: &KtShot) -> Option<i32> {
    let shooting = &rules.killteam.shooting;
    let bands = match shot.class {
        ShotClass::Normal => &shooting.bands.normal,
        ShotClass::Sniper => &shooting.bands.sniper,
        ShotClass::Indirect => &shooting.bands.indirect,
    };
    let base = band(shooting, bands, shot.range_inches).and_then(|b| b.score);
    let snap = shot.modifiers.contains(&KtModifier::SnapFire);
    let change = hit_change(rules, shot);
    base.map(|b| if snap { shooting.snap_fire_score.max(b) } else { b } + change)
}

/// What the situation adds to the score to hit (KT-13), each situation
/// once.
pub(super) fn hit_change(rules: &RulesData, shot: &KtShot) -> i32 {
    let modifiers = &shot.modifiers[..];
    let has = |x: KtModifier| modifiers.contains(&x);
    let m = rules.killteam.shooting.modifiers;
    // EQ-18: night vision cancels the night, EQ-1: a torch within its
    // range too; EQ-19: a gas mask cancels smoke and flash grenades.
    let torch =
        has(KtModifier::Torch) && shot.range_inches <= rules.killteam.gear.torch_range_inches;
    modifiers
        .iter()
        .enumerate()
        // A situation counts once, however often it is listed.
        .filter(|(i, x)| !modifiers[..*i].contains(x))
        .map(|(_, x)| match x {
            KtModifier::Night if has(KtModifier::NightVision) || torch => 0,
            KtModifier::Smoke | KtModifier::Dazzled if has(KtModifier::GasMask) => 0,
            KtModifier::Night => m.night,
            KtModifier::Sight => m.sight,
            KtModifier::Marksman => m.marksman,
            KtModifier::Vox => m.vox,
            KtModifier::Sling => m.sling,
            KtModifier::Smoke => m.smoke,
            KtModifier::Dazzled => m.dazzled,
            KtModifier::AssaultMoving => m.assault_moving,
            KtModifier::SnapFire
            | KtModifier::HigherPosition
            | KtModifier::Prone
            | KtModifier::Auspex
            | KtModifier::NightVision
            | KtModifier::GasMask
            | KtModifier::Torch
            | KtModifier::Cloak => 0,
        })
        .sum()
}

/// The score the target needs to save, or `None` when it cannot (KT-15,
/// KT-16, KT-19).
fn shot_save_score(rules: &RulesData, shot: &KtShot) -> Option<i32> {
    let shooting = &rules.killteam.shooting;
    // KT-15: a flame weapon ignores cover: the target counts as in the
    // open (a prone target keeps what lying in the open gives).
    let cover = shot.cover && !shot.flame;
    // KT-16: AP worsens the save, cover improves it; the lowest roll always
    // fails; KT-19: a Terminator rolls it on 2D6.
    shot.save.and_then(|sv| {
        kt_save_score(
            rules,
            sv - shot.ap
                - cover_bonus(
                    shooting,
                    &rules.killteam.gear,
                    shot.range_inches,
                    cover,
                    &shot.modifiers,
                ),
            shot.save_dice,
        )
    })
}
