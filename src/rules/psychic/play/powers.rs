//! Lasting powers in play (PSY-8): a power played and what it lasts,
//! ended by its psyker, cancelled, or gone with him, and the powers that
//! end with the phase.

use serde::{Deserialize, Serialize};

use crate::rules::core::problem::Problem;

// ---------------------------------------------------------------- PSY-8

/// A power in play (PSY-8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlay {
    /// The card's name.
    pub power: String,
    /// The psyker who played it.
    pub psyker: String,
    /// The psychic phase it was played in.
    pub phase: u32,
    /// A lasting power; otherwise it lasts until the next psychic phase.
    pub lasting: bool,
    /// It ends when its psyker dies (most do).
    pub ends_with_psyker: bool,
}

/// A power to play (PSY-8).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Power {
    /// The card's name.
    pub power: String,
    /// The psyker playing it.
    pub psyker: String,
    /// A lasting power (stays until cancelled or ended).
    pub lasting: bool,
    /// It ends when its psyker dies.
    pub ends_with_psyker: bool,
}

/// The powers in play at a battle (PSY-8), phase by phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Powers {
    /// The psychic phase now (the first is 1).
    pub phase: u32,
    /// Every power in play, oldest first.
    pub in_play: Vec<InPlay>,
    /// Cards ended by their psyker this phase: not to be played again
    /// before the next one.
    pub ended_this_phase: Vec<String>,
    /// Psykers who ended a power this phase, instead of playing one.
    pub ended_by_this_phase: Vec<String>,
    /// Psykers who played a power this phase.
    pub played_this_phase: Vec<String>,
}

impl Powers {
    /// A battle before its first psychic phase.
    pub fn new() -> Self {
        Self {
            phase: 1,
            ..Self::default()
        }
    }

    /// Whether the card of this name is in play.
    pub fn in_play(&self, power: &str) -> bool {
        self.in_play.iter().any(|p| p.power == power)
    }

    /// Whether `power` may be played now (PSY-8): not while its card is in
    /// play, not in the phase its psyker ended it, and not by a psyker who
    /// ended a power this phase instead of playing one.
    pub fn can_play(&self, power: &Power) -> Result<(), Problem> {
        if power.power.trim().is_empty() {
            return Err(Problem::new("PSY-8", "problem.psy_power_unnamed"));
        }
        if self.in_play(&power.power) {
            return Err(Problem::new("PSY-8", "problem.psy_in_play").arg("power", &power.power));
        }
        if self.ended_this_phase.contains(&power.power) {
            return Err(
                Problem::new("PSY-8", "problem.psy_ended_this_phase").arg("power", &power.power)
            );
        }
        if self.ended_by_this_phase.contains(&power.psyker) {
            return Err(
                Problem::new("PSY-8", "problem.psy_ended_instead").arg("psyker", &power.psyker)
            );
        }
        Ok(())
    }

    /// Plays `power` (PSY-8).
    pub fn play(&mut self, power: &Power) -> Result<(), Problem> {
        self.can_play(power)?;
        self.in_play.push(InPlay {
            power: power.power.clone(),
            psyker: power.psyker.clone(),
            phase: self.phase,
            lasting: power.lasting,
            ends_with_psyker: power.ends_with_psyker,
        });
        self.played_this_phase.push(power.psyker.clone());
        Ok(())
    }

    /// Whether the psyker may end `power` now (PSY-8): his own lasting power,
    /// in a later psychic phase than the one it was played in, instead of
    /// playing a power this phase.
    pub fn can_end(&self, power: &str, psyker: &str) -> Result<(), Problem> {
        let Some(p) = self.in_play.iter().find(|p| p.power == power) else {
            return Err(Problem::new("PSY-8", "problem.psy_not_in_play").arg("power", power));
        };
        if p.psyker != psyker {
            return Err(Problem::new("PSY-8", "problem.psy_not_his")
                .arg("power", power)
                .arg("psyker", psyker));
        }
        if p.phase == self.phase {
            return Err(Problem::new("PSY-8", "problem.psy_same_phase").arg("power", power));
        }
        if self.played_this_phase.iter().any(|x| x == psyker) {
            return Err(Problem::new("PSY-8", "problem.psy_played_instead").arg("psyker", psyker));
        }
        Ok(())
    }

    /// The psyker ends his lasting power (PSY-8): the card cannot be played
    /// again before the next psychic phase.
    pub fn end(&mut self, power: &str, psyker: &str) -> Result<(), Problem> {
        self.can_end(power, psyker)?;
        self.in_play.retain(|p| p.power != power);
        self.ended_this_phase.push(power.to_owned());
        self.ended_by_this_phase.push(psyker.to_owned());
        Ok(())
    }

    /// Another card or rule cancels a power in play (PSY-8): at any time.
    pub fn cancel(&mut self, power: &str) -> Result<(), Problem> {
        if !self.in_play(power) {
            return Err(Problem::new("PSY-8", "problem.psy_not_in_play").arg("power", power));
        }
        self.in_play.retain(|p| p.power != power);
        Ok(())
    }

    /// The psyker dies: his powers that end with him end (PSY-8). Returns
    /// the powers ended.
    pub fn psyker_died(&mut self, psyker: &str) -> Vec<String> {
        let ended: Vec<String> = self
            .in_play
            .iter()
            .filter(|p| p.psyker == psyker && p.ends_with_psyker)
            .map(|p| p.power.clone())
            .collect();
        self.in_play
            .retain(|p| !(p.psyker == psyker && p.ends_with_psyker));
        ended
    }

    /// A new psychic phase begins, after the warp cards are dealt (PSY-8):
    /// powers lasting "until the next psychic phase" end; the lasting ones
    /// stay, and their per-phase effects apply now, in the order returned.
    pub fn next_phase(&mut self) -> Vec<InPlay> {
        self.phase = self.phase.saturating_add(1);
        self.in_play.retain(|p| p.lasting);
        self.ended_this_phase.clear();
        self.ended_by_this_phase.clear();
        self.played_this_phase.clear();
        self.in_play.clone()
    }
}
