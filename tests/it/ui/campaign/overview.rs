//! The campaign's overview and histories through the screens: the leader
//! chosen on the dashboard (CMP-17), a Cran set by hand in a character's
//! history (CMP-11), the campaign's notes, a history's advance point (CMP-13).

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Command;
use muster::rules::Document as _;
use muster::rules::ProblemKind;
use muster::rules::campaign::CampaignEdit as E;
use muster::rules::campaign::queries;

use super::{leader, ready};
use crate::common::rules;
use crate::common::type_into;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, SetupEdit};

#[test]
fn cmp_17_a_living_character_is_made_leader_from_the_dashboard() {
    let rules = rules();
    let c = ready(rules);
    assert_eq!(leader(&c).as_deref(), Some("Sergeant Hark"));
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    // The leader is said by icon and word; he has no button to become it.
    assert_eq!(h.query_all_by_label("Leader").count(), 1);
    assert!(
        h.query_by_label("Make Sergeant Hark the leader of Anne's escort")
            .is_none()
    );
    h.get_by_role_and_label(
        Role::Button,
        "Make Trooper Vell the leader of Anne's escort",
    )
    .click();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(leader(&now).as_deref(), Some("Trooper Vell"));
    assert_eq!(
        now.journal.last().map(|e| e.event.label()),
        Some("campaign.event.leader")
    );
    // Now Hark may be made leader again, Vell not, and one leader is shown.
    assert!(
        h.query_by_label("Make Sergeant Hark the leader of Anne's escort")
            .is_some()
    );
    assert!(
        h.query_by_label("Make Trooper Vell the leader of Anne's escort")
            .is_none()
    );
    assert_eq!(h.query_all_by_label("Leader").count(), 1);
}

#[test]
fn cmp_11_a_characters_cran_is_set_by_hand_in_his_history() {
    let rules = rules();
    let c = ready(rules);
    let vell = crate::common::char_id(&c, "Trooper Vell");
    let before = queries::character(&c, vell).expect("Vell").cran;
    let wanted = if before == 3 { 4 } else { 3 };
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    h.get_by_role_and_label(Role::Button, "Show Trooper Vell's history")
        .click();
    h.run();
    // The hint gives the formula's value and the die.
    assert!(
        h.query_by_label_contains(&format!(
            "By the campaign's formula it is {before} on the D10"
        ))
        .is_some()
    );
    let field = h.get_by_label("Cran of Trooper Vell");
    field.click();
    h.run();
    for _ in 0..3 {
        h.key_press(egui::Key::Backspace);
    }
    h.get_by_label("Cran of Trooper Vell")
        .type_text(&wanted.to_string());
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    let now = crate::common::the_campaign(&h);
    let x = queries::character(&now, vell).expect("Vell");
    assert_eq!(x.cran, wanted);
    assert!(x.cran_by_hand);
    assert!(matches!(
        now.journal.last().map(|e| &e.event),
        Some(E::Setup(SetupEdit::SetCran { character, cran })) if *character == vell && *cran == wanted
    ));
    assert!(h.query_by_label("Set by hand").is_some());
    // The journal agrees with the state.
    assert!(now.validate(rules).is_empty(), "{:?}", now.validate(rules));
}

#[test]
fn cmp_11_the_cran_cannot_be_set_while_the_mission_is_played() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    h.get_by_role_and_label(Role::Tab, "Overview").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Show Trooper Vell's history")
        .click();
    h.run();
    assert!(
        h.get_by_label("Cran of Trooper Vell")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.query_by_label(
            "Trooper Vell's Cran cannot be changed while the mission is played or its tests are not all settled."
        )
        .is_some()
    );
    // The journal refuses it too, whatever the view shows.
    let vell = crate::common::char_id(&c, "Trooper Vell");
    let p = crate::common::refused(
        &c,
        E::Setup(SetupEdit::SetCran {
            character: vell,
            cran: 3,
        }),
        rules,
    );
    assert_eq!(
        (p.rule.as_ref(), p.kind),
        ("CMP-11", ProblemKind::CranLocked)
    );
    // Once the mission is over with nobody out of action, it may be set.
    let done = crate::common::ok(
        &c,
        E::Debrief(DebriefEdit::EndMission {
            result: muster::rules::campaign::MissionResult {
                success: true,
                vp: 1,
            },
            played: vec![],
        }),
        rules,
    );
    let (_dir, mut h) = crate::common::campaign_shown(&done);
    h.get_by_role_and_label(Role::Tab, "Overview").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Show Trooper Vell's history")
        .click();
    h.run();
    assert!(
        !h.get_by_label("Cran of Trooper Vell")
            .accesskit_node()
            .is_disabled()
    );
    let set = crate::common::ok(
        &done,
        E::Setup(SetupEdit::SetCran {
            character: vell,
            cran: 3,
        }),
        rules,
    );
    assert_eq!(queries::character(&set, vell).expect("Vell").cran, 3);
}

