//! The command line, parsed with clap: `muster check FILE…`, `--help`,
//! `--version`. Each subcommand has its help, errors and exit codes here.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::i18n::Lang;
use crate::rules::battle::scenario::{self, AnyScenario, ScenarioKind};
use crate::rules::{Doc, RulesData};
use crate::store::journaled::FolderReading;
use crate::store::{self, Kinds};

mod merge;
mod rules;

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

const AFTER_HELP: &str = "\
Exit codes: 0 every file is valid, 1 some file breaks a rule,
2 some file cannot be read or the command line is wrong, 3 a shared
campaign's folder holds events that wait (held aside for the players to
choose, or after a journal line cut short), each named.

Data directory: $MUSTER_DATA_DIR, or the platform's user data folder
(~/.local/share/muster on Linux). Rules overrides in its rules/ folder
are used by check too.";

/// Muster — rosters, campaigns and battles for Rogue Trader. With no
/// command, opens the window.
#[derive(Debug, Parser)]
#[command(name = "muster", version, about, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Check document files (rosters of any kind Muster knows) against the
    /// rules: one line per problem, starting with the rule id (CHR-3: …).
    #[command(after_help = AFTER_HELP)]
    Check {
        /// The files to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Print the exact odds of a fight described in a JSON file (a Rogue
    /// Trader blow or shot, a kill-team shot or blow, a round of two models
    /// or a fight to the end) as JSON: the chance to hit, to wound, of an
    /// unsaved wound, and of each number of wounds.
    #[command(after_help = odds_help())]
    Odds {
        /// The scenario file (`-` for standard input).
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Print a document's sheet to PDF: a kill team (one page for the
    /// table), a Rogue Trader band, or a campaign's status.
    #[command(after_help = PRINT_HELP)]
    Print {
        /// The document (a library file, an exported one, or a campaign's
        /// folder of journals).
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The PDF to write (replaced only once the new one is complete).
        #[arg(short = 'o', long = "output", value_name = "OUT.pdf")]
        output: PathBuf,
        /// Paper size.
        #[arg(long, default_value = "a4", value_parser = ["a4", "letter"])]
        paper: String,
        /// Language of the sheet.
        #[arg(long, default_value = "en", value_parser = ["en", "fr"])]
        lang: String,
        /// Add the text of every rule the sheet names.
        #[arg(long)]
        appendix: bool,
        /// Tag the PDF's structure for screen readers (a larger file).
        #[arg(long)]
        tagged: bool,
        /// Cards for the table in place of the sheet, one per model with
        /// cut marks: `poker` (63 × 88 mm, nine a page, the default) or
        /// `large` (100 × 110 mm, four a page).
        #[arg(long, value_name = "SIZE", num_args = 0..=1, default_missing_value = "poker",
              value_parser = ["poker", "large"])]
        cards: Option<String>,
        /// A campaign's book in place of its sheet: a cover, the charts, a
        /// page a mission, the roll of honour, the fallen, the house rules.
        #[arg(long, conflicts_with = "cards")]
        book: bool,
    },
    /// Merge two versions of one document (a campaign changed on two
    /// machines, a sync tool's conflict copy): on standard output, or into
    /// OUT; the conflicts one a line when the two cannot be merged.
    #[command(after_help = MERGE_HELP)]
    Merge {
        /// Our version (the one kept where the two disagree on nothing).
        #[arg(value_name = "OURS")]
        ours: PathBuf,
        /// Their version.
        #[arg(value_name = "THEIRS")]
        theirs: PathBuf,
        /// The file to write (replaced only once the new one is complete).
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<PathBuf>,
        /// Their common ancestor (a roster or a kill team): merged three-way.
        #[arg(long, value_name = "BASE")]
        base: Option<PathBuf>,
    },
    /// Export a document's sheet as text (Markdown) to paste on a forum or
    /// in a chat, or the document itself as one JSON file (a campaign kept
    /// as machines' journals, to mail to a friend); on standard output
    /// unless `-o` is given.
    #[command(after_help = PRINT_HELP)]
    Export {
        /// The document (a file, or a campaign's folder of journals).
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The format: the sheet as Markdown, or the document as one JSON
        /// file.
        #[arg(long, default_value = "markdown", value_parser = ["markdown", "json"])]
        format: String,
        /// The file to write (replaced only once the new one is complete).
        #[arg(short = 'o', long = "output", value_name = "OUT.md")]
        output: Option<PathBuf>,
        /// Language of the text.
        #[arg(long, default_value = "en", value_parser = ["en", "fr"])]
        lang: String,
        /// Add the text of every rule the sheet names.
        #[arg(long)]
        appendix: bool,
    },
    /// Print the rules a campaign is played under: `show` every value the
    /// sources leave open (Decision or Assumed) with the one in force,
    /// `diff` only what the group's house rules change of the built-in
    /// data, and who changed each when. For a roster or a kill team: the
    /// rules of this machine's data folder.
    #[command(after_help = RULES_HELP)]
    Rules {
        /// What to print.
        #[arg(value_parser = ["show", "diff"])]
        what: String,
        /// The document (a campaign's file or its folder of journals).
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Language of the text.
        #[arg(long, default_value = "en", value_parser = ["en", "fr"])]
        lang: String,
    },
}

