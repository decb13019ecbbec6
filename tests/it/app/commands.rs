//! App-level tests: commands, undo/redo, autosave.

use std::path::Path;

use muster::app::{App, Command, Prefs, SaveState, ScriptedDesktop};
use muster::i18n::Lang;
use muster::rules::Characteristic as C;
use muster::rules::campaign::enemy;
use muster::rules::{CharacterEdit, DocKey, NewCharacter, Roster, RosterEdit};

use crate::common::rules;
use crate::common::{AllRosters as _, Shown as _, read_roster};
use muster::rules::campaign::TurnEdit;
use muster::rules::campaign::replay;

pub(crate) fn app(dir: &Path) -> App {
    App::new(
        Some(dir),
        &Prefs::default(),
        Box::new(ScriptedDesktop::default()),
        7,
    )
    .expect("app")
}

/// An app with one roster holding one human trooper, Kal: the roster's id
/// and Kal's.
fn app_with_kal(dir: &Path) -> (App, String, u64) {
    let mut app = app(dir);
    let (id, cid) = crate::common::raiders_with_kal(&mut app);
    (app, id, cid)
}

pub(crate) fn example() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/rt-band.json"
    ))
}

#[test]
fn example_band_is_legal_and_opens() {
    let rules = rules();
    let roster = read_roster(example()).expect("example reads");
    assert_eq!(roster.characters.len(), 3);
    assert!(
        roster.validate(rules).is_empty(),
        "{:?}",
        roster.validate(rules)
    );
    let types: Vec<_> = roster
        .characters
        .iter()
        .map(|c| c.type_id.as_deref())
        .collect();
    assert!(
        types.contains(&Some("major_hero"))
            && types.contains(&Some("minor_hero"))
            && types.contains(&Some("champion"))
    );
    assert!(
        roster
            .characters
            .iter()
            .any(|c| c.psychic && c.type_id.as_deref() == Some("major_hero"))
    );
    assert!(roster.characters.iter().all(|c| c.race == "human"));
}

#[test]
fn every_edit_autosaves_and_undoes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, id, cid) = app_with_kal(dir.path());
    let edit = |e| Command::character(id.clone(), cid, e);
    app.apply(edit(CharacterEdit::SetAdvancePoints(3)));
    app.apply(edit(CharacterEdit::Spend(C::WS)));
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    let on_disk =
        read_roster(&dir.path().join("rosters").join(format!("{id}.json"))).expect("saved");
    assert_eq!(on_disk, app.model.all_rosters()[0]);
    // A refused edit changes nothing and is not recorded (CHR-3 at WS 6).
    app.apply(edit(CharacterEdit::Spend(C::WS)));
    app.apply(edit(CharacterEdit::Spend(C::WS)));
    let undo_len = app.model.history.undo.len();
    app.apply(edit(CharacterEdit::Spend(C::WS)));
    assert_eq!(app.model.history.undo.len(), undo_len);
    assert!(
        app.model
            .feedback
            .messages
            .last()
            .expect("refusal")
            .shown()
            .starts_with("CHR-3:")
    );
    // Undo all the way back to an empty library, then redo everything.
    while !app.model.history.undo.is_empty() {
        app.apply(Command::Undo);
    }
    app.flush_saves();
    assert!(app.model.all_rosters().is_empty());
    assert!(
        !dir.path()
            .join("rosters")
            .join(format!("{id}.json"))
            .exists()
    );
    while !app.model.history.redo.is_empty() {
        app.apply(Command::Redo);
    }
    assert_eq!(
        app.model.all_rosters()[0].characters[0]
            .profile(&app.model.rules)
            .expect("profile")
            .get(C::WS),
        6
    );
}

