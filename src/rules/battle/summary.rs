//! The battle summary (CHR-15): which characters each side lost in the
//! session's rolls, a character's wounds followed from roll to roll, and
//! what the side that won made of it.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Fight, Rolled};
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CampaignEdit, CharId};
use crate::rules::campaign::{Sides, TableEdit};
use crate::rules::characters::units::{Victory, victory};
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Name;
use crate::rules::core::problem::Problem;
use crate::rules::doc::CharRef;

/// A side of the battle, as the player plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum BattleSide {
    /// The player's side.
    Ours,
    /// The enemy.
    Theirs,
}

impl BattleSide {
    /// The attacker's side and the defender's, when `we_attack` (or the
    /// first unit is ours).
    pub fn of_attacker(we_attack: bool) -> (Self, Self) {
        if we_attack {
            (Self::Ours, Self::Theirs)
        } else {
            (Self::Theirs, Self::Ours)
        }
    }

    /// The other side.
    pub fn other(self) -> Self {
        match self {
            Self::Ours => Self::Theirs,
            Self::Theirs => Self::Ours,
        }
    }
}

/// Who won the battle, as the player says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Winner {
    /// Our side won.
    Ours,
    /// Their side won.
    Theirs,
    /// Neither.
    Draw,
}

/// A fighter of a roll the summary follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Combatant {
    /// His name (with his side, what follows him from roll to roll): as
    /// typed, or in every language for a fighter of the rules data.
    pub name: Name,
    /// His side.
    pub side: BattleSide,
    /// A character (picked from a roster or a campaign, or ticked as one).
    pub character: bool,
    /// In the fight: of the attacker's side (the first unit) or not.
    pub first: bool,
    /// His place in his side's models of the fight (0 for one fighter).
    pub model: usize,
    /// His wounds left before the roll.
    pub wounds: u32,
    /// The campaign character he is, when taken from a campaign's escort:
    /// (campaign, character), where "Apply to campaign" sends his wounds.
    pub campaign: Option<CharRef>,
    /// The action the roll is for him, at his campaign's table (KT-9): a
    /// shot or a charge spends one; a response, a second barrel or a
    /// reroll spends none.
    pub spends: Option<crate::rules::killteam::activation::Act>,
}

/// The wounds each model of each side took in a roll: `[first, second]`,
/// by place. A round's wounds fall front first, each model taking up to its
/// W (the Decision of `unit_round.rs`); an attack's all go to the defender.
pub fn wounds_taken(fight: &Fight, rolled: &Rolled) -> [Vec<u32>; 2] {
    fn spread(ws: &[u32], mut wounds: u32) -> Vec<u32> {
        ws.iter()
            .map(|&w| {
                let t = w.min(wounds);
                wounds -= t;
                t
            })
            .collect()
    }
    match fight {
        Fight::Units(first, second) => {
            let w = |side: &[crate::rules::close_combat::odds::Fighter]| {
                side.iter().map(|m| m.w).collect::<Vec<_>>()
            };
            [
                spread(&w(first), rolled.first_wounds),
                spread(&w(second), rolled.wounds),
            ]
        }
        Fight::Attack(_) | Fight::Psychic(_) | Fight::Table(_) => [vec![0], vec![rolled.wounds]],
        Fight::Test(_) => [Vec::new(), Vec::new()],
    }
}

/// The wounds each combatant took in a roll, in their order.
pub fn combatant_wounds(combatants: &[Combatant], taken: &[Vec<u32>; 2]) -> Vec<u32> {
    combatants
        .iter()
        .map(|c| {
            let side = if c.first { &taken[0] } else { &taken[1] };
            side.get(c.model).copied().unwrap_or(0)
        })
        .collect()
}

/// The battle summary (CHR-15).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Who won, once the player said so.
    pub outcome: Option<Winner>,
    /// Our characters killed, in the order they fell.
    pub ours_killed: Vec<Name>,
    /// Their characters killed.
    pub theirs_killed: Vec<Name>,
}

/// Who a fighter is from roll to roll: the campaign character he is, when
/// he is one (renamed or not, on either side of the fight), else his side
/// and name.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Who {
    Campaign(CharRef),
    Named(BattleSide, Name),
}

