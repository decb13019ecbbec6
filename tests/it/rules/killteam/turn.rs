//! The kill-team turn and the situation of a shot: height and the auspex
//! against cover (KT-7, EQ-17), lying prone (KT-9), night vision and gas
//! masks (EQ-18, EQ-19), activations (KT-8), the initiative (KT-10), and
//! targeting an Invisible soldier (RIB-3, EQ-30).

use crate::common::rules;
use muster::rules::RulesData;
use muster::rules::core::odds::Odds;
use muster::rules::killteam::data::KtModifier as M;
use muster::rules::killteam::odds::{ShotClass, killteam_shooting};
use muster::rules::killteam::turn::{
    actions_to_target, activations, initiative_chance, roll_initiative,
};
use rand::SeedableRng;
use rand_pcg::Pcg64;

/// A lasgun shot at a guardsman (T3, 5+) at `range`.
fn shot(rules: &RulesData, range: u32, cover: bool, modifiers: &[M]) -> Odds {
    killteam_shooting(
        rules,
        ShotClass::Normal,
        range,
        1,
        3,
        0,
        1,
        3,
        Some(5),
        cover,
        modifiers,
    )
    .expect("odds")
}

#[test]
fn kt_7_a_shooter_3_inches_higher_lessens_the_cover_save_by_1() {
    let r = rules();
    assert_eq!(
        shot(r, 10, true, &[]).score_to_save,
        Some(4),
        "5+ in cover is 4+"
    );
    assert_eq!(
        shot(r, 10, true, &[M::HigherPosition]).score_to_save,
        Some(5)
    );
    // In the open there is no cover to lessen.
    assert_eq!(
        shot(r, 10, false, &[M::HigherPosition]).score_to_save,
        Some(5)
    );
    // The chance of an unsaved wound follows.
    let low = shot(r, 10, true, &[]).unsaved;
    let high = shot(r, 10, true, &[M::HigherPosition]).unsaved;
    assert!((high / low - (4.0 / 6.0) / (3.0 / 6.0)).abs() < 1e-12);
}

#[test]
fn eq_17_an_auspex_lessens_cover_within_12_inches_never_below_none() {
    let r = rules();
    assert_eq!(shot(r, 12, true, &[M::Auspex]).score_to_save, Some(5));
    assert_eq!(
        shot(r, 13, true, &[M::Auspex]).score_to_save,
        Some(4),
        "out of its range"
    );
    // Height and auspex together take the cover away, not more (Decision).
    assert_eq!(
        shot(r, 12, true, &[M::Auspex, M::HigherPosition]).score_to_save,
        Some(5)
    );
}

#[test]
fn kt_9_a_prone_target_saves_better_in_cover_or_in_the_open() {
    let r = rules();
    assert_eq!(shot(r, 10, true, &[M::Prone]).score_to_save, Some(3));
    assert_eq!(shot(r, 10, false, &[M::Prone]).score_to_save, Some(4));
    // Seen from above in cover, prone: the cover lost, the prone kept.
    assert_eq!(
        shot(r, 10, true, &[M::Prone, M::HigherPosition]).score_to_save,
        Some(4)
    );
}

#[test]
fn eq_18_night_vision_ignores_the_night() {
    let r = rules();
    assert_eq!(shot(r, 10, false, &[]).score_to_hit, Some(2));
    assert_eq!(shot(r, 10, false, &[M::Night]).score_to_hit, Some(3));
    assert_eq!(
        shot(r, 10, false, &[M::Night, M::NightVision]).score_to_hit,
        Some(2)
    );
}

#[test]
fn eq_19_a_gas_mask_ignores_smoke_and_flash_grenades() {
    let r = rules();
    assert_eq!(
        shot(r, 10, false, &[M::Smoke, M::Dazzled]).score_to_hit,
        Some(4)
    );
    assert_eq!(
        shot(r, 10, false, &[M::Smoke, M::Dazzled, M::GasMask]).score_to_hit,
        Some(2)
    );
    // Only those: the night still counts.
    assert_eq!(
        shot(r, 10, false, &[M::Night, M::GasMask]).score_to_hit,
        Some(3)
    );
}

#[test]
fn kt_8_both_players_activate_as_often_as_the_smaller_side() {
    assert_eq!(activations(&[3, 4]), 3);
    assert_eq!(activations(&[7, 7]), 7);
    assert_eq!(activations(&[0, 5]), 0);
}

#[test]
fn kt_10_the_highest_initiative_die_chooses_and_ties_roll_again() {
    let r = rules();
    let turn = &r.killteam.turn;
    let mut wins = [0u32; 2];
    let mut rerolled = 0;
    for seed in 0..2000u64 {
        let i = roll_initiative(turn, 2, &mut Pcg64::seed_from_u64(seed)).expect("rolls");
        // Every round but the last is a tie for the highest.
        for round in &i.rounds[..i.rounds.len() - 1] {
            let faces: Vec<i32> = round.iter().flatten().map(|d| d.total).collect();
            assert_eq!(faces.len(), 2);
            assert_eq!(faces[0], faces[1]);
        }
        let last = i.rounds.last().expect("a round");
        let winner = last[i.winner].as_ref().expect("rolled").total;
        assert!(last.iter().flatten().all(|d| d.total <= winner));
        assert_eq!(
            last.iter().flatten().filter(|d| d.total == winner).count(),
            1
        );
        for d in last.iter().flatten() {
            assert!((1..=6).contains(&d.total));
        }
        rerolled += usize::from(i.rounds.len() > 1);
        wins[i.winner] += 1;
        // The same seed, the same dice.
        assert_eq!(
            roll_initiative(turn, 2, &mut Pcg64::seed_from_u64(seed)).expect("rolls"),
            i
        );
    }
    // Even odds; about one turn in six starts with a tie.
    assert!((900..=1100).contains(&wins[0]), "{wins:?}");
    assert!((250..=420).contains(&rerolled), "{rerolled}");
    assert!((initiative_chance(2) - 0.5).abs() < 1e-12);
    // Three players: only the tied highest roll again.
    let i = roll_initiative(turn, 3, &mut Pcg64::seed_from_u64(7)).expect("rolls");
    assert!(i.winner < 3);
    assert!(roll_initiative(turn, 1, &mut Pcg64::seed_from_u64(7)).is_err());
}

