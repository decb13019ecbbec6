//! One campaign shared by two machines whose data folders hold different
//! rules: both play it under the rules it recorded, and a house rule
//! changed on one is the other's too, with who changed it.

use std::fs;
use std::path::Path;

use muster::rules::campaign::{Campaign, CampaignEdit as E, RulesEdit};
use muster::rules::killteam::activation::Act;
use muster::rules::{Doc, Document, RulesData};
use muster::store::machine::MachineId;
use muster::store::{LockDir, Store};

use crate::common::play;
use crate::common::rules;
use crate::common::{GUARD_ACTIONS, char_id};
use crate::store::journaled::campaign_of;
use muster::rules::campaign::TurnEdit;
use muster::rules::campaign::replay;

const A: &str = "aaaaaaaaaaaaaaaa";
const B: &str = "bbbbbbbbbbbbbbbb";

/// The folder `dir` opened as machine `id` with the rules `rules`.
fn machine(dir: &Path, locks: &Path, id: &str, rules: &RulesData) -> Store {
    let store = Store::open_with_options(dir, LockDir::At(locks.join(id)))
        .expect("open")
        .with_machine(MachineId::parse(id).expect("id"));
    store.journals().replay_rules().set(rules);
    store
}

fn act(c: &Campaign, name: &str, act: Act) -> E {
    E::Turn(TurnEdit::Act {
        character: char_id(c, name),
        act,
    })
}

// KT-9: the actions a turn the campaign's rules give, on both machines.
#[test]
fn kt_9_two_machines_with_other_rules_files_play_one_campaign_alike() {
    let (_a, three) = crate::common::folder_rules(3);
    let (_b, one) = crate::common::folder_rules(1);
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    // Begun on A, whose data folder gives a guardsman three actions.
    let begun = Campaign::create("raid".into(), "The Raid".into(), &three);
    let base = crate::common::escort_at_the_table_from(
        &begun,
        crate::common::team_escort(&crate::common::example_team()),
        &three,
    );
    let a = machine(dir.path(), locks.path(), A, &three);
    a.save(&Doc::new(base.clone())).expect("begun on A");
    let on_a = play(
        &base,
        &[
            act(&base, "Trooper Dace", Act::Move),
            act(&base, "Trooper Dace", Act::Shoot),
            act(&base, "Trooper Dace", Act::Move),
        ],
        &three,
        ("Camille", 10),
    );
    a.save(&Doc::new(on_a.clone())).expect("A saves");
    // B's data folder gives one action: B reads the same campaign, and
    // finds nothing wrong with it.
    let b = machine(dir.path(), locks.path(), B, &one);
    let seen_by_b = campaign_of(&b, &base);
    assert_eq!(seen_by_b, on_a);
    assert!(
        seen_by_b.validate(&one).is_empty(),
        "{:?}",
        seen_by_b.validate(&one)
    );
    // B plays by the campaign's rules, not by his folder's: Rusk takes
    // three actions there too.
    let on_b = play(
        &seen_by_b,
        &[
            // KT-8: the enemy's turn first.
            E::Turn(TurnEdit::EnemyActivation { index: 0 }),
            act(&seen_by_b, "Trooper Rusk", Act::Move),
            act(&seen_by_b, "Trooper Rusk", Act::Shoot),
            act(&seen_by_b, "Trooper Rusk", Act::Move),
        ],
        &one,
        ("Bruno", 20),
    );
    b.save(&Doc::new(on_b.clone())).expect("B saves");
    // B changes a house rule: A sees it, and who changed it.
    let changed = play(
        &on_b,
        &[E::HouseRules(RulesEdit::Set {
            place: GUARD_ACTIONS.into(),
            value: Some(2.into()),
        })],
        &one,
        ("Bruno", 30),
    );
    b.save(&Doc::new(changed.clone()))
        .expect("B saves the change");
    let seen_by_a = a
        .with_arrivals(&on_a)
        .expect("reads")
        .expect("journaled")
        .get::<Campaign>()
        .cloned()
        .expect("campaign");
    assert!(replay::same_state(&seen_by_a, &changed));
    let last = seen_by_a.journal.last().expect("an event");
    assert!(matches!(last.event, E::HouseRules(RulesEdit::Set { .. })));
    assert_eq!(
        last.stamp.as_ref().and_then(|s| s.by.as_deref()),
        Some("Bruno")
    );
    assert_eq!(
        seen_by_a
            .house_rules
            .as_deref()
            .and_then(|h| h.get(GUARD_ACTIONS)),
        None,
        "back to the built-in two"
    );
    // A third machine with the built-in rules computes the same campaign.
    let built_in = rules();
    let c = machine(dir.path(), locks.path(), "cccccccccccccccc", built_in);
    assert!(replay::same_state(&campaign_of(&c, &base), &changed));
}

#[test]
fn a_house_rules_file_reads_back_what_was_written_and_refuses_what_it_is_not() {
    use muster::rules::house_rules::{HouseRules, RuleChange};
    use muster::store::house_rules::read_house_rules;
    let dir = tempfile::tempdir().expect("dir");
    let store = Store::open(dir.path()).expect("store");
    let house = HouseRules::of([RuleChange {
        place: GUARD_ACTIONS.into(),
        value: 3.into(),
    }]);
    let path = dir.path().join("our-rules.json");
    store.export_house_rules(&house, &path).expect("written");
    assert_eq!(read_house_rules(&path).expect("read"), house);
    // A roster is not a house-rules file; a newer version is refused.
    let roster = dir.path().join("roster.json");
    fs::write(
        &roster,
        r#"{"muster": "roster", "schema_version": 8, "roster": {}}"#,
    )
    .expect("w");
    let e = read_house_rules(&roster).expect_err("refused");
    assert!(format!("{:?}", e.reason()).contains("WrongKind"), "{e:?}");
    let newer = dir.path().join("newer.json");
    fs::write(
        &newer,
        r#"{"muster": "house_rules", "schema_version": 9, "house_rules": []}"#,
    )
    .expect("w");
    let e = read_house_rules(&newer).expect_err("refused");
    assert!(format!("{:?}", e.reason()).contains("TooNew"), "{e:?}");
}

#[test]
fn a_campaign_under_house_rules_this_muster_cannot_honour_is_refused_with_why_and_left_as_it_is() {
    let dir = tempfile::tempdir().expect("dir");
    let c = Campaign::create("future".into(), "From the future".into(), rules());
    let mut doc = serde_json::to_value(&c).expect("json");
    let unknown = serde_json::json!([{"place": "killteam.json/from_a_newer_muster", "value": 1}]);
    doc["house_rules"] = unknown.clone();
    doc["journal"][0]["event"]["house_rules"]["record"]["changes"] = unknown;
    let text =
        serde_json::json!({"muster": "campaign", "schema_version": 8, "campaign": doc}).to_string();
    fs::create_dir_all(dir.path().join("campaigns")).expect("folder");
    let path = dir.path().join("campaigns").join("future.json");
    fs::write(&path, &text).expect("write");
    let store = Store::open(dir.path()).expect("store");
    let library = store.load_library();
    assert!(library.docs.is_empty());
    let said = format!("{:?}", library.unreadable);
    assert!(said.contains("doc.rules_not_honoured"), "{said}");
    assert_eq!(fs::read_to_string(&path).expect("still there"), text);
    // The command line says the same, naming the value, and exits 2.
    let run = crate::cli::muster(dir.path(), &["check", &path.display().to_string()]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("killteam.json/from_a_newer_muster")
            && run.stderr.contains("update Muster"),
        "{}",
        run.stderr
    );
}
