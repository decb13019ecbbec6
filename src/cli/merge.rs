//! `muster merge OURS THEIRS [-o OUT]`: two versions of one document
//! merged as the window merges them (issue 24). A campaign by its journal
//! (`rules::campaign::merge`); a roster or a kill team when the two agree,
//! else each field that differs is a conflict, with each side's value.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;

use serde_json::Value;

use super::{EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, rules_with_overrides};
use crate::i18n::Lang;
use crate::rules::campaign::merge::{Side, merge};
use crate::rules::{Campaign, Doc};
use crate::store::{self, Kinds};

/// Runs `muster merge`: the exit code.
pub(super) fn run(
    ours: &Path,
    theirs: &Path,
    output: Option<&Path>,
    (out, err): (&mut dyn Write, &mut dyn Write),
) -> u8 {
    let lang = Lang::En;
    let kinds = Kinds::default();
    let mut read = |path: &Path| match store::read_file(&kinds, path) {
        Ok(doc) => Some(doc),
        Err(e) => {
            let reason = lang.read_error(&e.reason());
            let _ = writeln!(err, "muster: cannot read: {reason}: {}", path.display());
            None
        }
    };
    let (Some(a), Some(b)) = (read(ours), read(theirs)) else {
        return EXIT_UNREADABLE;
    };
    if a.kind() != b.kind() || a.id() != b.id() {
        let _ = writeln!(
            err,
            "muster: not two versions of one document: {} “{}” and {} “{}”",
            a.kind(),
            a.id(),
            b.kind(),
            b.id()
        );
        return EXIT_UNREADABLE;
    }
    let merged = match (a.get::<Campaign>(), b.get::<Campaign>()) {
        (Some(x), Some(y)) => campaigns(x, y, lang, (out, err)),
        _ => by_field(&a, &b, &kinds, out),
    };
    let Some(doc) = merged else {
        return EXIT_PROBLEMS;
    };
    let text = match kinds.to_json(&doc) {
        Ok(text) => text,
        Err(e) => {
            let _ = writeln!(err, "muster: {}", lang.doc_error(&e));
            return EXIT_UNREADABLE;
        }
    };
    match output {
        None => {
            let _ = out.write_all(text.as_bytes());
            EXIT_OK
        }
        Some(path) => match store::write_atomic(path, |f| f.write_all(text.as_bytes())) {
            Ok(()) => EXIT_OK,
            Err(e) => {
                let _ = writeln!(err, "muster: {}", lang.store_error(&e));
                EXIT_UNREADABLE
            }
        },
    }
}

/// Two campaigns merged by their journals; their conflicts listed on
/// `out`, one a line, and none returned when there are some.
fn campaigns(
    ours: &Campaign,
    theirs: &Campaign,
    lang: Lang,
    (out, err): (&mut dyn Write, &mut dyn Write),
) -> Option<Doc> {
    let rules = rules_with_overrides(lang, err)?;
    let m = match merge(ours, theirs, &rules, &BTreeSet::new()) {
        Ok(m) => m,
        Err(p) => {
            let _ = writeln!(err, "muster: {}", lang.problem_line(&p));
            return None;
        }
    };
    if m.conflicts.is_empty() {
        return Some(Doc::new(m.campaign));
    }
    let value =
        |e: &crate::rules::campaign::Entry| serde_json::to_string(&e.event).unwrap_or_default();
    for c in &m.conflicts {
        let (side, other) = match c.side {
            Side::Ours => ("ours", "theirs"),
            Side::Theirs => ("theirs", "ours"),
        };
        let rival = c
            .rival
            .and_then(|i| m.campaign.journal.get(i))
            .map_or_else(|| "none".to_owned(), |e| value(e));
        let _ = writeln!(
            out,
            "journal event {} ({side}): {}: {side} {} | {other} {rival}",
            c.key,
            lang.problem_line(&c.why),
            value(&c.entry),
        );
    }
    None
}

/// A roster or a kill team: the same document twice is itself; two that
/// differ list each field that differs (no common ancestor is known here).
fn by_field(a: &Doc, b: &Doc, kinds: &Kinds, out: &mut dyn Write) -> Option<Doc> {
    let value = |d: &Doc| {
        kinds
            .to_json(d)
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .unwrap_or_default()
    };
    let differ = store::conflicts::differences(&value(a), &value(b));
    if differ.is_empty() {
        return Some(a.clone());
    }
    for (at, x, y) in differ {
        let _ = writeln!(out, "{at}: ours {x} | theirs {y}");
    }
    None
}
