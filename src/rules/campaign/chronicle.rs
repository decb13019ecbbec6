//! The campaign's story, mission by mission, derived from its journal and
//! nothing else: each mission's type, name and enemy, how it ended and
//! the VP it brought, who fell and how, who came back wounded, who joined,
//! the fate points spent and the recon made. The journal is played again
//! from the start; a character changed by an event is told apart by his
//! shared record (`Arc`) no longer being the one before, so one event
//! looks at the characters it touched only.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{
    Campaign, CampaignEdit, CharId, DebriefEdit, Fighter, Mission, MissionType, ReinforcementEdit,
    Sides, State, TableEdit,
};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::dice::seeded;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

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
        super::who_made(self.player.as_deref(), self.machine.as_deref())
    }
}

impl MissionStory {
    fn new(number: u32) -> Self {
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

/// The campaign's story: one part per mission number met in its journal,
/// in order. Refused with the first event that no longer plays (a journal
/// the rules refuse is the validator's to report).
pub fn chronicle(c: &Campaign, rules: &RulesData) -> Result<Vec<MissionStory>, (usize, Problem)> {
    let mut now = Campaign::new(c.id.clone(), c.name.clone(), &rules.campaign);
    let mut rng = seeded(0);
    let mut stories: Vec<MissionStory> = Vec::new();
    for (i, entry) in c.journal.iter().enumerate() {
        let before: Vec<Arc<super::CampaignCharacter>> = now.characters.clone();
        let hurt = at_the_table(&now, &entry.event);
        let vp_before = now.vp;
        now.play(entry.event.clone(), rules, &mut rng)
            .map_err(|p| (i, p))?;
        let number = entry.mission;
        if stories.last().is_none_or(|s| s.number != number) {
            stories.push(MissionStory::new(number));
        }
        let Some(story) = stories.last_mut() else {
            continue;
        };
        story.entries.push(i);
        made_by(story, entry.stamp.as_ref());
        story.vp_after = now.vp;
        if !matches!(
            entry.event,
            CampaignEdit::Debrief(DebriefEdit::EndMission { .. })
        ) {
            story.vp_found += now.vp.saturating_sub(vp_before);
        }
        // The common pool and each player's own points (CMP-16).
        story.pool_after =
            (now.escorts.iter()).fold(now.pool, |sum, e| sum.saturating_add(e.reinforcement));
        story.living_after =
            u32::try_from(now.characters.iter().filter(|x| x.state.alive()).count())
                .unwrap_or(u32::MAX);
        if story.mission.is_none() || now.mission.as_ref().map(|m| m.number) == Some(number) {
            story.mission = now.mission.clone().filter(|m| m.number == number);
        }
        told(story, &entry.event, &now);
        blows(story, &hurt, &entry.event, (&now, rules));
        deeds(story, &entry.event, (&before, &now), rules);
        fates(story, (&before, &now.characters), &entry.event, i);
        kit_changes(story, (&before, &now.characters), rules);
    }
    Ok(stories)
}

/// Counts an event among those of its maker, as its stamp names him.
fn made_by(story: &mut MissionStory, stamp: Option<&super::Stamp>) {
    let Some(stamp) = stamp.filter(|s| s.by.is_some() || s.player.is_some()) else {
        return;
    };
    match (story.makers.iter_mut()).find(|m| m.player == stamp.player && m.machine == stamp.by) {
        Some(m) => m.events += 1,
        None => story.makers.push(Maker {
            player: stamp.player.clone(),
            machine: stamp.by.clone(),
            events: 1,
        }),
    }
}

/// What the event itself says: the result, a recruit, a test, a recon.
fn told(story: &mut MissionStory, event: &CampaignEdit, now: &Campaign) {
    match event {
        // How it ended by the rules, as the debrief holds it (CMP-2: a
        // Survival survived while someone stands, whatever the players
        // said of its objective).
        CampaignEdit::Debrief(DebriefEdit::EndMission { .. }) => {
            story.result = (now.debrief.as_ref()).map(|d| (d.success, d.vp));
        }
        CampaignEdit::Debrief(DebriefEdit::CranTest { .. }) => story.cran_tests += 1,
        CampaignEdit::Debrief(DebriefEdit::FateReroll { .. }) => story.fate_points += 1,
        CampaignEdit::Debrief(DebriefEdit::Recon { character, .. }) => {
            if let Some(x) = now.character(*character) {
                story.recon.push(x.name().to_owned());
            }
        }
        CampaignEdit::Reinforcements(ReinforcementEdit::Recruit { .. }) => {
            if let Some(x) = now.characters.last() {
                story.recruits.push(x.name().to_owned());
                story.recruited.push(x.id);
            }
        }
        _ => {}
    }
}

/// The models an event wounds at the table (ticked by hand or applied
/// from a fight), each with his wounds and whether he was out of action
/// before it.
fn at_the_table(c: &Campaign, event: &CampaignEdit) -> Vec<(CharId, u32, bool)> {
    let ids: Vec<CharId> = match event {
        CampaignEdit::Table(
            TableEdit::SetWounds { character, .. } | TableEdit::AddWounds { character, .. },
        ) => vec![*character],
        CampaignEdit::Table(TableEdit::AddBattleWounds { wounds, .. }) => {
            wounds.iter().map(|&(id, _)| id).collect()
        }
        _ => return Vec::new(),
    };
    let w = c.wounding();
    ids.into_iter()
        .map(|id| (id, w.taken(id), w.out_of_action(id)))
        .collect()
}

/// The wounds taken and dealt by an event at the table, and the models it
/// took out of action: `hurt` is each wounded model as he was before it.
fn blows(
    story: &mut MissionStory,
    hurt: &[(CharId, u32, bool)],
    event: &CampaignEdit,
    (now, rules): (&Campaign, &RulesData),
) {
    let no_sides = Sides::default();
    let sides = match event {
        CampaignEdit::Table(
            TableEdit::AddWounds { sides, .. } | TableEdit::AddBattleWounds { sides, .. },
        ) => sides,
        _ => &no_sides,
    };
    let w = now.wounding();
    for &(id, was, out_before) in hurt {
        let is = w.taken(id);
        if matches!(Fighter::of(id), Fighter::Character(_)) {
            let taken = &mut story.wounds.entry(id).or_default().taken;
            // A wound ticked back by hand was not taken after all.
            *taken = (*taken + is).saturating_sub(was);
        }
        let [by] = sides.dealers_of(id) else {
            continue;
        };
        if !matches!(Fighter::of(*by), Fighter::Character(_)) {
            continue;
        }
        story.wounds.entry(*by).or_default().dealt += is.saturating_sub(was);
        if !out_before && w.out_of_action(id) {
            story.kills.push(Kill {
                by: *by,
                by_name: now.character(*by).map_or("?", |x| x.name()).to_owned(),
                victim: victim(now, id, rules),
            });
        }
    }
}

/// A model's name as a kill says it.
fn victim(c: &Campaign, id: CharId, rules: &RulesData) -> Msg {
    let names = match Fighter::of(id) {
        Fighter::Enemy(i) => c.enemy_names(i),
        Fighter::Named(i) => c.named_names(i, rules),
        Fighter::Character(_) => {
            return Msg::verbatim(c.character(id).map_or("?", |x| x.name()));
        }
    };
    Msg::new("chronicle.model").names("name", &names)
}

/// What the event says a character did: played, tested, spent a fate
/// point, advanced (his characteristic before and after), went on recon.
fn deeds(
    story: &mut MissionStory,
    event: &CampaignEdit,
    (before, now): (&[Arc<super::CampaignCharacter>], &Campaign),
    rules: &RulesData,
) {
    let mut did = |id: CharId, kind: DeedKind| story.deeds.push(Deed { id, kind });
    match event {
        CampaignEdit::Debrief(DebriefEdit::EndMission { played, .. }) => {
            for id in played {
                did(*id, DeedKind::Played);
            }
        }
        CampaignEdit::Debrief(DebriefEdit::CranTest { character, .. }) => {
            if let Some(x) = now.character(*character) {
                did(*character, DeedKind::CranTest(x.state));
            }
        }
        CampaignEdit::Debrief(DebriefEdit::FateReroll { character, .. }) => {
            did(*character, DeedKind::FatePoint);
        }
        CampaignEdit::Debrief(DebriefEdit::Recon { character, .. }) => {
            did(*character, DeedKind::Recon);
        }
        CampaignEdit::Debrief(DebriefEdit::Advance {
            character,
            characteristic,
        }) => {
            let value = |x: Option<&super::CampaignCharacter>| match &x?.member {
                super::Member::Character(ch) => {
                    ch.profile(rules).ok().map(|p| p.get(*characteristic))
                }
                super::Member::Soldier(_) => None,
            };
            let was = value(before.iter().find(|x| x.id == *character).map(|x| &**x));
            let is = value(now.character(*character));
            let change = was.zip(is);
            did(*character, DeedKind::Advance(*characteristic, change));
        }
        _ => {}
    }
}

/// Who the event wounded, killed or lost: the characters whose record it
/// changed, their state now against their state before.
fn fates(
    story: &mut MissionStory,
    (before, after): (
        &[Arc<super::CampaignCharacter>],
        &[Arc<super::CampaignCharacter>],
    ),
    event: &CampaignEdit,
    entry: usize,
) {
    for (i, x) in after.iter().enumerate() {
        let Some(was) = before.get(i) else {
            continue;
        };
        if Arc::ptr_eq(was, x) || was.state == x.state {
            continue;
        }
        let fate = Fate {
            id: x.id,
            name: x.name().to_owned(),
            state: x.state,
            by: event.label(),
            entry,
        };
        // A later event of the same mission says it better (a fate point
        // spent after the test): one line each.
        story.fallen.retain(|f| f.id != x.id);
        story.wounded.retain(|f| f.id != x.id);
        match x.state {
            State::Dead | State::Missing => story.fallen.push(fate),
            State::LightlyWounded | State::SeriouslyWounded => story.wounded.push(fate),
            State::Fit => {}
        }
    }
}

/// What a character carries, each thing by a key that tells it from the
/// others and its name: a Rogue Trader character's equipment and power
/// cards; a soldier's weapon, special items and ribbon.
fn kit(member: &super::Member, rules: &RulesData) -> Vec<(String, Msg)> {
    let data = &rules.killteam;
    let named = |names: Option<&crate::rules::core::names::Names>, id: &str| match names {
        Some(n) => Msg::new("chronicle.model").names("name", n),
        None => Msg::verbatim(id),
    };
    match member {
        super::Member::Character(ch) => (ch.equipment.iter())
            .map(|g| (format!("gear:{}", g.name), Msg::verbatim(g.name.clone())))
            .chain(
                (ch.powers.iter())
                    .map(|p| (format!("power:{}", p.name), Msg::verbatim(p.name.clone()))),
            )
            .collect(),
        super::Member::Soldier(s) => {
            let weapon = (
                format!("weapon:{}", s.weapon),
                named(data.weapon(&s.weapon).map(|w| &w.names), s.weapon.as_str()),
            );
            let items = (s.items.iter()).map(|c| {
                (
                    format!("item:{}", c.item),
                    named(data.item(&c.item).map(|i| &i.names), c.item.as_str()),
                )
            });
            let ribbon = (s.ribbon.iter()).map(|r| {
                (
                    format!("ribbon:{r}"),
                    named(data.ribbon(r).map(|x| &x.names), r.as_str()),
                )
            });
            std::iter::once(weapon).chain(items).chain(ribbon).collect()
        }
    }
}

/// The gear, power cards and ribbons each character changed by an event
/// gained and lost (a recruit's own is not told: he joined with it).
fn kit_changes(
    story: &mut MissionStory,
    (before, after): (
        &[Arc<super::CampaignCharacter>],
        &[Arc<super::CampaignCharacter>],
    ),
    rules: &RulesData,
) {
    for (was, x) in before.iter().zip(after) {
        if Arc::ptr_eq(was, x) || was.id != x.id || was.member == x.member {
            continue;
        }
        let (mut old, new) = (kit(&was.member, rules), kit(&x.member, rules));
        for (key, what) in new {
            match old.iter().position(|(k, _)| *k == key) {
                Some(i) => {
                    old.remove(i);
                }
                None => story.gear.push(GearChange {
                    id: x.id,
                    won: true,
                    what,
                }),
            }
        }
        for (_, what) in old {
            story.gear.push(GearChange {
                id: x.id,
                won: false,
                what,
            });
        }
    }
}

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
