//! From the table to the fight and back: a fighter picked on the
//! campaign's table attacks a drawn enemy (or is attacked by one), the
//! battle screen opens on the right mode with both filled in from their
//! cards, the roll's wounds are applied to the model that took them, and
//! Back returns to the table with its wound boxes ticked.

use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::rules::campaign::TableEdit;
use muster::rules::campaign::{Campaign, Fighter};
use muster::rules::killteam::activation::Act;
use muster::rules::{CharRef, Characteristic as C};
use muster::ui::Gui;

/// The first enemy's name on the table ("Renegade Marine 1").
fn enemy_name(c: &Campaign, i: usize) -> String {
    c.enemy_names(i)["en"].clone()
}

fn screen(h: &Harness<'_, Gui>) -> Screen {
    h.state().app.model.screen.clone()
}

/// Rolls until a roll wounds; its index in the log.
fn roll_until_wounded(h: &mut Harness<'_, Gui>) -> usize {
    for _ in 0..30 {
        h.get_by_role_and_label(Role::Button, "Roll").click();
        h.run();
        let log = &h.state().app.model.battle.log;
        if log.last().is_some_and(|e| e.wounds > 0) {
            return log.len() - 1;
        }
    }
    panic!("thirty rolls without a wound");
}

/// Makes the battle screen's close combat certain to wound (ten attacks
/// of strength 10 on a helpless defender without a save), rolls until a
/// roll wounds and applies that roll's wounds to `defender`'s campaign.
pub(super) fn apply_certain_wounds(h: &mut Harness<'_, Gui>, defender: &str) {
    {
        let cc = &mut h.state_mut().views.battle.close_combat.cc;
        cc.attacker.a = 10;
        cc.attacker.s = 10;
        cc.defender.save = None;
        cc.helpless = true;
    }
    h.run();
    let k = roll_until_wounded(h);
    let apply = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .find(|l| l.starts_with(&format!("Apply roll #{} to campaign: {defender}", k + 1)))
        .expect("the defender's wounds offered");
    crate::common::button(h, &apply);
}

/// CMP-13 from the table: Vael attacks the first enemy in close combat,
/// the battle screen has both filled in from their cards, the wounds go to
/// the enemy, and Back shows them ticked on its card.
#[test]
fn cmp_13_a_close_combat_picked_on_the_table_fills_the_battle_screen_and_wounds_the_enemy() {
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let table = screen(&h);
    let enemy = enemy_name(&c, 0);
    let fighter = c
        .enemy_fighter(0, rules)
        .expect("the data gives it a profile")
        .clone();

    // The enemy's card shows how it fights.
    assert!(
        h.query_by_label(&format!(
            "Wound 1 of {}: {enemy}",
            fighter.profile.get(C::W)
        ))
        .is_some()
    );
    assert!(
        h.query_all_by_label_contains(&format!("Save {}+", fighter.save.expect("armour")))
            .next()
            .is_some()
    );
    let weapon = fighter.weapons[0].names["en"].clone();
    assert!(
        h.query_all_by_label_contains(&format!("{weapon} — "))
            .next()
            .is_some(),
        "{weapon}"
    );

    // Pick the attacker, then the fight on the target's card.
    h.get_by_label("Inquisitor Vael attacks…").click_accesskit();
    h.run();
    assert!(
        h.query_by_label("Inquisitor Vael attacks").is_some(),
        "the banner"
    );
    h.get_by_label(&format!("Close combat: Inquisitor Vael against {enemy}"))
        .click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    let cc = &h.state().views.battle.close_combat;
    assert_eq!(cc.cc_sides.attacker, "Inquisitor Vael");
    assert_eq!(cc.cc_sides.defender, enemy);
    // A champion, a leader or a psyker is a character for the battle
    // summary (CHR-15), a trooper is not; Vael is.
    let character = c.enemy(0).expect("drawn").entry_type.is_character();
    assert_eq!(cc.cc_sides.defender_character, character);
    assert!(cc.cc_sides.attacker_character);
    assert_eq!(
        cc.cc_sides.defender_from,
        Some(CharRef::new(c.id.clone(), Fighter::Enemy(0).id()))
    );
    assert_eq!(cc.cc.defender.t, i64::from(fighter.profile.get(C::T)));
    assert_eq!(cc.cc.defender.ws, i64::from(fighter.profile.get(C::WS)));
    assert_eq!(cc.cc.defender.save, fighter.save.map(i64::from));

    // Certain wounds, applied to the enemy.
    apply_certain_wounds(&mut h, &enemy);
    let now = crate::common::the_campaign(&h);
    let t = now.table.as_ref().expect("table");
    let max = now.enemy_wounds(0, rules);
    assert_eq!(t.enemy_wounds.get(&0).copied(), Some(max), "all its wounds");
    assert!(t.enemy_out.contains(&0), "out of action");
    assert!(t.wounds.is_empty(), "no player's wound");

    // Back to the table: its boxes ticked, its badge says so.
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), table);
    let label = format!("Wound 1 of {max}: {enemy}");
    let b = h.get_by_label(&label);
    assert_eq!(
        b.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    assert!(crate::common::offers_to_bring_back(&h, &enemy));
}

/// From the table, an enemy shoots a kill-team soldier with its first
/// ranged weapon: the shooting mode has the enemy's weapon and the
/// soldier's save; the soldier's wounds go to him.
#[test]
fn cmp_13_an_enemy_shooting_a_soldier_from_the_table_fills_the_shot() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let enemy = enemy_name(&c, 0);
    let fighter = c.enemy_fighter(0, rules).expect("profile").clone();
    let gun = fighter
        .weapons
        .iter()
        .find(|w| w.range > 0)
        .expect("a gun")
        .clone();
    let gun_name = gun.names["en"].clone();

    h.get_by_label(&format!("{enemy} attacks…"))
        .click_accesskit();
    h.run();
    // A kill-team soldier is offered the shot, and a close combat by the
    // kill team's rules (KT-6).
    assert!(
        h.query_by_label(&format!("Close combat: {enemy} against Trooper Dace"))
            .is_some()
    );
    h.get_by_label(&format!("{enemy} shoots Trooper Dace with {gun_name}"))
        .click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    let s = &h.state().views.battle.shooting;
    assert_eq!(s.shot_sides.attacker, enemy);
    assert_eq!(s.shot_sides.defender, "Trooper Dace");
    assert_eq!(s.shot.weapon.s, i64::from(gun.s));
    assert_eq!(s.shot.weapon.ap, i64::from(gun.ap));
    let dace = crate::common::char_id(&c, "Trooper Dace");
    assert_eq!(
        s.shot_sides.defender_from,
        Some(CharRef::new(c.id.clone(), dace))
    );
    assert_eq!(
        s.shot_sides.attacker_from,
        Some(CharRef::new(c.id.clone(), Fighter::Enemy(0).id()))
    );
    assert!(!h.state().views.battle.we_attack, "the enemy attacks");
}

