//! The close-combat mode after the round, driven through its widgets: push
//! back (CC-14), follow up and the stay test (CC-15), breaking off and its
//! free blow (CC-18), a creature attacker (CC-19), a characteristic test
//! (CC-21) and the charge (CC-1, CC-2). Each shown chance is read against
//! the pure engine, each roll found in the log with its dice.

use std::path::Path;

use crate::common::rules;
use crate::common::{button, click};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Command, Fight, Screen};
use muster::i18n::Lang;
use muster::rules::battle::table_roll::TableRoll;
use muster::rules::close_combat;
use muster::rules::close_combat::odds::Fighter;
use muster::rules::close_combat::roll::{Claws, MeleeRoll};
use muster::ui::Gui;

fn harness(dir: &Path) -> Harness<'static, Gui> {
    crate::common::window_on(dir)
        .size(1400.0, 5000.0)
        .showing(Screen::Battle)
        .open()
}

fn percent(p: f64) -> String {
    format!("{:.1} %", p * 100.0)
}

/// The screen's default fighters: WS 3, S 3, A 1, T 3, W 1, I 3, no save.
fn plain() -> Fighter {
    Fighter {
        ws: 3,
        s: 3,
        weapon_s: None,
        weapon_save_modifier: None,
        a: 1,
        t: 3,
        w: 1,
        i: 3,
        save: None,
        modifiers: Vec::new(),
    }
}

/// The last log entry: its fight, and its line as shown.
fn last(h: &Harness<'_, Gui>) -> (Fight, String, u64) {
    let app = &h.state().app;
    let e = app.model.battle.log.last().expect("a roll");
    (e.fight.clone(), app.model.prefs.lang.msg(&e.result), e.seed)
}

/// The same seed gives the same line: the log replays.
fn replays(h: &Harness<'_, Gui>) {
    let (fight, line, seed) = last(h);
    let rolled = fight
        .roll(rules(), &mut muster::rules::core::dice::seeded(seed))
        .expect("replay");
    assert_eq!(h.state().app.model.prefs.lang.msg(&rolled.result), line);
}

#[test]
fn cc_14_the_loser_is_pushed_back_with_the_room_behind_him() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    let r = rules();
    // CC-13: the attack alone: the attacker wins when he wounds at all.
    let o = muster::rules::close_combat::odds::close_combat(
        r,
        &muster::rules::close_combat::odds::Blows {
            attacker_ws: 3,
            strength: 3,
            weapon: muster::rules::close_combat::odds::CcWeaponProfile::default(),
            blows: 1,
            defender_ws: 3,
            toughness: 3,
            save: None,
            modifiers: &[],
            helpless: false,
        },
    )
    .expect("odds");
    let won = 1.0 - o.wounds[0];
    assert!(
        h.query_by_label(&format!("Attacker wins {}", percent(won)))
            .is_some()
    );
    assert!(
        h.query_by_label(&format!("Draw {}", percent(o.wounds[0])))
            .is_some()
    );
    // The roll gives the result.
    button(&mut h, "Roll");
    let wounds = h.state().app.model.battle.log[0].wounds;
    assert_eq!(
        h.state().views.battle.close_combat.cc_after.result(),
        close_combat::result(wounds, 0)
    );
    assert!(
        h.query_by_label_contains("Result taken from the last roll: Attacker against Defender")
            .is_some()
    );
    // The defender lost: pushed back 2", nothing behind him.
    click(&mut h, "Attacker won");
    let free = close_combat::push_back(r, None);
    assert!(
        h.query_by_label(&format!(
            "He moves {}\" away, still facing his opponent.",
            free.inches
        ))
        .is_some()
    );
    assert!(
        h.query_by_label("Defender is pushed back (CC-14)")
            .is_some()
    );
    // A wall 1" behind him: he stops there, still pushed back.
    click(
        &mut h,
        "Something stops him behind (wall, door, window, building)",
    );
    let wall = close_combat::push_back(r, Some(1.0));
    assert!(wall.against_wall);
    assert!(
        h.query_by_label(&format!(
            "He moves {}\" and stops with his back to the wall: still pushed back.",
            wall.inches
        ))
        .is_some()
    );
    // A draw: nobody moves.
    click(&mut h, "Draw");
    assert!(
        h.query_by_label_contains("Draw: nobody is pushed back")
            .is_some()
    );
}

