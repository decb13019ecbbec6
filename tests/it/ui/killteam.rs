//! The kill-team builder and the rules reference, driven through their
//! widgets as a player would.

use std::path::Path;

use crate::common::{create_named, type_into};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::i18n::Lang;
use muster::rules::KillTeam;
use muster::ui::Gui;

fn harness(dir: &Path) -> Harness<'static, Gui> {
    crate::common::window_on(dir).seed(3).open()
}

fn team(h: &Harness<'_, Gui>) -> KillTeam {
    h.state()
        .app
        .model
        .library
        .docs
        .iter()
        .find_map(|d| d.get::<KillTeam>())
        .cloned()
        .expect("a kill team")
}

fn add_soldier(h: &mut Harness<'_, Gui>, name: &str, kind: &str) {
    type_into(h, "Soldier name", name);
    h.get_by_label(&format!("Add a {kind}")).click();
    h.run();
}

/// Opens a soldier's picker and chooses an option by its text.
fn pick(h: &mut Harness<'_, Gui>, picker: &str, soldier: &str, option: &str) {
    h.get_by_label(&format!("{picker}: {soldier}")).click();
    h.run();
    h.get_by_label(option).click_accesskit();
    h.run();
}

fn new_team(h: &mut Harness<'_, Gui>) {
    create_named(h, "Create kill team", "Hark's Raiders");
    assert!(matches!(h.state().app.model.screen, Screen::KillTeam(_)));
}

