//! CC-12: a close-combat weapon's own save modifier. A weapon whose data
//! gives one modifies the save by it instead of by the S table (PSY-3's),
//! in the odds, the round, the exact fight, the simulation and the rolls
//! alike; a save modified to 7+ is lost.

use crate::common::rules;
use muster::rules::battle::scenario::Scenario;
use muster::rules::close_combat::fight_exact::fight_exact;
use muster::rules::close_combat::odds::{
    Blows, CcWeaponProfile, Fighter, SaveModifierBy, cc_save_modifier, close_combat, round,
};
use muster::rules::close_combat::simulate::{SimSide, fight_to_the_end};
use muster::rules::core::dice::seeded;

/// A power axe (S 6) with its own -2, as a weapon's data may give it.
const AXE: CcWeaponProfile = CcWeaponProfile {
    s: Some(6),
    save_modifier: Some(-2),
};

fn axeman(own: Option<i32>) -> Fighter {
    Fighter {
        ws: 4,
        s: 3,
        weapon_s: Some(6),
        weapon_save_modifier: own,
        a: 2,
        t: 3,
        w: 1,
        i: 3,
        save: Some(4),
        modifiers: Vec::new(),
    }
}

/// One blow of a WS 4, S 3 fighter with `weapon` at a WS 4, T 3 defender
/// with the armour save `save`.
fn blow(weapon: CcWeaponProfile, save: Option<i32>) -> Blows<'static> {
    Blows {
        attacker_ws: 4,
        strength: 3,
        weapon,
        blows: 1,
        defender_ws: 4,
        toughness: 3,
        save,
        modifiers: &[],
        helpless: false,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn cc_12_a_power_axe_s_own_modifier_replaces_the_s_table() {
    let r = rules();
    // The S table at S 6 gives -3: a 4+ save would be lost (7+).
    assert_eq!(r.save_modifier(6), -3);
    assert_eq!(
        cc_save_modifier(r, 3, CcWeaponProfile::of_s(Some(6))),
        (-3, SaveModifierBy::Strength(6))
    );
    let by_s = close_combat(r, &blow(CcWeaponProfile::of_s(Some(6)), Some(4))).expect("odds");
    assert_eq!(by_s.score_to_save, None, "7+: lost");
    // The axe's own -2: the 4+ save becomes 6+, whatever its S.
    assert_eq!(cc_save_modifier(r, 3, AXE), (-2, SaveModifierBy::Weapon));
    let own = close_combat(r, &blow(AXE, Some(4))).expect("odds");
    assert_eq!(own.score_to_save, Some(6));
    assert_eq!(own.score_to_wound, by_s.score_to_wound, "S 6 still wounds");
    assert!(close(own.unsaved, own.hit * own.wound * (1.0 - 1.0 / 6.0)));
    // An own modifier of 0 is one too: the save is not worsened at all.
    let none = CcWeaponProfile {
        save_modifier: Some(0),
        ..AXE
    };
    let o = close_combat(r, &blow(none, Some(4))).expect("odds");
    assert_eq!(o.score_to_save, Some(4));
}

#[test]
fn cc_12_a_save_modified_to_seven_by_the_weapon_is_lost() {
    let r = rules();
    // A S 4 sword with its own -4 against 3+: 7+, lost, where the S table
    // (-1) leaves 4+.
    let sword = CcWeaponProfile {
        s: Some(4),
        save_modifier: Some(-4),
    };
    let o = close_combat(r, &blow(sword, Some(3))).expect("odds");
    assert_eq!(o.score_to_save, None);
    assert!(close(o.unsaved, o.hit * o.wound));
    let table = close_combat(r, &blow(CcWeaponProfile::of_s(Some(4)), Some(3))).expect("odds");
    assert_eq!(table.score_to_save, Some(4));
    // One step less, 6+: kept.
    let six = CcWeaponProfile {
        save_modifier: Some(-3),
        ..sword
    };
    let o = close_combat(r, &blow(six, Some(3))).expect("odds");
    assert_eq!(o.score_to_save, Some(6));
}

#[test]
fn cc_12_the_round_the_exact_fight_and_the_simulation_use_the_weapon_s_own_modifier() {
    let r = rules();
    let (axe, plain) = (axeman(Some(-2)), axeman(None));
    let foe = Fighter {
        weapon_s: None,
        a: 1,
        ..axeman(None)
    };
    // One blow of the axe through the foe's 4+: 6+ with its own -2.
    let p_blow = |f: &Fighter| {
        close_combat(
            r,
            &Blows {
                attacker_ws: f.ws,
                strength: f.s,
                weapon: f.weapon(),
                blows: 1,
                defender_ws: foe.ws,
                toughness: foe.t,
                save: foe.save,
                modifiers: &[],
                helpless: false,
            },
        )
        .expect("odds")
        .unsaved
    };
    let u = p_blow(&axe);
    assert!(u < p_blow(&plain), "the table's 7+ loses the save");
    // The round: two blows, the foe's one wound.
    let p = 1.0 - (1.0 - u) * (1.0 - u);
    let q = p_blow(&foe);
    let rd = round(r, &axe, &foe).expect("round");
    assert!(close(rd.second_dies, p), "{rd:?}");
    // The exact fight of one round agrees with the round's odds…
    let side = |f: &Fighter| SimSide {
        models: vec![f.clone()],
        ld: None,
    };
    let o = fight_exact(r, &side(&axe), &side(&foe), 1)
        .expect("odds")
        .expect("few states");
    assert!(close(o.round_one_second_wiped, p), "{o:?}");
    assert!(close(o.first_wins, p * (1.0 - q)));
    let by_table = fight_exact(r, &side(&plain), &side(&foe), 1)
        .expect("odds")
        .expect("few states");
    assert!(by_table.first_wins > o.first_wins + 0.01);
    // …and so does the simulation, within its interval.
    let sim = fight_to_the_end(r, &side(&axe), &side(&foe), 1, 200_000, &mut seeded(7))
        .expect("simulated");
    assert!(sim.first_wins.contains(o.first_wins), "{sim:?}");
    assert!(!sim.first_wins.contains(by_table.first_wins), "{sim:?}");
}

#[test]
fn cc_12_a_seeded_roll_saves_on_the_score_the_weapon_s_own_modifier_gives() {
    use muster::rules::battle::roll;
    let r = rules();
    let text = r#"{"kind": "close_combat",
 "attacker": {"ws": 10, "s": 3, "a": 6, "weapon_s": 6, "weapon_save_modifier": -2},
 "defender": {"ws": 1, "t": 3, "save": 4}}"#;
    let s = Scenario::parse(text).expect("scenario");
    let (mut saves, mut kept) = (0, 0);
    for seed in 0..40 {
        let a = roll(r, &s, &mut seeded(seed)).expect("rolled");
        assert_eq!(a.odds.score_to_save, Some(6));
        let faces: Vec<i32> = a
            .rolls
            .iter()
            .filter(|d| d.purpose == "battle.for.save")
            .map(|d| d.roll.total)
            .collect();
        // A save die for every wound, saved on 6 only.
        assert_eq!(faces.len(), a.attacks.iter().filter(|x| x.wounded).count());
        let saved = a.attacks.iter().filter(|x| x.saved).count();
        assert_eq!(saved, faces.iter().filter(|&&f| f >= 6).count());
        saves += faces.len();
        kept += saved;
    }
    assert!(saves > 50 && kept > 0, "{saves} saves, {kept} kept");
    // Without its own modifier the table's -3 loses the save: no save die.
    let table =
        Scenario::parse(&text.replace(", \"weapon_save_modifier\": -2", "")).expect("scenario");
    let a = roll(r, &table, &mut seeded(1)).expect("rolled");
    assert!(a.rolls.iter().all(|d| d.purpose != "battle.for.save"));
}

