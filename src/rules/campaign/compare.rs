//! What one state of a campaign holds that another does not, said the way
//! players read a campaign: who joins or leaves, each character's state,
//! Cran, wounds at the table and profile, the gear that changes hands, each
//! escort's points, the victory points and the phase. Shown before the
//! players settle two events that cannot both stand, and after.

use std::collections::BTreeSet;

use super::{Campaign, CampaignCharacter, Member};
use crate::rules::campaign::queries;
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::msg::Msg;
use crate::rules::data::RulesData;

/// What `after` holds that `before` does not, one line a change, in the
/// order the players meet them (the characters in `after`'s order, those
/// who leave last, then the escorts, then the campaign).
pub fn differences(before: &Campaign, after: &Campaign, rules: &RulesData) -> Vec<Msg> {
    let mut out = Vec::new();
    for x in after.characters.iter() {
        match queries::character(before, x.id) {
            Some(was) => character_changes(before, after, was, x, rules, &mut out),
            None => out.push(Msg::new("campaign.change.joins").text("name", x.name())),
        }
    }
    for x in before.characters.iter() {
        if queries::character(after, x.id).is_none() {
            out.push(Msg::new("campaign.change.leaves").text("name", x.name()));
        }
    }
    for e in &after.escorts {
        let Some(was) = before.escorts.iter().find(|b| b.id == e.id) else {
            continue;
        };
        let figures = [
            (
                "campaign.change.reinforcement",
                was.reinforcement,
                e.reinforcement,
            ),
            ("campaign.change.fate", was.fate_points, e.fate_points),
        ];
        for (key, a, b) in figures.into_iter().filter(|(_, a, b)| a != b) {
            out.push(
                Msg::new(key)
                    .text("player", &e.player)
                    .int("before", a)
                    .int("after", b),
            );
        }
    }
    let figures = [
        ("campaign.change.vp", before.vp, after.vp),
        ("campaign.change.pool", before.pool, after.pool),
    ];
    for (key, a, b) in figures.into_iter().filter(|(_, a, b)| a != b) {
        out.push(Msg::new(key).int("before", a).int("after", b));
    }
    if before.phase != after.phase
        || queries::mission_number(before) != queries::mission_number(after)
    {
        out.push(
            Msg::new("campaign.change.phase")
                .int("mission", queries::mission_number(after))
                .key("phase", after.phase.key()),
        );
    }
    out
}

/// One character's changes from `was` to `now`.
fn character_changes(
    before: &Campaign,
    after: &Campaign,
    was: &CampaignCharacter,
    now: &CampaignCharacter,
    rules: &RulesData,
    out: &mut Vec<Msg>,
) {
    let name = now.name();
    let line = |key: &'static str| Msg::new(key).text("name", name);
    let start = out.len();
    if was.state != now.state {
        out.push(
            line("campaign.change.state")
                .key("before", was.state.key())
                .key("after", now.state.key()),
        );
    }
    if was.cran != now.cran {
        out.push(
            line("campaign.change.cran")
                .int("before", was.cran)
                .int("after", now.cran),
        );
    }
    let wounds = |c: &Campaign| {
        c.table
            .as_ref()
            .and_then(|t| t.wounds.get(&now.id))
            .copied()
    };
    let (w0, w1) = (wounds(before), wounds(after));
    if w0 != w1 && (before.table.is_some() && after.table.is_some()) {
        out.push(
            line("campaign.change.wounds")
                .int("before", w0.unwrap_or(0))
                .int("after", w1.unwrap_or(0)),
        );
    }
    let out_now = |c: &Campaign| {
        c.table
            .as_ref()
            .is_some_and(|t| t.out_of_action.contains(&now.id))
    };
    if out_now(before) != out_now(after) {
        out.push(line(if out_now(after) {
            "campaign.change.out"
        } else {
            "campaign.change.back_in"
        }));
    }
    profile_changes(&was.member, &now.member, name, rules, out);
    gear_changes(&was.member, &now.member, name, rules, out);
    if out.len() == start && was.member != now.member {
        out.push(line("campaign.change.sheet"));
    }
}

/// A Rogue Trader character's characteristics that differ.
fn profile_changes(was: &Member, now: &Member, name: &str, rules: &RulesData, out: &mut Vec<Msg>) {
    let (Member::Character(a), Member::Character(b)) = (was, now) else {
        return;
    };
    let (Ok(p), Ok(q)) = (a.profile(rules), b.profile(rules)) else {
        return;
    };
    for k in Characteristic::ALL {
        if p.get(k) != q.get(k) {
            out.push(
                Msg::new("campaign.change.characteristic")
                    .text("name", name)
                    .key("characteristic", k.abbr_key())
                    .int("before", p.get(k))
                    .int("after", q.get(k)),
            );
        }
    }
}

/// The gear a character gains or loses: a Rogue Trader character's
/// equipment by name, a soldier's items by their names in the data.
fn gear_changes(was: &Member, now: &Member, name: &str, rules: &RulesData, out: &mut Vec<Msg>) {
    let gear = |m: &Member| -> BTreeSet<String> {
        match m {
            Member::Character(c) => c.equipment.iter().map(|g| g.name.clone()).collect(),
            Member::Soldier(s) => s.items.iter().map(|c| c.item.to_string()).collect(),
        }
    };
    let (a, b) = (gear(was), gear(now));
    let item = |key: &'static str, id: &String| {
        let m = Msg::new(key).text("name", name);
        match (now, rules.killteam.item(id.as_str())) {
            (Member::Soldier(_), Some(i)) => m.names("item", &i.names),
            _ => m.text("item", id),
        }
    };
    out.extend(b.difference(&a).map(|id| item("campaign.change.gains", id)));
    out.extend(a.difference(&b).map(|id| item("campaign.change.loses", id)));
}
