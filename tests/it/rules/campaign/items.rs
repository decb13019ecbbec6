//! Single-use items used at the campaign table, as events of the journal
//! (EQ-6, EQ-10, EQ-11, EQ-15, EQ-19, EQ-23): each strikes, rolls and
//! applies in one event, and the journal replays it to the same table
//! (the stratagems on items in `item_stratagems.rs`).

use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::campaign::enemy;
use muster::rules::campaign::queries;
use muster::rules::campaign::{Campaign, CampaignEdit as E, CharId, Fighter};
use muster::rules::core::dice::Roll;
use muster::rules::killteam::item_use::Effect;
use muster::rules::killteam::{Carried, ItemId};
use muster::rules::{Document as _, RulesData};

use crate::common::rules;
use crate::common::struck_off;
use crate::common::{char_id, ok, refused};
use muster::rules::campaign::item_use;
use muster::rules::campaign::replay;
use muster::rules::campaign::{ItemEdit, TableEdit, TurnEdit};

/// The example team with Vell's flash grenade, Osk's chem bomb, Nim's
/// knife and Pell's gas mask (Dace keeps his medikit, Rusk his mine), at
/// the table of its first mission.
pub(crate) fn armed_team_at_the_table(r: &RulesData) -> Campaign {
    let mut team = crate::common::example_team();
    for (name, item) in [
        ("Trooper Vell", "flash_grenade"),
        ("Trooper Osk", "chem_bomb"),
        ("Trooper Nim", "knife"),
        ("Trooper Pell", "gas_mask"),
    ] {
        let s = team
            .soldiers
            .iter_mut()
            .find(|s| s.name == name)
            .expect("soldier");
        s.items = vec![Carried {
            item: item.into(),
            weapon: None,
        }];
    }
    crate::common::team_at_the_table(&team, r, |_| vec![])
}

pub(super) fn use_item(
    character: CharId,
    item: &str,
    target: Option<CharId>,
    face: Option<u32>,
) -> E {
    E::Items(ItemEdit::UseItem {
        character,
        item: item.into(),
        target,
        roll: face.map(|f| Roll::from_faces(3, vec![f], 0)),
    })
}

/// The outcome's lines in English.
pub(super) fn lines(c: &Campaign, e: E, r: &RulesData) -> (Campaign, Vec<String>) {
    let mut rng = muster::rules::core::dice::seeded(7);
    let (c, out) = c.apply(e, r, &mut rng).expect("accepted");
    let shown = out.lines.iter().map(|(_, m)| Lang::En.msg(m)).collect();
    (c, shown)
}

pub(super) fn replays(c: &Campaign, r: &RulesData) {
    let (again, _) = c.replay(r).expect("replays");
    assert!(
        replay::same_state(c, &again),
        "the journal gives the same table"
    );
    assert_eq!(again.table, c.table);
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}

#[test]
fn eq_6_the_medikit_heals_a_team_mate_at_the_table_strikes_and_replays() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let (dace, vell) = (char_id(&c, "Trooper Dace"), char_id(&c, "Trooper Vell"));
    let c = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: vell,
            wounds: 2,
        }),
        r,
    );
    let (c, shown) = lines(&c, use_item(dace, "medikit", Some(vell), Some(2)), r);
    assert!(
        shown.contains(&"Medikit (D3: 2): Trooper Vell regains 2 wounds".to_owned()),
        "{shown:?}"
    );
    let t = c.table.as_ref().expect("table");
    assert_eq!(t.wounds.get(&vell), Some(&0));
    assert!(t.struck.contains(&(dace, ItemId::from("medikit"))));
    assert_eq!(
        t.used.get(&dace).map(|u| u.effect.clone()),
        Some(Effect::Heal(2))
    );
    replays(&c, r);
    // Once a game.
    let p = refused(&c, use_item(dace, "medikit", Some(vell), None), r);
    assert_eq!(p.rule, "EQ-6");
    assert_eq!(
        Lang::En.problem(&p),
        "Trooper Dace has already used his Medikit"
    );
    // Never on an enemy; the die left to Muster is stored in the journal.
    let fresh = armed_team_at_the_table(r);
    let p = refused(
        &fresh,
        use_item(dace, "medikit", Some(Fighter::Enemy(0).id()), None),
        r,
    );
    assert_eq!((p.rule.as_ref(), p.kind), ("EQ-6", ProblemKind::BadTarget));
    let c = ok(&fresh, use_item(dace, "medikit", Some(dace), None), r);
    let E::Items(ItemEdit::UseItem {
        roll: Some(roll), ..
    }) = &c.journal.last().expect("entry").event
    else {
        panic!("the die is kept");
    };
    assert_eq!(roll.sides, 3);
    replays(&c, r);
}

