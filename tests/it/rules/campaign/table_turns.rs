//! Whose turn it is at a kill-team table (KT-8, KT-11, KT-19): each side's
//! activations counted, the sides in turn, one out of turn refused, a
//! second soldier or a follow-up straight after a team mate, a row that
//! runs on until another model activates.

use super::table_acts::{act, acts, raid};
use crate::common::rules;
use crate::common::{char_id, example_team, ok, refused, team_at_the_table};
use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::campaign::acts;
use muster::rules::campaign::replay;
use muster::rules::campaign::{CampaignEdit as E, Table};
use muster::rules::campaign::{TableEdit, TurnEdit};
use muster::rules::killteam::activation::Act;

/// KT-8 « les deux joueurs doivent toujours jouer le même nombre de fois par
/// tour »: the table counts each side's activations this turn, at most as
/// many each as the side with fewer models standing, and says whose turn it
/// is to activate; a new turn starts the count again.
#[test]
fn kt_8_the_table_counts_each_sides_activations_and_says_whose_turn_it_is() {
    let r = rules();
    let c = raid(r);
    let enemies = c.mission.as_ref().expect("mission").enemy.len();
    let a = acts::activations(&c);
    assert_eq!((a.players, a.enemy), (0, 0));
    assert_eq!(a.most, u32::try_from(enemies.min(7)).expect("few"));
    assert_eq!(
        a.next,
        Some(true),
        "no initiative rolled: the players first"
    );
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let a = acts::activations(&c);
    assert_eq!(a.players, 1);
    assert_eq!(a.next, Some(false), "the enemy's turn");
    let c = ok(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r);
    assert_eq!(acts::activations(&c).enemy, 1);
    assert_eq!(acts::activations(&c).next, Some(true));
    // Once a turn for one enemy.
    assert_eq!(
        refused(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r).rule,
        "KT-8"
    );
    // Three soldiers left against four enemies: at most three each.
    let mut c2 = c.clone();
    for name in [
        "Sergeant Hark",
        "Trooper Vell",
        "Trooper Osk",
        "Trooper Pell",
    ] {
        c2 = ok(
            &c2,
            E::Table(TableEdit::SetOutOfAction {
                character: char_id(&c2, name),
                out: true,
            }),
            r,
        );
    }
    // Dace acted before: he counts with the three still standing.
    assert_eq!(
        acts::activations(&c2).most,
        3.min(u32::try_from(enemies).expect("few"))
    );
    // A new turn: the count starts again.
    let next = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), r);
    let a = acts::activations(&next);
    assert_eq!((a.players, a.enemy), (0, 0));
}

/// KT-11's fourth stratagem: for 4 CP a second soldier is activated
/// straight after a team-mate, with no reply, both counting as one
/// activation (KT-8); refused before any team-mate acted and short of
/// points.
#[test]
fn kt_11_a_second_soldier_straight_after_the_first_for_4_cp_counts_as_one_activation() {
    let r = rules();
    let c = raid(r);
    let rusk = char_id(&c, "Trooper Rusk");
    let second = E::Turn(TurnEdit::SecondSoldier {
        character: rusk,
        cost: None,
    });
    assert_eq!(refused(&c, second.clone(), r).rule, "KT-11", "nobody first");
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Shoot), r);
    // 3 CP at the start: short of the 4.
    let p = refused(&c, second.clone(), r);
    assert_eq!(p.rule, "KT-11");
    assert!(
        Lang::En.problem(&p).contains("costs 4 command points"),
        "{p:?}"
    );
    let c = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    assert_eq!(acts::may_join_activation(&c, rusk, r), Ok(4));
    let c = ok(&c, second.clone(), r);
    assert_eq!(c.escorts[0].command_points, 0);
    let c = ok(&c, act(&c, "Trooper Rusk", Act::Shoot), r);
    // Dace's and Rusk's activations count as one.
    assert_eq!(acts::activations(&c).players, 1);
    // Once a turn for him.
    assert_eq!(refused(&c, second, r).rule, "KT-11");
    assert!(
        replay::validate(&c, r).is_empty(),
        "{:?}",
        replay::validate(&c, r)
    );
}

