//! The fights set up by hand on the battle screen kept beside the
//! preferences: Muster closed and opened again shows them as they were
//! left; a file of an older Muster still reads, a broken one is set aside.

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use muster::app::{BattleMode, Screen};
use muster::rules::{Doc, DocKey};
use muster::store::Store;

use crate::common::{Restarts, click, pick};

/// The example band saved in the folder; its key.
fn band_in(restarts: &Restarts) -> DocKey {
    let band = crate::common::example_band();
    let doc = Doc::new(band);
    let store = Store::open(restarts.dir()).expect("store");
    store.save(&doc).expect("save");
    doc.key()
}

fn battle_window(restarts: &Restarts) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    restarts.window().showing(Screen::Battle).open()
}

#[test]
fn a_close_combat_set_up_by_hand_is_shown_again_after_a_restart_even_once_its_roster_is_gone() {
    let restarts = Restarts::sized(1400.0, 3000.0);
    let band = band_in(&restarts);
    let mut h = battle_window(&restarts);
    pick(
        &mut h,
        "Take the attacker from a roster",
        "Inquisitor Vael —",
    );
    pick(
        &mut h,
        "Take the defender from a roster",
        "Sergeant Brask —",
    );
    h.get_by_role_and_label(Role::CheckBox, "Helpless (WS 1)")
        .click();
    h.run();
    let before = h.state().views.battle.close_combat.cc.clone();
    assert_eq!(before.attacker.weapon_s, Some(5), "his power sword");
    assert!(before.helpless);
    // Muster closes; the band leaves the library before it opens again:
    // the fight keeps the values its fighters were taken with.
    drop(h);
    let file = restarts
        .dir()
        .join("rosters")
        .join(format!("{}.json", band.id));
    std::fs::remove_file(file).expect("delete");
    let h = battle_window(&restarts);
    let docs = &h.state().app.model.library.docs;
    assert!(docs.iter().all(|d| d.key() != band), "the band gone");
    let b = &h.state().views.battle;
    assert_eq!(b.mode(), BattleMode::CloseCombat);
    assert_eq!(b.close_combat.cc, before, "every value as it was set");
    assert_eq!(b.close_combat.cc_sides.attacker(), "Inquisitor Vael");
    assert_eq!(b.close_combat.cc_sides.defender(), "Sergeant Brask");
    assert_eq!(b.close_combat.attacker_save(), Some(4), "his carapace");
    // Vael S4 with a S5 sword against Brask's T3: wounds on 2+.
    assert!(h.query_by_label_contains("to wound 2+").is_some());
    assert!(
        h.query_by_label_contains("could not be read").is_none(),
        "nothing said: the file read"
    );
}

#[test]
fn a_rogue_trader_shot_set_up_by_hand_reopens_on_its_tab_as_it_was_left() {
    let restarts = Restarts::sized(1400.0, 3000.0);
    band_in(&restarts);
    let mut h = battle_window(&restarts);
    click(&mut h, "Shooting (Rogue Trader)");
    pick(&mut h, "Take the shooter from a roster", "Sergeant Brask —");
    h.get_by_role_and_label(Role::CheckBox, "Stands and shoots at chargers (CC-2) (-1)")
        .click();
    h.run();
    let before = h.state().views.battle.rt_shot.shot.clone();
    assert!(
        before
            .modifiers
            .contains(&muster::rules::shooting::Situation::StandAndShoot)
    );
    let h = restarts.reopen(h, Screen::Battle);
    let b = &h.state().views.battle;
    assert_eq!(b.mode(), BattleMode::RtShot, "on the tab left open");
    assert_eq!(b.rt_shot.shot, before, "the shot as it was set");
    assert_eq!(b.rt_shot.sides.attacker(), "Sergeant Brask");
    assert!(h.query_by_label_contains("CC-2").is_some());
    // The close combat, never touched, as new.
    assert_eq!(b.close_combat.cc_sides.attacker(), "");
    assert_eq!(b.close_combat.cc.attacker.weapon_s, None);
}

