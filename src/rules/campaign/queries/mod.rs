//! What a campaign answers without changing. The record's own lookups
//! (a character, an escort, the numbers it plays by, one character's
//! history) are here, as functions of the campaign
//! (`queries::character(c, id)`); each room's questions are asked of a view of it,
//! in a file of its own (`queries::recruiting(c).cost(..)`,
//! `queries::wounding(c).wound_refusal(..)`).

mod debriefing;
mod mustering;
mod recruiting;
mod sequel;
mod wounding;
pub use debriefing::debriefing;
pub use mustering::mustering;
pub use recruiting::recruiting;
pub use sequel::sequel;
pub use wounding::wounding;

pub use {
    debriefing::Debriefing, mustering::Mustering, recruiting::Recruiting, sequel::Sequel,
    wounding::Wounding,
};

use super::*;

/// The numbers the campaign plays by: those recorded at its start, or
/// the data's before it.
pub fn rates<'a>(c: &'a Campaign, data: &CampaignData) -> Cow<'a, Rates> {
    match &c.rates {
        Some(r) => Cow::Borrowed(&**r),
        None => Cow::Owned(data.rates()),
    }
}

/// The same numbers, held apart from the campaign (to read them while
/// the campaign changes): shared, not copied, once recorded.
pub fn shared_rates(c: &Campaign, data: &CampaignData) -> Arc<Rates> {
    match &c.rates {
        Some(r) => Arc::clone(r),
        None => Arc::new(data.rates()),
    }
}

/// The missions a die draws for type `t` (CMP-3), by id, in order: the
/// lists recorded when the campaign started, or the data's in a
/// campaign that did not record them.
pub fn mission_ids<'a>(
    c: &'a Campaign,
    data: &'a CampaignData,
    t: MissionType,
) -> Vec<&'a MissionId> {
    match c.rates.as_ref().and_then(|r| r.tables.as_ref()) {
        Some(tables) => tables
            .missions
            .iter()
            .filter(|l| l.mission_type == t)
            .flat_map(|l| l.missions.iter())
            .collect(),
        None => data.missions_of(t).map(|m| &m.id).collect(),
    }
}

/// A faction's escort table (CMP-5): the one recorded when the
/// campaign started, or the data's in a campaign that did not record it.
pub fn enemy_table<'a>(
    c: &'a Campaign,
    data: &'a CampaignData,
    faction: &FactionId,
) -> Option<&'a data::Faction> {
    match c.rates.as_ref().and_then(|r| r.tables.as_ref()) {
        Some(tables) => tables.factions.iter().find(|f| f.id == *faction),
        None => data.faction(faction),
    }
}

/// A character by id.
pub fn character(c: &Campaign, id: CharId) -> Option<&CampaignCharacter> {
    c.characters.iter().find(|c| c.id == id).map(|c| &**c)
}

/// An escort by id.
pub fn escort(c: &Campaign, id: EscortId) -> Option<&Escort> {
    c.escorts.iter().find(|e| e.id == id)
}

/// One character's history in the journal (CMP-13): for each entry
/// that concerns him, the lines of its outcome about him, by index.
/// `outcomes` are the journal's, one an entry (as `replay` gives them).
/// An entry concerns him when its event does (his tests, wounds, ticks,
/// a mission he played), when it created him (his recruitment, or the
/// escort he came with) or when one of its lines names him (a mission
/// he missed and recovered from). Of its lines, those naming another
/// character (another's advance point) are left out.
pub fn history(
    c: &Campaign,
    id: CharId,
    outcomes: &[crate::rules::Outcome],
) -> BTreeMap<usize, Vec<usize>> {
    let mut out = BTreeMap::new();
    let Some(x) = character(c, id) else {
        return out;
    };
    let name = x.name();
    let created = |e: &CampaignEdit, o: &crate::rules::Outcome| match e {
        CampaignEdit::Reinforcements(ReinforcementEdit::Recruit { .. }) => o.created == Some(id.0),
        _ => false,
    };
    let recruited = c
        .journal
        .iter()
        .zip(outcomes)
        .any(|(e, o)| created(&e.event, o));
    // The escort he came with, if he was not recruited: its last
    // joining (an escort removed in setup may leave its id to another).
    let came_with = if recruited {
        None
    } else {
        c.journal.iter().zip(outcomes).rposition(|(e, o)| {
            matches!(e.event, CampaignEdit::Setup(SetupEdit::AddEscort { .. }))
                && o.created == Some(u64::from(x.escort.0))
        })
    };
    for (i, (e, o)) in c.journal.iter().zip(outcomes).enumerate() {
        let names_him = o.lines.iter().any(|(_, m)| named(m) == Some(name));
        if !(e.event.concerns(id) || created(&e.event, o) || came_with == Some(i) || names_him) {
            continue;
        }
        let lines = o
            .lines
            .iter()
            .enumerate()
            .filter(|(_, (_, m))| named(m).is_none_or(|n| n == name))
            .map(|(l, _)| l)
            .collect();
        out.insert(i, lines);
    }
    out
}

/// The characters of one escort.
pub fn members(c: &Campaign, escort: EscortId) -> impl Iterator<Item = &CampaignCharacter> {
    c.characters
        .iter()
        .map(|c| &**c)
        .filter(move |c| c.escort == escort)
}

/// One line saying what is in it.
pub fn summary(c: &Campaign) -> Msg {
    let alive = c.characters.iter().filter(|c| c.state.alive()).count();
    Msg::new("campaign.summary")
        .int("count", alive)
        .int("missions", c.missions_played)
        .int("vp", c.vp)
}

/// The number of the current or next mission (0 before the first): the
/// one a journal entry made now belongs to.
pub fn mission_number(c: &Campaign) -> u32 {
    c.mission.as_ref().map_or(0, |m| m.number)
}
