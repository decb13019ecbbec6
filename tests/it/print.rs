//! Printed sheets: the sheet model of the three examples, their PDFs read
//! back as text, long rosters over several pages, French sheets, the
//! Markdown export and the `print`/`export` command line.

use std::path::Path;
use std::process::Command;

use crate::common::rules;
use muster::i18n::Lang;
use muster::print::markdown::to_markdown;
use muster::print::pdf::{page_count, typeset};
use muster::print::{
    Block, Paper, Sheet, SheetKind, SheetOptions, band_sheet, campaign_sheet, killteam_sheet,
    render_pdf,
};
use muster::rules::campaign::{Campaign, State};
use muster::rules::killteam::{ItemId, derive};
use muster::rules::{Character, Characteristic, KillTeam, Roster, RulesData};
use muster::store::{self, Kinds};

fn example(name: &str) -> muster::rules::Doc {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/examples")
        .join(name);
    store::read_file(&Kinds::default(), &path).expect("example reads")
}

fn team() -> KillTeam {
    example("killteam.json")
        .get::<KillTeam>()
        .cloned()
        .expect("kill team")
}

fn band() -> Roster {
    example("rt-band.json")
        .get::<Roster>()
        .cloned()
        .expect("roster")
}

fn campaign() -> Campaign {
    example("campaign.json")
        .get::<Campaign>()
        .cloned()
        .expect("campaign")
}

fn en() -> SheetOptions {
    SheetOptions {
        lang: Lang::En,
        appendix: false,
        what: muster::print::Printout::Sheet,
    }
}

/// The text of a PDF, by pdftotext (poppler-utils, which CI installs); on
/// a machine without it, the text typst laid out on the pages, so that the
/// content is still checked.
fn pdf_text(sheet: &Sheet, paper: Paper) -> (String, usize) {
    let pdf = render_pdf(sheet, paper, None).expect("renders");
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("sheet.pdf");
    std::fs::write(&path, &pdf).expect("write");
    match Command::new("pdftotext").arg(&path).arg("-").output() {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            // pdftotext separates pages with a form feed.
            let pages = text.matches('\u{c}').count().max(1);
            (text, pages)
        }
        _ => {
            eprintln!("pdftotext not found: reading the typeset pages instead");
            let doc = typeset(sheet, paper, None).expect("typesets");
            let mut text = String::new();
            for page in doc.pages() {
                frame_text(&page.frame, &mut text);
                text.push('\u{c}');
            }
            (text, doc.pages().len())
        }
    }
}

fn frame_text(frame: &typst::layout::Frame, out: &mut String) {
    use typst::layout::FrameItem;
    for (_, item) in frame.items() {
        match item {
            FrameItem::Group(g) => frame_text(&g.frame, out),
            FrameItem::Text(t) => {
                out.push_str(&t.text);
                out.push(' ');
            }
            _ => {}
        }
    }
}

/// Words of `needle` all found in `haystack` with spacing ignored (a PDF's
/// text comes back with its own spaces).
fn has(haystack: &str, needle: &str) -> bool {
    let squash = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    squash(haystack).contains(&squash(needle))
}

/// A name in the extracted text: a long one wraps at its hyphens, where
/// pdftotext may drop the hyphen and put the wounds header between the
/// parts, so each part is looked for.
fn has_name(text: &str, name: &str) -> bool {
    let text = text.replace('-', "");
    name.split('-').all(|part| has(&text, part))
}

// ----- The sheet model ------------------------------------------------------

