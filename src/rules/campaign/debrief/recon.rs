//! The recon after a mission (CMP-14): its die read on the table, the Cran
//! test some results ask for, what each result does, and the guide it may
//! find, hired and leading characters into the next mission.

use std::cmp::Ordering;

use rand::Rng;

use super::reinforcements;
use crate::rules::campaign::DebriefEdit;
use crate::rules::campaign::data::ReconEffect;
use crate::rules::campaign::debrief;
use crate::rules::campaign::edit::CampaignEdit;
use crate::rules::campaign::queries;
use crate::rules::campaign::record;
use crate::rules::campaign::record::{dice, total};
use crate::rules::campaign::{Campaign, CharId, EscortId, Phase, Rates, Rolled, State, TestKind};
use crate::rules::core::dice::Roll;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

/// The dice of a recon as its event records them: none yet when it is
/// made, each rolled once and kept for the journal.
#[derive(Clone, Debug, Default)]
pub(in crate::rules::campaign) struct ReconDice {
    /// The recon table's die.
    pub roll: Option<Roll>,
    /// The Cran test, when the result asks for one.
    pub cran: Option<Roll>,
    /// The reinforcement points of good fortune.
    pub fortune: Option<Roll>,
}

/// [`DebriefEdit::Recon`]: a character sent on recon (CMP-14), with
/// what the journal recorded of it when played again.
pub(in crate::rules::campaign) fn recon<R: Rng + ?Sized>(
    c: &mut Campaign,
    character: CharId,
    ReconDice {
        roll,
        cran: cran_roll,
        fortune,
    }: ReconDice,
    effect: Option<ReconEffect>,
    rules: &RulesData,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let rates = queries::shared_rates(c, &rules.campaign);
    let data = &rates;
    record::expect(c, &[Phase::Debrief])?;
    debrief::tests_done(c)?;
    let i = record::index(c, character)?;
    let ch = &c.characters[i];
    let name = ch.name().to_owned();
    let escort = ch.escort;
    if !ch.can_play() {
        return Err(Problem::new("CMP-14", "campaign.problem.cannot_recon").character(&name));
    }
    if record::debrief_mut(c)?.recon.contains(&escort) {
        return Err(Problem::new("CMP-14", "campaign.problem.recon_done"));
    }
    record::debrief_mut(c)?.recon.push(escort);
    let roll = dice(
        roll,
        1,
        data.recon.die,
        "CMP-14",
        "dice.for.recon",
        rng,
        out,
    )?;
    // Played again from the journal: the roll is read again from the
    // table and must give what it recorded.
    let read = data.recon.effect(total(&roll));
    if let Some(then) = effect
        && then != read
    {
        return Err(Problem::new("CMP-14", "campaign.problem.recon_differs")
            .character(&name)
            .arg("roll", roll.total)
            .arg("table", read.id())
            .arg("journal", then.id()));
    }
    let effect = read;
    out.lines.push((
        LineKind::Dice,
        Msg::new("campaign.log.recon")
            .text("character", &name)
            .text("roll", roll.to_string())
            .key("effect", effect.key()),
    ));
    let (passed, cran_out) = recon_test(c, i, effect, cran_roll, rng, out)?;
    let fortune_out = recon_effect(c, i, (effect, passed), fortune, data, rng, out)?;
    let record = Rolled {
        recon: Some((roll.clone(), effect)),
        roll: cran_out.clone(),
        points: fortune_out.as_ref().map(total),
        ..recon_rolled(c, i, effect, passed)
    };
    record::debrief_mut(c)?.rolled.push(record);
    Ok(CampaignEdit::Debrief(DebriefEdit::Recon {
        character,
        roll: Some(roll),
        cran: cran_out,
        fortune: fortune_out,
        effect: Some(effect),
    }))
}

/// A recon as the debrief keeps it (CMP-14), its dice left to fill in:
/// an ambush is passed above the Cran, the other tests at or above it.
fn recon_rolled(c: &Campaign, i: usize, effect: ReconEffect, passed: Ordering) -> Rolled {
    let x = &c.characters[i];
    Rolled {
        character: x.id,
        kind: TestKind::Recon,
        recon: None,
        roll: None,
        cran: x.cran,
        passed: match effect {
            ReconEffect::Ambush => passed == Ordering::Greater,
            _ => passed != Ordering::Less,
        },
        state: x.state,
        points: None,
    }
}

