//! The turn at the table through the screen: New turn and its command points (KT-11), a team of seven's cards inside the window.

use crate::common::rules;
use crate::common::the_campaign;
use crate::rules::campaign::turns::{at_the_table, at_the_table_with, cp, soldier, turn};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Command, Screen};
use muster::rules::Doc;
use muster::rules::campaign::Campaign;
use muster::store::Store;
use muster::ui::Gui;
use std::path::Path;

fn harness(dir: &Path) -> Harness<'static, Gui> {
    crate::common::window_on(dir).seed(11).open()
}

#[test]
fn kt_8_kt_11_new_turn_asks_while_models_may_act_then_adds_the_command_points_and_is_undone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let c = at_the_table(r);
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(c.clone()))
        .expect("save");
    let mut h = harness(dir.path());
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    assert!(h.query_by_label("Turn 1").is_some());
    assert!(
        h.query_all_by_label_contains("every kill team gains 1 command point (KT-11)")
            .next()
            .is_some()
    );
    // No soldier has acted yet (KT-8): the player is asked first, and
    // "Not yet" leaves the turn as it is.
    h.get_by_role_and_label(Role::Button, "Begin turn 2")
        .click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Begin turn 2 with activations left this turn")
            .next()
            .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Not yet").click();
    h.run();
    assert_eq!(turn(&the_campaign(&h)), 1);
    h.get_by_role_and_label(Role::Button, "Begin turn 2")
        .click();
    h.run();
    h.get_all_by_role_and_label(Role::Button, "Begin turn 2")
        .last()
        .expect("the answer")
        .click();
    h.run();
    let now = the_campaign(&h);
    assert_eq!(cp(&now, "Anne"), 4);
    assert_eq!(turn(&now), 2);
    assert!(h.query_by_label("Turn 2").is_some());
    assert!(h.query_by_label("Command points of Anne: 4").is_some());
    // Saved as soon as the writer is done: the file on disk has the turn.
    h.state_mut().app.flush_saves();
    let on_disk = Store::open(dir.path())
        .expect("store")
        .load_library()
        .docs
        .iter()
        .find_map(|d| d.get::<Campaign>().cloned())
        .expect("saved");
    assert_eq!(cp(&on_disk, "Anne"), 4);
    // Undo: the turn and its points are taken back.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    let back = the_campaign(&h);
    assert_eq!(cp(&back, "Anne"), 3);
    assert_eq!(turn(&back), 1);
    assert!(h.query_by_label("Turn 1").is_some());
    assert_eq!(back.journal.len(), c.journal.len());
}

#[test]
fn a_kill_team_of_seven_at_the_table_wraps_its_cards_inside_the_window() {
    // egui's wrapping layout cannot know a card's width before drawing it:
    // a row of seven soldiers ran off the right edge, out of reach.
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let mut soldiers = vec![soldier("Sergeant Rook", "sergeant")];
    for i in 1..=6 {
        soldiers.push(soldier(&format!("Trooper {i}"), "guardsman"));
    }
    let c = at_the_table_with(r, soldiers);
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(c.clone()))
        .expect("save");
    let mut h = harness(dir.path());
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    let width = h.ctx.content_rect().width();
    let mut seen = 0;
    for name in ["Sergeant Rook"]
        .into_iter()
        .map(str::to_owned)
        .chain((1..=6).map(|i| format!("Trooper {i}")))
    {
        let label = format!("Take {name} out of action");
        let button = h.get_by_role_and_label(Role::Button, &label);
        assert!(
            button.rect().right() <= width,
            "{name}'s card ends at {} in a window {width} wide",
            button.rect().right()
        );
        seen += 1;
    }
    assert_eq!(seen, 7);
}

/// CMP-16 with KT-8: at a new turn, before anyone activates and before the
/// turn's initiative is tested, the turn's line names no side as next: it
/// says who acts first is not tested yet. Once tested, it names the side.
#[test]
fn cmp_16_a_new_turn_names_no_side_as_next_before_its_initiative_is_tested() {
    let c = crate::common::example_campaign_at_the_table(rules());
    let (_dir, mut h) = crate::common::campaign_shown(&c);
    let untested = "— who acts first is not tested yet this turn";
    assert!(h.query_all_by_label_contains(untested).next().is_none());
    h.state_mut().app.apply(Command::Edit(
        muster::rules::DocKey::of::<Campaign>(c.id.clone()),
        muster::rules::Edit::new(muster::rules::campaign::CampaignEdit::Table(
            muster::rules::campaign::TableEdit::NewTurn { gain: None },
        )),
    ));
    h.run();
    assert!(h.query_all_by_label_contains(untested).next().is_some());
    // Its card folded in turn 1, once activations began: unfolded.
    if (h.query_by_role_and_label(Role::Button, "Test initiative")).is_none() {
        h.get_by_label("Who acts first").click();
        h.run();
    }
    h.get_by_role_and_label(Role::Button, "Test initiative")
        .click();
    h.run();
    assert!(h.query_all_by_label_contains(untested).next().is_none());
    assert!(
        h.query_all_by_label_contains("activates next")
            .next()
            .is_some()
    );
}
