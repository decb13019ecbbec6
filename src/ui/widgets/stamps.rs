//! A campaign event's stamp as a player reads it: when it was made, and
//! who made it, on which machine.

use crate::i18n::Lang;
use crate::rules::campaign::{Stamp, StampTime};

/// When a campaign event was made, as a player reads it: `2026-11-25
/// 17:36 UTC` from the stamp's `2026-11-25T17:36:36Z`, with `seconds`
/// `17:36:36` (a time written otherwise, as it is written).
pub fn stamp_time(at: &StampTime, seconds: bool) -> String {
    match at.utc_fields() {
        Some([y, mo, d, h, mi, s]) if seconds => {
            format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} UTC")
        }
        Some([y, mo, d, h, mi, _]) => format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC"),
        None => at.to_string(),
    }
}

/// Who made a campaign event, as words ("Camille on the laptop", or the
/// machine's name alone), and whether a player is named (the sentence
/// then says "by" rather than "on").
pub fn stamp_who(lang: Lang, stamp: &Stamp) -> Option<(String, bool)> {
    let who = stamp.who()?;
    Some((lang.msg(&who), stamp.player.is_some()))
}

/// Who made a campaign event, where and when ("made by Camille on the
/// laptop, 2026-11-25 17:36 UTC"), if its stamp says.
pub fn stamp_words(lang: Lang, stamp: &Stamp) -> Option<String> {
    let at = stamp.at.as_ref().map(|at| stamp_time(at, false));
    match (stamp_who(lang, stamp), at) {
        (Some((who, player)), Some(at)) => Some(lang.f(
            if player {
                "campaign.ui.made_by_at"
            } else {
                "campaign.ui.made_on_at"
            },
            &[("who", &who), ("by", &who), ("at", &at)],
        )),
        (Some((who, player)), None) => Some(lang.f(
            if player {
                "campaign.ui.made_by"
            } else {
                "campaign.ui.made_on"
            },
            &[("who", &who), ("by", &who)],
        )),
        (None, Some(at)) => Some(lang.f("campaign.ui.made_at", &[("at", &at)])),
        (None, None) => None,
    }
}
