//! Kill teams: composition (KT-1 … KT-5), each item's and ribbon's
//! restrictions (EQ-*, RIB-*), the derived profile (KT-6), VP (KT-21), the
//! example team and `muster check` on kill teams.

mod activation;
mod close_combat;
mod house_values;
mod items;
mod odds;
mod ribbons;
mod shot_gear;
mod turn;

use crate::common::rules;
use muster::rules::core::dice::seeded;
use muster::rules::killteam::{Carried, KillTeam, Soldier, derive};
use muster::rules::{Document, KillTeamEdit, Problem};

fn soldier(id: u64, kind: &str, weapon: &str) -> Soldier {
    Soldier {
        id,
        name: format!("S{id}"),
        kind: kind.into(),
        weapon: weapon.into(),
        items: Vec::new(),
        ribbon: None,
    }
}

fn carried(item: &str) -> Carried {
    Carried {
        item: item.into(),
        weapon: None,
    }
}

/// A legal team: a sergeant and six guardsmen (7 equivalents).
fn legal() -> KillTeam {
    let mut t = KillTeam::new("t", "Team");
    t.soldiers.push(soldier(1, "sergeant", "laspistol"));
    for id in 2..=7 {
        t.soldiers.push(soldier(id, "guardsman", "lasgun"));
    }
    t
}

fn rules_broken(t: &KillTeam) -> Vec<String> {
    t.validate(rules())
        .iter()
        .map(|p: &Problem| p.rule.to_string())
        .collect()
}

fn refused(t: &KillTeam, edit: KillTeamEdit) -> Problem {
    t.apply(edit, rules(), &mut seeded(1))
        .expect_err("the edit is refused")
}

fn applied(t: &KillTeam, edit: KillTeamEdit) -> KillTeam {
    t.apply(edit, rules(), &mut seeded(1)).expect("accepted").0
}

