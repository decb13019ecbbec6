//! Words a player reads: every problem and every log line Muster makes from
//! the examples and from every choice the rules data offers, rendered in
//! English and in French, holds no rule-data id, no backtick, no raw dice
//! expression ("DD6", "0D1+1 []"), no "1 wounds" and no placeholder left
//! empty.
//!
//! Messages about a file's own text (`doc.*`, `data.*`: a field the user
//! must find in the file) and the scenario files of `muster odds` name the
//! file's fields as written; they are not problems or log lines.

use std::collections::BTreeSet;

use muster::i18n::Lang;
use muster::rules::campaign::Campaign;
use muster::rules::killteam::{Carried, KillTeam, Soldier};
use muster::rules::{Msg, Problem, Roster, RulesData};

fn rules() -> RulesData {
    RulesData::built_in().expect("rules")
}

fn example<T: serde::de::DeserializeOwned>(file: &str) -> T {
    let path = format!("{}/assets/examples/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("example");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let kind = value["muster"].as_str().expect("kind").to_owned();
    serde_json::from_value(value[kind.as_str()].clone()).expect("payload")
}

/// What is wrong with a text a player reads, if anything.
fn faults(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    if text.contains('`') {
        out.push("a backtick".to_owned());
    }
    for word in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '{' || c == '}')) {
        if word.contains('_') && word.chars().any(char::is_alphabetic) {
            out.push(format!("an id: {word}"));
        }
        if word.starts_with('{') && word.ends_with('}') && word.len() > 2 {
            out.push(format!("a placeholder left empty: {word}"));
        }
        if word.starts_with("DD") || word.starts_with("0D") {
            out.push(format!("raw dice: {word}"));
        }
    }
    if text.contains("[]") {
        out.push("empty dice faces".to_owned());
    }
    for bad in ["1 wounds", " 1 blessures"] {
        if text.contains(bad) || text.starts_with(bad.trim_start()) {
            out.push(format!("a plural after one: {bad}"));
        }
    }
    out
}

/// Renders each problem and message in both languages; the faults found,
/// one line each.
fn check(problems: &[Problem], messages: &[Msg]) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for lang in Lang::ALL {
        let texts = problems
            .iter()
            .map(|p| (p.key.to_owned(), lang.problem_line(p)))
            .chain(messages.iter().map(|m| (m.key.to_string(), lang.msg(m))));
        for (key, text) in texts {
            for fault in faults(&text) {
                found.insert(format!("{}: {key}: {fault}: {text}", lang.code()));
            }
        }
    }
    found
}

/// A soldier of `kind` with `weapon`, the items and the ribbon given.
fn soldier(kind: &str, weapon: &str, items: &[&str], ribbon: Option<&str>) -> Soldier {
    let mut s = example::<KillTeam>("killteam.json").soldiers[0].clone();
    s.name = "Kessel".to_owned();
    s.kind = kind.to_owned();
    s.weapon = weapon.to_owned();
    s.items = items
        .iter()
        .map(|i| Carried {
            item: (*i).to_owned(),
            weapon: None,
        })
        .collect();
    s.ribbon = ribbon.map(str::to_owned);
    s
}

/// Every problem a kill team can show: each kind with each weapon, each
/// item, each pair of items and each ribbon, and ids no data knows.
fn killteam_problems(rules: &RulesData) -> Vec<Problem> {
    let data = &rules.killteam;
    let team = example::<KillTeam>("killteam.json");
    let mut soldiers = Vec::new();
    for kind in &data.soldier_kinds {
        for w in &data.weapons {
            soldiers.push(soldier(&kind.id, &w.id, &[], None));
        }
        for it in &data.equipment {
            soldiers.push(soldier(
                &kind.id,
                &kind_weapon(rules, &kind.id),
                &[&it.id],
                None,
            ));
            for other in &data.equipment {
                soldiers.push(soldier(
                    &kind.id,
                    &kind_weapon(rules, &kind.id),
                    &[&it.id, &other.id],
                    None,
                ));
            }
        }
        for r in &data.ribbons {
            soldiers.push(soldier(
                &kind.id,
                &kind_weapon(rules, &kind.id),
                &[],
                Some(&r.id),
            ));
        }
    }
    soldiers.push(soldier("Commissar", "Lascannon", &["Banner"], Some("Hero")));
    let mut problems = team.validate(rules);
    for s in soldiers {
        let mut t = team.clone();
        t.soldiers.push(s);
        problems.extend(t.validate(rules));
    }
    problems
}

/// The weapon a soldier of `kind` carries in the example, or the first.
fn kind_weapon(rules: &RulesData, kind: &str) -> String {
    example::<KillTeam>("killteam.json")
        .soldiers
        .iter()
        .find(|s| s.kind == kind)
        .map_or_else(
            || rules.killteam.weapons[0].id.clone(),
            |s| s.weapon.clone(),
        )
}

#[test]
fn every_kill_team_problem_reads_as_words_in_both_languages() {
    let rules = rules();
    let problems = killteam_problems(&rules);
    assert!(
        problems.len() > 100,
        "the sweep finds problems: {}",
        problems.len()
    );
    let found = check(&problems, &[]);
    assert!(
        found.is_empty(),
        "{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn every_line_of_the_example_campaign_reads_as_words_in_both_languages() {
    let rules = rules();
    let campaign = example::<Campaign>("campaign.json");
    let (_, outcomes) = campaign.replay(&rules).expect("the example replays");
    let messages: Vec<Msg> = outcomes
        .into_iter()
        .flat_map(|o| o.lines.into_iter().map(|(_, m)| m))
        .collect();
    assert!(
        messages.len() > 20,
        "the journal says things: {}",
        messages.len()
    );
    let found = check(&campaign.validate(&rules), &messages);
    assert!(
        found.is_empty(),
        "{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn every_roster_problem_reads_as_words_in_both_languages() {
    let rules = rules();
    let band = example::<Roster>("rt-band.json");
    let mut problems = band.validate(&rules);
    // Each character given every race and every type, and values out of
    // every range.
    for c in &band.characters {
        for race in rules
            .races
            .iter()
            .map(|r| r.id.clone())
            .chain(["Squat".to_owned()])
        {
            let mut b = band.clone();
            let mut c = c.clone();
            c.race = race;
            b.characters = vec![c];
            problems.extend(b.validate(&rules));
        }
        for t in rules
            .types
            .iter()
            .map(|t| t.id.clone())
            .chain(["Inquisitor".to_owned()])
        {
            let mut b = band.clone();
            let mut c = c.clone();
            c.type_id = Some(t);
            b.characters = vec![c];
            problems.extend(b.validate(&rules));
        }
    }
    let found = check(&problems, &[]);
    assert!(
        found.is_empty(),
        "{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_checker_finds_what_it_looks_for() {
    assert!(!faults("the `bolter` is for the sergeant").is_empty());
    assert!(!faults("Kessel carries no command_insignia").is_empty());
    assert!(!faults("rolls DD6").is_empty());
    assert!(!faults("0D1+1 []").is_empty());
    assert!(!faults("takes 1 wounds").is_empty());
    assert!(!faults("the {item} is gone").is_empty());
    assert!(faults("Kessel takes 2 wounds (D6: 4)").is_empty());
}
