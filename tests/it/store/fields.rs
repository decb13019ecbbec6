//! Two versions of a roster or a kill team merged field by field:
//! three-way from their common ancestor, side by side without one;
//! lists of elements with an id (or a name) merged element by element; the
//! ancestor picked among the document's backups.

use std::collections::BTreeSet;

use muster::rules::{Doc, DocKey, Roster};
use muster::store::Store;
use muster::store::fields::{Changed, best_ancestor, merge3, resolve};
use proptest::prelude::*;
use serde_json::{Value, json};

fn band() -> Value {
    json!({
        "muster": "roster",
        "roster": {
            "id": "b",
            "name": "Band",
            "notes": "",
            "characters": [
                {"id": 1, "name": "Brask", "advances": {"WS": 1}, "equipment": [{"name": "Lasgun"}]},
                {"id": 2, "name": "Oriel", "advances": {}, "equipment": []}
            ],
            "tags": ["a", "b"]
        }
    })
}

/// `band()` changed by `f`.
fn with(f: impl FnOnce(&mut Value)) -> Value {
    let mut v = band();
    f(&mut v);
    v
}

fn none() -> BTreeSet<String> {
    BTreeSet::new()
}

#[test]
fn a_field_changed_on_one_side_only_takes_that_side() {
    let base = band();
    let ours = with(|v| v["roster"]["name"] = json!("Our band"));
    let theirs = with(|v| v["roster"]["characters"][0]["advances"]["WS"] = json!(2));
    let m = merge3(Some(&base), &ours, &theirs);
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    assert_eq!((m.from_ours, m.from_theirs), (1, 1));
    assert_eq!(m.merged["roster"]["name"], json!("Our band"));
    assert_eq!(
        m.merged["roster"]["characters"][0]["advances"]["WS"],
        json!(2)
    );
    assert_eq!(resolve(&m, &none()), m.merged);
}

#[test]
fn a_field_changed_on_both_sides_differently_is_a_conflict_ours_until_chosen() {
    let base = band();
    let ours = with(|v| v["roster"]["characters"][0]["advances"]["WS"] = json!(2));
    let theirs = with(|v| v["roster"]["characters"][0]["advances"]["WS"] = json!(3));
    let m = merge3(Some(&base), &ours, &theirs);
    assert_eq!(m.conflicts.len(), 1);
    let c = &m.conflicts[0];
    assert_eq!(c.place, "roster.characters[id=1].advances.WS");
    assert_eq!(c.words, ["roster", "characters", "Brask", "advances", "WS"]);
    assert_eq!(
        (c.ours.clone(), c.theirs.clone(), c.base.clone()),
        (Some(json!(2)), Some(json!(3)), Some(json!(1)))
    );
    assert_eq!(m.merged, ours, "ours by default");
    let theirs_taken: BTreeSet<String> = [c.place.clone()].into();
    assert_eq!(resolve(&m, &theirs_taken), theirs);
    // The same change on both sides is no conflict.
    let m = merge3(Some(&base), &ours, &ours);
    assert!(m.conflicts.is_empty());
    assert_eq!(m.merged, ours);
}

#[test]
fn list_elements_are_added_and_removed_by_their_id() {
    let base = band();
    let hark = json!({"id": 3, "name": "Hark", "advances": {}, "equipment": []});
    // Ours adds Hark; theirs removes Oriel and gives Brask a new weapon.
    let ours = with(|v| {
        v["roster"]["characters"]
            .as_array_mut()
            .expect("list")
            .push(hark.clone());
    });
    let theirs = with(|v| {
        let list = v["roster"]["characters"].as_array_mut().expect("list");
        list.remove(1);
        list[0]["equipment"]
            .as_array_mut()
            .expect("gear")
            .push(json!({"name": "Frag grenades"}));
    });
    let m = merge3(Some(&base), &ours, &theirs);
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    let names: Vec<&str> = m.merged["roster"]["characters"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, ["Brask", "Hark"]);
    assert_eq!(
        m.merged["roster"]["characters"][0]["equipment"],
        json!([{"name": "Lasgun"}, {"name": "Frag grenades"}]),
        "equipment matched by name"
    );
    // Removed on one side, changed on the other: a conflict, whole.
    let ours = with(|v| v["roster"]["characters"][1]["advances"]["BS"] = json!(1));
    let m = merge3(Some(&base), &ours, &theirs);
    let c = m
        .conflicts
        .iter()
        .find(|c| c.place == "roster.characters[id=2]")
        .expect("Oriel's conflict");
    assert_eq!(c.theirs, None, "removed on their side");
    let taken: BTreeSet<String> = [c.place.clone()].into();
    let merged = resolve(&m, &taken);
    assert_eq!(
        merged["roster"]["characters"].as_array().map(Vec::len),
        Some(1)
    );
}

