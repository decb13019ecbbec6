//! The debrief's recruits through their widgets (CMP-7): a kind of soldier
//! or character picked at the rules' price, named, recruited into the
//! escort and taken back by undo; the library's row only when it holds
//! someone to bring.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Command;
use muster::rules::Doc;
use muster::rules::campaign::queries;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, EscortId, Member, MissionResult, Phase, RecruitKind,
};
use muster::store::Store;
use muster::ui::Gui;

use crate::common::rules;
use crate::common::the_campaign;
use crate::common::{button, click};
use crate::rules::campaign::recruits::{after_a_mission, character};
use muster::app::Screen;
use muster::rules::campaign::EscortKind;
use muster::rules::campaign::recruit;
use muster::rules::campaign::replay;
use muster::rules::campaign::{DebriefEdit, ReinforcementEdit};
use muster::rules::core::dice::Roll;
use muster::rules::{Character, DocKey, Edit, Roster};
use std::path::Path;

/// The mission ended (won, nobody hurt): the debrief, 20 reinforcement
/// points to spend.
fn mission_ended(_: &Campaign) -> Vec<E> {
    vec![E::Debrief(DebriefEdit::EndMission {
        result: MissionResult {
            success: true,
            vp: 0,
        },
        played: vec![],
    })]
}

/// Empties a text field and types `text` into it.
fn retype(h: &mut Harness<'_, Gui>, label: &str, text: &str) {
    click(h, label);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

fn value_of(h: &Harness<'_, Gui>, label: &str) -> String {
    h.get_by_label(label)
        .accesskit_node()
        .value()
        .map(|v| v.to_string())
        .unwrap_or_default()
}

/// The window on a folder holding `saved` and `c`, the campaign shown.
fn window(dir: &std::path::Path, c: &Campaign, saved: Vec<Doc>) -> Harness<'static, Gui> {
    {
        let store = Store::open(dir).expect("store");
        for d in saved {
            store.save(&d).expect("save");
        }
    }
    super::showing(dir, c)
}

/// Names the recruit Trooper Vask and recruits him into Anne's escort: the
/// campaign after, and Vask in it.
fn recruit_vask(
    h: &mut Harness<'static, Gui>,
) -> (Campaign, muster::rules::campaign::CampaignCharacter) {
    retype(h, "Name of the recruit", "Trooper Vask");
    button(h, "Recruit this character into Anne's escort");
    let after = crate::common::the_campaign(h);
    let vask = queries::members(&after, EscortId(1))
        .find(|x| x.name() == "Trooper Vask")
        .expect("in Anne's escort")
        .clone();
    (after, vask)
}

#[test]
fn cmp_7_a_soldier_is_bought_as_a_kind_named_and_recruited_then_undone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let team = crate::common::example_team();
    let c = crate::common::team_at_the_table(&team, r, mission_ended);
    assert_eq!(c.phase, Phase::Debrief);
    let held = queries::recruiting(&c).pool(EscortId(1));
    // The team is in the library too: all its soldiers are in the
    // campaign, so the library offers nobody.
    let mut h = window(dir.path(), &c, vec![Doc::new(team)]);
    assert!(h.query_by_label("Or bring one from your library").is_none());
    // The kinds, each at the rules' price: 10 per soldier equivalent.
    let price = r.campaign.recruit.per_soldier_equivalent
        * r.killteam.kind("guardsman").expect("kind").equivalents;
    click(&mut h, "Kind of soldier to recruit");
    // A Space Marine is of another faction until Allies: greyed out.
    let marine_price = r.campaign.recruit.per_soldier_equivalent
        * r.killteam.kind("space_marine").expect("kind").equivalents;
    let marine = format!("Space Marine — {marine_price} reinforcement points — not allowed");
    let marine = h.get_by_label(&marine);
    assert!(marine.accesskit_node().is_disabled());
    h.get_by_label(&format!("Guardsman — {price} reinforcement points"))
        .click();
    h.run();
    assert!(
        h.query_by_label(&format!("Costs {price} reinforcement points"))
            .is_some()
    );
    // His name offered: a trooper's, no one's of the campaign.
    let first = value_of(&h, "Name of the recruit");
    assert!(first.starts_with("Trooper "), "{first}");
    let (after, vask) = recruit_vask(&mut h);
    assert_eq!(
        RecruitKind::of(&vask.member),
        RecruitKind::Soldier {
            kind: "guardsman".into()
        }
    );
    assert!(matches!(&vask.member, Member::Soldier(s) if s.weapon == "lasgun"));
    assert_eq!(queries::recruiting(&after).pool(EscortId(1)), held - price);
    // The next one is offered a name no one bears: never Vask's.
    let second = value_of(&h, "Name of the recruit");
    assert!(
        second.starts_with("Trooper ") && second != "Trooper Vask",
        "{second}"
    );
    // Undo takes him back, and the points.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    let undone = crate::common::the_campaign(&h);
    assert!(queries::members(&undone, EscortId(1)).all(|x| x.name() != "Trooper Vask"));
    assert_eq!(queries::recruiting(&undone).pool(EscortId(1)), held);
    assert_eq!(value_of(&h, "Name of the recruit"), first);
}

