//! A machine's snapshot of a campaign kept as journals: the campaign opens
//! from it while the files are those it was replayed from, never once
//! another machine's journal or the rules changed, and a closing Muster
//! brings it up to date; a file's hash, however its bytes were read.

use std::fs;
use std::path::{Path, PathBuf};

use muster::rules::Doc;
use muster::rules::campaign::Campaign;
use muster::store::journaled::JOURNAL_EXT;

use super::journaled::{A, B, campaign_of, folder, lines, machine};
use crate::common::rules;
use crate::common::{new_turn, wound};
use crate::rules::campaign::merge::table;

/// This machine's snapshot of a campaign (the only file under its
/// snapshots folder, beside its locks), if there is one.
fn snapshot_file(locks: &Path, id: &str) -> Option<PathBuf> {
    let root = locks.join(id).join("snapshots");
    let mut found = Vec::new();
    for folder in fs::read_dir(root).ok()?.filter_map(Result::ok) {
        for f in fs::read_dir(folder.path()).ok()?.filter_map(Result::ok) {
            found.push(f.path());
        }
    }
    assert!(found.len() <= 1, "one campaign, one snapshot: {found:?}");
    found.pop()
}

/// Renames the campaign inside its snapshot alone: a campaign opened with
/// that name came from the snapshot, not from a replay of its files.
fn mark_snapshot(path: &Path, name: &str) {
    let mut v: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(path).expect("snapshot")).expect("json");
    v["campaign"]["name"] = name.into();
    fs::write(path, serde_json::to_string(&v).expect("json")).expect("written");
}

#[test]
fn a_campaign_opens_from_this_machine_s_snapshot_while_its_files_are_those_it_was_replayed_from() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let on_a = wound(&base, r, 1, ("Camille", 10));
    let both = new_turn(&on_a, r, ("Bruno", 20));
    {
        let a = machine(dir.path(), locks.path(), A);
        a.save(&Doc::new(base.clone())).expect("begun");
        a.save(&Doc::new(on_a.clone())).expect("A plays");
        let b = machine(dir.path(), locks.path(), B);
        b.save(&Doc::new(both.clone())).expect("B plays");
    }
    // A fresh read replays, and keeps what it found in the machine's cache
    // folder, never among the documents.
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base), both);
    let snap = snapshot_file(locks.path(), A).expect("a snapshot beside the locks");
    let in_documents = walk(dir.path());
    assert!(
        !in_documents
            .iter()
            .any(|p| p.to_string_lossy().contains("snapshot")),
        "{in_documents:?}"
    );
    drop(a);
    mark_snapshot(&snap, "From the snapshot");
    let a = machine(dir.path(), locks.path(), A);
    let opened = campaign_of(&a, &base);
    assert_eq!(opened.name, "From the snapshot", "read, not replayed");
    assert_eq!(opened.journal, both.journal);
    // Opened so, the store knows the files as a replay would: an undo of
    // A's own event is a taking-back, and every machine reads it.
    let mut without_a = base.clone();
    without_a
        .journal
        .extend(both.journal.range(base.journal.len() + 1..).cloned());
    let without_a = without_a.replay(r).expect("replays").0;
    a.save(&Doc::new(Campaign {
        name: opened.name.clone(),
        ..without_a.clone()
    }))
    .expect("A undoes his wound");
    let journal = folder(dir.path(), &base).join(format!("{A}.{JOURNAL_EXT}"));
    assert!(
        lines(&journal)
            .last()
            .expect("line")
            .get("take_back")
            .is_some()
    );
    let c = machine(dir.path(), locks.path(), "cccccccccccccccc");
    assert_eq!(campaign_of(&c, &base).journal, without_a.journal);
    // A's own journal grew since the snapshot: the next read replays.
    drop(a);
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base).journal, without_a.journal);
    assert_ne!(campaign_of(&a, &base).name, "From the snapshot");
}

