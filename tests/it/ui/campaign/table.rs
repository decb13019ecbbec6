//! The campaign's table through the screens: only the single-use items
//! are struck off (KT-5), and the engine refuses the others.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::i18n::Lang;
use muster::rules::Document as _;
use muster::rules::campaign::CampaignEdit as E;
use muster::rules::killteam::ItemId;

use super::{at_the_table, showing};
use crate::common::rules;
use muster::rules::campaign::{ItemEdit, TableEdit, TurnEdit};

#[test]
fn kt_5_only_single_use_items_are_offered_to_strike_off_at_the_table() {
    let rules = rules();
    let c = at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    // The example team's single-use items: Vell's smoke grenade, Dace's
    // medikit, Rusk's mine; no box for what is kept all game.
    let boxes: Vec<String> = h
        .query_all_by_role(Role::CheckBox)
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.starts_with("Used: "))
        .collect();
    assert_eq!(
        boxes,
        ["Used: Smoke grenade", "Used: Medikit", "Used: Mine"],
        "{boxes:?}"
    );
    for kept in [
        "Armour",
        "Command insignia",
        "Vox radio",
        "Sniper scope",
        "Cloak",
    ] {
        assert!(
            h.query_by_label(&format!("Used: {kept}")).is_none(),
            "{kept}"
        );
    }
    // Ticking one strikes it off.
    h.get_by_label("Used: Mine").click();
    h.run();
    let now = crate::common::the_campaign(&h);
    let rusk = crate::common::char_id(&now, "Trooper Rusk");
    assert!(
        now.table
            .as_ref()
            .is_some_and(|t| t.struck.contains(&(rusk, ItemId::from("mine"))))
    );
}

#[test]
fn kt_5_the_engine_refuses_to_strike_off_an_item_kept_all_game() {
    let rules = rules();
    let c = at_the_table(rules);
    let osk = crate::common::char_id(&c, "Trooper Osk");
    let mut rng = muster::rules::core::dice::seeded(1);
    let refused = c
        .apply(
            E::Items(ItemEdit::StrikeItem {
                character: osk,
                item: "armour".into(),
                struck: true,
            }),
            rules,
            &mut rng,
        )
        .expect_err("armour is kept all game");
    assert_eq!(refused.rule, "KT-5");
    assert_eq!(
        Lang::En.problem(&refused),
        "Trooper Osk's Armour is not used once a game: only single-use items are struck off"
    );
    // One he does not carry at all says so.
    let refused = c
        .apply(
            E::Items(ItemEdit::StrikeItem {
                character: osk,
                item: "mine".into(),
                struck: true,
            }),
            rules,
            &mut rng,
        )
        .expect_err("Osk has no mine");
    assert_eq!(refused.key, "campaign.problem.no_item");
    // A single-use item is struck off, and back on: only the kept-all-game
    // ones are refused.
    let rusk = crate::common::char_id(&c, "Trooper Rusk");
    let (struck, _) = c
        .apply(
            E::Items(ItemEdit::StrikeItem {
                character: rusk,
                item: "mine".into(),
                struck: true,
            }),
            rules,
            &mut rng,
        )
        .expect("a mine is used once a game");
    assert!(
        struck
            .table
            .as_ref()
            .is_some_and(|t| t.struck.contains(&(rusk, ItemId::from("mine"))))
    );
    let (back, _) = struck
        .apply(
            E::Items(ItemEdit::StrikeItem {
                character: rusk,
                item: "mine".into(),
                struck: false,
            }),
            rules,
            &mut rng,
        )
        .expect("back on");
    assert!(back.table.as_ref().is_some_and(|t| t.struck.is_empty()));
    // Every item kept all game is refused by the same rule: Pell's cloak too.
    let pell = crate::common::char_id(&c, "Trooper Pell");
    let refused = c
        .apply(
            E::Items(ItemEdit::StrikeItem {
                character: pell,
                item: "cloak".into(),
                struck: true,
            }),
            rules,
            &mut rng,
        )
        .expect_err("a cloak is kept all game");
    assert_eq!(refused.rule, "KT-5");
    assert!(
        Lang::En
            .problem(&refused)
            .contains("Cloak is not used once a game")
    );
}

