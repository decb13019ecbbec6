//! Why a document could not be read or written (`DocError`): what and
//! where, its line, and the message a player reads, a misspelled field
//! named with its closest match.

use std::fmt;

use super::SCHEMA_VERSION;
use crate::rules::Msg;

/// Why a document could not be read or written. Data, not text: shown
/// through the translation layer from [`DocError::msg`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocError {
    /// Not valid JSON, or a value of the wrong type.
    Syntax {
        /// serde_json's message.
        message: String,
        /// Where in the document (`roster.characters[0].advances`), if known.
        at: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A field this schema version does not have (a misspelling, or a file
    /// edited by hand).
    UnknownField {
        /// The field's name.
        field: String,
        /// The closest field of the schema, if one is close.
        suggestion: Option<String>,
        /// Where (`roster.characters[0]`).
        at: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A field given twice in one object (the second would silently win).
    DuplicateField {
        /// The field's name.
        field: String,
        /// Where.
        at: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// Valid JSON, but not an object.
    NotObject,
    /// A Muster document of another kind than the one expected.
    WrongKind {
        /// The kind in the file.
        found: String,
        /// The kind expected.
        expected: &'static str,
    },
    /// A kind of document this Muster does not know.
    UnknownKind(String),
    /// `schema_version` is not a whole number.
    BadVersion,
    /// Neither a Muster envelope nor a roster of the first format.
    NoEnvelope,
    /// Written by a newer Muster.
    TooNew {
        /// The version in the file.
        found: u64,
    },
    /// A machine's journal of a newer journal format than this Muster
    /// reads (its header's `format`).
    JournalTooNew {
        /// The format in the journal's header.
        format: u64,
        /// The newest format this Muster reads.
        supported: u64,
    },
    /// A byte that is not text (not UTF-8).
    NotText {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
    },
    /// An older version whose upgrade failed.
    UpgradeFailed {
        /// The version in the file.
        from: u64,
        /// What went wrong.
        reason: Msg,
    },
    /// A machine's journal whose first line is not its header, or with a
    /// second header.
    JournalHeader {
        /// 1-based line.
        line: usize,
    },
    /// The document could not be turned into JSON (nothing was written).
    Serialize(String),
    /// Read, but this Muster cannot honour it (a campaign's house rules
    /// naming a value it does not know): why.
    Refused(Msg),
}

impl DocError {
    /// The first byte of `bytes` that is not text, after `valid_up_to` bytes
    /// that are (`Utf8Error::valid_up_to`), placed by line and column.
    pub fn not_text(bytes: &[u8], valid_up_to: usize) -> Self {
        let valid = &bytes[..valid_up_to.min(bytes.len())];
        let line_start = valid.iter().rposition(|b| *b == b'\n').map_or(0, |n| n + 1);
        let before = std::str::from_utf8(&valid[line_start..]).map_or(0, |t| t.chars().count());
        Self::NotText {
            line: valid.iter().filter(|b| **b == b'\n').count() + 1,
            column: before + 1,
        }
    }

    /// The 1-based line the fault is on, when it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            Self::Syntax { line, .. }
            | Self::UnknownField { line, .. }
            | Self::DuplicateField { line, .. }
            | Self::JournalHeader { line }
            | Self::NotText { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// The same fault, placed on line `n` of a file of one JSON value a
    /// line (a machine's journal), where the parser saw only that line.
    #[must_use]
    pub fn on_line(mut self, n: usize) -> Self {
        if let Self::Syntax { line, .. }
        | Self::UnknownField { line, .. }
        | Self::DuplicateField { line, .. }
        | Self::JournalHeader { line } = &mut self
        {
            *line = n;
        }
        self
    }

    /// The message key and its arguments.
    pub fn msg(&self) -> Msg {
        match self {
            Self::Syntax {
                message,
                at,
                line,
                column,
            } => {
                // The parser's words only for a value of the wrong kind or
                // one it does not know (they name what was expected); the
                // text's own faults are said plainly.
                let key = if message.starts_with("EOF while parsing") {
                    "doc.cut_off"
                } else if !["invalid", "missing", "unknown variant"]
                    .iter()
                    .any(|w| message.starts_with(w))
                {
                    "doc.not_json"
                } else if at.is_empty() {
                    "doc.syntax"
                } else {
                    "doc.syntax_at"
                };
                let msg = Msg::new(key).int("line", *line);
                match key {
                    "doc.cut_off" => msg,
                    "doc.not_json" => msg.int("column", *column),
                    _ => msg
                        .text("message", message)
                        .text("at", at)
                        .int("column", *column),
                }
            }
            Self::UnknownField {
                field,
                suggestion,
                at,
                line,
                column,
            } => {
                let m = Msg::new(match (suggestion.is_some(), at.is_empty()) {
                    (true, false) => "doc.unknown_field_suggest",
                    (false, false) => "doc.unknown_field",
                    (true, true) => "doc.unknown_field_top_suggest",
                    (false, true) => "doc.unknown_field_top",
                })
                .text("field", field)
                .text("at", at)
                .int("line", *line)
                .int("column", *column);
                match suggestion {
                    Some(s) => m.text("suggestion", s),
                    None => m,
                }
            }
            Self::DuplicateField {
                field,
                at,
                line,
                column,
            } => Msg::new(if at.is_empty() {
                "doc.duplicate_field_top"
            } else {
                "doc.duplicate_field"
            })
            .text("field", field)
            .text("at", at)
            .int("line", *line)
            .int("column", *column),
            Self::NotObject => Msg::new("doc.not_object"),
            Self::WrongKind { found, expected } => Msg::new("doc.wrong_kind")
                .text("kind", found)
                .text("expected", *expected),
            Self::UnknownKind(kind) => Msg::new("doc.unknown_kind").text("kind", kind),
            Self::BadVersion => Msg::new("doc.bad_version"),
            Self::NoEnvelope => Msg::new("doc.no_envelope"),
            Self::TooNew { found } => Msg::new("doc.too_new")
                .int("found", *found)
                .int("supported", SCHEMA_VERSION),
            Self::JournalTooNew { format, supported } => Msg::new("doc.journal_too_new")
                .int("format", *format)
                .int("supported", *supported),
            Self::NotText { line, column } => Msg::new("doc.not_text")
                .int("line", *line)
                .int("column", *column),
            Self::UpgradeFailed { from, reason } => Msg::new("doc.upgrade_failed")
                .int("from", *from)
                .msg("reason", reason.clone()),
            Self::JournalHeader { line } => Msg::new("doc.journal_header").int("line", *line),
            Self::Serialize(message) => Msg::new("doc.serialize").text("message", message),
            Self::Refused(why) => why.clone(),
        }
    }

    pub(crate) fn from_json(e: &serde_json::Error, at: String) -> Self {
        let text = e.to_string();
        // serde_json appends " at line L column C"; keep the message alone.
        let message = text
            .rsplit_once(" at line ")
            .map_or(text.as_str(), |(m, _)| m)
            .to_owned();
        let (line, column) = (e.line(), e.column());
        let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
        if message.starts_with("unknown field") || message.starts_with("unknown characteristic") {
            let field = quoted.first().copied().unwrap_or_default().to_owned();
            let suggestion = closest(&field, &quoted[1.min(quoted.len())..]);
            return Self::UnknownField {
                field,
                suggestion,
                at,
                line,
                column,
            };
        }
        if message.starts_with("duplicate field") {
            return Self::DuplicateField {
                field: quoted.first().copied().unwrap_or_default().to_owned(),
                at,
                line,
                column,
            };
        }
        Self::Syntax {
            message,
            at,
            line,
            column,
        }
    }
}

/// The expected name closest to `field`, if it is close enough to be a
/// misspelling of it.
fn closest(field: &str, expected: &[&str]) -> Option<String> {
    let lower = field.to_lowercase();
    expected
        .iter()
        .map(|e| (strsim::levenshtein(&lower, &e.to_lowercase()), *e))
        .filter(|(d, e)| *d <= (e.chars().count() / 3).max(2))
        .min_by_key(|(d, _)| *d)
        .map(|(_, e)| e.to_owned())
}

impl fmt::Display for DocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg().plain())
    }
}

impl std::error::Error for DocError {}
