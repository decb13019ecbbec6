//! Who may be recruited (CMP-14, CMP-7): an escort recruits from its own
//! factions (the races or soldier kinds of the characters it has held, and
//! the factions of `campaign.json` they belong to); once a recon has found
//! Allies (10-11 on the D12), characters of any Imperium faction may be
//! recruited until the end of the campaign. The engine refuses the others
//! with a CMP-14 problem; the recruit list shows them disabled, with why.
//! A recruit is bought as a kind (CMP-7): a soldier kind or a race and a
//! standard type, made fresh in the escort at the rules' price.

use muster::rules::ProblemKind;
use muster::rules::campaign::queries;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, EscortId, EscortKind, Member, MissionChoice, MissionResult,
    NewEscort, Phase, RecruitKind,
};

use crate::common::rules;
use muster::i18n::Lang;
use muster::rules::campaign::recruit;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, ReinforcementEdit, SetupEdit};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::killteam::{ItemId, RibbonId, Soldier};
use muster::rules::{Character, Document, Problem, RulesData};

pub(crate) fn character(name: &str, race: &str) -> Member {
    Member::Character(Character::new(0, name, race))
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

fn ok(c: &Campaign, e: E, r: &RulesData) -> Campaign {
    match c.apply(e.clone(), r, &mut seeded(9)) {
        Ok((c, _)) => c,
        Err(p) => panic!("{e:?} refused: {p:?}"),
    }
}

fn refused(c: &Campaign, e: E, r: &RulesData) -> Problem {
    match c.apply(e, r, &mut seeded(9)) {
        Ok(_) => panic!("accepted"),
        Err(p) => p,
    }
}

/// A kill team of Sergeant Rook and Vell, a guardsman, after its first
/// mission ([`after_a_mission`]).
fn rook_and_vell_after_a_mission(r: &RulesData) -> Campaign {
    after_a_mission(
        EscortKind::KillTeam,
        vec![
            soldier("Sergeant Rook", "sergeant"),
            soldier("Vell", "guardsman"),
        ],
        None,
        r,
    )
}

/// One escort of `kind` made of `members`, after its first mission (won,
/// nobody hurt): in the debrief with 20 reinforcement points. `rates`: the
/// numbers recorded at the start (the data's when none).
pub(crate) fn after_a_mission(
    kind: EscortKind,
    members: Vec<Member>,
    rates: Option<muster::rules::campaign::Rates>,
    r: &RulesData,
) -> Campaign {
    let mut c = Campaign::new("allies", "Allies", &r.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    c = ok(
        &c,
        E::Setup(SetupEdit::AddEscort {
            escort: NewEscort {
                player: "Anne".into(),
                source: "Band".into(),
                kind,
                members,
                doc: None,
            },
        }),
        r,
    );
    c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: rates.map(Box::new),
            choice: MissionChoice::default(),
        }),
        r,
    );
    c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        }),
        r,
    );
    assert_eq!(c.phase, Phase::Debrief);
    c
}

fn recruit(c: &Campaign, member: Member, r: &RulesData) -> E {
    let cost = queries::recruiting(c).cost(&member, r).expect("priced");
    E::Reinforcements(ReinforcementEdit::Recruit {
        escort: EscortId(1),
        member,
        cost,
        from: None,
    })
}

/// A recon by the escort's first character that rolls `face` on the D12.
fn recon(c: &Campaign, face: u32, r: &RulesData) -> Campaign {
    let who = c.characters[0].id;
    ok(
        c,
        E::Debrief(DebriefEdit::Recon {
            character: who,
            roll: Some(Roll::from_faces(12, vec![face], 0)),
            cran: Some(Roll::from_faces(10, vec![10], 0)),
            fortune: None,
            effect: None,
        }),
        r,
    )
}

