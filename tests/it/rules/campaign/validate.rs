//! A campaign file `muster check` accepts is one whose journal can have
//! happened: every die within its sides, every result read again from its
//! table, every entry in its mission, no field the schema does not know.
//! Each test forges one fault into the example campaign (or a kill team's)
//! and reads `check`'s verdict.

use muster::rules::ProblemKind;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, EscortId, Member, MissionChoice, MissionResult, NewEscort,
};
use muster::rules::killteam::Soldier;
use muster::rules::{KillTeam, RulesData};
use serde_json::{Value, json};

use crate::cli::{Run, muster};
use crate::common::ok;
use crate::common::rules;
use muster::rules::campaign::replay;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, SetupEdit, TableEdit, TurnEdit};

pub(crate) const EXAMPLE: &str = include_str!("../../../../assets/examples/campaign.json");

/// `muster check` of `doc` written to a file, with no user data.
fn check(doc: &Value) -> Run {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("campaign.json");
    std::fs::write(&path, serde_json::to_string_pretty(doc).expect("json")).expect("write");
    let path = path.display().to_string();
    muster(&dir.path().join("data"), &["check", &path])
}

/// The example campaign with one change to its file.
fn forged(change: impl FnOnce(&mut Value)) -> Value {
    let mut doc: Value = serde_json::from_str(EXAMPLE).expect("example");
    change(&mut doc);
    doc
}

/// The place in the example's journal of its first event of `kind`.
fn first(kind: &str) -> usize {
    let doc: Value = serde_json::from_str(EXAMPLE).expect("example");
    let journal = doc["campaign"]["journal"].as_array().expect("a journal");
    (journal.iter())
        .position(|e| e["event"] == kind || e["event"].get(kind).is_some())
        .unwrap_or_else(|| panic!("no {kind} in the example's journal"))
}

fn event(doc: &mut Value, entry: usize) -> &mut Value {
    &mut doc["campaign"]["journal"][entry]["event"]
}

/// `check` refuses the file under `rule`, naming the journal entry.
fn refused_by_check(doc: &Value, rule: &str, entry: usize) -> String {
    let run = check(doc);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains(&format!("journal entry {entry} ")))
        .unwrap_or_else(|| panic!("no line names entry {entry}: {}", run.stdout));
    assert!(line.starts_with(&format!("{rule}: ")), "{line}");
    line.to_owned()
}

#[test]
fn the_example_campaign_passes_check() {
    let run = check(&forged(|_| {}));
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("ok: "), "{}", run.stdout);
}

#[test]
fn cmp_3_a_d6_mission_draw_showing_9_is_refused() {
    let start = first("start");
    let doc = forged(|d| {
        event(d, start)["start"]["choice"]["draw"] =
            json!({"sides": 6, "faces": [9], "modifier": 0, "total": 9});
    });
    let line = refused_by_check(&doc, "CMP-3", start + 1);
    assert!(line.contains("1D6"), "{line}");
}

#[test]
fn cmp_3_a_mission_the_die_does_not_give_is_refused() {
    // The die says the third Investigation; the journal the first.
    let start = first("start");
    let doc = forged(|d| {
        event(d, start)["start"]["choice"]["draw"] =
            json!({"sides": 6, "faces": [3], "modifier": 0, "total": 3});
    });
    let line = refused_by_check(&doc, "CMP-3", start + 1);
    assert!(line.contains("investigation_missing_patrol"), "{line}");
}

#[test]
fn cmp_4_a_d3_faction_draw_showing_4_is_refused() {
    let next = first("next_mission");
    let doc = forged(|d| {
        event(d, next)["next_mission"]["choice"]["faction_draw"] =
            json!({"sides": 3, "faces": [4], "modifier": 0, "total": 4});
    });
    refused_by_check(&doc, "CMP-4", next + 1);
    // A face within the die that gives another faction is refused too.
    let doc = forged(|d| {
        event(d, next)["next_mission"]["choice"]["faction_draw"] =
            json!({"sides": 3, "faces": [2], "modifier": 0, "total": 2});
    });
    let line = refused_by_check(&doc, "CMP-4", next + 1);
    assert!(
        line.contains("mutants") && line.contains("cultists"),
        "{line}"
    );
}

