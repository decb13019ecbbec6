//! The character editor driven through its widgets: a character built,
//! a maximum hit, undo and redo, found again after a restart; psychic
//! powers gated in the editor; a random hero and its dice.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::i18n::Lang;
use muster::rules::Characteristic as C;
use muster::ui::Gui;

use crate::common::{AllRosters as _, Shown as _};

use crate::common::{create_named, type_into};
use crate::ui::{app, harness};

fn kal_s(h: &Harness<'_, Gui>) -> i32 {
    let model = &h.state().app.model;
    let roster = &model.all_rosters()[0];
    roster.characters[0]
        .profile(&model.rules)
        .expect("profile")
        .get(C::S)
}

/// A new roster with one new character, shown in the editor with `points`
/// advance points.
fn new_character_with(dir: &std::path::Path, points: f64) -> Harness<'static, Gui> {
    new_character_in(dir, points, Lang::En)
}

/// [`new_character_with`] in `lang`.
fn new_character_in(dir: &std::path::Path, points: f64, lang: Lang) -> Harness<'static, Gui> {
    let fr = lang == Lang::Fr;
    let mut h = harness(app(dir, lang));
    h.run();
    let create = if fr {
        "Créer la liste"
    } else {
        "Create roster"
    };
    h.get_by_role_and_label(Role::Button, create).click();
    h.run();
    let add = if fr {
        "Ajouter le personnage"
    } else {
        "Add character"
    };
    h.get_by_role_and_label(Role::Button, add).click();
    h.run();
    let points_label = if fr {
        "Points d'avancement"
    } else {
        "Advance points"
    };
    h.get_by_label(points_label).set_value_accesskit(points);
    h.run();
    h
}

#[test]
fn build_a_character_hit_a_maximum_undo_redo_and_find_it_after_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();

    // Create a roster.
    create_named(&mut h, "Create roster", "Night Raiders");
    assert_eq!(h.state().app.model.all_rosters().len(), 1);
    assert_eq!(h.state().app.model.all_rosters()[0].name, "Night Raiders");
    assert!(matches!(h.state().app.model.screen, Screen::Roster(_)));

    // Add a character.
    type_into(&mut h, "Character name", "Brother Kal");
    h.get_by_role_and_label(Role::Button, "Add character")
        .click();
    h.run();
    assert!(matches!(
        h.state().app.model.screen,
        Screen::Character(_, _)
    ));
    assert_eq!(
        h.state().app.model.all_rosters()[0].characters[0].name,
        "Brother Kal"
    );

    // No points yet: + is disabled and says so (CHR-7).
    assert!(
        h.query_by_label_contains("CHR-7").is_some()
            || h.query_by_label_contains("0 left").is_some()
    );

    // Give him 5 advance points.
    h.get_by_label("Advance points").set_value_accesskit(5.0);
    h.run();
    assert_eq!(
        h.state().app.model.all_rosters()[0].characters[0].advance_points,
        5
    );
    assert!(h.query_by_label_contains("5 left").is_some());

    // Spend on S up to the human maximum of 4, then the + refuses (CHR-3).
    h.get_by_role_and_label(Role::Button, "Raise S").click();
    h.run();
    assert_eq!(kal_s(&h), 4);
    assert!(h.query_by_label_contains("4 left").is_some());
    // The value raised is marked with how much, in words as well.
    assert!(h.query_by_label("4 (+1)").is_some(), "S 4, raised by 1");
    h.get_by_role_and_label(Role::Button, "Raise S").click();
    h.run();
    assert_eq!(kal_s(&h), 4, "the disabled + does nothing");
    // The row names the rule; hovering the + gives the whole reason.
    assert!(
        h.query_by_label_contains("CHR-3: at his race's maximum, 4")
            .is_some()
    );
    h.get_by_role_and_label(Role::Button, "Raise S").hover();
    h.run();
    assert!(
        h.query_by_label_contains("CHR-3: Brother Kal: S cannot go above 4")
            .is_some()
    );

    // Undo and redo, with the keyboard and the menu.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(kal_s(&h), 3);
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run();
    assert_eq!(kal_s(&h), 4);
    h.get_by_role_and_label(Role::Button, "Edit").click();
    h.run();
    h.get_by_label_contains("Undo spend advance point").click();
    h.run();
    assert_eq!(kal_s(&h), 3);
    h.get_by_role_and_label(Role::Button, "Edit").click();
    h.run();
    h.get_by_label_contains("Redo spend advance point").click();
    h.run();
    assert_eq!(kal_s(&h), 4);
    // Once the writer is done, the status says so.
    h.state_mut().app.flush_saves();
    h.run();
    assert!(h.query_by_label("All changes saved").is_some());

    // Close and rebuild the app on the same data directory.
    drop(h);
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    assert!(
        h.query_by_label("Night Raiders").is_some(),
        "the roster is listed"
    );
    assert_eq!(kal_s(&h), 4);
    h.get_by_label("Night Raiders").click();
    h.run();
    assert!(h.query_by_label("Brother Kal").is_some());
}