#[test]
fn a_battle_session_kept_by_a_muster_without_fights_set_by_hand_still_reads() {
    let restarts = Restarts::sized(1400.0, 3000.0);
    // A first run makes the folder's files.
    drop(battle_window(&restarts));
    let path = restarts.kept_battle();
    // A version-1 file: a roll, who won, the powers in play, nothing set
    // up by hand.
    let mut h = battle_window(&restarts);
    h.state_mut().app.push(muster::app::Command::RollTable(
        muster::rules::Msg::new("flyer.log.gather"),
        muster::rules::battle::table_roll::TableRoll::FlyerGather { turns: 2 },
    ));
    h.run();
    let log = h.state().app.model.battle.log.clone();
    assert_eq!(log.len(), 1);
    drop(h);
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("kept")).expect("json");
    let fields = file.as_object_mut().expect("object");
    fields.remove("hand");
    fields.insert("version".into(), 1.into());
    std::fs::write(&path, file.to_string()).expect("write");
    let h = battle_window(&restarts);
    assert_eq!(h.state().app.model.battle.log, log, "the roll, as it was");
    assert_eq!(h.state().views.battle.mode(), BattleMode::CloseCombat);
    assert!(h.query_by_label_contains("could not be read").is_none());
    assert!(
        !restarts
            .kept_battle()
            .with_extension("unreadable.json")
            .exists()
    );
}

#[test]
fn a_broken_file_of_fights_set_by_hand_is_set_aside_and_the_screen_starts_as_new() {
    let restarts = Restarts::sized(1400.0, 3000.0);
    band_in(&restarts);
    let mut h = battle_window(&restarts);
    click(&mut h, "Shooting (Rogue Trader)");
    pick(&mut h, "Take the shooter from a roster", "Sergeant Brask —");
    drop(h);
    let path = restarts.kept_battle();
    let text = std::fs::read_to_string(&path).expect("kept");
    assert!(text.contains("Sergeant Brask"), "the shot was kept");
    // The fights set up by hand, cut short.
    let broken = &text[..text.len() / 2];
    std::fs::write(&path, broken).expect("write");
    let h = battle_window(&restarts);
    let b = &h.state().views.battle;
    assert_eq!(b.mode(), BattleMode::CloseCombat, "the screen as new");
    assert_eq!(b.rt_shot.sides.attacker(), "", "no shooter taken");
    assert_eq!(b.rt_shot.shot.shooter.bs, 3, "the shooter's BS as new");
    assert!(
        h.query_by_label_contains("could not be read").is_some(),
        "said in the log"
    );
    assert_eq!(
        std::fs::read_to_string(path.with_extension("unreadable.json")).expect("set aside"),
        broken,
        "nothing lost"
    );
}

#[test]
fn a_robot_s_weapons_fired_this_turn_are_still_firing_after_a_restart() {
    let restarts = Restarts::sized(1280.0, 3000.0);
    let mut h = battle_window(&restarts);
    click(&mut h, "Robots");
    click(&mut h, "Left arm: Bolter");
    click(&mut h, "Right arm: Bolter");
    assert!(h.query_by_label("Fires: Bolter, Bolter").is_some());
    let h = restarts.reopen(h, Screen::Battle);
    assert_eq!(h.state().views.battle.mode(), BattleMode::Robot);
    assert_eq!(
        h.state().views.battle.robot.firing(),
        [(0, "bolter".to_owned()), (1, "bolter".to_owned())]
    );
    assert!(h.query_by_label("Fires: Bolter, Bolter").is_some());
}

#[test]
fn the_units_set_up_by_hand_come_back_with_their_models_after_a_restart() {
    let restarts = Restarts::sized(1400.0, 3000.0);
    let mut h = battle_window(&restarts);
    click(&mut h, "Unit against unit");
    {
        let units = &mut h.state_mut().views.battle.units;
        units.first.groups_mut()[0].set_count(3);
        units.first.groups_mut()[0].set_ws(5);
        units.second.groups_mut()[0].set_s(4);
    }
    h.run();
    let groups = |h: &egui_kittest::Harness<'static, muster::ui::Gui>| {
        let units = &h.state().views.battle.units;
        (
            units.first.groups().to_vec(),
            units.second.groups().to_vec(),
        )
    };
    let before = groups(&h);
    let h = restarts.reopen(h, Screen::Battle);
    assert_eq!(h.state().views.battle.mode(), BattleMode::Units);
    assert_eq!(groups(&h), before, "every model as set");
    // Not the units a new screen starts with.
    let elsewhere = Restarts::sized(1400.0, 3000.0);
    let mut fresh = battle_window(&elsewhere);
    click(&mut fresh, "Unit against unit");
    assert_ne!(groups(&fresh), before);
}

