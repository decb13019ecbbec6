//! One campaign on two machines through their journals: who plays here,
//! set from the File menu and named on each event; the journals exchanged
//! with no copy and no merge; each event said where and when it was made.

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use muster::i18n::Lang;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, DocKey};
use muster::store::Store;

use crate::common::rules;
use crate::common::the_campaign;
use crate::common::type_into;
use crate::rules::campaign::merge::table;
use muster::rules::campaign::replay;
use muster::rules::campaign::{DebriefEdit, TableEdit};

/// Who plays here — the player's name and the machine's — is a preference
/// set from the File menu; the events made here carry both, and the
/// journal says who made each one and where.
#[test]
fn who_plays_here_is_set_from_the_file_menu_and_names_the_player_of_each_event() {
    let r = rules();
    let c = table(r);
    let dir = tempfile::tempdir().expect("tempdir");
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(c.clone()))
        .expect("save");
    let mut h = crate::common::window_on(dir.path())
        .size(1200.0, 1400.0)
        .open();
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label_contains("Who plays here…").click();
    h.run();
    type_into(&mut h, "Your name at the table", "Camille");
    type_into(&mut h, "This machine's name", "Camille's laptop");
    h.get_by_role_and_label(Role::Button, "Save").click();
    h.run();
    assert_eq!(h.state().app.model.prefs.machine, "Camille's laptop");
    assert_eq!(h.state().app.model.prefs.player, "Camille");
    assert_eq!(
        h.state().app.prefs().machine,
        "Camille's laptop",
        "kept with the preferences"
    );
    let dace = crate::common::char_id(&c, "Trooper Dace");
    h.state_mut().app.apply(muster::app::Command::Edit(
        DocKey::new(muster::rules::DocKind::Campaign, c.id.clone()),
        muster::rules::Edit::Campaign(E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })),
    ));
    let stamp = the_campaign(&h)
        .journal
        .last()
        .and_then(|e| e.stamp.clone())
        .expect("stamped");
    assert_eq!(stamp.by.as_deref(), Some("Camille's laptop"));
    assert_eq!(stamp.player.as_deref(), Some("Camille"));
    h.state_mut()
        .app
        .apply(muster::app::Command::Show(muster::app::Screen::Campaign(
            c.id.clone(),
        )));
    h.run();
    h.get_by_role_and_label(Role::Tab, "Journal").click();
    h.run();
    // A wound ticked is one of the table's ticks.
    h.get_by_label_contains("Show the table's ticks too")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("made by Camille on Camille's laptop, ")
            .is_some(),
        "the journal names the player and his machine"
    );
}

