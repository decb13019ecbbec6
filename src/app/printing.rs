//! Printed sheets from the app: the PDF written on a thread of its own (the
//! window never waits for typst), polled each frame, and the sheet's text
//! for the clipboard.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use super::{App, MessageKind};
use crate::print::model::Sheet;
use crate::print::pdf::print;
use crate::print::{SheetOptions, markdown, sheet_of, sheets};
use crate::rules::{DocKey, Msg};
use crate::store;

/// A PDF being written.
pub(crate) struct PdfJob {
    /// Where it goes.
    path: PathBuf,
    /// The document's name, for the log.
    name: String,
    /// Written to the documents folder without a dialog: the log says
    /// where.
    quick: bool,
    /// The outcome, sent once by the thread: a warning, if any, for a PDF
    /// written (characters its fonts lack).
    done: Receiver<Result<Option<Msg>, Msg>>,
}

/// The name a save dialog suggests for a document's PDF.
pub fn pdf_file_name(doc_name: &str) -> String {
    // Only what no file system refuses: the name as the user wrote it,
    // without separators and control characters.
    let clean: String = doc_name
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '-'
            } else {
                c
            }
        })
        .collect();
    let clean = clean.trim().trim_matches('.');
    if clean.is_empty() {
        "sheet.pdf".to_owned()
    } else {
        format!("{clean}.pdf")
    }
}

/// The name a document's PDF is saved under: its cards for the table
/// and a campaign's book say so (`Hark's Raiders (cards).pdf`).
fn printed_file_name(doc: &crate::rules::Doc, prefs: &crate::app::Prefs) -> String {
    use crate::print::Printout;
    let key = match (prefs.print.what, doc) {
        (Printout::Cards(_), _) => "print.cards_file",
        (Printout::Book, crate::rules::Doc::Campaign(_)) => "print.book_file",
        _ => return pdf_file_name(doc.name()),
    };
    let lang = prefs.print.sheet_lang(prefs.lang);
    pdf_file_name(&lang.f(key, &[("name", doc.name())]))
}

/// A path in `dir` for a file named `file` that no file has yet: `The
/// Raid.pdf`, else `The Raid (2).pdf`, `The Raid (3).pdf` …
pub fn free_path(dir: &Path, file: &str) -> PathBuf {
    let first = dir.join(file);
    if !first.exists() {
        return first;
    }
    let path = Path::new(file);
    let stem = path
        .file_stem()
        .map_or_else(|| file.to_owned(), |s| s.to_string_lossy().into_owned());
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (2..)
        .map(|n| dir.join(format!("{stem} ({n}){ext}")))
        .find(|p| !p.exists())
        .unwrap_or(first)
}

impl App {
    /// The folder a PDF goes to without a dialog: the user's documents
    /// folder, where a player looks for what he saved, else the data
    /// folder's `pdf` folder.
    pub fn documents_folder(&self) -> Option<PathBuf> {
        self.desktop
            .documents_dir()
            .or_else(|| self.model.folder.data_dir.as_ref().map(|d| d.join("pdf")))
    }

    /// Writes a document's PDF into the documents folder without a dialog,
    /// under the document's name (never over another file); the log says
    /// where.
    pub(super) fn export_pdf_to_documents(&mut self, key: &DocKey) {
        let Some(doc) = self.model.doc(key) else {
            return;
        };
        let file = printed_file_name(doc, &self.model.prefs);
        let Some(dir) = self.documents_folder() else {
            self.message(MessageKind::Error, Msg::new("print.no_documents"));
            return;
        };
        if let Err(e) = std::fs::create_dir_all(&dir) {
            self.message(
                MessageKind::Error,
                Msg::new("print.failed")
                    .text("path", dir.display().to_string())
                    .text("reason", e.to_string()),
            );
            return;
        }
        let path = free_path(&dir, &file);
        self.start_pdf(key, path, true);
    }

    /// Asks where to save a document's PDF, then writes it; without file
    /// dialogs, writes it into the documents folder.
    pub(super) fn export_pdf_dialog(&mut self, key: &DocKey) {
        if !self.desktop.has_file_dialogs() {
            // Said, so that a player does not wait for a dialog.
            self.message(MessageKind::Info, Msg::new("print.no_dialog"));
            self.export_pdf_to_documents(key);
            return;
        }
        let Some(doc) = self.model.doc(key) else {
            return;
        };
        let name = printed_file_name(doc, &self.model.prefs);
        let filter = self.model.prefs.lang.t("print.pdf_filter").to_owned();
        match self.desktop.pick_save_pdf(&filter, &name) {
            Some(path) => self.export_pdf(key, path),
            // Cancelled, or no file dialog on this desktop: say the other
            // way to a PDF.
            None => self.message(MessageKind::Info, Msg::new("print.none_chosen")),
        }
    }

    /// Starts writing a document's sheet as PDF to `path`, on a thread: the
    /// outcome comes to the log when `poll_jobs` sees it.
    pub(super) fn export_pdf(&mut self, key: &DocKey, path: PathBuf) {
        self.start_pdf(key, path, false);
    }