#[test]
fn cc_15_the_winner_follows_up_or_stays_on_his_ld_test() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    let r = rules();
    click(&mut h, "Attacker won");
    assert!(
        h.query_by_label("He follows his opponent: +1 to hit next round (CC-9).")
            .is_some()
    );
    click(&mut h, "His opponent was killed");
    assert!(
        h.query_by_label("He stays put for the turn: his opponent was killed.")
            .is_some()
    );
    click(&mut h, "His opponent was killed");
    click(&mut h, "Wants to stay (test against Ld)");
    let p = close_combat::stay_chance(r, 7);
    assert!((p - 21.0 / 36.0).abs() < 1e-12);
    assert!(
        h.query_by_label(&format!(
            "2D6 at or under Ld 7: stays {}, must follow {}",
            percent(p),
            percent(1.0 - p)
        ))
        .is_some()
    );
    button(&mut h, "Roll the stay test");
    let (fight, line, _) = last(&h);
    assert_eq!(
        fight,
        Fight::Table(TableRoll::Melee(MeleeRoll::StayTest { ld: 7 }))
    );
    assert_eq!(
        muster::i18n::Lang::En.msg(&h.state().app.model.battle.log[0].title),
        "Attacker: stay test"
    );
    assert!(line.starts_with("Stay test, at or under Ld 7: "), "{line}");
    assert!(line.contains("Dice: stay test (2D6: "), "{line}");
    replays(&h);
}

#[test]
fn cc_18_breaking_off_its_rout_test_and_the_free_blow_at_ws_1() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    click(&mut h, "Breaking off"); // the tab (CC-18)
    let r = rules();
    let p = close_combat::rout_pass_chance(r, 7, false).expect("chance");
    assert!(
        h.query_by_label(&format!(
            "2D6 at or under Ld 7: breaks off {} (up to 8\" away)",
            percent(p)
        ))
        .is_some()
    );
    assert!(
        h.query_by_label(&format!(
            "routs {} (4\" at once, then 2× the rate, CC-20)",
            percent(1.0 - p)
        ))
        .is_some()
    );
    // The defender's free blow on the attacker breaking off.
    let dist = close_combat::free_blow(r, &plain(), &plain()).expect("free blow");
    assert_eq!(dist.len(), 2, "one blow whatever A");
    assert!(
        h.query_by_label("Defender's free blow: 1 whatever his A, against WS 1")
            .is_some()
    );
    assert!(
        h.query_all_by_label(&format!("1 wound: {}", percent(dist[1])))
            .count()
            >= 1
    );
    button(&mut h, "Roll the break-off");
    let (fight, line, _) = last(&h);
    assert_eq!(
        fight,
        Fight::Table(TableRoll::Melee(MeleeRoll::BreakOff {
            ld: 7,
            m: 4,
            robot: false
        }))
    );
    assert!(line.starts_with("Rout test, at or under Ld 7: "), "{line}");
    assert!(line.contains("Dice: rout test (2D6: "), "{line}");
    replays(&h);
    button(&mut h, "Roll the free blow");
    let (fight, line, _) = last(&h);
    match fight {
        Fight::Table(TableRoll::Melee(MeleeRoll::FreeBlow { by, on })) => {
            assert_eq!((by, on), (plain(), plain()));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        muster::i18n::Lang::En.msg(&h.state().app.model.battle.log[1].title),
        "Defender's free blow on Attacker"
    );
    assert!(line.starts_with("Free blow (1) against WS 1: "), "{line}");
    assert!(line.contains("to hit (D6: "), "{line}");
    replays(&h);
    // A robot takes no rout test (ROB-3).
    click(&mut h, "A robot: no rout test (ROB-3)");
    assert!(
        h.query_by_label("No rout test (ROB-3): breaks off up to 8\" away.")
            .is_some()
    );
}

