//! The campaign's sheet: its status, each escort's states and missions,
//! a Survival said as the rules decide it, each weapon's range and profile,
//! the single-use items struck off at the table, the house rules in force
//! and the next mission's named models.

use crate::common::rules;
use crate::print::{campaign, card_of, en, has, pdf_text};
use muster::i18n::Lang;
use muster::print::{Block, Paper, SheetOptions, campaign_sheet};
use muster::rules::campaign::State;

#[test]
fn campaign_sheet_model_shows_status_states_and_missions() {
    let rules = rules();
    let c = campaign();
    let sheet = campaign_sheet(&c, rules, en());
    let texts = sheet.texts().join("\n");
    assert!(texts.contains(&format!("{} of {}", c.vp, c.settings.vp_threshold)));
    for cc in c.characters.iter() {
        assert!(texts.contains(cc.name()), "{}", cc.name());
    }
    // Every character's state, as a word, and whether he plays next.
    let cards: Vec<_> = sheet
        .sections
        .iter()
        .flat_map(|s| &s.blocks)
        .filter_map(|b| match b {
            Block::Cards { cards } => Some(cards),
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(cards.len(), c.characters.len());
    for cc in c.characters.iter() {
        let card = cards.iter().find(|k| k.title == cc.name()).expect("card");
        let state = Lang::En.t(cc.state.key());
        assert!(card.tags[0].text.contains(state), "{:?}", card.tags);
        let plays = card.tags.iter().any(|t| t.text.contains("plays the next"));
        assert_eq!(plays, cc.state.alive() && cc.can_play(), "{}", cc.name());
        if cc.state == State::Dead {
            assert!(!card.tags.iter().any(|t| t.text.contains("misses")));
        }
    }
    // The missions played, from the journal.
    let missions = sheet
        .sections
        .iter()
        .find(|s| s.id == "missions")
        .expect("missions played");
    let Block::Table(t) = &missions.blocks[0] else {
        panic!("a table");
    };
    assert_eq!(
        t.rows.len(),
        usize::try_from(c.missions_played).expect("small")
    );
    for (i, row) in t.rows.iter().enumerate() {
        assert_eq!(row[0], (i + 1).to_string());
        assert!(!row[2].is_empty() && !row[3].is_empty(), "{row:?}");
        assert!(row[4].contains("achieved") || row[4].contains("failed"));
    }
}

#[test]
fn cmp_2_the_campaign_sheet_says_a_survival_survived_while_a_character_stood() {
    use muster::rules::campaign::{CampaignEdit, DebriefEdit, MissionResult};
    let rules = rules();
    // The example's fourth mission, a Survival, ended with every
    // character standing and its objective not ticked.
    let c = crate::common::ok(
        &crate::common::example_campaign_at_the_table(rules),
        CampaignEdit::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: false,
                vp: 0,
            },
            played: vec![],
        }),
        rules,
    );
    let sheet = campaign_sheet(&c, rules, en());
    let missions = (sheet.sections.iter())
        .find(|s| s.id == "missions")
        .expect("missions played");
    let Block::Table(t) = &missions.blocks[0] else {
        panic!("a table");
    };
    let fourth = t.rows.iter().find(|r| r[0] == "4").expect("the fourth");
    assert_eq!(fourth[4], "✔ achieved", "{fourth:?}");
}

/// The campaign sheet gives each ranged weapon of the escorts its range
/// and shooting profile: a Rogue Trader character's (short and long range,
/// to-hit modifiers at each, S, save modifier, damage; a lasgun written
/// without a range takes the armoury's) in the kill-team card's columns,
/// in the model and in the PDF, in English and in French.
#[test]
fn the_campaign_sheet_prints_each_ranged_weapon_s_range_and_profile() {
    let rules = rules();
    let c = campaign();
    let sheet = campaign_sheet(&c, rules, en());
    let brask = card_of(&sheet, "Sergeant Brask");
    let weapons = brask
        .tables
        .iter()
        .find(|t| t.columns[0] == "Weapon")
        .expect("his weapons as they fire");
    assert_eq!(
        weapons.columns,
        ["Weapon", "Type", "Range", "To hit", "S", "AP", "D"]
    );
    assert_eq!(
        weapons.rows,
        [[
            "Lasgun",
            "ranged weapon",
            "12\"/24\"",
            "+1/0",
            "3",
            "-1",
            "1"
        ]],
        "the lasgun only: not his grenades nor his armour"
    );
    // The kill team's soldiers keep their weapons' table, in the same words.
    let dace = card_of(&sheet, "Trooper Dace");
    let kt = dace
        .tables
        .iter()
        .find(|t| t.columns[0] == "Weapon")
        .expect("his weapons");
    assert_eq!(kt.columns, ["Weapon", "Type", "Range", "S", "AP", "D"]);
    assert_eq!(
        kt.rows[0],
        ["Lasgun", "Rapid Fire 1", "24\"", "3", "0", "1"]
    );

    let (text, _) = pdf_text(&sheet, Paper::A4);
    assert!(has(&text, "Range To hit S AP D"), "{text}");
    assert!(
        has(&text, "Lasgun ranged weapon 12\"/24\" +1/0 3 -1 1"),
        "{text}"
    );
    assert!(
        has(&text, "Laspistol pistol 8\"/16\" +2/-1 3 -1 1"),
        "{text}"
    );

    let fr = campaign_sheet(
        &c,
        rules,
        SheetOptions {
            lang: Lang::Fr,
            appendix: false,
            what: muster::print::Printout::Sheet,
        },
    );
    let (text, _) = pdf_text(&fr, Paper::A4);
    assert!(has(&text, "Portée Touche F PA D"), "{text}");
    assert!(
        has(&text, "Lasgun arme de tir 12\"/24\" +1/0 3 -1 1"),
        "{text}"
    );
}

