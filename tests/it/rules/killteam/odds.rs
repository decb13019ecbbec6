//! Kill-team shooting odds and rolls with dice shots and damage, flame
//! weapons, and a Terminator's 2D6 save (KT-12 … KT-16, KT-19).

use crate::common::rules;
use muster::rules::battle::roll;
use muster::rules::battle::scenario::Scenario;
use muster::rules::core::dice::seeded;
use muster::rules::core::dist::{dice_at_least, dice_sum, fixed};
use muster::rules::killteam::odds::{KtShot, ShotClass, killteam_attack, kt_save_score};

fn scenario(text: &str) -> Scenario {
    Scenario::parse(text).expect("scenario")
}

/// D3 shots of S3 AP0 at 6" (automatic hits), D3 damage, against T3 with a
/// 5+ save, `wounds` left: every die rolled, every outcome counted.
fn brute_d3_d3(wounds: Option<usize>) -> Vec<f64> {
    let mut dist = vec![0.0; 10];
    for shots in 1..=3u32 {
        let outcomes = 216usize.pow(shots) / 2usize.pow(shots); // wound, save, damage D3
        let mut total = [0u64; 10];
        for mut code in 0..outcomes {
            let mut damage = 0;
            for _ in 0..shots {
                let wound = code % 6 + 1;
                code /= 6;
                let save = code % 6 + 1;
                code /= 6;
                let d = code % 3 + 1;
                code /= 3;
                // 4+ to wound (S = T), 5+ to save.
                if wound >= 4 && save < 5 {
                    damage += d;
                }
            }
            total[damage] += 1;
        }
        for (k, n) in total.iter().enumerate() {
            let k = wounds.map_or(k, |w| k.min(w));
            dist[k] += (1.0 / 3.0) * (*n as f64) / (outcomes as f64);
        }
    }
    while dist.len() > 1 && dist.last() == Some(&0.0) {
        dist.pop();
    }
    dist
}

const D3_D3: &str = r#"{"kind": "killteam_shooting", "range": 6,
 "weapon": {"class": "normal", "shots": "D3", "s": 3, "damage": "D3"},
 "target": {"t": 3, "save": 5}}"#;

#[test]
fn kt_16_dice_shots_and_dice_damage_match_every_die_rolled() {
    let r = rules();
    let odds = scenario(D3_D3).odds(r).expect("odds");
    let want = brute_d3_d3(None);
    assert_eq!(odds.wounds.len(), want.len(), "{:?}", odds.wounds);
    for (got, want) in odds.wounds.iter().zip(&want) {
        assert!((got - want).abs() < 1e-12, "{got} vs {want}");
    }
    assert_eq!(odds.attacks, 3, "at most three shots");
    // The target's wounds left: the damage beyond them is lost.
    let capped = D3_D3.replace(r#""save": 5}"#, r#""save": 5, "wounds": 3}"#);
    let odds = scenario(&capped).odds(r).expect("odds");
    let want = brute_d3_d3(Some(3));
    assert_eq!(odds.wounds.len(), 4);
    for (got, want) in odds.wounds.iter().zip(&want) {
        assert!((got - want).abs() < 1e-12, "{got} vs {want}");
    }
}

#[test]
fn kt_16_a_fixed_weapon_gives_the_same_odds_as_before() {
    // The fixed numbers keep the command line's contract: two shots of
    // damage 2 give 0, 2 or 4 points.
    let r = rules();
    let odds = scenario(
        r#"{"kind": "killteam_shooting", "range": 18,
 "weapon": {"class": "normal", "shots": 2, "s": 3, "ap": -2, "damage": 2},
 "target": {"t": 3, "save": 5, "cover": true}}"#,
    )
    .odds(r)
    .expect("odds");
    assert_eq!(odds.wounds.len(), 5);
    assert_eq!(odds.attacks, 2);
    assert_eq!((odds.wounds[1], odds.wounds[3]), (0.0, 0.0));
}

