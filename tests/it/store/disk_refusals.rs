//! What the disk refuses, in Muster's words: each system error Muster
//! knows is a `DiskError` with its message key, read in both languages;
//! one it does not know keeps the system's words. A full disk is a medium
//! that fills up.

use std::io::{self, ErrorKind as K};
use std::path::Path;

use muster::i18n::Lang;
use muster::rules::{Doc, Roster};
use muster::store::testing::FillingDisk;

use muster::store::{
    BackupError, DiskError, DiskFailure, LockDir, ReadError, Store, StoreError, SystemReason,
};

use super::errors::{shown, walled_roster};
use super::journaled::{A, folder, key, machine};
use crate::common::RosterStore as _;
use crate::common::rules;
use crate::common::wound;
use crate::rules::campaign::merge::table;

const BAND: &str = "/library/rosters/band.json";

#[test]
fn each_disk_error_has_its_key_in_both_languages() {
    for (reason, key, en_words, fr_words) in [
        (
            DiskError::Full,
            "disk.full",
            "could not write: no space left on device",
            "plus de place sur le disque",
        ),
        (
            DiskError::WriterGone,
            "disk.writer_gone",
            "could not write: the saving thread stopped",
            "le fil d'enregistrement s'est arrêté",
        ),
        (
            DiskError::WriterFailed,
            "disk.writer_failed",
            "could not write: the saving thread failed unexpectedly",
            "a échoué de façon inattendue",
        ),
        (
            DiskError::NotAllowed,
            "disk.not_allowed",
            "could not write: the system does not let Muster use that file or folder",
            "le système ne laisse pas Muster utiliser ce fichier ou ce dossier",
        ),
        (
            DiskError::ReadOnlyDisk,
            "disk.read_only",
            "could not write: the disk or share is mounted read-only",
            "monté en lecture seule",
        ),
        (
            DiskError::Gone,
            "disk.gone",
            "could not write: the file or folder is gone (a synced folder moved, a disk or share disconnected); put it back, then try again",
            "n'est plus là",
        ),
        (
            DiskError::AlreadyThere,
            "disk.already_there",
            "could not write: a file of that name is already there; move it away, then try again",
            "un fichier de ce nom est déjà là",
        ),
        (
            DiskError::NotAFolder,
            "disk.not_a_folder",
            "could not write: a file stands where a folder should be; move it away, then try again",
            "un fichier se trouve là où il faut un dossier",
        ),
        (
            DiskError::NotAFile,
            "disk.not_a_file",
            "could not write: a folder stands where a file should be; move it away, then try again",
            "un dossier se trouve là où il faut un fichier",
        ),
        (
            DiskError::BadName,
            "disk.bad_name",
            "could not write: the system refuses that name (too long, or a character it does not allow); use a shorter, plainer name, or a folder nearer the top",
            "le système refuse ce nom",
        ),
        (
            DiskError::NoAnswer,
            "disk.no_answer",
            "could not write: the disk or network share did not answer in time; try again",
            "n'a pas répondu à temps ; réessayez",
        ),
        (
            DiskError::NotText,
            "disk.not_text",
            "could not write: the file is not text (damaged, or not one of Muster's); restore it from a backup, or move it away",
            "n'est pas du texte",
        ),
        (
            DiskError::CutShort,
            "disk.cut_short",
            "could not write: the file ends too soon (cut off while it was copied or written); wait for the sync to finish, or restore it from a backup",
            "s'arrête trop tôt",
        ),
    ] {
        let msg = reason.msg();
        assert!(msg.args.is_empty(), "{key}");
        shown(&msg, key);
        let read = ReadError::Disk {
            action: "io.write",
            reason,
        };
        let (en, fr) = shown(&read.msg(), "io.failed");
        assert!(en.contains(en_words), "{en}");
        assert!(fr.contains(fr_words), "{fr}");
        assert!(fr.starts_with("impossible d'écrire : "), "{fr}");
        let err = StoreError::Disk {
            action: "io.write",
            reason,
            path: BAND.into(),
        };
        assert_eq!(err.reason(), read);
        let (en, _) = shown(&err.msg(), "io.with_path");
        assert!(en.ends_with(&format!(": {BAND}")), "{en}");
    }
}

#[test]
fn each_system_error_muster_knows_is_said_in_its_words_with_the_path() {
    for (kind, reason) in [
        (K::StorageFull, DiskError::Full),
        (K::QuotaExceeded, DiskError::Full),
        (K::PermissionDenied, DiskError::NotAllowed),
        (K::ReadOnlyFilesystem, DiskError::ReadOnlyDisk),
        (K::NotFound, DiskError::Gone),
        (K::StaleNetworkFileHandle, DiskError::Gone),
        (K::AlreadyExists, DiskError::AlreadyThere),
        (K::NotADirectory, DiskError::NotAFolder),
        (K::IsADirectory, DiskError::NotAFile),
        (K::InvalidFilename, DiskError::BadName),
        (K::Interrupted, DiskError::NoAnswer),
        (K::TimedOut, DiskError::NoAnswer),
        (K::WouldBlock, DiskError::NoAnswer),
        (K::InvalidData, DiskError::NotText),
        (K::UnexpectedEof, DiskError::CutShort),
    ] {
        assert_eq!(DiskError::of_kind(kind), Some(reason), "{kind:?}");
        let failure = DiskFailure {
            action: "io.write",
            path: BAND.into(),
            source: kind.into(),
        };
        assert_eq!(failure.reason(), Some(reason), "{kind:?}");
        let err = StoreError::from(failure);
        assert!(
            matches!(&err, StoreError::Disk { action: "io.write", reason: r, path } if *r == reason && path == Path::new(BAND)),
            "{kind:?}: {err:?}"
        );
    }
}

