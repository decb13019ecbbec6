//! Each service of the store refuses with its own variants, each a message
//! key with its arguments, read in both languages.

use std::time::Duration;

use crate::common::RosterStore as _;
use muster::i18n::Lang;
use muster::rules::{DocKey, DocKind, Msg, Roster};
use muster::store::{BackupError, ReadError, Store, StoreError};

/// The message in English and in French, after checking its key and that
/// every argument shows.
fn shown(msg: &Msg, key: &str) -> (String, String) {
    assert_eq!(msg.key, key);
    let (en, fr) = (Lang::En.msg(msg), Lang::Fr.msg(msg));
    assert!(!en.contains('{') && !fr.contains('{'), "{en} / {fr}");
    assert_ne!(en, fr);
    (en, fr)
}

#[test]
fn each_backup_error_has_its_key_and_reason_in_both_languages() {
    for (reason, key, en_words, fr_words) in [
        (
            BackupError::NoFolder {
                message: "denied".into(),
            },
            "backup.no_folder",
            "could not create the folder of the document's backups: denied",
            "impossible de créer le dossier des sauvegardes du document : denied",
        ),
        (
            BackupError::NotCopied {
                message: "denied".into(),
            },
            "backup.not_copied",
            "could not read the file to back it up: denied",
            "impossible de lire le fichier pour le sauvegarder : denied",
        ),
        (
            BackupError::NotRemoved {
                message: "denied".into(),
            },
            "backup.not_removed",
            "could not be removed from the library: denied",
            "n'a pas pu être retirée de la bibliothèque : denied",
        ),
    ] {
        let msg = reason.msg();
        assert!(msg.get("reason").is_some(), "{key}");
        let (en, fr) = shown(&msg, key);
        assert!(en.contains(en_words), "{en}");
        assert!(fr.contains(fr_words), "{fr}");
        // With its path, as the store gives it.
        let err = StoreError::Backup {
            reason: reason.clone(),
            path: "/library/backups/rosters/band".into(),
        };
        assert_eq!(err.reason(), ReadError::Backup(reason));
        let (en, fr) = shown(&err.msg(), "io.with_path");
        assert!(en.ends_with(": /library/backups/rosters/band"), "{en}");
        assert!(fr.ends_with(" : /library/backups/rosters/band"), "{fr}");
    }
}

#[test]
fn a_backups_folder_that_cannot_be_made_refuses_the_save_as_a_backup_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path())
        .expect("open")
        .with_backup_interval(Duration::ZERO);
    let roster = Roster::new("walled", "Walled");
    store
        .save_roster(&roster)
        .expect("first save makes no backup");
    let key = DocKey::new(DocKind::Roster, "walled");
    // A file stands where the roster's backups folder would be.
    let folder = store.backups().dir(&key);
    std::fs::create_dir_all(folder.parent().expect("parent")).expect("parent");
    std::fs::write(&folder, "not a folder").expect("file");
    let err = store.save_roster(&roster).expect_err("refused");
    assert!(
        matches!(&err, StoreError::Backup { reason: BackupError::NoFolder { .. }, path } if *path == folder),
        "{err:?}"
    );
}

#[test]
fn a_version_that_cannot_be_read_is_not_retired() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let key = DocKey::new(DocKind::Roster, "band");
    // A folder, not a file: it cannot be read to be backed up.
    let copy = dir.path().join("rosters").join("band.conflict.json");
    std::fs::create_dir_all(&copy).expect("folder");
    let err = store.retire_version(&key, &copy).expect_err("refused");
    assert!(
        matches!(&err, StoreError::Backup { reason: BackupError::NotCopied { .. }, path } if *path == copy),
        "{err:?}"
    );
    assert!(copy.exists(), "nothing removed");
    assert!(store.backups().of(&key).is_empty());
}
