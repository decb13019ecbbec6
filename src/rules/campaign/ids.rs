//! The ids of a campaign's characters and escorts: numbers in files, types
//! in code, so that an id is never taken for a count or for another kind
//! of id.

use serde::{Deserialize, Serialize};

/// Id of a campaign character, unique within the campaign (a number in
/// files). An enemy drawn for a mission has one too: see [`Fighter`](super::Fighter).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct CharId(pub u64);

impl CharId {
    /// The id after this one.
    #[must_use]
    pub fn next(self) -> Self {
        Self(self.0.saturating_add(1))
    }
}

impl std::fmt::Display for CharId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<CharId> for u64 {
    fn from(id: CharId) -> Self {
        id.0
    }
}

impl TryFrom<CharId> for i64 {
    type Error = std::num::TryFromIntError;
    fn try_from(id: CharId) -> Result<Self, Self::Error> {
        Self::try_from(id.0)
    }
}

/// Id of an escort (a player's force), unique within the campaign (a
/// number in files).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct EscortId(pub u32);

impl std::fmt::Display for EscortId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<EscortId> for i64 {
    fn from(id: EscortId) -> Self {
        Self::from(id.0)
    }
}
