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
use muster::rules::campaign::enemy;
use muster::rules::campaign::{Campaign, Fighter};
use muster::rules::{CharRef, Characteristic as C};
use muster::ui::Gui;

/// The first enemy's name on the table ("Renegade Marine 1").
pub(super) fn enemy_name(c: &Campaign, i: usize) -> String {
    enemy::names(c, i)["en"].clone()
}

pub(super) fn screen(h: &Harness<'_, Gui>) -> Screen {
    h.state().app.model.screen.clone()
}

/// Rolls until a roll wounds; its index in the log.
pub(super) fn roll_until_wounded(h: &mut Harness<'_, Gui>) -> usize {
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
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let table = screen(&h);
    let enemy = enemy_name(&c, 0);
    let fighter = enemy::fighter(&c, 0, rules)
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
    assert_eq!(cc.cc_sides.attacker(), "Inquisitor Vael");
    assert_eq!(cc.cc_sides.defender(), enemy);
    // A champion, a leader or a psyker is a character for the battle
    // summary (CHR-15), a trooper is not; Vael is.
    let character = enemy::at(&c, 0).expect("drawn").entry_type.is_character();
    assert_eq!(cc.cc_sides.defender_character(), character);
    assert!(cc.cc_sides.attacker_character());
    assert_eq!(
        cc.cc_sides.defender_from().cloned(),
        Some(CharRef::new(c.id.clone(), Fighter::Enemy(0).id()))
    );
    assert_eq!(cc.cc.defender.t, i64::from(fighter.profile.get(C::T)));
    assert_eq!(cc.cc.defender.ws, i64::from(fighter.profile.get(C::WS)));
    assert_eq!(cc.cc.defender.save, fighter.save.map(i64::from));

    // Certain wounds, applied to the enemy.
    apply_certain_wounds(&mut h, &enemy);
    let now = crate::common::the_campaign(&h);
    let t = now.table.as_ref().expect("table");
    let max = enemy::wounds(&now, 0, rules);
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

/// A fight picked on the table and not rolled yet survives a restart: the
/// battle screen opens with both fighters filled in again, as the campaign
/// holds them. Once its mission is over, it is not filled in again.
#[test]
fn cmp_13_a_fight_picked_on_the_table_is_set_up_again_after_a_restart() {
    use muster::app::Command;
    use muster::rules::campaign::{CampaignEdit as E, DebriefEdit, MissionResult};
    use muster::rules::{DocKey, Edit};
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let restarts = crate::common::Restarts::sized(1400.0, 4000.0);
    let mut h = restarts.window().on_campaign(&c).open();
    let enemy = enemy_name(&c, 0);
    h.get_by_label(&format!("{enemy} attacks…"))
        .click_accesskit();
    h.run();
    h.get_by_label(&format!("Close combat: {enemy} against Trooper Dace"))
        .click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    let melee = h.state().views.battle.shooting.melee.clone();
    assert_eq!(melee.charger().name(), enemy);

    // Muster closes before the dice are rolled, and opens again.
    let mut h = restarts.reopen(h, Screen::Battle);
    let battle = &h.state().views.battle;
    assert_eq!(battle.shooting.melee, melee, "both fighters, as picked");
    assert!(!battle.we_attack(), "the enemy attacks");
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
    let h = restarts.window().open();
    assert!(h.state().app.model.battle.table_fight.is_none());
    assert_ne!(
        h.state().views.battle.shooting.melee.charger().name(),
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
    let label = format!("Wound 1 of {}: {enemy}", enemy::wounds(&c, 0, rules));
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
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let enemy = enemy_name(&c, 1);
    let fighter = enemy::fighter(&c, 1, rules).expect("profile").clone();
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
    assert_eq!(format!("{:?}", b.mode()), "Psychic");
    let p = &b.psychic;
    assert_eq!(p.attack.power.psyker, "Inquisitor Vael");
    assert_eq!(p.target(), enemy);
    assert_eq!(
        p.target_from().cloned(),
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
    assert!(b.we_attack(), "our psyker attacks");
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

/// From the table, Trooper Osk charges `enemy` and his blows are rolled.
pub(super) fn osk_charges_and_strikes(h: &mut Harness<'_, Gui>, enemy: &str) {
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
pub(super) fn reroll_first_die(h: &mut Harness<'_, Gui>, menu: &str) {
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

/// The example kill team at its table, the campaign's screen shown: the
/// campaign, its folder (kept while the window lives) and the window.
pub(super) fn kill_team_table() -> (Campaign, tempfile::TempDir, Harness<'static, Gui>) {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (dir, h) = crate::common::campaign_shown(&c);
    (c, dir, h)
}

/// From the table, `who`'s "attacks…" menu, then its entry `entry`.
pub(super) fn attack_from_table(h: &mut Harness<'_, Gui>, who: &str, entry: &str) {
    h.get_by_label(&format!("{who} attacks…")).click_accesskit();
    h.run();
    h.get_by_label(entry).click_accesskit();
    h.run();
}

/// From the table, Trooper Dace shoots `enemy` with his lasgun.
pub(super) fn dace_shoots(h: &mut Harness<'_, Gui>, enemy: &str) {
    attack_from_table(
        h,
        "Trooper Dace",
        &format!("Trooper Dace shoots {enemy} with Lasgun"),
    );
}

/// A fight picked at the table opens the battle screen at its top, where
/// the two fighters are set up, even when the screen was left scrolled to
/// its log; "Resolve a fight…" alone finds it as it was left.
#[test]
fn a_fight_picked_at_the_table_opens_the_battle_screen_at_its_top() {
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    h.set_size(egui::vec2(1024.0, 700.0));
    h.run();
    let wheel = |h: &mut Harness<'_, Gui>, dy: f32| {
        h.event(egui::Event::PointerMoved(egui::pos2(500.0, 400.0)));
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, dy),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    };
    // The table's cards are drawn once in view: scrolled down to each.
    let click_scrolling = |h: &mut Harness<'_, Gui>, label: &str| {
        for _ in 0..60 {
            if h.query_by_label(label).is_some() {
                break;
            }
            wheel(h, -120.0);
        }
        h.get_by_label(label).scroll_to_me();
        h.run();
        h.get_by_label(label).click_accesskit();
        h.run();
    };
    let pick = |h: &mut Harness<'_, Gui>, i: usize| {
        click_scrolling(h, "Inquisitor Vael attacks…");
        let enemy = enemy_name(&c, i);
        click_scrolling(h, &format!("Close combat: Inquisitor Vael against {enemy}"));
        assert_eq!(screen(h), Screen::Battle);
    };
    // The log's last button, which stays drawn as the page scrolls.
    let log_top = |h: &Harness<'_, Gui>| {
        h.get_by_role_and_label(Role::Button, "Export the log")
            .rect()
            .top()
    };
    pick(&mut h, 0);
    let first = log_top(&h);
    for _ in 0..5 {
        wheel(&mut h, -120.0);
    }
    let scrolled = log_top(&h);
    assert!(
        scrolled < first - 100.0,
        "scrolled down: {first} → {scrolled}"
    );
    // Back at the table and again: the screen as it was left.
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label("Resolve a fight…").scroll_to_me();
    h.run();
    h.get_by_label("Resolve a fight…").click_accesskit();
    h.run();
    assert_eq!(screen(&h), Screen::Battle);
    assert!((log_top(&h) - scrolled).abs() < 1.0, "where it was left");
    // A new fight picked: at the top.
    h.key_press(egui::Key::Escape);
    h.run();
    pick(&mut h, 1);
    assert!(
        (log_top(&h) - first).abs() < 1.0,
        "{first} → {}",
        log_top(&h)
    );
}
