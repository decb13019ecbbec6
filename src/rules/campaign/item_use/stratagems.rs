//! The stratagems on a single-use item (KT-11): its dice made again, the
//! model it was used on put back as he was, and the "Recharge" stratagem
//! that gives a used item back.

use rand::Rng;

use super::RECHARGE;
use super::effects;
use crate::rules::campaign::acts;
use crate::rules::campaign::edit::CampaignEdit;
use crate::rules::campaign::loot;
use crate::rules::campaign::playing;
use crate::rules::campaign::record;
use crate::rules::campaign::{
    self, Campaign, CharId, Fighter, ItemEdit, ItemResult, Phase, UsedOn,
};
use crate::rules::core::dice::Roll;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::killteam::item_use::{self, Effect};
use crate::rules::killteam::{ItemId, carried_count, with_item};

/// [`ItemEdit::RerollItem`]: the reroll stratagem (KT-11) on an
/// item's dice, « Relancez n'importe quel jet de dé »: only straight
/// after the use (the journal's last event), once. The bearer's team
/// pays; the target is put back as it was and the new dice take
/// effect. No action is spent, and the item is not used twice.
pub(in crate::rules::campaign) fn reroll_item<R: Rng + ?Sized>(
    c: &mut Campaign,
    character: CharId,
    item: ItemId,
    (roll, cost): (Option<Roll>, Option<u32>),
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let (used, on) = item_to_reroll(c, character, &item, rules)?;
    let name = c.characters[playing::player_index(c, character)?]
        .name()
        .to_owned();
    let again = item_use::roll_again(
        &rules.killteam,
        (&item, &name),
        (&used.target, on.wounds),
        roll,
        rng,
    )?;
    let cost = cost.unwrap_or_else(|| campaign::reroll_cost(rules));
    acts::pay_stratagem(c, character, cost, "campaign.log.reroll_item", out)?;
    put_back(c, &on);
    out.rolls.extend(again.rolls.iter().cloned());
    out.lines.push((LineKind::Dice, again.msg.clone()));
    match &again.effect {
        Effect::Heal(n) => effects::heal(c, on.id, *n),
        Effect::Wounds(n) => effects::mortal_wounds(c, on.id, *n, rules, out)?,
        _ => {}
    }
    c.table.get_or_insert_default().used.insert(
        character,
        ItemResult {
            roll: again.roll.clone(),
            effect: again.effect,
            rerolled: true,
            ..used
        },
    );
    Ok(CampaignEdit::Items(ItemEdit::RerollItem {
        character,
        item,
        roll: again.roll,
        cost: Some(cost),
    }))
}

/// Whether the dice of `item`, just used by `character`, may be made
/// again with the reroll stratagem (KT-11) now: its cost, or why not
/// (not the last event, no dice, made again already, short of points).
pub fn may_reroll_item(
    c: &Campaign,
    character: CharId,
    item: &ItemId,
    rules: &RulesData,
) -> Result<u32, Problem> {
    item_to_reroll(c, character, item, rules)?;
    let cost = campaign::reroll_cost(rules);
    let points = acts::escort_of(c, character)?.command_points;
    if points < i32::try_from(cost).unwrap_or(i32::MAX) {
        return Err(Problem::new("KT-11", "kt.act.no.points")
            .arg("cost", cost)
            .arg("points", points));
    }
    Ok(cost)
}

/// The use of `item` whose dice the reroll stratagem may make again,
/// and its target as it was before; or why none.
fn item_to_reroll(
    c: &Campaign,
    character: CharId,
    item: &ItemId,
    rules: &RulesData,
) -> Result<(ItemResult, UsedOn), Problem> {
    record::expect(c, &[Phase::Playing])?;
    let i = playing::player_index(c, character)?;
    let refuse = |key: &'static str| {
        with_item(
            Problem::new("KT-11", key).character(c.characters[i].name()),
            &rules.killteam,
            "item",
            item,
        )
    };
    // The use, or its dice made again (then refused below: never twice).
    let last_use = c.journal.last().is_some_and(|e| {
        matches!(&e.event,
            CampaignEdit::Items(ItemEdit::UseItem { character: ch, item: it, .. } |
ItemEdit::RerollItem { character: ch, item: it, .. })
            if *ch == character && it == item)
    });
    if !last_use {
        return Err(refuse("kt.use.reroll_not_last"));
    }
    let used = c
        .table
        .as_ref()
        .and_then(|t| t.used.get(&character))
        .filter(|u| u.item == *item)
        .ok_or_else(|| refuse("kt.use.reroll_no_die"))?;
    if used.rerolled && rules.killteam.command.reroll_once {
        return Err(refuse("kt.use.reroll_twice"));
    }
    let on = used
        .before
        .clone()
        .filter(|_| used.roll.is_some())
        .ok_or_else(|| refuse("kt.use.reroll_no_die"))?;
    Ok((used.clone(), on))
}

