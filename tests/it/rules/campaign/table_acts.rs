//! A kill-team soldier's turn kept by the campaign (KT-9, KT-11, KT-18,
//! EQ-31, EQ-6): each action at the table is one campaign event, refused by
//! the rules whatever sends it, replayed by `check`, merged like every
//! other event.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::common::rules;
use crate::common::{char_id, example_team, ok, refused, team_at_the_table};
use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::campaign::acts;
use muster::rules::campaign::merge::merge;
use muster::rules::campaign::replay;
use muster::rules::campaign::{Campaign, CampaignEdit as E, Entry, Table};
use muster::rules::campaign::{ItemEdit, TableEdit, TurnEdit};
use muster::rules::killteam::activation::Act;
use muster::rules::{Document, RulesData};

pub(crate) fn raid(rules: &RulesData) -> Campaign {
    team_at_the_table(&example_team(), rules, |_| vec![])
}

pub(crate) fn act(c: &Campaign, name: &str, act: Act) -> E {
    E::Turn(TurnEdit::Act {
        character: char_id(c, name),
        act,
    })
}

/// What `name` did this turn, as the table keeps it.
pub(crate) fn acts(c: &Campaign, name: &str) -> Vec<Act> {
    let table = c.table.as_ref().expect("a table");
    table.soldier_turn(char_id(c, name)).acts().collect()
}

#[test]
fn kt_9_two_actions_a_turn_kept_by_the_campaign_and_a_third_refused() {
    let r = rules();
    let c = raid(r);
    // An older campaign's table, without actions: a clean turn.
    let dace = char_id(&c, "Trooper Dace");
    assert!(Table::default().soldier_turn(dace).activations.is_empty());
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Shoot), r);
    assert_eq!(acts(&c, "Trooper Dace"), [Act::Move, Act::Shoot]);
    let p = refused(&c, act(&c, "Trooper Dace", Act::Move), r);
    assert_eq!(p.rule, "KT-9");
    assert!(
        Lang::En
            .problem(&p)
            .contains("he has taken his 2 actions this turn"),
        "{}",
        Lang::En.problem(&p)
    );
    // The others keep theirs, once the enemy has had its turn (KT-8).
    let c = ok(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r);
    let c = ok(&c, act(&c, "Trooper Rusk", Act::Move), r);
    assert_eq!(acts(&c, "Trooper Rusk"), [Act::Move]);
    // Saved and read back, replayed by check: the same turn.
    let text = serde_json::to_string(&c).expect("json");
    let back: Campaign = serde_json::from_str(&text).expect("read back");
    assert_eq!(back, c);
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
    let (replayed, _) = c.replay(r).expect("replays");
    assert!(replay::same_state(&replayed, &c));
}

#[test]
fn kt_9_a_forged_journal_giving_a_soldier_a_third_action_is_refused_under_kt_9() {
    let r = rules();
    let c = raid(r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Shoot), r);
    // A third action written into the journal by hand.
    let mut forged = c.clone();
    let mission = forged.journal.last().expect("an entry").mission;
    forged.journal.push(Arc::new(Entry {
        mission,
        event: act(&c, "Trooper Dace", Act::Move),
        stamp: None,
    }));
    let problems = forged.validate(r);
    let p = problems
        .iter()
        .find(|p| p.kind == ProblemKind::JournalRefused)
        .unwrap_or_else(|| panic!("refused: {problems:?}"));
    assert_eq!(p.rule, "KT-9");
}

#[test]
fn kt_9_take_back_gives_an_action_back_and_a_new_turn_keeps_only_the_stance() {
    let r = rules();
    let c = raid(r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::GoProne), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Shoot), r);
    let c = ok(
        &c,
        E::Turn(TurnEdit::TakeBackAct {
            character: char_id(&c, "Trooper Dace"),
        }),
        r,
    );
    assert_eq!(acts(&c, "Trooper Dace"), [Act::GoProne]);
    // Prone, he stands up before he moves (Decision).
    let p = refused(&c, act(&c, "Trooper Dace", Act::Move), r);
    assert_eq!(p.rule, "KT-9");
    let c = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), r);
    let table = c.table.as_ref().expect("table");
    let turn = table.soldier_turn(char_id(&c, "Trooper Dace"));
    assert!(turn.activations.is_empty(), "a new turn: nothing done yet");
    assert!(turn.prone(), "still prone");
    let c = ok(&c, act(&c, "Trooper Dace", Act::StandUp), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    assert_eq!(acts(&c, "Trooper Dace"), [Act::StandUp, Act::Move]);
    // Nothing to take back for one who did nothing.
    let p = refused(
        &c,
        E::Turn(TurnEdit::TakeBackAct {
            character: char_id(&c, "Trooper Rusk"),
        }),
        r,
    );
    assert_eq!(p.rule, "KT-9");
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}

