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

use crate::common::rules;
use muster::i18n::Lang;
use muster::rules::campaign::Campaign;
use muster::rules::campaign::replay;
use muster::rules::killteam::{Carried, KillTeam, Soldier};
use muster::rules::{Msg, Problem, ProblemKind, Roster, RulesData};

pub(crate) fn example<T: serde::de::DeserializeOwned>(file: &str) -> T {
    let path = format!("{}/assets/examples/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("example");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let kind = value["muster"].as_str().expect("kind").to_owned();
    serde_json::from_value(value[kind.as_str()].clone()).expect("payload")
}

/// What is wrong with a text a player reads, if anything.
pub(crate) fn faults(text: &str) -> Vec<String> {
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
    if bracketed_dice(text) {
        out.push("dice faces in brackets".to_owned());
    }
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '+'))
        .filter(|w| !w.is_empty())
        .collect();
    for w in &words {
        if w.starts_with("D0") || w.contains("+0D") {
            out.push(format!("raw dice: {w}"));
        }
    }
    let spaced: Vec<&str> = text.split_whitespace().collect();
    for pair in spaced.windows(2) {
        let noun = pair[1].trim_end_matches(|c: char| !c.is_alphanumeric());
        if pair[0] == "1" && PLURALS.contains(&noun) {
            out.push(format!("a plural after one: 1 {}", pair[1]));
        }
    }
    out
}

/// Plural nouns a count of one must not take, in both languages.
const PLURALS: [&str; 11] = [
    "wounds",
    "hits",
    "attacks",
    "dice",
    "models",
    "blessures",
    "touches",
    "attaques",
    "figurines",
    "points",
    "sauvegardées",
];

/// Common English words that must not show in a French text.
const ENGLISH: [&str; 16] = [
    "the", "and", "with", "wound", "wounds", "hit", "hits", "attack", "attacks", "saved", "dice",
    "rolled", "passed", "failed", "against", "caused",
];

/// What is wrong with a French text a player reads: the faults of any
/// text, and an English word left untranslated.
pub(crate) fn faults_fr(text: &str) -> Vec<String> {
    let mut out = faults(text);
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        if ENGLISH.contains(&w.to_lowercase().as_str()) {
            out.push(format!("an English word: {w}"));
        }
    }
    out
}

/// Renders each problem and message in both languages; the faults found,
/// one line each.
pub(crate) fn check(problems: &[Problem], messages: &[Msg]) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for lang in Lang::ALL {
        let texts = problems
            .iter()
            .map(|p| (p.key.to_owned(), lang.problem_line(p)))
            .chain(messages.iter().map(|m| (m.key.to_string(), lang.msg(m))));
        for (key, text) in texts {
            let found_here = match lang {
                Lang::Fr => faults_fr(&text),
                _ => faults(&text),
            };
            for fault in found_here {
                found.insert(format!("{}: {key}: {fault}: {text}", lang.code()));
            }
        }
    }
    found
}

/// A soldier of `kind` with `weapon`, the items and the ribbon given.
pub(crate) fn soldier(kind: &str, weapon: &str, items: &[&str], ribbon: Option<&str>) -> Soldier {
    let mut s = example::<KillTeam>("killteam.json").soldiers[0].clone();
    s.name = "Kessel".to_owned();
    s.kind = kind.into();
    s.weapon = weapon.into();
    s.items = items
        .iter()
        .map(|i| Carried {
            item: (*i).into(),
            weapon: None,
        })
        .collect();
    s.ribbon = ribbon.map(Into::into);
    s
}

