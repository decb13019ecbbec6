//! The command line, parsed with clap: `muster check FILE…`, `--help`,
//! `--version`. Each subcommand's errors and exit codes are here, its
//! arguments and help in `args.rs`.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Parser;

use crate::i18n::Lang;
use crate::rules::battle::scenario::{self, AnyScenario};
use crate::rules::{Doc, RulesData};
use crate::store::journaled::FolderReading;
use crate::store::{self, Kinds};

mod args;
mod merge;
mod rules;
mod sheets;

use args::{Cli, Cmd};

/// Exit code: every file valid.
pub const EXIT_OK: u8 = 0;
/// Exit code: some file breaks a rule.
pub const EXIT_PROBLEMS: u8 = 1;
/// Exit code: some file cannot be read, or the command line is wrong.
pub const EXIT_UNREADABLE: u8 = 2;
/// Exit code: a shared campaign's folder was read, but some of its events
/// wait: held aside for the players to choose, or after a journal line cut
/// short (each is named; an event the players chose to set aside is named
/// too, but settled).
pub const EXIT_LEFT_OUT: u8 = 3;

/// Whether the command line asks for the window (no argument at all).
pub fn wants_window(args: &[OsString]) -> bool {
    args.len() <= 1
}

/// Runs the command line with `args` (the program name first); returns the
/// exit code.
pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            let text = e.render().to_string();
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = out.write_all(text.as_bytes());
                    EXIT_OK
                }
                _ => {
                    let _ = err.write_all(text.as_bytes());
                    EXIT_UNREADABLE
                }
            };
        }
    };
    match cli.command {
        None => EXIT_OK,
        Some(Cmd::Check { files }) => check(&files, out, err),
        Some(Cmd::Odds { file }) => odds(&file, out, err),
        Some(Cmd::Merge {
            ours,
            theirs,
            output,
            base,
        }) => merge::run(
            (&ours, &theirs, base.as_deref()),
            output.as_deref(),
            (out, err),
        ),
        Some(Cmd::Print {
            file,
            output,
            paper,
            lang,
            appendix,
            tagged,
            cards,
            book,
        }) => {
            let paper = crate::print::Paper::from_code(&paper).unwrap_or_default();
            let target = Target::Pdf { paper, tagged };
            let what = match cards.as_deref().and_then(crate::print::CardSize::from_code) {
                Some(size) => crate::print::Printout::Cards(size),
                None if book => crate::print::Printout::Book,
                None => crate::print::Printout::Sheet,
            };
            sheets::print(
                &file,
                Some(&output),
                target,
                (&lang, appendix, what),
                out,
                err,
            )
        }
        Some(Cmd::Export {
            file,
            output,
            lang,
            appendix,
            format,
        }) => {
            let target = if format == "json" {
                Target::Json
            } else {
                Target::Markdown
            };
            sheets::print(
                &file,
                output.as_deref(),
                target,
                (&lang, appendix, crate::print::Printout::Sheet),
                out,
                err,
            )
        }
        Some(Cmd::Rules { what, file, lang }) => {
            let lang = if lang == "fr" { Lang::Fr } else { Lang::En };
            let Some(data) = rules_with_overrides(lang, err) else {
                return EXIT_UNREADABLE;
            };
            let show = if what == "diff" {
                rules::Show::Diff
            } else {
                rules::Show::All
            };
            rules::run(&file, show, lang, &data, (out, err))
        }
    }
}

/// The rules data with the user's overrides, reporting broken ones on `err`.
fn rules_with_overrides(lang: Lang, err: &mut dyn Write) -> Option<RulesData> {
    let rules_dir = store::default_data_dir().map(|d| d.join("rules"));
    match store::load_rules(rules_dir.as_deref()) {
        Ok((rules, problems)) => {
            for p in problems {
                let _ = writeln!(err, "muster: {}", lang.data_problem(&p));
            }
            Some(rules)
        }
        Err(p) => {
            let _ = writeln!(err, "muster: {}", lang.data_problem(&p));
            None
        }
    }
}

fn odds(file: &Path, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let lang = Lang::En;
    let text = if file == Path::new("-") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).map(|_| text)
    } else {
        std::fs::read_to_string(file)
    };
    let text = match text {
        Ok(text) => text,
        Err(e) => {
            let _ = writeln!(err, "muster: cannot read: {e}: {}", file.display());
            return EXIT_UNREADABLE;
        }
    };
    let Some(rules) = rules_with_overrides(lang, err) else {
        return EXIT_UNREADABLE;
    };
    let odds = scenario::parse_any(&text).and_then(|s| match s {
        AnyScenario::Attack(attack) => attack.odds(&rules).map(|o| serde_json::to_string(&o)),
        AnyScenario::Round(round) => round.odds(&rules).map(|o| serde_json::to_string(&o)),
        AnyScenario::Fight(fight) => fight.odds(&rules).map(|o| serde_json::to_string(&o)),
    });
    match odds {
        Ok(Ok(json)) => {
            let _ = writeln!(out, "{json}");
            EXIT_OK
        }
        Ok(Err(e)) => {
            let _ = writeln!(err, "muster: {e}");
            EXIT_UNREADABLE
        }
        Err(problem) => {
            let _ = writeln!(
                err,
                "muster: {}: {}",
                lang.problem(&problem),
                file.display()
            );
            EXIT_UNREADABLE
        }
    }
}

