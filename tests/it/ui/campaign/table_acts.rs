//! A soldier's actions from his card's "Act…" menu at the table (KT-9,
//! KT-11, KT-18, KT-19, EQ-12, EQ-31, RIB-10): his card counts them, the
//! menu greys what he may not do with why, extra actions are bought, the
//! special soldiers act by their own rules, and the menu stays open.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::rules::campaign::CampaignEdit as E;
use muster::rules::campaign::enemy;

use super::table::{act, offered};
use crate::common::rules;
use muster::rules::campaign::{TableEdit, TurnEdit};

/// KT-9 at the table: each soldier's card counts his actions this turn; the
/// "Act…" menu marks them, greys what he may not do with the reason (no
/// charge after a retreat, snap fire only, none left); one out of action
/// has none; a new turn gives them back.
#[test]
fn kt_9_each_soldiers_card_counts_his_actions_this_turn() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let c = crate::common::ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: crate::common::char_id(&c, "Trooper Rusk"),
            out: true,
        }),
        rules,
    );
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    // Two actions a turn (KT-9), both left.
    assert!(
        h.query_all_by_label("Actions: 2 of 2 left")
            .next()
            .is_some()
    );
    act(&mut h, "Trooper Dace", "Retreat");
    assert!(h.query_by_label("This turn: Retreat").is_some());
    assert!(
        h.query_by_label("Actions: 1 of 2 left").is_some(),
        "Dace's card"
    );
    let pip = h.get_by_label("Action 1 of 2 spent: Trooper Dace");
    assert_eq!(
        pip.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    // After a retreat: no charge, and the menu says why.
    assert!(!offered(&mut h, "Trooper Dace", "Close combat"));
    h.get_by_role_and_label(Role::Button, "Act: Trooper Dace")
        .click();
    h.run();
    assert!(
        h.query_all_by_label_contains("KT-9: no charge after a retreat this turn")
            .next()
            .is_some()
    );
    h.key_press(egui::Key::Escape);
    h.run();
    // A shot is snap fire only.
    act(&mut h, "Trooper Dace", "Shoot");
    assert!(
        h.query_all_by_label_contains("snap fire only: he retreated this turn (KT-9)")
            .next()
            .is_some()
    );
    assert!(!offered(&mut h, "Trooper Dace", "Move"), "none left");
    // Take back gives the shot back.
    crate::common::button(&mut h, "Take back Trooper Dace's last action");
    assert!(h.query_by_label("This turn: Retreat").is_some());
    // Rusk is out of action: no action at all.
    assert!(
        h.query_all_by_label_contains("Out of action: no action this turn (KT-9)")
            .next()
            .is_some()
    );
    assert!(h.query_by_label("Act: Trooper Rusk").is_none());
    // A new turn gives Dace his actions back.
    crate::common::begin_turn(&mut h, 2);
    let pip = h.get_by_label("Action 1 of 2 spent: Trooper Dace");
    assert_eq!(
        pip.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::False)
    );
    assert!(offered(&mut h, "Trooper Dace", "Close combat"));
}

