//! Co-op through the campaign's widgets (CMP-16): the recruitment budget
//! set up in the settings, and the "Who acts first" card at the table.

use std::path::Path;

use crate::common::button;
use crate::common::rules;
use crate::common::the_campaign;
use crate::common::type_into;
use crate::rules::campaign::coop::{app, start, two_players};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use muster::app::{Command, Screen};
use muster::rules::campaign::queries;
use muster::rules::campaign::{
    Budget, Campaign, CampaignEdit as E, EscortId, Member, MissionChoice, NewEscort, Phase,
};
use muster::rules::campaign::{PreparationEdit, SetupEdit, TableEdit};
use muster::rules::core::dice::seeded;
use muster::rules::{Character, Doc, Document, RulesData};
use muster::store::Store;
use muster::ui::Gui;

fn harness(dir: &Path) -> Harness<'static, Gui> {
    crate::common::window_on(dir).seed(11).open()
}

fn save_band(dir: &Path) {
    let band = crate::common::example_band();
    Store::open(dir)
        .expect("store")
        .save(&Doc::new(band))
        .expect("save");
}

#[test]
fn cmp_16_the_recruitment_budget_is_set_up_with_its_warning() {
    let dir = tempfile::tempdir().expect("tempdir");
    save_band(dir.path());
    let mut h = harness(dir.path());
    type_into(&mut h, "Name of the new roster or team", "Two Hunters");
    button(&mut h, "Create campaign");
    assert_eq!(the_campaign(&h).settings.budget, Budget::Split);
    assert!(
        h.query_all_by_label_contains("can badly unbalance")
            .next()
            .is_none()
    );
    // The standard budget per player: the enemy multiplied, and warned of.
    h.get_by_label("Standard budget per player, enemy × players")
        .click();
    h.run();
    assert_eq!(the_campaign(&h).settings.budget, Budget::PerPlayer);
    assert!(
        h.query_all_by_label_contains("can badly unbalance many scenarios")
            .next()
            .is_some()
    );
    // A budget set: each escort's cost is shown against it.
    h.get_by_role_and_label(Role::CheckBox, "Set a budget")
        .click();
    h.run();
    assert_eq!(the_campaign(&h).settings.recruitment_budget, Some(200));
    type_into(&mut h, "Player", "Camille");
    h.get_by_label("Roster or kill team").click();
    h.run();
    h.get_by_label("Inquisitor Vael's retinue (Roster)").click();
    h.run();
    button(&mut h, "Add the escort");
    let c = the_campaign(&h);
    let cost = queries::mustering(&c)
        .cost(EscortId(1), &h.state().app.model.rules)
        .expect("priced");
    let word = if cost > 200 { "Over" } else { "Within" };
    assert!(
        h.query_all_by_label_contains(&format!("{word} budget: {cost} of 200 points"))
            .next()
            .is_some()
    );
    // Back to the split: the warning goes.
    h.get_by_label("Split evenly among the players").click();
    h.run();
    assert_eq!(the_campaign(&h).settings.budget, Budget::Split);
    assert!(
        h.query_all_by_label_contains("can badly unbalance")
            .next()
            .is_none()
    );
}

/// A campaign of one escort of one character per player, started.
fn started(id: &str, players: &[(&str, &str)], budget: Budget, r: &RulesData) -> Campaign {
    let mut rng = seeded(5);
    let mut c = Campaign::new(id, id, &r.campaign);
    let mut go = |c: &Campaign, e: E| {
        c.apply(e.clone(), r, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0
    };
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    s.budget = budget;
    c = go(&c, E::Setup(SetupEdit::SetSettings { settings: s }));
    for (player, who) in players {
        c = go(
            &c,
            E::Setup(SetupEdit::AddEscort {
                escort: NewEscort {
                    player: (*player).into(),
                    source: "Band".into(),
                    kind: muster::rules::campaign::EscortKind::Band,
                    members: vec![Member::Character(Character::new(0, *who, "human"))],
                    doc: None,
                },
            }),
        );
    }
    go(
        &c,
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
    )
}

/// A campaign of two players at the table of its first mission.
fn at_the_table(r: &RulesData) -> Campaign {
    let c = started(
        "duo",
        &[("Anne", "Ada"), ("Ben", "Bo")],
        Budget::PerPlayer,
        r,
    );
    c.apply(
        E::Preparation(PreparationEdit::BeginMission),
        r,
        &mut seeded(5),
    )
    .expect("the mission begins")
    .0
}

#[test]
fn cmp_16_who_acts_first_is_tested_at_the_table_and_undone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let c = at_the_table(r);
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(c.clone()))
        .expect("save");
    let mut h = harness(dir.path());
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    assert_eq!(the_campaign(&h).phase, Phase::Playing);
    assert!(h.query_by_label("Who acts first").is_some());
    // The enemy's points are multiplied by the two players, and said so.
    assert!(
        h.query_all_by_label_contains("Enemy × 2 players")
            .next()
            .is_some()
    );
    // Anne's die typed in from real dice; Ben's and the enemy's rolled.
    type_into(&mut h, "Initiative die (D6) — Anne", "6");
    button(&mut h, "Test initiative");
    let init = the_campaign(&h)
        .table
        .and_then(|t| t.initiative)
        .expect("tested");
    assert_eq!(init.turn, 1);
    assert_eq!(init.order.len(), 3);
    let anne = init
        .order
        .iter()
        .find(|s| s.escort == Some(EscortId(1)))
        .expect("Anne");
    assert_eq!(anne.faces()[0], 6);
    assert!(
        h.query_by_label("Turn 1: the order of activation")
            .is_some()
    );
    assert!(h.query_all_by_label("Acts first").next().is_some());
    let first = &init.order[0];
    let who = match first.escort {
        Some(EscortId(1)) => "Anne",
        Some(_) => "Ben",
        None => "The enemy",
    };
    assert!(
        h.query_all_by_label_contains(&format!("1. {who} — "))
            .next()
            .is_some()
    );
    // The next turn, then an undo back to turn 1.
    button(&mut h, "Test initiative");
    assert_eq!(
        the_campaign(&h)
            .table
            .and_then(|t| t.initiative)
            .map(|i| i.turn),
        Some(2)
    );
    h.state_mut().app.apply(Command::Undo);
    h.run();
    assert_eq!(
        the_campaign(&h)
            .table
            .and_then(|t| t.initiative)
            .map(|i| i.turn),
        Some(1)
    );
    // A new turn is tested again: the last turn's order is no longer
    // shown as this one's.
    h.state_mut().app.apply(Command::Edit(
        muster::rules::DocKey::of::<muster::rules::campaign::Campaign>(c.id.clone()),
        muster::rules::Edit::new(E::Table(TableEdit::NewTurn { gain: None })),
    ));
    h.run();
    assert!(
        h.query_by_label("Turn 1: the order of activation")
            .is_none()
    );
    assert!(
        h.query_by_label("Turn 2: the order of activation")
            .is_none()
    );
    h.state_mut().app.apply(Command::Undo);
    h.run();
    assert!(
        h.query_by_label("Turn 1: the order of activation")
            .is_some()
    );
    // A face the die does not have is refused before it is sent.
    type_into(&mut h, "Initiative die (D6) — Ben", "9");
    assert!(h.query_by_label("Type a number from 1 to 6").is_some());
    let journal = the_campaign(&h).journal.len();
    button(&mut h, "Test initiative");
    assert_eq!(the_campaign(&h).journal.len(), journal);
}

