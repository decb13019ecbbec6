//! The cost of one frame of the interface, headless (egui_kittest `step`):
//! a library of 200 rosters, and a roster of 1,000 characters open. A frame
//! should cost what is on screen, not what is on disk: the target is at most
//! 1 ms of CPU.

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use muster::app::{App, Command, Prefs, Screen, ScriptedDesktop};
use muster::rules::{Character, Doc, Roster, RulesData};
use muster::store::Store;
use muster::ui::Gui;

fn roster(rules: &RulesData, n: usize, characters: usize) -> Roster {
    let mut r = Roster::new(format!("band-{n}"), format!("Band {n}"));
    for i in 0..characters {
        let race = &rules.races[(n + i) % rules.races.len()];
        let mut c = Character::new(i as u64 + 1, format!("Hero {n}-{i}"), race.id.clone());
        c.type_id = match i % 4 {
            0 => None,
            k => Some(rules.types[k - 1].id.clone()),
        };
        r.characters.push(c);
    }
    r
}

fn harness(dir: &std::path::Path) -> Harness<'static, Gui> {
    let app = App::new(
        Some(dir),
        &Prefs::default(),
        Box::new(ScriptedDesktop::default()),
        1,
    )
    .expect("app");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, gui: &mut Gui| gui.frame_ui(ui), Gui::new(app));
    h.run();
    h
}

fn benches(c: &mut Criterion) {
    let rules = RulesData::built_in().expect("rules");
    let mut group = c.benchmark_group("frame");
    group.sample_size(30);

    let empty = tempfile::tempdir().expect("tempdir");
    let mut h = harness(empty.path());
    group.bench_function("empty_library", |b| b.iter(|| h.step()));

    let library = tempfile::tempdir().expect("tempdir");
    {
        let store = Store::open(library.path()).expect("store");
        for n in 0..200 {
            store.save(&Doc::new(roster(&rules, n, 6))).expect("save");
        }
    }
    let mut h = harness(library.path());
    assert_eq!(h.state().app.model.docs.len(), 200);
    group.bench_function("library_200_rosters", |b| b.iter(|| h.step()));

    let big = tempfile::tempdir().expect("tempdir");
    {
        let store = Store::open(big.path()).expect("store");
        store
            .save(&Doc::new(roster(&rules, 0, 1000)))
            .expect("save");
    }
    let mut h = harness(big.path());
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Roster("band-0".to_owned())));
    h.run();
    group.bench_function("roster_1000_characters", |b| b.iter(|| h.step()));
    group.finish();
}

criterion_group!(frame_benches, benches);
criterion_main!(frame_benches);
