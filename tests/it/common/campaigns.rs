//! Campaigns made for the tests: the example team, band and campaign, an
//! escort at the table of its first mission (dice seeded 7), the events
//! that draw and begin the next, an edit accepted or refused, and a data
//! folder's own rules.

use std::path::Path;

use super::read_roster;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, SetupEdit};
use muster::rules::{Document, Roster};
use muster::store;

/// Today's stamped file of a campaign shared by two machines (Camille's
/// laptop, Bruno's desktop), put in the documents folder `dir` as it is;
/// the campaign it holds.
pub fn stamped_campaign_in(dir: &std::path::Path) -> muster::rules::campaign::Campaign {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/campaign-v2-stamped.json"
    );
    std::fs::create_dir_all(dir.join("campaigns")).expect("folder");
    std::fs::copy(fixture, dir.join("campaigns/shared.json")).expect("copy");
    let text = std::fs::read_to_string(fixture).expect("fixture");
    muster::store::parse(&text, "shared").expect("campaign")
}

/// The soldier named `name` in `team`, to change.
pub fn soldier_named<'a>(
    team: &'a mut muster::rules::KillTeam,
    name: &str,
) -> &'a mut muster::rules::killteam::Soldier {
    team.soldiers
        .iter_mut()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("{name} in the team"))
}

/// The example kill team (`assets/examples/killteam.json`).
pub fn example_team() -> muster::rules::KillTeam {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/killteam.json"
    ))
    .expect("example");
    store::document::parse::<muster::rules::KillTeam>(&text, "raiders").expect("team")
}

/// The campaign character named `name`.
pub fn char_id(
    c: &muster::rules::campaign::Campaign,
    name: &str,
) -> muster::rules::campaign::CharId {
    c.characters
        .iter()
        .find(|x| x.name() == name)
        .map(|x| x.id)
        .unwrap_or_else(|| panic!("{name} in the campaign"))
}

/// "The Raid": `team` as Anne's escort, its first mission drawn and begun,
/// then the events `then` gives for that campaign, all with dice seeded 7.
pub fn team_at_the_table(
    team: &muster::rules::KillTeam,
    rules: &muster::rules::RulesData,
    then: impl FnOnce(&muster::rules::campaign::Campaign) -> Vec<muster::rules::campaign::CampaignEdit>,
) -> muster::rules::campaign::Campaign {
    escort_at_the_table(team_escort(team), rules, then)
}

/// "The Raid" with the example kill team as Anne's escort, at the table
/// of its first mission (dice seeded 7).
pub fn example_team_at_the_table(
    rules: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    team_at_the_table(&example_team(), rules, |_| Vec::new())
}

/// `team`'s soldiers as Anne's escort.
pub fn team_escort(team: &muster::rules::KillTeam) -> muster::rules::campaign::NewEscort {
    use muster::rules::campaign::{Member, NewEscort};
    NewEscort {
        player: "Anne".into(),
        source: team.name.clone(),
        kind: muster::rules::campaign::EscortKind::KillTeam,
        members: team.soldiers.iter().cloned().map(Member::Soldier).collect(),
        doc: None,
    }
}

/// "The Raid" with the example Rogue Trader band (Inquisitor Vael, Sister
/// Oriel, Sergeant Brask) as Anne's escort, at the table of its first
/// mission.
pub fn band_at_the_table(rules: &muster::rules::RulesData) -> muster::rules::campaign::Campaign {
    escort_at_the_table(band_escort("Anne", &example_band()), rules, |_| Vec::new())
}

/// The example Rogue Trader band (`assets/examples/rt-band.json`).
pub fn example_band() -> Roster {
    read_roster(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/rt-band.json"
    )))
    .expect("band")
}

/// `band`'s characters as `player`'s escort.
pub fn band_escort(player: &str, band: &Roster) -> muster::rules::campaign::NewEscort {
    use muster::rules::campaign::Member;
    muster::rules::campaign::NewEscort {
        player: player.into(),
        source: band.name.clone(),
        kind: muster::rules::campaign::EscortKind::Band,
        members: band
            .characters
            .iter()
            .cloned()
            .map(Member::Character)
            .collect(),
        doc: None,
    }
}

