//! Behaviour tests of the character rules, CHR-1 … CHR-16.

mod advance_points;
mod armoury;
mod equipment;
mod property;

use crate::common::rules;
use muster::rules::ProblemKind;
use muster::rules::characters::units::{
    TakeCommand, Victory, may_give_up_command, psychology_cl, take_command, victory,
};
use muster::rules::characters::{maxima, standard_profile};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::{Character, Characteristic as C, PointsScheme, Profile, Roster, RulesData};

fn human(id: u64, name: &str) -> Character {
    Character::new(id, name, "human")
}

fn profile(values: [i32; 12]) -> Profile {
    Profile(values)
}

/// Rules data with one extra race, for the edge cases of CHR-2.
fn rules_with_race(id: &str, base: [i32; 12]) -> RulesData {
    let mut races: serde_json::Value =
        serde_json::from_str(muster::rules::data::BUILT_IN_FILES[0].1).expect("races.json");
    let keys = C::ALL.map(C::key);
    let base: serde_json::Map<String, serde_json::Value> = keys
        .iter()
        .zip(base)
        .map(|(k, v)| ((*k).to_owned(), v.into()))
        .collect();
    races["races"]
        .as_array_mut()
        .expect("array")
        .push(serde_json::json!({
            "id": id, "names": {"en": id}, "base": base, "psychic_chance_percent": 5
        }));
    let overrides = vec![("races.json".to_owned(), races.to_string())];
    let (data, problems) = RulesData::with_overrides(&overrides).expect("loads");
    assert!(problems.is_empty(), "{problems:?}");
    data
}

#[test]
fn chr_1_every_race_has_a_twelve_value_base_profile() {
    let r = rules();
    let keys = [
        "M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Int", "Cl", "WP",
    ];
    for race in &r.races {
        // Exactly the twelve characteristics, in profile order, each a number.
        let json = serde_json::to_value(race.base).expect("serialize");
        let object = json.as_object().expect("an object");
        let found: Vec<&str> = object.keys().map(String::as_str).collect();
        let mut expected = keys.to_vec();
        expected.sort_unstable();
        let mut sorted = found.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, expected, "{}", race.id);
        assert!(
            object.values().all(serde_json::Value::is_i64),
            "{}",
            race.id
        );
        let named: Vec<&str> = race.base.iter().map(|(c, _)| c.key()).collect();
        assert_eq!(named, keys, "{}", race.id);
    }
    let kal = human(1, "Kal");
    assert_eq!(
        kal.profile(r).expect("profile"),
        profile([4, 3, 3, 3, 3, 1, 3, 1, 7, 7, 7, 7])
    );
    // A character of a race the data does not know is a CHR-1 problem, not a panic.
    let alien = Character::new(2, "Zog", "zoat");
    let problems = alien.validate(r);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].rule, "CHR-1");
    assert_eq!(problems[0].get("race"), Some("zoat"));
}

#[test]
fn chr_2_no_characteristic_but_w_and_a_above_ten() {
    // A race whose major hero would pass 10 everywhere.
    let r = rules_with_race("titan", [5, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]);
    let race = r.race("titan").expect("race");
    let max = maxima(race, false, &r);
    for c in C::ALL {
        let expected = match c {
            C::M => 5,
            C::W | C::A => 11,
            _ => 10,
        };
        assert_eq!(max.get(c), expected, "{c}");
    }
    // Spending past 10 is refused with CHR-2's message.
    let mut t = Character::new(1, "Big", "titan");
    t.advance_points = 10;
    t.type_id = Some("major_hero".to_owned());
    let refusal = t.spend(C::WS, &r).expect_err("WS is at 10");
    assert_eq!(refusal.rule, "CHR-2");
    assert_eq!(refusal.get("max"), Some("10"));
    // W of a major hero of that race is 11, above 10, and is legal.
    assert_eq!(t.profile(&r).expect("profile").get(C::W), 11);
    assert!(t.validate(&r).is_empty(), "{:?}", t.validate(&r));
}

#[test]
fn chr_3_combat_characteristics_stop_at_the_major_hero_value() {
    let r = rules();
    let mut k = human(1, "Kal");
    k.advance_points = 20;
    for _ in 0..3 {
        k.spend(C::WS, r).expect("WS 4, 5, 6");
    }
    assert_eq!(k.profile(r).expect("profile").get(C::WS), 6);
    let refusal = k.spend(C::WS, r).expect_err("WS 7 is above 6");
    assert_eq!(refusal.rule, "CHR-3");
    assert_eq!(refusal.characteristic, Some(C::WS));
    assert_eq!(refusal.get("max"), Some("6"));
    // Psychic powers do not lift combat maxima.
    k.set_psychic(true, r).expect("psychic");
    assert_eq!(k.spend(C::WS, r).expect_err("still 6").rule, "CHR-3");
    // M is never raised.
    assert!(k.spend(C::M, r).is_err());
    // A file that goes above is reported by validation.
    let mut hand_edited = human(2, "Vex");
    hand_edited.advance_points = 5;
    hand_edited.advances.0.set(C::S, 2);
    let problems = hand_edited.validate(r);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].rule, "CHR-3");
    assert_eq!(problems[0].characteristic, Some(C::S));
}

