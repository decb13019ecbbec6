//! The narrative campaign ("Au Nom de l'Empereur", CMP-1 … CMP-17): one
//! document that owns its escorts' characters, their states and the journal
//! of every event that changed them.
//!
//! The journal is the truth: each accepted edit is stored in it with every
//! die filled in, so replaying it from an empty campaign gives the campaign
//! back ([`Campaign::replay`]); the state kept beside it is what the views
//! read at once, and `validate` checks that the two agree. Characters and
//! journal entries are shared (`Arc`), so the undo history holds small
//! copies of a large campaign.

mod acts;
pub mod data;
mod debrief;
mod edit;
mod enemy;
mod item_use;
pub mod journals;
pub mod loot;
pub mod merge;
mod play;
mod playing;
mod ready;
mod recruit;
mod setup;
pub mod victory;
mod words;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use acts::{
    Activations, AtTable, REROLL, SECOND_SOLDIER, TurnActs, reroll_cost, second_soldier_cost,
};
pub use data::{
    Budget, CampaignData, EnemySide, Faction, Injuries, MissionData, MissionType, Mode, PoolMode,
    Rates, Settings,
};
pub use data::{EnemyFighter, EnemyWeapon};
pub use edit::{Bought, CampaignEdit, MissionChoice, NewEscort, Purchase};
pub use enemy::{Behaviour, ENEMY_IDS, enemy_id, enemy_index};
pub use item_use::RECHARGE;
pub use play::check_dice;
pub use recruit::RecruitKind;

use super::characters::Character;
use super::characters::roster::Roster;
use super::core::dice::Roll;
use super::core::msg::Msg;
use super::core::problem::Problem;
use super::data::RulesData;
use super::doc::CharRef;
use super::doc::DocKind;
use super::killteam::{KillTeam, Soldier};

/// Id of a campaign character, unique within the campaign.
pub type CharId = u64;
/// Id of an escort (a player's force), unique within the campaign.
pub type EscortId = u32;

/// Where a character stands (CMP-13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Fit.
    #[default]
    Fit,
    /// Plays the next mission.
    LightlyWounded,
    /// Misses the next mission, then fit.
    SeriouslyWounded,
    /// Dead for good.
    Dead,
    /// Missing in action (dead, lost in a recon ambush).
    Missing,
}

impl State {
    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Fit => "campaign.state.fit",
            Self::LightlyWounded => "campaign.state.lightly_wounded",
            Self::SeriouslyWounded => "campaign.state.seriously_wounded",
            Self::Dead => "campaign.state.dead",
            Self::Missing => "campaign.state.missing",
        }
    }

    /// Whether the character is still part of the escort.
    pub fn alive(self) -> bool {
        !matches!(self, Self::Dead | Self::Missing)
    }
}

/// A Rogue Trader character or a kill-team soldier: the very model the
/// roster editor built.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Member {
    /// From a Rogue Trader band.
    Character(Character),
    /// From a kill team.
    Soldier(Soldier),
}

impl data::RecruitFaction {
    /// Whether a character or soldier is of the faction.
    pub fn holds(&self, member: &Member) -> bool {
        match member {
            Member::Character(c) => self.races.contains(&c.race),
            Member::Soldier(s) => self.soldier_kinds.contains(&s.kind),
        }
    }
}

impl Member {
    /// The name.
    pub fn name(&self) -> &str {
        match self {
            Self::Character(c) => &c.name,
            Self::Soldier(s) => &s.name,
        }
    }

    /// Its own id.
    pub fn id(&self) -> CharId {
        match self {
            Self::Character(c) => c.id,
            Self::Soldier(s) => s.id,
        }
    }

    /// Sets its own id.
    fn set_id(&mut self, id: CharId) {
        match self {
            Self::Character(c) => c.id = id,
            Self::Soldier(s) => s.id = id,
        }
    }

    /// Wounds on its profile.
    pub fn wounds(&self, rules: &RulesData) -> u32 {
        let w = match self {
            Self::Character(c) => c
                .profile(rules)
                .map_or(1, |p| p.get(super::Characteristic::W)),
            Self::Soldier(s) => {
                super::killteam::derive(&rules.killteam, s).map_or(1, |d| d.profile.wounds)
            }
        };
        u32::try_from(w.max(1)).unwrap_or(1)
    }

    /// The single-use items it carries, by id: those the kill-team data
    /// says are used once a game (KT-5), struck off at the table when used.
    /// An item the data does not know, or one kept all game (armour, a
    /// command insignia), is not among them.
    pub fn items(&self, rules: &RulesData) -> Vec<String> {
        match self {
            Self::Character(_) => Vec::new(),
            Self::Soldier(s) => s
                .items
                .iter()
                .filter(|c| rules.killteam.item(&c.item).is_some_and(|i| i.single_use))
                .map(|c| c.item.clone())
                .collect(),
        }
    }

    /// Whether it carries the item `id`, single-use or not.
    pub fn carries(&self, id: &str) -> bool {
        match self {
            Self::Character(_) => false,
            Self::Soldier(s) => s.items.iter().any(|c| c.item == id),
        }
    }

    /// The default Cran on a die (CMP-11): `base − Cl` for a Rogue Trader
    /// character, the kill-team value for a soldier, within the die.
    pub fn default_cran(&self, die: u32, rules: &RulesData) -> u32 {
        self.default_cran_by(rules.campaign.cran(die), die, rules)
    }

    /// The default Cran by a formula (a campaign's recorded one).
    pub fn default_cran_by(
        &self,
        formula: Option<&data::CranFormula>,
        die: u32,
        rules: &RulesData,
    ) -> u32 {
        let Some(f) = formula else {
            return 1;
        };
        let value = match self {
            Self::Character(c) => {
                let cl = c
                    .profile(rules)
                    .map_or(7, |p| p.get(super::Characteristic::Cl));
                f.base - cl
            }
            Self::Soldier(_) => i32::try_from(f.killteam).unwrap_or(1),
        };
        u32::try_from(value.clamp(1, i32::try_from(die).unwrap_or(10))).unwrap_or(1)
    }
}

/// The character a line of the log names (its `{character}`), if any.
fn named(m: &Msg) -> Option<&str> {
    m.args.iter().find_map(|(n, a)| match a {
        super::core::msg::Arg::Text(t) if *n == "character" => Some(t.as_str()),
        _ => None,
    })
}

/// One character of the campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignCharacter {
    /// Unique within the campaign (also the member's own id).
    pub id: CharId,
    /// The escort he belongs to.
    pub escort: EscortId,
    /// The character as built.
    pub member: Member,
    /// His Cran on the campaign's die (CMP-11).
    pub cran: u32,
    /// His state (CMP-13).
    #[serde(default)]
    pub state: State,
    /// Seriously wounded: the mission he must sit out is the next one.
    #[serde(default)]
    pub misses_next: bool,
    /// His Cran was set by hand (it no longer follows his Cl).
    #[serde(default)]
    pub cran_by_hand: bool,
    /// Missions played.
    #[serde(default)]
    pub missions: u32,
    /// The roster or kill team he was copied from, and his id there; none
    /// for characters copied before Muster recorded it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<CharRef>,
}

impl CampaignCharacter {
    /// The name.
    pub fn name(&self) -> &str {
        self.member.name()
    }