/// "The Raid": `escort` its escort, its first mission drawn and begun,
/// then the events `then` gives for that campaign, all with dice seeded 7.
pub fn escort_at_the_table(
    escort: muster::rules::campaign::NewEscort,
    rules: &muster::rules::RulesData,
    then: impl FnOnce(&muster::rules::campaign::Campaign) -> Vec<muster::rules::campaign::CampaignEdit>,
) -> muster::rules::campaign::Campaign {
    let c = muster::rules::campaign::Campaign::new("raid", "The Raid", &rules.campaign);
    let c = escort_at_the_table_from(&c, escort, rules);
    let mut rng = muster::rules::core::dice::seeded(7);
    let mut c = c;
    for e in then(&c) {
        c = c
            .apply(e.clone(), rules, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0;
    }
    c
}

/// `c`, a campaign in setup, with `escort` its escort, its first mission
/// drawn and begun, all with dice seeded 7.
pub fn escort_at_the_table_from(
    c: &muster::rules::campaign::Campaign,
    escort: muster::rules::campaign::NewEscort,
    rules: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    use muster::rules::campaign::{Campaign, CampaignEdit as E, MissionChoice};
    let mut rng = muster::rules::core::dice::seeded(7);
    let mut go = |c: &Campaign, e: E| {
        c.apply(e.clone(), rules, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0
    };
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let mut c = go(c, E::Setup(SetupEdit::SetSettings { settings: s }));
    let start = [
        E::Setup(SetupEdit::AddEscort { escort }),
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
    ];
    for e in start.into_iter().chain(drawn_and_begun()) {
        c = go(&c, e);
    }
    c
}

/// The campaign after `e`, which must be accepted (dice seeded 7).
pub fn ok(
    c: &muster::rules::Campaign,
    e: muster::rules::campaign::CampaignEdit,
    r: &muster::rules::RulesData,
) -> muster::rules::Campaign {
    let mut rng = muster::rules::core::dice::seeded(7);
    match c.apply(e.clone(), r, &mut rng) {
        Ok((c, _)) => c,
        Err(p) => panic!("{e:?} refused: {p:?}"),
    }
}

/// Why `e` is refused (it must be; dice seeded 7).
pub fn refused(
    c: &muster::rules::Campaign,
    e: muster::rules::campaign::CampaignEdit,
    r: &muster::rules::RulesData,
) -> muster::rules::Problem {
    let mut rng = muster::rules::core::dice::seeded(7);
    match c.apply(e, r, &mut rng) {
        Ok(_) => panic!("accepted"),
        Err(p) => p,
    }
}

/// The example campaign, as `assets/examples/campaign.json` holds it:
/// three missions in, at the table of the fourth with the band's
/// characters and the kill team's soldiers, two of whom have acted.
pub fn example_campaign_at_the_table(
    rules: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/campaign.json"
    ))
    .expect("example");
    let c = muster::store::document::parse::<muster::rules::campaign::Campaign>(&text, "tertius")
        .expect("campaign");
    assert!(c.validate(rules).is_empty(), "{:?}", c.validate(rules));
    c
}

/// The example campaign between its third and fourth missions: its
/// journal played again up to the fourth mission drawn, not yet begun, when
/// advance points are placed and reinforcements bought.
pub fn example_campaign_between_missions(
    rules: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    let mut c = example_campaign_at_the_table(rules);
    let next = (c.journal.iter())
        .rposition(|e| {
            matches!(
                e.event,
                muster::rules::CampaignEdit::Debrief(
                    muster::rules::campaign::DebriefEdit::NextMission { .. }
                )
            )
        })
        .expect("the fourth mission drawn");
    c.journal.truncate(next + 1);
    let (c, _) = c.replay(rules).expect("replays");
    assert_eq!(c.phase, muster::rules::campaign::Phase::Ready);
    c
}