/// Opens `name`'s "Act…" menu and clicks `entry` in it.
fn act(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, name: &str, entry: &str) {
    let entry = crate::common::act_entry(entry);
    h.get_by_role_and_label(Role::Button, &format!("Act: {name}"))
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, &format!("{entry}: {name}"))
        .click();
    h.run();
}

/// Whether `name`'s menu entry `entry` is offered (not greyed).
fn offered(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, name: &str, entry: &str) -> bool {
    let entry = crate::common::act_entry(entry);
    h.get_by_role_and_label(Role::Button, &format!("Act: {name}"))
        .click();
    h.run();
    let on = !h
        .get_by_role_and_label(Role::Button, &format!("{entry}: {name}"))
        .accesskit_node()
        .is_disabled();
    h.key_press(egui::Key::Escape);
    h.run();
    on
}

/// KT-9 at the table: each soldier's card counts his actions this turn; the
/// "Act…" menu marks them, greys what he may not do with the reason (no
/// charge after a retreat, snap fire only, none left); one out of action
/// has none; a new turn gives them back.
#[test]
fn kt_9_each_soldiers_card_counts_his_actions_this_turn() {
    let rules = rules();
    let c = at_the_table(rules);
    let c = crate::common::ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: crate::common::char_id(&c, "Trooper Rusk"),
            out: true,
        }),
        rules,
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
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
    let c = crate::common::turns_shown(&at_the_table(rules), rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
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
    team.soldiers
        .iter_mut()
        .find(|s| s.name == "Trooper Pell")
        .expect("Pell")
        .ribbon = Some("agility".into());
    let c = crate::common::team_at_the_table(&team, rules, |_| vec![]);
    // Soldiers act one after the other: the players keep the turns (KT-8).
    let c = crate::common::turns_shown(&c, rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
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
    let enemy = c.enemy_names(0)["en"].clone();
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

/// KT-8 and KT-11's fourth stratagem at the table: the turn card counts
/// each side's activations and says whose turn it is; an enemy's card marks
/// it activated; a soldier is activated straight after a team-mate for
/// 4 CP from his Act… menu, both counting as one activation.
#[test]
fn kt_8_the_turn_card_counts_each_sides_activations() {
    let rules = rules();
    let c = at_the_table(rules);
    let enemy = c.enemy_names(0)["en"].clone();
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    let line = |h: &egui_kittest::Harness<'_, muster::ui::Gui>| {
        h.query_all_by_label_contains("Activations this turn: ")
            .next()
            .and_then(|n| n.accesskit_node().value().map(|l| l.to_string()))
            .unwrap_or_default()
    };
    assert!(
        line(&h).contains("your soldiers 0, the enemy 0"),
        "{}",
        line(&h)
    );
    assert!(
        line(&h).ends_with("your side activates next"),
        "{}",
        line(&h)
    );
    act(&mut h, "Trooper Dace", "Move");
    assert!(
        line(&h).contains("your soldiers 1, the enemy 0"),
        "{}",
        line(&h)
    );
    assert!(
        line(&h).ends_with("the enemy activates next"),
        "{}",
        line(&h)
    );
    crate::common::button(&mut h, &format!("Mark {enemy} activated this turn"));
    assert!(line(&h).contains("the enemy 1"), "{}", line(&h));
    assert!(
        h.query_by_role_and_label(Role::Button, &format!("Mark {enemy} activated this turn"))
            .is_none(),
        "once a turn: a badge now"
    );
    // The fourth stratagem: not with 3 CP.
    assert!(!offered(
        &mut h,
        "Trooper Rusk",
        "Straight after a team-mate (4 CP)"
    ));
    crate::common::begin_turn(&mut h, 2);
    act(&mut h, "Trooper Dace", "Move");
    act(&mut h, "Trooper Rusk", "Straight after a team-mate (4 CP)");
    act(&mut h, "Trooper Rusk", "Shoot");
    assert!(
        line(&h).contains("your soldiers 1, the enemy 0"),
        "{}",
        line(&h)
    );
    assert_eq!(crate::common::the_campaign(&h).escorts[0].command_points, 0);
}

/// EQ-12 from the Act… menu: Dace's vox radio costs one of his actions,
/// shown on his card; once his two are spent the menu greys it with KT-9.
#[test]
fn eq_12_the_vox_radio_is_used_from_the_act_menu_for_an_action() {
    let rules = rules();
    let c = at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
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
    let c = at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
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

// KT-8: at the table, a second soldier waits while his team-mate's
// activation is under way, and the menu says why, once.
#[test]
fn kt_8_eq_31_a_soldier_waits_for_his_team_mate_s_activation_and_the_menu_says_why() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    act(&mut h, "Trooper Dace", "Move");
    assert!(!offered(&mut h, "Trooper Rusk", "Move"));
    h.get_by_role_and_label(Role::Button, "Act: Trooper Rusk")
        .click();
    h.run();
    // Said once, above the actions it refuses, not under each of them.
    assert_eq!(
        h.query_all_by_label_contains("KT-8: Trooper Dace's activation is under way")
            .count(),
        1
    );
    // Nor is an action from the sergeant's insignia offered (EQ-31).
    let insignia = h.get_by_role_and_label(
        Role::Button,
        "One more action from Sergeant Hark's insignia: Trooper Rusk",
    );
    assert!(insignia.accesskit_node().is_disabled());
    h.key_press(egui::Key::Escape);
    h.run();
    // His greyed "attacks…" says why when pointed at.
    let attack = h.get_by_label("Trooper Rusk attacks…");
    assert!(attack.accesskit_node().is_disabled());
    attack.hover();
    h.run();
    assert_eq!(
        h.query_all_by_label_contains("KT-8: Trooper Dace's activation is under way")
            .count(),
        1,
        "the reason on hover"
    );
    // Dace's own activation goes on.
    assert!(offered(&mut h, "Trooper Dace", "Shoot"));
}

/// An escort whose player was left unnamed is headed by its own name at the
/// table (cards and compact list), never by an empty heading.
#[test]
fn an_unnamed_players_escort_is_headed_by_its_own_name() {
    let rules = rules();
    let team = crate::common::example_team();
    // A file from another version, or written by hand, may leave it blank.
    let mut c = crate::common::team_at_the_table(&team, rules, |_| Vec::new());
    c.escorts[0].player = String::new();
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    let heading = h
        .query_all_by_label(&team.name)
        .filter(|n| n.accesskit_node().role() == Role::Label)
        .count();
    assert!(heading >= 1, "the escort headed by {}", team.name);
    assert!(
        h.query_by_label(&format!("One command point less for {}", team.name))
            .is_some(),
        "the command points name the escort"
    );
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    assert!(
        h.query_all_by_label_contains(&format!("· {}", team.name))
            .next()
            .is_some(),
        "each compact line names the escort"
    );
}

/// The example campaign opened at its table in a 1024 × 700 window: the
/// models come into view without scrolling, since the test of who acts
/// first folds to its title once the turn's activations began (a click
/// unfolds it) and the battle's victory points wait under the models.
#[test]
fn the_table_shows_its_models_first_once_the_turn_is_under_way() {
    let rules = rules();
    let c = crate::common::example_campaign_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_sized(dir.path(), &c, (1024.0, 700.0));
    let heading = h
        .query_all_by_label(&c.escorts[0].player)
        .find(|n| n.accesskit_node().role() == Role::Label)
        .expect("the first escort's heading");
    let y = heading.accesskit_node().raw_bounds().expect("laid out").y1;
    assert!(y < 700.0, "the first escort in view: {y}");
    assert!(
        h.query_all_by_label_contains("Initiative die")
            .next()
            .is_none(),
        "folded"
    );
    h.get_by_label("Who acts first").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Initiative die")
            .next()
            .is_some(),
        "unfolded by a click"
    );
}

// KT-8: a soldier who ends his activation after one action loses the other:
// his card says none is left, and its pip is struck as lost, not offered.
#[test]
fn kt_8_an_activation_ended_early_strikes_the_action_lost() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    act(&mut h, "Trooper Dace", "Move");
    act(&mut h, "Trooper Dace", "End of this activation");
    assert!(
        h.query_by_label("Actions: 0 of 2 left").is_some(),
        "Dace's card"
    );
    let spent = h.get_by_label("Action 1 of 2 spent: Trooper Dace");
    assert_eq!(
        spent.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    let lost = h.get_by_label("Action 2 of 2 lost: Trooper Dace");
    assert_eq!(
        lost.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True),
        "not shown as one left"
    );
}
