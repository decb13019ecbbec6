//! What the turn at the table answers without changing: the soldier at
//! the table and what he may do now (an action, a stratagem, the insignia,
//! an item), each side's activations and whose turn it is (KT-8), and the
//! reroll stratagem's payment.

use crate::rules::campaign::edit::CampaignEdit;
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CharId, Escort, Member, Phase, Table};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::killteam::activation::{
    Act, SoldierTurn, allowance, give_insignia, third_action_cost,
};
use crate::rules::killteam::{ItemId, with_item};

use super::{Activations, AtTable, SECOND_SOLDIER, reroll_cost, stratagem_cost};
use crate::rules::campaign::TableEdit;
use crate::rules::campaign::loot;
use crate::rules::campaign::playing;
use crate::rules::campaign::record;

/// The kill-team soldier `id` at the table of the mission being played:
/// his allowance, from his wounds left, and his turn so far. Refused
/// when no mission is played, for one not at the table, and for a Rogue
/// Trader character, who counts no actions (KT-9).
pub fn acting_soldier(c: &Campaign, id: CharId, rules: &RulesData) -> Result<AtTable, Problem> {
    record::expect(c, &[Phase::Playing])?;
    let i = playing::player_index(c, id)?;
    let x = &c.characters[i];
    let Member::Soldier(s) = &x.member else {
        return Err(Problem::new("KT-9", "kt.act.no.not_soldier").character(x.name()));
    };
    let table = c.table.as_ref();
    let out = table.is_some_and(|t| t.out_of_action.contains(&id));
    let taken = table.and_then(|t| t.wounds.get(&id).copied()).unwrap_or(0);
    let wounds_left = if out {
        0
    } else {
        x.member.wounds(rules).saturating_sub(taken)
    };
    let mut allowance = allowance(&rules.killteam, s, wounds_left)?;
    allowance.next_seq = table.map_or(0, Table::opened_now).saturating_add(1);
    Ok(AtTable {
        allowance,
        turn: table.map(|t| t.soldier_turn(id)).unwrap_or_default(),
    })
}

/// Whether the soldier `id` may take `act` now: the note it comes with
/// (snap fire only after a retreat), or why not.
pub fn may_act(
    c: &Campaign,
    id: CharId,
    act: Act,
    rules: &RulesData,
) -> Result<Option<Msg>, Problem> {
    let at = acting_soldier(c, id, rules)?;
    let note = at.allowance.check(&rules.killteam, &at.turn, act)?;
    dazzle_refusal(c, id, act)?;
    alternation_refusal(c, id, &at.turn, rules)?;
    Ok(note)
}

/// KT-8 « chaque joueur joue l'un de ses soldats chacun son tour »:
/// while it is the enemy's turn to activate, a soldier opens no new
/// activation, unless the "second soldier" stratagem joined him to his
/// team-mate's (KT-11). Only when the group's rules enforce the turns.
pub(in crate::rules::campaign) fn alternation_refusal(
    c: &Campaign,
    id: CharId,
    turn: &SoldierTurn,
    rules: &RulesData,
) -> Result<(), Problem> {
    if !rules.killteam.turn.alternation_enforced {
        return Ok(());
    }
    let opening = match turn.open() {
        None => Some(turn.activations.len()),
        Some(a) if a.acts.is_empty() => Some(turn.activations.len().saturating_sub(1)),
        Some(_) => None,
    };
    let Some(place) = opening else {
        return Ok(());
    };
    let joined = (c.table.as_ref())
        .and_then(Table::joined_now)
        .is_some_and(|j| j.get(&id) == Some(&place));
    if !joined && activations(c).next == Some(false) {
        // A team-mate still in his activation: he finishes first.
        if let Some(mate) = open_activation_other_than(c, id, rules) {
            return Err(Problem::new("KT-8", "kt.act.no.mate_activating").arg("name", mate));
        }
        return Err(Problem::new("KT-8", "kt.act.no.enemy_turn"));
    }
    Ok(())
}

/// The name of the players' soldier other than `id` whose activation
/// is under way (begun, not over), if one is.
fn open_activation_other_than<'c>(
    c: &'c Campaign,
    id: CharId,
    rules: &RulesData,
) -> Option<&'c str> {
    let other = c.table.as_ref()?.activating_now().filter(|o| *o != id)?;
    let at = acting_soldier(c, other, rules).ok()?;
    let last = at.turn.activations.len().saturating_sub(1);
    if at
        .allowance
        .activation_over(&rules.killteam, &at.turn, last)
    {
        return None;
    }
    queries::character(c, other).map(|x| x.name())
}

