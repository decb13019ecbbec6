//! What the campaign screen refuses and says: the recruit picker never offers a character the campaign has (CMP-7), a problem named by its rule and escort (KT-2).

use crate::common::rules;
use crate::rules::campaign::validate::{soldier, team_campaign};
use muster::rules::KillTeam;
use muster::rules::campaign::ReinforcementEdit;
use muster::rules::campaign::queries;
use muster::rules::campaign::replay;
use muster::rules::campaign::{Campaign, CampaignEdit as E, EscortId, Member};
use muster::rules::killteam::Carried;

#[test]
fn cmp_7_the_recruit_picker_never_offers_a_character_the_campaign_has() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::{NodeT as _, Queryable as _};

    use muster::rules::Doc;

    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let (c, team) = team_campaign(r);
    // A friend's team: a sergeant (a second one would break KT-2) and a
    // guardsman who may join.
    let mut friends = KillTeam::new("kessels-team", "Kessel's team");
    let mut kessel = soldier(&team, "Sergeant Hark").clone();
    kessel.name = "Sergeant Kessel".into();
    let mut moll = soldier(&team, "Trooper Dace").clone();
    moll.name = "Trooper Moll".into();
    moll.id = 2;
    moll.items = vec![Carried {
        item: "medikit".into(),
        weapon: None,
    }];
    moll.ribbon = None;
    friends.soldiers = vec![kessel, moll];
    let mut h = crate::common::window_on(dir.path())
        .saved(Doc::new(team.clone()))
        .saved(Doc::new(friends))
        .seed(11)
        .size(1280.0, 6000.0)
        .on_campaign(&c)
        .open();
    h.get_by_label("Or bring one from your library").click();
    h.run();
    // Hark's Raiders are all in the campaign: none is offered.
    assert!(
        h.query_all_by_label_contains("Hark's Raiders ›")
            .next()
            .is_none()
    );
    // Kessel would be a second sergeant: greyed, with the rule.
    let kessel = h.get_by_label("Kessel's team › Sergeant Kessel — not allowed");
    assert!(kessel.accesskit_node().is_disabled());
    h.get_by_label("Kessel's team › Trooper Moll").click();
    h.run();
    h.get_by_role_and_label(
        Role::Button,
        "Bring this character from the library into Camille's escort",
    )
    .click();
    h.run();
    let after = crate::common::the_campaign(&h);
    assert!(after.characters.iter().any(|x| x.name() == "Trooper Moll"));
    assert!(
        replay::validate(&after, r).is_empty(),
        "{:?}",
        replay::validate(&after, r)
    );
    // Recruited once: no longer offered.
    h.get_by_label("Or bring one from your library").click();
    h.run();
    assert!(h.query_by_label("Kessel's team › Trooper Moll").is_none());
}

#[test]
fn kt_2_the_campaign_screen_names_the_rule_and_escort_after_the_event() {
    use egui_kittest::kittest::Queryable as _;
    use muster::app::Command;
    use muster::rules::{DocKey, Edit};

    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let (c, team) = team_campaign(r);
    let mut h = crate::common::window_on(dir.path())
        .seed(11)
        .size(1280.0, 6000.0)
        .on_campaign(&c)
        .open();
    assert!(h.query_all_by_label_contains("KT-2").next().is_none());
    // A second sergeant, as an older Muster let a player recruit him.
    let mut kessel = soldier(&team, "Sergeant Hark").clone();
    kessel.name = "Sergeant Kessel".into();
    let member = Member::Soldier(kessel);
    let cost = queries::recruiting(&c).cost(&member, r).expect("cost");
    h.state_mut().app.apply(Command::Edit(
        DocKey::of::<Campaign>(c.id.clone()),
        Edit::new(E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member,
            cost,
            from: None,
        })),
    ));
    h.run();
    assert!(
        h.query_all_by_label_contains("KT-2: Camille's escort: ")
            .next()
            .is_some()
    );
}
