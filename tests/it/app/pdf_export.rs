//! "Export PDF" without a file dialog: the PDF goes to the documents folder
//! under the document's name, never over another file, and the log says
//! where.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use muster::app::{App, Command, Prefs, ScriptedDesktop, free_path, pdf_file_name};
use muster::i18n::Lang;
use muster::rules::{DocKey, KillTeam};

use crate::common::Shown as _;

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/examples")
        .join(name)
}

/// The app on `data` with the example kill team, on a desktop without
/// file dialogs whose documents folder is `documents`.
fn app(data: &Path, documents: Option<PathBuf>) -> (App, DocKey) {
    let prefs = Prefs {
        lang: Lang::En,
        ..Prefs::default()
    };
    let desktop = ScriptedDesktop {
        no_dialogs: true,
        documents,
        ..Default::default()
    };
    let mut app = App::new(Some(data), &prefs, Box::new(desktop), 5).expect("app");
    app.apply(Command::Import(example("killteam.json")));
    (app, DocKey::of::<KillTeam>("hark-s-raiders"))
}

/// Waits for the PDF being written, for at most two minutes.
fn until_written(app: &mut App) {
    let start = Instant::now();
    while app.poll_jobs() || app.model.jobs.printing.is_some() {
        assert!(start.elapsed() < Duration::from_secs(120), "no PDF came");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn is_pdf(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|b| b.starts_with(b"%PDF-"))
}

#[test]
fn export_pdf_without_a_dialog_saves_in_the_documents_folder_and_says_where() {
    let data = tempfile::tempdir().expect("tempdir");
    let home = tempfile::tempdir().expect("tempdir");
    // The folder does not exist yet: it is made.
    let documents = home.path().join("Documents");
    let (mut app, key) = app(data.path(), Some(documents.clone()));

    // "Export PDF…" on a desktop without dialogs.
    app.apply(Command::ExportPdfDialog(key.clone()));
    until_written(&mut app);
    let first = documents.join("Hark's Raiders.pdf");
    assert!(is_pdf(&first), "{first:?} is a PDF");
    let line = app.model.feedback.messages.last().expect("a line");
    assert_eq!(
        line.shown(),
        format!("Saved Hark's Raiders.pdf in {}", documents.display())
    );
    // Why no dialog opened, said before.
    let messages = &app.model.feedback.messages;
    let why = messages[messages.len() - 2].shown();
    assert!(why.starts_with("No file dialog on this desktop"), "{why}");
    // The log offers to open it.
    let line = app.model.feedback.messages.last().expect("a line");
    assert_eq!(line.open.as_deref(), Some(first.as_path()));
    assert_eq!(app.model.jobs.last_pdf.as_deref(), Some(first.as_path()));

    // Again, by the quick action: a second file, the first left alone.
    let before = std::fs::metadata(&first).expect("first").modified().ok();
    app.apply(Command::ExportPdfToDocuments(key));
    until_written(&mut app);
    let second = documents.join("Hark's Raiders (2).pdf");
    assert!(is_pdf(&second), "{second:?} is a PDF");
    assert_eq!(
        std::fs::metadata(&first).expect("first").modified().ok(),
        before
    );
    let said = app.model.feedback.messages.last().expect("a line").shown();
    assert!(said.contains("Hark's Raiders (2).pdf"), "{said}");
    assert!(said.contains(&documents.display().to_string()), "{said}");
    let pdfs = std::fs::read_dir(&documents).expect("folder").count();
    assert_eq!(pdfs, 2);
}

#[test]
fn without_a_documents_folder_the_pdf_goes_to_the_data_folder() {
    let data = tempfile::tempdir().expect("tempdir");
    let (mut app, key) = app(data.path(), None);
    app.apply(Command::ExportPdfToDocuments(key));
    until_written(&mut app);
    let path = data.path().join("pdf").join("Hark's Raiders.pdf");
    assert!(is_pdf(&path), "{path:?} is a PDF");
    let said = app.model.feedback.messages.last().expect("a line").shown();
    assert!(said.starts_with("Saved Hark's Raiders.pdf in "), "{said}");
    assert!(said.ends_with(&data.path().join("pdf").display().to_string()));
}

#[test]
fn a_free_name_never_overwrites_and_never_holds_a_separator() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = pdf_file_name("Raid: Cadia/Nord");
    assert_eq!(file, "Raid- Cadia-Nord.pdf");
    assert_eq!(free_path(dir.path(), &file), dir.path().join(&file));
    std::fs::write(dir.path().join(&file), b"x").expect("write");
    assert_eq!(
        free_path(dir.path(), &file),
        dir.path().join("Raid- Cadia-Nord (2).pdf")
    );
    std::fs::write(dir.path().join("Raid- Cadia-Nord (2).pdf"), b"x").expect("write");
    assert_eq!(
        free_path(dir.path(), &file),
        dir.path().join("Raid- Cadia-Nord (3).pdf")
    );
}

/// "Export…" of a document without a file dialog: the JSON goes to the
/// documents folder under the document's slug, never over another file,
/// and the log says where; with a dialog cancelled, the log says nothing
/// was exported (never silent).
#[test]
fn export_without_a_dialog_saves_the_document_in_the_documents_folder() {
    let data = tempfile::tempdir().expect("tempdir");
    let home = tempfile::tempdir().expect("tempdir");
    let documents = home.path().join("Documents");
    let (mut app, key) = app(data.path(), Some(documents.clone()));
    app.apply(Command::ExportDialog(key.clone()));
    let first = documents.join("hark-s-raiders.json");
    let text = std::fs::read_to_string(&first).expect("exported");
    assert!(text.contains("Trooper Vell"));
    let line = app.model.feedback.messages.last().expect("a line");
    assert_eq!(
        line.shown(),
        format!("Exported “Hark's Raiders” to {}", first.display())
    );
    app.apply(Command::ExportDialog(key));
    assert!(documents.join("hark-s-raiders (2).json").exists());
    assert_eq!(std::fs::read_to_string(&first).expect("first"), text);

    // A desktop with dialogs, the dialog cancelled: said so.
    let prefs = Prefs {
        lang: Lang::En,
        ..Prefs::default()
    };
    let other = tempfile::tempdir().expect("tempdir");
    let mut app = App::new(
        Some(other.path()),
        &prefs,
        Box::new(ScriptedDesktop::default()),
        5,
    )
    .expect("app");
    app.apply(Command::Import(example("killteam.json")));
    app.apply(Command::ExportDialog(DocKey::of::<KillTeam>(
        "hark-s-raiders",
    )));
    assert_eq!(
        app.model.feedback.messages.last().expect("a line").shown(),
        "Nothing exported: no file was chosen."
    );
}