#[test]
fn kt_16_bad_dice_are_refused_naming_the_field() {
    let r = rules();
    for (text, field) in [
        (
            D3_D3.replace(r#""shots": "D3""#, r#""shots": "D0""#),
            "weapon.shots",
        ),
        (
            D3_D3.replace(r#""damage": "D3""#, r#""damage": "lots""#),
            "weapon.damage",
        ),
        (
            D3_D3.replace(r#""damage": "D3""#, r#""damage": 0"#),
            "weapon.damage",
        ),
        (
            D3_D3.replace(r#""save": 5}"#, r#""save": 5, "wounds": 0}"#),
            "target.wounds",
        ),
    ] {
        let p = scenario(&text).odds(r).expect_err("refused");
        let line = muster::i18n::Lang::En.problem_line(&p);
        assert!(line.contains(field), "{field}: {line}");
    }
}

#[test]
fn kt_16_a_seeded_roll_rolls_the_shots_and_the_damage_and_logs_the_faces() {
    let r = rules();
    let s = scenario(D3_D3);
    for seed in 0..40 {
        let a = roll(r, &s, &mut seeded(seed)).expect("rolled");
        let shots: Vec<_> = a
            .rolls
            .iter()
            .filter(|d| d.purpose == "battle.for.shots")
            .collect();
        assert_eq!(shots.len(), 1, "one D3 for the shots");
        assert_eq!(shots[0].roll.faces.len(), 1);
        assert_eq!(a.attacks.len() as i32, shots[0].roll.total);
        let damage: Vec<_> = a
            .rolls
            .iter()
            .filter(|d| d.purpose == "battle.for.damage")
            .collect();
        let unsaved = a.attacks.iter().filter(|x| x.wounded && !x.saved).count();
        assert_eq!(damage.len(), unsaved, "one D3 per unsaved wound");
        let sum: i32 = damage.iter().map(|d| d.roll.total).sum();
        assert_eq!(a.wounds as i32, sum);
        assert!(damage.iter().all(|d| (1..=3).contains(&d.roll.total)));
        // The faces are in the log.
        let text = muster::i18n::Lang::En.msg(&a.msg());
        assert!(text.contains("shots"), "{text}");
        assert_eq!(a, roll(r, &s, &mut seeded(seed)).expect("rolled"));
    }
    // Rolled many times, the mean is the exact one.
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
    let mut rng = seeded(11);
    let total: u64 = (0..n)
        .map(|_| u64::from(roll(r, &s, &mut rng).expect("rolled").wounds))
        .sum();
    let sample = total as f64 / f64::from(n);
    let bound = 4.0 * (var / f64::from(n)).sqrt();
    assert!(
        (sample - mean).abs() <= bound,
        "{sample} vs {mean} ± {bound}"
    );
}

#[test]
fn kt_16_a_rolled_attack_never_does_more_than_the_wounds_left() {
    let r = rules();
    let s = scenario(&D3_D3.replace(r#""save": 5}"#, r#""save": 5, "wounds": 2}"#));
    let mut rng = seeded(3);
    let mut most = 0;
    for _ in 0..500 {
        most = most.max(roll(r, &s, &mut rng).expect("rolled").wounds);
    }
    assert_eq!(most, 2);
}

#[test]
fn kt_14_a_grenade_with_dice_damage_mixes_the_damage_exactly() {
    use muster::rules::core::dice::Amount;
    use muster::rules::killteam::actions::{GrenadeAttack, Thrower, grenade_odds, roll_grenade};
    let r = rules();
    let attack = GrenadeAttack {
        shots: Amount::Fixed(1),
        s: 6,
        ap: -1,
        damage: Amount::Dice("D3".to_owned()),
        range: 4,
        t: 3,
        save: None,
        save_dice: 1,
        cover: false,
        modifiers: Vec::new(),
        wounds_left: None,
        thrower: Thrower {
            strength: 3,
            stick: false,
            grenadier: false,
            sees_target: true,
            grenade_actions_taken: 0,
        },
    };
    let odds = grenade_odds(r, &attack).expect("odds");
    // Automatic hit at 4", 2+ to wound (S6 against T3), no save, D3 damage.
    let w = 5.0 / 6.0;
    let want = [1.0 - w, w / 3.0, w / 3.0, w / 3.0];
    assert_eq!(odds.wounds.len(), 4);
    for (got, want) in odds.wounds.iter().zip(want) {
        assert!((got - want).abs() < 1e-12);
    }
    let mut rng = seeded(5);
    for _ in 0..50 {
        let g = roll_grenade(r, &attack, &mut rng).expect("rolled");
        let dmg: i32 = g
            .rolls
            .iter()
            .filter(|d| d.purpose == "battle.for.damage")
            .map(|d| d.roll.total)
            .sum();
        assert_eq!(g.wounds as i32, dmg);
    }
    // Against a Terminator on his last wound: the save on 2D6 (KT-19), the
    // damage stopped at his wound.
    let terminator = GrenadeAttack {
        save: Some(4),
        save_dice: 2,
        wounds_left: Some(1),
        shots: Amount::Fixed(3),
        ..attack
    };
    let odds = grenade_odds(r, &terminator).expect("odds");
    assert_eq!((odds.score_to_save, odds.save_dice), (Some(5), 2), "AP -1");
    assert_eq!(odds.wounds.len(), 2);
    let mut saves = 0;
    for _ in 0..50 {
        let g = roll_grenade(r, &terminator, &mut rng).expect("rolled");
        assert!(g.wounds <= 1);
        for d in g.rolls.iter().filter(|d| d.purpose == "battle.for.save") {
            assert_eq!(d.roll.faces.len(), 2);
            saves += 1;
        }
    }
    assert!(saves > 0);
}

fn shot(cover: bool, flame: bool, save_dice: u32, save: i32, ap: i32) -> KtShot {
    KtShot {
        class: ShotClass::Normal,
        range_inches: 10,
        shots: fixed(1),
        s: 4,
        ap,
        damage: fixed(1),
        toughness: 4,
        save: Some(save),
        save_dice,
        cover,
        flame,
        modifiers: Vec::new(),
        wounds_left: None,
    }
}

#[test]
fn kt_15_flame_weapons_ignore_cover() {
    let r = rules();
    let open = killteam_attack(r, &shot(false, false, 1, 5, 0)).expect("odds");
    let covered = killteam_attack(r, &shot(true, false, 1, 5, 0)).expect("odds");
    let flamed = killteam_attack(r, &shot(true, true, 1, 5, 0)).expect("odds");
    assert_eq!(covered.score_to_save, Some(4), "cover adds 1");
    assert_eq!(flamed.score_to_save, Some(5), "the flame ignores it");
    assert_eq!(flamed, open);
    // Through the scenario and the roll: the flamer's flag counts.
    let text = r#"{"kind": "killteam_shooting", "range": 6,
 "weapon": {"class": "normal", "shots": 1, "s": 4, "ap": 0, "flame": true},
 "target": {"t": 3, "save": 5, "cover": true}}"#;
    let s = scenario(text);
    assert_eq!(s.odds(r).expect("odds").score_to_save, Some(5));
    let a = roll(r, &s, &mut seeded(1)).expect("rolled");
    assert_eq!(a.odds.score_to_save, Some(5));
}

#[test]
fn kt_15_a_soldiers_flamer_and_meltagun_fire_with_their_flame_and_dice() {
    use muster::rules::battle::scenario::{Count, KtWeapon};
    let r = rules();
    let team = crate::common::example_team();
    let weapon = |id: &str| {
        let s = team
            .soldiers
            .iter()
            .find(|s| s.weapon == id)
            .expect("in the example team");
        let d = muster::rules::killteam::derive(&r.killteam, s).expect("derived");
        KtWeapon::of(&d.weapons[0])
    };
    let flamer = weapon("flamer");
    assert!(flamer.flame);
    assert_eq!(flamer.shots, Count::Dice("D6".to_owned()));
    let melta = weapon("meltagun");
    assert!(!melta.flame);
    assert_eq!(melta.damage, Count::Dice("D6".to_owned()));
}

#[test]
fn kt_19_a_terminator_saves_on_2d6() {
    let r = rules();
    // 4+ on 2D6: 33 of 36.
    let t = killteam_attack(r, &shot(false, false, 2, 4, 0)).expect("odds");
    assert_eq!((t.score_to_save, t.save_dice), (Some(4), 2));
    assert!((dice_at_least(4, 2) - 33.0 / 36.0).abs() < 1e-12);
    let hit = t.hit;
    let wound = t.wound;
    assert!((t.unsaved - hit * wound * 3.0 / 36.0).abs() < 1e-12);
    // AP -4: 8+ (15 of 36), still possible.
    let t = killteam_attack(r, &shot(false, false, 2, 4, -4)).expect("odds");
    assert_eq!(t.score_to_save, Some(8));
    assert!((t.unsaved - hit * wound * 21.0 / 36.0).abs() < 1e-12);
    // Up to 8+, as the source says, beyond it is lost (not up to 12+); a
    // double 1 always fails, cover or not.
    assert_eq!(kt_save_score(r, 8, 2), Some(8));
    assert_eq!(kt_save_score(r, 9, 2), None);
    assert_eq!(kt_save_score(r, 12, 2), None);
    let t = killteam_attack(r, &shot(false, false, 2, 4, -5)).expect("odds");
    assert_eq!(t.score_to_save, None, "4+ at AP -5 is 9+: lost");
    assert!((t.unsaved - hit * wound).abs() < 1e-12);
    assert_eq!(kt_save_score(r, 2, 2), Some(3));
    assert_eq!(kt_save_score(r, 1, 1), Some(2));
    assert_eq!(kt_save_score(r, 7, 1), None);
    let sum = dice_sum(2, 6);
    assert!((sum[2] - 1.0 / 36.0).abs() < 1e-12);
    // The roll throws two dice for the save.
    let s = scenario(
        r#"{"kind": "killteam_shooting", "range": 6,
 "weapon": {"class": "normal", "shots": 30, "s": 8},
 "target": {"t": 4, "save": 4, "save_dice": 2}}"#,
    );
    let a = roll(r, &s, &mut seeded(2)).expect("rolled");
    let saves: Vec<_> = a
        .rolls
        .iter()
        .filter(|d| d.purpose == "battle.for.save")
        .collect();
    assert!(!saves.is_empty());
    assert!(saves.iter().all(|d| d.roll.faces.len() == 2));
    assert_eq!(
        a.attacks.iter().filter(|x| x.saved).count(),
        saves.iter().filter(|d| d.roll.total >= 4).count()
    );
}

/// KT-12: the bands score a shot only up to the weapon's own range: a
/// shotgun (12") at 18" cannot hit, though 18" is in the 3+ band.
#[test]
fn kt_12_a_weapon_cannot_hit_beyond_its_own_range() {
    let rules = rules();
    let shot = |range: u32| {
        scenario(&format!(
            r#"{{"kind": "killteam_shooting", "range": {range},
                "weapon": {{"class": "normal", "shots": 2, "s": 4, "max_range": 12}},
                "target": {{"t": 3, "save": 5}}}}"#
        ))
        .odds(rules)
        .expect("odds")
    };
    let near = shot(12);
    assert_eq!(near.score_to_hit, Some(2));
    assert!(near.hit > 0.8);
    let far = shot(18);
    assert_eq!(far.score_to_hit, None);
    assert_eq!(far.hit, 0.0);
    assert_eq!(far.wounds, vec![1.0]);
    // Rolled, it never hits.
    let s = scenario(
        r#"{"kind": "killteam_shooting", "range": 18,
            "weapon": {"class": "normal", "shots": 2, "s": 4, "max_range": 12},
            "target": {"t": 3, "save": 5}}"#,
    );
    for seed in 0..10 {
        let r = roll(rules, &s, &mut seeded(seed)).expect("rolled");
        assert!(r.attacks.iter().all(|a| !a.hit));
    }
}
