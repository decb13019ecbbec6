//! The envelope's tests: a round trip, older and newer schema versions,
//! errors that say where, misspelled and repeated fields.

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
