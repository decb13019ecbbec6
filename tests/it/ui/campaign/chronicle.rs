//! The Chronicle tab: the example campaign's story as its journal tells
//! it, its VP drawn and said in words, and a fallen character's name that
//! opens his history.

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use muster::app::Screen;
use muster::rules::Doc;
use muster::rules::campaign::queries;

use crate::common::{example_campaign_at_the_table, rules};

/// The example campaign's Chronicle tab, in a window of `size`.
fn chronicle_of_the_example(
    dir: &std::path::Path,
    (width, height): (f32, f32),
) -> (
    muster::rules::campaign::Campaign,
    egui_kittest::Harness<'static, muster::ui::Gui>,
) {
    let c = example_campaign_at_the_table(rules());
    let mut h = crate::common::window_on(dir)
        .size(width, height)
        .saved(Doc::new(c.clone()))
        .showing(Screen::Campaign(c.id.clone()))
        .open();
    h.get_by_role_and_label(Role::Tab, "Chronicle").click();
    crate::common::until_the_story_is_told(&mut h);
    (c, h)
}

/// Shows the story's chart named `chart`, from the row above it.
fn pick_chart(h: &mut egui_kittest::Harness<'static, muster::ui::Gui>, chart: &str) {
    h.get_by_role_and_label(Role::RadioButton, &format!("Show the chart of {chart}"))
        .click();
    h.run();
}

#[test]
fn cmp_9_cmp_13_the_chronicle_tells_the_example_s_missions_and_its_dead() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (c, mut h) = chronicle_of_the_example(dir.path(), (1280.0, 4000.0));
    let threshold = c.settings.vp_threshold;
    assert!(
        h.query_by_label_contains(&format!(
            "3 missions played · {} VP, the Final at {threshold} · 1 fallen",
            c.vp
        ))
        .is_some()
    );
    // The VP chart, said in words for a screen reader.
    // The VP the first mission did not earn: Oriel's clue on recon
    // (CMP-14), said in the words and on the mission's card.
    let words = format!(
        "Victory points held after each mission: 3, 4, 4 (the Final at {threshold}). \
         Besides the missions' results: 1 VP found on recon after mission 1."
    );
    assert!(
        h.query_by_label("+1 VP from a clue found on recon")
            .is_some()
    );
    assert!(
        h.query_all_by_label(&words)
            .any(|n| format!("{n:?}").contains("Image")),
        "the chart is named by its numbers"
    );
    // The escorts' strength after each mission (CMP-16: the pool), one
    // chart at a time, picked above it.
    pick_chart(&mut h, "The escorts' strength");
    assert!(
        h.query_all_by_label(
            "Models alive after each mission: 12, 12, 11; reinforcement points: 20, 60, 100."
        )
        .any(|n| format!("{n:?}").contains("Image")),
        "the strength chart is named by its numbers"
    );
    // The Cran tests after each mission, their outcomes stacked and said
    // (CMP-9).
    pick_chart(&mut h, "Cran tests");
    let cran = "Cran tests: after mission 1, no test; after mission 2, 2 lightly wounded; \
                after mission 3, 1 lightly wounded, 1 seriously wounded, 1 fallen.";
    assert!(
        h.query_all_by_label(cran)
            .any(|n| format!("{n:?}").contains("Image")),
        "the Cran chart is named by its numbers"
    );
    // Each mission, its result; the fallen named with how.
    assert!(
        h.query_by_label_contains("Objective met · 2 VP earned (3 held)")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Objective failed · 0 VP earned (4 held)")
            .is_some()
    );
    assert!(h.query_by_label_contains("Being played").is_some());
    assert!(
        h.query_by_label_contains("Joined: Trooper Hesk, Trooper Dall")
            .is_some()
    );
    assert!(h.query_by_label_contains("1 fate point spent").is_some());
    // Dall's name follows him into his history.
    h.get_by_role_and_label(Role::Link, "Follow Trooper Dall in his history")
        .click();
    h.run();
    let view = &h.state().views.campaign;
    assert!(view.journal.character().is_some(), "his history shown");
    // His service record heads it, as the story tells it.
    assert!(h.query_by_label("Joined after mission 1").is_some());
    assert!(
        h.query_by_label("Fell in mission 3: dead (Cran test)")
            .is_some()
    );
    // What he did: the missions he played, his test, the fate point spent
    // on him (CMP-12).
    for line in [
        "Played 2 missions (2, 3)",
        "Cran tests: after mission 3: dead",
        "1 fate point spent on him (after mission 3)",
    ] {
        assert!(h.query_by_label(line).is_some(), "{line}");
    }
    // His gear is shown as it was, with nothing offered to add to it.
    assert!(
        h.query_by_label_contains("Trooper Dall is no longer in the escort")
            .is_some()
    );
    assert!(h.query_by_label("New item").is_none());
    assert!(h.query_by_label_contains("from the armoury").is_none());
}

