//! Cards for the table: one per model of a band, a kill team or a
//! campaign's table (with each enemy kind the mission drew and the models
//! it names), of a fixed size, read back from the PDF: the page size from
//! `pdfinfo`, where each card's title lands from the typeset pages.

use std::path::Path;
use std::process::Command;

use crate::common::rules;
use muster::i18n::Lang;
use muster::print::pdf::{print, typeset};
use muster::print::{
    Block, Card, CardSize, Paper, Printout, Sheet, SheetKind, SheetOptions, sheet_of,
};
use muster::rules::campaign::Campaign;
use muster::rules::campaign::named;
use muster::rules::campaign::queries;
use muster::rules::{Doc, Roster};
use muster::store::{self, Kinds};

fn example(name: &str) -> Doc {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/examples")
        .join(name);
    store::read_file(&Kinds::default(), &path).expect("example reads")
}

fn cards_of(doc: &Doc, lang: Lang, size: CardSize) -> Sheet {
    let options = SheetOptions {
        lang,
        appendix: false,
        what: Printout::Cards(size),
    };
    sheet_of(doc, rules(), options)
}

fn cards(sheet: &Sheet) -> Vec<&Card> {
    (sheet.sections.iter())
        .flat_map(|s| s.blocks.iter())
        .flat_map(|b| match b {
            Block::Cards { cards } => cards.iter().collect(),
            _ => Vec::new(),
        })
        .collect()
}

fn card<'a>(sheet: &'a Sheet, title: &str) -> &'a Card {
    (cards(sheet).into_iter())
        .find(|c| c.title == title)
        .unwrap_or_else(|| panic!("a card for {title}"))
}

/// Every run of text typst set, with its page and where it starts, in
/// points from the page's top left.
fn runs(sheet: &Sheet, paper: Paper) -> Vec<(usize, f64, f64, String)> {
    fn walk(
        frame: &typst::layout::Frame,
        (x, y): (f64, f64),
        page: usize,
        out: &mut Vec<(usize, f64, f64, String)>,
    ) {
        use typst::layout::FrameItem;
        for (pos, item) in frame.items() {
            let (px, py) = (x + pos.x.to_pt(), y + pos.y.to_pt());
            match item {
                FrameItem::Group(g) => {
                    let t = g.transform;
                    walk(&g.frame, (px + t.tx.to_pt(), py + t.ty.to_pt()), page, out);
                }
                FrameItem::Text(t) => out.push((page, px, py, t.text.to_string())),
                _ => {}
            }
        }
    }
    let doc = typeset(sheet, paper, None).expect("typesets");
    let mut out = Vec::new();
    for (n, page) in doc.pages().iter().enumerate() {
        walk(&page.frame, (0.0, 0.0), n + 1, &mut out);
    }
    out
}

/// The page and top left of the run that starts with `text`.
fn at(runs: &[(usize, f64, f64, String)], text: &str) -> (usize, f64, f64) {
    let (page, x, y, _) = (runs.iter())
        .find(|(_, _, _, t)| t.starts_with(text))
        .unwrap_or_else(|| panic!("{text} is printed"));
    (*page, *x, *y)
}

const PT_PER_MM: f64 = 72.0 / 25.4;

/// The page size `pdfinfo` reads from the PDF, in points; typst's own
/// where poppler-utils is not installed (CI installs it).
fn page_size(pdf: &[u8], sheet: &Sheet, paper: Paper) -> (f64, f64, usize) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("cards.pdf");
    std::fs::write(&path, pdf).expect("write");
    if let Ok(out) = Command::new("pdfinfo").arg(&path).output()
        && out.status.success()
    {
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let field = |name: &str| {
            (text.lines())
                .find_map(|l| l.strip_prefix(name))
                .map(str::trim)
                .unwrap_or_else(|| panic!("pdfinfo gives {name}"))
                .to_owned()
        };
        let size = field("Page size:");
        let mut words = size.split_whitespace();
        let w: f64 = words.next().and_then(|w| w.parse().ok()).expect("width");
        let h: f64 = words.nth(1).and_then(|h| h.parse().ok()).expect("height");
        let pages: usize = field("Pages:").parse().expect("pages");
        return (w, h, pages);
    }
    eprintln!("pdfinfo not found: reading typst's pages instead");
    let doc = typeset(sheet, paper, None).expect("typesets");
    let size = doc.pages()[0].frame.size();
    (size.x.to_pt(), size.y.to_pt(), doc.pages().len())
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.05
}

