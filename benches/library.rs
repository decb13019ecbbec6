//! Loading, saving and checking a library of 300 characters.

use criterion::{Criterion, criterion_group, criterion_main};
use muster::rules::core::dice::seeded;
use muster::rules::{Character, Doc, PointsScheme, Roster, RulesData};
use muster::store::Store;

const ROSTERS: usize = 30;
const PER_ROSTER: usize = 10;

/// 30 rosters of 10 characters: varied races, types and advances.
fn library(rules: &RulesData) -> Vec<Roster> {
    let mut rng = seeded(2026);
    (0..ROSTERS)
        .map(|r| {
            let mut roster = Roster::new(format!("band-{r}"), format!("Band {r}"));
            roster.points = PointsScheme::Pool {
                points: 200,
                force_models: 100,
            };
            for i in 0..PER_ROSTER {
                let race = &rules.races[(r + i) % rules.races.len()];
                let mut c = Character::new(i as u64 + 1, format!("Hero {r}-{i}"), race.id.clone());
                c.type_id = match i % 4 {
                    0 => None,
                    n => Some(rules.types[n - 1].id.clone()),
                };
                c.psychic = i % 5 == 0;
                c.advance_points = (i % 7) as u32;
                c.place_random(rules, &mut rng).expect("placement");
                c.notes = "Veteran of the Ork wars; carries a relic blade.".to_owned();
                roster.characters.push(c);
            }
            roster
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let rules = RulesData::built_in().expect("rules");
    let rosters = library(&rules);
    let characters: usize = rosters.iter().map(|r| r.characters.len()).sum();
    assert_eq!(characters, 300);
    assert!(
        rosters
            .iter()
            .all(|r| r.characters.iter().all(|c| c.profile(&rules).is_ok()))
    );

    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("store");
    let docs: Vec<Doc> = rosters.iter().cloned().map(Doc::new).collect();
    for d in &docs {
        store.save(d).expect("save");
    }

    let mut group = c.benchmark_group("library_300_characters");
    group.sample_size(20);
    group.bench_function("load", |b| {
        b.iter(|| {
            let library = store.load_library();
            assert_eq!(library.docs.len(), ROSTERS);
            library
        });
    });
    group.bench_function("save_all", |b| {
        b.iter(|| {
            for d in &docs {
                store.save(d).expect("save");
            }
        });
    });
    group.bench_function("validate_all", |b| {
        b.iter(|| {
            rosters
                .iter()
                .map(|r| r.validate(&rules).len())
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(library_benches, benches);
criterion_main!(library_benches);