#[test]
fn cc_19_a_catachan_devil_attacks_with_every_type_and_its_dice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    click(&mut h, "Creature attacker"); // the tab (CC-19)
    let r = rules();
    click(
        &mut h,
        "The attacker is a Catachan Devil: several attack types, dice damage",
    );
    // The small Devil: its four attack types, and its exact wounds.
    assert!(
        h.query_by_label("Stomp ×2: 1 per unsaved hit, any angle (CC-6)")
            .is_some()
    );
    assert!(
        h.query_by_label(
            "Tail ×1: 1D6 against the living, else 1 per unsaved hit, rear or sides, never front (CC-6)"
        )
        .is_some()
    );
    // Its profile is the small Devil's, picked by its size, not typed: WS 3
    // and S 5 strike, whatever the attacker's card says.
    assert!(
        h.query_by_label(
            "Its profile by its size (CC-19): M 4, WS 3, BS 0, S 5, T 5, W 4, I 8, A 5, Ld 10, Int 2, Cl 10, WP 7"
        )
        .is_some()
    );
    assert!(
        h.query_by_label_contains("WS 3 and S 5 from its profile")
            .is_some()
    );
    let devil = close_combat::devil_fighter(r, close_combat::Size::Small, &plain()).expect("small");
    assert_eq!(
        (devil.ws, devil.s, devil.t, devil.w, devil.i, devil.a),
        (3, 5, 5, 4, 8, 5)
    );
    let small = close_combat::creature_wounds(
        r,
        &devil,
        &close_combat::devil_attacks(r, close_combat::Size::Small, None).expect("small"),
        &plain(),
        true,
    )
    .expect("odds");
    assert!(
        h.query_by_label(&format!("At least one wound: {}", percent(1.0 - small[0])))
            .is_some()
    );
    assert!(
        h.query_all_by_label(&format!("4 wounds: {}", percent(small[4])))
            .count()
            >= 1
    );
    // A large adult male whose claws are not known: the mixture.
    click(&mut h, "Large");
    click(
        &mut h,
        "not known: rolled (50 % have claws, 10 % of them fiddlers)",
    );
    assert!(
        h.query_by_label_contains("WS 3 and S 7 from its profile")
            .is_some()
    );
    let big = close_combat::devil_fighter(r, close_combat::Size::Large, &plain()).expect("large");
    assert_eq!((big.s, big.t, big.w, big.a), (7, 7, 8, 9));
    let large = close_combat::large_devil_wounds(r, &big, &plain(), true).expect("odds");
    assert!(
        h.query_by_label(&format!("At least one wound: {}", percent(1.0 - large[0])))
            .is_some()
    );
    button(&mut h, "Roll the creature's attacks");
    let (fight, line, _) = last(&h);
    match &fight {
        Fight::Table(TableRoll::Melee(MeleeRoll::Devil(d))) => {
            assert_eq!(
                (d.size, d.claws),
                (close_combat::Size::Large, Claws::Unknown)
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        muster::i18n::Lang::En.msg(&h.state().app.model.battle.log[0].title),
        "Large Catachan Devil against Defender"
    );
    assert!(line.starts_with("Large Catachan Devil, "), "{line}");
    assert!(line.contains("Stomp ×6: "), "{line}");
    assert!(line.contains("Dice: extra claws (D100: "), "{line}");
    assert!(line.contains("to hit (D6: "), "{line}");
    replays(&h);
}

#[test]
fn cc_21_a_characteristic_test_its_chance_and_roll() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    click(&mut h, "Characteristic test"); // the tab (CC-21)
    let r = rules();
    click(&mut h, "Int (Intelligence)");
    h.state_mut()
        .views
        .battle
        .close_combat
        .cc_after
        .set_test_value(Some(9));
    h.run();
    let p = close_combat::characteristic_test_chance(r, muster::rules::Characteristic::Int, 9)
        .expect("chance");
    assert!((p - 30.0 / 36.0).abs() < 1e-12);
    assert!(
        h.query_by_label(&format!("2D6 at or under Int 9: passes {}", percent(p)))
            .is_some()
    );
    assert!(
        h.query_by_label(&format!("fails {}", percent(1.0 - p)))
            .is_some()
    );
    button(&mut h, "Roll the test");
    let (fight, line, _) = last(&h);
    assert_eq!(
        fight,
        Fight::Table(TableRoll::Melee(MeleeRoll::Test {
            characteristic: muster::rules::Characteristic::Int,
            value: 9
        }))
    );
    assert!(
        line.starts_with("Intelligence test, at or under 9: "),
        "{line}"
    );
    assert!(line.contains("Dice: test (2D6: "), "{line}");
    replays(&h);
}

