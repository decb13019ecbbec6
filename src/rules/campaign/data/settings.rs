//! A campaign's settings: their defaults and bounds, the injury table, how
//! co-op players share points and budget, two kills in a turn (CMP-9,
//! CMP-10, CMP-16, KT-21).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::CampaignData;
use super::ids::FactionId;
use crate::rules::core::problem::Problem;

/// The defaults of a new campaign's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defaults {
    /// VP that call the Grand Final (CMP-2).
    pub vp_threshold: u32,
    /// Faces of the Cran die (CMP-11).
    pub cran_die: u32,
    /// Standard or gang-war injuries (CMP-9, CMP-10).
    pub injuries: Injuries,
    /// Fate points in play (CMP-12).
    pub fate_points: bool,
    /// Extra difficulty levels (CMP-8).
    pub difficulty: u32,
    /// How co-op players share the recruitment budget (CMP-16).
    #[serde(default)]
    pub budget: Budget,
    /// The recruitment budget of the players' escorts (CMP-16); none, not
    /// checked.
    #[serde(default)]
    pub recruitment_budget: Option<u32>,
}

/// The bounds of a campaign's settings and of a mission's VP, and the
/// recruitment budget first offered (a Decision: the source gives none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Why these numbers.
    #[serde(default)]
    pub note: String,
    /// The highest VP threshold (CMP-2).
    pub vp_threshold_max: u32,
    /// The most extra difficulty levels (CMP-8).
    pub difficulty_max: u32,
    /// The most VP one mission earns (CMP-6).
    pub mission_vp_max: u32,
    /// The recruitment budget first offered when one is set (CMP-16).
    pub recruitment_budget: u32,
    /// The highest recruitment budget (CMP-16).
    pub recruitment_budget_max: u32,
}

/// Which injury table the Cran tests use (CMP-9, CMP-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Injuries {
    /// Higher: light; equal: serious; lower: dead.
    Standard,
    /// Higher or equal: light; lower: serious; a natural 1: dead.
    GangWar,
}

/// How co-op players share reinforcement points (CMP-16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolMode {
    /// Each player keeps his own.
    #[default]
    Split,
    /// One common pool; players who lost characters pick first.
    Pooled,
}

/// How co-op players share the recruitment budget (CMP-16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    /// The budget is set and split evenly among the players.
    #[default]
    Split,
    /// Each player has the whole budget; the enemy's points are multiplied
    /// by the number of players (it can unbalance scenarios).
    PerPlayer,
}

impl Budget {
    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Split => "campaign.budget.split",
            Self::PerPlayer => "campaign.budget.per_player",
        }
    }
}

/// A campaign's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// VP that call the Grand Final (CMP-2).
    pub vp_threshold: u32,
    /// Faces of the Cran die (CMP-11).
    pub cran_die: u32,
    /// The injury table (CMP-9, CMP-10).
    pub injuries: Injuries,
    /// Fate points in play (CMP-12).
    pub fate_points: bool,
    /// Extra difficulty levels (CMP-8).
    pub difficulty: u32,
    /// Reinforcements shared or split (CMP-16).
    #[serde(default)]
    pub pool: PoolMode,
    /// The recruitment budget split, or the enemy's multiplied (CMP-16).
    #[serde(default)]
    pub budget: Budget,
    /// The recruitment budget of the escorts (CMP-16): none, not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recruitment_budget: Option<u32>,
    /// The Nemesis's faction (CMP-4).
    #[serde(default)]
    pub nemesis: FactionId,
    /// The secondary factions (CMP-4).
    #[serde(default)]
    pub secondary: Vec<FactionId>,
    /// How two kills in a turn count (KT-21): the kill-team data's reading
    /// when not set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_kill: Option<DoubleKill>,
}

/// The campaign's reading of "two kills in the same turn score 3" (KT-21),
/// as the kill-team data words its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoubleKill {
    /// +1 for each turn with two kills or more.
    PerTurn,
    /// +1 for each pair of kills in a turn.
    PerPair,
}

impl Settings {
    /// The defaults of the rules data, with no factions chosen.
    pub fn defaults(data: &CampaignData) -> Self {
        let d = &data.defaults;
        Self {
            vp_threshold: d.vp_threshold,
            cran_die: d.cran_die,
            injuries: d.injuries,
            fate_points: d.fate_points,
            difficulty: d.difficulty,
            pool: PoolMode::Split,
            budget: d.budget,
            recruitment_budget: d.recruitment_budget,
            nemesis: FactionId::default(),
            secondary: Vec::new(),
            double_kill: None,
        }
    }

    /// The first setting beyond the data's limits, if any: the VP
    /// threshold (CMP-2), the difficulty (CMP-8), the recruitment budget
    /// (CMP-16).
    pub fn out_of_limits(&self, data: &CampaignData) -> Option<Problem> {
        let l = &data.limits;
        if self.vp_threshold > l.vp_threshold_max {
            return Some(
                Problem::new("CMP-2", "campaign.problem.threshold_max")
                    .arg("threshold", self.vp_threshold)
                    .arg("max", l.vp_threshold_max),
            );
        }
        if self.difficulty > l.difficulty_max {
            return Some(
                Problem::new("CMP-8", "campaign.problem.difficulty_max")
                    .arg("difficulty", self.difficulty)
                    .arg("max", l.difficulty_max),
            );
        }
        if let Some(points) = self.recruitment_budget
            && points > l.recruitment_budget_max
        {
            return Some(
                Problem::new("CMP-16", "campaign.problem.budget_max")
                    .arg("points", points)
                    .arg("max", l.recruitment_budget_max),
            );
        }
        None
    }

    /// Every setting out of range, as problems (CMP-4, CMP-11, CMP-2,
    /// CMP-8, CMP-16).
    pub fn problems(&self, data: &CampaignData) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.vp_threshold == 0 {
            out.push(Problem::new("CMP-2", "campaign.problem.threshold"));
        }
        out.extend(self.out_of_limits(data));
        if data.cran(self.cran_die).is_none() {
            out.push(Problem::new("CMP-11", "campaign.problem.cran_die").arg("die", self.cran_die));
        }
        if self.recruitment_budget == Some(0) {
            out.push(Problem::new("CMP-16", "campaign.problem.zero_budget"));
        }
        if self.nemesis.is_empty() {
            out.push(Problem::new("CMP-4", "campaign.problem.no_nemesis"));
        } else if data.faction(&self.nemesis).is_none() {
            out.push(
                Problem::new("CMP-4", "campaign.problem.unknown_faction")
                    .arg("faction", &self.nemesis),
            );
        }
        let mut seen = BTreeSet::new();
        for f in &self.secondary {
            if data.faction(f).is_none() {
                out.push(
                    Problem::new("CMP-4", "campaign.problem.unknown_faction").arg("faction", f),
                );
            } else if *f == self.nemesis || !seen.insert(f.as_str()) {
                out.push(Problem::new("CMP-4", "campaign.problem.faction_twice").arg("faction", f));
            }
        }
        if (seen.len() as u32) < data.min_secondary_factions {
            out.push(
                Problem::new("CMP-4", "campaign.problem.few_secondary")
                    .arg("count", data.min_secondary_factions),
            );
        }
        out
    }
}