/// CC-11 with CC-12 « utilisez la force de la créature »: a wielder
/// stronger than his weapon strikes at his own S, and the save is modified
/// by the better of the weapon's own modifier and the S table's at his S,
/// for him: an S7 creature with a chainsword (S4, its own -1) saves the
/// target at -4, as bare-handed; a weak wielder keeps his weapon's own.
#[test]
fn cc_11_cc_12_a_stronger_creature_strikes_at_its_own_s_with_the_better_modifier() {
    let r = rules();
    let chainsword = CcWeaponProfile {
        s: Some(4),
        save_modifier: Some(-1),
    };
    let table_7 = r.save_modifier(7);
    assert!(table_7 < -1, "the S table at S7 beats the chainsword's -1");
    assert_eq!(
        cc_save_modifier(r, 7, chainsword),
        (table_7, SaveModifierBy::Strength(7))
    );
    assert_eq!(
        cc_save_modifier(r, 7, CcWeaponProfile::default()),
        (table_7, SaveModifierBy::Strength(7)),
        "bare-handed, the same"
    );
    // The same chainsword in the hand of a man of S3: its own -1.
    assert_eq!(
        cc_save_modifier(r, 3, chainsword),
        (-1, SaveModifierBy::Weapon)
    );
    // A stronger wielder whose weapon's own modifier is better still keeps it.
    let blade = CcWeaponProfile {
        s: Some(4),
        save_modifier: Some(-6),
    };
    assert_eq!(cc_save_modifier(r, 5, blade), (-6, SaveModifierBy::Weapon));
    // In the odds: the S7 creature's blow with the chainsword, a 4+ save
    // worsened by the table's modifier.
    let odds = close_combat(
        r,
        &Blows {
            strength: 7,
            ..blow(chainsword, Some(4))
        },
    )
    .expect("odds");
    let lost = 4 - table_7 >= 7;
    assert_eq!(odds.score_to_save, (!lost).then_some((4 - table_7).max(2)));
}
