//! Mines laid from the campaign table (EQ-11, RIB-5): "Lay", then "goes
//! off on…" the enemy picked, at once when the activation that laid it
//! ends, greyed on the enemy's turn with why; the buttons kept inside the
//! card in French; a Deminer removing a mine laid there.

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::rules::ProblemKind;
use muster::rules::campaign::acts;
use muster::rules::campaign::{CampaignEdit as E, Fighter};

use super::items::{enemy_name, shows, wounds};
use crate::common::rules;
use crate::common::type_into;
use crate::common::{button, char_id, ok, the_campaign};
use crate::rules::campaign::items::armed_team_at_the_table;
use muster::rules::campaign::{ItemEdit, TurnEdit};

#[test]
fn eq_11_lay_a_mine_then_it_goes_off_on_the_enemy_picked() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Lay Mine (Trooper Rusk)");
    assert!(shows(&h, "Mine laid: it goes off on a model within 3\""));
    // EQ-11: not in the activation that laid it.
    assert!(
        h.get_by_label("Mine goes off on… (Trooper Rusk)")
            .accesskit_node()
            .is_disabled()
    );
    assert!(shows(
        &h,
        "EQ-11: Mine goes off only from the end of the activation that laid it"
    ));
    crate::common::begin_turn(&mut h, 2);
    button(&mut h, "Mine goes off on… (Trooper Rusk)");
    type_into(&mut h, "Die for Mine (Trooper Rusk): D3", "1");
    let enemy = enemy_name(&c);
    button(&mut h, &format!("Mine (Trooper Rusk) on {enemy}"));
    let now = the_campaign(&h);
    assert_eq!(wounds(&now, Fighter::Enemy(0).id()), 1);
    assert!(now.table.as_ref().expect("table").laid.is_empty());
    assert!(shows(
        &h,
        &format!("Mine (D3: 1): {enemy} suffers 1 mortal wound")
    ));
    // Gone off once: no second explosion is offered.
    assert!(
        h.query_by_label("Mine goes off on… (Trooper Rusk)")
            .is_none()
    );
}

/// EQ-11 with KT-9: a guardsman who laid a mine and moved ends his
/// activation from his Act… menu, one action still untaken: the mine may go off at once,
/// and the action he did not take is lost (a guardsman is activated once a
/// turn), the refusal naming why.
#[test]
fn eq_11_kt_9_ending_the_activation_that_laid_a_mine_lets_it_go_off() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Lay Mine (Trooper Rusk)");
    assert!(
        h.get_by_label("Mine goes off on… (Trooper Rusk)")
            .accesskit_node()
            .is_disabled()
    );
    // Laid as he moves: his activation's first action.
    button(&mut h, "Act: Trooper Rusk");
    button(&mut h, "Move: Trooper Rusk");
    button(&mut h, "Act: Trooper Rusk");
    button(&mut h, "End of this activation: Trooper Rusk");
    assert!(
        !h.get_by_label("Mine goes off on… (Trooper Rusk)")
            .accesskit_node()
            .is_disabled(),
        "his activation is over: the mine is armed"
    );
    assert!(shows(&h, "Trooper Rusk ends his activation."));
    let rusk = muster::rules::campaign::CharId(
        the_campaign(&h)
            .characters
            .iter()
            .find(|x| x.name() == "Trooper Rusk")
            .expect("Rusk")
            .id
            .0,
    );
    let p = acts::may_act(
        &the_campaign(&h),
        rusk,
        muster::rules::killteam::activation::Act::Move,
        rules,
    )
    .expect_err("his second action is lost");
    assert_eq!(p.kind, ProblemKind::ActivationEnded);
    assert!(
        muster::i18n::Lang::En
            .problem(&p)
            .contains("the actions he did not take are lost")
    );
}

