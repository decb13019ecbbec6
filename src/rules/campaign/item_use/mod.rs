//! Single-use items at the table (EQ-6, EQ-10, EQ-11, EQ-15, EQ-19,
//! EQ-23) and the "Recharge" stratagem (KT-11): each one event, its dice
//! kept in it, so that the journal replays it.
//!
//! Decision (EQ-11): a mine goes off once, on the one model the player
//! names; it is then gone.

use super::{Campaign, CharId, Fighter, ItemResult, Member, Phase, UsedOn};
use rand::Rng;

use super::edit::CampaignEdit;
use crate::rules::campaign::ItemEdit;
use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;
use crate::rules::core::dice::Roll;
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::killteam::item_use::{self, Ask, Effect, Relation, Target};
use crate::rules::killteam::{ItemId, carried_count, with_item};

mod effects;
mod stratagems;
pub use effects::laying_in_activation;
pub use effects::mine_armed;
pub use stratagems::may_reroll_item;
pub use stratagems::rechargeable;

use super::loot;
use super::playing;
use super::record;
pub use effects::item_targets;

/// The stratagem that lets a used item be used again (KT-11), by its id
/// in `killteam.json`.
pub const RECHARGE: &str = "recharge";

/// What the table knows of a target: its names, who it is to the bearer,
/// its items, wounds taken and whether it is out of action.
struct Known {
    names: Names,
    relation: Relation,
    items: Vec<ItemId>,
    wounds: u32,
    out: bool,
}

/// The model `target` as the bearer `bearer` sees it: a drawn enemy, a
/// model the mission names who fights, or a character playing.
fn known(
    c: &Campaign,
    bearer: CharId,
    target: CharId,
    rules: &RulesData,
) -> Result<Known, Problem> {
    let table = c.table.clone().unwrap_or_default();
    if let Fighter::Named(n) = Fighter::of(target) {
        named::max(c, n, rules)?;
        return Ok(Known {
            names: named::names(c, n, rules),
            relation: Relation::Other,
            items: Vec::new(),
            wounds: named::taken(c, n),
            out: named::out(c, n),
        });
    }
    if let Fighter::Enemy(e) = Fighter::of(target) {
        if enemy::at(c, e).is_none() {
            return Err(Problem::new("CMP-15", "campaign.problem.no_enemy").arg("index", e + 1));
        }
        return Ok(Known {
            names: enemy::names(c, e),
            relation: Relation::Other,
            items: Vec::new(),
            wounds: table.enemy_wounds.get(&e).copied().unwrap_or(0),
            out: table.enemy_out.contains(&e),
        });
    }
    let b = playing::player_index(c, bearer)?;
    let t = playing::player_index(c, target)?;
    let relation = if target == bearer {
        Relation::Bearer
    } else if c.characters[t].escort == c.characters[b].escort {
        Relation::TeamMate
    } else {
        Relation::Other
    };
    let items = match &c.characters[t].member {
        Member::Soldier(s) => s.items.iter().map(|ch| ch.item.clone()).collect(),
        Member::Character(_) => Vec::new(),
    };
    Ok(Known {
        names: Names::from([("en".to_owned(), c.characters[t].name().to_owned())]),
        relation,
        items,
        wounds: table.wounds.get(&target).copied().unwrap_or(0),
        out: table.out_of_action.contains(&target),
    })
}

/// [`ItemEdit::UseItem`], [`ItemEdit::RerollItem`],
/// [`ItemEdit::Recharge`] or [`ItemEdit::RemoveMine`], as the
/// dispatcher hands them over.
pub(super) fn item_event<R: Rng + ?Sized>(
    c: &mut Campaign,
    edit: ItemEdit,
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    match edit {
        ItemEdit::StrikeItem {
            character,
            item,
            struck,
        } => playing::strike_item(c, character, item, struck, rules),
        ItemEdit::UseItem {
            character,
            item,
            target,
            roll,
        } => use_item(c, character, (item, target), roll, rules, rng, out),
        ItemEdit::Recharge {
            character,
            item,
            cost,
        } => stratagems::recharge(c, character, item, cost, rules, out),
        ItemEdit::RerollItem {
            character,
            item,
            roll,
            cost,
        } => stratagems::reroll_item(c, character, item, (roll, cost), rules, rng, out),
        ItemEdit::RemoveMine {
            character,
            bearer,
            item,
        } => remove_mine(c, character, bearer, item, rules, out),
        ItemEdit::Loot {
            character,
            from,
            pick,
        } => loot::loot(c, character, from, pick, rules, out),
    }
}

