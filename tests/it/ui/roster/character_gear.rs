//! UI tests of a character's equipment and psychic power cards in the
//! character editor: added by a field and Enter or a button, changed in
//! place, removed and undone; power cards for psykers only (CHR-16).

use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::i18n::Lang;
use muster::rules::{Character, Gear, GearKind, PowerCard};
use muster::ui::Gui;

use crate::common::AllRosters as _;
use crate::common::type_into;

fn harness(dir: &Path, lang: Lang) -> Harness<'static, Gui> {
    crate::common::window_on(dir)
        .lang(lang)
        .seed(42)
        .size(1200.0, 2200.0)
        .open()
}

fn vael(h: &Harness<'_, Gui>) -> Character {
    h.state().app.model.all_rosters()[0].characters[0].clone()
}

/// A roster with one character, his screen open.
fn open_character(h: &mut Harness<'_, Gui>, create: &str, add: &str) {
    h.run();
    h.get_by_role_and_label(Role::Button, create).click();
    h.run();
    h.get_by_role_and_label(Role::Button, add).click();
    h.run();
}

#[test]
fn chr_16_add_gear_and_a_power_card_in_the_editor_and_see_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), Lang::En);
    open_character(&mut h, "Create roster", "Add character");
    let name = vael(&h).name;

    // Not a psyker: the power card says why he holds none, and has no field.
    assert!(
        h.query_by_label_contains("has no psychic powers, so he holds no power cards (CHR-16)")
            .is_some()
    );
    assert!(h.query_by_label("New power card").is_none());
    assert!(
        h.query_by_label_contains("No equipment listed yet")
            .is_some()
    );

    // A melee weapon, added with Enter.
    h.get_by_label("Kind of the new item").click();
    h.run();
    h.get_by_label("melee weapon").click();
    h.run();
    type_into(&mut h, "New item", "Power sword");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(
        vael(&h).equipment,
        [Gear::new("Power sword", GearKind::Melee)]
    );
    assert!(h.query_by_label("Name of Power sword").is_some(), "listed");
    assert!(
        h.query_by_label_contains("In close combat he fights with Power sword (CC-4)")
            .is_some()
    );
    // …and armour with the button.
    type_into(&mut h, "New item", "Flak armour");
    h.get_by_role_and_label(Role::Button, "Add item").click();
    h.run();
    assert_eq!(vael(&h).equipment.len(), 2);

    // The sword's S, picked in its row (CC-11).
    h.get_by_label("S of Power sword").click();
    h.run();
    h.get_by_label("5").click();
    h.run();
    assert_eq!(vael(&h).equipment[0].strength, Some(5));

    // Psychic powers: the card field appears, and a card is added.
    h.get_by_role_and_label(Role::CheckBox, "Psychic powers")
        .click();
    h.run();
    type_into(&mut h, "New power card", "Smite");
    h.get_by_role_and_label(Role::Button, "Add power card")
        .click();
    h.run();
    assert_eq!(vael(&h).powers, [PowerCard::new("Smite")]);
    assert!(h.query_by_label("Name of Smite").is_some());
    h.get_by_role_and_label(Role::CheckBox, "Smite is lasting")
        .click();
    h.run();
    assert!(vael(&h).powers[0].lasting, "PSY-8");

    // Reorder, remove, and undo the removal.
    h.get_by_role_and_label(Role::Button, "Move up: Flak armour")
        .click();
    h.run();
    assert_eq!(vael(&h).equipment[0].name, "Flak armour");
    h.get_by_role_and_label(Role::Button, "Remove: Power sword")
        .click();
    h.run();
    assert_eq!(vael(&h).equipment.len(), 1);
    assert!(h.query_by_label("Name of Power sword").is_none());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(vael(&h).equipment.len(), 2);
    assert!(h.query_by_label("Name of Power sword").is_some());

    // Taking his psychic powers away keeps the card, with the problem
    // named by its rule.
    h.get_by_role_and_label(Role::CheckBox, "Psychic powers")
        .click();
    h.run();
    assert!(!vael(&h).psychic);
    assert!(
        h.query_by_label_contains(&format!("CHR-16: {name} holds 1 psychic power card"))
            .is_some()
    );
    assert!(
        h.query_by_label("Remove: Smite").is_some(),
        "still removable"
    );
}

