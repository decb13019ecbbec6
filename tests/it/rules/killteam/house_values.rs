//! The kill-team Decisions a group may change on the House rules screen
//! (`assets/rules/house_rules.json`): each value read from the rules data
//! where it is played, the built-in one as Muster always played, the other
//! reading played when the data says so. Every expected number is worked
//! out by hand in the comments.

use crate::common::rules;
use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::core::dice::{Amount, DiceSpec, seeded};
use muster::rules::core::odds::Odds;
use muster::rules::data::RulesData;
use muster::rules::killteam::actions::{
    FallFrom, GrenadeAttack, Jump, JumpKind, Thrower, grenade_odds, grenade_throw, jump_odds,
    roll_grenade, roll_jump,
};
use muster::rules::killteam::odds::{
    KtModifier, KtShot, ShotClass, band_index, killteam_attack, killteam_shooting,
};
use muster::rules::killteam::table;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// A lasgun's shot (S3 AP0 D1) at `range` inches, of `class`, against T3
/// and a 5+ save.
fn shot(rules: &RulesData, class: ShotClass, range: u32) -> Odds {
    killteam_shooting(rules, class, range, 1, 3, 0, 1, 3, Some(5), false, &[]).expect("odds")
}

#[test]
fn kt_12_a_range_on_a_band_s_bound_is_in_the_band_the_data_names() {
    let nearer = rules();
    assert!(nearer.killteam.shooting.bands_include_upper_bound);
    let mut farther = rules().clone();
    farther.killteam.shooting.bands_include_upper_bound = false;
    let score = |r: &RulesData, class, range| shot(r, class, range).score_to_hit;
    // Normal bands: ≤ 6" automatic, ≤ 12" 2+, ≤ 24" 3+, ≤ 36" 4+, then 5+.
    assert_eq!(score(nearer, ShotClass::Normal, 6), Some(1));
    assert_eq!(score(nearer, ShotClass::Normal, 12), Some(2));
    assert_eq!(score(nearer, ShotClass::Normal, 36), Some(4));
    // On a bound, the farther band: 6" is 2+, 12" 3+, 36" 5+.
    assert_eq!(score(&farther, ShotClass::Normal, 6), Some(2));
    assert_eq!(score(&farther, ShotClass::Normal, 12), Some(3));
    assert_eq!(score(&farther, ShotClass::Normal, 36), Some(5));
    // Off a bound, nothing changes: 5" automatic, 7" 2+.
    assert_eq!(score(&farther, ShotClass::Normal, 5), Some(1));
    assert_eq!(score(&farther, ShotClass::Normal, 7), Some(2));
    // The sniper's last band keeps its bound (2+ at 36"), and past it the
    // weapon is out of range either way.
    assert_eq!(score(nearer, ShotClass::Sniper, 36), Some(2));
    assert_eq!(score(&farther, ShotClass::Sniper, 36), Some(2));
    assert_eq!(score(&farther, ShotClass::Sniper, 37), None);
    assert_eq!(score(&farther, ShotClass::Sniper, 12), Some(4));
    // The mortar cannot fire at 18" up to its bound; on it, 3+ the other way.
    assert_eq!(score(nearer, ShotClass::Indirect, 18), None);
    assert!(close(shot(nearer, ShotClass::Indirect, 18).hit, 0.0));
    assert_eq!(score(&farther, ShotClass::Indirect, 18), Some(3));
    // The band's place, for whoever shows the bands.
    let bands = &nearer.killteam.shooting.bands.normal;
    assert_eq!(band_index(&nearer.killteam.shooting, bands, 6), Some(0));
    assert_eq!(band_index(&farther.killteam.shooting, bands, 6), Some(1));
    assert_eq!(band_index(&farther.killteam.shooting, bands, 37), Some(4));
}

/// A 5+ save's score against a lasgun at 6", with `cover` and `modifiers`.
fn save(rules: &RulesData, cover: bool, flame: bool, modifiers: &[KtModifier]) -> Option<i32> {
    killteam_attack(
        rules,
        &KtShot {
            class: ShotClass::Normal,
            range_inches: 6,
            shots: vec![0.0, 1.0],
            s: 3,
            ap: 0,
            damage: vec![0.0, 1.0],
            toughness: 3,
            save: Some(5),
            save_dice: 1,
            cover,
            flame,
            modifiers: modifiers.to_vec(),
            wounds_left: None,
        },
    )
    .expect("odds")
    .score_to_save
}

