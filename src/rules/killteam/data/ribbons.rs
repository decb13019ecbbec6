//! The ribbons and what they allow besides their effects (RIB-1 …
//! RIB-13).

use serde::{Deserialize, Serialize};

use super::ids::{ItemId, RibbonId};
use super::items::Effect;
use super::shooting::ShotUse;
use crate::rules::core::names::Names;

/// What a ribbon allows besides its effects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "grant", rename_all = "snake_case", deny_unknown_fields)]
pub enum Grant {
    /// A second item, never the same twice (RIB-4).
    SecondItem,
    /// Two of one of these items instead of one (RIB-6).
    Double {
        /// The items that may be doubled.
        items: Vec<ItemId>,
    },
    /// A heavy weapon without a weapons team (RIB-9).
    HeavyWeapon,
    /// Removing an enemy mine (EQ-11) within a range (RIB-5: 3").
    RemoveMine {
        /// How close it must be, in inches.
        range_inches: u32,
    },
    /// A free move after each shot (RIB-10: 3").
    MoveAfterShot {
        /// How far, in inches.
        inches: u32,
    },
    /// Free extra actions at the end of each turn while the soldier has
    /// exactly so many wounds left (RIB-11: one action on 1 wound).
    ExtraActionOnWounds {
        /// The extra actions.
        actions: u32,
        /// The wounds left that give them.
        wounds_left: u32,
    },
    /// Taking a weapon or a special item from a fallen enemy passed by
    /// (RIB-13: within 3").
    Loot {
        /// How close the body must be, in inches.
        range_inches: u32,
    },
}

/// A ribbon (RIB-1 … RIB-13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ribbon {
    /// Stable id (`endurance`).
    pub id: RibbonId,
    /// Its rule id (`RIB-2`).
    pub rule: String,
    /// Display names.
    pub names: Names,
    /// What it does, in a sentence, in every language.
    pub text: Names,
    /// What it changes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// What it allows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<Grant>,
    /// How it plays in a shot, on its own (RIB-12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shot: Option<ShotUse>,
}
