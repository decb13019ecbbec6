//! The kill-team rules data (`assets/rules/killteam.json`): soldier kinds,
//! weapons, special equipment and ribbons, each with its restrictions and
//! effects in machine-readable form, and its names and rule text in every
//! language. Users can override the file like the other rules files.

use std::borrow::Borrow;

use serde::{Deserialize, Serialize};

mod ids;

pub use ids::{ItemId, KindId, RibbonId, WeaponId};

use crate::rules::core::dice::{Amount, DiceSpec, amount_dice};
use crate::rules::core::dist::{Dist, dice_sum, fixed};
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::core::range::check_range;

/// The rule id of problems with rules data files.
const DATA: &str = "DATA";

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

/// The kill-team rules data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KillTeamData {
    /// Soldier equivalents in a team, unless the team says otherwise (KT-1).
    pub team_size: u32,
    /// At most this many special weapons (KT-3).
    pub max_special_weapons: u32,
    /// At most this many weapons teams (KT-3).
    pub max_weapons_teams: u32,
    /// At most this many heavy weapons in all (KT-3).
    pub max_heavy_weapons: u32,
    /// VP for a turn with two kills or more (KT-21): added once per turn
    /// (`per_turn`) or once per pair (`per_pair`).
    pub double_kill_bonus: DoubleKillBonus,
    /// VP of a model that is no kill-team soldier (a Rogue Trader
    /// character, a drawn enemy) when it falls (KT-21, Assumed: 1).
    pub other_model_vp: u32,
    /// The soldier kinds.
    pub soldier_kinds: Vec<SoldierKind>,
    /// The weapons.
    pub weapons: Vec<Weapon>,
    /// The special equipment.
    pub equipment: Vec<Item>,
    /// The ribbons.
    pub ribbons: Vec<Ribbon>,
    /// What the file is, for whoever edits it.
    #[serde(default)]
    pub note: String,
    /// Shooting: range bands, hit modifiers, wounds and saves (KT-12,
    /// KT-13, KT-16).
    pub shooting: Shooting,
    /// The limits of the shooting scores (KT-13, KT-16, KT-19).
    pub limits: ShotLimits,
    /// What the items that play in a shot on their own are worth (EQ-1,
    /// EQ-16).
    pub gear: ShotGearValues,
    /// Command points and stratagems (KT-11).
    pub command: Command,
    /// Grenades: one a turn, their range, thrown unseen (KT-14).
    pub grenades: GrenadeRules,
    /// Jumping between buildings and falling (KT-17).
    pub jump: JumpRules,
    /// The turn: initiative and targeting (KT-10, RIB-3).
    pub turn: TurnRules,
    /// The charge's reach and the bayonet (KT-9, EQ-13).
    pub charge: ChargeRules,
    /// Close combat: who strikes on what, and bare-handed blows (KT-6).
    pub close_combat: MeleeRules,
}

/// Command points and stratagems (KT-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Command {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// Points at the start of a game.
    pub start: u32,
    /// Points gained each turn.
    pub per_turn: u32,
    /// Boxes of the track printed on the sheet (0 to `track - 1`).
    pub track: u32,
    /// The "second soldier" stratagem is bought straight after a
    /// team-mate's activation, before the other side replies (KT-11,
    /// Decision: « activer un second soldat après une première activation
    /// sans que l'adversaire ne puisse riposter »); false, at any time
    /// after a team-mate acted this turn. Missing from a copy written
    /// before it: straight after.
    #[serde(default = "straight_after")]
    pub second_soldier_straight_after: bool,
    /// The "Recharge" stratagem gives back the whole item, every use of an
    /// item carried twice, and may be bought once one use is spent (KT-11,
    /// Decision: « rechargez vos équipements spéciaux à usage unique »);
    /// false, one use, once all are spent. Missing from a copy written
    /// before it: the whole item.
    #[serde(default = "straight_after")]
    pub recharge_whole_item: bool,
    /// A die is rolled again at most once with the reroll stratagem
    /// (KT-11, Assumed: the 8th edition's « never re-roll a dice more than
    /// once », the rules the house rules build on); false, the new die may
    /// be rolled again for another point. Missing from a copy written
    /// before it: once.
    #[serde(default = "straight_after")]
    pub reroll_once: bool,
    /// Each kill team gains `per_turn` at the start of the first turn too,
    /// on top of `start` (KT-11, Decision: « débute avec 3 points de
    /// commandement et en génère 1 supplémentaire par tour »); false, the
    /// first turn is played with `start` and the gain comes with each
    /// later turn. Missing from a copy written before it: false.
    #[serde(default)]
    pub gain_on_first_turn: bool,
    /// The stratagems.
    pub stratagems: Vec<Stratagem>,
}

