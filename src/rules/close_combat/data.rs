//! The close-combat chapter's data (`assets/rules/close_combat.json`): its
//! settings and limits (CC-1 … CC-21) and the attack types of creatures with
//! several of them (CC-6, CC-19). Imports nothing of `rules` but `core`.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::core::characteristic::Profile;
use crate::rules::core::dice::{DiceSpec, Roll};
use crate::rules::core::dist::{Dist, dice_sum, fixed};
use crate::rules::core::problem::Problem;

/// The close-combat settings of the rules data (`close_combat.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CloseCombatRules {
    /// The limits of the blows' scores (CC-10, CC-12 Decisions).
    pub limits: CcLimits,
    /// A charger's maximum move is its M times this (CC-1).
    pub charge_move_multiplier: u32,
    /// A fleeing model moves its M times this directly away (CC-2).
    pub flee_move_multiplier: u32,
    /// The to-hit modifier of a charged model standing to shoot (CC-2).
    pub stand_and_shoot_to_hit: i32,
    /// How far the losers' models move away (CC-14).
    pub push_back_inches: u32,
    /// The dice of the winners' stay test (CC-15).
    pub follow_up_test: DiceSpec,
    /// A unit breaking off moves up to this many times its M (CC-18).
    pub break_off_move_multiplier: u32,
    /// Free blows each opponent gets when a unit breaks off (CC-18).
    pub free_blows_per_model: u32,
    /// The WS the free blows are struck against (CC-18).
    pub free_blow_defender_ws: i32,
    /// The dice of a rout test (CC-20).
    pub rout_test: DiceSpec,
    /// Routers move this far at once (CC-20).
    pub rout_move_inches: u32,
    /// Then at this many times their rate (CC-20).
    pub rout_rate_multiplier: u32,
    /// Casualties in one turn, in percent of the unit at its start, that
    /// force a rout test (CC-20 Decision, PSY-6).
    pub heavy_casualties_percent: u32,
    /// The dice of a Ld, Int, Cl or WP test (CC-21).
    pub characteristic_test: DiceSpec,
    /// The Catachan Devil's attacks (CC-19).
    pub catachan_devil: DevilRules,
    #[serde(default)]
    note: String,
}

/// The limits of a blow's scores (CC-10, CC-12): Decisions, in the data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CcLimits {
    /// A score needed to hit of this or more cannot hit (CC-10 Decision:
    /// 10).
    pub cannot_hit_from: i32,
    /// A save modified to this or more is lost (CC-12 Decision: 7).
    pub save_lost_from: i32,
    /// The battle setting's default: ordinary troops may not try a blow of
    /// 7 or more to hit (CC-10 Decision: off, the source leaves it to the
    /// game master, who allows it in small games).
    #[serde(default)]
    pub refuse_seven_plus_for_troops: bool,
    #[serde(default)]
    note: String,
}

impl CloseCombatRules {
    /// Checks the values' ranges.
    pub fn check(&self) -> Result<(), Problem> {
        use crate::rules::core::range::check_range;
        // CC-10: 7 to 9 take the second die; past 10 no die reaches.
        check_range(
            "close_combat.limits.cannot_hit_from",
            self.limits.cannot_hit_from,
            7..=10,
        )?;
        check_range(
            "close_combat.limits.save_lost_from",
            self.limits.save_lost_from,
            2..=7,
        )?;
        let _ = &self.limits.note;
        for (field, d) in [
            ("close_combat.follow_up_test", self.follow_up_test),
            ("close_combat.rout_test", self.rout_test),
            ("close_combat.characteristic_test", self.characteristic_test),
        ] {
            check_range(field, d.count, 1..=10)?;
            check_range(field, d.sides, 1..=100)?;
        }
        check_range(
            "close_combat.heavy_casualties_percent",
            self.heavy_casualties_percent,
            1..=100,
        )?;
        check_range(
            "close_combat.free_blow_defender_ws",
            self.free_blow_defender_ws,
            1..=10,
        )?;
        let d = &self.catachan_devil;
        check_range(
            "close_combat.extra_claws_percent",
            d.extra_claws_percent,
            0..=100,
        )?;
        check_range(
            "close_combat.fiddler_percent_of_clawed",
            d.fiddler_percent_of_clawed,
            0..=100,
        )?;
        let _ = &self.note;
        Ok(())
    }
}

