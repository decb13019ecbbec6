//! The print preview's typesetting, on a thread of its own: typst lays the
//! sheet out as for its PDF (with the user's template, read from the data
//! folder), so that the preview breaks its pages where the PDF does and
//! warns of the characters the fonts lack. A view asks with
//! `Command::TypesetPreview`; the answer comes to the model when
//! `poll_jobs` sees it, and only if it answers the request made last.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Condvar, Mutex};

use super::App;
use crate::print::pdf::{PageMap, page_map};
use crate::print::{Paper, Sheet};
use crate::rules::Msg;

/// A sheet to typeset on a paper.
#[derive(Clone, Debug, PartialEq)]
pub struct PreviewRequest {
    /// The sheet.
    pub sheet: Sheet,
    /// The paper.
    pub paper: Paper,
}

/// The typesetting asked for last, and its answer once it came.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// What was asked.
    pub request: PreviewRequest,
    /// Where the pieces land and the characters the fonts lack, or why it
    /// could not be typeset; `None` while the thread works.
    pub result: Option<Result<PageMap, Msg>>,
}

/// A typesetting asked of the worker.
struct Request {
    /// Its number: answers to older requests are dropped.
    id: u64,
    /// The sheet and its paper.
    asked: PreviewRequest,
    /// The data folder, where a user's template may be.
    data_dir: Option<PathBuf>,
}

/// What the worker waits on: the newest request only, and whether the
/// app is gone.
#[derive(Default)]
struct Queue {
    next: Option<Request>,
    closed: bool,
}

/// An answer of the worker, with its request's number.
type Answer = (u64, Result<PageMap, Msg>);

/// The preview's typesetting thread. A request made while typst is busy
/// replaces the one waiting, so quick changes of paper or language never
/// pile up runs: at most the one under way and the newest.
pub(crate) struct Typesetter {
    queue: Arc<(Mutex<Queue>, Condvar)>,
    answers: Receiver<Answer>,
    last_id: u64,
}