#[test]
fn eq_11_a_mine_is_laid_then_goes_off_once_on_the_model_picked() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let rusk = char_id(&c, "Trooper Rusk");
    let enemy = Fighter::Enemy(0).id();
    // Going off before it is laid is refused.
    let p = refused(&c, use_item(rusk, "mine", Some(enemy), Some(1)), r);
    assert_eq!((p.rule.as_ref(), p.kind), ("EQ-11", ProblemKind::LayFirst));
    let (c, shown) = lines(&c, use_item(rusk, "mine", None, None), r);
    assert!(
        shown[0].starts_with("Trooper Rusk lays a Mine"),
        "{shown:?}"
    );
    let t = c.table.as_ref().expect("table");
    // RIB-6: Rusk, an Explosives expert, carries two: one left.
    assert!(!t.struck.contains(&(rusk, ItemId::from("mine"))));
    assert_eq!(t.uses_of(rusk, &ItemId::from("mine")), 1);
    assert_eq!(t.laid, vec![(rusk, ItemId::from("mine"))]);
    // EQ-11 « SEULEMENT à partir de la fin de l'activation »: not in the
    // activation that laid it; once he has taken his two actions, it is.
    let p = refused(&c, use_item(rusk, "mine", Some(enemy), Some(1)), r);
    assert_eq!((p.rule.as_ref(), p.kind), ("EQ-11", ProblemKind::NotArmed));
    let moved = ok(
        &c,
        E::Turn(TurnEdit::Act {
            character: rusk,
            act: muster::rules::killteam::activation::Act::Move,
        }),
        r,
    );
    assert_eq!(
        refused(&moved, use_item(rusk, "mine", Some(enemy), Some(1)), r).kind,
        ProblemKind::NotArmed,
        "his activation goes on"
    );
    let c = ok(
        &moved,
        E::Turn(TurnEdit::Act {
            character: rusk,
            act: muster::rules::killteam::activation::Act::Shoot,
        }),
        r,
    );
    let max = enemy::wounds(&c, 0, r);
    let (c, shown) = lines(&c, use_item(rusk, "mine", Some(enemy), Some(1)), r);
    assert!(shown[0].starts_with("Mine (D3: 1): "), "{shown:?}");
    let t = c.table.as_ref().expect("table");
    assert_eq!(t.enemy_wounds.get(&0), Some(&1.min(max)));
    assert!(t.laid.is_empty(), "one explosion per mine");
    assert_eq!(t.enemy_out.contains(&0), max <= 1);
    replays(&c, r);
    let p = refused(&c, use_item(rusk, "mine", Some(enemy), Some(1)), r);
    assert_eq!(p.rule, "EQ-11");
}

#[test]
fn eq_11_a_mine_goes_off_on_a_friend_and_takes_him_out_at_his_last_wound() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let (rusk, hark) = (char_id(&c, "Trooper Rusk"), char_id(&c, "Sergeant Hark"));
    let c = ok(&c, use_item(rusk, "mine", None, None), r);
    // The next turn, his activation is over.
    let c = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), r);
    let c = ok(&c, use_item(rusk, "mine", Some(hark), Some(3)), r);
    let t = c.table.as_ref().expect("table");
    assert_eq!(t.wounds.get(&hark), Some(&3));
    assert!(t.out_of_action.contains(&hark));
    replays(&c, r);
}

