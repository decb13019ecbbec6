//! The campaign's events: each is an edit the player makes (or the dice
//! make), applied by the pure journal engine in `play.rs`, stored in the
//! journal with every die filled in.
//!
//! A die left `None` is rolled by Muster; one given was typed in from real
//! dice and is checked. The stored event always holds the faces, so the
//! journal replays without dice.

use serde::{Deserialize, Serialize};

mod debrief;
mod queries;
mod setup;
mod table;
mod wire;

pub use debrief::{DebriefEdit, ReinforcementEdit};
pub use setup::{PreparationEdit, SetupEdit};
pub use table::{ItemEdit, Sides, TableEdit, TurnEdit};

use super::data::{FactionId, MissionId};
use super::{CharId, EscortKind, Member, MissionType};
use crate::rules::characters::equipment::{Gear, GearEdit, PowerCard};
use crate::rules::core::dice::Roll;

/// An escort joining the campaign: a copy of a roster's characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewEscort {
    /// The player's name.
    pub player: String,
    /// The roster's name.
    pub source: String,
    /// A band or a kill team.
    pub kind: EscortKind,
    /// Its characters, as built.
    pub members: Vec<Member>,
    /// The roster's or kill team's id in the library, when it came from
    /// one: each character remembers where he was copied from (CMP-7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
}

/// How the next mission is chosen (CMP-2, CMP-3, CMP-4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionChoice {
    /// A type other than the one the chain gives (logged as an override).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force_type: Option<MissionType>,
    /// Why the type was forced.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// A mission picked from the list instead of drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<MissionId>,
    /// The die drawing the mission from its list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Roll>,
    /// The die drawing a secondary faction (CMP-4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction_draw: Option<Roll>,
    /// The mission it gave (filled in when applied, so that the journal
    /// replays even after the mission lists are edited).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<MissionId>,
    /// The faction it gave (filled in when applied).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<FactionId>,
    /// The enemy's points it gave, difficulty and co-op included (filled in
    /// when applied, CMP-5, CMP-8, CMP-16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}

/// What reinforcement points bought for a Rogue Trader character (CMP-7):
/// an item of equipment or a power card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purchase {
    /// An item, added at the end of his equipment.
    Gear(Gear),
    /// A power card (CHR-16: for a psyker only).
    Power(PowerCard),
}

/// The item a Spend bought and whom for: added in the same event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bought {
    /// The character who receives it.
    pub character: CharId,
    /// What.
    pub item: Purchase,
}

impl Bought {
    /// The item's name.
    pub fn name(&self) -> &str {
        match &self.item {
            Purchase::Gear(g) => &g.name,
            Purchase::Power(p) => &p.name,
        }
    }

    /// The edit that adds it.
    pub fn edit(&self) -> GearEdit {
        match &self.item {
            Purchase::Gear(g) => GearEdit::AddGear { gear: g.clone() },
            Purchase::Power(p) => GearEdit::AddPower { power: p.clone() },
        }
    }
}

/// An edit of a campaign: one event of its journal, in the room of the
/// campaign it belongs to. Written by its own name, whatever its room
/// (`{"act": {…}}`, `wire.rs`); within the schema version an unknown field
/// of an event is refused, as anywhere in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignEdit {
    /// The campaign's rules: recorded when it begins, or one house rule
    /// changed.
    HouseRules(super::house::RulesEdit),
    /// The campaign's own records, set up before the first mission and
    /// kept after.
    Setup(SetupEdit),
    /// The mission's preparation.
    Preparation(PreparationEdit),
    /// The mission at the table.
    Table(TableEdit),
    /// A kill-team soldier's turn at the table (KT-8 … KT-11).
    Turn(TurnEdit),
    /// The items at the table.
    Items(ItemEdit),
    /// After the mission.
    Debrief(DebriefEdit),
    /// The reinforcements step.
    Reinforcements(ReinforcementEdit),
}
