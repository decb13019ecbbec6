//! Wounds on the battle screen, through the window: a roll's wounds go to
//! the campaign character who took them, from any roll of the log and once
//! (CMP-13), and each mode keeps its own fighters: a name picked in one is
//! never logged, nor counted in the summary, for a roll of another.

use std::path::Path;

use crate::common::rules;
use crate::common::{click, pick};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::rules::Doc;
use muster::rules::campaign::Campaign;
use muster::rules::campaign::queries;
use muster::rules::campaign::{DebriefEdit, PreparationEdit};
use muster::ui::Gui;

fn open(dir: &Path, docs: Vec<Doc>) -> Harness<'static, Gui> {
    let window = crate::common::window_on(dir).size(1400.0, 3400.0);
    docs.into_iter()
        .fold(window, crate::common::WindowOn::saved)
        .showing(Screen::Battle)
        .open()
}

/// The example Rogue Trader band (Inquisitor Vael, Sister Oriel, Sergeant
/// Brask).
fn band() -> muster::rules::Roster {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/rt-band.json"
    ));
    crate::common::read_roster(path).expect("band")
}

/// The labels of the buttons shown that contain `part`.
fn buttons_with(h: &Harness<'_, Gui>, part: &str) -> Vec<String> {
    h.query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .map(|l| l.to_string())
        .filter(|l| l.contains(part))
        .collect()
}

/// Rolls until a roll wounds; its index in the log.
fn roll_until_wounded(h: &mut Harness<'_, Gui>) -> usize {
    for _ in 0..20 {
        h.get_by_role_and_label(Role::Button, "Roll").click();
        h.run();
        let log = &h.state().app.model.battle.log;
        if log.last().is_some_and(|e| e.wounds > 0) {
            return log.len() - 1;
        }
    }
    panic!("twenty rolls without a wound");
}

/// Certain wounds: a strong attacker against a helpless defender.
fn certain_wounds(h: &mut Harness<'_, Gui>) {
    let cc = &mut h.state_mut().views.battle.close_combat.cc;
    cc.attacker.a = 10;
    cc.attacker.s = 10;
    cc.defender.save = None;
    cc.helpless = true;
    h.run();
}

fn wounds_of(c: &Campaign, name: &str) -> u32 {
    let id = crate::common::char_id(c, name);
    c.table
        .as_ref()
        .and_then(|t| t.wounds.get(&id).copied())
        .unwrap_or(0)
}