/// KT-10's tie: by default only the players tied for the highest roll
/// again; the other reading has every player roll again.
#[test]
fn kt_10_a_tie_for_the_highest_is_rolled_again_by_the_tied_or_by_all() {
    let r = rules();
    let tied_only = r.killteam.turn.clone();
    assert!(tied_only.initiative_tied_only, "the built-in reading");
    let mut all = tied_only.clone();
    all.initiative_tied_only = false;
    // A first round where two of three tie for the highest.
    let two_of_three = |round: &[Option<muster::rules::core::dice::Roll>]| {
        let faces: Vec<i32> = round.iter().flatten().map(|d| d.total).collect();
        let best = faces.iter().copied().max().unwrap_or(0);
        faces.len() == 3 && faces.iter().filter(|f| **f == best).count() == 2
    };
    let seed = (0..500u64)
        .find(|s| {
            let i = roll_initiative(&tied_only, 3, &mut Pcg64::seed_from_u64(*s)).expect("rolls");
            two_of_three(&i.rounds[0])
        })
        .expect("a seed with two tied of three");
    let i = roll_initiative(&tied_only, 3, &mut Pcg64::seed_from_u64(seed)).expect("rolls");
    let first = &i.rounds[0];
    let best = first.iter().flatten().map(|d| d.total).max().unwrap_or(0);
    let low = first
        .iter()
        .position(|d| d.as_ref().is_some_and(|d| d.total < best))
        .expect("the lower die");
    assert!(i.rounds[1][low].is_none(), "the lower player is out");
    assert_eq!(i.rounds[1].iter().flatten().count(), 2);
    assert_ne!(i.winner, low);
    let j = roll_initiative(&all, 3, &mut Pcg64::seed_from_u64(seed)).expect("rolls");
    assert_eq!(j.rounds[0], *first, "the same first round");
    assert_eq!(
        j.rounds[1].iter().flatten().count(),
        3,
        "every player again"
    );
}

#[test]
fn rib_3_an_invisible_target_costs_two_actions_unless_eq_30_a_detector() {
    let r = rules();
    let turn = &r.killteam.turn;
    assert_eq!(actions_to_target(turn, false, false), 1);
    assert_eq!(actions_to_target(turn, true, false), 2);
    assert_eq!(
        actions_to_target(turn, true, true),
        1,
        "EQ-30 cancels RIB-3"
    );
}

#[test]
fn kt_9_a_charge_reaches_6_inches_plus_a_d6() {
    use muster::rules::killteam::actions::{Charge, charge_chance, roll_charge};
    let r = rules();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    let at = |distance| Charge {
        distance,
        bayonet: false,
    };
    assert!(close(charge_chance(r, &at(6)), 1.0));
    assert!(close(charge_chance(r, &at(7)), 1.0));
    assert!(close(charge_chance(r, &at(8)), 5.0 / 6.0));
    assert!(close(charge_chance(r, &at(12)), 1.0 / 6.0));
    assert!(close(charge_chance(r, &at(13)), 0.0));
    for seed in 0..60 {
        let c = roll_charge(r, &at(9), &mut Pcg64::seed_from_u64(seed));
        assert_eq!(c.inches, 6 + c.reach.roll.total as u32);
        assert_eq!(c.reach.passed, c.inches >= 9);
        assert_eq!(c.wounds, 0, "no bayonet");
    }
}

#[test]
fn eq_13_a_bayonet_deals_1_mortal_wound_after_a_charge_that_reaches() {
    use muster::rules::killteam::actions::{Charge, roll_charge};
    let r = rules();
    let charge = Charge {
        distance: 9,
        bayonet: true,
    };
    let (mut reached, mut short) = (0, 0);
    for seed in 0..100 {
        let c = roll_charge(r, &charge, &mut Pcg64::seed_from_u64(seed));
        if c.reach.passed {
            assert_eq!(c.wounds, 1);
            reached += 1;
        } else {
            assert_eq!(c.wounds, 0, "no wound when it falls short");
            short += 1;
        }
    }
    assert!(reached > 0 && short > 0);
}

/// The charge's log line reads as one sentence in both languages: what the
/// charge did, then its dice, never two full stops (KT-9, EQ-13).
#[test]
fn kt_9_a_charge_s_log_line_reads_whole_in_both_languages() {
    use muster::rules::battle::table_roll::{TableRoll, roll};
    use muster::rules::killteam::actions::Charge;
    let r = rules();
    for bayonet in [false, true] {
        for seed in 0..12 {
            let charge = TableRoll::Charge(Charge {
                distance: 9,
                bayonet,
            });
            let rolled = roll(r, &charge, &mut Pcg64::seed_from_u64(seed)).expect("rolled");
            for lang in muster::i18n::Lang::ALL {
                let line = lang.msg(&rolled.msg());
                assert!(!line.contains(".."), "{line}");
                assert!(line.ends_with('.'), "{line}");
            }
        }
    }
}