/// A fight picked on the table and not rolled yet survives a restart: the
/// battle screen opens with both fighters filled in again, as the campaign
/// holds them. Once its mission is over, it is not filled in again.
#[test]
fn cmp_13_a_fight_picked_on_the_table_is_set_up_again_after_a_restart() {
    use muster::app::Command;
    use muster::rules::campaign::{CampaignEdit as E, DebriefEdit, MissionResult};
    use muster::rules::{DocKey, Edit};
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let kept = tempfile::tempdir().expect("tempdir");
    let window = || {
        crate::common::window_on(dir.path())
            .kept_in(kept.path())
            .size(1400.0, 4000.0)
    };
    let mut h = window()
        .saved(muster::rules::Doc::new(c.clone()))
        .showing(Screen::Campaign(c.id.clone()))
        .open();
    let enemy = enemy_name(&c, 0);
    h.get_by_label(&format!("{enemy} attacks…"))
        .click_accesskit();
    h.run();
    h.get_by_label(&format!("Close combat: {enemy} against Trooper Dace"))
        .click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    let melee = h.state().views.battle.shooting.melee.clone();
    assert_eq!(melee.charger.name, enemy);

    // Muster closes before the dice are rolled, and opens again.
    drop(h);
    let mut h = window().open();
    h.state_mut().app.apply(Command::Show(Screen::Battle));
    h.run();
    let battle = &h.state().views.battle;
    assert_eq!(battle.shooting.melee, melee, "both fighters, as picked");
    assert!(!battle.we_attack, "the enemy attacks");
    assert!(
        h.query_all_by_label_contains(&enemy).next().is_some(),
        "the charger is shown"
    );

    // The mission ends: the fight is not set up again after a restart.
    let key = DocKey::of::<Campaign>(c.id.clone());
    h.state_mut().app.apply(Command::Edit(
        key,
        Edit::new(E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 0,
            },
            played: vec![],
        })),
    ));
    h.run();
    drop(h);
    let h = window().open();
    assert!(h.state().app.model.battle.table_fight.is_none());
    assert_ne!(
        h.state().views.battle.shooting.melee.charger.name,
        enemy,
        "a fight of a mission over is history"
    );
}

/// A refusal shows beside the control whose click was refused, as well as
/// in the log: a wound box ticked in a read-only library says why just
/// under the box, and the next click takes it away.
#[test]
fn a_refusal_shows_beside_the_control_that_was_refused() {
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    muster::store::Store::open(dir.path())
        .expect("store")
        .save(&muster::rules::Doc::new(c.clone()))
        .expect("save");
    // Another Muster holds the library: this one is read-only.
    let first = crate::common::app_in(dir.path(), muster::i18n::Lang::En, 1);
    let mut h = crate::common::window_on(dir.path())
        .size(1400.0, 3000.0)
        .open();
    h.run();
    h.state_mut()
        .app
        .apply(muster::app::Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    let enemy = enemy_name(&c, 0);
    let label = format!("Wound 1 of {}: {enemy}", c.enemy_wounds(0, rules));
    h.get_by_label(&label).click();
    h.run();
    let alert = h.get_by_role(Role::Alert);
    let said = alert.accesskit_node().label().expect("label").to_string();
    assert!(said.starts_with("Read-only"), "{said}");
    let b = h.get_by_label(&label).rect();
    let a = alert.rect();
    assert!(
        a.min.y >= b.max.y && a.min.y <= b.max.y + 12.0,
        "just under the box: {a:?} against {b:?}"
    );
    assert!((a.min.x - b.min.x).abs() < 1.0, "{a:?} against {b:?}");
    // In the log too.
    assert!(
        h.state()
            .app
            .model
            .feedback
            .messages
            .iter()
            .any(|m| m.text.key == "store.read_only_refused")
    );
    // The next click takes it away.
    h.get_by_label("Inquisitor Vael attacks…").click();
    h.run();
    assert!(h.query_by_role(Role::Alert).is_none());
    drop(first);
}

/// From the table, Inquisitor Vael (a psyker) makes a psychic attack on
/// an enemy: the psychic mode has him as the psyker and the enemy's T, W
/// and save as the target, its wounds going to the enemy.
#[test]
fn psy_a_psychic_attack_picked_on_the_table_fills_the_psyker_and_the_target() {
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let enemy = enemy_name(&c, 1);
    let fighter = c.enemy_fighter(1, rules).expect("profile").clone();
    // His card says he is a psyker, with his cards.
    assert!(
        h.query_all_by_label_contains("Cards: Smite · Psychic shield")
            .next()
            .is_some()
    );
    h.get_by_label("Inquisitor Vael attacks…").click_accesskit();
    h.run();
    h.get_by_label(&format!("Psychic attack: Inquisitor Vael against {enemy}"))
        .click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    let b = &h.state().views.battle;
    assert_eq!(format!("{:?}", b.mode), "Psychic");
    let p = &b.psychic;
    assert_eq!(p.attack.power.psyker, "Inquisitor Vael");
    assert_eq!(p.target, enemy);
    assert_eq!(
        p.target_from,
        Some(CharRef::new(c.id.clone(), Fighter::Enemy(1).id()))
    );
    assert_eq!(p.attack.target.t, fighter.profile.get(C::T));
    assert_eq!(
        p.attack.target.w,
        u32::try_from(fighter.profile.get(C::W)).expect("w")
    );
    assert_eq!(
        p.attack.target.save,
        fighter.save.and_then(|s| i32::try_from(s).ok())
    );
    assert!(b.we_attack, "our psyker attacks");
    // His cards are offered, the first filled in (PSY-1).
    assert_eq!(p.attack.power.power, "Smite");
    assert!(h.query_by_label("Cards Inquisitor Vael holds:").is_some());
    h.get_by_label("Psychic shield").click();
    h.run();
    assert_eq!(
        h.state().views.battle.psychic.attack.power.power,
        "Psychic shield"
    );
}

/// KT-9 from the table: Trooper Osk charges the first enemy. The battle
/// screen opens on the kill team's close combat with both filled in from
/// their cards (Osk a Brute on 3+, the enemy on the data's score); his
/// blows wound the enemy, the enemy's free answer wounds him, each applied
/// to the one struck.
#[test]
fn kt_9_a_charge_picked_on_the_table_is_fought_by_the_kill_teams_rules_both_ways() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let table = screen(&h);
    let enemy = enemy_name(&c, 0);
    h.get_by_label("Trooper Osk attacks…").click_accesskit();
    h.run();
    h.get_by_label(&format!("Close combat: Trooper Osk against {enemy}"))
        .click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    let b = &h.state().views.battle;
    assert_eq!(format!("{:?}", b.mode), "Shooting");
    assert_eq!(format!("{:?}", b.shooting.attack), "CloseCombat");
    let m = &b.shooting.melee;
    let osk = crate::common::char_id(&c, "Trooper Osk");
    assert_eq!(m.charger.name, "Trooper Osk");
    assert_eq!(m.charger.score, 3, "a Brute (RIB-8)");
    assert_eq!(m.charger.from, Some(CharRef::new(c.id.clone(), osk)));
    assert_eq!(m.target.name, enemy);
    assert_eq!(
        m.target.score,
        i64::from(rules.killteam.close_combat.others_score)
    );
    assert_eq!(
        m.target.from,
        Some(CharRef::new(c.id.clone(), Fighter::Enemy(0).id()))
    );
    let fighter = c.enemy_fighter(0, rules).expect("profile");
    assert_eq!(m.target.t, i64::from(fighter.profile.get(C::T)));
    assert_eq!(m.target.save, fighter.save.map(i64::from));
    // The enemy strikes his profile's A times.
    assert_eq!(
        m.target.blow.attacks,
        muster::rules::battle::scenario::Count::Fixed(i64::from(fighter.profile.get(C::A).max(1)))
    );

    // Certain wounds both ways.
    {
        let m = &mut h.state_mut().views.battle.shooting.melee;
        for f in [&mut m.charger, &mut m.target] {
            f.blow.attacks = muster::rules::battle::scenario::Count::Fixed(10);
            f.blow.s = 10;
            f.blow.damage = muster::rules::battle::scenario::Count::Fixed(3);
            f.save = None;
            f.score = 2;
        }
    }
    h.run();
    let strike = |h: &mut Harness<'_, Gui>, who: &str, on: &str| {
        h.get_by_role_and_label(Role::Button, &format!("Roll — {who}"))
            .click();
        h.run();
        let k = h.state().app.model.battle.log.len();
        let apply = h
            .query_all_by_role(Role::Button)
            .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
            .find(|l| l.starts_with(&format!("Apply roll #{k} to campaign: {on}")))
            .unwrap_or_else(|| panic!("{on}'s wounds offered"));
        crate::common::button(h, &apply);
    };
    strike(&mut h, "Trooper Osk strikes", &enemy);
    let now = crate::common::the_campaign(&h);
    let t = now.table.as_ref().expect("table");
    assert!(
        t.enemy_wounds.get(&0).copied().unwrap_or(0) > 0,
        "the enemy is wounded"
    );
    assert!(t.wounds.is_empty(), "Osk is not yet");

    // Back to the table: the charge cost Osk one of his two actions.
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), table);
    let pip = |h: &Harness<'_, Gui>, n: u32| {
        h.get_by_label(&format!("Action {n} of 2 spent: Trooper Osk"))
            .accesskit_node()
            .toggled()
    };
    assert_eq!(pip(&h, 1), Some(egui::accesskit::Toggled::True));
    assert_eq!(pip(&h, 2), Some(egui::accesskit::Toggled::False));

    // The battle screen again: the enemy fell to the charge, and makes no
    // answer « if he still stands » (KT-9).
    crate::common::button(&mut h, "Resolve a fight…");
    assert_eq!(screen(&h), Screen::Battle);
    assert!(
        h.query_by_role_and_label(Role::Button, &format!("Roll — {enemy} answers, free"))
            .is_none()
    );
    assert!(
        h.query_by_label("He fell to the charge: no answer (KT-9).")
            .is_some()
    );
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), table);

    // The second enemy charges Osk, who still stands: his free answer
    // wounds the enemy and costs him no action.
    let second = enemy_name(&c, 1);
    h.get_by_label(&format!("{second} attacks…"))
        .click_accesskit();
    h.run();
    h.get_by_label(&format!("Close combat: {second} against Trooper Osk"))
        .click_accesskit();
    h.run();
    {
        // His one blow (one wound at most: Osk has three); Osk's answer
        // certain.
        let m = &mut h.state_mut().views.battle.shooting.melee;
        m.target.blow.attacks = muster::rules::battle::scenario::Count::Fixed(10);
        m.target.blow.s = 10;
        m.target.blow.damage = muster::rules::battle::scenario::Count::Fixed(3);
        m.target.score = 2;
        m.charger.save = None;
    }
    h.run();
    h.get_by_role_and_label(Role::Button, &format!("Roll — {second} strikes"))
        .click();
    h.run();
    strike(&mut h, "Trooper Osk answers, free", &second);
    let now = crate::common::the_campaign(&h);
    let t = now.table.as_ref().expect("table");
    assert!(
        t.enemy_out.contains(&1),
        "the answer felled the second enemy"
    );
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), table);
    assert_eq!(
        pip(&h, 2),
        Some(egui::accesskit::Toggled::False),
        "no action"
    );
}

