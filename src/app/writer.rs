//! The writer thread: documents are written, synced and renamed into place
//! here, never on the thread that draws the frames (a save of a large
//! campaign holds the disk for milliseconds, nearly all of it `fsync`).
//!
//! The app hands each changed document over with a version number; the
//! writer writes one job at a time, so the writes of one document stay in
//! order, and a newer version of a document still waiting replaces the one
//! it supersedes (only the newest is worth writing). Each job done is
//! reported back with its version, once it is durable or has failed: the app
//! says "saved" only then.
//!
//! A poisoned lock or a writer thread that is gone never panics the app: a
//! job that cannot be handed over, or whose report cannot come, is a failed
//! save ([`WriterGone`]).

use std::collections::{HashMap, VecDeque};
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::rules::{Doc, DocKey};
use crate::store::{Store, StoreError};

/// What to do with a document's file.
#[derive(Clone, Debug)]
pub(super) struct Job {
    /// The document's new state (`None`: it was deleted).
    pub doc: Option<Doc>,
    /// Write over a file another program changed (the user chose to keep
    /// Muster's version); otherwise such a file is left alone.
    pub over: bool,
}

/// The end of one job.
#[derive(Debug)]
pub(super) struct Outcome {
    /// The document.
    pub key: DocKey,
    /// The version handed over (newer ones may be waiting).
    pub version: u64,
    /// Whether it was written over another program's change.
    pub over: bool,
    /// Durable on disk, or why not.
    pub result: Result<(), StoreError>,
}

/// The writer thread is gone, or its lock poisoned: nothing can be saved
/// through it any more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct WriterGone;

/// The jobs waiting, and the one being written.
#[derive(Default)]
struct Queue {
    /// The documents in the order they were handed over.
    order: VecDeque<DocKey>,
    /// The newest waiting job of each document in `order`, with its version.
    waiting: HashMap<DocKey, (u64, Job)>,
    /// The document being written now.
    busy: Option<DocKey>,
    /// The app is closing: the writer ends once the queue is empty.
    closing: bool,
}

impl Queue {
    fn idle(&self) -> bool {
        self.order.is_empty() && self.busy.is_none()
    }
}

/// What the app and the thread share.
struct Shared {
    queue: Mutex<Queue>,
    /// Wakes the thread: a job, or closing.
    work: Condvar,
    /// Wakes whoever waits for the queue to empty.
    idle: Condvar,
    /// Whom a finished job wakes (the window, to show "saved" at once).
    repaint: Mutex<Option<egui::Context>>,
}

impl Shared {
    fn lock(&self) -> Result<MutexGuard<'_, Queue>, WriterGone> {
        self.queue.lock().map_err(|_| WriterGone)
    }
}

/// The app's end of the writer thread.
pub(super) struct Writer {
    shared: Arc<Shared>,
    outcomes: Receiver<Outcome>,
    thread: Option<JoinHandle<()>>,
    next_version: u64,
}

/// How long a wait for the writer looks again whether it is still alive
/// (a thread gone notifies nobody).
const ALIVE_CHECK: Duration = Duration::from_millis(50);

/// How long the saves pause before the writer brings the campaigns'
/// snapshots up to date.
const SNAPSHOTS_AFTER: Duration = Duration::from_millis(1500);

/// How soon the window is woken after a write ends.
const REPAINT_AFTER_WRITE: Duration = Duration::from_millis(4);

