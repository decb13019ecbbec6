//! Each service of the store refuses with its own variants, each a message
//! key with its arguments, read in both languages.

use std::io;
use std::time::Duration;

use crate::common::RosterStore as _;
use muster::i18n::Lang;
use muster::rules::{DocKey, DocKind, Msg, Roster};
use muster::store::{
    BackupError, DiskError, JournalError, ListingError, ReadError, Store, StoreError, SystemReason,
    Unlockable,
};

/// The message in English and in French, after checking its key and that
/// every argument shows.
pub(crate) fn shown(msg: &Msg, key: &str) -> (String, String) {
    assert_eq!(msg.key, key);
    let (en, fr) = (Lang::En.msg(msg), Lang::Fr.msg(msg));
    assert!(!en.contains('{') && !fr.contains('{'), "{en} / {fr}");
    assert_ne!(en, fr);
    (en, fr)
}

/// The backup errors, each of `reason`, with their key and the words
/// before the reason in both languages.
fn backup_errors(
    reason: &SystemReason,
) -> [(BackupError, &'static str, &'static str, &'static str); 3] {
    [
        (
            BackupError::NoFolder {
                reason: reason.clone(),
            },
            "backup.no_folder",
            "could not create the folder of the document's backups: ",
            "impossible de créer le dossier des sauvegardes du document : ",
        ),
        (
            BackupError::NotCopied {
                reason: reason.clone(),
            },
            "backup.not_copied",
            "could not read the file to back it up: ",
            "impossible de lire le fichier pour le sauvegarder : ",
        ),
        (
            BackupError::NotRemoved {
                reason: reason.clone(),
            },
            "backup.not_removed",
            "the version was backed up but could not be removed from the library: ",
            "la version a été sauvegardée mais n'a pas pu être retirée de la bibliothèque : ",
        ),
    ]
}

#[test]
fn each_backup_error_gives_a_known_reason_in_muster_s_words_in_both_languages() {
    let denied = SystemReason::of(&io::Error::from(io::ErrorKind::PermissionDenied));
    assert_eq!(denied, SystemReason::Named(DiskError::NotAllowed));
    for (reason, key, en_words, fr_words) in backup_errors(&denied) {
        let msg = reason.msg();
        assert!(msg.get("reason").is_some(), "{key}");
        let (en, fr) = shown(&msg, key);
        assert_eq!(
            en,
            format!("{en_words}{}", Lang::En.msg(&DiskError::NotAllowed.msg())),
            "{key}"
        );
        assert!(
            en.ends_with(": the system does not let Muster use that file or folder (it belongs to another user, or is marked read-only)"),
            "{en}"
        );
        assert!(fr.starts_with(fr_words), "{fr}");
        assert!(
            fr.ends_with(" : le système ne laisse pas Muster utiliser ce fichier ou ce dossier (il appartient à un autre utilisateur, ou est en lecture seule)"),
            "{fr}"
        );
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
fn each_backup_error_keeps_the_system_s_words_for_a_reason_muster_does_not_know() {
    let odd = SystemReason::of(&io::Error::other("the platter wobbles"));
    assert_eq!(odd, SystemReason::Unnamed("the platter wobbles".into()));
    for (reason, key, en_words, fr_words) in backup_errors(&odd) {
        let (en, fr) = shown(&reason.msg(), key);
        assert_eq!(en, format!("{en_words}the platter wobbles"));
        assert_eq!(fr, format!("{fr_words}the platter wobbles"));
    }
}

/// A store on `dir` that backs up at every save, the roster "walled"
/// saved once (no backup yet), and the folder its backups go to.
pub(crate) fn walled_roster(dir: &std::path::Path) -> (Store, Roster, std::path::PathBuf) {
    let store = Store::open(dir)
        .expect("open")
        .with_backup_interval(Duration::ZERO);
    let roster = Roster::new("walled", "Walled");
    store
        .save_roster(&roster)
        .expect("first save makes no backup");
    let folder = store.backups().dir(&DocKey::new(DocKind::Roster, "walled"));
    (store, roster, folder)
}

#[test]
fn a_backups_folder_that_cannot_be_made_refuses_the_save_as_a_backup_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A file stands where the roster's backups folder would be.
    let (store, roster, folder) = walled_roster(dir.path());
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
    let not_a_file = SystemReason::Named(DiskError::NotAFile);
    assert!(
        matches!(&err, StoreError::Backup { reason: BackupError::NotCopied { reason }, path } if *path == copy && *reason == not_a_file),
        "{err:?}"
    );
    assert!(
        Lang::En.msg(&err.msg()).starts_with(
            "could not read the file to back it up: a folder stands where a file should be"
        ),
        "{err}"
    );
    assert!(copy.exists(), "nothing removed");
    assert!(store.backups().of(&key).is_empty());
}

#[test]
fn each_listing_error_has_its_key_and_reason_in_both_languages() {
    let unreadable = ListingError::FolderUnreadable {
        reason: DiskError::Gone.into(),
    };
    let msg = unreadable.msg();
    assert!(msg.get("reason").is_some());
    let (en, fr) = shown(&msg, "listing.folder_unreadable");
    assert_eq!(
        en,
        "could not read the library's folder: the file or folder is gone (a synced folder moved, a disk or share disconnected); put it back, then try again"
    );
    assert_eq!(
        fr,
        "impossible de lire le dossier de la bibliothèque : le fichier ou le dossier n'est plus là (dossier synchronisé déplacé, disque ou partage déconnecté) ; remettez-le, puis réessayez"
    );
    let unknown = ListingError::FolderUnreadable {
        reason: SystemReason::Unnamed("the platter wobbles".into()),
    };
    let (en, fr) = shown(&unknown.msg(), "listing.folder_unreadable");
    assert_eq!(
        en,
        "could not read the library's folder: the platter wobbles"
    );
    assert_eq!(
        fr,
        "impossible de lire le dossier de la bibliothèque : the platter wobbles"
    );
    let (en, fr) = shown(&ListingError::NameNotText.msg(), "io.name_not_utf8");
    assert!(en.contains("rename it"), "{en}");
    assert!(fr.contains("renommez"), "{fr}");
    let err = StoreError::Listing {
        reason: ListingError::NameNotText,
        path: "/library/rosters/x.json".into(),
    };
    assert_eq!(err.reason(), ReadError::Listing(ListingError::NameNotText));
    let (en, _) = shown(&err.msg(), "io.with_path");
    assert!(en.ends_with(": /library/rosters/x.json"), "{en}");
}

#[test]
fn a_kind_s_folder_that_cannot_be_listed_is_an_unreadable_listing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let rosters = dir.path().join("rosters");
    std::fs::remove_dir(&rosters).expect("empty folder");
    std::fs::write(&rosters, "not a folder").expect("file");
    let library = store.load_library();
    assert_eq!(library.unreadable.len(), 1, "{:?}", library.unreadable);
    let u = &library.unreadable[0];
    assert_eq!(u.path, rosters);
    assert!(
        matches!(
            &u.reason,
            ReadError::Listing(ListingError::FolderUnreadable {
                reason: SystemReason::Named(DiskError::NotAFolder)
            })
        ),
        "{:?}",
        u.reason
    );
    assert!(
        Lang::Fr
            .msg(&u.reason.msg())
            .starts_with("impossible de lire le dossier de la bibliothèque : un fichier se trouve là où il faut un dossier"),
        "{}",
        Lang::Fr.msg(&u.reason.msg())
    );
}

#[cfg(unix)]
#[test]
fn a_file_whose_name_is_not_text_is_an_unreadable_listing() {
    use std::os::unix::ffi::OsStrExt as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("open");
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.json");
    let path = dir.path().join("rosters").join(name);
    std::fs::write(&path, crate::common::roster_json(&Roster::new("x", "Café"))).expect("write");
    let library = store.load_library();
    assert!(library.docs.is_empty());
    assert_eq!(
        library.unreadable[0].reason,
        ReadError::Listing(ListingError::NameNotText)
    );
}

#[test]
fn each_journal_error_has_its_key_in_both_languages() {
    for (reason, key, en_words, fr_words) in [
        (
            JournalError::NotACampaign,
            "io.not_a_campaign",
            "only a campaign is kept as journals",
            "campagne",
        ),
        (
            JournalError::NotRead,
            "io.journals_not_read",
            "could not be read",
            "n'ont pas pu être lus",
        ),
    ] {
        let msg = reason.msg();
        assert!(msg.args.is_empty(), "{key}");
        let (en, fr) = shown(&msg, key);
        assert!(en.contains(en_words), "{en}");
        assert!(fr.contains(fr_words), "{fr}");
        let err = StoreError::Journal {
            reason,
            path: "/library/campaigns/raid".into(),
        };
        assert_eq!(err.reason(), ReadError::Journal(reason));
        let (en, fr) = shown(&err.msg(), "io.with_path");
        assert!(en.ends_with(": /library/campaigns/raid"), "{en}");
        assert!(fr.ends_with(" : /library/campaigns/raid"), "{fr}");
    }
}

#[test]
fn each_reason_the_lock_is_not_taken_is_said_in_both_languages() {
    let warning = |reason: &Unlockable| {
        let msg = Msg::new("store.lock_unsupported").msg("reason", reason.msg());
        shown(&msg, "store.lock_unsupported")
    };
    let (en, fr) = warning(&Unlockable::KeepsBeingRemoved);
    assert_eq!(
        en,
        "The library folder cannot be locked (the lock file keeps being removed): do not open it in two Musters at once."
    );
    assert!(
        fr.contains("(le fichier de verrou est sans cesse supprimé)"),
        "{fr}"
    );
    let (en, fr) = warning(&Unlockable::Refused(DiskError::NoAnswer.into()));
    assert!(
        en.contains("(the disk or network share did not answer in time; try again)"),
        "{en}"
    );
    assert!(
        fr.contains("(le disque ou le partage réseau n'a pas répondu à temps"),
        "{fr}"
    );
    let (en, _) = warning(&Unlockable::Refused(SystemReason::Unnamed(
        "locks are not supported".into(),
    )));
    assert!(en.contains("(locks are not supported)"), "{en}");
}