#[test]
fn cmp_5_a_d10_enemy_draw_showing_11_is_refused() {
    let draw = first("draw_enemy");
    let doc = forged(|d| {
        let eleven = json!({"sides": 10, "faces": [11], "modifier": 0, "total": 11});
        event(d, draw)["draw_enemy"]["drawn"][0]["roll"] = eleven.clone();
        event(d, draw)["draw_enemy"]["rolls"][0] = eleven;
    });
    let line = refused_by_check(&doc, "CMP-5", draw + 1);
    assert!(line.contains("1D10"), "{line}");
}

#[test]
fn cmp_5_an_enemy_the_table_does_not_give_for_its_die_is_refused() {
    // A 1 on the Renegade Marines' table is no sorcerer.
    let draw = first("draw_enemy");
    let doc = forged(|d| {
        let one = json!({"sides": 10, "faces": [1], "modifier": 0, "total": 1});
        event(d, draw)["draw_enemy"]["drawn"][0]["roll"] = one.clone();
        event(d, draw)["draw_enemy"]["rolls"][0] = one;
    });
    let line = refused_by_check(&doc, "CMP-5", draw + 1);
    assert!(line.contains("Renegade sorcerer"), "{line}");
}

#[test]
fn cmp_14_a_recon_1_recorded_as_a_clue_is_refused() {
    let recon = first("recon");
    let doc = forged(|d| {
        event(d, recon)["recon"]["roll"] =
            json!({"sides": 12, "faces": [1], "modifier": 0, "total": 1});
    });
    let line = refused_by_check(&doc, "CMP-14", recon + 1);
    assert!(line.contains("clue"), "{line}");
}

#[test]
fn an_unknown_field_in_a_journal_event_or_roll_is_refused_with_its_place() {
    let (recon, draw) = (first("recon"), first("draw_enemy"));
    for (place, change) in [
        (
            format!("campaign.journal[{recon}].event.recon"),
            Box::new(|d: &mut Value| event(d, recon)["recon"]["bonus"] = json!(3))
                as Box<dyn Fn(&mut Value)>,
        ),
        (
            format!("campaign.journal[{recon}].event.recon.roll"),
            Box::new(|d: &mut Value| event(d, recon)["recon"]["roll"]["bonus"] = json!(3)),
        ),
        (
            format!("campaign.journal[{draw}].event.draw_enemy.drawn[0].roll"),
            Box::new(|d: &mut Value| {
                event(d, draw)["draw_enemy"]["drawn"][0]["roll"]["bonus"] = json!(3)
            }),
        ),
    ] {
        let run = check(&forged(change));
        assert_eq!(run.code, 2, "{place}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("unknown field “bonus”"),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains(&place), "{place}: {}", run.stderr);
    }
}

#[test]
fn cmp_2_an_entry_labelled_with_another_mission_is_refused() {
    let doc = forged(|d| d["campaign"]["journal"][6]["mission"] = json!(9));
    let line = refused_by_check(&doc, "CMP-2", 7);
    assert!(
        line.contains("mission 9") && line.contains("mission 1"),
        "{line}"
    );
}

#[test]
fn cmp_13_an_entry_naming_a_character_the_campaign_lacks_names_the_rule() {
    let recon = first("recon");
    let doc = forged(|d| event(d, recon)["recon"]["character"] = json!(99));
    let line = refused_by_check(&doc, "CMP-13", recon + 1);
    assert!(
        line.contains(&format!(
            "journal entry {} cannot be played again: no character of the campaign has the id 99",
            recon + 1
        )),
        "{line}"
    );
}

pub(crate) fn example_team() -> KillTeam {
    let doc: Value =
        serde_json::from_str(include_str!("../../../../assets/examples/killteam.json"))
            .expect("team");
    serde_json::from_value(doc["killteam"].clone()).expect("team")
}

/// A campaign of the example kill team, its first mission played and won,
/// in the reinforcements step with points to spend.
pub(crate) fn team_campaign(r: &RulesData) -> (Campaign, KillTeam) {
    let team = example_team();
    let c = Campaign::new("c", "Trust", &r.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::AddEscort {
            escort: NewEscort {
                player: "Camille".into(),
                source: team.name.clone(),
                kind: muster::rules::campaign::EscortKind::KillTeam,
                members: team.soldiers.iter().cloned().map(Member::Soldier).collect(),
                doc: Some(team.id.clone()),
            },
        }),
        r,
    );
    let c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 2,
            },
            played: vec![],
        }),
        r,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::ExchangeVp {
            escort: EscortId(1),
            vp: 2,
        }),
        r,
    );
    (c, team)
}