#[test]
fn a_missions_card_opens_its_events_in_the_journal_and_only_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_, mut h) = chronicle_of_the_example(dir.path(), (1280.0, 4000.0));
    h.get_by_role_and_label(Role::Button, "The events of mission 2 in the journal")
        .click();
    h.run();
    assert_eq!(h.state().views.campaign.journal.mission(), Some(2));
    // Mission 2's heading only, each of its events shown.
    assert!(h.query_all_by_label_contains("Mission 2").count() >= 1);
    assert!(h.query_by_label("Mission 3").is_none());
    assert!(h.query_by_label("Mission 1").is_none());
    // Back to every mission.
    h.get_by_role_and_label(Role::Button, "Show every mission's events")
        .click();
    h.run();
    assert_eq!(h.state().views.campaign.journal.mission(), None);
    assert!(h.query_by_label("Mission 3").is_some());
}

#[test]
fn the_journal_opened_from_the_chronicle_starts_at_its_own_top() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_, mut h) = chronicle_of_the_example(dir.path(), (1024.0, 700.0));
    // Dall's name, down the story (a card out of sight is not drawn): the
    // chronicle scrolled down until it shows, then to it.
    let follow = "Follow Trooper Dall in his history";
    for _ in 0..30 {
        if h.query_by_role_and_label(Role::Link, follow).is_some() {
            break;
        }
        h.get_by_label_contains("3 missions played").scroll_down();
        h.run();
    }
    h.get_by_role_and_label(Role::Link, follow).scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::Link, follow).click();
    h.run();
    // His history opens at its top, not where the chronicle was left.
    let top = h.get_by_label("Journal of").rect();
    assert!(top.min.y >= 0.0 && top.max.y <= 700.0, "{top:?}");
}

#[test]
fn the_story_is_told_beside_the_window_which_says_so_meanwhile() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = example_campaign_at_the_table(rules());
    let mut h = crate::common::window_on(dir.path())
        .saved(Doc::new(c.clone()))
        .showing(Screen::Campaign(c.id.clone()))
        .open();
    h.get_by_role_and_label(Role::Tab, "Chronicle").click();
    // The frame that asks for the story says it is coming (the answer
    // is taken at the start of a frame, never during one).
    for _ in 0..5 {
        h.step();
        if h.state().app.model.jobs.chronicle.asked.is_some() {
            break;
        }
    }
    assert!(h.state().app.model.jobs.chronicle.asked.is_some());
    assert!(
        h.query_by_label_contains("Telling the campaign's story from its journal")
            .is_some()
    );
    crate::common::until_the_story_is_told(&mut h);
    assert!(
        h.query_by_label_contains("Telling the campaign's story")
            .is_none()
    );
    assert!(h.query_by_label_contains("3 missions played").is_some());
}

