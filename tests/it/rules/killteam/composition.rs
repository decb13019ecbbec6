//! A kill team's composition: its size in soldier equivalents, one
//! sergeant, the special and heavy weapons it may carry, who may take which
//! item and ribbon, and the weapon changes that exclude each other.

use super::{applied, carried, legal, refused, rules_broken, soldier};
use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::core::dice::seeded;
use muster::rules::killteam::{KillTeam, derive};
use muster::rules::{Document, KillTeamEdit};

#[test]
fn kt_1_a_team_counts_its_size_in_soldier_equivalents() {
    assert!(
        legal().validate(rules()).is_empty(),
        "{:?}",
        legal().validate(rules())
    );
    let mut eight = legal();
    eight.soldiers.push(soldier(8, "guardsman", "lasgun"));
    assert_eq!(rules_broken(&eight), vec!["KT-1"]);
    // The size is a setting of the team: 8 is legal in a team of 8.
    eight.team_size = Some(8);
    assert!(rules_broken(&eight).is_empty());
    // KT-4: a Space Marine counts 3: sergeant + 3 guardsmen + marine = 7.
    let mut marines = KillTeam::new("m", "M");
    marines.soldiers.push(soldier(1, "sergeant", "laspistol"));
    for id in 2..=4 {
        marines.soldiers.push(soldier(id, "guardsman", "lasgun"));
    }
    marines.soldiers.push(soldier(5, "space_marine", "bolter"));
    assert!(
        rules_broken(&marines).is_empty(),
        "{:?}",
        rules_broken(&marines)
    );
    let c = marines.composition(&rules().killteam);
    assert_eq!((c.equivalents, c.size), (7, 7));
}

#[test]
fn kt_2_exactly_one_sergeant() {
    let mut none = legal();
    none.soldiers[0] = soldier(1, "guardsman", "lasgun");
    assert_eq!(rules_broken(&none), vec!["KT-2"]);
    let mut two = legal();
    two.soldiers[1] = soldier(2, "sergeant", "laspistol");
    assert_eq!(rules_broken(&two), vec!["KT-2"]);
}

#[test]
fn kt_3_at_most_three_special_weapons_one_weapons_team_one_heavy_weapon() {
    let mut four = legal();
    for id in 2..=5 {
        four.soldiers[usize::try_from(id - 1).unwrap_or(0)] =
            soldier(id, "special_weapon_trooper", "flamer");
    }
    assert_eq!(four.composition(&rules().killteam).special_weapons, 4);
    assert_eq!(rules_broken(&four), vec!["KT-3"]);
    let mut three = four.clone();
    three.soldiers[4] = soldier(5, "guardsman", "lasgun");
    assert!(rules_broken(&three).is_empty());

    let mut teams = legal();
    teams.soldiers[1] = soldier(2, "weapons_team", "heavy_bolter");
    teams.soldiers[2] = soldier(3, "weapons_team", "mortar");
    let broken = rules_broken(&teams);
    assert!(
        broken.iter().all(|r| r == "KT-3") && broken.len() == 2,
        "{broken:?}"
    );
    let problems = teams.validate(rules());
    assert!(
        problems
            .iter()
            .any(|p| p.kind == ProblemKind::TooManyWeaponsTeams)
    );
    assert!(
        problems
            .iter()
            .any(|p| p.kind == ProblemKind::TooManyHeavyWeapons)
    );
}

#[test]
fn rib_9_strongman_carries_a_heavy_weapon_but_the_team_keeps_one_in_all() {
    let t = legal();
    // A guardsman may not take a heavy weapon, unless he is a Strongman.
    let p = refused(&t, KillTeamEdit::SetWeapon(2, "heavy_stubber".into()));
    assert_eq!(p.rule, "RIB-9");
    let t = applied(&t, KillTeamEdit::SetRibbon(2, Some("strongman".into())));
    let t = applied(&t, KillTeamEdit::SetWeapon(2, "heavy_stubber".into()));
    assert!(rules_broken(&t).is_empty());
    // Strongman plus a weapons team, each with a heavy weapon: two in all.
    let mut both = t.clone();
    both.soldiers[2] = soldier(3, "weapons_team", "heavy_bolter");
    let problems = both.validate(rules());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].rule, "KT-3");
    assert_eq!(problems[0].kind, ProblemKind::TooManyHeavyWeapons);
    // His ribbon cannot be taken away while he holds it.
    let p = refused(&t, KillTeamEdit::SetRibbon(2, None));
    assert_eq!(p.rule, "RIB-9");
}

