//! The campaign's co-op rules (CMP-16): the recruitment budget split
//! between the players, the enemy points multiplied by them, and the
//! initiative order of their sides.

use muster::rules::ProblemKind;
use muster::rules::campaign::{
    Budget, Campaign, CampaignEdit as E, EscortId, EscortKind, InitiativeRoll, Member,
    MissionChoice, NewEscort, Phase,
};
use std::path::Path;

use muster::app::{App, Prefs, ScriptedDesktop};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::{Character, Document, RulesData};

use crate::common::{ok, refused};
use crate::rules::campaign::{rules, setup};
use muster::rules::campaign::queries;
use muster::rules::campaign::replay;
use muster::rules::campaign::{PreparationEdit, SetupEdit, TableEdit};

fn d(sides: u32, faces: &[u32]) -> Roll {
    Roll::from_faces(sides, faces.to_vec(), 0)
}

pub(crate) fn human(name: &str) -> Member {
    Member::Character(Character::new(0, name, "human"))
}

/// The rules data with `campaign.json` edited by `edit`.
pub(crate) fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> RulesData {
    let mut data = campaign_json();
    edit(&mut data);
    let (r, problems) = RulesData::with_overrides(&[(
        "campaign.json".to_owned(),
        serde_json::to_string(&data).expect("text"),
    )])
    .expect("rules");
    assert!(problems.is_empty(), "{problems:?}");
    r
}

pub(crate) fn escort(player: &str, kind: EscortKind, members: Vec<Member>) -> E {
    E::Setup(SetupEdit::AddEscort {
        escort: NewEscort {
            player: player.into(),
            source: format!("{player}'s band"),
            kind,
            members,
            doc: None,
        },
    })
}

/// Anne's escort (from `setup`) and Ben's of one more human.
pub(crate) fn two_players(anne: &[&str], r: &RulesData) -> Campaign {
    let c = setup(anne, r);
    ok(&c, escort("Ben", EscortKind::Band, vec![human("Bo")]), r)
}

fn with_budget(c: &Campaign, budget: Budget, points: Option<u32>, r: &RulesData) -> Campaign {
    let mut s = c.settings.clone();
    s.budget = budget;
    s.recruitment_budget = points;
    ok(c, E::Setup(SetupEdit::SetSettings { settings: s }), r)
}

/// Starts on the first Investigation of the list.
pub(crate) fn start(c: &Campaign, r: &RulesData) -> Campaign {
    ok(
        c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                pick: Some(first_investigation(r).0),
                ..MissionChoice::default()
            },
        }),
        r,
    )
}

fn first_investigation(r: &RulesData) -> (muster::rules::campaign::MissionId, u32) {
    let m = r
        .campaign
        .missions_of(muster::rules::campaign::MissionType::Investigation)
        .next()
        .expect("a mission");
    (m.id.clone(), m.points)
}

/// The built-in `campaign.json` as JSON, to edit in a test.
pub(crate) fn campaign_json() -> serde_json::Value {
    serde_json::from_str(include_str!("../../../../assets/rules/campaign.json")).expect("json")
}

pub(crate) fn app(dir: &Path) -> App {
    App::new(
        Some(dir),
        &Prefs::default(),
        Box::new(ScriptedDesktop::default()),
        7,
    )
    .expect("app")
}

#[test]
fn cmp_16_a_set_budget_is_split_evenly_and_an_escort_over_its_share_cannot_start() {
    let r = rules();
    // Anne: three humans (30 points as recruits); Ben: one (10).
    let c = two_players(&["Ada", "Abe", "Al"], r);
    assert_eq!(
        queries::mustering(&c).cost(EscortId(1), r).expect("cost"),
        30
    );
    assert_eq!(
        queries::mustering(&c).cost(EscortId(2), r).expect("cost"),
        10
    );
    let c = with_budget(&c, Budget::Split, Some(50), r);
    assert_eq!(queries::mustering(&c).budget_share(), Some(25));
    let p = refused(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-16", ProblemKind::OverBudget)
    );
    assert!(
        p.args.iter().any(|(k, v)| *k == "player" && v == "Anne"),
        "{p:?}"
    );
    // 60 split between two is 30 each: Anne fits.
    let c = with_budget(&c, Budget::Split, Some(60), r);
    let c = start(&c, r);
    // The enemy's points are the mission's: the split leaves them alone.
    assert_eq!(
        c.mission.as_ref().expect("mission").points,
        first_investigation(r).1
    );
    assert_eq!(queries::mustering(&c).enemy_multiplier(), 1);
    // No budget at all is not checked; a budget of 0 is refused.
    let c = two_players(&["Ada", "Abe", "Al"], r);
    assert_eq!(queries::mustering(&c).budget_share(), None);
    let c = with_budget(&c, Budget::Split, Some(0), r);
    let p = refused(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::ZeroBudget);
}