/// KT-8 with no enemy drawn (the game master plays it off the table): only
/// the players' side is counted, each soldier once, never capped at none.
#[test]
fn kt_8_without_a_drawn_enemy_only_the_players_side_is_counted() {
    let r = rules();
    let c = crate::common::example_team();
    let c = team_at_the_table(&c, r, |_| vec![]);
    let mut bare = c.clone();
    if let Some(m) = bare.mission.as_mut() {
        m.enemy.clear();
    }
    let a = acts::activations(&bare);
    assert!(!a.enemy_drawn);
    assert_eq!(a.most, 7, "the seven soldiers");
    assert_eq!(a.next, Some(true));
}

// KT-8 « chaque joueur joue l'un de ses soldats chacun son tour »: the two
// sides take turns to activate, the players first when no initiative was
// rolled; a soldier's own activation goes on, a new one waits.
#[test]
fn kt_8_the_sides_take_turns_to_activate_and_one_out_of_turn_is_refused() {
    let r = rules();
    let c = raid(r);
    let p = refused(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r);
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("KT-8", ProblemKind::PlayersTurn)
    );
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Shoot), r);
    let p = refused(&c, act(&c, "Trooper Rusk", Act::Move), r);
    assert_eq!(p.rule, "KT-8");
    assert!(
        Lang::En.problem(&p).contains("it is the enemy's turn"),
        "{}",
        Lang::En.problem(&p)
    );
    let c = ok(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r);
    let c = ok(&c, act(&c, "Trooper Rusk", Act::Move), r);
    assert_eq!(acts(&c, "Trooper Rusk"), [Act::Move]);
    assert!(
        replay::validate(&c, r).is_empty(),
        "{:?}",
        replay::validate(&c, r)
    );
    // The other reading, a house rule: Muster shows the turns, the
    // players keep them.
    let shown = crate::common::turns_shown(&raid(r), r);
    let shown = ok(&shown, act(&shown, "Trooper Dace", Act::Move), r);
    let shown = ok(&shown, act(&shown, "Trooper Rusk", Act::Move), r);
    assert_eq!(acts(&shown, "Trooper Rusk"), [Act::Move]);
}

// KT-11 « activer un second soldat après une première activation sans que
// l'adversaire ne puisse riposter »: the follow-up stratagem straight after
// a team-mate's activation, not once the enemy has replied.
#[test]
fn kt_11_the_follow_up_comes_straight_after_a_team_mate_not_after_the_enemy_s_reply() {
    let r = rules();
    let c = raid(r);
    let escort = c.escorts[0].id;
    let c = ok(
        &c,
        E::Table(TableEdit::SetCommandPoints { escort, points: 8 }),
        r,
    );
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let rusk = char_id(&c, "Trooper Rusk");
    let follow = |id| {
        E::Turn(TurnEdit::SecondSoldier {
            character: id,
            cost: None,
        })
    };
    // Straight after Dace: Rusk joins him, and acts before the enemy.
    let c = ok(&c, follow(rusk), r);
    let c = ok(&c, act(&c, "Trooper Rusk", Act::Move), r);
    assert_eq!(c.escorts[0].command_points, 4, "8 less the stratagem's 4");
    // Once the enemy has replied, Nim's follow-up waits.
    let c = ok(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r);
    let nim = char_id(&c, "Trooper Nim");
    let p = refused(&c, follow(nim), r);
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("KT-11", ProblemKind::SecondNotStraight)
    );
    // The other reading: at any time after a team-mate acted.
    let any = crate::common::turns_shown(&c, r);
    let any = ok(
        &any,
        E::HouseRules(muster::rules::campaign::RulesEdit::Set {
            place: "killteam.json/command/second_soldier_straight_after".into(),
            value: Some(false.into()),
        }),
        r,
    );
    ok(&any, follow(nim), r);
}

