//! The document file format, the same for every kind: a versioned envelope
//! `{"muster": KIND, "schema_version": N, KIND: {…}}`, migrations from older
//! schema versions, and parse errors that say what and where.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserializer;
use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde_json::Value;

use crate::rules::{Document, Msg};

mod error;
mod write;

pub use error::DocError;
pub use write::{KeptTexts, to_json, to_json_kept};

/// The schema version this Muster writes. Within it, an unknown field is an
/// error; a newer version is refused ("made by a newer Muster"), an older
/// one upgraded.
///
/// - 1: a roster alone, without the envelope.
/// - 2: the envelope, every kind.
/// - 3: a campaign's journal events may carry a stamp (who made each and
///   when), which a Muster of version 2 would not know.
/// - 4: a campaign's table keeps each kill-team soldier's turn, and its
///   journal the actions taken at the table, which a Muster of version 3
///   would not know.
/// - 5: the reroll stratagem on an item's dice (a journal event, and what
///   the table keeps of the item's target to put it back), which a Muster
///   of version 4 would not know.
/// - 6: a character's weapon keeps its shooting profile (ranges, to-hit
///   modifiers, damage, sustained fire, template), which a Muster of
///   version 5 would not know.
/// - 7: a campaign written as one file keeps the events held aside (two
///   machines' events that could not both stand) and the players' choices
///   about them, a kill-team soldier's free item and ribbon may be given
///   later (an event), and an item's use records whether the soldier moved
///   by it, which a Muster of version 6 would not know.
/// - 8: a campaign records the rules it is played under (the group's house
///   rules, changes to the built-in data) in its journal, which a Muster of
///   version 7 would not know.
/// - 9: a campaign event's stamp names the player who made it, and the
///   wounds a fight applied to a campaign's table name the fight's sides
///   (who dealt them), which a Muster of version 8 would not know.
pub const SCHEMA_VERSION: u32 = 9;

/// The oldest schema version whose files read as the current one: each
/// version since only added optional fields. Such a file is read as it
/// is, on the fast path, and an error in it points at its own line and
/// field, not at an upgraded copy.
pub const SAME_SHAPE_SINCE: u32 = 2;

/// Whether a file of schema `version` reads as the current one.
fn same_shape(version: u64) -> bool {
    (u64::from(SAME_SHAPE_SINCE)..=u64::from(SCHEMA_VERSION)).contains(&version)
}

/// Reads the envelope of kind `K` from the text, typed, so that shape errors
/// keep their line, column and place, and repeated or unknown fields at the
/// top are refused like those inside.
struct EnvelopeSeed<K>(PhantomData<K>);

impl<'de, K: Document> DeserializeSeed<'de> for EnvelopeSeed<K> {
    type Value = K;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<K, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de, K: Document> Visitor<'de> for EnvelopeSeed<K> {
    type Value = K;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a Muster {} document", K::KIND.as_str())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<K, A::Error> {
        let fields: &'static [&'static str] = &["muster", "schema_version"];
        let (mut kind, mut version, mut doc) = (false, false, None);
        while let Some(key) = map.next_key::<String>()? {
            let seen = match key.as_str() {
                "muster" => std::mem::replace(&mut kind, true),
                "schema_version" => std::mem::replace(&mut version, true),
                k if k == K::KIND.as_str() => doc.is_some(),
                other => {
                    return Err(de::Error::custom(format!(
                        "unknown field `{other}`, expected one of `muster`, `schema_version`, `{}`",
                        K::KIND.as_str()
                    )));
                }
            };
            if seen {
                return Err(de::Error::custom(format!("duplicate field `{key}`")));
            }
            if key == K::KIND.as_str() {
                doc = Some(map.next_value::<K>()?);
            } else {
                map.next_value::<de::IgnoredAny>()?;
            }
        }
        let _ = fields;
        doc.ok_or_else(|| de::Error::missing_field(K::KIND.as_str()))
    }
}

/// Parses typed, keeping where an error is.
fn parse_typed<K: Document>(text: &str) -> Result<K, DocError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let mut track = serde_path_to_error::Track::new();
    let typed = EnvelopeSeed::<K>(PhantomData)
        .deserialize(serde_path_to_error::Deserializer::new(&mut de, &mut track));
    match typed.and_then(|doc| de.end().map(|()| doc)) {
        Ok(doc) => Ok(doc),
        Err(e) => {
            let at = track.path().to_string();
            let at = if at == "." || at == "?" {
                String::new()
            } else {
                at
            };
            Err(DocError::from_json(&e, at))
        }
    }
}

