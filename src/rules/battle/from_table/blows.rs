//! An enemy's blows in a kill-team close combat: each weapon he strikes
//! with, or his bare hands.

use super::super::scenario::Count;
use super::sides::TableEnemy;
use crate::rules::Characteristic as C;
use crate::rules::data::RulesData;

/// One of an enemy's blows in a kill-team close combat.
#[derive(Clone, Debug, PartialEq)]
pub struct EnemyBlow {
    /// The weapon's names, none for bare hands.
    pub names: Option<crate::rules::core::names::Names>,
    /// His attacks with it.
    pub attacks: Count,
    /// Strength.
    pub s: i64,
    /// Armour penetration.
    pub ap: i64,
    /// Damage.
    pub damage: Count,
}

/// A drawn enemy's blows in a kill-team close combat (CMP-5, KT-6): his
/// close-combat weapons, then bare hands; he strikes his profile's A times
/// (a weapon of the data gives no attacks of its own, unless it names more
/// than one).
pub fn enemy_blows(rules: &RulesData, e: &TableEnemy) -> Vec<EnemyBlow> {
    use crate::rules::core::dice::Amount;
    let a = Count::Fixed(i64::from(e.profile.get(C::A).max(1)));
    let attacks = |shots: &Amount| match shots {
        Amount::Fixed(1) => a.clone(),
        other => Count::from(other),
    };
    let mut blows: Vec<EnemyBlow> = e
        .weapons
        .iter()
        .filter(|w| w.close())
        .map(|w| EnemyBlow {
            names: Some(w.names.clone()),
            attacks: attacks(&w.shots),
            s: i64::from(w.s),
            ap: i64::from(w.ap),
            damage: Count::from(&w.damage),
        })
        .collect();
    let fists = crate::rules::killteam::melee::unarmed(&rules.killteam, e.profile.get(C::S));
    blows.push(EnemyBlow {
        names: None,
        attacks: a,
        s: i64::from(fists.strength),
        ap: i64::from(fists.ap),
        damage: Count::from(&fists.damage),
    });
    blows
}
