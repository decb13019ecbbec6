//! The debrief after a mission, driven through its widgets:
//! each step can be completed, each test rolled stays shown with its dice
//! and result, and a list that is empty says why.

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{Command, Screen};
use muster::i18n::Lang;
use muster::rules::campaign::{
    Campaign, CampaignEdit as E, MissionChoice, MissionResult, Phase, State,
};
use muster::rules::core::dice::Roll;
use muster::rules::{Characteristic, Doc, Document as _, Roster};
use muster::store::Store;
use muster::ui::Gui;

use crate::common::button;
use crate::common::rules;
use crate::common::the_campaign;
use crate::common::type_into;
use muster::rules::campaign::debrief;
use muster::rules::campaign::queries;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, SetupEdit, TableEdit};

fn band() -> Roster {
    crate::common::example_band()
}

/// "The Tertius Heresy" with Camille's escort from `band`, then the events
/// `then` gives, saved with `band`; the window shows the campaign.
fn window_on(
    dir: &Path,
    band: Roster,
    then: impl FnOnce(&Campaign) -> Vec<E>,
) -> Harness<'static, Gui> {
    let rules = rules();
    let mut rng = muster::rules::core::dice::seeded(3);
    let mut go = |c: &Campaign, e: E| {
        c.apply(e.clone(), rules, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0
    };
    let c = Campaign::new("tertius", "The Tertius Heresy", &rules.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let c = go(&c, E::Setup(SetupEdit::SetSettings { settings: s }));
    let escort = crate::common::band_escort("Camille", &band);
    let mut c = go(&c, E::Setup(SetupEdit::AddEscort { escort }));
    for e in then(&c) {
        c = go(&c, e);
    }
    let store = Store::open(dir).expect("store");
    store.save(&Doc::new(band)).expect("save");
    store.save(&Doc::new(c.clone())).expect("save");
    drop(store);
    let mut h = crate::common::window_on(dir)
        .seed(11)
        .size(1280.0, 6000.0)
        .open();
    h.run();
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    h
}

/// The first mission drawn, begun, and ended: won, with `out` taken out of
/// action.
fn mission_played(c: &Campaign, out: &[&str]) -> Vec<E> {
    let mut events = vec![
        E::Setup(SetupEdit::Start {
            choice: MissionChoice {
                draw: Some(Roll::from_faces(6, vec![1], 0)),
                faction_draw: Some(Roll::from_faces(2, vec![1], 0)),
                ..MissionChoice::default()
            },
            rates: None,
        }),
        E::Preparation(PreparationEdit::BeginMission),
    ];
    for name in out {
        let x = c
            .characters
            .iter()
            .find(|x| x.name() == *name)
            .expect("character");
        events.push(E::Table(TableEdit::SetOutOfAction {
            character: x.id,
            out: true,
        }));
    }
    events.push(E::Debrief(DebriefEdit::EndMission {
        result: MissionResult {
            success: true,
            vp: 1,
        },
        played: vec![],
    }));
    events
}

fn cran_of(c: &Campaign, name: &str) -> u32 {
    c.characters
        .iter()
        .find(|x| x.name() == name)
        .expect("character")
        .cran
}

fn state_of(c: &Campaign, name: &str) -> State {
    c.characters
        .iter()
        .find(|x| x.name() == name)
        .expect("character")
        .state
}

fn shown(h: &Harness<'_, Gui>, label: &str) -> bool {
    h.query_by_label(label).is_some()
}

const VAEL: &str = "Inquisitor Vael";

/// Vael out of action, his Cran test typed: 1, below his Cran: dead.
fn vael_killed(dir: &Path) -> Harness<'static, Gui> {
    let mut h = window_on(dir, band(), |c| mission_played(c, &[VAEL]));
    assert_eq!(the_campaign(&h).phase, Phase::Debrief);
    type_into(&mut h, &format!("or my D10 — {VAEL}"), "1");
    button(&mut h, &format!("Use my die for {VAEL}"));
    assert_eq!(state_of(&the_campaign(&h), VAEL), State::Dead);
    h
}

#[test]
fn cmp_9_each_cran_test_rolled_stays_shown_with_its_die_and_result() {
    let dir = tempfile::tempdir().expect("tempdir");
    let brask = "Sergeant Brask";
    let mut h = window_on(dir.path(), band(), |c| mission_played(c, &[brask]));
    let cran = cran_of(&the_campaign(&h), brask);
    assert!(shown(&h, "3. Cran tests: to do"));
    // CMP-9: above his Cran, lightly wounded: passed.
    let face = cran + 1;
    type_into(&mut h, &format!("or my D10 — {brask}"), &face.to_string());
    button(&mut h, &format!("Use my die for {brask}"));
    assert_eq!(state_of(&the_campaign(&h), brask), State::LightlyWounded);
    assert!(shown(&h, "3. Cran tests: done"));
    let line =
        format!("{brask}: Cran test against Cran {cran} (D10: {face}): passed, lightly wounded");
    assert!(shown(&h, &line), "{line}");
    // Not the bare "no test left" any more: the result is the step's.
    assert!(!shown(&h, "No Cran test left to roll."));
}

