//! The roster file format: a versioned envelope, migrations from older
//! schema versions, and parse errors that say where.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::Roster;

/// The schema version this Muster writes.
pub const SCHEMA_VERSION: u32 = 2;

/// What kind of document the envelope's `muster` field names.
pub const ROSTER_KIND: &str = "roster";

/// Why a document could not be read. Shown through the translation layer
/// (`Lang::doc_error`); `Display` gives the English text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocError {
    /// Not valid JSON, or not the shape of a roster.
    Syntax {
        /// serde_json's message.
        message: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// Valid JSON, but not an object.
    NotObject,
    /// Another kind of Muster document.
    WrongKind(String),
    /// `schema_version` is not a whole number.
    BadVersion,
    /// Neither a Muster envelope nor a roster of the first format.
    NoEnvelope,
    /// Written by a newer Muster.
    TooNew {
        /// The version in the file.
        found: u64,
    },
    /// An older version whose upgrade did not give a roster.
    UpgradeFailed {
        /// The version in the file.
        from: u64,
        /// What went wrong.
        message: String,
    },
}

impl DocError {
    fn from_json(e: &serde_json::Error) -> Self {
        let message = e.to_string();
        // serde_json appends " at line L column C"; keep the message alone.
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m)
            .to_owned();
        Self::Syntax {
            message,
            line: e.line(),
            column: e.column(),
        }
    }

    /// The message key in the locale files and its arguments.
    pub fn message(&self) -> (&'static str, Vec<(&'static str, String)>) {
        match self {
            Self::Syntax {
                message,
                line,
                column,
            } => (
                "doc.syntax",
                vec![
                    ("message", message.clone()),
                    ("line", line.to_string()),
                    ("column", column.to_string()),
                ],
            ),
            Self::NotObject => ("doc.not_object", Vec::new()),
            Self::WrongKind(kind) => ("doc.wrong_kind", vec![("kind", kind.clone())]),
            Self::BadVersion => ("doc.bad_version", Vec::new()),
            Self::NoEnvelope => ("doc.no_envelope", Vec::new()),
            Self::TooNew { found } => (
                "doc.too_new",
                vec![
                    ("found", found.to_string()),
                    ("supported", SCHEMA_VERSION.to_string()),
                ],
            ),
            Self::UpgradeFailed { from, message } => (
                "doc.upgrade_failed",
                vec![("from", from.to_string()), ("message", message.clone())],
            ),
        }
    }
}

impl std::fmt::Display for DocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::i18n::Lang::En.doc_error(self))
    }
}

impl std::error::Error for DocError {}

#[derive(Serialize)]
struct EnvelopeOut<'a> {
    muster: &'static str,
    schema_version: u32,
    roster: &'a Roster,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EnvelopeIn {
    #[allow(dead_code)]
    muster: String,
    #[allow(dead_code)]
    schema_version: u32,
    roster: Roster,
}

/// The text of a roster file, pretty-printed, ending with a newline.
pub fn roster_to_json(roster: &Roster) -> String {
    let envelope = EnvelopeOut {
        muster: ROSTER_KIND,
        schema_version: SCHEMA_VERSION,
        roster,
    };
    let mut text = serde_json::to_string_pretty(&envelope).unwrap_or_default();
    text.push('\n');
    text
}

/// Schema version 1 (Muster's first format) was the roster object alone,
/// without envelope, with each character's standard type under `kind` and
/// the roster's id missing (the file name was the id).
fn migrate_v1(value: Value, fallback_id: &str) -> Value {
    let mut roster = value;
    if let Some(obj) = roster.as_object_mut() {
        obj.remove("schema_version");
        if !obj.contains_key("id") {
            obj.insert("id".to_owned(), Value::String(fallback_id.to_owned()));
        }
        if let Some(Value::Array(characters)) = obj.get_mut("characters") {
            for c in characters.iter_mut().filter_map(Value::as_object_mut) {
                if let Some(kind) = c.remove("kind")
                    && !kind.is_null()
                {
                    c.insert("type".to_owned(), kind);
                }
            }
        }
    }
    serde_json::json!({
        "muster": ROSTER_KIND,
        "schema_version": SCHEMA_VERSION,
        "roster": roster,
    })
}

/// Reads a roster file's text, migrating older versions. `fallback_id` is
/// used when a version-1 file has no id (its file stem).
pub fn parse_roster(text: &str, fallback_id: &str) -> Result<Roster, DocError> {
    let value: Value = serde_json::from_str(text).map_err(|e| DocError::from_json(&e))?;
    let Some(obj) = value.as_object() else {
        return Err(DocError::NotObject);
    };
    let version = match (obj.get("muster"), obj.get("schema_version")) {
        (Some(Value::String(kind)), Some(v)) => {
            if kind != ROSTER_KIND {
                return Err(DocError::WrongKind(kind.clone()));
            }
            v.as_u64().ok_or(DocError::BadVersion)?
        }
        (None, _) if obj.contains_key("characters") && obj.contains_key("name") => 1,
        _ => {
            return Err(DocError::NoEnvelope);
        }
    };
    if version > u64::from(SCHEMA_VERSION) {
        return Err(DocError::TooNew { found: version });
    }
    if version == u64::from(SCHEMA_VERSION) {
        // Parse the text again, typed, so shape errors keep their line and column.
        let envelope: EnvelopeIn =
            serde_json::from_str(text).map_err(|e| DocError::from_json(&e))?;
        return Ok(envelope.roster);
    }
    let migrated = migrate_v1(value, fallback_id);
    let text = serde_json::to_string_pretty(&migrated).unwrap_or_default();
    let envelope: EnvelopeIn =
        serde_json::from_str(&text).map_err(|e| DocError::UpgradeFailed {
            from: version,
            message: e.to_string(),
        })?;
    Ok(envelope.roster)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Character;

    #[test]
    fn round_trip() {
        let mut r = Roster::new("abc", "Band");
        r.characters.push(Character::new(1, "Kal", "human"));
        let text = roster_to_json(&r);
        assert_eq!(parse_roster(&text, "x"), Ok(r));
    }

    #[test]
    fn older_schema_version_loads() {
        let v1 = r#"{"name": "Old band", "characters": [
            {"id": 1, "name": "Kal", "race": "human", "kind": "champion"}]}"#;
        let r = parse_roster(v1, "old-band").expect("v1 loads");
        assert_eq!(r.id, "old-band");
        assert_eq!(r.characters[0].type_id.as_deref(), Some("champion"));
    }

    #[test]
    fn errors_say_where() {
        let err = parse_roster("{\n  \"muster\": \"roster\",\n  oops\n}", "x").unwrap_err();
        let DocError::Syntax { line, .. } = err else {
            panic!("expected a syntax error, got {err:?}");
        };
        assert_eq!(line, 3);
        let shape = "{\"muster\": \"roster\", \"schema_version\": 2,\n\"roster\": {\"id\": \"a\", \"name\": 5}}";
        let err = parse_roster(shape, "x").unwrap_err();
        assert!(matches!(err, DocError::Syntax { line: 2, .. }), "{err:?}");
    }

    #[test]
    fn newer_version_is_refused() {
        let text = r#"{"muster": "roster", "schema_version": 99, "roster": {}}"#;
        assert_eq!(parse_roster(text, "x"), Err(DocError::TooNew { found: 99 }));
    }
}