/// CMP-13: the wounds of a roll go to the model that took them, never to
/// the attacker who dealt them; a defender not taken from a campaign is
/// said to be so, nobody else is offered; any roll of the log can be
/// applied, once; one put out of action takes no more; the battle summary
/// counts what was applied.
#[test]
fn cmp_13_a_rolls_wounds_go_to_the_campaign_fighter_who_took_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rules = rules();
    let mut h = open(
        dir.path(),
        vec![Doc::new(crate::common::band_at_the_table(rules))],
    );
    // The attacker from the campaign, the defender typed in.
    pick(
        &mut h,
        "Take the attacker from a campaign escort",
        "› Inquisitor Vael — ",
    );
    certain_wounds(&mut h);
    let first = roll_until_wounded(&mut h);
    let wounds = h.state().app.model.battle.log[first].wounds;
    // The defender took them: no campaign character, so nobody is offered
    // (the attacker least of all), and the log says why.
    assert_eq!(buttons_with(&h, "pply"), Vec::<String>::new());
    let why = if wounds == 1 {
        "Defender took 1 wound: he was not taken from a campaign".to_owned()
    } else {
        format!("Defender took {wounds} wounds: he was not taken from a campaign")
    };
    assert!(h.query_by_label_contains(&why).is_some(), "{why}");
    // The defender from the campaign: two rolls that wound him.
    pick(
        &mut h,
        "Take the defender from a campaign escort",
        "› Sister Oriel — ",
    );
    certain_wounds(&mut h);
    let second = roll_until_wounded(&mut h);
    let third = roll_until_wounded(&mut h);
    let oriel = |k: usize, h: &Harness<'_, Gui>| h.state().app.model.battle.log[k].wounds;
    let word = |k: usize, w: u32| {
        format!(
            "Apply roll #{} to campaign: Sister Oriel ({w} {})",
            k + 1,
            if w == 1 { "wound" } else { "wounds" }
        )
    };
    // Each roll offers his own wounds; the earlier one is applied, not
    // only the last.
    let (w2, w3) = (oriel(second, &h), oriel(third, &h));
    assert_eq!(
        buttons_with(&h, "pply"),
        vec![word(third, w3), word(second, w2)]
    );
    crate::common::button(&mut h, &word(second, w2));
    let c = crate::common::the_campaign(&h);
    let max = c
        .characters
        .iter()
        .find(|x| x.name() == "Sister Oriel")
        .expect("Oriel")
        .member
        .wounds(rules);
    assert_eq!(wounds_of(&c, "Sister Oriel"), w2.min(max));
    assert_eq!(wounds_of(&c, "Inquisitor Vael"), 0, "not the attacker");
    let seed = h.state().app.model.battle.log[second].seed;
    assert!(queries::wounding(&c).roll_applied(seed));
    // Once: the button gives way to the word.
    assert!(h.query_by_label(&word(second, w2)).is_none());
    assert!(
        h.query_by_label_contains(&format!("Roll #{} applied to the campaign", second + 1))
            .is_some()
    );
    // Out of action now (every wound of hers taken): the last roll's
    // wounds cannot go to her, and the log says why.
    assert!(w2 >= max, "{w2} against W {max}");
    let id = crate::common::char_id(&c, "Sister Oriel");
    assert!(
        c.table
            .as_ref()
            .is_some_and(|t| t.out_of_action.contains(&id))
    );
    assert_eq!(buttons_with(&h, "pply"), Vec::<String>::new());
    assert!(
        h.query_by_label_contains("Sister Oriel is already out of action")
            .is_some()
    );
    // The summary (CHR-15) counts her killed once, on their side, as the
    // campaign has her; the attacker is no one's loss.
    assert!(
        h.query_by_label("Their characters killed: Sister Oriel")
            .is_some()
    );
    assert!(h.query_by_label("Our characters killed: none").is_some());
}

/// A library with the example kill team and the example band.
fn teams(dir: &Path) -> Harness<'static, Gui> {
    open(
        dir,
        vec![Doc::new(crate::common::example_team()), Doc::new(band())],
    )
}