#[test]
fn kt_7_a_shooter_above_and_an_auspex_lessen_the_cover_or_worsen_the_save() {
    let floor = rules();
    assert!(floor.killteam.shooting.cover.never_below_open);
    let mut worse = rules().clone();
    worse.killteam.shooting.cover.never_below_open = false;
    let both = [KtModifier::HigherPosition, KtModifier::Auspex];
    // In cover: 5+ less the cover's 1 is 4+; above (-1) and an auspex at
    // 6" (-1) take it to -1: never below none, 5+ as in the open; the
    // other reading, 6+.
    assert_eq!(save(floor, true, false, &[]), Some(4));
    assert_eq!(save(floor, true, false, &both), Some(5));
    assert_eq!(save(&worse, true, false, &both), Some(6));
    // One of them alone takes the cover to none: 5+ either way.
    for r in [floor, &worse] {
        assert_eq!(save(r, true, false, &[KtModifier::HigherPosition]), Some(5));
    }
    // In the open they change nothing: there is no cover save to lessen.
    assert_eq!(save(&worse, false, false, &both), Some(5));
}

#[test]
fn eq_16_a_cloak_betters_the_save_in_cover_only_or_everywhere() {
    let in_cover = rules();
    assert!(in_cover.killteam.gear.cloak_in_cover_only);
    let mut everywhere = rules().clone();
    everywhere.killteam.gear.cloak_in_cover_only = false;
    let cloak = [KtModifier::Cloak];
    // In cover: 5+ less the cover's 1 and the cloak's 1: 3+ either way.
    assert_eq!(save(in_cover, true, false, &cloak), Some(3));
    assert_eq!(save(&everywhere, true, false, &cloak), Some(3));
    // In the open: 5+ in cover only; 4+ when it counts everywhere.
    assert_eq!(save(in_cover, false, false, &cloak), Some(5));
    assert_eq!(save(&everywhere, false, false, &cloak), Some(4));
    // A flame weapon ignores the cover (KT-15): the cloak with it, or not.
    assert_eq!(save(in_cover, true, true, &cloak), Some(5));
    assert_eq!(save(&everywhere, true, true, &cloak), Some(4));
    // Above and an auspex take the cover and the cloak to 0, never below:
    // 1 + 1 - 1 - 1 = 0, a 5+; in the open the cloak alone stays, a 4+.
    let all = [
        KtModifier::Cloak,
        KtModifier::HigherPosition,
        KtModifier::Auspex,
    ];
    assert_eq!(save(&everywhere, true, false, &all), Some(5));
    assert_eq!(save(&everywhere, false, false, &all), Some(4));
}

fn thrower(sees_target: bool) -> Thrower {
    Thrower {
        strength: 4,
        stick: false,
        grenadier: false,
        sees_target,
        grenade_actions_taken: 0,
    }
}

/// A frag grenade (D6 shots, S3 AP0 D1) at 8" against T3 and a 5+ save.
fn frag(sees_target: bool) -> GrenadeAttack {
    GrenadeAttack {
        shots: Amount::Dice("D6".to_owned()),
        s: 3,
        ap: 0,
        damage: Amount::Fixed(1),
        range: 8,
        t: 3,
        save: Some(5),
        save_dice: 1,
        cover: false,
        modifiers: Vec::new(),
        wounds_left: None,
        thrower: thrower(sees_target),
    }
}

