//! A unit under psychic attack: the sources of its casualties in a turn and
//! the morale test they call for (PSY-6, PSY-9), and a unit split by a
//! power, its parts' orders and their merging again (PSY-7).

use serde::{Deserialize, Serialize};

use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

// ---------------------------------------------------------------- PSY-6, PSY-9

/// Where a unit's casualties came from in a turn (PSY-6, PSY-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Shooting.
    Shooting,
    /// Close combat blows.
    CloseCombat,
    /// A psychic power, in close combat or not.
    Psychic {
        /// Used in close combat (PSY-9: still counted).
        in_close_combat: bool,
    },
}

/// A unit's turn, for its casualty morale test (PSY-6, PSY-9).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MoraleTurn {
    /// Models at the start of the turn.
    pub at_start: u32,
    /// Casualties this turn, whatever their source.
    pub casualties: u32,
    /// The casualty test was taken this turn.
    pub tested: bool,
}

/// Why a morale test is due (PSY-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleDue {
    /// No test.
    None,
    /// A quarter of the unit (the data's percent) lost this turn.
    Casualties,
    /// A power forces it, whatever was tested before.
    ForcedByPower,
}

impl MoraleTurn {
    /// A turn starting with `models`.
    pub fn new(models: u32) -> Self {
        Self {
            at_start: models,
            casualties: 0,
            tested: false,
        }
    }

    /// Records casualties from any source: shooting, close combat and
    /// psychic powers, in close combat too, all count (PSY-6, PSY-9).
    pub fn record(&mut self, source: Source, casualties: u32) {
        match source {
            Source::Shooting | Source::CloseCombat | Source::Psychic { .. } => {
                self.casualties = self.casualties.saturating_add(casualties);
            }
        }
    }

    /// Whether a casualty test is due now (PSY-6): the data's percent of the
    /// unit at the start of the turn, at most one such test a turn.
    pub fn casualty_test_due(&self, rules: &RulesData) -> bool {
        !self.tested && crate::rules::psychic::casualty_test(rules, self.at_start, self.casualties)
    }

    /// Takes the test that is due, if any; a power forcing a test forces it
    /// even when the unit already tested this turn (PSY-6).
    pub fn take(&mut self, rules: &RulesData, forced_by_power: bool) -> MoraleDue {
        if forced_by_power {
            return MoraleDue::ForcedByPower;
        }
        if self.casualty_test_due(rules) {
            self.tested = true;
            MoraleDue::Casualties
        } else {
            MoraleDue::None
        }
    }
}

// ---------------------------------------------------------------- PSY-7

/// Which part of a split unit (PSY-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// The part with the unit's leader or, without him, the first part.
    Main,
    /// The part split off.
    Other,
}

/// A unit split in two by a power (PSY-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitUnit {
    /// Models of the main part.
    pub main: u32,
    /// Models of the part split off.
    pub other: u32,
    /// The power still holds them apart.
    pub held: bool,
}

/// What a part of a split unit may do (PSY-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PartOrders {
    /// It acts as a unit of its own.
    pub acts_alone: bool,
    /// It must move to rejoin the other part as soon as possible.
    pub must_rejoin: bool,
    /// It may charge.
    pub may_charge: bool,
    /// It may pursue into close combat.
    pub may_pursue: bool,
}

impl SplitUnit {
    /// Splits `models` leaving `split_off` in the other part.
    pub fn split(models: u32, split_off: u32) -> Result<Self, Problem> {
        if split_off == 0 || split_off >= models {
            return Err(Problem::new("PSY-7", "problem.psy_split_sizes")
                .arg("models", models)
                .arg("split", split_off));
        }
        Ok(Self {
            main: models - split_off,
            other: split_off,
            held: true,
        })
    }

    /// The power lets them go.
    pub fn free(&mut self) {
        self.held = false;
    }

    /// Casualties in one part.
    pub fn lose(&mut self, part: Part, models: u32) {
        match part {
            Part::Main => self.main = self.main.saturating_sub(models),
            Part::Other => self.other = self.other.saturating_sub(models),
        }
    }

    /// The smaller part, which must rejoin once freed (PSY-7).
    // Decision: of two equal parts, the one split off rejoins the other.
    pub fn smaller(&self) -> Part {
        if self.main < self.other {
            Part::Main
        } else {
            Part::Other
        }
    }

    /// What `part` may do now (PSY-7): while held, two units; once freed,
    /// the smaller part must rejoin, with no charge and no pursuit into
    /// combat meanwhile; the larger part acts freely.
    pub fn orders(&self, part: Part) -> PartOrders {
        let rejoining = !self.held && self.smaller() == part;
        PartOrders {
            acts_alone: true,
            must_rejoin: rejoining,
            may_charge: !rejoining,
            may_pursue: !rejoining,
        }
    }

    /// The parts merge again once within formation distance after being
    /// freed (PSY-7): the models of the merged unit, or the reason it cannot.
    pub fn merge(&self, within_formation: bool) -> Result<u32, Problem> {
        if self.held {
            return Err(Problem::new("PSY-7", "problem.psy_split_held"));
        }
        if !within_formation {
            return Err(Problem::new("PSY-7", "problem.psy_split_apart"));
        }
        Ok(self.main + self.other)
    }
}