#[test]
fn a_snapshot_is_not_used_once_another_machine_s_journal_changed_or_the_rules_did() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let on_b = new_turn(&base, r, ("Bruno", 20));
    {
        let b = machine(dir.path(), locks.path(), B);
        b.save(&Doc::new(base.clone())).expect("begun");
        b.save(&Doc::new(on_b.clone())).expect("B plays");
    }
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base), on_b);
    drop(a);
    let snap = snapshot_file(locks.path(), A).expect("snapshot");
    mark_snapshot(&snap, "From the snapshot");
    // The rules changed (the user's own files): replayed.
    let a = machine(dir.path(), locks.path(), A);
    let mut other = r.clone();
    other.campaign.fate_points_per_player += 1;
    a.journals().replay_rules().set(&other);
    assert_ne!(campaign_of(&a, &base).name, "From the snapshot");
    drop(a);
    // B's journal replaced by one of the same length: replayed too.
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base), on_b);
    drop(a);
    mark_snapshot(
        &snapshot_file(locks.path(), A).expect("snapshot"),
        "From the snapshot",
    );
    let journal = folder(dir.path(), &base).join(format!("{B}.{JOURNAL_EXT}"));
    let text = fs::read_to_string(&journal).expect("journal");
    fs::write(&journal, text.replace("Bruno", "Brunx")).expect("replaced");
    let a = machine(dir.path(), locks.path(), A);
    let read = campaign_of(&a, &base);
    assert_ne!(read.name, "From the snapshot");
    assert_eq!(
        read.journal
            .last()
            .and_then(|e| e.stamp.as_ref())
            .and_then(|s| s.by.clone()),
        Some("Brunx".to_owned())
    );
    drop(a);
    // A snapshot that is not one (cut short, from a cache cleaner, a newer
    // Muster) is only a slower opening.
    fs::write(
        snapshot_file(locks.path(), A).expect("snapshot"),
        "{\"format\": 9",
    )
    .expect("w");
    let a = machine(dir.path(), locks.path(), A);
    assert_eq!(campaign_of(&a, &base).journal, read.journal);
}

#[test]
fn a_closing_muster_brings_its_snapshots_up_to_what_it_saved() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let a = machine(dir.path(), locks.path(), A);
    a.save(&Doc::new(base.clone())).expect("begun");
    let mut c = base.clone();
    for w in 1..=3 {
        c = wound(&c, r, w, ("Camille", 10 + w));
        a.save(&Doc::new(c.clone())).expect("saved");
    }
    a.keep_snapshots();
    drop(a);
    mark_snapshot(
        &snapshot_file(locks.path(), A).expect("snapshot"),
        "From the snapshot",
    );
    let a = machine(dir.path(), locks.path(), A);
    let opened = campaign_of(&a, &base);
    assert_eq!(opened.name, "From the snapshot", "its own saves are in it");
    assert_eq!(opened.journal, c.journal);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).expect("dir").filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        }
        out.push(p);
    }
    out
}

#[test]
fn a_file_s_hash_is_the_same_however_its_bytes_were_read_and_changes_with_any_byte() {
    use muster::store::journaled::FileHash;
    let text = b"{\"journal\":{}}\n{\"entry\":{\"mission\":1}}\n{\"take_back\":{\"id\":\"x\"}}\n";
    let at_once = FileHash::of(text);
    for cut in [1, 3, 8, 13, 16, 40] {
        let mut in_two = FileHash::of(&text[..cut]);
        in_two.more(&text[cut..]);
        assert_eq!(in_two, at_once, "cut at {cut}");
    }
    let mut byte_by_byte = FileHash::default();
    for b in text {
        byte_by_byte.more(&[*b]);
    }
    assert_eq!(byte_by_byte, at_once);
    for at in [0, 7, 30, text.len() - 1] {
        let mut changed = text.to_vec();
        changed[at] ^= 1;
        assert_ne!(FileHash::of(&changed), at_once, "byte {at}");
    }
    assert_ne!(
        FileHash::of(&text[..text.len() - 1]),
        at_once,
        "one byte less"
    );
}
