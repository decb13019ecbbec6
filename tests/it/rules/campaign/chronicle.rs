//! The campaign's story, mission by mission, as its journal tells it
//! (CMP-1, CMP-2, CMP-7, CMP-9, CMP-12, CMP-14): each mission's result and VP,
//! the fallen and the wounded, the recruits, the tests and the recon.

use muster::rules::campaign::State;
use muster::rules::campaign::chronicle::chronicle;
use muster::rules::campaign::enemy;
use muster::rules::campaign::queries;

use super::*;

#[test]
fn cmp_9_cmp_12_the_example_campaign_s_story_is_its_journal_s() {
    let r = rules();
    let c = file::example(r);
    let story = chronicle(&c, r).expect("the journal plays");
    let numbers: Vec<u32> = story.iter().map(|s| s.number).collect();
    assert_eq!(
        numbers,
        vec![0, 1, 2, 3, 4],
        "the setup, three missions, the fourth drawn"
    );
    let m = |n: usize| &story[n];
    // The first: won, 2 VP; two troopers recruited after it; Oriel's recon.
    assert_eq!(m(1).result, Some((true, 2)));
    assert_eq!(m(1).recruits, vec!["Trooper Hesk", "Trooper Dall"]);
    assert_eq!(m(1).recon, vec!["Sister Oriel"]);
    // The second: won, 1 VP; Hesk and Osk out of action, both back.
    assert_eq!(m(2).result, Some((true, 1)));
    assert_eq!(m(2).cran_tests, 2);
    assert!(m(2).fallen.is_empty());
    let names = |f: &[muster::rules::campaign::chronicle::Fate]| {
        f.iter().map(|x| x.name.clone()).collect::<Vec<_>>()
    };
    assert_eq!(names(&m(2).wounded), vec!["Trooper Hesk", "Trooper Osk"]);
    // The third: lost; Dall killed by his Cran test even after his fate
    // point; Oriel and Brask wounded.
    assert_eq!(m(3).result, Some((false, 0)));
    assert_eq!(names(&m(3).fallen), vec!["Trooper Dall"]);
    assert_eq!(m(3).fallen[0].state, State::Dead);
    assert_eq!(m(3).fallen[0].by, "campaign.event.cran_test");
    assert_eq!(m(3).fate_points, 1);
    assert_eq!(names(&m(3).wounded), vec!["Sister Oriel", "Sergeant Brask"]);
    assert_eq!(m(3).wounded[1].state, State::SeriouslyWounded);
    // The fourth: drawn, being played.
    assert!(m(4).result.is_none());
    assert_eq!(
        m(4).mission.as_ref().map(|x| x.mission.as_str()),
        Some("survival_betrayed")
    );
    // Every entry of the journal is in one mission's story.
    let told: usize = story.iter().map(|s| s.entries.len()).sum();
    assert_eq!(told, c.journal.len());
    // VP held after each mission, as the campaign holds them now.
    assert_eq!(story.last().map(|s| s.vp_after), Some(c.vp));
}

