//! A fuzzer of the document reader, on proptest (cargo-fuzz needs a nightly
//! toolchain): arbitrary bytes, and the example band mutated every way a
//! hand edit, a sync tool or a bad disk could (bytes flipped, inserted,
//! deleted, lines repeated so keys are duplicated, fields renamed, numbers
//! made huge, negative or fractional, the text cut short).
//!
//! The property: reading never panics; a refusal always renders to an
//! English message; a document read is written back and reads the same.
//! `MUSTER_FUZZ_CASES=100000` runs longer.

use muster::i18n::Lang;
use muster::store::{DocError, Kinds, Store};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

const EXAMPLE: &str = include_str!("../../../assets/examples/rt-band.json");

fn config(share: u32) -> ProptestConfig {
    let cases = std::env::var("MUSTER_FUZZ_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(300);
    ProptestConfig {
        // Shrunk cases are reported in the failure; no file is written.
        failure_persistence: None,
        ..ProptestConfig::with_cases((cases / share).max(1))
    }
}

/// A refusal renders as an English sentence: the key is in the catalogue
/// and every placeholder is filled.
fn check_message(error: &DocError) -> Result<(), TestCaseError> {
    let msg = error.msg();
    let text = Lang::En.doc_error(error);
    prop_assert!(!text.trim().is_empty(), "empty message for {error:?}");
    prop_assert_ne!(
        Lang::En.t(&msg.key),
        &*msg.key,
        "untranslated key for {:?}",
        error
    );
    // Every argument is shown (`at` is given, empty, to the template that
    // has no place, and `suggestion` only with the one that shows it).
    for (name, _) in &msg.args {
        let placeholder = format!("{{{name}}}");
        let template = Lang::En.t(&msg.key);
        prop_assert!(
            template.contains(&placeholder) || *name == "at" || *name == "suggestion",
            "argument {name} not shown by {}",
            msg.key
        );
    }
    // Placeholders of the template are all given (the text quoted from the
    // file may hold braces of its own, so look at the template).
    let template = Lang::En.t(&msg.key);
    for part in template.split('{').skip(1) {
        let Some((name, _)) = part.split_once('}') else {
            continue;
        };
        prop_assert!(
            msg.args.iter().any(|(n, _)| *n == name),
            "placeholder {{{name}}} of {} left empty for {error:?}",
            msg.key
        );
    }
    Ok(())
}

/// Reads `text`; the property of every case.
fn check_read(text: &str) -> Result<(), TestCaseError> {
    let kinds = Kinds::default();
    match kinds.parse(text, "x") {
        Err(e) => check_message(&e)?,
        Ok(doc) => {
            let written = kinds.to_json(&doc).map_err(|e| {
                TestCaseError::fail(format!("a document read cannot be written: {e:?}"))
            })?;
            let again = kinds
                .parse(&written, "x")
                .map_err(|e| TestCaseError::fail(format!("written text unreadable: {e:?}")))?;
            prop_assert_eq!(&again, &doc, "the round trip changed it");
            let twice = kinds.to_json(&again).expect("writes");
            prop_assert_eq!(twice, written, "writing is stable");
        }
    }
    Ok(())
}

/// One change to the text of a document.
#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, u8),
    Delete(usize, usize),
    Truncate(usize),
    RepeatLine(usize),
    MoveLine(usize, usize),
    Rename(usize, String),
    Number(usize, &'static str),
    Text(usize, String),
}

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "3",
    "7",
    "2",
    "-1",
    "-2147483649",
    "2147483648",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "1.5",
    "-0.0",
    "1e400",
    "1e-400",
    "2.0",
    "NaN",
    "null",
    "\"2\"",
    "[]",
    "{}",
    "true",
];

/// Bytes that make JSON interesting.
const JSON_BYTES: &[u8] = b"{}[]\":,\\ 0123456789-+.eEtrufalsn\n\t";

fn mutation() -> impl Strategy<Value = Mutation> {
    let byte = prop_oneof![any::<u8>(), prop::sample::select(JSON_BYTES)];
    prop_oneof![
        2 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Flip(i, b)),
        2 => (any::<usize>(), byte).prop_map(|(i, b)| Mutation::Insert(i, b)),
        1 => (any::<usize>(), 1..40usize).prop_map(|(i, n)| Mutation::Delete(i, n)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        2 => any::<usize>().prop_map(Mutation::RepeatLine),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::MoveLine(a, b)),
        2 => (any::<usize>(), "[a-zA-Z_]{0,16}").prop_map(|(i, s)| Mutation::Rename(i, s)),
        4 => (any::<usize>(), prop::sample::select(NUMBERS))
            .prop_map(|(i, n)| Mutation::Number(i, n)),
        // Any text in a string value: most often still a document.
        5 => (any::<usize>(), any::<String>()).prop_map(|(i, t)| Mutation::Text(i, t)),
    ]
}

