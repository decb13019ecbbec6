//! The campaign's editable data (`assets/rules/campaign.json`): defaults of
//! the settings, the assumed values (the Cran die's formula, CMP-11), the
//! recon table's numbers (CMP-14), the mission lists per type (CMP-3) and the
//! enemy factions' escort tables (CMP-5).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::rules::core::characteristic::{Characteristic, Profile};
use crate::rules::core::dice::Amount;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;

const DATA: &str = "DATA";

/// The defaults of a new campaign's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defaults {
    /// VP that call the Grand Final (CMP-2).
    pub vp_threshold: u32,
    /// Faces of the Cran die (CMP-11).
    pub cran_die: u32,
    /// Standard or gang-war injuries (CMP-9, CMP-10).
    pub injuries: Injuries,
    /// Fate points in play (CMP-12).
    pub fate_points: bool,
    /// Extra difficulty levels (CMP-8).
    pub difficulty: u32,
    /// How co-op players share the recruitment budget (CMP-16).
    #[serde(default)]
    pub budget: Budget,
    /// The recruitment budget of the players' escorts (CMP-16); none, not
    /// checked.
    #[serde(default)]
    pub recruitment_budget: Option<u32>,
}

/// The bounds of a campaign's settings and of a mission's VP, and the
/// recruitment budget first offered (a Decision: the source gives none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Why these numbers.
    #[serde(default)]
    pub note: String,
    /// The highest VP threshold (CMP-2).
    pub vp_threshold_max: u32,
    /// The most extra difficulty levels (CMP-8).
    pub difficulty_max: u32,
    /// The most VP one mission earns (CMP-6).
    pub mission_vp_max: u32,
    /// The recruitment budget first offered when one is set (CMP-16).
    pub recruitment_budget: u32,
    /// The highest recruitment budget (CMP-16).
    pub recruitment_budget_max: u32,
}

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
    pub missions: Vec<String>,
}

impl Rates {
    /// The Cran formula of a die.
    pub fn cran(&self, die: u32) -> Option<&CranFormula> {
        self.cran.iter().find(|c| c.die == die)
    }
}

/// Whom a mission's enemy comes from (CMP-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemySide {
    /// The Nemesis's faction.
    Main,
    /// One of the secondary factions, drawn at random.
    Secondary,
}

/// Attack or defence, the enemy's behaviour (CMP-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// The enemy attacks.
    Attack,
    /// The enemy defends.
    Defence,
}

/// One mission of the lists (CMP-3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionData {
    /// Unique id.
    pub id: String,
    /// Its type.
    #[serde(rename = "type")]
    pub mission_type: MissionType,
    /// Display names.
    pub names: Names,
    /// The enemy's faction.
    pub enemy: EnemySide,
    /// The enemy escort's points, before difficulty.
    pub points: u32,
    /// The enemy's behaviour.
    pub mode: Mode,
    /// What the players must do.
    pub objective: Names,
    /// The models the objective names (the traitor contact, the enemy
    /// leader, the Nemesis …), each with a card at the table (**Assumed**).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named: Vec<NamedModel>,
}

/// A model a mission names, on the table besides the escort drawn (CMP-5):
/// what the mission says of him and, when he may be attacked, how he
/// fights (**Assumed**: the objectives name them and say no more).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedModel {
    /// His id in the mission (`traitor_contact`).
    pub id: String,
    /// Display names.
    pub names: Names,
    /// What the mission says of him.
    pub text: Names,
    /// How he fights: a profile of his own …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fighter: Option<EnemyFighter>,
    /// … or the one of the enemy faction's table line of this type
    /// (`leader`); with neither, he cannot be attacked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fighter_of: Option<EnemyType>,
}

impl NamedModel {
    /// Whether he may be attacked: the data says how he fights.
    pub fn fights(&self) -> bool {
        self.fighter.is_some() || self.fighter_of.is_some()
    }
}

/// The dice of a faction's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceSpec {
    /// How many dice.
    pub count: u32,
    /// Faces of each.
    pub sides: u32,
}

