//! The campaign's setup, where a player first meets Cran: what it is, said
//! in a sentence beside its die (CMP-9, CMP-11), in both languages.

use egui_kittest::kittest::Queryable as _;
use muster::app::Command;
use muster::i18n::Lang;
use muster::rules::DocKind as _;
use muster::rules::campaign::Campaign;

#[test]
fn cmp_9_cran_is_explained_where_the_setup_first_shows_it() {
    for lang in Lang::ALL {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h =
            crate::common::window(crate::common::app_in(dir.path(), lang, 5), 1024.0, 2000.0);
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
