//! One machine's journal file: its lines, what it holds as read, and
//! a hash of its bytes.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{JOURNAL_EXT, JOURNAL_FORMAT};
use crate::rules::campaign::{Entry, MachineId, StampTime};
use crate::store::document::{DocError, SCHEMA_VERSION};
use crate::store::{StoreError, io_err};

/// The first line of a machine's journal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The journal format.
    pub format: u32,
    /// The schema version of the events (as a document's).
    pub schema: u32,
    /// The machine's id (the file's name).
    pub machine: MachineId,
    /// The machine's name when the journal was begun.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

/// A machine taking back one of its own events (an undo).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakeBack {
    /// The event's stamp id.
    pub id: String,
}

/// The campaign renamed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rename {
    /// The new name.
    pub name: String,
    /// When, in UTC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<StampTime>,
}

/// The players' choice between two events that clash: `keep` stands,
/// `over` is set aside, whichever machine made them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choose {
    /// The stamp id of the event kept.
    pub keep: String,
    /// The stamp id of the event set aside.
    pub over: String,
    /// When, in UTC (of two choices about one pair, the later stands).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<StampTime>,
}

/// One line of a machine's journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Line {
    /// Whose journal (the first line).
    Journal(Header),
    /// An event, as a campaign's journal holds it.
    Entry(Box<Entry>),
    /// One of this machine's events taken back.
    TakeBack(TakeBack),
    /// The campaign's new name.
    Rename(Rename),
    /// The players' choice between two events that clash.
    Choose(Choose),
}

/// What tells an event apart: its stamp's id, or for an event without a
/// stamp (made by hand), its text.
pub fn entry_key(e: &Entry) -> String {
    e.key()
}

/// One machine's journal as read.
#[derive(Clone, Debug, Default)]
pub struct JournalFile {
    /// The header's machine name.
    pub name: String,
    /// Every event the file holds, in the order first written, each with
    /// whether it stands (not taken back).
    pub events: Vec<(Arc<Entry>, bool)>,
    /// Where each event is in `events`, by its key.
    pub index: HashMap<String, usize>,
    /// The renames, in the file's order.
    pub renames: Vec<Rename>,
    /// The choices between events that clash, in the file's order.
    pub choices: Vec<Choose>,
    /// Bytes up to the end of the last whole line.
    pub good_len: u64,
    /// A hash of those bytes: a snapshot of the campaign holds it, to
    /// know the file is still the one replayed.
    pub hash: FileHash,
    /// Whether a cut-off line follows.
    pub torn: bool,
    /// Whether a line could not be read: the file holds what came before
    /// it, and is read again whole when it changes.
    pub broken: bool,
}

impl JournalFile {
    /// The events that stand, in order.
    pub fn standing(&self) -> impl Iterator<Item = &Arc<Entry>> {
        self.events.iter().filter(|(_, s)| *s).map(|(e, _)| e)
    }

    /// Whether the file holds the event of this key (standing or not).
    pub fn holds(&self, key: &str) -> bool {
        self.index.contains_key(key)
    }

    /// Whether the file holds the event of this key, not taken back.
    pub fn stands(&self, key: &str) -> bool {
        self.index.get(key).is_some_and(|&i| self.events[i].1)
    }

    /// Counts `whole` (whole lines just read) as read.
    pub(super) fn read_up_to(&mut self, whole: &[u8]) {
        self.good_len += whole.len() as u64;
        self.hash.more(whole);
    }

    /// Takes one more line into account.
    pub(super) fn take(&mut self, line: Line) {
        match line {
            Line::Journal(h) => self.name = h.name,
            Line::Entry(e) => {
                let key = entry_key(&e);
                match self.index.get(&key) {
                    Some(&i) => self.events[i].1 = true,
                    None => {
                        self.index.insert(key, self.events.len());
                        self.events.push((Arc::new(*e), true));
                    }
                }
            }
            Line::TakeBack(t) => {
                if let Some(&i) = self.index.get(&t.id) {
                    self.events[i].1 = false;
                }
            }
            Line::Rename(r) => self.renames.push(r),
            Line::Choose(c) => self.choices.push(c),
        }
    }