#[test]
fn the_example_team_is_built_from_scratch_in_the_builder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    new_team(&mut h);
    add_soldier(&mut h, "Sergeant Hark", "Sergeant");
    pick(
        &mut h,
        "Add equipment",
        "Sergeant Hark",
        "Command insignia (EQ-31)",
    );
    pick(&mut h, "Ribbon", "Sergeant Hark", "Marksman (RIB-12)");
    add_soldier(&mut h, "Trooper Vell", "Special weapon trooper");
    pick(&mut h, "Weapon", "Trooper Vell", "Flamer");
    pick(
        &mut h,
        "Add equipment",
        "Trooper Vell",
        "Smoke grenade (EQ-7)",
    );
    pick(&mut h, "Ribbon", "Trooper Vell", "Sprinter (RIB-7)");
    add_soldier(&mut h, "Trooper Osk", "Special weapon trooper");
    pick(&mut h, "Weapon", "Trooper Osk", "Meltagun");
    pick(&mut h, "Add equipment", "Trooper Osk", "Armour (EQ-24)");
    pick(&mut h, "Ribbon", "Trooper Osk", "Brute (RIB-8)");
    add_soldier(&mut h, "Trooper Dace", "Guardsman");
    pick(&mut h, "Ribbon", "Trooper Dace", "Specialist (RIB-4)");
    pick(&mut h, "Add equipment", "Trooper Dace", "Medikit (EQ-6)");
    pick(&mut h, "Add equipment", "Trooper Dace", "Vox radio (EQ-12)");
    add_soldier(&mut h, "Trooper Rusk", "Guardsman");
    pick(&mut h, "Add equipment", "Trooper Rusk", "Mine (EQ-11)");
    pick(
        &mut h,
        "Ribbon",
        "Trooper Rusk",
        "Explosives expert (RIB-6)",
    );
    add_soldier(&mut h, "Trooper Nim", "Guardsman");
    pick(
        &mut h,
        "Add equipment",
        "Trooper Nim",
        "Sniper scope (EQ-2)",
    );
    pick(&mut h, "Ribbon", "Trooper Nim", "Endurance (RIB-2)");
    add_soldier(&mut h, "Trooper Pell", "Guardsman");
    pick(&mut h, "Add equipment", "Trooper Pell", "Cloak (EQ-16)");
    pick(&mut h, "Ribbon", "Trooper Pell", "Invisible (RIB-3)");

    let built = team(&h);
    let example: KillTeam = {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/killteam.json");
        let doc = muster::store::read_file(&muster::store::Kinds::default(), Path::new(path))
            .expect("example");
        doc.get::<KillTeam>().cloned().expect("kill team")
    };
    let shape = |t: &KillTeam| {
        t.soldiers
            .iter()
            .map(|s| {
                (
                    s.name.clone(),
                    s.kind.clone(),
                    s.weapon.clone(),
                    s.items.clone(),
                    s.ribbon.clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(&built), shape(&example));
    assert!(
        h.state()
            .app
            .model
            .problems_of(&muster::rules::DocKey::of::<KillTeam>(built.id.clone()))
            .is_empty()
    );
    assert!(h.query_by_label("7/7 soldier equivalents").is_some());
    assert!(h.query_by_label("2/3 special weapons").is_some());
    // Each card shows the real profile: Osk the Brute in armour has T 5
    // (3 + 1 + 1), marked as changed, with the rules on hover.
    assert!(h.query_by_label("5*").is_some());
    // And it is on disk.
    let saved = dir
        .path()
        .join("killteams")
        .join(format!("{}.json", built.id));
    h.state_mut().app.flush_saves();
    assert!(saved.exists());
}

#[test]
fn an_illegal_option_is_disabled_and_says_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    new_team(&mut h);
    add_soldier(&mut h, "Trooper Dace", "Guardsman");
    h.get_by_label("Add equipment: Trooper Dace").click();
    h.run();
    // Disabled, with the rule and the reason in the list itself.
    let bolter = h.get_by_label("Bolter (EQ-28) — EQ-28: sergeant only");
    assert!(bolter.accesskit_node().is_disabled());
    // A jump pack for Space Marines only, not Terminators (KT-19); a
    // combi-weapon for a special weapon carrier only.
    assert!(
        h.get_by_label("Jump pack (EQ-27) — EQ-27: Space Marine only")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.get_by_label("Combi-weapon (EQ-4) — EQ-4: needs a special weapon first")
            .accesskit_node()
            .is_disabled()
    );
    // Clicking it does nothing.
    h.get_by_label("Bolter (EQ-28) — EQ-28: sergeant only")
        .click();
    h.run();
    assert!(team(&h).soldiers[0].items.is_empty());
    // The weapons list says why a heavy weapon is not his (RIB-9).
    h.get_by_label("Weapon: Trooper Dace").click();
    h.run();
    assert!(
        h.get_by_label("Heavy bolter — RIB-9: not for this soldier")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn the_summary_reacts_undo_restores_and_the_reference_opens_at_the_rule() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    new_team(&mut h);
    add_soldier(&mut h, "Sergeant Hark", "Sergeant");
    for n in 1..=6 {
        add_soldier(&mut h, &format!("Trooper {n}"), "Guardsman");
    }
    assert!(h.query_by_label("7/7 soldier equivalents").is_some());
    assert!(h.query_by_label("Within the rules").is_some());
    // An eighth: the summary turns, in words, and the problem names KT-1.
    add_soldier(&mut h, "Trooper 7", "Guardsman");
    assert!(h.query_by_label("8/7 soldier equivalents").is_some());
    assert!(h.query_by_label("1 problem").is_some());
    let line = "KT-1: the team counts 8 soldier equivalents; it must count 7";
    assert!(h.query_by_label(line).is_some());
    // Undo restores the team.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(team(&h).soldiers.len(), 7);
    assert!(h.query_by_label("7/7 soldier equivalents").is_some());
    // Redo, then open the rule the problem names.
    h.key_press_modifiers(
        egui::Modifiers::COMMAND.plus(egui::Modifiers::SHIFT),
        egui::Key::Z,
    );
    h.run();
    h.get_by_role_and_label(Role::Link, line).click();
    h.run();
    assert_eq!(
        h.state().app.model.screen,
        Screen::Reference(Some("KT-1".to_owned()))
    );
    assert!(h.query_by_label_contains("KT-1 — ").is_some());
    // The reference is searchable.
    h.get_by_label("Search the rules").focus();
    h.run();
    h.get_by_label("Search the rules").type_text("jump pack");
    h.run();
    assert!(h.query_by_label_contains("EQ-27").is_some());
    assert!(h.query_by_label_contains("RIB-4  ").is_none());
}

#[test]
fn soldiers_are_reordered_and_duplicated_from_their_cards() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    new_team(&mut h);
    add_soldier(&mut h, "Hark", "Sergeant");
    add_soldier(&mut h, "Vell", "Guardsman");
    h.get_by_label("Move up: Vell").click();
    h.run();
    let names: Vec<String> = team(&h).soldiers.iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, ["Vell", "Hark"]);
    h.get_by_label("Duplicate: Vell").click();
    h.run();
    let names: Vec<String> = team(&h).soldiers.iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, ["Vell", "Vell (copy)", "Hark"]);
}

