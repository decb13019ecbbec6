//! Exact odds: the tables cell by cell against the rules, each modifier,
//! the engine against a brute-force enumeration of the dice, and seeded
//! rolls that repeat and agree with the odds.

use crate::common::rules;
use muster::rules::close_combat::odds::{
    Blows, CcModifier, CcWeaponProfile, cc_hit_chance, close_combat,
};
use muster::rules::killteam::data::KtModifier;
use muster::rules::killteam::odds::{ShotClass, killteam_shooting};

const WS_TABLE: [[u32; 10]; 10] = [
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

/// 0: cannot wound.
const WOUND_CHART: [[u32; 10]; 10] = [
    [4, 5, 6, 6, 0, 0, 0, 0, 0, 0],
    [3, 4, 5, 6, 6, 0, 0, 0, 0, 0],
    [2, 3, 4, 5, 6, 6, 0, 0, 0, 0],
    [2, 2, 3, 4, 5, 6, 6, 0, 0, 0],
    [2, 2, 2, 3, 4, 5, 6, 6, 0, 0],
    [2, 2, 2, 2, 3, 4, 5, 6, 6, 0],
    [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
    [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
    [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
    [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
];

#[test]
fn cc_8_the_ws_table_cell_by_cell() {
    let r = rules();
    for (a, row) in WS_TABLE.iter().enumerate() {
        for (d, &score) in row.iter().enumerate() {
            let (a, d) = (
                i32::try_from(a).unwrap_or(0) + 1,
                i32::try_from(d).unwrap_or(0) + 1,
            );
            assert_eq!(r.to_hit(a, d), Some(score), "WS {a} against WS {d}");
        }
    }
}

#[test]
fn cc_11_the_wound_chart_cell_by_cell() {
    let r = rules();
    for (s, row) in WOUND_CHART.iter().enumerate() {
        for (t, &score) in row.iter().enumerate() {
            let (s, t) = (
                i32::try_from(s).unwrap_or(0) + 1,
                i32::try_from(t).unwrap_or(0) + 1,
            );
            let expected = (score > 0).then_some(score);
            assert_eq!(r.to_wound(s, t), expected, "S {s} against T {t}");
        }
    }
}

#[test]
fn psy_3_cc_12_save_modifiers_by_strength() {
    let r = rules();
    let expected = [
        (1, 0),
        (2, 0),
        (3, 0),
        (4, -1),
        (5, -2),
        (6, -3),
        (7, -4),
        (8, -5),
        (9, -6),
        (10, -6),
    ];
    for (s, m) in expected {
        assert_eq!(r.save_modifier(s), m, "S {s}");
    }
}

#[allow(clippy::too_many_arguments)]
fn cc(
    ws: i32,
    s: i32,
    weapon_s: Option<i32>,
    a: u32,
    dws: i32,
    t: i32,
    save: Option<i32>,
    mods: &[CcModifier],
) -> muster::rules::core::odds::Odds {
    let weapon = CcWeaponProfile::of_s(weapon_s);
    close_combat(
        rules(),
        &Blows {
            attacker_ws: ws,
            strength: s,
            weapon,
            blows: a,
            defender_ws: dws,
            toughness: t,
            save,
            modifiers: mods,
            helpless: false,
        },
    )
    .expect("odds")
}

#[test]
fn cc_9_each_modifier_moves_the_score_needed() {
    // WS 4 against WS 4 needs 5.
    let base = cc(4, 3, None, 1, 4, 3, None, &[]);
    assert_eq!(base.score_to_hit, Some(5));
    for (m, score) in [
        (CcModifier::Frenzied, 3),
        (CcModifier::Charging, 4),
        (CcModifier::HigherPosition, 4),
        (CcModifier::FollowedUp, 4),
        (CcModifier::DefendedObstacle, 6),
        (CcModifier::WrongHand, 6),
        (CcModifier::Improvised, 7),
    ] {
        let o = cc(4, 3, None, 1, 4, 3, None, &[m]);
        assert_eq!(o.score_to_hit, Some(score), "{m:?}");
    }
    // Cumulative: frenzied and charging, +3.
    let o = cc(
        4,
        3,
        None,
        1,
        4,
        3,
        None,
        &[CcModifier::Frenzied, CcModifier::Charging],
    );
    assert_eq!(o.score_to_hit, Some(2));
}

#[test]
fn cc_10_never_below_two_and_a_second_die_above_six() {
    // WS 10 against WS 1 needs 2; frenzy cannot make it 0.
    let o = cc(10, 3, None, 1, 1, 3, None, &[CcModifier::Frenzied]);
    assert_eq!(o.score_to_hit, Some(2));
    assert!((o.hit - 5.0 / 6.0).abs() < 1e-12);
    // WS 1 against WS 10 needs 9: a 6, then a 6; it needs consent.
    let o = cc(1, 3, None, 1, 10, 3, None, &[]);
    assert_eq!(o.score_to_hit, Some(9));
    assert!(o.needs_consent);
    assert!((o.hit - 1.0 / 36.0).abs() < 1e-12);
    // 10 or more cannot hit (Decision).
    let o = cc(1, 3, None, 1, 10, 3, None, &[CcModifier::WrongHand]);
    assert_eq!((o.score_to_hit, o.hit), (None, 0.0));
    assert!((cc_hit_chance(8) - 1.0 / 6.0 * 2.0 / 6.0).abs() < 1e-12);
}

#[test]
fn cc_8_a_helpless_defender_counts_as_ws_1() {
    let r = rules();
    let o = close_combat(
        r,
        &Blows {
            attacker_ws: 4,
            strength: 3,
            weapon: CcWeaponProfile::default(),
            blows: 1,
            defender_ws: 9,
            toughness: 3,
            save: None,
            modifiers: &[],
            helpless: true,
        },
    )
    .expect("odds");
    assert_eq!(o.score_to_hit, Some(3), "WS 4 against WS 1");
}

#[test]
fn cc_11_a_weapon_uses_the_higher_strength() {
    // A power sword S5 in a S3 hand: S5 against T3 wounds on 2.
    assert_eq!(
        cc(4, 3, Some(5), 1, 4, 3, None, &[]).score_to_wound,
        Some(2)
    );
    // The same sword in a S6 creature's hand: S6.
    assert_eq!(
        cc(4, 6, Some(5), 1, 4, 6, None, &[]).score_to_wound,
        Some(4)
    );
    // S1 against T5 cannot wound.
    let o = cc(4, 1, None, 3, 4, 5, None, &[]);
    assert_eq!((o.score_to_wound, o.unsaved), (None, 0.0));
    assert!((o.wounds[0] - 1.0).abs() < 1e-12);
}

#[test]
fn cc_12_a_save_worsened_to_seven_is_lost() {
    // Save 4+ against S5: 6+.
    assert_eq!(cc(4, 5, None, 1, 4, 3, Some(4), &[]).score_to_save, Some(6));
    // Save 5+ against S7 (-4): 9+, lost.
    let o = cc(4, 7, None, 1, 4, 3, Some(5), &[]);
    assert_eq!(o.score_to_save, None);
    assert!((o.unsaved - o.hit * o.wound).abs() < 1e-12);
}

/// The chance, by enumerating every die, that one close-combat blow ends as
/// an unsaved wound.
fn brute_cc(hit_score: i32, wound_score: Option<i32>, save_score: Option<i32>) -> f64 {
    let mut unsaved = 0u32;
    let mut total = 0u32;
    for first in 1..=6 {
        for second in 1..=6 {
            for w in 1..=6 {
                for s in 1..=6 {
                    total += 1;
                    let hit = match hit_score {
                        i32::MIN..=6 => first >= hit_score.max(2),
                        7..=9 => first == 6 && second >= hit_score - 3,
                        _ => false,
                    };
                    let wounds = wound_score.is_some_and(|n| w >= n);
                    let saved = save_score.is_some_and(|n| n <= 6 && s >= n.max(2));
                    if hit && wounds && !saved {
                        unsaved += 1;
                    }
                }
            }
        }
    }
    f64::from(unsaved) / f64::from(total)
}

#[test]
fn close_combat_odds_match_every_die_rolled() {
    let r = rules();
    for (ws, dws, s, t, save) in [
        (4, 4, 3, 3, Some(4)),
        (1, 10, 5, 3, None),
        (2, 7, 4, 4, Some(3)),
        (9, 2, 8, 10, Some(2)),
        (3, 3, 1, 6, Some(6)),
    ] {
        let o = close_combat(
            r,
            &Blows {
                attacker_ws: ws,
                strength: s,
                weapon: CcWeaponProfile::default(),
                blows: 2,
                defender_ws: dws,
                toughness: t,
                save,
                modifiers: &[],
                helpless: false,
            },
        )
        .expect("odds");
        let hit = i32::try_from(r.to_hit(ws, dws).unwrap_or(0)).unwrap_or(0);
        let wound = r.to_wound(s, t).map(|n| i32::try_from(n).unwrap_or(0));
        let save_score = save.map(|sv| sv - r.save_modifier(s));
        let p = brute_cc(hit, wound, save_score);
        assert!(
            (o.unsaved - p).abs() < 1e-12,
            "{ws} {dws} {s} {t}: {} vs {p}",
            o.unsaved
        );
        // Two blows: every pair of outcomes.
        let pair = [(1.0 - p) * (1.0 - p), 2.0 * p * (1.0 - p), p * p];
        for (got, want) in o.wounds.iter().zip(pair) {
            assert!((got - want).abs() < 1e-12);
        }
    }
}

fn kt(
    range: u32,
    class: ShotClass,
    s: i32,
    ap: i32,
    save: Option<i32>,
    cover: bool,
    mods: &[KtModifier],
) -> muster::rules::core::odds::Odds {
    killteam_shooting(rules(), class, range, 1, s, ap, 1, 3, save, cover, mods).expect("odds")
}

#[test]
fn kt_12_the_range_bands() {
    let hit = |range, class| kt(range, class, 3, 0, None, false, &[]).score_to_hit;
    assert_eq!(hit(6, ShotClass::Normal), Some(1), "automatic up to 6\"");
    assert_eq!(hit(12, ShotClass::Normal), Some(2));
    assert_eq!(hit(13, ShotClass::Normal), Some(3));
    assert_eq!(hit(36, ShotClass::Normal), Some(4));
    assert_eq!(hit(48, ShotClass::Normal), Some(5));
    assert_eq!(hit(12, ShotClass::Sniper), Some(6));
    assert_eq!(hit(20, ShotClass::Sniper), Some(4));
    assert_eq!(hit(30, ShotClass::Sniper), Some(2));
    assert_eq!(hit(40, ShotClass::Sniper), None, "out of range");
    assert_eq!(
        hit(18, ShotClass::Indirect),
        None,
        "cannot fire at 18\" or less"
    );
    assert_eq!(hit(24, ShotClass::Indirect), Some(3));
    assert_eq!(hit(40, ShotClass::Indirect), Some(5));
}

#[test]
fn kt_13_modifiers_automatic_hits_and_impossible_shots() {
    let at = |range, mods: &[KtModifier]| kt(range, ShotClass::Normal, 3, 0, None, false, mods);
    // Night makes the automatic band 2+.
    assert_eq!(at(6, &[KtModifier::Night]).score_to_hit, Some(2));
    // Vox and Marksman may reach an automatic hit.
    let o = at(20, &[KtModifier::Vox]);
    assert_eq!((o.score_to_hit, o.hit), (Some(1), 1.0));
    assert_eq!(
        at(20, &[KtModifier::Marksman, KtModifier::Sight]).score_to_hit,
        Some(1)
    );
    assert_eq!(at(20, &[KtModifier::Sling]).score_to_hit, Some(2));
    // Smoke and flash make it harder; an assault weapon on the move -2.
    assert_eq!(at(20, &[KtModifier::Smoke]).score_to_hit, Some(4));
    assert_eq!(at(20, &[KtModifier::Dazzled]).score_to_hit, Some(4));
    assert_eq!(at(20, &[KtModifier::AssaultMoving]).score_to_hit, Some(5));
    // Snap fire needs a 6; against a smoke bearer it cannot hit.
    assert_eq!(at(10, &[KtModifier::SnapFire]).score_to_hit, Some(6));
    let o = at(10, &[KtModifier::SnapFire, KtModifier::Smoke]);
    assert_eq!((o.score_to_hit, o.hit), (None, 0.0));
}

#[test]
fn kt_16_wounds_armour_penetration_and_cover() {
    let score = |s| kt(10, ShotClass::Normal, s, 0, None, false, &[]).score_to_wound;
    // Against T3: S6 2+, S4 3+, S3 4+, S2 5+, S1 6+.
    assert_eq!(
        [score(6), score(4), score(3), score(2), score(1)],
        [Some(2), Some(3), Some(4), Some(5), Some(6)]
    );
    let save = |sv, ap, cover| kt(10, ShotClass::Normal, 3, ap, sv, cover, &[]).score_to_save;
    assert_eq!(save(Some(5), 0, false), Some(5));
    assert_eq!(save(Some(5), -1, false), Some(6));
    assert_eq!(save(Some(5), -2, false), None, "7+ fails");
    assert_eq!(save(Some(5), -2, true), Some(6), "cover adds 1");
    // A 1 always fails, even in cover with a 2+.
    assert_eq!(save(Some(2), 0, true), Some(2));
}

#[test]
fn killteam_odds_match_every_die_rolled_and_count_damage() {
    let o = killteam_shooting(
        rules(),
        ShotClass::Normal,
        18,
        2,
        3,
        -2,
        2,
        3,
        Some(5),
        true,
        &[KtModifier::Night, KtModifier::Sight],
    )
    .expect("odds");
    // 3+ to hit, 4+ to wound, 6+ to save.
    let mut unsaved = 0u32;
    for h in 1..=6 {
        for w in 1..=6 {
            for s in 1..=6 {
                if h >= 3 && w >= 4 && s < 6 {
                    unsaved += 1;
                }
            }
        }
    }
    let p = f64::from(unsaved) / 216.0;
    assert!((o.unsaved - p).abs() < 1e-12);
    // Damage 2: 0, 2 or 4 points.
    assert_eq!(o.wounds.len(), 5);
    assert!(o.wounds[1] == 0.0 && o.wounds[3] == 0.0);
    assert!((o.wounds[4] - p * p).abs() < 1e-12);
    assert!((o.wounds.iter().sum::<f64>() - 1.0).abs() < 1e-12);
}

/// Runs `muster odds` on a scenario file: exit code, stdout, stderr.
pub(crate) fn odds_cli(text: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("scenario.json");
    std::fs::write(&file, text).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .arg("odds")
        .arg(&file)
        .env("MUSTER_DATA_DIR", dir.path())
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scenario(text: &str) -> muster::rules::battle::scenario::Scenario {
    muster::rules::battle::scenario::Scenario::parse(text).expect("scenario")
}

const CC_EXAMPLE: &str = r#"{"kind": "close_combat",
 "attacker": {"ws": 4, "s": 3, "a": 2, "weapon_s": 5},
 "defender": {"ws": 4, "t": 3, "save": 4},
 "modifiers": ["charging"], "helpless": false}"#;

#[test]
fn the_same_seed_gives_the_same_dice_and_log() {
    use muster::rules::battle::roll;
    use muster::rules::core::dice::seeded;
    let r = rules();
    let s = scenario(CC_EXAMPLE);
    let a = roll(r, &s, &mut seeded(42)).expect("rolled");
    let b = roll(r, &s, &mut seeded(42)).expect("rolled");
    assert_eq!(a, b);
    assert_eq!(
        muster::i18n::Lang::En.msg(&a.msg()),
        muster::i18n::Lang::En.msg(&b.msg())
    );
    // Every die is kept with what it was for: a hit die per blow, then a
    // wound die per hit, then a save die per wound.
    let hits = a
        .rolls
        .iter()
        .filter(|d| d.purpose == "battle.for.hit")
        .count();
    assert_eq!(hits, 2);
    let wounds = a
        .rolls
        .iter()
        .filter(|d| d.purpose == "battle.for.wound")
        .count();
    assert_eq!(wounds, a.attacks.iter().filter(|x| x.hit).count());
}

#[test]
fn rolled_fights_agree_with_the_exact_odds() {
    use muster::rules::battle::roll;
    use muster::rules::core::dice::seeded;
    let r = rules();
    for text in [
        CC_EXAMPLE,
        r#"{"kind": "close_combat", "attacker": {"ws": 1, "s": 3, "a": 3}, "defender": {"ws": 10, "t": 3}}"#,
        r#"{"kind": "killteam_shooting", "range": 18,
 "weapon": {"class": "normal", "shots": 2, "s": 3, "ap": -2, "damage": 2},
 "target": {"t": 3, "save": 5, "cover": true}, "modifiers": ["night", "sight"]}"#,
    ] {
        let s = scenario(text);
        let odds = s.odds(r).expect("odds");
        let mean: f64 = odds
            .wounds
            .iter()
            .enumerate()
            .map(|(k, p)| k as f64 * p)
            .sum();
        let var: f64 = odds
            .wounds
            .iter()
            .enumerate()
            .map(|(k, p)| (k as f64 - mean).powi(2) * p)
            .sum();
        let n = 20_000;
        let mut rng = seeded(7);
        let total: u64 = (0..n)
            .map(|_| u64::from(roll(r, &s, &mut rng).expect("rolled").wounds))
            .sum();
        let sample = total as f64 / f64::from(n);
        // The sample mean within 4 standard errors of the exact mean.
        let bound = 4.0 * (var / f64::from(n)).sqrt() + 1e-9;
        assert!(
            (sample - mean).abs() <= bound,
            "{text}: {sample} vs {mean} ± {bound}"
        );
    }
}