#[test]
fn killteam_sheet_model_holds_every_soldier_with_profile_weapons_and_rules() {
    // KT-6, KT-11, KT-12, KT-21 on the sheet.
    let rules = rules();
    let team = team();
    let sheet = killteam_sheet(&team, rules, en());
    assert_eq!(sheet.kind, SheetKind::KillTeam);
    assert_eq!(sheet.title, "Hark's Raiders");
    let ids: Vec<&str> = sheet.sections.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        ids,
        ["soldiers", "legend", "command", "vp", "ranges", "notes"]
    );
    let Block::Cards { cards } = &sheet.sections[0].blocks[0] else {
        panic!("cards first");
    };
    assert_eq!(cards.len(), team.soldiers.len());
    for (card, s) in cards.iter().zip(&team.soldiers) {
        assert_eq!(card.title, s.name);
        let d = derive(&rules.killteam, s).expect("derives");
        // The derived profile, with changed values marked.
        let profile = &card.tables[0];
        assert_eq!(profile.columns[..6], ["M", "W", "S", "T", "Sv", "CC"]);
        let w = profile.cell(0, 1).expect("wounds");
        assert_eq!(w.trim_end_matches('*'), d.profile.wounds.to_string());
        assert_eq!(w.ends_with('*'), d.changed("wounds"), "{}", s.name);
        // One wound box per wound.
        let track = card.track.as_ref().expect("wound boxes");
        assert_eq!(
            track.boxes,
            u32::try_from(d.profile.wounds).expect("positive")
        );
        // Every weapon, and every item and ribbon named with its rule on
        // the card, its rule text once in the legend.
        assert_eq!(card.tables[1].rows.len(), d.weapons.len());
        for c in &s.items {
            let item = rules.killteam.item(&c.item).expect("item");
            assert!(
                card.lines.iter().any(|l| l
                    .value
                    .contains(&format!("{} ({})", item.names["en"], item.rule))),
                "{} carries {}",
                s.name,
                c.item
            );
            assert!(
                !card
                    .lines
                    .iter()
                    .any(|l| l.value.contains(&item.text["en"]))
            );
        }
        if let Some(r) = &s.ribbon {
            let ribbon = rules.killteam.ribbon(r).expect("ribbon");
            assert!(card.lines.iter().any(|l| l.value.contains(&ribbon.rule)));
        }
    }
    let legend = sheet
        .sections
        .iter()
        .find(|s| s.id == "legend")
        .expect("a legend");
    let Block::Facts { facts } = &legend.blocks[0] else {
        panic!("the legend's texts");
    };
    for s in &team.soldiers {
        for c in &s.items {
            let item = rules.killteam.item(&c.item).expect("item");
            let label = format!("{} ({})", item.names["en"], item.rule);
            let found: Vec<_> = facts.iter().filter(|f| f.label == label).collect();
            assert_eq!(found.len(), 1, "{label} once in the legend");
            assert_eq!(found[0].value, item.text["en"]);
        }
    }
    // The Brute's +1 T shows as changed (RIB on the derived profile).
    let osk = cards
        .iter()
        .find(|c| c.title == "Trooper Osk")
        .expect("Osk");
    assert!(
        osk.tables[0].marked.iter().any(|&(_, col)| col == 3),
        "T marked"
    );
    // KT-11: the command points track and every stratagem with its cost.
    let Block::Track(cp) = &sheet.sections[2].blocks[1] else {
        panic!("a track");
    };
    assert_eq!(cp.numbered_from, Some(0));
    assert_eq!(cp.boxes, rules.killteam.command.track);
    let Block::Table(strat) = &sheet.sections[2].blocks[2] else {
        panic!("stratagems");
    };
    let costs: Vec<&str> = strat.rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(costs, ["1 CP", "2 CP", "3 CP", "4 CP"]);
    // KT-21: every soldier kind's VP.
    let Block::Table(vp) = &sheet.sections[3].blocks[0] else {
        panic!("VP table");
    };
    assert_eq!(vp.rows.len(), rules.killteam.soldier_kinds.len());
    assert!(
        vp.rows
            .iter()
            .any(|r| r == &["Sergeant".to_owned(), "2".to_owned()])
    );
    // KT-12: the bands of each class, from the data.
    let Block::Table(ranges) = &sheet.sections[4].blocks[0] else {
        panic!("ranges");
    };
    assert_eq!(ranges.rows[0][1], "0–6\": auto");
    assert_eq!(ranges.rows[0][2], "7–12\": 2+");
    assert_eq!(ranges.rows[2][1], "0–18\": cannot fire");
    // The rules named, in order.
    let named = sheet.rule_ids();
    for id in ["KT-11", "KT-12", "KT-13", "KT-21", "EQ-31", "RIB-12"] {
        assert!(named.iter().any(|n| n == id), "{id} in {named:?}");
    }
}