pub(crate) fn soldier<'a>(team: &'a KillTeam, name: &str) -> &'a Soldier {
    team.soldiers
        .iter()
        .find(|s| s.name == name)
        .expect("soldier")
}

#[test]
fn cmp_2_export_of_a_forged_journal_warns_that_the_file_breaks_a_rule() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let export = |name: &str, text: String| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        let path = path.display().to_string();
        muster(&data, &["export", "--format", "markdown", &path])
    };
    let doc = forged(|d| d["campaign"]["journal"][6]["mission"] = json!(9));
    let run = export("campaign.json", serde_json::to_string(&doc).expect("json"));
    assert!(
        run.stderr
            .contains("muster: warning: the file breaks 1 rule")
            && run.stderr.contains("CMP-2: journal entry 7"),
        "{}",
        run.stderr
    );
    // The example itself exports without a warning.
    let run = export("clean.json", EXAMPLE.to_owned());
    assert_eq!(run.code, 0);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
}

/// A tick at the table is checked without playing the whole journal again,
/// but a journal that did not replay before the tick still says so after
/// it, and undo finds each version's problems as they were.
#[test]
fn cmp_13_a_forged_journal_stays_flagged_through_ticks_undo_and_redo() {
    use muster::app::Command;
    use muster::rules::{Doc, DocKey, Edit};

    let r = rules();
    let (c, _) = team_campaign(r);
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        r,
    );
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    // Entry 3 forged: the mission it says is not the one it was made in.
    let mut forged = c.clone();
    let mut entry = (*forged.journal[2]).clone();
    entry.mission = 7;
    forged.journal[2] = std::sync::Arc::new(entry);
    for (campaign, flagged) in [(c, false), (forged, true)] {
        let dir = tempfile::tempdir().expect("tempdir");
        {
            let store = muster::store::Store::open(dir.path()).expect("store");
            store.save(&Doc::new(campaign.clone())).expect("save");
        }
        let mut app = crate::common::app_in(dir.path(), muster::i18n::Lang::En, 3);
        let key = DocKey::of::<Campaign>(campaign.id.clone());
        let journal_flagged = |app: &muster::app::App| {
            app.model
                .problems_of(&key)
                .iter()
                .any(|p| p.kind == ProblemKind::JournalRefused)
        };
        assert_eq!(journal_flagged(&app), flagged);
        let vell = campaign
            .characters
            .iter()
            .find(|x| x.name() == "Trooper Vell")
            .expect("Vell")
            .id;
        for wounds in 1..=2 {
            app.apply(Command::Edit(
                key.clone(),
                Edit::new(E::Table(TableEdit::SetWounds {
                    character: vell,
                    wounds,
                })),
            ));
            assert_eq!(journal_flagged(&app), flagged, "after a tick");
        }
        app.apply(Command::Undo);
        assert_eq!(journal_flagged(&app), flagged, "after undo");
        app.apply(Command::Redo);
        assert_eq!(journal_flagged(&app), flagged, "after redo");
        app.flush_saves();
    }
}

