//! Rogue Trader shooting (Assumed, `shooting.json`): the odds against a
//! computation written here from the data's numbers, sustained fire,
//! templates, the range bands, the roll and its dice, `muster odds`, and a
//! character's weapons as the table finds them.

use crate::common::rules;
use crate::common::{band_at_the_table, char_id};
use muster::rules::battle::from_table::{FightMode, FoughtBy, TableSide, table_fight, table_side};
use muster::rules::battle::scenario::Scenario;
use muster::rules::battle::{Fight, roll};
use muster::rules::campaign::Fighter;
use muster::rules::{CharRef, Characteristic as C};

/// The chance that one D6 makes `score` or more, as the table reads it.
fn d6(score: i32) -> f64 {
    f64::from((7 - score.clamp(1, 7)).max(0)) / 6.0
}

/// The shot as `muster odds` reads it.
fn shot(json: &str) -> Scenario {
    Scenario::parse(json).expect("a Rogue Trader shot")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// Every BS, both bands, each situation: the score to hit is the data's
/// base less BS, less the weapon's modifier at the band and the
/// situation's; the wound chart gives the wound; the weapon's modifier
/// worsens the save; a shot's chance of an unsaved wound is their product.
#[test]
fn rogue_trader_shot_odds_follow_the_data() {
    let r = rules();
    let data = &r.shooting;
    let situations = [
        ("soft_cover", data.modifiers.soft_cover),
        ("hard_cover", data.modifiers.hard_cover),
        ("fast_target", data.modifiers.fast_target),
        ("small_target", data.modifiers.small_target),
        ("large_target", data.modifiers.large_target),
    ];
    for bs in 1..=10 {
        for (range, to_hit) in [(10, 1), (20, -1)] {
            for (name, value) in situations {
                let json = format!(
                    r#"{{"kind":"rt_shooting","shooter":{{"bs":{bs}}},
                    "weapon":{{"s":4,"range":[12,24],"to_hit":[1,-1],"save_modifier":-1}},
                    "range":{range},"target":{{"t":3,"save":4}},"modifiers":["{name}"]}}"#
                );
                let odds = shot(&json).odds(r).expect("odds");
                let score = (data.to_hit_base - bs - to_hit - value).max(data.lowest_score);
                let hit = if score >= data.cannot_hit_from {
                    0.0
                } else if score <= 6 {
                    d6(score)
                } else {
                    // A 6, then the second die.
                    d6(6) * d6(score - 3)
                };
                assert!(
                    close(odds.hit, hit),
                    "BS {bs} at {range}\" {name}: {}",
                    odds.hit
                );
                let wound = r.wound_chart.get(4, 3).expect("S4 wounds T3");
                assert_eq!(
                    odds.score_to_wound,
                    Some(i32::try_from(wound).expect("score"))
                );
                let save = 4 + 1;
                assert_eq!(odds.score_to_save, Some(save));
                let unsaved = hit * d6(i32::try_from(wound).expect("score")) * (1.0 - d6(save));
                assert!(close(odds.unsaved, unsaved), "BS {bs}: {}", odds.unsaved);
                assert!(close(odds.wounds[1], unsaved), "one shot, one wound");
            }
        }
    }
}

/// A weapon with no save modifier of its own worsens the save by its S
/// (`save_modifiers.json`); a save worsened to the data's limit is lost.
#[test]
fn the_save_is_worsened_by_the_weapon_or_by_its_strength() {
    let r = rules();
    let by_s = shot(
        r#"{"kind":"rt_shooting","shooter":{"bs":3},"weapon":{"s":6,"range":[12,24]},
        "range":6,"target":{"t":4,"save":3}}"#,
    );
    let odds = by_s.odds(r).expect("odds");
    assert_eq!(odds.score_to_save, Some(3 - r.save_modifier(6)));
    let lost = shot(
        r#"{"kind":"rt_shooting","shooter":{"bs":3},"weapon":{"s":9,"range":[20,60],"save_modifier":-6},
        "range":6,"target":{"t":4,"save":3}}"#,
    );
    assert_eq!(lost.odds(r).expect("odds").score_to_save, None);
}