/// CMP-13: the wounds each character took and dealt at the table, drawn by
/// character and said in words; a character's record says his, mission by
/// mission, with a chart of them and the models he took out of action. In
/// the example, the first mission's fights: an enemy alone wounded
/// Inquisitor Vael, Sergeant Brask alone took another out.
#[test]
fn cmp_13_the_chronicle_draws_the_wounds_taken_and_dealt_and_the_record_names_the_kills() {
    use muster::rules::campaign::chronicle::{chronicle, service_record};
    let dir = tempfile::tempdir().expect("tempdir");
    let (c, mut h) = chronicle_of_the_example(dir.path(), (1280.0, 4000.0));
    let story = chronicle(&c, rules()).expect("the journal plays");
    let brask = crate::common::char_id(&c, "Sergeant Brask");
    let dealt = service_record(&story, brask).wounds_in_all().dealt;
    assert!(dealt > 0, "Brask's fight is in the example");
    pick_chart(&mut h, "Wounds by character");
    let words = h
        .query_all_by_label_contains("Wounds taken and dealt at the table")
        .find(|n| format!("{n:?}").contains("Image"))
        .map(|n| format!("{n:?}"))
        .expect("the wounds chart, named by its numbers");
    assert!(
        words.contains(&format!("Sergeant Brask 0 taken, {dealt} dealt")),
        "{words}"
    );
    assert!(
        words.contains("Inquisitor Vael 1 taken, 0 dealt"),
        "{words}"
    );
    // Mission 1's card says who took whom out.
    assert!(
        h.query_by_label_contains("Taken out of action: ")
            .is_some_and(|n| format!("{n:?}").contains("by Sergeant Brask")),
        "the kill on the mission's card"
    );
    h.get_by_role_and_label(Role::Link, "Follow Sergeant Brask in his history")
        .click();
    h.run();
    let line =
        format!("Wounds at the table: 0 taken, {dealt} dealt (mission 1: 0 taken, {dealt} dealt)");
    assert!(h.query_by_label(&line).is_some(), "{line}");
    let kill = h
        .query_by_label_contains("Took out of action: ")
        .map(|n| format!("{n:?}"))
        .expect("the model he took out");
    assert!(kill.contains("(mission 1)"), "{kill}");
    assert!(
        h.query_all_by_label(&format!("Wounds at the table: 0 taken, {dealt} dealt"))
            .any(|n| format!("{n:?}").contains("Image")),
        "his chart, named by its numbers"
    );
}

/// CMP-7: gear found between missions is in the finder's service record,
/// with its mission.
#[test]
fn cmp_7_gear_gained_shows_in_the_service_record() {
    use muster::rules::campaign::{CampaignEdit as E, ReinforcementEdit};
    use muster::rules::{Gear, GearEdit, GearKind};
    let dir = tempfile::tempdir().expect("tempdir");
    let (c, mut h) = chronicle_of_the_example(dir.path(), (1280.0, 4000.0));
    let brask = crate::common::char_id(&c, "Sergeant Brask");
    h.state_mut().app.apply(muster::app::Command::Edit(
        muster::rules::DocKey::of::<muster::rules::campaign::Campaign>(&c.id),
        muster::rules::Edit::Campaign(E::Reinforcements(ReinforcementEdit::Gear {
            character: brask,
            edit: GearEdit::AddGear {
                gear: Gear::new("Chainsword", GearKind::Melee),
            },
        })),
    ));
    crate::common::until_the_story_is_told(&mut h);
    h.get_by_role_and_label(Role::Link, "Follow Sergeant Brask in his history")
        .click();
    crate::common::until_the_story_is_told(&mut h);
    let line = format!(
        "Gear and ribbons: gained Chainsword (mission {})",
        queries::mission_number(&c)
    );
    assert!(h.query_by_label(&line).is_some(), "{line}");
}

/// A shared campaign's mission says who made its events, as their stamps
/// name them (the player and his machine, or the machine alone).
#[test]
fn a_shared_campaign_s_mission_says_who_made_its_events() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = crate::common::stamped_campaign_in(dir.path());
    let mut h = crate::common::window_on(dir.path())
        .size(1280.0, 3000.0)
        .showing(Screen::Campaign(c.id.clone()))
        .open();
    h.get_by_role_and_label(Role::Tab, "Chronicle").click();
    crate::common::until_the_story_is_told(&mut h);
    let said = h
        .query_all_by_label_contains("Its events made by ")
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(" | ");
    assert!(said.contains("Bruno's desktop (2 events)"), "{said}");
    assert!(said.contains("Camille's laptop ("), "{said}");
}
