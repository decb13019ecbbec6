//! A campaign played under its own rules: the built-in data changed by the
//! group's house rules, recorded in its journal when it begins and changed
//! by its events, so that every machine plays it alike whatever its own
//! data folder holds.

use std::fs;

use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::campaign::{Campaign, CampaignEdit as E, RulesEdit};
use muster::rules::house_rules::{HouseRules, RuleChange};
use muster::rules::killteam::activation::Act;
use muster::rules::{Document, RulesData};

use crate::common::rules;
use crate::common::{
    GUARD_ACTIONS, char_id, example_team, folder_rules, ok, refused, team_at_the_table,
};
use muster::rules::campaign::TurnEdit;
use muster::rules::campaign::house;
use muster::rules::campaign::replay;

fn built_in() -> RulesData {
    rules().clone()
}

fn act(c: &Campaign, name: &str, act: Act) -> E {
    E::Turn(TurnEdit::Act {
        character: char_id(c, name),
        act,
    })
}

fn three_actions(c: &Campaign, r: &RulesData) -> Campaign {
    let mut c = c.clone();
    for a in [Act::Move, Act::Shoot, Act::Move] {
        c = ok(&c, act(&c, "Trooper Dace", a), r);
    }
    c
}

fn record(changes: HouseRules) -> E {
    E::HouseRules(RulesEdit::record(changes))
}

fn set(place: &str, value: Option<serde_json::Value>) -> E {
    E::HouseRules(RulesEdit::Set {
        place: place.into(),
        value,
    })
}

#[test]
fn a_data_folder_s_changes_are_the_house_rules_a_campaign_begun_there_records() {
    let (_dir, three) = folder_rules(3);
    assert_eq!(
        three.house.iter().cloned().collect::<Vec<_>>(),
        [RuleChange {
            place: GUARD_ACTIONS.into(),
            value: 3.into(),
        }]
    );
    let c = Campaign::create("c".into(), "C".into(), &three);
    assert_eq!(c.house_rules.as_deref(), Some(&three.house));
    assert_eq!(c.journal.len(), 1, "recorded as its first event");
    // Another machine, with the built-in rules, replays it alike.
    let (replayed, _) = c.replay(&built_in()).expect("replays");
    assert!(replay::same_state(&replayed, &c));
    // A data folder with nothing changed records none.
    let plain = Campaign::create("p".into(), "P".into(), &built_in());
    assert_eq!(plain.house_rules.as_deref(), Some(&HouseRules::default()));
}

// KT-9: a group playing three actions a turn plays them on every machine.
#[test]
fn kt_9_a_house_rule_s_actions_hold_on_a_machine_whose_own_data_says_otherwise() {
    let (_a, three) = folder_rules(3);
    let (_b, one) = folder_rules(1);
    let c = team_at_the_table(&example_team(), &built_in(), |_| vec![]);
    // The campaign was begun before Muster kept its rules: it plays under
    // the machine's, as it always did.
    assert!(c.house_rules.is_none());
    let moved = ok(&c, act(&c, "Trooper Dace", Act::Move), &one);
    let p = refused(&moved, act(&moved, "Trooper Dace", Act::Shoot), &one);
    assert_eq!(
        p.rule, "KT-9",
        "one action on the machine whose data says one"
    );
    // The players record the rules of the machine that plays it (three
    // actions): from then on every machine plays by them.
    let c = ok(&c, record(three.house.clone()), &three);
    let c = three_actions(&c, &one);
    let p = refused(&c, act(&c, "Trooper Dace", Act::Shoot), &one);
    assert_eq!(p.rule, "KT-9");
    assert!(
        Lang::En.problem(&p).contains("3 actions"),
        "{}",
        Lang::En.problem(&p)
    );
    // Checked on either machine: the same campaign, no problem.
    for r in [&one, &three, &built_in()] {
        assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
        let (replayed, _) = c.replay(r).expect("replays");
        assert!(replay::same_state(&replayed, &c));
    }
}

