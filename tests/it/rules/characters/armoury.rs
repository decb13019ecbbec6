//! The armoury (`armoury.json`): common Rogue Trader weapons and armour a
//! character's gear may be picked from. Every entry parses with a name in
//! English and French and a profile the equipment model accepts; a broken
//! copy is reported naming the file and the entry, and the built-in file is
//! used.

use crate::common::rules;
use muster::i18n::Lang;
use muster::rules::characters::equipment::{SAVES, WEAPON_STRENGTHS, armour_save, check, in_hand};
use muster::rules::data::{ArmouryKind, BUILT_IN_FILES};
use muster::rules::{Gear, GearKind, RulesData};

#[test]
fn every_armoury_entry_parses_with_both_names_and_a_profile_the_gear_accepts() {
    let armoury = rules().armoury.clone();
    assert!(armoury.entries.len() >= 25, "about 25 common items");
    for e in &armoury.entries {
        for lang in ["en", "fr"] {
            let name = e.names.get(lang).map_or("", String::as_str);
            assert!(!name.trim().is_empty(), "{}: a name in {lang}", e.id);
        }
        if e.kind.is_weapon() {
            assert_eq!(e.save, None, "{}: a weapon gives no save", e.id);
            if let Some(s) = e.strength {
                assert!(WEAPON_STRENGTHS.contains(&s), "{}: S {s}", e.id);
            }
        } else {
            assert_eq!(e.strength, None, "{}: no Strength", e.id);
        }
        if e.kind == ArmouryKind::Armour {
            let save = e.save.expect("armour gives a save");
            assert!(SAVES.contains(&save), "{}: save {save}+", e.id);
        }
        // As an item of a character's equipment: no problem.
        let gear = Gear::from_armoury(e, "fr", String::new());
        assert_eq!(&gear.name, &e.names["fr"]);
        assert!(check("Kal", false, &[gear], &[]).is_empty(), "{}", e.id);
    }
    // The list the brief asks for is there, by id.
    for id in [
        "laspistol",
        "lasgun",
        "boltgun",
        "meltagun",
        "lascannon",
        "power_sword",
        "power_fist",
        "flak_armour",
        "carapace_armour",
        "power_armour",
    ] {
        assert!(armoury.entry(id).is_some(), "{id}");
    }
}

#[test]
fn armoury_items_count_where_the_engine_reads_them() {
    let armoury = rules().armoury.clone();
    let item =
        |id: &str| Gear::from_armoury(armoury.entry(id).expect("entry"), "en", String::new());
    let gear = [
        item("lasgun"),
        item("carapace_armour"),
        item("power_sword"),
        item("flak_armour"),
    ];
    assert_eq!(gear[2].kind, GearKind::Melee);
    // The best armour counts; the power sword is taken in hand with its S.
    assert_eq!(armour_save(&gear), Some(4));
    let hand = in_hand(&gear).expect("a weapon");
    assert_eq!(hand.name, "Power sword");
    assert_eq!(hand.weapon_s, Some(5));
    // CC-4: the best C-type weapon is taken in hand, whatever the order the
    // armoury listed them in: the power sword (S5), not the laspistol.
    let pistol_first = [item("laspistol"), item("power_sword")];
    assert_eq!(pistol_first[0].kind, GearKind::Pistol);
    let hand = in_hand(&pistol_first).expect("a weapon");
    assert_eq!(hand.name, "Power sword");
    // Two alike: the first listed.
    let two = [item("laspistol"), item("laspistol")];
    assert_eq!(in_hand(&two).map(|h| h.name), Some(two[0].name.clone()));
}

#[test]
fn a_broken_armoury_copy_names_the_file_and_the_entry_and_the_built_in_is_used() {
    let text = BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == "armoury.json")
        .expect("built in")
        .1;
    let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
    v["entries"][0]["names"] = serde_json::json!({"en": "Laspistol"});
    let overrides = vec![("armoury.json".to_owned(), v.to_string())];
    let (data, problems) = RulesData::with_overrides(&overrides).expect("rules");
    assert_eq!(
        data.armoury,
        rules().armoury,
        "the built-in armoury is used"
    );
    assert_eq!(problems.len(), 1);
    assert_eq!(&*problems[0].file, "armoury.json");
    let said = Lang::En.problem(&problems[0].problem);
    assert!(said.contains("laspistol"), "{said}");
    assert!(said.contains("English and in French"), "{said}");

    // A syntax error says where.
    let overrides = vec![("armoury.json".to_owned(), "{\"entries\": [".to_owned())];
    let (_, problems) = RulesData::with_overrides(&overrides).expect("rules");
    assert_eq!(&*problems[0].file, "armoury.json");
    assert!(problems[0].problem.get("line").is_some());
}

/// The example band and the example campaign's characters carry their
/// weapons as the armoury gives them: a power sword strikes with its own
/// save modifier (−3, CC-12), not by its Strength's, on the battle screen
/// and at the table alike.
#[test]
fn cc_12_the_examples_weapons_named_as_in_the_armoury_carry_its_save_modifier() {
    let armoury = &rules().armoury;
    let band: muster::rules::Roster = muster::store::document::parse(
        include_str!("../../../../assets/examples/rt-band.json"),
        "band",
    )
    .expect("the example band");
    let campaign: muster::rules::campaign::Campaign = muster::store::document::parse(
        include_str!("../../../../assets/examples/campaign.json"),
        "campaign",
    )
    .expect("the example campaign");
    let characters = band
        .characters
        .iter()
        .chain(
            (campaign.characters.iter()).filter_map(|x| match &x.member {
                muster::rules::campaign::Member::Character(c) => Some(c),
                muster::rules::campaign::Member::Soldier(_) => None,
            }),
        );
    let mut weapons = 0;
    for c in characters {
        for g in c.equipment.iter().filter(|g| g.kind.is_weapon()) {
            let Some(e) = (armoury.entries.iter()).find(|e| e.names.get("en") == Some(&g.name))
            else {
                continue;
            };
            weapons += 1;
            assert_eq!(
                (g.strength, g.save_modifier),
                (e.strength, e.save_modifier),
                "{}'s {}",
                c.name,
                g.name
            );
        }
    }
    assert!(
        weapons >= 6,
        "the examples' weapons were looked at: {weapons}"
    );
    let vael = &band.characters[0];
    let sword = (vael.equipment.iter())
        .find(|g| g.name == "Power sword")
        .expect("Vael's power sword");
    assert_eq!(sword.save_modifier, Some(-3));
}
