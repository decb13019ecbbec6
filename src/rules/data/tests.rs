//! The book's tests: the built-in files parse and hold together, and
//! override files are merged, refused or reported section by section.

use super::*;
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::problem::ProblemKind;

fn data() -> RulesData {
    RulesData::built_in().expect("built-in data")
}

#[test]
fn built_in_data_parses() {
    let d = data();
    assert_eq!(d.races.len(), 6);
    assert_eq!(d.types.len(), 3);
    assert_eq!(d.maximum_type().map(|t| t.id.as_str()), Some("major_hero"));
}

// CC-8: the WS table, cell by cell, as the source prints it.
#[test]
fn cc_8_ws_table_cells() {
    let expected: [[u32; 10]; 10] = [
        [5, 5, 6, 6, 7, 7, 8, 8, 9, 9],
        [4, 5, 5, 6, 6, 7, 7, 8, 8, 9],
        [4, 4, 5, 5, 6, 6, 7, 7, 8, 8],
        [3, 4, 4, 5, 5, 6, 6, 7, 7, 8],
        [3, 3, 4, 4, 5, 5, 6, 6, 7, 7],
        [2, 3, 3, 4, 4, 5, 5, 6, 6, 7],
        [2, 2, 3, 3, 4, 4, 5, 5, 6, 6],
        [2, 2, 2, 3, 3, 4, 4, 5, 5, 6],
        [2, 2, 2, 2, 3, 3, 4, 4, 5, 5],
        [2, 2, 2, 2, 2, 3, 3, 4, 4, 5],
    ];
    let d = data();
    for (a, row) in expected.iter().enumerate() {
        for (b, &cell) in row.iter().enumerate() {
            let (att, def) = (a as i32 + 1, b as i32 + 1);
            assert_eq!(d.to_hit(att, def), Some(cell), "WS {att} vs {def}");
        }
    }
}

// CC-11: the wound chart, with `-` where it cannot wound.
#[test]
fn cc_11_wound_chart_cells() {
    let d = data();
    assert_eq!(d.to_wound(1, 1), Some(4));
    assert_eq!(d.to_wound(1, 4), Some(6));
    assert_eq!(d.to_wound(1, 5), None);
    assert_eq!(d.to_wound(3, 3), Some(4));
    assert_eq!(d.to_wound(4, 3), Some(3));
    assert_eq!(d.to_wound(3, 7), None);
    assert_eq!(d.to_wound(7, 10), Some(6));
    assert_eq!(d.to_wound(10, 10), Some(4));
    assert_eq!(d.to_wound(10, 1), Some(2));
    // Every row: 2+ at most, and once a row cannot wound it never can again.
    for s in 1..=10 {
        let mut blocked = false;
        for t in 1..=10 {
            match d.to_wound(s, t) {
                None => blocked = true,
                Some(v) => {
                    assert!(!blocked, "S{s} T{t} wounds after a `-`");
                    assert!((2..=6).contains(&v));
                }
            }
        }
    }
}

// PSY-3: save modifiers by strength.
#[test]
fn psy_3_save_modifiers() {
    let d = data();
    let expected = [
        (1, 0),
        (3, 0),
        (4, -1),
        (5, -2),
        (6, -3),
        (7, -4),
        (8, -5),
        (9, -6),
        (12, -6),
    ];
    for (s, m) in expected {
        assert_eq!(d.save_modifier(s), m, "S{s}");
    }
}

// CHR-11: the d20 table.
#[test]
fn chr_11_random_advance_table() {
    use Characteristic::*;
    let d = data();
    let expected = [
        (1, WS),
        (3, WS),
        (4, BS),
        (6, BS),
        (7, S),
        (8, T),
        (9, W),
        (10, W),
        (11, I),
        (13, I),
        (14, A),
        (15, A),
        (16, Ld),
        (17, Ld),
        (18, Int),
        (19, Cl),
        (20, WP),
    ];
    for (face, c) in expected {
        assert_eq!(d.random_advance.lookup(face), Some(c), "face {face}");
    }
}

#[test]
fn broken_override_is_reported_and_built_in_used() {
    let overrides = vec![("races.json".to_owned(), "{\"races\": [".to_owned())];
    let (d, problems) = RulesData::with_overrides(&overrides).expect("falls back");
    assert_eq!(d.races.len(), 6);
    assert_eq!(problems.len(), 1);
    assert_eq!(&*problems[0].file, "races.json");
    assert_eq!(problems[0].problem.kind, ProblemKind::Syntax);
    assert_eq!(problems[0].problem.get("line"), Some("1"));
}

#[test]
fn good_override_replaces_built_in() {
    let text = r#"{"races": [{"id": "human", "names": {"en": "Human"},
        "base": {"M":4,"WS":3,"BS":3,"S":3,"T":3,"W":1,"I":3,"A":1,"Ld":7,"Int":7,"Cl":7,"WP":7},
        "psychic_chance_percent": 50}]}"#;
    let overrides = vec![("races.json".to_owned(), text.to_owned())];
    let (d, problems) = RulesData::with_overrides(&overrides).expect("loads");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(d.races.len(), 1);
    assert_eq!(d.races[0].psychic_chance_percent, 50);
}

#[test]
fn override_breaking_a_rule_is_refused() {
    let text = r#"{"maximum_type": "nobody", "types": []}"#;
    let overrides = vec![("character_types.json".to_owned(), text.to_owned())];
    let (d, problems) = RulesData::with_overrides(&overrides).expect("falls back");
    assert_eq!(d.types.len(), 3);
    assert_eq!(problems[0].problem.get("type"), Some("nobody"));
}
