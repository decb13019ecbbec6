//! What a player reads says it in a player's words: a value Muster
//! assumes is named as a house rule, not as a file; a place on another
//! tab is named by its tab.

use egui_kittest::kittest::Queryable as _;
use muster::app::Screen;
use muster::i18n::Lang;

/// The Rogue Trader shooting odds say their numbers are house rules the
/// group may change, in English and in French, and name no file.
#[test]
fn rogue_trader_shooting_calls_its_numbers_house_rules() {
    for (lang, mode, said) in [
        (
            Lang::En,
            "Shooting (Rogue Trader)",
            "a house rule your group can change under House rules",
        ),
        (
            Lang::Fr,
            "Tir (Rogue Trader)",
            "une règle maison que votre groupe peut changer dans Règles maison",
        ),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .size(1280.0, 3000.0)
            .showing(Screen::Battle)
            .open();
        h.get_by_label(mode).click();
        h.run();
        assert!(h.query_by_label_contains(said).is_some(), "{lang:?}");
        assert!(h.query_by_label_contains("shooting.json").is_none());
    }
}

/// At the table, the mission's card (on the Overview too) sends the
/// players to the enemies' cards by the tab's name, in French and in
/// English, not "below".
#[test]
fn the_mission_card_names_the_tab_of_the_enemies_cards() {
    let c = crate::common::example_campaign_at_the_table(crate::common::rules());
    for (lang, said, not) in [
        (Lang::Fr, "dans l'onglet « À la table »", "ci-dessous"),
        (Lang::En, "on the “At the table” tab", "table below"),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .on_campaign(&c)
            .open();
        h.run();
        assert!(h.query_by_label_contains(said).is_some(), "{lang:?}");
        assert!(h.query_by_label_contains(not).is_none(), "{lang:?}");
    }
}