#[test]
fn band_sheet_model_shows_start_and_current_profiles() {
    let rules = rules();
    let roster = band();
    let sheet = band_sheet(&roster, rules, en());
    assert_eq!(sheet.kind, SheetKind::Band);
    let Block::Cards { cards } = &sheet.sections[0].blocks[0] else {
        panic!("cards");
    };
    assert_eq!(cards.len(), roster.characters.len());
    for (card, c) in cards.iter().zip(&roster.characters) {
        assert_eq!(card.title, c.name);
        let start = c.start_profile(rules).expect("start");
        let now = c.profile(rules).expect("now");
        let t = &card.tables[0];
        assert_eq!(t.columns.len(), 13);
        for (i, (ch, v)) in now.iter().enumerate() {
            assert_eq!(t.cell(0, i + 1), Some(start.get(ch).to_string().as_str()));
            let shown = t.cell(1, i + 1).expect("now cell");
            assert_eq!(shown.trim_end_matches('*'), v.to_string());
            assert_eq!(shown.ends_with('*'), start.get(ch) != v);
        }
        assert_eq!(
            card.track.as_ref().map(|t| t.boxes),
            u32::try_from(now.get(Characteristic::W)).ok()
        );
        assert_eq!(
            card.tags.iter().any(|t| t.text.contains("psyker")),
            c.psychic
        );
    }
}

/// CHR-16: a psyker's power cards are on his card, with their target
/// (PSY-2) and whether they last (PSY-8); every character's equipment is
/// there too, in the sheet model and in the Markdown export.
#[test]
fn chr_16_band_sheet_shows_each_characters_equipment_and_power_cards() {
    let rules = rules();
    let roster = band();
    let vael = &roster.characters[0];
    assert!(
        vael.psychic && vael.powers.len() == 2,
        "the example's psyker"
    );
    let sheet = band_sheet(&roster, rules, en());
    let Block::Cards { cards } = &sheet.sections[0].blocks[0] else {
        panic!("cards");
    };
    for (card, c) in cards.iter().zip(&roster.characters) {
        assert!(!c.equipment.is_empty(), "{} carries gear", c.name);
        let gear = card
            .tables
            .iter()
            .find(|t| t.columns[0] == "Equipment")
            .expect("an equipment table");
        assert_eq!(gear.rows.len(), c.equipment.len());
        for (row, g) in gear.rows.iter().zip(&c.equipment) {
            assert_eq!(row[0], g.name);
        }
        let powers = card.tables.iter().find(|t| t.columns[0] == "Psychic power");
        assert_eq!(powers.is_some(), !c.powers.is_empty(), "{}", c.name);
    }
    let vael_card = &cards[0];
    let gear = &vael_card.tables[1];
    assert_eq!(
        gear.rows[0],
        ["Power sword", "melee weapon", "5", "—", ""],
        "name, kind, S, save, notes"
    );
    assert_eq!(gear.rows[2][3], "4+", "the armour's save");
    let powers = vael_card
        .tables
        .iter()
        .find(|t| t.columns[0] == "Psychic power")
        .expect("his power cards");
    assert_eq!(powers.columns, ["Psychic power", "Target (PSY-2)", "Notes"]);
    assert_eq!(
        powers.rows[1],
        ["Psychic shield", "individual", "lasting (PSY-8)"]
    );
    // The sheet's rules: the appendix, when asked, has PSY-2 and PSY-8.
    let ids = sheet.rule_ids();
    assert!(ids.contains(&"PSY-2".to_owned()) && ids.contains(&"PSY-8".to_owned()));

    let md = to_markdown(&sheet);
    assert!(
        md.contains("| Equipment | Kind | S | Save | Notes |"),
        "{md}"
    );
    assert!(
        md.contains("| Power sword | melee weapon | 5 | — |  |"),
        "{md}"
    );
    assert!(
        md.contains("| Smite | individual | first model in its path (PSY-1) |"),
        "{md}"
    );
    assert!(
        md.contains("| Psychic shield | individual | lasting (PSY-8) |"),
        "{md}"
    );

    // In French too.
    let fr = band_sheet(
        &roster,
        rules,
        SheetOptions {
            lang: Lang::Fr,
            appendix: false,
            what: muster::print::Printout::Sheet,
        },
    );
    let texts = fr.texts();
    for word in [
        "Équipement",
        "Pouvoir psychique",
        "arme de corps à corps",
        "durable (PSY-8)",
    ] {
        assert!(texts.contains(&word), "{word}");
    }
}

