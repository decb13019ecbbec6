//! KT-11's "reroll" stratagem on one roll: « Relancez n'importe quel jet de
//! dé = 1 pt ». The roll picked is made again from dice of its own; every
//! die before it, and every die of its own step, falls as it did.

use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::battle::Fight;
use muster::rules::battle::scenario::Scenario;
use muster::rules::battle::table_roll::TableRoll;
use muster::rules::core::dice::{Dice, RollFor, redraw, redraw_with, seeded};
use muster::rules::data::RulesData;
use muster::rules::killteam::actions::{Charge, Jump, JumpKind};

/// Four shots of a lasgun-like weapon: four hit dice, then a wound die for
/// each hit, a save for each wound, the damage of each unsaved one.
const SHOTS: &str = r#"{"kind": "killteam_shooting", "range": 10,
 "weapon": {"class": "normal", "shots": 4, "s": 4, "ap": 0, "damage": "D3"},
 "target": {"t": 3, "save": 5}}"#;

fn shots() -> Scenario {
    Scenario::parse(SHOTS).expect("scenario")
}

fn rolls<R: rand::Rng>(rules: &RulesData, fight: &Fight, dice: &mut R) -> Vec<RollFor> {
    fight.roll(rules, dice).expect("rolled").rolls
}

#[test]
fn kt_11_one_roll_made_again_keeps_every_die_before_it_and_its_own_step() {
    let rules = rules();
    let fight = Fight::Attack(shots());
    let mut changed = 0;
    for seed in 0..200u64 {
        let first = rolls(rules, &fight, &mut Dice::new(seed, &[]));
        // The dice of a seed with nothing made again are the seed's own.
        assert_eq!(first, rolls(rules, &fight, &mut seeded(seed)));
        // The four hit dice come first, as at the table.
        assert!(first[..4].iter().all(|r| r.purpose == "battle.for.hit"));
        for k in 0..first.len() {
            let again = redraw(seed, &[], &first, k, seed + 10_000).expect("a die of the roll");
            let second = rolls(rules, &fight, &mut Dice::new(seed, &[again]));
            assert_eq!(second[..k], first[..k], "seed {seed}, roll {k}: before it");
            assert_eq!(second[k].purpose, first[k].purpose);
            assert_eq!(second[k].roll.faces.len(), first[k].roll.faces.len());
            if k < 4 {
                // Another hit die never moves.
                for i in (0..4).filter(|&i| i != k) {
                    assert_eq!(second[i], first[i], "seed {seed}: hit die {i}");
                }
            }
            changed += usize::from(second[k] != first[k]);
        }
    }
    assert!(changed > 500, "the die picked is rolled again: {changed}");
}

#[test]
fn kt_11_a_die_is_never_rolled_again_twice() {
    let rules = rules();
    let fight = Fight::Attack(shots());
    let first = rolls(rules, &fight, &mut Dice::new(7, &[]));
    let once = redraw(7, &[], &first, 1, 99).expect("hit die 2");
    let second = rolls(rules, &fight, &mut Dice::new(7, &[once]));
    let twice = redraw(7, &[once], &second, 1, 100).expect_err("the same die");
    assert_eq!(twice.rule, "KT-11");
    assert_eq!(twice.kind, ProblemKind::RerolledTwice);
    // Another of its dice may be: the two made again each keep their own.
    let other = redraw(7, &[once], &second, 2, 101).expect("hit die 3");
    let third = rolls(rules, &fight, &mut Dice::new(7, &[once, other]));
    assert_eq!(third[..2], second[..2]);
    assert_eq!(third[3], second[3], "hit die 4 still as it fell");
    // Never one before the last made again: it would move the dice made
    // again since, chosen after seeing them.
    let before = redraw(7, &[once, other], &third, 0, 102).expect_err("an earlier die");
    assert_eq!(before.kind, ProblemKind::RerollNotLast);
    // Dice that are not the fight's are not taken for them.
    let mut forged = first.clone();
    forged[0].roll.faces[0] = forged[0].roll.faces[0] % 6 + 1;
    let err = redraw(7, &[], &forged, 1, 5).expect_err("not these dice");
    assert_eq!(err.kind, ProblemKind::RerollUnknownDice);
}

/// The other reading of KT-11's « relancez n'importe quel jet »: with the
/// group's rules allowing it, the die made again may be made again, its
/// newest dice the ones that count, every die before it as it fell; never
/// an earlier one.
#[test]
fn kt_11_with_the_house_rule_a_die_rolled_again_may_be_rolled_again() {
    let rules = rules();
    let fight = Fight::Attack(shots());
    let first = rolls(rules, &fight, &mut Dice::new(7, &[]));
    let once = redraw(7, &[], &first, 1, 99).expect("hit die 2");
    let second = rolls(rules, &fight, &mut Dice::new(7, &[once]));
    let again = redraw_with(7, &[once], &second, 1, 100, false).expect("the same die again");
    assert_eq!((again.from, again.to), (once.from, once.to));
    let third = rolls(rules, &fight, &mut Dice::new(7, &[once, again]));
    assert_eq!(third[0], second[0], "the die before it as it fell");
    // The newest dice count: as if only the last were made again.
    let only_last = rolls(rules, &fight, &mut Dice::new(7, &[again]));
    assert_eq!(third, only_last);
    // Never one before the last made again, whatever the reading.
    let before = redraw_with(7, &[once, again], &third, 0, 101, false).expect_err("earlier");
    assert_eq!(before.kind, ProblemKind::RerollNotLast);
    assert!(
        rules.killteam.command.reroll_once,
        "the built-in reading: once"
    );
}

/// Every kind of roll the battle log offers to make again keeps its dice in
/// the order drawn: a hit or save, a jump or parachute landing, a grenade,
/// a charge, the initiative, a blow.
#[test]
fn kt_11_any_roll_of_a_kill_team_fight_may_be_made_again() {
    let rules = rules();
    let blow = Scenario::parse(
        r#"{"kind": "killteam_close_combat", "close_combat": 4, "attacks": 3, "s": 4,
 "ap": -1, "damage": "D3", "target": {"t": 4, "save": 4}}"#,
    )
    .expect("blows");
    let fights = [
        Fight::Attack(shots()),
        Fight::Table(TableRoll::Jump(Jump {
            kind: JumpKind::Jump,
            across: 3,
            from_height: 6,
            to_height: 3,
        })),
        Fight::Table(TableRoll::Jump(Jump {
            kind: JumpKind::Parachute,
            across: 0,
            from_height: 12,
            to_height: 0,
        })),
        Fight::Table(TableRoll::Charge(Charge {
            distance: 8,
            bayonet: true,
        })),
        Fight::Table(TableRoll::Initiative { players: 2 }),
        Fight::Attack(blow),
    ];
    for fight in &fights {
        assert!(fight.kill_team(), "{fight:?}");
        for seed in 0..40u64 {
            let first = rolls(rules, fight, &mut Dice::new(seed, &[]));
            for (k, r) in first.iter().enumerate() {
                let again = redraw(seed, &[], &first, k, seed + 1)
                    .unwrap_or_else(|p| panic!("{fight:?} seed {seed} roll {k}: {p:?}"));
                let second = rolls(rules, fight, &mut Dice::new(seed, &[again]));
                assert_eq!(second[..k], first[..k]);
                assert_eq!(second[k].purpose, r.purpose);
            }
        }
    }
}