/// A soldier's kind, weapon, items and ribbon are written in a team's
/// file as their text, and read back as they were.
#[test]
fn a_soldiers_ids_are_written_as_their_text() {
    let mut s = soldier(3, "special_weapon_trooper", "meltagun");
    s.items.push(Carried {
        item: "combi_weapon".into(),
        weapon: Some("plasma_gun".into()),
    });
    s.ribbon = Some("specialist".into());
    let text = serde_json::to_string(&s).expect("written");
    assert_eq!(
        text,
        r#"{"id":3,"name":"S3","kind":"special_weapon_trooper","weapon":"meltagun","items":[{"item":"combi_weapon","weapon":"plasma_gun"}],"ribbon":"specialist"}"#
    );
    assert_eq!(serde_json::from_str::<Soldier>(&text).expect("read"), s);
}

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
    assert!(problems.iter().any(|p| p.key == "kt.problem.weapons_teams"));
    assert!(problems.iter().any(|p| p.key == "kt.problem.heavy_weapons"));
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
    assert_eq!(problems[0].key, "kt.problem.heavy_weapons");
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
        (p.rule.as_ref(), p.key),
        ("EQ-28", "kt.problem.weapon_by_item_only")
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
            (p.rule.as_ref(), p.key),
            (rule, "kt.problem.not_a_main_weapon"),
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
fn kt_6_derived_profiles_count_every_ribbon_and_item() {
    let data = rules().killteam.clone();
    let with = |kind: &str, ribbon: Option<&str>, items: &[&str]| {
        let mut s = soldier(
            1,
            kind,
            data.kind(kind).expect("kind").default_weapon.as_str(),
        );
        s.ribbon = ribbon.map(Into::into);
        s.items = items.iter().map(|i| carried(i)).collect();
        derive(&data, &s).expect("derived")
    };
    let plain = with("guardsman", None, &[]);
    assert_eq!(
        (
            plain.profile.wounds,
            plain.profile.save,
            plain.profile.close_combat
        ),
        (3, 5, 4),
        "KT-6: 3 wounds, a 5+ save, close combat 4+"
    );
    assert!(plain.changes.is_empty());
    // RIB-2 Endurance: +1 wound.
    let d = with("guardsman", Some("endurance"), &[]);
    assert_eq!(d.profile.wounds, 4);
    assert_eq!(d.changed_by("wounds"), vec!["RIB-2"]);
    // Endurance on a Space Marine: 9 + 1 (KT-19).
    assert_eq!(
        with("space_marine", Some("endurance"), &[]).profile.wounds,
        10
    );
    // RIB-7 Sprinter: +3" M.
    assert_eq!(
        with("guardsman", Some("sprinter"), &[]).profile.move_inches,
        plain.profile.move_inches + 3
    );
    // RIB-8 Brute: close combat 3+, +1 S, +1 T.
    let brute = with("guardsman", Some("brute"), &[]);
    assert_eq!(
        (
            brute.profile.close_combat,
            brute.profile.strength,
            brute.profile.toughness
        ),
        (3, plain.profile.strength + 1, plain.profile.toughness + 1)
    );
    // EQ-24 Armour: +1 save, +1 T, -2" M.
    let armour = with("guardsman", None, &["armour"]);
    assert_eq!(armour.profile.save, 4);
    assert_eq!(armour.profile.toughness, plain.profile.toughness + 1);
    assert_eq!(armour.profile.move_inches, plain.profile.move_inches - 2);
    // Brute with Armour: the toughness bonuses add up.
    let both = with("guardsman", Some("brute"), &["armour"]);
    assert_eq!(both.profile.toughness, plain.profile.toughness + 2);
    assert_eq!(both.profile.save, 4);
    assert_eq!(both.changed_by("toughness"), vec!["RIB-8", "EQ-24"]);
    // EQ-26 Shield: a 3+ save; not better than a Space Marine's own 3+.
    assert_eq!(with("guardsman", None, &["shield"]).profile.save, 3);
    let marine_shield = with("space_marine", None, &["shield"]);
    assert_eq!(marine_shield.profile.save, 3);
    assert!(!marine_shield.changed("save"));
    // EQ-16 Cloak, EQ-3 Sight, RIB-12 Marksman.
    assert_eq!(with("guardsman", None, &["cloak"]).cover_bonus, 1);
    assert_eq!(with("guardsman", Some("marksman"), &["sight"]).hit_bonus, 2);
    // KT-19: a Terminator saves on 2D6.
    assert_eq!(with("terminator", None, &[]).profile.save_dice, 2);
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
fn kt_21_victory_points_of_a_team() {
    let data = rules().killteam.clone();
    // Sergeant 2 + six models 1.
    assert_eq!(legal().composition(&data).vp, 8);
    let vp = |kind: &str| data.kind(kind).expect("kind").vp;
    assert_eq!(
        [
            vp("guardsman"),
            vp("sergeant"),
            vp("tempestus_scion"),
            vp("scion_sergeant"),
            vp("space_marine"),
            vp("terminator"),
            vp("vehicle")
        ],
        [1, 2, 2, 3, 3, 4, 5]
    );
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

#[test]
fn soldiers_are_added_duplicated_moved_and_removed() {
    let t = KillTeam::new("t", "T");
    let (t, outcome) = t
        .apply(
            KillTeamEdit::AddSoldier {
                kind: "sergeant".into(),
                name: "Hark".to_owned(),
            },
            rules(),
            &mut seeded(1),
        )
        .expect("added");
    assert_eq!(outcome.created, Some(1));
    assert_eq!(t.soldiers[0].weapon, "laspistol", "the kind's own weapon");
    let t = applied(
        &t,
        KillTeamEdit::DuplicateSoldier {
            id: 1,
            name: "Hark II".to_owned(),
        },
    );
    assert_eq!(t.soldiers[1].name, "Hark II");
    let t = applied(&t, KillTeamEdit::MoveSoldier { id: 2, to: 0 });
    assert_eq!(t.soldiers[0].name, "Hark II");
    let t = applied(&t, KillTeamEdit::RemoveSoldier(1));
    assert_eq!(t.soldiers.len(), 1);
    let p = refused(&t, KillTeamEdit::RemoveSoldier(9));
    assert_eq!(p.key, "kt.problem.no_such_soldier");
}

fn example() -> KillTeam {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/killteam.json");
    let kinds = muster::store::Kinds::default();
    let doc = muster::store::read_file(&kinds, std::path::Path::new(path)).expect("reads");
    doc.get::<KillTeam>().cloned().expect("a kill team")
}

#[test]
fn the_example_team_is_legal_and_shows_the_rules() {
    let t = example();
    let r = rules();
    assert!(t.validate(r).is_empty(), "{:?}", t.validate(r));
    let c = t.composition(&r.killteam);
    assert_eq!((c.equivalents, c.sergeants), (7, 1));
    assert_eq!(c.special_weapons, 2);
    assert!(
        t.soldiers
            .iter()
            .any(|s| s.ribbon.as_ref().is_some_and(|r| r == "specialist") && s.items.len() == 2)
    );
    let ribbons: std::collections::BTreeSet<_> = t
        .soldiers
        .iter()
        .filter_map(|s| s.ribbon.as_ref())
        .collect();
    assert!(ribbons.len() >= 4, "{ribbons:?}");
}

#[test]
fn muster_check_agrees_on_kill_teams() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/killteam.json");
    let mut bad = example();
    bad.soldiers.push(soldier(99, "guardsman", "lasgun"));
    let bad_path = dir.path().join("bad.json");
    std::fs::write(&bad_path, muster::store::to_json(&bad).expect("json")).expect("write");
    let run = |file: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
            .arg("check")
            .arg(file)
            .env("MUSTER_DATA_DIR", dir.path())
            .output()
            .expect("runs")
    };
    let ok = run(std::path::Path::new(good));
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(String::from_utf8_lossy(&ok.stdout).contains("7 soldiers"));
    let out = run(&bad_path);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("KT-1: the team counts 8 soldier equivalents"),
        "{text}"
    );
}