/// The summary of a session's rolls: each roll's combatants with the wounds
/// each took. A fighter is followed as `Who` says; his wounds left are
/// the fewer of those he came with and those the earlier rolls left him,
/// and he is killed when a roll takes them to 0.
pub fn summarize<'a>(
    rolls: impl IntoIterator<Item = (&'a [Combatant], &'a [u32])>,
    outcome: Option<Winner>,
) -> Summary {
    let mut left: Vec<(Who, u32)> = Vec::new();
    let mut summary = Summary {
        outcome,
        ..Summary::default()
    };
    for (combatants, taken) in rolls {
        for (c, &t) in combatants.iter().zip(taken) {
            let key = match &c.campaign {
                Some(from) => Who::Campaign(from.clone()),
                None => Who::Named(c.side, trimmed(&c.name)),
            };
            let k = match left.iter().position(|(k, _)| *k == key) {
                Some(k) => k,
                None => {
                    left.push((key, c.wounds));
                    left.len() - 1
                }
            };
            let before = left[k].1.min(c.wounds);
            if before == 0 {
                left[k].1 = 0;
                continue;
            }
            let after = before.saturating_sub(t);
            left[k].1 = after;
            if after == 0 && c.character {
                let name = trimmed(&c.name);
                match c.side {
                    BattleSide::Ours => summary.ours_killed.push(name),
                    BattleSide::Theirs => summary.theirs_killed.push(name),
                }
            }
        }
    }
    summary
}

/// A name without the spaces around it, so that a name typed with a
/// space more is the same fighter.
fn trimmed(name: &Name) -> Name {
    match name {
        Name::Typed(t) => Name::Typed(t.trim().to_owned()),
        Name::Names(n) => Name::Names(n.clone()),
    }
}

/// How the summary's result reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Not said yet.
    Undecided,
    /// Our victory (major or minor).
    Won(Victory),
    /// Their victory (major or minor).
    Lost(Victory),
    /// A draw.
    Draw,
}

impl Summary {
    /// Our standing: a won battle is only a minor victory when the
    /// winner's characters were killed (CHR-15).
    pub fn standing(&self) -> Standing {
        let n = |v: &Vec<Name>| u32::try_from(v.len()).unwrap_or(u32::MAX);
        match self.outcome {
            None => Standing::Undecided,
            Some(Winner::Ours) => Standing::Won(victory(true, n(&self.ours_killed))),
            Some(Winner::Theirs) => Standing::Lost(victory(true, n(&self.theirs_killed))),
            Some(Winner::Draw) => Standing::Draw,
        }
    }

    /// The result in words: "Victory", "Minor victory: 1 character
    /// killed", "Defeat", …
    pub fn result(&self) -> Msg {
        match self.standing() {
            Standing::Undecided => Msg::new("summary.undecided"),
            Standing::Won(Victory::Minor) => {
                Msg::new("summary.minor_victory").int("count", self.ours_killed.len())
            }
            Standing::Won(_) => Msg::new("summary.victory"),
            Standing::Lost(Victory::Minor) => {
                Msg::new("summary.defeat_minor").int("count", self.theirs_killed.len())
            }
            Standing::Lost(_) => Msg::new("summary.defeat"),
            Standing::Draw => Msg::new("summary.draw"),
        }
    }

    /// The summary in one line, for the exported log.
    pub fn msg(&self) -> Msg {
        let names = |v: &Vec<Name>| {
            if v.is_empty() {
                Msg::new("summary.none")
            } else {
                Msg::new("summary.names").list("names", v.iter().map(Msg::name).collect())
            }
        };
        Msg::new("summary.line")
            .msg("result", self.result())
            .msg("ours", names(&self.ours_killed))
            .msg("theirs", names(&self.theirs_killed))
    }
}

/// Where the wounds a fighter took in a roll go in a campaign (CMP-13).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WoundsGo {
    /// To this campaign character: (campaign, character).
    To(CharRef),
    /// Nowhere: he was not taken from a campaign's escort.
    NotFromCampaign,
    /// Nowhere: the campaign character cannot take them now (dead, out of
    /// action, not playing); the problem says why.
    Refused(Problem),
}

/// A fighter of a roll who took wounds, and where they go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wounded {
    /// His name in the roll.
    pub name: Name,
    /// The wounds he took.
    pub wounds: u32,
    /// Where they go.
    pub goes: WoundsGo,
}

/// The wounds a roll gave the characters of one campaign: one event, so
/// that one undo takes them all back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignWounds {
    /// The campaign's id.
    pub campaign: String,
    /// Each character's name in the roll, his id and the wounds he took.
    pub wounds: Vec<(Name, CharId, u32)>,
    /// The roll's wounds are in this campaign already.
    pub applied: bool,
    /// The roll's fighters of this campaign, side by side: who dealt them.
    pub sides: Sides,
}