/// Beyond its long range a weapon cannot hit; a template hits every target
/// within its range with no roll.
#[test]
fn out_of_range_no_hit_and_a_template_needs_no_roll() {
    let r = rules();
    let far = shot(
        r#"{"kind":"rt_shooting","shooter":{"bs":5},"weapon":{"s":3,"range":[12,24]},
        "range":25,"target":{"t":3}}"#,
    );
    let odds = far.odds(r).expect("odds");
    assert_eq!((odds.hit, odds.score_to_hit), (0.0, None));
    assert!(close(odds.wounds[0], 1.0));
    let flamer = shot(
        r#"{"kind":"rt_shooting","shooter":{"bs":1},"weapon":{"s":4,"range":[8,8],"template":true},
        "range":8,"target":{"t":3}}"#,
    );
    let odds = flamer.odds(r).expect("odds");
    assert_eq!((odds.hit, odds.score_to_hit), (1.0, Some(1)));
}

/// Sustained fire: the number of shots is the sum of the dice's lines, as
/// the data gives them face by face, every combination of faces counted.
#[test]
fn sustained_fire_shots_are_the_sum_of_the_dice_lines() {
    let r = rules();
    let sf = &r.shooting.sustained_fire;
    let odds = shot(
        r#"{"kind":"rt_shooting","shooter":{"bs":3},"weapon":{"s":5,"range":[20,40],"sustained":2},
        "range":10,"target":{"t":3}}"#,
    )
    .odds(r)
    .expect("odds");
    // Every pair of faces, by hand.
    let max = 2 * sf.shots.iter().copied().max().expect("faces");
    let mut shots = vec![0.0; usize::try_from(max).expect("size") + 1];
    let each = 1.0 / f64::from(sf.sides * sf.sides);
    for a in &sf.shots {
        for b in &sf.shots {
            shots[usize::try_from(a + b).expect("size")] += each;
        }
    }
    // No save, no cap: the chance of no wound is the sum over the shots
    // of every shot failing.
    let fail = 1.0 - odds.unsaved;
    let none: f64 = shots
        .iter()
        .enumerate()
        .map(|(n, p)| p * fail.powi(i32::try_from(n).expect("n")))
        .sum();
    assert!(
        close(odds.wounds[0], none),
        "{} against {none}",
        odds.wounds[0]
    );
    assert_eq!(odds.attacks, max, "the most shots the dice give");
    let total: f64 = odds.wounds.iter().sum();
    assert!(close(total, 1.0));
}

/// The roll keeps every die: the sustained-fire dice, then the hits, the
/// wounds and the saves; its wounds never pass the target's wounds left;
/// the same seed gives the same roll; a jammed die says so.
#[test]
fn a_rogue_trader_shot_rolls_its_dice_and_keeps_them() {
    let r = rules();
    let s = shot(
        r#"{"kind":"rt_shooting","shooter":{"bs":4},"weapon":{"s":5,"range":[20,40],"sustained":3,"damage":"D4"},
        "range":10,"target":{"t":3,"save":5,"wounds":3}}"#,
    );
    let mut jams = 0;
    for seed in 0..200 {
        let a = roll(r, &s, &mut muster::rules::core::dice::seeded(seed)).expect("roll");
        let b = roll(r, &s, &mut muster::rules::core::dice::seeded(seed)).expect("roll");
        assert_eq!(a, b, "seeded");
        let sustained: Vec<_> = a
            .rolls
            .iter()
            .filter(|x| x.purpose == "battle.for.sustained")
            .collect();
        assert_eq!(sustained.len(), 3, "three sustained-fire dice");
        let shots: u32 = sustained
            .iter()
            .map(|x| r.shooting.sustained_fire.shots_of(x.roll.total))
            .sum();
        assert_eq!(a.attacks.len(), usize::try_from(shots).expect("shots"));
        let hits = a
            .rolls
            .iter()
            .filter(|x| x.purpose == "battle.for.hit")
            .count();
        assert_eq!(
            hits,
            a.attacks.len(),
            "one hit die a shot (3+ needs no second)"
        );
        assert!(a.wounds <= 3, "capped at the wounds left");
        let jammed = sustained
            .iter()
            .filter(|x| r.shooting.sustained_fire.shots_of(x.roll.total) == 0)
            .count();
        if jammed > 0 {
            jams += 1;
            assert!(!a.reminders.is_empty(), "a jam is said");
        }
    }
    assert!(
        jams > 0,
        "two hundred rolls of three dice jam at least once"
    );
    // Outside the kill team, no reroll stratagem.
    assert!(!Fight::Attack(s).kill_team());
}

