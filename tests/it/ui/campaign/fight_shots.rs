//! A shot picked on the table: the battle screen opens on the shooter's
//! weapon within its range (a kill-team soldier's action spent once, when
//! the roll is made), the roll's wounds go to the model shot, and the
//! attacker's banner covers no target.

use super::fight::{
    attack_from_table, dace_shoots, enemy_name, kill_team_table, osk_charges_and_strikes,
    roll_until_wounded, screen,
};
use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::rules::campaign::Fighter;
use muster::rules::campaign::enemy;
use muster::rules::killteam::activation::Act;
use muster::rules::{CharRef, Characteristic as C};
use muster::ui::Gui;

/// From the table, an enemy shoots a kill-team soldier with its first
/// ranged weapon: the shooting mode has the enemy's weapon and the
/// soldier's save; the soldier's wounds go to him.
#[test]
fn cmp_13_an_enemy_shooting_a_soldier_from_the_table_fills_the_shot() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let enemy = enemy_name(&c, 0);
    let fighter = enemy::fighter(&c, 0, rules).expect("profile").clone();
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
    assert_eq!(s.shot_sides.attacker(), enemy);
    assert_eq!(s.shot_sides.defender(), "Trooper Dace");
    assert_eq!(s.shot.weapon.s, i64::from(gun.s));
    assert_eq!(s.shot.weapon.ap, i64::from(gun.ap));
    let dace = crate::common::char_id(&c, "Trooper Dace");
    assert_eq!(
        s.shot_sides.defender_from().cloned(),
        Some(CharRef::new(c.id.clone(), dace))
    );
    assert_eq!(
        s.shot_sides.attacker_from().cloned(),
        Some(CharRef::new(c.id.clone(), Fighter::Enemy(0).id()))
    );
    assert!(!h.state().views.battle.we_attack(), "the enemy attacks");
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
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let flamer = enemy::fighter(&c, 9, rules())
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
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
    // A third shot this turn: Roll is greyed before any click, the
    // campaign's rule said beside it, and no die is rolled.
    let roll = h.get_by_role_and_label(Role::Button, "Roll");
    assert!(roll.accesskit_node().is_disabled(), "Roll is greyed");
    roll.click();
    h.run();
    assert_eq!(h.state().app.model.battle.log.len(), 2, "no third roll");
    assert!(
        h.query_all_by_label_contains("KT-9: he has taken his 2 actions this turn")
            .next()
            .is_some(),
        "the reason beside Roll"
    );
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
    let mut c = crate::common::example_team_at_the_table(rules);
    let dace = crate::common::char_id(&c, "Trooper Dace");
    let table = c.table.as_mut().expect("table");
    let now = table.turn();
    table.dazzled.insert(dace, now);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
        mods.contains(&muster::rules::killteam::odds::KtModifier::Dazzled),
        "{mods:?}"
    );
}

