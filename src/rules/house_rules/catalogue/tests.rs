//! The catalogue's tests: each type of value takes, refuses and shows what
//! it should, a place splits at its first slash, the catalogue's check
//! finds what it looks for, a profile's text reads in its order.

use super::*;
use crate::rules::core::problem::ProblemKind;
use serde_json::json;

fn integer(min: i64, max: i64) -> ValueType {
    ValueType::Integer { min, max }
}

fn key(r: Result<(), Problem>) -> &'static str {
    r.expect_err("refused").key
}

#[test]
fn an_integer_within_its_bounds_is_taken() {
    assert!(integer(1, 10).check(&json!(1)).is_ok());
    assert!(integer(1, 10).check(&json!(10)).is_ok());
    assert!(integer(-6, 6).check(&json!(-6)).is_ok());
}

#[test]
fn an_integer_refuses_what_is_not_a_whole_number() {
    for v in [json!(2.5), json!("7"), json!(true), json!(null), json!([7])] {
        let p = integer(1, 10).check(&v).expect_err("refused");
        assert_eq!(p.kind, ProblemKind::NotInteger, "{v}");
        assert_eq!(p.rule, RULE);
    }
    let p = integer(1, 10).check(&json!("seven")).expect_err("refused");
    assert_eq!(p.get("value"), Some("seven"), "a text without its quotes");
}

#[test]
fn an_integer_below_its_min_names_the_min() {
    let p = integer(2, 6).check(&json!(1)).expect_err("refused");
    assert_eq!(p.kind, ProblemKind::BelowMin);
    assert_eq!(p.get("min"), Some("2"));
    assert_eq!(p.get("value"), Some("1"));
}

#[test]
fn an_integer_above_its_max_names_the_max() {
    let p = integer(2, 6).check(&json!(7)).expect_err("refused");
    assert_eq!(p.kind, ProblemKind::AboveMax);
    assert_eq!(p.get("max"), Some("6"));
    assert_eq!(p.get("value"), Some("7"));
}

#[test]
fn a_number_takes_decimals_within_its_bounds_and_refuses_the_rest() {
    let t = ValueType::Number {
        min: 0.0,
        max: 90.0,
    };
    assert!(t.check(&json!(22.5)).is_ok());
    assert!(t.check(&json!(45)).is_ok());
    assert_eq!(key(t.check(&json!("45"))), "house_rules.refused.not_number");
    assert_eq!(
        key(t.check(&json!(false))),
        "house_rules.refused.not_number"
    );
    let below = t.check(&json!(-0.5)).expect_err("refused");
    assert_eq!(below.kind, ProblemKind::BelowMin);
    assert_eq!(below.get("min"), Some("0"));
    let above = t.check(&json!(90.5)).expect_err("refused");
    assert_eq!(above.kind, ProblemKind::AboveMax);
    assert_eq!(above.get("max"), Some("90"));
}

#[test]
fn a_boolean_is_yes_or_no_only() {
    let t = ValueType::Boolean {};
    assert!(t.check(&json!(true)).is_ok());
    assert!(t.check(&json!(false)).is_ok());
    for v in [json!(1), json!("true"), json!(null)] {
        assert_eq!(key(t.check(&v)), "house_rules.refused.not_boolean", "{v}");
    }
}

#[test]
fn dice_are_read_as_a_player_writes_them() {
    let t = ValueType::Dice {};
    for v in ["D6", "2D6", "D3", "d10"] {
        assert!(t.check(&json!(v)).is_ok(), "{v}");
    }
    for v in [json!("D"), json!("six"), json!("2D"), json!("D0"), json!(6)] {
        assert_eq!(key(t.check(&v)), "house_rules.refused.not_dice", "{v}");
    }
}

#[test]
fn a_text_is_a_string_only() {
    let t = ValueType::Text {};
    assert!(t.check(&json!("per_turn")).is_ok());
    for v in [json!(1), json!(["per_turn"]), json!({"a": 1})] {
        assert_eq!(key(t.check(&v)), "house_rules.refused.not_text", "{v}");
    }
}