/// EQ-10 « ne peut plus bouger durant ce tour »: a model a flash
/// grenade dazzled this turn takes no move: no Move, no retreat, no
/// Agility move, no charge (a charge is a move into contact).
pub(in crate::rules::campaign) fn dazzle_refusal(
    c: &Campaign,
    id: CharId,
    act: Act,
) -> Result<(), Problem> {
    let dazzled = c.table.as_ref().is_some_and(|t| t.dazzled_now(id));
    let moves = matches!(
        act,
        Act::Move | Act::Retreat | Act::AgilityMove | Act::CloseCombat
    );
    if dazzled && moves {
        return Err(Problem::new("EQ-10", "kt.act.no.dazzled"));
    }
    Ok(())
}

/// Whether the character `id` counts his actions at the table now: a
/// kill-team soldier playing the mission being played. A roll or an
/// item of his then spends one.
pub fn counts_actions(c: &Campaign, id: CharId) -> bool {
    c.phase == Phase::Playing
        && c.table.as_ref().is_some_and(|t| t.players.contains(&id))
        && queries::character(c, id).is_some_and(|x| matches!(x.member, Member::Soldier(_)))
}

/// Whether the third-action stratagem (KT-11) may be bought for `id`'s
/// activation now: its cost, or why not.
pub fn may_buy_third_action(c: &Campaign, id: CharId, rules: &RulesData) -> Result<u32, Problem> {
    let at = acting_soldier(c, id, rules)?;
    let points = escort_of(c, id)?.command_points;
    at.allowance
        .third_action(&rules.killteam, &at.turn, points)
        .map(|_| third_action_cost(&rules.killteam))
}

/// Whether the sergeant `giver` may give his command insignia's action
/// (EQ-31) to `taker` now, or why not.
pub fn may_give_insignia(
    c: &Campaign,
    giver: CharId,
    taker: CharId,
    rules: &RulesData,
) -> Result<(), Problem> {
    insignia_turns(c, giver, taker, rules).map(|_| ())
}

/// Both turns after the sergeant `giver` gave his insignia's action to
/// `taker` (EQ-31): refused for two soldiers of different teams, as
/// `give_insignia` refuses, and on the enemy's turn to activate when
/// `taker` would open an activation (KT-8).
pub(in crate::rules::campaign) fn insignia_turns(
    c: &Campaign,
    giver: CharId,
    taker: CharId,
    rules: &RulesData,
) -> Result<(SoldierTurn, SoldierTurn), Problem> {
    let g = acting_soldier(c, giver, rules)?;
    let t = acting_soldier(c, taker, rules)?;
    let same_team = queries::character(c, giver)
        .zip(queries::character(c, taker))
        .is_some_and(|(a, b)| a.escort == b.escort && a.id != b.id);
    if !same_team {
        return Err(Problem::new("EQ-31", "kt.act.no.insignia_team"));
    }
    let turns = give_insignia(
        &rules.killteam,
        (&g.allowance, &g.turn),
        (&t.allowance, &t.turn),
    )?;
    // One more action only for an activation he may hold now (KT-8).
    alternation_refusal(c, taker, &t.turn, rules)?;
    Ok(turns)
}

