//! Two versions of one campaign merged: the shared events, then
//! each side's in the order they were made; an event that no longer
//! applies is set aside beside its rival; never an event doubled.

use std::collections::BTreeSet;

use crate::common::{TwoVersions, new_turn, play, rules, wound, wounded_here_new_turn_there};
use muster::rules::ProblemKind;
use muster::rules::campaign::merge::{Side, merge};
use muster::rules::campaign::{Campaign, CampaignEdit as E, CharId, Fighter, MissionResult};
use muster::rules::campaign::{DebriefEdit, ReinforcementEdit, TableEdit};
use muster::rules::core::dice::Roll;
use muster::rules::{Document, RulesData};
use proptest::prelude::*;

/// The example kill team at the table.
pub(crate) fn table(r: &RulesData) -> Campaign {
    crate::common::example_team_at_the_table(r)
}

fn none() -> BTreeSet<String> {
    BTreeSet::new()
}

#[test]
fn a_version_merged_with_itself_or_an_earlier_state_is_the_later() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let later = play(
        &base,
        &[
            E::Table(TableEdit::SetWounds {
                character: dace,
                wounds: 1,
            }),
            E::Table(TableEdit::NewTurn { gain: None }),
        ],
        r,
        ("laptop", 0),
    );
    let m = merge(&later, &later, r, &none()).expect("merged");
    assert_eq!(m.campaign, later);
    assert!(m.conflicts.is_empty());
    assert_eq!(
        merge(&base, &later, r, &none()).expect("merged").campaign,
        later
    );
    assert_eq!(
        merge(&later, &base, r, &none()).expect("merged").campaign,
        later
    );
}

#[test]
fn two_sides_events_go_in_in_the_order_they_were_made() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let osk = crate::common::char_id(&base, "Trooper Osk");
    // Camille ticks Dace's wound, then a new turn; Bruno takes an enemy out
    // in between (his clock says so).
    let ours = wound(&base, r, 2, ("camille", 0));
    let ours = new_turn(&ours, r, ("camille", 20));
    let theirs = play(
        &base,
        &[
            E::Table(TableEdit::SetOutOfAction {
                character: Fighter::Enemy(0).id(),
                out: true,
            }),
            E::Table(TableEdit::SetWounds {
                character: osk,
                wounds: 1,
            }),
        ],
        r,
        ("bruno", 10),
    );
    let m = merge(&ours, &theirs, r, &none()).expect("merged");
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    assert_eq!(m.shared, base.journal.len());
    assert_eq!(m.added, (2, 2));
    assert_eq!(
        m.sides,
        [Side::Ours, Side::Theirs, Side::Theirs, Side::Ours]
    );
    let t = m.campaign.table.as_ref().expect("table");
    assert_eq!(t.wounds.get(&dace), Some(&2));
    assert_eq!(t.wounds.get(&osk), Some(&1));
    assert!(t.enemy_out.contains(&0));
    assert_eq!(t.turn, 2);
    // It is a campaign that plays again, and checks.
    assert!(
        m.campaign.validate(r).is_empty(),
        "{:?}",
        m.campaign.validate(r)
    );
    // The other way round: the same events, in the same order.
    let back = merge(&theirs, &ours, r, &none()).expect("merged");
    assert_eq!(back.campaign.journal, m.campaign.journal);
}

/// The debrief of the mission after Dace was taken out: his Cran test is
/// pending.
pub(crate) fn debrief(r: &RulesData) -> (Campaign, CharId) {
    let c = table(r);
    let dace = crate::common::char_id(&c, "Trooper Dace");
    let c = crate::common::ok(
        &c,
        E::Table(TableEdit::SetOutOfAction {
            character: dace,
            out: true,
        }),
        r,
    );
    let c = crate::common::ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        }),
        r,
    );
    (c, dace)
}

/// `dace`'s Cran test on the die of `c`, rolled `face`.
pub(crate) fn cran(c: &Campaign, dace: CharId, face: u32) -> E {
    E::Debrief(DebriefEdit::CranTest {
        character: dace,
        roll: Some(Roll::from_faces(c.settings.cran_die, vec![face], 0)),
    })
}

