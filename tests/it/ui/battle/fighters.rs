//! The battle screen's psychic and unit modes driven through their widgets,
//! with fighters taken from rosters and from a campaign's escorts.

use std::path::Path;

use crate::common::rules;
use crate::common::{button, click, pick};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::i18n::Lang;
use muster::rules::Doc;
use muster::rules::battle::Fight;
use muster::store::Store;
use muster::ui::Gui;

/// A library with the example band and the example campaign at the table.
fn library(dir: &Path) {
    let rules = rules();
    let c = crate::common::example_campaign_at_the_table(rules);
    let store = Store::open(dir).expect("store");
    store.save(&Doc::new(c)).expect("save");
    let band = crate::common::example_band();
    store.save(&Doc::new(band)).expect("save");
}

fn battle(dir: &Path) -> Harness<'static, Gui> {
    library(dir);
    crate::common::window_on(dir)
        .seed(21)
        .size(1400.0, 3000.0)
        .showing(Screen::Battle)
        .open()
}

#[test]
fn a_psychic_attack_between_two_characters_its_odds_its_roll_and_its_power_in_play() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    click(&mut h, "Psychic attack");
    // The psyker from the campaign's escort, the target from the band.
    pick(
        &mut h,
        "Take the psyker from a campaign escort",
        "› Inquisitor Vael",
    );
    pick(&mut h, "Take the target from a roster", "Sergeant Brask —");
    // His cards are offered, the first filled in: he casts his second.
    assert_eq!(h.state().views.battle.psychic.attack.power.power, "Smite");
    click(&mut h, "Psychic shield");
    click(&mut h, "Lasting power: stays in play until ended (PSY-8)");
    // S4 against Brask's T3: wounds on 3+.
    assert!(h.query_by_label("Each hit wounds on 3+ (66.7 %)").is_some());
    assert!(h.query_all_by_label_contains("1 wound: ").count() >= 1);
    // A template against a vehicle: the location is not rolled (PSY-11).
    click(&mut h, "Template within a radius");
    click(&mut h, "The target is a vehicle (PSY-10 … PSY-12)");
    assert!(
        h.query_by_label_contains("no location roll (PSY-11)")
            .is_some()
    );
    assert!(h.query_by_label_contains("each hit penetrates: ").is_some());
    click(&mut h, "The target is a vehicle (PSY-10 … PSY-12)");
    button(&mut h, "Roll");
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 1);
    assert_eq!(
        muster::i18n::Lang::En.msg(&log[0].title),
        "Inquisitor Vael against Sergeant Brask (Psychic shield)"
    );
    assert!(matches!(log[0].fight, Fight::Psychic(_)));
    // PSY-8: the power stays in view; its psyker cannot end it this phase.
    assert!(
        h.query_by_label_contains("Psychic shield — Inquisitor Vael")
            .is_some()
    );
    let end = h.get_by_role_and_label(Role::Button, "End Psychic shield");
    assert!(end.accesskit_node().is_disabled());
    // Nor can it be played again while in play.
    assert!(
        h.get_by_role_and_label(Role::Button, "Roll")
            .accesskit_node()
            .is_disabled()
    );
    button(&mut h, "Next psychic phase");
    button(&mut h, "End Psychic shield");
    assert!(h.state().app.model.battle.powers.in_play.is_empty());
    assert!(h.query_by_label("No power in play.").is_some());
}

