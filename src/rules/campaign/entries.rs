//! The journal's entries: one event as applied, its stamp (which event,
//! when, where and by whom it was made), the events held aside, and the
//! stamps given to the events added.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::super::core::msg::Msg;
use super::Campaign;
use super::edit::CampaignEdit;
use super::ids::MachineId;

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
    pub id: String,
    /// When, in UTC (`2026-11-25T17:36:36Z`); none for an older event. A
    /// text that is not such a time is refused where it stands.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "stamp_time"
    )]
    pub at: Option<String>,
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
    pub at: Option<&'a str>,
    /// The machine's name.
    pub by: Option<&'a str>,
    /// The player's name.
    pub player: Option<&'a str>,
}

/// A stamp's id as read: any text but an empty one.
fn stamp_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let id = String::deserialize(d)?;
    if id.trim().is_empty() {
        return Err(serde::de::Error::invalid_value(
            serde::de::Unexpected::Str(&id),
            &"an id that is not empty: every event of a journal has its own",
        ));
    }
    Ok(id)
}

/// A stamp's time as read: a UTC time as RFC 3339 writes it.
fn stamp_time<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let at = String::deserialize(d)?;
    if !is_utc_time(&at) {
        return Err(serde::de::Error::invalid_value(
            serde::de::Unexpected::Str(&at),
            &"a time in UTC, as 2026-11-25T17:36:36Z",
        ));
    }
    Ok(Some(at))
}

/// Whether `text` is a time as stamps write it: `YYYY-MM-DDTHH:MM:SS`,
/// fractions of a second allowed, then `Z` or an offset (`+01:00`), each
/// field within its range.
pub fn is_utc_time(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |from: usize, len: usize| -> Option<u32> {
        let part = text.get(from..from + len)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    let punct = [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':')];
    if b.len() < 20
        || punct
            .iter()
            .any(|&(i, c)| b[i] != c && !(i == 10 && b[i] == b't'))
    {
        return false;
    }
    let fields = [
        (digits(0, 4), 0..=9999),
        (digits(5, 2), 1..=12),
        (digits(8, 2), 1..=31),
        (digits(11, 2), 0..=23),
        (digits(14, 2), 0..=59),
        (digits(17, 2), 0..=60),
    ];
    if !fields
        .iter()
        .all(|(v, r)| v.is_some_and(|v| r.contains(&v)))
    {
        return false;
    }
    let mut rest = &text[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    match rest.as_bytes() {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', ..] if rest.len() == 6 => {
            digits(text.len() - 5, 2).is_some_and(|h| h <= 23)
                && rest.as_bytes()[3] == b':'
                && digits(text.len() - 2, 2).is_some_and(|m| m <= 59)
        }
        _ => false,
    }
}

/// Stamps the events added to the journal since it held `before`
/// entries, each with its own id from `id`; those already stamped are
/// left alone.
pub fn stamp_since(
    c: &mut Campaign,
    before: usize,
    mut id: impl FnMut() -> String,
    maker: Maker<'_>,
) {
    c.journal.change_from(before, |entry| {
        if entry.stamp.is_some() {
            return Arc::clone(entry);
        }
        let mut e = Entry::clone(entry);
        e.stamp = Some(Stamp {
            id: id(),
            at: maker.at.map(str::to_owned),
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
            Some(s) => s.id.clone(),
            None => serde_json::to_string(self).unwrap_or_default(),
        }
    }
}
