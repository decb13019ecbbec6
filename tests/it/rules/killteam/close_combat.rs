//! Kill-team close combat (KT-6, KT-9, EQ-7, EQ-8, EQ-10, EQ-19): a blow
//! hits on the striker's close-combat score whatever the range, then wounds
//! and is saved as a shot; cover and the shooting modifiers play no part.

use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::battle::roll;
use muster::rules::battle::scenario::Scenario;
use muster::rules::core::dice::{Amount, seeded};
use muster::rules::killteam::melee::blows;
use muster::rules::killteam::{Carried, Soldier, derive};

/// A guardsman's blows: `attacks` at S3 AP0 D1 against T3, a 5+ save.
fn blows_file(score: i64, attacks: &str, modifiers: &str) -> String {
    format!(
        r#"{{"kind": "killteam_close_combat", "close_combat": {score}, "attacks": {attacks},
            "s": 3, "target": {{"t": 3, "save": 5, "wounds": 3}}, "modifiers": [{modifiers}]}}"#
    )
}

fn odds(text: &str) -> muster::rules::core::odds::Odds {
    Scenario::parse(text)
        .expect("scenario")
        .odds(rules())
        .expect("odds")
}

fn soldier(ribbon: Option<&str>, items: &[(&str, Option<&str>)]) -> Soldier {
    Soldier {
        id: 1,
        name: "Hark".to_owned(),
        kind: "guardsman".into(),
        weapon: "lasgun".into(),
        items: items
            .iter()
            .map(|(i, w)| Carried {
                item: (*i).into(),
                weapon: w.map(Into::into),
            })
            .collect(),
        ribbon: ribbon.map(Into::into),
    }
}

#[test]
fn kt_6_a_soldier_strikes_on_4_plus_and_a_brute_on_3_plus() {
    let rules = rules();
    let plain = derive(&rules.killteam, &soldier(None, &[])).expect("derived");
    let brute = derive(&rules.killteam, &soldier(Some("brute"), &[])).expect("derived");
    assert_eq!(plain.profile.close_combat, 4);
    assert_eq!(brute.profile.close_combat, 3);
    let o = odds(&blows_file(4, "1", ""));
    assert_eq!(o.score_to_hit, Some(4));
    assert!((o.hit - 0.5).abs() < 1e-12);
    // 4+ to wound (S3 against T3), a 5+ save: 1/2 × 1/2 × 2/3.
    assert!((o.unsaved - 1.0 / 6.0).abs() < 1e-12);
    let o = odds(&blows_file(3, "1", ""));
    assert_eq!(o.score_to_hit, Some(3));
    assert!((o.hit - 4.0 / 6.0).abs() < 1e-12);
}