#[test]
fn kt_9_a_rogue_trader_character_counts_no_actions() {
    let r = rules();
    let c = crate::common::band_at_the_table(r);
    let vael = char_id(&c, "Inquisitor Vael");
    assert!(!acts::counts_actions(&c, vael));
    let p = refused(
        &c,
        E::Turn(TurnEdit::Act {
            character: vael,
            act: Act::Move,
        }),
        r,
    );
    assert_eq!(p.rule, "KT-9");
}

#[test]
fn kt_11_the_third_action_is_paid_in_the_same_event_at_its_recorded_price() {
    let r = rules();
    let c = raid(r);
    let dace = char_id(&c, "Trooper Dace");
    let third = E::Turn(TurnEdit::ThirdAction {
        character: dace,
        cost: None,
    });
    // Bought during his activation, after his first action.
    assert_eq!(refused(&c, third.clone(), r).rule, "KT-11");
    let c = ok(&c, act(&c, "Trooper Dace", Act::Shoot), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    assert_eq!(acts::may_buy_third_action(&c, dace, r), Ok(3));
    let mut rng = muster::rules::core::dice::seeded(1);
    let (c, _) = c.apply(third.clone(), r, &mut rng).expect("3 CP");
    assert_eq!(c.escorts[0].command_points, 0);
    assert!(matches!(
        c.journal.last().map(|e| &e.event),
        Some(E::Turn(TurnEdit::ThirdAction { cost: Some(3), .. }))
    ));
    let c = ok(&c, act(&c, "Trooper Dace", Act::Retreat), r);
    // Never three times the same in the stratagem's activation.
    assert_eq!(
        refused(&c, act(&c, "Trooper Dace", Act::Move), r).rule,
        "KT-9",
        "none left"
    );
    // Replayed at the price recorded, whatever the data says now.
    let mut cheaper = r.clone();
    for s in &mut cheaper.killteam.command.stratagems {
        if s.id == "third_action" {
            s.cost = 1;
        }
    }
    let (replayed, _) = c.replay(&cheaper).expect("replays");
    assert_eq!(replayed.escorts[0].command_points, 0);
}

#[test]
fn eq_31_the_insignia_gives_a_team_mate_one_more_action_once_a_turn() {
    let r = rules();
    let c = raid(r);
    let hark = char_id(&c, "Sergeant Hark");
    let nim = char_id(&c, "Trooper Nim");
    let pell = char_id(&c, "Trooper Pell");
    let c = ok(&c, act(&c, "Trooper Nim", Act::Move), r);
    let c = ok(
        &c,
        E::Turn(TurnEdit::GiveInsignia {
            character: hark,
            to: nim,
        }),
        r,
    );
    let at = acts::acting_soldier(&c, nim, r).expect("Nim");
    assert_eq!(at.total(r), 3);
    assert_eq!(acts::acting_soldier(&c, hark, r).expect("Hark").total(r), 1);
    let p = refused(
        &c,
        E::Turn(TurnEdit::GiveInsignia {
            character: hark,
            to: pell,
        }),
        r,
    );
    assert_eq!(p.rule, "EQ-31");
    // Only the sergeant carrying it gives it.
    let p = refused(
        &c,
        E::Turn(TurnEdit::GiveInsignia {
            character: pell,
            to: nim,
        }),
        r,
    );
    assert_eq!(p.rule, "EQ-31");
}

#[test]
fn eq_31_kt_8_the_insignia_opens_no_activation_on_the_enemy_s_turn() {
    let r = rules();
    let c = raid(r);
    let hark = char_id(&c, "Sergeant Hark");
    let nim = char_id(&c, "Trooper Nim");
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Shoot), r);
    // Dace's activation is over: the enemy activates next (KT-8), and
    // Nim may not be given an action he could not take.
    let insignia = E::Turn(TurnEdit::GiveInsignia {
        character: hark,
        to: nim,
    });
    let why = acts::may_act(&c, nim, Act::Move, r).expect_err("the enemy's turn");
    assert_eq!(why.rule, "KT-8");
    assert_eq!(acts::may_give_insignia(&c, hark, nim, r), Err(why.clone()));
    assert_eq!(refused(&c, insignia.clone(), r), why);
    // His turn back, the insignia is his to give.
    let c = ok(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r);
    let c = ok(&c, insignia, r);
    assert_eq!(acts::acting_soldier(&c, nim, r).expect("Nim").total(r), 3);
}