/// Each side's activations this turn and whose turn it is to activate
/// (KT-8 « les deux joueurs doivent toujours jouer le même nombre de
/// fois par tour »). The players' side is every kill-team soldier at
/// the table; the enemy's, the drawn enemies. Both sides equal: the one
/// that won this turn's initiative test goes first (the players', when
/// none was rolled).
pub fn activations(c: &Campaign) -> Activations {
    let Some(table) = c.table.as_ref() else {
        return Activations {
            players: 0,
            enemy: 0,
            most: 0,
            standing: 0,
            enemy_standing: 0,
            next: None,
            enemy_drawn: false,
            untested: false,
        };
    };
    let soldiers: Vec<CharId> = table
        .players
        .iter()
        .copied()
        .filter(|id| counts_actions(c, *id))
        .collect();
    let joined = table.joined_now();
    let mut players = 0u32;
    let mut standing = 0u32;
    for id in &soldiers {
        let t = table.soldier_turn(*id);
        let n = u32::try_from(t.activations.len()).unwrap_or(u32::MAX);
        let with_one_before = joined
            .and_then(|j| j.get(id))
            .is_some_and(|k| *k < t.activations.len());
        players += n - u32::from(with_one_before);
        standing += u32::from(n > 0 || !table.out_of_action.contains(id));
    }
    let enemies = c.mission.as_ref().map_or(0, |m| m.enemy.len());
    let done = table.enemies_activated();
    let enemy = u32::try_from(done.len()).unwrap_or(u32::MAX);
    let enemy_standing = (0..enemies)
        .filter(|i| done.contains(i) || !table.enemy_out.contains(i))
        .count();
    let enemy_standing = u32::try_from(enemy_standing).unwrap_or(u32::MAX);
    let enemy_drawn = enemies > 0;
    let most = if enemy_drawn {
        standing.min(enemy_standing)
    } else {
        standing
    };
    let tested = (table.initiative.as_ref()).filter(|i| i.turn == table.turn());
    let enemy_first = tested
        .and_then(|i| i.order.first())
        .is_some_and(|r| r.escort.is_none());
    let untested = tested.is_none() && players == 0 && enemy == 0;
    let next = if !enemy_drawn {
        (players < most).then_some(true)
    } else if players >= most && enemy >= most {
        None
    } else if players >= most {
        Some(false)
    } else if enemy >= most {
        Some(true)
    } else if players == enemy {
        Some(!enemy_first)
    } else {
        Some(players < enemy)
    };
    Activations {
        players,
        enemy,
        most,
        standing,
        enemy_standing,
        next,
        enemy_drawn,
        untested,
    }
}

/// Whether the "second soldier" stratagem (KT-11) may be bought for
/// `id` now: its cost, or why not. A team-mate of his must have been
/// activated this turn, he must have no activation open, none of his
/// activations may be joined already this turn, and his team must have
/// the points.
pub fn may_join_activation(c: &Campaign, id: CharId, rules: &RulesData) -> Result<u32, Problem> {
    let at = acting_soldier(c, id, rules)?;
    let cost = stratagem_cost(rules, SECOND_SOLDIER);
    if !at.allowance.in_action {
        return Err(Problem::new("KT-9", "kt.act.no.out_of_action"));
    }
    if at.turn.open().is_some_and(|a| !a.acts.is_empty()) {
        return Err(Problem::new("KT-11", "kt.act.no.second_open"));
    }
    let table = c.table.as_ref();
    if table
        .and_then(Table::joined_now)
        .is_some_and(|j| j.contains_key(&id))
    {
        return Err(Problem::new("KT-11", "kt.act.no.second_twice"));
    }
    let escort = queries::character(c, id).map(|x| x.escort);
    let mate_acted = c.characters.iter().any(|x| {
        x.id != id
            && Some(x.escort) == escort
            && table.is_some_and(|t| !t.soldier_turn(x.id).activations.is_empty())
    });
    if !mate_acted {
        return Err(Problem::new("KT-11", "kt.act.no.second_first"));
    }
    // « sans que l'adversaire ne puisse riposter »: the latest
    // activation at the table was his side's (the enemy's is next).
    let turns = activations(c);
    if rules.killteam.command.second_soldier_straight_after
        && turns.enemy_drawn
        && turns.next != Some(false)
    {
        return Err(Problem::new("KT-11", "kt.act.no.second_not_straight"));
    }
    let points = escort_of(c, id)?.command_points;
    if points < i32::try_from(cost).unwrap_or(i32::MAX) {
        return Err(Problem::new("KT-11", "kt.act.no.points")
            .arg("cost", cost)
            .arg("points", points));
    }
    Ok(cost)
}

/// Whether the soldier `id` may use his `item` at the table now, the
/// way `way` (the first when none): his turn after it and the item's
/// data, or why not (EQ-7, EQ-12, EQ-22, EQ-25, EQ-27 « nécessite une
/// action »). All its actions go in one activation.
pub fn may_use_gear(
    c: &Campaign,
    id: CharId,
    (item, way): (&ItemId, Option<&str>),
    rules: &RulesData,
) -> Result<SoldierTurn, Problem> {
    let moves = (rules.killteam.item(item))
        .and_then(|it| it.gear.as_ref())
        .is_some_and(|g| g.moves);
    gear_turn(c, id, (item, way), moves, rules)
}