#[test]
fn a_soldier_is_dragged_to_another_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    new_team(&mut h);
    add_soldier(&mut h, "Hark", "Sergeant");
    add_soldier(&mut h, "Osk", "Guardsman");
    add_soldier(&mut h, "Vell", "Guardsman");
    let from = h.get_by_label("Move Vell").rect().center();
    let to = h.get_by_label("Hark").rect().center();
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for step in 1..=10 {
        let t = step as f32 / 10.0;
        h.hover_at(from + (to - from) * t);
        h.run();
    }
    h.drop_at(to);
    h.run();
    let names: Vec<String> = team(&h).soldiers.iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, ["Vell", "Hark", "Osk"]);
    // One step of the history: Undo puts him back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    let names: Vec<String> = team(&h).soldiers.iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, ["Hark", "Osk", "Vell"]);
}

#[test]
fn a_fight_is_set_up_from_a_roster_its_odds_shown_and_rolled() {
    let dir = tempfile::tempdir().expect("tempdir");
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/rt-band.json");
    std::fs::create_dir_all(dir.path().join("rosters")).expect("mkdir");
    std::fs::copy(example, dir.path().join("rosters/band.json")).expect("copy");
    let mut h = harness(dir.path());
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run();
    h.get_by_label_contains("Battle").click();
    h.run();
    assert_eq!(h.state().app.model.screen, Screen::Battle);
    // Inquisitor Vael (WS 6, S 4, A 3) against Sergeant Brask (WS 4, T 3).
    h.get_by_label("Take the attacker from a roster").click();
    h.run();
    h.get_by_label_contains("Inquisitor Vael —")
        .click_accesskit();
    h.run();
    h.get_by_label("Take the defender from a roster").click();
    h.run();
    h.get_by_label_contains("Sergeant Brask —")
        .click_accesskit();
    h.run();
    // WS 6 against WS 4 needs 4: 50 %; his power sword, S5 (CC-11, the
    // band lists it), against T3 wounds on 2; Brask's flak saves on 6.
    assert!(h.query_by_label("To hit 4+ (50.0 %)").is_some());
    assert!(h.query_by_label("to wound 2+ (83.3 %)").is_some());
    // The bars name each number of wounds.
    assert!(h.query_all_by_label_contains("3 wounds: ").count() >= 1);
    h.get_by_label("Charged this turn (+1)").click();
    h.run();
    assert!(
        h.query_by_label("To hit 3+ (66.7 %)").is_some(),
        "the odds follow"
    );
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 1);
    assert_eq!(
        muster::i18n::Lang::En.msg(&log[0].title),
        "Inquisitor Vael against Sergeant Brask"
    );
    assert!(
        h.query_all_by_label_contains("Dice: to hit").count() >= 2,
        "log and battle log"
    );
    // The whole round: the defender strikes back; Vael (I 6) strikes first.
    h.get_by_label("The defender strikes back: the whole round (CC-7, CC-13)")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("The attacker strikes first")
            .is_some()
    );
    assert!(h.query_by_label_contains("Attacker wins ").is_some());
    assert!(h.query_by_label_contains("Defender killed ").is_some());
}

/// What an option of an open picker says it offers, under its name.
fn detail_of(h: &Harness<'_, Gui>, option: &str) -> String {
    h.get_by_label(option)
        .accesskit_node()
        .description()
        .unwrap_or_default()
}