#[test]
fn eq_7_a_smoke_bearer_is_harder_to_hit_in_close_combat_too_unless_a_gas_mask() {
    // EQ-7: the target's smoke makes the blow 5+; EQ-19: the striker's gas
    // mask keeps it out.
    let o = odds(&blows_file(4, "1", r#""smoke""#));
    assert_eq!(o.score_to_hit, Some(5));
    let o = odds(&blows_file(4, "1", r#""smoke", "gas_mask""#));
    assert_eq!(o.score_to_hit, Some(4));
    // EQ-10: a dazzled striker is worse too.
    let o = odds(&blows_file(3, "1", r#""flash""#));
    assert_eq!(o.score_to_hit, Some(4));
}

#[test]
fn kt_9_cover_and_shooting_modifiers_play_no_part_in_close_combat() {
    let rules = rules();
    let night = Scenario::parse(&blows_file(4, "1", r#""night""#)).expect("read");
    let p = night.odds(rules).expect_err("night is refused");
    assert_eq!(p.kind, ProblemKind::NotInCloseCombat);
    assert!(p.args.iter().any(|(_, v)| v == "modifiers[0]"));
    let cover = blows_file(4, "1", "").replace(r#""save": 5"#, r#""save": 5, "cover": true"#);
    let p = Scenario::parse(&cover)
        .expect("read")
        .odds(rules)
        .expect_err("cover is refused");
    assert_eq!(p.kind, ProblemKind::CoverInCloseCombat);
    let p = Scenario::parse(&blows_file(7, "1", ""))
        .expect("read")
        .odds(rules)
        .expect_err("7+ is no close-combat score");
    assert_eq!(p.kind, ProblemKind::OddsOutOfRange);
}

#[test]
fn eq_8_a_close_combat_weapon_gives_its_attacks_and_bare_hands_remain() {
    let rules = rules();
    let armed = soldier(None, &[("close_combat_weapon", Some("chainsword"))]);
    let d = derive(&rules.killteam, &armed).expect("derived");
    let b = blows(&rules.killteam, &d);
    assert_eq!(b.len(), 2, "{b:?}");
    assert_eq!(b[0].weapon, Some("chainsword".into()));
    assert_eq!(b[0].attacks, Amount::Fixed(2));
    assert_eq!(b[0].strength, 3);
    // Bare-handed: the data's one attack at his own S (a Brute's 4).
    let brute = derive(&rules.killteam, &soldier(Some("brute"), &[])).expect("derived");
    let b = blows(&rules.killteam, &brute);
    assert_eq!(b.len(), 1);
    assert_eq!(b[0].weapon, None);
    assert_eq!(b[0].attacks, Amount::Fixed(1));
    assert_eq!(b[0].strength, 4);
}

#[test]
fn kt_6_blows_are_rolled_with_every_die_kept_and_stop_at_the_wounds_left() {
    let rules = rules();
    let s = Scenario::parse(&blows_file(4, r#""D6""#, "")).expect("read");
    for seed in 0..40 {
        let r = roll(rules, &s, &mut seeded(seed)).expect("rolled");
        let attacks = r
            .rolls
            .iter()
            .find(|x| x.purpose == "battle.for.attacks")
            .expect("the attacks are rolled");
        assert_eq!(r.attacks.len(), attacks.roll.total as usize);
        // Every hit die needs 4+ whatever the range.
        for (a, hit) in r.attacks.iter().zip(
            r.rolls
                .iter()
                .filter(|x| x.purpose == "battle.for.hit")
                .map(|x| x.roll.total),
        ) {
            assert_eq!(a.hit, hit >= 4);
        }
        assert!(r.wounds <= 3);
    }
}

/// `muster odds` reads a kill-team close combat: a Brute's two blows on
/// 3+ (exit 0, the odds as JSON), and a night modifier refused by name
/// (exit 2).
#[test]
fn kt_6_muster_odds_reads_a_kill_team_close_combat() {
    let run = crate::rules::odds::odds_cli;
    let (code, out, err) = run(&blows_file(3, "2", ""));
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["score_to_hit"], 3);
    assert_eq!(v["attacks"], 2);
    assert!((v["hit"].as_f64().unwrap_or(0.0) - 4.0 / 6.0).abs() < 1e-12);
    let (code, _, err) = run(&blows_file(4, "1", r#""night""#));
    assert_eq!(code, 2);
    assert!(
        err.contains("modifiers[0]") && err.contains("night"),
        "{err}"
    );
}

#[test]
fn eq_19_a_soldier_with_a_gas_mask_is_masked_in_close_combat_by_his_gear_alone() {
    // EQ-19: the gas mask is not a single-use item; his gear says he wears
    // it, and a sight (a modifier of his own) or a smoke grenade (one to
    // tick) does not.
    use muster::rules::killteam::melee::masked;
    let rules = rules();
    let masked_one =
        derive(&rules.killteam, &soldier(None, &[("gas_mask", None)])).expect("derived");
    let plain = derive(
        &rules.killteam,
        &soldier(None, &[("sight", None), ("smoke_grenade", None)]),
    )
    .expect("derived");
    assert!(masked(&masked_one));
    assert!(!masked(&plain));
}
