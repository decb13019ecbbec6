//! `muster print` and `muster export`: a document written as a sheet, a
//! book or cards (PDF), as Markdown or as JSON, a shared campaign's events
//! that wait named, the output replaced only when complete.

use std::io::Write;
use std::path::Path;

use super::{
    EXIT_LEFT_OUT, EXIT_OK, EXIT_UNREADABLE, Target, left_out_lines, read_doc, rules_with_overrides,
};
use crate::i18n::Lang;
use crate::rules::{Doc, RulesData};
use crate::store::journaled::FolderReading;
use crate::store::{self, Kinds};

pub(super) fn print(
    file: &Path,
    output: Option<&Path>,
    target: Target,
    (lang, appendix, what): (&str, bool, crate::print::Printout),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let lang = if lang == "fr" { Lang::Fr } else { Lang::En };
    let Some(rules) = rules_with_overrides(lang, err) else {
        return EXIT_UNREADABLE;
    };
    let shown = file.display();
    let kinds = Kinds::default();
    let (doc, reading) = match read_doc(&kinds, file, &rules) {
        Ok(read) => read,
        Err(e) => {
            let reason = lang.read_error(&e.reason());
            // The journal that cannot be read, not only its folder.
            let place = e
                .path()
                .map_or_else(|| shown.to_string(), |p| p.display().to_string());
            let _ = writeln!(err, "muster: cannot read: {reason}: {place}");
            return EXIT_UNREADABLE;
        }
    };
    // What the sheet or the file leaves out of a shared campaign is said,
    // and the exit code says it too.
    let left_out = reading
        .as_ref()
        .map(|r| left_out_lines(r, lang))
        .unwrap_or_default();
    for line in &left_out {
        let _ = writeln!(err, "muster: left out: {line}: {shown}");
    }
    let waiting = reading.as_ref().is_some_and(FolderReading::waiting);
    let written = |code: u8| {
        if code == EXIT_OK && waiting {
            EXIT_LEFT_OUT
        } else {
            code
        }
    };
    warn_breaks_rules(&doc, &rules, lang, &shown.to_string(), err);
    if let Target::Json = target {
        let text = match kinds.to_json(&with_held(&doc, reading.as_ref())) {
            Ok(text) => text,
            Err(e) => {
                let _ = writeln!(err, "muster: {}: {shown}", lang.msg(&e.msg()));
                return EXIT_UNREADABLE;
            }
        };
        return written(write_out(text.as_bytes(), output, lang, out, err));
    }
    if what == crate::print::Printout::Book && doc.get::<crate::rules::Campaign>().is_none() {
        let _ = writeln!(err, "muster: {}: {shown}", lang.t("cli.book_not_campaign"));
        return EXIT_UNREADABLE;
    }
    let options = crate::print::SheetOptions {
        lang,
        appendix,
        what,
    };
    let sheet = crate::print::sheets::with_left_out(
        crate::print::sheet_of(&doc, &rules, options),
        &waiting_lines(reading.as_ref(), lang),
        lang,
    );
    let bytes = match target {
        Target::Json => Vec::new(),
        Target::Markdown => crate::print::markdown::to_markdown(&sheet).into_bytes(),
        Target::Pdf { paper, tagged } => {
            let template = match store::sheet_template(store::default_data_dir().as_deref()) {
                Ok(t) => t,
                Err(e) => {
                    let _ = writeln!(err, "muster: {}", lang.store_error(&e));
                    return EXIT_UNREADABLE;
                }
            };
            match crate::print::pdf::print(&sheet, paper, template.as_deref(), tagged) {
                Ok(printed) => {
                    // Printed all the same: a warning, not a failure.
                    if let Some(w) = printed.warning() {
                        let _ = writeln!(err, "muster: warning: {}: {shown}", lang.msg(&w));
                    }
                    printed.pdf
                }
                Err(e) => {
                    let _ = writeln!(err, "muster: {}: {shown}", lang.msg(&e.msg()));
                    return EXIT_UNREADABLE;
                }
            }
        }
    };
    written(write_out(&bytes, output, lang, out, err))
}

/// A sheet of a file that breaks a rule is made all the same (a draft
/// prints), but the user is told on `err`, as a campaign whose journal
/// cannot have happened would print figures it never earned.
fn warn_breaks_rules(doc: &Doc, rules: &RulesData, lang: Lang, shown: &str, err: &mut dyn Write) {
    let problems = doc.validate(rules);
    if let Some(first) = problems.first() {
        let said = lang.f(
            "cli.breaks_rules",
            &[
                ("count", &problems.len().to_string()),
                ("first", &lang.problem_line(first)),
            ],
        );
        let _ = writeln!(err, "muster: warning: {said}: {shown}");
    }
}

/// The document as one file: a shared campaign with its events held
/// aside, as held aside, so that opened again it is the same campaign,
/// the players' choices with it.
fn with_held(doc: &Doc, reading: Option<&FolderReading>) -> Doc {
    match (doc.get::<crate::rules::Campaign>(), reading) {
        (Some(c), Some(r)) => {
            let mut c = c.clone();
            crate::rules::campaign::journals::keep_held(&mut c, &r.held);
            Doc::new(c)
        }
        _ => doc.clone(),
    }
}

/// What a shared campaign's sheet names as left out, as the window's does:
/// what waits (the players' settled choices are named on stderr only).
fn waiting_lines(reading: Option<&FolderReading>, lang: Lang) -> Vec<String> {
    reading
        .map(|r| {
            let held = r.held.iter().filter(|a| !a.chosen).cloned().collect();
            left_out_lines(&FolderReading { held, ..r.clone() }, lang)
        })
        .unwrap_or_default()
}

/// Writes `bytes` to standard output, or to `output` (replaced only once
/// the new file is complete).
fn write_out(
    bytes: &[u8],
    output: Option<&Path>,
    lang: Lang,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    match output {
        None => {
            let _ = out.write_all(bytes);
            EXIT_OK
        }
        Some(path) => match store::write_atomic(path, |f| f.write_all(bytes)) {
            Ok(()) => EXIT_OK,
            Err(e) => {
                let _ = writeln!(err, "muster: {}", lang.store_error(&e));
                EXIT_UNREADABLE
            }
        },
    }
}
