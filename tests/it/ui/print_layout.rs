//! The print preview's pages and layout: as many pages as the PDF, broken
//! where the PDF breaks them, weapon cells that never run into each other,
//! cards for the table and a campaign's book chosen in the preview, a
//! card's tags kept whole on a narrow window.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::print::Paper;
use muster::ui::Gui;

use super::print_preview::{english, example, harness, shows, until_written};
use crate::common::button;

/// Frames until the preview has typeset the sheet as for its PDF (its
/// page count shown), for at most two minutes.
fn until_typeset(h: &mut Harness<'_, Gui>) {
    let start = Instant::now();
    h.run();
    while !shows(h, "The PDF: ") {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the typesetting never came"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run();
}

/// The preview says as many pages as the PDF has, for each paper, and
/// breaks them where the PDF does; a name its fonts cannot draw is said.
#[test]
fn the_preview_has_as_many_pages_as_the_pdf_and_warns_of_missing_glyphs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = std::fs::read_to_string(example("rt-band.json")).expect("example");
    let mut json: serde_json::Value = serde_json::from_str(&src).expect("json");
    let roster = json.pointer_mut("/roster").expect("a roster");
    roster["id"] = "the-forty".into();
    roster["name"] = "The Forty".into();
    let first = roster["characters"][0].clone();
    let mut all = Vec::new();
    for i in 1..=40u32 {
        let mut c = first.clone();
        c["id"] = i.into();
        c["name"] = format!("Trooper Number{i:02}").into();
        all.push(c);
    }
    all[0]["name"] = "Trooper 🐉 Dragon".into();
    roster["characters"] = all.into();
    let file = dir.path().join("forty.json");
    std::fs::write(&file, json.to_string()).expect("write");

    let (mut h, _) = harness(
        dir.path(),
        file.to_str().expect("utf-8"),
        Vec::new(),
        english(),
    );
    // The app draws a box for a character no font has (egui's default);
    // the harness would panic instead.
    h.ctx
        .set_missing_glyph_policy(egui::MissingGlyphPolicy::Tofu);
    let doc = h.state().app.model.screen.doc().expect("a document shown");
    button(&mut h, "Print preview…");
    assert_eq!(h.state().app.model.screen, Screen::Print(doc.clone()));
    for paper in [Paper::A4, Paper::Letter] {
        if paper != h.state().app.model.prefs.print.paper {
            h.get_by_role_and_label(Role::RadioButton, "Paper: US Letter")
                .click();
        }
        until_typeset(&mut h);
        let model = &h.state().app.model;
        let options = model.prefs.print.sheet_options(model.prefs.lang);
        let sheet = muster::print::sheet_of(model.doc(&doc).expect("doc"), &model.rules, options);
        let pages = muster::print::pdf::page_count(&sheet, paper, None).expect("typesets");
        assert!(pages > 1, "{paper:?}: {pages} pages");
        assert!(
            shows(&h, &format!("The PDF: {pages} pages")),
            "{paper:?}: {pages}"
        );
        // Each page's footer counts the PDF's pages, and there are as many.
        for n in 1..=pages {
            assert!(
                shows(&h, &format!("Page {n} of {pages}")),
                "{paper:?}: page {n}"
            );
        }
        assert!(!shows(&h, &format!("Page {} of", pages + 1)), "{paper:?}");
        // The dragon is not in the sheet's fonts: said, with its code.
        assert!(
            shows(&h, "cannot be printed with the sheet's fonts: 🐉 (U+1F409)"),
            "{paper:?}"
        );
    }
}

/// The example kill team with each soldier carrying a sight and a cloak
/// (the To hit and Cover columns), written where the app can import it.
fn team_with_sights_and_cloaks(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(example("killteam.json")).expect("example");
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let soldiers = json["killteam"]["soldiers"]
        .as_array_mut()
        .expect("soldiers");
    for s in soldiers {
        s["ribbon"] = "specialist".into();
        s["items"] = serde_json::json!([{ "item": "sight" }, { "item": "cloak" }]);
    }
    let path = dir.join("sights.json");
    std::fs::write(&path, json.to_string()).expect("write");
    path
}

