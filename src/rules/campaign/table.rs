//! The campaign's phases and the mission at the table: the drawn enemies,
//! the mission, the table's state (loot, items used, initiative, who is
//! dazzled), as the journal leaves them.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::super::core::dice::Roll;
use super::super::killteam::{ItemId, WeaponId};
use super::acts::TurnActs;
use super::data::{FactionId, MissionId, MissionType, Mode};
use super::enemy::{Behaviour, Fighter};
use super::ids::{CharId, EscortId};

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
    pub entry_type: super::data::EnemyType,
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
    pub mission: MissionId,
    /// The enemy faction.
    pub faction: FactionId,
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
    pub target: super::super::core::names::Names,
    /// Its dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
    /// What it did.
    pub effect: super::super::killteam::item_use::Effect,
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
