//! Makes the example campaign, `assets/examples/campaign.json`, through the
//! journal engine: the example band (`assets/examples/rt-band.json`) and
//! the example kill team (`assets/examples/killteam.json`) escorted through
//! three missions, with their recruits, recon, Cran tests and a fate point,
//! then into the first turn of the fourth, where two soldiers have acted;
//! every die seeded or typed.
//!
//! `cargo run --example example_campaign` writes it in place;
//! `cargo run --example example_campaign -- OUT.json` writes it elsewhere.
//! The integration tests include this file and check that the checked-in
//! example is byte for byte what it makes.

use muster::rules::campaign::enemy;
use muster::rules::campaign::queries;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, CharId, EscortId, EscortKind, Fighter, Member, MissionChoice,
    MissionResult, NewEscort, Sides,
};
use muster::rules::campaign::{
    DebriefEdit, ItemEdit, PreparationEdit, ReinforcementEdit, SetupEdit, TableEdit, TurnEdit,
};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::killteam::activation::Act;
use muster::rules::{Character, Document as _, KillTeam, Roster, RulesData};
use std::path::{Path, PathBuf};

/// The example band's file, read by the generator.
pub fn band_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples/rt-band.json")
}

/// The example kill team's file, read by the generator.
pub fn team_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples/killteam.json")
}

/// The example campaign's file, where the generator writes by default.
pub fn campaign_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples/campaign.json")
}

fn die(sides: u32, face: u32) -> Option<Roll> {
    Some(Roll::from_faces(sides, vec![face], 0))
}

fn human(name: &str) -> Member {
    Member::Character(Character::new(0, name, "human"))
}

fn id(c: &Campaign, name: &str) -> CharId {
    c.characters
        .iter()
        .find(|x| x.name() == name)
        .map(|x| x.id)
        .expect("character")
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

/// The escorts of the example: the band and the kill team.
struct Escorts {
    band: Roster,
    team: KillTeam,
}

/// The campaign set up: its factions chosen, Camille's band and Bruno's
/// kill team its escorts.
fn set_up(
    escorts: &Escorts,
    go: &mut impl FnMut(&Campaign, E) -> Campaign,
    r: &RulesData,
) -> Campaign {
    // Begun as the window begins one: its rules recorded first.
    let c = <Campaign as muster::rules::Document>::create(
        "hive-tertius".into(),
        "The Tertius Heresy".into(),
        r,
    );
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into(), "orks".into()];
    let c = go(&c, E::Setup(SetupEdit::SetSettings { settings: s }));
    let band = NewEscort {
        player: "Camille".into(),
        source: escorts.band.name.clone(),
        kind: EscortKind::Band,
        members: (escorts.band.characters.iter().cloned())
            .map(Member::Character)
            .collect(),
        doc: None,
    };
    let team = NewEscort {
        player: "Bruno".into(),
        source: escorts.team.name.clone(),
        kind: EscortKind::KillTeam,
        members: (escorts.team.soldiers.iter().cloned())
            .map(Member::Soldier)
            .collect(),
        doc: None,
    };
    let c = go(&c, E::Setup(SetupEdit::AddEscort { escort: band }));
    go(&c, E::Setup(SetupEdit::AddEscort { escort: team }))
}

/// The next mission drawn and begun.
fn next_mission(c: &Campaign, go: &mut impl FnMut(&Campaign, E) -> Campaign) -> Campaign {
    let c = go(
        c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
    );
    draw_and_begin(&c, go)
}

/// The enemy drawn and the mission begun.
fn draw_and_begin(c: &Campaign, go: &mut impl FnMut(&Campaign, E) -> Campaign) -> Campaign {
    let c = go(
        c,
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
    );
    go(&c, E::Preparation(PreparationEdit::BeginMission))
}

