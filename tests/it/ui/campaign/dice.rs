//! Every campaign roll typed in from real dice through the widgets:
//! the mission and secondary-faction draws, a mission picked
//! instead, the enemy's draws and rerolls, its behaviour and the recon's
//! dice. The journal keeps exactly the faces typed and the outcome follows
//! them; dice that do not fit show the engine's message and change nothing.

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Command, Screen};
use muster::i18n::Lang;
use muster::rules::campaign::enemy;
use muster::rules::campaign::queries;
use muster::rules::campaign::{Campaign, CampaignEdit as E, MissionChoice, MissionType, Phase};
use muster::rules::{Doc, Document as _, Roster, RulesData};
use muster::store::Store;
use muster::ui::Gui;

use crate::common::Shown as _;
use crate::common::button;
use crate::common::the_campaign;
use crate::common::type_into;
use muster::rules::campaign::drawing;
use muster::rules::campaign::replay;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, SetupEdit, TableEdit};

fn band() -> Roster {
    crate::common::example_band()
}

/// "The Tertius Heresy" in setup (Nemesis: renegade marines; cultists and
/// mutants as secondary factions; Camille's escort from the example band),
/// then `then`'s events with dice seeded 3, saved; the window shows it.
fn window_on(
    dir: &Path,
    then: impl FnOnce(&Campaign, &RulesData) -> Vec<E>,
) -> Harness<'static, Gui> {
    let rules = crate::common::rules();
    let mut rng = muster::rules::core::dice::seeded(3);
    let mut go = |c: &Campaign, e: E| {
        c.apply(e.clone(), rules, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0
    };
    let c = Campaign::new("tertius", "The Tertius Heresy", &rules.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let c = go(&c, E::Setup(SetupEdit::SetSettings { settings: s }));
    let band = band();
    let escort = crate::common::band_escort("Camille", &band);
    let mut c = go(&c, E::Setup(SetupEdit::AddEscort { escort }));
    for e in then(&c, rules) {
        c = go(&c, e);
    }
    let store = Store::open(dir).expect("store");
    store.save(&Doc::new(band)).expect("save");
    store.save(&Doc::new(c.clone())).expect("save");
    // The library's lock goes with it: the app takes it.
    drop(store);
    let mut h = crate::common::window_on(dir)
        .seed(11)
        .size(1280.0, 6000.0)
        .open();
    h.run();
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    h
}

/// The first mission drawn by the die of face `face`.
fn start_on(face: u32) -> E {
    E::Setup(SetupEdit::Start {
        choice: MissionChoice {
            draw: Some(muster::rules::core::dice::Roll::from_faces(
                6,
                vec![face],
                0,
            )),
            faction_draw: Some(muster::rules::core::dice::Roll::from_faces(2, vec![1], 0)),
            ..MissionChoice::default()
        },
        rates: None,
    })
}

fn rules<'a>(h: &'a Harness<'_, Gui>) -> &'a RulesData {
    &h.state().app.model.rules
}

fn last_event(h: &Harness<'_, Gui>) -> E {
    the_campaign(h)
        .journal
        .last()
        .expect("an event")
        .event
        .clone()
}

fn faces(roll: Option<&muster::rules::core::dice::Roll>) -> Vec<u32> {
    roll.map(|r| r.faces.clone()).unwrap_or_default()
}

/// The `n`th (from 1) mission of type `t` in the data's list.
fn nth_mission(rules: &RulesData, t: MissionType, n: usize) -> muster::rules::campaign::MissionId {
    rules
        .campaign
        .missions_of(t)
        .nth(n - 1)
        .expect("a mission")
        .id
        .clone()
}

#[test]
fn cmp_2_cmp_3_cmp_4_the_first_mission_and_its_faction_drawn_with_typed_dice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window_on(dir.path(), |_, _| vec![]);
    // The second Investigation of the list is against a secondary faction.
    let second = nth_mission(rules(&h), MissionType::Investigation, 2);
    let data = rules(&h).campaign.mission(&second).expect("mission");
    assert_eq!(data.enemy, muster::rules::campaign::EnemySide::Secondary);
    assert!(
        h.query_by_label_contains("leave the field empty and Muster rolls")
            .is_some()
    );
    type_into(&mut h, "Mission die (D6)", "2");
    type_into(
        &mut h,
        "Secondary faction die (D2), if the mission calls for one",
        "2",
    );
    button(&mut h, "Draw the first mission");
    let c = the_campaign(&h);
    assert_eq!(c.phase, Phase::Ready);
    let m = c.mission.as_ref().expect("mission");
    assert_eq!(m.mission, second);
    // The second secondary faction: the mutants.
    assert_eq!(m.faction, "mutants");
    assert!(!m.overridden);
    let E::Setup(SetupEdit::Start { choice, .. }) = last_event(&h) else {
        panic!("a start")
    };
    assert_eq!(faces(choice.draw.as_ref()), vec![2]);
    assert_eq!(choice.draw.as_ref().expect("draw").sides, 6);
    assert_eq!(faces(choice.faction_draw.as_ref()), vec![2]);
    assert_eq!(choice.faction_draw.as_ref().expect("draw").sides, 2);
    assert!(choice.pick.is_none());
}