/// The way to the mission's end at the top of the table: at 1024×700 the
/// "End the mission" button is below every card, and "End of the mission"
/// brings it into view.
#[test]
fn the_table_leads_to_the_end_of_the_mission_from_its_top() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let store = muster::store::Store::open(dir.path()).expect("store");
        store
            .save(&muster::rules::Doc::new(c.clone()))
            .expect("save");
    }
    let mut h = crate::common::window_on(dir.path())
        .size(1024.0, 700.0)
        .open();
    h.run();
    h.state_mut()
        .app
        .apply(muster::app::Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    let in_view = |h: &Harness<'_, Gui>| {
        let r = h
            .get_by_role_and_label(Role::Button, "End the mission")
            .rect();
        r.min.y >= 0.0 && r.max.y <= 700.0
    };
    assert!(!in_view(&h), "below the cards at first");
    h.get_by_role_and_label(Role::Button, "End of the mission")
        .click();
    h.run();
    assert!(in_view(&h), "brought into view");
}

/// KT-9 from the table: after a retreat, Trooper Osk's charge is greyed on
/// the enemy's card and the banner says why; his shot is still offered.
/// Once both his actions are spent he attacks nobody.
#[test]
fn kt_9_a_soldier_who_retreated_is_offered_no_charge_from_the_table() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let enemy = enemy_name(&c, 0);
    let menu = |h: &mut Harness<'_, Gui>, entry: &str| {
        h.get_by_role_and_label(Role::Button, "Act: Trooper Osk")
            .click();
        h.run();
        let entry = crate::common::act_entry(entry);
        h.get_by_role_and_label(Role::Button, &format!("{entry}: Trooper Osk"))
            .click();
        h.run();
    };
    menu(&mut h, "Retreat");
    h.get_by_label("Trooper Osk attacks…").click_accesskit();
    h.run();
    let label = format!("Close combat: Trooper Osk against {enemy}");
    let close = h.get_by_label(&label);
    assert!(
        close.accesskit_node().is_disabled(),
        "no charge after a retreat"
    );
    assert!(
        h.query_all_by_label_contains("No close combat: KT-9: no charge after a retreat")
            .next()
            .is_some()
    );
    let shot = h
        .query_all_by_role(Role::Button)
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with(&format!("Trooper Osk shoots {enemy} with")))
        })
        .filter(|n| !n.accesskit_node().is_disabled())
        .count();
    assert!(shot > 0, "his shots are offered");
    h.query_all_by_role_and_label(Role::Button, "Cancel the attack")
        .next()
        .expect("cancel")
        .click();
    h.run();
    menu(&mut h, "Shoot");
    let attack = h.get_by_label("Trooper Osk attacks…");
    assert!(attack.accesskit_node().is_disabled(), "no action left");
}

/// From the table, Trooper Osk charges `enemy` and his blows are rolled.
fn osk_charges_and_strikes(h: &mut Harness<'_, Gui>, enemy: &str) {
    h.get_by_label("Trooper Osk attacks…").click_accesskit();
    h.run();
    h.get_by_label(&format!("Close combat: Trooper Osk against {enemy}"))
        .click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::Button, "Roll — Trooper Osk strikes")
        .click();
    h.run();
}