#[test]
fn a_round_between_two_units_shows_its_strike_order_and_odds_and_rolls() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    click(&mut h, "Unit against unit");
    // Five troopers charging five: one step at I 3 charged, then the rest.
    assert!(
        h.query_by_label("1. I 3, charged: First unit: model ×5")
            .is_some()
    );
    assert!(h.query_by_label("2. I 3: Second unit: model ×5").is_some());
    // The round's odds, and the exact fight to the end beside them.
    assert_eq!(h.query_all_by_label_contains("First unit wins ").count(), 2);
    assert!(h.query_all_by_label_contains("second: 5 dead: ").count() >= 1);
    // Sergeant Brask joins the second unit: a step of his own at I 4.
    pick(
        &mut h,
        "Second unit: add a character from a roster",
        "Sergeant Brask —",
    );
    assert!(
        h.query_by_label("1. I 4: Second unit: Sergeant Brask ×1")
            .is_some()
    );
    // The fight to the end, still exact: no interval.
    assert!(h.query_by_label_contains("Second unit routs ").is_some());
    assert!(
        h.query_by_label("Exact: every state of the fight is counted.")
            .is_some()
    );
    assert_eq!(h.query_all_by_label_contains("(95 %: ").count(), 0);
    button(&mut h, "Roll the round");
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 1);
    match &log[0].fight {
        Fight::Units(a, b) => assert_eq!((a.len(), b.len()), (5, 6)),
        other => panic!("{other:?}"),
    }
    assert!(h.query_all_by_label_contains("Dice: to hit").count() >= 1);
}

#[test]
fn a_campaign_character_fights_with_his_wounds_left_and_the_dead_cannot() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    click(&mut h, "Take the attacker from a campaign escort");
    let dall = h.get_by_label_contains("› Trooper Dall — dead");
    assert!(dall.accesskit_node().is_disabled());
    h.get_by_label_contains("› Inquisitor Vael —")
        .click_accesskit();
    h.run();
    // The combo shows whom it took, not "Choose…".
    let shown = h
        .get_by_label("Take the attacker from a campaign escort")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(shown.contains("Inquisitor Vael"), "{shown}");
    click(&mut h, "Take the defender from a roster");
    h.get_by_label_contains("Sergeant Brask —")
        .click_accesskit();
    h.run();
    // Vael's WS 6 against Brask's WS 4: 4+, as from the band.
    assert!(h.query_by_label("To hit 4+ (50.0 %)").is_some());
    button(&mut h, "Roll");
    let log = &h.state().app.model.battle.log;
    assert_eq!(
        muster::i18n::Lang::En.msg(&log[0].title),
        "Inquisitor Vael against Sergeant Brask"
    );
}

/// CC-4: a fighter picked from a roster brings his weapon in hand, the
/// first C-type weapon his equipment lists with its S (CC-11), and his
/// armour's save; one with only a rifle fights improvised.
#[test]
fn cc_4_a_fighter_from_a_roster_brings_his_weapon_in_hand_and_armour() {
    use muster::rules::close_combat::engagement::CcWeapon;
    use muster::rules::close_combat::odds::CcModifier;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    pick(
        &mut h,
        "Take the attacker from a roster",
        "Inquisitor Vael —",
    );
    {
        let b = &h.state().views.battle;
        assert_eq!(b.close_combat.weapon(), CcWeapon::Melee);
        assert_eq!(
            b.close_combat.cc.attacker.weapon_s,
            Some(5),
            "his power sword's S"
        );
        assert_eq!(
            b.close_combat.attacker_save(),
            Some(4),
            "his carapace armour"
        );
        assert!(
            !b.close_combat
                .cc
                .modifiers
                .contains(&CcModifier::Improvised)
        );
    }
    assert!(
        h.query_by_label_contains("From his roster: Power sword, S 5 (CC-4, CC-11).")
            .is_some()
    );
    pick(
        &mut h,
        "Take the defender from a roster",
        "Sergeant Brask —",
    );
    assert_eq!(
        h.state().views.battle.close_combat.cc.defender.save,
        Some(6),
        "flak"
    );
    // Vael S4 with a S5 sword against T3: wounds on 2+.
    assert!(h.query_by_label_contains("to wound 2+").is_some());

    // Brask lists only a lasgun: it is set aside, the blow improvised.
    pick(
        &mut h,
        "Take the attacker from a roster",
        "Sergeant Brask —",
    );
    {
        let b = &h.state().views.battle;
        assert_eq!(b.close_combat.weapon(), CcWeapon::Other);
        assert_eq!(b.close_combat.cc.attacker.weapon_s, None);
        assert!(
            b.close_combat
                .cc
                .modifiers
                .contains(&CcModifier::Improvised)
        );
    }
    assert!(
        h.query_by_label_contains("From his roster: Lasgun (CC-4).")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("CC-4: only close-combat")
            .is_some()
    );
    // Choosing another weapon by hand forgets where the first came from.
    click(&mut h, "Melee weapon");
    assert!(h.query_by_label_contains("From his roster").is_none());
    assert!(
        !h.state()
            .views
            .battle
            .close_combat
            .cc
            .modifiers
            .contains(&CcModifier::Improvised)
    );
}

