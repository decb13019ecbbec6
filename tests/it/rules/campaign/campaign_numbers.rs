//! The numbers a campaign plays by (CMP-7, CMP-13): a new campaign's
//! defaults taken from the user's edited `campaign.json`, the numbers
//! recorded at the start outliving a later edit of it, a campaign begun
//! before they were recorded still replaying, and a recruit's price.

use muster::rules::ProblemKind;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, EscortId, EscortKind, Member, MissionChoice, MissionResult,
};

use muster::app::Command;
use muster::rules::killteam::Soldier;
use muster::rules::{Character, Document};

use super::coop::{app, campaign_json, edited, escort, human, start};
use crate::common::{ok, refused};
use crate::rules::campaign::{rules, setup};
use muster::rules::campaign::queries;
use muster::rules::campaign::replay;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, ReinforcementEdit, SetupEdit};

fn hero(name: &str, type_id: &str) -> Member {
    let mut c = Character::new(0, name, "human");
    c.type_id = Some(type_id.to_owned());
    Member::Character(c)
}

fn soldier(name: &str, kind: &str) -> Member {
    Member::Soldier(Soldier {
        id: 0,
        name: name.into(),
        kind: kind.into(),
        weapon: "lasgun".into(),
        items: vec![],
        ribbon: None,
    })
}

fn lost() -> MissionResult {
    MissionResult {
        success: false,
        vp: 0,
    }
}

#[test]
fn a_new_campaign_takes_the_defaults_of_the_users_edited_campaign_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("rules")).expect("mkdir");
    let mut data = campaign_json();
    data["defaults"]["vp_threshold"] = 7.into();
    data["defaults"]["cran_die"] = 6.into();
    data["defaults"]["injuries"] = "gang_war".into();
    data["defaults"]["fate_points"] = false.into();
    data["defaults"]["difficulty"] = 2.into();
    std::fs::write(
        dir.path().join("rules/campaign.json"),
        serde_json::to_string_pretty(&data).expect("text"),
    )
    .expect("write");
    let mut app = app(dir.path());
    assert!(
        app.model.rules_problems.is_empty(),
        "{:?}",
        app.model.rules_problems
    );
    app.apply(Command::Create(Campaign::KIND, "Edited".to_owned()));
    let c = app
        .model
        .library
        .docs
        .iter()
        .find_map(|d| d.get::<Campaign>())
        .expect("a campaign");
    assert_eq!(c.settings.vp_threshold, 7);
    assert_eq!(c.settings.cran_die, 6);
    assert_eq!(
        c.settings.injuries,
        muster::rules::campaign::Injuries::GangWar
    );
    assert!(!c.settings.fate_points);
    assert_eq!(c.settings.difficulty, 2);
    // The other kinds are created as before.
    app.apply(Command::create_roster("Band".to_owned()));
    assert!(app.model.library.docs.iter().any(|d| {
        d.get::<muster::rules::Roster>()
            .is_some_and(|r| r.characters.is_empty())
    }));
}

#[test]
fn cmp_7_the_numbers_recorded_at_the_start_outlive_an_edit_of_campaign_json() {
    let r = rules();
    let mut s = setup(&["Ada"], r).settings.clone();
    s.difficulty = 1;
    let c = ok(
        &setup(&["Ada"], r),
        E::Setup(SetupEdit::SetSettings { settings: s }),
        r,
    );
    let c = start(&c, r);
    let recorded = c.rates.clone().expect("recorded at the start");
    assert_eq!(*recorded, r.campaign.rates());
    let E::Setup(SetupEdit::Start { rates, .. }) = &c.journal.last().expect("start").event else {
        panic!("not the start")
    };
    assert_eq!(rates.as_deref(), Some(&*recorded));
    // The user edits campaign.json while the campaign runs.
    let changed = edited(|d| {
        d["reinforcement_per_mission"] = 99.into();
        d["difficulty_reinforcement"] = 1.into();
        d["difficulty_enemy_points"] = 500.into();
        d["vp_exchange_rate"] = 1.into();
        d["fate_points_per_player"] = 1.into();
        d["recruit"]["character_base"] = 3.into();
    });
    // Replay gives the same campaign.
    let (again, _) = c.replay(&changed).expect("replays");
    assert!(replay::same_state(&again, &c));
    assert!(
        c.validate(&changed).is_empty(),
        "{:?}",
        c.validate(&changed)
    );
    // Its next results use the recorded numbers, not the edited ones.
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), &changed);
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 2,
            },
            played: vec![],
        }),
        &changed,
    );
    let per = r.campaign.reinforcement_per_mission + r.campaign.difficulty_reinforcement;
    assert_eq!(c.escorts[0].reinforcement, per);
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::ExchangeVp {
            escort: EscortId(1),
            vp: 1,
        }),
        &changed,
    );
    assert_eq!(
        c.escorts[0].reinforcement,
        per + r.campaign.vp_exchange_rate
    );
    let base = r.campaign.recruit.character_base;
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("Hesk"),
            cost: base,
            from: None,
        }),
        &changed,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        &changed,
    );
    let m = c.mission.clone().expect("next mission");
    let listed = changed.campaign.mission(&m.mission).expect("listed").points;
    assert_eq!(m.points, listed + r.campaign.difficulty_enemy_points);
    assert!(
        c.validate(&changed).is_empty(),
        "{:?}",
        c.validate(&changed)
    );
    // A campaign started after the edit plays by the new numbers.
    let fresh = start(&setup(&["Ada"], &changed), &changed);
    assert_eq!(fresh.escorts[0].fate_points, 1);
    assert_eq!(fresh.rates.expect("recorded").reinforcement_per_mission, 99);
}

