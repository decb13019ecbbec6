//! The mission lists and the enemies: the mission types and each mission
//! (CMP-1, CMP-3), whom the enemy comes from and how he behaves (CMP-4,
//! CMP-15), the models a mission names, the factions' escort tables and how
//! their enemies fight (CMP-5).

use serde::{Deserialize, Serialize};

use super::ids::{FactionId, MissionId};
use crate::rules::core::characteristic::{Characteristic, Profile};
use crate::rules::core::dice::Amount;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;

/// Whom a mission's enemy comes from (CMP-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemySide {
    /// The Nemesis's faction.
    Main,
    /// One of the secondary factions, drawn at random.
    Secondary,
}

/// Attack or defence, the enemy's behaviour (CMP-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// The enemy attacks.
    Attack,
    /// The enemy defends.
    Defence,
}

/// One mission of the lists (CMP-3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionData {
    /// Unique id.
    pub id: MissionId,
    /// Its type.
    #[serde(rename = "type")]
    pub mission_type: MissionType,
    /// Display names.
    pub names: Names,
    /// The enemy's faction.
    pub enemy: EnemySide,
    /// The enemy escort's points, before difficulty.
    pub points: u32,
    /// The enemy's behaviour.
    pub mode: Mode,
    /// What the players must do.
    pub objective: Names,
    /// The models the objective names (the traitor contact, the enemy
    /// leader, the Nemesis …), each with a card at the table (**Assumed**).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named: Vec<NamedModel>,
}

/// A model a mission names, on the table besides the escort drawn (CMP-5):
/// what the mission says of him and, when he may be attacked, how he
/// fights (**Assumed**: the objectives name them and say no more).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedModel {
    /// His id in the mission (`traitor_contact`).
    pub id: String,
    /// Display names.
    pub names: Names,
    /// What the mission says of him.
    pub text: Names,
    /// How he fights: a profile of his own …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fighter: Option<EnemyFighter>,
    /// … or the one of the enemy faction's table line of this type
    /// (`leader`); with neither, he cannot be attacked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fighter_of: Option<EnemyType>,
}

impl NamedModel {
    /// Whether he may be attacked: the data says how he fights.
    pub fn fights(&self) -> bool {
        self.fighter.is_some() || self.fighter_of.is_some()
    }
}

/// The dice of a faction's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceSpec {
    /// How many dice.
    pub count: u32,
    /// Faces of each.
    pub sides: u32,
}

/// What kind of model a line of a faction's table gives (CMP-5): its
/// `type` in the data and in a campaign's drawn enemies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemyType {
    /// A rank-and-file model.
    Trooper,
    /// A trooper with a special weapon or skill.
    Specialist,
    /// A champion.
    Champion,
    /// The enemy's leader.
    Leader,
    /// A psyker.
    Psyker,
    /// A beast or a monster.
    Monster,
}

impl EnemyType {
    /// As the data writes it (`trooper`), the end of its message key.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Trooper => "trooper",
            Self::Specialist => "specialist",
            Self::Champion => "champion",
            Self::Leader => "leader",
            Self::Psyker => "psyker",
            Self::Monster => "monster",
        }
    }

    /// Whether a model of this type is a character, whose death the
    /// battle summary counts (CHR-15): a champion, a leader or a psyker.
    pub fn is_character(self) -> bool {
        matches!(self, Self::Champion | Self::Leader | Self::Psyker)
    }
}

impl std::fmt::Display for EnemyType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One line of a faction's table (CMP-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyEntry {
    /// Lowest total.
    pub from: u32,
    /// Highest total.
    pub to: u32,
    /// Display names.
    pub names: Names,
    /// Trooper, champion, leader …
    #[serde(rename = "type")]
    pub entry_type: EnemyType,
    /// Cost in points.
    pub cost: u32,
    /// Its Cran for the behaviour tests (CMP-15); the Cran formula's
    /// `enemy` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cran: Option<u32>,
    /// How it fights: profile, save and weapons (**Assumed**).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fighter: Option<EnemyFighter>,
}

/// An enemy faction and its escort table (CMP-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    /// Unique id.
    pub id: FactionId,
    /// Display names.
    pub names: Names,
    /// The dice of its table.
    pub dice: DiceSpec,
    /// The table.
    pub table: Vec<EnemyEntry>,
}

