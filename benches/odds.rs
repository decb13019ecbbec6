//! Exact odds: one round of close combat 1 against 1 (the README's first
//! scenario; target ≤ 0.5 µs), a kill-team shooting attack, and a round
//! between two units of ten (target ≤ 200 µs). The simulated fight to the
//! end (target ≥ 30 M trials a second on one core): `sim_fight_1v1` runs
//! 100 000 trials an iteration, so trials per second = 1e5 / its time.
//! The same duel fought to the end exactly (`fight_exact_1v1`, target ≤
//! 50 µs), and five against five exactly (`fight_exact_5v5`).

use criterion::{Criterion, criterion_group, criterion_main};
use muster::rules::RulesData;
use muster::rules::close_combat::fight_exact::fight_exact;
use muster::rules::close_combat::odds::{
    Blows, CcModifier, CcWeaponProfile, Fighter, close_combat,
};
use muster::rules::close_combat::simulate::{SimSide, fight_to_the_end};
use muster::rules::close_combat::unit_round::unit_round;
use muster::rules::killteam::data::KtModifier;
use muster::rules::killteam::odds::{ShotClass, killteam_shooting};

fn model(ws: i32, s: i32, t: i32, w: u32, i: i32, a: u32, save: Option<i32>) -> Fighter {
    Fighter {
        ws,
        s,
        weapon_s: None,
        weapon_save_modifier: None,
        a,
        t,
        w,
        i,
        save,
        modifiers: Vec::new(),
    }
}

fn benches(c: &mut Criterion) {
    let rules = RulesData::built_in().expect("rules");
    let mut group = c.benchmark_group("odds");
    group.bench_function("close_combat_1v1", |b| {
        b.iter(|| {
            close_combat(
                std::hint::black_box(&rules),
                &Blows {
                    attacker_ws: 4,
                    strength: 3,
                    weapon: CcWeaponProfile::of_s(Some(5)),
                    blows: 2,
                    defender_ws: 4,
                    toughness: 3,
                    save: Some(4),
                    modifiers: &[CcModifier::Charging],
                    helpless: false,
                },
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
    // Ten marines (a sergeant with W 2, A 2) charging ten orks of two
    // initiatives: four strike steps, exact.
    let mut marines: Vec<Fighter> = (0..9).map(|_| model(4, 4, 4, 1, 4, 1, Some(3))).collect();
    marines.push(model(5, 4, 4, 2, 5, 2, Some(3)));
    for m in &mut marines {
        m.modifiers.push(CcModifier::Charging);
    }
    let orks: Vec<Fighter> = (0..10)
        .map(|k| model(3, 3, 4, 1, if k < 5 { 2 } else { 4 }, 2, Some(6)))
        .collect();
    group.bench_function("unit_round_10v10", |b| {
        b.iter(|| unit_round(std::hint::black_box(&rules), &marines, &orks));
    });
    // The first scenario's duel fought to the end: WS 4, S 3 with a S 5
    // weapon, A 2, charging, against WS 4, T 3, 4+ save, both W 1, Ld 7.
    let mut duelist = model(4, 3, 3, 1, 3, 2, Some(4));
    duelist.weapon_s = Some(5);
    duelist.modifiers.push(CcModifier::Charging);
    let first = SimSide {
        models: vec![duelist],
        ld: Some(7),
    };
    let second = SimSide {
        models: vec![model(4, 3, 3, 1, 3, 1, Some(4))],
        ld: Some(7),
    };
    group.bench_function("fight_exact_1v1", |b| {
        b.iter(|| fight_exact(std::hint::black_box(&rules), &first, &second, 20));
    });
    let five = |charging: bool| SimSide {
        models: (0..5)
            .map(|_| {
                let mut m = model(4, 4, 4, 1, 4, 1, Some(4));
                if charging {
                    m.modifiers.push(CcModifier::Charging);
                }
                m
            })
            .collect(),
        ld: Some(7),
    };
    let (fives, others) = (five(true), five(false));
    group.bench_function("fight_exact_5v5", |b| {
        b.iter(|| fight_exact(std::hint::black_box(&rules), &fives, &others, 20));
    });
    group.throughput(criterion::Throughput::Elements(100_000));
    group.bench_function("sim_fight_1v1", |b| {
        let mut rng = muster::rules::core::dice::seeded(1);
        b.iter(|| {
            fight_to_the_end(
                std::hint::black_box(&rules),
                &first,
                &second,
                20,
                100_000,
                &mut rng,
            )
        });
    });
    group.finish();
}

criterion_group!(odds_benches, benches);
criterion_main!(odds_benches);
