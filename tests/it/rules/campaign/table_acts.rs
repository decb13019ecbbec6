//! A kill-team soldier's turn kept by the campaign (KT-9, KT-11, KT-18,
//! EQ-31, EQ-6): each action at the table is one campaign event, refused by
//! the rules whatever sends it, replayed by `check`, merged like every
//! other event.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::common::rules;
use crate::common::{char_id, example_team, ok, refused, team_at_the_table};
use muster::i18n::Lang;
use muster::rules::campaign::merge::merge;
use muster::rules::campaign::{Campaign, CampaignEdit as E, Entry, Table};
use muster::rules::campaign::{ItemEdit, TableEdit, TurnEdit};
use muster::rules::killteam::ItemId;
use muster::rules::killteam::activation::Act;
use muster::rules::{Document, RulesData};

fn raid(rules: &RulesData) -> Campaign {
    team_at_the_table(&example_team(), rules, |_| vec![])
}

fn act(c: &Campaign, name: &str, act: Act) -> E {
    E::Turn(TurnEdit::Act {
        character: char_id(c, name),
        act,
    })
}

/// What `name` did this turn, as the table keeps it.
fn acts(c: &Campaign, name: &str) -> Vec<Act> {
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
    assert!(replayed.same_state(&c));
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
        .find(|p| p.key == "campaign.problem.journal_refused")
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
    assert!(!c.counts_actions(vael));
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
    assert_eq!(c.may_buy_third_action(dace, r), Ok(3));
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
    let at = c.acting_soldier(nim, r).expect("Nim");
    assert_eq!(at.total(r), 3);
    assert_eq!(c.acting_soldier(hark, r).expect("Hark").total(r), 1);
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
    let why = c.may_act(nim, Act::Move, r).expect_err("the enemy's turn");
    assert_eq!(why.rule, "KT-8");
    assert_eq!(c.may_give_insignia(hark, nim, r), Err(why.clone()));
    assert_eq!(refused(&c, insignia.clone(), r), why);
    // His turn back, the insignia is his to give.
    let c = ok(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r);
    let c = ok(&c, insignia, r);
    assert_eq!(c.acting_soldier(nim, r).expect("Nim").total(r), 3);
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
    assert!(next.may_act(dace, Act::Move, r).is_ok());
}

/// `name` of `c` uses `item` at the table, its way `way`, as the table
/// makes the event (whether he moves by it, from the data).
fn gear(c: &Campaign, name: &str, item: &str, way: Option<&str>) -> E {
    let moves = (rules().killteam.item(item))
        .and_then(|i| i.gear.as_ref())
        .is_some_and(|g| g.moves);
    E::Turn(TurnEdit::UseGear {
        character: char_id(c, name),
        item: item.into(),
        way: way.map(str::to_owned),
        moves,
    })
}

/// EQ-10 « ne peut plus bouger durant ce tour », KT-9 and KT-8 as the French
/// reads: a rope, a parachute or a jump pack moves the soldier, so a
/// dazzled one may not use it, a prone one stands up first, and each of
/// its actions is a Move for "never three times the same".
#[test]
fn eq_10_kt_9_a_move_by_rope_parachute_or_jump_pack_is_a_move() {
    use muster::rules::killteam::Carried;
    let r = rules();
    let mut team = example_team();
    for s in &mut team.soldiers {
        let item = match s.name.as_str() {
            "Trooper Rusk" => "rope_and_grapnel",
            "Trooper Dace" => "parachute",
            _ => continue,
        };
        s.ribbon = None;
        s.items = vec![Carried {
            item: item.into(),
            weapon: None,
        }];
    }
    let c = team_at_the_table(&team, r, |_| vec![]);
    // Dazzled this turn: no rope, no parachute.
    let mut dazzled = c.clone();
    let table = dazzled.table.as_mut().expect("table");
    let now = table.turn();
    for name in ["Trooper Rusk", "Trooper Dace"] {
        table.dazzled.insert(char_id(&c, name), now);
    }
    let p = refused(
        &dazzled,
        gear(&dazzled, "Trooper Rusk", "rope_and_grapnel", Some("climb")),
        r,
    );
    assert_eq!(p.rule, "EQ-10");
    let p = refused(
        &dazzled,
        gear(&dazzled, "Trooper Dace", "parachute", None),
        r,
    );
    assert_eq!(p.rule, "EQ-10");
    // Prone: he stands up first (KT-9).
    let prone = ok(&c, act(&c, "Trooper Rusk", Act::GoProne), r);
    let p = refused(
        &prone,
        gear(&prone, "Trooper Rusk", "rope_and_grapnel", Some("climb")),
        r,
    );
    assert_eq!(p.rule, "KT-9", "{p:?}");
    // The parachute is a move.
    let landed = ok(&c, gear(&c, "Trooper Dace", "parachute", None), r);
    assert_eq!(acts(&landed, "Trooper Dace"), [Act::Move]);
    // A use recorded before Muster read it so replays as it was played:
    // an item used, which a dazzled soldier could.
    let old = E::Turn(TurnEdit::UseGear {
        character: char_id(&dazzled, "Trooper Dace"),
        item: "parachute".into(),
        way: None,
        moves: false,
    });
    let replayed = ok(&dazzled, old, r);
    assert_eq!(acts(&replayed, "Trooper Dace"), [Act::UseItem]);
}