#[test]
fn kt_9_kt_18_kt_19_kt_20_actions_of_each_kind() {
    let data = rules().killteam.clone();
    let kind = |id: &str| data.kind(id).expect("kind").clone();
    // KT-9: two actions for a guardsman.
    assert_eq!(kind("guardsman").actions.per_activation, 2);
    // KT-18: a scion has three, never the same three times, and counts 2.
    let scion = kind("tempestus_scion");
    assert_eq!(scion.actions.per_activation, 3);
    assert!(scion.actions.never_three_same);
    assert_eq!(scion.profile.save, 4);
    let hot_shot = data.weapon(&scion.default_weapon).expect("hot-shot lasgun");
    assert_eq!(
        hot_shot.strength,
        muster::rules::killteam::data::Strength::Fixed(4)
    );
    assert_eq!(
        hot_shot.class,
        muster::rules::killteam::data::WeaponClass::Special
    );
    // KT-19: a Space Marine has 9 wounds and 5 actions in the same turn,
    // at most 3 in a row (in one activation); a Terminator 4 actions one at
    // a time and a save on 2D6.
    let marine = kind("space_marine");
    assert_eq!(
        (
            marine.profile.wounds,
            marine.actions.in_a_turn(),
            marine.actions.per_activation
        ),
        (9, 5, 3)
    );
    assert_eq!(marine.actions.max_in_a_row, Some(3));
    let terminator = kind("terminator");
    // KT-19: four a turn, one at a time: one per activation, four in the
    // turn (the source counts them by the turn, not by the activation).
    assert_eq!(terminator.actions.per_turn, Some(4));
    assert_eq!(terminator.actions.per_activation, 1);
    assert_eq!(terminator.actions.in_a_turn(), 4);
    assert!(terminator.actions.one_at_a_time);
    let term = soldier(9, "terminator", "storm_bolter");
    let a = muster::rules::killteam::ribbons::soldier_actions(&data, &term, 9).expect("actions");
    assert_eq!((a.per_activation, a.per_turn, a.total()), (1, 4, 4));
    assert_eq!(a.msgs()[0].key, "kt.actions.per_turn");
    assert_eq!(
        (terminator.profile.save, terminator.profile.save_dice),
        (4, 2)
    );
    // KT-20: a vehicle has one action and takes no ribbon.
    let vehicle = kind("vehicle");
    assert_eq!(vehicle.actions.per_activation, 1);
    assert!(vehicle.no_ribbon);
}

#[test]
fn kt_14_a_grenade_reaches_twice_the_throwers_strength() {
    let data = rules().killteam.clone();
    let mut s = soldier(1, "guardsman", "frag_grenade");
    let d = derive(&data, &s).expect("derived");
    assert_eq!(d.weapons[0].range_inches, 6, "S3: 6\"");
    // A Brute (+1 S) throws further.
    s.ribbon = Some("brute".into());
    let d = derive(&data, &s).expect("derived");
    assert_eq!(d.weapons[0].range_inches, 8);
}

