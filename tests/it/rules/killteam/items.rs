//! Single-use items used at the table, the pure rule (EQ-6 medikit, EQ-10
//! flash grenade, EQ-11 mine, EQ-15 chem bomb, EQ-19 gas mask, EQ-23
//! knife): what each rolls and does, whom it may be used on, and why a use
//! is refused.

use crate::common::rules;
use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::core::dice::{Roll, seeded};
use muster::rules::core::names::Names;
use muster::rules::killteam::ItemId;
use muster::rules::killteam::item_use::{Ask, Effect, Relation, Target, Used, use_item};

fn named(name: &str) -> Names {
    Names::from([("en".to_owned(), name.to_owned())])
}

/// Hark uses `item` on `target` (his relation, items, wounds taken), the
/// die `given` or seeded.
fn used(
    item: &str,
    target: Option<(&str, Relation, &[ItemId], u32)>,
    given: Option<Roll>,
) -> Result<Used, muster::rules::Problem> {
    let r = rules();
    let item = ItemId::from(item);
    let ask = Ask {
        item: &item,
        bearer: "Hark",
        carried: true,
        struck: false,
        laid: false,
        target: target.map(|(name, relation, items, wounds)| Target {
            names: named(name),
            relation,
            items,
            wounds,
            out: false,
        }),
    };
    use_item(&r.killteam, &ask, given, &mut seeded(3))
}

fn die(sides: u32, face: u32) -> Option<Roll> {
    Some(Roll::from_faces(sides, vec![face], 0))
}

#[test]
fn eq_6_the_medikit_heals_a_team_mate_1d3_never_past_his_wounds() {
    let u = used(
        "medikit",
        Some(("Vask", Relation::TeamMate, &[], 3)),
        die(3, 2),
    )
    .expect("on a team-mate");
    assert_eq!(u.effect, Effect::Heal(2));
    assert!(u.action, "an action");
    assert_eq!(u.rolls.len(), 1, "the die kept");
    assert_eq!(u.rolls[0].roll.faces, vec![2]);
    assert_eq!(
        Lang::En.msg(&u.msg),
        "Medikit (D3: 2): Vask regains 2 wounds"
    );
    // Never below none taken: 3 rolled, 1 lost.
    let u = used(
        "medikit",
        Some(("Hark", Relation::Bearer, &[], 1)),
        die(3, 3),
    )
    .expect("on the bearer");
    assert_eq!(u.effect, Effect::Heal(1));
    // Rolled by Muster: a D3, kept.
    let u = used("medikit", Some(("Vask", Relation::TeamMate, &[], 3)), None).expect("rolled");
    let r = u.roll.expect("a die");
    assert_eq!((r.sides, r.faces.len()), (3, 1));
    assert_eq!(u.effect, Effect::Heal(r.faces[0]));
}

#[test]
fn eq_6_the_medikit_is_refused_on_an_enemy_and_a_die_that_is_no_d3() {
    let p =
        used("medikit", Some(("Ork", Relation::Other, &[], 1)), None).expect_err("not on an enemy");
    assert_eq!(p.rule, "EQ-6");
    assert_eq!(
        Lang::En.problem(&p),
        "Hark's Medikit cannot be used on Ork: only on the bearer or a team-mate"
    );
    let p = used(
        "medikit",
        Some(("Vask", Relation::TeamMate, &[], 1)),
        die(6, 5),
    )
    .expect_err("a D6 is no D3");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("EQ-6", ProblemKind::DiceDoNotFit)
    );
    let p = used("medikit", None, None).expect_err("a target is needed");
    assert_eq!(p.kind, ProblemKind::NoTarget);
}

#[test]
fn eq_6_a_struck_or_missing_item_is_refused_with_its_reason() {
    let r = rules();
    let mut ask = Ask {
        item: &ItemId::from("medikit"),
        bearer: "Hark",
        carried: true,
        struck: true,
        laid: false,
        target: Some(Target {
            names: named("Vask"),
            relation: Relation::TeamMate,
            items: &[],
            wounds: 1,
            out: false,
        }),
    };
    let p = use_item(&r.killteam, &ask, None, &mut seeded(1)).expect_err("used");
    assert_eq!(p.rule, "EQ-6");
    assert_eq!(Lang::En.problem(&p), "Hark has already used his Medikit");
    ask.struck = false;
    ask.carried = false;
    let p = use_item(&r.killteam, &ask, None, &mut seeded(1)).expect_err("not carried");
    assert_eq!(Lang::En.problem(&p), "Hark carries no Medikit");
    // An item that does nothing at the table by itself is refused too.
    ask.carried = true;
    let armour = ItemId::from("armour");
    ask.item = &armour;
    let p = use_item(&r.killteam, &ask, None, &mut seeded(1)).expect_err("armour");
    assert_eq!(p.kind, ProblemKind::NotUsable);
}