#[test]
fn psychic_gating_in_the_editor() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = new_character_with(dir.path(), 6.0);
    for _ in 0..2 {
        h.get_by_role_and_label(Role::Button, "Raise WP").click();
        h.run();
    }
    // WP 9: without psychic powers, CHR-4 stops the +.
    assert!(h.query_by_label_contains("CHR-4").is_some());
    h.get_by_role_and_label(Role::CheckBox, "Psychic powers")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Raise WP").click();
    h.run();
    let wp = {
        let m = &h.state().app.model;
        m.all_rosters()[0].characters[0]
            .profile(&m.rules)
            .expect("profile")
            .get(C::WP)
    };
    assert_eq!(wp, 10);
    // Taking the powers away now is refused, and the log says why (CHR-16).
    h.get_by_role_and_label(Role::CheckBox, "Psychic powers")
        .click();
    h.run();
    assert!(h.state().app.model.all_rosters()[0].characters[0].psychic);
    // (The power-card title names CHR-16 too: look for the refusal's line,
    // in the log and beside the checkbox.)
    assert!(h.query_all_by_label_contains("CHR-16: ").count() >= 2);
    let beside = h.get_by_role(Role::Alert);
    assert!(
        egui_kittest::kittest::NodeT::accesskit_node(&beside)
            .label()
            .is_some_and(|l| l.contains("CHR-16: "))
    );
}

#[test]
fn random_hero_shows_its_dice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_role_and_label(Role::Button, "Create roster")
        .click();
    h.run();
    h.get_by_label_contains("Random hero (1D6)").click();
    h.run();
    let m = &h.state().app.model;
    let c = &m.all_rosters()[0].characters[0];
    assert!(c.validate(&m.rules).is_empty());
    let log = &m.feedback.messages.last().expect("a log line").shown();
    assert!(log.contains("(D6: "), "{log}");
    assert!(log.contains("Advance dice (D20)"), "{log}");
    assert!(
        h.query_by_label_contains("(D6: ").is_some(),
        "the dice are shown"
    );
}

/// A roster with one character, his editor open; his roster and id.
fn one_character(h: &mut Harness<'_, Gui>) -> (String, muster::rules::CharacterId) {
    h.run();
    h.get_by_role_and_label(Role::Button, "Create roster")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Add character")
        .click();
    h.run();
    match &h.state().app.model.screen {
        Screen::Character(id, cid) => (id.clone(), *cid),
        other => panic!("{other:?}"),
    }
}

/// CHR-6, CHR-10: the type and the level whose points are rolled each say
/// in a line what they change, and change it when changed.
#[test]
fn the_type_and_the_hero_level_say_what_they_change() {
    use muster::app::Command;
    use muster::rules::CharacterEdit;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    let (id, cid) = one_character(&mut h);
    assert!(
        h.query_all_by_label_contains("No type: the race's profile as it is")
            .next()
            .is_some()
    );
    assert!(
        h.query_all_by_label_contains("Rolls 1D6 advance points, those of a Champion")
            .next()
            .is_some()
    );
    h.state_mut().app.apply(Command::character(
        &id,
        cid,
        CharacterEdit::SetType(Some("major_hero".to_owned())),
    ));
    h.run();
    assert!(
        h.query_all_by_label_contains(
            "A Major hero adds +3 WS, +3 BS, +1 S, +1 T, +2 W, +3 I, +2 A, +2 Ld, +2 Int, +2 Cl, +2 WP to the race's profile (CHR-6) and counts for 23 advance points"
        )
        .next()
        .is_some()
    );
    assert!(h.query_all_by_label_contains("No type:").next().is_none());
}

