//! The undo history kept beside the preferences, so that Edit › Undo
//! survives a restart or a crash: a thread of its own writes it once the
//! edits pause (each document state serialised once, the older ones as
//! what differs from a newer one), and the documents folder's history is
//! read back, in the background, when the folder opens. What is undone
//! must be what is on disk now: a change to a roster or a kill team that
//! was changed outside Muster since is left out; a campaign's own events
//! are taken back over what other machines added, as always.

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::*;
use crate::store::kept_history::{
    KeptChange, KeptDoc, KeptHistory, KeptState, Patch, diff, read_kept_history, write_kept_history,
};

/// How long the edits pause before the history is written.
const PAUSE: Duration = Duration::from_millis(800);

/// What the keeper's thread is told.
enum Order {
    /// The history as it is now, to write at `path` once the edits pause.
    Keep(PathBuf, Vec<Change>, Vec<Change>),
    /// Write what waits now, and say when it is written.
    Flush(mpsc::Sender<()>),
}

/// The history read back, in the order of its stacks.
pub(super) struct Restored {
    undo: Vec<Change>,
    redo: Vec<Change>,
}

/// The keeper of one documents folder's undo history.
pub(super) struct Keeper {
    /// Where its history is kept.
    path: PathBuf,
    orders: Option<mpsc::Sender<Order>>,
    thread: Option<JoinHandle<()>>,
    /// The history read back, while it is being read.
    restoring: Option<mpsc::Receiver<Restored>>,
    /// The history as last sent: its stacks' lengths and their last changes.
    sent: Option<(usize, usize, Option<Change>, Option<Change>)>,
}

impl Keeper {
    /// The keeper of the history kept at `path`, reading it back at once.
    pub(super) fn start(path: PathBuf) -> Option<Self> {
        let (orders, inbox) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("muster-history".into())
            .spawn(move || keep(&inbox))
            .ok()?;
        let (tx, restoring) = mpsc::channel();
        let from = path.clone();
        let reader = std::thread::Builder::new()
            .name("muster-history-read".into())
            .spawn(move || {
                let _ = tx.send(restore(&from));
            });
        Some(Self {
            path,
            orders: Some(orders),
            thread: Some(thread),
            restoring: reader.is_ok().then_some(restoring),
            sent: None,
        })
    }

    /// Sends the history to be written, if it changed since last sent.
    pub(super) fn keep(&mut self, history: &History) {
        // Looked at every frame: compared in place, copied only when the
        // history changed.
        let (undo, redo) = (history.undo.last(), history.redo.last());
        let same = self.sent.as_ref().is_some_and(|was| {
            was.0 == history.undo.len()
                && was.1 == history.redo.len()
                && same(was.2.as_ref(), undo)
                && same(was.3.as_ref(), redo)
        });
        if same || self.restoring.is_some() {
            return;
        }
        if let Some(orders) = &self.orders {
            let order = Order::Keep(
                self.path.clone(),
                history.undo.clone(),
                history.redo.clone(),
            );
            let _ = orders.send(order);
        }
        self.sent = Some((
            history.undo.len(),
            history.redo.len(),
            undo.cloned(),
            redo.cloned(),
        ));
    }

    /// Writes what waits now and returns once it is written.
    pub(super) fn flush(&self) {
        let (done, written) = mpsc::channel();
        if let Some(orders) = &self.orders
            && orders.send(Order::Flush(done)).is_ok()
        {
            let _ = written.recv();
        }
    }

    /// The history read back, once it is; `None` while it is being read,
    /// and after.
    pub(super) fn restored(&mut self) -> Option<Restored> {
        let got = match self.restoring.as_ref()?.try_recv() {
            Ok(r) => Some(r),
            Err(mpsc::TryRecvError::Empty) => return None,
            Err(mpsc::TryRecvError::Disconnected) => None,
        };
        self.restoring = None;
        got
    }

    /// Waits for the history being read back (tests, and a start that
    /// must know it).
    pub(super) fn wait_restored(&mut self) -> Option<Restored> {
        let got = self.restoring.as_ref()?.recv().ok();
        self.restoring = None;
        got
    }
}

impl Drop for Keeper {
    /// What waits is written before Muster quits.
    fn drop(&mut self) {
        self.orders = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Whether two changes are the very same (the same document versions).
fn same(a: Option<&Change>, b: Option<&Change>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.label == b.label
                && a.docs.len() == b.docs.len()
                && a.docs
                    .iter()
                    .zip(&b.docs)
                    .all(|(x, y)| x.0 == y.0 && same_state(&x.1, &y.1) && same_state(&x.2, &y.2))
        }
        _ => false,
    }
}

fn same_state(a: &Option<Doc>, b: &Option<Doc>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => a.same_version(b),
        _ => false,
    }
}