#[test]
fn lists_without_identities_are_one_field() {
    let base = band();
    let ours = with(|v| v["roster"]["tags"] = json!(["a", "b", "c"]));
    let theirs = with(|v| v["roster"]["tags"] = json!(["b"]));
    let m = merge3(Some(&base), &ours, &theirs);
    assert_eq!(m.conflicts.len(), 1);
    assert_eq!(m.conflicts[0].place, "roster.tags");
    assert_eq!(m.conflicts[0].base, Some(json!(["a", "b"])));
}

#[test]
fn without_an_ancestor_every_field_that_differs_is_a_conflict() {
    let ours = with(|v| v["roster"]["name"] = json!("Our band"));
    let theirs = with(|v| {
        v["roster"]["characters"][0]["advances"]["WS"] = json!(2);
        v["roster"]["characters"]
            .as_array_mut()
            .expect("list")
            .remove(1);
    });
    let m = merge3(None, &ours, &theirs);
    let places: Vec<&str> = m.conflicts.iter().map(|c| c.place.as_str()).collect();
    assert_eq!(
        places,
        [
            "roster.characters[id=1].advances.WS",
            "roster.characters[id=2]",
            "roster.name"
        ]
    );
    assert!(m.conflicts.iter().all(|c| c.base.is_none()));
    assert_eq!((m.from_ours, m.from_theirs), (0, 0));
    assert_eq!(m.merged, ours);
    let all: BTreeSet<String> = m.conflicts.iter().map(|c| c.place.clone()).collect();
    assert_eq!(resolve(&m, &all), theirs);
}

#[test]
fn the_ancestor_is_the_backup_that_best_explains_both_versions() {
    let base = band();
    let ours = with(|v| v["roster"]["name"] = json!("Our band"));
    let theirs = with(|v| v["roster"]["notes"] = json!("Theirs"));
    let older = with(|v| v["roster"]["characters"][1]["advances"]["BS"] = json!(1));
    // Newest first: ours itself (explains nothing), the ancestor, an older
    // state.
    let candidates = [ours.clone(), base.clone(), older.clone()];
    assert_eq!(best_ancestor(&candidates, &ours, &theirs), Some(1));
    // Two equally good: the oldest (see the next test).
    assert_eq!(
        best_ancestor(&[base.clone(), base.clone()], &ours, &theirs),
        Some(1)
    );
    assert_eq!(
        best_ancestor(&[ours.clone(), theirs.clone()], &ours, &theirs),
        None
    );
    assert_eq!(best_ancestor(&[], &ours, &theirs), None);
}

/// The store reads the document's backups and picks their common ancestor
/// among them, with the time it was made.
#[test]
fn the_store_finds_the_common_ancestor_among_the_backups() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path())
        .expect("store")
        .with_backup_interval(std::time::Duration::ZERO);
    let mut r = Roster::new("band", "Band");
    store.save(&Doc::new(r.clone())).expect("first");
    r.notes = "the common version".to_owned();
    store.save(&Doc::new(r.clone())).expect("common");
    let common = r.clone();
    r.name = "Our band".to_owned();
    store.save(&Doc::new(r.clone())).expect("ours");
    let key = DocKey::new(muster::rules::DocKind::Roster, "band");
    assert!(store.backups().of(&key).len() >= 2);
    let kinds = store.listing().kinds().clone();
    let value = |r: &Roster| kinds.to_value(&Doc::new(r.clone())).expect("json");
    let mut their = common.clone();
    their.notes = "the common version, and theirs".to_owned();
    let found = store
        .backups()
        .common_ancestor(&kinds, &key, &value(&r), &value(&their))
        .expect("an ancestor");
    assert_eq!(found.value, value(&common));
    assert!(found.made_ms.is_some_and(|ms| ms > 1_700_000_000_000));
    // No backup at all: none.
    let other = DocKey::new(muster::rules::DocKind::Roster, "nowhere");
    assert!(
        store
            .backups()
            .common_ancestor(&kinds, &other, &value(&r), &value(&their))
            .is_none()
    );
}

