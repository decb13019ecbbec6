//! The user's rules files merged with the built-in ones section by section:
//! a `campaign.json` written by an older Muster keeps its mission lists and
//! takes the sections it lacks from the built-in file (a notice, not an
//! error); a malformed section is reported naming the file and the section,
//! and only that section falls back. The user's file is never rewritten.

use std::path::Path;

use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::RulesData;
use muster::rules::data::{BUILT_IN_FILES, DataProblem};
use muster::store::load_rules;

fn built_in(name: &str) -> serde_json::Value {
    let text = BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a built-in file")
        .1;
    serde_json::from_str(text).expect("json")
}

/// A `campaign.json` as an older Muster wrote it: no `recruit`, no
/// `initiative`, no `recruit_factions`; and the user's own mission lists (one
/// mission renamed, one added).
fn older_campaign_json() -> serde_json::Value {
    let mut v = built_in("campaign.json");
    let o = v.as_object_mut().expect("object");
    for section in ["recruit", "initiative", "recruit_factions"] {
        o.remove(section);
    }
    let missions = o["missions"].as_array_mut().expect("missions");
    missions[0]["names"]["en"] = "The Drowned Archive".into();
    let mut mine = missions[0].clone();
    mine["id"] = "investigation_my_own".into();
    mine["names"] = serde_json::json!({"en": "My own mission", "fr": "Ma propre mission"});
    missions.push(mine);
    v
}

fn write_rules(dir: &Path, name: &str, v: &serde_json::Value) -> String {
    let rules = dir.join("rules");
    std::fs::create_dir_all(&rules).expect("mkdir");
    let text = serde_json::to_string_pretty(v).expect("text");
    std::fs::write(rules.join(name), &text).expect("write");
    text
}

fn notices(problems: &[DataProblem]) -> Vec<&DataProblem> {
    problems.iter().filter(|p| p.notice).collect()
}

// CMP-3: the user's edited mission lists survive a newer Muster.
#[test]
fn cmp_3_an_older_campaign_json_keeps_its_missions_and_takes_the_new_sections_from_the_defaults() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = write_rules(dir.path(), "campaign.json", &older_campaign_json());
    let (rules, problems) = load_rules(Some(&dir.path().join("rules"))).expect("rules");
    let defaults = crate::common::rules();
    // The user's lists are used …
    assert!(rules.campaign.mission("investigation_my_own").is_some());
    assert_eq!(
        rules.campaign.missions[0].names["en"],
        "The Drowned Archive"
    );
    assert_eq!(
        rules.campaign.missions.len(),
        defaults.campaign.missions.len() + 1
    );
    // … and the sections he lacks are the built-in ones.
    assert_eq!(rules.campaign.recruit, defaults.campaign.recruit);
    assert_eq!(rules.campaign.initiative, defaults.campaign.initiative);
    assert_eq!(
        rules.campaign.recruit_factions,
        defaults.campaign.recruit_factions
    );
    // One notice, not an error: which file, which sections.
    assert_eq!(problems.len(), 1, "{problems:?}");
    let notice = notices(&problems)[0];
    assert_eq!(&*notice.file, "campaign.json");
    assert!(!notice.built_in_used);
    assert_eq!(notice.problem.kind, ProblemKind::SectionsFilled);
    let sections = notice.problem.get("sections").expect("sections");
    for s in ["recruit", "initiative", "recruit_factions"] {
        assert!(sections.contains(s), "{sections}");
    }
    let en = Lang::En.data_problem(notice);
    assert!(en.contains("campaign.json"), "{en}");
    assert!(en.contains("older Muster"), "{en}");
    assert!(
        en.contains("(initiative, recruit, recruit_factions)"),
        "{en}"
    );
    assert!(!en.contains("built-in file is used"), "{en}");
    let fr = Lang::Fr.data_problem(notice);
    assert!(fr.contains("version antérieure"), "{fr}");
    // The user's file is left as it was.
    let after = std::fs::read_to_string(dir.path().join("rules/campaign.json")).expect("read");
    assert_eq!(after, text);
}