#[test]
fn campaign_sheet_model_shows_status_states_and_missions() {
    let rules = rules();
    let c = campaign();
    let sheet = campaign_sheet(&c, rules, en());
    let texts = sheet.texts().join("\n");
    assert!(texts.contains(&format!("{} of {}", c.vp, c.settings.vp_threshold)));
    for cc in &c.characters {
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
    for cc in &c.characters {
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

/// The card of the escort's character `name` on a sheet.
fn card_of<'a>(sheet: &'a Sheet, name: &str) -> &'a muster::print::Card {
    sheet
        .sections
        .iter()
        .flat_map(|s| &s.blocks)
        .filter_map(|b| match b {
            Block::Cards { cards } => Some(cards),
            _ => None,
        })
        .flatten()
        .find(|c| c.title == name)
        .unwrap_or_else(|| panic!("{name}'s card"))
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
fn appendix_holds_the_text_of_every_rule_named_in_the_language() {
    let rules = rules();
    let team = team();
    let fr = killteam_sheet(
        &team,
        rules,
        SheetOptions {
            lang: Lang::Fr,
            appendix: true,
            what: muster::print::Printout::Sheet,
        },
    );
    let mut bare = fr.clone();
    bare.appendix.clear();
    let named = bare.rule_ids();
    let listed: Vec<&str> = fr.appendix.iter().map(|r| r.id.as_str()).collect();
    for id in &named {
        if rules.reference.rule(id).is_some() {
            assert!(listed.contains(&id.as_str()), "{id}");
        }
    }
    let kt11 = fr.appendix.iter().find(|r| r.id == "KT-11").expect("KT-11");
    assert_eq!(
        kt11.text,
        rules.reference.rule("KT-11").expect("rule").text["fr"]
    );
    assert!(fr.texts().iter().any(|t| t.contains("Stratagème")));
    // …and the rules those texts name in turn, each once.
    for r in &fr.appendix {
        for id in muster::print::model::find_rule_ids(&r.text) {
            if rules.reference.rule(&id).is_some() {
                assert!(listed.contains(&id.as_str()), "{id} named by {}", r.id);
            }
        }
    }
    let mut unique = listed.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), listed.len());
    assert!(killteam_sheet(&team, rules, en()).appendix.is_empty());
}

#[test]
fn markdown_export_has_every_soldier_and_table() {
    let rules = rules();
    let team = team();
    let md = to_markdown(&killteam_sheet(&team, rules, en()));
    assert!(md.starts_with("# Hark's Raiders\n"));
    for s in &team.soldiers {
        assert!(md.contains(&format!("### {}", s.name)), "{}", s.name);
    }
    assert!(md.contains("| M | W | S | T | Sv | CC |"));
    assert!(md.contains("## Command points and stratagems (KT-11)"));
    // Changed values keep their mark, escaped so it is not emphasis.
    assert!(md.contains("\\*"));
}

// ----- PDFs -------------------------------------------------------------------

#[test]
fn killteam_pdf_is_one_page_with_every_name_and_value() {
    let rules = rules();
    let team = team();
    for paper in Paper::ALL {
        let sheet = killteam_sheet(&team, rules, en());
        assert_eq!(
            page_count(&sheet, paper, None).expect("typesets"),
            1,
            "{paper:?}"
        );
        let (text, pages) = pdf_text(&sheet, paper);
        assert_eq!(pages, 1);
        for s in &team.soldiers {
            assert!(has_name(&text, &s.name), "{} in the PDF", s.name);
            let d = derive(&rules.killteam, s).expect("derives");
            assert!(has(&text, &format!("{}+", d.profile.save)));
        }
        assert!(has(&text, "Reroll any one roll."));
    }
}