#[test]
fn an_edit_says_saving_until_the_writer_has_it_on_disk() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, id, _) = app_with_kal(dir.path());
    let path = dir.path().join("rosters").join(format!("{id}.json"));
    let notes = |text: String| Command::roster(id.clone(), RosterEdit::SetNotes(text));
    for i in 0..20 {
        app.apply(notes(format!("note {i}")));
        // Handed to the writer before the edit's check: "saving", unless
        // the writer already reported it on disk (a slow frame).
        let on_disk = || read_roster(&path).is_ok_and(|r| r.notes == format!("note {i}"));
        if app.model.feedback.save_state != SaveState::Saving {
            assert_eq!(app.model.feedback.save_state, SaveState::Saved);
            assert!(on_disk(), "\"saved\" only once on disk");
        }
        // Looked at as the frames look: "saved" only once it is on disk.
        while app.poll_saves() {
            assert_eq!(app.model.feedback.save_state, SaveState::Saving);
            assert!(app.has_unsaved());
            std::thread::sleep(std::time::Duration::from_micros(100));
        }
        assert_eq!(app.model.feedback.save_state, SaveState::Saved);
        assert!(!app.has_unsaved());
        assert_eq!(
            read_roster(&path).expect("saved").notes,
            format!("note {i}")
        );
    }
    // Edits faster than the disk: a newer version replaces the one still
    // waiting, and the last one lands.
    for i in 0..50 {
        app.apply(notes(format!("burst {i}")));
    }
    app.flush_saves();
    assert_eq!(app.model.feedback.save_state, SaveState::Saved);
    assert_eq!(read_roster(&path).expect("saved").notes, "burst 49");
    assert_eq!(
        read_roster(&path).expect("saved"),
        app.model.all_rosters()[0]
    );
}

#[test]
fn dropping_the_app_finishes_its_writes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, id, _) = app_with_kal(dir.path());
    for i in 0..10 {
        app.apply(Command::roster(
            id.clone(),
            RosterEdit::SetNotes(format!("last words {i}")),
        ));
    }
    // Quitting without looking: whatever was handed over lands.
    drop(app);
    let path = dir.path().join("rosters").join(format!("{id}.json"));
    assert_eq!(read_roster(&path).expect("saved").notes, "last words 9");
}

#[test]
fn read_only_second_instance_saves_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut first = app(dir.path());
    first.apply(Command::create_roster("One".to_owned()));
    first.flush_saves();
    let mut second = app(dir.path());
    assert!(second.model.folder.read_only);
    assert_eq!(second.model.all_rosters().len(), 1);
    assert!(
        second
            .model
            .feedback
            .messages
            .iter()
            .any(|m| m.shown().contains("read-only"))
    );
    // Changes it could never save are refused, saying why; nothing is lost
    // at close because nothing was changed.
    let id = second.model.all_rosters()[0].id.clone();
    second.apply(Command::create_roster("Two".to_owned()));
    second.apply(Command::Rename(
        DocKey::of::<Roster>(id.clone()),
        "Renamed".to_owned(),
    ));
    second.apply(Command::Delete(DocKey::of::<Roster>(id)));
    assert_eq!(second.model.all_rosters().len(), 1);
    assert_eq!(second.model.all_rosters()[0].name, "One");
    assert!(second.model.history.undo.is_empty());
    assert!(!second.has_unsaved());
    assert_eq!(second.model.feedback.save_state, SaveState::Saved);
    let last = &second
        .model
        .feedback
        .messages
        .last()
        .expect("message")
        .shown();
    assert!(last.starts_with("Read-only"), "{last}");
    assert_eq!(
        std::fs::read_dir(dir.path().join("rosters"))
            .expect("dir")
            .count(),
        1
    );
    // What the first instance saves, the second sees on reload.
    first.apply(Command::create_roster("Three".to_owned()));
    first.flush_saves();
    second.apply(Command::Reload);
    assert_eq!(second.model.all_rosters().len(), 2);
}

