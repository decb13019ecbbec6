//! The sheets' tables read back from the PDF: no two cells of a row
//! overlap, and no text runs out of its cell, in the worst cases (a kill
//! team whose soldiers carry the longest weapons with the To hit and Cover
//! columns, a band with long gear), in both languages; and the preview
//! lays a table out with the PDF's column plan.

use std::path::Path;
use std::process::Command;

use crate::common::rules;
use muster::i18n::Lang;
use muster::print::pdf::typeset;
use muster::print::{Block, Paper, Sheet, SheetOptions, band_sheet, killteam_sheet, render_pdf};
use muster::rules::killteam::Carried;
use muster::rules::{GearKind, KillTeam, Roster, RulesData};
use muster::store::{self, Kinds};

fn example(name: &str) -> muster::rules::Doc {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/examples")
        .join(name);
    store::read_file(&Kinds::default(), &path).expect("example reads")
}

/// The example kill team, each soldier with a sight (+1 to hit) and a
/// cloak (+1 cover), so that both columns print, and the weapons with the
/// longest names in the language.
fn long_weapons_team(rules: &RulesData, lang: &str) -> KillTeam {
    let mut team = example("killteam.json")
        .get::<KillTeam>()
        .cloned()
        .expect("kill team");
    let mut by_length: Vec<&muster::rules::killteam::data::Weapon> =
        rules.killteam.weapons.iter().collect();
    by_length.sort_by_key(|w| std::cmp::Reverse(w.names[lang].chars().count()));
    for (i, s) in team.soldiers.iter_mut().enumerate() {
        // The described case first: Trooper Osk's meltagun.
        if s.weapon != "meltagun" {
            s.weapon = by_length[i % 6].id.clone();
        }
        s.ribbon = Some("specialist".into());
        s.items = ["sight", "cloak"]
            .into_iter()
            .map(|item| Carried {
                item: item.into(),
                weapon: None,
            })
            .collect();
    }
    team
}

/// The example band, each character with long gear and notes.
fn long_gear_band() -> Roster {
    let mut band = example("rt-band.json")
        .get::<Roster>()
        .cloned()
        .expect("roster");
    for c in &mut band.characters {
        let mut gear = muster::rules::Gear::new(
            "Multi-lance-grenades à fragmentation-incendiaire",
            GearKind::Ranged,
        );
        gear.strength = Some(10);
        gear.save = Some(4);
        gear.note = "Encombrant ; tir soutenu ; nécessite deux servants".to_owned();
        c.equipment.push(gear);
        c.equipment.push(muster::rules::Gear::new(
            "Bouclier-réfracteur-conversion",
            GearKind::Armour,
        ));
    }
    band
}

/// A word pdftotext found, with its box in points (y down).
#[derive(Clone, Debug)]
struct Word {
    text: String,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
}

fn attr(tag: &str, name: &str) -> f32 {
    let start = tag.find(&format!("{name}=\"")).expect("attribute") + name.len() + 2;
    let end = start + tag[start..].find('"').expect("closing quote");
    tag[start..end].parse().expect("a number")
}

/// The words of each page of a PDF with their boxes, by `pdftotext
/// -bbox-layout` (poppler-utils, which CI installs); none without it.
fn words(pdf: &[u8]) -> Option<Vec<Vec<Word>>> {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("sheet.pdf");
    std::fs::write(&path, pdf).expect("write");
    let out = Command::new("pdftotext")
        .arg("-bbox-layout")
        .arg(&path)
        .arg("-")
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let html = String::from_utf8_lossy(&out.stdout).into_owned();
    let pages = html
        .split("<page ")
        .skip(1)
        .map(|page| {
            page.split("<word ")
                .skip(1)
                .map(|w| {
                    let (tag, rest) = w.split_once('>').expect("a tag");
                    let text = rest.split("</word>").next().unwrap_or("").to_owned();
                    Word {
                        text,
                        x0: attr(tag, "xMin"),
                        y0: attr(tag, "yMin"),
                        x1: attr(tag, "xMax"),
                        y1: attr(tag, "yMax"),
                    }
                })
                .collect()
        })
        .collect();
    Some(pages)
}

/// The pairs of words of a page whose boxes overlap: on one line (their
/// heights overlap by more than half) and running into each other by more
/// than a hair.
fn overlaps(page: &[Word]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, a) in page.iter().enumerate() {
        for b in &page[i + 1..] {
            let high = (a.y1.min(b.y1) - a.y0.max(b.y0)) / (a.y1 - a.y0).min(b.y1 - b.y0);
            let wide = a.x1.min(b.x1) - a.x0.max(b.x0);
            if high > 0.5 && wide > 0.3 {
                out.push((a.text.clone(), b.text.clone()));
            }
        }
    }
    out
}

/// Walks the typeset pages: every text of a table cell (a frame of its
/// own) must end inside it. The texts that run past their frame's right
/// edge, by more than a hair.
fn runs_out(sheet: &Sheet, paper: Paper) -> Vec<String> {
    use typst::layout::{Frame, FrameItem};
    fn walk(frame: &Frame, out: &mut Vec<String>) {
        let width = frame.width().to_pt();
        for (pos, item) in frame.items() {
            match item {
                FrameItem::Group(g) => walk(&g.frame, out),
                FrameItem::Text(t) => {
                    let end = pos.x.to_pt() + t.width().to_pt();
                    if end > width + 0.5 {
                        out.push(format!("{} ({end:.1} > {width:.1})", t.text));
                    }
                }
                _ => {}
            }
        }
    }
    let doc = typeset(sheet, paper, None).expect("typesets");
    let mut out = Vec::new();
    for page in doc.pages() {
        walk(&page.frame, &mut out);
    }
    out
}

