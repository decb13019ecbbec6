//! Journals that cannot be read whole: another machine's with a broken
//! line is read up to it and this machine plays on, a byte that is not
//! text is placed by its line and column, and a newer journal format or
//! schema is said by its number.

use std::fs;
use std::path::PathBuf;

use muster::rules::Doc;
use muster::rules::campaign::Campaign;
use muster::store::Store;
use muster::store::journaled::{JOURNAL_EXT, START_FILE};

use super::journaled::{A, B, folder, key, machine};
use crate::common::rules;
use crate::common::wound;
use crate::rules::campaign::merge::table;

#[test]
fn another_machine_s_journal_with_a_broken_line_is_read_up_to_it_and_this_machine_plays_on() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    // B's journal: a wound, then a line nobody can read, then a rename.
    let on_b = wound(&base, r, 1, ("Bruno", 10));
    let event = serde_json::to_string(&muster::store::journaled::Line::Entry(Box::new(
        muster::rules::campaign::Entry::clone(on_b.journal.last().expect("event")),
    )))
    .expect("line");
    let header = format!("{{\"journal\":{{\"format\":1,\"schema\":6,\"machine\":\"{B}\"}}}}");
    let theirs = folder(dir.path(), &base).join(format!("{B}.{JOURNAL_EXT}"));
    fs::write(
        &theirs,
        format!("{header}\n{event}\nnot json\n{{\"rename\":{{\"name\":\"x\"}}}}\n"),
    )
    .expect("written by hand");
    let library = a.load_library();
    let opened = library.of::<Campaign>().next().expect("the campaign opens");
    assert_eq!(
        opened.journal, on_b.journal,
        "with B's events before the line"
    );
    assert_ne!(opened.name, "x", "and none after it");
    let u = library.unreadable.first().expect("the journal is listed");
    assert_eq!(u.path, theirs);
    let said = muster::i18n::Lang::En.read_error(&u.reason);
    assert!(said.contains("line 3"), "{said}");
    assert_eq!(a.journals().unreadable(&key(&base)).len(), 1);
    // This machine plays on: its own journal is saved, B's left as it is.
    let before = fs::read(&theirs).expect("theirs");
    let then = wound(opened, r, 2, ("Camille", 20));
    a.save(&Doc::new(then.clone())).expect("A still saves");
    assert_eq!(fs::read(&theirs).expect("theirs"), before);
    // B's journal mended (a newer version synced): read whole at once.
    fs::write(
        &theirs,
        format!("{header}\n{event}\n{{\"rename\":{{\"name\":\"x\"}}}}\n"),
    )
    .expect("mended");
    let now = a
        .with_arrivals(&then)
        .expect("reads")
        .expect("journaled")
        .get::<Campaign>()
        .cloned()
        .expect("campaign");
    assert_eq!(now.name, "x");
    assert_eq!(now.journal, then.journal);
    assert!(a.journals().unreadable(&key(&base)).is_empty());
    // A journal from a newer Muster is read as far as its header: none of
    // it, said as such.
    fs::write(
        &theirs,
        format!("{{\"journal\":{{\"format\":1,\"schema\":99,\"machine\":\"{B}\"}}}}\n"),
    )
    .expect("newer");
    let library = a.load_library();
    assert_eq!(library.docs.len(), 1, "the campaign still opens");
    let said = muster::i18n::Lang::En.read_error(&library.unreadable[0].reason);
    assert!(said.contains("newer Muster"), "{said}");
    // This machine's own journal broken is refused: it is appended to.
    let mine = folder(dir.path(), &base).join(format!("{A}.{JOURNAL_EXT}"));
    let mut text = fs::read_to_string(&mine).expect("mine");
    text.push_str("not json\n");
    fs::write(&mine, text).expect("broken");
    let library = a.load_library();
    assert!(library.docs.is_empty());
    assert!(library.unreadable.iter().any(|u| u.path == mine));
}

/// What the library says it cannot read, in English, each with its file.
fn unreadable_said(store: &Store) -> Vec<(PathBuf, String)> {
    store
        .load_library()
        .unreadable
        .iter()
        .map(|u| (u.path.clone(), muster::i18n::Lang::En.read_error(&u.reason)))
        .collect()
}