#[test]
fn a_campaign_s_cards_are_its_living_models_each_enemy_kind_once_and_the_named_models() {
    let doc = example("campaign.json");
    let c = doc.get::<Campaign>().expect("campaign");
    let rules = rules();
    let sheet = cards_of(&doc, Lang::En, CardSize::Poker);
    assert_eq!(sheet.kind, SheetKind::Cards);
    let titles: Vec<&str> = cards(&sheet).iter().map(|c| c.title.as_str()).collect();
    // Every living character and soldier of every escort, in order.
    let living: Vec<&str> = (c.escorts.iter())
        .flat_map(|e| queries::members(c, e.id))
        .filter(|cc| cc.state.alive())
        .map(|cc| cc.name())
        .collect();
    assert!(!living.is_empty());
    assert_eq!(titles[..living.len()], living[..]);
    // Each enemy kind drawn once, "×n" when several were drawn, with the
    // wound boxes of each by his number at the table.
    let m = c.mission.as_ref().expect("a mission at the table");
    let mut kinds: Vec<&str> = Vec::new();
    for e in &m.enemy {
        let name = e.names.get("en").map(String::as_str).expect("English");
        if !kinds.contains(&name) {
            kinds.push(name);
        }
    }
    assert!(
        kinds.len() < m.enemy.len(),
        "the example draws a kind twice"
    );
    assert_eq!(titles[living.len()..living.len() + kinds.len()], kinds[..]);
    let (places, first): (Vec<usize>, &str) = {
        let first = kinds[0];
        let places = (m.enemy.iter().enumerate())
            .filter(|(_, e)| e.names.get("en").map(String::as_str) == Some(first))
            .map(|(i, _)| i + 1)
            .collect();
        (places, first)
    };
    let enemy = card(&sheet, first);
    assert!(
        enemy
            .tags
            .iter()
            .any(|t| t.text == format!("×{}", places.len()))
    );
    let wounds = (enemy.lines.iter())
        .find(|l| l.label == "Wounds")
        .expect("each one's boxes");
    for n in places {
        assert!(
            wounds.value.contains(&format!("no.\u{a0}{n}\u{a0}☐")),
            "{}",
            wounds.value
        );
    }
    // The models the mission names come last, with what it says of them.
    for (i, named) in named::models(c, rules).iter().enumerate() {
        let title = named.names.get("en").expect("English");
        let card = card(&sheet, title);
        assert!(card.lines.iter().any(|l| l.value == named.text["en"]));
        assert_eq!(
            card.track.as_ref().map(|t| t.boxes),
            named::wounds(c, i, rules)
        );
    }
    // A character without a weapon fights with his fists (CC-4), said on
    // his card.
    let hesk = card(&sheet, "Trooper Hesk");
    assert!(
        hesk.lines
            .iter()
            .any(|l| l.label == "Unarmed" && l.value.contains("CC-4"))
    );
    // Each card's footer: the campaign and the mission.
    assert_eq!(
        sheet.subtitle,
        format!("{} · Mission {}: Betrayed", c.name, m.number)
    );
}

#[test]
fn a_soldier_s_card_holds_his_weapons_profile_and_the_reminder_of_each_item_and_ribbon() {
    // EQ-7 and RIB-7 are printed in full on the card: a card has no legend.
    let doc = example("killteam.json");
    let sheet = cards_of(&doc, Lang::En, CardSize::Poker);
    let vell = card(&sheet, "Trooper Vell");
    let weapons = (vell.tables.iter())
        .find(|t| t.columns.first().is_some_and(|c| c == "Weapon"))
        .expect("his weapons");
    assert_eq!(weapons.cell(0, 0), Some("Flamer (flame)"));
    assert!(weapons.columns.contains(&"Range".to_owned()));
    let text = |label: &str| {
        (vell.lines.iter())
            .find(|l| l.label.starts_with(label))
            .map(|l| l.value.clone())
            .unwrap_or_else(|| panic!("{label} on his card"))
    };
    assert!(text("Smoke grenade (EQ-7)").starts_with("Once per game"));
    assert!(text("Sprinter (RIB-7)").contains("+3\" M"));
    assert_eq!(vell.track.as_ref().map(|t| t.boxes), Some(3));
}

