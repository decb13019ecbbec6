//! A kill-team charge picked at the table (KT-9): fought on the battle
//! screen by the kill team's rules, the charger's blows and the target's
//! free answer each applied to the one struck; no charge offered to a
//! soldier who retreated.

use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::rules::campaign::Fighter;
use muster::rules::campaign::enemy;
use muster::rules::{CharRef, Characteristic as C};
use muster::ui::Gui;

use super::fight::{enemy_name, screen};

/// KT-9 from the table: Trooper Osk charges the first enemy. The battle
/// screen opens on the kill team's close combat with both filled in from
/// their cards (Osk a Brute on 3+, the enemy on the data's score); his
/// blows wound the enemy, the enemy's free answer wounds him, each applied
/// to the one struck.
#[test]
fn kt_9_a_charge_picked_on_the_table_is_fought_by_the_kill_teams_rules_both_ways() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let table = screen(&h);
    let enemy = enemy_name(&c, 0);
    h.get_by_label("Trooper Osk attacks…").click_accesskit();
    h.run();
    h.get_by_label(&format!("Close combat: Trooper Osk against {enemy}"))
        .click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    let b = &h.state().views.battle;
    assert_eq!(format!("{:?}", b.mode()), "Shooting");
    assert_eq!(format!("{:?}", b.shooting.attack()), "CloseCombat");
    let m = &b.shooting.melee;
    let osk = crate::common::char_id(&c, "Trooper Osk");
    assert_eq!(m.charger().name(), "Trooper Osk");
    assert_eq!(m.charger().score(), 3, "a Brute (RIB-8)");
    assert_eq!(
        m.charger().from().cloned(),
        Some(CharRef::new(c.id.clone(), osk))
    );
    assert_eq!(m.target().name(), enemy);
    assert_eq!(
        m.target().score(),
        i64::from(rules.killteam.close_combat.others_score)
    );
    assert_eq!(
        m.target().from().cloned(),
        Some(CharRef::new(c.id.clone(), Fighter::Enemy(0).id()))
    );
    let fighter = enemy::fighter(&c, 0, rules).expect("profile");
    assert_eq!(m.target().t(), i64::from(fighter.profile.get(C::T)));
    assert_eq!(m.target().save(), fighter.save.map(i64::from));
    // The enemy strikes his profile's A times.
    assert_eq!(
        *m.target().blow().attacks(),
        muster::rules::battle::scenario::Count::Fixed(i64::from(fighter.profile.get(C::A).max(1)))
    );

    // Certain wounds both ways.
    {
        let m = &mut h.state_mut().views.battle.shooting.melee;
        for f in m.fighters_mut() {
            f.set_blow(
                muster::rules::battle::scenario::Count::Fixed(10),
                10,
                muster::rules::battle::scenario::Count::Fixed(3),
            );
            f.set_save(None);
            f.set_score(2);
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
    let wounds = fighter.profile.get(C::W);
    let left = format!(
        "At the table now: {enemy} has {wounds} {} left",
        if wounds == 1 { "wound" } else { "wounds" }
    );
    assert!(h.query_by_label(&left).is_some(), "{left}");
    strike(&mut h, "Trooper Osk strikes", &enemy);
    let now = crate::common::the_campaign(&h);
    let t = now.table.as_ref().expect("table");
    assert!(
        t.enemy_wounds.get(&0).copied().unwrap_or(0) > 0,
        "the enemy is wounded"
    );
    // His card says what the table has now, not the wounds he was picked
    // with.
    assert!(h.query_by_label(&left).is_none(), "no stale wounds left");
    let now_left = if t.enemy_out.contains(&0) {
        format!("At the table now: {enemy} is out of action")
    } else {
        let w = wounds - i32::try_from(t.enemy_wounds[&0]).expect("wounds");
        format!(
            "At the table now: {enemy} has {w} {} left",
            if w == 1 { "wound" } else { "wounds" }
        )
    };
    assert!(h.query_by_label(&now_left).is_some(), "{now_left}");
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
        m.target_mut().set_blow(
            muster::rules::battle::scenario::Count::Fixed(10),
            10,
            muster::rules::battle::scenario::Count::Fixed(3),
        );
        m.target_mut().set_score(2);
        m.charger_mut().set_save(None);
    }
    h.run();
    h.get_by_role_and_label(Role::Button, &format!("Roll — {second} strikes"))
        .click();
    h.run();
    strike(&mut h, "Trooper Osk answers, free", &second);
    // One answer to a charge: its Roll is greyed now, saying why.
    let again = h.get_by_role_and_label(Role::Button, "Roll — Trooper Osk answers, free");
    assert!(again.accesskit_node().is_disabled(), "answered once");
    assert!(
        h.query_all_by_label_contains("he has made his free answer to this charge")
            .next()
            .is_some()
    );
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

/// KT-9 from the table: after a retreat, Trooper Osk's charge is greyed on
/// the enemy's card and the banner says why; his shot is still offered.
/// Once both his actions are spent he attacks nobody.
#[test]
fn kt_9_a_soldier_who_retreated_is_offered_no_charge_from_the_table() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