    /// Reads the lines of `text` (the file from byte `good_len` on) into
    /// this journal: each whole line, the cut-off last one left for later.
    /// A line that cannot be read is refused with its number (`first_line`
    /// is the number of the first line of `text`).
    pub fn read_more(&mut self, text: &str, first_line: usize) -> Result<(), DocError> {
        let mut at = 0usize;
        let mut number = first_line;
        self.torn = false;
        while at < text.len() {
            let Some(end) = text[at..].find('\n').map(|n| at + n) else {
                self.torn = true;
                break;
            };
            let line = text[at..end].trim();
            if !line.is_empty() {
                let parsed: Line = serde_json::from_str(line)
                    .map_err(|e| DocError::from_json(&e, String::new()).on_line(number))?;
                if number == 1 {
                    check_header(&parsed)?;
                } else if matches!(parsed, Line::Journal(_)) {
                    return Err(DocError::JournalHeader { line: number });
                }
                self.take(parsed);
            } else if number == 1 {
                return Err(DocError::JournalHeader { line: 1 });
            }
            at = end + 1;
            number += 1;
        }
        Ok(())
    }
}

/// The first line must say whose journal it is, of a format and schema
/// this Muster reads.
pub(super) fn check_header(line: &Line) -> Result<(), DocError> {
    match line {
        Line::Journal(h) if h.format > JOURNAL_FORMAT => Err(DocError::JournalTooNew {
            format: u64::from(h.format),
            supported: u64::from(JOURNAL_FORMAT),
        }),
        Line::Journal(h) if h.schema > SCHEMA_VERSION => Err(DocError::TooNew {
            found: u64::from(h.schema),
        }),
        Line::Journal(_) => Ok(()),
        _ => Err(DocError::JournalHeader { line: 1 }),
    }
}

/// Reads another machine's journal: what can be read of it (the lines
/// before the first that cannot be), with why the rest cannot.
pub fn parse_journal_partly(text: &str) -> (JournalFile, Option<DocError>) {
    let mut j = JournalFile::default();
    match j.read_more(text, 1) {
        Ok(()) => {
            j.read_up_to(&text.as_bytes()[..whole_lines_len(text) as usize]);
            (j, None)
        }
        Err(e) => {
            j.broken = true;
            j.good_len = text.len() as u64;
            (j, Some(e))
        }
    }
}

/// A journal's bytes as text: every whole line must be UTF-8, but a last
/// line cut short (a copy under way, a crash mid-write) may end inside a
/// character, and is then only a line cut short, not a fault. `Err`: the
/// first byte that is not text, placed by line and column.
pub(super) fn journal_text(bytes: &[u8]) -> Result<std::borrow::Cow<'_, str>, DocError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(std::borrow::Cow::Borrowed(text)),
        Err(e) => {
            let whole = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |n| n + 1);
            let cut_in_a_character = e.error_len().is_none() && e.valid_up_to() >= whole;
            if cut_in_a_character {
                Ok(String::from_utf8_lossy(bytes))
            } else {
                Err(DocError::not_text(bytes, e.valid_up_to()))
            }
        }
    }
}

/// Reads another machine's journal from its bytes, as far as it can be:
/// a file that is not all UTF-8 is read lossily, and read again whole at
/// each change. The fault said is the first in the file: the byte that
/// is not text, placed by line and column, unless a line before it
/// cannot be read.
pub fn parse_journal_bytes(bytes: &[u8]) -> (JournalFile, Option<DocError>) {
    if let Ok(text) = journal_text(bytes) {
        return parse_journal_partly(&text);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_journal_partly(text),
        Err(e) => {
            let (mut j, problem) = parse_journal_partly(&String::from_utf8_lossy(bytes));
            j.broken = true;
            let not_text = DocError::not_text(bytes, e.valid_up_to());
            let at = not_text.line().unwrap_or(1);
            // A header too new has no line: it is the first.
            let earlier = problem.filter(|p| p.line().is_none_or(|l| l < at));
            (j, Some(earlier.unwrap_or(not_text)))
        }
    }
}

