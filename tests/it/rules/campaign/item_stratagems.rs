//! The kill team's stratagems on a single-use item (KT-11): "Recharge"
//! pays its command points and the item is used again; the reroll makes
//! an item's die again straight after its use. Each is one event, and the
//! journal replays it.

use muster::i18n::Lang;
use muster::rules::ProblemKind;
use muster::rules::campaign::{Campaign, CampaignEdit as E, Fighter};
use muster::rules::core::dice::Roll;
use muster::rules::killteam::ItemId;
use muster::rules::killteam::item_use::Effect;

use crate::common::rules;
use crate::common::struck_off;
use crate::common::{char_id, ok, refused};
use muster::rules::campaign::{ItemEdit, TableEdit};

use super::items::{armed_team_at_the_table, lines, replays, use_item};
use muster::rules::campaign::item_use;

#[test]
fn kt_11_recharge_pays_its_command_points_and_the_item_is_used_again() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let osk = char_id(&c, "Trooper Osk");
    let points = c.escorts[0].command_points;
    assert!(points >= 2, "{points}");
    // Nothing used: nothing to recharge.
    let p = refused(
        &c,
        E::Items(ItemEdit::Recharge {
            character: osk,
            item: "chem_bomb".into(),
            cost: None,
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("KT-11", ProblemKind::RechargeNotUsed)
    );
    let c = ok(
        &c,
        use_item(osk, "chem_bomb", Some(Fighter::Enemy(0).id()), None),
        r,
    );
    let (c, shown) = lines(
        &c,
        E::Items(ItemEdit::Recharge {
            character: osk,
            item: "chem_bomb".into(),
            cost: None,
        }),
        r,
    );
    assert_eq!(
        shown,
        [format!(
            "Anne spends 2 command points on Recharge: Trooper Osk can use his Chem bomb again ({} left).",
            points - 2
        )]
    );
    assert_eq!(c.escorts[0].command_points, points - 2);
    assert!(!struck_off(&c, osk, "chem_bomb"));
    let c = ok(
        &c,
        use_item(osk, "chem_bomb", Some(Fighter::Enemy(1).id()), None),
        r,
    );
    replays(&c, r);
    // Refused with the reason when the team lacks the points.
    let poor = ok(
        &c,
        E::Table(TableEdit::SetCommandPoints {
            escort: c.escorts[0].id,
            points: 1,
        }),
        r,
    );
    let p = refused(
        &poor,
        E::Items(ItemEdit::Recharge {
            character: osk,
            item: "chem_bomb".into(),
            cost: None,
        }),
        r,
    );
    assert_eq!(p.rule, "KT-11");
    assert_eq!(
        Lang::En.problem(&p),
        "Recharge costs 2 command points; Trooper Osk's team has 1"
    );
}

/// KT-11 « Relancez n'importe quel jet de dé = 1 pt » on an item's die: the
/// medikit's D3 made again straight after the use, for the team's command
/// point; the wounded man is put back as he was and healed by the new die.
/// Never twice, never once something else has happened, never for an item
/// that rolled no die; the journal replays.
#[test]
fn kt_11_the_reroll_stratagem_makes_an_item_s_die_again() {
    let r = rules();
    let c = armed_team_at_the_table(r);
    let (dace, vell, osk) = (
        char_id(&c, "Trooper Dace"),
        char_id(&c, "Trooper Vell"),
        char_id(&c, "Trooper Osk"),
    );
    let c = ok(
        &c,
        E::Table(TableEdit::SetWounds {
            character: vell,
            wounds: 2,
        }),
        r,
    );
    let points = c.escorts[0].command_points;
    let c = ok(&c, use_item(dace, "medikit", Some(vell), Some(1)), r);
    let wounds = |c: &Campaign| {
        c.table
            .as_ref()
            .and_then(|t| t.wounds.get(&vell).copied())
            .unwrap_or(0)
    };
    assert_eq!(wounds(&c), 1, "healed 1 of 2");
    assert_eq!(
        item_use::may_reroll_item(&c, dace, &ItemId::from("medikit"), r),
        Ok(1)
    );
    let again = |face: u32| {
        E::Items(ItemEdit::RerollItem {
            character: dace,
            item: "medikit".into(),
            roll: Some(Roll::from_faces(3, vec![face], 0)),
            cost: None,
        })
    };
    let (c, shown) = lines(&c, again(3), r);
    assert!(
        shown.contains(&"Medikit (D3: 3): Trooper Vell regains 2 wounds".to_owned()),
        "{shown:?}"
    );
    assert_eq!(wounds(&c), 0, "put back to 2, then healed by the new die");
    assert_eq!(c.escorts[0].command_points, points - 1);
    let t = c.table.as_ref().expect("table");
    assert_eq!(
        t.used.get(&dace).map(|u| u.effect.clone()),
        Some(Effect::Heal(2))
    );
    assert!(
        t.struck.contains(&(dace, ItemId::from("medikit"))),
        "used once"
    );
    replays(&c, r);
    // Never twice.
    let p = refused(&c, again(2), r);
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("KT-11", ProblemKind::ItemRerollTwice)
    );
    // Unless the group's rules let a die be rolled again and again: the
    // man put back as he was before the use, healed by the newest die.
    let mut again_and_again = r.clone();
    again_and_again.killteam.command.reroll_once = false;
    let thrice = ok(&c, again(2), &again_and_again);
    assert_eq!(wounds(&thrice), 0, "2 wounds, healed 2");
    let worse = ok(&thrice, again(1), &again_and_again);
    assert_eq!(wounds(&worse), 1, "2 wounds, healed 1");
    assert_eq!(worse.escorts[0].command_points, points - 3);
    // Only straight after the use.
    let fresh = armed_team_at_the_table(r);
    let used = ok(&fresh, use_item(dace, "medikit", Some(dace), Some(1)), r);
    let later = ok(
        &used,
        E::Table(TableEdit::SetCommandPoints {
            escort: used.escorts[0].id,
            points: 3,
        }),
        r,
    );
    let p = refused(&later, again(2), r);
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("KT-11", ProblemKind::ItemRerollNotLast)
    );
    // An item that rolled no die: nothing to make again.
    let bomb = ok(
        &fresh,
        use_item(osk, "chem_bomb", Some(Fighter::Enemy(0).id()), None),
        r,
    );
    let p = refused(
        &bomb,
        E::Items(ItemEdit::RerollItem {
            character: osk,
            item: "chem_bomb".into(),
            roll: None,
            cost: None,
        }),
        r,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("KT-11", ProblemKind::ItemRerollNoDie)
    );
    // Short of points: refused with the reason.
    let poor = ok(
        &fresh,
        E::Table(TableEdit::SetCommandPoints {
            escort: fresh.escorts[0].id,
            points: 0,
        }),
        r,
    );
    let poor = ok(&poor, use_item(dace, "medikit", Some(dace), Some(1)), r);
    let p =
        item_use::may_reroll_item(&poor, dace, &ItemId::from("medikit"), r).expect_err("no point");
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("KT-11", ProblemKind::TeamLacksPoints)
    );
    let p = refused(&poor, again(2), r);
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("KT-11", ProblemKind::TeamLacksPoints)
    );
}
