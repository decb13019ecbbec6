//! The turn's values: command points and stratagems (KT-11), initiative
//! and targeting (KT-10, RIB-3), the command insignia (EQ-31), and close
//! combat's (KT-6).

use serde::{Deserialize, Serialize};

use super::enforced;
use super::ids::ItemId;
use super::weapons::Strength;
use crate::rules::core::dice::{Amount, amount_dice};
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;

/// Command points and stratagems (KT-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Command {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// Points at the start of a game.
    pub start: u32,
    /// Points gained each turn.
    pub per_turn: u32,
    /// Boxes of the track printed on the sheet (0 to `track - 1`).
    pub track: u32,
    /// The "second soldier" stratagem is bought straight after a
    /// team-mate's activation, before the other side replies (KT-11,
    /// Decision: « activer un second soldat après une première activation
    /// sans que l'adversaire ne puisse riposter »); false, at any time
    /// after a team-mate acted this turn. Missing from a copy written
    /// before it: straight after.
    #[serde(default = "straight_after")]
    pub second_soldier_straight_after: bool,
    /// The "Recharge" stratagem gives back the whole item, every use of an
    /// item carried twice, and may be bought once one use is spent (KT-11,
    /// Decision: « rechargez vos équipements spéciaux à usage unique »);
    /// false, one use, once all are spent. Missing from a copy written
    /// before it: the whole item.
    #[serde(default = "straight_after")]
    pub recharge_whole_item: bool,
    /// A die is rolled again at most once with the reroll stratagem
    /// (KT-11, Assumed: the 8th edition's « never re-roll a dice more than
    /// once », the rules the house rules build on); false, the new die may
    /// be rolled again for another point. Missing from a copy written
    /// before it: once.
    #[serde(default = "straight_after")]
    pub reroll_once: bool,
    /// Each kill team gains `per_turn` at the start of the first turn too,
    /// on top of `start` (KT-11, Decision: « débute avec 3 points de
    /// commandement et en génère 1 supplémentaire par tour »); false, the
    /// first turn is played with `start` and the gain comes with each
    /// later turn. Missing from a copy written before it: false.
    #[serde(default)]
    pub gain_on_first_turn: bool,
    /// The stratagems.
    pub stratagems: Vec<Stratagem>,
}

fn straight_after() -> bool {
    true
}

/// A stratagem (KT-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stratagem {
    /// Stable id (`reroll`).
    pub id: String,
    /// Its cost in command points.
    pub cost: u32,
    /// Display names.
    pub names: Names,
    /// What it does.
    pub text: Names,
}

/// The turn's values (`turn` in `killteam.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRules {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// The die each player rolls for the initiative (KT-10: a D6).
    pub initiative_die: u32,
    /// Players tied for the highest initiative roll again, the others out
    /// (KT-10, Decision: the source says only « celui qui gagne »); false,
    /// every player rolls again. Missing from a copy written before it:
    /// the tied ones.
    #[serde(default = "enforced")]
    pub initiative_tied_only: bool,
    /// Actions a shooter spends to target an Invisible soldier (RIB-3: 2).
    pub invisible_target_actions: u32,
    /// A prone soldier stands up (an action) before he moves, retreats or
    /// charges (KT-9, Decision: the source only says standing up costs an
    /// action).
    pub prone_must_stand: bool,
    /// The two sides take turns to activate, and Muster refuses an
    /// activation out of turn (KT-8, Decision: « chaque joueur joue l'un
    /// de ses soldats chacun son tour »); false, it only shows whose turn
    /// it is and the players keep the order. Missing from a copy written
    /// before it: enforced.
    #[serde(default = "enforced")]
    pub alternation_enforced: bool,
    /// A soldier's actions in a row run on across his own activations when
    /// no other model activated between them (KT-19, Decision: « jamais
    /// plus de 3 actions consécutives »); false, each activation begins a
    /// new row. Missing from a copy written before it: they run on.
    #[serde(default = "enforced")]
    pub rows_span_activations: bool,
    /// The command insignia (EQ-31).
    pub insignia: InsigniaRules,
}

/// The command insignia's values (EQ-31).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InsigniaRules {
    /// The item's id.
    pub item: ItemId,
    /// The actions the sergeant keeps in a turn he gives it (1).
    pub sergeant_actions: u32,
}

impl TurnRules {
    /// Refuses values no game could use.
    pub fn check(&self) -> Result<(), Problem> {
        if self.initiative_die < 2 {
            return Err(Problem::new("KT-10", "kt.problem.initiative_die")
                .arg("sides", self.initiative_die.to_string()));
        }
        Ok(())
    }
}

/// The close-combat values of `killteam.json` (`close_combat`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeRules {
    /// What the values are, for whoever edits them.
    #[serde(default)]
    pub note: String,
    /// The score a model with no kill-team profile (a drawn enemy) needs to
    /// hit in close combat (Assumed: a soldier's 4+).
    pub others_score: i32,
    /// How a soldier strikes with no close-combat weapon.
    pub unarmed: Unarmed,
}

/// A soldier's blows with no close-combat weapon: fists, boots and the
/// rifle's butt (Assumed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unarmed {
    /// Display names.
    pub names: Names,
    /// Attacks.
    pub attacks: Amount,
    /// Strength: the bearer's, plus a bonus.
    pub strength: Strength,
    /// Armour penetration.
    #[serde(default)]
    pub ap: i32,
    /// Damage per unsaved wound.
    pub damage: Amount,
}

impl MeleeRules {
    /// Refuses values no game could use.
    pub fn check(&self) -> Result<(), Problem> {
        if !(2..=6).contains(&self.others_score) {
            return Err(Problem::new("KT-6", "kt.problem.close_combat_score")
                .arg("score", self.others_score));
        }
        for amount in [&self.unarmed.attacks, &self.unarmed.damage] {
            // A number or dice: either will do, unreadable dice will not.
            let _fixed_or_dice = amount_dice(amount)?;
        }
        Ok(())
    }
}
