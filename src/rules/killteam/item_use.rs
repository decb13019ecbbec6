//! Single-use items used at the table (EQ-6 medikit, EQ-10 flash grenade,
//! EQ-11 mine, EQ-15 chem bomb, EQ-19 gas mask, EQ-23 knife): the use is
//! checked (the item carried, not struck yet, a target it allows, not out
//! of action), its dice rolled or typed in and kept, and what it does said
//! in a message translated only when shown. What it changes on the table is
//! the campaign's to apply; the reach is the player's word (the table has
//! no board). Each item's numbers are its `use` in `killteam.json`.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::data::{Item, ItemId, ItemUse, KillTeamData, UseEffect, UseTargets};
use crate::rules::core::dice::{Roll, RollFor, amount_dice};
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;

/// Who the target is to the bearer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// The bearer himself.
    Bearer,
    /// A model of the bearer's own escort.
    TeamMate,
    /// Another player's model, or an enemy.
    Other,
}

/// The model an item is used on, as the table knows it.
#[derive(Clone, Debug)]
pub struct Target<'a> {
    /// Its names, for the message.
    pub names: Names,
    /// Who it is to the bearer.
    pub relation: Relation,
    /// The items it carries, by id (EQ-19).
    pub items: &'a [ItemId],
    /// The wounds it has taken.
    pub wounds: u32,
    /// Out of action already.
    pub out: bool,
}

/// A use of an item, as the table asks it.
#[derive(Clone, Debug)]
pub struct Ask<'a> {
    /// The item's id.
    pub item: &'a ItemId,
    /// The bearer's name.
    pub bearer: &'a str,
    /// The bearer carries it.
    pub carried: bool,
    /// Struck off already (used).
    pub struck: bool,
    /// A laid item (EQ-11) waiting to go off: this use is its explosion.
    pub laid: bool,
    /// The model it is used on; none to lay a mine.
    pub target: Option<Target<'a>>,
}

/// What a use does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// The target regains this many wounds (never more than it lost).
    Heal(u32),
    /// The target suffers this many mortal wounds.
    Wounds(u32),
    /// The target cannot move this turn and has -1 to its hit rolls.
    Dazzled,
    /// The target carries this item, which makes it ignore the one used
    /// (EQ-19).
    Ignored(ItemId),
    /// The item is laid; it goes off later (EQ-11).
    Laid,
}

/// A use checked and rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Used {
    /// It costs the bearer an action (the data's `action`; a mine going
    /// off costs none).
    pub action: bool,
    /// What it does.
    pub effect: Effect,
    /// The dice rolled, if any.
    pub roll: Option<Roll>,
    /// Every roll, with what it was for.
    pub rolls: Vec<RollFor>,
    /// What happened, to show.
    pub msg: Msg,
}

/// The item `id` and how it is used, or why it cannot be used at the table.
pub fn usage<'d>(data: &'d KillTeamData, id: &ItemId) -> Result<(&'d Item, &'d ItemUse), Problem> {
    data.item(id)
        .and_then(|i| i.usage.as_ref().map(|u| (i, u)))
        .ok_or_else(|| {
            super::with_item(Problem::new("KT-5", "kt.use.not_usable"), data, "item", id)
        })
}

/// Whether `relation` is a target `targets` allows.
pub fn allows(targets: UseTargets, relation: Relation) -> bool {
    match targets {
        UseTargets::SelfOrTeamMate => relation != Relation::Other,
        UseTargets::Others => relation != Relation::Bearer,
        UseTargets::Any => true,
    }
}

/// The locale key naming whom an item may be used on.
pub fn targets_key(targets: UseTargets) -> &'static str {
    match targets {
        UseTargets::SelfOrTeamMate => "kt.use.targets.self_or_team_mate",
        UseTargets::Others => "kt.use.targets.others",
        UseTargets::Any => "kt.use.targets.any",
    }
}

/// Checks a use (EQ-6, EQ-10, EQ-11, EQ-15, EQ-19, EQ-23) and rolls its
/// dice (`given`: typed in from real dice, checked), keeping every die.
pub fn use_item<R: Rng + ?Sized>(
    data: &KillTeamData,
    ask: &Ask<'_>,
    given: Option<Roll>,
    rng: &mut R,
) -> Result<Used, Problem> {
    let (item, u) = usage(data, ask.item)?;
    let refuse = |key: &'static str| {
        super::with_item(
            Problem::new(item.rule.clone(), key).character(ask.bearer),
            data,
            "item",
            ask.item,
        )
    };
    if !ask.carried {
        return Err(refuse("kt.use.not_carried"));
    }
    if ask.laid && !u.laid {
        return Err(refuse("kt.use.not_laid"));
    }
    if ask.struck && !ask.laid {
        return Err(refuse("kt.use.struck"));
    }
    let Some(target) = &ask.target else {
        if u.laid && !ask.laid {
            let msg = effect_msg(data, (item, ask.bearer), &Names::new(), None, &Effect::Laid);
            return Ok(Used {
                action: item.action,
                effect: Effect::Laid,
                roll: None,
                rolls: Vec::new(),
                msg,
            });
        }
        return Err(refuse("kt.use.no_target"));
    };
    if u.laid && !ask.laid {
        return Err(refuse("kt.use.lay_first"));
    }
    check_target(data, item, u, target, ask.bearer)?;
    let action = item.action && !ask.laid;
    let (effect, roll) = match u.ignored_by.iter().find(|i| target.items.contains(i)) {
        Some(by) => (Effect::Ignored(by.clone()), None),
        None => {
            let (amount, roll) = amount_of(u, &item.rule, given, rng)?;
            let effect = match u.effect {
                UseEffect::Heal => Effect::Heal(amount.min(target.wounds)),
                UseEffect::MortalWounds => Effect::Wounds(amount),
                UseEffect::Dazzle => Effect::Dazzled,
            };
            (effect, roll)
        }
    };
    let rolls = roll
        .iter()
        .map(|r| RollFor {
            purpose: "dice.for.item",
            roll: r.clone(),
        })
        .collect();
    let msg = effect_msg(
        data,
        (item, ask.bearer),
        &target.names,
        roll.as_ref(),
        &effect,
    );
    Ok(Used {
        action,
        effect,
        roll,
        rolls,
        msg,
    })
}

