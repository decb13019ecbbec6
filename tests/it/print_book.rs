//! A campaign's book: its story told from the journal on paper, a page a
//! mission, with the charts of the victory points and of the escorts'
//! strength, the roll of honour, the fallen and the house rules; read back
//! from the PDF in both languages, and printed from the command line.

use std::path::Path;
use std::process::Command;

use crate::common::rules;
use muster::i18n::Lang;
use muster::print::model::Chart;
use muster::print::pdf::render_pdf;
use muster::print::{Block, Paper, Printout, Sheet, SheetKind, SheetOptions, sheet_of};
use muster::rules::Doc;
use muster::rules::campaign::{Campaign, State};
use muster::store::{self, Kinds};

fn example(name: &str) -> Doc {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/examples")
        .join(name);
    store::read_file(&Kinds::default(), &path).expect("example reads")
}

fn book(lang: Lang) -> Sheet {
    let options = SheetOptions {
        lang,
        appendix: false,
        what: Printout::Book,
    };
    sheet_of(&example("campaign.json"), rules(), options)
}

fn charts(sheet: &Sheet) -> Vec<&Chart> {
    (sheet.sections.iter())
        .flat_map(|s| s.blocks.iter())
        .filter_map(|b| match b {
            Block::Chart(c) => Some(c),
            _ => None,
        })
        .collect()
}

/// The text of each page of the book's PDF, by pdftotext (which CI
/// installs); none where it is missing.
fn pages(sheet: &Sheet) -> Option<Vec<String>> {
    let pdf = render_pdf(sheet, Paper::A4, None).expect("renders");
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("book.pdf");
    std::fs::write(&path, &pdf).expect("write");
    let out = Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .ok()?;
    out.status.success().then(|| {
        String::from_utf8_lossy(&out.stdout)
            .split('\u{c}')
            .map(str::to_owned)
            .collect()
    })
}

#[test]
fn the_book_tells_each_mission_of_the_example_on_its_page_with_its_fallen() {
    let doc = example("campaign.json");
    let c = doc.get::<Campaign>().expect("campaign");
    let sheet = book(Lang::En);
    assert_eq!(sheet.kind, SheetKind::Book);
    let ids: Vec<&str> = sheet.sections.iter().map(|s| s.id.as_str()).collect();
    // The cover and the charts, a section a mission played and the one at
    // the table, the roll of honour, the fallen, the house rules.
    assert_eq!(ids[..2], ["cover", "charts"]);
    let missions: Vec<String> = (1..=c.missions_played + 1)
        .map(|n| format!("mission-{n}"))
        .collect();
    assert_eq!(ids[2..2 + missions.len()], missions[..]);
    assert_eq!(
        ids[2 + missions.len()..],
        ["honour", "fallen", "house_rules"]
    );
    // Every dead or missing character is among the fallen, with the
    // mission he fell in.
    let fallen = (sheet.sections.iter())
        .find(|s| s.id == "fallen")
        .and_then(|s| match &s.blocks[0] {
            Block::Table(t) => Some(t),
            _ => None,
        })
        .expect("the fallen");
    let dead: Vec<&str> = (c.characters.iter())
        .filter(|x| matches!(x.state, State::Dead | State::Missing))
        .map(|x| x.name())
        .collect();
    assert!(!dead.is_empty(), "the example has its dead");
    let names: Vec<&str> = fallen.rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(names, dead);
    // Trooper Dall fell after the third mission, to a Cran test.
    assert_eq!(fallen.rows[0][1], "3");
    assert!(
        fallen.rows[0][2].contains("Cran test"),
        "{:?}",
        fallen.rows[0]
    );
    // The roll of honour names everyone who served.
    let honour = (sheet.sections.iter())
        .find(|s| s.id == "honour")
        .and_then(|s| match &s.blocks[0] {
            Block::Table(t) => Some(t),
            _ => None,
        })
        .expect("the roll");
    assert_eq!(honour.rows.len(), c.characters.len());
    // A mission tells what its events did: the draw of its enemies.
    let second = (sheet.sections.iter())
        .find(|s| s.id == "mission-2")
        .expect("mission 2");
    assert!(
        second.title.contains("The Fallen Precinct"),
        "{}",
        second.title
    );
    let said: Vec<String> = (second.blocks.iter())
        .flat_map(|b| match b {
            Block::Facts { facts } => facts
                .iter()
                .map(|f| format!("{} {}", f.label, f.value))
                .collect(),
            _ => Vec::new(),
        })
        .collect();
    assert!(
        said.iter().any(|l| l.contains("Dark apostle ×2")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|l| l.starts_with("#15 Draw enemy") && l.contains("joins the enemy escort"))
    );
}