#[test]
fn chr_4_personal_characteristics_above_major_only_with_psychic_powers() {
    let r = rules();
    let mut k = human(1, "Kal");
    k.advance_points = 10;
    k.spend(C::Ld, r).expect("8");
    k.spend(C::Ld, r).expect("9");
    let refusal = k.spend(C::Ld, r).expect_err("10 needs psychic powers");
    assert_eq!(refusal.rule, "CHR-4");
    assert_eq!(refusal.kind, ProblemKind::AboveMajorNotPsychic);
    k.set_psychic(true, r).expect("psychic");
    k.spend(C::Ld, r).expect("10 with psychic powers");
    assert_eq!(k.profile(r).expect("profile").get(C::Ld), 10);
    // At 10 the psychic's limit is the absolute one: never above 10.
    let refusal = k.spend(C::Ld, r).expect_err("never above 10");
    assert_eq!(refusal.rule, "CHR-2");
    assert_eq!(refusal.kind, ProblemKind::AboveTen);
    assert_eq!(refusal.get("max"), Some("10"));
    // Without psychic powers, Int stops at the major-hero value, 9.
    let mut plain = human(2, "Dull");
    plain.advance_points = 5;
    plain.spend(C::Int, r).expect("8");
    plain.spend(C::Int, r).expect("9");
    assert_eq!(
        plain.spend(C::Int, r).expect_err("9 is the maximum").rule,
        "CHR-4"
    );
}

#[test]
fn chr_5_human_table() {
    let r = rules();
    let race = r.race("human").expect("human");
    assert_eq!(
        race.base,
        profile([4, 3, 3, 3, 3, 1, 3, 1, 7, 7, 7, 7]),
        "standard"
    );
    assert_eq!(
        maxima(race, false, r),
        profile([4, 6, 6, 4, 4, 3, 6, 3, 9, 9, 9, 9]),
        "maximum"
    );
    assert_eq!(
        maxima(race, true, r),
        profile([4, 6, 6, 4, 4, 3, 6, 3, 10, 10, 10, 10]),
        "psychic"
    );
    // The assumed races of the spec's table are in the data.
    let marine = r.race("space_marine").expect("marine");
    assert_eq!(marine.base, profile([4, 4, 4, 4, 4, 1, 4, 1, 8, 8, 8, 8]));
    let eldar = r.race("eldar").expect("eldar");
    assert_eq!(eldar.base, profile([4, 4, 4, 3, 3, 1, 6, 1, 8, 9, 9, 8]));
    let ork = r.race("ork").expect("ork");
    assert_eq!(ork.base, profile([4, 3, 3, 3, 4, 1, 2, 1, 7, 6, 7, 7]));
    let squat = r.race("squat").expect("squat");
    assert_eq!(squat.base, profile([3, 4, 3, 3, 4, 1, 2, 1, 9, 7, 9, 9]));
    let grot = r.race("gretchin").expect("gretchin");
    assert_eq!(grot.base, profile([4, 2, 3, 3, 3, 1, 2, 1, 5, 5, 5, 5]));
    // Every race's maximum is derived the same way: base + major hero.
    let eldar_max = maxima(eldar, false, r);
    assert_eq!(eldar_max, profile([4, 7, 7, 4, 4, 3, 9, 3, 10, 10, 10, 10]));
}

#[test]
fn chr_6_standard_types_add_fixed_modifiers() {
    let r = rules();
    let race = r.race("human").expect("human");
    let t = |id: &str| r.character_type(id).expect("type").modifiers;
    assert_eq!(
        standard_profile(race, &t("champion")),
        profile([4, 4, 4, 4, 3, 1, 4, 1, 7, 7, 7, 7])
    );
    assert_eq!(
        standard_profile(race, &t("minor_hero")),
        profile([4, 5, 5, 4, 4, 2, 5, 2, 8, 8, 8, 8])
    );
    assert_eq!(
        standard_profile(race, &t("major_hero")),
        profile([4, 6, 6, 4, 4, 3, 6, 3, 9, 9, 9, 9])
    );
    // No modifier takes a characteristic above 10, except W and A.
    let r2 = rules_with_race("titan", [5, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]);
    let titan = r2.race("titan").expect("titan");
    let major = standard_profile(
        titan,
        &r2.character_type("major_hero").expect("major").modifiers,
    );
    assert_eq!(
        major,
        profile([5, 10, 10, 10, 10, 11, 10, 11, 10, 10, 10, 10])
    );
    // A character of a standard type is legal with no points.
    let mut c = human(1, "Sergeant");
    c.set_type(Some("minor_hero".to_owned()), r).expect("type");
    assert!(c.validate(r).is_empty());
    assert_eq!(c.profile(r).expect("profile").get(C::WS), 5);
    // A type the data does not know is refused.
    assert_eq!(
        c.set_type(Some("saint".to_owned()), r)
            .expect_err("unknown")
            .rule,
        "CHR-6"
    );
}