/// A small JSON document: an object of scalars, a nested object and a
/// list of identified elements.
fn doc() -> impl Strategy<Value = Value> {
    let scalar = prop_oneof![
        (0i64..4).prop_map(Value::from),
        "[ab]{0,2}".prop_map(Value::from)
    ];
    let element = (1u8..5, scalar.clone()).prop_map(|(id, x)| json!({"id": id, "x": x}));
    (
        scalar.clone(),
        scalar,
        proptest::collection::vec(element, 0..4),
    )
        .prop_map(|(a, b, list)| {
            // Unique ids, as a document's are.
            let mut seen = BTreeSet::new();
            let list: Vec<Value> = list
                .into_iter()
                .filter(|e| seen.insert(e["id"].as_i64()))
                .collect();
            json!({"a": a, "inner": {"b": b}, "list": list})
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// A version merged with itself is itself; a side unchanged since the
    /// ancestor gives the other side; taking theirs everywhere with no
    /// ancestor gives theirs.
    #[test]
    fn merges_of_unchanged_sides_are_the_other_side(base in doc(), a in doc(), b in doc()) {
        prop_assert_eq!(merge3(Some(&base), &a, &a).merged, a.clone());
        let m = merge3(Some(&base), &base, &b);
        prop_assert!(m.conflicts.is_empty());
        prop_assert_eq!(m.merged, b.clone());
        let m = merge3(Some(&base), &a, &base);
        prop_assert_eq!(m.merged, a.clone());
        let m = merge3(None, &a, &b);
        prop_assert_eq!(&m.merged, &a);
        let all: BTreeSet<String> = m.conflicts.iter().map(|c| c.place.clone()).collect();
        // Their elements, in our order where both have them.
        prop_assert_eq!(by_id(resolve(&m, &all)), by_id(b));
    }
}

/// `v` with its list sorted by id.
fn by_id(mut v: Value) -> Value {
    if let Some(list) = v["list"].as_array_mut() {
        list.sort_by_key(|e| e["id"].as_i64());
    }
    v
}

fn soldiers(v: &mut Value) -> &mut Vec<Value> {
    v["killteam"]["soldiers"].as_array_mut().expect("soldiers")
}

/// A kill team changed on two machines: each soldier matched by its id,
/// each side's change kept, the merge read back as a kill team.
#[test]
fn a_kill_team_merges_soldier_by_soldier_and_reads_back() {
    let kinds = muster::store::Kinds::default();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/killteam.json"
    ))
    .expect("example");
    let team = kinds.parse(&text, "team").expect("a kill team");
    let base = kinds.to_value(&team).expect("json");
    let mut ours = base.clone();
    for s in soldiers(&mut ours).iter_mut() {
        if s["id"] == json!(4) {
            s["name"] = json!("Corporal Dace");
        }
    }
    let mut theirs = base.clone();
    soldiers(&mut theirs).retain(|s| s["id"] != json!(6));
    let m = merge3(Some(&base), &ours, &theirs);
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    let merged = kinds
        .parse(&m.merged.to_string(), "team")
        .expect("reads back");
    let back = kinds.to_value(&merged).expect("json");
    let names: Vec<&str> = back["killteam"]["soldiers"]
        .as_array()
        .expect("soldiers")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert!(names.contains(&"Corporal Dace"), "{names:?}");
    assert!(!names.contains(&"Trooper Nim"), "{names:?}");
    assert_eq!(
        names.len(),
        base["killteam"]["soldiers"].as_array().map_or(0, Vec::len) - 1
    );
}

