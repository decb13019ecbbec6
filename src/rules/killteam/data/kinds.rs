//! The soldier kinds: their profile, their actions in an activation and
//! what they may carry (KT-4, KT-6, KT-9, KT-18 … KT-21).

use serde::{Deserialize, Serialize};

use super::ids::{KindId, WeaponId};
use super::weapons::WeaponClass;
use crate::rules::core::names::Names;

/// A soldier's profile in the kill-team rules (KT-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KtProfile {
    /// Move, in inches.
    pub move_inches: i32,
    /// Wounds.
    pub wounds: i32,
    /// Strength.
    pub strength: i32,
    /// Toughness.
    pub toughness: i32,
    /// The score needed to save (5 for 5+).
    pub save: i32,
    /// Dice rolled for the save (2 for a Terminator, KT-19).
    #[serde(default = "one_die")]
    pub save_dice: u32,
    /// The score needed to hit in close combat (4 for 4+).
    pub close_combat: i32,
}

fn one_die() -> u32 {
    1
}

/// How many actions an activation allows (KT-9, KT-18 … KT-20).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Actions {
    /// The rule they come from (KT-18 …), when not KT-9's two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Actions per activation.
    pub per_activation: u32,
    /// Actions in a turn, when the kind spreads them over several
    /// activations (KT-19: a Terminator's 4 a turn, one at a time); `None`:
    /// one activation's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_turn: Option<u32>,
    /// Never the same action three times (KT-18, KT-19).
    #[serde(default)]
    pub never_three_same: bool,
    /// Where "never three times the same" counts (KT-18: the turn; KT-19:
    /// a row of consecutive actions); missing, one activation.
    #[serde(default, skip_serializing_if = "SameWithin::is_activation")]
    pub three_same_within: SameWithin,
    /// At most this many actions in a row (KT-19: 3), if limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_in_a_row: Option<u32>,
    /// One action at a time (KT-19, Terminator).
    #[serde(default)]
    pub one_at_a_time: bool,
}

/// Where a kind's "never three times the same action" counts (KT-18,
/// KT-19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SameWithin {
    /// One activation.
    #[default]
    Activation,
    /// A row of consecutive actions: his own activations with no other
    /// model's activation between them (KT-19, « s'il réalise 3 actions
    /// consécutives »).
    Row,
    /// The whole turn (KT-18, « jusqu'à 3 actions durant le tour (mais
    /// jamais trois fois la même) »).
    Turn,
}

impl SameWithin {
    /// One activation, the reading a file that says nothing means.
    pub fn is_activation(&self) -> bool {
        *self == Self::Activation
    }
}

impl Actions {
    /// Actions in a whole turn (KT-9, KT-19).
    pub fn in_a_turn(&self) -> u32 {
        self.per_turn.unwrap_or(self.per_activation)
    }
}

/// A kind of soldier (KT-4, KT-6, KT-18 … KT-21).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoldierKind {
    /// Stable id (`guardsman`).
    pub id: KindId,
    /// Display names.
    pub names: Names,
    /// Soldier equivalents it counts for (KT-4).
    pub equivalents: u32,
    /// It is the team's sergeant (KT-2).
    #[serde(default)]
    pub sergeant: bool,
    /// It is a weapons team (KT-3).
    #[serde(default)]
    pub weapons_team: bool,
    /// It takes no ribbon (KT-5, KT-20).
    #[serde(default)]
    pub no_ribbon: bool,
    /// Tags that items' restrictions name (`space_marine`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Its base kill-team profile (KT-6).
    pub profile: KtProfile,
    /// Its actions (KT-9).
    pub actions: Actions,
    /// Victory points for killing it (KT-21).
    pub vp: u32,
    /// The weapon it gets when added.
    pub default_weapon: WeaponId,
    /// The weapon classes it may carry.
    pub weapon_classes: Vec<WeaponClass>,
}
