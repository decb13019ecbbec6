//! Campaign gaps an audit found (issue 9), through the screens: only the
//! single-use items are struck off at the table (KT-5); the leader chosen on
//! the overview (CMP-17), a Cran set by hand in a character's history
//! (CMP-11), the campaign's notes typed on the overview.

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::i18n::Lang;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, DocKind as _, RulesData};
use muster::store::Store;
use muster::ui::Gui;

/// The window on the data folder `dir` holding `c`, its campaign screen
/// shown.
fn showing(dir: &Path, c: &Campaign) -> Harness<'static, Gui> {
    {
        // Closed before the app opens the folder (else it is read-only).
        let store = Store::open(dir).expect("store");
        store.save(&Doc::new(c.clone())).expect("save");
    }
    let mut h = crate::common::window(crate::common::app_in(dir, Lang::En, 5), 1400.0, 4000.0);
    h.run();
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    h
}

/// The example kill team as Anne's escort, its first mission drawn but not
/// begun (the overview is the campaign's dashboard).
fn ready(rules: &RulesData) -> Campaign {
    use muster::rules::campaign::{Member, MissionChoice, NewEscort};
    let team = crate::common::example_team();
    let mut rng = muster::rules::core::dice::seeded(7);
    let mut c = Campaign::new("raid", "The Raid", &rules.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let escort = NewEscort {
        player: "Anne".into(),
        source: team.name.clone(),
        kind: "killteam".into(),
        members: team.soldiers.iter().cloned().map(Member::Soldier).collect(),
        doc: None,
    };
    for e in [
        E::SetSettings { settings: s },
        E::AddEscort { escort },
        E::Start {
            rates: None,
            choice: MissionChoice::default(),
        },
        E::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        },
    ] {
        c = c.apply(e, rules, &mut rng).expect("accepted").0;
    }
    c
}

/// The leader of the campaign's only escort.
fn leader(c: &Campaign) -> Option<String> {
    let id = c.escorts[0].leader?;
    c.character(id).map(|x| x.name().to_owned())
}

/// The example kill team at the table of its first mission.
fn at_the_table(rules: &RulesData) -> Campaign {
    crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![])
}

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
        "Trooper Osk's `armour` is not used once a game: only single-use items are struck off"
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
}

#[test]
fn cmp_17_a_living_character_is_made_leader_from_the_dashboard() {
    let rules = RulesData::built_in().expect("built-in rules");
    let c = ready(&rules);
    assert_eq!(leader(&c).as_deref(), Some("Sergeant Hark"));
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    // The leader is said by icon and word; he has no button to become it.
    assert_eq!(h.query_all_by_label("Leader").count(), 1);
    assert!(
        h.query_by_label("Make Sergeant Hark the leader of Anne's escort")
            .is_none()
    );
    h.get_by_role_and_label(
        Role::Button,
        "Make Trooper Vell the leader of Anne's escort",
    )
    .click();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(leader(&now).as_deref(), Some("Trooper Vell"));
    assert_eq!(
        now.journal.last().map(|e| e.event.label()),
        Some("campaign.event.leader")
    );
    // Now Hark may be made leader again, Vell not, and one leader is shown.
    assert!(
        h.query_by_label("Make Sergeant Hark the leader of Anne's escort")
            .is_some()
    );
    assert!(
        h.query_by_label("Make Trooper Vell the leader of Anne's escort")
            .is_none()
    );
    assert_eq!(h.query_all_by_label("Leader").count(), 1);
}