/// Each mode owns its fighters: after a kill-team shot by Trooper Nim, a
/// close-combat round between two others is logged and summed up under
/// theirs, and the shot, back in its mode, is still Nim's.
#[test]
fn a_fighter_picked_in_one_mode_never_fights_in_another() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = teams(dir.path());
    click(&mut h, "Kill team");
    pick(
        &mut h,
        "Take the shooter from a kill team",
        "Trooper Nim (Lasgun) — ",
    );
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    let titles = |h: &Harness<'_, Gui>| {
        h.state()
            .app
            .model
            .battle
            .log
            .iter()
            .map(|e| muster::i18n::Lang::En.msg(&e.title).clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(titles(&h), vec!["Trooper Nim against Defender"]);
    // Close combat: the attacker typed in, the defender from the band, who
    // strikes back and kills him.
    click(&mut h, "Close combat (Rogue Trader)");
    pick(&mut h, "Take the defender from a roster", "Sister Oriel — ");
    click(
        &mut h,
        "The defender strikes back: the whole round (CC-7, CC-13)",
    );
    {
        let b = &mut h.state_mut().views.battle;
        b.close_combat.cc.attacker.a = 1;
        b.close_combat.set_attacker_toughness_and_wounds(1, 1);
        b.close_combat.set_defender_strength_and_attacks(10, 10);
        b.close_combat.cc.defender.ws = 10;
        b.close_combat.cc.attacker.ws = 1;
    }
    h.run();
    let mut rolls = 0;
    loop {
        h.get_by_role_and_label(Role::Button, "Roll").click();
        h.run();
        rolls += 1;
        let e = h.state().app.model.battle.log.last().expect("rolled");
        if e.taken.first().is_some_and(|&t| t > 0) {
            break;
        }
        assert!(rolls < 20, "twenty rounds and the attacker stands");
    }
    let cc = titles(&h);
    assert!(
        cc[1..].iter().all(|t| t == "Attacker against Sister Oriel"),
        "{cc:?}"
    );
    assert!(
        h.query_all_by_label("Attacker against Sister Oriel")
            .next()
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Trooper Nim against Sister")
            .is_none()
    );
    // The attacker typed in is no character: nobody of ours counted, Nim
    // least of all.
    assert!(h.query_by_label("Our characters killed: none").is_some());
    assert!(h.query_by_label_contains("Trooper Nim,").is_none());
    // Back to the shot: still Nim's, and the target is not Oriel.
    click(&mut h, "Kill team");
    assert!(
        h.query_by_label("Equipment and ribbon of Trooper Nim")
            .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    assert_eq!(
        titles(&h).last().map(String::as_str),
        Some("Trooper Nim against Defender")
    );
    // A psychic attack has its own psyker and target too.
    click(&mut h, "Psychic attack");
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    let psy = titles(&h).last().cloned().unwrap_or_default();
    assert!(!psy.contains("Nim") && !psy.contains("Oriel"), "{psy}");
}

/// CMP-13 in the psychic mode: the psyker and his target both from the
/// campaign, the power's wounds go to the target, never to the psyker.
#[test]
fn cmp_13_a_psychic_attacks_wounds_go_to_its_campaign_target() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rules = rules();
    let mut h = open(
        dir.path(),
        vec![Doc::new(crate::common::band_at_the_table(rules))],
    );
    click(&mut h, "Psychic attack");
    pick(
        &mut h,
        "Take the psyker from a campaign escort",
        "› Inquisitor Vael — ",
    );
    pick(
        &mut h,
        "Take the target from a campaign escort",
        "› Sergeant Brask — ",
    );
    // Certain wounds: three hits of S 10, no save.
    {
        let a = &mut h.state_mut().views.battle.psychic.attack;
        a.hits = 3;
        a.strength = Some(10);
        a.target.save = None;
    }
    h.run();
    let k = roll_until_wounded(&mut h);
    let e = h.state().app.model.battle.log[k].clone();
    let brask = e.taken[1];
    assert_eq!(e.taken[0], 0, "the psyker takes none");
    let word = format!(
        "Apply roll #{} to campaign: Sergeant Brask ({brask} {})",
        k + 1,
        if brask == 1 { "wound" } else { "wounds" }
    );
    assert_eq!(buttons_with(&h, "pply"), vec![word.clone()]);
    crate::common::button(&mut h, &word);
    let c = crate::common::the_campaign(&h);
    assert!(wounds_of(&c, "Sergeant Brask") > 0);
    assert_eq!(wounds_of(&c, "Inquisitor Vael"), 0);
    assert!(queries::wounding(&c).roll_applied(e.seed));
}