#[test]
fn a_complete_user_file_gives_no_notice() {
    let v = built_in("campaign.json");
    let (_, problems) =
        RulesData::with_overrides(&[("campaign.json".to_owned(), v.to_string())]).expect("rules");
    assert!(problems.is_empty(), "{problems:?}");
    // Nor does a file without its note, which is documentation.
    let mut v = built_in("races.json");
    v.as_object_mut().expect("object").remove("note");
    let (_, problems) =
        RulesData::with_overrides(&[("races.json".to_owned(), v.to_string())]).expect("rules");
    assert!(problems.is_empty(), "{problems:?}");
}

// CMP-14: a malformed section names the file and the section; the rest of
// the user's file is used.
#[test]
fn cmp_14_a_malformed_recon_section_is_reported_with_its_file_and_section() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut v = older_campaign_json();
    v["recon"]["die"] = "twelve".into();
    write_rules(dir.path(), "campaign.json", &v);
    let (rules, problems) = load_rules(Some(&dir.path().join("rules"))).expect("rules");
    let defaults = crate::common::rules();
    assert_eq!(rules.campaign.recon, defaults.campaign.recon);
    assert!(rules.campaign.mission("investigation_my_own").is_some());
    let bad: Vec<_> = problems.iter().filter(|p| !p.notice).collect();
    assert_eq!(bad.len(), 1, "{problems:?}");
    assert_eq!(&*bad[0].file, "campaign.json");
    assert_eq!(bad[0].section(), Some("recon"));
    assert!(bad[0].built_in_used);
    assert_eq!(bad[0].problem.kind, ProblemKind::SectionSyntax);
    let line = Lang::En.data_problem(bad[0]);
    assert!(line.contains("campaign.json, section “recon”"), "{line}");
    assert!(line.contains("invalid type"), "{line}");
    assert!(line.contains("built-in section"), "{line}");
    let fr = Lang::Fr.data_problem(bad[0]);
    assert!(fr.contains("section « recon »"), "{fr}");
    // The missing sections are still noticed beside it.
    assert_eq!(notices(&problems).len(), 1);
}

// CMP-16: a section that parses but breaks the file's rules on its own is
// blamed by name too.
#[test]
fn cmp_16_an_initiative_die_of_one_face_is_refused_naming_its_section() {
    let mut v = built_in("campaign.json");
    v["initiative"]["die"] = 1.into();
    v["missions"][0]["points"] = 123.into();
    let (rules, problems) =
        RulesData::with_overrides(&[("campaign.json".to_owned(), v.to_string())]).expect("rules");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].section(), Some("initiative"));
    assert_eq!(problems[0].problem.kind, ProblemKind::InitiativeDieTooSmall);
    assert_eq!(rules.campaign.initiative.die, 6);
    assert_eq!(rules.campaign.missions[0].points, 123);
}

#[test]
fn a_file_that_is_not_json_still_falls_back_whole() {
    let (rules, problems) =
        RulesData::with_overrides(&[("campaign.json".to_owned(), "{ nope".to_owned())])
            .expect("rules");
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].section(), None);
    assert_eq!(problems[0].problem.kind, ProblemKind::Syntax);
    assert!(problems[0].built_in_used);
    assert_eq!(rules.campaign, crate::common::rules().campaign.clone());
    let (_, problems) =
        RulesData::with_overrides(&[("campaign.json".to_owned(), "[1, 2]".to_owned())])
            .expect("rules");
    assert_eq!(problems[0].section(), None);
    assert!(problems[0].built_in_used);
}

// The mechanism is shared: an older killteam.json lacking a section gets it
// from the built-in file too.
#[test]
fn kt_11_an_older_killteam_json_takes_its_missing_command_section_from_the_defaults() {
    let mut v = built_in("killteam.json");
    v.as_object_mut().expect("object").remove("command");
    v["team_size"] = 9.into();
    let (rules, problems) =
        RulesData::with_overrides(&[("killteam.json".to_owned(), v.to_string())]).expect("rules");
    assert_eq!(rules.killteam.team_size, 9);
    assert_eq!(rules.killteam.command.per_turn, 1);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].notice);
    assert_eq!(problems[0].problem.get("sections"), Some("command"));
}