#[test]
fn the_mines_buttons_stay_in_place_and_inside_its_card_in_french() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = crate::common::window_on(dir.path())
        .lang(muster::i18n::Lang::Fr)
        .size(1400.0, 4000.0)
        .on_campaign(&c)
        .open();
    h.run();
    let card = h.get_by_label("Utilisé : Mine").rect();
    let lay = h.get_by_label("Poser Mine (Trooper Rusk)").rect();
    // RIB-6: Rusk, an Explosives expert, lays his two mines.
    button(&mut h, "Poser Mine (Trooper Rusk)");
    assert!(h.query_by_label("1 sur 2 restant").is_some());
    assert_eq!(h.get_by_label("Poser Mine (Trooper Rusk)").rect(), lay);
    button(&mut h, "Poser Mine (Trooper Rusk)");
    // Where "Lay" was clicked, "Lay" still, greyed: nothing new under the
    // mouse; what it adds comes after it, within the card's 280 points.
    let after = h.get_by_label("Poser Mine (Trooper Rusk)");
    assert_eq!(after.rect(), lay);
    assert!(after.accesskit_node().is_disabled());
    for added in [
        "Mine explose sur… (Trooper Rusk)",
        "Recharger Mine (Trooper Rusk)",
    ] {
        let r = h.get_by_label(added).rect();
        assert!(!r.intersects(lay), "{added} over Lay");
        assert!(
            r.right() <= card.left() + 280.0 + 1.0,
            "{added} {r:?} leaves the card at {card:?}"
        );
    }
}

/// RIB-5 « les mines adverses » at a campaign's table, where the drawn
/// enemy lays none: a Deminer removes any mine laid there, a team-mate's
/// included (Decision, in the data's note, and the ribbon's text says so),
/// with no action, in one event; anyone else is refused by the engine,
/// naming the rule.
#[test]
fn rib_5_a_deminer_removes_a_laid_mine_from_the_table() {
    let rules = rules();
    let deminer = rules.killteam.ribbon("deminer").expect("Deminer");
    for lang in ["en", "fr"] {
        let text = &deminer.text[lang];
        assert!(
            text.contains("campaign's table") || text.contains("table d'une campagne"),
            "{text}"
        );
    }
    let mut team = crate::common::example_team();
    let nim = crate::common::soldier_named(&mut team, "Trooper Nim");
    nim.ribbon = Some("deminer".into());
    let c = crate::common::team_at_the_table(&team, rules, |_| vec![]);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    assert!(
        h.query_by_label("Trooper Nim removes Trooper Rusk's mine")
            .is_none(),
        "none laid yet"
    );
    button(&mut h, "Lay Mine (Trooper Rusk)");
    button(&mut h, "Trooper Nim removes Trooper Rusk's mine");
    let now = the_campaign(&h);
    assert!(now.table.as_ref().expect("table").laid.is_empty());
    assert!(
        h.query_by_label("Mine goes off on… (Trooper Rusk)")
            .is_none()
    );
    assert!(
        h.query_by_label("Trooper Nim removes Trooper Rusk's mine")
            .is_none()
    );
    // Nobody but a Deminer may.
    let rusk = char_id(&now, "Trooper Rusk");
    let dace = char_id(&now, "Trooper Dace");
    let laid = ok(
        &c,
        E::Items(ItemEdit::UseItem {
            character: rusk,
            item: "mine".into(),
            target: None,
            roll: None,
        }),
        rules,
    );
    let refused = muster::rules::Document::apply(
        &laid,
        E::Items(ItemEdit::RemoveMine {
            character: dace,
            bearer: rusk,
            item: "mine".into(),
        }),
        rules,
        &mut muster::rules::core::dice::seeded(1),
    )
    .expect_err("Dace is no Deminer");
    assert_eq!(refused.rule, "RIB-5");
    // The journal plays it again.
    assert!(now.replay(rules).is_ok());
}

/// EQ-11 on the table: once Dace has activated, it is the enemy's turn
/// (KT-8): Rusk's "Lay" is greyed with why, beside it.
#[test]
fn eq_11_lay_is_greyed_on_the_enemy_s_turn_with_why() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let dace = char_id(&c, "Trooper Dace");
    let c = ok(
        &c,
        E::Turn(TurnEdit::Act {
            character: dace,
            act: muster::rules::killteam::activation::Act::Move,
        }),
        rules,
    );
    let (_dir, h) = crate::common::campaign_shown(&c);
    let lay = h.get_by_label("Lay Mine (Trooper Rusk)");
    assert!(lay.accesskit_node().is_disabled());
    assert!(shows(
        &h,
        "Trooper Rusk lays a Mine only during his activation"
    ));
}

/// EQ-11: the die of a mine going off is a field to type the table's die
/// in, and says so beside it, not a bare "D3" that reads as a label.
#[test]
fn eq_11_the_mine_s_die_field_says_what_to_type() {
    let rules = rules();
    let c = armed_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    button(&mut h, "Lay Mine (Trooper Rusk)");
    crate::common::begin_turn(&mut h, 2);
    button(&mut h, "Mine goes off on… (Trooper Rusk)");
    assert!(shows(
        &h,
        "Your D3 rolled at the table (empty: Muster rolls it):"
    ));
}