/// A vox caster bought for 1 reinforcement point by `c`'s first escort.
pub(crate) fn vox_caster(c: &Campaign) -> E {
    E::Reinforcements(ReinforcementEdit::Spend {
        escort: c.escorts[0].id,
        points: 1,
        what: "vox caster".into(),
        bought: None,
    })
}

/// Dace's Cran test rolled on two machines after the mission (`debrief`):
/// Camille's 2 first, then she exchanged a VP and bought a vox caster;
/// Bruno's 9 came after. `(base, dace, camille's, bruno's)`.
pub(crate) fn cran_then_vox(r: &RulesData) -> (Campaign, CharId, Campaign, Campaign) {
    let (base, dace) = debrief(r);
    let escort = base.escorts[0].id;
    let camille = play(&base, &[cran(&base, dace, 2)], r, ("Camille's laptop", 0));
    let camille = play(
        &camille,
        &[
            E::Debrief(DebriefEdit::ExchangeVp { escort, vp: 1 }),
            vox_caster(&base),
        ],
        r,
        ("Camille's laptop", 2),
    );
    let bruno = play(&base, &[cran(&base, dace, 9)], r, ("Bruno's desktop", 5));
    (base, dace, camille, bruno)
}

/// The end of the mission, a success worth 1 VP.
pub(crate) fn end_mission() -> E {
    E::Debrief(DebriefEdit::EndMission {
        result: MissionResult {
            success: true,
            vp: 1,
        },
        played: vec![],
    })
}

#[test]
fn the_same_cran_test_rolled_on_both_machines_is_set_aside_beside_its_rival() {
    let r = rules();
    let (base, dace) = debrief(r);
    let test = |face| cran(&base, dace, face);
    let ours = play(&base, &[test(2)], r, ("camille", 0));
    let theirs = play(&base, &[test(9)], r, ("bruno", 5));
    let m = merge(&ours, &theirs, r, &none()).expect("merged");
    assert_eq!(m.conflicts.len(), 1, "{:?}", m.conflicts);
    let c = &m.conflicts[0];
    assert_eq!(c.side, Side::Theirs);
    assert_eq!(c.entry.event, theirs.journal.last().expect("theirs").event);
    let rival = c.rival.expect("its rival");
    assert_eq!(
        m.campaign.journal[rival].event,
        ours.journal.last().expect("ours").event
    );
    // Keeping theirs instead: ours is left out, theirs goes in.
    let keep_theirs: BTreeSet<String> = [ours
        .journal
        .last()
        .expect("ours")
        .stamp
        .as_ref()
        .expect("stamped")
        .id
        .to_string()]
    .into();
    let m = merge(&ours, &theirs, r, &keep_theirs).expect("merged");
    assert!(m.conflicts.is_empty());
    assert_eq!(m.campaign.journal.last().expect("last").event, test(9));
}

#[test]
fn two_campaigns_are_not_two_versions() {
    let r = rules();
    let a = table(r);
    let mut b = a.clone();
    b.id = "other".into();
    let p = merge(&a, &b, r, &none()).expect_err("two campaigns");
    assert!(muster::i18n::Lang::En.problem(&p).contains("two campaigns"));
}

/// A random event at the table: a wound, out of action, a new turn, an
/// item struck.
pub(crate) fn event(c: &Campaign, pick: (u8, u8, u8)) -> E {
    let players: Vec<CharId> = c
        .table
        .as_ref()
        .map(|t| t.players.clone())
        .unwrap_or_default();
    let who = players[usize::from(pick.1) % players.len()];
    match pick.0 % 4 {
        0 => E::Table(TableEdit::SetWounds {
            character: who,
            wounds: u32::from(pick.2 % 3),
        }),
        1 => E::Table(TableEdit::SetOutOfAction {
            character: Fighter::Enemy(usize::from(pick.2 % 3)).id(),
            out: pick.1.is_multiple_of(2),
        }),
        2 => E::Table(TableEdit::NewTurn { gain: None }),
        _ => E::Table(TableEdit::SetOutOfAction {
            character: who,
            out: pick.2.is_multiple_of(2),
        }),
    }
}

