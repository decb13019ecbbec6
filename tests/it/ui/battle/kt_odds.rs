//! The kill-team rules the battle screen keeps, through the window: a heavy
//! weapon fires once a turn (KT-15), a Terminator target keeps his 2D6 save
//! (KT-19), Roll rolls the whole round when the defender strikes back
//! (CC-7, CC-13), and a campaign defender picked gets the wounds applied.

use std::path::Path;

use crate::common::rules;
use crate::common::{click, pick};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::i18n::Lang;
use muster::rules::Doc;
use muster::ui::Gui;

fn open(dir: &Path, docs: Vec<Doc>) -> Harness<'static, Gui> {
    let window = crate::common::window_on(dir).size(1400.0, 3400.0);
    docs.into_iter()
        .fold(window, crate::common::WindowOn::saved)
        .showing(Screen::Battle)
        .open()
}

fn roll_button_enabled(h: &Harness<'_, Gui>) -> bool {
    !h.get_by_role_and_label(Role::Button, "Roll")
        .accesskit_node()
        .is_disabled()
}

/// The example kill team with a lascannon team (Nim), a heavy bolter team
/// (Pell) and a Terminator (Rusk).
fn heavy_team() -> muster::rules::KillTeam {
    let mut team = crate::common::example_team();
    for s in &mut team.soldiers {
        match s.name.as_str() {
            "Trooper Nim" => {
                s.kind = "weapons_team".into();
                s.weapon = "lascannon".into();
            }
            "Trooper Pell" => {
                s.kind = "weapons_team".into();
                s.weapon = "heavy_bolter".into();
            }
            "Trooper Rusk" => {
                s.kind = "terminator".into();
                s.weapon = "storm_bolter".into();
                s.items.clear();
            }
            _ => {}
        }
    }
    team
}

#[test]
fn kt_15_a_heavy_weapon_fires_once_a_turn_on_the_shooting_card() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = open(dir.path(), vec![Doc::new(heavy_team())]);
    click(&mut h, "Kill team");
    pick(
        &mut h,
        "Take the shooter from a kill team",
        "Trooper Nim (Lascannon)",
    );
    // The restriction by icon and word, before the shot.
    assert!(
        h.query_by_label("Heavy weapon: one shot this turn (KT-15)")
            .is_some()
    );
    // Its D6 damage is kept as dice, not counted as 1.
    assert_eq!(
        h.state().views.battle.shooting.shot.weapon.damage,
        muster::rules::battle::scenario::Count::Dice("D6".into())
    );
    assert!(roll_button_enabled(&h));
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    assert_eq!(h.state().app.model.battle.log.len(), 1);
    // A second shot this turn is refused: Roll greyed out, and why.
    assert!(!roll_button_enabled(&h));
    assert!(
        h.query_all_by_label("Already fired this turn: a heavy weapon fires once a turn (KT-15)")
            .count()
            >= 1
    );
    // Next turn, it fires again.
    h.get_by_role_and_label(Role::Button, "Next turn").click();
    h.run();
    assert!(roll_button_enabled(&h));
    // A heavy bolter fires at every action (KT-15): no restriction.
    pick(
        &mut h,
        "Take the shooter from a kill team",
        "Trooper Pell (Heavy bolter)",
    );
    assert!(
        h.query_by_label("Heavy weapon: one shot this turn (KT-15)")
            .is_none()
    );
    for _ in 0..2 {
        h.get_by_role_and_label(Role::Button, "Roll").click();
        h.run();
    }
    assert!(roll_button_enabled(&h));
    assert_eq!(h.state().app.model.battle.log.len(), 3);
}

