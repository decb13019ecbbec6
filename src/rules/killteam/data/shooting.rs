//! Kill-team shooting: range bands, hit modifiers, the wound chart, the
//! scores' limits, cover, what items are worth in a shot, and the number
//! of shots (KT-7, KT-12, KT-13, KT-16, KT-19, EQ-1, EQ-16, EQ-17).

use serde::{Deserialize, Serialize};

use super::enforced;
use crate::rules::core::dice::{Amount, amount_dice};
use crate::rules::core::dist::{Dist, dice_sum, fixed};
use crate::rules::core::problem::Problem;

/// One range band (KT-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// The band's upper range, in inches, included; `None`: any range.
    pub up_to: Option<u32>,
    /// The score needed to hit (1: automatic); `None`: cannot fire.
    pub score: Option<i32>,
}

/// The range bands of each class of shooting (KT-12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bands {
    /// Most weapons.
    pub normal: Vec<Band>,
    /// Snipers (EQ-2).
    pub sniper: Vec<Band>,
    /// Indirect weapons (the mortar).
    pub indirect: Vec<Band>,
}

/// What a hit-roll modifier adds to the score needed (KT-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HitModifiers {
    /// Night: +1.
    pub night: i32,
    /// Sight (EQ-3): -1.
    pub sight: i32,
    /// Marksman (RIB-12): -1.
    pub marksman: i32,
    /// Vox radio (EQ-12): -2.
    pub vox: i32,
    /// Sling (EQ-14), not moved: -1.
    pub sling: i32,
    /// The target used a smoke grenade (EQ-7): +1.
    pub smoke: i32,
    /// The shooter is dazzled by a flash grenade (EQ-10): +1.
    #[serde(rename = "flash")]
    pub dazzled: i32,
    /// An assault weapon fired during a move: +2.
    pub assault_moving: i32,
}

/// The score needed to wound by Strength against Toughness (KT-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WoundScores {
    /// S at least twice T.
    pub double: i32,
    /// S greater than T.
    pub greater: i32,
    /// S equal to T.
    pub equal: i32,
    /// S less than T.
    pub less: i32,
    /// S at most half T.
    pub half: i32,
}

/// Kill-team shooting (KT-12, KT-13, KT-16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shooting {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// A range on a band's bound falls in that band, the nearer one
    /// (KT-12, Decision: « jusqu'à 6 ps » then « de 6 à 12 ps »); false, in
    /// the farther band when there is one (past the last band with a bound
    /// the weapon is out of range either way). Missing from a copy written
    /// before it: the nearer band.
    #[serde(default = "enforced")]
    pub bands_include_upper_bound: bool,
    /// The range bands.
    pub bands: Bands,
    /// The hit modifiers.
    pub modifiers: HitModifiers,
    /// The score snap fire needs before modifiers.
    pub snap_fire_score: i32,
    /// The wound scores.
    pub wound_scores: WoundScores,
    /// What cover adds to a save.
    pub cover_bonus: i32,
    /// What changes the cover save (KT-7, KT-9, EQ-17).
    pub cover: CoverModifiers,
}

/// The limits of a kill-team shot's scores (KT-13, KT-16, KT-19):
/// Decisions and Assumed values, in the data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotLimits {
    /// A modified score needed to hit of this or more cannot hit (KT-13
    /// Decision: 7).
    pub cannot_hit_from: i32,
    /// The lowest total of the save's dice always fails (KT-16, KT-19): a
    /// save never needs less than one more than its number of dice.
    pub save_lowest_total_fails: bool,
    /// The worst score a save rolled on more than one die can still be
    /// made at (KT-19: a Terminator saves "jusqu'à 8+" on 2D6); worse is
    /// lost. One die goes up to 6+.
    pub dice_save_up_to: i32,
    #[serde(default)]
    pub(super) note: String,
}

impl ShotLimits {
    /// The score needed to save on `dice` dice added, or `None` when it
    /// cannot be made (KT-16, KT-19): a score above the highest total is
    /// lost, and on more than one die a score above the data's limit (8+);
    /// the lowest total fails when the data says so.
    pub fn save_score(&self, score: i32, dice: u32) -> Option<i32> {
        let dice = i32::try_from(dice.max(1)).unwrap_or(1);
        let floor = if self.save_lowest_total_fails {
            dice + 1
        } else {
            dice
        };
        let most = if dice > 1 {
            (6 * dice).min(self.dice_save_up_to)
        } else {
            6
        };
        (score <= most).then_some(score.max(floor))
    }
}

