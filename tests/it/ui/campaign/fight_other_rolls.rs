//! The battle screen's other rolls under a soldier's shot picked at the
//! table (KT-8, KT-11, KT-14, KT-17): the grenade and jump panels filled
//! in from him, the grenade, jump and initiative spent as his, and the turn
//! card counting the table's models.

use super::fight::{dace_shoots, enemy_name, kill_team_table, reroll_first_die, screen};
use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::rules::campaign::acts;
use muster::rules::campaign::{Campaign, Fighter, TableEdit};
use muster::rules::killteam::activation::Act;
use muster::ui::Gui;

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
    reroll_first_die(&mut h, "Reroll a die of roll #1: Anne pays 1 command point");
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
            h.query_by_label(&format!(
                "Reroll a die of roll #{n}: Anne pays 1 command point"
            ))
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

/// KT-14, KT-17: a soldier's shot opened from the table fills the grenade
/// and jump panels in from him: his S, his stick grenade (EQ-29), his
/// Grenadier ribbon (RIB-1), his rope and grapnel (EQ-22), his wounds left.
#[test]
fn kt_14_kt_17_the_grenade_and_jump_panels_are_the_shooter_s() {
    let rules = rules();
    let mut team = crate::common::example_team();
    let dace = crate::common::soldier_named(&mut team, "Trooper Dace");
    dace.items = ["stick_grenade", "rope_and_grapnel"]
        .map(|item| muster::rules::killteam::Carried {
            item: item.into(),
            weapon: None,
        })
        .to_vec();
    dace.ribbon = Some("grenadier".into());
    let c = crate::common::team_at_the_table(&team, rules, |_| vec![]);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
    assert_eq!(a.thrower_s(), i64::from(his.strength));
    assert_eq!(
        a.jump_kind(),
        muster::rules::killteam::actions::JumpKind::RopeSwing
    );
    assert_eq!(a.wounds_left(), i64::from(his.wounds));
}

/// KT-8: a fight opened from the table counts, on the battle screen's turn
/// card, the soldiers and enemies standing at the table, as the table's
/// turn card does: never the screen's own 7 and 7.
#[test]
fn kt_8_the_battle_screen_s_turn_card_counts_the_table_s_models() {
    let (c, _dir, mut h) = kill_team_table();
    let a = acts::activations(&c);
    assert!(a.enemy_drawn);
    let enemy = enemy_name(&c, 0);
    dace_shoots(&mut h, &enemy);
    assert_eq!(screen(&h), Screen::Battle);
    assert_eq!(
        h.state().views.battle.shooting.kt_turn.left(),
        [i64::from(a.standing), i64::from(a.enemy_standing)]
    );
    assert_ne!(
        h.state().views.battle.shooting.kt_turn.left(),
        [7, 7],
        "the table's own counts"
    );
    // An enemy falls at the table meanwhile: the card counts one fewer,
    // and its counts are the table's, not typed here.
    let key = muster::rules::DocKey::of::<Campaign>(c.id.clone());
    let foe = Fighter::Enemy(1).id();
    h.state_mut().app.apply(muster::app::Command::Edit(
        key,
        muster::rules::Edit::new(muster::rules::campaign::CampaignEdit::Table(
            TableEdit::SetOutOfAction {
                character: foe,
                out: true,
            },
        )),
    ));
    h.run();
    let now = acts::activations(&crate::common::the_campaign(&h));
    assert_eq!(now.enemy_standing + 1, a.enemy_standing);
    assert_eq!(
        h.state().views.battle.shooting.kt_turn.left(),
        [i64::from(now.standing), i64::from(now.enemy_standing)],
        "counted as they fall"
    );
    h.get_by_label("Other actions: a grenade, a jump, the turn")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("Counted at the campaign's table")
            .is_some()
    );
}

/// An enemy's shot picked at the table: the turn card says the shooter is
/// no kill-team soldier, rather than asking for a shooter already there.
#[test]
fn kt_9_an_enemy_shooter_has_no_actions_counted_on_the_turn_card() {
    let c = crate::common::example_campaign_at_the_table(rules());
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let flamer = enemy_name(&c, 9);
    h.get_by_label(&format!("{flamer} attacks…"))
        .click_accesskit();
    h.run();
    let shot = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .find(|l| l.starts_with(&format!("{flamer} shoots Trooper Pell")))
        .expect("the flamer's shot");
    h.get_by_label(&shot).click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    h.get_by_label("Other actions: a grenade, a jump, the turn")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains(&format!("{flamer} is no kill-team soldier"))
            .is_some()
    );
    assert!(h.query_by_label_contains("Pick a shooter").is_none());
}
