//! The roster file format: a versioned envelope, migrations from older
//! schema versions, and parse errors that say where.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::Roster;

/// The schema version this Muster writes.
pub const SCHEMA_VERSION: u32 = 2;

/// What kind of document the envelope's `muster` field names.
pub const ROSTER_KIND: &str = "roster";

/// Why a document could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DocError {
    /// Not valid JSON, or not the shape of a roster.
    #[error("{message} (line {line}, column {column})")]
    Syntax {
        /// serde_json's message.
        message: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A JSON file, but not a Muster document.
    #[error("not a Muster roster: {0}")]
    NotMuster(String),
    /// Written by a newer Muster.
    #[error(
        "written by a newer Muster (schema version {found}; this version reads up to {SCHEMA_VERSION})"
    )]
    TooNew {
        /// The version in the file.
        found: u64,
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
}

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
        return Err(DocError::NotMuster(
            "the file is not a JSON object".to_owned(),
        ));
    };
    let version = match (obj.get("muster"), obj.get("schema_version")) {
        (Some(Value::String(kind)), Some(v)) => {
            if kind != ROSTER_KIND {
                return Err(DocError::NotMuster(format!(
                    "it is a Muster `{kind}`, not a roster"
                )));
            }
            v.as_u64().ok_or_else(|| {
                DocError::NotMuster("`schema_version` is not a whole number".to_owned())
            })?
        }
        (None, _) if obj.contains_key("characters") && obj.contains_key("name") => 1,
        _ => {
            return Err(DocError::NotMuster(
                "no `muster` and `schema_version` fields".to_owned(),
            ));
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
    let envelope: EnvelopeIn = serde_json::from_str(&text).map_err(|e| {
        DocError::NotMuster(format!(
            "after upgrading from schema version {version}: {e}"
        ))
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