/// The example kill team at the table, where Dace moved and shot, Rusk went
/// prone and the sergeant gave Nim his insignia's action, an enemy
/// activated between each of them (KT-8): the file as saved.
pub(crate) fn team_with_actions() -> Value {
    use muster::rules::killteam::activation::Act;
    let r = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), r, |c| {
        let id = |name| crate::common::char_id(c, name);
        vec![
            E::Turn(TurnEdit::Act {
                character: id("Trooper Dace"),
                act: Act::Move,
            }),
            E::Turn(TurnEdit::Act {
                character: id("Trooper Dace"),
                act: Act::Shoot,
            }),
            // KT-8: the enemy's turn between the players' soldiers.
            E::Turn(TurnEdit::EnemyActivation { index: 0 }),
            E::Turn(TurnEdit::Act {
                character: id("Trooper Rusk"),
                act: Act::GoProne,
            }),
            E::Turn(TurnEdit::EnemyActivation { index: 1 }),
            E::Turn(TurnEdit::GiveInsignia {
                character: id("Sergeant Hark"),
                to: id("Trooper Nim"),
            }),
            E::Turn(TurnEdit::EnemyActivation { index: 2 }),
            E::Turn(TurnEdit::Act {
                character: id("Trooper Nim"),
                act: Act::Move,
            }),
        ]
    });
    let text = muster::store::to_json(&c).expect("json");
    serde_json::from_str(&text).expect("value")
}

#[test]
fn kt_9_check_replays_a_table_with_actions_and_refuses_a_forged_third_action() {
    let doc = team_with_actions();
    let run = check(&doc);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    // A third action of Dace's written into the journal by hand.
    let mut forged = doc.clone();
    let journal = forged["campaign"]["journal"]
        .as_array_mut()
        .expect("journal");
    let dace_moves = journal
        .iter()
        .find(|e| e["event"]["act"]["act"] == json!("move"))
        .cloned()
        .expect("Dace's move");
    journal.push(json!({"mission": dace_moves["mission"], "event": dace_moves["event"]}));
    let n = journal.len();
    let line = refused_by_check(&forged, "KT-9", n);
    assert!(line.contains("2 actions this turn"), "{line}");
}

/// A tick at the table changes nothing the state's rules judge, so the
/// problems after it are found without judging every character again; they
/// are the ones a full check finds: two events under one stamp (CMP-13)
/// still flagged after each tick.
#[test]
fn cmp_13_two_events_under_one_stamp_stay_flagged_through_ticks_as_a_full_check_finds_them() {
    use muster::rules::campaign::Stamp;
    use std::sync::Arc;

    let r = rules();
    let mut c = crate::common::example_campaign_at_the_table(r);
    let vell = (c.characters.iter())
        .find(|x| x.name() == "Trooper Vell")
        .expect("Vell")
        .id;
    let stamp = Stamp {
        id: "0123456789abcdef".into(),
        at: None,
        by: None,
        player: None,
    };
    for i in [0, 1] {
        let mut entry = (*c.journal[i]).clone();
        entry.stamp = Some(stamp.clone());
        c.journal[i] = Arc::new(entry);
    }
    let twice = |problems: &[muster::rules::Problem]| {
        problems.len() == 1 && problems[0].kind == ProblemKind::StampTwice
    };
    let mut problems = replay::validate(&c, r);
    assert!(twice(&problems), "{problems:?}");
    let mut before = c;
    for (i, wounds) in [1, 2, 0].into_iter().enumerate() {
        let tick = if i == 2 {
            TableEdit::SetOutOfAction {
                character: vell,
                out: true,
            }
        } else {
            TableEdit::SetWounds {
                character: vell,
                wounds,
            }
        };
        let after = ok(&before, E::Table(tick), r);
        assert!(Arc::ptr_eq(&after.characters, &before.characters));
        problems = replay::validate_after(&after, &before, &problems, r);
        assert_eq!(problems, replay::validate(&after, r), "after tick {i}");
        before = after;
    }
    assert!(twice(&problems), "{problems:?}");
}
