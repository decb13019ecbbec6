//! Reinforcement points between two missions: victory points exchanged
//! for them (CMP-6), a recruit bought and whether he may join (CMP-7,
//! CMP-14, CMP-16), points spent on anything else, a character's gear
//! changed, and a soldier's free item and ribbon given (KT-5).

use crate::rules::campaign::debrief;
use crate::rules::campaign::edit::{Bought, CampaignEdit};
use crate::rules::campaign::queries;
use crate::rules::campaign::record;
use crate::rules::campaign::record::no_escort;
use crate::rules::campaign::{Campaign, CharId, EscortId, EscortKind, Member, Phase, PoolMode};
use crate::rules::campaign::{DebriefEdit, ReinforcementEdit};
use crate::rules::characters::equipment::GearEdit;
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{LineKind, Outcome};
use crate::rules::killteam::{Carried, ItemId, RibbonId, item_refusal, ribbon_refusal};

/// [`DebriefEdit::ExchangeVp`]: vP exchanged for reinforcement points
/// (CMP-6).
pub(in crate::rules::campaign) fn exchange_vp(
    c: &mut Campaign,
    escort: EscortId,
    vp: u32,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let rates = queries::shared_rates(c, &rules.campaign);
    // Before the next mission is drawn, as the Grand Final's
    // threshold counts the VP left record::expect((CMP-2).c, &[Phase::Debrief])?;
    if vp == 0 || vp > c.vp {
        return Err(Problem::new("CMP-6", "campaign.problem.vp_held")
            .arg("vp", vp)
            .arg("held", c.vp));
    }
    record::escort_index(c, escort)?;
    c.vp -= vp;
    let points = vp.saturating_mul(rates.vp_exchange_rate);
    record::gain(c, escort, points)?;
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.exchange")
            .int("vp", vp)
            .int("points", points),
    ));
    Ok(CampaignEdit::Debrief(DebriefEdit::ExchangeVp {
        escort,
        vp,
    }))
}

/// [`ReinforcementEdit::Recruit`]: a new character bought with reinforcement
/// points (CMP-7).
fn recruit(
    c: &mut Campaign,
    escort: EscortId,
    member: Member,
    cost: u32,
    from: Option<String>,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Debrief, Phase::Ready])?;
    debrief::tests_done(c)?;
    check_recruit(c, escort, &member, cost, rules)?;
    // CMP-7: a character is recruited once; he cannot be copied
    // into the campaign twice.
    if let Some(doc) = &from {
        let origin = crate::rules::doc::CharRef {
            doc: doc.clone(),
            id: member.id().0,
        };
        if queries::recruiting(c)
            .held(&origin, member.name())
            .is_some()
        {
            return Err(Problem::new("CMP-7", "campaign.problem.recruit_held")
                .character(member.name())
                .arg(
                    "player",
                    queries::escort(c, escort).map_or("", |e| &e.player),
                ));
        }
    }
    check_priority(c, escort)?;
    record::pay(c, escort, cost, "CMP-7")?;
    if let Some(d) = c.debrief.as_mut()
        && !d.recruited.contains(&escort)
    {
        d.recruited.push(escort);
    }
    let id = record::add_member(c, escort, member.clone(), from.as_deref(), rules);
    out.created = Some(id.0);
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.recruit")
            .text("character", member.name())
            .int("cost", cost),
    ));
    Ok(CampaignEdit::Reinforcements(ReinforcementEdit::Recruit {
        escort,
        member,
        cost,
        from,
    }))
}