#[test]
fn eq_15_the_chem_bomb_wounds_and_eq_19_a_gas_mask_ignores_it() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let (osk, pell) = (char_id(&c, "Trooper Osk"), char_id(&c, "Trooper Pell"));
    // EQ-19: Pell's gas mask; the bomb is spent all the same.
    let (masked, shown) = lines(&c, use_item(osk, "chem_bomb", Some(pell), None), r);
    assert_eq!(
        shown,
        ["Chem bomb: Trooper Pell ignores it, thanks to the Gas mask"]
    );
    let t = masked.table.as_ref().expect("table");
    assert_eq!(t.wounds.get(&pell).copied().unwrap_or(0), 0);
    assert!(t.struck.contains(&(osk, ItemId::from("chem_bomb"))));
    // On an enemy: 1 mortal wound.
    let (c, shown) = lines(
        &c,
        use_item(osk, "chem_bomb", Some(Fighter::Enemy(0).id()), None),
        r,
    );
    assert!(shown[0].starts_with("Chem bomb: "), "{shown:?}");
    assert!(shown[0].ends_with(" suffers 1 mortal wound"), "{shown:?}");
    assert_eq!(
        c.table.as_ref().and_then(|t| t.enemy_wounds.get(&0)),
        Some(&1)
    );
    replays(&c, r);
}

#[test]
fn eq_10_the_flash_grenade_dazzles_until_the_next_turn_and_eq_19_a_mask_ignores_it() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let (vell, pell) = (char_id(&c, "Trooper Vell"), char_id(&c, "Trooper Pell"));
    let enemy = Fighter::Enemy(0).id();
    let c2 = ok(&c, use_item(vell, "flash_grenade", Some(enemy), None), r);
    let t = c2.table.as_ref().expect("table");
    assert!(t.dazzled_now(enemy));
    replays(&c2, r);
    let next = ok(&c2, E::Table(TableEdit::NewTurn { gain: None }), r);
    assert!(!next.table.as_ref().expect("table").dazzled_now(enemy));
    // A gas mask: not dazzled.
    let masked = ok(&c, use_item(vell, "flash_grenade", Some(pell), None), r);
    assert!(!masked.table.as_ref().expect("table").dazzled_now(pell));
}

#[test]
fn eq_23_the_knife_costs_no_action_and_causes_1_mortal_wound() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let nim = char_id(&c, "Trooper Nim");
    let hark = char_id(&c, "Sergeant Hark");
    let c = ok(&c, use_item(nim, "knife", Some(hark), None), r);
    assert_eq!(c.table.as_ref().and_then(|t| t.wounds.get(&hark)), Some(&1));
    replays(&c, r);
    // One he does not carry is refused.
    let p = refused(&c, use_item(hark, "knife", Some(nim), None), r);
    assert_eq!(Lang::En.problem(&p), "Sergeant Hark carries no Knife");
}

#[test]
fn eq_6_a_bearer_out_of_action_uses_nothing() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let dace = char_id(&c, "Trooper Dace");
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: dace,
            out: true,
        }),
        r,
    );
    let p = refused(&c, use_item(dace, "medikit", Some(dace), None), r);
    assert_eq!((p.rule.as_ref(), p.kind), ("EQ-6", ProblemKind::BearerOut));
}