/// `muster odds` takes the Rogue Trader shot and refuses a wrong value by
/// its field.
#[test]
fn muster_odds_reads_a_rogue_trader_shot_and_names_a_wrong_field() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("shot.json");
    std::fs::write(
        &file,
        r#"{"kind":"rt_shooting","shooter":{"bs":4},"weapon":{"s":4,"range":[12,24],"to_hit":[1,0],"save_modifier":-1},
        "range":10,"target":{"t":3,"save":5},"modifiers":["soft_cover"]}"#,
    )
    .expect("write");
    let run = crate::cli::muster(dir.path(), &["odds", file.to_str().expect("path")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    let r = rules();
    let score = r.shooting.to_hit_base - 4 - 1 - r.shooting.modifiers.soft_cover;
    assert_eq!(v["score_to_hit"], score);
    assert_eq!(v["score_to_save"], 6);
    std::fs::write(
        &file,
        r#"{"kind":"rt_shooting","shooter":{"bs":4},"weapon":{"range":[24,12]},"range":10,"target":{"t":3}}"#,
    )
    .expect("write");
    let run = crate::cli::muster(dir.path(), &["odds", file.to_str().expect("path")]);
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("weapon.range[0]"), "{}", run.stderr);
}

/// At the table a Rogue Trader character shoots with the weapons of his
/// equipment that have a range, a weapon written without one taking the
/// armoury's profile of its name; his shot, and an enemy's shot at him,
/// are fought by Rogue Trader's rules.
#[test]
fn a_rogue_trader_character_shoots_at_the_table_by_rogue_trader_rules() {
    let r = rules();
    let b = band_at_the_table(r);
    let brask = CharRef::new(b.id.clone(), char_id(&b, "Sergeant Brask"));
    let enemy = CharRef::new(b.id.clone(), Fighter::Enemy(0).id());
    let side = table_side(&b, r, &brask, "en").expect("Brask");
    let ranged = side.ranged(r, "en");
    assert_eq!(ranged.len(), 1, "his lasgun");
    let lasgun = ranged[0].rt.clone().expect("a Rogue Trader weapon");
    let entry = r.armoury.entry("lasgun").expect("the armoury's lasgun");
    let [short, long] = entry.range_inches.expect("range");
    assert_eq!(lasgun.range, [i64::from(short), i64::from(long)]);
    assert_eq!(
        lasgun.to_hit[0],
        i64::from(entry.to_hit.expect("to hit")[0])
    );
    let f = table_fight(&b, r, (FightMode::Shot, &brask, &enemy, Some(0)), "en")
        .expect("both at the table");
    assert_eq!(f.by, FoughtBy::RtShot);
    let TableSide::Character(me) = &f.attacker else {
        panic!("Brask is a character");
    };
    assert!(me.profile.get(C::BS) > 0);
    // The enemy shooting at Vael: Rogue Trader's rules too, with the
    // enemy's own weapon, its short range the data's share of its range.
    let vael = CharRef::new(b.id.clone(), char_id(&b, "Inquisitor Vael"));
    let e = table_side(&b, r, &enemy, "en").expect("the enemy");
    if let Some(gun) = e.ranged(r, "en").first().and_then(|g| g.rt.clone()) {
        let back = table_fight(&b, r, (FightMode::Shot, &enemy, &vael, Some(0)), "en")
            .expect("both at the table");
        assert_eq!(back.by, FoughtBy::RtShot);
        let share = i64::from(r.shooting.enemy_short_range_percent);
        assert_eq!(gun.range[0], gun.range[1] * share / 100);
    }
}

