//! Reinforcement points (CMP-6, CMP-7, CMP-16): bought with VP, earned
//! after every mission, pooled with priority to those who lost characters.

use super::*;
use muster::rules::ProblemKind;
use muster::rules::campaign::queries;

#[test]
fn cmp_6_vp_buy_reinforcement_points() {
    let r = rules();
    let c = play(&started(&["Ada"], r), &[], won(3), r);
    let rp = c.escorts[0].reinforcement;
    let c = ok(
        &c,
        E::Debrief(DebriefEdit::ExchangeVp {
            escort: EscortId(1),
            vp: 2,
        }),
        r,
    );
    assert_eq!(c.vp, 1);
    assert_eq!(
        c.escorts[0].reinforcement,
        rp + 2 * r.campaign.vp_exchange_rate
    );
    assert_eq!(r.campaign.vp_exchange_rate, 15);
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::ExchangeVp {
            escort: EscortId(1),
            vp: 2,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-6");
}

#[test]
fn cmp_7_twenty_reinforcement_points_after_every_mission_carried_over() {
    let r = rules();
    let c = play(&started(&["Ada"], r), &[], lost(), r);
    assert_eq!(c.escorts[0].reinforcement, 20);
    let c = play(&next(&c, r), &[], won(0), r);
    assert_eq!(c.escorts[0].reinforcement, 40);
    // They buy characters at the rules' price; not more than are held.
    let c2 = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("Recruit"),
            cost: r.campaign.recruit.character_base,
            from: None,
        }),
        r,
    );
    assert_eq!(
        c2.escorts[0].reinforcement,
        40 - r.campaign.recruit.character_base
    );
    assert_eq!(state(&c2, "Recruit"), State::Fit);
    let Member::Character(mut hero) = human("Too dear") else {
        unreachable!()
    };
    hero.type_id = Some("major_hero".into());
    let hero = Member::Character(hero);
    let price = queries::recruiting(&c2).cost(&hero, r).expect("priced");
    assert!(price > c2.escorts[0].reinforcement);
    let p = refused(
        &c2,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: hero,
            cost: price,
            from: None,
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-7", ProblemKind::NotEnoughPoints)
    );
}

#[test]
fn cmp_16_pooled_reinforcements_give_priority_to_players_who_lost_characters() {
    let r = rules();
    let c = setup(&["Ada"], r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::AddEscort {
            escort: NewEscort {
                player: "Ben".into(),
                source: "Team".into(),
                kind: muster::rules::campaign::EscortKind::Band,
                members: vec![human("Bob")],
                doc: None,
            },
        }),
        r,
    );
    let mut s = c.settings.clone();
    s.pool = PoolMode::Pooled;
    let c = ok(&c, E::Setup(SetupEdit::SetSettings { settings: s }), r);
    let c = ok(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
        r,
    );
    let c = play(&c, &["Bob"], lost(), r);
    // The pool receives every player's points.
    assert_eq!(c.pool, 40);
    let c = cran(&c, "Bob", 1, r);
    assert_eq!(state(&c, "Bob"), State::Dead);
    // Anne lost nobody: she waits for Ben.
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("New"),
            cost: 10,
            from: None,
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-16", ProblemKind::PoolPriority)
    );
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(2),
            member: human("Bob II"),
            cost: 10,
            from: None,
        }),
        r,
    );
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member: human("New"),
            cost: 10,
            from: None,
        }),
        r,
    );
    assert_eq!(c.pool, 20);
}