#[test]
fn a_table_takes_any_json() {
    let t = ValueType::Table {};
    for v in [json!({"sides": 6}), json!([1, 2]), json!(3), json!(null)] {
        assert!(t.check(&v).is_ok(), "{v}");
    }
}

#[test]
fn a_place_splits_at_its_first_slash() {
    let mut e = Catalogue::built_in().expect("parses").entries.remove(0);
    e.place = "killteam.json/turn/initiative_die".to_owned();
    assert_eq!(e.file(), "killteam.json");
    assert_eq!(e.pointer(), "/turn/initiative_die");
    e.place = "killteam.json".to_owned();
    assert_eq!((e.file(), e.pointer()), ("killteam.json", ""));
}

#[test]
fn types_read_as_the_catalogue_writes_them() {
    let t: ValueType =
        serde_json::from_value(json!({"integer": {"min": 1, "max": 3}})).expect("integer");
    assert_eq!(t, integer(1, 3));
    let t: ValueType = serde_json::from_value(json!({"boolean": {}})).expect("boolean");
    assert_eq!(t, ValueType::Boolean {});
    assert!(serde_json::from_value::<ValueType>(json!({"integer": {"min": 1}})).is_err());
    assert!(serde_json::from_value::<ValueType>(json!({"colour": {}})).is_err());
}

#[test]
fn the_check_finds_what_it_looks_for() {
    let files = [("f.json", r#"{"a": {"n": 3, "b": true}}"#)];
    let catalogue: Catalogue = serde_json::from_value(json!({
        "note": "",
        "entries": [
            {"id": "killteam.a.n", "rule": "", "kind": "assumed", "chapter": "killteam",
             "place": "f.json/a/n", "type": {"integer": {"min": 4, "max": 6}},
             "source": "", "source_fr": "", "reading": {"en": "x", "fr": "y : z"},
             "readings": [
                 {"id": "r", "value": "D6", "name": {"en": "a", "fr": "b"},
                  "text": {"en": "a", "fr": ""}}]},
            {"id": "killteam.a.n", "rule": "", "kind": "decision", "chapter": "killteam",
             "place": "f.json/a/none", "type": {"boolean": {}},
             "source": "", "source_fr": "", "reading": {"en": "x", "fr": "y: z"}},
            {"id": "Bad", "rule": "", "kind": "decision", "chapter": "killteam",
             "place": "f.json/a/b", "type": {"boolean": {}},
             "source": "", "source_fr": "", "reading": {"en": "x", "fr": "y"}}
        ]
    }))
    .expect("parses");
    let found = catalogue.check(&files);
    let has = |part: &str| found.iter().any(|l| l.contains(part));
    assert!(has("the built-in value 3 is refused"), "{found:#?}");
    assert!(has("the reading r sets"), "{found:#?}");
    assert!(has("a reading's text is empty in fr"), "{found:#?}");
    assert!(has("the id is used twice"), "{found:#?}");
    assert!(has("names no value"), "{found:#?}");
    assert!(has("needs a space before “:”"), "{found:#?}");
    assert!(has("Bad: an id is lowercase and dotted"), "{found:#?}");
    assert_eq!(found.len(), 7, "{found:#?}");
}

#[test]
fn a_profile_s_text_reads_in_the_profile_s_order() {
    let v = serde_json::json!([{ "WS": 4, "A": 1, "M": 4, "BS": 3 }]);
    let text = ValueType::Table {}.typed(&v);
    let at = |k: &str| text.find(&format!("\"{k}\"")).expect(k);
    assert!(at("M") < at("WS") && at("WS") < at("BS") && at("BS") < at("A"));
    // Still JSON: read back, the same value.
    assert_eq!(serde_json::from_str::<Value>(&text).ok(), Some(v));
}
