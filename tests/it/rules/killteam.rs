//! Kill teams: the derived profile (KT-6), VP (KT-21), editing the team,
//! the example team and `muster check` on kill teams, the actions of each
//! kind and single-use items on the sheet; composition (KT-1 … KT-5) and
//! each item's and ribbon's restrictions in `composition`.

mod actions;
mod activation;
mod close_combat;
mod composition;
mod house_values;
mod items;
mod odds;
mod ribbons;
mod shot_gear;
mod turn;

use crate::common::rules;
use muster::rules::ProblemKind;
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
    assert_eq!(p.kind, ProblemKind::NoSuchSoldier);
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
    assert_eq!(p.kind, ProblemKind::WeaponNotForItem);
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
