//! Those taken out of action after a mission: who was (CMP-9), their Cran
//! tests (CMP-9 … CMP-11), and the fate points that reroll the test that
//! killed one, or his death accepted (CMP-12).

use rand::Rng;

use crate::rules::campaign::DebriefEdit;
use crate::rules::campaign::debrief;
use crate::rules::campaign::edit::CampaignEdit;
use crate::rules::campaign::queries;
use crate::rules::campaign::record;
use crate::rules::campaign::record::{cran_result, dice, total};
use crate::rules::campaign::{Campaign, CharId, Injuries, Member, Phase, Rolled, State, TestKind};
use crate::rules::core::dice::Roll;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::doc::{LineKind, Outcome};

/// CMP-9: who was taken out of action, corrected after the mission and
/// before his Cran test. Out: he owes the test and loses the advance
/// point of an unwounded character (CHR-13); back in: he owes none and,
/// unwounded, gains it.
pub(in crate::rules::campaign) fn confirm_out(
    c: &mut Campaign,
    who: CharId,
    o: bool,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Debrief])?;
    let i = record::index(c, who)?;
    let name = c.characters[i].name().to_owned();
    let d = record::debrief_mut(c)?;
    if !d.played.contains(&who) {
        return Err(Problem::new("CMP-9", "campaign.problem.did_not_play").character(&name));
    }
    let listed = d.out_of_action.contains(&who);
    if listed == o {
        let key = if o {
            "campaign.problem.already_out"
        } else {
            "campaign.problem.not_out"
        };
        return Err(Problem::new("CMP-9", key).character(&name));
    }
    if o {
        let earned = d.earned.contains(&who);
        if earned {
            let chr = record::char_mut(c, i);
            let spent = !matches!(&chr.member, Member::Character(ch) if ch.points_left() > 0);
            if spent {
                return Err(Problem::new("CHR-13", "campaign.problem.point_spent").character(&name));
            }
            if let Member::Character(ch) = &mut chr.member {
                ch.advance_points = ch.advance_points.saturating_sub(1);
            }
        }
        let d = record::debrief_mut(c)?;
        d.earned.retain(|&x| x != who);
        d.out_of_action.push(who);
        d.pending.push(who);
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.out_added").text("character", &name),
        ));
    } else {
        if !d.pending.contains(&who) {
            return Err(Problem::new("CMP-9", "campaign.problem.out_tested").character(&name));
        }
        let unwounded = !d.wounded.contains(&who);
        d.out_of_action.retain(|&x| x != who);
        d.pending.retain(|&x| x != who);
        out.lines.push((
            LineKind::Info,
            Msg::new("campaign.log.out_removed").text("character", &name),
        ));
        let chr = record::char_mut(c, i);
        if unwounded && let Member::Character(ch) = &mut chr.member {
            // CHR-13: one advance point for an unwounded character.
            ch.after_game(false, false);
            record::debrief_mut(c)?.earned.push(who);
            out.lines.push((
                LineKind::Info,
                Msg::new("campaign.log.advance_point").text("character", &name),
            ));
        }
    }
    Ok(CampaignEdit::Debrief(DebriefEdit::ConfirmOutOfAction {
        character: who,
        out: o,
    }))
}

/// [`DebriefEdit::CranTest`]: a Cran test after the mission (CMP-9 …
/// CMP-11).
pub(in crate::rules::campaign) fn cran_test<R: Rng + ?Sized>(
    c: &mut Campaign,
    character: CharId,
    roll: Option<Roll>,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Debrief])?;
    let i = record::index(c, character)?;
    let d = record::debrief_mut(c)?;
    let Some(at) = d.pending.iter().position(|&ch| ch == character) else {
        return Err(Problem::new("CMP-9", "campaign.problem.no_test_owed")
            .character(c.characters[i].name()));
    };
    d.pending.remove(at);
    let roll = dice(
        roll,
        1,
        c.settings.cran_die,
        "CMP-11",
        "dice.for.cran",
        rng,
        out,
    )?;
    let cran = c.characters[i].cran;
    let state = cran_result(c.settings.injuries, &roll, cran);
    let rule = match c.settings.injuries {
        Injuries::Standard => "CMP-9",
        Injuries::GangWar => "CMP-10",
    };
    out.lines.push((
        LineKind::Dice,
        Msg::new("campaign.log.cran_test")
            .text("character", c.characters[i].name())
            .text("roll", roll.to_string())
            .int("cran", cran),
    ));
    let ch = record::char_mut(c, i);
    ch.state = state;
    ch.misses_next = state == State::SeriouslyWounded;
    let d = record::debrief_mut(c)?;
    if state == State::Dead {
        d.fallen.push(character);
    }
    // CMP-11: passed by rolling above his Cran (at or above it in the
    // gang war): lightly wounded either way.
    d.rolled.push(Rolled {
        character,
        kind: TestKind::Cran,
        recon: None,
        roll: Some(roll.clone()),
        cran,
        passed: state == State::LightlyWounded,
        state,
        points: None,
    });
    out.lines.push(debrief::state_line(c, i, rule));
    Ok(CampaignEdit::Debrief(DebriefEdit::CranTest {
        character,
        roll: Some(roll),
    }))
}

