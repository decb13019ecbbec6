//! What an ended campaign carries into the next (CMP-17), who was out of
//! action corrected after the mission (CMP-9), and the characteristics by
//! their French abbreviations in the campaign's messages.

use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::campaign::queries;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, CharId, Member, MissionChoice, MissionResult, MissionType, Phase,
    State,
};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::{Characteristic, Document as _, Outcome, Problem, RulesData};

use crate::rules::campaign::{play, rules, started};
use muster::rules::campaign::replay;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, SetupEdit, TableEdit};

fn go(c: &Campaign, e: E, r: &RulesData) -> (Campaign, Outcome) {
    let mut rng = seeded(7);
    match c.apply(e.clone(), r, &mut rng) {
        Ok(x) => x,
        Err(p) => panic!("{e:?} refused: {p:?}"),
    }
}

fn ok(c: &Campaign, e: E, r: &RulesData) -> Campaign {
    go(c, e, r).0
}

fn refused(c: &Campaign, e: E, r: &RulesData) -> Problem {
    let mut rng = seeded(7);
    match c.apply(e, r, &mut rng) {
        Ok(_) => panic!("accepted"),
        Err(p) => p,
    }
}

fn id(c: &Campaign, name: &str) -> CharId {
    crate::common::char_id(c, name)
}

fn char_of<'a>(c: &'a Campaign, name: &str) -> &'a muster::rules::Character {
    match &queries::character(c, id(c, name))
        .expect("character")
        .member
    {
        Member::Character(ch) => ch,
        Member::Soldier(_) => panic!("a Rogue Trader character"),
    }
}

fn cran(c: &Campaign, name: &str, face: u32, r: &RulesData) -> Campaign {
    let character = id(c, name);
    ok(
        c,
        E::Debrief(DebriefEdit::CranTest {
            character,
            roll: Some(Roll::from_faces(c.settings.cran_die, vec![face], 0)),
        }),
        r,
    )
}

fn won(vp: u32) -> MissionResult {
    MissionResult { success: true, vp }
}

