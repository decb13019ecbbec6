//! Through the screens: the next campaign started from an ended one's
//! dashboard (CMP-17), the debrief's step confirming who was taken out of
//! action (CMP-9), the characteristics in French in the debrief.

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Command, Screen};
use muster::i18n::Lang;
use muster::rules::campaign::DebriefEdit;
use muster::rules::campaign::{Campaign, Member};
use muster::rules::{Characteristic, Doc};
use muster::ui::Gui;

/// The window on the data folder `dir` holding `c`, in `lang`, its
/// campaign screen shown.
fn showing(dir: &Path, c: &Campaign, lang: Lang) -> Harness<'static, Gui> {
    crate::common::window_on(dir)
        .lang(lang)
        .size(1400.0, 4000.0)
        .saved(Doc::new(c.clone()))
        .showing(Screen::Campaign(c.id.clone()))
        .open()
}

/// Every campaign the app holds.
fn campaigns(h: &Harness<'_, Gui>) -> Vec<Campaign> {
    h.state()
        .app
        .model
        .library
        .docs
        .iter()
        .filter_map(Doc::get::<Campaign>)
        .cloned()
        .collect()
}

fn campaign(h: &Harness<'_, Gui>, id: &str) -> Campaign {
    campaigns(h)
        .into_iter()
        .find(|c| c.id == id)
        .expect("the campaign")
}

#[test]
fn cmp_17_the_next_campaign_starts_from_the_ended_campaigns_dashboard() {
    let rules = crate::rules::campaign::rules();
    let old = crate::rules::campaign::carry::ended(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &old, Lang::En);
    assert!(h.query_by_label_contains("The campaign is won!").is_some());
    h.get_by_role_and_label(Role::Button, "Start the next campaign")
        .click();
    h.run();
    let all = campaigns(&h);
    assert_eq!(all.len(), 2);
    let next = all.iter().find(|c| c.id != old.id).expect("a new campaign");
    assert_eq!(next.name, "Test, continued");
    // The ended one is untouched.
    assert_eq!(campaign(&h, &old.id), old);
    // The new one holds its own copy of the survivors, advances included.
    let names: Vec<&str> = next.characters.iter().map(|x| x.name()).collect();
    assert_eq!(names, ["Ada", "Bob"]);
    let ada = next.characters.iter().find(|x| x.name() == "Ada").unwrap();
    match &ada.member {
        Member::Character(ch) => assert_eq!(ch.advances.0.get(Characteristic::WS), 1),
        Member::Soldier(_) => panic!("a Rogue Trader character"),
    }
    // It is shown, in setup, saying where its escort came from, and saved
    // like any other document.
    assert_eq!(
        h.state().app.model.screen,
        Screen::Campaign(next.id.clone())
    );
    assert!(
        h.query_by_label("Escort carried over from “Test”")
            .is_some()
    );
    let file = dir
        .path()
        .join("campaigns")
        .join(&next.id)
        .join(muster::store::journaled::START_FILE);
    h.state_mut().app.flush_saves();
    assert!(file.exists(), "{}", file.display());
    // Its journal tells where Ada came from.
    h.get_by_role_and_label(Role::Tab, "Journal").click();
    h.run();
    assert!(
        h.query_by_label("Ada comes from the campaign “Test”, fit.")
            .is_some()
    );
    // One step to undo.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    assert_eq!(campaigns(&h), vec![old]);
    h.state_mut().app.flush_saves();
    assert!(!file.exists());
}

#[test]
fn cmp_9_the_debrief_confirms_who_was_out_of_action_before_the_tests() {
    let rules = crate::rules::campaign::rules();
    let c = crate::rules::campaign::carry::after_mission(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c, Lang::En);
    // Its own step, before the Cran tests.
    assert!(
        h.query_by_label("2. Confirm the characters taken out of action")
            .is_some()
    );
    assert!(h.query_by_label("3. Cran tests").is_some());
    // Cid stayed at home: not listed.
    assert!(h.query_by_label("Cid out of action").is_none());
    let ada = crate::common::char_id(&c, "Ada");
    let bob = crate::common::char_id(&c, "Bob");
    // Bob was out after all.
    h.get_by_role_and_label(Role::CheckBox, "Bob out of action")
        .click();
    h.run();
    let now = campaign(&h, &c.id);
    assert_eq!(now.debrief.as_ref().unwrap().pending, [ada, bob]);
    // Ada was not.
    h.get_by_role_and_label(Role::CheckBox, "Ada out of action")
        .click();
    h.run();
    let now = campaign(&h, &c.id);
    assert_eq!(now.debrief.as_ref().unwrap().pending, [bob]);
    assert_eq!(now.journal.len(), c.journal.len() + 2);
    // Each change is one undoable event.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    let now = campaign(&h, &c.id);
    assert_eq!(now.debrief.as_ref().unwrap().pending, [ada, bob]);
    h.state_mut().app.apply(Command::Undo);
    h.run();
    assert_eq!(campaign(&h, &c.id), c);
}

#[test]
fn the_journal_names_the_characteristic_of_an_advance_in_french() {
    use muster::rules::Document as _;
    use muster::rules::campaign::CampaignEdit as E;
    let rules = crate::rules::campaign::rules();
    let c = crate::rules::campaign::carry::after_mission(rules);
    let bob = crate::common::char_id(&c, "Bob");
    let mut rng = muster::rules::core::dice::seeded(1);
    let (c, _) = c
        .apply(
            E::Debrief(DebriefEdit::Advance {
                character: bob,
                characteristic: Characteristic::WS,
            }),
            rules,
            &mut rng,
        )
        .expect("accepted");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = showing(dir.path(), &c, Lang::Fr);
    h.get_by_role_and_label(Role::Tab, "Journal").click();
    h.run();
    assert!(
        h.query_by_label("Bob dépense un point d'avancement en CC.")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("point d'avancement en WS")
            .is_none()
    );
}