#[test]
fn cmp_3_the_first_mission_picked_from_the_list_is_logged_as_an_override() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window_on(dir.path(), |_, _| vec![]);
    let fourth = nth_mission(rules(&h), MissionType::Investigation, 4);
    let name = Lang::En
        .pick(&rules(&h).campaign.mission(&fourth).expect("mission").names)
        .to_owned();
    h.get_by_label("Mission").click();
    h.run();
    h.get_by_label(&name).click();
    h.run();
    // Picked: no mission die to type, the reason asked.
    assert!(h.query_by_label("Mission die (D6)").is_none());
    type_into(&mut h, "Why", "we have the models");
    button(&mut h, "Draw the first mission");
    let c = the_campaign(&h);
    let m = c.mission.as_ref().expect("mission");
    assert_eq!(m.mission, fourth);
    assert!(m.overridden, "a pick is an override");
    let E::Setup(SetupEdit::Start { choice, .. }) = last_event(&h) else {
        panic!("a start")
    };
    assert_eq!(choice.pick.as_ref(), Some(&fourth));
    assert!(choice.draw.is_none(), "nothing drawn");
    assert_eq!(choice.reason, "we have the models");
    let said: Vec<String> = h
        .state()
        .app
        .model
        .feedback
        .messages
        .iter()
        .map(|m| m.shown())
        .collect();
    assert!(
        said.iter().any(|l| l
            == &format!(
                "Mission picked by hand instead of drawn: {name}. Why: we have the models"
            )),
        "{said:?}"
    );
    assert!(h.query_by_label("Chosen by hand").is_some());
    // The journal replays to the same mission.
    let (again, _) = c.replay(rules(&h)).expect("replays");
    assert!(replay::same_state(&again, &c));
}

