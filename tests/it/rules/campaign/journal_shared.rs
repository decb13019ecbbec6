//! The journal a campaign's versions share: whatever is pushed, taken off,
//! cut or replaced, it holds what a plain list would, in the same order,
//! written as the same JSON; two versions of one campaign share what they
//! have in common and never see each other's changes.

use std::sync::Arc;

use muster::rules::campaign::SetupEdit;
use muster::rules::campaign::{CampaignEdit as E, Entry, Journal};
use proptest::prelude::*;

fn entry(n: u32) -> Arc<Entry> {
    Arc::new(Entry {
        mission: n,
        event: E::Setup(SetupEdit::SetNotes {
            notes: format!("note {n}"),
        }),
        stamp: None,
    })
}

/// What is done to a journal and, alike, to a plain list.
#[derive(Clone, Debug)]
enum Op {
    Push,
    Pop,
    Truncate(usize),
    Replace(usize),
    ChangeFrom(usize),
    /// A copy kept aside, changed, and dropped.
    Fork(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => Just(Op::Push),
        1 => Just(Op::Pop),
        1 => (0usize..200).prop_map(Op::Truncate),
        1 => (0usize..200).prop_map(Op::Replace),
        1 => (0usize..200).prop_map(Op::ChangeFrom),
        1 => (0usize..80).prop_map(Op::Fork),
    ]
}

fn same(j: &Journal, v: &[Arc<Entry>]) {
    assert_eq!(j.len(), v.len());
    assert_eq!(j.is_empty(), v.is_empty());
    assert_eq!(j.last(), v.last());
    assert_eq!(j.first(), v.first());
    assert!(j.iter().eq(v.iter()));
    assert!(j.iter().rev().eq(v.iter().rev()));
    for (i, e) in v.iter().enumerate() {
        assert_eq!(j.get(i), Some(e));
        assert_eq!(&j[i], e);
    }
    assert_eq!(j.get(v.len()), None);
    let mid = v.len() / 3;
    assert!(j.range(mid..).eq(v[mid..].iter()));
    assert!(j.range(..mid).eq(v[..mid].iter()));
    assert_eq!(j.range(mid..).len(), v.len() - mid);
    assert_eq!(
        j.range(v.len() + 5..).count(),
        0,
        "a range past the end is empty"
    );
    assert_eq!(j.to_vec(), v);
    assert_eq!(
        serde_json::to_string(j).expect("json"),
        serde_json::to_string(v).expect("json")
    );
}

fn apply(j: &mut Journal, v: &mut Vec<Arc<Entry>>, op: &Op, next: &mut u32) {
    match *op {
        Op::Push => {
            *next += 1;
            j.push(entry(*next));
            v.push(entry(*next));
        }
        Op::Pop => assert_eq!(j.pop(), v.pop()),
        Op::Truncate(n) => {
            j.truncate(n);
            v.truncate(n);
        }
        Op::Replace(i) if i < v.len() => {
            *next += 1;
            j[i] = entry(*next);
            v[i] = entry(*next);
        }
        Op::ChangeFrom(from) => {
            let odd = |e: &Arc<Entry>| {
                if e.mission % 2 == 1 {
                    entry(e.mission + 1000)
                } else {
                    Arc::clone(e)
                }
            };
            j.change_from(from, odd);
            for e in v.iter_mut().skip(from) {
                *e = odd(e);
            }
        }
        Op::Fork(k) => {
            let (kept_j, kept_v) = (j.clone(), v.clone());
            for _ in 0..k {
                *next += 1;
                j.push(entry(*next));
            }
            j.truncate(kept_v.len() / 2);
            if !j.is_empty() {
                j[0] = entry(9999);
            }
            // The copy kept aside is untouched.
            same(&kept_j, &kept_v);
            *j = kept_j;
        }
        Op::Replace(_) => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn a_journal_holds_what_a_list_would(ops in proptest::collection::vec(op(), 0..120)) {
        let (mut j, mut v, mut next) = (Journal::new(), Vec::new(), 0);
        for op in &ops {
            apply(&mut j, &mut v, op, &mut next);
            same(&j, &v);
        }
        let read: Journal = serde_json::from_str(&serde_json::to_string(&v).expect("json"))
            .expect("read back");
        prop_assert_eq!(read, j);
    }
}

/// Two versions of one campaign's journal share the events they have in
/// common: a copy shares them all, and each version's own events after
/// the point where they part are its own.
#[test]
fn versions_share_what_they_have_in_common() {
    let mut a = Journal::new();
    for n in 0..100 {
        a.push(entry(n));
    }
    let mut b = a.clone();
    assert_eq!(a.shared_with(&b), 100);
    b.push(entry(500));
    assert_eq!(a.shared_with(&b), 100, "b only added");
    assert_eq!(b.shared_with(&a), 100);
    b.truncate(70);
    b.push(entry(600));
    assert_eq!(a.shared_with(&b), 70, "they part at 70");
    // Equal but not the same events are not shared: written by each.
    let c: Journal = (0..100).map(entry).collect();
    assert_eq!(a.shared_with(&c), 0);
    assert_eq!(a, c, "but equal");
    assert!(a.contains(&entry(42)) && !a.contains(&entry(600)));
}
