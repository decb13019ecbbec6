//! The roster's edits' tests: the pool rolled keeps every die (CHR-9), a
//! random hero reports his points and each placement (CHR-11), a refused
//! edit names its rule and leaves the roster as it was (CHR-7).

use super::*;
use crate::rules::core::dice::seeded;
use crate::rules::core::problem::ProblemKind;

fn rules() -> RulesData {
    RulesData::built_in().expect("built-in rules")
}

#[test]
fn chr_9_rolling_the_pool_keeps_every_die_and_what_it_was_for() {
    let r = Roster::new("r", "R");
    let edit = RosterEdit::RollPool {
        force_models: 60,
        dice_per_20: 2,
    };
    let (after, outcome) = r.apply(edit, &rules(), &mut seeded(3)).expect("rolled");
    assert_eq!(outcome.rolls.len(), 1);
    let roll = &outcome.rolls[0];
    assert_eq!(roll.purpose, "dice.for.pool");
    assert_eq!(roll.roll.faces.len(), 6, "2 D6 per full 20 models of 60");
    let total: u32 = roll.roll.faces.iter().sum();
    assert_eq!(
        after.points,
        PointsScheme::Pool {
            points: total,
            force_models: 60
        }
    );
    assert_eq!(outcome.lines[0].1.key, "dice.pool");
}

#[test]
fn chr_11_a_random_hero_reports_its_points_roll_then_each_placement() {
    let r = Roster::new("r", "R");
    let edit = RosterEdit::AddCharacter {
        name: "Hero".to_owned(),
        how: NewCharacter::RandomHero {
            race: "human".to_owned(),
            level: "minor_hero".to_owned(),
        },
    };
    let (after, outcome) = r.apply(edit, &rules(), &mut seeded(11)).expect("made");
    let hero = &after.characters[0];
    assert_eq!(outcome.created, Some(hero.id));
    assert_eq!(outcome.rolls[0].purpose, "dice.for.hero_points");
    let placements = outcome.rolls[1..]
        .iter()
        .filter(|r| r.purpose == "dice.for.placement")
        .count();
    assert_eq!(placements, outcome.rolls.len() - 1);
    // A minor hero's points are 4D6, and he gets their total.
    let points = &outcome.rolls[0].roll;
    assert_eq!(points.faces.len(), 4);
    assert_eq!(i64::from(hero.advance_points), i64::from(points.total));
    // Every point rolled was placed or left unspent, and every D20 is kept.
    assert!(placements >= usize::try_from(hero.points_spent()).unwrap_or(0));
    // Replaying the D20s in order on a fresh hero, each raising what the
    // table names or rerolled when it is at its maximum, gives him.
    let rules = rules();
    let mut replay = Character::new(hero.id, "Hero", "human");
    replay.type_id.clone_from(&hero.type_id);
    replay.advance_points = hero.advance_points;
    let mut raised = 0;
    for d20 in &outcome.rolls[1..] {
        assert_eq!((d20.roll.sides, d20.roll.faces.len()), (20, 1));
        let c = rules
            .random_advance
            .lookup(d20.roll.faces[0])
            .expect("the table names every face");
        if replay.can_spend(c, &rules).is_ok() {
            replay.spend(c, &rules).expect("spent");
            raised += 1;
        }
    }
    assert_eq!(replay.advances, hero.advances);
    assert_eq!(raised, hero.points_spent());
    assert_eq!(outcome.lines[0].1.key, "dice.random_hero");
}

#[test]
fn chr_7_a_refused_edit_names_the_rule_and_leaves_the_roster_as_it_was() {
    let mut r = Roster::new("r", "R");
    r.characters.push(Character::new(1, "Kal", "human"));
    let before = r.clone();
    let problem = r
        .apply(
            RosterEdit::Character(1, CharacterEdit::Spend(Characteristic::WS)),
            &rules(),
            &mut seeded(1),
        )
        .expect_err("no points to spend");
    assert_eq!(problem.rule, "CHR-7");
    assert_eq!(r, before);
    // An edit of a character that is not there is refused too.
    let problem = r
        .apply(RosterEdit::RemoveCharacter(9), &rules(), &mut seeded(1))
        .map(|(after, _)| after);
    assert_eq!(
        problem,
        Ok(before.clone()),
        "removing nobody changes nothing"
    );
    let missing = r
        .apply(
            RosterEdit::Character(9, CharacterEdit::SetNotes(String::new())),
            &rules(),
            &mut seeded(1),
        )
        .expect_err("no such character");
    assert_eq!(missing.kind, ProblemKind::NoSuchCharacter);
}