#[test]
fn a_system_error_muster_does_not_know_keeps_the_system_s_words() {
    for kind in [K::Other, K::Unsupported, K::OutOfMemory, K::ConnectionReset] {
        assert_eq!(DiskError::of_kind(kind), None, "{kind:?}");
    }
    let err = StoreError::from(DiskFailure {
        action: "io.write",
        path: BAND.into(),
        source: io::Error::other("the platter wobbles"),
    });
    assert!(matches!(&err, StoreError::Io { .. }), "{err:?}");
    assert_eq!(
        err.reason(),
        ReadError::Io {
            action: "io.write",
            message: "the platter wobbles".into(),
        }
    );
    let (en, fr) = shown(&err.msg(), "io.with_path");
    assert_eq!(en, format!("could not write: the platter wobbles: {BAND}"));
    assert!(
        fr.ends_with(&format!(" : the platter wobbles : {BAND}")),
        "{fr}"
    );
}

#[test]
fn a_file_where_a_folder_should_be_refuses_an_export_in_muster_s_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let file = dir.path().join("exports");
    std::fs::write(&file, "a file, not a folder").expect("file");
    let path = file.join("band.json");
    let doc = Doc::new(Roster::new("band", "Band"));
    let err = store.export(&doc, &path).expect_err("refused");
    assert!(
        matches!(&err, StoreError::Disk { reason: DiskError::NotAFolder, path: p, .. } if *p == path),
        "{err:?}"
    );
    assert!(
        Lang::En
            .msg(&err.msg())
            .contains("a file stands where a folder should be")
    );
}

#[test]
fn a_folder_or_bytes_that_are_not_text_refuse_a_read_in_muster_s_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let folder = dir.path().join("rosters");
    let err = store.listing().read_file(&folder).expect_err("a folder");
    assert!(
        matches!(
            &err,
            StoreError::Disk {
                action: "io.read",
                reason: DiskError::NotAFile,
                ..
            }
        ),
        "{err:?}"
    );
    let bytes = folder.join("band.json");
    std::fs::write(&bytes, b"{ \"name\": \"caf\xe9\" }").expect("write");
    let err = store.listing().read_file(&bytes).expect_err("not text");
    assert!(
        matches!(&err, StoreError::Disk { action: "io.read", reason: DiskError::NotText, path, .. } if *path == bytes),
        "{err:?}"
    );
}

#[test]
fn a_campaign_s_folder_removed_between_reading_and_writing_is_said_gone() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let store = machine(dir.path(), locks.path(), A);
    let one = wound(&base, r, 1, ("One", 10));
    store.save(&Doc::new(one)).expect("begun");
    // The synced folder's campaign moved away while Muster had it open:
    // the players' choice has no journal to go to.
    let campaign = folder(dir.path(), &base);
    std::fs::remove_dir_all(&campaign).expect("removed");
    let err = store
        .choose(&key(&base), "kept", "set aside")
        .expect_err("gone");
    assert!(
        matches!(&err, StoreError::Disk { reason: DiskError::Gone, path, .. } if path.starts_with(&campaign)),
        "{err:?}"
    );
    assert!(
        Lang::En
            .msg(&err.msg())
            .contains("the file or folder is gone")
    );
}

#[test]
fn a_full_disk_refuses_a_save_in_muster_s_words_until_there_is_room() {
    let dir = tempfile::tempdir().expect("tempdir");
    let disk = FillingDisk::default();
    let store = Store::open_on(dir.path(), LockDir::Machine, disk.medium()).expect("open");
    disk.fill_after(Some(0));
    let err = store
        .save_roster(&Roster::new("band", "Band"))
        .expect_err("full");
    assert!(
        matches!(
            &err,
            StoreError::Disk {
                action: "io.write",
                reason: DiskError::Full,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(Lang::En.msg(&err.msg()).contains("no space left on device"));
    assert!(
        !dir.path().join("rosters").join("band.json").exists(),
        "nothing half-written"
    );
    disk.fill_after(None);
    store
        .save_roster(&Roster::new("band", "Band"))
        .expect("room again");
}

#[test]
fn a_file_where_the_backups_folder_should_be_refuses_a_save_in_muster_s_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A file stands where the rosters' backups folder would be.
    let (store, roster, folder) = walled_roster(dir.path());
    std::fs::write(folder.parent().expect("rosters' backups"), "not a folder").expect("file");
    let err = store.save_roster(&roster).expect_err("refused");
    let reason = BackupError::NoFolder {
        reason: SystemReason::Named(DiskError::NotAFolder),
    };
    assert!(
        matches!(&err, StoreError::Backup { reason: r, path } if *r == reason && *path == folder),
        "{err:?}"
    );
    assert_eq!(
        Lang::En.msg(&err.reason().msg()),
        "could not create the folder of the document's backups: a file stands where a folder should be; move it away, then try again"
    );
    assert_eq!(
        Lang::Fr.msg(&err.reason().msg()),
        "impossible de créer le dossier des sauvegardes du document : un fichier se trouve là où il faut un dossier ; déplacez-le, puis réessayez"
    );
}
