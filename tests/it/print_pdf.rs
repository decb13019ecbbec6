//! The sheets as PDFs, read back: every name and value on the page, a
//! kill team on one page, long bands flowing onto more pages, French rule
//! texts, fonts that lack a character said so, the same PDF for the same
//! sheet, and `muster print` on the command line.

use crate::common::rules;
use crate::print::{band, campaign, en, has, has_name, muster, pdf_text, team};
use muster::i18n::Lang;
use muster::print::pdf::page_count;
use muster::print::{
    Block, Paper, SheetOptions, band_sheet, campaign_sheet, killteam_sheet, render_pdf,
};
use muster::rules::killteam::{ItemId, derive};
use muster::rules::{Character, KillTeam, Roster, RulesData};

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
    for c in roster.characters.iter() {
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
    for cc in c.characters.iter() {
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
