//! A campaign character's equipment and power cards (CMP-7) wherever they
//! are read again: the gear events replayed exactly through the file, the
//! escort exported as a roster, the campaign sheet, and the service record
//! saying the gear gained and lost, each with its mission.

use muster::i18n::Lang;
use muster::print::{Block, SheetOptions, campaign_sheet};
use muster::rules::ProblemKind;
use muster::rules::campaign::{Campaign, EscortId, ExportedEscort, Member};
use muster::rules::{Gear, GearEdit, GearKind, PowerCard};

use super::equipment::{after_mission, character, gear, human, id, started, sword};
use crate::rules::campaign::rules;
use muster::rules::campaign::queries;
use muster::rules::campaign::replay;

#[test]
fn gear_events_replay_exactly_through_the_file() {
    let r = rules();
    let c = started(vec![human("Ada", false), human("Vael", true)], r);
    let c = gear(&c, "Ada", GearEdit::AddGear { gear: sword() }, r);
    let c = gear(
        &c,
        "Vael",
        GearEdit::AddPower {
            power: PowerCard::new("Smite"),
        },
        r,
    );
    let c = after_mission(&c, &[], 1, r);
    let c = gear(
        &c,
        "Ada",
        GearEdit::SetGear {
            at: 0,
            gear: Gear::new("Chainsword", GearKind::Melee),
        },
        r,
    );
    let text = muster::store::to_json(&c).unwrap();
    assert!(text.contains("\"add_gear\""), "the event in the file");
    let back = muster::store::document::parse::<Campaign>(&text, "c").unwrap();
    assert_eq!(back, c);
    let (replayed, _) = back.replay(r).expect("replays");
    assert!(replay::same_state(&replayed, &c));
    assert_eq!(
        character(&replayed, "Ada").equipment,
        [Gear::new("Chainsword", GearKind::Melee)]
    );
    assert!(
        replay::validate(&back, r).is_empty(),
        "{:?}",
        replay::validate(&back, r)
    );
    // Equipment changed behind the journal is caught.
    let mut forged = c.clone();
    let i = forged
        .characters
        .iter()
        .position(|x| x.name() == "Ada")
        .unwrap();
    let mut x = (*forged.characters[i]).clone();
    if let Member::Character(ch) = &mut x.member {
        ch.equipment.clear();
    }
    std::sync::Arc::make_mut(&mut forged.characters)[i] = std::sync::Arc::new(x);
    assert!(
        replay::validate(&forged, r)
            .iter()
            .any(|p| p.kind == ProblemKind::JournalDisagrees)
    );
}

#[test]
fn cmp_7_the_exported_roster_and_the_campaign_sheet_carry_equipment_and_powers() {
    let r = rules();
    let c = started(vec![human("Ada", false), human("Vael", true)], r);
    let c = gear(&c, "Ada", GearEdit::AddGear { gear: sword() }, r);
    let c = gear(
        &c,
        "Vael",
        GearEdit::AddPower {
            power: PowerCard::new("Smite"),
        },
        r,
    );
    let Some(ExportedEscort::Roster(roster)) =
        queries::sequel(&c).export_escort(EscortId(1), "After")
    else {
        panic!("a roster");
    };
    assert_eq!(roster.characters[0].equipment, [sword()]);
    assert_eq!(roster.characters[1].powers, [PowerCard::new("Smite")]);
    assert!(roster.validate(r).is_empty(), "{:?}", roster.validate(r));

    let sheet = campaign_sheet(
        &c,
        r,
        SheetOptions {
            lang: Lang::En,
            appendix: false,
            what: muster::print::Printout::Sheet,
        },
    );
    let cards = sheet
        .sections
        .iter()
        .find(|s| s.id == "escort-1")
        .and_then(|s| match &s.blocks[0] {
            Block::Cards { cards } => Some(cards),
            _ => None,
        })
        .expect("the escort's cards");
    let ada = cards.iter().find(|k| k.title == "Ada").expect("Ada");
    let table = ada
        .tables
        .iter()
        .find(|t| t.columns[0] == "Equipment")
        .expect("Ada's equipment");
    assert_eq!(table.rows[0][0], "Power sword");
    assert_eq!(table.rows[0][2], "5", "its S");
    let vael = cards.iter().find(|k| k.title == "Vael").expect("Vael");
    let powers = vael
        .tables
        .iter()
        .find(|t| t.columns[0] == "Psychic power")
        .expect("Vael's cards");
    assert_eq!(powers.rows[0][0], "Smite");
}

/// CMP-7: a character's service record says the gear he gained and lost
/// by the campaign's events, each with its mission; a move or a
/// correction of a value is not a gain.
#[test]
fn cmp_7_the_service_record_says_the_gear_gained_and_lost() {
    use muster::rules::campaign::chronicle::{chronicle, service_record};
    let r = rules();
    let c = started(vec![human("Ada", false), human("Bob", false)], r);
    let c = gear(&c, "Ada", GearEdit::AddGear { gear: sword() }, r);
    let pistol = Gear::new("Bolt pistol", GearKind::Ranged);
    let c = gear(&c, "Ada", GearEdit::AddGear { gear: pistol }, r);
    let c = gear(&c, "Ada", GearEdit::MoveGear { from: 1, to: 0 }, r);
    let sharper = Gear {
        strength: Some(6),
        ..sword()
    };
    let c = gear(
        &c,
        "Ada",
        GearEdit::SetGear {
            at: 1,
            gear: sharper,
        },
        r,
    );
    let c = gear(&c, "Ada", GearEdit::RemoveGear { at: 0 }, r);
    let story = chronicle(&c, r).expect("the journal plays");
    let said: Vec<(bool, String)> = service_record(&story, id(&c, "Ada"))
        .gear
        .iter()
        .map(|(_, won, what)| (*won, muster::i18n::Lang::En.msg(what)))
        .collect();
    assert_eq!(
        said,
        vec![
            (true, "Power sword".to_owned()),
            (true, "Bolt pistol".to_owned()),
            (false, "Bolt pistol".to_owned()),
        ]
    );
    assert!(service_record(&story, id(&c, "Bob")).gear.is_empty());
}