/// Two Musters on two data folders (two stores, two locks, two machine
/// ids) play the same campaign "offline": one ticks the table, the other
/// begins a new turn. Each writes only its own journal; the sync tool
/// brings each journal to the other folder, with no conflict copy; both
/// end with the same campaign, every event of both in it, checked by the
/// rules, and nobody merges anything.
#[test]
fn two_machines_exchange_their_journals_and_agree_with_no_copy_and_no_merge() {
    use muster::app::{App, Command, Prefs, ScriptedDesktop};
    use muster::store::machine::MachineId;
    let r = rules();
    let base = table(r);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    let (camille, bruno) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    let ids = |dir: &std::path::Path| {
        MachineId::parse(if dir == camille.path() {
            "c0c0c0c0c0c0c0c0"
        } else {
            "b0b0b0b0b0b0b0b0"
        })
        .expect("id")
    };
    let open = |dir: &std::path::Path, machine: &str, seed| {
        let prefs = Prefs {
            machine: machine.to_owned(),
            ..Prefs::default()
        };
        let desktop = ScriptedDesktop {
            machine: Some(ids(dir)),
            ..ScriptedDesktop::default()
        };
        App::new(Some(dir), &prefs, Box::new(desktop), seed).expect("app")
    };
    let folder = |dir: &std::path::Path| dir.join("campaigns").join(&base.id);
    // Camille begins the campaign; the sync tool brings it to Bruno.
    Store::open(camille.path())
        .expect("store")
        .with_machine(ids(camille.path()))
        .save(&Doc::new(base.clone()))
        .expect("save");
    std::fs::create_dir_all(folder(bruno.path())).expect("folder");
    for entry in std::fs::read_dir(folder(camille.path())).expect("files") {
        let path = entry.expect("file").path();
        let name = path.file_name().expect("name").to_owned();
        std::fs::copy(&path, folder(bruno.path()).join(name)).expect("to Bruno");
    }
    let key = DocKey::new(muster::rules::DocKind::Campaign, base.id.clone());
    let edit = |app: &mut App, e: E| {
        app.apply(Command::Edit(key.clone(), muster::rules::Edit::Campaign(e)));
        app.flush_saves();
    };
    // Offline, each on his own machine.
    let mut a = open(camille.path(), "Camille's laptop", 1);
    edit(
        &mut a,
        E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 2,
        }),
    );
    edit(
        &mut a,
        E::Table(TableEdit::SetOutOfAction {
            character: muster::rules::campaign::Fighter::Enemy(1).id(),
            out: true,
        }),
    );
    let mut b = open(bruno.path(), "Bruno's desktop", 2);
    edit(&mut b, E::Table(TableEdit::NewTurn { gain: None }));
    drop((a, b));
    // The sync tool brings each machine's journal to the other folder: two
    // files, each with one writer, so never a conflict copy.
    let journal = |dir: &std::path::Path| folder(dir).join(format!("{}.jsonl", ids(dir).as_str()));
    let to = |from: &std::path::Path, dir: &std::path::Path| {
        folder(dir).join(format!("{}.jsonl", ids(from).as_str()))
    };
    std::fs::copy(journal(camille.path()), to(camille.path(), bruno.path())).expect("to Bruno");
    std::fs::copy(journal(bruno.path()), to(bruno.path(), camille.path())).expect("to Camille");
    let opened = |dir: &std::path::Path, machine: &str| {
        let app = open(dir, machine, 3);
        assert!(
            app.model.library.versions.is_empty(),
            "{machine}: nothing to merge"
        );
        app.model
            .library
            .docs
            .iter()
            .find_map(Doc::get::<Campaign>)
            .cloned()
            .expect("the campaign")
    };
    let at_camille = opened(camille.path(), "Camille's laptop");
    let at_bruno = opened(bruno.path(), "Bruno's desktop");
    assert_eq!(at_camille, at_bruno, "both agree");
    assert_eq!(
        at_camille.journal.len(),
        base.journal.len() + 3,
        "nothing lost"
    );
    let t = at_camille.table.as_ref().expect("table");
    assert_eq!((t.wounds.get(&dace), t.turn), (Some(&2), 2));
    assert!(
        replay::validate(&at_camille, r).is_empty(),
        "{:?}",
        replay::validate(&at_camille, r)
    );
}

/// The journal says where and when each event of a shared campaign was
/// made ("drawn on Camille's laptop"), in English and French,
/// from today's stamped file.
#[test]
fn the_journal_says_on_which_machine_and_when_each_event_was_made() {
    use muster::app::{Command, Screen};
    let dir = tempfile::tempdir().expect("tempdir");
    let c = crate::common::stamped_campaign_in(dir.path());
    let drawn = c
        .journal
        .iter()
        .find(|e| matches!(e.event, E::Debrief(DebriefEdit::NextMission { .. })))
        .and_then(|e| e.stamp.clone())
        .expect("the mission drawn is stamped");
    let at = drawn.at.expect("when").to_string();
    // `2026-11-26T08:02:04Z` reads `2026-11-26 08:02 UTC`.
    let when = format!("{} {} UTC", &at[..10], &at[11..16]);
    for (lang, words) in [
        (Lang::En, format!("made on Camille's laptop, {when}")),
        (Lang::Fr, format!("fait sur Camille's laptop, le {when}")),
    ] {
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .size(1280.0, 3000.0)
            .open();
        h.run();
        h.state_mut()
            .app
            .apply(Command::Show(Screen::Campaign(c.id.clone())));
        h.run();
        // "Journal" in both languages.
        h.get_by_role_and_label(Role::Tab, "Journal").click();
        h.run();
        assert!(
            h.query_all_by_label_contains(&words).next().is_some(),
            "{lang:?}: {words}"
        );
        // Bruno's two events say his machine.
        let bruno = if lang == Lang::En {
            "made on Bruno's desktop"
        } else {
            "fait sur Bruno's desktop"
        };
        assert_eq!(h.query_all_by_label_contains(bruno).count(), 2, "{lang:?}");
    }
}