/// Characters of a campaign fighting in a unit: after a round, "Apply to
/// campaign" sends each one's wounds to him, in one event and one undo.
#[test]
fn a_units_round_sends_each_campaign_fighters_wounds_in_one_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    click(&mut h, "Unit against unit");
    // Hesk in front (W 1), then Vael: the blows fall front first.
    for name in ["› Trooper Hesk —", "› Inquisitor Vael —"] {
        // The list may still be open from the first pick.
        if h.query_by_label_contains(name).is_none() {
            click(
                &mut h,
                "Second unit: add a character from a campaign escort",
            );
        }
        h.get_by_label_contains(name).click_accesskit();
        h.run();
    }
    // Only the campaign's characters in the second unit: the troopers go.
    h.state_mut().views.battle.units.second.remove_group(0);
    // A strong first unit: ten troopers of WS 5, S 5.
    {
        let g = &mut h.state_mut().views.battle.units.first.groups_mut()[0];
        g.set_count(10);
        g.set_ws(5);
        g.set_s(5);
    }
    h.run();
    let before = crate::common::the_campaign(&h);
    let journal = before.journal.len();
    let mut rolls = 0;
    loop {
        h.get_by_role_and_label(Role::Button, "Roll the round")
            .click();
        h.run();
        rolls += 1;
        let last = h.state().app.model.battle.log.last().expect("rolled");
        if last.taken.iter().filter(|&&t| t > 0).count() == 2 {
            break;
        }
        assert!(rolls < 60, "sixty rounds without both wounded");
    }
    let last = h
        .state()
        .app
        .model
        .battle
        .log
        .last()
        .expect("rolled")
        .clone();
    let taken: Vec<(String, u32)> = last
        .combatants
        .iter()
        .zip(&last.taken)
        .map(|(c, &t)| (c.name.in_lang("en").to_owned(), t))
        .collect();
    assert_eq!(taken.len(), 2, "{taken:?}");
    let n = h.state().app.model.battle.log.len();
    let who = taken
        .iter()
        .map(|(n, t)| format!("{n} ({t} {})", if *t == 1 { "wound" } else { "wounds" }))
        .collect::<Vec<_>>()
        .join(", ");
    let word = format!("Apply roll #{n} to campaign: {who}");
    h.get_by_role_and_label(Role::Button, &word).click();
    h.run();
    let c = crate::common::the_campaign(&h);
    assert_eq!(c.journal.len(), journal + 1, "one event");
    // Applied once: the button gives way to the word.
    assert!(h.query_by_label(&word).is_none());
    assert!(
        h.query_by_label(&format!("Roll #{n} applied to the campaign: {who}"))
            .is_some()
    );
    for (name, t) in &taken {
        let x = crate::common::char_id(&c, name);
        let max = c
            .characters
            .iter()
            .find(|m| m.id == x)
            .expect("in the campaign")
            .member
            .wounds(rules());
        let now = c.table.as_ref().and_then(|tb| tb.wounds.get(&x).copied());
        assert_eq!(now, Some((*t).min(max)), "{name}");
        if *t >= max {
            assert!(
                c.table
                    .as_ref()
                    .is_some_and(|tb| tb.out_of_action.contains(&x))
            );
        }
    }
    // One undo takes both back.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    assert_eq!(crate::common::the_campaign(&h).table, before.table);
    // Undone, it may be applied again.
    assert!(h.query_by_label(&word).is_some());
    // A replay repeats the dice: its wounds are never offered again (the
    // entry itself still offers its own).
    let last = h.state().app.model.battle.log.len() - 1;
    h.state_mut().app.apply(Command::ReplayFight(last));
    h.run();
    assert_eq!(
        h.query_all_by_label_contains(" to campaign: ").count(),
        1,
        "only the entry's"
    );
    assert!(
        h.query_by_label_contains("A replay repeats an entry's dice")
            .is_some()
    );
}

