//! A fight picked on a campaign's table, built by the rules without a
//! window: each fighter as the campaign holds him now (profile, wounds
//! left, save, weapons, where his wounds go), and the rules the fight is
//! fought by.

use crate::common::rules;
use crate::common::{band_at_the_table, char_id, example_team, ok, team_at_the_table};
use muster::rules::ProblemKind;
use muster::rules::battle::from_table::{
    FightMode, FoughtBy, TableSide, enemy_blows, enemy_shot, table_fight, table_side,
};
use muster::rules::campaign::TableEdit;
use muster::rules::campaign::enemy;
use muster::rules::campaign::queries;
use muster::rules::campaign::{CampaignEdit as E, CharId, Fighter};
use muster::rules::{CharRef, Characteristic as C};

#[test]
fn a_soldiers_close_combat_at_the_table_is_fought_by_the_kill_teams_rules() {
    let r = rules();
    let c = team_at_the_table(&example_team(), r, |_| vec![]);
    let dace = CharRef::new(c.id.clone(), char_id(&c, "Trooper Dace"));
    let enemy = CharRef::new(c.id.clone(), Fighter::Enemy(0).id());
    let f = table_fight(&c, r, (FightMode::CloseCombat, &dace, &enemy, None), "en")
        .expect("both at the table");
    assert_eq!(f.by, FoughtBy::KillTeamCloseCombat);
    // And the enemy charging Dace, the same.
    let back = table_fight(&c, r, (FightMode::CloseCombat, &enemy, &dace, None), "en")
        .expect("both at the table");
    assert_eq!(back.by, FoughtBy::KillTeamCloseCombat);
    // A Rogue Trader character against a drawn enemy: the Rogue Trader round.
    let b = band_at_the_table(r);
    let vael = CharRef::new(b.id.clone(), char_id(&b, "Inquisitor Vael"));
    let enemy = CharRef::new(b.id.clone(), Fighter::Enemy(0).id());
    let f = table_fight(&b, r, (FightMode::CloseCombat, &vael, &enemy, None), "en")
        .expect("both at the table");
    assert_eq!(f.by, FoughtBy::CloseCombat);
    assert!(f.attacker.psyker(), "Vael is a psyker");
    assert_eq!(f.attacker.close_values(), Some((Some(4), None)), "carapace");
}

#[test]
fn each_fighter_brings_his_wounds_left_and_where_his_wounds_go() {
    let r = rules();
    let c = team_at_the_table(&example_team(), r, |c| {
        vec![
            E::Table(TableEdit::SetWounds {
                character: char_id(c, "Trooper Dace"),
                wounds: 1,
            }),
            E::Table(TableEdit::AddWounds {
                character: Fighter::Enemy(0).id(),
                wounds: 1,
                roll: None,
                sides: Default::default(),
            }),
        ]
    });
    let dace = CharRef::new(c.id.clone(), char_id(&c, "Trooper Dace"));
    let Some(TableSide::Soldier(s)) = table_side(&c, r, &dace, "en") else {
        panic!("Dace is a soldier of the table");
    };
    let max = u32::try_from(s.derived.profile.wounds).expect("wounds");
    assert_eq!(s.wounds_left, max - 1);
    let side = TableSide::Soldier(s);
    assert_eq!(side.as_target().wounds_left, max - 1);
    assert_eq!(side.from(), dace);
    // The drawn enemy: his W is his wounds left.
    let enemy = CharRef::new(c.id.clone(), Fighter::Enemy(0).id());
    let e = table_side(&c, r, &enemy, "en").expect("the enemy");
    let full = enemy::wounds(&c, 0, r);
    assert_eq!(e.as_target().wounds_left, full - 1);
    assert!(e.is_enemy());
    assert_eq!(e.from(), enemy);
    // Out of action, he cannot fight, and says why.
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: CharId(dace.id),
            out: true,
        }),
        r,
    );
    let Some(TableSide::Soldier(s)) = table_side(&c, r, &dace, "en") else {
        panic!("Dace");
    };
    assert_eq!(s.unable, Some("battle.out_of_action"));
    // Another campaign's reference is not this table's fighter.
    assert!(table_side(&c, r, &CharRef::new("elsewhere", dace.id), "en").is_none());
}