/// The Rogue Trader numbers Muster ships (`shooting.json`), written here
/// as the rulebook gives them rather than computed from the data, so that
/// a slip in the file is caught: BS 3 hits on 4+ (one shot in two), soft
/// cover makes it 5+ and hard cover 6+; BS 5 hits on 2+; BS 1 behind hard
/// cover needs 8: a 6, then 5+ on a second die; an S4 shot wounds T3 on
/// 3+; a 4+ save against a weapon of save modifier −1 is made on 5+.
#[test]
fn the_shipped_rogue_trader_numbers_are_the_rulebook_s() {
    let r = rules();
    let odds = |bs: i32, modifiers: &str| {
        let json = format!(
            r#"{{"kind":"rt_shooting","shooter":{{"bs":{bs}}},
            "weapon":{{"s":4,"range":[12,24],"to_hit":[0,0],"save_modifier":-1}},
            "range":10,"target":{{"t":3,"save":4}},"modifiers":[{modifiers}]}}"#
        );
        shot(&json).odds(r).expect("odds")
    };
    let open = odds(3, "");
    assert_eq!(open.score_to_hit, Some(4), "BS 3 hits on 4+");
    assert!(close(open.hit, 0.5));
    assert_eq!(
        odds(3, r#""soft_cover""#).score_to_hit,
        Some(5),
        "soft cover −1"
    );
    assert_eq!(
        odds(3, r#""hard_cover""#).score_to_hit,
        Some(6),
        "hard cover −2"
    );
    assert_eq!(odds(5, "").score_to_hit, Some(2), "BS 5 hits on 2+");
    let hard = odds(1, r#""hard_cover""#);
    assert_eq!(hard.score_to_hit, Some(8));
    assert!(close(hard.hit, 1.0 / 6.0 * 2.0 / 6.0), "a 6, then 5+");
    assert_eq!(open.score_to_wound, Some(3), "S4 against T3");
    assert_eq!(open.score_to_save, Some(5), "4+ worsened by −1");
}

/// CC-2: a charged model may stand and shoot at the chargers at −1 to hit
/// (the close-combat chapter's number), but not with a slow (S-type)
/// weapon: BS 3 then hits on 5+; a slow weapon is refused, naming CC-2.
#[test]
fn cc_2_a_rogue_trader_shooter_stands_and_shoots_at_minus_1_never_with_a_slow_weapon() {
    let r = rules();
    assert_eq!(r.close_combat.stand_and_shoot_to_hit, -1);
    let json = |slow: bool| {
        format!(
            r#"{{"kind":"rt_shooting","shooter":{{"bs":3}},
            "weapon":{{"s":4,"range":[12,24],"slow":{slow}}},
            "range":10,"target":{{"t":3,"save":4}},"modifiers":["stand_and_shoot"]}}"#
        )
    };
    let odds = shot(&json(false)).odds(r).expect("odds");
    assert_eq!(odds.score_to_hit, Some(5), "BS 3 at −1: 5+");
    let refused = shot(&json(true)).odds(r).expect_err("a slow weapon");
    assert_eq!(refused.rule, "CC-2");
    assert!(
        muster::i18n::Lang::En
            .problem_line(&refused)
            .contains("slow"),
        "{}",
        muster::i18n::Lang::En.problem_line(&refused)
    );
}
