//! The command line: `muster check FILE…`, `--help`, `--version`.

use std::io::Write;
use std::path::Path;

use crate::i18n::Lang;
use crate::rules::RulesData;
use crate::store::{self, read_roster_file};

/// Exit code: every file valid.
pub const EXIT_OK: u8 = 0;
/// Exit code: some file breaks a rule.
pub const EXIT_PROBLEMS: u8 = 1;
/// Exit code: some file cannot be read, or the command line is wrong.
pub const EXIT_UNREADABLE: u8 = 2;

const HELP: &str = "\
Muster — rosters, campaigns and battles for Rogue Trader.

Usage:
  muster                 open the window
  muster check FILE…     check roster files against the rules
  muster --help          this text
  muster --version       the version

check prints one line per problem, starting with the rule id (CHR-3: …).
Exit codes: 0 every file is valid, 1 some file breaks a rule,
2 some file cannot be read.

Data directory: $MUSTER_DATA_DIR, or the platform's user data folder
(~/.local/share/muster on Linux). Rules overrides in its rules/ folder
are used by check too.
";

/// Runs the command line with `args` (without the program name); returns
/// the exit code.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match args.first().map(String::as_str) {
        Some("-h" | "--help" | "help") => {
            let _ = out.write_all(HELP.as_bytes());
            EXIT_OK
        }
        Some("-V" | "--version") => {
            let _ = writeln!(out, "muster {}", env!("CARGO_PKG_VERSION"));
            EXIT_OK
        }
        Some("check") => check(&args[1..], out, err),
        Some(other) => {
            let _ = writeln!(
                err,
                "muster: unknown command `{other}`; try `muster --help`"
            );
            EXIT_UNREADABLE
        }
        None => EXIT_OK,
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

fn check(files: &[String], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if files.is_empty() {
        let _ = writeln!(
            err,
            "muster: check needs at least one FILE; try `muster --help`"
        );
        return EXIT_UNREADABLE;
    }
    let lang = Lang::En;
    let Some(rules) = rules_with_overrides(lang, err) else {
        return EXIT_UNREADABLE;
    };
    let mut code = EXIT_OK;
    for file in files {
        let path = Path::new(file);
        match read_roster_file(path) {
            Err(e) => {
                let reason = e.reason();
                let _ = writeln!(err, "muster: cannot read: {reason}: {file}");
                code = EXIT_UNREADABLE;
            }
            Ok(roster) => {
                let problems = roster.validate(&rules);
                for p in &problems {
                    let _ = writeln!(out, "{} ({file})", lang.problem_line(p));
                }
                if problems.is_empty() {
                    let _ = writeln!(
                        out,
                        "ok: {} ({} characters) ({file})",
                        roster.name,
                        roster.characters.len()
                    );
                } else if code == EXIT_OK {
                    code = EXIT_PROBLEMS;
                }
            }
        }
    }
    code
}
