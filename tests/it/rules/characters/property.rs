//! Properties of the character rules, over any numbers a file may hold
//! and any sequence of edits (CHR-2, CHR-3, CHR-4, CHR-7): validation names
//! what a file breaks, no edit takes a character past a maximum, and any
//! text is read or refused, never a panic.

use super::*;
use muster::rules::ProblemKind;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Edit {
    Spend(usize),
    Refund(usize),
    Psychic(bool),
    Type(Option<usize>),
    Race(usize),
    Points(u32),
    Random(u64),
    AfterGame,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0..12usize).prop_map(Edit::Spend),
        (0..12usize).prop_map(Edit::Refund),
        any::<bool>().prop_map(Edit::Psychic),
        proptest::option::of(0..3usize).prop_map(Edit::Type),
        (0..6usize).prop_map(Edit::Race),
        (0..40u32).prop_map(Edit::Points),
        any::<u64>().prop_map(Edit::Random),
        Just(Edit::AfterGame),
    ]
}

proptest! {
    // CHR-7: whatever numbers a file holds, validation names what is
    // wrong (negative advances, points overspent), and a point is spent
    // only when one is left and the maximum allows it.
    #[test]
    fn chr_7_validation_reports_what_a_file_breaks(
        advances in proptest::array::uniform12(any::<i32>()),
        points in any::<u32>(),
        type_index in 0..4usize,
        psychic in any::<bool>(),
    ) {
        let r = rules();
        let mut c = human(1, "Fuzz");
        c.advances.0 = Profile(advances);
        c.advance_points = points;
        c.psychic = psychic;
        c.type_id = r.types.get(type_index).map(|t| t.id.clone());
        let problems = c.validate(r);
        let has = |kind: ProblemKind| problems.iter().any(|p| p.kind == kind);
        prop_assert_eq!(has(ProblemKind::NegativeAdvance), advances.iter().any(|&v| v < 0));
        prop_assert_eq!(has(ProblemKind::Overspent), c.points_left() < 0);
        let before = c.clone();
        let ws = before.profile(r).expect("profile").get(C::WS);
        let max = before.maxima(r).expect("maxima").get(C::WS);
        match c.spend(C::WS, r) {
            Ok(()) => {
                prop_assert!(before.points_left() > 0);
                prop_assert!(ws < max);
                prop_assert_eq!(c.advances.0.get(C::WS), advances[C::WS.index()] + 1);
            }
            Err(_) => {
                prop_assert!(before.points_left() <= 0 || ws >= max);
                prop_assert_eq!(&c, &before, "a refused point changes nothing");
            }
        }
    }

    // Arbitrary text is never a panic for the roster reader.
    #[test]
    fn any_text_parses_or_fails_cleanly(text in ".{0,200}") {
        let _ = muster::store::parse::<Roster>(&text, "x");
    }
}

proptest! {
    // CHR-2, CHR-3, CHR-4: no sequence of edits takes a character past a maximum.
    #[test]
    fn chr_2_3_4_no_edit_sequence_breaks_a_maximum(edits in proptest::collection::vec(edit(), 1..60)) {
        let r = rules();
        let mut c = human(1, "Prop");
        c.advance_points = 10;
        for e in edits {
            let _ = match e {
                Edit::Spend(i) => c.spend(C::ALL[i], r),
                Edit::Refund(i) => c.refund(C::ALL[i]),
                Edit::Psychic(p) => c.set_psychic(p, r),
                Edit::Type(t) => c.set_type(t.map(|i| r.types[i].id.clone()), r),
                Edit::Race(i) => { let id = r.races[i].id.clone(); c.set_race(&id, r) }
                Edit::Points(p) => c.set_advance_points(p),
                Edit::Random(seed) => c.place_random(r, &mut seeded(seed)).map(|_| ()),
                Edit::AfterGame => { c.after_game(false, false); Ok(()) }
            };
            let p = c.profile(r).expect("profile");
            let max = c.maxima(r).expect("maxima");
            for ch in C::ALL {
                prop_assert!(p.get(ch) <= max.get(ch), "{ch} {} > {}", p.get(ch), max.get(ch));
                if ch.capped_at_ten() {
                    prop_assert!(p.get(ch) <= 10);
                }
                if ch.is_personal() && !c.psychic {
                    let plain = maxima(c.race(r).expect("race"), false, r);
                    prop_assert!(p.get(ch) <= plain.get(ch));
                }
            }
            prop_assert!(c.points_left() >= 0);
            prop_assert!(c.validate(r).is_empty(), "{:?}", c.validate(r));
        }
    }
}