    /// Whether he may play the next mission (CMP-13).
    pub fn can_play(&self) -> bool {
        self.state.alive() && !self.misses_next
    }
}

/// A player's escort.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Escort {
    /// Unique within the campaign.
    pub id: EscortId,
    /// The player's name.
    pub player: String,
    /// The roster it was started from.
    pub source: String,
    /// `roster` or `killteam`: the kind it is exported as.
    pub kind: String,
    /// His leader (CMP-17).
    #[serde(default)]
    pub leader: Option<CharId>,
    /// Fate points left (CMP-12).
    #[serde(default)]
    pub fate_points: u32,
    /// Reinforcement points, when split (CMP-7, CMP-16).
    #[serde(default)]
    pub reinforcement: u32,
    /// Command points at the table (KT-11).
    #[serde(default)]
    pub command_points: i32,
    /// Carried over from an ended campaign (CMP-17): the whole escort goes
    /// on, so the recruitment budget does not apply to it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub carried: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn is_false(b: &bool) -> bool {
    !*b
}

/// Where the campaign is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Settings and escorts are chosen.
    #[default]
    Setup,
    /// The next mission is known, not yet played.
    Ready,
    /// The mission is played: the table view.
    Playing,
    /// The mission is over: tests, advances, reinforcements, recon.
    Debrief,
    /// The campaign is over (CMP-17).
    Over,
}

impl Phase {
    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Setup => "campaign.phase.setup",
            Self::Ready => "campaign.phase.ready",
            Self::Playing => "campaign.phase.playing",
            Self::Debrief => "campaign.phase.debrief",
            Self::Over => "campaign.phase.over",
        }
    }
}

/// One enemy drawn for the mission's escort (CMP-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyDraw {
    /// The dice.
    pub roll: Roll,
    /// The table line's display names.
    pub names: crate::rules::core::names::Names,
    /// Its type.
    #[serde(rename = "type")]
    pub entry_type: String,
    /// Its cost.
    pub cost: u32,
    /// Its Cran for the behaviour tests, when the table gives one (CMP-15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cran: Option<u32>,
}

/// The current or next mission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    /// 1 for the first.
    pub number: u32,
    /// Its type.
    #[serde(rename = "type")]
    pub mission_type: MissionType,
    /// The mission's id in the lists.
    pub mission: String,
    /// The enemy faction.
    pub faction: String,
    /// The enemy's points, difficulty included (CMP-8).
    pub points: u32,
    /// The enemy's behaviour (CMP-15).
    pub mode: Mode,
    /// The type was forced, or the mission picked, by hand (logged).
    #[serde(default)]
    pub overridden: bool,
    /// The enemy escort drawn so far (CMP-5).
    #[serde(default)]
    pub enemy: Vec<EnemyDraw>,
}

impl Mission {
    /// The points the enemy escort drawn so far costs.
    pub fn enemy_points(&self) -> u32 {
        self.enemy.iter().map(|e| e.cost).sum()
    }

    /// Whether the enemy escort is complete: its budget is exceeded or
    /// reached (CMP-5).
    pub fn enemy_complete(&self) -> bool {
        self.enemy_points() >= self.points
    }
}

/// The table: what is ticked during the mission.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// Who plays it.
    pub players: Vec<CharId>,
    /// Wounds taken, per character.
    #[serde(default)]
    pub wounds: BTreeMap<CharId, u32>,
    /// Taken out of action.
    #[serde(default)]
    pub out_of_action: BTreeSet<CharId>,
    /// Single-use items struck off: (character, item).
    #[serde(default)]
    pub struck: BTreeSet<(CharId, String)>,
    /// The uses of an item carried twice (RIB-6) before it is struck off:
    /// by character, by item.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub uses: BTreeMap<CharId, BTreeMap<String, u32>>,
    /// The last initiative test: who acts first (CMP-16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<Initiative>,
    /// The turn the last "New turn" began (KT-11); 0 before any.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turn: u32,
    /// Wounds taken by the drawn enemies, by their place in the escort.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub enemy_wounds: BTreeMap<usize, u32>,
    /// The drawn enemies taken out of action, by their place.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub enemy_out: BTreeSet<usize>,
    /// What each enemy's last behaviour test said (CMP-15), by its place.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub behaviour: BTreeMap<usize, Behaviour>,
    /// The turn each fighter out of action fell, players' and enemies'
    /// alike (KT-21).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fell: BTreeMap<CharId, u32>,
    /// What each Thief took from the fallen (RIB-13).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub loot: BTreeMap<CharId, Looted>,
    /// Mines laid and not gone off yet (EQ-11): the bearer and the item,
    /// once per mine.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub laid: Vec<(CharId, String)>,
    /// Where each mine laid was laid: the turn and the place of its
    /// bearer's activation, which must be over before it goes off (EQ-11).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub laid_in: Vec<LaidIn>,
    /// The models a flash grenade dazzled (EQ-10), with the turn it did.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dazzled: BTreeMap<CharId, u32>,
    /// The last item each character used and what it did, for his card.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub used: BTreeMap<CharId, ItemResult>,
    /// What each kill-team soldier did this turn (KT-9): his actions, by
    /// activation, and what raised them.
    #[serde(default, skip_serializing_if = "TurnActs::is_empty")]
    pub acts: TurnActs,
}

/// The activation a mine was laid in (EQ-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaidIn {
    /// Who laid it.
    pub bearer: CharId,
    /// The mine's item id.
    pub item: String,
    /// The turn.
    pub turn: u32,
    /// The place of his activation in that turn.
    pub activation: usize,
}

/// What a Thief takes: a weapon or a special item, by its id in the
/// kill-team data.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LootPick {
    /// A weapon: it replaces his own.
    Weapon(String),
    /// A special item: it replaces his first one.
    Item(String),
}

/// What a Thief took at this table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Looted {
    /// The weapon he took, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    /// The item he took, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<String>,
    /// The turn of his last loot: one a turn.
    pub turn: u32,
}

/// What a single-use item did at the table (EQ-6, EQ-10, EQ-11, EQ-15,
/// EQ-23), shown on its bearer's card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemResult {
    /// The item's id.
    pub item: String,
    /// The target's names, when it had one.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub target: super::core::names::Names,
    /// Its dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    /// What it did.
    pub effect: super::killteam::item_use::Effect,
    /// The model it was used on, as it was before: what the reroll
    /// stratagem (KT-11) puts back before the dice are made again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<UsedOn>,
    /// Its dice were made again with the reroll stratagem (KT-11): never
    /// twice.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rerolled: bool,
}

/// The model an item was used on, as it was before the use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UsedOn {
    /// Its id (an enemy's as the table numbers it).
    pub id: CharId,
    /// The wounds it had taken.
    pub wounds: u32,
    /// It was out of action.
    pub out: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One side's initiative dice (CMP-16): an escort's, or the enemy's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeRoll {
    /// The escort; none for the enemy, tested once for all its characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escort: Option<EscortId>,
    /// Its dice: the test, then one die per roll-off it was in.
    pub rolls: Vec<Roll>,
}

impl InitiativeRoll {
    /// The faces, first die first.
    pub fn faces(&self) -> Vec<u32> {
        self.rolls
            .iter()
            .map(|r| u32::try_from(r.total.max(0)).unwrap_or(0))
            .collect()
    }
}

