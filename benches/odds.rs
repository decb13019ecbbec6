//! Exact odds: one round of close combat 1 against 1 (the README's first
//! scenario; target ≤ 0.5 µs) and a kill-team shooting attack.

use criterion::{Criterion, criterion_group, criterion_main};
use muster::rules::RulesData;
use muster::rules::odds::{CcModifier, KtModifier, ShotClass, close_combat, killteam_shooting};

fn benches(c: &mut Criterion) {
    let rules = RulesData::built_in().expect("rules");
    let mut group = c.benchmark_group("odds");
    group.bench_function("close_combat_1v1", |b| {
        b.iter(|| {
            close_combat(
                std::hint::black_box(&rules),
                4,
                3,
                Some(5),
                2,
                4,
                3,
                Some(4),
                &[CcModifier::Charging],
                false,
            )
        });
    });
    group.bench_function("killteam_shooting", |b| {
        b.iter(|| {
            killteam_shooting(
                std::hint::black_box(&rules),
                ShotClass::Normal,
                18,
                2,
                3,
                -2,
                2,
                3,
                Some(5),
                true,
                &[KtModifier::Night, KtModifier::Sight],
            )
        });
    });
    group.finish();
}

criterion_group!(odds_benches, benches);
criterion_main!(odds_benches);
