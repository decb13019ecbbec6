//! The campaign's editable data (`assets/rules/campaign.json`): defaults of
//! the settings, the assumed values (the Cran die's formula, CMP-11), the
//! recon table's numbers (CMP-14), the mission lists per type (CMP-3) and the
//! enemy factions' escort tables (CMP-5).

use std::borrow::Borrow;

use serde::{Deserialize, Serialize};

use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;

mod ids;
mod missions;
mod rates;
mod settings;

pub use ids::{FactionId, MissionId};
pub use missions::{
    DiceSpec, EnemyEntry, EnemyFighter, EnemySide, EnemyType, EnemyWeapon, Faction, MissionData,
    MissionType, Mode, NamedModel,
};
pub use rates::{
    CranFormula, DrawTables, EndData, InitiativeData, MissionList, Rates, ReconData, ReconEffect,
    ReconResult, RecruitCosts, RecruitFaction,
};
pub use settings::{Budget, Defaults, DoubleKill, Injuries, Limits, PoolMode, Settings};

const DATA: &str = "DATA";

/// The campaign's data file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignData {
    /// What the file is.
    #[serde(default)]
    pub note: String,
    /// A new campaign's settings.
    pub defaults: Defaults,
    /// The bounds of the settings and of a mission's VP.
    pub limits: Limits,
    /// Fate points per player (CMP-12).
    pub fate_points_per_player: u32,
    /// Reinforcement points per VP exchanged (CMP-6).
    pub vp_exchange_rate: u32,
    /// Reinforcement points after each mission (CMP-7).
    pub reinforcement_per_mission: u32,
    /// Enemy points per difficulty level (CMP-8).
    pub difficulty_enemy_points: u32,
    /// Reinforcement points per difficulty level (CMP-8).
    pub difficulty_reinforcement: u32,
    /// Secondary factions a campaign needs at least (CMP-4).
    pub min_secondary_factions: u32,
    /// The Cran dice allowed and their default Cran (CMP-11).
    pub cran: Vec<CranFormula>,
    /// The recon table's numbers (CMP-14).
    pub recon: ReconData,
    /// What the end carries over (CMP-17).
    pub end: EndData,
    /// Command points a kill team starts a mission with (KT-11).
    pub killteam_command_points: i32,
    /// How the battle's VP at the table (KT-21) carry into the mission's
    /// (CMP-6).
    #[serde(default)]
    pub battle_vp: BattleVpData,
    /// What recruits cost (CMP-7).
    pub recruit: RecruitCosts,
    /// The initiative test (CMP-16).
    pub initiative: InitiativeData,
    /// The factions recruits come from (CMP-14).
    pub recruit_factions: Vec<RecruitFaction>,
    /// The mission lists (CMP-3).
    pub missions: Vec<MissionData>,
    /// The enemy factions (CMP-4, CMP-5).
    pub factions: Vec<Faction>,
}

/// How the battle's VP at the table (KT-21) carry into the mission's VP
/// (CMP-6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleVpData {
    /// Why.
    #[serde(default)]
    pub note: String,
    /// The players' battle VP are offered as the VP a mission that earns
    /// VP earned: "VP earned" starts at them, and the player may change it.
    pub offered_as_mission_vp: bool,
}

impl Default for BattleVpData {
    fn default() -> Self {
        Self {
            note: String::new(),
            offered_as_mission_vp: true,
        }
    }
}

impl CampaignData {
    /// The Cran formula of a die.
    pub fn cran(&self, die: u32) -> Option<&CranFormula> {
        self.cran.iter().find(|c| c.die == die)
    }

    /// The numbers a campaign started now records (CMP-6 … CMP-17).
    pub fn rates(&self) -> Rates {
        Rates {
            fate_points_per_player: self.fate_points_per_player,
            vp_exchange_rate: self.vp_exchange_rate,
            reinforcement_per_mission: self.reinforcement_per_mission,
            difficulty_enemy_points: self.difficulty_enemy_points,
            difficulty_reinforcement: self.difficulty_reinforcement,
            killteam_command_points: self.killteam_command_points,
            cran: self.cran.clone(),
            recon: self.recon.clone(),
            end: self.end.clone(),
            recruit: self.recruit.clone(),
            initiative: self.initiative.clone(),
            recruit_factions: Some(self.recruit_factions.clone()),
            tables: Some(DrawTables {
                missions: MissionType::ALL
                    .into_iter()
                    .map(|t| MissionList {
                        mission_type: t,
                        missions: self.missions_of(t).map(|m| m.id.clone()).collect(),
                    })
                    .collect(),
                // How each enemy fights too: recorded once, for every draw.
                factions: self.factions.clone(),
            }),
        }
    }

    /// A faction by id.
    pub fn faction<Q: Borrow<str> + ?Sized>(&self, id: &Q) -> Option<&Faction> {
        self.factions.iter().find(|f| f.id == id.borrow())
    }

    /// A mission by id.
    pub fn mission<Q: Borrow<str> + ?Sized>(&self, id: &Q) -> Option<&MissionData> {
        self.missions.iter().find(|m| m.id == id.borrow())
    }

    /// The missions of one type, in the file's order.
    pub fn missions_of(&self, t: MissionType) -> impl Iterator<Item = &MissionData> {
        self.missions.iter().filter(move |m| m.mission_type == t)
    }