/// The order of a turn (CMP-16): every side, the first to act first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Initiative {
    /// The turn, 1 for the first test of the mission.
    pub turn: u32,
    /// The sides, in the order they act.
    pub order: Vec<InitiativeRoll>,
}

impl Table {
    /// The turn being played: 1 at first, then the last one a "New turn"
    /// or an initiative test began (KT-11, CMP-16).
    pub fn turn(&self) -> u32 {
        self.turn
            .max(self.initiative.as_ref().map_or(0, |i| i.turn))
            .max(1)
    }

    /// Notes the turn each fighter now out of action fell, and forgets
    /// those back in action (KT-21): kept in step after every event.
    pub fn note_fallen(&mut self) {
        let turn = self.turn();
        let out: BTreeSet<CharId> = self
            .out_of_action
            .iter()
            .copied()
            .chain(self.enemy_out.iter().map(|&i| enemy_id(i)))
            .collect();
        self.fell.retain(|id, _| out.contains(id));
        for id in out {
            self.fell.entry(id).or_insert(turn);
        }
    }

    /// Whether a character took any wound or was taken out of action.
    pub fn wounded(&self, id: CharId) -> bool {
        self.out_of_action.contains(&id) || self.wounds.get(&id).copied().unwrap_or(0) > 0
    }

    /// The uses made of `id`'s `item` and not yet struck off (RIB-6: the
    /// first of two).
    pub fn uses_of(&self, id: CharId, item: &str) -> u32 {
        self.uses
            .get(&id)
            .and_then(|m| m.get(item))
            .copied()
            .unwrap_or(0)
    }

    /// One more use of `id`'s `item`, of which he carries `count`: struck
    /// off with the last one (RIB-6: the counts are by item, not by use).
    pub(super) fn use_one(&mut self, id: CharId, item: &str, count: u32) {
        let used = self.uses_of(id, item) + 1;
        if used >= count {
            self.struck.insert((id, item.to_owned()));
            self.set_uses(id, item, 0);
        } else {
            self.set_uses(id, item, used);
        }
    }

    /// Sets the uses of `id`'s `item` not yet struck off.
    pub(super) fn set_uses(&mut self, id: CharId, item: &str, n: u32) {
        let mine = self.uses.entry(id).or_default();
        if n == 0 {
            mine.remove(item);
        } else {
            mine.insert(item.to_owned(), n);
        }
        if mine.is_empty() {
            self.uses.remove(&id);
        }
    }

    /// Whether a flash grenade dazzled this model this turn (EQ-10).
    pub fn dazzled_now(&self, id: CharId) -> bool {
        self.dazzled.get(&id) == Some(&self.turn())
    }
}

/// How a mission ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "MissionResult")] // its name in serde's messages, as before
pub struct MissionResult {
    /// Objective achieved (survived, for a Survival; won, for a Final).
    pub success: bool,
    /// VP earned.
    pub vp: u32,
}

/// What remains to do after a mission.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Debrief {
    /// The mission's type.
    #[serde(rename = "type")]
    pub mission_type: Option<MissionType>,
    /// How it ended.
    pub success: bool,
    /// Characters taken out of action who still owe a Cran test (CMP-9).
    #[serde(default)]
    pub pending: Vec<CharId>,
    /// Characters the test killed: a fate point may reroll it (CMP-12).
    #[serde(default)]
    pub fallen: Vec<CharId>,
    /// Escorts that sent a character on recon since the mission (CMP-14).
    #[serde(default)]
    pub recon: Vec<EscortId>,
    /// VP earned.
    #[serde(default)]
    pub vp: u32,
    /// Recon found a guide who may be hired (CMP-14).
    #[serde(default)]
    pub guide_offered: bool,
    /// Characters who earned an advance point in the mission (CHR-13).
    #[serde(default)]
    pub earned: Vec<CharId>,
    /// Escorts that recruited from the pool since (CMP-16).
    #[serde(default)]
    pub recruited: Vec<EscortId>,
    /// Who played the mission (CMP-9: only they can be out of action).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<CharId>,
    /// Who was taken out of action, as ticked at the table and corrected
    /// in the debrief (CMP-9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out_of_action: Vec<CharId>,
    /// Who took a wound at the table (CHR-13: no advance point for them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wounded: Vec<CharId>,
    /// Those who fell whose player spends no more fate points on them: dead
    /// for good (CMP-12).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accepted: Vec<CharId>,
    /// Every test rolled since the mission, in order, as the debrief shows
    /// it (CMP-9, CMP-12, CMP-14).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolled: Vec<Rolled>,
}

/// Which test a [`Rolled`] was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestKind {
    /// The Cran test after the mission (CMP-9, CMP-10).
    Cran,
    /// A fate point's reroll of the test that killed him (CMP-12).
    Fate,
    /// A recon (CMP-14).
    Recon,
}

/// A test rolled in the debrief and what came of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rolled {
    /// Who rolled.
    pub character: CharId,
    /// Which test.
    pub kind: TestKind,
    /// The recon's die and what the table gave (a recon only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recon: Option<(Roll, data::ReconEffect)>,
    /// The Cran die (none: a recon whose result asks for no test).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    /// His Cran when he rolled.
    pub cran: u32,
    /// The test passed (a recon asking for no test: true).
    pub passed: bool,
    /// His state after it.
    pub state: State,
    /// Reinforcement points won (a recon's good fortune).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}

/// The end of a campaign (CMP-17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct End {
    /// The Grand Final was won.
    pub won: bool,
    /// Resource points carried over.
    pub resources: u32,
    /// The escort may go on into a new campaign.
    pub carries_over: bool,
}

/// A character carried into a new campaign (CMP-17): his own copy, as he
/// ended the last one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarriedCharacter {
    /// The character as he is now: advances, equipment and cards included.
    pub member: Member,
    /// His state (a character seriously wounded in the Grand Final still
    /// misses the next mission).
    #[serde(default)]
    pub state: State,
    /// He misses the next mission.
    #[serde(default)]
    pub misses_next: bool,
    /// His Cran, when it was set by hand (else his Cl gives it again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cran: Option<u32>,
    /// He led his escort.
    #[serde(default)]
    pub leader: bool,
}

/// An escort carried into a new campaign (CMP-17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarriedEscort {
    /// The player's name.
    pub player: String,
    /// The roster it was first started from.
    pub source: String,
    /// `roster` or `killteam`.
    pub kind: String,
    /// Its living characters.
    pub characters: Vec<CarriedCharacter>,
}

/// What an ended campaign carries into the next one (CMP-17): its living
/// escort with its equipment, and its resource points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarryOver {
    /// The ended campaign's name.
    pub campaign: String,
    /// Its Grand Final was won.
    pub won: bool,
    /// Its resource points (CMP-17).
    pub resources: u32,
    /// Its escorts, living characters only.
    pub escorts: Vec<CarriedEscort>,
}

/// Where a campaign's escort came from (CMP-17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Carried {
    /// The ended campaign's name.
    pub campaign: String,
    /// Resource points still to credit when the campaign starts.
    pub resources: u32,
}

/// One event of the journal: the edit as applied, every die filled in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The mission it belongs to (0 before the first).
    pub mission: u32,
    /// What was done.
    pub event: CampaignEdit,
    /// Who made it, where and when: given by the app that recorded it (a
    /// journal made by hand or by the command line has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stamp: Option<Stamp>,
}