/// What kind of model a line of a faction's table gives (CMP-5): its
/// `type` in the data and in a campaign's drawn enemies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemyType {
    /// A rank-and-file model.
    Trooper,
    /// A trooper with a special weapon or skill.
    Specialist,
    /// A champion.
    Champion,
    /// The enemy's leader.
    Leader,
    /// A psyker.
    Psyker,
    /// A beast or a monster.
    Monster,
}

impl EnemyType {
    /// As the data writes it (`trooper`), the end of its message key.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Trooper => "trooper",
            Self::Specialist => "specialist",
            Self::Champion => "champion",
            Self::Leader => "leader",
            Self::Psyker => "psyker",
            Self::Monster => "monster",
        }
    }

    /// Whether a model of this type is a character, whose death the
    /// battle summary counts (CHR-15): a champion, a leader or a psyker.
    pub fn is_character(self) -> bool {
        matches!(self, Self::Champion | Self::Leader | Self::Psyker)
    }
}

impl std::fmt::Display for EnemyType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One line of a faction's table (CMP-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyEntry {
    /// Lowest total.
    pub from: u32,
    /// Highest total.
    pub to: u32,
    /// Display names.
    pub names: Names,
    /// Trooper, champion, leader …
    #[serde(rename = "type")]
    pub entry_type: EnemyType,
    /// Cost in points.
    pub cost: u32,
    /// Its Cran for the behaviour tests (CMP-15); the Cran formula's
    /// `enemy` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cran: Option<u32>,
    /// How it fights: profile, save and weapons (**Assumed**).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fighter: Option<EnemyFighter>,
}

/// An enemy faction and its escort table (CMP-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    /// Unique id.
    pub id: String,
    /// Display names.
    pub names: Names,
    /// The dice of its table.
    pub dice: DiceSpec,
    /// The table.
    pub table: Vec<EnemyEntry>,
}

impl Faction {
    /// The line a total falls on.
    pub fn entry(&self, total: u32) -> Option<&EnemyEntry> {
        self.table.iter().find(|e| (e.from..=e.to).contains(&total))
    }
}

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
    pub fn faction(&self, id: &str) -> Option<&Faction> {
        self.factions.iter().find(|f| f.id == id)
    }

    /// A mission by id.
    pub fn mission(&self, id: &str) -> Option<&MissionData> {
        self.missions.iter().find(|m| m.id == id)
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

fn guide_armour() -> i32 {
    7
}

fn guide_items() -> Vec<String> {
    // CMP-14: a shield's 3+ save beats the armour's +1 (EQ-24, EQ-26).
    vec!["armour".to_owned(), "shield".to_owned()]
}

/// The four mission types (CMP-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionType {
    /// Earns VP; starts the campaign and follows a lost trail.
    Investigation,
    /// Earns VP; follows a mission that earned VP.
    Inquiry,
    /// Earns none; follows a mission that earned none.
    Survival,
    /// Decides the campaign.
    Final,
}

impl MissionType {
    /// Every type.
    pub const ALL: [Self; 4] = [
        Self::Investigation,
        Self::Inquiry,
        Self::Survival,
        Self::Final,
    ];

    /// The name in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Investigation => "investigation",
            Self::Inquiry => "inquiry",
            Self::Survival => "survival",
            Self::Final => "final",
        }
    }

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Investigation => "campaign.type.investigation",
            Self::Inquiry => "campaign.type.inquiry",
            Self::Survival => "campaign.type.survival",
            Self::Final => "campaign.type.final",
        }
    }

    /// Whether succeeding earns VP (CMP-1).
    pub fn earns_vp(self) -> bool {
        matches!(self, Self::Investigation | Self::Inquiry)
    }
}

/// Which injury table the Cran tests use (CMP-9, CMP-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Injuries {
    /// Higher: light; equal: serious; lower: dead.
    Standard,
    /// Higher or equal: light; lower: serious; a natural 1: dead.
    GangWar,
}

