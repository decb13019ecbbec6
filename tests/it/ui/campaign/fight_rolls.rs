//! The rolls of a campaign's table: a die rolled again for a command
//! point (KT-11), the rolls of a mission over and of another campaign's
//! table kept out, and the battle's VP as the mission's.

use super::fight::{
    dace_shoots, enemy_name, kill_team_table, osk_charges_and_strikes, reroll_first_die, screen,
};
use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::rules::campaign::TableEdit;
use muster::rules::campaign::enemy;
use muster::rules::campaign::queries;
use muster::rules::campaign::victory;
use muster::rules::campaign::{Campaign, Fighter};
use muster::ui::Gui;

/// KT-11's reroll stratagem from the battle screen, « Relancez n'importe
/// quel jet de dé = 1 pt »: one roll of a campaign soldier's fight is made
/// again for his team's command point, every die before it as it fell;
/// the first roll's wounds are no longer offered; with no point left it is
/// refused.
#[test]
fn kt_11_a_kill_team_roll_is_rerolled_for_a_command_point() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let enemy = enemy_name(&c, 0);
    osk_charges_and_strikes(&mut h, &enemy);
    assert_eq!(screen(&h), Screen::Battle);
    let cp = |h: &Harness<'_, Gui>| crate::common::the_campaign(h).escorts[0].command_points;
    assert_eq!(cp(&h), 3);
    reroll_first_die(&mut h, "Reroll a die of roll #1: Anne pays 1 command point");
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
    crate::common::button(&mut h, "Reroll a die of roll #2: Anne pays 1 command point");
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
    let name = format!("Reroll a die of roll #{n} for 1 command point");
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
        said.contains("KT-11") && said.contains("command point"),
        "{said}"
    );
}

/// KT-11 on either side: an enemy shoots a soldier from the table, and the
/// soldier's team may make any roll of that shot again (the enemy's hit,
/// the soldier's own save) for its command point.
#[test]
fn kt_11_the_soldier_shot_at_rerolls_a_die_of_the_enemy_s_shot() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let enemy = enemy_name(&c, 0);
    let fighter = enemy::fighter(&c, 0, rules).expect("profile").clone();
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
    crate::common::button(&mut h, "Reroll a die of roll #1: Anne pays 1 command point");
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
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let enemy = enemy_name(&c, 0);
    osk_charges_and_strikes(&mut h, &enemy);
    let menu = "Reroll a die of roll #1: Anne pays 1 command point";
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

