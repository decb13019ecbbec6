//! Who is in a fight and with what: unit coherency and switching targets
//! in a charge (CC-3), and the weapons that may be used in close combat
//! (CC-4).
//!
//! Pure: positions and weapons in, members and decisions out.

use serde::{Deserialize, Serialize};

use crate::rules::close_combat::odds::CcWeaponProfile;
use crate::rules::core::problem::Problem;
use crate::rules::robots::UnitKind;

/// A unit's members stay within this many inches of another member (CC-3).
/// A value of the rules, not an assumption: it is written in the source.
pub const COHERENCY_INCHES: f64 = 2.0;

/// A model's place on the table, in inches.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Position {
    /// Across the table.
    pub x: f64,
    /// Along the table.
    pub y: f64,
}

impl Position {
    /// The distance to another place, in inches.
    pub fn distance(self, other: Self) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}

/// The members of a unit out of coherency (CC-3): each member must stand
/// within 2" of another member, chargers included; the indices of those who
/// do not. A unit of one is coherent; robots ignore the rule (ROB-4).
/// Decision: a member exactly 2" away is within 2". A position that is not
/// a number is refused.
pub fn out_of_coherency(members: &[Position], kind: UnitKind) -> Result<Vec<usize>, Problem> {
    if let Some(i) = members
        .iter()
        .position(|p| !p.x.is_finite() || !p.y.is_finite())
    {
        return Err(Problem::new("CC-3", "cc.bad_position").arg("member", i + 1));
    }
    if !kind.keeps_coherency() || members.len() < 2 {
        return Ok(Vec::new());
    }
    Ok(members
        .iter()
        .enumerate()
        .filter(|&(i, p)| {
            !members
                .iter()
                .enumerate()
                .any(|(j, q)| j != i && p.distance(*q) <= COHERENCY_INCHES + 1e-9)
        })
        .map(|(i, _)| i)
        .collect())
}

/// The members out of coherency (CC-3) from what a player measures at the
/// table: each member's distance, in inches, to the nearest other member
/// of his unit. The same rule as [`out_of_coherency`]: within 2" (exactly
/// 2" included) is in; a unit of one is coherent; robots ignore it
/// (ROB-4). A distance that is not a number, or is negative, is refused,
/// naming the member by his number from 1.
pub fn out_of_coherency_by_gap(gaps: &[f64], kind: UnitKind) -> Result<Vec<usize>, Problem> {
    if let Some(i) = gaps.iter().position(|g| !g.is_finite() || *g < 0.0) {
        return Err(Problem::new("CC-3", "cc.bad_gap").arg("member", i + 1));
    }
    if !kind.keeps_coherency() || gaps.len() < 2 {
        return Ok(Vec::new());
    }
    Ok(gaps
        .iter()
        .enumerate()
        .filter(|&(_, &g)| g > COHERENCY_INCHES + 1e-9)
        .map(|(i, _)| i)
        .collect())
}

/// Checks a unit's coherency (CC-3): the first member out of it, named by
/// its number from 1.
pub fn check_coherency(members: &[Position], kind: UnitKind) -> Result<(), Problem> {
    match out_of_coherency(members, kind)?.first() {
        None => Ok(()),
        Some(&i) => Err(coherency_problem(i)),
    }
}

/// The problem of a member out of coherency (CC-3), named by his index from
/// 0 (shown from 1).
pub fn coherency_problem(member: usize) -> Problem {
    Problem::new("CC-3", "cc.out_of_coherency")
        .arg("member", member + 1)
        .arg("inches", COHERENCY_INCHES)
}

/// An enemy a charger may see at the end of the charge.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Enemy {
    /// How far it is from the charger, in inches.
    pub distance: f64,
    /// It fled from the charge (CC-2).
    pub fled: bool,
}

/// The enemies a charger whose target fled may switch to (CC-3): any that
/// has not fled, within its charge reach (CC-1), nearest first. One charger
/// may so make several models flee in one charge.
pub fn switch_targets(reach: u32, enemies: &[Enemy]) -> Vec<usize> {
    let mut out: Vec<usize> = enemies
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.fled && e.distance.is_finite() && e.distance <= f64::from(reach))
        .map(|(i, _)| i)
        .collect();
    out.sort_by(|&a, &b| enemies[a].distance.total_cmp(&enemies[b].distance));
    out
}

/// What a model holds to fight in close combat (CC-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CcWeapon {
    /// A melee weapon (power sword, chainsword, power axe …): C-type.
    #[default]
    Melee,
    /// A pistol: C-type.
    Pistol,
    /// A weapon that is not C-type (a basic, special or heavy weapon).
    Other,
    /// Nothing in hand.
    Nothing,
}

impl CcWeapon {
    /// Whether it is a close-combat (C-type) weapon (CC-4).
    pub fn c_type(self) -> bool {
        matches!(self, Self::Melee | Self::Pistol)
    }
}

/// How a model fights once its weapon is known (CC-4).
#[derive(Clone, Debug, PartialEq)]
pub struct Armed {
    /// The weapon's S, used if higher than the model's (CC-11), and its own
    /// save modifier (CC-12); only a C-type weapon gives them.
    pub weapon: CcWeaponProfile,
    /// The attack is improvised (butt of a rifle, fists): -2 (CC-9).
    pub improvised: bool,
    /// Why the weapon held is not used, if it is not.
    pub refused: Option<Problem>,
}

/// How a model holding `weapon` (with its own S and save modifier, if it
/// has them) fights (CC-4): only C-type weapons are used; any other is not,
/// and the model, like one with no weapon, makes improvised attacks. The
/// weapon set aside is named by the rule that sets it aside.
pub fn armed(weapon: CcWeapon, own: CcWeaponProfile) -> Armed {
    match weapon {
        CcWeapon::Melee | CcWeapon::Pistol => Armed {
            weapon: own,
            improvised: false,
            refused: None,
        },
        CcWeapon::Other => Armed {
            weapon: CcWeaponProfile::default(),
            improvised: true,
            refused: Some(Problem::new("CC-4", "cc.not_c_type")),
        },
        CcWeapon::Nothing => Armed {
            weapon: CcWeaponProfile::default(),
            improvised: true,
            refused: None,
        },
    }
}

/// Checks a weapon may be used in close combat (CC-4): refused, naming the
/// rule, if it is not C-type.
pub fn check_cc_weapon(weapon: CcWeapon) -> Result<(), Problem> {
    match armed(weapon, CcWeaponProfile::default()).refused {
        Some(p) => Err(p),
        None => Ok(()),
    }
}