/// KT-14 « une seule grenade par tour »: a flash grenade used at the table is
/// the soldier's grenade of the turn; a frag grenade after it is refused,
/// and the other way round. The next turn he throws again.
#[test]
fn kt_14_a_flash_grenade_and_a_frag_grenade_are_never_both_thrown_in_a_turn() {
    use muster::rules::campaign::Fighter;
    use muster::rules::killteam::Carried;
    let r = rules();
    let mut team = example_team();
    for s in &mut team.soldiers {
        if s.name == "Trooper Rusk" {
            s.items = vec![Carried {
                item: "flash_grenade".into(),
                weapon: None,
            }];
        }
    }
    let c = team_at_the_table(&team, r, |_| vec![]);
    let rusk = char_id(&c, "Trooper Rusk");
    let flash = E::Items(ItemEdit::UseItem {
        character: rusk,
        item: "flash_grenade".into(),
        target: Some(Fighter::Enemy(0).id()),
        roll: None,
    });
    let thrown = ok(&c, flash.clone(), r);
    assert_eq!(acts(&thrown, "Trooper Rusk"), [Act::Grenade]);
    let p = refused(&thrown, act(&thrown, "Trooper Rusk", Act::Grenade), r);
    assert_eq!(p.rule, "KT-14");
    // A frag grenade first: no flash grenade after it this turn.
    let frag = ok(&c, act(&c, "Trooper Rusk", Act::Grenade), r);
    assert_eq!(refused(&frag, flash.clone(), r).rule, "KT-14");
    let next = ok(&frag, E::Table(TableEdit::NewTurn { gain: None }), r);
    let next = ok(&next, flash, r);
    assert_eq!(acts(&next, "Trooper Rusk"), [Act::Grenade]);
}

/// The example team at the table, Trooper Rusk an Explosives expert
/// carrying chem bombs (RIB-6): the campaign, his id, and his bomb thrown
/// at an enemy.
fn rusk_with_bombs(
    r: &RulesData,
) -> (
    Campaign,
    muster::rules::campaign::CharId,
    impl Fn(usize) -> E,
) {
    use muster::rules::campaign::Fighter;
    use muster::rules::killteam::Carried;
    let mut team = example_team();
    for s in &mut team.soldiers {
        if s.name == "Trooper Rusk" {
            s.items = vec![Carried {
                item: "chem_bomb".into(),
                weapon: None,
            }];
            s.ribbon = Some("explosives_expert".into());
        }
    }
    let c = team_at_the_table(&team, r, |_| vec![]);
    let rusk = char_id(&c, "Trooper Rusk");
    let bomb = move |target| {
        E::Items(ItemEdit::UseItem {
            character: rusk,
            item: "chem_bomb".into(),
            target: Some(Fighter::Enemy(target).id()),
            roll: None,
        })
    };
    (c, rusk, bomb)
}

/// RIB-6 « soit deux mines, soit deux bombes chimiques, soit deux grenades
/// éclairantes »: an Explosives expert uses both at the table, the item
/// struck off with its second use (counted by item, not by use).
#[test]
fn rib_6_an_explosives_expert_uses_both_of_his_items_at_the_table() {
    use muster::rules::killteam::Carried;
    let r = rules();
    let (c, rusk, bomb) = rusk_with_bombs(r);
    let once = ok(&c, bomb(0), r);
    let table = once.table.as_ref().expect("table");
    assert!(!table.struck.contains(&(rusk, ItemId::from("chem_bomb"))));
    assert_eq!(table.uses_of(rusk, &ItemId::from("chem_bomb")), 1);
    let twice = ok(&once, bomb(1), r);
    let table = twice.table.as_ref().expect("table");
    assert!(table.struck.contains(&(rusk, ItemId::from("chem_bomb"))));
    assert_eq!(table.uses_of(rusk, &ItemId::from("chem_bomb")), 0);
    // Both spent: a third is refused.
    let next = ok(&twice, E::Table(TableEdit::NewTurn { gain: None }), r);
    let p = refused(&next, bomb(2), r);
    assert_eq!(p.rule, "EQ-15", "{p:?}");
    // One bomb a soldier without the ribbon: struck off at once.
    let mut plain = example_team();
    for s in &mut plain.soldiers {
        if s.name == "Trooper Rusk" {
            s.items = vec![Carried {
                item: "chem_bomb".into(),
                weapon: None,
            }];
            s.ribbon = None;
        }
    }
    let c = team_at_the_table(&plain, r, |_| vec![]);
    let used = ok(&c, bomb(0), r);
    assert!(
        used.table
            .as_ref()
            .is_some_and(|t| t.struck.contains(&(rusk, ItemId::from("chem_bomb"))))
    );
    assert!(twice.validate(r).is_empty(), "{:?}", twice.validate(r));
}

