//! Models engaged in close combat (CC-3, CC-4): every member within 2" of
//! another, coherency from the gaps measured at the table, a charger
//! switching targets when his flees, only close-combat weapons fighting.

use muster::rules::ProblemKind;
use muster::rules::close_combat::engagement::{
    CcWeapon, Enemy, Position, armed, check_cc_weapon, check_coherency, out_of_coherency,
    out_of_coherency_by_gap, switch_targets,
};
use muster::rules::close_combat::odds::CcWeaponProfile;
use muster::rules::robots::UnitKind;

fn at(x: f64, y: f64) -> Position {
    Position { x, y }
}

#[test]
fn cc_3_every_member_stays_within_2_inches_of_another() {
    // A line 2" apart is coherent, exactly 2" included.
    let line = [at(0.0, 0.0), at(2.0, 0.0), at(4.0, 0.0)];
    assert_eq!(
        out_of_coherency(&line, UnitKind::Creatures).expect("ok"),
        Vec::<usize>::new()
    );
    assert!(check_coherency(&line, UnitKind::Creatures).is_ok());
    // One straggler 2.5" from the nearest.
    let straggler = [at(0.0, 0.0), at(1.5, 0.0), at(1.5, 2.5)];
    assert_eq!(
        out_of_coherency(&straggler, UnitKind::Creatures).expect("ok"),
        vec![2]
    );
    let p = check_coherency(&straggler, UnitKind::Creatures).expect_err("out");
    assert_eq!(p.rule, "CC-3");
    // Two pairs far apart: each member has a fellow within 2" (the
    // rule asks no more of each member).
    let pairs = [at(0.0, 0.0), at(1.0, 0.0), at(10.0, 0.0), at(11.0, 0.0)];
    assert!(
        out_of_coherency(&pairs, UnitKind::Creatures)
            .expect("ok")
            .is_empty()
    );
    // A unit of one is coherent; robots ignore the rule (ROB-4).
    assert!(
        out_of_coherency(&[at(0.0, 0.0)], UnitKind::Creatures)
            .expect("ok")
            .is_empty()
    );
    assert!(
        out_of_coherency(&straggler, UnitKind::Robots)
            .expect("ok")
            .is_empty()
    );
    // A position that is no number is refused, not a panic.
    let bad = [at(0.0, 0.0), at(f64::NAN, 1.0)];
    assert_eq!(
        out_of_coherency(&bad, UnitKind::Creatures)
            .expect_err("bad")
            .rule,
        "CC-3"
    );
}

#[test]
fn cc_3_coherency_from_the_gaps_measured_at_the_table() {
    // Each member's distance to his nearest fellow: 2" exactly is in,
    // 2.1" is out; the same straggler as by positions.
    let gaps = [1.5, 2.0, 2.1, 0.5];
    assert_eq!(
        out_of_coherency_by_gap(&gaps, UnitKind::Creatures).expect("ok"),
        vec![2]
    );
    let straggler = [at(0.0, 0.0), at(1.5, 0.0), at(1.5, 2.5)];
    let measured: Vec<f64> = straggler
        .iter()
        .enumerate()
        .map(|(i, p)| {
            straggler
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, q)| p.distance(*q))
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    assert_eq!(
        out_of_coherency_by_gap(&measured, UnitKind::Creatures).expect("ok"),
        out_of_coherency(&straggler, UnitKind::Creatures).expect("ok")
    );
    // A unit of one is coherent; robots ignore the rule (ROB-4).
    assert!(
        out_of_coherency_by_gap(&[9.0], UnitKind::Creatures)
            .expect("ok")
            .is_empty()
    );
    assert!(
        out_of_coherency_by_gap(&gaps, UnitKind::Robots)
            .expect("ok")
            .is_empty()
    );
    // A gap that is no number, or negative, is refused with the member.
    for bad in [f64::NAN, f64::INFINITY, -1.0] {
        let p = out_of_coherency_by_gap(&[1.0, bad], UnitKind::Creatures).expect_err("bad");
        assert_eq!((p.rule.as_ref(), p.kind), ("CC-3", ProblemKind::BadGap));
    }
}

#[test]
fn cc_3_a_charger_whose_target_flees_may_switch_within_reach() {
    let enemies = [
        Enemy {
            distance: 3.0,
            fled: true,
        },
        Enemy {
            distance: 7.0,
            fled: false,
        },
        Enemy {
            distance: 5.0,
            fled: false,
        },
        Enemy {
            distance: 9.0,
            fled: false,
        },
    ];
    // M 4 charges 8": the two that stood, nearest first.
    assert_eq!(switch_targets(8, &enemies), vec![2, 1]);
    assert!(switch_targets(4, &enemies).is_empty());
}

#[test]
fn cc_4_only_c_type_weapons_fight_in_close_combat() {
    // A power sword (S 5) and a pistol are used.
    let sword = armed(CcWeapon::Melee, CcWeaponProfile::of_s(Some(5)));
    assert_eq!(sword.weapon.s, Some(5));
    assert!(!sword.improvised && sword.refused.is_none());
    assert!(!armed(CcWeapon::Pistol, CcWeaponProfile::default()).improvised);
    assert!(check_cc_weapon(CcWeapon::Pistol).is_ok());
    // A lasgun is not: set aside, naming the rule, and the blow is
    // improvised; its S is never used.
    let rifle = armed(CcWeapon::Other, CcWeaponProfile::of_s(Some(7)));
    assert_eq!(rifle.weapon.s, None);
    assert!(rifle.improvised);
    assert_eq!(
        rifle.refused.as_ref().map(|p| p.rule.as_ref()),
        Some("CC-4")
    );
    assert_eq!(
        check_cc_weapon(CcWeapon::Other).expect_err("not C").rule,
        "CC-4"
    );
    // No weapon at all: improvised, nothing refused.
    let bare = armed(CcWeapon::Nothing, CcWeaponProfile::default());
    assert!(bare.improvised && bare.refused.is_none());
}
