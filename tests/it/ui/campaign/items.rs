//! Single-use items used from the campaign table (EQ-6, EQ-10, EQ-15,
//! KT-11): "Use", the target picker and its die, "Recharge"; the wounds
//! change on the table and the result shows on the card.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::rules::campaign::enemy;
use muster::rules::campaign::queries;
use muster::rules::campaign::{Campaign, CampaignEdit as E, CharId, Fighter};
use muster::rules::core::names::name_in;
use muster::ui::Gui;

use crate::common::rules;
use crate::common::struck_off;
use crate::common::type_into;
use crate::common::{button, char_id, ok, the_campaign};
use crate::rules::campaign::items::armed_team_at_the_table;
use muster::rules::campaign::loot;
use muster::rules::campaign::{ItemEdit, TableEdit};

pub(crate) fn shows(h: &Harness<'_, Gui>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The first enemy's name at the table ("Renegade 1").
pub(crate) fn enemy_name(c: &Campaign) -> String {
    name_in(&enemy::names(c, 0), "en", "").to_owned()
}

pub(crate) fn wounds(c: &Campaign, id: CharId) -> u32 {
    let t = c.table.as_ref().expect("table");
    match Fighter::of(id) {
        Fighter::Enemy(e) => t.enemy_wounds.get(&e).copied().unwrap_or(0),
        Fighter::Named(n) => t.named_wounds.get(&n).copied().unwrap_or(0),
        Fighter::Character(_) => t.wounds.get(&id).copied().unwrap_or(0),
    }
}

#[test]
fn eq_6_use_medikit_on_a_team_mate_with_a_typed_die_heals_him_on_the_table() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let vell = char_id(&c, "Trooper Vell");
    let c = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: vell,
            wounds: 2,
        }),
        rules,
    );
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Use Medikit (Trooper Dace)");
    // The picker: team-mates only, never an enemy.
    let enemy = enemy_name(&c);
    assert!(
        h.query_by_label(&format!("Medikit (Trooper Dace) on {enemy}"))
            .is_none()
    );
    type_into(&mut h, "Die for Medikit (Trooper Dace): D3", "2");
    button(&mut h, "Medikit (Trooper Dace) on Trooper Vell");
    let now = the_campaign(&h);
    assert_eq!(wounds(&now, vell), 0);
    assert!(
        shows(&h, "Medikit (D3: 2): Trooper Vell regains 2 wounds"),
        "the result on Dace's card"
    );
    // Struck: the box is ticked, "Use" is greyed where it was and
    // "Recharge" comes after it.
    let used = h.get_by_label("Used: Medikit");
    assert_eq!(
        used.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    assert!(
        h.get_by_label("Use Medikit (Trooper Dace)")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.query_by_label("Recharge Medikit (Trooper Dace)")
            .is_some()
    );
    // The medikit is an action (EQ-6): Dace spent one of his two (KT-9).
    assert!(
        h.query_by_label("This turn: Item used").is_some(),
        "Dace's turn card"
    );
    let pip = h.get_by_label("Action 1 of 2 spent: Trooper Dace");
    assert_eq!(
        pip.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
}

#[test]
fn eq_15_use_chem_bomb_on_an_enemy_wounds_it_on_the_table() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Use Chem bomb (Trooper Osk)");
    let enemy = enemy_name(&c);
    button(&mut h, &format!("Chem bomb (Trooper Osk) on {enemy}"));
    let now = the_campaign(&h);
    assert_eq!(wounds(&now, Fighter::Enemy(0).id()), 1);
    assert!(shows(
        &h,
        &format!("Chem bomb: {enemy} suffers 1 mortal wound")
    ));
    // One undo takes the whole use back: wound and stroke.
    h.state_mut().app.apply(muster::app::Command::Undo);
    h.run();
    let back = the_campaign(&h);
    assert_eq!(wounds(&back, Fighter::Enemy(0).id()), 0);
    assert!(back.table.as_ref().expect("table").struck.is_empty());
}

#[test]
fn eq_10_a_flash_grenade_shows_dazzled_on_its_target_card_until_the_next_turn() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Use Flash grenade (Trooper Vell)");
    let enemy = enemy_name(&c);
    button(&mut h, &format!("Flash grenade (Trooper Vell) on {enemy}"));
    assert!(shows(&h, "Dazzled: cannot move, -1 to hit, this turn"));
    crate::common::begin_turn(&mut h, 2);
    assert!(!shows(&h, "Dazzled: cannot move, -1 to hit, this turn"));
}

