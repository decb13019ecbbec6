//! A round of close combat, exactly (CC-7, CC-13): the models strike in
//! order of initiative, chargers first on equal, and the round is won by
//! more wounds caused, equal being a draw.

use crate::common::rules;
use muster::rules::close_combat::odds::{Blows, CcModifier, CcWeaponProfile, close_combat};

fn fighter(
    ws: i32,
    s: i32,
    a: u32,
    t: i32,
    w: u32,
    i: i32,
    save: Option<i32>,
) -> muster::rules::close_combat::odds::Fighter {
    muster::rules::close_combat::odds::Fighter {
        ws,
        s,
        weapon_s: None,
        weapon_save_modifier: None,
        a,
        t,
        w,
        i,
        save,
        modifiers: Vec::new(),
    }
}

#[test]
fn cc_7_strike_order_by_initiative_chargers_first_on_equal() {
    use muster::rules::close_combat::odds::{Order, round};
    let r = rules();
    let quick = fighter(4, 3, 1, 3, 1, 5, None);
    let slow = fighter(4, 3, 1, 3, 1, 3, None);
    assert_eq!(
        round(r, &quick, &slow).expect("odds").order,
        Order::FirstStrikesFirst
    );
    assert_eq!(
        round(r, &slow, &quick).expect("odds").order,
        Order::SecondStrikesFirst
    );
    let even = round(r, &slow, &slow).expect("odds");
    assert_eq!(even.order, Order::Simultaneous);
    let mut charger = slow.clone();
    charger.modifiers.push(CcModifier::Charging);
    assert_eq!(
        round(r, &slow, &charger).expect("odds").order,
        Order::SecondStrikesFirst
    );
    // A model killed before its turn does not strike: striking first, the
    // quick one dies less often than in a simultaneous exchange.
    let first = round(r, &quick, &slow).expect("odds");
    let mut same_i = quick.clone();
    same_i.i = 3;
    let together = round(r, &same_i, &slow).expect("odds");
    assert!(first.first_dies < together.first_dies);
    // Simultaneous: both may die.
    let p = together.first_dies;
    assert!(
        (together.second_dies - p).abs() < 1e-12,
        "the same fighters"
    );
}

#[test]
fn cc_13_the_round_is_won_by_more_wounds_caused_equal_is_a_draw() {
    use muster::rules::close_combat::odds::round;
    let r = rules();
    let a = fighter(5, 4, 2, 3, 2, 4, Some(5));
    let b = fighter(3, 3, 1, 4, 1, 2, None);
    let o = round(r, &a, &b).expect("odds");
    assert!((o.first_wins + o.second_wins + o.draw - 1.0).abs() < 1e-12);
    assert!((o.first_wounds.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!(o.first_wins > o.second_wins);
    // By hand: a strikes first (I 4 against 2) with 2 blows against b's
    // single wound; b strikes back once, only if still standing.
    let pa = close_combat(
        r,
        &Blows {
            attacker_ws: 5,
            strength: 4,
            weapon: CcWeaponProfile::default(),
            blows: 1,
            defender_ws: 3,
            toughness: 4,
            save: None,
            modifiers: &[],
            helpless: false,
        },
    )
    .expect("a")
    .unsaved;
    let pb = close_combat(
        r,
        &Blows {
            attacker_ws: 3,
            strength: 3,
            weapon: CcWeaponProfile::default(),
            blows: 1,
            defender_ws: 5,
            toughness: 3,
            save: Some(5),
            modifiers: &[],
            helpless: false,
        },
    )
    .expect("b")
    .unsaved;
    // a has 2 blows against b's 1 wound; b strikes only if not killed.
    let b_killed = 1.0 - (1.0 - pa) * (1.0 - pa);
    let b_survives = 1.0 - b_killed;
    // a wins when he kills b; b, once alive, wins with a wound and draws
    // without one.
    let first_wins = b_killed;
    let second_wins = b_survives * pb;
    let draw = b_survives * (1.0 - pb);
    assert!(
        (o.first_wins - first_wins).abs() < 1e-12,
        "{} vs {first_wins}",
        o.first_wins
    );
    assert!((o.second_wins - second_wins).abs() < 1e-12);
    assert!((o.draw - draw).abs() < 1e-12);
    assert!((o.second_dies - b_killed).abs() < 1e-12);
}