fn straight_after() -> bool {
    true
}

/// A stratagem (KT-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stratagem {
    /// Stable id (`reroll`).
    pub id: String,
    /// Its cost in command points.
    pub cost: u32,
    /// Display names.
    pub names: Names,
    /// What it does.
    pub text: Names,
}

/// One range band (KT-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// The band's upper range, in inches, included; `None`: any range.
    pub up_to: Option<u32>,
    /// The score needed to hit (1: automatic); `None`: cannot fire.
    pub score: Option<i32>,
}

/// The range bands of each class of shooting (KT-12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bands {
    /// Most weapons.
    pub normal: Vec<Band>,
    /// Snipers (EQ-2).
    pub sniper: Vec<Band>,
    /// Indirect weapons (the mortar).
    pub indirect: Vec<Band>,
}

/// What a hit-roll modifier adds to the score needed (KT-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HitModifiers {
    /// Night: +1.
    pub night: i32,
    /// Sight (EQ-3): -1.
    pub sight: i32,
    /// Marksman (RIB-12): -1.
    pub marksman: i32,
    /// Vox radio (EQ-12): -2.
    pub vox: i32,
    /// Sling (EQ-14), not moved: -1.
    pub sling: i32,
    /// The target used a smoke grenade (EQ-7): +1.
    pub smoke: i32,
    /// The shooter was hit by a flash grenade (EQ-10): +1.
    pub flash: i32,
    /// An assault weapon fired during a move: +2.
    pub assault_moving: i32,
}

/// The score needed to wound by Strength against Toughness (KT-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WoundScores {
    /// S at least twice T.
    pub double: i32,
    /// S greater than T.
    pub greater: i32,
    /// S equal to T.
    pub equal: i32,
    /// S less than T.
    pub less: i32,
    /// S at most half T.
    pub half: i32,
}

/// Kill-team shooting (KT-12, KT-13, KT-16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shooting {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// A range on a band's bound falls in that band, the nearer one
    /// (KT-12, Decision: « jusqu'à 6 ps » then « de 6 à 12 ps »); false, in
    /// the farther band when there is one (past the last band with a bound
    /// the weapon is out of range either way). Missing from a copy written
    /// before it: the nearer band.
    #[serde(default = "enforced")]
    pub bands_include_upper_bound: bool,
    /// The range bands.
    pub bands: Bands,
    /// The hit modifiers.
    pub modifiers: HitModifiers,
    /// The score snap fire needs before modifiers.
    pub snap_fire_score: i32,
    /// The wound scores.
    pub wound_scores: WoundScores,
    /// What cover adds to a save.
    pub cover_bonus: i32,
    /// What changes the cover save (KT-7, KT-9, EQ-17).
    pub cover: CoverModifiers,
}

/// The limits of a kill-team shot's scores (KT-13, KT-16, KT-19):
/// Decisions and Assumed values, in the data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotLimits {
    /// A modified score needed to hit of this or more cannot hit (KT-13
    /// Decision: 7).
    pub cannot_hit_from: i32,
    /// The lowest total of the save's dice always fails (KT-16, KT-19): a
    /// save never needs less than one more than its number of dice.
    pub save_lowest_total_fails: bool,
    /// The worst score a save rolled on more than one die can still be
    /// made at (KT-19: a Terminator saves "jusqu'à 8+" on 2D6); worse is
    /// lost. One die goes up to 6+.
    pub dice_save_up_to: i32,
    #[serde(default)]
    note: String,
}

impl ShotLimits {
    /// The score needed to save on `dice` dice added, or `None` when it
    /// cannot be made (KT-16, KT-19): a score above the highest total is
    /// lost, and on more than one die a score above the data's limit (8+);
    /// the lowest total fails when the data says so.
    pub fn save_score(&self, score: i32, dice: u32) -> Option<i32> {
        let dice = i32::try_from(dice.max(1)).unwrap_or(1);
        let floor = if self.save_lowest_total_fails {
            dice + 1
        } else {
            dice
        };
        let most = if dice > 1 {
            (6 * dice).min(self.dice_save_up_to)
        } else {
            6
        };
        (score <= most).then_some(score.max(floor))
    }
}

