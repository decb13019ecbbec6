//! A campaign as a file: it round-trips, a journal that does not fit its
//! state is reported, any run of events replays to the state it gave, and
//! the example campaign is what its generator makes.

use super::*;
use muster::rules::ProblemKind;
use muster::rules::campaign::acts;
use muster::rules::campaign::queries;
use muster::rules::campaign::replay;
use muster::rules::killteam::ItemId;

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
        .find(|p| p.kind == ProblemKind::JournalRefused)
        .expect("the refused entry");
    let why = p.cause.as_deref().unwrap();
    assert_eq!(why.kind, ProblemKind::NoCharacter);
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
        .find(|p| p.kind == ProblemKind::JournalDisagrees)
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
    std::sync::Arc::make_mut(&mut std::sync::Arc::make_mut(&mut c.characters)[at]).state =
        State::Dead;
    let p = c
        .validate(r)
        .into_iter()
        .find(|p| p.kind == ProblemKind::JournalDisagrees)
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
                if queries::character(&c, *id).unwrap().state == State::Dead && s.fate && c.escorts[0].fate_points > 0 {
                    c = ok(&c, E::Debrief(DebriefEdit::FateReroll { character: *id, roll: die(10, s.faces[(i + 1) % 4]) }), r);
                }
            }
            for id in &pending {
                if queries::character(&c, *id).unwrap().state == State::SeriouslyWounded {
                    *injured.entry(*id).or_default() += 1;
                }
            }
            for x in c.characters.iter() {
                if x.state == State::Dead && !dead.contains(&x.id) {
                    // Only this mission's tests kill.
                    prop_assert!(pending.contains(&x.id));
                    dead.push(x.id);
                }
            }
            // The dead stay dead.
            for id in &dead {
                prop_assert_eq!(queries::character(&c, *id).unwrap().state, State::Dead);
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
        for x in c.characters.iter() {
            let owed = u32::from(x.misses_next);
            let hurt = injured.get(&x.id).copied().unwrap_or(0);
            prop_assert_eq!(missed.get(&x.id).copied().unwrap_or(0) + owed, hurt, "{}", x.name());
        }
        // Replaying the journal from the start gives the same campaign.
        let (replayed, _) = c.replay(r).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert!(replay::same_state(&replayed, &c));
        prop_assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
    }
}

/// The generator of the example campaign, `cargo run --example
/// example_campaign`, included here to check its output.
#[path = "../../../../examples/example_campaign.rs"]
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
pub(super) fn example(r: &RulesData) -> Campaign {
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
        vec![(id(&c, "Trooper Rusk"), ItemId::from("mine"))]
    );
    // A band counts no actions; the team keeps its command points to spend.
    assert!(!acts::counts_actions(&c, id(&c, "Inquisitor Vael")));
    assert!(acts::counts_actions(&c, id(&c, "Trooper Vell")));
    let bruno = c
        .escorts
        .iter()
        .find(|e| e.player == "Bruno")
        .expect("Bruno");
    assert_eq!(
        bruno.command_points,
        queries::rates(&c, &r.campaign).killteam_command_points
    );
    assert_eq!(table.turn(), 1);
}
