//! The catalogue's weapons: how each fires, its class and strength (KT-3,
//! KT-12 … KT-16).

use serde::{Deserialize, Serialize};

use super::ids::{KindId, WeaponId};
use crate::rules::core::dice::Amount;
use crate::rules::core::names::Names;

/// How a weapon fires (KT-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponType {
    /// Rapid Fire N.
    RapidFire,
    /// Assault N: may fire during a move at -2 (KT-15).
    Assault,
    /// Heavy N: once per turn but for the exceptions (KT-15).
    Heavy,
    /// Pistol.
    Pistol,
    /// Grenade: range twice the thrower's S (KT-14).
    Grenade,
    /// Close combat.
    Melee,
}

impl WeaponType {
    /// The locale key of its name with its shots (`Rapid Fire {shots}`).
    pub fn key(self) -> &'static str {
        match self {
            Self::RapidFire => "kt.type.rapid_fire",
            Self::Assault => "kt.type.assault",
            Self::Heavy => "kt.type.heavy",
            Self::Pistol => "kt.type.pistol",
            Self::Grenade => "kt.type.grenade",
            Self::Melee => "kt.type.melee",
        }
    }
}

/// A weapon's class, for the composition rules (KT-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponClass {
    /// Any soldier's weapon.
    Basic,
    /// At most three in a team.
    Special,
    /// At most one in a team; a weapons team's, or a Strongman's.
    Heavy,
}

/// A weapon of the catalogue, in the house rules' terms (KT-12 … KT-16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Stable id (`lasgun`).
    pub id: WeaponId,
    /// Display names.
    pub names: Names,
    /// How it fires.
    #[serde(rename = "type")]
    pub weapon_type: WeaponType,
    /// Shots (the N of Rapid Fire N), or attacks for a melee weapon; 1 if
    /// not given.
    #[serde(default = "one")]
    pub shots: Amount,
    /// Range in inches (0 for a melee weapon; a grenade's is twice the
    /// thrower's S, KT-14).
    #[serde(default)]
    pub range_inches: u32,
    /// Strength: a number, or added to the bearer's (`user_bonus`).
    pub strength: Strength,
    /// Armour penetration (0, -1, -2 …).
    #[serde(default)]
    pub ap: i32,
    /// Damage per unsaved wound.
    #[serde(default = "one")]
    pub damage: Amount,
    /// Basic, special or heavy (KT-3).
    pub class: WeaponClass,
    /// Ignores cover (KT-15).
    #[serde(default)]
    pub flame: bool,
    /// Fires with the sniper bands (KT-12).
    #[serde(default)]
    pub sniper: bool,
    /// Fires with the indirect bands (KT-12).
    #[serde(default)]
    pub indirect: bool,
    /// A heavy weapon that may fire more than once a turn (KT-15).
    #[serde(default)]
    pub fires_every_action: bool,
    /// Only these soldier kinds may carry it (empty: any whose kind allows
    /// its class).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only_kinds: Vec<KindId>,
}

fn one() -> Amount {
    Amount::Fixed(1)
}

impl Weapon {
    /// A weapon of the Heavy type fires once a turn, whatever its class (a
    /// sniper rifle is a special weapon of the Heavy type), except those the
    /// data marks as firing at every action (KT-15).
    pub fn fires_once_a_turn(&self) -> bool {
        self.weapon_type == WeaponType::Heavy && !self.fires_every_action
    }
}

/// A weapon's strength.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Strength {
    /// A fixed strength.
    Fixed(i32),
    /// The bearer's strength plus a bonus (`{"user": 1}`; `{"user": 0}` is
    /// the bearer's own).
    User {
        /// Added to the bearer's strength.
        user: i32,
    },
}
