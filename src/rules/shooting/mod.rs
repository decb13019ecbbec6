//! Rogue Trader shooting, as a player knows it from the rulebook (the seed
//! documents give no shooting chapter: every number is Assumed, in
//! `shooting.json`). A shooter's BS gives the score to hit, the weapon's
//! short or long range its to-hit modifier, the situation (cover, a fast,
//! small or large target) the rest; the weapon's S against the target's T
//! on the wound chart (CC-11's) gives the score to wound; the weapon's save
//! modifier, or its S, worsens the save; each unsaved wound does the
//! weapon's damage, and a weapon with sustained fire rolls its dice for
//! the number of shots.

pub mod data;

use serde::{Deserialize, Serialize};

use crate::rules::close_combat::odds::cc_hit_chance;
use crate::rules::core::dist::{Dist, d6_at_least};
use crate::rules::core::odds::{Odds, attack_wounds};
use crate::rules::data::RulesData;

/// What the situation of a shot may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Situation {
    /// The target is behind soft cover.
    SoftCover,
    /// The target is behind hard cover.
    HardCover,
    /// The target moved fast.
    FastTarget,
    /// The target is small.
    SmallTarget,
    /// The target is large.
    LargeTarget,
    /// The shooter was charged and stands and shoots at the chargers
    /// before they move (CC-2): not with a slow (S-type) weapon.
    StandAndShoot,
}

impl Situation {
    /// Every situation, in the order the battle screen shows them.
    pub const ALL: [Self; 6] = [
        Self::SoftCover,
        Self::HardCover,
        Self::FastTarget,
        Self::SmallTarget,
        Self::LargeTarget,
        Self::StandAndShoot,
    ];

    /// What it adds to the roll to hit, from the data.
    pub fn value(self, rules: &RulesData) -> i32 {
        let m = rules.shooting.modifiers;
        match self {
            Self::SoftCover => m.soft_cover,
            Self::HardCover => m.hard_cover,
            Self::FastTarget => m.fast_target,
            Self::SmallTarget => m.small_target,
            Self::LargeTarget => m.large_target,
            // The close-combat chapter's number (CC-2).
            Self::StandAndShoot => rules.close_combat.stand_and_shoot_to_hit,
        }
    }

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::SoftCover => "battle.rt.soft_cover",
            Self::HardCover => "battle.rt.hard_cover",
            Self::FastTarget => "battle.rt.fast_target",
            Self::SmallTarget => "battle.rt.small_target",
            Self::LargeTarget => "battle.rt.large_target",
            Self::StandAndShoot => "battle.rt.stand_and_shoot",
        }
    }
}

/// The range band a target is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Band {
    /// Up to the weapon's short range.
    Short,
    /// Beyond it, up to its long range.
    Long,
}

/// The band a target `range` inches away is in, for a weapon of ranges
/// `[short, long]`; none beyond its long range.
pub fn band(range: u32, [short, long]: [u32; 2]) -> Option<Band> {
    if range <= short {
        Some(Band::Short)
    } else if range <= long {
        Some(Band::Long)
    } else {
        None
    }
}

/// One Rogue Trader shot with every value the rules look at.
#[derive(Clone, Debug, PartialEq)]
pub struct RtShot {
    /// The shooter's BS.
    pub bs: i32,
    /// The shot's S: the weapon's, or the shooter's own for a weapon that
    /// has none.
    pub s: i32,
    /// How far the target is, in inches.
    pub range_inches: u32,
    /// The weapon's short and long range.
    pub ranges: [u32; 2],
    /// The weapon's to-hit modifier at short and at long range.
    pub to_hit: [i32; 2],
    /// The weapon's save modifier; none: by its S (`save_modifiers.json`).
    pub save_modifier: Option<i32>,
    /// `shots[n]`: the chance of `n` shots.
    pub shots: Dist,
    /// `damage[d]`: the chance that an unsaved wound does `d` wounds.
    pub damage: Dist,
    /// A template weapon: it hits with no roll, within its range.
    pub template: bool,
    /// The target's T.
    pub toughness: i32,
    /// The target's armour save (4: 4+), or none.
    pub save: Option<i32>,
    /// The target's wounds left: damage beyond them is lost.
    pub wounds_left: Option<u32>,
    /// The situation.
    pub situation: Vec<Situation>,
}

/// The score a shot needs to hit, or `None` when it cannot (out of range,
/// or from the data's limit): the base less BS, less the weapon's
/// modifier at the band and the situation's, never under the lowest
/// score; a template weapon in range hits with no roll (1).
pub fn hit_score(rules: &RulesData, shot: &RtShot) -> Option<i32> {
    let data = &rules.shooting;
    let b = band(shot.range_inches, shot.ranges)?;
    if shot.template {
        return Some(1);
    }
    let weapon = match b {
        Band::Short => shot.to_hit[0],
        Band::Long => shot.to_hit[1],
    };
    let situation: i32 = shot
        .situation
        .iter()
        .enumerate()
        // A situation counts once, however often it is listed.
        .filter(|(i, x)| !shot.situation[..*i].contains(x))
        .map(|(_, x)| x.value(rules))
        .sum();
    let score = (data.to_hit_base - shot.bs - weapon - situation).max(data.lowest_score);
    (score < data.cannot_hit_from).then_some(score)
}

/// The score the target needs to save, or `None` when he has no save or
/// it is lost: his save worsened by the weapon's modifier, or by the
/// shot's S when the weapon gives none.
pub fn save_score(rules: &RulesData, shot: &RtShot) -> Option<i32> {
    let modifier = shot
        .save_modifier
        .unwrap_or_else(|| rules.save_modifier(shot.s));
    shot.save
        .map(|sv| sv - modifier)
        .filter(|&t| t < rules.shooting.save_lost_from)
        .map(|t| t.max(2))
}

/// The odds of a Rogue Trader shot, exactly: the number of shots as the
/// sustained-fire dice give it, each shot's hit, wound and save, each
/// unsaved wound's damage; the total never more than the target's wounds
/// left.
pub fn rt_shooting(rules: &RulesData, shot: &RtShot) -> Odds {
    let score = hit_score(rules, shot);
    let hit = match score {
        None => 0.0,
        Some(s) if s <= 1 => 1.0,
        Some(s) => cc_hit_chance(s),
    };
    let to_wound = rules
        .to_wound(shot.s, shot.toughness)
        .map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    let wound = to_wound.map_or(0.0, d6_at_least);
    let to_save = save_score(rules, shot);
    let saved = to_save.map_or(0.0, d6_at_least);
    let unsaved = hit * wound * (1.0 - saved);
    Odds {
        hit,
        wound,
        unsaved,
        attacks: u32::try_from(shot.shots.len().saturating_sub(1)).unwrap_or(u32::MAX),
        wounds: attack_wounds(&shot.shots, &shot.damage, unsaved, shot.wounds_left),
        score_to_hit: score,
        score_to_wound: to_wound,
        score_to_save: to_save,
        save_dice: 1,
        needs_consent: false,
    }
}
