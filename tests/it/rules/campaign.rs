//! The campaign journal (CMP-1 … CMP-17, CHR-13 inside a campaign): every
//! event through the pure `apply`, with typed dice where a result matters.

mod books;
pub(crate) mod carry;
pub(crate) mod coop;
mod enemies;
pub(crate) mod equipment;
mod events;
pub(crate) mod guide;
mod house_rules;
pub(crate) mod items;
mod journal_shared;
mod journals;
pub(crate) mod merge;
mod named;
pub(crate) mod recruits;
mod rivals;
mod table_acts;
pub(crate) mod turns;
pub(crate) mod validate;
pub(crate) mod victory;

use crate::common::{ok, refused};
use muster::i18n::Lang;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, CharId, EscortId, Injuries, Member, MissionChoice, MissionResult,
    MissionType, NewEscort, Phase, PoolMode, State,
};
use muster::rules::campaign::{
    DebriefEdit, PreparationEdit, ReinforcementEdit, SetupEdit, TableEdit,
};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::{Character, Characteristic, Document, RulesData};
use proptest::prelude::*;

pub use crate::common::rules;

fn die(sides: u32, face: u32) -> Option<Roll> {
    Some(Roll::from_faces(sides, vec![face], 0))
}

fn human(name: &str) -> Member {
    Member::Character(Character::new(0, name, "human"))
}

/// The events of a character's history, in order.
pub(crate) fn history_labels(c: &Campaign, who: CharId, r: &RulesData) -> Vec<&'static str> {
    let (_, outcomes) = c.replay(r).expect("replays");
    c.history(who, &outcomes)
        .keys()
        .map(|&i| c.journal[i].event.label())
        .collect()
}

fn settings(c: &Campaign) -> muster::rules::campaign::Settings {
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    s
}

/// A campaign in setup with one escort of `names` and the factions chosen.
pub fn setup(names: &[&str], r: &RulesData) -> Campaign {
    let c = Campaign::new("c", "Test", &r.campaign);
    let s = settings(&c);
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    ok(
        &c,
        E::Setup(SetupEdit::AddEscort {
            escort: NewEscort {
                player: "Anne".into(),
                source: "Band".into(),
                kind: muster::rules::campaign::EscortKind::Band,
                members: names.iter().map(|n| human(n)).collect(),
                doc: None,
            },
        }),
        r,
    )
}

/// Started: the first mission drawn (its first Investigation).
pub fn started(names: &[&str], r: &RulesData) -> Campaign {
    let c = setup(names, r);
    ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: die(6, 1),
                ..MissionChoice::default()
            },
        }),
        r,
    )
}

fn id(c: &Campaign, name: &str) -> CharId {
    c.characters
        .iter()
        .find(|x| x.name() == name)
        .map(|x| x.id)
        .expect("character")
}

fn state(c: &Campaign, name: &str) -> State {
    c.character(id(c, name)).expect("character").state
}

/// Plays the current mission: `out` are taken out of action; ends it.
pub fn play(c: &Campaign, out: &[&str], result: MissionResult, r: &RulesData) -> Campaign {
    let mut c = ok(c, E::Preparation(PreparationEdit::BeginMission), r);
    for n in out {
        let i = id(&c, n);
        c = ok(
            &c,
            E::Table(TableEdit::SetOutOfAction {
                character: i,
                out: true,
            }),
            r,
        );
    }
    ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result,
            played: vec![],
        }),
        r,
    )
}

fn won(vp: u32) -> MissionResult {
    MissionResult { success: true, vp }
}

fn lost() -> MissionResult {
    MissionResult {
        success: false,
        vp: 0,
    }
}

fn next(c: &Campaign, r: &RulesData) -> Campaign {
    ok(
        c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    )
}

fn mission_type(c: &Campaign) -> MissionType {
    c.mission.as_ref().expect("a mission").mission_type
}

fn cran(c: &Campaign, name: &str, face: u32, r: &RulesData) -> Campaign {
    let i = id(c, name);
    ok(
        c,
        E::Debrief(DebriefEdit::CranTest {
            character: i,
            roll: die(c.settings.cran_die, face),
        }),
        r,
    )
}

#[test]
fn cmp_1_only_investigations_and_inquiries_earn_vp() {
    let r = rules();
    let c = started(&["Ada"], r);
    assert_eq!(mission_type(&c), MissionType::Investigation);
    let c = play(&c, &[], won(2), r);
    assert_eq!(c.vp, 2);
    // A Survival earns none: VP typed for it are refused.
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice {
                force_type: Some(MissionType::Survival),
                reason: "test".into(),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(1),
            played: vec![],
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-1");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(0),
            played: vec![],
        }),
        r,
    );
    assert_eq!(c.vp, 2);
}