#[test]
fn a_shot_picked_on_the_table_brings_the_shooters_weapon_and_the_targets_save() {
    let r = rules();
    let c = team_at_the_table(&example_team(), r, |_| vec![]);
    let dace = CharRef::new(c.id.clone(), char_id(&c, "Trooper Dace"));
    let enemy = CharRef::new(c.id.clone(), Fighter::Enemy(0).id());
    let f = table_fight(&c, r, (FightMode::Shot, &dace, &enemy, Some(0)), "fr")
        .expect("both at the table");
    assert_eq!(f.by, FoughtBy::Shot);
    let ranged = f.attacker.ranged(r, "en");
    assert_eq!(ranged[0].name, "Lasgun");
    assert!(!ranged[0].used);
    let TableSide::Soldier(d) = &f.attacker else {
        panic!("Dace is a soldier");
    };
    let line = d
        .derived
        .weapons
        .iter()
        .find(|w| w.id == "lasgun")
        .expect("his lasgun, as it fires");
    assert_eq!(
        ranged[0].kt,
        Some(muster::rules::battle::scenario::KtWeapon::of(line))
    );
    // The enemy's save and T, from his faction's table.
    let fighter = enemy::fighter(&c, 0, r).expect("profile");
    let target = f.target.as_target();
    assert_eq!(target.t, i64::from(fighter.profile.get(C::T)));
    assert_eq!(target.save, fighter.save.map(i64::from));
    // The enemy shooting back: his gun as a shot fires it.
    if let Some(gun) = fighter.weapons.iter().find(|w| !w.close()) {
        let back = table_side(&c, r, &enemy, "en").expect("enemy");
        let shot = back.ranged(r, "en")[0]
            .kt
            .clone()
            .expect("a kill-team shot");
        assert_eq!(shot, enemy_shot(gun));
        assert_eq!(shot.ap, i64::from(gun.ap));
    }
    // In close combat he strikes his profile's A times, bare hands last.
    let TableSide::Enemy(e) = table_side(&c, r, &enemy, "en").expect("enemy") else {
        panic!("an enemy");
    };
    let blows = enemy_blows(r, &e);
    assert!(
        blows.last().is_some_and(|b| b.names.is_none()),
        "bare hands"
    );
}

#[test]
fn kt_6_who_may_fight_whom_at_the_table() {
    use muster::rules::battle::from_table::ModelKind;
    let r = rules();
    let c = team_at_the_table(&example_team(), r, |_| vec![]);
    let side = |id: CharId| {
        table_side(&c, r, &CharRef::new(c.id.clone(), id), "en").expect("at the table")
    };
    let dace = side(char_id(&c, "Trooper Dace"));
    let enemy = side(Fighter::Enemy(0).id());
    assert_eq!(dace.model_kind(), ModelKind::Soldier);
    assert_eq!(enemy.model_kind(), ModelKind::Enemy);
    // Each side fights the other, never his own.
    assert!(dace.reach(r).reaches(ModelKind::Enemy));
    assert!(!dace.reach(r).reaches(ModelKind::Soldier));
    assert!(!dace.reach(r).reaches(ModelKind::Character));
    assert!(enemy.reach(r).reaches(ModelKind::Soldier));
    assert!(enemy.reach(r).reaches(ModelKind::Character));
    assert!(!enemy.reach(r).reaches(ModelKind::Enemy));
    // A Rogue Trader character fights the enemy too.
    let b = band_at_the_table(r);
    let vael = table_side(
        &b,
        r,
        &CharRef::new(b.id.clone(), char_id(&b, "Inquisitor Vael")),
        "en",
    )
    .expect("Vael plays");
    assert_eq!(vael.model_kind(), ModelKind::Character);
    assert!(vael.reach(r).reaches(ModelKind::Enemy));
    assert!(!vael.reach(r).reaches(ModelKind::Character));
}

#[test]
fn kt_9_a_soldier_who_fell_to_the_charge_gives_no_answer() {
    use muster::rules::killteam::melee::fell_to_charge;
    // The charge took both of his two wounds, or more.
    assert!(fell_to_charge(false, Some(2), 2));
    assert!(fell_to_charge(false, Some(3), 2));
    // One of two: he answers.
    assert!(!fell_to_charge(false, Some(1), 2));
    // The newest roll is not this charge: only the table says.
    assert!(!fell_to_charge(false, None, 1));
    assert!(fell_to_charge(true, None, 3));
}

#[test]
fn cmp_13_who_is_out_of_action_at_the_table() {
    let r = rules();
    let c = team_at_the_table(&example_team(), r, |c| {
        vec![
            E::Table(TableEdit::SetOutOfAction {
                character: char_id(c, "Trooper Dace"),
                out: true,
            }),
            E::Table(TableEdit::AddWounds {
                character: Fighter::Enemy(0).id(),
                wounds: 99,
                roll: None,
                sides: Default::default(),
            }),
        ]
    });
    let w = queries::wounding(&c);
    assert!(w.out_of_action(char_id(&c, "Trooper Dace")));
    assert!(!w.out_of_action(char_id(&c, "Trooper Nim")));
    assert!(w.out_of_action(Fighter::Enemy(0).id()), "99 wounds");
    assert!(!w.out_of_action(Fighter::Enemy(1).id()));
    // Out of action, he takes no more wounds either.
    assert_eq!(
        w.wound_refusal(char_id(&c, "Trooper Dace")).map(|p| p.kind),
        Some(ProblemKind::AlreadyOut)
    );
}
