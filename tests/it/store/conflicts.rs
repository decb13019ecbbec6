//! Sync tools' conflict copies: named exactly as Syncthing,
//! Dropbox and Nextcloud name them (or `NAME.conflict.json`), they are
//! versions of the document whose name they carry, never documents of
//! their own; files with names merely alike are not.

use crate::common::rules;
use muster::rules::{Doc, DocKey};
use muster::store::Store;
use muster::store::conflicts::{SyncTool, conflict_copy_of};

#[test]
fn conflict_copies_are_known_by_each_tools_name() {
    for (name, stem, tool) in [
        (
            "campaign.sync-conflict-20261125-173636-D4LGQYW.json",
            "campaign",
            SyncTool::Syncthing,
        ),
        (
            "the-raid.sync-conflict-20240101-000000-ABC1234.json",
            "the-raid",
            SyncTool::Syncthing,
        ),
        (
            "campaign (Camille's conflicted copy 2026-11-25).json",
            "campaign",
            SyncTool::Dropbox,
        ),
        (
            "campaign (Camille’s conflicted copy 2026-11-25).json",
            "campaign",
            SyncTool::Dropbox,
        ),
        (
            "campaign (conflicted copy 2026-11-25 173636).json",
            "campaign",
            SyncTool::Nextcloud,
        ),
        (
            "my band (2) (conflicted copy 2026-11-25 173636).json",
            "my band (2)",
            SyncTool::Nextcloud,
        ),
        ("campaign.conflict.json", "campaign", SyncTool::Plain),
    ] {
        assert_eq!(
            conflict_copy_of(name),
            Some((stem.to_owned(), tool)),
            "{name}"
        );
    }
}

#[test]
fn names_merely_alike_are_documents() {
    for name in [
        "campaign.json",
        "campaign (copy).json",
        "campaign (2).json",
        "campaign.sync-conflict.json",
        "campaign.sync-conflict-2026-173636-D4LGQYW.json",
        "campaign.sync-conflict-20261125-173636-d4lgqyw.json",
        "campaign (conflicted copy).json",
        "campaign (conflicted copy 2026-11-25).json",
        "campaign ('s conflicted copy 2026-11-25).json",
        "my conflicted copy notes.json",
        ".conflict.json",
        "campaign.sync-conflict-20261125-173636-D4LGQYW.txt",
    ] {
        assert_eq!(conflict_copy_of(name), None, "{name}");
    }
}

#[test]
fn the_library_lists_a_conflict_copy_as_a_version_of_its_document() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("store");
    // A campaign of one file, as an older Muster kept it.
    let single = dir.path().join("campaigns").join(format!("{}.json", c.id));
    store.export(&Doc::new(c.clone()), &single).expect("save");
    let copy = dir.path().join("campaigns").join(format!(
        "{} (Bruno's conflicted copy 2026-11-25).json",
        c.id
    ));
    std::fs::copy(
        dir.path().join("campaigns").join(format!("{}.json", c.id)),
        &copy,
    )
    .expect("copy");
    let library = store.load_library();
    assert_eq!(library.docs.len(), 1, "one campaign, not two");
    assert_eq!(library.versions.len(), 1);
    let v = &library.versions[0];
    assert_eq!(
        v.key,
        DocKey::new(muster::rules::DocKind::Campaign, c.id.clone())
    );
    assert_eq!(v.tool, SyncTool::Dropbox);
    assert_eq!(v.path, copy);
    assert!(v.doc.as_ref().is_ok_and(|d| d.id() == c.id));
    // Not a change of the document on disk either.
    assert!(store.changes_on_disk().is_empty());
    // Retired: in the backups, gone from the folder.
    let before = store.backups().of(&v.key).len();
    store.retire_version(&v.key, &copy).expect("retired");
    assert!(!copy.exists());
    assert_eq!(store.backups().of(&v.key).len(), before + 1);
}
