//! The battle log of a session: each roll replayable from its seed, the
//! export as text (situation in words, seed, every die, the summary), the
//! battle summary (CHR-15) and the unit tests against the leader's Ld or
//! Cl (CHR-14).

mod from_table;
mod reroll;

use crate::common::rules;
use muster::app::{App, Command, Prefs, ScriptedDesktop};
use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::battle::Fight;
use muster::rules::battle::summary::{BattleSide, Combatant, Winner, summarize};
use muster::rules::campaign::CharId;
use muster::rules::campaign::TableEdit;
use muster::rules::campaign::queries;
use muster::rules::characters::units::{UnitTest, UnitTestKind, Victory, test_ld};
use muster::rules::close_combat::odds::Fighter;
use muster::rules::core::names::Name;

fn trooper(w: u32) -> Fighter {
    Fighter {
        ws: 5,
        s: 5,
        weapon_s: None,
        weapon_save_modifier: None,
        a: 3,
        t: 3,
        w,
        i: 3,
        save: None,
        modifiers: Vec::new(),
    }
}

fn app(exports: Vec<std::path::PathBuf>) -> App {
    App::new(
        None,
        &Prefs::default(),
        Box::new(ScriptedDesktop {
            exports,
            ..Default::default()
        }),
        7,
    )
    .expect("app")
}

fn character(name: &str, side: BattleSide, first: bool, wounds: u32) -> Combatant {
    Combatant {
        name: name.into(),
        side,
        character: true,
        first,
        model: 0,
        wounds,
        campaign: None,
        spends: None,
    }
}

#[test]
fn a_replay_rolls_the_same_dice_from_the_stored_seed() {
    let mut app = app(Vec::new());
    let fight = Fight::Units(vec![trooper(1); 3], vec![trooper(1); 3]);
    app.apply(Command::RollFight(
        muster::rules::Msg::verbatim("A against B"),
        fight,
        Vec::new(),
    ));
    app.apply(Command::ReplayFight(0));
    let log = &app.model.battle.log;
    assert_eq!(log.len(), 2);
    assert_eq!(log[1].replay_of, Some(0));
    assert_eq!(log[1].seed, log[0].seed);
    // The same dice, face for face, and so the same result.
    assert_eq!(log[1].result, log[0].result);
    assert_eq!(log[1].wounds, log[0].wounds);
    // A replay of the replay is one of the first roll.
    app.apply(Command::ReplayFight(1));
    assert_eq!(app.model.battle.log[2].replay_of, Some(0));
    assert_eq!(
        app.model.battle.log[2].result,
        app.model.battle.log[0].result
    );
    // No such entry: refused with a message, nothing rolled.
    app.apply(Command::ReplayFight(9));
    assert_eq!(app.model.battle.log.len(), 3);
}

#[test]
fn chr_15_a_character_killed_across_rolls_makes_a_minor_victory() {
    // CHR-15: a W 2 character hit for 1, then for 1 again, is killed.
    let kal = character("Kal", BattleSide::Ours, true, 2);
    let ork = character("Grub", BattleSide::Theirs, false, 1);
    let first = [kal.clone(), ork.clone()];
    let rolls: Vec<(Vec<Combatant>, Vec<u32>)> = vec![
        (first.to_vec(), vec![1, 0]),
        // He came back typed with W 2 again: his wounds left stay 1.
        (first.to_vec(), vec![1, 0]),
    ];
    let s = summarize(
        rolls.iter().map(|(c, t)| (c.as_slice(), t.as_slice())),
        Some(Winner::Ours),
    );
    assert_eq!(s.ours_killed, vec![Name::from("Kal")]);
    assert!(s.theirs_killed.is_empty());
    assert_eq!(
        Lang::En.msg(&s.result()),
        "Minor victory: 1 character killed"
    );
    assert_eq!(
        Lang::Fr.msg(&s.result()),
        "Victoire mineure : 1 personnage tué"
    );
    // Not killed: a plain victory; the other side won: a defeat.
    let s = summarize(
        rolls[..1].iter().map(|(c, t)| (c.as_slice(), t.as_slice())),
        Some(Winner::Ours),
    );
    assert!(s.ours_killed.is_empty());
    assert_eq!(Lang::En.msg(&s.result()), "Victory");
    assert_eq!(
        muster::rules::characters::units::victory(true, 0),
        Victory::Major,
        "the pure rule agrees"
    );
    let s = summarize(
        rolls.iter().map(|(c, t)| (c.as_slice(), t.as_slice())),
        Some(Winner::Theirs),
    );
    assert_eq!(Lang::En.msg(&s.result()), "Defeat");
}

