//! A mission's story as the chronicle tells it: each character's fate in
//! it, the deeds, wounds and kills, the kit changed, who made its events,
//! how it ended and the Cran tests' outcomes.

use std::collections::BTreeMap;

use crate::rules::campaign::{self, CharId, Mission, MissionType, State};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::msg::Msg;

/// One character's turn in a mission's story.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fate {
    /// His id.
    pub id: CharId,
    /// His name, as it was then.
    pub name: String,
    /// What became of him: wounded, dead or missing.
    pub state: State,
    /// The event that made it so (its label's key: a Cran test, a recon).
    pub by: &'static str,
    /// The journal entry of that event, by its place.
    pub entry: usize,
}

/// What one character did in a mission's story, besides coming back
/// wounded or falling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deed {
    /// His id.
    pub id: CharId,
    /// What he did.
    pub kind: DeedKind,
}

/// The kinds of deeds a service record names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeedKind {
    /// He played the mission.
    Played,
    /// His Cran test after it left him in this state (CMP-9).
    CranTest(State),
    /// A fate point rerolled the test that killed him (CMP-12).
    FatePoint,
    /// An advance point placed (CHR-13), with the characteristic before
    /// and after where his profile says it.
    Advance(Characteristic, Option<(i32, i32)>),
    /// He went on recon (CMP-14).
    Recon,
}

/// The wounds one character took and dealt at a mission's table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wounds {
    /// Taken, whoever dealt them (a wound ticked by hand, a fight applied).
    pub taken: u32,
    /// Dealt in fights applied to the campaign whose other side was he
    /// alone (the journal cannot share a side's wounds among several).
    pub dealt: u32,
}

/// A model taken out of action at a mission's table by one fighter, as a
/// fight applied to the campaign says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kill {
    /// Who: the other side of the fight, he alone.
    pub by: CharId,
    /// His name, as it was then.
    pub by_name: String,
    /// The model taken out, by name.
    pub victim: Msg,
}

/// A piece of gear, a power card or a ribbon a character gained or lost
/// between two events (found, bought, given, lost or corrected).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GearChange {
    /// His id.
    pub id: CharId,
    /// Gained (else lost).
    pub won: bool,
    /// What, by name.
    pub what: Msg,
}

/// One mission as the journal tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissionStory {
    /// Its number (0: before the first mission).
    pub number: u32,
    /// The mission as drawn, when one was.
    pub mission: Option<Mission>,
    /// How it ended, when it did: succeeded (for a Survival, survived),
    /// and the VP earned.
    pub result: Option<(bool, u32)>,
    /// The VP held once it was over (or now, while it is played).
    pub vp_after: u32,
    /// The VP gained after it besides its result: a recon's clue
    /// (CMP-14).
    pub vp_found: u32,
    /// The characters and soldiers alive once it was over.
    pub living_after: u32,
    /// The reinforcement points once it was over: the common pool and
    /// the players' own (CMP-16).
    pub pool_after: u32,
    /// Those who fell: dead or missing.
    pub fallen: Vec<Fate>,
    /// Those who came back wounded.
    pub wounded: Vec<Fate>,
    /// Those who joined after it, by name.
    pub recruits: Vec<String>,
    /// The same, by id.
    pub recruited: Vec<CharId>,
    /// How many Cran tests were rolled after it.
    pub cran_tests: u32,
    /// How many fate points were spent after it.
    pub fate_points: u32,
    /// Recon made after it, by the characters' names.
    pub recon: Vec<String>,
    /// What each character did in it, in the journal's order.
    pub deeds: Vec<Deed>,
    /// The wounds each character took and dealt at its table, by id.
    pub wounds: BTreeMap<CharId, Wounds>,
    /// The models taken out of action by one of the escorts' fighters.
    pub kills: Vec<Kill>,
    /// The gear, power cards and ribbons gained and lost after it.
    pub gear: Vec<GearChange>,
    /// Its journal entries, by their places.
    pub entries: Vec<usize>,
    /// Who made its events, as their stamps say: the player's and the
    /// machine's names and how many events, in the order first met
    /// (events made by hand or by the command line are not counted).
    pub makers: Vec<Maker>,
}

/// Who made some of a mission's events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maker {
    /// The player's name, when the stamp gives it.
    pub player: Option<String>,
    /// The machine's name, when the stamp gives it.
    pub machine: Option<String>,
    /// How many events.
    pub events: u32,
}

impl Maker {
    /// Who, in words ("Camille on the laptop").
    pub fn who(&self) -> Option<Msg> {
        campaign::who_made(self.player.as_deref(), self.machine.as_deref())
    }
}

impl MissionStory {
    pub(super) fn new(number: u32) -> Self {
        Self {
            number,
            mission: None,
            result: None,
            vp_after: 0,
            vp_found: 0,
            living_after: 0,
            pool_after: 0,
            fallen: Vec::new(),
            wounded: Vec::new(),
            recruits: Vec::new(),
            recruited: Vec::new(),
            cran_tests: 0,
            fate_points: 0,
            recon: Vec::new(),
            deeds: Vec::new(),
            wounds: BTreeMap::new(),
            kills: Vec::new(),
            gear: Vec::new(),
            entries: Vec::new(),
            makers: Vec::new(),
        }
    }
}

/// The outcomes of the Cran tests after a mission, in the order
/// [`MissionStory::cran_outcomes`] counts them: fit, lightly wounded,
/// seriously wounded, fallen (dead or missing).
pub const CRAN_OUTCOMES: [State; 4] = [
    State::Fit,
    State::LightlyWounded,
    State::SeriouslyWounded,
    State::Dead,
];

impl MissionStory {
    /// How it ended, in words with the VP it earned and those held after
    /// it: succeeded or not (a Survival survived or not). None while it is
    /// played.
    pub fn result_words(&self) -> Option<(bool, Msg)> {
        let (success, vp) = self.result?;
        let survival =
            (self.mission.as_ref()).is_some_and(|m| m.mission_type == MissionType::Survival);
        let key = match (survival, success) {
            (true, true) => "campaign.chronicle.survived",
            (true, false) => "campaign.chronicle.not_survived",
            (false, true) => "campaign.chronicle.met",
            (false, false) => "campaign.chronicle.failed",
        };
        Some((
            success,
            Msg::new(key).int("vp", vp).int("held", self.vp_after),
        ))
    }

    /// What the Cran tests after it left (CMP-9), one count per outcome of
    /// [`CRAN_OUTCOMES`].
    pub fn cran_outcomes(&self) -> [u32; 4] {
        let mut counts = [0; 4];
        for d in &self.deeds {
            if let DeedKind::CranTest(state) = d.kind {
                let i = match state {
                    State::Fit => 0,
                    State::LightlyWounded => 1,
                    State::SeriouslyWounded => 2,
                    State::Dead | State::Missing => 3,
                };
                counts[i] += 1;
            }
        }
        counts
    }
}
