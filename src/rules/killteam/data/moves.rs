//! Grenades thrown and moves across the board: one grenade a turn and the
//! shots thrown unseen (KT-14), jumping between buildings and falling
//! (KT-17), the rope's swing (EQ-22), the parachute (EQ-25), the charge
//! (KT-9, EQ-13).

use serde::{Deserialize, Serialize};

use super::enforced;
use super::shooting::shots_dist;
use crate::rules::core::dice::{Amount, DiceSpec};
use crate::rules::core::problem::Problem;
use crate::rules::core::range::check_range;

/// The shots of a grenade thrown unseen (KT-14): `from` becomes `to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unseen {
    /// The shots as the weapon gives them (`D6`).
    pub from: Amount,
    /// The shots when the thrower does not see the target (`D3`).
    pub to: Amount,
    /// The shots replaced are still rolled to hit (KT-14, Decision:
    /// « remplacer 1D6 touche par 1D3 touche »); false, they are hits,
    /// with no roll to hit. Missing from a copy written before it: rolled.
    #[serde(default = "enforced")]
    pub rolled_to_hit: bool,
}

/// Grenades (KT-14, EQ-29, RIB-1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrenadeRules {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// Grenade actions a soldier may take in a turn.
    pub grenade_actions_per_turn: u32,
    /// The range is the thrower's S times this.
    pub range_per_strength: u32,
    /// Added to the range by a stick grenade (EQ-29).
    pub stick_bonus_inches: u32,
    /// Grenades a Grenadier throws in his one action (RIB-1).
    pub grenadier_grenades: u32,
    /// Thrown without seeing the target.
    pub unseen: Unseen,
}

impl GrenadeRules {
    /// Checks the values' ranges.
    pub fn check(&self) -> Result<(), Problem> {
        check_range(
            "grenades.grenade_actions_per_turn",
            self.grenade_actions_per_turn,
            1..=10,
        )?;
        check_range(
            "grenades.range_per_strength",
            self.range_per_strength,
            1..=10,
        )?;
        check_range(
            "grenades.stick_bonus_inches",
            self.stick_bonus_inches,
            0..=100,
        )?;
        check_range(
            "grenades.grenadier_grenades",
            self.grenadier_grenades,
            1..=10,
        )?;
        shots_dist(&self.unseen.from)?;
        shots_dist(&self.unseen.to).map(|_| ())
    }
}

/// One band of the fall table (KT-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FallBand {
    /// The highest fall of the band, in inches, included; `None`: any.
    pub up_to_inches: Option<u32>,
    /// The mortal wounds; `None`: the soldier dies.
    pub wounds: Option<DiceSpec>,
}

/// The wounds a jump down costs whatever the test (KT-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutomaticWounds {
    /// A jump down of more than this …
    pub over_inches: u32,
    /// … up to this (included) …
    pub up_to_inches: u32,
    /// … costs these mortal wounds.
    pub wounds: DiceSpec,
}

/// Jumping between buildings (KT-17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JumpRules {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// The widest gap, in inches.
    pub max_across_inches: u32,
    /// The greatest difference of height, in inches.
    pub max_height_inches: u32,
    /// The height limit holds for a jump down as for a jump up (KT-17,
    /// Decision: « dans une limite de 6ps de longueur et de 6ps de
    /// hauteur »); false, only a jump up has a limit. Missing from a copy
    /// written before it: up or down.
    #[serde(default = "enforced")]
    pub max_height_both_ways: bool,
    /// Faces of the dangerous terrain test's die.
    pub test_die: u32,
    /// A face of this or less is a fall.
    pub falls_on: u32,
    /// The height a fall is measured from (KT-17, Decision). Missing from
    /// a copy written before it: the take-off height.
    #[serde(default)]
    pub fall_from: FallFrom,
    /// The wounds of a fall by its height, lowest band first.
    pub falls: Vec<FallBand>,
    /// The wounds of a jump from a height, test or not.
    pub automatic: AutomaticWounds,
    /// A jumper who falls takes the automatic wounds as well as the
    /// fall's (KT-17, Decision: « À noter qu'il subit automatiquement 1D3
    /// blessure mortelle »); false, the fall's only. Missing from a copy
    /// written before it: the fall's only.
    #[serde(default)]
    pub automatic_added_to_fall: bool,
    /// Swinging to another building on a rope and grapnel (EQ-22).
    pub rope_swing: RopeSwing,
    /// Landing by parachute (EQ-25).
    pub parachute: Parachute,
}

/// The height a fall is measured from, above the ground (KT-17: « s'il
/// tombe de 3ps de hauteur »).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FallFrom {
    /// The building he jumped from (Decision): he falls into the gap.
    #[default]
    TakeOff,
    /// The building he meant to land on: he falls off its edge.
    Landing,
}

/// Swinging on a rope and grapnel (EQ-22): farther than a jump, with the
/// same test and falls, and no wounds for going down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RopeSwing {
    /// The widest gap, in inches.
    pub max_across_inches: u32,
    /// Actions it costs.
    pub actions: u32,
}

/// Landing by parachute (EQ-25): a dangerous terrain test on landing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Parachute {
    /// How close to an enemy he may land, at least, in inches.
    pub min_from_enemy_inches: u32,
    /// The mortal wounds of a failed test.
    pub wounds: DiceSpec,
}

impl JumpRules {
    /// Checks the values' ranges and that the fall bands rise.
    pub fn check(&self) -> Result<(), Problem> {
        check_range("jump.max_across_inches", self.max_across_inches, 0..=100)?;
        check_range("jump.max_height_inches", self.max_height_inches, 0..=100)?;
        check_range("jump.test_die", self.test_die, 1..=100)?;
        check_range("jump.falls_on", self.falls_on, 0..=self.test_die)?;
        if self.falls.is_empty() {
            return Err(Problem::new("DATA", "data.no_entry"));
        }
        let bounds: Vec<u32> = self.falls.iter().filter_map(|b| b.up_to_inches).collect();
        if bounds.windows(2).any(|w| w[0] >= w[1])
            || self
                .falls
                .iter()
                .take(self.falls.len() - 1)
                .any(|b| b.up_to_inches.is_none())
        {
            return Err(Problem::new("DATA", "data.not_increasing").arg("field", "jump.falls"));
        }
        for b in &self.falls {
            if let Some(w) = b.wounds {
                check_range("jump.falls.wounds.count", w.count, 0..=100)?;
                check_range("jump.falls.wounds.sides", w.sides, 1..=100)?;
            }
        }
        check_range(
            "jump.automatic.wounds.sides",
            self.automatic.wounds.sides,
            1..=100,
        )
    }
}

/// The charge (KT-9): its reach, and the bayonet's wound (EQ-13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChargeRules {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// The reach before the die, in inches (6").
    pub base_inches: u32,
    /// The die added to it (D6).
    pub die: DiceSpec,
    /// The mortal wounds a bayonet deals after a charge that reaches, before
    /// the fight (EQ-13).
    pub bayonet_mortal_wounds: u32,
}