#[test]
fn kt_19_a_terminator_target_keeps_his_2d6_save_and_rolls_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = open(dir.path(), vec![Doc::new(heavy_team())]);
    click(&mut h, "Kill team");
    pick(
        &mut h,
        "Take the target from a kill team",
        "Trooper Rusk — Hark's Raiders",
    );
    let target = &h.state().views.battle.shooting.shot.target;
    assert_eq!((target.save, target.save_dice), (Some(4), 2));
    assert!(h.query_by_label("Save rolled on 2D6 (KT-19)").is_some());
    // The odds card says so: 4+ on 2D6 (AP 0 lasgun by default, no cover).
    assert!(h.query_by_label_contains("save 4+ (2D6)").is_some());
    // The roll throws two dice for each save, and logs both faces.
    h.state_mut().views.battle.shooting.shot.weapon.shots =
        muster::rules::battle::scenario::Count::Fixed(10);
    h.run();
    for _ in 0..6 {
        h.get_by_role_and_label(Role::Button, "Roll").click();
        h.run();
    }
    let texts: Vec<String> = h
        .state()
        .app
        .model
        .battle
        .log
        .iter()
        .map(|e| Lang::En.msg(&e.result))
        .collect();
    assert!(texts.iter().any(|t| t.contains("save (2D6: ")), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains("save (D6: ")), "{texts:?}");
}

#[test]
fn cc_13_with_the_defender_striking_back_roll_rolls_the_whole_round() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = open(dir.path(), Vec::new());
    // One attack: the attacker's blows only.
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    let one = Lang::En.msg(&h.state().app.model.battle.log[0].result);
    assert!(one.contains("attack"), "{one}");
    // Ticked: both sides' blows, in strike order, both logged.
    click(
        &mut h,
        "The defender strikes back: the whole round (CC-7, CC-13)",
    );
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    let round = Lang::En.msg(&h.state().app.model.battle.log[1].result);
    assert!(round.contains("The first unit took"), "{round}");
    assert!(round.contains("the second"), "{round}");
    // Both sides' dice: each has one blow to hit.
    let rolled = round.matches("to hit").count();
    assert!(rolled >= 1, "{round}");
}

#[test]
fn a_campaign_defender_picked_in_close_combat_gets_the_wounds_applied() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let names: Vec<String> = c.characters.iter().map(|x| x.name().to_owned()).collect();
    assert!(names.len() >= 2, "{names:?}");
    // Not the first at the table: the default would be wrong.
    let defender = names[1].clone();
    let mut h = open(dir.path(), vec![Doc::new(c)]);
    pick(
        &mut h,
        "Take the defender from a campaign escort",
        &format!("› {defender} — "),
    );
    // Certain wounds: a strong attacker against a helpless defender.
    let cc = &mut h.state_mut().views.battle.close_combat.cc;
    cc.attacker.a = 10;
    cc.attacker.s = 10;
    cc.defender.save = None;
    cc.helpless = true;
    h.run();
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
        assert!(rolls < 20);
        h.get_by_role_and_label(Role::Button, "Roll").click();
        h.run();
        rolls += 1;
    }
    let wounds = h
        .state()
        .app
        .model
        .battle
        .log
        .last()
        .expect("rolled")
        .wounds;
    let n = h.state().app.model.battle.log.len();
    let word = format!(
        "Apply roll #{n} to campaign: {defender} ({wounds} {})",
        if wounds == 1 { "wound" } else { "wounds" }
    );
    h.get_by_role_and_label(Role::Button, &word).click();
    h.run();
    let c = crate::common::the_campaign(&h);
    let id = crate::common::char_id(&c, &defender);
    let first = crate::common::char_id(&c, &names[0]);
    let table = c.table.as_ref().expect("at the table");
    assert!(
        table.wounds.get(&id).copied().unwrap_or(0) > 0,
        "{defender}"
    );
    assert_eq!(table.wounds.get(&first).copied().unwrap_or(0), 0);
    // In psychic mode too: the target picked from the campaign is where
    // the wounds go.
    let campaign_id = c.id.clone();
    let third = names.get(2).cloned().unwrap_or_else(|| names[0].clone());
    let third_id = crate::common::char_id(&c, &third);
    click(&mut h, "Psychic attack");
    pick(
        &mut h,
        "Take the target from a campaign escort",
        &format!("› {third} — "),
    );
    assert_eq!(
        h.state().views.battle.psychic.target_from().cloned(),
        Some(muster::rules::CharRef::new(campaign_id, third_id))
    );
}