/// CMP-7: a recruit is of his escort's kind, and costs what the rules
/// price him at, not what the event claims; CMP-14: he is of its
/// factions, or of the Imperium once Allies are found.
pub(in crate::rules::campaign) fn check_recruit(
    c: &Campaign,
    escort: EscortId,
    member: &Member,
    cost: u32,
    rules: &RulesData,
) -> Result<(), Problem> {
    let e = queries::escort(c, escort).ok_or_else(|| no_escort(escort))?;
    let fits = matches!(
        (e.kind, member),
        (EscortKind::Band, Member::Character(_)) | (EscortKind::KillTeam, Member::Soldier(_))
    );
    if !fits {
        return Err(Problem::new("CMP-7", "campaign.problem.recruit_kind")
            .character(member.name())
            .arg("player", &e.player));
    }
    if let Some(refused) = queries::recruiting(c).refusal(escort, member) {
        return Err(refused);
    }
    let price = queries::recruiting(c).cost(member, rules)?;
    if cost != price {
        return Err(Problem::new("CMP-7", "campaign.problem.recruit_cost")
            .character(member.name())
            .arg("cost", cost)
            .arg("price", price));
    }
    Ok(())
}

/// The pool gives priority to players who lost characters in the last
/// mission (CMP-16): others wait until each of them has recruited.
pub(in crate::rules::campaign) fn check_priority(
    c: &Campaign,
    escort: EscortId,
) -> Result<(), Problem> {
    if c.settings.pool != PoolMode::Pooled {
        return Ok(());
    }
    let Some(d) = &c.debrief else {
        return Ok(());
    };
    let losers: Vec<EscortId> = d
        .fallen
        .iter()
        .filter_map(|&ch| queries::character(c, ch).map(|ch| ch.escort))
        .collect();
    if losers.is_empty() || losers.contains(&escort) {
        return Ok(());
    }
    if let Some(waiting) = losers.iter().find(|e| !d.recruited.contains(e)) {
        let player = queries::escort(c, *waiting).map_or("?", |e| e.player.as_str());
        return Err(Problem::new("CMP-16", "campaign.problem.pool_priority").arg("player", player));
    }
    Ok(())
}

/// [`ReinforcementEdit::Spend`]: reinforcement points spent on anything else
/// (weapons, armour …).
fn spend(
    c: &mut Campaign,
    escort: EscortId,
    points: u32,
    mut what: String,
    bought: Option<Bought>,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Debrief, Phase::Ready])?;
    if what.trim().is_empty()
        && let Some(b) = &bought
    {
        // "On what" left empty: the item bought names it.
        b.name().trim().clone_into(&mut what);
    }
    if what.trim().is_empty() {
        return Err(Problem::new("CMP-7", "campaign.problem.spend_what"));
    }
    debrief::tests_done(c)?;
    check_priority(c, escort)?;
    // CMP-7: the item goes to a character of the paying escort,
    // in the same event as the points.
    let receiver = match &bought {
        Some(b) => {
            let i = record::index(c, b.character)?;
            if c.characters[i].escort != escort {
                return Err(Problem::new("CMP-7", "campaign.problem.bought_for_other")
                    .character(c.characters[i].name()));
            }
            record::edit_gear(c, i, b.edit())?;
            Some(c.characters[i].name().to_owned())
        }
        None => None,
    };
    record::pay(c, escort, points, "CMP-7")?;
    if let Some(d) = c.debrief.as_mut()
        && !d.recruited.contains(&escort)
    {
        d.recruited.push(escort);
    }
    let msg = match &receiver {
        Some(name) => Msg::new("campaign.log.spend_for")
            .int("points", points)
            .text("what", what.trim())
            .text("character", name),
        None => Msg::new("campaign.log.spend")
            .int("points", points)
            .text("what", what.trim()),
    };
    out.lines.push((LineKind::Info, msg));
    Ok(CampaignEdit::Reinforcements(ReinforcementEdit::Spend {
        escort,
        points,
        what,
        bought,
    }))
}