#[test]
fn cmp_16_a_standard_budget_per_player_multiplies_the_enemy_points_by_the_players() {
    let r = rules();
    let c = two_players(&["Ada", "Abe", "Al"], r);
    let c = with_budget(&c, Budget::PerPlayer, Some(30), r);
    // Each player has the whole budget.
    assert_eq!(queries::mustering(&c).budget_share(), Some(30));
    assert_eq!(queries::mustering(&c).enemy_multiplier(), 2);
    let mut s = c.settings.clone();
    s.difficulty = 1;
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c = start(&c, r);
    // The missing patrol is worth 200 points and a difficulty step 50 (the
    // built-in data): two players double the 200, and (Decision) the
    // difficulty's 50 is added once, after the product: 450.
    assert_eq!(
        first_investigation(r),
        ("investigation_missing_patrol".into(), 200)
    );
    assert_eq!(r.campaign.difficulty_enemy_points, 50);
    assert_eq!(c.mission.as_ref().expect("mission").points, 450);
    // The points are recorded with the mission's draw in the journal.
    let E::Setup(SetupEdit::Start { choice, .. }) = &c.journal.last().expect("start").event else {
        panic!("not the start")
    };
    assert_eq!(choice.points, Some(450));
    // The budget mode is locked once the campaign runs.
    let mut s = c.settings.clone();
    s.budget = Budget::Split;
    let p = refused(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    assert_eq!(p.kind, ProblemKind::SettingsLocked);
    // One player alone: nothing is multiplied.
    let solo = with_budget(&setup(&["Ada"], r), Budget::PerPlayer, None, r);
    assert_eq!(queries::mustering(&solo).enemy_multiplier(), 1);
}

#[test]
fn cmp_16_the_enemy_points_replay_exactly_after_the_mission_list_is_edited() {
    let r = rules();
    let c = with_budget(&two_players(&["Ada"], r), Budget::PerPlayer, None, r);
    let c = start(&c, r);
    let points = c.mission.as_ref().expect("mission").points;
    let (id, _) = first_investigation(r);
    let changed = edited(|d| {
        for m in d["missions"].as_array_mut().expect("missions") {
            if m["id"] == id.as_str() {
                m["points"] = 999.into();
            }
        }
    });
    let (again, _) = c.replay(&changed).expect("replays");
    assert!(replay::same_state(&again, &c));
    assert_eq!(again.mission.expect("mission").points, points);
    assert!(
        c.validate(&changed).is_empty(),
        "{:?}",
        c.validate(&changed)
    );
}

fn playing_two(r: &RulesData) -> Campaign {
    let c = start(&two_players(&["Ada"], r), r);
    ok(&c, E::Preparation(PreparationEdit::BeginMission), r)
}

fn side(escort: Option<EscortId>, faces: &[u32]) -> InitiativeRoll {
    InitiativeRoll {
        escort,
        rolls: faces.iter().map(|&f| d(6, &[f])).collect(),
    }
}

#[test]
fn cmp_16_each_player_tests_his_initiative_the_enemy_once_and_all_act_in_order() {
    let r = rules();
    let c = playing_two(r);
    let mut rng = seeded(3);
    let (c, outcome) = c
        .apply(
            E::Table(TableEdit::Initiative {
                rolls: vec![
                    side(Some(EscortId(1)), &[3]),
                    side(Some(EscortId(2)), &[5]),
                    side(None, &[4]),
                ],
            }),
            r,
            &mut rng,
        )
        .expect("tested");
    let init = c
        .table
        .as_ref()
        .and_then(|t| t.initiative.clone())
        .expect("order");
    assert_eq!(init.turn, 1);
    // Ben (5), the enemy (4), Anne (3): one die each, the enemy's once.
    let order: Vec<Option<EscortId>> = init.order.iter().map(|s| s.escort).collect();
    assert_eq!(order, vec![Some(EscortId(2)), None, Some(EscortId(1))]);
    assert!(init.order.iter().all(|s| s.rolls.len() == 1));
    assert_eq!(outcome.rolls.len(), 3);
    // The event is stored with its dice, in the order they act.
    let E::Table(TableEdit::Initiative { rolls }) = &c.journal.last().expect("event").event else {
        panic!("not stored")
    };
    assert_eq!(rolls, &init.order);
    // The next turn's test, rolled by Muster, is turn 2; the data's die.
    let c = ok(&c, E::Table(TableEdit::Initiative { rolls: vec![] }), r);
    let init = c
        .table
        .as_ref()
        .and_then(|t| t.initiative.clone())
        .expect("order");
    assert_eq!(init.turn, 2);
    assert_eq!(init.order.len(), 3);
    assert!(
        init.order
            .iter()
            .all(|s| s.rolls[0].sides == r.campaign.initiative.die)
    );
    let faces: Vec<Vec<u32>> = init.order.iter().map(InitiativeRoll::faces).collect();
    assert!(faces.windows(2).all(|w| w[0] > w[1]), "{faces:?}");
    // Replayed, the journal gives the same table.
    let (again, _) = c.replay(r).expect("replays");
    assert!(replay::same_state(&again, &c));
    // Only at the table.
    let ready = start(&two_players(&["Ada"], r), r);
    assert_eq!(ready.phase, Phase::Ready);
    let p = refused(&ready, E::Table(TableEdit::Initiative { rolls: vec![] }), r);
    assert_eq!(p.kind, ProblemKind::NotPlaying);
}

#[test]
fn cmp_16_sides_that_tie_roll_again_between_themselves() {
    let r = rules();
    let c = playing_two(r);
    // Anne and Ben tie on 4; their roll-off gives Ben 6, Anne 2.
    let c = ok(
        &c,
        E::Table(TableEdit::Initiative {
            rolls: vec![
                side(Some(EscortId(1)), &[4, 2]),
                side(Some(EscortId(2)), &[4, 6]),
                side(None, &[1]),
            ],
        }),
        r,
    );
    let init = c
        .table
        .as_ref()
        .and_then(|t| t.initiative.clone())
        .expect("order");
    let order: Vec<Option<EscortId>> = init.order.iter().map(|s| s.escort).collect();
    assert_eq!(order, vec![Some(EscortId(2)), Some(EscortId(1)), None]);
    assert_eq!(init.order[2].rolls.len(), 1);
    // Roll-offs Muster rolls itself are kept too.
    let c = ok(
        &c,
        E::Table(TableEdit::Initiative {
            rolls: vec![
                side(Some(EscortId(1)), &[5]),
                side(Some(EscortId(2)), &[2]),
                side(None, &[5]),
            ],
        }),
        r,
    );
    let init = c
        .table
        .as_ref()
        .and_then(|t| t.initiative.clone())
        .expect("order");
    assert_eq!(init.order[2].escort, Some(EscortId(2)));
    assert!(init.order[..2].iter().all(|s| s.rolls.len() >= 2));
    assert_ne!(init.order[0].faces(), init.order[1].faces());
}

#[test]
fn cmp_16_initiative_dice_that_do_not_fit_are_refused() {
    let r = rules();
    let c = playing_two(r);
    // A 7 on the D6.
    let p = refused(
        &c,
        E::Table(TableEdit::Initiative {
            rolls: vec![side(Some(EscortId(1)), &[7])],
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-16", ProblemKind::DiceDoNotFit)
    );
    // A roll-off die for a side that tied with nobody.
    let p = refused(
        &c,
        E::Table(TableEdit::Initiative {
            rolls: vec![
                side(Some(EscortId(1)), &[6, 3]),
                side(Some(EscortId(2)), &[2]),
                side(None, &[1]),
            ],
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::InitiativeExtraDice);
    // An escort that is not in the campaign, a side given twice.
    let p = refused(
        &c,
        E::Table(TableEdit::Initiative {
            rolls: vec![side(Some(EscortId(9)), &[3])],
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::NoEscortId);
    let p = refused(
        &c,
        E::Table(TableEdit::Initiative {
            rolls: vec![side(None, &[3]), side(None, &[4])],
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::SideTwice);
}
