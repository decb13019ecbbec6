//! Turns at the campaign table (KT-11): "New turn" gives each kill team the
//! command points of the turn, from the kill-team data; one event of the
//! journal, replayed as recorded, undone like any other; and the table view
//! that offers it.

use muster::rules::ProblemKind;
use muster::rules::campaign::queries;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, EscortId, EscortKind, InitiativeRoll, Member, MissionChoice,
    NewEscort,
};

use crate::common::rules;
use muster::i18n::Lang;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, SetupEdit, TableEdit};
use muster::rules::core::dice::seeded;
use muster::rules::killteam::Soldier;
use muster::rules::{Character, Document, RulesData};

pub(crate) fn soldier(name: &str, kind: &str) -> Member {
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
    match c.apply(e.clone(), r, &mut seeded(3)) {
        Ok((c, _)) => c,
        Err(p) => panic!("{e:?} refused: {p:?}"),
    }
}

/// Anne's kill team and Ben's Rogue Trader band at the table of their
/// first mission.
pub(crate) fn at_the_table(r: &RulesData) -> Campaign {
    at_the_table_with(
        r,
        vec![
            soldier("Sergeant Rook", "sergeant"),
            soldier("Trooper Vell", "guardsman"),
        ],
    )
}

/// Anne's kill team of `soldiers` and Ben's band of one, at the table.
pub(crate) fn at_the_table_with(r: &RulesData, soldiers: Vec<Member>) -> Campaign {
    ok(
        &ready_with(r, soldiers),
        E::Preparation(PreparationEdit::BeginMission),
        r,
    )
}

/// Anne's kill team of `soldiers` and Ben's band of one, their mission
/// ready to begin.
fn ready_with(r: &RulesData, soldiers: Vec<Member>) -> Campaign {
    let mut c = Campaign::new("turns", "Turns", &r.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let escorts = [
        ("Anne", EscortKind::KillTeam, soldiers),
        (
            "Ben",
            EscortKind::Band,
            vec![Member::Character(Character::new(0, "Bo", "human"))],
        ),
    ];
    for (player, kind, members) in escorts {
        c = ok(
            &c,
            E::Setup(SetupEdit::AddEscort {
                escort: NewEscort {
                    player: player.into(),
                    source: "Band".into(),
                    kind,
                    members,
                    doc: None,
                },
            }),
            r,
        );
    }
    ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    )
}

pub(crate) fn cp(c: &Campaign, player: &str) -> i32 {
    c.escorts
        .iter()
        .find(|e| e.player == player)
        .expect("escort")
        .command_points
}

pub(crate) fn turn(c: &Campaign) -> u32 {
    c.table.as_ref().expect("a table").turn()
}

#[test]
fn kt_11_a_new_turn_gives_each_kill_team_its_command_points_for_the_turn() {
    let r = rules();
    let c = at_the_table(r);
    // The first turn is played with the points a kill team starts with.
    let start = queries::rates(&c, &r.campaign).killteam_command_points;
    assert_eq!(start, 3);
    assert_eq!(cp(&c, "Anne"), start);
    assert_eq!(cp(&c, "Ben"), 0);
    assert_eq!(turn(&c), 1);
    // New turn: the gain comes from killteam.json, and is recorded.
    let gain = r.killteam.command.per_turn;
    assert_eq!(gain, 1);
    let (c, outcome) = c
        .apply(
            E::Table(TableEdit::NewTurn { gain: None }),
            r,
            &mut seeded(1),
        )
        .expect("a new turn");
    assert_eq!(turn(&c), 2);
    assert_eq!(cp(&c, "Anne"), start + 1);
    // A Rogue Trader band has no command points.
    assert_eq!(cp(&c, "Ben"), 0);
    let last = c.journal.last().expect("journalled");
    assert_eq!(last.event, E::Table(TableEdit::NewTurn { gain: Some(1) }));
    assert_eq!(last.mission, 1);
    let lines: Vec<String> = outcome.lines.iter().map(|(_, m)| Lang::En.msg(m)).collect();
    assert_eq!(lines[0], "Turn 2 begins.");
    assert_eq!(lines[1], "Anne gains 1 command point: 4 now (KT-11).");
    assert_eq!(lines.len(), 2, "{lines:?}");
    // Points spent on a stratagem, then the next turn adds to what is left.
    let c = ok(
        &c,
        E::Table(TableEdit::SetCommandPoints {
            escort: EscortId(1),
            points: 0,
        }),
        r,
    );
    let c = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), r);
    assert_eq!(cp(&c, "Anne"), 1);
    assert_eq!(turn(&c), 3);
    // The journal replays as recorded, and agrees with the state.
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
    // Not between missions.
    let over = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: muster::rules::campaign::MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        }),
        r,
    );
    let refused = over
        .apply(
            E::Table(TableEdit::NewTurn { gain: None }),
            r,
            &mut seeded(1),
        )
        .expect_err("refused");
    assert_eq!(refused.kind, ProblemKind::NotPlaying);
    // The next mission starts again from the start, at turn 1.
    assert_eq!(over.table, None);
}

