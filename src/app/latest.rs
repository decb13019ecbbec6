//! A background thread that works on the newest request only: a request
//! made while it is busy replaces the one waiting, so quick changes never
//! pile up runs (at most the one under way and the newest), and an answer
//! to an older request is dropped. The print preview's typesetting and the
//! chronicle's telling each have one.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Condvar, Mutex};

/// What the thread waits on: the newest request only, and whether the
/// app is gone.
struct Queue<Q> {
    next: Option<(u64, Q)>,
    closed: bool,
}

/// The thread, its queue and its answers.
pub(crate) struct Latest<Q, A> {
    queue: Arc<(Mutex<Queue<Q>>, Condvar)>,
    answers: Receiver<(u64, A)>,
    last_id: u64,
}

impl<Q: Send + 'static, A: Send + 'static> Latest<Q, A> {
    /// Starts the thread `name`; `work` answers a request (given its
    /// number), `wake` is called after each answer (the window repaints
    /// only when woken).
    pub(crate) fn spawn(
        name: &str,
        work: impl Fn(u64, &Q) -> A + Send + 'static,
        wake: impl Fn() + Send + 'static,
    ) -> std::io::Result<Self> {
        let queue = Arc::new((
            Mutex::new(Queue {
                next: None,
                closed: false,
            }),
            Condvar::new(),
        ));
        let (send, answers) = mpsc::channel();
        let shared = Arc::clone(&queue);
        std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                while let Some((id, request)) = next_request(&shared) {
                    let answer = work(id, &request);
                    // The app may be gone: nobody to tell.
                    if send.send((id, answer)).is_err() {
                        return;
                    }
                    wake();
                }
            })?;
        Ok(Self {
            queue,
            answers,
            last_id: 0,
        })
    }

    /// Asks for `request`, replacing any still waiting; its number.
    pub(crate) fn ask(&mut self, request: Q) -> u64 {
        self.last_id += 1;
        let (lock, ready) = &*self.queue;
        if let Ok(mut q) = lock.lock() {
            q.next = Some((self.last_id, request));
        }
        ready.notify_one();
        self.last_id
    }

    /// The number of the request asked last.
    pub(crate) fn last_id(&self) -> u64 {
        self.last_id
    }

    /// The answer to request `id`, if it came; older answers are dropped.
    /// `Err` when the thread is gone without answering (its work panicked).
    pub(crate) fn answer(&self, id: u64) -> Result<Option<A>, ()> {
        loop {
            match self.answers.try_recv() {
                Ok((got, answer)) if got == id => return Ok(Some(answer)),
                Ok(_) => {}
                Err(TryRecvError::Empty) => return Ok(None),
                Err(TryRecvError::Disconnected) => return Err(()),
            }
        }
    }
}

/// Waits for the next request; `None` once the app is gone (or a panic
/// elsewhere poisoned the lock: the thread stops quietly).
fn next_request<Q>(shared: &(Mutex<Queue<Q>>, Condvar)) -> Option<(u64, Q)> {
    let (lock, ready) = shared;
    let mut q = lock.lock().ok()?;
    loop {
        if q.closed {
            return None;
        }
        if let Some(r) = q.next.take() {
            return Some(r);
        }
        q = ready.wait(q).ok()?;
    }
}

impl<Q, A> Drop for Latest<Q, A> {
    fn drop(&mut self) {
        let (lock, ready) = &*self.queue;
        if let Ok(mut q) = lock.lock() {
            q.closed = true;
            q.next = None;
        }
        ready.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_requests_run_only_the_one_under_way_and_the_newest() {
        use std::sync::mpsc::channel;
        use std::time::Duration;
        // The work tells when it starts and waits to be let go.
        let (started, on_start) = channel::<u64>();
        let (let_go, gate) = channel::<()>();
        let gate = Mutex::new(gate);
        let mut worker = Latest::spawn(
            "test",
            move |id, asked: &&str| {
                let _ = started.send(id);
                let _ = gate.lock().map(|g| g.recv());
                format!("{asked} {id}")
            },
            || {},
        )
        .expect("thread");
        let wait = Duration::from_secs(10);
        let first = worker.ask("a");
        assert_eq!(on_start.recv_timeout(wait), Ok(first));
        // Four more while the first is under way: each replaces the last.
        let mut newest = first;
        for asked in ["b", "c", "d", "e"] {
            newest = worker.ask(asked);
        }
        assert_eq!(worker.last_id(), newest);
        let _ = let_go.send(());
        // The first's answer is dropped; the newest runs next.
        assert_eq!(on_start.recv_timeout(wait), Ok(newest));
        let _ = let_go.send(());
        let mut answer = None;
        for _ in 0..1000 {
            answer = worker.answer(newest).expect("thread alive");
            if answer.is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(answer.as_deref(), Some("e 5"));
        // Nothing else ran.
        assert!(on_start.recv_timeout(Duration::from_millis(100)).is_err());
    }
}
