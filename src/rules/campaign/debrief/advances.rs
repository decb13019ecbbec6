//! The advance points earned placed after a mission, and a character
//! judged unworthy of his (CHR-13).

use crate::rules::campaign::DebriefEdit;
use crate::rules::campaign::edit::CampaignEdit;
use crate::rules::campaign::queries;
use crate::rules::campaign::record;
use crate::rules::campaign::{Campaign, CharId, Member, Phase};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};

/// [`DebriefEdit::Unworthy`]: the game master judges a character unworthy:
/// no advance point for this mission (CHR-13).
pub(in crate::rules::campaign) fn unworthy(
    c: &mut Campaign,
    character: CharId,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    // CHR-13: the game master judged him unworthy: the point
    // earned in this mission is taken record::expect(back.c, &[Phase::Debrief])?;
    let i = record::index(c, character)?;
    let earned = c
        .debrief
        .as_ref()
        .is_some_and(|d| d.earned.contains(&character));
    let chr = record::char_mut(c, i);
    let ok = earned && matches!(&chr.member, Member::Character(ch) if ch.points_left() > 0);
    if !ok {
        return Err(
            Problem::new("CHR-13", "campaign.problem.no_point_to_take").character(chr.name())
        );
    }
    if let Member::Character(ch) = &mut chr.member {
        ch.advance_points = ch.advance_points.saturating_sub(1);
    }
    let name = chr.name().to_owned();
    record::debrief_mut(c)?.earned.retain(|&x| x != character);
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.unworthy").text("character", name),
    ));
    Ok(CampaignEdit::Debrief(DebriefEdit::Unworthy { character }))
}

/// The characters with advance points to place (CHR-13), and those who
/// hold points but can raise nothing, every characteristic at its
/// maximum (CHR-2 … CHR-4): they keep the points, and the step is done
/// without them.
pub fn advances_owed(c: &Campaign, rules: &RulesData) -> (Vec<CharId>, Vec<CharId>) {
    let mut open = Vec::new();
    let mut stuck = Vec::new();
    for x in c.characters.iter().filter(|x| x.state.alive()) {
        let Member::Character(ch) = &x.member else {
            continue;
        };
        if ch.points_left() <= 0 {
            continue;
        }
        let can = Characteristic::ALL
            .into_iter()
            .any(|k| ch.can_spend(k, rules).is_ok());
        if can {
            open.push(x.id);
        } else {
            stuck.push(x.id);
        }
    }
    (open, stuck)
}

/// [`DebriefEdit::Advance`]: an advance point placed (CHR-13).
pub(in crate::rules::campaign) fn advance(
    c: &mut Campaign,
    character: CharId,
    characteristic: Characteristic,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let rates = queries::shared_rates(c, &rules.campaign);
    record::expect(c, &[Phase::Debrief, Phase::Ready])?;
    let i = record::index(c, character)?;
    let die = c.settings.cran_die;
    let chr = record::char_mut(c, i);
    if !chr.state.alive() {
        return Err(Problem::new("CMP-13", "campaign.problem.dead").character(chr.name()));
    }
    let Member::Character(ch) = &mut chr.member else {
        return Err(Problem::new("CHR-13", "campaign.problem.no_advances").character(chr.name()));
    };
    ch.spend(characteristic, rules)?;
    if !chr.cran_by_hand {
        // CMP-11: Cran follows Cl, the roster and the campaign
        // sharing one model.
        chr.cran = chr.member.default_cran_by(rates.cran(die), die, rules);
    }
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.advance")
            .text("character", chr.name())
            .key("characteristic", characteristic.abbr_key()),
    ));
    Ok(CampaignEdit::Debrief(DebriefEdit::Advance {
        character,
        characteristic,
    }))
}
