//! `muster merge OURS THEIRS [-o OUT] [--base BASE]`: two versions of one
//! document merged as the window merges them. A campaign by its
//! journal (`rules::campaign::merge`); a roster or a kill team field by
//! field (`store::fields::merge3`): three-way from BASE, their common
//! ancestor, when given (the command line knows no backups), else each
//! field that differs is a conflict, with each side's value.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;

use serde_json::Value;

use super::{
    EXIT_LEFT_OUT, EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, left_out_lines, read_doc,
    rules_with_overrides,
};
use crate::i18n::Lang;
use crate::rules::campaign::merge::{Side, merge};
use crate::rules::core::problem::ProblemKind;
use crate::rules::{Campaign, Doc};
use crate::store::fields::merge3;
use crate::store::{self, Kinds};

/// Runs `muster merge`: the exit code.
pub(super) fn run(
    (ours, theirs, base): (&Path, &Path, Option<&Path>),
    output: Option<&Path>,
    (out, err): (&mut dyn Write, &mut dyn Write),
) -> u8 {
    let lang = Lang::En;
    let kinds = Kinds::default();
    // A shared campaign's folder is read as `check` reads it (replayed by
    // the rules), what it leaves out named.
    let any_folder = [Some(ours), Some(theirs), base]
        .into_iter()
        .flatten()
        .any(store::journaled::is_folder);
    let folder_rules = if any_folder {
        match rules_with_overrides(lang, err) {
            Some(r) => Some(r),
            None => return EXIT_UNREADABLE,
        }
    } else {
        None
    };
    let mut waiting = false;
    let mut read = |path: &Path| {
        read_side(
            path,
            (&kinds, folder_rules.as_ref()),
            &mut waiting,
            (lang, &mut *err),
        )
    };
    let (Some(a), Some(b)) = (read(ours), read(theirs)) else {
        return EXIT_UNREADABLE;
    };
    let c = match base.map(&mut read) {
        None => None,
        Some(Some(c)) => Some(c),
        Some(None) => return EXIT_UNREADABLE,
    };
    let others = std::iter::once((&b, theirs)).chain(c.as_ref().zip(base));
    for (other, path) in others {
        if a.kind() != other.kind() || a.id() != other.id() {
            let _ = writeln!(
                err,
                "muster: not versions of one document: {} is {} “{}”, {} is {} “{}”",
                ours.display(),
                a.kind(),
                a.id(),
                path.display(),
                other.kind(),
                other.id()
            );
            return EXIT_UNREADABLE;
        }
    }
    let merged = match (a.get::<Campaign>(), b.get::<Campaign>()) {
        (Some(x), Some(y)) => match campaigns((x, ours), (y, theirs), lang, (out, err)) {
            Ok(merged) => merged,
            Err(code) => return code,
        },
        _ => match by_field((c.as_ref(), &a, &b), &kinds, out) {
            Ok(merged) => merged,
            Err(e) => {
                let _ = writeln!(err, "muster: the merge is not a valid document: {e}");
                return EXIT_UNREADABLE;
            }
        },
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
    // Merged, but what waits in a folder (named above) is not in it.
    let merged = if waiting { EXIT_LEFT_OUT } else { EXIT_OK };
    match output {
        None => {
            let _ = out.write_all(text.as_bytes());
            merged
        }
        Some(path) => match store::write_atomic(path, |f| f.write_all(text.as_bytes())) {
            Ok(()) => merged,
            Err(e) => {
                let _ = writeln!(err, "muster: {}", lang.store_error(&e));
                EXIT_UNREADABLE
            }
        },
    }
}

/// One side of the merge: a file, or a shared campaign's folder of
/// journals when `rules` are given (what the folder leaves out named on
/// `err`, and `waiting` set when something in it waits). None: it cannot
/// be read (said on `err`).
fn read_side(
    path: &Path,
    (kinds, rules): (&Kinds, Option<&crate::rules::RulesData>),
    waiting: &mut bool,
    (lang, err): (Lang, &mut dyn Write),
) -> Option<Doc> {
    let read = match rules {
        Some(rules) => read_doc(kinds, path, rules),
        None => store::read_file(kinds, path).map(|doc| (doc, None)),
    };
    match read {
        Ok((doc, reading)) => {
            if let Some(reading) = reading {
                for line in left_out_lines(&reading, lang) {
                    let _ = writeln!(err, "muster: left out: {line}: {}", path.display());
                }
                *waiting |= reading.waiting();
            }
            Some(doc)
        }
        Err(e) => {
            let reason = lang.read_error(&e.reason());
            let place = e.path().unwrap_or(path).display().to_string();
            let _ = writeln!(err, "muster: cannot read: {reason}: {place}");
            None
        }
    }
}

/// Two campaigns merged by their journals (each with its file); their
/// conflicts listed on `out`, one a line, and none returned when there
/// are some. An error: the merge is refused, with the exit code.
fn campaigns(
    (ours, ours_path): (&Campaign, &Path),
    (theirs, theirs_path): (&Campaign, &Path),
    lang: Lang,
    (out, err): (&mut dyn Write, &mut dyn Write),
) -> Result<Option<Doc>, u8> {
    let rules = rules_with_overrides(lang, err).ok_or(EXIT_UNREADABLE)?;
    let m = match merge(ours, theirs, &rules, &BTreeSet::new()) {
        Ok(m) => m,
        // One stamp id on two events: one file was forged or damaged, so
        // the two cannot be read as versions of one campaign.
        Err(p) if p.kind == ProblemKind::OneIdTwoEvents => {
            let _ = writeln!(
                err,
                "muster: cannot merge: {}: the first file {}, the second {}",
                lang.problem_line(&p),
                ours_path.display(),
                theirs_path.display()
            );
            return Err(EXIT_UNREADABLE);
        }
        Err(p) => {
            let _ = writeln!(err, "muster: {}", lang.problem_line(&p));
            return Err(EXIT_PROBLEMS);
        }
    };
    if m.conflicts.is_empty() {
        return Ok(Some(Doc::new(m.campaign)));
    }
    // Each event in words (what it did), then as the file writes it.
    let value = |e: &crate::rules::campaign::Entry| {
        format!(
            "“{}” {}",
            lang.msg(&e.event.words(&m.campaign)),
            serde_json::to_string(&e.event).unwrap_or_default()
        )
    };
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
    Ok(None)
}

/// A roster or a kill team merged field by field, three-way from `base`
/// when given: the merge when nothing conflicts; else each conflict listed
/// on `out`, one a line (`place: ours JSON | theirs JSON`), and none
/// returned. An error: the merge does not read as the document.
fn by_field(
    (base, a, b): (Option<&Doc>, &Doc, &Doc),
    kinds: &Kinds,
    out: &mut dyn Write,
) -> Result<Option<Doc>, String> {
    let value = |d: &Doc| kinds.to_value(d).unwrap_or_default();
    let base = base.map(value);
    let m = merge3(base.as_ref(), &value(a), &value(b));
    if m.conflicts.is_empty() {
        let text = m.merged.to_string();
        return kinds
            .parse(&text, a.id())
            .map(Some)
            .map_err(|e| Lang::En.doc_error(&e));
    }
    let json = |v: &Option<Value>| {
        v.as_ref()
            .map_or_else(|| "absent".to_owned(), Value::to_string)
    };
    for c in &m.conflicts {
        let _ = writeln!(
            out,
            "{}: ours {} | theirs {}",
            c.place,
            json(&c.ours),
            json(&c.theirs)
        );
    }
    Ok(None)
}
