//! A Rogue Trader character's equipment and psychic power cards: what the
//! roster's rules check says of them (CHR-16), their edits and undo, and
//! files without them that load and save unchanged.

use std::path::Path;

use muster::app::{App, Command, Prefs, ScriptedDesktop};
use muster::rules::ProblemKind;
use muster::rules::core::dice::seeded;
use muster::rules::{
    Character, CharacterEdit, Document, Gear, GearEdit, GearKind, NewCharacter, PowerCard,
    PowerTarget, Roster, RosterEdit,
};

use crate::common::rules;
use crate::common::{AllRosters as _, Shown as _};

fn sword() -> Gear {
    Gear {
        strength: Some(5),
        ..Gear::new("Power sword", GearKind::Melee)
    }
}

fn band(psychic: bool) -> Roster {
    let mut r = Roster::new("b", "Band");
    let mut vael = Character::new(1, "Vael", "human");
    vael.psychic = psychic;
    r.characters.push(vael);
    r
}

fn edit(r: &Roster, e: CharacterEdit) -> Result<Roster, muster::rules::Problem> {
    r.apply(RosterEdit::Character(1, e), rules(), &mut seeded(1))
        .map(|(after, _)| after)
}

#[test]
fn chr_16_powers_held_without_psychic_powers_are_a_problem_naming_the_character() {
    let rules = rules();
    let mut r = band(true);
    r.characters[0].powers = vec![PowerCard::new("Doom"), PowerCard::new("Mind war")];
    assert!(r.validate(rules).is_empty(), "a psyker may hold cards");
    r.characters[0].psychic = false;
    let problems = r.validate(rules);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let p = &problems[0];
    assert_eq!(p.rule, "CHR-16");
    assert_eq!(p.character.as_deref(), Some("Vael"));
    let text = muster::i18n::Lang::En.problem_line(p);
    assert!(
        text.starts_with("CHR-16: Vael") && text.contains("2 psychic power cards"),
        "{text}"
    );
    let fr = muster::i18n::Lang::Fr.problem_line(p);
    assert!(fr.contains("Vael") && fr.contains("psychique"), "{fr}");
}

#[test]
fn chr_16_a_power_card_for_a_character_without_psychic_powers_is_refused() {
    let r = band(false);
    let p = edit(
        &r,
        CharacterEdit::Gear(GearEdit::AddPower {
            power: PowerCard::new("Doom"),
        }),
    )
    .expect_err("refused");
    assert_eq!(p.rule, "CHR-16");
    assert_eq!(p.character.as_deref(), Some("Vael"));
    // A psyker gets it; taking his psychic powers away keeps his cards, and
    // the rules check says so (the draft is still saved).
    let r = edit(
        &band(true),
        CharacterEdit::Gear(GearEdit::AddPower {
            power: PowerCard::new("Doom"),
        }),
    )
    .expect("added");
    let r = edit(&r, CharacterEdit::SetPsychic(false)).expect("taken away");
    assert_eq!(r.characters[0].powers.len(), 1);
    assert_eq!(r.validate(rules())[0].rule, "CHR-16");
}

#[test]
fn empty_gear_and_power_names_are_problems_but_the_draft_still_saves() {
    let rules = rules();
    let mut r = band(true);
    r.characters[0].equipment = vec![sword(), Gear::new("  ", GearKind::Other)];
    r.characters[0].powers = vec![PowerCard::new("")];
    let problems = r.validate(rules);
    let kinds: Vec<ProblemKind> = problems.iter().map(|p| p.kind).collect();
    assert_eq!(
        kinds,
        [ProblemKind::GearNoName, ProblemKind::PowerNoName],
        "{problems:?}"
    );
    assert_eq!(problems[0].get("position"), Some("2"));
    assert!(
        muster::i18n::Lang::En
            .problem(&problems[0])
            .contains("item 2"),
    );
    // Raw, not validated: the draft is written and read back as it was.
    let text = muster::store::to_json(&r).expect("written");
    let back = muster::store::document::parse::<Roster>(&text, "b").expect("read");
    assert_eq!(back, r);
    // An edit never makes a nameless item.
    let p = edit(
        &band(true),
        CharacterEdit::Gear(GearEdit::AddGear {
            gear: Gear::new(" ", GearKind::Melee),
        }),
    )
    .expect_err("no name");
    assert_eq!(p.kind, ProblemKind::EmptyName);
    let p = edit(
        &r,
        CharacterEdit::Gear(GearEdit::SetPower {
            at: 0,
            power: PowerCard::new(""),
        }),
    )
    .expect_err("no name");
    assert_eq!(p.kind, ProblemKind::EmptyName);
}

