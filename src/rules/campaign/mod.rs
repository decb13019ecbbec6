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
pub mod chronicle;
pub mod compare;
pub mod data;
mod debrief;
mod document;
mod drawing;
mod edit;
mod enemy;
mod house;
mod ids;
mod item_use;
mod journal;
pub mod journals;
pub mod loot;
pub mod merge;
mod mission_end;
mod named;
mod names;
mod play;
mod playing;
mod queries;
mod ready;
mod recruit;
mod replay;
mod rival;
mod rooms;
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
pub use data::{EnemyFighter, EnemyType, EnemyWeapon, NamedModel};
pub use edit::{
    Bought, CampaignEdit, DebriefEdit, ItemEdit, MissionChoice, NewEscort, PreparationEdit,
    Purchase, ReinforcementEdit, SetupEdit, Sides, TableEdit, TurnEdit,
};
pub use enemy::{Behaviour, ENEMY_IDS, Fighter, NAMED_IDS};
pub use house::{InForce, RulesEdit};
pub use ids::{CharId, EscortId, MachineId};
pub use item_use::{RECHARGE, item_targets};
pub use journal::Journal;
pub use play::check_dice;
pub use queries::{Debriefing, Mustering, Recruiting, Sequel, Wounding};
pub use recruit::{RecruitKind, with_free_gear};