#[test]
fn cmp_12_a_death_accepted_completes_the_fate_step_without_a_point() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = vael_killed(dir.path());
    let cran = cran_of(&the_campaign(&h), VAEL);
    // The failed test is shown where it was rolled.
    let line = format!("{VAEL}: Cran test against Cran {cran} (D10: 1): failed, dead");
    assert!(shown(&h, &line), "{line}");
    // The fate step waits for a choice: spend a point, or accept.
    assert!(shown(&h, "4. Fate points: to do"));
    assert!(queries::debriefing(&the_campaign(&h)).cran_locked());
    button(&mut h, &format!("Accept the death of {VAEL}"));
    let c = the_campaign(&h);
    assert_eq!(c.escorts[0].fate_points, 5, "no point spent");
    assert_eq!(state_of(&c, VAEL), State::Dead);
    assert!(debrief::fate_open(&c).is_empty());
    assert!(!queries::debriefing(&c).cran_locked());
    assert!(shown(&h, "4. Fate points: done"));
    assert!(shown(&h, "dead for good: his death accepted"));
    assert!(
        h.query_by_label(&format!("Spend a fate point and roll for {VAEL}"))
            .is_none()
    );
    // Undone, the choice comes back.
    h.state_mut().app.apply(Command::Undo);
    h.run();
    assert!(shown(&h, "4. Fate points: to do"));
    assert!(!debrief::fate_open(&the_campaign(&h)).is_empty());
}

#[test]
fn cmp_12_a_fate_point_spent_saves_him_and_completes_the_step() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = vael_killed(dir.path());
    let cran = cran_of(&the_campaign(&h), VAEL);
    assert!(shown(&h, "4. Fate points: to do"));
    // CMP-12: the reroll at or above his Cran: lightly wounded, alive.
    type_into(&mut h, &format!("or my D10 — {VAEL}"), "10");
    button(&mut h, &format!("Use my die for {VAEL}"));
    let c = the_campaign(&h);
    assert_eq!(c.escorts[0].fate_points, 4);
    assert_eq!(state_of(&c, VAEL), State::LightlyWounded);
    assert!(shown(&h, "4. Fate points: done"));
    let line =
        format!("{VAEL}: fate point, against Cran {cran} (D10: 10): passed, lightly wounded");
    assert!(shown(&h, &line), "{line}");
}

#[test]
fn cmp_12_the_fate_step_is_done_once_his_player_has_no_point_left() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = vael_killed(dir.path());
    let cran = cran_of(&the_campaign(&h), VAEL);
    // Five rerolls of 1, each spent and failed, each shown.
    for _ in 0..5 {
        assert!(shown(&h, "4. Fate points: to do"));
        type_into(&mut h, &format!("or my D10 — {VAEL}"), "1");
        button(&mut h, &format!("Use my die for {VAEL}"));
    }
    let c = the_campaign(&h);
    assert_eq!(c.escorts[0].fate_points, 0);
    assert_eq!(state_of(&c, VAEL), State::Dead);
    assert!(shown(&h, "4. Fate points: done"));
    assert!(shown(&h, "dead for good: no fate point left"));
    let line = format!("{VAEL}: fate point, against Cran {cran} (D10: 1): failed, dead");
    assert_eq!(h.query_all_by_label(&line).count(), 5);
}

#[test]
fn the_recon_result_stays_shown_after_the_escort_went() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = window_on(dir.path(), band(), |c| mission_played(c, &[]));
    let cran = cran_of(&the_campaign(&h), VAEL);
    // 6: good fortune; 10 passes the Cran test; 5D6 typed: 15 points.
    type_into(&mut h, &format!("Recon die (D12) — {VAEL}"), "6");
    type_into(
        &mut h,
        &format!("Cran test (D10), if the result asks for one — {VAEL}"),
        "10",
    );
    type_into(
        &mut h,
        &format!("Good fortune (5D6), if it comes — {VAEL}"),
        "1 2 3 4 5",
    );
    button(&mut h, &format!("Send {VAEL} on recon"));
    let fortune = Lang::En.t("campaign.recon.good_fortune");
    let line = format!(
        "{VAEL} on recon (D12: 6) · {fortune} · Cran test against Cran {cran} (D10: 10) · +15 \
         reinforcement points: passed, fit"
    );
    assert!(shown(&h, &line), "{line}");
    // The escort went: nobody else to send, the result still there.
    assert!(shown(&h, "Nobody left to send on recon."));
    assert!(shown(&h, "7. Recon: done"));
}

