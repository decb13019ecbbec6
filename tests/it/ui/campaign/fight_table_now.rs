//! A fighter's card on the battle screen, taken from a campaign's table,
//! follows the table: once a roll's wounds are applied there, his wounds
//! field and the odds count what he has left, and the card says it.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Command;
use muster::rules::campaign::{Campaign, CampaignEdit as E, TableEdit};
use muster::rules::{DocKey, Edit};

use super::fight::{attack_from_table, enemy_name, kill_team_table};

const HARK: &str = "Sergeant Hark";

/// Sergeant Hark takes one wound at the table while his card is shown.
fn hark_wounded_once(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, c: &Campaign) {
    let hark = crate::common::char_id(c, HARK);
    h.state_mut().app.apply(Command::Edit(
        DocKey::of::<Campaign>(c.id.clone()),
        Edit::new(E::Table(TableEdit::SetWounds {
            character: hark,
            wounds: 1,
        })),
    ));
    h.run();
}

/// Hark's card shows his 3 wounds; once the table wounds him, the field
/// (read by `wounds`) has 2, and the card says so.
fn follows_hark_s_wound(
    h: &mut egui_kittest::Harness<'_, muster::ui::Gui>,
    c: &Campaign,
    wounds: impl Fn(&egui_kittest::Harness<'_, muster::ui::Gui>) -> Option<i64>,
) {
    assert_eq!(wounds(h), Some(3));
    hark_wounded_once(h, c);
    assert_eq!(wounds(h), Some(2), "the field follows the table");
    assert!(
        h.query_by_label(&format!("At the table now: {HARK} has 2 wounds left"))
            .is_some()
    );
}

#[test]
fn a_shot_s_target_from_the_table_has_the_wounds_the_table_leaves_him() {
    let (c, _dir, mut h) = kill_team_table();
    let enemy = enemy_name(&c, 0);
    h.get_by_label(&format!("{enemy} attacks…"))
        .click_accesskit();
    h.run();
    let shot = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .find(|l| l.starts_with(&format!("{enemy} shoots {HARK} with")))
        .expect("the enemy may shoot Hark");
    h.get_by_label(&shot).click_accesskit();
    h.run();
    let wounds = |h: &egui_kittest::Harness<'_, muster::ui::Gui>| {
        h.state().views.battle.shooting.shot.target.wounds
    };
    follows_hark_s_wound(&mut h, &c, wounds);
}

#[test]
fn a_charged_soldier_from_the_table_has_the_wounds_the_table_leaves_him() {
    let (c, _dir, mut h) = kill_team_table();
    let enemy = enemy_name(&c, 0);
    attack_from_table(
        &mut h,
        &enemy,
        &format!("Close combat: {enemy} against {HARK}"),
    );
    let wounds = |h: &egui_kittest::Harness<'_, muster::ui::Gui>| {
        h.state().views.battle.shooting.melee.target().wounds()
    };
    follows_hark_s_wound(&mut h, &c, wounds);
    // What the player types stays until the table changes again.
    h.state_mut()
        .views
        .battle
        .shooting
        .melee
        .target_mut()
        .set_wounds(Some(1));
    h.run();
    assert_eq!(wounds(&h), Some(1));
}