/// What the items that play in a shot are worth, where the odds need a
/// number (EQ-1, EQ-16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotGearValues {
    /// A torch cancels the night up to this range (EQ-1: 12").
    pub torch_range_inches: u32,
    /// A cloak adds this to the cover bonus (EQ-16: +1).
    pub cloak_cover: i32,
    /// The cloak counts only in cover, so that a flame weapon ignores it
    /// (EQ-16, Decision: « ajoutez 1 à votre sauvegarde de couvert »);
    /// false, it betters the save in the open too. Missing from a copy
    /// written before it: in cover only.
    #[serde(default = "enforced")]
    pub cloak_in_cover_only: bool,
    #[serde(default)]
    note: String,
}

/// What changes a target's cover save (KT-7, KT-9, EQ-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverModifiers {
    /// Added to the cover bonus when the shooter is 3" or more above the
    /// target (KT-7: -1).
    pub higher_position: i32,
    /// Added to the cover bonus by an auspex (EQ-17: -1)…
    pub auspex: i32,
    /// …when the target is within this range.
    pub auspex_range_inches: u32,
    /// Added to the save of a prone target in cover (KT-9: +1).
    pub prone_in_cover: i32,
    /// Added to the save of a prone target out of cover (KT-9: +1).
    pub prone_in_open: i32,
    /// A shooter above and an auspex lessen the cover, never below none:
    /// the save is never worse than in the open (KT-7, EQ-17, Decision:
    /// « enlève 1 à la sauvegarde de couvert »); false, what they take
    /// may make the save in cover worse than in the open. Missing from a
    /// copy written before it: never below none.
    #[serde(default = "enforced")]
    pub never_below_open: bool,
}

/// How the bonus for two kills in a turn is counted (KT-21, a Decision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoubleKillBonus {
    /// +1 for each turn in which a player kills two models or more.
    PerTurn,
    /// +1 for each pair of kills in a turn.
    PerPair,
}

impl KillTeamData {
    /// A soldier kind by id (a `KindId`, or its text).
    pub fn kind<Q: PartialEq + ?Sized>(&self, id: &Q) -> Option<&SoldierKind>
    where
        KindId: Borrow<Q>,
    {
        self.soldier_kinds.iter().find(|k| k.id.borrow() == id)
    }

    /// A weapon by id (a `WeaponId`, or its text).
    pub fn weapon<Q: PartialEq + ?Sized>(&self, id: &Q) -> Option<&Weapon>
    where
        WeaponId: Borrow<Q>,
    {
        self.weapons.iter().find(|w| w.id.borrow() == id)
    }

    /// An item by id (an `ItemId`, or its text).
    pub fn item<Q: PartialEq + ?Sized>(&self, id: &Q) -> Option<&Item>
    where
        ItemId: Borrow<Q>,
    {
        self.equipment.iter().find(|i| i.id.borrow() == id)
    }

    /// A ribbon by id (a `RibbonId`, or its text).
    pub fn ribbon<Q: PartialEq + ?Sized>(&self, id: &Q) -> Option<&Ribbon>
    where
        RibbonId: Borrow<Q>,
    {
        self.ribbons.iter().find(|r| r.id.borrow() == id)
    }

    /// Checks that the file holds together: ids unique, every weapon an
    /// entry names exists, every kind has a default weapon it may carry.
    pub fn check(&self) -> Result<(), Problem> {
        unique(
            "soldier kind",
            self.soldier_kinds.iter().map(|k| k.id.as_str()),
        )?;
        unique("weapon", self.weapons.iter().map(|w| w.id.as_str()))?;
        unique("item", self.equipment.iter().map(|i| i.id.as_str()))?;
        unique("ribbon", self.ribbons.iter().map(|r| r.id.as_str()))?;
        self.check_references()?;
        self.check_grants()?;
        if self.team_size == 0 {
            return Err(Problem::new(DATA, "data.team_size_zero"));
        }
        check_range("limits.cannot_hit_from", self.limits.cannot_hit_from, 2..=7)?;
        let _ = &self.limits.note;
        check_range(
            "gear.torch_range_inches",
            self.gear.torch_range_inches,
            0..=100,
        )?;
        check_range("gear.cloak_cover", self.gear.cloak_cover, 0..=6)?;
        let _ = &self.gear.note;
        self.grenades.check()?;
        self.turn.check()?;
        self.close_combat.check()?;
        self.jump.check()
    }