/// Reinforcement points spent, a character's gear changed, or a
/// soldier's free item and ribbon given: [`ReinforcementEdit::Recruit`],
/// [`ReinforcementEdit::Spend`], [`ReinforcementEdit::Gear`],
/// [`ReinforcementEdit::FreeGear`].
pub(in crate::rules::campaign) fn gear_event(
    c: &mut Campaign,
    event: ReinforcementEdit,
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    match event {
        ReinforcementEdit::Recruit {
            escort,
            member,
            cost,
            from,
        } => recruit(c, escort, member, cost, from, rules, out),
        ReinforcementEdit::Spend {
            escort,
            points,
            what,
            bought,
        } => spend(c, escort, points, what, bought, out),
        ReinforcementEdit::Gear { character, edit } => gear(c, character, edit, out),
        ReinforcementEdit::FreeGear {
            character,
            item,
            ribbon,
        } => free_gear(c, character, (item, ribbon), rules, out),
    }
}

/// [`ReinforcementEdit::Gear`]: a Rogue Trader character's equipment or power
/// cards change: an item found, lost or corrected between missions (CHR-16
/// for the cards).
fn gear(
    c: &mut Campaign,
    character: CharId,
    edit: GearEdit,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    let i = record::index(c, character)?;
    let label = edit.label();
    let item = record::edit_gear(c, i, edit.clone())?;
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.gear")
            .text("character", c.characters[i].name())
            .key("what", label)
            .text("item", &item),
    ));
    Ok(CampaignEdit::Reinforcements(ReinforcementEdit::Gear {
        character,
        edit,
    }))
}

/// [`ReinforcementEdit::FreeGear`]: a soldier who has none takes his free
/// special item or ribbon (KT-5), between missions. Refused at the
/// table, for a Rogue Trader character, the dead, a soldier who has
/// one already, and what the kill-team rules refuse him (EQ-*, RIB-*).
fn free_gear(
    c: &mut Campaign,
    character: CharId,
    (item, ribbon): (Option<ItemId>, Option<RibbonId>),
    rules: &RulesData,
    out: &mut Outcome,
) -> Result<CampaignEdit, Problem> {
    record::expect(c, &[Phase::Setup, Phase::Ready, Phase::Debrief])?;
    let i = record::index(c, character)?;
    let x = record::char_mut(c, i);
    if !x.state.alive() {
        return Err(Problem::new("CMP-13", "campaign.problem.dead_gear").character(x.name()));
    }
    let name = x.name().to_owned();
    let Member::Soldier(s) = &mut x.member else {
        return Err(
            Problem::new("KT-5", "campaign.problem.free_gear_character").character(x.name())
        );
    };
    if item.is_none() && ribbon.is_none() {
        return Err(Problem::new("KT-5", "campaign.problem.free_gear_nothing").character(&name));
    }
    let data = &rules.killteam;
    if item.is_some() && !s.items.is_empty() {
        return Err(Problem::new("KT-5", "campaign.problem.free_item_taken").character(&name));
    }
    if ribbon.is_some() && s.ribbon.is_some() {
        return Err(Problem::new("KT-5", "campaign.problem.free_ribbon_taken").character(&name));
    }
    if let Some(p) = item.as_ref().and_then(|id| item_refusal(data, s, id)) {
        return Err(p);
    }
    // The ribbon judged with the item given in the same event (RIB-6:
    // Explosives expert with a free mine).
    let mut with_item = s.clone();
    with_item.items.extend(item.iter().map(|id| Carried {
        item: id.clone(),
        weapon: None,
    }));
    if let Some(p) = ribbon
        .as_ref()
        .and_then(|id| ribbon_refusal(data, &with_item, id))
    {
        return Err(p);
    }
    let weapon = |id: &ItemId| {
        data.item(id)
            .and_then(|it| it.weapon_choice.as_ref())
            .map(|p| p.default.clone())
    };
    if let Some(id) = &item {
        s.items.push(Carried {
            item: id.clone(),
            weapon: weapon(id),
        });
    }
    if ribbon.is_some() {
        s.ribbon.clone_from(&ribbon);
    }
    out.lines.push((
        LineKind::Info,
        Msg::new("campaign.log.free_gear").text("character", &name),
    ));
    Ok(CampaignEdit::Reinforcements(ReinforcementEdit::FreeGear {
        character,
        item,
        ribbon,
    }))
}
