//! A journal event in words, for the players who must choose between two
//! rivals of a merge: whom it is about and what it changed ("Ilya: advance
//! point on BS" beside "Ilya: advance point on I"), and its dice. Kept as a
//! message, told in the language shown.

use super::{Campaign, CampaignEdit, Fighter};
use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;
use crate::rules::campaign::{DebriefEdit, ReinforcementEdit, TableEdit};
use crate::rules::core::msg::Msg;

impl CampaignEdit {
    /// What the event did, in words: the character or enemy it is about,
    /// then what it changed, when the event says more than its kind.
    pub fn words(&self, c: &Campaign) -> Msg {
        let who = self.character().and_then(|id| match Fighter::of(id) {
            Fighter::Enemy(e) => {
                enemy::at(c, e).map(|_| Msg::new("msg.plain").names("text", &enemy::names(c, e)))
            }
            Fighter::Named(n) => Some(named::names_told(c, n))
                .filter(|x| !x.is_empty())
                .map(|x| Msg::new("msg.plain").names("text", &x)),
            Fighter::Character(_) => queries::character(c, id).map(|x| Msg::verbatim(x.name())),
        });
        let what = self.detail().unwrap_or_else(|| Msg::new(self.label()));
        match who {
            Some(who) => Msg::new("event.words").msg("who", who).msg("what", what),
            None => what,
        }
    }

    /// What the event changed, beyond its kind; none when its kind says
    /// it all.
    fn detail(&self) -> Option<Msg> {
        let roll = |key: &'static str, r: &Option<crate::rules::core::dice::Roll>| {
            r.as_ref().map(|r| {
                Msg::new("event.did.rolled")
                    .key("event", key)
                    .text("roll", r.to_string())
            })
        };
        Some(match self {
            Self::Debrief(DebriefEdit::Advance { characteristic, .. }) => {
                Msg::new("event.did.advance").key("c", characteristic.abbr_key())
            }
            Self::Table(TableEdit::SetWounds { wounds, .. }) => {
                Msg::new("event.did.wounds").int("n", *wounds)
            }
            Self::Table(TableEdit::AddWounds { wounds, .. }) => {
                Msg::new("event.did.add_wounds").int("n", *wounds)
            }
            Self::Table(TableEdit::SetOutOfAction { out, .. })
            | Self::Debrief(DebriefEdit::ConfirmOutOfAction { out, .. }) => Msg::new(if *out {
                "event.did.out"
            } else {
                "event.did.back_in"
            }),
            Self::Debrief(DebriefEdit::SetPlaying { plays, .. }) => Msg::new(if *plays {
                "event.did.plays"
            } else {
                "event.did.at_home"
            }),
            Self::Debrief(DebriefEdit::CranTest { roll: r, .. }) => {
                roll("campaign.event.cran_test", r)?
            }
            Self::Debrief(DebriefEdit::FateReroll { roll: r, .. }) => {
                roll("campaign.event.fate", r)?
            }
            Self::Reinforcements(ReinforcementEdit::Recruit { member, cost, .. }) => {
                Msg::new("event.did.recruit")
                    .text("name", member.name())
                    .int("cost", *cost)
            }
            Self::Reinforcements(ReinforcementEdit::Spend { points, what, .. }) => {
                Msg::new("event.did.spend")
                    .int("points", *points)
                    .text("what", what)
            }
            Self::Debrief(DebriefEdit::ExchangeVp { vp, .. }) => {
                Msg::new("event.did.exchange").int("vp", *vp)
            }
            // What the players said of it: for a Survival, whether the
            // escort survived is the rules' (`mission_end::mission_outcome`).
            Self::Debrief(DebriefEdit::EndMission { result, .. }) => Msg::new(if result.success {
                "event.did.objective_met"
            } else {
                "event.did.objective_not_met"
            })
            .int("vp", result.vp),
            _ => return None,
        })
    }
}