#[test]
fn the_gear_and_power_cards_speak_french() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), Lang::Fr);
    open_character(&mut h, "Créer la liste", "Ajouter le personnage");
    assert!(
        h.query_by_label_contains("Cartes de pouvoir psychique (CHR-16)")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("il ne détient donc aucune carte")
            .is_some()
    );
    type_into(&mut h, "Nouvel objet", "Épée énergétique");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(vael(&h).equipment[0].name, "Épée énergétique");
    assert!(h.query_by_label("Type de Épée énergétique").is_some());
    assert!(h.query_by_label("Retirer : Épée énergétique").is_some());
}

#[test]
fn gear_picked_from_the_armoury_is_added_with_its_profile_and_counts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), Lang::En);
    open_character(&mut h, "Create roster", "Add character");

    // The list shows each entry's profile before it is chosen.
    h.get_by_role_and_label(Role::ComboBox, "Add from the armoury…")
        .click();
    h.run();
    let detail = h
        .get_by_label("Carapace armour")
        .accesskit_node()
        .description()
        .unwrap_or_default();
    assert_eq!(detail, "armour · save 4+");
    let sword = h
        .get_by_label("Power sword")
        .accesskit_node()
        .description()
        .unwrap_or_default();
    assert_eq!(sword, "melee weapon · S5 · save mod. -3 · damage 1");
    assert!(vael(&h).equipment.is_empty(), "nothing chosen yet");
    h.get_by_label("Carapace armour").click_accesskit();
    h.run();
    assert_eq!(
        vael(&h).equipment,
        [Gear {
            save: Some(4),
            ..Gear::new("Carapace armour", GearKind::Armour)
        }]
    );

    // A weapon, with its S and the rest of its profile in its values.
    h.get_by_role_and_label(Role::ComboBox, "Add from the armoury…")
        .click();
    h.run();
    h.get_by_label("Power sword").click_accesskit();
    h.run();
    let c = vael(&h);
    assert_eq!(c.equipment.len(), 2);
    assert_eq!(c.equipment[1].strength, Some(5));
    assert_eq!(c.equipment[1].save_modifier, Some(-3), "CC-12");
    assert_eq!(c.equipment[1].damage.as_deref(), Some("1"));
    assert_eq!(c.equipment[1].note, "", "its profile is in its values");

    // It counts where the engine reads it: in hand for close combat, with
    // his armour's save; the free typing is still there.
    assert!(
        h.query_by_label_contains("In close combat he fights with Power sword (CC-4)")
            .is_some()
    );
    assert_eq!(
        muster::rules::characters::equipment::armour_save(&c.equipment),
        Some(4)
    );
    assert!(h.query_by_label("New item").is_some());
}

/// Types into a row's field and commits it with Enter.
fn retype_and_enter(h: &mut Harness<'_, Gui>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.key_press(egui::Key::Backspace);
    h.run();
    if !text.is_empty() {
        h.get_by_label(label).type_text(text);
        h.run();
    }
    h.key_press(egui::Key::Enter);
    h.run();
}