/// Ada, Bob and Cid: Cid dies in the first mission, Ada places a point on
/// WS, Bob leads; the Grand Final is won and the campaign ended.
pub fn ended(r: &RulesData) -> Campaign {
    let c = started(&["Ada", "Bob", "Cid"], r);
    let c = play(&c, &["Cid"], won(10), r);
    let c = cran(&c, "Cid", 1, r);
    let ada = id(&c, "Ada");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::WS,
        }),
        r,
    );
    let bob = id(&c, "Bob");
    let c = ok(
        &c,
        E::Setup(SetupEdit::SetLeader {
            escort: c.escorts[0].id,
            character: bob,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(c.mission.as_ref().unwrap().mission_type, MissionType::Final);
    let c = play(&c, &[], won(0), r);
    ok(&c, E::Debrief(DebriefEdit::EndCampaign), r)
}

#[test]
fn cmp_17_the_next_campaign_takes_its_own_copy_of_the_survivors() {
    let r = rules();
    let old = ended(r);
    assert_eq!(old.phase, Phase::Over);
    let before = old.clone();
    let next = queries::sequel(&old)
        .next_campaign("next", "Next", r)
        .expect("carried over");
    // The ended campaign is untouched.
    assert_eq!(old, before);
    // A new campaign in setup, with the old one's settings.
    assert_eq!(next.phase, Phase::Setup);
    assert_eq!(next.settings, old.settings);
    assert_eq!(next.vp, 0);
    // The survivors only, with their advances and unplaced points.
    let names: Vec<&str> = next.characters.iter().map(|x| x.name()).collect();
    assert_eq!(names, ["Ada", "Bob"]);
    assert_eq!(char_of(&next, "Ada").advances.0.get(Characteristic::WS), 1);
    assert_eq!(char_of(&next, "Ada"), char_of(&old, "Ada"));
    assert_eq!(char_of(&next, "Bob").points_left(), 2);
    // Bob leads again; the escort is marked as carried over.
    let e = &next.escorts[0];
    assert_eq!(e.leader, Some(id(&next, "Bob")));
    assert!(e.carried);
    assert_eq!(e.player, "Anne");
    let carried = next.carried.as_ref().expect("carried");
    assert_eq!(carried.campaign, "Test");
    assert_eq!(carried.resources, 120);
    // It is in the journal and replays.
    assert!(matches!(
        next.journal.last().unwrap().event,
        E::Setup(SetupEdit::CarryOver { .. })
    ));
    let (replayed, outcomes) = next.replay(r).expect("replays");
    assert!(replay::same_state(&next, &replayed));
    assert!(next.validate(r).is_empty(), "{:?}", next.validate(r));
    // Ada's history in the new campaign says where she came from.
    let ada = id(&next, "Ada");
    let history = queries::history(&next, ada, &outcomes);
    let (&i, lines) = history.iter().next().expect("an entry");
    assert!(matches!(
        next.journal[i].event,
        E::Setup(SetupEdit::CarryOver { .. })
    ));
    let shown: Vec<String> = lines
        .iter()
        .map(|&l| Lang::En.msg(&outcomes[i].lines[l].1))
        .collect();
    assert!(
        shown.contains(&"Ada comes from the campaign “Test”, fit.".to_owned()),
        "{shown:?}"
    );
    // Only once.
    let from = queries::sequel(&old).carry_over().expect("carry-over");
    let p = refused(
        &next,
        E::Setup(SetupEdit::CarryOver {
            from: Box::new(from),
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::CarriedTwice);
}

#[test]
fn cmp_17_the_resource_points_are_credited_when_the_next_campaign_starts() {
    let r = rules();
    let next = queries::sequel(&ended(r))
        .next_campaign("next", "Next", r)
        .expect("next");
    // A budget the grown escort is beyond: it goes on whole all the same.
    let mut s = next.settings.clone();
    s.recruitment_budget = Some(1);
    let next = ok(&next, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let (c, outcome) = go(
        &next,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(c.escorts[0].reinforcement, 120);
    assert!(outcome.lines.iter().any(|(_, m)| Lang::En.msg(m)
        == "The resource points carried over give 120 reinforcement points."));
    // CMP-12: fate points are the new campaign's own.
    let fate = if c.settings.fate_points {
        queries::rates(&c, &r.campaign).fate_points_per_player
    } else {
        0
    };
    assert_eq!(c.escorts[0].fate_points, fate);
    // Credited once: nothing is left to credit.
    assert_eq!(c.carried.as_ref().unwrap().resources, 0);
    assert!(c.replay(r).is_ok());
}

#[test]
fn cmp_17_a_campaign_not_over_or_lost_with_its_leader_dead_carries_nothing() {
    let r = rules();
    let c = started(&["Ada"], r);
    assert_eq!(
        queries::sequel(&c).carry_over().unwrap_err().kind,
        ProblemKind::NotOver
    );
    assert!(queries::sequel(&c).next_campaign("n", "N", r).is_err());
    // Lost with the leader dead.
    let c = play(&c, &[], won(10), r);
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    );
    let mut c2 = started(&["Ada", "Bob"], r);
    c2 = play(&c2, &[], won(10), r);
    c2 = ok(
        &c2,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    );
    let lost = MissionResult {
        success: false,
        vp: 0,
    };
    let c2 = play(&c2, &["Ada"], lost, r);
    let c2 = cran(&c2, "Ada", 1, r);
    let c2 = ok(&c2, E::Debrief(DebriefEdit::EndCampaign), r);
    assert!(!c2.end.as_ref().unwrap().carries_over);
    assert_eq!(
        queries::sequel(&c2).carry_over().unwrap_err().kind,
        ProblemKind::NothingCarries
    );
    // Lost with the leader alive: the survivors go on, 30 points.
    let c = play(&c, &[], lost, r);
    let c = ok(&c, E::Debrief(DebriefEdit::EndCampaign), r);
    let next = queries::sequel(&c)
        .next_campaign("n", "N", r)
        .expect("next");
    assert_eq!(next.carried.as_ref().unwrap().resources, 30);
    assert_eq!(next.characters.len(), 1);
}

/// Ada and Bob played; Ada was ticked out of action at the table.
pub fn after_mission(r: &RulesData) -> Campaign {
    let c = started(&["Ada", "Bob", "Cid"], r);
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let (ada, cid) = (id(&c, "Ada"), id(&c, "Cid"));
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::SetPlaying {
            character: cid,
            plays: false,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: ada,
            out: true,
        }),
        r,
    );
    ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(1),
            played: vec![],
        }),
        r,
    )
}