/// The band with Vael raised to every maximum, `left` advance points
/// still his.
fn band_with_vael_at_his_maxima(left: i64) -> Roster {
    let rules = rules();
    let mut band = band();
    let vael = band
        .characters
        .iter_mut()
        .find(|x| x.name == VAEL)
        .expect("Vael");
    vael.advance_points = 500;
    for k in Characteristic::ALL {
        while vael.spend(k, rules).is_ok() {}
    }
    let extra = u32::try_from(vael.points_left() - left).expect("spent");
    vael.advance_points -= extra;
    assert_eq!(vael.points_left(), left);
    band
}

#[test]
fn chr_13_a_point_that_fits_nowhere_is_kept_and_the_step_is_done() {
    let dir = tempfile::tempdir().expect("tempdir");
    let band = band_with_vael_at_his_maxima(0);
    let mut h = window_on(dir.path(), band, |c| mission_played(c, &[]));
    // CHR-13: he earned a point; every characteristic at its maximum
    // (CHR-2 … CHR-4): he keeps it, and the step is done.
    assert!(shown(&h, "5. Advances: to do"), "the others' points");
    for who in ["Sister Oriel", "Sergeant Brask"] {
        let place = format!("Place an advance point for {who}");
        for _ in 0..40 {
            if h.query_by_label(&place).is_none() {
                break;
            }
            button(&mut h, &place);
        }
    }
    assert!(shown(&h, "5. Advances: done"));
    let kept = format!(
        "{VAEL} keeps 1 advance point: every characteristic he could raise is at its maximum \
         (CHR-2 … CHR-4)."
    );
    assert!(shown(&h, &kept), "{kept}");
    assert!(
        h.query_by_label(&format!("Place an advance point for {VAEL}"))
            .is_none()
    );
    let c = the_campaign(&h);
    let (open, stuck) = debrief::advances_owed(&c, &h.state().app.model.rules);
    assert!(open.is_empty());
    assert_eq!(stuck.len(), 1);
    // The next mission drawn, the Overview shows no advance step.
    button(&mut h, "Draw the next mission");
    assert_eq!(the_campaign(&h).phase, Phase::Ready);
    assert!(!shown(&h, "1. Advances: to do"));
    assert!(!shown(&h, "1. Advances: done"));
}

#[test]
fn chr_13_no_advance_step_on_the_overview_before_the_first_mission() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut band = band();
    // Two points left from his creation.
    let vael = band
        .characters
        .iter_mut()
        .find(|x| x.name == VAEL)
        .expect("Vael");
    vael.advance_points += 2;
    let h = window_on(dir.path(), band, |_| {
        vec![E::Setup(SetupEdit::Start {
            choice: MissionChoice::default(),
            rates: None,
        })]
    });
    let c = the_campaign(&h);
    assert_eq!(c.phase, Phase::Ready);
    assert!(
        !debrief::advances_owed(&c, &h.state().app.model.rules)
            .0
            .is_empty()
    );
    assert!(!shown(&h, "1. Advances: to do"));
    assert!(
        h.query_by_label(&format!("Place an advance point for {VAEL}"))
            .is_none()
    );
    // Nothing after a mission yet: its tab is greyed out.
    let tab = h.get_by_role_and_label(Role::Tab, "After the mission");
    assert!(tab.accesskit_node().is_disabled());
}

/// After the mission, the escorts as they are now stand each under its
/// player's name: Camille's band, then Bruno's kill team, not one grid.
#[test]
fn after_the_mission_each_escort_stands_under_its_player() {
    let r = rules();
    let c = crate::common::example_campaign_at_the_table(r);
    let mut rng = muster::rules::core::dice::seeded(1);
    let (c, _) = c
        .apply(
            E::Debrief(DebriefEdit::EndMission {
                played: vec![],
                result: muster::rules::campaign::MissionResult {
                    success: true,
                    vp: 0,
                },
            }),
            r,
            &mut rng,
        )
        .expect("ended");
    let dir = tempfile::tempdir().expect("tempdir");
    let h = super::showing_sized(dir.path(), &c, (1280.0, 6000.0));
    let top = |label: &str| h.get_by_label(label).rect().min.y;
    let (camille, bruno) = (top("Camille's escort now"), top("Bruno's escort now"));
    let vael = h
        .query_all_by_label("Inquisitor Vael")
        .map(|n| n.rect().min.y)
        .filter(|y| *y > camille)
        .fold(f32::MAX, f32::min);
    let hark = h
        .query_all_by_label("Sergeant Hark")
        .map(|n| n.rect().min.y)
        .filter(|y| *y > bruno)
        .fold(f32::MAX, f32::min);
    assert!(camille < vael && vael < bruno, "{camille} {vael} {bruno}");
    assert!(bruno < hark && hark < f32::MAX, "{bruno} {hark}");
}