#[test]
fn chr_14_characters_in_units() {
    assert_eq!(take_command(8, None), Ok(TakeCommand::AtOnce));
    assert_eq!(
        take_command(8, Some(8)),
        Ok(TakeCommand::AfterOneTurnInContact)
    );
    assert_eq!(
        take_command(9, Some(7)),
        Ok(TakeCommand::AfterOneTurnInContact)
    );
    let refused = take_command(7, Some(8)).expect_err("lower Ld");
    assert_eq!(refused.rule, "CHR-14");
    assert!(
        may_give_up_command(true, false).is_err(),
        "a unit's own leader never leaves"
    );
    assert!(
        may_give_up_command(false, true).is_err(),
        "adversely affected"
    );
    assert!(may_give_up_command(false, false).is_ok());
    assert_eq!(
        psychology_cl(Some(9), 7),
        9,
        "psychology tests use the leader's Cl"
    );
    assert_eq!(psychology_cl(None, 7), 7);
}

#[test]
fn chr_15_dead_characters_make_a_minor_victory() {
    assert_eq!(victory(true, 0), Victory::Major);
    assert_eq!(victory(true, 1), Victory::Minor);
    assert_eq!(victory(false, 0), Victory::None);
}

#[test]
fn chr_16_psychic_powers_roll_and_gating() {
    let r = rules();
    assert_eq!(r.race("human").expect("human").psychic_chance_percent, 5);
    // Over many seeds, the roll gives powers exactly when the D100 is 5 or less.
    let mut gained = 0;
    for seed in 0..400 {
        let mut k = human(1, "Kal");
        let (roll, yes) = k.roll_psychic(r, &mut seeded(seed)).expect("roll");
        assert_eq!(roll.sides, 100);
        assert_eq!(yes, roll.total <= 5);
        assert_eq!(k.psychic, yes);
        gained += usize::from(yes);
    }
    assert!((5..=40).contains(&gained), "about 5 % of 400: {gained}");
    // Taking the powers away is refused while a personal characteristic is above 9.
    let mut p = human(2, "Seer");
    p.advance_points = 5;
    p.set_psychic(true, r).expect("psychic");
    for _ in 0..3 {
        p.spend(C::WP, r).expect("WP up to 10");
    }
    let refusal = p.set_psychic(false, r).expect_err("WP 10");
    assert_eq!(refusal.rule, "CHR-16");
    assert_eq!(refusal.get("list"), Some("WP"));
    assert!(p.psychic);
    p.refund(C::WP).expect("back to 9");
    p.set_psychic(false, r).expect("now allowed");
}

#[test]
fn roll_keeps_faces_for_the_log() {
    let r = Roll::new(&mut seeded(1), 4, 6, 0);
    assert_eq!(r.faces.len(), 4);
    assert_eq!(r.total, r.faces.iter().sum::<u32>() as i32);
    assert!(r.to_string().starts_with("4D6: "));
}

// CHR-2, CHR-7: a hand-edited file with absurd numbers is reported, never a panic.
#[test]
fn chr_2_absurd_values_in_a_file_are_problems_not_panics() {
    let r = rules();
    let mut c = human(1, "Glitch");
    c.advance_points = u32::MAX;
    c.type_id = Some("major_hero".to_owned());
    assert_eq!(c.after_game(false, false), 1);
    for ch in C::ALL {
        c.advances.0.set(ch, i32::MAX);
    }
    // Every characteristic is reported with the rule that caps it.
    let problems = c.validate(r);
    for ch in C::ALL {
        let rule = problems
            .iter()
            .find(|p| p.characteristic == Some(ch))
            .map(|p| p.rule.as_ref());
        let expected = if ch.is_personal() { "CHR-4" } else { "CHR-3" };
        assert_eq!(rule, Some(expected), "{ch}");
    }
    assert!(c.spend(C::WS, r).is_err());
    let mut n = human(2, "Negative");
    n.advances.0.set(C::S, i32::MIN);
    assert!(
        n.validate(r)
            .iter()
            .any(|p| p.kind == ProblemKind::NegativeAdvance)
    );
    let mut roster = Roster::new("x", "X");
    roster.points = PointsScheme::Pool {
        points: 1,
        force_models: u32::MAX,
    };
    let twin = Character { id: 3, ..c.clone() };
    roster.characters = vec![c, n, twin];
    assert!(!roster.validate(r).is_empty());
    roster.points = PointsScheme::Fixed {
        allotments: vec![u32::MAX; 2],
    };
    assert!(!roster.validate(r).is_empty());
}