    /// Checks what the entries name: each kind's default weapon (one it may
    /// carry), each item's weapon, each ribbon's doubled items.
    fn check_references(&self) -> Result<(), Problem> {
        let missing = |id: &WeaponId| Problem::new(DATA, "data.unknown_weapon").arg("weapon", id);
        for kind in &self.soldier_kinds {
            let weapon = self
                .weapon(&kind.default_weapon)
                .ok_or_else(|| missing(&kind.default_weapon))?;
            if !kind.weapon_classes.contains(&weapon.class) {
                return Err(Problem::new(DATA, "data.default_weapon_class")
                    .arg("kind", &kind.id)
                    .arg("weapon", &weapon.id));
            }
        }
        for item in &self.equipment {
            if let Some(u) = &item.usage {
                if let Some(a) = &u.amount {
                    let _ = amount_dice(a)?;
                }
                check_range("use.range_inches", u.range_inches, 0..=100)?;
                if let Some(id) = u.ignored_by.iter().find(|&id| self.item(id).is_none()) {
                    return Err(Problem::new(DATA, "data.unknown_item").arg("item", id));
                }
            }
            if let Some(pick) = &item.weapon_choice {
                self.weapon(&pick.default)
                    .ok_or_else(|| missing(&pick.default))?;
            }
        }
        for ribbon in &self.ribbons {
            for grant in &ribbon.grants {
                if let Grant::Double { items } = grant
                    && let Some(id) = items.iter().find(|&i| self.item(i).is_none())
                {
                    return Err(Problem::new(DATA, "data.unknown_item").arg("item", id));
                }
            }
        }
        Ok(())
    }

    /// Checks the values of the ribbons' grants.
    fn check_grants(&self) -> Result<(), Problem> {
        for ribbon in &self.ribbons {
            for grant in &ribbon.grants {
                match grant {
                    Grant::RemoveMine { range_inches } | Grant::Loot { range_inches } => {
                        check_range("ribbons.grants.range_inches", *range_inches, 0..=100)?;
                    }
                    Grant::MoveAfterShot { inches } => {
                        check_range("ribbons.grants.inches", *inches, 0..=100)?;
                    }
                    Grant::ExtraActionOnWounds {
                        actions,
                        wounds_left,
                    } => {
                        check_range("ribbons.grants.actions", *actions, 1..=10)?;
                        check_range("ribbons.grants.wounds_left", *wounds_left, 1..=100)?;
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

/// Refuses an id defined twice among `what`.
fn unique<'a>(what: &str, ids: impl Iterator<Item = &'a str>) -> Result<(), Problem> {
    let mut seen = std::collections::BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(Problem::new(DATA, "data.defined_twice")
                .arg("what", what)
                .arg("id", id));
        }
    }
    Ok(())
}

// ------------------------------------------------- shots, grenades, jumps, charge

/// A kill-team shooting modifier (KT-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KtModifier {
    /// Night.
    Night,
    /// Sight (EQ-3).
    Sight,
    /// Marksman (RIB-12).
    Marksman,
    /// Vox radio (EQ-12).
    Vox,
    /// Sling, not moved (EQ-14).
    Sling,
    /// The target used a smoke grenade (EQ-7).
    Smoke,
    /// The shooter was hit by a flash grenade (EQ-10).
    Flash,
    /// An assault weapon fired during a move (KT-15).
    AssaultMoving,
    /// Snap fire (KT-9, KT-13).
    SnapFire,
    /// The shooter is 3" or more above the target: the target's cover save
    /// is worse (KT-7).
    HigherPosition,
    /// The target lies prone: a better cover save, or a better save out of
    /// cover (KT-9).
    Prone,
    /// The shooter carries an auspex and the target is within its range:
    /// the target's cover save is worse (EQ-17).
    Auspex,
    /// The shooter wears a night-vision helmet or sight: no night penalty
    /// (EQ-18).
    NightVision,
    /// The shooter wears a gas mask: no smoke or flash penalty (EQ-19).
    GasMask,
    /// The shooter carries a torch: no night penalty within its range
    /// (EQ-1).
    Torch,
    /// The target wears a cloak: a better cover save (EQ-16).
    Cloak,
}

/// Whose item or ribbon it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotSide {
    /// The soldier who shoots.
    Shooter,
    /// The soldier shot at.
    Target,
}

/// How an item or a ribbon plays in a shot (the data's `shot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotUse {
    /// The modifier it brings.
    pub modifier: KtModifier,
    /// On whose side it counts.
    pub side: ShotSide,
    /// It counts only when the player ticks it (it was used, the bearer
    /// did not move …).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ticked: bool,
}

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

