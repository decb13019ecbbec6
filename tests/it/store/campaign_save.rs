//! Saving a campaign makes the text of what changed only: the journal's
//! entries and the characters a save finds unchanged keep the text of the
//! last save. The file must be the same, byte for byte, as the whole text
//! made afresh, whatever happened between saves (undo, redo, a file read
//! again, a character changed or added).

use std::sync::Arc;

use muster::rules::campaign::{Campaign, CampaignEdit as E, Member, MissionResult};
use muster::rules::{Doc, RulesData};
use muster::store::document::to_json_kept;
use muster::store::{KeptTexts, Store, to_json};
use proptest::prelude::*;

use crate::common::ok;
use crate::rules::campaign::{play, rules, started};
use muster::rules::campaign::{DebriefEdit, SetupEdit};

/// Versions of one campaign, each made from the one before, as the undo
/// history holds them: two missions with a casualty and his Cran test, a
/// note, and a character renamed by hand.
fn versions(r: &RulesData) -> Vec<Campaign> {
    let mut v = vec![started(&["Kal", "Mora", "Brack"], r)];
    let last = |v: &Vec<Campaign>| v.last().expect("a version").clone();
    v.push(play(
        &last(&v),
        &["Mora"],
        MissionResult {
            success: true,
            vp: 2,
        },
        r,
    ));
    let c = last(&v);
    let mora = c.debrief.as_ref().expect("a debrief").pending[0];
    v.push(ok(
        &c,
        E::Debrief(DebriefEdit::CranTest {
            character: mora,
            roll: Some(muster::rules::Roll::from_faces(
                c.settings.cran_die,
                vec![4],
                0,
            )),
        }),
        r,
    ));
    v.push(ok(
        &last(&v),
        E::Setup(SetupEdit::SetNotes {
            notes: "Line one\nline two, \"quoted\"".into(),
        }),
        r,
    ));
    v.push(ok(
        &last(&v),
        E::Debrief(DebriefEdit::NextMission {
            choice: Default::default(),
        }),
        r,
    ));
    v.push(play(
        &last(&v),
        &[],
        MissionResult {
            success: false,
            vp: 0,
        },
        r,
    ));
    // A character changed outside the engine: a new `Arc` in the middle.
    let mut c = last(&v);
    let mut kal = (*c.characters[0]).clone();
    kal.cran += 1;
    if let Member::Character(x) = &mut kal.member {
        x.name = "Kal the Bold\n(renamed)".into();
    }
    std::sync::Arc::make_mut(&mut c.characters)[0] = Arc::new(kal);
    v.push(c);
    v
}

#[test]
fn a_save_with_kept_texts_is_the_whole_text_made_afresh() {
    let r = rules();
    let v = versions(r);
    let mut kept = KeptTexts::default();
    // Forward, then undo to the start, then redo, then jumps.
    let walk = (0..v.len())
        .chain((0..v.len()).rev())
        .chain(0..v.len())
        .chain([0, 6, 2, 2, 5, 1]);
    for i in walk {
        let fresh = to_json(&v[i]).expect("json");
        assert_eq!(
            to_json_kept(&v[i], &mut kept).expect("json"),
            fresh,
            "version {i}"
        );
    }
    // Every journal entry and character of the last version is kept.
    let c = &v[1];
    assert_eq!(kept.len(), c.journal.len() + c.characters.len());
}

#[test]
fn a_campaign_read_again_is_saved_the_same() {
    // A file read again gives new items: none is taken for one kept.
    let r = rules();
    let v = versions(r);
    let mut kept = KeptTexts::default();
    let last = v.last().expect("a version");
    to_json_kept(last, &mut kept).expect("json");
    let text = to_json(last).expect("json");
    let read: Campaign = muster::store::parse(&text, "c").expect("reads");
    let changed = ok(
        &read,
        E::Setup(SetupEdit::SetNotes {
            notes: "after".into(),
        }),
        r,
    );
    assert_eq!(
        to_json_kept(&changed, &mut kept).expect("json"),
        to_json(&changed).expect("json")
    );
}

#[test]
fn the_store_saves_a_campaign_as_its_journal_lines_and_reads_back_every_version() {
    // Forward, back (undone) and forward again (redone): each saved
    // version reads back as it was, and each save only appends. (The last
    // version, changed outside the journal, is no campaign the app makes:
    // a journaled campaign is its events.)
    let r = rules();
    let v = versions(r);
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("store");
    let mut before = 0;
    for i in [0, 3, 5, 4, 5] {
        let path = store.save(&Doc::new(v[i].clone())).expect("saves");
        let on_disk = std::fs::read_to_string(&path).expect("reads");
        assert!(
            on_disk.len() >= before,
            "version {i}: appended, never rewritten"
        );
        before = on_disk.len();
        let back = store
            .reload(&Doc::new(v[i].clone()).key())
            .expect("reads")
            .expect("there");
        assert_eq!(back.get::<Campaign>(), Some(&v[i]), "version {i}");
        let fresh = Store::open(dir.path()).expect("again").load_library();
        assert_eq!(fresh.of::<Campaign>().next(), Some(&v[i]), "version {i}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    // Any order of versions, as undo, redo and new events make them.
    #[test]
    fn any_walk_through_the_versions_saves_the_whole_text(walk in proptest::collection::vec(0..7usize, 1..20)) {
        let r = rules();
        let v = versions(r);
        let mut kept = KeptTexts::default();
        for i in walk {
            prop_assert_eq!(to_json_kept(&v[i], &mut kept).expect("json"), to_json(&v[i]).expect("json"));
        }
    }
}