#[test]
fn band_and_campaign_pdfs_hold_every_name_and_profile() {
    let rules = rules();
    let roster = band();
    let (text, _) = pdf_text(&band_sheet(&roster, rules, en()), Paper::A4);
    for c in &roster.characters {
        assert!(has(&text, &c.name), "{}", c.name);
        let now = c.profile(rules).expect("profile");
        let row: String = now.iter().map(|(_, v)| v.to_string()).collect();
        // The row of current values, read as one run of digits.
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        assert!(digits.contains(&row), "{}'s profile {row}", c.name);
        // CHR-16: his equipment and power cards are printed.
        for g in &c.equipment {
            assert!(has(&text, &g.name), "{}'s {}", c.name, g.name);
        }
        for p in &c.powers {
            assert!(has(&text, &p.name), "{}'s {}", c.name, p.name);
        }
    }
    assert!(has(&text, "lasting (PSY-8)"));
    let c = campaign();
    let (text, _) = pdf_text(&campaign_sheet(&c, rules, en()), Paper::Letter);
    for cc in &c.characters {
        assert!(has(&text, cc.name()), "{}", cc.name());
    }
    assert!(has(&text, "seriously wounded"));
}

#[test]
fn a_forty_character_band_flows_onto_more_pages_with_nothing_lost() {
    let rules = rules();
    let mut roster = Roster::new("big", "The Forty");
    for i in 1..=40 {
        let mut c = Character::new(i, format!("Trooper Number{i:02}"), "human");
        c.notes = format!("Carries the banner of the {i}th company.");
        roster.characters.push(c);
    }
    let sheet = band_sheet(&roster, rules, en());
    let (text, pages) = pdf_text(&sheet, Paper::A4);
    assert!(pages > 1, "{pages} pages");
    for i in 1..=40 {
        assert!(has(&text, &format!("Trooper Number{i:02}")), "{i}");
        assert!(has(&text, &format!("{i}th company")), "{i}'s notes");
    }
    // Every page has its footer with the page count.
    assert!(has(&text, &format!("Page {pages} of {pages}")));
}

#[test]
fn french_pdf_holds_french_rule_texts() {
    let rules = rules();
    let team = team();
    let sheet = killteam_sheet(
        &team,
        rules,
        SheetOptions {
            lang: Lang::Fr,
            appendix: true,
            what: muster::print::Printout::Sheet,
        },
    );
    let (text, _) = pdf_text(&sheet, Paper::A4);
    assert!(has(&text, "Points de commandement et stratagèmes"));
    assert!(has(&text, "Relancer n'importe quel jet."));
    let torch = rules.killteam.item("torch").expect("torch");
    assert!(has(&text, "Équipement") || has(&text, &torch.names["fr"]) || has(&text, "Relance"));
    // An item's French rule text, accents and all.
    let s = &team.soldiers[0];
    let item = rules.killteam.item(&s.items[0].item).expect("item");
    assert!(has(&text, &item.text["fr"]), "{}", item.text["fr"]);
}

#[test]
fn a_broken_template_is_an_error_not_a_panic() {
    let rules = rules();
    let sheet = killteam_sheet(&team(), rules, en());
    let e = render_pdf(&sheet, Paper::A4, Some("#let x = (")).expect_err("broken");
    let shown = Lang::En.msg(&e.msg());
    assert!(
        shown.starts_with("The sheet template has an error"),
        "{shown}"
    );
    // A restyled template is used as it is.
    let pdf = render_pdf(
        &sheet,
        Paper::A4,
        Some("#let d = json(bytes(sys.inputs.data))\n= #d.title"),
    )
    .expect("renders");
    assert!(pdf.starts_with(b"%PDF-"));
}

#[test]
fn the_same_sheet_gives_the_same_pdf() {
    let rules = rules();
    let sheet = killteam_sheet(&team(), rules, en());
    let a = render_pdf(&sheet, Paper::A4, None).expect("renders");
    let b = render_pdf(&sheet, Paper::A4, None).expect("renders");
    assert_eq!(a, b);
}

// ----- Command line -----------------------------------------------------------

fn muster(data: &Path, args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .env("MUSTER_DATA_DIR", data)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status.code().expect("code"), out.stdout, stderr)
}