#[test]
fn cmp_14_allies_a_band_recruits_its_own_factions_before_allies_are_found() {
    let r = rules();
    let c = after_a_mission(
        EscortKind::Band,
        vec![character("Vael", "human"), character("Brask", "human")],
        None,
        r,
    );
    assert!(!c.allies);
    // Its own: a human.
    let c = ok(&c, recruit(&c, character("Hesk", "human"), r), r);
    // Another Imperium faction: not yet, and said why.
    let p = refused(&c, recruit(&c, character("Tor", "space_marine"), r), r);
    assert_eq!(p.rule, "CMP-14");
    assert_eq!(p.kind, ProblemKind::RecruitNeedsAllies);
    let line = Lang::En.problem_line(&p);
    assert!(line.starts_with("CMP-14: Tor"), "{line}");
    assert!(
        line.contains("only once a recon has found Allies"),
        "{line}"
    );
    let squat = refused(&c, recruit(&c, character("Grun", "squat"), r), r);
    assert_eq!(squat.kind, ProblemKind::RecruitNeedsAllies);
    // Not of the Imperium: never.
    let eldar = refused(&c, recruit(&c, character("Ith", "eldar"), r), r);
    assert_eq!(eldar.kind, ProblemKind::RecruitForeign);
    assert!(Lang::Fr.problem_line(&eldar).contains("ni à l'Imperium"));
    // The UI asks the same question.
    assert!(
        queries::recruiting(&c)
            .refusal(EscortId(1), &character("Ada", "human"))
            .is_none()
    );
    assert!(
        queries::recruiting(&c)
            .refusal(EscortId(1), &character("Tor", "space_marine"))
            .is_some()
    );
}

#[test]
fn cmp_14_allies_open_every_imperium_faction_until_the_end_of_the_campaign() {
    let r = rules();
    let c = after_a_mission(EscortKind::Band, vec![character("Vael", "human")], None, r);
    // 10-11: Allies.
    let c = recon(&c, 10, r);
    assert!(c.allies);
    let c = ok(&c, recruit(&c, character("Tor", "space_marine"), r), r);
    // Still not the Eldar: they are not of the Imperium.
    let p = refused(&c, recruit(&c, character("Ith", "eldar"), r), r);
    assert_eq!(p.kind, ProblemKind::RecruitForeign);
    // Next mission, and the one after: the allies stay.
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    );
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: false,
                vp: 0,
            },
            played: vec![],
        }),
        r,
    );
    let c = ok(&c, recruit(&c, character("Grun", "squat"), r), r);
    assert!(c.allies);
    // The journal replays with the recruits it allowed.
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}

#[test]
fn cmp_14_allies_a_kill_team_recruits_imperial_guard_soldiers_then_space_marines() {
    let r = rules();
    let c = rook_and_vell_after_a_mission(r);
    // A Tempestus Scion is of the Imperial Guard, a vehicle too.
    assert!(
        queries::recruiting(&c)
            .refusal(EscortId(1), &soldier("Kade", "tempestus_scion"))
            .is_none()
    );
    assert!(
        queries::recruiting(&c)
            .refusal(EscortId(1), &soldier("Chimera", "vehicle"))
            .is_none()
    );
    // A Space Marine is an Imperium ally: not before Allies.
    let p = refused(&c, recruit(&c, soldier("Tor", "space_marine"), r), r);
    assert_eq!(p.kind, ProblemKind::RecruitNeedsAllies);
    assert_eq!(
        queries::recruiting(&c)
            .refusal(EscortId(1), &soldier("Gaius", "terminator"))
            .map(|p| p.kind),
        Some(ProblemKind::RecruitNeedsAllies)
    );
    let c = recon(&c, 11, r);
    // Reinforcement points permitting: one VP exchanged for them (CMP-6).
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::ExchangeVp {
            escort: EscortId(1),
            vp: 1,
        }),
        r,
    );
    let c = ok(&c, recruit(&c, soldier("Tor", "space_marine"), r), r);
    assert_eq!(queries::members(&c, EscortId(1)).count(), 3);
}

#[test]
fn cmp_14_allies_a_band_of_several_races_recruits_from_each_of_its_factions() {
    let r = rules();
    // A Rogue Trader band of a human and an Eldar: both are its own.
    let c = after_a_mission(
        EscortKind::Band,
        vec![character("Vael", "human"), character("Ith", "eldar")],
        None,
        r,
    );
    let c = ok(&c, recruit(&c, character("Ara", "eldar"), r), r);
    let p = refused(&c, recruit(&c, character("Gob", "ork"), r), r);
    assert_eq!(p.kind, ProblemKind::RecruitForeign);
    let names: Vec<&str> = queries::mustering(&c)
        .factions(EscortId(1))
        .iter()
        .map(|f| f.id.as_str())
        .collect();
    assert_eq!(names, ["imperial_humans", "eldar"]);
}