/// KT-11's Recharge on an item carried twice (RIB-6), « rechargez vos
/// équipements spéciaux à usage unique »: by default the whole item comes
/// back, and it may be bought once one use is spent; the other reading
/// gives one use back, once both are spent.
#[test]
fn kt_11_a_recharge_gives_back_the_whole_item_or_one_use() {
    let r = rules();
    let (c, rusk, bomb) = rusk_with_bombs(r);
    let recharge = E::Items(ItemEdit::Recharge {
        character: rusk,
        item: "chem_bomb".into(),
        cost: None,
    });
    let uses = |c: &Campaign| {
        c.table
            .as_ref()
            .map(|t| t.uses_of(rusk, &ItemId::from("chem_bomb")))
    };
    let once = ok(&c, bomb(0), r);
    // The whole item: one use spent is enough, and both come back.
    assert!(once.rechargeable(rusk, &ItemId::from("chem_bomb"), r));
    let back = ok(&once, recharge.clone(), r);
    assert_eq!(uses(&back), Some(0));
    let next = ok(&back, E::Table(TableEdit::NewTurn { gain: None }), r);
    let twice = ok(&ok(&next, bomb(1), r), bomb(2), r);
    assert!(
        twice
            .table
            .as_ref()
            .is_some_and(|t| t.struck.contains(&(rusk, ItemId::from("chem_bomb"))))
    );
    let again = ok(&twice, recharge.clone(), r);
    assert_eq!(uses(&again), Some(0), "both uses back");
    assert!(!again.rechargeable(rusk, &ItemId::from("chem_bomb"), r));
    // One use: refused while one is left, then the last one back.
    let mut one = r.clone();
    one.killteam.command.recharge_whole_item = false;
    assert!(!once.rechargeable(rusk, &ItemId::from("chem_bomb"), &one));
    assert_eq!(
        refused(&once, recharge.clone(), &one).key,
        "kt.recharge.not_used"
    );
    let both = ok(&ok(&c, bomb(0), &one), bomb(1), &one);
    let last = ok(&both, recharge, &one);
    assert_eq!(uses(&last), Some(1), "one of two spent: one back");
    let struck = ok(
        &ok(&last, E::Table(TableEdit::NewTurn { gain: None }), &one),
        bomb(2),
        &one,
    );
    assert!(
        struck
            .table
            .as_ref()
            .is_some_and(|t| t.struck.contains(&(rusk, ItemId::from("chem_bomb"))))
    );
}

/// KT-8 « les deux joueurs doivent toujours jouer le même nombre de fois par
/// tour »: the table counts each side's activations this turn, at most as
/// many each as the side with fewer models standing, and says whose turn it
/// is to activate; a new turn starts the count again.
#[test]
fn kt_8_the_table_counts_each_sides_activations_and_says_whose_turn_it_is() {
    let r = rules();
    let c = raid(r);
    let enemies = c.mission.as_ref().expect("mission").enemy.len();
    let a = c.activations();
    assert_eq!((a.players, a.enemy), (0, 0));
    assert_eq!(a.most, u32::try_from(enemies.min(7)).expect("few"));
    assert_eq!(
        a.next,
        Some(true),
        "no initiative rolled: the players first"
    );
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), r);
    let a = c.activations();
    assert_eq!(a.players, 1);
    assert_eq!(a.next, Some(false), "the enemy's turn");
    let c = ok(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }), r);
    assert_eq!(c.activations().enemy, 1);
    assert_eq!(c.activations().next, Some(true));
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
        c2.activations().most,
        3.min(u32::try_from(enemies).expect("few"))
    );
    // A new turn: the count starts again.
    let next = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), r);
    let a = next.activations();
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
    assert_eq!(c.may_join_activation(rusk, r), Ok(4));
    let c = ok(&c, second.clone(), r);
    assert_eq!(c.escorts[0].command_points, 0);
    let c = ok(&c, act(&c, "Trooper Rusk", Act::Shoot), r);
    // Dace's and Rusk's activations count as one.
    assert_eq!(c.activations().players, 1);
    // Once a turn for him.
    assert_eq!(refused(&c, second, r).rule, "KT-11");
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}