/// KT-5: a soldier bought by kind takes his free special item and his free
/// ribbon, each picked from the data's, those the rules refuse him greyed
/// out with why (a guardsman is no sergeant: no command insignia, EQ-31).
#[test]
fn kt_5_a_soldier_recruited_by_kind_takes_his_free_item_and_ribbon() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let team = crate::common::example_team();
    let c = crate::common::team_at_the_table(&team, r, mission_ended);
    let mut h = window(dir.path(), &c, vec![Doc::new(team)]);
    click(&mut h, "Kind of soldier to recruit");
    let price = r.campaign.recruit.per_soldier_equivalent
        * r.killteam.kind("guardsman").expect("kind").equivalents;
    h.get_by_label(&format!("Guardsman — {price} reinforcement points"))
        .click();
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Free special item (KT-5)")
        .click();
    h.run();
    let insignia = h
        .query_all_by_label_contains("Command insignia (EQ-31) — EQ-31")
        .next()
        .expect("the insignia, refused");
    assert!(insignia.accesskit_node().is_disabled());
    h.get_by_label("Medikit (EQ-6)").click();
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Free ribbon (KT-5)")
        .click();
    h.run();
    h.get_by_label("Grenadier (RIB-1)").click();
    h.run();
    assert!(
        h.query_by_label(&format!("Costs {price} reinforcement points"))
            .is_some(),
        "both free"
    );
    let (after, vask) = recruit_vask(&mut h);
    let Member::Soldier(s) = &vask.member else {
        panic!("a soldier");
    };
    assert_eq!(
        s.items.iter().map(|c| c.item.as_str()).collect::<Vec<_>>(),
        ["medikit"]
    );
    assert_eq!(s.ribbon, Some("grenadier".into()));
    assert!(
        replay::validate(&after, r).is_empty(),
        "{:?}",
        replay::validate(&after, r)
    );
}

/// KT-5, later: a soldier recruited without his free special item is
/// listed with what he may take; given from the debrief, he has it, and is
/// listed no more for it.
#[test]
fn kt_5_a_soldier_without_his_free_item_is_given_it_from_the_debrief() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let team = crate::common::example_team();
    let c = crate::common::team_at_the_table(&team, r, mission_ended);
    let kind = RecruitKind::Soldier {
        kind: "guardsman".into(),
    };
    let member =
        recruit::new_recruit(&c, EscortId(1), &kind, "Trooper Vask", r).expect("a guardsman");
    let cost = queries::recruiting(&c).cost(&member, r).expect("priced");
    let c = crate::common::ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member,
            cost,
            from: None,
        }),
        r,
    );
    let mut h = window(dir.path(), &c, vec![Doc::new(team)]);
    assert!(
        h.query_by_label("Soldiers without their free special item or ribbon (KT-5):")
            .is_some()
    );
    h.get_by_role_and_label(Role::ComboBox, "Free special item for Trooper Vask (KT-5)")
        .click();
    h.run();
    h.get_by_label("Medikit (EQ-6)").click();
    h.run();
    button(&mut h, "Give Trooper Vask what is picked");
    let after = crate::common::the_campaign(&h);
    let vask = queries::members(&after, EscortId(1))
        .find(|x| x.name() == "Trooper Vask")
        .expect("in Anne's escort");
    assert!(
        matches!(&vask.member, Member::Soldier(s) if s.items.len() == 1 && s.items[0].item == "medikit")
    );
    assert!(
        h.query_by_label("Free special item for Trooper Vask (KT-5)")
            .is_none(),
        "he has his item now"
    );
}