#[test]
fn cc_11_a_weapon_strength_off_the_table_is_a_problem() {
    let mut r = band(false);
    r.characters[0].equipment = vec![Gear {
        strength: Some(14),
        ..sword()
    }];
    let problems = r.validate(rules());
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].rule, "CC-11");
    assert_eq!(problems[0].get("item"), Some("Power sword"));
    // The wound chart runs from S1 to S10: its ends are fine, one step
    // past either end is a problem, naming the value.
    for (s, fine) in [(0, false), (1, true), (10, true), (11, false), (-1, false)] {
        r.characters[0].equipment = vec![Gear {
            strength: Some(s),
            ..sword()
        }];
        let problems = r.validate(rules());
        let cc_11: Vec<_> = problems.iter().filter(|p| p.rule == "CC-11").collect();
        assert_eq!(cc_11.is_empty(), fine, "S{s}: {problems:?}");
        if !fine {
            assert_eq!(cc_11[0].get("value"), Some(s.to_string().as_str()), "S{s}");
        }
    }
}

#[test]
fn gear_and_power_edits_add_rename_reorder_and_remove() {
    let r = band(true);
    let r = edit(&r, CharacterEdit::Gear(GearEdit::AddGear { gear: sword() })).expect("sword");
    let r = edit(
        &r,
        CharacterEdit::Gear(GearEdit::AddGear {
            gear: Gear::new(" Laspistol ", GearKind::Pistol),
        }),
    )
    .expect("pistol");
    assert_eq!(r.characters[0].equipment[1].name, "Laspistol", "trimmed");
    let r = edit(
        &r,
        CharacterEdit::Gear(GearEdit::MoveGear { from: 1, to: 0 }),
    )
    .expect("moved");
    let names: Vec<&str> = r.characters[0]
        .equipment
        .iter()
        .map(|g| g.name.as_str())
        .collect();
    assert_eq!(names, ["Laspistol", "Power sword"]);
    let renamed = Gear {
        name: "Master-crafted power sword".to_owned(),
        ..sword()
    };
    let r = edit(
        &r,
        CharacterEdit::Gear(GearEdit::SetGear {
            at: 1,
            gear: renamed.clone(),
        }),
    )
    .expect("renamed");
    assert_eq!(r.characters[0].equipment[1], renamed);
    let r = edit(&r, CharacterEdit::Gear(GearEdit::RemoveGear { at: 0 })).expect("removed");
    assert_eq!(r.characters[0].equipment, [renamed]);
    let missing =
        edit(&r, CharacterEdit::Gear(GearEdit::RemoveGear { at: 4 })).expect_err("nothing there");
    assert_eq!(missing.kind, ProblemKind::NoSuchGear);
    let missing = edit(
        &r,
        CharacterEdit::Gear(GearEdit::MoveGear { from: 0, to: 1 }),
    )
    .expect_err("nowhere to go");
    assert_eq!(missing.kind, ProblemKind::NoSuchGear);

    let doom = PowerCard {
        target: Some(PowerTarget::Squad),
        lasting: true,
        ..PowerCard::new("Doom")
    };
    let r = edit(
        &r,
        CharacterEdit::Gear(GearEdit::AddPower {
            power: doom.clone(),
        }),
    )
    .expect("doom");
    let r = edit(
        &r,
        CharacterEdit::Gear(GearEdit::AddPower {
            power: PowerCard::new("Aura"),
        }),
    )
    .expect("aura");
    let r = edit(
        &r,
        CharacterEdit::Gear(GearEdit::MovePower { from: 0, to: 1 }),
    )
    .expect("moved");
    assert_eq!(r.characters[0].powers[1], doom);
    let r = edit(
        &r,
        CharacterEdit::Gear(GearEdit::SetPower {
            at: 0,
            power: PowerCard::new("Aura of fire"),
        }),
    )
    .expect("renamed");
    let r = edit(&r, CharacterEdit::Gear(GearEdit::RemovePower { at: 1 })).expect("removed");
    assert_eq!(r.characters[0].powers, [PowerCard::new("Aura of fire")]);
    assert_eq!(
        edit(&r, CharacterEdit::Gear(GearEdit::RemovePower { at: 1 }))
            .expect_err("one card")
            .kind,
        ProblemKind::NoSuchPower
    );
}

fn app(dir: &Path) -> App {
    App::new(
        Some(dir),
        &Prefs::default(),
        Box::new(ScriptedDesktop::default()),
        7,
    )
    .expect("app")
}