/// What the items that play in a shot are worth, where the odds need a
/// number (EQ-1, EQ-16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotGearValues {
    /// A torch cancels the night up to this range (EQ-1: 12").
    pub torch_range_inches: u32,
    /// A cloak adds this to the cover bonus (EQ-16: +1).
    pub cloak_cover: i32,
    /// The cloak counts only in cover, so that a flame weapon ignores it
    /// (EQ-16, Decision: « ajoutez 1 à votre sauvegarde de couvert »);
    /// false, it betters the save in the open too. Missing from a copy
    /// written before it: in cover only.
    #[serde(default = "enforced")]
    pub cloak_in_cover_only: bool,
    #[serde(default)]
    pub(super) note: String,
}

/// What changes a target's cover save (KT-7, KT-9, EQ-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverModifiers {
    /// Added to the cover bonus when the shooter is 3" or more above the
    /// target (KT-7: -1).
    pub higher_position: i32,
    /// Added to the cover bonus by an auspex (EQ-17: -1)…
    pub auspex: i32,
    /// …when the target is within this range.
    pub auspex_range_inches: u32,
    /// Added to the save of a prone target in cover (KT-9: +1).
    pub prone_in_cover: i32,
    /// Added to the save of a prone target out of cover (KT-9: +1).
    pub prone_in_open: i32,
    /// A shooter above and an auspex lessen the cover, never below none:
    /// the save is never worse than in the open (KT-7, EQ-17, Decision:
    /// « enlève 1 à la sauvegarde de couvert »); false, what they take
    /// may make the save in cover worse than in the open. Missing from a
    /// copy written before it: never below none.
    #[serde(default = "enforced")]
    pub never_below_open: bool,
}

/// A kill-team shooting modifier (KT-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KtModifier {
    /// Night.
    Night,
    /// Sight (EQ-3).
    Sight,
    /// Marksman (RIB-12).
    Marksman,
    /// Vox radio (EQ-12).
    Vox,
    /// Sling, not moved (EQ-14).
    Sling,
    /// The target used a smoke grenade (EQ-7).
    Smoke,
    /// The shooter is dazzled by a flash grenade (EQ-10).
    #[serde(rename = "flash")]
    Dazzled,
    /// An assault weapon fired during a move (KT-15).
    AssaultMoving,
    /// Snap fire (KT-9, KT-13).
    SnapFire,
    /// The shooter is 3" or more above the target: the target's cover save
    /// is worse (KT-7).
    HigherPosition,
    /// The target lies prone: a better cover save, or a better save out of
    /// cover (KT-9).
    Prone,
    /// The shooter carries an auspex and the target is within its range:
    /// the target's cover save is worse (EQ-17).
    Auspex,
    /// The shooter wears a night-vision helmet or sight: no night penalty
    /// (EQ-18).
    NightVision,
    /// The shooter wears a gas mask: no smoke or flash penalty (EQ-19).
    GasMask,
    /// The shooter carries a torch: no night penalty within its range
    /// (EQ-1).
    Torch,
    /// The target wears a cloak: a better cover save (EQ-16).
    Cloak,
}

/// Whose item or ribbon it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotSide {
    /// The soldier who shoots.
    Shooter,
    /// The soldier shot at.
    Target,
}

/// How an item or a ribbon plays in a shot (the data's `shot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotUse {
    /// The modifier it brings.
    pub modifier: KtModifier,
    /// On whose side it counts.
    pub side: ShotSide,
    /// It counts only when the player ticks it (it was used, the bearer
    /// did not move …).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ticked: bool,
}

/// The distribution of a number of shots (`3`, `D6`, `2D3`): `d[k]` is the
/// chance of exactly `k`.
pub fn shots_dist(amount: &Amount) -> Result<Dist, Problem> {
    let dice = amount_dice(amount)?;
    Ok(match dice {
        Ok(n) => fixed(n),
        Err(d) => dice_sum(d.count, d.sides),
    })
}