/// A byte that is not text (UTF-8) in a journal, another machine's or this
/// one's, or in the campaign's start, is placed by its line and its column
/// counted in characters ("é" is one, two bytes).
#[test]
fn a_byte_that_is_not_text_in_a_journal_is_placed_by_its_line_and_column() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let header = format!("{{\"journal\":{{\"format\":1,\"schema\":6,\"machine\":\"{B}\"}}}}");
    let theirs = folder(dir.path(), &base).join(format!("{B}.{JOURNAL_EXT}"));
    // Line 3: 28 characters (30 bytes), then a byte that is not text.
    let mut bytes = format!("{header}\n{{\"rename\":{{\"name\":\"x\"}}}}\n").into_bytes();
    bytes.extend_from_slice("{\"rename\":{\"name\":\"Château é".as_bytes());
    bytes.push(0xff);
    bytes.extend_from_slice(b"\"}}\n");
    fs::write(&theirs, &bytes).expect("written by hand");
    let said = unreadable_said(&a);
    let (_, reason) = said
        .iter()
        .find(|(p, _)| *p == theirs)
        .expect("B's journal is listed");
    assert!(
        reason.contains("line 3, column 29") && reason.contains("not text (UTF-8)"),
        "{reason}"
    );
    fs::remove_file(&theirs).expect("B's journal gone");
    // This machine's own journal: refused, at the byte's place.
    let mine = folder(dir.path(), &base).join(format!("{A}.{JOURNAL_EXT}"));
    let mut own = fs::read(&mine).expect("mine");
    let line = own.iter().filter(|b| **b == b'\n').count() + 1;
    own.extend_from_slice("{\"rename\":{\"name\":\"Bé".as_bytes());
    own.push(0xc3);
    own.extend_from_slice(b"\"}}\n");
    fs::write(&mine, &own).expect("broken");
    let said = unreadable_said(&a);
    assert!(
        said.iter()
            .any(|(p, s)| *p == mine && s.contains(&format!("line {line}, column 22"))),
        "{said:?}"
    );
    own.truncate(own.len() - "{\"rename\":{\"name\":\"Bé\u{c3}\"}}\n".len());
    fs::write(&mine, &own).expect("mended");
    assert!(unreadable_said(&a).is_empty(), "mended");
    // The start: `"muster"` on its second line, after two spaces.
    let start = folder(dir.path(), &base).join(START_FILE);
    let text = fs::read(&start).expect("start");
    assert!(text.starts_with(b"{\n  \"muster\""), "as written");
    let mut broken = b"{\n  \"m".to_vec();
    broken.push(0xfe);
    broken.extend_from_slice(&text[b"{\n  \"m".len()..]);
    fs::write(&start, broken).expect("broken");
    let said = unreadable_said(&a);
    assert!(
        said.iter().any(|(_, s)| s.contains("line 2, column 5")),
        "{said:?}"
    );
}

/// A journal whose header says a newer journal format than this Muster
/// reads is refused naming the journal's format; a newer schema, the
/// schema's version.
#[test]
fn a_journal_of_a_newer_format_says_its_format_and_one_of_a_newer_schema_its_schema() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let theirs = folder(dir.path(), &base).join(format!("{B}.{JOURNAL_EXT}"));
    let header = |format: u32, schema: u32| {
        format!("{{\"journal\":{{\"format\":{format},\"schema\":{schema},\"machine\":\"{B}\"}}}}\n")
    };
    fs::write(&theirs, header(2, 6)).expect("a newer format");
    let said = unreadable_said(&a);
    let (_, reason) = said.first().expect("B's journal is listed");
    assert!(
        reason.contains("journal of format 2")
            && reason.contains("reads journal format 1")
            && reason.contains("newer Muster"),
        "{reason}"
    );
    assert!(!reason.contains("schema"), "{reason}");
    fs::write(&theirs, header(1, 99)).expect("a newer schema");
    let said = unreadable_said(&a);
    let (_, reason) = said.first().expect("B's journal is listed");
    assert!(
        reason.contains("schema version 99") && reason.contains("newer Muster"),
        "{reason}"
    );
}