/// The sheet's tables are where they should be: the weapons beside or
/// under the profile, none empty.
fn has_tables(sheet: &Sheet) -> bool {
    sheet.sections.iter().any(|s| {
        s.blocks.iter().any(|b| match b {
            Block::Cards { cards } => cards.iter().any(|c| c.tables.len() >= 2),
            _ => false,
        })
    })
}

fn check(sheet: &Sheet, what: &str) {
    assert!(has_tables(sheet), "{what}: cards with tables");
    for paper in Paper::ALL {
        let pdf = render_pdf(sheet, paper, None).expect("renders");
        let outside = runs_out(sheet, paper);
        assert!(
            outside.is_empty(),
            "{what} on {paper:?}: texts run out of their cells: {outside:?}"
        );
        let Some(pages) = words(&pdf) else {
            eprintln!("pdftotext not found: the words' boxes are not checked");
            continue;
        };
        assert!(
            pages.iter().map(Vec::len).sum::<usize>() > 100,
            "{what}: the words are read back"
        );
        for (n, page) in pages.iter().enumerate() {
            let found = overlaps(page);
            assert!(
                found.is_empty(),
                "{what} on {paper:?}, page {}: words overlap: {found:?}",
                n + 1
            );
        }
    }
}

#[test]
fn the_kill_team_s_weapon_tables_never_overlap_with_to_hit_and_cover() {
    let rules = rules();
    for (lang, code) in [(Lang::En, "en"), (Lang::Fr, "fr")] {
        let team = long_weapons_team(rules, code);
        let options = SheetOptions {
            lang,
            appendix: false,
            what: muster::print::Printout::Sheet,
        };
        let sheet = killteam_sheet(&team, rules, options);
        // The To hit and Cover columns are printed.
        let hit = lang.t("kt.stat.hit");
        assert!(
            sheet.texts().contains(&hit),
            "{code}: the To hit column ({hit})"
        );
        check(&sheet, &format!("kill team, {code}"));
    }
}

#[test]
fn the_band_s_gear_tables_never_overlap() {
    let rules = rules();
    let band = long_gear_band();
    for lang in [Lang::En, Lang::Fr] {
        let options = SheetOptions {
            lang,
            appendix: false,
            what: muster::print::Printout::Sheet,
        };
        check(
            &band_sheet(&band, rules, options),
            &format!("band, {lang:?}"),
        );
    }
}

/// The plan the template is given, table by table, is the one the preview
/// draws (`columns::sheet_plan`, which the preview keeps for its paper):
/// each card's tables side by side or not alike, each column as wide; and
/// every table fits its room, every column keeps room for its widest word.
#[test]
fn the_preview_and_the_pdf_share_one_column_plan() {
    use muster::print::columns::{card_inner, card_width, content_width, sheet_plan, text_width};
    use muster::print::pdf::template_data;
    let rules = rules();
    let fr = SheetOptions {
        lang: Lang::Fr,
        appendix: false,
        what: muster::print::Printout::Sheet,
    };
    let sheets = [
        killteam_sheet(&long_weapons_team(rules, "fr"), rules, fr),
        band_sheet(&long_gear_band(), rules, fr),
    ];
    for sheet in &sheets {
        for paper in Paper::ALL {
            let plan = sheet_plan(sheet, paper);
            let data = template_data(sheet, paper).expect("data");
            let widths = |v: &serde_json::Value| -> Vec<f32> {
                v["plan"]["widths"]
                    .as_array()
                    .expect("a plan")
                    .iter()
                    .map(|w| w.as_f64().expect("a width") as f32)
                    .collect()
            };
            let inner = card_inner(card_width(content_width(paper)));
            let mut cards = 0;
            for (s, section) in sheet.sections.iter().enumerate() {
                for (b, block) in section.blocks.iter().enumerate() {
                    let json = &data["sections"][s]["blocks"][b];
                    if let Block::Table(_) = block {
                        let p = plan.table(s, b).expect("planned");
                        assert_eq!(widths(json), p.widths);
                    }
                    let Block::Cards { cards: list } = block else {
                        continue;
                    };
                    for (c, card) in list.iter().enumerate() {
                        let p = plan.card(s, b, c).expect("planned");
                        let j = &json["cards"][c];
                        assert_eq!(j["side"].as_bool(), Some(p.side));
                        let total: f32 = p.tables.iter().map(|t| t.width()).sum();
                        let room = if p.side { inner - 4.0 } else { inner };
                        for (t, table) in card.tables.iter().enumerate() {
                            assert_eq!(widths(&j["tables"][t]), p.tables[t].widths);
                            for (col, w) in p.tables[t].widths.iter().enumerate() {
                                let size = p.tables[t].size;
                                let word = std::iter::once((&table.columns[col], true))
                                    .chain(table.rows.iter().map(|r| (&r[col], false)))
                                    .flat_map(|(v, bold)| {
                                        v.split_whitespace().map(move |w| (w, bold))
                                    })
                                    .map(|(w, bold)| text_width(w, size, bold))
                                    .fold(0.0, f32::max);
                                assert!(*w >= word + 6.0, "{}: column {col}", card.title);
                            }
                            if !p.side {
                                assert!(p.tables[t].width() <= inner + 0.01);
                            }
                        }
                        if p.side {
                            assert!(total <= room + 0.01, "{}: {total} > {room}", card.title);
                        }
                        cards += 1;
                    }
                }
            }
            assert!(cards > 0);
        }
    }
}
