//! The campaign's people: a member (a Rogue Trader character or a kill-team
//! soldier) and where he stands, a character as the campaign holds him, and
//! the escorts (CMP-2, CMP-13).

use serde::{Deserialize, Serialize};

use super::super::characters::Character;
use super::super::data::RulesData;
use super::super::doc::CharRef;
use super::super::killteam::{ItemId, Soldier};
use super::ids::{CharId, EscortId};

/// Where a character stands (CMP-13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Fit.
    #[default]
    Fit,
    /// Plays the next mission.
    LightlyWounded,
    /// Misses the next mission, then fit.
    SeriouslyWounded,
    /// Dead for good.
    Dead,
    /// Missing in action (dead, lost in a recon ambush).
    Missing,
}

impl State {
    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Fit => "campaign.state.fit",
            Self::LightlyWounded => "campaign.state.lightly_wounded",
            Self::SeriouslyWounded => "campaign.state.seriously_wounded",
            Self::Dead => "campaign.state.dead",
            Self::Missing => "campaign.state.missing",
        }
    }

    /// Whether the character is still part of the escort.
    pub fn alive(self) -> bool {
        !matches!(self, Self::Dead | Self::Missing)
    }
}

/// A Rogue Trader character or a kill-team soldier: the very model the
/// roster editor built.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Member {
    /// From a Rogue Trader band.
    Character(Character),
    /// From a kill team.
    Soldier(Soldier),
}

impl super::data::RecruitFaction {
    /// Whether a character or soldier is of the faction.
    pub fn holds(&self, member: &Member) -> bool {
        match member {
            Member::Character(c) => self.races.contains(&c.race),
            Member::Soldier(s) => self.soldier_kinds.iter().any(|k| s.kind == k.as_str()),
        }
    }
}

impl Member {
    /// The name.
    pub fn name(&self) -> &str {
        match self {
            Self::Character(c) => &c.name,
            Self::Soldier(s) => &s.name,
        }
    }

    /// Its own id.
    pub fn id(&self) -> CharId {
        match self {
            Self::Character(c) => CharId(c.id),
            Self::Soldier(s) => CharId(s.id),
        }
    }

    /// Sets its own id.
    pub(super) fn set_id(&mut self, id: CharId) {
        match self {
            Self::Character(c) => c.id = id.0,
            Self::Soldier(s) => s.id = id.0,
        }
    }

    /// Wounds on its profile.
    pub fn wounds(&self, rules: &RulesData) -> u32 {
        let w = match self {
            Self::Character(c) => c
                .profile(rules)
                .map_or(1, |p| p.get(super::super::Characteristic::W)),
            Self::Soldier(s) => {
                super::super::killteam::derive(&rules.killteam, s).map_or(1, |d| d.profile.wounds)
            }
        };
        u32::try_from(w.max(1)).unwrap_or(1)
    }

    /// The single-use items it carries, by id: those the kill-team data
    /// says are used once a game (KT-5), struck off at the table when used.
    /// An item the data does not know, or one kept all game (armour, a
    /// command insignia), is not among them.
    pub fn items(&self, rules: &RulesData) -> Vec<ItemId> {
        self.single_use(rules).cloned().collect()
    }

    /// Whether it carries any single-use item (nothing gathered).
    pub fn has_items(&self, rules: &RulesData) -> bool {
        self.single_use(rules).next().is_some()
    }

    /// Its single-use items, as it carries them.
    fn single_use<'a>(&'a self, rules: &'a RulesData) -> impl Iterator<Item = &'a ItemId> {
        let carried = match self {
            Self::Character(_) => &[][..],
            Self::Soldier(s) => &s.items[..],
        };
        carried
            .iter()
            .filter(|c| rules.killteam.item(&c.item).is_some_and(|i| i.single_use))
            .map(|c| &c.item)
    }

    /// Whether it carries the item `id`, single-use or not.
    pub fn carries(&self, id: &ItemId) -> bool {
        match self {
            Self::Character(_) => false,
            Self::Soldier(s) => s.items.iter().any(|c| c.item == *id),
        }
    }

    /// The default Cran on a die (CMP-11): `base − Cl` for a Rogue Trader
    /// character, the kill-team value for a soldier, within the die.
    pub fn default_cran(&self, die: u32, rules: &RulesData) -> u32 {
        self.default_cran_by(rules.campaign.cran(die), die, rules)
    }

    /// The default Cran by a formula (a campaign's recorded one).
    pub fn default_cran_by(
        &self,
        formula: Option<&super::data::CranFormula>,
        die: u32,
        rules: &RulesData,
    ) -> u32 {
        let Some(f) = formula else {
            return 1;
        };
        let value = match self {
            Self::Character(c) => {
                let cl = c
                    .profile(rules)
                    .map_or(7, |p| p.get(super::super::Characteristic::Cl));
                f.base - cl
            }
            Self::Soldier(_) => i32::try_from(f.killteam).unwrap_or(1),
        };
        u32::try_from(value.clamp(1, i32::try_from(die).unwrap_or(10))).unwrap_or(1)
    }
}

/// One character of the campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignCharacter {
    /// Unique within the campaign (also the member's own id).
    pub id: CharId,
    /// The escort he belongs to.
    pub escort: EscortId,
    /// The character as built.
    pub member: Member,
    /// His Cran on the campaign's die (CMP-11).
    pub cran: u32,
    /// His state (CMP-13).
    #[serde(default)]
    pub state: State,
    /// Seriously wounded: the mission he must sit out is the next one.
    #[serde(default)]
    pub misses_next: bool,
    /// His Cran was set by hand (it no longer follows his Cl).
    #[serde(default)]
    pub cran_by_hand: bool,
    /// Missions played.
    #[serde(default)]
    pub missions: u32,
    /// The roster or kill team he was copied from, and his id there; none
    /// for characters copied before Muster recorded it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<CharRef>,
}

impl CampaignCharacter {
    /// The name.
    pub fn name(&self) -> &str {
        self.member.name()
    }

    /// Whether he may play the next mission (CMP-13).
    pub fn can_play(&self) -> bool {
        self.state.alive() && !self.misses_next
    }
}

/// A player's escort.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Escort {
    /// Unique within the campaign.
    pub id: EscortId,
    /// The player's name.
    pub player: String,
    /// The roster it was started from.
    pub source: String,
    /// A band or a kill team: the kind it is exported as.
    pub kind: EscortKind,
    /// His leader (CMP-17).
    #[serde(default)]
    pub leader: Option<CharId>,
    /// Fate points left (CMP-12).
    #[serde(default)]
    pub fate_points: u32,
    /// Reinforcement points, when split (CMP-7, CMP-16).
    #[serde(default)]
    pub reinforcement: u32,
    /// Command points at the table (KT-11).
    #[serde(default)]
    pub command_points: i32,
    /// Carried over from an ended campaign (CMP-17): the whole escort goes
    /// on, so the recruitment budget does not apply to it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub carried: bool,
}

/// What an escort is: a Rogue Trader band of characters or an Imperial
/// Guard kill team of soldiers. In files, the kind of document it comes
/// from and is exported as (`roster`, `killteam`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EscortKind {
    /// A Rogue Trader band: characters, from a roster.
    #[serde(rename = "roster")]
    Band,
    /// An Imperial Guard kill team: soldiers.
    #[serde(rename = "killteam")]
    KillTeam,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn is_false(b: &bool) -> bool {
    !*b
}