#[test]
fn the_preview_s_weapon_cells_never_run_into_each_other() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = tempfile::tempdir().expect("tempdir");
    let file = team_with_sights_and_cloaks(out.path());
    let (mut h, _) = harness(dir.path(), "killteam.json", Vec::new(), english());
    h.state_mut().app.apply(Command::Import(file));
    h.run();
    button(&mut h, "Print preview…");
    assert!(shows(&h, "To hit"), "the To hit column");
    assert!(shows(&h, "Cover"), "the Cover column");
    // Trooper Osk's meltagun row: each cell ends before the next begins.
    let name = h
        .query_all_by_label("Meltagun")
        .next()
        .expect("the meltagun is shown")
        .rect();
    let same_row = |r: &egui::Rect| r.max.y > name.min.y && name.max.y > r.min.y;
    let mut rects = vec![name];
    for cell in ["Assault 1", "12\"", "8"] {
        let rect = h
            .query_all_by_label(cell)
            .map(|n| n.rect())
            .filter(|r| same_row(r) && r.min.x > name.min.x)
            .min_by(|a, b| a.min.x.total_cmp(&b.min.x))
            .unwrap_or_else(|| panic!("{cell} on the meltagun's row"));
        rects.push(rect);
    }
    for pair in rects.windows(2) {
        assert!(
            pair[0].max.x <= pair[1].min.x,
            "{:?} runs into {:?}",
            pair[0],
            pair[1]
        );
    }
}

#[test]
fn cards_for_the_table_are_chosen_in_the_preview_drawn_nine_a_page_and_exported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = tempfile::tempdir().expect("tempdir");
    let target = out.path().join("cards.pdf");
    let (mut h, record) = harness(dir.path(), "campaign.json", vec![target.clone()], english());
    button(&mut h, "Print preview…");
    assert!(!shows(&h, "The Tertius Heresy · Mission 4: Betrayed"));
    h.get_by_role_and_label(Role::RadioButton, "Print Cards 63 × 88 mm (nine a page)")
        .click();
    h.run();
    assert_eq!(
        h.state().app.model.prefs.print.what,
        muster::print::Printout::Cards(muster::print::CardSize::Poker)
    );
    // A card per living model, then per enemy kind, each with its footer.
    for name in [
        "Inquisitor Vael",
        "Trooper Rusk",
        "Cult champion",
        "The traitor contact",
    ] {
        assert!(shows(&h, name), "{name}");
    }
    assert!(shows(&h, "The Tertius Heresy · Mission 4: Betrayed"));
    assert!(!shows(&h, "Printed with Muster"), "no page footer on cards");
    // What the choice prints is said under it, not in a tooltip over the
    // paper's row.
    assert!(shows(&h, "One card per model for the table"));
    // A card is set from its left edge, as the PDF sets it.
    let left = |text: &str| {
        h.query_all_by_label_contains(text)
            .next()
            .unwrap_or_else(|| panic!("{text}"))
            .rect()
            .min
            .x
    };
    assert!(
        (left("Equipment: Power sword") - left("Inquisitor Vael")).abs() < 2.0,
        "{} {}",
        left("Equipment: Power sword"),
        left("Inquisitor Vael")
    );
    // The appendix has no room on a card.
    assert!(
        h.get_by_role_and_label(Role::CheckBox, "Rules appendix")
            .accesskit_node()
            .is_disabled()
    );
    h.get_by_role_and_label(Role::Button, "Export PDF…").click();
    until_written(&mut h);
    assert_eq!(
        record.suggested.lock().expect("lock").as_slice(),
        ["The Tertius Heresy (cards).pdf"]
    );
    let pdf = std::fs::read(&target).expect("the PDF is there");
    assert!(pdf.starts_with(b"%PDF-"));
    // Back to the sheet: its page footer again.
    h.get_by_role_and_label(Role::RadioButton, "Print The sheet")
        .click();
    h.run();
    assert_eq!(
        h.state().app.model.prefs.print.what,
        muster::print::Printout::Sheet
    );
    assert!(shows(&h, "Printed with Muster"));
}