/// The keeper's thread: the latest history waits until the orders pause,
/// then is written; what waits is written when Muster quits.
fn keep(inbox: &mpsc::Receiver<Order>) {
    let mut states = States::default();
    let mut waiting: Option<(PathBuf, Vec<Change>, Vec<Change>)> = None;
    let mut write = |waiting: &mut Option<(PathBuf, Vec<Change>, Vec<Change>)>| {
        if let Some((path, undo, redo)) = waiting.take() {
            let kept = states.kept(&undo, &redo);
            if let Err(e) = write_kept_history(&path, &kept) {
                log::warn!("the undo history could not be kept: {e:?}");
            }
        }
    };
    loop {
        match inbox.recv_timeout(PAUSE) {
            Ok(Order::Keep(path, undo, redo)) => waiting = Some((path, undo, redo)),
            Ok(Order::Flush(done)) => {
                write(&mut waiting);
                let _ = done.send(());
            }
            Err(mpsc::RecvTimeoutError::Timeout) => write(&mut waiting),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                write(&mut waiting);
                return;
            }
        }
    }
}

/// One document state the keeper serialised: the newest of its document
/// whole, every older one as what differs from a newer one, so that
/// dropping the oldest changes never leaves a state without its base.
struct Kept {
    doc: Doc,
    key: DocKey,
    id: u64,
    state: Serialised,
}

enum Serialised {
    Whole(serde_json::Value),
    From(u64, Patch),
}

/// Every state serialised so far, oldest first.
#[derive(Default)]
struct States {
    kept: Vec<Kept>,
    next: u64,
}

impl States {
    /// The id of `doc`'s state, serialised now if it was not.
    fn id_of(&mut self, doc: &Doc, kinds: &Kinds) -> Option<u64> {
        if let Some(k) = self.kept.iter().find(|k| k.doc.same_version(doc)) {
            return Some(k.id);
        }
        let value = kinds.to_value(doc)?;
        let id = self.next;
        self.next += 1;
        let key = doc.key();
        // The newest state of the document so far becomes what differs
        // from this one.
        if let Some(head) = self
            .kept
            .iter_mut()
            .rev()
            .find(|k| k.key == key && matches!(k.state, Serialised::Whole(_)))
            && let Serialised::Whole(old) = &head.state
        {
            let patch = diff(&value, old).unwrap_or(Patch::Fields(Default::default()));
            head.state = Serialised::From(id, patch);
        }
        self.kept.push(Kept {
            doc: doc.clone(),
            key,
            id,
            state: Serialised::Whole(value),
        });
        Some(id)
    }

    /// The history as kept on disk; the states no change names any more
    /// (nor any kept state is made from) are forgotten.
    fn kept(&mut self, undo: &[Change], redo: &[Change]) -> KeptHistory {
        let kinds = Kinds::default();
        let mut named = Vec::new();
        let mut changes = |list: &[Change], states: &mut Self| -> Vec<KeptChange> {
            list.iter()
                .map(|c| KeptChange {
                    label: c.label.to_owned(),
                    subject: c.subject.clone(),
                    docs: c
                        .docs
                        .iter()
                        .map(|(key, before, after)| {
                            let mut id = |d: &Option<Doc>| {
                                let id = d.as_ref().and_then(|d| states.id_of(d, &kinds));
                                named.extend(id);
                                id
                            };
                            let (before, after) = (id(before), id(after));
                            KeptDoc {
                                kind: key.kind,
                                id: key.id.clone(),
                                before: before.map(|i| i as usize),
                                after: after.map(|i| i as usize),
                            }
                        })
                        .collect(),
                })
                .collect()
        };
        let mut undo = changes(undo, self);
        let mut redo = changes(redo, self);
        self.forget_all_but(&named);
        // Newest first: a state is written after the one it is made from.
        let order: Vec<u64> = self.kept.iter().rev().map(|k| k.id).collect();
        let place = |id: u64| order.iter().position(|&i| i == id);
        let states = order
            .iter()
            .filter_map(|id| self.kept.iter().find(|k| k.id == *id))
            .map(|k| match &k.state {
                Serialised::Whole(v) => KeptState::Whole(v.clone()),
                Serialised::From(base, p) => KeptState::From(place(*base).unwrap_or(0), p.clone()),
            })
            .collect();
        for c in undo.iter_mut().chain(redo.iter_mut()) {
            for d in &mut c.docs {
                d.before = d.before.and_then(|i| place(i as u64));
                d.after = d.after.and_then(|i| place(i as u64));
            }
        }
        KeptHistory {
            states,
            undo,
            redo,
            ..KeptHistory::new()
        }
    }

    /// Keeps the states named and those they are made from.
    fn forget_all_but(&mut self, named: &[u64]) {
        let mut keep: std::collections::BTreeSet<u64> = named.iter().copied().collect();
        loop {
            let bases: Vec<u64> = self
                .kept
                .iter()
                .filter(|k| keep.contains(&k.id))
                .filter_map(|k| match k.state {
                    Serialised::From(base, _) => Some(base),
                    Serialised::Whole(_) => None,
                })
                .filter(|b| !keep.contains(b))
                .collect();
            if bases.is_empty() {
                break;
            }
            keep.extend(bases);
        }
        self.kept.retain(|k| keep.contains(&k.id));
    }
}

