//! One campaign played on two machines, for the tests: events stamped as a
//! machine makes them, Trooper Dace wounded, a new turn begun, and the two
//! versions of the example kill team's campaign that these make.

use muster::rules::RulesData;
use muster::rules::campaign::{Campaign, CampaignEdit as E, Maker, StampTime, TableEdit, entries};

/// `c` after `events`, each stamped as made at `at` + its place (seconds)
/// on `by`, with ids `by-N`.
pub fn play(c: &Campaign, events: &[E], r: &RulesData, (by, at): (&str, u32)) -> Campaign {
    let mut c = c.clone();
    for (k, e) in events.iter().enumerate() {
        let before = c.journal.len();
        c = super::ok(&c, e.clone(), r);
        let when = StampTime::parse(&format!(
            "2026-11-25T17:{:02}:{:02}Z",
            (at + k as u32) / 60,
            (at + k as u32) % 60
        ))
        .expect("a time");
        let mut n = 0;
        entries::stamp_since(
            &mut c,
            before,
            || {
                n += 1;
                format!("{by}-{}-{k}-{n}", at).into()
            },
            Maker {
                at: Some(&when),
                by: Some(by),
                player: None,
            },
        );
    }
    c
}

/// `c` after Trooper Dace's wounds are set to `wounds` on `by`, at `at`
/// seconds.
pub fn wound(c: &Campaign, r: &RulesData, wounds: u32, (by, at): (&str, u32)) -> Campaign {
    let dace = super::char_id(c, "Trooper Dace");
    play(
        c,
        &[E::Table(TableEdit::SetWounds {
            character: dace,
            wounds,
        })],
        r,
        (by, at),
    )
}

/// `c` after the next turn is begun on `by`, at `at` seconds.
pub fn new_turn(c: &Campaign, r: &RulesData, (by, at): (&str, u32)) -> Campaign {
    play(
        c,
        &[E::Table(TableEdit::NewTurn { gain: None })],
        r,
        (by, at),
    )
}

/// Two versions of one campaign: `base`, the example kill team at the
/// table, and from it `ours`, Trooper Dace wounded once on "camille" at 0
/// seconds, and `theirs`, the next turn begun on "bruno" at `bruno_at`.
pub fn wounded_here_new_turn_there(r: &RulesData, bruno_at: u32) -> TwoVersions {
    let base = super::example_team_at_the_table(r);
    TwoVersions {
        ours: wound(&base, r, 1, ("camille", 0)),
        theirs: new_turn(&base, r, ("bruno", bruno_at)),
        base,
    }
}

/// A campaign as both machines began it, and what each made of it.
pub struct TwoVersions {
    /// The campaign both began from.
    pub base: Campaign,
    /// This machine's version.
    pub ours: Campaign,
    /// The other machine's version.
    pub theirs: Campaign,
}