#[test]
fn eq_28_a_bolter_is_for_the_sergeant_only() {
    let t = legal();
    let p = refused(&t, KillTeamEdit::AddItem(2, carried("bolter")));
    assert_eq!(p.rule, "EQ-28");
    let t = applied(&t, KillTeamEdit::AddItem(1, carried("bolter")));
    assert_eq!(t.soldiers[0].items[0].weapon, Some("bolter".into()));
    // A file that gives one to a trooper anyway is told why.
    let mut file = legal();
    file.soldiers[1].items.push(carried("bolter"));
    assert_eq!(rules_broken(&file), vec!["EQ-28"]);
    // The bolter is the sergeant's item, not a main weapon beside it: the
    // main-weapon route is refused, to him and to a trooper, naming EQ-28.
    let p = refused(&legal(), KillTeamEdit::SetWeapon(1, "bolter".into()));
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("EQ-28", ProblemKind::WeaponByItemOnly)
    );
    let p = refused(&legal(), KillTeamEdit::SetWeapon(2, "bolter".into()));
    assert_eq!(p.rule, "EQ-28");
    let mut file = legal();
    file.soldiers[0].weapon = "bolter".into();
    assert_eq!(rules_broken(&file), vec!["EQ-28"]);
    // A Space Marine's own bolter stays his main weapon.
    let mut marines = legal();
    marines.soldiers[1] = soldier(2, "space_marine", "bolter");
    marines.soldiers.truncate(5);
    assert!(
        rules_broken(&marines).is_empty(),
        "{:?}",
        rules_broken(&marines)
    );
}

#[test]
fn eq_8_eq_9_close_combat_weapons_pistols_and_grenades_are_not_main_weapons() {
    let t = legal();
    for (weapon, rule) in [
        ("chainsword", "EQ-8"),
        ("power_sword", "EQ-8"),
        ("laspistol", "EQ-9"),
        ("bolt_pistol", "EQ-9"),
        ("frag_grenade", "KT-14"),
    ] {
        let p = refused(&t, KillTeamEdit::SetWeapon(2, weapon.into()));
        assert_eq!(
            (p.rule.as_ref(), p.kind),
            (rule, ProblemKind::NotAMainWeapon),
            "{weapon}"
        );
    }
    // A file that gives a trooper a chainsword as his weapon is told why.
    let mut file = legal();
    file.soldiers[1].weapon = "chainsword".into();
    assert_eq!(rules_broken(&file), vec!["EQ-8"]);
    // The sergeant's own laspistol is his basic kit (legal() is legal).
    assert!(rules_broken(&legal()).is_empty());
    // They come as an item on top of the basic kit.
    let t = applied(&t, KillTeamEdit::AddItem(2, carried("close_combat_weapon")));
    let t = applied(&t, KillTeamEdit::SetItemWeapon(2, 0, "power_sword".into()));
    assert_eq!(t.soldiers[1].weapon, "lasgun");
    assert_eq!(t.soldiers[1].items[0].weapon, Some("power_sword".into()));
    let t = applied(&legal(), KillTeamEdit::AddItem(3, carried("pistol")));
    let t = applied(&t, KillTeamEdit::SetItemWeapon(3, 0, "bolt_pistol".into()));
    assert!(rules_broken(&t).is_empty(), "{:?}", rules_broken(&t));
}

#[test]
fn eq_31_the_command_insignia_is_for_the_sergeant_only() {
    let p = refused(
        &legal(),
        KillTeamEdit::AddItem(3, carried("command_insignia")),
    );
    assert_eq!(p.rule, "EQ-31");
    assert!(
        legal()
            .apply(
                KillTeamEdit::AddItem(1, carried("command_insignia")),
                rules(),
                &mut seeded(1)
            )
            .is_ok()
    );
}

