//! The command line's arguments as clap reads them: the subcommands, their
//! options and their help texts, exit codes included.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::rules::battle::scenario::ScenarioKind;

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
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Option<Cmd>,
}

#[derive(Debug, Subcommand)]
pub(super) enum Cmd {
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