#[test]
fn kt_11_recharge_on_the_table_takes_the_command_points_and_offers_use_again() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let osk = char_id(&c, "Trooper Osk");
    let c = ok(
        &c,
        E::Items(ItemEdit::UseItem {
            character: osk,
            item: "chem_bomb".into(),
            target: Some(Fighter::Enemy(0).id()),
            roll: None,
        }),
        rules,
    );
    let points = c.escorts[0].command_points;
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    h.get_by_role_and_label(Role::Button, "Recharge Chem bomb (Trooper Osk)")
        .click();
    h.run();
    let now = the_campaign(&h);
    assert_eq!(now.escorts[0].command_points, points - 2);
    assert!(now.table.as_ref().expect("table").struck.is_empty());
    assert!(
        !h.get_by_label("Use Chem bomb (Trooper Osk)")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn kt_11_recharge_without_the_command_points_is_refused_with_the_reason_on_the_table() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let osk = char_id(&c, "Trooper Osk");
    let c = ok(
        &c,
        E::Items(ItemEdit::UseItem {
            character: osk,
            item: "chem_bomb".into(),
            target: Some(Fighter::Enemy(0).id()),
            roll: None,
        }),
        rules,
    );
    let escort = c.escorts[0].id;
    let c = ok(
        &c,
        E::Table(TableEdit::SetCommandPoints { escort, points: 1 }),
        rules,
    );
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Recharge Chem bomb (Trooper Osk)");
    assert!(shows(
        &h,
        "Recharge costs 2 command points; Trooper Osk's team has 1"
    ));
    let now = the_campaign(&h);
    assert_eq!(now.escorts[0].command_points, 1);
    assert!(struck_off(&now, osk, "chem_bomb"));
}

/// RIB-13 « passe à 3ps d'un cadavre ennemi »: a Thief takes a weapon from
/// a fallen enemy, never from a fallen team-mate; it replaces his own for
/// the mission (what he fires from the table), his kit in the escort
/// unchanged; anyone else is refused. The French sets no limit a turn.
#[test]
fn rib_13_a_thief_loots_a_fallen_enemy_and_never_a_team_mate() {
    use muster::rules::campaign::loot::LootPick;
    let rules = rules();
    let mut team = crate::common::example_team();
    crate::common::soldier_named(&mut team, "Trooper Pell").ribbon = Some("thief".into());
    let c = crate::common::team_at_the_table(&team, rules, |_| vec![]);
    let pell = char_id(&c, "Trooper Pell");
    let dace = char_id(&c, "Trooper Dace");
    // Nothing to take from a model standing.
    assert!(loot::loot_of(&c, Fighter::Enemy(0).id(), rules).is_empty());
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: Fighter::Enemy(0).id(),
            out: true,
        }),
        rules,
    );
    let picks = loot::loot_of(&c, Fighter::Enemy(0).id(), rules);
    let Some(LootPick::Weapon(weapon)) = picks.first().cloned() else {
        panic!("the fallen enemy leaves a weapon the kill team knows: {picks:?}");
    };
    let loot = |who| {
        E::Items(ItemEdit::Loot {
            character: who,
            from: Fighter::Enemy(0).id(),
            pick: LootPick::Weapon(weapon.clone()),
        })
    };
    let mut rng = muster::rules::core::dice::seeded(1);
    let refused =
        muster::rules::Document::apply(&c, loot(dace), rules, &mut rng).expect_err("no Thief");
    assert_eq!(refused.rule, "RIB-13");
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    h.get_by_role_and_label(Role::Button, "Loot a fallen model: Trooper Pell")
        .click();
    h.run();
    let take = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .find(|l| l.starts_with("Trooper Pell takes the "))
        .expect("a weapon offered");
    button(&mut h, &take);
    let now = the_campaign(&h);
    assert_eq!(
        loot::soldier_at_table(&now, pell).expect("Pell").weapon,
        weapon.as_str()
    );
    assert!(h.query_all_by_label_contains("Looted: ").next().is_some());
    // His kit in the escort is his own still.
    match &queries::character(&now, pell).expect("Pell").member {
        muster::rules::campaign::Member::Soldier(s) => assert_eq!(s.weapon, "lasgun"),
        muster::rules::campaign::Member::Character(_) => panic!("a soldier"),
    }
    // No limit a turn: he passes by again.
    assert!(muster::rules::Document::apply(&now, loot(pell), rules, &mut rng).is_ok());
    // A fallen team-mate is no enemy corpse: nothing to take.
    let now = ok(
        &now,
        E::Table(TableEdit::SetOutOfAction {
            character: dace,
            out: true,
        }),
        rules,
    );
    assert!(loot::loot_of(&now, dace, rules).is_empty());
    let from_mate = E::Items(ItemEdit::Loot {
        character: pell,
        from: dace,
        pick: LootPick::Weapon("lasgun".into()),
    });
    let refused =
        muster::rules::Document::apply(&now, from_mate, rules, &mut rng).expect_err("a team-mate");
    assert_eq!(refused.rule, "RIB-13");
    assert!(now.replay(rules).is_ok());
}