#[test]
fn cmp_9_who_was_out_of_action_is_corrected_before_the_cran_tests() {
    let r = rules();
    let c = after_mission(r);
    let (ada, bob, cid) = (id(&c, "Ada"), id(&c, "Bob"), id(&c, "Cid"));
    let d = c.debrief.as_ref().unwrap();
    assert_eq!(d.out_of_action, [ada]);
    assert_eq!(d.pending, [ada]);
    assert_eq!(char_of(&c, "Bob").advance_points, 1);
    // Bob was out of action after all: he owes a test and loses the
    // advance point of an unwounded character (CHR-13).
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::ConfirmOutOfAction {
            character: bob,
            out: true,
        }),
        r,
    );
    let d = c.debrief.as_ref().unwrap();
    assert_eq!(d.pending, [ada, bob]);
    assert!(!d.earned.contains(&bob));
    assert_eq!(char_of(&c, "Bob").advance_points, 0);
    // Ada was not: no test, and an advance point.
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::ConfirmOutOfAction {
            character: ada,
            out: false,
        }),
        r,
    );
    let d = c.debrief.as_ref().unwrap();
    assert_eq!(d.pending, [bob]);
    assert!(d.earned.contains(&ada));
    assert_eq!(char_of(&c, "Ada").advance_points, 1);
    // Cid did not play; Bob is already out.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::ConfirmOutOfAction {
            character: cid,
            out: true,
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-9", ProblemKind::DidNotPlay)
    );
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::ConfirmOutOfAction {
            character: bob,
            out: true,
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::AlreadyOut);
    // Once his test is rolled, it stands.
    let c = cran(&c, "Bob", 10, r);
    assert_eq!(
        queries::character(&c, bob).unwrap().state,
        State::LightlyWounded
    );
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::ConfirmOutOfAction {
            character: bob,
            out: false,
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::OutTested);
    // Every correction is a journal event: it replays.
    let (replayed, _) = c.replay(r).expect("replays");
    assert!(replay::same_state(&c, &replayed));
}

#[test]
fn cmp_9_a_point_already_placed_must_be_taken_back_before_he_is_marked_out() {
    let r = rules();
    let c = after_mission(r);
    let bob = id(&c, "Bob");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: bob,
            characteristic: Characteristic::BS,
        }),
        r,
    );
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::ConfirmOutOfAction {
            character: bob,
            out: true,
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CHR-13", ProblemKind::PointSpent)
    );
}

#[test]
fn a_french_history_line_names_the_characteristic_in_french() {
    let r = rules();
    let c = after_mission(r);
    let bob = id(&c, "Bob");
    let (c, outcome) = go(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: bob,
            characteristic: Characteristic::WS,
        }),
        r,
    );
    let fr: Vec<String> = outcome.lines.iter().map(|(_, m)| Lang::Fr.msg(m)).collect();
    assert!(
        fr.contains(&"Bob dépense un point d'avancement en CC.".to_owned()),
        "{fr:?}"
    );
    let en: Vec<String> = outcome.lines.iter().map(|(_, m)| Lang::En.msg(m)).collect();
    assert!(
        en.contains(&"Bob spends an advance point on WS.".to_owned()),
        "{en:?}"
    );
    // In the replayed history too.
    let (_, outcomes) = c.replay(r).expect("replays");
    let history = queries::history(&c, bob, &outcomes);
    let lines: Vec<String> = history
        .iter()
        .flat_map(|(&i, ls)| ls.iter().map(move |&l| (i, l)))
        .map(|(i, l)| Lang::Fr.msg(&outcomes[i].lines[l].1))
        .collect();
    assert!(lines.iter().any(|l| l.ends_with("en CC.")), "{lines:?}");
    // A refusal naming a characteristic names it in French too.
    let p = Problem::new("CHR-7", "problem.nothing_to_refund")
        .character("Bob")
        .characteristic(Characteristic::WS);
    let text = Lang::Fr.problem(&p);
    assert!(text.contains("CC") && !text.contains("WS"), "{text}");
    assert!(Lang::En.problem(&p).contains("WS"));
    // Every abbreviation has its French word.
    let fr: Vec<&str> = Characteristic::ALL
        .iter()
        .map(|c| Lang::Fr.t(c.abbr_key()))
        .collect();
    assert_eq!(
        fr,
        [
            "M", "CC", "CT", "F", "E", "PV", "I", "A", "Cd", "Int", "SF", "FM"
        ]
    );
}