#[test]
fn kt_11_the_gain_is_the_data_s_when_played_and_the_journal_s_when_replayed() {
    let r = rules();
    // A user's killteam.json giving 2 a turn.
    let mut v: serde_json::Value =
        serde_json::from_str(include_str!("../../../../assets/rules/killteam.json")).expect("json");
    v["command"]["per_turn"] = 2.into();
    let (two, problems) =
        RulesData::with_overrides(&[("killteam.json".to_owned(), v.to_string())]).expect("rules");
    assert!(problems.is_empty(), "{problems:?}");
    let c = at_the_table(&two);
    let c = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), &two);
    assert_eq!(cp(&c, "Anne"), 5);
    // Back to the built-in data: the journal still replays to 5.
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
    let (replayed, _) = c.replay(r).expect("replays");
    assert_eq!(cp(&replayed, "Anne"), 5);
}

#[test]
fn kt_11_the_first_turn_gains_the_turn_s_points_when_the_data_says_so() {
    let r = rules();
    assert!(!r.killteam.command.gain_on_first_turn);
    let mut every = r.clone();
    every.killteam.command.gain_on_first_turn = true;
    // The campaign's 3 to start, and the turn's 1 from the first turn: 4.
    let c = at_the_table(&every);
    assert_eq!(turn(&c), 1);
    assert_eq!(cp(&c, "Anne"), 4);
    // A Rogue Trader band has none either way.
    assert_eq!(cp(&c, "Ben"), 0);
    // Turn 2 adds its 1: 5.
    let c = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), &every);
    assert_eq!(cp(&c, "Anne"), 5);
    assert!(c.validate(&every).is_empty(), "{:?}", c.validate(&every));
    // Beginning the mission says the gain.
    let before = ready_with(
        &every,
        vec![
            soldier("Sergeant Rook", "sergeant"),
            soldier("Trooper Vell", "guardsman"),
        ],
    );
    let (_, outcome) = before
        .apply(
            E::Preparation(PreparationEdit::BeginMission),
            &every,
            &mut seeded(1),
        )
        .expect("begun");
    let lines: Vec<String> = outcome.lines.iter().map(|(_, m)| Lang::En.msg(m)).collect();
    assert_eq!(
        lines[1..],
        ["Anne gains 1 command point: 4 now (KT-11).".to_owned()]
    );
    // Built in: the start only, 3, and nothing said of a gain.
    let (_, outcome) = before
        .apply(
            E::Preparation(PreparationEdit::BeginMission),
            r,
            &mut seeded(1),
        )
        .expect("begun");
    assert_eq!(outcome.lines.len(), 1);
}

#[test]
fn kt_11_a_new_turn_and_the_initiative_test_count_the_same_turns() {
    let r = rules();
    let c = at_the_table(r);
    let tested = |c: &Campaign| {
        ok(
            c,
            E::Table(TableEdit::Initiative {
                rolls: Vec::<InitiativeRoll>::new(),
            }),
            r,
        )
    };
    let c = tested(&c);
    assert_eq!(
        c.table
            .as_ref()
            .and_then(|t| t.initiative.as_ref())
            .map(|i| i.turn),
        Some(1)
    );
    let c = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), r);
    assert_eq!(turn(&c), 2);
    // The test after a new turn is that turn's.
    let c = tested(&c);
    assert_eq!(
        c.table
            .as_ref()
            .and_then(|t| t.initiative.as_ref())
            .map(|i| i.turn),
        Some(2)
    );
    assert_eq!(turn(&c), 2);
    let c = ok(&c, E::Table(TableEdit::NewTurn { gain: None }), r);
    assert_eq!(turn(&c), 3);
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}
