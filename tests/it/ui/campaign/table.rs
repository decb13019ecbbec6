//! The campaign's table through the screens: only the single-use items
//! are struck off (KT-5), and the engine refuses the others; whose turn it
//! is (KT-8), on the turn card and in the menu of a soldier who waits; the
//! models shown first, and each escort headed by its name.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::i18n::Lang;
use muster::rules::Document as _;
use muster::rules::ProblemKind;
use muster::rules::campaign::CampaignEdit as E;
use muster::rules::campaign::enemy;

use crate::common::rules;
use crate::common::struck_off;
use muster::rules::campaign::ItemEdit;

#[test]
fn kt_5_only_single_use_items_are_offered_to_strike_off_at_the_table() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
    assert!(struck_off(&now, rusk, "mine"));
}

#[test]
fn kt_5_the_engine_refuses_to_strike_off_an_item_kept_all_game() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
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
    assert_eq!(refused.kind, ProblemKind::NoItem);
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
    assert!(struck_off(&struck, rusk, "mine"));
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
pub(crate) fn act(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, name: &str, entry: &str) {
    let entry = crate::common::act_entry(entry);
    h.get_by_role_and_label(Role::Button, &format!("Act: {name}"))
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, &format!("{entry}: {name}"))
        .click();
    h.run();
}

/// Whether `name`'s menu entry `entry` is offered (not greyed).
pub(crate) fn offered(
    h: &mut egui_kittest::Harness<'_, muster::ui::Gui>,
    name: &str,
    entry: &str,
) -> bool {
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

/// KT-8 and KT-11's fourth stratagem at the table: the turn card counts
/// each side's activations and says whose turn it is; an enemy's card marks
/// it activated; a soldier is activated straight after a team-mate for
/// 4 CP from his Act… menu, both counting as one activation.
#[test]
fn kt_8_the_turn_card_counts_each_sides_activations() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let enemy = enemy::names(&c, 0)["en"].clone();
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
    // Nobody acted, the turn's initiative not tested: no side is named.
    assert!(
        line(&h).ends_with("who acts first is not tested yet this turn"),
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

// KT-8: at the table, a second soldier waits while his team-mate's
// activation is under way, and the menu says why, once.
#[test]
fn kt_8_eq_31_a_soldier_waits_for_his_team_mate_s_activation_and_the_menu_says_why() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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

/// The way to the mission's end at the top of the table: at 1024×700 the
/// "End the mission" button is below every card, and "End of the mission"
/// brings it into view.
#[test]
fn the_table_leads_to_the_end_of_the_mission_from_its_top() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let store = muster::store::Store::open(dir.path()).expect("store");
        store
            .save(&muster::rules::Doc::new(c.clone()))
            .expect("save");
    }
    let mut h = crate::common::window_on(dir.path())
        .size(1024.0, 700.0)
        .open();
    h.run();
    h.state_mut()
        .app
        .apply(muster::app::Command::Show(muster::app::Screen::Campaign(
            c.id.clone(),
        )));
    h.run();
    let in_view = |h: &egui_kittest::Harness<'_, muster::ui::Gui>| {
        let r = h
            .get_by_role_and_label(Role::Button, "End the mission")
            .rect();
        r.min.y >= 0.0 && r.max.y <= 700.0
    };
    assert!(!in_view(&h), "below the cards at first");
    h.get_by_role_and_label(Role::Button, "End of the mission")
        .click();
    h.run();
    assert!(in_view(&h), "brought into view");
}