#[test]
fn a_flyer_s_speed_and_level_set_by_hand_are_kept_over_a_restart() {
    let restarts = Restarts::sized(1400.0, 3000.0);
    let mut h = battle_window(&restarts);
    click(&mut h, "Flyers");
    h.state_mut().views.battle.flyer.set_level(0);
    h.state_mut().views.battle.flyer.set_speed(13);
    h.run();
    let h = restarts.reopen(h, Screen::Battle);
    let b = &h.state().views.battle;
    assert_eq!(b.mode(), BattleMode::Flyer);
    assert_eq!((b.flyer.level(), b.flyer.speed()), (0, 13));
    let high = "In the air at +20";
    assert!(h.query_by_label(high).is_none(), "at attack level");
    // A new flyer starts at +20.
    let elsewhere = Restarts::sized(1400.0, 3000.0);
    let mut fresh = battle_window(&elsewhere);
    click(&mut fresh, "Flyers");
    assert!(fresh.query_by_label(high).is_some());
}

#[test]
fn the_fights_set_by_hand_are_written_when_they_change_and_not_at_every_frame() {
    let restarts = Restarts::sized(1400.0, 3000.0);
    let mut h = battle_window(&restarts);
    click(&mut h, "Shooting (Rogue Trader)");
    let path = restarts.kept_battle();
    assert!(
        std::fs::read_to_string(&path)
            .expect("kept")
            .contains("rt_shooting")
    );
    // Whatever is on disk now stays while nothing changes.
    std::fs::write(&path, "untouched").expect("write");
    for _ in 0..5 {
        h.run();
    }
    assert_eq!(std::fs::read_to_string(&path).expect("kept"), "untouched");
    h.get_by_role_and_label(Role::CheckBox, "Stands and shoots at chargers (CC-2) (-1)")
        .click();
    h.run();
    let text = std::fs::read_to_string(&path).expect("kept");
    assert!(
        text.contains("stand_and_shoot"),
        "the change written: {text}"
    );
}

/// A fighter of a kept roll: a drawn enemy, named in every language.
fn enemy_combatant() -> muster::rules::battle::summary::Combatant {
    use muster::rules::battle::summary::{BattleSide, Combatant};
    use muster::rules::core::names::Name;
    let names = [("en", "Mutant rabble 2"), ("fr", "Mutant de la racaille 2")];
    Combatant {
        name: Name::Names(names.map(|(l, n)| (l.into(), n.into())).into()),
        side: BattleSide::Theirs,
        character: false,
        first: true,
        model: 0,
        wounds: 1,
        campaign: None,
        spends: None,
    }
}

#[test]
fn a_roll_s_enemy_named_in_every_language_is_named_so_after_a_restart() {
    use muster::rules::core::names::Name;
    let restarts = Restarts::sized(1400.0, 3000.0);
    let mut h = battle_window(&restarts);
    let enemy = enemy_combatant();
    let title = muster::rules::Msg::new("battle.against")
        .msg("attacker", muster::rules::Msg::name(&enemy.name))
        .msg("defender", muster::rules::Msg::new("battle.defender"));
    h.state_mut().app.push(muster::app::Command::RollFight(
        title,
        muster::rules::battle::Fight::Table(
            muster::rules::battle::table_roll::TableRoll::FlyerGather { turns: 2 },
        ),
        vec![enemy.clone()],
    ));
    h.run();
    let log = h.state().app.model.battle.log.clone();
    drop(h);
    let path = restarts.kept_battle();
    let h = battle_window(&restarts);
    assert_eq!(h.state().app.model.battle.log, log, "the roll, as it was");
    let kept = &h.state().app.model.battle.log[0];
    assert_eq!(kept.combatants[0].name, enemy.name);
    let fr = muster::i18n::Lang::Fr.msg(&kept.title);
    assert!(fr.contains("Mutant de la racaille 2"), "{fr}");
    drop(h);

    // A file of the shape before: the fighter's name as text alone.
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("kept")).expect("json");
    let name = &mut file["log"][0]["combatants"][0]["name"];
    assert!(name.is_object(), "names by language: {name}");
    *name = "Mutant rabble 2".into();
    file["version"] = 2.into();
    std::fs::write(&path, file.to_string()).expect("write");
    let h = battle_window(&restarts);
    let kept = &h.state().app.model.battle.log;
    assert_eq!(kept.len(), 1);
    assert_eq!(
        kept[0].combatants[0].name,
        Name::Typed("Mutant rabble 2".into())
    );
    assert!(h.query_by_label_contains("could not be read").is_none());
}