#[test]
fn kt_14_grenades_thrown_unseen_roll_their_d3_shots_to_hit_or_hit() {
    let rolled = rules();
    assert!(rolled.killteam.grenades.unseen.rolled_to_hit);
    let mut hits = rules().clone();
    hits.killteam.grenades.unseen.rolled_to_hit = false;
    let d6 = Amount::Dice("D6".to_owned());
    let d3 = Amount::Dice("D3".to_owned());
    // Unseen, D6 becomes D3 either way; only the other reading hits.
    let t = grenade_throw(rolled, &d6, &thrower(false)).expect("thrown");
    assert_eq!((t.shots, t.automatic_hits), (d3.clone(), false));
    let t = grenade_throw(&hits, &d6, &thrower(false)).expect("thrown");
    assert_eq!((t.shots, t.automatic_hits), (d3, true));
    // Seen, or a fixed number of shots: rolled to hit as any shot.
    assert!(
        !grenade_throw(&hits, &d6, &thrower(true))
            .expect("thrown")
            .automatic_hits
    );
    let one = grenade_throw(&hits, &Amount::Fixed(1), &thrower(false)).expect("thrown");
    assert!(!one.automatic_hits);
    // At 8" (S4: a reach of 8") a shot hits on 2+: 5 in 6; as hits, 1.
    let odds = grenade_odds(rolled, &frag(false)).expect("odds");
    assert!(close(odds.hit, 5.0 / 6.0));
    assert_eq!(odds.score_to_hit, Some(2));
    let odds = grenade_odds(&hits, &frag(false)).expect("odds");
    assert!(close(odds.hit, 1.0));
    // No wound roll changes: S3 against T3 wounds on 4+; a 5+ save.
    assert_eq!(
        (odds.score_to_wound, odds.score_to_save),
        (Some(4), Some(5))
    );
    // Seen, the shots are rolled to hit whatever the reading.
    assert!(close(
        grenade_odds(&hits, &frag(true)).expect("odds").hit,
        5.0 / 6.0
    ));
    // Rolled: as hits, every shot hits and no die is rolled to hit.
    for seed in 0..30 {
        let r = roll_grenade(&hits, &frag(false), &mut seeded(seed)).expect("rolled");
        assert!((1..=3).contains(&r.shots));
        assert_eq!(r.hits, r.shots);
        assert!(r.rolls.iter().all(|x| x.purpose != "battle.for.hit"));
    }
    let missed = (0..60).any(|seed| {
        let r = roll_grenade(rolled, &frag(false), &mut seeded(seed)).expect("rolled");
        r.hits < r.shots
    });
    assert!(missed, "rolled to hit, a 1 misses");
}

fn jump(from_height: u32, to_height: u32) -> Jump {
    Jump {
        kind: JumpKind::Jump,
        across: 3,
        from_height,
        to_height,
    }
}

#[test]
fn kt_17_the_height_limit_holds_down_too_or_up_only() {
    let both = rules().clone();
    assert!(both.killteam.jump.max_height_both_ways);
    let mut up_only = rules().clone();
    up_only.killteam.jump.max_height_both_ways = false;
    // 8" down: refused up or down, allowed up only.
    let down = jump(10, 2);
    let e = jump_odds(&both, &down).expect_err("8\" down");
    assert_eq!(e.rule, "KT-17");
    assert_eq!(e.kind, ProblemKind::JumpTooHigh);
    let odds = jump_odds(&up_only, &down).expect("any height down");
    // From 10": a fall (1 in 6) kills; no automatic wounds above 6".
    assert!(close(odds.dead, 1.0 / 6.0));
    assert!(odds.automatic.is_none());
    // 7" up: refused either way; 6" up: allowed either way.
    for (r, kind) in [
        (&both, ProblemKind::JumpTooHigh),
        (&up_only, ProblemKind::JumpTooHighUp),
    ] {
        let e = jump_odds(r, &jump(0, 7)).expect_err("7\" up");
        assert_eq!(e.rule, "KT-17");
        assert_eq!(e.kind, kind);
        assert!(jump_odds(r, &jump(0, 6)).is_ok());
    }
    let e = jump_odds(&up_only, &jump(0, 7)).expect_err("7\" up");
    let line = Lang::En.problem_line(&e);
    assert!(
        line.contains("a jump of 7\" up is too high: 6\" at most"),
        "{line}"
    );
}