#[test]
fn cmp_13_a_campaign_started_before_the_numbers_were_recorded_still_replays() {
    let r = rules();
    let c = ok(
        &start(&setup(&["Ada"], r), r),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: lost(),
            played: vec![],
        }),
        r,
    );
    // The file an older Muster wrote: no numbers, no enemy points.
    let mut json = serde_json::to_value(&c).expect("json");
    json.as_object_mut().expect("object").remove("rates");
    let start = &mut json["journal"][2]["event"]["start"];
    start.as_object_mut().expect("start").remove("rates");
    start["choice"]
        .as_object_mut()
        .expect("choice")
        .remove("points");
    let old: Campaign = serde_json::from_value(json).expect("loads");
    assert!(old.rates.is_none());
    assert!(old.validate(r).is_empty(), "{:?}", old.validate(r));
    // It plays on by the data's numbers.
    assert_eq!(
        old.escorts[0].reinforcement,
        r.campaign.reinforcement_per_mission
    );
}

#[test]
fn cmp_7_a_recruit_costs_what_the_rules_price_him_at() {
    let r = rules();
    let c = start(&setup(&["Ada"], r), r);
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: lost(),
            played: vec![],
        }),
        r,
    );
    let costs = &r.campaign.recruit;
    // A Rogue Trader character: the figure and the points he is worth.
    let minor = hero("Vex", "minor_hero");
    let worth = r.character_type("minor_hero").expect("type").advance_points;
    assert_eq!(
        queries::recruiting(&c).cost(&minor, r).expect("priced"),
        costs.character_base + costs.per_advance_point * worth
    );
    // A kill-team soldier: his soldier equivalents.
    let scion = soldier("Kell", "tempestus_scion");
    let eq = r
        .killteam
        .kind("tempestus_scion")
        .expect("kind")
        .equivalents;
    assert_eq!(
        queries::recruiting(&c).cost(&scion, r).expect("priced"),
        costs.per_soldier_equivalent * eq
    );
    // An event claiming another cost is refused, naming the rule.
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("Cheap"),
            cost: 1,
            from: None,
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-7", ProblemKind::RecruitCost)
    );
    assert!(
        p.args
            .iter()
            .any(|(k, v)| *k == "price" && v == &costs.character_base.to_string()),
        "{p:?}"
    );
    let line = muster::i18n::Lang::En.problem_line(&p);
    assert!(line.contains("CMP-7"), "{line}");
    // A soldier is not a recruit of a Rogue Trader band.
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: soldier("Kell", "guardsman"),
            cost: costs.per_soldier_equivalent,
            from: None,
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::RecruitKind);
    // The right price is accepted and paid.
    let held = c.escorts[0].reinforcement;
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("Hesk"),
            cost: costs.character_base,
            from: None,
        }),
        r,
    );
    assert_eq!(c.escorts[0].reinforcement, held - costs.character_base);
    // A kill team recruits soldiers.
    let kt = ok(
        &Campaign::new("k", "K", &r.campaign),
        E::Setup(SetupEdit::SetSettings {
            settings: setup(&["Ada"], r).settings.clone(),
        }),
        r,
    );
    let kt = ok(
        &kt,
        escort(
            "Kim",
            EscortKind::KillTeam,
            vec![soldier("Sarge", "sergeant")],
        ),
        r,
    );
    let kt = ok(
        &ok(
            &start(&kt, r),
            E::Preparation(PreparationEdit::BeginMission),
            r,
        ),
        E::Debrief(DebriefEdit::EndMission {
            result: lost(),
            played: vec![],
        }),
        r,
    );
    let price =
        costs.per_soldier_equivalent * r.killteam.kind("guardsman").expect("kind").equivalents;
    let kt = ok(
        &kt,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: soldier("Pte", "guardsman"),
            cost: price,
            from: None,
        }),
        r,
    );
    assert_eq!(kt.characters.len(), 2);
}