#[test]
fn broken_rules_override_is_reported_and_built_in_used() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("rules")).expect("mkdir");
    std::fs::write(dir.path().join("rules/races.json"), "{ nope").expect("write");
    let app = app(dir.path());
    assert_eq!(app.model.rules.races.len(), 6);
    assert_eq!(app.model.rules_problems.len(), 1);
    let line = Lang::En.data_problem(&app.model.rules_problems[0]);
    assert!(line.contains("races.json"), "{line}");
    assert!(line.contains("line 1"), "{line}");
    assert!(line.contains("built-in"), "{line}");
}

#[test]
fn random_commands_are_seeded_and_logged() {
    let run = || {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut app = app(dir.path());
        app.apply(Command::create_roster("R".to_owned()));
        let id = app.model.all_rosters()[0].id.clone();
        app.apply(Command::roster(
            id.clone(),
            RosterEdit::AddCharacter {
                name: "C".to_owned(),
                how: NewCharacter::Campaign {
                    race: "human".to_owned(),
                },
            },
        ));
        app.apply(Command::roster(
            id,
            RosterEdit::AddCharacter {
                name: "H".to_owned(),
                how: NewCharacter::RandomHero {
                    race: "ork".to_owned(),
                    level: "major_hero".to_owned(),
                },
            },
        ));
        (
            app.model.all_rosters()[0].clone(),
            app.model
                .feedback
                .messages
                .iter()
                .map(|m| m.shown())
                .collect::<Vec<_>>(),
        )
    };
    let (a, log_a) = run();
    let (b, log_b) = run();
    assert_eq!(a, b);
    assert_eq!(log_a, log_b);
    assert!(log_a.iter().any(|l| l.contains("D6-2: ")));
    assert!(log_a.iter().any(|l| l.contains("7D6: ")));
}

#[test]
fn rolled_points_below_those_spent_say_why_the_allotment_differs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut app, id, cid) = app_with_kal(dir.path());
    app.apply(Command::character(
        id.clone(),
        cid,
        CharacterEdit::SetAdvancePoints(7),
    ));
    for c in [C::WS, C::WS, C::WS, C::BS, C::BS, C::BS, C::I] {
        app.apply(Command::character(id.clone(), cid, CharacterEdit::Spend(c)));
    }
    // A champion's 1D6 is at most 6: fewer than the 7 points spent.
    app.apply(Command::character(
        id,
        cid,
        CharacterEdit::RollPoints("champion".to_owned()),
    ));
    let kal = &app.model.all_rosters()[0].characters[0];
    assert_eq!(kal.advance_points, 7);
    assert_eq!(kal.points_spent(), 7);
    let last = &app.model.feedback.messages.last().expect("message").shown();
    assert!(last.contains("(D6: "), "{last}");
    assert!(last.contains("7 already spent"), "{last}");
}

/// The Edit menu's "Undo …" names what made each new document: its kind, or
/// the example it copies, never "New roster" for all of them.
#[test]
fn undoing_a_new_document_names_its_kind_or_its_example() {
    use muster::app::Example;
    use muster::rules::DocKind;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    let last = |app: &App| {
        app.model
            .history
            .undo
            .last()
            .map(|c| Lang::En.t(c.label).to_owned())
    };
    app.apply(Command::Create(DocKind::KillTeam, String::new()));
    assert_eq!(last(&app).as_deref(), Some("New kill team"));
    app.apply(Command::Create(DocKind::Campaign, "Rynn".to_owned()));
    assert_eq!(last(&app).as_deref(), Some("New campaign"));
    app.apply(Command::Create(DocKind::Roster, "Raiders".to_owned()));
    assert_eq!(last(&app).as_deref(), Some("New roster"));
    app.apply(Command::OpenExample(Example::Campaign));
    assert_eq!(last(&app).as_deref(), Some("Open an example"));
    app.apply(Command::Undo);
    assert_eq!(
        app.model.history.redo.last().map(|c| c.label),
        Some("menu.open_example")
    );
}

