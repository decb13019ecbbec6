//! The document file format, the same for every kind: a versioned envelope
//! `{"muster": KIND, "schema_version": N, KIND: {…}}`, migrations from older
//! schema versions, and parse errors that say what and where.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::ser::SerializeMap as _;
use serde::{Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::rules::doc::SavedItem;
use crate::rules::{Document, Msg};

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

/// Why a document could not be read or written. Data, not text: shown
/// through the translation layer from [`DocError::msg`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocError {
    /// Not valid JSON, or a value of the wrong type.
    Syntax {
        /// serde_json's message.
        message: String,
        /// Where in the document (`roster.characters[0].advances`), if known.
        at: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A field this schema version does not have (a misspelling, or a file
    /// edited by hand).
    UnknownField {
        /// The field's name.
        field: String,
        /// The closest field of the schema, if one is close.
        suggestion: Option<String>,
        /// Where (`roster.characters[0]`).
        at: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A field given twice in one object (the second would silently win).
    DuplicateField {
        /// The field's name.
        field: String,
        /// Where.
        at: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// Valid JSON, but not an object.
    NotObject,
    /// A Muster document of another kind than the one expected.
    WrongKind {
        /// The kind in the file.
        found: String,
        /// The kind expected.
        expected: &'static str,
    },
    /// A kind of document this Muster does not know.
    UnknownKind(String),
    /// `schema_version` is not a whole number.
    BadVersion,
    /// Neither a Muster envelope nor a roster of the first format.
    NoEnvelope,
    /// Written by a newer Muster.
    TooNew {
        /// The version in the file.
        found: u64,
    },
    /// A machine's journal of a newer journal format than this Muster
    /// reads (its header's `format`).
    JournalTooNew {
        /// The format in the journal's header.
        format: u64,
        /// The newest format this Muster reads.
        supported: u64,
    },
    /// A byte that is not text (not UTF-8).
    NotText {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
    },
    /// An older version whose upgrade failed.
    UpgradeFailed {
        /// The version in the file.
        from: u64,
        /// What went wrong.
        reason: Msg,
    },
    /// A machine's journal whose first line is not its header, or with a
    /// second header.
    JournalHeader {
        /// 1-based line.
        line: usize,
    },
    /// The document could not be turned into JSON (nothing was written).
    Serialize(String),
    /// Read, but this Muster cannot honour it (a campaign's house rules
    /// naming a value it does not know): why.
    Refused(Msg),
}

impl DocError {
    /// The first byte of `bytes` that is not text, after `valid_up_to` bytes
    /// that are (`Utf8Error::valid_up_to`), placed by line and column.
    pub fn not_text(bytes: &[u8], valid_up_to: usize) -> Self {
        let valid = &bytes[..valid_up_to.min(bytes.len())];
        let line_start = valid.iter().rposition(|b| *b == b'\n').map_or(0, |n| n + 1);
        let before = std::str::from_utf8(&valid[line_start..]).map_or(0, |t| t.chars().count());
        Self::NotText {
            line: valid.iter().filter(|b| **b == b'\n').count() + 1,
            column: before + 1,
        }
    }

    /// The 1-based line the fault is on, when it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            Self::Syntax { line, .. }
            | Self::UnknownField { line, .. }
            | Self::DuplicateField { line, .. }
            | Self::JournalHeader { line }
            | Self::NotText { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// The same fault, placed on line `n` of a file of one JSON value a
    /// line (a machine's journal), where the parser saw only that line.
    #[must_use]
    pub fn on_line(mut self, n: usize) -> Self {
        if let Self::Syntax { line, .. }
        | Self::UnknownField { line, .. }
        | Self::DuplicateField { line, .. }
        | Self::JournalHeader { line } = &mut self
        {
            *line = n;
        }
        self
    }

    /// The message key and its arguments.
    pub fn msg(&self) -> Msg {
        match self {
            Self::Syntax {
                message,
                at,
                line,
                column,
            } => {
                // The parser's words only for a value of the wrong kind or
                // one it does not know (they name what was expected); the
                // text's own faults are said plainly.
                let key = if message.starts_with("EOF while parsing") {
                    "doc.cut_off"
                } else if !["invalid", "missing", "unknown variant"]
                    .iter()
                    .any(|w| message.starts_with(w))
                {
                    "doc.not_json"
                } else if at.is_empty() {
                    "doc.syntax"
                } else {
                    "doc.syntax_at"
                };
                let msg = Msg::new(key).int("line", *line);
                match key {
                    "doc.cut_off" => msg,
                    "doc.not_json" => msg.int("column", *column),
                    _ => msg
                        .text("message", message)
                        .text("at", at)
                        .int("column", *column),
                }
            }
            Self::UnknownField {
                field,
                suggestion,
                at,
                line,
                column,
            } => {
                let m = Msg::new(match (suggestion.is_some(), at.is_empty()) {
                    (true, false) => "doc.unknown_field_suggest",
                    (false, false) => "doc.unknown_field",
                    (true, true) => "doc.unknown_field_top_suggest",
                    (false, true) => "doc.unknown_field_top",
                })
                .text("field", field)
                .text("at", at)
                .int("line", *line)
                .int("column", *column);
                match suggestion {
                    Some(s) => m.text("suggestion", s),
                    None => m,
                }
            }
            Self::DuplicateField {
                field,
                at,
                line,
                column,
            } => Msg::new(if at.is_empty() {
                "doc.duplicate_field_top"
            } else {
                "doc.duplicate_field"
            })
            .text("field", field)
            .text("at", at)
            .int("line", *line)
            .int("column", *column),
            Self::NotObject => Msg::new("doc.not_object"),
            Self::WrongKind { found, expected } => Msg::new("doc.wrong_kind")
                .text("kind", found)
                .text("expected", *expected),
            Self::UnknownKind(kind) => Msg::new("doc.unknown_kind").text("kind", kind),
            Self::BadVersion => Msg::new("doc.bad_version"),
            Self::NoEnvelope => Msg::new("doc.no_envelope"),
            Self::TooNew { found } => Msg::new("doc.too_new")
                .int("found", *found)
                .int("supported", SCHEMA_VERSION),
            Self::JournalTooNew { format, supported } => Msg::new("doc.journal_too_new")
                .int("format", *format)
                .int("supported", *supported),
            Self::NotText { line, column } => Msg::new("doc.not_text")
                .int("line", *line)
                .int("column", *column),
            Self::UpgradeFailed { from, reason } => Msg::new("doc.upgrade_failed")
                .int("from", *from)
                .msg("reason", reason.clone()),
            Self::JournalHeader { line } => Msg::new("doc.journal_header").int("line", *line),
            Self::Serialize(message) => Msg::new("doc.serialize").text("message", message),
            Self::Refused(why) => why.clone(),
        }
    }

    pub(crate) fn from_json(e: &serde_json::Error, at: String) -> Self {
        let text = e.to_string();
        // serde_json appends " at line L column C"; keep the message alone.
        let message = text
            .rsplit_once(" at line ")
            .map_or(text.as_str(), |(m, _)| m)
            .to_owned();
        let (line, column) = (e.line(), e.column());
        let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
        if message.starts_with("unknown field") || message.starts_with("unknown characteristic") {
            let field = quoted.first().copied().unwrap_or_default().to_owned();
            let suggestion = closest(&field, &quoted[1.min(quoted.len())..]);
            return Self::UnknownField {
                field,
                suggestion,
                at,
                line,
                column,
            };
        }
        if message.starts_with("duplicate field") {
            return Self::DuplicateField {
                field: quoted.first().copied().unwrap_or_default().to_owned(),
                at,
                line,
                column,
            };
        }
        Self::Syntax {
            message,
            at,
            line,
            column,
        }
    }
}

/// The expected name closest to `field`, if it is close enough to be a
/// misspelling of it.
fn closest(field: &str, expected: &[&str]) -> Option<String> {
    let lower = field.to_lowercase();
    expected
        .iter()
        .map(|e| (strsim::levenshtein(&lower, &e.to_lowercase()), *e))
        .filter(|(d, e)| *d <= (e.chars().count() / 3).max(2))
        .min_by_key(|(d, _)| *d)
        .map(|(_, e)| e.to_owned())
}

impl fmt::Display for DocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg().plain())
    }
}

impl std::error::Error for DocError {}

struct EnvelopeOut<'a, K>(&'a K);

impl<K: Document> Serialize for EnvelopeOut<'_, K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("muster", K::KIND.as_str())?;
        map.serialize_entry("schema_version", &SCHEMA_VERSION)?;
        map.serialize_entry(K::KIND.as_str(), self.0)?;
        map.end()
    }
}