/// The close combat's "To hit …" line, as the odds card shows it.
fn to_hit_shown(h: &egui_kittest::Harness<'static, muster::ui::Gui>) -> String {
    use egui_kittest::kittest::NodeT as _;
    let line = h.get_by_label_contains("To hit ");
    let node = line.accesskit_node();
    node.label()
        .or_else(|| node.value())
        .expect("shown")
        .to_string()
}

/// Whether the box of this name is ticked.
fn ticked(h: &egui_kittest::Harness<'static, muster::ui::Gui>, label: &str) -> bool {
    use egui::accesskit::Toggled;
    use egui_kittest::kittest::NodeT as _;
    let node = h.get_by_role_and_label(Role::CheckBox, label);
    node.accesskit_node().toggled() == Some(Toggled::True)
}

/// The situation the players tick on top of a close combat picked at a
/// campaign's table comes back with that fight; once its mission is over,
/// neither does.
#[test]
fn a_close_combat_s_situation_ticked_on_a_table_s_fight_is_ticked_again_after_a_restart() {
    use muster::rules::campaign::{Campaign, enemy};
    use muster::rules::campaign::{CampaignEdit as E, DebriefEdit, MissionResult};
    use muster::rules::{DocKey, Edit};
    let c = crate::common::band_at_the_table(crate::common::rules());
    let restarts = Restarts::sized(1400.0, 4000.0);
    let mut h = restarts.window().on_campaign(&c).open();
    let enemy = enemy::names(&c, 0)["en"].clone();
    h.get_by_label("Inquisitor Vael attacks…").click_accesskit();
    h.run();
    let fight = format!("Close combat: Inquisitor Vael against {enemy}");
    h.get_by_label(&fight).click_accesskit();
    h.run();
    let (charged, frenzied) = ("Charged this turn (+1)", "Frenzied (+2)");
    h.get_by_role_and_label(Role::CheckBox, charged).click();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, frenzied).click();
    h.run();
    let odds = to_hit_shown(&h);
    let mut h = restarts.reopen(h, Screen::Battle);
    assert_eq!(
        h.state().views.battle.close_combat.cc_sides.defender(),
        enemy
    );
    assert!(ticked(&h, charged), "CC-9: charged, as ticked");
    assert!(ticked(&h, frenzied), "CC-9: frenzied, as ticked");
    assert_eq!(to_hit_shown(&h), odds, "the odds as before");

    // The mission ends: its fight, and what was ticked on it, are history.
    h.state_mut().app.apply(muster::app::Command::Edit(
        DocKey::of::<Campaign>(c.id.clone()),
        Edit::new(E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 0,
            },
            played: vec![],
        })),
    ));
    h.run();
    let h = restarts.reopen(h, Screen::Battle);
    assert_eq!(h.state().views.battle.close_combat.cc_sides.defender(), "");
    assert!(!ticked(&h, charged) && !ticked(&h, frenzied));
}

/// CC-10's battle setting, switched by the players, stays switched over a
/// restart.
#[test]
fn cc_10_the_refusal_of_seven_plus_switched_by_hand_is_kept_over_a_restart() {
    let restarts = Restarts::sized(1400.0, 3000.0);
    let mut h = battle_window(&restarts);
    {
        let cc = &mut h.state_mut().views.battle.close_combat;
        cc.cc_sides.set_attacker_character(false);
        (cc.cc.attacker.ws, cc.cc.defender.ws) = (1, 10);
    }
    h.run();
    let setting = "Refuse blows that need 7+ to hit to ordinary troops (CC-10)";
    click(&mut h, setting);
    assert!(ticked(&h, setting));
    let odds = to_hit_shown(&h);
    let h = restarts.reopen(h, Screen::Battle);
    assert!(ticked(&h, setting), "CC-10: refused, as switched");
    assert_eq!(to_hit_shown(&h), odds, "the odds as before");
    assert!(
        h.query_by_label_contains("takes the game master's consent")
            .is_some(),
        "the roll still refused"
    );
}