/// CHR-15: the summary follows a character by his name, so one ticked as a
/// character but left unnamed is asked for a name; named, the hint goes.
#[test]
fn chr_15_a_character_left_unnamed_is_asked_for_a_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    let hint = "Give him a name: the summary follows each character";
    h.state_mut()
        .views
        .battle
        .close_combat
        .cc_sides
        .set_defender(String::new());
    h.state_mut()
        .views
        .battle
        .close_combat
        .cc_sides
        .set_defender_character(false);
    h.run();
    assert!(h.query_by_label_contains(hint).is_none());
    click(&mut h, "The defender is a character (CHR-15)");
    assert!(
        h.state()
            .views
            .battle
            .close_combat
            .cc_sides
            .defender_character()
    );
    assert!(h.query_by_label_contains(hint).is_some());
    h.state_mut()
        .views
        .battle
        .close_combat
        .cc_sides
        .set_defender("Grot");
    h.run();
    assert!(h.query_by_label_contains(hint).is_none());
}

/// CC-10's battle setting: shown when a blow needs 7+ to hit; ticked, an
/// ordinary attacker may not roll and is told why; a character still may.
#[test]
fn cc_10_the_battle_refuses_seven_plus_to_ordinary_troops_when_set() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    let setting = "Refuse blows that need 7+ to hit to ordinary troops (CC-10)";
    let roll_enabled = |h: &Harness<'_, Gui>| {
        !h.get_by_role_and_label(Role::Button, "Roll")
            .accesskit_node()
            .is_disabled()
    };
    // WS 4 against WS 4: 4+, nothing to consent to.
    assert!(h.query_by_label(setting).is_none());
    h.state_mut()
        .views
        .battle
        .close_combat
        .cc_sides
        .set_attacker_character(false);
    h.state_mut().views.battle.close_combat.cc.attacker.ws = 1;
    h.state_mut().views.battle.close_combat.cc.defender.ws = 10;
    h.run();
    // 9+: the setting shows, off by the data's default; he may roll.
    assert!(h.query_by_label(setting).is_some());
    assert!(roll_enabled(&h));
    click(&mut h, setting);
    assert_eq!(
        h.state().views.battle.close_combat.refuse_seven_plus(),
        Some(true)
    );
    assert!(!roll_enabled(&h));
    assert!(
        h.query_by_label_contains("A blow that needs 9 to hit takes the game master's consent")
            .is_some()
    );
    // A character may try.
    click(&mut h, "The attacker is a character (CHR-15)");
    assert!(roll_enabled(&h));
    button(&mut h, "Roll");
    assert_eq!(h.state().app.model.battle.log.len(), 1);
}

/// Ticks or unticks the attacker's "Weapon's own save modifier".
fn own_save_box(h: &mut Harness<'_, Gui>) {
    h.get_by_role_and_label(Role::CheckBox, "Weapon's own save modifier")
        .click_accesskit();
    h.run();
}