#[test]
fn cmp_13_a_characters_service_record_is_the_story_s_lines_about_him() {
    use muster::rules::campaign::chronicle::service_record;
    let r = rules();
    let c = file::example(r);
    let story = chronicle(&c, r).expect("the journal plays");
    let hesk = service_record(&story, id(&c, "Trooper Hesk"));
    assert_eq!(hesk.joined_after, Some(1));
    assert_eq!(
        hesk.wounded.iter().map(|(m, _)| *m).collect::<Vec<_>>(),
        vec![2]
    );
    assert!(hesk.fell.is_none());
    // He played the two missions after he joined; his Cran test after
    // the second left him lightly wounded (CMP-9).
    assert_eq!(hesk.played, vec![2, 3]);
    assert_eq!(hesk.tests, vec![(2, State::LightlyWounded)]);
    let dall = service_record(&story, id(&c, "Trooper Dall"));
    assert_eq!(
        dall.fell.as_ref().map(|(m, f)| (*m, f.state)),
        Some((3, State::Dead))
    );
    assert_eq!(dall.missions, vec![1, 2, 3]);
    // His test killed him, a fate point rerolled it, and he died all the
    // same (CMP-12).
    assert_eq!(dall.tests, vec![(3, State::Dead)]);
    assert_eq!(dall.fate_points, vec![3]);
    // Oriel went on recon after the first (CMP-14).
    let oriel = service_record(&story, id(&c, "Sister Oriel"));
    assert_eq!(oriel.recon, vec![1]);
    // One there from the start, never hurt: the missions he played.
    let vael = service_record(&story, id(&c, "Inquisitor Vael"));
    assert_eq!(vael.played, vec![1, 2, 3]);
    assert!(vael.wounded.is_empty() && vael.tests.is_empty() && vael.fell.is_none());
    assert_eq!(vael.joined_after, None);
}

#[test]
fn chr_13_an_advance_in_the_service_record_says_the_characteristic_before_and_after() {
    use muster::rules::Characteristic;
    use muster::rules::campaign::chronicle::service_record;
    let r = rules();
    let c = super::carry::ended(r);
    let story = chronicle(&c, r).expect("the journal plays");
    let ada = c
        .characters
        .iter()
        .find(|x| x.name() == "Ada")
        .expect("Ada");
    let record = service_record(&story, ada.id);
    let [advance] = record.advances[..] else {
        panic!("one advance: {:?}", record.advances);
    };
    assert_eq!(
        (advance.mission, advance.characteristic),
        (1, Characteristic::WS)
    );
    let Some((was, is)) = advance.values else {
        panic!("a character's profile says his WS");
    };
    assert_eq!(is, was + 1);
    // The first mission and the Grand Final.
    assert_eq!(record.played, vec![1, 2]);
}

/// CMP-13: the wounds each character took at a mission's table (ticked by
/// hand or applied from a fight, a tick taken back not counted) and those
/// he dealt in a fight applied to the campaign whose other side was he
/// alone, with the models he took out of action; a round between several
/// fighters credits nobody's wounds dealt.
#[test]
fn cmp_13_wounds_taken_and_dealt_and_models_taken_out_are_the_table_s() {
    use muster::rules::campaign::chronicle::{Wounds, service_record, wounds_by_character};
    use muster::rules::campaign::{CampaignEdit as E, Fighter, Sides, TableEdit};
    let r = rules();
    let team = crate::common::example_team();
    let c = crate::common::team_at_the_table(&team, r, |c| {
        let dace = crate::common::char_id(c, "Trooper Dace");
        let nim = crate::common::char_id(c, "Trooper Nim");
        let (ork, other) = (Fighter::Enemy(0).id(), Fighter::Enemy(1).id());
        let full = enemy::wounds(c, 0, r);
        vec![
            // Dace alone against the first enemy: he takes him out.
            E::Table(TableEdit::AddWounds {
                character: ork,
                wounds: full,
                roll: Some(1),
                sides: Sides {
                    first: vec![dace],
                    second: vec![ork],
                },
            }),
            // Two wounds ticked by hand, one taken back.
            E::Table(TableEdit::SetWounds {
                character: dace,
                wounds: 2,
            }),
            E::Table(TableEdit::SetWounds {
                character: dace,
                wounds: 1,
            }),
            // A round, Dace and Nim against the second enemy: each side
            // wounded; nobody alone dealt the enemy's wound.
            E::Table(TableEdit::AddBattleWounds {
                wounds: vec![(other, 1), (nim, 1)],
                roll: Some(2),
                sides: Sides {
                    first: vec![dace, nim],
                    second: vec![other],
                },
            }),
        ]
    });
    let story = chronicle(&c, r).expect("the journal plays");
    let at_the_table = story.last().expect("the mission at the table");
    let dace = crate::common::char_id(&c, "Trooper Dace");
    let nim = crate::common::char_id(&c, "Trooper Nim");
    let full = enemy::wounds(&c, 0, r);
    assert_eq!(
        at_the_table.wounds.get(&dace),
        Some(&Wounds {
            taken: 1,
            dealt: full
        })
    );
    assert_eq!(
        at_the_table.wounds.get(&nim),
        Some(&Wounds { taken: 1, dealt: 0 })
    );
    let record = service_record(&story, dace);
    assert_eq!(record.kills.len(), 1, "the first enemy, taken out by Dace");
    assert_eq!(record.kills[0].0, queries::mission_number(&c));
    assert_eq!(
        record.wounds_in_all(),
        Wounds {
            taken: 1,
            dealt: full
        }
    );
    assert!(service_record(&story, nim).kills.is_empty());
    // The campaign's whole: Dace first (most taken and dealt), then Nim.
    let all: Vec<_> = wounds_by_character(&story)
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(all, vec![dace, nim]);
}