/// Edit › Undo names the enemy whose activation it takes back, as it names
/// the character whose wounds it changes.
#[test]
fn undoing_an_enemy_activation_names_the_enemy() {
    use muster::app::Example;
    use muster::rules::campaign::Campaign;
    use muster::rules::{CampaignEdit, Document as _, Edit};
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = app(dir.path());
    app.apply(Command::OpenExample(Example::Campaign));
    let key = app.model.screen.doc().expect("the example open");
    let c = app.model.get::<Campaign>(&key.id).expect("the example");
    // An enemy that may activate now.
    let rules = &app.model.rules;
    let index = (0..c.mission.as_ref().map_or(0, |m| m.enemy.len()))
        .find(|&index| {
            let e = CampaignEdit::Turn(TurnEdit::EnemyActivation { index });
            c.apply(e, rules, &mut muster::rules::core::dice::seeded(1))
                .is_ok()
        })
        .expect("an enemy to activate");
    let enemy = enemy::names(c, index);
    app.apply(Command::Edit(
        key,
        Edit::Campaign(CampaignEdit::Turn(TurnEdit::EnemyActivation { index })),
    ));
    let words = Lang::En.msg(&app.model.history.undo.last().expect("undo").words());
    let name = Lang::En.pick(&enemy);
    assert!(!name.is_empty());
    assert!(
        words.starts_with(&format!("enemy activated, {name} (")),
        "{words}"
    );
}

/// A player reading Muster in French opens the examples with French names
/// (the campaign, its escorts' characters and soldiers, the team, their
/// notes), the campaign's journal and state alike: it replays and checks
/// clean. In English they are as shipped.
#[test]
fn the_examples_open_with_french_names_for_a_french_player() {
    use muster::app::Example;
    use muster::rules::KillTeam;
    use muster::rules::campaign::Campaign;
    for (lang, campaign, soldier, team, pistol) in [
        (
            Lang::Fr,
            "L'Hérésie de Tertius",
            "Soldat Dace",
            "Les Pillards de Hark",
            "Pistolet bolter",
        ),
        (
            Lang::En,
            "The Tertius Heresy",
            "Trooper Dace",
            "Hark's Raiders",
            "Bolt pistol",
        ),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut app = App::new(
            Some(dir.path()),
            &Prefs {
                lang,
                ..Prefs::default()
            },
            Box::new(ScriptedDesktop::default()),
            1,
        )
        .expect("app");
        app.apply(Command::OpenExample(Example::Campaign));
        app.apply(Command::OpenExample(Example::KillTeam));
        let c = app
            .model
            .library
            .docs
            .iter()
            .find_map(|d| d.get::<Campaign>())
            .expect("the campaign");
        assert_eq!(c.name, campaign);
        assert!(c.characters.iter().any(|x| x.name() == soldier), "{lang:?}");
        let rules = &app.model.rules;
        assert!(
            replay::validate(c, rules).is_empty(),
            "{:?}",
            replay::validate(c, rules)
        );
        assert_eq!(c.replay(rules).expect("replays").0.characters, c.characters);
        // The inquisitor's pistol is named as the armoury names it in the
        // player's language, and shoots by its profile still.
        let vael = c.characters.iter().find(|x| x.name().ends_with("Vael"));
        let muster::rules::campaign::Member::Character(vael) = &vael.expect("Vael").member else {
            panic!("a character");
        };
        let pistol = vael
            .equipment
            .iter()
            .find(|g| g.name == pistol)
            .unwrap_or_else(|| panic!("{pistol}: {:?}", vael.equipment));
        assert!(muster::rules::battle::from_table::rt_weapon(pistol, &rules.armoury).is_some());
        let t = app
            .model
            .library
            .docs
            .iter()
            .find_map(|d| d.get::<KillTeam>())
            .expect("the team");
        assert_eq!(t.name, team);
    }
}
