//! The close-combat chapter (CC-1 … CC-21): its data, the round after the
//! blows (`melee`).

pub mod data;
pub mod melee;
pub mod odds;