#[test]
fn chr_15_a_round_that_kills_a_character_shows_in_the_session_summary() {
    let mut app = app(Vec::new());
    // Three strong troopers against a lone W 1 character: he dies in most
    // rounds; roll until he does, then a replay must not count him twice.
    let sergeant = character("Sergeant Brask", BattleSide::Theirs, false, 1);
    let mut rolls = 0;
    while app.model.battle_summary().theirs_killed.is_empty() && rolls < 50 {
        app.apply(Command::RollFight(
            muster::rules::Msg::verbatim("Squad against Brask"),
            Fight::Units(vec![trooper(1); 3], vec![trooper(1)]),
            vec![sergeant.clone()],
        ));
        rolls += 1;
    }
    let killed_in = app
        .model
        .battle
        .log
        .iter()
        .position(|e| e.taken == vec![1])
        .expect("killed in a roll");
    assert_eq!(app.model.battle.log[killed_in].wounds, 1);
    app.apply(Command::ReplayFight(killed_in));
    app.apply(Command::SetBattleOutcome(Some(Winner::Theirs)));
    let s = app.model.battle_summary();
    assert_eq!(s.theirs_killed, vec![Name::from("Sergeant Brask")]);
    assert_eq!(
        Lang::En.msg(&s.result()),
        "Defeat (their minor victory: 1 of their character killed)"
    );
}

#[test]
fn the_exported_log_writes_the_situation_seed_dice_and_summary() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("log.txt");
    let mut app = app(vec![path.clone()]);
    let mut a = trooper(1);
    a.modifiers = vec![muster::rules::close_combat::odds::CcModifier::Charging];
    app.apply(Command::RollFight(
        muster::rules::Msg::verbatim("Kal against the orks"),
        Fight::Units(vec![a], vec![trooper(2); 2]),
        vec![character("Kal", BattleSide::Ours, true, 1)],
    ));
    app.apply(Command::ReplayFight(0));
    app.apply(Command::SetBattleOutcome(Some(Winner::Draw)));
    app.apply(Command::ExportBattleLog);
    let text = std::fs::read_to_string(&path).expect("written");
    let seed = app.model.battle.log[0].seed.to_string();
    assert!(text.contains(&format!("1. Kal against the orks (seed {seed})")));
    assert!(text.contains(&format!(
        "2. Kal against the orks (seed {seed}), replay of #1"
    )));
    // The situation in words, not Debug output.
    assert!(text.contains(
        "Situation: a round between two units. First unit: 1 × (WS 5, S 5, weapon S none, A 3, T 3, W 1, I 3, save none; modifiers: Charged this turn (+1))"
    ));
    assert!(text.contains("Second unit: 2 × (WS 5"));
    assert!(!text.contains("Fighter {"));
    // Every die.
    assert!(text.contains("to hit (D6: "));
    // The summary at the end.
    let last = text.trim_end().lines().last().expect("a line");
    assert!(last.starts_with("Battle summary: Draw."), "{last}");
}

#[test]
fn chr_14_unit_tests_use_the_leaders_ld_and_cl() {
    let rules = rules();
    // CHR-14: the leader's Ld, once in command; else the unit's.
    assert_eq!(test_ld(Some(9), 6), 9);
    assert_eq!(test_ld(None, 6), 6);
    // CC-20 against Ld 12: 2D6 always passes; against Ld 1 always fails.
    for seed in 0..20 {
        let mut rng = muster::rules::core::dice::seeded(seed);
        let hold = UnitTest {
            kind: UnitTestKind::Rout,
            value: 12,
        }
        .roll(rules, &mut rng)
        .expect("rolls");
        assert!(hold.passed);
        assert_eq!(hold.roll.faces.len(), 2);
        let routs = UnitTest {
            kind: UnitTestKind::Rout,
            value: 1,
        }
        .roll(rules, &mut rng)
        .expect("rolls");
        assert!(!routs.passed);
        assert!(Lang::En.msg(&routs.msg).contains("The unit routs"));
    }
    // The same test logged as a fight: replayable with its dice.
    let mut app = app(Vec::new());
    app.apply(Command::RollFight(
        muster::rules::Msg::verbatim("First unit"),
        Fight::Test(UnitTest {
            kind: UnitTestKind::Psychology,
            value: 7,
        }),
        Vec::new(),
    ));
    app.apply(Command::ReplayFight(0));
    let log = &app.model.battle.log;
    assert_eq!(log[0].result, log[1].result);
    assert!(
        Lang::En
            .msg(&log[0].result)
            .starts_with("Psychology test (CHR-14) against 7 (2D6: ")
    );
}

