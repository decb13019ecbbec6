//! The Rogue Trader shooting data (`assets/rules/shooting.json`), every
//! value Assumed: the scores to hit, the situation's modifiers, the
//! sustained-fire die and an enemy weapon's short range. Imports nothing
//! of `rules` but `core`.

use serde::{Deserialize, Serialize};

use crate::rules::core::dist::{Dist, add, fixed};
use crate::rules::core::problem::Problem;
use crate::rules::core::range::{DATA, check_range};

/// The shooting rules of the rules data (`shooting.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingRules {
    /// The score to hit is this less the shooter's BS (7: BS 3 hits on 4+).
    pub to_hit_base: i32,
    /// The score to hit is never under this (2: a 1 always misses).
    pub lowest_score: i32,
    /// From this score no shot hits (10: 7 to 9 take a second die).
    pub cannot_hit_from: i32,
    /// A save modified to this or more is lost.
    pub save_lost_from: i32,
    /// What the situation adds to the roll to hit.
    pub modifiers: SituationValues,
    /// The sustained-fire die.
    pub sustained_fire: SustainedFire,
    /// An enemy weapon's short range, in percent of its one range.
    pub enemy_short_range_percent: u32,
    #[serde(default)]
    note: String,
}

/// What each situation adds to the roll to hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SituationValues {
    /// The target is behind soft cover (a hedge, a wooden fence).
    pub soft_cover: i32,
    /// The target is behind hard cover (a wall, rubble).
    pub hard_cover: i32,
    /// The target moved fast in its last turn.
    pub fast_target: i32,
    /// The target is small (a man lying down, a small creature).
    pub small_target: i32,
    /// The target is large (a vehicle, a monster).
    pub large_target: i32,
}

/// The sustained-fire die: its faces and the shots each gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SustainedFire {
    /// The die's faces.
    pub sides: u32,
    /// The shots each face gives, from face 1 (0: the die jammed).
    pub shots: Vec<u32>,
}

impl SustainedFire {
    /// The shots face `face` gives (0 for a face the data lacks).
    pub fn shots_of(&self, face: i32) -> u32 {
        usize::try_from(face - 1)
            .ok()
            .and_then(|i| self.shots.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// The distribution of the shots of `dice` sustained-fire dice.
    pub fn dist(&self, dice: u32) -> Dist {
        let mut one = vec![0.0; self.shots.iter().max().map_or(1, |m| *m as usize + 1)];
        let each = 1.0 / f64::from(self.sides.max(1));
        for &s in &self.shots {
            one[s as usize] += each;
        }
        let mut total = fixed(0);
        for _ in 0..dice {
            total = add(&total, &one);
        }
        total
    }
}

impl ShootingRules {
    /// Checks the values' ranges and that the die has a line per face.
    pub fn check(&self) -> Result<(), Problem> {
        check_range("to_hit_base", self.to_hit_base, 2..=12)?;
        check_range("lowest_score", self.lowest_score, 1..=6)?;
        // 7 to 9 take the second die; past 10 no die reaches.
        check_range("cannot_hit_from", self.cannot_hit_from, 7..=10)?;
        check_range("save_lost_from", self.save_lost_from, 2..=7)?;
        let m = self.modifiers;
        for (field, v) in [
            ("modifiers.soft_cover", m.soft_cover),
            ("modifiers.hard_cover", m.hard_cover),
            ("modifiers.fast_target", m.fast_target),
            ("modifiers.small_target", m.small_target),
            ("modifiers.large_target", m.large_target),
        ] {
            check_range(field, v, -6..=6)?;
        }
        let sf = &self.sustained_fire;
        check_range("sustained_fire.sides", sf.sides, 2..=20)?;
        if sf.shots.len() != sf.sides as usize {
            return Err(Problem::new(DATA, "data.sustained_fire_faces")
                .arg("sides", sf.sides)
                .arg("lines", sf.shots.len()));
        }
        for (i, &s) in sf.shots.iter().enumerate() {
            check_range(&format!("sustained_fire.shots[{i}]"), s, 0..=10)?;
        }
        check_range(
            "enemy_short_range_percent",
            self.enemy_short_range_percent,
            0..=100,
        )
    }
}
