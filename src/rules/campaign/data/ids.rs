//! The ids of the campaign catalogue's missions and enemy factions: text
//! in files, a type each in code, so that a mission's id is never taken
//! for a faction's.

use crate::rules::core::text_id::text_id;

text_id! {
    /// The id of a mission of the lists (`ambush`).
    MissionId
}

text_id! {
    /// The id of an enemy faction of the catalogue (`chaos`).
    FactionId
}