/// Plays the events that apply, stamped, skipping those refused.
fn continue_with(
    c: &Campaign,
    picks: &[(u8, u8, u8)],
    r: &RulesData,
    by: &str,
    at: u32,
) -> Campaign {
    let mut c = c.clone();
    for (k, p) in picks.iter().enumerate() {
        let e = event(&c, *p);
        if c.apply(e.clone(), r, &mut muster::rules::core::dice::seeded(1))
            .is_ok()
        {
            c = play(&c, &[e], r, (by, at + 2 * k as u32));
        }
    }
    c
}

fn ids(c: &Campaign) -> Vec<String> {
    c.journal
        .iter()
        .filter_map(|e| e.stamp.as_ref().map(|s| s.id.to_string()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random divergent continuations of one campaign: the merge keeps
    /// every event of both sides that still applies (the others are
    /// conflicts), never doubles one, and either order gives the same
    /// events.
    #[test]
    fn merges_keep_every_event_once_whichever_side_merges(
        ours in proptest::collection::vec(any::<(u8, u8, u8)>(), 0..8),
        theirs in proptest::collection::vec(any::<(u8, u8, u8)>(), 0..8),
    ) {
        let r = rules();
        let base = table(r);
        let a = continue_with(&base, &ours, r, "camille", 0);
        let b = continue_with(&base, &theirs, r, "bruno", 1);
        let m = merge(&a, &b, r, &none()).expect("merged");
        let kept = ids(&m.campaign);
        let unique: BTreeSet<&String> = kept.iter().collect();
        prop_assert_eq!(unique.len(), kept.len(), "no event doubled");
        let set_aside: BTreeSet<String> = m.conflicts.iter().map(|c| c.key.clone()).collect();
        for id in ids(&a).into_iter().chain(ids(&b)) {
            prop_assert!(unique.contains(&id) || set_aside.contains(&id), "{} lost", id);
        }
        prop_assert!(m.campaign.replay(r).is_ok(), "the merge plays again");
        let back = merge(&b, &a, r, &none()).expect("merged");
        prop_assert_eq!(ids(&back.campaign), kept);
        prop_assert_eq!(merge(&m.campaign, &m.campaign, r, &none()).expect("again").campaign, m.campaign.clone());
    }
}

/// Two versions of one campaign whose last events are different but carry
/// one stamp id (one file forged or damaged), and that id.
pub(crate) fn one_id_on_two_events(r: &RulesData) -> (Campaign, Campaign, String) {
    let TwoVersions {
        ours, mut theirs, ..
    } = wounded_here_new_turn_there(r, 0);
    let id = ours
        .journal
        .last()
        .and_then(|e| e.stamp.clone())
        .expect("stamped")
        .id;
    let last = theirs.journal.pop().expect("theirs");
    let mut forged = muster::rules::campaign::Entry::clone(&last);
    forged.stamp.as_mut().expect("stamped").id.clone_from(&id);
    theirs.journal.push(std::sync::Arc::new(forged));
    (ours, theirs, id.to_string())
}

/// Two different events under one stamp id (a forged or damaged file):
/// refused, whichever file comes first, naming the id; never one of them
/// silently dropped (on the command line: `tests/it/cli.rs`).
#[test]
fn one_stamp_id_on_two_different_events_is_refused_whichever_comes_first() {
    let r = rules();
    let (ours, theirs, id) = one_id_on_two_events(r);
    for (a, b) in [(&ours, &theirs), (&theirs, &ours)] {
        let p = merge(a, b, r, &none()).expect_err("one id, two events");
        let said = muster::i18n::Lang::En.problem(&p);
        assert!(
            said.contains(&id) && said.contains("two different events"),
            "{said}"
        );
    }
    // One file holding one id twice is refused by the rules check too.
    let mut twice = ours.clone();
    let copy = twice.journal.last().cloned().expect("last");
    twice.journal.push(copy);
    let problems = twice.validate(r);
    assert!(
        problems.iter().any(|p| p.kind == ProblemKind::StampTwice),
        "{problems:?}"
    );
}

/// Each rival says what it did, in words: whom it is about and what it
/// changed.
#[test]
fn each_event_says_what_it_did() {
    use muster::i18n::Lang;
    use muster::rules::Characteristic as C;
    let r = rules();
    let c = table(r);
    let dace = crate::common::char_id(&c, "Trooper Dace");
    let words = |e: E| Lang::En.msg(&e.words(&c));
    assert_eq!(
        words(E::Debrief(DebriefEdit::Advance {
            character: dace,
            characteristic: C::BS
        })),
        "Trooper Dace: advance point on BS"
    );
    assert_eq!(
        words(E::Debrief(DebriefEdit::Advance {
            character: dace,
            characteristic: C::I
        })),
        "Trooper Dace: advance point on I"
    );
    assert_eq!(
        words(E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 2
        })),
        "Trooper Dace: wounds at the table set to 2"
    );
    assert_eq!(
        words(E::Table(TableEdit::NewTurn { gain: None })),
        "new turn"
    );
    let fr = Lang::Fr.msg(
        &E::Debrief(DebriefEdit::Advance {
            character: dace,
            characteristic: C::BS,
        })
        .words(&c),
    );
    assert_eq!(fr, "Trooper Dace : point d'avancement en CT");
    // A mission's end says what the players said of its objective (a
    // Survival may be survived all the same).
    let end = E::Debrief(DebriefEdit::EndMission {
        result: MissionResult {
            success: false,
            vp: 0,
        },
        played: vec![],
    });
    assert_eq!(words(end.clone()), "objective not achieved, 0 VP");
    assert_eq!(
        Lang::Fr.msg(&end.words(&c)),
        "objectif non atteint, 0 point de victoire"
    );
}

