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

/// A machine's id among those sharing a campaign: the name of the journal
/// it alone writes (16 lowercase hex digits for a Muster's own; a journal
/// a sync tool copied under another name is read as another machine's, so
/// any name its file has is one).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MachineId(String);

impl MachineId {
    /// The id of a Muster's own making written in `text`, if it is one (16
    /// hex digits, surrounding blanks allowed).
    pub fn parse(text: &str) -> Option<Self> {
        let t = text.trim();
        (t.len() == 16 && t.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Self(t.to_ascii_lowercase()))
    }

    /// The id as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for MachineId {
    /// The machine whose journal is named `name`.
    fn from(name: &str) -> Self {
        Self(name.to_owned())
    }
}

impl From<String> for MachineId {
    /// The machine whose journal is named `name`.
    fn from(name: String) -> Self {
        Self(name)
    }
}

impl std::fmt::Display for MachineId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for MachineId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for MachineId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}
