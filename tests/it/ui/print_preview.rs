//! The print preview driven through its widgets: opened from a kill team by
//! its shortcut or its button, the sheet's language switched, the PDF
//! exported in the background and opened, the sheet copied as text.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{App, Command, Prefs, PrintPrefs, Screen, ScriptedDesktop};
use muster::i18n::Lang;
use muster::print::Paper;
use muster::ui::Gui;

use crate::common::Shown as _;
use crate::common::button;

pub(super) fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/examples")
        .join(name)
}

/// What the scripted desktop recorded, shared with the test.
#[derive(Default, Clone)]
pub(super) struct Record {
    pub(super) opened: Arc<Mutex<Vec<PathBuf>>>,
    pub(super) suggested: Arc<Mutex<Vec<String>>>,
}

/// The app on `dir` with `file` imported (its screen shown), saving PDFs
/// to `pdfs` in turn.
pub(super) fn harness(
    dir: &Path,
    file: &str,
    pdfs: Vec<PathBuf>,
    prefs: Prefs,
) -> (Harness<'static, Gui>, Record) {
    let record = Record::default();
    let desktop = ScriptedDesktop {
        pdfs,
        opened_files: record.opened.clone(),
        suggested: record.suggested.clone(),
        ..Default::default()
    };
    let mut app = App::new(Some(dir), &prefs, Box::new(desktop), 5).expect("app");
    app.apply(Command::Import(example(file)));
    let mut h = crate::common::window(app, 1280.0, 5000.0);
    h.run();
    (h, record)
}

pub(super) fn english() -> Prefs {
    Prefs {
        lang: Lang::En,
        ..Prefs::default()
    }
}

pub(super) fn shows(h: &Harness<'_, Gui>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// Frames until the PDF being written is done (the window keeps drawing
/// meanwhile: a spinner turns), for at most two minutes.
pub(super) fn until_written(h: &mut Harness<'_, Gui>) {
    let start = Instant::now();
    h.step();
    assert!(
        h.state().app.model.jobs.printing.is_some()
            || h.state().app.model.jobs.last_pdf.is_some()
            || !h.state().app.model.feedback.messages.is_empty(),
        "the export started"
    );
    while h.state().app.model.jobs.printing.is_some() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the PDF never came"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run();
}

#[test]
fn kt_11_the_preview_of_a_kill_team_shows_its_soldiers_and_stratagems_in_either_language() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut h, _) = harness(dir.path(), "killteam.json", Vec::new(), english());
    assert!(matches!(h.state().app.model.screen, Screen::KillTeam(_)));

    // Ctrl+P opens the preview of the document shown.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::P);
    h.run();
    assert!(
        matches!(&h.state().app.model.screen, Screen::Print(key) if key.id == "hark-s-raiders"),
        "{:?}",
        h.state().app.model.screen
    );
    // The sheet: every soldier, the command points and the stratagems
    // (KT-11), on a page with its footer.
    for name in [
        "Sergeant Hark",
        "Trooper Vell",
        "Trooper Osk",
        "Trooper Dace",
        "Trooper Rusk",
        "Trooper Nim",
        "Trooper Pell",
    ] {
        assert!(shows(&h, name), "{name} is on the sheet");
    }
    assert!(shows(&h, "Command points and stratagems (KT-11)"));
    assert!(shows(&h, "Reroll any one roll."));
    assert!(shows(&h, "Third action"));
    assert!(shows(&h, "Command points 0–"), "the command-point track");

    // The sheet in French, the interface still in English.
    h.get_by_role_and_label(Role::RadioButton, "Sheet in Français")
        .click();
    h.run();
    assert_eq!(h.state().app.model.prefs.print.lang, Some(Lang::Fr));
    assert!(shows(&h, "Points de commandement et stratagèmes (KT-11)"));
    assert!(shows(&h, "Relancer n'importe quel jet."));
    assert!(shows(&h, "Soldats"));
    assert!(!shows(&h, "Reroll any one roll."));
    assert!(shows(&h, "Export PDF…"), "the interface stays English");
    assert_eq!(h.state().app.model.prefs.lang, Lang::En);

    // US Letter and the appendix, kept in the preferences.
    h.get_by_role_and_label(Role::RadioButton, "Paper: US Letter")
        .click();
    h.run();
    h.get_by_label("Rules appendix").click();
    h.run();
    let prefs = h.state().app.prefs();
    assert_eq!(
        prefs.print,
        PrintPrefs {
            paper: Paper::Letter,
            lang: Some(Lang::Fr),
            appendix: true,
            what: muster::print::Printout::Sheet,
        }
    );
    // The appendix brings the rule's own text (KT-11, in French).
    assert!(shows(&h, "KT-11 — "));

    // A restart with those preferences prints the same way.
    drop(h);
    let (h, _) = harness(
        tempfile::tempdir().expect("tempdir").path(),
        "killteam.json",
        Vec::new(),
        prefs,
    );
    assert_eq!(h.state().app.model.prefs.print.paper, Paper::Letter);
    assert_eq!(h.state().app.model.prefs.print.lang, Some(Lang::Fr));
}