/// Opens the reroll menu named `menu` and picks its first die.
fn reroll_first_die(h: &mut Harness<'_, Gui>, menu: &str) {
    crate::common::button(h, menu);
    let die = h
        .query_all_by_role(Role::Button)
        .find(|b| {
            b.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("#1 "))
        })
        .expect("the menu lists the roll's dice");
    die.click();
    h.run();
}

/// KT-11's reroll stratagem from the battle screen, « Relancez n'importe
/// quel jet de dé = 1 pt »: one roll of a campaign soldier's fight is made
/// again for his team's command point, every die before it as it fell;
/// the first roll's wounds are no longer offered; with no point left it is
/// refused.
#[test]
fn kt_11_a_kill_team_roll_is_rerolled_for_a_command_point() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let enemy = enemy_name(&c, 0);
    osk_charges_and_strikes(&mut h, &enemy);
    assert_eq!(screen(&h), Screen::Battle);
    let cp = |h: &Harness<'_, Gui>| crate::common::the_campaign(h).escorts[0].command_points;
    assert_eq!(cp(&h), 3);
    reroll_first_die(&mut h, "Reroll a die of roll #1 for 1 command points");
    assert_eq!(cp(&h), 2, "the stratagem's point");
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 2, "rolled again");
    assert!(log[0].rerolled && !log[1].rerolled);
    assert_eq!(log[1].reroll_of, Some((0, 0)));
    assert_eq!(log[1].rolls[0].purpose, log[0].rolls[0].purpose);
    // The first roll's wounds are no longer offered.
    let stale = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .any(|l| l.starts_with("Apply roll #1 to campaign"));
    assert!(!stale, "roll #1 is rerolled");
    // The die made again is never made again twice.
    crate::common::button(&mut h, "Reroll a die of roll #2 for 1 command points");
    let again = h
        .query_all_by_role(Role::Button)
        .find(|b| {
            b.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("#1 "))
        })
        .expect("listed");
    assert!(again.accesskit_node().is_disabled(), "rolled again already");
    h.key_press(egui::Key::Escape);
    h.run();
    // With no point left, the campaign refuses, naming the rule.
    let escort = crate::common::the_campaign(&h).escorts[0].id;
    let key = muster::rules::DocKey::of::<muster::rules::campaign::Campaign>(
        crate::common::the_campaign(&h).id.clone(),
    );
    h.state_mut().app.apply(muster::app::Command::Edit(
        key,
        muster::rules::Edit::new(muster::rules::campaign::CampaignEdit::Table(
            muster::rules::campaign::TableEdit::SetCommandPoints { escort, points: 0 },
        )),
    ));
    h.run();
    let n = h.state().app.model.battle.log.len();
    let name = format!("Reroll a die of roll #{n} for 1 command points");
    assert!(
        h.get_by_label(&name).accesskit_node().is_disabled(),
        "no point left"
    );
    h.state_mut()
        .app
        .apply(muster::app::Command::RerollDie(n - 1, 0));
    assert_eq!(h.state().app.model.battle.log.len(), n, "refused");
    assert_eq!(cp(&h), 0);
    let said = crate::common::last_line(&h.state().app);
    let said = h.state().app.model.prefs.lang.msg(&said.text);
    assert!(
        said.contains("KT-11") && said.contains("command points"),
        "{said}"
    );
}

/// The example kill team at its table, the campaign's screen shown: the
/// campaign, its folder (kept while the window lives) and the window.
fn kill_team_table() -> (Campaign, tempfile::TempDir, Harness<'static, Gui>) {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let h = super::showing(dir.path(), &c);
    (c, dir, h)
}

/// From the table, `who`'s "attacks…" menu, then its entry `entry`.
fn attack_from_table(h: &mut Harness<'_, Gui>, who: &str, entry: &str) {
    h.get_by_label(&format!("{who} attacks…")).click_accesskit();
    h.run();
    h.get_by_label(entry).click_accesskit();
    h.run();
}

/// From the table, Trooper Dace shoots `enemy` with his lasgun.
fn dace_shoots(h: &mut Harness<'_, Gui>, enemy: &str) {
    attack_from_table(
        h,
        "Trooper Dace",
        &format!("Trooper Dace shoots {enemy} with Lasgun"),
    );
}

/// Opens the battle screen's other actions (a grenade, a jump, the turn),
/// folded under a shot picked at the table.
fn open_other_actions(h: &mut Harness<'_, Gui>) {
    h.get_by_label("Other actions: a grenade, a jump, the turn")
        .click();
    h.run();
}

/// KT-14 and KT-11 with the battle screen's other rolls at a campaign's
/// table: the grenade thrown is the shooter's grenade action of the turn (a
/// second one refused, naming KT-14, no die rolled), and rolling a die of
/// it, of his jump or of the initiative again costs his team a command
/// point, never nothing.
#[test]
fn kt_14_kt_11_the_battle_screen_s_grenade_jump_and_initiative_are_the_soldier_s() {
    let (c, _dir, mut h) = kill_team_table();
    let enemy = enemy_name(&c, 0);
    dace_shoots(&mut h, &enemy);
    assert_eq!(screen(&h), Screen::Battle);
    open_other_actions(&mut h);
    let dace = crate::common::char_id(&crate::common::the_campaign(&h), "Trooper Dace");
    let acts = |h: &Harness<'_, Gui>| -> Vec<Act> {
        let c = crate::common::the_campaign(h);
        c.table
            .as_ref()
            .map(|t| t.soldier_turn(dace).acts().collect())
            .unwrap_or_default()
    };
    // Within a grenade's reach.
    h.get_by_role_and_label(Role::Slider, "Range")
        .set_value_accesskit(4.0);
    h.run();
    crate::common::button(&mut h, "Throw the grenade");
    assert_eq!(h.state().app.model.battle.log.len(), 1);
    assert_eq!(acts(&h), [Act::Grenade], "his grenade action");
    // A second grenade this turn: refused before any die is rolled.
    crate::common::button(&mut h, "Throw the grenade");
    assert_eq!(h.state().app.model.battle.log.len(), 1, "no second grenade");
    let said = crate::common::last_line(&h.state().app);
    let said = h.state().app.model.prefs.lang.msg(&said.text);
    assert!(said.contains("KT-14"), "{said}");
    // His team pays for the grenade's die rolled again.
    let cp = |h: &Harness<'_, Gui>| crate::common::the_campaign(h).escorts[0].command_points;
    assert_eq!(cp(&h), 3);
    reroll_first_die(&mut h, "Reroll a die of roll #1 for 1 command points");
    assert_eq!(cp(&h), 2);
    assert_eq!(acts(&h), [Act::Grenade], "rolled again: no action spent");
    // The jump and the initiative are his too: never rolled again for free.
    for (roll, n) in [("Roll the jump", 3), ("Roll the initiative", 4)] {
        crate::common::button(&mut h, roll);
        let log = &h.state().app.model.battle.log;
        assert_eq!(log.len(), n, "{roll}");
        let by = log[n - 1]
            .combatants
            .first()
            .and_then(|c| c.campaign.clone());
        assert_eq!(by.map(|r| r.id), Some(dace.0), "{roll}");
        assert!(
            h.query_by_label(&format!("Reroll a die of roll #{n} for 1 command points"))
                .is_some(),
            "{roll}: his team pays"
        );
        assert!(
            h.query_by_label(&format!("Reroll a die of roll #{n} for nothing"))
                .is_none()
        );
    }
    assert_eq!(
        acts(&h),
        [Act::Grenade],
        "a jump or the initiative is no action"
    );
}

