//! The journal engine's entry point: one event applied to a campaign, in
//! place, with its dice rolled or checked. `Campaign::play` is the only
//! place where a campaign's state changes; `apply` and `replay` both go
//! through it. It hands each event to the dispatcher (`rooms.rs`), which
//! hands it to the function of its room.

use rand::Rng;

use super::edit::CampaignEdit;
use super::house;
use super::rooms;
use super::{Campaign, Phase};
use crate::rules::campaign::SetupEdit;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::Outcome;
impl Campaign {
    /// Applies one event in place: the event as stored (every die filled
    /// in) and what happened; or why it is refused (the campaign may then
    /// be half changed: callers play on a copy).
    ///
    /// A dispatcher: one arm per event, each event a function in the file
    /// of the phase that allows it (`setup`, `ready`, `playing`,
    /// `debrief`). It is long only as a table is: one line per event.
    pub fn play<R: Rng + ?Sized>(
        &mut self,
        edit: CampaignEdit,
        rules: &RulesData,
        rng: &mut R,
    ) -> Result<(CampaignEdit, Outcome), Problem> {
        refuse_when_over(self, &edit)?;
        let mut out = Outcome::default();
        let rules = house::rules_in_force(self, rules)?;
        let event = rooms::dispatch(self, edit, &rules, rng, &mut out)?;
        // KT-21: the turn each fighter fell, whatever event took him out.
        if let Some(t) = self.table.as_mut() {
            t.note_fallen();
        }
        Ok((event, out))
    }
}

/// Refuses every event but notes once the campaign is over (CMP-17).
fn refuse_when_over(c: &Campaign, edit: &CampaignEdit) -> Result<(), Problem> {
    if c.phase == Phase::Over && !matches!(edit, CampaignEdit::Setup(SetupEdit::SetNotes { .. })) {
        return Err(Problem::new("CMP-17", "campaign.problem.over"));
    }
    Ok(())
}