impl Writer {
    /// Starts the writer thread for `store`.
    pub fn spawn(store: Arc<Store>) -> Result<Self, std::io::Error> {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            work: Condvar::new(),
            idle: Condvar::new(),
            repaint: Mutex::new(None),
        });
        let (send, outcomes) = mpsc::channel();
        let thread = {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name("muster-writer".to_owned())
                .spawn(move || run(&store, &shared, &send))?
        };
        Ok(Self {
            shared,
            outcomes,
            thread: Some(thread),
            next_version: 0,
        })
    }

    /// Sets whom a finished job wakes.
    pub fn set_repaint(&self, ctx: egui::Context) {
        if let Ok(mut repaint) = self.shared.repaint.lock() {
            *repaint = Some(ctx);
        }
    }

    /// Hands a job over; its version, which its outcome will carry. A job of
    /// the same document still waiting is replaced (an "over" job stays
    /// one: the user's choice to keep Muster's version holds for the newer
    /// version too).
    pub fn submit(&mut self, key: DocKey, mut job: Job) -> Result<u64, WriterGone> {
        if !self.alive() {
            return Err(WriterGone);
        }
        self.next_version += 1;
        let version = self.next_version;
        let mut queue = self.shared.lock()?;
        if let Some((_, old)) = queue.waiting.remove(&key) {
            job.over |= old.over;
        } else {
            queue.order.push_back(key.clone());
        }
        queue.waiting.insert(key, (version, job));
        drop(queue);
        self.shared.work.notify_one();
        Ok(version)
    }

    /// The outcomes reported since the last call, oldest first; `Err` once
    /// the thread is gone (the jobs not reported never will be).
    pub fn outcomes(&self) -> Result<Vec<Outcome>, WriterGone> {
        let mut done = Vec::new();
        loop {
            match self.outcomes.try_recv() {
                Ok(outcome) => done.push(outcome),
                // Every outcome sent was taken above: the rest are lost
                // (said at the next look).
                Err(TryRecvError::Disconnected) if done.is_empty() => return Err(WriterGone),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return Ok(done),
            }
        }
    }

    /// Waits until every job handed over is done (or the thread is gone).
    pub fn wait_idle(&self) -> Result<(), WriterGone> {
        self.wait_idle_within(None).map(|_| ())
    }

    /// Waits until every job handed over is done, at most `limit` (`None`:
    /// as long as it takes); whether it is.
    pub fn wait_idle_within(&self, limit: Option<Duration>) -> Result<bool, WriterGone> {
        let start = Instant::now();
        let mut queue = self.shared.lock()?;
        while !queue.idle() {
            if !self.alive() {
                return Err(WriterGone);
            }
            let mut wait = ALIVE_CHECK;
            if let Some(limit) = limit {
                let left = limit.saturating_sub(start.elapsed());
                if left.is_zero() {
                    return Ok(false);
                }
                wait = wait.min(left);
            }
            queue = self
                .shared
                .idle
                .wait_timeout(queue, wait)
                .map_err(|_| WriterGone)?
                .0;
        }
        Ok(true)
    }

    /// Whether the thread still runs.
    fn alive(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }
}

impl Drop for Writer {
    /// Finishes the jobs handed over, then ends the thread: quitting never
    /// drops a save that was under way.
    fn drop(&mut self) {
        if let Ok(mut queue) = self.shared.queue.lock() {
            queue.closing = true;
        }
        self.shared.work.notify_all();
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            log::error!("the writer thread ended in a panic");
        }
    }
}

/// The thread: one job at a time, in the order handed over.
fn run(store: &Store, shared: &Shared, send: &Sender<Outcome>) {
    let mut saved_since_snapshots = false;
    loop {
        let Ok(mut queue) = shared.lock() else {
            return;
        };
        let (key, version, job) = loop {
            if let Some(key) = queue.order.pop_front() {
                if let Some((version, job)) = queue.waiting.remove(&key) {
                    break (key, version, job);
                }
                continue;
            }
            if queue.closing {
                // Every save done. Closing never waits for a replay: the
                // snapshots were kept as the saves paused.
                return;
            }
            if !saved_since_snapshots {
                queue = match shared.work.wait(queue) {
                    Ok(queue) => queue,
                    Err(_) => return,
                };
                continue;
            }
            let Ok((again, waited)) = shared.work.wait_timeout(queue, SNAPSHOTS_AFTER) else {
                return;
            };
            queue = again;
            if waited.timed_out() && queue.order.is_empty() && !queue.closing {
                // The saves paused: the next opening of a journaled
                // campaign reads its snapshot rather than replaying it.
                drop(queue);
                store.keep_snapshots();
                saved_since_snapshots = false;
                queue = match shared.lock() {
                    Ok(queue) => queue,
                    Err(_) => return,
                };
            }
        };
        queue.busy = Some(key.clone());
        drop(queue);
        saved_since_snapshots = true;

        // A panic in the store (a bug) fails this save, not every later one.
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| write(store, &key, &job)))
            .unwrap_or_else(|_| {
                Err(StoreError::Disk {
                    action: "io.write",
                    reason: crate::store::DiskError::WriterFailed,
                    path: store.listing().path(&key),
                })
            });
        // Reported before the queue says idle: whoever waited for it finds
        // the outcome there.
        let reported = send.send(Outcome {
            key,
            version,
            over: job.over,
            result,
        });
        let Ok(mut queue) = shared.lock() else {
            return;
        };
        queue.busy = None;
        if queue.idle() {
            shared.idle.notify_all();
        }
        drop(queue);
        if let Ok(repaint) = shared.repaint.lock()
            && let Some(ctx) = repaint.as_ref()
        {
            // Within a few milliseconds rather than at once: the status
            // needs no sooner, a burst of writes wakes the window once, and
            // harnesses that run a window until it is still do not count a
            // write's end as a change of their frames.
            ctx.request_repaint_after(REPAINT_AFTER_WRITE);
        }
        if reported.is_err() {
            // Nobody listens any more: the app is gone.
            return;
        }
    }
}