#[test]
fn cmp_11_a_characters_cran_is_set_by_hand_in_his_history() {
    let rules = RulesData::built_in().expect("built-in rules");
    let c = ready(&rules);
    let vell = crate::common::char_id(&c, "Trooper Vell");
    let before = c.character(vell).expect("Vell").cran;
    let wanted = if before == 3 { 4 } else { 3 };
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    h.get_by_role_and_label(Role::Button, "Show Trooper Vell's history")
        .click();
    h.run();
    // The hint gives the formula's value and the die.
    assert!(
        h.query_by_label_contains(&format!(
            "By the campaign's formula it is {before} on the D10"
        ))
        .is_some()
    );
    let field = h.get_by_label("Cran of Trooper Vell");
    field.click();
    h.run();
    for _ in 0..3 {
        h.key_press(egui::Key::Backspace);
    }
    h.get_by_label("Cran of Trooper Vell")
        .type_text(&wanted.to_string());
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    let now = crate::common::the_campaign(&h);
    let x = now.character(vell).expect("Vell");
    assert_eq!(x.cran, wanted);
    assert!(x.cran_by_hand);
    assert!(matches!(
        now.journal.last().map(|e| &e.event),
        Some(E::SetCran { character, cran }) if *character == vell && *cran == wanted
    ));
    assert!(h.query_by_label("Set by hand").is_some());
    // The journal agrees with the state.
    assert!(
        now.validate(&rules).is_empty(),
        "{:?}",
        now.validate(&rules)
    );
}