#[test]
fn kt_15_flame_weapons_and_heavy_weapons_that_fire_every_action() {
    let data = rules().killteam.clone();
    let w = |id: &str| data.weapon(id).expect("weapon").clone();
    assert!(w("flamer").flame && w("heavy_flamer").flame);
    for id in ["heavy_bolter", "heavy_stubber", "autocannon"] {
        assert!(w(id).fires_every_action, "{id}");
    }
    for id in ["lascannon", "missile_launcher", "mortar"] {
        assert!(!w(id).fires_every_action, "{id}");
    }
    // KT-12: the mortar fires indirect, the sniper rifle with sniper bands.
    assert!(w("mortar").indirect);
    assert!(w("sniper_rifle").sniper);
}

#[test]
fn kt_15_once_a_turn_follows_the_heavy_type_not_the_class() {
    let data = rules().killteam.clone();
    let w = |id: &str| data.weapon(id).expect("weapon").clone();
    // The sniper rifle is a special weapon of the Heavy type: once a turn.
    assert!(w("sniper_rifle").fires_once_a_turn());
    assert!(w("lascannon").fires_once_a_turn());
    // The named exceptions fire at every action, whatever their class (the
    // volley gun is a special weapon).
    for id in [
        "heavy_bolter",
        "heavy_stubber",
        "autocannon",
        "hot_shot_volley_gun",
    ] {
        assert!(!w(id).fires_once_a_turn(), "{id}");
    }
    // A special weapon of another type fires at every action.
    assert!(!w("plasma_gun").fires_once_a_turn());
    assert!(!w("meltagun").fires_once_a_turn());
}

#[test]
fn eq_6_eq_7_eq_10_eq_11_eq_15_eq_23_single_use_items_are_counted_on_the_sheet() {
    let data = rules().killteam.clone();
    for (item, rule) in [
        ("medikit", "EQ-6"),
        ("smoke_grenade", "EQ-7"),
        ("flash_grenade", "EQ-10"),
        ("mine", "EQ-11"),
        ("chem_bomb", "EQ-15"),
        ("knife", "EQ-23"),
    ] {
        let it = data.item(item).expect("item");
        assert_eq!(it.rule, rule);
        assert!(it.single_use, "{rule} is used once per game");
        let mut s = soldier(1, "guardsman", "lasgun");
        s.items.push(carried(item));
        let d = derive(&data, &s).expect("derived");
        assert_eq!(d.item_counts, vec![(item.into(), 1)], "{rule}");
    }
    // Items that are always on are not counted as uses.
    let mut s = soldier(1, "guardsman", "lasgun");
    s.items.push(carried("cloak"));
    assert!(derive(&data, &s).expect("derived").item_counts.is_empty());
}

#[test]
fn eq_23_the_knife_costs_no_action_unlike_the_items_the_source_says_do() {
    let data = rules().killteam.clone();
    let item = |id: &str| data.item(id).expect("item").clone();
    // The source gives the knife a range and a single use, not an action.
    assert!(!item("knife").action);
    assert!(item("knife").single_use);
    assert!(!item("mine").action, "EQ-11: no action");
    for id in [
        "medikit",
        "smoke_grenade",
        "flash_grenade",
        "chem_bomb",
        "vox_radio",
        "rope_and_grapnel",
        "parachute",
    ] {
        assert!(item(id).action, "{id} costs an action");
    }
}

