//! The campaign's story told on a thread of its own (`latest`): a long
//! campaign's journal is played again from its start to tell it, which
//! takes longer than a frame (a tenth of a second for 200 missions). The
//! Chronicle tab asks with `Command::TellChronicle` when the journal has
//! grown since the story it shows; the answer comes to the model when
//! `poll_jobs` sees it, and the story told before stays on screen
//! meanwhile.

use std::sync::Arc;

use super::App;
use super::latest::Latest;
use crate::rules::campaign::chronicle::{MissionStory, chronicle};
use crate::rules::campaign::house;
use crate::rules::core::problem::Problem;
use crate::rules::{Campaign, Doc, DocKey, RulesData};

/// A campaign's story as its journal told it after so many entries.
#[derive(Clone, Debug)]
pub struct Told {
    /// The campaign's id.
    pub id: String,
    /// How many journal entries it was told from.
    pub entries: usize,
    /// The story, or why it cannot be told.
    pub story: Result<Arc<Vec<MissionStory>>, Untold>,
}

/// Why a story cannot be told.
#[derive(Clone, Debug)]
pub enum Untold {
    /// The journal's entry at this place no longer plays, for this reason.
    Unplayable(usize, Problem),
    /// The telling stopped short (a fault of Muster's).
    Crashed,
}

impl Told {
    /// Whether it tells campaign `c` as it stands.
    pub fn tells(&self, c: &Campaign) -> bool {
        self.id == c.id && self.entries == c.journal.len()
    }
}

/// The story asked for last, and the one told last.
#[derive(Clone, Debug, Default)]
pub struct ChronicleJob {
    /// The campaign and journal length asked for last.
    pub asked: Option<(String, usize)>,
    /// The story told last: shown until the newer one comes.
    pub told: Option<Told>,
}

/// A campaign to tell, and the rules it is played under.
type Request = (Arc<Campaign>, Arc<RulesData>);

/// The chronicle's thread.
pub(crate) type Teller = Latest<Request, Told>;

fn tell(_: u64, (c, rules): &Request) -> Told {
    Told {
        id: c.id.clone(),
        entries: c.journal.len(),
        story: chronicle(c, rules)
            .map(Arc::new)
            .map_err(|(i, p)| Untold::Unplayable(i, p)),
    }
}

impl App {
    /// Asks the chronicle's thread to tell campaign `id` as it stands,
    /// starting it the first time, unless that is what was asked last.
    pub(super) fn tell_chronicle(&mut self, id: &str) {
        let key = DocKey::of::<Campaign>(id);
        let Some(Doc::Campaign(c)) = self.model.doc(&key) else {
            return;
        };
        let asked = (c.id.clone(), c.journal.len());
        if self.model.jobs.chronicle.asked.as_ref() == Some(&asked) {
            return;
        }
        let c = Arc::clone(c);
        // The rules it is played under, owned by the thread.
        let rules = match house::rules_in_force(&c, &self.model.rules) {
            Ok(crate::rules::campaign::InForce::Recorded(r)) => r,
            _ => Arc::new(self.model.rules.clone()),
        };
        if self.workers.teller.is_none() {
            let wake = self.workers.waker();
            match Teller::spawn("muster-chronicle", tell, wake) {
                Ok(w) => self.workers.teller = Some(w),
                // No thread: told here, at once.
                Err(_) => {
                    self.model.jobs.chronicle = ChronicleJob {
                        told: Some(tell(0, &(c, rules))),
                        asked: Some(asked),
                    };
                    return;
                }
            }
        }
        if let Some(w) = &mut self.workers.teller {
            w.ask((c, rules));
        }
        self.model.jobs.chronicle.asked = Some(asked);
    }

    /// Takes the story asked for last, if it came, into the model.
    pub(super) fn poll_chronicle(&mut self) {
        let Some(w) = &self.workers.teller else {
            return;
        };
        match w.answer(w.last_id()) {
            Ok(Some(told)) => self.model.jobs.chronicle.told = Some(told),
            Ok(None) => {}
            // The thread is gone (its telling panicked): said, and not
            // asked again for this journal.
            Err(()) => {
                self.workers.teller = None;
                if let Some((id, entries)) = self.model.jobs.chronicle.asked.clone() {
                    self.model.jobs.chronicle.told = Some(Told {
                        id,
                        entries,
                        story: Err(Untold::Crashed),
                    });
                }
            }
        }
    }
}
