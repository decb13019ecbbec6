//! A recruit bought as a kind (CMP-7): a kill-team soldier of a kind, or a
//! Rogue Trader character of a race and a standard type, made fresh for an
//! escort; what may stop him joining it (CMP-14, the rules of the escort's
//! kind, the points left) and the name first offered for him.

use super::debrief;
use super::record::{self, no_escort};
use super::{Campaign, EscortId, EscortKind, Member};
use crate::rules::campaign::queries;
use crate::rules::characters::Character;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::killteam::data::KillTeamData;
use crate::rules::killteam::{Carried, ItemId, KindId, RibbonId, Soldier};

/// What the reinforcement points buy (CMP-7): a kind of soldier or
/// character, made fresh in the escort, not copied from another document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecruitKind {
    /// A Rogue Trader character: his race, and his standard type (CHR-6),
    /// none for a trooper.
    Character {
        /// The race's id (`human`).
        race: String,
        /// The standard type's id (`champion`), none for a trooper.
        type_id: Option<String>,
    },
    /// A kill-team soldier of a kind (KT-4), carrying his kind's weapon.
    Soldier {
        /// The soldier kind's id (`guardsman`).
        kind: KindId,
    },
}

impl RecruitKind {
    /// The kind a character or soldier is of.
    pub fn of(member: &Member) -> Self {
        match member {
            Member::Character(c) => Self::Character {
                race: c.race.clone(),
                type_id: c.type_id.clone(),
            },
            Member::Soldier(s) => Self::Soldier {
                kind: s.kind.clone(),
            },
        }
    }

    /// The kind of escort that recruits it: a band recruits characters, a
    /// kill team soldiers.
    pub fn escort_kind(&self) -> EscortKind {
        match self {
            Self::Character { .. } => EscortKind::Band,
            Self::Soldier { .. } => EscortKind::KillTeam,
        }
    }
}

/// A soldier recruited by kind with his free special item and ribbon
/// (KT-5), each when chosen: the item with the weapon it brings first
/// (EQ-4, EQ-8, EQ-9, EQ-28). A Rogue Trader character is as he was. Whether
/// the escort may take him so is `recruit_member_refusal`'s to
/// say.
pub fn with_free_gear(
    member: Member,
    item: Option<&ItemId>,
    ribbon: Option<&RibbonId>,
    data: &KillTeamData,
) -> Member {
    let Member::Soldier(mut s) = member else {
        return member;
    };
    s.items = item
        .map(|id| Carried {
            item: id.clone(),
            weapon: data
                .item(id)
                .and_then(|i| i.weapon_choice.as_ref())
                .map(|p| p.default.clone()),
        })
        .into_iter()
        .collect();
    s.ribbon = ribbon.cloned();
    Member::Soldier(s)
}

/// A recruit of `kind` named `name`, made fresh for an escort (CMP-7):
/// a Rogue Trader character of the race and standard type (CHR-6) with
/// no advance point of his own nor equipment, or a kill-team soldier of
/// the kind with his kind's weapon (KT-4). His id is given when he
/// joins. Refused: an escort the campaign lacks, a kind of the other
/// game than the escort's, a race, type or soldier kind the rules data
/// lacks, an empty name.
pub fn new_recruit(
    c: &Campaign,
    escort: EscortId,
    kind: &RecruitKind,
    name: &str,
    rules: &RulesData,
) -> Result<Member, Problem> {
    let e = queries::escort(c, escort).ok_or_else(|| no_escort(escort))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(Problem::new("FILE", "problem.empty_name"));
    }
    if e.kind != kind.escort_kind() {
        return Err(Problem::new("CMP-7", "campaign.problem.recruit_kind")
            .character(name)
            .arg("player", &e.player));
    }
    match kind {
        RecruitKind::Character { race, type_id } => {
            let mut ch = Character::new(0, name, race.as_str());
            ch.race(rules)?;
            ch.set_type(type_id.clone(), rules)?;
            Ok(Member::Character(ch))
        }
        RecruitKind::Soldier { kind } => {
            let k = rules.killteam.kind(kind).ok_or_else(|| {
                Problem::new("KT-4", "campaign.problem.unknown_soldier_kind")
                    .character(name)
                    .arg("kind", kind)
            })?;
            Ok(Member::Soldier(Soldier {
                id: 0,
                name: name.to_owned(),
                kind: k.id.clone(),
                weapon: k.default_weapon.clone(),
                items: Vec::new(),
                ribbon: None,
            }))
        }
    }
}

/// Why a recruit may not join an escort, or none when he may: he is of
/// a faction the escort may not recruit from (CMP-14), or the escort
/// would break a rule of its kind with him (KT, EQ, RIB for a kill
/// team; CHR for a band). The points are asked apart
/// ([`record::points_refusal`]).
pub fn recruit_member_refusal(
    c: &Campaign,
    escort: EscortId,
    member: &Member,
    rules: &RulesData,
) -> Option<Problem> {
    if let Some(p) = queries::recruiting(c).refusal(escort, member) {
        return Some(p);
    }
    let before = queries::mustering(c).problems(escort, rules, None);
    let after = queries::mustering(c).problems(escort, rules, Some(member));
    after.into_iter().find(|p| !before.contains(p))
}

/// Why an escort may not pay `points` for a recruit now, or none, in
/// the order the event asks: a Cran test still to roll (CMP-9), the
/// pool's priority to players who lost characters (CMP-16), too few
/// points (CMP-7).
pub fn recruit_payment_refusal(c: &Campaign, escort: EscortId, points: u32) -> Option<Problem> {
    debrief::tests_done(c)
        .and_then(|()| debrief::check_priority(c, escort))
        .err()
        .or_else(|| record::points_refusal(c, escort, points, "CMP-7"))
}

/// The name first offered for a recruit of `kind` (CMP-7), in the
/// language `lang`: a name of `assets/names.json` (a personal name by
/// race, a rank and a surname for a soldier) that no character of the
/// campaign bears, from a place the campaign and the escort set; when
/// every one is borne, `called` (the kind's name) and his number among
/// the escort's characters of that kind ("Guardsman 3").
pub fn default_recruit_name(
    c: &Campaign,
    escort: EscortId,
    kind: &RecruitKind,
    (called, lang): (&str, &str),
) -> String {
    let taken = |name: &str| {
        c.characters
            .iter()
            .any(|x| x.name().trim().eq_ignore_ascii_case(name))
    };
    let seed = format!("{}/{}", c.id.as_str(), escort.0);
    let who = match kind {
        RecruitKind::Character { race, .. } => super::names::NameFor::Race(race),
        RecruitKind::Soldier { kind } => super::names::NameFor::Soldier(kind),
    };
    if let Some(name) = super::names::offered(&who, &seed, lang)
        .into_iter()
        .find(|n| !taken(n))
    {
        return name;
    }
    let same = queries::members(c, escort)
        .filter(|x| RecruitKind::of(&x.member) == *kind)
        .count();
    let called = called.trim();
    (same + 1..)
        .map(|n| format!("{called} {n}"))
        .find(|name| !taken(name))
        .unwrap_or_else(|| called.to_owned())
}
