//! The models a mission names at the table (Assumed data): how each fights
//! (a profile of his own, or his faction's table line of a type), his
//! wounds and out of action as the table's events tick them, the fights
//! that reach him, and the ones the data says are not fought.

use crate::common::rules;
use crate::common::{band_escort, escort_at_the_mission, example_band, ok, refused, team_escort};
use muster::rules::ProblemKind;
use muster::rules::battle::from_table::{TableSide, table_side};
use muster::rules::campaign::TableEdit;
use muster::rules::campaign::named;
use muster::rules::campaign::queries;
use muster::rules::campaign::victory;
use muster::rules::campaign::{Campaign, CampaignEdit as E, Fighter, MissionType};
use muster::rules::{CharRef, Characteristic as C, RulesData};

/// The example band at the table of the mission `id` of type `t`.
fn band_at(r: &RulesData, t: MissionType, id: &str) -> Campaign {
    escort_at_the_mission(band_escort("Anne", &example_band()), (t, id), r)
}

#[test]
fn every_model_a_mission_names_says_what_the_mission_says_of_him() {
    let r = rules();
    let named: Vec<_> = r
        .campaign
        .missions
        .iter()
        .flat_map(|m| m.named.iter().map(move |n| (m, n)))
        .collect();
    for id in [
        "survival_betrayed",
        "inquiry_heretic_preacher",
        "investigation_dead_informant",
        "final_nemesis_lair",
    ] {
        assert!(named.iter().any(|(m, _)| m.id == id), "{id} names a model");
    }
    for (m, n) in named {
        for lang in ["en", "fr"] {
            assert!(!n.names[lang].is_empty() && !n.text[lang].is_empty());
        }
        // Whoever the mission's faction, a model fought as a line of its
        // table finds one.
        if let Some(kind) = &n.fighter_of {
            for f in &r.campaign.factions {
                assert!(
                    f.table
                        .iter()
                        .any(|l| l.entry_type == *kind && l.fighter.is_some()),
                    "{} {}: {}",
                    m.id,
                    n.id,
                    f.id
                );
            }
        }
    }
}

#[test]
fn the_traitor_contact_fights_by_his_own_profile_and_falls_as_an_enemy_does() {
    let r = rules();
    let c = band_at(r, MissionType::Survival, "survival_betrayed");
    let data = r.campaign.mission("survival_betrayed").expect("Betrayed");
    let contact = &data.named[0];
    assert_eq!(contact.names["en"], "The traitor contact");
    let f = named::fighter(&c, 0, r).expect("he is fought");
    assert_eq!(Some(f), contact.fighter.as_ref());
    assert_eq!(named::wounds(&c, 0, r), Some(1));
    assert!(named::refusal(&c, 0, r).is_none());

    // A wound ticked takes him out (his one wound), and back in.
    let id = Fighter::Named(0).id();
    let c = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: id,
            wounds: 1,
        }),
        r,
    );
    assert!(named::out(&c, 0));
    assert_eq!(named::taken(&c, 0), 1);
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: id,
            out: false,
        }),
        r,
    );
    assert!(!named::out(&c, 0));
    let c = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: id,
            wounds: 0,
        }),
        r,
    );

    // The battle screen's wounds: never past his last.
    let c = ok(
        &c,
        E::Table(TableEdit::AddWounds {
            character: id,
            wounds: 3,
            roll: Some(11),
            sides: Default::default(),
        }),
        r,
    );
    assert_eq!(named::taken(&c, 0), 1);
    assert!(named::out(&c, 0));
    let why = queries::wounding(&c)
        .wound_refusal(id)
        .expect("out already");
    assert_eq!(why.kind, ProblemKind::NamedOut);
    // None of the players' characters took his wounds.
    let t = c.table.as_ref().expect("table");
    assert!(t.wounds.values().all(|w| *w == 0) && t.out_of_action.is_empty());
}

#[test]
fn the_table_s_fights_reach_a_named_model_as_an_enemy_side() {
    let r = rules();
    let c = band_at(r, MissionType::Survival, "survival_betrayed");
    let me = CharRef::new(c.id.clone(), Fighter::Named(0).id());
    let Some(TableSide::Enemy(e)) = table_side(&c, r, &me, "fr") else {
        panic!("fought as one of the enemy's");
    };
    assert_eq!(e.name, "Le contact traître");
    assert_eq!(e.profile.get(C::W), 1);
    assert_eq!(e.save, Some(6));
    assert_eq!(e.weapons.len(), 2);
    assert_eq!(e.from, me);
    assert!(e.character, "one person, counted as a character");

    // Out of action, he has no wounds left to lose.
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: Fighter::Named(0).id(),
            out: true,
        }),
        r,
    );
    let side = table_side(&c, r, &me, "en").expect("still at the table");
    assert_eq!(side.name(), "The traitor contact");
}

#[test]
fn the_enemy_leader_a_mission_names_fights_as_his_faction_s_leader_line() {
    let r = rules();
    let c = band_at(r, MissionType::Inquiry, "inquiry_heretic_preacher");
    let m = c.mission.as_ref().expect("mission");
    assert_eq!(m.faction, "renegade_marines", "the Nemesis's faction");
    let leader = r
        .campaign
        .faction("renegade_marines")
        .expect("faction")
        .table
        .iter()
        .find(|l| l.entry_type == muster::rules::campaign::EnemyType::Leader)
        .expect("a leader line");
    assert_eq!(named::line(&c, 0, r), Some(leader));
    assert_eq!(named::fighter(&c, 0, r), leader.fighter.as_ref());
    let w = leader.fighter.as_ref().expect("fights").profile.get(C::W);
    assert_eq!(named::wounds(&c, 0, r), u32::try_from(w).ok());
    assert_eq!(named::names(&c, 0, r)["en"], "The renegade preacher");
}

#[test]
fn a_model_the_data_gives_no_profile_is_not_fought() {
    let r = rules();
    let c = band_at(r, MissionType::Inquiry, "inquiry_fallen_precinct");
    let prisoner = named::model(&c, 0, r).expect("the prisoner");
    assert_eq!(prisoner.id, "prisoner");
    assert!(named::fighter(&c, 0, r).is_none());
    assert_eq!(named::wounds(&c, 0, r), None);
    let id = Fighter::Named(0).id();
    for e in [
        E::Table(TableEdit::SetWounds {
            character: id,
            wounds: 1,
        }),
        E::Table(TableEdit::SetOutOfAction {
            character: id,
            out: true,
        }),
    ] {
        assert_eq!(refused(&c, e, r).kind, ProblemKind::NamedNotFought);
    }
    let me = CharRef::new(c.id.clone(), id);
    assert!(table_side(&c, r, &me, "en").is_none());
    // A model the mission does not name at all.
    let p = refused(
        &c,
        E::Table(TableEdit::SetWounds {
            character: Fighter::Named(1).id(),
            wounds: 1,
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::NoNamed);
}

#[test]
fn a_named_model_out_of_action_scores_no_kill_for_either_side() {
    let r = rules();
    let c = escort_at_the_mission(
        team_escort(&crate::common::example_team()),
        (MissionType::Survival, "survival_betrayed"),
        r,
    );
    let before = victory::battle_vp(&c, r).expect("a table");
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: Fighter::Named(0).id(),
            out: true,
        }),
        r,
    );
    let after = victory::battle_vp(&c, r).expect("a table");
    assert!(after.enemies_fallen.is_empty() && after.players_fallen.is_empty());
    assert_eq!(after.players, before.players);
    assert_eq!(after.enemy, before.enemy);
}