#[test]
fn kt_17_a_fall_is_measured_from_the_take_off_or_the_landing() {
    let take_off = rules();
    assert_eq!(take_off.killteam.jump.fall_from, FallFrom::TakeOff);
    let mut landing = rules().clone();
    landing.killteam.jump.fall_from = FallFrom::Landing;
    let one = DiceSpec { count: 1, sides: 1 };
    let d3 = DiceSpec { count: 1, sides: 3 };
    // From 2" up to 5": a fall from 2" costs 1 wound, from 5" 1D3.
    let up = jump(2, 5);
    let odds = jump_odds(take_off, &up).expect("odds");
    assert_eq!(odds.fall_wounds, Some(one));
    assert!(odds.automatic.is_none(), "from 2\": none");
    assert!(close(odds.wounds[0], 5.0 / 6.0));
    assert!(close(odds.wounds[1], 1.0 / 6.0));
    let odds = jump_odds(&landing, &up).expect("odds");
    assert_eq!(odds.fall_wounds, Some(d3));
    assert!(close(odds.wounds[0], 5.0 / 6.0));
    for k in 1..=3 {
        assert!(close(odds.wounds[k], 1.0 / 18.0));
    }
    // From 5" up to 8": a fall from 8" kills, 1 in 6.
    let odds = jump_odds(&landing, &jump(5, 8)).expect("odds");
    assert_eq!(odds.fall_wounds, None);
    assert!(close(odds.dead, 1.0 / 6.0));
    assert!(close(
        jump_odds(take_off, &jump(5, 8)).expect("odds").dead,
        0.0
    ));
    // A rope swing falls the same way; a parachute keeps its own wounds.
    let swing = Jump {
        kind: JumpKind::RopeSwing,
        ..jump(2, 9)
    };
    assert_eq!(
        jump_odds(take_off, &swing).expect("odds").fall_wounds,
        Some(one)
    );
    assert_eq!(jump_odds(&landing, &swing).expect("odds").fall_wounds, None);
    let drop = Jump {
        kind: JumpKind::Parachute,
        ..jump(40, 0)
    };
    assert_eq!(
        jump_odds(&landing, &drop).expect("odds").fall_wounds,
        Some(one)
    );
}

#[test]
fn kt_17_a_fall_costs_its_own_wounds_or_the_automatic_ones_too() {
    let instead = rules();
    assert!(!instead.killteam.jump.automatic_added_to_fall);
    let mut added = rules().clone();
    added.killteam.jump.automatic_added_to_fall = true;
    // Level at 5": landed (5 in 6) 1D3; fell (1 in 6) 1D3 instead: 1/3
    // each of 1, 2, 3.
    let level = jump(5, 5);
    let odds = jump_odds(instead, &level).expect("odds");
    assert_eq!(odds.wounds.len(), 4);
    for k in 1..=3 {
        assert!(close(odds.wounds[k], 1.0 / 3.0));
    }
    // Added: a fall costs 2D3 (2: 1/9, 3: 2/9, 4: 3/9, 5: 2/9, 6: 1/9):
    // k = 1: 15/54; 2: 15/54 + 1/54; 3: 15/54 + 2/54; 4: 3/54; 5: 2/54;
    // 6: 1/54.
    let odds = jump_odds(&added, &level).expect("odds");
    let by_hand = [0.0, 15.0, 16.0, 17.0, 3.0, 2.0, 1.0].map(|n| n / 54.0);
    assert_eq!(odds.wounds.len(), by_hand.len());
    for (a, b) in odds.wounds.iter().zip(by_hand) {
        assert!(close(*a, b), "{:?}", odds.wounds);
    }
    assert!(close(odds.dead, 0.0));
    // Rolled, with every test a fall: the fall's D3, and the jump's D3
    // on top only when added.
    added.killteam.jump.falls_on = 6;
    let mut always = rules().clone();
    always.killteam.jump.falls_on = 6;
    for seed in 0..20 {
        let r = roll_jump(&always, &level, &mut seeded(seed)).expect("rolled");
        assert!(r.fell && r.automatic_roll.is_none());
        let fall = r.wounds_roll.as_ref().expect("the fall's D3");
        assert_eq!(r.wounds, fall.total as u32);
        let r = roll_jump(&added, &level, &mut seeded(seed)).expect("rolled");
        let fall = r.wounds_roll.as_ref().expect("the fall's D3");
        let automatic = r.automatic_roll.as_ref().expect("the jump's D3");
        assert_eq!((fall.sides, automatic.sides), (3, 3));
        assert_eq!(r.wounds, (fall.total + automatic.total) as u32);
        // The battle screen keeps the three dice and says the sum.
        let mut rolls = Vec::new();
        let (_, wounds) =
            table::jump(&added, &level, &mut seeded(seed), &mut rolls).expect("rolled");
        assert_eq!(rolls.len(), 3);
        assert_eq!(wounds, r.wounds);
    }
    // A fall that kills rolls no wounds, added or not: from 10" (no
    // automatic wounds there either).
    let r = roll_jump(&added, &jump(10, 9), &mut seeded(1)).expect("rolled");
    assert!(r.dead && r.wounds_roll.is_none() && r.automatic_roll.is_none());
}