/// The items that touch no other model cost their actions at the table:
/// EQ-12 the vox one, EQ-22 the rope one move to climb and two in one
/// activation to swing, EQ-7 the smoke grenade one (his grenade of the turn, KT-14,
/// struck off), EQ-27 the jump pack once a turn.
#[test]
fn eq_7_eq_12_eq_22_eq_27_items_used_from_the_act_menu_cost_their_actions() {
    use muster::rules::killteam::Carried;
    let r = rules();
    let mut team = example_team();
    for s in &mut team.soldiers {
        let item = match s.name.as_str() {
            "Trooper Rusk" => {
                s.ribbon = None;
                "rope_and_grapnel"
            }
            "Trooper Osk" => {
                s.kind = "space_marine".into();
                s.weapon = "bolter".into();
                s.ribbon = None;
                "jump_pack"
            }
            _ => continue,
        };
        s.items = vec![Carried {
            item: item.into(),
            weapon: None,
        }];
    }
    let c = team_at_the_table(&team, r, |_| vec![]);
    // EQ-12: the vox, one action.
    let vox = ok(&c, gear(&c, "Trooper Dace", "vox_radio", None), r);
    assert_eq!(acts(&vox, "Trooper Dace"), [Act::UseItem]);
    // EQ-22: climbing one action; swinging two, in one activation.
    let swung = ok(
        &c,
        gear(&c, "Trooper Rusk", "rope_and_grapnel", Some("swing")),
        r,
    );
    // A rope moves him: each of its actions is a Move.
    assert_eq!(acts(&swung, "Trooper Rusk"), [Act::Move, Act::Move]);
    let moved = ok(&c, act(&c, "Trooper Rusk", Act::Move), r);
    let p = refused(
        &moved,
        gear(&moved, "Trooper Rusk", "rope_and_grapnel", Some("swing")),
        r,
    );
    assert_eq!(p.rule, "KT-9", "one action left of his two");
    let climbed = ok(
        &moved,
        gear(&moved, "Trooper Rusk", "rope_and_grapnel", Some("climb")),
        r,
    );
    assert_eq!(acts(&climbed, "Trooper Rusk"), [Act::Move, Act::Move]);
    // EQ-7: the smoke grenade is his grenade of the turn, and struck off.
    let vell = char_id(&c, "Trooper Vell");
    let smoke = ok(&c, gear(&c, "Trooper Vell", "smoke_grenade", None), r);
    assert_eq!(acts(&smoke, "Trooper Vell"), [Act::Grenade]);
    assert!(
        smoke
            .table
            .as_ref()
            .is_some_and(|t| t.struck.contains(&(vell, ItemId::from("smoke_grenade"))))
    );
    assert_eq!(
        refused(&smoke, act(&smoke, "Trooper Vell", Act::Grenade), r).rule,
        "KT-14"
    );
    // EQ-27: the jump pack, once a turn.
    let jumped = ok(&c, gear(&c, "Trooper Osk", "jump_pack", None), r);
    let p = refused(&jumped, gear(&jumped, "Trooper Osk", "jump_pack", None), r);
    assert_eq!(p.rule, "EQ-27");
    let next = ok(&jumped, E::Table(TableEdit::NewTurn { gain: None }), r);
    assert!(
        c.may_use_gear(
            char_id(&next, "Trooper Osk"),
            (&ItemId::from("jump_pack"), None),
            r
        )
        .is_ok()
    );
    let next = ok(&next, gear(&next, "Trooper Osk", "jump_pack", None), r);
    assert!(next.validate(r).is_empty(), "{:?}", next.validate(r));
    // An item he does not carry.
    assert_eq!(
        refused(&c, gear(&c, "Trooper Nim", "vox_radio", None), r).rule,
        "KT-5"
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
    let a = bare.activations();
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
    assert_eq!((p.rule.as_ref(), p.key), ("KT-8", "kt.act.no.players_turn"));
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
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
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
        (p.rule.as_ref(), p.key),
        ("KT-11", "kt.act.no.second_not_straight")
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
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}

#[test]
fn kt_8_a_team_mate_waits_for_the_soldier_whose_activation_is_under_way() {
    let r = rules();
    let c = raid(r);
    let c = ok(&c, act(&c, "Trooper Nim", Act::Move), r);
    let rusk = char_id(&c, "Trooper Rusk");
    let p = c.may_act(rusk, Act::Move, r).expect_err("Nim first");
    assert_eq!(p.rule, "KT-8");
    assert_eq!(
        Lang::En.problem(&p),
        "Trooper Nim's activation is under way: end it, or let him spend his actions, first"
    );
    // Nim's activation over, it is the enemy's turn, and Rusk is told so.
    let c = ok(&c, act(&c, "Trooper Nim", Act::Shoot), r);
    let p = c.may_act(rusk, Act::Move, r).expect_err("the enemy's turn");
    assert!(Lang::En.problem(&p).contains("the enemy's turn"), "{p:?}");
}