#[test]
fn cc_12_a_weapon_s_own_save_modifier_is_typed_in_its_row() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), Lang::En);
    open_character(&mut h, "Create roster", "Add character");
    h.get_by_label("Kind of the new item").click();
    h.run();
    h.get_by_label("melee weapon").click();
    h.run();
    type_into(&mut h, "New item", "Power axe");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(vael(&h).equipment[0].save_modifier, None, "by the blow's S");
    // Typed: the weapon's own, and the weapon in hand brings it (CC-12).
    retype_and_enter(&mut h, "Save modifier of Power axe", "-2");
    let c = vael(&h);
    assert_eq!(c.equipment[0].save_modifier, Some(-2));
    let hand = muster::rules::characters::equipment::in_hand(&c.equipment).expect("in hand");
    assert_eq!(hand.save_modifier, Some(-2));
    // Not a modifier: refused, saying why; the value stays.
    retype_and_enter(&mut h, "Save modifier of Power axe", "sharp");
    assert_eq!(vael(&h).equipment[0].save_modifier, Some(-2));
    assert!(
        h.query_by_label_contains("“sharp” is not a save modifier")
            .is_some()
    );
    retype_and_enter(&mut h, "Save modifier of Power axe", "3");
    assert_eq!(
        vael(&h).equipment[0].save_modifier,
        Some(-2),
        "out of range"
    );
    // Emptied: by the blow's S again, the message gone.
    retype_and_enter(&mut h, "Save modifier of Power axe", "");
    assert_eq!(vael(&h).equipment[0].save_modifier, None);
    assert!(
        h.query_by_label_contains("is not a save modifier")
            .is_none()
    );
    // Armour has no save modifier: its kind changed, the value goes.
    retype_and_enter(&mut h, "Save modifier of Power axe", "-1");
    h.get_by_label("Kind of Power axe").click();
    h.run();
    h.get_by_label("armour").click();
    h.run();
    assert_eq!(vael(&h).equipment[0].save_modifier, None);
    assert!(h.query_by_label("Save modifier of Power axe").is_none());
}

/// A pistol or ranged weapon shoots with its shooting profile: from the
/// armoury, the lasgun comes with its ranges and to-hit modifiers; a
/// weapon typed by hand gets its profile typed in its row's "Shooting"
/// button, a wrong range said in words and not taken, and undo takes a
/// field back.
#[test]
fn a_weapon_s_shooting_profile_comes_from_the_armoury_or_is_typed_in_its_row() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(dir.path(), Lang::En);
    open_character(&mut h, "Create roster", "Add character");
    h.get_by_role_and_label(Role::ComboBox, "Add from the armoury…")
        .click();
    h.run();
    h.get_by_label("Lasgun").click_accesskit();
    h.run();
    let lasgun = vael(&h).equipment[0].clone();
    assert_eq!(lasgun.range_inches, Some([12, 24]));
    assert_eq!(lasgun.to_hit, Some([1, 0]));
    assert!(lasgun.shoots());
    assert!(h.query_by_label("Shooting profile of Lasgun").is_some());

    // A weapon typed by hand: no range, it does not shoot yet.
    h.get_by_label("Kind of the new item").click();
    h.run();
    h.get_by_label("ranged weapon").click();
    h.run();
    type_into(&mut h, "New item", "Needle rifle");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(!vael(&h).equipment[1].shoots());
    h.get_by_label("Shooting profile of Needle rifle").click();
    h.run();
    retype_and_enter(
        &mut h,
        "Range of Needle rifle, short/long in inches",
        "24/12",
    );
    assert_eq!(vael(&h).equipment[1].range_inches, None, "refused");
    assert!(
        h.query_all_by_label_contains("“24/12” is not a range")
            .next()
            .is_some()
    );
    retype_and_enter(
        &mut h,
        "Range of Needle rifle, short/long in inches",
        "16/32",
    );
    retype_and_enter(&mut h, "Damage of Needle rifle", "d3");
    let rifle = vael(&h).equipment[1].clone();
    assert_eq!(rifle.range_inches, Some([16, 32]));
    assert_eq!(rifle.damage.as_deref(), Some("D3"));
    assert!(rifle.shoots());
    // Closed, then undone.
    h.key_press(egui::Key::Escape);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(vael(&h).equipment[1].damage, None, "undone");
    assert_eq!(vael(&h).equipment[1].range_inches, Some([16, 32]));
}

