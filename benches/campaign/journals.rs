//! The campaign kept as one journal per machine: opened from four
//! machines' journals, and another machine's events arriving while it is
//! open.

use std::time::{Duration, Instant};

use muster::app::App;
use muster::rules::campaign::{Campaign, CampaignEdit as E, CharId, TableEdit};
use muster::rules::core::dice::seeded;
use muster::rules::{Doc, DocKey, Document as _, RulesData};
use muster::store::Store;

use crate::stats;
use muster::rules::campaign::entries;

/// The same campaign as one file and as four machines' journals: the
/// setup and first mission in the start, every later event in the journal
/// of one of four machines (in turn), each stamped a second after the last.
/// Opened both ways, read from disk.
pub fn journaled_open(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    campaign: &Campaign,
    rules: &RulesData,
) {
    use muster::rules::campaign::{Entry, Stamp};
    use muster::store::journaled::{Header, Line};
    let stamped: Vec<Entry> = campaign
        .journal
        .iter()
        .enumerate()
        .map(|(i, e)| Entry {
            stamp: Some(Stamp {
                id: format!("{i:016x}").into(),
                at: Some(muster::app::stamp::utc(1_795_000_000 + i as u64)),
                by: Some(format!("machine {}", i % 4)),
                player: None,
            }),
            ..Entry::clone(e)
        })
        .collect();
    let at_start = 40;
    let mut start = campaign.clone();
    start.journal = stamped[..at_start]
        .iter()
        .cloned()
        .map(std::sync::Arc::new)
        .collect();
    let (start, _) = start.replay(rules).expect("the start replays");
    let mut whole = campaign.clone();
    whole.journal = stamped.iter().cloned().map(std::sync::Arc::new).collect();
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("store");
    let single = dir.path().join("long-single.json");
    store
        .export(&Doc::new(whole.clone()), &single)
        .expect("one file");
    let folder = dir.path().join("campaigns").join("long");
    std::fs::create_dir_all(&folder).expect("folder");
    store
        .export(&Doc::new(start), &folder.join("start.json"))
        .expect("start");
    let machines: Vec<String> = (0..4).map(|m| format!("{m:016x}")).collect();
    let mut texts: Vec<String> = machines
        .iter()
        .map(|m| {
            let h = Line::Journal(Header {
                format: 1,
                schema: muster::store::SCHEMA_VERSION,
                machine: m.as_str().into(),
                name: String::new(),
            });
            let mut line = serde_json::to_string(&h).expect("header");
            line.push('\n');
            line
        })
        .collect();
    for (i, e) in stamped.iter().enumerate().skip(at_start) {
        let line = serde_json::to_string(&Line::Entry(Box::new(e.clone()))).expect("line");
        texts[i % 4].push_str(&line);
        texts[i % 4].push('\n');
    }
    for (m, t) in machines.iter().zip(&texts) {
        std::fs::write(folder.join(format!("{m}.jsonl")), t).expect("journal");
    }
    let key = DocKey::new(muster::rules::DocKind::Campaign, "long");
    let read = store.reload(&key).expect("reads").expect("there");
    assert_eq!(
        read.get::<Campaign>().map(|c| c.journal.len()),
        Some(whole.journal.len()),
        "every event replayed"
    );
    group.bench_function("open_one_file", |b| {
        b.iter(|| store.listing().read_file(&single).expect("reads"));
    });
    group.bench_function("open_four_journals", |b| {
        b.iter(|| store.reload(&key).expect("reads"));
    });
}

/// Another machine (Bruno's) appends an event to its journal of the open
/// campaign, 100 times: the time from his save's end (the file changed) to
/// the event in the app's campaign, as the frame takes it in once the
/// watcher wakes it (looked at every half millisecond here, as a woken
/// window would). Target: at most 50 ms.
pub fn arrivals_from_another_machine(
    app: &mut App,
    dir: &std::path::Path,
    key: &DocKey,
    players: &[CharId],
    rules: &RulesData,
) {
    use muster::store::LockDir;
    use muster::store::machine::MachineId;
    app.flush_saves();
    let locks = tempfile::tempdir().expect("locks");
    let bruno = Store::open_with_options(dir, LockDir::At(locks.path().into()))
        .expect("Bruno's store")
        .with_machine(MachineId::parse("b0b0b0b0b0b0b0b0").expect("id"));
    let mut view = bruno
        .load_library()
        .of::<Campaign>()
        .find(|c| c.id == key.id)
        .cloned()
        .expect("Bruno reads the campaign");
    let mut times = Vec::new();
    for i in 0..100 {
        let before = view.journal.len();
        let e = E::Table(TableEdit::SetWounds {
            character: CharId((players[i % players.len()]).0),
            wounds: (i % 2) as u32,
        });
        let Ok((mut next, _)) = view.apply(e, rules, &mut seeded(i as u64)) else {
            continue;
        };
        entries::stamp_since(
            &mut next,
            before,
            || format!("bruno-{i:011}").into(),
            muster::rules::campaign::Maker {
                at: Some(&muster::app::stamp::utc_now()),
                by: Some("Bruno's desktop"),
                player: None,
            },
        );
        let had = app
            .model
            .get::<Campaign>(&key.id)
            .map_or(0, |c| c.journal.len());
        bruno.save(&Doc::new(next.clone())).expect("Bruno saves");
        let t = Instant::now();
        while app
            .model
            .get::<Campaign>(&key.id)
            .map_or(0, |c| c.journal.len())
            <= had
        {
            if t.elapsed() > Duration::from_secs(5) {
                panic!("Bruno's event never came in");
            }
            std::thread::sleep(Duration::from_micros(500));
            app.poll_arrivals();
        }
        times.push(t.elapsed());
        view = next;
    }
    stats::summary(
        "another machine's event shown after its file changed",
        times,
    );
}
