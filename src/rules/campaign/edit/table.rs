//! The rooms at the table: the mission played (`TableEdit`, and `Sides`, the
//! fighters of a roll whose wounds go to the table), a kill-team soldier's
//! turn (`TurnEdit`), the items used (`ItemEdit`).

use serde::{Deserialize, Serialize};

use super::super::{CharId, EscortId};
use crate::rules::core::dice::Roll;
use crate::rules::killteam::ItemId;
use crate::rules::killteam::activation::Act;

/// The mission at the table: who acts first, the turns, wounds and models
/// out of action, the command points, what an enemy does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TableEdit {
    /// What an enemy character does at its activation, in solo play: its
    /// Cran test in the mission's attack or defence mode (CMP-15).
    EnemyBehaviour {
        /// Its place in the enemy escort.
        index: usize,
        /// The test's die.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
    },
    /// Each player tests his initiative and the enemy's is tested once:
    /// every side acts in the order it gives (CMP-16).
    Initiative {
        /// Dice typed in, per side (the missing ones are rolled); stored
        /// with every side's dice, roll-offs included.
        #[serde(default)]
        rolls: Vec<super::super::InitiativeRoll>,
    },
    /// A new turn at the table: each kill team gains its command points
    /// for the turn (KT-11).
    NewTurn {
        /// The command points each kill team gained (filled in when
        /// applied from the kill-team data, so that the journal replays
        /// even after it is edited).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gain: Option<u32>,
    },
    /// Wounds taken by a character at the table.
    SetWounds {
        /// The character.
        character: CharId,
        /// Wounds taken so far.
        wounds: u32,
    },
    /// Wounds a fight rolled on the battle screen, added to a character's
    /// at the table (never past his last).
    AddWounds {
        /// The character.
        character: CharId,
        /// Wounds caused.
        wounds: u32,
        /// The seed of the battle log's roll they came from: one roll's
        /// wounds are applied once.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<u64>,
        /// The roll's fighters of this campaign, side by side: who dealt
        /// the wounds (none known for an older event).
        #[serde(default, skip_serializing_if = "Sides::is_empty")]
        sides: Sides,
    },
    /// The wounds one roll of the battle screen caused to several
    /// characters (a round between units), added to each at the table in
    /// one event: all of them, or none when one cannot take them.
    AddBattleWounds {
        /// Each character and the wounds he took.
        wounds: Vec<(CharId, u32)>,
        /// The seed of the battle log's roll they came from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<u64>,
        /// The roll's fighters of this campaign, side by side: who dealt
        /// the wounds (none known for an older event).
        #[serde(default, skip_serializing_if = "Sides::is_empty")]
        sides: Sides,
    },
    /// A character taken out of action, or back.
    SetOutOfAction {
        /// The character.
        character: CharId,
        /// Out of action.
        out: bool,
    },
    /// An escort's command points (KT-11).
    SetCommandPoints {
        /// The escort.
        escort: EscortId,
        /// Its points.
        points: i32,
    },
}

/// The fighters of one campaign in a roll of the battle screen whose
/// wounds go to its table, side by side (the attacker's side first): who
/// dealt the wounds a fighter took is the other side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    /// The attacker's side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub first: Vec<CharId>,
    /// The other side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub second: Vec<CharId>,
}

impl Sides {
    /// Whether the roll named no fighter of the campaign (an older event).
    pub fn is_empty(&self) -> bool {
        self.first.is_empty() && self.second.is_empty()
    }

    /// Whether `id` fought in the roll.
    pub fn has(&self, id: CharId) -> bool {
        self.first.contains(&id) || self.second.contains(&id)
    }

    /// Who dealt the wounds `id` took: the side he is not on (none when
    /// he is on neither).
    pub fn dealers_of(&self, id: CharId) -> &[CharId] {
        if self.first.contains(&id) {
            &self.second
        } else if self.second.contains(&id) {
            &self.first
        } else {
            &[]
        }
    }
}

