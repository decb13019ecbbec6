//! The campaign's setup, where a player first meets Cran: what it is, said
//! in a sentence beside its die (CMP-9, CMP-11), in both languages.

use egui_kittest::kittest::Queryable as _;
use muster::app::Command;
use muster::i18n::Lang;
use muster::rules::Document as _;
use muster::rules::campaign::Campaign;

#[test]
fn cmp_9_cran_is_explained_where_the_setup_first_shows_it() {
    for lang in Lang::ALL {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = crate::common::window_on(dir.path())
            .lang(lang)
            .size(1024.0, 2000.0)
            .open();
        h.run();
        h.state_mut()
            .app
            .apply(Command::Create(Campaign::KIND, "Tertius".to_owned()));
        h.run();
        h.run();
        assert!(
            h.query_by_label(lang.t("campaign.ui.cran_die")).is_some(),
            "{}: the Cran die is set here",
            lang.code()
        );
        let explained = lang.t("campaign.ui.cran_explained");
        assert!(
            h.query_by_label(explained).is_some(),
            "{}: {explained}",
            lang.code()
        );
    }
    // The sentence says what the test does, in words.
    assert!(
        Lang::En
            .t("campaign.ui.cran_explained")
            .contains("taken out of action")
    );
    assert!(
        Lang::Fr
            .t("campaign.ui.cran_explained")
            .contains("mis hors de combat")
    );
}

/// Adding an escort: the combo of the roster or kill team keeps its width
/// whichever is picked, so "Add the escort" beside it stays under the
/// mouse (it moved and the next click reopened the combo).
#[test]
fn picking_the_escorts_source_never_moves_add_the_escort() {
    use muster::rules::Doc;
    use muster::store::Store;
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let mut band = crate::common::example_band();
        band.name = "Vael".into();
        let mut team = crate::common::example_team();
        team.name = "The Hark Raiders of the Tertius underhive".into();
        let store = Store::open(dir.path()).expect("store");
        store.save(&Doc::new(band)).expect("save");
        store.save(&Doc::new(team)).expect("save");
    }
    let mut h = crate::common::window_on(dir.path())
        .size(1024.0, 2000.0)
        .open();
    h.run();
    h.state_mut()
        .app
        .apply(Command::Create(Campaign::KIND, "Tertius".to_owned()));
    h.run();
    h.run();
    let before = h
        .get_by_role_and_label(egui::accesskit::Role::Button, "Add the escort")
        .rect();
    // The kill team's long name picked: the combo does not widen.
    crate::common::pick(&mut h, "Roster or kill team", "(Kill team)");
    assert!(h.query_all_by_label_contains("underhive").next().is_some());
    let long = h
        .get_by_role_and_label(egui::accesskit::Role::Button, "Add the escort")
        .rect();
    assert_eq!(before, long);
}
