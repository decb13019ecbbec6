//! Events at the table: ticks, wounds, initiative, the enemy's behaviour
//! (the mission's end is in `mission_end.rs`).

use super::{Campaign, CharId, EscortId, EscortKind, Fighter, Phase};
use crate::rules::campaign::queries;
use crate::rules::killteam::{ItemId, with_item};
use std::collections::BTreeMap;

use rand::Rng;

use super::edit::CampaignEdit;
use super::enemy;
use super::named;
use super::record;
use super::record::{dice, no_escort, total};
use crate::rules::campaign::{DebriefEdit, ItemEdit, Sides, TableEdit};
use crate::rules::core::dice::Roll;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

/// [`TableEdit::EnemyBehaviour`]: what an enemy character does at its
/// activation, in solo play: its Cran test in the mission's attack or
/// defence mode (CMP-15).
pub(super) fn enemy_behaviour<R: Rng + ?Sized>(
    c: &mut Campaign,
    index: usize,
    roll: Option<Roll>,
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let rates = queries::rates(c, &rules.campaign).into_owned();
    record::expect(c, &[Phase::Playing])?;
    let m = c
        .mission
        .as_ref()
        .ok_or_else(|| Problem::new("CMP-15", "campaign.problem.not_playing"))?;
    let Some(enemy) = m.enemy.get(index) else {
        return Err(Problem::new("CMP-15", "campaign.problem.no_enemy").arg("index", index + 1));
    };
    let cran = enemy
        .cran
        .unwrap_or_else(|| rates.cran(c.settings.cran_die).map_or(1, |f| f.enemy));
    let names = enemy.names.clone();
    let mode = m.mode;
    let roll = dice(
        roll,
        1,
        c.settings.cran_die,
        "CMP-15",
        "dice.for.behaviour",
        rng,
        out,
    )?;
    let passed = total(&roll) >= cran;
    let key = match (mode, passed) {
        (super::Mode::Attack, true) => "campaign.behaviour.attack_passed",
        (super::Mode::Attack, false) => "campaign.behaviour.attack_failed",
        (super::Mode::Defence, true) => "campaign.behaviour.defence_passed",
        (super::Mode::Defence, false) => "campaign.behaviour.defence_failed",
    };
    out.lines.push((
        LineKind::Dice,
        Msg::new("campaign.log.behaviour")
            .names("enemy", &names)
            .int("index", index + 1)
            .text("roll", roll.to_string())
            .int("cran", cran)
            .key("what", key),
    ));
    let turn = c.table.as_ref().map_or(1, super::Table::turn);
    c.table.get_or_insert_default().behaviour.insert(
        index,
        super::Behaviour {
            turn,
            roll: total(&roll),
            cran,
            passed,
        },
    );
    Ok(CampaignEdit::Table(TableEdit::EnemyBehaviour {
        index,
        roll: Some(roll),
    }))
}

/// [`TableEdit::Initiative`]: each player tests his initiative and the
/// enemy's is tested once: every side acts in the order it gives (CMP-16).
pub(super) fn initiative_test<R: Rng + ?Sized>(
    c: &mut Campaign,
    rolls: Vec<super::InitiativeRoll>,
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let rates = queries::rates(c, &rules.campaign).into_owned();
    record::expect(c, &[Phase::Playing])?;
    let order = initiative(c, rolls, &rates, rng, out)?;
    let table = c.table.get_or_insert_default();
    // The next test is the next turn's, unless a "New turn"
    // began a later one (KT-11).
    let turn = (table.initiative.as_ref().map_or(0, |i| i.turn) + 1).max(table.turn);
    out.lines.push((
        LineKind::Dice,
        Msg::new("campaign.log.initiative").int("turn", turn),
    ));
    for (place, side) in order.iter().enumerate() {
        let faces = side
            .faces()
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" · ");
        let line = match side.escort.and_then(|e| queries::escort(c, e)) {
            Some(e) => Msg::new("campaign.log.initiative_player").text("player", &e.player),
            None => Msg::new("campaign.log.initiative_enemy"),
        };
        out.lines.push((
            LineKind::Dice,
            line.int("place", place + 1).text("faces", faces),
        ));
    }
    let table = c.table.get_or_insert_default();
    table.initiative = Some(super::Initiative {
        turn,
        order: order.clone(),
    });
    Ok(CampaignEdit::Table(TableEdit::Initiative { rolls: order }))
}

