//! Events of a mission drawn and not begun: its enemies drawn, then begun.

use super::{Campaign, CharId, EnemyDraw, EscortKind, Phase, Table};
use rand::Rng;

use super::edit::CampaignEdit;
use super::record;
use super::record::{dice, enemy_differs, total};
use crate::rules::campaign::PreparationEdit;
use crate::rules::campaign::queries;
use crate::rules::core::dice::Roll;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

/// [`PreparationEdit::DrawEnemy`]: one more enemy drawn for the mission's
/// escort, or every one until the budget is spent (CMP-5).
pub(super) fn draw_enemies<R: Rng + ?Sized>(
    c: &mut Campaign,
    all: bool,
    rolls: Vec<Roll>,
    recorded: Vec<EnemyDraw>,
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Ready])?;
    // Played again from the journal: its dice are read again
    // from the table and must give what it recorded (CMP-5).
    let rolls = if recorded.is_empty() {
        rolls
    } else {
        recorded.iter().map(|d| d.roll.clone()).collect()
    };
    let complete = c
        .mission
        .as_ref()
        .is_none_or(super::Mission::enemy_complete);
    if complete {
        return Err(Problem::new("CMP-5", "campaign.problem.enemy_complete"));
    }
    if !all && rolls.len() > 1 {
        return Err(Problem::new("CMP-5", "campaign.problem.extra_dice"));
    }
    let mut given = rolls.into_iter();
    let mut used = Vec::new();
    let mut drawn = Vec::new();
    loop {
        let draw = draw_enemy(c, given.next(), rules, rng, out)?;
        used.push(draw.roll.clone());
        drawn.push(draw.clone());
        out.lines.push((
            LineKind::Dice,
            Msg::new("campaign.log.enemy")
                .text("roll", draw.roll.to_string())
                .names("enemy", &draw.names)
                .int("cost", draw.cost),
        ));
        let m = c
            .mission
            .as_mut()
            .ok_or_else(|| Problem::new("CMP-5", "campaign.problem.not_ready"))?;
        m.enemy.push(draw);
        if !all || m.enemy_complete() {
            break;
        }
    }
    if given.next().is_some() {
        return Err(Problem::new("CMP-5", "campaign.problem.extra_dice"));
    }
    if let Some((now, then)) = drawn.iter().zip(&recorded).find(|(a, b)| a != b) {
        return Err(enemy_differs(now, then));
    }
    Ok(CampaignEdit::Preparation(PreparationEdit::DrawEnemy {
        all,
        rolls: used,
        drawn,
    }))
}

/// [`PreparationEdit::RerollEnemy`]: an enemy the players have no model for is
/// drawn again (CMP-5).
pub(super) fn reroll_enemy<R: Rng + ?Sized>(
    c: &mut Campaign,
    index: usize,
    roll: Option<Roll>,
    drawn: Option<EnemyDraw>,
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Ready])?;
    let len = c.mission.as_ref().map_or(0, |m| m.enemy.len());
    if index >= len {
        return Err(Problem::new("CMP-5", "campaign.problem.no_enemy").arg("index", index + 1));
    }
    // Played again from the journal: its die is read again from
    // the table and must give what it recorded (CMP-5).
    let given = drawn.as_ref().map_or(roll, |d| Some(d.roll.clone()));
    let draw = draw_enemy(c, given, rules, rng, out)?;
    if let Some(then) = &drawn
        && *then != draw
    {
        return Err(enemy_differs(&draw, then));
    }
    let roll = draw.roll.clone();
    out.lines.push((
        LineKind::Dice,
        Msg::new("campaign.log.reroll_enemy")
            .int("index", index + 1)
            .text("roll", roll.to_string())
            .names("enemy", &draw.names)
            .int("cost", draw.cost),
    ));
    let kept = draw.clone();
    if let Some(m) = c.mission.as_mut() {
        m.enemy[index] = draw;
    }
    Ok(CampaignEdit::Preparation(PreparationEdit::RerollEnemy {
        index,
        roll: Some(roll),
        drawn: Some(kept),
    }))
}

/// [`PreparationEdit::BeginMission`]: the mission begins: the table view.
pub(super) fn begin_mission(
    c: &mut Campaign,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let rates = queries::rates(c, &rules.campaign).into_owned();
    record::expect(c, &[Phase::Ready])?;
    let players: Vec<CharId> = c
        .characters
        .iter()
        .filter(|ch| ch.can_play())
        .map(|ch| ch.id)
        .collect();
    // KT-11: the first turn is played with the start (Decision), or
    // with the turn's gain too when the kill-team data says so.
    let command = &rules.killteam.command;
    let first_gain = if command.gain_on_first_turn {
        command.per_turn
    } else {
        0
    };
    // Nobody able to play: the mission is played without them,
    // and lost, so that the wounded may recover (Decision).
    for e in &mut c.escorts {
        e.command_points = if e.kind == EscortKind::KillTeam {
            rates
                .killteam_command_points
                .saturating_add(i32::try_from(first_gain).unwrap_or(i32::MAX))
        } else {
            0
        };
    }
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.begin").int("count", players.len()),
    ));
    let gained = c
        .escorts
        .iter()
        .filter(|e| first_gain > 0 && e.kind == EscortKind::KillTeam);
    for e in gained {
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.command_gain")
                .text("player", &e.player)
                .int("gain", first_gain)
                .int("points", e.command_points),
        ));
    }
    c.table = Some(Table {
        players,
        ..Table::default()
    });
    c.phase = Phase::Playing;
    Ok(CampaignEdit::Preparation(PreparationEdit::BeginMission))
}

pub(super) fn draw_enemy<R: Rng + ?Sized>(
    c: &Campaign,
    given: Option<Roll>,
    rules: &RulesData,
    rng: &mut R,
    outcome: &mut Outcome,
) -> Result<EnemyDraw, Problem> {
    let mission = c
        .mission
        .as_ref()
        .ok_or_else(|| Problem::new("CMP-5", "campaign.problem.not_ready"))?;
    let faction = queries::enemy_table(c, &rules.campaign, &mission.faction).ok_or_else(|| {
        Problem::new("CMP-5", "campaign.problem.unknown_faction").arg("faction", &mission.faction)
    })?;
    let roll = dice(
        given,
        faction.dice.count,
        faction.dice.sides,
        "CMP-5",
        "dice.for.enemy",
        rng,
        outcome,
    )?;
    let entry = faction.entry(total(&roll)).ok_or_else(|| {
        Problem::new("CMP-5", "campaign.problem.no_entry").arg("total", roll.total)
    })?;
    Ok(EnemyDraw {
        roll,
        names: entry.names.clone(),
        entry_type: entry.entry_type,
        cost: entry.cost,
        cran: entry.cran,
    })
}