#[test]
fn a_campaign_s_book_is_chosen_in_its_preview_and_a_kill_team_offers_none() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = tempfile::tempdir().expect("tempdir");
    let target = out.path().join("book.pdf");
    let (mut h, record) = harness(dir.path(), "campaign.json", vec![target.clone()], english());
    button(&mut h, "Print preview…");
    assert!(!shows(&h, "Roll of honour"));
    h.get_by_role_and_label(Role::RadioButton, "Print The campaign book")
        .click();
    h.run();
    assert_eq!(
        h.state().app.model.prefs.print.what,
        muster::print::Printout::Book
    );
    assert!(shows(&h, "The campaign's story from its journal"));
    // The story: the charts in words, a mission's events, the roll.
    for text in [
        "Victory points held after each mission: 3, 4, 4 (the Final at 10).",
        "Mission 2: Inquiry, “The Fallen Precinct”",
        "Roll of honour",
        "The fallen",
    ] {
        assert!(shows(&h, text), "{text}");
    }
    // The chart reads as its words to a screen reader.
    assert!(h.query_all_by_role(Role::Image).any(|n| {
        n.accesskit_node()
            .label()
            .is_some_and(|l| l.starts_with("Models alive after each mission"))
    }));
    h.get_by_role_and_label(Role::Button, "Export PDF…").click();
    until_written(&mut h);
    assert_eq!(
        record.suggested.lock().expect("lock").as_slice(),
        ["The Tertius Heresy (book).pdf"]
    );
    assert!(
        std::fs::read(&target)
            .expect("written")
            .starts_with(b"%PDF-")
    );

    // A kill team has no book to offer: its sheet is printed.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut prefs = english();
    prefs.print.what = muster::print::Printout::Book;
    let (mut h, _) = harness(dir.path(), "killteam.json", Vec::new(), prefs);
    button(&mut h, "Print preview…");
    assert!(h.query_by_label("Print The campaign book").is_none());
    assert!(
        h.get_by_role_and_label(Role::RadioButton, "Print The sheet")
            .accesskit_node()
            .toggled()
            == Some(egui::accesskit::Toggled::True)
    );
    assert!(shows(&h, "Sergeant Hark"));
}

/// A card's tags stay whole on the preview of a narrow window: one that
/// does not fit what is left of its row starts the next row, rather than
/// being squeezed to a letter a line (Inquisitor Vael's "★ leader", after
/// three others, at 1024 px).
#[test]
fn a_card_s_tag_that_does_not_fit_its_row_starts_the_next_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Vael lightly wounded: four tags on his card.
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(example("campaign.json")).expect("example"))
            .expect("json");
    file["campaign"]["characters"][0]["state"] = "lightly_wounded".into();
    let wounded = dir.path().join("wounded.json");
    std::fs::write(&wounded, file.to_string()).expect("written");
    let mut h = crate::common::window_on(dir.path())
        .size(1024.0, 3000.0)
        .open();
    h.state_mut().app.apply(Command::Import(wounded));
    h.run();
    button(&mut h, "Print preview…");
    let psyker = h.get_by_label("✦ psyker (CHR-16)").rect();
    let leaders: Vec<egui::Rect> = h.query_all_by_label("★ leader").map(|n| n.rect()).collect();
    assert!(!leaders.is_empty());
    for leader in leaders {
        assert!(
            leader.height() < psyker.height() * 1.5,
            "one line high: {leader:?} beside {psyker:?}"
        );
    }
}
