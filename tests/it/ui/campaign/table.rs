//! The campaign's table through the screens: only the single-use items
//! are struck off (KT-5), and the engine refuses the others.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::i18n::Lang;
use muster::rules::campaign::CampaignEdit as E;
use muster::rules::{DocKind as _, RulesData};

use super::{at_the_table, showing};

#[test]
fn kt_5_only_single_use_items_are_offered_to_strike_off_at_the_table() {
    let rules = RulesData::built_in().expect("built-in rules");
    let c = at_the_table(&rules);
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
            .is_some_and(|t| t.struck.contains(&(rusk, "mine".to_owned())))
    );
}

#[test]
fn kt_5_the_engine_refuses_to_strike_off_an_item_kept_all_game() {
    let rules = RulesData::built_in().expect("built-in rules");
    let c = at_the_table(&rules);
    let osk = crate::common::char_id(&c, "Trooper Osk");
    let mut rng = muster::rules::core::dice::seeded(1);
    let refused = c
        .apply(
            E::StrikeItem {
                character: osk,
                item: "armour".into(),
                struck: true,
            },
            &rules,
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
            E::StrikeItem {
                character: osk,
                item: "mine".into(),
                struck: true,
            },
            &rules,
            &mut rng,
        )
        .expect_err("Osk has no mine");
    assert_eq!(refused.key, "campaign.problem.no_item");
    // A single-use item is struck off, and back on: only the kept-all-game
    // ones are refused.
    let rusk = crate::common::char_id(&c, "Trooper Rusk");
    let (struck, _) = c
        .apply(
            E::StrikeItem {
                character: rusk,
                item: "mine".into(),
                struck: true,
            },
            &rules,
            &mut rng,
        )
        .expect("a mine is used once a game");
    assert!(
        struck
            .table
            .as_ref()
            .is_some_and(|t| t.struck.contains(&(rusk, "mine".to_owned())))
    );
    let (back, _) = struck
        .apply(
            E::StrikeItem {
                character: rusk,
                item: "mine".into(),
                struck: false,
            },
            &rules,
            &mut rng,
        )
        .expect("back on");
    assert!(back.table.as_ref().is_some_and(|t| t.struck.is_empty()));
    // Every item kept all game is refused by the same rule: Pell's cloak too.
    let pell = crate::common::char_id(&c, "Trooper Pell");
    let refused = c
        .apply(
            E::StrikeItem {
                character: pell,
                item: "cloak".into(),
                struck: true,
            },
            &rules,
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

/// KT-9 at the table: each soldier's card counts his actions this turn, a
/// pip each marked spent by a click; one out of action has none; a new
/// turn gives them back.
#[test]
fn kt_9_each_soldiers_card_counts_his_actions_this_turn() {
    let rules = RulesData::built_in().expect("built-in rules");
    let c = at_the_table(&rules);
    let c = crate::common::ok(
        &c,
        E::SetOutOfAction {
            character: crate::common::char_id(&c, "Trooper Rusk"),
            out: true,
        },
        &rules,
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    // Two actions a turn (KT-9), both left.
    assert!(
        h.query_all_by_label("Actions: 2 of 2 left")
            .next()
            .is_some()
    );
    h.get_by_label("Action 1 of 2 spent: Trooper Dace").click();
    h.run();
    let pip = h.get_by_label("Action 1 of 2 spent: Trooper Dace");
    assert_eq!(
        pip.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    assert!(
        h.query_by_label("Actions: 1 of 2 left").is_some(),
        "Dace's card"
    );
    // Rusk is out of action: no action at all.
    assert!(
        h.query_all_by_label_contains("Out of action: no action this turn (KT-9)")
            .next()
            .is_some()
    );
    assert!(
        h.query_by_label("Action 1 of 2 spent: Trooper Rusk")
            .is_none()
    );
    // A new turn gives Dace his actions back.
    h.get_by_role_and_label(Role::Button, "Begin turn 2")
        .click();
    h.run();
    let pip = h.get_by_label("Action 1 of 2 spent: Trooper Dace");
    assert_eq!(
        pip.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::False)
    );
}
