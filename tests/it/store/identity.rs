//! One writer per journal: two installations found writing as one machine
//! (a copied settings folder, one id file for both) are told apart, the
//! one that finds the other takes a new id, and no event is lost.

use std::fs;
use std::path::Path;

use muster::rules::Doc;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::store::journaled::JOURNAL_EXT;
use muster::store::machine::MachineId;
use muster::store::testing::FillingDisk;
use muster::store::{LockDir, Store};

use super::journaled::key;
use crate::common::rules;
use crate::common::{new_turn, play, wound};
use crate::rules::campaign::merge::table;
use muster::rules::campaign::TableEdit;

const A: &str = "aaaaaaaaaaaaaaaa";

/// The folder `dir` opened by an installation whose id is `id`, its lock
/// apart (`who`: two installations on one folder, each with its own).
fn installation(dir: &Path, locks: &Path, who: &str, id: &str) -> Store {
    Store::open_with_options(dir, LockDir::At(locks.join(who)))
        .expect("open")
        .with_machine(MachineId::parse(id).expect("id"))
}

fn journals(dir: &Path, c: &Campaign) -> Vec<String> {
    let mut out: Vec<String> = fs::read_dir(dir.join("campaigns").join(&c.id))
        .expect("the campaign's folder")
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            name.ends_with(JOURNAL_EXT).then_some(name)
        })
        .collect();
    out.sort();
    out
}

/// The campaign a fresh reader of the folder gets (a third machine).
fn read_fresh(dir: &Path, locks: &Path, c: &Campaign) -> Campaign {
    installation(dir, locks, "reader", "cccccccccccccccc")
        .reload(&key(c))
        .expect("reads")
        .expect("there")
        .get::<Campaign>()
        .cloned()
        .expect("a campaign")
}

#[test]
fn an_installation_that_finds_its_journal_written_by_another_saves_under_a_new_id() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    // Two installations with one id: the second a copy of the first's
    // settings, on another computer sharing the folder.
    let first = installation(dir.path(), locks.path(), "first", A);
    first.save(&Doc::new(base.clone())).expect("begun");
    let copy = installation(dir.path(), locks.path(), "copy", A);
    copy.load_library();
    // The first plays on, then the copy, which has not seen it yet.
    let on_first = wound(&base, r, 1, ("First", 10));
    first
        .save(&Doc::new(on_first.clone()))
        .expect("first saves");
    let on_copy = new_turn(&base, r, ("Copy", 20));
    copy.save(&Doc::new(on_copy.clone()))
        .expect("the copy saves");
    // The copy found the first's line in its journal: a new id, said.
    let changes = copy.journals().identity().take_changes();
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert_eq!(changes[0].old.as_str(), A);
    assert_ne!(changes[0].new.as_str(), A);
    assert_eq!(copy.journals().identity().id(), changes[0].new);
    assert!(changes[0].found_in.ends_with(format!("{A}.{JOURNAL_EXT}")));
    assert!(first.journals().identity().take_changes().is_empty());
    let own = format!("{}.{JOURNAL_EXT}", changes[0].new.as_str());
    assert!(journals(dir.path(), &base).contains(&own));
    // Nothing lost: a third machine reads both events.
    let read = read_fresh(dir.path(), locks.path(), &base);
    for e in [&on_first, &on_copy] {
        let last = e.journal.last().expect("an event");
        assert!(read.journal.contains(last), "{:?} is kept", last.event);
    }
    // And the first's next event, written to the old journal, still
    // reaches the copy.
    let again = wound(&on_first, r, 2, ("First", 30));
    first
        .save(&Doc::new(again.clone()))
        .expect("first saves again");
    let mine = copy
        .reload(&key(&base))
        .expect("reads")
        .expect("there")
        .get::<Campaign>()
        .cloned()
        .expect("a campaign");
    assert!(
        mine.journal
            .contains(again.journal.last().expect("an event"))
    );
}