/// EQ-11 « posez un jeton pendant l'activation du porteur »: a mine is laid
/// in its bearer's activation (one he begins, or his own still open), never
/// on the enemy's turn: once Dace has activated, Rusk waits for the enemy
/// (KT-8) and may not lay his; in his own activation he may.
#[test]
fn eq_11_a_mine_is_laid_only_in_its_bearer_s_activation() {
    use muster::rules::killteam::activation::Act;
    let r = rules();
    let c = armed_team_at_the_table(r);
    let (rusk, dace) = (char_id(&c, "Trooper Rusk"), char_id(&c, "Trooper Dace"));
    let after_dace = ok(
        &c,
        E::Turn(TurnEdit::Act {
            character: dace,
            act: Act::Move,
        }),
        r,
    );
    let p = refused(&after_dace, use_item(rusk, "mine", None, None), r);
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("EQ-11", ProblemKind::NotHisActivation)
    );
    let why = muster::i18n::Lang::En.problem(&p);
    assert!(
        why.contains("Trooper Dace's activation is under way"),
        "{why}"
    );
    // In his own activation, open after a move: laid.
    let moved = ok(
        &c,
        E::Turn(TurnEdit::Act {
            character: rusk,
            act: Act::Move,
        }),
        r,
    );
    let laid = ok(&moved, use_item(rusk, "mine", None, None), r);
    assert_eq!(
        laid.table.as_ref().expect("table").laid,
        vec![(rusk, ItemId::from("mine"))]
    );
    replays(&laid, r);
}

#[test]
fn eq_6_eq_10_each_item_offers_the_models_it_may_be_used_on() {
    use muster::rules::campaign::item_targets;
    use muster::rules::killteam::data::UseTargets;
    let r = rules();
    let c = ok(
        &armed_team_at_the_table(r),
        E::Table(TableEdit::SetOutOfAction {
            character: char_id(&armed_team_at_the_table(r), "Trooper Osk"),
            out: true,
        }),
        r,
    );
    let dace = queries::character(&c, char_id(&c, "Trooper Dace"))
        .expect("Dace")
        .clone();
    let ids = |targets| -> Vec<CharId> {
        item_targets(&c, &dace, targets, r)
            .into_iter()
            .map(|(id, _)| id)
            .collect()
    };
    let enemies = c.mission.as_ref().map_or(0, |m| m.enemy.len());
    assert!(enemies > 0);
    // A medikit (EQ-6): himself or a team-mate, never the enemy, and not
    // Osk, out of action.
    let medikit = ids(UseTargets::SelfOrTeamMate);
    assert!(medikit.contains(&dace.id));
    assert!(medikit.contains(&char_id(&c, "Trooper Nim")));
    assert!(!medikit.contains(&char_id(&c, "Trooper Osk")));
    assert!(!medikit.contains(&Fighter::Enemy(0).id()));
    // A flash grenade (EQ-10): anyone but the bearer (a team-mate too),
    // every enemy drawn.
    let flash = ids(UseTargets::Others);
    assert!(!flash.contains(&dace.id));
    assert!(flash.contains(&char_id(&c, "Trooper Nim")));
    assert!(
        !flash.contains(&char_id(&c, "Trooper Osk")),
        "out of action"
    );
    for i in 0..enemies {
        assert!(flash.contains(&Fighter::Enemy(i).id()));
    }
    // Each with his name.
    let names = item_targets(&c, &dace, UseTargets::Any, r);
    let (_, dace_names) = names.iter().find(|(id, _)| *id == dace.id).expect("Dace");
    assert_eq!(
        muster::rules::core::names::name_in(dace_names, "fr", ""),
        "Trooper Dace"
    );
}

#[test]
fn eq_6_what_an_item_did_leaves_the_cards_at_the_next_turn() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let dace = char_id(&c, "Trooper Dace");
    let healed = ok(&c, use_item(dace, "medikit", Some(dace), Some(2)), r);
    let table = healed.table.as_ref().expect("table");
    assert_eq!(
        table.used.get(&dace).map(|u| u.item.as_str()),
        Some("medikit")
    );
    // A new turn: the result is the journal's, no longer the card's.
    let next = ok(&healed, E::Table(TableEdit::NewTurn { gain: None }), r);
    let table = next.table.as_ref().expect("table");
    assert!(table.used.is_empty(), "{:?}", table.used);
    assert!(
        struck_off(&next, dace, "medikit"),
        "the medikit stays used up"
    );
    // And the reroll stratagem no longer reaches it (KT-11).
    assert!(item_use::may_reroll_item(&next, dace, &ItemId::from("medikit"), r).is_err());
    replays(&next, r);
}