/// A backup our side made after the shared version scores as well as the
/// shared version itself: the oldest of equals is taken, so our change
/// made before that backup is not mistaken for the other side's (taken as
/// the ancestor, the backup would have undone our rename in silence).
#[test]
fn a_later_backup_of_our_own_is_not_taken_for_the_common_version() {
    let shared = band();
    let renamed = with(|v| v["roster"]["name"] = json!("Our band"));
    let ours = with(|v| {
        v["roster"]["name"] = json!("Our band");
        v["roster"]["notes"] = json!("our notes");
    });
    let theirs = with(|v| v["roster"]["characters"][1]["advances"]["BS"] = json!(1));
    // Newest first: the backup made offline after the rename, then the
    // version both machines had.
    let candidates = [renamed, shared.clone()];
    let i = best_ancestor(&candidates, &ours, &theirs).expect("an ancestor");
    assert_eq!(candidates[i], shared);
    let m = merge3(Some(&candidates[i]), &ours, &theirs);
    assert!(m.conflicts.is_empty());
    assert_eq!(m.merged["roster"]["name"], json!("Our band"));
    assert_eq!(m.merged["roster"]["notes"], json!("our notes"));
    assert_eq!(
        m.merged["roster"]["characters"][1]["advances"]["BS"],
        json!(1)
    );
}

/// Nothing is taken unseen: each field one side changed alone is listed
/// with its side, and the player may keep the other side's value there.
#[test]
fn the_fields_one_side_changed_alone_are_listed_and_may_be_switched() {
    let base = band();
    let ours = with(|v| v["roster"]["name"] = json!("Our band"));
    let theirs = with(|v| v["roster"]["notes"] = json!("Theirs"));
    let m = merge3(Some(&base), &ours, &theirs);
    let listed: Vec<(&str, Changed)> = m
        .changes
        .iter()
        .map(|c| (c.place.as_str(), c.changed))
        .collect();
    assert_eq!(
        listed,
        [
            ("roster.name", Changed::Ours),
            ("roster.notes", Changed::Theirs)
        ]
    );
    assert!(m.conflicts.is_empty());
    // Switched: their notes are not taken; our rename is undone.
    let notes: BTreeSet<String> = ["roster.notes".to_owned()].into();
    assert_eq!(resolve(&m, &notes), ours);
    let name: BTreeSet<String> = ["roster.name".to_owned()].into();
    assert_eq!(
        resolve(&m, &name),
        with(|v| v["roster"]["notes"] = json!("Theirs"))
    );
}

/// Two soldiers recruited on two machines, each given the next free id:
/// both stay, ours under its id, theirs under the next free one; the
/// player may still leave theirs out.
#[test]
fn elements_both_sides_added_under_one_id_both_stay() {
    let base = band();
    let ours = with(|v| {
        v["roster"]["characters"]
            .as_array_mut()
            .expect("list")
            .push(json!({"id": 3, "name": "Kell", "advances": {}, "equipment": []}));
    });
    let theirs = with(|v| {
        v["roster"]["characters"]
            .as_array_mut()
            .expect("list")
            .push(json!({"id": 3, "name": "Vorn", "advances": {}, "equipment": []}));
    });
    let m = merge3(Some(&base), &ours, &theirs);
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    let people: Vec<(u64, &str)> = m.merged["roster"]["characters"]
        .as_array()
        .expect("list")
        .iter()
        .map(|c| {
            (
                c["id"].as_u64().expect("id"),
                c["name"].as_str().expect("name"),
            )
        })
        .collect();
    assert_eq!(
        people,
        [(1, "Brask"), (2, "Oriel"), (3, "Kell"), (4, "Vorn")]
    );
    assert_eq!((m.from_ours, m.from_theirs), (1, 1));
    // Theirs left out on purpose.
    let theirs_added = m
        .changes
        .iter()
        .find(|c| c.changed == Changed::Theirs)
        .expect("their recruit is listed");
    let left_out: BTreeSet<String> = [theirs_added.place.clone()].into();
    assert_eq!(resolve(&m, &left_out), ours);
}