/// CC-12: a weapon picked from a character's gear brings its own save
/// modifier; the odds card's save score follows it, and says which applied.
#[test]
fn cc_12_a_weapon_from_a_character_s_gear_brings_its_own_save_modifier() {
    use muster::rules::battle::scenario::Scenario;
    use muster::rules::{Gear, GearKind};
    let dir = tempfile::tempdir().expect("tempdir");
    let mut band = crate::common::example_band();
    band.name = "Axe band".to_owned();
    for c in &mut band.characters {
        if c.name == "Inquisitor Vael" {
            c.equipment = vec![Gear {
                strength: Some(6),
                save_modifier: Some(-2),
                ..Gear::new("Power axe", GearKind::Melee)
            }];
        } else if c.name == "Sergeant Brask" {
            c.equipment = vec![Gear {
                save: Some(4),
                ..Gear::new("Carapace armour", GearKind::Armour)
            }];
        }
    }
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(band))
        .expect("save");
    let mut h = crate::common::window_on(dir.path())
        .seed(21)
        .size(1400.0, 3000.0)
        .open();
    h.run();
    h.state_mut().app.apply(Command::Show(Screen::Battle));
    h.run();
    pick(
        &mut h,
        "Take the defender from a roster",
        "Sergeant Brask —",
    );
    // The default attacker, S 3: Brask's 4+ is not worsened.
    assert!(h.query_by_label("save 4+").is_some());
    assert!(
        h.query_by_label("Save modified by 0 by S3 (CC-12).")
            .is_some()
    );
    pick(
        &mut h,
        "Take the attacker from a roster",
        "Inquisitor Vael —",
    );
    assert_eq!(
        h.state()
            .views
            .battle
            .close_combat
            .cc
            .attacker
            .weapon_save_modifier,
        Some(-2)
    );
    assert!(
        h.query_by_label_contains("Its own save modifier: -2 (CC-12).")
            .is_some()
    );
    // The axe's own -2: 6+, where its S 6 would have lost the save.
    assert!(h.query_by_label("save 6+").is_some(), "by the axe");
    assert!(
        h.query_by_label("Save modified by -2 by the Power axe (CC-12).")
            .is_some()
    );
    // Taken off, the S table's -3 applies: 7+, lost.
    own_save_box(&mut h);
    assert!(h.query_by_label("save none").is_some(), "by S6");
    assert!(
        h.query_by_label("Save modified by -3 by S6 (CC-12).")
            .is_some()
    );
    own_save_box(&mut h);
    // The checkbox brings back a default; the axe's own is typed again.
    let own = h
        .state()
        .views
        .battle
        .close_combat
        .cc
        .attacker
        .weapon_save_modifier;
    assert_eq!(own, Some(-1), "the field's default");
    assert!(h.query_by_label("save 5+").is_some());
    button(&mut h, "Roll");
    let log = &h.state().app.model.battle.log;
    let Fight::Attack(Scenario::CloseCombat(s)) = &log[0].fight else {
        panic!("a close-combat attack: {:?}", log[0].fight);
    };
    assert_eq!(s.attacker.weapon_save_modifier, Some(-1));
    let text = Lang::En.msg(&log[0].fight.describe());
    assert!(
        text.contains("weapon S 6, the weapon's own save modifier -1;"),
        "{text}"
    );

    // Taken into a unit, he brings it too, shown in his row.
    click(&mut h, "Unit against unit");
    pick(
        &mut h,
        "Second unit: add a character from a roster",
        "Inquisitor Vael —",
    );
    let vael = h.state().views.battle.units.second.groups().last().cloned();
    assert_eq!(vael.and_then(|g| g.weapon_save_modifier()), Some(-2));
    assert!(
        h.query_by_label("Second unit, row 2: Weapon's own save modifier")
            .is_some()
    );
    button(&mut h, "Roll the round");
    let log = &h.state().app.model.battle.log;
    let Fight::Units(_, second) = &log[1].fight else {
        panic!("a round of units: {:?}", log[1].fight);
    };
    assert_eq!(second.last().and_then(|m| m.weapon_save_modifier), Some(-2));
}
