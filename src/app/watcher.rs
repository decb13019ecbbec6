//! The watcher thread: it looks at the campaigns' journals every few
//! milliseconds and wakes the window when another machine's journal grew,
//! so that its events show at once (the disk check of the other files runs
//! every few seconds). It only looks: the frame takes the events in.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::store::Store;

/// How often the journals are looked at.
pub const WATCH_EVERY: Duration = Duration::from_millis(15);

/// What the thread and the app share.
#[derive(Default)]
struct Shared {
    /// Another machine's journal changed since the app last took it in.
    arrived: AtomicBool,
    /// The app is closing.
    stop: AtomicBool,
    /// Whom a change wakes.
    repaint: Mutex<Option<egui::Context>>,
}

/// The running watcher; it ends with the app.
pub(super) struct Watcher {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Watcher {
    /// Starts watching the journals of `store`'s campaigns. `None`: the
    /// thread could not start (the disk check still finds the changes).
    pub fn start(store: Arc<Store>) -> Option<Self> {
        let shared = Arc::new(Shared::default());
        let theirs = Arc::clone(&shared);
        // Looked at before the thread runs: a change made while it starts
        // is one it sees.
        let first = store.journals_fingerprint();
        let thread = std::thread::Builder::new()
            .name("muster-watcher".into())
            .spawn(move || watch(&store, &theirs, first))
            .map_err(|e| log::warn!("the journals' watcher did not start: {e}"))
            .ok()?;
        Some(Self {
            shared,
            thread: Some(thread),
        })
    }

    /// The window to wake when another machine's events arrive.
    pub fn set_repaint(&self, ctx: egui::Context) {
        if let Ok(mut r) = self.shared.repaint.lock() {
            *r = Some(ctx);
        }
    }

    /// Whether another machine's journal changed since the last call.
    pub fn take_arrived(&self) -> bool {
        self.shared.arrived.swap(false, Ordering::AcqRel)
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The thread: the journals' sizes and times looked at in turn, from
/// `last`; when they changed and another machine's journal is among the
/// changes, the app is told and the window woken.
fn watch(store: &Store, shared: &Shared, mut last: u64) {
    while !shared.stop.load(Ordering::Acquire) {
        std::thread::sleep(WATCH_EVERY);
        let now = store.journals_fingerprint();
        if now == last && !store.journals().take_look_again() {
            continue;
        }
        last = now;
        if store
            .journals()
            .changes()
            .iter()
            .any(|(_, _, a)| !a.machines.is_empty())
        {
            shared.arrived.store(true, Ordering::Release);
            if let Some(ctx) = shared.repaint.lock().ok().and_then(|r| r.clone()) {
                ctx.request_repaint();
            }
        }
    }
}