impl Faction {
    /// The line a total falls on.
    pub fn entry(&self, total: u32) -> Option<&EnemyEntry> {
        self.table.iter().find(|e| (e.from..=e.to).contains(&total))
    }
}

/// The four mission types (CMP-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionType {
    /// Earns VP; starts the campaign and follows a lost trail.
    Investigation,
    /// Earns VP; follows a mission that earned VP.
    Inquiry,
    /// Earns none; follows a mission that earned none.
    Survival,
    /// Decides the campaign.
    Final,
}

impl MissionType {
    /// Every type.
    pub const ALL: [Self; 4] = [
        Self::Investigation,
        Self::Inquiry,
        Self::Survival,
        Self::Final,
    ];

    /// The name in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Investigation => "investigation",
            Self::Inquiry => "inquiry",
            Self::Survival => "survival",
            Self::Final => "final",
        }
    }

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Investigation => "campaign.type.investigation",
            Self::Inquiry => "campaign.type.inquiry",
            Self::Survival => "campaign.type.survival",
            Self::Final => "campaign.type.final",
        }
    }

    /// Whether succeeding earns VP (CMP-1).
    pub fn earns_vp(self) -> bool {
        matches!(self, Self::Investigation | Self::Inquiry)
    }
}

/// How an enemy of a faction's table fights (**Assumed**: the sources give
/// the tables' names and costs only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyFighter {
    /// Its Rogue Trader profile.
    pub profile: Profile,
    /// Its armour save (4: 4+), none without armour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<u32>,
    /// Its weapons, the ranged ones first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<EnemyWeapon>,
    /// Its psychic mastery level, for a psyker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mastery: Option<u32>,
}

/// One weapon of an enemy, as it fires or strikes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyWeapon {
    /// Display names.
    pub names: Names,
    /// Range in inches; 0 for a close-combat weapon.
    #[serde(default)]
    pub range: u32,
    /// Strength.
    pub s: u32,
    /// Armour penetration: what it takes off the target's save (0, -1 …).
    #[serde(default)]
    pub ap: i32,
    /// Shots: a number or dice.
    #[serde(default = "one_amount")]
    pub shots: Amount,
    /// Damage per unsaved wound: a number or dice.
    #[serde(default = "one_amount")]
    pub damage: Amount,
    /// A flame weapon: it ignores cover.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flame: bool,
}

fn one_amount() -> Amount {
    Amount::Fixed(1)
}

impl EnemyWeapon {
    /// Whether it is a close-combat weapon.
    pub fn close(&self) -> bool {
        self.range == 0
    }
}

impl EnemyFighter {
    /// Checks what serde cannot (`place`: the table line, for the
    /// message): a wound at least, a save a die can make, weapons named in
    /// English and French with a strength and readable dice.
    pub fn check(&self, place: &str) -> Result<(), Problem> {
        let bad = |what: &str, value: String| {
            Problem::new("DATA", "data.campaign.enemy_fighter")
                .arg("place", place)
                .arg("what", what)
                .arg("value", value)
        };
        for (c, v) in self.profile.iter() {
            let range = if c == Characteristic::W {
                1..=20
            } else {
                0..=10
            };
            if !range.contains(&v) {
                return Err(bad(c.key(), v.to_string()));
            }
        }
        if let Some(s) = self.save
            && !(2..=6).contains(&s)
        {
            return Err(bad("save", s.to_string()));
        }
        for w in &self.weapons {
            let name = w.names.get("en").cloned().unwrap_or_default();
            if !(w.names.contains_key("en") && w.names.contains_key("fr")) {
                return Err(bad("names", name));
            }
            if w.s == 0 || w.ap > 0 {
                return Err(bad("s/ap", name));
            }
            for a in [&w.shots, &w.damage] {
                match crate::rules::core::dice::amount_dice(a) {
                    Ok(Ok(n)) if n > 100 => return Err(bad("dice", name)),
                    Err(_) => return Err(bad("dice", name)),
                    Ok(_) => {}
                }
            }
        }
        Ok(())
    }
}