/// Every problem a kill team can show: each kind with each weapon, each
/// item, each pair of items and each ribbon, and ids no data knows.
pub(crate) fn killteam_problems(rules: &RulesData) -> Vec<Problem> {
    let data = &rules.killteam;
    let team = example::<KillTeam>("killteam.json");
    let mut soldiers = Vec::new();
    for kind in &data.soldier_kinds {
        for w in &data.weapons {
            soldiers.push(soldier(kind.id.as_str(), w.id.as_str(), &[], None));
        }
        for it in &data.equipment {
            soldiers.push(soldier(
                kind.id.as_str(),
                &kind_weapon(rules, kind.id.as_str()),
                &[it.id.as_str()],
                None,
            ));
            for other in &data.equipment {
                soldiers.push(soldier(
                    kind.id.as_str(),
                    &kind_weapon(rules, kind.id.as_str()),
                    &[it.id.as_str(), other.id.as_str()],
                    None,
                ));
            }
        }
        for r in &data.ribbons {
            soldiers.push(soldier(
                kind.id.as_str(),
                &kind_weapon(rules, kind.id.as_str()),
                &[],
                Some(r.id.as_str()),
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
pub(crate) fn kind_weapon(rules: &RulesData, kind: &str) -> String {
    example::<KillTeam>("killteam.json")
        .soldiers
        .iter()
        .find(|s| s.kind == kind)
        .map_or_else(
            || rules.killteam.weapons[0].id.to_string(),
            |s| s.weapon.to_string(),
        )
}

#[test]
fn every_kill_team_problem_reads_as_words_in_both_languages() {
    let rules = rules();
    let problems = killteam_problems(rules);
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
    let (_, outcomes) = campaign.replay(rules).expect("the example replays");
    let messages: Vec<Msg> = outcomes
        .into_iter()
        .flat_map(|o| o.lines.into_iter().map(|(_, m)| m))
        .collect();
    assert!(
        messages.len() > 20,
        "the journal says things: {}",
        messages.len()
    );
    let found = check(&replay::validate(&campaign, rules), &messages);
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
    let mut problems = band.validate(rules);
    // Each character given every race and every type, and values out of
    // every range.
    for c in band.characters.iter() {
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
            problems.extend(b.validate(rules));
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
            problems.extend(b.validate(rules));
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
    assert!(!faults("1 hits, 0 wounds").is_empty());
    assert!(!faults("1 touches").is_empty());
    assert!(!faults("rolls D0").is_empty());
    assert!(!faults_fr("Kessel subit 2 wounds").is_empty());
    assert!(faults_fr("Kessel subit 2 blessures (D6 : 4)").is_empty());
    assert!(faults("Kessel takes 2 wounds (D6: 4)").is_empty());
    assert!(!faults("Dice: to hit 1D6 [4] = 4").is_empty());
}

/// Dice written as a player writes them (`D6: 5`, `2D6: 3 + 4 = 7`), never
/// as a program prints a list (`1D6 [5] = 5`).
pub(crate) fn bracketed_dice(text: &str) -> bool {
    text.match_indices(" [").any(|(at, _)| {
        let before = &text[..at];
        let word = before.rsplit(' ').next().unwrap_or("");
        word.contains('D') && word.chars().any(|c| c.is_ascii_digit())
    })
}

#[test]
fn dice_read_as_a_player_writes_them_in_both_languages() {
    use muster::rules::core::dice::Roll;
    let one = Roll::from_faces(6, vec![5], 0);
    let two = Roll::from_faces(6, vec![3, 4], 0);
    assert_eq!(one.to_string(), "D6: 5");
    assert_eq!(two.to_string(), "2D6: 3 + 4 = 7");
    assert!(
        bracketed_dice("to hit 1D6 [5] = 5"),
        "the checker sees brackets"
    );
    for lang in Lang::ALL {
        for roll in [&one, &two] {
            let msgs = [
                Msg::new("battle.die")
                    .key("purpose", "dice.for.placement")
                    .text("faces", roll.to_string()),
                Msg::new("dice.points")
                    .text("name", "Kell")
                    .text("roll", roll.to_string()),
                Msg::new("campaign.log.cran_test")
                    .text("character", "Kell")
                    .text("roll", roll.to_string())
                    .int("cran", 5),
            ];
            for m in msgs {
                let text = lang.msg(&m);
                assert!(!bracketed_dice(&text), "{}: {text}", lang.code());
                assert!(!text.contains("1D6"), "one die is written D6: {text}");
            }
        }
    }
}

/// The advance dice, each roll with the characteristic it raised
/// (or that it was at its maximum and rolled again), in the reader's
/// abbreviations: `CC` and `SF` in French, never `WS` or `Cl`.
#[test]
fn the_advance_dice_read_in_each_language() {
    use muster::rules::Characteristic;
    use muster::rules::characters::roster_edit::placement_msg;
    use muster::rules::characters::{PlacementStep, RandomPlacement};
    use muster::rules::core::dice::Roll;
    let step = |face: u32, c: Characteristic, raised: bool| PlacementStep {
        roll: Roll::from_faces(20, vec![face], 0),
        names: Some(c),
        raised,
    };
    let placement = RandomPlacement {
        steps: vec![
            step(3, Characteristic::WS, true),
            step(5, Characteristic::BS, false),
            step(19, Characteristic::Cl, true),
        ],
        placed: 2,
        unspent: 0,
    };
    let msg = placement_msg(&placement);
    let en = Lang::En.msg(&msg);
    assert_eq!(
        en,
        "Advance dice (D20): WS (3), BS at its maximum (5) → rolled again, Cl (19); 2 placed."
    );
    let fr = Lang::Fr.msg(&msg);
    assert!(
        fr.contains("CC (3)") && fr.contains("CT déjà à son maximum (5)"),
        "{fr}"
    );
    assert!(fr.contains("SF (19)") && fr.contains("2 placés"), "{fr}");
    for english in ["WS", "BS", "Cl", "at max"] {
        assert!(!fr.contains(english), "{english} in French: {fr}");
    }
}

#[test]
fn french_numbers_take_a_decimal_comma_and_lengths_no_useless_zero() {
    // A chance, as the battle screen fills it in.
    let en = Lang::En.f("battle.unsaved", &[("p", "16.7 %")]);
    let fr = Lang::Fr.f("battle.unsaved", &[("p", "16.7 %")]);
    assert!(en.contains("16.7 %"), "{en}");
    assert!(fr.contains("16,7 %") && !fr.contains("16.7"), "{fr}");
    // A length pushed back (CC-14): 2", not 2.0".
    let fr = Lang::Fr.f("battle.cc.push.free", &[("inches", "2.0")]);
    assert!(
        fr.contains("2\"") && !fr.contains("2.0") && !fr.contains("2,0"),
        "{fr}"
    );
    let fr = Lang::Fr.f("battle.cc.push.free", &[("inches", "2.5")]);
    assert!(fr.contains("2,5\""), "{fr}");
}

#[test]
fn french_counts_take_their_plural_in_kill_team_and_campaign_lines() {
    let one = Problem::new("KT-1", "kt.problem.size")
        .arg("equivalents", 1)
        .arg("size", 7);
    let fr = Lang::Fr.problem(&one);
    assert!(fr.contains("1 équivalent soldat ;"), "{fr}");
    assert!(Lang::En.problem(&one).contains("1 soldier equivalent;"));
    let wounds = Msg::new("campaign.log.battle_wounds")
        .text("character", "Ogryn")
        .int("wounds", 1)
        .int("now", 1)
        .int("max", 3);
    let fr = Lang::Fr.msg(&wounds);
    assert!(
        fr.contains("subit 1 blessure à l'écran de bataille : 1 PV perdu sur 3"),
        "{fr}"
    );
    let psy = Msg::new("battle.psy.rolled.wounds")
        .int("hits", 1)
        .int("wounded", 0)
        .int("saved", 0)
        .int("count", 0)
        .int("dead", 0);
    let fr = Lang::Fr.msg(&psy);
    assert!(fr.starts_with("1 touche, 0 blessure au jet"), "{fr}");
}

/// A key written twice in a locale file would silently hide one of its
/// texts (the JSON reader keeps the last): each key is there once.
#[test]
fn no_key_is_written_twice_in_a_locale_file() {
    for file in ["en.json", "fr.json"] {
        let path = format!("{}/assets/locales/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("locale");
        let mut seen = std::collections::BTreeSet::new();
        for line in text.lines() {
            let Some(rest) = line.trim_start().strip_prefix('"') else {
                continue;
            };
            let Some((key, _)) = rest.split_once("\":") else {
                continue;
            };
            assert!(seen.insert(key.to_owned()), "{file}: {key} twice");
        }
        assert!(seen.len() > 100, "{file}: {} keys read", seen.len());
    }
}

/// In French "PV" is always "points de vie" (wounds), never victory
/// points: the missions' texts and every message about victory points
/// write "points de victoire"; and "journal" is only the campaign's record
/// (the battle screen keeps a "relevé", the window its "messages").
#[test]
fn in_french_pv_are_wounds_and_the_journal_is_the_campaign_s() {
    let root = env!("CARGO_MANIFEST_DIR");
    let campaign: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{root}/assets/rules/campaign.json")).expect("data"),
    )
    .expect("json");
    let mut french = Vec::new();
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    match (k.as_str(), x) {
                        ("fr", serde_json::Value::String(s)) => out.push(s.clone()),
                        _ => walk(x, out),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    walk(&campaign["missions"], &mut french);
    assert!(french.len() > 10, "the missions' French texts");
    let pv = regex_free_word(" PV");
    for text in &french {
        assert!(!pv(text), "a mission says PV for victory points: {text}");
    }
    let fr: serde_json::Map<String, serde_json::Value> = serde_json::from_str(
        &std::fs::read_to_string(format!("{root}/assets/locales/fr.json")).expect("fr"),
    )
    .expect("json");
    for (key, v) in &fr {
        let text = v.as_str().unwrap_or_default();
        if key.contains("vp") || text.contains("victoire") {
            assert!(!pv(text), "{key} says PV for victory points: {text}");
        }
        if key.starts_with("battle.") || key.starts_with("log.") || key == "action.toggle_log" {
            assert!(
                !text.to_lowercase().contains("journal"),
                "{key} calls something else a journal: {text}"
            );
        }
    }
}

/// Whether `word` stands in `text` as a word of its own.
pub(crate) fn regex_free_word(word: &'static str) -> impl Fn(&str) -> bool {
    move |text: &str| {
        text.match_indices(word).any(|(i, _)| {
            text[i + word.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
        })
    }
}

/// The Edit menu says "Undo {what}" and the log "Undone: {what}." with an
/// event's words: every event's words begin in lower case, as a phrase
/// inside a sentence (the journal capitalises them as headings); only a
/// name (the Cran) keeps its capital.
#[test]
fn every_event_s_words_read_inside_a_sentence() {
    for lang in muster::i18n::Lang::ALL {
        let capitalised: Vec<&String> = lang
            .catalogue()
            .iter()
            .filter(|(k, _)| k.starts_with("campaign.event.") && !k.contains(".label"))
            .filter(|(_, v)| v.chars().next().is_some_and(char::is_uppercase))
            .filter(|(_, v)| !v.starts_with("Cran"))
            .map(|(k, _)| k)
            .collect();
        assert!(capitalised.is_empty(), "{lang:?}: {capitalised:?}");
    }
}

#[test]
fn a_message_and_a_problem_written_and_read_back_say_the_same() {
    let problem = Problem::new("KT-5", "kt.problem.too_many_items")
        .character("Trooper Nim")
        .arg("count", 2)
        .arg("max", 1);
    let msg = Msg::new("battle.die")
        .key("purpose", "dice.for.pool")
        .text("faces", "4, 6")
        .problem("why", problem.clone());
    let text = serde_json::to_string(&msg).expect("written");
    let back: Msg = serde_json::from_str(&text).expect("read back");
    assert_eq!(back, msg);
    let back: Problem =
        serde_json::from_str(&serde_json::to_string(&problem).expect("written")).expect("read");
    assert_eq!(back, problem);
    for lang in [Lang::En, Lang::Fr] {
        assert_eq!(lang.msg(&back_msg(&text)), lang.msg(&msg));
    }
}

#[test]
fn a_problem_read_back_is_of_the_kind_its_key_gives_whatever_kind_is_written() {
    let problem = Problem::new("CMP-13", "campaign.problem.journal_refused").arg("entry", 3);
    let written = serde_json::to_string(&problem).expect("written");
    assert!(written.contains(r#""kind":"journal_refused""#), "{written}");
    for kind in [r#""kind":"other""#, r#""kind":"a_kind_unknown_here""#] {
        let text = written.replace(r#""kind":"journal_refused""#, kind);
        let back: Problem = serde_json::from_str(&text).expect("read");
        assert_eq!(back.kind, ProblemKind::JournalRefused, "{text}");
    }
}

fn back_msg(text: &str) -> muster::rules::Msg {
    serde_json::from_str(text).expect("read back")
}