#[test]
fn eq_10_the_flash_grenade_dazzles_its_target_and_a_gas_mask_ignores_it() {
    let u = used(
        "flash_grenade",
        Some(("Ork", Relation::Other, &[], 0)),
        None,
    )
    .expect("on an enemy");
    assert_eq!(u.effect, Effect::Dazzled);
    assert!(u.action && u.roll.is_none(), "hits automatically");
    assert_eq!(
        Lang::En.msg(&u.msg),
        "Flash grenade: Ork is dazzled: cannot move, -1 to hit, this turn"
    );
    // EQ-19: a gas mask, and it says so.
    let mask = [ItemId::from("gas_mask")];
    let u = used(
        "flash_grenade",
        Some(("Vask", Relation::Other, &mask, 0)),
        None,
    )
    .expect("thrown all the same");
    assert_eq!(u.effect, Effect::Ignored("gas_mask".into()));
    assert_eq!(
        Lang::En.msg(&u.msg),
        "Flash grenade: Vask ignores it, thanks to the Gas mask"
    );
    // Never at the thrower himself.
    let p = used(
        "flash_grenade",
        Some(("Hark", Relation::Bearer, &[], 0)),
        None,
    )
    .expect_err("not himself");
    assert_eq!(p.rule, "EQ-10");
}

#[test]
fn eq_11_a_mine_is_laid_with_no_action_then_goes_off_once_for_1d3_mortal_wounds() {
    let r = rules();
    let mut ask = Ask {
        item: &ItemId::from("mine"),
        bearer: "Rusk",
        carried: true,
        struck: false,
        laid: false,
        target: None,
    };
    let u = use_item(&r.killteam, &ask, None, &mut seeded(1)).expect("laid");
    assert_eq!(u.effect, Effect::Laid);
    assert!(!u.action, "no action");
    // Going off before it is laid is refused.
    let friend = Target {
        names: named("Vask"),
        relation: Relation::TeamMate,
        items: &[],
        wounds: 0,
        out: false,
    };
    ask.target = Some(friend.clone());
    let p = use_item(&r.killteam, &ask, None, &mut seeded(1)).expect_err("not laid");
    assert_eq!((p.rule.as_ref(), p.kind), ("EQ-11", ProblemKind::LayFirst));
    // Laid (and so struck), it goes off on a friend too: 1D3 mortal wounds.
    ask.struck = true;
    ask.laid = true;
    let u = use_item(&r.killteam, &ask, die(3, 3), &mut seeded(1)).expect("goes off");
    assert_eq!(u.effect, Effect::Wounds(3));
    assert!(!u.action);
    assert_eq!(
        Lang::En.msg(&u.msg),
        "Mine (D3: 3): Vask suffers 3 mortal wounds"
    );
}

#[test]
fn eq_15_the_chem_bomb_causes_1_mortal_wound_and_a_gas_mask_ignores_it() {
    let u = used("chem_bomb", Some(("Ork", Relation::Other, &[], 0)), None).expect("thrown");
    assert_eq!(u.effect, Effect::Wounds(1));
    assert!(u.action && u.rolls.is_empty(), "no dice: always 1");
    assert_eq!(
        Lang::En.msg(&u.msg),
        "Chem bomb: Ork suffers 1 mortal wound"
    );
    let mask = [ItemId::from("gas_mask")];
    let u = used("chem_bomb", Some(("Vask", Relation::Other, &mask, 0)), None).expect("masked");
    assert_eq!(u.effect, Effect::Ignored("gas_mask".into()));
}

#[test]
fn eq_23_the_knife_is_thrown_with_no_action_for_1_mortal_wound_and_no_mask_stops_it() {
    let mask = [ItemId::from("gas_mask")];
    let u = used("knife", Some(("Ork", Relation::Other, &mask, 0)), None).expect("thrown");
    assert_eq!(u.effect, Effect::Wounds(1), "a gas mask is no help");
    assert!(!u.action, "no action");
    let p = used("knife", Some(("Hark", Relation::Bearer, &[], 0)), None).expect_err("himself");
    assert_eq!(p.rule, "EQ-23");
}

#[test]
fn eq_15_a_target_out_of_action_is_refused() {
    let r = rules();
    let ask = Ask {
        item: &ItemId::from("chem_bomb"),
        bearer: "Hark",
        carried: true,
        struck: false,
        laid: false,
        target: Some(Target {
            names: named("Ork"),
            relation: Relation::Other,
            items: &[],
            wounds: 1,
            out: true,
        }),
    };
    let p = use_item(&r.killteam, &ask, None, &mut seeded(1)).expect_err("out");
    assert_eq!((p.rule.as_ref(), p.kind), ("EQ-15", ProblemKind::TargetOut));
}