/// A file of kind `K` and the current version (or one of the same shape),
/// written as Muster writes it, read in one pass with no tree built; `None` for anything else (a
/// file of another kind gives up at its first value).
pub fn parse_fast<K: Document>(text: &str) -> Option<K> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.deserialize_map(FastEnvelope::<K>(PhantomData))
        .and_then(|doc| de.end().map(|()| doc))
        .ok()
}

/// Reads an envelope written as Muster writes it — `muster`, then
/// `schema_version`, then the payload — of kind `K` and the current
/// version, in one pass; anything else is an error that sends the caller
/// to the careful path.
struct FastEnvelope<K>(PhantomData<K>);

impl<'de, K: Document> Visitor<'de> for FastEnvelope<K> {
    type Value = K;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a Muster {} document", K::KIND.as_str())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<K, A::Error> {
        let other = || de::Error::custom("not the usual envelope");
        if map.next_key::<std::borrow::Cow<'de, str>>()?.as_deref() != Some("muster")
            || map.next_value::<std::borrow::Cow<'de, str>>()? != K::KIND.as_str()
            || map.next_key::<std::borrow::Cow<'de, str>>()?.as_deref() != Some("schema_version")
            || !same_shape(map.next_value::<u64>()?)
            || map.next_key::<std::borrow::Cow<'de, str>>()?.as_deref() != Some(K::KIND.as_str())
        {
            return Err(other());
        }
        let doc = map.next_value::<K>()?;
        if map.next_key::<de::IgnoredAny>()?.is_some() {
            return Err(other());
        }
        Ok(doc)
    }
}

/// What the envelope of a text says: its kind and schema version, or `None`
/// for a bare roster of the first format.
pub fn peek(text: &str) -> Result<(Value, Option<(String, u64)>), DocError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| DocError::from_json(&e, String::new()))?;
    let Some(obj) = value.as_object() else {
        return Err(DocError::NotObject);
    };
    let head = match (obj.get("muster"), obj.get("schema_version")) {
        (Some(Value::String(kind)), Some(v)) => {
            Some((kind.clone(), v.as_u64().ok_or(DocError::BadVersion)?))
        }
        (Some(Value::String(_)), None) => return Err(DocError::BadVersion),
        _ => None,
    };
    Ok((value, head))
}

/// Reads a document of kind `K` from its file's text, upgrading older schema
/// versions. `fallback_id` (the file's name) is the id of a first-format
/// file that had none.
pub fn parse<K: Document>(text: &str, fallback_id: &str) -> Result<K, DocError> {
    // The usual case, a file of this kind and version: its envelope is
    // skimmed and its payload read once, typed, with no tree built. Any
    // trouble takes the careful path below, which says where it is.
    if let Some(doc) = parse_fast::<K>(text) {
        return Ok(doc);
    }
    let (value, head) = peek(text)?;
    let enveloped = head.is_some();
    let version = match head {
        Some((kind, version)) => {
            if kind != K::KIND.as_str() {
                return Err(DocError::WrongKind {
                    found: kind,
                    expected: K::KIND.as_str(),
                });
            }
            version
        }
        None if value.as_object().is_some_and(K::is_bare_v1) => 1,
        None => return Err(DocError::NoEnvelope),
    };
    if version > u64::from(SCHEMA_VERSION) {
        return Err(DocError::TooNew { found: version });
    }
    if same_shape(version) {
        return parse_typed(text);
    }
    let payload = if !enveloped {
        value
    } else {
        let mut value = value;
        value
            .as_object_mut()
            .and_then(|o| o.remove(K::KIND.as_str()))
            .unwrap_or(Value::Null)
    };
    let failed = |reason: Msg| DocError::UpgradeFailed {
        from: version,
        reason,
    };
    let mut payload = payload;
    // Up to the oldest same-shape version; the rest reads as it is.
    for from in version..u64::from(SAME_SHAPE_SINCE) {
        payload = K::migrate(from, payload, fallback_id).map_err(failed)?;
    }
    let envelope = serde_json::json!({
        "muster": K::KIND.as_str(),
        "schema_version": SCHEMA_VERSION,
        K::KIND.as_str(): payload,
    });
    let text = serde_json::to_string_pretty(&envelope)
        .map_err(|e| failed(Msg::new("doc.serialize").text("message", e.to_string())))?;
    parse_typed(&text).map_err(|e| failed(e.msg()))
}

#[cfg(test)]
mod tests;