/// How co-op players share reinforcement points (CMP-16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolMode {
    /// Each player keeps his own.
    #[default]
    Split,
    /// One common pool; players who lost characters pick first.
    Pooled,
}

/// How co-op players share the recruitment budget (CMP-16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    /// The budget is set and split evenly among the players.
    #[default]
    Split,
    /// Each player has the whole budget; the enemy's points are multiplied
    /// by the number of players (it can unbalance scenarios).
    PerPlayer,
}

impl Budget {
    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Split => "campaign.budget.split",
            Self::PerPlayer => "campaign.budget.per_player",
        }
    }
}

/// A campaign's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// VP that call the Grand Final (CMP-2).
    pub vp_threshold: u32,
    /// Faces of the Cran die (CMP-11).
    pub cran_die: u32,
    /// The injury table (CMP-9, CMP-10).
    pub injuries: Injuries,
    /// Fate points in play (CMP-12).
    pub fate_points: bool,
    /// Extra difficulty levels (CMP-8).
    pub difficulty: u32,
    /// Reinforcements shared or split (CMP-16).
    #[serde(default)]
    pub pool: PoolMode,
    /// The recruitment budget split, or the enemy's multiplied (CMP-16).
    #[serde(default)]
    pub budget: Budget,
    /// The recruitment budget of the escorts (CMP-16): none, not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recruitment_budget: Option<u32>,
    /// The Nemesis's faction (CMP-4).
    #[serde(default)]
    pub nemesis: String,
    /// The secondary factions (CMP-4).
    #[serde(default)]
    pub secondary: Vec<String>,
    /// How two kills in a turn count (KT-21): the kill-team data's reading
    /// when not set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_kill: Option<DoubleKill>,
}

/// The campaign's reading of "two kills in the same turn score 3" (KT-21),
/// as the kill-team data words its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoubleKill {
    /// +1 for each turn with two kills or more.
    PerTurn,
    /// +1 for each pair of kills in a turn.
    PerPair,
}

impl Settings {
    /// The defaults of the rules data, with no factions chosen.
    pub fn defaults(data: &CampaignData) -> Self {
        let d = &data.defaults;
        Self {
            vp_threshold: d.vp_threshold,
            cran_die: d.cran_die,
            injuries: d.injuries,
            fate_points: d.fate_points,
            difficulty: d.difficulty,
            pool: PoolMode::Split,
            budget: d.budget,
            recruitment_budget: d.recruitment_budget,
            nemesis: String::new(),
            secondary: Vec::new(),
            double_kill: None,
        }
    }

    /// The first setting beyond the data's limits, if any: the VP
    /// threshold (CMP-2), the difficulty (CMP-8), the recruitment budget
    /// (CMP-16).
    pub fn out_of_limits(&self, data: &CampaignData) -> Option<Problem> {
        let l = &data.limits;
        if self.vp_threshold > l.vp_threshold_max {
            return Some(
                Problem::new("CMP-2", "campaign.problem.threshold_max")
                    .arg("threshold", self.vp_threshold)
                    .arg("max", l.vp_threshold_max),
            );
        }
        if self.difficulty > l.difficulty_max {
            return Some(
                Problem::new("CMP-8", "campaign.problem.difficulty_max")
                    .arg("difficulty", self.difficulty)
                    .arg("max", l.difficulty_max),
            );
        }
        if let Some(points) = self.recruitment_budget
            && points > l.recruitment_budget_max
        {
            return Some(
                Problem::new("CMP-16", "campaign.problem.budget_max")
                    .arg("points", points)
                    .arg("max", l.recruitment_budget_max),
            );
        }
        None
    }