    /// Checks what serde cannot: every type has a mission, tables cover
    /// their dice, ids are unique, the defaults are allowed.
    pub fn check(&self) -> Result<(), Problem> {
        self.check_defaults()?;
        self.check_tables()?;
        self.check_ids()?;
        for f in &self.factions {
            for e in &f.table {
                if let Some(x) = &e.fighter {
                    x.check(&format!("{} {}–{}", f.id, e.from, e.to))?;
                }
            }
        }
        self.check_named()
    }

    /// Checks each mission's named models: names and text in English and
    /// French, one way of fighting at most, a profile of his own that
    /// holds, or a type every faction's table has a fighting line of (any
    /// faction may be the mission's).
    fn check_named(&self) -> Result<(), Problem> {
        for m in &self.missions {
            for n in &m.named {
                let place = format!("{} {}", m.id, n.id);
                let bad = |what: &str| {
                    Problem::new(DATA, "data.campaign.named_model")
                        .arg("place", &place)
                        .arg("what", what)
                };
                let both = |x: &Names| x.contains_key("en") && x.contains_key("fr");
                if n.id.is_empty() || !both(&n.names) || !both(&n.text) {
                    return Err(bad("names"));
                }
                if let Some(f) = &n.fighter {
                    if n.fighter_of.is_some() {
                        return Err(bad("fighter_of"));
                    }
                    f.check(&place)?;
                }
                if let Some(t) = &n.fighter_of {
                    let has = |f: &Faction| {
                        f.table
                            .iter()
                            .any(|e| e.entry_type == *t && e.fighter.is_some())
                    };
                    if !self.factions.iter().all(has) {
                        return Err(bad("fighter_of"));
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks the cran dice, the defaults and the limits they keep.
    fn check_defaults(&self) -> Result<(), Problem> {
        if self.cran.is_empty() || self.cran.iter().any(|c| c.die < 2) {
            return Err(Problem::new(DATA, "data.campaign.cran_die"));
        }
        if self.cran(self.defaults.cran_die).is_none() {
            return Err(
                Problem::new(DATA, "data.campaign.default_die").arg("die", self.defaults.cran_die)
            );
        }
        if self.defaults.vp_threshold == 0 {
            return Err(Problem::new(DATA, "data.campaign.threshold"));
        }
        let l = &self.limits;
        if l.vp_threshold_max == 0
            || l.recruitment_budget == 0
            || l.recruitment_budget > l.recruitment_budget_max
        {
            return Err(Problem::new(DATA, "data.campaign.limits"));
        }
        if let Some(p) = Settings::defaults(self).out_of_limits(self) {
            return Err(Problem::new(DATA, "data.campaign.default_out_of_limits").because(p));
        }
        Ok(())
    }

    /// Checks the initiative die and the recon table: one line for each
    /// face.
    fn check_tables(&self) -> Result<(), Problem> {
        if self.initiative.die < 2 {
            return Err(
                Problem::new(DATA, "data.campaign.initiative_die").arg("die", self.initiative.die)
            );
        }
        if self.recon.die == 0 {
            return Err(Problem::new(DATA, "data.zero_faces").arg("what", "recon"));
        }
        for face in 1..=self.recon.die {
            let n = self
                .recon
                .results
                .iter()
                .filter(|r| (r.from..=r.to).contains(&face))
                .count();
            if n != 1 {
                return Err(Problem::new(DATA, "data.face_lines")
                    .arg("face", face)
                    .arg("die", self.recon.die)
                    .arg("count", n));
            }
        }
        Ok(())
    }

    /// Checks the ids (recruit factions, missions, factions: unique),
    /// a mission of every type, and each faction's table covering its dice.
    fn check_ids(&self) -> Result<(), Problem> {
        let mut seen = std::collections::BTreeSet::new();
        for f in &self.recruit_factions {
            if f.id.is_empty() || !seen.insert(f.id.as_str()) {
                return Err(Problem::new(DATA, "data.campaign.recruit_faction_id").arg("id", &f.id));
            }
        }
        for t in MissionType::ALL {
            if self.missions_of(t).next().is_none() {
                return Err(Problem::new(DATA, "data.campaign.no_mission").arg("type", t.as_str()));
            }
        }
        let mut ids = std::collections::BTreeSet::new();
        for m in &self.missions {
            if !ids.insert(m.id.as_str()) {
                return Err(Problem::new(DATA, "data.campaign.duplicate").arg("id", &m.id));
            }
        }
        if self.factions.len() < 1 + self.min_secondary_factions as usize {
            return Err(Problem::new(DATA, "data.campaign.few_factions")
                .arg("count", 1 + self.min_secondary_factions));
        }
        for f in &self.factions {
            if !ids.insert(f.id.as_str()) {
                return Err(Problem::new(DATA, "data.campaign.duplicate").arg("id", &f.id));
            }
            if f.dice.count == 0 || f.dice.sides == 0 || f.table.is_empty() {
                return Err(Problem::new(DATA, "data.campaign.faction_dice").arg("id", &f.id));
            }
            let (low, high) = (f.dice.count, f.dice.count * f.dice.sides);
            for total in low..=high {
                let n = f
                    .table
                    .iter()
                    .filter(|e| (e.from..=e.to).contains(&total))
                    .count();
                if n != 1 {
                    return Err(Problem::new(DATA, "data.campaign.faction_total")
                        .arg("id", &f.id)
                        .arg("total", total)
                        .arg("count", n));
                }
            }
        }
        Ok(())
    }
}