#[test]
fn cmp_11_the_cran_cannot_be_set_while_the_mission_is_played() {
    let rules = RulesData::built_in().expect("built-in rules");
    let c = at_the_table(&rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    h.get_by_role_and_label(Role::Tab, "Overview").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Show Trooper Vell's history")
        .click();
    h.run();
    assert!(
        h.get_by_label("Cran of Trooper Vell")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.query_by_label(
            "Trooper Vell's Cran cannot be changed while the mission is played or its tests are not all settled."
        )
        .is_some()
    );
    // The journal refuses it too, whatever the view shows.
    let vell = crate::common::char_id(&c, "Trooper Vell");
    let p = crate::common::refused(
        &c,
        E::SetCran {
            character: vell,
            cran: 3,
        },
        &rules,
    );
    assert_eq!(
        (p.rule.as_ref(), p.key),
        ("CMP-11", "campaign.problem.cran_locked")
    );
    // Once the mission is over with nobody out of action, it may be set.
    let done = crate::common::ok(
        &c,
        E::EndMission {
            result: muster::rules::campaign::MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        },
        &rules,
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &done);
    h.get_by_role_and_label(Role::Tab, "Overview").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Show Trooper Vell's history")
        .click();
    h.run();
    assert!(
        !h.get_by_label("Cran of Trooper Vell")
            .accesskit_node()
            .is_disabled()
    );
    let set = crate::common::ok(
        &done,
        E::SetCran {
            character: vell,
            cran: 3,
        },
        &rules,
    );
    assert_eq!(set.character(vell).expect("Vell").cran, 3);
}

#[test]
fn the_campaigns_notes_are_typed_on_the_overview_and_kept_in_the_journal() {
    let rules = RulesData::built_in().expect("built-in rules");
    let c = ready(&rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    h.get_by_label("Campaign notes").click();
    h.run();
    h.get_by_label("Campaign notes")
        .type_text("Hark owes Vell a drink.");
    h.run();
    // Nothing recorded while typing.
    assert_eq!(crate::common::the_campaign(&h).notes, "");
    // Leaving the field records it.
    h.get_by_role_and_label(Role::Tab, "Overview").click();
    h.run();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(now.notes, "Hark owes Vell a drink.");
    assert!(matches!(
        now.journal.last().map(|e| &e.event),
        Some(E::SetNotes { notes }) if notes == "Hark owes Vell a drink."
    ));
    // Undone, the field shows the notes before.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    h.run();
    assert_eq!(crate::common::the_campaign(&h).notes, "");
    let field = h.get_by_label("Campaign notes");
    assert_eq!(field.accesskit_node().value().as_deref(), Some(""));
}

#[test]
fn cmp_13_a_characters_history_shows_his_advance_point_not_anothers() {
    use muster::rules::campaign::MissionResult;
    let rules = RulesData::built_in().expect("built-in rules");
    let mut c = crate::campaign::started(&["Ada", "Bob"], &rules);
    let mut rng = muster::rules::core::dice::seeded(3);
    for e in [
        E::BeginMission,
        E::EndMission {
            result: MissionResult {
                success: true,
                vp: 0,
            },
            played: vec![],
        },
    ] {
        c = c.apply(e, &rules, &mut rng).expect("accepted").0;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c);
    h.get_by_role_and_label(Role::Tab, "Overview").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Show Ada's history")
        .click();
    h.run();
    assert!(
        h.query_by_label("Ada comes through unwounded and gains 1 advance point.")
            .is_some()
    );
    assert!(
        h.query_by_label("Bob comes through unwounded and gains 1 advance point.")
            .is_none()
    );
    // The whole journal still has both.
    h.get_by_label("Journal of").click();
    h.run();
    h.get_by_label("Everyone").click();
    h.run();
    assert!(
        h.query_by_label("Bob comes through unwounded and gains 1 advance point.")
            .is_some()
    );
}

/// The built-in campaign data with narrower limits, as a user's copy would
/// set them.
fn narrow_limits() -> String {
    let mut data: serde_json::Value =
        serde_json::from_str(include_str!("../../assets/rules/campaign.json")).expect("json");
    data["limits"]["recruitment_budget"] = 150.into();
    data["limits"]["difficulty_max"] = 3.into();
    data["limits"]["mission_vp_max"] = 5.into();
    data.to_string()
}

/// `narrow_limits` as the app reads it, from the data folder's `rules`.
fn with_narrow_limits(dir: &Path) -> RulesData {
    let rules_dir = dir.join("rules");
    std::fs::create_dir_all(&rules_dir).expect("rules dir");
    std::fs::write(rules_dir.join("campaign.json"), narrow_limits()).expect("override");
    RulesData::with_overrides(&[("campaign.json".into(), narrow_limits())])
        .expect("rules")
        .0
}

#[test]
fn cmp_8_and_cmp_16_the_setups_bounds_and_first_budget_come_from_the_data() {
    let dir = tempfile::tempdir().expect("tempdir");
    with_narrow_limits(dir.path());
    let mut h = crate::common::window(
        crate::common::app_in(dir.path(), Lang::En, 5),
        1400.0,
        4000.0,
    );
    h.run();
    h.get_by_label("Name of the new roster or team").click();
    h.run();
    h.get_by_label("Name of the new roster or team")
        .type_text("Narrow");
    h.run();
    h.get_by_role_and_label(Role::Button, "Create campaign")
        .click();
    h.run();
    // CMP-16: the budget first offered is the data's.
    h.get_by_role_and_label(Role::CheckBox, "Set a budget")
        .click();
    h.run();
    assert_eq!(
        crate::common::the_campaign(&h).settings.recruitment_budget,
        Some(150)
    );
    // CMP-8: the difficulty stops at the data's most.
    h.get_by_label("Difficulty").click();
    h.run();
    h.key_press(egui::Key::Backspace);
    h.get_by_label("Difficulty").type_text("9");
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    assert_eq!(crate::common::the_campaign(&h).settings.difficulty, 3);
}

#[test]
fn cmp_6_the_vp_a_mission_earns_stop_at_the_datas_most() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rules = with_narrow_limits(dir.path());
    let c = at_the_table(&rules);
    assert!(
        c.mission
            .as_ref()
            .is_some_and(|m| m.mission_type.earns_vp())
    );
    let mut h = showing(dir.path(), &c);
    h.get_by_label("VP earned").click();
    h.run();
    h.key_press(egui::Key::Backspace);
    h.get_by_label("VP earned").type_text("9");
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_role_and_label(Role::Button, "End the mission")
        .click();
    h.run();
    assert_eq!(crate::common::the_campaign(&h).vp, 5);
}

#[test]
fn cmp_6_cmp_8_the_engine_refuses_what_is_beyond_the_datas_limits() {
    use muster::rules::campaign::MissionResult;
    let dir = tempfile::tempdir().expect("tempdir");
    let narrow = with_narrow_limits(dir.path());
    let built_in = RulesData::built_in().expect("built-in rules");
    let c = at_the_table(&built_in);
    let mut rng = muster::rules::core::dice::seeded(1);
    let end = |vp| E::EndMission {
        result: MissionResult { success: true, vp },
        played: vec![],
    };
    // CMP-6: 20 VP at most by the built-in data, 5 by the narrow one.
    let most = built_in.campaign.limits.mission_vp_max;
    assert_eq!(most, 20);
    assert!(c.apply(end(most), &built_in, &mut rng).is_ok());
    let p = c
        .apply(end(most + 1), &built_in, &mut rng)
        .expect_err("too many");
    assert_eq!(
        (p.rule.as_ref(), p.key),
        ("CMP-6", "campaign.problem.vp_max")
    );
    let p = c.apply(end(6), &narrow, &mut rng).expect_err("too many");
    assert_eq!(
        Lang::En.problem(&p),
        "6 VP for one mission is beyond the limit of 5"
    );
    // CMP-8: the difficulty, changed during the campaign.
    let mut s = c.settings.clone();
    s.difficulty = 4;
    assert!(
        c.apply(
            E::SetSettings {
                settings: s.clone()
            },
            &built_in,
            &mut rng
        )
        .is_ok()
    );
    let p = c
        .apply(
            E::SetSettings {
                settings: s.clone(),
            },
            &narrow,
            &mut rng,
        )
        .expect_err("beyond 3");
    assert_eq!(
        (p.rule.as_ref(), p.key),
        ("CMP-8", "campaign.problem.difficulty_max")
    );
    // A campaign file holding it says so.
    let mut bad = c.clone();
    bad.settings = s;
    assert!(
        bad.validate(&narrow)
            .iter()
            .any(|p| p.key == "campaign.problem.difficulty_max")
    );
}

/// CHR-13 at the dashboard: a characteristic at its racial maximum is not
/// the one offered first (it was always WS, greyed out for a character
/// whose WS is at its maximum, with the reason on hover only).
#[test]
fn chr_13_an_advance_offers_first_what_can_still_be_raised() {
    use muster::rules::Characteristic as C;
    use muster::rules::campaign::Member;
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/campaign.json"
    ))
    .expect("example");
    let c: Campaign = muster::store::document::parse(&text, "tertius").expect("campaign");
    let rules = RulesData::built_in().expect("rules");
    let vael = c
        .characters
        .iter()
        .find(|x| x.name() == "Inquisitor Vael")
        .expect("Vael");
    let Member::Character(ch) = &vael.member else {
        panic!("a character")
    };
    // The example's inquisitor has his WS at its maximum.
    assert!(ch.can_spend(C::WS, &rules).is_err());
    assert!(ch.points_left() > 0);
    let (id, before) = (vael.id, ch.advances.0);
    let mut h = showing(dir.path(), &c);
    // What is offered first can be raised: his button is not greyed out.
    h.get_by_label("Place an advance point for Inquisitor Vael")
        .click();
    h.run();
    let after = crate::common::the_campaign(&h);
    let Member::Character(ch) = &after.character(id).expect("Vael").member else {
        panic!("a character")
    };
    assert_ne!(ch.advances.0, before, "a point was placed");
    assert_eq!(ch.advances.0.get(C::WS), before.get(C::WS));
}

/// CMP-5 at the dashboard: an escort drawn over its budget says that the
/// rule recruits the last enemy whatever he costs.
#[test]
fn cmp_5_an_enemy_escort_over_its_budget_says_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rules = RulesData::built_in().expect("rules");
    let c = ready(&rules);
    let m = c.mission.as_ref().expect("mission");
    assert!(m.enemy_complete());
    assert!(m.enemy_points() > m.points, "this draw overshoots");
    let h = showing(dir.path(), &c);
    let why = "The last enemy drawn joins even if he costs more than the points left";
    assert!(h.query_all_by_label_contains(why).next().is_some());
}