#[test]
fn eq_8_eq_9_eq_4_the_weapon_an_item_brings_is_chosen_within_its_kind() {
    let t = applied(&legal(), KillTeamEdit::AddItem(2, carried("pistol")));
    assert_eq!(t.soldiers[1].items[0].weapon, Some("laspistol".into()));
    // EQ-9: any pistol.
    let t = applied(&t, KillTeamEdit::SetItemWeapon(2, 0, "bolt_pistol".into()));
    let d = derive(&rules().killteam, &t.soldiers[1]).expect("derived");
    assert_eq!(d.weapons[1].id, "bolt_pistol");
    // Not a close-combat weapon, nor a rifle.
    let p = refused(&t, KillTeamEdit::SetItemWeapon(2, 0, "chainsword".into()));
    assert_eq!(p.key, "kt.problem.weapon_not_for_item");
    // EQ-8: a close-combat weapon, but not a Marine's power fist.
    let t = applied(
        &legal(),
        KillTeamEdit::AddItem(3, carried("close_combat_weapon")),
    );
    let t = applied(&t, KillTeamEdit::SetItemWeapon(3, 0, "power_sword".into()));
    assert_eq!(t.soldiers[2].items[0].weapon, Some("power_sword".into()));
    let p = refused(&t, KillTeamEdit::SetItemWeapon(3, 0, "power_fist".into()));
    assert_eq!(p.rule, "KT-5");
    // EQ-4: a combi-weapon's second weapon may be another special weapon.
    let t = applied(
        &legal(),
        KillTeamEdit::SetKind(4, "special_weapon_trooper".into()),
    );
    let t = applied(&t, KillTeamEdit::SetWeapon(4, "plasma_gun".into()));
    let t = applied(&t, KillTeamEdit::AddItem(4, carried("combi_weapon")));
    let t = applied(&t, KillTeamEdit::SetItemWeapon(4, 0, "meltagun".into()));
    let d = derive(&rules().killteam, &t.soldiers[3]).expect("derived");
    let ids: Vec<&str> = d.weapons.iter().map(|w| w.id.as_str()).collect();
    assert_eq!(ids, ["plasma_gun", "meltagun"]);
}

mod actions {
    use muster::rules::core::dice::Amount;
    use muster::rules::core::dice::seeded;
    use muster::rules::killteam::actions::{
        GrenadeAttack, Jump, JumpKind, Thrower, grenade_odds, grenade_throw, jump_odds,
        roll_grenade, roll_jump,
    };
    use muster::rules::killteam::odds::{ShotClass, killteam_shooting};

    fn thrower() -> Thrower {
        Thrower {
            strength: 3,
            stick: false,
            grenadier: false,
            sees_target: true,
            grenade_actions_taken: 0,
        }
    }

    fn frag(range: u32, thrower: Thrower) -> GrenadeAttack {
        GrenadeAttack {
            shots: Amount::Dice("D6".to_owned()),
            s: 3,
            ap: 0,
            damage: Amount::Fixed(1),
            range,
            t: 3,
            save: Some(5),
            save_dice: 1,
            cover: false,
            modifiers: Vec::new(),
            wounds_left: None,
            thrower,
        }
    }

    #[test]
    fn kt_14_one_grenade_a_turn_range_twice_s_and_d3_unseen() {
        let rules = super::rules();
        let d6 = Amount::Dice("D6".to_owned());
        let t = grenade_throw(rules, &d6, &thrower()).expect("thrown");
        assert_eq!(t.range_inches, 6, "twice S 3");
        assert_eq!(t.shots, d6);
        assert_eq!(t.grenades, 1);
        // A stick grenade adds 4" (EQ-29).
        let stick = Thrower {
            stick: true,
            ..thrower()
        };
        assert_eq!(
            grenade_throw(rules, &d6, &stick)
                .expect("thrown")
                .range_inches,
            10
        );
        // Unseen: D3 instead of D6; a single shot stays one.
        let blind = Thrower {
            sees_target: false,
            ..thrower()
        };
        assert_eq!(
            grenade_throw(rules, &d6, &blind).expect("thrown").shots,
            Amount::Dice("D3".to_owned())
        );
        assert_eq!(
            grenade_throw(rules, &Amount::Fixed(1), &blind)
                .expect("thrown")
                .shots,
            Amount::Fixed(1)
        );
        // A second grenade action in the turn is refused, naming the rule.
        let again = Thrower {
            grenade_actions_taken: 1,
            ..thrower()
        };
        let p = grenade_throw(rules, &d6, &again).expect_err("one a turn");
        assert_eq!(p.rule, "KT-14");
        assert_eq!(
            grenade_odds(rules, &frag(4, again))
                .expect_err("refused")
                .rule,
            "KT-14"
        );
        // Beyond its reach, refused too.
        assert_eq!(
            grenade_odds(rules, &frag(7, thrower()))
                .expect_err("far")
                .rule,
            "KT-14"
        );
        // A Grenadier throws two in his one action (RIB-1).
        let grenadier = Thrower {
            grenadier: true,
            ..thrower()
        };
        assert_eq!(
            grenade_throw(rules, &d6, &grenadier)
                .expect("thrown")
                .grenades,
            2
        );
    }

