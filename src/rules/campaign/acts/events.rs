//! The events of the turn at the table, as the dispatcher hands them over:
//! an action, an activation ended, the stratagems bought (third action,
//! second soldier), the insignia given, an item used, an action taken
//! back, and a drawn enemy's activation.

use crate::rules::campaign::TurnEdit;
use crate::rules::campaign::acts;
use crate::rules::campaign::edit::CampaignEdit;
use crate::rules::campaign::enemy;
use crate::rules::campaign::loot;
use crate::rules::campaign::queries;
use crate::rules::campaign::record;
use crate::rules::campaign::{Campaign, CharId, Phase};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::killteam::ItemId;
use crate::rules::killteam::activation::{Act, SoldierTurn, third_action_cost};

/// An event of the turn at the table, as the dispatcher hands them over.
pub(in crate::rules::campaign) fn turn_event(
    c: &mut Campaign,
    edit: TurnEdit,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    match edit {
        TurnEdit::Act {
            character,
            act: taken,
        } => act(c, character, taken, rules, out),
        TurnEdit::EndActivation { character } => end_activation(c, character, rules, out),
        TurnEdit::ThirdAction { character, cost } => third_action(c, character, cost, rules, out),
        TurnEdit::GiveInsignia { character, to } => insignia(c, character, to, rules, out),
        TurnEdit::TakeBackAct { character } => take_back_act(c, character, rules, out),
        TurnEdit::SecondSoldier { character, cost } => {
            second_soldier(c, character, cost, rules, out)
        }
        TurnEdit::EnemyActivation { index } => enemy_activation(c, index, rules, out),
        TurnEdit::UseGear {
            character,
            item,
            way,
            moves,
        } => use_gear(c, character, (item, way, moves), rules, out),
    }
}

/// The soldier `id` takes `act` (for an item used, `item_use.rs` calls
/// this with [`Act::UseItem`]): his turn with it, and a line saying so.
pub(in crate::rules::campaign) fn take_act(
    c: &mut Campaign,
    id: CharId,
    act: Act,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<(), Problem> {
    let at = acts::acting_soldier(c, id, rules)?;
    let (next, note) = at.allowance.take(&rules.killteam, &at.turn, act)?;
    acts::dazzle_refusal(c, id, act)?;
    acts::alternation_refusal(c, id, &at.turn, rules)?;
    let left = at.allowance.left(&rules.killteam, &next);
    let total = at.allowance.total(&rules.killteam, &next);
    let name = queries::character(c, id).map(|x| x.name().to_owned());
    set_turn(c, id, next);
    let line = Msg::new("campaign.log.act")
        .text("name", name.unwrap_or_default())
        .key("act", act.key())
        .int("left", left)
        .int("total", total);
    out.lines.push((LineKind::Info, line));
    if let Some(note) = note {
        out.lines.push((LineKind::Info, note));
    }
    Ok(())
}

/// [`TurnEdit::Act`]: a soldier's action at the table.
pub(in crate::rules::campaign) fn act(
    c: &mut Campaign,
    character: CharId,
    act: Act,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    if act == Act::UseItem {
        // An item's action comes with the item used (EQ-6 …), never alone.
        return Err(Problem::new("KT-9", "kt.act.no.item_alone"));
    }
    take_act(c, character, act, rules, out)?;
    Ok(CampaignEdit::Turn(TurnEdit::Act { character, act }))
}

/// [`TurnEdit::EndActivation`]: the player ends the soldier's
/// activation before it is full; his next action opens another.
pub(in crate::rules::campaign) fn end_activation(
    c: &mut Campaign,
    character: CharId,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let at = acts::acting_soldier(c, character, rules)?;
    if at.turn.open().is_none_or(|a| a.acts.is_empty()) {
        return Err(Problem::new("KT-9", "kt.act.no.none_to_end"));
    }
    let mut next = at.turn;
    next.end_activation();
    set_turn(c, character, next);
    let name = queries::character(c, character).map(|x| x.name().to_owned());
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.end_activation").text("name", name.unwrap_or_default()),
    ));
    Ok(CampaignEdit::Turn(TurnEdit::EndActivation { character }))
}

/// [`TurnEdit::ThirdAction`]: the "third action" stratagem (KT-11)
/// for the soldier's open activation, paid by his team's command points
/// in the same event.
pub(in crate::rules::campaign) fn third_action(
    c: &mut Campaign,
    character: CharId,
    cost: Option<u32>,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let at = acts::acting_soldier(c, character, rules)?;
    // Played again from the journal: the price it had then.
    let cost = cost.unwrap_or_else(|| third_action_cost(&rules.killteam));
    let points = acts::escort_of(c, character)?.command_points;
    let next = at.allowance.third_action_at(&at.turn, points, cost)?;
    pay_stratagem(c, character, cost, "campaign.log.third_action", out)?;
    set_turn(c, character, next);
    Ok(CampaignEdit::Turn(TurnEdit::ThirdAction {
        character,
        cost: Some(cost),
    }))
}

/// [`TurnEdit::GiveInsignia`]: the sergeant `character` gives his
/// command insignia's action to `to` (EQ-31).
pub(in crate::rules::campaign) fn insignia(
    c: &mut Campaign,
    character: CharId,
    to: CharId,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let (gave, next) = acts::insignia_turns(c, character, to, rules)?;
    set_turn(c, character, gave);
    set_turn(c, to, next);
    let name = |id| {
        queries::character(c, id)
            .map(|x| x.name().to_owned())
            .unwrap_or_default()
    };
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.insignia")
            .text("giver", name(character))
            .text("name", name(to)),
    ));
    Ok(CampaignEdit::Turn(TurnEdit::GiveInsignia { character, to }))
}