#[test]
fn gear_and_power_edits_undo_and_redo_with_their_name_in_the_history() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    app.apply(Command::create_roster("Retinue".to_owned()));
    let id = app.model.all_rosters()[0].id.clone();
    app.apply(Command::roster(
        id.clone(),
        RosterEdit::AddCharacter {
            name: "Vael".to_owned(),
            how: NewCharacter::Standard {
                race: "human".to_owned(),
                type_id: None,
            },
        },
    ));
    let cid = app.model.all_rosters()[0].characters[0].id;
    let ch = |app: &App| app.model.all_rosters()[0].characters[0].clone();
    app.apply(Command::character(
        &id,
        cid,
        CharacterEdit::SetPsychic(true),
    ));
    app.apply(Command::character(
        &id,
        cid,
        CharacterEdit::Gear(GearEdit::AddGear { gear: sword() }),
    ));
    app.apply(Command::character(
        &id,
        cid,
        CharacterEdit::Gear(GearEdit::AddPower {
            power: PowerCard::new("Doom"),
        }),
    ));
    assert_eq!(ch(&app).equipment, [sword()]);
    assert_eq!(ch(&app).powers, [PowerCard::new("Doom")]);
    let labels: Vec<&str> = app.model.history.undo.iter().map(|c| c.label).collect();
    assert!(
        labels.ends_with(&["history.add_gear", "history.add_power"]),
        "{labels:?}"
    );

    app.apply(Command::Undo);
    assert!(ch(&app).powers.is_empty());
    app.apply(Command::Undo);
    assert!(ch(&app).equipment.is_empty());
    app.apply(Command::Redo);
    app.apply(Command::Redo);
    assert_eq!(ch(&app).powers, [PowerCard::new("Doom")]);

    // A refused edit is said, named by its rule, and is no edit.
    let depth = app.model.history.undo.len();
    app.apply(Command::character(
        &id,
        cid,
        CharacterEdit::SetPsychic(false),
    ));
    app.apply(Command::character(
        &id,
        cid,
        CharacterEdit::Gear(GearEdit::AddPower {
            power: PowerCard::new("Mind war"),
        }),
    ));
    assert_eq!(app.model.history.undo.len(), depth + 1, "only SetPsychic");
    let last = app.model.feedback.messages.last().expect("message").shown();
    assert!(last.contains("CHR-16"), "{last}");

    // Saved: the file on disk holds the gear, and loads again.
    app.flush_saves();
    let reloaded =
        crate::common::read_roster(&dir.path().join("rosters").join(format!("{id}.json")))
            .expect("reads");
    assert_eq!(reloaded.characters[0].equipment, [sword()]);
}

#[test]
fn a_roster_without_gear_or_powers_loads_and_saves_byte_for_byte() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/foundation-roster-v2.json");
    let text = std::fs::read_to_string(&path).expect("fixture");
    let roster = muster::store::document::parse::<Roster>(&text, "x").expect("reads");
    assert!(
        roster
            .characters
            .iter()
            .all(|c| c.equipment.is_empty() && c.powers.is_empty())
    );
    let written = muster::store::to_json(&roster).expect("writes");
    // Byte for byte but for the schema version, which rose since (a roster
    // kept its shape).
    let text = text.replacen(
        "\"schema_version\": 2,",
        &format!("\"schema_version\": {},", muster::store::SCHEMA_VERSION),
        1,
    );
    assert_eq!(written, text, "no new field written for an empty list");
}

#[test]
fn gear_and_powers_are_written_with_only_the_values_set() {
    let mut r = band(true);
    r.characters[0].equipment = vec![sword(), Gear::new("Frag grenades", GearKind::Other)];
    r.characters[0].powers = vec![PowerCard {
        target: Some(PowerTarget::Individual),
        ..PowerCard::new("Mind war")
    }];
    let text = muster::store::to_json(&r).expect("writes");
    assert!(text.contains("\"strength\": 5"), "{text}");
    assert!(text.contains("\"kind\": \"melee\""), "{text}");
    assert!(text.contains("\"target\": \"individual\""), "{text}");
    assert!(!text.contains("\"save\""), "unset values left out: {text}");
    assert!(!text.contains("\"lasting\""), "{text}");
    let back = muster::store::document::parse::<Roster>(&text, "b").expect("reads");
    assert_eq!(back, r);
    // An unknown field of an item is refused with its place, not dropped.
    let bad = text.replace("\"strength\": 5", "\"strenght\": 5");
    let e = muster::store::document::parse::<Roster>(&bad, "b").expect_err("refused");
    assert!(
        muster::i18n::Lang::En.doc_error(&e).contains("strenght"),
        "{}",
        muster::i18n::Lang::En.doc_error(&e)
    );
}

#[test]
fn cc_12_an_item_s_own_save_modifier_loads_round_trips_and_is_checked() {
    use muster::rules::characters::equipment::check;
    // An item written before it had one loads with none, and is written
    // back unchanged.
    let old = r#"{"name":"Power sword","kind":"melee","strength":5}"#;
    let g: Gear = serde_json::from_str(old).expect("old item");
    assert_eq!(g.save_modifier, None);
    assert_eq!(serde_json::to_string(&g).expect("json"), old);
    let axe = Gear {
        strength: Some(6),
        save_modifier: Some(-2),
        ..Gear::new("Power axe", GearKind::Melee)
    };
    let text = serde_json::to_string(&axe).expect("json");
    assert!(text.contains(r#""save_modifier":-2"#), "{text}");
    assert_eq!(serde_json::from_str::<Gear>(&text).expect("back"), axe);
    assert!(check("Kal", false, std::slice::from_ref(&axe), &[]).is_empty());
    // Beyond what a weapon may give: a problem naming CC-12 and the item.
    let bad = Gear {
        save_modifier: Some(-9),
        ..axe
    };
    let problems = check("Kal", false, &[bad], &[]);
    assert_eq!(problems.len(), 1);
    assert_eq!(
        (problems[0].rule.as_ref(), problems[0].kind),
        ("CC-12", ProblemKind::GearSaveModifier)
    );
    assert_eq!(problems[0].get("item"), Some("Power axe"));
}