    #[test]
    fn kt_14_grenade_odds_mix_the_shots_exactly() {
        let rules = super::rules();
        let odds = grenade_odds(rules, &frag(5, thrower())).expect("odds");
        // By hand: each D6 face n of shots, the fixed-shot odds of n shots.
        let mut by_hand = vec![0.0; 7];
        for n in 1..=6u32 {
            let o = killteam_shooting(
                rules,
                ShotClass::Normal,
                5,
                n,
                3,
                0,
                1,
                3,
                Some(5),
                false,
                &[],
            )
            .expect("odds");
            for (k, p) in o.wounds.iter().enumerate() {
                by_hand[k] += p / 6.0;
            }
        }
        assert_eq!(odds.wounds.len(), by_hand.len());
        for (a, b) in odds.wounds.iter().zip(&by_hand) {
            assert!((a - b).abs() < 1e-12);
        }
        assert!((odds.wounds.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // Unseen: never more than 3 shots.
        let blind = grenade_odds(
            rules,
            &frag(
                5,
                Thrower {
                    sees_target: false,
                    ..thrower()
                },
            ),
        )
        .expect("odds");
        assert!(blind.wounds.iter().skip(4).all(|&p| p == 0.0));
        // Rolled: the shots die first, then the same seed gives the same roll.
        for seed in 0..40 {
            let r = roll_grenade(rules, &frag(5, thrower()), &mut seeded(seed)).expect("rolled");
            assert_eq!(r.shot_rolls.len(), 1);
            assert_eq!(r.shots, r.shot_rolls[0].total as u32);
            assert_eq!(r.rolls[0].purpose, "battle.for.shots");
            assert!(r.wounds <= r.hits && r.hits <= r.shots);
            assert_eq!(
                r,
                roll_grenade(rules, &frag(5, thrower()), &mut seeded(seed)).expect("again")
            );
        }
    }

    #[test]
    fn kt_17_jumps_at_most_6_across_and_6_high() {
        let rules = super::rules();
        let ok = Jump {
            kind: JumpKind::Jump,
            across: 6,
            from_height: 6,
            to_height: 6,
        };
        assert!(jump_odds(rules, &ok).is_ok());
        let wide = Jump { across: 7, ..ok };
        assert_eq!(jump_odds(rules, &wide).expect_err("wide").rule, "KT-17");
        let high = Jump {
            kind: JumpKind::Jump,
            across: 2,
            from_height: 0,
            to_height: 7,
        };
        assert_eq!(jump_odds(rules, &high).expect_err("high").rule, "KT-17");
    }

    #[test]
    fn kt_17_falls_cost_1_d3_or_life_and_jumping_from_3_to_6_inches_high_d3() {
        let rules = super::rules();
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        // Level jump from 3": a fall (1 in 6) costs one mortal wound.
        let low = jump_odds(
            rules,
            &Jump {
                kind: JumpKind::Jump,
                across: 4,
                from_height: 3,
                to_height: 3,
            },
        )
        .expect("odds");
        assert!(close(low.fall, 1.0 / 6.0));
        assert!(close(low.dead, 0.0));
        assert!(close(low.wounds[0], 5.0 / 6.0));
        assert!(close(low.wounds[1], 1.0 / 6.0));
        assert!(close(low.out_of_action(1), 1.0 / 6.0));
        // From 5", level: a jump from a height of 3" to 6" costs 1D3 whatever
        // the test, as the source says, not only a jump down; a fall costs
        // its own 1D3 instead.
        let mid = jump_odds(
            rules,
            &Jump {
                kind: JumpKind::Jump,
                across: 4,
                from_height: 5,
                to_height: 5,
            },
        )
        .expect("odds");
        assert!(mid.automatic.is_some());
        assert!(close(mid.wounds[0], 0.0));
        for k in 1..=3 {
            assert!(close(mid.wounds[k], 5.0 / 18.0 + 1.0 / 18.0));
        }
        // From 4" up to 6": the same automatic 1D3.
        let up = Jump {
            kind: JumpKind::Jump,
            across: 2,
            from_height: 4,
            to_height: 6,
        };
        assert!(jump_odds(rules, &up).expect("odds").automatic.is_some());
        // From 3" down to the ground: no automatic wounds (3" is not more).
        let low_down = Jump {
            kind: JumpKind::Jump,
            across: 2,
            from_height: 3,
            to_height: 0,
        };
        assert!(
            jump_odds(rules, &low_down)
                .expect("odds")
                .automatic
                .is_none()
        );
        // From higher than 6": a fall kills.
        let tall = jump_odds(
            rules,
            &Jump {
                kind: JumpKind::Jump,
                across: 4,
                from_height: 10,
                to_height: 9,
            },
        )
        .expect("odds");
        assert!(close(tall.dead, 1.0 / 6.0));
        assert!(close(tall.out_of_action(5), 1.0 / 6.0));
        // Jumping from 6" down to 2" costs 1D3 whatever the test; a fall its own.
        let down = jump_odds(
            rules,
            &Jump {
                kind: JumpKind::Jump,
                across: 3,
                from_height: 6,
                to_height: 2,
            },
        )
        .expect("odds");
        assert!(close(down.wounds[0], 0.0));
        for k in 1..=3 {
            assert!(close(down.wounds[k], 5.0 / 18.0 + 1.0 / 18.0));
        }
        // Rolled: the dangerous terrain die, then the wounds.
        for seed in 0..60 {
            let j = Jump {
                kind: JumpKind::Jump,
                across: 3,
                from_height: 6,
                to_height: 2,
            };
            let r = roll_jump(rules, &j, &mut seeded(seed)).expect("rolled");
            assert_eq!(r.fell, r.test.roll.total == 1);
            let w = r.wounds_roll.as_ref().expect("a D3 either way");
            assert_eq!(w.sides, 3);
            assert_eq!(r.wounds, w.total as u32);
            assert_eq!(r, roll_jump(rules, &j, &mut seeded(seed)).expect("again"));
        }
    }

    #[test]
    fn eq_22_a_rope_swings_12_inches_to_any_level_with_the_jump_s_falls() {
        let rules = super::rules();
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        let swing = |across, from_height, to_height| Jump {
            kind: JumpKind::RopeSwing,
            across,
            from_height,
            to_height,
        };
        // 12" across and 9" down: too far and too high for a jump, not a rope.
        let far = swing(12, 10, 1);
        assert!(
            jump_odds(
                rules,
                &Jump {
                    kind: JumpKind::Jump,
                    ..far
                }
            )
            .is_err()
        );
        let odds = jump_odds(rules, &far).expect("a rope goes 12\"");
        // No wounds for going down; a fall from 10" kills.
        assert!(odds.automatic.is_none());
        assert!(close(odds.dead, 1.0 / 6.0));
        assert!(close(odds.wounds[0], 5.0 / 6.0));
        // From 5": a fall costs 1D3, as a jump's; nothing else.
        let mid = jump_odds(rules, &swing(8, 5, 0)).expect("odds");
        assert!(mid.automatic.is_none());
        for k in 1..=3 {
            assert!(close(mid.wounds[k], 1.0 / 18.0));
        }
        let e = jump_odds(rules, &swing(13, 3, 3)).expect_err("too far");
        assert_eq!(e.rule, "EQ-22");
        assert_eq!(rules.killteam.jump.rope_swing.actions, 2);
        // Rolled: only a fall rolls wounds.
        for seed in 0..40 {
            let r = roll_jump(rules, &swing(8, 5, 0), &mut seeded(seed)).expect("rolled");
            assert_eq!(r.wounds_roll.is_some(), r.fell);
        }
    }

    #[test]
    fn eq_25_a_parachute_landing_fails_on_a_1_for_1_mortal_wound() {
        let rules = super::rules();
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        let drop = Jump {
            kind: JumpKind::Parachute,
            across: 0,
            from_height: 40,
            to_height: 0,
        };
        let odds = jump_odds(rules, &drop).expect("no limit");
        assert!(close(odds.fall, 1.0 / 6.0));
        assert!(close(odds.dead, 0.0), "a parachute does not kill");
        assert!(close(odds.wounds[0], 5.0 / 6.0));
        assert!(close(odds.wounds[1], 1.0 / 6.0));
        assert!(close(odds.out_of_action(1), 1.0 / 6.0));
        assert!(odds.automatic.is_none());
        for seed in 0..40 {
            let r = roll_jump(rules, &drop, &mut seeded(seed)).expect("rolled");
            assert_eq!(r.wounds, u32::from(r.fell));
            assert!(!r.dead);
        }
    }
}