/// The history kept at `path`, read back: each state made whole and read
/// as its kind reads a file, each change's label as this Muster names it.
fn restore(path: &Path) -> Restored {
    let Some(kept) = read_kept_history(path) else {
        return Restored {
            undo: Vec::new(),
            redo: Vec::new(),
        };
    };
    let kinds = Kinds::default();
    let wholes = kept.whole_states();
    let mut docs: Vec<Option<Option<Doc>>> = vec![None; wholes.len()];
    let mut doc_at = |i: usize, id: &str| -> Option<Doc> {
        if let Some(Some(d)) = docs.get(i) {
            return d.clone();
        }
        let text = serde_json::to_string(wholes.get(i)?.as_ref()?).ok()?;
        let d = kinds.parse(&text, id).ok();
        if let Some(slot) = docs.get_mut(i) {
            *slot = Some(d.clone());
        }
        d
    };
    let mut changes = |list: &[KeptChange]| -> Vec<Change> {
        list.iter()
            .filter_map(|c| {
                let docs = c
                    .docs
                    .iter()
                    .map(|d| {
                        let key = d.key();
                        let mut state = |i: Option<usize>| match i {
                            None => Some(None),
                            Some(i) => doc_at(i, &d.id).map(Some),
                        };
                        Some((key, state(d.before)?, state(d.after)?))
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some(Change {
                    label: label_of(&c.label),
                    docs,
                    subject: c.subject.clone(),
                })
            })
            .collect()
    };
    let undo = changes(&kept.undo);
    let redo = changes(&kept.redo);
    Restored { undo, redo }
}

/// The message key `label` as this Muster has it; a label it does not know
/// (another version's) reads "an earlier change".
fn label_of(label: &str) -> &'static str {
    Lang::En
        .catalogue()
        .get_key_value(label)
        .map_or("history.earlier_change", |(k, _)| k.as_str())
}

impl App {
    /// The undo history kept for the documents folder open, read back in
    /// the background (a writable folder only: two Musters on one folder
    /// keep one history, the one that writes it).
    pub(super) fn start_keeping_history(&mut self) {
        self.keeper = None;
        let (Some(dir), Some(store)) = (self.desktop.history_dir(), &self.store) else {
            return;
        };
        if store.read_only() {
            return;
        }
        let path = crate::store::kept_history::kept_history_path(&dir, store.dir());
        self.keeper = Keeper::start(path);
    }

    /// Sends the undo history to be kept, if it changed; takes in the one
    /// read back, once it is.
    pub(super) fn keep_history(&mut self) {
        if let Some(restored) = self.keeper.as_mut().and_then(Keeper::restored) {
            self.take_restored(restored);
        }
        if let Some(keeper) = &mut self.keeper {
            keeper.keep(&self.model.history);
        }
    }

    /// Waits for the history being read back and takes it in, then writes
    /// the history as it is now (tests; a restart's first look).
    pub fn settle_kept_history(&mut self) {
        if let Some(restored) = self.keeper.as_mut().and_then(Keeper::wait_restored) {
            self.take_restored(restored);
        }
        if let Some(keeper) = &mut self.keeper {
            keeper.keep(&self.model.history);
            keeper.flush();
        }
    }

    /// The history read back goes under what was done since the start;
    /// a change to a roster or kill team that differs on disk now from
    /// what the history left it is left out, with every change of that
    /// document.
    fn take_restored(&mut self, restored: Restored) {
        let Restored { undo, redo } = restored;
        // The state the history leaves each document in: the newest
        // undo change's after (or the newest redo's before).
        let mut now: BTreeMap<DocKey, Option<Doc>> = BTreeMap::new();
        for c in &undo {
            for (key, _, after) in &c.docs {
                now.insert(key.clone(), after.clone());
            }
        }
        for c in redo.iter().rev() {
            for (key, before, _) in &c.docs {
                now.entry(key.clone()).or_insert_with(|| before.clone());
            }
        }
        let stale: BTreeSet<DocKey> = now
            .iter()
            .filter(|(key, state)| {
                key.kind != crate::rules::DocKind::Campaign && self.model.doc(key) != state.as_ref()
            })
            .map(|(key, _)| key.clone())
            .collect();
        let fits = |c: &Change| c.docs.iter().all(|(k, _, _)| !stale.contains(k));
        let mut undo: Vec<Change> = undo.into_iter().filter(fits).collect();
        let history = &mut self.model.history;
        let done_since = !history.undo.is_empty() || !history.redo.is_empty();
        undo.append(&mut history.undo);
        let extra = undo.len().saturating_sub(HISTORY_LIMIT);
        undo.drain(..extra);
        history.undo = undo;
        if !done_since {
            history.redo = redo.into_iter().filter(fits).collect();
        }
    }
}