#[test]
fn cmp_5_enemies_drawn_and_drawn_again_with_typed_dice() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The first Investigation is against the Nemesis: renegade marines, 1D10.
    let mut h = window_on(dir.path(), |_, _| vec![start_on(1)]);
    let c = the_campaign(&h);
    let m = c.mission.as_ref().expect("mission");
    assert_eq!(m.faction, "renegade_marines");
    let table = rules(&h)
        .campaign
        .faction("renegade_marines")
        .expect("faction")
        .clone();
    assert_eq!((table.dice.count, table.dice.sides), (1, 10));
    // One enemy, the die typed: 3.
    let field = "Enemy dice (D10 per enemy, one after the other)";
    type_into(&mut h, field, "3");
    button(&mut h, "Draw an enemy");
    let c = the_campaign(&h);
    let enemy = &c.mission.as_ref().expect("mission").enemy;
    assert_eq!(enemy.len(), 1);
    assert_eq!(enemy[0].roll.faces, vec![3]);
    assert_eq!(
        enemy[0].entry_type,
        table.entry(3).expect("entry").entry_type
    );
    let E::Preparation(PreparationEdit::DrawEnemy { rolls, drawn, .. }) = last_event(&h) else {
        panic!("a draw")
    };
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0].faces, vec![3]);
    assert_eq!(drawn[0].roll.faces, vec![3]);
    // The die of a row is a cell of its own under the column's heading, on
    // the enemy's line, wide enough for "Muster rolls" (it was wrapped into
    // a column one word wide).
    // The enemy named as his line names him ("Cultist 1"), not by a number.
    let first = muster::rules::core::names::name_in(&enemy::names(&c, 0), "en", "").to_owned();
    let (dice_field, again_named) = (
        format!("Dice to draw {first} again (D10)"),
        format!("Draw {first} again"),
    );
    let cell = h.get_by_label(&dice_field).rect();
    let again = h.get_by_label(&again_named).rect();
    assert!(cell.width() >= 80.0, "{cell:?}");
    assert!(
        (cell.center().y - again.center().y).abs() < 4.0,
        "{cell:?} {again:?}"
    );
    assert!(
        h.query_by_label("Your dice to draw again (D10)").is_some(),
        "the column's heading"
    );
    // Enemy 1 drawn again: 9.
    type_into(&mut h, &dice_field, "9");
    button(&mut h, &again_named);
    let c = the_campaign(&h);
    let enemy = &c.mission.as_ref().expect("mission").enemy;
    assert_eq!(enemy[0].roll.faces, vec![9]);
    assert_eq!(
        enemy[0].entry_type,
        table.entry(9).expect("entry").entry_type
    );
    let E::Preparation(PreparationEdit::RerollEnemy { index, roll, .. }) = last_event(&h) else {
        panic!("a reroll")
    };
    assert_eq!(index, 0);
    assert_eq!(faces(roll.as_ref()), vec![9]);
    // The rest of the escort: the dice typed first, in order, then Muster's.
    type_into(&mut h, field, "1 2");
    button(&mut h, "Draw the whole enemy escort");
    let c = the_campaign(&h);
    let m = c.mission.as_ref().expect("mission");
    assert_eq!(m.enemy[1].roll.faces, vec![1]);
    assert_eq!(
        m.enemy[1].entry_type,
        table.entry(1).expect("entry").entry_type
    );
    if m.enemy.len() > 2 {
        assert_eq!(m.enemy[2].roll.faces, vec![2]);
    }
    assert!(m.enemy_complete());
    let E::Preparation(PreparationEdit::DrawEnemy { all, rolls, .. }) = last_event(&h) else {
        panic!("a draw")
    };
    assert!(all);
    assert_eq!(rolls[0].faces, vec![1]);
    assert_eq!(rolls.len(), m.enemy.len() - 1);
}

#[test]
fn cmp_15_the_enemy_behaviour_test_with_a_typed_die() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window_on(dir.path(), |_, _| {
        vec![
            start_on(1),
            E::Preparation(PreparationEdit::DrawEnemy {
                all: false,
                rolls: vec![],
                drawn: vec![],
            }),
            E::Preparation(PreparationEdit::BeginMission),
        ]
    });
    let c = the_campaign(&h);
    assert_eq!(c.phase, Phase::Playing);
    let mode = c.mission.as_ref().expect("mission").mode;
    // The enemy named as his card names him.
    let enemy = muster::rules::core::names::name_in(&enemy::names(&c, 0), "en", "").to_owned();
    assert!(!enemy.is_empty());
    let die = format!("Cran die of {enemy} (D10)");
    let ask = format!("What does {enemy} do?");
    // A 1 on the D10 fails any Cran.
    type_into(&mut h, &die, "1");
    button(&mut h, &ask);
    let E::Table(TableEdit::EnemyBehaviour { index, roll }) = last_event(&h) else {
        panic!("a behaviour test")
    };
    assert_eq!(index, 0);
    assert_eq!(faces(roll.as_ref()), vec![1]);
    let failed = match mode {
        muster::rules::campaign::Mode::Attack => "campaign.behaviour.attack_failed",
        muster::rules::campaign::Mode::Defence => "campaign.behaviour.defence_failed",
    };
    let said = crate::common::last_line(&h.state().app).shown();
    assert!(said.contains(Lang::En.t(failed)), "{said}");
    assert!(said.contains("(D10: 1)"), "{said}");
    // A 10 passes it.
    type_into(&mut h, &die, "10");
    button(&mut h, &ask);
    let passed = failed.replace("failed", "passed");
    let said = crate::common::last_line(&h.state().app).shown();
    assert!(said.contains(Lang::En.t(&passed)), "{said}");
    // The answer shows on the enemy's own card, not only in the log.
    let cran = the_campaign(&h).table.expect("table").behaviour[&0].cran;
    let card = format!("Turn 1: 10 against Cran {cran} — {}.", Lang::En.t(&passed));
    assert!(h.query_by_label(&card).is_some(), "{card}");
}