// KT-9: a house rule changed at the table holds from its event on, and
// the events before it stand as they were played.
#[test]
fn kt_9_a_house_rule_changed_during_the_campaign_holds_from_its_event_on() {
    let r = built_in();
    let c = team_at_the_table(&example_team(), &r, |_| vec![]);
    let c = ok(&c, record(HouseRules::default()), &r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), &r);
    let c = ok(&c, act(&c, "Trooper Dace", Act::Shoot), &r);
    let p = refused(&c, act(&c, "Trooper Dace", Act::Move), &r);
    assert_eq!(p.rule, "KT-9");
    let mut rng = muster::rules::core::dice::seeded(1);
    let (c, outcome) = c
        .apply(set(GUARD_ACTIONS, Some(3.into())), &r, &mut rng)
        .expect("changed");
    let said = Lang::En.msg(&outcome.lines[0].1);
    assert!(
        said.contains(GUARD_ACTIONS) && said.contains(": 3 (it was 2)"),
        "{said}"
    );
    // A catalogue entry's value is said by its rule, its id and the name
    // of the reading picked, in the player's language.
    let (_, outcome) = c
        .apply(
            set("killteam.json/turn/prone_must_stand", Some(false.into())),
            &r,
            &mut rng,
        )
        .expect("changed");
    assert_eq!(
        Lang::En.msg(&outcome.lines[0].1),
        "House rule KT-9 killteam.turn.prone_must_stand: Move while prone (it was Stand up first)."
    );
    assert_eq!(
        Lang::Fr.msg(&outcome.lines[0].1),
        "Règle maison KT-9 killteam.turn.prone_must_stand : Bouger à terre (c'était Se relever d'abord)."
    );
    let c = ok(&c, act(&c, "Trooper Dace", Act::Move), &r);
    // Put back to the built-in value: the change is gone from the list.
    let c = ok(&c, set(GUARD_ACTIONS, None), &r);
    assert_eq!(c.house_rules.as_deref(), Some(&HouseRules::default()));
    assert!(c.validate(&r).is_empty(), "{:?}", c.validate(&r));
    let (replayed, _) = c.replay(&r).expect("replays");
    assert!(replay::same_state(&replayed, &c));
}

#[test]
fn a_house_rule_the_data_refuses_is_refused_with_its_place_and_why() {
    let r = built_in();
    let c = team_at_the_table(&example_team(), &r, |_| vec![]);
    // Not recorded yet: record first.
    let p = refused(&c, set(GUARD_ACTIONS, Some(3.into())), &r);
    assert_eq!(p.kind, ProblemKind::RulesNotRecorded);
    let c = ok(&c, record(HouseRules::default()), &r);
    let p = refused(&c, record(HouseRules::default()), &r);
    assert_eq!(p.kind, ProblemKind::RulesAlreadyRecorded);
    // A value of the wrong kind.
    let p = refused(&c, set(GUARD_ACTIONS, Some("lots".into())), &r);
    let said = Lang::En.problem(&p);
    assert!(said.contains(GUARD_ACTIONS), "{said}");
    // Out of the range the catalogue gives the value, said in words.
    let chance = "races.json/races/1/psychic_chance_percent";
    let p = refused(&c, set(chance, Some(150.into())), &r);
    assert_eq!(p.kind, ProblemKind::HouseRuleRefused);
    let said = Lang::En.problem(&p);
    assert!(said.contains(chance) && said.contains("100"), "{said}");
    let said = Lang::Fr.problem(&p);
    assert!(said.contains("150") && said.contains("100"), "{said}");
    // A value this Muster does not have: a newer Muster's.
    let p = refused(&c, set("killteam.json/no_such_rule", Some(1.into())), &r);
    let said = Lang::En.problem(&p);
    assert!(
        said.contains("killteam.json/no_such_rule") && said.contains("newer Muster"),
        "{said}"
    );
    // Setting what is already in force changes nothing.
    let p = refused(&c, set(GUARD_ACTIONS, Some(2.into())), &r);
    assert_eq!(p.kind, ProblemKind::HouseRuleUnchanged);
}

#[test]
fn a_campaign_whose_recorded_rules_this_muster_cannot_honour_says_so() {
    let r = built_in();
    let c = Campaign::create("c".into(), "C".into(), &r);
    let mut text = serde_json::to_value(&c).expect("json");
    let unknown = serde_json::json!([{"place": "killteam.json/from_the_future", "value": 1}]);
    text["house_rules"] = unknown.clone();
    text["journal"][0]["event"]["house_rules"]["record"]["changes"] = unknown;
    let forged: Campaign = serde_json::from_value(text).expect("reads");
    let problems = forged.validate(&r);
    let said: Vec<String> = problems.iter().map(|p| Lang::En.problem(p)).collect();
    assert!(
        said.iter()
            .any(|s| s.contains("killteam.json/from_the_future") && s.contains("newer Muster")),
        "{said:?}"
    );
}

