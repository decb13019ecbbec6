//! The kill-team mode's close combat (KT-6, KT-9, EQ-7): two soldiers
//! taken from a team, the charger striking on his close-combat score (a
//! Brute 3+), the target's smoke making him harder to hit, and the
//! target's free response rolled with the roles swapped.

use std::path::Path;

use crate::common::rules;
use crate::common::{click, pick};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::rules::Doc;
use muster::rules::battle::Fight;
use muster::rules::battle::scenario::Scenario;
use muster::ui::Gui;

fn open(dir: &Path) -> Harness<'static, Gui> {
    open_with(dir, crate::common::example_team())
}

/// The battle screen's kill-team close combat, `team` in the library.
fn open_with(dir: &Path, team: muster::rules::KillTeam) -> Harness<'static, Gui> {
    let mut h = crate::common::window_on(dir)
        .saved(Doc::new(team))
        .size(1400.0, 3400.0)
        .showing(Screen::Battle)
        .open();
    click(&mut h, "Kill team");
    click(&mut h, "Close combat");
    h
}

/// Trooper Osk of the team picked as the charger, Trooper Vell as the
/// soldier charged.
fn osk_charges_vell(h: &mut Harness<'_, Gui>) {
    pick(
        h,
        "Take the charger from a team or a campaign",
        "Trooper Osk — Hark's Raiders",
    );
    pick(
        h,
        "Take the soldier charged from a team or a campaign",
        "Trooper Vell — Hark's Raiders",
    );
}

fn shown(h: &Harness<'_, Gui>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn kt_6_a_brute_charges_on_3_plus_and_a_smoke_bearer_is_hit_on_4_plus() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = open(dir.path());
    osk_charges_vell(&mut h);
    let m = &h.state().views.battle.shooting.melee;
    // RIB-8: Osk is a Brute: 3+ and S4 bare-handed.
    assert_eq!(m.charger().score(), 3);
    assert_eq!(m.charger().blow().s(), 4);
    assert_eq!(m.target().score(), 4);
    assert!(shown(&h, "Trooper Osk strikes"));
    assert!(shown(&h, "Trooper Vell answers, free"));
    assert!(shown(&h, "To hit 3+"), "Osk's blows");
    assert!(shown(&h, "To hit 4+"), "Vell's answer");

    // EQ-7: Vell's smoke makes Osk's blows 4+, and says so.
    h.get_by_label("Trooper Vell used a smoke grenade (-1 to hit him, EQ-7)")
        .click_accesskit();
    h.run();
    assert!(
        h.state().views.battle.shooting.melee.target().smoke(),
        "ticked"
    );
    assert!(shown(&h, "Smoke: -1 to hit him (EQ-7)"));
    assert!(!shown(&h, "To hit 3+"));

    // The charger's blows, then the free answer: each rolled as a
    // kill-team close combat, the answer with the roles swapped.
    assert!(
        shown(&h, "None yet: each roll's result"),
        "the last roll's bar"
    );
    let before = h
        .get_by_role_and_label(Role::Button, "Roll — Trooper Osk strikes")
        .rect();
    h.get_by_role_and_label(Role::Button, "Roll — Trooper Osk strikes")
        .click();
    h.run();
    // The result shows in the bar above the screen, and nothing moved.
    assert!(shown(&h, "Trooper Osk against Trooper Vell — "));
    assert_eq!(
        h.get_by_role_and_label(Role::Button, "Roll — Trooper Osk strikes")
            .rect(),
        before
    );
    h.get_by_role_and_label(Role::Button, "Roll — Trooper Vell answers, free")
        .click();
    h.run();
    let log = &h.state().app.model.battle.log;
    assert_eq!(log.len(), 2);
    let scenario = |i: usize| match &log[i].fight {
        Fight::Attack(Scenario::KillteamCloseCombat(s)) => s.clone(),
        other => panic!("{other:?}"),
    };
    let (blows, answer) = (scenario(0), scenario(1));
    assert_eq!(blows.close_combat, 3);
    assert_eq!(blows.modifiers.len(), 1, "Vell's smoke");
    assert_eq!(answer.close_combat, 4);
    assert!(answer.modifiers.is_empty());
    // Vell strikes Osk: Osk's T4 (Brute) and his armour.
    let rules = rules();
    let osk = crate::common::example_team()
        .soldiers
        .into_iter()
        .find(|s| s.name == "Trooper Osk")
        .expect("Osk");
    let d = muster::rules::killteam::derive(&rules.killteam, &osk).expect("derived");
    assert_eq!(answer.target.t, i64::from(d.profile.toughness));
    assert_eq!(answer.target.save, Some(i64::from(d.profile.save)));
    assert!(
        muster::i18n::Lang::En
            .msg(&log[1].title)
            .starts_with("Trooper Vell against Trooper Osk")
    );
}

#[test]
fn eq_19_a_charger_who_carries_a_gas_mask_ignores_the_smoke_without_a_tick() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut team = crate::common::example_team();
    {
        let osk = crate::common::soldier_named(&mut team, "Trooper Osk");
        osk.items.push(muster::rules::killteam::Carried {
            item: "gas_mask".into(),
            weapon: None,
        });
    }
    let mut h = open_with(dir.path(), team);
    osk_charges_vell(&mut h);
    h.get_by_label("Trooper Vell used a smoke grenade (-1 to hit him, EQ-7)")
        .click_accesskit();
    h.run();
    // His gear says he wears it: the smoke changes nothing, and the box
    // is ticked for him.
    assert!(shown(&h, "To hit 3+"), "Osk's blows, smoke ignored");
    assert!(!shown(&h, "Smoke: -1 to hit him (EQ-7)"));
    let mask = h.get_by_label_contains("Trooper Osk wears a gas mask");
    assert_eq!(
        mask.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
}

/// Before anyone is picked, the grenades' boxes name each side as a
/// sentence does: "The soldier charged used a smoke grenade", not
/// "Charged used …"; in French too.
#[test]
fn eq_7_the_boxes_of_an_unnamed_fighter_read_as_a_sentence() {
    for (lang, smoke, mask) in [
        (
            muster::i18n::Lang::En,
            "The soldier charged used a smoke grenade (-1 to hit him, EQ-7)",
            "The charger wears a gas mask",
        ),
        (
            muster::i18n::Lang::Fr,
            "Le soldat chargé a lancé un fumigène (-1 pour le toucher, EQ-7)",
            "L'assaillant porte un masque à gaz",
        ),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .size(1400.0, 3400.0)
            .showing(Screen::Battle)
            .open();
        click(&mut h, lang.t("battle.shooting"));
        click(&mut h, lang.t("battle.kt.attack.close_combat"));
        assert!(h.query_by_label(smoke).is_some(), "{smoke}");
        assert!(
            h.query_all_by_label_contains(mask).next().is_some(),
            "{mask}"
        );
    }
}