/// CHR-7: with no point to spend, and then with every characteristic at
/// its maximum, an alert under the profile says so in words.
#[test]
fn the_editor_says_up_front_when_nothing_is_left_to_raise() {
    use muster::app::Command;
    use muster::rules::CharacterEdit;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    let (id, cid) = one_character(&mut h);
    assert!(
        h.query_by_label_contains("No advance point left to spend (0 spent)")
            .is_some()
    );
    for e in [
        CharacterEdit::SetType(Some("major_hero".to_owned())),
        CharacterEdit::SetPsychic(true),
        CharacterEdit::SetAdvancePoints(200),
    ] {
        h.state_mut().app.apply(Command::character(&id, cid, e));
    }
    h.run();
    assert!(h.query_by_label_contains("No advance point left").is_none());
    assert!(h.query_by_label_contains("Nothing left to raise").is_none());
    // Every characteristic raised until a maximum stops it.
    for ch in C::ALL.into_iter().filter(|&c| c != C::M) {
        for _ in 0..12 {
            h.state_mut()
                .app
                .apply(Command::character(&id, cid, CharacterEdit::Spend(ch)));
        }
    }
    h.run();
    let c = h.state().app.model.all_rosters()[0].characters[0].clone();
    assert!(c.points_left() > 0, "points are left: {}", c.points_left());
    assert!(
        h.query_by_label_contains(
            "Nothing left to raise: every characteristic is at its maximum for a Human (Major hero)"
        )
        .is_some()
    );
}

/// "Roll (1D6)" stays where it was when the rolled points make
/// the "no advance point left" alert go (it was above and the button
/// jumped 50 points up under the mouse).
#[test]
fn rolling_the_points_never_moves_the_roll_button() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    one_character(&mut h);
    assert!(h.query_by_label_contains("No advance point left").is_some());
    let roll = |h: &Harness<'_, Gui>| h.get_by_role_and_label(Role::Button, "Roll (1D6)").rect();
    let before = roll(&h);
    h.get_by_role_and_label(Role::Button, "Roll (1D6)").click();
    h.run();
    assert!(h.query_by_label_contains("No advance point left").is_none());
    assert_eq!(roll(&h), before);
}

/// Enter in the new character's name adds him, as "Add character" does.
#[test]
fn enter_in_the_character_s_name_adds_him() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    create_named(&mut h, "Create roster", "Night Raiders");
    type_into(&mut h, "Character name", "Brother Kal");
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    let roster = &h.state().app.model.all_rosters()[0];
    assert_eq!(roster.characters.len(), 1, "added by Enter");
    assert_eq!(roster.characters[0].name, "Brother Kal");
}

/// CHR-7: the advance points never go below those spent, and the field
/// says so beside it rather than only in the log.
#[test]
fn chr_7_advance_points_stop_at_those_spent_and_say_why_beside_the_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = new_character_with(dir.path(), 3.0);
    for _ in 0..2 {
        h.get_by_role_and_label(Role::Button, "Raise WP").click();
        h.run();
    }
    let points =
        |h: &Harness<'_, Gui>| h.state().app.model.all_rosters()[0].characters[0].advance_points;
    h.get_by_label("Advance points").set_value_accesskit(0.0);
    h.run();
    assert!(points(&h) >= 2, "never below the 2 spent");
    h.get_by_label("Advance points").set_value_accesskit(2.0);
    h.run();
    assert_eq!(points(&h), 2, "down to the 2 spent");
    assert!(
        h.query_by_label_contains("no fewer than the 2 spent")
            .is_some()
    );
}

