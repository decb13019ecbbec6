//! Ribbons that act during a game rather than on the profile: the
//! Deminer's mine removal (RIB-5), the Agility move after each shot
//! (RIB-10) and the Unkillable's extra action on his last wound (RIB-11).
//! Every number comes from the ribbon's grants in `killteam.json`.

use super::data::{Grant, KillTeamData, Ribbon, RibbonId};
use super::{Soldier, unknown_kind};
use crate::rules::core::msg::Msg;
use crate::rules::core::names::Names;
use crate::rules::core::problem::Problem;

/// The soldier's ribbon, if he has one the data knows.
fn ribbon<'a>(data: &'a KillTeamData, s: &Soldier) -> Option<&'a Ribbon> {
    s.ribbon.as_ref().and_then(|r| data.ribbon(r))
}

/// The actions a soldier has in a turn (KT-9, KT-18 … KT-20, RIB-11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoldierActions {
    /// Actions per activation, by his kind.
    pub per_activation: u32,
    /// Actions in the turn, by his kind (KT-19: a Terminator's 4, one per
    /// activation).
    pub per_turn: u32,
    /// Free actions at the end of the turn (RIB-11 on his last wound).
    pub end_of_turn: u32,
    /// The ribbon that gives them, when it does: its rule id and names.
    pub end_of_turn_from: Option<(String, Names)>,
}

impl SoldierActions {
    /// All his actions in the turn.
    pub fn total(&self) -> u32 {
        self.per_turn.saturating_add(self.end_of_turn)
    }

    /// In words: `2 actions per activation` (or `4 actions a turn, 1 per
    /// activation`), and the free ones with the ribbon that gives them.
    pub fn msgs(&self) -> Vec<Msg> {
        let first = if self.per_turn == self.per_activation {
            Msg::new("kt.actions.per_activation").int("count", self.per_activation)
        } else {
            Msg::new("kt.actions.per_turn")
                .int("count", self.per_turn)
                .int("per", self.per_activation)
        };
        let mut out = vec![first];
        if let Some((rule, names)) = &self.end_of_turn_from {
            out.push(
                Msg::new("kt.actions.end_of_turn")
                    .int("count", self.end_of_turn)
                    .names("ribbon", names)
                    .text("rule", rule),
            );
        }
        out
    }
}

/// A soldier's actions this turn with `wounds_left` wounds (KT-9, RIB-11):
/// his kind's in a turn, and the Unkillable's free extra action at
/// the end of each turn while he has exactly the wounds the data names
/// (1). Refused for a soldier of an unknown kind.
pub fn soldier_actions(
    data: &KillTeamData,
    s: &Soldier,
    wounds_left: u32,
) -> Result<SoldierActions, Problem> {
    let kind = data.kind(&s.kind).ok_or_else(|| unknown_kind(s))?;
    let mut actions = SoldierActions {
        per_activation: kind.actions.per_activation,
        per_turn: kind.actions.in_a_turn(),
        end_of_turn: 0,
        end_of_turn_from: None,
    };
    if let Some(r) = ribbon(data, s) {
        for grant in &r.grants {
            if let Grant::ExtraActionOnWounds {
                actions: extra,
                wounds_left: on,
            } = grant
                && wounds_left == *on
            {
                actions.end_of_turn = actions.end_of_turn.saturating_add(*extra);
                actions.end_of_turn_from = Some((r.rule.clone(), r.names.clone()));
            }
        }
    }
    Ok(actions)
}

/// What the Unkillable ribbon asks for, if the soldier has it (RIB-11): the
/// free actions and the wounds left that give them.
pub fn last_wound_actions(data: &KillTeamData, s: &Soldier) -> Option<(u32, u32)> {
    ribbon(data, s)?.grants.iter().find_map(|g| match g {
        Grant::ExtraActionOnWounds {
            actions,
            wounds_left,
        } => Some((*actions, *wounds_left)),
        _ => None,
    })
}

/// The Deminer's mine removal (RIB-5): how close an enemy mine must be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineRemoval {
    /// The ribbon's rule id (`RIB-5`).
    pub rule: String,
    /// The ribbon's names.
    pub ribbon: Names,
    /// The greatest distance, in inches.
    pub range_inches: u32,
}

