//! The numbers a running campaign records when it starts: the Cran dice
//! (CMP-11), the recon table (CMP-14), the end (CMP-17), recruits' costs and
//! factions (CMP-7, CMP-14), the initiative test (CMP-16) and the tables its
//! draws are read from.

use serde::{Deserialize, Serialize};

use super::ids::MissionId;
use super::missions::{Faction, MissionType};
use crate::rules::core::names::Names;

/// The default Cran on one die (CMP-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CranFormula {
    /// The die's faces.
    pub die: u32,
    /// A Rogue Trader character's Cran is `base − Cl`, kept within the die.
    pub base: i32,
    /// A kill-team soldier's Cran.
    pub killteam: u32,
    /// An enemy character's Cran for the behaviour tests, when its table
    /// line gives none (CMP-15).
    pub enemy: u32,
}

/// The recon table's numbers (CMP-14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReconData {
    /// The die rolled (12).
    pub die: u32,
    /// D6 of reinforcement points for good fortune (5).
    pub good_fortune_dice: u32,
    /// What the guide costs in reinforcement points (5).
    pub guide_cost: u32,
    /// How many characters the guide may lead (3).
    pub guide_characters: u32,
    /// The most a guided character may be worth (30), in points: what he
    /// would cost as a recruit (CMP-7).
    pub guide_max_worth: u32,
    /// A guided character's armour may be no better than this save (7:
    /// "7+", so a Rogue Trader character wearing any armour with a save
    /// may not be led). Decision.
    #[serde(default = "guide_armour")]
    pub guide_armour_no_better_than: i32,
    /// The kill-team items that count as armour for the guide (their
    /// profile's save is the kill team's own scale). Decision.
    #[serde(default = "guide_items")]
    pub guide_forbidden_items: Vec<String>,
    /// What each face gives.
    pub results: Vec<ReconResult>,
}

/// What a recon roll gives (CMP-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReconEffect {
    /// No effect.
    Nothing,
    /// Ambush: Cran test; lower, missing in action.
    Ambush,
    /// A clue: +1 VP.
    Clue,
    /// Beaten up by the locals: Cran test; lower, seriously wounded.
    Beaten,
    /// Good fortune: Cran test; passed, 5D6 reinforcement points.
    GoodFortune,
    /// A guide may be hired.
    Guide,
    /// Imperium allies may be recruited.
    Allies,
    /// Bad fortune: Cran test; failed, the next mission is a Survival.
    BadFortune,
}

impl ReconEffect {
    /// Its name in the files (`clue`).
    pub fn id(self) -> &'static str {
        self.key().trim_start_matches("campaign.recon.")
    }

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Nothing => "campaign.recon.nothing",
            Self::Ambush => "campaign.recon.ambush",
            Self::Clue => "campaign.recon.clue",
            Self::Beaten => "campaign.recon.beaten",
            Self::GoodFortune => "campaign.recon.good_fortune",
            Self::Guide => "campaign.recon.guide",
            Self::Allies => "campaign.recon.allies",
            Self::BadFortune => "campaign.recon.bad_fortune",
        }
    }
}

/// One line of the recon table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReconResult {
    /// Lowest face.
    pub from: u32,
    /// Highest face.
    pub to: u32,
    /// What it gives.
    pub effect: ReconEffect,
}

impl ReconData {
    /// What a face gives.
    pub fn effect(&self, face: u32) -> ReconEffect {
        self.results
            .iter()
            .find(|r| (r.from..=r.to).contains(&face))
            .map_or(ReconEffect::Nothing, |r| r.effect)
    }
}

/// What the end of a campaign carries over (CMP-17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndData {
    /// Resource points for winning the Grand Final (120).
    pub won_resources: u32,
    /// For losing it with the leader alive (30).
    pub lost_leader_alive_resources: u32,
    /// **Decision**: what one resource point carried into a new campaign
    /// is worth there, in reinforcement points (1).
    #[serde(default = "one")]
    pub reinforcement_per_resource_point: u32,
}

fn one() -> u32 {
    1
}

/// What a recruit costs in reinforcement points (CMP-7). **Assumed**: the
/// source gives no price list for the escorts' own characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecruitCosts {
    /// A Rogue Trader character costs this for the figure …
    pub character_base: u32,
    /// … plus this per advance point he is worth (CHR-10).
    pub per_advance_point: u32,
    /// A kill-team soldier costs this per soldier equivalent (KT-4); his
    /// item and ribbon are free (KT-5).
    pub per_soldier_equivalent: u32,
}

/// A faction recruits come from (CMP-14). **Decision** (the source names
/// no factions): an escort recruits from the factions of the characters it
/// has held, and from every faction of the Imperium once a recon has found
/// Allies; the lists are data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecruitFaction {
    /// Unique id.
    pub id: String,
    /// Display names.
    pub names: Names,
    /// A faction of the Imperium: Allies opens it to every escort.
    pub imperium: bool,
    /// The Rogue Trader races of the faction (`human`).
    #[serde(default)]
    pub races: Vec<String>,
    /// The kill-team soldier kinds of the faction (`guardsman`).
    #[serde(default)]
    pub soldier_kinds: Vec<String>,
}

/// The initiative test of co-op play (CMP-16). **Assumed**: each side rolls
/// one die, the highest acts first, and sides that tie roll again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeData {
    /// The die's faces.
    pub die: u32,
}

/// The numbers a running campaign depends on, recorded when it starts, so
/// that a later edit of `campaign.json` changes new campaigns only: not a
/// running campaign's replay, nor its next missions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rates {
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
    /// Command points a kill team starts a mission with (KT-11).
    pub killteam_command_points: i32,
    /// The Cran dice and their default Cran (CMP-11).
    pub cran: Vec<CranFormula>,
    /// The recon table's numbers (CMP-14).
    pub recon: ReconData,
    /// What the end carries over (CMP-17).
    pub end: EndData,
    /// What recruits cost (CMP-7).
    pub recruit: RecruitCosts,
    /// The initiative test (CMP-16).
    pub initiative: InitiativeData,
    /// The factions recruits come from (CMP-14); none in campaigns started
    /// before Muster recorded them, which recruit from anyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recruit_factions: Option<Vec<RecruitFaction>>,
    /// The tables its dice are read from (CMP-3, CMP-4, CMP-5); none in
    /// campaigns started before Muster recorded them, which read the
    /// data's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<DrawTables>,
}

/// The tables a campaign's draws are read from, recorded when it starts:
/// the journal's dice are read again from them on replay, and an edit of
/// `campaign.json` changes new campaigns only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawTables {
    /// Each mission type's list, by id, in the file's order (CMP-3).
    pub missions: Vec<MissionList>,
    /// The enemy factions' escort tables (CMP-5).
    pub factions: Vec<Faction>,
}

/// The missions of one type, by id, in the order a die draws them (CMP-3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionList {
    /// The type.
    #[serde(rename = "type")]
    pub mission_type: MissionType,
    /// Its missions' ids.
    pub missions: Vec<MissionId>,
}

impl Rates {
    /// The Cran formula of a die.
    pub fn cran(&self, die: u32) -> Option<&CranFormula> {
        self.cran.iter().find(|c| c.die == die)
    }
}

fn guide_armour() -> i32 {
    7
}

fn guide_items() -> Vec<String> {
    // CMP-14: a shield's 3+ save beats the armour's +1 (EQ-24, EQ-26).
    vec!["armour".to_owned(), "shield".to_owned()]
}