/// [`TableEdit::NewTurn`]: a new turn at the table: each kill team gains
/// its command points for the turn (KT-11), and the items' results of
/// the turn before leave the cards.
pub(super) fn new_turn(
    c: &mut Campaign,
    gain: Option<u32>,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    // KT-11: each player starts with his command points and
    // gains more each turn; the first turn is played with the
    // start (Decision), so the gain comes with each later one.
    let gain = gain.unwrap_or(rules.killteam.command.per_turn);
    let table = c.table.get_or_insert_default();
    let turn = table.turn() + 1;
    table.turn = turn;
    // What an item did last turn is told in the journal; the cards
    // show this turn's.
    table.used.clear();
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.new_turn").int("turn", turn),
    ));
    let step = i32::try_from(gain).unwrap_or(i32::MAX);
    for e in c
        .escorts
        .iter_mut()
        .filter(|e| e.kind == EscortKind::KillTeam)
    {
        e.command_points = e.command_points.saturating_add(step);
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.command_gain")
                .text("player", &e.player)
                .int("gain", gain)
                .int("points", e.command_points),
        ));
    }
    Ok(CampaignEdit::Table(TableEdit::NewTurn { gain: Some(gain) }))
}

/// [`TableEdit::SetWounds`]: wounds taken by a character at the table.
pub(super) fn set_wounds(
    c: &mut Campaign,
    character: CharId,
    wounds: u32,
    rules: &RulesData,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    match Fighter::of(character) {
        Fighter::Enemy(e) => {
            enemy::set_enemy_wounds(c, e, wounds, rules)?;
            return Ok(CampaignEdit::Table(TableEdit::SetWounds {
                character,
                wounds,
            }));
        }
        Fighter::Named(n) => {
            named::set_named_wounds(c, n, wounds, rules)?;
            return Ok(CampaignEdit::Table(TableEdit::SetWounds {
                character,
                wounds,
            }));
        }
        Fighter::Character(_) => {}
    }
    let i = player_index(c, character)?;
    let max = c.characters[i].member.wounds(rules);
    if wounds > max {
        return Err(Problem::new("CMP-13", "campaign.problem.too_many_wounds")
            .character(c.characters[i].name())
            .arg("max", max));
    }
    let table = c.table.get_or_insert_default();
    table.wounds.insert(character, wounds);
    if wounds == max {
        table.out_of_action.insert(character);
    }
    Ok(CampaignEdit::Table(TableEdit::SetWounds {
        character,
        wounds,
    }))
}

/// [`TableEdit::AddWounds`]: wounds a fight rolled on the battle screen,
/// added to a character's at the table (never past his last).
pub(super) fn wound(
    c: &mut Campaign,
    (character, wounds): (CharId, u32),
    (roll, sides): (Option<u64>, Sides),
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    not_applied(c, roll)?;
    add_wounds(c, character, wounds, rules, out)?;
    Ok(CampaignEdit::Table(TableEdit::AddWounds {
        character,
        wounds,
        roll,
        sides,
    }))
}

/// [`TableEdit::AddBattleWounds`]: the wounds one roll of the battle
/// screen caused to several characters (a round between units), added to
/// each at the table in one event: all of them, or none when one cannot
/// take them.
pub(super) fn battle_wounds(
    c: &mut Campaign,
    wounds: Vec<(CharId, u32)>,
    (roll, sides): (Option<u64>, Sides),
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    not_applied(c, roll)?;
    if wounds.is_empty() {
        return Err(Problem::new("CMP-13", "campaign.problem.no_wounds"));
    }
    // Refused as a whole: `c` is a copy until it returns Ok.
    for &(character, w) in &wounds {
        add_wounds(c, character, w, rules, out)?;
    }
    Ok(CampaignEdit::Table(TableEdit::AddBattleWounds {
        wounds,
        roll,
        sides,
    }))
}