/// CMP-13: a roll's wounds belong to the table of the mission it was
/// rolled in: once that mission is over and the next one begun, the roll
/// is no longer offered, and the log says why.
#[test]
fn cmp_13_a_roll_of_an_earlier_mission_is_not_applied_to_the_next() {
    use muster::rules::campaign::{CampaignEdit as E, MissionChoice, MissionResult};
    use muster::rules::{DocKey, Edit};
    let dir = tempfile::tempdir().expect("tempdir");
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let key = DocKey::of::<Campaign>(c.id.clone());
    let mut h = open(dir.path(), vec![Doc::new(c)]);
    pick(
        &mut h,
        "Take the defender from a campaign escort",
        "› Sister Oriel — ",
    );
    certain_wounds(&mut h);
    let k = roll_until_wounded(&mut h);
    assert_eq!(buttons_with(&h, &format!("Apply roll #{}", k + 1)).len(), 1);
    // The mission ends unapplied; the next one is drawn and begun.
    for e in [
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 0,
            },
            played: vec![],
        }),
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
        E::Preparation(PreparationEdit::BeginMission),
    ] {
        h.state_mut()
            .app
            .apply(Command::Edit(key.clone(), Edit::new(e)));
        h.run();
    }
    let c = crate::common::the_campaign(&h);
    assert_eq!(queries::mission_number(&c), 2);
    assert!(c.table.is_some());
    assert_eq!(buttons_with(&h, "pply"), Vec::<String>::new());
    assert!(
        h.query_by_label_contains("this roll was made during mission 1")
            .is_some()
    );
    assert_eq!(wounds_of(&c, "Sister Oriel"), 0);
}

#[test]
fn cmp_13_a_roll_not_applied_yet_is_still_offered_after_a_restart() {
    let restarts = crate::common::Restarts::sized(1400.0, 3400.0);
    let rules = rules();
    let mut h = restarts
        .window()
        .showing(Screen::Battle)
        .saved(Doc::new(crate::common::band_at_the_table(rules)))
        .open();
    pick(
        &mut h,
        "Take the attacker from a campaign escort",
        "› Inquisitor Vael — ",
    );
    pick(
        &mut h,
        "Take the defender from a campaign escort",
        "› Sister Oriel — ",
    );
    certain_wounds(&mut h);
    let k = roll_until_wounded(&mut h);
    let before = h.state().app.model.battle.log.clone();
    let w = before[k].wounds;
    let apply = format!(
        "Apply roll #{} to campaign: Sister Oriel ({w} {})",
        k + 1,
        if w == 1 { "wound" } else { "wounds" }
    );
    assert_eq!(buttons_with(&h, "pply"), vec![apply.clone()]);
    // Muster closes before the wounds are applied, and opens again.
    let mut h = restarts.reopen(h, Screen::Battle);
    assert_eq!(
        h.state().app.model.battle.log,
        before,
        "every roll, as it was"
    );
    assert_eq!(buttons_with(&h, "pply"), vec![apply.clone()]);
    crate::common::button(&mut h, &apply);
    let c = crate::common::the_campaign(&h);
    assert!(wounds_of(&c, "Sister Oriel") > 0, "her wounds, up to her W");
    assert!(queries::wounding(&c).roll_applied(before[k].id()));
    assert!(buttons_with(&h, "pply").is_empty(), "applied once");
}

#[test]
fn a_battle_log_kept_that_cannot_be_read_is_set_aside_and_said() {
    let dir = tempfile::tempdir().expect("tempdir");
    let kept = tempfile::tempdir().expect("tempdir");
    // A first run makes the folder's files; its battle file is then broken.
    drop(
        crate::common::window_on(dir.path())
            .kept_in(kept.path())
            .open(),
    );
    let data = std::fs::canonicalize(dir.path()).expect("dir");
    let path = muster::store::kept_history::kept_history_path(kept.path(), &data)
        .with_extension("battle.json");
    std::fs::write(&path, "{ not json").expect("write");
    let h = crate::common::window_on(dir.path())
        .kept_in(kept.path())
        .open();
    assert!(h.state().app.model.battle.log.is_empty());
    assert!(
        h.query_by_label_contains("could not be read").is_some(),
        "said in the log"
    );
    let aside = path.with_extension("unreadable.json");
    assert_eq!(
        std::fs::read_to_string(aside).expect("set aside"),
        "{ not json",
        "nothing lost"
    );
}
