//! Printed sheets: the PDF of a 50-character Rogue Trader band (targets on
//! the 2-core machine, release: ≤ 100 ms and ≤ 300 KB), the one-page
//! kill-team sheet, and the cards for the table of the 50 characters
//! (≤ 300 ms). The size is printed once before the timings. The
//! `_cold` cases drop typst's memoised work first, as a first print does;
//! the others print again a band whose title changed.

use criterion::{Criterion, criterion_group, criterion_main};
use muster::i18n::Lang;
use muster::print::{Paper, SheetOptions, band_sheet, render_pdf};
use muster::rules::{Character, Characteristic, Roster, RulesData};

fn big_band() -> Roster {
    let mut roster = Roster::new("fifty", "The Fifty");
    let types = [
        None,
        Some("champion"),
        Some("minor_hero"),
        Some("major_hero"),
    ];
    for i in 1..=50u64 {
        let mut c = Character::new(i, format!("Trooper {i:02}"), "human");
        c.type_id = types[usize::try_from(i).unwrap_or(0) % 4].map(str::to_owned);
        c.advance_points = 2;
        c.advances.0.set(Characteristic::WS, 1);
        c.psychic = i % 7 == 0;
        c.notes = format!("Veteran of the {i}th siege; carries a chainsword and a laspistol.");
        roster.characters.push(c);
    }
    roster
}

fn geared_band() -> Roster {
    use muster::rules::{Gear, GearKind, PowerCard};
    let mut roster = big_band();
    for c in &mut roster.characters {
        let mut sword = Gear::new("Chainsword", GearKind::Melee);
        sword.strength = Some(4);
        let mut armour = Gear::new("Flak armour", GearKind::Armour);
        armour.save = Some(6);
        c.equipment = vec![sword, Gear::new("Laspistol", GearKind::Pistol), armour];
        if c.psychic {
            c.powers = vec![PowerCard::new("Smite"), PowerCard::new("Psychic shield")];
        }
    }
    roster
}

fn benches(c: &mut Criterion) {
    let rules = RulesData::built_in().expect("rules");
    let options = SheetOptions {
        lang: Lang::En,
        appendix: false,
        what: muster::print::Printout::Sheet,
    };
    let sheet = band_sheet(&big_band(), &rules, options);
    // The first PDF of the process: fonts read, the template parsed.
    let start = std::time::Instant::now();
    let pdf = render_pdf(&sheet, Paper::A4, None).expect("renders");
    println!("print/band_50 first PDF: {:?}", start.elapsed());
    let pages = muster::print::pdf::page_count(&sheet, Paper::A4, None).expect("pages");
    let untagged =
        muster::print::pdf::render_pdf_with(&sheet, Paper::A4, None, false).expect("renders");
    println!(
        "print/band_50 untagged: {} bytes ({:.0} KB)",
        untagged.len(),
        untagged.len() as f64 / 1024.0
    );
    println!(
        "print/band_50: {} bytes ({:.0} KB), {pages} pages",
        pdf.len(),
        pdf.len() as f64 / 1024.0
    );
    let mut group = c.benchmark_group("print");
    group.sample_size(20);
    // typst memoises its work: each iteration prints a sheet that differs
    // (its title), as a user does who changes the band and prints again.
    let mut n = 0u64;
    group.bench_function("band_50_pdf", |b| {
        b.iter(|| {
            n += 1;
            let mut changed = sheet.clone();
            changed.title = format!("The Fifty, take {n}");
            render_pdf(std::hint::black_box(&changed), Paper::A4, None).expect("renders")
        })
    });
    group.bench_function("band_50_pdf_untagged", |b| {
        b.iter(|| {
            n += 1;
            let mut changed = sheet.clone();
            changed.title = format!("The Fifty, untagged {n}");
            muster::print::pdf::render_pdf_with(
                std::hint::black_box(&changed),
                Paper::A4,
                None,
                false,
            )
            .expect("renders")
        })
    });
    group.bench_function("typeset_only", |b| {
        b.iter(|| {
            n += 1;
            let mut changed = sheet.clone();
            changed.title = format!("The Fifty, laid out {n}");
            muster::print::pdf::typeset(std::hint::black_box(&changed), Paper::A4, None)
                .expect("typesets")
        })
    });
    // A first print: typst's memoised work dropped before each one.
    group.bench_function("band_50_pdf_cold", |b| {
        b.iter(|| {
            typst::comemo::evict(0);
            render_pdf(std::hint::black_box(&sheet), Paper::A4, None).expect("renders")
        })
    });
    // The same band, each character with three items and the psykers with
    // two power cards: one more table a card, or two.
    let geared = band_sheet(&geared_band(), &rules, options);
    let pdf = render_pdf(&geared, Paper::A4, None).expect("renders");
    let pages = muster::print::pdf::page_count(&geared, Paper::A4, None).expect("pages");
    println!(
        "print/band_50_geared: {} bytes ({:.0} KB), {pages} pages",
        pdf.len(),
        pdf.len() as f64 / 1024.0
    );
    group.bench_function("band_50_geared_pdf_cold", |b| {
        b.iter(|| {
            typst::comemo::evict(0);
            render_pdf(std::hint::black_box(&geared), Paper::A4, None).expect("renders")
        })
    });
    group.bench_function("band_50_sheet_model", |b| {
        b.iter(|| band_sheet(std::hint::black_box(&big_band()), &rules, options))
    });
    // Cards for the table of the 50 geared characters (target ≤ 300 ms): the
    // type of each card fitted by measuring it, as a first print does.
    let doc = muster::rules::Doc::Roster(geared_band().into());
    let cards = muster::print::sheet_of(
        &doc,
        &rules,
        SheetOptions {
            what: muster::print::Printout::Cards(muster::print::CardSize::Poker),
            ..options
        },
    );
    let pages = muster::print::pdf::page_count(&cards, Paper::A4, None).expect("pages");
    println!("print/cards_50: {pages} pages");
    group.bench_function("cards_50_pdf_cold", |b| {
        b.iter(|| {
            typst::comemo::evict(0);
            render_pdf(std::hint::black_box(&cards), Paper::A4, None).expect("renders")
        })
    });
    group.finish();
}

criterion_group!(print, benches);
criterion_main!(print);