/// CHR-11: a major hero's points are offered rolled at a major hero's
/// level, not at a champion's left from another character.
#[test]
fn chr_11_a_major_hero_s_points_are_offered_at_his_own_level() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_role_and_label(Role::Button, "Create roster")
        .click();
    h.run();
    h.get_by_label("Profile type").click();
    h.run();
    h.get_by_label_contains("Major hero").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Add character")
        .click();
    h.run();
    let c = &h.state().app.model.all_rosters()[0].characters[0];
    assert_eq!(c.type_id.as_deref(), Some("major_hero"));
    let level = h
        .get_by_label("Roll the points of a")
        .accesskit_node()
        .value()
        .map(|v| v.to_string())
        .unwrap_or_default();
    assert!(level.contains("Major hero"), "{level}");
}

/// CHR-3 in French: the row's reason is set with the French colon, a
/// space before it ("CHR-3 : au maximum de sa race, 4"), as every French
/// line is.
#[test]
fn chr_3_the_row_s_reason_takes_the_french_colon() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = new_character_in(dir.path(), 5.0, Lang::Fr);
    let raise = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .find(|l| l.starts_with("Augmenter F"))
        .expect("the + of S");
    h.get_by_role_and_label(Role::Button, &raise).click();
    h.run();
    assert!(
        h.query_by_label_contains("CHR-3 : au maximum de sa race, 4")
            .is_some(),
        "the French colon"
    );
    assert!(h.query_by_label_contains("CHR-3: ").is_none());
}

/// The level `Roll the points of a` shows on the screen, first found.
fn points_level(h: &Harness<'_, Gui>) -> String {
    h.get_all_by_label("Roll the points of a")
        .next()
        .and_then(|n| n.accesskit_node().value().map(|v| v.to_string()))
        .unwrap_or_default()
}

/// CHR-11: the add panel's random hero is rolled at the level of the
/// profile type chosen beside it, a major or a minor hero, as the editor
/// does; a level picked by hand afterwards stays.
#[test]
fn chr_11_the_add_panel_rolls_points_at_the_profile_type_chosen() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(app(dir.path(), Lang::En));
    h.run();
    h.get_by_role_and_label(Role::Button, "Create roster")
        .click();
    h.run();
    for kind in ["Major hero", "Minor hero"] {
        h.get_by_label("Profile type").click();
        h.run();
        h.get_by_label_contains(kind).click();
        h.run();
        assert!(
            points_level(&h).contains(kind),
            "{kind}: {}",
            points_level(&h)
        );
    }
    h.get_by_label("Roll the points of a").click();
    h.run();
    h.get_by_label_contains("Champion").click();
    h.run();
    assert!(
        points_level(&h).contains("Champion"),
        "{}",
        points_level(&h)
    );
}

/// CHR-11 with every characteristic the D20 table names at its maximum:
/// "Place the rest at random" is greyed, saying the points have nowhere to
/// go, rather than rolling nothing and logging "0 placed".
#[test]
fn chr_11_place_at_random_is_greyed_once_every_characteristic_is_at_its_maximum() {
    use muster::rules::Doc;
    let rules = crate::common::rules();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/rt-band.json"
    ))
    .expect("example");
    let mut band =
        muster::store::document::parse::<muster::rules::Roster>(&text, "band").expect("band");
    let vael = &mut band.characters[0];
    vael.advance_points = 200;
    vael.place_random(rules, &mut muster::rules::core::dice::seeded(1))
        .expect("placed");
    assert!(vael.points_left() > 0 && !vael.has_room_at_random(rules));
    let (id, who) = (band.id.clone(), vael.id);
    let dir = tempfile::tempdir().expect("tempdir");
    let store = muster::store::Store::open(dir.path()).expect("store");
    store.save(&Doc::new(band)).expect("save");
    let mut h = crate::common::window_on(dir.path())
        .showing(Screen::Character(id, who))
        .open();
    h.run();
    let place = h.get_by_role_and_label(Role::Button, "Place the rest at random");
    assert!(place.accesskit_node().is_disabled());
    place.hover();
    h.run();
    assert!(
        h.query_by_label_contains("there is nowhere to place these points")
            .is_some()
    );
}