/// A guardsman's actions in one activation (KT-9), as a house rule names it.
pub const GUARD_ACTIONS: &str = "killteam.json/soldier_kinds/0/actions/per_activation";

/// The rules of a data folder whose `killteam.json` gives a guardsman
/// `actions` actions, read as Muster reads its data folder (the folder is
/// kept while the rules are used).
pub fn folder_rules(actions: u32) -> (tempfile::TempDir, muster::rules::RulesData) {
    let dir = tempfile::tempdir().expect("dir");
    let text = muster::rules::data::BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == "killteam.json")
        .expect("killteam.json")
        .1;
    let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
    *v.pointer_mut("/soldier_kinds/0/actions/per_activation")
        .expect("the place") = actions.into();
    std::fs::write(dir.path().join("killteam.json"), v.to_string()).expect("write");
    let (rules, problems) = muster::store::load_rules(Some(dir.path())).expect("loads");
    assert!(problems.is_empty(), "{problems:?}");
    (dir, rules)
}

/// `c` played under the reading of KT-8 that only shows whose turn it is
/// (the players keep the order): for tests of other rules, whose soldiers
/// act one after the other with no enemy activation between.
pub fn turns_shown(
    c: &muster::rules::campaign::Campaign,
    r: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    use muster::rules::campaign::{CampaignEdit as E, RulesEdit};
    let place = "killteam.json/turn/alternation_enforced";
    let edit = match &c.house_rules {
        None => E::HouseRules(RulesEdit::record(
            muster::rules::house_rules::HouseRules::of([muster::rules::house_rules::RuleChange {
                place: place.into(),
                value: false.into(),
            }]),
        )),
        Some(_) => E::HouseRules(RulesEdit::Set {
            place: place.into(),
            value: Some(false.into()),
        }),
    };
    ok(c, edit, r)
}

/// The events that end the mission at the table (lost) and begin the next
/// one, its enemy drawn.
pub fn next_mission_begun() -> Vec<muster::rules::campaign::CampaignEdit> {
    use muster::rules::campaign::{CampaignEdit as E, MissionChoice, MissionResult};
    let mut events = vec![
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: false,
                vp: 0,
            },
            played: vec![],
        }),
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
    ];
    events.extend(drawn_and_begun());
    events
}

/// The events that draw the whole enemy escort of the mission, seeded,
/// and begin it.
pub fn drawn_and_begun() -> [muster::rules::campaign::CampaignEdit; 2] {
    use muster::rules::campaign::CampaignEdit as E;
    [
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        E::Preparation(PreparationEdit::BeginMission),
    ]
}

/// "The Raid" with `escort` its escort, the mission `mission` of type `t`
/// picked by hand as its first, its enemy drawn and the mission begun, all
/// with dice seeded 7.
pub fn escort_at_the_mission(
    escort: muster::rules::campaign::NewEscort,
    (t, mission): (muster::rules::campaign::MissionType, &str),
    rules: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    use muster::rules::campaign::{Campaign, CampaignEdit as E, MissionChoice};
    let mut rng = muster::rules::core::dice::seeded(7);
    let mut c = Campaign::new("raid", "The Raid", &rules.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let choice = MissionChoice {
        force_type: Some(t),
        reason: "a mission chosen for the evening".into(),
        pick: Some(mission.into()),
        ..MissionChoice::default()
    };
    for e in [
        E::Setup(SetupEdit::SetSettings { settings: s }),
        E::Setup(SetupEdit::AddEscort { escort }),
        E::Setup(SetupEdit::Start {
            rates: None,
            choice,
        }),
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        E::Preparation(PreparationEdit::BeginMission),
    ] {
        c = c
            .apply(e.clone(), rules, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0;
    }
    c
}

/// Whether `who`'s `item` is struck off, used, at the table of `c` (which
/// must be at the table).
pub fn struck_off(
    c: &muster::rules::campaign::Campaign,
    who: muster::rules::campaign::CharId,
    item: &str,
) -> bool {
    let table = c.table.as_ref().expect("at the table");
    table
        .struck
        .contains(&(who, muster::rules::killteam::ItemId::from(item)))
}
