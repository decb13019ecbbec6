//! The drawn enemies at the table: how each fights, from its
//! faction's table line (Assumed data) and kept by its draw; its wound
//! boxes and out of action; what its behaviour test said.

use crate::common::rules;
use crate::common::{ok, refused};
use muster::rules::ProblemKind;
use muster::rules::campaign::enemy;
use muster::rules::campaign::queries;
use muster::rules::campaign::replay;
use muster::rules::campaign::{Campaign, CampaignEdit as E, CharId, ENEMY_IDS, Fighter};
use muster::rules::campaign::{DebriefEdit, SetupEdit, TableEdit};
use muster::rules::core::dice::Roll;
use muster::rules::{Characteristic as C, RulesData};

fn at_the_table(r: &RulesData) -> Campaign {
    crate::common::example_team_at_the_table(r)
}

/// CMP-5: every line of every faction's table says how its enemy fights,
/// and each enemy drawn keeps its line's profile, save and weapons.
#[test]
fn cmp_5_each_drawn_enemy_keeps_how_its_table_line_fights() {
    let r = rules();
    for f in &r.campaign.factions {
        for line in &f.table {
            let x = line
                .fighter
                .as_ref()
                .unwrap_or_else(|| panic!("{} {}", f.id, line.from));
            assert!(x.profile.get(C::W) >= 1);
            assert!(!x.weapons.is_empty(), "{} {}", f.id, line.from);
            for w in &x.weapons {
                assert!(w.names.contains_key("en") && w.names.contains_key("fr"));
            }
        }
    }
    let c = at_the_table(r);
    let m = c.mission.as_ref().expect("mission");
    assert!(!m.enemy.is_empty());
    let faction = r.campaign.faction(&m.faction).expect("faction");
    for (i, e) in m.enemy.iter().enumerate() {
        let line = faction
            .table
            .iter()
            .find(|l| l.names == e.names)
            .expect("its line");
        assert_eq!(enemy::fighter(&c, i, r), line.fighter.as_ref(), "enemy {i}");
        assert_eq!(
            enemy::wounds(&c, i, r),
            u32::try_from(line.fighter.as_ref().expect("f").profile.get(C::W)).expect("w")
        );
    }
}

/// CMP-5: an edit of the data changes nothing in a campaign under way:
/// it recorded how each enemy fights when it started; the journal replays
/// and each enemy fights as then.
#[test]
fn cmp_5_an_enemy_fights_as_drawn_after_the_data_is_edited() {
    let r = rules();
    let c = at_the_table(r);
    let drawn = c.mission.as_ref().expect("m").enemy.clone();
    let mut edited = r.clone();
    for f in &mut edited.campaign.factions {
        for line in &mut f.table {
            if let Some(x) = line.fighter.as_mut() {
                x.profile.set(C::W, 9);
            }
        }
    }
    let (again, _) = c.replay(&edited).expect("replays");
    assert_eq!(again.mission.as_ref().expect("m").enemy, drawn);
    assert_ne!(enemy::wounds(&again, 0, &edited), 9);
}

/// A campaign started before Muster recorded how enemies fight replays,
/// and its enemies fight as their table lines in the data say.
#[test]
fn a_campaign_that_recorded_no_profiles_reads_the_datas() {
    let r = rules();
    let mut c = at_the_table(r);
    let strip = |rates: &mut muster::rules::campaign::data::Rates| {
        for f in &mut rates.tables.as_mut().expect("tables").factions {
            for line in &mut f.table {
                line.fighter = None;
            }
        }
    };
    for i in 0..c.journal.len() {
        let entry = std::sync::Arc::make_mut(&mut c.journal[i]);
        if let E::Setup(SetupEdit::Start {
            rates: Some(rates), ..
        }) = &mut entry.event
        {
            strip(rates);
        }
    }
    strip(std::sync::Arc::make_mut(c.rates.as_mut().expect("rates")));
    let (again, _) = c.replay(r).expect("replays");
    let m = again.mission.as_ref().expect("m");
    let line = r
        .campaign
        .faction(&m.faction)
        .expect("f")
        .table
        .iter()
        .find(|l| l.names == m.enemy[0].names)
        .expect("line");
    assert!(line.fighter.is_some());
    assert_eq!(enemy::fighter(&again, 0, r), line.fighter.as_ref());
}