#[test]
fn eq_27_a_jump_pack_is_for_space_marines_only() {
    let p = refused(&legal(), KillTeamEdit::AddItem(2, carried("jump_pack")));
    assert_eq!(p.rule, "EQ-27");
    // KT-19: a Terminator is no Space Marine for the jump pack.
    let mut terminators = legal();
    terminators.soldiers[1] = soldier(2, "terminator", "storm_bolter");
    let p = refused(&terminators, KillTeamEdit::AddItem(2, carried("jump_pack")));
    assert_eq!(p.rule, "EQ-27");
    let mut t = legal();
    t.soldiers[1] = soldier(2, "space_marine", "bolter");
    assert!(
        t.apply(
            KillTeamEdit::AddItem(2, carried("jump_pack")),
            rules(),
            &mut seeded(1)
        )
        .is_ok()
    );
}

#[test]
fn eq_4_a_combi_weapon_only_for_a_special_weapon_carrier() {
    let p = refused(&legal(), KillTeamEdit::AddItem(2, carried("combi_weapon")));
    assert_eq!(p.rule, "EQ-4");
    let t = applied(
        &legal(),
        KillTeamEdit::SetKind(2, "special_weapon_trooper".into()),
    );
    let t = applied(&t, KillTeamEdit::SetWeapon(2, "meltagun".into()));
    let t = applied(&t, KillTeamEdit::AddItem(2, carried("combi_weapon")));
    let d = derive(&rules().killteam, &t.soldiers[1]).expect("derived");
    assert_eq!(d.weapons.len(), 2, "both weapons of the combi");
}

#[test]
fn rib_4_a_specialist_takes_two_different_items() {
    let t = legal();
    // One item without the ribbon (KT-5).
    let t = applied(&t, KillTeamEdit::AddItem(2, carried("medikit")));
    let p = refused(&t, KillTeamEdit::AddItem(2, carried("sight")));
    assert_eq!(p.rule, "KT-5");
    let t = applied(&t, KillTeamEdit::SetRibbon(2, Some("specialist".into())));
    let p = refused(&t, KillTeamEdit::AddItem(2, carried("medikit")));
    assert_eq!(p.rule, "RIB-4");
    let t = applied(&t, KillTeamEdit::AddItem(2, carried("sight")));
    assert_eq!(t.soldiers[1].items.len(), 2);
    assert!(rules_broken(&t).is_empty());
    // The same item twice in a file.
    let mut file = legal();
    file.soldiers[1].ribbon = Some("specialist".into());
    file.soldiers[1].items = vec![carried("medikit"), carried("medikit")];
    assert_eq!(rules_broken(&file), vec!["RIB-4"]);
    // The ribbon cannot go while he carries two.
    let p = refused(&t, KillTeamEdit::SetRibbon(2, None));
    assert_eq!(p.rule, "RIB-4");
}

#[test]
fn rib_6_explosives_expert_doubles_a_mine_a_chem_bomb_or_a_flash_grenade() {
    let t = legal();
    let p = refused(
        &t,
        KillTeamEdit::SetRibbon(2, Some("explosives_expert".into())),
    );
    assert_eq!(p.rule, "RIB-6");
    for item in ["mine", "chem_bomb", "flash_grenade"] {
        let t = applied(&t, KillTeamEdit::AddItem(2, carried(item)));
        let t = applied(
            &t,
            KillTeamEdit::SetRibbon(2, Some("explosives_expert".into())),
        );
        let d = derive(&rules().killteam, &t.soldiers[1]).expect("derived");
        assert!(
            d.item_counts.contains(&(item.into(), 2)),
            "{item}: {:?}",
            d.item_counts
        );
    }
    // Without the ribbon, one.
    let t = applied(&t, KillTeamEdit::AddItem(2, carried("mine")));
    let d = derive(&rules().killteam, &t.soldiers[1]).expect("derived");
    assert!(d.item_counts.contains(&("mine".into(), 1)));
}

