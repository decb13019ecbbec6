//! A campaign character's equipment and power cards (CMP-7, CHR-16): each
//! change is one journaled event, refused for the dead and, for power
//! cards, for a character without psychic powers; points spent can buy an
//! item for a character in the same event. Then the same through the
//! widgets of the history view and the reinforcements step.

use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::campaign::queries;
use muster::rules::campaign::{
    Bought, Campaign, CampaignEdit as E, CharId, EscortId, Member, MissionChoice, MissionResult,
    NewEscort, Phase, Purchase, State,
};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::{Character, Document, Gear, GearEdit, GearKind, PowerCard, RulesData};

use crate::common::{ok, refused};
use crate::rules::campaign::rules;
use muster::rules::campaign::replay;
use muster::rules::campaign::{
    DebriefEdit, PreparationEdit, ReinforcementEdit, SetupEdit, TableEdit,
};

/// A human; a psyker when `psychic`.
pub(crate) fn human(name: &str, psychic: bool) -> Member {
    let mut c = Character::new(0, name, "human");
    c.psychic = psychic;
    Member::Character(c)
}

/// Started with Anne's escort of `members`: its first mission drawn.
pub(crate) fn started(members: Vec<Member>, r: &RulesData) -> Campaign {
    let c = Campaign::new("c", "Test", &r.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::AddEscort {
            escort: NewEscort {
                player: "Anne".into(),
                source: "Band".into(),
                kind: muster::rules::campaign::EscortKind::Band,
                members,
                doc: None,
            },
        }),
        r,
    );
    ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice {
                draw: Some(Roll::from_faces(6, vec![1], 0)),
                ..MissionChoice::default()
            },
        }),
        r,
    )
}

/// The mission played: `out` taken out of action, the objective met; then
/// each of them tests his Cran with `face`.
pub(crate) fn after_mission(c: &Campaign, out: &[&str], face: u32, r: &RulesData) -> Campaign {
    let mut c = ok(c, E::Preparation(PreparationEdit::BeginMission), r);
    for n in out {
        let character = id(&c, n);
        c = ok(
            &c,
            E::Table(TableEdit::SetOutOfAction {
                character,
                out: true,
            }),
            r,
        );
    }
    c = ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        }),
        r,
    );
    for n in out {
        let character = id(&c, n);
        let roll = Some(Roll::from_faces(c.settings.cran_die, vec![face], 0));
        c = ok(&c, E::Debrief(DebriefEdit::CranTest { character, roll }), r);
    }
    c
}

pub(crate) fn id(c: &Campaign, name: &str) -> CharId {
    crate::common::char_id(c, name)
}

pub(crate) fn character<'a>(c: &'a Campaign, name: &str) -> &'a Character {
    match &queries::character(c, id(c, name))
        .expect("character")
        .member
    {
        Member::Character(ch) => ch,
        Member::Soldier(_) => panic!("a Rogue Trader character"),
    }
}

pub(crate) fn gear(c: &Campaign, who: &str, edit: GearEdit, r: &RulesData) -> Campaign {
    ok(
        c,
        E::Reinforcements(ReinforcementEdit::Gear {
            character: id(c, who),
            edit,
        }),
        r,
    )
}

pub(crate) fn sword() -> Gear {
    Gear {
        strength: Some(5),
        ..Gear::new("Power sword", GearKind::Melee)
    }
}

