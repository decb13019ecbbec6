//! A kill-team soldier's items used at the table as campaign events: a
//! move by rope, parachute or jump pack, one grenade of a kind a turn, an
//! Explosives Expert's two items, a Recharge, and each item from the Act
//! menu at its price in actions.

use super::table_acts::{act, acts};
use crate::common::rules;
use crate::common::struck_off;
use crate::common::{char_id, example_team, ok, refused, team_at_the_table};
use muster::rules::ProblemKind;
use muster::rules::RulesData;
use muster::rules::campaign::acts;
use muster::rules::campaign::item_use;
use muster::rules::campaign::replay;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::campaign::{ItemEdit, TableEdit, TurnEdit};
use muster::rules::killteam::ItemId;
use muster::rules::killteam::activation::Act;

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
    assert!(struck_off(&used, rusk, "chem_bomb"));
    assert!(
        replay::validate(&twice, r).is_empty(),
        "{:?}",
        replay::validate(&twice, r)
    );
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
    assert!(item_use::rechargeable(
        &once,
        rusk,
        &ItemId::from("chem_bomb"),
        r
    ));
    let back = ok(&once, recharge.clone(), r);
    assert_eq!(uses(&back), Some(0));
    let next = ok(&back, E::Table(TableEdit::NewTurn { gain: None }), r);
    let twice = ok(&ok(&next, bomb(1), r), bomb(2), r);
    assert!(struck_off(&twice, rusk, "chem_bomb"));
    let again = ok(&twice, recharge.clone(), r);
    assert_eq!(uses(&again), Some(0), "both uses back");
    assert!(!item_use::rechargeable(
        &again,
        rusk,
        &ItemId::from("chem_bomb"),
        r
    ));
    // One use: refused while one is left, then the last one back.
    let mut one = r.clone();
    one.killteam.command.recharge_whole_item = false;
    assert!(!item_use::rechargeable(
        &once,
        rusk,
        &ItemId::from("chem_bomb"),
        &one
    ));
    assert_eq!(
        refused(&once, recharge.clone(), &one).kind,
        ProblemKind::RechargeNotUsed
    );
    let both = ok(&ok(&c, bomb(0), &one), bomb(1), &one);
    let last = ok(&both, recharge, &one);
    assert_eq!(uses(&last), Some(1), "one of two spent: one back");
    let struck = ok(
        &ok(&last, E::Table(TableEdit::NewTurn { gain: None }), &one),
        bomb(2),
        &one,
    );
    assert!(struck_off(&struck, rusk, "chem_bomb"));
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
    assert!(struck_off(&smoke, vell, "smoke_grenade"));
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
        acts::may_use_gear(
            &c,
            char_id(&next, "Trooper Osk"),
            (&ItemId::from("jump_pack"), None),
            r
        )
        .is_ok()
    );
    let next = ok(&next, gear(&next, "Trooper Osk", "jump_pack", None), r);
    assert!(
        replay::validate(&next, r).is_empty(),
        "{:?}",
        replay::validate(&next, r)
    );
    // An item he does not carry.
    assert_eq!(
        refused(&c, gear(&c, "Trooper Nim", "vox_radio", None), r).rule,
        "KT-5"
    );
}