/// KT-12: a shot opened from the table starts at a range its weapon
/// reaches, never beyond a pistol's 12" where the odds would read 0 % and
/// Roll spend the action for nothing; a lasgun keeps the range set.
#[test]
fn kt_12_a_shot_opened_from_the_table_starts_within_its_weapon_s_range() {
    let (c, _dir, mut h) = kill_team_table();
    let enemy = enemy_name(&c, 0);
    let range = |h: &Harness<'_, Gui>| {
        h.get_by_role_and_label(Role::Slider, "Range")
            .accesskit_node()
            .numeric_value()
    };
    attack_from_table(
        &mut h,
        "Sergeant Hark",
        &format!("Sergeant Hark shoots {enemy} with Laspistol"),
    );
    assert_eq!(screen(&h), Screen::Battle);
    assert_eq!(range(&h), Some(12.0), "the laspistol's 12\"");
    assert!(
        h.query_all_by_label_contains("Beyond the weapon's range")
            .next()
            .is_none(),
        "within the weapon's range"
    );
    h.key_press(egui::Key::Escape);
    h.run();
    dace_shoots(&mut h, &enemy);
    assert!(range(&h).is_some_and(|r| r <= 24.0), "{:?}", range(&h));
}

/// KT-12 for an enemy's shot: the example's cultist with a flamer shooting
/// a soldier from the table opens at the flamer's 8", never at the 18"
/// another shot left, where the odds would read nought.
#[test]
fn kt_12_an_enemy_s_shot_opened_from_the_table_starts_within_its_weapon_s_range() {
    let c = crate::common::example_campaign_at_the_table(rules());
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let flamer = c
        .enemy_fighter(9, rules())
        .expect("a profile")
        .weapons
        .iter()
        .find(|w| w.range > 0)
        .expect("a flamer")
        .clone();
    assert!(flamer.range < 18, "shorter than the shot's first range");
    let enemy = enemy_name(&c, 9);
    // The shot before it was at 18".
    h.state_mut().views.battle.shooting.shot.range = 18;
    let shot = format!("{enemy} shoots Trooper Pell with {}", flamer.names["en"]);
    attack_from_table(&mut h, &enemy, &shot);
    assert_eq!(screen(&h), Screen::Battle);
    let range = h
        .get_by_role_and_label(Role::Slider, "Range")
        .accesskit_node()
        .numeric_value();
    assert_eq!(range, Some(f64::from(flamer.range)), "the flamer's reach");
    assert!(
        h.query_all_by_label_contains("Beyond the weapon's range")
            .next()
            .is_none(),
        "within the weapon's range"
    );
}

/// Who attacks stays in view docked under the table at 1024 × 700, and
/// covers none of the targets: each target's close combat, as the table
/// is scrolled down and it is brought into view, stands wholly above it
/// (the view ends there), and so does the mission's end.
#[test]
fn the_attacker_s_banner_covers_no_target_at_1024() {
    let c = crate::common::example_campaign_at_the_table(rules());
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_sized(dir.path(), &c, (1024.0, 700.0));
    h.get_by_label("Inquisitor Vael attacks…").click_accesskit();
    h.run();
    let banner = |h: &Harness<'_, Gui>| h.get_by_label("Inquisitor Vael attacks").rect().top();
    let top = banner(&h);
    assert!(top > 500.0 && top < 700.0, "docked at the bottom: {top}");
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..60 {
        let targets: Vec<String> = h
            .query_all_by_role(Role::Button)
            .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
            .filter(|l| l.starts_with("Close combat: Inquisitor Vael against "))
            .filter(|l| !seen.contains(l))
            .collect();
        for t in targets {
            h.get_by_label(&t).scroll_to_me();
            h.run();
            let r = h.get_by_label(&t).rect();
            assert_eq!(banner(&h), top, "the banner stays where it is");
            assert!(
                r.bottom() <= top + 0.5,
                "{t} at {r:?}, the banner from {top}"
            );
            seen.insert(t);
        }
        h.event(egui::Event::PointerMoved(egui::pos2(500.0, 300.0)));
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -120.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    assert!(seen.len() > 3, "{seen:?}");
    let end = h.get_by_role_and_label(Role::Button, "End the mission");
    end.scroll_to_me();
    h.run();
    let r = h
        .get_by_role_and_label(Role::Button, "End the mission")
        .rect();
    assert!(r.bottom() <= top + 0.5, "the mission's end at {r:?}");
}

/// A shot that hits whatever the die says reads "automatic", never "1+"
/// (Sergeant Hark's laspistol at point-blank range, as a player met it).
#[test]
fn kt_12_a_shot_that_cannot_miss_is_said_automatic() {
    let (c, _dir, mut h) = kill_team_table();
    let enemy = enemy_name(&c, 0);
    attack_from_table(
        &mut h,
        "Sergeant Hark",
        &format!("Sergeant Hark shoots {enemy} with Laspistol"),
    );
    let mut seen = Vec::new();
    for range in 0..=12 {
        h.state_mut().views.battle.shooting.shot.range = range;
        h.run();
        seen.extend(h.query_all_by_label_contains("To hit").filter_map(|n| {
            let a = n.accesskit_node();
            a.label().or_else(|| a.value()).map(|l| l.to_string())
        }));
    }
    assert!(
        seen.iter().any(|l| l == "To hit automatic (100.0 %)"),
        "{seen:?}"
    );
    assert!(!seen.iter().any(|l| l.starts_with("To hit 1+")), "{seen:?}");
}

/// KT-9 with the battle screen: opening a shot from the table and going
/// back without rolling spends nothing; the roll spends the shooter's
/// action, and a third shot in the turn is refused by the campaign's rules,
/// naming the rule, with no roll made.
#[test]
fn kt_9_an_action_is_spent_when_its_roll_is_made_never_by_looking() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let table = screen(&h);
    let enemy = enemy_name(&c, 0);
    let shoot = |h: &mut Harness<'_, Gui>| {
        h.get_by_label("Trooper Dace attacks…").click_accesskit();
        h.run();
        h.get_by_label(&format!("Trooper Dace shoots {enemy} with Lasgun"))
            .click_accesskit();
        h.run();
        assert_eq!(screen(h), Screen::Battle);
    };
    let spent = |h: &Harness<'_, Gui>, n: u32| {
        h.get_by_label(&format!("Action {n} of 2 spent: Trooper Dace"))
            .accesskit_node()
            .toggled()
            == Some(egui::accesskit::Toggled::True)
    };
    // Looked at, not rolled: no action spent.
    shoot(&mut h);
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), table);
    assert!(!spent(&h, 1));
    assert_eq!(
        h.query_all_by_label("This turn: no action yet").count(),
        7,
        "nobody acted"
    );
    // Rolled: one action, the campaign's event.
    shoot(&mut h);
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    assert_eq!(h.state().app.model.battle.log.len(), 1);
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    assert_eq!(h.state().app.model.battle.log.len(), 2);
    // A third shot this turn: refused before any die is rolled.
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    assert_eq!(h.state().app.model.battle.log.len(), 2, "no third roll");
    let said = h
        .state()
        .app
        .model
        .feedback
        .messages
        .last()
        .map(|m| muster::i18n::Lang::En.msg(&m.text))
        .unwrap_or_default();
    assert!(said.contains("KT-9"), "{said}");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(spent(&h, 1) && spent(&h, 2));
    assert!(h.query_by_label("This turn: Shoot · Shoot").is_some());
    let journal = crate::common::the_campaign(&h).journal;
    let shots = journal
        .iter()
        .filter(|e| {
            matches!(
                e.event,
                muster::rules::campaign::CampaignEdit::Turn(
                    muster::rules::campaign::TurnEdit::Act { .. }
                )
            )
        })
        .count();
    assert_eq!(shots, 2);
}