/// The Cran test a recon's effect asks for, if any (CMP-14): how it
/// compares with the Cran (`Greater` when none is asked), and its die.
fn recon_test<R: Rng + ?Sized>(
    c: &Campaign,
    i: usize,
    effect: ReconEffect,
    cran_roll: Option<Roll>,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<(Ordering, Option<Roll>), Problem> {
    let needs_test = matches!(
        effect,
        ReconEffect::Ambush
            | ReconEffect::Beaten
            | ReconEffect::GoodFortune
            | ReconEffect::BadFortune
    );
    let mut cran_out = None;
    let name = c.characters[i].name().to_owned();
    let cran = c.characters[i].cran;
    let mut passed = Ordering::Greater;
    if needs_test {
        let test = dice(
            cran_roll,
            1,
            c.settings.cran_die,
            "CMP-14",
            "dice.for.cran",
            rng,
            out,
        )?;
        out.lines.push((
            LineKind::Dice,
            Msg::new("campaign.log.cran_test")
                .text("character", &name)
                .text("roll", test.to_string())
                .int("cran", cran),
        ));
        passed = total(&test).cmp(&cran);
        cran_out = Some(test);
    }
    Ok((passed, cran_out))
}

/// What a recon's effect does (CMP-14), once its Cran test, if any, is
/// `passed`: the good fortune's dice rolled, if any.
fn recon_effect<R: Rng + ?Sized>(
    c: &mut Campaign,
    i: usize,
    (effect, passed): (ReconEffect, Ordering),
    fortune: Option<Roll>,
    data: &Rates,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<Option<Roll>, Problem> {
    let escort = c.characters[i].escort;
    let mut fortune_out = None;
    match effect {
        ReconEffect::Nothing => {}
        ReconEffect::Ambush => {
            let state = match passed {
                Ordering::Greater => State::LightlyWounded,
                Ordering::Equal => State::SeriouslyWounded,
                Ordering::Less => State::Missing,
            };
            let ch = record::char_mut(c, i);
            ch.state = state;
            ch.misses_next = state == State::SeriouslyWounded;
            out.lines.push(debrief::state_line(c, i, "CMP-14"));
        }
        ReconEffect::Beaten => {
            let state = if passed == Ordering::Less {
                State::SeriouslyWounded
            } else {
                State::LightlyWounded
            };
            let ch = record::char_mut(c, i);
            ch.state = state;
            ch.misses_next = state == State::SeriouslyWounded;
            out.lines.push(debrief::state_line(c, i, "CMP-14"));
        }
        ReconEffect::Clue => {
            c.vp = c.vp.saturating_add(1);
            out.lines.push((
                LineKind::Info,
                Msg::new("campaign.log.clue").int("vp", c.vp),
            ));
        }
        ReconEffect::GoodFortune => {
            if passed != Ordering::Less {
                let f = dice(
                    fortune,
                    data.recon.good_fortune_dice,
                    6,
                    "CMP-14",
                    "dice.for.fortune",
                    rng,
                    out,
                )?;
                record::gain(c, escort, total(&f))?;
                out.lines.push((
                    LineKind::Dice,
                    Msg::new("campaign.log.fortune")
                        .text("roll", f.to_string())
                        .int("points", total(&f)),
                ));
                fortune_out = Some(f);
            }
        }
        ReconEffect::Guide => {
            record::debrief_mut(c)?.guide_offered = true;
        }
        ReconEffect::Allies => c.allies = true,
        ReconEffect::BadFortune => {
            if passed == Ordering::Less {
                c.forced_survival = true;
                out.lines
                    .push((LineKind::Info, Msg::new("campaign.log.forced_survival")));
            }
        }
    }
    Ok(fortune_out)
}

/// [`DebriefEdit::HireGuide`]: the guide found by recon is paid for
/// (CMP-14).
pub(in crate::rules::campaign) fn hire_guide(
    c: &mut Campaign,
    escort: EscortId,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let rates = queries::shared_rates(c, &rules.campaign);
    record::expect(c, &[Phase::Debrief])?;
    let d = record::debrief_mut(c)?;
    if !d.guide_offered {
        return Err(Problem::new("CMP-14", "campaign.problem.no_guide"));
    }
    if c.guide {
        return Err(Problem::new("CMP-14", "campaign.problem.guide_hired"));
    }
    reinforcements::check_priority(c, escort)?;
    record::pay(c, escort, rates.recon.guide_cost, "CMP-14")?;
    c.guide = true;
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.guide")
            .int("points", rates.recon.guide_cost)
            .int("count", rates.recon.guide_characters)
            .int("worth", rates.recon.guide_max_worth),
    ));
    Ok(CampaignEdit::Debrief(DebriefEdit::HireGuide { escort }))
}

/// [`DebriefEdit::Guide`]: the characters the hired guide leads in the
/// next mission (CMP-14): they deploy anywhere out of the enemy's sight.
pub(in crate::rules::campaign) fn guide(
    c: &mut Campaign,
    characters: Vec<CharId>,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let rates = queries::shared_rates(c, &rules.campaign);
    record::expect(c, &[Phase::Ready, Phase::Playing])?;
    if !c.guide {
        return Err(Problem::new("CMP-14", "campaign.problem.no_guide_hired"));
    }
    let max = rates.recon.guide_characters;
    if characters.len() > usize::try_from(max).unwrap_or(usize::MAX) {
        return Err(Problem::new("CMP-14", "campaign.problem.guide_too_many")
            .arg("count", characters.len())
            .arg("max", max));
    }
    for (k, &id) in characters.iter().enumerate() {
        if characters[..k].contains(&id) {
            return Err(Problem::new("CMP-14", "campaign.problem.guide_twice").arg("id", id));
        }
        // Those already led stay unless taken off: only the ones
        // added must qualify now.
        if !c.guided.contains(&id)
            && let Some(p) = queries::debriefing(c).guide_refusal(id, rules)
        {
            return Err(p);
        }
    }
    let names: Vec<String> = characters
        .iter()
        .filter_map(|id| c.characters.iter().find(|x| x.id == *id))
        .map(|x| x.name().to_owned())
        .collect();
    out.lines.push((
        LineKind::Info,
        if names.is_empty() {
            Msg::new("campaign.log.guided_none")
        } else {
            Msg::new("campaign.log.guided").text("names", names.join(", "))
        },
    ));
    c.guided = characters.clone();
    Ok(CampaignEdit::Debrief(DebriefEdit::Guide { characters }))
}
