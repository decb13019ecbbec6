//! The odds of one attack, as every chapter gives them: the chances of one
//! attack to hit, to wound and to get through the save, and the
//! distribution of the wounds of the whole attack.

use serde::Serialize;

/// The odds of one attack and of the whole attack.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Odds {
    /// The chance that one attack hits.
    pub hit: f64,
    /// The chance that a hit wounds.
    pub wound: f64,
    /// The chance that one attack ends as an unsaved wound.
    pub unsaved: f64,
    /// Attacks made.
    pub attacks: u32,
    /// `wounds[k]`: the chance that the whole attack causes exactly `k`
    /// wounds (damage points in kill team).
    pub wounds: Vec<f64>,
    /// The score needed to hit, after modifiers (1: automatic); `None`: the
    /// attack cannot be made.
    pub score_to_hit: Option<i32>,
    /// The score needed to wound; `None`: it cannot wound.
    pub score_to_wound: Option<i32>,
    /// The score needed to save; `None`: no save.
    pub score_to_save: Option<i32>,
    /// The dice the save is rolled on, added (2 for a Terminator, KT-19).
    pub save_dice: u32,
    /// A hit needs a 7 or more: the game master must consent (CC-10).
    pub needs_consent: bool,
}