#[test]
fn cmp_7_a_campaign_characters_equipment_is_added_changed_moved_and_removed_by_events() {
    let r = rules();
    let c = started(vec![human("Ada", false), human("Bob", false)], r);
    let before = c.journal.len();
    let c = gear(&c, "Ada", GearEdit::AddGear { gear: sword() }, r);
    let c = gear(
        &c,
        "Ada",
        GearEdit::AddGear {
            gear: Gear::new(" Laspistol ", GearKind::Pistol),
        },
        r,
    );
    assert_eq!(
        character(&c, "Ada").equipment,
        [sword(), Gear::new("Laspistol", GearKind::Pistol)],
        "added in order, the name trimmed"
    );
    let c = gear(&c, "Ada", GearEdit::MoveGear { from: 1, to: 0 }, r);
    assert_eq!(character(&c, "Ada").equipment[0].name, "Laspistol");
    let c = gear(
        &c,
        "Ada",
        GearEdit::SetGear {
            at: 0,
            gear: Gear {
                note: "hot-shot".into(),
                ..Gear::new("Hot-shot laspistol", GearKind::Pistol)
            },
        },
        r,
    );
    let c = gear(&c, "Ada", GearEdit::RemoveGear { at: 1 }, r);
    assert_eq!(
        character(&c, "Ada").equipment,
        [Gear {
            note: "hot-shot".into(),
            ..Gear::new("Hot-shot laspistol", GearKind::Pistol)
        }]
    );
    assert!(character(&c, "Bob").equipment.is_empty(), "only Ada's");
    // One event each, in Ada's history, named in the journal.
    assert_eq!(c.journal.len(), before + 5);
    let ada = id(&c, "Ada");
    // Her history: the escort she came with, then the five gear events.
    let (_, outcomes) = c.replay(r).expect("replays");
    let since = |who| queries::history(&c, who, &outcomes).range(before..).count();
    assert_eq!(since(ada), 5);
    assert_eq!(since(id(&c, "Bob")), 0, "none of them in Bob's");
    assert_eq!(c.journal[before].event.label(), "history.add_gear");
    // The log line names the character and the item.
    let mut rng = seeded(1);
    let (_, outcome) = c
        .apply(
            E::Reinforcements(ReinforcementEdit::Gear {
                character: ada,
                edit: GearEdit::RemoveGear { at: 0 },
            }),
            r,
            &mut rng,
        )
        .expect("removed");
    let line = Lang::En.msg(&outcome.lines[0].1);
    assert_eq!(line, "Ada: remove equipment — Hot-shot laspistol.");
    // A place not in the list, a nameless item, a Strength off CC-11's
    // table: refused, nothing journaled.
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Gear {
            character: ada,
            edit: GearEdit::RemoveGear { at: 3 },
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::NoSuchGear);
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Gear {
            character: ada,
            edit: GearEdit::AddGear {
                gear: Gear::new("  ", GearKind::Other),
            },
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::EmptyName);
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Gear {
            character: ada,
            edit: GearEdit::AddGear {
                gear: Gear {
                    strength: Some(12),
                    ..Gear::new("Titan", GearKind::Melee)
                },
            },
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CC-11", ProblemKind::GearStrength)
    );
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Gear {
            character: ada,
            edit: GearEdit::AddGear {
                gear: Gear {
                    save: Some(1),
                    ..Gear::new("Fortress", GearKind::Armour)
                },
            },
        }),
        r,
    );
    assert_eq!((p.rule.as_ref(), p.kind), ("CC-12", ProblemKind::GearSave));
}

#[test]
fn chr_16_a_power_card_for_a_campaign_character_without_psychic_powers_is_refused() {
    let r = rules();
    let c = started(vec![human("Ada", false), human("Vael", true)], r);
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Gear {
            character: id(&c, "Ada"),
            edit: GearEdit::AddPower {
                power: PowerCard::new("Smite"),
            },
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CHR-16", ProblemKind::PowerNotPsychic)
    );
    assert_eq!(p.get("character"), Some("Ada"));
    assert!(character(&c, "Ada").powers.is_empty());
    // The psyker takes it, and may reorder and remove his cards.
    let c = gear(
        &c,
        "Vael",
        GearEdit::AddPower {
            power: PowerCard::new("Smite"),
        },
        r,
    );
    let c = gear(
        &c,
        "Vael",
        GearEdit::AddPower {
            power: PowerCard::new("Psychic shield"),
        },
        r,
    );
    let c = gear(&c, "Vael", GearEdit::MovePower { from: 1, to: 0 }, r);
    assert_eq!(
        character(&c, "Vael").powers,
        [PowerCard::new("Psychic shield"), PowerCard::new("Smite")]
    );
    let c = gear(&c, "Vael", GearEdit::RemovePower { at: 1 }, r);
    assert_eq!(
        character(&c, "Vael").powers,
        [PowerCard::new("Psychic shield")]
    );
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}

#[test]
fn cmp_13_the_equipment_of_a_dead_character_no_longer_changes() {
    let r = rules();
    let c = started(vec![human("Ada", false), human("Bob", false)], r);
    let c = gear(&c, "Bob", GearEdit::AddGear { gear: sword() }, r);
    // A 1 on the Cran test: dead (CMP-9).
    let c = after_mission(&c, &["Bob"], 1, r);
    assert_eq!(
        queries::character(&c, id(&c, "Bob")).unwrap().state,
        State::Dead
    );
    for edit in [
        GearEdit::AddGear {
            gear: Gear::new("Grenades", GearKind::Other),
        },
        GearEdit::RemoveGear { at: 0 },
    ] {
        let p = refused(
            &c,
            E::Reinforcements(ReinforcementEdit::Gear {
                character: id(&c, "Bob"),
                edit,
            }),
            r,
        );
        assert_eq!((p.rule.as_ref(), p.kind), ("CMP-13", ProblemKind::DeadGear));
        let said = Lang::En.problem_line(&p);
        assert!(
            said.contains("Bob is no longer in the escort") && said.contains("equipment"),
            "{said}"
        );
    }
    assert_eq!(character(&c, "Bob").equipment, [sword()], "kept as it was");
    // Nor is an item bought for him: the points stay unspent.
    let points = queries::recruiting(&c).pool(EscortId(1));
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Spend {
            escort: EscortId(1),
            points: 1,
            what: String::new(),
            bought: Some(muster::rules::campaign::Bought {
                character: id(&c, "Bob"),
                item: muster::rules::campaign::Purchase::Gear(Gear::new(
                    "Grenades",
                    GearKind::Other,
                )),
            }),
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::DeadGear);
    assert_eq!(queries::recruiting(&c).pool(EscortId(1)), points);
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
    // A file whose journal gives the dead man a new item is refused.
    let mut forged = c.clone();
    let mission = forged.journal.last().expect("an entry").mission;
    forged
        .journal
        .push(std::sync::Arc::new(muster::rules::campaign::Entry {
            mission,
            event: E::Reinforcements(ReinforcementEdit::Gear {
                character: id(&c, "Bob"),
                edit: GearEdit::AddGear {
                    gear: Gear::new("Grenades", GearKind::Other),
                },
            }),
            stamp: None,
        }));
    let problems = forged.validate(r);
    assert!(
        problems
            .iter()
            .any(|p| p.rule == "CMP-13" && p.kind == ProblemKind::JournalRefused),
        "{problems:?}"
    );
    // The living may still change theirs.
    let c = gear(&c, "Ada", GearEdit::AddGear { gear: sword() }, r);
    assert_eq!(character(&c, "Ada").equipment.len(), 1);
}