/// [`TableEdit::SetOutOfAction`]: a character taken out of action, or
/// back.
pub(super) fn set_out_of_action(
    c: &mut Campaign,
    character: CharId,
    o: bool,
    rules: &RulesData,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    match Fighter::of(character) {
        Fighter::Enemy(e) => {
            enemy::set_enemy_out(c, e, o)?;
            return Ok(CampaignEdit::Table(TableEdit::SetOutOfAction {
                character,
                out: o,
            }));
        }
        Fighter::Named(n) => {
            named::set_named_out(c, n, o, rules)?;
            return Ok(CampaignEdit::Table(TableEdit::SetOutOfAction {
                character,
                out: o,
            }));
        }
        Fighter::Character(_) => {}
    }
    player_index(c, character)?;
    let table = c.table.get_or_insert_default();
    if o {
        table.out_of_action.insert(character);
    } else {
        table.out_of_action.remove(&character);
    }
    Ok(CampaignEdit::Table(TableEdit::SetOutOfAction {
        character,
        out: o,
    }))
}

/// [`ItemEdit::StrikeItem`]: a single-use item struck off, or back.
pub(super) fn strike_item(
    c: &mut Campaign,
    character: CharId,
    item: ItemId,
    struck: bool,
    rules: &RulesData,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    let i = player_index(c, character)?;
    let member = &c.characters[i].member;
    if !member.carries(&item) {
        return Err(with_item(
            Problem::new("KT-5", "campaign.problem.no_item").character(c.characters[i].name()),
            &rules.killteam,
            "item",
            &item,
        ));
    }
    if !member.items(rules).contains(&item) {
        return Err(with_item(
            Problem::new("KT-5", "campaign.problem.not_single_use")
                .character(c.characters[i].name()),
            &rules.killteam,
            "item",
            &item,
        ));
    }
    let table = c.table.get_or_insert_default();
    if struck {
        table.struck.insert((character, item.clone()));
    } else {
        table.struck.remove(&(character, item.clone()));
    }
    // Struck or given back by hand: whole again, or all used.
    table.set_uses(character, &item, 0);
    Ok(CampaignEdit::Items(ItemEdit::StrikeItem {
        character,
        item,
        struck,
    }))
}

/// [`TableEdit::SetCommandPoints`]: an escort's command points (KT-11).
pub(super) fn set_command_points(
    c: &mut Campaign,
    escort: EscortId,
    points: i32,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Playing])?;
    let i = record::escort_index(c, escort)?;
    if points < 0 {
        return Err(Problem::new("KT-11", "campaign.problem.negative_points"));
    }
    c.escorts[i].command_points = points;
    Ok(CampaignEdit::Table(TableEdit::SetCommandPoints {
        escort,
        points,
    }))
}

/// [`DebriefEdit::SetPlaying`]: a character left at home, or brought to
/// the table (before the first tick is fine; his ticks go with him).
pub(super) fn set_playing(
    c: &mut Campaign,
    character: CharId,
    plays: bool,
) -> Result<CampaignEdit, Problem> {
    // A character left at home: he misses nothing, earns record::expect(nothing.c, &[Phase::Playing])?;
    let i = record::index(c, character)?;
    if plays && !c.characters[i].can_play() {
        return Err(Problem::new("CMP-13", "campaign.problem.cannot_play")
            .character(c.characters[i].name()));
    }
    let table = c.table.get_or_insert_default();
    if plays {
        if !table.players.contains(&character) {
            table.players.push(character);
        }
    } else {
        table.players.retain(|&x| x != character);
        table.out_of_action.remove(&character);
        table.wounds.remove(&character);
        table.struck.retain(|(x, _)| *x != character);
        table.laid.retain(|(x, _)| *x != character);
        table.used.remove(&character);
    }
    Ok(CampaignEdit::Debrief(DebriefEdit::SetPlaying {
        character,
        plays,
    }))
}

/// Refuses the wounds of a battle roll already applied.
pub(super) fn not_applied(c: &Campaign, roll: Option<u64>) -> Result<(), Problem> {
    match roll {
        Some(seed) if queries::wounding(c).roll_applied(seed) => {
            Err(Problem::new("CMP-13", "campaign.problem.already_applied"))
        }
        _ => Ok(()),
    }
}

