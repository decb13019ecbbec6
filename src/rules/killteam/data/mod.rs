//! The kill-team rules data (`assets/rules/killteam.json`): soldier kinds,
//! weapons, special equipment and ribbons, each with its restrictions and
//! effects in machine-readable form, and its names and rule text in every
//! language. Users can override the file like the other rules files.

use std::borrow::Borrow;

use serde::{Deserialize, Serialize};

use crate::rules::core::dice::amount_dice;
use crate::rules::core::problem::Problem;
use crate::rules::core::range::check_range;

mod ids;
mod items;
mod kinds;
mod moves;
mod ribbons;
mod shooting;
mod turn;
mod weapons;

pub use ids::{ItemId, KindId, RibbonId, WeaponId};
pub use items::{
    Effect, GearUse, GearWay, Item, ItemUse, Restriction, UseEffect, UseTargets, WeaponPick,
};
pub use kinds::{Actions, KtProfile, SameWithin, SoldierKind};
pub use moves::{
    AutomaticWounds, ChargeRules, FallBand, FallFrom, GrenadeRules, JumpRules, Parachute,
    RopeSwing, Unseen,
};
pub use ribbons::{Grant, Ribbon};
pub use shooting::{
    Band, Bands, CoverModifiers, HitModifiers, KtModifier, Shooting, ShotGearValues, ShotLimits,
    ShotSide, ShotUse, WoundScores, shots_dist,
};
pub use turn::{Command, InsigniaRules, MeleeRules, Stratagem, TurnRules, Unarmed};
pub use weapons::{Strength, Weapon, WeaponClass, WeaponType};

/// The rule id of problems with rules data files.
const DATA: &str = "DATA";

/// The default of a rule that may be switched off: on.
fn enforced() -> bool {
    true
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