/// A mission played and ended, nobody hurt: the debrief's recon and next
/// mission wait.
fn at_the_debrief(_: &Campaign, _: &RulesData) -> Vec<E> {
    vec![
        start_on(1),
        E::Preparation(PreparationEdit::BeginMission),
        E::Debrief(DebriefEdit::EndMission {
            result: muster::rules::campaign::MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        }),
    ]
}

#[test]
fn cmp_14_recon_good_fortune_with_every_die_typed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window_on(dir.path(), at_the_debrief);
    let c = the_campaign(&h);
    assert_eq!(c.phase, Phase::Debrief);
    let who = "Inquisitor Vael";
    let held = queries::recruiting(&c).pool(c.escorts[0].id);
    // 6 on the D12: good fortune; 10 passes the Cran test; 5D6 typed.
    type_into(&mut h, &format!("Recon die (D12) — {who}"), "6");
    type_into(
        &mut h,
        &format!("Cran test (D10), if the result asks for one — {who}"),
        "10",
    );
    type_into(
        &mut h,
        &format!("Good fortune (5D6), if it comes — {who}"),
        "1 2 3 4 5",
    );
    button(&mut h, &format!("Send {who} on recon"));
    let E::Debrief(DebriefEdit::Recon {
        roll,
        cran,
        fortune,
        effect,
        ..
    }) = last_event(&h)
    else {
        panic!("a recon")
    };
    assert_eq!(faces(roll.as_ref()), vec![6]);
    assert_eq!(faces(cran.as_ref()), vec![10]);
    assert_eq!(faces(fortune.as_ref()), vec![1, 2, 3, 4, 5]);
    assert_eq!(
        effect,
        Some(muster::rules::campaign::data::ReconEffect::GoodFortune)
    );
    let c = the_campaign(&h);
    assert_eq!(queries::recruiting(&c).pool(c.escorts[0].id), held + 15);
}

#[test]
fn cmp_3_the_next_mission_drawn_with_a_typed_die() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window_on(dir.path(), at_the_debrief);
    // VP earned: an Inquiry follows; its third.
    assert_eq!(drawing::next_type(&the_campaign(&h)), MissionType::Inquiry);
    let third = nth_mission(rules(&h), MissionType::Inquiry, 3);
    type_into(&mut h, "Mission die (D6)", "3");
    type_into(
        &mut h,
        "Secondary faction die (D2), if the mission calls for one",
        "1",
    );
    button(&mut h, "Draw the next mission");
    let c = the_campaign(&h);
    let m = c.mission.as_ref().expect("mission");
    assert_eq!(m.number, 2);
    assert_eq!(m.mission, third);
    let E::Debrief(DebriefEdit::NextMission { choice }) = last_event(&h) else {
        panic!("the next mission")
    };
    assert_eq!(faces(choice.draw.as_ref()), vec![3]);
    if rules(&h).campaign.mission(&third).expect("mission").enemy
        == muster::rules::campaign::EnemySide::Secondary
    {
        assert_eq!(m.faction, "cultists");
        assert_eq!(faces(choice.faction_draw.as_ref()), vec![1]);
    }
}