#[test]
fn the_command_line_checks_a_campaign_under_its_rules_and_says_what_they_change() {
    let (dir_a, three) = folder_rules(3);
    let begun = Campaign::create("raid".into(), "The Raid".into(), &three);
    let c = crate::common::escort_at_the_table_from(
        &begun,
        crate::common::team_escort(&example_team()),
        &three,
    );
    let c = three_actions(&c, &three);
    let file = dir_a.path().join("raid.json");
    let text = muster::store::Kinds::default()
        .to_json(&muster::rules::Doc::new(c))
        .expect("json");
    fs::write(&file, text).expect("write");
    let file = file.display().to_string();
    // Another machine, whose data folder has no rules of its own.
    let other = tempfile::tempdir().expect("dir");
    let run = crate::cli::muster(other.path(), &["check", &file]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("ok: The Raid"), "{}", run.stdout);
    let run = crate::cli::muster(other.path(), &["rules", "diff", &file]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains(&format!("{GUARD_ACTIONS} = 3, built-in 2")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("mission 0: rules recorded (1 house rules)"),
        "{}",
        run.stdout
    );
    // Every value a group may change, by chapter, in French: one the
    // catalogue names (KT-1: the team's size) and the group's own change.
    let run = crate::cli::muster(other.path(), &["rules", "show", &file, "--lang", "fr"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("## Kill team"), "{}", run.stdout);
    assert!(run.stdout.contains("KT-1 : "), "{}", run.stdout);
    assert!(
        run.stdout.contains("## Autres changements"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(&format!("{GUARD_ACTIONS} = 3")),
        "{}",
        run.stdout
    );
}

/// A campaign whose rules were recorded before the catalogue offered a
/// reading keeps playing as Muster played it then (KT-18, KT-19, KT-11):
/// its journal's record, written without a revision, is of the first, and
/// the values added since come in as Muster played them, shown as the
/// group's; one recorded now plays the built-in readings.
#[test]
fn kt_18_kt_19_kt_11_a_campaign_recorded_before_a_reading_was_offered_keeps_playing_as_it_did() {
    let r = built_in();
    let old: E = serde_json::from_str(r#"{"house_rules":{"record":{"changes":[]}}}"#)
        .expect("a record written before revisions");
    assert_eq!(
        old,
        E::HouseRules(RulesEdit::Record {
            changes: HouseRules::default(),
            revision: 1
        })
    );
    let c = ok(&Campaign::new("old", "Old", &r.campaign), old, &r);
    let kept = c.house_rules.clone().expect("recorded");
    for (place, value) in [
        (
            "killteam.json/soldier_kinds/4/actions/three_same_within",
            serde_json::json!("activation"),
        ),
        (
            "killteam.json/soldier_kinds/6/actions/three_same_within",
            serde_json::json!("activation"),
        ),
        (
            "killteam.json/turn/rows_span_activations",
            serde_json::json!(false),
        ),
        (
            "killteam.json/command/recharge_whole_item",
            serde_json::json!(false),
        ),
    ] {
        assert_eq!(kept.get(place), Some(&value), "{place}");
    }
    let played = house::rules_in_force(&c, &r).expect("honoured");
    assert!(!played.killteam.command.recharge_whole_item);
    assert!(!played.killteam.turn.rows_span_activations);
    // Recorded now: the built-in readings, nothing changed.
    let now = ok(
        &Campaign::new("new", "New", &r.campaign),
        E::HouseRules(RulesEdit::record(HouseRules::default())),
        &r,
    );
    assert_eq!(now.house_rules.as_deref(), Some(&HouseRules::default()));
    let played = house::rules_in_force(&now, &r).expect("honoured");
    assert!(played.killteam.command.recharge_whole_item);
    assert!(played.killteam.turn.rows_span_activations);
    // A group that chose a value keeps its choice.
    let chosen = ok(
        &Campaign::new("chosen", "Chosen", &r.campaign),
        E::HouseRules(RulesEdit::Record {
            changes: HouseRules::of([RuleChange {
                place: "killteam.json/command/recharge_whole_item".into(),
                value: true.into(),
            }]),
            revision: 1,
        }),
        &r,
    );
    let played = house::rules_in_force(&chosen, &r).expect("honoured");
    assert!(played.killteam.command.recharge_whole_item);
}

#[test]
fn chr_5_a_profile_changed_is_logged_part_by_part_in_the_readers_words() {
    let r = built_in();
    let c = ok(
        &Campaign::new("eldar", "Eldar", &r.campaign),
        record(HouseRules::default()),
        &r,
    );
    let mut profile = muster::rules::house_rules::built_in_value("races.json/races/2/base")
        .expect("the Eldar profile");
    profile["WS"] = 5.into();
    let mut rng = muster::rules::core::dice::seeded(1);
    let (_, out) = c
        .apply(set("races.json/races/2/base", Some(profile)), &r, &mut rng)
        .expect("set");
    let line = |lang: Lang| {
        out.lines
            .iter()
            .map(|(_, m)| lang.msg(m))
            .find(|l| l.contains("eldar_profile"))
            .expect("the line")
    };
    assert!(
        line(Lang::En).ends_with(": WS from 4 to 5."),
        "{}",
        line(Lang::En)
    );
    assert!(
        line(Lang::Fr).ends_with(" : CC de 4 à 5."),
        "{}",
        line(Lang::Fr)
    );
}
