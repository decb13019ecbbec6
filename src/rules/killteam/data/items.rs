//! The special equipment: who may take an item, what it changes, and how a
//! single-use item or a piece of gear is used at the table (EQ-1 … EQ-31).

use serde::{Deserialize, Serialize};

use super::ids::{ItemId, WeaponId};
use super::shooting::ShotUse;
use super::weapons::WeaponType;
use crate::rules::core::dice::Amount;
use crate::rules::core::names::Names;

/// Who may take an item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "only", rename_all = "snake_case", deny_unknown_fields)]
pub enum Restriction {
    /// The sergeant only (EQ-28, EQ-31).
    Sergeant,
    /// Soldiers of a kind with this tag (EQ-27: Space Marines).
    Tag {
        /// The tag.
        tag: String,
    },
    /// A soldier who already carries a special weapon (EQ-4).
    SpecialWeaponCarrier,
}

/// What an item or a ribbon changes in the derived profile or the weapon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Adds to the wounds (RIB-2).
    Wounds {
        /// How many.
        add: i32,
    },
    /// Adds to the strength (RIB-8).
    Strength {
        /// How many.
        add: i32,
    },
    /// Adds to the toughness (RIB-8, EQ-24).
    Toughness {
        /// How many.
        add: i32,
    },
    /// Adds to the move, in inches (RIB-7, EQ-24).
    Move {
        /// Inches.
        add_inches: i32,
    },
    /// Improves the save by so many (EQ-24: +1, so 5+ becomes 4+).
    SaveBetter {
        /// By how much.
        by: i32,
    },
    /// A save of this score, if better (EQ-26: 3+).
    SaveAt {
        /// The score.
        score: i32,
    },
    /// Close combat at this score, if better (RIB-8: 3+).
    CloseCombatAt {
        /// The score.
        score: i32,
    },
    /// Adds to the cover save (EQ-16).
    CoverSave {
        /// How many.
        add: i32,
    },
    /// Adds to hit rolls when shooting (EQ-3, RIB-12).
    HitBonus {
        /// How many.
        add: i32,
    },
    /// The weapon fires as another type, with a range factor (EQ-5:
    /// Assault 3 at half range; EQ-20: Rapid Fire 2).
    WeaponBecomes {
        /// The new type.
        #[serde(rename = "type")]
        weapon_type: WeaponType,
        /// The new shots.
        shots: Amount,
        /// Range multiplied by this, in halves (1: half, 2: same).
        range_halves: u32,
    },
    /// The weapon gains this AP, if better (EQ-21: -2).
    WeaponAp {
        /// The AP.
        ap: i32,
    },
    /// The weapon fires as a sniper with this range (EQ-2).
    WeaponSniper {
        /// Range in inches.
        range_inches: u32,
    },
}

/// A special equipment item (EQ-1 … EQ-31).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Stable id (`torch`).
    pub id: ItemId,
    /// Its rule id (`EQ-1`).
    pub rule: String,
    /// Display names.
    pub names: Names,
    /// What it does, in a sentence, in every language.
    pub text: Names,
    /// Once per game.
    #[serde(default)]
    pub single_use: bool,
    /// Using it is an action.
    #[serde(default)]
    pub action: bool,
    /// It is a grenade: used at the table, it is the soldier's one grenade
    /// of the turn (KT-14).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub grenade: bool,
    /// Who may take it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restrictions: Vec<Restriction>,
    /// Items of one group exclude each other on one soldier (`weapon_mode`:
    /// two changes of the same weapon).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// It comes with a weapon of this type the player picks (EQ-8: melee,
    /// EQ-9: pistol; EQ-4: any second weapon, `null` type).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon_choice: Option<WeaponPick>,
    /// What it changes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// How it plays in a shot, on its own (KT-13, EQ-1, EQ-3 …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shot: Option<ShotUse>,
    /// What using it does at the campaign table (EQ-6, EQ-10, EQ-11,
    /// EQ-15, EQ-23): its dice, reach and targets.
    #[serde(default, rename = "use", skip_serializing_if = "Option::is_none")]
    pub usage: Option<ItemUse>,
    /// How it is used at the campaign table when it touches no other model
    /// (a smoke grenade, the vox, the rope, the parachute, the jump pack):
    /// the actions each way costs, offered in the soldier's Act… menu.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gear: Option<GearUse>,
}

/// How an item that touches no other model is used at the table (EQ-7,
/// EQ-12, EQ-22, EQ-25, EQ-27).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearUse {
    /// Its ways, each with its actions; none: one way, one action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ways: Vec<GearWay>,
    /// Used once a turn at most (EQ-27: the jump pack).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub once_a_turn: bool,
    /// The soldier moves by it (EQ-22, EQ-25, EQ-27): each of its actions
    /// is a Move, so a dazzled soldier may not (EQ-10), a prone one stands
    /// first (KT-9), and it counts for "never three times the same". Each
    /// use records it, so that a use made before replays as it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moves: bool,
}

/// One way of using an item at the table (EQ-22: climbing, 1 action;
/// swinging to another building, 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearWay {
    /// Its id, kept in the journal.
    pub id: String,
    /// Its name, in every language.
    pub names: Names,
    /// The actions it costs, all in one activation.
    pub actions: u32,
}

/// What a single-use item does when used at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UseEffect {
    /// The target regains wounds (EQ-6).
    Heal,
    /// The target suffers mortal wounds (EQ-11, EQ-15, EQ-23).
    MortalWounds,
    /// The target cannot move this turn and has -1 to its own hit rolls
    /// (EQ-10).
    Dazzle,
}

/// Whom a single-use item may be used on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UseTargets {
    /// The bearer or a team-mate (EQ-6).
    SelfOrTeamMate,
    /// Any model but the bearer: a friend, another player's, an enemy.
    Others,
    /// Any model, the bearer too (EQ-11: friend or foe).
    Any,
}

/// How a single-use item is used at the campaign table. The reach is the
/// player's word: the table has no board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemUse {
    /// What it does.
    pub effect: UseEffect,
    /// Wounds healed or caused: a number or dice (`D3`); none for an
    /// effect without wounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<Amount>,
    /// Whom it may be used on.
    pub targets: UseTargets,
    /// Its reach, in inches.
    pub range_inches: u32,
    /// Items that make their bearer ignore it (EQ-19: the gas mask).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignored_by: Vec<ItemId>,
    /// Laid first, it goes off later on a model within reach, once
    /// (EQ-11).
    #[serde(default)]
    pub laid: bool,
}

/// The weapon an item lets the player pick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponPick {
    /// Only weapons of these types (empty: any the soldier may carry).
    #[serde(default)]
    pub types: Vec<WeaponType>,
    /// The weapon given when the item is taken, until another is picked.
    pub default: WeaponId,
    /// It fires together with the bearer's own weapon, one of the two as
    /// snap fire (EQ-4, the combi-weapon).
    #[serde(default)]
    pub fires_with_own: bool,
}