#[test]
fn kt_5_no_ribbon_on_a_vehicle() {
    let mut t = KillTeam::new("v", "V");
    t.team_size = Some(11);
    t.soldiers.push(soldier(1, "sergeant", "laspistol"));
    t.soldiers.push(soldier(2, "vehicle", "multi_laser"));
    let p = refused(&t, KillTeamEdit::SetRibbon(2, Some("endurance".into())));
    assert_eq!(p.rule, "KT-5");
    let mut file = t.clone();
    file.soldiers[1].ribbon = Some("endurance".into());
    assert!(rules_broken(&file).contains(&"KT-5".to_owned()));
    // A soldier who becomes a vehicle loses his ribbon.
    let t = applied(
        &legal(),
        KillTeamEdit::SetRibbon(3, Some("sprinter".into())),
    );
    let t = applied(&t, KillTeamEdit::SetKind(3, "vehicle".into()));
    assert_eq!(t.soldiers[2].ribbon, None);
    assert_eq!(t.soldiers[2].weapon, "multi_laser");
}

#[test]
fn eq_5_eq_20_eq_2_weapon_changes_exclude_each_other() {
    let t = applied(&legal(), KillTeamEdit::AddItem(2, carried("silencer")));
    let d = derive(&rules().killteam, &t.soldiers[1]).expect("derived");
    let lasgun = &d.weapons[0];
    assert_eq!(
        lasgun.range_inches, 12,
        "a silencer halves the lasgun's 24\""
    );
    assert_eq!(lasgun.shots.to_string(), "3");
    assert_eq!(lasgun.changed_by, vec!["EQ-5".to_owned()]);
    let t = applied(&t, KillTeamEdit::SetRibbon(2, Some("specialist".into())));
    let p = refused(&t, KillTeamEdit::AddItem(2, carried("special_magazine")));
    assert_eq!(p.rule, "EQ-20");
    let magazine = applied(
        &legal(),
        KillTeamEdit::AddItem(2, carried("special_magazine")),
    );
    let d = derive(&rules().killteam, &magazine.soldiers[1]).expect("derived");
    assert_eq!(
        (d.weapons[0].shots.to_string(), d.weapons[0].range_inches),
        ("2".to_owned(), 24)
    );
    let scope = applied(&legal(), KillTeamEdit::AddItem(2, carried("sniper_scope")));
    let d = derive(&rules().killteam, &scope.soldiers[1]).expect("derived");
    assert!(d.weapons[0].sniper);
    assert_eq!(d.weapons[0].range_inches, 36);
    let ammo = applied(
        &legal(),
        KillTeamEdit::AddItem(2, carried("special_ammunition")),
    );
    let d = derive(&rules().killteam, &ammo.soldiers[1]).expect("derived");
    assert_eq!(d.weapons[0].ap, -2, "EQ-21");
}

#[test]
fn eq_24_eq_26_armour_and_shield_give_one_save_whatever_their_order() {
    let data = rules().killteam.clone();
    let with = |items: &[&str]| {
        let mut s = soldier(1, "guardsman", "lasgun");
        s.ribbon = Some("specialist".into());
        s.items = items.iter().map(|i| carried(i)).collect();
        derive(&data, &s).expect("derived")
    };
    // The shield's 3+ is the bearer's save; the armour betters it by 1.
    let armour_first = with(&["armour", "shield"]);
    let shield_first = with(&["shield", "armour"]);
    assert_eq!(armour_first.profile.save, 2);
    assert_eq!(shield_first.profile.save, 2);
    assert_eq!(armour_first.profile, shield_first.profile);
}

#[test]
fn kt_4_every_kind_counts_its_equivalents() {
    let data = rules().killteam.clone();
    let eq = |kind: &str| data.kind(kind).expect("kind").equivalents;
    assert_eq!(
        [
            eq("guardsman"),
            eq("tempestus_scion"),
            eq("space_marine"),
            eq("terminator"),
            eq("vehicle")
        ],
        [1, 2, 3, 5, 10]
    );
}
