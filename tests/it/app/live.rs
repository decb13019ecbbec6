//! Another machine's events arriving in the open campaign: taken in at
//! once, said in the log by the machine's name, nothing typed here lost;
//! undo then takes back only this machine's own events, as a line the
//! other machines read.

use std::path::Path;

use muster::app::{Command, Prefs, ScriptedDesktop};
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, DocKey, Edit, RulesData};
use muster::store::machine::MachineId;
use muster::store::{Kinds, LockDir, Store};

use crate::common::Shown as _;

const BRUNO: &str = "b0b0b0b0b0b0b0b0";

/// Bruno's machine on the same folder (a sync tool that delivers at once).
fn brunos(dir: &Path, locks: &Path) -> Store {
    Store::open_with_options(dir, Kinds::default(), LockDir::At(locks.to_path_buf()))
        .expect("open")
        .with_machine(MachineId::parse(BRUNO).expect("id"))
}

fn the_campaign(app: &muster::app::App) -> Campaign {
    app.model
        .docs
        .iter()
        .find_map(Doc::get::<Campaign>)
        .cloned()
        .expect("the campaign")
}

#[test]
fn another_machine_s_events_come_in_at_once_and_undo_takes_back_only_ours() {
    let r = RulesData::built_in().expect("rules");
    let base = crate::common::team_at_the_table(&crate::common::example_team(), &r, |_| vec![]);
    let dir = tempfile::tempdir().expect("dir");
    let locks = tempfile::tempdir().expect("locks");
    let bruno = brunos(dir.path(), locks.path());
    bruno.use_machine_name("Bruno's desktop");
    bruno
        .save(&Doc::new(base.clone()))
        .expect("Bruno begins the campaign");
    let prefs = Prefs {
        machine: "Camille's laptop".to_owned(),
        ..Prefs::default()
    };
    let mut app = muster::app::App::new(
        Some(dir.path()),
        &prefs,
        Box::new(ScriptedDesktop::default()),
        5,
    )
    .expect("app");
    let key = DocKey::new("campaign", &base.id);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    // Camille wounds Dace here (saved)…
    app.apply(Command::Edit(
        key.clone(),
        Edit::Campaign(E::SetWounds {
            character: dace,
            wounds: 1,
        }),
    ));
    app.flush_saves();
    // … while Bruno, on his machine, starts the next turn.
    let on_bruno = crate::rules::campaign::merge::play(
        &bruno
            .load_library()
            .of::<Campaign>()
            .next()
            .cloned()
            .expect("read"),
        &[E::NewTurn { gain: None }],
        &r,
        ("Bruno's desktop", 30),
    );
    bruno
        .save(&Doc::new(on_bruno.clone()))
        .expect("Bruno saves");
    app.apply(Command::CheckDisk);
    let now = the_campaign(&app);
    let table = now.table.as_ref().expect("table");
    assert_eq!(table.wounds.get(&dace), Some(&1), "Camille's wound kept");
    assert_eq!(
        table.turn,
        on_bruno.table.as_ref().expect("table").turn,
        "Bruno's turn came in"
    );
    assert!(
        app.model
            .messages
            .iter()
            .any(|m| m.shown() == "Bruno's desktop: 1 new event"),
        "{:?}",
        app.model
            .messages
            .iter()
            .map(|m| m.shown())
            .collect::<Vec<_>>()
    );
    assert!(app.model.disk_changes.is_empty(), "no question asked");
    // Undo takes back Camille's wound, never Bruno's turn.
    app.apply(Command::Undo);
    app.flush_saves();
    let undone = the_campaign(&app);
    let table = undone.table.as_ref().expect("table");
    assert_eq!(
        table.wounds.get(&dace).copied().unwrap_or(0),
        0,
        "the wound taken back"
    );
    assert_eq!(
        table.turn,
        on_bruno.table.as_ref().expect("table").turn,
        "the turn stays"
    );
    // Bruno's machine reads the taking-back.
    let seen = bruno
        .with_arrivals(&on_bruno)
        .expect("reads")
        .expect("journaled");
    assert_eq!(seen.get::<Campaign>(), Some(&undone));
    // Redo does it again, everywhere.
    app.apply(Command::Redo);
    app.flush_saves();
    let redone = the_campaign(&app);
    assert_eq!(
        redone.table.as_ref().and_then(|t| t.wounds.get(&dace)),
        Some(&1)
    );
    let seen = bruno
        .with_arrivals(&on_bruno)
        .expect("reads")
        .expect("journaled");
    assert_eq!(seen.get::<Campaign>(), Some(&redone));
}
