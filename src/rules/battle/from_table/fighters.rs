//! The escorts' fighters on a campaign's table, as the campaign holds them
//! now: a Rogue Trader character's profile, wounds and weapons, a kill-team
//! soldier's derived profile and weapons.

use crate::rules::CharRef;
use crate::rules::Characteristic as C;
use crate::rules::campaign::loot;
use crate::rules::campaign::{Campaign, CharId, Member};
use crate::rules::characters::equipment::Gear;
use crate::rules::core::characteristic::Profile;
use crate::rules::data::RulesData;
use crate::rules::killteam::{Derived, ItemId, Soldier, WeaponLine, derive};

/// A Rogue Trader character of a campaign's escort, as the campaign holds
/// him now.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignFighter {
    /// "campaign › character".
    pub label: String,
    /// His name.
    pub name: String,
    /// His profile, W being his wounds left at the table.
    pub profile: Profile,
    /// His equipment.
    pub equipment: Vec<Gear>,
    /// Why he cannot fight (dead, missing, out of action), as a locale key.
    pub unable: Option<&'static str>,
    /// (campaign, character): where his wounds go.
    pub from: CharRef,
    /// He is a psyker (CHR-16).
    pub psyker: bool,
}

/// The wounds the character `id` took at the table of the mission being
/// played, and whether he is out of action there.
fn at_table(c: &Campaign, id: CharId) -> (u32, bool) {
    let table = c.table.as_ref();
    let taken = table.and_then(|t| t.wounds.get(&id).copied()).unwrap_or(0);
    (taken, table.is_some_and(|t| t.out_of_action.contains(&id)))
}

/// The Rogue Trader characters of one campaign's escorts (only the one of
/// id `only`, when given), as the campaign holds them now: the wounds taken
/// at the table of the mission being played off his W.
pub fn fighters_in(c: &Campaign, rules: &RulesData, only: Option<CharId>) -> Vec<CampaignFighter> {
    let mut out = Vec::new();
    for x in c
        .characters
        .iter()
        .filter(|x| only.is_none_or(|id| x.id == id))
    {
        let Member::Character(ch) = &x.member else {
            continue;
        };
        let Ok(mut profile) = ch.profile(rules) else {
            continue;
        };
        let (taken, out_of_action) = at_table(c, x.id);
        let left = profile
            .get(C::W)
            .saturating_sub(i32::try_from(taken).unwrap_or(i32::MAX));
        profile.set(C::W, left.max(0));
        let unable = if !x.state.alive() {
            Some(x.state.key())
        } else if out_of_action || left <= 0 {
            Some("battle.out_of_action")
        } else {
            None
        };
        out.push(CampaignFighter {
            label: format!("{} › {}", c.name, x.name()),
            name: x.name().to_owned(),
            profile,
            equipment: ch.equipment.clone(),
            unable,
            from: CharRef::new(c.id.clone(), x.id),
            psyker: ch.psychic,
        });
    }
    out
}

/// A kill-team soldier of a campaign's escort, as he plays at the table.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignSoldier {
    /// The campaign's id.
    pub campaign: String,
    /// His id in the campaign.
    pub id: CharId,
    /// "campaign › soldier".
    pub label: String,
    /// His name.
    pub name: String,
    /// The soldier as he plays (what he looted in place of his own, RIB-13).
    pub soldier: Soldier,
    /// His profile and weapons with everything he carries counted.
    pub derived: Derived,
    /// His wounds left at the table.
    pub wounds_left: u32,
    /// Why he cannot fight (dead, missing, out of action), as a locale key.
    pub unable: Option<&'static str>,
    /// The single-use items struck off at the table (used up).
    pub struck: Vec<ItemId>,
}

impl CampaignSoldier {
    /// Whether a weapon came with an item struck off at the table: used
    /// up, it cannot be fired again.
    pub fn used(&self, w: &WeaponLine) -> bool {
        w.item.as_ref().is_some_and(|i| self.struck.contains(i))
    }
}

/// The kill-team soldiers of one campaign's escorts (only the one of id
/// `only`, when given), as the campaign holds them now.
pub fn soldiers_in(c: &Campaign, rules: &RulesData, only: Option<CharId>) -> Vec<CampaignSoldier> {
    let mut out = Vec::new();
    for x in c
        .characters
        .iter()
        .filter(|x| only.is_none_or(|id| x.id == id))
    {
        let Member::Soldier(s) = &x.member else {
            continue;
        };
        // As he plays at the table: what he looted in place of his own
        // (RIB-13).
        let s = loot::soldier_at_table(c, x.id).unwrap_or_else(|| s.clone());
        let Ok(derived) = derive(&rules.killteam, &s) else {
            continue;
        };
        let table = c.table.as_ref();
        let (taken, out_of_action) = at_table(c, x.id);
        let struck = table
            .map(|t| {
                t.struck
                    .iter()
                    .filter(|(who, _)| *who == x.id)
                    .map(|(_, item)| item.clone())
                    .collect()
            })
            .unwrap_or_default();
        let wounds_left = u32::try_from(derived.profile.wounds.max(0))
            .unwrap_or(0)
            .saturating_sub(taken);
        let unable = if !x.state.alive() {
            Some(x.state.key())
        } else if out_of_action || wounds_left == 0 {
            Some("battle.out_of_action")
        } else {
            None
        };
        out.push(CampaignSoldier {
            campaign: c.id.clone(),
            id: x.id,
            label: format!("{} › {}", c.name, x.name()),
            name: x.name().to_owned(),
            soldier: s,
            derived,
            wounds_left,
            unable,
            struck,
        });
    }
    out
}