impl CampaignWounds {
    /// The campaign event that adds them, marked with the roll's seed so
    /// that they go in once: one character's, or several in one event.
    pub fn edit(&self, seed: u64) -> CampaignEdit {
        match self.wounds.as_slice() {
            [(_, character, wounds)] => CampaignEdit::Table(TableEdit::AddWounds {
                character: *character,
                wounds: *wounds,
                roll: Some(seed),
                sides: self.sides.clone(),
            }),
            all => CampaignEdit::Table(TableEdit::AddBattleWounds {
                wounds: all.iter().map(|&(_, c, w)| (c, w)).collect(),
                roll: Some(seed),
                sides: self.sides.clone(),
            }),
        }
    }
}

/// What a roll's wounds do in the campaigns: one batch per campaign for the
/// fighters taken from one who can take them, and those whose wounds go
/// nowhere, with why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RollWounds {
    /// One event per campaign.
    pub batches: Vec<CampaignWounds>,
    /// The wounded whose wounds go to no campaign character.
    pub nowhere: Vec<Wounded>,
}

/// Where the wounds of a roll go (CMP-13): each fighter's to the campaign
/// character he was taken as, never to another, and only to the table of
/// the mission the roll was made in (`played_in`: each campaign being
/// played then, with its mission's number). A roll already applied to a
/// campaign keeps its batch (marked applied) even though its wounds put
/// him out of action since. `campaign` finds a campaign by id.
pub fn roll_wounds<'a>(
    combatants: &[Combatant],
    taken: &[u32],
    seed: u64,
    played_in: &BTreeMap<String, u32>,
    campaign: impl Fn(&str) -> Option<&'a Campaign>,
) -> RollWounds {
    let mut out = RollWounds::default();
    for (c, &t) in combatants.iter().zip(taken) {
        if t == 0 {
            continue;
        }
        let goes = match &c.campaign {
            None => WoundsGo::NotFromCampaign,
            Some(CharRef { doc: id, id: x }) => match campaign(id) {
                None => WoundsGo::Refused(
                    Problem::new("CMP-13", "campaign.problem.no_campaign").arg("id", id),
                ),
                Some(k) if queries::wounding(k).roll_applied(seed) => {
                    WoundsGo::To(CharRef::new(id.clone(), *x))
                }
                // A roll of another mission, or of none, is not this
                // table's.
                Some(k) if played_in.get(id) != Some(&queries::mission_number(k)) => {
                    WoundsGo::Refused(match played_in.get(id) {
                        Some(n) => Problem::new("CMP-13", "campaign.problem.roll_of_mission")
                            .arg("mission", n),
                        None => Problem::new("CMP-13", "campaign.problem.roll_between_missions"),
                    })
                }
                Some(k) => match queries::wounding(k).wound_refusal(CharId(*x)) {
                    Some(p) => WoundsGo::Refused(p),
                    None => WoundsGo::To(CharRef::new(id.clone(), *x)),
                },
            },
        };
        let name = trimmed(&c.name);
        let WoundsGo::To(CharRef { doc: id, id: x }) = goes else {
            out.nowhere.push(Wounded {
                name,
                wounds: t,
                goes,
            });
            continue;
        };
        match out.batches.iter_mut().find(|b| b.campaign == id) {
            Some(b) => b.wounds.push((name, CharId(x), t)),
            None => {
                let applied =
                    campaign(&id).is_some_and(|k| queries::wounding(k).roll_applied(seed));
                let sides = sides_in(combatants, &id);
                out.batches.push(CampaignWounds {
                    campaign: id,
                    wounds: vec![(name, CharId(x), t)],
                    applied,
                    sides,
                });
            }
        }
    }
    out
}

/// The fighters of the campaign `id` among a roll's combatants, side by
/// side (the attacker's first).
fn sides_in(combatants: &[Combatant], id: &str) -> Sides {
    let mut sides = Sides::default();
    for c in combatants {
        if let Some(r) = c.campaign.as_ref().filter(|r| r.doc == id) {
            let side = if c.first {
                &mut sides.first
            } else {
                &mut sides.second
            };
            if !side.contains(&CharId(r.id)) {
                side.push(CharId(r.id));
            }
        }
    }
    sides
}
