//! Victory points at a campaign's table as fighters fall (KT-21): the
//! players score the enemies they killed, the enemy scores the players'
//! fighters; each by its worth, with the double-kill bonus by the
//! campaign's reading (or the kill-team data's).

use super::data::DoubleKill;
use super::{Campaign, CharId, Fighter, Member};
use crate::rules::campaign::queries;
use crate::rules::data::RulesData;
use crate::rules::killteam::victory::{DoubleKillBonus, Kill, Tally, tally};

/// A fighter who fell: who, in which turn, and his worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fallen {
    /// The fighter (an enemy's id for a drawn enemy).
    pub id: CharId,
    /// The turn he fell.
    pub turn: u32,
    /// His VP.
    pub vp: u32,
}

/// Both sides' victory points this battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleVp {
    /// How two kills in a turn count.
    pub bonus: DoubleKillBonus,
    /// The enemies fallen: what the players scored.
    pub enemies_fallen: Vec<Fallen>,
    /// The players' VP.
    pub players: Tally,
    /// The players' fighters fallen: what the enemy scored.
    pub players_fallen: Vec<Fallen>,
    /// The enemy's VP.
    pub enemy: Tally,
}

/// How two kills in a turn count here (KT-21): the campaign's setting,
/// else the kill-team data's.
pub fn double_kill(c: &Campaign, rules: &RulesData) -> DoubleKillBonus {
    match c.settings.double_kill {
        Some(DoubleKill::PerTurn) => DoubleKillBonus::PerTurn,
        Some(DoubleKill::PerPair) => DoubleKillBonus::PerPair,
        None => rules.killteam.double_kill_bonus,
    }
}

/// The VP the battle at the table offers the mission being played
/// (KT-21 into CMP-6), when the data says they carry over: for a
/// mission that earns VP, its objective met (CMP-6: only a succeeded
/// objective earns VP), at a table where a kill team plays (the
/// battle's VP are the kill-team rules'), the players' battle VP, at
/// most a mission's most and the campaign's VP threshold (one battle
/// never earns more than brings the Final). None otherwise.
pub fn mission_vp_from_battle(c: &Campaign, rules: &RulesData, objective_met: bool) -> Option<u32> {
    let data = &rules.campaign;
    let earns = c.mission.as_ref()?.mission_type.earns_vp();
    if !data.battle_vp.offered_as_mission_vp
        || !earns
        || !objective_met
        || c.phase != super::Phase::Playing
    {
        return None;
    }
    let table = c.table.as_ref()?;
    let soldiers = table.players.iter().any(|&id| {
        matches!(
            queries::character(c, id).map(|x| &x.member),
            Some(Member::Soldier(_))
        )
    });
    if !soldiers {
        return None;
    }
    let vp = battle_vp(c, rules)?;
    let most = data.limits.mission_vp_max.min(c.settings.vp_threshold);
    Some(vp.players.total().min(most))
}

/// The victory points of the battle at the table (KT-21), or none
/// with no table: a soldier is worth his kind's VP, any other fighter
/// the data's `other_model_vp`.
pub fn battle_vp(c: &Campaign, rules: &RulesData) -> Option<BattleVp> {
    let table = c.table.as_ref()?;
    let data = &rules.killteam;
    let worth = |id: CharId| match queries::character(c, id).map(|x| &x.member) {
        Some(Member::Soldier(s)) => data.kind(&s.kind).map_or(data.other_model_vp, |k| k.vp),
        _ => data.other_model_vp,
    };
    let (mut enemies, mut players) = (Vec::new(), Vec::new());
    for (&id, &turn) in &table.fell {
        let f = Fallen {
            id,
            turn,
            vp: worth(id),
        };
        if Fighter::of(id).is_enemy() {
            enemies.push(f);
        } else {
            players.push(f);
        }
    }
    let bonus = double_kill(c, rules);
    let kills = |v: &[Fallen]| {
        v.iter()
            .map(|f| Kill {
                turn: f.turn,
                vp: f.vp,
            })
            .collect::<Vec<_>>()
    };
    enemies.sort_by_key(|f| (f.turn, f.id));
    players.sort_by_key(|f| (f.turn, f.id));
    Some(BattleVp {
        bonus,
        players: tally(bonus, &kills(&enemies)),
        enemy: tally(bonus, &kills(&players)),
        enemies_fallen: enemies,
        players_fallen: players,
    })
}
