//! The lock of a documents folder: in the machine's own locks
//! folder, never among the documents a sync tool carries to the group's
//! other machines; named after the folder; an older Muster's `muster.lock`
//! held while this Muster runs when free, respected when held.

use std::path::Path;

use muster::store::lock::{LEGACY_LOCK, fnv1a64, lock_file_name};
use muster::store::{LockDir, Store};

fn open(dir: &Path, locks: &Path) -> Store {
    Store::open_with_options(dir, LockDir::At(locks.to_path_buf())).expect("open")
}

use crate::common::files_in as names_in;

#[test]
fn the_lock_is_in_the_locks_folder_and_says_which_folder_it_locks() {
    let (dir, locks) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let store = open(dir.path(), locks.path());
    assert!(!store.read_only());
    assert!(
        !dir.path().join(LEGACY_LOCK).exists(),
        "nothing of the lock among the documents"
    );
    let canonical = std::fs::canonicalize(dir.path()).expect("canonical");
    let name = lock_file_name(&canonical);
    assert_eq!(names_in(locks.path()), vec![name.clone()]);
    assert_eq!(store.lock_path(), Some(locks.path().join(&name).as_path()));
    let text = std::fs::read_to_string(locks.path().join(&name)).expect("lock");
    assert!(text.contains(&canonical.display().to_string()), "{text}");
    drop(store);
    assert!(
        names_in(locks.path()).is_empty(),
        "a Muster that ends leaves no lock file behind"
    );
}

#[test]
fn a_second_store_on_one_folder_is_read_only_until_the_first_ends() {
    let (dir, locks) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let first = open(dir.path(), locks.path());
    let second = open(dir.path(), locks.path());
    assert!(!first.read_only());
    assert!(second.read_only());
    assert_eq!(second.lock_path(), None);
    // The same folder by another spelling of its path is the same folder.
    let third = open(&dir.path().join("rosters").join(".."), locks.path());
    assert!(third.read_only());
    drop((second, third, first));
    let again = open(dir.path(), locks.path());
    assert!(!again.read_only(), "the lock goes with the first store");
}

#[test]
fn the_lock_file_name_is_stable_for_a_folder_and_differs_for_another() {
    let locks = tempfile::tempdir().expect("locks");
    let (a, b) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let first = open(a.path(), locks.path())
        .lock_path()
        .map(Path::to_path_buf);
    let again = open(a.path(), locks.path())
        .lock_path()
        .map(Path::to_path_buf);
    let other = open(b.path(), locks.path())
        .lock_path()
        .map(Path::to_path_buf);
    assert!(first.is_some());
    assert_eq!(first, again);
    assert_ne!(first, other);
    // FNV-1a 64, the published test values: the name never changes from
    // one Muster version to the next.
    assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(
        lock_file_name(Path::new("/x")),
        format!("{:016x}.lock", fnv1a64(b"/x"))
    );
}

#[test]
fn two_data_folders_are_locked_apart() {
    let locks = tempfile::tempdir().expect("locks");
    let (a, b) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let first = open(a.path(), locks.path());
    let second = open(b.path(), locks.path());
    assert!(!first.read_only());
    assert!(!second.read_only());
}

/// What an older Muster does at start: lock `muster.lock` in the folder.
fn old_muster_locks(old: &Path) -> Result<std::fs::File, std::fs::TryLockError> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(old)
        .expect("old lock");
    file.try_lock().map(|()| file)
}

#[test]
fn an_old_musters_lock_left_free_is_held_while_this_muster_runs() {
    let (dir, locks) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let old = dir.path().join(LEGACY_LOCK);
    std::fs::write(&old, "").expect("old lock");
    let store = open(dir.path(), locks.path());
    assert!(!store.read_only());
    assert!(old.exists(), "never removed");
    assert!(
        matches!(
            old_muster_locks(&old),
            Err(std::fs::TryLockError::WouldBlock)
        ),
        "an older Muster started now finds the folder taken"
    );
    drop(store);
    assert!(old.exists(), "still never removed");
    assert!(
        old_muster_locks(&old).is_ok(),
        "free again once this Muster ends"
    );
}

#[test]
fn no_old_lock_is_made() {
    let (dir, locks) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let store = open(dir.path(), locks.path());
    assert!(!store.read_only());
    assert!(!dir.path().join(LEGACY_LOCK).exists());
}

#[test]
fn an_old_musters_lock_held_is_respected() {
    let (dir, locks) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let old = dir.path().join(LEGACY_LOCK);
    // An older Muster running on this machine holds it.
    let held = old_muster_locks(&old).expect("locked");
    let store = open(dir.path(), locks.path());
    assert!(store.read_only());
    assert!(old.exists(), "left to the Muster holding it");
    drop(store);
    drop(held);
    let store = open(dir.path(), locks.path());
    assert!(!store.read_only(), "once it is gone, the folder is ours");
    assert!(old.exists(), "kept, and held by this Muster");
}

#[test]
fn a_muster_whose_lock_file_was_removed_leaves_the_next_ones_alone() {
    let (dir, locks) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let first = open(dir.path(), locks.path());
    let path = first.lock_path().expect("held").to_path_buf();
    // A cache cleaner removes the file under the running Muster.
    std::fs::remove_file(&path).expect("removed");
    let second = open(dir.path(), locks.path());
    assert!(!second.read_only(), "the path is free: a new file, locked");
    assert_eq!(second.lock_path(), Some(path.as_path()));
    drop(first);
    assert!(
        path.exists(),
        "the first Muster ending leaves the second's lock"
    );
    let third = open(dir.path(), locks.path());
    assert!(third.read_only(), "the second still holds the folder");
}

#[test]
fn a_locks_folder_that_cannot_be_made_leaves_the_lock_in_the_documents_folder() {
    let (dir, locks) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    // A file where the folder of the locks should be.
    let blocked = locks.path().join("file");
    std::fs::write(&blocked, "not a folder").expect("file");
    let first = Store::open_with_options(dir.path(), LockDir::At(blocked.clone())).expect("open");
    assert!(!first.read_only());
    assert!(dir.path().join(LEGACY_LOCK).exists());
    let second = Store::open_with_options(dir.path(), LockDir::At(blocked)).expect("open");
    assert!(second.read_only(), "still one Muster at a time");
}

#[test]
fn a_lock_file_left_by_a_muster_that_crashed_is_taken() {
    let (dir, locks) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let canonical = std::fs::canonicalize(dir.path()).expect("canonical");
    // The file stays when its Muster is killed; the OS lock goes with it.
    let left = locks.path().join(lock_file_name(&canonical));
    std::fs::write(
        &left,
        "Muster's lock of the documents folder:\nSTALE TEXT, longer than the new one, STALE STALE STALE\n",
    )
    .expect("left");
    let store = open(dir.path(), locks.path());
    assert!(!store.read_only());
    let text = std::fs::read_to_string(&left).expect("lock");
    assert!(!text.contains("STALE"), "written anew: {text}");
    assert!(text.contains(&canonical.display().to_string()));
}