/// KT-19 at the table: a Space Marine's actions in a row run on across
/// his own activations while no other model activates between them (the
/// turns kept by the players, so that he may activate twice running), and
/// a Terminator waits for another model between two of his actions.
#[test]
fn kt_19_at_the_table_a_row_runs_on_until_another_model_activates() {
    let r = rules();
    let mut team = example_team();
    for s in &mut team.soldiers {
        let kind = match s.name.as_str() {
            "Trooper Osk" => "space_marine",
            "Trooper Nim" => "terminator",
            _ => continue,
        };
        s.kind = kind.into();
        s.weapon = "bolter".into();
        s.ribbon = None;
        s.items.clear();
    }
    let c = crate::common::turns_shown(&team_at_the_table(&team, r, |_| vec![]), r);
    let c = ok(&c, act(&c, "Trooper Osk", Act::Move), r);
    let c = ok(&c, act(&c, "Trooper Osk", Act::Move), r);
    let osk = char_id(&c, "Trooper Osk");
    let c = ok(&c, E::Turn(TurnEdit::EndActivation { character: osk }), r);
    // His next activation straight after: the third Move of the row.
    let p = refused(&c, act(&c, "Trooper Osk", Act::Move), r);
    assert_eq!(p.rule, "KT-19");
    let c = ok(&c, act(&c, "Trooper Osk", Act::Shoot), r);
    let p = refused(&c, act(&c, "Trooper Osk", Act::Shoot), r);
    assert_eq!(p.rule, "KT-19");
    assert!(
        Lang::En
            .problem(&p)
            .contains("never more than 3 actions in a row"),
        "{}",
        Lang::En.problem(&p)
    );
    // Another model activates: his row begins again, Move as well.
    let c = ok(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r);
    let c = ok(&c, act(&c, "Trooper Osk", Act::Move), r);
    let c = ok(&c, act(&c, "Trooper Osk", Act::Move), r);
    assert_eq!(acts(&c, "Trooper Osk").len(), 5);
    // The Terminator: one action, then another model first.
    let c = ok(&c, act(&c, "Trooper Nim", Act::Move), r);
    assert_eq!(
        refused(&c, act(&c, "Trooper Nim", Act::Shoot), r).rule,
        "KT-19"
    );
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let c = ok(&c, act(&c, "Trooper Nim", Act::Shoot), r);
    // Taken back, his activation no longer counts: Dace's was the last.
    let nim = char_id(&c, "Trooper Nim");
    let back = ok(&c, E::Turn(TurnEdit::TakeBackAct { character: nim }), r);
    assert_eq!(
        back.table.as_ref().map(Table::opened_now),
        c.table.as_ref().map(|t| t.opened_now() - 1)
    );
    assert!(
        replay::validate(&c, r).is_empty(),
        "{:?}",
        replay::validate(&c, r)
    );
}

#[test]
fn kt_8_a_team_mate_waits_for_the_soldier_whose_activation_is_under_way() {
    let r = rules();
    let c = raid(r);
    let c = ok(&c, act(&c, "Trooper Nim", Act::Move), r);
    let rusk = char_id(&c, "Trooper Rusk");
    let p = acts::may_act(&c, rusk, Act::Move, r).expect_err("Nim first");
    assert_eq!(p.rule, "KT-8");
    assert_eq!(
        Lang::En.problem(&p),
        "Trooper Nim's activation is under way: end it, or let him spend his actions, first"
    );
    // Nim's activation over, it is the enemy's turn, and Rusk is told so.
    let c = ok(&c, act(&c, "Trooper Nim", Act::Shoot), r);
    let p = acts::may_act(&c, rusk, Act::Move, r).expect_err("the enemy's turn");
    assert!(Lang::En.problem(&p).contains("the enemy's turn"), "{p:?}");
}