#[test]
fn the_pickers_say_what_each_option_offers_before_it_is_chosen() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    new_team(&mut h);
    add_soldier(&mut h, "Trooper Vell", "Guardsman");

    // The weapons: S, AP, range, type and damage, before any is chosen,
    // a refused one too.
    h.get_by_label("Weapon: Trooper Vell").click();
    h.run();
    // A pistol comes on top of the basic kit, never as the main weapon
    // (EQ-9); the bolter only as the sergeant's item (EQ-28).
    assert_eq!(
        detail_of(&h, "Laspistol — EQ-9: on top of the basic kit only"),
        "S3 · AP0 · 12\" · Pistol 1 · damage 1"
    );
    assert!(
        h.query_by_label("Bolter — EQ-28: only with the Bolter item")
            .is_some()
    );
    assert_eq!(
        detail_of(&h, "Heavy bolter — RIB-9: not for this soldier"),
        "S5 · AP-1 · 36\" · Heavy 3 · damage 1"
    );
    // A damage in dice reads as the rulebook writes it: never "DD6".
    let melta = h
        .query_all_by_label_contains("Meltagun")
        .next()
        .expect("the meltagun is listed");
    let said = melta.accesskit_node().description().unwrap_or_default();
    assert!(said.ends_with("damage D6"), "{said}");
    assert_eq!(team(&h).soldiers[0].weapon, "lasgun", "nothing chosen yet");
    h.key_press(egui::Key::Escape);
    h.run();

    // The items and the ribbons: what each does.
    h.get_by_label("Add equipment: Trooper Vell").click();
    h.run();
    assert_eq!(
        detail_of(&h, "Sight (EQ-3)"),
        "+1 to the bearer's hit rolls when shooting."
    );
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label("Ribbon: Trooper Vell").click();
    h.run();
    assert_eq!(detail_of(&h, "Sprinter (RIB-7)"), "+3\" M.");
    h.key_press(egui::Key::Escape);
    h.run();

    // The soldier kinds: a profile in a line.
    h.get_by_label("Kind: Trooper Vell").click();
    h.run();
    assert_eq!(
        detail_of(&h, "Space Marine"),
        "M 6\" · W 9 · S 4 · T 4 · Sv 3+ · CC 4+ · counts as 3 soldiers · 3 VP"
    );
    assert_eq!(
        detail_of(&h, "Terminator"),
        "M 5\" · W 9 · S 4 · T 4 · Sv 4+ (2D6) · CC 4+ · counts as 5 soldiers · 4 VP"
    );

    // Chosen as before: the item goes on the soldier.
    h.key_press(egui::Key::Escape);
    h.run();
    pick(&mut h, "Add equipment", "Trooper Vell", "Sight (EQ-3)");
    assert_eq!(team(&h).soldiers[0].items[0].item, "sight");
}

#[test]
fn the_lines_of_a_picker_speak_french() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = crate::common::window_on(dir.path())
        .lang(Lang::Fr)
        .seed(3)
        .open();
    let new_name = "Nom de la nouvelle liste ou équipe";
    h.get_by_label(new_name).click();
    h.run();
    h.get_by_label(new_name).type_text("Les Pillards");
    h.run();
    h.get_by_role_and_label(Role::Button, "Créer la kill team")
        .click();
    h.run();
    type_into(&mut h, "Nom du soldat", "Vell");
    h.get_by_label("Ajouter : Garde").click();
    h.run();
    h.get_by_label("Arme: Vell").click();
    h.run();
    assert_eq!(
        detail_of(
            &h,
            "Pistolet laser — EQ-9 : en plus de l'équipement de base seulement"
        ),
        "F3 · PA0 · 12\" · Pistolet 1 · dégâts 1"
    );
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label("Ajouter un équipement: Vell").click();
    h.run();
    assert_eq!(
        detail_of(&h, "Viseur (EQ-3)"),
        "+1 aux jets de touche du porteur au tir."
    );
}

/// The add buttons never move under the mouse: adding the sergeant takes a
/// problem away from the team's rules summary, and "Add a Terminator"
/// stays where the mouse left it (a second click would have added one).
#[test]
fn the_add_buttons_stay_put_as_problems_come_and_go() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    new_team(&mut h);
    let before = h.get_by_label("Add a Terminator").rect();
    let problems = |h: &Harness<'_, Gui>| h.query_all_by_label_contains("KT-2:").count();
    assert_eq!(problems(&h), 1, "no sergeant yet");
    add_soldier(&mut h, "Sergeant Hark", "Sergeant");
    assert_eq!(problems(&h), 0, "a sergeant now");
    assert_eq!(h.get_by_label("Add a Terminator").rect(), before);
    for n in 1..=6 {
        add_soldier(&mut h, &format!("Trooper {n}"), "Guardsman");
    }
    assert_eq!(team(&h).soldiers.len(), 7);
    assert_eq!(h.get_by_label("Add a Terminator").rect(), before);
}
