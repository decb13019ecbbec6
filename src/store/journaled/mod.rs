//! A campaign kept as one journal per machine, so that no two machines
//! ever write one file and a sync tool never makes a conflict copy:
//!
//! ```text
//! campaigns/<id>/start.json        the campaign when it became journaled,
//!                                  as a single file holds it; written once
//! campaigns/<id>/<machine>.jsonl   one machine's journal, appended by that
//!                                  machine alone: a header line, then one
//!                                  line per event, taking-back or new name
//! ```
//!
//! The campaign is the start continued by every machine's events in one
//! order all machines compute alike ([`replay_journals`]). A save appends
//! only the lines that are new: this machine's new events, a taking-back
//! for each of its events undone, the campaign's new name. A line cut off
//! by a crash (the last, without its newline) is not read, and is cut away
//! before this machine's next append.

mod arrivals;
mod file;
mod folder;
mod known;
mod read;
mod replay;
mod save;
mod snapshot;

pub use arrivals::Arrived;
pub use file::{
    Choose, FileHash, Header, JournalFile, Line, Rename, TakeBack, entry_key, parse_journal,
    parse_journal_bytes, parse_journal_partly,
};
pub use folder::{CutJournal, FolderReading, file_reading, is_folder, read_folder};
pub(super) use known::Known;
pub use read::Journals;
pub(super) use snapshot::snapshots_folder;

/// The file of what the campaign started with, in its folder.
pub const START_FILE: &str = "start.json";
/// The extension of a machine's journal.
pub const JOURNAL_EXT: &str = "jsonl";
/// The journal format this Muster writes (the header's `format`).
pub const JOURNAL_FORMAT: u32 = 1;