const RULES_HELP: &str = "\
A campaign records the rules it is played under when it begins (the
built-in data and the house rules of the machine that begins it), and
every change of a house rule is an event of its journal: every machine
plays it under them, whatever its own data folder's rules/ holds. A
campaign begun before Muster kept its rules plays under each machine's
own rules until the players record them.
Exit codes: 0 printed, 2 the file cannot be read.";

const PRINT_HELP: &str = "\
Exit codes: 0 the sheet is written, 2 the document cannot be read, the
output cannot be written, or the sheet template (your copy in the sheets/
folder of the data directory, if any) has an error, 3 the sheet is written
but the shared campaign's folder holds events it leaves out (held aside, or
after a journal line cut short), each named on standard error. An existing output
file is replaced only when the new one is complete.";

const MERGE_HELP: &str = "\
A campaign's journals are merged: the events both share, then each side's
new events in the order they were made; an event that no longer applies
after the other side's is a conflict. Either side may be a shared
campaign's folder of journals (campaigns/NAME), read as `check` reads it. Rosters and kill teams are merged
field by field: with --base (their common ancestor, a backup), a field
changed on one side only takes that side's value and a field changed on
both to different values is a conflict; without it, each field that
differs is a conflict. Characters, soldiers and other lists of elements
with an id or a name are merged element by element.
Exit codes: 0 merged (written to OUT, or to standard output), 1 conflicts,
listed one a line with their place and each side's value (nothing is
written), 2 a file cannot be read, the two are not versions of one
document, or one stamp id names two different events, 3 merged, but a
folder holds events that wait (held aside, or after a line cut short),
named on standard error and not in the merge.";

/// The examples of `muster odds --help`, one of each kind, then its output
/// and exit codes; [`odds_help`] puts the list of kinds before them.
const ODDS_HELP: &str = "\
  {\"kind\": \"close_combat\", \"attacker\": {\"ws\": 4, \"s\": 3, \"a\": 2, \"weapon_s\": 5},
   \"defender\": {\"ws\": 4, \"t\": 3, \"save\": 4}, \"modifiers\": [\"charging\"], \"helpless\": false}
  {\"kind\": \"killteam_shooting\", \"range\": 18,
   \"weapon\": {\"class\": \"normal\", \"shots\": 2, \"s\": 3, \"ap\": -2, \"damage\": 2},
   \"target\": {\"t\": 3, \"save\": 5, \"cover\": true}, \"modifiers\": [\"night\", \"sight\"]}
  {\"kind\": \"killteam_close_combat\", \"close_combat\": 4, \"attacks\": 2, \"s\": 3,
   \"ap\": 0, \"damage\": 1, \"target\": {\"t\": 3, \"save\": 5}, \"modifiers\": [\"smoke\"]}
  {\"kind\": \"rt_shooting\", \"shooter\": {\"bs\": 4, \"s\": 3}, \"weapon\": {\"s\": 4,
   \"range\": [12, 24], \"to_hit\": [1, 0], \"save_modifier\": -1, \"damage\": \"D4\"},
   \"range\": 10, \"target\": {\"t\": 3, \"save\": 5, \"wounds\": 2}, \"modifiers\": [\"soft_cover\"]}
  {\"kind\": \"close_combat_round\", \"first\": {\"ws\": 4, \"s\": 3, \"a\": 1, \"t\": 3, \"w\": 1, \"i\": 3},
   \"second\": {\"ws\": 3, \"s\": 4, \"a\": 2, \"t\": 4, \"w\": 2, \"i\": 2, \"save\": 5}}
  {\"kind\": \"close_combat_fight\", \"max_rounds\": 20,
   \"first\": {\"ld\": 7, \"models\": [{\"ws\": 4, \"s\": 3, \"a\": 2, \"t\": 3, \"w\": 1, \"i\": 3}]},
   \"second\": {\"ld\": 7, \"models\": [{\"ws\": 4, \"s\": 3, \"a\": 1, \"t\": 3, \"w\": 1, \"i\": 3}]}}
Output: {\"hit\": p, \"wound\": p, \"unsaved\": p, \"attacks\": n, \"wounds\": [p0, p1, …], …};
for a round: who strikes first, each side's chance to win, the draw, the
wounds each receives and each one's chance to die; for a fight to the end:
\"method\": \"exact\" (or \"simulated\" with 95 % intervals when the units are
too large to follow every state), each side's chance to win and to rout,
neither, the first round's results and the mean rounds fought.
Exit codes: 0 the odds are printed, 2 the scenario cannot be read or a value
is outside the rules (the message names the field).";

/// The help after `muster odds --help`'s options: every kind of scenario
/// (the list the reader of scenarios knows), then [`ODDS_HELP`].
fn odds_help() -> String {
    format!(
        "Scenarios (see the README for every field), of the kinds\n  {}:\n{ODDS_HELP}",
        ScenarioKind::names()
    )
}

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
            print(
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
            print(
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

fn print(
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