/// At 1024 wide, in English and in French, the equipment grid of the
/// example band's inquisitor (seven columns) keeps each row's buttons on
/// screen: the note field gives up the width the grid lacks, and "Remove"
/// is no longer cut by the window's edge.
#[test]
fn at_1024_wide_the_equipment_rows_keep_their_buttons_on_screen() {
    use muster::rules::Doc;
    for lang in Lang::ALL {
        let dir = tempfile::tempdir().expect("tempdir");
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/examples/rt-band.json"
        ))
        .expect("example");
        let band =
            muster::store::document::parse::<muster::rules::Roster>(&text, "band").expect("band");
        let (id, vael) = (band.id.clone(), band.characters[0].clone());
        let store = muster::store::Store::open(dir.path()).expect("store");
        store.save(&Doc::new(band)).expect("save");
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .seed(1)
            .size(1024.0, 2400.0)
            .open();
        h.run();
        h.state_mut()
            .app
            .apply(muster::app::Command::Show(muster::app::Screen::Character(
                id, vael.id,
            )));
        // The note's width follows the grid measured the frame before.
        h.run();
        h.run();
        for g in &vael.equipment {
            let remove = lang.f("list.remove_named", &[("item", &g.name)]);
            let node = h.get_by_role_and_label(Role::Button, &remove);
            let r = node.accesskit_node().raw_bounds().expect("bounds");
            assert!(
                r.x1 <= 1024.0 - 8.0,
                "{}: {remove:?} runs off the window: {r:?}",
                lang.code()
            );
        }
        crate::ui::buttons_fit(&h, 1024.0, lang.code());
    }
}

/// At 1024 wide in French, a character with a missile launcher (its whole
/// shooting profile in the table) and a power sword: the equipment table
/// scrolls sideways in its card if it must, and the page keeps the
/// window's width (the after-game card and the notes beside it, right of
/// the table, stay on screen).
#[test]
fn at_1024_wide_a_long_equipment_table_never_widens_the_page() {
    use muster::rules::Doc;
    use muster::rules::characters::equipment::{Gear, GearKind};
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/rt-band.json"
    ))
    .expect("example");
    let mut band =
        muster::store::document::parse::<muster::rules::Roster>(&text, "band").expect("band");
    let c = &mut band.characters[1];
    let mut launcher = Gear::new("Lance-missiles", GearKind::Ranged);
    launcher.strength = Some(8);
    launcher.save_modifier = Some(-6);
    launcher.range_inches = Some([20, 72]);
    launcher.to_hit = Some([0, 0]);
    launcher.damage = Some("D6".to_owned());
    launcher.note = "arme lourde ; tir soutenu ; une cible à la fois".to_owned();
    let mut sword = Gear::new("Épée énergétique", GearKind::Melee);
    sword.strength = Some(5);
    sword.save_modifier = Some(-3);
    c.equipment = vec![launcher, sword];
    let (id, who) = (band.id.clone(), c.id);
    let store = muster::store::Store::open(dir.path()).expect("store");
    store.save(&Doc::new(band)).expect("save");
    drop(store);
    let mut h = crate::common::window_on(dir.path())
        .lang(Lang::Fr)
        .seed(1)
        .size(1024.0, 2400.0)
        .open();
    h.run();
    h.state_mut()
        .app
        .apply(muster::app::Command::Show(muster::app::Screen::Character(
            id, who,
        )));
    h.run();
    h.run();
    let after = h
        .get_by_role_and_label(Role::Button, "Noter la partie (+1 point)")
        .rect();
    assert!(after.max.x <= 1024.0, "{after:?}");
    let right = h
        .query_all_by_role(Role::MultilineTextInput)
        .map(|n| n.rect().max.x)
        .fold(0.0_f32, f32::max);
    assert!(right <= 1024.0 - 8.0, "the notes field ends at {right}");
}
