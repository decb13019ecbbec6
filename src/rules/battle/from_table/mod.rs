//! A fight picked on a campaign's table, as the battle screen fills it in:
//! each fighter found by his reference (a Rogue Trader character of an
//! escort, a kill-team soldier, a drawn enemy, CMP-5, or a model the
//! mission names, fought as an enemy is) as the campaign
//! holds him now, with his profile, his wounds left, his save, his weapons
//! and where his wounds go; and the rules the fight is fought by (KT-6: a
//! kill-team soldier's close combat by the kill team's).
//!
//! Pure: the views copy what these return into their fields, and tests
//! reach them without a window.

use crate::rules::CharRef;
use crate::rules::campaign::{Campaign, CharId};
use crate::rules::data::RulesData;

mod blows;
mod fighters;
mod sides;
mod weapons;

pub use blows::{EnemyBlow, enemy_blows};
pub use fighters::{CampaignFighter, CampaignSoldier, fighters_in, soldiers_in};
pub use sides::{
    AsTarget, ModelKind, Ranged, Reach, TableEnemy, TableSide, enemy_shot, table_side,
};
pub use weapons::{enemy_rt_weapon, rt_weapon, target_profile};

/// How a fight was picked on the table: the battle screen's mode it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FightMode {
    /// A round of close combat (Rogue Trader, or the kill team's by KT-6).
    CloseCombat,
    /// A shot.
    Shot,
    /// A psychic attack.
    Psychic,
}

/// The rules a fight picked on the table is fought by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoughtBy {
    /// A Rogue Trader round of close combat (CC-*).
    CloseCombat,
    /// A kill-team close combat (KT-6): a soldier is in it, and no Rogue
    /// Trader character.
    KillTeamCloseCombat,
    /// A shot by the kill team's rules (KT-12 … KT-16).
    Shot,
    /// A Rogue Trader shot: a Rogue Trader character shoots, or is shot
    /// at by an enemy.
    RtShot,
    /// A psychic attack.
    Psychic,
}

/// A fight picked on a campaign's table: both fighters as the campaign
/// holds them now, and the rules it is fought by.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFight {
    /// Who attacks.
    pub attacker: TableSide,
    /// Whom.
    pub target: TableSide,
    /// By which rules.
    pub by: FoughtBy,
    /// The attacker's weapon picked, by its place among his ranged weapons
    /// (a shot).
    pub weapon: usize,
    /// A flash grenade dazzled the attacker this turn: -1 to his hit rolls
    /// (EQ-10).
    pub dazzled: bool,
}

/// The fight `mode` of `attacker` against `target` picked on the table of
/// `c`; none when either is no longer there.
pub fn table_fight(
    c: &Campaign,
    rules: &RulesData,
    (mode, attacker, target, weapon): (FightMode, &CharRef, &CharRef, Option<usize>),
    lang: &str,
) -> Option<TableFight> {
    let a = table_side(c, rules, attacker, lang)?;
    let t = table_side(c, rules, target, lang)?;
    let by = match mode {
        FightMode::CloseCombat if a.kt_close(&t) => FoughtBy::KillTeamCloseCombat,
        FightMode::CloseCombat => FoughtBy::CloseCombat,
        FightMode::Shot if a.rt_shot(&t) => FoughtBy::RtShot,
        FightMode::Shot => FoughtBy::Shot,
        FightMode::Psychic => FoughtBy::Psychic,
    };
    let dazzled = c
        .table
        .as_ref()
        .is_some_and(|t| t.dazzled_now(CharId(attacker.id)));
    Some(TableFight {
        attacker: a,
        target: t,
        by,
        weapon: weapon.unwrap_or(0),
        dazzled,
    })
}