/// Adds wounds rolled on the battle screen to a character's at the
/// table, never past his last; at his last he is out of action.
pub(super) fn add_wounds(
    c: &mut Campaign,
    character: CharId,
    wounds: u32,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<(), Problem> {
    match Fighter::of(character) {
        Fighter::Enemy(e) => return enemy::add_enemy_wounds(c, e, wounds, rules, out),
        Fighter::Named(n) => return named::add_named_wounds(c, n, wounds, rules, out),
        Fighter::Character(_) => {}
    }
    let i = player_index(c, character)?;
    let max = c.characters[i].member.wounds(rules);
    let name = c.characters[i].name().to_owned();
    let table = c.table.get_or_insert_default();
    let now = table
        .wounds
        .get(&character)
        .copied()
        .unwrap_or(0)
        .saturating_add(wounds)
        .min(max);
    table.wounds.insert(character, now);
    if now == max {
        table.out_of_action.insert(character);
    }
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.battle_wounds")
            .text("character", name)
            .int("wounds", wounds)
            .int("now", now)
            .int("max", max),
    ));
    Ok(())
}

/// CMP-16: each escort tests its initiative, the enemy once; sides that
/// tie roll again among themselves until they part (Assumed). Dice given
/// are used first, one side's in order; the others are rolled. The
/// sides come back in the order they act.
pub(super) fn initiative<R: Rng + ?Sized>(
    c: &Campaign,
    given: Vec<super::InitiativeRoll>,
    rates: &super::Rates,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<Vec<super::InitiativeRoll>, Problem> {
    let mut sides: Vec<super::InitiativeRoll> = c
        .escorts
        .iter()
        .map(|e| Some(e.id))
        .chain(std::iter::once(None))
        .map(|escort| super::InitiativeRoll {
            escort,
            rolls: Vec::new(),
        })
        .collect();
    let mut typed: Vec<std::collections::VecDeque<Roll>> = vec![Default::default(); sides.len()];
    for g in given {
        let Some(at) = sides.iter().position(|s| s.escort == g.escort) else {
            return Err(no_escort(g.escort.unwrap_or_default()));
        };
        if !typed[at].is_empty() {
            return Err(Problem::new("CMP-16", "campaign.problem.side_twice"));
        }
        typed[at].extend(g.rolls);
    }
    let die = rates.initiative.die;
    // Every side rolls; then each group that ties rolls again.
    let mut groups: Vec<Vec<usize>> = vec![(0..sides.len()).collect()];
    let mut depth = 0;
    while !groups.is_empty() && depth < 100 {
        let mut next = Vec::new();
        for group in groups {
            for &i in &group {
                let purpose = if depth == 0 {
                    "dice.for.initiative"
                } else {
                    "dice.for.initiative_rolloff"
                };
                let roll = dice(typed[i].pop_front(), 1, die, "CMP-16", purpose, rng, out)?;
                sides[i].rolls.push(roll);
            }
            let mut by_face: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
            for &i in &group {
                by_face
                    .entry(total(&sides[i].rolls[depth]))
                    .or_default()
                    .push(i);
            }
            next.extend(by_face.into_values().filter(|g| g.len() > 1));
        }
        groups = next;
        depth += 1;
    }
    if typed.iter().any(|t| !t.is_empty()) {
        return Err(Problem::new(
            "CMP-16",
            "campaign.problem.initiative_extra_dice",
        ));
    }
    // Highest first, a roll-off deciding between equals; the sort is
    // stable, so sides still equal keep the escorts' order.
    sides.sort_by_key(|s| std::cmp::Reverse(s.faces()));
    Ok(sides)
}

pub(super) fn player_index(c: &Campaign, id: CharId) -> Result<usize, Problem> {
    let i = record::index(c, id)?;
    let plays = c.table.as_ref().is_some_and(|t| t.players.contains(&id));
    if !plays {
        return Err(
            Problem::new("CMP-13", "campaign.problem.not_playing_character")
                .character(c.characters[i].name()),
        );
    }
    Ok(i)
}
