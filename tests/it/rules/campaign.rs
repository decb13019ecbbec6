//! The campaign journal (CMP-1 … CMP-17, CHR-13 inside a campaign): every
//! event through the pure `apply`, with typed dice where a result matters.

mod books;
mod campaign_numbers;
pub(crate) mod carry;
mod casualties;
mod chronicle;
pub(crate) mod coop;
mod ending;
mod enemies;
pub(crate) mod equipment;
mod equipment_shown;
mod equipment_two_machines;
mod events;
mod file;
pub(crate) mod guide;
mod house_rules;
mod item_stratagems;
pub(crate) mod items;
mod journal_shared;
mod journals;
pub(crate) mod merge;
mod merge_command;
mod missions;
mod mutated_journals;
mod named;
mod recon;
pub(crate) mod recruits;
mod reinforcement_points;
mod rivals;
mod table_acts;
mod table_items;
mod table_turns;
pub(crate) mod turns;
pub(crate) mod validate;
mod validate_escorts;
pub(crate) mod victory;
mod who_plays;

use crate::common::{ok, refused};
use muster::i18n::Lang;
use muster::rules::campaign::queries;
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
    queries::history(c, who, &outcomes)
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
    queries::character(c, id(c, name)).expect("character").state
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
