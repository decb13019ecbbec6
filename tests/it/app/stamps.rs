//! Every campaign event the app records carries its id, the time and the
//! machine's name: the preference's name, or the host's.

use crate::common::rules;
use muster::app::{Command, Prefs, ScriptedDesktop};
use muster::rules::campaign::CampaignEdit as E;
use muster::rules::campaign::TableEdit;
use muster::rules::{Doc, DocKey, Edit};
use muster::store::Store;

#[test]
fn events_recorded_by_the_app_are_stamped_with_id_time_and_machine() {
    let rules = rules();
    let c = crate::common::example_team_at_the_table(rules);
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(c.clone()))
        .expect("save");
    let prefs = Prefs {
        machine: "Camille's laptop".to_owned(),
        ..Prefs::default()
    };
    let mut app = muster::app::App::new(
        Some(dir.path()),
        &prefs,
        Box::new(ScriptedDesktop::default()),
        3,
    )
    .expect("app");
    let key = DocKey::new(muster::rules::DocKind::Campaign, &c.id);
    let dace = crate::common::char_id(&c, "Trooper Dace");
    for wounds in [1, 2] {
        app.apply(Command::Edit(
            key.clone(),
            Edit::Campaign(E::Table(TableEdit::SetWounds {
                character: dace,
                wounds,
            })),
        ));
    }
    let now = app
        .model
        .library
        .docs
        .iter()
        .find_map(Doc::get::<muster::rules::Campaign>)
        .cloned()
        .expect("the campaign");
    let stamps: Vec<_> = now
        .journal
        .range(c.journal.len()..)
        .map(|e| e.stamp.clone().expect("stamped"))
        .collect();
    assert_eq!(stamps.len(), 2);
    assert_ne!(stamps[0].id, stamps[1].id, "each its own id");
    assert_eq!(stamps[0].id.as_str().len(), 16);
    for s in &stamps {
        assert_eq!(s.by.as_deref(), Some("Camille's laptop"));
        let at = s.at.as_ref().expect("a time").as_str();
        assert!(
            at.len() == 20 && at.ends_with('Z') && at.starts_with("20"),
            "{at}"
        );
    }
    // The events before were not touched.
    assert!(now.journal.range(..c.journal.len()).eq(c.journal.iter()));
}