#[test]
fn cmp_2_a_survival_ended_with_a_character_standing_is_told_survived() {
    let r = rules();
    let c = started(&["Ada", "Bo"], r);
    // No VP earned: a Survival follows.
    let c = next(&play(&c, &[], lost(), r), r);
    assert_eq!(mission_type(&c), MissionType::Survival);
    // Ended with Ada standing and its objective failed: the debrief and
    // the story both say survived.
    let ended = play(&c, &["Bo"], lost(), r);
    assert!(ended.debrief.as_ref().expect("a debrief").success);
    let story = chronicle(&ended, r).expect("the journal plays");
    let survival = story.last().expect("the Survival's story");
    assert_eq!(survival.result, Some((true, 0)));
    let (success, words) = survival.result_words().expect("over");
    assert!(success);
    assert_eq!(words.key, "campaign.chronicle.survived");
}

/// CMP-13, EQ-11: a model an item takes out of action is its bearer's kill
/// in the story (a mine going off, rolled 3 on the D3, on an enemy of one
/// wound), and its wounds his wounds dealt.
#[test]
fn cmp_13_eq_11_a_mine_s_kill_is_its_layer_s() {
    use muster::rules::campaign::chronicle::service_record;
    use muster::rules::campaign::{CampaignEdit as E, Fighter, ItemEdit, TableEdit};
    use muster::rules::core::dice::Roll;
    let r = rules();
    let c = super::items::armed_team_at_the_table(r);
    let rusk = crate::common::char_id(&c, "Trooper Rusk");
    let enemy = Fighter::Enemy(0).id();
    let mut rng = muster::rules::core::dice::seeded(1);
    let mut go =
        |c: &muster::rules::campaign::Campaign, e: E| c.apply(e, r, &mut rng).expect("accepted").0;
    let c = go(
        &c,
        E::Items(ItemEdit::UseItem {
            character: rusk,
            item: "mine".into(),
            target: None,
            roll: None,
        }),
    );
    let c = go(&c, E::Table(TableEdit::NewTurn { gain: None }));
    let c = go(
        &c,
        E::Items(ItemEdit::UseItem {
            character: rusk,
            item: "mine".into(),
            target: Some(enemy),
            roll: Some(Roll::from_faces(3, vec![3], 0)),
        }),
    );
    assert!(c.table.as_ref().is_some_and(|t| t.enemy_out.contains(&0)));
    let story = chronicle(&c, r).expect("the journal plays");
    let record = service_record(&story, rusk);
    assert_eq!(record.kills.len(), 1, "the enemy the mine took out");
    let at_the_table = story.last().expect("the mission at the table");
    assert!(
        at_the_table.wounds.get(&rusk).is_some_and(|w| w.dealt >= 1),
        "{:?}",
        at_the_table.wounds.get(&rusk)
    );
}
