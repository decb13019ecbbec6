//! `muster odds` on a scenario file: its contract (exit codes, output and
//! errors), a round of two models, the exact fight to the end, and a
//! weapon's own save modifier taken into the odds.

use super::odds::odds_cli;
use crate::common::rules;
use muster::rules::close_combat::odds::{Blows, CcModifier, CcWeaponProfile, close_combat};

#[test]
fn muster_odds_keeps_its_contract() {
    let (code, out, err) = odds_cli(
        r#"{"kind": "close_combat",
 "attacker": {"ws": 4, "s": 3, "a": 2, "weapon_s": 5},
 "defender": {"ws": 4, "t": 3, "save": 4},
 "modifiers": ["charging"],
 "helpless": false}"#,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["attacks"], 2);
    let unsaved = 0.5 * 5.0 / 6.0 * 5.0 / 6.0;
    assert!((v["hit"].as_f64().unwrap_or(0.0) - 0.5).abs() < 1e-12);
    assert!((v["unsaved"].as_f64().unwrap_or(0.0) - unsaved).abs() < 1e-12);
    assert_eq!(v["wounds"].as_array().map(Vec::len), Some(3));

    let (code, out, err) = odds_cli(
        r#"{"kind": "killteam_shooting", "range": 18,
 "weapon": {"class": "normal", "shots": 2, "s": 3, "ap": -2, "damage": 2},
 "target": {"t": 3, "save": 5, "cover": true},
 "modifiers": ["night", "sight"]}"#,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!((v["hit"].as_f64().unwrap_or(0.0) - 4.0 / 6.0).abs() < 1e-12);
    assert_eq!(v["wounds"].as_array().map(Vec::len), Some(5));

    // Malformed: exit 2, a message naming the field.
    for (text, field) in [
        (
            r#"{"kind": "close_combat", "attacker": {"ws": 11, "s": 3, "a": 1}, "defender": {"ws": 4, "t": 3}}"#,
            "attacker.ws",
        ),
        (
            r#"{"kind": "close_combat", "attacker": {"ws": 4, "s": 3, "a": 1}, "defender": {"ws": 4, "t": 3, "save": 7}}"#,
            "defender.save",
        ),
        (
            r#"{"kind": "killteam_shooting", "range": -1, "weapon": {"class": "normal", "shots": 1, "s": 3}, "target": {"t": 3}}"#,
            "range",
        ),
        (
            r#"{"kind": "close_combat", "attacker": {"ws": 4, "s": 3, "a": 1, "weapon": 3}, "defender": {"ws": 4, "t": 3}}"#,
            "weapon",
        ),
        (
            r#"{"kind": "close_combat", "attacker": {"ws": 4, "s": 3, "a": 1}, "defender": {"ws": 4, "t": 3}, "modifiers": ["flying"]}"#,
            "modifiers",
        ),
    ] {
        let (code, out, err) = odds_cli(text);
        assert_eq!(code, 2, "{text}: {out}");
        assert!(err.contains(field), "{field}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn muster_odds_computes_a_round_of_two_models() {
    let (code, out, err) = odds_cli(
        r#"{"kind": "close_combat_round",
 "first": {"ws": 4, "s": 3, "a": 1, "t": 3, "w": 1, "i": 3},
 "second": {"ws": 3, "s": 4, "a": 2, "t": 4, "w": 2, "i": 2, "save": 5}}"#,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["order"], "first_strikes_first");
    let total = ["first_wins", "second_wins", "draw"]
        .iter()
        .map(|k| v[*k].as_f64().unwrap_or(0.0))
        .sum::<f64>();
    assert!((total - 1.0).abs() < 1e-12);
    let (code, _, err) = odds_cli(
        r#"{"kind": "close_combat_round",
 "first": {"ws": 4, "s": 3, "a": 1, "t": 3, "w": 0, "i": 3},
 "second": {"ws": 3, "s": 4, "a": 2, "t": 4, "w": 2, "i": 2}}"#,
    );
    assert_eq!(code, 2);
    assert!(err.contains("first.w"), "{err}");
}

/// The first scenario's duel fought to the end: WS 4, S 3 with a S 5
/// weapon, A 2, charging, against WS 4, T 3, 4+ save, A 1, both W 1 and I 3.
const DUEL: &str = r#"{"kind": "close_combat_fight", "max_rounds": 20,
 "first": {"ld": 7, "models": [{"ws": 4, "s": 3, "weapon_s": 5, "a": 2, "t": 3, "w": 1,
   "i": 3, "save": 4, "modifiers": ["charging"]}]},
 "second": {"ld": 7, "models": [{"ws": 4, "s": 3, "a": 1, "t": 3, "w": 1, "i": 3, "save": 4}]}}"#;