/// A fight opened from the table opens on its own mode and sub-tab with
/// its own pair: after a kill-team close combat, *Shoot* opens the shot
/// (never the close combat before), and *Roll* rolls the shot.
#[test]
fn kt_12_a_shot_opened_after_a_close_combat_opens_the_shot_with_its_pair() {
    use muster::rules::battle::Fight;
    use muster::rules::battle::scenario::Scenario;
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    // Two soldiers in a row: the players keep the turns (KT-8).
    let c = crate::common::turns_shown(&c, rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
    assert_eq!(shooting.shot_sides.attacker(), "Trooper Dace");
    assert_eq!(shooting.shot_sides.defender(), enemy);
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

/// A Rogue Trader character shoots from the table: Brask's lasgun opens
/// the Rogue Trader shooting mode with his BS, the lasgun's profile and
/// the enemy's T and save; the roll's wounds go to the enemy. The enemy
/// shooting back at Vael opens the same mode, Vael's carapace as his save.
#[test]
fn a_rogue_trader_character_shoots_an_enemy_from_the_table_and_wounds_it() {
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let enemy = enemy_name(&c, 0);
    let fighter = enemy::fighter(&c, 0, rules).expect("profile").clone();

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
    assert_eq!(s.sides.attacker(), "Sergeant Brask");
    assert_eq!(s.sides.defender(), enemy);
    assert_eq!(s.shot.shooter.bs, i64::from(bs));
    let lasgun = rules.armoury.entry("lasgun").expect("lasgun");
    assert_eq!(
        s.shot.weapon.range,
        lasgun.range_inches.expect("range").map(i64::from)
    );
    assert_eq!(s.shot.target.t, i64::from(fighter.profile.get(C::T)));
    assert_eq!(s.shot.target.save, fighter.save.map(i64::from));
    assert_eq!(
        s.sides.defender_from().cloned(),
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
    assert_eq!(s.sides.attacker(), enemy);
    assert_eq!(s.sides.defender(), "Inquisitor Vael");
    assert_eq!(s.shot.target.save, Some(4), "his carapace");
    assert_eq!(s.shot.shooter.bs, i64::from(fighter.profile.get(C::BS)));
    assert!(!h.state().views.battle.we_attack(), "the enemy shoots");
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
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    h.get_by_label(&format!("{enemy} attacks…"))
        .click_accesskit();
    h.run();
    let close = format!("Close combat: {enemy} against Trooper Rusk");
    assert!(h.query_by_label(&close).is_some(), "on his card");
    h.get_by_role_and_label(Role::Tab, "Compact list").click();
    h.run();
    assert!(h.query_by_label(&close).is_some(), "in the list");
}

/// KT-12 across a restart: the range the players set for a shot picked at
/// the table is kept with it, and the shot is filled in again at that
/// range (its odds as they were read), not at its weapon's first range.
#[test]
fn kt_12_a_shot_s_range_set_by_the_players_survives_a_restart() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let restarts = crate::common::Restarts::sized(1400.0, 4000.0);
    let mut h = restarts.window().on_campaign(&c).open();
    dace_shoots(&mut h, &enemy_name(&c, 0));
    assert_eq!(screen(&h), Screen::Battle);
    let range = |h: &Harness<'_, Gui>| {
        h.get_by_role_and_label(Role::Slider, "Range")
            .accesskit_node()
            .numeric_value()
    };
    assert_ne!(range(&h), Some(5.0));
    h.get_by_role_and_label(Role::Slider, "Range")
        .set_value_accesskit(5.0);
    h.run();
    h.run();
    assert_eq!(range(&h), Some(5.0));

    // Muster is killed before the dice are rolled, and opens again.
    let h = restarts.reopen(h, Screen::Battle);
    assert_eq!(range(&h), Some(5.0), "the range set, not the weapon's");
}

/// A shot picked at the table: its target's card says how the table has
/// him now, his wounds left there, and once the wounds applied to the
/// campaign take his last, that he is out of action (CMP-13), not the
/// wounds left he had when the shot was picked.
#[test]
fn the_target_s_card_says_the_target_is_out_of_action_once_the_table_has_him_so() {
    use muster::app::Command;
    use muster::rules::campaign::{Campaign, CampaignEdit as E, TableEdit};
    use muster::rules::{DocKey, Edit};
    let (c, _dir, mut h) = kill_team_table();
    let enemy = enemy_name(&c, 0);
    attack_from_table(
        &mut h,
        "Sergeant Hark",
        &format!("Sergeant Hark shoots {enemy} with Laspistol"),
    );
    assert_eq!(screen(&h), Screen::Battle);
    let wounds = enemy::fighter(&c, 0, rules())
        .map(|f| f.profile.get(C::W))
        .expect("the enemy fights");
    let left = format!(
        "At the table now: {enemy} has {wounds} {} left",
        if wounds == 1 { "wound" } else { "wounds" }
    );
    assert!(h.query_by_label(&left).is_some(), "{left}");
    // A roll's wounds applied: his last taken at the table.
    h.state_mut().app.apply(Command::Edit(
        DocKey::of::<Campaign>(c.id.clone()),
        Edit::new(E::Table(TableEdit::SetWounds {
            character: Fighter::Enemy(0).id(),
            wounds: u32::try_from(wounds).expect("wounds"),
        })),
    ));
    h.run();
    assert!(h.query_by_label(&left).is_none(), "no stale wounds left");
    assert!(
        h.query_by_label(&format!("At the table now: {enemy} is out of action"))
            .is_some()
    );
}