/// One job, durable when it returns `Ok`.
fn write(store: &Store, key: &DocKey, job: &Job) -> Result<(), StoreError> {
    match (&job.doc, job.over) {
        (Some(doc), false) => store.save(doc).map(|_| ()),
        (Some(doc), true) => store.save_over(doc).map(|_| ()),
        (None, false) => store.delete(key),
        (None, true) => store.delete_over(key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Doc, Roster};

    fn roster(id: &str, notes: &str) -> Doc {
        let mut r = Roster::new(id, id);
        r.notes = notes.to_owned();
        Doc::new(r)
    }

    fn save(doc: &Doc) -> Job {
        Job {
            doc: Some(doc.clone()),
            over: false,
        }
    }

    #[test]
    fn a_newer_version_replaces_the_one_waiting_and_each_is_reported_once() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Arc::new(Store::open(dir.path()).expect("store"));
        let mut writer = Writer::spawn(Arc::clone(&store)).expect("writer");
        let key = DocKey::new(crate::rules::DocKind::Roster, "a");
        let mut versions = Vec::new();
        for i in 0..50 {
            versions.push(
                writer
                    .submit(key.clone(), save(&roster("a", &i.to_string())))
                    .expect("handed over"),
            );
        }
        writer.wait_idle().expect("idle");
        let outcomes = writer.outcomes().expect("outcomes");
        assert!(!outcomes.is_empty() && outcomes.len() <= 50);
        // In order, the last one written last.
        assert!(outcomes.windows(2).all(|w| w[0].version < w[1].version));
        assert_eq!(outcomes.last().map(|o| o.version), versions.last().copied());
        assert!(outcomes.iter().all(|o| o.result.is_ok()));
        let on_disk = store.load_library();
        let r = on_disk.of::<Roster>().next().expect("a roster");
        assert_eq!(r.notes, "49");
    }

    #[test]
    fn jobs_handed_over_are_written_before_the_writer_ends() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Arc::new(Store::open(dir.path()).expect("store"));
        let mut writer = Writer::spawn(Arc::clone(&store)).expect("writer");
        for id in ["a", "b", "c"] {
            writer
                .submit(
                    DocKey::new(crate::rules::DocKind::Roster, id),
                    save(&roster(id, "x")),
                )
                .expect("handed over");
        }
        drop(writer);
        assert_eq!(store.load_library().docs.len(), 3);
    }

    #[test]
    fn a_writer_gone_or_poisoned_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Arc::new(Store::open(dir.path()).expect("store"));
        let mut writer = Writer::spawn(Arc::clone(&store)).expect("writer");
        // Poison the queue's lock: a thread panics holding it.
        let shared = Arc::clone(&writer.shared);
        let _ = std::thread::spawn(move || {
            let _queue = shared.queue.lock();
            panic!("poisoning the lock on purpose");
        })
        .join();
        let key = DocKey::new(crate::rules::DocKind::Roster, "a");
        assert_eq!(
            writer.submit(key.clone(), save(&roster("a", "x"))),
            Err(WriterGone)
        );
        assert_eq!(writer.wait_idle(), Err(WriterGone));
        // The thread ends on the poisoned lock: from then on it is gone.
        writer.shared.work.notify_all();
        let start = std::time::Instant::now();
        while writer.alive() && start.elapsed() < Duration::from_secs(10) {
            writer.shared.work.notify_all();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(!writer.alive());
        assert!(writer.outcomes().is_err());
        assert_eq!(writer.submit(key, save(&roster("a", "y"))), Err(WriterGone));
        drop(writer);
    }
}
