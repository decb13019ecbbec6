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

/// The mission's card sends the players to the enemies' cards where they
/// are: "below" at the table, where the cards follow it; by the tab's name
/// on the Overview, where they do not; in French and in English.
#[test]
fn the_mission_card_says_where_the_enemies_cards_are() {
    use egui::accesskit::Role;
    let c = crate::common::example_campaign_at_the_table(crate::common::rules());
    for (lang, below, on_tab, overview) in [
        (
            Lang::Fr,
            "chacun a sa carte ci-dessous",
            "dans l'onglet « À la table »",
            "Vue d'ensemble",
        ),
        (
            Lang::En,
            "each has its card below",
            "on the “At the table” tab",
            "Overview",
        ),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .on_campaign(&c)
            .open();
        h.run();
        assert!(h.query_by_label_contains(below).is_some(), "{lang:?}");
        assert!(h.query_by_label_contains(on_tab).is_none(), "{lang:?}");
        h.get_by_role_and_label(Role::Tab, overview).click();
        h.run();
        assert!(h.query_by_label_contains(on_tab).is_some(), "{lang:?}");
        assert!(h.query_by_label_contains(below).is_none(), "{lang:?}");
    }
}