#[test]
fn cli_print_writes_a_pdf_and_exports_markdown() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let team = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/killteam.json");
    let out = dir.path().join("team.pdf");
    let (code, _, err) = muster(
        &data,
        &[
            "print",
            team,
            "-o",
            out.to_str().expect("utf-8"),
            "--paper",
            "letter",
            "--lang",
            "fr",
            "--appendix",
            "--tagged",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let pdf = std::fs::read(&out).expect("written");
    assert!(pdf.starts_with(b"%PDF-"));
    // Tagged for screen readers: the structure tree is there.
    assert!(pdf.windows(15).any(|w| w == b"/StructTreeRoot"));
    let (code, md, err) = muster(&data, &["export", team, "--format", "markdown"]);
    assert_eq!(code, 0, "{err}");
    let md = String::from_utf8(md).expect("utf-8");
    assert!(md.contains("# Hark's Raiders"));
    assert!(md.contains("### Sergeant Hark"));
}

#[test]
fn cli_print_exit_2_and_no_partial_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let team = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/killteam.json");
    // Unreadable input: exit 2, the existing output untouched.
    let out = dir.path().join("keep.pdf");
    std::fs::write(&out, b"my old sheet").expect("write");
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, b"{\"muster\": \"killteam\", ").expect("write");
    let (code, _, err) = muster(
        &data,
        &[
            "print",
            broken.to_str().expect("utf-8"),
            "-o",
            out.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    assert_eq!(std::fs::read(&out).expect("kept"), b"my old sheet");
    // Unwritable output: a folder that does not exist.
    let nowhere = dir.path().join("no/such/folder/team.pdf");
    let (code, _, err) = muster(
        &data,
        &["print", team, "-o", nowhere.to_str().expect("utf-8")],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("team.pdf"), "names the path: {err}");
    // A broken template of the user's: exit 2, the old file kept.
    std::fs::create_dir_all(data.join("sheets")).expect("mkdir");
    std::fs::write(data.join("sheets/sheet.typ"), "#let x = (").expect("write");
    let (code, _, err) = muster(&data, &["print", team, "-o", out.to_str().expect("utf-8")]);
    assert_eq!(code, 2);
    assert!(err.contains("template has an error"), "{err}");
    assert_eq!(std::fs::read(&out).expect("kept"), b"my old sheet");
    // Nothing else was left in the folder.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    // Bad arguments.
    let (code, _, _) = muster(&data, &["print", team, "-o", "x.pdf", "--paper", "a3"]);
    assert_eq!(code, 2);
}

#[test]
fn rule_ids_are_found_in_running_text() {
    use muster::print::model::find_rule_ids;
    assert_eq!(
        find_rule_ids("see KT-11 and EQ-3, (RIB-12); not AB-CD, XKTAB-1, KT-1a or kt-2"),
        ["KT-11", "EQ-3", "RIB-12"]
    );
    assert_eq!(
        find_rule_ids("Équipement (EQ-7) — PSY-12."),
        ["EQ-7", "PSY-12"]
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

#[test]
fn a_card_taller_than_a_page_breaks_across_pages_with_nothing_cut_off() {
    // One character with 120 items and about 10 000 characters of notes:
    // more than a page, which a card kept whole would lose off its foot.
    let rules = rules();
    let mut roster = Roster::new("tall", "The Tall One");
    let mut c = Character::new(1, "Quartermaster Holt", "human");
    for i in 1..=120 {
        c.equipment
            .push(muster::rules::characters::equipment::Gear::new(
                format!("Crate {i:03}"),
                muster::rules::characters::equipment::GearKind::Other,
            ));
    }
    c.notes = (1..=150)
        .map(|i| format!("Sentence number {i} of the quartermaster's ledger."))
        .collect::<Vec<_>>()
        .join(" ");
    roster.characters.push(c);
    roster
        .characters
        .push(Character::new(2, "Trooper Short", "human"));
    let sheet = band_sheet(&roster, rules, en());
    let (text, pages) = pdf_text(&sheet, Paper::A4);
    assert!(pages > 1, "{pages} pages");
    for i in 1..=120 {
        assert!(has(&text, &format!("Crate {i:03}")), "item {i}");
    }
    for i in [1, 70, 149, 150] {
        assert!(
            has(&text, &format!("Sentence number {i} of")),
            "sentence {i}"
        );
    }
    assert!(has(&text, "Trooper Short"));
}

// ----- One page, out of range, missing glyphs ---------------------------------

/// The worst kill team for the sheet's length: seven soldiers with long
/// names, each with the longest rule texts there are (the Specialist's two
/// longest items, or the longest item and the longest ribbon), in French.
fn worst_case_team(rules: &RulesData) -> KillTeam {
    let mut team = team();
    team.name = "Escouade de reconnaissance du régiment de Cadia".to_owned();
    let longest_item = |skip: &[&str]| {
        rules
            .killteam
            .equipment
            .iter()
            .filter(|i| i.restrictions.is_empty() && !skip.contains(&i.id.as_str()))
            .max_by_key(|i| i.text["fr"].chars().count())
            .map(|i| i.id.clone())
            .expect("an item")
    };
    let first = longest_item(&[]);
    let second = longest_item(&[first.as_str()]);
    let longest_ribbon = rules
        .killteam
        .ribbons
        .iter()
        .filter(|r| r.id != "specialist")
        .max_by_key(|r| r.text["fr"].chars().count())
        .map(|r| r.id.clone())
        .expect("a ribbon");
    let carried = |id: &ItemId| muster::rules::killteam::Carried {
        item: id.clone(),
        weapon: None,
    };
    for (i, s) in team.soldiers.iter_mut().enumerate() {
        s.name = format!("{} de la Tour-Vieille-d'Auvergne {}", s.name, i + 1);
        if i % 2 == 0 {
            s.ribbon = Some("specialist".into());
            s.items = vec![carried(&first), carried(&second)];
        } else {
            s.ribbon = Some(longest_ribbon.clone());
            s.items = vec![carried(&first)];
        }
    }
    team.notes = "Mission : reconnaître le col, tenir le pont jusqu'à la relève, \
                  ramener le sergent vivant."
        .repeat(2);
    team
}

/// KT-11: the kill-team sheet is one page for a seven-equivalent team, in
/// the worst case too: on A4 and on US Letter, in French, with every name
/// and profile value there.
#[test]
fn kt_11_the_worst_case_kill_team_sheet_is_one_page_on_a4_and_letter() {
    let rules = rules();
    let team = worst_case_team(rules);
    let problems = team.validate(rules);
    assert!(problems.is_empty(), "a legal team: {problems:?}");
    let fr = SheetOptions {
        lang: Lang::Fr,
        appendix: false,
        what: muster::print::Printout::Sheet,
    };
    let sheet = killteam_sheet(&team, rules, fr);
    for paper in Paper::ALL {
        let (text, pages) = pdf_text(&sheet, paper);
        assert_eq!(pages, 1, "{paper:?}");
        // The PDF's own page count says the same.
        let pdf = render_pdf(&sheet, paper, None).expect("renders");
        assert_eq!(
            pdf.windows(b"/Type /Page\n".len())
                .filter(|w| *w == b"/Type /Page\n")
                .count()
                .max(usize::from(
                    pdf.windows(b"/Type/Page/".len())
                        .any(|w| w == b"/Type/Page/")
                )),
            1,
            "{paper:?}"
        );
        for s in &team.soldiers {
            assert!(has_name(&text, &s.name), "{} in the PDF", s.name);
            let d = derive(&rules.killteam, s).expect("derives");
            let p = &d.profile;
            for v in [
                format!("{}\"", p.move_inches),
                format!("{}+", p.save),
                format!("{}+", p.close_combat),
            ] {
                assert!(has(&text, &v), "{}'s {v}", s.name);
            }
        }
        // Each rule text once, in the legend.
        let rope = rules.killteam.item("rope_and_grapnel").expect("item");
        assert_eq!(
            text.split_whitespace()
                .collect::<String>()
                .matches(&rope.text["fr"].split_whitespace().collect::<String>())
                .count(),
            1
        );
    }
}

/// KT-12, EQ-2: a sniper fires only within its 36": the range bands print
/// "out of range" beyond, not an empty cell.
#[test]
fn kt_12_eq_2_the_sniper_row_says_out_of_range_beyond_36_inches() {
    let rules = rules();
    let sheet = killteam_sheet(&team(), rules, en());
    let ranges = sheet
        .sections
        .iter()
        .find(|s| s.id == "ranges")
        .expect("ranges");
    let Block::Table(t) = &ranges.blocks[0] else {
        panic!("the bands");
    };
    let sniper = &t.rows[1];
    assert_eq!(sniper[0], "Sniper");
    assert_eq!(
        &sniper[1..5],
        [
            "0–12\": 6+",
            "13–24\": 4+",
            "25–36\": 2+",
            "37\"+: out of range"
        ]
    );
    // Most weapons and indirect ones fire at any range: no such cell.
    assert!(t.rows[0].iter().all(|c| !c.contains("out of range")));
    assert!(t.rows[2].iter().all(|c| !c.contains("out of range")));
    assert!(t.rows.iter().all(|r| r.len() == t.columns.len()));
    let (text, _) = pdf_text(&sheet, Paper::A4);
    assert!(has(&text, "37\"+: out of range"));
    let fr = killteam_sheet(
        &team(),
        rules,
        SheetOptions {
            lang: Lang::Fr,
            appendix: false,
            what: muster::print::Printout::Sheet,
        },
    );
    assert!(fr.texts().contains(&"37\"+: hors de portée"));
}

/// A name the embedded fonts cannot draw (Chinese, an emoji) is printed as
/// boxes, and the print says so instead of keeping quiet.
#[test]
fn a_character_the_fonts_lack_gives_a_warning_naming_it() {
    let rules = rules();
    let mut roster = band();
    roster.characters[0].name = "李小龍 the 🐉".to_owned();
    let sheet = band_sheet(&roster, rules, en());
    let printed = muster::print::pdf::print(&sheet, Paper::A4, None, false).expect("prints");
    assert!(printed.pdf.starts_with(b"%PDF-"));
    assert_eq!(printed.missing_glyphs, ['李', '小', '龍', '🐉']);
    let shown = Lang::En.msg(&printed.warning().expect("a warning"));
    assert!(
        shown.contains("cannot be printed with the sheet's fonts"),
        "{shown}"
    );
    assert!(
        shown.contains("李 (U+674E)") && shown.contains("🐉 (U+1F409)"),
        "{shown}"
    );
    let fr = Lang::Fr.msg(&printed.warning().expect("a warning"));
    assert!(fr.contains("polices de la fiche"), "{fr}");
    // Accents and the sheet's own signs are in the fonts: no warning.
    let plain =
        muster::print::pdf::print(&band_sheet(&band(), rules, en()), Paper::A4, None, false)
            .expect("prints");
    assert!(
        plain.missing_glyphs.is_empty(),
        "{:?}",
        plain.missing_glyphs
    );
    assert_eq!(plain.warning(), None);
    let campaign = muster::print::pdf::print(
        &campaign_sheet(&campaign(), rules, en()),
        Paper::A4,
        None,
        false,
    )
    .expect("prints");
    assert!(
        campaign.missing_glyphs.is_empty(),
        "{:?}",
        campaign.missing_glyphs
    );
}

#[test]
fn cli_print_warns_of_characters_the_fonts_lack_and_still_writes_the_pdf() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/rt-band.json"
    ))
    .expect("example");
    let mut json: serde_json::Value = serde_json::from_str(&src).expect("json");
    let first = json
        .pointer_mut("/roster/characters/0/name")
        .expect("a first character");
    *first = serde_json::Value::String("Ōkami 狼".to_owned());
    let file = dir.path().join("band.json");
    std::fs::write(&file, json.to_string()).expect("write");
    let out = dir.path().join("band.pdf");
    let (code, _, err) = muster(
        &data,
        &[
            "print",
            file.to_str().expect("utf-8"),
            "-o",
            out.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(code, 0, "a warning, not a failure: {err}");
    assert!(
        err.contains("cannot be printed with the sheet's fonts: 狼 (U+72FC)"),
        "{err}"
    );
    assert!(!err.contains('Ō'), "Ō is in the fonts: {err}");
    assert!(std::fs::read(&out).expect("written").starts_with(b"%PDF-"));
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