/// What `print` writes.
#[derive(Clone, Copy)]
enum Target {
    Pdf {
        paper: crate::print::Paper,
        tagged: bool,
    },
    Markdown,
    /// The document itself, as one file.
    Json,
}

/// Reads a document from a file, or a campaign from its folder of
/// machines' journals (replayed by `rules`, with every event of the
/// folder accounted for).
pub(super) fn read_doc(
    kinds: &Kinds,
    path: &Path,
    rules: &RulesData,
) -> Result<(Doc, Option<FolderReading>), store::StoreError> {
    if store::journaled::is_folder(path) {
        store::journaled::read_folder(kinds, path, rules).map(|r| (r.doc.clone(), Some(r)))
    } else {
        store::read_file(kinds, path).map(|doc| {
            let reading = store::journaled::file_reading(&doc, rules);
            (doc, reading)
        })
    }
}

/// The events of a shared campaign's folder that are not in the campaign,
/// one line each: each event held aside (what, where and when it was
/// made, why, and the event kept in its place), each journal cut short,
/// and events the reading could not place. Empty: every event is in.
pub(super) fn left_out_lines(reading: &FolderReading, lang: Lang) -> Vec<String> {
    let Some(c) = reading.doc.get::<crate::rules::Campaign>() else {
        return Vec::new();
    };
    let mut out: Vec<String> = (reading.held.iter())
        .map(|aside| crate::print::sheets::held_line(c, aside, lang, true))
        .collect();
    for cut in &reading.cut {
        out.push(lang.f(
            "cli.cut_short",
            &[
                ("line", &cut.line.to_string()),
                ("machine", reading.machine_name(&cut.machine)),
                ("file", &cut.path.display().to_string()),
            ],
        ));
    }
    let lost = reading.unaccounted();
    if lost > 0 {
        out.push(lang.f("cli.unaccounted", &[("count", &lost.to_string())]));
    }
    out
}

/// How many of a shared campaign's events are where: "57 events: 55 in
/// the campaign, 2 held aside".
fn accounted_words(reading: &FolderReading, lang: Lang) -> String {
    lang.f(
        "cli.accounted",
        &[
            ("events", &reading.events.to_string()),
            ("applied", &reading.applied().to_string()),
            ("held", &reading.held.len().to_string()),
            ("taken_back", &reading.taken_back.to_string()),
        ],
    )
}

fn check(files: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let lang = Lang::En;
    let Some(rules) = rules_with_overrides(lang, err) else {
        return EXIT_UNREADABLE;
    };
    let kinds = Kinds::default();
    let mut codes = Vec::with_capacity(files.len());
    for path in files {
        let file = Path::new(path).display();
        match read_doc(&kinds, path, &rules) {
            Err(e) => {
                let reason = lang.read_error(&e.reason());
                let place = e
                    .path()
                    .map_or_else(|| file.to_string(), |p| p.display().to_string());
                let _ = writeln!(err, "muster: cannot read: {reason}: {place}");
                codes.push(EXIT_UNREADABLE);
            }
            Ok((doc, reading)) => {
                let problems = doc.validate(&rules);
                for p in &problems {
                    let _ = writeln!(out, "{} ({file})", lang.problem_line(p));
                }
                let left_out = reading
                    .as_ref()
                    .map(|r| left_out_lines(r, lang))
                    .unwrap_or_default();
                for line in &left_out {
                    let _ = writeln!(out, "left out: {line} ({file})");
                }
                let events = reading
                    .as_ref()
                    .map(|r| format!("; {}", accounted_words(r, lang)))
                    .unwrap_or_default();
                let summary = format!("{} ({}{events})", doc.name(), lang.msg(&doc.summary()));
                if !problems.is_empty() {
                    codes.push(EXIT_PROBLEMS);
                } else if reading.as_ref().is_some_and(FolderReading::waiting) {
                    let _ = writeln!(out, "not whole: {summary} ({file})");
                    codes.push(EXIT_LEFT_OUT);
                } else {
                    let _ = writeln!(out, "ok: {summary} ({file})");
                    codes.push(EXIT_OK);
                }
            }
        }
    }
    worst(&codes)
}

/// The exit code of several files: the worst of theirs (a file that cannot
/// be read, then one that breaks a rule, then one that leaves events out).
fn worst(codes: &[u8]) -> u8 {
    [EXIT_UNREADABLE, EXIT_PROBLEMS, EXIT_LEFT_OUT]
        .into_iter()
        .find(|c| codes.contains(c))
        .unwrap_or(EXIT_OK)
}
