//! A soldier's turn as the table records it: the actions he may take and a
//! boost's, one activation, and the turn's activations with what they say
//! of him (prone, retreated, snap fire, the activation open).

use serde::{Deserialize, Serialize};

use crate::rules::killteam::data::ItemId;

/// An action a soldier takes at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Act {
    /// A move.
    Move,
    /// A shot with his weapon.
    Shoot,
    /// A charge into close combat.
    CloseCombat,
    /// Retreating (KT-9): no charge after it this turn, snap fire only.
    Retreat,
    /// A grenade (KT-14): one a turn.
    Grenade,
    /// Going prone (KT-9): free.
    GoProne,
    /// Standing up (KT-9): an action.
    StandUp,
    /// The Agility ribbon's free move after a shot (RIB-10).
    AgilityMove,
    /// A single-use item used as an action (EQ-6, EQ-10, EQ-15): taken
    /// when the item is used from the table, not offered in the menu.
    UseItem,
}

impl Act {
    /// Every action, in the order the table offers them.
    pub const ALL: [Self; 8] = [
        Self::Move,
        Self::Shoot,
        Self::CloseCombat,
        Self::Retreat,
        Self::Grenade,
        Self::GoProne,
        Self::StandUp,
        Self::AgilityMove,
    ];

    /// Its name's message key.
    pub fn key(self) -> &'static str {
        match self {
            Self::Move => "kt.act.move",
            Self::Shoot => "kt.act.shoot",
            Self::CloseCombat => "kt.act.close_combat",
            Self::Retreat => "kt.act.retreat",
            Self::Grenade => "kt.act.grenade",
            Self::GoProne => "kt.act.go_prone",
            Self::StandUp => "kt.act.stand_up",
            Self::AgilityMove => "kt.act.agility_move",
            Self::UseItem => "kt.act.use_item",
        }
    }

    /// Its dice may be rolled on the battle screen, whose roll takes the
    /// action itself (KT-9): a shot, a close combat, a grenade. Taken from
    /// the table's menu, it is one rolled with the players' own dice.
    pub fn rolled_on_the_battle_screen(self) -> bool {
        matches!(self, Self::Shoot | Self::CloseCombat | Self::Grenade)
    }

    /// The actions it costs: going prone and the Agility move are free.
    pub fn cost(self) -> u32 {
        match self {
            Self::GoProne | Self::AgilityMove => 0,
            _ => 1,
        }
    }

    /// What it counts as for "never three times the same" (KT-11, KT-18,
    /// KT-19): the rules name move, shoot and close combat; a grenade is
    /// thrown as a shot (KT-14) and counts as one (Decision).
    pub(super) fn sort(self) -> Self {
        match self {
            Self::Grenade => Self::Shoot,
            a => a,
        }
    }

    /// He cannot take it while prone: he stands up first (Decision,
    /// `turn.prone_must_stand`).
    pub(super) fn needs_standing(self) -> bool {
        matches!(
            self,
            Self::Move | Self::CloseCombat | Self::Retreat | Self::AgilityMove
        )
    }
}

/// What raised an activation's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Boost {
    /// The "third action" stratagem (KT-11).
    ThirdAction,
    /// The sergeant's command insignia (EQ-31).
    Insignia,
}

/// One activation: its actions, in order, and what raised them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activation {
    /// The actions taken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acts: Vec<Act>,
    /// The boosts it got.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boosts: Vec<Boost>,
    /// Closed by the player before it was full: the next action opens a
    /// new one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ended: bool,
    /// Its place among the activations opened at the table this turn (1
    /// the first, soldiers' and enemies' alike); 0 away from a table.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seq: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Activation {
    /// The actions it cost.
    pub fn spent(&self) -> u32 {
        self.acts.iter().map(|a| a.cost()).sum()
    }
}

/// A soldier's turn at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoldierTurn {
    /// He began the turn prone (he went prone in an earlier turn and never
    /// stood up).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prone_at_start: bool,
    /// His activations, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activations: Vec<Activation>,
    /// He gave his command insignia's extra action this turn (EQ-31).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gave_insignia: bool,
    /// The items he used this turn from his Act… menu (EQ-27: the jump pack
    /// once a turn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gear: Vec<ItemId>,
}

impl SoldierTurn {
    /// A turn begun prone or standing.
    pub fn new(prone: bool) -> Self {
        Self {
            prone_at_start: prone,
            ..Self::default()
        }
    }

    /// Every action taken this turn, in order.
    pub fn acts(&self) -> impl Iterator<Item = Act> + '_ {
        self.activations.iter().flat_map(|a| a.acts.iter().copied())
    }

    /// He is prone now.
    pub fn prone(&self) -> bool {
        self.acts().fold(self.prone_at_start, |prone, a| match a {
            Act::GoProne => true,
            Act::StandUp => false,
            _ => prone,
        })
    }

    /// The actions spent this turn.
    pub fn spent(&self) -> u32 {
        self.activations.iter().map(Activation::spent).sum()
    }

    /// He retreated this turn (KT-9).
    pub fn retreated(&self) -> bool {
        self.acts().any(|a| a == Act::Retreat)
    }

    /// His last shot (or grenade) came after a retreat this turn: snap fire
    /// only (KT-9).
    pub fn snap_fire(&self) -> bool {
        let mut retreated = false;
        let mut snap = false;
        for a in self.acts() {
            match a {
                Act::Retreat => retreated = true,
                Act::Shoot | Act::Grenade => snap = retreated,
                _ => {}
            }
        }
        snap
    }

    /// He did nothing this turn (and gave nothing): the turn as it began.
    pub fn is_untouched(&self) -> bool {
        self.activations.is_empty() && !self.gave_insignia && self.gear.is_empty()
    }

    /// The activation still open, if any.
    pub fn open(&self) -> Option<&Activation> {
        self.activations.last().filter(|a| !a.ended)
    }

    /// Closes the open activation: the next action opens a new one.
    pub fn end_activation(&mut self) {
        if let Some(a) = self.activations.last_mut() {
            a.ended = true;
        }
    }

    /// Takes back the last action (and the activation it opened): the
    /// action taken back, if any.
    pub fn take_back(&mut self) -> Option<Act> {
        let last = self.activations.last_mut()?;
        let act = last.acts.pop();
        if last.acts.is_empty() && last.boosts.is_empty() {
            self.activations.pop();
        } else {
            last.ended = false;
        }
        act
    }
}