#[test]
fn cc_7_muster_odds_gives_the_exact_fight_to_the_end() {
    // CC-7: in round one the charger strikes first at equal I and, if he
    // kills, is never struck; later rounds are blow for blow. So the first
    // wins with p1 + (1 - p1)(1 - q) p(1 - q)(1 + s + … + s^18), with p1
    // his chance to kill charging, p without the charge, q the other's and
    // s = (1 - p)(1 - q).
    let (code, out, err) = odds_cli(DUEL);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["method"], "exact");
    let r = rules();
    let kill = |ws, s, w, a, m: &[CcModifier]| {
        1.0 - close_combat(
            r,
            &Blows {
                attacker_ws: ws,
                strength: s,
                weapon: CcWeaponProfile::of_s(w),
                blows: a,
                defender_ws: 4,
                toughness: 3,
                save: Some(4),
                modifiers: m,
                helpless: false,
            },
        )
        .expect("odds")
        .wounds[0]
    };
    let p1 = kill(4, 3, Some(5), 2, &[CcModifier::Charging]);
    let p = kill(4, 3, Some(5), 2, &[]);
    let q = kill(4, 3, None, 1, &[]);
    let s = (1.0 - p) * (1.0 - q);
    let sum: f64 = (0..19).map(|k| s.powi(k)).sum();
    let first = p1 + (1.0 - p1) * (1.0 - q) * p * (1.0 - q) * sum;
    let got = |k: &str| v[k].as_f64().unwrap_or(-1.0);
    assert!((got("first_wins") - first).abs() < 1e-12, "{out}");
    assert!((got("round_one_first_wins") - p1).abs() < 1e-12, "{out}");
    let total = got("first_wins") + got("second_wins") + got("neither");
    assert!((total - 1.0).abs() < 1e-12, "{out}");
    assert_eq!((got("first_routs"), got("second_routs")), (0.0, 0.0));
    // A model without wounds, or an Ld off the scale, is named.
    let (code, _, err) =
        odds_cli(&DUEL.replace(r#""a": 1, "t": 3, "w": 1"#, r#""a": 1, "t": 3, "w": 0"#));
    assert_eq!(code, 2);
    assert!(err.contains("second.models[0].w"), "{err}");
    let (code, _, err) = odds_cli(&DUEL.replace(r#""ld": 7, "models""#, r#""ld": 40, "models""#));
    assert_eq!(code, 2);
    assert!(err.contains("first.ld"), "{err}");
    // The kind is in the command's help.
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["odds", "--help"])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&help.stdout).contains("close_combat_fight"));
}

#[test]
fn cc_12_muster_odds_takes_a_weapon_s_own_save_modifier() {
    // A power axe (S 6) with its own -2 against a 4+ save: 6+, where the
    // S table (-3) would lose the save.
    let file = |own: &str| {
        format!(
            r#"{{"kind": "close_combat",
 "attacker": {{"ws": 4, "s": 3, "a": 1, "weapon_s": 6{own}}},
 "defender": {{"ws": 4, "t": 3, "save": 4}}}}"#
        )
    };
    let (code, out, err) = odds_cli(&file(r#", "weapon_save_modifier": -2"#));
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["score_to_save"], 6);
    // WS 4 against WS 4: 5+; S 6 against T 3: 2+; the save 6+.
    let unsaved = 2.0 / 6.0 * 5.0 / 6.0 * 5.0 / 6.0;
    assert!((v["unsaved"].as_f64().unwrap_or(0.0) - unsaved).abs() < 1e-12);
    // Absent or null: by the blow's S.
    for own in ["", r#", "weapon_save_modifier": null"#] {
        let (code, out, err) = odds_cli(&file(own));
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        assert_eq!(v["score_to_save"], serde_json::Value::Null, "{own}");
    }
    // Out of range: exit 2, naming the field.
    let (code, _, err) = odds_cli(&file(r#", "weapon_save_modifier": 2"#));
    assert_eq!(code, 2);
    assert!(err.contains("attacker.weapon_save_modifier"), "{err}");
    // A round's model takes it too.
    let (code, out, err) = odds_cli(
        r#"{"kind": "close_combat_round",
 "first":  {"ws": 4, "s": 3, "weapon_s": 6, "weapon_save_modifier": -2, "a": 1, "t": 3, "w": 1, "i": 3},
 "second": {"ws": 4, "s": 3, "a": 0, "t": 3, "w": 1, "i": 3, "save": 4}}"#,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!((v["second_dies"].as_f64().unwrap_or(0.0) - unsaved).abs() < 1e-12);
}