#[test]
fn the_campaigns_notes_are_typed_on_the_overview_and_kept_in_the_journal() {
    let rules = rules();
    let c = ready(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    type_into(&mut h, "Campaign notes", "Hark owes Vell a drink.");
    // Nothing recorded while typing.
    assert_eq!(crate::common::the_campaign(&h).notes, "");
    // Leaving the field records it.
    h.get_by_role_and_label(Role::Tab, "Overview").click();
    h.run();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert_eq!(now.notes, "Hark owes Vell a drink.");
    assert!(matches!(
        now.journal.last().map(|e| &e.event),
        Some(E::Setup(SetupEdit::SetNotes { notes })) if notes == "Hark owes Vell a drink."
    ));
    // Undone, the field shows the notes before.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    h.run();
    assert_eq!(crate::common::the_campaign(&h).notes, "");
    let field = h.get_by_label("Campaign notes");
    assert_eq!(field.accesskit_node().value().as_deref(), Some(""));
}

#[test]
fn cmp_13_a_characters_history_shows_his_advance_point_not_anothers() {
    use muster::rules::campaign::MissionResult;
    let rules = rules();
    let mut c = crate::rules::campaign::started(&["Ada", "Bob"], rules);
    let mut rng = muster::rules::core::dice::seeded(3);
    for e in [
        E::Preparation(PreparationEdit::BeginMission),
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: true,
                vp: 0,
            },
            played: vec![],
        }),
    ] {
        c = c.apply(e, rules, &mut rng).expect("accepted").0;
    }
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    h.get_by_role_and_label(Role::Tab, "Overview").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Show Ada's history")
        .click();
    h.run();
    assert!(
        h.query_by_label("Ada comes through unwounded and gains 1 advance point.")
            .is_some()
    );
    assert!(
        h.query_by_label("Bob comes through unwounded and gains 1 advance point.")
            .is_none()
    );
    // The whole journal still has both.
    h.get_by_label("Journal of").click();
    h.run();
    h.get_by_label("Everyone").click();
    h.run();
    assert!(
        h.query_by_label("Bob comes through unwounded and gains 1 advance point.")
            .is_some()
    );
}

/// CMP-5: drawing the enemy fills the list below the buttons: "Begin the
/// mission" stays where it was when the whole escort comes, and the dice
/// field stays (greyed) once every enemy is drawn.
#[test]
fn begin_the_mission_stays_put_as_the_enemy_is_drawn() {
    let rules = rules();
    let c = super::undrawn(rules);
    assert!(c.mission.as_ref().expect("drawn").enemy.is_empty());
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let begin = |h: &egui_kittest::Harness<'_, muster::ui::Gui>| {
        h.get_by_role_and_label(Role::Button, "Begin the mission")
            .rect()
    };
    let before = begin(&h);
    h.get_by_role_and_label(Role::Button, "Draw the whole enemy escort")
        .click();
    h.run();
    let now = crate::common::the_campaign(&h);
    assert!(now.mission.as_ref().expect("drawn").enemy_complete());
    assert_eq!(begin(&h), before);
}