/// A kind of special attack (CC-6, CC-19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// Any angle.
    Stomp,
    /// Normally front.
    Bite,
    /// Front only.
    Gore,
    /// Normally front or sides.
    Claw,
    /// Rear or sides, never front.
    Tail,
    /// Any angle.
    Tentacle,
    /// A weapon or bare hands: the front arc (CC-6).
    Weapon,
}

/// Where the target stands from the attacker (CC-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arc {
    /// The 90° front arc.
    Front,
    /// A side.
    Side,
    /// Behind.
    Rear,
}

impl AttackKind {
    /// Whether this kind of attack can reach a target in `arc` (CC-6). The
    /// "normally" of bites and claws is the game master's to bend.
    pub fn reaches(self, arc: Arc) -> bool {
        match self {
            Self::Stomp | Self::Tentacle => true,
            Self::Bite | Self::Gore | Self::Weapon => arc == Arc::Front,
            Self::Claw => arc != Arc::Rear,
            Self::Tail => arc != Arc::Front,
        }
    }
}

/// The damage of one unsaved hit (CC-19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Damage {
    /// A fixed number of wounds.
    Fixed(u32),
    /// Dice (1D4, 1D6).
    Dice(DiceSpec),
    /// Dice against living targets, a fixed number against the others (the
    /// Devil's tail).
    VsLiving {
        /// Against a living target.
        living: DiceSpec,
        /// Against anything else.
        other: u32,
    },
}

impl Damage {
    /// The distribution of the wounds of one unsaved hit.
    pub fn dist(self, living: bool) -> Dist {
        match self {
            Self::Fixed(n) => fixed(n),
            Self::Dice(d) => dice_sum(d.count, d.sides),
            Self::VsLiving { living: d, other } => {
                if living {
                    dice_sum(d.count, d.sides)
                } else {
                    fixed(other)
                }
            }
        }
    }

    /// Rolls the wounds of one unsaved hit.
    pub fn roll<R: Rng + ?Sized>(self, rng: &mut R, living: bool) -> Roll {
        match self {
            Self::Fixed(n) => Roll::from_faces(1, Vec::new(), i32::try_from(n).unwrap_or(0)),
            Self::Dice(d) => Roll::new(rng, d.count, d.sides, 0),
            Self::VsLiving { living: d, other } => {
                if living {
                    Roll::new(rng, d.count, d.sides, 0)
                } else {
                    Roll::from_faces(1, Vec::new(), i32::try_from(other).unwrap_or(0))
                }
            }
        }
    }
}

/// One attack type of a creature: how many blows and their damage (CC-19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackType {
    /// Its kind (for the arcs of CC-6).
    pub kind: AttackKind,
    /// Blows.
    pub count: u32,
    /// Wounds of each unsaved hit.
    pub damage: Damage,
}

/// The Catachan Devil of the source (CC-19).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DevilRules {
    /// The attacks of each size.
    pub sizes: Vec<DevilSize>,
    /// The chance, in percent, that a large adult male has extra claws.
    pub extra_claws_percent: u32,
    /// The extra claws.
    pub extra_claws: AttackType,
    /// Of those, the chance in percent of a "fiddler".
    pub fiddler_percent_of_clawed: u32,
    /// A fiddler's claws instead.
    pub fiddler_claws: Vec<AttackType>,
}

/// A Catachan Devil's size (CC-19): only a large one may have extra claws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// A small one.
    #[default]
    Small,
    /// A medium one.
    Medium,
    /// A large one.
    Large,
}

impl Size {
    /// As the data writes it (`large`), the end of its message key.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Small => "small",
            Self::Medium => "medium",
            Self::Large => "large",
        }
    }

    /// The key of its name (`battle.cc.devil.large`).
    pub fn key(self) -> String {
        format!("battle.cc.devil.{}", self.as_str())
    }
}

/// One size of Catachan Devil.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DevilSize {
    /// Small, medium or large.
    pub size: Size,
    /// Its profile, as the source prints it for this size (its A is the sum
    /// of its attack types' blows).
    pub profile: Profile,
    /// Its attacks.
    pub attacks: Vec<AttackType>,
}