fn apply(text: &mut Vec<u8>, m: &Mutation) {
    let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
    match m {
        Mutation::Flip(i, mask) => {
            if !text.is_empty() {
                let i = i % text.len();
                text[i] ^= (*mask).max(1);
            }
        }
        Mutation::Insert(i, b) => {
            let i = at(*i, text.len());
            text.insert(i, *b);
        }
        Mutation::Delete(i, n) => {
            let i = at(*i, text.len());
            let end = (i + n).min(text.len());
            text.drain(i..end);
        }
        Mutation::Truncate(i) => {
            let i = at(*i, text.len());
            text.truncate(i);
        }
        Mutation::RepeatLine(i) | Mutation::MoveLine(i, _) => {
            let mut lines: Vec<Vec<u8>> = text.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect();
            let from = i % lines.len();
            let line = lines[from].clone();
            if let Mutation::MoveLine(_, to) = m {
                lines.remove(from);
                let to = to % (lines.len() + 1);
                lines.insert(to, line);
            } else {
                // A line repeated: most often a key given twice.
                lines.insert(from, line);
            }
            *text = lines.join(&b'\n');
        }
        Mutation::Rename(i, name) => {
            // The n-th quoted key (`"name":`) gets another name.
            let s = String::from_utf8_lossy(text).into_owned();
            let keys: Vec<(usize, usize)> = s
                .match_indices("\":")
                .filter_map(|(end, _)| s[..end].rfind('"').map(|start| (start + 1, end)))
                .collect();
            if !keys.is_empty() {
                let (start, end) = keys[i % keys.len()];
                let mut out = s[..start].to_owned();
                out.push_str(name);
                out.push_str(&s[end..]);
                *text = out.into_bytes();
            }
        }
        Mutation::Text(i, new) => {
            // The n-th string value (`: "…"`), replaced, escaped as JSON.
            let s = String::from_utf8_lossy(text).into_owned();
            let values: Vec<(usize, usize)> = s
                .match_indices(": \"")
                .filter_map(|(start, _)| {
                    let from = start + 3;
                    let len = s[from..].find('"')?;
                    Some((from - 1, from + len + 1))
                })
                .collect();
            if !values.is_empty() {
                let (start, end) = values[i % values.len()];
                let quoted = serde_json::to_string(new).expect("a string");
                *text = format!("{}{}{}", &s[..start], quoted, &s[end..]).into_bytes();
            }
        }
        Mutation::Number(i, number) => {
            let s = String::from_utf8_lossy(text).into_owned();
            let bytes = s.as_bytes();
            let mut numbers = Vec::new();
            let mut k = 0;
            while k < bytes.len() {
                if bytes[k].is_ascii_digit() {
                    let start = k;
                    while k < bytes.len() && bytes[k].is_ascii_digit() {
                        k += 1;
                    }
                    numbers.push((start, k));
                } else {
                    k += 1;
                }
            }
            if !numbers.is_empty() {
                let (start, end) = numbers[i % numbers.len()];
                *text = format!("{}{}{}", &s[..start], number, &s[end..]).into_bytes();
            }
        }
    }
}

/// The example band, changed by one to five mutations.
fn mutated() -> impl Strategy<Value = String> {
    proptest::collection::vec(mutation(), 1..6).prop_map(|ms| {
        let mut text = EXAMPLE.as_bytes().to_vec();
        for m in &ms {
            apply(&mut text, m);
        }
        String::from_utf8_lossy(&text).into_owned()
    })
}

/// Small JSON-ish texts built from scratch: envelopes with odd values.
fn envelope() -> impl Strategy<Value = String> {
    let value = prop_oneof![
        prop::sample::select(NUMBERS).prop_map(str::to_owned),
        "\"[a-z_]{0,8}\"",
        Just("{\"id\": \"a\", \"name\": \"b\"}".to_owned()),
        Just("{\"id\": \"a\", \"name\": \"b\", \"characters\": [{}]}".to_owned()),
    ];
    (
        prop::sample::select(&["roster", "note", "", "Roster"][..]),
        value.clone(),
        value,
    )
        .prop_map(|(kind, version, payload)| {
            format!(
                "{{\"muster\": \"{kind}\", \"schema_version\": {version}, \"{kind}\": {payload}}}"
            )
        })
}

