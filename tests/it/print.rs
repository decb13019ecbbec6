//! Printed sheets, as their model holds them: the kill team's and the
//! band's sheets (profiles, weapons, equipment, power cards), the rules'
//! appendix and the Markdown export; the helpers that read a PDF back,
//! shared with the other `print_*` tests.

use std::path::Path;
use std::process::Command;

use crate::common::rules;
use muster::i18n::Lang;
use muster::print::markdown::to_markdown;
use muster::print::pdf::typeset;
use muster::print::{
    Block, Paper, Sheet, SheetKind, SheetOptions, band_sheet, killteam_sheet, render_pdf,
};
use muster::rules::campaign::Campaign;
use muster::rules::killteam::derive;
use muster::rules::{Characteristic, KillTeam, Roster};
use muster::store::{self, Kinds};

pub(crate) fn example(name: &str) -> muster::rules::Doc {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/examples")
        .join(name);
    store::read_file(&Kinds::default(), &path).expect("example reads")
}

pub(crate) fn team() -> KillTeam {
    example("killteam.json")
        .get::<KillTeam>()
        .cloned()
        .expect("kill team")
}

pub(crate) fn band() -> Roster {
    example("rt-band.json")
        .get::<Roster>()
        .cloned()
        .expect("roster")
}

pub(crate) fn campaign() -> Campaign {
    example("campaign.json")
        .get::<Campaign>()
        .cloned()
        .expect("campaign")
}

pub(crate) fn en() -> SheetOptions {
    SheetOptions {
        lang: Lang::En,
        appendix: false,
        what: muster::print::Printout::Sheet,
    }
}

/// The text of a PDF, by pdftotext (poppler-utils, which CI installs); on
/// a machine without it, the text typst laid out on the pages, so that the
/// content is still checked.
pub(crate) fn pdf_text(sheet: &Sheet, paper: Paper) -> (String, usize) {
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

pub(crate) fn frame_text(frame: &typst::layout::Frame, out: &mut String) {
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
pub(crate) fn has(haystack: &str, needle: &str) -> bool {
    let squash = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    squash(haystack).contains(&squash(needle))
}

/// A name in the extracted text: a long one wraps at its hyphens, where
/// pdftotext may drop the hyphen and put the wounds header between the
/// parts, so each part is looked for.
pub(crate) fn has_name(text: &str, name: &str) -> bool {
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
        ["Power sword", "melee weapon", "5", "—", "save mod. -3"],
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
        md.contains("| Power sword | melee weapon | 5 | — | save mod. -3 |"),
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

/// The card of the escort's character `name` on a sheet.
pub(crate) fn card_of<'a>(sheet: &'a Sheet, name: &str) -> &'a muster::print::Card {
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

// ----- Command line -----------------------------------------------------------

pub(crate) fn muster(data: &Path, args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .env("MUSTER_DATA_DIR", data)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status.code().expect("code"), out.stdout, stderr)
}