/// What tells one event from every other, on every machine of a group:
/// a merge of two versions never doubles an event, and the
/// journal can say where it was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stamp {
    /// Unique: 16 hex digits drawn when the event was made (`legacy-…` for
    /// an event older than stamps, from its place and content, the same on
    /// every machine). Never empty.
    #[serde(deserialize_with = "stamp_id")]
    pub id: String,
    /// When, in UTC (`2026-11-25T17:36:36Z`); none for an older event. A
    /// text that is not such a time is refused where it stands.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "stamp_time"
    )]
    pub at: Option<String>,
    /// The name of the machine it was made on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// A stamp's id as read: any text but an empty one.
fn stamp_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let id = String::deserialize(d)?;
    if id.trim().is_empty() {
        return Err(serde::de::Error::invalid_value(
            serde::de::Unexpected::Str(&id),
            &"an id that is not empty: every event of a journal has its own",
        ));
    }
    Ok(id)
}

/// A stamp's time as read: a UTC time as RFC 3339 writes it.
fn stamp_time<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let at = String::deserialize(d)?;
    if !is_utc_time(&at) {
        return Err(serde::de::Error::invalid_value(
            serde::de::Unexpected::Str(&at),
            &"a time in UTC, as 2026-11-25T17:36:36Z",
        ));
    }
    Ok(Some(at))
}

/// Whether `text` is a time as stamps write it: `YYYY-MM-DDTHH:MM:SS`,
/// fractions of a second allowed, then `Z` or an offset (`+01:00`), each
/// field within its range.
pub fn is_utc_time(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |from: usize, len: usize| -> Option<u32> {
        let part = text.get(from..from + len)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    let punct = [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':')];
    if b.len() < 20
        || punct
            .iter()
            .any(|&(i, c)| b[i] != c && !(i == 10 && b[i] == b't'))
    {
        return false;
    }
    let fields = [
        (digits(0, 4), 0..=9999),
        (digits(5, 2), 1..=12),
        (digits(8, 2), 1..=31),
        (digits(11, 2), 0..=23),
        (digits(14, 2), 0..=59),
        (digits(17, 2), 0..=60),
    ];
    if !fields
        .iter()
        .all(|(v, r)| v.is_some_and(|v| r.contains(&v)))
    {
        return false;
    }
    let mut rest = &text[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    match rest.as_bytes() {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', ..] if rest.len() == 6 => {
            digits(text.len() - 5, 2).is_some_and(|h| h <= 23)
                && rest.as_bytes()[3] == b':'
                && digits(text.len() - 2, 2).is_some_and(|m| m <= 59)
        }
        _ => false,
    }
}

impl Campaign {
    /// Stamps the events added to the journal since it held `before`
    /// entries, each with its own id from `id`; those already stamped are
    /// left alone.
    pub fn stamp_since(
        &mut self,
        before: usize,
        mut id: impl FnMut() -> String,
        at: Option<&str>,
        by: Option<&str>,
    ) {
        for entry in self.journal.iter_mut().skip(before) {
            if entry.stamp.is_none() {
                let mut e = Entry::clone(entry);
                e.stamp = Some(Stamp {
                    id: id(),
                    at: at.map(str::to_owned),
                    by: by.map(str::to_owned),
                });
                *entry = Arc::new(e);
            }
        }
    }
}

/// An escort exported for the next game.
#[derive(Clone, Debug, PartialEq)]
pub enum ExportedEscort {
    /// A Rogue Trader band.
    Roster(Roster),
    /// A kill team.
    KillTeam(KillTeam),
}

/// A campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    /// Stable id: also the file name.
    pub id: String,
    /// Shown in the library.
    pub name: String,
    /// Free notes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Settings.
    pub settings: Settings,
    /// The players' escorts.
    #[serde(default)]
    pub escorts: Vec<Escort>,
    /// Every character, dead ones included.
    #[serde(default)]
    pub characters: Vec<Arc<CampaignCharacter>>,
    /// Where the campaign is.
    #[serde(default)]
    pub phase: Phase,
    /// Victory points held (CMP-6).
    #[serde(default)]
    pub vp: u32,
    /// The common reinforcement pool (CMP-16).
    #[serde(default)]
    pub pool: u32,
    /// Missions played.
    #[serde(default)]
    pub missions_played: u32,
    /// The current or next mission.
    #[serde(default)]
    pub mission: Option<Mission>,
    /// The table of the mission being played.
    #[serde(default)]
    pub table: Option<Table>,
    /// What is left to do after the last mission.
    #[serde(default)]
    pub debrief: Option<Debrief>,
    /// A recon's bad fortune forces a Survival next (CMP-14).
    #[serde(default)]
    pub forced_survival: bool,
    /// A guide leads characters in the next mission (CMP-14).
    #[serde(default)]
    pub guide: bool,
    /// The characters he leads (CMP-14).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guided: Vec<CharId>,
    /// Characters of any Imperium faction may be recruited (CMP-14).
    #[serde(default)]
    pub allies: bool,
    /// How it ended (CMP-17).
    #[serde(default)]
    pub end: Option<End>,
    /// The ended campaign its escort was carried from (CMP-17).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried: Option<Carried>,
    /// The next character id.
    #[serde(default)]
    pub next_id: CharId,
    /// The numbers recorded when the campaign started (none before, and in
    /// campaigns started before Muster recorded them: the data's then).
    /// Shared: every version of the campaign (each event played, each undo
    /// step) holds the same numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rates: Option<Arc<Rates>>,
    /// Every event, in order.
    #[serde(default)]
    pub journal: Vec<Arc<Entry>>,
}

