//! Property tests over random campaigns with what players do between
//! missions: VP exchanged (CMP-6), recon rolled (CMP-14), a guide hired,
//! recruits bought (CMP-7). The books always balance: VP and
//! reinforcement points move by exactly what each accepted event says,
//! nothing is spent that is not held, the dead stay dead, and the journal
//! replays to the same campaign.

use muster::rules::campaign::queries;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, CharId, EscortId, Member, MissionResult, Phase, State,
};
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::{Character, Document as _};
use proptest::prelude::*;

use crate::rules::campaign::{rules, started};
use muster::rules::campaign::replay;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, ReinforcementEdit, TableEdit};

/// What the player does after one mission.
#[derive(Clone, Debug)]
struct Between {
    out: Vec<bool>,
    vp: u32,
    faces: Vec<u32>,
    exchange: u32,
    recon: Option<(usize, u32)>,
    hire: bool,
    recruit: bool,
}

fn between() -> impl Strategy<Value = Between> {
    (
        proptest::collection::vec(any::<bool>(), 4),
        0..5u32,
        proptest::collection::vec(1..=10u32, 4),
        0..4u32,
        proptest::option::of((0..4usize, 1..=12u32)),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(out, vp, faces, exchange, recon, hire, recruit)| Between {
            out,
            vp,
            faces,
            exchange,
            recon,
            hire,
            recruit,
        })
}

fn points(c: &Campaign) -> u32 {
    c.pool + c.escorts.iter().map(|e| e.reinforcement).sum::<u32>()
}

/// `e` applied if the rules accept it (dice seeded), else `None`.
fn tried(c: &Campaign, e: E, seed: u64) -> Option<Campaign> {
    let r = rules();
    let after = c.apply(e, r, &mut seeded(seed)).ok().map(|(c, _)| c)?;
    // What the app checks after one edit is what a full check finds.
    assert_eq!(
        after.validate_after(c, &c.validate(r), r),
        after.validate(r)
    );
    Some(after)
}

fn gone(c: &Campaign) -> Vec<CharId> {
    c.characters
        .iter()
        .filter(|x| !x.state.alive())
        .map(|x| x.id)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    // CMP-6, CMP-7, CMP-14: the books balance over random campaigns.
    #[test]
    fn cmp_6_cmp_7_cmp_14_the_books_balance_between_missions(
        steps in proptest::collection::vec(between(), 1..10),
    ) {
        let r = rules();
        let rate = r.campaign.rates().vp_exchange_rate;
        let mut c = started(&["A", "B", "C", "D"], r);
        let mut seed = 0u64;
        for s in steps {
            if c.phase == Phase::Over || !c.characters.iter().any(|x| x.can_play()) {
                break;
            }
            seed += 1;
            let final_ = c.mission.as_ref().is_some_and(|m| m.mission_type == muster::rules::campaign::MissionType::Final);
            c = crate::common::ok(&c, E::Preparation(PreparationEdit::BeginMission), r);
            let players = c.table.as_ref().expect("a table").players.clone();
            for (i, id) in players.iter().enumerate() {
                if s.out[i % 4] {
                    c = crate::common::ok(&c, E::Table(TableEdit::SetOutOfAction { character: *id, out: true }), r);
                }
            }
            let vp = if c.mission.as_ref().is_some_and(|m| m.mission_type.earns_vp()) { s.vp } else { 0 };
            c = crate::common::ok(&c, E::Debrief(DebriefEdit::EndMission { result: MissionResult { success: true, vp }, played: vec![] }), r);
            let pending = c.debrief.as_ref().expect("a debrief").pending.clone();
            for (i, id) in pending.iter().enumerate() {
                c = crate::common::ok(&c, E::Debrief(DebriefEdit::CranTest { character: *id, roll: Some(Roll::from_faces(10, vec![s.faces[i % 4]], 0)) }), r);
            }
            if final_ {
                break;
            }
            let dead_before = gone(&c);
            // VP exchanged: exactly that many VP become points at the rate;
            // more than are held is refused.
            if s.exchange > 0 {
                let (vp_before, pts_before) = (c.vp, points(&c));
                match tried(&c, E::Debrief(DebriefEdit::ExchangeVp { escort: EscortId(1), vp: s.exchange }), seed) {
                    Some(after) => {
                        prop_assert!(s.exchange <= vp_before);
                        prop_assert_eq!(after.vp, vp_before - s.exchange);
                        prop_assert_eq!(points(&after), pts_before + s.exchange * rate);
                        c = after;
                    }
                    None => prop_assert!(s.exchange > vp_before),
                }
            }
            // A recon by a living character: its dice rolled, the result in
            // the journal; only its own character may fall.
            if let Some((who, face)) = s.recon {
                let alive: Vec<CharId> = c.characters.iter().filter(|x| x.state.alive() && !x.misses_next).map(|x| x.id).collect();
                if let Some(&id) = alive.get(who % alive.len().max(1)) {
                    let e = E::Debrief(DebriefEdit::Recon { character: id, roll: Some(Roll::from_faces(12, vec![face], 0)), cran: None, fortune: None, effect: None });
                    if let Some(after) = tried(&c, e, seed) {
                        for x in after.characters.iter() {
                            if x.id != id {
                                let was = queries::character(&c, x.id).expect("was there").state;
                                prop_assert_eq!(x.state, was, "{}", x.name());
                            }
                        }
                        prop_assert!(after.vp >= c.vp, "recon never takes VP");
                        c = after;
                    }
                }
            }
            // The guide, when found and paid for: exactly his price.
            if s.hire && c.debrief.as_ref().is_some_and(|d| d.guide_offered) {
                let before = points(&c);
                let cost = queries::rates(&c, &r.campaign).recon.guide_cost;
                match tried(&c, E::Debrief(DebriefEdit::HireGuide { escort: EscortId(1) }), seed) {
                    Some(after) => {
                        prop_assert_eq!(points(&after), before - cost);
                        prop_assert!(after.guide);
                        c = after;
                    }
                    None => prop_assert!(before < cost),
                }
            }
            // A recruit: bought at his price if the points are held.
            if s.recruit {
                let member = Member::Character(Character::new(0, format!("Recruit {seed}"), "human"));
                let cost = queries::recruiting(&c).cost(&member, r).expect("priced");
                let (before, count) = (points(&c), c.characters.len());
                match tried(&c, E::Reinforcements(ReinforcementEdit::Recruit { escort: EscortId(1), member, cost, from: None }), seed) {
                    Some(after) => {
                        prop_assert_eq!(points(&after), before - cost);
                        prop_assert_eq!(after.characters.len(), count + 1);
                        c = after;
                    }
                    None => prop_assert!(before < cost),
                }
            }
            // The dead stay dead.
            for id in dead_before {
                let x = queries::character(&c, id).expect("kept");
                prop_assert!(!x.state.alive(), "{}", x.name());
            }
            c = crate::common::ok(&c, E::Debrief(DebriefEdit::NextMission { choice: Default::default() }), r);
        }
        // Nothing is ever owed: the books never went below nothing, and the
        // journal replays to the same campaign.
        let (replayed, _) = c.replay(r).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert!(replay::same_state(&replayed, &c));
        prop_assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
        prop_assert!(c.characters.iter().all(|x| x.state != State::Fit || !x.misses_next));
    }
}
