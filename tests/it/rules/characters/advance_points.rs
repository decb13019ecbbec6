//! A character's advance points (CHR-7 … CHR-13): spent one at a time,
//! never beyond a maximum; the fixed allotments, the pool and its ten per
//! cent, the standard types' reference values; placed at random; and a
//! campaign character's 1D6-2 at the start and one after each game.

use super::human;
use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::characters::roster::{max_characters, roll_pool};
use muster::rules::characters::{campaign_character, maxima, random_hero};
use muster::rules::core::dice::seeded;
use muster::rules::{Characteristic as C, PointsScheme, Roster};

#[test]
fn chr_7_points_are_spent_one_at_a_time_never_beyond_a_maximum() {
    let r = rules();
    let mut k = human(1, "Kal");
    k.advance_points = 2;
    k.spend(C::BS, r).expect("one");
    assert_eq!(k.points_left(), 1);
    k.spend(C::I, r).expect("two");
    assert_eq!(k.points_left(), 0);
    let refusal = k.spend(C::A, r).expect_err("no points left");
    assert_eq!(refusal.rule, "CHR-7");
    k.refund(C::BS).expect("refund");
    assert_eq!(k.points_left(), 1);
    assert!(k.refund(C::BS).is_err(), "nothing left to refund on BS");
    // A refusal names the characteristic and its maximum.
    let mut s = human(2, "Strong");
    s.advance_points = 5;
    s.spend(C::S, r).expect("S 4");
    let refusal = s.spend(C::S, r).expect_err("S 5 > 4");
    let line = muster::i18n::Lang::En.problem_line(&refusal);
    assert!(line.contains('S') && line.contains('4'), "{line}");
    assert!(line.starts_with("CHR-3:"), "{line}");
    // The allotment cannot drop below the points spent.
    assert!(s.set_advance_points(0).is_err());
    // Overspent characters (hand-edited files) are reported.
    let mut o = human(3, "Over");
    o.advances.0.set(C::WS, 1);
    assert!(o.validate(r).iter().any(|p| p.rule == "CHR-7"));
}

#[test]
fn chr_8_fixed_allotments() {
    let r = rules();
    let mut roster = Roster::new("b", "Band");
    roster.points = PointsScheme::Fixed {
        allotments: vec![10, 10, 15],
    };
    for (i, pts) in [15, 10, 9].into_iter().enumerate() {
        let mut c = human(i as u64 + 1, &format!("Hero {i}"));
        c.advance_points = pts;
        roster.characters.push(c);
    }
    assert!(roster.validate(r).is_empty(), "{:?}", roster.validate(r));
    // A fourth hero has no allotment left.
    let mut extra = human(4, "Extra");
    extra.advance_points = 1;
    roster.characters.push(extra);
    let problems = roster.validate(r);
    assert!(
        problems
            .iter()
            .any(|p| p.rule == "CHR-8" && p.kind == ProblemKind::TooManyHeroes)
    );
    roster.characters.pop();
    // Two heroes of 15 do not fit 10, 10, 15.
    roster.characters[1].advance_points = 15;
    let problems = roster.validate(r);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].rule, "CHR-8");
    assert!(problems[0].character.is_some());
}

#[test]
fn chr_9_pool_and_ten_percent() {
    let r = rules();
    let mut roster = Roster::new("b", "Band");
    roster.points = PointsScheme::Pool {
        points: 20,
        force_models: 30,
    };
    let mut a = human(1, "A");
    a.advance_points = 12;
    let mut b = human(2, "B");
    b.advance_points = 8;
    roster.characters = vec![a, b];
    // 30 models allow 3 characters; 20 points are all used.
    assert_eq!(max_characters(30), 3);
    assert!(roster.validate(r).is_empty(), "{:?}", roster.validate(r));
    roster.characters[1].advance_points = 9;
    assert!(
        roster
            .validate(r)
            .iter()
            .any(|p| p.rule == "CHR-9" && p.kind == ProblemKind::PoolExceeded)
    );
    roster.characters[1].advance_points = 8;
    roster.points = PointsScheme::Pool {
        points: 20,
        force_models: 15,
    };
    assert!(
        roster
            .validate(r)
            .iter()
            .any(|p| p.rule == "CHR-9" && p.kind == ProblemKind::TooManyCharacters)
    );
    // Rolled pool: 1D6 per full 20 models, or more dice at the GM's choice.
    let mut rng = seeded(3);
    let roll = roll_pool(45, 1, &mut rng).expect("roll");
    assert_eq!(roll.faces.len(), 2);
    assert_eq!(roll.total, roll.faces.iter().sum::<u32>() as i32);
    assert_eq!(roll_pool(45, 3, &mut rng).expect("roll").faces.len(), 6);
    assert_eq!(roll_pool(19, 1, &mut rng).expect("roll").faces.len(), 0);
    // An absurd force from a file is refused, not rolled.
    let refused = roll_pool(u32::MAX, 6, &mut rng).expect_err("too many dice");
    assert_eq!(refused.kind, ProblemKind::TooManyDice);
}