/// A campaign renamed by typing, the field not yet left: the status line
/// says it is not saved yet (never "All changes saved" while the file has
/// the old name); Enter saves it and says so.
#[test]
fn a_name_typed_and_not_yet_left_is_shown_as_not_saved() {
    use egui_kittest::kittest::Queryable as _;
    let rules = rules();
    let c = crate::common::band_at_the_table(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let saved = "All changes saved";
    assert!(h.query_all_by_label_contains(saved).next().is_some());
    type_into(&mut h, "Campaign name", " II");
    assert!(
        h.query_all_by_label_contains("Not saved yet")
            .next()
            .is_some(),
        "typed, not left"
    );
    assert!(h.query_all_by_label_contains(saved).next().is_none());
    h.key_press(egui::Key::Enter);
    h.run();
    h.state_mut().app.flush_saves();
    h.run();
    assert!(
        h.query_all_by_label_contains("Not saved yet")
            .next()
            .is_none()
    );
    assert!(h.query_all_by_label_contains(saved).next().is_some());
    assert!(crate::common::the_campaign(&h).name.ends_with(" II"));
}

/// A character's buttons (his history, "Make leader") stand at the foot of
/// his own card, under its last line, not under the card among the next
/// row's.
#[test]
fn a_character_s_buttons_stand_inside_his_card() {
    let rules = rules();
    let c = ready(rules);
    let (_dir, h) = crate::common::campaign_shown(&c);
    let lines: Vec<egui::Rect> = h
        .query_all_by_role(Role::Label)
        .filter(|n| {
            let n = n.accesskit_node();
            n.value()
                .or_else(|| n.label().map(|l| l.to_string()))
                .is_some_and(|t| t.contains("on the D10"))
        })
        .map(|n| n.rect())
        .collect();
    let mut seen = 0;
    for x in c.characters.iter() {
        let label = format!("Show {}'s history", x.name());
        let Some(b) = h.query_by_label(&label).map(|n| n.rect()) else {
            continue;
        };
        // The card's last line: the nearest above the button, in its column.
        let last = lines
            .iter()
            .filter(|l| l.max.y <= b.min.y && l.x_range().intersects(b.x_range()))
            .max_by(|a, b| a.max.y.total_cmp(&b.max.y))
            .expect("his card's lines above his buttons");
        assert!(
            b.min.y - last.max.y < 24.0,
            "{}: his buttons at {b:?}, {} below his card's last line {last:?}",
            x.name(),
            b.min.y - last.max.y
        );
        seen += 1;
    }
    assert!(seen >= 3, "{seen} cards seen");
}

#[test]
fn cmp_9_what_cran_is_said_on_hover_beside_each_characters_cran() {
    let rules = rules();
    let c = ready(rules);
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    h.get_all_by_label_contains(" on the D")
        .next()
        .expect("a Cran line")
        .hover();
    h.run();
    assert!(
        h.query_by_label_contains("Cran is a character's nerve")
            .is_some(),
        "the word explained on hover"
    );
}

#[test]
fn cc_4_a_recruit_without_a_weapon_is_said_unarmed_on_his_card() {
    let r = rules();
    let c = crate::common::example_campaign_at_the_table(r);
    let bare: Vec<&str> = c
        .characters
        .iter()
        .filter(|x| x.state.alive())
        .filter(|x| match &x.member {
            muster::rules::campaign::Member::Character(ch) => {
                !ch.equipment.iter().any(|g| g.kind.is_weapon())
            }
            muster::rules::campaign::Member::Soldier(_) => false,
        })
        .map(|x| x.name())
        .collect();
    assert!(bare.contains(&"Trooper Hesk"), "recruited bare: {bare:?}");
    let dir = tempfile::tempdir().expect("tempdir");
    let h = crate::common::window_on(dir.path())
        .size(1400.0, 6000.0)
        .saved(muster::rules::Doc::new(c.clone()))
        .showing(muster::app::Screen::Campaign(c.id.clone()))
        .open();
    // At the table: each unarmed character's card says so, and how to
    // arm him.
    let said = |n: &egui_kittest::kittest::AccessKitNode<'_>| {
        let words = "Unarmed: he fights with his fists (CC-4)";
        n.value().is_some_and(|v| v.contains(words)) || n.label().is_some_and(|l| l.contains(words))
    };
    let unarmed = h.query_all_by(said).count();
    let playing = c.table.as_ref().map_or(0, |t| {
        bare.iter()
            .filter(|name| {
                t.players
                    .iter()
                    .any(|p| queries::character(&c, *p).is_some_and(|x| x.name() == **name))
            })
            .count()
    });
    assert!(playing >= 1);
    assert!(unarmed >= 1, "said on Hesk's card");
}