#[test]
fn cmp_14_allies_a_campaign_started_before_the_factions_were_recorded_recruits_anyone() {
    let r = rules();
    let mut rates = r.campaign.rates();
    rates.recruit_factions = None;
    let c = after_a_mission(
        EscortKind::Band,
        vec![character("Vael", "human")],
        Some(rates),
        r,
    );
    let c = ok(&c, recruit(&c, character("Gob", "ork"), r), r);
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
    // Its file, as an older Muster wrote it, reads and replays.
    let text = muster::store::document::to_json(&c).expect("json");
    assert!(!text.contains("recruit_factions"));
    let back: Campaign = muster::store::document::parse(&text, "allies").expect("parses");
    assert!(back.validate(r).is_empty());
}

#[test]
fn cmp_14_allies_the_factions_are_data_a_user_may_edit() {
    // A user's campaign.json that counts the Eldar among the Imperium's
    // friends: Allies then opens them too.
    let mut v: serde_json::Value =
        serde_json::from_str(include_str!("../../../../assets/rules/campaign.json")).expect("json");
    let factions = v["recruit_factions"].as_array_mut().expect("factions");
    for f in factions.iter_mut() {
        if f["id"] == "eldar" {
            f["imperium"] = true.into();
        }
    }
    let (r, problems) =
        RulesData::with_overrides(&[("campaign.json".to_owned(), v.to_string())]).expect("rules");
    assert!(problems.is_empty(), "{problems:?}");
    let c = after_a_mission(EscortKind::Band, vec![character("Vael", "human")], None, &r);
    assert_eq!(
        refused(&c, recruit(&c, character("Ith", "eldar"), &r), &r).kind,
        ProblemKind::RecruitNeedsAllies
    );
    let c = recon(&c, 10, &r);
    ok(&c, recruit(&c, character("Ith", "eldar"), &r), &r);
    // A repeated id is refused, naming it.
    let mut v2 = v.clone();
    let dup = v2["recruit_factions"][0].clone();
    v2["recruit_factions"]
        .as_array_mut()
        .expect("factions")
        .push(dup);
    let (_, problems) =
        RulesData::with_overrides(&[("campaign.json".to_owned(), v2.to_string())]).expect("rules");
    assert_eq!(problems[0].section(), Some("recruit_factions"));
    assert_eq!(problems[0].problem.get("id"), Some("imperial_humans"));
}

#[test]
fn cmp_7_a_recruit_is_bought_as_a_kind_at_its_price() {
    let r = rules();
    // A kill team of a sergeant and two guardsmen, 20 points after its
    // first mission.
    let c = after_a_mission(
        EscortKind::KillTeam,
        vec![
            soldier("Sergeant Rook", "sergeant"),
            soldier("Vell", "guardsman"),
            soldier("Hask", "guardsman"),
        ],
        None,
        r,
    );
    let held = queries::recruiting(&c).pool(EscortId(1));
    let guardsman = RecruitKind::Soldier {
        kind: "guardsman".into(),
    };
    // The name first offered is a man's: a trooper's rank and a surname
    // no one of the campaign bears, the same each time it is asked.
    let name = recruit::default_recruit_name(&c, EscortId(1), &guardsman, ("Guardsman", "en"));
    assert!(name.starts_with("Trooper "), "{name}");
    assert!(c.characters.iter().all(|x| x.name() != name));
    assert_eq!(
        recruit::default_recruit_name(&c, EscortId(1), &guardsman, ("Guardsman", "en")),
        name
    );
    let fr = recruit::default_recruit_name(&c, EscortId(1), &guardsman, ("Garde", "fr"));
    assert!(fr.starts_with("Soldat "), "{fr}");
    let sergeant = RecruitKind::Soldier {
        kind: "sergeant".into(),
    };
    let sgt = recruit::default_recruit_name(&c, EscortId(1), &sergeant, ("Sergeant", "en"));
    assert!(sgt.starts_with("Sergeant "), "{sgt}");
    let member = recruit::new_recruit(&c, EscortId(1), &guardsman, &name, r).expect("made");
    // His price: 10 reinforcement points per soldier equivalent (KT-4).
    let kind = r.killteam.kind("guardsman").expect("kind");
    let price = r.campaign.recruit.per_soldier_equivalent * kind.equivalents;
    assert_eq!(queries::recruiting(&c).cost(&member, r), Ok(price));
    assert!(recruit::recruit_member_refusal(&c, EscortId(1), &member, r).is_none());
    assert!(recruit::recruit_payment_refusal(&c, EscortId(1), price).is_none());
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member,
            cost: price,
            from: None,
        }),
        r,
    );
    let new = queries::members(&c, EscortId(1))
        .find(|x| x.name() == name)
        .expect("in the escort");
    let Member::Soldier(s) = &new.member else {
        panic!("a soldier")
    };
    assert_eq!(s.kind, "guardsman");
    assert_eq!(s.weapon, kind.default_weapon);
    assert!(new.origin.is_none());
    assert_eq!(queries::recruiting(&c).pool(EscortId(1)), held - price);
    assert_eq!(queries::members(&c, EscortId(1)).count(), 4);
    // The next one offered is another man.
    let next = recruit::default_recruit_name(&c, EscortId(1), &guardsman, ("Guardsman", "en"));
    assert!(next.starts_with("Trooper ") && next != name, "{next}");
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}

