//! The missions drawn and played (CMP-1 … CMP-5, CMP-8, CMP-15): the chain
//! of types, the lists, the factions, the enemy's escort and its Cran.

use super::*;
use muster::rules::ProblemKind;
use muster::rules::campaign::drawing;
use muster::rules::campaign::mission_end;

#[test]
fn cmp_1_only_investigations_and_inquiries_earn_vp() {
    let r = rules();
    let c = started(&["Ada"], r);
    assert_eq!(mission_type(&c), MissionType::Investigation);
    let c = play(&c, &[], won(2), r);
    assert_eq!(c.vp, 2);
    // A Survival earns none: VP typed for it are refused.
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice {
                force_type: Some(MissionType::Survival),
                reason: "test".into(),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(1),
            played: vec![],
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-1");
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: won(0),
            played: vec![],
        }),
        r,
    );
    assert_eq!(c.vp, 2);
}

#[test]
fn cmp_2_the_mission_chain() {
    let r = rules();
    // The campaign starts with an Investigation.
    let c = started(&["Ada"], r);
    assert_eq!(mission_type(&c), MissionType::Investigation);
    // VP earned: an Inquiry follows.
    let c = next(&play(&c, &[], won(1), r), r);
    assert_eq!(mission_type(&c), MissionType::Inquiry);
    // No VP earned: a Survival follows.
    let c = next(&play(&c, &[], lost(), r), r);
    assert_eq!(mission_type(&c), MissionType::Survival);
    // A Survival lost — the objective failed and everyone taken out of
    // action (Decision): another Survival.
    let c = cran(&play(&c, &["Ada"], lost(), r), "Ada", 9, r);
    assert!(!c.debrief.as_ref().unwrap().success);
    let c = next(&c, r);
    assert_eq!(mission_type(&c), MissionType::Survival);
    // Survived — someone still standing, even with the objective failed:
    // the trail is lost, an Investigation follows.
    let c = play(&c, &[], lost(), r);
    assert!(c.debrief.as_ref().unwrap().success);
    let c = next(&c, r);
    assert_eq!(mission_type(&c), MissionType::Investigation);
    // A mission drawn against the chain uses up a forced Survival.
    let forced = recon(&play(&c, &[], lost(), r), "Ada", 12, Some(1), r);
    assert!(forced.forced_survival);
    let overridden = ok(
        &forced,
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice {
                force_type: Some(MissionType::Inquiry),
                reason: "house rule".into(),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert!(!overridden.forced_survival);
    // Won with no VP earned: a Survival follows.
    let c = next(&play(&c, &[], won(0), r), r);
    assert_eq!(mission_type(&c), MissionType::Survival);
    let c = next(&play(&c, &[], won(0), r), r);
    assert_eq!(mission_type(&c), MissionType::Investigation);
    // Reaching the threshold (10 VP by default): the Grand Final.
    let c = play(&c, &[], won(9), r);
    assert_eq!(c.vp, 10);
    assert_eq!(drawing::next_type(&c), MissionType::Final);
    // Decision: counted on the VP held after spending.
    let spent = ok(
        &c,
        E::Debrief(DebriefEdit::ExchangeVp {
            escort: EscortId(1),
            vp: 1,
        }),
        r,
    );
    assert_eq!(drawing::next_type(&spent), MissionType::Inquiry);
    let c = next(&c, r);
    assert_eq!(mission_type(&c), MissionType::Final);
    assert_eq!(c.mission.as_ref().unwrap().number, 8);
}

#[test]
fn cmp_1_cmp_2_a_survival_is_survived_while_a_character_stands_and_earns_no_vp() {
    let r = rules();
    let c = started(&["Ada", "Bo"], r);
    let c = next(&play(&c, &[], lost(), r), r);
    assert_eq!(mission_type(&c), MissionType::Survival);
    let at_table = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    // Its objective failed, Ada and Bo standing: survived, and no VP
    // (CMP-1) whatever is typed.
    let asked =
        |c: &Campaign, success| mission_end::mission_outcome(c, MissionResult { success, vp: 2 });
    assert_eq!(
        asked(&at_table, false),
        MissionResult {
            success: true,
            vp: 0
        }
    );
    // Both out of action: survived only with its objective achieved.
    let (ada, bo) = (id(&at_table, "Ada"), id(&at_table, "Bo"));
    let all_out = [ada, bo].into_iter().fold(at_table, |c, character| {
        ok(
            &c,
            E::Table(TableEdit::SetOutOfAction {
                character,
                out: true,
            }),
            r,
        )
    });
    assert!(!asked(&all_out, false).success);
    assert!(asked(&all_out, true).success);
    // The debrief holds what the query said.
    let ended = ok(
        &all_out,
        E::Debrief(DebriefEdit::EndMission {
            result: lost(),
            played: vec![],
        }),
        r,
    );
    assert!(!ended.debrief.as_ref().expect("a debrief").success);
}

#[test]
fn cmp_2_an_override_is_logged_and_marked() {
    let r = rules();
    let c = started(&["Ada"], r);
    let c = play(&c, &[], won(1), r);
    let mut rng = seeded(1);
    let (c, outcome) = c
        .apply(
            E::Debrief(DebriefEdit::NextMission {
                choice: MissionChoice {
                    force_type: Some(MissionType::Survival),
                    reason: "our group wanted a siege".into(),
                    ..MissionChoice::default()
                },
            }),
            r,
            &mut rng,
        )
        .unwrap();
    let m = c.mission.as_ref().unwrap();
    assert_eq!(m.mission_type, MissionType::Survival);
    assert!(m.overridden);
    assert!(
        outcome
            .lines
            .iter()
            .any(|(_, msg)| msg.key == "campaign.log.override")
    );
    // The journal keeps the reason.
    let last = c.journal.last().unwrap();
    assert!(
        matches!(&last.event, E::Debrief(DebriefEdit::NextMission { choice }) if choice.reason == "our group wanted a siege")
    );
}

#[test]
fn cmp_3_missions_are_drawn_from_the_list_of_their_type_or_picked() {
    let r = rules();
    let list: Vec<_> = r
        .campaign
        .missions_of(MissionType::Investigation)
        .map(|m| m.id.clone())
        .collect();
    for (k, expected) in list.iter().enumerate() {
        let c = setup(&["Ada"], r);
        let face = u32::try_from(k + 1).unwrap();
        let sides = u32::try_from(list.len()).unwrap();
        let c = ok(
            &c,
            E::Setup(SetupEdit::Start {
                rates: None,
                choice: MissionChoice {
                    draw: die(sides, face),
                    ..MissionChoice::default()
                },
            }),
            r,
        );
        assert_eq!(&c.mission.as_ref().unwrap().mission, expected);
    }
    // Picked by hand from the right list.
    let c = setup(&["Ada"], r);
    let pick = list[2].clone();
    let picked = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                pick: Some(pick.clone()),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(picked.mission.as_ref().unwrap().mission, pick);
    // A mission of another type is not an Investigation.
    let survival = r
        .campaign
        .missions_of(MissionType::Survival)
        .next()
        .unwrap()
        .id
        .clone();
    let p = refused(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                pick: Some(survival),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-3");
    // A die of the wrong size typed in is refused.
    let p = refused(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: die(20, 15),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::DiceDoNotFit);
}

#[test]
fn cmp_4_factions_are_checked_and_secondary_ones_drawn() {
    let r = rules();
    let c = Campaign::new("c", "T", &r.campaign);
    let mut s = settings(&c);
    s.secondary = vec!["cultists".into()];
    let c = ok(
        &c,
        E::Setup(SetupEdit::SetSettings {
            settings: s.clone(),
        }),
        r,
    );
    let c = ok(
        &c,
        E::Setup(SetupEdit::AddEscort {
            escort: NewEscort {
                player: "Anne".into(),
                source: "B".into(),
                kind: muster::rules::campaign::EscortKind::Band,
                members: vec![human("Ada")],
                doc: None,
            },
        }),
        r,
    );
    // One secondary faction is too few.
    let p = refused(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-4", ProblemKind::FewSecondary)
    );
    // The Nemesis's faction cannot be a secondary one too.
    s.secondary = vec!["cultists".into(), "renegade_marines".into()];
    assert!(
        s.problems(&r.campaign)
            .iter()
            .any(|p| p.kind == ProblemKind::FactionTwice)
    );
    // A mission calling for a secondary faction draws one with a die.
    s.secondary = vec!["cultists".into(), "mutants".into(), "orks".into()];
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let list: Vec<_> = r.campaign.missions_of(MissionType::Investigation).collect();
    let k = list
        .iter()
        .position(|m| m.enemy == muster::rules::campaign::EnemySide::Secondary)
        .expect("an investigation against a secondary faction");
    let c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: die(
                    u32::try_from(list.len()).unwrap(),
                    u32::try_from(k + 1).unwrap(),
                ),
                faction_draw: die(3, 3),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(c.mission.as_ref().unwrap().faction, "orks");
    let main = list
        .iter()
        .position(|m| m.enemy == muster::rules::campaign::EnemySide::Main)
        .unwrap();
    let c2 = setup(&["Ada"], r);
    let c2 = ok(
        &c2,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: die(
                    u32::try_from(list.len()).unwrap(),
                    u32::try_from(main + 1).unwrap(),
                ),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    assert_eq!(c2.mission.as_ref().unwrap().faction, "renegade_marines");
}

#[test]
fn cmp_5_the_escort_generator_stops_once_the_budget_is_exceeded() {
    let r = rules();
    let c = started(&["Ada"], r);
    let m = c.mission.clone().unwrap();
    let faction = r.campaign.faction(&m.faction).unwrap();
    let (count, sides) = (faction.dice.count, faction.dice.sides);
    // Drawing one at a time: the dearest line, until the points are used.
    let top = count * sides;
    let dear = faction.entry(top).unwrap().cost;
    let face_roll = |total: u32| {
        // `count` dice summing to `total`.
        let mut faces = vec![1; count as usize];
        let mut left = total - count;
        for f in &mut faces {
            let add = left.min(sides - 1);
            *f += add;
            left -= add;
        }
        Roll::from_faces(sides, faces, 0)
    };
    let mut c = c;
    let mut drawn = 0;
    while !c.mission.as_ref().unwrap().enemy_complete() {
        c = ok(
            &c,
            E::Preparation(PreparationEdit::DrawEnemy {
                all: false,
                rolls: vec![face_roll(top)],
                drawn: vec![],
            }),
            r,
        );
        drawn += 1;
    }
    let m2 = c.mission.as_ref().unwrap();
    assert_eq!(m2.enemy.len(), drawn);
    // The last one drawn is recruited even though it exceeds what was left.
    assert_eq!(m2.enemy_points(), dear * drawn as u32);
    assert!(m2.enemy_points() >= m2.points);
    assert!(dear * (drawn as u32 - 1) < m2.points);
    // Complete: no more draws.
    let p = refused(
        &c,
        E::Preparation(PreparationEdit::DrawEnemy {
            all: false,
            rolls: vec![],
            drawn: vec![],
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-5");
    // A draw with no model: rerolled in place (the cheapest line now).
    let cheap = face_roll(count);
    let c = ok(
        &c,
        E::Preparation(PreparationEdit::RerollEnemy {
            index: 0,
            roll: Some(cheap.clone()),
            drawn: None,
        }),
        r,
    );
    let m3 = c.mission.as_ref().unwrap();
    assert_eq!(m3.enemy[0].roll, cheap);
    assert_eq!(m3.enemy[0].cost, faction.entry(count).unwrap().cost);
    // All at once, with Muster's dice: stops as soon as the budget is met.
    let fresh = started(&["Ada"], r);
    let all = ok(
        &fresh,
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        r,
    );
    let m4 = all.mission.as_ref().unwrap();
    assert!(m4.enemy_complete());
    let without_last: u32 = m4.enemy[..m4.enemy.len() - 1].iter().map(|e| e.cost).sum();
    assert!(without_last < m4.points);
    // Every die is in the journal.
    assert!(
        matches!(&all.journal.last().unwrap().event, E::Preparation(PreparationEdit::DrawEnemy { rolls, .. }) if rolls.len() == m4.enemy.len())
    );
}

#[test]
fn cmp_8_difficulty_adds_enemy_points_and_reinforcements() {
    let r = rules();
    let c = setup(&["Ada"], r);
    let mut s = c.settings.clone();
    s.difficulty = 2;
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: die(6, 1),
                ..MissionChoice::default()
            },
        }),
        r,
    );
    let m = c.mission.as_ref().unwrap();
    let base = r.campaign.mission(&m.mission).unwrap().points;
    assert_eq!(m.points, base + 100);
    let c = play(&c, &[], lost(), r);
    assert_eq!(c.escorts[0].reinforcement, 20 + 20);
}

#[test]
fn cmp_15_an_enemy_tests_its_cran_in_the_missions_mode() {
    let r = rules();
    let c = started(&["Ada"], r);
    let c = ok(
        &c,
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        r,
    );
    let c = ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
    let mode = c.mission.as_ref().unwrap().mode;
    let cran = r.campaign.cran(10).unwrap().enemy;
    let mut rng = seeded(3);
    let outcome = |face: u32, rng: &mut muster::rules::core::dice::DiceRng| {
        let (_, o) = c
            .apply(
                E::Table(TableEdit::EnemyBehaviour {
                    index: 0,
                    roll: die(10, face),
                }),
                r,
                rng,
            )
            .unwrap();
        let (_, line) = o.lines.last().unwrap().clone();
        match line.get("what") {
            Some(muster::rules::Arg::Key(k)) => k.to_string(),
            other => panic!("{other:?}"),
        }
    };
    let (pass, fail) = match mode {
        muster::rules::campaign::Mode::Attack => (
            "campaign.behaviour.attack_passed",
            "campaign.behaviour.attack_failed",
        ),
        muster::rules::campaign::Mode::Defence => (
            "campaign.behaviour.defence_passed",
            "campaign.behaviour.defence_failed",
        ),
    };
    // Higher or equal: passed; lower: failed.
    assert_eq!(outcome(cran, &mut rng), pass);
    assert_eq!(outcome(cran - 1, &mut rng), fail);
    // Only at the table, and only for an enemy drawn.
    let p = refused(
        &c,
        E::Table(TableEdit::EnemyBehaviour {
            index: 99,
            roll: None,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-15");
}

#[test]
fn cmp_3_the_journal_replays_after_the_mission_lists_are_edited() {
    let r = rules();
    let c = play(&started(&["Ada"], r), &[], won(1), r);
    let c = next(&c, r);
    let c = ok(
        &c,
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        r,
    );
    let c = recon(&play(&c, &[], won(1), r), "Ada", 3, None, r);
    // The player adds a mission of every type and edits the enemy tables:
    // the dice of old draws would now point elsewhere.
    let mut edited = r.clone();
    let mut extra = Vec::new();
    for m in &edited.campaign.missions {
        let mut m = m.clone();
        m.id = format!("{}_copy", m.id).into();
        extra.push(m);
    }
    edited.campaign.missions.splice(0..0, extra);
    for f in &mut edited.campaign.factions {
        for e in &mut f.table {
            e.cost += 7;
        }
    }
    edited.campaign.recon.results.reverse();
    assert!(c.validate(&edited).is_empty(), "{:?}", c.validate(&edited));
}