/// CMP-13 at the table: the wounds a round gave several campaign
/// characters go to each in one event (never past his last, out of action
/// at it), and the whole event is refused if one of them cannot take them.
#[test]
fn cmp_13_a_rounds_wounds_go_to_each_character_in_one_event_or_none() {
    use muster::rules::campaign::CampaignEdit as E;
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let dace = crate::common::char_id(&c, "Trooper Dace");
    let nim = crate::common::char_id(&c, "Trooper Nim");
    let max = |id| {
        c.characters
            .iter()
            .find(|x| x.id == id)
            .expect("a member")
            .member
            .wounds(rules)
    };
    let after = crate::common::ok(
        &c,
        E::Table(TableEdit::AddBattleWounds {
            wounds: vec![(dace, 1), (nim, 99)],
            roll: None,
            sides: Default::default(),
        }),
        rules,
    );
    assert_eq!(after.journal.len(), c.journal.len() + 1);
    let table = after.table.as_ref().expect("at the table");
    assert_eq!(table.wounds.get(&dace), Some(&1));
    assert_eq!(
        table.wounds.get(&nim),
        Some(&max(nim)),
        "never past his last"
    );
    assert!(table.out_of_action.contains(&nim));
    assert!(!table.out_of_action.contains(&dace));
    // One of them unknown: nothing at all.
    crate::common::refused(
        &c,
        E::Table(TableEdit::AddBattleWounds {
            wounds: vec![(dace, 1), (CharId(9999), 1)],
            roll: None,
            sides: Default::default(),
        }),
        rules,
    );
    let p = crate::common::refused(
        &c,
        E::Table(TableEdit::AddBattleWounds {
            wounds: vec![],
            roll: None,
            sides: Default::default(),
        }),
        rules,
    );
    assert_eq!(p.rule, "CMP-13");
    // One roll's wounds go in once: the same seed again is refused, and
    // its event says it is in.
    let once = crate::common::ok(
        &c,
        E::Table(TableEdit::AddBattleWounds {
            wounds: vec![(dace, 1)],
            roll: Some(42),
            sides: Default::default(),
        }),
        rules,
    );
    assert!(
        queries::wounding(&once).roll_applied(42) && !queries::wounding(&once).roll_applied(43)
    );
    let p = crate::common::refused(
        &once,
        E::Table(TableEdit::AddWounds {
            character: dace,
            wounds: 1,
            roll: Some(42),
            sides: Default::default(),
        }),
        rules,
    );
    assert_eq!(p.kind, ProblemKind::WoundsAlreadyApplied);
    crate::common::ok(
        &once,
        E::Table(TableEdit::AddWounds {
            character: dace,
            wounds: 1,
            roll: Some(43),
            sides: Default::default(),
        }),
        rules,
    );
}

#[test]
fn chr_15_a_campaign_character_is_followed_by_who_he_is_not_by_his_name() {
    // CHR-15: the same escort character, shown under another name in the
    // second roll (taken again, his name edited), is still one character:
    // his wounds carry over and he is killed once.
    let mut kal = character("Kal", BattleSide::Ours, true, 2);
    kal.campaign = Some(muster::rules::CharRef::new("Rynn's World", 7_u64));
    let mut renamed = kal.clone();
    renamed.name = "Sergeant Kal".into();
    // Another unnamed-alike fighter of the same side, not from the
    // campaign: his own wounds.
    let other = character("Kal", BattleSide::Ours, false, 2);
    let rolls: Vec<(Vec<Combatant>, Vec<u32>)> = vec![
        (vec![kal.clone()], vec![1]),
        (vec![renamed.clone(), other.clone()], vec![1, 1]),
    ];
    let s = summarize(
        rolls.iter().map(|(c, t)| (c.as_slice(), t.as_slice())),
        Some(Winner::Ours),
    );
    assert_eq!(s.ours_killed, vec![Name::from("Sergeant Kal")]);
}