impl Campaign {
    /// A new campaign in setup, with the data's default settings.
    pub fn new(id: impl Into<String>, name: impl Into<String>, data: &CampaignData) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            notes: String::new(),
            settings: Settings::defaults(data),
            escorts: Vec::new(),
            characters: Vec::new(),
            phase: Phase::Setup,
            vp: 0,
            pool: 0,
            missions_played: 0,
            mission: None,
            table: None,
            debrief: None,
            forced_survival: false,
            guide: false,
            guided: Vec::new(),
            allies: false,
            end: None,
            carried: None,
            next_id: 1,
            rates: None,
            journal: Vec::new(),
        }
    }

    /// The numbers the campaign plays by: those recorded at its start, or
    /// the data's before it.
    pub fn rates<'a>(&'a self, data: &CampaignData) -> Cow<'a, Rates> {
        match &self.rates {
            Some(r) => Cow::Borrowed(&**r),
            None => Cow::Owned(data.rates()),
        }
    }

    /// The same numbers, held apart from the campaign (to read them while
    /// the campaign changes): shared, not copied, once recorded.
    pub fn shared_rates(&self, data: &CampaignData) -> Arc<Rates> {
        match &self.rates {
            Some(r) => Arc::clone(r),
            None => Arc::new(data.rates()),
        }
    }

    /// The missions a die draws for type `t` (CMP-3), by id, in order: the
    /// lists recorded when the campaign started, or the data's in a
    /// campaign that did not record them.
    pub fn mission_ids<'a>(&'a self, data: &'a CampaignData, t: MissionType) -> Vec<&'a str> {
        match self.rates.as_ref().and_then(|r| r.tables.as_ref()) {
            Some(tables) => tables
                .missions
                .iter()
                .filter(|l| l.mission_type == t)
                .flat_map(|l| l.missions.iter().map(String::as_str))
                .collect(),
            None => data.missions_of(t).map(|m| m.id.as_str()).collect(),
        }
    }

    /// A faction's escort table (CMP-5): the one recorded when the
    /// campaign started, or the data's in a campaign that did not record it.
    pub fn enemy_table<'a>(
        &'a self,
        data: &'a CampaignData,
        faction: &str,
    ) -> Option<&'a data::Faction> {
        match self.rates.as_ref().and_then(|r| r.tables.as_ref()) {
            Some(tables) => tables.factions.iter().find(|f| f.id == faction),
            None => data.faction(faction),
        }
    }

    /// Whether the wounds of the battle log's roll of this seed are in the
    /// journal already (each roll's wounds are applied once).
    pub fn roll_applied(&self, seed: u64) -> bool {
        self.journal.iter().any(|e| match &e.event {
            CampaignEdit::AddWounds { roll, .. } | CampaignEdit::AddBattleWounds { roll, .. } => {
                *roll == Some(seed)
            }
            _ => false,
        })
    }

    /// Why the character of this id cannot take wounds rolled on the battle
    /// screen now (CMP-13), or none when he can: a mission must be played,
    /// and he must be at its table, alive and not out of action yet.
    pub fn wound_refusal(&self, id: CharId) -> Option<Problem> {
        if let Some(i) = enemy_index(id) {
            return self.enemy_refusal(i);
        }
        let Some(x) = self.character(id) else {
            return Some(Problem::new("CMP-13", "campaign.problem.no_character").arg("id", id));
        };
        let named = |key: &'static str| Some(Problem::new("CMP-13", key).character(x.name()));
        if self.phase != Phase::Playing {
            return Some(Problem::new("CMP-2", "campaign.problem.not_playing"));
        }
        if !x.state.alive() {
            return named("campaign.problem.dead");
        }
        let Some(table) = &self.table else {
            return named("campaign.problem.not_playing_character");
        };
        if !table.players.contains(&id) {
            return named("campaign.problem.not_playing_character");
        }
        if table.out_of_action.contains(&id) {
            return named("campaign.problem.already_out");
        }
        None
    }

    /// Why the guide may not lead this character (CMP-14), or none when he
    /// may: he must be able to play the next mission, wear no armour better
    /// than the data's save (a kill-team soldier: carry none of its armour
    /// items) and be worth no more than its points.
    pub fn guide_refusal(&self, id: CharId, rules: &RulesData) -> Option<Problem> {
        let rates = self.rates(&rules.campaign);
        let r = &rates.recon;
        let Some(x) = self.characters.iter().find(|x| x.id == id) else {
            return Some(Problem::new("CMP-14", "campaign.problem.no_character").arg("id", id));
        };
        let named = |key: &'static str| Problem::new("CMP-14", key).character(x.name());
        let benched = self
            .table
            .as_ref()
            .is_some_and(|t| !t.players.contains(&id));
        if !x.state.alive() || x.misses_next || benched {
            return Some(named("campaign.problem.guide_cannot_play"));
        }
        match &x.member {
            Member::Character(ch) => {
                if let Some(save) = crate::rules::characters::equipment::armour_save(&ch.equipment)
                    && save < r.guide_armour_no_better_than
                {
                    return Some(
                        named("campaign.problem.guide_armour")
                            .arg("save", save)
                            .arg("limit", r.guide_armour_no_better_than),
                    );
                }
            }
            Member::Soldier(_) => {
                if let Some(item) = r.guide_forbidden_items.iter().find(|i| x.member.carries(i)) {
                    return Some(crate::rules::killteam::with_item(
                        named("campaign.problem.guide_item"),
                        &rules.killteam,
                        "item",
                        item,
                    ));
                }
            }
        }
        match self.recruit_cost(&x.member, rules) {
            Ok(worth) if worth > r.guide_max_worth => Some(
                named("campaign.problem.guide_worth")
                    .arg("worth", worth)
                    .arg("max", r.guide_max_worth),
            ),
            Ok(_) => None,
            Err(p) => Some(p),
        }
    }

    /// What a recruit costs in reinforcement points (CMP-7): a Rogue Trader
    /// character's figure and the advance points he is worth (CHR-10), a
    /// kill-team soldier's equivalents (KT-4), at the recorded rates.
    pub fn recruit_cost(&self, member: &Member, rules: &RulesData) -> Result<u32, Problem> {
        let rates = self.rates(&rules.campaign);
        let r = &rates.recruit;
        match member {
            Member::Character(c) => Ok(r
                .character_base
                .saturating_add(r.per_advance_point.saturating_mul(c.worth(rules)))),
            Member::Soldier(s) => {
                let kind = rules.killteam.kind(&s.kind).ok_or_else(|| {
                    Problem::new("KT-4", "campaign.problem.unknown_soldier_kind")
                        .character(&s.name)
                        .arg("kind", &s.kind)
                })?;
                Ok(r.per_soldier_equivalent.saturating_mul(kind.equivalents))
            }
        }
    }

    /// Why a recruit may not join an escort for his faction (CMP-14), or
    /// none when he may. He may when he is of the race or soldier kind of
    /// a character the escort has held, or of one of their factions; or,
    /// once a recon has found Allies, of any faction of the Imperium. A
    /// campaign started before Muster recorded the factions recruits from
    /// anyone, as it did then.
    pub fn recruit_refusal(&self, escort: EscortId, member: &Member) -> Option<Problem> {
        let factions = self.rates.as_ref()?.recruit_factions.as_ref()?;
        let e = self.escort(escort)?;
        let held: Vec<&Member> = self.members(escort).map(|x| &x.member).collect();
        let same = |a: &Member, b: &Member| match (a, b) {
            (Member::Character(a), Member::Character(b)) => a.race == b.race,
            (Member::Soldier(a), Member::Soldier(b)) => a.kind == b.kind,
            _ => false,
        };
        if held.iter().any(|h| same(h, member)) {
            return None;
        }
        let of_his = || factions.iter().filter(|f| f.holds(member));
        if of_his().any(|f| held.iter().any(|h| f.holds(h))) {
            return None;
        }
        let imperium = of_his().any(|f| f.imperium);
        if imperium && self.allies {
            return None;
        }
        let key = if imperium {
            "campaign.problem.recruit_needs_allies"
        } else {
            "campaign.problem.recruit_foreign"
        };
        Some(
            Problem::new("CMP-14", key)
                .character(member.name())
                .arg("player", &e.player),
        )
    }

    /// The campaign's character copied from `origin` (CMP-7), dead or alive:
    /// one of that origin, or, for one copied before Muster recorded
    /// origins, one of the same name.
    pub fn held(&self, origin: &CharRef, name: &str) -> Option<&CampaignCharacter> {
        let same_name = |x: &CampaignCharacter| {
            x.origin.is_none() && x.name().trim().eq_ignore_ascii_case(name.trim())
        };
        self.characters
            .iter()
            .map(Arc::as_ref)
            .find(|x| x.origin.as_ref() == Some(origin) || same_name(x))
    }

    /// Why the picker may not offer this recruit for this escort, or none:
    /// he is in the campaign already (CMP-7), he is of a faction the escort
    /// may not recruit from (CMP-14), or the escort would break a rule of
    /// its kind with him (KT, EQ, RIB for a kill team; CHR for a band).
    pub fn recruit_choice_refusal(
        &self,
        escort: EscortId,
        member: &Member,
        origin: &CharRef,
        rules: &RulesData,
    ) -> Option<Problem> {
        if let Some(x) = self.held(origin, member.name()) {
            let player = self.escort(x.escort).map_or("", |e| e.player.as_str());
            return Some(
                Problem::new("CMP-7", "campaign.problem.recruit_held")
                    .character(member.name())
                    .arg("player", player),
            );
        }
        self.recruit_member_refusal(escort, member, rules)
    }

    /// Every rule an escort breaks as it stands (CMP-7): its living
    /// characters, and `with` when given, judged by their own kind's rules
    /// (KT, EQ and RIB for a kill team; CHR for a Rogue Trader band), each
    /// problem under the escort's player. A campaign's escort shrinks with
    /// its dead and grows with its recruits: its size (KT-1) is not judged,
    /// nor a team whose sergeant fell (KT-2 asks for one at most).
    pub fn escort_problems(
        &self,
        escort: EscortId,
        rules: &RulesData,
        with: Option<&Member>,
    ) -> Vec<Problem> {
        let Some(e) = self.escort(escort) else {
            return Vec::new();
        };
        // A recruit weighed gets the id he would get (his roster's may be
        // any of the campaign's).
        let with = with.map(|m| {
            let mut m = m.clone();
            m.set_id(self.next_id.max(1));
            m
        });
        let members = self
            .members(escort)
            .filter(|x| x.state.alive())
            .map(|x| &x.member)
            .chain(with.as_ref());
        let problems = if e.kind == "killteam" {
            let mut team = KillTeam::new(String::new(), e.source.clone());
            team.soldiers = members
                .filter_map(|m| match m {
                    Member::Soldier(s) => Some(s.clone()),
                    Member::Character(_) => None,
                })
                .collect();
            let sergeants = team.composition(&rules.killteam).sergeants;
            team.validate(rules)
                .into_iter()
                .filter(|p| p.rule != "KT-1" && !(p.rule == "KT-2" && sergeants == 0))
                .collect::<Vec<_>>()
        } else {
            members
                .filter_map(|m| match m {
                    Member::Character(c) => Some(c.validate(rules)),
                    Member::Soldier(_) => None,
                })
                .flatten()
                .collect()
        };
        problems
            .into_iter()
            .map(|p| {
                let mut wrapped = Problem::new(p.rule.clone(), "campaign.problem.in_escort")
                    .arg("player", &e.player);
                if let Some(name) = &p.character {
                    wrapped = wrapped.character(name);
                }
                wrapped.because(p)
            })
            .collect()
    }

    /// The factions of the characters an escort has held (CMP-14), in the
    /// data's order; none in a campaign that did not record them.
    pub fn escort_factions(&self, escort: EscortId) -> Vec<&data::RecruitFaction> {
        let Some(factions) = self
            .rates
            .as_ref()
            .and_then(|r| r.recruit_factions.as_ref())
        else {
            return Vec::new();
        };
        factions
            .iter()
            .filter(|f| self.members(escort).any(|x| f.holds(&x.member)))
            .collect()
    }

    /// What an escort's characters cost, as recruits (CMP-16).
    pub fn escort_cost(&self, escort: EscortId, rules: &RulesData) -> Result<u32, Problem> {
        self.members(escort)
            .filter(|x| x.state.alive())
            .try_fold(0_u32, |sum, x| {
                Ok(sum.saturating_add(self.recruit_cost(&x.member, rules)?))
            })
    }

    /// Each player's share of the recruitment budget (CMP-16): the budget
    /// split evenly (rounded down), or the whole of it per player; none
    /// when no budget is set.
    pub fn budget_share(&self) -> Option<u32> {
        let budget = self.settings.recruitment_budget?;
        Some(match self.settings.budget {
            Budget::Split => budget / u32::try_from(self.escorts.len().max(1)).unwrap_or(1),
            Budget::PerPlayer => budget,
        })
    }

    /// What the enemy's points are multiplied by (CMP-16): the number of
    /// players when each has a standard budget, else 1.
    pub fn enemy_multiplier(&self) -> u32 {
        match self.settings.budget {
            Budget::Split => 1,
            Budget::PerPlayer => u32::try_from(self.escorts.len().max(1)).unwrap_or(1),
        }
    }

    /// A character by id.
    pub fn character(&self, id: CharId) -> Option<&CampaignCharacter> {
        self.characters.iter().find(|c| c.id == id).map(|c| &**c)
    }

    /// An escort by id.
    pub fn escort(&self, id: EscortId) -> Option<&Escort> {
        self.escorts.iter().find(|e| e.id == id)
    }

    /// One character's history in the journal (CMP-13): for each entry
    /// that concerns him, the lines of its outcome about him, by index.
    /// `outcomes` are the journal's, one an entry (as `replay` gives them).
    /// An entry concerns him when its event does (his tests, wounds, ticks,
    /// a mission he played), when it created him (his recruitment, or the
    /// escort he came with) or when one of its lines names him (a mission
    /// he missed and recovered from). Of its lines, those naming another
    /// character (another's advance point) are left out.
    pub fn history(
        &self,
        id: CharId,
        outcomes: &[crate::rules::Outcome],
    ) -> BTreeMap<usize, Vec<usize>> {
        let mut out = BTreeMap::new();
        let Some(x) = self.character(id) else {
            return out;
        };
        let name = x.name();
        let created = |e: &CampaignEdit, o: &crate::rules::Outcome| match e {
            CampaignEdit::Recruit { .. } => o.created == Some(id),
            _ => false,
        };
        let recruited = self
            .journal
            .iter()
            .zip(outcomes)
            .any(|(e, o)| created(&e.event, o));
        // The escort he came with, if he was not recruited: its last
        // joining (an escort removed in setup may leave its id to another).
        let came_with = if recruited {
            None
        } else {
            self.journal.iter().zip(outcomes).rposition(|(e, o)| {
                matches!(e.event, CampaignEdit::AddEscort { .. })
                    && o.created == Some(u64::from(x.escort))
            })
        };
        for (i, (e, o)) in self.journal.iter().zip(outcomes).enumerate() {
            let names_him = o.lines.iter().any(|(_, m)| named(m) == Some(name));
            if !(e.event.concerns(id) || created(&e.event, o) || came_with == Some(i) || names_him)
            {
                continue;
            }
            let lines = o
                .lines
                .iter()
                .enumerate()
                .filter(|(_, (_, m))| named(m).is_none_or(|n| n == name))
                .map(|(l, _)| l)
                .collect();
            out.insert(i, lines);
        }
        out
    }

    /// Whether an escort's leader is fixed now: during the Grand Final,
    /// played or being settled, the campaign's end depends on him (CMP-17).
    pub fn leader_locked(&self) -> bool {
        self.mission.as_ref().map(|m| m.mission_type) == Some(MissionType::Final)
            && matches!(self.phase, Phase::Playing | Phase::Debrief)
    }

    /// A character's Cran by the campaign's own formula (CMP-11): what it
    /// is unless set by hand.
    pub fn default_cran(&self, x: &CampaignCharacter, rules: &RulesData) -> u32 {
        let die = self.settings.cran_die;
        x.member
            .default_cran_by(self.rates(&rules.campaign).cran(die), die, rules)
    }

    /// Whether a Cran cannot be set by hand now: while the mission is
    /// played, or while its Cran tests are not all settled (CMP-11).
    pub fn cran_locked(&self) -> bool {
        self.phase == Phase::Playing
            || self
                .debrief
                .as_ref()
                .is_some_and(|d| !d.pending.is_empty() || !self.fate_open().is_empty())
    }

    /// The characters of one escort.
    pub fn members(&self, escort: EscortId) -> impl Iterator<Item = &CampaignCharacter> {
        self.characters
            .iter()
            .map(|c| &**c)
            .filter(move |c| c.escort == escort)
    }

    /// The reinforcement points an escort may spend (its own, or the pool).
    pub fn reinforcement_of(&self, escort: EscortId) -> u32 {
        match self.settings.pool {
            PoolMode::Pooled => self.pool,
            PoolMode::Split => self.escort(escort).map_or(0, |e| e.reinforcement),
        }
    }

    /// "Export escort": an escort's living characters as they are now, as
    /// a Rogue Trader roster or a kill team for the next game, named `name`
    /// (the app gives it a fresh id).
    pub fn export_escort(&self, escort: EscortId, name: &str) -> Option<ExportedEscort> {
        let e = self.escort(escort)?;
        let alive = self.members(escort).filter(|x| x.state.alive());
        if e.kind == "killteam" {
            let mut team = KillTeam::new("escort", name);
            for (n, x) in alive.enumerate() {
                if let Member::Soldier(s) = &x.member {
                    let mut s = s.clone();
                    s.id = n as u64 + 1;
                    team.soldiers.push(s);
                }
            }
            Some(ExportedEscort::KillTeam(team))
        } else {
            let mut roster = Roster::new("escort", name);
            for (n, x) in alive.enumerate() {
                if let Member::Character(c) = &x.member {
                    let mut c = c.clone();
                    c.id = n as u64 + 1;
                    roster.characters.push(c);
                }
            }
            Some(ExportedEscort::Roster(roster))
        }
    }

    /// What this ended campaign carries into the next one (CMP-17): every
    /// escort's living characters as they are now, with its leader, and the
    /// resource points; refused while it is not over, or when it was lost
    /// with its leader dead (nothing carries over).
    pub fn carry_over(&self) -> Result<CarryOver, Problem> {
        let (Some(end), Phase::Over) = (&self.end, self.phase) else {
            return Err(Problem::new("CMP-17", "campaign.problem.not_over"));
        };
        if !end.carries_over {
            return Err(Problem::new("CMP-17", "campaign.problem.nothing_carries"));
        }
        let escorts: Vec<CarriedEscort> = self
            .escorts
            .iter()
            .map(|e| CarriedEscort {
                player: e.player.clone(),
                source: e.source.clone(),
                kind: e.kind.clone(),
                characters: self
                    .members(e.id)
                    .filter(|x| x.state.alive())
                    .map(|x| CarriedCharacter {
                        member: x.member.clone(),
                        state: x.state,
                        misses_next: x.misses_next,
                        cran: x.cran_by_hand.then_some(x.cran),
                        leader: e.leader == Some(x.id),
                    })
                    .collect(),
            })
            .filter(|e| !e.characters.is_empty())
            .collect();
        if escorts.is_empty() {
            return Err(Problem::new("CMP-17", "campaign.problem.nothing_carries"));
        }
        Ok(CarryOver {
            campaign: self.name.clone(),
            won: end.won,
            resources: end.resources,
            escorts,
        })
    }

    /// "Start the next campaign" (CMP-17): a new campaign in setup, named
    /// `name`, with this one's settings (the data's defaults where they no
    /// longer fit) and its carry-over as the journal's events, so that it
    /// replays like any other. This campaign is left as it is.
    pub fn next_campaign(
        &self,
        id: impl Into<String>,
        name: impl Into<String>,
        rules: &RulesData,
    ) -> Result<Self, Problem> {
        let carried = self.carry_over()?;
        let mut rng = crate::rules::core::dice::seeded(0);
        let mut c = Self::new(id, name, &rules.campaign);
        let settings = CampaignEdit::SetSettings {
            settings: self.settings.clone(),
        };
        if let Ok((next, _)) = DocKind::apply(&c, settings, rules, &mut rng) {
            c = next;
        }
        let edit = CampaignEdit::CarryOver {
            from: Box::new(carried),
        };
        Ok(DocKind::apply(&c, edit, rules, &mut rng)?.0)
    }

    /// One line saying what is in it.
    pub fn summary(&self) -> Msg {
        let alive = self.characters.iter().filter(|c| c.state.alive()).count();
        Msg::new("campaign.summary")
            .int("count", alive)
            .int("missions", self.missions_played)
            .int("vp", self.vp)
    }

    /// The number of the current or next mission (0 before the first): the
    /// one a journal entry made now belongs to.
    pub fn mission_number(&self) -> u32 {
        self.mission.as_ref().map_or(0, |m| m.number)
    }

    /// Plays the journal again from an empty campaign: the campaign it
    /// gives and every event's outcome; or the first event refused, with
    /// its place.
    pub fn replay(
        &self,
        rules: &RulesData,
    ) -> Result<(Self, Vec<crate::rules::Outcome>), (usize, Problem)> {
        let mut c = Self::new(self.id.clone(), self.name.clone(), &rules.campaign);
        let mut outcomes = Vec::with_capacity(self.journal.len());
        let mut rng = crate::rules::core::dice::seeded(0);
        for (i, entry) in self.journal.iter().enumerate() {
            let before = c.mission_number();
            let (mut resolved, outcome) = c
                .play(entry.event.clone(), rules, &mut rng)
                .map_err(|p| (i, p))?;
            let number = c.mission_number().max(before);
            if entry.mission != number {
                return Err((
                    i,
                    Problem::new("CMP-2", "campaign.problem.entry_mission")
                        .arg("recorded", entry.mission)
                        .arg("played", number),
                ));
            }
            // A campaign started before Muster recorded its numbers plays
            // on by the data's, as it did then.
            if resolved.forget_new_records(&entry.event) {
                c.rates = None;
            }
            if resolved != entry.event {
                return Err((
                    i,
                    Problem::new("CMP-13", "campaign.problem.entry_without_dice")
                        .arg("entry", i + 1),
                ));
            }
            c.journal.push(Arc::clone(entry));
            outcomes.push(outcome);
        }
        c.notes.clone_from(&self.notes);
        Ok((c, outcomes))
    }

    /// Every rule the campaign breaks: settings out of range, characters a
    /// journal entry names but the campaign lacks, states that disagree
    /// with the journal.
    pub fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        let mut out = self.state_problems(rules);
        out.extend(self.journal_problems(rules));
        out
    }

    /// What `validate` finds in a campaign made by applying one event to
    /// `before`, whose problems were `before_problems`: a journal that
    /// replayed grows by the event as played, so it still replays and is
    /// not played again (on a long campaign that is most of the time of a
    /// tick at the table); the rest is checked afresh.
    pub fn validate_after(
        &self,
        before: &Self,
        before_problems: &[Problem],
        rules: &RulesData,
    ) -> Vec<Problem> {
        let one_more = self.journal.len() == before.journal.len() + 1
            && self
                .journal
                .iter()
                .zip(&before.journal)
                .all(|(a, b)| Arc::ptr_eq(a, b));
        let replayed = !before_problems
            .iter()
            .any(|p| JOURNAL_PROBLEMS.contains(&p.key));
        if one_more && replayed {
            self.state_problems(rules)
        } else {
            self.validate(rules)
        }
    }

    /// The problems of the state as it stands: settings, ids, Cran, and
    /// each escort by its kind's rules.
    fn state_problems(&self, rules: &RulesData) -> Vec<Problem> {
        let mut out = Vec::new();
        // A campaign being set up may lack its factions for now.
        if self.phase != Phase::Setup {
            out.extend(self.settings.problems(&rules.campaign));
        }
        if enemy_index(self.next_id).is_some() {
            out.push(
                Problem::new("FILE", "campaign.problem.next_id_enemy")
                    .arg("id", self.next_id)
                    .arg("first", ENEMY_IDS),
            );
        }
        let mut ids = BTreeSet::new();
        for c in &self.characters {
            if !ids.insert(c.id) {
                out.push(Problem::new("FILE", "campaign.problem.duplicate_id").arg("id", c.id));
            }
            if enemy_index(c.id).is_some() {
                out.push(
                    Problem::new("FILE", "campaign.problem.enemy_id")
                        .character(c.name())
                        .arg("id", c.id)
                        .arg("first", ENEMY_IDS),
                );
            }
            if c.cran == 0 || c.cran > self.settings.cran_die {
                out.push(
                    Problem::new("CMP-11", "campaign.problem.cran_range")
                        .character(c.name())
                        .arg("cran", c.cran)
                        .arg("die", self.settings.cran_die),
                );
            }
            if self.escort(c.escort).is_none() {
                out.push(
                    Problem::new("FILE", "campaign.problem.no_escort")
                        .character(c.name())
                        .arg("escort", c.escort),
                );
            }
        }
        for e in &self.escorts {
            if let Some(leader) = e.leader
                && self.character(leader).is_none()
            {
                out.push(Problem::new("FILE", "campaign.problem.no_character").arg("id", leader));
            }
        }
        // CMP-7: each escort by its own kind's rules, after every event.
        for e in &self.escorts {
            out.extend(self.escort_problems(e.id, rules, None));
        }
        out
    }

    /// The problems of the journal: an entry that does not play again, or
    /// a state the journal does not give.
    fn journal_problems(&self, rules: &RulesData) -> Vec<Problem> {
        let mut out: Vec<Problem> = self.twice_stamped().into_iter().collect();
        match self.replay(rules) {
            Err((i, problem)) => {
                // A journal that names what the campaign lacks cannot have
                // happened: the journal's own rule (CMP-13), as the README says.
                let rule = if problem.rule == "FILE" {
                    "CMP-13".into()
                } else {
                    problem.rule.clone()
                };
                out.push(
                    Problem::new(rule, "campaign.problem.journal_refused")
                        .arg("entry", i + 1)
                        .because(problem),
                );
            }
            Ok((replayed, _)) => {
                if let Some((field, file, journal)) = self.first_difference(&replayed) {
                    out.push(
                        Problem::new("CMP-13", "campaign.problem.journal_disagrees")
                            .arg("field", field)
                            .arg("file", file)
                            .arg("journal", journal),
                    );
                }
            }
        }
        out
    }

    /// Two events of the journal under one stamp's id: an id names one
    /// event, so the file was copied into itself or forged (CMP-13).
    fn twice_stamped(&self) -> Option<Problem> {
        let mut seen = std::collections::BTreeMap::new();
        for (i, e) in self.journal.iter().enumerate() {
            let Some(stamp) = &e.stamp else { continue };
            if let Some(first) = seen.insert(stamp.id.as_str(), i) {
                return Some(
                    Problem::new("CMP-13", "campaign.problem.stamp_twice")
                        .arg("id", &stamp.id)
                        .arg("first", first + 1)
                        .arg("second", i + 1),
                );
            }
        }
        None
    }

    /// Whether two campaigns hold the same state (the journal aside).
    pub fn same_state(&self, other: &Self) -> bool {
        let (a, b) = Self::stripped(self, other);
        a == b
    }

    /// Both states without what the journal does not decide. A debrief
    /// saved before Muster recorded who played it: those lists are left
    /// out of the comparison.
    fn stripped(a: &Self, b: &Self) -> (Self, Self) {
        let legacy = [a, b]
            .iter()
            .any(|c| c.debrief.as_ref().is_some_and(|d| d.played.is_empty()));
        let strip = |c: &Self| {
            let mut c = c.clone();
            if legacy && let Some(d) = c.debrief.as_mut() {
                d.played.clear();
                d.out_of_action.clear();
                d.wounded.clear();
            }
            c.journal = Vec::new();
            c.notes = String::new();
            c.id = String::new();
            c.name = String::new();
            c
        };
        (strip(a), strip(b))
    }

    /// The first field whose value differs from `other`'s (the journal's
    /// replay), as its path in the file (`characters[2].state`, a
    /// character named by his name), this campaign's value and `other`'s;
    /// `None` when their states agree.
    pub fn first_difference(&self, other: &Self) -> Option<(String, String, String)> {
        let (sa, sb) = Self::stripped(self, other);
        let (Ok(a), Ok(b)) = (serde_json::to_value(sa), serde_json::to_value(sb)) else {
            return (!self.same_state(other)).then(Default::default);
        };
        first_difference(&a, &b, String::new())
    }
}