#[test]
fn export_a_kill_team_to_pdf_in_the_background_then_open_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = tempfile::tempdir().expect("tempdir");
    let target = out.path().join("raiders.pdf");
    let (mut h, record) = harness(dir.path(), "killteam.json", vec![target.clone()], english());

    // The button on the kill-team screen opens the preview.
    button(&mut h, "Print preview…");
    assert!(matches!(h.state().app.model.screen, Screen::Print(_)));

    h.get_by_role_and_label(Role::Button, "Export PDF…").click();
    until_written(&mut h);
    assert_eq!(
        record.suggested.lock().expect("lock").as_slice(),
        ["Hark's Raiders.pdf"],
        "the dialog suggests the team's name"
    );
    let pdf = std::fs::read(&target).expect("the PDF is there");
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    assert!(
        pdf.windows(5).rev().take(64).any(|w| w == b"%%EOF"),
        "a complete PDF"
    );
    let said = crate::common::last_line(&h.state().app).shown();
    assert!(
        said.contains("PDF written to") && said.contains("raiders.pdf"),
        "{said}"
    );
    assert!(shows(&h, "PDF written: "));

    // Open hands it to the system's viewer (here, recorded).
    let name = format!("Open {}", target.display());
    h.get_all_by_label(&name)
        .next()
        .expect("an Open button")
        .click();
    h.run();
    assert_eq!(record.opened.lock().expect("lock").as_slice(), [target]);
}

#[test]
fn a_pdf_that_cannot_be_written_says_why_and_the_window_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let nowhere = dir.path().join("no such folder").join("team.pdf");
    let (mut h, _) = harness(
        dir.path(),
        "killteam.json",
        vec![nowhere.clone()],
        english(),
    );
    button(&mut h, "Print preview…");
    h.get_by_role_and_label(Role::Button, "Export PDF…").click();
    until_written(&mut h);
    assert!(!nowhere.exists());
    let said = crate::common::last_line(&h.state().app).shown();
    assert!(
        said.starts_with("The PDF could not be written to"),
        "{said}"
    );
    assert!(h.state().app.model.jobs.last_pdf.is_none());
    // Cancelling the dialog writes nothing, and says how else to print.
    h.get_by_role_and_label(Role::Button, "Export PDF…").click();
    h.run();
    assert!(h.state().app.model.jobs.printing.is_none());
    let said = crate::common::last_line(&h.state().app).shown();
    assert!(
        said.starts_with("No PDF written: no file was chosen"),
        "{said}"
    );
}

#[test]
fn copy_as_text_puts_the_sheet_on_the_clipboard_as_markdown() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut h, _) = harness(dir.path(), "killteam.json", Vec::new(), english());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::P);
    h.run();
    h.get_by_role_and_label(Role::Button, "Copy as text")
        .click();
    // The frame of the click is the one that copies.
    h.step();
    let copied: Vec<String> = h
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    h.run();
    assert_eq!(copied.len(), 1, "{copied:?}");
    let text = &copied[0];
    assert!(text.starts_with("# Hark's Raiders\n"), "{text}");
    assert!(text.contains("### Sergeant Hark"), "{text}");
    assert!(
        text.contains("| Cost | Stratagem | Effect |") || text.contains("Stratagem"),
        "{text}"
    );
    let said = crate::common::last_line(&h.state().app).shown();
    assert!(said.contains("on the clipboard"), "{said}");
}

#[test]
fn the_band_and_the_campaign_have_their_preview_from_their_screen() {
    for (file, names) in [
        (
            "rt-band.json",
            vec!["Inquisitor Vael", "Sister Oriel", "Sergeant Brask"],
        ),
        ("campaign.json", vec!["Inquisitor Vael", "Trooper Hesk"]),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let (mut h, _) = harness(dir.path(), file, Vec::new(), english());
        let doc = h.state().app.model.screen.doc().expect("a document shown");
        button(&mut h, "Print preview…");
        assert_eq!(
            h.state().app.model.screen,
            Screen::Print(doc.clone()),
            "{file}"
        );
        let title = h
            .state()
            .app
            .model
            .doc(&doc)
            .expect("doc")
            .name()
            .to_owned();
        assert!(shows(&h, &format!("Print preview: {title}")), "{file}");
        for name in names {
            assert!(shows(&h, name), "{file}: {name}");
        }
        assert!(shows(&h, "Printed with Muster"), "{file}: the footer");
        // Escape goes back to the document.
        h.key_press(egui::Key::Escape);
        h.run();
        assert_eq!(
            Some(h.state().app.model.screen.clone()),
            h.state().app.model.doc(&doc).map(Screen::of),
            "{file}"
        );
    }
}
