//! The campaign's journal: every event in order, held so that the many
//! versions of a campaign (each event played, each undo step, the copy a
//! save is made from) share what they have in common instead of copying
//! it. Events are kept in blocks of [`BLOCK`]; a full block is frozen and
//! shared by every version that holds it, so copying a journal of
//! thousands of events copies one pointer and the last, unfinished block.

use std::fmt;
use std::ops::{Bound, Index, IndexMut, RangeBounds};
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Entry;

/// Events in one frozen block.
const BLOCK: usize = 32;

/// Every event of a campaign, in order.
#[derive(Clone, Default)]
pub struct Journal {
    /// The frozen blocks, each of `BLOCK` events.
    blocks: Arc<Vec<Arc<[Arc<Entry>]>>>,
    /// The events after them, fewer than `BLOCK`.
    tail: Vec<Arc<Entry>>,
}

impl Journal {
    /// An empty journal.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many events it holds.
    pub fn len(&self) -> usize {
        self.blocks.len() * BLOCK + self.tail.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The event at `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<&Arc<Entry>> {
        let frozen = self.blocks.len() * BLOCK;
        if i < frozen {
            Some(&self.blocks[i / BLOCK][i % BLOCK])
        } else {
            self.tail.get(i - frozen)
        }
    }

    /// Whether it holds this event.
    pub fn contains(&self, entry: &Arc<Entry>) -> bool {
        self.iter().any(|e| e == entry)
    }

    /// The first event.
    pub fn first(&self) -> Option<&Arc<Entry>> {
        self.get(0)
    }

    /// The last event.
    pub fn last(&self) -> Option<&Arc<Entry>> {
        self.tail
            .last()
            .or_else(|| self.blocks.last().and_then(|b| b.last()))
    }

    /// Adds an event at the end.
    pub fn push(&mut self, entry: Arc<Entry>) {
        self.tail.push(entry);
        if self.tail.len() == BLOCK {
            let block: Arc<[Arc<Entry>]> = std::mem::take(&mut self.tail).into();
            Arc::make_mut(&mut self.blocks).push(block);
            self.tail.reserve(BLOCK);
        }
    }

    /// Takes the last event off.
    pub fn pop(&mut self) -> Option<Arc<Entry>> {
        let last = self.last().cloned()?;
        self.truncate(self.len() - 1);
        Some(last)
    }

    /// Keeps the first `len` events.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len() {
            return;
        }
        let whole = len / BLOCK;
        if whole < self.blocks.len() {
            let blocks = Arc::make_mut(&mut self.blocks);
            let opened = blocks[whole].clone();
            blocks.truncate(whole);
            self.tail = opened[..len % BLOCK].to_vec();
        } else {
            self.tail.truncate(len - whole * BLOCK);
        }
    }

    /// Empties it.
    pub fn clear(&mut self) {
        *self = Self::new();
    }

    /// Every event, in order.
    pub fn iter(&self) -> Iter<'_> {
        self.range(..)
    }

    /// The events in `range`, in order (clamped to those it holds).
    pub fn range(&self, range: impl RangeBounds<usize>) -> Iter<'_> {
        let len = self.len();
        let front = match range.start_bound() {
            Bound::Included(&i) => i,
            Bound::Excluded(&i) => i.saturating_add(1),
            Bound::Unbounded => 0,
        };
        let back = match range.end_bound() {
            Bound::Included(&i) => i.saturating_add(1),
            Bound::Excluded(&i) => i,
            Bound::Unbounded => len,
        };
        let back = back.min(len);
        Iter {
            journal: self,
            front: front.min(back),
            back,
        }
    }

    /// Replaces each event from `from` on with what `change` makes of it.
    pub fn change_from(&mut self, from: usize, mut change: impl FnMut(&Arc<Entry>) -> Arc<Entry>) {
        let mut i = from;
        while i < self.len() {
            let frozen = self.blocks.len() * BLOCK;
            if i < frozen {
                let at = i / BLOCK;
                let block = &self.blocks[at];
                let changed: Vec<Arc<Entry>> = block
                    .iter()
                    .enumerate()
                    .map(|(j, e)| {
                        if at * BLOCK + j >= from {
                            change(e)
                        } else {
                            Arc::clone(e)
                        }
                    })
                    .collect();
                if changed
                    .iter()
                    .zip(block.iter())
                    .any(|(a, b)| !Arc::ptr_eq(a, b))
                {
                    Arc::make_mut(&mut self.blocks)[at] = changed.into();
                }
                i = (at + 1) * BLOCK;
            } else {
                let j = i - frozen;
                self.tail[j] = change(&self.tail[j]);
                i += 1;
            }
        }
    }

    /// How many events, from the first, this journal and `other` hold in
    /// common: the very same events (shared, not merely equal), as two
    /// versions of one campaign do up to where they part.
    pub fn shared_with(&self, other: &Journal) -> usize {
        let whole = if Arc::ptr_eq(&self.blocks, &other.blocks) {
            self.blocks.len()
        } else {
            self.blocks
                .iter()
                .zip(other.blocks.iter())
                .take_while(|(a, b)| Arc::ptr_eq(a, b))
                .count()
        };
        let from = whole * BLOCK;
        from + self
            .range(from..)
            .zip(other.range(from..))
            .take_while(|(a, b)| Arc::ptr_eq(a, b))
            .count()
    }

    /// Its events as a list of their own.
    pub fn to_vec(&self) -> Vec<Arc<Entry>> {
        self.iter().cloned().collect()
    }
}

impl Index<usize> for Journal {
    type Output = Arc<Entry>;
    fn index(&self, i: usize) -> &Arc<Entry> {
        match self.get(i) {
            Some(e) => e,
            None => panic!("event {i} of a journal of {}", self.len()),
        }
    }
}

impl IndexMut<usize> for Journal {
    /// The event at `i`, to replace: a frozen block is copied first when
    /// another version shares it.
    fn index_mut(&mut self, i: usize) -> &mut Arc<Entry> {
        let len = self.len();
        let frozen = self.blocks.len() * BLOCK;
        if i < frozen {
            let block = &mut Arc::make_mut(&mut self.blocks)[i / BLOCK];
            &mut Arc::make_mut(block)[i % BLOCK]
        } else {
            match self.tail.get_mut(i - frozen) {
                Some(e) => e,
                None => panic!("event {i} of a journal of {len}"),
            }
        }
    }
}

impl PartialEq for Journal {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len()
            && (Arc::ptr_eq(&self.blocks, &other.blocks) && self.tail == other.tail
                || self.iter().eq(other.iter()))
    }
}

impl Eq for Journal {}

impl fmt::Debug for Journal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Arc<Entry>> for Journal {
    fn from_iter<I: IntoIterator<Item = Arc<Entry>>>(events: I) -> Self {
        let mut j = Self::new();
        j.extend(events);
        j
    }
}

impl Extend<Arc<Entry>> for Journal {
    fn extend<I: IntoIterator<Item = Arc<Entry>>>(&mut self, events: I) {
        for e in events {
            self.push(e);
        }
    }
}

impl From<Vec<Arc<Entry>>> for Journal {
    fn from(events: Vec<Arc<Entry>>) -> Self {
        events.into_iter().collect()
    }
}

impl<'a> IntoIterator for &'a Journal {
    type Item = &'a Arc<Entry>;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl Serialize for Journal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Journal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<Arc<Entry>>::deserialize(d).map(Self::from)
    }
}

/// The events of a journal, or of a range of it, in order.
#[derive(Clone)]
pub struct Iter<'a> {
    journal: &'a Journal,
    front: usize,
    back: usize,
}

impl<'a> Iterator for Iter<'a> {
    type Item = &'a Arc<Entry>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.front += 1;
        self.journal.get(self.front - 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
    fn nth(&mut self, n: usize) -> Option<Self::Item> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        self.journal.get(self.back)
    }
}

impl ExactSizeIterator for Iter<'_> {}