/// EQ-10 at the table: a soldier a flash grenade dazzled this turn has
/// "Move" greyed with the rule, and his shot opened from the table has the
/// flash's -1 ticked.
#[test]
fn eq_10_a_dazzled_soldier_cannot_move_and_his_shot_has_the_minus_one_ticked() {
    let rules = rules();
    let mut c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dace = crate::common::char_id(&c, "Trooper Dace");
    let table = c.table.as_mut().expect("table");
    let now = table.turn();
    table.dazzled.insert(dace, now);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    h.get_by_role_and_label(Role::Button, "Act: Trooper Dace")
        .click();
    h.run();
    assert!(
        h.get_by_role_and_label(Role::Button, "Move: Trooper Dace")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.query_all_by_label_contains("EQ-10: dazzled by a flash grenade")
            .next()
            .is_some()
    );
    h.key_press(egui::Key::Escape);
    h.run();
    let enemy = enemy_name(&c, 0);
    dace_shoots(&mut h, &enemy);
    assert_eq!(screen(&h), Screen::Battle);
    let mods = &h.state().views.battle.shooting.shot.modifiers;
    assert!(
        mods.contains(&muster::rules::killteam::odds::KtModifier::Flash),
        "{mods:?}"
    );
}

/// KT-11 on either side: an enemy shoots a soldier from the table, and the
/// soldier's team may make any roll of that shot again (the enemy's hit,
/// the soldier's own save) for its command point.
#[test]
fn kt_11_the_soldier_shot_at_rerolls_a_die_of_the_enemy_s_shot() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let enemy = enemy_name(&c, 0);
    let fighter = c.enemy_fighter(0, rules).expect("profile").clone();
    let gun = fighter.weapons.iter().find(|w| w.range > 0).expect("a gun");
    let gun_name = gun.names["en"].clone();
    h.get_by_label(&format!("{enemy} attacks…"))
        .click_accesskit();
    h.run();
    h.get_by_label(&format!("{enemy} shoots Trooper Dace with {gun_name}"))
        .click_accesskit();
    h.run();
    // Ten inches away, as the player types it.
    h.state_mut().views.battle.shooting.shot.range = 10;
    h.run();
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    let cp = |h: &Harness<'_, Gui>| crate::common::the_campaign(h).escorts[0].command_points;
    assert_eq!(cp(&h), 3);
    let first = h.state().app.model.battle.log[0].clone();
    // The save if the shot came to one, else the hit die.
    let pick = first
        .rolls
        .iter()
        .position(|r| r.purpose == "battle.for.save")
        .unwrap_or(0);
    crate::common::button(&mut h, "Reroll a die of roll #1 for 1 command points");
    let name = format!("#{} ", pick + 1);
    let die = h
        .query_all_by_role(Role::Button)
        .find(|b| {
            b.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with(&name))
        })
        .expect("the die in the menu");
    die.click();
    h.run();
    assert_eq!(cp(&h), 2, "the soldier's team pays");
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 2);
    assert_eq!(log[1].reroll_of, Some((0, pick)));
    assert_eq!(
        log[1].rolls[..pick],
        first.rolls[..pick],
        "every die before it"
    );
}

/// A roll belongs to its mission's table: once the mission is over, the
/// last roll offers no reroll, and a reroll sent anyway is refused, naming
/// KT-11, with no command point taken from the next mission.
#[test]
fn kt_11_a_roll_of_a_finished_mission_is_history_not_an_offer() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let enemy = enemy_name(&c, 0);
    osk_charges_and_strikes(&mut h, &enemy);
    let menu = "Reroll a die of roll #1 for 1 command points";
    assert!(h.query_by_label(menu).is_some(), "offered while playing");
    let key = muster::rules::DocKey::of::<muster::rules::campaign::Campaign>(c.id.clone());
    h.state_mut().app.apply(muster::app::Command::Edit(
        key,
        muster::rules::Edit::new(muster::rules::campaign::CampaignEdit::Debrief(
            muster::rules::campaign::DebriefEdit::EndMission {
                result: muster::rules::campaign::MissionResult {
                    success: true,
                    vp: 1,
                },
                played: vec![],
            },
        )),
    ));
    h.run();
    assert!(h.query_by_label(menu).is_none(), "history now");
    let points = crate::common::the_campaign(&h).escorts[0].command_points;
    h.state_mut()
        .app
        .apply(muster::app::Command::RerollDie(0, 0));
    assert_eq!(h.state().app.model.battle.log.len(), 1, "refused");
    assert_eq!(
        crate::common::the_campaign(&h).escorts[0].command_points,
        points
    );
    let lang = h.state().app.model.prefs.lang;
    let said = lang.msg(
        &h.state()
            .app
            .model
            .feedback
            .messages
            .last()
            .expect("said")
            .text,
    );
    assert!(said.contains("KT-11") && said.contains("history"), "{said}");
}

/// A fight opened from the table opens on its own mode and sub-tab with
/// its own pair: after a kill-team close combat, *Shoot* opens the shot
/// (never the close combat before), and *Roll* rolls the shot.
#[test]
fn kt_12_a_shot_opened_after_a_close_combat_opens_the_shot_with_its_pair() {
    use muster::rules::battle::Fight;
    use muster::rules::battle::scenario::Scenario;
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    // Two soldiers in a row: the players keep the turns (KT-8).
    let c = crate::common::turns_shown(&c, rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let table = screen(&h);
    let enemy = enemy_name(&c, 0);
    osk_charges_and_strikes(&mut h, &enemy);
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(screen(&h), table);
    dace_shoots(&mut h, &enemy);
    assert_eq!(screen(&h), Screen::Battle);
    let tab = |h: &Harness<'_, Gui>, name: &str| {
        h.query_all_by_label(name)
            .find(|n| {
                n.accesskit_node().toggled().is_some() || n.accesskit_node().is_selected().is_some()
            })
            .map(|n| {
                n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
                    || n.accesskit_node().is_selected() == Some(true)
            })
    };
    assert_eq!(tab(&h, "Shot"), Some(true), "the shot's own sub-tab");
    assert_eq!(tab(&h, "Close combat"), Some(false));
    let shooting = &h.state().views.battle.shooting;
    assert_eq!(shooting.shot_sides.attacker, "Trooper Dace");
    assert_eq!(shooting.shot_sides.defender, enemy);
    h.state_mut().views.battle.shooting.shot.range = 10;
    h.run();
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    let last = h.state().app.model.battle.log.last().expect("rolled");
    assert!(
        matches!(last.fight, Fight::Attack(Scenario::KillteamShooting(_))),
        "the shot is rolled: {:?}",
        last.fight
    );
    assert!(
        muster::i18n::Lang::En
            .msg(&last.title)
            .starts_with("Trooper Dace"),
        "{}",
        muster::i18n::Lang::En.msg(&last.title)
    );
}