#[test]
fn the_campaign_sheet_ticks_the_single_use_items_struck_off_at_the_table() {
    let rules = rules();
    let c = crate::common::team_at_the_table(&crate::common::example_team(), rules, |c| {
        vec![muster::rules::campaign::CampaignEdit::Items(
            muster::rules::campaign::ItemEdit::StrikeItem {
                character: crate::common::char_id(c, "Trooper Vell"),
                item: "smoke_grenade".into(),
                struck: true,
            },
        )]
    });
    let sheet = campaign_sheet(&c, rules, en());
    let card = |name: &str| {
        card_of(&sheet, name)
            .lines
            .iter()
            .map(|l| format!("{}: {}", l.label, l.value))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let vell = card("Trooper Vell");
    assert!(
        vell.contains("☒"),
        "the thrown smoke grenade is ticked: {vell}"
    );
    assert!(!vell.contains("☐"), "{vell}");
    // Dace's medikit, still unused, keeps its empty box.
    let dace = card("Trooper Dace");
    assert!(dace.contains("☐") && !dace.contains("☒"), "{dace}");
}

// CMP-6: the reading a group picked prints on its campaign's sheet, by its
// name, beside the built-in one.
#[test]
fn cmp_6_the_campaign_sheet_lists_the_house_rules_in_force() {
    use muster::rules::campaign::{CampaignEdit, RulesEdit};
    let r = rules();
    let c = campaign();
    let mut rng = muster::rules::core::dice::seeded(1);
    let (c, _) = muster::rules::Document::apply(
        &c,
        CampaignEdit::HouseRules(RulesEdit::Set {
            place: "campaign.json/battle_vp/offered_as_mission_vp".into(),
            value: Some(false.into()),
        }),
        r,
        &mut rng,
    )
    .expect("changed");
    let sheet = campaign_sheet(&c, r, en());
    let section = sheet
        .sections
        .iter()
        .find(|s| s.id == "house_rules")
        .expect("a house-rules section");
    assert_eq!(section.title, "House rules in force");
    let text: Vec<String> = section
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Text { text } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(text[0].contains("1 house rules"), "{text:?}");
    assert!(
        text[1].starts_with("• CMP-6 · campaign.battle_vp.offered_as_mission_vp: Kept apart (built-in: Battle VP offered)."),
        "{text:?}"
    );
    // Printed in the PDF too.
    let (pdf, _) = pdf_text(&sheet, Paper::A4);
    assert!(pdf.contains("House rules in force"), "{pdf}");
}

/// The campaign sheet's next mission names the models the mission names,
/// with what it says of each (the traitor contact of "Betrayed"), in the
/// model and in the PDF.
#[test]
fn the_campaign_sheet_names_the_mission_s_named_models() {
    use muster::rules::campaign::MissionType;
    let rules = rules();
    let c = crate::common::escort_at_the_mission(
        crate::common::band_escort("Anne", &crate::common::example_band()),
        (MissionType::Survival, "survival_betrayed"),
        rules,
    );
    let sheet = campaign_sheet(&c, rules, en());
    let next = sheet
        .sections
        .iter()
        .find(|s| s.id == "next")
        .expect("the next mission");
    let Block::Facts { facts } = &next.blocks[0] else {
        panic!("facts");
    };
    let contact = facts
        .iter()
        .find(|f| f.label == "The traitor contact")
        .expect("the traitor contact");
    assert!(
        contact.value.contains("sold you to the enemy"),
        "{contact:?}"
    );
    let (text, _) = pdf_text(&sheet, Paper::A4);
    assert!(text.contains("The traitor contact"), "{text}");
}