    /// Every setting out of range, as problems (CMP-4, CMP-11, CMP-2,
    /// CMP-8, CMP-16).
    pub fn problems(&self, data: &CampaignData) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.vp_threshold == 0 {
            out.push(Problem::new("CMP-2", "campaign.problem.threshold"));
        }
        out.extend(self.out_of_limits(data));
        if data.cran(self.cran_die).is_none() {
            out.push(Problem::new("CMP-11", "campaign.problem.cran_die").arg("die", self.cran_die));
        }
        if self.recruitment_budget == Some(0) {
            out.push(Problem::new("CMP-16", "campaign.problem.zero_budget"));
        }
        if self.nemesis.is_empty() {
            out.push(Problem::new("CMP-4", "campaign.problem.no_nemesis"));
        } else if data.faction(&self.nemesis).is_none() {
            out.push(
                Problem::new("CMP-4", "campaign.problem.unknown_faction")
                    .arg("faction", &self.nemesis),
            );
        }
        let mut seen = BTreeSet::new();
        for f in &self.secondary {
            if data.faction(f).is_none() {
                out.push(
                    Problem::new("CMP-4", "campaign.problem.unknown_faction").arg("faction", f),
                );
            } else if *f == self.nemesis || !seen.insert(f.as_str()) {
                out.push(Problem::new("CMP-4", "campaign.problem.faction_twice").arg("faction", f));
            }
        }
        if (seen.len() as u32) < data.min_secondary_factions {
            out.push(
                Problem::new("CMP-4", "campaign.problem.few_secondary")
                    .arg("count", data.min_secondary_factions),
            );
        }
        out
    }
}

/// How an enemy of a faction's table fights (**Assumed**: the sources give
/// the tables' names and costs only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyFighter {
    /// Its Rogue Trader profile.
    pub profile: Profile,
    /// Its armour save (4: 4+), none without armour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<u32>,
    /// Its weapons, the ranged ones first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<EnemyWeapon>,
    /// Its psychic mastery level, for a psyker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mastery: Option<u32>,
}

/// One weapon of an enemy, as it fires or strikes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyWeapon {
    /// Display names.
    pub names: Names,
    /// Range in inches; 0 for a close-combat weapon.
    #[serde(default)]
    pub range: u32,
    /// Strength.
    pub s: u32,
    /// Armour penetration: what it takes off the target's save (0, -1 …).
    #[serde(default)]
    pub ap: i32,
    /// Shots: a number or dice.
    #[serde(default = "one_amount")]
    pub shots: Amount,
    /// Damage per unsaved wound: a number or dice.
    #[serde(default = "one_amount")]
    pub damage: Amount,
    /// A flame weapon: it ignores cover.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flame: bool,
}

fn one_amount() -> Amount {
    Amount::Fixed(1)
}

impl EnemyWeapon {
    /// Whether it is a close-combat weapon.
    pub fn close(&self) -> bool {
        self.range == 0
    }
}

impl EnemyFighter {
    /// Checks what serde cannot (`place`: the table line, for the
    /// message): a wound at least, a save a die can make, weapons named in
    /// English and French with a strength and readable dice.
    pub fn check(&self, place: &str) -> Result<(), Problem> {
        let bad = |what: &str, value: String| {
            Problem::new("DATA", "data.campaign.enemy_fighter")
                .arg("place", place)
                .arg("what", what)
                .arg("value", value)
        };
        for (c, v) in self.profile.iter() {
            let range = if c == Characteristic::W {
                1..=20
            } else {
                0..=10
            };
            if !range.contains(&v) {
                return Err(bad(c.key(), v.to_string()));
            }
        }
        if let Some(s) = self.save
            && !(2..=6).contains(&s)
        {
            return Err(bad("save", s.to_string()));
        }
        for w in &self.weapons {
            let name = w.names.get("en").cloned().unwrap_or_default();
            if !(w.names.contains_key("en") && w.names.contains_key("fr")) {
                return Err(bad("names", name));
            }
            if w.s == 0 || w.ap > 0 {
                return Err(bad("s/ap", name));
            }
            for a in [&w.shots, &w.damage] {
                match crate::rules::core::dice::amount_dice(a) {
                    Ok(Ok(n)) if n > 100 => return Err(bad("dice", name)),
                    Err(_) => return Err(bad("dice", name)),
                    Ok(_) => {}
                }
            }
        }
        Ok(())
    }
}
