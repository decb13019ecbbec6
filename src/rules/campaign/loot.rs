//! The Thief's loot at the table (RIB-13): before the end of a turn, passing
//! by a fallen model, he takes one of its weapons or special items, which
//! replaces his own.
//!
//! Decision: the loot lasts for the mission at the table (a kill-team game
//! is a one-off); his kit in the escort is unchanged, so that the team
//! stays within its composition rules. « passe à 3ps d'un cadavre ennemi »:
//! only a fallen enemy is looted (at a campaign's table the players' teams
//! are on one side, the drawn enemy on the other), as often as he passes
//! one (the French sets no limit a turn). A fallen enemy's weapon is taken
//! when the kill-team armoury knows a weapon of that name (its English or
//! French name).

use super::edit::CampaignEdit;
use super::{Campaign, CharId, Fighter, Member, Phase};
use crate::rules::campaign::ItemEdit;
use crate::rules::campaign::enemy;
use crate::rules::campaign::queries;
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::killteam::data::Grant;
use crate::rules::killteam::{Carried, Soldier};

use super::playing;
use super::record;
pub use super::{LootPick, Looted};

/// What a fallen enemy at the table leaves to take (RIB-13): his
/// weapons the kill-team armoury knows by name. None for a model still
/// standing, and none for one of the players' soldiers.
pub fn loot_of(c: &Campaign, from: CharId, rules: &RulesData) -> Vec<LootPick> {
    let Some(table) = c.table.as_ref() else {
        return Vec::new();
    };
    if !table.fell.contains_key(&from) {
        return Vec::new();
    }
    let data = &rules.killteam;
    if let Fighter::Enemy(i) = Fighter::of(from) {
        let Some(f) = enemy::fighter(c, i, rules) else {
            return Vec::new();
        };
        let same = |a: &Names, b: &Names| {
            a.iter()
                .any(|(lang, n)| b.get(lang).is_some_and(|m| m.eq_ignore_ascii_case(n)))
        };
        let mut out: Vec<LootPick> = f
            .weapons
            .iter()
            .filter_map(|w| data.weapons.iter().find(|k| same(&w.names, &k.names)))
            .map(|k| LootPick::Weapon(k.id.clone()))
            .collect();
        out.dedup();
        return out;
    }
    // A team-mate, or another player's soldier: no enemy corpse.
    Vec::new()
}

/// A soldier as he plays at the table: his kit, with what he looted in
/// place of his own (RIB-13).
pub fn soldier_at_table(c: &Campaign, id: CharId) -> Option<Soldier> {
    let Member::Soldier(s) = &queries::character(c, id)?.member else {
        return None;
    };
    let mut s = s.clone();
    if let Some(l) = c.table.as_ref().and_then(|t| t.loot.get(&id)) {
        if let Some(w) = &l.weapon {
            s.weapon.clone_from(w);
        }
        if let Some(item) = &l.item {
            let taken = Carried {
                item: item.clone(),
                weapon: None,
            };
            match s.items.first_mut() {
                Some(first) => *first = taken,
                None => s.items.push(taken),
            }
        }
    }
    Some(s)
}

/// [`ItemEdit::Loot`]: a Thief takes a weapon or an item from a
/// fallen enemy (RIB-13). Refused for anyone without the ribbon, one
/// out of action, a model still standing, one of the players' own, or
/// what it does not leave.
pub(super) fn loot(
    c: &mut Campaign,
    character: CharId,
    from: CharId,
    pick: LootPick,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    let i = playing::player_index(c, character)?;
    let name = c.characters[i].name().to_owned();
    let data = &rules.killteam;
    let ribbon = match &c.characters[i].member {
        Member::Soldier(s) => s.ribbon.as_ref().and_then(|r| data.ribbon(r)),
        Member::Character(_) => None,
    }
    .filter(|r| r.grants.iter().any(|g| matches!(g, Grant::Loot { .. })));
    let Some(ribbon) = ribbon else {
        return Err(Problem::new("RIB-13", "kt.loot.not_thief").character(&name));
    };
    let rule = ribbon.rule.clone();
    let table = c.table.clone().unwrap_or_default();
    if table.out_of_action.contains(&character) {
        return Err(Problem::new("KT-9", "kt.remove_mine.out").character(&name));
    }
    let turn = table.turn();
    if !loot_of(c, from, rules).contains(&pick) {
        return Err(Problem::new(rule, "kt.loot.nothing"));
    }
    let t = c.table.get_or_insert_default();
    let l = t.loot.entry(character).or_insert(Looted {
        weapon: None,
        item: None,
        turn,
    });
    l.turn = turn;
    let names = match &pick {
        LootPick::Weapon(w) => {
            l.weapon = Some(w.clone());
            data.weapon(w).map(|x| x.names.clone())
        }
        LootPick::Item(it) => {
            l.item = Some(it.clone());
            data.item(it).map(|x| x.names.clone())
        }
    }
    .unwrap_or_default();
    out.lines.push((
        LineKind::Info,
        Msg::new("kt.loot.done")
            .text("character", &name)
            .names("what", &names)
            .text("rule", &rule),
    ));
    Ok(CampaignEdit::Items(ItemEdit::Loot {
        character,
        from,
        pick,
    }))
}
