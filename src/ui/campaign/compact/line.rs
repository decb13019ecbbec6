//! One model at the table as the compact list's line shows it: his id,
//! name and kind, his wounds, whether he may fight, and what kind of model
//! he is.

use crate::rules::battle::from_table::ModelKind;
use crate::rules::campaign::CharId;

/// One model at the table, as its line shows it.
pub(in crate::ui::campaign) struct Line {
    /// His id at the table (a character's, or the enemy's `Fighter`).
    pub(super) id: CharId,
    /// His name.
    pub(super) name: String,
    /// His kind: a soldier's kind, a character's type or race, an enemy's
    /// table line and type.
    pub(super) kind: String,
    /// One of the enemy's.
    pub(super) enemy: bool,
    /// His wounds and those taken.
    pub(super) wounds: (u32, u32),
    /// Out of action.
    pub(super) out: bool,
    /// Why he may not attack now, when he may not: a soldier with neither
    /// a shot nor a charge left (KT-9), an enemy the data gives no
    /// profile.
    pub(super) no_fight: Option<String>,
    /// A kill-team soldier: he fights by the kill team's rules (KT-6).
    pub(super) soldier: bool,
    /// A flash grenade dazzled him this turn (EQ-10).
    pub(super) dazzled: bool,
    /// His place among the drawn enemies, for one of them: he is marked
    /// activated (KT-8).
    pub(super) enemy_place: Option<usize>,
}

impl Line {
    /// What kind of model the line is.
    pub(super) fn model_kind(&self) -> ModelKind {
        match (self.enemy, self.soldier) {
            (true, _) => ModelKind::Enemy,
            (false, true) => ModelKind::Soldier,
            (false, false) => ModelKind::Character,
        }
    }
}