/// The distribution of a number of shots (`3`, `D6`, `2D3`): `d[k]` is the
/// chance of exactly `k`.
pub fn shots_dist(amount: &Amount) -> Result<Dist, Problem> {
    let dice = amount_dice(amount)?;
    Ok(match dice {
        Ok(n) => fixed(n),
        Err(d) => dice_sum(d.count, d.sides),
    })
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

/// The turn's values (`turn` in `killteam.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRules {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// The die each player rolls for the initiative (KT-10: a D6).
    pub initiative_die: u32,
    /// Players tied for the highest initiative roll again, the others out
    /// (KT-10, Decision: the source says only « celui qui gagne »); false,
    /// every player rolls again. Missing from a copy written before it:
    /// the tied ones.
    #[serde(default = "enforced")]
    pub initiative_tied_only: bool,
    /// Actions a shooter spends to target an Invisible soldier (RIB-3: 2).
    pub invisible_target_actions: u32,
    /// A prone soldier stands up (an action) before he moves, retreats or
    /// charges (KT-9, Decision: the source only says standing up costs an
    /// action).
    pub prone_must_stand: bool,
    /// The two sides take turns to activate, and Muster refuses an
    /// activation out of turn (KT-8, Decision: « chaque joueur joue l'un
    /// de ses soldats chacun son tour »); false, it only shows whose turn
    /// it is and the players keep the order. Missing from a copy written
    /// before it: enforced.
    #[serde(default = "enforced")]
    pub alternation_enforced: bool,
    /// A soldier's actions in a row run on across his own activations when
    /// no other model activated between them (KT-19, Decision: « jamais
    /// plus de 3 actions consécutives »); false, each activation begins a
    /// new row. Missing from a copy written before it: they run on.
    #[serde(default = "enforced")]
    pub rows_span_activations: bool,
    /// The command insignia (EQ-31).
    pub insignia: InsigniaRules,
}

fn enforced() -> bool {
    true
}

/// The command insignia's values (EQ-31).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InsigniaRules {
    /// The item's id.
    pub item: ItemId,
    /// The actions the sergeant keeps in a turn he gives it (1).
    pub sergeant_actions: u32,
}

impl TurnRules {
    /// Refuses values no game could use.
    pub fn check(&self) -> Result<(), Problem> {
        if self.initiative_die < 2 {
            return Err(Problem::new("KT-10", "kt.problem.initiative_die")
                .arg("sides", self.initiative_die.to_string()));
        }
        Ok(())
    }
}

/// The close-combat values of `killteam.json` (`close_combat`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeRules {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// The score a model with no kill-team profile (a drawn enemy) needs to
    /// hit in close combat (Assumed: a soldier's 4+).
    pub others_score: i32,
    /// How a soldier strikes with no close-combat weapon.
    pub unarmed: Unarmed,
}

/// A soldier's blows with no close-combat weapon: fists, boots and the
/// rifle's butt (Assumed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unarmed {
    /// Display names.
    pub names: Names,
    /// Attacks.
    pub attacks: Amount,
    /// Strength: the bearer's, plus a bonus.
    pub strength: Strength,
    /// Armour penetration.
    #[serde(default)]
    pub ap: i32,
    /// Damage per unsaved wound.
    pub damage: Amount,
}

impl MeleeRules {
    /// Refuses values no game could use.
    pub fn check(&self) -> Result<(), Problem> {
        if !(2..=6).contains(&self.others_score) {
            return Err(Problem::new("KT-6", "kt.problem.close_combat_score")
                .arg("score", self.others_score));
        }
        for amount in [&self.unarmed.attacks, &self.unarmed.damage] {
            // A number or dice: either will do, unreadable dice will not.
            let _fixed_or_dice = amount_dice(amount)?;
        }
        Ok(())
    }
}
