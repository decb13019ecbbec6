//! The weapons of the table's fighters as a fight takes them: a character's
//! as a Rogue Trader shot fires it, an enemy's, and a kill-team target's
//! profile.

use super::super::scenario::{Count, RtWeapon};
use crate::rules::campaign::EnemyWeapon;
use crate::rules::characters::data::{Armoury, ArmouryEntry};
use crate::rules::characters::equipment::{Gear, GearKind};
use crate::rules::data::RulesData;
use crate::rules::killteam::data::KtProfile;

/// A character's weapon as a Rogue Trader shot fires it; none for what
/// does not shoot. A pistol or ranged weapon written without a range (a
/// roster of an older Muster, a weapon typed by hand) takes its shooting
/// profile from the armoury's entry of the same name, in either language;
/// its own S and save modifier still count.
pub fn rt_weapon(g: &Gear, armoury: &Armoury) -> Option<RtWeapon> {
    let same_name = |e: &&ArmouryEntry| {
        e.names
            .values()
            .any(|n| n.trim().eq_ignore_ascii_case(g.name.trim()))
    };
    let from_armoury = (g.range_inches.is_none()
        && matches!(g.kind, GearKind::Pistol | GearKind::Ranged))
    .then(|| armoury.entries.iter().find(same_name))
    .flatten()
    .map(|e| Gear {
        strength: g.strength.or(e.strength),
        save_modifier: g.save_modifier.or(e.save_modifier),
        ..Gear::from_armoury(e, "en", String::new())
    });
    let g = from_armoury.as_ref().unwrap_or(g);
    let [short, long] = g.range_inches.filter(|_| g.shoots())?;
    let [near, far] = g.to_hit.unwrap_or([0, 0]);
    let damage = match g.damage.as_deref().map(str::trim) {
        None | Some("") => Count::Fixed(1),
        Some(d) => d
            .parse::<i64>()
            .map_or_else(|_| Count::Dice(d.to_owned()), Count::Fixed),
    };
    Some(RtWeapon {
        s: g.strength.map(i64::from),
        range: [i64::from(short), i64::from(long)],
        to_hit: [i64::from(near), i64::from(far)],
        save_modifier: g.save_modifier.map(i64::from),
        shots: Count::Fixed(1),
        damage,
        sustained: i64::from(g.sustained.unwrap_or(0)),
        template: g.template,
        slow: false,
    })
}

/// An enemy's weapon of the faction tables as a Rogue Trader shot fires
/// it: its one range long, its short range the data's share of it
/// (Assumed), its AP as the save modifier, its shots and damage.
pub fn enemy_rt_weapon(rules: &RulesData, w: &EnemyWeapon) -> RtWeapon {
    let long = i64::from(w.range);
    let short = long * i64::from(rules.shooting.enemy_short_range_percent) / 100;
    RtWeapon {
        s: Some(i64::from(w.s)),
        range: [short, long],
        to_hit: [0, 0],
        save_modifier: Some(i64::from(w.ap)),
        shots: Count::from(&w.shots),
        damage: Count::from(&w.damage),
        sustained: 0,
        template: w.flame,
        slow: false,
    }
}

/// A kill-team profile as a target (KT-16, KT-19): T, the save (none when
/// no roll of its dice can make it) and its dice.
pub fn target_profile(p: &KtProfile) -> (i64, Option<i64>, i64) {
    let dice = p.save_dice.clamp(1, 3);
    let save = (p.save <= 6 * i32::try_from(dice).unwrap_or(1)).then_some(i64::from(p.save));
    (i64::from(p.toughness), save, i64::from(dice))
}
