//! The print preview's typesetting, on a thread of its own (`latest`):
//! typst lays the sheet out as for its PDF (with the user's template, read
//! from the data folder), so that the preview breaks its pages where the
//! PDF does and warns of the characters the fonts lack. A view asks with
//! `Command::TypesetPreview`; the answer comes to the model when
//! `poll_jobs` sees it, and only if it answers the request made last.

use std::path::PathBuf;

use super::App;
use super::latest::Latest;
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

/// A typesetting asked of the thread: the sheet and its paper, and the
/// data folder, where a user's template may be.
type Request = (PreviewRequest, Option<PathBuf>);

/// The preview's typesetting thread: a request made while typst is busy
/// replaces the one waiting, so quick changes of paper or language never
/// pile up runs.
pub(crate) type Typesetter = Latest<Request, Result<PageMap, Msg>>;

/// Typesets a sheet as for its PDF, with the user's template if there is
/// one: the page of each piece, the characters the fonts lack.
fn typeset(_: u64, (asked, data_dir): &Request) -> Result<PageMap, Msg> {
    crate::store::sheet_template(data_dir.as_deref())
        .map_err(|e| e.msg())
        .and_then(|t| page_map(&asked.sheet, asked.paper, t.as_deref()).map_err(|e| e.msg()))
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
            let wake = self.workers.waker();
            match Typesetter::spawn("muster-preview", typeset, wake) {
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
            w.ask((request.clone(), data_dir));
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
            .map(|w| w.answer(w.last_id()))
        {
            Some(Ok(Some(map))) => preview.result = Some(map),
            Some(Ok(None)) => {}
            Some(Err(())) | None => preview.result = Some(Err(Msg::new("print.crashed"))),
        }
    }
}