use super::characters::Character;
use super::characters::roster::Roster;
use super::core::dice::Roll;
use super::core::msg::Msg;
use super::core::problem::Problem;
use super::data::RulesData;
use super::doc::{CharRef, Document};
use super::killteam::{ItemId, KillTeam, Soldier, WeaponId};

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
            Member::Soldier(s) => self.soldier_kinds.iter().any(|k| s.kind == k.as_str()),
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
            Self::Character(c) => CharId(c.id),
            Self::Soldier(s) => CharId(s.id),
        }
    }

    /// Sets its own id.
    fn set_id(&mut self, id: CharId) {
        match self {
            Self::Character(c) => c.id = id.0,
            Self::Soldier(s) => s.id = id.0,
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
    pub fn items(&self, rules: &RulesData) -> Vec<ItemId> {
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
    pub fn carries(&self, id: &ItemId) -> bool {
        match self {
            Self::Character(_) => false,
            Self::Soldier(s) => s.items.iter().any(|c| c.item == *id),
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
    /// A band or a kill team: the kind it is exported as.
    pub kind: EscortKind,
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

/// What an escort is: a Rogue Trader band of characters or an Imperial
/// Guard kill team of soldiers. In files, the kind of document it comes
/// from and is exported as (`roster`, `killteam`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EscortKind {
    /// A Rogue Trader band: characters, from a roster.
    #[serde(rename = "roster")]
    Band,
    /// An Imperial Guard kill team: soldiers.
    #[serde(rename = "killteam")]
    KillTeam,
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
    pub entry_type: data::EnemyType,
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
    pub struck: BTreeSet<(CharId, ItemId)>,
    /// The uses of an item carried twice (RIB-6) before it is struck off:
    /// by character, by item.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub uses: BTreeMap<CharId, BTreeMap<ItemId, u32>>,
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
    /// Wounds taken by the models the mission names, by their place in
    /// its list.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub named_wounds: BTreeMap<usize, u32>,
    /// The models the mission names taken out of action, by their place.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub named_out: BTreeSet<usize>,
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
    pub laid: Vec<(CharId, ItemId)>,
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
    pub item: ItemId,
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
    Weapon(WeaponId),
    /// A special item: it replaces his first one.
    Item(ItemId),
}

/// What a Thief took at this table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Looted {
    /// The weapon he took, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<WeaponId>,
    /// The item he took, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<ItemId>,
    /// The turn of his last loot: one a turn.
    pub turn: u32,
}

/// What a single-use item did at the table (EQ-6, EQ-10, EQ-11, EQ-15,
/// EQ-23), shown on its bearer's card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemResult {
    /// The item's id.
    pub item: ItemId,
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

    /// The wounds taken by the fighter of this id at the table: a
    /// character's, a drawn enemy's or a named model's.
    pub fn wounds_of(&mut self, id: CharId) -> &mut u32 {
        match Fighter::of(id) {
            Fighter::Enemy(e) => self.enemy_wounds.entry(e).or_default(),
            Fighter::Named(n) => self.named_wounds.entry(n).or_default(),
            Fighter::Character(_) => self.wounds.entry(id).or_default(),
        }
    }

    /// The fighter of this id taken out of action.
    pub fn take_out(&mut self, id: CharId) {
        match Fighter::of(id) {
            Fighter::Enemy(e) => self.enemy_out.insert(e),
            Fighter::Named(n) => self.named_out.insert(n),
            Fighter::Character(_) => self.out_of_action.insert(id),
        };
    }

    /// Notes the turn each fighter now out of action fell, and forgets
    /// those back in action (KT-21): kept in step after every event.
    pub fn note_fallen(&mut self) {
        let turn = self.turn();
        let out: BTreeSet<CharId> = self
            .out_of_action
            .iter()
            .copied()
            .chain(self.enemy_out.iter().map(|&i| Fighter::Enemy(i).id()))
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
    pub fn uses_of(&self, id: CharId, item: &ItemId) -> u32 {
        self.uses
            .get(&id)
            .and_then(|m| m.get(item))
            .copied()
            .unwrap_or(0)
    }

    /// One more use of `id`'s `item`, of which he carries `count`: struck
    /// off with the last one (RIB-6: the counts are by item, not by use).
    pub(super) fn use_one(&mut self, id: CharId, item: &ItemId, count: u32) {
        let used = self.uses_of(id, item) + 1;
        if used >= count {
            self.struck.insert((id, item.clone()));
            self.set_uses(id, item, 0);
        } else {
            self.set_uses(id, item, used);
        }
    }

    /// Sets the uses of `id`'s `item` not yet struck off.
    pub(super) fn set_uses(&mut self, id: CharId, item: &ItemId, n: u32) {
        let mine = self.uses.entry(id).or_default();
        if n == 0 {
            mine.remove(item);
        } else {
            mine.insert(item.clone(), n);
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

/// How a mission ended, as the players say it (`Campaign::mission_outcome`
/// says what it gives by the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "MissionResult")] // its name in serde's messages, as before
pub struct MissionResult {
    /// Objective achieved (won, for a Final; for a Survival, the escort
    /// survived, which it also does while a character still stands).
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
    /// A band or a kill team.
    pub kind: EscortKind,
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
    /// The name of the player who made it, as he gave it on that machine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

impl Stamp {
    /// Who made the event, as the journal says it: "Camille on the
    /// laptop", the player alone, or the machine alone; none when the
    /// stamp names neither.
    pub fn who(&self) -> Option<Msg> {
        who_made(self.player.as_deref(), self.by.as_deref())
    }
}

/// Who made an event, from the player's and the machine's names as a
/// stamp gives them (see [`Stamp::who`]).
pub fn who_made(player: Option<&str>, machine: Option<&str>) -> Option<Msg> {
    match (player, machine) {
        (Some(player), Some(machine)) => Some(
            Msg::new("stamp.player_on")
                .text("player", player)
                .text("machine", machine),
        ),
        (Some(name), None) | (None, Some(name)) => Some(Msg::verbatim(name)),
        (None, None) => None,
    }
}

/// Who makes the events being stamped, and when.
#[derive(Clone, Copy, Debug, Default)]
pub struct Maker<'a> {
    /// When, in UTC.
    pub at: Option<&'a str>,
    /// The machine's name.
    pub by: Option<&'a str>,
    /// The player's name.
    pub player: Option<&'a str>,
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
    pub fn stamp_since(&mut self, before: usize, mut id: impl FnMut() -> String, maker: Maker<'_>) {
        self.journal.change_from(before, |entry| {
            if entry.stamp.is_some() {
                return Arc::clone(entry);
            }
            let mut e = Entry::clone(entry);
            e.stamp = Some(Stamp {
                id: id(),
                at: maker.at.map(str::to_owned),
                by: maker.by.map(str::to_owned),
                player: maker.player.map(str::to_owned),
            });
            Arc::new(e)
        });
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
    /// The group's house rules: what the campaign's rules change of the
    /// built-in data, recorded in the journal when it begins and changed
    /// by its events, so that every machine plays it alike. None in a
    /// campaign begun before Muster kept them: it plays under the rules
    /// data of the machine that opens it, as it always did, until the
    /// players record them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house_rules: Option<Arc<crate::rules::house_rules::HouseRules>>,
    /// Every event, in order.
    #[serde(default)]
    pub journal: Journal,
    /// The events of a shared campaign that could not stand where they
    /// were made (two machines' events that clash), kept with it so that
    /// none is ever lost: waiting for the players, or set aside by their
    /// choice. A campaign written back as one file from its machines'
    /// journals holds them here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<HeldEvent>,
}

/// An event held aside in a campaign written as one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeldEvent {
    /// The event, as it was made.
    pub entry: Arc<Entry>,
    /// The id of the machine whose journal held it.
    pub machine: MachineId,
    /// The key ([`Entry::key`]) of the event the players kept instead:
    /// set aside by their choice. None: it waits for them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<String>,
}

impl Entry {
    /// What names the event in a choice: its stamp's id, or for an event
    /// without a stamp its whole text.
    pub fn key(&self) -> String {
        match &self.stamp {
            Some(s) => s.id.clone(),
            None => serde_json::to_string(self).unwrap_or_default(),
        }
    }
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
            next_id: CharId(1),
            rates: None,
            house_rules: None,
            journal: Journal::new(),
            held: Vec::new(),
        }
    }
}