#[test]
fn cmp_2_the_mission_chain() {
    let r = rules();
    // The campaign starts with an Investigation.
    let c = started(&["Ada"], r);
    assert_eq!(mission_type(&c), MissionType::Investigation);
    // VP earned: an Inquiry follows.
    let c = next(&play(&c, &[], won(1), r), r);
    assert_eq!(mission_type(&c), MissionType::Inquiry);
    // No VP earned: a Survival follows.
    let c = next(&play(&c, &[], lost(), r), r);
    assert_eq!(mission_type(&c), MissionType::Survival);
    // A Survival lost — the objective failed and everyone taken out of
    // action (Decision): another Survival.
    let c = cran(&play(&c, &["Ada"], lost(), r), "Ada", 9, r);
    assert!(!c.debrief.as_ref().unwrap().success);
    let c = next(&c, r);
    assert_eq!(mission_type(&c), MissionType::Survival);
    // Survived — someone still standing, even with the objective failed:
    // the trail is lost, an Investigation follows.
    let c = play(&c, &[], lost(), r);
    assert!(c.debrief.as_ref().unwrap().success);
    let c = next(&c, r);
    assert_eq!(mission_type(&c), MissionType::Investigation);
    // A mission drawn against the chain uses up a forced Survival.
    let forced = recon(&play(&c, &[], lost(), r), "Ada", 12, Some(1), r);
    assert!(forced.forced_survival);
    let overridden = ok(
        &forced,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice {
                force_type: Some(MissionType::Inquiry),
                reason: "house rule".into(),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert!(!overridden.forced_survival);
    // Won with no VP earned: a Survival follows.
    let c = next(&play(&c, &[], won(0), r), r);
    assert_eq!(mission_type(&c), MissionType::Survival);
    let c = next(&play(&c, &[], won(0), r), r);
    assert_eq!(mission_type(&c), MissionType::Investigation);
    // Reaching the threshold (10 VP by default): the Grand Final.
    let c = play(&c, &[], won(9), r);
    assert_eq!(c.vp, 10);
    assert_eq!(c.next_type(), MissionType::Final);
    // Decision: counted on the VP held after spending.
    let spent = ok(
        &c,
        E::Debrief(DebriefEdit::ExchangeVp {
            escort: EscortId(1),
            vp: 1,
        }),
        r,
    );
    assert_eq!(spent.next_type(), MissionType::Inquiry);
    let c = next(&c, r);
    assert_eq!(mission_type(&c), MissionType::Final);
    assert_eq!(c.mission.as_ref().unwrap().number, 8);
}

#[test]
fn cmp_2_an_override_is_logged_and_marked() {
    let r = rules();
    let c = started(&["Ada"], r);
    let c = play(&c, &[], won(1), r);
    let mut rng = seeded(1);
    let (c, outcome) = c
        .apply(
            E::Debrief(DebriefEdit::NextMission {
                choice: MissionChoice {
                    force_type: Some(MissionType::Survival),
                    reason: "our group wanted a siege".into(),
                    ..MissionChoice::default()
                },
            }),
            r,
            &mut rng,
        )
        .unwrap();
    let m = c.mission.as_ref().unwrap();
    assert_eq!(m.mission_type, MissionType::Survival);
    assert!(m.overridden);
    assert!(
        outcome
            .lines
            .iter()
            .any(|(_, msg)| msg.key == "campaign.log.override")
    );
    // The journal keeps the reason.
    let last = c.journal.last().unwrap();
    assert!(
        matches!(&last.event, E::Debrief(DebriefEdit::NextMission { choice }) if choice.reason == "our group wanted a siege")
    );
}

#[test]
fn cmp_3_missions_are_drawn_from_the_list_of_their_type_or_picked() {
    let r = rules();
    let list: Vec<_> = r
        .campaign
        .missions_of(MissionType::Investigation)
        .map(|m| m.id.clone())
        .collect();
    for (k, expected) in list.iter().enumerate() {
        let c = setup(&["Ada"], r);
        let face = u32::try_from(k + 1).unwrap();
        let sides = u32::try_from(list.len()).unwrap();
        let c = ok(
            &c,
            E::Setup(SetupEdit::Start {
                rates: None,
                choice: MissionChoice {
                    draw: die(sides, face),
                    ..MissionChoice::default()
                },
            }),
            r,
        );
        assert_eq!(&c.mission.as_ref().unwrap().mission, expected);
    }
    // Picked by hand from the right list.
    let c = setup(&["Ada"], r);
    let pick = list[2].clone();
    let picked = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                pick: Some(pick.clone()),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(picked.mission.as_ref().unwrap().mission, pick);
    // A mission of another type is not an Investigation.
    let survival = r
        .campaign
        .missions_of(MissionType::Survival)
        .next()
        .unwrap()
        .id
        .clone();
    let p = refused(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                pick: Some(survival),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-3");
    // A die of the wrong size typed in is refused.
    let p = refused(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: die(20, 15),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.bad_dice");
}

#[test]
fn cmp_4_factions_are_checked_and_secondary_ones_drawn() {
    let r = rules();
    let c = Campaign::new("c", "T", &r.campaign);
    let mut s = settings(&c);
    s.secondary = vec!["cultists".into()];
    let c = ok(
        &c,
        E::Setup(SetupEdit::SetSettings {
            settings: s.clone(),
        }),
        r,
    );
    let c = ok(
        &c,
        E::Setup(SetupEdit::AddEscort {
            escort: NewEscort {
                player: "Anne".into(),
                source: "B".into(),
                kind: muster::rules::campaign::EscortKind::Band,
                members: vec![human("Ada")],
                doc: None,
            },
        }),
        r,
    );
    // One secondary faction is too few.
    let p = refused(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.key),
        ("CMP-4", "campaign.problem.few_secondary")
    );
    // The Nemesis's faction cannot be a secondary one too.
    s.secondary = vec!["cultists".into(), "renegade_marines".into()];
    assert!(
        s.problems(&r.campaign)
            .iter()
            .any(|p| p.key == "campaign.problem.faction_twice")
    );
    // A mission calling for a secondary faction draws one with a die.
    s.secondary = vec!["cultists".into(), "mutants".into(), "orks".into()];
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let list: Vec<_> = r.campaign.missions_of(MissionType::Investigation).collect();
    let k = list
        .iter()
        .position(|m| m.enemy == muster::rules::campaign::EnemySide::Secondary)
        .expect("an investigation against a secondary faction");
    let c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: die(
                    u32::try_from(list.len()).unwrap(),
                    u32::try_from(k + 1).unwrap(),
                ),
                faction_draw: die(3, 3),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(c.mission.as_ref().unwrap().faction, "orks");
    let main = list
        .iter()
        .position(|m| m.enemy == muster::rules::campaign::EnemySide::Main)
        .unwrap();
    let c2 = setup(&["Ada"], r);
    let c2 = ok(
        &c2,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: die(
                    u32::try_from(list.len()).unwrap(),
                    u32::try_from(main + 1).unwrap(),
                ),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(c2.mission.as_ref().unwrap().faction, "renegade_marines");
}

#[test]
fn cmp_5_the_escort_generator_stops_once_the_budget_is_exceeded() {
    let r = rules();
    let c = started(&["Ada"], r);
    let m = c.mission.clone().unwrap();
    let faction = r.campaign.faction(&m.faction).unwrap();
    let (count, sides) = (faction.dice.count, faction.dice.sides);
    // Drawing one at a time: the dearest line, until the points are used.
    let top = count * sides;
    let dear = faction.entry(top).unwrap().cost;
    let face_roll = |total: u32| {
        // `count` dice summing to `total`.
        let mut faces = vec![1; count as usize];
        let mut left = total - count;
        for f in &mut faces {
            let add = left.min(sides - 1);
            *f += add;
            left -= add;
        }
        Roll::from_faces(sides, faces, 0)
    };
    let mut c = c;
    let mut drawn = 0;
    while !c.mission.as_ref().unwrap().enemy_complete() {
        c = ok(
            &c,
            E::Preparation(PreparationEdit::DrawEnemy {
                all: false,
                rolls: vec![face_roll(top)],
                drawn: vec![],
            }),
            r,
        );
        drawn += 1;
    }
    let m2 = c.mission.as_ref().unwrap();
    assert_eq!(m2.enemy.len(), drawn);
    // The last one drawn is recruited even though it exceeds what was left.
    assert_eq!(m2.enemy_points(), dear * drawn as u32);
    assert!(m2.enemy_points() >= m2.points);
    assert!(dear * (drawn as u32 - 1) < m2.points);
    // Complete: no more draws.
    let p = refused(
        &c,
        E::Preparation(PreparationEdit::DrawEnemy {
            all: false,
            rolls: vec![],
            drawn: vec![],
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-5");
    // A draw with no model: rerolled in place (the cheapest line now).
    let cheap = face_roll(count);
    let c = ok(
        &c,
        E::Preparation(PreparationEdit::RerollEnemy {
            index: 0,
            roll: Some(cheap.clone()),
            drawn: None,
        }),
        r,
    );
    let m3 = c.mission.as_ref().unwrap();
    assert_eq!(m3.enemy[0].roll, cheap);
    assert_eq!(m3.enemy[0].cost, faction.entry(count).unwrap().cost);
    // All at once, with Muster's dice: stops as soon as the budget is met.
    let fresh = started(&["Ada"], r);
    let all = ok(
        &fresh,
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        r,
    );
    let m4 = all.mission.as_ref().unwrap();
    assert!(m4.enemy_complete());
    let without_last: u32 = m4.enemy[..m4.enemy.len() - 1].iter().map(|e| e.cost).sum();
    assert!(without_last < m4.points);
    // Every die is in the journal.
    assert!(
        matches!(&all.journal.last().unwrap().event, E::Preparation(PreparationEdit::DrawEnemy { rolls, .. }) if rolls.len() == m4.enemy.len())
    );
}

#[test]
fn cmp_6_vp_buy_reinforcement_points() {
    let r = rules();
    let c = play(&started(&["Ada"], r), &[], won(3), r);
    let rp = c.escorts[0].reinforcement;
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::ExchangeVp {
            escort: EscortId(1),
            vp: 2,
        }),
        r,
    );
    assert_eq!(c.vp, 1);
    assert_eq!(
        c.escorts[0].reinforcement,
        rp + 2 * r.campaign.vp_exchange_rate
    );
    assert_eq!(r.campaign.vp_exchange_rate, 15);
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::ExchangeVp {
            escort: EscortId(1),
            vp: 2,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-6");
}

#[test]
fn cmp_7_twenty_reinforcement_points_after_every_mission_carried_over() {
    let r = rules();
    let c = play(&started(&["Ada"], r), &[], lost(), r);
    assert_eq!(c.escorts[0].reinforcement, 20);
    let c = play(&next(&c, r), &[], won(0), r);
    assert_eq!(c.escorts[0].reinforcement, 40);
    // They buy characters at the rules' price; not more than are held.
    let c2 = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("Recruit"),
            cost: r.campaign.recruit.character_base,
            from: None,
        }),
        r,
    );
    assert_eq!(
        c2.escorts[0].reinforcement,
        40 - r.campaign.recruit.character_base
    );
    assert_eq!(state(&c2, "Recruit"), State::Fit);
    let Member::Character(mut hero) = human("Too dear") else {
        unreachable!()
    };
    hero.type_id = Some("major_hero".into());
    let hero = Member::Character(hero);
    let price = c2.recruiting().cost(&hero, r).expect("priced");
    assert!(price > c2.escorts[0].reinforcement);
    let p = refused(
        &c2,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: hero,
            cost: price,
            from: None,
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.key),
        ("CMP-7", "campaign.problem.not_enough_points")
    );
}

#[test]
fn cmp_8_difficulty_adds_enemy_points_and_reinforcements() {
    let r = rules();
    let c = setup(&["Ada"], r);
    let mut s = c.settings.clone();
    s.difficulty = 2;
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: die(6, 1),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    let m = c.mission.as_ref().unwrap();
    let base = r.campaign.mission(&m.mission).unwrap().points;
    assert_eq!(m.points, base + 100);
    let c = play(&c, &[], lost(), r);
    assert_eq!(c.escorts[0].reinforcement, 20 + 20);
}

#[test]
fn cmp_9_cran_tests_after_the_mission() {
    let r = rules();
    let c = started(&["High", "Equal", "Low", "Standing"], r);
    // A human's Cl 7 gives Cran 4 on the D10 (CMP-11).
    assert_eq!(c.character(id(&c, "High")).unwrap().cran, 4);
    let c = play(&c, &["High", "Equal", "Low"], lost(), r);
    let d = c.debrief.as_ref().unwrap();
    assert_eq!(d.pending.len(), 3);
    // Only those taken out of action owe a test.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::CranTest {
            character: id(&c, "Standing"),
            roll: die(10, 5),
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-9");
    // The next mission waits for the tests.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.tests_pending");
    let c = cran(&c, "High", 5, r);
    let c = cran(&c, "Equal", 4, r);
    let c = cran(&c, "Low", 3, r);
    assert_eq!(state(&c, "High"), State::LightlyWounded);
    assert_eq!(state(&c, "Equal"), State::SeriouslyWounded);
    assert_eq!(state(&c, "Low"), State::Dead);
    assert!(c.character(id(&c, "High")).unwrap().can_play());
    assert!(!c.character(id(&c, "Equal")).unwrap().can_play());
    assert!(!c.character(id(&c, "Low")).unwrap().can_play());
    // Each test is tested once.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::CranTest {
            character: id(&c, "High"),
            roll: die(10, 9),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.no_test_owed");
}

#[test]
fn cmp_10_gang_war_injuries() {
    let r = rules();
    let c = setup(&["Equal", "Low", "One"], r);
    let mut s = c.settings.clone();
    s.injuries = Injuries::GangWar;
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    let c = play(&c, &["Equal", "Low", "One"], lost(), r);
    let c = cran(&c, "Equal", 4, r);
    let c = cran(&c, "Low", 3, r);
    let c = cran(&c, "One", 1, r);
    assert_eq!(state(&c, "Equal"), State::LightlyWounded);
    assert_eq!(state(&c, "Low"), State::SeriouslyWounded);
    assert_eq!(state(&c, "One"), State::Dead);
}

#[test]
fn cmp_11_the_cran_die_is_a_setting_and_cran_can_be_set_by_hand() {
    let r = rules();
    let c = setup(&["Ada"], r);
    assert_eq!(c.settings.cran_die, 10);
    let formula = r.campaign.cran(10).unwrap();
    assert_eq!(formula.base - 7, 4);
    assert_eq!(c.characters[0].cran, 4);
    // On a D6 the data's formula gives the default.
    let mut s = c.settings.clone();
    s.cran_die = 6;
    let c6 = ok(
        &c,
        E::Setup(SetupEdit::SetSettings {
            settings: s.clone(),
        }),
        r,
    );
    let expected = u32::try_from((r.campaign.cran(6).unwrap().base - 7).clamp(1, 6)).unwrap();
    assert_eq!(c6.characters[0].cran, expected);
    // A die the data does not know is refused.
    s.cran_die = 8;
    let p = refused(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    assert_eq!(p.rule, "CMP-11");
    // By hand, within the die; logged.
    let ada = c.characters[0].id;
    let c = ok(
        &c,
        E::Setup(SetupEdit::SetCran {
            character: ada,
            cran: 6,
        }),
        r,
    );
    assert_eq!(c.characters[0].cran, 6);
    assert!(matches!(
        c.journal.last().unwrap().event,
        E::Setup(SetupEdit::SetCran { cran: 6, .. })
    ));
    let p = refused(
        &c,
        E::Setup(SetupEdit::SetCran {
            character: ada,
            cran: 11,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-11");
    // A typed test die must be the campaign's die.
    let c = play(
        &ok(
            &c,
            E::Setup(SetupEdit::Start {
                rates: None,
                choice: MissionChoice::default(),
            }),
            r,
        ),
        &["Ada"],
        lost(),
        r,
    );
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::CranTest {
            character: ada,
            roll: die(6, 6),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.bad_dice");
    // A kill-team soldier takes the data's value.
    let soldier = Member::Soldier(muster::rules::killteam::Soldier {
        id: 0,
        name: "Trooper".into(),
        kind: "guardsman".into(),
        weapon: "lasgun".into(),
        items: vec![],
        ribbon: None,
    });
    assert_eq!(soldier.default_cran(10, r), formula.killteam);
}

#[test]
fn cmp_12_a_fate_point_rerolls_the_test_that_killed() {
    let r = rules();
    let c = started(&["Ada", "Bob"], r);
    assert_eq!(c.escorts[0].fate_points, 5);
    let c = play(&c, &["Ada", "Bob"], lost(), r);
    let c = cran(&c, "Ada", 2, r);
    let c = cran(&c, "Bob", 9, r);
    assert_eq!(state(&c, "Ada"), State::Dead);
    // Only the test that killed may be rerolled.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::FateReroll {
            character: id(&c, "Bob"),
            roll: die(10, 9),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.not_fallen");
    let ada = id(&c, "Ada");
    // Lower: still dead, a point spent; another may be spent.
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::FateReroll {
            character: ada,
            roll: die(10, 3),
        }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::Dead);
    assert_eq!(c.escorts[0].fate_points, 4);
    // Higher or equal: lightly wounded and alive.
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::FateReroll {
            character: ada,
            roll: die(10, 4),
        }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::LightlyWounded);
    assert_eq!(c.escorts[0].fate_points, 3);
    // Once spent, a character who fails is lost for good.
    let mut c2 = play(&started(&["Cid"], r), &["Cid"], lost(), r);
    c2 = cran(&c2, "Cid", 1, r);
    let cid = id(&c2, "Cid");
    for _ in 0..5 {
        c2 = ok(
            &c2,
            E::Debrief(DebriefEdit::FateReroll {
                character: cid,
                roll: die(10, 1),
            }),
            r,
        );
    }
    let p = refused(
        &c2,
        E::Debrief(DebriefEdit::FateReroll {
            character: cid,
            roll: die(10, 9),
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.key),
        ("CMP-12", "campaign.problem.no_fate_left")
    );
    // Without the rule, no reroll at all.
    let c3 = setup(&["Dan"], r);
    let mut s = c3.settings.clone();
    s.fate_points = false;
    let c3 = ok(&c3, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c3 = ok(
        &c3,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(c3.escorts[0].fate_points, 0);
    let c3 = cran(&play(&c3, &["Dan"], lost(), r), "Dan", 1, r);
    let p = refused(
        &c3,
        E::Debrief(DebriefEdit::FateReroll {
            character: id(&c3, "Dan"),
            roll: None,
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.no_fate_rule");
}

#[test]
fn cmp_12_a_player_may_accept_the_death_instead_of_spending_a_point() {
    let r = rules();
    let c = play(&started(&["Ada", "Bob"], r), &["Ada", "Bob"], lost(), r);
    let c = cran(&c, "Ada", 1, r);
    let ada = id(&c, "Ada");
    // Fallen, with points left: the choice is still open.
    assert_eq!(c.fate_open(), vec![ada]);
    assert!(c.debriefing().cran_locked(), "Bob's test is still owed");
    let c = cran(&c, "Bob", 9, r);
    assert!(c.debriefing().cran_locked(), "Ada may still be saved");
    // Only one the test killed may be given up, and only once.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::AcceptDeath {
            character: id(&c, "Bob"),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.not_fallen");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::AcceptDeath { character: ada }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::Dead);
    assert_eq!(c.escorts[0].fate_points, 5, "no point spent");
    assert!(c.fate_open().is_empty());
    assert!(!c.debriefing().cran_locked());
    for e in [
        E::Debrief(DebriefEdit::AcceptDeath { character: ada }),
        E::Debrief(DebriefEdit::FateReroll {
            character: ada,
            roll: die(10, 9),
        }),
    ] {
        let p = refused(&c, e, r);
        assert_eq!(
            (p.rule.as_ref(), p.key),
            ("CMP-12", "campaign.problem.death_accepted")
        );
    }
    // The tests stay in the debrief, each with its die and result.
    let d = c.debrief.as_ref().expect("debrief");
    let seen: Vec<_> = d
        .rolled
        .iter()
        .map(|t| {
            (
                t.character,
                t.roll.as_ref().map(|r| r.total),
                t.passed,
                t.state,
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (ada, Some(1), false, State::Dead),
            (id(&c, "Bob"), Some(9), true, State::LightlyWounded),
        ]
    );
    // A player out of points: nobody left to save, the step is done.
    let mut c2 = cran(
        &play(&started(&["Cid"], r), &["Cid"], lost(), r),
        "Cid",
        1,
        r,
    );
    let cid = id(&c2, "Cid");
    for _ in 0..5 {
        assert_eq!(c2.fate_open(), vec![cid]);
        c2 = ok(
            &c2,
            E::Debrief(DebriefEdit::FateReroll {
                character: cid,
                roll: die(10, 1),
            }),
            r,
        );
    }
    assert!(c2.fate_open().is_empty());
    assert!(!c2.debriefing().cran_locked());
}

#[test]
fn cmp_13_a_seriously_wounded_character_misses_the_next_mission_then_is_fit() {
    let r = rules();
    let c = started(&["Ada", "Bob"], r);
    let c = cran(&play(&c, &["Ada"], lost(), r), "Ada", 4, r);
    assert_eq!(state(&c, "Ada"), State::SeriouslyWounded);
    let c = next(&c, r);
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let ada = id(&c, "Ada");
    assert!(!c.table.as_ref().unwrap().players.contains(&ada));
    // He cannot be ticked at the table.
    let p = refused(
        &c,
        E::Table(TableEdit::SetWounds {
            character: ada,
            wounds: 1,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-13");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: lost(),
            played: vec![],
        }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::Fit);
    assert!(c.character(ada).unwrap().can_play());
    assert_eq!(c.character(ada).unwrap().missions, 1);
    assert_eq!(c.character(id(&c, "Bob")).unwrap().missions, 2);
    // His history: the mission he was taken out in and his test.
    let history = history_labels(&c, ada, r);
    assert!(history.contains(&"campaign.event.out_of_action"));
    assert!(history.contains(&"campaign.event.cran_test"));
    // A lightly wounded character plays the next mission, then is fit.
    let c = next(&c, r);
    let c = cran(&play(&c, &["Bob"], lost(), r), "Bob", 9, r);
    assert_eq!(state(&c, "Bob"), State::LightlyWounded);
    let c = play(&next(&c, r), &[], lost(), r);
    assert_eq!(state(&c, "Bob"), State::Fit);
}

#[test]
fn cmp_13_wounds_at_the_table_are_bounded_and_the_last_takes_him_out() {
    let r = rules();
    let c = ok(
        &started(&["Ada"], r),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    );
    let ada = id(&c, "Ada");
    let p = refused(
        &c,
        E::Table(TableEdit::SetWounds {
            character: ada,
            wounds: 2,
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.too_many_wounds");
    let c = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: ada,
            wounds: 1,
        }),
        r,
    );
    assert!(c.table.as_ref().unwrap().out_of_action.contains(&ada));
}

fn recon(c: &Campaign, name: &str, face: u32, test: Option<u32>, r: &RulesData) -> Campaign {
    let i = id(c, name);
    ok(
        c,
        E::Debrief(DebriefEdit::Recon {
            character: i,
            roll: die(12, face),
            cran: test.and_then(|t| die(c.settings.cran_die, t)),
            fortune: Some(Roll::from_faces(6, vec![1, 2, 3, 4, 5], 0)),
            effect: None,
        }),
        r,
    )
}

#[test]
fn cmp_14_recon_between_missions() {
    let r = rules();
    let base = play(&started(&["Ada", "Bob"], r), &[], lost(), r);
    // 1: nothing.
    let c = recon(&base, "Ada", 1, None, r);
    assert_eq!(state(&c, "Ada"), State::Fit);
    // One recon per escort between missions.
    let i = id(&c, "Bob");
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::Recon {
            character: i,
            roll: None,
            cran: None,
            fortune: None,
            effect: None,
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.recon_done");
    // 2: ambush — higher light, equal serious, lower missing.
    assert_eq!(
        state(&recon(&base, "Ada", 2, Some(5), r), "Ada"),
        State::LightlyWounded
    );
    assert_eq!(
        state(&recon(&base, "Ada", 2, Some(4), r), "Ada"),
        State::SeriouslyWounded
    );
    assert_eq!(
        state(&recon(&base, "Ada", 2, Some(3), r), "Ada"),
        State::Missing
    );
    // 3-4: a clue, +1 VP counted at once.
    assert_eq!(recon(&base, "Ada", 3, None, r).vp, base.vp + 1);
    assert_eq!(recon(&base, "Ada", 4, None, r).vp, base.vp + 1);
    // 5: beaten — equal light, lower serious.
    assert_eq!(
        state(&recon(&base, "Ada", 5, Some(4), r), "Ada"),
        State::LightlyWounded
    );
    assert_eq!(
        state(&recon(&base, "Ada", 5, Some(3), r), "Ada"),
        State::SeriouslyWounded
    );
    // 6-7: good fortune — passed, 5D6 points (15 here); failed, nothing.
    let rp = base.escorts[0].reinforcement;
    assert_eq!(
        recon(&base, "Ada", 6, Some(4), r).escorts[0].reinforcement,
        rp + 15
    );
    assert_eq!(
        recon(&base, "Ada", 7, Some(3), r).escorts[0].reinforcement,
        rp
    );
    // 8-9: a guide may be hired for 5 points.
    let g = recon(&base, "Ada", 8, None, r);
    let g = ok(
        &g,
        E::Debrief(DebriefEdit::HireGuide {
            escort: EscortId(1),
        }),
        r,
    );
    assert!(g.guide);
    assert_eq!(g.escorts[0].reinforcement, rp - 5);
    let p = refused(
        &base,
        E::Debrief(DebriefEdit::HireGuide {
            escort: EscortId(1),
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.no_guide");
    // 10-11: allies.
    assert!(recon(&base, "Ada", 10, None, r).allies);
    // 12: bad fortune — failed, the next mission is a Survival.
    let bad = recon(&base, "Ada", 12, Some(3), r);
    assert!(bad.forced_survival);
    assert_eq!(mission_type(&next(&bad, r)), MissionType::Survival);
    let shaken = recon(&base, "Ada", 12, Some(4), r);
    assert!(!shaken.forced_survival);
    // The recon's Cran test cannot be undone with a fate point.
    let lost_one = recon(&base, "Ada", 2, Some(1), r);
    let p = refused(
        &lost_one,
        E::Debrief(DebriefEdit::FateReroll {
            character: id(&lost_one, "Ada"),
            roll: None,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-12");
}

#[test]
fn cmp_16_pooled_reinforcements_give_priority_to_players_who_lost_characters() {
    let r = rules();
    let c = setup(&["Ada"], r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::AddEscort {
            escort: NewEscort {
                player: "Ben".into(),
                source: "Team".into(),
                kind: muster::rules::campaign::EscortKind::Band,
                members: vec![human("Bob")],
                doc: None,
            },
        }),
        r,
    );
    let mut s = c.settings.clone();
    s.pool = PoolMode::Pooled;
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    let c = play(&c, &["Bob"], lost(), r);
    // The pool receives every player's points.
    assert_eq!(c.pool, 40);
    let c = cran(&c, "Bob", 1, r);
    assert_eq!(state(&c, "Bob"), State::Dead);
    // Anne lost nobody: she waits for Ben.
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("New"),
            cost: 10,
            from: None,
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.key),
        ("CMP-16", "campaign.problem.pool_priority")
    );
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(2),
            member: human("Bob II"),
            cost: 10,
            from: None,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("New"),
            cost: 10,
            from: None,
        }),
        r,
    );
    assert_eq!(c.pool, 20);
}

fn to_final(names: &[&str], r: &RulesData) -> Campaign {
    let c = play(&started(names, r), &[], won(10), r);
    let c = next(&c, r);
    assert_eq!(mission_type(&c), MissionType::Final);
    c
}

#[test]
fn cmp_17_the_end_of_the_campaign() {
    let r = rules();
    // Won: 120 resource points, everything carried over.
    let c = play(&to_final(&["Ada"], r), &[], won(0), r);
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-17");
    let c = ok(&c, E::Debrief(DebriefEdit::EndCampaign), r);
    let end = c.end.clone().unwrap();
    assert!(end.won && end.carries_over);
    assert_eq!(end.resources, 120);
    assert_eq!(c.phase, Phase::Over);
    // Nothing more happens in it but notes.
    let p = refused(&c, E::Preparation(PreparationEdit::BeginMission), r);
    assert_eq!(p.key, "campaign.problem.over");
    ok(
        &c,
        E::Setup(SetupEdit::SetNotes {
            notes: "Glory".into(),
        }),
        r,
    );
    // Lost with the leader alive: 30 points, the escort goes on.
    let c = ok(
        &play(&to_final(&["Ada"], r), &[], lost(), r),
        E::Debrief(DebriefEdit::EndCampaign),
        r,
    );
    let end = c.end.clone().unwrap();
    assert!(!end.won && end.carries_over);
    assert_eq!(end.resources, 30);
    // Lost with the leader dead: nothing carries over (Decision).
    let c = play(&to_final(&["Ada", "Bob"], r), &["Ada"], lost(), r);
    let c = cran(&c, "Ada", 1, r);
    let c = ok(&c, E::Debrief(DebriefEdit::EndCampaign), r);
    let end = c.end.clone().unwrap();
    assert!(!end.carries_over);
    assert_eq!(end.resources, 0);
}

#[test]
fn chr_13_unwounded_characters_earn_an_advance_point_in_a_campaign() {
    let r = rules();
    let c = started(&["Ada", "Bob", "Cid"], r);
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let bob = id(&c, "Bob");
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: bob,
            out: true,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(1),
            played: vec![],
        }),
        r,
    );
    let points = |c: &Campaign, n: &str| match &c.character(id(c, n)).unwrap().member {
        Member::Character(ch) => ch.advance_points,
        Member::Soldier(_) => unreachable!(),
    };
    assert_eq!(points(&c, "Ada"), 1);
    assert_eq!(points(&c, "Bob"), 0);
    // Placed freely, never beyond the major-hero maximum.
    let ada = id(&c, "Ada");
    let c2 = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::WS,
        }),
        r,
    );
    let Member::Character(ch) = &c2.character(ada).unwrap().member else {
        unreachable!()
    };
    assert_eq!(ch.profile(r).unwrap().get(Characteristic::WS), 4);
    let p = refused(
        &c2,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::WS,
        }),
        r,
    );
    assert_eq!(p.rule, "CHR-7");
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::M,
        }),
        r,
    );
    assert_eq!(p.rule, "CHR-3");
}

#[test]
fn a_campaign_round_trips_through_its_file() {
    let r = rules();
    let c = cran(
        &play(&started(&["Ada", "Bob"], r), &["Bob"], won(2), r),
        "Bob",
        4,
        r,
    );
    let text = muster::store::to_json(&c).unwrap();
    let back = muster::store::document::parse::<Campaign>(&text, "c").unwrap();
    assert_eq!(back, c);
    assert!(back.validate(r).is_empty(), "{:?}", back.validate(r));
}

#[test]
fn a_journal_naming_a_missing_character_is_reported() {
    let r = rules();
    let c = cran(
        &play(&started(&["Ada", "Bob"], r), &["Bob"], won(2), r),
        "Bob",
        4,
        r,
    );
    let text = muster::store::to_json(&c).unwrap();
    let bob = id(&c, "Bob");
    // Someone edited the file: Bob's test now names character 99.
    let at = text.find("\"cran_test\": {").expect("the test entry");
    let name = format!("\"character\": {bob}");
    let from = at + text[at..].find(&name).expect("its character");
    let edited = format!(
        "{}\"character\": 99{}",
        &text[..from],
        &text[from + name.len()..]
    );
    assert_ne!(edited, text, "the test must find the entry");
    let back = muster::store::document::parse::<Campaign>(&edited, "c").unwrap();
    let problems = back.validate(r);
    let p = problems
        .iter()
        .find(|p| p.key == "campaign.problem.journal_refused")
        .expect("the refused entry");
    let why = p.cause.as_deref().unwrap();
    assert_eq!(why.key, "campaign.problem.no_character");
    assert_eq!(why.get("id"), Some("99"));
    assert!(p.get("entry").is_some());
}

#[test]
fn a_state_changed_behind_the_journal_is_reported() {
    let r = rules();
    let mut c = play(&started(&["Ada"], r), &[], won(2), r);
    let held = c.vp;
    c.vp = 9;
    let problems = c.validate(r);
    let p = problems
        .iter()
        .find(|p| p.key == "campaign.problem.journal_disagrees")
        .expect("disagrees");
    // CMP-13: the message names the field and both values.
    assert_eq!(
        Lang::En.problem(p),
        format!(
            "the campaign's state does not match what its journal gives: vp is 9 in \
             the file but {held} by the journal; the file may have been edited by hand"
        )
    );
    // A character's field is named by his place and his name.
    let mut c = play(&started(&["Ada", "Bob"], r), &[], won(2), r);
    let bob = id(&c, "Bob");
    let at = c.characters.iter().position(|x| x.id == bob).expect("Bob");
    std::sync::Arc::make_mut(&mut c.characters[at]).state = State::Dead;
    let p = c
        .validate(r)
        .into_iter()
        .find(|p| p.key == "campaign.problem.journal_disagrees")
        .expect("disagrees");
    assert_eq!(p.get("field"), Some("characters[1] (Bob).state"));
    assert_eq!(p.get("file"), Some("\"dead\""));
    assert_eq!(p.get("journal"), Some("\"fit\""));
}

/// One mission of a random campaign: who is taken out, the result, the
/// Cran faces, whether a fate point is spent.
#[derive(Clone, Debug)]
struct Step {
    out: Vec<bool>,
    success: bool,
    vp: u32,
    faces: Vec<u32>,
    fate: bool,
}

fn step() -> impl Strategy<Value = Step> {
    (
        proptest::collection::vec(any::<bool>(), 4),
        any::<bool>(),
        0..4u32,
        proptest::collection::vec(1..=10u32, 4),
        any::<bool>(),
    )
        .prop_map(|(out, success, vp, faces, fate)| Step {
            out,
            success,
            vp,
            faces,
            fate,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    // CMP-2, CMP-6, CMP-9, CMP-12, CMP-13: over random sequences of
    // missions the journal's invariants hold.
    #[test]
    fn cmp_journal_invariants_over_random_campaigns(steps in proptest::collection::vec(step(), 1..14)) {
        let r = rules();
        let names = ["A", "B", "C", "D"];
        let mut c = started(&names, r);
        let mut dead: Vec<CharId> = Vec::new();
        let mut missed: std::collections::BTreeMap<CharId, u32> = Default::default();
        let mut injured: std::collections::BTreeMap<CharId, u32> = Default::default();
        for s in steps {
            if c.phase == Phase::Over || !c.characters.iter().any(|x| x.can_play()) {
                break;
            }
            // The Grand Final comes exactly when the threshold is reached.
            let t = mission_type(&c);
            let seriously: Vec<CharId> = c.characters.iter().filter(|x| x.misses_next).map(|x| x.id).collect();
            c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
            let players = c.table.as_ref().unwrap().players.clone();
            for id in &seriously {
                // A seriously wounded character is not on the table.
                prop_assert!(!players.contains(id));
                *missed.entry(*id).or_default() += 1;
            }
            for id in &dead {
                prop_assert!(!players.contains(id));
            }
            for (i, id) in players.iter().enumerate() {
                if s.out[i % 4] {
                    c = ok(&c, E::Table(TableEdit::SetOutOfAction { character: *id, out: true }), r);
                }
            }
            let vp = if t.earns_vp() { s.vp } else { 0 };
            let before = c.vp;
            c = ok(&c, E::Debrief(DebriefEdit::EndMission { result: MissionResult { success: s.success, vp }, played: vec![] }), r);
            prop_assert_eq!(c.vp, before + vp);
            let pending = c.debrief.as_ref().unwrap().pending.clone();
            for (i, id) in pending.iter().enumerate() {
                c = ok(&c, E::Debrief(DebriefEdit::CranTest { character: *id, roll: die(10, s.faces[i % 4]) }), r);
                if c.character(*id).unwrap().state == State::Dead && s.fate && c.escorts[0].fate_points > 0 {
                    c = ok(&c, E::Debrief(DebriefEdit::FateReroll { character: *id, roll: die(10, s.faces[(i + 1) % 4]) }), r);
                }
            }
            for id in &pending {
                if c.character(*id).unwrap().state == State::SeriouslyWounded {
                    *injured.entry(*id).or_default() += 1;
                }
            }
            for x in &c.characters {
                if x.state == State::Dead && !dead.contains(&x.id) {
                    // Only this mission's tests kill.
                    prop_assert!(pending.contains(&x.id));
                    dead.push(x.id);
                }
            }
            // The dead stay dead.
            for id in &dead {
                prop_assert_eq!(c.character(*id).unwrap().state, State::Dead);
            }
            if t == MissionType::Final {
                c = ok(&c, E::Debrief(DebriefEdit::EndCampaign), r);
            } else {
                let reached = c.vp >= c.settings.vp_threshold;
                c = next(&c, r);
                prop_assert_eq!(mission_type(&c) == MissionType::Final, reached);
            }
        }
        // A seriously wounded character misses exactly one mission per
        // injury (the last may still be owed).
        for x in &c.characters {
            let owed = u32::from(x.misses_next);
            let hurt = injured.get(&x.id).copied().unwrap_or(0);
            prop_assert_eq!(missed.get(&x.id).copied().unwrap_or(0) + owed, hurt, "{}", x.name());
        }
        // Replaying the journal from the start gives the same campaign.
        let (replayed, _) = c.replay(r).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert!(replayed.same_state(&c));
        prop_assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
    }
}

/// The generator of the example campaign, `cargo run --example
/// example_campaign`, included here to check its output.
#[path = "../../../examples/example_campaign.rs"]
#[allow(dead_code)] // its `main` is for `cargo run` only
mod generator;

fn example_path() -> std::path::PathBuf {
    generator::campaign_path()
}

/// `assets/examples/campaign.json` is, byte for byte, what its generator
/// (`cargo run --example example_campaign`) makes through the journal engine.
#[test]
fn the_example_campaign_is_what_its_generator_makes() {
    let band = std::fs::read_to_string(generator::band_path()).unwrap();
    let team = std::fs::read_to_string(generator::team_path()).unwrap();
    let made = generator::example_text(&band, &team, rules());
    let text = std::fs::read_to_string(example_path()).unwrap();
    assert!(
        text == made,
        "assets/examples/campaign.json is not what `cargo run --example example_campaign` makes"
    );
}

/// The example campaign, as `assets/examples/campaign.json` holds it.
fn example(r: &RulesData) -> Campaign {
    let text = std::fs::read_to_string(example_path()).unwrap();
    let c = muster::store::document::parse::<Campaign>(&text, "campaign").unwrap();
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
    c
}

#[test]
fn the_example_campaign_is_three_missions_in_with_its_casualties() {
    let r = rules();
    let c = example(r);
    assert_eq!(c.missions_played, 3);
    assert_eq!(state(&c, "Sister Oriel"), State::LightlyWounded);
    assert_eq!(state(&c, "Sergeant Brask"), State::SeriouslyWounded);
    assert_eq!(state(&c, "Trooper Dall"), State::Dead);
    assert_eq!(state(&c, "Trooper Hesk"), State::Fit);
    // The kill team's Trooper Osk, out of action in the second mission,
    // passed his Cran test.
    assert_eq!(state(&c, "Trooper Osk"), State::Fit);
    // The fourth mission is played: the wounded sergeant misses it, the
    // dead stay home.
    assert_eq!(c.phase, Phase::Playing);
    assert_eq!(mission_type(&c), MissionType::Survival);
    let players = &c.table.as_ref().expect("a table").players;
    assert!(players.contains(&id(&c, "Sister Oriel")));
    assert!(!players.contains(&id(&c, "Sergeant Brask")));
    assert!(!players.contains(&id(&c, "Trooper Dall")));
}

#[test]
fn the_example_campaign_holds_a_band_and_a_kill_team_whose_soldiers_have_acted_at_the_table() {
    use muster::rules::campaign::EscortKind;
    use muster::rules::killteam::activation::Act;
    let r = rules();
    let c = example(r);
    let escorts: Vec<(&str, EscortKind)> = (c.escorts.iter())
        .map(|e| (e.player.as_str(), e.kind))
        .collect();
    assert_eq!(
        escorts,
        [
            ("Camille", EscortKind::Band),
            ("Bruno", EscortKind::KillTeam)
        ]
    );
    assert_eq!(c.phase, Phase::Playing);
    let table = c.table.as_ref().expect("a table");
    // Both escorts at the table: the band's characters, the team's soldiers.
    for name in [
        "Inquisitor Vael",
        "Trooper Hesk",
        "Sergeant Hark",
        "Trooper Pell",
    ] {
        assert!(table.players.contains(&id(&c, name)), "{name}");
    }
    let acts = |name: &str| -> Vec<Act> { table.soldier_turn(id(&c, name)).acts().collect() };
    assert_eq!(acts("Trooper Vell"), [Act::Move, Act::Shoot]);
    assert_eq!(acts("Trooper Rusk"), [Act::Move, Act::Shoot]);
    assert!(acts("Sergeant Hark").is_empty());
    assert_eq!(table.enemies_activated(), [0]);
    // Rusk laid his mine before he moved: it waits for a model to go off on.
    assert_eq!(
        table.laid,
        vec![(id(&c, "Trooper Rusk"), "mine".to_owned())]
    );
    // A band counts no actions; the team keeps its command points to spend.
    assert!(!c.counts_actions(id(&c, "Inquisitor Vael")));
    assert!(c.counts_actions(id(&c, "Trooper Vell")));
    let bruno = c
        .escorts
        .iter()
        .find(|e| e.player == "Bruno")
        .expect("Bruno");
    assert_eq!(
        bruno.command_points,
        c.rates(&r.campaign).killteam_command_points
    );
    assert_eq!(table.turn(), 1);
}

#[test]
fn cmp_15_an_enemy_tests_its_cran_in_the_missions_mode() {
    let r = rules();
    let c = started(&["Ada"], r);
    let c = ok(
        &c,
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        r,
    );
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let mode = c.mission.as_ref().unwrap().mode;
    let cran = r.campaign.cran(10).unwrap().enemy;
    let mut rng = seeded(3);
    let outcome = |face: u32, rng: &mut muster::rules::core::dice::DiceRng| {
        let (_, o) = c
            .apply(
                E::Table(TableEdit::EnemyBehaviour {
                    index: 0,
                    roll: die(10, face),
                }),
                r,
                rng,
            )
            .unwrap();
        let (_, line) = o.lines.last().unwrap().clone();
        match line.get("what") {
            Some(muster::rules::Arg::Key(k)) => k.to_string(),
            other => panic!("{other:?}"),
        }
    };
    let (pass, fail) = match mode {
        muster::rules::campaign::Mode::Attack => (
            "campaign.behaviour.attack_passed",
            "campaign.behaviour.attack_failed",
        ),
        muster::rules::campaign::Mode::Defence => (
            "campaign.behaviour.defence_passed",
            "campaign.behaviour.defence_failed",
        ),
    };
    // Higher or equal: passed; lower: failed.
    assert_eq!(outcome(cran, &mut rng), pass);
    assert_eq!(outcome(cran - 1, &mut rng), fail);
    // Only at the table, and only for an enemy drawn.
    let p = refused(
        &c,
        E::Table(TableEdit::EnemyBehaviour {
            index: 99,
            roll: None,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-15");
}

#[test]
fn cmp_3_the_journal_replays_after_the_mission_lists_are_edited() {
    let r = rules();
    let c = play(&started(&["Ada"], r), &[], won(1), r);
    let c = next(&c, r);
    let c = ok(
        &c,
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        r,
    );
    let c = recon(&play(&c, &[], won(1), r), "Ada", 3, None, r);
    // The player adds a mission of every type and edits the enemy tables:
    // the dice of old draws would now point elsewhere.
    let mut edited = r.clone();
    let mut extra = Vec::new();
    for m in &edited.campaign.missions {
        let mut m = m.clone();
        m.id = format!("{}_copy", m.id);
        extra.push(m);
    }
    edited.campaign.missions.splice(0..0, extra);
    for f in &mut edited.campaign.factions {
        for e in &mut f.table {
            e.cost += 7;
        }
    }
    edited.campaign.recon.results.reverse();
    assert!(c.validate(&edited).is_empty(), "{:?}", c.validate(&edited));
}

#[test]
fn chr_13_a_character_judged_unworthy_gains_nothing() {
    let r = rules();
    let c = play(&started(&["Ada"], r), &[], won(1), r);
    let ada = id(&c, "Ada");
    let c = ok(&c, E::Debrief(DebriefEdit::Unworthy { character: ada }), r);
    let Member::Character(ch) = &c.character(ada).unwrap().member else {
        unreachable!()
    };
    assert_eq!(ch.advance_points, 0);
    let p = refused(&c, E::Debrief(DebriefEdit::Unworthy { character: ada }), r);
    assert_eq!(p.rule, "CHR-13");
}

#[test]
fn cmp_11_raising_cl_lowers_cran_unless_it_was_set_by_hand() {
    let r = rules();
    let c = play(&started(&["Ada", "Bob"], r), &[], won(1), r);
    let (ada, bob) = (id(&c, "Ada"), id(&c, "Bob"));
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::Cl,
        }),
        r,
    );
    assert_eq!(c.character(ada).unwrap().cran, 3);
    let c = ok(
        &c,
        E::Setup(SetupEdit::SetCran {
            character: bob,
            cran: 6,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: bob,
            characteristic: Characteristic::Cl,
        }),
        r,
    );
    assert_eq!(c.character(bob).unwrap().cran, 6);
    // Never between a fatal test and its fate reroll.
    let c = next(&c, r);
    let c = cran(&play(&c, &["Ada"], lost(), r), "Ada", 1, r);
    let p = refused(
        &c,
        E::Setup(SetupEdit::SetCran {
            character: ada,
            cran: 1,
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.cran_locked");
}

#[test]
fn cmp_13_a_character_left_at_home_plays_nothing_and_earns_nothing() {
    let r = rules();
    let c = ok(
        &started(&["Ada", "Bob"], r),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    );
    let bob = id(&c, "Bob");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::SetPlaying {
            character: bob,
            plays: false,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(1),
            played: vec![],
        }),
        r,
    );
    let b = c.character(bob).unwrap();
    assert_eq!(b.missions, 0);
    assert!(matches!(&b.member, Member::Character(ch) if ch.advance_points == 0));
    // His history names the missions he played, not this one.
    assert!(history_labels(&c, id(&c, "Ada"), r).contains(&"campaign.event.end_mission"));
    assert!(!history_labels(&c, bob, r).contains(&"campaign.event.end_mission"));
}

#[test]
fn cmp_13_nobody_able_to_play_still_moves_the_campaign_on() {
    let r = rules();
    let c = cran(
        &play(&started(&["Ada"], r), &["Ada"], lost(), r),
        "Ada",
        4,
        r,
    );
    assert_eq!(state(&c, "Ada"), State::SeriouslyWounded);
    // The next mission is played without him, lost, and he recovers.
    let c = ok(
        &next(&c, r),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    );
    assert!(c.table.as_ref().unwrap().players.is_empty());
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: lost(),
            played: vec![],
        }),
        r,
    );
    assert_eq!(state(&c, "Ada"), State::Fit);
    // Everyone dead: the campaign can be closed, lost.
    let c = next(&c, r);
    let c = cran(&play(&c, &["Ada"], lost(), r), "Ada", 1, r);
    let mut c = c;
    for _ in 0..5 {
        c = ok(
            &c,
            E::Debrief(DebriefEdit::FateReroll {
                character: id(&c, "Ada"),
                roll: die(10, 1),
            }),
            r,
        );
    }
    let c = ok(&c, E::Debrief(DebriefEdit::EndCampaign), r);
    assert_eq!(c.end.as_ref().map(|e| e.carries_over), Some(false));
}

#[test]
fn cmp_17_the_leader_cannot_change_during_the_final() {
    let r = rules();
    let c = ok(
        &to_final(&["Ada", "Bob"], r),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    );
    let bob = id(&c, "Bob");
    let p = refused(
        &c,
        E::Setup(SetupEdit::SetLeader {
            escort: EscortId(1),
            character: bob,
        }),
        r,
    );
    assert_eq!(p.key, "campaign.problem.leader_locked");
}

#[test]
fn export_escort_gives_the_living_characters_as_they_are_now() {
    let r = rules();
    let c = cran(
        &play(&started(&["Ada", "Bob"], r), &["Bob"], won(1), r),
        "Bob",
        1,
        r,
    );
    let ada = id(&c, "Ada");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::Advance {
            character: ada,
            characteristic: Characteristic::WS,
        }),
        r,
    );
    let Some(muster::rules::campaign::ExportedEscort::Roster(roster)) =
        c.sequel().export_escort(EscortId(1), "After mission 1")
    else {
        panic!("a roster");
    };
    assert_eq!(roster.name, "After mission 1");
    assert_eq!(roster.characters.len(), 1);
    assert_eq!(roster.characters[0].name, "Ada");
    assert_eq!(
        roster.characters[0]
            .profile(r)
            .unwrap()
            .get(Characteristic::WS),
        4
    );
}

#[test]
fn cmp_13_a_characters_history_holds_his_own_entries_only() {
    let r = rules();
    // Ada and Bob come through the mission unwounded: one advance point
    // each, in the same entry; then a recruit joins.
    let c = play(&started(&["Ada", "Bob"], r), &[], won(0), r);
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("Cid"),
            cost: r.campaign.recruit.character_base,
            from: None,
        }),
        r,
    );
    let (_, outcomes) = c.replay(r).expect("replays");
    let outcomes = &outcomes;
    let lines_of = |who: &str| -> Vec<String> {
        c.history(id(&c, who), outcomes)
            .iter()
            .flat_map(|(&i, lines)| {
                lines
                    .iter()
                    .map(move |&l| Lang::En.msg(&outcomes[i].lines[l].1))
            })
            .collect()
    };
    let ada = lines_of("Ada");
    assert!(ada.contains(&"Ada comes through unwounded and gains 1 advance point.".to_owned()));
    assert!(!ada.iter().any(|l| l.contains("Bob")), "{ada:?}");
    assert!(!ada.iter().any(|l| l.contains("Cid")), "{ada:?}");
    // The mission's own line stays: she played it.
    assert!(ada.iter().any(|l| l.starts_with("Mission 1")), "{ada:?}");
    let bob = lines_of("Bob");
    assert!(bob.contains(&"Bob comes through unwounded and gains 1 advance point.".to_owned()));
    assert!(!bob.iter().any(|l| l.contains("Ada")), "{bob:?}");
    // Cid's history starts with his recruitment, and holds nothing of the
    // mission before it; Ada and Bob came with the escort.
    assert_eq!(
        history_labels(&c, id(&c, "Cid"), r),
        ["campaign.event.recruit"]
    );
    assert_eq!(
        lines_of("Cid"),
        [format!(
            "Cid is recruited for {} reinforcement points.",
            r.campaign.recruit.character_base
        )]
    );
    let ada_events = history_labels(&c, id(&c, "Ada"), r);
    assert_eq!(ada_events.first(), Some(&"campaign.event.add_escort"));
    assert!(!ada_events.contains(&"campaign.event.recruit"));
}