impl MineRemoval {
    /// In words: `Remove a mine: an enemy mine within 3"…`.
    pub fn msg(&self) -> Msg {
        Msg::new("kt.remove_mine").msg("detail", self.detail())
    }

    /// What it allows, without the verb (for a line labelled `Remove a
    /// mine`): `an enemy mine within 3" of him…`.
    pub fn detail(&self) -> Msg {
        Msg::new("kt.remove_mine.detail")
            .int("range", self.range_inches)
            .names("ribbon", &self.ribbon)
            .text("rule", &self.rule)
    }
}

/// The mine removal a soldier's ribbon gives him, if any (RIB-5).
pub fn mine_removal(data: &KillTeamData, s: &Soldier) -> Option<MineRemoval> {
    let r = ribbon(data, s)?;
    r.grants.iter().find_map(|g| match g {
        Grant::RemoveMine { range_inches } => Some(MineRemoval {
            rule: r.rule.clone(),
            ribbon: r.names.clone(),
            range_inches: *range_inches,
        }),
        _ => None,
    })
}

/// The free move after each shot a ribbon gives (RIB-10), in words, with
/// its distance from the data: none for any other ribbon, or none.
pub fn move_after_shot(data: &KillTeamData, ribbon_id: Option<&RibbonId>) -> Option<Msg> {
    let r = data.ribbon(ribbon_id?)?;
    r.grants.iter().find_map(|g| match g {
        Grant::MoveAfterShot { inches } => Some(
            Msg::new("kt.move_after_shot")
                .int("inches", *inches)
                .names("ribbon", &r.names)
                .text("rule", &r.rule),
        ),
        _ => None,
    })
}

/// The free action his ribbon gives a soldier on his last wound (RIB-11),
/// in words, with whether it is due now (`wounds_left`: the wounds he
/// has now).
fn last_wound(data: &KillTeamData, s: &Soldier, wounds_left: u32) -> Option<(Msg, bool)> {
    let (r, (actions, on)) = ribbon(data, s).zip(last_wound_actions(data, s))?;
    let due = wounds_left == on;
    let key = if due {
        "kt.last_wound.due"
    } else {
        "kt.last_wound.waiting"
    };
    let m = Msg::new(key)
        .int("count", actions)
        .int("wounds", on)
        .names("ribbon", &r.names)
        .text("rule", &r.rule);
    Some((m, due))
}

/// The reminder of the free action on his last wound while it waits
/// (RIB-11): none once it is due, or without the ribbon.
pub fn last_wound_waiting(data: &KillTeamData, s: &Soldier, wounds_left: u32) -> Option<Msg> {
    last_wound(data, s, wounds_left).and_then(|(m, due)| (!due).then_some(m))
}

/// What a ribbon reminds the table of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReminderKind {
    /// The enemy mine he may remove (RIB-5).
    RemoveMine,
    /// The free move after each shot (RIB-10).
    MoveAfterShot,
    /// The free action on his last wound, due now (RIB-11).
    LastWoundDue,
    /// The free action on his last wound, waiting for it (RIB-11).
    LastWoundWaiting,
}

/// One thing a soldier's ribbon reminds the table of, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Reminder {
    /// What it is.
    pub kind: ReminderKind,
    /// It in words.
    pub msg: Msg,
}

/// What a soldier's ribbon reminds the players of at the table (RIB-5,
/// RIB-10, RIB-11): the mine he may remove, the move after each shot, the
/// free action on his last wound (`wounds_left`: the one he has now, which
/// makes it due).
pub fn reminders(data: &KillTeamData, s: &Soldier, wounds_left: u32) -> Vec<Reminder> {
    let mut out = Vec::new();
    if let Some(m) = mine_removal(data, s) {
        out.push(Reminder {
            kind: ReminderKind::RemoveMine,
            msg: m.msg(),
        });
    }
    if let Some(msg) = move_after_shot(data, s.ribbon.as_ref()) {
        out.push(Reminder {
            kind: ReminderKind::MoveAfterShot,
            msg,
        });
    }
    if let Some((msg, due)) = last_wound(data, s, wounds_left) {
        let kind = if due {
            ReminderKind::LastWoundDue
        } else {
            ReminderKind::LastWoundWaiting
        };
        out.push(Reminder { kind, msg });
    }
    out
}