#[test]
fn cmp_7_a_band_buys_a_race_and_a_profile_type_at_its_price() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let c = crate::common::escort_at_the_table(
        crate::common::band_escort("Anne", &crate::common::example_band()),
        r,
        mission_ended,
    );
    let held = queries::recruiting(&c).pool(EscortId(1));
    let mut h = window(dir.path(), &c, vec![]);
    // Nothing picked yet: nothing to recruit.
    let go = h.get_by_role_and_label(Role::Button, "Recruit this character into Anne's escort");
    assert!(go.accesskit_node().is_disabled());
    click(&mut h, "Race of the recruit");
    // CMP-14: the Eldar are no faction of a human band, nor of the
    // Imperium.
    let eldar = h.get_by_label("Eldar — not allowed");
    assert!(eldar.accesskit_node().is_disabled());
    h.get_by_label("Human").click();
    h.run();
    // A champion: the figure and the advance points his type is worth.
    let costs = &r.campaign.recruit;
    let worth = r.character_type("champion").expect("type").advance_points;
    let price = costs.character_base + costs.per_advance_point * worth;
    click(&mut h, "Profile type of the recruit");
    assert!(
        h.query_by_label(&format!(
            "Trooper — {} reinforcement points",
            costs.character_base
        ))
        .is_some()
    );
    h.get_by_label(&format!("Champion — {price} reinforcement points"))
        .click();
    h.run();
    // A man's name offered, no number after his type: one of the
    // campaign's humans would not bear it.
    let offered = value_of(&h, "Name of the recruit");
    assert!(
        offered.contains(' ') && !offered.starts_with("Champion"),
        "{offered}"
    );
    button(&mut h, "Recruit this character into Anne's escort");
    let after = crate::common::the_campaign(&h);
    let new = queries::members(&after, EscortId(1))
        .find(|x| x.name() == offered)
        .expect("in Anne's escort");
    assert_eq!(
        RecruitKind::of(&new.member),
        RecruitKind::Character {
            race: "human".into(),
            type_id: Some("champion".into())
        }
    );
    assert_eq!(queries::recruiting(&after).pool(EscortId(1)), held - price);
    // A major hero costs more than is left: refused, in words, with the
    // rule.
    click(&mut h, "Profile type of the recruit");
    h.get_by_label_contains("Major hero —").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("CMP-7: this costs")
            .next()
            .is_some()
    );
    let go = h.get_by_role_and_label(Role::Button, "Recruit this character into Anne's escort");
    assert!(go.accesskit_node().is_disabled());
}

fn harness(dir: &Path) -> Harness<'static, Gui> {
    let mut h = crate::common::window_on(dir)
        .seed(11)
        .size(1280.0, 6000.0)
        .open();
    h.run();
    h
}

#[test]
fn cmp_14_allies_the_recruit_list_shows_other_factions_disabled_with_the_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let mut pool = Roster::new("pool", "Pool");
    pool.characters.push(Character::new(1, "Hesk", "human"));
    pool.characters
        .push(Character::new(2, "Tor", "space_marine"));
    let c = after_a_mission(EscortKind::Band, vec![character("Vael", "human")], None, r);
    {
        let store = Store::open(dir.path()).expect("store");
        store.save(&Doc::new(pool)).expect("save");
        store.save(&Doc::new(c.clone())).expect("save");
    }
    let mut h = harness(dir.path());
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    assert!(
        h.query_all_by_label_contains(
            "Recruits come from the factions of the escort: Humans of the Imperium"
        )
        .next()
        .is_some()
    );
    h.get_by_label("Or bring one from your library").click();
    h.run();
    // Tor, a Space Marine, is listed but disabled, and says so.
    let tor = h.get_by_label("Pool › Tor — not allowed");
    assert!(tor.accesskit_node().is_disabled());
    h.get_by_label("Pool › Hesk").click();
    h.run();
    h.get_by_role_and_label(
        Role::Button,
        "Bring this character from the library into Anne's escort",
    )
    .click();
    h.run();
    assert_eq!(queries::members(&the_campaign(&h), EscortId(1)).count(), 2);
    // Allies found by a recon (10 on the D12, typed in): Tor may join.
    let who = the_campaign(&h).characters[0].id;
    h.state_mut().app.apply(Command::Edit(
        DocKey::of::<Campaign>(c.id.clone()),
        Edit::new(E::Debrief(DebriefEdit::Recon {
            character: who,
            roll: Some(Roll::from_faces(12, vec![10], 0)),
            cran: None,
            fortune: None,
            effect: None,
        })),
    ));
    h.run();
    assert!(the_campaign(&h).allies);
    assert!(
        h.query_all_by_label_contains("characters of any Imperium faction may be recruited until")
            .next()
            .is_some()
    );
    h.get_by_label("Or bring one from your library").click();
    h.run();
    assert!(h.query_by_label("Pool › Tor — not allowed").is_none());
    h.get_by_label("Pool › Tor").click();
    h.run();
    h.get_by_role_and_label(
        Role::Button,
        "Bring this character from the library into Anne's escort",
    )
    .click();
    h.run();
    let done = the_campaign(&h);
    assert!(done.characters.iter().any(|x| x.name() == "Tor"));
}

#[test]
fn kt_5_a_kill_teams_points_buy_nothing_for_one_soldier_and_the_step_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let team = crate::common::example_team();
    let c = crate::common::team_at_the_table(&team, r, mission_ended);
    assert_eq!(c.phase, Phase::Debrief);
    let h = window(dir.path(), &c, vec![]);
    // The "For" list is there, as for a band, greyed on "noted only":
    // a soldier's special item and ribbon are free (KT-5).
    let whom = h.get_by_label("For");
    assert!(whom.accesskit_node().is_disabled());
    assert_eq!(whom.value().as_deref(), Some("— (noted only)"));
    // Why, beside it, in words: what the points buy instead.
    let why = "KT-5: Anne's kill team spends its points on recruits: a soldier's special \
               item and ribbon are free and his weapons come with his kind, so nothing is \
               bought for one soldier; points spent on anything else are only noted";
    assert!(h.query_by_label(why).is_some());
}