impl Typesetter {
    /// Starts the thread; `work` typesets a request, `wake` is called after
    /// each answer (the window repaints only when woken).
    fn spawn(
        work: impl Fn(&Request) -> Result<PageMap, Msg> + Send + 'static,
        wake: impl Fn() + Send + 'static,
    ) -> std::io::Result<Self> {
        let queue = Arc::new((Mutex::new(Queue::default()), Condvar::new()));
        let (send, answers) = mpsc::channel();
        let shared = Arc::clone(&queue);
        std::thread::Builder::new()
            .name("muster-preview".to_owned())
            .spawn(move || {
                while let Some(request) = next_request(&shared) {
                    let answer = work(&request);
                    // The app may be gone: nobody to tell.
                    if send.send((request.id, answer)).is_err() {
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

    /// Asks for a typesetting, replacing any still waiting; its id.
    fn ask(&mut self, asked: PreviewRequest, data_dir: Option<PathBuf>) -> u64 {
        self.last_id += 1;
        let (lock, ready) = &*self.queue;
        if let Ok(mut q) = lock.lock() {
            q.next = Some(Request {
                id: self.last_id,
                asked,
                data_dir,
            });
        }
        ready.notify_one();
        self.last_id
    }

    /// The answer to request `id`, if it came; older answers are dropped.
    /// `Err` when the thread is gone without answering (typst panicked).
    fn answer(&self, id: u64) -> Result<Option<Result<PageMap, Msg>>, ()> {
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
fn next_request(shared: &(Mutex<Queue>, Condvar)) -> Option<Request> {
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

impl Drop for Typesetter {
    fn drop(&mut self) {
        let (lock, ready) = &*self.queue;
        if let Ok(mut q) = lock.lock() {
            q.closed = true;
            q.next = None;
        }
        ready.notify_one();
    }
}

/// Typesets a sheet as for its PDF, with the user's template if there is
/// one: the page of each piece, the characters the fonts lack.
fn typeset(r: &Request) -> Result<PageMap, Msg> {
    crate::store::sheet_template(r.data_dir.as_deref())
        .map_err(|e| e.msg())
        .and_then(|t| page_map(&r.asked.sheet, r.asked.paper, t.as_deref()).map_err(|e| e.msg()))
}

impl App {
    /// Asks the preview's thread to typeset `request`, starting it the
    /// first time, unless it is the request asked last.
    pub(super) fn typeset_preview(&mut self, request: PreviewRequest) {
        if self
            .model
            .jobs
            .preview
            .as_ref()
            .is_some_and(|p| p.request == request)
        {
            return;
        }
        if self.workers.typesetter.is_none() {
            let repaint = self.workers.repaint.clone();
            let wake = move || {
                if let Some(ctx) = &repaint {
                    ctx.request_repaint();
                }
            };
            match Typesetter::spawn(typeset, wake) {
                Ok(w) => self.workers.typesetter = Some(w),
                Err(e) => {
                    let why = Msg::new("print.no_thread").text("reason", e.to_string());
                    self.model.jobs.preview = Some(Preview {
                        request,
                        result: Some(Err(why)),
                    });
                    return;
                }
            }
        }
        let data_dir = self.model.folder.data_dir.clone();
        if let Some(w) = &mut self.workers.typesetter {
            w.ask(request.clone(), data_dir);
        }
        self.model.jobs.preview = Some(Preview {
            request,
            result: None,
        });
    }

    /// Takes the answer to the typesetting asked last, if it came, into
    /// the model.
    pub(super) fn poll_preview(&mut self) {
        let Some(preview) = &mut self.model.jobs.preview else {
            return;
        };
        if preview.result.is_some() {
            return;
        }
        match self
            .workers
            .typesetter
            .as_ref()
            .map(|w| w.answer(w.last_id))
        {
            Some(Ok(Some(map))) => preview.result = Some(map),
            Some(Ok(None)) => {}
            Some(Err(())) | None => preview.result = Some(Err(Msg::new("print.crashed"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_changes_typeset_only_the_run_under_way_and_the_newest() {
        use std::sync::mpsc::channel;
        use std::time::Duration;
        // The work tells when it starts and waits to be let go.
        let (started, on_start) = channel::<u64>();
        let (let_go, gate) = channel::<()>();
        let gate = Mutex::new(gate);
        let mut worker = Typesetter::spawn(
            move |r: &Request| {
                let _ = started.send(r.id);
                let _ = gate.lock().map(|g| g.recv());
                Ok(PageMap {
                    pages: r.id as usize,
                    ..PageMap::default()
                })
            },
            || {},
        )
        .expect("thread");
        let sheet = crate::print::model::Sheet {
            kind: crate::print::SheetKind::Band,
            lang: "en".to_owned(),
            title: "T".to_owned(),
            subtitle: String::new(),
            labels: crate::print::model::Labels {
                page: "Page".to_owned(),
                of: "of".to_owned(),
                footer: "Printed with Muster".to_owned(),
                appendix: "Rules".to_owned(),
            },
            sections: Vec::new(),
            appendix: Vec::new(),
            card_size: None,
        };
        let asked = |paper| PreviewRequest {
            sheet: sheet.clone(),
            paper,
        };
        let wait = Duration::from_secs(10);
        let first = worker.ask(asked(Paper::A4), None);
        assert_eq!(on_start.recv_timeout(wait), Ok(first));
        // Four more while the first is under way: each replaces the last.
        let mut newest = first;
        for paper in [Paper::Letter, Paper::A4, Paper::Letter, Paper::A4] {
            newest = worker.ask(asked(paper), None);
        }
        let _ = let_go.send(());
        // The first's answer is dropped; the newest is typeset next.
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
        assert_eq!(answer.expect("answered").map(|m| m.pages), Ok(5));
        // Nothing else was typeset.
        assert!(on_start.recv_timeout(Duration::from_millis(100)).is_err());
    }
}