/// The message keys of the problems the journal's replay finds.
const JOURNAL_PROBLEMS: [&str; 2] = [
    "campaign.problem.journal_refused",
    "campaign.problem.journal_disagrees",
];

/// The first path where two JSON values differ, with both values (shown
/// compact, cut to a readable length).
fn first_difference(
    a: &serde_json::Value,
    b: &serde_json::Value,
    path: String,
) -> Option<(String, String, String)> {
    use serde_json::Value;
    let shown = |v: Option<&Value>| {
        let text = v.map_or_else(|| "—".to_owned(), Value::to_string);
        if text.chars().count() > 60 {
            format!("{}…", text.chars().take(59).collect::<String>())
        } else {
            text
        }
    };
    let field = |name: &str| {
        if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        }
    };
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => first_difference(p, q, field(k)),
                (p, q) => Some((field(k), shown(p), shown(q))),
            })
        }
        (Value::Array(x), Value::Array(y)) => {
            let found = x.iter().zip(y).enumerate().find_map(|(i, (p, q))| {
                // A character is named by his name, not only his place.
                let named = p
                    .get("name")
                    .or_else(|| {
                        p.get("member")
                            .and_then(|m| m.as_object()?.values().next()?.get("name"))
                    })
                    .and_then(Value::as_str)
                    .map_or_else(String::new, |n| format!(" ({n})"));
                first_difference(p, q, format!("{path}[{i}]{named}"))
            });
            found.or_else(|| {
                (x.len() != y.len()).then(|| {
                    (
                        format!("{path} (length)"),
                        x.len().to_string(),
                        y.len().to_string(),
                    )
                })
            })
        }
        _ => (a != b).then(|| (path.clone(), shown(Some(a)), shown(Some(b)))),
    }
}