/// KT-11 and EQ-31 at the table: the third-action stratagem takes the
/// team's 3 command points in one event; the sergeant's insignia gives a
/// trooper one more action and leaves the sergeant one.
#[test]
fn kt_11_and_eq_31_extra_actions_at_the_table() {
    let rules = rules();
    // Soldiers act one after the other: the players keep the turns (KT-8).
    let c = crate::common::turns_shown(&crate::common::example_team_at_the_table(rules), rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let cp = |h: &egui_kittest::Harness<'_, muster::ui::Gui>| {
        crate::common::the_campaign(h).escorts[0].command_points
    };
    assert_eq!(cp(&h), 3);
    // Not before he acts.
    assert!(!offered(&mut h, "Trooper Dace", "Third action (3 CP)"));
    act(&mut h, "Trooper Dace", "Shoot");
    act(&mut h, "Trooper Dace", "Shoot");
    act(&mut h, "Trooper Dace", "Third action (3 CP)");
    assert_eq!(cp(&h), 0, "the stratagem's 3 CP");
    assert!(h.query_by_label("Actions: 1 of 3 left").is_some());
    // Never three times the same.
    assert!(!offered(&mut h, "Trooper Dace", "Shoot"));
    act(&mut h, "Trooper Dace", "Move");
    assert!(
        h.query_by_label("This turn: Shoot · Shoot · +1 (stratagem) · Move")
            .is_none()
    );
    assert!(
        h.query_all_by_label_contains("This turn: Shoot · Shoot · Move")
            .next()
            .is_some()
    );
    // The sergeant's insignia (EQ-31) for Nim.
    act(&mut h, "Trooper Nim", "Move");
    act(
        &mut h,
        "Trooper Nim",
        "One more action from Sergeant Hark's insignia",
    );
    assert!(
        h.query_all_by_label("Actions: 2 of 3 left")
            .next()
            .is_some(),
        "Nim"
    );
    assert!(
        h.query_all_by_label("Actions: 1 of 1 left")
            .next()
            .is_some(),
        "Hark keeps one"
    );
    // Once a turn.
    assert!(!offered(
        &mut h,
        "Trooper Pell",
        "One more action from Sergeant Hark's insignia"
    ));
    // Each one an undo step: the insignia first, then Nim's move, Dace's
    // move, and the stratagem with its points.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(
        h.query_all_by_label("Actions: 2 of 2 left")
            .next()
            .is_some(),
        "Hark's back"
    );
    assert!(h.query_by_label("Actions: 1 of 2 left").is_some(), "Nim's");
    for _ in 0..3 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        h.run();
    }
    assert_eq!(cp(&h), 3);
    assert!(
        h.query_all_by_label("This turn: Shoot · Shoot")
            .next()
            .is_some()
    );
}

/// KT-18, KT-19 and RIB-10 at the table: a Scion's three actions never
/// three the same; a Space Marine's five a turn, three in a row, the
/// fourth once another model activated; a Terminator's four, one at a
/// time, another model between two;
/// an Agile trooper's free move straight after a shot.
#[test]
fn kt_18_kt_19_rib_10_special_soldiers_act_by_their_own_rules_at_the_table() {
    let rules = rules();
    let mut team = crate::common::example_team();
    let kinds = [
        ("Trooper Vell", "tempestus_scion", "hot_shot_lasgun"),
        ("Trooper Osk", "space_marine", "bolter"),
        ("Trooper Nim", "terminator", "storm_bolter"),
    ];
    for (name, kind, weapon) in kinds {
        let s = team
            .soldiers
            .iter_mut()
            .find(|s| s.name == name)
            .expect("soldier");
        s.kind = kind.into();
        s.weapon = weapon.into();
        s.items.clear();
        s.ribbon = None;
    }
    crate::common::soldier_named(&mut team, "Trooper Pell").ribbon = Some("agility".into());
    let c = crate::common::team_at_the_table(&team, rules, |_| vec![]);
    // Soldiers act one after the other: the players keep the turns (KT-8).
    let c = crate::common::turns_shown(&c, rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    // KT-18: the Scion's third shot is refused, naming the rule.
    act(&mut h, "Trooper Vell", "Shoot");
    act(&mut h, "Trooper Vell", "Shoot");
    assert!(!offered(&mut h, "Trooper Vell", "Shoot"));
    h.get_by_role_and_label(Role::Button, "Act: Trooper Vell")
        .click();
    h.run();
    assert!(
        h.query_all_by_label_contains("KT-18: never three times the same action (Shoot)")
            .next()
            .is_some()
    );
    h.key_press(egui::Key::Escape);
    h.run();
    // KT-19: the Space Marine, five a turn, never more than three in a row:
    // his fourth waits for another model's activation.
    assert!(
        h.query_all_by_label("Actions: 5 of 5 left")
            .next()
            .is_some()
    );
    for a in ["Move", "Shoot", "Move"] {
        act(&mut h, "Trooper Osk", a);
    }
    assert!(
        !offered(&mut h, "Trooper Osk", "Shoot"),
        "a fourth in a row"
    );
    let enemy = enemy::names(&c, 0)["en"].clone();
    crate::common::button(&mut h, &format!("Mark {enemy} activated this turn"));
    act(&mut h, "Trooper Osk", "Shoot");
    assert!(
        h.query_by_label("This turn: Move · Shoot · Move  |  Shoot")
            .is_some(),
        "three, then his next activation"
    );
    act(&mut h, "Trooper Osk", "Move");
    assert!(!offered(&mut h, "Trooper Osk", "Shoot"), "five taken");
    // The Terminator: four, one at a time, another model between two.
    act(&mut h, "Trooper Nim", "Move");
    assert!(!offered(&mut h, "Trooper Nim", "Shoot"), "one at a time");
    act(&mut h, "Trooper Dace", "Move");
    act(&mut h, "Trooper Nim", "Shoot");
    act(&mut h, "Trooper Rusk", "Move");
    act(&mut h, "Trooper Nim", "Shoot");
    // RIB-10: Pell's free move comes after a shot, and costs nothing.
    assert!(!offered(&mut h, "Trooper Pell", "Agility move"));
    act(&mut h, "Trooper Pell", "Shoot");
    act(&mut h, "Trooper Pell", "Agility move");
    assert!(
        h.query_by_label("This turn: Shoot · Agility move")
            .is_some()
    );
    act(&mut h, "Trooper Nim", "Move");
    assert!(
        h.query_by_label("This turn: Move  |  Shoot  |  Shoot  |  Move")
            .is_some()
    );
    assert!(!offered(&mut h, "Trooper Nim", "Move"));
    let pip = h.get_by_label("Action 2 of 2 spent: Trooper Pell");
    assert_eq!(
        pip.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::False)
    );
}