/// After the mission at 1024 wide, Bruno's seven soldiers stand in rows of
/// cards with no empty band between the rows: each card fills its slot.
#[test]
fn the_escort_s_cards_after_the_mission_leave_no_gap_between_rows() {
    let r = rules();
    let c = crate::common::example_campaign_at_the_table(r);
    let mut rng = muster::rules::core::dice::seeded(1);
    let (c, _) = c
        .apply(
            E::Debrief(DebriefEdit::EndMission {
                played: vec![],
                result: muster::rules::campaign::MissionResult {
                    success: true,
                    vp: 0,
                },
            }),
            r,
            &mut rng,
        )
        .expect("ended");
    let dir = tempfile::tempdir().expect("tempdir");
    let h = super::showing_sized(dir.path(), &c, (1024.0, 6000.0));
    let bruno = h.get_by_label("Bruno's escort now").rect().min.y;
    // The cards' frames under Bruno's heading, by their painted rects: the
    // names' tops give the rows, the card under a name ends where the
    // next row's name begins, less the card's margin and the gap.
    let mut tops: Vec<f32> = [
        "Sergeant Hark",
        "Trooper Vell",
        "Trooper Osk",
        "Trooper Dace",
        "Trooper Rusk",
        "Trooper Nim",
        "Trooper Pell",
    ]
    .iter()
    .map(|n| {
        h.query_all_by_label(n)
            .map(|x| x.rect().min.y)
            .filter(|y| *y > bruno)
            .fold(f32::MAX, f32::min)
    })
    .collect();
    tops.sort_by(f32::total_cmp);
    tops.dedup_by(|a, b| (*a - *b).abs() < 1.0);
    assert!(tops.len() >= 2, "more than one row: {tops:?}");
    // The first row's card frames end no more than a gap above the next
    // row: no empty band between the rows.
    let row_step = tops[1] - tops[0];
    let tallest = fills_between(&h, tops[0], tops[1])
        .iter()
        .map(egui::Rect::height)
        .fold(0.0_f32, f32::max);
    assert!(
        row_step - tallest <= 14.0,
        "rows {row_step} apart, cards {tallest} tall"
    );
}

/// The rectangles painted with a card's fill that start between `from`
/// and `to` (a card's frame).
fn fills_between(h: &Harness<'_, Gui>, from: f32, to: f32) -> Vec<egui::Rect> {
    fn add(shape: &egui::Shape, out: &mut Vec<egui::Rect>) {
        match shape {
            egui::Shape::Rect(r) if r.fill == muster::ui::theme::palette().card_fill() => {
                out.push(r.rect);
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| add(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        add(&clipped.shape, &mut out);
    }
    out.retain(|r| r.min.y > from - 40.0 && r.min.y < to);
    out
}

/// CHR-13: after a mission, Sergeant Brask, taken out of action, earned no
/// point; the two he kept from before are his to place, and the step says
/// they are from before. Vael, who earned his, is not named so.
#[test]
fn chr_13_points_kept_from_before_are_said_so_beside_those_earned() {
    let dir = tempfile::tempdir().expect("tempdir");
    let brask = "Sergeant Brask";
    let mut kept = band();
    kept.characters
        .iter_mut()
        .find(|c| c.name == brask)
        .expect("Brask")
        .advance_points = 2;
    let h = window_on(dir.path(), kept, |c| mission_played(c, &[brask]));
    let c = the_campaign(&h);
    let d = c.debrief.as_ref().expect("debrief");
    let id = |name: &str| crate::common::char_id(&c, name);
    assert!(!d.earned.contains(&id(brask)), "out of action: no point");
    assert!(d.earned.contains(&id(VAEL)));
    let from_before = |name: &str| {
        h.query_all_by_label_contains(&format!("{name} earned no point in this mission"))
            .next()
            .is_some()
    };
    assert!(
        shown(
            &h,
            "Sergeant Brask earned no point in this mission: the 2 advance points to place are ones he kept from before."
        ),
        "said whole"
    );
    assert!(!from_before(VAEL));
}
