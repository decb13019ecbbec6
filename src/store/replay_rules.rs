//! The rules a journaled campaign's events are replayed by: the built-in
//! ones until the app gives the user's, each with a hash of them (a
//! snapshot of a campaign replayed by other rules is not used). One lock.

use std::sync::{Arc, PoisonError, RwLock};

use super::lock::fnv1a64;
use crate::rules::RulesData;

/// The rules journaled campaigns are replayed by.
#[derive(Debug, Default)]
pub struct ReplayRules {
    /// The rules with their hash, kept together.
    rules: RwLock<Option<(Arc<RulesData>, u64)>>,
}

impl ReplayRules {
    /// Replays by `rules` from now on (the user's, overrides included).
    pub fn set(&self, rules: &RulesData) {
        let both = (Arc::new(rules.clone()), rules_print(rules));
        *self.rules.write().unwrap_or_else(PoisonError::into_inner) = Some(both);
    }

    /// The rules in force. `None` only when the built-in rules themselves
    /// do not read (which a test forbids).
    pub fn get(&self) -> Option<Arc<RulesData>> {
        self.both().map(|(r, _)| r)
    }

    /// A hash of the rules in force, the same from one run to the next
    /// for the same rules (0: none read).
    pub fn fingerprint(&self) -> u64 {
        self.both().map_or(0, |(_, p)| p)
    }

    /// The rules in force with their hash, read together. (A lock whose
    /// holder panicked holds a whole value: it is set in one assignment.)
    fn both(&self) -> Option<(Arc<RulesData>, u64)> {
        if let Some(r) = self
            .rules
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
        {
            return Some(r);
        }
        let built_in = Arc::new(RulesData::built_in().ok()?);
        let print = rules_print(&built_in);
        let mut r = self.rules.write().unwrap_or_else(PoisonError::into_inner);
        // Another thread may have set the user's rules meanwhile.
        Some(r.get_or_insert((built_in, print)).clone())
    }
}

/// A hash of rules data, the same from one run to the next (its debug
/// text holds every table; none of them is a hash map).
fn rules_print(rules: &RulesData) -> u64 {
    fnv1a64(format!("{rules:?}").as_bytes()).max(1)
}