#[test]
fn eq_6_an_item_that_needs_an_action_takes_one_and_waits_for_one() {
    let r = rules();
    let c = raid(r);
    let dace = char_id(&c, "Trooper Dace");
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Shoot), r);
    let medikit = E::Items(ItemEdit::UseItem {
        character: dace,
        item: "medikit".into(),
        target: Some(dace),
        roll: None,
    });
    // « (nécessite une action) »: none left, no medikit.
    assert_eq!(refused(&c, medikit.clone(), r).rule, "KT-9");
    let c = ok(&c, E::Turn(TurnEdit::TakeBackAct { character: dace }), r);
    let c = ok(&c, medikit, r);
    assert_eq!(acts(&c, "Trooper Dace"), [Act::Move, Act::UseItem]);
    // An item's action comes with the item, never alone.
    assert_eq!(
        refused(&c, act(&c, "Trooper Rusk", Act::UseItem), r).rule,
        "KT-9"
    );
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}

#[test]
fn kt_9_two_machines_each_play_a_soldiers_action_and_the_merge_keeps_both() {
    let r = rules();
    // Two soldiers activated at once on two machines: under the reading
    // where the players keep the order of the turns themselves (KT-8).
    let c = crate::common::turns_shown(&raid(r), r);
    let ours = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let theirs = ok(&c, act(&c, "Trooper Rusk", Act::Shoot), r);
    let merged = merge(&ours, &theirs, r, &BTreeSet::new()).expect("merges");
    assert!(merged.conflicts.is_empty(), "{:?}", merged.conflicts.len());
    let m = merged.campaign;
    assert_eq!(acts(&m, "Trooper Dace"), [Act::Move]);
    assert_eq!(acts(&m, "Trooper Rusk"), [Act::Shoot]);
    assert!(m.validate(r).is_empty(), "{:?}", m.validate(r));
}

/// EQ-10 « ne peut plus bouger durant ce tour et soustrait 1 à son jet de
/// touche »: a soldier a flash grenade dazzled this turn cannot move (nor
/// retreat, nor charge), may still shoot, and his fight picked on the table
/// carries the -1; the next turn he moves again.
#[test]
fn eq_10_a_dazzled_soldier_cannot_move_this_turn_and_fights_at_minus_one() {
    use muster::rules::CharRef;
    use muster::rules::battle::from_table::{FightMode, table_fight};
    let r = rules();
    let mut c = raid(r);
    let dace = char_id(&c, "Trooper Dace");
    let table = c.table.as_mut().expect("table");
    let now = table.turn();
    table.dazzled.insert(dace, now);
    for a in [Act::Move, Act::Retreat, Act::CloseCombat] {
        let p = refused(&c, act(&c, "Trooper Dace", a), r);
        assert_eq!(p.rule, "EQ-10", "{a:?}");
        assert!(Lang::En.problem(&p).contains("cannot move this turn"));
    }
    let shot = ok(&c, act(&c, "Trooper Dace", Act::Shoot), r);
    assert_eq!(acts(&shot, "Trooper Dace"), [Act::Shoot]);
    let me = CharRef::new(c.id.clone(), dace);
    let enemy = CharRef::new(
        c.id.clone(),
        (muster::rules::campaign::Fighter::Enemy(0).id()).0,
    );
    let f = table_fight(&c, r, (FightMode::Shot, &me, &enemy, None), "en").expect("fight");
    assert!(f.dazzled, "-1 to hit");
    let next = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), r);
    assert!(acts::may_act(&next, dace, Act::Move, r).is_ok());
}