    fn start_pdf(&mut self, key: &DocKey, path: PathBuf, quick: bool) {
        if self.workers.pdf_job.is_some() {
            self.message(MessageKind::Refused, Msg::new("print.busy"));
            return;
        }
        let Some(doc) = self.model.doc(key) else {
            return;
        };
        let name = doc.name().to_owned();
        let options = self.model.prefs.print.sheet_options(self.model.prefs.lang);
        let sheet = self.model.sheet_of(doc, options);
        let paper = self.model.prefs.print.paper;
        let data_dir = self.model.folder.data_dir.clone();
        let target = path.clone();
        let (send, done) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("muster-pdf".to_owned())
            .spawn(move || {
                let written = write_pdf(&sheet, paper, data_dir.as_deref(), &target);
                // The app may be gone (closed while writing): nobody to tell.
                let _ = send.send(written);
            });
        match spawned {
            Ok(_) => {
                self.model.jobs.printing = Some(path.clone());
                self.workers.pdf_job = Some(PdfJob {
                    path,
                    name,
                    quick,
                    done,
                });
            }
            Err(e) => self.message(
                MessageKind::Error,
                Msg::new("print.failed")
                    .text("path", path.display().to_string())
                    .msg(
                        "reason",
                        Msg::new("print.no_thread").text("reason", e.to_string()),
                    ),
            ),
        }
    }

    /// Looks whether the PDF being written is done, and says so in the log,
    /// and takes in what the writer reported. True while a PDF or a save is
    /// still being written (the window should look again soon).
    pub fn poll_jobs(&mut self) -> bool {
        // The fight to the end's thread wakes the window itself when done,
        // and so do the writer and the preview's typesetting.
        self.poll_simulation();
        self.poll_preview();
        self.poll_chronicle();
        let saving = self.poll_saves();
        self.poll_pdf() | saving
    }

    fn poll_pdf(&mut self) -> bool {
        let Some(job) = &self.workers.pdf_job else {
            return false;
        };
        let outcome = match job.done.try_recv() {
            Ok(outcome) => outcome,
            Err(TryRecvError::Empty) => return true,
            // The thread died without a word (typst panicked).
            Err(TryRecvError::Disconnected) => Err(Msg::new("print.crashed")),
        };
        let Some(job) = self.workers.pdf_job.take() else {
            return false;
        };
        self.model.jobs.printing = None;
        let shown = job.path.display().to_string();
        match outcome {
            Ok(warning) => {
                self.model.jobs.last_pdf = Some(job.path.clone());
                let text = if job.quick {
                    let file = job.path.file_name().unwrap_or_default();
                    let folder = job.path.parent().unwrap_or(Path::new(""));
                    Msg::new("print.saved_in")
                        .text("file", file.to_string_lossy().into_owned())
                        .text("folder", folder.display().to_string())
                } else {
                    Msg::new("print.exported")
                        .text("name", job.name)
                        .text("path", shown)
                };
                self.message_about(MessageKind::Info, text, Some(job.path));
                if let Some(w) = warning {
                    self.message(MessageKind::Warning, w);
                }
            }
            Err(reason) => self.message(
                MessageKind::Error,
                Msg::new("print.failed")
                    .text("path", shown)
                    .msg("reason", reason),
            ),
        }
        false
    }

    /// Puts a document's sheet on the clipboard as Markdown.
    pub(super) fn copy_sheet_text(&mut self, key: &DocKey) {
        let Some(doc) = self.model.doc(key) else {
            return;
        };
        let name = doc.name().to_owned();
        let options = self.model.prefs.print.sheet_options(self.model.prefs.lang);
        let sheet = self.model.sheet_of(doc, options);
        self.clipboard = Some(markdown::to_markdown(&sheet));
        self.message(
            MessageKind::Info,
            Msg::new("print.copied").text("name", name),
        );
    }

    /// Opens a file with the system's viewer.
    pub(super) fn open_file(&mut self, path: &Path) {
        if let Err(e) = self.desktop.open_file(path) {
            self.message(
                MessageKind::Error,
                Msg::new("print.open_failed")
                    .text("path", path.display().to_string())
                    .text("reason", e.to_string()),
            );
        }
    }

    /// The text to put on the clipboard, once.
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.clipboard.take()
    }
}

/// Typesets the sheet with the user's template (or the built-in one) and
/// writes the PDF whole or not at all; the warning to show, if its fonts
/// lack some of the sheet's characters.
fn write_pdf(
    sheet: &crate::print::Sheet,
    paper: crate::print::Paper,
    data_dir: Option<&Path>,
    path: &Path,
) -> Result<Option<Msg>, Msg> {
    let template = store::sheet_template(data_dir).map_err(|e| e.msg())?;
    let printed = print(sheet, paper, template.as_deref(), false).map_err(|e| e.msg())?;
    store::write_atomic(path, |f| f.write_all(&printed.pdf)).map_err(|e| e.msg())?;
    Ok(printed.warning())
}

impl super::Model {
    /// The sheet of `doc` as this window prints it: for a shared
    /// campaign, what it leaves out (events held aside, journals that
    /// cannot be read whole) is said on the sheet itself.
    pub fn sheet_of(&self, doc: &crate::rules::Doc, options: SheetOptions) -> Sheet {
        let sheet = sheet_of(doc, &self.rules, options);
        let Some(c) = doc.get::<crate::rules::Campaign>() else {
            return sheet;
        };
        let lang = options.lang;
        let key = doc.key();
        let held = self.library.held.get(&key).map_or(&[][..], Vec::as_slice);
        let mut lines: Vec<String> = (held.iter())
            .filter(|a| !a.chosen)
            .map(|a| sheets::held_line(c, a, lang, false))
            .collect();
        for u in self.library.unreadable_journals_of(&c.id) {
            let file = u.path.file_name().map(|n| n.to_string_lossy().into_owned());
            let file = file.as_deref().unwrap_or("");
            let reason = lang.read_error(&u.reason);
            lines.push(if u.machine.is_empty() {
                lang.f(
                    "held.unreadable_unnamed",
                    &[("file", file), ("reason", &reason)],
                )
            } else {
                lang.f(
                    "held.unreadable",
                    &[("machine", &u.machine), ("file", file), ("reason", &reason)],
                )
            });
        }
        sheets::with_left_out(sheet, &lines, lang)
    }
}