/// EQ-12 from the Act… menu: Dace's vox radio costs one of his actions,
/// shown on his card; once his two are spent the menu greys it with KT-9.
#[test]
fn eq_12_the_vox_radio_is_used_from_the_act_menu_for_an_action() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    act(&mut h, "Trooper Dace", "Vox radio (1 action)");
    assert!(
        h.query_by_label("This turn: Item used (Vox radio)")
            .is_some()
    );
    act(&mut h, "Trooper Dace", "Shoot");
    assert!(!offered(&mut h, "Trooper Dace", "Vox radio (1 action)"));
    let journal = crate::common::the_campaign(&h).journal;
    assert!(matches!(
        journal.iter().rev().nth(1).map(|e| &e.event),
        Some(E::Turn(TurnEdit::UseGear { item, .. })) if item == "vox_radio"
    ));
}

/// A soldier's "Act…" menu stays open while the table changes around it
/// (a friend's edit arriving from another machine puts a soldier out of
/// action): the player still picks his action from it.
#[test]
fn the_act_menu_stays_open_while_the_table_changes() {
    use muster::app::Command;
    use muster::rules::{Campaign, DocKey, Edit};
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    for (open, other) in [
        ("Trooper Rusk", "Trooper Dace"),
        ("Trooper Vell", "Trooper Rusk"),
    ] {
        h.get_by_role_and_label(Role::Button, &format!("Act: {open}"))
            .click();
        h.run();
        assert!(h.query_by_label(&format!("Move: {open}")).is_some());
        let key = DocKey::of::<Campaign>(c.id.as_str());
        let out = E::Table(TableEdit::SetOutOfAction {
            character: crate::common::char_id(&c, other),
            out: true,
        });
        h.state_mut().app.apply(Command::Edit(key, Edit::new(out)));
        h.run();
        assert!(
            h.query_by_label(&format!("Move: {open}")).is_some(),
            "{open}'s menu closed when {other} fell"
        );
        h.key_press(egui::Key::Escape);
        h.run();
    }
}