/// An event set aside by an event of another kind about the same
/// character (left at home on one machine, wounded on the other) has that
/// event as its rival, so the players can keep either.
#[test]
fn an_event_set_aside_by_another_kind_of_event_has_its_rival() {
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let ours = play(
        &base,
        &[E::Debrief(DebriefEdit::SetPlaying {
            character: dace,
            plays: false,
        })],
        r,
        ("camille", 0),
    );
    let theirs = wound(&base, r, 1, ("bruno", 5));
    let m = merge(&ours, &theirs, r, &none()).expect("merged");
    if m.conflicts.is_empty() {
        // Wounds on a character at home are not refused: nothing to choose.
        return;
    }
    let c = &m.conflicts[0];
    let rival = c.rival.expect("a rival of another kind");
    assert_eq!(
        m.campaign.journal[rival].event,
        ours.journal.last().expect("ours").event
    );
    assert!(c.rival_key.is_some(), "keep it instead is offered");
}

#[test]
fn cmp_11_the_same_cran_test_made_twice_is_the_same_roll_and_another_one_s_is_not() {
    use muster::rules::campaign::CharId;
    use muster::rules::core::dice::Roll;
    let cran = |character: u64, face: u32| {
        E::Debrief(DebriefEdit::CranTest {
            character: CharId(character),
            roll: Some(Roll::from_faces(10, vec![face], 0)),
        })
    };
    assert!(cran(4, 2).same_roll_as(&cran(4, 9)));
    assert!(!cran(4, 2).same_roll_as(&cran(5, 9)), "another one's test");
    let typed_later = E::Debrief(DebriefEdit::CranTest {
        character: CharId(4),
        roll: None,
    });
    assert!(!cran(4, 2).same_roll_as(&typed_later), "no dice, no roll");
    assert!(!cran(4, 2).same_roll_as(&E::Table(TableEdit::NewTurn { gain: None })));
}