/// KT-21 into CMP-6: the battle's VP at the table and the mission's VP are
/// one figure. Two enemies fallen in one turn: "VP earned" at the end of
/// the mission starts at the players' battle VP and says where it comes
/// from; ending the mission adds them to the campaign's VP.
#[test]
fn kt_21_the_battle_s_vp_at_the_table_are_the_mission_s_vp_earned() {
    use muster::rules::campaign::CampaignEdit as E;
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let mut c = c;
    for i in 0..2 {
        c = crate::common::ok(
            &c,
            E::Table(TableEdit::SetOutOfAction {
                character: Fighter::Enemy(i).id(),
                out: true,
            }),
            rules,
        );
    }
    let battle = c.battle_vp(rules).expect("a table").players.total();
    assert!(battle >= 2, "two kills: {battle}");
    assert_eq!(c.mission_vp_from_battle(rules, true), Some(battle));
    let vp_before = c.vp;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    // CMP-6: until the objective is met, the mission earns none, and the
    // card says what the battle scored.
    let unmet = format!(
        "Objective not met: this mission earns no VP (CMP-6), though the players scored {battle} VP"
    );
    assert!(h.query_all_by_label_contains(&unmet).next().is_some());
    h.get_by_role_and_label(Role::CheckBox, "Objective achieved")
        .click();
    h.run();
    let said = format!("From the battle at the table: the players scored {battle} VP (KT-21)");
    assert!(
        h.query_all_by_label_contains(&said).next().is_some(),
        "says where the figure comes from"
    );
    for _confirmed in 0..2 {
        h.get_by_role_and_label(Role::Button, "End the mission")
            .click();
        h.run();
    }
    let now = crate::common::the_campaign(&h);
    assert_eq!(now.vp, vp_before + battle, "the battle's VP carried");
}

/// A Rogue Trader character shoots from the table: Brask's lasgun opens
/// the Rogue Trader shooting mode with his BS, the lasgun's profile and
/// the enemy's T and save; the roll's wounds go to the enemy. The enemy
/// shooting back at Vael opens the same mode, Vael's carapace as his save.
#[test]
fn a_rogue_trader_character_shoots_an_enemy_from_the_table_and_wounds_it() {
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let enemy = enemy_name(&c, 0);
    let fighter = c.enemy_fighter(0, rules).expect("profile").clone();

    h.get_by_label("Sergeant Brask attacks…").click_accesskit();
    h.run();
    h.get_by_label(&format!("Sergeant Brask shoots {enemy} with Lasgun"))
        .click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    let tab = h.get_by_role_and_label(Role::Tab, "Shooting (Rogue Trader)");
    assert!(
        tab.accesskit_node().is_selected() == Some(true)
            || tab.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True),
        "the Rogue Trader shooting tab"
    );
    let brask = c
        .characters
        .iter()
        .find(|x| x.name() == "Sergeant Brask")
        .expect("Brask");
    let bs = match &brask.member {
        muster::rules::campaign::Member::Character(ch) => {
            ch.profile(rules).expect("profile").get(C::BS)
        }
        muster::rules::campaign::Member::Soldier(_) => panic!("a character"),
    };
    let s = &h.state().views.battle.rt_shot;
    assert_eq!(s.sides.attacker, "Sergeant Brask");
    assert_eq!(s.sides.defender, enemy);
    assert_eq!(s.shot.shooter.bs, i64::from(bs));
    let lasgun = rules.armoury.entry("lasgun").expect("lasgun");
    assert_eq!(
        s.shot.weapon.range,
        lasgun.range_inches.expect("range").map(i64::from)
    );
    assert_eq!(s.shot.target.t, i64::from(fighter.profile.get(C::T)));
    assert_eq!(s.shot.target.save, fighter.save.map(i64::from));
    assert_eq!(
        s.sides.defender_from,
        Some(CharRef::new(c.id.clone(), Fighter::Enemy(0).id()))
    );
    // The odds are on screen before the dice.
    assert!(h.query_all_by_label_contains("To hit").next().is_some());

    // Certain wounds, applied to the enemy.
    {
        let s = &mut h.state_mut().views.battle.rt_shot.shot;
        s.weapon.s = Some(10);
        s.weapon.sustained = 3;
        s.weapon.template = true;
        s.range = s.weapon.range[0];
        s.target.save = None;
    }
    h.run();
    let k = roll_until_wounded(&mut h);
    let apply = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .find(|l| l.starts_with(&format!("Apply roll #{} to campaign: {enemy}", k + 1)))
        .expect("the enemy's wounds offered");
    crate::common::button(&mut h, &apply);
    let now = crate::common::the_campaign(&h);
    let t = now.table.as_ref().expect("table");
    assert!(t.enemy_wounds.get(&0).copied().unwrap_or(0) > 0, "wounded");

    // The enemy shoots back at Vael, if it has a gun.
    h.key_press(egui::Key::Escape);
    h.run();
    let Some(gun) = fighter.weapons.iter().find(|w| !w.close()) else {
        return;
    };
    let gun_name = gun.names["en"].clone();
    if now.table.as_ref().is_some_and(|t| t.enemy_out.contains(&0)) {
        return;
    }
    h.get_by_label(&format!("{enemy} attacks…"))
        .click_accesskit();
    h.run();
    h.get_by_label(&format!("{enemy} shoots Inquisitor Vael with {gun_name}"))
        .click_accesskit();
    h.run();
    let s = &h.state().views.battle.rt_shot;
    assert_eq!(s.sides.attacker, enemy);
    assert_eq!(s.sides.defender, "Inquisitor Vael");
    assert_eq!(s.shot.target.save, Some(4), "his carapace");
    assert_eq!(s.shot.shooter.bs, i64::from(fighter.profile.get(C::BS)));
    assert!(!h.state().views.battle.we_attack, "the enemy shoots");
}

