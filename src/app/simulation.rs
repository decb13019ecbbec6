//! The unit mode's fight to the end (CC-7, CC-13, CC-15, CC-20), simulated
//! on a thread of its own: the window never waits for the trials. A view
//! asks with `Command::Simulate`; the result comes to the model when
//! `poll_jobs` sees it, and only if the fight asked for is still the one
//! on screen (a changed situation discards a stale result).

use std::sync::mpsc::{self, Receiver, TryRecvError};

use super::App;
use crate::rules::Problem;
use crate::rules::close_combat::simulate::{FightEstimate, SimSide, fight_to_the_end};

/// A fight to the end to simulate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimRequest {
    /// The first unit.
    pub first: SimSide,
    /// The second unit.
    pub second: SimSide,
    /// Rounds at most.
    pub max_rounds: u32,
    /// Fights played.
    pub trials: u32,
}

/// The seed of the simulation: fixed, so that the same fight shows the
/// same estimate.
pub const SIM_SEED: u64 = 0x5eed;

/// The simulation asked for last, and its result once it came.
#[derive(Clone, Debug, PartialEq)]
pub struct Simulation {
    /// The fight asked for.
    pub request: SimRequest,
    /// Its result; `None` while the thread runs.
    pub result: Option<Result<FightEstimate, Problem>>,
}

/// The thread simulating the fight asked for.
pub(crate) struct SimJob {
    /// The outcome, sent once by the thread.
    done: Receiver<Result<FightEstimate, Problem>>,
}

impl App {
    /// Starts simulating `request` on a thread, unless it is the fight
    /// already simulated or being simulated. A thread still running for an
    /// older fight is left to end; its result is thrown away.
    pub(super) fn simulate(&mut self, request: SimRequest) {
        if self
            .model
            .jobs
            .simulation
            .as_ref()
            .is_some_and(|s| s.request == request)
        {
            return;
        }
        let rules = self.model.rules.clone();
        let asked = request.clone();
        let (send, done) = mpsc::channel();
        let repaint = self.workers.repaint.clone();
        let spawned = std::thread::Builder::new()
            .name("muster-simulation".to_owned())
            .spawn(move || {
                let mut rng = crate::rules::core::dice::seeded(SIM_SEED);
                let r = fight_to_the_end(
                    &rules,
                    &asked.first,
                    &asked.second,
                    asked.max_rounds,
                    u64::from(asked.trials),
                    &mut rng,
                );
                // The fight may have changed meanwhile: nobody to tell.
                let _ = send.send(r);
                if let Some(ctx) = repaint {
                    ctx.request_repaint();
                }
            });
        match spawned {
            Ok(_) => {
                self.model.jobs.simulation = Some(Simulation {
                    request,
                    result: None,
                });
                self.workers.sim_job = Some(SimJob { done });
            }
            Err(e) => {
                self.model.jobs.simulation = Some(Simulation {
                    request,
                    result: Some(Err(
                        Problem::new("CC-13", "battle.sim.no_thread").arg("reason", e.to_string())
                    )),
                });
                self.workers.sim_job = None;
            }
        }
    }

    /// Looks whether the simulation is done and puts its result in the
    /// model. True while one still runs.
    pub fn poll_simulation(&mut self) -> bool {
        let Some(job) = &self.workers.sim_job else {
            return false;
        };
        let outcome = match job.done.try_recv() {
            Ok(outcome) => outcome,
            Err(TryRecvError::Empty) => return true,
            Err(TryRecvError::Disconnected) => Err(Problem::new("CC-13", "battle.sim.crashed")),
        };
        self.workers.sim_job = None;
        if let Some(s) = &mut self.model.jobs.simulation {
            s.result = Some(outcome);
        }
        false
    }

    /// Tells the simulation thread and the writer whom to wake when done.
    pub fn set_repaint(&mut self, ctx: egui::Context) {
        if let Some(writer) = &self.writer {
            writer.set_repaint(ctx.clone());
        }
        if let Some(watcher) = &self.watcher {
            watcher.set_repaint(ctx.clone());
        }
        self.workers.repaint = Some(ctx);
    }
}
