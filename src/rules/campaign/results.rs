//! What comes after the table: a mission's result, the debrief and its
//! rolls, a campaign's end and what it carries over to the next.

use serde::{Deserialize, Serialize};

use super::super::core::dice::Roll;
use super::data::MissionType;
use super::ids::{CharId, EscortId};
use super::members::{EscortKind, Member, State};

/// How a mission ended, as the players say it (`mission_end::mission_outcome`
/// says what it gives by the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "MissionResult")] // its name in serde's messages, as before
pub struct MissionResult {
    /// Objective achieved (won, for a Final; for a Survival, the escort
    /// survived, which it also does while a character still stands).
    pub success: bool,
    /// VP earned.
    pub vp: u32,
}

/// What remains to do after a mission.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Debrief {
    /// The mission's type.
    #[serde(rename = "type")]
    pub mission_type: Option<MissionType>,
    /// How it ended.
    pub success: bool,
    /// Characters taken out of action who still owe a Cran test (CMP-9).
    #[serde(default)]
    pub pending: Vec<CharId>,
    /// Characters the test killed: a fate point may reroll it (CMP-12).
    #[serde(default)]
    pub fallen: Vec<CharId>,
    /// Escorts that sent a character on recon since the mission (CMP-14).
    #[serde(default)]
    pub recon: Vec<EscortId>,
    /// VP earned.
    #[serde(default)]
    pub vp: u32,
    /// Recon found a guide who may be hired (CMP-14).
    #[serde(default)]
    pub guide_offered: bool,
    /// Characters who earned an advance point in the mission (CHR-13).
    #[serde(default)]
    pub earned: Vec<CharId>,
    /// Escorts that recruited from the pool since (CMP-16).
    #[serde(default)]
    pub recruited: Vec<EscortId>,
    /// Who played the mission (CMP-9: only they can be out of action).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<CharId>,
    /// Who was taken out of action, as ticked at the table and corrected
    /// in the debrief (CMP-9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out_of_action: Vec<CharId>,
    /// Who took a wound at the table (CHR-13: no advance point for them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wounded: Vec<CharId>,
    /// Those who fell whose player spends no more fate points on them: dead
    /// for good (CMP-12).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accepted: Vec<CharId>,
    /// Every test rolled since the mission, in order, as the debrief shows
    /// it (CMP-9, CMP-12, CMP-14).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolled: Vec<Rolled>,
}

/// Which test a [`Rolled`] was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestKind {
    /// The Cran test after the mission (CMP-9, CMP-10).
    Cran,
    /// A fate point's reroll of the test that killed him (CMP-12).
    Fate,
    /// A recon (CMP-14).
    Recon,
}

/// A test rolled in the debrief and what came of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rolled {
    /// Who rolled.
    pub character: CharId,
    /// Which test.
    pub kind: TestKind,
    /// The recon's die and what the table gave (a recon only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recon: Option<(Roll, super::data::ReconEffect)>,
    /// The Cran die (none: a recon whose result asks for no test).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    /// His Cran when he rolled.
    pub cran: u32,
    /// The test passed (a recon asking for no test: true).
    pub passed: bool,
    /// His state after it.
    pub state: State,
    /// Reinforcement points won (a recon's good fortune).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}

/// The end of a campaign (CMP-17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct End {
    /// The Grand Final was won.
    pub won: bool,
    /// Resource points carried over.
    pub resources: u32,
    /// The escort may go on into a new campaign.
    pub carries_over: bool,
}

/// A character carried into a new campaign (CMP-17): his own copy, as he
/// ended the last one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarriedCharacter {
    /// The character as he is now: advances, equipment and cards included.
    pub member: Member,
    /// His state (a character seriously wounded in the Grand Final still
    /// misses the next mission).
    #[serde(default)]
    pub state: State,
    /// He misses the next mission.
    #[serde(default)]
    pub misses_next: bool,
    /// His Cran, when it was set by hand (else his Cl gives it again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cran: Option<u32>,
    /// He led his escort.
    #[serde(default)]
    pub leader: bool,
}

/// An escort carried into a new campaign (CMP-17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarriedEscort {
    /// The player's name.
    pub player: String,
    /// The roster it was first started from.
    pub source: String,
    /// A band or a kill team.
    pub kind: EscortKind,
    /// Its living characters.
    pub characters: Vec<CarriedCharacter>,
}

/// What an ended campaign carries into the next one (CMP-17): its living
/// escort with its equipment, and its resource points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarryOver {
    /// The ended campaign's name.
    pub campaign: String,
    /// Its Grand Final was won.
    pub won: bool,
    /// Its resource points (CMP-17).
    pub resources: u32,
    /// Its escorts, living characters only.
    pub escorts: Vec<CarriedEscort>,
}

/// Where a campaign's escort came from (CMP-17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Carried {
    /// The ended campaign's name.
    pub campaign: String,
    /// Resource points still to credit when the campaign starts.
    pub resources: u32,
}