/// A fight picked at a mission's table does not outlive the mission: once
/// the campaign is at its next mission's table, the battle screen says the
/// fighters are the finished mission's and Roll is greyed, no die rolled
/// for a fight that is history; Clear sets them aside.
#[test]
fn a_fight_picked_at_a_mission_now_over_is_said_so_and_not_rolled() {
    let (c, _dir, mut h) = kill_team_table();
    let enemy = enemy_name(&c, 0);
    dace_shoots(&mut h, &enemy);
    assert_eq!(screen(&h), Screen::Battle);
    assert!(
        !h.get_by_role_and_label(Role::Button, "Roll")
            .accesskit_node()
            .is_disabled(),
        "the mission's own fight rolls"
    );
    let key = muster::rules::DocKey::of::<Campaign>(c.id.clone());
    for e in crate::common::next_mission_begun() {
        h.state_mut().app.apply(muster::app::Command::Edit(
            key.clone(),
            muster::rules::Edit::new(e),
        ));
    }
    h.run();
    assert_eq!(crate::common::the_campaign(&h).mission_number(), 2);
    assert!(
        h.query_by_label_contains("picked at the table of mission 1 of The Raid, which is over")
            .is_some(),
        "the screen says whose fight it was"
    );
    assert!(
        h.get_by_role_and_label(Role::Button, "Roll")
            .accesskit_node()
            .is_disabled(),
        "no roll of a finished mission's fight"
    );
    crate::common::button(&mut h, "Clear the fighters");
    assert!(
        h.query_by_label_contains("which is over").is_none(),
        "cleared"
    );
    assert!(h.state().app.model.battle.log.is_empty(), "no die rolled");
}

/// The battle screen opened from one campaign's table shows that table's
/// rolls only, in its bar of the newest roll and in its log: another
/// campaign's roll (a copied campaign's original, a table left for
/// another) is not offered to be applied here, and the log says it left
/// it out.
#[test]
fn a_roll_of_another_campaign_is_not_shown_at_this_table() {
    use muster::app::Command;
    let rules = rules();
    let raid = crate::common::team_at_the_table(&crate::common::example_team(), rules, |_| vec![]);
    let mut ashes = crate::common::band_at_the_table(rules);
    ashes.id = "ashes".to_owned();
    ashes.name = "Ashes".to_owned();
    let dir = tempfile::tempdir().expect("tempdir");
    {
        // Closed before the app opens the folder (else it is read-only).
        let store = muster::store::Store::open(dir.path()).expect("store");
        store
            .save(&muster::rules::Doc::new(ashes.clone()))
            .expect("save");
    }
    let mut h = super::showing(dir.path(), &raid);
    let enemy = enemy_name(&raid, 0);
    dace_shoots(&mut h, &enemy);
    crate::common::button(&mut h, "Roll");
    assert_eq!(h.state().app.model.battle.log.len(), 1);
    assert!(
        h.query_by_label_contains("None yet").is_none(),
        "The Raid's roll in the bar"
    );
    // Ashes' table, then a fight from it.
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(ashes.id.clone())));
    h.run();
    let foe = enemy_name(&ashes, 0);
    h.get_by_label("Inquisitor Vael attacks…").click_accesskit();
    h.run();
    h.get_by_label(&format!("Close combat: Inquisitor Vael against {foe}"))
        .click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    assert!(
        h.query_by_label_contains("None yet").is_some(),
        "The Raid's roll is not Ashes' newest"
    );
    assert!(
        h.query_by_label("#1").is_none(),
        "The Raid's roll is not in Ashes' log"
    );
    assert!(
        h.query_by_label_contains("1 roll of other campaigns' tables not shown here")
            .is_some(),
        "the log says a roll is left out, and where to see it"
    );
    // From the library every roll is in the log.
    h.state_mut().app.apply(Command::Show(Screen::Library));
    h.state_mut().app.apply(Command::Show(Screen::Battle));
    h.run();
    assert!(h.query_by_label_contains("not shown here").is_none());
}

/// KT-14, KT-17: a soldier's shot opened from the table fills the grenade
/// and jump panels in from him: his S, his stick grenade (EQ-29), his
/// Grenadier ribbon (RIB-1), his rope and grapnel (EQ-22), his wounds left.
#[test]
fn kt_14_kt_17_the_grenade_and_jump_panels_are_the_shooter_s() {
    let rules = rules();
    let mut team = crate::common::example_team();
    let dace = team
        .soldiers
        .iter_mut()
        .find(|s| s.name == "Trooper Dace")
        .expect("Dace");
    dace.items = ["stick_grenade", "rope_and_grapnel"]
        .map(|item| muster::rules::killteam::Carried {
            item: item.into(),
            weapon: None,
        })
        .to_vec();
    dace.ribbon = Some("grenadier".into());
    let c = crate::common::team_at_the_table(&team, rules, |_| vec![]);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    let enemy = enemy_name(&c, 0);
    dace_shoots(&mut h, &enemy);
    assert_eq!(screen(&h), Screen::Battle);
    // Folded under the shot: nothing of a grenade until asked for.
    assert!(h.query_by_label("Throw the grenade").is_none());
    open_other_actions(&mut h);
    let ticked = |h: &Harness<'_, Gui>, label: &str| {
        h.get_by_role_and_label(Role::CheckBox, label)
            .accesskit_node()
            .toggled()
            == Some(egui::accesskit::Toggled::True)
    };
    assert!(ticked(&h, "Stick grenade (EQ-29)"));
    assert!(ticked(&h, "Grenadier (RIB-1)"));
    let soldier = team
        .soldiers
        .iter()
        .find(|s| s.name == "Trooper Dace")
        .expect("Dace");
    let his = muster::rules::killteam::derive(&rules.killteam, soldier)
        .expect("derived")
        .profile;
    let a = &h.state().views.battle.shooting.kt_actions;
    assert_eq!(a.thrower_s, i64::from(his.strength));
    assert_eq!(
        a.jump_kind,
        muster::rules::killteam::actions::JumpKind::RopeSwing
    );
    assert_eq!(a.wounds_left, i64::from(his.wounds));
}

/// KT-8: a fight opened from the table counts, on the battle screen's turn
/// card, the soldiers and enemies standing at the table, as the table's
/// turn card does: never the screen's own 7 and 7.
#[test]
fn kt_8_the_battle_screen_s_turn_card_counts_the_table_s_models() {
    let (c, _dir, mut h) = kill_team_table();
    let a = c.activations();
    assert!(a.enemy_drawn);
    let enemy = enemy_name(&c, 0);
    dace_shoots(&mut h, &enemy);
    assert_eq!(screen(&h), Screen::Battle);
    assert_eq!(
        h.state().views.battle.shooting.kt_turn.left,
        [i64::from(a.standing), i64::from(a.enemy_standing)]
    );
    assert_ne!(
        h.state().views.battle.shooting.kt_turn.left,
        [7, 7],
        "the table's own counts"
    );
}

/// KT-8: on the enemy's turn a soldier who may not act now is still a
/// target: an enemy picked as the attacker fights him, on his card and in
/// the compact list.
#[test]
fn kt_8_a_soldier_waiting_for_his_turn_is_still_a_target() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |c| {
        vec![muster::rules::CampaignEdit::Turn(
            muster::rules::campaign::TurnEdit::Act {
                character: crate::common::char_id(c, "Trooper Dace"),
                act: Act::Move,
            },
        )]
    });
    let enemy = enemy_name(&c, 0);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing(dir.path(), &c);
    h.get_by_label(&format!("{enemy} attacks…"))
        .click_accesskit();
    h.run();
    let close = format!("Close combat: {enemy} against Trooper Rusk");
    assert!(h.query_by_label(&close).is_some(), "on his card");
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    assert!(h.query_by_label(&close).is_some(), "in the list");
}