/// [`TurnEdit::TakeBackAct`]: the soldier's last action taken back
/// (a slip of the hand); the boosts bought stay.
pub(in crate::rules::campaign) fn take_back_act(
    c: &mut Campaign,
    character: CharId,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let at = acts::acting_soldier(c, character, rules)?;
    let mut next = at.turn;
    let Some(act) = next.take_back() else {
        return Err(Problem::new("KT-9", "kt.act.no.none_to_take_back"));
    };
    set_turn(c, character, next);
    let name = queries::character(c, character).map(|x| x.name().to_owned());
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.take_back_act")
            .text("name", name.unwrap_or_default())
            .key("act", act.key()),
    ));
    Ok(CampaignEdit::Turn(TurnEdit::TakeBackAct { character }))
}

/// [`TurnEdit::EnemyActivation`]: a drawn enemy activated this turn
/// (KT-8). Refused for an enemy out of action or already activated this
/// turn.
pub(in crate::rules::campaign) fn enemy_activation(
    c: &mut Campaign,
    index: usize,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    // KT-8: the enemy waits while it is the players' turn.
    if rules.killteam.turn.alternation_enforced && acts::activations(c).next == Some(true) {
        return Err(Problem::new("KT-8", "kt.act.no.players_turn"));
    }
    if enemy::at(c, index).is_none() {
        return Err(Problem::new("CMP-15", "campaign.problem.no_enemy").arg("index", index + 1));
    }
    let names = enemy::names(c, index);
    let table = c.table.get_or_insert_default();
    if table.enemy_out.contains(&index) {
        return Err(Problem::new("KT-9", "kt.act.no.out_of_action"));
    }
    table.roll_over();
    if table.acts.enemies.contains(&index) {
        return Err(Problem::new("KT-8", "kt.act.no.enemy_activated"));
    }
    table.acts.enemies.push(index);
    table.acts.opened = table.acts.opened.saturating_add(1);
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.enemy_activation").names("name", &names),
    ));
    Ok(CampaignEdit::Turn(TurnEdit::EnemyActivation { index }))
}

/// [`TurnEdit::SecondSoldier`]: the "second soldier" stratagem
/// (KT-11): `character` is activated straight after a team-mate, with
/// no reply, and both count as one activation (KT-8); his team pays.
pub(in crate::rules::campaign) fn second_soldier(
    c: &mut Campaign,
    character: CharId,
    cost: Option<u32>,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let now = acts::may_join_activation(c, character, rules)?;
    // Played again from the journal: the price it had then.
    let cost = cost.unwrap_or(now);
    let at = acts::acting_soldier(c, character, rules)?;
    pay_stratagem(c, character, cost, "campaign.log.second_soldier", out)?;
    let place = at.turn.activations.len() - usize::from(at.turn.open().is_some());
    let table = c.table.get_or_insert_default();
    table.roll_over();
    table.acts.joined.insert(character, place);
    Ok(CampaignEdit::Turn(TurnEdit::SecondSoldier {
        character,
        cost: Some(cost),
    }))
}

/// [`TurnEdit::UseGear`]: a soldier uses an item that touches no
/// other model; its actions spent, a single-use one struck off (RIB-6:
/// counted by item).
pub(in crate::rules::campaign) fn use_gear(
    c: &mut Campaign,
    character: CharId,
    (item, way, moves): (ItemId, Option<String>, bool),
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let next = acts::gear_turn(c, character, (&item, way.as_deref()), moves, rules)?;
    let data = &rules.killteam;
    let single = data.item(&item).is_some_and(|i| i.single_use);
    let count = loot::soldier_at_table(c, character).map_or(1, |s| {
        crate::rules::killteam::carried_count(data, &s, &item)
    });
    let table = c.table.get_or_insert_default();
    table.set_soldier_turn(character, next);
    if single {
        table.use_one(character, &item, count);
    }
    let name = queries::character(c, character).map(|x| x.name().to_owned());
    let names = data
        .item(&item)
        .map(|i| i.names.clone())
        .unwrap_or_default();
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.use_gear")
            .text("name", name.unwrap_or_default())
            .names("item", &names),
    ));
    Ok(CampaignEdit::Turn(TurnEdit::UseGear {
        character,
        item,
        way,
        moves,
    }))
}

/// The soldier `character`'s team pays `cost` command points for a
/// stratagem (KT-11), said by the log line `key`; refused short of
/// points.
pub(in crate::rules::campaign) fn pay_stratagem(
    c: &mut Campaign,
    character: CharId,
    cost: u32,
    key: &'static str,
    out: &mut Outcome,
) -> Result<(), Problem> {
    let e = record::escort_index(c, acts::escort_of(c, character)?.id)?;
    let points = c.escorts[e].command_points;
    let price = i32::try_from(cost).unwrap_or(i32::MAX);
    if points < price {
        return Err(Problem::new("KT-11", "kt.act.no.points")
            .arg("cost", cost)
            .arg("points", points));
    }
    c.escorts[e].command_points = points - price;
    let name = queries::character(c, character).map(|x| x.name().to_owned());
    out.lines.push((
        LineKind::Info,
        Msg::new(key)
            .text("name", name.unwrap_or_default())
            .int("cost", cost)
            .int("points", points - price),
    ));
    Ok(())
}

fn set_turn(c: &mut Campaign, id: CharId, turn: SoldierTurn) {
    c.table.get_or_insert_default().set_soldier_turn(id, turn);
}