#[test]
fn chr_10_reference_values_of_the_standard_types() {
    let r = rules();
    let expect = [
        ("champion", 4, 1),
        ("minor_hero", 14, 4),
        ("major_hero", 23, 7),
    ];
    for (id, points, dice) in expect {
        let t = r.character_type(id).expect("type");
        assert_eq!(t.advance_points, points, "{id}");
        assert_eq!(
            (t.random_points.count, t.random_points.sides),
            (dice, 6),
            "{id}"
        );
        let mut c = human(1, id);
        c.type_id = Some(id.to_owned());
        assert_eq!(c.worth(r), points, "{id}");
    }
    // A champion counts 4 points of a pool.
    let mut roster = Roster::new("b", "Band");
    roster.points = PointsScheme::Pool {
        points: 3,
        force_models: 0,
    };
    let mut champ = human(1, "Champ");
    champ.type_id = Some("champion".to_owned());
    roster.characters.push(champ);
    assert!(roster.validate(r).iter().any(|p| p.rule == "CHR-9"));
    // A random hero of minor level gets 4D6 points.
    let mut rng = seeded(11);
    let (hero, roll, placement) =
        random_hero(human(2, "R"), "minor_hero", r, &mut rng).expect("hero");
    assert_eq!(roll.faces.len(), 4);
    assert_eq!(hero.advance_points as i32, roll.total);
    assert_eq!(placement.placed + placement.unspent, hero.advance_points);
    assert!(hero.validate(r).is_empty(), "{:?}", hero.validate(r));
}

#[test]
fn chr_11_random_placement_rerolls_maxed_and_reports_unspent() {
    let r = rules();
    let mut rng = seeded(5);
    let mut k = human(1, "Kal");
    k.advance_points = 40;
    let placement = k.place_random(r, &mut rng).expect("placement");
    // Humans can rise 3+3+1+1+2+3+2+2+2+2+2 = 23 points in total without psychic powers.
    assert_eq!(placement.placed, 23);
    assert_eq!(placement.unspent, 17);
    assert_eq!(
        k.profile(r).expect("profile"),
        maxima(r.race("human").expect("human"), false, r)
    );
    // Every roll is kept, in order: each names what the table gives; it was
    // raised, or it was at its maximum and rolled again. Replaying the steps
    // on a fresh character shows each reroll named a maxed characteristic.
    let mut replay = human(1, "Kal");
    replay.advance_points = 40;
    for step in &placement.steps {
        assert_eq!(step.roll.faces.len(), 1);
        let face = step.roll.faces[0];
        assert!((1..=20).contains(&face));
        let c = step.names.expect("the table names every face");
        assert_eq!(r.random_advance.lookup(face), Some(c));
        if step.raised {
            replay.spend(c, r).expect("a raised step was allowed");
        } else {
            let refused = replay
                .can_spend(c, r)
                .expect_err("a rerolled step was at its maximum");
            assert_ne!(
                refused.rule, "CHR-7",
                "rerolled for a maximum, not for lack of points"
            );
        }
    }
    assert_eq!(replay, k);
    assert_eq!(placement.steps.iter().filter(|s| s.raised).count(), 23);
    assert!(
        placement.steps.iter().any(|s| !s.raised),
        "some rerolls happen"
    );
    assert_eq!(k.advances.0.get(C::M), 0, "M is never raised");
    // Same seed, same hero.
    let mut again = human(1, "Kal");
    again.advance_points = 40;
    again.place_random(r, &mut seeded(5)).expect("again");
    assert_eq!(again, k);
}

#[test]
fn chr_12_campaign_characters_start_with_1d6_minus_2_points() {
    let r = rules();
    let mut seen_zero = false;
    let mut seen_points = false;
    for seed in 0..40 {
        let mut rng = seeded(seed);
        let (c, roll, placement) =
            campaign_character(human(1, "Recruit"), r, &mut rng).expect("character");
        assert_eq!(roll.faces.len(), 1);
        assert_eq!(roll.modifier, -2);
        let face = roll.faces[0];
        let expected = face.saturating_sub(2);
        assert_eq!(c.advance_points, expected, "face {face}");
        assert_eq!(placement.placed, expected);
        if face <= 2 {
            seen_zero = true;
            assert_eq!(
                c.profile(r).expect("profile"),
                r.race("human").expect("human").base
            );
        } else {
            seen_points = true;
        }
        assert!(c.validate(r).is_empty());
    }
    assert!(seen_zero && seen_points);
}

#[test]
fn chr_13_one_point_after_each_game_unless_wounded_or_unworthy() {
    let r = rules();
    let mut k = human(1, "Kal");
    assert_eq!(k.after_game(false, false), 1);
    assert_eq!(k.advance_points, 1);
    assert_eq!(k.after_game(true, false), 0, "wounded");
    assert_eq!(k.after_game(false, true), 0, "unworthy");
    assert_eq!(k.advance_points, 1);
    // The point never goes beyond the major-hero maximum.
    k.type_id = Some("major_hero".to_owned());
    assert_eq!(k.spend(C::WS, r).expect_err("at max").rule, "CHR-3");
    k.spend(C::M, r).expect_err("M never");
    k.set_psychic(true, r).expect("psychic");
    k.spend(C::WP, r)
        .expect("psychic major hero may raise WP to 10");
}