#[test]
fn cmp_7_points_spent_buy_an_item_for_a_character_in_the_same_event() {
    let r = rules();
    let c = started(vec![human("Ada", false), human("Vael", true)], r);
    let c = after_mission(&c, &[], 1, r);
    assert_eq!(c.phase, Phase::Debrief);
    let held = c.escorts[0].reinforcement;
    assert!(held >= 10);
    let ada = id(&c, "Ada");
    let before = c.journal.len();
    let bought = Bought {
        character: ada,
        item: Purchase::Gear(Gear::new("Bolt pistol", GearKind::Pistol)),
    };
    let mut rng = seeded(1);
    let (c, outcome) = c
        .apply(
            E::Reinforcements(ReinforcementEdit::Spend {
                escort: EscortId(1),
                points: 5,
                what: String::new(),
                bought: Some(bought.clone()),
            }),
            r,
            &mut rng,
        )
        .expect("bought");
    // One event: the points paid and the pistol in Ada's hands.
    assert_eq!(c.journal.len(), before + 1);
    assert_eq!(c.escorts[0].reinforcement, held - 5);
    assert_eq!(
        character(&c, "Ada").equipment,
        [Gear::new("Bolt pistol", GearKind::Pistol)]
    );
    assert_eq!(
        Lang::En.msg(&outcome.lines[0].1),
        "5 reinforcement points spent on Bolt pistol for Ada."
    );
    assert_eq!(
        c.journal[before].event,
        E::Reinforcements(ReinforcementEdit::Spend {
            escort: EscortId(1),
            points: 5,
            what: "Bolt pistol".into(),
            bought: Some(bought),
        }),
        "stored as applied: the item names the spending"
    );
    assert!(
        crate::rules::campaign::history_labels(&c, ada, r).last() == Some(&"campaign.event.spend"),
        "in Ada's history"
    );
    // A power card for a character without psychic powers (CHR-16): the
    // whole spending is refused, no point paid.
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Spend {
            escort: EscortId(1),
            points: 5,
            what: "Smite".into(),
            bought: Some(Bought {
                character: ada,
                item: Purchase::Power(PowerCard::new("Smite")),
            }),
        }),
        r,
    );
    assert_eq!(p.rule, "CHR-16");
    // The psyker buys one.
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Spend {
            escort: EscortId(1),
            points: 5,
            what: "Smite".into(),
            bought: Some(Bought {
                character: id(&c, "Vael"),
                item: Purchase::Power(PowerCard::new("Smite")),
            }),
        }),
        r,
    );
    assert_eq!(character(&c, "Vael").powers, [PowerCard::new("Smite")]);
    assert_eq!(c.escorts[0].reinforcement, held - 10);
    // The journal replays to the same state (one event, one step).
    let (replayed, _) = c.replay(r).expect("replays");
    assert!(replay::same_state(&replayed, &c));
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}

#[test]
fn cmp_7_a_spend_of_an_older_muster_without_an_item_still_replays() {
    let r = rules();
    let c = started(vec![human("Ada", false)], r);
    let c = after_mission(&c, &[], 1, r);
    // As an older Muster wrote it: no `bought`.
    let old: E =
        serde_json::from_str(r#"{"spend": {"escort": 1, "points": 3, "what": "Grenades"}}"#)
            .expect("an old event");
    assert_eq!(
        old,
        E::Reinforcements(ReinforcementEdit::Spend {
            escort: EscortId(1),
            points: 3,
            what: "Grenades".into(),
            bought: None,
        })
    );
    let before = queries::recruiting(&c).pool(EscortId(1));
    assert!(before >= 3, "points to spend: {before}");
    let c = ok(&c, old, r);
    // The points are spent all the same (CMP-7), and the journal replays.
    assert_eq!(queries::recruiting(&c).pool(EscortId(1)), before - 3);
    let (replayed, _) = c.replay(r).expect("replays");
    assert_eq!(queries::recruiting(&replayed).pool(EscortId(1)), before - 3);
    let text = serde_json::to_string(&c.journal.last().unwrap().event).unwrap();
    assert!(!text.contains("bought"), "written as before: {text}");
    assert!(character(&c, "Ada").equipment.is_empty(), "only noted");
    assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
}
