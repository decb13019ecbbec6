//! The battle screen as used at the table: the odds drawn as a bar chart
//! with the numbers beside it, the units' coherency measured with the tape
//! (CC-3), and kill-team soldiers taken from a campaign's escort, their
//! damage applied to the campaign.

use std::path::Path;

use crate::common::rules;
use crate::common::the_campaign;
use crate::common::{click, pick};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::rules::campaign::TableEdit;
use muster::rules::campaign::{Campaign, CampaignEdit as E, CharId};
use muster::rules::{Doc, RulesData};
use muster::store::Store;
use muster::ui::Gui;

fn id(c: &Campaign, name: &str) -> CharId {
    crate::common::char_id(c, name)
}

/// A campaign at the table with the example kill team as its escort:
/// Trooper Dace has taken 1 wound, Trooper Pell is out of action.
fn kill_team_campaign(rules: &RulesData) -> Campaign {
    crate::common::team_at_the_table(&crate::common::example_team(), rules, |c| {
        vec![
            E::Table(TableEdit::SetWounds {
                character: id(c, "Trooper Dace"),
                wounds: 1,
            }),
            E::Table(TableEdit::SetOutOfAction {
                character: id(c, "Trooper Pell"),
                out: true,
            }),
        ]
    })
}

fn battle(dir: &Path) -> Harness<'static, Gui> {
    let rules = rules();
    {
        // Closed before the app opens the folder (else it is read-only).
        let store = Store::open(dir).expect("store");
        store
            .save(&Doc::new(kill_team_campaign(rules)))
            .expect("save");
    }
    let mut h = crate::common::window_on(dir)
        .seed(21)
        .size(1400.0, 3000.0)
        .open();
    h.run();
    h.state_mut().app.apply(Command::Show(Screen::Battle));
    h.run();
    h
}

#[test]
fn the_odds_are_a_bar_chart_with_their_numbers_and_axes_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    // Close combat: one chart of the wounds, named for screen readers, and
    // each count's chance in words beside it.
    let chart = h.get_by_role_and_label(
        Role::Image,
        "Bar chart: wounds of the whole attack, Wounds caused against their chance in percent \
         (the chances are listed beside it)",
    );
    assert!(!chart.accesskit_node().is_hidden());
    // (The free blow of breaking off, CC-18, has a chart of its own.)
    assert!(h.query_all_by_label_contains("0 wounds: ").count() >= 1);
    assert!(h.query_all_by_label_contains("1 wound: ").count() >= 1);
    // The unit mode: one chart of casualties for each unit.
    click(&mut h, "Unit against unit");
    for side in ["first", "second"] {
        // The axes name the unit counted.
        let name = format!(
            "Bar chart: Casualties of the {side} unit, Models of the {side} unit killed against \
             their chance in percent (the chances are listed beside it)"
        );
        assert!(
            h.query_by_role_and_label(Role::Image, &name).is_some(),
            "{name}"
        );
    }
    assert!(h.query_all_by_label_contains("second: 5 dead: ").count() >= 1);
}

#[test]
fn cc_3_the_unit_mode_names_the_models_out_of_coherency() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    click(&mut h, "Unit against unit");
    // Optional: nothing to measure until ticked.
    assert!(
        h.query_by_label("First unit: 3. model, inches to the nearest other model")
            .is_none()
    );
    click(&mut h, "First unit: check the coherency (CC-3)");
    // Five models, each 1" from a fellow until measured: all in.
    assert_eq!(h.query_all_by_label("in coherency").count(), 5);
    assert!(
        h.query_by_label("First unit: every model within 2\" of another (CC-3)")
            .is_some()
    );
    // The third model stands 3" from his nearest fellow: out, by the rule.
    h.get_by_label("First unit: 3. model, inches to the nearest other model")
        .set_value_accesskit(3.0);
    h.run();
    assert_eq!(h.query_all_by_label("out of coherency").count(), 1);
    assert_eq!(h.query_all_by_label("in coherency").count(), 4);
    assert!(
        h.query_by_label_contains(
            "CC-3: member 3 stands more than 2\" from every other member of the unit"
        )
        .is_some()
    );
    // Exactly 2" is within 2".
    h.get_by_label("First unit: 3. model, inches to the nearest other model")
        .set_value_accesskit(2.0);
    h.run();
    assert_eq!(h.query_all_by_label("out of coherency").count(), 0);
    // The second unit is not checked unless asked.
    assert!(
        h.query_by_label("Second unit: 1. model, inches to the nearest other model")
            .is_none()
    );
}

#[test]
fn a_campaign_soldier_shoots_another_and_the_damage_lands_in_the_campaign() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = battle(dir.path());
    click(&mut h, "Kill team");
    // The shooter: a soldier of the campaign's kill team with his weapon;
    // one out of action cannot be picked, and says why.
    click(&mut h, "Take the shooter from a campaign escort");
    let pell = h.get_by_label_contains("› Trooper Pell (");
    assert!(pell.accesskit_node().is_disabled());
    assert!(
        h.get_by_label_contains("› Trooper Pell (")
            .accesskit_node()
            .label()
            .is_some_and(|l| l.ends_with("out of action"))
    );
    h.get_by_label_contains("› Trooper Nim (Lasgun)")
        .click_accesskit();
    h.run();
    // The target: Dace, with his wounds left at the table.
    pick(
        &mut h,
        "Take the target from a campaign escort",
        "› Trooper Dace — 2 wounds left",
    );
    assert!(h.query_by_label("Trooper Dace: 2 wounds left").is_some());
    assert!(
        h.query_by_label_contains("Trooper Dace out of action (every wound left lost): ")
            .is_some()
    );
    // Roll until the shot does damage (seeded: the same every run); each
    // shot is one of Nim's two actions a turn (KT-9), so a new turn comes
    // after each two.
    let mut rolls = 0;
    while h
        .state()
        .app
        .model
        .battle
        .log
        .last()
        .is_none_or(|e| e.wounds == 0)
    {
        assert!(rolls < 40, "forty rolls without damage");
        if rolls > 0 && rolls % 2 == 0 {
            let key = muster::rules::DocKey::of::<Campaign>(the_campaign(&h).id);
            let turn = muster::rules::Edit::new(E::Table(TableEdit::NewTurn { gain: None }));
            h.state_mut().app.apply(Command::Edit(key, turn));
            h.run();
        }
        h.get_by_role_and_label(Role::Button, "Roll").click();
        h.run();
        rolls += 1;
    }
    let last = h.state().app.model.battle.log.last().expect("rolled");
    assert_eq!(
        muster::i18n::Lang::En.msg(&last.title),
        "Trooper Nim against Trooper Dace"
    );
    let damage = last.wounds;
    let n = h.state().app.model.battle.log.len();
    // "Apply to campaign" goes to Dace, picked as the target.
    let who = if damage == 1 {
        "Trooper Dace (1 wound)".to_owned()
    } else {
        format!("Trooper Dace ({damage} wounds)")
    };
    let word = format!("Apply roll #{n} to campaign: {who}");
    h.get_by_role_and_label(Role::Button, &word).click();
    h.run();
    let c = the_campaign(&h);
    let dace = id(&c, "Trooper Dace");
    let taken = c.table.as_ref().and_then(|t| t.wounds.get(&dace).copied());
    // Never past his last (3 wounds on his profile).
    assert_eq!(taken, Some((1 + damage).min(3)));
    // This roll's wounds are in: the button gives way to the word.
    assert!(
        h.query_by_label(&format!("Roll #{n} applied to the campaign: {who}"))
            .is_some()
    );
    assert!(h.query_by_role_and_label(Role::Button, &word).is_none());
}