/// CMP-13: an enemy's wound boxes: ticked one by one, never past its
/// last; at its last it is out of action; a fight's wounds reach it once;
/// the players' wounds and out of action are untouched.
#[test]
fn cmp_13_an_enemy_takes_wounds_and_goes_out_of_action_at_its_last() {
    let r = rules();
    let c = at_the_table(r);
    let max = enemy::wounds(&c, 0, r);
    // Ticked past its last, it stops at its last (a profile from edited
    // data never breaks the journal).
    let ticked = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: Fighter::Enemy(0).id(),
            wounds: max + 1,
        }),
        r,
    );
    let t = ticked.table.as_ref().expect("table");
    assert_eq!(t.enemy_wounds.get(&0), Some(&max));
    assert!(t.enemy_out.contains(&0));
    let c = ok(
        &c,
        E::Table(TableEdit::AddWounds {
            character: Fighter::Enemy(0).id(),
            wounds: max + 5,
            roll: Some(42),
            sides: Default::default(),
        }),
        r,
    );
    let t = c.table.as_ref().expect("table");
    assert_eq!(t.enemy_wounds.get(&0), Some(&max));
    assert!(t.enemy_out.contains(&0));
    assert!(t.wounds.is_empty() && t.out_of_action.is_empty());
    assert!(queries::wounding(&c).roll_applied(42));
    // Out of action: no more wounds from the battle screen.
    let why = queries::wounding(&c)
        .wound_refusal(Fighter::Enemy(0).id())
        .expect("refused");
    assert_eq!(why.kind, ProblemKind::AlreadyOut);
    // Back in action by hand, then its boxes cleared.
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: Fighter::Enemy(0).id(),
            out: false,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: Fighter::Enemy(0).id(),
            wounds: 0,
        }),
        r,
    );
    assert!(
        queries::wounding(&c)
            .wound_refusal(Fighter::Enemy(0).id())
            .is_none()
    );
    // An enemy that was not drawn takes nothing.
    let n = c.mission.as_ref().expect("m").enemy.len();
    assert_eq!(
        refused(
            &c,
            E::Table(TableEdit::SetOutOfAction {
                character: Fighter::Enemy(n).id(),
                out: true
            }),
            r
        )
        .kind,
        ProblemKind::NoEnemy
    );
    // The debrief's Cran tests never see an enemy: the mission ends with
    // none of the players out of action.
    let c = ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: Fighter::Enemy(1).id(),
            out: true,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            played: Vec::new(),
            result: muster::rules::campaign::MissionResult {
                success: true,
                vp: 0,
            },
        }),
        r,
    );
    assert!(
        c.debrief
            .as_ref()
            .expect("debrief")
            .out_of_action
            .is_empty()
    );
}

/// CMP-15: an enemy's behaviour test is kept on the table with its turn,
/// die and Cran, for its card.
#[test]
fn cmp_15_the_behaviour_test_is_kept_for_the_enemys_card() {
    let r = rules();
    let c = at_the_table(r);
    let die = c.settings.cran_die;
    let c = ok(
        &c,
        E::Table(TableEdit::EnemyBehaviour {
            index: 1,
            roll: Some(Roll {
                sides: die,
                faces: vec![1],
                modifier: 0,
                total: 1,
            }),
        }),
        r,
    );
    let b = c.table.as_ref().expect("t").behaviour[&1];
    assert_eq!((b.turn, b.roll), (1, 1));
    assert_eq!(b.passed, 1 >= b.cran, "die {die}");
}

/// A character whose id falls among the enemies' is a problem of the
/// file, named.
#[test]
fn a_character_id_among_the_enemies_is_a_problem() {
    let r = rules();
    let mut c = at_the_table(r);
    std::sync::Arc::make_mut(&mut std::sync::Arc::make_mut(&mut c.characters)[0]).id =
        CharId(ENEMY_IDS.0 + 3);
    assert!(
        replay::validate(&c, r)
            .iter()
            .any(|p| p.kind == ProblemKind::EnemyId)
    );
}

/// A campaign whose next character would take an enemy's id is a problem
/// of the file, named.
#[test]
fn a_next_id_among_the_enemies_is_a_problem() {
    let r = rules();
    let mut c = at_the_table(r);
    c.next_id = ENEMY_IDS;
    assert!(
        replay::validate(&c, r)
            .iter()
            .any(|p| p.kind == ProblemKind::NextIdEnemy)
    );
}

/// The data's check refuses an enemy with no wound, naming its line.
#[test]
fn an_enemy_of_the_data_with_no_wound_is_refused() {
    let r = rules();
    let mut d = r.campaign.clone();
    d.factions[0].table[0]
        .fighter
        .as_mut()
        .expect("f")
        .profile
        .set(C::W, 0);
    let p = d.check().expect_err("refused");
    assert_eq!(p.kind, ProblemKind::EnemyFighterUnplayable);
    // Nor one of a hundred thousand wounds, whose boxes would freeze the
    // table.
    let mut d = r.campaign.clone();
    d.factions[0].table[0]
        .fighter
        .as_mut()
        .expect("f")
        .profile
        .set(C::W, 100_000);
    assert_eq!(
        d.check().expect_err("refused").kind,
        ProblemKind::EnemyFighterUnplayable
    );
}

/// CHR-15 at the table: a drawn enemy is a character for the battle
/// summary when his table line is a champion, a leader or a psyker; a
/// trooper, a specialist or a monster is not. Every line of the data has
/// one of the six types, and a type the data does not know is refused
/// where it stands.
#[test]
fn chr_15_an_enemy_is_a_character_by_his_table_line_s_type() {
    use muster::rules::campaign::EnemyType as T;
    let r = rules();
    let types: std::collections::BTreeSet<T> = r
        .campaign
        .factions
        .iter()
        .flat_map(|f| f.table.iter().map(|l| l.entry_type))
        .collect();
    assert_eq!(
        types.into_iter().collect::<Vec<_>>(),
        vec![
            T::Trooper,
            T::Specialist,
            T::Champion,
            T::Leader,
            T::Psyker,
            T::Monster
        ]
    );
    let characters: Vec<T> = [T::Trooper, T::Specialist, T::Champion]
        .into_iter()
        .chain([T::Leader, T::Psyker, T::Monster])
        .filter(|t| t.is_character())
        .collect();
    assert_eq!(characters, vec![T::Champion, T::Leader, T::Psyker]);
    // Read and written as the data writes it.
    assert_eq!(
        serde_json::to_string(&T::Psyker).expect("json"),
        "\"psyker\""
    );
    let wrong = serde_json::from_str::<T>("\"sergeant\"").expect_err("unknown");
    assert!(wrong.to_string().contains("sergeant"), "{wrong}");
}