#[test]
fn cmp_7_a_band_buys_a_character_of_a_race_and_a_standard_type() {
    let r = rules();
    let c = after_a_mission(EscortKind::Band, vec![character("Vael", "human")], None, r);
    let held = queries::recruiting(&c).pool(EscortId(1));
    let costs = &r.campaign.recruit;
    // A trooper: the figure alone.
    let trooper = RecruitKind::Character {
        race: "human".into(),
        type_id: None,
    };
    let m = recruit::new_recruit(&c, EscortId(1), &trooper, "Hesk", r).expect("made");
    assert_eq!(
        queries::recruiting(&c).cost(&m, r),
        Ok(costs.character_base)
    );
    // A champion: the figure and the advance points his type is worth
    // (CHR-10).
    let champion = RecruitKind::Character {
        race: "human".into(),
        type_id: Some("champion".into()),
    };
    let m = recruit::new_recruit(&c, EscortId(1), &champion, "Ada", r).expect("made");
    let points = r.character_type("champion").expect("type").advance_points;
    let price = costs.character_base + costs.per_advance_point * points;
    assert_eq!(queries::recruiting(&c).cost(&m, r), Ok(price));
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: m,
            cost: price,
            from: None,
        }),
        r,
    );
    let ada = queries::members(&c, EscortId(1))
        .find(|x| x.name() == "Ada")
        .expect("joined");
    assert_eq!(RecruitKind::of(&ada.member), champion, "of the kind bought");
    assert_eq!(queries::recruiting(&c).pool(EscortId(1)), held - price);
    // A major hero costs more than the points left: refused, in words.
    let major = RecruitKind::Character {
        race: "human".into(),
        type_id: Some("major_hero".into()),
    };
    let m = recruit::new_recruit(&c, EscortId(1), &major, "Ulm", r).expect("made");
    let cost = queries::recruiting(&c).cost(&m, r).expect("priced");
    let p = recruit::recruit_payment_refusal(&c, EscortId(1), cost).expect("too dear");
    assert_eq!((&*p.rule, p.kind), ("CMP-7", ProblemKind::NotEnoughPoints));
    assert!(Lang::En.problem_line(&p).starts_with("CMP-7: this costs"));
    let applied = refused(&c, recruit(&c, m, r), r);
    assert_eq!(applied, p, "the event refused as the step says");
}