proptest! {
    #![proptest_config(config(1))]

    #[test]
    fn arbitrary_bytes_never_panic_and_explain_themselves(
        bytes in proptest::collection::vec(any::<u8>(), 0..600)
    ) {
        check_read(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn mutated_documents_never_panic_and_round_trip(text in mutated()) {
        check_read(&text)?;
    }

    #[test]
    fn odd_envelopes_never_panic(text in envelope()) {
        check_read(&text)?;
    }
}

proptest! {
    // Each case opens a library on disk: fewer of them.
    #![proptest_config(config(10))]

    #[test]
    fn the_library_lists_or_loads_any_file_and_leaves_it_as_it_is(text in mutated()) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("rosters/fuzzed.json");
        std::fs::create_dir_all(path.parent().expect("folder")).expect("mkdir");
        std::fs::write(&path, &text).expect("write");
        let store = Store::open(dir.path()).expect("open");
        let library = store.load_library();
        prop_assert_eq!(library.docs.len() + library.unreadable.len(), 1);
        for u in &library.unreadable {
            prop_assert_eq!(&u.path, &path);
            prop_assert!(!Lang::En.read_error(&u.reason).trim().is_empty());
            if let muster::store::ReadError::Document(e) = &u.reason {
                check_message(e)?;
            }
        }
        for doc in &library.docs {
            prop_assert_eq!(doc.id(), "fuzzed", "the file's name is the id");
        }
        prop_assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
        prop_assert!(store.changes_on_disk().is_empty());
    }
}

#[test]
fn the_example_itself_reads_and_round_trips() {
    let kinds = Kinds::default();
    let doc = kinds.parse(EXAMPLE, "x").expect("the example reads");
    assert_eq!(doc.name(), "Inquisitor Vael's retinue");
    let written = kinds.to_json(&doc).expect("writes");
    assert_eq!(kinds.parse(&written, "x").expect("reads"), doc);
    // And each mutation kind, applied once at a fixed place, is survived.
    for m in [
        Mutation::RepeatLine(5),
        Mutation::Rename(7, "nmae".to_owned()),
        Mutation::Number(0, "4294967296"),
        Mutation::Truncate(100),
    ] {
        let mut text = EXAMPLE.as_bytes().to_vec();
        apply(&mut text, &m);
        let text = String::from_utf8_lossy(&text);
        let err = kinds.parse(&text, "x").expect_err("refused");
        assert!(!Lang::En.doc_error(&err).is_empty(), "{m:?}");
    }
}

#[test]
fn the_mutated_documents_reach_both_outcomes() {
    // The round trip is only tested if some mutated documents still read,
    // and the messages only if some do not.
    use proptest::strategy::ValueTree as _;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = mutated();
    let kinds = Kinds::default();
    let (mut read, mut refused) = (0, 0);
    for _ in 0..500 {
        let text = strategy.new_tree(&mut runner).expect("a case").current();
        match kinds.parse(&text, "x") {
            Ok(_) => read += 1,
            Err(_) => refused += 1,
        }
    }
    println!("fuzz: of 500 mutated documents, {read} read and {refused} refused");
    assert!(read >= 25, "only {read} of 500 read");
    assert!(refused >= 25, "only {refused} of 500 refused");
}

/// An escort is a band or a kill team (`roster`, `killteam` in files): a
/// campaign naming another kind is refused as it is read, saying where, and
/// never read as something else.
#[test]
fn an_escort_of_a_kind_muster_does_not_know_is_refused_with_its_place() {
    let campaign = include_str!("../../../assets/examples/campaign.json");
    let text = campaign.replacen("\"kind\": \"roster\"", "\"kind\": \"band\"", 1);
    assert_ne!(text, campaign);
    let err = Kinds::default()
        .parse(&text, "x")
        .expect_err("an unknown escort kind");
    let DocError::Syntax {
        message, at, line, ..
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!(at, "campaign.escorts[0].kind");
    assert!(message.contains("band"), "{message}");
    assert!(
        message.contains("roster") && message.contains("killteam"),
        "{message}"
    );
    assert_eq!(*line, 27);
    // Said as a value Muster does not know, where it is, not as broken text.
    let shown = Lang::En.doc_error(&err);
    assert!(shown.contains("escorts[0].kind"), "{shown}");
    assert!(shown.contains("band"), "{shown}");
}