/// Reads a journal's whole text.
pub fn parse_journal(text: &str) -> Result<JournalFile, DocError> {
    let mut j = JournalFile::default();
    j.read_more(text, 1)?;
    j.read_up_to(&text.as_bytes()[..whole_lines_len(text) as usize]);
    Ok(j)
}

/// A hash of a file's bytes, found incrementally as the file grows: the
/// same bytes give the same hash however they were read (eight bytes at a
/// time, FNV's multiplier then a rotation; the bytes of a word not yet
/// whole wait in `pending`), the same from one Muster and one machine to
/// the next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileHash {
    /// The hash of the whole words so far.
    pub words: u64,
    /// The bytes of the word under way, lowest first.
    pub pending: u64,
    /// How many there are (0 to 7).
    pub pending_len: u8,
}

impl FileHash {
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// The hash of `bytes`.
    pub fn of(bytes: &[u8]) -> Self {
        let mut h = Self::default();
        h.more(bytes);
        h
    }

    /// Takes `bytes` in, following those taken so far.
    pub fn more(&mut self, mut bytes: &[u8]) {
        while self.pending_len != 0 && !bytes.is_empty() {
            self.pending |= u64::from(bytes[0]) << (8 * u32::from(self.pending_len));
            self.pending_len += 1;
            bytes = &bytes[1..];
            if self.pending_len == 8 {
                self.word(self.pending);
                (self.pending, self.pending_len) = (0, 0);
            }
        }
        if self.pending_len != 0 {
            // Every byte went to the word under way.
            return;
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.word(u64::from_le_bytes(
                <[u8; 8]>::try_from(w).unwrap_or_default(),
            ));
        }
        for (i, b) in words.remainder().iter().enumerate() {
            self.pending |= u64::from(*b) << (8 * i);
        }
        self.pending_len = u8::try_from(words.remainder().len()).unwrap_or(0);
    }

    pub(super) fn word(&mut self, w: u64) {
        self.words = (self.words ^ w).wrapping_mul(Self::PRIME).rotate_left(29);
    }
}

/// The length of `text` up to the end of its last whole line.
pub(super) fn whole_lines_len(text: &str) -> u64 {
    text.rfind('\n').map_or(0, |n| n as u64 + 1)
}

/// One line's text, with its newline.
pub(super) fn line_text(line: &Line) -> String {
    let mut s = serde_json::to_string(line).unwrap_or_default();
    s.push('\n');
    s
}

/// The journals in a campaign's folder, by machine id.
pub(super) fn journal_files(dir: &Path) -> Vec<(MachineId, PathBuf)> {
    let mut out: Vec<(MachineId, PathBuf)> = fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == JOURNAL_EXT))
                .filter_map(|p| {
                    let stem = p.file_stem()?.to_str()?.to_owned();
                    (!stem.starts_with('.')).then_some((MachineId::from(stem), p))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Reads what was appended to a journal since `file` was read (or the
/// whole file again when it shrank: a file replaced, not appended to).
pub(super) fn read_tail(path: &Path, file: &mut JournalFile) -> Result<(), StoreError> {
    let bytes = fs::read(path).map_err(io_err("io.read", path))?;
    let refused = |reason| StoreError::Document {
        reason,
        path: path.to_path_buf(),
    };
    let from = usize::try_from(file.good_len).unwrap_or(usize::MAX);
    if from > bytes.len() || from == 0 {
        let text = String::from_utf8_lossy(&bytes);
        *file = parse_journal(&text).map_err(refused)?;
        return Ok(());
    }
    let tail = String::from_utf8_lossy(&bytes[from..]);
    let lines_before = bytes[..from].iter().filter(|b| **b == b'\n').count();
    file.read_more(&tail, lines_before + 1).map_err(refused)?;
    // Hashed as the file holds it (the text is lossy where it is not
    // UTF-8, which reading it refuses anyway).
    let whole = bytes[from..]
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |n| n + 1);
    file.read_up_to(&bytes[from..from + whole]);
    Ok(())
}
