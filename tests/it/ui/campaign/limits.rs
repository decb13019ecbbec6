//! The campaign's limits read from the rules data, through the screens:
//! the setup's bounds and first budget (CMP-8, CMP-16), the VP a mission
//! earns (CMP-6), an advance (CHR-13), an enemy escort's budget (CMP-5).

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::campaign::CampaignEdit as E;
use muster::rules::campaign::queries;
use muster::rules::{Document as _, RulesData};

use super::{ready, showing};
use crate::common::create_named;
use crate::common::rules;
use muster::rules::campaign::{DebriefEdit, SetupEdit};

/// The built-in campaign data with narrower limits, as a user's copy would
/// set them.
fn narrow_limits() -> String {
    let mut data: serde_json::Value =
        serde_json::from_str(include_str!("../../../../assets/rules/campaign.json")).expect("json");
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
    let mut h = crate::common::window_on(dir.path())
        .size(1400.0, 4000.0)
        .open();
    h.run();
    create_named(&mut h, "Create campaign", "Narrow");
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
    let c = crate::common::example_team_at_the_table(&rules);
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
    for _confirmed in 0..2 {
        h.get_by_role_and_label(Role::Button, "End the mission")
            .click();
        h.run();
    }
    assert_eq!(crate::common::the_campaign(&h).vp, 5);
}

#[test]
fn cmp_6_cmp_8_the_engine_refuses_what_is_beyond_the_datas_limits() {
    use muster::rules::campaign::MissionResult;
    let dir = tempfile::tempdir().expect("tempdir");
    let narrow = with_narrow_limits(dir.path());
    let built_in = rules();
    let c = crate::common::example_team_at_the_table(built_in);
    let mut rng = muster::rules::core::dice::seeded(1);
    let end = |vp| {
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult { success: true, vp },
            played: vec![],
        })
    };
    // CMP-6: 20 VP at most by the built-in data, 5 by the narrow one.
    let most = built_in.campaign.limits.mission_vp_max;
    assert_eq!(most, 20);
    assert!(c.apply(end(most), built_in, &mut rng).is_ok());
    let p = c
        .apply(end(most + 1), built_in, &mut rng)
        .expect_err("too many");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-6", ProblemKind::VpAboveMax)
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
            E::Setup(SetupEdit::SetSettings {
                settings: s.clone()
            }),
            built_in,
            &mut rng
        )
        .is_ok()
    );
    let p = c
        .apply(
            E::Setup(SetupEdit::SetSettings {
                settings: s.clone(),
            }),
            &narrow,
            &mut rng,
        )
        .expect_err("beyond 3");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-8", ProblemKind::DifficultyAboveMax)
    );
    // A campaign file holding it says so.
    let mut bad = c.clone();
    bad.settings = s;
    assert!(
        bad.validate(&narrow)
            .iter()
            .any(|p| p.kind == ProblemKind::DifficultyAboveMax)
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
    let rules = rules();
    let c = crate::common::example_campaign_between_missions(rules);
    let vael = c
        .characters
        .iter()
        .find(|x| x.name() == "Inquisitor Vael")
        .expect("Vael");
    let Member::Character(ch) = &vael.member else {
        panic!("a character")
    };
    // The example's inquisitor has his WS at its maximum.
    assert!(ch.can_spend(C::WS, rules).is_err());
    assert!(ch.points_left() > 0);
    let (id, before) = (vael.id, ch.advances.0);
    let mut h = showing(dir.path(), &c);
    // What is offered first can be raised: his button is not greyed out.
    h.get_by_label("Place an advance point for Inquisitor Vael")
        .click();
    h.run();
    let after = crate::common::the_campaign(&h);
    let Member::Character(ch) = &queries::character(&after, id).expect("Vael").member else {
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
    let rules = rules();
    let c = ready(rules);
    let m = c.mission.as_ref().expect("mission");
    assert!(m.enemy_complete());
    assert!(m.enemy_points() > m.points, "this draw overshoots");
    let h = showing(dir.path(), &c);
    let why = "The last enemy drawn joins even if he costs more than the points left";
    assert!(h.query_all_by_label_contains(why).next().is_some());
}