/// The model an item was used on, put back as it was before the use.
fn put_back(c: &mut Campaign, on: &UsedOn) {
    let table = c.table.get_or_insert_default();
    match Fighter::of(on.id) {
        Fighter::Enemy(e) => {
            table.enemy_wounds.insert(e, on.wounds);
            if !on.out {
                table.enemy_out.remove(&e);
            }
        }
        Fighter::Named(n) => {
            table.named_wounds.insert(n, on.wounds);
            if !on.out {
                table.named_out.remove(&n);
            }
        }
        Fighter::Character(_) => {
            table.wounds.insert(on.id, on.wounds);
            if !on.out {
                table.out_of_action.remove(&on.id);
            }
        }
    }
}

/// Whether the "Recharge" stratagem (KT-11) has something to give back
/// to `character`'s `item` at the table: the item struck off or, when
/// it gives back the whole item, one use of it spent.
pub fn rechargeable(c: &Campaign, character: CharId, item: &ItemId, rules: &RulesData) -> bool {
    c.table.as_ref().is_some_and(|t| {
        t.struck.contains(&(character, item.clone()))
            || (rules.killteam.command.recharge_whole_item && t.uses_of(character, item) > 0)
    })
}

/// [`ItemEdit::Recharge`]: the "Recharge" stratagem (KT-11): the
/// bearer's escort pays its command points, and his used item can be
/// used again.
pub(super) fn recharge(
    c: &mut Campaign,
    character: CharId,
    item: ItemId,
    cost: Option<u32>,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    let i = playing::player_index(c, character)?;
    let data = &rules.killteam;
    let strat = data.command.stratagems.iter().find(|s| s.id == RECHARGE);
    let cost = cost
        .or(strat.map(|s| s.cost))
        .ok_or_else(|| Problem::new("KT-11", "kt.recharge.unknown"))?;
    let name = c.characters[i].name().to_owned();
    let key = (character, item.clone());
    if !rechargeable(c, character, &item, rules) {
        return Err(with_item(
            Problem::new("KT-11", "kt.recharge.not_used").character(&name),
            data,
            "item",
            &item,
        ));
    }
    let e = record::escort_index(c, c.characters[i].escort)?;
    let points = c.escorts[e].command_points;
    let step = i32::try_from(cost).unwrap_or(i32::MAX);
    if points < step {
        return Err(Problem::new("KT-11", "kt.recharge.no_points")
            .character(&name)
            .arg("cost", cost)
            .arg("points", points));
    }
    c.escorts[e].command_points = points - step;
    // The whole item, or one more use: the last of an item carried
    // twice (RIB-6).
    let count =
        loot::soldier_at_table(c, character).map_or(1_u32, |s| carried_count(data, &s, &item));
    let spent = if data.command.recharge_whole_item {
        0
    } else {
        count.saturating_sub(1)
    };
    let table = c.table.get_or_insert_default();
    table.struck.remove(&key);
    table.set_uses(character, &item, spent);
    let item_names = data
        .item(&item)
        .map(|i| i.names.clone())
        .unwrap_or_default();
    out.lines.push((
        LineKind::Info,
        Msg::new("kt.recharge.done")
            .text("player", &c.escorts[e].player)
            .text("character", &name)
            .names("item", &item_names)
            .int("cost", cost)
            .int("points", points - step),
    ));
    Ok(CampaignEdit::Items(ItemEdit::Recharge {
        character,
        item,
        cost: Some(cost),
    }))
}
