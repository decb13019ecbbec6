//! The rooms before the table: the campaign's own records (`SetupEdit`) and
//! the mission's preparation (`PreparationEdit`).

use serde::{Deserialize, Serialize};

use super::super::{CharId, EscortId, Settings};
use super::{MissionChoice, NewEscort};
use crate::rules::core::dice::Roll;

/// The campaign's own records, set up before the first mission and kept
/// after: its notes and settings, the escorts that join or leave, a leader,
/// a Cran set by hand, the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SetupEdit {
    /// New notes.
    SetNotes {
        /// The notes.
        notes: String,
    },
    /// New settings (in setup; afterwards only the VP threshold and the
    /// difficulty may change, logged).
    SetSettings {
        /// The settings.
        settings: Settings,
    },
    /// An escort joins (in setup).
    AddEscort {
        /// The escort.
        escort: NewEscort,
    },
    /// The escort of an ended campaign joins (in setup, once): its own
    /// copy of the living characters, their leader and the resource points
    /// credited at the start (CMP-17).
    CarryOver {
        /// What the ended campaign carries over.
        from: Box<super::super::CarryOver>,
    },
    /// An escort leaves (in setup).
    RemoveEscort {
        /// The escort.
        escort: EscortId,
    },
    /// An escort's leader (CMP-17).
    SetLeader {
        /// The escort.
        escort: EscortId,
        /// His new leader.
        character: CharId,
    },
    /// A character's Cran set by hand (CMP-11).
    SetCran {
        /// The character.
        character: CharId,
        /// His Cran.
        cran: u32,
    },
    /// The campaign starts: the first mission, a random Investigation (CMP-2).
    Start {
        /// How it is drawn.
        #[serde(default)]
        choice: MissionChoice,
        /// The numbers the campaign plays by (filled in when applied, so
        /// that later edits of the data change new campaigns only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rates: Option<Box<super::super::Rates>>,
    },
}

/// The mission's preparation: the enemy drawn, one of them drawn again, the
/// mission begun.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum PreparationEdit {
    /// One more enemy drawn for the mission's escort, or every one until
    /// the budget is spent (CMP-5).
    DrawEnemy {
        /// Draw until the budget is exceeded.
        #[serde(default)]
        all: bool,
        /// The dice, one roll per enemy drawn.
        #[serde(default)]
        rolls: Vec<Roll>,
        /// What they drew (filled in when applied, so that the journal
        /// replays even after the faction's table is edited).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        drawn: Vec<super::super::EnemyDraw>,
    },
    /// An enemy the players have no model for is drawn again (CMP-5).
    RerollEnemy {
        /// His place in the enemy escort.
        index: usize,
        /// The new dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
        /// What they drew (filled in when applied).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drawn: Option<super::super::EnemyDraw>,
    },
    /// The mission begins: the table view.
    BeginMission,
}