#[test]
fn a_line_another_installation_appends_to_this_machine_s_journal_is_seen_while_it_waits() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let first = installation(dir.path(), locks.path(), "first", A);
    first.save(&Doc::new(base.clone())).expect("begun");
    let copy = installation(dir.path(), locks.path(), "copy", A);
    let held = copy
        .load_library()
        .of::<Campaign>()
        .next()
        .cloned()
        .expect("the campaign");
    let on_first = wound(&base, r, 1, ("First", 10));
    first
        .save(&Doc::new(on_first.clone()))
        .expect("first saves");
    // The copy saves nothing: it sees the change as it looks at the
    // folder, as its window does each frame.
    let changed: Vec<_> = copy.journals().changes();
    assert_eq!(changed.len(), 1, "the campaign's journal changed");
    let now = copy
        .with_arrivals(&held)
        .expect("reads")
        .expect("journaled")
        .get::<Campaign>()
        .cloned()
        .expect("campaign");
    assert_eq!(now.journal, on_first.journal, "the first's event came in");
    let changes = copy.journals().identity().take_changes();
    assert_eq!(changes.len(), 1);
    assert_ne!(copy.journals().identity().id().as_str(), A);
    // The copy's own next event goes to its new journal, and both
    // installations then read one campaign.
    let played = new_turn(&now, r, ("Copy", 20));
    copy.save(&Doc::new(played.clone()))
        .expect("the copy saves");
    assert_eq!(journals(dir.path(), &base).len(), 2);
    assert_eq!(
        read_fresh(dir.path(), locks.path(), &base).journal,
        played.journal
    );
}

#[test]
fn what_a_failed_append_left_in_this_machine_s_journal_is_not_another_writer() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let disk = FillingDisk::default();
    let store = Store::open_on(
        dir.path(),
        LockDir::At(locks.path().join("one")),
        disk.medium(),
    )
    .expect("open")
    .with_machine(MachineId::parse(A).expect("id"));
    store.save(&Doc::new(base.clone())).expect("begun");
    let one = wound(&base, r, 1, ("One", 10));
    store.save(&Doc::new(one.clone())).expect("saved");
    // The disk fills up part-way through the next append.
    let two = play(
        &one,
        &[
            E::Table(TableEdit::NewTurn { gain: None }),
            E::Table(TableEdit::NewTurn { gain: None }),
        ],
        r,
        ("One", 20),
    );
    disk.fill_after(Some(100));
    assert!(store.save(&Doc::new(two.clone())).is_err());
    disk.fill_after(None);
    assert!(
        store.journals().changes().is_empty(),
        "its own bytes, not news"
    );
    store
        .save(&Doc::new(two.clone()))
        .expect("saved once there is room");
    assert!(store.journals().identity().take_changes().is_empty());
    assert_eq!(store.journals().identity().id().as_str(), A);
    assert_eq!(
        read_fresh(dir.path(), locks.path(), &base).journal,
        two.journal
    );
}

/// A line in this machine's journal that is no journal's (the file damaged,
/// or edited by hand) is not another Muster writing as this machine: the
/// installation keeps its id (and with it what it may take back), and
/// saving says which file and which line is wrong rather than writing on.
#[test]
fn a_damaged_line_in_this_machine_s_journal_keeps_its_id_and_names_the_line() {
    let r = rules();
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let base = table(r);
    let store = installation(dir.path(), locks.path(), "here", A);
    store.save(&Doc::new(base.clone())).expect("begun");
    let once = wound(&base, r, 1, ("Here", 10));
    store.save(&Doc::new(once.clone())).expect("saved");
    let own = dir
        .path()
        .join("campaigns")
        .join(&base.id)
        .join(format!("{A}.{JOURNAL_EXT}"));
    let before = fs::read_to_string(&own).expect("the journal");
    let lines = before.lines().count();
    fs::write(&own, format!("{before}this is not a journal line\n")).expect("damaged");
    // Looking for arrivals finds nothing of another machine.
    assert!(store.with_arrivals(&once).is_ok());
    let twice = wound(&once, r, 2, ("Here", 20));
    let refused = store
        .save(&Doc::new(twice))
        .expect_err("the damage is said");
    assert!(
        store.journals().identity().take_changes().is_empty(),
        "no new id"
    );
    assert_eq!(store.journals().identity().id().as_str(), A);
    let said = muster::i18n::Lang::En.msg(&refused.msg());
    assert!(said.contains(&format!("line {}", lines + 1)), "{said}");
    assert!(said.contains(&format!("{A}.{JOURNAL_EXT}")), "{said}");
    // Nothing of the file was written over.
    assert!(
        fs::read_to_string(&own)
            .expect("the journal")
            .starts_with(&before)
    );
}
