//! Victory points as models die (KT-21): each model's worth, and the bonus
//! for two kills in the same turn, by either reading of the source (the
//! data's `double_kill_bonus`, which a campaign's setting may override).

pub use super::data::DoubleKillBonus;

/// A model killed: the turn it fell and its worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kill {
    /// The turn it fell (1 for the first).
    pub turn: u32,
    /// Its VP (KT-21: a guardsman 1, a sergeant 2 …).
    pub vp: u32,
}

/// One turn's kills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnKills {
    /// The turn.
    pub turn: u32,
    /// Models killed in it.
    pub kills: u32,
    /// Their VP.
    pub vp: u32,
    /// The double-kill bonus it earned.
    pub bonus: u32,
}

/// A side's victory points for the models it killed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Turn by turn, the turns with a kill only, in order.
    pub turns: Vec<TurnKills>,
}

impl Tally {
    /// Models killed.
    pub fn kills(&self) -> u32 {
        self.turns.iter().map(|t| t.kills).sum()
    }

    /// Every bonus earned.
    pub fn bonus(&self) -> u32 {
        self.turns.iter().map(|t| t.bonus).sum()
    }

    /// All the VP: the models' worth and the bonuses.
    pub fn total(&self) -> u32 {
        self.turns.iter().map(|t| t.vp + t.bonus).sum()
    }
}

/// The VP of `kills` (KT-21): each model's worth, and +1 for a turn with
/// two kills or more (`PerTurn`), or +1 for each pair of kills in a turn
/// (`PerPair`).
pub fn tally(bonus: DoubleKillBonus, kills: &[Kill]) -> Tally {
    let mut turns: Vec<TurnKills> = Vec::new();
    let mut sorted = kills.to_vec();
    sorted.sort_by_key(|k| k.turn);
    for k in sorted {
        match turns.last_mut() {
            Some(t) if t.turn == k.turn => {
                t.kills += 1;
                t.vp += k.vp;
            }
            _ => turns.push(TurnKills {
                turn: k.turn,
                kills: 1,
                vp: k.vp,
                bonus: 0,
            }),
        }
    }
    for t in &mut turns {
        t.bonus = match bonus {
            DoubleKillBonus::PerTurn => u32::from(t.kills >= 2),
            DoubleKillBonus::PerPair => t.kills / 2,
        };
    }
    Tally { turns }
}