#[test]
fn cc_1_cc_2_the_charge_reach_and_the_defenders_reaction() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    let r = rules();
    assert_eq!(close_combat::charge_reach(r, 4), 8);
    assert!(
        h.query_by_label("Charge reach 8\" (M 4 × 2), before terrain and encumbrance")
            .is_some()
    );
    click(&mut h, "Flees");
    assert!(
        h.query_by_label_contains("He flees 8\" directly away")
            .is_some()
    );
    click(&mut h, "Stands and shoots");
    assert!(
        h.query_by_label("He shoots before the chargers move, at -1 to hit.")
            .is_some()
    );
    click(&mut h, "His weapon is slow (type S)");
    assert!(h.query_by_label_contains("CC-2: ").is_some());
}

/// At 1024 × 700, in English and in French, the attacker's row of numbers
/// (WS, S, A, weapon S, the weapon's own save modifier) wraps inside his
/// card: "Weapon's own save modifier" no longer runs under the defender's
/// card beside it, and the card keeps to its half of the screen.
#[test]
fn at_1024_wide_the_attackers_numbers_wrap_inside_his_card() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT as _;
    for lang in Lang::ALL {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .size(1024.0, 700.0)
            .open();
        h.state_mut().app.apply(Command::Show(Screen::Battle));
        h.run();
        // The pieces' widths are measured the frame before.
        h.run();
        let bounds = |label: &str| {
            h.get_by_role_and_label(Role::CheckBox, label)
                .accesskit_node()
                .raw_bounds()
                .expect("bounds")
        };
        let own = bounds(lang.t("battle.weapon_save_modifier"));
        let defender = bounds(lang.t("battle.side.defender_character"));
        assert!(
            own.x1 < defender.x0,
            "{}: the attacker's checkbox {own:?} runs under the defender's card {defender:?}",
            lang.code()
        );
    }
}

/// The battle log sets a dash between a roll's title and its result, as
/// the last-roll bar does: "… against Cult champion 1 — 1 attack, …", not
/// "Cult champion 1 1 attack".
#[test]
fn the_battle_log_parts_a_rolls_title_from_its_result_with_a_dash() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path());
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run();
    let e = h.state().app.model.battle.log[0].clone();
    let (title, result) = (Lang::En.msg(&e.title), Lang::En.msg(&e.result));
    let at = |label: &str| {
        h.get_by_label(label)
            .accesskit_node()
            .raw_bounds()
            .expect("bounds")
    };
    let (t, r) = (at(&title), at(&result));
    let dash = h
        .query_all_by_label("—")
        .filter_map(|n| n.accesskit_node().raw_bounds())
        .find(|d| (d.y0 - t.y0).abs() < 2.0 && d.x0 >= t.x1 && d.x1 <= r.x0);
    assert!(dash.is_some(), "a dash between {t:?} and {r:?}");
}
