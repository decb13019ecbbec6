//! One character's service across the stories: when he joined, the
//! missions he came back wounded from, the one he fell in, his advances;
//! and every character's wounds in all.

use std::collections::BTreeMap;

use super::story::{DeedKind, Fate, MissionStory, Wounds};
use crate::rules::campaign::{CharId, State};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::msg::Msg;

/// One character's service as the story tells it: the mission after which
/// he joined (none: there from the start), each mission he came back
/// wounded from, and the one he fell in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServiceRecord {
    /// The mission after which he was recruited.
    pub joined_after: Option<u32>,
    /// Each mission he came back wounded from, with how.
    pub wounded: Vec<(u32, Fate)>,
    /// The mission he fell in, with how.
    pub fell: Option<(u32, Fate)>,
    /// The missions whose events name him (played, wounded, fallen,
    /// recruited, tested …), in order.
    pub missions: Vec<u32>,
    /// The missions he played.
    pub played: Vec<u32>,
    /// His Cran tests, each after its mission, and the state it left him
    /// in.
    pub tests: Vec<(u32, State)>,
    /// The missions after which a fate point was spent on him.
    pub fate_points: Vec<u32>,
    /// His advances, in order.
    pub advances: Vec<Advance>,
    /// The missions after which he went on recon.
    pub recon: Vec<u32>,
    /// The wounds he took and dealt at each mission's table where he
    /// took or dealt some.
    pub wounds: Vec<(u32, Wounds)>,
    /// The models he took out of action, each with its mission.
    pub kills: Vec<(u32, Msg)>,
    /// The gear, power cards and ribbons he gained (true) or lost, each
    /// with its mission.
    pub gear: Vec<(u32, bool, Msg)>,
}

impl ServiceRecord {
    /// The wounds he took and dealt in the whole campaign.
    pub fn wounds_in_all(&self) -> Wounds {
        self.wounds
            .iter()
            .fold(Wounds::default(), |all, (_, w)| Wounds {
                taken: all.taken + w.taken,
                dealt: all.dealt + w.dealt,
            })
    }
}

/// An advance point a character placed (CHR-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Advance {
    /// The mission after which he placed it.
    pub mission: u32,
    /// Where.
    pub characteristic: Characteristic,
    /// The characteristic before and after, where his profile says it.
    pub values: Option<(i32, i32)>,
}

/// The service of the character `id` in the story `stories`.
pub fn service_record(stories: &[MissionStory], id: CharId) -> ServiceRecord {
    let mut record = ServiceRecord::default();
    for s in stories {
        let mut named = false;
        if s.recruited.contains(&id) {
            record.joined_after = Some(s.number);
            named = true;
        }
        if let Some(f) = s.wounded.iter().find(|f| f.id == id) {
            record.wounded.push((s.number, f.clone()));
            named = true;
        }
        if let Some(f) = s.fallen.iter().find(|f| f.id == id) {
            record.fell = Some((s.number, f.clone()));
            named = true;
        }
        for d in s.deeds.iter().filter(|d| d.id == id) {
            named = true;
            match d.kind {
                DeedKind::Played => record.played.push(s.number),
                DeedKind::CranTest(state) => record.tests.push((s.number, state)),
                DeedKind::FatePoint => record.fate_points.push(s.number),
                DeedKind::Advance(characteristic, values) => record.advances.push(Advance {
                    mission: s.number,
                    characteristic,
                    values,
                }),
                DeedKind::Recon => record.recon.push(s.number),
            }
        }
        if let Some(w) = s.wounds.get(&id).filter(|w| w.taken + w.dealt > 0) {
            record.wounds.push((s.number, *w));
            named = true;
        }
        for k in s.kills.iter().filter(|k| k.by == id) {
            record.kills.push((s.number, k.victim.clone()));
            named = true;
        }
        for g in s.gear.iter().filter(|g| g.id == id) {
            record.gear.push((s.number, g.won, g.what.clone()));
            named = true;
        }
        if named {
            record.missions.push(s.number);
        }
    }
    record
}

/// Each character's wounds taken and dealt over the whole story, those
/// who took and dealt most first (ties by id); those with none left out.
pub fn wounds_by_character(stories: &[MissionStory]) -> Vec<(CharId, Wounds)> {
    let mut all: BTreeMap<CharId, Wounds> = BTreeMap::new();
    for (id, w) in stories.iter().flat_map(|s| &s.wounds) {
        let sum = all.entry(*id).or_default();
        sum.taken += w.taken;
        sum.dealt += w.dealt;
    }
    let mut list: Vec<(CharId, Wounds)> = all
        .into_iter()
        .filter(|(_, w)| w.taken + w.dealt > 0)
        .collect();
    list.sort_by_key(|(id, w)| (std::cmp::Reverse(w.taken + w.dealt), *id));
    list
}