/// Three players' figures are too wide for one row of a small window: the
/// header's cards go to the next line whole instead of running out of it.
#[test]
fn the_header_figures_of_three_players_stay_in_a_small_window() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = rules();
    let players = [
        ("Annabelle", "Ada"),
        ("Benedict", "Bo"),
        ("Clementine", "Cy"),
    ];
    let c = started("trio", &players, Budget::Split, r);
    let width = 900.0;
    let h = crate::common::window_on(dir.path())
        .seed(11)
        .size(width, 1400.0)
        .on_campaign(&c)
        .open();
    let figures: Vec<_> = [
        "Victory points",
        "Reinforcement points",
        "Fate points",
        "Missions played",
    ]
    .into_iter()
    .map(|what| {
        h.query_all_by_label_contains(&format!("{what}: "))
            .next()
            .unwrap_or_else(|| panic!("{what}"))
            .rect()
    })
    .collect();
    for f in &figures {
        assert!(f.max.x <= width, "{f:?} runs out of the window");
    }
    // The fate points went under the others, from the row's start, and the
    // missions played beside them.
    assert!(figures[2].min.y >= figures[0].max.y, "{figures:?}");
    assert!(figures[2].min.y < figures[0].max.y + 20.0, "{figures:?}");
    assert!(
        (figures[2].min.x - figures[0].min.x).abs() < 1.0,
        "{figures:?}"
    );
    assert!(
        (figures[3].min.y - figures[2].min.y).abs() < 1.0,
        "{figures:?}"
    );
    // And what follows the header comes right under it.
    let tab = h.get_by_label("Overview").rect();
    let bottom = figures.iter().map(|f| f.max.y).fold(0.0, f32::max);
    assert!(
        tab.min.y > bottom && tab.min.y < bottom + 200.0,
        "{tab:?} under {figures:?}"
    );
}

#[test]
fn cmp_16_the_dashboard_names_whose_reinforcement_and_fate_points_are_whose() {
    // Two players with split reinforcements: each number has its player's
    // name before it, so a glance tells them apart.
    let r = rules();
    let c = start(&two_players(&["Al"], r), r);
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("coop.json");
    std::fs::write(&file, muster::store::document::to_json(&c).expect("json")).expect("write");
    let mut app = app(dir.path());
    app.apply(Command::Import(file));
    let id = app
        .model
        .library
        .docs
        .iter()
        .find_map(|d| d.get::<Campaign>())
        .expect("imported")
        .id
        .clone();
    app.apply(Command::Show(muster::app::Screen::Campaign(id)));
    let mut h = crate::common::window(app, 1200.0, 900.0);
    h.run();
    use egui_kittest::kittest::Queryable as _;
    let fate = c.escorts[0].fate_points;
    assert!(
        h.query_by_label(&format!("Anne {fate} · Ben {fate}"))
            .is_some(),
        "fate points by player"
    );
    let rp = |i: usize| c.escorts[i].reinforcement;
    assert!(
        h.query_by_label(&format!("Anne {} · Ben {}", rp(0), rp(1)))
            .is_some(),
        "reinforcement points by player"
    );
}

/// CMP-16: each side's place in the order says the dice it rolled, first
/// to last, not bare numbers.
#[test]
fn cmp_16_the_order_says_the_dice_each_side_rolled() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = at_the_table(rules());
    Store::open(dir.path())
        .expect("store")
        .save(&Doc::new(c.clone()))
        .expect("save");
    let mut h = harness(dir.path());
    h.state_mut()
        .app
        .apply(Command::Show(Screen::Campaign(c.id.clone())));
    h.run();
    type_into(&mut h, "Initiative die (D6) — Anne", "6");
    button(&mut h, "Test initiative");
    assert!(
        h.query_all_by_label_contains("Anne — rolled 6")
            .next()
            .is_some()
    );
}
