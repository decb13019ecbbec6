//! CMP-14's guide: once hired, he leads up to three characters of the
//! escort in the next mission; each must be able to play it, wear no armour
//! better than the data's save (a kill-team soldier: carry none of its
//! armour items) and be worth no more than its points.

use muster::rules::ProblemKind;
use muster::rules::RulesData;
use muster::rules::campaign::queries;
use muster::rules::campaign::{Campaign, CampaignEdit as E};

use crate::common::rules;
use crate::common::{char_id, ok, refused};
use muster::rules::campaign::DebriefEdit;

/// The example kill team at the table, a guide hired (as the recon and
/// the payment would have left it).
pub(crate) fn guided_team(r: &RulesData) -> Campaign {
    let mut c = crate::common::example_team_at_the_table(r);
    c.guide = true;
    c
}

#[test]
fn cmp_14_the_guide_leads_up_to_three_who_qualify() {
    let r = rules();
    let c = guided_team(r);
    let hark = char_id(&c, "Sergeant Hark");
    let nim = char_id(&c, "Trooper Nim");
    let dace = char_id(&c, "Trooper Dace");
    let rusk = char_id(&c, "Trooper Rusk");
    let osk = char_id(&c, "Trooper Osk");
    // Three who qualify are led, and the journal names them.
    let led = ok(
        &c,
        E::Debrief(DebriefEdit::Guide {
            characters: vec![hark, nim, dace],
        }),
        r,
    );
    assert_eq!(led.guided, vec![hark, nim, dace]);
    assert_eq!(led.journal.len(), c.journal.len() + 1);
    // A fourth is one too many.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::Guide {
            characters: vec![hark, nim, dace, rusk],
        }),
        r,
    );
    assert_eq!(p.rule, "CMP-14");
    assert_eq!(p.kind, ProblemKind::GuideTooMany);
    // Osk carries armour (EQ-24): too heavy.
    let p = refused(
        &c,
        E::Debrief(DebriefEdit::Guide {
            characters: vec![osk],
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::GuideItem);
    assert_eq!(
        queries::debriefing(&c)
            .guide_refusal(osk, r)
            .map(|p| p.kind),
        Some(ProblemKind::GuideItem)
    );
    // Hark, led, takes armour later: he stays led (and may be taken off),
    // and the list can still change around him.
    let mut armoured = led.clone();
    {
        use muster::rules::campaign::Member;
        let x = std::sync::Arc::make_mut(&mut armoured.characters)
            .iter_mut()
            .find(|x| x.id == hark)
            .expect("Hark");
        let Member::Soldier(s) = &mut std::sync::Arc::make_mut(x).member else {
            panic!("a soldier");
        };
        s.items.push(muster::rules::killteam::Carried {
            item: "armour".into(),
            weapon: None,
        });
    }
    assert!(
        queries::debriefing(&armoured)
            .guide_refusal(hark, r)
            .is_some()
    );
    let more = ok(
        &armoured,
        E::Debrief(DebriefEdit::Guide {
            characters: vec![hark, nim],
        }),
        r,
    );
    assert_eq!(more.guided, vec![hark, nim]);
    let fewer = ok(
        &more,
        E::Debrief(DebriefEdit::Guide {
            characters: vec![nim],
        }),
        r,
    );
    assert_eq!(fewer.guided, vec![nim]);
    // Adding him back now is refused: he no longer qualifies.
    let p = refused(
        &fewer,
        E::Debrief(DebriefEdit::Guide {
            characters: vec![nim, hark],
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::GuideItem);
    // Without a guide hired, nobody is led.
    let mut none = c.clone();
    none.guide = false;
    let p = refused(
        &none,
        E::Debrief(DebriefEdit::Guide {
            characters: vec![nim],
        }),
        r,
    );
    assert_eq!(p.kind, ProblemKind::NoGuideHired);
}

#[test]
fn cmp_14_the_guide_refuses_a_character_worth_too_much_or_out_of_the_mission() {
    let r = rules();
    let mut c = guided_team(r);
    let hark = char_id(&c, "Sergeant Hark");
    // Worth: what he would cost as a recruit (10 per soldier equivalent).
    let worth = queries::recruiting(&c)
        .cost(
            &c.characters
                .iter()
                .find(|x| x.id == hark)
                .expect("Hark")
                .member,
            r,
        )
        .expect("a cost");
    assert!(worth <= 30, "{worth}");
    // With the limit under his worth (a user's data), he is refused.
    let mut rates = queries::rates(&c, &r.campaign).into_owned();
    rates.recon.guide_max_worth = worth - 1;
    c.rates = Some(std::sync::Arc::new(rates));
    let p = queries::debriefing(&c)
        .guide_refusal(hark, r)
        .expect("refused");
    assert_eq!(p.kind, ProblemKind::GuideWorth);
    assert!(
        crate::common::refused(
            &c,
            E::Debrief(DebriefEdit::Guide {
                characters: vec![hark]
            }),
            r
        )
        .kind
            == p.kind
    );
    // One left out of the mission at the table cannot be led.
    let rusk = char_id(&c, "Trooper Rusk");
    let mut benched = c.clone();
    benched
        .table
        .as_mut()
        .expect("at the table")
        .players
        .retain(|&p| p != rusk);
    assert_eq!(
        queries::debriefing(&benched)
            .guide_refusal(rusk, r)
            .map(|p| p.kind),
        Some(ProblemKind::GuideCannotPlay)
    );
    // One who misses the mission cannot be led.
    let nim = char_id(&c, "Trooper Nim");
    std::sync::Arc::make_mut(
        std::sync::Arc::make_mut(&mut c.characters)
            .iter_mut()
            .find(|x| x.id == nim)
            .expect("Nim"),
    )
    .misses_next = true;
    assert_eq!(
        queries::debriefing(&c)
            .guide_refusal(nim, r)
            .map(|p| p.kind),
        Some(ProblemKind::GuideCannotPlay)
    );
}

#[test]
fn cmp_14_a_rogue_trader_character_in_armour_is_too_heavy_for_the_guide() {
    let r = rules();
    let mut c = crate::common::example_campaign_at_the_table(r);
    c.guide = true;
    // Hesk, worth little, qualifies in his plain clothes.
    let hesk = char_id(&c, "Trooper Hesk");
    assert_eq!(queries::debriefing(&c).guide_refusal(hesk, r), None);
    // In flak armour (6+) he is too heavy, and the refusal names the save.
    {
        use muster::rules::campaign::Member;
        use muster::rules::characters::equipment::{Gear, GearKind};
        let x = std::sync::Arc::make_mut(&mut c.characters)
            .iter_mut()
            .find(|x| x.id == hesk)
            .expect("Hesk");
        let Member::Character(ch) = &mut std::sync::Arc::make_mut(x).member else {
            panic!("a Rogue Trader character");
        };
        let mut flak = Gear::new("Flak armour", GearKind::Armour);
        flak.save = Some(6);
        ch.equipment.push(flak);
    }
    let p = queries::debriefing(&c)
        .guide_refusal(hesk, r)
        .expect("refused");
    assert_eq!(p.kind, ProblemKind::GuideArmour);
    let line = muster::i18n::Lang::En.problem_line(&p);
    assert!(
        line.contains("his armour saves on 6+, better than 7+"),
        "{line}"
    );
    // Vael, a major hero, is too heavy in his carapace armour, and out of
    // it still worth more than the guide's 30 points.
    let vael = char_id(&c, "Inquisitor Vael");
    assert_eq!(
        queries::debriefing(&c)
            .guide_refusal(vael, r)
            .map(|p| p.kind),
        Some(ProblemKind::GuideArmour)
    );
    {
        use muster::rules::campaign::Member;
        use muster::rules::characters::equipment::GearKind;
        let x = std::sync::Arc::make_mut(&mut c.characters)
            .iter_mut()
            .find(|x| x.id == vael)
            .expect("Vael");
        let Member::Character(ch) = &mut std::sync::Arc::make_mut(x).member else {
            panic!("a Rogue Trader character");
        };
        ch.equipment.retain(|g| g.kind != GearKind::Armour);
    }
    assert_eq!(
        queries::debriefing(&c)
            .guide_refusal(vael, r)
            .map(|p| p.kind),
        Some(ProblemKind::GuideWorth)
    );
    // The dead are never led.
    let dall = char_id(&c, "Trooper Dall");
    assert_eq!(
        queries::debriefing(&c)
            .guide_refusal(dall, r)
            .map(|p| p.kind),
        Some(ProblemKind::GuideCannotPlay)
    );
}

#[test]
fn cmp_14_a_soldier_with_a_shield_is_as_heavy_as_one_in_armour() {
    let r = rules();
    let mut c = guided_team(r);
    let nim = char_id(&c, "Trooper Nim");
    assert_eq!(queries::debriefing(&c).guide_refusal(nim, r), None);
    {
        use muster::rules::campaign::Member;
        let x = std::sync::Arc::make_mut(&mut c.characters)
            .iter_mut()
            .find(|x| x.id == nim)
            .expect("Nim");
        let Member::Soldier(s) = &mut std::sync::Arc::make_mut(x).member else {
            panic!("a soldier");
        };
        // A shield gives a 3+ save (EQ-26), better than armour's +1 (EQ-24).
        s.items = vec![muster::rules::killteam::Carried {
            item: "shield".into(),
            weapon: None,
        }];
    }
    let p = queries::debriefing(&c)
        .guide_refusal(nim, r)
        .expect("refused");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-14", ProblemKind::GuideItem)
    );
    let line = muster::i18n::Lang::En.problem_line(&p);
    assert!(line.contains("carries Shield"), "{line}");
}

/// Whether the event `e` is refused, and with what.
fn refusal_of(c: &Campaign, e: E, r: &RulesData) -> Option<muster::rules::Problem> {
    let mut rng = muster::rules::core::dice::seeded(7);
    muster::rules::Document::apply(c, e, r, &mut rng).err()
}

#[test]
fn cmp_14_hiring_the_guide_is_refused_by_the_question_as_by_the_event() {
    use muster::rules::campaign::{Debrief, Phase};
    let r = rules();
    let mut c = crate::common::example_team_at_the_table(r);
    let anne = c.escorts[0].id;
    let hire = || E::Debrief(DebriefEdit::HireGuide { escort: anne });
    // At the table: not the debrief yet.
    let asked = queries::debriefing(&c).hire_guide_refusal(anne, r);
    assert!(asked.is_some());
    assert_eq!(asked, refusal_of(&c, hire(), r));
    // After the mission, the guide not offered.
    c.phase = Phase::Debrief;
    c.debrief = Some(Debrief::default());
    let asked = queries::debriefing(&c)
        .hire_guide_refusal(anne, r)
        .expect("not offered");
    assert_eq!(asked.kind, ProblemKind::NoGuide);
    assert_eq!(Some(asked), refusal_of(&c, hire(), r));
    // Offered, the escort without his price.
    c.debrief = Some(Debrief {
        guide_offered: true,
        ..Debrief::default()
    });
    c.pool = 0;
    c.escorts[0].reinforcement = 0;
    let asked = queries::debriefing(&c)
        .hire_guide_refusal(anne, r)
        .expect("too poor");
    assert_eq!(asked.kind, ProblemKind::NotEnoughPoints);
    assert_eq!(Some(asked), refusal_of(&c, hire(), r));
    // With it: the question and the event agree he may.
    let cost = queries::rates(&c, &r.campaign).recon.guide_cost;
    c.pool = cost;
    c.escorts[0].reinforcement = cost;
    assert_eq!(queries::debriefing(&c).hire_guide_refusal(anne, r), None);
    let hired = ok(&c, hire(), r);
    assert!(hired.guide);
    // Hired: not twice.
    let asked = queries::debriefing(&hired)
        .hire_guide_refusal(anne, r)
        .expect("hired");
    assert_eq!(asked.kind, ProblemKind::GuideHired);
}