#[test]
fn cmp_5_bad_typed_dice_show_the_engines_message_and_change_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window_on(dir.path(), |_, _| vec![start_on(1)]);
    let before = the_campaign(&h);
    let field = "Enemy dice (D10 per enemy, one after the other)";
    // The engine's own refusal, as it words it.
    let refusal = muster::rules::campaign::check_dice(
        &muster::rules::core::dice::Roll::from_faces(10, vec![11], 0),
        1,
        10,
        "CMP-5",
    )
    .expect_err("11 is no face of a D10");
    let line = Lang::En.problem_line(&refusal);
    assert_eq!(
        line,
        "CMP-5: these dice do not fit: 1D10 is needed, each die from 1 to 10"
    );
    for bad in ["11", "0", "three"] {
        type_into(&mut h, field, bad);
        assert!(
            h.query_by_label(&line).is_some(),
            "{bad}: the message shown"
        );
        // The draw cannot be sent, not even by a click.
        h.get_by_role_and_label(Role::Button, "Draw an enemy")
            .click();
        h.run();
        assert_eq!(the_campaign(&h), before, "{bad}: nothing changed");
        h.get_by_label(field).click();
        h.run();
        for _ in 0..bad.len() {
            h.key_press(egui::Key::Backspace);
        }
        h.run();
        assert!(h.query_by_label(&line).is_none(), "cleared: no message");
    }
    // Two dice for one enemy: the engine refuses, its message in the log,
    // and nothing changes.
    type_into(&mut h, field, "3 4");
    button(&mut h, "Draw an enemy");
    assert_eq!(the_campaign(&h), before);
    let said = crate::common::last_line(&h.state().app);
    assert_eq!(said.kind, muster::app::MessageKind::Refused);
    assert!(
        said.shown()
            .contains("more rolls were typed in than enemies drawn"),
        "{}",
        said.shown()
    );
}

#[test]
fn cmp_14_the_recon_step_shows_the_campaigns_own_table() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window_on(dir.path(), at_the_debrief);
    let c = the_campaign(&h);
    let recon = &queries::rates(&c, &h.state().app.model.rules.campaign).recon;
    let clue = *recon
        .results
        .iter()
        .find(|r| r.effect == muster::rules::campaign::data::ReconEffect::Clue)
        .expect("a clue");
    assert!(h.query_by_label("A clue: +1 VP").is_none(), "folded");
    h.get_by_label("The recon table (D12)").click();
    h.run();
    h.run();
    // Every result of the table, with the faces the data gives it.
    assert!(h.query_by_label("A clue: +1 VP").is_some());
    assert!(
        h.query_by_label(&format!("{}–{}", clue.from, clue.to))
            .is_some()
    );
    assert_eq!(recon.results.len(), 8);
    for r in &recon.results {
        assert!(h.query_by_label(Lang::En.t(r.effect.key())).is_some());
    }
}

/// A mission picked by hand whose enemy is the Nemesis's has no die to
/// type: no "Type the dice…" line stands above nothing.
#[test]
fn cmp_3_a_mission_picked_by_hand_with_no_die_says_nothing_of_dice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window_on(dir.path(), |_, _| vec![]);
    let hint = "Type the dice you rolled, or leave the field empty and Muster rolls.";
    assert!(h.query_by_label(hint).is_some(), "drawn: the mission die");
    let main = rules(&h)
        .campaign
        .missions_of(MissionType::Investigation)
        .find(|m| m.enemy == muster::rules::campaign::EnemySide::Main)
        .expect("a mission against the Nemesis");
    let name = Lang::En.pick(&main.names).to_owned();
    h.get_by_label("Mission").click();
    h.run();
    h.get_by_label(&name).click();
    h.run();
    assert!(h.query_by_label("Mission die (D6)").is_none());
    assert!(h.query_by_label(hint).is_none(), "no die to type");
}