/// [`ItemEdit::RemoveMine`]: a Deminer clears a laid mine (RIB-5).
/// Decision: at a campaign's table the mines laid are the players' own
/// (the drawn enemy lays none), and a Deminer may clear any of them; the
/// rule says "enemy mine" as it is written for two kill teams facing
/// each other. Refused for anyone without the ribbon, one out of action,
/// or a mine not laid.
fn remove_mine(
    c: &mut Campaign,
    character: CharId,
    bearer: CharId,
    item: ItemId,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    let i = playing::player_index(c, character)?;
    let name = c.characters[i].name().to_owned();
    let data = &rules.killteam;
    let removal = match &c.characters[i].member {
        Member::Soldier(s) => crate::rules::killteam::ribbons::mine_removal(data, s),
        Member::Character(_) => None,
    };
    let Some(removal) = removal else {
        return Err(Problem::new("RIB-5", "kt.remove_mine.not_deminer").character(&name));
    };
    let table = c.table.get_or_insert_default();
    if table.out_of_action.contains(&character) {
        return Err(Problem::new("KT-9", "kt.remove_mine.out").character(&name));
    }
    if !table.laid.contains(&(bearer, item.clone())) {
        return Err(Problem::new(
            removal.rule.clone(),
            "kt.remove_mine.none_laid",
        ));
    }
    table.mine_gone(bearer, &item);
    let laid_by = queries::character(c, bearer).map_or_else(String::new, |x| x.name().to_owned());
    out.lines.push((
        LineKind::Info,
        Msg::new("kt.remove_mine.done")
            .text("character", &name)
            .text("bearer", &laid_by)
            .text("rule", &removal.rule),
    ));
    Ok(CampaignEdit::Items(ItemEdit::RemoveMine {
        character,
        bearer,
        item,
    }))
}

/// [`ItemEdit::UseItem`]: a single-use item used at the table, at its
/// target when it has one.
fn use_item<R: Rng + ?Sized>(
    c: &mut Campaign,
    character: CharId,
    (item, target): (ItemId, Option<CharId>),
    roll: Option<Roll>,
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    let i = playing::player_index(c, character)?;
    let data = &rules.killteam;
    let (it, usage) = item_use::usage(data, &item)?;
    let table = c.table.clone().unwrap_or_default();
    let key = (character, item.clone());
    let laid = usage.laid && target.is_some() && table.laid.contains(&key);
    let name = c.characters[i].name().to_owned();
    // A mine laid goes off even once its bearer is out (EQ-11).
    if !laid && table.out_of_action.contains(&character) {
        return Err(with_item(
            Problem::new(it.rule.clone(), "kt.use.bearer_out").character(&name),
            data,
            "item",
            &item,
        ));
    }
    if laid {
        effects::mine_armed(c, character, &item, rules)?;
    } else {
        if usage.laid {
            effects::laying_in_activation(c, character, (it, &name), rules)?;
        }
        effects::item_action(c, character, it, rules)?;
    }
    let known = target.map(|t| known(c, character, t, rules)).transpose()?;
    let before = target.zip(known.as_ref()).map(|(id, k)| UsedOn {
        id,
        wounds: k.wounds,
        out: k.out,
    });
    let ask = Ask {
        item: &item,
        bearer: &name,
        carried: c.characters[i].member.carries(&item),
        struck: table.struck.contains(&key),
        laid,
        target: known.as_ref().map(|k| Target {
            names: k.names.clone(),
            relation: k.relation,
            items: &k.items,
            wounds: k.wounds,
            out: k.out,
        }),
    };
    let used = item_use::use_item(data, &ask, roll, rng)?;
    out.rolls.extend(used.rolls.iter().cloned());
    out.lines.push((LineKind::Dice, used.msg.clone()));
    // RIB-6 « soit deux mines, soit deux bombes chimiques, soit deux
    // grenades éclairantes »: an item carried twice is struck off with
    // its second use.
    let count =
        loot::soldier_at_table(c, character).map_or(1_u32, |s| carried_count(data, &s, &item));
    let table = c.table.get_or_insert_default();
    if laid {
        table.mine_gone(character, &item);
    } else {
        table.use_one(character, &item, count);
    }
    let turn = table.turn();
    match (&used.effect, target) {
        (Effect::Laid, _) => table.mine_laid(character, &item),
        (Effect::Dazzled, Some(t)) => {
            table.dazzled.insert(t, turn);
        }
        (Effect::Heal(n), Some(t)) => effects::heal(c, t, *n),
        (Effect::Wounds(n), Some(t)) => effects::mortal_wounds(c, t, *n, rules, out)?,
        _ => {}
    }
    c.table.get_or_insert_default().used.insert(
        character,
        ItemResult {
            item: item.clone(),
            target: known.map(|k| k.names).unwrap_or_default(),
            roll: used.roll.clone(),
            effect: used.effect,
            before,
            rerolled: false,
        },
    );
    Ok(CampaignEdit::Items(ItemEdit::UseItem {
        character,
        item,
        target,
        roll: used.roll,
    }))
}
