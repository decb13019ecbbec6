//! The journal's entries: one event as applied, its stamp (which event,
//! when, where and by whom it was made), the events held aside, and the
//! stamps given to the events added.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::super::core::msg::Msg;
use super::Campaign;
use super::edit::CampaignEdit;
use super::ids::MachineId;
use super::stamp::{StampId, StampTime};

/// One event of the journal: the edit as applied, every die filled in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The mission it belongs to (0 before the first).
    pub mission: u32,
    /// What was done.
    pub event: CampaignEdit,
    /// Who made it, where and when: given by the app that recorded it (a
    /// journal made by hand or by the command line has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stamp: Option<Stamp>,
}

/// What tells one event from every other, on every machine of a group:
/// a merge of two versions never doubles an event, and the
/// journal can say where it was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stamp {
    /// Unique: 16 hex digits drawn when the event was made (`legacy-…` for
    /// an event older than stamps, from its place and content, the same on
    /// every machine). Never empty.
    #[serde(deserialize_with = "stamp_id")]
    pub id: StampId,
    /// When, in UTC (`2026-11-25T17:36:36Z`); none for an older event. A
    /// text that is not such a time is refused where it stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<StampTime>,
    /// The name of the machine it was made on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// The name of the player who made it, as he gave it on that machine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

impl Stamp {
    /// Who made the event, as the journal says it: "Camille on the
    /// laptop", the player alone, or the machine alone; none when the
    /// stamp names neither.
    pub fn who(&self) -> Option<Msg> {
        who_made(self.player.as_deref(), self.by.as_deref())
    }
}

/// Who made an event, from the player's and the machine's names as a
/// stamp gives them (see [`Stamp::who`]).
pub fn who_made(player: Option<&str>, machine: Option<&str>) -> Option<Msg> {
    match (player, machine) {
        (Some(player), Some(machine)) => Some(
            Msg::new("stamp.player_on")
                .text("player", player)
                .text("machine", machine),
        ),
        (Some(name), None) | (None, Some(name)) => Some(Msg::verbatim(name)),
        (None, None) => None,
    }
}

/// Who makes the events being stamped, and when.
#[derive(Clone, Copy, Debug, Default)]
pub struct Maker<'a> {
    /// When, in UTC.
    pub at: Option<&'a StampTime>,
    /// The machine's name.
    pub by: Option<&'a str>,
    /// The player's name.
    pub player: Option<&'a str>,
}

/// A stamp's id as read: any text but an empty one.
fn stamp_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<StampId, D::Error> {
    let id = String::deserialize(d)?;
    if id.trim().is_empty() {
        return Err(serde::de::Error::invalid_value(
            serde::de::Unexpected::Str(&id),
            &"an id that is not empty: every event of a journal has its own",
        ));
    }
    Ok(StampId::from(id))
}

/// Stamps the events added to the journal since it held `before`
/// entries, each with its own id from `id`; those already stamped are
/// left alone.
pub fn stamp_since(
    c: &mut Campaign,
    before: usize,
    mut id: impl FnMut() -> StampId,
    maker: Maker<'_>,
) {
    c.journal.change_from(before, |entry| {
        if entry.stamp.is_some() {
            return Arc::clone(entry);
        }
        let mut e = Entry::clone(entry);
        e.stamp = Some(Stamp {
            id: id(),
            at: maker.at.cloned(),
            by: maker.by.map(str::to_owned),
            player: maker.player.map(str::to_owned),
        });
        Arc::new(e)
    });
}

/// An event held aside in a campaign written as one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeldEvent {
    /// The event, as it was made.
    pub entry: Arc<Entry>,
    /// The id of the machine whose journal held it.
    pub machine: MachineId,
    /// The key ([`Entry::key`]) of the event the players kept instead:
    /// set aside by their choice. None: it waits for them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<String>,
}

impl Entry {
    /// What names the event in a choice: its stamp's id, or for an event
    /// without a stamp its whole text.
    pub fn key(&self) -> String {
        match &self.stamp {
            Some(s) => s.id.to_string(),
            None => serde_json::to_string(self).unwrap_or_default(),
        }
    }
}
