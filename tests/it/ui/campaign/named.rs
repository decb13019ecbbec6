//! The models a mission names have their card at the table: his name,
//! what the mission says of him, his profile, save and weapons, his wound
//! boxes when he is fought; the table's "attacks…" reaches him as it
//! reaches a drawn enemy, and the roll's wounds go to him.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::rules::campaign::named;
use muster::rules::campaign::{Campaign, Fighter, MissionType};
use muster::rules::{CharRef, RulesData};

use crate::common::rules;
use crate::common::{band_escort, escort_at_the_mission, example_band};

/// The example band at the table of "Betrayed", picked as its mission.
fn betrayed(r: &RulesData) -> Campaign {
    escort_at_the_mission(
        band_escort("Anne", &example_band()),
        (MissionType::Survival, "survival_betrayed"),
        r,
    )
}

#[test]
fn the_traitor_contact_of_betrayed_has_his_card_with_his_profile_at_the_table() {
    let r = rules();
    let c = betrayed(r);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    assert!(h.query_by_label("Named by the mission").is_some());
    let name = "The traitor contact";
    assert!(h.query_by_label(name).is_some(), "his name");
    assert!(
        h.query_by_label(
            "Your contact, who sold you to the enemy at the meeting place: \
             you survive if he is put out of action."
        )
        .is_some(),
        "what the mission says of him"
    );
    // His profile, save and weapons, from the data.
    assert!(
        h.query_by_label("Profile: M 4 · WS 3 · BS 3 · S 3 · T 3 · W 1 · I 3 · A 1 · Ld 7")
            .is_some()
    );
    assert!(h.query_all_by_label_contains("Save 6+").next().is_some());
    assert!(
        h.query_all_by_label_contains("Laspistol — 12\" · S3 · AP 0 · Shots 1 · Damage 1")
            .next()
            .is_some()
    );
    // One wound box: ticked, he is out of action.
    crate::common::click(&mut h, &format!("Wound 1 of 1: {name}"));
    let now = crate::common::the_campaign(&h);
    assert!(named::out(&now, 0));
    assert!(crate::common::offers_to_bring_back(&h, name));
}

#[test]
fn the_tables_attacks_reach_the_traitor_contact_and_his_wounds_go_to_him() {
    let r = rules();
    let c = betrayed(r);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let name = "The traitor contact";
    h.get_by_label("Inquisitor Vael attacks…").click_accesskit();
    h.run();
    h.get_by_label(&format!("Close combat: Inquisitor Vael against {name}"))
        .click_accesskit();
    h.run();
    assert_eq!(h.state().app.model.screen, Screen::Battle);
    let cc = &h.state().views.battle.close_combat;
    assert_eq!(cc.cc_sides.defender(), name);
    assert_eq!(
        cc.cc_sides.defender_from().cloned(),
        Some(CharRef::new(c.id.clone(), Fighter::Named(0).id()))
    );
    assert_eq!(cc.cc.defender.save, Some(6));

    // Certain wounds, applied to him.
    super::fight::apply_certain_wounds(&mut h, name);
    let now = crate::common::the_campaign(&h);
    assert_eq!(named::taken(&now, 0), 1, "his one wound");
    assert!(named::out(&now, 0), "out of action");
    let t = now.table.as_ref().expect("table");
    assert!(t.wounds.is_empty() && t.enemy_wounds.is_empty());
}

#[test]
fn the_heretic_preacher_fights_as_his_faction_s_leader_and_the_prisoner_is_not_fought() {
    let r = rules();
    let dir = tempfile::tempdir().expect("tempdir");
    let band = || band_escort("Anne", &example_band());
    let c = escort_at_the_mission(
        band(),
        (MissionType::Inquiry, "inquiry_heretic_preacher"),
        r,
    );
    let h = super::showing(dir.path(), &c);
    assert!(h.query_by_label("The renegade preacher").is_some());
    assert!(
        h.query_by_label("Fights as the faction's Renegade lord")
            .is_some()
    );
    assert!(
        h.query_by_label("Profile: M 4 · WS 6 · BS 6 · S 5 · T 5 · W 3 · I 6 · A 3 · Ld 10")
            .is_some()
    );
    assert!(
        h.query_by_label("Wound 3 of 3: The renegade preacher")
            .is_some()
    );
    drop(h);

    let dir = tempfile::tempdir().expect("tempdir");
    let c = escort_at_the_mission(band(), (MissionType::Inquiry, "inquiry_fallen_precinct"), r);
    let h = super::showing(dir.path(), &c);
    assert!(h.query_by_label("The prisoner").is_some());
    assert!(
        h.query_by_label("The mission gives no profile for him: he is not fought.")
            .is_some()
    );
    assert!(
        h.query_all_by_label_contains("The prisoner")
            .all(|n| !matches!(n.accesskit_node().role(), Role::CheckBox | Role::Button)),
        "no wound box, no fight"
    );
}

/// EQ-15: a chem bomb's target picker offers the model the mission names
/// beside the drawn enemies, and its wound goes to him.
#[test]
fn eq_15_a_chem_bomb_reaches_the_traitor_contact() {
    let r = rules();
    let mut team = crate::common::example_team();
    let osk = crate::common::soldier_named(&mut team, "Trooper Osk");
    osk.items = vec![muster::rules::killteam::Carried {
        item: "chem_bomb".into(),
        weapon: None,
    }];
    let c = escort_at_the_mission(
        crate::common::team_escort(&team),
        (MissionType::Survival, "survival_betrayed"),
        r,
    );
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    crate::common::button(&mut h, "Use Chem bomb (Trooper Osk)");
    let name = "The traitor contact";
    crate::common::button(&mut h, &format!("Chem bomb (Trooper Osk) on {name}"));
    let now = crate::common::the_campaign(&h);
    assert_eq!(named::taken(&now, 0), 1, "his one wound");
    assert!(named::out(&now, 0));
    assert!(
        h.query_all_by_role(Role::Button).all(|b| b
            .accesskit_node()
            .label()
            .is_none_or(|l| !l.contains("on The traitor"))),
        "out of action, no longer a target"
    );
}