/// A kill-team soldier's turn at the table (KT-8 … KT-11): his actions and
/// activations, the stratagems, the insignia, his gear, the enemy's
/// activations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TurnEdit {
    /// A kill-team soldier's action at the table (KT-9, KT-14, KT-18,
    /// KT-19, RIB-10): refused when the rules do not let him take it now.
    Act {
        /// The soldier.
        character: CharId,
        /// The action.
        act: Act,
    },
    /// A soldier's activation ended before it was full: his next action
    /// opens another (KT-9).
    EndActivation {
        /// The soldier.
        character: CharId,
    },
    /// The "third action" stratagem (KT-11) for a soldier's activation,
    /// paid by his team's command points.
    ThirdAction {
        /// The soldier.
        character: CharId,
        /// The command points it cost (filled in when applied from the
        /// kill-team data, so that the journal replays even after it is
        /// edited).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<u32>,
    },
    /// The sergeant's command insignia gives a team-mate one more action
    /// this turn (EQ-31).
    GiveInsignia {
        /// The sergeant.
        character: CharId,
        /// The soldier who takes it.
        to: CharId,
    },
    /// A soldier's last action at the table taken back.
    TakeBackAct {
        /// The soldier.
        character: CharId,
    },
    /// The "second soldier" stratagem (KT-11): the soldier is activated
    /// straight after a team-mate, with no reply; both count as one
    /// activation (KT-8). His team pays its command points.
    SecondSoldier {
        /// The soldier activated second.
        character: CharId,
        /// The command points it cost (filled in when applied from the
        /// kill-team data).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<u32>,
    },
    /// A soldier uses an item that touches no other model (a smoke
    /// grenade, the vox, the rope, the parachute, the jump pack): its
    /// actions spent (EQ-7, EQ-12, EQ-22, EQ-25, EQ-27).
    UseGear {
        /// The soldier.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// The way, when the item has several (EQ-22: `climb`, `swing`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        way: Option<String>,
        /// The soldier moved by it (a rope, a parachute, a jump pack: the
        /// data's `moves` when it was made): each of its actions a Move
        /// (EQ-10, KT-9, KT-8). Recorded with the event, so that an event
        /// made before Muster read it so replays as it was played.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        moves: bool,
    },
    /// A drawn enemy activated this turn (KT-8).
    EnemyActivation {
        /// Its place in the enemy escort.
        index: usize,
    },
}

/// The items at the table: one used, rolled again, recharged or struck, a
/// mine taken away, a fallen model's item looted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ItemEdit {
    /// A single-use item struck off, or back.
    StrikeItem {
        /// The character.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// Struck off.
        struck: bool,
    },
    /// A single-use item used at the table (EQ-6, EQ-10, EQ-11, EQ-15,
    /// EQ-23): struck off, its dice rolled or typed in, its effect on the
    /// target applied. A mine (EQ-11) is laid without a target, and goes
    /// off once, later, on the target given.
    UseItem {
        /// The bearer.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// The model it is used on (an enemy by its id at the table).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<CharId>,
        /// Its dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
    },
    /// The reroll stratagem (KT-11) on the dice of the item just used:
    /// the bearer's escort pays its command points, and the dice are made
    /// again, their new effect replacing the first.
    RerollItem {
        /// The bearer.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// Its new dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<Roll>,
        /// The command points it cost (filled in when applied).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<u32>,
    },
    /// The "Recharge" stratagem (KT-11): the escort pays its command
    /// points and a used item can be used again.
    Recharge {
        /// The bearer.
        character: CharId,
        /// The item's id.
        item: ItemId,
        /// The command points it cost (filled in when applied from the
        /// kill-team data, so that the journal replays even after it is
        /// edited).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<u32>,
    },
    /// A Deminer (RIB-5) removes a mine laid at the table (EQ-11) before
    /// it goes off; no action.
    RemoveMine {
        /// The Deminer.
        character: CharId,
        /// Who laid the mine.
        bearer: CharId,
        /// The mine's item id.
        item: ItemId,
    },
    /// A Thief (RIB-13) takes a weapon or a special item from a fallen
    /// model; it replaces his own for the mission.
    Loot {
        /// The Thief.
        character: CharId,
        /// The fallen model (an enemy by its id at the table).
        from: CharId,
        /// What he takes.
        pick: super::super::LootPick,
    },
}