/// EQ-19 from the table: Osk's chem bomb on Pell, who wears a gas mask:
/// the card says he ignores it, no wound is ticked, and the bomb is spent.
#[test]
fn eq_19_a_gas_mask_ignores_a_chem_bomb_thrown_from_the_table() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let pell = char_id(&c, "Trooper Pell");
    let osk = char_id(&c, "Trooper Osk");
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Use Chem bomb (Trooper Osk)");
    button(&mut h, "Chem bomb (Trooper Osk) on Trooper Pell");
    assert!(shows(
        &h,
        "Chem bomb: Trooper Pell ignores it, thanks to the Gas mask"
    ));
    let now = the_campaign(&h);
    assert_eq!(wounds(&now, pell), 0);
    assert!(struck_off(&now, osk, "chem_bomb"));
}

/// EQ-23 from the table: Nim throws his knife at an enemy: 1 mortal wound
/// ticked on its card, the knife struck off, and no second throw offered.
#[test]
fn eq_23_a_knife_thrown_from_the_table_deals_one_mortal_wound() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Use Knife (Trooper Nim)");
    let enemy = enemy_name(&c);
    button(&mut h, &format!("Knife (Trooper Nim) on {enemy}"));
    assert!(shows(&h, &format!("Knife: {enemy} suffers 1 mortal wound")));
    let now = the_campaign(&h);
    assert_eq!(wounds(&now, Fighter::Enemy(0).id()), 1);
    assert!(
        h.get_by_label("Use Knife (Trooper Nim)")
            .accesskit_node()
            .is_disabled(),
        "used once a game"
    );
}

/// KT-11 on an item's die, from the bearer's card: "Reroll the dice (1 CP)"
/// under the medikit's result, straight after the use; the team pays, the
/// new die heals instead of the first, and the button is gone once used
/// (never twice). Undo gives the die and the point back.
#[test]
fn kt_11_reroll_the_dice_of_the_item_just_used_from_its_card() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let vell = char_id(&c, "Trooper Vell");
    let c = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: vell,
            wounds: 2,
        }),
        rules,
    );
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Use Medikit (Trooper Dace)");
    type_into(&mut h, "Die for Medikit (Trooper Dace): D3", "1");
    button(&mut h, "Medikit (Trooper Dace) on Trooper Vell");
    assert_eq!(wounds(&the_campaign(&h), vell), 1);
    let points = the_campaign(&h).escorts[0].command_points;
    let reroll = "Reroll the dice of Medikit (Trooper Dace) for 1 command point";
    button(&mut h, reroll);
    let now = the_campaign(&h);
    assert_eq!(now.escorts[0].command_points, points - 1);
    let healed = now
        .table
        .as_ref()
        .and_then(|t| t.used.get(&char_id(&now, "Trooper Dace")))
        .map(|u| u.effect.clone());
    let Some(muster::rules::killteam::item_use::Effect::Heal(n)) = healed else {
        panic!("a heal: {healed:?}");
    };
    assert_eq!(wounds(&now, vell), 2 - n, "healed by the new die only");
    assert!(h.query_by_label(reroll).is_none(), "never twice");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    let back = the_campaign(&h);
    assert_eq!(back.escorts[0].command_points, points);
    assert_eq!(wounds(&back, vell), 1);
    assert!(h.query_by_label(reroll).is_some(), "offered again");
}
