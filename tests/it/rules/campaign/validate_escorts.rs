//! `muster check` on a campaign's escorts, each within its own kind's
//! rules: a combi weapon carries no heavy weapon around KT-3, a character
//! already in the campaign is never recruited again, a second sergeant
//! breaks a kill team, and one whose sergeant fell breaks no rule.

use muster::rules::CharRef;
use muster::rules::ProblemKind;
use muster::rules::campaign::{CampaignEdit as E, EscortId, Member};
use muster::rules::killteam::Carried;

use super::validate::{example_team, soldier, team_campaign};
use crate::common::rules;
use crate::common::{ok, refused};
use muster::rules::campaign::ReinforcementEdit;
use muster::rules::campaign::queries;
use muster::rules::campaign::replay;

fn combi(weapon: &str) -> Carried {
    Carried {
        item: "combi_weapon".into(),
        weapon: Some(weapon.into()),
    }
}

#[test]
fn rib_9_a_combi_weapon_carries_no_heavy_weapon_around_kt_3() {
    let r = rules();
    let mut team = example_team();
    assert!(team.validate(r).is_empty(), "{:?}", team.validate(r));
    // Trooper Vell carries a flamer: a special weapon, so a combi-weapon.
    let vell = crate::common::soldier_named(&mut team, "Trooper Vell");
    vell.items = vec![combi("plasma_gun")];
    assert!(team.validate(r).is_empty(), "{:?}", team.validate(r));
    let vell = crate::common::soldier_named(&mut team, "Trooper Vell");
    vell.items = vec![combi("heavy_bolter")];
    let problems = team.validate(r);
    let p = problems
        .iter()
        .find(|p| p.character.as_deref() == Some("Trooper Vell"))
        .unwrap_or_else(|| panic!("{problems:?}"));
    assert_eq!(p.rule, "RIB-9");
    // A Strongman may carry it.
    let vell = crate::common::soldier_named(&mut team, "Trooper Vell");
    vell.ribbon = Some("strongman".into());
    assert!(
        !team
            .validate(r)
            .iter()
            .any(|p| p.character.as_deref() == Some("Trooper Vell")),
        "{:?}",
        team.validate(r)
    );
}

#[test]
fn cmp_7_a_character_already_in_the_campaign_is_never_recruited_again() {
    let r = rules();
    let (c, team) = team_campaign(r);
    let hark = soldier(&team, "Sergeant Hark");
    let origin = CharRef {
        doc: team.id.clone(),
        id: hark.id,
    };
    let member = Member::Soldier(hark.clone());
    let p = queries::recruiting(&c)
        .choice_refusal(EscortId(1), &member, &origin, r)
        .expect("refused");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-7", ProblemKind::RecruitHeld)
    );
    // The engine refuses him too.
    let cost = queries::recruiting(&c).cost(&member, r).expect("cost");
    let p = refused(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member,
            cost,
            from: Some(team.id.clone()),
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::RecruitHeld);
}

#[test]
fn kt_2_a_second_sergeant_recruited_breaks_the_escort_and_check_says_so() {
    let r = rules();
    let (c, team) = team_campaign(r);
    assert!(
        replay::validate(&c, r).is_empty(),
        "{:?}",
        replay::validate(&c, r)
    );
    // Another team's sergeant: not held, but a second sergeant (KT-2).
    let mut other = soldier(&team, "Sergeant Hark").clone();
    other.name = "Sergeant Kessel".into();
    other.id = 1;
    let origin = CharRef {
        doc: "kessels-team".into(),
        id: 1,
    };
    let member = Member::Soldier(other);
    let p = queries::recruiting(&c)
        .choice_refusal(EscortId(1), &member, &origin, r)
        .expect("greyed");
    assert_eq!(p.rule, "KT-2");
    assert_eq!(p.get("player"), Some("Camille"));
    // Recruited all the same (an older Muster did): the campaign's check
    // names the rule and the escort after the event.
    let cost = queries::recruiting(&c).cost(&member, r).expect("cost");
    let c = ok(
        &c,
        E::Reinforcements(ReinforcementEdit::Recruit {
            escort: EscortId(1),
            member,
            cost,
            from: None,
        }),
        r,
    );
    let problems = replay::validate(&c, r);
    let p = problems.iter().find(|p| p.rule == "KT-2").expect("KT-2");
    assert_eq!(p.kind, ProblemKind::InEscort);
    let line = muster::i18n::Lang::En.problem_line(p);
    assert!(line.starts_with("KT-2: Camille's escort: "), "{line}");
}

#[test]
fn kt_2_a_team_whose_sergeant_fell_breaks_no_rule_in_a_campaign() {
    let r = rules();
    let (c, _) = team_campaign(r);
    let hark = c
        .characters
        .iter()
        .find(|x| x.name() == "Sergeant Hark")
        .expect("Hark")
        .id;
    let mut dead = c.clone();
    std::sync::Arc::make_mut(
        std::sync::Arc::make_mut(&mut dead.characters)
            .iter_mut()
            .find(|x| x.id == hark)
            .expect("Hark"),
    )
    .state = muster::rules::campaign::State::Dead;
    // Neither KT-2 nor KT-1 (the team now counts fewer equivalents): a
    // campaign's escort shrinks with its dead.
    assert!(
        queries::mustering(&dead)
            .problems(EscortId(1), r, None)
            .is_empty()
    );
}