/// The text of a document's file, pretty-printed, ending with a newline. A
/// failure is an error, never an empty text saved over the file.
pub fn to_json<K: Document>(doc: &K) -> Result<String, DocError> {
    let mut text = serde_json::to_string_pretty(&EnvelopeOut(doc))
        .map_err(|e| DocError::Serialize(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// The text of each item of a document's shared lists as last saved, kept
/// for the next save of the same file.
#[derive(Default)]
pub struct KeptTexts {
    lists: Vec<KeptList>,
}

/// One list's items and their texts, in order.
struct KeptList {
    field: &'static str,
    items: Vec<(Arc<dyn SavedItem>, Box<str>)>,
}

impl KeptTexts {
    /// How many item texts are kept.
    pub fn len(&self) -> usize {
        self.lists.iter().map(|l| l.items.len()).sum()
    }

    /// Whether no text is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl fmt::Debug for KeptTexts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeptTexts")
            .field("items", &self.len())
            .finish()
    }
}

/// Where a document's fields are in its file: inside the envelope, one
/// level in.
const FIELD_INDENT: &str = "\n    ";
/// Where the items of a document's list are: one more level in.
const ITEM_INDENT: &str = "\n      ";

/// The same text as [`to_json`], made faster: the items of the document's
/// shared lists ([`Document::shared_lists`]) that `kept` holds from the last
/// save keep their text; only new or changed ones are made, and `kept` is
/// updated for the next save.
pub fn to_json_kept<K: Document>(doc: &K, kept: &mut KeptTexts) -> Result<String, DocError> {
    let Some((bare, lists)) = doc.shared_lists() else {
        return to_json(doc);
    };
    let text = to_json(&bare)?;
    // Each list is `[]` in the bare text, once, at the document's level
    // (strings hold no raw line break, so the mark is only found there).
    let mut places = Vec::with_capacity(lists.len());
    for list in &lists {
        let mark = format!("{FIELD_INDENT}\"{}\": []", list.field);
        let mut found = text.match_indices(&mark);
        match (found.next(), found.next()) {
            (Some((at, _)), None) => places.push(at + mark.len() - 1),
            // Not where it was expected: the plain way is always right.
            _ => {
                *kept = KeptTexts::default();
                return to_json(doc);
            }
        }
    }
    let mut old = std::mem::take(&mut kept.lists);
    for list in lists {
        let mut before = old
            .iter()
            .position(|l| l.field == list.field)
            .map(|i| old.swap_remove(i).items)
            .unwrap_or_default()
            .into_iter();
        let mut items = Vec::with_capacity(list.items.len());
        for item in list.items {
            let text = match before.next() {
                Some((was, text)) if std::ptr::addr_eq(Arc::as_ptr(&was), Arc::as_ptr(&item)) => {
                    text
                }
                _ => item
                    .to_pretty_json()
                    .map_err(|e| DocError::Serialize(e.to_string()))?
                    .replace('\n', ITEM_INDENT)
                    .into_boxed_str(),
            };
            items.push((item, text));
        }
        kept.lists.push(KeptList {
            field: list.field,
            items,
        });
    }
    let mut order: Vec<(usize, &KeptList)> = places.into_iter().zip(&kept.lists).collect();
    order.sort_by_key(|(at, _)| *at);
    let extra: usize = kept
        .lists
        .iter()
        .flat_map(|l| &l.items)
        .map(|(_, t)| t.len() + ITEM_INDENT.len() + 1)
        .sum::<usize>()
        + kept.lists.len() * FIELD_INDENT.len();
    let mut out = String::with_capacity(text.len() + extra);
    let mut from = 0;
    for (at, list) in order {
        out.push_str(&text[from..at]);
        if !list.items.is_empty() {
            for (i, (_, item)) in list.items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(ITEM_INDENT);
                out.push_str(item);
            }
            out.push_str(FIELD_INDENT);
        }
        from = at;
    }
    out.push_str(&text[from..]);
    Ok(out)
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
mod tests {
    use super::*;
    use crate::rules::{Character, Roster};

    #[test]
    fn round_trip() {
        let mut r = Roster::new("abc", "Band");
        r.characters.push(Character::new(1, "Kal", "human"));
        let text = to_json(&r).expect("serializes");
        assert!(text.starts_with(&format!(
            "{{\n  \"muster\": \"roster\",\n  \"schema_version\": {SCHEMA_VERSION},"
        )));
        assert_eq!(parse::<Roster>(&text, "x"), Ok(r));
    }

    #[test]
    fn older_schema_version_loads() {
        let v1 = r#"{"name": "Old band", "characters": [
            {"id": 1, "name": "Kal", "race": "human", "kind": "champion"}]}"#;
        let r = parse::<Roster>(v1, "old-band").expect("v1 loads");
        assert_eq!(r.id, "old-band");
        assert_eq!(r.characters[0].type_id.as_deref(), Some("champion"));
    }

    #[test]
    fn errors_say_where() {
        let err = parse::<Roster>("{\n  \"muster\": \"roster\",\n  oops\n}", "x").unwrap_err();
        let DocError::Syntax { line, .. } = err else {
            panic!("expected a syntax error, got {err:?}");
        };
        assert_eq!(line, 3);
        let shape = "{\"muster\": \"roster\", \"schema_version\": 2,\n\"roster\": {\"id\": \"a\", \"name\": 5}}";
        let err = parse::<Roster>(shape, "x").unwrap_err();
        assert!(
            matches!(&err, DocError::Syntax { line: 2, at, .. } if at == "roster.name"),
            "{err:?}"
        );
    }

    #[test]
    fn newer_version_is_refused() {
        let text = r#"{"muster": "roster", "schema_version": 99, "roster": {}}"#;
        assert_eq!(
            parse::<Roster>(text, "x"),
            Err(DocError::TooNew { found: 99 })
        );
    }

    #[test]
    fn a_misspelled_field_is_named_with_its_place_and_the_close_match() {
        let text = r#"{"muster": "roster", "schema_version": 2, "roster": {"id": "a", "name": "B",
            "characters": [{"id": 1, "name": "Kal", "race": "human", "advance_point": 2}]}}"#;
        let err = parse::<Roster>(text, "x").unwrap_err();
        let DocError::UnknownField {
            field,
            suggestion,
            at,
            line,
            ..
        } = &err
        else {
            panic!("expected an unknown field, got {err:?}");
        };
        assert_eq!(field, "advance_point");
        assert_eq!(suggestion.as_deref(), Some("advance_points"));
        assert!(at.starts_with("roster.characters[0]"), "{at}");
        assert_eq!(*line, 2);
    }

    #[test]
    fn a_repeated_field_anywhere_is_refused() {
        let advances = r#"{"muster": "roster", "schema_version": 2, "roster": {"id": "a", "name": "B",
            "characters": [{"id": 1, "name": "Kal", "race": "human", "advance_points": 2,
            "advances": {"WP": 1, "Int": 1, "WP": 0}}]}}"#;
        let err = parse::<Roster>(advances, "x").unwrap_err();
        assert!(
            matches!(&err, DocError::DuplicateField { field, .. } if field == "WP"),
            "{err:?}"
        );
        let top = r#"{"muster": "roster", "schema_version": 2, "schema_version": 2, "roster": {}}"#;
        let err = parse::<Roster>(top, "x").unwrap_err();
        assert!(
            matches!(&err, DocError::DuplicateField { field, .. } if field == "schema_version"),
            "{err:?}"
        );
    }
}
