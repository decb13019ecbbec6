//! This machine as the journals know it: its id (the journal it writes in
//! each campaign), the ids it gave up, and its name. One lock.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

use super::machine::MachineId;

/// This machine's id given up for a new one: another installation (a
/// copy of this one's folder, or one sharing its id file) was found
/// writing this machine's journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdentityChange {
    /// The id given up.
    pub old: MachineId,
    /// The id this machine writes as now.
    pub new: MachineId,
    /// The journal another installation wrote as the old id.
    pub found_in: PathBuf,
}

#[derive(Debug, Default)]
struct State {
    /// The id, read from the installation when first asked (tests set
    /// one to play several machines in one process).
    id: Option<MachineId>,
    /// The ids given up since the app last asked.
    given_up: Vec<IdentityChange>,
    /// The name written in the journals this machine begins.
    name: String,
}

/// This machine's identity.
#[derive(Debug, Default)]
pub struct Identity {
    state: Mutex<State>,
}

impl Identity {
    /// The state. A thread that panicked while holding it left a whole
    /// value in each field (each is set in one assignment).
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| {
            self.state.clear_poison();
            poisoned.into_inner()
        })
    }

    /// This machine's id.
    pub fn id(&self) -> MachineId {
        self.state()
            .id
            .get_or_insert_with(super::machine::this_installation)
            .clone()
    }

    /// Writes as `id` from now on.
    pub(crate) fn set_id(&self, id: MachineId) {
        self.state().id = Some(id);
    }

    /// Gives up this machine's id for a new one: another installation was
    /// found writing this machine's journal in the campaign `found_in`.
    /// The events of the old journal stay in every campaign (read as
    /// another machine's); what this machine saves next goes to the new.
    pub(crate) fn take_new(&self, found_in: PathBuf) -> MachineId {
        let new = super::machine::random();
        let mut state = self.state();
        let old = state
            .id
            .replace(new.clone())
            .unwrap_or_else(super::machine::this_installation);
        log::warn!(
            "another installation writes as machine {old} ({}): this one now writes as {new}",
            found_in.display()
        );
        state.given_up.push(IdentityChange {
            old,
            new: new.clone(),
            found_in,
        });
        new
    }

    /// The ids this machine gave up since the last call, each with the new
    /// one and the journal where another installation was found writing
    /// as it.
    pub fn take_changes(&self) -> Vec<IdentityChange> {
        std::mem::take(&mut self.state().given_up)
    }

    /// Sets this machine's name, written in the journals it begins.
    pub fn set_name(&self, name: &str) {
        name.clone_into(&mut self.state().name);
    }

    /// This machine's name, as last set.
    pub fn name(&self) -> String {
        self.state().name.clone()
    }
}
