//! The campaign's story, mission by mission, derived from its journal and
//! nothing else: each mission's type, name and enemy, how it ended and
//! the VP it brought, who fell and how, who came back wounded, who joined,
//! the fate points spent and the recon made. The journal is played again
//! from the start; a character changed by an event is told apart by his
//! shared record (`Arc`) no longer being the one before, so one event
//! looks at the characters it touched only.

use std::sync::Arc;

use super::{
    Campaign, CampaignEdit, CharId, DebriefEdit, Fighter, ItemEdit, ReinforcementEdit, Sides,
    State, TableEdit,
};
use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;
use crate::rules::core::dice::seeded;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

mod record;
mod story;

pub use record::{Advance, ServiceRecord, service_record, wounds_by_character};
pub use story::{
    CRAN_OUTCOMES, Deed, DeedKind, Fate, GearChange, Kill, Maker, MissionStory, Wounds,
};

/// The campaign's story: one part per mission number met in its journal,
/// in order. Refused with the first event that no longer plays (a journal
/// the rules refuse is the validator's to report).
pub fn chronicle(c: &Campaign, rules: &RulesData) -> Result<Vec<MissionStory>, (usize, Problem)> {
    let mut now = Campaign::new(c.id.clone(), c.name.clone(), &rules.campaign);
    let mut rng = seeded(0);
    let mut stories: Vec<MissionStory> = Vec::new();
    for (i, entry) in c.journal.iter().enumerate() {
        let before: Arc<Vec<Arc<super::CampaignCharacter>>> = Arc::clone(&now.characters);
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
            if let Some(x) = queries::character(now, *character) {
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

/// The models an event wounds at the table (ticked by hand, applied from
/// a fight, or hit by an item used on them: a mine going off, a chem
/// bomb), each with his wounds and whether he was out of action before it.
fn at_the_table(c: &Campaign, event: &CampaignEdit) -> Vec<(CharId, u32, bool)> {
    let ids: Vec<CharId> = match event {
        CampaignEdit::Table(
            TableEdit::SetWounds { character, .. } | TableEdit::AddWounds { character, .. },
        ) => vec![*character],
        CampaignEdit::Table(TableEdit::AddBattleWounds { wounds, .. }) => {
            wounds.iter().map(|&(id, _)| id).collect()
        }
        CampaignEdit::Items(ItemEdit::UseItem {
            target: Some(target),
            ..
        }) => vec![*target],
        _ => return Vec::new(),
    };
    let w = queries::wounding(c);
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
    let w = queries::wounding(now);
    for &(id, was, out_before) in hurt {
        let is = w.taken(id);
        if matches!(Fighter::of(id), Fighter::Character(_)) {
            let taken = &mut story.wounds.entry(id).or_default().taken;
            // A wound ticked back by hand was not taken after all.
            *taken = (*taken + is).saturating_sub(was);
        }
        // Who dealt them: the fight's one attacker, or the item's bearer.
        let by = match event {
            CampaignEdit::Items(ItemEdit::UseItem { character, .. }) => *character,
            _ => match sides.dealers_of(id) {
                [by] => *by,
                _ => continue,
            },
        };
        if !matches!(Fighter::of(by), Fighter::Character(_)) {
            continue;
        }
        story.wounds.entry(by).or_default().dealt += is.saturating_sub(was);
        if !out_before && w.out_of_action(id) {
            story.kills.push(Kill {
                by,
                by_name: queries::character(now, by)
                    .map_or("?", |x| x.name())
                    .to_owned(),
                victim: victim(now, id, rules),
            });
        }
    }
}

/// A model's name as a kill says it.
fn victim(c: &Campaign, id: CharId, rules: &RulesData) -> Msg {
    let names = match Fighter::of(id) {
        Fighter::Enemy(i) => enemy::names(c, i),
        Fighter::Named(i) => named::names(c, i, rules),
        Fighter::Character(_) => {
            return Msg::verbatim(queries::character(c, id).map_or("?", |x| x.name()));
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
            if let Some(x) = queries::character(now, *character) {
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
            let is = value(queries::character(now, *character));
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
