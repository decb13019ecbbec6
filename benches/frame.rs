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

    // The example campaign at the table: its characters' and its drawn
    // enemies' cards, then with an attacker picked (every card offers its
    // fights).
    let table = tempfile::tempdir().expect("tempdir");
    let c = at_the_table(&rules);
    let enemies = c.mission.as_ref().map_or(0, |m| m.enemy.len());
    Store::open(table.path())
        .expect("store")
        .save(&Doc::new(c.clone()))
        .expect("save");
    let mut h = harness(table.path());
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    eprintln!(
        "the table: {} characters, {enemies} enemies",
        c.characters.len()
    );
    group.bench_function("campaign_table", |b| b.iter(|| h.step()));
    let first = format!("{} attacks…", c.characters[0].name());
    egui_kittest::kittest::Queryable::get_by_label(&h, &first).click_accesskit();
    h.run();
    group.bench_function("campaign_table_attacker_picked", |b| b.iter(|| h.step()));
    group.finish();
}

/// The example campaign, its fourth mission's enemy drawn and begun.
fn at_the_table(rules: &RulesData) -> muster::rules::campaign::Campaign {
    use muster::rules::DocKind as _;
    use muster::rules::campaign::{Campaign, CampaignEdit as E};
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/campaign.json"
    ))
    .expect("example");
    let mut c: Campaign =
        muster::store::document::parse(&text, "campaign").expect("the example campaign");
    let mut rng = muster::rules::core::dice::seeded(4);
    for e in [
        E::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        },
        E::BeginMission,
    ] {
        c = c.apply(e, rules, &mut rng).expect("accepted").0;
    }
    c
}

criterion_group!(frame_benches, benches);
criterion_main!(frame_benches);