#[test]
fn the_book_s_charts_say_the_example_s_numbers_in_words() {
    let sheet = book(Lang::En);
    let drawn = charts(&sheet);
    assert_eq!(drawn.len(), 4);
    let vp = drawn[0];
    // The VP the first mission did not earn came from Oriel's clue on
    // recon (CMP-14), and the words say so.
    assert_eq!(
        vp.summary,
        "Victory points held after each mission: 3, 4, 4 (the Final at 10). \
         Besides the missions' results: 1 VP found on recon after mission 1."
    );
    assert_eq!(vp.ticks, ["1", "2", "3"]);
    assert_eq!(
        vp.line.as_ref().map(|l| l.values.clone()),
        Some(vec![3.0, 4.0, 4.0])
    );
    assert_eq!(
        vp.bars.iter().map(|b| b.values.clone()).collect::<Vec<_>>(),
        vec![vec![2.0, 1.0, 0.0]]
    );
    assert_eq!(vp.threshold.as_ref().map(|t| t.value), Some(10.0));
    let strength = drawn[1];
    assert_eq!(
        strength.summary,
        "Models alive after each mission: 12, 12, 11; reinforcement points: 20, 60, 100."
    );
    // The Cran tests' outcomes, stacked: fit, lightly and seriously
    // wounded, fallen (CMP-9).
    let cran = drawn[2];
    assert!(cran.stacked);
    assert_eq!(
        cran.summary,
        "Cran tests: after mission 1, no test; after mission 2, 2 lightly wounded; \
         after mission 3, 1 lightly wounded, 1 seriously wounded, 1 fallen."
    );
    assert_eq!(
        cran.bars
            .iter()
            .map(|b| b.values.clone())
            .collect::<Vec<_>>(),
        vec![
            vec![0.0, 0.0, 0.0],
            vec![0.0, 2.0, 1.0],
            vec![0.0, 0.0, 1.0],
            vec![0.0, 0.0, 1.0],
        ]
    );
    // The wounds taken and dealt at the table, by character, side by side
    // (CMP-13): the first mission's fights.
    let wounds = drawn[3];
    assert!(!wounds.stacked);
    assert_eq!(wounds.ticks[..2], ["Sergeant Brask", "Inquisitor Vael"]);
    assert!(
        wounds.summary.contains("Inquisitor Vael 1 taken, 0 dealt"),
        "{}",
        wounds.summary
    );
    let fr = book(Lang::Fr);
    assert_eq!(
        charts(&fr)[1].summary,
        "Figurines vivantes après chaque mission : 12, 12, 11 ; points de renfort : 20, 60, 100."
    );
    assert!(
        charts(&fr)[3]
            .summary
            .contains("Inquisitor Vael 1 reçues, 0 infligées")
    );
}

#[test]
fn the_book_prints_a_page_a_mission_in_either_language() {
    for (lang, honour, first) in [
        (Lang::En, "Roll of honour", "Mission 1: Investigation"),
        (
            Lang::Fr,
            "Tableau d'honneur",
            "Mission 1 : Investigation, « La patrouille",
        ),
    ] {
        let sheet = book(lang);
        let Some(pages) = pages(&sheet) else {
            eprintln!("pdftotext not found: the book's pages are not read back");
            return;
        };
        let page_of = |text: &str| {
            pages
                .iter()
                .position(|p| p.contains(text))
                .unwrap_or_else(|| panic!("{text} is printed"))
        };
        // The cover on the first page, the charts on the next, then a
        // page a mission.
        assert_eq!(page_of("The Tertius Heresy"), 0);
        let first_page = page_of(first);
        assert!(first_page >= 2, "{first} on page {first_page}");
        for n in 2..=4 {
            let p = pages
                .iter()
                .position(|p| p.contains(&format!("Mission {n}")) && p.contains("#"))
                .expect("each mission's page");
            assert_eq!(p, first_page + n - 1, "mission {n}");
        }
        assert!(page_of(honour) > first_page + 3);
    }
}

#[test]
fn muster_print_book_writes_a_campaign_s_book_and_refuses_another_document() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("book.pdf");
    let out_s = out.to_str().expect("utf-8");
    let campaign = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/campaign.json");
    let run = crate::cli::muster(dir.path(), &["print", campaign, "-o", out_s, "--book"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(std::fs::read(&out).expect("written").starts_with(b"%PDF-"));
    let team = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/examples/killteam.json");
    let other = dir.path().join("team.pdf");
    let run = crate::cli::muster(
        dir.path(),
        &[
            "print",
            team,
            "-o",
            other.to_str().expect("utf-8"),
            "--book",
        ],
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("a campaign book is made from a campaign"),
        "{}",
        run.stderr
    );
    assert!(!other.exists(), "nothing written");
    let run = crate::cli::muster(
        dir.path(),
        &["print", campaign, "-o", out_s, "--book", "--cards"],
    );
    assert_eq!(run.code, 2, "a book or cards, not both");
}
