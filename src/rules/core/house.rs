//! House rules as values: what a group changes of the built-in rules
//! data, each change a value at a place (`killteam.json/turn/initiative_die`:
//! the file, then a JSON pointer into it). What they make of the data is
//! `rules::house_rules`'s.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One value changed: where, and what it is now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleChange {
    /// The data file, then a JSON pointer into it:
    /// `campaign.json/battle_vp/offered_as_mission_vp`.
    pub place: String,
    /// The value the group plays with.
    pub value: Value,
}

/// A group's changes to the built-in rules data, one per place, in the
/// order of their places.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HouseRules(Vec<RuleChange>);

impl HouseRules {
    /// The house rules of these changes: one per place (the last given
    /// wins), ordered by place.
    pub fn of(changes: impl IntoIterator<Item = RuleChange>) -> Self {
        let mut out = Self::default();
        for c in changes {
            out = out.with(&c.place, Some(c.value));
        }
        out
    }

    /// No change: the built-in rules.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many values differ from the built-in.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Every change, ordered by place.
    pub fn iter(&self) -> impl Iterator<Item = &RuleChange> {
        self.0.iter()
    }

    /// The group's value at `place`, if the group changed it.
    pub fn get(&self, place: &str) -> Option<&Value> {
        self.0.iter().find(|c| c.place == place).map(|c| &c.value)
    }

    /// These house rules with `place` set to `value`, or without a change
    /// at `place` with `None`; ordered by place.
    #[must_use]
    pub fn with(&self, place: &str, value: Option<Value>) -> Self {
        let mut changes: Vec<RuleChange> = self
            .0
            .iter()
            .filter(|c| c.place != place)
            .cloned()
            .collect();
        if let Some(value) = value {
            changes.push(RuleChange {
                place: place.to_owned(),
                value,
            });
        }
        changes.sort_by(|a, b| a.place.cmp(&b.place));
        Self(changes)
    }
}
