//! The rooms after the table: the debrief (`DebriefEdit`) and the
//! reinforcements (`ReinforcementEdit`).

use serde::{Deserialize, Serialize};

use super::super::{CharId, EscortId, Member, MissionResult};
use super::{Bought, MissionChoice};
use crate::rules::characters::equipment::GearEdit;
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::dice::Roll;
use crate::rules::killteam::{ItemId, RibbonId};

/// After the mission: its end and result, who played, the Cran tests and
/// fate, deaths, advances, VP exchanged, recon, the guide, the next mission
/// and the campaign's end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DebriefEdit {
    /// The mission ends (CMP-6, CMP-7, CMP-8, CMP-13, CHR-13).
    EndMission {
        /// How.
        result: MissionResult,
        /// Who played it (filled in when applied).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        played: Vec<CharId>,
    },
    /// The game master judges a character unworthy: no advance point for
    /// this mission (CHR-13).
    Unworthy {
        /// The character.
        character: CharId,
    },
    /// A character left at home, or brought to the table (before the first
    /// tick is fine; his ticks go with him).
    SetPlaying {
        /// The character.
        character: CharId,
        /// He plays.
        plays: bool,
    },
    /// After the mission, before his Cran test: a character who played
    /// confirmed as taken out of action, or not (CMP-9), correcting the
    /// ticks of the table.
    ConfirmOutOfAction {
        /// The character.
        character: CharId,
        /// Out of action.
        out: bool,
    },
    /// A Cran test after the mission (CMP-9 … CMP-11).
    CranTest {
        /// The character.
        character: CharId,
        /// The die.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
    },
    /// A fate point rerolls the test that killed him (CMP-12).
    FateReroll {
        /// The character.
        character: CharId,
        /// The die.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
    },
    /// The player spends no more fate points on a character the test killed:
    /// he is dead for good (CMP-12).
    AcceptDeath {
        /// The character.
        character: CharId,
    },
    /// An advance point placed (CHR-13).
    Advance {
        /// The character.
        character: CharId,
        /// Where.
        characteristic: Characteristic,
    },
    /// VP exchanged for reinforcement points (CMP-6).
    ExchangeVp {
        /// The escort that receives the points (ignored when pooled).
        escort: EscortId,
        /// VP spent.
        vp: u32,
    },
    /// A character sent on recon (CMP-14).
    Recon {
        /// The character.
        character: CharId,
        /// The D12.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
        /// The Cran test, when the result asks for one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cran: Option<Roll>,
        /// The reinforcement points of good fortune.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fortune: Option<Roll>,
        /// What the roll gave (filled in when applied, so that the journal
        /// replays even after the recon table is edited).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        effect: Option<super::super::data::ReconEffect>,
    },
    /// The guide found by recon is paid for (CMP-14).
    HireGuide {
        /// The escort paying.
        escort: EscortId,
    },
    /// The characters the hired guide leads in the next mission (CMP-14):
    /// they deploy anywhere out of the enemy's sight.
    Guide {
        /// Who, at most the data's number.
        characters: Vec<CharId>,
    },
    /// The next mission, by the chain or forced (CMP-2, CMP-3).
    NextMission {
        /// How it is drawn.
        #[serde(default)]
        choice: MissionChoice,
    },
    /// The campaign ends after its Grand Final (CMP-17).
    EndCampaign,
}

/// The reinforcements step: recruits, points spent, equipment bought or
/// handed out free.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ReinforcementEdit {
    /// A new character bought with reinforcement points (CMP-7).
    Recruit {
        /// The escort.
        escort: EscortId,
        /// The character.
        member: Member,
        /// What he costs.
        cost: u32,
        /// The roster's or kill team's id he is copied from (the member
        /// keeps his id there): a character is recruited once.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<String>,
    },
    /// Reinforcement points spent on anything else (weapons, armour …).
    Spend {
        /// The escort.
        escort: EscortId,
        /// The points.
        points: u32,
        /// On what.
        what: String,
        /// The item it bought, added to a character's equipment or power
        /// cards in the same event (none: only noted, as before).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bought: Option<Bought>,
    },
    /// A Rogue Trader character's equipment or power cards change: an item
    /// found, lost or corrected between missions (CHR-16 for the cards).
    Gear {
        /// The character.
        character: CharId,
        /// The change.
        edit: GearEdit,
    },
    /// A kill-team soldier who has none takes his free special item or
    /// his free ribbon (KT-5): one recruited or carried over without
    /// them, between missions.
    FreeGear {
        /// The soldier.
        character: CharId,
        /// The item, with the weapon it brings first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        item: Option<ItemId>,
        /// The ribbon.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ribbon: Option<RibbonId>,
    },
}