#[test]
fn poker_cards_are_63_by_88_mm_nine_to_an_a4_page() {
    let doc = example("campaign.json");
    let sheet = cards_of(&doc, Lang::En, CardSize::Poker);
    let n = cards(&sheet).len();
    assert!(n > 9, "more than a page of cards");
    let printed = print(&sheet, Paper::A4, None, false).expect("prints");
    let (w, h, pages) = page_size(&printed.pdf, &sheet, Paper::A4);
    assert!(close(w, 595.276) && close(h, 841.89), "A4: {w} × {h}");
    assert_eq!(pages, n.div_ceil(9));
    assert!(
        printed.missing_glyphs.is_empty(),
        "{:?}",
        printed.missing_glyphs
    );
    // Side by side, one under the other: a card's title starts 63 mm right
    // of the one before, 88 mm under the one above.
    let runs = runs(&sheet, Paper::A4);
    let titles: Vec<String> = cards(&sheet).iter().map(|c| c.title.clone()).collect();
    let first = at(&runs, &titles[0]);
    let second = at(&runs, &titles[1]);
    let fourth = at(&runs, &titles[3]);
    let tenth = at(&runs, &titles[9]);
    assert!(
        close(second.1 - first.1, 63.0 * PT_PER_MM),
        "{first:?} {second:?}"
    );
    assert!(close(second.2, first.2));
    assert!(
        close(fourth.2 - first.2, 88.0 * PT_PER_MM),
        "{first:?} {fourth:?}"
    );
    assert!(close(fourth.1, first.1));
    // The tenth starts the second page where the first did.
    assert_eq!(tenth.0, 2);
    assert!(close(tenth.1, first.1) && close(tenth.2, first.2));
    // The grid is centred: as much paper left of it as right (a title
    // starts 2.2 mm inside its card).
    let left = first.1 - 2.2 * PT_PER_MM;
    let right = 595.276 - (left + 3.0 * 63.0 * PT_PER_MM);
    assert!((left - right).abs() < 0.5, "{left} {right}");
}

#[test]
fn large_cards_are_100_by_110_mm_four_to_a_letter_page_in_french() {
    let doc = example("killteam.json");
    let sheet = cards_of(&doc, Lang::Fr, CardSize::Large);
    let n = cards(&sheet).len();
    let printed = print(&sheet, Paper::Letter, None, false).expect("prints");
    let (w, h, pages) = page_size(&printed.pdf, &sheet, Paper::Letter);
    assert!(close(w, 612.0) && close(h, 792.0), "Letter: {w} × {h}");
    assert_eq!(pages, n.div_ceil(4));
    let runs = runs(&sheet, Paper::Letter);
    let titles: Vec<String> = cards(&sheet).iter().map(|c| c.title.clone()).collect();
    let (a, b, c) = (
        at(&runs, &titles[0]),
        at(&runs, &titles[1]),
        at(&runs, &titles[2]),
    );
    assert!(close(b.1 - a.1, 100.0 * PT_PER_MM));
    assert!(close(c.2 - a.2, 110.0 * PT_PER_MM));
    // In the reader's language.
    let words: String = runs
        .iter()
        .map(|r| r.3.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    for word in ["Blessures", "Arme", "Portée", "Fumigène"] {
        assert!(words.contains(word), "{word}");
    }
    // A French label's colon after a no-break space.
    assert!(words.contains("Blessures\u{a0}:"), "{words}");
}

#[test]
fn a_card_with_much_to_say_sets_it_smaller_and_keeps_it_inside_the_card() {
    // A character with a dozen pieces of gear and long notes: his wound
    // boxes, the last thing on the card, still print inside it.
    let mut band = example("rt-band.json")
        .get::<Roster>()
        .cloned()
        .expect("band");
    let hero = &mut band.characters[0];
    let gear = hero.equipment[0].clone();
    for i in 0..12 {
        let mut g = gear.clone();
        g.name = format!("Relic blade of the {i}th crusade");
        hero.equipment.push(g);
    }
    let name = hero.name.clone();
    let sheet = cards_of(&Doc::Roster(band.into()), Lang::En, CardSize::Poker);
    let runs = runs(&sheet, Paper::A4);
    let title = at(&runs, &name);
    let wounds = (runs.iter())
        .filter(|r| r.0 == title.0 && r.3.starts_with("Wounds") && r.1 < title.1 + 20.0)
        .map(|r| r.2)
        .find(|y| *y > title.2)
        .expect("his wound boxes");
    let bottom = title.2 + 88.0 * PT_PER_MM - 6.0 * PT_PER_MM;
    assert!(
        wounds < bottom,
        "the wounds at {wounds}, the card ends at {bottom}"
    );
}

#[test]
fn muster_print_cards_writes_the_cards_of_a_campaign_s_table() {
    let dir = tempfile::tempdir().expect("tempdir");
    let campaign = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/campaign.json");
    let out = dir.path().join("cards.pdf");
    let out_s = out.to_str().expect("utf-8");
    let run = crate::cli::muster(dir.path(), &["print", campaign, "-o", out_s, "--cards"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let poker = std::fs::read(&out).expect("written");
    assert!(poker.starts_with(b"%PDF-"));
    let run = crate::cli::muster(
        dir.path(),
        &[
            "print", campaign, "-o", out_s, "--cards", "large", "--lang", "fr",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let large = std::fs::read(&out).expect("written");
    assert_ne!(poker, large);
    let run = crate::cli::muster(
        dir.path(),
        &["print", campaign, "-o", out_s, "--cards", "tarot"],
    );
    assert_eq!(run.code, 2, "an unknown size is refused");
    assert!(run.stderr.contains("poker"), "{}", run.stderr);
}