/// The turn after `id` used `item` (its way `way`), each of its actions
/// a Move when `moves` (as the event records it), or why not.
pub(in crate::rules::campaign) fn gear_turn(
    c: &Campaign,
    id: CharId,
    (item, way): (&ItemId, Option<&str>),
    moves: bool,
    rules: &RulesData,
) -> Result<SoldierTurn, Problem> {
    let data = &rules.killteam;
    let at = acting_soldier(c, id, rules)?;
    alternation_refusal(c, id, &at.turn, rules)?;
    let it = data
        .item(item)
        .ok_or_else(|| Problem::new("KT-5", "campaign.problem.no_item").arg("item", item))?;
    let Some(gear) = &it.gear else {
        return Err(with_item(
            Problem::new(it.rule.clone(), "kt.gear.not_at_table"),
            data,
            "item",
            item,
        ));
    };
    let carried =
        loot::soldier_at_table(c, id).is_some_and(|s| s.items.iter().any(|c| c.item == *item));
    if !carried {
        return Err(with_item(
            Problem::new("KT-5", "campaign.problem.no_item"),
            data,
            "item",
            item,
        ));
    }
    let table = c.table.as_ref();
    if it.single_use && table.is_some_and(|t| t.struck.contains(&(id, item.clone()))) {
        return Err(with_item(
            Problem::new(it.rule.clone(), "kt.use.struck"),
            data,
            "item",
            item,
        ));
    }
    if gear.once_a_turn && at.turn.gear.contains(item) {
        return Err(with_item(
            Problem::new(it.rule.clone(), "kt.gear.once_a_turn"),
            data,
            "item",
            item,
        ));
    }
    let actions = match way {
        None => gear.ways.first().map_or(1, |w| w.actions),
        Some(w) => gear
            .ways
            .iter()
            .find(|x| x.id == w)
            .map(|x| x.actions)
            .ok_or_else(|| Problem::new(it.rule.clone(), "kt.gear.no_way").arg("way", w))?,
    };
    // KT-14: a grenade is his grenade of the turn; a rope, a parachute
    // or a jump pack moves him.
    let act = if it.grenade {
        Act::Grenade
    } else if moves {
        Act::Move
    } else {
        Act::UseItem
    };
    dazzle_refusal(c, id, act)?;
    let mut turn = at.turn.clone();
    for k in 0..actions {
        let before = turn.activations.len();
        turn = at.allowance.take(data, &turn, act)?.0;
        if k > 0 && turn.activations.len() != before {
            return Err(
                Problem::new(it.rule.clone(), "kt.gear.one_activation").arg("count", actions)
            );
        }
    }
    turn.gear.push(item.clone());
    Ok(turn)
}

/// Whether `character` is a kill-team soldier whose team may pay for
/// the "reroll" stratagem (KT-11) on a roll of the battle screen: the
/// event that pays it, or why not (not a soldier, short of points).
pub fn reroll_payment(
    c: &Campaign,
    character: CharId,
    rules: &RulesData,
) -> Result<CampaignEdit, Problem> {
    let x = queries::character(c, character)
        .ok_or_else(|| Problem::new("KT-11", "battle.reroll.no_team"))?;
    if !matches!(x.member, Member::Soldier(_)) {
        return Err(Problem::new("KT-11", "battle.reroll.no_team"));
    }
    let escort = escort_of(c, character)?;
    let cost = reroll_cost(rules);
    let price = i32::try_from(cost).unwrap_or(i32::MAX);
    if escort.command_points < price {
        return Err(Problem::new("KT-11", "kt.act.no.points")
            .arg("cost", cost)
            .arg("points", escort.command_points));
    }
    Ok(CampaignEdit::Table(TableEdit::SetCommandPoints {
        escort: escort.id,
        points: escort.command_points - price,
    }))
}

pub(in crate::rules::campaign) fn escort_of(c: &Campaign, id: CharId) -> Result<&Escort, Problem> {
    let i = record::index(c, id)?;
    let e = record::escort_index(c, c.characters[i].escort)?;
    Ok(&c.escorts[e])
}