/// CMP-13: a roll's wounds go to the campaign character each wounded
/// fighter was taken as, never to another (the attacker who dealt them
/// takes none, and is named as the other side): one event per campaign, the same roll once; one out of
/// action, one not taken from a campaign, or one whose campaign is gone
/// takes nothing, and says why.
#[test]
fn cmp_13_a_rolls_wounds_go_to_the_fighters_who_took_them_when_they_can() {
    use muster::rules::battle::summary::{WoundsGo, roll_wounds};
    use muster::rules::campaign::CampaignEdit as E;
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |c| {
        vec![E::Table(TableEdit::SetOutOfAction {
            character: crate::common::char_id(c, "Trooper Pell"),
            out: true,
        })]
    });
    let id = |name| crate::common::char_id(&c, name);
    let from = |name| Some(muster::rules::CharRef::new(c.id.clone(), id(name)));
    let mut nim = character("Trooper Nim", BattleSide::Ours, true, 1);
    nim.campaign = from("Trooper Nim");
    let mut dace = character("Trooper Dace", BattleSide::Theirs, false, 3);
    dace.campaign = from("Trooper Dace");
    let mut pell = character("Trooper Pell", BattleSide::Theirs, false, 1);
    pell.campaign = from("Trooper Pell");
    pell.model = 1;
    let mut grot = character("Grot", BattleSide::Theirs, false, 1);
    grot.model = 2;
    let fighters = [nim, dace, pell, grot];
    let taken = [0, 2, 1, 1];
    // Rolled while its first mission was played.
    let played_in = std::collections::BTreeMap::from([(c.id.clone(), queries::mission_number(&c))]);
    let w = roll_wounds(&fighters, &taken, 42, &played_in, |k| {
        (k == c.id).then_some(&c)
    });
    assert_eq!(w.batches.len(), 1);
    let b = &w.batches[0];
    assert_eq!(b.campaign, c.id);
    assert_eq!(
        b.wounds,
        vec![(Name::from("Trooper Dace"), id("Trooper Dace"), 2)]
    );
    assert!(!b.applied);
    assert_eq!(
        b.edit(42),
        E::Table(TableEdit::AddWounds {
            character: id("Trooper Dace"),
            wounds: 2,
            roll: Some(42),
            // Who fought, side by side: who dealt them is the other side.
            sides: muster::rules::campaign::Sides {
                first: vec![id("Trooper Nim")],
                second: vec![id("Trooper Dace"), id("Trooper Pell")],
            },
        })
    );
    let why: Vec<(&str, Option<ProblemKind>)> = w
        .nowhere
        .iter()
        .map(|x| {
            let key = match &x.goes {
                WoundsGo::Refused(p) => Some(p.kind),
                _ => None,
            };
            (x.name.in_lang("en"), key)
        })
        .collect();
    assert_eq!(
        why,
        vec![
            ("Trooper Pell", Some(ProblemKind::AlreadyOut)),
            ("Grot", None),
        ]
    );
    assert_eq!(w.nowhere[1].goes, WoundsGo::NotFromCampaign);
    // Applied, the roll's batch says so (Dace may be out of action since).
    let after = crate::common::ok(&c, b.edit(42), rules);
    let again = roll_wounds(&fighters, &taken, 42, &played_in, |k| {
        (k == after.id).then_some(&after)
    });
    assert!(again.batches[0].applied);
    // Its campaign gone, nobody takes them.
    let gone = roll_wounds(&fighters, &taken, 42, &played_in, |_| None);
    assert!(gone.batches.is_empty());
    assert_eq!(gone.nowhere.len(), 3);
    // Rolled while no mission was played, or in another mission, the
    // wounds go to no table.
    let refused = |played_in: &std::collections::BTreeMap<String, u32>| {
        let w = roll_wounds(&fighters, &taken, 43, played_in, |k| {
            (k == c.id).then_some(&c)
        });
        assert!(w.batches.is_empty());
        match &w.nowhere[0].goes {
            WoundsGo::Refused(p) => p.kind,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        refused(&std::collections::BTreeMap::new()),
        ProblemKind::RollBetweenMissions
    );
    let earlier =
        std::collections::BTreeMap::from([(c.id.clone(), queries::mission_number(&c) + 1)]);
    assert_eq!(refused(&earlier), ProblemKind::RollOfMission);
}

/// KT-11 outside a campaign: a kill-team roll with no campaign soldier is
/// made again for nothing, one roll of it, and said so.
#[test]
fn kt_11_a_roll_with_no_campaign_team_is_made_again_for_nothing() {
    let mut app = app(Vec::new());
    let shot = muster::rules::battle::scenario::Scenario::parse(
        r#"{"kind": "killteam_shooting", "range": 10,
 "weapon": {"class": "normal", "shots": 3, "s": 3}, "target": {"t": 3, "save": 5}}"#,
    )
    .expect("scenario");
    app.apply(Command::RollFight(
        muster::rules::Msg::verbatim("A shoots B"),
        Fight::Attack(shot),
        Vec::new(),
    ));
    app.apply(Command::RerollDie(0, 1));
    let log = &app.model.battle.log;
    assert_eq!(log.len(), 2, "made again");
    assert!(log[0].rerolled);
    assert_eq!(log[1].reroll_of, Some((0, 1)));
    assert_eq!(log[1].rolls[0], log[0].rolls[0], "the die before it");
    assert_eq!(log[1].rolls[2], log[0].rolls[2], "the hit die after it");
    let lang = app.model.prefs.lang;
    assert!(
        app.model
            .feedback
            .messages
            .iter()
            .any(|m| lang.msg(&m.text).contains("for nothing")),
        "said that it costs nothing"
    );
    // The first roll is history: not made again a second time.
    app.apply(Command::RerollDie(0, 2));
    assert_eq!(app.model.battle.log.len(), 2);
}