/// The example campaign, three missions in and at the table of the
/// fourth, made from the band's and the kill team's file text.
///
/// # Panics
/// If the band or the team does not parse or the engine refuses an event.
pub fn example_campaign(band_text: &str, team_text: &str, r: &RulesData) -> Campaign {
    let escorts = Escorts {
        band: muster::store::document::parse::<Roster>(band_text, "rt-band").expect("the band"),
        team: muster::store::document::parse::<KillTeam>(team_text, "killteam").expect("the team"),
    };
    let mut rng = seeded(40_000);
    let mut go = |c: &Campaign, e: E| {
        c.apply(e.clone(), r, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0
    };
    let c = set_up(&escorts, &mut go, r);
    let c = go(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
    );
    let c = first_mission(&draw_and_begin(&c, &mut go), &mut go, r);
    let c = second_mission(&next_mission(&c, &mut go), &mut go);
    let c = third_mission(&next_mission(&c, &mut go), &mut go);
    fourth_mission_first_turn(&next_mission(&c, &mut go), &mut go)
}

/// The fourth mission's first turn at the table, under way: Trooper Vell
/// has moved and fired his flamer, an enemy has answered, and Trooper Rusk
/// has laid his mine, moved and fired, so that his mine is armed. Bruno's
/// team keeps its command points for the player to spend.
fn fourth_mission_first_turn(
    c: &Campaign,
    go: &mut impl FnMut(&Campaign, E) -> Campaign,
) -> Campaign {
    let vell = id(c, "Trooper Vell");
    let rusk = id(c, "Trooper Rusk");
    let mut c = c.clone();
    for act in [Act::Move, Act::Shoot] {
        c = go(
            &c,
            E::Turn(TurnEdit::Act {
                character: vell,
                act,
            }),
        );
    }
    c = go(&c, E::Turn(TurnEdit::EnemyActivation { index: 0 }));
    // EQ-11: laid without a target, it goes off later, on the model picked.
    c = go(
        &c,
        E::Items(ItemEdit::UseItem {
            character: rusk,
            item: "mine".into(),
            target: None,
            roll: None,
        }),
    );
    for act in [Act::Move, Act::Shoot] {
        c = go(
            &c,
            E::Turn(TurnEdit::Act {
                character: rusk,
                act,
            }),
        );
    }
    c
}

/// The first mission won (2 VP) with the inquisitor on his last wound, two
/// troopers recruited after it and a recon by Sister Oriel.
fn first_mission(
    c: &Campaign,
    go: &mut impl FnMut(&Campaign, E) -> Campaign,
    r: &RulesData,
) -> Campaign {
    let mut c = c.clone();
    let vael = id(&c, "Inquisitor Vael");
    let brask = id(&c, "Sergeant Brask");
    // Two fights of the battle screen applied to the table: the first
    // enemy alone wounds Vael; Brask alone takes the second out of
    // action.
    let (first, second) = (Fighter::Enemy(0).id(), Fighter::Enemy(1).id());
    if queries::character(&c, vael).expect("Vael").member.wounds(r) > 1 {
        c = go(
            &c,
            E::Table(TableEdit::AddWounds {
                character: vael,
                wounds: 1,
                roll: Some(1_001),
                sides: Sides {
                    first: vec![first],
                    second: vec![vael],
                },
            }),
        );
    }
    c = go(
        &c,
        E::Table(TableEdit::AddWounds {
            character: second,
            wounds: enemy::wounds(&c, 1, r),
            roll: Some(1_002),
            sides: Sides {
                first: vec![brask],
                second: vec![second],
            },
        }),
    );
    let mut c = go(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(2),
            played: vec![],
        }),
    );
    for name in ["Trooper Hesk", "Trooper Dall"] {
        c = go(
            &c,
            E::Reinforcements(ReinforcementEdit::Recruit {
                escort: EscortId(1),
                member: human(name),
                cost: 10,
                from: None,
            }),
        );
    }
    let oriel = id(&c, "Sister Oriel");
    go(
        &c,
        E::Debrief(DebriefEdit::Recon {
            character: oriel,
            roll: die(12, 3),
            cran: None,
            fortune: None,
            effect: None,
        }),
    )
}

/// The second mission won (1 VP), Trooper Hesk of the band and Trooper
/// Osk of the kill team out of action, both passing their Cran tests.
fn second_mission(c: &Campaign, go: &mut impl FnMut(&Campaign, E) -> Campaign) -> Campaign {
    let hesk = id(c, "Trooper Hesk");
    let osk = id(c, "Trooper Osk");
    let mut c = c.clone();
    for who in [hesk, osk] {
        c = go(
            &c,
            E::Table(TableEdit::SetOutOfAction {
                character: who,
                out: true,
            }),
        );
    }
    let mut c = go(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(1),
            played: vec![],
        }),
    );
    for who in [hesk, osk] {
        c = go(
            &c,
            E::Debrief(DebriefEdit::CranTest {
                character: who,
                roll: die(10, 9),
            }),
        );
    }
    c
}

/// The third mission lost: three taken out of action, Oriel and Brask
/// wounded by their Cran tests, Dall killed even after his fate point.
fn third_mission(c: &Campaign, go: &mut impl FnMut(&Campaign, E) -> Campaign) -> Campaign {
    let mut c = c.clone();
    let dall = id(&c, "Trooper Dall");
    let brask = id(&c, "Sergeant Brask");
    let oriel = id(&c, "Sister Oriel");
    for who in [dall, brask, oriel] {
        c = go(
            &c,
            E::Table(TableEdit::SetOutOfAction {
                character: who,
                out: true,
            }),
        );
    }
    let c = go(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: lost(),
            played: vec![],
        }),
    );
    let c = go(
        &c,
        E::Debrief(DebriefEdit::CranTest {
            character: oriel,
            roll: die(10, 9),
        }),
    );
    let brask_cran = queries::character(&c, brask).expect("Brask").cran;
    let mut c = c;
    for (who, face) in [(brask, brask_cran), (dall, 1)] {
        c = go(
            &c,
            E::Debrief(DebriefEdit::CranTest {
                character: who,
                roll: die(10, face),
            }),
        );
    }
    go(
        &c,
        E::Debrief(DebriefEdit::FateReroll {
            character: dall,
            roll: die(10, 2),
        }),
    )
}

/// The example campaign's file text, as `muster` saves it.
///
/// # Panics
/// As [`example_campaign`], or if the campaign cannot be written.
pub fn example_text(band_text: &str, team_text: &str, r: &RulesData) -> String {
    muster::store::to_json(&example_campaign(band_text, team_text, r)).expect("the campaign's text")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args_os()
        .nth(1)
        .map_or_else(campaign_path, PathBuf::from);
    let r = RulesData::built_in().map_err(|p| format!("the built-in rules: {p:?}"))?;
    let band_text = std::fs::read_to_string(band_path())?;
    let team_text = std::fs::read_to_string(team_path())?;
    std::fs::write(&out, example_text(&band_text, &team_text, &r))?;
    println!("{}", out.display());
    Ok(())
}