/// KT-21 into CMP-6: the battle's VP at the table and the mission's VP are
/// one figure. Two enemies fallen in one turn: "VP earned" at the end of
/// the mission starts at the players' battle VP and says where it comes
/// from; ending the mission adds them to the campaign's VP.
#[test]
fn kt_21_the_battle_s_vp_at_the_table_are_the_mission_s_vp_earned() {
    use muster::rules::campaign::CampaignEdit as E;
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
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
    let battle = victory::battle_vp(&c, rules)
        .expect("a table")
        .players
        .total();
    assert!(battle >= 2, "two kills: {battle}");
    assert_eq!(
        victory::mission_vp_from_battle(&c, rules, true),
        Some(battle)
    );
    let vp_before = c.vp;
    let (_dir, mut h) = crate::common::campaign_shown(&c);
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
    assert_eq!(queries::mission_number(&crate::common::the_campaign(&h)), 2);
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

/// The bar of the newest roll keeps a roll of a mission now over as
/// history, and says so: no reroll is offered, and "its mission is over"
/// stands beside its number.
#[test]
fn the_last_roll_of_a_mission_now_over_says_its_mission_is_over() {
    let (c, _dir, mut h) = kill_team_table();
    let enemy = enemy_name(&c, 0);
    dace_shoots(&mut h, &enemy);
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    assert_eq!(h.state().app.model.battle.log.len(), 1);
    assert!(
        h.query_by_label("its mission is over").is_none(),
        "played now"
    );
    let key = muster::rules::DocKey::of::<Campaign>(c.id.clone());
    for e in crate::common::next_mission_begun() {
        h.state_mut().app.apply(muster::app::Command::Edit(
            key.clone(),
            muster::rules::Edit::new(e),
        ));
    }
    h.run();
    assert!(h.query_by_label("its mission is over").is_some());
    assert!(h.query_by_label_contains("Reroll a die").is_none());
}

/// The battle screen opened from one campaign's table shows that table's
/// rolls only, in its bar of the newest roll and in its log: another
/// campaign's roll (a copied campaign's original, a table left for
/// another) is not offered to be applied here, and the log says it left
/// it out.
#[test]
fn a_roll_of_another_campaign_is_not_shown_at_this_table() {
    use muster::app::Command;
    let (raid, ashes, _dir, mut h) = raid_and_ashes();
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

/// Each tab keeps where its fight was picked: a kill-team shot picked at
/// the example's table, then a Rogue Trader close combat, and the mission
/// over: the kill-team tab says so too and its Roll is greyed (its wounds
/// and actions would go to the next mission's table).
#[test]
fn every_tab_s_fight_of_a_mission_now_over_is_said_so_and_not_rolled() {
    let c = crate::common::example_campaign_at_the_table(rules());
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    // The first fight each offers, whoever the target.
    let first = |h: &mut Harness<'_, Gui>, who: &str, starts: &str| {
        h.get_by_label(&format!("{who} attacks…")).click_accesskit();
        h.run();
        let entry = h
            .query_all_by_role(Role::Button)
            .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
            .find(|l| l.starts_with(starts))
            .expect("a target");
        h.get_by_label(&entry).click_accesskit();
        h.run();
    };
    // The example's cultist with a flamer shoots a soldier: the
    // kill-team tab.
    let flamer = enemy_name(&c, 9);
    first(&mut h, &flamer, &format!("{flamer} shoots Trooper Pell"));
    assert_eq!(screen(&h), Screen::Battle);
    h.key_press(egui::Key::Escape);
    h.run();
    first(
        &mut h,
        "Inquisitor Vael",
        "Close combat: Inquisitor Vael against ",
    );
    assert_eq!(screen(&h), Screen::Battle);
    let key = muster::rules::DocKey::of::<Campaign>(c.id.clone());
    for e in crate::common::next_mission_begun() {
        h.state_mut().app.apply(muster::app::Command::Edit(
            key.clone(),
            muster::rules::Edit::new(e),
        ));
    }
    h.run();
    h.get_by_role_and_label(Role::Tab, "Kill team").click();
    h.run();
    assert!(
        h.query_by_label_contains("picked at the table of mission 4 of")
            .is_some(),
        "the kill-team tab says whose fight it was"
    );
    assert!(
        h.get_by_role_and_label(Role::Button, "Roll")
            .accesskit_node()
            .is_disabled(),
        "no roll of a finished mission's shot"
    );
    assert!(h.state().app.model.battle.log.is_empty(), "no die rolled");
}

/// A fight picked at one campaign's table is not rolled from another's:
/// the battle screen opened from the second campaign says where its
/// fighters were picked and greys Roll, which would spend the soldier's
/// action at the first campaign's table.
#[test]
fn a_fight_picked_at_another_campaign_s_table_is_not_rolled_here() {
    use muster::app::Command;
    let (raid, ashes, _dir, mut h) = raid_and_ashes();
    dace_shoots(&mut h, &enemy_name(&raid, 0));
    assert_eq!(screen(&h), Screen::Battle);
    // Ashes' table, then its battle screen (Ctrl+2, or the menu).
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(ashes.id.clone())));
    h.state_mut().app.apply(Command::Show(Screen::Battle));
    h.run();
    assert!(
        h.query_by_label_contains("picked at the table of The Raid, not at this campaign's")
            .is_some(),
        "the screen says whose fight it is"
    );
    assert!(
        h.get_by_role_and_label(Role::Button, "Roll")
            .accesskit_node()
            .is_disabled(),
        "not rolled from Ashes"
    );
    // From The Raid's own table it rolls.
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(raid.id.clone())));
    h.state_mut().app.apply(Command::Show(Screen::Battle));
    h.run();
    assert!(
        !h.get_by_role_and_label(Role::Button, "Roll")
            .accesskit_node()
            .is_disabled(),
        "rolled from The Raid"
    );
}

/// Two campaigns at their tables in one folder: the example kill team's
/// "The Raid", shown, and a band's "Ashes"; the folder is kept while the
/// window lives.
fn raid_and_ashes() -> (Campaign, Campaign, tempfile::TempDir, Harness<'static, Gui>) {
    let rules = rules();
    let raid = crate::common::example_team_at_the_table(rules);
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
    let h = super::showing(dir.path(), &raid);
    (raid, ashes, dir, h)
}