#[test]
fn cmp_7_a_kind_the_escort_may_not_take_is_refused_with_its_rule() {
    let r = rules();
    let c = rook_and_vell_after_a_mission(r);
    let kind = |k: &str| RecruitKind::Soldier { kind: k.into() };
    // A band's kind for a kill team, a kind the data lacks, no name.
    let human = RecruitKind::Character {
        race: "human".into(),
        type_id: None,
    };
    let p = recruit::new_recruit(&c, EscortId(1), &human, "Hesk", r).expect_err("refused");
    assert_eq!(p.kind, ProblemKind::RecruitKind);
    let p = recruit::new_recruit(&c, EscortId(1), &kind("ogryn"), "Bone", r).expect_err("refused");
    assert_eq!(
        (&*p.rule, p.kind),
        ("KT-4", ProblemKind::UnknownSoldierKind)
    );
    let p =
        recruit::new_recruit(&c, EscortId(1), &kind("guardsman"), "  ", r).expect_err("refused");
    assert_eq!(p.kind, ProblemKind::EmptyName);
    // A Space Marine: another faction, until Allies (CMP-14).
    let marine =
        recruit::new_recruit(&c, EscortId(1), &kind("space_marine"), "Tor", r).expect("made");
    let p = recruit::recruit_member_refusal(&c, EscortId(1), &marine, r).expect("refused");
    assert_eq!(p.rule, "CMP-14");
    // A second sergeant breaks the team's composition (KT-2).
    let sergeant =
        recruit::new_recruit(&c, EscortId(1), &kind("sergeant"), "Mord", r).expect("made");
    let p = recruit::recruit_member_refusal(&c, EscortId(1), &sergeant, r).expect("refused");
    assert_eq!(p.rule, "KT-2");
    assert!(
        Lang::En.problem_line(&p).starts_with("KT-2"),
        "{}",
        Lang::En.problem_line(&p)
    );
}

/// KT-5: a soldier who has none takes his free special item and his free
/// ribbon later, between missions, each once; never a second free one,
/// never what the rules refuse him (a guardsman is no sergeant: no command
/// insignia, EQ-31), never at the table, never for a Rogue Trader
/// character.
#[test]
fn kt_5_a_soldier_without_them_takes_his_free_item_and_ribbon_later_each_once() {
    let r = rules();
    let c = after_a_mission(
        EscortKind::KillTeam,
        vec![
            soldier("Sergeant Hark", "sergeant"),
            soldier("Trooper Vask", "guardsman"),
        ],
        None,
        r,
    );
    let vask = crate::common::char_id(&c, "Trooper Vask");
    let give = |item: Option<&str>, ribbon: Option<&str>| {
        E::Reinforcements(ReinforcementEdit::FreeGear {
            character: vask,
            item: item.map(ItemId::from),
            ribbon: ribbon.map(RibbonId::from),
        })
    };
    let p = refused(&c, give(Some("command_insignia"), None), r);
    assert_eq!(p.rule, "EQ-31");
    assert_eq!(refused(&c, give(None, None), r).rule, "KT-5");
    let c = ok(&c, give(Some("medikit"), None), r);
    let c = ok(&c, give(None, Some("grenadier")), r);
    let Some(Member::Soldier(s)) = queries::character(&c, vask).map(|x| &x.member) else {
        panic!("a soldier");
    };
    assert_eq!(s.items.len(), 1);
    assert_eq!(s.items[0].item, "medikit");
    assert_eq!(s.ribbon, Some("grenadier".into()));
    assert_eq!(refused(&c, give(Some("torch"), None), r).rule, "KT-5");
    assert_eq!(refused(&c, give(None, Some("endurance")), r).rule, "KT-5");
    // RIB-6 judged with the item given in the same event: a mine, and
    // Explosives expert.
    let hark = crate::common::char_id(&c, "Sergeant Hark");
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::FreeGear {
            character: hark,
            item: Some("mine".into()),
            ribbon: Some("explosives_expert".into()),
        }),
        r,
    );
    // The journal replays to the same campaign.
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
    // Never at the table.
    let at_table = crate::common::example_team_at_the_table(r);
    let someone = at_table.characters[0].id;
    let p = refused(
        &at_table,
        E::Reinforcements(ReinforcementEdit::FreeGear {
            character: someone,
            item: Some("torch".into()),
            ribbon: None,
        }),
        r,
    );
    assert_ne!(p.rule, "KT-5", "refused for the phase: {p:?}");
    // Never for a Rogue Trader character.
    let band = after_a_mission(EscortKind::Band, vec![character("Vael", "human")], None, r);
    let vael = crate::common::char_id(&band, "Vael");
    let p = refused(
        &band,
        E::Reinforcements(ReinforcementEdit::FreeGear {
            character: vael,
            item: Some("torch".into()),
            ribbon: None,
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::FreeGearCharacter);
}
