//! Recon between missions (CMP-14): the roll, its Cran test and what it
//! brings.

use super::*;
use muster::rules::ProblemKind;

#[test]
fn cmp_14_recon_between_missions() {
    let r = rules();
    let base = play(&started(&["Ada", "Bob"], r), &[], lost(), r);
    // 1: nothing.
    let c = recon(&base, "Ada", 1, None, r);
    assert_eq!(state(&c, "Ada"), State::Fit);
    // One recon per escort between missions.
    let i = id(&c, "Bob");
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::Recon {
            character: i,
            roll: None,
            cran: None,
            fortune: None,
            effect: None,
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::ReconDone);
    // 2: ambush — higher light, equal serious, lower missing.
    assert_eq!(
        state(&recon(&base, "Ada", 2, Some(5), r), "Ada"),
        State::LightlyWounded
    );
    assert_eq!(
        state(&recon(&base, "Ada", 2, Some(4), r), "Ada"),
        State::SeriouslyWounded
    );
    assert_eq!(
        state(&recon(&base, "Ada", 2, Some(3), r), "Ada"),
        State::Missing
    );
    // 3-4: a clue, +1 VP counted at once.
    assert_eq!(recon(&base, "Ada", 3, None, r).vp, base.vp + 1);
    assert_eq!(recon(&base, "Ada", 4, None, r).vp, base.vp + 1);
    // 5: beaten — equal light, lower serious.
    assert_eq!(
        state(&recon(&base, "Ada", 5, Some(4), r), "Ada"),
        State::LightlyWounded
    );
    assert_eq!(
        state(&recon(&base, "Ada", 5, Some(3), r), "Ada"),
        State::SeriouslyWounded
    );
    // 6-7: good fortune — passed, 5D6 points (15 here); failed, nothing.
    let rp = base.escorts[0].reinforcement;
    assert_eq!(
        recon(&base, "Ada", 6, Some(4), r).escorts[0].reinforcement,
        rp + 15
    );
    assert_eq!(
        recon(&base, "Ada", 7, Some(3), r).escorts[0].reinforcement,
        rp
    );
    // 8-9: a guide may be hired for 5 points.
    let g = recon(&base, "Ada", 8, None, r);
    let g = ok(
        &g,
        E::Debrief(DebriefEdit::HireGuide {
            escort: EscortId(1),
        }),
        r,
    );
    assert!(g.guide);
    assert_eq!(g.escorts[0].reinforcement, rp - 5);
    let p = refused(
        &base,
        E::Debrief(DebriefEdit::HireGuide {
            escort: EscortId(1),
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::NoGuide);
    // 10-11: allies.
    assert!(recon(&base, "Ada", 10, None, r).allies);
    // 12: bad fortune — failed, the next mission is a Survival.
    let bad = recon(&base, "Ada", 12, Some(3), r);
    assert!(bad.forced_survival);
    assert_eq!(mission_type(&next(&bad, r)), MissionType::Survival);
    let shaken = recon(&base, "Ada", 12, Some(4), r);
    assert!(!shaken.forced_survival);
    // The recon's Cran test cannot be undone with a fate point.
    let lost_one = recon(&base, "Ada", 2, Some(1), r);
    let p = refused(
        &lost_one,
        E::Debrief(DebriefEdit::FateReroll {
            character: id(&lost_one, "Ada"),
            roll: None,
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-12");
}
