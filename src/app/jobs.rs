//! What the background threads give back: the PDF being written and the
//! last one, the simulation and the print preview.

use super::*;

/// The answers of the background jobs, as views read them.
#[derive(Default)]
pub struct Jobs {
    /// The PDF being written in the background, if one is.
    pub printing: Option<PathBuf>,
    /// The last PDF written this session.
    pub last_pdf: Option<PathBuf>,
    /// The unit mode's fight to the end asked for last, and its result
    /// once its thread is done.
    pub simulation: Option<Simulation>,
    /// The print preview's typesetting asked for last, and its answer
    /// once its thread is done.
    pub preview: Option<Preview>,
    /// The campaign's story asked for last, and the one told last.
    pub chronicle: chronicle::ChronicleJob,
}

/// The background jobs' threads, and whom they wake.
#[derive(Default)]
pub(super) struct Workers {
    /// The PDF being written in the background.
    pub(super) pdf_job: Option<printing::PdfJob>,
    /// The fight to the end being simulated.
    pub(super) sim_job: Option<simulation::SimJob>,
    /// Whom the background threads wake when they have news.
    pub(super) repaint: Option<egui::Context>,
    /// The print preview's typesetting thread, started with the first
    /// preview.
    pub(super) typesetter: Option<preview::Typesetter>,
    /// The chronicle's thread, started with the first story told.
    pub(super) teller: Option<chronicle::Teller>,
}

impl Workers {
    /// What a background thread calls when it has news: the window
    /// repaints (it repaints only when woken).
    pub(super) fn waker(&self) -> impl Fn() + Send + 'static {
        let repaint = self.repaint.clone();
        move || {
            if let Some(ctx) = &repaint {
                ctx.request_repaint();
            }
        }
    }
}