/// [`DebriefEdit::FateReroll`]: a fate point rerolls the test that killed
/// him (CMP-12).
pub(in crate::rules::campaign) fn fate_reroll<R: Rng + ?Sized>(
    c: &mut Campaign,
    character: CharId,
    roll: Option<Roll>,
    rng: &mut R,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Debrief])?;
    let i = record::index(c, character)?;
    let name = c.characters[i].name().to_owned();
    if !c.settings.fate_points {
        return Err(Problem::new("CMP-12", "campaign.problem.no_fate_rule"));
    }
    let d = record::debrief_mut(c)?;
    if !d.fallen.contains(&character) {
        return Err(Problem::new("CMP-12", "campaign.problem.not_fallen").character(&name));
    }
    if d.accepted.contains(&character) {
        return Err(Problem::new("CMP-12", "campaign.problem.death_accepted").character(&name));
    }
    let e = record::escort_index(c, c.characters[i].escort)?;
    if c.escorts[e].fate_points == 0 {
        return Err(Problem::new("CMP-12", "campaign.problem.no_fate_left")
            .character(&name)
            .arg("player", &c.escorts[e].player));
    }
    c.escorts[e].fate_points -= 1;
    let roll = dice(
        roll,
        1,
        c.settings.cran_die,
        "CMP-12",
        "dice.for.fate",
        rng,
        out,
    )?;
    let cran = c.characters[i].cran;
    out.lines.push((
        LineKind::Dice,
        Msg::new("campaign.log.fate")
            .text("character", &name)
            .text("roll", roll.to_string())
            .int("cran", cran)
            .int("left", c.escorts[e].fate_points),
    ));
    let passed = total(&roll) >= cran;
    if passed {
        let ch = record::char_mut(c, i);
        ch.state = State::LightlyWounded;
        ch.misses_next = false;
        record::debrief_mut(c)?.fallen.retain(|&ch| ch != character);
    }
    let state = c.characters[i].state;
    record::debrief_mut(c)?.rolled.push(Rolled {
        character,
        kind: TestKind::Fate,
        recon: None,
        roll: Some(roll.clone()),
        cran,
        passed,
        state,
        points: None,
    });
    out.lines.push(debrief::state_line(c, i, "CMP-12"));
    Ok(CampaignEdit::Debrief(DebriefEdit::FateReroll {
        character,
        roll: Some(roll),
    }))
}

/// [`DebriefEdit::AcceptDeath`]: the player spends no more fate points on
/// a character the test killed: he is dead for good (CMP-12).
pub(in crate::rules::campaign) fn accept_death(
    c: &mut Campaign,
    character: CharId,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Debrief])?;
    let i = record::index(c, character)?;
    let name = c.characters[i].name().to_owned();
    let d = record::debrief_mut(c)?;
    if !d.fallen.contains(&character) {
        return Err(Problem::new("CMP-12", "campaign.problem.not_fallen").character(&name));
    }
    if d.accepted.contains(&character) {
        return Err(Problem::new("CMP-12", "campaign.problem.death_accepted").character(&name));
    }
    d.accepted.push(character);
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.accept_death").text("character", &name),
    ));
    Ok(CampaignEdit::Debrief(DebriefEdit::AcceptDeath {
        character,
    }))
}

/// Those the Cran test killed whose player may still spend a fate point
/// on them (CMP-12): fate points in play, some left to his player, and
/// his death not accepted. The fate step is done when none is left.
pub fn fate_open(c: &Campaign) -> Vec<CharId> {
    let Some(d) = c.debrief.as_ref().filter(|_| c.settings.fate_points) else {
        return Vec::new();
    };
    d.fallen
        .iter()
        .copied()
        .filter(|ch| !d.accepted.contains(ch))
        .filter(|&ch| {
            queries::character(c, ch)
                .and_then(|x| queries::escort(c, x.escort))
                .is_some_and(|e| e.fate_points > 0)
        })
        .collect()
}