/// The dice of a use made again with the reroll stratagem (KT-11): the
/// item's dice rolled (or typed in) once more, and the effect they now
/// have on a target who had taken `wounds` before the use. Refused for a
/// use that rolled no dice.
pub fn roll_again<R: Rng + ?Sized>(
    data: &KillTeamData,
    (id, bearer): (&ItemId, &str),
    (target, wounds): (&Names, u32),
    given: Option<Roll>,
    rng: &mut R,
) -> Result<Used, Problem> {
    let (item, u) = usage(data, id)?;
    let no_die = || {
        super::with_item(
            Problem::new("KT-11", "kt.use.reroll_no_die").character(bearer),
            data,
            "item",
            id,
        )
    };
    let (amount, roll) = amount_of(u, &item.rule, given, rng)?;
    let Some(roll) = roll else {
        return Err(no_die());
    };
    let effect = match u.effect {
        UseEffect::Heal => Effect::Heal(amount.min(wounds)),
        UseEffect::MortalWounds => Effect::Wounds(amount),
        UseEffect::Dazzle => return Err(no_die()),
    };
    let msg = effect_msg(data, (item, bearer), target, Some(&roll), &effect);
    Ok(Used {
        action: false,
        effect,
        rolls: vec![RollFor {
            purpose: "dice.for.item",
            roll: roll.clone(),
        }],
        roll: Some(roll),
        msg,
    })
}

/// What a use did, as a message: the item, its dice and its effect on the
/// target (`Medikit (D3: 2): Vask regains 2 wounds`).
pub fn effect_msg(
    data: &KillTeamData,
    (item, bearer): (&Item, &str),
    target: &Names,
    roll: Option<&Roll>,
    effect: &Effect,
) -> Msg {
    let base = |key: &'static str| {
        Msg::new(key)
            .names("item", &item.names)
            .names("target", target)
    };
    // With its dice when it has some (`D3: 2`), else the data's number.
    let with_roll = |key: &'static str, fixed: &'static str, n: u32| match roll {
        Some(r) => base(key).text("roll", r.to_string()).int("wounds", n),
        None => base(fixed).int("wounds", n),
    };
    match effect {
        Effect::Heal(n) => with_roll("kt.use.healed", "kt.use.healed_fixed", *n),
        Effect::Wounds(n) => with_roll("kt.use.wounded", "kt.use.wounded_fixed", *n),
        Effect::Dazzled => base("kt.use.dazzled"),
        Effect::Ignored(by) => {
            let protection = data.item(by).map(|i| i.names.clone()).unwrap_or_default();
            base("kt.use.ignored").names("protection", &protection)
        }
        Effect::Laid => Msg::new("kt.use.laid")
            .text("character", bearer)
            .names("item", &item.names)
            .int("range", item.usage.as_ref().map_or(0, |u| u.range_inches)),
    }
}

/// Refuses a target the item does not allow, or one out of action.
fn check_target(
    data: &KillTeamData,
    item: &Item,
    u: &ItemUse,
    target: &Target<'_>,
    bearer: &str,
) -> Result<(), Problem> {
    let named =
        |p: Problem| super::with_item(p, data, "item", &item.id).named("target", "", &target.names);
    if !allows(u.targets, target.relation) {
        return Err(named(
            Problem::new(item.rule.clone(), "kt.use.bad_target")
                .character(bearer)
                .keyed("allowed", "", targets_key(u.targets)),
        ));
    }
    if target.out {
        return Err(named(
            Problem::new(item.rule.clone(), "kt.use.target_out").character(bearer),
        ));
    }
    Ok(())
}

/// The wounds a use heals or causes: the data's number, or its dice rolled
/// or typed in (checked: the data's count of dice, each a face).
fn amount_of<R: Rng + ?Sized>(
    u: &ItemUse,
    rule: &str,
    given: Option<Roll>,
    rng: &mut R,
) -> Result<(u32, Option<Roll>), Problem> {
    let Some(amount) = &u.amount else {
        return Ok((0, None));
    };
    match amount_dice(amount)? {
        Ok(n) => Ok((n, None)),
        Err(dice) => {
            let roll = match given {
                None => Roll::new(rng, dice.count, dice.sides, 0),
                Some(r) => {
                    let fits = r.faces.len() == dice.count as usize
                        && r.faces.iter().all(|f| (1..=dice.sides).contains(f));
                    if !fits {
                        return Err(Problem::new(rule.to_owned(), "campaign.problem.bad_dice")
                            .arg("count", dice.count)
                            .arg("sides", dice.sides));
                    }
                    Roll::from_faces(dice.sides, r.faces, 0)
                }
            };
            let n = u32::try_from(roll.total.max(0)).unwrap_or(0);
            Ok((n, Some(roll)))
        }
    }
}
